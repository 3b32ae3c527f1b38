/* SPDX-License-Identifier: MIT */
/* Nim and its closest relatives, by their closed forms.  A winning move
 * writes, for each heap, the tokens to take or GRUNDY_NO_MOVE. */
#include "core/sum.h"
#include "nim/nim_play.h"

/* Every entry GRUNDY_NO_MOVE, then the one move of a sum, if any, in
 * component c: take = value - target (the Nim move on the component's
 * value, which the closed forms below turn into tokens one for one). */
static int one_move(const void *ctx, size_t n, grundy__value_at_fn value_at, uint64_t *moves)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    size_t c;
    uint64_t target;
    if (!grundy__sum_move(ctx, n, value_at, &c, &target))
        return 0;
    moves[c] = value_at(ctx, c) - target;
    return moves[c] == GRUNDY_NO_MOVE ? GRUNDY_ERANGE : 1; /* all of 2^64 - 1 tokens */
}

/* ---- Nim, normal and misère -------------------------------------------- */

/* What decides a Nim position: the xor, and for misère play whether any
 * heap has two or more tokens. */
typedef struct nim_position {
    const uint64_t *heaps;
    int misere;
    uint64_t x;        /* the xor of the heaps */
    size_t ones, big;  /* heaps of exactly one token; of two or more */
} nim_position;

static nim_position survey(int play, const uint64_t *heaps, size_t n)
{
    nim_position p = {heaps, play == GRUNDY_PLAY_MISERE, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        p.x ^= heaps[i];
        p.ones += (size_t)(heaps[i] == 1);
        p.big += (size_t)(heaps[i] >= 2);
    }
    return p;
}

/* The tokens to take from heap i to win: 1 with *take set, 0 if heap i has
 * no winning move, GRUNDY_ERANGE if the move takes a whole heap of 2^64 - 1
 * tokens (it would read as GRUNDY_NO_MOVE).  Normal play leaves the heap at
 * h ^ x.  Misère play is Nim's while a heap of two or more stays after the
 * move, that is while another heap has two or more; otherwise the move
 * leaves only heaps of 0 or 1 token and wins by leaving an odd number of
 * ones (the opponent takes the last).  Either way one size is left, so a
 * heap has at most one winning move. */
static int winning_take(const nim_position *p, size_t i, uint64_t *take)
{
    uint64_t h = p->heaps[i];
    size_t big_others = p->big - (size_t)(h >= 2);
    uint64_t left = h ^ p->x;
    if (p->misere && big_others == 0)
        left = (p->ones - (size_t)(h == 1)) % 2 == 0 ? 1 : 0;
    if (left >= h)
        return 0;
    *take = h - left;
    return *take == GRUNDY_NO_MOVE ? GRUNDY_ERANGE : 1;
}

int grundy_nim_sum_value(int play, const uint64_t *heaps, size_t n, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    *value = survey(play, heaps, n).x;
    return GRUNDY_OK;
}

int grundy_nim_sum_outcome(int play, const uint64_t *heaps, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if (heaps == NULL && n > 0)
        return GRUNDY_EINVAL;
    nim_position p = survey(play, heaps, n);
    if (p.misere && p.big == 0) /* no tokens at all: the player to move has won */
        return p.ones % 2 == 0 ? GRUNDY_N : GRUNDY_P;
    return p.x != 0 ? GRUNDY_N : GRUNDY_P;
}

int grundy_nim_sum_winning_move(int play, const uint64_t *heaps, size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL || moves == NULL) && n > 0)
        return GRUNDY_EINVAL;
    nim_position p = survey(play, heaps, n);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    for (size_t i = 0; i < n && found == 0; i++)
        found = winning_take(&p, i, &moves[i]);
    return found;
}

int grundy_nim_sum_winning_moves(int play, const uint64_t *heaps, size_t n, size_t *components,
                                 uint64_t *moves, size_t cap, size_t *count)
{
    if (count != NULL)
        *count = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && n > 0) || (moves == NULL && cap > 0) || count == NULL)
        return GRUNDY_EINVAL;
    nim_position p = survey(play, heaps, n);
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t take;
        rc = winning_take(&p, i, &take);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        if (found < cap) {
            if (components != NULL)
                components[found] = i;
            moves[found] = take;
        }
        found++;
    }
    *count = found;
    return GRUNDY_OK;
}

/* ---- Bounded Nim ----------------------------------------------------------- */

typedef struct bounded_heaps {
    const uint64_t *heaps;
    uint64_t max_take;
} bounded_heaps;

/* A move takes 1 to max_take: the value is the heap mod max_take + 1. */
static uint64_t bounded_of(uint64_t heap, uint64_t max_take)
{
    return max_take == UINT64_MAX ? heap : heap % (max_take + 1);
}

static uint64_t bounded_value(const void *ctx, size_t i)
{
    const bounded_heaps *b = (const bounded_heaps *)ctx;
    return bounded_of(b->heaps[i], b->max_take);
}

/* The checks of the bounded Nim calls. */
static int bounded_args(uint64_t max_take, int play, const void *p, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    return max_take == 0 || (p == NULL && n > 0) ? GRUNDY_EINVAL : GRUNDY_OK;
}

int grundy_bounded_nim_value(uint64_t max_take, int play, uint64_t heap, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = bounded_args(max_take, play, value, 1);
    if (rc == GRUNDY_OK)
        *value = bounded_of(heap, max_take);
    return rc;
}

int grundy_bounded_nim_sum_outcome(uint64_t max_take, int play, const uint64_t *heaps, size_t n)
{
    int rc = bounded_args(max_take, play, heaps, n);
    if (rc != GRUNDY_OK)
        return rc;
    bounded_heaps b = {heaps, max_take};
    size_t c;
    uint64_t target;
    return grundy__sum_move(&b, n, bounded_value, &c, &target) ? GRUNDY_N : GRUNDY_P;
}

int grundy_bounded_nim_sum_winning_move(uint64_t max_take, int play, const uint64_t *heaps,
                                        size_t n, uint64_t *moves)
{
    int rc = bounded_args(max_take, play, heaps, n);
    if (rc == GRUNDY_OK && moves == NULL && n > 0)
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    /* Lowering a value v to the target takes v - target <= max_take tokens. */
    bounded_heaps b = {heaps, max_take};
    return one_move(&b, n, bounded_value, moves);
}

/* ---- Staircase Nim ----------------------------------------------------------- */

/* Even steps (the floor included) count as value 0. */
static uint64_t staircase_value(const void *ctx, size_t i)
{
    return i % 2 == 1 ? ((const uint64_t *)ctx)[i] : 0;
}

int grundy_staircase_nim_outcome(int play, const uint64_t *steps, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if (steps == NULL && n > 0)
        return GRUNDY_EINVAL;
    size_t c;
    uint64_t target;
    return grundy__sum_move(steps, n, staircase_value, &c, &target) ? GRUNDY_N : GRUNDY_P;
}

int grundy_staircase_nim_winning_move(int play, const uint64_t *steps, size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if ((steps == NULL || moves == NULL) && n > 0)
        return GRUNDY_EINVAL;
    return one_move(steps, n, staircase_value, moves);
}
