/* SPDX-License-Identifier: MIT */
/* Figure E: nim multiplication of 64-bit nimbers.
 *
 * The library: grundy_nimber_mul() with a grundy_nimber handle (and, as
 * information, with NULL, its table-free method).  The baseline: the plain
 * recursive method.  Write a = a1 X + a0 with X = 2^h, h half the width; X is
 * a Fermat 2-power, so X (x) X = X + X/2, and
 *     a (x) b = (m + l) X + l + (a1 (x) b1) (x) X/2,
 * with l = a0 (x) b0 and m = (a0 + a1) (x) (b0 + b1) (Karatsuba), where + is
 * xor: four half-width products per product, down to single bits.
 *
 * Operands are uniform 64-bit numbers.  The rate is measured over
 * RATE_PRODUCTS products; "10^6 products" counts building the handle too.
 * Each timing is the best of REPEAT runs. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define PAIRS (1u << 20)        /* operand pairs, reused round-robin */
#define RATE_PRODUCTS 4000000u
#define MILLION 1000000u
#define BASE_PRODUCTS 100000u  /* the baseline is slow: its rate from fewer */
#define REPEAT 3

/* The nim product of a and b, both below 2^bits (bits a power of two). */
static uint64_t plain_nim_mul(uint64_t a, uint64_t b, unsigned bits)
{
    if (a < 2 || b < 2)
        return a * b;
    unsigned h = bits / 2;
    uint64_t mask = ((uint64_t)1 << h) - 1;
    uint64_t a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    uint64_t lo = plain_nim_mul(a0, b0, h);
    uint64_t hi = plain_nim_mul(a1, b1, h);
    uint64_t mid = plain_nim_mul(a0 ^ a1, b0 ^ b1, h);
    return (mid ^ lo) << h | (lo ^ plain_nim_mul(hi, (uint64_t)1 << (h - 1), h));
}

/* Known products, so the baseline is checked even without the library. */
static int plain_self_test(void)
{
    static const uint64_t t[][3] = {
        {2, 2, 3}, {2, 3, 1}, {4, 4, 6}, {8, 8, 13}, {16, 16, 24}, {3, 7, 14},
        {0, 12345, 0}, {1, 0xdeadbeefull, 0xdeadbeefull},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (plain_nim_mul(t[i][0], t[i][1], 64) != t[i][2] ||
            plain_nim_mul(t[i][1], t[i][0], 64) != t[i][2]) {
            bench_mismatch("nimbers: the baseline's %llu (x) %llu is not %llu",
                           (unsigned long long)t[i][0], (unsigned long long)t[i][1],
                           (unsigned long long)t[i][2]);
            return 0;
        }
    }
    return 1;
}

#ifdef BENCH_HAVE_grundy_nimber_new

static volatile uint64_t sink;

typedef struct run {
    double seconds;
    uint64_t acc;   /* xor of the products: keeps the loop honest */
} run;

static run lib_products(const grundy_nimber *nb, const uint64_t *a, const uint64_t *b,
                        uint32_t count)
{
    run r = {0.0, 0};
    double t0 = bench_now();
    for (uint32_t i = 0; i < count; i++)
        r.acc ^= grundy_nimber_mul(nb, a[i & (PAIRS - 1)], b[i & (PAIRS - 1)]);
    r.seconds = bench_now() - t0;
    return r;
}

static run plain_products(const uint64_t *a, const uint64_t *b, uint32_t count)
{
    run r = {0.0, 0};
    double t0 = bench_now();
    for (uint32_t i = 0; i < count; i++)
        r.acc ^= plain_nim_mul(a[i & (PAIRS - 1)], b[i & (PAIRS - 1)], 64);
    r.seconds = bench_now() - t0;
    return r;
}

/* The fastest of REPEAT runs, of the library (plain 0) or the baseline. */
static run best_of(const grundy_nimber *nb, const uint64_t *a, const uint64_t *b,
                   uint32_t count, int plain)
{
    run best = {1e30, 0};
    for (int k = 0; k < REPEAT; k++) {
        run r = plain ? plain_products(a, b, count) : lib_products(nb, a, b, count);
        if (r.seconds < best.seconds)
            best = r;
    }
    return best;
}

void bench_nimber(const bench_config *cfg)
{
    char l[32], b[32], r[32], note[96];
    (void)cfg;
    bench_section("E. nimbers: 64-bit nim products, library vs the plain recursion");
    int base_ok = plain_self_test();
    uint64_t *x = bench_xmalloc(PAIRS * sizeof *x), *y = bench_xmalloc(PAIRS * sizeof *y);
    uint64_t s = 0x853c49e6748fea9bull;
    for (uint32_t i = 0; i < PAIRS; i++) {
        x[i] = bench_rand(&s);
        y[i] = bench_rand(&s);
    }

    /* 10^6 products from a cold start: build the handle, multiply, free.
     * Every timing is the best of REPEAT runs (the machine may be shared). */
    bench_counter cnt = {0, 0};
    grundy_allocator alloc = bench_counting_allocator(&cnt);
    grundy_nimber *nb = NULL;
    double build_s = 0.0, million_s = 1e30;
    run cold = {0.0, 0};
    for (int k = 0; k < REPEAT; k++) {
        grundy_nimber_free(nb);
        nb = NULL;
        double t0 = bench_now();
        int rc = grundy_nimber_new(&nb, &alloc);
        double t1 = bench_now();
        if (rc != GRUNDY_OK) {
            bench_error("grundy_nimber_new", rc);
            free(x);
            free(y);
            return;
        }
        cold = lib_products(nb, x, y, MILLION);
        if (t1 - t0 + cold.seconds < million_s) {
            million_s = t1 - t0 + cold.seconds;
            build_s = t1 - t0;
        }
    }
    size_t table_bytes = cnt.live;

    run fast = best_of(nb, x, y, RATE_PRODUCTS, 0);
    run slow = best_of(NULL, x, y, MILLION, 0);
    run base = best_of(NULL, x, y, BASE_PRODUCTS, 1);

    /* Identical results: every product the baseline made, one by one, and
     * the accumulated xors of the timed runs. */
    bench_verdict same = base_ok ? BENCH_MET : BENCH_MISMATCH;
    uint64_t lib_acc = 0;
    for (uint32_t i = 0; i < BASE_PRODUCTS && same != BENCH_MISMATCH; i++) {
        uint64_t want = plain_nim_mul(x[i], y[i], 64);
        uint64_t got = grundy_nimber_mul(nb, x[i], y[i]);
        uint64_t got0 = grundy_nimber_mul(NULL, x[i], y[i]);
        lib_acc ^= got;
        if (got != want || got0 != want) {
            bench_mismatch("nimbers: %#llx (x) %#llx: library %#llx (NULL handle %#llx), "
                           "baseline %#llx", (unsigned long long)x[i], (unsigned long long)y[i],
                           (unsigned long long)got, (unsigned long long)got0,
                           (unsigned long long)want);
            same = BENCH_MISMATCH;
        }
    }
    if (same != BENCH_MISMATCH && (lib_acc != base.acc || cold.acc != slow.acc)) {
        bench_mismatch("nimbers: the timed runs disagree");
        same = BENCH_MISMATCH;
    }

    double lib_rate = RATE_PRODUCTS / fast.seconds;
    double base_rate = BASE_PRODUCTS / base.seconds;
    double base_million = MILLION / base_rate;
    bench_verdict v = same == BENCH_MISMATCH ? same : bench_judge(lib_rate, 2e7, 0);
    snprintf(note, sizeof note, "baseline rate from %u products", (unsigned)BASE_PRODUCTS);
    bench_row("E nim_mul with a handle", bench_fmt_rate(l, lib_rate, "/s"),
              bench_fmt_rate(b, base_rate, "/s"), bench_fmt_ratio(r, lib_rate / base_rate),
              ">= 2e7/s", v, note);
    v = same == BENCH_MISMATCH ? same : bench_judge(million_s, 0.05, 1);
    char tb[16];
    snprintf(note, sizeof note, "handle built in %s (%s); baseline: from its rate",
             bench_fmt_time(tb, build_s), bench_fmt_bytes(r, (double)table_bytes));
    bench_row("E 10^6 products (incl. handle new)", bench_fmt_time(l, million_s),
              bench_fmt_time(b, base_million), bench_fmt_ratio(r, base_million / million_s),
              "<= 50 ms", v, note);
    double null_rate = MILLION / slow.seconds;
    bench_row("E nim_mul with NULL (no tables)", bench_fmt_rate(l, null_rate, "/s"),
              bench_fmt_rate(b, base_rate, "/s"), bench_fmt_ratio(r, null_rate / base_rate),
              NULL, same == BENCH_MISMATCH ? same : BENCH_INFO, NULL);
    sink ^= fast.acc; /* every product of the timed runs is used */
    grundy_nimber_free(nb);
    free(x);
    free(y);
}

#else

void bench_nimber(const bench_config *cfg)
{
    (void)cfg;
    bench_section("E. nimbers: 64-bit nim products, library vs the plain recursion");
    plain_self_test();
    bench_row("E nim_mul with a handle", "not available", NULL, NULL, ">= 2e7/s", BENCH_NA,
              "this libgrundy has no grundy_nimber_new");
    bench_row("E 10^6 products (incl. handle new)", "not available", NULL, NULL, "<= 50 ms",
              BENCH_NA, NULL);
}

#endif
