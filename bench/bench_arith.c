/* SPDX-License-Identifier: MIT */
/* Figure G: values from arithmetic periods.
 *
 * Lasker's Nim at a heap of 2^63 (its closed form) and an all-but game at
 * a heap of 10^18 (its period proved by the certificate): each the whole
 * answer from a new game, best of RUNS runs in CPU time of the thread.
 * The baseline is the plain O(n^2) loop of Lasker's Nim over the first
 * LOOP_VALUES heaps (what the library did before: 10^5 values took 11.5 s,
 * and 2^63 would never end), whose values are compared with the library's. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define RUNS 5u
#define LOOP_VALUES 4000u

/* The plain loop: G(n) = mex of G(n - r) for r = 1 .. n and of
 * G(a) ^ G(n - a) for the splits. */
static uint32_t *lasker_loop(uint32_t n)
{
    uint32_t *g = bench_xmalloc(n * sizeof *g);
    unsigned char *seen = bench_xcalloc(4 * (size_t)n + 2, 1);
    for (uint32_t h = 0; h < n; h++) {
        memset(seen, 0, 4 * (size_t)h + 2);
        for (uint32_t r = 1; r <= h; r++)
            seen[g[h - r]] = 1;
        for (uint32_t a = 1; 2 * a <= h; a++)
            seen[g[a] ^ g[h - a]] = 1;
        uint32_t v = 0;
        while (seen[v])
            v++;
        g[h] = v;
    }
    free(seen);
    return g;
}

typedef struct far_value {
    const char *name;
    uint64_t heap, value;
    int rc;
} far_value;

static double run_far(void *ctx)
{
    far_value *f = (far_value *)ctx;
    double t0 = bench_thread_cpu();
    grundy_heap_game *g = NULL;
    f->rc = grundy_heap_game_new(&g, NULL);
    if (f->rc == GRUNDY_OK)
        f->rc = grundy_heap_game_parse(g, f->name, strlen(f->name));
    if (f->rc == GRUNDY_OK)
        f->rc = grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, f->heap, &f->value);
    double t = bench_thread_cpu() - t0;
    grundy_heap_game_free(g);
    return t;
}

static double run_loop(void *ctx)
{
    double t0 = bench_thread_cpu();
    uint32_t *g = lasker_loop(LOOP_VALUES);
    double t = bench_thread_cpu() - t0;
    *(uint32_t **)ctx = g;
    return t;
}

/* The library's first LOOP_VALUES values of Lasker's Nim, against the loop's. */
static void check_lasker(const uint32_t *want)
{
    grundy_heap_game *g = NULL;
    uint32_t *got = bench_xmalloc(LOOP_VALUES * sizeof *got);
    int rc = grundy_heap_game_new(&g, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_heap_game_parse(g, "lasker", 6);
    if (rc == GRUNDY_OK)
        rc = grundy_heap_game_values(g, GRUNDY_PLAY_NORMAL, 0, LOOP_VALUES, got);
    if (rc != GRUNDY_OK)
        bench_error("lasker values", rc);
    for (uint32_t i = 0; rc == GRUNDY_OK && i < LOOP_VALUES; i++) {
        if (got[i] != want[i]) {
            bench_mismatch("lasker: G(%u) is %u in the library, %u in the loop", i, got[i],
                           want[i]);
            break;
        }
    }
    free(got);
    grundy_heap_game_free(g);
}

void bench_arith(const bench_config *cfg)
{
    (void)cfg;
    bench_section("G. values from arithmetic periods (a new game each run; thread CPU time, "
                  "best of 5)");
    far_value lasker = {"lasker", (uint64_t)1 << 63, 0, 0};
    far_value allbut = {"allbut:2,5,10,12", 1000000000000000000ull, 0, 0};
    uint32_t *loop = NULL;
    bench_side sides[] = {{run_far, &lasker, 0}, {run_far, &allbut, 0}, {run_loop, &loop, 0}};
    bench_alternate(sides, 2, RUNS);
    bench_alternate(sides + 2, 1, 1);
    check_lasker(loop);
    char a[32], b[32], note[160];
    if (lasker.rc != GRUNDY_OK || lasker.value != ((uint64_t)1 << 63) - 1) {
        bench_error("lasker at 2^63", lasker.rc != GRUNDY_OK ? lasker.rc : GRUNDY_EINVAL);
    } else {
        snprintf(note, sizeof note, "G(2^63) = 2^63 - 1; baseline: the plain loop's first %u "
                 "values, checked equal", LOOP_VALUES);
        bench_row("G lasker: value of heap 2^63", bench_fmt_time(a, sides[0].best),
                  bench_fmt_time(b, sides[2].best), NULL, "< 1 ms",
                  bench_judge(sides[0].best, 1e-3, 1), note);
    }
    if (allbut.rc != GRUNDY_OK)
        bench_error("allbut at 10^18", allbut.rc);
    else
        bench_row("G allbut:2,5,10,12: heap 10^18", bench_fmt_time(a, sides[1].best), NULL,
                  NULL, NULL, BENCH_INFO, "period 36, preperiod 79, saltus 12, proved on the way");
    free(loop);
}
