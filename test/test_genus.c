/* SPDX-License-Identifier: MIT */
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
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
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
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK)
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
        if (r % 2 == 0) /* else the first question solves */
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_MISERE), GRUNDY_OK);
        for (uint32_t x = 0; x < n; x++) {
            uint32_t gm[GRUNDY_GENUS_TERMS], mis;
            int tame;
            CHECK_EQ(grundy_graph_genus(g, x, gm, GRUNDY_GENUS_TERMS, &tame), GRUNDY_OK);
            CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_MISERE, x, &mis), GRUNDY_OK);
            CHECK_EQ(gm[0], mis);
            /* gamma_n = 0 iff x + n*2 is a misère P-position (n up to 4). */
            uint32_t sum[5] = {x, h2, h2, h2, h2};
            for (size_t k = 0; k < 5; k++) {
                int o = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, k + 1);
                CHECK_EQ(o, gm[k] == 0 ? GRUNDY_P : GRUNDY_N);
            }
        }
        for (int t = 0; t < 6; t++) {
            uint32_t c[3];
            size_t k = 1 + (size_t)harness_below(3);
            for (size_t i = 0; i < k; i++)
                c[i] = (uint32_t)harness_below(n);
            int by_genus = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, c, k);
            int by_search = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, c, k);
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
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 6, NULL), GRUNDY_OK);
    const uint32_t from[] = {1, 2, 2, 3, 4, 5, 5}, to[] = {0, 1, 0, 0, 2, 3, 4};
    CHECK_EQ(grundy_graph_add_moves(g, 7, from, to), GRUNDY_OK);
    uint32_t gm[4];
    int tame = -1;
    CHECK_EQ(grundy_graph_genus(g, 5, gm, 4, &tame), GRUNDY_OK);
    CHECK_EQ(tame, 0);
    CHECK(gm[0] == 1 && gm[1] == 4 && gm[2] == 2 && gm[3] == 0);
    uint32_t sum[] = {5, 1};
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, sum, 2), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 5") != NULL);
    int o = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 2);
    CHECK(o == GRUNDY_P || o == GRUNDY_N);
    /* Unasked, the library searches this sum too. */
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, sum, 2), o);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);
    grundy_graph_free(g);
}

static void test_errors(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    grundy_graph_add_nodes(g, 3, NULL);
    grundy_graph_add_split(g, 2, (const uint32_t[]){0, 1}, 2);
    uint32_t gm[2];
    CHECK_EQ(grundy_graph_genus(g, 2, gm, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_genus(g, 9, gm, 2, NULL), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_genus(NULL, 0, gm, 2, NULL), GRUNDY_EINVAL);
    grundy_graph_free(g);
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    grundy_graph_add_nodes(g, 2, NULL);
    grundy_graph_add_move(g, 0, 1);
    grundy_graph_add_move(g, 1, 0);
    CHECK_EQ(grundy_graph_genus(g, 0, gm, 2, NULL), GRUNDY_ECYCLE);
    grundy_graph_free(g);
}

/* One graph with three sums, each built to need a different method:
 * Nim heaps 0..3 (nodes 0..3: only the terminal heap has value 0, so the SJ
 * theorem applies); node 4 -> 1, of value 0 with a move (so SJ does not
 * apply) but tame (it is *1 + *1); and the wild graph of test_wild() on
 * nodes 6..11, which only the search decides. */
static grundy_graph *three_methods_graph(void)
{
    grundy_graph *g;
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK)
        return NULL;
    CHECK_EQ(grundy_graph_add_nodes(g, 12, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 4, 1), GRUNDY_OK);
    const uint32_t from[] = {7, 8, 8, 9, 10, 11, 11}, to[] = {6, 7, 6, 6, 8, 9, 10};
    CHECK_EQ(grundy_graph_add_moves(g, 7, from, to), GRUNDY_OK);
    return g;
}

/* The same answers by the method given as by the search: the outcome, and
 * every winning move (the search's list, move for move); a winning move
 * that is one of them.  Each call reports its method. */
static void check_by(grundy_graph *g, int play, const uint32_t *sum, size_t n, int method)
{
    const int search = GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH;
    size_t comps[16], comps_s[16], count = 99, count_s = 98;
    uint64_t wins[16], wins_s[16], move[3];
    CHECK_EQ(grundy_graph_sum_outcome(g, play, sum, n), grundy_graph_sum_outcome(g, search, sum, n));
    CHECK_EQ(grundy_graph_sum_outcome(g, play, sum, n) >= 0 && grundy_graph_last_method(g) == method, 1);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, search, sum, n, comps_s, wins_s, 16, &count_s), GRUNDY_OK);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, play, sum, n, comps, wins, 16, &count), GRUNDY_OK);
    CHECK_EQ(grundy_graph_last_method(g), method);
    CHECK_EQ(count, count_s);
    for (size_t i = 0; i < count && i < count_s && i < 16; i++)
        CHECK(comps[i] == comps_s[i] && wins[i] == wins_s[i]);
    int found = grundy_graph_sum_winning_move(g, search, sum, n, move);
    CHECK_EQ(grundy_graph_sum_winning_move(g, play, sum, n, move), found);
    CHECK_EQ(grundy_graph_last_method(g), method);
    CHECK_EQ(found, count > 0);
    int listed = 0;
    for (size_t c = 0; c < n; c++) {
        if (move[c] == GRUNDY_NO_MOVE)
            continue;
        for (size_t i = 0; i < count && i < 16; i++)
            listed |= comps[i] == c && wins[i] == move[c];
    }
    CHECK_EQ(listed, found == 1);
}

/* Unasked, the library picks the SJ theorem, genus symbols or the search
 * as each sum needs; asked, it uses the method required or refuses it,
 * naming the node where its precondition fails. */
static void test_methods(void)
{
    grundy_graph *g = three_methods_graph();
    if (!CHECK(g != NULL))
        return;
    const int misere = GRUNDY_PLAY_MISERE;
    const uint32_t nim[3] = {1, 2, 3}, tame[2] = {4, 2}, wild[2] = {11, 11};
    CHECK_EQ(grundy_graph_last_method(g), 0);
    check_by(g, misere, nim, 3, GRUNDY_BY_SJ);
    check_by(g, misere, tame, 2, GRUNDY_BY_GENUS);
    check_by(g, misere, wild, 2, GRUNDY_BY_SEARCH);
    check_by(g, misere, nim, 2, GRUNDY_BY_SJ); /* 1 + 2 */
    /* Any method that applies gives the same answers. */
    check_by(g, misere | GRUNDY_BY_GENUS, nim, 3, GRUNDY_BY_GENUS);
    check_by(g, misere | GRUNDY_BY_SEARCH, tame, 2, GRUNDY_BY_SEARCH);
    check_by(g, misere | GRUNDY_BY_SJ, nim + 1, 2, GRUNDY_BY_SJ);
    /* Required where it does not apply: refused, naming the node, and the
     * method of the last call that succeeded stays. */
    uint64_t move[2];
    size_t count;
    CHECK_EQ(grundy_graph_sum_outcome(g, misere | GRUNDY_BY_SJ, tame, 2), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 4") != NULL);
    CHECK(strstr(grundy_graph_errmsg(g), "SJ") != NULL);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SJ);
    CHECK_EQ(grundy_graph_sum_winning_move(g, misere | GRUNDY_BY_SJ, tame, 2, move), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere | GRUNDY_BY_GENUS, wild, 2), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 11") != NULL);
    CHECK(strstr(grundy_graph_errmsg(g), "tame") != NULL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, misere | GRUNDY_BY_GENUS, wild, 2, NULL, move, 2, &count),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere | GRUNDY_BY_SJ, wild, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SJ);
    /* The value of a misère sum is not a number. */
    uint32_t v;
    CHECK_EQ(grundy_graph_sum_value(g, misere, nim, 3, &v), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_graph_sum_value(g, misere | GRUNDY_BY_SJ, nim, 3, &v), GRUNDY_EINVAL);
    /* A split move anywhere leaves only the search. */
    CHECK_EQ(grundy_graph_add_split(g, 5, (const uint32_t[]){1, 1}, 2), GRUNDY_OK);
    check_by(g, misere, nim, 3, GRUNDY_BY_SEARCH);
    check_by(g, misere, nim + 1, 2, GRUNDY_BY_SEARCH);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere | GRUNDY_BY_SJ, nim, 3), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 5") != NULL);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere | GRUNDY_BY_GENUS, nim, 3), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 5") != NULL);
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
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
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
    CHECK_EQ(grundy_graph_last_method(g), 0); /* no misère sum call yet */
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, big, 3),
             GRUNDY_ECANCELED);
    CHECK_EQ(calls, 1);
    CHECK_EQ(grundy_graph_last_method(g), 0); /* nor one that succeeded */
    grundy_graph_set_progress(g, NULL, NULL);
    const uint32_t small[] = {3, 2};
    int o = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, small, 2);
    CHECK(o == GRUNDY_P || o == GRUNDY_N);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);
    grundy_graph_free(g);
}

int main(void)
{
    RUN(test_misere_search_stops);
    RUN(test_nim_heaps);
    RUN(test_against_search);
    RUN(test_wild);
    RUN(test_errors);
    RUN(test_methods);
    return harness_done();
}
