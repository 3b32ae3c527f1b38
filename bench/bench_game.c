/* SPDX-License-Identifier: MIT */
/* Figure D: games given by their rules (grundy_game_new_u64(),
 * grundy_game_new_dense()).
 *
 * Two games, each solved from its starting position so that every position
 * it can reach gets evaluated and stored:
 * (i)  a subtraction game (take 1, 2 or 5 tokens) on three heaps, the whole
 *      triple being one position: the heaps sorted and packed 16 bits each
 *      into a uint64_t, up to TRI_MAX tokens per heap; as a dense position,
 *      the sorted triple (a, b, c) is the index a + 161 b + 161^2 c;
 * (ii) Kayles on a row of KAYLES_PINS pins as a bitmask: knock down one pin,
 *      or two adjacent ones.  Every subset of the row is reachable, and the
 *      mask is its own dense index.
 *
 * Three baselines, each what one writes without a library, with the same
 * move generator as the library:
 * - a recursive memoized evaluation over a chained hash map (one malloc'd
 *   node per position, the bucket array doubled when the load passes 1);
 * - the same recursion over C++'s std::unordered_map (bench_game_umap.cpp);
 * - the same recursion over an open-addressing table written for this one
 *   job: keys and values in two arrays, the multiplicative hash's high bits
 *   as the home slot, linear probing, at most half full (18 bytes a
 *   position at the largest): the fastest hashed memo we know how to write
 *   without a library, shown so that the library's figures can be read
 *   against what hashing costs on this machine, not only against a slow map;
 * - for the dense positions, the same recursion over a flat byte array of
 *   one entry per index, 0xff meaning "not known yet".
 * The library runs three ways: 8-byte positions on one thread, the same on
 * two threads (grundy_game_set_threads()), and dense positions.
 *
 * Timing: every side runs RUNS times from scratch (a fresh map or game,
 * everything freed between runs), the sides taking turns, and each keeps its
 * best time, so that a busy moment of the shared machine does not decide a
 * ratio.  One-thread sides are timed in CPU time of the thread, which other
 * processes do not inflate; two threads in wall time, the only clock that
 * can show a parallel speed-up (their CPU time is printed beside it).
 *
 * Checks, in an untimed run of every side before the timed ones: the root
 * values and the numbers of positions stored agree everywhere, and every
 * position each baseline stored is asked of each way of running the
 * library; every timed run's root value and count are compared again. */
#define _POSIX_C_SOURCE 200809L
#define GRUNDY_EXPERIMENTAL /* grundy_game_set_threads */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "bench_game_umap.h"
#include "figure_d_games.h"

#define TRI_ROOT ((uint64_t)TRI_MAX * (1u + ((uint64_t)1 << 16) + ((uint64_t)1 << 32)))
#define TRI_ROOT_INDEX ((uint64_t)TRI_MAX * (1u + TRI_SIDE + TRI_SIDE * TRI_SIDE))
#define MAX_OPTIONS BENCH_GAME_MAX_OPTIONS
#define RUNS 5u
#define UNKNOWN 0xffu /* the array memo's "not evaluated" (a mex is at most 64) */

/* Library calls that a build of the library may not have yet: their rows
 * then say n/a (the Makefile looks them up in the archive). */
#ifdef BENCH_HAVE_grundy_game_new_dense
#define HAVE_DENSE 1
#else
#define HAVE_DENSE 0
#endif
#ifdef BENCH_HAVE_grundy_game_set_threads
#define HAVE_THREADS 1
#else
#define HAVE_THREADS 0
#endif

/* ---- the games ---------------------------------------------------------- */


static uint64_t tri_to_index(uint64_t pos)
{
    uint32_t h[3];
    tri_unpack(pos, h);
    return tri_key(h, 1);
}

static uint64_t tri_to_packed(uint64_t index)
{
    uint32_t h[3];
    tri_unindex(index, h);
    return tri_key(h, 0);
}

static uint64_t same_position(uint64_t pos)
{
    return pos;
}

/* A game in both forms: packed positions and dense indices. */
typedef struct game_def {
    const char *name;
    bench_gen_fn gen, dense_gen;
    uint64_t root, dense_root, bound;
    uint64_t (*to_index)(uint64_t pos);
    uint64_t (*to_packed)(uint64_t index);
} game_def;

/* ---- the library -------------------------------------------------------- */

/* The generator lists its options in an array, as the baselines' does, and
 * hands them over in one call.  It keeps no state: two threads may call it. */
static int lib_moves(void *user, uint64_t pos, grundy_options *out)
{
    bench_gen_fn gen = *(const bench_gen_fn *)user;
    uint64_t opt[MAX_OPTIONS];
    unsigned k = gen(pos, opt);
    return grundy_options_add_each(out, opt, k); /* uint64_t: 8-byte positions */
}

/* The same, one grundy_options_add() call per option: the way
 * docs/games.md shows first. */
static int lib_moves_one(void *user, uint64_t pos, grundy_options *out)
{
    bench_gen_fn gen = *(const bench_gen_fn *)user;
    uint64_t opt[MAX_OPTIONS];
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        int rc = grundy_options_add(out, &opt[i], 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return 0;
}

/* ---- baseline 1: chained hash map, recursive evaluation ----------------- */

typedef struct node {
    uint64_t key;
    uint32_t val;
    struct node *next;
} node;

typedef struct map {
    node **bucket;
    unsigned bits;    /* 2^bits buckets */
    size_t count;
} map;

static size_t map_slot(const map *m, uint64_t key)
{
    return (size_t)((key * 0x9e3779b97f4a7c15ull) >> (64 - m->bits));
}

static void map_init(map *m)
{
    m->bits = 10;
    m->count = 0;
    m->bucket = bench_xcalloc((size_t)1 << m->bits, sizeof *m->bucket);
}

static node *map_find(const map *m, uint64_t key)
{
    for (node *p = m->bucket[map_slot(m, key)]; p != NULL; p = p->next)
        if (p->key == key)
            return p;
    return NULL;
}

static void map_grow(map *m)
{
    size_t old = (size_t)1 << m->bits;
    node **ob = m->bucket;
    m->bits++;
    m->bucket = bench_xcalloc((size_t)1 << m->bits, sizeof *m->bucket);
    for (size_t i = 0; i < old; i++) {
        node *p = ob[i];
        while (p != NULL) {
            node *next = p->next;
            size_t s = map_slot(m, p->key);
            p->next = m->bucket[s];
            m->bucket[s] = p;
            p = next;
        }
    }
    free(ob);
}

static void map_insert(map *m, uint64_t key, uint32_t val)
{
    if (m->count >= (size_t)1 << m->bits)
        map_grow(m);
    node *p = bench_xmalloc(sizeof *p);
    size_t s = map_slot(m, key);
    p->key = key;
    p->val = val;
    p->next = m->bucket[s];
    m->bucket[s] = p;
    m->count++;
}

static void map_free(map *m)
{
    for (size_t i = 0; i < (size_t)1 << m->bits; i++) {
        node *p = m->bucket[i];
        while (p != NULL) {
            node *next = p->next;
            free(p);
            p = next;
        }
    }
    free(m->bucket);
}

static uint32_t map_eval(map *m, bench_gen_fn gen, uint64_t pos)
{
    const node *known = map_find(m, pos);
    if (known != NULL)
        return known->val;
    uint64_t opt[MAX_OPTIONS];
    unsigned char seen[MAX_OPTIONS + 1] = {0};
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        uint32_t v = map_eval(m, gen, opt[i]);
        if (v <= k)
            seen[v] = 1;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    map_insert(m, pos, mex);
    return mex;
}

/* Calls fn for each stored position until it returns non-zero. */
static int map_each(const map *m, int (*fn)(void *ctx, uint64_t pos, uint32_t val), void *ctx)
{
    for (size_t i = 0; i < (size_t)1 << m->bits; i++)
        for (const node *p = m->bucket[i]; p != NULL; p = p->next)
            if (fn(ctx, p->key, p->val) != 0)
                return 1;
    return 0;
}

/* ---- baseline 4: open addressing, linear probing, half full ------------- */

/* Run twice: with the multiplicative hash, and with a strong one
 * (splitmix64's finaliser), so that a ratio against it owes nothing to how
 * one multiplier happens to scatter one game's positions. */
typedef struct oamap {
    uint64_t *key;
    unsigned char *val; /* UNKNOWN: a free slot */
    unsigned bits;      /* 2^bits slots */
    int strong;         /* the strong hash */
    size_t count;
} oamap;

static uint64_t oa_mix(uint64_t x)
{
    x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ x >> 27) * 0x94d049bb133111ebull;
    return x ^ x >> 31;
}

static size_t oa_home(const oamap *m, uint64_t key)
{
    uint64_t h = m->strong ? oa_mix(key) : key * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> (64 - m->bits));
}

static void oa_alloc(oamap *m, unsigned bits)
{
    size_t n = (size_t)1 << bits;
    m->bits = bits;
    m->key = bench_xmalloc(n * sizeof *m->key);
    m->val = bench_xmalloc(n);
    memset(m->val, UNKNOWN, n);
}

static void oa_init(oamap *m, int strong)
{
    oa_alloc(m, 10);
    m->strong = strong;
    m->count = 0;
}

/* The slot of key, or the free slot where it would go. */
static size_t oa_slot(const oamap *m, uint64_t key)
{
    size_t mask = ((size_t)1 << m->bits) - 1, i = oa_home(m, key);
    while (m->val[i] != UNKNOWN && m->key[i] != key)
        i = (i + 1) & mask;
    return i;
}

static void oa_insert(oamap *m, uint64_t key, unsigned char val)
{
    if (2 * (m->count + 1) > (size_t)1 << m->bits) {
        oamap old = *m;
        oa_alloc(m, old.bits + 1);
        for (size_t i = 0; i < (size_t)1 << old.bits; i++) {
            if (old.val[i] == UNKNOWN)
                continue;
            size_t j = oa_slot(m, old.key[i]);
            m->key[j] = old.key[i];
            m->val[j] = old.val[i];
        }
        free(old.key);
        free(old.val);
    }
    size_t j = oa_slot(m, key);
    m->key[j] = key;
    m->val[j] = val;
    m->count++;
}

static void oa_free(oamap *m)
{
    free(m->key);
    free(m->val);
}

static uint32_t oa_eval(oamap *m, bench_gen_fn gen, uint64_t pos)
{
    size_t j = oa_slot(m, pos);
    if (m->val[j] != UNKNOWN)
        return m->val[j];
    uint64_t opt[MAX_OPTIONS];
    unsigned char seen[MAX_OPTIONS + 1] = {0};
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        uint32_t v = oa_eval(m, gen, opt[i]);
        if (v <= k)
            seen[v] = 1;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    oa_insert(m, pos, (unsigned char)mex);
    return mex;
}

static int oa_each(const oamap *m, int (*fn)(void *ctx, uint64_t pos, uint32_t val), void *ctx)
{
    for (size_t i = 0; i < (size_t)1 << m->bits; i++)
        if (m->val[i] != UNKNOWN && fn(ctx, m->key[i], m->val[i]) != 0)
            return 1;
    return 0;
}

/* ---- baseline 3: a flat array memo over dense indices ------------------- */

static uint32_t array_eval(unsigned char *memo, bench_gen_fn gen, uint64_t pos)
{
    if (memo[pos] != UNKNOWN)
        return memo[pos];
    uint64_t opt[MAX_OPTIONS];
    unsigned char seen[MAX_OPTIONS + 1] = {0};
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        uint32_t v = array_eval(memo, gen, opt[i]);
        if (v <= k)
            seen[v] = 1;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    memo[pos] = (unsigned char)mex;
    return mex;
}

static unsigned char *array_new(uint64_t bound)
{
    unsigned char *memo = bench_xmalloc((size_t)bound);
    memset(memo, UNKNOWN, (size_t)bound);
    return memo;
}

static uint64_t array_count(const unsigned char *memo, uint64_t bound)
{
    uint64_t n = 0;
    for (uint64_t i = 0; i < bound; i++)
        n += memo[i] != UNKNOWN;
    return n;
}

static int array_each(const unsigned char *memo, uint64_t bound,
                      int (*fn)(void *ctx, uint64_t pos, uint32_t val), void *ctx)
{
    for (uint64_t i = 0; i < bound; i++)
        if (memo[i] != UNKNOWN && fn(ctx, i, memo[i]) != 0)
            return 1;
    return 0;
}

/* ---- the sides ---------------------------------------------------------- */

enum {
    CHAINED, UMAP, ARRAY, OPEN, OPEN_STRONG, LIB_U64, LIB_ADD, LIB_THREADS, LIB_DENSE, NSIDES
};

static const char *const side_names[NSIDES] = {
    "chained hash map", "std::unordered_map", "array memo", "open addressing",
    "open addressing (strong hash)", "library (u64)", "library (u64, one add per option)",
    "library (2 threads)", "library (dense)",
};

typedef struct side {
    const game_def *game;
    int kind;
    int failed;              /* a library call failed (reported once) */
    int mismatch;            /* a check failed (reported) */
    uint32_t root;           /* what every run must find: the checked run's */
    uint64_t positions;
    double bytes;            /* the memo's bytes (the library's: grundy_game_stats) */
    double peak;             /* the library's peak through a counting allocator */
    double best;             /* the least time of the timed runs */
    double best_wall, cpu;   /* LIB_THREADS: its best wall time, and that run's CPU time */
} side;

/* Compares a timed run's result with the checked run's (the first
 * difference of a side is reported). */
static void side_record(side *s, uint32_t root, uint64_t positions)
{
    if ((root == s->root && positions == s->positions) || s->mismatch)
        return;
    s->mismatch = 1;
    bench_mismatch("D %s, %s: a timed run found value %u and %llu positions, the checked "
                   "run %u and %llu", s->game->name, side_names[s->kind], (unsigned)root,
                   (unsigned long long)positions, (unsigned)s->root,
                   (unsigned long long)s->positions);
}

static int side_present(int kind)
{
    if (kind == LIB_THREADS)
        return HAVE_THREADS;
    if (kind == LIB_DENSE)
        return HAVE_DENSE;
    return 1;
}

/* A game for one way of running the library.  Two threads may call the
 * move generators of this file at once: they keep no state. */
static int lib_create(const side *s, const grundy_allocator *alloc, grundy_game **g)
{
    const game_def *d = s->game;
    if (s->kind == LIB_DENSE) {
#if HAVE_DENSE
        return grundy_game_new_dense(g, d->bound, lib_moves, (void *)&d->dense_gen, alloc);
#else
        return GRUNDY_EINVAL; /* not reached: side_present() leaves the side out */
#endif
    }
    int rc = grundy_game_new_u64(g, s->kind == LIB_ADD ? lib_moves_one : lib_moves,
                                 (void *)&d->gen, alloc);
#if HAVE_THREADS
    if (rc == GRUNDY_OK && s->kind == LIB_THREADS)
        grundy_game_set_threads(*g, 2);
#endif
    return rc;
}

/* A new game of side s (*g, to be freed even on failure), solved from its
 * root. */
static int lib_solve(side *s, const grundy_allocator *alloc, grundy_game **g, uint32_t *root)
{
    *g = NULL;
    uint64_t start = s->kind == LIB_DENSE ? s->game->dense_root : s->game->root;
    int rc = lib_create(s, alloc, g);
    if (rc == GRUNDY_OK)
        rc = grundy_game_value(*g, GRUNDY_PLAY_NORMAL, &start, root);
    if (rc != GRUNDY_OK && !s->failed) {
        char what[96];
        snprintf(what, sizeof what, "D %s, %s", s->game->name, side_names[s->kind]);
        bench_error(what, rc);
        s->failed = 1;
    }
    return rc;
}

static uint64_t lib_positions(const grundy_game *g)
{
    uint64_t n = 0;
    grundy_game_stats(g, &n, NULL);
    return n;
}

/* One thread: CPU time of the thread.  Two threads: wall time, and the CPU
 * time of the process (both threads) kept for the best run. */
static double run_library(void *ctx)
{
    side *s = ctx;
    int threads = s->kind == LIB_THREADS;
    double w0 = bench_now(), c0 = threads ? bench_process_cpu() : bench_thread_cpu();
    grundy_game *g;
    uint32_t root = 0;
    int rc = lib_solve(s, NULL, &g, &root);
    double wall = bench_now() - w0;
    double cpu = (threads ? bench_process_cpu() : bench_thread_cpu()) - c0;
    if (rc == GRUNDY_OK)
        side_record(s, root, lib_positions(g));
    grundy_game_free(g);
    if (!threads)
        return cpu;
    if (s->best_wall < 0.0 || wall < s->best_wall) {
        s->best_wall = wall;
        s->cpu = cpu;
    }
    return wall;
}

static double run_chained(void *ctx)
{
    side *s = ctx;
    map m;
    double t0 = bench_thread_cpu();
    map_init(&m);
    uint32_t root = map_eval(&m, s->game->gen, s->game->root);
    double t = bench_thread_cpu() - t0;
    side_record(s, root, m.count);
    map_free(&m);
    return t;
}

static double run_umap(void *ctx)
{
    side *s = ctx;
    double t0 = bench_thread_cpu();
    bench_umap *m = bench_umap_new();
    uint32_t root = bench_umap_eval(m, s->game->gen, s->game->root);
    double t = bench_thread_cpu() - t0;
    side_record(s, root, bench_umap_size(m));
    bench_umap_free(m);
    return t;
}

static double run_array(void *ctx)
{
    side *s = ctx;
    double t0 = bench_thread_cpu();
    unsigned char *memo = array_new(s->game->bound);
    uint32_t root = array_eval(memo, s->game->dense_gen, s->game->dense_root);
    double t = bench_thread_cpu() - t0;
    side_record(s, root, array_count(memo, s->game->bound));
    free(memo);
    return t;
}

static double run_open(void *ctx)
{
    side *s = ctx;
    oamap m;
    double t0 = bench_thread_cpu();
    oa_init(&m, s->kind == OPEN_STRONG);
    uint32_t root = oa_eval(&m, s->game->gen, s->game->root);
    double t = bench_thread_cpu() - t0;
    side_record(s, root, m.count);
    oa_free(&m);
    return t;
}

static double (*const side_run[NSIDES])(void *) = {
    run_chained, run_umap, run_array, run_open, run_open, run_library, run_library, run_library,
    run_library,
};

/* ---- the checked run ---------------------------------------------------- */

/* One untimed instance of every side, kept together for the cross-checks. */
typedef struct checked {
    map chained;
    bench_umap *umap;
    unsigned char *array;
    oamap open, open_strong;
    grundy_game *lib[NSIDES];       /* at LIB_U64 and after */
    bench_counter count[NSIDES];    /* what they allocated */
} checked;

/* Asks one way of running the library the value of a baseline's position. */
typedef struct asker {
    side *lib;
    grundy_game *game;
    const char *baseline;
    int from_index;                 /* the baseline's positions are dense indices */
} asker;

static int ask(void *ctx, uint64_t pos, uint32_t val)
{
    asker *a = ctx;
    const game_def *d = a->lib->game;
    uint64_t key = pos;
    if (a->lib->kind == LIB_DENSE && !a->from_index)
        key = d->to_index(pos);
    else if (a->lib->kind != LIB_DENSE && a->from_index)
        key = d->to_packed(pos);
    uint32_t x = 0;
    int rc = grundy_game_value(a->game, GRUNDY_PLAY_NORMAL, &key, &x);
    if (rc == GRUNDY_OK && x == val)
        return 0;
    bench_mismatch("D %s: position %#llx of the %s: %s %u (%s), %s %u", d->name,
                   (unsigned long long)pos, a->baseline, side_names[a->lib->kind], (unsigned)x,
                   grundy_strerror(rc), a->baseline, (unsigned)val);
    a->lib->mismatch = 1;
    return 1;
}

/* Every position each baseline stored, asked of one way of running the
 * library, which must not evaluate anything new for them. */
static void check_lib(const checked *c, side *s)
{
    grundy_game *g = c->lib[s->kind];
    uint64_t before = lib_positions(g);
    asker a = {s, g, side_names[CHAINED], 0};
    if (map_each(&c->chained, ask, &a) != 0)
        return;
    a.baseline = side_names[UMAP];
    if (bench_umap_each(c->umap, ask, &a) != 0)
        return;
    a.baseline = side_names[ARRAY];
    a.from_index = 1;
    if (array_each(c->array, s->game->bound, ask, &a) != 0)
        return;
    a.baseline = side_names[OPEN];
    a.from_index = 0;
    if (oa_each(&c->open, ask, &a) != 0)
        return;
    a.baseline = side_names[OPEN_STRONG];
    if (oa_each(&c->open_strong, ask, &a) != 0)
        return;
    if (lib_positions(g) == before)
        return;
    bench_mismatch("D %s: %s evaluated new positions when asked stored ones", s->game->name,
                   side_names[s->kind]);
    s->mismatch = 1;
}

static double chained_bytes(const map *m)
{
    return (double)m->count * (double)sizeof(node) +
           (double)((size_t)1 << m->bits) * (double)sizeof(node *);
}

/* Runs every side once, untimed, and records its root value, count and
 * memory. */
static void checked_run(checked *c, side *sides)
{
    const game_def *d = sides[CHAINED].game;
    map_init(&c->chained);
    sides[CHAINED].root = map_eval(&c->chained, d->gen, d->root);
    sides[CHAINED].positions = c->chained.count;
    sides[CHAINED].bytes = chained_bytes(&c->chained);
    c->umap = bench_umap_new();
    sides[UMAP].root = bench_umap_eval(c->umap, d->gen, d->root);
    sides[UMAP].positions = bench_umap_size(c->umap);
    c->array = array_new(d->bound);
    sides[ARRAY].root = array_eval(c->array, d->dense_gen, d->dense_root);
    sides[ARRAY].positions = array_count(c->array, d->bound);
    sides[ARRAY].bytes = (double)d->bound;
    oamap *const open[2] = {&c->open, &c->open_strong};
    for (int k = OPEN; k <= OPEN_STRONG; k++) {
        oamap *m = open[k - OPEN];
        oa_init(m, k == OPEN_STRONG);
        sides[k].root = oa_eval(m, d->gen, d->root);
        sides[k].positions = m->count;
        sides[k].bytes = (double)((size_t)9 << m->bits);
    }
    for (int k = LIB_U64; k < NSIDES; k++) {
        if (!side_present(k))
            continue;
        uint64_t bytes = 0;
        grundy_allocator alloc = bench_counting_allocator(&c->count[k]);
        if (lib_solve(&sides[k], &alloc, &c->lib[k], &sides[k].root) == GRUNDY_OK)
            grundy_game_stats(c->lib[k], &sides[k].positions, &bytes);
        sides[k].bytes = (double)bytes;
        sides[k].peak = (double)c->count[k].peak;
    }
}

/* The checked run's results agree everywhere, and every library holds each
 * baseline's values. */
static void check_all(const checked *c, side *sides)
{
    const side *ref = &sides[CHAINED];
    for (int k = UMAP; k < NSIDES; k++) {
        side *s = &sides[k];
        if (!side_present(k) || s->failed)
            continue;
        if (s->root != ref->root || s->positions != ref->positions) {
            bench_mismatch("D %s: root value %s %u, %s %u; positions %llu, %llu", s->game->name,
                           side_names[k], (unsigned)s->root, side_names[CHAINED],
                           (unsigned)ref->root, (unsigned long long)s->positions,
                           (unsigned long long)ref->positions);
            s->mismatch = 1;
        }
        if (k >= LIB_U64)
            check_lib(c, s); /* also when the counts differ: are the values right? */
    }
}

static void checked_free(checked *c)
{
    map_free(&c->chained);
    bench_umap_free(c->umap);
    free(c->array);
    oa_free(&c->open);
    oa_free(&c->open_strong);
    for (int k = LIB_U64; k < NSIDES; k++)
        grundy_game_free(c->lib[k]);
}

/* ---- the rows ----------------------------------------------------------- */

static int lib_ran(const side *s)
{
    return side_present(s->kind) && !s->failed;
}

/* The verdict of a row about library side s against baseline side base:
 * n/a when the build lacks s or it failed, MISMATCH when a check of either
 * failed, else the target's. */
static bench_verdict verdict(const side *s, const side *base, double value, double target,
                             int at_most)
{
    if (!lib_ran(s))
        return BENCH_NA;
    if (s->mismatch || base->mismatch)
        return BENCH_MISMATCH;
    return bench_judge(value, target, at_most);
}

static const char *lib_note(const side *s, const char *note)
{
    if (!side_present(s->kind))
        return "not in this build of the library";
    return s->failed ? "the library call failed (ERROR above)" : note;
}

/* A row "library side vs baseline side" in times; the ratio is the
 * baseline's time over the library's. */
static void time_row(const char *label, const side *lib, const side *base, const char *target,
                     double goal, const char *note)
{
    char l[16], b[16], r[16];
    double ratio = base->best / lib->best;
    bench_row(label, lib_ran(lib) ? bench_fmt_time(l, lib->best) : NULL,
              bench_fmt_time(b, base->best), lib_ran(lib) ? bench_fmt_ratio(r, ratio) : NULL,
              target, verdict(lib, base, ratio, goal, 0), lib_note(lib, note));
}

static void rows_one_thread(const side *sides)
{
    char label[40], note[160], l[16], b[16], r[16];
    const side *s = &sides[LIB_U64];
    const char *name = s->game->name;
    snprintf(note, sizeof note, "%llu positions; thread CPU time, best of %u",
             (unsigned long long)sides[CHAINED].positions, RUNS);
    snprintf(label, sizeof label, "D %s: u64 vs chained map", name);
    time_row(label, s, &sides[CHAINED], ">= 1.3x", 1.3, note);
    snprintf(label, sizeof label, "D %s: u64 vs unordered_map", name);
    time_row(label, s, &sides[UMAP], ">= 1.2x", 1.2,
             "std::unordered_map<uint64_t, uint32_t>, default hash, no reserve");
    snprintf(note, sizeof note, "the fastest hashed memo written for the job, k * 2^64/phi "
             "(%.1f B/position); it runs %.2fx the chained map",
             sides[OPEN].bytes / (double)sides[OPEN].positions,
             sides[CHAINED].best / sides[OPEN].best);
    snprintf(label, sizeof label, "D %s: u64 vs open addressing", name);
    time_row(label, s, &sides[OPEN], ">= 1.0x", 1.0, note);
    snprintf(note, sizeof note, "no target: the same memo, splitmix64's finaliser as its hash; "
             "it runs %.2fx the chained map", sides[CHAINED].best / sides[OPEN_STRONG].best);
    snprintf(label, sizeof label, "D %s: u64 vs open, strong", name);
    bench_row(label, lib_ran(s) ? bench_fmt_time(l, s->best) : NULL,
              bench_fmt_time(b, sides[OPEN_STRONG].best),
              lib_ran(s) ? bench_fmt_ratio(r, sides[OPEN_STRONG].best / s->best) : NULL, NULL,
              s->mismatch || sides[OPEN_STRONG].mismatch ? BENCH_MISMATCH : BENCH_INFO,
              lib_note(s, note));
    snprintf(label, sizeof label, "D %s: add per option", name);
    time_row(label, &sides[LIB_ADD], s, ">= 0.9x", 0.9,
             "grundy_options_add() once per option; baseline: grundy_options_add_each()");

    double n = (double)s->positions, per_lib = s->bytes / n;
    double per_base = sides[CHAINED].bytes / (double)sides[CHAINED].positions;
    snprintf(note, sizeof note, "library peak (table + stack) %.1f B/position; baseline: "
             "chained map's nodes and buckets", s->peak / n);
    snprintf(l, sizeof l, "%.1f B", per_lib);
    snprintf(b, sizeof b, "%.1f B", per_base);
    snprintf(label, sizeof label, "D %s: u64 bytes/position", name);
    bench_row(label, lib_ran(s) ? l : NULL, b,
              lib_ran(s) ? bench_fmt_ratio(r, per_base / per_lib) : NULL, "<= 16 B",
              verdict(s, &sides[CHAINED], per_lib, 16.0, 1), lib_note(s, note));
}

static void rows_threads(const side *sides)
{
    char label[40], note[160], t[16];
    const side *s = &sides[LIB_THREADS];
    snprintf(note, sizeof note, "wall time, best of %u (CPU %s over both threads) vs thread "
             "CPU time; target for an idle machine", RUNS, bench_fmt_time(t, s->cpu));
    snprintf(label, sizeof label, "D %s: 2 threads vs chained", s->game->name);
    time_row(label, s, &sides[CHAINED], ">= 1.8x", 1.8, note);
}

/* The last two rows print library / array (time, then memory), so that
 * their targets read as "within 1.3x" and "within 1.5x". */
static void rows_dense(const side *sides)
{
    char label[40], note[160], l[16], b[16], r[16];
    const side *s = &sides[LIB_DENSE], *a = &sides[ARRAY];
    const char *name = s->game->name;
    snprintf(note, sizeof note, "bound %llu; thread CPU time, best of %u",
             (unsigned long long)s->game->bound, RUNS);
    snprintf(label, sizeof label, "D %s: dense vs chained map", name);
    time_row(label, s, &sides[CHAINED], ">= 5x", 5.0, note);

    double ratio = s->best / a->best;
    snprintf(label, sizeof label, "D %s: dense time / array memo", name);
    bench_row(label, lib_ran(s) ? bench_fmt_time(l, s->best) : NULL, bench_fmt_time(b, a->best),
              lib_ran(s) ? bench_fmt_ratio(r, ratio) : NULL, "<= 1.3x",
              verdict(s, a, ratio, 1.3, 1),
              lib_note(s, "ratio here: library time / array time"));
    ratio = s->peak / a->bytes;
    snprintf(label, sizeof label, "D %s: dense memory / array", name);
    bench_row(label, lib_ran(s) ? bench_fmt_bytes(l, s->peak) : NULL, bench_fmt_bytes(b, a->bytes),
              lib_ran(s) ? bench_fmt_ratio(r, ratio) : NULL, "<= 1.5x",
              verdict(s, a, ratio, 1.5, 1),
              lib_note(s, "library peak (counting allocator) / the array's bytes"));
}

/* ---- one game ----------------------------------------------------------- */

/* Every side that ran, RUNS times each in turn; their best times. */
static void time_sides(side *sides)
{
    bench_side timed[NSIDES];
    size_t n = 0;
    for (int k = 0; k < NSIDES; k++) {
        if (!lib_ran(&sides[k]))
            continue;
        bench_side t = {side_run[k], &sides[k], 0.0};
        timed[n++] = t;
    }
    bench_alternate(timed, n, RUNS);
    for (size_t i = 0; i < n; i++)
        ((side *)timed[i].ctx)->best = timed[i].best;
}

static void figure_d(const game_def *d)
{
    side sides[NSIDES];
    for (int k = 0; k < NSIDES; k++) {
        memset(&sides[k], 0, sizeof sides[k]);
        sides[k].game = d;
        sides[k].kind = k;
        sides[k].best_wall = -1.0;
    }
    checked c;
    memset(&c, 0, sizeof c);
    checked_run(&c, sides);
    check_all(&c, sides);
    checked_free(&c); /* the timed runs start from the same empty heap */

    time_sides(sides);
    rows_one_thread(sides);
    rows_threads(sides);
    rows_dense(sides);
}

void bench_game(const bench_config *cfg)
{
    static const game_def heaps = {
        "3 heaps", tri_options, tri_dense_options, TRI_ROOT, TRI_ROOT_INDEX,
        (uint64_t)TRI_SIDE * TRI_SIDE * TRI_SIDE, tri_to_index, tri_to_packed,
    };
    static const game_def kayles = {
        "kayles", kayles_options, kayles_options, ((uint64_t)1 << KAYLES_PINS) - 1,
        ((uint64_t)1 << KAYLES_PINS) - 1, (uint64_t)1 << KAYLES_PINS, same_position,
        same_position,
    };
    char title[160];
    (void)cfg;
    snprintf(title, sizeof title, "D. rule-defined games (3 heaps <= 160 taking {1,2,5}; "
             "kayles: a 20-pin bitmask), best of %u alternated runs", RUNS);
    bench_section(title);
    figure_d(&heaps);
    figure_d(&kayles);
}
