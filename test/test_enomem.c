/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getpid: files of this run's own (harness.h) */
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
 * | grundy_numbers_sum_outcome, grundy_nim_sum_value, grundy_nim_sum_outcome, grundy_nim_sum_winning_move, grundy_nim_sum_winning_moves, grundy_bounded_nim_value, grundy_bounded_nim_sum_outcome, grundy_bounded_nim_sum_winning_move, grundy_staircase_nim_outcome, grundy_staircase_nim_winning_move, grundy_nim_levels_value, grundy_nim_levels_sum_outcome, grundy_nim_levels_sum_winning_move | never allocate: closed forms, no handle (src/nim, src/play) |
 * | grundy_graph_new | case_graph_new |
 * | grundy_graph_free | never allocates: frees |
 * | grundy_graph_set_progress | never allocates: stores the callback |
 * | grundy_graph_set_memory_limit | never allocates: stores the cap |
 * | grundy_graph_add_node, grundy_graph_add_nodes | never allocate: a counter (nodes take memory when solved) |
 * | grundy_graph_node_count, grundy_graph_move_count, grundy_graph_last_method | never allocate: read counters (const graph) |
 * | grundy_graph_add_move, grundy_graph_add_split, grundy_graph_add_moves | case_graph_build |
 * | grundy_graph_parse | case_graph_parse |
 * | grundy_graph_solve | case_graph_solve (normal play), case_graph_plays (every play, on fresh and merged graphs) |
 * | grundy_graph_cycle_node, grundy_graph_errmsg, grundy_graph_errpos | never allocate: read fields (const graph) |
 * | grundy_graph_value, grundy_graph_values, grundy_graph_outcome, grundy_graph_sum_value | case_graph_questions: each solves an unsolved graph (once solved they read the arrays) |
 * | grundy_graph_degree, grundy_graph_move | case_graph_moves: they merge the moves that wait (added before any solve, or since the last one) |
 * | grundy_graph_sum_outcome | case_graph_sum_outcome (every play and misère method, on fresh graphs) |
 * | grundy_graph_sum_winning_move | case_graph_sum_winning_move (every play and misère method) |
 * | grundy_graph_sum_winning_moves | case_graph_sum_winning_moves (the plays that move in one component) |
 * | grundy_graph_loopy_followers | case_loopy_followers (on solved and unsolved graphs) |
 * | grundy_graph_genus | case_genus |
 * | grundy_game_new, grundy_game_new_u64 | case_game_new |
 * | grundy_game_free, grundy_game_set_canon, grundy_game_set_canon_u64, grundy_game_set_memory_limit, grundy_game_set_search_limit, grundy_game_set_progress | never allocate: free or store a setting |
 * | grundy_options_add, grundy_options_add_each | case_game_value: the generators add options with them, and their ENOMEM must come out of grundy_game_value |
 * | grundy_game_value | case_game_value (every play evaluated position by position), case_game_loopy (loopy play: the graph of positions) |
 * | grundy_game_outcome, grundy_game_sum_value, grundy_game_sum_outcome, grundy_game_sum_winning_move | case_game_sums (normal play), case_game_plays (every play; misère sums build the graph of positions) |
 * | grundy_game_sum_winning_moves | case_game_sum_winning_moves |
 * | grundy_game_degree, grundy_game_move | case_game_moves (and case_game_sums: a winning move read back) |
 * | grundy_game_last_method, grundy_game_stats, grundy_game_errmsg | never allocate: read fields |
 * | grundy_heap_game_new, grundy_heap_game_parse, grundy_heap_game_set_subtraction | case_heap_new |
 * | grundy_heap_game_free, grundy_heap_game_set_progress, grundy_heap_game_set_period_detection, grundy_heap_game_set_sparse, grundy_heap_game_set_threads, grundy_heap_game_set_memory_limit, grundy_heap_game_computed, grundy_heap_game_errmsg, grundy_heap_game_errpos | never allocate: free, store a setting or read a field |
 * | grundy_heap_game_compute, grundy_heap_game_value | case_heap_compute |
 * | grundy_heap_game_values | case_heap_values |
 * | grundy_heap_game_period | case_heap_period, case_heap_period_last_check |
 * | grundy_heap_game_arithmetic_period, grundy_heap_game_value64 | case_heap_arith |
 * | grundy_heap_game_outcome, grundy_heap_game_sum_value, grundy_heap_game_sum_value64, grundy_heap_game_sum_outcome, grundy_heap_game_sum_winning_move, grundy_heap_game_sum_winning_moves, grundy_heap_game_degree, grundy_heap_game_move | case_heap_moves (each on a fresh game, so that it computes what it needs) |
 * | grundy_heap_game_set_search_limit, grundy_heap_game_last_method | never allocate: store a setting or read a field |
 * | grundy_heap_game_genus, grundy_heap_game_tame, and misère play of the value and sum calls | test/test_heap_misere.c, test_enomem (the misère search's memo, scratch and genus tables) |
 * | grundy_nimber_new | case_nimber_new |
 * | grundy_quotient_new | case_quotient_new |
 * | grundy_quotient_compute, grundy_quotient_sum_winning_move | case_quotient_compute (with a trace: the failing sums it copies) |
 * | grundy_quotient_save, grundy_quotient_resume | case_quotient_file |
 * | grundy_quotient_free, grundy_quotient_set_progress, grundy_quotient_set_trace, grundy_quotient_set_memory_limit, grundy_quotient_errmsg, grundy_quotient_heaps, grundy_quotient_solved, grundy_quotient_order, grundy_quotient_p_size, grundy_quotient_is_p, grundy_quotient_tame, grundy_quotient_multiply, grundy_quotient_phi, grundy_quotient_generator_count, grundy_quotient_generator_heap, grundy_quotient_word, grundy_quotient_relation_count, grundy_quotient_relation, grundy_quotient_presentation, grundy_quotient_sum_outcome | never allocate: free, store a setting or read the tables |
 * | grundy_nimber_free, grundy_nimber_mul, grundy_nimber_pow, grundy_nimber_inv | never allocate: free, or read the tables |
 */
#include <stdio.h>
#include <string.h>

#define GRUNDY_EXPERIMENTAL /* period detection, for the heap games' runs */
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

/* Quick, a case of thousands of allocations is failed at the places that
 * look new.  Its run without failures notes every allocation of each call
 * under test: the call, its number N in the call, whether it is a realloc,
 * its size.  An N is tried when it is up to 64 or a multiple of 16, or when
 * some call's N-th allocation is of a kind and size that none before it in
 * that call was (most likely a place of its own, such as a table's growth). */
typedef struct alloc_note {
    long call, n;
    size_t size, before; /* before: the size of the call's allocation before it */
    int grow;
} alloc_note;

static struct {
    alloc_note *v;
    size_t len, cap;
    long call, start;
    size_t last;
    int on, active;
} notes;

static void note(const failing_alloc *f, size_t size, int grow)
{
    if (!notes.on || !notes.active)
        return;
    if (notes.len == notes.cap) {
        size_t cap = notes.cap ? 2 * notes.cap : 1024;
        alloc_note *v = realloc(notes.v, cap * sizeof *v);
        if (v == NULL)
            return;
        notes.v = v;
        notes.cap = cap;
    }
    notes.v[notes.len++] = (alloc_note){notes.call, f->calls + 1 - notes.start, size, notes.last, grow};
    notes.last = size;
}

static void *noting_malloc(void *user, size_t size)
{
    note(user, size, 0);
    return failing_malloc(user, size);
}

static void *noting_realloc(void *user, void *ptr, size_t size)
{
    note(user, size, 1);
    return failing_realloc(user, ptr, size);
}

static int note_order(const void *x, const void *y)
{
    const alloc_note *a = x, *b = y;
    if (a->call != b->call)
        return a->call < b->call ? -1 : 1;
    if (a->grow != b->grow)
        return a->grow < b->grow ? -1 : 1;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    if (a->before != b->before)
        return a->before < b->before ? -1 : 1;
    return a->n < b->n ? -1 : a->n > b->n;
}

/* The N worth trying (1 in want[N]), up to the largest N noted, *most. */
static unsigned char *wanted_n(long *most)
{
    *most = 0;
    for (size_t i = 0; i < notes.len; i++)
        if (notes.v[i].n > *most)
            *most = notes.v[i].n;
    unsigned char *want = calloc((size_t)*most + 1, 1);
    if (want == NULL)
        return NULL;
    qsort(notes.v, notes.len, sizeof *notes.v, note_order);
    for (size_t i = 0; i < notes.len; i++) {
        const alloc_note *a = &notes.v[i], *b = i > 0 ? &notes.v[i - 1] : NULL;
        if (b == NULL || b->call != a->call || b->grow != a->grow || b->size != a->size ||
            b->before != a->before)
            want[a->n] = 1;
    }
    for (long n = 1; n <= *most; n++)
        if (n <= 64 || n % 16 == 0)
            want[n] = 1;
    return want;
}

/* Makes the next allocation number t->nth of the call that follows fail. */
static void arm(trial *t)
{
    t->f.fail_at = t->nth > 0 ? t->f.calls + t->nth : 0;
    notes.call++;
    notes.start = t->f.calls;
    notes.last = 0;
    notes.active = 1;
}

static void disarm(trial *t)
{
    t->f.fail_at = 0;
    notes.active = 0;
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
        disarm(t);                                                       \
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
    if (!harness_selected(name))
        return;
    trial clean;
    trial_init(&clean, 0, 0);
    const int quick = harness_quick();
    if (quick) {
        clean.a.malloc_fn = noting_malloc;
        clean.a.realloc_fn = noting_realloc;
    }
    notes.len = 0;
    notes.on = quick;
    uint64_t want = c(&clean);
    notes.on = 0;
    CHECK_EQ(clean.f.live, 0);
    CHECK_EQ(clean.f.failures, 0);
    long most = 0, tried = 0;
    unsigned char *wanted = quick ? wanted_n(&most) : NULL;
    long n;
    for (n = 1; n < 100000; n++) {
        if (wanted != NULL && n <= most && !wanted[n])
            continue;
        tried++;
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
    free(wanted);
    CHECK(n > 1); /* some call under test really allocates */
    cases_run++;
    printf("%s: failed allocation N of each call, N = 1 to %ld (%ld of them)\n", name, n - 1,
           tried - 1);
}

/* The answer of a call that finds or decides (rc >= 0), and the moves it
 * wrote when it found one. */
static uint64_t mix_found(uint64_t h, int rc, const uint64_t *moves, size_t n)
{
    CHECK(rc >= 0);
    h = mix(h, (uint64_t)(int64_t)rc);
    for (size_t i = 0; rc == 1 && i < n; i++)
        h = mix(h, moves[i]);
    return h;
}

/* The answer of a call that lists winning moves. */
static uint64_t mix_list(uint64_t h, int rc, const size_t *comps, const uint64_t *moves,
                         size_t cap, size_t count)
{
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix(h, count);
    for (size_t j = 0; rc == GRUNDY_OK && j < count && j < cap; j++)
        h = mix(mix(h, comps[j]), moves[j]);
    return h;
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
    CHECK_EQ(grundy_graph_new(&g, &t->a), GRUNDY_OK);
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
    CHECK_EQ(grundy_graph_new(&g, &t->a), GRUNDY_OK);
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

static uint64_t mix_array(uint64_t h, const uint32_t *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = mix(h, a[i]);
    return h;
}

/* The checksum of every node's number under play (solving, nothing failing). */
static uint64_t mix_values(uint64_t h, grundy_graph *g, int play)
{
    uint32_t val[DAG_MAXN];
    uint32_t n = grundy_graph_node_count(g);
    CHECK(n <= DAG_MAXN);
    if (n > DAG_MAXN)
        n = DAG_MAXN;
    CHECK_EQ(grundy_graph_values(g, play, 0, n, val), GRUNDY_OK);
    return mix_array(h, val, n);
}

/* The checksum of g's moves and normal values (nothing failing). */
static uint64_t graph_sum(grundy_graph *g)
{
    uint64_t h = mix(grundy_graph_node_count(g), grundy_graph_move_count(g));
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    for (uint32_t u = 0; u < grundy_graph_node_count(g); u++) {
        uint64_t d = 0;
        CHECK_EQ(grundy_graph_degree(g, u, &d), GRUNDY_OK);
        h = mix(h, d);
    }
    return mix_values(h, g, GRUNDY_PLAY_NORMAL);
}

static uint64_t case_graph_new(trial *t)
{
    grundy_graph *g = (grundy_graph *)&t->a;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_graph_new(&g, &t->a), CHECK(g == NULL));
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
    CHECK_EQ(grundy_graph_new(&g, &t->a), GRUNDY_OK);
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
    CHECK_EQ(grundy_graph_new(&g, &t->a), GRUNDY_OK);
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

/* After a failed solve (or question) the graph is as it was: the same
 * nodes and moves; that no half-solved number is answered, the checksum of
 * the retry shows. */
#define GRAPH_UNCHANGED(g, nodes, moves)                \
    do {                                                \
        CHECK_EQ(grundy_graph_node_count(g), (nodes));  \
        CHECK_EQ(grundy_graph_move_count(g), (moves));  \
    } while (0)

/* Normal play: the first solve (merging the moves) and a solve after a
 * change, with and without split moves. */
static uint64_t solve_twice(trial *t, const dag *d)
{
    grundy_graph *g = graph_of(t, d);
    uint64_t h = 0;
    for (int round = 0; round < 2; round++) {
        const uint64_t moves = grundy_graph_move_count(g);
        int rc;
        UNDER_TEST_THEN(t, rc, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL),
                        GRAPH_UNCHANGED(g, (uint32_t)d->n, moves));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix_values(h, g, GRUNDY_PLAY_NORMAL);
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
    const uint32_t nodes = grundy_graph_node_count(g);
    const uint64_t moves = grundy_graph_move_count(g);
    uint64_t h = 0;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_graph_solve(g, play), GRAPH_UNCHANGED(g, nodes, moves));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix_values(h, g, play);
out:
    grundy_graph_free(g);
    return h;
}

/* Every play (selective and shortened solve normal values and
 * remoteness), on a graph whose moves wait and on one merged already. */
static uint64_t case_graph_plays(trial *t)
{
    uint64_t h = 0;
    for (int play = GRUNDY_PLAY_NORMAL; play <= GRUNDY_PLAY_SHORTENED; play++) {
        for (int merged = 0; merged < 2; merged++) {
            grundy_graph *g = play == GRUNDY_PLAY_LOOPY ? cyclic_graph(t) : graph_of(t, &plain_dag);
            /* Solving another play merges the moves, whatever it finds. */
            if (merged)
                grundy_graph_solve(g, play == GRUNDY_PLAY_MISERE ? GRUNDY_PLAY_LOOPY
                                                                 : GRUNDY_PLAY_MISERE);
            h = mix(h, solve_play(t, g, play));
        }
    }
    return h;
}

/* One question on a graph not solved yet: it solves first. */
static uint64_t question(trial *t, int which)
{
    grundy_graph *g = graph_of(t, &split_dag);
    const uint32_t n = grundy_graph_node_count(g);
    const uint64_t moves = grundy_graph_move_count(g);
    const uint32_t sum[3] = {n - 1, n / 2, n / 2};
    uint32_t v = 0, val[DAG_MAXN];
    uint64_t h = (uint64_t)which;
    int rc;
    switch (which) {
    case 0:
        UNDER_TEST_THEN(t, rc, grundy_graph_value(g, GRUNDY_PLAY_NORMAL, n - 1, &v),
                        GRAPH_UNCHANGED(g, n, moves));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, v);
        break;
    case 1:
        UNDER_TEST_THEN(t, rc, grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, n, val),
                        GRAPH_UNCHANGED(g, n, moves));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix_array(h, val, n);
        break;
    case 2:
        UNDER_TEST_THEN(t, rc, grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, n / 2),
                        GRAPH_UNCHANGED(g, n, moves));
        CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
        h = mix(h, (uint64_t)rc);
        break;
    default:
        UNDER_TEST_THEN(t, rc, grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, sum, 3, &v),
                        GRAPH_UNCHANGED(g, n, moves));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, v);
        break;
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t case_graph_questions(trial *t)
{
    uint64_t h = 0;
    for (int which = 0; which < 4; which++)
        h = mix(h, question(t, which));
    return h;
}

/* Every node's degree and the parts of its last move, on a graph whose
 * moves wait: the first such call merges them.  Then again after a solve
 * and more moves added. */
static uint64_t read_moves(trial *t, const dag *d)
{
    grundy_graph *g = graph_of(t, d);
    uint64_t h = 0;
    for (int round = 0; round < 2; round++) {
        const uint32_t n = grundy_graph_node_count(g);
        const uint64_t moves = grundy_graph_move_count(g);
        for (uint32_t u = 0; u < n; u++) {
            uint64_t degree = 0;
            uint32_t parts[DAG_MAXPARTS];
            size_t np = 0;
            int rc;
            UNDER_TEST_THEN(t, rc, grundy_graph_degree(g, u, &degree),
                            GRAPH_UNCHANGED(g, n, moves));
            CHECK_EQ(rc, GRUNDY_OK);
            h = mix(h, degree);
            if (degree == 0)
                continue;
            UNDER_TEST_THEN(t, rc, grundy_graph_move(g, u, degree - 1, parts, DAG_MAXPARTS, &np),
                            GRAPH_UNCHANGED(g, n, moves));
            CHECK_EQ(rc, GRUNDY_OK);
            h = mix(h, np);
            for (size_t j = 0; j < np && j < DAG_MAXPARTS; j++)
                h = mix(h, parts[j]);
        }
        if (round > 0)
            break;
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
        for (uint32_t u = 0; u < n; u += 3)
            if (u != terminal_node(d))
                CHECK_EQ(grundy_graph_add_move(g, u, terminal_node(d)), GRUNDY_OK);
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t case_graph_moves(trial *t)
{
    return mix(read_moves(t, &plain_dag), read_moves(t, &split_dag));
}

/* Every node's loopy followers, on a graph solved for the loopy play and on
 * one not solved yet (the first call solves). */
static uint64_t followers_all(trial *t, int solved)
{
    grundy_graph *g = cyclic_graph(t);
    if (solved)
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
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

static uint64_t case_loopy_followers(trial *t)
{
    return mix(followers_all(t, 1), followers_all(t, 0));
}

/* Every play, and every misère method (the library's pick too); `lists`
 * marks the plays that move in one component, which list every winning
 * move. */
typedef struct sum_play {
    int play;
    int lists;
} sum_play;

static const sum_play sum_plays[] = {
    {GRUNDY_PLAY_NORMAL, 1},
    {GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, 1},
    {GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, 1},
    {GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, 1},
    {GRUNDY_PLAY_MISERE, 1},
    {GRUNDY_PLAY_WTIA, 1},
    {GRUNDY_PLAY_CONJUNCTIVE, 0},
    {GRUNDY_PLAY_CONTINUED, 0},
    {GRUNDY_PLAY_SELECTIVE, 0},
    {GRUNDY_PLAY_SHORTENED, 0},
    {GRUNDY_PLAY_LOOPY, 1},
};
#define NSUM_PLAYS (sizeof sum_plays / sizeof sum_plays[0])

/* A graph for play: Nim heaps for the methods that need tame or SJ
 * positions, the cyclic graph for the loopy play, else the random DAG. */
static grundy_graph *sum_graph(trial *t, int play)
{
    if (play == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ) ||
        play == (GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS))
        return nim_graph(t, 7);
    if (play == GRUNDY_PLAY_LOOPY)
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

/* What is asked about a sum of graph positions. */
enum { ASK_OUTCOME, ASK_MOVE, ASK_MOVES };

/* Two sums on a fresh graph, the question under test: the first call
 * solves what the play needs, the second finds it solved (the misère
 * search keeps its memo between calls). */
static uint64_t sum_calls(trial *t, int play, int ask)
{
    grundy_graph *g = sum_graph(t, play);
    uint64_t h = 0;
    for (int which = 0; which < 2; which++) {
        uint32_t nodes[4];
        uint64_t moves[4 * DAG_MAXMOVES];
        size_t comps[4 * DAG_MAXMOVES], count = 0;
        size_t n = components(g, which, nodes);
        int rc;
        if (ask == ASK_OUTCOME) {
            UNDER_TEST(t, rc, grundy_graph_sum_outcome(g, play, nodes, n));
            h = mix_found(h, rc, NULL, 0);
        } else if (ask == ASK_MOVE) {
            UNDER_TEST(t, rc, grundy_graph_sum_winning_move(g, play, nodes, n, moves));
            h = mix_found(h, rc, moves, n);
        } else {
            UNDER_TEST(t, rc, grundy_graph_sum_winning_moves(g, play, nodes, n, comps, moves,
                                                             4 * DAG_MAXMOVES, &count));
            h = mix_list(h, rc, comps, moves, 4 * DAG_MAXMOVES, count);
        }
    }
out:
    grundy_graph_free(g);
    return h;
}

static uint64_t every_play(trial *t, int ask)
{
    uint64_t h = 0;
    for (size_t i = 0; i < NSUM_PLAYS; i++)
        if (ask != ASK_MOVES || sum_plays[i].lists)
            h = mix(h, sum_calls(t, sum_plays[i].play, ask));
    return h;
}

static uint64_t case_graph_sum_outcome(trial *t)
{
    return every_play(t, ASK_OUTCOME);
}

static uint64_t case_graph_sum_winning_move(trial *t)
{
    return every_play(t, ASK_MOVE);
}

static uint64_t case_graph_sum_winning_moves(trial *t)
{
    return every_play(t, ASK_MOVES);
}

/* Every node's genus: the first call computes them all, on a graph not yet
 * solved and on one solved for normal play. */
static uint64_t genus_all(trial *t, int solved)
{
    grundy_graph *g = graph_of(t, &plain_dag);
    if (solved)
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
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
        rc = grundy_options_add(out, (const uint64_t[]){n - 1}, 1);
    if (rc == GRUNDY_OK && n >= 2)
        rc = grundy_options_add(out, (const uint64_t[]){n / 2, n / 3}, 2);
    if (rc == GRUNDY_OK && n % 7 == 0)
        rc = grundy_options_add(out, NULL, 0);
    if (rc == GRUNDY_OK && n >= 5)
        rc = grundy_options_add(out, (const uint64_t[]){n - 3, n - 5, n / 4}, 3);
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
        int rc = grundy_options_add_each(out, opts, m);
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
        rc = grundy_options_add(out, (const uint64_t[]){n - k}, 1);
    if (rc == GRUNDY_OK && n >= 2)
        rc = grundy_options_add(out, (const uint64_t[]){n / 2}, 1);
    return rc;
}

/* Positions 0..63 with cycles, for the loopy play: n -> 3n + 1 (mod 64),
 * n -> n / 2, and 0 -> nothing. */
static int cycle_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    if (n == 0)
        return 0;
    int rc = grundy_options_add(out, (const uint64_t[]){(3 * n + 1) % 64}, 1);
    if (rc == GRUNDY_OK)
        rc = grundy_options_add(out, (const uint64_t[]){n / 2}, 1);
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

static grundy_game *u64_game(trial *t, grundy_moves_u64_fn moves)
{
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_new_u64(&game, moves, NULL, &t->a), GRUNDY_OK);
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
    const uint64_t fifty = 50;
    CHECK_EQ(grundy_game_value(a, GRUNDY_PLAY_NORMAL, &fifty, &va), GRUNDY_OK);
    CHECK_EQ(grundy_game_value(b, GRUNDY_PLAY_NORMAL, "\x05\x09", &vb), GRUNDY_OK);
    grundy_game_free(a);
    grundy_game_free(b);
    return mix(va, vb);
out:
    grundy_game_free(a);
    return 0;
}

/* The numbers under play of n positions of `size` bytes, each under test,
 * on game (freed here). */
static uint64_t values_of(trial *t, grundy_game *game, int play, const void *pos, size_t size,
                          size_t n)
{
    uint64_t h = 0;
    for (size_t i = 0; i < n; i++) {
        const unsigned char *p = (const unsigned char *)pos + i * size;
        uint32_t v = 0;
        int rc;
        UNDER_TEST(t, rc, grundy_game_value(game, play, p, &v));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, v);
    }
out:
    grundy_game_free(game);
    return h;
}

static const uint64_t deep[] = {10, 2000, 1999, 3000};

/* Every play evaluated position by position (a game per play, so that
 * each starts from nothing). */
static uint64_t case_game_value(trial *t)
{
    static const uint64_t heaps[] = {5, 100, 200};
    static const unsigned char pairs[][2] = {{3, 4}, {30, 7}, {7, 30}, {100, 90}};
    uint64_t h = values_of(t, u64_game(t, split_moves), GRUNDY_PLAY_NORMAL, deep, 8, 4);
    h = mix(h, values_of(t, u64_game(t, heap_moves), GRUNDY_PLAY_NORMAL, heaps, 8, 3));
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_SHORTENED; play++)
        if (play != GRUNDY_PLAY_LOOPY)
            h = mix(h, values_of(t, u64_game(t, single_moves), play, deep, 8, 4));
    return mix(h, values_of(t, pair_game(t), GRUNDY_PLAY_NORMAL, pairs, 2, 4));
}

/* The loopy play builds the graph of the positions reached: an acyclic
 * game, and one with cycles (and draws). */
static uint64_t case_game_loopy(trial *t)
{
    static const uint64_t some[] = {7, 1, 33, 62, 0};
    uint64_t h = values_of(t, u64_game(t, single_moves), GRUNDY_PLAY_LOOPY, deep, 8, 4);
    return mix(h, values_of(t, u64_game(t, cycle_moves), GRUNDY_PLAY_LOOPY, some, 8, 5));
}

/* Mixes the parts of move k of pos, read under test, into *h; 0 when the
 * trial abandons its handles after a failure. */
static int move_of(trial *t, grundy_game *game, const void *pos, uint64_t k, void *parts,
                   size_t cap, size_t size, uint64_t *h)
{
    size_t np = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_game_move(game, pos, k, parts, cap, &np));
    CHECK_EQ(rc, GRUNDY_OK);
    *h = mix(*h, np);
    for (size_t j = 0; j < (np < cap ? np : cap) * size; j++)
        *h = mix(*h, ((const unsigned char *)parts)[j]);
    return 1;
out:
    return 0;
}

/* Sums on a fresh game under normal play: each call evaluates what it
 * needs; the winning move is then read back with grundy_game_move(). */
static uint64_t case_game_sums(trial *t)
{
    static const uint64_t sum[3] = {1999, 1234, 77};
    grundy_game *game = u64_game(t, split_moves);
    grundy_game *pairs = pair_game(t);
    uint64_t h = 0, moves[3], parts[3] = {0, 0, 0};
    uint32_t v = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, &sum[0]));
    h = mix_found(h, rc, NULL, 0);
    UNDER_TEST(t, rc, grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, sum, 3, &v));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix(h, v);
    UNDER_TEST(t, rc, grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, sum, 3));
    h = mix_found(h, rc, NULL, 0);
    UNDER_TEST(t, rc, grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, sum, 3, moves));
    h = mix_found(h, rc, moves, 3);
    for (size_t i = 0; rc == 1 && i < 3; i++)
        if (moves[i] != GRUNDY_NO_MOVE && !move_of(t, game, &sum[i], moves[i], parts, 3, 8, &h))
            goto out;
    unsigned char two[4] = {40, 9, 1, 30}, part[2] = {0, 0};
    UNDER_TEST(t, rc, grundy_game_sum_winning_move(pairs, GRUNDY_PLAY_NORMAL, two, 2, moves));
    h = mix_found(h, rc, moves, 2);
    for (size_t i = 0; rc == 1 && i < 2; i++)
        if (moves[i] != GRUNDY_NO_MOVE && !move_of(t, pairs, two + 2 * i, moves[i], part, 1, 2, &h))
            goto out;
out:
    grundy_game_free(game);
    grundy_game_free(pairs);
    return h;
}

/* Every play on sums of a fresh game without splits: the plays decided by
 * numbers evaluate each position, misère and loopy play build the graph of
 * the positions the sum reaches.  Two sums per game: the second finds
 * what the first stored. */
static uint64_t game_sum_calls(trial *t, int play, int ask)
{
    static const uint64_t sums[2][2] = {{40, 33}, {21, 8}};
    grundy_game *game = u64_game(t, single_moves);
    uint64_t h = 0;
    for (int which = 0; which < 2; which++) {
        uint64_t moves[2 * 3];
        size_t comps[2 * 3], count = 0;
        int rc;
        if (ask == ASK_OUTCOME) {
            UNDER_TEST(t, rc, grundy_game_sum_outcome(game, play, sums[which], 2));
            h = mix_found(h, rc, NULL, 0);
        } else if (ask == ASK_MOVE) {
            UNDER_TEST(t, rc, grundy_game_sum_winning_move(game, play, sums[which], 2, moves));
            h = mix_found(h, rc, moves, 2);
        } else {
            UNDER_TEST(t, rc, grundy_game_sum_winning_moves(game, play, sums[which], 2, comps,
                                                            moves, 6, &count));
            h = mix_list(h, rc, comps, moves, 6, count);
        }
    }
out:
    grundy_game_free(game);
    return h;
}

/* The plays a game of single-part options answers whatever it is (no
 * method whose precondition may fail). */
static const int game_plays[] = {
    GRUNDY_PLAY_NORMAL,     GRUNDY_PLAY_MISERE,    GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH,
    GRUNDY_PLAY_WTIA,       GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED,
    GRUNDY_PLAY_SELECTIVE,  GRUNDY_PLAY_SHORTENED, GRUNDY_PLAY_LOOPY,
};

static uint64_t case_game_plays(trial *t)
{
    uint64_t h = 0;
    for (size_t i = 0; i < sizeof game_plays / sizeof game_plays[0]; i++) {
        h = mix(h, game_sum_calls(t, game_plays[i], ASK_OUTCOME));
        h = mix(h, game_sum_calls(t, game_plays[i], ASK_MOVE));
    }
    return h;
}

static uint64_t case_game_sum_winning_moves(trial *t)
{
    static const int plays[] = {GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE,
                                GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, GRUNDY_PLAY_WTIA,
                                GRUNDY_PLAY_LOOPY};
    uint64_t h = 0;
    for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++)
        h = mix(h, game_sum_calls(t, plays[i], ASK_MOVES));
    return h;
}

/* The degree and every move of a few positions: each call generates the
 * options once, into a sink of its own. */
static uint64_t case_game_moves(trial *t)
{
    static const uint64_t pos[] = {0, 14, 35, 1999};
    grundy_game *game = u64_game(t, split_moves), *heaps = u64_game(t, heap_moves);
    uint64_t h = 0, parts[3] = {0, 0, 0};
    for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
        for (int which = 0; which < 2; which++) {
            grundy_game *g = which ? heaps : game;
            const uint64_t p = which ? pos[i] % 100 : pos[i];
            uint64_t degree = 0;
            int rc;
            UNDER_TEST(t, rc, grundy_game_degree(g, &p, &degree));
            CHECK_EQ(rc, GRUNDY_OK);
            h = mix(h, degree);
            for (uint64_t k = 0; k < degree; k += 1 + degree / 4)
                if (!move_of(t, g, &p, k, parts, 3, 8, &h))
                    goto out;
        }
    }
out:
    grundy_game_free(game);
    grundy_game_free(heaps);
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
        CHECK_EQ(grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_OK);
        h = mix(h, v);
    }
    return h;
}

/* A game with no rules refuses to compute: what a failed parse must leave. */
static void check_no_rules(grundy_heap_game *game)
{
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_ESTATE);
}

/* Creating a game, then giving it rules by name or as a subtraction set:
 * each under test.  A failed parse leaves the game without rules. */
static uint64_t case_heap_new(trial *t)
{
    uint64_t h = 0;
    grundy_heap_game *game = NULL;
    for (size_t i = 0; i <= NHEAP_NAMES; i++) {
        static const uint32_t set[] = {9, 3, 5, 3};
        int rc;
        game = (grundy_heap_game *)&t->a;
        UNDER_TEST_THEN(t, rc, grundy_heap_game_new(&game, &t->a), CHECK(game == NULL));
        CHECK_EQ(rc, GRUNDY_OK);
        if (i < NHEAP_NAMES)
            UNDER_TEST_THEN(t, rc,
                            grundy_heap_game_parse(game, heap_names[i], strlen(heap_names[i])),
                            check_no_rules(game));
        else
            UNDER_TEST_THEN(t, rc, grundy_heap_game_set_subtraction(game, set, 4),
                            check_no_rules(game));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, heap_values(game, 40));
        grundy_heap_game_free(game);
        game = NULL;
    }
out:
    if (game != (grundy_heap_game *)&t->a) /* (checked NULL after a failed new) */
        grundy_heap_game_free(game);
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
    {"0.F", 120, 1},   {"sub:2,5,7", 300, 1}, {"allbut:2,3,7", 300, 1},
    {"allbut:1,2,3,4", 200, 0},
};
#define NHEAP_RUNS (sizeof heap_runs / sizeof heap_runs[0])

static grundy_heap_game *heap_game(trial *t, const heap_run *r)
{
    grundy_heap_game *game = NULL;
    CHECK_EQ(grundy_heap_game_new(&game, &t->a), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(game, r->name, strlen(r->name)), GRUNDY_OK);
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
    UNDER_TEST(t, rc, grundy_heap_game_value(other, GRUNDY_PLAY_NORMAL, r->count + 40, &v));
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

/* A range of values on a fresh game, and a range further on. */
static uint64_t heap_range(trial *t, const heap_run *r)
{
    grundy_heap_game *game = heap_game(t, r);
    uint32_t vals[64];
    uint64_t h = 0;
    int rc;
    UNDER_TEST(t, rc, grundy_heap_game_values(game, GRUNDY_PLAY_NORMAL, r->count - 20, 20, vals));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix_array(h, vals, 20);
    UNDER_TEST(t, rc, grundy_heap_game_values(game, GRUNDY_PLAY_NORMAL, r->count + 10, 64, vals));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix_array(h, vals, 64);
out:
    grundy_heap_game_free(game);
    return h;
}

static uint64_t case_heap_values(trial *t)
{
    return every_heap_run(t, heap_range);
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

/* The arithmetic period, then a value far past the table. */
static uint64_t heap_arith(trial *t, const heap_run *r)
{
    grundy_heap_game *game = heap_game(t, r);
    uint64_t p = 0, q = 0, s = 0, v = 0, h = 0;
    int proved = 0, rc;
    UNDER_TEST(t, rc, grundy_heap_game_arithmetic_period(game, r->count, &p, &q, &s, &proved));
    CHECK(rc == 0 || rc == 1);
    h = mix(mix(mix(mix(mix(h, (uint64_t)rc), p), q), s), (uint64_t)proved);
    uint64_t far = rc == 1 && proved ? (uint64_t)1 << 40 : r->count + 7;
    UNDER_TEST(t, rc, grundy_heap_game_value64(game, GRUNDY_PLAY_NORMAL, far, &v));
    CHECK_EQ(rc, GRUNDY_OK);
    h = mix(h, v);
out:
    grundy_heap_game_free(game);
    return h;
}

static uint64_t case_heap_arith(trial *t)
{
    return every_heap_run(t, heap_arith);
}

/* One question about heaps, on a fresh game (so that it computes). */
static uint64_t heap_question(trial *t, const heap_run *r, int which)
{
    const uint64_t heaps[3] = {r->count / 2, 17, 40};
    grundy_heap_game *game = heap_game(t, r);
    uint64_t moves[3], left[3] = {0, 0, 0}, wins[64], h = (uint64_t)which;
    size_t nleft = 0, comps[64], count = 0;
    uint32_t v = 0;
    int rc;
    switch (which) {
    case 0:
        UNDER_TEST(t, rc, grundy_heap_game_outcome(game, GRUNDY_PLAY_NORMAL, heaps[0]));
        CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
        h = mix(h, (uint64_t)rc);
        break;
    case 1:
        UNDER_TEST(t, rc, grundy_heap_game_sum_value(game, GRUNDY_PLAY_NORMAL, heaps, 3, &v));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, v);
        UNDER_TEST(t, rc, grundy_heap_game_sum_value64(game, GRUNDY_PLAY_NORMAL, heaps, 3,
                                                       &wins[0]));
        CHECK(rc == GRUNDY_OK && wins[0] == v);
        break;
    case 2:
        UNDER_TEST(t, rc, grundy_heap_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, heaps, 3));
        CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
        h = mix(h, (uint64_t)rc);
        break;
    case 3:
        UNDER_TEST(t, rc, grundy_heap_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, heaps, 3,
                                                            moves));
        CHECK(rc == 0 || rc == 1);
        h = mix_found(h, rc, moves, 3);
        for (size_t i = 0; rc == 1 && i < 3; i++) {
            if (moves[i] == GRUNDY_NO_MOVE)
                continue;
            UNDER_TEST(t, rc, grundy_heap_game_move(game, heaps[i], moves[i], left, 3, &nleft));
            CHECK_EQ(rc, GRUNDY_OK);
            h = mix(mix(mix(mix(h, nleft), left[0]), left[1]), left[2]);
            rc = 1;
        }
        break;
    case 4:
        UNDER_TEST(t, rc, grundy_heap_game_sum_winning_moves(game, GRUNDY_PLAY_NORMAL, heaps, 3,
                                                             comps, wins, 64, &count));
        h = mix_list(h, rc, comps, wins, 64, count);
        break;
    default:
        UNDER_TEST(t, rc, grundy_heap_game_degree(game, heaps[1], &wins[0]));
        CHECK_EQ(rc, GRUNDY_OK);
        h = mix(h, wins[0]);
        break;
    }
out:
    grundy_heap_game_free(game);
    return h;
}

static uint64_t heap_questions(trial *t, const heap_run *r)
{
    uint64_t h = 0;
    for (int which = 0; which < 6; which++)
        h = mix(h, heap_question(t, r, which));
    return h;
}

static uint64_t case_heap_moves(trial *t)
{
    return every_heap_run(t, heap_questions);
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

/* ---- misère quotients ------------------------------------------------------ */

/* Everything a quotient answers, as a checksum. */
static uint64_t quotient_sum(grundy_quotient *q)
{
    uint64_t h = mix(mix(grundy_quotient_heaps(q), grundy_quotient_order(q)),
                     grundy_quotient_p_size(q));
    for (uint64_t heap = 0; heap < grundy_quotient_heaps(q); heap++) {
        uint32_t x = 0;
        CHECK_EQ(grundy_quotient_phi(q, heap, &x), GRUNDY_OK);
        h = mix(h, x);
    }
    char text[4096];
    size_t len = 0;
    CHECK_EQ(grundy_quotient_presentation(q, text, sizeof text, &len), GRUNDY_OK);
    for (size_t i = 0; i < len; i++)
        h = mix(h, (unsigned char)text[i]);
    return h;
}

static grundy_quotient *quotient_for(trial *t, const char *name)
{
    grundy_heap_game *g = NULL;
    grundy_quotient *q = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(g, name, strlen(name)), GRUNDY_OK);
    CHECK_EQ(grundy_quotient_new(&q, g, &t->a), GRUNDY_OK);
    grundy_heap_game_free(g);
    return q;
}

static uint64_t case_quotient_new(trial *t)
{
    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(g, "0.77", 4), GRUNDY_OK);
    grundy_quotient *q = (grundy_quotient *)&t->a;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_quotient_new(&q, g, &t->a), CHECK(q == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    uint64_t h = quotient_sum(q);
    grundy_quotient_free(q);
    grundy_heap_game_free(g);
    return h;
out:
    grundy_heap_game_free(g);
    return 0;
}

/* A quotient left by a failure answers for the heaps it covers. */
static void quotient_answers(grundy_quotient *q)
{
    uint64_t covered = grundy_quotient_heaps(q);
    CHECK(covered >= 1 && covered <= 23);
    uint64_t sum[2] = {covered - 1, covered / 2};
    CHECK(grundy_quotient_sum_outcome(q, sum, 2) >= 0);
}

/* A trace that only counts its calls. */
static void count_trace(void *user, uint64_t heap, uint32_t order, uint32_t p_size,
                        const uint64_t *failing, size_t nfailing)
{
    (void)heap;
    (void)order;
    (void)p_size;
    (void)failing;
    (void)nfailing;
    ++*(long *)user;
}

/* Growth and recalibration (0.15 recalibrates at heap 20, its failing
 * sums copied for the trace), then the queries that allocate.  After a
 * failure the quotient is that of the last heap finished: it answers, and
 * the same call goes on from there. */
static uint64_t case_quotient_compute(trial *t)
{
    grundy_quotient *q = quotient_for(t, "0.15");
    long traced = 0;
    grundy_quotient_set_trace(q, count_trace, &traced);
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_quotient_compute(q, 22), quotient_answers(q));
    CHECK_EQ(rc, GRUNDY_OK);
    CHECK(traced >= 10);
    uint64_t h = quotient_sum(q);
    uint64_t sum[3] = {20, 7, 3}, moves[3];
    UNDER_TEST(t, rc, grundy_quotient_sum_winning_move(q, sum, 3, moves));
    h = mix_found(h, rc, moves, 3);
    grundy_quotient_free(q);
    return h;
out:
    grundy_quotient_free(q);
    return 0;
}

static uint64_t case_quotient_file(trial *t)
{
    char buf[64];
    const char *path = harness_path(buf, sizeof buf, "enomem_quotient.txt");
    grundy_quotient *q = quotient_for(t, "0.77");
    grundy_quotient *r = quotient_for(t, "0.77");
    int rc;
    CHECK_EQ(grundy_quotient_compute(q, 30), GRUNDY_OK);
    UNDER_TEST(t, rc, grundy_quotient_save(q, path));
    CHECK_EQ(rc, GRUNDY_OK);
    UNDER_TEST_THEN(t, rc, grundy_quotient_resume(r, path),
                    CHECK_EQ(grundy_quotient_heaps(r), 1));
    CHECK_EQ(rc, GRUNDY_OK);
    uint64_t h = quotient_sum(r);
    grundy_quotient_free(q);
    grundy_quotient_free(r);
    remove(path);
    return h;
out:
    grundy_quotient_free(q);
    grundy_quotient_free(r);
    remove(path);
    return 0;
}

/* ---- nimbers ------------------------------------------------------------- */

static uint64_t case_nimber_new(trial *t)
{
    grundy_nimber *nb = (grundy_nimber *)&t->a;
    int rc;
    UNDER_TEST_THEN(t, rc, grundy_nimber_new(&nb, &t->a), CHECK(nb == NULL));
    CHECK_EQ(rc, GRUNDY_OK);
    uint64_t h = grundy_nimber_mul(nb, 3141, 5926);
    grundy_nimber_free(nb);
    return h;
out:
    return 0;
}

int main(void)
{
    big_dag(&plain_dag, 0);
    big_dag(&split_dag, 1);
    run_case("graph_new", case_graph_new);
    run_case("graph_add_move/add_split/add_moves", case_graph_build);
    run_case("graph_parse", case_graph_parse);
    run_case("graph_solve", case_graph_solve);
    run_case("graph_solve, every play", case_graph_plays);
    run_case("graph_value/values/outcome/sum_value, solving", case_graph_questions);
    run_case("graph_degree/move, merging", case_graph_moves);
    run_case("graph_loopy_followers", case_loopy_followers);
    run_case("graph_sum_outcome", case_graph_sum_outcome);
    run_case("graph_sum_winning_move", case_graph_sum_winning_move);
    run_case("graph_sum_winning_moves", case_graph_sum_winning_moves);
    run_case("graph_genus", case_genus);
    run_case("game_new/new_u64", case_game_new);
    run_case("game_value/options_add", case_game_value);
    run_case("game_value, loopy play", case_game_loopy);
    run_case("game_outcome/sum_value/sum_outcome/sum_winning_move/move", case_game_sums);
    run_case("game_sum_outcome/sum_winning_move, every play", case_game_plays);
    run_case("game_sum_winning_moves", case_game_sum_winning_moves);
    run_case("game_degree/move", case_game_moves);
    run_case("heap_game_new/parse/set_subtraction", case_heap_new);
    run_case("heap_game_compute/value", case_heap_compute);
    run_case("heap_game_values", case_heap_values);
    run_case("heap_game_period", case_heap_period);
    run_case("heap_game_arithmetic_period/value64", case_heap_arith);
    run_case("heap_game_outcome/sum_*/degree/move", case_heap_moves);
    run_case("nimber_new", case_nimber_new);
    run_case("heap_game_compute with the sparse method", case_heap_sparse);
    run_case("heap_game_period's last check", case_heap_period_last_check);
    run_case("quotient_new", case_quotient_new);
    run_case("quotient_compute/sum_winning_move", case_quotient_compute);
    run_case("quotient_save/resume", case_quotient_file);
    free(notes.v);
    printf("enomem: %lu cases, %lu allocations failed on purpose\n", cases_run, failures_made);
    return harness_done();
}
