/* SPDX-License-Identifier: MIT */
/* The value sequence of a heap game, stored at the width its values need:
 * one byte while every value is below 256, two below 65536, else four.  Most
 * octal games never leave one byte, so the sequence takes a quarter of the
 * memory and the random reads of split computations stay in cache. */
#ifndef GRUNDY_HEAP_VALUES_H
#define GRUNDY_HEAP_VALUES_H

#include "core/alloc.h"

typedef struct grundy__values {
    unsigned char *p;
    unsigned width;   /* bytes per value: 1, 2 or 4 */
    uint64_t n, cap;  /* values stored; room, in values */
} grundy__values;

static inline uint32_t grundy__values_get(const grundy__values *v, uint64_t i)
{
    switch (v->width) {
    case 1: return v->p[i];
    case 2: return ((const uint16_t *)(const void *)v->p)[i];
    default: return ((const uint32_t *)(const void *)v->p)[i];
    }
}

/* Stores x at i < cap, which must fit the width; n is the caller's. */
static inline void grundy__values_set(grundy__values *v, uint64_t i, uint32_t x)
{
    switch (v->width) {
    case 1: v->p[i] = (unsigned char)x; break;
    case 2: ((uint16_t *)(void *)v->p)[i] = (uint16_t)x; break;
    default: ((uint32_t *)(void *)v->p)[i] = x; break;
    }
}

/* Makes room for count values at the present width. */
int grundy__values_reserve(grundy__values *v, const grundy_allocator *a, uint64_t count);

/* Appends x, growing the room geometrically and widening when x needs it. */
int grundy__values_append(grundy__values *v, const grundy_allocator *a, uint32_t x);

void grundy__values_free(grundy__values *v, const grundy_allocator *a);

#endif
