/* SPDX-License-Identifier: MIT */
/* Section "threads": threads that never cost, and the `grundy` tool as a
 * whole process.
 *
 * T1: a heap game computed with the suite's threads (BENCH_THREADS, else
 *     one per processor) against one thread, on the machine as it is: wall
 *     time, which the user waits, best of RUNS, the sides alternated.
 * T2: the same with one busy process per processor beside it (children that
 *     spin; killed and reaped after, and set to die on their own if the
 *     suite does not).
 * T3: `grundy values grundy N` (bin/grundy) against the plain O(n^2) loop
 *     built as its own program (build/bench/grundy_loop), both run as whole
 *     processes with their output read through a pipe: wall time, and CPU
 *     time from wait4's rusage.  Both must print the same line.
 * Every run of a side must give the values of every other. */
#define _DEFAULT_SOURCE /* wait4 */
#define GRUNDY_EXPERIMENTAL /* set_threads, set_period_detection */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "bench.h"

#define RUNS 5                    /* each side's figure is the best of so many */
#define HEAP_GAME "grundy"        /* T1, T2: Grundy's game ... */
#define HEAP_COUNT 100000u        /* ... to so many values (0.1-0.3 s here) */
#define TOOL_COUNT "100000"       /* T3: `grundy values grundy 100000` */
#define MAX_SLOWER 1.1            /* T1, T2: threads may take at most this times one's time */
#define TOOL_TARGET 4.0           /* T3: the tool at least this much faster than the loop */
#define LOAD_LIFE 600u            /* seconds a busy child lives at most, whatever happens */

/* ---- T1 and T2: the library on N threads and on one -------------------- */

#ifdef BENCH_HAVE_grundy_heap_game_set_threads

typedef struct heap_side {
    unsigned threads;
    double wall, cpu;  /* best wall time, and the CPU time of that run */
    uint32_t *values;  /* of the first run */
    int ok;
} heap_side;

/* One computation from scratch; its values go to out.  0, or -1 after a
 * reported failure. */
static int heap_once(unsigned threads, uint32_t *out, double *wall, double *cpu)
{
    grundy_heap_game *g = NULL;
    int rc = grundy_heap_game_new(&g, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_heap_game_parse(g, HEAP_GAME, strlen(HEAP_GAME));
    if (rc == GRUNDY_OK) {
        grundy_heap_game_set_threads(g, threads);
        grundy_heap_game_set_period_detection(g, 0);
        double t0 = bench_now(), c0 = bench_process_cpu();
        rc = grundy_heap_game_compute(g, HEAP_COUNT);
        *wall = bench_now() - t0;
        *cpu = bench_process_cpu() - c0;
    }
    if (rc == GRUNDY_OK)
        rc = grundy_heap_game_values(g, GRUNDY_PLAY_NORMAL, 0, HEAP_COUNT, out);
    grundy_heap_game_free(g);
    if (rc != GRUNDY_OK) {
        bench_error(HEAP_GAME, rc);
        return -1;
    }
    return 0;
}

/* RUNS runs of each side, alternated; every run's values are checked
 * against the first side's first run.  Returns 1 if all agree. */
static int heap_compare(heap_side *sides, size_t n)
{
    uint32_t *scratch = bench_xmalloc(HEAP_COUNT * sizeof *scratch);
    int same = 1;
    for (size_t i = 0; i < n; i++) {
        sides[i].values = bench_xmalloc(HEAP_COUNT * sizeof *sides[i].values);
        sides[i].ok = 1;
        sides[i].wall = -1.0;
    }
    for (unsigned r = 0; r < RUNS; r++) {
        for (size_t i = 0; i < n; i++) {
            double wall, cpu;
            uint32_t *out = r == 0 ? sides[i].values : scratch;
            if (!sides[i].ok || heap_once(sides[i].threads, out, &wall, &cpu) != 0) {
                sides[i].ok = 0;
                continue;
            }
            if (sides[i].wall < 0.0 || wall < sides[i].wall) {
                sides[i].wall = wall;
                sides[i].cpu = cpu;
            }
            if (same && memcmp(out, sides[0].values, HEAP_COUNT * sizeof *out) != 0) {
                size_t k = 0;
                while (out[k] == sides[0].values[k])
                    k++;
                bench_mismatch("%s on %u thread(s): G(%zu) = %u, on %u: %u", HEAP_GAME,
                               sides[i].threads, k, (unsigned)out[k], sides[0].threads,
                               (unsigned)sides[0].values[k]);
                same = 0;
            }
        }
    }
    free(scratch);
    for (size_t i = 0; i < n; i++)
        free(sides[i].values);
    return same;
}

/* One row of T1 or T2: threads against one. */
static void heap_row(const bench_config *cfg, const char *label, const char *machine)
{
    heap_side sides[2] = {{1, 0, 0, NULL, 0}, {cfg->threads, 0, 0, NULL, 0}};
    int same = heap_compare(sides, 2);
    char lib[16], base[16], ratio[16], c1[16], cn[16], note[160];
    if (!sides[0].ok || !sides[1].ok) {
        bench_row(label, "error", NULL, NULL, NULL, BENCH_MISSED, NULL);
        return;
    }
    /* Above 1 when the threads are faster; the target is the reciprocal of
     * "at most MAX_SLOWER times one thread's time". */
    double r = sides[0].wall / sides[1].wall;
    bench_verdict v = same ? bench_judge(r, 1.0 / MAX_SLOWER, 0) : BENCH_MISMATCH;
    snprintf(note, sizeof note, "%s; CPU %s on %u threads, %s on 1", machine,
             bench_fmt_time(cn, sides[1].cpu), cfg->threads, bench_fmt_time(c1, sides[0].cpu));
    bench_row(label, bench_fmt_time(lib, sides[1].wall), bench_fmt_time(base, sides[0].wall),
              bench_fmt_ratio(ratio, r), ">= 0.91x", v, note);
}

/* ---- T2: the busy processes --------------------------------------------- */

typedef struct load {
    pid_t pid[64];
    int n;
} load;

/* A child that spins until killed, or until LOAD_LIFE seconds pass, or
 * (Linux) until the suite ends.  It is an ordinary process whatever the
 * suite's own scheduling (under `chrt -f`, a real-time spinner could keep
 * the suite off its processor for good). */
static void spin_forever(void)
{
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    struct sched_param normal = {0};
    sched_setscheduler(0, SCHED_OTHER, &normal);
    alarm(LOAD_LIFE);
    volatile unsigned long x = 0;
    for (;;)
        x = x + 1;
}

static void load_stop(load *l)
{
    for (int i = 0; i < l->n; i++)
        kill(l->pid[i], SIGKILL);
    for (int i = 0; i < l->n; i++) {
        while (waitpid(l->pid[i], NULL, 0) < 0 && errno == EINTR)
            ;
    }
    l->n = 0;
}

/* One busy child per processor; 0, or -1 (none left running) if one could
 * not be started. */
static int load_start(load *l, long cpus)
{
    l->n = 0;
    fflush(NULL); /* nothing buffered is written twice */
    for (long i = 0; i < cpus && l->n < (int)(sizeof l->pid / sizeof l->pid[0]); i++) {
        pid_t pid = fork();
        if (pid == 0)
            spin_forever();
        if (pid < 0) {
            load_stop(l);
            return -1;
        }
        l->pid[l->n++] = pid;
    }
    return 0;
}
#endif /* BENCH_HAVE_grundy_heap_game_set_threads */

/* ---- T3: whole processes ------------------------------------------------- */

typedef struct proc_side {
    char *const *argv;
    bench_proc_run best;     /* the run of least wall time */
    char *first;       /* the first run's output */
    size_t first_len;
    int ok;
} proc_side;

/* RUNS runs of each side, alternated; each run's output must be the loop's
 * (side 0) first output.  Returns 1 if all agree. */
static int proc_compare(proc_side *sides, size_t n)
{
    int same = 1;
    for (size_t i = 0; i < n; i++) {
        sides[i].ok = 1;
        sides[i].first = NULL;
        sides[i].first_len = 0;
        sides[i].best.wall = -1.0;
    }
    for (unsigned r = 0; r < RUNS; r++) {
        for (size_t i = 0; i < n; i++) {
            if (!sides[i].ok)
                continue;
            bench_proc_run run = bench_run_process(sides[i].argv);
            if (!run.ok) {
                bench_note("%s exited with an error or could not be run", sides[i].argv[0]);
                sides[i].ok = 0;
                free(run.out);
                continue;
            }
            if (sides[i].best.wall < 0.0 || run.wall < sides[i].best.wall) {
                sides[i].best = run;
                sides[i].best.out = NULL; /* kept below, or freed */
            }
            if (same && sides[0].first != NULL &&
                (run.len != sides[0].first_len || memcmp(run.out, sides[0].first, run.len) != 0)) {
                bench_mismatch("%s printed other values than %s", sides[i].argv[0],
                               sides[0].argv[0]);
                same = 0;
            }
            if (r == 0) {
                sides[i].first = run.out;
                sides[i].first_len = run.len;
            } else {
                free(run.out);
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        free(sides[i].first);
    return same;
}

static void tool_row(void)
{
    const char *label = "T3. grundy values grundy 10^5";
    char tool[4096], loop[4096];
    bench_program_path(tool, sizeof tool, "bin/grundy");
    bench_program_path(loop, sizeof loop, "build/bench/grundy_loop");
    if (access(tool, X_OK) != 0 || access(loop, X_OK) != 0) {
        bench_row(label, NULL, NULL, NULL, ">= 4x", BENCH_NA, "no bin/grundy or grundy_loop: "
                  "make bench builds them");
        return;
    }
    char *const tool_argv[] = {tool, "values", HEAP_GAME, TOOL_COUNT, NULL};
    char *const loop_argv[] = {loop, TOOL_COUNT, NULL};
    proc_side sides[2] = {{loop_argv, {0}, NULL, 0, 0}, {tool_argv, {0}, NULL, 0, 0}};
    int same = proc_compare(sides, 2);
    if (!sides[0].ok || !sides[1].ok) {
        bench_row(label, "error", NULL, NULL, ">= 4x", BENCH_MISSED, NULL);
        return;
    }
    char lib[16], base[16], ratio[16], c1[16], c2[16], note[160];
    double r = sides[0].best.wall / sides[1].best.wall;
    bench_verdict v = same ? bench_judge(r, TOOL_TARGET, 0) : BENCH_MISMATCH;
    snprintf(note, sizeof note, "whole processes, wall; CPU %s against %s",
             bench_fmt_time(c1, sides[1].best.cpu), bench_fmt_time(c2, sides[0].best.cpu));
    bench_row(label, bench_fmt_time(lib, sides[1].best.wall),
              bench_fmt_time(base, sides[0].best.wall), bench_fmt_ratio(ratio, r), ">= 4x", v,
              note);
}

/* ---- the section --------------------------------------------------------- */

void bench_threads(const bench_config *cfg)
{
    bench_section("T. heap games on threads against one thread (wall time, best of 5, "
                  HEAP_GAME " to 10^5), and the tool");
#ifndef BENCH_HAVE_grundy_heap_game_set_threads
    (void)cfg;
    bench_row("T1-T2. threads", NULL, NULL, NULL, ">= 0.91x", BENCH_NA,
              "no grundy_heap_game_set_threads in this library");
#else
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    heap_row(cfg, "T1. threads vs 1, no load", "no load added");
    load l;
    if (load_start(&l, cpus > 0 ? cpus : 1) != 0) {
        bench_row("T2. threads vs 1, busy", "error", NULL, NULL, ">= 0.91x", BENCH_MISSED,
                  "could not start the busy processes");
    } else {
        char machine[64];
        snprintf(machine, sizeof machine, "%d busy processes beside", l.n);
        heap_row(cfg, "T2. threads vs 1, busy", machine);
        load_stop(&l);
    }
#endif
    bench_note("T1-T2: library = %u threads, baseline = 1 thread; ratio = one thread's time "
               "/ the threads' (target: at most 1.1x the time)", cfg->threads);
    tool_row();
    bench_note("T3: library = the tool as a process, baseline = bench/grundy_loop.c (the "
               "plain loop) as a process");
}
