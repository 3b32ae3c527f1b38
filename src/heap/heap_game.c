/* SPDX-License-Identifier: MIT */
/* Heap games: the handle, its rules, settings and messages.
 *
 * A heap game is made of one file per concern, around the handle of
 * heap_game.h (whose opening comment maps them): this one creates and
 * configures it and picks the engine that computes the rules' values. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "heap/heap_game.h"
#include "play/play.h"

#define FIRST_MASK_CHOICE 256u    /* values computed plainly before a mask is chosen */

static void lane_free(grundy__heap_lane *L, const grundy_allocator *a)
{
    grundy__mex_free(&L->mex, a);
    grundy__free(a, L->want);
    L->want = NULL;
}

/* Scratch for values below bound - 1; the wanted-value table needs twice
 * that: c, the least common value missing, is below 2 * pow2 (the mask has
 * no bit at pow2 or above, so pow2 + its lowest bit is common). */
int grundy__heap_lane_init(grundy__heap_lane *L, const grundy_allocator *a, size_t bound)
{
    grundy__heap_lane fresh;
    memset(&fresh, 0, sizeof fresh);
    if (grundy__mex_init(&fresh.mex, a, bound) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    fresh.want = (unsigned char *)grundy__calloc_array(a, 2 * bound, 1);
    if (fresh.want == NULL) {
        grundy__mex_free(&fresh.mex, a);
        return GRUNDY_ENOMEM;
    }
    fresh.work = L->work;
    lane_free(L, a);
    *L = fresh;
    return GRUNDY_OK;
}

int grundy_heap_game_new(grundy_heap_game **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    int rc;
    grundy_heap_game *g = (grundy_heap_game *)grundy__handle_new(sizeof *g, alloc, &rc);
    if (g == NULL)
        return rc;
    g->errpos = GRUNDY_NO_POS;
    g->detect = 1;
    g->pow2 = 1;
    g->next_check = 32;
    g->sparse_allowed = 1;
    g->next_choice = FIRST_MASK_CHOICE;
    g->vals.width = 1;
    g->threads = 1;
    g->misere_limit = GRUNDY__HEAP_SEARCH_LIMIT;
    if (grundy__heap_lane_init(&g->lane[0], &g->alloc, 2) != GRUNDY_OK) {
        grundy_heap_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

/* The engines, by the rules they compute.  Each call that gives rules
 * names the engines of the rules it can give, and no other call does. */
static const grundy__heap_engine subtraction_engine = {grundy__heap_sub_compute, NULL, NULL,
                                                       grundy__heap_sub_runs_free};
static const grundy__heap_engine allbut_engine = {
    grundy__heap_general_compute, grundy__heap_allbut_run, grundy__heap_check_allbut,
    grundy__heap_allbut_free};
static const grundy__heap_engine code_engine = {
    grundy__heap_general_compute, NULL, grundy__heap_check_period, NULL};
/* Grundy's game and Lasker's Nim: no theorem proves a period of the first,
 * and the second's closed form needs no proof from its values. */
static const grundy__heap_engine family_engine = {grundy__heap_general_compute, NULL, NULL, NULL};

/* The engine of parsed rules. */
static const grundy__heap_engine *engine_of(const grundy__heap_rules *r)
{
    if (r->subtraction)
        return &subtraction_engine;
    if (grundy__heap_rules_allbut(r))
        return &allbut_engine;
    return r->tail == 0 && !r->unequal ? &code_engine : &family_engine;
}

/* Makes r (which the game then owns) the game's rules, computed by engine,
 * with the list of amounts whose removal may leave two heaps, for the
 * sparse method.  On failure r is freed and the game keeps no rules. */
static int take_rules(grundy_heap_game *g, grundy__heap_rules *r,
                      const grundy__heap_engine *engine)
{
    uint32_t *split_k = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)r->ndigits,
                                                        sizeof *split_k);
    if (split_k == NULL) {
        grundy__heap_rules_free(r, &g->alloc);
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "out of memory storing the rules");
    }
    g->nsplit = 0;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        if (r->digit[k] & HEAP_LEAVE_TWO)
            split_k[g->nsplit++] = k;
    }
    g->split_k = split_k;
    g->rules = *r;
    g->has_rules = 1;
    g->engine = *engine;
    return GRUNDY_OK;
}

/* Rules are given once: a game whose values are computed keeps them. */
static int can_take_rules(grundy_heap_game *g, const char *call)
{
    if (g->reporting)
        return grundy__heap_ready(g, call);
    if (g->has_rules)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: the game has rules already (rules are "
                                 "given once; make a new game for other rules)", call);
    return GRUNDY_OK;
}

int grundy_heap_game_parse(grundy_heap_game *g, const char *name, size_t len)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (name == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_parse: the name is NULL");
    int rc = can_take_rules(g, "grundy_heap_game_parse");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    size_t pos = GRUNDY_NO_POS;
    rc = grundy__heap_rules_parse(name, len, &g->alloc, &r, &pos, g->errmsg, sizeof g->errmsg);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "out of memory reading the game's name");
    if (rc != GRUNDY_OK) {
        g->errpos = pos;
        return rc;
    }
    return take_rules(g, &r, engine_of(&r));
}

int grundy_heap_game_set_subtraction(grundy_heap_game *g, const uint32_t *set, size_t n)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (set == NULL || n == 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_set_subtraction: the set "
                                 "is %s", set == NULL ? "NULL" : "empty");
    int rc = can_take_rules(g, "grundy_heap_game_set_subtraction");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    rc = grundy__heap_rules_subtraction(set, n, &g->alloc, &r, g->errmsg, sizeof g->errmsg);
    g->errpos = GRUNDY_NO_POS;
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "out of memory storing the subtraction set");
    if (rc != GRUNDY_OK)
        return rc;
    return take_rules(g, &r, &subtraction_engine);
}

int grundy_heap_game_set_family(grundy_heap_game *g, int family)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (family != GRUNDY_HEAP_GRUNDY && family != GRUNDY_HEAP_LASKER)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_set_family: %d is not a "
                                 "family (GRUNDY_HEAP_GRUNDY or GRUNDY_HEAP_LASKER)", family);
    int rc = can_take_rules(g, "grundy_heap_game_set_family");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    if (grundy__heap_rules_family(family, &g->alloc, &r) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "out of memory storing the rules");
    return take_rules(g, &r, &family_engine);
}

int grundy__heap_fail(grundy_heap_game *g, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    g->errpos = GRUNDY_NO_POS;
    return rc;
}

int grundy__heap_ready(grundy_heap_game *g, const char *call)
{
    if (g->reporting)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: called from the game's own progress "
                                 "callback", call);
    if (!g->has_rules)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: the game has no rules yet (give them "
                                 "with grundy_heap_game_parse, "
                                 "grundy_heap_game_set_subtraction or "
                                 "grundy_heap_game_set_family)", call);
    return GRUNDY_OK;
}

int grundy__heap_ready_play(grundy_heap_game *g, int play, const char *call)
{
    const char *why = grundy__play_refusal(play, 1);
    if (why != NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: play %d %s", call, play, why);
    int base = grundy__play_base(play);
    if (base != GRUNDY_PLAY_NORMAL && base != GRUNDY_PLAY_MISERE)
        return grundy__heap_fail(g, GRUNDY_ENOTSUP, "%s: heap games are computed under normal "
                                 "play (GRUNDY_PLAY_NORMAL) and misère play "
                                 "(GRUNDY_PLAY_MISERE) in this version, not %s", call,
                                 grundy__play_name(play));
#ifdef GRUNDY_NO_MISERE_PLAY
    if (base == GRUNDY_PLAY_MISERE) {
        g->errpos = GRUNDY_NO_POS;
        return grundy__play_left_out(play, call, g->errmsg, sizeof g->errmsg);
    }
#endif
    return grundy__heap_ready(g, call);
}

const char *grundy_heap_game_errmsg(const grundy_heap_game *g)
{
    return g != NULL ? g->errmsg : "";
}

size_t grundy_heap_game_errpos(const grundy_heap_game *g)
{
    return g != NULL ? g->errpos : GRUNDY_NO_POS;
}

void grundy_heap_game_free(grundy_heap_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    if (g->engine.free != NULL)
        g->engine.free(g);
    grundy__heap_rules_free(&g->rules, &a);
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++)
        lane_free(&g->lane[i], &a);
    grundy__values_free(&g->vals, &a);
    grundy__free(&a, g->rare);
    grundy__free(&a, g->split_k);
    grundy__free(&a, g->hist);
    grundy__heap_misere_free(g);
    grundy__free(&a, g);
}

void grundy_heap_game_set_progress(grundy_heap_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL || g->reporting)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_heap_game_set_threads(grundy_heap_game *g, unsigned threads)
{
    if (g != NULL && !g->reporting)
        g->threads = threads == 0 ? 1 : threads > GRUNDY__HEAP_LANES ? GRUNDY__HEAP_LANES : threads;
}

void grundy_heap_game_set_sparse(grundy_heap_game *g, int on)
{
    if (g == NULL || g->reporting)
        return;
    g->sparse_allowed = on != 0;
    if (!g->sparse_allowed)
        g->sparse_active = 0;
    else
        g->next_choice = g->vals.n; /* choose a mask at the next value */
}

void grundy_heap_game_set_memory_limit(grundy_heap_game *g, size_t bytes)
{
    if (g != NULL && !g->reporting)
        g->limit = bytes;
}

void grundy_heap_game_set_period_detection(grundy_heap_game *g, int on)
{
    if (g != NULL && !g->reporting)
        g->detect = on != 0;
}

uint64_t grundy_heap_game_computed(const grundy_heap_game *g)
{
    return g == NULL ? 0 : g->runs != NULL ? g->runs_known : g->vals.n;
}
