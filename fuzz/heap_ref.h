/* SPDX-License-Identifier: MIT */
/* The harness's own reading of heap-game names and its own value
 * computation, from the heap-game section of grundy.h only:
 *
 * - digit d_k of a code says what removing k tokens may leave: bit 1 nothing
 *   (only a heap of exactly k), bit 2 one non-empty heap, bit 4 two, bit 8
 *   three; d_0 (before the point, optional) may only split;
 * - sub:S1,S2,... removes S tokens (leaving 0 or 1 heap), 1 <= S <= 2^32 - 1;
 * - allbut:X1,X2,... removes any number of tokens but the X (1 <= X <= 2^20);
 * - grundy: split into two unequal heaps; lasker: remove any number, or
 *   split into two.
 *
 * G(n) is the plain mex over every option, computed as slowly as needed;
 * the moves of a heap are listed in the header's order, and a library's
 * moves and winning moves are checked against that list. */
#ifndef GRUNDY_FUZZ_HEAP_REF_H
#define GRUNDY_FUZZ_HEAP_REF_H

#include "fuzz_common.h"

#define HR_MAX_DIGITS 4096u
#define HR_MAX_SUB 4294967295u   /* the largest amount of "sub:..." */
#define HR_DENSE_SUB (1u << 20)  /* larger sets are checked for parsing only */
#define HR_MAX_EXCLUDED (1u << 20) /* the largest excluded amount of "allbut:..." */

typedef struct heap_ref {
    int status;           /* what parsing the name must return */
    size_t limit_pos;     /* on GRUNDY_ELIMIT, the offset errpos must name */
    unsigned char *digit; /* digit[k], 0 <= k < ndigits */
    uint32_t ndigits;
    unsigned tail;        /* digit of every k >= ndigits (lasker, allbut) */
    int unequal;          /* grundy */
    int big;              /* a subtraction set past HR_DENSE_SUB: no reference */
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
    int allbut = strncmp(name, "allbut:", 7) == 0;
    if (strncmp(name, "sub:", 4) == 0 || allbut) {
        const char *p = name + (allbut ? 7 : 4);
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
            if (*p != '\0' && *p != ',') {
                r->status = GRUNDY_EPARSE;
                return;
            }
            if (allbut && v > HR_MAX_EXCLUDED) {
                r->status = GRUNDY_ELIMIT;
                r->limit_pos = (size_t)(start - name);
                return;
            }
            if (v > max)
                max = (uint32_t)v;
            if (*p == '\0')
                break;
            p++;
        }
        if (max > HR_DENSE_SUB) {
            r->big = 1; /* valid, but too large for the dense reference */
            return;
        }
        hr_alloc(r, (size_t)max + 1);
        if (allbut) {
            memset(r->digit + 1, 3, max);
            r->tail = 3;
        }
        for (p = name + (allbut ? 7 : 4); *p;) {
            uint32_t v = 0;
            while (*p >= '0' && *p <= '9')
                v = v * 10 + (uint32_t)(*p++ - '0');
            r->digit[v] = allbut ? 0 : 3;
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

/* Receives one move: the heaps it leaves (np of them, increasing). */
typedef int (*hr_emit_fn)(void *user, const uint64_t *parts, uint32_t np);

/* The moves of heap h that remove k tokens, of the kinds digit bits `kinds`
 * allow: no heap, one heap, two, three (a <= b <= c by increasing (a, b)). */
static inline int hr_moves_removing(const heap_ref *r, uint64_t h, uint64_t k, unsigned kinds,
                                    hr_emit_fn emit, void *user)
{
    unsigned d = hr_digit(r, k) & kinds;
    uint64_t m = h - k, p[3] = {0, 0, 0};
    int rc = 0;
    if (k > 0 && (d & 1) && m == 0)
        rc = emit(user, p, 0);
    if (!rc && k > 0 && (d & 2) && m > 0) {
        p[0] = m;
        rc = emit(user, p, 1);
    }
    if (d & 4)
        for (uint64_t a = 1; !rc && 2 * a <= m; a++) {
            if (r->unequal && 2 * a == m)
                continue;
            p[0] = a;
            p[1] = m - a;
            rc = emit(user, p, 2);
        }
    if (d & 8)
        for (uint64_t a = 1; !rc && 3 * a <= m; a++)
            for (uint64_t b = a; !rc && a + 2 * b <= m; b++) {
                p[0] = a;
                p[1] = b;
                p[2] = m - a - b;
                rc = emit(user, p, 3);
            }
    return rc;
}

/* Every move of heap h, in the order of the header's list (move k is the
 * k-th call): by the tokens removed, increasing; Lasker's Nim lists its
 * removals first, then its splits.  Stops at emit's first non-zero return
 * and returns it. */
static inline int hr_moves(const heap_ref *r, uint64_t h, hr_emit_fn emit, void *user)
{
    int rc = 0;
    if (r->tail) {
        for (uint64_t k = 1; !rc && k <= h; k++)
            rc = hr_moves_removing(r, h, k, 3, emit, user);
        return rc ? rc : hr_moves_removing(r, h, 0, 12, emit, user);
    }
    for (uint64_t k = 0; !rc && k <= h && k < r->ndigits; k++)
        rc = hr_moves_removing(r, h, k, 15, emit, user);
    return rc;
}

/* About how many moves heap h has (a double: past 2^64 for huge heaps
 * with three-heap moves, where a move's index no longer fits). */
static inline double hr_move_count(const heap_ref *r, uint64_t h)
{
    if (r->tail) /* Lasker's Nim: h removals, then its splits */
        return (double)h + (double)h / 2;
    double count = 0;
    uint64_t kmax = r->ndigits - 1 < h ? r->ndigits - 1 : h;
    for (uint64_t k = 0; k <= kmax; k++) {
        unsigned d = hr_digit(r, k);
        double m = (double)(h - k);
        count += k > 0 && (d & 3) ? 1 : 0;
        if (d & 4)
            count += m / 2;
        if (d & 8)
            count += m * m / 12;
    }
    return count;
}

/* hr_moves() relayed to emit, "leave nothing" as a move to heap 0 (one
 * part) instead of to no part when empty_as_node: the rule-defined game
 * and the graph are built both ways. */
typedef struct hr_relay {
    hr_emit_fn emit;
    void *user;
    int empty_as_node;
} hr_relay;

static inline int hr_relay_move(void *user, const uint64_t *parts, uint32_t np)
{
    const hr_relay *s = user;
    static const uint64_t heap0[1] = {0};
    if (np == 0 && s->empty_as_node)
        return s->emit(s->user, heap0, 1);
    return s->emit(s->user, parts, np);
}

/* Every option of heap h, in the order of the header's list. */
static inline int hr_options(const heap_ref *r, uint64_t h, int empty_as_node, hr_emit_fn emit,
                             void *user)
{
    hr_relay s = {emit, user, empty_as_node};
    return hr_moves(r, h, hr_relay_move, &s);
}

/* The winning moves of a sum of heaps (g: their values), collected in the
 * order of the options: (heap, k) where move k leaves xor 0. */
typedef struct hr_wins {
    const uint32_t *g;
    uint32_t rest;     /* the xor of the sum without the heap being listed */
    size_t heap;
    uint64_t k;
    size_t count, cap;
    size_t *comp;
    uint64_t *mv;
} hr_wins;

static inline int hr_collect_win(void *user, const uint64_t *parts, uint32_t np)
{
    hr_wins *w = user;
    uint32_t y = w->rest;
    for (uint32_t i = 0; i < np; i++)
        y ^= w->g[parts[i]];
    if (y == 0) {
        if (w->count < w->cap) {
            w->comp[w->count] = w->heap;
            w->mv[w->count] = w->k;
        }
        w->count++;
    }
    w->k++;
    return 0;
}

/* Compares a library's list of every winning move of heaps[0..n) with the
 * options' (count is the library's). */
static inline void hr_check_wins(const char *label, const heap_ref *r, const uint32_t *g,
                                 const uint64_t *heaps, size_t n, int empty_as_node,
                                 const size_t *comp, const uint64_t *mv, size_t count)
{
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++)
        x ^= g[heaps[i]];
    size_t *ec = malloc((count + 1) * sizeof *ec);
    uint64_t *em = malloc((count + 1) * sizeof *em);
    if (!ec || !em)
        abort();
    hr_wins w = {g, 0, 0, 0, 0, count, ec, em};
    for (size_t i = 0; i < n; i++) {
        w.rest = x ^ g[heaps[i]];
        w.heap = i;
        w.k = 0;
        hr_options(r, heaps[i], empty_as_node, hr_collect_win, &w);
    }
    FUZZ_CHECK(w.count == count, "%s: %zu winning moves, the rules give %zu", label, count,
               w.count);
    for (size_t j = 0; j < count; j++)
        FUZZ_CHECK(comp[j] == ec[j] && mv[j] == em[j],
                   "%s: winning move %zu is (%zu, %llu), expected (%zu, %llu)", label, j,
                   comp[j], (unsigned long long)mv[j], ec[j], (unsigned long long)em[j]);
    free(ec);
    free(em);
}

/* Every winning move of a sum of heaps as a heap game lists them, against
 * the rules (g: the heaps' values). */
static inline void hr_check_all_wins(grundy_heap_game *hg, const heap_ref *r, const uint32_t *g,
                                     const uint64_t *heaps, size_t n, const char *label)
{
    size_t count = 99, count2 = 99;
    uint64_t none[1];
    FUZZ_CHECK(grundy_heap_game_sum_winning_moves(hg, GRUNDY_PLAY_NORMAL, heaps, n, NULL, none,
                                                  0, &count) == GRUNDY_OK,
               "%s: how many winning moves", label);
    size_t *comp = malloc((count + 1) * sizeof *comp);
    uint64_t *mv = malloc((count + 1) * sizeof *mv);
    if (!comp || !mv)
        abort();
    FUZZ_CHECK(grundy_heap_game_sum_winning_moves(hg, GRUNDY_PLAY_NORMAL, heaps, n, comp, mv,
                                                  count, &count2) == GRUNDY_OK &&
                   count2 == count,
               "%s: every winning move", label);
    hr_check_wins(label, r, g, heaps, n, 0, comp, mv, count);
    free(comp);
    free(mv);
}

/* A library's moves of a heap, behind one shape: how many there are, and
 * the heaps move k leaves (grundy_heap_game_* or grundy_game_* calls). */
typedef int (*hr_degree_fn)(void *handle, uint64_t h, uint64_t *count);
typedef int (*hr_move_fn)(void *handle, uint64_t h, uint64_t k, uint64_t *parts, size_t cap,
                          size_t *np);

typedef struct hr_walk {
    hr_move_fn move;
    void *handle;
    uint64_t h, k;
    const char *what;
} hr_walk;

static inline int hr_check_move(void *user, const uint64_t *parts, uint32_t np)
{
    hr_walk *w = user;
    uint64_t got[4] = {0, 0, 0, 0xdead};
    size_t gn = 99;
    int rc = w->move(w->handle, w->h, w->k, got, 3, &gn);
    FUZZ_CHECK(rc == GRUNDY_OK && gn == np && got[3] == 0xdead,
               "%s %llu of heap %llu: %d, %zu heaps, expected %u", w->what,
               (unsigned long long)w->k, (unsigned long long)w->h, rc, gn, np);
    for (uint32_t i = 0; i < np; i++)
        FUZZ_CHECK(got[i] == parts[i], "%s %llu of heap %llu: heap %u is %llu, not %llu",
                   w->what, (unsigned long long)w->k, (unsigned long long)w->h, i,
                   (unsigned long long)got[i], (unsigned long long)parts[i]);
    w->k++;
    return 0;
}

/* Reads back every move of heap h (its degree, each move, and no move past
 * the last) against the options' list. */
static inline void hr_check_moves_of(hr_degree_fn degree, hr_move_fn move, void *handle,
                                     const heap_ref *r, uint64_t h, int empty_as_node,
                                     const char *what)
{
    hr_walk w = {move, handle, h, 0, what};
    hr_options(r, h, empty_as_node, hr_check_move, &w);
    uint64_t d = 99;
    FUZZ_CHECK(degree(handle, h, &d) == GRUNDY_OK && d == w.k,
               "%s: degree of heap %llu: %llu, expected %llu", what, (unsigned long long)h,
               (unsigned long long)d, (unsigned long long)w.k);
    uint64_t got[3];
    size_t gn;
    FUZZ_CHECK(move(handle, h, d, got, 3, &gn) == GRUNDY_ERANGE, "%s past the degree of heap %llu",
               what, (unsigned long long)h);
}

static inline int hr_heap_degree(void *hg, uint64_t h, uint64_t *count)
{
    return grundy_heap_game_degree(hg, h, count);
}

static inline int hr_heap_move(void *hg, uint64_t h, uint64_t k, uint64_t *parts, size_t cap,
                               size_t *np)
{
    return grundy_heap_game_move(hg, h, k, parts, cap, np);
}

/* Every move of heap h of a heap game against the header's list. */
static inline void hr_check_moves(grundy_heap_game *hg, const heap_ref *r, uint64_t h)
{
    hr_check_moves_of(hr_heap_degree, hr_heap_move, hg, r, h, 0, "move");
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
