/* SPDX-License-Identifier: MIT */
/* The benchmark suite: timing, randomness, counting allocator, the table. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"

/* ---- time and randomness ------------------------------------------------ */

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double clock_seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_thread_cpu(void)
{
    return clock_seconds(CLOCK_THREAD_CPUTIME_ID);
}

double bench_process_cpu(void)
{
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

void bench_alternate(bench_side *sides, size_t n, unsigned runs)
{
    for (size_t i = 0; i < n; i++)
        sides[i].best = -1.0;
    for (unsigned r = 0; r < runs; r++) {
        for (size_t i = 0; i < n; i++) {
            double t = sides[i].run(sides[i].ctx);
            if (sides[i].best < 0.0 || t < sides[i].best)
                sides[i].best = t;
        }
    }
}

uint64_t bench_rand(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dull;
}

uint64_t bench_below(uint64_t *state, uint64_t bound)
{
    return bench_rand(state) % bound;
}

/* ---- memory ------------------------------------------------------------- */

/* Each block carries its requested size in front, so realloc and free can
 * keep the count exact.  The header is 16 bytes to keep malloc's alignment. */
#define HEADER 16u

static void count_add(bench_counter *c, size_t size)
{
    c->live += size;
    if (c->live > c->peak)
        c->peak = c->live;
}

static void *count_malloc(void *user, size_t size)
{
    unsigned char *p = malloc(size + HEADER);
    if (p == NULL)
        return NULL;
    *(size_t *)(void *)p = size;
    count_add(user, size);
    return p + HEADER;
}

static void *count_realloc(void *user, void *ptr, size_t size)
{
    bench_counter *c = user;
    unsigned char *old = (unsigned char *)ptr - HEADER;
    size_t old_size = *(size_t *)(void *)old;
    unsigned char *p = realloc(old, size + HEADER);
    if (p == NULL)
        return NULL;
    *(size_t *)(void *)p = size;
    c->live -= old_size;
    count_add(c, size);
    return p + HEADER;
}

static void count_free(void *user, void *ptr)
{
    bench_counter *c = user;
    unsigned char *p = (unsigned char *)ptr - HEADER;
    c->live -= *(size_t *)(void *)p;
    free(p);
}

grundy_allocator bench_counting_allocator(bench_counter *c)
{
    grundy_allocator a = {count_malloc, count_realloc, count_free, c};
    return a;
}

static void out_of_memory(size_t size)
{
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", size);
    exit(2);
}

void *bench_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        out_of_memory(size);
    return p;
}

void *bench_xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        out_of_memory(count * size);
    return p;
}

void *bench_xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (p == NULL)
        out_of_memory(size);
    return p;
}

/* ---- the table ---------------------------------------------------------- */

static int met, missed, failed;

const char *bench_fmt_time(char *buf, double s)
{
    if (s < 1e-3)
        snprintf(buf, 16, "%.0f us", s * 1e6);
    else if (s < 1.0)
        snprintf(buf, 16, "%.1f ms", s * 1e3);
    else if (s < 100.0)
        snprintf(buf, 16, "%.2f s", s);
    else
        snprintf(buf, 16, "%.0f s", s);
    return buf;
}

const char *bench_fmt_rate(char *buf, double r, const char *unit)
{
    snprintf(buf, 24, "%.2e %s", r, unit);
    return buf;
}

const char *bench_fmt_ratio(char *buf, double r)
{
    if (r >= 1000.0)
        snprintf(buf, 16, "%.0fx", r);
    else if (r >= 10.0)
        snprintf(buf, 16, "%.1fx", r);
    else
        snprintf(buf, 16, "%.2fx", r);
    return buf;
}

const char *bench_fmt_bytes(char *buf, double b)
{
    if (b < 1024.0)
        snprintf(buf, 16, "%.1f B", b);
    else if (b < 1048576.0)
        snprintf(buf, 16, "%.1f KiB", b / 1024.0);
    else
        snprintf(buf, 16, "%.1f MiB", b / 1048576.0);
    return buf;
}

void bench_section(const char *title)
{
    printf("%s\n", title);
    fflush(stdout);
}

void bench_row(const char *figure, const char *library, const char *baseline,
               const char *ratio, const char *target, bench_verdict verdict, const char *note)
{
    static const char *const words[] = {"-", "yes", "NO", "(yes)", "(no)", "n/a", "MISMATCH"};
    if (verdict == BENCH_MET)
        met++;
    else if (verdict == BENCH_MISSED)
        missed++;
    printf("  %-34s %13s %13s %9s %12s  ", figure, library ? library : "-",
           baseline ? baseline : "-", ratio ? ratio : "-", target ? target : "-");
    if (note != NULL)
        printf("%-5s  %s\n", words[verdict], note);
    else
        printf("%s\n", words[verdict]);
    fflush(stdout);
}

void bench_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("      ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
}

void bench_mismatch(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("MISMATCH: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
    failed++;
}

void bench_error(const char *what, int status)
{
    printf("ERROR: %s: %s\n", what, grundy_strerror(status));
    fflush(stdout);
    failed++;
}

bench_verdict bench_judge(double value, double target, int at_most)
{
    int ok = at_most ? value <= target : value >= target;
    return ok ? BENCH_MET : BENCH_MISSED;
}

int bench_met(void)
{
    return met;
}

int bench_missed(void)
{
    return missed;
}

int bench_failed(void)
{
    return failed;
}
