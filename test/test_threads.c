/* SPDX-License-Identifier: MIT */
/* Threads: two threads at once, each with its own handles, solve game graphs
 * (normal play, misère play, loopy play, misère sums by each method, moves
 * read back, graph text), evaluate rule-defined games (uint64_t and byte
 * positions, split options, a canonicalising callback, every play, winning
 * moves of sums, the graphs of positions of loopy play and misère sums),
 * compute heap games (some of the same names in both threads, with two
 * threads of their own: the experimental switches) and nimber products
 * through one grundy_nimber handle that both read, as the documentation
 * allows; and both read one solved graph at once, through the calls that
 * grundy.h (section 7) says write nothing to it, which must neither race
 * nor allocate.  Every result is compared with the same work done by one
 * thread alone.
 *
 * Then the two lanes of a heap game in the ways a busy machine makes them
 * run: made to run at every segment, with the second lane stalling now and
 * then (a short stall: the first lane computes on alone; a long one: the
 * segment ends while the second lane is still inside it), and with busy
 * threads on every processor, which deschedule either lane anywhere.  Every
 * value is compared with one thread's.
 *
 * Each thread's handles take their memory from that thread's own counting
 * allocator, which has no lock: the library must call only the allocator of
 * the handle it works on.  `make tsan` runs this test under ThreadSanitizer,
 * which fails on any data race; `make check` runs it as a plain test.
 *
 * The threads write only to their own records; all the checks (CHECK, which
 * is not thread-safe) happen in the main thread after the threads joined. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define GRUNDY_EXPERIMENTAL /* threads and period detection of heap games */
#include "grundy.h"
#include "harness.h"
#include "core/counting_alloc.h"
#include "heap/heap_game.h" /* the lanes' switches for tests */

/* ------------------------------------------------------------------------ */
/* A thread's own random numbers (splitmix64) and result digest (FNV-1a). */

typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint32_t rng_below(rng *r, uint32_t n)
{
    return (uint32_t)(rng_next(r) % n);
}

/* What a run of the work produced: one digest per kind of work, and counts
 * that show the work was really done. */
enum { W_GRAPH, W_MISERE, W_LOOPY, W_COMPOUND, W_TEXT, W_GAME, W_BYTES, W_HEAP, W_NIMBER,
       W_CLOSED, W_SHARED, W_KINDS };
static const char *const kind_name[W_KINDS] = {
    "graph", "misere", "loopy", "compound", "text", "game", "bytes", "heap", "nimber", "closed",
    "shared graph"};

typedef struct result {
    uint64_t digest[W_KINDS];
    long items[W_KINDS];
    int errors;            /* calls that failed */
    char first_error[160]; /* the first failure */
} result;

static void mix(result *res, int kind, uint64_t x)
{
    uint64_t h = res->digest[kind] ? res->digest[kind] : 0xcbf29ce484222325ull;
    for (int i = 0; i < 8; i++) {
        h ^= (x >> (8 * i)) & 0xff;
        h *= 0x100000001b3ull;
    }
    res->digest[kind] = h;
    res->items[kind]++;
}

/* Records a failed call (status < 0 where success was expected). */
static int failed(result *res, int rc, const char *what)
{
    if (rc >= 0)
        return 0;
    if (res->errors++ == 0)
        snprintf(res->first_error, sizeof res->first_error, "%s: %s", what,
                 grundy_strerror(rc));
    return 1;
}

/* ------------------------------------------------------------------------ */
/* The work. */

typedef struct work {
    uint64_t seed;             /* graphs, games and products depend on it */
    const char *const *heaps;  /* heap game names, NULL-terminated */
    const grundy_nimber *nb;   /* shared by both threads */
    grundy_graph *shared;      /* shared by both threads, solved, only read */
    int rounds;                /* how often the thread repeats the work */
    int size;                  /* scales every piece of work */
} work;

/* Random acyclic graph: moves go to lower ids; a fifth are split moves. */
static int build_graph(grundy_graph *g, rng *r, uint32_t n, int splits)
{
    int rc = grundy_graph_add_nodes(g, n, NULL);
    for (uint32_t u = 1; u < n && rc == GRUNDY_OK; u++) {
        uint32_t moves = rng_below(r, 6);
        for (uint32_t k = 0; k < moves && rc == GRUNDY_OK; k++) {
            if (splits && rng_below(r, 5) == 0) {
                uint32_t parts[3];
                uint32_t np = rng_below(r, 4);
                for (uint32_t j = 0; j < np; j++)
                    parts[j] = rng_below(r, u);
                rc = grundy_graph_add_split(g, u, np ? parts : NULL, np);
            } else {
                rc = grundy_graph_add_move(g, u, rng_below(r, u));
            }
        }
    }
    return rc;
}

/* Mixes the numbers of every node of g under play (solving it first). */
static void mix_values(grundy_graph *g, int play, uint32_t n, result *res, int kind)
{
    uint32_t *v = malloc(n * sizeof *v);
    if (v == NULL) {
        failed(res, GRUNDY_ENOMEM, "values buffer");
        return;
    }
    if (!failed(res, grundy_graph_values(g, play, 0, n, v), "graph values"))
        for (uint32_t u = 0; u < n; u++)
            mix(res, kind, v[u]);
    free(v);
}

/* Mixes the moves of a sum (one entry per component). */
static void mix_moves(result *res, int kind, int rc, const uint64_t *moves, size_t n)
{
    mix(res, kind, (uint64_t)(int64_t)rc);
    for (size_t i = 0; rc == 1 && i < n; i++)
        mix(res, kind, moves[i]);
}

/* Normal play, with split moves: values, a sum's winning moves, and the
 * moves of a few nodes read back. */
static void graph_normal(const work *w, rng *r, const grundy_allocator *a, result *res)
{
    const uint32_t n = (uint32_t)(200 * w->size);
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, a);
    if (!failed(res, rc, "graph_new") && !failed(res, build_graph(g, r, n, 1), "build") &&
        !failed(res, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), "solve")) {
        mix_values(g, GRUNDY_PLAY_NORMAL, n, res, W_GRAPH);
        uint32_t sum[3] = {rng_below(r, n), rng_below(r, n), rng_below(r, n)};
        uint64_t moves[3], wins[8];
        size_t comps[8], count = 0;
        rc = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_NORMAL, sum, 3, moves);
        if (!failed(res, rc, "sum_winning_move"))
            mix_moves(res, W_GRAPH, rc, moves, 3);
        rc = grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, sum, 3, comps, wins, 8, &count);
        if (!failed(res, rc, "sum_winning_moves")) {
            mix(res, W_GRAPH, count);
            for (size_t j = 0; j < count && j < 8; j++)
                mix(res, W_GRAPH, (uint64_t)comps[j] << 32 ^ wins[j]);
        }
        for (int i = 0; i < 3; i++) {
            uint64_t degree = 0;
            uint32_t parts[4];
            size_t np = 0;
            if (failed(res, grundy_graph_degree(g, sum[i], &degree), "degree") || degree == 0)
                continue;
            rc = grundy_graph_move(g, sum[i], degree - 1, parts, 4, &np);
            if (!failed(res, rc, "move"))
                mix(res, W_GRAPH, degree << 40 ^ np << 32 ^ (np ? parts[0] : 0));
        }
    }
    grundy_graph_free(g);
}

/* Misère play, and misère sums by each method the library picks or is
 * told to use, without splits. */
static void graph_misere(const work *w, rng *r, const grundy_allocator *a, result *res)
{
    const uint32_t n = (uint32_t)(200 * w->size);
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, a);
    if (!failed(res, rc, "graph_new") && !failed(res, build_graph(g, r, n, 0), "build") &&
        !failed(res, grundy_graph_solve(g, GRUNDY_PLAY_MISERE), "solve misere")) {
        mix_values(g, GRUNDY_PLAY_MISERE, n, res, W_MISERE);
        const int search = GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH;
        for (int i = 0; i < 3 * w->size; i++) {
            uint32_t nodes[3] = {rng_below(r, 24), rng_below(r, 24), rng_below(r, 24)};
            uint64_t moves[3];
            size_t count = 0;
            rc = grundy_graph_sum_outcome(g, search, nodes, 3);
            if (!failed(res, rc, "sum_outcome misere"))
                mix(res, W_COMPOUND, (uint64_t)rc);
            rc = grundy_graph_sum_winning_move(g, search, nodes, 3, moves);
            if (!failed(res, rc, "sum_winning_move misere"))
                mix_moves(res, W_COMPOUND, rc, moves, 3);
            rc = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, nodes, 3);
            if (!failed(res, rc, "sum_outcome misere, picked"))
                mix(res, W_COMPOUND, (uint64_t)rc << 16 ^ (uint64_t)grundy_graph_last_method(g));
            rc = grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_MISERE, nodes, 3, NULL, moves, 3,
                                                &count);
            if (!failed(res, rc, "sum_winning_moves misere"))
                mix(res, W_COMPOUND, count);
        }
    }
    grundy_graph_free(g);
}

/* Loopy play: moves to any node, so cycles and draws. */
static void graph_loopy(const work *w, rng *r, const grundy_allocator *a, result *res)
{
    const uint32_t m = (uint32_t)(200 * w->size) / 8;
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, a);
    if (failed(res, rc, "graph_new"))
        return;
    rc = grundy_graph_add_nodes(g, m, NULL);
    for (uint32_t u = 0; u < m && rc == GRUNDY_OK; u++) {
        uint32_t moves = rng_below(r, 4);
        for (uint32_t k = 0; k < moves && rc == GRUNDY_OK; k++)
            rc = grundy_graph_add_move(g, u, rng_below(r, m));
    }
    if (!failed(res, rc, "loopy build") &&
        !failed(res, grundy_graph_solve(g, GRUNDY_PLAY_LOOPY), "solve loopy")) {
        for (uint32_t u = 0; u < m; u++) {
            uint32_t v;
            if (!failed(res, grundy_graph_value(g, GRUNDY_PLAY_LOOPY, u, &v), "loopy value"))
                mix(res, W_LOOPY, v);
            mix(res, W_LOOPY, (uint64_t)grundy_graph_outcome(g, GRUNDY_PLAY_LOOPY, u));
        }
    }
    grundy_graph_free(g);
}

/* Graph text, and its parse errors. */
static void graph_text(const grundy_allocator *a, result *res)
{
    char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "# a chain\n%u %u\n", 100u, 99u);
    for (uint32_t u = 1; u < 100; u++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%u %u\n", u, u - 1);
    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, a);
    if (!failed(res, rc, "graph_new") && !failed(res, grundy_graph_parse(g, text, len), "parse") &&
        !failed(res, grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), "solve text")) {
        uint32_t v;
        if (!failed(res, grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 99, &v), "value"))
            mix(res, W_TEXT, v);
    }
    grundy_graph_free(g);
    g = NULL;
    rc = grundy_graph_new(&g, a);
    if (!failed(res, rc, "graph_new")) {
        rc = grundy_graph_parse(g, "3 1\n0 7\n", 8);
        mix(res, W_TEXT, (uint64_t)(int64_t)rc);
        mix(res, W_TEXT, grundy_graph_errpos(g));
        mix(res, W_TEXT, strlen(grundy_graph_errmsg(g)));
    }
    grundy_graph_free(g);
}

static void graph_work(const work *w, rng *r, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    graph_normal(w, r, &a, res);
    graph_misere(w, r, &a, res);
    graph_loopy(w, r, &a, res);
    graph_text(&a, res);
}

/* A heap of n: take 1 to `take` tokens, or (with splits) split into two
 * unequal heaps (Grundy's game). */
typedef struct heap_rules {
    uint64_t take;
    int splits;
} heap_rules;

static int heap_moves(void *user, uint64_t n, grundy_options *out)
{
    const heap_rules *h = user;
    int rc = GRUNDY_OK;
    for (uint64_t k = 1; k <= h->take && k <= n && rc == GRUNDY_OK; k++) {
        uint64_t left = n - k;
        rc = grundy_options_add(out, &left, 1);
    }
    for (uint64_t a = 1; h->splits && 2 * a < n && rc == GRUNDY_OK; a++) {
        const uint64_t parts[2] = {a, n - a};
        rc = grundy_options_add(out, parts, 2);
    }
    return rc;
}

/* Two heaps in one byte position; take 1 or 2 from either (values (a%3)^(b%3)). */
static int pair_moves(void *user, const void *pos, grundy_options *out)
{
    (void)user;
    uint32_t p[2];
    memcpy(p, pos, sizeof p);
    int rc = GRUNDY_OK;
    for (int i = 0; i < 2; i++)
        for (uint32_t k = 1; k <= 2 && k <= p[i] && rc == GRUNDY_OK; k++) {
            uint32_t q[2] = {p[0], p[1]};
            q[i] -= k;
            rc = grundy_options_add(out, q, 1);
        }
    return rc;
}

static void pair_canon(void *user, void *pos)
{
    (void)user;
    uint32_t p[2];
    memcpy(p, pos, sizeof p);
    if (p[0] > p[1]) {
        uint32_t t = p[0];
        p[0] = p[1];
        p[1] = t;
        memcpy(pos, p, sizeof p);
    }
}

/* A game of heap_moves under rules (which must outlive it), or NULL (recorded). */
static grundy_game *rules_game(heap_rules *rules, const grundy_allocator *a, result *res)
{
    grundy_game *game = NULL;
    if (failed(res, grundy_game_new_u64(&game, heap_moves, rules, a), "game_new_u64"))
        return NULL;
    return game;
}

/* Normal play with split options: values, and winning moves of sums read
 * back with grundy_game_move(). */
static void game_splits(const work *w, rng *r, const grundy_allocator *a, result *res)
{
    heap_rules rules = {1 + rng_next(r) % 4, 1};
    grundy_game *game = rules_game(&rules, a, res);
    if (game == NULL)
        return;
    int rc;
    const uint64_t top = (uint64_t)(60 * w->size);
    for (uint64_t n = 0; n < top; n++) {
        uint32_t v;
        if (!failed(res, grundy_game_value(game, GRUNDY_PLAY_NORMAL, &n, &v), "game_value"))
            mix(res, W_GAME, v);
    }
    for (int i = 0; i < 10; i++) {
        uint64_t sum[3] = {rng_next(r) % top, rng_next(r) % top, rng_next(r) % top};
        uint64_t moves[3], parts[2] = {0, 0};
        size_t np = 0;
        rc = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, sum, 3, moves);
        if (failed(res, rc, "game winning move"))
            continue;
        mix_moves(res, W_GAME, rc, moves, 3);
        for (size_t c = 0; rc == 1 && c < 3; c++) {
            if (moves[c] == GRUNDY_NO_MOVE)
                continue;
            if (!failed(res, grundy_game_move(game, &sum[c], moves[c], parts, 2, &np), "game move"))
                mix(res, W_GAME, parts[0] << 24 ^ parts[1] ^ (uint64_t)np << 60);
        }
    }
    uint64_t positions = 0;
    grundy_game_stats(game, &positions, NULL);
    mix(res, W_GAME, positions);
    grundy_game_free(game);
}

/* Without splits: the plays that build the graph of positions (loopy
 * values, misère sums) and the plays evaluated position by position. */
static void game_plays(const work *w, rng *r, const grundy_allocator *a, result *res)
{
    heap_rules rules = {1 + rng_next(r) % 4, 0};
    grundy_game *game = rules_game(&rules, a, res);
    if (game == NULL)
        return;
    int rc;
    const uint64_t top = (uint64_t)(20 * w->size);
    for (int play = GRUNDY_PLAY_NORMAL; play <= GRUNDY_PLAY_SHORTENED; play++) {
        for (int i = 0; i < 4; i++) {
            const uint64_t x = rng_next(r) % top;
            uint32_t v;
            if (!failed(res, grundy_game_value(game, play, &x, &v), "game value, a play"))
                mix(res, W_GAME, (uint64_t)play << 32 ^ v);
        }
    }
    for (int i = 0; i < 4; i++) {
        const uint64_t sum[2] = {rng_next(r) % top, rng_next(r) % top};
        uint64_t moves[2];
        rc = grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, sum, 2);
        if (!failed(res, rc, "game misere sum"))
            mix(res, W_GAME, (uint64_t)rc << 8 ^ (uint64_t)grundy_game_last_method(game));
        rc = grundy_game_sum_winning_move(game, GRUNDY_PLAY_MISERE, sum, 2, moves);
        if (!failed(res, rc, "game misere move"))
            mix_moves(res, W_GAME, rc, moves, 2);
    }
    grundy_game_free(game);
}

static void game_work(const work *w, rng *r, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    game_splits(w, r, &a, res);
    game_plays(w, r, &a, res);

    grundy_game *game = NULL;
    int rc = grundy_game_new(&game, 2 * sizeof(uint32_t), pair_moves, NULL, &a);
    if (!failed(res, rc, "game_new") && !failed(res, grundy_game_set_canon(game, pair_canon), "canon")) {
        for (int i = 0; i < 20 * w->size; i++) {
            uint32_t p[2] = {rng_below(r, 300), rng_below(r, 300)};
            uint32_t v;
            if (!failed(res, grundy_game_value(game, GRUNDY_PLAY_NORMAL, p, &v), "pair value"))
                mix(res, W_BYTES, v ^ (uint32_t)(v != ((p[0] % 3) ^ (p[1] % 3))) << 8);
        }
    }
    grundy_game_free(game);
}

/* A heap game under a with the rules `name`, or NULL (recorded). */
static grundy_heap_game *heap_game(const grundy_allocator *a, const char *name, result *res)
{
    grundy_heap_game *h = NULL;
    if (failed(res, grundy_heap_game_new(&h, a), "heap_game_new"))
        return NULL;
    if (failed(res, grundy_heap_game_parse(h, name, strlen(name)), name)) {
        grundy_heap_game_free(h);
        return NULL;
    }
    return h;
}

/* A sum of three heaps: its winning move, read back, and every winning move. */
static void heap_moves_of(grundy_heap_game *h, result *res)
{
    const uint64_t heaps[3] = {17, 23, 40};
    uint64_t moves[3], left[3] = {0, 0, 0}, wins[8];
    size_t nleft = 0, comps[8], count = 0;
    int rc = grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, 3, moves);
    if (failed(res, rc, "heap winning move"))
        return;
    mix_moves(res, W_HEAP, rc, moves, 3);
    for (size_t i = 0; rc == 1 && i < 3; i++) {
        if (moves[i] != GRUNDY_NO_MOVE &&
            !failed(res, grundy_heap_game_move(h, heaps[i], moves[i], left, 3, &nleft), "heap move"))
            mix(res, W_HEAP, left[0] << 40 ^ left[1] << 20 ^ left[2] ^ (uint64_t)nleft << 60);
    }
    rc = grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, 3, comps, wins, 8, &count);
    if (!failed(res, rc, "heap winning moves")) {
        mix(res, W_HEAP, count);
        for (size_t j = 0; j < count && j < 8; j++)
            mix(res, W_HEAP, (uint64_t)comps[j] << 32 ^ wins[j]);
    }
}

/* A name that cannot be read: the status, where, and the message's length. */
static void heap_bad_name(const grundy_allocator *a, result *res)
{
    grundy_heap_game *h = NULL;
    if (failed(res, grundy_heap_game_new(&h, a), "heap_game_new"))
        return;
    mix(res, W_HEAP, (uint64_t)(int64_t)grundy_heap_game_parse(h, "0.9z", 4));
    mix(res, W_HEAP, grundy_heap_game_errpos(h));
    mix(res, W_HEAP, strlen(grundy_heap_game_errmsg(h)));
    grundy_heap_game_free(h);
}

static void heap_work(const work *w, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    uint32_t *v = malloc(9000 * sizeof *v);
    if (v == NULL) {
        failed(res, GRUNDY_ENOMEM, "values buffer");
        return;
    }
    for (const char *const *name = w->heaps; *name != NULL; name++) {
        grundy_heap_game *h = heap_game(&a, *name, res);
        if (h == NULL)
            continue;
        /* Two lanes inside each heap game as well: threads within threads. */
        grundy_heap_game_set_threads(h, 2);
        size_t count = (size_t)(150 * w->size);
        if (!failed(res, grundy_heap_game_compute(h, count), "heap compute") &&
            !failed(res, grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 0, count, v), "heap values"))
            for (size_t n = 0; n < count; n++)
                mix(res, W_HEAP, v[n]);
        uint64_t period = 0, pre = 0;
        int rc = grundy_heap_game_period(h, 3000, &period, &pre);
        if (!failed(res, rc, "heap period"))
            mix(res, W_HEAP, (uint64_t)rc << 62 ^ period << 32 ^ pre);
        heap_moves_of(h, res);
        grundy_heap_game_free(h);
        heap_bad_name(&a, res);
    }
    /* Far enough for the two lanes to run (they start at 4096 values). */
    grundy_heap_game *h = heap_game(&a, "grundy", res);
    if (h != NULL) {
        grundy_heap_game_set_period_detection(h, 0);
        grundy_heap_game_set_threads(h, 2);
        if (!failed(res, grundy_heap_game_compute(h, 9000), "heap lanes compute")) {
            for (uint64_t n = 4000; n < 9000; n++) {
                uint32_t x;
                if (!failed(res, grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &x),
                            "heap lanes value"))
                    mix(res, W_HEAP, x);
            }
        }
        grundy_heap_game_free(h);
    }
    free(v);
}

static void nimber_work(const work *w, rng *r, result *res)
{
    for (int i = 0; i < 4000 * w->size; i++) {
        uint64_t x = rng_next(r), y = rng_next(r) >> rng_below(r, 64);
        mix(res, W_NIMBER, grundy_nimber_mul(w->nb, x, y));
        if (i % 64 == 0) {
            uint64_t inv = 0;
            if (!failed(res, grundy_nimber_inv(w->nb, x | 1, &inv), "nim_inv"))
                mix(res, W_NIMBER, inv);
            mix(res, W_NIMBER, grundy_nimber_pow(w->nb, x, y & 0xffff));
        }
        if (i % 512 == 0) /* the table-free method too */
            mix(res, W_NIMBER, grundy_nimber_mul(NULL, x, y));
    }
}

/* The plays the shared graph is solved for. */
static const int shared_plays[] = {
    GRUNDY_PLAY_NORMAL,    GRUNDY_PLAY_MISERE,    GRUNDY_PLAY_WTIA,      GRUNDY_PLAY_CONJUNCTIVE,
    GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE, GRUNDY_PLAY_SHORTENED, GRUNDY_PLAY_LOOPY};
#define SHARED_PLAYS (sizeof shared_plays / sizeof shared_plays[0])

/* The calls section 7 of grundy.h lets threads make at once on a solved
 * graph, each with valid arguments. */
static void shared_work(const work *w, rng *r, result *res)
{
    grundy_graph *g = w->shared;
    const uint32_t n = grundy_graph_node_count(g);
    uint32_t vals[16];
    if (!failed(res, grundy_graph_values(g, GRUNDY_PLAY_NORMAL, n - 16, 16, vals), "values"))
        for (int j = 0; j < 16; j++)
            mix(res, W_SHARED, vals[j]);
    for (int i = 0; i < 40 * w->size; i++) {
        const uint32_t sum[3] = {rng_below(r, n), rng_below(r, n), rng_below(r, n)};
        uint64_t moves[3], wins[8], degree = 0;
        uint32_t v = 0, parts[1], gamma[4];
        size_t comps[8], count = 0, np = 0;
        int rc, tame = 0;
        for (size_t p = 0; p < SHARED_PLAYS; p++) {
            const int play = shared_plays[p];
            if (!failed(res, grundy_graph_value(g, play, sum[0], &v), "shared value"))
                mix(res, W_SHARED, v);
            rc = grundy_graph_outcome(g, play, sum[1]);
            if (!failed(res, rc, "shared outcome"))
                mix(res, W_SHARED, (uint64_t)rc);
            if (play == GRUNDY_PLAY_MISERE)
                continue; /* misère sums write to the graph */
            rc = grundy_graph_sum_outcome(g, play, sum, 3);
            if (!failed(res, rc, "shared sum_outcome"))
                mix(res, W_SHARED, (uint64_t)rc);
            if (play == GRUNDY_PLAY_LOOPY)
                continue; /* loopy winning moves allocate */
            rc = grundy_graph_sum_winning_move(g, play, sum, 3, moves);
            if (!failed(res, rc, "shared sum_winning_move"))
                mix_moves(res, W_SHARED, rc, moves, 3);
        }
        if (!failed(res, grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, sum, 3, &v), "sum_value"))
            mix(res, W_SHARED, v);
        rc = grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, sum, 3, comps, wins, 8, &count);
        if (!failed(res, rc, "shared sum_winning_moves")) {
            mix(res, W_SHARED, count);
            for (size_t j = 0; j < count && j < 8; j++)
                mix(res, W_SHARED, (uint64_t)comps[j] << 32 ^ wins[j]);
        }
        if (!failed(res, grundy_graph_degree(g, sum[2], &degree), "shared degree") &&
            degree > 0) {
            rc = grundy_graph_move(g, sum[2], degree - 1, parts, 1, &np);
            if (!failed(res, rc, "shared move"))
                mix(res, W_SHARED, degree << 40 ^ np << 32 ^ parts[0]);
        }
        rc = grundy_graph_genus(g, sum[0], gamma, 4, &tame);
        if (!failed(res, rc, "shared genus"))
            mix(res, W_SHARED, (uint64_t)gamma[0] << 40 ^ (uint64_t)gamma[3] << 8 ^ (uint64_t)tame);
    }
    mix(res, W_SHARED, grundy_graph_move_count(g));
    mix(res, W_SHARED, (uint64_t)grundy_graph_last_method(g));
}

/* The shared graph: acyclic, without split moves (so that every play
 * applies), solved for every play of shared_plays and its genus computed. */
static grundy_graph *shared_graph(const grundy_allocator *a, int size)
{
    grundy_graph *g = NULL;
    rng r = {0x5eedu};
    if (!CHECK_EQ(grundy_graph_new(&g, a), GRUNDY_OK))
        return NULL;
    int ok = CHECK_EQ(build_graph(g, &r, (uint32_t)(300 * size), 0), GRUNDY_OK);
    for (size_t p = 0; ok && p < SHARED_PLAYS; p++)
        ok = CHECK_EQ(grundy_graph_solve(g, shared_plays[p]), GRUNDY_OK);
    uint32_t gamma[1];
    ok = ok && CHECK_EQ(grundy_graph_genus(g, 0, gamma, 1, NULL), GRUNDY_OK);
    if (!ok) {
        grundy_graph_free(g);
        return NULL;
    }
    return g;
}

static void closed_work(rng *r, result *res)
{
    for (int i = 0; i < 200; i++) {
        uint64_t heaps[4], moves[4], v = 0;
        for (int j = 0; j < 4; j++)
            heaps[j] = rng_next(r) % 1000;
        int rc = grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, heaps, 4, moves);
        mix_moves(res, W_CLOSED, rc, moves, 4);
        mix(res, W_CLOSED, (uint64_t)grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, heaps, 4));
        rc = grundy_bounded_nim_value(heaps[1] % 7 + 1, GRUNDY_PLAY_NORMAL, heaps[0], &v);
        if (!failed(res, rc, "bounded_nim_value"))
            mix(res, W_CLOSED, v);
        mix(res, W_CLOSED, strlen(grundy_strerror(-(int)(i % 11))));
    }
    mix(res, W_CLOSED, strlen(grundy_version()));
}

/* ------------------------------------------------------------------------ */
/* Two lanes of a heap game, made to meet a busy machine. */

typedef struct lanes_case {
    const char *name;
    uint64_t count;
} lanes_case;

typedef struct lanes_way {
    const char *what;
    uint64_t stall_every; /* lane 1 stalls at heaps that are multiples (0: never) */
    double stall_s;
    int busy;             /* busy threads beside, one per processor and one more */
} lanes_way;

static volatile int busy_stop;

static void *busy_main(void *arg)
{
    (void)arg;
    while (!__atomic_load_n(&busy_stop, __ATOMIC_RELAXED))
        ;
    return NULL;
}

/* G(0 .. count) of `name` on one thread, or NULL. */
static uint32_t *lanes_reference(const lanes_case *c)
{
    grundy_heap_game *h = NULL;
    uint32_t *v = malloc(c->count * sizeof *v);
    int ok = v != NULL && CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK) &&
             CHECK_EQ(grundy_heap_game_parse(h, c->name, strlen(c->name)), GRUNDY_OK);
    if (ok) {
        grundy_heap_game_set_period_detection(h, 0);
        ok = CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 0, c->count, v), GRUNDY_OK);
    }
    grundy_heap_game_free(h);
    if (!ok) {
        free(v);
        return NULL;
    }
    return v;
}

/* The same values on two lanes made to run at every segment, computed in
 * two pieces (the lanes start again in the middle of the table). */
static void lanes_check(const lanes_case *c, const lanes_way *w, const uint32_t *want)
{
    grundy_heap_game *h = NULL;
    counting_alloc ca = {0};
    const grundy_allocator a = counting_allocator(&ca);
    if (!CHECK_EQ(grundy_heap_game_new(&h, &a), GRUNDY_OK))
        return;
    uint32_t *got = malloc(c->count * sizeof *got);
    if (CHECK(got != NULL) &&
        CHECK_EQ(grundy_heap_game_parse(h, c->name, strlen(c->name)), GRUNDY_OK)) {
        grundy_heap_game_set_period_detection(h, 0);
        grundy_heap_game_set_threads(h, 2);
        h->lanes_always = 1;
        h->stall_every = w->stall_every;
        h->stall_s = w->stall_s;
        CHECK_EQ(grundy_heap_game_compute(h, c->count / 2 + 7), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 0, c->count, got), GRUNDY_OK);
        CHECK(h->lane[1].want != NULL); /* lane 1 had its scratch: lanes ran */
        uint64_t first = 0;
        while (first < c->count && got[first] == want[first])
            first++;
        if (!CHECK_EQ(first, c->count))
            fprintf(stderr, "%s, %s: two lanes differ first at %llu\n", c->name, w->what,
                    (unsigned long long)first);
    }
    free(got);
    grundy_heap_game_free(h);
    CHECK_EQ(ca.live, 0);
    CHECK_EQ(ca.bad_free, 0);
}

static void lanes_tests(void)
{
    const int quick = harness_quick();
    /* Sparse and plain, values that outgrow a byte (0.6 passes 255 at
     * 10344: lanes stop for room), removals leaving one heap (4.07, lasker)
     * and values of a few nanoseconds (sub:1,3,4). */
    const lanes_case cases[] = {
        {"grundy", quick ? 9000 : 20000}, {"0.6", quick ? 11000 : 14000},
        {"4.07", quick ? 9000 : 14000},   {"lasker", quick ? 9000 : 12000},
        {"0.137", quick ? 9000 : 14000},  {"0.37", quick ? 9000 : 14000},
    };
    const lanes_way ways[] = {
        {"running freely", 0, 0.0, 0},
        {"lane 1 stalling briefly", 97, 300e-6, 0},
        {"lane 1 stalling past segments", 4099, 20e-3, 0},
        {"busy threads beside", 0, 0.0, 1},
    };
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int nbusy = cpus > 0 && cpus < 16 ? (int)cpus + 1 : 3;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint32_t *want = lanes_reference(&cases[i]);
        if (want == NULL)
            continue;
        for (size_t k = 0; k < sizeof ways / sizeof ways[0]; k++) {
            /* Quick, busy threads beside every second case only (under
             * Valgrind, which runs one thread at a time, they spin through
             * most of the time). */
            if (quick && ways[k].busy && i % 2 == 1)
                continue;
            pthread_t busy[16];
            int started = 0;
            __atomic_store_n(&busy_stop, 0, __ATOMIC_RELAXED);
            for (int b = 0; ways[k].busy && b < nbusy; b++)
                started += pthread_create(&busy[started], NULL, busy_main, NULL) == 0;
            lanes_check(&cases[i], &ways[k], want);
            __atomic_store_n(&busy_stop, 1, __ATOMIC_RELAXED);
            for (int b = 0; b < started; b++)
                pthread_join(busy[b], NULL);
        }
        free(want);
    }
}

/* ------------------------------------------------------------------------ */
/* Two threads, in step. */

/* A barrier for the threads (pthread_barrier_t is optional in POSIX).  The
 * threads meet at it between the kinds of work, so that both do the same
 * kind at the same time: ThreadSanitizer reports a race only while it still
 * holds the history of both accesses, so racing accesses should be close. */
typedef struct gate {
    pthread_mutex_t lock;
    pthread_cond_t open;
    int waiting, parties;
    unsigned long generation;
} gate;

static void gate_wait(gate *g)
{
    if (g == NULL)
        return;
    pthread_mutex_lock(&g->lock);
    unsigned long gen = g->generation;
    if (++g->waiting == g->parties) {
        g->waiting = 0;
        g->generation++;
        pthread_cond_broadcast(&g->open);
    } else {
        while (gen == g->generation)
            pthread_cond_wait(&g->open, &g->lock);
    }
    pthread_mutex_unlock(&g->lock);
}

/* One round of everything, from the work's seed; with a gate, in step. */
static void do_work(const work *w, counting_alloc *ca, result *res, gate *g)
{
    rng r = {w->seed};
    gate_wait(g);
    graph_work(w, &r, ca, res);
    gate_wait(g);
    game_work(w, &r, ca, res);
    gate_wait(g);
    heap_work(w, ca, res);
    gate_wait(g);
    nimber_work(w, &r, res);
    gate_wait(g);
    closed_work(&r, res);
    gate_wait(g);
    shared_work(w, &r, res);
}

typedef struct thread_arg {
    const work *w;
    result res[4];      /* one per round (at most 4) */
    counting_alloc ca;  /* this thread's allocator */
    gate *g;
} thread_arg;

static void *thread_main(void *p)
{
    thread_arg *t = p;
    for (int i = 0; i < t->w->rounds; i++)
        do_work(t->w, &t->ca, &t->res[i], t->g);
    return NULL;
}

static void compare(const char *who, const result *got, const result *want)
{
    if (!CHECK_EQ(got->errors, 0))
        fprintf(stderr, "%s: %d failed calls, first %s\n", who, got->errors, got->first_error);
    for (int k = 0; k < W_KINDS; k++) {
        if (!CHECK(got->digest[k] == want->digest[k]) || !CHECK_EQ(got->items[k], want->items[k]))
            fprintf(stderr, "%s: %s results differ from one thread alone\n", who, kind_name[k]);
        CHECK(got->items[k] > 0);
    }
}

int main(void)
{
    if (!harness_selected("test_threads"))
        return harness_done();
    const int quick = harness_quick();
    grundy_nimber *nb = NULL;
    CHECK_EQ(grundy_nimber_new(&nb, NULL), GRUNDY_OK);
    if (nb == NULL)
        return harness_done();

    static const char *const heaps_a[] = {"0.77", "0.137", "grundy", "sub:1,3,4", NULL};
    static const char *const heaps_b[] = {"0.77", "4.07", "lasker", "0.6", "sub:2,5,7", NULL};
    const int size = quick ? 2 : 6;
    const int rounds = quick ? 2 : 4;
    /* The shared graph takes its memory from an allocator of its own (with
     * no lock): reading it must not allocate at all. */
    counting_alloc shared_ca = {0};
    const grundy_allocator shared_alloc = counting_allocator(&shared_ca);
    grundy_graph *shared = shared_graph(&shared_alloc, size);
    if (shared == NULL) {
        grundy_nimber_free(nb);
        return harness_done();
    }
    const long shared_calls = shared_ca.calls;
    const work works[2] = {
        {0x1234u, heaps_a, nb, shared, rounds, size},
        {0xabcdu, heaps_b, nb, shared, rounds, size},
    };

    /* The same work, one thread alone: the reference. */
    result want[2];
    memset(want, 0, sizeof want);
    for (int i = 0; i < 2; i++) {
        counting_alloc ca = {0};
        do_work(&works[i], &ca, &want[i], NULL);
        CHECK_EQ(want[i].errors, 0);
        if (want[i].errors > 0)
            fprintf(stderr, "one thread: %s\n", want[i].first_error);
        CHECK_EQ(ca.live, 0);
        CHECK_EQ(ca.bad_free, 0);
    }

    /* Both at once, twice over: the same work in both threads, then each its own. */
    for (int pass = 0; pass < 2; pass++) {
        gate g = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 2, 0};
        static thread_arg args[2];
        pthread_t tid[2];
        int ok[2] = {0, 0};
        for (int i = 0; i < 2; i++) {
            memset(&args[i], 0, sizeof args[i]);
            args[i].w = &works[pass == 0 ? 0 : i];
            args[i].g = &g;
            ok[i] = CHECK_EQ(pthread_create(&tid[i], NULL, thread_main, &args[i]), 0);
        }
        if (!ok[0] || !ok[1]) /* the other thread would wait at the gate forever */
            return harness_done();
        for (int i = 0; i < 2; i++) {
            CHECK_EQ(pthread_join(tid[i], NULL), 0);
            char who[64];
            for (int k = 0; k < args[i].w->rounds; k++) {
                snprintf(who, sizeof who, "pass %d thread %d round %d", pass, i, k);
                compare(who, &args[i].res[k], &want[pass == 0 ? 0 : i]);
            }
            CHECK_EQ(args[i].ca.live, 0);
            CHECK_EQ(args[i].ca.blocks, 0);
            CHECK_EQ(args[i].ca.bad_free, 0);
            CHECK(args[i].ca.calls > 0);
        }
    }
    CHECK_EQ(shared_ca.calls, shared_calls); /* reading allocated nothing */
    grundy_graph_free(shared);
    CHECK_EQ(shared_ca.live, 0);
    grundy_nimber_free(nb);
    RUN(lanes_tests);
    return harness_done();
}
