/* The harness's own reading of heap-game names and its own value
 * computation, from the heap-game section of grundy.h only:
 *
 * - digit d_k of a code says what removing k tokens may leave: bit 1 nothing
 *   (only a heap of exactly k), bit 2 one non-empty heap, bit 4 two, bit 8
 *   three; d_0 (before the point, optional) may only split;
 * - sub:S1,S2,... removes S tokens (leaving 0 or 1 heap), 1 <= S <= 2^20;
 * - grundy: split into two unequal heaps; lasker: remove any number, or
 *   split into two.
 *
 * G(n) is the plain mex over every option, computed as slowly as needed. */
#ifndef GRUNDY_FUZZ_HEAP_REF_H
#define GRUNDY_FUZZ_HEAP_REF_H

#include "fuzz_common.h"

#define HR_MAX_DIGITS 4096u
#define HR_MAX_SUB (1u << 20)

typedef struct heap_ref {
    int status;           /* what parsing the name must return */
    size_t limit_pos;     /* on GRUNDY_ELIMIT, the offset errpos must name */
    unsigned char *digit; /* digit[k], 0 <= k < ndigits */
    uint32_t ndigits;
    unsigned tail;        /* digit of every k >= ndigits (lasker) */
    int unequal;          /* grundy */
} heap_ref;

static inline int hr_hex(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static inline void hr_alloc(heap_ref *r, size_t n)
{
    r->digit = calloc(n + 1, 1);
    if (!r->digit)
        abort();
    r->ndigits = (uint32_t)n;
}

/* Parses name; r->status is GRUNDY_OK, GRUNDY_EPARSE or GRUNDY_ELIMIT. */
static inline void hr_parse(heap_ref *r, const char *name)
{
    memset(r, 0, sizeof *r);
    if (strcmp(name, "grundy") == 0 || strcmp(name, "lasker") == 0) {
        hr_alloc(r, 1);
        r->digit[0] = 4;
        if (name[0] == 'g')
            r->unequal = 1;
        else
            r->tail = 3;
        return;
    }
    if (strncmp(name, "sub:", 4) == 0) {
        const char *p = name + 4;
        uint32_t max = 0;
        for (;;) {
            if (*p < '0' || *p > '9') {
                r->status = GRUNDY_EPARSE; /* empty amount, or not a digit */
                return;
            }
            uint64_t v = 0;
            const char *start = p;
            while (*p >= '0' && *p <= '9') {
                v = v * 10 + (uint64_t)(*p - '0');
                if (v > HR_MAX_SUB) {
                    r->status = GRUNDY_ELIMIT;
                    r->limit_pos = (size_t)(start - name); /* the amount's start */
                    return;
                }
                p++;
            }
            if (v == 0) {
                r->status = GRUNDY_EPARSE;
                return;
            }
            if (v > max)
                max = (uint32_t)v;
            if (*p == '\0')
                break;
            if (*p != ',') {
                r->status = GRUNDY_EPARSE;
                return;
            }
            p++;
        }
        hr_alloc(r, (size_t)max + 1);
        for (p = name + 4; *p;) {
            uint32_t v = 0;
            while (*p >= '0' && *p <= '9')
                v = v * 10 + (uint32_t)(*p++ - '0');
            r->digit[v] = 3;
            if (*p == ',')
                p++;
        }
        return;
    }
    if (name[0] == '\0') {
        r->status = GRUNDY_EPARSE;
        return;
    }
    size_t before = hr_hex(name[0]) >= 0 ? 1 : 0;
    if (name[before] != '.') {
        r->status = GRUNDY_EPARSE;
        return;
    }
    size_t ndig = strlen(name + before + 1);
    if (ndig == 0) {
        r->status = GRUNDY_EPARSE;
        return;
    }
    if (ndig + 1 > HR_MAX_DIGITS) {
        r->status = GRUNDY_ELIMIT;
        r->limit_pos = before + HR_MAX_DIGITS; /* the first digit too many */
        return;
    }
    int d0 = before ? hr_hex(name[0]) : 0;
    if (d0 & 3) {
        r->status = GRUNDY_EPARSE;
        return;
    }
    for (size_t i = 0; i < ndig; i++)
        if (hr_hex(name[before + 1 + i]) < 0) {
            r->status = GRUNDY_EPARSE;
            return;
        }
    hr_alloc(r, ndig + 1);
    r->digit[0] = (unsigned char)d0;
    for (size_t i = 0; i < ndig; i++)
        r->digit[1 + i] = (unsigned char)hr_hex(name[before + 1 + i]);
}

static inline void hr_free(heap_ref *r)
{
    free(r->digit);
    r->digit = NULL;
}

static inline unsigned hr_digit(const heap_ref *r, uint64_t k)
{
    return k < r->ndigits ? r->digit[k] : (k > 0 ? r->tail : 0);
}

/* t, the most tokens a move removes (UINT64_MAX without bound). */
static inline uint64_t hr_max_removal(const heap_ref *r)
{
    if (r->tail)
        return UINT64_MAX;
    uint64_t t = 0;
    for (uint32_t k = 1; k < r->ndigits; k++)
        if (r->digit[k])
            t = k;
    return t;
}

/* The most heaps a move leaves. */
static inline unsigned hr_max_parts(const heap_ref *r)
{
    unsigned all = r->tail;
    for (uint32_t k = 0; k < r->ndigits; k++)
        all |= r->digit[k];
    return all & 8 ? 3 : all & 4 ? 2 : all & 2 ? 1 : 0;
}

/* Whether every move just takes S tokens, leaving 0 or 1 heap. */
static inline int hr_pure_subtraction(const heap_ref *r)
{
    if (r->digit[0] != 0 || r->tail != 0)
        return 0;
    for (uint32_t k = 1; k < r->ndigits; k++)
        if (r->digit[k] != 0 && r->digit[k] != 3)
            return 0;
    return 1;
}

/* Work to compute G(0..n) plainly, roughly in options; stops counting
 * (and returns something above limit) once past limit. */
static inline double hr_cost(const heap_ref *r, uint64_t n, double limit)
{
    double w = 0;
    for (uint64_t h = 0; h < n && w <= limit; h++) {
        uint64_t kmax = r->tail ? h : (r->ndigits - 1 < h ? r->ndigits - 1 : h);
        for (uint64_t k = 0; k <= kmax; k++) {
            unsigned d = hr_digit(r, k);
            double m = (double)(h - k);
            w += 1;
            if (d & 4)
                w += m / 2;
            if (d & 8)
                w += m * m / 12;
        }
    }
    return w;
}

/* G(0..n) into g[], by the mex over every option. */
static inline void hr_values(const heap_ref *r, uint64_t n, uint32_t *g)
{
    uint32_t cap = 64;
    unsigned char *seen = calloc(cap, 1);
    if (!seen)
        abort();
    for (uint64_t h = 0; h < n; h++) {
        memset(seen, 0, cap);
#define HR_MARK(x)                                                            \
    do {                                                                      \
        uint32_t x_ = (x);                                                    \
        if (x_ >= cap) {                                                      \
            uint32_t nc = cap;                                                \
            while (nc <= x_)                                                  \
                nc *= 2;                                                      \
            seen = realloc(seen, nc);                                         \
            if (!seen)                                                        \
                abort();                                                      \
            memset(seen + cap, 0, nc - cap);                                  \
            cap = nc;                                                         \
        }                                                                     \
        seen[x_] = 1;                                                         \
    } while (0)
        for (uint64_t k = 0; k <= h; k++) {
            unsigned d = hr_digit(r, k);
            if (d == 0)
                continue;
            uint64_t m = h - k;
            if (k > 0 && (d & 1) && m == 0)
                HR_MARK(0);
            if (k > 0 && (d & 2) && m > 0)
                HR_MARK(g[m]);
            if (d & 4)
                for (uint64_t a = 1; 2 * a <= m; a++)
                    if (!(r->unequal && 2 * a == m))
                        HR_MARK(g[a] ^ g[m - a]);
            if (d & 8)
                for (uint64_t a = 1; 3 * a <= m; a++)
                    for (uint64_t b = a; a + 2 * b <= m; b++)
                        HR_MARK(g[a] ^ g[b] ^ g[m - a - b]);
        }
#undef HR_MARK
        uint32_t x = 0;
        while (x < cap && seen[x])
            x++;
        g[h] = x;
    }
    free(seen);
}

/* Values needed to prove period p from n0, per the header's theorem. */
static inline uint64_t hr_proof_length(const heap_ref *r, uint64_t n0, uint64_t p)
{
    uint64_t t = hr_max_removal(r);
    unsigned k = hr_max_parts(r) < 2 ? 1 : hr_max_parts(r);
    uint64_t m = n0;
    if (m == 0 && !hr_pure_subtraction(r))
        m = 1;
    return k * m + k * p + t;
}

/* The least period provable from g[0..n) and its least preperiod; 0 if none. */
static inline int hr_find_period(const heap_ref *r, const uint32_t *g, uint64_t n, uint64_t *period,
                          uint64_t *pre)
{
    if (r->tail || r->unequal)
        return 0;
    for (uint64_t p = 1; p < n; p++) {
        /* least n0 with g[i + p] == g[i] for n0 <= i < n - p */
        uint64_t n0 = n - p;
        while (n0 > 0 && g[n0 - 1 + p] == g[n0 - 1])
            n0--;
        if (hr_proof_length(r, n0, p) <= n) {
            *period = p;
            *pre = n0;
            return 1;
        }
    }
    return 0;
}

#endif
