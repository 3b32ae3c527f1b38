/* SPDX-License-Identifier: MIT */
/* Loopy games, their sums, Nim on levels, and rule-defined games under the
 * other ways of playing, each against a brute force written here without any
 * of the library's code:
 *
 * - generalized Sprague-Grundy values (Smith; Fraenkel-Yesha) by a naive
 *   fixpoint of the textbook algorithm, the conditions (a)-(c) of the
 *   definition, and outcomes by plain retrograde analysis with draws;
 * - sums of 2 or 3 loopy components by retrograde analysis of the product
 *   graph built here (a move changes exactly one component);
 * - Nim on levels by brute-force w-numbers and brute-force "winner takes it
 *   all" play of 2 and 3 super-heaps;
 * - misère, WTIA, remoteness and suspense numbers of rule-defined games
 *   against the same DAG as a graph and against the rules written out here;
 * - allocation failure of the loopy solve and the loopy compound calls. */
#define _POSIX_C_SOURCE 200809L /* fork, to survive a crashing call */
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"
#include "play_rule.h"

#define MAXN 12
#define MAXE 64

/* Figures for the summary line. */
static unsigned long n_loopy_graphs, n_loopy_nodes, n_finite, n_inf_n, n_inf_d, n_sum_positions,
    n_sum_d, n_loopy_wins, n_dag_graphs, n_levels_w, n_levels_moves, n_game_graphs, n_alloc_failures;
static uint32_t max_finite;

/* ---- random graphs, kept in the test's own plain form -------------------- */

/* adj[u] lists the targets of u's moves in the order they were added, so
 * move k of u (as the library numbers moves) leads to adj[u][k]. */
typedef struct rgraph {
    uint32_t n, m;
    int incremental; /* build node by node, each move once its nodes exist */
    uint32_t from[MAXE], to[MAXE];
    uint32_t deg[MAXN];
    uint32_t adj[MAXN][MAXE];
} rgraph;

static void rg_init(rgraph *r, uint32_t n)
{
    memset(r, 0, sizeof *r);
    r->n = n;
}

static void rg_edge(rgraph *r, uint32_t u, uint32_t v)
{
    if (r->m >= MAXE)
        return;
    r->from[r->m] = u;
    r->to[r->m] = v;
    r->m++;
    r->adj[u][r->deg[u]++] = v;
}

/* Cycles, self-loops and repeated moves all come up. */
static void rg_random_loopy(rgraph *r, uint32_t maxn)
{
    uint32_t n = 1 + (uint32_t)harness_below(maxn);
    rg_init(r, n);
    unsigned mode = (unsigned)harness_below(6);
    uint32_t m;
    switch (mode) {
    case 0: m = (uint32_t)harness_below(n + 1); break;
    case 2: m = (uint32_t)harness_below(3 * n + 1); break;
    case 5:
        /* Nearly Nim: most moves to every lower node (values up to n - 1),
         * then a few moves anywhere, which close cycles. */
        for (uint32_t u = 0; u < n; u++)
            for (uint32_t v = 0; v < u; v++)
                if (harness_below(4) != 0)
                    rg_edge(r, u, v);
        m = (uint32_t)harness_below(4);
        break;
    default: m = (uint32_t)harness_below(2 * n + 1); break;
    }
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = (uint32_t)harness_below(n), v = (uint32_t)harness_below(n);
        if ((mode == 3 || mode == 4) && u > 0 && harness_below(5) != 0)
            v = (uint32_t)harness_below(u); /* mostly downhill: more finite values */
        if (mode == 4 && harness_below(8) == 0)
            v = u; /* extra self-loops */
        rg_edge(r, u, v);
    }
    /* Half the graphs are built node by node, solved half way: their moves
     * are listed (and so numbered) by the later of their two nodes. */
    if (harness_below(2)) {
        rgraph s = *r;
        rg_init(r, n);
        r->incremental = 1;
        for (uint32_t x = 0; x < n; x++)
            for (uint32_t i = 0; i < s.m; i++)
                if ((s.from[i] > s.to[i] ? s.from[i] : s.to[i]) == x)
                    rg_edge(r, s.from[i], s.to[i]);
    }
}

/* Acyclic: moves go only to lower ranks of a random permutation. */
static void rg_random_dag(rgraph *r, uint32_t maxn)
{
    uint32_t n = 1 + (uint32_t)harness_below(maxn);
    rg_init(r, n);
    uint32_t node_at[MAXN], rank_of[MAXN];
    for (uint32_t i = 0; i < n; i++)
        node_at[i] = i;
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = (uint32_t)harness_below(i + 1);
        uint32_t t = node_at[i];
        node_at[i] = node_at[j];
        node_at[j] = t;
    }
    for (uint32_t i = 0; i < n; i++)
        rank_of[node_at[i]] = i;
    uint32_t m = (uint32_t)harness_below(3 * n + 1);
    for (uint32_t i = 0; i < m; i++) {
        uint32_t u = (uint32_t)harness_below(n);
        if (rank_of[u] == 0)
            continue;
        rg_edge(r, u, node_at[harness_below(rank_of[u])]);
    }
}

/* The graph in the library, its moves added one by one and in bulk, in the
 * order of r's edge list.  NULL (checked) if that fails. */
static grundy_graph *rg_build(const rgraph *r, const grundy_allocator *alloc)
{
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, alloc);
    CHECK_EQ(rc, GRUNDY_OK);
    if (rc != GRUNDY_OK)
        return NULL;
    if (r->incremental) {
        uint32_t i = 0;
        for (uint32_t x = 0; x < r->n; x++) {
            uint32_t id = 12345;
            CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
            CHECK_EQ(id, x);
            for (; i < r->m && (r->from[i] > r->to[i] ? r->from[i] : r->to[i]) == x; i++)
                CHECK_EQ(grundy_graph_add_move(g, r->from[i], r->to[i]), GRUNDY_OK);
            if (x == r->n / 2 && x + 1 < r->n) /* a solve half way, dropped later */
                CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        }
        CHECK_EQ(i, r->m);
        return g;
    }
    CHECK_EQ(grundy_graph_add_nodes(g, r->n, NULL), GRUNDY_OK);
    for (uint32_t i = 0; i < r->m;) {
        uint32_t chunk = 1 + (uint32_t)harness_below(4);
        if (chunk > r->m - i)
            chunk = r->m - i;
        if (harness_below(2)) {
            CHECK_EQ(grundy_graph_add_moves(g, chunk, r->from + i, r->to + i), GRUNDY_OK);
        } else {
            for (uint32_t j = i; j < i + chunk; j++)
                CHECK_EQ(grundy_graph_add_move(g, r->from[j], r->to[j]), GRUNDY_OK);
        }
        i += chunk;
    }
    return g;
}

/* ---- retrograde analysis with draws over a product of components --------- */

/* States are tuples (x0, ..., x_{c-1}) of nodes of r, s = x0 + n x1 + n^2 x2;
 * a move changes exactly one component by one of its moves.  With c = 1 the
 * product is the graph itself. */
typedef struct product {
    uint32_t S, c, n, pw[4];
    uint32_t *off;   /* successors of s: succ[off[s] .. off[s+1]) */
    uint32_t *succ;
} product;

static uint32_t digit(const product *p, uint32_t s, uint32_t i)
{
    return s / p->pw[i] % p->n;
}

static void product_build(product *p, const rgraph *r, uint32_t c)
{
    p->c = c;
    p->n = r->n;
    p->pw[0] = 1;
    for (uint32_t i = 1; i <= c; i++)
        p->pw[i] = p->pw[i - 1] * r->n;
    p->S = p->pw[c];
    p->off = malloc((p->S + 1) * sizeof *p->off);
    size_t cap = 0;
    for (uint32_t s = 0; s < p->S; s++)
        for (uint32_t i = 0; i < c; i++)
            cap += r->deg[digit(p, s, i)];
    p->succ = malloc((cap ? cap : 1) * sizeof *p->succ);
    uint32_t e = 0;
    for (uint32_t s = 0; s < p->S; s++) {
        p->off[s] = e;
        for (uint32_t i = 0; i < c; i++) {
            uint32_t x = digit(p, s, i);
            for (uint32_t k = 0; k < r->deg[x]; k++)
                p->succ[e++] = s - x * p->pw[i] + r->adj[x][k] * p->pw[i];
        }
    }
    p->off[p->S] = e;
}

static void product_free(product *p)
{
    free(p->off);
    free(p->succ);
}

/* Terminal positions are P (the player to move has lost); a position is N if
 * some move reaches P, P if every move reaches N; whatever is left is a draw. */
static void retrograde(const product *p, int *out)
{
    uint32_t S = p->S, E = p->off[S];
    uint32_t *roff = calloc(S + 1, sizeof *roff), *rsrc = malloc((E ? E : 1) * sizeof *rsrc);
    uint32_t *cnt = malloc(S * sizeof *cnt), *queue = malloc(S * sizeof *queue);
    for (uint32_t e = 0; e < E; e++)
        roff[p->succ[e] + 1]++;
    for (uint32_t s = 0; s < S; s++)
        roff[s + 1] += roff[s];
    uint32_t *fill = malloc((S + 1) * sizeof *fill);
    memcpy(fill, roff, (S + 1) * sizeof *fill);
    for (uint32_t s = 0; s < S; s++)
        for (uint32_t e = p->off[s]; e < p->off[s + 1]; e++)
            rsrc[fill[p->succ[e]]++] = s;
    free(fill);
    size_t head = 0, tail = 0;
    for (uint32_t s = 0; s < S; s++) {
        out[s] = -1;
        cnt[s] = p->off[s + 1] - p->off[s];
        if (cnt[s] == 0) {
            out[s] = GRUNDY_P;
            queue[tail++] = s;
        }
    }
    while (head < tail) {
        uint32_t s = queue[head++];
        for (uint32_t e = roff[s]; e < roff[s + 1]; e++) {
            uint32_t q = rsrc[e];
            if (out[q] != -1)
                continue;
            if (out[s] == GRUNDY_P) {
                out[q] = GRUNDY_N;
                queue[tail++] = q;
            } else if (--cnt[q] == 0) {
                out[q] = GRUNDY_P;
                queue[tail++] = q;
            }
        }
    }
    for (uint32_t s = 0; s < S; s++)
        if (out[s] == -1)
            out[s] = GRUNDY_D;
    free(roff);
    free(rsrc);
    free(cnt);
    free(queue);
}

/* ---- generalized Sprague-Grundy values, naively -------------------------- */

#define UNLABELLED 0xfffffff0u

static int has_follower(const rgraph *r, uint32_t u, const uint32_t *lab, uint32_t value)
{
    for (uint32_t k = 0; k < r->deg[u]; k++)
        if (lab[r->adj[u][k]] == value)
            return 1;
    return 0;
}

/* The textbook algorithm, one level k at a time: label k every unlabelled u
 * with no follower labelled k whose followers that are unlabelled or infinite
 * all have a follower labelled k, until no more can be; then every unlabelled
 * position without a follower labelled k is infinite (it can never reach a
 * larger value, which needs a follower of value k). */
static void naive_gsg(const rgraph *r, uint32_t *lab)
{
    for (uint32_t u = 0; u < r->n; u++)
        lab[u] = UNLABELLED;
    for (uint32_t k = 0;; k++) {
        int changed = 1;
        while (changed) {
            changed = 0;
            for (uint32_t u = 0; u < r->n; u++) {
                if (lab[u] != UNLABELLED || has_follower(r, u, lab, k))
                    continue;
                int ok = 1;
                for (uint32_t j = 0; ok && j < r->deg[u]; j++) {
                    uint32_t v = r->adj[u][j];
                    if ((lab[v] == UNLABELLED || lab[v] == GRUNDY_INF) && !has_follower(r, v, lab, k))
                        ok = 0;
                }
                if (ok) {
                    lab[u] = k;
                    changed = 1;
                }
            }
        }
        int left = 0;
        for (uint32_t u = 0; u < r->n; u++) {
            if (lab[u] != UNLABELLED)
                continue;
            if (has_follower(r, u, lab, k))
                left = 1;
            else
                lab[u] = GRUNDY_INF;
        }
        if (!left)
            return;
    }
}

/* The definition: gamma(u) = k finite iff (a) no follower has value k,
 * (b) followers have every value below k, (c) every follower of value above
 * k or infinite has a follower of value k. */
static int conditions_hold(const rgraph *r, const uint32_t *lab, uint32_t u)
{
    uint32_t k = lab[u];
    if (has_follower(r, u, lab, k))
        return 0;
    for (uint32_t j = 0; j < k; j++)
        if (!has_follower(r, u, lab, j))
            return 0;
    for (uint32_t i = 0; i < r->deg[u]; i++) {
        uint32_t v = r->adj[u][i];
        if ((lab[v] == GRUNDY_INF || lab[v] > k) && !has_follower(r, v, lab, k))
            return 0;
    }
    return 1;
}

/* ---- loopy graphs -------------------------------------------------------- */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The sorted distinct finite values of u's followers. */
static size_t expected_followers(const rgraph *r, const uint32_t *lab, uint32_t u, uint32_t *out)
{
    uint32_t tmp[MAXE];
    size_t k = 0, d = 0;
    for (uint32_t i = 0; i < r->deg[u]; i++)
        if (lab[r->adj[u][i]] != GRUNDY_INF)
            tmp[k++] = lab[r->adj[u][i]];
    qsort(tmp, k, sizeof *tmp, cmp_u32);
    for (size_t i = 0; i < k; i++)
        if (i == 0 || tmp[i] != tmp[i - 1])
            out[d++] = tmp[i];
    return d;
}

static void check_followers(grundy_graph *g, const rgraph *r, const uint32_t *lab, uint32_t u)
{
    uint32_t want[MAXE], got[MAXE + 1];
    size_t nwant = expected_followers(r, lab, u, want), count = 12345;
    CHECK_EQ(grundy_graph_loopy_followers(g, u, NULL, 0, &count), GRUNDY_OK);
    CHECK_EQ(count, nwant);
    memset(got, 0xab, sizeof got);
    count = 12345;
    CHECK_EQ(grundy_graph_loopy_followers(g, u, got, MAXE + 1, &count), GRUNDY_OK);
    CHECK_EQ(count, nwant);
    int same = 1;
    for (size_t i = 0; i < nwant && i < count; i++)
        same &= got[i] == want[i];
    CHECK(same);
    CHECK_EQ(got[nwant], 0xabababab); /* nothing written past the count */
    if (nwant >= 2) {
        /* Room for fewer: the first cap are written, the count is all. */
        size_t cap = nwant - 1;
        memset(got, 0xab, sizeof got);
        CHECK_EQ(grundy_graph_loopy_followers(g, u, got, cap, &count), GRUNDY_OK);
        CHECK_EQ(count, nwant);
        for (size_t i = 0; i < cap; i++)
            CHECK_EQ(got[i], want[i]);
        CHECK_EQ(got[cap], 0xabababab);
    }
}

/* The one component moved by a winning move, checked to be a real move:
 * returns the product state it leads to, or UINT32_MAX. */
static uint32_t apply_move(const product *p, const rgraph *r, uint32_t s,
                                    const uint64_t *moves)
{
    uint32_t moved = 0, to = UINT32_MAX;
    for (uint32_t i = 0; i < p->c; i++) {
        if (moves[i] == GRUNDY_NO_MOVE)
            continue;
        moved++;
        uint32_t x = digit(p, s, i);
        if (!CHECK(moves[i] < r->deg[x]))
            return UINT32_MAX;
        to = s - x * p->pw[i] + r->adj[x][moves[i]] * p->pw[i];
    }
    CHECK_EQ(moved, 1);
    return moved == 1 ? to : UINT32_MAX;
}

/* Every winning move of the sum in state s: the moves, component by
 * component, to a state the retrograde analysis calls P. */
static void check_loopy_wins(grundy_graph *g, const product *p, const rgraph *r, uint32_t s,
                             const int *want)
{
    uint32_t nodes[3];
    size_t comps[3 * MAXE], count = 999, expect = 0;
    uint64_t wins[3 * MAXE];
    for (uint32_t i = 0; i < p->c; i++)
        nodes[i] = digit(p, s, i);
    if (!CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_LOOPY, nodes, p->c, comps, wins,
                                                 3 * MAXE, &count),
                  GRUNDY_OK))
        return;
    for (uint32_t i = 0; i < p->c; i++) {
        uint32_t x = nodes[i];
        for (uint32_t k = 0; k < r->deg[x]; k++) {
            if (want[s - x * p->pw[i] + r->adj[x][k] * p->pw[i]] != GRUNDY_P)
                continue;
            CHECK(expect < count && comps[expect] == i && wins[expect] == k);
            expect++;
        }
    }
    CHECK_EQ(count, expect);
    n_loopy_wins += expect;
}

/* Every position of the sum of c components of g against the product. */
static void check_loopy_sums(grundy_graph *g, const rgraph *r, uint32_t c)
{
    product p;
    product_build(&p, r, c);
    int *want = malloc(p.S * sizeof *want);
    retrograde(&p, want);
    for (uint32_t s = 0; s < p.S; s++) {
        uint32_t nodes[3];
        uint64_t moves[3];
        for (uint32_t i = 0; i < c; i++)
            nodes[i] = digit(&p, s, i);
        int got = grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, c);
        if (!CHECK_EQ(got, want[s]))
            fprintf(stderr, "  sum of %u components, state %u of a %u-node graph\n", c, s, r->n);
        n_sum_positions++;
        n_sum_d += want[s] == GRUNDY_D;
        check_loopy_wins(g, &p, r, s, want);
        int found = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, c, moves);
        if (want[s] == GRUNDY_P) {
            CHECK_EQ(found, 0);
            continue;
        }
        /* From N the move wins (to a P position); from a draw it keeps the draw. */
        CHECK_EQ(found, 1);
        if (found != 1)
            continue;
        uint32_t t = apply_move(&p, r, s, moves);
        if (t != UINT32_MAX)
            CHECK_EQ(want[t], want[s] == GRUNDY_N ? GRUNDY_P : GRUNDY_D);
    }
    free(want);
    product_free(&p);
}

static void check_loopy_graph(const rgraph *r)
{
    /* A counting allocator: a solve allocates, so the count tells one ran. */
    failing_alloc f = {0, 0, 0, 0};
    grundy_allocator a = failing_allocator(&f);
    grundy_graph *g = rg_build(r, &a);
    if (g == NULL)
        return;
    n_loopy_graphs++;
    uint32_t v, lab[MAXN];
    /* Solved by the first question, or ahead. */
    if (harness_below(2))
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    if (!CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, r->n, lab), GRUNDY_OK)) {
        grundy_graph_free(g);
        return;
    }
    /* Solving again an unchanged graph does nothing. */
    long calls = f.calls;
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_OK);
    CHECK_EQ(f.calls, calls);

    uint32_t ref[MAXN];
    naive_gsg(r, ref);
    product single;
    product_build(&single, r, 1);
    int outcome[MAXN];
    retrograde(&single, outcome);
    product_free(&single);

    for (uint32_t u = 0; u < r->n; u++) {
        n_loopy_nodes++;
        if (!CHECK_EQ(lab[u], ref[u]))
            fprintf(stderr, "  node %u of a %u-node graph with %u moves\n", u, r->n, r->m);
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, u, &v), GRUNDY_OK);
        CHECK_EQ(v, lab[u]);
        if (lab[u] != GRUNDY_INF)
            CHECK(conditions_hold(r, lab, u));
        /* The outcome of one position: retrograde analysis decides, and the
         * value tells it. */
        int got = grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, u);
        CHECK_EQ(got, outcome[u]);
        int by_value = lab[u] == 0                    ? GRUNDY_P
                       : lab[u] != GRUNDY_INF         ? GRUNDY_N
                       : has_follower(r, u, lab, 0) ? GRUNDY_N
                                                      : GRUNDY_D;
        CHECK_EQ(by_value, outcome[u]);
        if (lab[u] != GRUNDY_INF) {
            n_finite++;
            max_finite = lab[u] > max_finite ? lab[u] : max_finite;
        }
        else if (outcome[u] == GRUNDY_N)
            n_inf_n++;
        else
            n_inf_d++;
        check_followers(g, r, lab, u);
        /* The sum of one component is the position itself. */
        CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, &u, 1), outcome[u]);
    }
    check_loopy_sums(g, r, 1);
    if (r->n <= 10)
        check_loopy_sums(g, r, 2);
    if (r->n <= 6)
        check_loopy_sums(g, r, 3);
    grundy_graph_free(g);
    CHECK_EQ(f.live, 0);
}

static void test_random_loopy(void)
{
    int rounds = harness_quick() ? 400 : 4000;
    for (int i = 0; i < rounds; i++) {
        rgraph r;
        rg_random_loopy(&r, i % 3 == 0 ? 6 : i % 7 == 1 ? MAXN : 10);
        check_loopy_graph(&r);
    }
}

/* Hand-checked graphs. */
static void test_loopy_examples(void)
{
    static const struct {
        uint32_t n, m;
        uint32_t e[8][2];
        uint32_t want[6];
        int outcome[6];
    } ex[] = {
        /* A 2-cycle with no way out: both infinite, drawn. */
        {2, 2, {{0, 1}, {1, 0}}, {GRUNDY_INF, GRUNDY_INF}, {GRUNDY_D, GRUNDY_D}},
        /* A self-loop alone: drawn; with a way to a terminal: infinite but N. */
        {1, 1, {{0, 0}}, {GRUNDY_INF}, {GRUNDY_D}},
        {2, 2, {{0, 0}, {0, 1}}, {GRUNDY_INF, 0}, {GRUNDY_N, GRUNDY_P}},
        /* 0 <-> 1 -> 2: 2 is 0, 0 is 0 (its only move is to 1, which can answer
         * with 2), 1 is 1. */
        {3, 3, {{0, 1}, {1, 0}, {1, 2}}, {0, 1, 0}, {GRUNDY_P, GRUNDY_N, GRUNDY_P}},
        /* A 3-cycle where each node may also stop at the terminal 3: whoever
         * moves to 3 wins, so all three are N, but no finite value fits (each
         * has a follower on the cycle that would share it): infinite. */
        {4, 6, {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {1, 3}, {2, 3}},
         {GRUNDY_INF, GRUNDY_INF, GRUNDY_INF, 0}, {GRUNDY_N, GRUNDY_N, GRUNDY_N, GRUNDY_P}},
        /* Infinite with finite followers {0, 1} (node 0) or {0} (node 1) is N;
         * with {1} only (node 5) it is a draw. */
        {6, 8, {{0, 0}, {0, 4}, {0, 3}, {3, 4}, {1, 1}, {1, 2}, {5, 5}, {5, 3}},
         {GRUNDY_INF, GRUNDY_INF, 0, 1, 0, GRUNDY_INF},
         {GRUNDY_N, GRUNDY_N, GRUNDY_P, GRUNDY_N, GRUNDY_P, GRUNDY_D}},
    };
    for (size_t t = 0; t < sizeof ex / sizeof ex[0]; t++) {
        rgraph r;
        rg_init(&r, ex[t].n);
        for (uint32_t i = 0; i < ex[t].m; i++)
            rg_edge(&r, ex[t].e[i][0], ex[t].e[i][1]);
        grundy_graph *g = rg_build(&r, NULL);
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        for (uint32_t u = 0; u < ex[t].n; u++) {
            uint32_t v = 0;
            CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, u, &v), GRUNDY_OK);
            if (!CHECK_EQ(v, ex[t].want[u]))
                fprintf(stderr, "  example %zu node %u\n", t, u);
            CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, u), ex[t].outcome[u]);
        }
        grundy_graph_free(g);
        check_loopy_graph(&r);
    }
}

static void test_loopy_errors(void)
{
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 0, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    uint32_t v, vals[4];
    size_t count;
    CHECK_EQ(grundy_graph_solve(NULL, GRUNDY_PLAY_LOOPY), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve(g, -1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve(g, 99), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY | GRUNDY_BY_SEARCH), GRUNDY_EINVAL);
    /* Questions solve the loopy play themselves: 0 and 1 are infinite, with
     * no finite follower, so drawn. */
    count = 99;
    CHECK_EQ(grundy_graph_loopy_followers(g, 0, vals, 4, &count), GRUNDY_OK);
    CHECK_EQ(count, 0);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, 0), GRUNDY_D);
    /* Acyclic plays refuse the cycle; the loopy play takes it. */
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_MISERE), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 3, &v), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, 3), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_loopy_followers(g, 3, vals, 4, &count), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_loopy_followers(g, 0, vals, 4, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_loopy_followers(g, 0, NULL, 4, &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_loopy_followers(NULL, 0, vals, 4, &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, GRUNDY_INF);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    /* Sum argument errors. */
    uint32_t nodes[2] = {0, 3};
    uint64_t moves[2];
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 2), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, NULL, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_outcome(NULL, GRUNDY_PLAY_LOOPY, nodes, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 2, moves), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_LOOPY, nodes, 2, NULL, moves, 2, &count),
             GRUNDY_ERANGE);
    /* The empty sum: the player to move has lost; no move. */
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, NULL, 0, NULL), 0);
    /* Numbers alone do not decide loopy sums; nor has a loopy sum a value. */
    uint32_t nums[2] = {1, 1};
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_LOOPY, nums, 2), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_LOOPY, nodes, 1, &v), GRUNDY_ENOTSUP);

    /* A change drops the solution; the next question sees the new move:
     * now 1 -> 2 lets 0 be 0 and 1 be 1 (as in the hand-checked examples). */
    CHECK_EQ(grundy_graph_add_move(g, 1, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* Added nodes too. */
    CHECK_EQ(grundy_graph_add_nodes(g, 1, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_graph_add_move(g, 3, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, GRUNDY_INF);
    CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, 3), GRUNDY_D);

    /* Split moves have no place in loopy play: refused, naming a node. */
    uint32_t parts[2] = {0, 1};
    CHECK_EQ(grundy_graph_add_split(g, 2, parts, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 2") != NULL);
    CHECK(strstr(grundy_graph_errmsg(g), "loopy play") != NULL);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_loopy_followers(g, 0, vals, 4, &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 1, moves), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_LOOPY, nodes, 1, NULL, moves, 2, &count),
             GRUNDY_EINVAL);
    grundy_graph_free(g);

    /* No nodes at all. */
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, 0, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_ERANGE);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, NULL, 0), GRUNDY_P);
    grundy_graph_free(g);
}

static int cancel_calls;

static int cancel_progress(void *user, uint64_t done, uint64_t total)
{
    (void)user;
    (void)done;
    (void)total;
    cancel_calls++;
    return 1;
}

static int count_progress(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    ++*(unsigned long *)user;
    return 0;
}

/* Reports come within each level too, every 65536 positions or so, not
 * only between levels (each a pass over the whole graph): 300000 nodes of
 * three random moves each take two levels, and report 11 times (3 when
 * only levels reported). */
static void test_loopy_progress_within_levels(void)
{
    const uint32_t n = 300000;
    grundy_graph *g = NULL;
    if (!CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK))
        return;
    CHECK_EQ(grundy_graph_add_nodes(g, n, NULL), GRUNDY_OK);
    uint64_t x = 12345;
    for (uint32_t u = 0; u < n; u++) {
        for (int k = 0; k < 3; k++) {
            x = x * 6364136223846793005u + 1442695040888963407u;
            CHECK_EQ(grundy_graph_add_move(g, u, (uint32_t)((x >> 33) % n)), GRUNDY_OK);
        }
    }
    unsigned long calls = 0;
    grundy_graph_set_progress(g, count_progress, &calls);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    CHECK(calls >= 8);
    grundy_graph_free(g);
}

/* A progress callback that asks to stop: ECANCELED and nothing solved (if
 * it is called at all on so small a graph); without it the solve goes on. */
static void test_loopy_cancel(void)
{
    rgraph r;
    rg_init(&r, 4);
    rg_edge(&r, 0, 1);
    rg_edge(&r, 1, 0);
    rg_edge(&r, 1, 2);
    rg_edge(&r, 3, 1);
    rg_edge(&r, 3, 3);
    grundy_graph *g = rg_build(&r, NULL);
    grundy_graph_set_progress(g, cancel_progress, NULL);
    int rc = grundy_graph_solve(g, GRUNDY_PLAY_LOOPY);
    uint32_t lab[MAXN];
    if (cancel_calls > 0) {
        /* Nothing kept: each question solves again, and is stopped again. */
        CHECK_EQ(rc, GRUNDY_ECANCELED);
        CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, r.n, lab), GRUNDY_ECANCELED);
        uint32_t nodes[1] = {0};
        CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 1), GRUNDY_ECANCELED);
    } else {
        CHECK_EQ(rc, GRUNDY_OK);
    }
    grundy_graph_set_progress(g, NULL, NULL);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
    uint32_t ref[MAXN];
    naive_gsg(&r, ref);
    if (CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, r.n, lab), GRUNDY_OK))
        for (uint32_t u = 0; u < r.n; u++)
            CHECK_EQ(lab[u], ref[u]);
    grundy_graph_free(g);
}

/* grundy_graph_sum_winning_move() names moves as "k of grundy_graph_move()":
 * a caller of a loopy sum, whose graph has cycles and so can never be
 * solved for normal play, must still be able to look the move up. */
static void test_loopy_move_lookup(void)
{
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 0, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 2), GRUNDY_OK);
    uint32_t nodes[2] = {1, 0};
    uint64_t moves[2];
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 2, moves), 1);
    CHECK_EQ(moves[0], 0); /* 1 -> 0 leaves 0 + 0, both of value 0 */
    CHECK(moves[1] == GRUNDY_NO_MOVE);
    uint64_t degree = 0;
    size_t nparts = 0;
    uint32_t part = 99;
    if (CHECK_EQ(grundy_graph_degree(g, 1, &degree), GRUNDY_OK))
        CHECK_EQ(degree, 2);
    if (CHECK_EQ(grundy_graph_move(g, 1, moves[0], &part, 1, &nparts), GRUNDY_OK)) {
        CHECK_EQ(nparts, 1);
        CHECK_EQ(part, 0);
    }
    grundy_graph_free(g);
}

/* ---- acyclic graphs: loopy values are the Sprague-Grundy values ---------- */

static uint32_t mex_value(const rgraph *r, uint32_t u, uint32_t *memo)
{
    if (memo[u] != UINT32_MAX)
        return memo[u];
    int seen[MAXE + 2] = {0};
    for (uint32_t k = 0; k < r->deg[u]; k++) {
        uint32_t x = mex_value(r, r->adj[u][k], memo);
        if (x <= MAXE)
            seen[x] = 1;
    }
    uint32_t m = 0;
    while (seen[m])
        m++;
    return memo[u] = m;
}

static void test_acyclic(void)
{
    int rounds = harness_quick() ? 300 : 3000;
    for (int i = 0; i < rounds; i++) {
        rgraph r;
        rg_random_dag(&r, MAXN);
        grundy_graph *g = rg_build(&r, NULL);
        if (g == NULL)
            continue;
        n_dag_graphs++;
        int loopy_first = (int)harness_below(2);
        uint32_t lab[MAXN], val[MAXN];
        if (loopy_first)
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
        if (!CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, r.n, lab), GRUNDY_OK) ||
            !CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, r.n, val), GRUNDY_OK)) {
            grundy_graph_free(g);
            continue;
        }
        uint32_t memo[MAXN];
        for (uint32_t u = 0; u < r.n; u++)
            memo[u] = UINT32_MAX;
        for (uint32_t u = 0; u < r.n; u++) {
            CHECK_EQ(lab[u], mex_value(&r, u, memo));
            CHECK_EQ(lab[u], val[u]);
            CHECK_EQ(grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, u),
                     grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, u));
        }
        /* A sum of acyclic games is never drawn and is decided by the xor. */
        for (int t = 0; t < 8; t++) {
            uint32_t nodes[3];
            uint64_t moves[3];
            size_t c = 1 + (size_t)harness_below(3);
            for (size_t j = 0; j < c; j++)
                nodes[j] = (uint32_t)harness_below(r.n);
            int want = grundy_graph_sum_outcome(g, GRUNDY_PLAY_NORMAL, nodes, c);
            CHECK(want == GRUNDY_P || want == GRUNDY_N);
            CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, c), want);
            /* And so are its winning moves. */
            size_t cn = 99, cl = 98, kn[3 * MAXE], kl[3 * MAXE];
            uint64_t wn[3 * MAXE], wl[3 * MAXE];
            CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, nodes, c, kn, wn, 3 * MAXE, &cn),
                     GRUNDY_OK);
            CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_LOOPY, nodes, c, kl, wl, 3 * MAXE, &cl),
                     GRUNDY_OK);
            CHECK_EQ(cl, cn);
            for (size_t j = 0; j < cn && j < cl; j++)
                CHECK(kn[j] == kl[j] && wn[j] == wl[j]);
            int found = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, c, moves);
            CHECK_EQ(found, want == GRUNDY_N);
            if (found == 1) {
                uint32_t x = 0, moved = 0;
                for (size_t j = 0; j < c; j++) {
                    uint32_t y = nodes[j];
                    if (moves[j] != GRUNDY_NO_MOVE) {
                        moved++;
                        if (!CHECK(moves[j] < r.deg[y]))
                            break;
                        y = r.adj[y][moves[j]];
                    }
                    x ^= memo[y];
                }
                CHECK_EQ(moved, 1);
                CHECK_EQ(x, 0);
            }
        }
        grundy_graph_free(g);
    }
}

/* ---- Nim on levels -------------------------------------------------------- */

#define LV_MAXH 5
#define LV_MAXC 7

/* The three kinds of w-number, in the test's own terms. */
enum { W_NUMBER, W_SC, W_SP };

/* The w-number of a super-heap by the library, and its kind (or a
 * negative status): GRUNDY_SP64 and GRUNDY_SC64 stand for SP and SC. */
static int levels_kind(const uint64_t *h, size_t k, uint64_t *w)
{
    int rc = grundy_nim_levels_value(GRUNDY_PLAY_WTIA, h, k, w);
    if (rc != GRUNDY_OK)
        return rc;
    return *w == GRUNDY_SP64 ? W_SP : *w == GRUNDY_SC64 ? W_SC : W_NUMBER;
}

/* A winning move by the library, as the super-heap moved in and the coins
 * taken: the one entry of the moves array that is not GRUNDY_NO_MOVE (and
 * none without a move).  Also checks the outcome call agrees. */
static int levels_move(const uint64_t *heaps, const size_t *counts, size_t n, size_t *sh,
                       uint64_t *take)
{
    uint64_t moves[8];
    if (sh == NULL || take == NULL || n > 8)
        return grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, heaps, counts, n, NULL);
    int rc = grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, heaps, counts, n, moves);
    if (rc < 0)
        return rc;
    size_t moved = 0;
    for (size_t i = 0; i < n; i++) {
        if (moves[i] != GRUNDY_NO_MOVE) {
            moved++;
            *sh = i;
            *take = moves[i];
        }
    }
    CHECK_EQ(moved, (size_t)rc);
    int outcome = grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, heaps, counts, n);
    /* A position already over (an empty super-heap) is lost: P, no move. */
    CHECK_EQ(outcome, rc ? GRUNDY_N : GRUNDY_P);
    return rc;
}

/* Brute-force w-numbers of super-heaps without zeros (at most LV_MAXH heaps of
 * at most LV_MAXC coins), memoized by the stack read as base-8 digits 1..7. */
static signed char bw_kind[32768 + 1];
static unsigned char bw_num[32768 + 1];

static uint32_t lv_code(const uint64_t *h, size_t k)
{
    uint32_t code = 0;
    for (size_t i = 0; i < k; i++)
        code = code * 8 + (uint32_t)h[i];
    return code;
}

/* w = SP if empty; SC if a move reaches SP; else the mex of the options that
 * are numbers.  h has no zeros. */
static int brute_w_stripped(const uint64_t *h, size_t k, uint64_t *w)
{
    if (k == 0)
        return W_SP;
    if (k == 1)
        return W_SC; /* taking the whole heap empties the super-heap */
    uint32_t code = lv_code(h, k);
    if (bw_kind[code] != 0) {
        *w = bw_num[code];
        return bw_kind[code] - 1;
    }
    uint64_t opt[LV_MAXH];
    memcpy(opt, h, k * sizeof *h);
    int seen[64] = {0};
    int kind = W_NUMBER;
    for (uint64_t left = 0; left < h[k - 1]; left++) {
        uint64_t ow = 0;
        int ok;
        opt[k - 1] = left;
        ok = brute_w_stripped(opt, left == 0 ? k - 1 : k, &ow);
        if (ok == W_SP)
            kind = W_SC;
        else if (ok == W_NUMBER && ow < 64)
            seen[ow] = 1;
    }
    uint64_t m = 0;
    while (seen[m])
        m++;
    bw_kind[code] = (signed char)(kind + 1);
    bw_num[code] = (unsigned char)m;
    *w = m;
    return kind;
}

static int brute_w(const uint64_t *h, size_t k, uint64_t *w)
{
    uint64_t s[LV_MAXH];
    size_t n = 0;
    for (size_t i = 0; i < k; i++)
        if (h[i] != 0)
            s[n++] = h[i];
    return brute_w_stripped(s, n, w);
}

static void test_levels_w(void)
{
    /* Every super-heap of up to 4 heaps of up to 4 coins (zeros anywhere),
     * then every one of 5 heaps of up to 7. */
    for (size_t k = 0; k <= LV_MAXH; k++) {
        uint64_t maxc = k <= 4 ? 4 : LV_MAXC;
        uint64_t total = 1;
        for (size_t i = 0; i < k; i++)
            total *= maxc + 1;
        for (uint64_t code = 0; code < total; code++) {
            uint64_t h[LV_MAXH], x = code;
            for (size_t i = 0; i < k; i++) {
                h[i] = x % (maxc + 1);
                x /= maxc + 1;
            }
            uint64_t want = 0, got = 777;
            int kind = brute_w(h, k, &want);
            int rc = levels_kind(k ? h : NULL, k, &got);
            n_levels_w++;
            if (!CHECK_EQ(rc, kind)) {
                fprintf(stderr, "  w of %zu heaps, code %llu\n", k, (unsigned long long)code);
                continue;
            }
            if (kind == W_NUMBER && !CHECK_EQ(got, want))
                fprintf(stderr, "  w of %zu heaps, code %llu\n", k, (unsigned long long)code);
        }
    }
    /* Large heaps, by what the definition gives at once: two heaps (a, b) are
     * worth b - 1 (the top can go to 1..b-1; emptying it leaves an SC). */
    uint64_t w = 0;
    uint64_t big[3] = {UINT64_MAX, UINT64_MAX - 2, 0};
    CHECK_EQ(levels_kind(big, 2, &w), W_NUMBER);
    CHECK_EQ(w == UINT64_MAX - 3, 1);
    /* Worth 2^64 - 2, which is GRUNDY_SC64: the library says it cannot. */
    uint64_t huge[2] = {UINT64_MAX, UINT64_MAX};
    CHECK_EQ(levels_kind(huge, 2, &w), GRUNDY_ELIMIT);
    CHECK_EQ(levels_kind(big, 1, &w), W_SC);
    CHECK_EQ(levels_kind(big + 2, 1, &w), W_SP);
    CHECK_EQ(levels_kind(NULL, 0, &w), W_SP);
    CHECK_EQ(levels_kind(NULL, 1, &w), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, big, 1, NULL), GRUNDY_EINVAL);
    /* Nim on levels is played "winner takes it all" only. */
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_NORMAL, big, 1, &w), GRUNDY_ENOTSUP);
    /* The seed's super-heaps: (4, 9, 3) is worth 2 (its options are worth
     * 0, 1 and, taking the whole top, w(4, 9) = 8), (2, 5) is worth 4. */
    uint64_t a[3] = {4, 9, 3}, b[2] = {2, 5};
    CHECK_EQ(levels_kind(a, 3, &w), W_NUMBER);
    CHECK_EQ(w, 2);
    CHECK_EQ(levels_kind(b, 2, &w), W_NUMBER);
    CHECK_EQ(w, 4);
}

/* Runs fn in a child process, so that a call that crashes is one failed
 * check and not the end of the test: fn's exit status, or 128 + the signal. */
static int in_child(int (*fn)(void))
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0)
        _exit(fn());
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid)
        return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int levels_null_heaps(void)
{
    size_t counts[2] = {3, 2}, sh;
    uint64_t take;
    return levels_move(NULL, counts, 2, &sh, &take) == GRUNDY_EINVAL ? 0 : 1;
}

/* Brute-force WTIA play of c super-heaps of K heap slots of at most C coins:
 * a state is the c super-heaps' slots read as base-(C+1) digits.  Any move
 * lowers the number, so states are decided in increasing order.  A position
 * with an empty super-heap is lost for the player to move (the other one has
 * just emptied it); otherwise the player to move wins iff a move reaches a
 * lost position. */
typedef struct wtia_space {
    uint32_t c, K, C, S;
    unsigned char *win;
} wtia_space;

static void ws_decode(const wtia_space *ws, uint32_t s, uint64_t h[3][4])
{
    for (uint32_t i = 0; i < ws->c; i++)
        for (uint32_t j = 0; j < ws->K; j++) {
            h[i][j] = s % (ws->C + 1);
            s /= ws->C + 1;
        }
}

static uint32_t ws_place(const wtia_space *ws, uint32_t i, uint32_t j)
{
    uint32_t p = 1;
    for (uint32_t t = 0; t < i * ws->K + j; t++)
        p *= ws->C + 1;
    return p;
}

/* The top non-empty slot of super-heap i, or -1 if it is empty. */
static int ws_top(const wtia_space *ws, uint64_t h[3][4], uint32_t i)
{
    for (int j = (int)ws->K - 1; j >= 0; j--)
        if (h[i][j] != 0)
            return j;
    return -1;
}

static void ws_solve(wtia_space *ws)
{
    ws->S = 1;
    for (uint32_t t = 0; t < ws->c * ws->K; t++)
        ws->S *= ws->C + 1;
    ws->win = malloc(ws->S);
    for (uint32_t s = 0; s < ws->S; s++) {
        uint64_t h[3][4];
        ws_decode(ws, s, h);
        int over = 0, win = 0;
        for (uint32_t i = 0; i < ws->c; i++)
            over |= ws_top(ws, h, i) < 0;
        for (uint32_t i = 0; !over && !win && i < ws->c; i++) {
            int j = ws_top(ws, h, i);
            uint32_t place = ws_place(ws, i, (uint32_t)j);
            for (uint64_t take = 1; take <= h[i][j]; take++)
                if (!ws->win[s - (uint32_t)take * place])
                    win = 1;
        }
        ws->win[s] = (unsigned char)win;
    }
}

static void check_levels_state(const wtia_space *ws, uint32_t s)
{
    uint64_t h[3][4], flat[12];
    size_t counts[3], at = 0;
    ws_decode(ws, s, h);
    for (uint32_t i = 0; i < ws->c; i++) {
        /* Leave out some empty slots at the top: the counts vary. */
        int top = ws_top(ws, h, i);
        size_t least = (size_t)(top + 1);
        counts[i] = least + (size_t)harness_below(ws->K - least + 1);
        for (size_t j = 0; j < counts[i]; j++)
            flat[at++] = h[i][j];
    }
    size_t sh = 99;
    uint64_t take = 0;
    int rc = levels_move(at ? flat : NULL, counts, ws->c, &sh, &take);
    n_levels_moves++;
    if (!CHECK_EQ(rc, ws->win[s])) {
        fprintf(stderr, "  %u super-heaps, state %u\n", ws->c, s);
        return;
    }
    if (rc != 1)
        return;
    if (!CHECK(sh < ws->c))
        return;
    int j = ws_top(ws, h, (uint32_t)sh);
    if (!CHECK(j >= 0 && take >= 1 && take <= h[sh][j]))
        return;
    uint32_t t = s - (uint32_t)take * ws_place(ws, (uint32_t)sh, (uint32_t)j);
    if (!CHECK_EQ(ws->win[t], 0))
        fprintf(stderr, "  %u super-heaps, state %u: the move leaves a won position\n", ws->c, s);
}

/* Large heaps, where no brute force reaches: the move the library gives
 * must leave a lost position by its own w-numbers (some super-heap empty, or
 * every one a number and their xor 0), and it must say 0 exactly there. */
static int levels_lost(const uint64_t *flat, const size_t *counts, size_t n)
{
    uint64_t x = 0;
    int any_sc = 0;
    for (size_t i = 0, at = 0; i < n; at += counts[i], i++) {
        uint64_t w = 0;
        int kind = levels_kind(flat + at, counts[i], &w);
        if (kind == W_SP)
            return 1;
        any_sc |= kind == W_SC;
        x ^= w * (kind == W_NUMBER);
    }
    return !any_sc && x == 0;
}

/* (Heaps stay below 2^64 - 3: a move taking 2^64 - 1 coins would read as
 * GRUNDY_NO_MOVE, and a w-number of 2^64 - 2 or more as GRUNDY_SC64.) */
static void test_levels_large(void)
{
    static const uint64_t pick[] = {0, 1, 2, 3, 5, 8, 1000, UINT64_MAX - 3, UINT64_MAX - 4,
                                    UINT64_MAX / 2};
    int rounds = harness_quick() ? 3000 : 30000;
    for (int t = 0; t < rounds; t++) {
        uint64_t flat[15];
        size_t counts[3], n = 2 + (size_t)harness_below(2), at = 0;
        for (size_t i = 0; i < n; i++) {
            counts[i] = 1 + (size_t)harness_below(5);
            for (size_t j = 0; j < counts[i]; j++)
                flat[at++] = harness_below(3) ? pick[harness_below(10)] : harness_rand() >> 1;
        }
        size_t sh = 99;
        uint64_t take = 0;
        int rc = levels_move(flat, counts, n, &sh, &take);
        int lost = levels_lost(flat, counts, n);
        n_levels_moves++;
        if (!CHECK_EQ(rc, !lost) || rc != 1 || !CHECK(sh < n))
            continue;
        size_t base = 0;
        for (size_t i = 0; i < sh; i++)
            base += counts[i];
        size_t top = counts[sh];
        while (top > 0 && flat[base + top - 1] == 0)
            top--;
        if (!CHECK(top > 0 && take >= 1 && take <= flat[base + top - 1]))
            continue;
        flat[base + top - 1] -= take;
        CHECK(levels_lost(flat, counts, n));
    }
}

static void test_levels_play(void)
{
    int quick = harness_quick();
    wtia_space spaces[2] = {{2, 4, 4, 0, NULL}, {3, 3, 3, 0, NULL}};
    for (int t = 0; t < 2; t++) {
        wtia_space *ws = &spaces[t];
        ws_solve(ws);
        uint32_t step = quick ? 17 : 1;
        for (uint32_t s = 0; s < ws->S; s += step)
            check_levels_state(ws, s);
        free(ws->win);
    }
    /* The seed's example: (4, 9, 3) and (2, 5), bottom to top, worth 2 and 4.
     * The one winning move takes 2 from the top of (2, 5), to w 2. */
    uint64_t heaps[5] = {4, 9, 3, 2, 5};
    size_t counts[2] = {3, 2}, sh = 99;
    uint64_t take = 0;
    CHECK_EQ(levels_move(heaps, counts, 2, &sh, &take), 1);
    CHECK_EQ(sh, 1);
    CHECK_EQ(take, 2);
    /* One super-heap of a single heap: empty it and win. */
    size_t one = 1;
    CHECK_EQ(levels_move(heaps + 1, &one, 1, &sh, &take), 1);
    CHECK_EQ(sh, 0);
    CHECK_EQ(take, 9);
    /* Already over (an empty super-heap), nothing at all, bad arguments. */
    size_t with_empty[2] = {3, 0};
    CHECK_EQ(levels_move(heaps, with_empty, 2, &sh, &take), 0);
    CHECK_EQ(levels_move(NULL, NULL, 0, &sh, &take), 0);
    CHECK_EQ(levels_move(heaps, NULL, 2, &sh, &take), GRUNDY_EINVAL);
    CHECK_EQ(levels_move(heaps, counts, 2, NULL, &take), GRUNDY_EINVAL); /* moves NULL */
    uint64_t moves[2];
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_NORMAL, heaps, counts, 2, moves),
             GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_MISERE, heaps, counts, 2), GRUNDY_ENOTSUP);
    /* No heaps but super-heaps that claim some: EINVAL, not a crash. */
    CHECK_EQ(in_child(levels_null_heaps), 0);
}

/* ---- rule-defined games under the other plays ---------------------------- */

static const int other_plays[] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE,
                                  GRUNDY_PLAY_CONTINUED};

/* The number of u under play, by the rules of test/play_rule.h. */
static uint32_t ref_number(const rgraph *r, int play, uint32_t u, uint32_t *memo)
{
    if (memo[u] != UNLABELLED)
        return memo[u];
    uint32_t opts[MAXE];
    for (uint32_t k = 0; k < r->deg[u]; k++)
        opts[k] = ref_number(r, play, r->adj[u][k], memo);
    return memo[u] = play_rule(play, opts, (int)r->deg[u]);
}

/* Brute-force outcomes of one position: normal play, and misère (a terminal
 * position is won for the player to move, who made no last move). */
static int ref_outcome(const rgraph *r, uint32_t u, int misere)
{
    if (r->deg[u] == 0)
        return misere ? GRUNDY_N : GRUNDY_P;
    for (uint32_t k = 0; k < r->deg[u]; k++)
        if (ref_outcome(r, r->adj[u][k], misere) == GRUNDY_P)
            return GRUNDY_N;
    return GRUNDY_P;
}

typedef struct dag_rules {
    const rgraph *r;
    int zero_parts;   /* a move to a terminal node is the part-less option */
    uint64_t split_at; /* this node also has a 2-part option (UINT64_MAX: none) */
    int split_status; /* what grundy_options_add said to it */
    unsigned long calls;
} dag_rules;

static int dag_moves(void *user, uint64_t pos, grundy_options *out)
{
    dag_rules *d = user;
    d->calls++;
    if (pos >= d->r->n)
        return GRUNDY_ERANGE;
    for (uint32_t k = 0; k < d->r->deg[pos]; k++) {
        uint64_t v = d->r->adj[pos][k];
        int rc = d->zero_parts && d->r->deg[v] == 0 ? grundy_options_add(out, NULL, 0)
                                                    : grundy_options_add(out, &v, 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (pos == d->split_at) {
        uint64_t parts[2] = {0, 0};
        d->split_status = grundy_options_add(out, parts, 2);
        if (d->split_status != GRUNDY_OK)
            return d->split_status;
    }
    return 0;
}

static int rule_outcome(int play, uint32_t v)
{
    switch (play) {
    case GRUNDY_PLAY_WTIA: return v == GRUNDY_SP || v == 0 ? GRUNDY_P : GRUNDY_N;
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED: return v % 2 ? GRUNDY_N : GRUNDY_P;
    default: return v ? GRUNDY_N : GRUNDY_P;
    }
}

static void check_game_plays(const rgraph *r)
{
    grundy_graph *g = rg_build(r, NULL);
    if (g == NULL)
        return;
    n_game_graphs++;
    /* One game answers every play, each from its own memo table. */
    dag_rules d = {r, (int)harness_below(2), UINT64_MAX, 0, 0};
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &d, NULL), GRUNDY_OK);
    if (game == NULL) {
        grundy_graph_free(g);
        return;
    }
    uint64_t pos0 = 0;
    uint32_t v0;
    CHECK_EQ(grundy_game_value(game, -1, &pos0, &v0), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, &pos0, &v0), GRUNDY_EINVAL);
    for (int pi = -1; pi < 4; pi++) {
        int play = pi < 0 ? GRUNDY_PLAY_NORMAL : other_plays[pi];
        uint32_t num[MAXN];
        if (!CHECK_EQ(grundy_graph_values(g, play, 0, r->n, num), GRUNDY_OK))
            continue;
        uint32_t memo[MAXN];
        for (uint32_t u = 0; u < r->n; u++)
            memo[u] = UNLABELLED;
        uint32_t start = (uint32_t)harness_below(r->n);
        for (uint32_t i = 0; i < r->n; i++) {
            uint32_t u = (start + i) % r->n, v = 12345;
            uint64_t pos = u;
            CHECK_EQ(grundy_game_value(game, play, &pos, &v), GRUNDY_OK);
            uint32_t want = ref_number(r, play, u, memo);
            if (!CHECK_EQ(v, num[u]) || !CHECK_EQ(v, want))
                fprintf(stderr, "  play %d node %u of a %u-node DAG (zero parts %d)\n", play, u,
                        r->n, d.zero_parts);
            int out = grundy_game_outcome(game, play, &pos);
            CHECK_EQ(out, rule_outcome(play, v));
            CHECK_EQ(out, grundy_graph_outcome(g, play, u));
            /* One position alone: misère is misère play; every other play of a
             * single position is normal play. */
            CHECK_EQ(out, ref_outcome(r, u, play == GRUNDY_PLAY_MISERE));
        }
        /* A winning move of one position must win: it leads to a P position. */
        for (uint32_t u = 0; u < r->n; u++) {
            uint64_t pos = u, move = 12345, part = UINT64_MAX;
            size_t np = 99;
            int rc = grundy_game_sum_winning_move(game, play, &pos, 1, &move);
            int out = ref_outcome(r, u, play == GRUNDY_PLAY_MISERE);
            if (rc == 0) {
                /* Lost, or (misère) won already with no move to make. */
                int finished_won = play == GRUNDY_PLAY_MISERE && r->deg[u] == 0;
                if (!CHECK_EQ(out, finished_won ? GRUNDY_N : GRUNDY_P))
                    fprintf(stderr, "  play %d node %u\n", play, u);
                CHECK(move == GRUNDY_NO_MOVE);
            } else if (CHECK_EQ(rc, 1)) {
                CHECK_EQ(out, GRUNDY_N);
                if (!CHECK(move < r->deg[u]))
                    continue;
                /* The move read back: to the target, or the finished game
                 * where the rules list a terminal target so. */
                CHECK_EQ(grundy_game_move(game, &pos, move, &part, 1, &np), GRUNDY_OK);
                uint32_t to = r->adj[u][move];
                CHECK(np == 1 ? part == to : np == 0 && d.zero_parts && r->deg[to] == 0);
                CHECK_EQ(ref_outcome(r, to, play == GRUNDY_PLAY_MISERE), GRUNDY_P);
            }
        }
        /* Values of another play asked afterwards are still right. */
        uint64_t last = r->n - 1;
        uint32_t v = 12345, memo_n[MAXN];
        for (uint32_t u = 0; u < r->n; u++)
            memo_n[u] = UNLABELLED;
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &last, &v), GRUNDY_OK);
        CHECK_EQ(v, ref_number(r, GRUNDY_PLAY_NORMAL, r->n - 1, memo_n));
        /* The value of a sum exists under normal play only. */
        uint64_t two[2] = {0, r->n - 1};
        uint32_t sum = 0;
        CHECK_EQ(grundy_game_sum_value(game, play, two, 2, &sum),
                 play == GRUNDY_PLAY_NORMAL ? GRUNDY_OK : GRUNDY_ENOTSUP);
    }
    /* The loopy value of an acyclic position is its Sprague-Grundy value. */
    uint32_t lv = 12345, nv = 54321;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_LOOPY, &pos0, &lv), GRUNDY_OK);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &pos0, &nv), GRUNDY_OK);
    CHECK_EQ(lv, nv);
    grundy_game_free(game);
    grundy_graph_free(g);
}

/* A 2-part option is refused under every play but normal. */
static void test_game_splits(void)
{
    rgraph r;
    rg_init(&r, 3);
    rg_edge(&r, 1, 0);
    rg_edge(&r, 2, 1);
    for (int pi = -1; pi < 4; pi++) {
        int play = pi < 0 ? GRUNDY_PLAY_NORMAL : other_plays[pi];
        dag_rules d = {&r, 0, 2, 12345, 0};
        grundy_game *game = NULL;
        CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &d, NULL), GRUNDY_OK);
        if (game == NULL)
            continue;
        uint32_t v = 0;
        uint64_t one = 1, two = 2;
        int rc = grundy_game_value(game, play, &two, &v);
        if (play == GRUNDY_PLAY_NORMAL) {
            CHECK_EQ(rc, GRUNDY_OK);
            CHECK_EQ(d.split_status, GRUNDY_OK);
            CHECK_EQ(v, 2); /* options 1 (value 1) and 0 + 0 (value 0) */
        } else {
            CHECK_EQ(rc, GRUNDY_EINVAL);
            CHECK_EQ(d.split_status, GRUNDY_EINVAL);
            CHECK(grundy_game_errmsg(game)[0] != '\0');
            /* The game stays usable for positions that never split. */
            CHECK_EQ(grundy_game_value(game, play, &one, &v), GRUNDY_OK);
            uint32_t memo[MAXN] = {UNLABELLED, UNLABELLED, UNLABELLED};
            CHECK_EQ(v, ref_number(&r, play, 1, memo));
            CHECK_EQ(grundy_game_value(game, play, &two, &v), GRUNDY_EINVAL);
        }
        grundy_game_free(game);
    }
}

static void test_game_plays(void)
{
    int rounds = harness_quick() ? 200 : 1500;
    for (int i = 0; i < rounds; i++) {
        rgraph r;
        rg_random_dag(&r, MAXN);
        check_game_plays(&r);
    }
    test_game_splits();
}

/* ---- allocation failure --------------------------------------------------- */

/* The graph used: fixed, cyclic, with draws, infinite N positions and finite
 * values above 0 (it is checked to have them). */
static void alloc_graph(rgraph *r)
{
    unsigned long long saved = harness_rng_state;
    harness_rng_state = 0x1234567ull;
    for (;;) {
        rg_random_loopy(r, 10);
        uint32_t lab[MAXN];
        naive_gsg(r, lab);
        int big = 0, inf = 0;
        for (uint32_t u = 0; u < r->n; u++) {
            big |= lab[u] != GRUNDY_INF && lab[u] >= 2;
            inf |= lab[u] == GRUNDY_INF;
        }
        if (r->n >= 8 && big && inf)
            break;
    }
    harness_rng_state = saved;
}

/* Runs each variant of a scenario with the N-th allocation after its setup
 * failing, for N = 1, 2, ... until one runs clean.  The scenario checks that
 * a failing call returns ENOMEM and has no effect, and that a retry gives the
 * right answer; it frees everything, and nothing may leak. */
typedef int (*alloc_scenario)(const rgraph *r, failing_alloc *f, int variant, long nth);

static void run_failing(const rgraph *r, alloc_scenario sc, int variants, const char *name)
{
    for (int variant = 0; variant < variants; variant++) {
        long n;
        for (n = 1; n < 100000; n++) {
            failing_alloc f = {0, 0, 0, 0};
            int rc = sc(r, &f, variant, n);
            CHECK_EQ(f.live, 0);
            CHECK_EQ(rc, GRUNDY_OK);
            if (f.failures == 0)
                break;
            n_alloc_failures++;
        }
        CHECK(n > 1); /* the call really allocates */
        printf("alloc %s (variant %d): failed each of %ld allocations in turn\n", name, variant,
               n - 1);
    }
}

/* Variant 0: the first solve of a graph (its moves still pending); variant 1:
 * a solve after a change to a solved graph. */
static int sc_solve(const rgraph *r, failing_alloc *f, int variant, long nth)
{
    grundy_allocator a = failing_allocator(f);
    uint32_t ref[MAXN];
    naive_gsg(r, ref);
    grundy_graph *g = rg_build(r, &a);
    if (g == NULL)
        return GRUNDY_ENOMEM;
    if (variant == 1) {
        CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        /* A repeated move is the same option: no value changes. */
        CHECK_EQ(grundy_graph_add_move(g, r->from[0], r->to[0]), GRUNDY_OK);
    }
    f->fail_at = f->calls + nth;
    int rc = grundy_graph_solve(g, GRUNDY_PLAY_LOOPY);
    CHECK_EQ(rc, f->failures ? GRUNDY_ENOMEM : GRUNDY_OK);
    if (rc == GRUNDY_ENOMEM) {
        /* Nothing was kept: the next question solves (and so allocates). */
        uint32_t v;
        long calls = f->calls;
        f->fail_at = 0;
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_LOOPY, 0, &v), GRUNDY_OK);
        CHECK(f->calls > calls);
        rc = grundy_graph_solve(g, GRUNDY_PLAY_LOOPY);
        CHECK_EQ(rc, GRUNDY_OK);
    }
    f->fail_at = 0;
    uint32_t lab[MAXN];
    if (rc == GRUNDY_OK && CHECK_EQ(grundy_graph_values(g, GRUNDY_PLAY_LOOPY, 0, r->n, lab), GRUNDY_OK))
        for (uint32_t u = 0; u < r->n; u++)
            CHECK_EQ(lab[u], ref[u]);
    grundy_graph_free(g);
    return rc;
}

/* The wanted outcomes of every pair (s = x0 + n x1). */
static void pair_outcomes(const rgraph *r, int *want)
{
    product p;
    product_build(&p, r, 2);
    retrograde(&p, want);
    product_free(&p);
}

static int find_pair(const rgraph *r, const int *want, int outcome, uint32_t nodes[2])
{
    for (uint32_t s = 0; s < r->n * r->n; s++) {
        if (want[s] == outcome) {
            nodes[0] = s % r->n;
            nodes[1] = s / r->n;
            return 1;
        }
    }
    return 0;
}

/* Variants 0-2: the sum outcome of a P, an N and a D pair, on an
 * unsolved graph (so the call solves); 7: every winning move from an N pair;
 * 8: loopy_followers on an unsolved graph; 3-4: the winning move from an N and
 * a D pair, on an unsolved graph; 5: the same on a solved graph (only the
 * move search allocates); 6: loopy_followers. */
static int sc_compound(const rgraph *r, failing_alloc *f, int variant, long nth)
{
    static const int kinds[5] = {GRUNDY_P, GRUNDY_N, GRUNDY_D, GRUNDY_N, GRUNDY_D};
    int want[MAXN * MAXN];
    pair_outcomes(r, want);
    grundy_allocator a = failing_allocator(f);
    grundy_graph *g = rg_build(r, &a);
    if (g == NULL)
        return GRUNDY_ENOMEM;
    uint32_t nodes[2] = {0, 0};
    uint64_t moves[2];
    int rc;
    if (variant <= 2) {
        CHECK(find_pair(r, want, kinds[variant], nodes));
        f->fail_at = f->calls + nth;
        rc = grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 2);
        CHECK_EQ(rc, f->failures ? GRUNDY_ENOMEM : kinds[variant]);
        if (rc == GRUNDY_ENOMEM) {
            long calls = f->calls;
            f->fail_at = 0;
            rc = grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, nodes, 2);
            CHECK(f->calls > calls); /* it solves again: nothing was kept */
        }
        CHECK_EQ(rc, kinds[variant]);
    } else if (variant <= 5) {
        int kind = variant == 5 ? (nth % 2 ? GRUNDY_N : GRUNDY_D) : kinds[variant];
        CHECK(find_pair(r, want, kind, nodes));
        if (variant == 5)
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        f->fail_at = f->calls + (variant == 5 ? (nth + 1) / 2 : nth);
        rc = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 2, moves);
        CHECK_EQ(rc, f->failures ? GRUNDY_ENOMEM : 1);
        if (rc == GRUNDY_ENOMEM) {
            f->fail_at = 0;
            rc = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_LOOPY, nodes, 2, moves);
        }
        CHECK_EQ(rc, 1);
        if (rc == 1) {
            uint32_t to[2] = {nodes[0], nodes[1]}, moved = 0;
            for (int i = 0; i < 2; i++) {
                if (moves[i] == GRUNDY_NO_MOVE)
                    continue;
                moved++;
                if (CHECK(moves[i] < r->deg[nodes[i]]))
                    to[i] = r->adj[nodes[i]][moves[i]];
            }
            CHECK_EQ(moved, 1);
            CHECK_EQ(want[to[0] + r->n * to[1]], kind == GRUNDY_N ? GRUNDY_P : GRUNDY_D);
        }
    } else if (variant == 7) {
        /* Every winning move from an N pair: the list must be complete. */
        CHECK(find_pair(r, want, GRUNDY_N, nodes));
        size_t comps[2 * MAXE], count = 0, expect = 0;
        uint64_t wins[2 * MAXE];
        f->fail_at = f->calls + nth;
        FAILING_RETRY(f, rc, grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_LOOPY, nodes, 2, comps,
                                                             wins, 2 * MAXE, &count));
        CHECK_EQ(rc, GRUNDY_OK);
        for (uint32_t i = 0; i < 2; i++) {
            for (uint32_t k = 0; k < r->deg[nodes[i]]; k++) {
                uint32_t to[2] = {nodes[0], nodes[1]};
                to[i] = r->adj[nodes[i]][k];
                if (want[to[0] + r->n * to[1]] == GRUNDY_P)
                    CHECK(expect < count && comps[expect] == i && wins[expect++] == k);
            }
        }
        CHECK_EQ(count, expect);
        CHECK(expect > 0);
    } else {
        if (variant == 6)
            CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), GRUNDY_OK);
        /* A node with the most moves. */
        uint32_t u = 0;
        for (uint32_t x = 0; x < r->n; x++)
            if (r->deg[x] > r->deg[u])
                u = x;
        uint32_t got[MAXE], exp[MAXE], lab[MAXN];
        naive_gsg(r, lab);
        size_t count = 0, nexp = expected_followers(r, lab, u, exp);
        f->fail_at = f->calls + nth;
        rc = grundy_graph_loopy_followers(g, u, got, MAXE, &count);
        CHECK_EQ(rc, f->failures ? GRUNDY_ENOMEM : GRUNDY_OK);
        if (rc == GRUNDY_ENOMEM) {
            f->fail_at = 0;
            rc = grundy_graph_loopy_followers(g, u, got, MAXE, &count);
        }
        CHECK_EQ(rc, GRUNDY_OK);
        CHECK_EQ(count, nexp);
        for (size_t i = 0; i < count && i < nexp; i++)
            CHECK_EQ(got[i], exp[i]);
    }
    f->fail_at = 0;
    grundy_graph_free(g);
    return rc >= 0 ? GRUNDY_OK : rc;
}

static void test_alloc_failure(void)
{
    rgraph r;
    alloc_graph(&r);
    run_failing(&r, sc_solve, 2, "loopy solve");
    run_failing(&r, sc_compound, 9, "loopy sums");
}

int main(void)
{
    RUN(test_loopy_examples);
    RUN(test_loopy_errors);
    RUN(test_loopy_move_lookup);
    RUN(test_loopy_cancel);
    RUN(test_random_loopy);
    RUN(test_acyclic);
    RUN(test_levels_w);
    RUN(test_levels_play);
    RUN(test_levels_large);
    RUN(test_game_plays);
    RUN(test_alloc_failure);
    RUN(test_loopy_progress_within_levels);
    printf("loopy: %lu random graphs, %lu nodes (%lu finite, %lu infinite N, %lu draws), "
           "largest value %u; %lu sum positions (%lu drawn, %lu winning moves); %lu acyclic graphs\n",
           n_loopy_graphs, n_loopy_nodes, n_finite, n_inf_n, n_inf_d, max_finite, n_sum_positions,
           n_sum_d, n_loopy_wins, n_dag_graphs);
    printf("nim on levels: %lu super-heaps valued, %lu positions played; "
           "rule-defined games: %lu DAGs x 5 plays; %lu allocation failures\n",
           n_levels_w, n_levels_moves, n_game_graphs, n_alloc_failures);
    return harness_done();
}
