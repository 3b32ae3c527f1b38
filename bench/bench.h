/* SPDX-License-Identifier: MIT */
/* The benchmark suite (`make bench`): shared declarations.
 *
 * Every figure is measured twice in the same run, once through the public
 * API of libgrundy and once with a baseline written here, and printed on one
 * row with the ratio and the target.  Every comparison also checks that both
 * sides computed identical results; a difference is a MISMATCH, which makes
 * the program exit 1.  Missed targets do not change the exit status. */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "grundy.h"

/* ---- run settings ------------------------------------------------------- */

typedef struct bench_config {
    int full;         /* BENCH_FULL=1 or --full: the slow figures at full size */
    unsigned threads; /* BENCH_THREADS for heap games, else the online processors */
} bench_config;

/* ---- time and randomness ------------------------------------------------ */

/* Seconds on CLOCK_MONOTONIC. */
double bench_now(void);

/* CPU seconds of the calling thread: what a one-thread computation costs,
 * however many other processes share the machine. */
double bench_thread_cpu(void);

/* CPU seconds of every thread of the process. */
double bench_process_cpu(void);

/* One side of a comparison timed by bench_alternate(). */
typedef struct bench_side {
    double (*run)(void *ctx); /* one run from scratch; returns its seconds */
    void *ctx;
    double best;              /* out: the least of its runs */
} bench_side;

/* Runs each of the n sides `runs` times, one run of each in turn, so that
 * every side meets the machine in the same states, and keeps each side's
 * best time. */
void bench_alternate(bench_side *sides, size_t n, unsigned runs);

/* xorshift64*: a fixed, fast, portable sequence (state must not be 0). */
uint64_t bench_rand(uint64_t *state);

/* A uniform number below bound (bound > 0; the tiny modulo bias is irrelevant). */
uint64_t bench_below(uint64_t *state, uint64_t bound);

/* ---- memory ------------------------------------------------------------- */

/* Counts the bytes requested through it: what is live and the peak. */
typedef struct bench_counter {
    size_t live, peak;
} bench_counter;

/* An allocator for libgrundy that counts into c (malloc underneath). */
grundy_allocator bench_counting_allocator(bench_counter *c);

/* malloc that ends the program with a message when memory runs out (for the
 * baselines and the test data; the library's own failures are reported). */
void *bench_xmalloc(size_t size);
void *bench_xcalloc(size_t count, size_t size);
void *bench_xrealloc(void *ptr, size_t size);

/* ---- whole processes ----------------------------------------------------- */

typedef struct bench_proc_run {
    char *out;          /* what it printed */
    size_t len;
    double wall, cpu;
    int ok;             /* exit status 0 */
} bench_proc_run;

/* Runs argv as a process with its standard output into a pipe that is read
 * to the end: wall time from before the fork to after wait4, CPU time from
 * wait4's rusage.  The caller frees out. */
bench_proc_run bench_run_process(char *const argv[]);

/* root/path into buf: root is the checkout, found from this program's
 * place (build/bench/suite), else the working directory. */
void bench_program_path(char *buf, size_t cap, const char *path);

/* ---- the table ---------------------------------------------------------- */

/* What the ok column says, and whether the row counts. */
typedef enum bench_verdict {
    BENCH_INFO,     /* no target: "-" */
    BENCH_MET,      /* counted */
    BENCH_MISSED,   /* counted */
    BENCH_REF_MET,  /* a target scaled for reference only: not counted */
    BENCH_REF_MISSED,
    BENCH_NA,       /* not available in this build */
    BENCH_MISMATCH  /* the library and the baseline disagree: not counted as a
                     * target, but the program exits 1 (see bench_mismatch) */
} bench_verdict;

/* Formats a duration ("812 us", "12.3 ms", "4.56 s") into buf (>= 16 bytes). */
const char *bench_fmt_time(char *buf, double seconds);
/* Formats a rate with a unit, e.g. "3.41e6 pos/s". */
const char *bench_fmt_rate(char *buf, double per_second, const char *unit);
/* Formats a speed-up or other ratio, "12.3x". */
const char *bench_fmt_ratio(char *buf, double ratio);
/* Formats a byte count ("512 B", "37.4 MiB"). */
const char *bench_fmt_bytes(char *buf, double bytes);

/* Prints the heading of a section (a line of its own). */
void bench_section(const char *title);

/* Prints one row; any text may be NULL for "-".  note (may be NULL) follows
 * the ok column. */
void bench_row(const char *figure, const char *library, const char *baseline,
               const char *ratio, const char *target, bench_verdict verdict,
               const char *note);

/* Prints a free line of explanation under the rows (indented). */
void bench_note(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Records a difference between the library and a baseline: prints
 * "MISMATCH: ..." and makes the program exit 1. */
void bench_mismatch(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Records a library call that failed (not a cancellation asked for by the
 * suite): prints "ERROR: ..." and makes the program exit 1. */
void bench_error(const char *what, int status);

/* The verdict of "value >= target" (or "<=" when at_most), counted. */
bench_verdict bench_judge(double value, double target, int at_most);

/* Tallies of the rows and problems so far. */
int bench_met(void);
int bench_missed(void);
int bench_failed(void);

/* ---- the sections ------------------------------------------------------- */

void bench_heap(const bench_config *cfg);     /* figures A and B */
void bench_subtraction(const bench_config *cfg); /* figure S */
void bench_graph(const bench_config *cfg);    /* figure C */
void bench_game(const bench_config *cfg);     /* figure D */
void bench_nimber(const bench_config *cfg);   /* figure E */
void bench_threads(const bench_config *cfg);  /* T: threads that never cost, the tool */
void bench_arith(const bench_config *cfg);    /* figure G */
void bench_quotient(const bench_config *cfg); /* figure Q */

#endif
