/* The confirmation scan of the sparse method, portable and AVX2. */
#include "heap_scan.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
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
#endif

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
