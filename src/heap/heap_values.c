/* SPDX-License-Identifier: MIT */
#include "heap/heap_values.h"

#include <string.h>

#define MAX_VALUES ((uint64_t)UINT32_MAX)

/* Rewrites the array at a larger width, in place from the end: element i
 * moves from i * old to i * new bytes, never over an element not yet read. */
static int widen(grundy__values *v, const grundy_allocator *a, unsigned width)
{
    size_t cap = (size_t)v->cap;
    if (cap > SIZE_MAX / width)
        return GRUNDY_ELIMIT;
    size_t bytes = cap * width > 0 ? cap * width : 1;
    unsigned char *p = (unsigned char *)(v->p ? a->realloc_fn(a->user, v->p, bytes)
                                              : a->malloc_fn(a->user, bytes));
    if (p == NULL)
        return GRUNDY_ENOMEM;
    for (uint64_t i = v->n; i-- > 0;) {
        uint32_t x = v->width == 1 ? p[i]
                   : v->width == 2 ? ((uint16_t *)(void *)p)[i] : ((uint32_t *)(void *)p)[i];
        if (width == 2)
            ((uint16_t *)(void *)p)[i] = (uint16_t)x;
        else
            ((uint32_t *)(void *)p)[i] = x;
    }
    v->p = p;
    v->width = width;
    return GRUNDY_OK;
}

int grundy__values_append(grundy__values *v, const grundy_allocator *a, uint32_t x)
{
    if (v->width == 0)
        v->width = 1;
    unsigned need = x < 256 ? 1 : x < 65536 ? 2 : 4;
    if (need > v->width) {
        int rc = widen(v, a, need);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (v->n == v->cap) {
        int rc = grundy__values_reserve(v, a, v->n + 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    grundy__values_set(v, v->n, x);
    v->n++;
    return GRUNDY_OK;
}

int grundy__values_reserve(grundy__values *v, const grundy_allocator *a, uint64_t count)
{
    if (count <= v->cap)
        return GRUNDY_OK;
    if (count > MAX_VALUES)
        return GRUNDY_ELIMIT;
    if (v->width == 0)
        v->width = 1;
    size_t cap = (size_t)v->cap;
    int rc = grundy__reserve(a, (void **)&v->p, &cap, (size_t)count, v->width);
    if (rc == GRUNDY_OK)
        v->cap = cap;
    return rc;
}

void grundy__values_free(grundy__values *v, const grundy_allocator *a)
{
    grundy__free(a, v->p);
    memset(v, 0, sizeof *v);
}
