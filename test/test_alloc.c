/* SPDX-License-Identifier: MIT */
/* Allocation failure: a caller's allocator that fails the N-th allocation.
 * For N = 1, 2, ... until a scenario runs clean, every failing call must
 * return GRUNDY_ENOMEM, leave the graph as it was (the same call then
 * succeeds once memory is back), and nothing may leak.  Every kind of
 * handle refuses an allocator that lacks a function. */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"

/* Runs one call; on ENOMEM checks it, lets memory back and runs it again. */
#define STEP(f, call)                                    \
    do {                                                 \
        int rc_;                                         \
        FAILING_RETRY(f, rc_, call);                     \
        CHECK_EQ(rc_, GRUNDY_OK);                        \
    } while (0)

static const char graph_text[] = "6 7\n1 0\n2 0\n2 1\n3 2\n4 3 4 1\n5 4\n";

/* A graph on the failing allocator, or NULL (checked) when that fails. */
static grundy_graph *new_graph(failing_alloc *f)
{
    grundy_allocator a = failing_allocator(f);
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, &a);
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(g == NULL);
        return NULL;
    }
    return g;
}

/* A checksum of the first n normal-play values; frees the graph. */
static long checksum_and_free(failing_alloc *f, grundy_graph *g, uint32_t n)
{
    uint32_t val[64];
    long sum = 0;
    STEP(f, grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, n, val));
    for (uint32_t u = 0; u < n; u++)
        sum = (sum * 7 + val[u]) % 1000000007;
    grundy_graph_free(g);
    return sum;
}

/* Builds a graph with ordinary, bulk and split moves, solves it, and then
 * changes and solves it again; returns the values' checksum. */
static long scenario_build(failing_alloc *f, int *ok)
{
    grundy_graph *g = new_graph(f);
    if ((*ok = g != NULL) == 0)
        return 0;
    STEP(f, grundy_graph_add_nodes(g, 40, NULL));
    for (uint32_t u = 1; u < 40; u++) {
        STEP(f, grundy_graph_add_move(g, u, u - 1));
        if (u >= 3)
            STEP(f, grundy_graph_add_split(g, u, (const uint32_t[]){u - 2, u - 3, 0}, 3));
    }
    const uint32_t from[] = {39, 38, 37, 20}, to[] = {0, 1, 2, 19};
    STEP(f, grundy_graph_add_moves(g, 4, from, to));
    STEP(f, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL));
    STEP(f, grundy_graph_add_move(g, 30, 5));
    STEP(f, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL));
    return checksum_and_free(f, g, 40);
}

static long scenario_parse(failing_alloc *f, int *ok)
{
    grundy_graph *g = new_graph(f);
    if ((*ok = g != NULL) == 0)
        return 0;
    STEP(f, grundy_graph_parse(g, graph_text, strlen(graph_text)));
    STEP(f, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL));
    return checksum_and_free(f, g, 6);
}

static void run_until_clean(long (*scenario)(failing_alloc *, int *), const char *name)
{
    if (!harness_selected(name))
        return;
    failing_alloc clean = {0};
    int ok;
    long expect = scenario(&clean, &ok);
    CHECK(ok);
    CHECK_EQ(clean.live, 0);
    long n;
    for (n = 1; n < 100000; n++) {
        failing_alloc f = {.fail_at = n};
        long got = scenario(&f, &ok);
        CHECK_EQ(f.live, 0);
        if (ok)
            CHECK_EQ(got, expect);
        if (f.failures == 0)
            break;
    }
    CHECK(n > 5); /* the scenario really allocates several times */
    printf("%s: failed each of %ld allocations in turn\n", name, n - 1);
}

static int no_moves(void *user, const void *pos, grundy_options *out)
{
    (void)user;
    (void)pos;
    (void)out;
    return 0;
}

/* An allocator without realloc_fn, then without malloc_fn or free_fn: every
 * kind of handle refuses it with GRUNDY_EINVAL, allocates nothing, and
 * writes NULL to its out-parameter. */
static void test_bad_allocator(void)
{
    failing_alloc f = {0};
    const grundy_allocator bad[3] = {
        {failing_malloc, NULL, failing_free, &f},
        {NULL, failing_realloc, failing_free, &f},
        {failing_malloc, failing_realloc, NULL, &f},
    };
    for (int i = 0; i < 3; i++) {
        const grundy_allocator *a = &bad[i];
        grundy_graph *g = (grundy_graph *)&f;
        CHECK_EQ(grundy_graph_new(&g, a), GRUNDY_EINVAL);
        CHECK(g == NULL);
        grundy_heap_game *h = (grundy_heap_game *)&f;
        CHECK_EQ(grundy_heap_game_new(&h, a), GRUNDY_EINVAL);
        CHECK(h == NULL);
        grundy_game *game = (grundy_game *)&f;
        CHECK_EQ(grundy_game_new(&game, 4, no_moves, NULL, a), GRUNDY_EINVAL);
        CHECK(game == NULL);
        grundy_nimber *nb = (grundy_nimber *)&f;
        CHECK_EQ(grundy_nimber_new(&nb, a), GRUNDY_EINVAL);
        CHECK(nb == NULL);
    }
    CHECK_EQ(f.calls, 0);
    CHECK_EQ(f.live, 0);
}

int main(void)
{
    run_until_clean(scenario_build, "build");
    run_until_clean(scenario_parse, "parse");
    RUN(test_bad_allocator);
    return harness_done();
}
