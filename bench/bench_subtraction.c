/* SPDX-License-Identifier: MIT */
/* Figure S: subtraction games whose largest amount is near 2^20, and
 * games {1, 2, k} with k and the heap up to 10^9 (Codeforces 1194D).
 *
 * 100 games {1, 2, k}, k = 2^20 - 50 ... 2^20 + 49, each asked the value of
 * a heap of 10^18, so each needs its period proved.  The library (its
 * subtraction engine and window proof) against the method it replaced,
 * written here: the plain O(n * |S|) loop, with the Guy-Smith check of
 * every candidate period by the reversed Z-function at checkpoints 1.5x
 * apart (from 2t values on).  Every answer (value, period, preperiod) is
 * compared between the two.  Each side: CPU time, best of S_RUNS runs.
 *
 * The second row: 100 games {1, 2, k}, k drawn up to 10^9 (every other one
 * a multiple of 3, whose period is k + 1) and a heap drawn up to 10^9 (every
 * fifth one at k or just past it), all held at once: the value of the heap
 * and the period, against the closed form (G(n) = n mod 3 if 3 does not
 * divide k; else with r = n mod (k + 1), 3 at r = k and r mod 3 below).
 * Thread CPU time, best of S_RUNS, and the peak of the bytes the 100 games
 * hold together (a counting allocator). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define S_GAMES 100u
#define S_FIRST ((1u << 20) - 50u)
#define S_HEAP 1000000000000000000ull
#define S_RUNS 3u
#define S_TARGET 0.2 /* seconds for the 100 games */
#define H_MAX 1000000000u   /* k and the heap up to it */
#define H_TARGET 1.0        /* seconds for the 100 games ... */
#define H_BYTES (64u << 20) /* ... and the bytes they hold at once */

typedef struct answer {
    uint32_t value;
    uint64_t period, preperiod;
} answer;

typedef struct s_side {
    answer got[S_GAMES];
    uint64_t values;  /* values known, summed over the games (library side) */
    int failed;
} s_side;

/* ---- the baseline ---------------------------------------------------------- */

/* z[i]: the longest common prefix of the n values read backwards and their
 * suffix from i; read backwards, the sequence is p-periodic for p + z[p]
 * terms, so candidate p's least preperiod is n - p - z[p]. */
static void reversed_z(const uint8_t *g, uint32_t n, uint32_t *z)
{
    uint32_t l = 0, r = 0;
    z[0] = n;
    for (uint32_t i = 1; i < n; i++) {
        uint32_t k = 0;
        if (i < r)
            k = r - i < z[i - l] ? r - i : z[i - l];
        while (i + k < n && g[n - 1 - k] == g[n - 1 - i - k])
            k++;
        z[i] = k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
}

static answer baseline_game(uint32_t k)
{
    const uint32_t s[3] = {1, 2, k};
    uint32_t cap = 4 * k + 64, n = 0, check = 2 * k;
    uint8_t *g = bench_xmalloc(cap);
    uint32_t *z = bench_xmalloc((size_t)cap * sizeof *z);
    answer a = {0, 0, 0};
    while (a.period == 0 && n < cap) {
        uint32_t stop = check < cap ? check : cap;
        for (; n < stop; n++) {
            unsigned seen = 0;
            for (int j = 0; j < 3; j++) {
                if (s[j] <= n)
                    seen |= 1u << g[n - s[j]];
            }
            uint8_t x = 0;
            while (seen >> x & 1)
                x++;
            g[n] = x;
        }
        reversed_z(g, n, z);
        for (uint32_t p = 1; p + k <= n; p++) {
            uint32_t e = n - p - z[p];
            if (e + p + k <= n) { /* the window proof: t = k values repeat */
                a.period = p;
                a.preperiod = e;
                break;
            }
        }
        check += check / 2;
    }
    if (a.period != 0)
        a.value = g[a.preperiod + (S_HEAP - a.preperiod) % a.period];
    free(z);
    free(g);
    return a;
}

static double run_baseline(void *ctx)
{
    s_side *side = ctx;
    double t0 = bench_thread_cpu();
    for (uint32_t i = 0; i < S_GAMES; i++)
        side->got[i] = baseline_game(S_FIRST + i);
    return bench_thread_cpu() - t0;
}

/* ---- the library ------------------------------------------------------------ */

static double run_library(void *ctx)
{
    s_side *side = ctx;
    side->values = 0;
    double t0 = bench_thread_cpu();
    for (uint32_t i = 0; i < S_GAMES; i++) {
        const uint32_t s[3] = {1, 2, S_FIRST + i};
        grundy_heap_game *h = NULL;
        answer *a = &side->got[i];
        int rc = grundy_heap_game_new(&h, NULL);
        if (rc == GRUNDY_OK)
            rc = grundy_heap_game_set_subtraction(h, s, 3);
        if (rc == GRUNDY_OK)
            rc = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, S_HEAP, &a->value);
        if (rc == GRUNDY_OK && grundy_heap_game_period(h, 0, &a->period, &a->preperiod) != 1)
            rc = GRUNDY_EINVAL; /* the value came without a proved period */
        if (rc != GRUNDY_OK) {
            bench_error("S sub:1,2,k", rc);
            side->failed = 1;
        }
        side->values += grundy_heap_game_computed(h);
        grundy_heap_game_free(h);
    }
    return bench_thread_cpu() - t0;
}

/* ---- {1, 2, k} up to 10^9 ---------------------------------------------------- */

typedef struct h_side {
    uint64_t k[S_GAMES], heap[S_GAMES];
    answer got[S_GAMES];
    bench_counter bytes;
    int failed;
} h_side;

static answer closed_form(uint64_t k, uint64_t n)
{
    answer a = {(uint32_t)(n % 3), 3, 0};
    if (k % 3 == 0) {
        uint64_t r = n % (k + 1);
        a.value = r == k ? 3 : (uint32_t)(r % 3);
        a.period = k + 1;
    }
    return a;
}

static double run_huge(void *ctx)
{
    h_side *side = ctx;
    static grundy_heap_game *h[S_GAMES];
    grundy_allocator alloc = bench_counting_allocator(&side->bytes);
    double t0 = bench_thread_cpu();
    for (uint32_t i = 0; i < S_GAMES; i++) {
        const uint32_t s[3] = {1, 2, (uint32_t)side->k[i]};
        answer *a = &side->got[i];
        h[i] = NULL;
        int rc = grundy_heap_game_new(&h[i], &alloc);
        if (rc == GRUNDY_OK)
            rc = grundy_heap_game_set_subtraction(h[i], s, 3);
        if (rc == GRUNDY_OK)
            rc = grundy_heap_game_value(h[i], GRUNDY_PLAY_NORMAL, side->heap[i], &a->value);
        if (rc == GRUNDY_OK && grundy_heap_game_period(h[i], UINT64_MAX, &a->period,
                                                       &a->preperiod) != 1)
            rc = GRUNDY_EINVAL; /* no period proved */
        if (rc != GRUNDY_OK) {
            bench_error("S sub:1,2,k up to 10^9", rc);
            side->failed = 1;
        }
    }
    double t = bench_thread_cpu() - t0;
    for (uint32_t i = 0; i < S_GAMES; i++)
        grundy_heap_game_free(h[i]);
    return t;
}

static void bench_huge(void)
{
    static h_side side;
    uint64_t state = 0x1194d;
    for (uint32_t i = 0; i < S_GAMES; i++) {
        uint64_t k = 3 + bench_below(&state, H_MAX - 2);
        if (i % 2 == 0)
            k -= k % 3;
        side.k[i] = k;
        side.heap[i] = i % 5 == 0 ? k + i % 4 : bench_below(&state, H_MAX + 1ull);
    }
    bench_side sides[1] = {{run_huge, &side, 0.0}};
    bench_alternate(sides, 1, S_RUNS);
    int same = !side.failed;
    for (uint32_t i = 0; same && i < S_GAMES; i++) {
        answer want = closed_form(side.k[i], side.heap[i]), *got = &side.got[i];
        if (got->value != want.value || got->period != want.period || got->preperiod != 0) {
            bench_mismatch("S sub:1,2,%llu: G(%llu) %u period %llu preperiod %llu, closed form "
                           "%u, %llu, 0", (unsigned long long)side.k[i],
                           (unsigned long long)side.heap[i], (unsigned)got->value,
                           (unsigned long long)got->period, (unsigned long long)got->preperiod,
                           (unsigned)want.value, (unsigned long long)want.period);
            same = 0;
        }
    }
    char l[16], m[16], note[120];
    bench_verdict v = same ? bench_judge(sides[0].best, H_TARGET, 1) : BENCH_MISMATCH;
    if (v == BENCH_MET && side.bytes.peak > H_BYTES)
        v = BENCH_MISSED;
    snprintf(note, sizeof note, "%s held by the 100 games at once (target 64 MiB); answers = "
             "the closed form", bench_fmt_bytes(m, (double)side.bytes.peak));
    bench_row("S 100 x sub:1,2,k (k, n up to 10^9), G(n)", bench_fmt_time(l, sides[0].best),
              NULL, NULL, "< 1 s", v, note);
}

void bench_subtraction(const bench_config *cfg)
{
    (void)cfg;
    bench_section("S. subtraction games near 2^20: the value of a heap of 10^18 (period proved)");
    static s_side lib, base;
    bench_side sides[2] = {{run_library, &lib, 0.0}, {run_baseline, &base, 0.0}};
    bench_alternate(sides, 2, S_RUNS);
    int same = !lib.failed;
    for (uint32_t i = 0; same && i < S_GAMES; i++) {
        const answer *x = &lib.got[i], *y = &base.got[i];
        if (x->value != y->value || x->period != y->period || x->preperiod != y->preperiod) {
            bench_mismatch("S sub:1,2,%u: library value %u period %llu preperiod %llu, baseline "
                           "%u, %llu, %llu", (unsigned)(S_FIRST + i), (unsigned)x->value,
                           (unsigned long long)x->period, (unsigned long long)x->preperiod,
                           (unsigned)y->value, (unsigned long long)y->period,
                           (unsigned long long)y->preperiod);
            same = 0;
        }
    }
    char l[16], b[16], r[16], note[120];
    snprintf(note, sizeof note, "baseline: plain loop + reversed Z at 1.5x checkpoints; "
             "%llu values known, kept as runs", (unsigned long long)lib.values);
    bench_row("S 100 x sub:1,2,k (k ~ 2^20), G(10^18)", bench_fmt_time(l, sides[0].best),
              bench_fmt_time(b, sides[1].best), bench_fmt_ratio(r, sides[1].best / sides[0].best),
              "< 0.2 s", same ? bench_judge(sides[0].best, S_TARGET, 1) : BENCH_MISMATCH, note);
    bench_huge();
}
