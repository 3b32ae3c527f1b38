/* SPDX-License-Identifier: MIT */
/* Games described by rules: the handle, its settings, and what every part
 * of it shares: the error message, the memory cap, progress and the check
 * of a play.  The options a move generator gives are in game_options.c, the
 * search in game_eval.c (and, for 8-byte positions, the word engine of
 * game_word.h), sums in game_sum.c, the positions' graph in game_graph.c
 * (game.h maps them all). */
#include <stdarg.h>
#include <stdio.h>

#include "game/game.h"
#include "play/play.h"

#define MAX_POS_SIZE 65536u
#define PROGRESS_EVERY 65536u

int grundy__game_fail(grundy_game *g, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    return status;
}

/* The bytes the memo tables hold. */
static size_t memo_bytes(const grundy_game *g)
{
    size_t bytes = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        bytes += grundy__table_bytes(g->size, g->memo[p].cap);
#ifndef GRUNDY_LEAN
    bytes += grundy__word_memo_bytes(g);
#endif
    return bytes;
}

size_t grundy__game_used_bytes(const grundy_game *g)
{
    size_t bytes = memo_bytes(g) + g->opts.parts.cap + g->opts.counts.cap + g->listed.parts.cap +
                   g->listed.counts.cap + g->cap_frames * sizeof(grundy__game_frame) +
                   g->mex.bound * sizeof(uint32_t) +
                   (g->build != NULL ? grundy__game_build_bytes(g->build) : 0);
#ifndef GRUNDY_LEAN
    bytes += grundy__word_searcher_bytes(&g->searcher[0]) +
             grundy__word_searcher_bytes(&g->searcher[1]);
#endif
    return bytes;
}

int grundy__game_reserve(grundy_game *g, grundy__game_bytes *b, size_t more)
{
    if (more > SIZE_MAX - b->len)
        return GRUNDY_ELIMIT;
    size_t old = b->cap;
    if (b->len + more <= old)
        return GRUNDY_OK;
    int rc = grundy__reserve(&g->alloc, (void **)&b->p, &b->cap, b->len + more, 1);
    if (rc == GRUNDY_OK && g->limit != 0 && grundy__game_used_bytes(g) > g->limit)
        rc = GRUNDY_ELIMIT; /* keep the block; the cap is checked again next time */
    if (rc == GRUNDY_ELIMIT)
        grundy__game_fail(g, rc,
                          "memory limit of %zu bytes reached with %zu positions stored, "
                          "%zu moves deep",
                          g->limit, grundy__game_stored_count(g), g->nframes);
    return rc;
}

/* A move generator or progress callback calling back into its own game
 * would find positions on the stack as if they were values, and reuse the
 * scratch the evaluation under way holds: refused. */
int grundy__game_refuse_reentry(grundy_game *g)
{
    return grundy__game_fail(g, GRUNDY_ESTATE,
                             "called from a move generator or progress callback of the same game");
}

int grundy__game_tick(grundy_game *g)
{
    if ((++g->evaluated & g->progress_mask) == 0 && g->progress != NULL &&
        g->progress(g->progress_user, g->evaluated, 0) != 0)
        return grundy__game_fail(g, GRUNDY_ECANCELED, "canceled after %llu positions",
                                 (unsigned long long)g->evaluated);
    return GRUNDY_OK;
}

int grundy__game_memo_full(grundy_game *g, int status)
{
    if (status != GRUNDY_ELIMIT)
        return status;
    return grundy__game_fail(g, GRUNDY_ELIMIT,
                             "memory limit of %zu bytes reached with %zu positions stored",
                             g->limit, grundy__game_stored_count(g));
}

int grundy__game_check_bound(grundy_game *g)
{
    uint64_t pos;
    if (g->bound == 0)
        return GRUNDY_OK;
    memcpy(&pos, g->pos, sizeof pos);
    if (pos < g->bound)
        return GRUNDY_OK;
    return grundy__game_fail(g, GRUNDY_ERANGE, "position %llu is not below the game's bound %llu",
                             (unsigned long long)pos, (unsigned long long)g->bound);
}

int grundy__game_check_play(grundy_game *g, int play, int with_method, const char *call)
{
    const char *why = grundy__play_refusal(play, with_method);
    if (why != NULL)
        return grundy__game_fail(g, GRUNDY_EINVAL, "%s: play %#x %s", call, (unsigned)play, why);
#if GRUNDY__PLAYS_LEFT_OUT
    if (!grundy__play_kept(play))
        return grundy__play_left_out(play, call, g->errmsg, sizeof g->errmsg);
#endif
    return GRUNDY_OK;
}

static int game_new(grundy_game **out, size_t size, grundy_moves_fn moves,
                    grundy_moves_u64_fn moves_u64, void *user, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    if ((moves == NULL && moves_u64 == NULL) || size == 0 || size > MAX_POS_SIZE)
        return GRUNDY_EINVAL;
    int rc;
    grundy_game *g = (grundy_game *)grundy__handle_new(sizeof *g, alloc, &rc);
    if (g == NULL)
        return rc;
    const grundy_allocator a = g->alloc;
    g->size = size;
    g->rec = size + GRUNDY__GAME_TAIL;
    g->max_parts = SIZE_MAX / g->rec;
    g->moves = moves;
    g->moves_u64 = moves_u64;
    g->user = user;
#ifndef GRUNDY_LEAN /* which computes every game by the generic engine */
    g->word = size == sizeof(uint64_t);
    g->avx2 = grundy__wtable_avx2();
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_init(&g->words[p].big, sizeof(uint64_t));
#endif
    g->threads = 1;
    g->search_limit = GRUNDY__SEARCH_LIMIT;
    g->progress_mask = PROGRESS_EVERY - 1;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_init(&g->memo[p], size);
    g->pos = (unsigned char *)grundy__alloc_array(&a, size, 1);
    if (g->pos == NULL || grundy__mex_init(&g->mex, &a, 64) != GRUNDY_OK) {
        grundy_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

int grundy_game_new(grundy_game **out, size_t pos_size, grundy_moves_fn moves, void *user,
                    const grundy_allocator *alloc)
{
    if (moves == NULL) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_EINVAL;
    }
#if GRUNDY__WORDS_ALONE
    if (pos_size != sizeof(uint64_t)) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_ENOTSUP;
    }
#endif
    return game_new(out, pos_size, moves, NULL, user, alloc);
}

int grundy_game_new_u64(grundy_game **out, grundy_moves_u64_fn moves, void *user,
                        const grundy_allocator *alloc)
{
    if (moves == NULL) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_EINVAL;
    }
    return game_new(out, sizeof(uint64_t), NULL, moves, user, alloc);
}

int grundy_game_new_dense(grundy_game **out, uint64_t bound, grundy_moves_u64_fn moves,
                          void *user, const grundy_allocator *alloc)
{
    if (out != NULL)
        *out = NULL;
    if (moves == NULL || bound == 0 || bound > SIZE_MAX)
        return GRUNDY_EINVAL;
    int rc = game_new(out, sizeof(uint64_t), NULL, moves, user, alloc);
    if (rc == GRUNDY_OK)
        (*out)->bound = bound;
    return rc;
}

void grundy_game_free(grundy_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_free(&g->memo[p], &a);
#ifndef GRUNDY_LEAN
    grundy__word_memo_free(g);
    grundy__word_searcher_free(&g->searcher[0], &a);
    grundy__word_searcher_free(&g->searcher[1], &a);
#endif
    grundy__free(&a, g->opts.parts.p);
    grundy__free(&a, g->opts.counts.p);
    grundy__free(&a, g->listed.parts.p);
    grundy__free(&a, g->listed.counts.p);
    grundy__free(&a, g->frames);
    grundy__free(&a, g->pos);
    grundy__mex_free(&g->mex, &a);
    grundy__free(&a, g);
}

/* Whether the canonical form may change now: outside the game's own
 * callbacks, before any position is stored (memo keys are canonical). */
static int canon_settable(grundy_game *g)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    if (grundy__game_stored_count(g) != 0)
        return grundy__game_fail(g, GRUNDY_ESTATE,
                                 "the canonical form cannot change once positions are stored");
    return GRUNDY_OK;
}

int grundy_game_set_canon(grundy_game *g, grundy_canon_fn canon)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = canon_settable(g);
    if (rc == GRUNDY_OK) {
        g->canon = canon;
        g->canon_u64 = NULL;
    }
    return rc;
}

int grundy_game_set_canon_u64(grundy_game *g, grundy_canon_u64_fn canon)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->size != sizeof(uint64_t))
        return grundy__game_fail(g, GRUNDY_EINVAL,
                                 "grundy_game_set_canon_u64: positions of %zu bytes, not 8", g->size);
    int rc = canon_settable(g);
    if (rc == GRUNDY_OK) {
        g->canon = NULL;
        g->canon_u64 = canon;
    }
    return rc;
}

/* Setters from the game's own callbacks leave it as it is (grundy.h). */
void grundy_game_set_memory_limit(grundy_game *g, size_t bytes_cap)
{
    if (g != NULL && !g->inside)
        g->limit = bytes_cap;
}

void grundy_game_set_search_limit(grundy_game *g, uint64_t sums)
{
    if (g != NULL && !g->inside)
        g->search_limit = sums != 0 ? sums : GRUNDY__SEARCH_LIMIT;
}

void grundy__game_set_progress_every(grundy_game *g, uint64_t every)
{
    g->progress_mask = every - 1;
}

void grundy_game_set_threads(grundy_game *g, unsigned threads)
{
    if (g != NULL && !g->inside)
        g->threads = threads == 0 ? 1 : threads;
}

void grundy_game_set_progress(grundy_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL || g->inside)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_game_stats(const grundy_game *g, uint64_t *positions, uint64_t *nbytes)
{
    if (positions != NULL)
        *positions = g ? grundy__game_stored_count(g) : 0;
    if (nbytes != NULL)
        *nbytes = g ? memo_bytes(g) : 0;
}

const char *grundy_game_errmsg(const grundy_game *g)
{
    return g ? g->errmsg : "";
}
