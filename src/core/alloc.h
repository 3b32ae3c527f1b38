/* SPDX-License-Identifier: MIT */
/* The allocator every handle carries, and overflow-checked array helpers.
 * All library memory goes through these so that a caller's allocator (and the
 * tests' failing allocator) sees every allocation.
 *
 * The sources are also compiled as C++, inside the single header
 * (single/grundy.h), where void * does not convert by itself: so what these
 * return is cast, and the code uses no C-only syntax (compound literals). */
#ifndef GRUNDY_ALLOC_H
#define GRUNDY_ALLOC_H

#include "grundy.h"

/* Fills *out from a caller's allocator (NULL means the C library's).
 * Returns GRUNDY_EINVAL if a function pointer is missing. */
int grundy__alloc_init(grundy_allocator *out, const grundy_allocator *in);

/* count * elem bytes, or NULL on overflow or failure.  count may be 0. */
void *grundy__alloc_array(const grundy_allocator *a, size_t count, size_t elem);

/* Like grundy__alloc_array, zero-filled. */
void *grundy__calloc_array(const grundy_allocator *a, size_t count, size_t elem);

/* A zeroed handle of `size` bytes whose first member is a grundy_allocator,
 * filled from alloc (NULL: the C library's).  NULL on failure, with *rc
 * GRUNDY_ENOMEM or GRUNDY_EINVAL (an allocator missing a function). */
void *grundy__handle_new(size_t size, const grundy_allocator *alloc, int *rc);

/* Frees p (NULL is a no-op). */
void grundy__free(const grundy_allocator *a, void *p);

/* Makes *p (holding *cap elements) hold at least need elements, growing
 * geometrically so that appends are amortised O(1).  On failure *p and *cap
 * are unchanged.  Returns GRUNDY_OK, GRUNDY_ENOMEM or GRUNDY_ELIMIT. */
int grundy__reserve(const grundy_allocator *a, void **p, size_t *cap, size_t need,
                    size_t elem);

#endif
