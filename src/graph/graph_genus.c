/* SPDX-License-Identifier: MIT */
/* Conway's genus symbols and tame positions (ONAG ch. 12).
 *
 * gamma_n(x) is the misère Grundy value of x + n copies of *2.  Moving in a
 * *2 leaves *1 or nothing, so the states are x + a*2 + b*1 with a + b <= L:
 * from there one can move in x, turn a *2 into *1 or 0, or take a *1.  Every
 * option has a smaller (x, a, b) in the order "x's followers first, then a,
 * then b", so one pass over the nodes in postorder fills the table, and
 * gamma_n(x) is the entry (x, n, 0).
 *
 * A position is tame when it and every position it reaches have genus
 * 0^(1202...), 1^(0313...) or a^(a, a^2, a, a^2, ...); which kind the terms
 * show, and misère Nim's rule for sums of tame positions, are shared with
 * heap games (play/genus.h). */
#include "graph/graph.h"
#include "play/genus.h"

#define L GRUNDY__GENUS_L
#define STATES ((L + 1) * (L + 2) / 2)

/* Index of state (a, b), a + b <= L: row a holds L + 1 - a entries. */
static size_t state(size_t a, size_t b)
{
    return a * (L + 1) - a * (a - 1) / 2 + b;
}

static uint32_t *row(uint32_t *f, uint32_t x)
{
    return f + (size_t)x * STATES;
}

static void fill_node(const grundy_graph *g, uint32_t *f, uint32_t x, grundy__mex *mex)
{
    uint32_t *fx = row(f, x);
    int terminal = g->off[x + 1] == g->off[x];
    for (size_t a = 0; a <= L; a++) {
        for (size_t b = 0; a + b <= L; b++) {
            if (terminal && a == 0 && b == 0) {
                fx[state(0, 0)] = 1; /* no move: the player to move has won */
                continue;
            }
            grundy__mex_begin(mex);
            for (uint64_t k = g->off[x]; k < g->off[x + 1]; k++)
                grundy__mex_add(mex, row(f, g->tok[k])[state(a, b)]);
            if (a > 0) {
                grundy__mex_add(mex, fx[state(a - 1, b + 1)]);
                grundy__mex_add(mex, fx[state(a - 1, b)]);
            }
            if (b > 0)
                grundy__mex_add(mex, fx[state(a, b - 1)]);
            fx[state(a, b)] = grundy__mex_end(mex);
        }
    }
}

static int compute(grundy_graph *g)
{
    if (g->genus != NULL)
        return GRUNDY_OK;
    int rc = grundy__graph_solve_acyclic(g, GRUNDY_PLAY_NORMAL);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_require_no_splits(g, "genus symbols need moves to single positions");
    if (rc != GRUNDY_OK)
        return rc;
    const grundy_allocator *al = &g->alloc;
    uint32_t *order = (uint32_t *)grundy__alloc_array(al, g->n, sizeof *order);
    uint32_t *f = (uint32_t *)grundy__alloc_array(al, (size_t)g->n, STATES * sizeof *f);
    uint32_t *genus = (uint32_t *)grundy__alloc_array(al, (size_t)g->n, (L + 1) * sizeof *genus);
    unsigned char *tame = (unsigned char *)grundy__alloc_array(al, g->n, 1);
    grundy__mex mex = {NULL, 0, 0};
    rc = order && f && genus && tame ? GRUNDY_OK : GRUNDY_ENOMEM;
    if (rc == GRUNDY_OK)
        rc = grundy__mex_init(&mex, al, (size_t)g->max_degree + 4);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_postorder(g, order);
    for (uint32_t i = 0; rc == GRUNDY_OK && i < g->n; i++) {
        uint32_t x = order[i];
        fill_node(g, f, x, &mex);
        uint32_t *gx = genus + (size_t)x * (L + 1);
        for (size_t n = 0; n <= L; n++)
            gx[n] = row(f, x)[state(n, 0)];
        int kind = grundy__genus_kind(gx, g->num[GRUNDY_PLAY_NORMAL][x]);
        for (uint64_t k = g->off[x]; kind != GRUNDY__NOT_TAME && k < g->off[x + 1]; k++) {
            if (tame[g->tok[k]] == GRUNDY__NOT_TAME)
                kind = GRUNDY__NOT_TAME;
        }
        tame[x] = (unsigned char)kind;
    }
    grundy__mex_free(&mex, al);
    grundy__free(al, order);
    grundy__free(al, f);
    if (rc == GRUNDY_OK) {
        g->genus = genus;
        g->tame = tame;
    } else {
        grundy__free(al, genus);
        grundy__free(al, tame);
    }
    return rc;
}

int grundy_graph_genus(grundy_graph *g, uint32_t node, uint32_t *gamma, size_t cap, int *tame)
{
    if (tame != NULL)
        *tame = 0;
    if (g == NULL || (gamma == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (node >= g->n)
        return grundy__graph_fail(g, GRUNDY_ERANGE, "node %u out of range (n = %u)", node, g->n);
    rc = compute(g);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *gx = g->genus + (size_t)node * (L + 1);
    for (size_t n = 0; n < cap && n <= L; n++)
        gamma[n] = gx[n];
    if (tame != NULL)
        *tame = g->tame[node] != GRUNDY__NOT_TAME;
    return GRUNDY_OK;
}

int grundy__graph_find_wild(grundy_graph *g, const uint32_t *nodes, size_t n, size_t *wild)
{
    int rc = compute(g);
    size_t i = 0;
    while (rc == GRUNDY_OK && i < n && g->tame[nodes[i]] != GRUNDY__NOT_TAME)
        i++;
    *wild = i;
    return rc;
}

/* Misère Nim's rule on tame components: with a big one, P iff the xor of
 * the values is 0; with only small ones (heaps of 0 and 1), P iff it is 1. */
int grundy__graph_tame_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t x = 0;
    int big = 0;
    for (size_t i = 0; i < n; i++) {
        big |= g->tame[nodes[i]] == GRUNDY__TAME_BIG;
        x ^= g->num[GRUNDY_PLAY_NORMAL][nodes[i]];
    }
    return grundy__genus_tame_value(x, big) != 0 ? GRUNDY_N : GRUNDY_P;
}
