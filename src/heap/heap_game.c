/* Heap games: the value sequence, its proved period, and winning moves.
 *
 * G(n) is the mex over every way of removing k tokens and leaving 0 to 3
 * heaps.  All option values are xors of earlier values, so if every value so
 * far is below a power of two P, so is every option value, and the mex is at
 * most P: a stamp array of P + 1 entries is exact.
 *
 * Period detection (Guy and Smith): with t the most tokens removed, if
 * G(n + p) = G(n) for n0 <= n < need(n0, p) - p, the period holds forever,
 * where need = n0 + p + t without splits, 2 n0 + 2p + t with two-heap
 * splits and 3 n0 + 3p + t with three-heap ones (a split's largest part is at
 * least a half, or a third, of the heap, so it lies in the periodic range once
 * the heap is past that bound).  Checks run at geometric checkpoints, so their
 * cost stays a small fraction of the computation. */
#include <string.h>

#include "core/mex.h"
#include "core/sum.h"
#include "core/threads.h"
#include "heap/heap_rules.h"
#include "heap/heap_scan.h"
#include "heap/heap_values.h"

#define PROGRESS_WORK (1u << 24)  /* options between progress reports */
#define MAX_VALUES ((uint64_t)UINT32_MAX)
#define FIRST_MASK_CHOICE 256u    /* values computed plainly before a mask is chosen */
#define MAX_MASK 4096u            /* masks tried: below this, and below 2^bits of the values */
#define WANT_BLOCK 64u            /* splits per block of the rare-value check */
#define WANT_MANY 16u             /* wanted values above which a block is read once */
#define FIRST_ROUND 256u          /* splits of each amount in the first round of the check */
#define MAX_LANES 2u              /* values computed at once (see run_lanes) */
#define MIN_SEGMENT 64u           /* values worth starting a second lane for */
#define LANES_FROM 4096u          /* below, values cost too little to share */
#define MAX_SEGMENT 8192u         /* values per segment of two lanes */
#define HEAP_ABANDONED UINT32_MAX /* a lane gave up a value: the other one stopped */
#define LANES_GAIN 1.1            /* speed-up below which two lanes rest */
#define MAX_BACKOFF 1024u         /* most segments two lanes rest */
#define ABANDON_ROOM 1u           /* a value needs a new power of two */
#define ABANDON_LATE 2u           /* a lane waited too long for the other */
#define MAX_SPINS (1ul << 16)     /* reads of the other lane's progress before timing it */
#define MAX_LATE 0.002            /* seconds the other lane may be late before both stop */
#define MIN_TIMED_WORK 65536u     /* options in a segment worth timing */

/* What one thread needs of its own to compute a value: the mex marks and
 * the wanted rare values of the sparse method. */
typedef struct heap_lane {
    grundy__mex mex;
    unsigned char *want;  /* 2 * mex.bound entries: rare values still to be reached */
    grundy__want8 want8;  /* the same, while values take one byte */
    uint16_t few[GRUNDY__SCAN_FEW]; /* the last wanted values, two-byte values */
    unsigned nfew;
    uint32_t want_lo, want_c; /* want[] covers the values from want_lo to want_c */
    grundy__want_bits want_bits; /* instead of want[], where it can be */
    int bits;
    uint64_t work;        /* options examined */
    int waits;            /* G(n - 1) may be in progress on the other lane */
    /* Lanes write their fields all the time: keep each on cache lines of
     * its own (two, as processors fetch lines in pairs). */
    unsigned char apart[128];
} heap_lane;

struct grundy_heap_game {
    grundy_allocator alloc;
    grundy__heap_rules rules;
    grundy_progress_fn progress;
    void *progress_user;
    int reporting;       /* the progress callback runs: calls into the game are refused */
    int detect;

    grundy__values vals;
    uint64_t pow2;       /* a power of two above every value */
    unsigned threads;    /* the caller's setting */
    /* Whether two lanes pay: options per second of each way, lately. */
    double rate_one, rate_two;
    unsigned lanes_skip;    /* segments on one thread before lanes are tried again */
    unsigned lanes_backoff; /* the next such pause */
    uint64_t work;       /* options examined since the last report */
    uint64_t next_check;

    /* The sparse-space method (see grundy_heap_game_set_sparse). */
    int sparse_allowed;  /* the caller's choice */
    int sparse_active;   /* in use: the game splits in two and a good mask exists */
    uint32_t mask;
    uint32_t *rare;      /* heaps >= 1 whose value is rare, increasing */
    size_t cap_rare;
    uint32_t *split_k;   /* amounts k whose removal may leave two heaps, increasing */
    size_t nsplit;
    grundy__scan8_fn scan8;
    grundy__scan16_fn scan16;
    grundy__scan_bits_fn scan_bits; /* NULL without AVX-512 VBMI */
    grundy__scan_bits8_fn scan_bits8;
    uint64_t *hist;      /* heaps per value, for choosing the mask */
    size_t hist_len;
    uint64_t next_choice;

    unsigned char apart[128]; /* the fields above are read by both lanes */
    heap_lane lane[MAX_LANES]; /* lane[1] only with threads */
    /* While two lanes run: values 0 .. published - 1 are stored, and a lane
     * that must stop sets abandon (ABANDON_ROOM or ABANDON_LATE). */
    uint64_t published;
    uint64_t abandon;
    uint64_t started;    /* lane 1's thread is running */
    grundy__worker worker; /* lane 1's thread, during grundy_heap_game_compute */
    uint64_t nrare;      /* rare heaps listed, also shared by the lanes */

    int periodic;
    uint64_t period, preperiod;
};

static inline int grundy__odd_parity(uint32_t x)
{
#if defined(__GNUC__)
    return __builtin_parity(x);
#else
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return (int)(x & 1);
#endif
}

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

/* Waits until G(n - 1) is stored.  Returns 0 if the other lane stopped
 * first, or is so late (descheduled: more threads than free cores) that
 * this one stops both: spinning on would cost more than the lanes gain.
 * A short delay (a page fault, an interrupt, the lanes on one processor
 * until the system moves one) is only waited out. */
static int lane_wait(grundy_heap_game *g, const heap_lane *L, uint64_t n)
{
    if (!L->waits)
        return 1;
    double since = 0.0;
    for (unsigned long spins = 0; grundy__load_acquire(&g->published) < n; spins++) {
        if (grundy__load_acquire(&g->abandon))
            return 0;
        if (spins < MAX_SPINS || spins % 1024 != 0)
            continue;
        /* The lanes may share a processor for a while (a thread starts
         * beside its creator): let the other one run. */
        grundy__thread_yield();
        double now = grundy__seconds();
        if (since == 0.0)
            since = now;
        else if (now - since > MAX_LATE) {
            grundy__store_release(&g->abandon, ABANDON_LATE);
            return 0;
        }
    }
    return 1;
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

/* ---- creation ---------------------------------------------------------- */

static void lane_free(heap_lane *L, const grundy_allocator *a)
{
    grundy__mex_free(&L->mex, a);
    grundy__free(a, L->want);
    L->want = NULL;
}

/* Scratch for values below bound - 1; the wanted-value table needs twice
 * that: c, the least common value missing, is below 2 * pow2 (the mask has
 * no bit at pow2 or above, so pow2 + its lowest bit is common). */
static int lane_init(heap_lane *L, const grundy_allocator *a, size_t bound)
{
    heap_lane fresh;
    memset(&fresh, 0, sizeof fresh);
    if (grundy__mex_init(&fresh.mex, a, bound) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    fresh.want = (unsigned char *)grundy__calloc_array(a, 2 * bound, 1);
    if (fresh.want == NULL) {
        grundy__mex_free(&fresh.mex, a);
        return GRUNDY_ENOMEM;
    }
    fresh.work = L->work;
    lane_free(L, a);
    *L = fresh;
    return GRUNDY_OK;
}

static int heap_game_wrap(grundy_heap_game **out, grundy_allocator *a, grundy__heap_rules *r)
{
    grundy_heap_game *g = (grundy_heap_game *)grundy__alloc_array(a, 1, sizeof *g);
    if (g == NULL) {
        grundy__heap_rules_free(r, a);
        return GRUNDY_ENOMEM;
    }
    memset(g, 0, sizeof *g);
    g->alloc = *a;
    g->rules = *r;
    g->detect = 1;
    g->pow2 = 1;
    g->next_check = 32;
    g->sparse_allowed = 1;
    g->next_choice = FIRST_MASK_CHOICE;
    g->vals.width = 1;
    g->scan8 = grundy__scan8_best();
    g->scan16 = grundy__scan16_best();
    g->scan_bits = grundy__scan_bits_best();
    g->scan_bits8 = grundy__scan_bits8_best();
    /* The amounts whose removal may leave two heaps, for the sparse method. */
    g->split_k = (uint32_t *)grundy__alloc_array(a, (size_t)r->ndigits, sizeof *g->split_k);
    for (uint32_t k = 0; g->split_k != NULL && k < r->ndigits; k++) {
        if (r->digit[k] & HEAP_LEAVE_TWO)
            g->split_k[g->nsplit++] = k;
    }
    g->threads = 1;
    g->lanes_backoff = 1;
    if (g->split_k == NULL || lane_init(&g->lane[0], a, 2) != GRUNDY_OK) {
        grundy_heap_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

/* The common start of the constructors: out cleared, allocator checked. */
static int begin_new(grundy_heap_game **out, const grundy_allocator *alloc, grundy_allocator *a)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    return grundy__alloc_init(a, alloc);
}

int grundy_heap_game_new(grundy_heap_game **out, const char *name, const grundy_allocator *alloc,
                         size_t *errpos)
{
    grundy_allocator a;
    int rc = begin_new(out, alloc, &a);
    if (rc != GRUNDY_OK)
        return rc;
    if (name == NULL)
        return GRUNDY_EINVAL;
    grundy__heap_rules r;
    rc = grundy__heap_rules_parse(name, &a, &r, errpos, NULL, 0);
    if (rc != GRUNDY_OK)
        return rc;
    return heap_game_wrap(out, &a, &r);
}

int grundy_heap_game_parse_error(const char *name, char *buf, size_t cap)
{
    if (name == NULL || buf == NULL || cap == 0)
        return GRUNDY_EINVAL;
    grundy_allocator a;
    grundy__alloc_init(&a, NULL);
    grundy__heap_rules r;
    size_t pos = 0;
    int rc = grundy__heap_rules_parse(name, &a, &r, &pos, buf, cap);
    if (rc == GRUNDY_OK)
        grundy__heap_rules_free(&r, &a);
    if (rc == GRUNDY_ENOMEM)
        buf[0] = '\0';
    return rc;
}

int grundy_heap_game_new_subtraction(grundy_heap_game **out, const uint32_t *set, size_t n,
                                     const grundy_allocator *alloc)
{
    grundy_allocator a;
    int rc = begin_new(out, alloc, &a);
    if (rc != GRUNDY_OK)
        return rc;
    if (set == NULL || n == 0)
        return GRUNDY_EINVAL;
    grundy__heap_rules r;
    rc = grundy__heap_rules_subtraction(set, n, &a, &r, NULL, 0);
    if (rc != GRUNDY_OK)
        return rc;
    return heap_game_wrap(out, &a, &r);
}

void grundy_heap_game_free(grundy_heap_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    grundy__heap_rules_free(&g->rules, &a);
    for (unsigned i = 0; i < MAX_LANES; i++)
        lane_free(&g->lane[i], &a);
    grundy__values_free(&g->vals, &a);
    grundy__free(&a, g->rare);
    grundy__free(&a, g->split_k);
    grundy__free(&a, g->hist);
    grundy__free(&a, g);
}

void grundy_heap_game_set_progress(grundy_heap_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_heap_game_set_threads(grundy_heap_game *g, unsigned threads)
{
    if (g != NULL && !g->reporting)
        g->threads = threads == 0 ? 1 : threads > MAX_LANES ? MAX_LANES : threads;
}

void grundy_heap_game_set_sparse(grundy_heap_game *g, int on)
{
    if (g == NULL || g->reporting)
        return;
    g->sparse_allowed = on != 0;
    if (!g->sparse_allowed)
        g->sparse_active = 0;
    else
        g->next_choice = g->vals.n; /* choose a mask at the next value */
}

void grundy_heap_game_set_period_detection(grundy_heap_game *g, int on)
{
    if (g != NULL && !g->reporting)
        g->detect = on != 0;
}

uint64_t grundy_heap_game_computed(const grundy_heap_game *g)
{
    return g ? g->vals.n : 0;
}

/* ---- the sequence ------------------------------------------------------ */

/* Whether every move only takes tokens, leaving nothing or one heap, with
 * both allowed for each amount (digits 0 and 3: a subtraction game). */
static int pure_subtraction(const grundy__heap_rules *r)
{
    if (r->digit[0] != 0)
        return 0;
    for (uint32_t i = 0; i < r->nremovals; i++) {
        if (r->digit[r->removals[i]] != (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE))
            return 0;
    }
    return 1;
}

/* Values needed to prove period p from n0 (saturating).  The proof moves p
 * tokens between an option of n + p and one of n; that option must stay a
 * non-empty heap, so the argument starts at n0 >= 1 unless taking a whole
 * heap and leaving a heap of 0 are the same move (subtraction games). */
static uint64_t proof_length(const grundy_heap_game *g, uint64_t n0, uint64_t p)
{
    uint64_t t = grundy__heap_rules_max_removal(&g->rules);
    uint64_t k = g->rules.max_parts < 2 ? 1 : g->rules.max_parts;
    if (n0 == 0 && !pure_subtraction(&g->rules))
        n0 = 1;
    if (n0 > UINT64_MAX / 8 || p > UINT64_MAX / 8 || t > UINT64_MAX / 2)
        return UINT64_MAX;
    return k * n0 + k * p + t;
}

static int theorem_applies(const grundy_heap_game *g)
{
    return g->rules.tail == 0 && !g->rules.unequal;
}

/* Looks for the least period provable from the values computed.
 *
 * Read backwards, the sequence is p-periodic for its first p + z[p] terms,
 * where z is the Z-function of the reversed sequence (z[p] = the longest
 * common prefix of it and its suffix from p).  So every candidate p gets its
 * least preperiod n0 = n - p - z[p] from one O(n) pass. */
static int check_period(grundy_heap_game *g)
{
    if (!theorem_applies(g) || g->vals.n < 2)
        return 0;
    const grundy__values *v = &g->vals;
    size_t n = (size_t)v->n;
    uint32_t *z = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *z);
    if (z == NULL)
        return GRUNDY_ENOMEM; /* while computing: the next checkpoint tries again */
#define REV(i) grundy__values_get(v, n - 1 - (i))
    size_t l = 0, r = 0;
    z[0] = (uint32_t)n;
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        if (i < r)
            k = r - i < z[i - l] ? r - i : z[i - l];
        while (i + k < n && REV(k) == REV(i + k))
            k++;
        z[i] = (uint32_t)k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
#undef REV
    int found = 0;
    for (size_t p = 1; p < n && proof_length(g, 0, p) <= n; p++) {
        uint64_t n0 = n - p - z[p];
        if (proof_length(g, n0, p) <= n) {
            g->periodic = 1;
            g->period = p;
            g->preperiod = n0;
            found = 1;
            break;
        }
    }
    grundy__free(&g->alloc, z);
    return found;
}

/* Doubles the power of two above every value, and each lane's scratch. */
static int grow_mex(grundy_heap_game *g)
{
    size_t bound = (size_t)(g->pow2 * 2 + 1);
    for (unsigned i = 0; i < MAX_LANES; i++) {
        if ((i == 0 || g->lane[i].want != NULL) &&
            lane_init(&g->lane[i], &g->alloc, bound) != GRUNDY_OK)
            return GRUNDY_ENOMEM;
    }
    g->pow2 *= 2;
    return GRUNDY_OK;
}

/* ---- the sparse-space method ------------------------------------------- */

/* The sparse method needs splits into exactly two heaps and finitely many
 * removals; it is worth its bookkeeping only past the first values. */
static int sparse_possible(const grundy_heap_game *g)
{
    return g->sparse_allowed && g->rules.tail == 0 && g->rules.max_parts == 2 && g->nsplit > 0;
}

/* The mask under which the fewest heaps so far have rare values (even
 * parity).  Counting by value histogram costs O(values * masks), not
 * O(heaps * masks).  Returns 0 if no mask makes rare heaps scarce enough. */
static uint32_t choose_mask(const grundy_heap_game *g)
{
    uint64_t limit = g->pow2 < MAX_MASK ? g->pow2 : MAX_MASK;
    uint64_t best_count = UINT64_MAX;
    uint32_t best = 0;
    for (uint32_t m = 1; m < limit; m++) {
        uint64_t count = 0;
        for (size_t v = 0; v < g->hist_len && count < best_count; v++) {
            if (!grundy__odd_parity((uint32_t)v & m))
                count += g->hist[v];
        }
        if (count < best_count) {
            best_count = count;
            best = m;
        }
    }
    /* A value costs a read per rare heap, plus a vectorised check of the
     * rare values below the answer (a few thousand splits, at several per
     * read), instead of one read per split, n / 2: worth it once the rare
     * heaps are under half the splits. */
    return best_count * 4 <= g->vals.n ? best : 0;
}

/* Room for `more` rare heaps past those listed. */
static int rare_room(grundy_heap_game *g, uint64_t more)
{
    return grundy__reserve(&g->alloc, (void **)&g->rare, &g->cap_rare,
                           (size_t)(g->nrare + more), sizeof *g->rare);
}

/* Chooses the mask again (at doubling lengths) and rebuilds the rare list.
 * Nothing changes unless the new list has its room. */
static int rechoose(grundy_heap_game *g)
{
    uint32_t mask = choose_mask(g);
    if (mask != 0 && mask != g->mask) {
        uint64_t count = 0;
        for (uint64_t h = 1; h < g->vals.n; h++)
            count += !grundy__odd_parity(grundy__values_get(&g->vals, h) & mask);
        g->nrare = 0;
        if (rare_room(g, count) != GRUNDY_OK) {
            g->mask = 0; /* the list is no longer the old mask's */
            g->sparse_active = 0;
            return GRUNDY_ENOMEM;
        }
        g->mask = mask;
        for (uint64_t h = 1; h < g->vals.n; h++) {
            if (!grundy__odd_parity(grundy__values_get(&g->vals, h) & mask))
                g->rare[g->nrare++] = (uint32_t)h;
        }
    }
    /* Again at twice the length, or soon while no mask pays yet. */
    g->next_choice = mask != 0 ? 2 * g->vals.n : g->vals.n + g->vals.n / 4 + 1;
    g->sparse_active = mask != 0;
    return GRUNDY_OK;
}

/* Room in the histogram that chooses the mask for values up to v. */
static int hist_room(grundy_heap_game *g, uint32_t v)
{
    if (v < g->hist_len)
        return GRUNDY_OK;
    size_t len = g->hist_len ? g->hist_len : 16;
    while (len <= v)
        len *= 2;
    uint64_t *h = (uint64_t *)grundy__calloc_array(&g->alloc, len, sizeof *h);
    if (h == NULL)
        return GRUNDY_ENOMEM;
    if (g->hist_len)
        memcpy(h, g->hist, g->hist_len * sizeof *h);
    grundy__free(&g->alloc, g->hist);
    g->hist = h;
    g->hist_len = len;
    return GRUNDY_OK;
}

/* Whether the heap just computed, of value v, joins the rare list. */
static int is_rare_heap(const grundy_heap_game *g, uint64_t heap, uint32_t v)
{
    return sparse_possible(g) && g->mask != 0 && heap >= 1 && !grundy__odd_parity(v & g->mask);
}

/* ---- computing ------------------------------------------------------------ */

static uint32_t next_value(grundy_heap_game *g, heap_lane *L, uint64_t n)
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
    uint32_t v = n == 0 ? 0 : next_value(g, &g->lane[0], n);
    int rc = GRUNDY_OK;
    if (v >= g->pow2)
        rc = grow_mex(g);
    int rare = is_rare_heap(g, n, v);
    if (rc == GRUNDY_OK && rare)
        rc = rare_room(g, 1);
    if (rc == GRUNDY_OK && sparse_possible(g))
        rc = hist_room(g, v);
    if (rc == GRUNDY_OK)
        rc = grundy__values_append(&g->vals, &g->alloc, v);
    if (rc != GRUNDY_OK)
        return rc;
    if (sparse_possible(g))
        g->hist[v]++;
    if (rare)
        g->rare[g->nrare++] = (uint32_t)n;
    return GRUNDY_OK;
}

/* ---- two lanes ------------------------------------------------------------
 *
 * With threads, two lanes compute alternate heaps of a segment at once: lane
 * 0 the heaps start, start + 2, ..., lane 1 the others, each on its own
 * thread with its own scratch.  Computing G(n) needs G(n - 1) only for the
 * few options that lane_wait() guards, so the lanes overlap almost fully.
 * Every value is stored before `published` passes it (release/acquire), and
 * G(n) is published only after G(n - 1), so the rare list grows in order.
 * Room is reserved before a segment; a value that needs more room (a new
 * power of two) stops both lanes, and the calling thread computes it. */

typedef struct lane_job {
    grundy_heap_game *g;
    heap_lane *L;
    uint64_t first, stop;
} lane_job;

static void *lane_main(void *arg)
{
    const lane_job *job = (const lane_job *)arg;
    grundy_heap_game *g = job->g;
    if (job->first > job->g->vals.n) {
        grundy__store_release(&g->started, 1);
    } else {
        /* Starting a thread takes far longer than a value: wait for it, so
         * that the wait is not taken for a late lane, and yield meanwhile,
         * since the new thread may be queued on this processor. */
        while (!grundy__load_acquire(&g->started))
            grundy__thread_yield();
    }
    for (uint64_t n = job->first; n < job->stop; n += 2) {
        uint32_t v = grundy__load_acquire(&g->abandon) ? HEAP_ABANDONED
                                                       : next_value(g, job->L, n);
        if (v == HEAP_ABANDONED)
            break;
        if (v >= g->pow2) {
            grundy__store_release(&g->abandon, ABANDON_ROOM);
            break;
        }
        grundy__values_set(&g->vals, n, v);
        if (is_rare_heap(g, n, v)) {
            uint64_t k = grundy__load_acquire(&g->nrare);
            g->rare[k] = (uint32_t)n;
            grundy__store_release(&g->nrare, k + 1);
        }
        grundy__store_release(&g->published, n + 1);
    }
    return NULL;
}

/* Whether a segment of two lanes should start: threads asked for, the
 * second lane's scratch in place, and lanes not found slower lately.  The
 * lanes hand a value over per heap, so where threads wake slowly or share a
 * busy core they can lose to one thread: then they rest for a number of
 * segments that doubles at each loss (up to MAX_BACKOFF).  Lanes go first;
 * the next segment times one thread for the comparison. */
static int lanes_ready(grundy_heap_game *g)
{
    if (g->threads < 2 || !GRUNDY__THREADS)
        return 0;
    if (g->lanes_skip > 0) {
        g->lanes_skip--;
        return 0;
    }
    if (g->rate_two > 0.0 && g->rate_one <= 0.0)
        return 0;
    if (g->lane[1].want == NULL &&
        lane_init(&g->lane[1], &g->alloc, g->lane[0].mex.bound) != GRUNDY_OK)
        return -1;
    return 1;
}

/* Lanes lost: rest, longer each time. */
static void lanes_lost(grundy_heap_game *g)
{
    g->lanes_skip = g->lanes_backoff;
    g->lanes_backoff = g->lanes_backoff < MAX_BACKOFF ? 2 * g->lanes_backoff : MAX_BACKOFF;
}

/* Records a segment's speed: work options in seconds, on one or two lanes,
 * and judges the lanes when a segment of theirs has a one-thread segment
 * to compare with (the one before, or the one after the first). */
static void note_speed(grundy_heap_game *g, int lanes, uint64_t work, double seconds)
{
    if (lanes && g->abandon == ABANDON_LATE) {
        lanes_lost(g);
        return;
    }
    if (seconds <= 0.0 || work < MIN_TIMED_WORK)
        return;
    double rate = (double)work / seconds;
    int judge = lanes ? g->rate_one > 0.0 : g->rate_two > 0.0 && g->rate_one <= 0.0;
    if (lanes)
        g->rate_two = rate;
    else
        g->rate_one = rate;
    if (!judge)
        return;
    if (g->rate_two < LANES_GAIN * g->rate_one)
        lanes_lost(g);
    else
        g->lanes_backoff = 1;
}

/* Computes heaps vals.n .. stop - 1 on two lanes (fewer if one must stop). */
static int run_lanes(grundy_heap_game *g, uint64_t stop)
{
    uint64_t start = g->vals.n;
    int rc = grundy__values_reserve(&g->vals, &g->alloc, stop);
    if (rc == GRUNDY_OK)
        rc = rare_room(g, stop - start);
    if (rc == GRUNDY_OK && sparse_possible(g))
        rc = hist_room(g, (uint32_t)(g->pow2 - 1)); /* every value of the segment */
    if (rc != GRUNDY_OK)
        return rc;
    g->published = start;
    g->abandon = 0;
    g->started = 0;
    lane_job job[MAX_LANES] = {{g, &g->lane[0], start, stop}, {g, &g->lane[1], start + 1, stop}};
    if (!g->worker.running && grundy__worker_start(&g->worker) != 0) {
        g->threads = 1; /* no thread to be had: one from now on */
        return GRUNDY_OK;
    }
    g->lane[0].waits = g->lane[1].waits = 1;
    grundy__worker_post(&g->worker, lane_main, &job[1]);
    lane_main(&job[0]);
    grundy__worker_wait(&g->worker);
    g->lane[0].waits = g->lane[1].waits = 0;
    g->vals.n = g->published;
    for (uint64_t n = start; n < g->vals.n && sparse_possible(g); n++)
        g->hist[grundy__values_get(&g->vals, n)]++;
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
    if (sparse_possible(g) && g->next_choice > g->vals.n && g->next_choice < stop)
        stop = g->next_choice;
    return stop;
}

/* Period checks, mask choices and progress, between stretches of values.
 * Returns 1 when a period is proved (the computation is over). */
static int between_values(grundy_heap_game *g, uint64_t count, int *rc)
{
    for (unsigned i = 0; i < MAX_LANES; i++) {
        g->work += g->lane[i].work;
        g->lane[i].work = 0;
    }
    if (g->detect && g->vals.n >= g->next_check) {
        if (check_period(g) > 0)
            return 1;
        g->next_check = g->vals.n + g->vals.n / 4 + 16;
    }
    if (sparse_possible(g) && g->vals.n >= g->next_choice)
        *rc = rechoose(g);
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

/* Computes the values up to stop on one thread (fewer on an error). */
static int run_one(grundy_heap_game *g, uint64_t stop)
{
    int rc = GRUNDY_OK;
    while (rc == GRUNDY_OK && g->vals.n < stop)
        rc = compute_next(g);
    return rc;
}

int grundy_heap_game_compute(grundy_heap_game *g, uint64_t count)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE; /* from its own progress callback */
    if (g->periodic || count <= g->vals.n)
        return GRUNDY_OK;
    /* Past the table's limit only a proved period can answer. */
    if (count > MAX_VALUES && !(g->detect && theorem_applies(g)))
        return GRUNDY_ELIMIT;
    int rc = GRUNDY_OK;
    if (g->lane[0].mex.bound < g->pow2 + 1)
        rc = grow_mex(g);
    while (rc == GRUNDY_OK && g->vals.n < count) {
        uint64_t stop = segment_stop(g, count);
        int lanes = stop - g->vals.n >= MIN_SEGMENT && g->vals.n >= LANES_FROM ? lanes_ready(g) : 0;
        double t0 = g->threads > 1 ? grundy__seconds() : 0.0;
        if (lanes < 0)
            rc = GRUNDY_ENOMEM;
        else if (lanes > 0)
            rc = run_lanes(g, stop);
        /* The rest on this thread: everything without lanes, else the value
         * that stopped them (if any). */
        if (rc == GRUNDY_OK && g->vals.n < stop)
            rc = lanes ? compute_next(g) : run_one(g, stop);
        if (g->threads > 1)
            note_speed(g, lanes > 0, g->lane[0].work + g->lane[1].work, grundy__seconds() - t0);
        if (rc == GRUNDY_OK && between_values(g, count, &rc))
            break;
    }
    grundy__worker_stop(&g->worker);
    return rc;
}

/* G(heap) for a heap in the table or in the proved periodic range. */
static uint32_t known_value(const grundy_heap_game *g, uint64_t heap)
{
    if (heap < g->vals.n)
        return grundy__values_get(&g->vals, heap);
    return grundy__values_get(&g->vals, g->preperiod + (heap - g->preperiod) % g->period);
}

int grundy_heap_game_value(grundy_heap_game *g, uint64_t heap, uint32_t *value)
{
    if (g == NULL || value == NULL)
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    if (heap >= g->vals.n && !g->periodic) {
        int rc = grundy_heap_game_compute(g, heap == UINT64_MAX ? heap : heap + 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    *value = known_value(g, heap);
    return GRUNDY_OK;
}

int grundy_heap_game_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                            uint64_t *preperiod)
{
    if (g == NULL || period == NULL || preperiod == NULL)
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    if (!g->periodic && theorem_applies(g)) {
        int detect = g->detect;
        g->detect = 1;
        int rc = grundy_heap_game_compute(g, max);
        g->detect = detect;
        if (rc != GRUNDY_OK)
            return rc;
        if (!g->periodic && check_period(g) == GRUNDY_ENOMEM)
            return GRUNDY_ENOMEM;
    }
    if (!g->periodic)
        return 0;
    *period = g->period;
    *preperiod = g->preperiod;
    return 1;
}

/* ---- winning moves ----------------------------------------------------- */

typedef struct move_search {
    const grundy_heap_game *g;
    uint64_t target;
    uint64_t *left;
    uint32_t *nleft;
} move_search;

/* Splits of m into two heaps.  Beyond the table the values repeat in a with
 * the period, so one period of a (past the preperiod) covers every value. */
static int find_split2(const move_search *s, uint64_t m)
{
    const grundy_heap_game *g = s->g;
    uint64_t half = m / 2;
    if (m >= g->vals.n && g->periodic && half > g->preperiod + g->period)
        half = g->preperiod + g->period;
    for (uint64_t a = 1; a <= half; a++) {
        if (g->rules.unequal && 2 * a == m)
            continue;
        if ((known_value(g, a) ^ known_value(g, m - a)) == s->target) {
            s->left[0] = a;
            s->left[1] = m - a;
            *s->nleft = 2;
            return 1;
        }
    }
    return 0;
}

/* Splits of m into three heaps.  Beyond the table two parts can be kept
 * below n0 + p: taking p from a part past that and giving it to the largest
 * (which stays in the periodic range) keeps every value. */
static int find_split3(const move_search *s, uint64_t m)
{
    const grundy_heap_game *g = s->g;
    uint64_t lim = m;
    if (m >= g->vals.n && g->periodic)
        lim = g->preperiod + g->period;
    for (uint64_t a = 1; a <= lim && a + 2 <= m; a++) {
        for (uint64_t b = a; b <= lim && a + b < m; b++) {
            uint64_t c = m - a - b;
            if (m < g->vals.n && c < b)
                break; /* within the table: a <= b <= c covers every split */
            if ((known_value(g, a) ^ known_value(g, b) ^ known_value(g, c)) == s->target) {
                s->left[0] = a;
                s->left[1] = b;
                s->left[2] = c;
                *s->nleft = 3;
                return 1;
            }
        }
    }
    return 0;
}

/* The options of h that remove k tokens: is one of them worth target? */
static int find_with_removal(const move_search *s, uint64_t h, uint64_t k, unsigned d)
{
    if (k > 0 && (d & HEAP_LEAVE_NONE) && h == k && s->target == 0) {
        *s->nleft = 0;
        return 1;
    }
    if (k > 0 && (d & HEAP_LEAVE_ONE) && h > k && known_value(s->g, h - k) == s->target) {
        s->left[0] = h - k;
        *s->nleft = 1;
        return 1;
    }
    if ((d & HEAP_LEAVE_TWO) && h - k >= 2 && find_split2(s, h - k))
        return 1;
    return (d & HEAP_LEAVE_THREE) && h - k >= 3 && find_split3(s, h - k);
}

static int find_move(const move_search *s, uint64_t h)
{
    const grundy__heap_rules *r = &s->g->rules;
    if (find_with_removal(s, h, 0, r->digit[0]))
        return 1;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= h; i++) {
        if (find_with_removal(s, h, r->removals[i], r->digit[r->removals[i]]))
            return 1;
    }
    for (uint64_t k = r->ndigits; r->tail != 0 && k <= h; k++) {
        if (find_with_removal(s, h, k, r->tail))
            return 1;
    }
    return 0;
}

typedef struct heap_list {
    const grundy_heap_game *g;
    const uint64_t *heaps;
} heap_list;

static uint64_t heap_value(const void *ctx, size_t i)
{
    const heap_list *l = (const heap_list *)ctx;
    return known_value(l->g, l->heaps[i]);
}

int grundy_heap_game_outcome(grundy_heap_game *g, const uint64_t *heaps, size_t n)
{
    if (g == NULL || (heaps == NULL && n > 0))
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        int rc = grundy_heap_game_value(g, heaps[i], &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    return x ? GRUNDY_N : GRUNDY_P;
}

int grundy_heap_game_winning_move(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                                  size_t *heap, uint64_t *left, uint32_t *nleft)
{
    if (g == NULL || (heaps == NULL && n > 0) || heap == NULL || left == NULL || nleft == NULL)
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        int rc = grundy_heap_game_value(g, heaps[i], &v);
        if (rc != GRUNDY_OK)
            return rc;
    }
    heap_list l = {g, heaps};
    uint64_t target;
    if (!grundy__sum_move(&l, n, heap_value, heap, &target))
        return 0;
    uint64_t h = heaps[*heap];
    move_search s = {g, target, left, nleft};
    return find_move(&s, h);
}
