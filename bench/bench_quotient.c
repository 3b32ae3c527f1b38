/* SPDX-License-Identifier: MIT */
/* Figure Q: misère quotients.
 *
 * Q1: `grundy quotient GAME` (bin/grundy) solving six octal games as a
 *     whole process, best wall time of RUNS runs, the games alternated.
 *     Its first line must be the quotient MisereSolver (CGSuite's solver,
 *     Java) finds; MisereSolver's own whole-process time is a reference
 *     measured once on this project's machine (OpenJDK 17, best of 3,
 *     2026-11-27), not a run of this suite: it is GPL Java, not shipped.
 *     The target is 3x faster than that reference.
 * Q2: Dawson's Kayles (0.07), which nobody has solved: how far the library
 *     gets in MisereSolver's CPU time, 180 s (make bench and --full alike),
 *     the heap reached and its |Q| beside MisereSolver's heap 33 (|Q| =
 *     638, measured once here like Q1's references; it was still at heap
 *     34, with trial quotients of 16,622 elements, when stopped).  Two
 *     rows: the furthest heap, whose target (past heap 33) no run has met,
 *     heap 34 being covered by neither program in any time tried (the
 *     guide's quotients page, "Limits", gives the measurement); and the
 *     CPU time to cover heap 33, MisereSolver's furthest, whose target is
 *     Q1's, 3x faster than MisereSolver.
 * Q3: in the same process, every misère sum of Kayles heaps of total size
 *     up to SUM_TOTAL decided from the quotient against the library's
 *     memoized search of each sum: both must agree on every sum. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define RUNS 5u
#define REACH_S 180.0      /* Q2's CPU time: MisereSolver's */
#define REF_HEAP 33u       /* MisereSolver's furthest heap in that time */
#define REF_ORDER 638u     /* and its |Q| */
#define SUM_TOTAL 24u      /* Q3: sums of heaps of at most so many tokens */

typedef struct solved_game {
    const char *code;
    const char *line;   /* MisereSolver's quotient, as line 1 prints it */
    double reference;   /* MisereSolver's whole-process seconds */
} solved_game;

static const solved_game games[] = {
    {"0.75", "order 8 P-portion 2 period 2 preperiod 8 tame no", 0.23},
    {"0.77", "order 40 P-portion 9 period 12 preperiod 71 tame no", 0.41},
    {"0.123", "order 20 P-portion 5 period 5 preperiod 5 tame no", 0.29},
    {"0.31", "order 6 P-portion 2 period 2 preperiod 3 tame yes", 0.19},
    {"0.34", "order 12 P-portion 3 period 8 preperiod 7 tame no", 0.25},
    {"0.15", "order 42 P-portion 12 period 10 preperiod 66 tame no", 0.66},
};
#define NGAMES (sizeof games / sizeof games[0])

/* Q1: each game's best whole-process time, its first line checked. */
static void solve_times(void)
{
    char tool[4096];
    bench_program_path(tool, sizeof tool, "bin/grundy");
    double best[NGAMES];
    for (size_t i = 0; i < NGAMES; i++)
        best[i] = -1.0;
    for (unsigned r = 0; r < RUNS; r++) {
        for (size_t i = 0; i < NGAMES; i++) {
            char *argv[] = {tool, (char *)"quotient", (char *)games[i].code, NULL};
            bench_proc_run run = bench_run_process(argv);
            size_t want = strlen(games[i].line);
            int same = run.ok && run.len > want && memcmp(run.out, games[i].line, want) == 0 &&
                       run.out[want] == '\n';
            if (!same && best[i] != -2.0) {
                bench_mismatch("grundy quotient %s: line 1 is not \"%s\" (exit %s)",
                               games[i].code, games[i].line, run.ok ? "0" : "non-zero");
                best[i] = -2.0;
            }
            if (same && best[i] != -2.0 && (best[i] < 0 || run.wall < best[i]))
                best[i] = run.wall;
            free(run.out);
        }
    }
    for (size_t i = 0; i < NGAMES; i++) {
        if (best[i] < 0)
            continue;
        char figure[64], a[32], b[32], ratio[32];
        snprintf(figure, sizeof figure, "Q1 grundy quotient %s", games[i].code);
        snprintf(b, sizeof b, "ref %.2f s", games[i].reference);
        bench_row(figure, bench_fmt_time(a, best[i]), b,
                  bench_fmt_ratio(ratio, games[i].reference / best[i]), ">= 3x",
                  bench_judge(games[i].reference / best[i], 3.0, 0), games[i].line);
    }
    bench_note("Q1 baseline: MisereSolver (CGSuite), whole process, measured once here "
               "(OpenJDK 17, best of 3); both give the same quotient");
}

/* Stops a computation past a CPU deadline (the thread's seconds), and
 * notes when REF_HEAP, MisereSolver's last in REACH_S, was covered. */
typedef struct reach_clock {
    double deadline;
    double at33;    /* CPU seconds from the start to cover heap 33, or -1 */
    double start;
} reach_clock;

static int until(void *user, uint64_t done, uint64_t total)
{
    (void)total;
    reach_clock *c = (reach_clock *)user;
    double now = bench_thread_cpu();
    if (c->at33 < 0 && done >= REF_HEAP + 1)
        c->at33 = now - c->start;
    return now > c->deadline;
}

/* Q2: how far Dawson's Kayles gets in `seconds` of CPU time, and how soon
 * it covers REF_HEAP. */
static void reach(double seconds)
{
    grundy_heap_game *g = NULL;
    grundy_quotient *q = NULL;
    int rc = grundy_heap_game_new(&g, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_heap_game_parse(g, "0.07", 4);
    if (rc == GRUNDY_OK)
        rc = grundy_quotient_new(&q, g, NULL);
    if (rc != GRUNDY_OK) {
        bench_error("0.07 quotient", rc);
        grundy_heap_game_free(g);
        return;
    }
    reach_clock c = {0.0, -1.0, bench_thread_cpu()};
    c.deadline = c.start + seconds;
    grundy_quotient_set_progress(q, until, &c);
    rc = grundy_quotient_compute(q, 1000);
    double spent = bench_thread_cpu() - c.start;
    /* GRUNDY_ELIMIT: a limit of the library (the message says which). */
    if (rc != GRUNDY_OK && rc != GRUNDY_ECANCELED && rc != GRUNDY_ELIMIT)
        bench_error("0.07 quotient", rc);
    uint64_t heap = grundy_quotient_heaps(q) - 1;
    char a[32], b[32], ratio[32], ref[32], note[300];
    if (c.at33 < 0 && heap >= REF_HEAP)
        c.at33 = spent;
    if (c.at33 >= 0) {
        char figure33[64];
        snprintf(figure33, sizeof figure33, "Q2 0.07: heap %u covered in", REF_HEAP);
        snprintf(ref, sizeof ref, "ref %.0f s", REACH_S);
        snprintf(note, sizeof note, "MisereSolver: heap %u, |Q| = %u, after %.0f s", REF_HEAP,
                 REF_ORDER, REACH_S);
        bench_row(figure33, bench_fmt_time(a, c.at33), ref,
                  bench_fmt_ratio(ratio, REACH_S / c.at33), ">= 3x",
                  bench_judge(REACH_S / c.at33, 3.0, 0), note);
    }
    snprintf(a, sizeof a, "%llu", (unsigned long long)heap);
    snprintf(ref, sizeof ref, "ref %u", REF_HEAP);
    snprintf(note, sizeof note, "|Q| = %u, |P| = %u (MisereSolver: |Q| = %u at heap %u); "
             "stopped after %s by %s", grundy_quotient_order(q), grundy_quotient_p_size(q),
             REF_ORDER, REF_HEAP, bench_fmt_time(b, spent),
             rc == GRUNDY_ECANCELED ? "the time" : rc == GRUNDY_OK ? "the bound"
                                                                    : grundy_quotient_errmsg(q));
    char figure[64], target[32];
    snprintf(figure, sizeof figure, "Q2 0.07 in %.0f s CPU: furthest heap", seconds);
    snprintf(target, sizeof target, "> %u", REF_HEAP);
    bench_row(figure, a, ref, NULL, target, bench_judge((double)heap, REF_HEAP + 1.0, 0), note);
    grundy_quotient_free(q);
    grundy_heap_game_free(g);
}

/* Q3's sums: every multiset of heaps 1 .. SUM_TOTAL with total at most it. */
typedef struct sums {
    grundy_heap_game *game;
    grundy_quotient *q;
    uint64_t heaps[SUM_TOTAL];
    unsigned char *outcome; /* of each sum, in the order visited */
    size_t count, cap;  /* sums decided */
    size_t p;           /* of which P */
    int by_quotient;
    int rc;
} sums;

/* Decides every sum extending heaps[0 .. n - 1] (non-increasing) with
 * heaps of at most `largest` and `left` more tokens. */
static void each_sum(sums *s, size_t n, uint64_t largest, uint64_t left)
{
    int o = s->by_quotient ? grundy_quotient_sum_outcome(s->q, s->heaps, n)
                           : grundy_heap_game_sum_outcome(s->game, GRUNDY_PLAY_MISERE |
                                                          GRUNDY_BY_SEARCH, s->heaps, n);
    if (o < 0) {
        s->rc = o;
        return;
    }
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 1024;
        s->outcome = bench_xrealloc(s->outcome, s->cap);
    }
    s->outcome[s->count++] = (unsigned char)o;
    s->p += o == GRUNDY_P;
    for (uint64_t h = largest < left ? largest : left; h >= 1 && s->rc == GRUNDY_OK; h--) {
        s->heaps[n] = h;
        each_sum(s, n + 1, h, left - h);
    }
}

static double run_sums(void *ctx)
{
    sums *s = (sums *)ctx;
    double t0 = bench_thread_cpu();
    s->count = s->p = 0;
    s->rc = grundy_heap_game_new(&s->game, NULL);
    if (s->rc == GRUNDY_OK)
        s->rc = grundy_heap_game_parse(s->game, "0.77", 4);
    if (s->rc == GRUNDY_OK && s->by_quotient)
        s->rc = grundy_quotient_new(&s->q, s->game, NULL);
    if (s->rc == GRUNDY_OK && s->by_quotient)
        s->rc = grundy_quotient_compute(s->q, 1000);
    if (s->rc == GRUNDY_OK)
        each_sum(s, 0, SUM_TOTAL, SUM_TOTAL);
    double t = bench_thread_cpu() - t0;
    grundy_quotient_free(s->q);
    grundy_heap_game_free(s->game);
    s->q = NULL;
    s->game = NULL;
    return t;
}

static void sums_both(void)
{
    sums by_q, by_search;
    memset(&by_q, 0, sizeof by_q);
    memset(&by_search, 0, sizeof by_search);
    by_q.by_quotient = 1;
    bench_side sides[] = {{run_sums, &by_q, 0}, {run_sums, &by_search, 0}};
    bench_alternate(sides, 2, 3);
    if (by_q.rc != GRUNDY_OK || by_search.rc != GRUNDY_OK) {
        bench_error("Q3 sums", by_q.rc != GRUNDY_OK ? by_q.rc : by_search.rc);
        return;
    }
    int same = by_q.count == by_search.count &&
               memcmp(by_q.outcome, by_search.outcome, by_q.count) == 0;
    free(by_q.outcome);
    free(by_search.outcome);
    if (!same) {
        bench_mismatch("Q3: the quotient and the search differ on a sum (%zu sums, %zu P by "
                       "the quotient; %zu, %zu P by the search)", by_q.count, by_q.p,
                       by_search.count, by_search.p);
        return;
    }
    char figure[64], a[32], b[32], ratio[32], note[96];
    snprintf(figure, sizeof figure, "Q3 0.77 misere sums of total <= %u", SUM_TOTAL);
    snprintf(note, sizeof note, "%zu sums, %zu P, the same both ways; baseline: the search",
             by_q.count, by_q.p);
    bench_row(figure, bench_fmt_time(a, sides[0].best), bench_fmt_time(b, sides[1].best),
              bench_fmt_ratio(ratio, sides[1].best / sides[0].best), NULL, BENCH_INFO, note);
}

void bench_quotient(const bench_config *cfg)
{
    bench_section("Q. misere quotients (Q1 whole processes, wall time, best of 5; Q2, Q3 "
                  "thread CPU time)");
    solve_times();
    (void)cfg;
    reach(REACH_S);
    sums_both();
}
