/* SPDX-License-Identifier: MIT */
/* Game graphs against an independent brute force: a plain recursive mex over
 * the options, written without any of the library's code (random_dag.h). */
#include <string.h>

#include "grundy.h"
#include "failing_alloc.h"
#include "harness.h"
#include "nim_heaps.h"
#include "random_dag.h"

static grundy_graph *build(const dag *d)
{
    grundy_graph *g;
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK)
        return NULL;
    uint32_t first;
    CHECK_EQ(grundy_graph_add_nodes(g, (uint32_t)d->n, &first), GRUNDY_OK);
    CHECK_EQ(first, 0);
    /* Interleave nodes' moves so that the merge must keep each node's order. */
    for (int k = 0; k < DAG_MAXMOVES; k++) {
        for (int u = 0; u < d->n; u++) {
            if (k >= d->nmoves[u])
                continue;
            uint32_t parts[DAG_MAXPARTS];
            for (int j = 0; j < d->nparts[u][k]; j++)
                parts[j] = (uint32_t)d->part[u][k][j];
            int rc = d->nparts[u][k] == 1
                         ? grundy_graph_add_move(g, (uint32_t)u, parts[0])
                         : grundy_graph_add_split(g, (uint32_t)u, parts, (uint32_t)d->nparts[u][k]);
            CHECK_EQ(rc, GRUNDY_OK);
        }
    }
    return g;
}

static int move_value(const dag *d, int u, int k, const int *memo)
{
    int x = 0;
    for (int j = 0; j < d->nparts[u][k]; j++)
        x ^= memo[d->part[u][k][j]];
    return x;
}

static void check_against_brute(const dag *d, grundy_graph *g)
{
    int memo[DAG_MAXN];
    dag_brute_all(d, memo);
    uint32_t val[DAG_MAXN];
    if (!CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, (size_t)d->n, val), GRUNDY_OK))
        return;
    for (int u = 0; u < d->n; u++) {
        uint32_t node = (uint32_t)u;
        CHECK_EQ(val[u], memo[u]);
        CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, node), memo[u] ? GRUNDY_N : GRUNDY_P);
        uint64_t deg;
        CHECK_EQ(grundy_graph_degree(g, node, &deg), GRUNDY_OK);
        CHECK_EQ(deg, d->nmoves[u]);
        /* Moves keep their order and parts. */
        for (int k = 0; k < d->nmoves[u]; k++) {
            uint32_t parts[DAG_MAXPARTS];
            size_t np;
            CHECK_EQ(grundy_graph_move(g, node, (uint64_t)k, parts, DAG_MAXPARTS, &np), GRUNDY_OK);
            CHECK_EQ(np, d->nparts[u][k]);
            for (size_t j = 0; j < np && j < DAG_MAXPARTS; j++)
                CHECK_EQ(parts[j], d->part[u][k][j]);
        }
        /* Winning moves of one node are exactly its moves to value 0. */
        uint64_t wins[DAG_MAXMOVES];
        size_t comps[DAG_MAXMOVES], count;
        CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &node, 1, comps, wins,
                                                DAG_MAXMOVES, &count),
                 GRUNDY_OK);
        size_t expect = 0;
        for (int k = 0; k < d->nmoves[u]; k++) {
            if (move_value(d, u, k, memo) == 0) {
                CHECK(expect < count && wins[expect] == (uint64_t)k && comps[expect] == 0);
                expect++;
            }
        }
        CHECK_EQ(count, expect);
        CHECK((memo[u] != 0) == (count > 0));
    }
    /* Sums of two and three positions: value is the xor, and the winning
     * move found leads to a sum of value 0. */
    for (int t = 0; t < 4; t++) {
        uint32_t nodes[3];
        size_t k = 2 + (size_t)harness_below(2);
        int x = 0;
        for (size_t i = 0; i < k; i++) {
            nodes[i] = (uint32_t)harness_below((unsigned long long)d->n);
            x ^= memo[nodes[i]];
        }
        uint32_t sv;
        CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, nodes, k, &sv), GRUNDY_OK);
        CHECK_EQ(sv, x);
        uint64_t moves[3];
        int found = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_NORMAL, nodes, k, moves);
        CHECK_EQ(found, x != 0);
        size_t comp = k, moved = 0;
        for (size_t i = 0; i < k; i++) {
            if (moves[i] != GRUNDY_NO_MOVE) {
                comp = i;
                moved++;
            }
        }
        CHECK_EQ(moved, found == 1);
        if (found == 1 && CHECK(comp < k && moves[comp] < (uint64_t)d->nmoves[nodes[comp]])) {
            int after = x ^ memo[nodes[comp]] ^ move_value(d, (int)nodes[comp], (int)moves[comp], memo);
            CHECK_EQ(after, 0);
        }
        /* Every winning move of the sum: exactly the moves to value v xor x. */
        uint64_t all[3 * DAG_MAXMOVES];
        size_t comps[3 * DAG_MAXMOVES], count = 0, expect = 0;
        CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, nodes, k, comps, all,
                                                3 * DAG_MAXMOVES, &count),
                 GRUNDY_OK);
        for (size_t i = 0; i < k; i++) {
            int u = (int)nodes[i];
            for (int mv = 0; mv < d->nmoves[u]; mv++) {
                if ((x ^ memo[u] ^ move_value(d, u, mv, memo)) != 0)
                    continue;
                CHECK(expect < count && comps[expect] == i && all[expect] == (uint64_t)mv);
                expect++;
            }
        }
        CHECK_EQ(count, expect);
    }
}

static void test_random_dags(void)
{
    int rounds = harness_quick() ? 300 : 3000;
    for (int r = 0; r < rounds; r++) {
        dag d;
        random_dag(&d, r % 2, DAG_MAXPARTS, 0);
        grundy_graph *g = build(&d);
        if (!CHECK(g != NULL))
            return;
        /* Half solved ahead, half by the first question. */
        if (r % 4 < 2)
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
        check_against_brute(&d, g);
        grundy_graph_free(g);
    }
}

/* Moves added after a solve: the next question solves again (lazily, with
 * no solve call); an unchanged graph is not solved twice.  A counting
 * allocator tells when a solve runs: solving allocates. */
static void test_add_after_solve(void)
{
    failing_alloc f = {0, 0, 0, 0};
    grundy_allocator a = failing_allocator(&f);
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, &a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* Solving an unchanged graph again, or asking it, keeps the values it has. */
    long calls = f.calls;
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(f.calls, calls);
    CHECK_EQ(grundy_graph_add_move(g, 2, 1), GRUNDY_OK);
    /* The change dropped the values: this question solves again. */
    calls = f.calls;
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* 2 -> 1 only: value 0 */
    CHECK(f.calls > calls);
    CHECK_EQ(grundy_graph_add_move(g, 2, 0), GRUNDY_OK);
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(id, 3);
    CHECK_EQ(grundy_graph_add_split(g, 3, (const uint32_t[]){2, 1}, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* its only move leads to 2 xor 1 = 3 */
    CHECK_EQ(grundy_graph_move_count(g), 4);
    uint32_t parts[2] = {99, 99};
    size_t np;
    CHECK_EQ(grundy_graph_move(g, 2, 1, parts, 2, &np), GRUNDY_OK);
    CHECK(np == 1 && parts[0] == 0 && parts[1] == 99);
    CHECK_EQ(grundy_graph_move(g, 2, 2, parts, 2, &np), GRUNDY_ERANGE);
    CHECK(strstr(grundy_graph_errmsg(g), "node 2") != NULL);
    grundy_graph_free(g);
    CHECK_EQ(f.live, 0);
}

/* Questions solve what they need, for each play, with no solve call first;
 * a value of one play asked after another's keeps both. */
static void test_lazy_solve(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    uint32_t v;
    /* Misère Nim heaps: 0 -> 1, 1 -> 0, k -> k; remoteness of heap k: 1 (k > 0). */
    static const uint32_t misere[4] = {1, 0, 2, 3}, remote[4] = {0, 1, 1, 1};
    for (uint32_t u = 0; u < 4; u++) {
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_MISERE, u, &v), GRUNDY_OK);
        CHECK_EQ(v, misere[u]);
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_CONJUNCTIVE, u, &v), GRUNDY_OK);
        CHECK_EQ(v, remote[u]);
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_SHORTENED, u, &v), GRUNDY_OK);
        CHECK_EQ(v, remote[u]);
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_SELECTIVE, u, &v), GRUNDY_OK);
        CHECK_EQ(v, u);
        CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, u), u ? GRUNDY_N : GRUNDY_P);
        CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_MISERE, u), u == 1 ? GRUNDY_P : GRUNDY_N);
        CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, u), u ? GRUNDY_N : GRUNDY_P);
    }
    uint32_t sum[2] = {3, 2};
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, sum, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* Method flags belong to misère sums only; unknown plays are refused. */
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, 0, &v), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "method") != NULL);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, 0), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_SHORTENED + 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_value(g, -1, 0, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL | GRUNDY_BY_SJ, sum, 2, &v), GRUNDY_EINVAL);
    /* The value of a sum is the xor under normal play only. */
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_SHORTENED; play++) {
        CHECK_EQ(grundy_graph_sum_value(g, play, sum, 2, &v), GRUNDY_ENOTSUP);
        CHECK(strstr(grundy_graph_errmsg(g), "grundy_graph_sum_outcome") != NULL);
    }
    /* A question on a graph with a cycle fails as the solve would. */
    CHECK_EQ(grundy_graph_add_move(g, 0, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_MISERE, 1), GRUNDY_ECYCLE);
    uint32_t c;
    CHECK_EQ(grundy_graph_cycle_node(g, &c), GRUNDY_OK);
    CHECK(c <= 3);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 1, &v), GRUNDY_OK);
    grundy_graph_free(g);
}

/* grundy_graph_values copies any range [first, first + count) and refuses
 * ranges past the last node. */
static void test_values_ranges(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 6, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 6), GRUNDY_OK);
    uint32_t out[8];
    for (uint32_t first = 0; first <= 6; first++) {
        for (size_t count = 0; count <= 7; count++) {
            memset(out, 0xab, sizeof out);
            int rc = grundy_graph_values(g, GRUNDY_PLAY_NORMAL, first, count, out);
            if (first + count > 6) {
                CHECK_EQ(rc, GRUNDY_ERANGE);
                CHECK_EQ(out[0], 0xabababab);
                continue;
            }
            CHECK_EQ(rc, GRUNDY_OK);
            for (size_t i = 0; i < count; i++)
                CHECK_EQ(out[i], first + i);
            CHECK_EQ(out[count], 0xabababab); /* nothing past the range */
        }
    }
    /* Misère values of the same range, and ranges far past the end. */
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_MISERE, 0, 3, out), GRUNDY_OK);
    CHECK(out[0] == 1 && out[1] == 0 && out[2] == 2);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 7, 0, out), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, UINT32_MAX, 1, out), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 1, SIZE_MAX, out), GRUNDY_ERANGE);
    CHECK(strstr(grundy_graph_errmsg(g), "n = 6") != NULL);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, 0, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_values(NULL, GRUNDY_PLAY_NORMAL, 0, 1, out), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_values(g, 99, 0, 1, out), GRUNDY_EINVAL);
    grundy_graph_free(g);
}

/* Degree and moves read moves still waiting to be merged (merging them). */
static void test_waiting_moves(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    uint64_t deg = 99;
    CHECK_EQ(grundy_graph_degree(g, 3, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 0);
    CHECK_EQ(grundy_graph_add_move(g, 3, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 3, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_degree(g, 3, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 2);
    uint32_t parts[3] = {9, 9, 9};
    size_t np = 0;
    CHECK_EQ(grundy_graph_move(g, 3, 1, parts, 3, &np), GRUNDY_OK);
    CHECK(np == 1 && parts[0] == 0);
    /* More moves after reading: a split, then an ordinary one. */
    CHECK_EQ(grundy_graph_add_split(g, 3, (const uint32_t[]){2, 1, 1}, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 3, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_degree(g, 3, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 4);
    CHECK_EQ(grundy_graph_move(g, 3, 2, parts, 3, &np), GRUNDY_OK);
    CHECK(np == 3 && parts[0] == 2 && parts[1] == 1 && parts[2] == 1);
    /* Room for fewer parts: the first cap written, nparts all of them. */
    memset(parts, 9, sizeof parts);
    CHECK_EQ(grundy_graph_move(g, 3, 2, parts, 2, &np), GRUNDY_OK);
    CHECK(np == 3 && parts[0] == 2 && parts[1] == 1 && parts[2] == 0x09090909u);
    CHECK_EQ(grundy_graph_move(g, 3, 2, NULL, 0, &np), GRUNDY_OK);
    CHECK_EQ(np, 3);
    CHECK_EQ(grundy_graph_move(g, 3, 3, parts, 3, &np), GRUNDY_OK);
    CHECK(np == 1 && parts[0] == 2);
    CHECK_EQ(grundy_graph_move(g, 3, 4, parts, 3, &np), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_move(g, 3, UINT64_MAX, parts, 3, &np), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_move(g, 4, 0, parts, 3, &np), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_move(g, 3, 0, NULL, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_move(g, 3, 0, parts, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_degree(g, 4, &deg), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_degree(g, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_degree(NULL, 0, &deg), GRUNDY_EINVAL);
    /* The values see every move: 1 and 0 are 0, 2 is 1, so 3's options
     * 1, 0, 2 + 1 + 1 and 2 are worth 0, 0, 1, 1: 3 is worth 2. */
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 2);
    /* A move of a node added after the read. */
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, id, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_degree(g, id, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 1);
    CHECK_EQ(grundy_graph_move(g, id, 0, parts, 1, &np), GRUNDY_OK);
    CHECK(np == 1 && parts[0] == 3);
    grundy_graph_free(g);
}

static void test_bulk_and_errors(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, &v), GRUNDY_ERANGE); /* no nodes yet */
    CHECK_EQ(grundy_graph_add_move(g, 0, 0), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 4, 0), GRUNDY_ERANGE);
    CHECK(strstr(grundy_graph_errmsg(g), "4") != NULL);
    CHECK_EQ(grundy_graph_add_move(g, 0, 9), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_add_split(g, 1, (const uint32_t[]){0, 7}, 2), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_add_split(g, 1, NULL, 2), GRUNDY_EINVAL);
    const uint32_t from[] = {1, 2, 2, 3, 3, 3}, to[] = {0, 0, 1, 0, 1, 2};
    const uint32_t bad_to[] = {0, 0, 1, 0, 1, 4};
    CHECK_EQ(grundy_graph_add_moves(g, 6, from, bad_to), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_move_count(g), 0); /* nothing half-added */
    CHECK_EQ(grundy_graph_add_moves(g, 6, from, to), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, GRUNDY_NODE_MAX, NULL), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_graph_node_count(g), 4);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    for (uint32_t u = 0; u < 4; u++) {
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, u, &v), GRUNDY_OK);
        CHECK_EQ(v, u); /* Nim heaps 0..3 */
    }
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 4, &v), GRUNDY_ERANGE);
    CHECK(strstr(grundy_graph_errmsg(g), "node 4") != NULL);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, 4), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_cycle_node(g, &v), GRUNDY_ESTATE);
    size_t count;
    uint32_t three = 3;
    uint64_t win;
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &three, 1, NULL, NULL, 0, &count),
             GRUNDY_OK);
    CHECK_EQ(count, 1);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &three, 1, NULL, NULL, 1, &count),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &three, 1, NULL, &win, 1, NULL),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &three, 1, NULL, &win, 1, &count),
             GRUNDY_OK);
    CHECK(count == 1 && win == 0); /* 3 -> 0, the first move added */
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, (const uint32_t[]){1, 9}, 2, &v),
             GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, NULL, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, NULL, 1, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, &three, 1, NULL), GRUNDY_EINVAL);
    /* A split with no parts leads to the finished game, value 0. */
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_split(g, id, NULL, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, id, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    size_t np = 99;
    CHECK_EQ(grundy_graph_move(g, id, 0, NULL, 0, &np), GRUNDY_OK);
    CHECK_EQ(np, 0);
    grundy_graph_free(g);
    grundy_graph_free(NULL);
}

static void test_cycles(void)
{
    /* A 4-cycle reachable from a tail, a self loop, and a cycle through a split part. */
    static const struct {
        uint32_t n;
        uint32_t m;
        uint32_t from[5], to[5];
        uint32_t on_cycle_mask;
    } cases[] = {
        {6, 5, {5, 1, 2, 3, 4}, {1, 2, 3, 4, 1}, 0x1e},
        {2, 2, {1, 1}, {0, 1}, 0x2},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        grundy_graph *g;
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, cases[c].n, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_moves(g, cases[c].m, cases[c].from, cases[c].to), GRUNDY_OK);
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECYCLE);
        uint32_t node = 99;
        CHECK_EQ(grundy_graph_cycle_node(g, &node), GRUNDY_OK);
        CHECK(node < 32 && ((cases[c].on_cycle_mask >> node) & 1));
        CHECK(strstr(grundy_graph_errmsg(g), "cycle") != NULL);
        uint32_t v[6];
        CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, cases[c].n, v), GRUNDY_ECYCLE);
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, v), GRUNDY_ECYCLE);
        grundy_graph_free(g);
    }
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_split(g, 2, (const uint32_t[]){0, 2}, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECYCLE);
    uint32_t node;
    CHECK_EQ(grundy_graph_cycle_node(g, &node), GRUNDY_OK);
    CHECK_EQ(node, 2);
    grundy_graph_free(g);
}

/* 10^7 nodes in a path (10^5 under the sanitizers): no recursion to overflow. */
static void test_long_path(void)
{
    uint32_t n = harness_quick() ? 100000u : 10000000u;
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    /* Added root-first, so the search must go the whole depth before finishing one node. */
    int added = 1;
    for (uint32_t u = n - 1; added && u > 0; u--)
        added = grundy_graph_add_move(g, u, u - 1) == GRUNDY_OK;
    CHECK(added);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    uint32_t *val = malloc(n * sizeof *val);
    int ok = val != NULL && grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, n, val) == GRUNDY_OK;
    for (uint32_t u = 0; ok && u < n; u++)
        ok = val[u] == (u & 1);
    CHECK(ok);
    free(val);
    grundy_graph_free(g);
}

typedef struct progress_log {
    uint64_t calls, last_done, total;
    uint64_t stop_after;
} progress_log;

static int on_progress(void *user, uint64_t done, uint64_t total)
{
    progress_log *p = user;
    p->calls++;
    p->last_done = done;
    p->total = total;
    return p->stop_after != 0 && p->calls >= p->stop_after;
}

/* n nodes, a move from each node u > 0 to u / 2: long enough to report. */
static grundy_graph *halving_tree(uint32_t n)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    for (uint32_t u = 1; u < n; u++)
        CHECK_EQ(grundy_graph_add_move(g, u, u / 2), GRUNDY_OK);
    return g;
}

static void test_progress_and_cancel(void)
{
    uint32_t n = 300000;
    grundy_graph *g = halving_tree(n);
    progress_log log = {0, 0, 0, 2};
    grundy_graph_set_progress(g, on_progress, &log);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECANCELED);
    CHECK_EQ(log.calls, 2);
    /* Nothing was kept: a question solves again, and is stopped too. */
    uint32_t v;
    log = (progress_log){0, 0, 0, 1};
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_ECANCELED);
    CHECK_EQ(log.calls, 1);
    log = (progress_log){0, 0, 0, 0};
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK(log.calls >= 4);
    CHECK_EQ(log.total, n);
    CHECK(log.last_done <= n);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    grundy_graph_free(g);
}

/* A progress callback that calls back into its own graph. */
typedef struct graph_reentry {
    grundy_graph *g;
    int calls;
    int refused;    /* calls that got GRUNDY_ESTATE, of the REFUSED tried */
    int said_why;   /* the error message named the callback each time */
    int read;       /* reads of merged moves that answered, of the two tried */
    uint32_t nodes; /* what grundy_graph_node_count said */
} graph_reentry;

#define REFUSED 12

static int graph_call_back_in(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    graph_reentry *r = user;
    grundy_graph *g = r->g;
    uint32_t id, a = 0, b = 1, gamma[4], part;
    uint64_t mv, degree;
    size_t count, np;
    int tame;
    r->calls++;
    int rc[REFUSED] = {
        grundy_graph_add_node(g, &id),
        grundy_graph_add_nodes(g, 5, &id),
        grundy_graph_add_move(g, a, b),
        grundy_graph_add_split(g, b, &a, 0),
        grundy_graph_add_moves(g, 1, &b, &a),
        grundy_graph_solve(g, GRUNDY_PLAY_NORMAL),
        grundy_graph_solve(g, GRUNDY_PLAY_MISERE),
        grundy_graph_sum_outcome(g, GRUNDY_PLAY_NORMAL, &b, 1),
        grundy_graph_sum_winning_move(g, GRUNDY_PLAY_NORMAL, &b, 1, &mv),
        grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &b, 1, NULL, &mv, 1, &count),
        grundy_graph_genus(g, b, gamma, 4, &tame),
        grundy_graph_loopy_followers(g, b, gamma, 4, &count), /* never solved for loopy play here */
    };
    for (int i = 0; i < REFUSED; i++)
        r->refused += rc[i] == GRUNDY_ESTATE;
    r->said_why += strstr(grundy_graph_errmsg(g), "progress callback") != NULL;
    /* Moves are merged before any solve: reading them is allowed. */
    r->read += grundy_graph_degree(g, b, &degree) == GRUNDY_OK && degree == 1;
    r->read += grundy_graph_move(g, b, 0, &part, 1, &np) == GRUNDY_OK && part == 0;
    r->nodes = grundy_graph_node_count(g);
    return 0;
}

/* Calls that change or solve from the graph's own progress callback are
 * refused and the solve under way ends right: for the normal-play search,
 * the other plays' search and the loopy one. */
static void test_progress_reentry(void)
{
    uint32_t n = 300000;
    grundy_graph *g = halving_tree(n);
    int plays[3] = {GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_LOOPY};
    for (int i = 0; i < 3; i++) {
        graph_reentry r = {g, 0, 0, 0, 0, 0};
        grundy_graph_set_progress(g, graph_call_back_in, &r);
        /* The loopy play is solved by its first question. */
        uint32_t v;
        if (plays[i] == GRUNDY_PLAY_LOOPY)
            CHECK_EQ(grundy_graph_value(g, plays[i], 3, &v), GRUNDY_OK);
        else
            CHECK_EQ(grundy_graph_solve(g, plays[i]), GRUNDY_OK);
        CHECK(r.calls >= 1);
        CHECK_EQ(r.refused, REFUSED * r.calls);
        CHECK_EQ(r.said_why, r.calls);
        CHECK_EQ(r.read, 2 * r.calls);
        CHECK_EQ(r.nodes, n);
    }
    grundy_graph_set_progress(g, NULL, NULL);
    CHECK_EQ(grundy_graph_node_count(g), n);
    CHECK_EQ(grundy_graph_move_count(g), n - 1);
    /* Node u is floor(log2 u) + 1 moves from node 0: values alternate. */
    uint32_t *val = malloc(n * sizeof *val);
    int bad = val == NULL || grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, n, val) != GRUNDY_OK;
    for (uint32_t u = 1; !bad && u < n; u++) {
        uint32_t depth = 0;
        for (uint32_t x = u; x > 0; x /= 2)
            depth++;
        bad = val[u] != depth % 2;
    }
    CHECK(!bad);
    free(val);
    grundy_graph_free(g);

    /* The misère search of a sum reports through the graph too: three
     * components of a 100-node subtraction game, some 170,000 positions. */
    int outcome[2];
    for (int with = 0; with < 2; with++) {
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, 100, NULL), GRUNDY_OK);
        for (uint32_t u = 1; u < 100; u++) {
            CHECK_EQ(grundy_graph_add_move(g, u, u - 1), GRUNDY_OK);
            if (u >= 2)
                CHECK_EQ(grundy_graph_add_move(g, u, u - 2), GRUNDY_OK);
        }
        graph_reentry r = {g, 0, 0, 0, 0, 0};
        if (with)
            grundy_graph_set_progress(g, graph_call_back_in, &r);
        uint32_t sum[3] = {99, 98, 97};
        outcome[with] = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 3);
        CHECK(outcome[with] == GRUNDY_P || outcome[with] == GRUNDY_N);
        CHECK_EQ(r.calls >= 1, with);
        CHECK_EQ(r.refused, REFUSED * r.calls);
        CHECK_EQ(r.read, 2 * r.calls);
        CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);
        grundy_graph_free(g);
    }
    CHECK_EQ(outcome[1], outcome[0]);
}

/* ------------------------------------------------------------------------ */
/* Large graphs: big enough for the merge to cut the pending moves into
 * blocks and the nodes into buckets, and deep enough to fill the stacks of
 * the helper searches.  The brute force is the test's own: nodes in rank
 * order (parts are of lower rank), the mex of each node's options. */

typedef struct big_dag {
    uint32_t n;
    uint32_t *node_at;   /* node_at[r]: the node of rank r */
    uint32_t *first;     /* node u's moves are first[u] .. first[u + 1) */
    uint32_t *nparts;    /* per move: parts, or BIG_PLAIN for an ordinary move */
    uint32_t *part_at;   /* per move: where its parts start in parts */
    uint32_t *parts;
} big_dag;

#define BIG_PLAIN UINT32_MAX

/* n nodes of random ranks, 0 to 2 * avg moves each; with `chain` the first
 * move of every node but the lowest goes to the rank just below, so the
 * graph is as deep as it has nodes; with `splits` a tenth of the moves go
 * to 0 to 3 parts. */
static void big_dag_make(big_dag *d, uint32_t n, uint32_t avg, int chain, int splits)
{
    uint32_t *rank = malloc(n * sizeof *rank);
    d->n = n;
    d->node_at = malloc(n * sizeof *d->node_at);
    d->first = calloc((size_t)n + 1, sizeof *d->first);
    for (uint32_t r = 0; r < n; r++)
        d->node_at[r] = r;
    for (uint32_t r = n - 1; r > 0; r--) {
        uint32_t j = (uint32_t)harness_below(r + 1ull);
        uint32_t t = d->node_at[r]; d->node_at[r] = d->node_at[j]; d->node_at[j] = t;
    }
    for (uint32_t r = 0; r < n; r++)
        rank[d->node_at[r]] = r;
    for (uint32_t u = 0; u < n; u++)
        d->first[u + 1] = d->first[u] + (rank[u] == 0 ? 0 : (uint32_t)harness_below(2ull * avg + 1));
    uint32_t m = d->first[n];
    d->nparts = malloc(((size_t)m + 1) * sizeof *d->nparts);
    d->part_at = malloc(((size_t)m + 1) * sizeof *d->part_at);
    d->parts = malloc(((size_t)m * 3 + 1) * sizeof *d->parts);
    uint32_t np_total = 0;
    for (uint32_t u = 0; u < n; u++) {
        for (uint32_t k = d->first[u]; k < d->first[u + 1]; k++) {
            int split = splits && harness_below(10) == 0;
            uint32_t np = split ? (uint32_t)harness_below(4) : 1;
            d->nparts[k] = split ? np : BIG_PLAIN;
            d->part_at[k] = np_total;
            for (uint32_t j = 0; j < np; j++) {
                uint32_t r = chain && k == d->first[u] && !split ? rank[u] - 1
                                                                 : (uint32_t)harness_below(rank[u]);
                d->parts[np_total++] = d->node_at[r];
            }
        }
    }
    free(rank);
}

static void big_dag_free(big_dag *d)
{
    free(d->node_at);
    free(d->first);
    free(d->nparts);
    free(d->part_at);
    free(d->parts);
}

static uint32_t big_move_parts(const big_dag *d, uint32_t k)
{
    return d->nparts[k] == BIG_PLAIN ? 1 : d->nparts[k];
}

/* The values of all nodes, in rank order. */
static uint32_t *big_dag_brute(const big_dag *d)
{
    uint32_t *val = malloc(d->n * sizeof *val);
    unsigned char *seen = calloc(d->first[d->n] + 2, 1);
    for (uint32_t r = 0; r < d->n; r++) {
        uint32_t u = d->node_at[r], deg = d->first[u + 1] - d->first[u];
        for (int pass = 0; pass < 2; pass++) { /* mark, then clear */
            for (uint32_t k = d->first[u]; k < d->first[u + 1]; k++) {
                uint32_t x = 0;
                for (uint32_t j = 0; j < big_move_parts(d, k); j++)
                    x ^= val[d->parts[d->part_at[k] + j]];
                if (x <= deg)
                    seen[x] = (unsigned char)!pass;
            }
            if (pass == 0) {
                uint32_t v = 0;
                while (seen[v])
                    v++;
                val[u] = v;
            }
        }
    }
    free(seen);
    return val;
}

/* Adds the k-th move of every node for k in [k0, k1), round by round, so
 * that nodes' moves interleave: ordinary moves in bulk, splits one by one. */
static void big_dag_add(const big_dag *d, grundy_graph *g, uint32_t k0, uint32_t k1)
{
    size_t cap = (size_t)d->first[d->n] + 1, len = 0;
    uint32_t *from = malloc(cap * sizeof *from), *to = malloc(cap * sizeof *to);
    for (uint32_t k = k0; k < k1; k++) {
        for (uint32_t u = 0; u < d->n; u++) {
            uint32_t e = d->first[u] + k;
            if (e >= d->first[u + 1])
                continue;
            if (d->nparts[e] == BIG_PLAIN) {
                from[len] = u;
                to[len++] = d->parts[d->part_at[e]];
                continue;
            }
            CHECK_EQ(grundy_graph_add_moves(g, len, from, to), GRUNDY_OK);
            len = 0;
            CHECK_EQ(grundy_graph_add_split(g, u, d->parts + d->part_at[e], d->nparts[e]),
                     GRUNDY_OK);
        }
    }
    CHECK_EQ(grundy_graph_add_moves(g, len, from, to), GRUNDY_OK);
    free(from);
    free(to);
}

/* Every value, and every node's moves in the order they were added. */
static void big_dag_check(const big_dag *d, grundy_graph *g)
{
    uint32_t *val = big_dag_brute(d);
    uint32_t *got = malloc(d->n * sizeof *got);
    int solved = got != NULL && grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, d->n, got) == GRUNDY_OK;
    long bad_values = 0, bad_moves = 0;
    for (uint32_t u = 0; solved && u < d->n; u++) {
        bad_values += got[u] != val[u];
        uint64_t deg = 0;
        bad_moves += grundy_graph_degree(g, u, &deg) != GRUNDY_OK ||
                     deg != d->first[u + 1] - d->first[u];
        for (uint32_t k = d->first[u]; k < d->first[u + 1] && !bad_moves; k++) {
            uint32_t parts[3];
            size_t np;
            bad_moves += grundy_graph_move(g, u, k - d->first[u], parts, 3, &np) != GRUNDY_OK ||
                         np != big_move_parts(d, k) ||
                         (np > 0 && memcmp(parts, d->parts + d->part_at[k], np * sizeof *parts));
        }
    }
    CHECK(solved);
    free(got);
    CHECK_EQ(bad_values, 0);
    CHECK_EQ(bad_moves, 0);
    free(val);
}

/* Large DAGs, shallow and deep, with and without splits, added in two
 * parts with a solve between, so the second merge joins old and new moves. */
static void test_large_dags(void)
{
    int rounds = harness_quick() ? 2 : 8;
    for (int r = 0; r < rounds; r++) {
        big_dag d;
        big_dag_make(&d, 30000 + (uint32_t)harness_below(20000), 10, r % 4 >= 2, r % 2);
        grundy_graph *g;
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, d.n, NULL), GRUNDY_OK);
        big_dag_add(&d, g, 0, 6);
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
        big_dag_add(&d, g, 6, 21);
        if (r % 3 == 0) /* else the check's first question solves */
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
        CHECK(grundy_graph_move_count(g) > (1u << 18)); /* several buckets and blocks */
        big_dag_check(&d, g);
        grundy_graph_free(g);
        big_dag_free(&d);
    }
}

/* A large batch of moves is merged as it is added; a small one after it
 * waits and is merged by the first question that reads moves; and a merge
 * ahead that fails leaves the moves waiting, the error message as it was
 * and the graph right, whichever allocation fails.  Whether moves wait shows
 * in allocations: reading a node's degree merges them, which allocates. */
static void test_merge_ahead(void)
{
    big_dag d;
    big_dag_make(&d, 20000, 8, 0, 0);
    CHECK(d.first[d.n] >= 65536u); /* past the size merged ahead */
    uint32_t top = d.node_at[d.n - 1], bad = d.n;
    uint64_t deg = 99;
    failing_alloc f = {0, 0, 0, 0};
    grundy_allocator a = failing_allocator(&f);
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, &a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, d.n, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_degree(g, top, &deg), GRUNDY_OK);
    CHECK_EQ(deg, 0);
    big_dag_add(&d, g, 0, 17);
    long calls = f.calls;
    CHECK_EQ(grundy_graph_degree(g, top, &deg), GRUNDY_OK);
    CHECK_EQ(deg, d.first[top + 1] - d.first[top]);
    CHECK_EQ(f.calls, calls); /* merged already */
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    big_dag_check(&d, g);
    /* One more move: waiting until a question merges it. */
    uint32_t low = d.node_at[0];
    CHECK_EQ(grundy_graph_add_moves(g, 1, &top, &low), GRUNDY_OK);
    calls = f.calls;
    CHECK_EQ(grundy_graph_degree(g, top, &deg), GRUNDY_OK);
    CHECK_EQ(deg, d.first[top + 1] - d.first[top] + 1);
    CHECK(f.calls > calls);
    uint32_t part = 99;
    size_t np;
    CHECK_EQ(grundy_graph_move(g, top, deg - 1, &part, 1, &np), GRUNDY_OK);
    CHECK(np == 1 && part == low);
    grundy_graph_free(g);
    CHECK_EQ(f.live, 0);

    /* The same moves in one call, node by node, with an allocation failing. */
    size_t m = d.first[d.n];
    uint32_t *from = malloc(m * sizeof *from), *to = malloc(m * sizeof *to);
    for (uint32_t u = 0; u < d.n; u++) {
        for (uint32_t e = d.first[u]; e < d.first[u + 1]; e++) {
            from[e] = u;
            to[e] = d.parts[d.part_at[e]];
        }
    }
    int merge_failures = 0;
    for (long k = 1;; k++) {
        f = (failing_alloc){0, 0, 0, 0};
        CHECK_EQ(grundy_graph_new(&g, &a), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, d.n, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_moves(g, 1, &top, &bad), GRUNDY_ERANGE);
        char before[256];
        snprintf(before, sizeof before, "%s", grundy_graph_errmsg(g));
        f.fail_at = f.calls + k;
        int rc = grundy_graph_add_moves(g, m, from, to);
        int merged = 1;
        if (rc == GRUNDY_ENOMEM) {
            /* The list of pending moves could not grow: nothing added. */
            CHECK_EQ(grundy_graph_move_count(g), 0);
            rc = grundy_graph_add_moves(g, m, from, to);
        } else if (f.failures > 0) {
            /* The merge ahead failed: the moves wait, the message is intact. */
            merge_failures++;
            merged = 0;
            CHECK(strcmp(grundy_graph_errmsg(g), before) == 0);
        }
        CHECK_EQ(rc, GRUNDY_OK);
        CHECK_EQ(grundy_graph_move_count(g), (uint64_t)m);
        int failed = f.failures > 0;
        f.fail_at = 0; /* only the adding is under test */
        calls = f.calls;
        CHECK_EQ(grundy_graph_degree(g, top, &deg), GRUNDY_OK);
        CHECK_EQ(deg, d.first[top + 1] - d.first[top]);
        CHECK_EQ(f.calls > calls, !merged);
        big_dag_check(&d, g);
        grundy_graph_free(g);
        CHECK_EQ(f.live, 0);
        if (!failed)
            break;
        CHECK(k < 16); /* a merge takes a handful of allocations */
    }
    CHECK(merge_failures > 0);
    free(from);
    free(to);
    big_dag_free(&d);
}

/* Whether node c can reach itself, by the test's own iterative search. */
static int on_cycle(const big_dag *d, const uint32_t *extra_from, const uint32_t *extra_to,
                    int extra, uint32_t c)
{
    unsigned char *seen = calloc(d->n, 1);
    uint32_t *todo = malloc((d->n + 1) * sizeof *todo);
    size_t top = 0;
    int found = 0;
    todo[top++] = c;
    while (top > 0 && !found) {
        uint32_t u = todo[--top];
        for (int x = 0; x < extra; x++) {
            if (extra_from[x] == u && !seen[extra_to[x]]) {
                found |= extra_to[x] == c;
                seen[extra_to[x]] = 1;
                todo[top++] = extra_to[x];
            }
        }
        for (uint32_t k = d->first[u]; k < d->first[u + 1]; k++) {
            uint32_t v = d->parts[d->part_at[k]];
            if (!seen[v]) {
                found |= v == c;
                seen[v] = 1;
                todo[top++] = v;
            }
        }
    }
    free(seen);
    free(todo);
    return found;
}

/* Large graphs with a few moves back up the ranks: the cycle found must be
 * one, whichever of the interleaved searches meets it. */
static void test_large_cycles(void)
{
    int rounds = harness_quick() ? 4 : 24;
    for (int r = 0; r < rounds; r++) {
        big_dag d;
        big_dag_make(&d, 5000 + (uint32_t)harness_below(20000), 6, r % 2, 0);
        uint32_t from[3], to[3];
        int extra = 1 + r % 3;
        for (int x = 0; x < extra; x++) {
            /* From a low rank to a high one: a cycle when the high one reaches it. */
            from[x] = d.node_at[harness_below(d.n / 4 + 1)];
            to[x] = d.node_at[d.n - 1 - harness_below(d.n / 4 + 1)];
        }
        grundy_graph *g;
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, d.n, NULL), GRUNDY_OK);
        big_dag_add(&d, g, 0, 13);
        CHECK_EQ(grundy_graph_add_moves(g, (size_t)extra, from, to), GRUNDY_OK);
        int any = 0;
        for (int x = 0; x < extra; x++)
            any |= on_cycle(&d, from, to, extra, from[x]);
        int rc = grundy_graph_solve(g, GRUNDY_PLAY_NORMAL);
        CHECK_EQ(rc, any ? GRUNDY_ECYCLE : GRUNDY_OK);
        uint32_t c;
        if (rc == GRUNDY_ECYCLE && CHECK_EQ(grundy_graph_cycle_node(g, &c), GRUNDY_OK))
            CHECK(on_cycle(&d, from, to, extra, c));
        grundy_graph_free(g);
        big_dag_free(&d);
    }
}

/* A path whose ids rise along it: the first search goes down it all while
 * the helpers start ahead of it, fill their stacks and are taken over. */
static void test_rising_path(void)
{
    uint32_t n = 50000;
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    for (uint32_t u = 0; u + 1 < n; u++)
        CHECK_EQ(grundy_graph_add_move(g, u, u + 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    uint32_t *val = malloc(n * sizeof *val);
    int ok = val != NULL && grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, n, val) == GRUNDY_OK;
    for (uint32_t u = 0; ok && u < n; u++)
        ok = val[u] == ((n - 1 - u) & 1);
    CHECK(ok);
    free(val);
    /* Closing it into one long cycle. */
    CHECK_EQ(grundy_graph_add_move(g, n - 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECYCLE);
    uint32_t c = n;
    CHECK_EQ(grundy_graph_cycle_node(g, &c), GRUNDY_OK);
    CHECK(c < n);
    grundy_graph_free(g);
}

static void test_parse(void)
{
    static const char text[] = "# a comment\n4 5  # n m\n1 0\n2 0 2 1\n\t3 0\r\n3 1# end\n";
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_errpos(g), GRUNDY_NO_POS); /* no failure yet */
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_OK);
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ESTATE);
    CHECK_EQ(grundy_graph_errpos(g), GRUNDY_NO_POS); /* not about the text */
    const uint32_t expect[] = {0, 1, 2, 2};
    for (uint32_t u = 0; u < 4; u++) {
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, u, &v), GRUNDY_OK);
        CHECK_EQ(v, expect[u]);
    }
    grundy_graph_free(g);
    CHECK_EQ(grundy_graph_errpos(NULL), GRUNDY_NO_POS);

    /* Each failure: its status, its line in the message, and the byte
     * offset of the offending token (the end of the text where one is
     * missing). */
    static const struct {
        const char *text;
        int status;
        size_t line, pos;
        const char *needle;
    } bad[] = {
        {"", GRUNDY_EPARSE, 1, 0, "end of input"},
        {"3", GRUNDY_EPARSE, 1, 1, "move count"},
        {"3 1\n\n0 -1\n", GRUNDY_EPARSE, 3, 7, "-1"},
        {"3 2\n0 1\n2 3\n", GRUNDY_ERANGE, 3, 10, "node 3"},
        {"3 2\n0 1\n7 2\n", GRUNDY_ERANGE, 3, 8, "node 7"},
        {"3 2\n0 1\n", GRUNDY_EPARSE, 3, 8, "end of input"},
        {"3 1\n0 1\n1\n", GRUNDY_EPARSE, 3, 8, "unexpected"},
        {"2147483648 0", GRUNDY_ELIMIT, 1, 0, "2147483647"},
        {"2 99999999999999999999999 0 1", GRUNDY_ELIMIT, 1, 2, "larger"},
        {"2 1 0 1x", GRUNDY_EPARSE, 1, 6, "1x"},
        {"# c\n2 1 # m\n\t0 \x01", GRUNDY_EPARSE, 3, 15, "\\x01"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_parse(g, bad[i].text, strlen(bad[i].text)), bad[i].status);
        if (!CHECK_EQ(grundy_graph_errpos(g), bad[i].pos))
            fprintf(stderr, "  case %zu: errpos %zu\n", i, grundy_graph_errpos(g));
        char line[32];
        snprintf(line, sizeof line, "line %zu:", bad[i].line);
        CHECK(strstr(grundy_graph_errmsg(g), line) != NULL);
        if (!CHECK(strstr(grundy_graph_errmsg(g), bad[i].needle) != NULL))
            fprintf(stderr, "  case %zu: message '%s'\n", i, grundy_graph_errmsg(g));
        CHECK_EQ(grundy_graph_node_count(g), 0);
        CHECK_EQ(grundy_graph_move_count(g), 0);
        /* A later failure not about the text clears the position. */
        CHECK_EQ(grundy_graph_add_move(g, 0, 0), GRUNDY_ERANGE);
        CHECK_EQ(grundy_graph_errpos(g), GRUNDY_NO_POS);
        grundy_graph_free(g);
    }
}

/* The memory cap: an absurd graph fails at once, naming the cap; the graph
 * stays usable, and with room again it answers as an uncapped one. */
static void test_memory_limit(void)
{
    grundy_graph *g = NULL;
    if (!CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK))
        return;
    grundy_graph_set_memory_limit(g, (size_t)64 << 20);
    static const char absurd[] = "2147483647 0";
    CHECK_EQ(grundy_graph_parse(g, absurd, sizeof absurd - 1), GRUNDY_OK);
    uint32_t v = 7;
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 5, &v), GRUNDY_ENOMEM);
    CHECK(strstr(grundy_graph_errmsg(g), "memory limit of 67108864 bytes") != NULL);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_ENOMEM);
    grundy_graph_free(g);

    /* A path of 1000 nodes: refused under a tiny cap, solved once it is lifted. */
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    uint32_t first = 0;
    CHECK_EQ(grundy_graph_add_nodes(g, 1000, &first), GRUNDY_OK);
    grundy_graph_set_memory_limit(g, 256);
    int rc = GRUNDY_OK;
    for (uint32_t u = 1; u < 1000 && rc == GRUNDY_OK; u++)
        rc = grundy_graph_add_move(g, u, u - 1);
    CHECK_EQ(rc, GRUNDY_ENOMEM);
    CHECK(strstr(grundy_graph_errmsg(g), "256 bytes") != NULL);
    uint64_t added = grundy_graph_move_count(g);
    CHECK(added > 0 && added < 999);
    grundy_graph_set_memory_limit(g, 0);
    for (uint32_t u = (uint32_t)added + 1; u < 1000; u++)
        CHECK_EQ(grundy_graph_add_move(g, u, u - 1), GRUNDY_OK);
    grundy_graph_set_memory_limit(g, 1 << 20);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 999, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_MISERE, 998), GRUNDY_N);
    grundy_graph_free(g);
    grundy_graph_set_memory_limit(NULL, 1); /* a no-op */
}

int main(void)
{
    RUN(test_random_dags);
    RUN(test_add_after_solve);
    RUN(test_lazy_solve);
    RUN(test_values_ranges);
    RUN(test_waiting_moves);
    RUN(test_bulk_and_errors);
    RUN(test_cycles);
    RUN(test_long_path);
    RUN(test_progress_and_cancel);
    RUN(test_progress_reentry);
    RUN(test_large_dags);
    RUN(test_large_cycles);
    RUN(test_merge_ahead);
    RUN(test_rising_path);
    RUN(test_parse);
    RUN(test_memory_limit);
    return harness_done();
}
