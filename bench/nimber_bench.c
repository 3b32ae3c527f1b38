/* SPDX-License-Identifier: MIT */
/* Throughput of nim multiplication in the field of order 2^64.
 *
 *   nimber_bench [MILLIONS]     (default 10: 10^7 products with the tables)
 *
 * Reports products per second with a handle's tables and without them, the
 * time of 10^6 products (the compute load of the Library Checker problem
 * nim_product_64, whose input is up to 10^6 pairs), the time to build the
 * tables, and the cost of grundy_nimber_inv() and grundy_nimber_pow().  Operands
 * are random 64-bit numbers read from arrays, as a judge solution reads
 * its input; each figure is the best of three runs, in CPU time (the
 * process's own, so other load on the machine does not count), with the
 * wall-clock time of the main figure beside it. */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "grundy.h"

#define PAIRS 1000000u /* operand pairs in memory, reused round after round */
#define RUNS 3

static double clock_seconds(clockid_t which)
{
    struct timespec ts;
    clock_gettime(which, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
    return clock_seconds(CLOCK_PROCESS_CPUTIME_ID);
}

/* Wall-clock seconds of the best run of the last time_products(). */
static double last_wall;

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* The sum of the results keeps the compiler from dropping the products. */
static uint64_t checksum;

/* Seconds for `count` products over the pairs, best of RUNS. */
static double time_products(const grundy_nimber *nb, const uint64_t *a, const uint64_t *b,
                            uint64_t count)
{
    double best = 1e30;
    for (int run = 0; run < RUNS; run++) {
        uint64_t sum = 0;
        const double w0 = clock_seconds(CLOCK_MONOTONIC), t0 = now();
        for (uint64_t k = 0; k < count; k++)
            sum ^= grundy_nimber_mul(nb, a[k % PAIRS], b[k % PAIRS]);
        const double t = now() - t0, w = clock_seconds(CLOCK_MONOTONIC) - w0;
        checksum ^= sum;
        if (t < best) {
            best = t;
            last_wall = w;
        }
    }
    return best;
}

/* Seconds per call of inv (pow = 0) or of pow with a random exponent. */
static double time_inv_pow(const grundy_nimber *nb, const uint64_t *a, const uint64_t *b,
                           uint64_t count, int pow)
{
    double best = 1e30;
    for (int run = 0; run < RUNS; run++) {
        uint64_t sum = 0;
        const double t0 = now();
        for (uint64_t k = 0; k < count; k++) {
            uint64_t r = 0;
            if (pow)
                r = grundy_nimber_pow(nb, a[k], b[k]);
            else if (grundy_nimber_inv(nb, a[k] | 1, &r) != GRUNDY_OK)
                return -1;
            sum ^= r;
        }
        const double t = now() - t0;
        checksum ^= sum;
        if (t < best)
            best = t;
    }
    return best / (double)count;
}

int main(int argc, char **argv)
{
    unsigned long millions = 10;
    if (argc > 2 || (argc == 2 && (millions = strtoul(argv[1], NULL, 10)) == 0)) {
        fprintf(stderr, "usage: nimber_bench [MILLIONS]\n");
        return 2;
    }
    uint64_t *a = malloc(PAIRS * sizeof *a), *b = malloc(PAIRS * sizeof *b);
    if (a == NULL || b == NULL) {
        fprintf(stderr, "nimber_bench: out of memory\n");
        return 1;
    }
    for (unsigned i = 0; i < PAIRS; i++) {
        a[i] = next_rand();
        b[i] = next_rand();
    }

    grundy_nimber *nb = NULL;
    double build = 1e30;
    for (int run = 0; run < RUNS; run++) {
        grundy_nimber_free(nb);
        const double t0 = now();
        const int rc = grundy_nimber_new(&nb, NULL);
        const double t = now() - t0;
        if (rc != GRUNDY_OK) {
            fprintf(stderr, "nimber_bench: grundy_nimber_new: %s\n", grundy_strerror(rc));
            return 1;
        }
        if (t < build)
            build = t;
    }
    printf("building the tables: %.3f ms\n", build * 1e3);

    const uint64_t count = (uint64_t)millions * 1000000u;
    double t = time_products(nb, a, b, count);
    printf("with tables: %" PRIu64 " products in %.1f ms: %.3g products/s (%.1f ns each; "
           "wall clock %.1f ms)\n",
           count, t * 1e3, (double)count / t, t * 1e9 / (double)count, last_wall * 1e3);
    t = time_products(nb, a, b, 1000000u);
    printf("nim_product_64 judge load (10^6 products): %.1f ms\n", t * 1e3);

    const uint64_t slow_count = 100000u;
    t = time_products(NULL, a, b, slow_count);
    printf("table-free: %" PRIu64 " products in %.1f ms: %.3g products/s (%.0f ns each)\n",
           slow_count, t * 1e3, (double)slow_count / t, t * 1e9 / (double)slow_count);
    printf("table-free judge load (10^6 products): %.0f ms (estimated)\n",
           t * 1e3 * 1e6 / (double)slow_count);

    printf("grundy_nimber_inv: %.0f ns with tables, %.0f ns table-free\n",
           time_inv_pow(nb, a, b, 100000u, 0) * 1e9, time_inv_pow(NULL, a, b, 2000u, 0) * 1e9);
    printf("grundy_nimber_pow (64-bit exponent): %.0f ns with tables, %.0f ns table-free\n",
           time_inv_pow(nb, a, b, 100000u, 1) * 1e9, time_inv_pow(NULL, a, b, 200u, 1) * 1e9);
    printf("(checksum %016" PRIx64 ")\n", checksum);

    grundy_nimber_free(nb);
    free(a);
    free(b);
    return 0;
}
