/* SPDX-License-Identifier: MIT */
/* Nimbers: nim multiplication, powers and inverses, with and without tables.
 *
 * Two references written here, not shared with the library:
 * - the definition, a (x) b = mex{ a'(x)b ^ a(x)b' ^ a'(x)b' : a' < a, b' < b },
 *   computed for all a, b < 32;
 * - the products of powers of two by the Fermat 2-power rules (distinct
 *   Fermat 2-powers multiply as ordinary numbers; F (x) F = 3F/2), extended
 *   bit by bit by distributivity.  It is checked against the definition
 *   first, then serves for 64-bit numbers.
 * Then the field laws on random numbers, the Library Checker sample of
 * nim_product_64, and the handle's errors and allocation failures. */
#include <stdint.h>
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"

#define SMALL 32

static const uint64_t ALL = UINT64_MAX;

/* ---- The definition ---- */

static uint64_t mex_table[SMALL][SMALL];

/* Products of numbers below 32 lie in the field of the numbers below 256. */
static void build_mex_table(void)
{
    for (unsigned a = 0; a < SMALL; a++) {
        for (unsigned b = 0; b < SMALL; b++) {
            unsigned char seen[1024] = {0};
            for (unsigned a2 = 0; a2 < a; a2++)
                for (unsigned b2 = 0; b2 < b; b2++)
                    seen[mex_table[a2][b] ^ mex_table[a][b2] ^ mex_table[a2][b2]] = 1;
            uint64_t m = 0;
            while (seen[m])
                m++;
            mex_table[a][b] = m;
        }
    }
}

/* ---- The Fermat 2-power rules, bit by bit ---- */

static uint64_t pow2_memo[64][64]; /* 2^i (x) 2^j; 0 = not known yet */

static uint64_t pow2_product(unsigned i, unsigned j);

/* x (x) 2^e, by distributivity over the bits of x. */
static uint64_t times_pow2(uint64_t x, unsigned e)
{
    uint64_t r = 0;
    for (unsigned q = 0; q < 64; q++)
        if (x >> q & 1)
            r ^= pow2_product(q, e);
    return r;
}

/* 2^i is the product of the Fermat 2-powers F_t = 2^(2^t) for the bits t of
 * i.  Without a common bit they are all distinct: the ordinary product.  With
 * k the highest common bit, 2^i (x) 2^j = F_k (x) F_k (x) x where x is the
 * product with bit k taken out of both, and F_k (x) F_k = F_k ^ F_k / 2.
 * Every call made from here has a lower highest common bit, so it ends. */
static uint64_t pow2_product(unsigned i, unsigned j)
{
    if ((i & j) == 0)
        return (uint64_t)1 << (i | j);
    if (pow2_memo[i][j] != 0)
        return pow2_memo[i][j];
    unsigned k = 5;
    while (((i & j) >> k & 1) == 0)
        k--;
    const unsigned f = 1u << k; /* F_k = 2^f, F_k / 2 = 2^(f - 1) */
    const uint64_t x = pow2_product(i ^ f, j ^ f);
    const uint64_t r = times_pow2(x, f) ^ times_pow2(x, f - 1);
    pow2_memo[i][j] = pow2_memo[j][i] = r;
    return r;
}

static uint64_t ref_mul(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 64; i++)
        if (a >> i & 1)
            for (unsigned j = 0; j < 64; j++)
                if (b >> j & 1)
                    r ^= pow2_product(i, j);
    return r;
}

/* ---- Helpers ---- */

/* A random number of random width, so small and sparse numbers come too. */
static uint64_t rand_nimber(void)
{
    const unsigned width = (unsigned)harness_below(65);
    uint64_t x = harness_rand();
    if (width < 64)
        x &= ((uint64_t)1 << width) - 1;
    if (harness_below(8) == 0)
        x &= harness_rand(); /* sparse */
    return x;
}

static uint64_t pow_by_repetition(const grundy_nimber *nb, uint64_t a, unsigned e)
{
    uint64_t r = 1;
    while (e-- > 0)
        r = grundy_nimber_mul(nb, r, a);
    return r;
}

/* ---- Tests ---- */

static void test_definition(const grundy_nimber *nb)
{
    build_mex_table();
    int ok = 1;
    for (unsigned a = 0; a < SMALL; a++) {
        for (unsigned b = 0; b < SMALL; b++) {
            const uint64_t want = mex_table[a][b];
            ok &= ref_mul(a, b) == want;
            ok &= grundy_nimber_mul(NULL, a, b) == want;
            ok &= grundy_nimber_mul(nb, a, b) == want;
        }
    }
    CHECK(ok);
    /* A few entries as Winning Ways prints them. */
    CHECK_EQ(mex_table[2][2], 3);
    CHECK_EQ(mex_table[4][4], 6);
    CHECK_EQ(mex_table[8][8], 13);
    CHECK_EQ(mex_table[16][16], 24);
    CHECK_EQ(mex_table[3][7], 14);
}

/* Every product of two bytes, both ways, against the reference. */
static void test_bytes(const grundy_nimber *nb)
{
    int ok = 1;
    for (uint64_t a = 0; a < 256; a++) {
        for (uint64_t b = 0; b < 256; b++) {
            const uint64_t want = ref_mul(a, b);
            ok &= want < 256;
            ok &= grundy_nimber_mul(nb, a, b) == want;
            ok &= grundy_nimber_mul(NULL, a, b) == want;
        }
    }
    CHECK(ok);
}

/* The rules themselves, through the library. */
static void test_fermat_powers(const grundy_nimber *nb)
{
    for (unsigned k = 0; k < 6; k++) {
        const unsigned f = 1u << k;
        const uint64_t F = (uint64_t)1 << f;
        CHECK_EQ(grundy_nimber_mul(nb, F, F), F | F >> 1); /* 3F/2 */
        CHECK_EQ(grundy_nimber_mul(NULL, F, F), F | F >> 1);
        if (k == 5)
            break; /* F_6 = 2^64 is past the field */
        int ok = 1;
        for (int n = 0; n < 200; n++) {
            /* A number below F times F: an ordinary product. */
            const uint64_t x = harness_rand() & (F - 1);
            ok &= grundy_nimber_mul(nb, x, F) == x * F;
            ok &= grundy_nimber_mul(NULL, F, x) == x * F;
            /* Numbers below F form a subfield. */
            const uint64_t y = harness_rand() & (F - 1);
            ok &= grundy_nimber_mul(nb, x, y) < F;
            ok &= grundy_nimber_mul(NULL, x, y) < F;
            ok &= grundy_nimber_pow(nb, x, F) == x; /* x^(#subfield) = x */
        }
        CHECK(ok);
    }
    /* The distinct Fermat 2-powers 2^1, 2^2, 2^4, ..., 2^32 multiply as numbers. */
    uint64_t p = 1;
    for (unsigned k = 0; k < 6; k++)
        p = grundy_nimber_mul(nb, p, (uint64_t)1 << (1u << k));
    CHECK_EQ(p, (uint64_t)1 << 63);
}

static void test_against_reference(const grundy_nimber *nb)
{
    const int rounds = harness_quick() ? 300 : 3000;
    int ok_fast = 1, ok_slow = 1;
    for (int n = 0; n < rounds; n++) {
        const uint64_t a = rand_nimber(), b = rand_nimber();
        const uint64_t want = ref_mul(a, b);
        ok_fast &= grundy_nimber_mul(nb, a, b) == want;
        ok_slow &= grundy_nimber_mul(NULL, a, b) == want;
    }
    CHECK(ok_fast);
    CHECK(ok_slow);
    const uint64_t edge[] = {0, 1, 2, 3, 0xff, 0x100, 0xffff, 0x10000, 0xffffffff,
                             (uint64_t)1 << 32, (uint64_t)1 << 63, ALL, ALL - 1,
                             0x8000000080008080u, 0x5555555555555555u};
    const size_t n_edge = sizeof edge / sizeof edge[0];
    for (size_t i = 0; i < n_edge; i++) {
        for (size_t j = 0; j < n_edge; j++) {
            const uint64_t want = ref_mul(edge[i], edge[j]);
            CHECK(grundy_nimber_mul(nb, edge[i], edge[j]) == want);
            CHECK(grundy_nimber_mul(NULL, edge[i], edge[j]) == want);
        }
    }
}

/* Commutative, associative, distributive over xor; 1 is the unit. */
static void check_ring_laws(const grundy_nimber *nb, int rounds)
{
    int ok = 1;
    for (int n = 0; n < rounds; n++) {
        const uint64_t a = rand_nimber(), b = rand_nimber(), c = rand_nimber();
        const uint64_t ab = grundy_nimber_mul(nb, a, b);
        ok &= ab == grundy_nimber_mul(nb, b, a);
        ok &= grundy_nimber_mul(nb, ab, c) ==
              grundy_nimber_mul(nb, a, grundy_nimber_mul(nb, b, c));
        ok &= grundy_nimber_mul(nb, a, b ^ c) == (ab ^ grundy_nimber_mul(nb, a, c));
        ok &= grundy_nimber_mul(nb, a, 1) == a && grundy_nimber_mul(nb, 0, a) == 0;
    }
    CHECK(ok);
}

static void check_inverses(const grundy_nimber *nb, int rounds)
{
    int ok = 1;
    for (int n = 0; n < rounds; n++) {
        uint64_t a = rand_nimber(), inv = 0;
        if (a == 0)
            a = 1;
        ok &= grundy_nimber_inv(nb, a, &inv) == GRUNDY_OK;
        ok &= grundy_nimber_mul(nb, a, inv) == 1;
        /* Fermat: a^(2^64 - 1) = 1, so a^(2^64 - 2) is the inverse. */
        ok &= grundy_nimber_pow(nb, a, ALL - 1) == inv;
        ok &= grundy_nimber_pow(nb, a, ALL) == 1;
    }
    CHECK(ok);
    uint64_t inv = 0;
    CHECK_EQ(grundy_nimber_inv(nb, 1, &inv), GRUNDY_OK);
    CHECK_EQ(inv, 1);
    CHECK_EQ(grundy_nimber_inv(nb, 2, &inv), GRUNDY_OK);
    CHECK_EQ(inv, 3); /* 2 (x) 3 = 1 */
    CHECK_EQ(grundy_nimber_inv(nb, ALL, &inv), GRUNDY_OK);
    CHECK_EQ(grundy_nimber_mul(nb, ALL, inv), 1);
}

static void check_powers(const grundy_nimber *nb, int rounds)
{
    int ok = 1;
    for (int n = 0; n < rounds; n++) {
        const uint64_t a = rand_nimber(), b = rand_nimber();
        const unsigned small = (unsigned)harness_below(20);
        ok &= grundy_nimber_pow(nb, a, small) == pow_by_repetition(nb, a, small);
        const uint64_t e1 = harness_rand() >> 1, e2 = harness_rand() >> 1;
        ok &= grundy_nimber_pow(nb, a, e1 + e2) ==
              grundy_nimber_mul(nb, grundy_nimber_pow(nb, a, e1), grundy_nimber_pow(nb, a, e2));
        ok &= grundy_nimber_pow(nb, grundy_nimber_mul(nb, a, b), e1) ==
              grundy_nimber_mul(nb, grundy_nimber_pow(nb, a, e1), grundy_nimber_pow(nb, b, e1));
        /* Squaring is additive (the Frobenius map). */
        ok &= grundy_nimber_pow(nb, a ^ b, 2) ==
              (grundy_nimber_pow(nb, a, 2) ^ grundy_nimber_pow(nb, b, 2));
        /* Repeated squaring 64 times returns to a: a^(2^64) = a. */
        uint64_t s = a;
        for (int k = 0; k < 64; k++)
            s = grundy_nimber_pow(nb, s, 2);
        ok &= s == a;
    }
    CHECK(ok);
    CHECK_EQ(grundy_nimber_pow(nb, 0, 0), 1);
    CHECK_EQ(grundy_nimber_pow(nb, 0, 5), 0);
    CHECK_EQ(grundy_nimber_pow(nb, 12345, 0), 1);
    CHECK_EQ(grundy_nimber_pow(nb, 2, 3), 1); /* 2 (x) 2 = 3, 3 (x) 2 = 1 */
}

static void test_field_laws(const grundy_nimber *nb)
{
    const int quick = harness_quick();
    check_ring_laws(nb, quick ? 2000 : 20000);
    check_ring_laws(NULL, quick ? 30 : 300);
    check_inverses(nb, quick ? 500 : 5000);
    check_inverses(NULL, quick ? 5 : 40);
    check_powers(nb, quick ? 200 : 2000);
    check_powers(NULL, quick ? 2 : 10);
    /* The tables and the table-free method agree on the derived functions. */
    int ok = 1;
    for (int n = 0; n < (quick ? 5 : 40); n++) {
        const uint64_t a = rand_nimber() | 1, e = harness_rand();
        uint64_t i1 = 0, i2 = 0;
        ok &= grundy_nimber_inv(nb, a, &i1) == GRUNDY_OK;
        ok &= grundy_nimber_inv(NULL, a, &i2) == GRUNDY_OK;
        ok &= i1 == i2 && i1 == grundy_nimber_pow(NULL, a, ALL - 1);
        ok &= grundy_nimber_pow(nb, a, e) == grundy_nimber_pow(NULL, a, e);
    }
    CHECK(ok);
}

/* Library Checker nim_product_64, example_00 (/work/shared/contest/SAMPLES.md). */
static void test_library_checker_sample(const grundy_nimber *nb)
{
    static const uint64_t in[11][2] = {
        {5, 0}, {5, 1}, {5, 2}, {5, 3}, {5, 4}, {5, 5}, {5, 6}, {5, 7}, {5, 8},
        {3141, 5926}, {18446744073709551615u, 18446744073709551615u}};
    static const uint64_t out[11] = {0, 5, 10, 15, 2, 7, 8, 13, 3, 14994,
                                     11290409524105353207u};
    for (int i = 0; i < 11; i++) {
        CHECK(grundy_nimber_mul(nb, in[i][0], in[i][1]) == out[i]);
        CHECK(grundy_nimber_mul(NULL, in[i][0], in[i][1]) == out[i]);
        CHECK(ref_mul(in[i][0], in[i][1]) == out[i]);
    }
}

static void test_errors(const grundy_nimber *nb)
{
    uint64_t inv = 77;
    CHECK_EQ(grundy_nimber_inv(nb, 0, &inv), GRUNDY_ERANGE);
    CHECK_EQ(grundy_nimber_inv(NULL, 0, &inv), GRUNDY_ERANGE);
    CHECK_EQ(inv, 0); /* 0 on error, never left unset */
    CHECK_EQ(grundy_nimber_inv(nb, 5, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nimber_inv(NULL, 5, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nimber_new(NULL, NULL), GRUNDY_EINVAL);
    grundy_nimber_free(NULL);

    failing_alloc f = {0};
    grundy_allocator bad = failing_allocator(&f);
    bad.free_fn = NULL;
    grundy_nimber *h = (grundy_nimber *)&bad;
    CHECK_EQ(grundy_nimber_new(&h, &bad), GRUNDY_EINVAL);
    CHECK(h == NULL);
    CHECK_EQ(f.calls, 0);
}

/* Every allocation the handle makes, failed in turn: ENOMEM, no handle, no
 * leak; then a clean run whose memory all came from the allocator. */
static void test_allocation_failures(void)
{
    long n;
    for (n = 1; n < 1000; n++) {
        failing_alloc f = {.fail_at = n};
        grundy_allocator a = failing_allocator(&f);
        grundy_nimber *h = (grundy_nimber *)&f;
        const int rc = grundy_nimber_new(&h, &a);
        if (f.failures == 0) {
            CHECK_EQ(rc, GRUNDY_OK);
            CHECK(h != NULL && f.live > 0);
            CHECK(grundy_nimber_mul(h, 3141, 5926) == 14994);
            grundy_nimber_free(h);
            CHECK_EQ(f.live, 0);
            break;
        }
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(h == NULL);
        CHECK_EQ(f.live, 0);
    }
    CHECK(n > 1); /* the handle really allocates */
}

/* The former names (deprecated, still exported) give what the new ones give,
 * with tables and without, errors included. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
static void test_former_names(const grundy_nimber *nb)
{
    CHECK(grundy_nim_mul(nb, 3141, 5926) == 14994);
    CHECK(grundy_nim_mul(NULL, 3141, 5926) == 14994);
    int ok = 1;
    for (int n = 0; n < 200; n++) {
        const uint64_t a = rand_nimber(), b = rand_nimber(), e = harness_rand() & 0xffff;
        uint64_t i1 = 1, i2 = 2;
        ok &= grundy_nim_mul(nb, a, b) == grundy_nimber_mul(nb, a, b);
        ok &= grundy_nim_mul(NULL, a, b) == grundy_nimber_mul(nb, a, b);
        ok &= grundy_nim_pow(nb, a, e) == grundy_nimber_pow(nb, a, e);
        ok &= grundy_nim_pow(NULL, a, e) == grundy_nimber_pow(nb, a, e);
        ok &= grundy_nim_inv(nb, a | 1, &i1) == GRUNDY_OK;
        ok &= grundy_nimber_inv(nb, a | 1, &i2) == GRUNDY_OK && i1 == i2;
    }
    CHECK(ok);
    uint64_t inv = 77;
    CHECK_EQ(grundy_nim_inv(nb, 0, &inv), GRUNDY_ERANGE);
    CHECK_EQ(inv, 0);
    CHECK_EQ(grundy_nim_inv(NULL, 5, NULL), GRUNDY_EINVAL);
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

int main(void)
{
    grundy_nimber *nb = NULL;
    if (!CHECK_EQ(grundy_nimber_new(&nb, NULL), GRUNDY_OK))
        return harness_done();
    RUN1(test_definition, nb);
    RUN1(test_bytes, nb);
    RUN1(test_fermat_powers, nb);
    RUN1(test_against_reference, nb);
    RUN1(test_field_laws, nb);
    RUN1(test_library_checker_sample, nb);
    RUN1(test_errors, nb);
    RUN(test_allocation_failures);
    RUN1(test_former_names, nb);
    grundy_nimber_free(nb);
    return harness_done();
}
