/* SPDX-License-Identifier: MIT */
/* Nimbers: nim multiplication in the field of the 2^64 numbers below 2^64.
 *
 * The field is a tower of quadratic extensions.  For n = 1, 2, 4, ..., 32 the
 * numbers below 2^(2n) are pairs: a = a1 F + a0 with a1, a0 below F = 2^n, a
 * Fermat 2-power (a number below F times F is an ordinary product, so the
 * pair is just the high and low halves of a's bits).  F satisfies
 * F (x) F = F ^ h with h = F / 2 = 2^(n-1), a number of the smaller field, so
 *
 *     a (x) b = (a1b1 ^ a1b0 ^ a0b1) F  ^  (a0b0 ^ a1b1 (x) h)
 *
 * and since a1b0 ^ a0b1 ^ a1b1 = (a0 ^ a1)(b0 ^ b1) ^ a0b0 (Karatsuba), a
 * product of two 2n-bit numbers costs three products of n-bit numbers and one
 * multiplication by the constant h.
 *
 * Without tables this recursion runs down to single bits.  A handle stops it
 * at bytes, where a 256 x 256 table of products takes over.  Multiplying by
 * a constant, or squaring (the Frobenius map), is linear over GF(2): such a
 * map is the xor of one table entry per byte of its argument, which is how
 * the handle multiplies by h at 16 and 32 bits and squares 64-bit numbers.
 *
 * Inverses go down the same tower.  F and F ^ 1 are the two roots of
 * X^2 = X ^ h over the smaller field, so swapping them is a field map: the
 * conjugate of a = a1 F + a0 is a1 (F ^ 1) + a0 = a1 F + (a0 ^ a1), and the
 * norm a (x) conj(a) = a0 (a0 ^ a1) ^ a1 a1 h lies in the smaller field.
 * So 1/a = conj(a) (x) 1/norm, with one inverse taken half the size. */
#include <string.h>

#include "core/alloc.h"

struct grundy_nimber {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    uint8_t prod[256][256];  /* prod[a][b] = a (x) b for bytes */
    uint8_t inv8[256];       /* inverses of the bytes (inv8[0] unused) */
    uint16_t half16[2][256]; /* x (x) 2^15 = half16[0][x & 255] ^ half16[1][x >> 8] */
    uint32_t half32[4][256]; /* x (x) 2^31, one entry per byte of x */
    uint64_t square[8][256]; /* x (x) x, one entry per byte of x */
};

/* ---- Table-free arithmetic on n-bit numbers (n a power of 2, <= 64) ---- */

/* x (x) 2^(n-1) for x below 2^n.  2^(n-1) = G (x) g with G = 2^(n/2) and
 * g = 2^(n/2 - 1): times G is (x1 ^ x0) G + x1 g, and times g (of the
 * smaller field) acts on each half separately. */
static uint64_t slow_mul_half(uint64_t x, unsigned n)
{
    if (n == 1 || x == 0)
        return x; /* 2^0 = 1 */
    const unsigned m = n / 2;
    const uint64_t x1 = x >> m, x0 = x & (((uint64_t)1 << m) - 1);
    const uint64_t hi = x1 ^ x0, lo = slow_mul_half(x1, m);
    if (n == 2)
        return hi << 1 | lo; /* g = 2^0 = 1 */
    return slow_mul_half(hi, m) << m | slow_mul_half(lo, m);
}

/* a (x) b for a, b below 2^n, by the Karatsuba recursion above. */
static uint64_t slow_mul(uint64_t a, uint64_t b, unsigned n)
{
    /* Both in a smaller field: the product stays there. */
    while (n > 1 && (a | b) >> (n / 2) == 0)
        n /= 2;
    if (n == 1 || a == 0 || b == 0)
        return a & b;
    const unsigned m = n / 2;
    const uint64_t mask = ((uint64_t)1 << m) - 1;
    const uint64_t a1 = a >> m, a0 = a & mask, b1 = b >> m, b0 = b & mask;
    const uint64_t lo = slow_mul(a0, b0, m);
    const uint64_t hi = slow_mul(a1, b1, m);
    const uint64_t mid = slow_mul(a0 ^ a1, b0 ^ b1, m);
    return (mid ^ lo) << m | (lo ^ slow_mul_half(hi, m));
}

/* ---- With tables ---- */

static inline uint32_t half_16(const grundy_nimber *nb, uint32_t x)
{
    return (uint32_t)nb->half16[0][x & 0xff] ^ nb->half16[1][x >> 8];
}

static inline uint32_t half_32(const grundy_nimber *nb, uint32_t x)
{
    return nb->half32[0][x & 0xff] ^ nb->half32[1][x >> 8 & 0xff] ^
           nb->half32[2][x >> 16 & 0xff] ^ nb->half32[3][x >> 24];
}

static inline uint32_t mul_16(const grundy_nimber *nb, uint32_t a, uint32_t b)
{
    const uint32_t a1 = a >> 8, a0 = a & 0xff, b1 = b >> 8, b0 = b & 0xff;
    const uint32_t lo = nb->prod[a0][b0];
    const uint32_t hi = nb->prod[a1][b1];
    const uint32_t mid = nb->prod[a0 ^ a1][b0 ^ b1];
    return (mid ^ lo) << 8 | (lo ^ nb->prod[0x80][hi]); /* h = 2^7 */
}

static inline uint32_t mul_32(const grundy_nimber *nb, uint32_t a, uint32_t b)
{
    const uint32_t a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
    const uint32_t lo = mul_16(nb, a0, b0);
    const uint32_t hi = mul_16(nb, a1, b1);
    const uint32_t mid = mul_16(nb, a0 ^ a1, b0 ^ b1);
    return (mid ^ lo) << 16 | (lo ^ half_16(nb, hi));
}

static uint64_t mul_64(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    const uint32_t a1 = (uint32_t)(a >> 32), a0 = (uint32_t)a;
    const uint32_t b1 = (uint32_t)(b >> 32), b0 = (uint32_t)b;
    const uint32_t lo = mul_32(nb, a0, b0);
    const uint32_t hi = mul_32(nb, a1, b1);
    const uint32_t mid = mul_32(nb, a0 ^ a1, b0 ^ b1);
    return (uint64_t)(mid ^ lo) << 32 | (lo ^ half_32(nb, hi));
}

static uint64_t square_64(const grundy_nimber *nb, uint64_t x)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        r ^= nb->square[i][x >> (8 * i) & 0xff];
    return r;
}

/* ---- Either way, for the inverse's descent through the tower ---- */

/* a (x) b for a, b below 2^n. */
static uint64_t mul_n(const grundy_nimber *nb, uint64_t a, uint64_t b, unsigned n)
{
    if (nb == NULL)
        return slow_mul(a, b, n);
    if (n == 64)
        return mul_64(nb, a, b);
    if (n == 32)
        return mul_32(nb, (uint32_t)a, (uint32_t)b);
    if (n == 16)
        return mul_16(nb, (uint32_t)a, (uint32_t)b);
    return nb->prod[a][b];
}

/* x (x) 2^(n-1) for x below 2^n. */
static uint64_t half_n(const grundy_nimber *nb, uint64_t x, unsigned n)
{
    if (nb == NULL || n < 8)
        return slow_mul_half(x, n);
    if (n == 32)
        return half_32(nb, (uint32_t)x);
    if (n == 16)
        return half_16(nb, (uint32_t)x);
    return nb->prod[0x80][x];
}

/* 1 / a for a non-zero and below 2^n. */
static uint64_t inv_n(const grundy_nimber *nb, uint64_t a, unsigned n)
{
    if (n == 1)
        return a; /* a == 1 */
    if (nb != NULL && n == 8)
        return nb->inv8[a];
    const unsigned m = n / 2;
    const uint64_t a1 = a >> m, a0 = a & (((uint64_t)1 << m) - 1);
    if (a1 == 0)
        return inv_n(nb, a0, m); /* a lies in the smaller field */
    const uint64_t norm = mul_n(nb, a0, a0 ^ a1, m) ^ half_n(nb, mul_n(nb, a1, a1, m), m);
    const uint64_t t = inv_n(nb, norm, m);
    return mul_n(nb, a1, t, m) << m | mul_n(nb, a0 ^ a1, t, m);
}

/* ---- Building the tables ---- */

/* Each row of products by distributivity: prod[a][b] is the xor of
 * prod[a][2^k] over the bits k of b, and those 8 come from the recursion. */
static void build_products(grundy_nimber *nb)
{
    for (unsigned a = 0; a < 256; a++) {
        uint8_t *row = nb->prod[a];
        row[0] = 0;
        for (unsigned b = 1; b < 256; b++) {
            const unsigned low = b & (0u - b);
            row[b] = b == low ? (uint8_t)slow_mul(a, b, 8) : (uint8_t)(row[low] ^ row[b ^ low]);
        }
    }
    nb->inv8[0] = 0;
    for (unsigned a = 1; a < 256; a++)
        for (unsigned b = 1; b < 256; b++)
            if (nb->prod[a][b] == 1)
                nb->inv8[a] = (uint8_t)b;
}

/* The per-byte tables, each built with the arithmetic of the ones before it
 * (half16 needs prod, half32 needs half16, square needs half32). */
static void build_linear_maps(grundy_nimber *nb)
{
    for (unsigned x = 0; x < 256; x++)
        for (unsigned i = 0; i < 2; i++)
            nb->half16[i][x] = (uint16_t)mul_16(nb, x << (8 * i), 0x8000u);
    for (unsigned x = 0; x < 256; x++)
        for (unsigned i = 0; i < 4; i++)
            nb->half32[i][x] = mul_32(nb, (uint32_t)x << (8 * i), 0x80000000u);
    for (unsigned x = 0; x < 256; x++) {
        for (unsigned i = 0; i < 8; i++) {
            const uint64_t v = (uint64_t)x << (8 * i);
            nb->square[i][x] = mul_64(nb, v, v);
        }
    }
}

/* ---- The interface ---- */

int grundy_nimber_new(grundy_nimber **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    int rc;
    grundy_nimber *nb = (grundy_nimber *)grundy__handle_new(sizeof *nb, alloc, &rc);
    *out = NULL;
    if (nb == NULL)
        return rc;
    build_products(nb);
    build_linear_maps(nb);
    *out = nb;
    return GRUNDY_OK;
}

void grundy_nimber_free(grundy_nimber *nb)
{
    if (nb == NULL)
        return;
    grundy_allocator a = nb->alloc;
    grundy__free(&a, nb);
}

uint64_t grundy_nimber_mul(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    return nb != NULL ? mul_64(nb, a, b) : slow_mul(a, b, 64);
}

uint64_t grundy_nimber_pow(const grundy_nimber *nb, uint64_t a, uint64_t e)
{
    uint64_t r = 1;
    /* Right to left: a runs through the squares a^(2^k). */
    while (e != 0) {
        if (e & 1)
            r = grundy_nimber_mul(nb, r, a);
        e >>= 1;
        if (e != 0)
            a = nb != NULL ? square_64(nb, a) : slow_mul(a, a, 64);
    }
    return r;
}

int grundy_nimber_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv)
{
    if (inv != NULL)
        *inv = 0;
    if (inv == NULL)
        return GRUNDY_EINVAL;
    if (a == 0)
        return GRUNDY_ERANGE;
    *inv = inv_n(nb, a, 64);
    return GRUNDY_OK;
}

/* The calls' former names, kept exported so that programs built with them
 * still link and run; grundy.h declares them deprecated. */
uint64_t grundy_nim_mul(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    return grundy_nimber_mul(nb, a, b);
}

uint64_t grundy_nim_pow(const grundy_nimber *nb, uint64_t a, uint64_t e)
{
    return grundy_nimber_pow(nb, a, e);
}

int grundy_nim_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv)
{
    return grundy_nimber_inv(nb, a, inv);
}
