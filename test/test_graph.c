/* Game graphs against an independent brute force: a plain recursive mex over
 * the options, written without any of the library's code (random_dag.h). */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "random_dag.h"

static grundy_graph *build(const dag *d)
{
    grundy_graph *g;
    if (grundy_graph_new(&g) != GRUNDY_OK)
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
    const uint32_t *val = grundy_graph_values(g);
    if (!CHECK(val != NULL))
        return;
    for (int u = 0; u < d->n; u++) {
        CHECK_EQ(val[u], memo[u]);
        CHECK_EQ(grundy_graph_outcome(g, (uint32_t)u), memo[u] ? GRUNDY_N : GRUNDY_P);
        uint32_t deg;
        CHECK_EQ(grundy_graph_degree(g, (uint32_t)u, &deg), GRUNDY_OK);
        CHECK_EQ(deg, d->nmoves[u]);
        /* Moves keep their order and parts. */
        for (int k = 0; k < d->nmoves[u]; k++) {
            const uint32_t *parts;
            uint32_t np;
            CHECK_EQ(grundy_graph_move(g, (uint32_t)u, (uint32_t)k, &parts, &np), GRUNDY_OK);
            CHECK_EQ(np, d->nparts[u][k]);
            for (uint32_t j = 0; j < np && j < DAG_MAXPARTS; j++)
                CHECK_EQ(parts[j], d->part[u][k][j]);
        }
        /* Winning moves are exactly the moves to value 0. */
        uint32_t wins[DAG_MAXMOVES];
        size_t count;
        CHECK_EQ(grundy_graph_winning_moves(g, (uint32_t)u, wins, DAG_MAXMOVES, &count), GRUNDY_OK);
        size_t expect = 0;
        for (int k = 0; k < d->nmoves[u]; k++) {
            if (move_value(d, u, k, memo) == 0) {
                CHECK(expect < count && wins[expect] == (uint32_t)k);
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
        CHECK_EQ(grundy_graph_sum_value(g, nodes, k, &sv), GRUNDY_OK);
        CHECK_EQ(sv, x);
        size_t comp;
        uint32_t mv;
        int found = grundy_graph_sum_winning_move(g, nodes, k, &comp, &mv);
        CHECK_EQ(found, x != 0);
        if (found == 1 && CHECK(comp < k)) {
            int after = x ^ memo[nodes[comp]] ^ move_value(d, (int)nodes[comp], (int)mv, memo);
            CHECK_EQ(after, 0);
        }
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
        CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
        check_against_brute(&d, g);
        grundy_graph_free(g);
    }
}

/* Moves added after a solve: the graph needs (and gets) a new solve. */
static void test_add_after_solve(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* Solving an unchanged graph again keeps the values it has. */
    const uint32_t *before = grundy_graph_values(g);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    CHECK(grundy_graph_values(g) == before);
    CHECK_EQ(grundy_graph_add_move(g, 2, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, 1, &v), GRUNDY_ESTATE);
    CHECK(grundy_graph_values(g) == NULL);
    CHECK_EQ(grundy_graph_add_move(g, 2, 0), GRUNDY_OK);
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(id, 3);
    CHECK_EQ(grundy_graph_add_split(g, 3, (const uint32_t[]){2, 1}, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 2);
    CHECK_EQ(grundy_graph_value(g, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* its only move leads to 2 xor 1 = 3 */
    CHECK_EQ(grundy_graph_move_count(g), 4);
    const uint32_t *parts;
    uint32_t np;
    CHECK_EQ(grundy_graph_move(g, 2, 1, &parts, &np), GRUNDY_OK);
    CHECK(np == 1 && parts[0] == 0);
    CHECK_EQ(grundy_graph_move(g, 2, 2, &parts, &np), GRUNDY_ERANGE);
    grundy_graph_free(g);
}

static void test_bulk_and_errors(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, 0, &v), GRUNDY_ESTATE);
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
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    for (uint32_t u = 0; u < 4; u++) {
        CHECK_EQ(grundy_graph_value(g, u, &v), GRUNDY_OK);
        CHECK_EQ(v, u); /* Nim heaps 0..3 */
    }
    CHECK_EQ(grundy_graph_value(g, 4, &v), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_value(g, 0, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_outcome(g, 4), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_cycle_node(g, &v), GRUNDY_ESTATE);
    size_t count;
    CHECK_EQ(grundy_graph_winning_moves(g, 3, NULL, 0, &count), GRUNDY_OK);
    CHECK_EQ(count, 1);
    CHECK_EQ(grundy_graph_winning_moves(g, 3, NULL, 1, &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_value(g, (const uint32_t[]){1, 9}, 2, &v), GRUNDY_ERANGE);
    /* A split with no parts leads to the finished game, value 0. */
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_split(g, id, NULL, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, id, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    const uint32_t *parts;
    uint32_t np;
    CHECK_EQ(grundy_graph_move(g, id, 0, &parts, &np), GRUNDY_OK);
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
        CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_nodes(g, cases[c].n, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_moves(g, cases[c].m, cases[c].from, cases[c].to), GRUNDY_OK);
        CHECK_EQ(grundy_graph_solve(g), GRUNDY_ECYCLE);
        uint32_t node = 99;
        CHECK_EQ(grundy_graph_cycle_node(g, &node), GRUNDY_OK);
        CHECK(node < 32 && ((cases[c].on_cycle_mask >> node) & 1));
        CHECK(strstr(grundy_graph_errmsg(g), "cycle") != NULL);
        CHECK(grundy_graph_values(g) == NULL);
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, 0, &v), GRUNDY_ESTATE);
        grundy_graph_free(g);
    }
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_split(g, 2, (const uint32_t[]){0, 2}, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_ECYCLE);
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
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    /* Added root-first, so the search must go the whole depth before finishing one node. */
    int added = 1;
    for (uint32_t u = n - 1; added && u > 0; u--)
        added = grundy_graph_add_move(g, u, u - 1) == GRUNDY_OK;
    CHECK(added);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    const uint32_t *val = grundy_graph_values(g);
    int ok = val != NULL;
    for (uint32_t u = 0; ok && u < n; u++)
        ok = val[u] == (u & 1);
    CHECK(ok);
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

static void test_progress_and_cancel(void)
{
    uint32_t n = 300000;
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    for (uint32_t u = 1; u < n; u++)
        grundy_graph_add_move(g, u, u / 2);
    progress_log log = {0, 0, 0, 2};
    grundy_graph_set_progress(g, on_progress, &log);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_ECANCELED);
    CHECK_EQ(log.calls, 2);
    CHECK(grundy_graph_values(g) == NULL);
    log = (progress_log){0, 0, 0, 0};
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    CHECK(log.calls >= 4);
    CHECK_EQ(log.total, n);
    CHECK(log.last_done <= n);
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    grundy_graph_free(g);
}

static void test_parse(void)
{
    static const char text[] = "# a comment\n4 5  # n m\n1 0\n2 0 2 1\n\t3 0\r\n3 1# end\n";
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_OK);
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ESTATE);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    const uint32_t expect[] = {0, 1, 2, 2};
    for (uint32_t u = 0; u < 4; u++) {
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, u, &v), GRUNDY_OK);
        CHECK_EQ(v, expect[u]);
    }
    grundy_graph_free(g);

    static const struct {
        const char *text;
        int status;
        size_t line;
        const char *needle;
    } bad[] = {
        {"", GRUNDY_EPARSE, 1, "end of input"},
        {"3", GRUNDY_EPARSE, 1, "move count"},
        {"3 1\n\n0 -1\n", GRUNDY_EPARSE, 3, "-1"},
        {"3 2\n0 1\n2 3\n", GRUNDY_ERANGE, 3, "node 3"},
        {"3 2\n0 1\n", GRUNDY_EPARSE, 3, "end of input"},
        {"3 1\n0 1\n1\n", GRUNDY_EPARSE, 3, "unexpected"},
        {"2147483648 0", GRUNDY_ELIMIT, 1, "2147483647"},
        {"2 99999999999999999999999 0 1", GRUNDY_ELIMIT, 1, "larger"},
        {"2 1 0 1x", GRUNDY_EPARSE, 1, "1x"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
        CHECK_EQ(grundy_graph_parse(g, bad[i].text, strlen(bad[i].text)), bad[i].status);
        CHECK_EQ(grundy_graph_errline(g), bad[i].line);
        if (!CHECK(strstr(grundy_graph_errmsg(g), bad[i].needle) != NULL))
            fprintf(stderr, "  case %zu: message '%s'\n", i, grundy_graph_errmsg(g));
        CHECK_EQ(grundy_graph_node_count(g), 0);
        CHECK_EQ(grundy_graph_move_count(g), 0);
        grundy_graph_free(g);
    }
}

int main(void)
{
    test_random_dags();
    test_add_after_solve();
    test_bulk_and_errors();
    test_cycles();
    test_long_path();
    test_progress_and_cancel();
    test_parse();
    return harness_done();
}
