/* SPDX-License-Identifier: MIT */
/* The memo of games whose positions are 64-bit words: each word mapped to a
 * one-byte code, a small number or a state of its evaluation.
 *
 * Why not the byte-string table (core/table.h): a memo of words is what the
 * rule-defined games spend their time in, and a layout made for it does
 * with one cache line what the other does with two or three.  Buckets of 64
 * bytes, aligned to a cache line, hold seven keys, their seven codes and
 * the bucket's fill: the keys fill a bucket from its first slot on, so one
 * compare of the seven keys (no branch between them) and the fill say
 * whether a key is there; a full bucket sends the probe to the next one.
 * Seven slots of 64 bytes are 9.1 bytes per slot, and buckets may be 6/7
 * full before the table grows by half, so a table holds between 10.7 and 16
 * bytes per key (the byte-string table: 16 to 32 for eight-byte keys).
 *
 * The home bucket of a key is the high half of key * 2^64/phi
 * scaled to the bucket count: one multiply, and it keeps the table's size
 * free (no power of two).  A set of keys that this hash piles up (keys whose products share
 * their high bits) is caught by watching probe lengths: a probe that passes
 * GRUNDY__WTABLE_LONG buckets asks for the table to be rebuilt with a strong
 * hash (splitmix64's finaliser), once.
 *
 * Two threads may claim and read keys at once (the rule-defined games'
 * second thread): a slot is taken by a compare-and-swap of its bucket's
 * fill, its key written, then its code published with release order; a
 * slot inside the fill whose code is still GRUNDY__CODE_EMPTY is being
 * written, and a reader waits for it.  Growing needs the table to itself.
 * Every code and key is read and written with atomic operations where
 * threads exist (plain loads and stores on the processors we know), so
 * that the one-thread path is the same code. */
#ifndef GRUNDY_WORD_TABLE_H
#define GRUNDY_WORD_TABLE_H

#include "core/alloc.h"
#include "core/table.h"
#include "core/threads.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* An AVX2 match where the compiler can build one (chosen at run time:
 * grundy__wtable_avx2()); GRUNDY_SCAN_PORTABLE keeps to the portable one
 * (make sanitize builds so, to test it on processors that have AVX2). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(GRUNDY_SCAN_PORTABLE)
#define GRUNDY__WTABLE_AVX2 1
#include <immintrin.h>
#define GRUNDY__TARGET_AVX2 __attribute__((target("avx2")))
#else
#define GRUNDY__WTABLE_AVX2 0
#endif

/* The lookup is the innermost step of every search: inlined even where
 * the compiler would not. */
#if defined(__GNUC__)
#define GRUNDY__WTABLE_INLINE __attribute__((always_inline))
#else
#define GRUNDY__WTABLE_INLINE
#endif

/* Codes.  Numbers up to GRUNDY__CODE_MAX are stored as themselves. */
#define GRUNDY__CODE_MAX 247u
#define GRUNDY__CODE_BIG 248u   /* a larger number, kept beside the table */
#define GRUNDY__CODE_BUSY 250u  /* being evaluated, by thread 0 (+1: thread 1) */
#define GRUNDY__CODE_TOMB 253u  /* removed (an evaluation that failed) */
#define GRUNDY__CODE_NONE 254u  /* never stored: "no code" where a search needs one */
#define GRUNDY__CODE_EMPTY 255u /* free, or (inside a bucket's fill) being written */

#define GRUNDY__WTABLE_SLOTS 7
#define GRUNDY__WTABLE_LONG 16 /* buckets a probe may pass before the guard trips */
#define GRUNDY__WTABLE_FULL 6  /* keys per bucket, on average, before the table grows */

typedef struct grundy__wbucket {
    uint64_t key[GRUNDY__WTABLE_SLOTS]; /* 16-byte aligned: the table is */
    unsigned char code[GRUNDY__WTABLE_SLOTS];
    unsigned char fill; /* slots taken, from the first */
} grundy__wbucket;

typedef struct grundy__wtable {
    grundy__wbucket *b; /* nb buckets, aligned to 64 bytes */
    void *block;        /* as allocated */
    size_t nb;
    size_t used;        /* slots taken (removed ones too) */
    size_t removed;     /* slots removed since the last rebuild */
    int strong;         /* the strong hash: the guard has tripped */
    int long_probe;     /* a probe passed GRUNDY__WTABLE_LONG buckets */
} grundy__wtable;

/* A slot: bucket * 8 + slot in the bucket. */
typedef size_t grundy__wref;

/* The multiplier of the cheap hash: 2^64 / phi, odd. */
#define GRUNDY__WTABLE_MUL 0x9e3779b97f4a7c15ull

static inline size_t grundy__wtable_home(const grundy__wtable *t, uint64_t key)
{
    /* Unfolded: positions a search visits close together in time land
     * apart.  Keys differing in their high bits only (a heap packed above
     * bit 32) land together; the guard catches them (see the top). */
    uint64_t h = t->strong ? grundy__mix64(key) : key * GRUNDY__WTABLE_MUL;
    return (size_t)(((h >> 32) * (uint64_t)t->nb) >> 32);
}

static inline unsigned char *grundy__wtable_code_at(const grundy__wtable *t, grundy__wref r)
{
    return &t->b[r >> 3].code[r & 7];
}

/* Loads and stores, atomic where there are threads (see the top). */
static inline unsigned char grundy__wload(const unsigned char *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    return *p;
#endif
}

static inline void grundy__wstore(unsigned char *p, unsigned char v)
{
#if GRUNDY__THREADS
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
#else
    *p = v;
#endif
}

static inline uint64_t grundy__wkey(const uint64_t *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
    return *p;
#endif
}

/* The code of slot r. */
static inline unsigned grundy__wtable_code(const grundy__wtable *t, grundy__wref r)
{
    return grundy__wload(grundy__wtable_code_at(t, r));
}

static inline void grundy__wtable_set(grundy__wtable *t, grundy__wref r, unsigned code)
{
    grundy__wstore(grundy__wtable_code_at(t, r), (unsigned char)code);
}

#if defined(__SSE2__)
/* Bit j set: the j-th of the two keys at p equals k.  SSE2 compares 32-bit
 * halves only: a key matches where both of its halves do. */
static inline GRUNDY__WTABLE_INLINE unsigned grundy__wmatch2(const __m128i *p, __m128i k)
{
    __m128i eq = _mm_cmpeq_epi32(_mm_load_si128(p), k);
    eq = _mm_and_si128(eq, _mm_shuffle_epi32(eq, _MM_SHUFFLE(2, 3, 0, 1)));
    return (unsigned)_mm_movemask_pd(_mm_castsi128_pd(eq));
}
#endif

/* The slots below fill of bucket b holding key, as a bit mask (removed
 * ones too), with plain loads: no other thread enters keys.  Two keys per
 * SSE2 compare where there is SSE2 (every x86-64): the seven compares of a
 * plain loop cost more than the rest of a lookup.  The eighth word of a
 * bucket (codes and fill) may match too: fill masks it off. */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wbucket_match(const grundy__wbucket *b, uint64_t key, unsigned fill)
{
#if defined(__SSE2__)
    const __m128i k = _mm_set1_epi64x((long long)key);
    const __m128i *p = (const __m128i *)(const void *)b->key;
    unsigned m = grundy__wmatch2(p, k) | grundy__wmatch2(p + 1, k) << 2 |
                 grundy__wmatch2(p + 2, k) << 4 | grundy__wmatch2(p + 3, k) << 6;
    return m & ((1u << fill) - 1u);
#else
    unsigned m = 0;
    for (unsigned j = 0; j < GRUNDY__WTABLE_SLOTS; j++)
        m |= (unsigned)(b->key[j] == key) << j;
    return m & ((1u << fill) - 1u);
#endif
}

#if GRUNDY__WTABLE_AVX2
/* grundy__wbucket_match with two AVX2 compares of four keys: a fifth of the
 * SSE2 match's instructions, and a lookup's most frequent step. */
static inline GRUNDY__TARGET_AVX2 unsigned
grundy__wbucket_match_avx2(const grundy__wbucket *b, uint64_t key, unsigned fill)
{
    const __m256i k = _mm256_set1_epi64x((long long)key);
    const __m256i *p = (const __m256i *)(const void *)b->key;
    __m256i lo = _mm256_cmpeq_epi64(_mm256_load_si256(p), k);
    __m256i hi = _mm256_cmpeq_epi64(_mm256_load_si256(p + 1), k);
    unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(lo)) |
                 (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(hi)) << 4;
    return m & ((1u << fill) - 1u);
}
#endif

/* Whether the processor runs grundy__wbucket_match_avx2 (and this build
 * has it). */
int grundy__wtable_avx2(void);

/* grundy__wbucket_match where another thread may be entering keys (atomic
 * loads; the caller has waited for the keys below fill to be written). */
static inline unsigned grundy__wbucket_match_shared(const grundy__wbucket *b, uint64_t key,
                                                    unsigned fill)
{
    unsigned m = 0;
    for (unsigned j = 0; j < fill; j++)
        m |= (unsigned)(grundy__wkey(&b->key[j]) == key) << j;
    return m;
}

/* Looks key up, and if absent (and claim is not GRUNDY__CODE_EMPTY) enters
 * it with code claim.  Returns the code the key had (GRUNDY__CODE_EMPTY:
 * absent, now entered if asked) and sets *r to its slot.  The table has
 * room (the caller keeps used below grundy__wtable_room).  shared: another
 * thread may enter keys at the same time, and the callers count what they
 * enter (used is left as it is). */
unsigned grundy__wtable_claim_slow(grundy__wtable *t, uint64_t key, unsigned claim, int shared,
                                   grundy__wref *r);

/* The quick probe of key where no other thread enters keys, with the
 * AVX2 match if avx2 (from a caller built for AVX2): its code, or
 * GRUNDY__CODE_EMPTY with *r the free slot where grundy__wtable_enter() may
 * put it (while the table does not change), or GRUNDY__CODE_TOMB where the
 * quick probe cannot tell: a key found removed (only after a failed
 * evaluation) or a probe past GRUNDY__WTABLE_LONG full buckets, for
 * grundy__wtable_find_using(), which looks further and watches the probe's
 * length.  It reads t and nothing else: a caller may pass a copy of the
 * table, whose fields its own stores then cannot be taken to change. */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wtable_probe(const grundy__wtable *t, uint64_t key, grundy__wref *r, int avx2)
{
    size_t i = grundy__wtable_home(t, key);
    for (unsigned passed = 0; passed < GRUNDY__WTABLE_LONG; passed++) {
        const grundy__wbucket *b = &t->b[i];
        unsigned fill = b->fill;
#if GRUNDY__WTABLE_AVX2
        unsigned m = avx2 ? grundy__wbucket_match_avx2(b, key, fill)
                          : grundy__wbucket_match(b, key, fill);
#else
        (void)avx2;
        unsigned m = grundy__wbucket_match(b, key, fill);
#endif
        if (m != 0) {
            unsigned j = (unsigned)__builtin_ctz(m);
            *r = i * 8 + j;
            return b->code[j];
        }
        if (fill < GRUNDY__WTABLE_SLOTS) {
            *r = i * 8 + fill;
            return GRUNDY__CODE_EMPTY;
        }
        i = i + 1 == t->nb ? 0 : i + 1;
    }
    return GRUNDY__CODE_TOMB;
}

/* Looks key up where no other thread enters keys: its code, or
 * GRUNDY__CODE_EMPTY with *r the free slot where grundy__wtable_enter() may
 * put it.  The probe passes full buckets (about one lookup in ten at the
 * most crowded). */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wtable_find_using(grundy__wtable *t, uint64_t key, grundy__wref *r, int avx2)
{
    unsigned code = grundy__wtable_probe(t, key, r, avx2);
    return code != GRUNDY__CODE_TOMB ? code
                                     : grundy__wtable_claim_slow(t, key, GRUNDY__CODE_EMPTY, 0, r);
}

/* grundy__wtable_find_using with the portable match.  The AVX2 one is
 * inlined only into callers built for AVX2 (the word search's hot loop,
 * game_word.c), with avx2 a constant 1 there. */
static inline GRUNDY__WTABLE_INLINE unsigned grundy__wtable_find(grundy__wtable *t, uint64_t key,
                                                                grundy__wref *r)
{
    return grundy__wtable_find_using(t, key, r, 0);
}

/* Enters key, absent, with code at the free slot r that
 * grundy__wtable_find() gave; the table has room. */
static inline void grundy__wtable_enter(grundy__wtable *t, grundy__wref r, uint64_t key,
                                        unsigned code)
{
    grundy__wbucket *b = &t->b[r >> 3];
    unsigned j = (unsigned)(r & 7);
    b->key[j] = key;
    b->code[j] = (unsigned char)code;
    b->fill = (unsigned char)(j + 1);
    t->used++;
}

/* Looks key up, entering it with code claim if absent (unless claim is
 * GRUNDY__CODE_EMPTY): as grundy__wtable_claim_slow(). */
static inline unsigned grundy__wtable_claim(grundy__wtable *t, uint64_t key, unsigned claim,
                                            int shared, grundy__wref *r)
{
    if (shared)
        return grundy__wtable_claim_slow(t, key, claim, shared, r);
    unsigned code = grundy__wtable_find(t, key, r);
    if (code == GRUNDY__CODE_EMPTY && claim != GRUNDY__CODE_EMPTY)
        grundy__wtable_enter(t, *r, key, claim);
    return code;
}

void grundy__wtable_init(grundy__wtable *t);
void grundy__wtable_free(grundy__wtable *t, const grundy_allocator *a);

/* The bytes the table holds, and would hold with nb buckets. */
size_t grundy__wtable_bytes(const grundy__wtable *t);
size_t grundy__wtable_bytes_for(size_t nb);

/* The slots that may be taken before the table must grow. */
static inline size_t grundy__wtable_room(const grundy__wtable *t)
{
    return t->nb * GRUNDY__WTABLE_FULL;
}

/* The bucket count the next growth gives (half as many again). */
size_t grundy__wtable_next(const grundy__wtable *t);

/* Rebuilds the table with nb buckets (at least its keys' need), with the
 * strong hash if strong, dropping removed keys; slots change.  Within
 * `room` bytes for the old and new blocks together (0: no cap).  Returns
 * GRUNDY_OK, GRUNDY_ENOMEM or GRUNDY_ELIMIT (the table unchanged). */
int grundy__wtable_rebuild(grundy__wtable *t, const grundy_allocator *a, size_t nb, int strong,
                           size_t room);

/* Marks slot r removed, and counts it (one thread only). */
void grundy__wtable_remove(grundy__wtable *t, grundy__wref r);

#endif
