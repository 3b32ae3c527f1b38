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
#define HEAP_MAX_SUBTRACT (1u << 20)

typedef struct grundy__heap_rules {
    unsigned char *digit;  /* digit[k] for 0 <= k < ndigits; digit[ndigits - 1] != 0 */
    uint32_t *removals;    /* the k >= 1 with digit[k] != 0, increasing */
    uint32_t nremovals;
    uint32_t ndigits;
    unsigned char tail;    /* the digit of every k >= ndigits (Lasker's Nim, all-but games), else 0 */
    int unequal;           /* a split must leave unequal heaps (Grundy's game) */
    unsigned max_parts;    /* most heaps one move leaves: 0 to 3 */
} grundy__heap_rules;

/* Parses a game name of len bytes (no terminating NUL needed).  On
 * GRUNDY_EPARSE or GRUNDY_ELIMIT, *errpos is the offset of the offending
 * character and msg (cap bytes) says what and where; on success the rules
 * own two arrays. */
int grundy__heap_rules_parse(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap);

/* Rules of the subtraction game with the given set (n >= 1 amounts,
 * validated here: GRUNDY_EINVAL for 0, GRUNDY_ELIMIT above 2^20, with msg). */
int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap);

void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a);

/* Whether the rules are an all-but subtraction game (take any amount but
 * the excluded ones: the amounts k >= 1 below ndigits whose digit is 0). */
int grundy__heap_rules_allbut(const grundy__heap_rules *r);

/* Whether the rules are Lasker's Nim. */
int grundy__heap_rules_lasker(const grundy__heap_rules *r);

/* t: the most tokens one move removes, or UINT64_MAX when unbounded. */
uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r);

#endif
