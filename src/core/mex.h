/* SPDX-License-Identifier: MIT */
/* The minimum excludant, computed without allocating per position.
 *
 * A generation-stamped array: each mex bumps the generation, marks the option
 * values it sees, then scans for the first unmarked one.  Values at or above
 * the bound are ignored, which is exact whenever the bound exceeds the number
 * of options (mex of k values is at most k).  Clearing costs nothing, so a mex
 * over k options is O(k). */
#ifndef GRUNDY_MEX_H
#define GRUNDY_MEX_H

#include <string.h>

#include "core/alloc.h"

/* The index of the lowest set bit of x (x != 0): bit sets are walked with it. */
static inline unsigned grundy__lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

typedef struct grundy__mex {
    uint32_t *stamp; /* stamp[v] == gen iff v was seen in this mex */
    size_t bound;    /* number of entries in stamp */
    uint32_t gen;
} grundy__mex;

/* Prepares for option sets of fewer than `bound` options. */
int grundy__mex_init(grundy__mex *m, const grundy_allocator *a, size_t bound);
void grundy__mex_free(grundy__mex *m, const grundy_allocator *a);

static inline void grundy__mex_begin(grundy__mex *m)
{
    if (++m->gen == 0) { /* wrapped: old stamps could collide, so clear them */
        memset(m->stamp, 0, m->bound * sizeof *m->stamp);
        m->gen = 1;
    }
}

static inline void grundy__mex_add(grundy__mex *m, uint64_t v)
{
    if (v < m->bound)
        m->stamp[v] = m->gen;
}

/* Whether v was added since the last begin. */
static inline int grundy__mex_seen(const grundy__mex *m, uint64_t v)
{
    return v < m->bound && m->stamp[v] == m->gen;
}

static inline uint32_t grundy__mex_end(const grundy__mex *m)
{
    uint32_t v = 0;
    while (v < m->bound && m->stamp[v] == m->gen)
        v++;
    return v;
}

#endif
