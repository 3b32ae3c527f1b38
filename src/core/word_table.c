/* SPDX-License-Identifier: MIT */
/* The memo of 64-bit words: the probe beyond the home bucket, the probe of
 * two threads, growth, the guard's rebuild and removal (word_table.h). */
#include "core/word_table.h"

#include <string.h>

enum { LINE = 64 };

static size_t next_bucket(const grundy__wtable *t, size_t i)
{
    return i + 1 == t->nb ? 0 : i + 1;
}

/* Waits until slot j of b, inside the fill, has its key written. */
static unsigned published(const grundy__wbucket *b, unsigned j)
{
    unsigned code;
    while ((code = grundy__wload(&b->code[j])) == GRUNDY__CODE_EMPTY)
        grundy__thread_yield();
    return code;
}

/* The slot of bucket b below fill that holds key and is not removed, or -1;
 * with threads, only after every slot below fill is written. */
static int find_in(const grundy__wbucket *b, uint64_t key, unsigned fill, int shared,
                   unsigned *code)
{
    if (shared) {
        for (unsigned j = 0; j < fill; j++)
            (void)published(b, j);
    }
    unsigned m = shared ? grundy__wbucket_match_shared(b, key, fill)
                        : grundy__wbucket_match(b, key, fill);
    while (m != 0) {
        unsigned j = (unsigned)__builtin_ctz(m);
        *code = grundy__wload(&b->code[j]);
        if (*code != GRUNDY__CODE_TOMB)
            return (int)j;
        m &= m - 1;
    }
    return -1;
}

/* Takes slot `fill` of b for key, with code claim: 1 if taken, 0 if
 * another thread took it first (b's fill has moved on). */
static int take(grundy__wbucket *b, unsigned fill, uint64_t key, unsigned claim, int shared)
{
#if GRUNDY__THREADS
    if (shared) {
        unsigned char expected = (unsigned char)fill;
        if (!__atomic_compare_exchange_n(&b->fill, &expected, (unsigned char)(fill + 1), 0,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            return 0;
        __atomic_store_n(&b->key[fill], key, __ATOMIC_RELAXED);
        grundy__wstore(&b->code[fill], (unsigned char)claim);
        return 1;
    }
#else
    (void)shared;
#endif
    b->key[fill] = key;
    b->code[fill] = (unsigned char)claim;
    b->fill = (unsigned char)(fill + 1);
    return 1;
}

unsigned grundy__wtable_claim_slow(grundy__wtable *t, uint64_t key, unsigned claim, int shared,
                                   grundy__wref *r)
{
    size_t i = grundy__wtable_home(t, key);
    for (unsigned passed = 0;; passed++) {
        grundy__wbucket *b = &t->b[i];
        unsigned fill = grundy__wload(&b->fill), code;
        int j = find_in(b, key, fill, shared, &code);
        if (j >= 0) {
            *r = i * 8 + (unsigned)j;
            return code;
        }
        if (fill < GRUNDY__WTABLE_SLOTS) {
            *r = i * 8 + fill;
            if (claim == GRUNDY__CODE_EMPTY)
                return GRUNDY__CODE_EMPTY;
            if (take(b, fill, key, claim, shared)) {
                if (!shared)
                    t->used++;
                return GRUNDY__CODE_EMPTY;
            }
            continue; /* taken by the other thread: look at this bucket again */
        }
        /* A table of a few buckets fills and empties its runs as it grows:
         * only a large one has probes worth watching. */
        if (passed == GRUNDY__WTABLE_LONG && !t->strong && t->nb >= 64 * GRUNDY__WTABLE_LONG) {
#if GRUNDY__THREADS
            __atomic_store_n(&t->long_probe, 1, __ATOMIC_RELAXED);
#else
            t->long_probe = 1;
#endif
        }
        i = next_bucket(t, i);
    }
}

int grundy__wtable_avx2(void)
{
#if GRUNDY__WTABLE_AVX2
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

void grundy__wtable_init(grundy__wtable *t)
{
    memset(t, 0, sizeof *t);
}

void grundy__wtable_free(grundy__wtable *t, const grundy_allocator *a)
{
    grundy__free(a, t->block);
    grundy__wtable_init(t);
}

size_t grundy__wtable_bytes_for(size_t nb)
{
    return nb == 0 ? 0 : nb * sizeof(grundy__wbucket) + LINE;
}

size_t grundy__wtable_bytes(const grundy__wtable *t)
{
    return grundy__wtable_bytes_for(t->nb);
}

size_t grundy__wtable_next(const grundy__wtable *t)
{
    return t->nb < 8 ? 16 : t->nb + t->nb / 2;
}

/* Enters key (absent) with code in a table being built: no thread, no guard. */
static void place(grundy__wtable *t, uint64_t key, unsigned char code)
{
    size_t i = grundy__wtable_home(t, key);
    while (t->b[i].fill == GRUNDY__WTABLE_SLOTS)
        i = next_bucket(t, i);
    grundy__wbucket *b = &t->b[i];
    b->key[b->fill] = key;
    b->code[b->fill] = code;
    b->fill++;
    t->used++;
}

int grundy__wtable_rebuild(grundy__wtable *t, const grundy_allocator *a, size_t nb, int strong,
                           size_t room)
{
    size_t keys = t->used - t->removed;
    if (nb * GRUNDY__WTABLE_FULL <= keys)
        nb = keys / GRUNDY__WTABLE_FULL + 1;
    if (nb > UINT32_MAX || nb > (SIZE_MAX - LINE) / sizeof(grundy__wbucket))
        return GRUNDY_ELIMIT;
    size_t bytes = grundy__wtable_bytes_for(nb);
    if (room != 0 && (bytes > room || grundy__wtable_bytes(t) > room - bytes))
        return GRUNDY_ELIMIT;
    grundy__wtable n;
    grundy__wtable_init(&n);
    n.block = grundy__alloc_array(a, bytes, 1);
    if (n.block == NULL)
        return GRUNDY_ENOMEM;
    uintptr_t at = ((uintptr_t)n.block + LINE - 1) & ~(uintptr_t)(LINE - 1);
    n.b = (grundy__wbucket *)at;
    n.nb = nb;
    n.strong = strong;
    /* Free slots hold GRUNDY__CODE_EMPTY, and keys are defined bytes: the
     * match compares every key of a bucket before masking by its fill. */
    memset(n.b, 0xff, nb * sizeof(grundy__wbucket));
    for (size_t i = 0; i < nb; i++)
        n.b[i].fill = 0;
    for (size_t i = 0; i < t->nb; i++) {
        const grundy__wbucket *b = &t->b[i];
        for (unsigned j = 0; j < b->fill; j++)
            if (b->code[j] != GRUNDY__CODE_TOMB)
                place(&n, b->key[j], b->code[j]);
    }
    grundy__free(a, t->block);
    *t = n;
    return GRUNDY_OK;
}

void grundy__wtable_remove(grundy__wtable *t, grundy__wref r)
{
    grundy__wtable_set(t, r, GRUNDY__CODE_TOMB);
    t->removed++;
}
