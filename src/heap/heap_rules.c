/* Heap game names: octal and hexadecimal codes, "sub:S1,S2,...", "grundy",
 * "lasker".  Every rejection names the offending character. */
#include "heap/heap_rules.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int reject(size_t *errpos, size_t pos, char *msg, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int reject(size_t *errpos, size_t pos, char *msg, size_t cap, const char *fmt, ...)
{
    if (errpos != NULL)
        *errpos = pos;
    if (msg != NULL && cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, cap, fmt, ap);
        va_end(ap);
    }
    return GRUNDY_EPARSE;
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
    while (r->ndigits > 1 && r->digit[r->ndigits - 1] == 0)
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
    return GRUNDY_OK;
}

static int alloc_digits(grundy__heap_rules *r, const grundy_allocator *a, size_t n)
{
    memset(r, 0, sizeof *r);
    r->digit = (unsigned char *)grundy__calloc_array(a, n, 1);
    r->ndigits = (uint32_t)n;
    return r->digit ? GRUNDY_OK : GRUNDY_ENOMEM;
}

static int parse_code(const char *name, const grundy_allocator *a, grundy__heap_rules *r,
                      size_t *errpos, char *msg, size_t cap)
{
    /* One optional digit, then the point: the first character that breaks
     * that shape is the one to name. */
    size_t before = hex_value(name[0]) >= 0 ? 1 : 0;
    if (name[before] != '.') {
        char c = name[before];
        if (c == '\0')
            return reject(errpos, before, msg, cap,
                          "'%s' is not a game: expected a code such as 0.77, or grundy, lasker, sub:1,2",
                          name);
        if (before == 1 && hex_value(c) >= 0)
            return reject(errpos, 1, msg, cap, "a code has one digit before the point");
        return reject(errpos, before, msg, cap, "'%c' where %s was expected", c,
                      before ? "the point" : "a digit or the point");
    }
    const char *dot = name + before;
    size_t ndig = strlen(dot + 1);
    if (ndig == 0)
        return reject(errpos, before + 1, msg, cap, "no digits after the point");
    if (ndig + 1 > HEAP_MAX_DIGITS) {
        if (errpos != NULL)
            *errpos = before + HEAP_MAX_DIGITS; /* the first digit too many */
        if (msg != NULL && cap > 0)
            snprintf(msg, cap, "codes may have at most %u digits after the point, not %zu",
                     HEAP_MAX_DIGITS - 1, ndig);
        return GRUNDY_ELIMIT;
    }
    int d0 = before ? hex_value(name[0]) : 0;
    if (d0 < 0)
        return reject(errpos, 0, msg, cap, "'%c' is not an octal or hexadecimal digit", name[0]);
    if ((unsigned)d0 & (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE))
        return reject(errpos, 0, msg, cap,
                      "the digit before the point may only be 0, 4, 8 or C (removing nothing must split)");
    for (size_t i = 0; i < ndig; i++) {
        if (hex_value(dot[1 + i]) < 0)
            return reject(errpos, before + 1 + i, msg, cap,
                          "'%c' is not an octal or hexadecimal digit", dot[1 + i]);
    }
    if (alloc_digits(r, a, ndig + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    r->digit[0] = (unsigned char)d0;
    for (size_t i = 0; i < ndig; i++)
        r->digit[1 + i] = (unsigned char)hex_value(dot[1 + i]);
    return finish(r, a);
}

/* "sub:S1,S2,..." with each Si a decimal in [1, HEAP_MAX_SUBTRACT]. */
static int parse_subtraction(const char *name, const grundy_allocator *a, grundy__heap_rules *r,
                             size_t *errpos, char *msg, size_t cap)
{
    const char *s = name + 4;
    uint32_t max = 0;
    /* First pass: validate and find the largest amount. */
    for (const char *p = s;; p++) {
        if (*p == '\0')
            return reject(errpos, (size_t)(p - name), msg, cap,
                          "the set of amounts is empty or ends with a comma");
        if (*p < '0' || *p > '9')
            return reject(errpos, (size_t)(p - name), msg, cap,
                          "'%c' where an amount (a positive integer) was expected", *p);
        uint64_t v = 0;
        const char *start = p;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (uint64_t)(*p - '0');
            if (v > HEAP_MAX_SUBTRACT) {
                if (errpos != NULL)
                    *errpos = (size_t)(start - name);
                if (msg != NULL && cap > 0)
                    snprintf(msg, cap, "amounts may be at most %u", HEAP_MAX_SUBTRACT);
                return GRUNDY_ELIMIT;
            }
            p++;
        }
        if (v == 0)
            return reject(errpos, (size_t)(start - name), msg, cap, "an amount must be at least 1");
        if (v > max)
            max = (uint32_t)v;
        if (*p == '\0')
            break;
        if (*p != ',')
            return reject(errpos, (size_t)(p - name), msg, cap, "'%c' where a comma was expected", *p);
    }
    if (alloc_digits(r, a, (size_t)max + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    for (const char *p = s; *p;) {
        uint32_t v = 0;
        while (*p >= '0' && *p <= '9')
            v = v * 10 + (uint32_t)(*p++ - '0');
        r->digit[v] = HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
        if (*p == ',')
            p++;
    }
    return finish(r, a);
}

int grundy__heap_rules_parse(const char *name, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap)
{
    if (msg != NULL && cap > 0)
        msg[0] = '\0';
    if (strcmp(name, "grundy") == 0 || strcmp(name, "lasker") == 0) {
        if (alloc_digits(r, a, 1) != GRUNDY_OK)
            return GRUNDY_ENOMEM;
        r->digit[0] = HEAP_LEAVE_TWO;
        if (name[0] == 'g')
            r->unequal = 1;
        else
            r->tail = HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
        return finish(r, a);
    }
    if (strncmp(name, "sub:", 4) == 0)
        return parse_subtraction(name, a, r, errpos, msg, cap);
    if (name[0] == '\0')
        return reject(errpos, 0, msg, cap, "the game name is empty");
    return parse_code(name, a, r, errpos, msg, cap);
}

int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap)
{
    uint32_t max = 0;
    for (size_t i = 0; i < n; i++) {
        if (set[i] == 0 || set[i] > HEAP_MAX_SUBTRACT) {
            if (msg != NULL && cap > 0)
                snprintf(msg, cap, "amount %zu is %u; amounts are 1 to %u", i, set[i], HEAP_MAX_SUBTRACT);
            return set[i] == 0 ? GRUNDY_EINVAL : GRUNDY_ELIMIT;
        }
        if (set[i] > max)
            max = set[i];
    }
    if (alloc_digits(r, a, (size_t)max + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    for (size_t i = 0; i < n; i++)
        r->digit[set[i]] = HEAP_LEAVE_NONE | HEAP_LEAVE_ONE;
    return finish(r, a);
}

void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a)
{
    grundy__free(a, r->digit);
    grundy__free(a, r->removals);
    r->digit = NULL;
    r->removals = NULL;
}

uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r)
{
    if (r->tail != 0)
        return UINT64_MAX;
    return r->nremovals ? r->removals[r->nremovals - 1] : 0;
}
