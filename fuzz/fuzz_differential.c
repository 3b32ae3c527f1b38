/* SPDX-License-Identifier: MIT */
/* Fuzz target: small games built through the API from the bytes, every
 * mode checked against brute force inside the harness.
 *
 * The input is read as a stream of small numbers (fuzz_reader); missing
 * bytes read as 0.  Four parts run in turn:
 *
 * 1. a game graph of up to 12 nodes, acyclic or not, with split moves or
 *    not, built with every construction call (one node or many, one move,
 *    splits, a batch), optionally in two stages with a solve in between and
 *    with one allocation refused; then graph_check.h: normal values (mex),
 *    misère, WTIA w-numbers, remoteness, suspense, loopy values (Smith's
 *    conditions, retrograde outcomes), genus, and every compound's outcome
 *    and move against a search of the compound itself;
 * 2. a heap game from a random code, computed three ways (the heap-game
 *    kernel, the rule-defined game engine, a game graph of the heaps with
 *    split moves) against a plain mex, the moves of each against the
 *    rules, and the graph through graph_check;
 * 3. a rule-defined u64 game whose moves come from a random table (cycles
 *    and splits allowed), with a canonicalising callback, every play,
 *    a memory cap, sums under every play and their winning moves, loopy
 *    values against a graph's, and a byte-string twin;
 * 4. the closed forms: Nim, misère Nim, bounded and staircase Nim, Nim on
 *    levels, nimber arithmetic, each against a brute force. */
#define GRUNDY_EXPERIMENTAL /* grundy_heap_game_set_sparse */
#include "graph_check.h"
#include "heap_ref.h"

/* ------------------------------------------------------------------------ */
/* 1. Graphs through the construction API                                    */

#define DG_MAXN 12

typedef struct dg_builder {
    grundy_graph *lg;
    bgraph *bg;
    fuzz_alloc *fa;
    uint32_t *batch_from, *batch_to;
    size_t nbatch;
} dg_builder;

/* Runs a construction call; on a refused allocation (nothing added, by
 * contract) it is run once more.  Returns its status. */
#define DG_CALL(b, rc, expr)                                                  \
    do {                                                                      \
        uint64_t moves_ = grundy_graph_move_count((b)->lg);                   \
        (rc) = (expr);                                                        \
        if ((rc) == GRUNDY_ENOMEM && (b)->fa->refused > 0) {                  \
            FUZZ_CHECK(grundy_graph_move_count((b)->lg) == moves_,            \
                       "a refused call added moves");                         \
            (rc) = (expr);                                                    \
        }                                                                     \
    } while (0)

static void dg_flush(dg_builder *b)
{
    if (b->nbatch == 0)
        return;
    int rc;
    DG_CALL(b, rc, grundy_graph_add_moves(b->lg, b->nbatch, b->batch_from, b->batch_to));
    FUZZ_CHECK(rc == GRUNDY_OK, "add_moves of %zu: %d", b->nbatch, rc);
    for (size_t i = 0; i < b->nbatch; i++)
        bg_add(b->bg, b->batch_from[i], &b->batch_to[i], 1);
    b->nbatch = 0;
}

static void dg_move(dg_builder *b, uint32_t from, const uint32_t *parts, uint32_t np, int how)
{
    int rc;
    if (np == 1 && how == 0) {
        b->batch_from[b->nbatch] = from;
        b->batch_to[b->nbatch++] = parts[0];
        return;
    }
    dg_flush(b);
    if (np == 1 && how == 1)
        DG_CALL(b, rc, grundy_graph_add_move(b->lg, from, parts[0]));
    else
        DG_CALL(b, rc, grundy_graph_add_split(b->lg, from, parts, np));
    FUZZ_CHECK(rc == GRUNDY_OK, "adding a move of %u parts: %d", np, rc);
    bg_add(b->bg, from, parts, np);
}

/* Calls that must fail and change nothing. */
static void dg_bad_calls(grundy_graph *lg, uint32_t n)
{
    uint64_t m = grundy_graph_move_count(lg);
    uint32_t parts[2] = {0, n};
    FUZZ_CHECK(grundy_graph_add_move(lg, n, 0) == GRUNDY_ERANGE, "move from node n");
    FUZZ_CHECK(grundy_graph_add_move(lg, 0, n) == GRUNDY_ERANGE || n == 0, "move to node n");
    FUZZ_CHECK(grundy_graph_add_split(lg, 0, parts, 2) == GRUNDY_ERANGE, "split to node n");
    FUZZ_CHECK(grundy_graph_add_split(lg, 0, NULL, 2) == GRUNDY_EINVAL, "split with NULL parts");
    uint32_t from[3] = {0, 0, n}, to[3] = {0, 0, 0};
    FUZZ_CHECK(grundy_graph_add_moves(lg, 3, from, to) == GRUNDY_ERANGE, "batch with node n");
    FUZZ_CHECK(grundy_graph_move_count(lg) == m && grundy_graph_node_count(lg) == n,
               "failed calls changed the graph");
}

static void diff_graph(fuzz_reader *in, uint64_t seed)
{
    uint8_t mode = fuzz_u8(in);
    int cycles = mode & 1, splits = mode & 2, staged = mode & 4;
    uint32_t n = 1 + fuzz_u8(in) % DG_MAXN;
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    fa.limit = (size_t)64 << 20;
    if (mode & 0x80)
        fa.fail_at = 1 + fuzz_u8(in);
    grundy_allocator al = fuzz_allocator(&fa);
    grundy_graph *lg = NULL;
    int rc = grundy_graph_new(&lg, &al);
    if (rc == GRUNDY_ENOMEM && fa.refused) {
        fuzz_alloc_check_empty(&fa, "graph_new refused");
        rc = grundy_graph_new(&lg, &al);
    }
    FUZZ_CHECK(rc == GRUNDY_OK, "graph_new: %d", rc);

    /* A rank per node: acyclic graphs only move to lower ranks. */
    uint32_t rank[DG_MAXN];
    for (uint32_t i = 0; i < n; i++)
        rank[i] = i;
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = fuzz_below(in, i + 1), t = rank[i];
        rank[i] = rank[j];
        rank[j] = t;
    }
    bgraph bg;
    bg_init(&bg, n);
    uint32_t bfrom[64], bto[64];
    dg_builder b = {lg, &bg, &fa, bfrom, bto, 0};

    uint32_t stage_end[2] = {staged ? (n + 1) / 2 : n, n};
    uint32_t have = 0;
    for (int stage = 0; stage < 2; stage++) {
        uint32_t want = stage_end[stage];
        if (want > have) {
            if (fuzz_u8(in) & 1) {
                uint32_t first = 99;
                DG_CALL(&b, rc, grundy_graph_add_nodes(lg, want - have, &first));
                FUZZ_CHECK(rc == GRUNDY_OK && first == have, "add_nodes: %d, first %u", rc, first);
            } else {
                for (uint32_t u = have; u < want; u++) {
                    uint32_t id = 99;
                    DG_CALL(&b, rc, grundy_graph_add_node(lg, &id));
                    FUZZ_CHECK(rc == GRUNDY_OK && id == u, "add_node: %d, id %u", rc, id);
                }
            }
        }
        /* Moves of the nodes so far (new ones, and a few more for old ones). */
        for (uint32_t u = 0; u < want; u++) {
            uint32_t deg = fuzz_u8(in) % 5;
            if (u < have)
                deg = deg > 2 ? 1 : 0;
            for (uint32_t k = 0; k < deg; k++) {
                uint32_t np = splits ? fuzz_u8(in) % 4 : 1;
                uint32_t parts[3];
                uint32_t got = 0;
                for (uint32_t j = 0; j < np; j++) {
                    uint32_t v = fuzz_below(in, want);
                    if (!cycles) {
                        /* the next lower-ranked node at or after v, if any */
                        uint32_t t = 0;
                        while (t < want && rank[(v + t) % want] >= rank[u])
                            t++;
                        if (t == want)
                            continue;
                        v = (v + t) % want;
                    }
                    parts[got++] = v;
                }
                if (got == 0 && !splits)
                    continue;
                dg_move(&b, u, parts, got, fuzz_u8(in) % 3);
                if (b.nbatch == sizeof bfrom / sizeof bfrom[0])
                    dg_flush(&b);
            }
        }
        dg_flush(&b);
        have = want;
        if (stage == 0 && staged) {
            rc = grundy_graph_solve(lg, GRUNDY_PLAY_NORMAL);
            FUZZ_CHECK(rc == GRUNDY_OK || rc == GRUNDY_ECYCLE || (rc == GRUNDY_ENOMEM && fa.refused),
                       "first-stage solve: %d", rc);
        }
        if (stage == 0 && !staged)
            break;
    }
    dg_bad_calls(lg, n);
    bg_finish(&bg);
    gc_limits lim = {DG_MAXN, DG_MAXN, DG_MAXN, 4, 6000};
    gc_check(lg, &bg, &fa, seed, &lim);
    bg_free(&bg);
    grundy_graph_free(lg);
    fuzz_alloc_check_empty(&fa, "differential graph");
}

/* ------------------------------------------------------------------------ */
/* 2. Heap games three ways                                                   */

#define DH_N 16u   /* heaps in the graph (graph_check runs on it) */
#define DH_V 60u   /* values compared */
#define DH_MOVES 24u /* heaps whose every move is read back */

typedef struct heap_moves_ctx {
    const heap_ref *r;
    int empty_as_node;
} heap_moves_ctx;

static int emit_to_sink(void *user, const uint64_t *parts, uint32_t np)
{
    return grundy_options_add(user, parts, np); /* uint64_t: 8-byte positions */
}

static int heap_moves_u64(void *user, uint64_t pos, grundy_options *out)
{
    const heap_moves_ctx *c = user;
    return hr_options(c->r, pos, c->empty_as_node, emit_to_sink, out);
}

typedef struct graph_sink {
    grundy_graph *lg;
    bgraph *bg;
    uint32_t from;
} graph_sink;

static int emit_to_graph(void *user, const uint64_t *parts, uint32_t np)
{
    graph_sink *s = user;
    uint32_t p[3];
    for (uint32_t i = 0; i < np; i++)
        p[i] = (uint32_t)parts[i];
    int rc = np == 1 ? grundy_graph_add_move(s->lg, s->from, p[0])
                     : grundy_graph_add_split(s->lg, s->from, p, np);
    FUZZ_CHECK(rc == GRUNDY_OK, "heap graph move: %d", rc);
    bg_add(s->bg, s->from, p, np);
    return 0;
}

/* The rule-defined game's moves of a heap, in the shape hr_check_moves_of() reads. */
static int dh_engine_degree(void *gm, uint64_t h, uint64_t *count)
{
    return grundy_game_degree(gm, &h, count);
}

static int dh_engine_move(void *gm, uint64_t h, uint64_t k, uint64_t *parts, size_t cap,
                          size_t *np)
{
    return grundy_game_move(gm, &h, k, parts, cap, np);
}

/* The heap-game kernel: values, moves and a sum against the brute force. */
static void dh_kernel(const char *name, const heap_ref *r, const uint32_t *want, int plain,
                      const uint64_t *heaps)
{
    grundy_heap_game *hg;
    FUZZ_CHECK(grundy_heap_game_new(&hg, NULL) == GRUNDY_OK &&
                   grundy_heap_game_parse(hg, name, strlen(name)) == GRUNDY_OK,
               "new %s", name);
    if (plain)
        grundy_heap_game_set_sparse(hg, 0);
    for (uint32_t h = 0; h < DH_V; h++) {
        uint32_t v;
        FUZZ_CHECK(grundy_heap_game_value(hg, GRUNDY_PLAY_NORMAL, h, &v) == GRUNDY_OK &&
                       v == want[h],
                   "%s: heap game G(%u) = %u, expected %u", name, h, v, want[h]);
    }
    uint32_t vals[DH_V + 1];
    vals[DH_V] = 0xdeadbeefu;
    FUZZ_CHECK(grundy_heap_game_values(hg, GRUNDY_PLAY_NORMAL, 0, DH_V, vals) == GRUNDY_OK &&
                   vals[DH_V] == 0xdeadbeefu && memcmp(vals, want, sizeof want[0] * DH_V) == 0,
               "%s: grundy_heap_game_values differ", name);
    for (uint32_t h = 0; h < DH_MOVES; h++)
        hr_check_moves(hg, r, h);
    for (int i = 0; i < 3; i++)
        hr_check_moves(hg, r, heaps[i]);
    /* The sum of the three heaps: its value, outcome and every winning move. */
    uint32_t x = want[heaps[0]] ^ want[heaps[1]] ^ want[heaps[2]], v = 12345;
    FUZZ_CHECK(grundy_heap_game_sum_value(hg, GRUNDY_PLAY_NORMAL, heaps, 3, &v) == GRUNDY_OK &&
                   v == x,
               "%s: sum value %u, expected %u", name, v, x);
    FUZZ_CHECK(grundy_heap_game_sum_outcome(hg, GRUNDY_PLAY_NORMAL, heaps, 3) ==
                   (x ? GRUNDY_N : GRUNDY_P),
               "%s: sum outcome", name);
    hr_check_all_wins(hg, r, want, heaps, 3, name);
    FUZZ_CHECK(grundy_heap_game_value(hg, GRUNDY_PLAY_WTIA, 1, &v) == GRUNDY_ENOTSUP,
               "%s: WTIA heap game", name);
    grundy_heap_game_free(hg);
}

/* The rule-defined game engine: values, moves, a sum. */
static void dh_engine(const char *name, const heap_moves_ctx *ctx, const uint32_t *want,
                      const uint64_t *heaps)
{
    grundy_game *gm;
    FUZZ_CHECK(grundy_game_new_u64(&gm, heap_moves_u64, (void *)ctx, NULL) == GRUNDY_OK,
               "game_new_u64");
    for (uint64_t h = DH_V; h-- > 0;) {
        uint32_t v;
        int rc = grundy_game_value(gm, GRUNDY_PLAY_NORMAL, &h, &v);
        FUZZ_CHECK(rc == GRUNDY_OK && v == want[h], "%s: engine G(%u) = %u (rc %d), expected %u",
                   name, (unsigned)h, v, rc, want[h]);
    }
    for (int i = 0; i < 3; i++)
        hr_check_moves_of(dh_engine_degree, dh_engine_move, gm, ctx->r, heaps[i],
                          ctx->empty_as_node, "engine move");
    /* A winning move in a sum of heaps, checked by the values. */
    uint32_t x = want[heaps[0]] ^ want[heaps[1]] ^ want[heaps[2]];
    uint64_t moves[4] = {0, 0, 0, 0xdead};
    int found = grundy_game_sum_winning_move(gm, GRUNDY_PLAY_NORMAL, heaps, 3, moves);
    FUZZ_CHECK(found == (x != 0), "%s: engine winning move %d for xor %u", name, found, x);
    FUZZ_CHECK(moves[3] == 0xdead, "winning move wrote past n");
    if (found == 1) {
        size_t comp = 3, moved = 0;
        for (size_t i = 0; i < 3; i++)
            if (moves[i] != GRUNDY_NO_MOVE) {
                comp = i;
                moved++;
            }
        FUZZ_CHECK(moved == 1, "engine winning move in %zu heaps", moved);
        uint64_t parts[4] = {0, 0, 0, 0xdead};
        size_t np = 99;
        FUZZ_CHECK(grundy_game_move(gm, &heaps[comp], moves[comp], parts, 3, &np) == GRUNDY_OK &&
                       np <= 3 && parts[3] == 0xdead,
                   "engine winning move shape");
        uint32_t y = x ^ want[heaps[comp]];
        for (size_t i = 0; i < np; i++)
            y ^= want[parts[i]];
        FUZZ_CHECK(y == 0, "%s: engine winning move leaves %u", name, y);
    }
    FUZZ_CHECK(grundy_game_sum_outcome(gm, GRUNDY_PLAY_NORMAL, heaps, 3) ==
                   (x ? GRUNDY_N : GRUNDY_P),
               "%s: engine sum outcome", name);
    size_t cap = 0, count = 99;
    for (int i = 0; i < 3; i++) {
        uint64_t d = 0;
        FUZZ_CHECK(grundy_game_degree(gm, &heaps[i], &d) == GRUNDY_OK, "engine degree");
        cap += (size_t)d;
    }
    size_t *comp = malloc((cap + 1) * sizeof *comp);
    uint64_t *mv = malloc((cap + 1) * sizeof *mv);
    if (!comp || !mv)
        abort();
    FUZZ_CHECK(grundy_game_sum_winning_moves(gm, GRUNDY_PLAY_NORMAL, heaps, 3, comp, mv, cap,
                                             &count) == GRUNDY_OK && count <= cap,
               "%s: engine winning moves", name);
    hr_check_wins(name, ctx->r, want, heaps, 3, ctx->empty_as_node, comp, mv, count);
    free(comp);
    free(mv);
    grundy_game_free(gm);
}

static void diff_heap(fuzz_reader *in, uint64_t seed)
{
    char name[64];
    uint8_t kind = fuzz_u8(in);
    if (kind % 16 == 0) {
        snprintf(name, sizeof name, "%s", kind & 16 ? "grundy" : "lasker");
    } else if (kind % 16 == 1) {
        size_t k = (size_t)snprintf(name, sizeof name, "sub:");
        uint32_t cnt = 1 + fuzz_u8(in) % 4;
        for (uint32_t i = 0; i < cnt; i++)
            k += (size_t)snprintf(name + k, sizeof name - k, i ? ",%u" : "%u",
                                  1 + fuzz_u8(in) % 12);
    } else {
        static const char hex[] = "0123456789ABCDEF";
        unsigned mask = kind & 32 ? 15 : 7;
        size_t k = 0;
        unsigned d0 = (fuzz_u8(in) & 3) * 4 & (mask == 7 ? 4 : 12);
        if (d0 || (kind & 64))
            name[k++] = hex[d0];
        name[k++] = '.';
        uint32_t nd = 1 + fuzz_u8(in) % 6;
        for (uint32_t i = 0; i < nd; i++)
            name[k++] = hex[fuzz_u8(in) & mask];
        name[k] = '\0';
    }
    heap_ref r;
    hr_parse(&r, name);
    FUZZ_CHECK(r.status == GRUNDY_OK, "harness built a bad name '%s'", name);
    uint32_t want[DH_V];
    hr_values(&r, DH_V, want);
    heap_moves_ctx ctx = {&r, (kind >> 2) & 1};
    uint64_t heaps[3] = {fuzz_u8(in) % DH_V, fuzz_u8(in) % DH_V, fuzz_u8(in) % DH_V};

    dh_kernel(name, &r, want, kind & 128, heaps);
    dh_engine(name, &ctx, want, heaps);

    /* A graph of the heaps 0 .. DH_N-1, through graph_check. */
    grundy_graph *lg;
    FUZZ_CHECK(grundy_graph_new(&lg, NULL) == GRUNDY_OK, "graph_new");
    FUZZ_CHECK(grundy_graph_add_nodes(lg, DH_N, NULL) == GRUNDY_OK, "add_nodes");
    bgraph bg;
    bg_init(&bg, DH_N);
    for (uint32_t h = 0; h < DH_N; h++) {
        graph_sink s = {lg, &bg, h};
        hr_options(&r, h, ctx.empty_as_node, emit_to_graph, &s);
    }
    bg_finish(&bg);
    FUZZ_CHECK(grundy_graph_solve(lg, GRUNDY_PLAY_NORMAL) == GRUNDY_OK, "heap graph solve");
    for (uint32_t h = 0; h < DH_N; h++) {
        uint32_t v;
        FUZZ_CHECK(grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, h, &v) == GRUNDY_OK &&
                       v == want[h],
                   "%s: graph G(%u) = %u, expected %u", name, h, v, want[h]);
    }
    /* A fresh graph for the full check (gc_check wants it unsolved). */
    grundy_graph_free(lg);
    FUZZ_CHECK(grundy_graph_new(&lg, NULL) == GRUNDY_OK, "graph_new");
    FUZZ_CHECK(grundy_graph_add_nodes(lg, DH_N, NULL) == GRUNDY_OK, "add_nodes");
    for (uint32_t m = 0; m < bg.nmoves; m++) {
        uint32_t from = 0;
        while (bg.mstart[from + 1] <= m)
            from++;
        uint32_t cnt = bg.pstart[m + 1] - bg.pstart[m];
        FUZZ_CHECK(grundy_graph_add_split(lg, from, bg.parts + bg.pstart[m], cnt) == GRUNDY_OK,
                   "re-adding a move");
    }
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    gc_limits lim = {DH_N, DH_N, DH_N, 2, 1500};
    gc_check(lg, &bg, &fa, seed, &lim);
    grundy_graph_free(lg);
    bg_free(&bg);
    hr_free(&r);
}

/* ------------------------------------------------------------------------ */
/* 3. Rule-defined games from a table                                         */

typedef struct table_game {
    const bgraph *g;
    uint64_t k;       /* positions p and p + k*j are the same node p % k */
    int noisy;        /* emit parts as p + k (sometimes) */
    int fail_node;    /* the generator fails at this node (or -1) */
    int bulk;         /* runs of one-part options in one grundy_options_add_each* call */
} table_game;

#define TG_RUN 8 /* one-part options gathered before a bulk call */

static uint64_t tg_raw(const table_game *t, uint64_t node, uint64_t salt)
{
    return node + (t->noisy && (salt * 0x9e3779b97f4a7c15ull >> 63) ? t->k : 0);
}

static int tg_moves(void *user, uint64_t pos, grundy_options *out)
{
    const table_game *t = user;
    uint32_t u = (uint32_t)(pos % t->k);
    if ((int)u == t->fail_node)
        return GRUNDY_ERANGE; /* a generator's own status comes back as is */
    uint64_t run[TG_RUN];
    size_t nrun = 0;
    for (uint32_t m = 0; m < bg_degree(t->g, u); m++) {
        uint32_t np;
        const uint32_t *p = bg_move(t->g, u, m, &np);
        uint64_t parts[4];
        for (uint32_t i = 0; i < np; i++)
            parts[i] = tg_raw(t, p[i], pos * 31 + m * 7 + i);
        if (t->bulk && np == 1 && nrun < TG_RUN) {
            run[nrun++] = parts[0];
            continue;
        }
        /* The run first, so that the options keep their order. */
        int rc = grundy_options_add_each(out, run, nrun);
        nrun = 0;
        if (rc == GRUNDY_OK)
            rc = grundy_options_add(out, parts, np);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return grundy_options_add_each(out, run, nrun);
}

static void tg_canon(void *user, void *pos)
{
    const table_game *t = user;
    uint64_t p;
    memcpy(&p, pos, sizeof p);
    p %= t->k;
    memcpy(pos, &p, sizeof p);
}

/* The byte-string twin: 3-byte positions (node, noise, 0). */
static int tg_moves_bytes(void *user, const void *pos, grundy_options *out)
{
    const table_game *t = user;
    const unsigned char *b = pos;
    uint32_t u = b[0] % (uint32_t)t->k;
    unsigned char run[TG_RUN * 3];
    size_t nrun = 0;
    for (uint32_t m = 0; m < bg_degree(t->g, u); m++) {
        uint32_t np;
        const uint32_t *p = bg_move(t->g, u, m, &np);
        unsigned char parts[4 * 3];
        for (uint32_t i = 0; i < np; i++) {
            parts[3 * i] = (unsigned char)p[i];
            parts[3 * i + 1] = (unsigned char)(m + i);
            parts[3 * i + 2] = 0;
        }
        if (t->bulk && np == 1 && nrun < TG_RUN) {
            memcpy(run + 3 * nrun++, parts, 3);
            continue;
        }
        int rc = grundy_options_add_each(out, run, nrun);
        nrun = 0;
        if (rc == GRUNDY_OK)
            rc = grundy_options_add(out, parts, np);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return grundy_options_add_each(out, run, nrun);
}

static void tg_canon_bytes(void *user, void *pos)
{
    (void)user;
    ((unsigned char *)pos)[1] = 0;
}

/* Whether u reaches (or is) a node with a move of two or more parts. */
static int reaches_split(const bgraph *g, uint32_t u, unsigned char *seen)
{
    if (seen[u])
        return 0;
    seen[u] = 1;
    for (uint32_t m = 0; m < bg_degree(g, u); m++) {
        uint32_t np;
        const uint32_t *p = bg_move(g, u, m, &np);
        if (np > 1)
            return 1;
        if (np == 1 && reaches_split(g, p[0], seen))
            return 1;
    }
    return 0;
}

/* A sum of positions of the table game under play, against the brute
 * force of the same sum of nodes: its outcome, a winning move, every
 * winning move, and for misère play the method reported. */
static void tg_check_sum(grundy_game *gm, const bgraph *g, int play, const uint64_t *pos,
                         const uint32_t *nodes, uint32_t k)
{
    brute b;
    int expect = bg_compound(&b, g, play, nodes, k, 4000);
    if (expect < 0) {
        br_free(&b);
        return;
    }
    int rc = grundy_game_sum_outcome(gm, play, pos, k);
    FUZZ_CHECK(rc == expect, "%s sum of %u positions: %d (%s), brute force %d",
               gc_play_name(play), k, rc, grundy_game_errmsg(gm), expect);
    if (BR_BASE(play) == GRUNDY_PLAY_MISERE) {
        int m = grundy_game_last_method(gm);
        FUZZ_CHECK(m == GRUNDY_BY_SJ || m == GRUNDY_BY_GENUS || m == GRUNDY_BY_SEARCH,
                   "misère sum: last method %#x", m);
    }
    uint64_t moves[BR_MAX_SLOTS + 1];
    moves[k] = 0xdead;
    int found = grundy_game_sum_winning_move(gm, play, pos, k, moves);
    FUZZ_CHECK(found == 0 || found == 1, "%s winning move: %d", gc_play_name(play), found);
    FUZZ_CHECK(moves[k] == 0xdead, "winning move wrote past n");
    int after = -1;
    if (found == 1)
        FUZZ_CHECK(bg_compound_after(&b, nodes, k, moves, &after) == 0 &&
                       after == (rc == GRUNDY_D ? GRUNDY_D : GRUNDY_P),
                   "%s sum (outcome %d): the winning move leads to %d", gc_play_name(play), rc,
                   after);
    else
        FUZZ_CHECK(rc == GRUNDY_P || (BR_BASE(play) == GRUNDY_PLAY_MISERE && rc == GRUNDY_N),
                   "%s sum: outcome %d but no winning move", gc_play_name(play), rc);
    size_t count = 99, cap, *comp;
    uint64_t *mv;
    gc_move_list_alloc(g, nodes, k, &comp, &mv, &cap);
    int r = grundy_game_sum_winning_moves(gm, play, pos, k, comp, mv, cap, &count);
    if (!gc_one_component(play)) {
        FUZZ_CHECK(r == GRUNDY_ENOTSUP, "%s: every winning move: %d", gc_play_name(play), r);
    } else {
        FUZZ_CHECK(r == GRUNDY_OK && count <= cap && comp[cap] == 0xdead,
                   "%s: every winning move: %d, %zu", gc_play_name(play), r, count);
        gc_check_move_list(g, play, nodes, k, &b, rc, comp, mv, count);
    }
    free(comp);
    free(mv);
    br_free(&b);
}

/* Loopy play of the table game: each node's value and outcome as a graph
 * of the same moves has them, and a sum against the brute force.  No
 * splits (loopy play allows none). */
static void tg_check_loopy(grundy_game *gm, const bgraph *g, const table_game *t, uint64_t *seed)
{
    grundy_graph *lg;
    FUZZ_CHECK(grundy_graph_new(&lg, NULL) == GRUNDY_OK &&
                   grundy_graph_add_nodes(lg, g->n, NULL) == GRUNDY_OK,
               "loopy twin graph");
    for (uint32_t u = 0; u < g->n; u++)
        for (uint32_t m = 0; m < bg_degree(g, u); m++) {
            uint32_t np;
            FUZZ_CHECK(grundy_graph_add_move(lg, u, bg_move(g, u, m, &np)[0]) == GRUNDY_OK,
                       "loopy twin move");
        }
    for (uint32_t u = 0; u < g->n; u++) {
        uint64_t pos = tg_raw(t, u, (uint64_t)u + 500);
        uint32_t v = 12345, w = 54321;
        int rc = grundy_game_value(gm, GRUNDY_PLAY_LOOPY, &pos, &v);
        FUZZ_CHECK(rc == GRUNDY_OK, "loopy value of node %u: %d (%s)", u, rc,
                   grundy_game_errmsg(gm));
        FUZZ_CHECK(grundy_graph_value(lg, GRUNDY_PLAY_LOOPY, u, &w) == GRUNDY_OK && v == w,
                   "loopy value of node %u: game %u, graph %u", u, v, w);
        FUZZ_CHECK(grundy_game_outcome(gm, GRUNDY_PLAY_LOOPY, &pos) ==
                       grundy_graph_outcome(lg, GRUNDY_PLAY_LOOPY, u),
                   "loopy outcome of node %u", u);
    }
    grundy_graph_free(lg);
    uint32_t nodes[3], k = (uint32_t)(fuzz_next(seed) % 4);
    uint64_t pos[3];
    for (uint32_t i = 0; i < k; i++) {
        nodes[i] = (uint32_t)(fuzz_next(seed) % g->n);
        pos[i] = tg_raw(t, nodes[i], i + 900);
    }
    tg_check_sum(gm, g, GRUNDY_PLAY_LOOPY, pos, nodes, k);
}

static void diff_table_game(fuzz_reader *in, uint64_t seed)
{
    uint8_t mode = fuzz_u8(in);
    uint32_t n = 1 + fuzz_u8(in) % DG_MAXN;
    int cycles = mode & 1, splits = mode & 2;
    bgraph g;
    bg_init(&g, n);
    for (uint32_t u = 0; u < n; u++) {
        uint32_t deg = fuzz_u8(in) % 4;
        for (uint32_t k = 0; k < deg; k++) {
            uint32_t np = splits ? fuzz_u8(in) % 4 : 1, parts[3], got = 0;
            for (uint32_t j = 0; j < np; j++) {
                uint32_t v = fuzz_below(in, n);
                if (!cycles && v >= u)
                    continue; /* acyclic: lower ids only */
                parts[got++] = v;
            }
            if (got == 0 && !splits)
                continue;
            bg_add(&g, u, parts, got);
        }
    }
    bg_finish(&g);
    uint32_t order[DG_MAXN];
    uint32_t nord = bg_order(&g, order);
    unsigned char fine[DG_MAXN] = {0}; /* reaches no cycle */
    for (uint32_t i = 0; i < nord; i++)
        fine[order[i]] = 1;

    int play = (mode >> 2) % 5;
    if (play != GRUNDY_PLAY_NORMAL && g.has_splits)
        play = (mode & 64) ? play : GRUNDY_PLAY_NORMAL;
    unsigned char seen[DG_MAXN], no_split[DG_MAXN];
    uint32_t num[DG_MAXN], sub[DG_MAXN], nsub = 0;
    for (uint32_t u = 0; u < n; u++) {
        memset(seen, 0, sizeof seen);
        no_split[u] = !reaches_split(&g, u, seen);
    }
    for (uint32_t i = 0; i < nord; i++) {
        /* Plays other than normal: the nodes that reach no split. */
        if (play == GRUNDY_PLAY_NORMAL || no_split[order[i]])
            sub[nsub++] = order[i];
    }
    bg_numbers(&g, play, sub, nsub, num);

    table_game t = {&g, n, (mode >> 5) & 1, -1, 0};
    int canon = mode & 128;
    if (!canon)
        t.noisy = 0; /* without a canon, noisy parts only multiply positions */
    uint8_t extra = fuzz_u8(in);
    if (extra == 0xee)
        t.fail_node = (int)fuzz_below(in, n);
    /* A failing generator too, adding in bulk or not. */
    t.bulk = (extra == 0xee ? mode >> 4 : extra) & 1;
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    grundy_allocator al = fuzz_allocator(&fa);
    grundy_game *gm;
    FUZZ_CHECK(grundy_game_new_u64(&gm, tg_moves, &t, &al) == GRUNDY_OK, "game_new_u64");
    if (canon)
        FUZZ_CHECK(grundy_game_set_canon(gm, tg_canon) == GRUNDY_OK, "set_canon");
    uint8_t cap = fuzz_u8(in);
    if (cap & 1)
        grundy_game_set_memory_limit(gm, 64 + (size_t)cap * 16);

    unsigned char valued[DG_MAXN] = {0}; /* the library gave its number */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < n; i++) {
            uint32_t u = (i * 5 + (uint32_t)pass) % n;
            uint64_t pos = tg_raw(&t, u, (uint64_t)i + 1000);
            uint32_t v = UINT32_MAX;
            int rc = grundy_game_value(gm, play, &pos, &v);
            int split_reach = play != GRUNDY_PLAY_NORMAL && !no_split[u];
            if (rc == GRUNDY_ELIMIT && pass == 0)
                continue; /* the cap; the second pass has none */
            if (t.fail_node >= 0 && rc == GRUNDY_ERANGE)
                continue;
            if (!fine[u] || split_reach) {
                FUZZ_CHECK((!fine[u] && rc == GRUNDY_ECYCLE) || (split_reach && rc == GRUNDY_EINVAL),
                           "node %u (cycle %d, split %d) play %d: rc %d", u, !fine[u],
                           split_reach, play, rc);
                FUZZ_CHECK(grundy_game_errmsg(gm)[0] != '\0', "error %d without a message", rc);
                continue;
            }
            FUZZ_CHECK(rc == GRUNDY_OK, "node %u play %d: rc %d (%s)", u, play, rc,
                       grundy_game_errmsg(gm));
            FUZZ_CHECK(v == num[u], "node %u play %d: value %u, expected %u", u, play, v, num[u]);
            valued[u] = 1;
            int oc = grundy_game_outcome(gm, play, &pos);
            int win = play == GRUNDY_PLAY_WTIA ? (v == GRUNDY_SC || (v != GRUNDY_SP && v != 0))
                    : play >= GRUNDY_PLAY_CONJUNCTIVE ? (int)(v % 2) : v != 0;
            FUZZ_CHECK(oc == (win ? GRUNDY_N : GRUNDY_P), "outcome %d of value %u", oc, v);
        }
        grundy_game_set_memory_limit(gm, 0);
    }
    uint32_t v;
    uint64_t stored = 0;
    grundy_game_stats(gm, &stored, NULL);
    if (canon)
        FUZZ_CHECK(stored <= n, "%llu positions stored for %u nodes", (unsigned long long)stored, n);
    if (stored > 0)
        FUZZ_CHECK(grundy_game_set_canon(gm, NULL) == GRUNDY_ESTATE, "set_canon after evaluation");

    /* Sums: normal play by the values, every play against the brute force. */
    uint64_t pos[3];
    uint32_t nodes[3], k = 0;
    if (play == GRUNDY_PLAY_NORMAL) {
        uint32_t x = 0;
        for (uint32_t i = 0; i < 3; i++) {
            /* Not the failing node, nor one that reaches it (its value
             * was ERANGE above): the nodes whose numbers were checked. */
            uint32_t u = fuzz_below(in, n);
            if (!fine[u] || !valued[u])
                continue;
            nodes[k] = u;
            pos[k++] = tg_raw(&t, u, i + 77);
            x ^= num[u];
        }
        int rc = grundy_game_sum_value(gm, GRUNDY_PLAY_NORMAL, pos, k, &v);
        FUZZ_CHECK(rc == GRUNDY_OK && v == x, "sum_value %d: %u, expected %u", rc, v, x);
        uint64_t moves[4];
        moves[k] = 0xdead;
        int found = grundy_game_sum_winning_move(gm, GRUNDY_PLAY_NORMAL, pos, k, moves);
        FUZZ_CHECK(found == (x != 0), "sum_winning_move %d for xor %u (%s)", found, x,
                   grundy_game_errmsg(gm));
        FUZZ_CHECK(moves[k] == 0xdead, "sum_winning_move wrote past n");
        uint32_t moved = 0;
        for (uint32_t c = 0; c < k; c++)
            moved += moves[c] != GRUNDY_NO_MOVE;
        FUZZ_CHECK(moved == (uint32_t)found, "a winning move in %u components", moved);
        for (uint32_t c = 0; found == 1 && c < k; c++) {
            if (moves[c] == GRUNDY_NO_MOVE)
                continue;
            /* Move moves[c] of the generator's options of pos[c] as given. */
            uint32_t u = (uint32_t)(pos[c] % n), m = (uint32_t)moves[c], enp;
            FUZZ_CHECK(m < bg_degree(&g, u), "winning move %u of a node of degree %u", m,
                       bg_degree(&g, u));
            const uint32_t *p = bg_move(&g, u, m, &enp);
            uint64_t parts[4] = {0, 0, 0, 0xdead};
            size_t np = 99;
            FUZZ_CHECK(grundy_game_move(gm, &pos[c], m, parts, 3, &np) == GRUNDY_OK &&
                           np == enp && parts[3] == 0xdead,
                       "grundy_game_move of the winning move");
            uint32_t y = x ^ num[u];
            for (uint32_t i = 0; i < np; i++) {
                FUZZ_CHECK(parts[i] == tg_raw(&t, p[i], pos[c] * 31 + m * 7 + i),
                           "the winning move is not option %u of the position as given", m);
                y ^= num[p[i]];
            }
            FUZZ_CHECK(y == 0, "winning move leaves %u", y);
        }
    } else {
        FUZZ_CHECK(grundy_game_sum_value(gm, play, NULL, 0, &v) == GRUNDY_ENOTSUP,
                   "sum_value under play %d", play);
        /* Nodes from the seed: the input's bytes stay as they were read. */
        for (uint32_t i = 0; i < 3; i++) {
            uint32_t u = (uint32_t)(fuzz_next(&seed) % n);
            if (!valued[u])
                continue;
            nodes[k] = u;
            pos[k++] = tg_raw(&t, u, i + 77);
        }
    }
    if (t.fail_node < 0)
        tg_check_sum(gm, &g, play, pos, nodes, k);
    if (t.fail_node < 0 && !g.has_splits)
        tg_check_loopy(gm, &g, &t, &seed);
    grundy_game_free(gm);
    fuzz_alloc_check_empty(&fa, "rule-defined game");

    /* The byte-string twin, normal play, every node that is fine. */
    if (n <= 255) {
        grundy_game *gb;
        FUZZ_CHECK(grundy_game_new(&gb, 3, tg_moves_bytes, &t, NULL) == GRUNDY_OK, "game_new");
        if (mode & 16)
            FUZZ_CHECK(grundy_game_set_canon(gb, tg_canon_bytes) == GRUNDY_OK, "canon");
        uint32_t nnum[DG_MAXN];
        bg_numbers(&g, GRUNDY_PLAY_NORMAL, order, nord, nnum);
        for (uint32_t u = 0; u < n; u++) {
            unsigned char bpos[3] = {(unsigned char)u, (unsigned char)(u * 3), 0};
            int rc = grundy_game_value(gb, GRUNDY_PLAY_NORMAL, bpos, &v);
            if (!fine[u])
                FUZZ_CHECK(rc == GRUNDY_ECYCLE, "bytes: node %u on a cycle: %d", u, rc);
            else
                FUZZ_CHECK(rc == GRUNDY_OK && v == nnum[u], "bytes: node %u: %d, %u vs %u", u, rc,
                           v, nnum[u]);
        }
        grundy_game_free(gb);
    }
    bg_free(&g);
}

/* ------------------------------------------------------------------------ */
/* 4. Closed forms                                                            */

#define CF_H 4
#define CF_MAX 8

/* Misère Nim outcome by search: 1 if the player to move wins. */
static int misere_brute(const uint64_t *h, size_t n, signed char *memo)
{
    size_t key = 0;
    for (size_t i = 0; i < n; i++)
        key = key * CF_MAX + (size_t)h[i];
    if (memo[key] >= 0)
        return memo[key];
    uint64_t c[CF_H];
    memcpy(c, h, n * sizeof *h);
    int any = 0, win = 0;
    for (size_t i = 0; i < n && !win; i++)
        for (uint64_t t = 1; t <= h[i] && !win; t++) {
            any = 1;
            c[i] = h[i] - t;
            win = !misere_brute(c, n, memo);
            c[i] = h[i];
        }
    return memo[key] = (signed char)(any ? win : 1);
}

/* Staircase Nim by search: 1 if the player to move wins. */
static int staircase_brute(const uint64_t *s, size_t n, signed char *memo)
{
    size_t key = 0;
    for (size_t i = 1; i < n; i++)
        key = key * (2 * CF_H * 3 + 1) + (size_t)s[i];
    if (memo[key] >= 0)
        return memo[key];
    uint64_t c[CF_H];
    memcpy(c, s, n * sizeof *s);
    int win = 0;
    for (size_t i = 1; i < n && !win; i++)
        for (uint64_t t = 1; t <= s[i] && !win; t++) {
            c[i] = s[i] - t;
            c[i - 1] = s[i - 1] + t;
            win = !staircase_brute(c, n, memo);
            c[i] = s[i];
            c[i - 1] = s[i - 1];
        }
    return memo[key] = (signed char)win;
}

/* w-number of a super-heap (heaps bottom up) by the WTIA rule: empty is SP,
 * a move to SP is SC, else the mex of the number options. */
static uint32_t levels_brute(const uint64_t *h, size_t k)
{
    size_t top = k;
    while (top > 0 && h[top - 1] == 0)
        top--;
    if (top == 0)
        return GRUNDY_SP;
    uint64_t c[CF_H];
    memcpy(c, h, k * sizeof *h);
    uint32_t opt[CF_MAX + 1];
    uint32_t no = 0;
    int sp = 0;
    for (uint64_t t = 1; t <= h[top - 1]; t++) {
        c[top - 1] = h[top - 1] - t;
        uint32_t w = levels_brute(c, k);
        if (w == GRUNDY_SP)
            sp = 1;
        else if (w != GRUNDY_SC)
            opt[no++] = w;
    }
    return sp ? GRUNDY_SC : bg_mex(opt, no);
}

/* The nim product by its definition (mex over smaller pairs). */
static uint64_t nim_mul_brute(uint32_t a, uint32_t b, uint16_t memo[32][32])
{
    if (memo[a][b] != 0xffff)
        return memo[a][b];
    unsigned char seen[257] = {0};
    for (uint32_t x = 0; x < a; x++)
        for (uint32_t y = 0; y < b; y++) {
            uint64_t v = nim_mul_brute(x, b, memo) ^ nim_mul_brute(a, y, memo) ^
                         nim_mul_brute(x, y, memo);
            if (v < 256)
                seen[v] = 1;
        }
    uint16_t m = 0;
    while (seen[m])
        m++;
    return memo[a][b] = m;
}

/* Nim on levels, two super-heaps, by search: 1 if the player to move wins.
 * A super-heap someone emptied means the player to move has lost. */
static int levels_game_brute(uint64_t *h, const size_t *counts, signed char *memo)
{
    size_t n = counts[0] + counts[1];
    size_t key = 0;
    for (size_t i = 0; i < n; i++)
        key = key * CF_MAX + (size_t)h[i];
    if (memo[key] >= 0)
        return memo[key];
    int win = 0, lost = 0;
    for (size_t s = 0, base = 0; s < 2; base += counts[s], s++) {
        size_t top = counts[s];
        while (top > 0 && h[base + top - 1] == 0)
            top--;
        if (top == 0)
            lost = 1;
    }
    for (size_t s = 0, base = 0; s < 2 && !lost && !win; base += counts[s], s++) {
        size_t top = counts[s];
        while (top > 0 && h[base + top - 1] == 0)
            top--;
        uint64_t keep = h[base + top - 1];
        for (uint64_t t = 1; t <= keep && !win; t++) {
            h[base + top - 1] = keep - t;
            win = !levels_game_brute(h, counts, memo);
        }
        h[base + top - 1] = keep;
    }
    return memo[key] = (signed char)win;
}

static grundy_nimber *nimber_tables(void)
{
    static grundy_nimber *nb;
    if (nb == NULL)
        FUZZ_CHECK(grundy_nimber_new(&nb, NULL) == GRUNDY_OK, "nimber_new");
    return nb;
}

/* A winning move of a closed form moves in one place: how many entries of
 * moves[0..n) are not GRUNDY_NO_MOVE, the (last) one in *at. */
static size_t cf_moved(const uint64_t *moves, size_t n, size_t *at)
{
    size_t moved = 0;
    for (size_t i = 0; i < n; i++)
        if (moves[i] != GRUNDY_NO_MOVE) {
            *at = i;
            moved++;
        }
    return moved;
}

/* Every winning Nim move under play against the brute force (a position
 * after a move: P for the opponent), heap by heap, at most one per heap. */
static void cf_nim_all_moves(int play, const uint64_t *h, size_t n, signed char *memo)
{
    size_t comp[CF_H + 1], count = 99, count0 = 99;
    uint64_t mv[CF_H + 1], none[1] = {77};
    comp[CF_H] = 0xdead;
    FUZZ_CHECK(grundy_nim_sum_winning_moves(play, h, n, NULL, none, 0, &count0) == GRUNDY_OK &&
                   none[0] == 77,
               "nim_sum_winning_moves count");
    FUZZ_CHECK(grundy_nim_sum_winning_moves(play, h, n, comp, mv, CF_H, &count) == GRUNDY_OK &&
                   count == count0 && comp[CF_H] == 0xdead,
               "nim_sum_winning_moves");
    uint64_t c[CF_H];
    memcpy(c, h, n * sizeof *h);
    size_t j = 0;
    for (size_t i = 0; i < n; i++)
        for (uint64_t t = 1; t <= h[i]; t++) {
            c[i] = h[i] - t;
            uint64_t x = 0;
            for (size_t z = 0; z < n; z++)
                x ^= c[z];
            int wins = play == GRUNDY_PLAY_MISERE ? !misere_brute(c, n, memo) : x == 0;
            c[i] = h[i];
            if (!wins)
                continue;
            FUZZ_CHECK(j < count && comp[j] == i && mv[j] == t,
                       "play %d: winning move %zu is (%zu, %llu), expected (%zu, %llu)", play, j,
                       j < count ? comp[j] : 99, j < count ? (unsigned long long)mv[j] : 99ull, i,
                       (unsigned long long)t);
            j++;
        }
    FUZZ_CHECK(count == j, "play %d: %zu winning Nim moves, expected %zu", play, count, j);
}

/* Nim and misère Nim: value, outcome, a winning move, every winning move. */
static void cf_nim(const uint64_t *h, size_t n)
{
    uint64_t x = 0, sum = 99, moves[CF_H + 1];
    size_t at = 0;
    for (size_t i = 0; i < n; i++)
        x ^= h[i];
    FUZZ_CHECK(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, h, n, &sum) == GRUNDY_OK && sum == x,
               "nim_sum_value");
    FUZZ_CHECK(grundy_nim_sum_value(GRUNDY_PLAY_MISERE, h, n, &sum) == GRUNDY_ENOTSUP,
               "misère Nim has no sum value");
    FUZZ_CHECK(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, h, n) == (x ? GRUNDY_N : GRUNDY_P),
               "nim_sum_outcome");
    moves[n] = 0xdead;
    int found = grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, h, n, moves);
    FUZZ_CHECK(found == (x != 0) && moves[n] == 0xdead, "nim winning move %d", found);
    if (found == 1) {
        FUZZ_CHECK(cf_moved(moves, n, &at) == 1, "nim winning move in several heaps");
        uint64_t take = moves[at];
        FUZZ_CHECK(take >= 1 && take <= h[at] && (x ^ h[at] ^ (h[at] - take)) == 0,
                   "nim winning move");
    }
    static signed char memo[CF_MAX * CF_MAX * CF_MAX * CF_MAX];
    memset(memo, -1, sizeof memo);
    cf_nim_all_moves(GRUNDY_PLAY_NORMAL, h, n, memo);

    /* Misère Nim. */
    int mwin = misere_brute(h, n, memo);
    FUZZ_CHECK(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, h, n) == (mwin ? GRUNDY_N : GRUNDY_P),
               "misère Nim outcome");
    found = grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, h, n, moves);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += h[i];
    FUZZ_CHECK(found == (mwin && total > 0), "misère winning move %d (win %d)", found, mwin);
    if (found == 1) {
        FUZZ_CHECK(cf_moved(moves, n, &at) == 1 && moves[at] >= 1 && moves[at] <= h[at],
                   "misère move shape");
        uint64_t c[CF_H];
        memcpy(c, h, n * sizeof *h);
        c[at] -= moves[at];
        FUZZ_CHECK(!misere_brute(c, n, memo),
                   "misère winning move leads to a win for the opponent");
    }
    cf_nim_all_moves(GRUNDY_PLAY_MISERE, h, n, memo);
    FUZZ_CHECK(grundy_nim_sum_outcome(GRUNDY_PLAY_WTIA, h, n) == GRUNDY_ENOTSUP,
               "Nim under WTIA play");
}

/* Bounded Nim, taking 1 to mt tokens: values by the mex, a winning move. */
static void cf_bounded(const uint64_t *h, size_t n, uint64_t mt)
{
    uint64_t v, moves[CF_H + 1];
    size_t at = 0;
    if (mt == 0) {
        FUZZ_CHECK(grundy_bounded_nim_value(0, GRUNDY_PLAY_NORMAL, 3, &v) == GRUNDY_EINVAL &&
                       grundy_bounded_nim_sum_winning_move(0, GRUNDY_PLAY_NORMAL, h, n, moves) ==
                           GRUNDY_EINVAL,
                   "bounded max_take 0");
        /* UINT64_MAX is no bound: plain Nim. */
        for (size_t i = 0; i < n; i++)
            FUZZ_CHECK(grundy_bounded_nim_value(UINT64_MAX, GRUNDY_PLAY_NORMAL, h[i], &v) ==
                               GRUNDY_OK && v == h[i],
                       "unbounded Nim value");
        return;
    }
    uint64_t bx = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t vals[CF_MAX];
        for (uint64_t s = 0; s <= h[i]; s++) {
            uint32_t opt[CF_MAX];
            uint32_t no = 0;
            for (uint64_t t = 1; t <= mt && t <= s; t++)
                opt[no++] = vals[s - t];
            vals[s] = bg_mex(opt, no);
        }
        FUZZ_CHECK(grundy_bounded_nim_value(mt, GRUNDY_PLAY_NORMAL, h[i], &v) == GRUNDY_OK &&
                       v == vals[h[i]],
                   "bounded nim value");
        bx ^= v;
    }
    FUZZ_CHECK(grundy_bounded_nim_sum_outcome(mt, GRUNDY_PLAY_NORMAL, h, n) ==
                   (bx ? GRUNDY_N : GRUNDY_P),
               "bounded nim outcome");
    int found = grundy_bounded_nim_sum_winning_move(mt, GRUNDY_PLAY_NORMAL, h, n, moves);
    FUZZ_CHECK(found == (bx != 0), "bounded winning move %d", found);
    if (found == 1) {
        FUZZ_CHECK(cf_moved(moves, n, &at) == 1, "bounded winning move in several heaps");
        uint64_t take = moves[at], before = 0, after = 0;
        FUZZ_CHECK(take >= 1 && take <= mt && take <= h[at], "bounded winning move shape");
        grundy_bounded_nim_value(mt, GRUNDY_PLAY_NORMAL, h[at], &before);
        grundy_bounded_nim_value(mt, GRUNDY_PLAY_NORMAL, h[at] - take, &after);
        FUZZ_CHECK((bx ^ before ^ after) == 0, "bounded winning move");
    }
}

/* Staircase Nim, steps of up to 2 coins. */
static void cf_staircase(const uint64_t *h, size_t n)
{
    uint64_t s[CF_H], moves[CF_H + 1];
    size_t step = 0;
    for (size_t i = 0; i < n; i++)
        s[i] = h[i] % 3;
    static signed char smemo[25 * 25 * 25 + 1];
    memset(smemo, -1, sizeof smemo);
    if (n == 0)
        return;
    int swin = staircase_brute(s, n, smemo);
    FUZZ_CHECK(grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, s, n) ==
                   (swin ? GRUNDY_N : GRUNDY_P),
               "staircase outcome");
    int found = grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, s, n, moves);
    FUZZ_CHECK(found == swin, "staircase winning move %d", found);
    if (found == 1) {
        FUZZ_CHECK(cf_moved(moves, n, &step) == 1, "staircase move on several steps");
        uint64_t count = moves[step];
        FUZZ_CHECK(step >= 1 && step < n && count >= 1 && count <= s[step],
                   "staircase move shape");
        uint64_t c[CF_H];
        memcpy(c, s, n * sizeof *s);
        c[step] -= count;
        c[step - 1] += count;
        FUZZ_CHECK(!staircase_brute(c, n, smemo), "staircase move does not win");
    }
}

/* Nim on levels: one super-heap's w-number, and a sum of two. */
static void cf_levels(const uint64_t *h, size_t n)
{
    uint64_t w = 0, moves[3];
    FUZZ_CHECK(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, h, n, &w) == GRUNDY_OK, "levels value");
    uint32_t bw = levels_brute(h, n);
    uint64_t want = bw == GRUNDY_SP ? GRUNDY_SP64 : bw == GRUNDY_SC ? GRUNDY_SC64 : bw;
    FUZZ_CHECK(w == want, "levels: w %llu, expected %llu", (unsigned long long)w,
               (unsigned long long)want);
    if (n < 2)
        return;
    size_t counts[2] = {n / 2, n - n / 2};
    static signed char lmemo[CF_MAX * CF_MAX * CF_MAX * CF_MAX];
    memset(lmemo, -1, sizeof lmemo);
    uint64_t c[CF_H];
    memcpy(c, h, n * sizeof *h);
    int win = levels_game_brute(c, counts, lmemo);
    FUZZ_CHECK(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, h, counts, 2) ==
                   (win ? GRUNDY_N : GRUNDY_P),
               "levels outcome, brute force %d", win);
    moves[2] = 0xdead;
    int found = grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, h, counts, 2, moves);
    FUZZ_CHECK(found == win && moves[2] == 0xdead, "levels winning move %d, brute force %d",
               found, win);
    if (found == 1) {
        size_t sh = 0;
        FUZZ_CHECK(cf_moved(moves, 2, &sh) == 1, "levels move in two super-heaps");
        uint64_t tk = moves[sh];
        uint64_t *base = c + (sh ? counts[0] : 0);
        size_t top = counts[sh];
        while (top > 0 && base[top - 1] == 0)
            top--;
        FUZZ_CHECK(top > 0 && tk >= 1 && tk <= base[top - 1], "levels move take %llu",
                   (unsigned long long)tk);
        base[top - 1] -= tk;
        FUZZ_CHECK(!levels_game_brute(c, counts, lmemo), "levels winning move does not win");
    }
}

static void cf_nimbers(fuzz_reader *in);

static void diff_closed_forms(fuzz_reader *in)
{
    uint64_t h[CF_H];
    size_t n = fuzz_u8(in) % (CF_H + 1);
    for (size_t i = 0; i < n; i++)
        h[i] = fuzz_u8(in) % CF_MAX;
    cf_nim(h, n);
    cf_bounded(h, n, fuzz_u8(in) % 5);
    cf_staircase(h, n);
    cf_levels(h, n);
    cf_nimbers(in);
}

/* Nimbers: small products by definition, big ones by the field laws. */
static void cf_nimbers(fuzz_reader *in)
{
    static uint16_t mm[32][32];
    static int mm_ready;
    if (!mm_ready) {
        memset(mm, 0xff, sizeof mm);
        mm_ready = 1;
    }
    uint32_t a = fuzz_u8(in) % 32, b = fuzz_u8(in) % 32;
    grundy_nimber *nb = nimber_tables();
    uint64_t e = nim_mul_brute(a, b, mm);
    FUZZ_CHECK(grundy_nimber_mul(NULL, a, b) == e && grundy_nimber_mul(nb, a, b) == e,
               "nim_mul(%u, %u), expected %llu", a, b, (unsigned long long)e);
    uint64_t p = fuzz_u32(in) | (uint64_t)fuzz_u32(in) << 32;
    uint64_t q = fuzz_u32(in) | (uint64_t)fuzz_u32(in) << 32;
    uint64_t r = fuzz_u32(in) ^ (uint64_t)fuzz_u32(in) << 29;
    uint64_t pq = grundy_nimber_mul(nb, p, q);
    FUZZ_CHECK(pq == grundy_nimber_mul(NULL, p, q), "tables and table-free differ");
    FUZZ_CHECK(pq == grundy_nimber_mul(nb, q, p), "nim_mul not commutative");
    FUZZ_CHECK(grundy_nimber_mul(nb, p, q ^ r) == (pq ^ grundy_nimber_mul(nb, p, r)),
               "nim_mul not distributive");
    FUZZ_CHECK(grundy_nimber_mul(nb, pq, r) ==
                   grundy_nimber_mul(nb, p, grundy_nimber_mul(nb, q, r)),
               "nim_mul not associative");
    uint64_t inv = 0;
    int rc = grundy_nimber_inv(nb, p, &inv);
    if (p == 0)
        FUZZ_CHECK(rc == GRUNDY_ERANGE, "inverse of 0: %d", rc);
    else
        FUZZ_CHECK(rc == GRUNDY_OK && grundy_nimber_mul(nb, p, inv) == 1, "nim_inv");
    uint64_t ex = fuzz_u8(in) % 8;
    uint64_t pw = 1;
    for (uint64_t i = 0; i < ex; i++)
        pw = grundy_nimber_mul(NULL, pw, p);
    FUZZ_CHECK(grundy_nimber_pow(nb, p, ex) == pw && grundy_nimber_pow(NULL, p, ex) == pw,
               "nim_pow");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096)
        return 0;
    fuzz_reader in = {data, size};
    uint64_t seed = fuzz_hash(data, size);
    uint8_t which = fuzz_u8(&in);
    /* The first byte picks the parts, so each part can be fuzzed alone. */
    if (which == 0 || (which & 1))
        diff_graph(&in, seed);
    if (which == 0 || (which & 2))
        diff_heap(&in, seed);
    if (which == 0 || (which & 4))
        diff_table_game(&in, seed);
    if (which == 0 || (which & 8))
        diff_closed_forms(&in);
    return 0;
}
