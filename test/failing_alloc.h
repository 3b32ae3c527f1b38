/* SPDX-License-Identifier: MIT */
/* A caller's allocator for the allocation-failure tests: it fails the N-th
 * allocation (malloc or realloc) and counts the blocks still live, so a test
 * can check that every failing call says GRUNDY_ENOMEM, that nothing leaks,
 * and that the call succeeds once memory is back. */
#ifndef GRUNDY_TEST_FAILING_ALLOC_H
#define GRUNDY_TEST_FAILING_ALLOC_H

#include <stdlib.h>

#include "grundy.h"

typedef struct failing_alloc {
    long calls;    /* allocations so far (malloc and realloc) */
    long fail_at;  /* fail this one (0: never) */
    long live;     /* blocks allocated and not yet freed */
    long failures; /* allocations failed on purpose */
} failing_alloc;

static inline void *failing_malloc(void *user, size_t size)
{
    failing_alloc *f = user;
    if (++f->calls == f->fail_at) {
        f->failures++;
        return NULL;
    }
    void *p = malloc(size);
    if (p != NULL)
        f->live++;
    return p;
}

static inline void *failing_realloc(void *user, void *ptr, size_t size)
{
    failing_alloc *f = user;
    if (++f->calls == f->fail_at) {
        f->failures++;
        return NULL;
    }
    return realloc(ptr, size);
}

static inline void failing_free(void *user, void *ptr)
{
    failing_alloc *f = user;
    f->live--;
    free(ptr);
}

/* The library's allocator over f. */
static inline grundy_allocator failing_allocator(failing_alloc *f)
{
    grundy_allocator a = {failing_malloc, failing_realloc, failing_free, f};
    return a;
}

/* Runs a call, its status in rc; on ENOMEM lets memory back (f fails no
 * more allocations) and runs it again. */
#define FAILING_RETRY(f, rc, call)       \
    do {                                 \
        (rc) = (call);                   \
        if ((rc) == GRUNDY_ENOMEM) {     \
            (f)->fail_at = 0;            \
            (rc) = (call);               \
        }                                \
    } while (0)

#endif
