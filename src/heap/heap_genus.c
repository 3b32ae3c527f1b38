/* SPDX-License-Identifier: MIT */
/* Heap games: Conway's genus of a heap, and whether a game is tame.
 *
 * gamma_n(h) is the misère value of the heap plus n Nim heaps of two: the
 * misère search of heap_misere.c, with n twos in its Nim part (ONAG ch. 12;
 * Winning Ways ch. 13).  A position is tame when it and every position it
 * reaches have a tame genus (play/genus.h), as graphs define it.
 *
 * The positions a heap reaches are sums of heaps, and every heap in such a
 * sum is reachable alone (the others can be played to their end, and heaps
 * with no move drop out of a sum).  Sums of tame games are tame (ONAG
 * ch. 12), so a heap is tame exactly when its own genus is tame and every
 * heap its moves leave is tame: one pass upward over the heaps, whose moves
 * leave smaller heaps, fills the table. */
#include "heap/heap_game.h"
#include "play/genus.h"

#define TERMS GRUNDY_GENUS_TERMS

/* 1 at the first part that is not tame: a heap leaving one is not tame. */
static int wild_part(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    const grundy__heap_misere *m = (const grundy__heap_misere *)ctx;
    (void)k;
    for (size_t i = 0; i < nparts; i++) {
        if (m->tame[parts[i]] == GRUNDY__NOT_TAME)
            return 1;
    }
    return 0;
}

/* Room for the terms and kind of one more heap. */
static int room(grundy_heap_game *g, const char *call)
{
    size_t need = g->mis->ngenus + 1;
    if (grundy__reserve(&g->alloc, (void **)&g->mis->genus, &g->mis->cap_genus, need * TERMS,
                        sizeof *g->mis->genus) != GRUNDY_OK ||
        grundy__reserve(&g->alloc, (void **)&g->mis->tame, &g->mis->cap_tame, need, 1) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory storing genus terms", call);
    return GRUNDY_OK;
}

/* The genus terms and tame kind of heap ngenus, the heaps below known. */
static int genus_next(grundy_heap_game *g, const char *call)
{
    uint64_t h = g->mis->ngenus;
    int rc = room(g, call);
    uint32_t *gamma = g->mis->genus + (size_t)h * TERMS;
    for (unsigned n = 0; rc == GRUNDY_OK && n < TERMS; n++)
        rc = grundy__heap_misere_search(g, &h, 1, n, &gamma[n], call);
    if (rc != GRUNDY_OK)
        return rc;
    int kind = grundy__genus_kind(gamma, grundy__heap_known_value(g, h));
    if (kind != GRUNDY__NOT_TAME && grundy__heap_each_move(&g->rules, h, wild_part, g->mis))
        kind = GRUNDY__NOT_TAME;
    g->mis->tame[h] = (unsigned char)kind;
    g->mis->ngenus++;
    return GRUNDY_OK;
}

int grundy__heap_genus_upto(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                            const char *call)
{
    int rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK && heap >= g->mis->ngenus) {
        rc = grundy__heap_misere_check_heap(g, heap, call);
        if (rc == GRUNDY_OK)
            rc = grundy__heap_ensure(g, heap);
    }
    int wild = 0;
    while (rc == GRUNDY_OK && heap >= g->mis->ngenus && !wild) {
        rc = genus_next(g, call);
        wild = rc == GRUNDY_OK && stop_wild && g->mis->tame[g->mis->ngenus - 1] == GRUNDY__NOT_TAME;
    }
    *known = g->mis != NULL ? g->mis->ngenus : 0;
    return rc;
}

/* What both public calls do: check, then the genus of every heap up to
 * heap (stopping at the first wild one if stop_wild); *known as
 * grundy__heap_genus_upto gives it. */
static int genus_call(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                      const char *call)
{
    int rc = grundy__heap_ready(g, call);
    return rc != GRUNDY_OK ? rc : grundy__heap_genus_upto(g, heap, stop_wild, known, call);
}

int grundy_heap_game_genus(grundy_heap_game *g, uint64_t heap, uint32_t *gamma, size_t cap,
                           int *tame)
{
    static const char call[] = "grundy_heap_game_genus";
    if (tame != NULL)
        *tame = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (gamma == NULL && cap > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: gamma is NULL", call);
    uint64_t known;
    int rc = genus_call(g, heap, 0, &known, call);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *terms = g->mis->genus + (size_t)heap * TERMS;
    for (size_t n = 0; n < cap && n < TERMS; n++)
        gamma[n] = terms[n];
    if (tame != NULL)
        *tame = g->mis->tame[heap] != GRUNDY__NOT_TAME;
    return GRUNDY_OK;
}

int grundy_heap_game_tame(grundy_heap_game *g, uint64_t max)
{
    static const char call[] = "grundy_heap_game_tame";
    if (g == NULL)
        return GRUNDY_EINVAL;
    uint64_t known;
    int rc = genus_call(g, max, 1, &known, call);
    if (rc != GRUNDY_OK)
        return rc;
    for (uint64_t h = 0; h <= max && h < known; h++) {
        if (g->mis->tame[h] == GRUNDY__NOT_TAME)
            return 0;
    }
    return 1;
}
