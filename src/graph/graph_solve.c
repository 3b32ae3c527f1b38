/* SPDX-License-Identifier: MIT */
/* Acyclic plays on a game graph: every play's numbers by one iterative
 * depth-first search, solved when a question needs them, and the questions
 * about single nodes that read them. */
#include <stdio.h>
#include <string.h>

#include "graph/graph.h"

/* DFS state per node, in one array: 0 = not reached; DONE = number known;
 * otherwise the node is on the stack and state - 1 is the index of the next
 * token of its stream to look at. */
#define STATE_DONE UINT32_MAX

typedef struct solve_ctx {
    grundy_graph *g;
    int play;
    uint32_t *state;
    uint32_t *stack;
    uint32_t *num;
    uint32_t *order;  /* when set: nodes in the order they finish */
    grundy__mex mex;
    uint32_t done;
} solve_ctx;

static uint32_t node_number(solve_ctx *c, uint32_t u)
{
    grundy__moves it = grundy__moves_of(c->g, u);
    const uint32_t *parts;
    uint32_t np;
    grundy__acc acc;
    grundy__acc_begin(&acc, c->play, &c->mex);
    while (grundy__moves_next(&it, &parts, &np)) {
        uint32_t x = np == 0 ? grundy__play_finished(c->play) : c->num[parts[0]];
        for (uint32_t i = 1; i < np; i++)
            x = grundy__play_join(c->play, x, c->num[parts[i]]);
        grundy__acc_add(&acc, x);
    }
    return grundy__acc_end(&acc);
}

/* Finishes u: its children are all done.  Returns nonzero to cancel. */
static int finish(solve_ctx *c, uint32_t u)
{
    c->num[u] = node_number(c, u);
    c->state[u] = STATE_DONE;
    if (c->order != NULL)
        c->order[c->done] = u;
    if (++c->done % GRUNDY__PROGRESS_EVERY == 0)
        return grundy__graph_report(c->g, c->done, c->g->n);
    return 0;
}

/* Depth-first search from root; parts of split moves are children too. */
static int search(solve_ctx *c, uint32_t root)
{
    const grundy_graph *g = c->g;
    size_t sp = 0;
    c->stack[sp++] = root;
    c->state[root] = 1;
    while (sp > 0) {
        uint32_t u = c->stack[sp - 1];
        const uint32_t *t = g->tok + g->off[u];
        uint32_t len = (uint32_t)(g->off[u + 1] - g->off[u]);
        uint32_t i = c->state[u] - 1;
        for (; i < len; i++) {
            uint32_t v = t[i];
            if ((v & GRUNDY__SPLIT) || c->state[v] == STATE_DONE)
                continue;
            if (c->state[v] != 0) {
                c->g->cycle_node = v;
                return GRUNDY_ECYCLE;
            }
            break;
        }
        if (i < len) {
            /* Resume at the same token: by then its node is done and skipped. */
            c->state[u] = i + 1;
            c->state[t[i]] = 1;
            c->stack[sp++] = t[i];
            continue;
        }
        sp--;
        if (finish(c, u))
            return GRUNDY_ECANCELED;
    }
    return GRUNDY_OK;
}

static void solve_ctx_free(solve_ctx *c)
{
    grundy__free(&c->g->alloc, c->state);
    grundy__free(&c->g->alloc, c->stack);
    grundy__free(&c->g->alloc, c->num);
    grundy__mex_free(&c->mex, &c->g->alloc);
}

/* The search for play; with order set, also the finishing order (every node
 * after all the nodes its moves lead to).  Keeps the numbers if asked to. */
static int run_search(grundy_graph *g, int play, uint32_t *order, int keep)
{
    g->errmsg[0] = '\0';
    g->has_cycle = 0;
    int rc = grundy__graph_compact(g);
    if (rc == GRUNDY_OK && !grundy__play_splits(play))
        rc = grundy__graph_require_no_splits(g, "this play needs moves to single positions");
    if (rc != GRUNDY_OK)
        return rc;
    solve_ctx c = {g, play, NULL, NULL, NULL, order, {NULL, 0, 0}, 0};
    c.num = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *c.num);
    rc = grundy__mex_init(&c.mex, &g->alloc, grundy__play_mex_bound(g->max_degree));
    if (play == GRUNDY_PLAY_NORMAL && !g->has_splits && order == NULL) {
        if (rc == GRUNDY_OK && c.num == NULL)
            rc = GRUNDY_ENOMEM;
        if (rc == GRUNDY_OK)
            rc = grundy__graph_search_normal(g, c.num, &c.mex);
    } else {
        c.state = (uint32_t *)grundy__calloc_array(&g->alloc, g->n, sizeof *c.state);
        c.stack = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *c.stack);
        if (c.state == NULL || c.stack == NULL || c.num == NULL)
            rc = GRUNDY_ENOMEM;
        for (uint32_t u = 0; rc == GRUNDY_OK && u < g->n; u++) {
            if (c.state[u] == 0)
                rc = search(&c, u);
        }
    }
    if (rc == GRUNDY_ECYCLE) {
        g->has_cycle = 1;
        grundy__graph_fail(g, rc, "the graph has a cycle through node %u", g->cycle_node);
    }
    if (rc == GRUNDY_OK && keep) {
        g->num[play] = c.num;
        c.num = NULL;
    }
    solve_ctx_free(&c);
    return rc;
}

int grundy__graph_solve_acyclic(grundy_graph *g, int play)
{
    if (g->num[play] != NULL)
        return GRUNDY_OK; /* solved, and unchanged since: any change drops it */
    return run_search(g, play, NULL, 1);
}

int grundy__graph_postorder(grundy_graph *g, uint32_t *order)
{
    return run_search(g, GRUNDY__PLAY_WIDTH, order, 0);
}

int grundy__graph_need(grundy_graph *g, int play)
{
    int numbers = grundy__play_numbers(play);
    int splits_ok = grundy__play_splits(play);
    if (g->num[numbers] != NULL && (splits_ok || !g->has_splits))
        return GRUNDY_OK; /* solved, and unchanged since: any change drops it */
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_compact(g);
    if (rc == GRUNDY_OK && !splits_ok) {
        char why[64];
        snprintf(why, sizeof why, "%s needs moves to single positions", grundy__play_name(play));
        rc = grundy__graph_require_no_splits(g, why);
    }
    if (rc != GRUNDY_OK)
        return rc;
#ifndef GRUNDY_NO_LOOPY_PLAY /* which grundy__graph_check_play refuses */
    if (numbers == GRUNDY_PLAY_LOOPY)
        return grundy__graph_solve_loopy(g);
#endif
    return grundy__graph_solve_acyclic(g, numbers);
}

int grundy_graph_solve(grundy_graph *g, int play)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_enter(g);
    return rc == GRUNDY_OK ? grundy__graph_need(g, play) : rc;
}

int grundy_graph_cycle_node(const grundy_graph *g, uint32_t *node)
{
    if (node != NULL)
        *node = 0;
    if (g == NULL || node == NULL)
        return GRUNDY_EINVAL;
    if (!g->has_cycle)
        return GRUNDY_ESTATE;
    *node = g->cycle_node;
    return GRUNDY_OK;
}

/* Checks the arguments of a question about nodes first .. first + count - 1
 * under play, then solves what it needs. */
static int ask(grundy_graph *g, int play, uint32_t first, size_t count, const void *out)
{
    if (g == NULL || (out == NULL && count > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc != GRUNDY_OK)
        return rc;
    if (count == 1)
        rc = grundy__graph_check_id(g, first, "node");
    else if (first > g->n || count > (size_t)(g->n - first))
        rc = grundy__graph_fail(g, GRUNDY_ERANGE, "%zu nodes from node %u pass the last (n = %u)",
                                count, first, g->n);
    return rc == GRUNDY_OK ? grundy__graph_need(g, play) : rc;
}

int grundy_graph_values(grundy_graph *g, int play, uint32_t first, size_t count,
                        uint32_t *values)
{
    int rc = ask(g, play, first, count, values);
    if (rc == GRUNDY_OK && count > 0)
        memcpy(values, g->num[grundy__play_numbers(play)] + first, count * sizeof *values);
    return rc;
}

int grundy_graph_value(grundy_graph *g, int play, uint32_t node, uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (value == NULL)
        return GRUNDY_EINVAL;
    return grundy_graph_values(g, play, node, 1, value);
}

int grundy_graph_outcome(grundy_graph *g, int play, uint32_t node)
{
    uint32_t v;
    int rc = grundy_graph_value(g, play, node, &v);
    if (rc != GRUNDY_OK)
        return rc;
    /* An infinite loopy position wins by a move to 0, or else draws. */
    if (play == GRUNDY_PLAY_LOOPY && v == GRUNDY_INF)
        return grundy__graph_move_to_number(g, play, node, 0) != GRUNDY_NO_MOVE ? GRUNDY_N : GRUNDY_D;
    return grundy__play_outcome(play, v);
}
