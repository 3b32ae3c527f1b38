/* Allocation failure, public function by public function.
 *
 * Every public function that can allocate is called here with its N-th
 * allocation failing, for N = 1, 2, ... until no call fails any more.  Each
 * time:
 * - the failing call returns GRUNDY_ENOMEM;
 * - nothing leaks: once the handles are freed, no block is live;
 * - the handle stays freeable: each N is run twice, once freeing the handle
 *   right after the failure;
 * - and usable: in the other run the same call is made again with memory
 *   back, and the answers must be those of a run in which nothing failed.
 * Handles are built with memory to spare, so N counts the allocations of the
 * call under test only, and every public function gets its own loop.
 *
 * Public functions of include/grundy.h, and what covers each:
 *
 * | function | covered by |
 * | --- | --- |
 * | grundy_version, grundy_version_number, grundy_strerror | never allocate: static data |
 * | grundy_nim_sum, grundy_sum_winning_target, grundy_nim_outcome, grundy_nim_winning_move, grundy_misere_nim_outcome, grundy_misere_nim_winning_move, grundy_bounded_nim_value, grundy_bounded_nim_winning_move, grundy_staircase_nim_outcome, grundy_staircase_nim_winning_move | never allocate: closed forms, no handle (nim.c, sum.c) |
 * | grundy_graph_new | grundy_graph_new_with(out, NULL) (graph.c): case_graph_new covers that code with an allocator that can fail |
 * | grundy_graph_new_with | case_graph_new |
 * | grundy_graph_free | never allocates: frees |
 * | grundy_graph_set_progress | never allocates: stores the callback |
 * | grundy_graph_add_node, grundy_graph_add_nodes | never allocate: a counter (nodes take memory when solved) |
 * | grundy_graph_node_count, grundy_graph_move_count | never allocate: read counters |
 * | grundy_graph_add_move, grundy_graph_add_split, grundy_graph_add_moves | case_graph_build |
 * | grundy_graph_solve | case_graph_solve |
 * | grundy_graph_cycle_node, grundy_graph_errmsg, grundy_graph_errline | never allocate: read fields |
 * | grundy_graph_value, grundy_graph_values, grundy_graph_outcome, grundy_graph_degree, grundy_graph_move, grundy_graph_winning_moves, grundy_graph_sum_value, grundy_graph_sum_winning_move | never allocate: read the solved arrays (const graph; graph_solve.c) |
 * | grundy_graph_parse | case_graph_parse |
 * | grundy_game_new, grundy_game_new_u64 | case_game_new |
 * | grundy_game_free, grundy_game_set_canon, grundy_game_set_memory_limit, grundy_game_set_progress, grundy_game_set_play | never allocate: free or store a setting |
 * | grundy_options_add, grundy_options_add_u64, grundy_options_add_each, grundy_options_add_each_u64 | case_game_value: the generators add options with them, and their ENOMEM must come out of grundy_game_value |
 * | grundy_game_value, grundy_game_value_u64 | case_game_value |
 * | grundy_game_outcome, grundy_game_sum_value, grundy_game_sum_winning_move, grundy_game_sum_winning_move_u64 | case_game_sums |
 * | grundy_game_stats, grundy_game_errmsg | never allocate: read fields |
 * | grundy_heap_game_new, grundy_heap_game_new_subtraction | case_heap_new |
 * | grundy_heap_game_parse_error | allocates with the C library's malloc (it takes no allocator), so no test allocator reaches it; on ENOMEM it empties the message and returns the status (read in heap_game.c) |
 * | grundy_heap_game_free, grundy_heap_game_set_progress, grundy_heap_game_set_period_detection, grundy_heap_game_set_sparse, grundy_heap_game_computed | never allocate: free, store a setting or read a counter |
 * | grundy_heap_game_compute, grundy_heap_game_value | case_heap_compute |
 * | grundy_heap_game_period | case_heap_period |
 * | grundy_heap_game_outcome, grundy_heap_game_winning_move | case_heap_moves |
 * | grundy_graph_solve_play | case_graph_plays (every play: normal, misère, WTIA, remoteness, suspense, loopy) |
 * | grundy_graph_play_value, grundy_graph_play_values, grundy_graph_play_outcome | never allocate: read the solved arrays |
 * | grundy_graph_loopy_followers | case_loopy_followers |
 * | grundy_graph_compound_outcome | case_compound_outcome (every compound, on unsolved and solved graphs) |
 * | grundy_graph_compound_move | case_compound_move (every compound) |
 * | grundy_graph_genus | case_genus |
 * | grundy_compound_outcome, grundy_nim_levels_w, grundy_nim_levels_winning_move | never allocate: closed forms, no handle (compound.c, nim_levels.c) |
 * | grundy_nimber_new | case_nimber_new |
 * | grundy_nimber_free, grundy_nim_mul, grundy_nim_pow, grundy_nim_inv | never allocate: free, or read the tables |
 */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "nim_heaps.h"
#include "failing_alloc.h"
#include "random_dag.h"

/* ---- the driver ---------------------------------------------------------- */

/* One run of a case: its allocator, and which allocation of each call under
 * test fails. */
typedef struct trial {
    failing_alloc f;
    grundy_allocator a;
    long nth;    /* fail this allocation of every call under test (0: none) */
    int abandon; /* after a failure, free the handles instead of retrying */
    int absorbs; /* the calls may get over a failure by design (see heap games) */
} trial;

/* Makes the next allocation number t->nth of the call that follows fail. */
static void arm(trial *t)
{
    t->f.fail_at = t->nth > 0 ? t->f.calls + t->nth : 0;
}

/* Makes `call` (which sets rc) with allocation t->nth of it failing.  If one
 * failed, rc must be ENOMEM (or, where t->absorbs, a success, whose answer
 * the checksum then vouches for); on ENOMEM `check` runs on the handle as the
 * failure left it, and then either the case ends (goto out, where it frees
 * its handles) or the call is made again with memory back. */
#define UNDER_TEST_THEN(t, rc, call, check)                              \
    do {                                                                 \
        long failed_ = (t)->f.failures;                                  \
        arm(t);                                                          \
        (rc) = (call);                                                   \
        (t)->f.fail_at = 0;                                              \
        if ((t)->f.failures != failed_) {                                \
            if (!(t)->absorbs || (rc) < 0)                               \
                CHECK_EQ((rc), GRUNDY_ENOMEM);                           \
            if ((rc) == GRUNDY_ENOMEM) {                                 \
                check;                                                   \
                if ((t)->abandon)                                        \
                    goto out;                                            \
                (rc) = (call);                                           \
            }                                                            \
        }                                                                \
    } while (0)

#define UNDER_TEST(t, rc, call) UNDER_TEST_THEN(t, rc, call, (void)0)

/* A case builds its handles, makes its calls under test, frees everything,
 * and returns a checksum of every answer it got. */
typedef uint64_t (*enomem_case)(trial *t);

static uint64_t mix(uint64_t h, uint64_t x)
{
    return (h ^ x) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
}

static unsigned long cases_run, failures_made;

static void trial_init(trial *t, long nth, int abandon)
{
    memset(t, 0, sizeof *t);
    t->a = failing_allocator(&t->f);
    t->nth = nth;
    t->abandon = abandon;
}

/* Runs c with N = 1, 2, ... until nothing fails, both ways, against a run
 * without failures. */
static void run_case(const char *name, enomem_case c)
{
    trial clean;
    trial_init(&clean, 0, 0);
    uint64_t want = c(&clean);
    CHECK_EQ(clean.f.live, 0);
    CHECK_EQ(clean.f.failures, 0);
    long n;
    for (n = 1; n < 100000; n++) {
        trial t;
        trial_init(&t, n, 0);
        uint64_t got = c(&t);
        CHECK_EQ(t.f.live, 0);
        if (!CHECK(got == want))
            printf("%s: N = %ld: a wrong answer after the failure\n", name, n);
        trial_init(&t, n, 1);
        c(&t);
        CHECK_EQ(t.f.live, 0);
        failures_made += (unsigned long)t.f.failures;
        if (t.f.failures == 0)
            break;
    }
    CHECK(n > 1); /* some call under test really allocates */
    cases_run++;
    printf("%s: failed allocation N of each call, N = 1 to %ld\n", name, n - 1);
}

/* ---- graphs -------------------------------------------------------------- */

static dag plain_dag, split_dag;

/* A random DAG of at least 24 nodes. */
static void big_dag(dag *d, int with_splits)
{
    do
        random_dag(d, with_splits, DAG_MAXPARTS, 0);
    while (d->n < 24);
}

/* Adds every move of d to g, each add under test. */
static int add_dag_moves(trial *t, grundy_graph *g, const dag *d)
{
    for (int u = 0; u < d->n; u++) {
        for (int k = 0; k < d->nmoves[u]; k++) {
            uint32_t parts[DAG_MAXPARTS];
            uint32_t np = (uint32_t)d->nparts[u][k];
            for (uint32_t j = 0; j < np; j++)
                parts[j] = (uint32_t)d->part[u][k][j];
            uint64_t before = grundy_graph_move_count(g);
            int rc;
            if (np == 1 && k % 2 == 0)
                UNDER_TEST_THEN(t, rc, grundy_graph_add_move(g, (uint32_t)u, parts[0]),
                                CHECK_EQ(grundy_graph_move_count(g), before));
            else
                UNDER_TEST_THEN(t, rc, grundy_graph_add_split(g, (uint32_t)u, parts, np),
                                CHECK_EQ(grundy_graph_move_count(g), before));
            CHECK_EQ(rc, GRUNDY_OK);
        }
    }
    return 1;
out:
    return 0;
}

/* The graph of d on t's allocator, built with memory to spare. */
static grundy_graph *graph_of(trial *t, const dag *d)
{
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new_with(&g, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, (uint32_t)d->n, NULL), GRUNDY_OK);
    long nth = t->nth;
    t->nth = 0;
    add_dag_moves(t, g, d);
    t->nth = nth;
    return g;
}

/* Nim heaps 0..n-1 as a graph (k -> every j < k): every position is tame
 * and the SJ theorem applies. */
static grundy_graph *nim_graph(trial *t, uint32_t n)
{
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new_with(&g, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, n), GRUNDY_OK);
    return g;
}

/* plain_dag with moves from its low nodes to high ones: cycles, so the
 * loopy play finds draws. */
static grundy_graph *cyclic_graph(trial *t)
{
    grundy_graph *g = graph_of(t, &plain_dag);
    uint32_t n = (uint32_t)plain_dag.n;
    for (uint32_t u = 0; u < 6; u++)
        CHECK_EQ(grundy_graph_add_move(g, u, n - 1 - u), GRUNDY_OK);
    return g;
}

static uint64_t mix_array(uint64_t h, const uint32_t *a, uint32_t n)
{
    CHECK(a != NULL);
    for (uint32_t i = 0; a != NULL && i < n; i++)
        h = mix(h, a[i]);
    return h;
}

/* The checksum of g's moves and normal values (solving it, nothing failing). */
static uint64_t graph_sum(grundy_graph *g)
{
    uint64_t h = mix(grundy_graph_node_count(g), grundy_graph_move_count(g));
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    for (uint32_t u = 0; u < grundy_graph_node_count(g); u++) {
        uint32_t d = 0;
        CHECK_EQ(grundy_graph_degree(g, u, &d), GRUNDY_OK);
        h = mix(h, d);
    }
    return mix_array(h, grundy_graph_values(g), grundy_graph_node_count(g));
}

static uint64_t case_graph_new(trial *t)
{
    grundy_graph *g = (grundy_graph *)&t->a;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_graph_new_with(&g, &t->a), CHECK(g == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    uint64_t h = graph_sum(g);
    grundy_graph_free(g);
    return h;
out:
    CHECK_EQ(t->f.live, 0);
    return 0;
}

/* Every add of a DAG with split moves under test, on a fresh graph and
 * again (bulk adds too) after a solve. */
static uint64_t case_graph_build(trial *t)
{
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new_with(&g, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, (uint32_t)split_dag.n, NULL), GRUNDY_OK);
    uint64_t h = 0;
    if (!add_dag_moves(t, g, &split_dag))
        goto out;
    h = graph_sum(g);
    /* The bulk add, a few times so that its buffer grows. */
    uint32_t n = (uint32_t)split_dag.n, from[40], to[40];
    for (uint32_t i = 0; i < 40; i++) {
        from[i] = n - 1;
        to[i] = i % (n - 1);
    }
    for (uint32_t m = 1; m <= 40; m += 13) {
        uint64_t before = grundy_graph_move_count(g);
        int rc;
        UNDER_TEST_THEN(t, rc, grundy_graph_add_moves(g, m, from, to),
                        CHECK_EQ(grundy_graph_move_count(g), before));
        CHECK_EQ(rc, GRUNDY_OK);
    }
    h = mix(h, graph_sum(g));
out:
    grundy_graph_free(g);
    return h;
}

/* The text of the DAG d without splits, with comments. */
static size_t dag_text(const dag *d, char *buf, size_t cap)
{
    int m = 0;
    for (int u = 0; u < d->n; u++)
        m += d->nmoves[u];
    size_t len = (size_t)snprintf(buf, cap, "# a random DAG\n%d %d\n", d->n, m);
    for (int u = 0; u < d->n; u++)
        for (int k = 0; k < d->nmoves[u] && len < cap; k++)
            len += (size_t)snprintf(buf + len, cap - len, "%d %d # move %d\n", u,
                                    d->part[u][k][0], k);
    CHECK(len < cap);
    return len;
}

static uint64_t case_graph_parse(trial *t)
{
    static char text[DAG_MAXN * DAG_MAXMOVES * 32];
    size_t len = dag_text(&plain_dag, text, sizeof text);
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new_with(&g, &t->a), GRUNDY_OK);
    uint64_t h = 0;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_graph_parse(g, text, len),
                    CHECK_EQ(grundy_graph_node_count(g), 0);
                    CHECK_EQ(grundy_graph_move_count(g), 0));
    CHECK_EQ(rc, GRUNDY_OK);
    h = graph_sum(g);
out:
    grundy_graph_free(g);
    return h;
}

/* A node of d without moves: a move to it never makes a cycle. */
static uint32_t terminal_node(const dag *d)
{
    int u = 0;
    while (d->nmoves[u] > 0)
        u++;
    return (uint32_t)u;
}

/* Normal play: the first solve (merging the moves) and a solve after a
 * change, with and without split moves. */
static uint64_t solve_twice(trial *t, const dag *d)
{
    grundy_graph *g = graph_of(t, d);
    uint64_t h = 0;
    for (int round = 0; round < 2; round++) {
        int rc;
        UNDER_TEST_THEN(t, rc, grundy_graph_solve(g), CHECK(grundy_graph_values(g) == NULL));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix_array(h, grundy_graph_values(g), grundy_graph_node_count(g));
        CHECK_EQ(grundy_graph_add_move(g, (uint32_t)d->n - 1, terminal_node(d)), GRUNDY_OK);
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t case_graph_solve(trial *t)
{
    return mix(solve_twice(t, &plain_dag), solve_twice(t, &split_dag));
}

/* Solves g for play under test, and frees g. */
static uint64_t solve_play(trial *t, grundy_graph *g, int play)
{
    uint64_t h = 0;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_graph_solve_play(g, play),
                    CHECK(grundy_graph_play_values(g, play) == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix_array(h, grundy_graph_play_values(g, play), grundy_graph_node_count(g));
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t case_graph_plays(trial *t)
{
    uint64_t h = 0;
    for (int play = GRUNDY_PLAY_NORMAL; play <= GRUNDY_PLAY_LOOPY; play++) {
        for (int merged = 0; merged < 2; merged++) {
            grundy_graph *g = play == GRUNDY_PLAY_LOOPY ? cyclic_graph(t) : graph_of(t, &plain_dag);
            /* Solving another play merges the moves, whatever it finds. */
            if (merged)
                grundy_graph_solve_play(g, play == GRUNDY_PLAY_MISERE ? GRUNDY_PLAY_LOOPY
                                                                      : GRUNDY_PLAY_MISERE);
            h = mix(h, solve_play(t, g, play));
        }
    }
    return h;
}

static uint64_t case_loopy_followers(trial *t)
{
    grundy_graph *g = cyclic_graph(t);
    CHECK_EQ(grundy_graph_solve_play(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    uint64_t h = 0;
    for (uint32_t u = 0; u < grundy_graph_node_count(g); u++) {
        uint32_t vals[DAG_MAXMOVES + 8];
        size_t count = 0;
        int rc;
        UNDER_TEST(t, rc, grundy_graph_loopy_followers(g, u, vals, DAG_MAXMOVES + 8, &count));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, count);
        for (size_t i = 0; i < count && i < DAG_MAXMOVES + 8; i++)
            h = mix(h, vals[i]);
    }
out:
    grundy_graph_free(g);
    return h;
}

/* A graph for compound: Nim heaps for the compounds that need tame or SJ
 * positions, the cyclic graph for the loopy one, else the random DAG. */
static grundy_graph *compound_graph(trial *t, int compound)
{
    if (compound == GRUNDY_SUM_ANTI_SG || compound == GRUNDY_SUM_TAME)
        return nim_graph(t, 7);
    if (compound == GRUNDY_SUM_LOOPY)
        return cyclic_graph(t);
    return graph_of(t, &plain_dag);
}

/* Components: a few nodes, one repeated. */
static size_t components(const grundy_graph *g, int which, uint32_t *nodes)
{
    uint32_t n = grundy_graph_node_count(g);
    nodes[0] = n - 1 - (uint32_t)which;
    nodes[1] = n / 2;
    nodes[2] = n / 3 + (uint32_t)which;
    nodes[3] = n / 2;
    return which == 0 ? 4 : 2;
}

/* Two sums on a fresh graph, their outcome (or a winning move) under test:
 * the first call solves what the compound needs, the second finds it solved
 * (the misère search keeps its memo between calls). */
static uint64_t compound_calls(trial *t, int compound, int move)
{
    grundy_graph *g = compound_graph(t, compound);
    uint64_t h = 0;
    for (int which = 0; which < 2; which++) {
        uint32_t nodes[4], moves[4];
        size_t n = components(g, which, nodes);
        int rc;
        if (move)
            UNDER_TEST(t, rc, grundy_graph_compound_move(g, compound, nodes, n, moves));
        else
            UNDER_TEST(t, rc, grundy_graph_compound_outcome(g, compound, nodes, n));
        CHECK(rc >= 0);
        h = mix(h, (uint64_t)rc);
        for (size_t i = 0; move && rc == 1 && i < n; i++)
            h = mix(h, moves[i]);
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t every_compound(trial *t, int move)
{
    uint64_t h = 0;
    for (int compound = GRUNDY_SUM_DISJUNCTIVE; compound <= GRUNDY_SUM_TAME; compound++)
        h = mix(h, compound_calls(t, compound, move));
    return h;
}

static uint64_t case_compound_outcome(trial *t)
{
    return every_compound(t, 0);
}

static uint64_t case_compound_move(trial *t)
{
    return every_compound(t, 1);
}

/* Every node's genus: the first call computes them all, on a graph not yet
 * solved and on one solved for normal play. */
static uint64_t genus_all(trial *t, int solved)
{
    grundy_graph *g = graph_of(t, &plain_dag);
    if (solved)
        CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    uint64_t h = 0;
    for (uint32_t u = 0; u < grundy_graph_node_count(g); u++) {
        uint32_t gamma[GRUNDY_GENUS_TERMS];
        int tame = -1, rc;
        UNDER_TEST(t, rc, grundy_graph_genus(g, u, gamma, GRUNDY_GENUS_TERMS, &tame));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix_array(mix(h, (uint64_t)tame), gamma, GRUNDY_GENUS_TERMS);
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t case_genus(trial *t)
{
    return mix(genus_all(t, 0), genus_all(t, 1));
}

/* ---- rule-defined games -------------------------------------------------- */

/* n -> n-1; n/2 + n/3 (n >= 2); the end (n % 7 == 0); n-3 + n-5 + n/4. */
static int split_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    int rc = GRUNDY_OK;
    if (n >= 1)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n - 1}, 1);
    if (rc == GRUNDY_OK && n >= 2)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n / 2, n / 3}, 2);
    if (rc == GRUNDY_OK && n % 7 == 0)
        rc = grundy_options_add_u64(out, NULL, 0);
    if (rc == GRUNDY_OK && n >= 5)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n - 3, n - 5, n / 4}, 3);
    return rc;
}

/* A Nim heap: n -> every k < n, added 40 at a time.  Many options: the mex
 * scratch grows. */
static int heap_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    uint64_t opts[40];
    for (uint64_t k = 0; k < n;) {
        size_t m = 0;
        while (m < 40 && k < n)
            opts[m++] = k++;
        int rc = grundy_options_add_each_u64(out, opts, m);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return 0;
}

/* Single-part options, for every play: n -> n-1, n-2, n/2 (n >= 2). */
static int single_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    int rc = GRUNDY_OK;
    for (uint64_t k = 1; rc == GRUNDY_OK && k <= 2 && k <= n; k++)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n - k}, 1);
    if (rc == GRUNDY_OK && n >= 2)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n / 2}, 1);
    return rc;
}

/* Two heaps as two bytes, in either order (sorted by the canonical form):
 * take 1 or 2 from one heap. */
static int pair_moves(void *user, const void *pos, grundy_options *out)
{
    (void)user;
    const unsigned char *p = pos;
    unsigned char second[2][2]; /* the second heap's options, added in one call */
    size_t n = 0;
    for (int i = 0; i < 2; i++) {
        for (unsigned char k = 1; k <= 2 && k <= p[i]; k++) {
            unsigned char q[2] = {p[0], p[1]};
            q[i] = (unsigned char)(q[i] - k);
            if (i == 1) {
                memcpy(second[n++], q, 2);
                continue;
            }
            int rc = grundy_options_add(out, q, 1);
            if (rc != GRUNDY_OK)
                return rc;
        }
    }
    return grundy_options_add_each(out, second, n);
}

static void pair_canon(void *user, void *pos)
{
    (void)user;
    unsigned char *p = pos;
    if (p[0] > p[1]) {
        unsigned char x = p[0];
        p[0] = p[1];
        p[1] = x;
    }
}

static grundy_game *u64_game(trial *t, grundy_moves_u64_fn moves, int play)
{
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_new_u64(&game, moves, NULL, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_play(game, play), GRUNDY_OK);
    return game;
}

static grundy_game *pair_game(trial *t)
{
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_new(&game, 2, pair_moves, NULL, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK);
    return game;
}

static uint64_t case_game_new(trial *t)
{
    grundy_game *a = NULL, *b = NULL;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_game_new_u64(&a, single_moves, NULL, &t->a), CHECK(a == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    UNDER_TEST_THEN(t, rc, grundy_game_new(&b, 2, pair_moves, NULL, &t->a), CHECK(b == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    uint32_t va = 0, vb = 0;
    CHECK_EQ(grundy_game_value_u64(a, 50, &va), GRUNDY_OK);
    CHECK_EQ(grundy_game_value(b, "\x05\x09", &vb), GRUNDY_OK);
    grundy_game_free(a);
    grundy_game_free(b);
    return mix(va, vb);
out:
    grundy_game_free(a);
    return 0;
}

/* The values of n positions of `size` bytes under test, on game (freed
 * here); positions of 8 bytes are asked for with grundy_game_value_u64(). */
static uint64_t values_of(trial *t, grundy_game *game, const void *pos, size_t size, size_t n)
{
    uint64_t h = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = (const unsigned char *)pos + i * size;
        uint64_t x = 0;
        uint32_t v = 0;
        int rc;
        if (size == sizeof x)
            memcpy(&x, p, sizeof x);
        UNDER_TEST(t, rc, size == sizeof x ? grundy_game_value_u64(game, x, &v)
                                           : grundy_game_value(game, p, &v));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, v);
    }
out:
    grundy_game_free(game);
    return h;
}

static uint64_t case_game_value(trial *t)
{
    static const uint64_t deep[] = {10, 2000, 1999, 3000};
    static const uint64_t heaps[] = {5, 100, 200};
    static const unsigned char pairs[][2] = {{3, 4}, {30, 7}, {7, 30}, {100, 90}};
    uint64_t h = values_of(t, u64_game(t, split_moves, GRUNDY_PLAY_NORMAL), deep, 8, 4);
    h = mix(h, values_of(t, u64_game(t, heap_moves, GRUNDY_PLAY_NORMAL), heaps, 8, 3));
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_SUSPENSE; play++)
        h = mix(h, values_of(t, u64_game(t, single_moves, play), deep, 8, 4));
    return mix(h, values_of(t, pair_game(t), pairs, 2, 4));
}

/* Sums on a fresh game: each call evaluates what it needs; the winning
 * move then generates its component's options again. */
static uint64_t case_game_sums(trial *t)
{
    static const uint64_t sum[3] = {1999, 1234, 77};
    grundy_game *game = u64_game(t, split_moves, GRUNDY_PLAY_NORMAL);
    grundy_game *pairs = pair_game(t);
    uint64_t h = 0, parts[3] = {0, 0, 0};
    uint32_t v = 0, np = 0;
    size_t comp = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_game_outcome(game, &sum[0]));
    h = mix(h, (uint64_t)rc);
    UNDER_TEST(t, rc, grundy_game_sum_value(game, sum, 3, &v));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix(h, v);
    UNDER_TEST(t, rc, grundy_game_sum_winning_move_u64(game, sum, 3, &comp, parts, 3, &np));
    h = mix(mix(mix(h, (uint64_t)rc), comp), np);
    h = mix(mix(mix(h, parts[0]), parts[1]), parts[2]);
    unsigned char two[4] = {40, 9, 1, 30}, part[2] = {0, 0};
    UNDER_TEST(t, rc, grundy_game_sum_winning_move(pairs, two, 2, &comp, part, 1, &np));
    h = mix(mix(mix(mix(h, (uint64_t)rc), comp), np), (uint64_t)part[0] << 8 | part[1]);
out:
    grundy_game_free(game);
    grundy_game_free(pairs);
    return h;
}

/* ---- heap games ---------------------------------------------------------- */

static const char *const heap_names[] = {"0.137", "4.07", "0.F", "sub:2,5,7", "grundy",
                                         "lasker"};
#define NHEAP_NAMES (sizeof heap_names / sizeof heap_names[0])

/* G(0) ... G(count - 1), computed with nothing failing. */
static uint64_t heap_values(grundy_heap_game *game, uint64_t count)
{
    uint64_t h = 0;
    for (uint64_t n = 0; n < count; n++) {
        uint32_t v = 0;
        CHECK_EQ(grundy_heap_game_value(game, n, &v), GRUNDY_OK);
        h = mix(h, v);
    }
    return h;
}

static uint64_t case_heap_new(trial *t)
{
    uint64_t h = 0;
    for (size_t i = 0; i <= NHEAP_NAMES; i++) {
        static const uint32_t set[] = {9, 3, 5, 3};
        grundy_heap_game *game = (grundy_heap_game *)&t->a;
        int rc;
        if (i < NHEAP_NAMES)
            UNDER_TEST_THEN(t, rc, grundy_heap_game_new(&game, heap_names[i], &t->a, NULL),
                            CHECK(game == NULL));
        else
            UNDER_TEST_THEN(t, rc, grundy_heap_game_new_subtraction(&game, set, 4, &t->a),
                            CHECK(game == NULL));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, heap_values(game, 40));
        grundy_heap_game_free(game);
    }
out:
    return h;
}

/* What each heap game computes: how far, and with period detection or not.
 * Heap games get over some failures by design: the period checks that
 * computing makes as it goes are skipped when their scratch cannot be had
 * (the next check tries again), so a call may succeed all the same; its
 * answer must then be right. */
typedef struct heap_run {
    const char *name;
    uint64_t count;
    int detect;
} heap_run;

static const heap_run heap_runs[] = {
    {"0.137", 400, 1}, {"lasker", 300, 1}, {"grundy", 300, 1},
    {"0.F", 120, 1},   {"sub:2,5,7", 300, 1},
};
#define NHEAP_RUNS (sizeof heap_runs / sizeof heap_runs[0])

static grundy_heap_game *heap_game(trial *t, const heap_run *r)
{
    grundy_heap_game *game = NULL;
    CHECK_EQ(grundy_heap_game_new(&game, r->name, &t->a, NULL), GRUNDY_OK);
    grundy_heap_game_set_period_detection(game, r->detect);
    t->absorbs = 1;
    return game;
}

/* The checksum of one(t, r) for every run r. */
static uint64_t every_heap_run(trial *t, uint64_t (*one)(trial *t, const heap_run *r))
{
    uint64_t h = 0;
    for (size_t i = 0; i < NHEAP_RUNS; i++)
        h = mix(h, one(t, &heap_runs[i]));
    return h;
}

/* compute(count) on a fresh game; then G(count + 40) on another. */
static uint64_t heap_compute(trial *t, const heap_run *r)
{
    uint64_t h = 0;
    grundy_heap_game *game = heap_game(t, r), *other = heap_game(t, r);
    uint32_t v = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_heap_game_compute(game, r->count));
    CHECK_EQ(rc, GRUNDY_OK);
    h = heap_values(game, r->count);
    UNDER_TEST(t, rc, grundy_heap_game_value(other, r->count + 40, &v));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix(h, v);
out:
    grundy_heap_game_free(game);
    grundy_heap_game_free(other);
    return h;
}

static uint64_t case_heap_compute(trial *t)
{
    return every_heap_run(t, heap_compute);
}

static uint64_t heap_period(trial *t, const heap_run *r)
{
    grundy_heap_game *game = heap_game(t, r);
    uint64_t p = 0, q = 0, h = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_heap_game_period(game, r->count, &p, &q));
    CHECK(rc == 0 || rc == 1);
    h = mix(mix(mix(h, (uint64_t)rc), p), q);
out:
    grundy_heap_game_free(game);
    return h;
}

static uint64_t case_heap_period(trial *t)
{
    return every_heap_run(t, heap_period);
}

static uint64_t heap_moves_of(trial *t, const heap_run *r)
{
    const uint64_t heaps[3] = {r->count / 2, 17, 40};
    grundy_heap_game *game = heap_game(t, r), *other = heap_game(t, r);
    uint64_t left[3] = {0, 0, 0}, h = 0;
    uint32_t nleft = 0;
    size_t which = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_heap_game_outcome(game, heaps, 3));
    CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
    h = mix(h, (uint64_t)rc);
    UNDER_TEST(t, rc, grundy_heap_game_winning_move(other, heaps, 3, &which, left, &nleft));
    CHECK(rc == 0 || rc == 1);
    h = mix(mix(mix(h, (uint64_t)rc), which), nleft);
    for (uint32_t i = 0; rc == 1 && i < nleft; i++)
        h = mix(h, left[i]);
out:
    grundy_heap_game_free(game);
    grundy_heap_game_free(other);
    return h;
}

static uint64_t case_heap_moves(trial *t)
{
    return every_heap_run(t, heap_moves_of);
}

/* The sparse-space method after a failure.  0.16 without period detection
 * picks a mask at 256 values.  Failures while a new mask's rare list is
 * built, or while a heap joins the list, once left the list out of step
 * with the values (the retry computed wrong values from heap 256, 375 or
 * 1194 on). */
static uint64_t case_heap_sparse(trial *t)
{
    static const heap_run sparse = {"0.16", 1500, 0};
    return heap_compute(t, &sparse);
}

/* grundy_heap_game_period() makes one last check when computing stops
 * between two of its checks; if that check's scratch cannot be had it must
 * say GRUNDY_ENOMEM, not 0 ("not proved"): Kayles proves its period from 168
 * values, and period(168) once answered 0 when allocation 21 failed. */
static uint64_t case_heap_period_last_check(trial *t)
{
    static const heap_run kayles = {"0.77", 168, 1};
    return heap_period(t, &kayles);
}

/* ---- nimbers ------------------------------------------------------------- */

static uint64_t case_nimber_new(trial *t)
{
    grundy_nimber *nb = (grundy_nimber *)&t->a;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_nimber_new(&nb, &t->a), CHECK(nb == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    uint64_t h = grundy_nim_mul(nb, 3141, 5926);
    grundy_nimber_free(nb);
    return h;
out:
    return 0;
}

int main(void)
{
    big_dag(&plain_dag, 0);
    big_dag(&split_dag, 1);
    run_case("graph_new_with", case_graph_new);
    run_case("graph_add_move/add_split/add_moves", case_graph_build);
    run_case("graph_parse", case_graph_parse);
    run_case("graph_solve", case_graph_solve);
    run_case("graph_solve_play", case_graph_plays);
    run_case("graph_loopy_followers", case_loopy_followers);
    run_case("graph_compound_outcome", case_compound_outcome);
    run_case("graph_compound_move", case_compound_move);
    run_case("graph_genus", case_genus);
    run_case("game_new/new_u64", case_game_new);
    run_case("game_value/value_u64/options_add", case_game_value);
    run_case("game_outcome/sum_value/sum_winning_move", case_game_sums);
    run_case("heap_game_new/new_subtraction", case_heap_new);
    run_case("heap_game_compute/value", case_heap_compute);
    run_case("heap_game_period", case_heap_period);
    run_case("heap_game_outcome/winning_move", case_heap_moves);
    run_case("nimber_new", case_nimber_new);
    run_case("heap_game_compute with the sparse method", case_heap_sparse);
    run_case("heap_game_period's last check", case_heap_period_last_check);
    printf("enomem: %lu cases, %lu allocations failed on purpose\n", cases_run, failures_made);
    return harness_done();
}
