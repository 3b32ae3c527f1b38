/* SPDX-License-Identifier: MIT */
/* The game graph's private layout, shared by its construction, solving,
 * parsing and every play mode that walks its moves.
 *
 * Moves are stored as a stream of 32-bit tokens per node.  An ordinary move is
 * one token: the target node id (below 2^31).  A split move is a header token
 * (GRUNDY__SPLIT | number of parts) followed by one token per part.  So the
 * common case costs 4 bytes a move and splits need no second array.
 *
 * Two parts hold the tokens:
 * - the compacted part (CSR): node u's tokens are tok[off[u] .. off[u+1]),
 *   for u < n_csr, in the order the moves were added;
 * - the pending part: (from, token) records appended since the last solve.
 * Solving merges pending into the CSR (graph_merge.c), keeping each node's
 * moves in the order they were added. */
#ifndef GRUNDY_GRAPH_H
#define GRUNDY_GRAPH_H

#include "core/alloc.h"
#include "play/play.h"

#define GRUNDY__SPLIT 0x80000000u

typedef struct grundy__pending {
    uint32_t from;
    uint32_t tok;
} grundy__pending;

struct grundy_graph {
    /* First: grundy__handle_new fills it with the caller's allocator, which
     * grundy_graph_new() moves to base, putting the capping layer of
     * graph.c here: every block the graph allocates passes through it. */
    grundy_allocator alloc;
    grundy_allocator base;
    size_t mem_limit; /* the cap on live blocks (0: none) */
    size_t mem_live;  /* bytes of the blocks live, headers included */
    grundy_progress_fn progress;
    void *progress_user;

    uint32_t n;      /* nodes */
    uint64_t moves;  /* moves, a split counting once */

    uint32_t n_csr;  /* nodes covered by off[] (off has n_csr + 1 entries) */
    uint64_t *off;
    uint32_t *tok;
    uint32_t max_degree;  /* most moves from one node, in the CSR */
    int has_splits;       /* any split header in the CSR */

    grundy__pending *pend;
    size_t npend, cap_pend;
    int pend_splits;      /* a split header is pending */

    uint32_t *num[GRUNDY__PLAYS]; /* each play's numbers, once solved for it */
    grundy_game *misere;  /* memo of misère sum searches, built on demand */
    size_t misere_limit;  /* its memory cap (0: none), set by the library's own users */
    uint64_t misere_sums; /* the most sums one call's search may list (0: none), likewise */
    uint64_t misere_work; /* sums the call under way has listed */
    int misere_full;      /* the call under way passed a cap: 1 misere_sums, 2 misere_limit */
    uint32_t misere_slots; /* components a position of that memo holds */
    uint32_t *misere_scratch; /* one such position, for its move generator */
    uint32_t *genus;      /* genus terms per node, once computed */
    unsigned char *tame;  /* per node, once the genus is computed */
    int has_cycle;
    uint32_t cycle_node;
    int last_method; /* GRUNDY_BY_* of the last misère sum call that succeeded, or 0 */
    size_t errpos;   /* byte offset of the last parse error, or GRUNDY_NO_POS */
    int reporting;   /* its progress callback runs: calls that change or compute are refused */
    char errmsg[192];
};

/* Walks the moves of one node in order. */
typedef struct grundy__moves {
    const uint32_t *p, *end;
} grundy__moves;

static inline grundy__moves grundy__moves_of(const grundy_graph *g, uint32_t u)
{
    grundy__moves it = {g->tok + g->off[u], g->tok + g->off[u + 1]};
    return it;
}

/* Sets *parts and *nparts to the next move and returns 1, or returns 0. */
static inline int grundy__moves_next(grundy__moves *it, const uint32_t **parts,
                                     uint32_t *nparts)
{
    if (it->p == it->end)
        return 0;
    if (*it->p & GRUNDY__SPLIT) {
        *nparts = *it->p & ~GRUNDY__SPLIT;
        *parts = it->p + 1;
        it->p += 1 + *nparts;
    } else {
        *nparts = 1;
        *parts = it->p;
        it->p += 1;
    }
    return 1;
}

/* The xor of the values of a move's parts. */
static inline uint32_t grundy__parts_value(const uint32_t *val, const uint32_t *parts,
                                           size_t nparts)
{
    uint32_t x = 0;
    for (size_t i = 0; i < nparts; i++)
        x ^= val[parts[i]];
    return x;
}

/* Merges the pending moves into the CSR.  On failure the graph is unchanged. */
int grundy__graph_compact(grundy_graph *g);

/* Merges the pending moves if there are any (refused from the progress
 * callback then: a merge frees the arrays a solve under way reads). */
int grundy__graph_ready(grundy_graph *g);

/* Solves, unless done since the last change, the numbers play needs (any
 * public play without method flag, or width), first checking that no move
 * splits if the play needs none.  Refused from the progress callback only
 * when there is work to do. */
int grundy__graph_need(grundy_graph *g, int play);

/* Caps the misère sum search: the memory of its memo (bytes) and the sums
 * one call lists as options (sums); past either the call fails with
 * GRUNDY_ELIMIT and misere_full says which; 0: no cap.  For a game given by rules
 * that answers a misère sum through a graph of its positions and keeps the
 * search within its own limits. */
void grundy__graph_set_misere_limit(grundy_graph *g, size_t bytes, uint64_t sums);

/* Nodes finished between calls of the progress callback while solving. */
#define GRUNDY__PROGRESS_EVERY 65536u
/* The fewest pending moves grundy_graph_add_moves() merges at once (ahead of
 * need: an internal choice, no part of any contract). */
#define GRUNDY__MERGE_AHEAD 65536u

/* Calls g's progress callback, if any (nonzero: stop), with calls from it
 * into g that change or compute refused meanwhile. */
int grundy__graph_report(grundy_graph *g, uint64_t done, uint64_t total);

/* GRUNDY_ESTATE, with a message, when called from g's own progress
 * callback: the operation under way holds arrays a change would free or
 * move.  Else GRUNDY_OK. */
int grundy__graph_enter(grundy_graph *g);

/* Solves play (normal, misère, WTIA, conjunctive, continued or width),
 * storing g->num[play]. */
int grundy__graph_solve_acyclic(grundy_graph *g, int play);

/* Normal play's values into num (n entries) when no move splits; mex is
 * ready for the largest degree.  GRUNDY_ECYCLE sets g->cycle_node. */
int grundy__graph_search_normal(grundy_graph *g, uint32_t *num, grundy__mex *mex);

/* Fills order (n entries) with every node after the nodes its moves lead
 * to (split moves allowed); GRUNDY_ECYCLE if there is none. */
int grundy__graph_postorder(grundy_graph *g, uint32_t *order);

/* Solves the loopy play (generalized Sprague-Grundy values) of a graph
 * whose moves are merged and do not split. */
int grundy__graph_solve_loopy(grundy_graph *g);

/* The misère outcome of the sum of nodes[0 .. n), by memoized search over
 * the sum (graph_misere.c). */
int grundy__graph_misere_outcome(grundy_graph *g, const uint32_t *nodes, size_t n);

/* Every move of every component of that sum that leaves a misère
 * P-position, into w (graph_misere.c). */
int grundy__graph_misere_wins(grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w);

/* Computes the genus symbols if needed and sets *wild to the index of the
 * first of nodes[0 .. n) that is not tame, or to n (graph_genus.c). */
int grundy__graph_find_wild(grundy_graph *g, const uint32_t *nodes, size_t n, size_t *wild);

/* The misère outcome of a sum of tame positions, by their genus symbols
 * (computed by grundy__graph_find_wild()). */
int grundy__graph_tame_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n);

/* The first move of node whose option has number target under play (the
 * xor of its parts' numbers), or GRUNDY_NO_MOVE.  Needs play solved. */
uint64_t grundy__graph_move_to_number(const grundy_graph *g, int play, uint32_t node,
                                      uint32_t target);

/* Checks that no move splits; otherwise fails naming a node. */
int grundy__graph_require_no_splits(grundy_graph *g, const char *why);

/* Drops every solution (values, cycle) because the graph changed. */
void grundy__graph_unsolve(grundy_graph *g);

/* Formats the graph's error message; returns status for tail calls. */
int grundy__graph_fail(grundy_graph *g, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Appends pending records; the caller has validated ids. */
int grundy__graph_push(grundy_graph *g, const grundy__pending *recs, size_t count);

/* GRUNDY_ERANGE with a message naming the node by its role ("source
 * node") if it does not exist. */
int grundy__graph_check_id(grundy_graph *g, uint32_t node, const char *role);

/* GRUNDY_EINVAL with a message if play is not a play (or has a method flag
 * where with_method does not allow one). */
int grundy__graph_check_play(grundy_graph *g, int play, int with_method);

#endif
