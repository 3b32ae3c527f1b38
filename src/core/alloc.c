/* SPDX-License-Identifier: MIT */
#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>

static void *std_malloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void *std_realloc(void *user, void *ptr, size_t size)
{
    (void)user;
    return realloc(ptr, size);
}

static void std_free(void *user, void *ptr)
{
    (void)user;
    free(ptr);
}

int grundy__alloc_init(grundy_allocator *out, const grundy_allocator *in)
{
    if (in == NULL) {
        out->malloc_fn = std_malloc;
        out->realloc_fn = std_realloc;
        out->free_fn = std_free;
        out->user = NULL;
        return GRUNDY_OK;
    }
    if (in->malloc_fn == NULL || in->realloc_fn == NULL || in->free_fn == NULL)
        return GRUNDY_EINVAL;
    *out = *in;
    return GRUNDY_OK;
}

void *grundy__alloc_array(const grundy_allocator *a, size_t count, size_t elem)
{
    if (elem != 0 && count > SIZE_MAX / elem)
        return NULL;
    /* A zero-byte request still gets a real block, so NULL always means failure. */
    size_t bytes = count * elem;
    return a->malloc_fn(a->user, bytes ? bytes : 1);
}

void *grundy__calloc_array(const grundy_allocator *a, size_t count, size_t elem)
{
    void *p = grundy__alloc_array(a, count, elem);
    if (p != NULL)
        memset(p, 0, count * elem);
    return p;
}

void *grundy__handle_new(size_t size, const grundy_allocator *alloc, int *rc)
{
    grundy_allocator a;
    *rc = grundy__alloc_init(&a, alloc);
    if (*rc != GRUNDY_OK)
        return NULL;
    void *h = grundy__calloc_array(&a, 1, size);
    if (h == NULL) {
        *rc = GRUNDY_ENOMEM;
        return NULL;
    }
    memcpy(h, &a, sizeof a); /* the handle's first member */
    return h;
}

void grundy__free(const grundy_allocator *a, void *p)
{
    if (p != NULL)
        a->free_fn(a->user, p);
}

int grundy__reserve(const grundy_allocator *a, void **p, size_t *cap, size_t need,
                    size_t elem)
{
    if (need <= *cap)
        return GRUNDY_OK;
    size_t max = SIZE_MAX / elem;
    if (need > max)
        return GRUNDY_ELIMIT;
    /* Grow by half again: amortised O(1) appends with less slack than doubling. */
    size_t want = *cap + *cap / 2;
    if (want < need || want > max)
        want = need;
    if (want < 16 && 16 <= max)
        want = 16;
    void *q = *p ? a->realloc_fn(a->user, *p, want * elem)
                 : a->malloc_fn(a->user, want * elem);
    if (q == NULL)
        return GRUNDY_ENOMEM;
    *p = q;
    *cap = want;
    return GRUNDY_OK;
}
