/* SPDX-License-Identifier: MIT */
/* Games described by rules: sums, and winning moves in them.
 *
 * Normal play answers from the memo tables: the value of a sum is the xor
 * of its components' values, and a winning move brings one component to
 * the value that makes the xor 0 (the one sum routine, core/sum.h), found
 * among the options the generator lists for the component as given.  WTIA,
 * conjunctive, continued and shortened sums are decided by their
 * components' numbers, from the memo tables too.  Everything else is asked
 * of the graph of the positions the sum reaches (game_graph.c): misère and
 * loopy sums, which no number decides; selective sums, whose graph refuses
 * split options that normal values (their numbers) allow; and the winning
 * moves of every play but normal. */
#include "core/sum.h"
#include "game/game.h"
#include "play/compound.h"

static const unsigned char *component(const grundy_game *g, const void *positions, size_t i)
{
    return (const unsigned char *)positions + i * g->size;
}

/* Evaluates the n positions under play (any but loopy), which leaves g->play
 * set to it for component_number. */
static int evaluate_all(grundy_game *g, int play, const void *positions, size_t n)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    g->inside = 1;
    g->play = play;
    int rc = GRUNDY_OK;
    for (size_t i = 0; i < n && rc == GRUNDY_OK; i++) {
        uint32_t v;
        grundy__game_load(g, component(g, positions, i));
        rc = grundy__game_evaluate(g, play, &v);
    }
    g->inside = 0;
    return rc;
}

typedef struct game_positions {
    grundy_game *game;
    const void *positions;
} game_positions;

/* Component i's number under g->play: every component was evaluated, so
 * the lookup hits. */
static uint64_t component_number(const void *ctx, size_t i)
{
    const game_positions *gp = (const game_positions *)ctx;
    grundy_game *g = gp->game;
    grundy__game_load(g, component(g, gp->positions, i));
#ifndef GRUNDY_LEAN
    uint32_t v;
    if (GRUNDY__WORDS_ALONE || g->word)
        return grundy__word_known(g, g->play, &v) ? v : 0;
#endif
#if !GRUNDY__WORDS_ALONE
    return grundy__game_number_of(grundy__table_get(grundy__game_memo(g), g->pos));
#endif
}

/* The normal value of the listed option whose first part is at parts
 * offset off. */
static int listed_value(grundy_game *g, size_t off, uint32_t nparts, uint32_t *value)
{
    uint32_t x = 0;
    for (uint32_t i = 0; i < nparts; i++) {
        uint32_t v;
        grundy__game_load(g, g->listed.parts.p + off + (size_t)i * g->rec);
        int rc = grundy__game_evaluate(g, GRUNDY_PLAY_NORMAL, &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    *value = x;
    return GRUNDY_OK;
}

/* The moves of pos (as given) to an option of normal value target, in
 * order: the first `cap` into ks, and how many there are into *count,
 * stopping at the first when `first`.  The caller has set g->inside. */
static int moves_to_value(grundy_game *g, const void *pos, uint32_t target, uint64_t *ks,
                          size_t cap, int first, size_t *count)
{
    int rc = grundy__game_list(g, pos, 0);
    grundy__game_walk w = {0, 0};
    size_t off, found = 0;
    uint32_t np;
    for (uint64_t k = 0; rc == GRUNDY_OK && grundy__game_next_listed(g, &w, &off, &np); k++) {
        uint32_t v;
        rc = listed_value(g, off, np, &v);
        if (rc != GRUNDY_OK || v != target)
            continue;
        if (found < cap)
            ks[found] = k;
        if (++found == 1 && first)
            break;
    }
    *count = found;
    return rc;
}

static void no_moves(uint64_t *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
}

/* A winning move of a normal-play sum whose components are evaluated. */
static int normal_move(grundy_game *g, const void *positions, size_t n, uint64_t *moves)
{
    game_positions gp = {g, positions};
    size_t c, found = 0;
    uint64_t target;
    no_moves(moves, n);
    if (!grundy__sum_move(&gp, n, component_number, &c, &target))
        return 0;
    g->inside = 1;
    int rc = moves_to_value(g, component(g, positions, c), (uint32_t)target, &moves[c], 1, 1,
                            &found);
    g->inside = 0;
    if (rc == GRUNDY_OK && found == 0)
        rc = grundy__game_fail(g, GRUNDY_EINVAL, "component %zu: the move generator gave "
                               "different options for the same position", c);
    return rc != GRUNDY_OK ? rc : 1;
}

/* Every winning move of a normal-play sum whose components are evaluated:
 * in each component, the moves to the value that makes the xor 0. */
static int normal_moves(grundy_game *g, const void *positions, size_t n, size_t *components,
                        uint64_t *moves, size_t cap, size_t *count)
{
    game_positions gp = {g, positions};
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= component_number(&gp, i);
    size_t total = 0;
    int rc = GRUNDY_OK;
    g->inside = 1;
    for (size_t i = 0; i < n && s != 0 && rc == GRUNDY_OK; i++) {
        size_t room = cap > total ? cap - total : 0, found = 0;
        uint64_t target = component_number(&gp, i) ^ s;
        rc = moves_to_value(g, component(g, positions, i), (uint32_t)target,
                            room ? moves + total : NULL, room, 0, &found);
        for (size_t j = total; components != NULL && j < total + found && j < cap; j++)
            components[j] = i;
        total += found;
    }
    g->inside = 0;
    if (rc == GRUNDY_OK)
        *count = total;
    return rc;
}

int grundy_game_sum_value(grundy_game *g, int play, const void *positions, size_t n,
                          uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL || (positions == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 0, "the value of a sum");
    if (rc == GRUNDY_OK && play != GRUNDY_PLAY_NORMAL)
        rc = grundy__game_fail(g, GRUNDY_ENOTSUP,
                               "a sum has a value under normal play only; under %s it has an "
                               "outcome (grundy_game_sum_outcome)", grundy__play_name(play));
    if (rc == GRUNDY_OK)
        rc = evaluate_all(g, play, positions, n);
    if (rc != GRUNDY_OK)
        return rc;
    game_positions gp = {g, positions};
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++)
        x ^= component_number(&gp, i);
    *value = (uint32_t)x;
    return GRUNDY_OK;
}

/* The questions only graphs answer (game_graph.c): the outcomes of sums
 * under misère, loopy and selective play, and winning moves under every
 * play but normal play. */
#if GRUNDY__GRAPH_PLAYS
/* Whether the memo tables decide sums of play by their numbers (see the top). */
static int decided_by_numbers(int play)
{
    return play == GRUNDY_PLAY_NORMAL || play == GRUNDY_PLAY_WTIA ||
           play == GRUNDY_PLAY_CONJUNCTIVE || play == GRUNDY_PLAY_CONTINUED ||
           play == GRUNDY_PLAY_SHORTENED;
}

static int ask_outcome(grundy_graph *graph, int play, const uint32_t *nodes, size_t n,
                       void *unused)
{
    (void)unused;
    return grundy_graph_sum_outcome(graph, play, nodes, n);
}
#endif

#if GRUNDY__OTHER_PLAYS

static int ask_move(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *moves)
{
    return grundy_graph_sum_winning_move(graph, play, nodes, n, (uint64_t *)moves);
}

/* Where every winning move goes. */
typedef struct wanted {
    size_t *components;
    uint64_t *moves;
    size_t cap;
    size_t *count;
} wanted;

static int ask_moves(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *ctx)
{
    const wanted *w = (const wanted *)ctx;
    return grundy_graph_sum_winning_moves(graph, play, nodes, n, w->components, w->moves, w->cap,
                                          w->count);
}
#endif

int grundy_game_sum_outcome(grundy_game *g, int play, const void *positions, size_t n)
{
    if (g == NULL || (positions == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "the outcome of a sum");
    if (rc != GRUNDY_OK)
        return rc;
#if GRUNDY__GRAPH_PLAYS /* else grundy__game_check_play refused misère, loopy, selective */
    if (!decided_by_numbers(play))
        return grundy__game_on_graph(g, play, positions, n, ask_outcome, NULL);
#endif
    rc = evaluate_all(g, play, positions, n);
    if (rc != GRUNDY_OK)
        return rc;
    game_positions gp = {g, positions};
    return grundy__numbers_decide(play, &gp, n, component_number);
}

int grundy_game_sum_winning_move(grundy_game *g, int play, const void *positions, size_t n,
                                 uint64_t *moves)
{
    if (g == NULL || (positions == NULL && n > 0) || (moves == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "a winning move of a sum");
    if (rc != GRUNDY_OK)
        return rc;
#if GRUNDY__OTHER_PLAYS
    if (play != GRUNDY_PLAY_NORMAL)
        return grundy__game_on_graph(g, play, positions, n, ask_move, moves);
#endif
    rc = evaluate_all(g, play, positions, n);
    return rc != GRUNDY_OK ? rc : normal_move(g, positions, n, moves);
}

int grundy_game_sum_winning_moves(grundy_game *g, int play, const void *positions, size_t n,
                                  size_t *components, uint64_t *moves, size_t cap, size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || (positions == NULL && n > 0) || (moves == NULL && cap > 0) || count == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "every winning move of a sum");
    if (rc != GRUNDY_OK)
        return rc;
    if (play == GRUNDY_PLAY_NORMAL) {
        rc = evaluate_all(g, play, positions, n);
        return rc != GRUNDY_OK ? rc : normal_moves(g, positions, n, components, moves, cap, count);
    }
#if GRUNDY__OTHER_PLAYS
    if (grundy__play_moves_in_one(play)) {
        wanted w = {components, moves, cap, count};
        return grundy__game_on_graph(g, play, positions, n, ask_moves, &w);
    }
#endif
    return grundy__game_fail(g, GRUNDY_ENOTSUP,
                             "every winning move is listed for the plays that move in one "
                             "component; %s moves in several", grundy__play_name(play));
}

int grundy_game_last_method(const grundy_game *g)
{
    return g != NULL ? g->last_method : 0;
}
