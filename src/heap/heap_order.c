/* SPDX-License-Identifier: MIT */
/* Heap games: the list of a heap's moves, in the order grundy.h documents.
 *
 * The list is cut into blocks (heap_game.h): for each number r of tokens
 * removed, increasing, the move that leaves nothing, the one that leaves one
 * heap, the splits into two heaps (a, m - a), a = 1, 2, ..., then those into
 * three (a, b, c), a <= b <= c, in increasing (a, b), where m = heap - r.
 * Every block's size has a closed form, so the degree costs one step per
 * removal amount, and the move of an index is found in its block by
 * arithmetic: a split into two is its index plus one; a split into three
 * comes from counting the triples before it (see rank3 below). */
#include "heap/heap_game.h"

/* ---- Unsigned 128-bit numbers, for counting triples of 64-bit heaps ---- */

typedef struct wide {
    uint64_t hi, lo;
} wide;

static wide wide_of(uint64_t x)
{
    wide w;
    w.hi = 0;
    w.lo = x;
    return w;
}

static wide wide_mul(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    wide w;
    w.lo = (mid << 32) | (p00 & 0xffffffffu);
    w.hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return w;
}

static wide wide_add(wide x, wide y)
{
    wide w;
    w.lo = x.lo + y.lo;
    w.hi = x.hi + y.hi + (uint64_t)(w.lo < x.lo);
    return w;
}

static wide wide_sub(wide x, wide y)
{
    wide w;
    w.lo = x.lo - y.lo;
    w.hi = x.hi - y.hi - (uint64_t)(x.lo < y.lo);
    return w;
}

static uint64_t wide_saturated(wide x)
{
    return x.hi != 0 ? UINT64_MAX : x.lo;
}

/* The partitions of m into three positive parts: round(m^2 / 12).  With
 * m = 6q + r that is 3q^2 + qr + round(r^2 / 12), exact in 128 bits. */
static wide partitions3(uint64_t m)
{
    static const unsigned char round_r2_12[6] = {0, 0, 0, 1, 1, 2};
    uint64_t q = m / 6, r = m % 6;
    return wide_add(wide_mul(q, 3 * q), wide_of(q * r + round_r2_12[r]));
}

/* The triples (a', b', c') of m before those with first part a: the
 * triples with first part >= a are, less a - 1 from each part, the
 * partitions of m - 3(a - 1).  Needs 1 <= a <= m / 3 + 1. */
static wide triples_before(uint64_t m, uint64_t a)
{
    return wide_sub(partitions3(m), partitions3(m - 3 * (a - 1)));
}

uint64_t grundy__heap_rank3(uint64_t m, uint64_t a, uint64_t b)
{
    return wide_saturated(wide_add(triples_before(m, a), wide_of(b - a)));
}

/* The split into three of m at index j of its block: the largest first
 * part a with fewer than j + 1 triples before it, by bisection (O(log m)),
 * then b = a + what is left of j. */
static void unrank3(uint64_t m, uint64_t j, uint64_t *parts)
{
    uint64_t lo = 1, hi = m / 3;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        wide before = triples_before(m, mid);
        if (before.hi == 0 && before.lo <= j)
            lo = mid;
        else
            hi = mid - 1;
    }
    uint64_t b = lo + (j - triples_before(m, lo).lo);
    parts[0] = lo;
    parts[1] = b;
    parts[2] = m - lo - b;
}

/* ---- The blocks ---------------------------------------------------------- */

typedef struct walk {
    grundy__heap_block_fn fn;
    void *ctx;
    wide next; /* the index of the next block's first move, exact */
} walk;

/* Visits block b of exactly `moves` moves (b->count saturates them). */
static int visit(walk *w, grundy__heap_block *b, wide moves)
{
    b->count = wide_saturated(moves);
    b->count_over = moves.hi != 0;
    if (b->count == 0)
        return 0;
    int rc = w->fn(w->ctx, b, wide_saturated(w->next));
    w->next = wide_add(w->next, moves);
    return rc;
}

/* The blocks of the moves that remove r tokens, as digit d allows: nothing
 * left only when r is the whole heap, one heap when some is left (removing
 * nothing must split), two or three non-empty heaps when enough is left. */
static int removal_blocks(walk *w, uint64_t heap, uint64_t r, unsigned d, int unequal)
{
    grundy__heap_block b;
    b.r = r;
    b.m = heap - r;
    b.unequal = 0;
    b.kind = HEAP_LEAVE_NONE;
    int rc = visit(w, &b, wide_of((uint64_t)((d & HEAP_LEAVE_NONE) && r > 0 && b.m == 0)));
    if (rc != 0)
        return rc;
    b.kind = HEAP_LEAVE_ONE;
    if ((rc = visit(w, &b, wide_of((uint64_t)((d & HEAP_LEAVE_ONE) && r > 0 && b.m > 0)))) != 0)
        return rc;
    b.kind = HEAP_LEAVE_TWO;
    b.unequal = unequal;
    uint64_t two = !(d & HEAP_LEAVE_TWO) ? 0 : !unequal ? b.m / 2 : b.m > 0 ? (b.m - 1) / 2 : 0;
    if ((rc = visit(w, &b, wide_of(two))) != 0)
        return rc;
    b.kind = HEAP_LEAVE_THREE;
    b.unequal = 0;
    return visit(w, &b, (d & HEAP_LEAVE_THREE) ? partitions3(b.m) : wide_of(0));
}

int grundy__heap_each_block(const grundy__heap_rules *r, uint64_t heap, grundy__heap_block_fn fn,
                            void *ctx)
{
    walk w;
    w.fn = fn;
    w.ctx = ctx;
    w.next = wide_of(0);
    /* Lasker's Nim (the one game with a tail) lists its splits last. */
    int splits_last = r->tail != 0;
    int rc = splits_last ? 0 : removal_blocks(&w, heap, 0, grundy__heap_rules_digit(r, 0), r->unequal);
    for (uint32_t i = 0; rc == 0 && i < r->nremovals && r->removals[i] <= heap; i++)
        rc = removal_blocks(&w, heap, r->removals[i], grundy__heap_rules_removal_digit(r, i),
                            r->unequal);
    if (rc == 0 && r->tail != 0 && heap >= r->ndigits) {
        /* Every amount from ndigits on, each leaving one heap or (the whole
         * heap) none: the tail digit is 3. */
        grundy__heap_block run = {GRUNDY__HEAP_RUN, r->ndigits, heap - r->ndigits, 0, 0, 0};
        rc = visit(&w, &run, wide_add(wide_of(heap - r->ndigits), wide_of(1)));
    }
    if (rc == 0 && splits_last)
        rc = removal_blocks(&w, heap, 0, grundy__heap_rules_digit(r, 0), r->unequal);
    return rc;
}

/* ---- Degree and the move of an index ------------------------------------- */

/* The walk's count, kept by the last block: its first index plus its
 * moves (a first index of UINT64_MAX is saturated or, exactly, already
 * past the last index a move may have). */
typedef struct degree {
    uint64_t total;
    int too_many;
} degree;

static int count_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    degree *d = (degree *)ctx;
    d->too_many = b->count_over || first == UINT64_MAX || b->count > UINT64_MAX - first;
    d->total = d->too_many ? UINT64_MAX : first + b->count;
    return 0;
}

/* The number of moves, exact up to UINT64_MAX (whose last index is
 * UINT64_MAX - 1, below GRUNDY_NO_MOVE); past it, *too_many is set. */
static uint64_t degree_of(const grundy__heap_rules *r, uint64_t heap, int *too_many)
{
    degree d = {0, 0};
    grundy__heap_each_block(r, heap, count_block, &d);
    *too_many = d.too_many;
    return d.total;
}

int grundy_heap_game_degree(grundy_heap_game *g, uint64_t heap, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (count == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_degree: count is NULL");
    int rc = grundy__heap_ready(g, "grundy_heap_game_degree");
    if (rc != GRUNDY_OK)
        return rc;
    int too_many;
    uint64_t d = degree_of(&g->rules, heap, &too_many);
    if (too_many)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "grundy_heap_game_degree: a heap of %llu has "
                                 "more than 2^64 - 1 moves", (unsigned long long)heap);
    *count = d;
    return GRUNDY_OK;
}

typedef struct unranked {
    uint64_t k;
    uint64_t parts[3];
    size_t nparts;
} unranked;

/* The heaps move k leaves, if it is in this block. */
static int unrank_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    unranked *u = (unranked *)ctx;
    if (u->k < first || u->k - first >= b->count)
        return 0;
    uint64_t j = u->k - first;
    switch (b->kind) {
    case HEAP_LEAVE_NONE:
        u->nparts = 0;
        break;
    case HEAP_LEAVE_ONE:
        u->parts[0] = b->m;
        u->nparts = 1;
        break;
    case HEAP_LEAVE_TWO:
        u->parts[0] = j + 1;
        u->parts[1] = b->m - (j + 1);
        u->nparts = 2;
        break;
    case HEAP_LEAVE_THREE:
        unrank3(b->m, j, u->parts);
        u->nparts = 3;
        break;
    default: /* a run: remove r + j, leaving m - j (none at the whole heap) */
        u->parts[0] = b->m - j;
        u->nparts = b->m - j > 0 ? 1 : 0;
        break;
    }
    return 1;
}

int grundy_heap_game_move(grundy_heap_game *g, uint64_t heap, uint64_t k, uint64_t *parts,
                          size_t cap, size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (nparts == NULL || (parts == NULL && cap > 0))
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_move: %s is NULL",
                                 nparts == NULL ? "nparts" : "parts");
    int rc = grundy__heap_ready(g, "grundy_heap_game_move");
    if (rc != GRUNDY_OK)
        return rc;
    unranked u = {k, {0, 0, 0}, 0};
    /* k = UINT64_MAX (GRUNDY_NO_MOVE) would match a block whose first index
     * saturated: it is no move. */
    if (k == UINT64_MAX || grundy__heap_each_block(&g->rules, heap, unrank_block, &u) == 0)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "grundy_heap_game_move: a heap of %llu has "
                                 "no move %llu (its moves are numbered from 0)",
                                 (unsigned long long)heap, (unsigned long long)k);
    for (size_t i = 0; i < u.nparts && i < cap; i++)
        parts[i] = u.parts[i];
    *nparts = u.nparts;
    return GRUNDY_OK;
}

/* ---- Every move, one by one ---------------------------------------------- */

typedef struct each_move {
    grundy__heap_move_fn fn;
    void *ctx;
    uint64_t e, p; /* the periodic map the parts are seen through (p 0: none) */
} each_move;

/* The next j of a run (parts m - j) or of splits (j + 1, m - j - 1) worth
 * walking when heaps from e on are seen through their class mod p: in the
 * region where every part is at least e, a move repeats the classes of
 * the move p before it, so only the region's first p moves are walked
 * (and the first move of each class keeps its place in the order). */
static uint64_t next_move(const each_move *e, const grundy__heap_block *b, uint64_t j)
{
    if (e->p == 0 || b->m < e->e)
        return j;
    if (b->kind == HEAP_LEAVE_TWO) { /* a = j + 1 >= 1 repeats in max(e, 1) + p .. m - e */
        if (j + 1 >= (e->e > 0 ? e->e : 1) + e->p && j + 1 <= b->m - e->e)
            return b->m - e->e;
    } else if (j >= e->p && b->m - j >= e->e) { /* a run: m - j repeats down to e */
        return b->m - e->e + 1;
    }
    return j;
}

static uint64_t index_of(uint64_t first, uint64_t j)
{
    return first == UINT64_MAX || j >= UINT64_MAX - first ? UINT64_MAX : first + j;
}

/* The moves of one block in its order: those of unrank_block, index by index. */
static int expand_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    const each_move *e = (const each_move *)ctx;
    uint64_t parts[3] = {0, 0, 0}, m = b->m, j = 0;
    int rc = 0;
    switch (b->kind) {
    case HEAP_LEAVE_NONE:
        return e->fn(e->ctx, first, parts, 0);
    case HEAP_LEAVE_ONE:
        parts[0] = m;
        return e->fn(e->ctx, first, parts, 1);
    case HEAP_LEAVE_TWO:
        for (j = next_move(e, b, 0); rc == 0 && j < b->count; j = next_move(e, b, j + 1)) {
            parts[0] = j + 1;
            parts[1] = m - (j + 1);
            rc = e->fn(e->ctx, index_of(first, j), parts, 2);
        }
        return rc;
    case HEAP_LEAVE_THREE:
        for (uint64_t a = 1; rc == 0 && a <= m / 3; a++) {
            for (uint64_t c = a; rc == 0 && c <= (m - a) / 2; c++, j++) {
                parts[0] = a;
                parts[1] = c;
                parts[2] = m - a - c;
                rc = e->fn(e->ctx, index_of(first, j), parts, 3);
            }
        }
        return rc;
    default: /* a run: remove r + j, leaving m - j (none at the whole heap) */
        for (j = next_move(e, b, 0); rc == 0 && j < b->count; j = next_move(e, b, j + 1)) {
            parts[0] = m - j;
            rc = e->fn(e->ctx, index_of(first, j), parts, m - j > 0 ? 1u : 0u);
        }
        return rc;
    }
}

int grundy__heap_each_move(const grundy__heap_rules *r, uint64_t heap, grundy__heap_move_fn fn,
                           void *ctx)
{
    return grundy__heap_each_move_periodic(r, heap, 0, 0, fn, ctx);
}

int grundy__heap_each_move_periodic(const grundy__heap_rules *r, uint64_t heap, uint64_t from,
                                    uint64_t period, grundy__heap_move_fn fn, void *ctx)
{
    each_move e;
    e.fn = fn;
    e.ctx = ctx;
    e.e = from;
    e.p = period;
    return grundy__heap_each_block(r, heap, expand_block, &e);
}
