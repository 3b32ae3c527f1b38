/* SPDX-License-Identifier: MIT */
/* Figure S: subtraction games whose largest amount is near 2^20.
 *
 * 100 games {1, 2, k}, k = 2^20 - 50 ... 2^20 + 49, each asked the value of
 * a heap of 10^18, so each needs its period proved.  The library (its
 * subtraction engine and window proof) against the method it replaced,
 * written here: the plain O(n * |S|) loop, with the Guy-Smith check of
 * every candidate period by the reversed Z-function at checkpoints 1.5x
 * apart (from 2t values on).  Every answer (value, period, preperiod) is
 * compared between the two.  Each side: CPU time, best of S_RUNS runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define S_GAMES 100u
#define S_FIRST ((1u << 20) - 50u)
#define S_HEAP 1000000000000000000ull
#define S_RUNS 3u
#define S_TARGET 0.2 /* seconds for the 100 games */

typedef struct answer {
    uint32_t value;
    uint64_t period, preperiod;
} answer;

typedef struct s_side {
    answer got[S_GAMES];
    uint64_t values;  /* values stored, summed over the games (library side) */
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
    double ns = lib.values ? sides[0].best * 1e9 / (double)lib.values : 0.0;
    snprintf(note, sizeof note, "baseline: plain loop + reversed Z at 1.5x checkpoints; "
             "%llu values kept, %.2f ns each", (unsigned long long)lib.values, ns);
    bench_row("S 100 x sub:1,2,k (k ~ 2^20), G(10^18)", bench_fmt_time(l, sides[0].best),
              bench_fmt_time(b, sides[1].best), bench_fmt_ratio(r, sides[1].best / sides[0].best),
              "< 0.2 s", same ? bench_judge(sides[0].best, S_TARGET, 1) : BENCH_MISMATCH, note);
}
