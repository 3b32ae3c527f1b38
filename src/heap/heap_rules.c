/* SPDX-License-Identifier: MIT */
/* Heap game names: octal and hexadecimal codes, "sub:S1,S2,...",
 * "allbut:X1,X2,...", "grundy", "lasker".  Every rejection names the
 * offending character. */
#include "heap/heap_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a name is refused: the offset to report and the message buffer. */
typedef struct refusal {
    size_t *errpos;
    char *msg;
    size_t cap;
} refusal;

static int reject(const refusal *why, int rc, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int reject(const refusal *why, int rc, size_t pos, const char *fmt, ...)
{
    if (why->errpos != NULL)
        *why->errpos = pos;
    if (why->msg != NULL && why->cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why->msg, why->cap, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* A character for a message: 'c' if printable, else its byte value (a NUL
 * or a control character would cut or garble the message). */
typedef struct shown {
    char s[16];
} shown;

static shown show(char c)
{
    shown out;
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(out.s, sizeof out.s, "'%c'", c);
    else
        snprintf(out.s, sizeof out.s, "byte 0x%02x", u);
    return out;
}

/* How much of a name a message quotes. */
static int quoted(size_t len)
{
    return len < 60 ? (int)len : 60;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Fills the derived fields (removal list, max_parts) from digit[] and tail. */
static int finish(grundy__heap_rules *r, const grundy_allocator *a)
{
    /* A tail stands for every amount from ndigits on, so the digits below
     * it stay, zeros included (the amounts an all-but game excludes). */
    while (r->tail == 0 && r->ndigits > 1 && r->digit[r->ndigits - 1] == 0)
        r->ndigits--;
    r->nremovals = 0;
    r->max_parts = 0;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        if (k > 0 && r->digit[k] != 0)
            r->nremovals++;
    }
    r->removals = (uint32_t *)grundy__alloc_array(a, r->nremovals, sizeof *r->removals);
    if (r->removals == NULL) {
        grundy__heap_rules_free(r, a);
        return GRUNDY_ENOMEM;
    }
    uint32_t j = 0;
    unsigned all = r->tail;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        all |= r->digit[k];
        if (k > 0 && r->digit[k] != 0)
            r->removals[j++] = k;
    }
    r->max_parts = (all & HEAP_LEAVE_THREE) ? 3u : (all & HEAP_LEAVE_TWO) ? 2u
                 : (all & HEAP_LEAVE_ONE) ? 1u : 0u;
    r->subtraction = r->tail == 0 && r->digit[0] == 0;
    for (uint32_t i = 0; i < r->nremovals; i++)
        r->subtraction &= r->digit[r->removals[i]] == (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE);
    return GRUNDY_OK;
}

static int compare_amounts(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

/* Makes the rules of the subtraction game whose n >= 1 amounts (each 1 to
 * 2^32 - 1) are in amounts, which the rules then own: sorted, repeats
 * dropped, no dense digit array. */
static void subtraction_rules(grundy__heap_rules *r, uint32_t *amounts, size_t n)
{
    qsort(amounts, n, sizeof *amounts, compare_amounts);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k == 0 || amounts[i] != amounts[k - 1])
            amounts[k++] = amounts[i];
    }
    memset(r, 0, sizeof *r);
    r->removals = amounts;
    r->nremovals = (uint32_t)k; /* distinct amounts: fewer than 2^32 */
    r->max_parts = 1;
    r->subtraction = 1;
}

static int alloc_digits(grundy__heap_rules *r, const grundy_allocator *a, size_t n)
{
    memset(r, 0, sizeof *r);
    r->digit = (unsigned char *)grundy__calloc_array(a, n, 1);
    r->ndigits = (uint32_t)n;
    return r->digit ? GRUNDY_OK : GRUNDY_ENOMEM;
}

/* Whether the name is a word (it starts with a letter and has no point):
 * then it is refused as a whole rather than at its second letter. */
static int is_word(const char *name, size_t len)
{
    char c = name[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        return 0;
    return memchr(name, '.', len) == NULL;
}

/* The part before the point: one optional digit, then the point.  The
 * first character that breaks that shape is the one to name. */
static int check_point(const char *name, size_t len, const refusal *why, size_t *before)
{
    *before = hex_value(name[0]) >= 0 ? 1 : 0;
    size_t at = *before;
    if (at < len && name[at] == '.')
        return GRUNDY_OK;
    if (at == len || is_word(name, len))
        return reject(why, GRUNDY_EPARSE, at == len ? at : 0,
                      "'%.*s' is not a game: expected a code such as 0.77, or grundy, "
                      "lasker, sub:1,2, allbut:2,3,7", quoted(len), name);
    if (at == 1 && hex_value(name[at]) >= 0)
        return reject(why, GRUNDY_EPARSE, 1,
                      "%s at offset 1: a code has one digit before the point",
                      show(name[at]).s);
    return reject(why, GRUNDY_EPARSE, at, "%s at offset %zu where %s was expected",
                  show(name[at]).s, at, at ? "the point" : "a digit or the point");
}

static int parse_code(const char *name, size_t len, const grundy_allocator *a,
                      grundy__heap_rules *r, const refusal *why)
{
    size_t before;
    int rc = check_point(name, len, why, &before);
    if (rc != GRUNDY_OK)
        return rc;
    const char *digits = name + before + 1;
    size_t ndig = len - before - 1;
    if (ndig == 0)
        return reject(why, GRUNDY_EPARSE, before + 1, "no digits after the point (offset %zu)",
                      before + 1);
    if (ndig + 1 > HEAP_MAX_DIGITS)
        return reject(why, GRUNDY_ELIMIT, before + HEAP_MAX_DIGITS,
                      "codes may have at most %u digits after the point, not %zu (offset %zu "
                      "is the first digit too many)",
                      HEAP_MAX_DIGITS - 1, ndig, before + HEAP_MAX_DIGITS);
    int d0 = before ? hex_value(name[0]) : 0;
    if ((unsigned)d0 & (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE))
        return reject(why, GRUNDY_EPARSE, 0,
                      "digit %c at offset 0: the digit before the point may only be 0, 4, 8 "
                      "or C (removing nothing must split)", name[0]);
    for (size_t i = 0; i < ndig; i++) {
        if (hex_value(digits[i]) < 0)
            return reject(why, GRUNDY_EPARSE, before + 1 + i,
                          "%s at offset %zu is not an octal or hexadecimal digit",
                          show(digits[i]).s, before + 1 + i);
    }
    if (alloc_digits(r, a, ndig + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    r->digit[0] = (unsigned char)d0;
    for (size_t i = 0; i < ndig; i++)
        r->digit[1 + i] = (unsigned char)hex_value(digits[i]);
    return finish(r, a);
}

/* One amount of "sub:...", from offset *i, each a decimal in
 * [1, HEAP_MAX_SUBTRACT]; *i ends past it. */
static int read_amount(const char *name, size_t len, size_t *i, const refusal *why,
                       uint32_t *out)
{
    size_t start = *i;
    if (start == len)
        return reject(why, GRUNDY_EPARSE, start,
                      "the set of amounts is empty or ends with a comma (offset %zu)", start);
    uint64_t v = 0;
    for (; *i < len && name[*i] >= '0' && name[*i] <= '9'; (*i)++) {
        v = v * 10 + (uint64_t)(name[*i] - '0');
        if (v > HEAP_MAX_SUBTRACT)
            return reject(why, GRUNDY_ELIMIT, start,
                          "the amount at offset %zu is above %lu (2^32 - 1), the largest allowed",
                          start, (unsigned long)HEAP_MAX_SUBTRACT);
    }
    if (*i == start)
        return reject(why, GRUNDY_EPARSE, start,
                      "%s at offset %zu where an amount (a positive integer) was expected",
                      show(name[start]).s, start);
    if (v == 0)
        return reject(why, GRUNDY_EPARSE, start, "the amount at offset %zu is 0; amounts are "
                      "at least 1", start);
    if (*i < len && name[*i] != ',')
        return reject(why, GRUNDY_EPARSE, *i, "%s at offset %zu where a comma was expected",
                      show(name[*i]).s, *i);
    *out = (uint32_t)v;
    return GRUNDY_OK;
}

/* "sub:S1,S2,...": validated in a first pass, which counts the amounts,
 * then stored as a sorted list (O(number of amounts) memory). */
static int parse_subtraction(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, const refusal *why)
{
    size_t count = 0;
    uint32_t v;
    for (size_t i = 4;; i++) {
        int rc = read_amount(name, len, &i, why, &v);
        if (rc != GRUNDY_OK)
            return rc;
        count++;
        if (i == len)
            break;
    }
    uint32_t *amounts = (uint32_t *)grundy__alloc_array(a, count, sizeof *amounts);
    if (amounts == NULL)
        return GRUNDY_ENOMEM;
    count = 0;
    for (size_t i = 4; i < len; i++)
        (void)read_amount(name, len, &i, why, &amounts[count++]); /* valid: read above */
    subtraction_rules(r, amounts, count);
    return GRUNDY_OK;
}

/* "allbut:X1,X2,...": every amount but X1, X2, ... may be taken.  The
 * digits below the largest excluded amount say which (0: excluded, 3:
 * take them, leaving one heap or none), and the tail stands for every
 * amount past it; so the excluded amounts are bounded as codes' digits
 * are not: by HEAP_MAX_EXCLUDED, checked in a first pass. */
static int parse_allbut(const char *name, size_t len, const grundy_allocator *a,
                        grundy__heap_rules *r, const refusal *why)
{
    uint32_t max = 0, v;
    for (size_t i = 7;; i++) {
        size_t at = i;
        int rc = read_amount(name, len, &i, why, &v);
        if (rc != GRUNDY_OK)
            return rc;
        if (v > HEAP_MAX_EXCLUDED)
            return reject(why, GRUNDY_ELIMIT, at, "the excluded amount at offset %zu is above "
                          "%u, the largest allowed", at, HEAP_MAX_EXCLUDED);
        max = v > max ? v : max;
        if (i == len)
            break;
    }
    if (alloc_digits(r, a, (size_t)max + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    unsigned char take = HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
    memset(r->digit + 1, take, max);
    r->tail = take;
    for (size_t i = 7; i < len; i++) {
        (void)read_amount(name, len, &i, why, &v); /* valid: read above */
        r->digit[v] = 0;
    }
    return finish(r, a);
}

static int is_name(const char *name, size_t len, const char *word)
{
    return len == strlen(word) && memcmp(name, word, len) == 0;
}

int grundy__heap_rules_parse(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap)
{
    refusal why = {errpos, msg, cap};
    if (msg != NULL && cap > 0)
        msg[0] = '\0';
    if (is_name(name, len, "grundy"))
        return grundy__heap_rules_family(GRUNDY_HEAP_GRUNDY, a, r);
    if (is_name(name, len, "lasker"))
        return grundy__heap_rules_family(GRUNDY_HEAP_LASKER, a, r);
    if (len >= 4 && memcmp(name, "sub:", 4) == 0)
        return parse_subtraction(name, len, a, r, &why);
    if (len >= 7 && memcmp(name, "allbut:", 7) == 0)
        return parse_allbut(name, len, a, r, &why);
    if (len == 0)
        return reject(&why, GRUNDY_EPARSE, 0, "the game name is empty");
    return parse_code(name, len, a, r, &why);
}

int grundy__heap_rules_family(int family, const grundy_allocator *a, grundy__heap_rules *r)
{
    if (alloc_digits(r, a, 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    r->digit[0] = HEAP_LEAVE_TWO;
    if (family == GRUNDY_HEAP_GRUNDY)
        r->unequal = 1;
    else
        r->tail = HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
    return finish(r, a);
}

int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap)
{
    for (size_t i = 0; i < n; i++) {
        if (set[i] == 0) {
            if (msg != NULL && cap > 0)
                snprintf(msg, cap, "set[%zu] is 0: amounts are 1 to %lu (2^32 - 1)", i,
                         (unsigned long)HEAP_MAX_SUBTRACT);
            return GRUNDY_EINVAL;
        }
    }
    uint32_t *amounts = (uint32_t *)grundy__alloc_array(a, n, sizeof *amounts);
    if (amounts == NULL)
        return GRUNDY_ENOMEM;
    memcpy(amounts, set, n * sizeof *amounts);
    subtraction_rules(r, amounts, n);
    return GRUNDY_OK;
}

void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a)
{
    grundy__free(a, r->digit);
    grundy__free(a, r->removals);
    r->digit = NULL;
    r->removals = NULL;
}

int grundy__heap_rules_copy(const grundy__heap_rules *from, const grundy_allocator *a,
                            grundy__heap_rules *to)
{
    grundy__heap_rules r = *from;
    r.digit = NULL;
    r.removals = (uint32_t *)grundy__alloc_array(a, from->nremovals, sizeof *r.removals);
    if (r.removals == NULL)
        return GRUNDY_ENOMEM;
    memcpy(r.removals, from->removals, (size_t)from->nremovals * sizeof *r.removals);
    if (from->digit != NULL) {
        r.digit = (unsigned char *)grundy__alloc_array(a, from->ndigits, 1);
        if (r.digit == NULL) {
            grundy__free(a, r.removals);
            return GRUNDY_ENOMEM;
        }
        memcpy(r.digit, from->digit, from->ndigits);
    }
    *to = r;
    return GRUNDY_OK;
}

int grundy__heap_rules_equal(const grundy__heap_rules *x, const grundy__heap_rules *y)
{
    if (x->nremovals != y->nremovals || x->ndigits != y->ndigits || x->tail != y->tail ||
        x->unequal != y->unequal || x->max_parts != y->max_parts ||
        x->subtraction != y->subtraction || (x->digit == NULL) != (y->digit == NULL))
        return 0;
    if (x->nremovals != 0 &&
        memcmp(x->removals, y->removals, (size_t)x->nremovals * sizeof *x->removals) != 0)
        return 0;
    return x->digit == NULL || x->ndigits == 0 || memcmp(x->digit, y->digit, x->ndigits) == 0;
}

int grundy__heap_rules_allbut(const grundy__heap_rules *r)
{
    return r->tail != 0 && r->max_parts <= 1;
}

int grundy__heap_rules_lasker(const grundy__heap_rules *r)
{
    return r->tail != 0 && (r->digit[0] & HEAP_LEAVE_TWO) && !r->unequal;
}

int grundy__heap_rules_has_removal(const grundy__heap_rules *r, uint64_t k)
{
    uint32_t lo = 0, hi = r->nremovals;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (r->removals[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->nremovals && r->removals[lo] == k;
}

uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r)
{
    if (r->tail != 0)
        return UINT64_MAX;
    return r->nremovals ? r->removals[r->nremovals - 1] : 0;
}
