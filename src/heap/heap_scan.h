/* SPDX-License-Identifier: MIT */
/* The sparse method's confirmation loop for one-byte values: find the next
 * split (b, m - b) whose value v[b] ^ v[m - b] is in a wanted set.
 *
 * Each value of Grundy's game or Officers costs about 3000 of these split
 * reads, more than everything else together, so the loop runs 32 splits per
 * step where the processor has AVX2: the mirrored operand is one reversed
 * load, and set membership is a nibble table lookup (a byte shuffle).  The
 * wanted set is kept as that table, so adding or removing a value is a bit
 * flip and the scan needs no setup. */
#ifndef GRUNDY_HEAP_SCAN_H
#define GRUNDY_HEAP_SCAN_H

#include <stdint.h>

/* Whether this build has the vector scans: x86-64 under gcc or clang,
 * unless GRUNDY_SCAN_PORTABLE keeps to the portable loops (make sanitize
 * builds so, to test them on processors that have the vector units).
 * Without them there is no bitmap scan, and the kernels leave its paths
 * out. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(GRUNDY_SCAN_PORTABLE)
#define GRUNDY__SCAN_VECTOR 1
#else
#define GRUNDY__SCAN_VECTOR 0
#endif

/* A set of byte values: bit (x >> 4) & 7 of row[x >> 7][x & 15] is set iff
 * x is in the set.  The two 16-byte rows are the shuffle tables. */
typedef struct grundy__want8 {
    uint8_t row[2][16];
} grundy__want8;

static inline void grundy__want8_flip(grundy__want8 *w, uint32_t x)
{
    w->row[(x >> 7) & 1][x & 15] ^= (uint8_t)(1u << ((x >> 4) & 7));
}

static inline int grundy__want8_has(const grundy__want8 *w, uint32_t x)
{
    return (w->row[(x >> 7) & 1][x & 15] >> ((x >> 4) & 7)) & 1;
}

/* The least b in [a, end) with v[b] ^ v[m - b] in w, or end if none.
 * Requires end <= m / 2 + 1, so every read is of v[0 .. m]. */
typedef uint64_t (*grundy__scan8_fn)(const grundy__want8 *w, const uint8_t *v, uint64_t m,
                                     uint64_t a, uint64_t end);

/* The fastest scan this processor runs; all give the same answers. */
grundy__scan8_fn grundy__scan8_best(void);

/* The portable scan, one split at a time (also the reference in tests). */
uint64_t grundy__scan8_plain(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a,
                             uint64_t end);

/* Two-byte values: the wanted set is a short list instead.  A scan spends
 * most of its splits on the last few wanted values, so the caller keeps a
 * byte table while many are wanted and switches to the list for the last
 * GRUNDY__SCAN_FEW. */
#define GRUNDY__SCAN_FEW 16u

/* The least b in [a, end) with v[b] ^ v[m - b] one of t[0 .. k), or end;
 * 1 <= k <= GRUNDY__SCAN_FEW, and end <= m / 2 + 1 as above. */
typedef uint64_t (*grundy__scan16_fn)(const uint16_t *t, unsigned k, const uint16_t *v,
                                      uint64_t m, uint64_t a, uint64_t end);

grundy__scan16_fn grundy__scan16_best(void);

uint64_t grundy__scan16_plain(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m,
                              uint64_t a, uint64_t end);

/* Two-byte values below 1024 on processors with AVX-512 VBMI: the wanted
 * set as a bitmap of 128 bytes (bit x & 7 of byte x >> 3), which one
 * two-register byte permute reads for 32 splits at once, however many
 * values are wanted. */
typedef struct grundy__want_bits {
    uint8_t byte[128];
} grundy__want_bits;

static inline void grundy__want_bits_flip(grundy__want_bits *w, uint32_t x)
{
    w->byte[(x >> 3) & 127] ^= (uint8_t)(1u << (x & 7));
}

static inline int grundy__want_bits_has(const grundy__want_bits *w, uint32_t x)
{
    return (w->byte[(x >> 3) & 127] >> (x & 7)) & 1;
}

/* Scans the splits (b, m - b), a <= b < end, for the values in w: each one
 * found is removed from w and written to found[], until `missing` are
 * found.  Returns how many were.  Every value of v is below 1024, and
 * end <= m / 2 + 1 as above.  (Finding the values inside the scan saves a
 * call and a reload of the bitmap per value: a value of Officers wants
 * about 60 of them.) */
typedef uint32_t (*grundy__scan_bits_fn)(grundy__want_bits *w, const uint16_t *v, uint64_t m,
                                         uint64_t a, uint64_t end, uint32_t missing,
                                         uint16_t *found);

/* The bitmap scan, or NULL where the processor cannot run it. */
grundy__scan_bits_fn grundy__scan_bits_best(void);

/* The same for one-byte values, 64 splits per step. */
typedef uint32_t (*grundy__scan_bits8_fn)(grundy__want_bits *w, const uint8_t *v, uint64_t m,
                                          uint64_t a, uint64_t end, uint32_t missing,
                                          uint16_t *found);

grundy__scan_bits8_fn grundy__scan_bits8_best(void);

#endif
