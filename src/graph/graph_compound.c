/* SPDX-License-Identifier: MIT */
/* Sums of graph positions under every play: their value, outcome, a
 * winning move and every winning move, and for misère play the method that
 * decides them. */
#include <string.h>

#include "graph/graph.h"
#include "play/compound.h"

typedef struct positions {
    const uint32_t *num;
    const uint32_t *nodes;
} positions;

static uint64_t number_of(const void *ctx, size_t i)
{
    const positions *p = (const positions *)ctx;
    return p->num[p->nodes[i]];
}

static int check_components(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (nodes[i] >= g->n)
            return grundy__graph_fail(g, GRUNDY_ERANGE, "component %zu: node %u out of range (n = %u)",
                                      i, nodes[i], g->n);
    }
    return GRUNDY_OK;
}

#ifndef GRUNDY_NO_MISERE_PLAY /* which grundy__graph_check_play refuses */
/* ---- the misère method ----------------------------------------------------- */

/* The SJ theorem needs every value-0 position in play to be terminal (so
 * that "all components are 0" is the end of the game) and no splits (so that
 * a move changes one component's value).  Sets *bad to a value-0 node with
 * moves that the sum can reach, or UINT32_MAX.  Needs normal values and no
 * splits. */
static int find_sj_violation(grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *bad)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    unsigned char *seen = (unsigned char *)grundy__calloc_array(&g->alloc, g->n, 1);
    uint32_t *stack = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *stack);
    int rc = seen && stack ? GRUNDY_OK : GRUNDY_ENOMEM;
    size_t sp = 0;
    *bad = UINT32_MAX;
    for (size_t i = 0; rc == GRUNDY_OK && *bad == UINT32_MAX && i < n; i++) {
        if (!seen[nodes[i]]) {
            seen[nodes[i]] = 1;
            stack[sp++] = nodes[i];
        }
        while (*bad == UINT32_MAX && sp > 0) {
            uint32_t u = stack[--sp];
            if (val[u] == 0 && g->off[u + 1] > g->off[u])
                *bad = u;
            for (uint64_t k = g->off[u]; k < g->off[u + 1]; k++) {
                uint32_t v = g->tok[k];
                if (!seen[v]) {
                    seen[v] = 1;
                    stack[sp++] = v;
                }
            }
        }
    }
    grundy__free(&g->alloc, seen);
    grundy__free(&g->alloc, stack);
    return rc;
}

static int require_sj(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t bad;
    int rc = grundy__graph_require_no_splits(g, "the SJ theorem needs moves to single positions");
    if (rc == GRUNDY_OK)
        rc = find_sj_violation(g, nodes, n, &bad);
    if (rc == GRUNDY_OK && bad != UINT32_MAX)
        rc = grundy__graph_fail(g, GRUNDY_EINVAL,
                                "node %u has value 0 but has moves: the SJ theorem does not apply", bad);
    return rc;
}

static int require_tame(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    size_t wild;
    int rc = grundy__graph_find_wild(g, nodes, n, &wild);
    if (rc == GRUNDY_OK && wild < n)
        rc = grundy__graph_fail(g, GRUNDY_EINVAL, "node %u is not tame: genus symbols do not decide the sum",
                                nodes[wild]);
    return rc;
}

/* The first method that applies: the SJ theorem, genus symbols (both need
 * moves to single positions), else the search. */
static int pick_method(grundy_graph *g, const uint32_t *nodes, size_t n, int *method)
{
    *method = GRUNDY_BY_SEARCH;
    if (g->has_splits)
        return GRUNDY_OK;
    uint32_t bad;
    size_t wild;
    int rc = find_sj_violation(g, nodes, n, &bad);
    if (rc == GRUNDY_OK && bad == UINT32_MAX) {
        *method = GRUNDY_BY_SJ;
        return GRUNDY_OK;
    }
    if (rc == GRUNDY_OK)
        rc = grundy__graph_find_wild(g, nodes, n, &wild);
    if (rc == GRUNDY_OK && wild == n)
        *method = GRUNDY_BY_GENUS;
    return rc;
}

/* The method a misère sum is decided by: the one its flag requires (refused
 * with GRUNDY_EINVAL naming a node if its precondition fails), or the first
 * that applies.  Every method needs an acyclic graph. */
static int misere_method(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *method)
{
    int rc = grundy__graph_need(g, GRUNDY_PLAY_NORMAL);
    *method = play & GRUNDY_BY_MASK;
    if (rc != GRUNDY_OK)
        return rc;
    switch (*method) {
    case GRUNDY_BY_SJ: return require_sj(g, nodes, n);
    case GRUNDY_BY_GENUS: return require_tame(g, nodes, n);
    case GRUNDY_BY_SEARCH: return GRUNDY_OK;
    default: return pick_method(g, nodes, n, method);
    }
}
#endif

/* ---- outcomes ------------------------------------------------------------ */

/* Checks a sum call and readies what it needs: *how is the play that
 * decides the sum, for misère play with its method resolved. */
static int ready_sum(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *how)
{
    *how = play;
    if (g == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 1);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = check_components(g, nodes, n);
    if (rc != GRUNDY_OK)
        return rc;
    if (grundy__play_base(play) != GRUNDY_PLAY_MISERE)
        return grundy__graph_need(g, play);
#ifndef GRUNDY_NO_MISERE_PLAY
    int method;
    rc = misere_method(g, play, nodes, n, &method);
    *how = GRUNDY_PLAY_MISERE | method;
#endif
    return rc;
}

#ifndef GRUNDY_NO_LOOPY_PLAY
/* Finite values xor to a; an infinite component's outcome turns on whether
 * it can move to value a (then the sum goes to 0); two infinities draw. */
static int loopy_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n)
{
    const uint32_t *l = g->num[GRUNDY_PLAY_LOOPY];
    size_t infinite = 0, which = 0;
    uint32_t a = 0;
    for (size_t i = 0; i < n; i++) {
        if (l[nodes[i]] == GRUNDY_INF) {
            infinite++;
            which = i;
        } else {
            a ^= l[nodes[i]];
        }
    }
    if (infinite == 0)
        return a ? GRUNDY_N : GRUNDY_P;
    if (infinite == 1 &&
        grundy__graph_move_to_number(g, GRUNDY_PLAY_LOOPY, nodes[which], a) != GRUNDY_NO_MOVE)
        return GRUNDY_N;
    return GRUNDY_D;
}
#endif

/* The outcome of the sum under how (as ready_sum() sets it).  Only the
 * search can fail: the other ways read what is solved. */
static int decide(grundy_graph *g, int how, const uint32_t *nodes, size_t n)
{
    switch (how) {
#ifndef GRUNDY_NO_LOOPY_PLAY
    case GRUNDY_PLAY_LOOPY: return loopy_outcome(g, nodes, n);
#endif
#ifndef GRUNDY_NO_MISERE_PLAY
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS: return grundy__graph_tame_outcome(g, nodes, n);
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH: return grundy__graph_misere_outcome(g, nodes, n);
#endif
    default: {
        positions p = {g->num[grundy__play_numbers(how)], nodes};
        return grundy__numbers_decide(how, &p, n, number_of);
    }
    }
}

/* Records the method of a misère call that succeeded; passes result on. */
static int done(grundy_graph *g, int how, int result)
{
    if (result >= 0 && grundy__play_base(how) == GRUNDY_PLAY_MISERE)
        g->last_method = how & GRUNDY_BY_MASK;
    return result;
}

static int outcome_how(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *how)
{
    int rc = ready_sum(g, play, nodes, n, how);
    return rc == GRUNDY_OK ? decide(g, *how, nodes, n) : rc;
}

int grundy_graph_sum_outcome(grundy_graph *g, int play, const uint32_t *nodes, size_t n)
{
    int how;
    int outcome = outcome_how(g, play, nodes, n, &how);
    return done(g, how, outcome);
}

int grundy_graph_sum_value(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                           uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL || value == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc == GRUNDY_OK && play != GRUNDY_PLAY_NORMAL)
        rc = grundy__graph_fail(g, GRUNDY_ENOTSUP,
                                "sums under %s have an outcome, not a value: see grundy_graph_sum_outcome()",
                                grundy__play_name(play));
    if (rc == GRUNDY_OK)
        rc = check_components(g, nodes, n);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_need(g, play);
    if (rc != GRUNDY_OK)
        return rc;
    *value = grundy__parts_value(g->num[GRUNDY_PLAY_NORMAL], nodes, n);
    return GRUNDY_OK;
}

int grundy_graph_last_method(const grundy_graph *g)
{
    return g ? g->last_method : 0;
}

/* ---- moves in one component ------------------------------------------------ */

/* Normal play: the moves of component i to value v_i xor S, S the xor of
 * every component's value, are the ones that leave xor 0. */
static int normal_wins(const grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    uint32_t s = 0;
    int stop = 0;
    for (size_t i = 0; i < n; i++)
        s ^= val[nodes[i]];
    for (size_t i = 0; i < n && !stop; i++) {
        grundy__moves it = grundy__moves_of(g, nodes[i]);
        const uint32_t *parts;
        uint32_t np;
        for (uint64_t k = 0; !stop && grundy__moves_next(&it, &parts, &np); k++) {
            if (grundy__parts_value(val, parts, np) == (val[nodes[i]] ^ s))
                stop = grundy__wins_add(w, i, k);
        }
    }
    return GRUNDY_OK;
}

/* Every move, in each component, whose resulting sum has outcome want under
 * how, for the ways that decide by reading what is solved and move to single
 * positions (misère by SJ or genus, WTIA, loopy): the sum is decided again
 * for each move, O(n) each. */
static int each_follower(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                         grundy__wins *w)
{
    uint32_t *sum = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *sum);
    if (sum == NULL)
        return GRUNDY_ENOMEM;
    if (n > 0)
        memcpy(sum, nodes, n * sizeof *sum);
    int stop = 0;
    for (size_t i = 0; i < n && !stop; i++) {
        uint32_t u = nodes[i];
        for (uint64_t k = g->off[u]; !stop && k < g->off[u + 1]; k++) {
            sum[i] = g->tok[k];
            if (decide(g, how, sum, n) == want)
                stop = grundy__wins_add(w, i, k - g->off[u]);
        }
        sum[i] = u;
    }
    grundy__free(&g->alloc, sum);
    return GRUNDY_OK;
}

/* Every move of one component that leaves a sum of outcome want (P, or for
 * a loopy draw D), into w. */
static int collect(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                   grundy__wins *w)
{
    if (how == GRUNDY_PLAY_NORMAL)
        return normal_wins(g, nodes, n, w);
#ifndef GRUNDY_NO_MISERE_PLAY
    if (how == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH))
        return grundy__graph_misere_wins(g, nodes, n, w);
#endif
    return each_follower(g, how, nodes, n, want, w);
}

/* The first move collect() finds, into moves (n entries, GRUNDY_NO_MOVE). */
static int first_move(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                      uint64_t *moves)
{
    size_t comp = 0;
    uint64_t k = 0;
    grundy__wins w = {&comp, &k, 1, 0, 1};
    int rc = collect(g, how, nodes, n, want, &w);
    if (rc != GRUNDY_OK)
        return rc;
    if (w.count > 0)
        moves[comp] = k;
    return w.count > 0;
}

int grundy_graph_sum_winning_moves(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                   size_t *components, uint64_t *moves, size_t cap,
                                   size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || count == NULL || (moves == NULL && cap > 0))
        return GRUNDY_EINVAL;
    if (grundy__play_refusal(play, 1) == NULL && !grundy__play_moves_in_one(play))
        return grundy__graph_fail(g, GRUNDY_ENOTSUP,
                                  "%s can move in several components at once: see grundy_graph_sum_winning_move()",
                                  grundy__play_name(play));
    int how;
    int rc = outcome_how(g, play, nodes, n, &how);
    grundy__wins w = {components, moves, cap, 0, 0};
    /* Only from an N-position does a move win (a WTIA sum with a finished
     * component is over, though its options would be P). */
    if (rc == GRUNDY_N)
        rc = collect(g, how, nodes, n, GRUNDY_P, &w);
    if (rc >= 0) {
        *count = w.count;
        rc = GRUNDY_OK;
    }
    return done(g, how, rc);
}

/* ---- moves in several components ------------------------------------------- */

/* Nim on the components' numbers under play: move one component to the
 * number that makes the xor 0 (the mex guarantees such a move). */
static int nim_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                    uint64_t *moves)
{
    positions p = {g->num[grundy__play_numbers(play)], nodes};
    size_t comp;
    uint64_t target;
    if (!grundy__sum_move(&p, n, number_of, &comp, &target))
        return 0;
    moves[comp] = grundy__graph_move_to_number(g, play, nodes[comp], (uint32_t)target);
    return 1;
}

#ifndef GRUNDY_NO_MISERE_PLAY
/* SJ strategy: with one component above 1, bring it to 0 or 1 leaving an odd
 * number of 1s; with several, a Nim move to xor 0; with none, move a 1 to 0. */
static int sj_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint64_t *moves)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    size_t big = 0, ones = 0, first_big = 0, first_one = 0;
    for (size_t i = 0; i < n; i++) {
        if (val[nodes[i]] > 1 && big++ == 0)
            first_big = i;
        if (val[nodes[i]] == 1 && ones++ == 0)
            first_one = i;
    }
    if (big == 0) {
        if (ones == 0 || ones % 2 == 1)
            return 0;
        moves[first_one] = grundy__graph_move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_one], 0);
        return 1;
    }
    if (big == 1) {
        moves[first_big] = grundy__graph_move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_big],
                                                        ones % 2 == 0 ? 1 : 0);
        return 1;
    }
    return nim_move(g, GRUNDY_PLAY_NORMAL, nodes, n, moves);
}
#endif

#ifndef GRUNDY_NO_WTIA_PLAY
static int wtia_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint64_t *moves)
{
    const uint32_t *w = g->num[GRUNDY_PLAY_WTIA];
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SP)
            return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SC) {
            moves[i] = grundy__graph_move_to_number(g, GRUNDY_PLAY_WTIA, nodes[i], GRUNDY_SP);
            return 1;
        }
    }
    return nim_move(g, GRUNDY_PLAY_WTIA, nodes, n, moves);
}
#endif

#if !defined(GRUNDY_NO_CONJUNCTIVE_PLAY) || !defined(GRUNDY_NO_CONTINUED_PLAY)
/* Conjunctive and continued conjunctive: in every component, the move that
 * realises its remoteness or suspense (to the option numbered one less). */
static int every_component_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                uint64_t *moves)
{
    const uint32_t *num = g->num[play];
    for (size_t i = 0; i < n; i++) {
        if (num[nodes[i]] > 0)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], num[nodes[i]] - 1);
    }
    return 1;
}
#endif

#if !defined(GRUNDY_NO_SELECTIVE_PLAY) || !defined(GRUNDY_NO_SHORTENED_PLAY)
/* Selective plays: move every N component to a P-position (for the
 * shortened one, the fastest such move, by remoteness). */
static int selective_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                          uint64_t *moves)
{
    const uint32_t *num = g->num[grundy__play_numbers(play)];
    for (size_t i = 0; i < n; i++) {
        uint32_t v = num[nodes[i]];
        if (play == GRUNDY_PLAY_SELECTIVE && v != 0)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], 0);
        else if (play == GRUNDY_PLAY_SHORTENED && v % 2 == 1)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], v - 1);
    }
    return 1;
}
#endif

/* A winning move of a sum of the given outcome under how; from a loopy
 * draw, a move that keeps the draw. */
static int winning_move(grundy_graph *g, int how, int outcome, const uint32_t *nodes, size_t n,
                        uint64_t *moves)
{
    if (how == GRUNDY_PLAY_LOOPY && outcome == GRUNDY_D)
        return first_move(g, how, nodes, n, GRUNDY_D, moves);
    if (outcome != GRUNDY_N)
        return 0;
    switch (how) {
    case GRUNDY_PLAY_NORMAL: return nim_move(g, how, nodes, n, moves);
#ifndef GRUNDY_NO_MISERE_PLAY
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ: return sj_move(g, nodes, n, moves);
#endif
#ifndef GRUNDY_NO_WTIA_PLAY
    case GRUNDY_PLAY_WTIA: return wtia_move(g, nodes, n, moves);
#endif
#ifndef GRUNDY_NO_CONJUNCTIVE_PLAY
    case GRUNDY_PLAY_CONJUNCTIVE:
#endif
#ifndef GRUNDY_NO_CONTINUED_PLAY
    case GRUNDY_PLAY_CONTINUED:
#endif
#if !defined(GRUNDY_NO_CONJUNCTIVE_PLAY) || !defined(GRUNDY_NO_CONTINUED_PLAY)
        return every_component_move(g, how, nodes, n, moves);
#endif
#ifndef GRUNDY_NO_SELECTIVE_PLAY
    case GRUNDY_PLAY_SELECTIVE:
#endif
#ifndef GRUNDY_NO_SHORTENED_PLAY
    case GRUNDY_PLAY_SHORTENED:
#endif
#if !defined(GRUNDY_NO_SELECTIVE_PLAY) || !defined(GRUNDY_NO_SHORTENED_PLAY)
        return selective_move(g, how, nodes, n, moves);
#endif
    default: return first_move(g, how, nodes, n, GRUNDY_P, moves); /* genus, search, loopy */
    }
}

int grundy_graph_sum_winning_move(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                  uint64_t *moves)
{
    if (moves == NULL && n > 0)
        return GRUNDY_EINVAL;
    int how;
    int outcome = outcome_how(g, play, nodes, n, &how);
    if (outcome < 0)
        return outcome;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    return done(g, how, winning_move(g, how, outcome, nodes, n, moves));
}
