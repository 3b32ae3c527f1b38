/* Threads: two threads at once, each with its own handles, solve game graphs
 * (normal play, misère play, loopy play, misère compounds, graph text),
 * evaluate rule-defined games (uint64_t and byte positions, split options, a
 * canonicalising callback, winning moves of sums), compute heap games (some
 * of the same names in both threads) and nimber products through one
 * grundy_nimber handle that both read, as the documentation allows.  Every
 * result is compared with the same work done by one thread alone.
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

#include "grundy.h"
#include "harness.h"
#include "core/counting_alloc.h"

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
       W_CLOSED, W_KINDS };
static const char *const kind_name[W_KINDS] = {
    "graph", "misere", "loopy", "compound", "text", "game", "bytes", "heap", "nimber", "closed"};

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

static void graph_work(const work *w, rng *r, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    const uint32_t n = (uint32_t)(200 * w->size);
    grundy_graph *g = NULL;

    /* Normal play, with split moves; a sum and its winning move. */
    int rc = grundy_graph_new_with(&g, &a);
    if (!failed(res, rc, "graph_new") && !failed(res, build_graph(g, r, n, 1), "build") &&
        !failed(res, grundy_graph_solve(g), "solve")) {
        const uint32_t *v = grundy_graph_values(g);
        for (uint32_t u = 0; u < n; u++)
            mix(res, W_GRAPH, v[u]);
        uint32_t sum[3] = {rng_below(r, n), rng_below(r, n), rng_below(r, n)}, move = 0;
        size_t comp = 0;
        rc = grundy_graph_sum_winning_move(g, sum, 3, &comp, &move);
        if (!failed(res, rc, "sum_winning_move"))
            mix(res, W_GRAPH, (uint64_t)rc << 40 | (uint64_t)comp << 32 | move);
    }
    grundy_graph_free(g);

    /* Misère play and misère compounds, without splits. */
    g = NULL;
    rc = grundy_graph_new_with(&g, &a);
    if (!failed(res, rc, "graph_new") && !failed(res, build_graph(g, r, n, 0), "build") &&
        !failed(res, grundy_graph_solve_play(g, GRUNDY_PLAY_MISERE), "solve_play misere")) {
        const uint32_t *v = grundy_graph_play_values(g, GRUNDY_PLAY_MISERE);
        for (uint32_t u = 0; u < n; u++)
            mix(res, W_MISERE, v[u]);
        for (int i = 0; i < 3 * w->size; i++) {
            uint32_t nodes[3] = {rng_below(r, 24), rng_below(r, 24), rng_below(r, 24)};
            uint32_t moves[3];
            rc = grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, nodes, 3);
            if (!failed(res, rc, "compound_outcome misere"))
                mix(res, W_COMPOUND, (uint64_t)rc);
            rc = grundy_graph_compound_move(g, GRUNDY_SUM_MISERE, nodes, 3, moves);
            if (!failed(res, rc, "compound_move misere"))
                mix(res, W_COMPOUND, (uint64_t)moves[0] << 32 ^ (uint64_t)moves[1] << 16 ^ moves[2]);
        }
    }
    grundy_graph_free(g);

    /* Loopy play: moves to any node, so cycles and draws. */
    g = NULL;
    rc = grundy_graph_new_with(&g, &a);
    if (!failed(res, rc, "graph_new")) {
        const uint32_t m = n / 8;
        rc = grundy_graph_add_nodes(g, m, NULL);
        for (uint32_t u = 0; u < m && rc == GRUNDY_OK; u++) {
            uint32_t moves = rng_below(r, 4);
            for (uint32_t k = 0; k < moves && rc == GRUNDY_OK; k++)
                rc = grundy_graph_add_move(g, u, rng_below(r, m));
        }
        if (!failed(res, rc, "loopy build") &&
            !failed(res, grundy_graph_solve_play(g, GRUNDY_PLAY_LOOPY), "solve_play loopy")) {
            for (uint32_t u = 0; u < m; u++) {
                uint32_t v;
                if (!failed(res, grundy_graph_play_value(g, GRUNDY_PLAY_LOOPY, u, &v), "loopy value"))
                    mix(res, W_LOOPY, v);
                mix(res, W_LOOPY, (uint64_t)grundy_graph_play_outcome(g, GRUNDY_PLAY_LOOPY, u));
            }
        }
    }
    grundy_graph_free(g);

    /* Graph text, and its parse errors. */
    char text[4096];
    size_t len = (size_t)snprintf(text, sizeof text, "# a chain\n%u %u\n", 100u, 99u);
    for (uint32_t u = 1; u < 100; u++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%u %u\n", u, u - 1);
    g = NULL;
    rc = grundy_graph_new_with(&g, &a);
    if (!failed(res, rc, "graph_new") && !failed(res, grundy_graph_parse(g, text, len), "parse") &&
        !failed(res, grundy_graph_solve(g), "solve text")) {
        uint32_t v;
        if (!failed(res, grundy_graph_value(g, 99, &v), "value"))
            mix(res, W_TEXT, v);
    }
    grundy_graph_free(g);
    g = NULL;
    rc = grundy_graph_new_with(&g, &a);
    if (!failed(res, rc, "graph_new")) {
        rc = grundy_graph_parse(g, "3 1\n0 7\n", 8);
        mix(res, W_TEXT, (uint64_t)(int64_t)rc);
        mix(res, W_TEXT, grundy_graph_errline(g));
        mix(res, W_TEXT, strlen(grundy_graph_errmsg(g)));
    }
    grundy_graph_free(g);
}

/* A heap of n: take 1 to `take` tokens, or split into two unequal heaps
 * (Grundy's game); a heap of at most `take` may also vanish into nothing. */
typedef struct heap_rules {
    uint64_t take;
} heap_rules;

static int heap_moves(void *user, uint64_t n, grundy_options *out)
{
    const heap_rules *h = user;
    int rc = GRUNDY_OK;
    for (uint64_t k = 1; k <= h->take && k <= n && rc == GRUNDY_OK; k++) {
        uint64_t left = n - k;
        rc = grundy_options_add_u64(out, &left, 1);
    }
    for (uint64_t a = 1; 2 * a < n && rc == GRUNDY_OK; a++) {
        const uint64_t parts[2] = {a, n - a};
        rc = grundy_options_add_u64(out, parts, 2);
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

static void game_work(const work *w, rng *r, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    heap_rules rules = {1 + rng_next(r) % 4};
    grundy_game *game = NULL;
    int rc = grundy_game_new_u64(&game, heap_moves, &rules, &a);
    if (!failed(res, rc, "game_new_u64")) {
        const uint64_t top = (uint64_t)(60 * w->size);
        for (uint64_t n = 0; n < top; n++) {
            uint32_t v;
            if (!failed(res, grundy_game_value_u64(game, n, &v), "game_value"))
                mix(res, W_GAME, v);
        }
        for (int i = 0; i < 10; i++) {
            uint64_t sum[3] = {rng_next(r) % top, rng_next(r) % top, rng_next(r) % top};
            uint64_t parts[2] = {0, 0};
            uint32_t np = 0;
            size_t comp = 0;
            rc = grundy_game_sum_winning_move_u64(game, sum, 3, &comp, parts, 2, &np);
            if (!failed(res, rc, "game winning move"))
                mix(res, W_GAME, (uint64_t)rc << 60 ^ comp << 48 ^ parts[0] << 24 ^ parts[1] ^ np);
        }
        uint64_t positions = 0;
        grundy_game_stats(game, &positions, NULL);
        mix(res, W_GAME, positions);
    }
    grundy_game_free(game);

    game = NULL;
    rc = grundy_game_new(&game, 2 * sizeof(uint32_t), pair_moves, NULL, &a);
    if (!failed(res, rc, "game_new") && !failed(res, grundy_game_set_canon(game, pair_canon), "canon")) {
        for (int i = 0; i < 20 * w->size; i++) {
            uint32_t p[2] = {rng_below(r, 300), rng_below(r, 300)};
            uint32_t v;
            if (!failed(res, grundy_game_value(game, p, &v), "pair value"))
                mix(res, W_BYTES, v ^ (uint32_t)(v != ((p[0] % 3) ^ (p[1] % 3))) << 8);
        }
    }
    grundy_game_free(game);
}

static void heap_work(const work *w, counting_alloc *ca, result *res)
{
    const grundy_allocator a = counting_allocator(ca);
    for (const char *const *name = w->heaps; *name != NULL; name++) {
        grundy_heap_game *h = NULL;
        size_t errpos = 0;
        int rc = grundy_heap_game_new(&h, *name, &a, &errpos);
        if (failed(res, rc, *name))
            continue;
        /* Two lanes inside each heap game as well: threads within threads. */
        grundy_heap_game_set_threads(h, 2);
        uint64_t count = (uint64_t)(150 * w->size);
        if (!failed(res, grundy_heap_game_compute(h, count), "heap compute")) {
            for (uint64_t n = 0; n < count; n++) {
                uint32_t v;
                if (!failed(res, grundy_heap_game_value(h, n, &v), "heap value"))
                    mix(res, W_HEAP, v);
            }
        }
        uint64_t period = 0, pre = 0;
        rc = grundy_heap_game_period(h, 3000, &period, &pre);
        if (!failed(res, rc, "heap period"))
            mix(res, W_HEAP, (uint64_t)rc << 62 ^ period << 32 ^ pre);
        const uint64_t heaps[3] = {17, 23, 40};
        uint64_t left[3] = {0, 0, 0};
        uint32_t nleft = 0;
        size_t which = 0;
        rc = grundy_heap_game_winning_move(h, heaps, 3, &which, left, &nleft);
        if (!failed(res, rc, "heap winning move"))
            mix(res, W_HEAP, (uint64_t)rc << 60 ^ which << 56 ^ left[0] << 40 ^ left[1] << 20 ^ nleft);
        grundy_heap_game_free(h);
        char msg[120];
        mix(res, W_HEAP, (uint64_t)(int64_t)grundy_heap_game_parse_error("0.9z", msg, sizeof msg));
        mix(res, W_HEAP, strlen(msg));
    }
    /* Far enough for the two lanes to run (they start at 4096 values). */
    grundy_heap_game *h = NULL;
    if (failed(res, grundy_heap_game_new(&h, "grundy", &a, NULL), "heap lanes"))
        return;
    grundy_heap_game_set_period_detection(h, 0);
    grundy_heap_game_set_threads(h, 2);
    if (!failed(res, grundy_heap_game_compute(h, 9000), "heap lanes compute")) {
        for (uint64_t n = 4000; n < 9000; n++) {
            uint32_t v;
            if (!failed(res, grundy_heap_game_value(h, n, &v), "heap lanes value"))
                mix(res, W_HEAP, v);
        }
    }
    grundy_heap_game_free(h);
}

static void nimber_work(const work *w, rng *r, result *res)
{
    for (int i = 0; i < 4000 * w->size; i++) {
        uint64_t x = rng_next(r), y = rng_next(r) >> rng_below(r, 64);
        mix(res, W_NIMBER, grundy_nim_mul(w->nb, x, y));
        if (i % 64 == 0) {
            uint64_t inv = 0;
            if (!failed(res, grundy_nim_inv(w->nb, x | 1, &inv), "nim_inv"))
                mix(res, W_NIMBER, inv);
            mix(res, W_NIMBER, grundy_nim_pow(w->nb, x, y & 0xffff));
        }
        if (i % 512 == 0) /* the table-free method too */
            mix(res, W_NIMBER, grundy_nim_mul(NULL, x, y));
    }
}

static void closed_work(rng *r, result *res)
{
    for (int i = 0; i < 200; i++) {
        uint64_t heaps[4];
        for (int j = 0; j < 4; j++)
            heaps[j] = rng_next(r) % 1000;
        size_t heap = 0;
        uint64_t take = 0;
        mix(res, W_CLOSED, (uint64_t)grundy_nim_winning_move(heaps, 4, &heap, &take) << 40 ^ heap << 32 ^ take);
        mix(res, W_CLOSED, (uint64_t)grundy_misere_nim_outcome(heaps, 4));
        mix(res, W_CLOSED, grundy_bounded_nim_value(heaps[0], heaps[1] % 7 + 1));
        mix(res, W_CLOSED, strlen(grundy_strerror(-(int)(i % 10))));
    }
    mix(res, W_CLOSED, strlen(grundy_version()));
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
    const int quick = harness_quick();
    grundy_nimber *nb = NULL;
    CHECK_EQ(grundy_nimber_new(&nb, NULL), GRUNDY_OK);
    if (nb == NULL)
        return harness_done();

    static const char *const heaps_a[] = {"0.77", "0.137", "grundy", "sub:1,3,4", NULL};
    static const char *const heaps_b[] = {"0.77", "4.07", "lasker", "0.6", "sub:2,5,7", NULL};
    const int size = quick ? 2 : 6;
    const int rounds = quick ? 2 : 4;
    const work works[2] = {
        {0x1234u, heaps_a, nb, rounds, size},
        {0xabcdu, heaps_b, nb, rounds, size},
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
    grundy_nimber_free(nb);
    return harness_done();
}
