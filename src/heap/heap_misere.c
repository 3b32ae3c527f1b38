/* SPDX-License-Identifier: MIT */
/* Heap games in misère play: sums of heaps, searched.
 *
 * Misère play has no Sprague-Grundy theory: the misère value of a sum is
 * not a function of its parts' misère values, and a move that splits a
 * heap leaves a sum.  So the position searched is the sum itself: a
 * multiset of heaps, kept sorted so that equal sums share one memo entry,
 * with the heaps that have no move dropped (no one can move there).  Beside
 * its heaps a position holds a Nim part, a heaps of two and b heaps of one,
 * which the genus terms need (heap_genus.c); plain questions leave it empty.
 *
 * The search runs on the rule-defined game engine (game/), as graphs'
 * misère sums do: iterative (an explicit stack), memoized in the library's
 * hash table, through the game's allocator, reporting to its progress
 * callback.  Misère play becomes normal play by one extra rule: a sum with
 * no move left has one move, to the finished game, so its value is
 * mex{0} = 1, the misère value of a terminal position; elsewhere both are
 * the mex of the options' values.
 *
 * A position has a fixed size: K heap slots, K the most non-terminal heaps
 * the sum can ever become (the heaps' widths added, see heap_width), unused
 * slots holding EMPTY_SLOT, which sorts last; then the Nim part, a | b << 8.
 *
 * What a call may cost is capped: its searches examine (list as options)
 * at most misere_limit sums (grundy_heap_game_set_search_limit), which
 * bounds its time, and the engine holds at most grundy__search_bytes() of
 * that limit (play.h: the memo and the options of the sums
 * on the stack); past either the call fails with GRUNDY_ELIMIT, the memo
 * keeping what it found.
 * Sums are searched up to MAX_SLOTS heaps with moves, so that a sum stays
 * small to copy and hash, and games whose moves split heaps for heaps up to
 * SPLIT_HEAP_MAX tokens (their sums pass the limits long before; the
 * widths of larger heaps would cost more than the search). */
#include "game/game.h"
#include "heap/heap_game.h"
#include "play/genus.h"

void grundy_heap_game_set_search_limit(grundy_heap_game *g, uint64_t sums)
{
    if (g != NULL && !g->reporting)
        g->misere_limit = sums != 0 ? sums : GRUNDY__HEAP_SEARCH_LIMIT;
}

int grundy_heap_game_last_method(const grundy_heap_game *g)
{
    return g != NULL ? g->last_method : 0;
}

#ifndef GRUNDY_NO_MISERE_PLAY

#define EMPTY_SLOT UINT32_MAX
#define MAX_SLOTS 64u
#define SPLIT_HEAP_MAX 256u
#define NIM_PART(twos, ones) ((uint32_t)(twos) | (uint32_t)(ones) << 8)

/* ---- Heaps and their widths ---------------------------------------------- */

static int any_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    (void)ctx;
    (void)b;
    (void)first;
    return 1;
}

static int splits(const grundy_heap_game *g)
{
    return g->rules.max_parts >= 2;
}

/* The width of a heap: 0 if it has no move; else the most non-terminal
 * heaps it can become, at least 1.  Games that split keep a table. */
static uint32_t heap_width(const grundy_heap_game *g, uint64_t heap)
{
    if (splits(g))
        return g->mis->width[heap];
    return grundy__heap_each_block(&g->rules, heap, any_block, NULL) != 0;
}

typedef struct widest {
    const grundy_heap_game *g;
    uint32_t most;
} widest;

static int note_width(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    widest *w = (widest *)ctx;
    uint32_t sum = 0;
    (void)k;
    for (size_t i = 0; i < nparts; i++)
        sum += w->g->mis->width[parts[i]]; /* parts are smaller heaps: known */
    w->most = sum > w->most ? sum : w->most < 1 ? 1 : w->most;
    return 0;
}

/* Whether the search takes heap, and the widths up to it known. */
static int check_heap(grundy_heap_game *g, uint64_t heap, const char *call)
{
    if (heap >= EMPTY_SLOT)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search takes heaps up to "
                                 "2^32 - 2 tokens, not %llu", call, (unsigned long long)heap);
    if (!splits(g) || heap < g->mis->nwidth)
        return GRUNDY_OK;
    if (heap > SPLIT_HEAP_MAX)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search of a game whose moves "
                                 "split heaps takes heaps up to %u tokens, not %llu", call,
                                 SPLIT_HEAP_MAX, (unsigned long long)heap);
    if (grundy__reserve(&g->alloc, (void **)&g->mis->width, &g->mis->cap_width, (size_t)heap + 1,
                        sizeof *g->mis->width) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory in the misère search",
                                 call);
    for (uint64_t h = g->mis->nwidth; h <= heap; h++) {
        widest w = {g, 0};
        grundy__heap_each_move(&g->rules, h, note_width, &w);
        g->mis->width[h] = w.most;
        g->mis->nwidth = (size_t)h + 1;
    }
    return GRUNDY_OK;
}

/* ---- Positions: sorted heaps, then the Nim part -------------------------- */

/* Appends heap to the k heaps of out unless it has no move; 0 if no slot
 * is left (the widths make room for every sum a search reaches). */
static int put(const grundy_heap_game *g, uint32_t *out, uint32_t *k, uint64_t heap)
{
    if (heap_width(g, heap) == 0)
        return 1;
    if (*k == g->mis->slots)
        return 0;
    out[(*k)++] = (uint32_t)heap;
    return 1;
}

/* Sorts the k heaps of out (insertion: they are nearly sorted), empties
 * the other slots and sets the Nim part. */
static void finish(const grundy_heap_game *g, uint32_t *out, uint32_t k, uint32_t nim)
{
    for (uint32_t i = 1; i < k; i++) {
        uint32_t x = out[i], j = i;
        for (; j > 0 && out[j - 1] > x; j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
    for (uint32_t i = k; i < g->mis->slots; i++)
        out[i] = EMPTY_SLOT;
    out[g->mis->slots] = nim;
}

/* Loads into out the sum of heaps[0 .. n) but heaps[skip] (skip >= n: all),
 * with parts[0 .. nparts) and the Nim part. */
static int load(const grundy_heap_game *g, const uint64_t *heaps, size_t n, size_t skip,
                const uint64_t *parts, size_t nparts, uint32_t nim, uint32_t *out)
{
    uint32_t k = 0;
    int fits = 1;
    for (size_t i = 0; i < n; i++)
        fits &= i == skip || put(g, out, &k, heaps[i]);
    for (size_t i = 0; i < nparts; i++)
        fits &= put(g, out, &k, parts[i]);
    finish(g, out, k, nim);
    return fits;
}

/* ---- The move generator of sums ------------------------------------------ */

typedef struct expand {
    grundy_heap_game *g;
    const uint32_t *pos;
    uint32_t skip; /* the slot of the heap moved in */
    grundy_options *out;
} expand;

/* Adds the sum in next as an option, counted against the search's limit. */
static int add_sum(const expand *e, const uint32_t *next)
{
    grundy__heap_misere *m = e->g->mis;
    if (m->work >= e->g->misere_limit) {
        m->full = 1;
        return GRUNDY_ELIMIT;
    }
    m->work++;
    return grundy_options_add(e->out, next, 1);
}

static int add_option(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    const expand *e = (const expand *)ctx;
    grundy_heap_game *g = e->g;
    uint32_t *next = g->mis->buf, n = 0;
    (void)k;
    for (uint32_t j = 0; j < g->mis->slots && e->pos[j] != EMPTY_SLOT; j++) {
        if (j != e->skip)
            next[n++] = e->pos[j];
    }
    for (size_t i = 0; i < nparts; i++) {
        if (!put(g, next, &n, parts[i]))
            return GRUNDY_ELIMIT;
    }
    finish(g, next, n, e->pos[g->mis->slots]);
    return add_sum(e, next);
}

/* The sum with its Nim part replaced. */
static int add_nim(const expand *e, uint32_t twos, uint32_t ones)
{
    uint32_t *next = e->g->mis->buf, slots = e->g->mis->slots;
    memcpy(next, e->pos, (size_t)slots * sizeof *next);
    next[slots] = NIM_PART(twos, ones);
    return add_sum(e, next);
}

static int sum_moves(void *user, const void *position, grundy_options *out)
{
    grundy_heap_game *g = (grundy_heap_game *)user;
    expand e = {g, (const uint32_t *)position, 0, out};
    int rc = 0, moved = 0;
    for (uint32_t i = 0; rc == 0 && i < g->mis->slots && e.pos[i] != EMPTY_SLOT; i++) {
        if (i > 0 && e.pos[i] == e.pos[i - 1])
            continue; /* moving in an equal heap leaves the same sums */
        e.skip = i;
        rc = grundy__heap_each_move(&g->rules, e.pos[i], add_option, &e);
        moved = 1;
    }
    uint32_t nim = e.pos[g->mis->slots], twos = nim & 0xffu, ones = nim >> 8;
    if (rc == 0 && twos > 0) {
        rc = add_nim(&e, twos - 1, ones + 1);
        if (rc == 0)
            rc = add_nim(&e, twos - 1, ones);
    }
    if (rc == 0 && ones > 0)
        rc = add_nim(&e, twos, ones - 1);
    moved |= nim != 0;
    if (rc == 0 && !moved)
        rc = grundy_options_add(out, NULL, 0);
    return rc;
}

/* ---- The memo ------------------------------------------------------------- */

/* Drops the memo of sums and its scratch (the widths and genus stay). */
static void drop_memo(grundy_heap_game *g)
{
    grundy_game_free(g->mis->memo);
    grundy__free(&g->alloc, g->mis->buf);
    g->mis->memo = NULL;
    g->mis->buf = NULL;
    g->mis->slots = 0;
}

int grundy__heap_misere_state(grundy_heap_game *g, const char *call)
{
    if (g->mis != NULL) {
        g->mis->work = 0; /* a new call: its own limit */
        return GRUNDY_OK;
    }
    g->mis = (grundy__heap_misere *)grundy__calloc_array(&g->alloc, 1, sizeof *g->mis);
    return g->mis != NULL ? GRUNDY_OK
                          : grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory in the "
                                              "misère search", call);
}

void grundy__heap_misere_free(grundy_heap_game *g)
{
    if (g->mis == NULL)
        return;
    drop_memo(g);
    grundy__free(&g->alloc, g->mis->width);
    grundy__free(&g->alloc, g->mis->genus);
    grundy__free(&g->alloc, g->mis->tame);
    grundy__free(&g->alloc, g->mis);
    g->mis = NULL;
}

/* Makes the memo hold sums of up to `slots` heaps: kept if it does, made
 * afresh (the sums stored so far dropped) if not. */
static int prepare(grundy_heap_game *g, uint64_t slots, const char *call)
{
    if (slots > MAX_SLOTS)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: these heaps can become %llu heaps with "
                                 "moves; the misère search holds sums of up to %u", call,
                                 (unsigned long long)slots, MAX_SLOTS);
    if (slots == 0)
        slots = 1;
    if (g->mis->memo != NULL && g->mis->slots >= slots)
        return GRUNDY_OK;
    /* Growing by half at least: heaps asked for one by one, upward, then
     * drop their memo a logarithmic number of times. */
    uint64_t grown = (uint64_t)g->mis->slots + g->mis->slots / 2;
    slots = grown > slots && grown <= MAX_SLOTS ? grown : slots;
    drop_memo(g);
    size_t size = ((size_t)slots + 1) * sizeof(uint32_t);
    g->mis->buf = (uint32_t *)grundy__alloc_array(&g->alloc, 3, size);
    int rc = g->mis->buf != NULL ? GRUNDY_OK : GRUNDY_ENOMEM;
    if (rc == GRUNDY_OK)
        rc = grundy_game_new(&g->mis->memo, size, sum_moves, g, &g->alloc);
    /* A sum of heaps costs some microseconds to evaluate: a report every
     * 4096 of them comes every few hundredths of a second, so that a
     * caller stopping on Ctrl-C stops within a fraction of a second. */
    if (rc == GRUNDY_OK)
        grundy__game_set_progress_every(g->mis->memo, 4096);
    if (rc != GRUNDY_OK) {
        drop_memo(g);
        return grundy__heap_fail(g, rc, "%s: out of memory in the misère search", call);
    }
    g->mis->slots = (uint32_t)slots;
    return GRUNDY_OK;
}

/* The engine's progress, passed on to the game's callback. */
static int report(void *user, uint64_t done, uint64_t total)
{
    grundy_heap_game *g = (grundy_heap_game *)user;
    g->reporting = 1;
    int stop = g->progress(g->progress_user, done, total);
    g->reporting = 0;
    return stop;
}

/* The misère value of the sum in pos (a scratch of misere_buf). */
static int evaluate(grundy_heap_game *g, const uint32_t *pos, uint32_t *value, const char *call)
{
    g->mis->full = 0;
    grundy_game_set_progress(g->mis->memo, g->progress != NULL ? report : NULL, g);
    size_t bytes = grundy__search_bytes(g->misere_limit);
    grundy_game_set_memory_limit(g->mis->memo, bytes);
    int rc = grundy_game_value(g->mis->memo, GRUNDY_PLAY_NORMAL, pos, value);
    if (rc == GRUNDY_OK)
        return rc;
    if (g->mis->full)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search would examine more "
                                 "than %llu sums of heaps (the limit of "
                                 "grundy_heap_game_set_search_limit)", call,
                                 (unsigned long long)g->misere_limit);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "%s: out of memory in the misère search", call);
    if (rc == GRUNDY_ELIMIT)
        return grundy__heap_fail(g, rc, "%s: the misère search would hold more than %llu bytes "
                                 "(%u per sum of the limit of "
                                 "grundy_heap_game_set_search_limit, 64 MiB at least)", call,
                                 (unsigned long long)bytes, GRUNDY__SEARCH_BYTES_PER_SUM);
    return grundy__heap_fail(g, rc, "%s: misère search: %s", call,
                             grundy_game_errmsg(g->mis->memo));
}

/* The memo made ready for the sum of heaps[0 .. n) and what it reaches. */
static int search_ready(grundy_heap_game *g, const uint64_t *heaps, size_t n, const char *call)
{
    uint64_t slots = 0;
    for (size_t i = 0; i < n; i++) {
        int rc = check_heap(g, heaps[i], call);
        if (rc != GRUNDY_OK)
            return rc;
        slots += heap_width(g, heaps[i]);
    }
    return prepare(g, slots, call);
}

int grundy__heap_misere_check_heap(grundy_heap_game *g, uint64_t heap, const char *call)
{
    return check_heap(g, heap, call);
}

int grundy__heap_misere_search(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                               unsigned twos, uint32_t *value, const char *call)
{
    int rc = search_ready(g, heaps, n, call);
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t *pos = g->mis->buf + (g->mis->slots + 1);
    load(g, heaps, n, n, NULL, 0, NIM_PART(twos, 0), pos);
    return evaluate(g, pos, value, call);
}

/* ---- Methods: search, or genus symbols ------------------------------------ */

/* The method play asks for (GRUNDY_BY_SEARCH by default), or a refusal. */
static int method_of(grundy_heap_game *g, int play, const char *call, int *method)
{
    int flag = play & GRUNDY_BY_MASK;
    if (flag == GRUNDY_BY_SJ)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: heap games do not offer the SJ "
                                 "theorem (GRUNDY_BY_SJ): its precondition concerns every sum "
                                 "the heaps reach; use GRUNDY_BY_SEARCH or GRUNDY_BY_GENUS",
                                 call);
    *method = flag == GRUNDY_BY_GENUS ? GRUNDY_BY_GENUS : GRUNDY_BY_SEARCH;
    return GRUNDY_OK;
}

/* For the genus method: the genus of every heap up to the largest known,
 * and each of heaps[0 .. n) tame (else GRUNDY_EINVAL naming one). */
static int genus_ready(grundy_heap_game *g, const uint64_t *heaps, size_t n, const char *call)
{
    uint64_t largest = 0, known;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    int rc = n > 0 ? grundy__heap_genus_upto(g, largest, 0, &known, call) : GRUNDY_OK;
    for (size_t i = 0; rc == GRUNDY_OK && i < n; i++) {
        if (g->mis->tame[heaps[i]] == GRUNDY__NOT_TAME)
            rc = grundy__heap_fail(g, GRUNDY_EINVAL, "%s: GRUNDY_BY_GENUS needs tame heaps; "
                                   "heap %zu (%llu tokens) is not tame (it or a position it "
                                   "reaches has a wild genus)", call, i,
                                   (unsigned long long)heaps[i]);
    }
    return rc;
}

static void tame_add(const grundy_heap_game *g, uint64_t heap, uint32_t *x, int *big)
{
    *x ^= grundy__heap_known_value(g, heap);
    *big |= g->mis->tame[heap] == GRUNDY__TAME_BIG;
}

/* The misère value of the sum load() would make, by method (made ready). */
static int value_by(grundy_heap_game *g, int method, const uint64_t *heaps, size_t n, size_t skip,
                    const uint64_t *parts, size_t nparts, uint32_t *value, const char *call)
{
    if (method == GRUNDY_BY_SEARCH) {
        uint32_t *pos = g->mis->buf + 2 * ((size_t)g->mis->slots + 1);
        load(g, heaps, n, skip, parts, nparts, 0, pos);
        return evaluate(g, pos, value, call);
    }
    /* The parts of a tame heap's moves are tame heaps. */
    uint32_t x = 0;
    int big = 0;
    for (size_t i = 0; i < n; i++) {
        if (i != skip)
            tame_add(g, heaps[i], &x, &big);
    }
    for (size_t i = 0; i < nparts; i++)
        tame_add(g, parts[i], &x, &big);
    *value = grundy__genus_tame_value(x, big);
    return GRUNDY_OK;
}

static int ready_by(grundy_heap_game *g, int method, const uint64_t *heaps, size_t n,
                    const char *call)
{
    return method == GRUNDY_BY_GENUS ? genus_ready(g, heaps, n, call)
                                     : search_ready(g, heaps, n, call);
}

/* ---- The calls ------------------------------------------------------------ */

int grundy__heap_misere_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                               uint32_t *values, const char *call)
{
    int method = GRUNDY_BY_SEARCH;
    int rc = method_of(g, play, call, &method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc != GRUNDY_OK || count == 0)
        return rc;
    uint64_t last = first + ((uint64_t)count - 1);
    if (method == GRUNDY_BY_SEARCH)
        rc = grundy__heap_misere_check_heap(g, last, call);
    for (size_t i = 0; rc == GRUNDY_OK && i < count; i++) {
        uint64_t heap = first + i;
        rc = ready_by(g, method, &heap, 1, call);
        if (rc == GRUNDY_OK)
            rc = value_by(g, method, &heap, 1, 1, NULL, 0, &values[i], call);
    }
    if (rc == GRUNDY_OK)
        g->last_method = method;
    return rc;
}

int grundy__heap_misere_sum(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                            uint32_t *value, const char *call)
{
    int method = GRUNDY_BY_SEARCH;
    int rc = method_of(g, play, call, &method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK)
        rc = ready_by(g, method, heaps, n, call);
    if (rc == GRUNDY_OK)
        rc = value_by(g, method, heaps, n, n, NULL, 0, value, call);
    if (rc == GRUNDY_OK)
        g->last_method = method;
    return rc;
}

typedef struct win_search {
    grundy_heap_game *g;
    int method;
    const uint64_t *heaps;
    size_t n, i; /* the sum, and the heap whose moves are tried */
    grundy__wins *w;
    const char *call;
} win_search;

/* A move is winning when the sum it leaves has misère value 0. */
static int try_move(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    win_search *s = (win_search *)ctx;
    uint32_t v;
    int rc = value_by(s->g, s->method, s->heaps, s->n, s->i, parts, nparts, &v, s->call);
    if (rc != GRUNDY_OK)
        return rc;
    /* Heaps the search takes have fewer than 2^64 - 1 moves: k is exact. */
    return v == 0 && grundy__wins_add(s->w, s->i, k) ? 1 : 0;
}

int grundy__heap_misere_wins(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                             grundy__wins *w, const char *call)
{
    win_search s = {g, 0, heaps, n, 0, w, call};
    int rc = method_of(g, play, call, &s.method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK)
        rc = ready_by(g, s.method, heaps, n, call);
    for (s.i = 0; rc == GRUNDY_OK && s.i < n; s.i++) {
        rc = grundy__heap_each_move(&g->rules, heaps[s.i], try_move, &s);
        if (rc == 1)
            rc = GRUNDY_OK;
        if (rc == GRUNDY_OK && w->first_only && w->count > 0)
            break;
    }
    if (rc == GRUNDY_OK)
        g->last_method = s.method;
    return rc;
}

#else /* GRUNDY_NO_MISERE_PLAY: no misère search (heap_game.h stands in for
       * its calls); grundy__heap_ready_play refuses misère play first. */

int grundy__heap_misere_state(grundy_heap_game *g, const char *call)
{
    g->errpos = GRUNDY_NO_POS;
    return grundy__play_left_out(GRUNDY_PLAY_MISERE, call, g->errmsg, sizeof g->errmsg);
}

#endif
