/* SPDX-License-Identifier: MIT */
/* Shared by the fuzz targets: a failure macro, a counting allocator that
 * can refuse memory, and a reader that turns fuzz bytes into small numbers.
 * Everything is static: each target is one translation unit plus the
 * library's sources. */
#ifndef GRUNDY_FUZZ_COMMON_H
#define GRUNDY_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"

/* A broken promise of the library: say which, then abort() so that
 * libFuzzer (or the replay driver) records the input. */
#define FUZZ_FAIL(...)                                                        \
    do {                                                                      \
        fprintf(stderr, "%s:%d: FUZZ CHECK FAILED: ", __FILE__, __LINE__);    \
        fprintf(stderr, __VA_ARGS__);                                         \
        fputc('\n', stderr);                                                  \
        abort();                                                              \
    } while (0)

#define FUZZ_CHECK(cond, ...)                                                 \
    do {                                                                      \
        if (!(cond)) {                                                        \
            fprintf(stderr, "%s:%d: FUZZ CHECK FAILED: %s: ", __FILE__,       \
                    __LINE__, #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                     \
            fputc('\n', stderr);                                              \
            abort();                                                          \
        }                                                                     \
    } while (0)

/* Whether rc is one of the documented status codes (0 or a GRUNDY_E*). */
static inline int fuzz_is_status(int rc)
{
    return rc <= GRUNDY_OK && rc >= GRUNDY_ENOTSUP;
}

/* ---- counting allocator ---------------------------------------------- */

/* Counts live blocks and bytes; refuses a request when it would pass
 * `limit` live bytes, or when it is the `fail_at`-th request (1-based;
 * 0: never), so that error paths run too.  Each block carries its size in
 * a header, so realloc can keep the byte count exact. */
typedef struct fuzz_alloc {
    size_t live_blocks;
    size_t live_bytes;
    size_t peak_bytes;
    size_t limit;       /* 0: no limit */
    uint64_t requests;  /* malloc and realloc calls so far */
    uint64_t fail_at;   /* 0: never */
    uint64_t refused;
    int bad_free;       /* set if free/realloc saw a foreign pointer */
} fuzz_alloc;

#define FUZZ_ALLOC_MAGIC 0x67727564u
typedef union fuzz_block_header {
    struct {
        size_t size;
        uint32_t magic;
    } h;
    max_align_t align;
} fuzz_block_header;

static inline int fuzz_alloc_refuse(fuzz_alloc *a, size_t more)
{
    a->requests++;
    if (a->fail_at != 0 && a->requests == a->fail_at) {
        a->refused++;
        return 1;
    }
    if (a->limit != 0 && (more > a->limit || a->live_bytes > a->limit - more)) {
        a->refused++;
        return 1;
    }
    return 0;
}

static void *fuzz_malloc(void *user, size_t size)
{
    fuzz_alloc *a = user;
    if (fuzz_alloc_refuse(a, size) || size > SIZE_MAX - sizeof(fuzz_block_header))
        return NULL;
    fuzz_block_header *b = malloc(sizeof *b + size);
    if (b == NULL)
        return NULL;
    b->h.size = size;
    b->h.magic = FUZZ_ALLOC_MAGIC;
    a->live_blocks++;
    a->live_bytes += size;
    if (a->live_bytes > a->peak_bytes)
        a->peak_bytes = a->live_bytes;
    return b + 1;
}

static void *fuzz_realloc(void *user, void *ptr, size_t size)
{
    fuzz_alloc *a = user;
    if (ptr == NULL || size == 0) {
        /* The allocator contract says this never happens. */
        a->bad_free = 1;
        return NULL;
    }
    fuzz_block_header *b = (fuzz_block_header *)ptr - 1;
    if (b->h.magic != FUZZ_ALLOC_MAGIC) {
        a->bad_free = 1;
        return NULL;
    }
    size_t old = b->h.size;
    if (size > old && fuzz_alloc_refuse(a, size - old))
        return NULL;
    if (size <= old)
        a->requests++;
    if (size > SIZE_MAX - sizeof *b)
        return NULL;
    fuzz_block_header *nb = realloc(b, sizeof *nb + size);
    if (nb == NULL)
        return NULL;
    nb->h.size = size;
    a->live_bytes = a->live_bytes - old + size;
    if (a->live_bytes > a->peak_bytes)
        a->peak_bytes = a->live_bytes;
    return nb + 1;
}

static void fuzz_free(void *user, void *ptr)
{
    fuzz_alloc *a = user;
    if (ptr == NULL) {
        a->bad_free = 1; /* "free_fn is never given NULL" */
        return;
    }
    fuzz_block_header *b = (fuzz_block_header *)ptr - 1;
    if (b->h.magic != FUZZ_ALLOC_MAGIC) {
        a->bad_free = 1;
        return;
    }
    b->h.magic = 0;
    a->live_blocks--;
    a->live_bytes -= b->h.size;
    free(b);
}

static inline grundy_allocator fuzz_allocator(fuzz_alloc *a)
{
    grundy_allocator al = {fuzz_malloc, fuzz_realloc, fuzz_free, a};
    return al;
}

/* Aborts unless every block was given back and every free was proper. */
static inline void fuzz_alloc_check_empty(const fuzz_alloc *a, const char *what)
{
    FUZZ_CHECK(!a->bad_free, "%s: the allocator was given NULL or a foreign pointer", what);
    FUZZ_CHECK(a->live_blocks == 0, "%s: %zu blocks (%zu bytes) still live after free", what,
               a->live_blocks, a->live_bytes);
}

/* ---- reading fuzz bytes --------------------------------------------- */

typedef struct fuzz_reader {
    const uint8_t *p;
    size_t n;
} fuzz_reader;

/* The next byte, or 0 once the input is used up. */
static inline uint8_t fuzz_u8(fuzz_reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static inline uint32_t fuzz_u32(fuzz_reader *r)
{
    uint32_t x = 0;
    for (int i = 0; i < 4; i++)
        x = x << 8 | fuzz_u8(r);
    return x;
}

/* A number in [0, bound) (bound >= 1), from one or two bytes. */
static inline uint32_t fuzz_below(fuzz_reader *r, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    uint32_t x = fuzz_u8(r);
    if (bound > 256)
        x = x << 8 | fuzz_u8(r);
    return x % bound;
}

/* A deterministic stream seeded from bytes, for choices that should not
 * consume the input (e.g. which nodes make up a compound). */
static inline uint64_t fuzz_hash(const uint8_t *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ull;
    }
    return h;
}

static inline uint64_t fuzz_next(uint64_t *state)
{
    /* splitmix64 */
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#endif
