/* Figure D: games given by their rules (grundy_game_new_u64).
 *
 * Two games, each solved from its starting position so that every position
 * it can reach gets evaluated and stored:
 * (i)  a subtraction game (take 1, 2 or 5 tokens) on three heaps, the whole
 *      triple being one position: the heaps sorted and packed 16 bits each
 *      into a uint64_t, up to TRI_MAX tokens per heap;
 * (ii) Kayles on a row of KAYLES_PINS pins as a bitmask: knock down one pin,
 *      or two adjacent ones.  Every subset of the row is reachable.
 *
 * The baseline is what one writes without a library: a recursive memoized
 * evaluation over a chained hash map (separate chaining, one malloc'd node
 * per position, the bucket array doubled when the load passes 1), with the
 * same move generator.  Each side runs once (not the best of several: a
 * second run of the baseline would find its nodes in malloc's free lists).
 * Figures: positions evaluated per second, and bytes per stored position
 * (the library's memo table as grundy_game_stats() reports it, its peak
 * through a counting allocator, and the baseline's requested bytes: nodes
 * plus buckets, malloc's own overhead left out). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "bench.h"

#define TRI_MAX 160u
#define KAYLES_PINS 20u
#define MAX_OPTIONS 64u

typedef unsigned (*gen_fn)(uint64_t pos, uint64_t *opt);

/* ---- the games ---------------------------------------------------------- */

static const uint32_t take[] = {1, 2, 5};

static uint64_t tri_pack(uint32_t a, uint32_t b, uint32_t c)
{
    /* sort three */
    uint32_t t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    return (uint64_t)a | (uint64_t)b << 16 | (uint64_t)c << 32;
}

static unsigned tri_options(uint64_t pos, uint64_t *opt)
{
    uint32_t h[3] = {(uint32_t)(pos & 0xffff), (uint32_t)(pos >> 16 & 0xffff),
                     (uint32_t)(pos >> 32)};
    unsigned k = 0;
    for (unsigned i = 0; i < 3; i++) {
        if (i > 0 && h[i] == h[i - 1])
            continue; /* the same options as the equal heap before */
        for (unsigned j = 0; j < sizeof take / sizeof take[0] && take[j] <= h[i]; j++) {
            uint32_t x[3] = {h[0], h[1], h[2]};
            x[i] -= take[j];
            opt[k++] = tri_pack(x[0], x[1], x[2]);
        }
    }
    return k;
}

static unsigned kayles_options(uint64_t pos, uint64_t *opt)
{
    unsigned k = 0;
    for (unsigned i = 0; i < KAYLES_PINS; i++) {
        uint64_t pin = (uint64_t)1 << i;
        if ((pos & pin) == 0)
            continue;
        opt[k++] = pos & ~pin;
        if (pos & pin << 1)
            opt[k++] = pos & ~(pin | pin << 1);
    }
    return k;
}

/* ---- the library -------------------------------------------------------- */

/* The generator lists its options in an array, as the baseline's does, and
 * hands them over in one call. */
static int lib_moves(void *user, uint64_t pos, grundy_options *out)
{
    gen_fn gen = *(const gen_fn *)user;
    uint64_t opt[MAX_OPTIONS];
    unsigned k = gen(pos, opt);
    return grundy_options_add_each(out, opt, k); /* uint64_t: 8-byte positions */
}

/* ---- the baseline: chained hash map, recursive evaluation ---------------- */

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

static void map_insert(map *m, uint64_t key, uint32_t val)
{
    if (m->count >= (size_t)1 << m->bits) {
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

static uint32_t eval(map *m, gen_fn gen, uint64_t pos)
{
    const node *known = map_find(m, pos);
    if (known != NULL)
        return known->val;
    uint64_t opt[MAX_OPTIONS];
    unsigned char seen[MAX_OPTIONS + 1] = {0};
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        uint32_t v = eval(m, gen, opt[i]);
        if (v <= k)
            seen[v] = 1;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    map_insert(m, pos, mex);
    return mex;
}

/* ---- one game ----------------------------------------------------------- */

static void figure_d(const char *label, const char *bytes_label, gen_fn gen, uint64_t root)
{
    char l[32], b[32], r[32], note[128];

    /* The library, with a counting allocator for its peak. */
    bench_counter cnt = {0, 0};
    grundy_allocator alloc = bench_counting_allocator(&cnt);
    grundy_game *game = NULL;
    gen_fn user = gen;
    int rc = grundy_game_new_u64(&game, lib_moves, &user, &alloc);
    uint32_t lib_root = 0;
    double t0 = bench_now();
    if (rc == GRUNDY_OK)
        rc = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &root, &lib_root);
    double lib_s = bench_now() - t0;
    if (rc != GRUNDY_OK) {
        bench_error(label, rc);
        grundy_game_free(game);
        return;
    }
    uint64_t lib_pos = 0, lib_bytes = 0;
    grundy_game_stats(game, &lib_pos, &lib_bytes);

    /* The baseline. */
    map m;
    t0 = bench_now();
    map_init(&m);
    uint32_t base_root = eval(&m, gen, root);
    double base_s = bench_now() - t0;
    double base_bytes = (double)m.count * (double)sizeof(node) +
                        (double)((size_t)1 << m.bits) * (double)sizeof(node *);

    /* Every position the baseline stored, asked of the library (a lookup). */
    bench_verdict v = BENCH_MET;
    if (lib_root != base_root || lib_pos != m.count) {
        bench_mismatch("%s: root value library %u, baseline %u; positions %llu, %llu", label,
                       (unsigned)lib_root, (unsigned)base_root, (unsigned long long)lib_pos,
                       (unsigned long long)m.count);
        v = BENCH_MISMATCH;
    }
    for (size_t i = 0; i < (size_t)1 << m.bits && v != BENCH_MISMATCH; i++) {
        for (const node *p = m.bucket[i]; p != NULL; p = p->next) {
            uint32_t x;
            rc = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p->key, &x);
            if (rc != GRUNDY_OK || x != p->val) {
                bench_mismatch("%s: position %#llx: library %u (%s), baseline %u", label,
                               (unsigned long long)p->key, (unsigned)x, grundy_strerror(rc),
                               (unsigned)p->val);
                v = BENCH_MISMATCH;
                break;
            }
        }
    }
    uint64_t after = 0;
    grundy_game_stats(game, &after, NULL);
    if (v != BENCH_MISMATCH && after != lib_pos) {
        bench_mismatch("%s: the library evaluated new positions when asked stored ones", label);
        v = BENCH_MISMATCH;
    }

    double lib_rate = (double)lib_pos / lib_s, base_rate = (double)m.count / base_s;
    if (v != BENCH_MISMATCH)
        v = bench_judge(lib_rate / base_rate, 2.0, 0);
    char tl[16], tb[16];
    snprintf(note, sizeof note, "%llu positions: %s vs %s", (unsigned long long)lib_pos,
             bench_fmt_time(tl, lib_s), bench_fmt_time(tb, base_s));
    bench_row(label, bench_fmt_rate(l, lib_rate, "pos/s"), bench_fmt_rate(b, base_rate, "pos/s"),
              bench_fmt_ratio(r, lib_rate / base_rate), ">= 2x", v, note);

    double per_lib = (double)lib_bytes / (double)lib_pos;
    double per_base = base_bytes / (double)m.count;
    snprintf(note, sizeof note, "library peak (table + stack) %.1f B/position",
             (double)cnt.peak / (double)lib_pos);
    snprintf(l, sizeof l, "%.1f B", per_lib);
    snprintf(b, sizeof b, "%.1f B", per_base);
    bench_row(bytes_label, l, b, bench_fmt_ratio(r, per_base / per_lib), NULL, BENCH_INFO, note);

    map_free(&m);
    grundy_game_free(game);
}

void bench_game(const bench_config *cfg)
{
    (void)cfg;
    bench_section("D. rule-defined games: library (grundy_game_new_u64) vs chained hash map"
                  " + recursion");
    figure_d("D 3 heaps <= 160, take {1,2,5}", "D   3 heaps: bytes per position", tri_options,
             tri_pack(TRI_MAX, TRI_MAX, TRI_MAX));
    figure_d("D kayles, 20-pin bitmask", "D   kayles: bytes per position", kayles_options,
             ((uint64_t)1 << KAYLES_PINS) - 1);
}
