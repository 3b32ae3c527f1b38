/* SPDX-License-Identifier: MIT */
/* A tiny test harness: CHECK records a pass or a failure (with its place),
 * RUN runs one test function unless a filter leaves it out, and
 * harness_done() prints "N passed, N failed" as the program's last line. */
#ifndef GRUNDY_TEST_HARNESS_H
#define GRUNDY_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long harness_passed, harness_failed;

#define CHECK(cond) harness_check((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) harness_check_eq((long long)(a), (long long)(b), #a, #b, __FILE__, __LINE__)

static inline int harness_check(int ok, const char *what, const char *file, int line)
{
    if (ok) {
        harness_passed++;
    } else {
        harness_failed++;
        if (harness_failed <= 50)
            fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
    }
    return ok;
}

static inline int harness_check_eq(long long a, long long b, const char *ea, const char *eb,
                            const char *file, int line)
{
    if (a == b) {
        harness_passed++;
        return 1;
    }
    harness_failed++;
    if (harness_failed <= 50)
        fprintf(stderr, "%s:%d: FAILED: %s == %s (%lld != %lld)\n", file, line, ea, eb, a, b);
    return 0;
}

/* GRUNDY_TEST_QUICK shrinks the randomized loops (used under the sanitizers). */
static inline int harness_quick(void)
{
    const char *q = getenv("GRUNDY_TEST_QUICK");
    return q != NULL && *q != '\0' && *q != '0';
}

/* GRUNDY_TEST_FILTER (make check T=test_game F=PATTERN) runs only the test
 * functions whose name contains PATTERN.  A program the filter leaves empty
 * says so and passes nothing; test/run.sh fails a filter that selects no test
 * in any suite, so that a mistyped pattern is not taken for a pass. */
static unsigned long harness_ran;

static inline const char *harness_filter(void)
{
    const char *f = getenv("GRUNDY_TEST_FILTER");
    return f != NULL && *f != '\0' ? f : NULL;
}

/* Whether the test function NAME runs; counts it when it does. */
static inline int harness_selected(const char *name)
{
    const char *f = harness_filter();
    if (f != NULL && strstr(name, f) == NULL)
        return 0;
    harness_ran++;
    return 1;
}

#define RUN(fn) (harness_selected(#fn) ? (fn)() : (void)0)
#define RUN1(fn, arg) (harness_selected(#fn) ? (fn)(arg) : (void)0)

/* A file name of this process's own under build/test: the same program may
 * run twice at once (make check beside make sanitize or make valgrind, or
 * the single-header build of it), and a shared name would let one run
 * overwrite the other's file.  Needs _POSIX_C_SOURCE (getpid) defined by
 * the test before its first include. */
#ifdef _POSIX_C_SOURCE
#include <unistd.h>
static inline const char *harness_path(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "build/test/%s.%ld", name, (long)getpid());
    return buf;
}
#endif

static inline int harness_done(void)
{
    if (harness_filter() != NULL && harness_ran == 0)
        fprintf(stderr, "no test function matches GRUNDY_TEST_FILTER '%s'\n", harness_filter());
    printf("%lu passed, %lu failed\n", harness_passed, harness_failed);
    return harness_failed == 0 ? 0 : 1;
}

/* A small deterministic PRNG (splitmix64) so failures reproduce. */
static unsigned long long harness_rng_state = 0x9e3779b97f4a7c15ull;

static inline unsigned long long harness_rand(void)
{
    unsigned long long z = (harness_rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform in [0, n); n > 0. */
static inline unsigned long long harness_below(unsigned long long n)
{
    return harness_rand() % n;
}

#endif
