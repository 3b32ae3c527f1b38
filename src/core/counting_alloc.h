/* SPDX-License-Identifier: MIT */
/* A caller's allocator that measures: it keeps the size of every block in a
 * small header, so it knows the bytes live at any moment, their peak, and
 * the largest single request.  With a cap it refuses (returns NULL for) any
 * request that would take the live bytes past the cap, without asking the
 * system for the memory: an absurd problem fails cleanly instead of
 * allocating gigabytes.  The command-line tool caps its memory with it
 * (cli/memory.c), and the tests measure the library with it.  It is no part
 * of the library: it sits in core/ because the tool and the tests share it,
 * and tools/amalgamate.py leaves it out of the single header.
 * One counting_alloc must serve one thread at a time (it has no lock). */
#ifndef GRUNDY_COUNTING_ALLOC_H
#define GRUNDY_COUNTING_ALLOC_H

#include <stddef.h>
#include <stdlib.h>

#include "grundy.h"

typedef struct counting_alloc {
    size_t cap;             /* refuse requests past this many live bytes (0: no cap) */
    size_t live;            /* bytes allocated and not yet freed */
    size_t peak;            /* the most bytes live at once */
    size_t largest_request; /* the largest size asked for, granted or not */
    long blocks;            /* blocks live */
    long calls;             /* malloc and realloc calls */
    long refused;           /* requests refused because of the cap */
    long bad_free;          /* free_fn or realloc_fn given a foreign pointer */
} counting_alloc;

/* The header before each block: its size, and a tag to catch foreign pointers. */
typedef union counting_header {
    struct {
        size_t size;
        size_t tag;
    } h;
    max_align_t align;
} counting_header;

#define COUNTING_TAG ((size_t)0x67726e6479u)

static inline int counting_allows(counting_alloc *c, size_t old_size, size_t size)
{
    if (size > c->largest_request)
        c->largest_request = size;
    if (size > SIZE_MAX / 2 ||
        (c->cap != 0 && c->live - old_size + size > c->cap)) {
        c->refused++;
        return 0;
    }
    return 1;
}

static inline void counting_note(counting_alloc *c, size_t old_size, size_t size)
{
    c->live = c->live - old_size + size;
    if (c->live > c->peak)
        c->peak = c->live;
}

static inline void *counting_malloc(void *user, size_t size)
{
    counting_alloc *c = user;
    c->calls++;
    if (!counting_allows(c, 0, size))
        return NULL;
    counting_header *h = malloc(sizeof *h + size);
    if (h == NULL)
        return NULL;
    h->h.size = size;
    h->h.tag = COUNTING_TAG;
    c->blocks++;
    counting_note(c, 0, size);
    return h + 1;
}

static inline void *counting_realloc(void *user, void *ptr, size_t size)
{
    counting_alloc *c = user;
    c->calls++;
    counting_header *h = (counting_header *)ptr - 1;
    if (h->h.tag != COUNTING_TAG) {
        c->bad_free++;
        return NULL;
    }
    size_t old = h->h.size;
    if (!counting_allows(c, old, size))
        return NULL;
    counting_header *q = realloc(h, sizeof *q + size);
    if (q == NULL)
        return NULL;
    q->h.size = size;
    counting_note(c, old, size);
    return q + 1;
}

static inline void counting_free(void *user, void *ptr)
{
    counting_alloc *c = user;
    counting_header *h = (counting_header *)ptr - 1;
    if (h->h.tag != COUNTING_TAG) {
        c->bad_free++;
        return;
    }
    h->h.tag = 0;
    c->live -= h->h.size;
    c->blocks--;
    free(h);
}

/* The library's allocator over c. */
static inline grundy_allocator counting_allocator(counting_alloc *c)
{
    grundy_allocator a = {counting_malloc, counting_realloc, counting_free, c};
    return a;
}

#endif
