/* SPDX-License-Identifier: MIT */
/* Games described by rules (grundy_game_*): every value against an
 * independent brute force written here (a plain recursive mex over the
 * test's own move lists), sums and their winning moves replayed against the
 * test's own generator, and the error paths: cycles (random graphs with
 * cycles against a fixpoint that finds them), the memory cap, progress
 * and cancel, generator errors, bad arguments and failing allocations. */
#include <string.h>

#include "core/counting_alloc.h"
#include "grundy.h"
#include "harness.h"
#include "random_dag.h"
#include "failing_alloc.h"
#include "play_rule.h"

/* Passes a non-zero status of grundy_options_add*() on, as generators must. */
#define ADD_OR_RETURN(call)  \
    do {                     \
        int add_rc_ = (call); \
        if (add_rc_ != 0)    \
            return add_rc_;  \
    } while (0)

/* The most components of the sums of these tests. */
#define MAXSUM 8

/* grundy_game_value of a uint64_t position. */
static int value_of(grundy_game *game, int play, uint64_t pos, uint32_t *value)
{
    return grundy_game_value(game, play, &pos, value);
}

/* A winning move of a normal-play sum of n positions of `size` bytes, as
 * grundy_game_sum_winning_move() and grundy_game_move() give it: which
 * component moves (exactly one entry of the moves is not GRUNDY_NO_MOVE),
 * and the parts (up to cap, their count in *np) its move leaves, read on
 * the component as given.  Returns 1, 0 or a status. */
static int winning_parts(grundy_game *game, size_t size, const void *positions, size_t n,
                         size_t *comp, void *parts, size_t cap, size_t *np)
{
    uint64_t moves[MAXSUM];
    if (!CHECK(n <= MAXSUM))
        return GRUNDY_ELIMIT;
    for (size_t i = 0; i < n; i++)
        moves[i] = 12345;
    int found = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, positions, n, moves);
    if (found < 0)
        return found;
    size_t moved = 0;
    for (size_t i = 0; i < n; i++) {
        if (moves[i] != GRUNDY_NO_MOVE) {
            moved++;
            *comp = i;
        }
    }
    CHECK_EQ(moved, found);
    if (found == 0)
        return 0;
    int rc = grundy_game_move(game, (const unsigned char *)positions + *comp * size,
                              moves[*comp], parts, cap, np);
    return rc == GRUNDY_OK ? 1 : rc;
}

/* ------------------------------------------------------------------------ */
/* Random DAGs behind a u64 move generator. */

/* Options of this test's DAGs have at most 3 parts. */
#define MAXPARTS 3
_Static_assert(MAXPARTS <= DAG_MAXPARTS, "a dag holds MAXPARTS parts");

/* A DAG, and what its generator was asked. */
typedef struct counted_dag {
    dag d;
    int each;             /* 1, 2: single-part options in runs, through
                           * grundy_options_add_each in one call (1) or in
                           * two, the first half and the rest (2) */
    long calls[DAG_MAXN]; /* generator calls per position */
    long bad_pos;         /* generator calls for positions outside the DAG */
} counted_dag;

static int dag_moves(void *user, uint64_t pos, grundy_options *out)
{
    counted_dag *c = user;
    const dag *d = &c->d;
    if (pos >= (uint64_t)d->n) {
        c->bad_pos++;
        return GRUNDY_ERANGE;
    }
    int u = (int)pos;
    c->calls[u]++;
    uint64_t run[DAG_MAXMOVES];
    size_t nrun = 0;
    for (int k = 0; k <= d->nmoves[u]; k++) {
        int single = k < d->nmoves[u] && d->nparts[u][k] == 1;
        if (c->each && single) {
            run[nrun++] = (uint64_t)d->part[u][k][0];
            continue;
        }
        /* The run so far goes first, so the options keep their order. */
        if (c->each == 1) {
            ADD_OR_RETURN(grundy_options_add_each(out, nrun ? run : NULL, nrun));
        } else if (c->each == 2) {
            ADD_OR_RETURN(grundy_options_add_each(out, nrun ? run : NULL, nrun / 2));
            ADD_OR_RETURN(grundy_options_add_each(out, run + nrun / 2, nrun - nrun / 2));
        }
        nrun = 0;
        if (k == d->nmoves[u])
            break;
        uint64_t parts[MAXPARTS];
        for (int j = 0; j < d->nparts[u][k]; j++)
            parts[j] = (uint64_t)d->part[u][k][j];
        ADD_OR_RETURN(grundy_options_add(out, d->nparts[u][k] ? parts : NULL,
                                         (uint32_t)d->nparts[u][k]));
    }
    return 0;
}

static void sort_u64(uint64_t *a, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint64_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
        }
}

/* Is {parts} (as a multiset) option k of node u, for some k?  Returns its
 * value (xor of brute values) or -1 if it is no option of u. */
static int dag_option_value(const dag *d, int u, const uint64_t *parts, size_t np,
                            const int *memo)
{
    uint64_t got[MAXPARTS];
    if (np > MAXPARTS)
        return -1;
    memcpy(got, parts, np * sizeof *got);
    sort_u64(got, np);
    for (int k = 0; k < d->nmoves[u]; k++) {
        if ((size_t)d->nparts[u][k] != np)
            continue;
        uint64_t want[MAXPARTS];
        for (uint32_t j = 0; j < np; j++)
            want[j] = (uint64_t)d->part[u][k][j];
        sort_u64(want, np);
        if (np == 0 || memcmp(want, got, np * sizeof *got) == 0) {
            int x = 0;
            for (uint32_t j = 0; j < np; j++)
                x ^= memo[got[j]];
            return x;
        }
    }
    return -1;
}

/* Every winning move of the sum of the k positions pos (value x) against
 * the DAG's own options: move j of component i wins iff its option's value
 * is x ^ (the component's value); listed by component, then move, whatever
 * the room (every cap up to the count, and components NULL or not). */
static void dag_check_all_moves(const dag *d, grundy_game *game, const int *memo,
                                const uint64_t *pos, size_t k, int x)
{
    size_t want_c[3 * DAG_MAXMOVES], want = 0;
    uint64_t want_m[3 * DAG_MAXMOVES];
    for (size_t i = 0; i < k && x != 0; i++) {
        int u = (int)pos[i];
        for (int j = 0; j < d->nmoves[u]; j++) {
            int ov = 0;
            for (int q = 0; q < d->nparts[u][j]; q++)
                ov ^= memo[d->part[u][j][q]];
            if ((x ^ memo[u] ^ ov) == 0) {
                want_c[want] = i;
                want_m[want++] = (uint64_t)j;
            }
        }
    }
    size_t cap = (size_t)harness_below(want + 2), count = 99;
    size_t comps[3 * DAG_MAXMOVES + 1];
    uint64_t moves[3 * DAG_MAXMOVES + 1];
    for (size_t j = 0; j <= cap; j++) {
        comps[j] = 99;
        moves[j] = 99;
    }
    int with_comps = harness_below(2) == 0;
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, pos, k,
                                           with_comps ? comps : NULL, moves, cap, &count),
             GRUNDY_OK);
    CHECK_EQ(count, want);
    int same = 1;
    for (size_t j = 0; j < cap && j < want; j++)
        same &= moves[j] == want_m[j] && (!with_comps || comps[j] == want_c[j]);
    CHECK(same);
    CHECK(moves[cap] == 99 && comps[cap] == 99); /* nothing past the room */
    if (cap > want)
        CHECK_EQ(moves[want], 99);
}

/* Random sums of 1 to 3 positions: their value, and (with_moves) their
 * winning move, replayed against the DAG. */
static void dag_check_sums(const dag *d, grundy_game *game, const int *memo, int with_moves)
{
    for (int t = 0; t < 6; t++) {
        uint64_t pos[3];
        size_t k = 1 + (size_t)harness_below(3);
        int x = 0;
        for (size_t i = 0; i < k; i++) {
            pos[i] = harness_below((unsigned long long)d->n);
            x ^= memo[pos[i]];
        }
        uint32_t sv = 12345;
        CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, pos, k, &sv), GRUNDY_OK);
        CHECK_EQ(sv, x);
        if (!with_moves)
            continue;
        size_t comp = 99;
        uint64_t parts[MAXPARTS + 1];
        size_t np = 99;
        int found = winning_parts(game, 8, pos, k, &comp, parts, MAXPARTS + 1, &np);
        CHECK_EQ(found, x != 0);
        if (found == 1 && CHECK(comp < k) && CHECK(np <= MAXPARTS)) {
            int ov = dag_option_value(d, (int)pos[comp], parts, np, memo);
            if (CHECK(ov >= 0))
                CHECK_EQ(x ^ memo[pos[comp]] ^ ov, 0);
        }
        CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, pos, k),
                 x ? GRUNDY_N : GRUNDY_P);
        dag_check_all_moves(d, game, memo, pos, k, x);
    }
}

static void test_random_dags(void)
{
    int rounds = harness_quick() ? 300 : 2000;
    for (int r = 0; r < rounds; r++) {
        static counted_dag cd;
        memset(&cd, 0, sizeof cd);
        /* Options of 0 to 3 parts (3 rounds in 4) or of 1; the node of rank
         * 0 has options too, all empty. */
        random_dag(&cd.d, r % 4 != 0, MAXPARTS, 1);
        cd.each = r % 3;
        const dag *d = &cd.d;
        int memo[DAG_MAXN];
        dag_brute_all(d, memo);

        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &cd, NULL), GRUNDY_OK))
            return;
        /* Half the rounds start with sums, which must evaluate on their own.
         * (Winning moves may generate options again, so they come later.) */
        if (r % 2)
            dag_check_sums(d, game, memo, 0);
        int order[DAG_MAXN];
        random_permutation(order, d->n);
        for (int i = 0; i < d->n; i++) {
            int u = order[i];
            uint32_t v = 12345;
            CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, (uint64_t)u, &v), GRUNDY_OK);
            CHECK_EQ(v, memo[u]);
            uint64_t p = (uint64_t)u;
            CHECK_EQ(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, &p),
                                         memo[u] ? GRUNDY_N : GRUNDY_P);
        }
        /* Each position generated exactly once, and all of them stored. */
        int once = 1;
        for (int u = 0; u < d->n; u++)
            once &= cd.calls[u] == 1;
        CHECK(once);
        CHECK_EQ(cd.bad_pos, 0);
        uint64_t stored = 0, bytes = 0;
        grundy_game_stats(game, &stored, &bytes);
        CHECK_EQ(stored, d->n);
        CHECK(bytes > 0);
        dag_check_sums(d, game, memo, 1);
        /* Winning move of one position: exactly when its value is non-zero. */
        int u = (int)harness_below((unsigned long long)d->n);
        uint64_t p = (uint64_t)u, parts[MAXPARTS];
        size_t comp;
        size_t np;
        int found = winning_parts(game, 8, &p, 1, &comp, parts, MAXPARTS, &np);
        CHECK_EQ(found, memo[u] != 0);
        if (found == 1) {
            CHECK_EQ(comp, 0);
            CHECK_EQ(dag_option_value(d, u, parts, np, memo), 0);
        }
        grundy_game_free(game);
    }
}

/* ------------------------------------------------------------------------ */
/* Random graphs with cycles, against a brute force that finds them its own
 * way: a fixpoint instead of a search. */

/* A random DAG whose parts are each, with chance 1 in `back`, sent to any
 * node at all (itself included), which makes cycles. */
static void random_cyclic(dag *d, int with_splits, unsigned long long back)
{
    random_dag(d, with_splits, MAXPARTS, 1);
    for (int u = 0; u < d->n; u++)
        for (int k = 0; k < d->nmoves[u]; k++)
            for (int j = 0; j < d->nparts[u][k]; j++)
                if (harness_below(back) == 0)
                    d->part[u][k][j] = (int)harness_below((unsigned long long)d->n);
}

/* value[u] for every node: -1 if a cycle can be reached from u, else its
 * value (normal play, or misère: terminal 1, the finished game 1).  A node
 * is settled once every part of every option is: repeat until nothing
 * changes; what is never settled reaches a cycle. */
static int cyclic_brute(const dag *d, int misere, int *value)
{
    int cyclic = d->n;
    for (int u = 0; u < d->n; u++)
        value[u] = -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < d->n; u++) {
            int seen[DAG_MAXMOVES + 2] = {0}, ready = value[u] < 0;
            for (int k = 0; ready && k < d->nmoves[u]; k++) {
                int x = misere && d->nparts[u][k] == 0;
                for (int j = 0; j < d->nparts[u][k]; j++) {
                    ready &= value[d->part[u][k][j]] >= 0;
                    x ^= value[d->part[u][k][j]];
                }
                if (ready && x <= DAG_MAXMOVES)
                    seen[x] = 1;
            }
            if (!ready)
                continue;
            int m = 0;
            while (seen[m])
                m++;
            value[u] = misere && d->nmoves[u] == 0 ? 1 : m;
            cyclic--;
            changed = 1;
        }
    }
    return cyclic;
}

/* The DAG (cycles allowed, options of at most one part) as a graph built by
 * hand: node u is position u, node n the finished game, the moves in the
 * generator's order.  NULL on failure. */
static grundy_graph *dag_graph(const dag *d)
{
    grundy_graph *gr = NULL;
    if (!CHECK_EQ(grundy_graph_new(&gr, NULL), GRUNDY_OK))
        return NULL;
    int ok = grundy_graph_add_nodes(gr, (uint32_t)d->n + 1, NULL) == GRUNDY_OK;
    for (int u = 0; u < d->n; u++)
        for (int k = 0; k < d->nmoves[u]; k++) {
            uint32_t to = d->nparts[u][k] ? (uint32_t)d->part[u][k][0] : (uint32_t)d->n;
            ok &= d->nparts[u][k] <= 1;
            ok &= grundy_graph_add_move(gr, (uint32_t)u, to) == GRUNDY_OK;
        }
    if (!CHECK(ok)) {
        grundy_graph_free(gr);
        return NULL;
    }
    return gr;
}

/* The loopy play of a game of the DAG d (cycles allowed, options of at most
 * one part) against the graph built by hand: every position's value and
 * outcome, and random sums' outcomes and winning moves. */
static void check_loopy(const dag *d, grundy_game *game)
{
    grundy_graph *gr = dag_graph(d);
    if (gr == NULL)
        return;
    int same = 1;
    for (int u = 0; u < d->n; u++) {
        uint32_t v = 12345, w = 54321;
        uint64_t p = (uint64_t)u;
        same &= grundy_game_value(game, GRUNDY_PLAY_LOOPY, &p, &v) == GRUNDY_OK;
        same &= grundy_graph_value(gr, GRUNDY_PLAY_LOOPY, (uint32_t)u, &w) == GRUNDY_OK;
        same &= v == w;
        same &= grundy_game_outcome(game, GRUNDY_PLAY_LOOPY, &p) ==
                grundy_graph_outcome(gr, GRUNDY_PLAY_LOOPY, (uint32_t)u);
    }
    CHECK(same);
    for (int t = 0; t < 4; t++) {
        uint64_t pos[3];
        uint32_t nodes[3];
        size_t k = 1 + (size_t)harness_below(3);
        for (size_t i = 0; i < k; i++) {
            pos[i] = harness_below((unsigned long long)d->n);
            nodes[i] = (uint32_t)pos[i];
        }
        int outcome = grundy_graph_sum_outcome(gr, GRUNDY_PLAY_LOOPY, nodes, k);
        CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_LOOPY, pos, k), outcome);
        /* A winning move: to a P-position from N, keeping the draw from D. */
        uint64_t moves[3];
        int found = grundy_game_sum_winning_move(game, GRUNDY_PLAY_LOOPY, pos, k, moves);
        CHECK_EQ(found, outcome != GRUNDY_P);
        for (size_t i = 0; found == 1 && i < k; i++) {
            if (moves[i] == GRUNDY_NO_MOVE)
                continue;
            size_t np = 9;
            uint32_t to = 0;
            CHECK_EQ(grundy_graph_move(gr, nodes[i], moves[i], &to, 1, &np), GRUNDY_OK);
            nodes[i] = to;
            CHECK_EQ(grundy_graph_sum_outcome(gr, GRUNDY_PLAY_LOOPY, nodes, k),
                     outcome == GRUNDY_N ? GRUNDY_P : GRUNDY_D);
            nodes[i] = (uint32_t)pos[i];
        }
        /* Every winning move: as the graph lists them. */
        size_t c1[3 * DAG_MAXMOVES], c2[3 * DAG_MAXMOVES], n1 = 99, n2 = 98;
        uint64_t m1[3 * DAG_MAXMOVES], m2[3 * DAG_MAXMOVES];
        CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_LOOPY, pos, k, c1, m1,
                                               3 * DAG_MAXMOVES, &n1), GRUNDY_OK);
        CHECK_EQ(grundy_graph_sum_winning_moves(gr, GRUNDY_PLAY_LOOPY, nodes, k, c2, m2,
                                                3 * DAG_MAXMOVES, &n2), GRUNDY_OK);
        if (CHECK_EQ(n1, n2))
            CHECK(memcmp(c1, c2, n1 * sizeof *c1) == 0 && memcmp(m1, m2, n1 * sizeof *m1) == 0);
    }
    grundy_graph_free(gr);
}

static void test_random_cycles(void)
{
    int rounds = harness_quick() ? 300 : 2000, some_cyclic = 0, some_not = 0;
    for (int r = 0; r < rounds; r++) {
        static counted_dag cd;
        memset(&cd, 0, sizeof cd);
        int misere = r % 3 == 0; /* misère options have at most one part */
        random_cyclic(&cd.d, !misere, 2 + (unsigned long long)(r % 12));
        const dag *d = &cd.d;
        int value[DAG_MAXN];
        int cyclic = cyclic_brute(d, misere, value);
        some_cyclic += cyclic > 0;
        some_not += cyclic < d->n;

        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &cd, NULL), GRUNDY_OK))
            return;
        int play = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
        int order[DAG_MAXN];
        random_permutation(order, d->n);
        /* Twice: the second time, nothing new is generated. */
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < d->n; i++) {
                int u = order[i];
                uint32_t v = 12345;
                int rc = value_of(game, play, (uint64_t)u, &v);
                if (value[u] < 0) {
                    CHECK_EQ(rc, GRUNDY_ECYCLE);
                    CHECK(strlen(grundy_game_errmsg(game)) > 0);
                } else {
                    CHECK_EQ(rc, GRUNDY_OK);
                    CHECK_EQ(v, value[u]);
                }
            }
            /* What reaches no cycle is stored, generated once; the rest never. */
            int once = 1;
            for (int u = 0; u < d->n; u++)
                once &= value[u] < 0 || cd.calls[u] == 1;
            CHECK(once);
            uint64_t stored = 0;
            grundy_game_stats(game, &stored, NULL);
            CHECK_EQ(stored, d->n - cyclic);
        }
        CHECK_EQ(cd.bad_pos, 0);
        /* Without splits, the loopy play on the same game: as a graph says. */
        if (misere)
            check_loopy(d, game);
        grundy_game_free(game);
    }
    /* The rounds cover both kinds of node. */
    CHECK(some_cyclic > rounds / 4);
    CHECK(some_not > rounds / 4);
}

/* ------------------------------------------------------------------------ */
/* A hand-made game for split options with 0 to 3 parts and the cap of
 * grundy_game_sum_winning_move(). */

static int split_moves(void *user, uint64_t pos, grundy_options *out)
{
    (void)user;
    switch (pos) {
    case 0:
        return 0;
    case 1:
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){0}, 1));
        return 0;
    case 2:
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){0}, 1));
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){1}, 1));
        return 0;
    case 10: /* {1} = 1, {1, 1, 0} = 0, {2} = 2: value 3, one winning move */
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){1}, 1));
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){1, 1, 0}, 3));
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){2}, 1));
        return 0;
    case 11: /* only the finished game: value 1 */
        ADD_OR_RETURN(grundy_options_add(out, NULL, 0));
        return 0;
    case 12: /* only {2, 1} = 3: value 0 */
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){2, 1}, 2));
        return 0;
    case 13: /* {2, 2} = 0, {11, 2} = 3, {1} = 1: value 2 */
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){2, 2}, 2));
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){11, 2}, 2));
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){1}, 1));
        return 0;
    default:
        return GRUNDY_ERANGE;
    }
}

static void test_splits(void)
{
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, split_moves, NULL, NULL), GRUNDY_OK);
    const uint32_t expect[][2] = {{0, 0}, {1, 1}, {2, 2}, {10, 3}, {11, 1}, {12, 0}, {13, 2}};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        uint32_t v = 99;
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, expect[i][0], &v), GRUNDY_OK);
        CHECK_EQ(v, expect[i][1]);
    }
    uint32_t v;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 7, &v), GRUNDY_ERANGE);

    const uint64_t sentinel = 0xdeadbeefu;
    uint64_t parts[4];
    size_t comp;
    size_t np;
    /* The one winning move of 10 is the three-part split {1, 1, 0}. */
    for (uint32_t cap = 0; cap <= 4; cap++) {
        for (int i = 0; i < 4; i++)
            parts[i] = sentinel;
        np = 99;
        comp = 99;
        CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){10}, 1, &comp, parts, cap, &np), 1);
        CHECK_EQ(comp, 0);
        CHECK_EQ(np, 3); /* the true count, whatever the room */
        for (uint32_t i = cap < 3 ? cap : 3; i < 4; i++)
            CHECK_EQ(parts[i], sentinel); /* nothing written beyond cap */
        if (cap >= 3) {
            sort_u64(parts, 3);
            CHECK(parts[0] == 0 && parts[1] == 1 && parts[2] == 1);
        } else if (cap >= 1) {
            CHECK(parts[0] <= 1);
        }
    }
    /* A move to the finished game has no parts. */
    parts[0] = sentinel;
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){11}, 1, &comp, parts, 4, &np), 1);
    CHECK_EQ(np, 0);
    CHECK_EQ(parts[0], sentinel);
    /* P-positions and P-sums have no winning move. */
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){12}, 1, &comp, parts, 4, &np), 0);
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){10, 13, 11}, 3, &comp, parts, 4, &np), 0);
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){2, 2, 0}, 3, &comp, parts, 4, &np), 0);
    CHECK_EQ(winning_parts(game, 8, NULL, 0, &comp, parts, 4, &np), 0);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){10, 13, 11}, 3,
                                   &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){10, 13}, 2, &v),
             GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* 10 + 2 (3 xor 2 = 1): only 10 can move, to value 2, i.e. to {2}. */
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){10, 2}, 2, &comp, parts, 4, &np), 1);
    CHECK_EQ(comp, 0);
    CHECK(np == 1 && parts[0] == 2);
    /* 12 + 13 (0 xor 2): 13 must move to value 0, the split {2, 2}. */
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){12, 13}, 2, &comp, parts, 4, &np), 1);
    CHECK_EQ(comp, 1);
    CHECK(np == 2 && parts[0] == 2 && parts[1] == 2);
    /* 13 + 1 (2 xor 1 = 3): 13 to value 1 ({1}) is the only way. */
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){13, 1}, 2, &comp, parts, 4, &np), 1);
    CHECK_EQ(comp, 0);
    CHECK(np == 1 && parts[0] == 1);
    /* A sum reaching an erroring position reports the generator's status. */
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){1, 8}, 2, &v),
             GRUNDY_ERANGE);
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){1, 8}, 2, &comp, parts, 4, &np),
             GRUNDY_ERANGE);
    grundy_game_free(game);
}


/* split_moves' options, as the test's own table. */
typedef struct split_row {
    uint64_t pos;
    int nopts;
    int np[3];
    uint64_t parts[3][3];
} split_row;

static const split_row split_table[] = {
    {0, 0, {0}, {{0}}},
    {1, 1, {1}, {{0}}},
    {2, 2, {1, 1}, {{0}, {1}}},
    {10, 3, {1, 3, 1}, {{1}, {1, 1, 0}, {2}}},
    {11, 1, {0}, {{0}}},
    {12, 1, {2}, {{2, 1}}},
    {13, 3, {2, 2, 1}, {{2, 2}, {11, 2}, {1}}},
};

static const split_row *split_row_of(uint64_t pos)
{
    for (size_t i = 0; i < sizeof split_table / sizeof split_table[0]; i++)
        if (split_table[i].pos == pos)
            return &split_table[i];
    return NULL;
}

/* The sum c[0 .. k) after move j of component i. */
static int split_after(const uint64_t *c, int k, int i, int j, uint64_t *next)
{
    const split_row *row = split_row_of(c[i]);
    int n = 0;
    for (int q = 0; q < k; q++)
        if (q != i)
            next[n++] = c[q];
    for (int q = 0; q < row->np[j]; q++)
        next[n++] = row->parts[j][q];
    return n;
}

/* The misère outcome of a sum of split_moves positions, by searching its
 * game tree: with no move left the player to move has won. */
static int split_misere(const uint64_t *c, int k)
{
    int any = 0;
    for (int i = 0; i < k; i++) {
        const split_row *row = split_row_of(c[i]);
        for (int j = 0; j < row->nopts; j++) {
            uint64_t next[32];
            any = 1;
            if (split_misere(next, split_after(c, k, i, j, next)) == GRUNDY_P)
                return GRUNDY_N;
        }
    }
    return any ? GRUNDY_P : GRUNDY_N;
}

/* Plays other than normal on a game with split options: refused where the
 * play has no splits; misère sums searched, against the brute force. */
static void test_split_plays(void)
{
    grundy_game *game;
    if (!CHECK_EQ(grundy_game_new_u64(&game, split_moves, NULL, NULL), GRUNDY_OK))
        return;
    uint32_t v = 99;
    /* Selective play too: a split's parts would join the selective
     * compound, so normal values (which allow splits) are not its numbers
     * there; the graph refuses splits under it alike. */
    const int one_part[] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE,
                            GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SHORTENED, GRUNDY_PLAY_SELECTIVE};
    for (size_t i = 0; i < 6; i++) {
        CHECK_EQ(value_of(game, one_part[i], 10, &v), GRUNDY_EINVAL);
        CHECK(strstr(grundy_game_errmsg(game), "3 parts") != NULL);
        CHECK_EQ(value_of(game, one_part[i], 2, &v), GRUNDY_OK); /* no split below 2 */
    }
    /* Normal values allow the splits; the loopy play's graph takes none. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 10, &v), GRUNDY_OK);
    CHECK_EQ(v, 3);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, 10, &v), GRUNDY_EINVAL);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_SELECTIVE, (const uint64_t[]){10}, 1),
             GRUNDY_EINVAL);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    /* Misère sums: searched (splits and all), never by the SJ theorem where
     * the sum reaches a split. */
    const uint64_t sums[][3] = {{10}, {13}, {12}, {11}, {0}, {10, 13}, {12, 13}, {10, 2},
                                {11, 11}, {13, 13, 1}, {12, 12, 10}, {2, 1, 11}};
    const int lens[] = {1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3};
    for (size_t t = 0; t < sizeof lens / sizeof lens[0]; t++) {
        const uint64_t *c = sums[t];
        int k = lens[t], outcome = split_misere(c, k);
        int splits = 0; /* 10, 12 and 13 reach splits; the others do not */
        for (int i = 0; i < k; i++)
            splits |= c[i] == 10 || c[i] == 12 || c[i] == 13;
        CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, c, (size_t)k), outcome);
        if (splits)
            CHECK_EQ(grundy_game_last_method(game), GRUNDY_BY_SEARCH);
        CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, c,
                                         (size_t)k), outcome);
        CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, c, (size_t)k),
                 splits ? GRUNDY_EINVAL : outcome);
        size_t want_c[16], got_c[16], want = 0, count = 99;
        uint64_t want_m[16], got_m[16], next[32];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < split_row_of(c[i])->nopts; j++)
                if (split_misere(next, split_after(c, k, i, j, next)) == GRUNDY_P) {
                    want_c[want] = (size_t)i;
                    want_m[want++] = (uint64_t)j;
                }
        CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_MISERE, c, (size_t)k, got_c,
                                               got_m, 16, &count), GRUNDY_OK);
        if (CHECK_EQ(count, want))
            CHECK(memcmp(got_c, want_c, want * sizeof *got_c) == 0 &&
                  memcmp(got_m, want_m, want * sizeof *got_m) == 0);
        uint64_t moves[3] = {7, 7, 7};
        int found = grundy_game_sum_winning_move(game, GRUNDY_PLAY_MISERE, c, (size_t)k, moves);
        CHECK_EQ(found, want > 0);
        for (int i = 0; found == 1 && i < k; i++)
            if (moves[i] != GRUNDY_NO_MOVE)
                CHECK_EQ(split_misere(next, split_after(c, k, i, (int)moves[i], next)),
                         GRUNDY_P);
    }
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Three heaps in one position: 3 bytes (one per heap) or 12 bytes (a uint32_t
 * per heap), with Nim or the subtraction game {1, 3, 4} on each heap. */

#define HMAX 24 /* heaps for the brute force */

typedef struct heaps3 {
    int width;    /* bytes per heap: 1 or 4 */
    int rule;     /* 0: Nim, 1: subtract 1, 3 or 4 */
    int canon_on; /* set when the canonicalising callback is set */
    int searching; /* set around winning-move searches, which may pass the
                      caller's component as given, not canonicalised */
    long calls, not_canonical, canon_calls;
    unsigned char last[12]; /* the position of the last generator call */
    void *expect_user;
    long wrong_user;
} heaps3;

static uint32_t h3_get(const heaps3 *h, const unsigned char *pos, int i)
{
    if (h->width == 1)
        return pos[i];
    uint32_t x;
    memcpy(&x, pos + 4 * i, 4);
    return x;
}

static void h3_set(const heaps3 *h, unsigned char *pos, int i, uint32_t x)
{
    if (h->width == 1)
        pos[i] = (unsigned char)x;
    else
        memcpy(pos + 4 * i, &x, 4);
}

static void h3_make(const heaps3 *h, unsigned char *pos, uint32_t a, uint32_t b, uint32_t c)
{
    memset(pos, 0, 12);
    h3_set(h, pos, 0, a);
    h3_set(h, pos, 1, b);
    h3_set(h, pos, 2, c);
}

static int take_ok(int rule, uint32_t take)
{
    return rule == 0 ? take >= 1 : (take == 1 || take == 3 || take == 4);
}

static int h3_moves(void *user, const void *pos, grundy_options *out)
{
    heaps3 *h = user;
    unsigned char buf[12];
    h->calls++;
    memcpy(buf, pos, (size_t)(3 * h->width));
    memcpy(h->last, pos, (size_t)(3 * h->width));
    if (h->canon_on && !h->searching && !(h3_get(h, buf, 0) <= h3_get(h, buf, 1) &&
                         h3_get(h, buf, 1) <= h3_get(h, buf, 2)))
        h->not_canonical++;
    /* The middle heap's options go in one grundy_options_add_each call. */
    unsigned char many[HMAX * 12];
    size_t nmany = 0, ps = (size_t)(3 * h->width);
    for (int i = 0; i < 3; i++) {
        uint32_t x = h3_get(h, buf, i);
        for (uint32_t t = 1; t <= x; t++) {
            if (!take_ok(h->rule, t))
                continue;
            h3_set(h, buf, i, x - t);
            int rc = 0;
            if (i == 1 && nmany < HMAX)
                memcpy(many + ps * nmany++, buf, ps);
            else
                rc = grundy_options_add(out, buf, 1);
            h3_set(h, buf, i, x);
            if (rc != 0)
                return rc;
        }
    }
    return grundy_options_add_each(out, many, nmany);
}

static void h3_canon(void *user, void *pos)
{
    heaps3 *h = user;
    h->canon_calls++;
    if (user != h->expect_user)
        h->wrong_user++;
    uint32_t a[3];
    for (int i = 0; i < 3; i++)
        a[i] = h3_get(h, pos, i);
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint32_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
        }
    for (int i = 0; i < 3; i++)
        h3_set(h, pos, i, a[i]);
}

/* One heap's value, by the plain mex loop. */
static uint32_t heap_value(int rule, uint32_t x)
{
    if (rule == 0)
        return x;
    static uint32_t g[1024];
    static int filled;
    if (!filled) {
        for (uint32_t n = 0; n < 1024; n++) {
            int seen[8] = {0};
            for (uint32_t t = 1; t <= n; t++)
                if (take_ok(1, t))
                    seen[g[n - t]] = 1;
            uint32_t m = 0;
            while (seen[m])
                m++;
            g[n] = m;
        }
        filled = 1;
    }
    return g[x];
}

/* The three-heap position's value by recursive mex over its own moves, not
 * using the xor rule. */
static int brute3_memo[2][HMAX + 1][HMAX + 1][HMAX + 1];

static int brute3(int rule, int a, int b, int c)
{
    int *slot = &brute3_memo[rule][a][b][c];
    if (*slot >= 0)
        return *slot;
    int seen[3 * HMAX + 2] = {0};
    int h[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        for (int t = 1; t <= h[i]; t++) {
            if (!take_ok(rule, (uint32_t)t))
                continue;
            h[i] -= t;
            int x = brute3(rule, h[0], h[1], h[2]);
            h[i] += t;
            if (x < 3 * HMAX + 2)
                seen[x] = 1;
        }
    int m = 0;
    while (seen[m])
        m++;
    return *slot = m;
}

static uint32_t h3_value(const heaps3 *h, const unsigned char *pos)
{
    return heap_value(h->rule, h3_get(h, pos, 0)) ^ heap_value(h->rule, h3_get(h, pos, 1)) ^
           heap_value(h->rule, h3_get(h, pos, 2));
}

/* Is the position `opt` one move from `from`: the same heaps in the same
 * places but one, which is smaller by an allowed amount? */
static int h3_is_move(const heaps3 *h, const unsigned char *from, const unsigned char *opt)
{
    int changed = 0, ok = 1;
    for (int i = 0; i < 3; i++) {
        uint32_t a = h3_get(h, from, i), b = h3_get(h, opt, i);
        if (a != b) {
            changed++;
            ok &= a > b && take_ok(h->rule, a - b);
        }
    }
    return ok && changed == 1;
}

/* Is the position `opt` one move from `from` (up to the order of heaps)? */
static int h3_is_option(const heaps3 *h, const unsigned char *from, const unsigned char *opt)
{
    uint32_t a[3], b[3];
    for (int i = 0; i < 3; i++) {
        a[i] = h3_get(h, from, i);
        b[i] = h3_get(h, opt, i);
    }
    for (int i = 0; i < 3; i++) { /* try each heap as the one moved in */
        for (int j = 0; j < 3; j++) {
            if (a[i] <= b[j] || !take_ok(h->rule, a[i] - b[j]))
                continue;
            /* the other two heaps must match the other two, in some order */
            uint32_t ra[2], rb[2];
            int na = 0, nb = 0;
            for (int k = 0; k < 3; k++) {
                if (k != i)
                    ra[na++] = a[k];
                if (k != j)
                    rb[nb++] = b[k];
            }
            if ((ra[0] == rb[0] && ra[1] == rb[1]) || (ra[0] == rb[1] && ra[1] == rb[0]))
                return 1;
        }
    }
    return 0;
}

static void h3_run(int width, int rule, int canon, uint64_t *stored_out)
{
    uint32_t H = harness_quick() ? 14 : HMAX;
    heaps3 h = {width, rule, 0, 0, 0, 0, 0, {0}, NULL, 0};
    h.expect_user = &h;
    grundy_game *game;
    size_t ps = (size_t)(3 * width);
    if (!CHECK_EQ(grundy_game_new(&game, ps, h3_moves, &h, NULL), GRUNDY_OK))
        return;
    if (canon) {
        CHECK_EQ(grundy_game_set_canon(game, h3_canon), GRUNDY_OK);
        h.canon_on = 1;
    }
    unsigned char pos[12];
    /* The top position (unsorted on purpose) reaches every one below it. */
    h3_make(&h, pos, H, H - 1, H - 2);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v), GRUNDY_OK);
    CHECK_EQ(v, h3_value(&h, pos));
    CHECK_EQ(v, brute3(rule, (int)H, (int)H - 1, (int)H - 2));
    uint64_t stored = 0, bytes = 0;
    grundy_game_stats(game, &stored, &bytes);
    /* Exactly the reachable positions, or their sorted classes. */
    uint64_t expect;
    if (canon) {
        expect = 0;
        for (uint32_t a = 0; a <= H; a++)
            for (uint32_t b = a; b <= H; b++)
                for (uint32_t c = b; c <= H; c++)
                    expect += a <= H - 2 && b <= H - 1;
    } else {
        expect = (uint64_t)(H + 1) * H * (H - 1);
    }
    CHECK_EQ(stored, expect);
    CHECK_EQ(h.calls, expect); /* each generated once */
    CHECK_EQ(h.not_canonical, 0);
    CHECK_EQ(h.wrong_user, 0);
    if (canon)
        CHECK(h.canon_calls > 0);
    *stored_out = stored;

    /* Every position below the top, in any heap order: memoized already. */
    long calls_before = h.calls;
    int ok = 1;
    for (int t = 0; t < 400; t++) {
        uint32_t x[3] = {(uint32_t)harness_below(H - 1), (uint32_t)harness_below(H - 1),
                         (uint32_t)harness_below(H - 1)};
        h3_make(&h, pos, x[0], x[1], x[2]);
        v = 12345;
        ok &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v) == GRUNDY_OK;
        ok &= v == h3_value(&h, pos);
        ok &= (int)v == brute3(rule, (int)x[0], (int)x[1], (int)x[2]);
        ok &= grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, pos) == (v ? GRUNDY_N : GRUNDY_P);
    }
    CHECK(ok);
    CHECK_EQ(h.calls, calls_before);

    /* Sums of 1 to 3 positions, some beyond what is stored (heaps up to 300
     * when a heap has 4 bytes). */
    uint32_t big = width == 4 ? 300 : 255;
    for (int t = 0; t < 60; t++) {
        unsigned char sum[3 * 12];
        size_t k = 1 + (size_t)harness_below(3);
        uint32_t x = 0;
        for (size_t i = 0; i < k; i++) {
            if (t % 5 == 0 && i == 0) /* one big heap with two small ones */
                h3_make(&h, pos, (uint32_t)harness_below(4), big - (uint32_t)harness_below(50),
                        (uint32_t)harness_below(4));
            else
                h3_make(&h, pos, (uint32_t)harness_below(H + 1), (uint32_t)harness_below(H + 1),
                        (uint32_t)harness_below(H + 1));
            memcpy(sum + i * ps, pos, ps);
            x ^= h3_value(&h, pos);
        }
        CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, sum, k, &v), GRUNDY_OK);
        CHECK_EQ(v, x);
        size_t comp = 99;
        unsigned char parts[2 * 12];
        size_t np = 99;
        long calls = h.calls;
        h.searching = 1;
        int found = winning_parts(game, ps, sum, k, &comp, parts, 2, &np);
        h.searching = 0;
        CHECK_EQ(found, x != 0);
        if (found == 1 && CHECK(comp < k) && CHECK_EQ(np, 1)) {
            CHECK(h3_is_option(&h, sum + comp * ps, parts));
            CHECK_EQ(x ^ h3_value(&h, sum + comp * ps) ^ h3_value(&h, parts), 0);
            /* The component's options are generated once more, from the
             * position as given, so the move is a move of that position;
             * and once by grundy_game_move(), from it too. */
            CHECK_EQ(h.calls - calls, 2);
            CHECK(memcmp(h.last, sum + comp * ps, ps) == 0);
            CHECK(h3_is_move(&h, sum + comp * ps, parts));
        }
    }
    CHECK_EQ(h.not_canonical, 0);
    /* Positions are stored now: the canonicalising callback is frozen. */
    CHECK_EQ(grundy_game_set_canon(game, canon ? NULL : h3_canon), GRUNDY_ESTATE);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v), GRUNDY_OK);
    CHECK_EQ(v, h3_value(&h, pos));
    CHECK_EQ(h.not_canonical, 0);
    grundy_game_free(game);
}

/* A u64 game with canonical forms: two heaps packed as a * 2^shift + b
 * (shift 32, or 6 for a dense game); user counts calls. */
static int pair_moves_by(long *calls, uint64_t pos, unsigned shift, grundy_options *out)
{
    ++*calls;
    uint64_t a = pos >> shift, b = pos & ((1ull << shift) - 1);
    if (a > b)
        calls[1]++; /* not canonical */
    for (uint64_t t = 1; t <= a; t++)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){((a - t) << shift) | b}, 1));
    /* The second heap's options in one call, canonicalised one by one when
     * the game has a canonical form. */
    uint64_t opts[64];
    size_t n = 0;
    if (b > 64)
        return GRUNDY_ERANGE; /* the positions of this test stay below */
    for (uint64_t t = 1; t <= b; t++)
        opts[n++] = (a << shift) | (b - t);
    return grundy_options_add_each(out, opts, n);
}

static int pair_moves(void *user, uint64_t pos, grundy_options *out)
{
    return pair_moves_by(user, pos, 32, out);
}

static uint64_t pair_canon_by(uint64_t p, unsigned shift)
{
    uint64_t a = p >> shift, b = p & ((1ull << shift) - 1);
    return a > b ? (b << shift) | a : p;
}

static void pair_canon(void *user, void *pos)
{
    (void)user;
    uint64_t p;
    memcpy(&p, pos, 8);
    p = pair_canon_by(p, 32);
    memcpy(pos, &p, 8);
}

static void test_canon(void)
{
    uint64_t plain = 0, canon = 0;
    for (int width = 1; width <= 4; width += 3)
        for (int rule = 0; rule < 2; rule++) {
            h3_run(width, rule, 0, &plain);
            h3_run(width, rule, 1, &canon);
            CHECK(canon < plain);
        }

    /* u64 positions: the callback sees the 8 bytes of the value. */
    for (int with = 0; with < 2; with++) {
        long calls[2] = {0, 0};
        grundy_game *game;
        CHECK_EQ(grundy_game_new_u64(&game, pair_moves, calls, NULL), GRUNDY_OK);
        if (with)
            CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK);
        uint32_t v;
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, (40ull << 32) | 30, &v), GRUNDY_OK);
        CHECK_EQ(v, 40 ^ 30);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, with ? 31 * 32 / 2 + 31 * 10 : 41 * 31);
        CHECK_EQ(calls[1], with ? 0 : 30 * 31 / 2 + 31 * 10); /* a > b: only without */
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, (7ull << 32) | 29, &v), GRUNDY_OK);
        CHECK_EQ(v, 7 ^ 29);
        CHECK_EQ(calls[0], (long)stored);
        grundy_game_free(game);
    }
}

/* pair_canon by value, for grundy_game_set_canon_u64(); user counts calls. */
static uint64_t pair_canon_u64(void *user, uint64_t p)
{
    ((long *)user)[2]++;
    return pair_canon_by(p, 32);
}

/* The same with the heaps packed as a * 64 + b, for a dense game. */
static int pair64_moves(void *user, uint64_t pos, grundy_options *out)
{
    return pair_moves_by(user, pos, 6, out);
}

static void pair64_canon(void *user, void *pos)
{
    (void)user;
    uint64_t p;
    memcpy(&p, pos, 8);
    p = pair_canon_by(p, 6);
    memcpy(pos, &p, 8);
}

static uint64_t pair64_canon_u64(void *user, uint64_t p)
{
    ((long *)user)[2]++;
    return pair_canon_by(p, 6);
}

/* A game of pairs of heaps under both kinds of canonical callback. */
typedef struct canon_case {
    int dense, by_value;
    long calls[3]; /* generator calls, non-canonical positions seen, u64 canon calls */
    grundy_game *game;
} canon_case;

static void canon_case_new(canon_case *c, int dense, int by_value)
{
    memset(c, 0, sizeof *c);
    c->dense = dense;
    c->by_value = by_value;
    grundy_moves_u64_fn moves = dense ? pair64_moves : pair_moves;
    CHECK_EQ(dense ? grundy_game_new_dense(&c->game, 64 * 64, moves, c->calls, NULL)
                   : grundy_game_new_u64(&c->game, moves, c->calls, NULL),
             GRUNDY_OK);
    if (by_value)
        CHECK_EQ(grundy_game_set_canon_u64(c->game, dense ? pair64_canon_u64 : pair_canon_u64),
                 GRUNDY_OK);
    else
        CHECK_EQ(grundy_game_set_canon(c->game, dense ? pair64_canon : pair_canon), GRUNDY_OK);
}

static uint64_t canon_case_pos(const canon_case *c, uint64_t a, uint64_t b)
{
    return c->dense ? a << 6 | b : a << 32 | b;
}

/* grundy_game_set_canon_u64 against grundy_game_set_canon on the same
 * games (the hashed word memo and the dense one): every value under two
 * plays, sums and their winning moves, the positions stored and the
 * generator's calls identical, no position seen that is not canonical. */
static void test_canon_u64(void)
{
    for (int dense = 0; dense < 2; dense++) {
        canon_case c[2];
        for (int by_value = 0; by_value < 2; by_value++)
            canon_case_new(&c[by_value], dense, by_value);
        static const int plays[] = {GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE};
        for (int pi = 0; pi < 2; pi++)
            for (uint64_t a = 0; a <= 12; a++)
                for (uint64_t b = 0; b <= 12; b++) {
                    uint32_t v[2];
                    for (int k = 0; k < 2; k++)
                        CHECK_EQ(value_of(c[k].game, plays[pi], canon_case_pos(&c[k], a, b), &v[k]),
                                 GRUNDY_OK);
                    CHECK_EQ(v[0], v[1]);
                    if (plays[pi] == GRUNDY_PLAY_NORMAL)
                        CHECK_EQ(v[1], (uint32_t)(a ^ b));
                }
        uint64_t stored[2], sum[2][2], moves[2][2];
        for (int k = 0; k < 2; k++) {
            grundy_game_stats(c[k].game, &stored[k], NULL);
            CHECK_EQ(c[k].calls[1], 0);
            sum[k][0] = canon_case_pos(&c[k], 9, 4);
            sum[k][1] = canon_case_pos(&c[k], 2, 7);
            CHECK_EQ(grundy_game_sum_winning_move(c[k].game, GRUNDY_PLAY_NORMAL, sum[k], 2, moves[k]),
                     1);
        }
        CHECK_EQ(stored[0], stored[1]);
        CHECK_EQ(c[0].calls[0], c[1].calls[0]);
        CHECK_EQ(c[0].calls[2], 0);
        CHECK(c[1].calls[2] > 0);
        CHECK_EQ(moves[0][0], moves[1][0]);
        CHECK_EQ(moves[0][1], moves[1][1]);
        for (int k = 0; k < 2; k++) {
            /* Stored positions: the canonical form is fixed now. */
            CHECK_EQ(grundy_game_set_canon_u64(c[k].game, NULL), GRUNDY_ESTATE);
            CHECK(strstr(grundy_game_errmsg(c[k].game), "once positions are stored") != NULL);
            grundy_game_free(c[k].game);
        }
    }

    /* One canonical form a game: each call replaces the other's, NULL removes it. */
    long calls[3] = {0, 0, 0};
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, pair_moves, calls, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon_u64(game, pair_canon_u64), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, (5ull << 32) | 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 5 ^ 3);
    CHECK_EQ(calls[1], 0);
    CHECK(calls[2] > 0);
    grundy_game_free(game);
    memset(calls, 0, sizeof calls);
    CHECK_EQ(grundy_game_new_u64(&game, pair_moves, calls, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon_u64(game, pair_canon_u64), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon_u64(game, NULL), GRUNDY_OK);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, (5ull << 32) | 3, &v), GRUNDY_OK);
    CHECK_EQ(calls[2], 0);
    CHECK(calls[1] > 0); /* 5 > 3: not canonical, and nothing made it so */
    grundy_game_free(game);

    /* Positions of other sizes have no uint64_t form. */
    CHECK_EQ(grundy_game_set_canon_u64(NULL, pair_canon_u64), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 3, h3_moves, NULL, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon_u64(game, pair_canon_u64), GRUNDY_EINVAL);
    CHECK(strstr(grundy_game_errmsg(game), "positions of 3 bytes, not 8") != NULL);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Chains: position n has the option n - 1 (and n - 2 in mode 1);
 * in mode 2 also positions at or above CYCLE_BASE form cycles (see below). */

typedef struct chain {
    int mode;
    long calls;
    uint64_t fail_at; /* generator fails at this position ... */
    int fail_status;  /* ... with this status (0: never) */
    int bad_add;      /* call grundy_options_add* with bad arguments first */
    int bad_add_rc[6];
} chain;

#define CYCLE_BASE 1000000000ull

static int chain_moves(void *user, uint64_t pos, grundy_options *out)
{
    chain *c = user;
    c->calls++;
    if (c->fail_status != 0 && pos == c->fail_at)
        return c->fail_status;
    if (c->bad_add) {
        const uint64_t one = 0;
        c->bad_add_rc[0] = grundy_options_add(NULL, &one, 1);
        c->bad_add_rc[1] = grundy_options_add(out, NULL, 1);
        c->bad_add_rc[2] = grundy_options_add(out, NULL, 2);
        c->bad_add_rc[3] = grundy_options_add_each(NULL, &one, 1);
        c->bad_add_rc[4] = grundy_options_add_each(out, NULL, 2);
        c->bad_add_rc[5] = grundy_options_add_each(out, NULL, 1);
    }
    if (pos >= CYCLE_BASE) {
        /* CYCLE_BASE + k for k < 5: the cycle k -> k + 1 mod 5.
         * + 10: a self loop.  + 20: a split with itself as a part.
         * + 200: options {5}, {+201}, {+202}; + 201: {6};
         *   + 202: the split {7, CYCLE_BASE + 3}, into the 5-cycle.
         * + 1000 + j: the long cycle j -> j + 1 mod L. */
        uint64_t k = pos - CYCLE_BASE;
        if (k < 5)
            return grundy_options_add(out, (const uint64_t[]){CYCLE_BASE + (k + 1) % 5}, 1);
        if (k == 10)
            return grundy_options_add(out, (const uint64_t[]){pos}, 1);
        if (k == 20)
            return grundy_options_add(out, (const uint64_t[]){3, pos}, 2);
        if (k == 200) {
            ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){5}, 1));
            ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){CYCLE_BASE + 201}, 1));
            return grundy_options_add(out, (const uint64_t[]){CYCLE_BASE + 202}, 1);
        }
        if (k == 201)
            return grundy_options_add(out, (const uint64_t[]){6}, 1);
        if (k == 202)
            return grundy_options_add(out, (const uint64_t[]){7, CYCLE_BASE + 3}, 2);
        if (k >= 1000) {
            uint64_t L = harness_quick() ? 100000 : 1000000;
            return grundy_options_add(
                out, (const uint64_t[]){CYCLE_BASE + 1000 + (k - 1000 + 1) % L}, 1);
        }
        return GRUNDY_ERANGE;
    }
    if (pos >= 1)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){pos - 1}, 1));
    if (c->mode == 1 && pos >= 2)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){pos - 2}, 1));
    return 0;
}

static void test_deep(void)
{
    uint64_t n = harness_quick() ? 100000 : 1000000;
    for (int mode = 0; mode < 2; mode++) {
        chain c = {mode, 0, 0, 0, 0, {0, 0, 0}};
        grundy_game *game;
        CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
        uint32_t v = 12345;
        uint64_t top = n + (uint64_t)mode;
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, top, &v), GRUNDY_OK);
        CHECK_EQ(v, mode ? top % 3 : top % 2);
        CHECK_EQ(c.calls, (long)top + 1);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, top + 1);
        /* Already known: no generator call. */
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, top / 2 + 1, &v), GRUNDY_OK);
        CHECK_EQ(v, mode ? (top / 2 + 1) % 3 : (top / 2 + 1) % 2);
        CHECK_EQ(c.calls, (long)top + 1);
        /* Winning moves of the top and of one above: to a position of value 0. */
        for (uint64_t w = top; w <= top + 1; w++) {
            size_t comp = 99;
            uint64_t part = 0;
            size_t np = 99;
            uint64_t wv = mode ? w % 3 : w % 2;
            int found = winning_parts(game, 8, &w, 1, &comp, &part, 1, &np);
            CHECK_EQ(found, wv != 0);
            if (found == 1 && CHECK_EQ(np, 1)) {
                CHECK(part == w - 1 || (mode == 1 && part == w - 2));
                CHECK_EQ(mode ? part % 3 : part % 2, 0);
            }
        }
        grundy_game_free(game);
    }
}

static void test_cycles(void)
{
    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(strcmp(grundy_game_errmsg(game), ""), 0);
    uint32_t v = 12345;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);

    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    long calls = c.calls;
    /* Values found before the error are kept (no new generator call). */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(c.calls, calls);
    /* The cycle is still a cycle, from anywhere on it, and from beyond. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 4, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 10, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 20, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){CYCLE_BASE + 1}),
             GRUNDY_ECYCLE);
    /* 200 has acyclic options (5, 201 -> 6) evaluated around a cyclic one. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 200, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){2,
                                   CYCLE_BASE + 202}, 2, &v),
             GRUNDY_ECYCLE);
    size_t comp;
    uint64_t part;
    size_t np;
    CHECK_EQ(winning_parts(game, 8, (const uint64_t[]){1, CYCLE_BASE}, 2, &comp, &part, 1, &np),
             GRUNDY_ECYCLE);
    /* Acyclic positions around it evaluate correctly afterwards. */
    const uint64_t after[][2] = {{CYCLE_BASE + 201, 1}, {7, 1}, {6, 0}, {5, 1}, {12, 0},
                                 {11, 1}, {4, 0}};
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
        v = 12345;
        CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, after[i][0], &v), GRUNDY_OK);
        CHECK_EQ(v, after[i][1]);
    }
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){7,
                                   CYCLE_BASE + 201, 12}, 3, &v),
             GRUNDY_OK);
    CHECK_EQ(v, 0);
    /* A long cycle: found without recursion, the game still fine after. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 1000 + 17, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 1001, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */

/* A binary tree on 0 .. N-1: p has the options 2p+1, 2p+2 and their sum,
 * where they exist.  Shallow, so the memo table is what takes memory. */
static int tree_moves(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (pos >= n)
        return GRUNDY_ERANGE;
    uint64_t kids[2] = {2 * pos + 1, 2 * pos + 2};
    uint32_t nk = (uint32_t)(kids[0] < n) + (uint32_t)(kids[1] < n);
    for (uint32_t i = 0; i < nk; i++)
        ADD_OR_RETURN(grundy_options_add(out, &kids[i], 1));
    if (nk == 2)
        ADD_OR_RETURN(grundy_options_add(out, kids, 2));
    return 0;
}

/* The tree's values, leaves up. */
static uint32_t *tree_values(uint64_t n)
{
    uint32_t *g = malloc(n * sizeof *g);
    for (uint64_t p = n; g != NULL && p-- > 0;) {
        int seen[4] = {0};
        uint64_t c1 = 2 * p + 1, c2 = 2 * p + 2;
        if (c1 < n)
            seen[g[c1]] = 1;
        if (c2 < n) {
            seen[g[c2]] = 1;
            seen[g[c1] ^ g[c2]] = 1;
        }
        uint32_t m = 0;
        while (seen[m])
            m++;
        g[p] = m;
    }
    return g;
}

/* A Nim heap: n -> every k < n, added in one call. */
static int nim_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    uint64_t opts[1024];
    if (n > 1024)
        return GRUNDY_ERANGE;
    for (uint64_t k = 0; k < n; k++)
        opts[k] = k;
    return grundy_options_add_each(out, opts, (size_t)n);
}

/* The value of Nim heap n in a new game capped at `limit` bytes. */
static int nim_under_cap(uint64_t n, size_t limit, uint64_t *bytes)
{
    grundy_game *game;
    uint32_t v = 0;
    if (!CHECK_EQ(grundy_game_new_u64(&game, nim_moves, NULL, NULL), GRUNDY_OK))
        return GRUNDY_ENOMEM;
    grundy_game_set_memory_limit(game, limit);
    int rc = value_of(game, GRUNDY_PLAY_NORMAL, n, &v);
    if (rc == GRUNDY_OK)
        CHECK_EQ(v, n);
    grundy_game_stats(game, NULL, bytes);
    grundy_game_free(game);
    return rc;
}

/* The memo grows only for the positions it gets: Nim heap 900 (every
 * smaller heap an option, so at each level all but one option are stored
 * already) needs 901 positions, which fit in 181 buckets of 7 (grown by
 * half from 16: 121 hold only 726), plus the 653 numbers above 247 in a
 * side table of 1024 slots of 12 bytes; and a cap that fits once fits at
 * every larger size. */
static void test_growth_by_need(void)
{
    uint64_t bytes = 0;
    CHECK_EQ(nim_under_cap(900, 0, &bytes), GRUNDY_OK);
    CHECK_EQ(bytes, 181 * 64 + 64 + 1024 * (8 + 4));
    size_t fits = 0;
    for (size_t limit = 20000; limit <= 200000 && fits == 0; limit += 1000)
        if (nim_under_cap(900, limit, &bytes) == GRUNDY_OK)
            fits = limit;
    if (!CHECK(fits > 0))
        return;
    /* Quick, every sixth of the larger caps. */
    const size_t step = harness_quick() ? 6000 : 1000;
    int all = 1;
    for (size_t limit = fits; limit <= fits + 60000; limit += step)
        all &= nim_under_cap(900, limit, &bytes) == GRUNDY_OK;
    CHECK(all);
}

/* Callbacks that call back into their own game, recording the answers. */
typedef struct reentrant {
    grundy_game *game;
    int value_rc, move_rc; /* 99: no call made */
    int other_rc[10];      /* the other calls that compute */
    long progress_calls;
} reentrant;

/* Every other call of the game that computes or lists, from its callback:
 * each must be refused, and the setters must leave the game as it is. */
static void reenter_all(reentrant *r, uint64_t n)
{
    grundy_game *g = r->game;
    uint32_t v;
    uint64_t k, moves[1];
    size_t c, np;
    r->other_rc[0] = grundy_game_degree(g, &n, &k);
    r->other_rc[1] = grundy_game_move(g, &n, 0, &k, 1, &np);
    r->other_rc[2] = grundy_game_sum_outcome(g, GRUNDY_PLAY_MISERE, &n, 1);
    r->other_rc[3] = grundy_game_sum_outcome(g, GRUNDY_PLAY_CONJUNCTIVE, &n, 1);
    r->other_rc[4] = grundy_game_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &n, 1, &c, &k, 1, &np);
    r->other_rc[5] = grundy_game_sum_winning_move(g, GRUNDY_PLAY_WTIA, &n, 1, moves);
    r->other_rc[6] = value_of(g, GRUNDY_PLAY_LOOPY, n, &v);
    r->other_rc[7] = grundy_game_sum_value(g, GRUNDY_PLAY_NORMAL, &n, 1, &v);
    r->other_rc[8] = grundy_game_set_canon(g, NULL);
    r->other_rc[9] = grundy_game_set_canon_u64(g, NULL);
    grundy_game_set_memory_limit(g, 1);
    grundy_game_set_search_limit(g, 1);
    grundy_game_set_progress(g, NULL, NULL);
}

/* n -> n - 1; at n = 3 it also asks its game for a value and a winning
 * move, and every other call. */
static int reentrant_moves(void *user, uint64_t n, grundy_options *out)
{
    reentrant *r = user;
    if (n == 3) {
        uint32_t v;
        size_t comp, np;
        uint64_t part;
        r->value_rc = value_of(r->game, GRUNDY_PLAY_NORMAL, 1, &v);
        r->move_rc = winning_parts(r->game, 8, &n, 1, &comp, &part, 1, &np);
        reenter_all(r, n);
    }
    return n ? grundy_options_add(out, (const uint64_t[]){n - 1}, 1) : 0;
}

/* Each of the other calls was refused. */
static int all_refused(const reentrant *r)
{
    int all = 1;
    for (int i = 0; i < 10; i++)
        all &= r->other_rc[i] == GRUNDY_ESTATE;
    return all;
}

static int reentrant_progress(void *user, uint64_t done, uint64_t total)
{
    reentrant *r = user;
    (void)done;
    (void)total;
    uint32_t v;
    r->progress_calls++;
    r->value_rc = value_of(r->game, GRUNDY_PLAY_NORMAL, 5, &v);
    reenter_all(r, 5);
    return 0;
}

/* A move generator or progress callback calling its own game is refused
 * with GRUNDY_ESTATE, and the evaluation under way goes on unharmed. */
static void test_reentry(void)
{
    reentrant r = {NULL, 99, 99, {0}, 0};
    grundy_game *game;
    if (!CHECK_EQ(grundy_game_new_u64(&game, reentrant_moves, &r, NULL), GRUNDY_OK))
        return;
    r.game = game;
    uint32_t v = 99;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 10, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* n -> n - 1: n % 2 */
    CHECK_EQ(r.value_rc, GRUNDY_ESTATE);
    CHECK_EQ(r.move_rc, GRUNDY_ESTATE);
    CHECK(all_refused(&r));
    /* The same from the generator of the positions' graph (misère sums,
     * loopy values), of a winning-move search and of grundy_game_degree(). */
    const uint64_t ten = 10;
    uint64_t deg = 0;
    memset(r.other_rc, 0, sizeof r.other_rc);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, &ten, 1), GRUNDY_N);
    CHECK(all_refused(&r));
    memset(r.other_rc, 0, sizeof r.other_rc);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, 9, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK(all_refused(&r));
    memset(r.other_rc, 0, sizeof r.other_rc);
    CHECK_EQ(grundy_game_degree(game, (const uint64_t[]){3}, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 1);
    CHECK(all_refused(&r));
    /* The setters called from the generator left the game as it was: no
     * memory limit of 1 byte now, no search limit of 1 sum. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_MISERE, 12, &v), GRUNDY_OK);
    CHECK_EQ(v, 1); /* misère n -> n - 1: 1 for even n */
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH,
                                     (const uint64_t[]){2, 2}, 2), GRUNDY_N); /* 4 moves */
    /* A winning-move search runs the generator on the component as given. */
    r.value_rc = r.move_rc = 99;
    uint64_t pos = 3, part = 99;
    size_t comp = 99;
    size_t np = 99;
    CHECK_EQ(winning_parts(game, 8, &pos, 1, &comp, &part, 1, &np), 1);
    CHECK_EQ(part, 2);
    CHECK_EQ(r.value_rc, GRUNDY_ESTATE);
    CHECK_EQ(r.move_rc, GRUNDY_ESTATE);
    CHECK(strstr(grundy_game_errmsg(game), "same game") != NULL);
    /* From outside, calls work again. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    grundy_game_free(game);

    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    reentrant p = {NULL, 99, 99, {0}, 0};
    if (!CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK))
        return;
    p.game = game;
    grundy_game_set_progress(game, reentrant_progress, &p);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 70000, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(p.progress_calls, 1);
    CHECK_EQ(p.value_rc, GRUNDY_ESTATE);
    CHECK(all_refused(&p));
    uint64_t stored = 0;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, 70001);
    /* The progress of the positions' graph: its callback was not removed
     * from inside, and everything it tries is refused. */
    memset(p.other_rc, 0, sizeof p.other_rc);
    p.value_rc = 99;
    long before = p.progress_calls;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, 140000, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK(p.progress_calls >= before + 2);
    CHECK_EQ(p.value_rc, GRUNDY_ESTATE);
    CHECK(all_refused(&p));
    grundy_game_free(game);
}

static void test_memory_limit(void)
{
    uint64_t n = harness_quick() ? 50000 : 200000;
    chain c = {1, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    grundy_game_set_memory_limit(game, 64 * 1024);
    uint32_t v = 12345;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 10, &v), GRUNDY_OK); /* small games fit */
    CHECK_EQ(v, 1);
    long calls;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_ELIMIT);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    uint64_t stored = 0, bytes = 0;
    grundy_game_stats(game, &stored, &bytes);
    CHECK(bytes <= 64 * 1024);
    CHECK(stored >= 11);
    /* What was found before stays found: no generator call for it. */
    calls = c.calls;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 9, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 10, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(c.calls, calls);
    /* Sums and winning moves hit the cap too. */
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){3, n}, 2, &v),
             GRUNDY_ELIMIT);
    /* No cap: the same call succeeds. */
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 3);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, n + 1);
    CHECK(bytes > 64 * 1024);
    /* A cap below what is held already: stored values still answer. */
    grundy_game_set_memory_limit(game, 64 * 1024);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n - 5, &v), GRUNDY_OK);
    CHECK_EQ(v, (n - 5) % 3);
    grundy_game_free(game);

    /* A wide, shallow game: the table itself must stay under the cap. */
    uint64_t tn = harness_quick() ? 30000 : 100000;
    uint32_t *tv = tree_values(tn);
    if (!CHECK(tv != NULL))
        return;
    CHECK_EQ(grundy_game_new_u64(&game, tree_moves, &tn, NULL), GRUNDY_OK);
    grundy_game_set_memory_limit(game, 64 * 1024);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 0, &v), GRUNDY_ELIMIT);
    grundy_game_stats(game, &stored, &bytes);
    CHECK(bytes <= 64 * 1024);
    CHECK(stored > 0 && stored < tn);
    /* Below the root, some subtrees fit. */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, tn / 2, &v), GRUNDY_OK);
    CHECK_EQ(v, tv[tn / 2]);
    grundy_game_set_memory_limit(game, 0);
    int ok = 1;
    for (uint64_t p = tn; p-- > 0;) { /* the last 1000 and the first 1000, root last */
        ok &= value_of(game, GRUNDY_PLAY_NORMAL, p, &v) == GRUNDY_OK && v == tv[p];
        if (p == tn - 1000)
            p = 1000; /* skip the middle */
    }
    CHECK(ok);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, tv[0]);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, tn);
    CHECK(bytes > 64 * 1024);
    grundy_game_free(game);
    free(tv);
}

typedef struct progress_log {
    uint64_t calls, last_done, total;
    uint64_t stop_after;
    int not_increasing;
} progress_log;

static int on_progress(void *user, uint64_t done, uint64_t total)
{
    progress_log *p = user;
    if (p->calls > 0 && done <= p->last_done)
        p->not_increasing = 1;
    p->calls++;
    p->last_done = done;
    p->total = total;
    return p->stop_after != 0 && p->calls >= p->stop_after;
}

static void test_progress_and_cancel(void)
{
    uint64_t n = 300000; /* 4.6 times 65536 */
    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    uint32_t v;

    /* Uncancelled: about n / 65536 calls, total unknown. */
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    progress_log log = {0, 0, 99, 0, 0};
    grundy_game_set_progress(game, on_progress, &log);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 2);
    CHECK(log.calls >= 3 && log.calls <= 5);
    CHECK_EQ(log.total, 0);
    CHECK_EQ(log.not_increasing, 0);
    CHECK(log.last_done <= n + 1);
    /* Nothing new to evaluate: no call. */
    log = (progress_log){0, 0, 99, 0, 0};
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n - 1, &v), GRUNDY_OK);
    CHECK_EQ(log.calls, 0);
    /* NULL removes the callback. */
    grundy_game_set_progress(game, NULL, NULL);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 2 * n, &v), GRUNDY_OK);
    CHECK_EQ(log.calls, 0);
    grundy_game_free(game);

    /* Cancelled at the second call; then a later call succeeds. */
    c.calls = 0;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    log = (progress_log){0, 0, 99, 2, 0};
    grundy_game_set_progress(game, on_progress, &log);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_ECANCELED);
    CHECK_EQ(log.calls, 2);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){1, n}, 2, &v),
             GRUNDY_ECANCELED);
    log = (progress_log){0, 0, 99, 0, 0};
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 2);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 12345, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    uint64_t stored;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, n + 1);
    grundy_game_free(game);
}


/* The positions' graph under the memory cap: refused with a message,
 * nothing kept, the memo tables untouched; and without the cap, fine. */
static void test_graph_memory_limit(void)
{
    uint64_t n = harness_quick() ? 50000 : 200000;
    chain c = {1, 0, 0, 0, 0, {0, 0, 0}};
    counting_alloc count = {0};
    grundy_allocator a = counting_allocator(&count);
    grundy_game *game;
    if (!CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, &a), GRUNDY_OK))
        return;
    const size_t cap = 256 * 1024;
    grundy_game_set_memory_limit(game, cap);
    uint32_t v = 99;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, 10, &v), GRUNDY_OK); /* small graphs fit */
    CHECK_EQ(v, 1);
    size_t before = count.live;
    count.peak = count.live;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, n, &v), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "memory limit") != NULL);
    CHECK(strstr(grundy_game_errmsg(game), "graph") != NULL);
    CHECK_EQ(count.live, before); /* the graph and its building are gone */
    CHECK(count.peak - before <= cap);
    const uint64_t big[2] = {3, n};
    uint64_t moves[2];
    size_t comps[4], found;
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, big, 2), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_SELECTIVE, big, 2), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_WTIA, big, 2, moves), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_LOOPY, big, 2, comps, moves, 4,
                                           &found), GRUNDY_ELIMIT);
    CHECK_EQ(count.live, before);
    uint64_t stored = 99;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, 0); /* graphs store nothing in the memo tables */
    /* No cap: the same calls succeed. */
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 3);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_LOOPY, big, 2, comps, moves, 4,
                                           &found), GRUNDY_OK);
    size_t want = 0; /* p -> p - 1, p - 2: moves to the value that makes the xor 0 */
    for (int i = 0; i < 2; i++)
        for (uint64_t q = big[i] - 2; q < big[i]; q++)
            want += q % 3 == (big[i] % 3 ^ (3 % 3 ^ n % 3));
    CHECK_EQ(found, want);
    CHECK_EQ(count.live, before);
    /* A small graph whose misère search is large (a sum of four chains of
     * 1500, searched: ~10^11 sums): the search keeps within the cap too. */
    grundy_game_set_memory_limit(game, cap);
    const uint64_t four[4] = {1500, 1499, 1498, 1497};
    count.peak = count.live;
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, four, 4),
             GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "memory limit") != NULL);
    CHECK(count.peak - before <= cap);
    CHECK_EQ(count.live, before);
    CHECK_EQ(count.bad_free, 0);
    grundy_game_free(game);
    CHECK_EQ(count.live, 0);
}

/* The positions' graph reports progress as the game's, increasing, while
 * it is built and while it is solved, and stops when told to in both. */
static void test_graph_progress(void)
{
    uint64_t n = 300000; /* 4.6 times 65536 positions */
    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    uint32_t v = 99;
    if (!CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK))
        return;
    progress_log log = {0, 0, 99, 0, 0};
    grundy_game_set_progress(game, on_progress, &log);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 2);
    uint64_t calls = log.calls;
    CHECK(calls >= 4); /* 4 while building, more while solving */
    CHECK_EQ(log.not_increasing, 0);
    CHECK_EQ(log.total, 0);
    /* Stopped while building, then while solving. */
    for (uint64_t stop = 2; stop <= calls; stop += calls - 2) {
        log = (progress_log){0, 0, 99, stop, 0};
        CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, n, &v), GRUNDY_ECANCELED);
        CHECK_EQ(log.calls, stop);
        CHECK(strlen(grundy_game_errmsg(game)) > 0);
    }
    log = (progress_log){0, 0, 99, 0, 0};
    CHECK_EQ(value_of(game, GRUNDY_PLAY_LOOPY, n - 1, &v), GRUNDY_OK);
    CHECK_EQ(v, (n - 1) % 2);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */

/* A 3-byte game: "abc" has the options "aaa", "bbb" (one
 * grundy_options_add_each call) and the split {"ccc", "ddd"}; every other
 * position none.  Parts are read 3 bytes at a time. */
static int three_byte_moves(void *user, const void *pos, grundy_options *out)
{
    int *rc = user;
    if (memcmp(pos, "abc", 3) != 0)
        return 0;
    rc[0] = grundy_options_add_each(out, "aaabbb", 2);
    rc[1] = grundy_options_add(out, "cccddd", 2);
    return rc[0] != 0 ? rc[0] : rc[1];
}

static void test_generator_errors(void)
{
    chain c = {0, 0, 7, GRUNDY_ERANGE, 0, {0, 0, 0}};
    grundy_game *game;
    uint32_t v;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 20, &v), GRUNDY_ERANGE);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 5, &v), GRUNDY_OK); /* below the failure */
    CHECK_EQ(v, 1);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 7, &v), GRUNDY_ERANGE);
    c.fail_status = -1000; /* any negative status is passed on */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 8, &v), -1000);
    c.fail_status = 5; /* a positive one is not a status */
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 9, &v), GRUNDY_EINVAL);
    c.fail_status = 1;
    CHECK_EQ(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, (const uint64_t[]){30}), GRUNDY_EINVAL);
    c.fail_status = GRUNDY_ENOMEM;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 9, &v), GRUNDY_ENOMEM);
    c.fail_status = 0;
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 20, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    grundy_game_free(game);

    /* Bad arguments to grundy_options_add*(): refused, nothing added. */
    chain b = {0, 0, 0, 0, 1, {99, 99, 99, 99, 99, 99}};
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &b, NULL), GRUNDY_OK);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 6, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(b.bad_add_rc[0], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[1], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[2], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[3], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[4], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[5], GRUNDY_EINVAL);
    grundy_game_free(game);

    /* Options of a game of 3-byte positions: parts of 3 bytes each. */
    int rc[2] = {99, 99};
    CHECK_EQ(grundy_game_new(&game, 3, three_byte_moves, rc, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, "abc", &v), GRUNDY_OK);
    CHECK_EQ(rc[0], GRUNDY_OK);
    CHECK_EQ(rc[1], GRUNDY_OK);
    CHECK_EQ(v, 1); /* mex{0, 0, 0 ^ 0} */
    uint64_t degree = 0;
    CHECK_EQ(grundy_game_degree(game, "abc", &degree), GRUNDY_OK);
    CHECK_EQ(degree, 3);
    char parts[7] = "??????";
    size_t np = 9;
    CHECK_EQ(grundy_game_move(game, "abc", 1, parts, 2, &np), GRUNDY_OK);
    CHECK(np == 1 && memcmp(parts, "bbb???", 6) == 0);
    CHECK_EQ(grundy_game_move(game, "abc", 2, parts, 2, &np), GRUNDY_OK);
    CHECK(np == 2 && memcmp(parts, "cccddd", 6) == 0);
    grundy_game_free(game);
}

/* Positions of the largest size: byte 0 counts down, the rest is noise
 * that must be kept as it is (it is part of the key). */
static int wide_moves(void *user, const void *pos, grundy_options *out)
{
    long *bad = user;
    const unsigned char *p = pos;
    for (size_t i = 1; i < 65536; i++)
        if (p[i] != (unsigned char)(i * 7))
            ++*bad;
    if (p[0] == 0)
        return 0;
    unsigned char *next = malloc(2 * 65536);
    if (next == NULL)
        return GRUNDY_ENOMEM;
    memcpy(next, pos, 65536);
    memcpy(next + 65536, pos, 65536);
    next[0] = (unsigned char)(p[0] - 1);
    int rc = grundy_options_add(out, next, 1);
    if (rc == 0 && p[0] >= 2) { /* and the split {p - 2, p - 2} = 0 */
        next[0] = next[65536] = (unsigned char)(p[0] - 2);
        rc = grundy_options_add(out, next, 2);
    }
    free(next);
    return rc;
}

static int dummy_bytes(void *user, const void *pos, grundy_options *out)
{
    (void)user; (void)pos; (void)out;
    return 0;
}

static int dummy_u64(void *user, uint64_t pos, grundy_options *out)
{
    (void)user; (void)pos; (void)out;
    return 0;
}

static void *plain_malloc(void *user, size_t size) { (void)user; return malloc(size); }
static void plain_free(void *user, void *ptr) { (void)user; free(ptr); }

static void test_arguments(void)
{
    grundy_game *game = (grundy_game *)&game;
    CHECK_EQ(grundy_game_new(NULL, 3, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 0, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    game = (grundy_game *)&game;
    CHECK_EQ(grundy_game_new(&game, 65537, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    CHECK_EQ(grundy_game_new(&game, (size_t)-1, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 3, NULL, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(NULL, dummy_u64, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(&game, NULL, NULL, NULL), GRUNDY_EINVAL);
    grundy_allocator half = {plain_malloc, NULL, plain_free, NULL};
    CHECK_EQ(grundy_game_new(&game, 3, dummy_bytes, NULL, &half), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(&game, dummy_u64, NULL, &half), GRUNDY_EINVAL);
    grundy_game_free(NULL);

    /* The largest position size works, and every byte counts. */
    long bad = 0;
    CHECK_EQ(grundy_game_new(&game, 65536, wide_moves, &bad, NULL), GRUNDY_OK);
    unsigned char *pos = malloc(65536);
    if (CHECK(pos != NULL)) {
        for (size_t i = 0; i < 65536; i++)
            pos[i] = (unsigned char)(i * 7);
        pos[0] = 5;
        uint32_t g[6] = {0, 1, 0, 0, 0, 0}; /* G(k) = mex{G(k - 1), 0} for k >= 2 */
        for (int k = 2; k < 6; k++) {
            uint32_t a = g[k - 1];
            g[k] = a == 0 ? 1 : (a == 1 ? 2 : 1); /* mex of {a, 0} */
        }
        uint32_t v = 99;
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v), GRUNDY_OK);
        CHECK_EQ(v, g[5]);
        CHECK_EQ(bad, 0);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 6);
        pos[65535] ^= 1; /* a different position, which the generator flags */
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v), GRUNDY_OK);
        CHECK(bad > 0);
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 12);
        free(pos);
    }
    grundy_game_free(game);

    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon(NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK); /* before any position */
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_OK);
    uint32_t v;
    const uint64_t p3 = 3;
    CHECK_EQ(value_of(NULL, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_EINVAL);
    CHECK_EQ(value_of(game, GRUNDY_PLAY_NORMAL, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(NULL, GRUNDY_PLAY_NORMAL, &p3, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, NULL, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_outcome(NULL, GRUNDY_PLAY_NORMAL, &p3), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, NULL, 2, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, &p3, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(NULL, GRUNDY_PLAY_NORMAL, &p3, 1, &v), GRUNDY_EINVAL);
    size_t comp, np, count;
    uint64_t part, moves[2], k;
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, &p3, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move(NULL, GRUNDY_PLAY_NORMAL, &p3, 1, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, NULL, 1, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_move(game, &p3, 0, NULL, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_move(game, &p3, 0, &part, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_move(game, NULL, 0, &part, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_move(NULL, &p3, 0, &part, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_degree(NULL, &p3, &k), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_degree(game, NULL, &k), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_degree(game, &p3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_outcome(NULL, GRUNDY_PLAY_NORMAL, &p3, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, NULL, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_moves(NULL, GRUNDY_PLAY_NORMAL, &p3, 1, &comp, moves, 2,
                                           &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, NULL, 1, &comp, moves, 2,
                                           &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, &p3, 1, &comp, NULL, 2,
                                           &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, &p3, 1, &comp, moves, 2,
                                           NULL), GRUNDY_EINVAL);
    /* What is no play, and method flags anywhere but in misère sums. */
    const int not_plays[] = {-1, 8, 99, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ,
                             GRUNDY_PLAY_NORMAL | GRUNDY_BY_GENUS, 0x1000};
    for (size_t i = 0; i < sizeof not_plays / sizeof not_plays[0]; i++) {
        CHECK_EQ(value_of(game, not_plays[i], 3, &v), GRUNDY_EINVAL);
        CHECK_EQ(grundy_game_outcome(game, not_plays[i], &p3), GRUNDY_EINVAL);
        CHECK_EQ(grundy_game_sum_value(game, not_plays[i], &p3, 1, &v), GRUNDY_EINVAL);
        CHECK(strlen(grundy_game_errmsg(game)) > 0);
    }
    const int bad_methods[] = {-1, 8, GRUNDY_PLAY_NORMAL | GRUNDY_BY_SJ,
                               GRUNDY_PLAY_WTIA | GRUNDY_BY_SEARCH, GRUNDY_PLAY_MISERE | 0x400,
                               GRUNDY_PLAY_LOOPY | GRUNDY_BY_GENUS};
    for (size_t i = 0; i < sizeof bad_methods / sizeof bad_methods[0]; i++) {
        CHECK_EQ(grundy_game_sum_outcome(game, bad_methods[i], &p3, 1), GRUNDY_EINVAL);
        CHECK_EQ(grundy_game_sum_winning_move(game, bad_methods[i], &p3, 1, moves),
                 GRUNDY_EINVAL);
        CHECK_EQ(grundy_game_sum_winning_moves(game, bad_methods[i], &p3, 1, &comp, moves, 2,
                                               &count), GRUNDY_EINVAL);
    }
    /* Plays a call does not offer: refused before anything is evaluated. */
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_SHORTENED; play++) {
        CHECK_EQ(grundy_game_sum_value(game, play, &p3, 1, &v), GRUNDY_ENOTSUP);
        CHECK(strstr(grundy_game_errmsg(game), "normal play") != NULL);
    }
    const int several[] = {GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE,
                           GRUNDY_PLAY_SHORTENED};
    for (size_t i = 0; i < 4; i++) {
        count = 99;
        CHECK_EQ(grundy_game_sum_winning_moves(game, several[i], &p3, 1, &comp, moves, 2, &count),
                 GRUNDY_ENOTSUP);
        CHECK_EQ(count, 0);
    }
    CHECK_EQ(grundy_game_last_method(NULL), 0);
    CHECK_EQ(grundy_game_last_method(game), 0); /* no misère sum yet */
    uint64_t stored = 99, bytes = 99;
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 0); /* nothing was evaluated by the refused calls */
    CHECK_EQ(c.calls, 0);
    grundy_game_stats(game, NULL, NULL);
    /* The empty sum: value 0, no winning move; P but under misère play,
     * where the player to move has already won. */
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, &p3, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(winning_parts(game, 8, &p3, 0, &comp, &part, 1, &np), 0);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, NULL, 0), GRUNDY_N);
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_MISERE, NULL, 0, NULL), 0);
    count = 99;
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_LOOPY, NULL, 0, NULL, NULL, 0,
                                           &count), GRUNDY_OK);
    CHECK_EQ(count, 0);
    /* The byte form works on u64 games (positions of 8 bytes). */
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    moves[0] = 99;
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, &p3, 1, moves), 1);
    CHECK_EQ(moves[0], 0);
    CHECK_EQ(grundy_game_move(game, &p3, moves[0], &part, 1, &np), GRUNDY_OK);
    CHECK(np == 1 && part == 2);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_ESTATE);
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_ESTATE);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 4);
    CHECK(bytes > 0);
    grundy_game_free(game);
}


/* Move k of the three-heap position pos as h3_moves lists it: heap 0's
 * moves, heap 2's, then heap 1's (given in one grundy_options_add_each
 * call), each by the amount taken, increasing.  0 if there is no move k. */
static int h3_listed(const heaps3 *h, const unsigned char *pos, uint64_t k, unsigned char *out)
{
    const int heap_order[3] = {0, 2, 1};
    for (int o = 0; o < 3; o++) {
        int i = heap_order[o];
        uint32_t x = h3_get(h, pos, i);
        for (uint32_t t = 1; t <= x; t++) {
            if (!take_ok(h->rule, t) || k-- > 0)
                continue;
            memcpy(out, pos, 12);
            h3_set(h, out, i, x - t);
            return 1;
        }
    }
    return 0;
}

/* grundy_game_degree() and grundy_game_move() on positions as given (not
 * canonicalised, though the game has a canonical form): one generator call
 * each, nothing stored, every move against the test's own list. */
static void test_degree_move(void)
{
    for (int width = 1; width <= 4; width += 3) {
        heaps3 h = {width, 1, 1, 1, 0, 0, 0, {0}, NULL, 0};
        h.expect_user = &h;
        size_t ps = (size_t)(3 * width);
        grundy_game *game;
        if (!CHECK_EQ(grundy_game_new(&game, ps, h3_moves, &h, NULL), GRUNDY_OK))
            return;
        CHECK_EQ(grundy_game_set_canon(game, h3_canon), GRUNDY_OK);
        unsigned char pos[12], want[12], got[2 * 12];
        h3_make(&h, pos, 9, 2, 5); /* not sorted: not canonical */
        uint64_t degree = 0;
        CHECK_EQ(grundy_game_degree(game, pos, &degree), GRUNDY_OK);
        CHECK_EQ(h.calls, 1);
        CHECK(memcmp(h.last, pos, ps) == 0); /* the bytes as given */
        uint64_t listed = 0;
        while (h3_listed(&h, pos, listed, want))
            listed++;
        CHECK_EQ(degree, listed);
        int same = 1;
        for (uint64_t k = 0; k < degree; k++) {
            size_t np = 9;
            memset(got, 0xee, sizeof got);
            same &= grundy_game_move(game, pos, k, got, 2, &np) == GRUNDY_OK && np == 1;
            same &= h3_listed(&h, pos, k, want) && memcmp(got, want, ps) == 0;
            same &= got[ps] == 0xee; /* one part written */
        }
        CHECK(same);
        CHECK_EQ(h.calls, 1 + (long)degree);
        /* No room: the count alone.  Past the last move: ERANGE. */
        size_t np = 9;
        CHECK_EQ(grundy_game_move(game, pos, 0, NULL, 0, &np), GRUNDY_OK);
        CHECK_EQ(np, 1);
        CHECK_EQ(grundy_game_move(game, pos, degree, got, 2, &np), GRUNDY_ERANGE);
        CHECK(strstr(grundy_game_errmsg(game), "move") != NULL);
        CHECK_EQ(grundy_game_move(game, pos, UINT64_MAX, got, 2, &np), GRUNDY_ERANGE);
        uint64_t stored = 99;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 0);
        /* The canonical form is still free to change: nothing was stored. */
        CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_OK);
        /* A terminal position: no move. */
        h3_make(&h, pos, 0, 0, 0);
        CHECK_EQ(grundy_game_degree(game, pos, &degree), GRUNDY_OK);
        CHECK_EQ(degree, 0);
        CHECK_EQ(grundy_game_move(game, pos, 0, got, 2, &np), GRUNDY_ERANGE);
        grundy_game_free(game);
    }

    /* Splits, the finished game, and a generator's failure. */
    grundy_game *game;
    if (!CHECK_EQ(grundy_game_new_u64(&game, split_moves, NULL, NULL), GRUNDY_OK))
        return;
    uint64_t degree = 0, parts[4] = {9, 9, 9, 9};
    size_t np = 9;
    CHECK_EQ(grundy_game_degree(game, (const uint64_t[]){13}, &degree), GRUNDY_OK);
    CHECK_EQ(degree, 3);
    CHECK_EQ(grundy_game_move(game, (const uint64_t[]){13}, 1, parts, 4, &np), GRUNDY_OK);
    CHECK(np == 2 && parts[0] == 11 && parts[1] == 2 && parts[2] == 9);
    CHECK_EQ(grundy_game_move(game, (const uint64_t[]){10}, 1, parts, 2, &np), GRUNDY_OK);
    CHECK(np == 3 && parts[0] == 1 && parts[1] == 1 && parts[2] == 9); /* 2 of 3 written */
    CHECK_EQ(grundy_game_move(game, (const uint64_t[]){11}, 0, parts, 4, &np), GRUNDY_OK);
    CHECK_EQ(np, 0);
    CHECK_EQ(grundy_game_degree(game, (const uint64_t[]){7}, &degree), GRUNDY_ERANGE);
    CHECK_EQ(grundy_game_move(game, (const uint64_t[]){7}, 0, parts, 4, &np), GRUNDY_ERANGE);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Every play on one game: random DAGs whose options have at most one part,
 * against a brute force of each play's rule per position, and against a
 * brute-force search of the game tree of sums under each play's rules of
 * who moves where and when the game ends. */

#define NPLAYS 8 /* GRUNDY_PLAY_NORMAL ... GRUNDY_PLAY_SHORTENED */

typedef struct play_numbers {
    uint32_t v[DAG_MAXN];
    int known[DAG_MAXN];
} play_numbers;

/* The number of u under play, by the rules of test/play_rule.h. */
static uint32_t play_brute(const dag *d, int play, int u, play_numbers *nb)
{
    if (nb->known[u])
        return nb->v[u];
    uint32_t opts[DAG_MAXMOVES];
    for (int k = 0; k < d->nmoves[u]; k++)
        opts[k] = d->nparts[u][k] ? play_brute(d, play, d->part[u][k][0], nb)
                                  : play_rule_finished(play);
    nb->known[u] = 1;
    return nb->v[u] = play_rule(play, opts, d->nmoves[u]);
}

/* ---- sums by searching their game tree ---- */

#define SUM_BASE (DAG_MAXN + 1) /* a component: a node, or FIN (d->n) */
static signed char sum_memo[NPLAYS][SUM_BASE * SUM_BASE * SUM_BASE];

static int comp_moves(const dag *d, int c)
{
    return c < d->n ? d->nmoves[c] : 0;
}

/* Whether choice (per component: -1 stays, else the move played) is a move
 * of the sum under play. */
static int legal(const dag *d, int play, const int *c, const int *choice, int k)
{
    int moved = 0, all = 1, all_live = 1;
    for (int i = 0; i < k; i++) {
        moved += choice[i] >= 0;
        all &= choice[i] >= 0;
        all_live &= choice[i] >= 0 || comp_moves(d, c[i]) == 0;
    }
    switch (play) {
    case GRUNDY_PLAY_CONJUNCTIVE: return all;
    case GRUNDY_PLAY_CONTINUED: return moved > 0 && all_live;
    case GRUNDY_PLAY_SELECTIVE:
    case GRUNDY_PLAY_SHORTENED: return moved > 0;
    default: return moved == 1;
    }
}

/* Whether the game is over for the player to move, and (*won) whether
 * that player has won then. */
static int over(const dag *d, int play, const int *c, int k, int *won)
{
    int any_end = 0, all_end = 1;
    for (int i = 0; i < k; i++) {
        any_end |= comp_moves(d, c[i]) == 0;
        all_end &= comp_moves(d, c[i]) == 0;
    }
    *won = play == GRUNDY_PLAY_MISERE;
    switch (play) {
    case GRUNDY_PLAY_WTIA:
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_SHORTENED: return any_end;
    default: return all_end;
    }
}

static int sum_index(const dag *d, const int *c, int k)
{
    int x = 0;
    for (int i = 0; i < k; i++)
        x = x * (d->n + 1) + c[i];
    return x;
}

/* Applies choice to c into next. */
static void apply(const dag *d, const int *c, const int *choice, int k, int *next)
{
    for (int i = 0; i < k; i++) {
        int u = c[i], j = choice[i];
        next[i] = j < 0 ? u : d->nparts[u][j] ? d->part[u][j][0] : d->n;
    }
}

/* Steps the choices like an odometer, each from -1 to its last move;
 * 0 after the last. */
static int next_choice(const dag *d, const int *c, int *choice, int k)
{
    for (int i = 0; i < k; i++) {
        if (++choice[i] < comp_moves(d, c[i]))
            return 1;
        choice[i] = -1;
    }
    return 0;
}

/* GRUNDY_N or GRUNDY_P for the sum c[0 .. k) (k <= 3) under play.  The
 * memo (per play) holds sums of one length only: sum_brute_reset. */
static int sum_brute(const dag *d, int play, const int *c, int k)
{
    signed char *m = &sum_memo[play][sum_index(d, c, k)];
    if (*m >= 0)
        return *m;
    int won, result = GRUNDY_P;
    if (over(d, play, c, k, &won)) {
        result = won ? GRUNDY_N : GRUNDY_P;
    } else {
        int choice[3] = {-1, -1, -1}, next[3];
        while (result == GRUNDY_P && next_choice(d, c, choice, k)) {
            if (!legal(d, play, c, choice, k))
                continue;
            apply(d, c, choice, k, next);
            if (sum_brute(d, play, next, k) == GRUNDY_P)
                result = GRUNDY_N;
        }
    }
    return *m = (signed char)result;
}

static void sum_brute_reset(const dag *d, int k)
{
    size_t size = 1;
    for (int i = 0; i < k; i++)
        size *= (size_t)d->n + 1;
    for (int p = 0; p < NPLAYS; p++)
        memset(sum_memo[p], 0xff, size);
}

/* Whether the play moves in one component. */
static int one_component(int play)
{
    return play == GRUNDY_PLAY_NORMAL || play == GRUNDY_PLAY_MISERE ||
           play == GRUNDY_PLAY_WTIA || play == GRUNDY_PLAY_LOOPY;
}

/* The winning move the game gives for the sum c (as pos) under play,
 * replayed: a move of the sum under play's rules, to a P-position; and one
 * exactly when the sum is N and the game not over. */
static void check_winning_move(const dag *d, grundy_game *game, int play, const int *c,
                               const uint64_t *pos, int k, int outcome)
{
    uint64_t moves[3] = {7, 7, 7};
    int won, is_over = over(d, play, c, k, &won);
    int found = grundy_game_sum_winning_move(game, play, pos, (size_t)k, moves);
    CHECK_EQ(found, outcome == GRUNDY_N && !is_over);
    if (found != 1)
        return;
    int choice[3], next[3], ok = 1;
    for (int i = 0; i < k; i++) {
        choice[i] = moves[i] == GRUNDY_NO_MOVE ? -1 : (int)moves[i];
        ok &= moves[i] == GRUNDY_NO_MOVE || moves[i] < (uint64_t)comp_moves(d, c[i]);
    }
    if (CHECK(ok) && CHECK(legal(d, play, c, choice, k))) {
        apply(d, c, choice, k, next);
        CHECK_EQ(sum_brute(d, play, next, k), GRUNDY_P);
    }
}

/* Every winning move of the sum under a play that moves in one component
 * (with a method flag or not), as the brute force finds them, by component
 * then move. */
static void check_winning_moves(const dag *d, grundy_game *game, int play, const int *c,
                                const uint64_t *pos, int k)
{
    size_t want_c[3 * DAG_MAXMOVES], got_c[3 * DAG_MAXMOVES], want = 0, count = 99;
    uint64_t want_m[3 * DAG_MAXMOVES], got_m[3 * DAG_MAXMOVES];
    int won, rules = play & ~GRUNDY_BY_MASK; /* the brute force's play */
    for (int i = 0; i < k && !over(d, rules, c, k, &won); i++) {
        for (int j = 0; j < comp_moves(d, c[i]); j++) {
            int choice[3] = {-1, -1, -1}, next[3];
            choice[i] = j;
            apply(d, c, choice, k, next);
            if (sum_brute(d, rules, next, k) == GRUNDY_P) {
                want_c[want] = (size_t)i;
                want_m[want++] = (uint64_t)j;
            }
        }
    }
    int rc = grundy_game_sum_winning_moves(game, play, pos, (size_t)k, got_c, got_m,
                                           3 * DAG_MAXMOVES, &count);
    if (CHECK_EQ(rc, GRUNDY_OK) && CHECK_EQ(count, want))
        CHECK(memcmp(want_c, got_c, want * sizeof *got_c) == 0 &&
              memcmp(want_m, got_m, want * sizeof *got_m) == 0);
}

/* A misère sum under each required method: the brute force's outcome and
 * winning moves, or GRUNDY_EINVAL with a message where the method's
 * precondition fails (never for the search); and the method used. */
static void check_misere_methods(const dag *d, grundy_game *game, const int *c,
                                 const uint64_t *pos, int k, int outcome, int *seen)
{
    const int by[3] = {GRUNDY_BY_SJ, GRUNDY_BY_GENUS, GRUNDY_BY_SEARCH};
    for (int m = 0; m < 3; m++) {
        int play = GRUNDY_PLAY_MISERE | by[m];
        int rc = grundy_game_sum_outcome(game, play, pos, (size_t)k);
        if (rc == GRUNDY_EINVAL && by[m] != GRUNDY_BY_SEARCH) {
            CHECK(strlen(grundy_game_errmsg(game)) > 0);
            continue;
        }
        CHECK_EQ(rc, outcome);
        CHECK_EQ(grundy_game_last_method(game), by[m]);
        check_winning_moves(d, game, play, c, pos, k);
    }
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, pos, (size_t)k), outcome);
    int method = grundy_game_last_method(game);
    CHECK(method == GRUNDY_BY_SJ || method == GRUNDY_BY_GENUS || method == GRUNDY_BY_SEARCH);
    seen[(method >> 8) & 3]++;
}

/* Random sums of 1 to 3 positions under every play. */
static void check_play_sums(const dag *d, grundy_game *game, int *seen)
{
    for (int k = 1; k <= 3; k++) {
        sum_brute_reset(d, k);
        for (int t = 0; t < 2; t++) {
            int c[3];
            uint64_t pos[3];
            for (int i = 0; i < k; i++)
                pos[i] = (uint64_t)(c[i] = (int)harness_below((unsigned long long)d->n));
            for (int play = 0; play < NPLAYS; play++) {
                int outcome = sum_brute(d, play, c, k);
                CHECK_EQ(grundy_game_sum_outcome(game, play, pos, (size_t)k), outcome);
                check_winning_move(d, game, play, c, pos, k, outcome);
                if (one_component(play))
                    check_winning_moves(d, game, play, c, pos, k);
                if (play == GRUNDY_PLAY_MISERE)
                    check_misere_methods(d, game, c, pos, k, outcome, seen);
            }
        }
    }
}

/* The numbers of every position under every play: on one game, the plays
 * interleaved at random, against the brute force and against a game of its
 * own per play; then sums. */
static void test_every_play(void)
{
    int rounds = harness_quick() ? 40 : 600, seen[4] = {0};
    for (int r = 0; r < rounds; r++) {
        static counted_dag cd, alone;
        memset(&cd, 0, sizeof cd);
        random_dag(&cd.d, 0, 1, 1); /* options of one part, the bottom's of none */
        cd.each = r % 3;
        const dag *d = &cd.d;
        static play_numbers nb[NPLAYS];
        memset(nb, 0, sizeof nb);
        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &cd, NULL), GRUNDY_OK))
            return;
        int order[NPLAYS * DAG_MAXN], same = 1;
        random_permutation(order, NPLAYS * d->n);
        sum_brute_reset(d, 1);
        for (int i = 0; i < NPLAYS * d->n; i++) {
            int play = order[i] / d->n, u = order[i] % d->n;
            uint32_t v = 12345;
            uint64_t p = (uint64_t)u;
            same &= value_of(game, play, p, &v) == GRUNDY_OK;
            same &= v == play_brute(d, play, u, &nb[play]);
            same &= grundy_game_outcome(game, play, &p) == sum_brute(d, play, &u, 1);
        }
        CHECK(same);
        /* One table per play, shortened sharing conjunctive's; loopy none. */
        uint64_t stored = 0;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 6 * (uint64_t)d->n);
        for (int play = 0; play < NPLAYS; play++) {
            alone = cd;
            memset(alone.calls, 0, sizeof alone.calls);
            grundy_game *one = NULL;
            if (!CHECK_EQ(grundy_game_new_u64(&one, dag_moves, &alone, NULL), GRUNDY_OK))
                break;
            random_permutation(order, d->n);
            int equal = 1, once = 1;
            for (int i = 0; i < d->n; i++) {
                uint32_t v = 12345;
                equal &= value_of(one, play, (uint64_t)order[i], &v) == GRUNDY_OK;
                equal &= v == nb[play].v[order[i]];
            }
            for (int u = 0; u < d->n; u++)
                once &= play == GRUNDY_PLAY_LOOPY || alone.calls[u] == 1;
            CHECK(equal);
            CHECK(once);
            grundy_game_stats(one, &stored, NULL);
            CHECK_EQ(stored, play == GRUNDY_PLAY_LOOPY ? 0 : (uint64_t)d->n);
            grundy_game_free(one);
        }
        check_play_sums(d, game, seen);
        CHECK_EQ(cd.bad_pos, 0);
        grundy_game_free(game);
    }
    /* Each method was picked in some rounds. */
    printf("misère sums: SJ %d, genus %d, search %d\n", seen[1], seen[2], seen[3]);
    CHECK(seen[1] > 0 && seen[2] > 0 && seen[3] > 0);
}

/* ------------------------------------------------------------------------ */
/* The search limit of misère sums (grundy_game_set_search_limit). */

/* Kayles, by rules: a row of n pins, a move knocks down one pin or two
 * adjacent ones, leaving the rows on either side (a split). */
static int kayles_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    for (uint64_t t = 1; t <= 2 && t <= n; t++)
        for (uint64_t a = 0; a <= (n - t) / 2; a++)
            ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){a, n - t - a}, 2));
    return 0;
}

/* Wide sums: 1000 + m splits into m copies of 2; 2 -> 1 -> 0.  Its misère
 * search meets ~m^2 / 2 sums of up to m positions each (m * 4 bytes). */
static int wide_sum_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    uint64_t twos[512];
    if (n >= 1000 && n - 1000 <= 512) {
        for (size_t i = 0; i < n - 1000; i++)
            twos[i] = 2;
        return grundy_options_add(out, twos, (uint32_t)(n - 1000));
    }
    return n == 1 || n == 2 ? grundy_options_add(out, (const uint64_t[]){n - 1}, 1) : 0;
}

/* Nim heaps 0 .. 8 as a test DAG, for the brute force of sums. */
static void nim_dag(dag *d)
{
    memset(d, 0, sizeof *d);
    d->n = 9;
    for (int u = 0; u < d->n; u++) {
        d->nmoves[u] = u;
        for (int k = 0; k < u; k++) {
            d->nparts[u][k] = 1;
            d->part[u][k][0] = k;
        }
    }
}

/* A misère sum of two positions searched without end (the repro: Kayles
 * 34 + 34 by rules ran for minutes and grew past a gigabyte) stops at the
 * search limit, 2^25 sums by default, with GRUNDY_ELIMIT and a message
 * naming the limit, its value and its setter; nothing is kept; a raised
 * limit answers as the brute force does. */
static void test_search_limit(void)
{
    grundy_game_set_search_limit(NULL, 5); /* no-op */
    counting_alloc count = {0};
    grundy_allocator a = counting_allocator(&count);
    grundy_game *game;

    /* The default: Nim 500 + 500 searched lists ~6 * 10^7 sums (a + b
     * options for each of the ~125000 sums a <= b), past 2^25.  Quick, a
     * limit of 2^16 stops the same search far sooner (the default
     * is the full run's). */
    if (!CHECK_EQ(grundy_game_new_u64(&game, nim_moves, NULL, &a), GRUNDY_OK))
        return;
    const uint64_t big[2] = {500, 500}, small[2] = {500, 1};
    const uint64_t big_limit = harness_quick() ? (uint64_t)1 << 16 : (uint64_t)1 << 25;
    char big_msg[64];
    snprintf(big_msg, sizeof big_msg, "more than %llu sums", (unsigned long long)big_limit);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, small, 2),
             GRUNDY_N); /* the game's scratch (a heap's options) grown once */
    if (harness_quick())
        grundy_game_set_search_limit(game, big_limit);
    size_t before = count.live;
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, big, 2),
             GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), big_msg) != NULL);
    CHECK(strstr(grundy_game_errmsg(game), "search limit") != NULL);
    CHECK(strstr(grundy_game_errmsg(game), "grundy_game_set_search_limit") != NULL);
    CHECK_EQ(count.live, before); /* the graph and its search are gone */
    /* The SJ theorem decides the same sum without a search. */
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, big, 2), GRUNDY_P);
    CHECK_EQ(grundy_game_last_method(game), GRUNDY_BY_SJ);
    grundy_game_free(game);
    CHECK_EQ(count.live, 0);

    /* Kayles by rules, the repro's game: its sums split, so the misère
     * search is the only method.  A lowered limit stops it at once. */
    if (!CHECK_EQ(grundy_game_new_u64(&game, kayles_moves, NULL, NULL), GRUNDY_OK))
        return;
    const uint64_t rows[2] = {34, 34};
    uint64_t moves[2];
    size_t comps[4], found = 99;
    grundy_game_set_search_limit(game, 100000);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, rows, 2), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "more than 100000 sums") != NULL);
    CHECK(strstr(grundy_game_errmsg(game), "grundy_game_set_search_limit") != NULL);
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_MISERE, rows, 2, moves),
             GRUNDY_ELIMIT);
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_MISERE, rows, 2, comps, moves, 4,
                                           &found), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "more than 100000 sums") != NULL);
    /* Small sums fit, and answer as the heap game 0.77 (Kayles) does. */
    grundy_heap_game *kayles;
    if (CHECK_EQ(grundy_heap_game_new(&kayles, NULL), GRUNDY_OK) &&
        CHECK_EQ(grundy_heap_game_parse(kayles, "0.77", 4), GRUNDY_OK)) {
        int same = 1;
        for (uint64_t x = 0; x <= 9; x++)
            for (uint64_t y = 0; y <= x; y++) {
                const uint64_t sum[2] = {x, y};
                same &= grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, sum, 2) ==
                        grundy_heap_game_sum_outcome(kayles, GRUNDY_PLAY_MISERE, sum, 2);
            }
        CHECK(same);
    }
    grundy_heap_game_free(kayles);
    grundy_game_free(game);

    /* Nim heaps 0 .. 8 searched: (8, 7) lists more than 50 sums; with the
     * limit raised again (0: the default) every sum of two heaps answers as
     * the brute force's game tree of sums, winning moves included. */
    static counted_dag nim;
    memset(&nim, 0, sizeof nim);
    nim_dag(&nim.d);
    if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &nim, NULL), GRUNDY_OK))
        return;
    const int play = GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH;
    const uint64_t eight_seven[2] = {8, 7};
    grundy_game_set_search_limit(game, 50);
    CHECK_EQ(grundy_game_sum_outcome(game, play, eight_seven, 2), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "more than 50 sums") != NULL);
    grundy_game_set_search_limit(game, 0);
    sum_brute_reset(&nim.d, 2);
    for (int x = 0; x < nim.d.n; x++)
        for (int y = 0; y < nim.d.n; y++) {
            const int c[2] = {x, y};
            const uint64_t pos[2] = {(uint64_t)x, (uint64_t)y};
            int outcome = sum_brute(&nim.d, GRUNDY_PLAY_MISERE, c, 2);
            CHECK_EQ(grundy_game_sum_outcome(game, play, pos, 2), outcome);
            check_winning_moves(&nim.d, game, play, c, pos, 2);
        }
    CHECK_EQ(nim.bad_pos, 0);
    grundy_game_free(game);

    /* The memory the limit allows: 32 bytes a sum of it, 64 MiB at least.
     * Sums of up to 400 positions (1600 bytes each) pass 64 MiB long
     * before 2^20 sums. */
    if (!CHECK_EQ(grundy_game_new_u64(&game, wide_sum_moves, NULL, &a), GRUNDY_OK))
        return;
    const uint64_t wide = 1400;
    uint64_t degree = 0;
    CHECK_EQ(grundy_game_degree(game, &wide, &degree), GRUNDY_OK); /* the scratch grown */
    CHECK_EQ(degree, 1);
    grundy_game_set_search_limit(game, (uint64_t)1 << 20);
    before = count.live;
    count.peak = count.live;
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, &wide, 1), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "more than 67108864 bytes") != NULL);
    CHECK(strstr(grundy_game_errmsg(game), "grundy_game_set_search_limit") != NULL);
    CHECK(count.peak - before < ((size_t)1 << 27)); /* the cap, 64 MiB, and half again */
    CHECK_EQ(count.live, before);
    /* The game's own memory cap, when lower, is the one met and named. */
    grundy_game_set_memory_limit(game, (size_t)1 << 20);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, &wide, 1), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "memory limit") != NULL);
    /* Smaller sums of the same game fit. */
    const uint64_t narrow = 1003; /* 7 moves whatever the order: the last loses */
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, &narrow, 1), GRUNDY_P);
    grundy_game_free(game);
    CHECK_EQ(count.live, 0);
    CHECK_EQ(count.bad_free, 0);
}

/* ------------------------------------------------------------------------ */
/* Allocation failure. */

/* Runs one call that returns a status (or 0/1 for winning moves); on ENOMEM
 * lets memory back and runs it again.  Anything else than ENOMEM or the
 * expected success is a failure. */
#define STEP(f, expect, call)                            \
    do {                                                 \
        int rc_;                                         \
        FAILING_RETRY(f, rc_, call);                     \
        CHECK_EQ(rc_, (expect));                         \
    } while (0)

/* A rule game with splits on 0..N: n -> {n-1}, {n/2, n/3} (n >= 2),
 * {} (n % 7 == 0), {n-3, n-5, n/4} (n >= 5). */
static int rich_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    if (n >= 1)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n - 1}, 1));
    if (n >= 2)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n / 2, n / 3}, 2));
    if (n % 7 == 0)
        ADD_OR_RETURN(grundy_options_add(out, NULL, 0));
    if (n >= 5)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n - 3, n - 5, n / 4}, 3));
    return 0;
}

#define RICH_N 3000

static int rich_brute(int n, int *memo)
{
    if (memo[n] >= 0)
        return memo[n];
    int seen[8] = {0};
    int x[4], k = 0;
    if (n >= 1)
        x[k++] = rich_brute(n - 1, memo);
    if (n >= 2)
        x[k++] = rich_brute(n / 2, memo) ^ rich_brute(n / 3, memo);
    if (n % 7 == 0)
        x[k++] = 0;
    if (n >= 5)
        x[k++] = rich_brute(n - 3, memo) ^ rich_brute(n - 5, memo) ^ rich_brute(n / 4, memo);
    for (int i = 0; i < k; i++)
        if (x[i] < 8)
            seen[x[i]] = 1;
    int m = 0;
    while (seen[m])
        m++;
    return memo[n] = m;
}

static int rich_memo[RICH_N + 1];

/* A uint64_t game on the allocator a; NULL, with *ok 0, when creating it
 * failed, which must then have been with ENOMEM and no game. */
static grundy_game *failing_game(const grundy_allocator *a, grundy_moves_u64_fn moves,
                                 void *user, int *ok)
{
    grundy_game *game = (grundy_game *)&game;
    int rc = grundy_game_new_u64(&game, moves, user, a);
    *ok = rc == GRUNDY_OK;
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        return NULL;
    }
    return game;
}

/* Returns a checksum of everything computed; *ok is 0 when creating the
 * game failed (which must then have been ENOMEM). */
static long scenario_rule_game(failing_alloc *f, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    grundy_game *game = failing_game(&a, rich_moves, NULL, ok);
    if (game == NULL)
        return 0;
    long sum = 0;
    uint32_t v = 12345;
    STEP(f, GRUNDY_OK, value_of(game, GRUNDY_PLAY_NORMAL, 100, &v));
    CHECK_EQ(v, rich_memo[100]);
    sum = sum * 31 + v;
    STEP(f, GRUNDY_OK, value_of(game, GRUNDY_PLAY_NORMAL, RICH_N, &v));
    CHECK_EQ(v, rich_memo[RICH_N]);
    sum = sum * 31 + v;
    const uint64_t sum_pos[3] = {RICH_N - 1, 1234, 77};
    STEP(f, GRUNDY_OK, grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, sum_pos, 3, &v));
    CHECK_EQ(v, rich_memo[RICH_N - 1] ^ rich_memo[1234] ^ rich_memo[77]);
    sum = sum * 31 + v;
    size_t comp = 99;
    uint64_t parts[3];
    size_t np = 99;
    STEP(f, v != 0, winning_parts(game, 8, sum_pos, 3, &comp, parts, 3, &np));
    sum = sum * 31 + (long)comp * 7 + (long)np;
    size_t comps[8], count = 0;
    uint64_t moves[8], degree = 0;
    STEP(f, GRUNDY_OK, grundy_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, sum_pos, 3, comps,
                                                     moves, 8, &count));
    CHECK(count >= 1 && count <= 8);
    for (size_t i = 0; i < count && i < 8; i++)
        sum = sum * 31 + (long)comps[i] * 100 + (long)moves[i];
    STEP(f, GRUNDY_OK, grundy_game_degree(game, &sum_pos[1], &degree));
    CHECK_EQ(degree, 3); /* 1234: {n - 1}, the two splits; 1234 % 7 != 0 */
    STEP(f, GRUNDY_OK, grundy_game_move(game, &sum_pos[1], 2, parts, 3, &np));
    CHECK(np == 3 && parts[0] == 1231 && parts[1] == 1229 && parts[2] == 308);
    grundy_game_free(game);
    return sum;
}

static long scenario_byte_game(failing_alloc *f, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    heaps3 h = {1, 1, 0, 0, 0, 0, 0, {0}, NULL, 0};
    h.expect_user = &h;
    grundy_game *game = NULL;
    int rc = grundy_game_new(&game, 3, h3_moves, &h, &a);
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        *ok = 0;
        return 0;
    }
    *ok = 1;
    STEP(f, GRUNDY_OK, grundy_game_set_canon(game, h3_canon));
    h.canon_on = 1;
    unsigned char pos[12];
    h3_make(&h, pos, 20, 3, 13);
    uint32_t v = 12345;
    STEP(f, GRUNDY_OK, grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v));
    CHECK_EQ(v, h3_value(&h, pos));
    unsigned char two[6] = {9, 9, 40, 1, 2, 3};
    STEP(f, GRUNDY_OK, grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, two, 2, &v));
    CHECK_EQ(v, h3_value(&h, two) ^ h3_value(&h, two + 3));
    size_t comp = 99;
    unsigned char parts[3];
    size_t np = 99;
    h.searching = 1;
    STEP(f, v != 0, winning_parts(game, 3, two, 2, &comp, parts, 1, &np));
    h.searching = 0;
    CHECK(np == 1 && h3_is_move(&h, two + 3 * comp, parts));
    CHECK_EQ(h.not_canonical, 0);
    long sum = (long)v * 1000 + (long)comp * 10 + np;
    grundy_game_free(game);
    return sum;
}


/* The positions' graph, failing: loopy values (with a cycle), misère sums
 * by each method, WTIA and selective sums, every winning move. */
static long scenario_graph(failing_alloc *f, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    chain c = {1, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game = failing_game(&a, chain_moves, &c, ok);
    if (game == NULL)
        return 0;
    int rc;
    long sum = 0;
    uint32_t v = 12345;
    STEP(f, GRUNDY_OK, value_of(game, GRUNDY_PLAY_LOOPY, 40, &v));
    CHECK_EQ(v, 40 % 3);
    STEP(f, GRUNDY_OK, value_of(game, GRUNDY_PLAY_LOOPY, CYCLE_BASE + 2, &v));
    CHECK_EQ(v, GRUNDY_INF);
    const uint64_t three[3] = {20, 17, 9}, loopy[2] = {CYCLE_BASE + 1, 7};
    const int plays[] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS,
                         GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, GRUNDY_PLAY_WTIA,
                         GRUNDY_PLAY_SELECTIVE};
    for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
        FAILING_RETRY(f, rc, grundy_game_sum_outcome(game, plays[i], three, 3));
        CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
        sum = sum * 3 + rc;
    }
    FAILING_RETRY(f, rc, grundy_game_sum_outcome(game, GRUNDY_PLAY_LOOPY, loopy, 2));
    CHECK_EQ(rc, GRUNDY_D);
    uint64_t moves[8];
    size_t comps[8], count = 0;
    FAILING_RETRY(f, rc, grundy_game_sum_winning_move(game, GRUNDY_PLAY_WTIA, three, 3, moves));
    CHECK(rc == 0 || rc == 1);
    sum = sum * 3 + rc;
    STEP(f, GRUNDY_OK, grundy_game_sum_winning_moves(game, GRUNDY_PLAY_MISERE, three, 3, comps,
                                                     moves, 8, &count));
    for (size_t i = 0; i < count && i < 8; i++)
        sum = sum * 7 + (long)comps[i] * 3 + (long)moves[i];
    sum = sum * 5 + grundy_game_last_method(game);
    grundy_game_free(game);
    return sum;
}

/* Runs the scenario failing allocation n; returns 1 iff one failed. */
static long fail_once(long (*scenario)(failing_alloc *, int *), long n, long expect)
{
    failing_alloc f = {.fail_at = n};
    int ok;
    long got = scenario(&f, &ok);
    CHECK_EQ(f.live, 0);
    if (ok)
        CHECK_EQ(got, expect);
    return f.failures;
}

static void run_until_clean(long (*scenario)(failing_alloc *, int *), const char *name,
                            int every)
{
    failing_alloc clean = {0};
    int ok;
    long expect = scenario(&clean, &ok);
    CHECK(ok);
    CHECK_EQ(clean.live, 0);
    CHECK_EQ(clean.failures, 0);
    /* Fail every allocation in turn when there are few; else the first 150
     * and 150 more spread over the rest, and the last one.  Failing one past
     * the last fails nothing. */
    long total = clean.calls, tried = 0;
    CHECK(total > 3); /* the scenario really allocates several times */
    long step = total <= 300 || every ? 1 : (total - 150) / 150 + 1;
    for (long n = 1; n <= total; n += n < 150 ? 1 : step, tried++)
        CHECK_EQ(fail_once(scenario, n, expect), 1);
    CHECK_EQ(fail_once(scenario, total, expect), 1);
    CHECK_EQ(fail_once(scenario, total + 1, expect), 0);
    printf("%s: failed %ld of its %ld allocations, one at a time\n", name, tried, total);
}

static void test_alloc_failure(void)
{
    for (int i = 0; i <= RICH_N; i++)
        rich_memo[i] = -1;
    for (int i = 0; i <= RICH_N; i++)
        rich_brute(i, rich_memo);
    run_until_clean(scenario_rule_game, "rule game", 0);
    run_until_clean(scenario_byte_game, "byte game", 0);
    run_until_clean(scenario_graph, "positions' graph", 1); /* every one, however many */
}

int main(void)
{
    memset(brute3_memo, 0xff, sizeof brute3_memo);
    RUN(test_random_dags);
    RUN(test_random_cycles);
    RUN(test_every_play);
    RUN(test_splits);
    RUN(test_split_plays);
    RUN(test_degree_move);
    RUN(test_canon);
    RUN(test_canon_u64);
    RUN(test_deep);
    RUN(test_cycles);
    RUN(test_memory_limit);
    RUN(test_growth_by_need);
    RUN(test_reentry);
    RUN(test_progress_and_cancel);
    RUN(test_graph_memory_limit);
    RUN(test_graph_progress);
    RUN(test_search_limit);
    RUN(test_generator_errors);
    RUN(test_arguments);
    RUN(test_alloc_failure);
    return harness_done();
}
