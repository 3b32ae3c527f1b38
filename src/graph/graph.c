/* SPDX-License-Identifier: MIT */
/* Game graph construction: nodes and moves (the merge into CSR form is in
 * graph_merge.c). */
#include "graph/graph.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The memory cap.  Every block the graph allocates (its arrays, a solve's
 * scratch, the misère search's memo) goes through the allocator below,
 * which keeps each block's size in a header before it: so the graph knows
 * the bytes it holds at any moment, and refuses a request past the cap
 * without asking the caller's allocator for it.  A graph of 2^31 nodes
 * then fails at its first large array instead of taking the machine's
 * memory.  The header costs a few bytes per block, and a graph allocates
 * few blocks (a handful of arrays per solve). */
typedef union graph_block {
    size_t size;
    /* The alignment of max_align_t, which C99 lacks: what malloc returns
     * stays aligned for every type after the header. */
    long double align_long_double;
    long long align_long_long;
    void *align_pointer;
    void (*align_function)(void);
} graph_block;

static int graph_mem_allows(grundy_graph *g, size_t old_size, size_t size)
{
    if (size > SIZE_MAX - sizeof(graph_block))
        return 0;
    size_t want = size + sizeof(graph_block);
    size_t live = g->mem_live - old_size;
    if (g->mem_limit != 0 && (want > g->mem_limit || live > g->mem_limit - want)) {
        grundy__graph_fail(g, GRUNDY_ENOMEM,
                           "the memory limit of %zu bytes would be passed: %zu bytes held, "
                           "%zu more asked", g->mem_limit, live, want);
        return 0;
    }
    return 1;
}

static void *graph_mem_malloc(void *user, size_t size)
{
    grundy_graph *g = (grundy_graph *)user;
    if (!graph_mem_allows(g, 0, size))
        return NULL;
    graph_block *b = (graph_block *)g->base.malloc_fn(g->base.user, size + sizeof *b);
    if (b == NULL)
        return NULL;
    b->size = size + sizeof *b;
    g->mem_live += b->size;
    return b + 1;
}

static void *graph_mem_realloc(void *user, void *ptr, size_t size)
{
    grundy_graph *g = (grundy_graph *)user;
    graph_block *b = (graph_block *)ptr - 1;
    size_t old = b->size;
    if (!graph_mem_allows(g, old, size))
        return NULL;
    graph_block *q = (graph_block *)g->base.realloc_fn(g->base.user, b, size + sizeof *q);
    if (q == NULL)
        return NULL;
    q->size = size + sizeof *q;
    g->mem_live = g->mem_live - old + q->size;
    return q + 1;
}

static void graph_mem_free(void *user, void *ptr)
{
    grundy_graph *g = (grundy_graph *)user;
    graph_block *b = (graph_block *)ptr - 1;
    g->mem_live -= b->size;
    g->base.free_fn(g->base.user, b);
}

int grundy_graph_new(grundy_graph **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    int rc;
    grundy_graph *g = (grundy_graph *)grundy__handle_new(sizeof *g, alloc, &rc);
    *out = g;
    if (g == NULL)
        return rc;
    g->base = g->alloc;
    g->alloc.malloc_fn = graph_mem_malloc;
    g->alloc.realloc_fn = graph_mem_realloc;
    g->alloc.free_fn = graph_mem_free;
    g->alloc.user = g;
    g->errpos = GRUNDY_NO_POS;
    return GRUNDY_OK;
}

void grundy_graph_free(grundy_graph *g)
{
    if (g == NULL)
        return;
    grundy__free(&g->alloc, g->off);
    grundy__free(&g->alloc, g->tok);
    grundy__free(&g->alloc, g->pend);
    grundy__graph_unsolve(g);
    grundy_allocator base = g->base;
    grundy__free(&base, g);
}

void grundy_graph_set_memory_limit(grundy_graph *g, size_t bytes)
{
    if (g != NULL && !g->reporting)
        g->mem_limit = bytes;
}

void grundy_graph_set_progress(grundy_graph *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

int grundy__graph_fail(grundy_graph *g, int status, const char *fmt, ...)
{
    va_list ap;
    g->errpos = GRUNDY_NO_POS;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    return status;
}

int grundy__graph_report(grundy_graph *g, uint64_t done, uint64_t total)
{
    if (g->progress == NULL)
        return 0;
    g->reporting = 1;
    int stop = g->progress(g->progress_user, done, total);
    g->reporting = 0;
    return stop;
}

int grundy__graph_enter(grundy_graph *g)
{
    if (!g->reporting)
        return GRUNDY_OK;
    return grundy__graph_fail(g, GRUNDY_ESTATE, "called from the graph's own progress callback");
}

const char *grundy_graph_errmsg(const grundy_graph *g)
{
    return g ? g->errmsg : "";
}

size_t grundy_graph_errpos(const grundy_graph *g)
{
    return g ? g->errpos : GRUNDY_NO_POS;
}

int grundy__graph_check_play(grundy_graph *g, int play, int with_method)
{
    const char *why = grundy__play_refusal(play, with_method);
    if (why != NULL)
        return grundy__graph_fail(g, GRUNDY_EINVAL, "play %d (0x%x) %s", play, (unsigned)play, why);
#if GRUNDY__PLAYS_LEFT_OUT
    if (!grundy__play_kept(play)) {
        g->errpos = GRUNDY_NO_POS;
        return grundy__play_left_out(play, "a game graph", g->errmsg, sizeof g->errmsg);
    }
#endif
    return GRUNDY_OK;
}

void grundy__graph_unsolve(grundy_graph *g)
{
    for (int play = 0; play < GRUNDY__PLAYS; play++) {
        grundy__free(&g->alloc, g->num[play]);
        g->num[play] = NULL;
    }
#ifndef GRUNDY_NO_MISERE_PLAY /* else no misère search makes one */
    grundy_game_free(g->misere);
#endif
    g->misere = NULL;
    grundy__free(&g->alloc, g->misere_scratch);
    g->misere_scratch = NULL;
    g->misere_slots = 0;
    grundy__free(&g->alloc, g->genus);
    grundy__free(&g->alloc, g->tame);
    g->genus = NULL;
    g->tame = NULL;
    g->has_cycle = 0;
}

int grundy_graph_add_nodes(grundy_graph *g, uint32_t count, uint32_t *first)
{
    if (first != NULL)
        *first = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (count > GRUNDY_NODE_MAX - g->n)
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "%u more nodes would pass the limit of %u",
                                  count, GRUNDY_NODE_MAX);
    grundy__graph_unsolve(g);
    if (first != NULL)
        *first = g->n;
    /* Nodes cost nothing until solved: the CSR gives them room when merged. */
    g->n += count;
    return GRUNDY_OK;
}

int grundy_graph_add_node(grundy_graph *g, uint32_t *id)
{
    return grundy_graph_add_nodes(g, 1, id);
}

uint32_t grundy_graph_node_count(const grundy_graph *g)
{
    return g ? g->n : 0;
}

uint64_t grundy_graph_move_count(const grundy_graph *g)
{
    return g ? g->moves : 0;
}

int grundy__graph_push(grundy_graph *g, const grundy__pending *recs, size_t count)
{
    if (count > SIZE_MAX - g->npend)
        return GRUNDY_ELIMIT;
    int rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, g->npend + count,
                             sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    memcpy(g->pend + g->npend, recs, count * sizeof *recs);
    g->npend += count;
    grundy__graph_unsolve(g);
    return GRUNDY_OK;
}

int grundy__graph_check_id(grundy_graph *g, uint32_t id, const char *role)
{
    if (id < g->n)
        return GRUNDY_OK;
    return grundy__graph_fail(g, GRUNDY_ERANGE, "%s %u out of range (n = %u)", role, id, g->n);
}

int grundy_graph_add_move(grundy_graph *g, uint32_t from, uint32_t to)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, from, "source node");
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, to, "target node");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__pending rec = {from, to};
    rc = grundy__graph_push(g, &rec, 1);
    if (rc == GRUNDY_OK)
        g->moves++;
    return rc;
}

int grundy_graph_add_split(grundy_graph *g, uint32_t from, const uint32_t *parts,
                           uint32_t nparts)
{
    if (g == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
    if (nparts == 1) /* a sum of one position is an ordinary move */
        return grundy_graph_add_move(g, from, parts[0]);
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, from, "source node");
    for (uint32_t i = 0; rc == GRUNDY_OK && i < nparts; i++)
        rc = grundy__graph_check_id(g, parts[i], "part node");
    if (rc != GRUNDY_OK)
        return rc;
    if (nparts > GRUNDY_NODE_MAX)
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "a move may have at most %u parts",
                                  GRUNDY_NODE_MAX);
    /* Reserve first so that the header and its parts go in together or not at all. */
    size_t need = g->npend + (size_t)nparts + 1;
    if (need < g->npend)
        return GRUNDY_ELIMIT;
    rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, need, sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__pending header = {from, GRUNDY__SPLIT | nparts};
    g->pend[g->npend++] = header;
    g->pend_splits = 1;
    for (uint32_t i = 0; i < nparts; i++) {
        grundy__pending part = {from, parts[i]};
        g->pend[g->npend++] = part;
    }
    g->moves++;
    grundy__graph_unsolve(g);
    return GRUNDY_OK;
}

/* Pending moves at least as many as the merged ones, and enough to matter,
 * are merged when added: a graph loaded in large batches is then ready to
 * search when solved, and over any sequence of batches each move is merged
 * O(1) times (a merge costs about as much as the moves it holds, and each
 * one at least doubles them).  The merge is only ahead of time: if it fails
 * (memory, or a node with too many moves), the moves stay pending, the
 * graph and its error message are as they were, and the solve that needs
 * them merges them or reports why it cannot. */
static void merge_if_large(grundy_graph *g)
{
    uint64_t merged = g->off != NULL ? g->off[g->n_csr] : 0;
    if (g->npend < GRUNDY__MERGE_AHEAD || g->npend < merged)
        return;
    char errmsg[sizeof g->errmsg];
    size_t errpos = g->errpos;
    memcpy(errmsg, g->errmsg, sizeof errmsg);
    if (grundy__graph_compact(g) != GRUNDY_OK) {
        memcpy(g->errmsg, errmsg, sizeof errmsg);
        g->errpos = errpos;
    }
}

int grundy_graph_add_moves(grundy_graph *g, size_t m, const uint32_t *from, const uint32_t *to)
{
    if (g == NULL || (m > 0 && (from == NULL || to == NULL)))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < m; i++) {
        if (from[i] >= g->n || to[i] >= g->n)
            return grundy__graph_fail(g, GRUNDY_ERANGE, "move %zu (%u -> %u): node out of range (n = %u)",
                                      i, from[i], to[i], g->n);
    }
    if (m > SIZE_MAX - g->npend)
        return GRUNDY_ELIMIT;
    rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, g->npend + m,
                         sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < m; i++) {
        grundy__pending rec = {from[i], to[i]};
        g->pend[g->npend + i] = rec;
    }
    g->npend += m;
    g->moves += m;
    grundy__graph_unsolve(g);
    merge_if_large(g);
    return GRUNDY_OK;
}

int grundy__graph_require_no_splits(grundy_graph *g, const char *why)
{
    if (!g->has_splits)
        return GRUNDY_OK;
    for (uint32_t u = 0; u < g->n; u++) {
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++) {
            if (g->tok[i] & GRUNDY__SPLIT)
                return grundy__graph_fail(g, GRUNDY_EINVAL, "node %u has a split move; %s", u, why);
        }
    }
    return GRUNDY_OK;
}
