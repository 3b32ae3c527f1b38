/* SPDX-License-Identifier: MIT */
/* The confirmation scan of the sparse method: portable, AVX2, AVX-512. */
#include "heap/heap_scan.h"

#include <stddef.h>

#if GRUNDY__SCAN_VECTOR
#define GRUNDY__SCAN_AVX2 1
#include <immintrin.h>
#else
#define GRUNDY__SCAN_AVX2 0
#endif

uint64_t grundy__scan8_plain(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a,
                             uint64_t end)
{
    for (uint64_t b = a; b < end; b++) {
        if (grundy__want8_has(w, (uint32_t)(v[b] ^ v[m - b])))
            return b;
    }
    return end;
}

#if GRUNDY__SCAN_AVX2
/* 32 splits per step.  For x = v[b] ^ v[m - b], the low nibble picks a byte
 * of each row (the bits of the 8 values with that low nibble and high bit),
 * and the high nibble picks the bit: row 0 for high nibbles 0-7, row 1 for
 * 8-15, each through its own one-hot table that is zero for the other half. */
static __attribute__((target("avx2"))) uint64_t
scan8_avx2(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a, uint64_t end)
{
    const __m256i row0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)w->row[0]));
    const __m256i row1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)w->row[1]));
    const __m256i bit0 = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                          1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i bit1 = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
                                          0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
    const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                                             15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m256i nibble = _mm256_set1_epi8(15);
    const __m256i zero = _mm256_setzero_si256();
    uint64_t b = a;
    /* b + 31 <= m keeps the mirrored load v[m - b - 31 .. m - b] in range. */
    while (b + 32 <= end && b + 31 <= m) {
        __m256i fwd = _mm256_loadu_si256((const __m256i *)(const void *)(v + b));
        __m256i back = _mm256_loadu_si256((const __m256i *)(const void *)(v + m - b - 31));
        back = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(back, 0x4e), reverse);
        __m256i x = _mm256_xor_si256(fwd, back);
        __m256i lo = _mm256_and_si256(x, nibble);
        __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble);
        __m256i hit = _mm256_or_si256(
            _mm256_and_si256(_mm256_shuffle_epi8(row0, lo), _mm256_shuffle_epi8(bit0, hi)),
            _mm256_and_si256(_mm256_shuffle_epi8(row1, lo), _mm256_shuffle_epi8(bit1, hi)));
        uint32_t none = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, zero));
        if (none != 0xffffffffu)
            return b + (uint64_t)__builtin_ctz(~none);
        b += 32;
    }
    return grundy__scan8_plain(w, v, m, b, end);
}

/* 16 splits per step: the mirrored load reversed by 16-bit lanes, then
 * compared with each wanted value. */
static __attribute__((target("avx2"))) uint64_t
scan16_avx2(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m, uint64_t a, uint64_t end)
{
    __m256i want[GRUNDY__SCAN_FEW];
    for (unsigned i = 0; i < k; i++)
        want[i] = _mm256_set1_epi16((short)t[i]);
    const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                             14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    uint64_t b = a;
    while (b + 16 <= end && b + 15 <= m) {
        __m256i fwd = _mm256_loadu_si256((const __m256i *)(const void *)(v + b));
        __m256i back = _mm256_loadu_si256((const __m256i *)(const void *)(v + m - b - 15));
        back = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(back, 0x4e), reverse);
        __m256i x = _mm256_xor_si256(fwd, back);
        __m256i eq = _mm256_cmpeq_epi16(x, want[0]);
        for (unsigned i = 1; i < k; i++)
            eq = _mm256_or_si256(eq, _mm256_cmpeq_epi16(x, want[i]));
        uint32_t hit = (uint32_t)_mm256_movemask_epi8(eq);
        if (hit != 0)
            return b + (uint64_t)(__builtin_ctz(hit) / 2);
        b += 16;
    }
    return grundy__scan16_plain(t, k, v, m, b, end);
}

/* GCC's AVX-512 intrinsics start from an undefined register, which g++
 * -O2 -Wall takes for an uninitialised variable (a false positive of the
 * compiler's own headers). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* Takes value x, a split's, if it is still wanted. */
static uint32_t take_value(grundy__want_bits *w, uint32_t x, uint16_t *found, uint32_t k)
{
    if (!grundy__want_bits_has(w, x))
        return k;
    grundy__want_bits_flip(w, x);
    found[k] = (uint16_t)x;
    return k + 1;
}

/* 32 splits per step: the mirrored load reversed by a word permute; in
 * each 16-bit lane the low byte of x >> 3 picks the bitmap byte through a
 * permute of two registers (128 bytes), and 1 << (x & 7) tests its bit.
 * After a hit the splits of the step are taken one by one (two may share a
 * value) and the bitmap is loaded again. */
static __attribute__((target("avx512f,avx512bw,avx512vbmi"))) uint32_t
scan_bits_avx512(grundy__want_bits *w, const uint16_t *v, uint64_t m, uint64_t a, uint64_t end,
                 uint32_t missing, uint16_t *found)
{
    const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                             15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                             27, 28, 29, 30, 31);
    const __m512i seven = _mm512_set1_epi16(7);
    const __m512i one = _mm512_set1_epi16(1);
    __m512i lo = _mm512_loadu_si512((const void *)w->byte);
    __m512i hi = _mm512_loadu_si512((const void *)(w->byte + 64));
    uint32_t k = 0;
    uint64_t b = a;
    while (k < missing && b + 32 <= end && b + 31 <= m) {
        __m512i fwd = _mm512_loadu_si512((const void *)(v + b));
        __m512i back = _mm512_loadu_si512((const void *)(v + m - b - 31));
        __m512i x = _mm512_xor_si512(fwd, _mm512_permutexvar_epi16(reverse, back));
        __m512i got = _mm512_permutex2var_epi8(lo, _mm512_srli_epi16(x, 3), hi);
        __m512i bit = _mm512_sllv_epi16(one, _mm512_and_si512(x, seven));
        unsigned hit = (unsigned)_mm512_test_epi16_mask(got, bit);
        if (hit != 0) {
            for (; hit != 0 && k < missing; hit &= hit - 1) {
                uint64_t c = b + (uint64_t)__builtin_ctz(hit);
                k = take_value(w, (uint32_t)(v[c] ^ v[m - c]), found, k);
            }
            lo = _mm512_loadu_si512((const void *)w->byte);
            hi = _mm512_loadu_si512((const void *)(w->byte + 64));
        }
        b += 32;
    }
    for (; k < missing && b < end; b++)
        k = take_value(w, (uint32_t)(v[b] ^ v[m - b]), found, k);
    return k;
}

/* As scan_bits_avx512 for one-byte values: the byte permute reverses the
 * mirrored load, and the bitmap's first 32 bytes (values below 256) are
 * one register. */
static __attribute__((target("avx512f,avx512bw,avx512vbmi"))) uint32_t
scan_bits8_avx512(grundy__want_bits *w, const uint8_t *v, uint64_t m, uint64_t a, uint64_t end,
                  uint32_t missing, uint16_t *found)
{
    const __m512i reverse = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46,
        47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
    const __m512i onehot = _mm512_broadcast_i32x4(
        _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
    const __m512i seven = _mm512_set1_epi8(7);
    const __m512i low5 = _mm512_set1_epi8(31);
    __m512i table = _mm512_loadu_si512((const void *)w->byte);
    uint32_t k = 0;
    uint64_t b = a;
    while (k < missing && b + 64 <= end && b + 63 <= m) {
        __m512i fwd = _mm512_loadu_si512((const void *)(v + b));
        __m512i back = _mm512_loadu_si512((const void *)(v + m - b - 63));
        __m512i x = _mm512_xor_si512(fwd, _mm512_permutexvar_epi8(reverse, back));
        __m512i at = _mm512_and_si512(_mm512_srli_epi16(x, 3), low5);
        __m512i got = _mm512_permutexvar_epi8(at, table);
        uint64_t hit = (uint64_t)_mm512_test_epi8_mask(
            got, _mm512_shuffle_epi8(onehot, _mm512_and_si512(x, seven)));
        if (hit != 0) {
            for (; hit != 0 && k < missing; hit &= hit - 1) {
                uint64_t c = b + (uint64_t)__builtin_ctzll(hit);
                k = take_value(w, (uint32_t)(v[c] ^ v[m - c]), found, k);
            }
            table = _mm512_loadu_si512((const void *)w->byte);
        }
        b += 64;
    }
    for (; k < missing && b < end; b++)
        k = take_value(w, (uint32_t)(v[b] ^ v[m - b]), found, k);
    return k;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

static int has_avx512_vbmi(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}
#endif

grundy__scan_bits8_fn grundy__scan_bits8_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (has_avx512_vbmi())
        return scan_bits8_avx512;
#endif
    return NULL;
}

grundy__scan_bits_fn grundy__scan_bits_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (has_avx512_vbmi())
        return scan_bits_avx512;
#endif
    return NULL;
}

uint64_t grundy__scan16_plain(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m,
                              uint64_t a, uint64_t end)
{
    for (uint64_t b = a; b < end; b++) {
        uint16_t x = (uint16_t)(v[b] ^ v[m - b]);
        for (unsigned i = 0; i < k; i++) {
            if (x == t[i])
                return b;
        }
    }
    return end;
}

grundy__scan16_fn grundy__scan16_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (__builtin_cpu_supports("avx2"))
        return scan16_avx2;
#endif
    return grundy__scan16_plain;
}

grundy__scan8_fn grundy__scan8_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (__builtin_cpu_supports("avx2"))
        return scan8_avx2;
#endif
    return grundy__scan8_plain;
}
