/* SPDX-License-Identifier: MIT */
/* Heap games: the value sequence.
 *
 * G(n) is the mex over every way of removing k tokens and leaving 0 to 3
 * heaps.  All option values are xors of earlier values, so if every value so
 * far is below a power of two P, so is every option value, and the mex is at
 * most P: a stamp array of P + 1 entries is exact.
 *
 * Values are computed in stretches, one value at a time on the calling
 * thread or on two lanes (heap_threads.c), by the kernels of heap_kernel.h
 * at the width the values take; between stretches come the period checks
 * (heap_period.c), the choice of the sparse method's mask (heap_sparse.c)
 * and progress reports. */
#include <string.h>

#include "heap/heap_game.h"

#define PROGRESS_WORK (1u << 24)  /* options between progress reports */
#define MAX_VALUES ((uint64_t)UINT32_MAX)
#define WANT_BLOCK 64u            /* splits per block of the rare-value check */
#define WANT_MANY 16u             /* wanted values above which a block is read once */
#define FIRST_ROUND 256u          /* splits of each amount in the first round of the check */
#define MIN_SEGMENT 64u           /* values worth starting a second lane for */
#define LANES_FROM 4096u          /* below, values cost too little to share */
#define MAX_SEGMENT 8192u         /* values per segment of two lanes */

/* How many of the increasing heaps rare[0 .. count) are below m. */
static size_t rare_below(const uint32_t *rare, size_t count, uint64_t m)
{
    if (count == 0 || rare[count - 1] < m)
        return count; /* the usual case: m is the newest heap */
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (rare[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The rare heaps listed so far; the other lane may be adding one. */
static size_t rare_count(const grundy_heap_game *g)
{
    return (size_t)grundy__load_acquire(&g->nrare);
}

/* What the kernels share, whatever the width of the values. */

/* The least value from x on that is common (odd under the mask) and not
 * marked: no option has it. */
static uint32_t least_common(const grundy__mex *mx, uint32_t mask, uint32_t x)
{
    while (!grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x))
        x++;
    return x;
}

/* A wanted value x has been reached (values of two or four bytes): it is
 * wanted no more, nor listed among the last few, and it is marked. */
static inline void want_hit(grundy__heap_lane *L, uint32_t x)
{
    for (unsigned i = 0; i < L->nfew; i++) {
        if (L->few[i] == x) {
            L->few[i] = L->few[--L->nfew];
            break;
        }
    }
    L->want[x] = 0;
    grundy__mex_add(&L->mex, x);
}

/* The kernels' names are pasted together, out of sight of the renaming
 * that tools/amalgamate.py does for the single header, so they carry the
 * library's prefix themselves. */
#define VALUE_T uint8_t
#define KERNEL(name) grundy__heap_##name##_8
#define KERNEL_SCAN8
#include "heap/heap_kernel.h"
#undef VALUE_T
#undef KERNEL
#undef KERNEL_SCAN8
#define VALUE_T uint16_t
#define KERNEL(name) grundy__heap_##name##_16
#define KERNEL_SCAN16
#include "heap/heap_kernel.h"
#undef KERNEL_SCAN16
#undef VALUE_T
#undef KERNEL
#define VALUE_T uint32_t
#define KERNEL(name) grundy__heap_##name##_32
#include "heap/heap_kernel.h"
#undef VALUE_T
#undef KERNEL

/* Doubles the power of two above every value, and each lane's scratch. */
static int grow_mex(grundy_heap_game *g)
{
    grundy__heap_lanes_settle(g);
    size_t bound = (size_t)(g->pow2 * 2 + 1);
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++) {
        if ((i == 0 || g->lane[i].want != NULL) &&
            grundy__heap_lane_init(&g->lane[i], &g->alloc, bound) != GRUNDY_OK)
            return GRUNDY_ENOMEM;
    }
    g->pow2 *= 2;
    return GRUNDY_OK;
}

uint32_t grundy__heap_next_value(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    int sparse = g->sparse_active;
    switch (g->vals.width) {
    case 1: return sparse ? grundy__heap_sparse_8(g, L, n) : grundy__heap_plain_8(g, L, n);
    case 2: return sparse ? grundy__heap_sparse_16(g, L, n) : grundy__heap_plain_16(g, L, n);
    default: return sparse ? grundy__heap_sparse_32(g, L, n) : grundy__heap_plain_32(g, L, n);
    }
}

/* One more value on the calling thread, with everything it feeds: mex
 * room, width, histogram, rare list.  Every allocation comes first, so a
 * failure leaves the value uncounted everywhere (a retry computes it). */
static int compute_next(grundy_heap_game *g)
{
    if (g->vals.n >= MAX_VALUES)
        return GRUNDY_ELIMIT;
    if (g->vals.n == 0 && g->vals.width == 0)
        g->vals.width = 1;
    uint64_t n = g->vals.n;
    uint32_t v = n == 0 ? 0 : grundy__heap_next_value(g, &g->lane[0], n);
    int rc = GRUNDY_OK;
    if (v >= g->pow2)
        rc = grow_mex(g);
    int rare = grundy__heap_is_rare(g, n, v);
    /* Lane 1, still in a segment, reads the values and the rare list:
     * none may move while it does. */
    if (g->vals.n == g->vals.cap || (rare && g->nrare == g->cap_rare))
        grundy__heap_lanes_settle(g);
    if (rc == GRUNDY_OK && rare)
        rc = grundy__heap_rare_room(g, 1);
    if (rc == GRUNDY_OK && grundy__heap_sparse_possible(g))
        rc = grundy__heap_hist_room(g, v);
    if (rc == GRUNDY_OK)
        rc = grundy__values_append(&g->vals, &g->alloc, v);
    if (rc != GRUNDY_OK)
        return rc;
    if (grundy__heap_sparse_possible(g))
        g->hist[v]++;
    if (rare) {
        g->rare[g->nrare] = (uint32_t)n;
        grundy__store_release(&g->nrare, g->nrare + 1); /* lane 1 may read it */
    }
    return GRUNDY_OK;
}

/* Where the next stretch of values ends: at the count, a period check, a
 * choice of mask, or after about PROGRESS_WORK options. */
static uint64_t segment_stop(const grundy_heap_game *g, uint64_t count)
{
    uint64_t per_value = g->sparse_active ? 4096 : g->vals.n / 2 + 1;
    uint64_t len = PROGRESS_WORK / per_value;
    len = len < MIN_SEGMENT ? MIN_SEGMENT : len > MAX_SEGMENT ? MAX_SEGMENT : len;
    uint64_t stop = g->vals.n + len < count ? g->vals.n + len : count;
    if (g->detect && g->next_check > g->vals.n && g->next_check < stop)
        stop = g->next_check;
    if (grundy__heap_sparse_possible(g) && g->next_choice > g->vals.n && g->next_choice < stop)
        stop = g->next_choice;
    return stop;
}

/* Period checks, mask choices and progress, between stretches of values.
 * Returns 1 when a period is proved (the computation is over). */
static int between_values(grundy_heap_game *g, uint64_t count, int *rc)
{
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++) {
        if (i == 0 || !grundy__heap_lane1_busy(g)) {
            g->work += g->lane[i].work;
            g->lane[i].work = 0;
        }
    }
    if (g->detect && g->vals.n >= g->next_check) {
        if (g->engine.regularity != NULL && g->engine.regularity(g) > 0)
            return 1;
        g->next_check = g->vals.n + g->vals.n / 4 + 16;
    }
    if (grundy__heap_sparse_possible(g) && g->vals.n >= g->next_choice) {
        grundy__heap_lanes_settle(g); /* the mask and rare list change */
        *rc = grundy__heap_rechoose(g);
    }
    if (*rc == GRUNDY_OK && g->work >= PROGRESS_WORK) {
        g->work = 0;
        if (g->progress != NULL) {
            g->reporting = 1;
            if (g->progress(g->progress_user, g->vals.n, count) != 0)
                *rc = GRUNDY_ECANCELED;
            g->reporting = 0;
        }
    }
    return 0;
}

/* Computes the values up to stop on one thread (fewer on an error), or
 * fewer once they have cost PROGRESS_WORK options: segment_stop() guesses
 * a stretch's length from the heap size, as if a value cost n/2 options,
 * but a game that leaves three heaps (a hexadecimal code) pays some n^2/12,
 * and a stretch of 64 values at n = 30000 would keep the progress callback
 * waiting for seconds. */
static int run_one(grundy_heap_game *g, uint64_t stop)
{
    int rc = GRUNDY_OK;
    uint64_t work = g->lane[0].work;
    while (rc == GRUNDY_OK && g->vals.n < stop && g->lane[0].work - work < PROGRESS_WORK)
        rc = compute_next(g);
    return rc;
}

/* The values up to stop: on two lanes when they are ready, then on this
 * thread what they left (the value that stopped them, if any). */
static int run_segment(grundy_heap_game *g, uint64_t stop)
{
    if (g->engine.run != NULL)
        return g->engine.run(g, stop);
    int lanes = stop - g->vals.n >= MIN_SEGMENT && g->vals.n >= LANES_FROM
                    ? grundy__heap_lanes_ready(g)
                    : 0;
    double t0 = g->threads > 1 ? grundy__seconds() : 0.0;
    uint64_t start = g->vals.n;
    int rc = GRUNDY_OK;
    if (lanes < 0)
        rc = GRUNDY_ENOMEM;
    else if (lanes > 0)
        rc = grundy__heap_run_lanes(g, stop);
    if (rc == GRUNDY_OK && g->vals.n < stop)
        rc = lanes ? compute_next(g) : run_one(g, stop);
    if (g->threads > 1)
        grundy__heap_note_speed(g, lanes > 0, g->vals.n - start, grundy__seconds() - t0);
    return rc;
}

/* The bytes the values of a game take (with an all-but game's counts). */
static uint64_t values_bytes(const grundy_heap_game *g, uint64_t values)
{
    uint64_t counts = g->allbut.cap * 2 * sizeof(uint32_t);
    return values > (UINT64_MAX - counts) / g->vals.width ? UINT64_MAX
                                                          : values * g->vals.width + counts;
}

/* Whether count values may be computed within the memory cap; a game that
 * may prove a regularity before then is let go on (the table's growth
 * checks the cap again). */
static int within_cap(const grundy_heap_game *g, uint64_t count)
{
    if (g->limit == 0 || (g->detect && grundy__heap_provable(g)))
        return 1;
    return values_bytes(g, count) <= g->limit;
}

/* The values up to count, or until a period is proved. */
static int compute_to(grundy_heap_game *g, uint64_t count)
{
    if (g->periodic || count <= g->vals.n)
        return GRUNDY_OK;
    /* Lasker's Nim: its first values, then its closed form. */
    if (g->detect && grundy__heap_rules_lasker(&g->rules) && count > GRUNDY__HEAP_LASKER_FIRST) {
        int rc = compute_to(g, GRUNDY__HEAP_LASKER_FIRST);
        if (rc == GRUNDY_OK)
            grundy__heap_lasker_closed_form(g);
        return rc;
    }
    /* Past the table's limit only a proved period can answer. */
    if (count > MAX_VALUES && !(g->detect && grundy__heap_provable(g)))
        return GRUNDY_ELIMIT;
    if (!within_cap(g, count))
        return GRUNDY_ELIMIT;
    int rc = GRUNDY_OK;
    if (g->lane[0].mex.bound < g->pow2 + 1)
        rc = grow_mex(g);
    while (rc == GRUNDY_OK && g->vals.n < count) {
        rc = run_segment(g, segment_stop(g, count));
        if (rc == GRUNDY_OK && g->limit != 0 && values_bytes(g, g->vals.cap) > g->limit)
            rc = GRUNDY_ELIMIT;
        if (rc == GRUNDY_OK && between_values(g, count, &rc))
            break;
    }
    grundy__heap_lanes_end(g);
    return rc;
}

/* compute_to, with the message of a failure: what was asked, and how far
 * the values got.  The scan loops are chosen at the first call. */
int grundy__heap_general_compute(grundy_heap_game *g, uint64_t count)
{
    if (g->scan8 == NULL) {
        g->scan8 = grundy__scan8_best();
        g->scan16 = grundy__scan16_best();
#if GRUNDY__SCAN_VECTOR
        g->scan_bits = grundy__scan_bits_best();
        g->scan_bits8 = grundy__scan_bits8_best();
#endif
    }
    int rc = compute_to(g, count);
    unsigned long long want = count, have = g->vals.n;
    switch (rc) {
    case GRUNDY_OK: return rc;
    case GRUNDY_ELIMIT:
        if (count <= MAX_VALUES && g->limit != 0)
            return grundy__heap_fail(g, rc, "%llu values need at least %llu bytes, past the "
                                     "memory limit of %zu bytes, and no period is proved "
                                     "(%llu values computed)", want,
                                     (unsigned long long)values_bytes(g, count), g->limit, have);
        return grundy__heap_fail(g, rc, "%llu values: a table holds at most 2^32 - 1 and no "
                                 "period is proved (%llu values computed)", want, have);
    case GRUNDY_ECANCELED:
        return grundy__heap_fail(g, rc, "the progress callback stopped the computation at %llu "
                                 "of %llu values (those computed are kept)", have, want);
    case GRUNDY_ENOMEM:
        return grundy__heap_fail(g, rc, "out of memory computing value %llu of %llu", have, want);
    default:
        return grundy__heap_fail(g, rc, "computing value %llu of %llu failed", have, want);
    }
}

int grundy_heap_game_compute(grundy_heap_game *g, uint64_t count)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__heap_ready(g, "grundy_heap_game_compute");
    return rc != GRUNDY_OK ? rc : g->engine.compute(g, count);
}

int grundy__heap_compute_for(grundy_heap_game *g, uint64_t heap)
{
    if (heap < g->vals.n || g->periodic)
        return GRUNDY_OK;
    return g->engine.compute(g, heap == UINT64_MAX ? heap : heap + 1);
}

int grundy__heap_value_of(grundy_heap_game *g, uint64_t heap, uint64_t *value)
{
    int rc = grundy__heap_compute_for(g, heap);
    if (rc == GRUNDY_OK && !grundy__heap_value_wide(g, heap, value))
        rc = grundy__heap_fail(g, GRUNDY_ERANGE, "G(%llu) is past 2^64 - 1, the largest value "
                               "held", (unsigned long long)heap);
    if (rc != GRUNDY_OK)
        *value = 0;
    return rc;
}

int grundy__heap_ensure(grundy_heap_game *g, uint64_t heap)
{
    int rc = grundy__heap_compute_for(g, heap);
    if (rc == GRUNDY_OK && grundy__heap_value64(g, heap) > UINT32_MAX)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "G(%llu) is %llu, past 2^32 - 1: ask "
                                 "grundy_heap_game_value64 for it", (unsigned long long)heap,
                                 (unsigned long long)grundy__heap_value64(g, heap));
    return rc;
}

/* out[0 .. count) = the stored G(from), G(from + 1), ...: one loop per
 * width, so a range costs no switch per value. */
static void copy_stored(const grundy__values *v, uint64_t from, uint64_t count, uint32_t *out)
{
    switch (v->width) {
    case 1:
        for (uint64_t i = 0; i < count; i++)
            out[i] = v->p[from + i];
        break;
    case 2: {
        const uint16_t *p = (const uint16_t *)(const void *)v->p + from;
        for (uint64_t i = 0; i < count; i++)
            out[i] = p[i];
        break;
    }
    default:
        memcpy(out, (const uint32_t *)(const void *)v->p + from, (size_t)count * sizeof *out);
        break;
    }
}

/* out[0 .. count) = G(first), ... for known heaps: what the table holds,
 * then the periodic range as at most two pieces of the stored period (up to
 * its end, then one whole period) and copies of the period just written. */
static void fill_known(const grundy_heap_game *g, uint64_t first, uint64_t count, uint32_t *out)
{
    uint64_t done = 0;
    if (g->runs != NULL) { /* a subtraction game's runs (heap_sub_runs.c) */
        g->runs_fill(g, first, count, out);
        return;
    }
    if (first < g->vals.n) {
        done = g->vals.n - first < count ? g->vals.n - first : count;
        copy_stored(&g->vals, first, done, out);
    }
    if (done == count)
        return;
    uint64_t p = g->period, n0 = g->preperiod;
    if (g->saltus != 0) {
        /* One period, each value shifted by its own multiple of the saltus. */
        for (uint64_t k = 0; k < p && done < count; k++, done++)
            out[done] = (uint32_t)grundy__heap_value64(g, first + done);
    }
    uint64_t at = n0 + (first + done - n0) % p; /* the table holds n0 + p values at least */
    for (int piece = 0; piece < 2 && done < count && g->saltus == 0; piece++) {
        uint64_t k = n0 + p - at < count - done ? n0 + p - at : count - done;
        copy_stored(&g->vals, at, k, out + done);
        done += k;
        at = n0;
    }
    uint32_t s = (uint32_t)g->saltus; /* the caller checked every value fits */
    for (; done < count; done++)
        out[done] = out[done - p] + s;
}

int grundy_heap_game_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                            uint32_t *values)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (values == NULL && count > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_values: values is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_values");
    if (rc != GRUNDY_OK || count == 0)
        return rc;
    if ((uint64_t)count - 1 > UINT64_MAX - first)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "grundy_heap_game_values: %zu heaps from "
                                 "%llu pass 2^64 - 1", count, (unsigned long long)first);
    if (grundy__play_base(play) == GRUNDY_PLAY_MISERE)
        return grundy__heap_misere_values(g, play, first, count, values,
                                          "grundy_heap_game_values");
    uint64_t last = first + ((uint64_t)count - 1);
    rc = grundy__heap_ensure(g, last);
    /* With a saltus the largest value is among the last period's. */
    for (uint64_t i = 1; rc == GRUNDY_OK && g->saltus != 0 && i < count && i < g->period; i++)
        rc = grundy__heap_ensure(g, last - i);
    if (rc == GRUNDY_OK)
        fill_known(g, first, count, values);
    return rc;
}

int grundy_heap_game_value(grundy_heap_game *g, int play, uint64_t heap, uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_value: value is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_value");
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE)
        return grundy__heap_misere_values(g, play, heap, 1, value, "grundy_heap_game_value");
    if (rc == GRUNDY_OK)
        rc = grundy__heap_ensure(g, heap);
    if (rc == GRUNDY_OK)
        *value = grundy__heap_known_value(g, heap);
    return rc;
}

int grundy_heap_game_outcome(grundy_heap_game *g, int play, uint64_t heap)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_outcome");
    uint32_t v = 0;
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE) {
        rc = grundy__heap_misere_values(g, play, heap, 1, &v, "grundy_heap_game_outcome");
        return rc != GRUNDY_OK ? rc : v ? GRUNDY_N : GRUNDY_P;
    }
    if (rc == GRUNDY_OK)
        rc = grundy__heap_compute_for(g, heap);
    if (rc != GRUNDY_OK)
        return rc;
    return grundy__heap_value64(g, heap) != 0 ? GRUNDY_N : GRUNDY_P; /* saturated is not 0 */
}
