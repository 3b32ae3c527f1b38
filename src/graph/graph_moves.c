/* SPDX-License-Identifier: MIT */
/* Reading a node's moves: how many, the parts of one, the first to a given
 * number.  Moves are read from the merged (CSR) form, so a question merges
 * the moves still waiting first. */
#include <string.h>

#include "graph/graph.h"

int grundy__graph_ready(grundy_graph *g)
{
    if (g->npend == 0 && g->n_csr == g->n && g->off != NULL)
        return GRUNDY_OK;
    int rc = grundy__graph_enter(g);
    return rc == GRUNDY_OK ? grundy__graph_compact(g) : rc;
}

/* Checks the node and merges the waiting moves. */
static int ready_node(grundy_graph *g, uint32_t node)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_id(g, node, "node");
    return rc == GRUNDY_OK ? grundy__graph_ready(g) : rc;
}

int grundy_graph_degree(grundy_graph *g, uint32_t node, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (count == NULL)
        return GRUNDY_EINVAL;
    int rc = ready_node(g, node);
    if (rc != GRUNDY_OK)
        return rc;
    if (!g->has_splits) {
        *count = g->off[node + 1] - g->off[node]; /* tokens are moves: O(1) */
        return GRUNDY_OK;
    }
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    uint64_t d = 0;
    while (grundy__moves_next(&it, &parts, &np))
        d++;
    *count = d;
    return GRUNDY_OK;
}

/* Move k of node: its parts, or 0 if there is none. */
static int find_move(const grundy_graph *g, uint32_t node, uint64_t k, const uint32_t **parts,
                     uint32_t *np)
{
    grundy__moves it = grundy__moves_of(g, node);
    if (!g->has_splits) {
        if (k >= (uint64_t)(it.end - it.p))
            return 0;
        *parts = it.p + k; /* tokens are moves: O(1) */
        *np = 1;
        return 1;
    }
    for (uint64_t i = 0; grundy__moves_next(&it, parts, np); i++) {
        if (i == k)
            return 1;
    }
    return 0;
}

int grundy_graph_move(grundy_graph *g, uint32_t node, uint64_t k, uint32_t *parts, size_t cap,
                      size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = ready_node(g, node);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *p;
    uint32_t np;
    if (!find_move(g, node, k, &p, &np))
        return grundy__graph_fail(g, GRUNDY_ERANGE, "node %u has no move %llu", node,
                                  (unsigned long long)k);
    if (np > 0 && cap > 0)
        memcpy(parts, p, (cap < np ? cap : np) * sizeof *parts);
    *nparts = np;
    return GRUNDY_OK;
}

uint64_t grundy__graph_move_to_number(const grundy_graph *g, int play, uint32_t node,
                                      uint32_t target)
{
    const uint32_t *num = g->num[grundy__play_numbers(play)];
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    for (uint64_t k = 0; grundy__moves_next(&it, &parts, &np); k++) {
        if (grundy__parts_value(num, parts, np) == target)
            return k;
    }
    return GRUNDY_NO_MOVE;
}
