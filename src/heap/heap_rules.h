/* SPDX-License-Identifier: MIT */
/* The rules of a heap game, as parsed from its name. */
#ifndef GRUNDY_HEAP_RULES_H
#define GRUNDY_HEAP_RULES_H

#include "core/alloc.h"

/* What removing k tokens may leave (bits of an octal/hex digit). */
#define HEAP_LEAVE_NONE 1u   /* the whole heap: only when it has exactly k */
#define HEAP_LEAVE_ONE 2u    /* one non-empty heap */
#define HEAP_LEAVE_TWO 4u    /* two non-empty heaps */
#define HEAP_LEAVE_THREE 8u  /* three non-empty heaps */

#define HEAP_MAX_DIGITS 4096u
#define HEAP_MAX_SUBTRACT UINT32_MAX /* the largest amount of a subtraction set */
#define HEAP_MAX_EXCLUDED (1u << 20) /* the largest excluded amount of an all-but game */

/* A subtraction set keeps no dense digit array (an amount may be 2^32 - 1):
 * digit is NULL, ndigits 0, and every amount of the sorted removal list
 * has the digit 3.  Read digits through grundy__heap_rules_digit() and
 * grundy__heap_rules_removal_digit(), which answer in both forms. */
typedef struct grundy__heap_rules {
    unsigned char *digit;  /* digit[k] for 0 <= k < ndigits (digit[ndigits - 1] != 0 without a tail); or NULL */
    uint32_t *removals;    /* the k >= 1 with digit[k] != 0, increasing */
    uint32_t nremovals;
    uint32_t ndigits;
    unsigned char tail;    /* the digit of every k >= ndigits (Lasker's Nim, all-but games), else 0 */
    int unequal;           /* a split must leave unequal heaps (Grundy's game) */
    unsigned max_parts;    /* most heaps one move leaves: 0 to 3 */
    int subtraction;       /* every move takes an amount, leaving nothing or one heap */
} grundy__heap_rules;

/* Whether k is an amount of the removal list (binary search). */
int grundy__heap_rules_has_removal(const grundy__heap_rules *r, uint64_t k);

/* What removing k tokens may leave (HEAP_LEAVE_* bits), in either form. */
static inline unsigned grundy__heap_rules_digit(const grundy__heap_rules *r, uint64_t k)
{
    if (r->digit != NULL)
        return k < r->ndigits ? r->digit[k] : r->tail;
    return k > 0 && grundy__heap_rules_has_removal(r, k) ? HEAP_LEAVE_NONE | HEAP_LEAVE_ONE : 0u;
}

/* The digit of the i-th amount of the removal list, in O(1). */
static inline unsigned grundy__heap_rules_removal_digit(const grundy__heap_rules *r, uint32_t i)
{
    return r->digit != NULL ? r->digit[r->removals[i]] : HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
}

/* Parses a game name of len bytes (no terminating NUL needed).  On
 * GRUNDY_EPARSE or GRUNDY_ELIMIT, *errpos is the offset of the offending
 * character and msg (cap bytes) says what and where; on success the rules
 * own two arrays. */
int grundy__heap_rules_parse(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap);

/* Rules of the family named by GRUNDY_HEAP_GRUNDY or GRUNDY_HEAP_LASKER
 * (the caller checked which): the rules the names "grundy" and "lasker"
 * give.  GRUNDY_OK or GRUNDY_ENOMEM; on success the rules own two arrays. */
int grundy__heap_rules_family(int family, const grundy_allocator *a, grundy__heap_rules *r);

/* Rules of the subtraction game with the given set (n >= 1 amounts in any
 * order, repeats ignored, validated here: GRUNDY_EINVAL for 0, with msg).
 * Memory O(n): the sorted amounts only. */
int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap);

/* A deep copy of *from into *to (GRUNDY_ENOMEM: *to untouched). */
int grundy__heap_rules_copy(const grundy__heap_rules *from, const grundy_allocator *a,
                            grundy__heap_rules *to);

/* Whether two rules are the same game, field by field. */
int grundy__heap_rules_equal(const grundy__heap_rules *x, const grundy__heap_rules *y);

void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a);

/* Whether the rules are an all-but subtraction game (take any amount but
 * the excluded ones: the amounts k >= 1 below ndigits whose digit is 0). */
int grundy__heap_rules_allbut(const grundy__heap_rules *r);

/* Whether the rules are Lasker's Nim. */
int grundy__heap_rules_lasker(const grundy__heap_rules *r);

/* t: the most tokens one move removes, or UINT64_MAX when unbounded. */
uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r);

#endif
