/* Genus symbols and tame misère sums, checked against the misère search:
 * gamma_n(x) is 0 exactly when x plus n heaps of 2 is a misère P-position,
 * gamma_0 is the misère Grundy value, and wherever every component is tame
 * the genus rule must give the searched outcome. */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "nim_heaps.h"

static void test_nim_heaps(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 7, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 7), GRUNDY_OK);
    /* Conway: *0 is 0^120, *1 is 1^031, *a (a >= 2) is a^(a, a^2, ...). */
    for (uint32_t k = 0; k < 7; k++) {
        uint32_t gm[GRUNDY_GENUS_TERMS];
        int tame = -1;
        CHECK_EQ(grundy_graph_genus(g, k, gm, GRUNDY_GENUS_TERMS, &tame), GRUNDY_OK);
        CHECK_EQ(tame, 1);
        for (uint32_t n = 0; n < GRUNDY_GENUS_TERMS; n++) {
            uint32_t want = k == 0 ? (n == 0 ? 1 : n % 2 ? 2 : 0)
                          : k == 1 ? (n == 0 ? 0 : n % 2 ? 3 : 1)
                          : (n % 2 ? (k ^ 2) : k);
            CHECK_EQ(gm[n], want);
        }
    }
    grundy_graph_free(g);
}

/* A random DAG on nodes 0..n-1 plus, as node n, a Nim heap of 2 (n+1 -> n+2
 * -> ... built as n: moves to n+1 and n+2, n+1: move to n+2, n+2 terminal). */
static grundy_graph *random_dag_with_heap2(uint32_t n, uint32_t *heap2)
{
    grundy_graph *g;
    if (grundy_graph_new(&g) != GRUNDY_OK)
        return NULL;
    grundy_graph_add_nodes(g, n + 3, NULL);
    for (uint32_t u = 1; u < n; u++) {
        uint32_t d = (uint32_t)harness_below(4);
        for (uint32_t e = 0; e < d; e++)
            grundy_graph_add_move(g, u, (uint32_t)harness_below(u));
    }
    grundy_graph_add_move(g, n, n + 1);
    grundy_graph_add_move(g, n, n + 2);
    grundy_graph_add_move(g, n + 1, n + 2);
    *heap2 = n;
    return g;
}

static void test_against_search(void)
{
    int rounds = harness_quick() ? 150 : 1500;
    long tame_sums = 0;
    for (int r = 0; r < rounds; r++) {
        uint32_t n = 2 + (uint32_t)harness_below(9), h2;
        grundy_graph *g = random_dag_with_heap2(n, &h2);
        if (!CHECK(g != NULL))
            return;
        CHECK_EQ(grundy_graph_solve_play(g, GRUNDY_PLAY_MISERE), GRUNDY_OK);
        for (uint32_t x = 0; x < n; x++) {
            uint32_t gm[GRUNDY_GENUS_TERMS], mis;
            int tame;
            CHECK_EQ(grundy_graph_genus(g, x, gm, GRUNDY_GENUS_TERMS, &tame), GRUNDY_OK);
            CHECK_EQ(grundy_graph_play_value(g, GRUNDY_PLAY_MISERE, x, &mis), GRUNDY_OK);
            CHECK_EQ(gm[0], mis);
            /* gamma_n = 0 iff x + n*2 is a misère P-position (n up to 4). */
            uint32_t sum[5] = {x, h2, h2, h2, h2};
            for (size_t k = 0; k < 5; k++) {
                int o = grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, sum, k + 1);
                CHECK_EQ(o, gm[k] == 0 ? GRUNDY_P : GRUNDY_N);
            }
        }
        for (int t = 0; t < 6; t++) {
            uint32_t c[3];
            size_t k = 1 + (size_t)harness_below(3);
            for (size_t i = 0; i < k; i++)
                c[i] = (uint32_t)harness_below(n);
            int by_genus = grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, c, k);
            int by_search = grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, c, k);
            if (by_genus == GRUNDY_EINVAL) {
                int any_wild = 0;
                for (size_t i = 0; i < k; i++) {
                    int tame;
                    grundy_graph_genus(g, c[i], NULL, 0, &tame);
                    any_wild |= !tame;
                }
                CHECK(any_wild);
                continue;
            }
            tame_sums++;
            CHECK_EQ(by_genus, by_search);
        }
        grundy_graph_free(g);
    }
    CHECK(tame_sums > rounds); /* the comparison really ran */
}

/* A wild position found by search: 5 -> {3, 4}, 3 -> 0 (like *1), 4 -> 2,
 * 2 -> {1, 0}, 1 -> 0.  Its value is 2 but its genus is 2^(1 4 2 0 ...),
 * not 2^(2 0 2 0 ...): it must be refused by name, and the search decides. */
static void test_wild(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 6, NULL), GRUNDY_OK);
    const uint32_t from[] = {1, 2, 2, 3, 4, 5, 5}, to[] = {0, 1, 0, 0, 2, 3, 4};
    CHECK_EQ(grundy_graph_add_moves(g, 7, from, to), GRUNDY_OK);
    uint32_t gm[4];
    int tame = -1;
    CHECK_EQ(grundy_graph_genus(g, 5, gm, 4, &tame), GRUNDY_OK);
    CHECK_EQ(tame, 0);
    CHECK(gm[0] == 1 && gm[1] == 4 && gm[2] == 2 && gm[3] == 0);
    uint32_t sum[] = {5, 1};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, sum, 2), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 5") != NULL);
    int o = grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, sum, 2);
    CHECK(o == GRUNDY_P || o == GRUNDY_N);
    grundy_graph_free(g);
}

static void test_errors(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    grundy_graph_add_nodes(g, 3, NULL);
    grundy_graph_add_split(g, 2, (const uint32_t[]){0, 1}, 2);
    uint32_t gm[2];
    CHECK_EQ(grundy_graph_genus(g, 2, gm, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_genus(g, 9, gm, 2, NULL), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_genus(NULL, 0, gm, 2, NULL), GRUNDY_EINVAL);
    grundy_graph_free(g);
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    grundy_graph_add_nodes(g, 2, NULL);
    grundy_graph_add_move(g, 0, 1);
    grundy_graph_add_move(g, 1, 0);
    CHECK_EQ(grundy_graph_genus(g, 0, gm, 2, NULL), GRUNDY_ECYCLE);
    grundy_graph_free(g);
}

static int stop_now(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    ++*(int *)user;
    return 1;
}

/* The misère search can run long, so it reports progress and stops when the
 * graph's callback asks; the graph stays usable afterwards. */
static void test_misere_search_stops(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    const uint32_t n = 200;
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    for (uint32_t u = 1; u < n; u++) {
        grundy_graph_add_move(g, u, u - 1);
        if (u >= 2)
            grundy_graph_add_move(g, u, u - 2);
    }
    int calls = 0;
    grundy_graph_set_progress(g, stop_now, &calls);
    const uint32_t big[] = {n - 1, n - 1, n - 1};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, big, 3), GRUNDY_ECANCELED);
    CHECK_EQ(calls, 1);
    grundy_graph_set_progress(g, NULL, NULL);
    const uint32_t small[] = {3, 2};
    int o = grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, small, 2);
    CHECK(o == GRUNDY_P || o == GRUNDY_N);
    grundy_graph_free(g);
}

int main(void)
{
    test_misere_search_stops();
    test_nim_heaps();
    test_against_search();
    test_wild();
    test_errors();
    return harness_done();
}
