/* SPDX-License-Identifier: MIT */
/* Misère sums of graph positions, by memoized search over the sum.
 *
 * Misère play has no Sprague-Grundy theory: the outcome of a sum is not a
 * function of its components' outcomes.  So the sum itself is the position:
 * a multiset of component nodes, kept sorted so that equal parts share one
 * memo entry, with terminal components dropped (no one can move there).  The
 * search runs on the rule-defined game engine.  Misère becomes normal play by
 * one extra rule: a sum with no move left has one move, to the finished game,
 * so it is an N-position (the player to move has won).
 *
 * A position needs a fixed size: K slots, where K is the most components the
 * sum can ever split into (the internal "width" play, computed per node), and
 * unused slots hold EMPTY_SLOT, which sorts last.
 *
 * Graphs' own calls search without a cap; a game given by rules, which asks
 * a graph of its positions, caps the sums a call lists and the memo's
 * memory (grundy__graph_set_misere_limit). */
#include <stdlib.h>
#include <string.h>

#include "graph/graph.h"

#define EMPTY_SLOT UINT32_MAX
#define MAX_SLOTS 1024u

/* The memo game's progress, passed on to the graph's callback. */
static int report(void *user, uint64_t done, uint64_t total)
{
    return grundy__graph_report((grundy_graph *)user, done, total);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void canon(void *user, void *pos)
{
    const grundy_graph *g = (const grundy_graph *)user;
    qsort(pos, g->misere_slots, sizeof(uint32_t), cmp_u32);
}

static int is_terminal(const grundy_graph *g, uint32_t u)
{
    return g->off[u + 1] == g->off[u];
}

/* Writes into out the sum pos with slot i replaced by the given parts
 * (terminal parts dropped).  Returns 0 if it would not fit. */
static int replace(const grundy_graph *g, const uint32_t *pos, uint32_t i, const uint32_t *parts,
                   uint32_t np, uint32_t *out)
{
    uint32_t k = 0, slots = g->misere_slots;
    for (uint32_t j = 0; j < slots && pos[j] != EMPTY_SLOT; j++) {
        if (j != i)
            out[k++] = pos[j];
    }
    for (uint32_t j = 0; j < np; j++) {
        if (is_terminal(g, parts[j]))
            continue;
        if (k == slots)
            return 0;
        out[k++] = parts[j];
    }
    while (k < slots)
        out[k++] = EMPTY_SLOT;
    return 1;
}

static int sum_moves(void *user, const void *position, grundy_options *out)
{
    grundy_graph *g = (grundy_graph *)user;
    const uint32_t *pos = (const uint32_t *)position;
    uint32_t *next = g->misere_scratch;
    int moved = 0;
    for (uint32_t i = 0; i < g->misere_slots && pos[i] != EMPTY_SLOT; i++) {
        if (i > 0 && pos[i] == pos[i - 1])
            continue; /* moving in an equal component gives the same sums */
        grundy__moves it = grundy__moves_of(g, pos[i]);
        const uint32_t *parts;
        uint32_t np;
        while (grundy__moves_next(&it, &parts, &np)) {
            if (!replace(g, pos, i, parts, np, next))
                return GRUNDY_ELIMIT;
            if (g->misere_sums != 0 && g->misere_work >= g->misere_sums) {
                g->misere_full = 1;
                return GRUNDY_ELIMIT;
            }
            g->misere_work++;
            int rc = grundy_options_add(out, next, 1);
            if (rc != GRUNDY_OK)
                return rc;
            moved = 1;
        }
    }
    return moved ? 0 : grundy_options_add(out, NULL, 0);
}

/* Makes g->misere a memo for sums of up to `slots` components. */
static int prepare(grundy_graph *g, uint64_t slots)
{
    if (slots > MAX_SLOTS)
        return grundy__graph_fail(g, GRUNDY_ELIMIT,
                                  "this misère sum can split into %llu components; the search supports %u",
                                  (unsigned long long)slots, MAX_SLOTS);
    if (slots == 0)
        slots = 1;
    if (g->misere != NULL && g->misere_slots >= slots)
        return GRUNDY_OK;
    grundy_game_free(g->misere);
    g->misere = NULL;
    grundy__free(&g->alloc, g->misere_scratch);
    g->misere_scratch = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)slots, sizeof(uint32_t));
    if (g->misere_scratch == NULL)
        return GRUNDY_ENOMEM;
    g->misere_slots = (uint32_t)slots;
    int rc = grundy_game_new(&g->misere, (size_t)slots * sizeof(uint32_t), sum_moves, g, &g->alloc);
    if (rc == GRUNDY_OK)
        rc = grundy_game_set_canon(g->misere, canon);
    if (rc == GRUNDY_OK)
        grundy_game_set_memory_limit(g->misere, g->misere_limit);
    return rc;
}

void grundy__graph_set_misere_limit(grundy_graph *g, size_t bytes, uint64_t sums)
{
    g->misere_limit = bytes;
    g->misere_sums = sums;
    if (g->misere != NULL)
        grundy_game_set_memory_limit(g->misere, bytes);
}

/* Loads the sum of nodes into pos (g->misere_slots entries, sorted). */
static void load(const grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *pos)
{
    uint32_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!is_terminal(g, nodes[i]))
            pos[k++] = nodes[i];
    }
    while (k < g->misere_slots)
        pos[k++] = EMPTY_SLOT;
    qsort(pos, g->misere_slots, sizeof *pos, cmp_u32);
}

/* Solves what the search needs and sizes the memo for these components. */
static int begin(grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t **pos)
{
    int rc = grundy__graph_solve_acyclic(g, GRUNDY__PLAY_WIDTH);
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t slots = 0;
    for (size_t i = 0; i < n; i++)
        slots += g->num[GRUNDY__PLAY_WIDTH][nodes[i]];
    rc = prepare(g, slots);
    if (rc != GRUNDY_OK)
        return rc;
    g->misere_work = 0; /* a new call: its own count */
    g->misere_full = 0;
    /* The search can run long: it reports to, and stops for, the graph's callback. */
    grundy_game_set_progress(g->misere, g->progress != NULL ? report : NULL, g);
    *pos = (uint32_t *)grundy__alloc_array(&g->alloc, g->misere_slots, sizeof **pos);
    return *pos ? GRUNDY_OK : GRUNDY_ENOMEM;
}

static int value_of(grundy_graph *g, const uint32_t *pos, uint32_t *value)
{
    int rc = grundy_game_value(g->misere, GRUNDY_PLAY_NORMAL, pos, value);
    if (rc == GRUNDY_ELIMIT && !g->misere_full)
        g->misere_full = 2; /* the memo at its memory cap: the generator's lists fit */
    if (rc != GRUNDY_OK && rc != GRUNDY_ENOMEM)
        grundy__graph_fail(g, rc, "misère search: %s", grundy_game_errmsg(g->misere));
    return rc;
}

int grundy__graph_misere_outcome(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t *pos = NULL, v = 0;
    int rc = begin(g, nodes, n, &pos);
    if (rc == GRUNDY_OK) {
        load(g, nodes, n, pos);
        rc = value_of(g, pos, &v);
    }
    grundy__free(&g->alloc, pos);
    return rc != GRUNDY_OK ? rc : v ? GRUNDY_N : GRUNDY_P;
}

/* The slot of pos holding node u (u is in it: it is a non-terminal component). */
static uint32_t slot_of(const grundy_graph *g, const uint32_t *pos, uint32_t u)
{
    uint32_t j = 0;
    while (j + 1 < g->misere_slots && pos[j] != u)
        j++;
    return j;
}

/* Tries every move of every component: a move whose sum has misère value 0
 * (normal value 0 of the transformed game) leaves the opponent lost.  Equal
 * components are equal slots, so either one's moves give the same sums. */
static int each_win(grundy_graph *g, const uint32_t *nodes, size_t n, const uint32_t *pos,
                    uint32_t *next, grundy__wins *w)
{
    int rc = GRUNDY_OK, stop = 0;
    for (size_t c = 0; rc == GRUNDY_OK && !stop && c < n; c++) {
        uint32_t i = slot_of(g, pos, nodes[c]), v;
        grundy__moves it = grundy__moves_of(g, nodes[c]);
        const uint32_t *parts;
        uint32_t np;
        for (uint64_t k = 0; rc == GRUNDY_OK && !stop && grundy__moves_next(&it, &parts, &np); k++) {
            replace(g, pos, i, parts, np, next); /* fits: the memo is sized for it */
            rc = value_of(g, next, &v);
            if (rc == GRUNDY_OK && v == 0)
                stop = grundy__wins_add(w, c, k);
        }
    }
    return rc;
}

int grundy__graph_misere_wins(grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w)
{
    uint32_t *pos = NULL, *next = NULL;
    int rc = begin(g, nodes, n, &pos);
    if (rc == GRUNDY_OK) {
        next = (uint32_t *)grundy__alloc_array(&g->alloc, g->misere_slots, sizeof *next);
        rc = next ? GRUNDY_OK : GRUNDY_ENOMEM;
    }
    if (rc == GRUNDY_OK) {
        load(g, nodes, n, pos);
        rc = each_win(g, nodes, n, pos, next, w);
    }
    grundy__free(&g->alloc, pos);
    grundy__free(&g->alloc, next);
    return rc;
}
