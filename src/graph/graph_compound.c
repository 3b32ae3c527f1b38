/* Compounds of graph positions: outcomes and moves. */
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

static int check_args(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    if (g == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    for (size_t i = 0; i < n; i++) {
        if (nodes[i] >= g->n)
            return grundy__graph_fail(g, GRUNDY_ERANGE, "component %zu: node %u out of range (n = %u)",
                                      i, nodes[i], g->n);
    }
    return GRUNDY_OK;
}

/* Compounds other than the disjunctive one move in several components at
 * once, which is only meaningful when no move splits a component. */
static int solve_for(grundy_graph *g, int compound)
{
    int play = grundy__compound_play(compound);
    int rc = grundy_graph_solve_play(g, play);
    if (rc == GRUNDY_OK && compound != GRUNDY_SUM_DISJUNCTIVE)
        rc = grundy__graph_require_no_splits(g, "this compound needs moves to single positions");
    return rc;
}

/* The SJ theorem needs every value-0 position in play to be terminal (so
 * that "all components are 0" is the end of the game) and no splits (so that
 * a move changes one component's value). */
static int check_sj(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    unsigned char *seen = (unsigned char *)grundy__calloc_array(&g->alloc, g->n, 1);
    uint32_t *stack = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *stack);
    int rc = seen && stack ? GRUNDY_OK : GRUNDY_ENOMEM;
    size_t sp = 0;
    for (size_t i = 0; rc == GRUNDY_OK && i < n; i++) {
        if (!seen[nodes[i]]) {
            seen[nodes[i]] = 1;
            stack[sp++] = nodes[i];
        }
        while (rc == GRUNDY_OK && sp > 0) {
            uint32_t u = stack[--sp];
            if (val[u] == 0 && g->off[u + 1] > g->off[u])
                rc = grundy__graph_fail(g, GRUNDY_EINVAL,
                                        "node %u has value 0 but has moves: the SJ theorem does not apply", u);
            for (uint64_t k = g->off[u]; rc == GRUNDY_OK && k < g->off[u + 1]; k++) {
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

/* ---- loopy sums ---------------------------------------------------------- */

static int has_follower_label(const grundy_graph *g, uint32_t u, uint32_t label)
{
    const uint32_t *l = g->num[GRUNDY_PLAY_LOOPY];
    for (uint64_t k = g->off[u]; k < g->off[u + 1]; k++) {
        if (l[g->tok[k]] == label)
            return 1;
    }
    return 0;
}

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
    if (infinite == 1)
        return has_follower_label(g, nodes[which], a) ? GRUNDY_N : GRUNDY_D;
    return GRUNDY_D;
}

/* A move to a sum whose outcome (for the opponent) is `want`.  Tries every
 * move of every component: loopy sums are small and this is plainly right. */
static int loopy_move_to(grundy_graph *g, const uint32_t *nodes, size_t n, int want,
                         uint32_t *moves, uint32_t *scratch)
{
    memcpy(scratch, nodes, n * sizeof *nodes);
    for (size_t i = 0; i < n; i++) {
        uint32_t u = nodes[i];
        for (uint64_t k = g->off[u]; k < g->off[u + 1]; k++) {
            scratch[i] = g->tok[k];
            if (loopy_outcome(g, scratch, n) == want) {
                for (size_t j = 0; j < n; j++)
                    moves[j] = GRUNDY_NO_MOVE;
                moves[i] = (uint32_t)(k - g->off[u]);
                return 1;
            }
        }
        scratch[i] = u;
    }
    return 0;
}

static int loopy_move(grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *moves)
{
    int outcome = loopy_outcome(g, nodes, n);
    if (outcome == GRUNDY_P)
        return 0;
    uint32_t *scratch = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *scratch);
    if (scratch == NULL)
        return GRUNDY_ENOMEM;
    int found = loopy_move_to(g, nodes, n, outcome == GRUNDY_N ? GRUNDY_P : GRUNDY_D, moves, scratch);
    grundy__free(&g->alloc, scratch);
    return found;
}

/* ---- moves of the other compounds ---------------------------------------- */

/* The first move of u to a single position whose number under play is target. */
static uint32_t move_to_number(const grundy_graph *g, int play, uint32_t u, uint32_t target)
{
    const uint32_t *num = g->num[play];
    for (uint64_t k = g->off[u]; k < g->off[u + 1]; k++) {
        if (num[g->tok[k]] == target)
            return (uint32_t)(k - g->off[u]);
    }
    return GRUNDY_NO_MOVE;
}

/* Nim on the components' numbers under play: move one component to the
 * number that makes the xor 0 (the mex guarantees such a move). */
static int nim_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                    uint32_t *moves)
{
    positions p = {g->num[play], nodes};
    size_t comp;
    uint64_t target;
    if (!grundy__sum_move(&p, n, number_of, &comp, &target))
        return 0;
    moves[comp] = move_to_number(g, play, nodes[comp], (uint32_t)target);
    return 1;
}

static void no_moves(uint32_t *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
}

/* SJ strategy: with one component above 1, bring it to 0 or 1 leaving an odd
 * number of 1s; with several, a Nim move to xor 0; with none, move a 1 to 0. */
static int anti_sg_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *moves)
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
        moves[first_one] = move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_one], 0);
        return 1;
    }
    if (big == 1) {
        moves[first_big] = move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_big], ones % 2 == 0 ? 1 : 0);
        return 1;
    }
    return nim_move(g, GRUNDY_PLAY_NORMAL, nodes, n, moves);
}

static int wtia_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *moves)
{
    const uint32_t *w = g->num[GRUNDY_PLAY_WTIA];
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SP)
            return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SC) {
            moves[i] = move_to_number(g, GRUNDY_PLAY_WTIA, nodes[i], GRUNDY_SP);
            return 1;
        }
    }
    return nim_move(g, GRUNDY_PLAY_WTIA, nodes, n, moves);
}

/* Conjunctive and continued conjunctive: in every component, the move that
 * realises its remoteness or suspense (to the option numbered one less). */
static int every_component_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                uint32_t *moves)
{
    const uint32_t *num = g->num[play];
    for (size_t i = 0; i < n; i++) {
        if (num[nodes[i]] > 0)
            moves[i] = move_to_number(g, play, nodes[i], num[nodes[i]] - 1);
    }
    return 1;
}

/* Selective compounds: move every N component to a P-position (for the
 * shortened one, the fastest such move, by remoteness). */
static int selective_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                          uint32_t *moves)
{
    const uint32_t *num = g->num[play];
    for (size_t i = 0; i < n; i++) {
        uint32_t v = num[nodes[i]];
        if (play == GRUNDY_PLAY_NORMAL && v != 0)
            moves[i] = move_to_number(g, play, nodes[i], 0);
        else if (play == GRUNDY_PLAY_REMOTENESS && v % 2 == 1)
            moves[i] = move_to_number(g, play, nodes[i], v - 1);
    }
    return 1;
}

/* ---- public ---------------------------------------------------------------- */

int grundy_graph_compound_outcome(grundy_graph *g, int compound, const uint32_t *nodes, size_t n)
{
    int rc = check_args(g, nodes, n);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (compound == GRUNDY_SUM_MISERE)
        return grundy__graph_misere_outcome(g, nodes, n);
    if (compound == GRUNDY_SUM_TAME)
        return grundy__graph_tame_outcome(g, nodes, n);
    if (grundy__compound_play(compound) < 0)
        return GRUNDY_EINVAL;
    rc = solve_for(g, compound);
    if (rc == GRUNDY_OK && compound == GRUNDY_SUM_ANTI_SG)
        rc = check_sj(g, nodes, n);
    if (rc != GRUNDY_OK)
        return rc;
    if (compound == GRUNDY_SUM_LOOPY)
        return loopy_outcome(g, nodes, n);
    positions p = {g->num[grundy__compound_play(compound)], nodes};
    return grundy__compound_decide(compound, &p, n, number_of);
}

int grundy_graph_compound_move(grundy_graph *g, int compound, const uint32_t *nodes, size_t n,
                               uint32_t *moves)
{
    if (moves == NULL && n > 0)
        return GRUNDY_EINVAL;
    int outcome = grundy_graph_compound_outcome(g, compound, nodes, n);
    if (outcome < 0)
        return outcome;
    no_moves(moves, n);
    switch (compound) {
    case GRUNDY_SUM_MISERE:
    case GRUNDY_SUM_TAME: /* the genus decides the outcome; the search finds the move */
        return grundy__graph_misere_move(g, nodes, n, moves);
    case GRUNDY_SUM_LOOPY: return loopy_move(g, nodes, n, moves);
    default: break;
    }
    if (outcome != GRUNDY_N)
        return 0;
    switch (compound) {
    case GRUNDY_SUM_DISJUNCTIVE: {
        size_t comp;
        uint32_t k;
        int found = grundy_graph_sum_winning_move(g, nodes, n, &comp, &k);
        if (found == 1)
            moves[comp] = k;
        return found;
    }
    case GRUNDY_SUM_ANTI_SG: return anti_sg_move(g, nodes, n, moves);
    case GRUNDY_SUM_WTIA: return wtia_move(g, nodes, n, moves);
    case GRUNDY_SUM_CONJUNCTIVE: return every_component_move(g, GRUNDY_PLAY_REMOTENESS, nodes, n, moves);
    case GRUNDY_SUM_CONTINUED: return every_component_move(g, GRUNDY_PLAY_SUSPENSE, nodes, n, moves);
    default: return selective_move(g, grundy__compound_play(compound), nodes, n, moves);
    }
}

int grundy_graph_play_value(const grundy_graph *g, int play, uint32_t node, uint32_t *value)
{
    int rc = grundy__graph_check_play_node(g, play, node);
    if (rc == GRUNDY_OK && value == NULL)
        rc = GRUNDY_EINVAL;
    if (rc == GRUNDY_OK)
        *value = g->num[play][node];
    return rc;
}

const uint32_t *grundy_graph_play_values(const grundy_graph *g, int play)
{
    if (g == NULL || play < 0 || play > GRUNDY_PLAY_LOOPY)
        return NULL;
    return g->num[play];
}

int grundy_graph_play_outcome(const grundy_graph *g, int play, uint32_t node)
{
    int rc = grundy__graph_check_play_node(g, play, node);
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t v = g->num[play][node];
    if (play == GRUNDY_PLAY_LOOPY && v == GRUNDY_INF)
        return has_follower_label(g, node, 0) ? GRUNDY_N : GRUNDY_D;
    return grundy__play_outcome(play == GRUNDY_PLAY_LOOPY ? GRUNDY_PLAY_NORMAL : play, v);
}
