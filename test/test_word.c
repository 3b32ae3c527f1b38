/* SPDX-License-Identifier: MIT */
/* The engine of games whose positions are 64-bit words (src/game/game_word*.c:
 * grundy_game_new_u64(), grundy_game_new_dense(), grundy_game_new() with
 * 8-byte positions) and its word table (src/core/word_table.c):
 * - random games under every play that computes numbers, on four engines
 *   (u64, 8-byte and dense word engines, and the generic engine reached
 *   through 16-byte positions: the word and 8 zero bytes) against a brute
 *   force written here, with numbers past the one-byte codes (> 247);
 * - cycles, and the game answering afterwards; dense bounds and statistics;
 * - keys that pile up under the cheap hash, in the table alone and in games;
 * - failing allocations, one at a time, with one thread and with two;
 * - two threads (grundy_game_set_threads) against one and against closed
 *   forms, with a memory cap, a cancel and a cycle; run several times.
 * GRUNDY_TEST_QUICK (and a ThreadSanitizer build) shrinks the sizes; the
 * threads still start there (past 16384 positions). */
#define GRUNDY_EXPERIMENTAL /* grundy_game_set_threads */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "core/counting_alloc.h"
#include "core/word_table.h"
#include "game/game.h" /* the memo's table, to see its hash switch */
#include "grundy.h"
#include "harness.h"
#include "play_rule.h"

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif
#ifndef UNDER_TSAN
#define UNDER_TSAN 0
#endif

/* What the trial of two threads does in the searches below: most tests
 * keep the pair whatever its speed, so that they see the two-thread path
 * whatever the machine's load; test_threads also runs with the second
 * retired at the trial, and judged as the library judges. */
static int pair_trial = GRUNDY__PAIR_KEEP;

static void set_threads(grundy_game *game, unsigned threads)
{
    grundy_game_set_threads(game, threads);
    game->pair_trial = pair_trial;
}

/* Sizes shrink under the sanitizers, Valgrind and ThreadSanitizer. */
static int quick(void)
{
    return harness_quick() || UNDER_TSAN;
}

/* Passes a non-zero status of grundy_options_add*() on, as generators must. */
#define ADD_OR_RETURN(call)   \
    do {                      \
        int add_rc_ = (call); \
        if (add_rc_ != 0)     \
            return add_rc_;   \
    } while (0)

/* The plays whose numbers the search computes (loopy play builds a graph). */
static const int plays[] = {GRUNDY_PLAY_NORMAL,      GRUNDY_PLAY_MISERE,    GRUNDY_PLAY_WTIA,
                            GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE,
                            GRUNDY_PLAY_SHORTENED};
#define NPLAYS ((int)(sizeof plays / sizeof plays[0]))
#define NMEMOS 8 /* memo indices: shortened shares conjunctive's */

static int memo_of(int play)
{
    return play == GRUNDY_PLAY_SHORTENED ? GRUNDY_PLAY_CONJUNCTIVE : play;
}

/* a^-1 mod 2^64, a odd (Newton: each step doubles the bits right). */
static uint64_t inverse(uint64_t a)
{
    uint64_t x = a;
    for (int i = 0; i < 6; i++)
        x *= 2 - a * x;
    return x;
}

/* Whether message names number x (as a decimal). */
static int names(const char *message, uint64_t x)
{
    char s[32];
    snprintf(s, sizeof s, "%llu", (unsigned long long)x);
    return strstr(message, s) != NULL;
}

/* ------------------------------------------------------------------------ */
/* Games as lists: node u's options are opts first_opt[u] .. first_opt[u+1]-1,
 * option k's parts part[first_part[k] .. first_part[k+1]-1]. */

typedef struct wgame {
    int n;
    int *first_opt;
    int *first_part;
    int *part;
    int nopts, nparts, cap_opts, cap_parts;
} wgame;

static void wg_init(wgame *g, int n)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->first_opt = calloc((size_t)n + 1, sizeof *g->first_opt);
    g->cap_opts = 16;
    g->first_part = calloc((size_t)g->cap_opts + 1, sizeof *g->first_part);
    g->cap_parts = 16;
    g->part = calloc((size_t)g->cap_parts, sizeof *g->part);
    if (g->first_opt == NULL || g->first_part == NULL || g->part == NULL)
        abort();
}

static void wg_free(wgame *g)
{
    free(g->first_opt);
    free(g->first_part);
    free(g->part);
}

/* Node u's options start here (nodes are opened 0, 1, ... in turn). */
static void wg_open(wgame *g, int u)
{
    g->first_opt[u] = g->nopts;
    g->first_opt[u + 1] = g->nopts;
}

static void wg_add(wgame *g, int u, const int *parts, int np)
{
    if (g->nopts + 1 > g->cap_opts) {
        g->cap_opts *= 2;
        g->first_part = realloc(g->first_part, ((size_t)g->cap_opts + 1) * sizeof *g->first_part);
    }
    if (g->nparts + np > g->cap_parts) {
        g->cap_parts = 2 * (g->nparts + np);
        g->part = realloc(g->part, (size_t)g->cap_parts * sizeof *g->part);
    }
    if (g->first_part == NULL || g->part == NULL)
        abort();
    g->first_part[g->nopts] = g->nparts;
    if (np > 0) /* parts may be NULL then */
        memcpy(g->part + g->nparts, parts, (size_t)np * sizeof *parts);
    g->nparts += np;
    g->nopts++;
    g->first_part[g->nopts] = g->nparts;
    g->first_opt[u + 1] = g->nopts;
}

static int wg_nparts(const wgame *g, int k)
{
    return g->first_part[k + 1] - g->first_part[k];
}

/* A random permutation of 0 .. n-1. */
static void permutation(int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)harness_below((unsigned long long)i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

typedef struct shape {
    int n;
    int max_moves; /* options per node (wide: every lower node, some dropped) */
    int wide;
    int splits;    /* a third of the options (wide: a few) have 0 to 3 parts */
    int back;      /* options to a node of higher or equal rank (cycles), about */
} shape;

/* Nodes ranked by a random permutation, parts of lower rank (the ids in no
 * helpful order), the lowest-ranked node with options of no part only;
 * then, at random nodes, back edges: an option to a node of the same or a
 * higher rank (itself too), alone or (splits) beside a lower part. */
static void random_game(wgame *g, const shape *s)
{
    int *node_at = malloc((size_t)s->n * sizeof *node_at);
    int *rank_of = malloc((size_t)s->n * sizeof *rank_of);
    if (node_at == NULL || rank_of == NULL)
        abort();
    wg_init(g, s->n);
    permutation(node_at, s->n);
    for (int r = 0; r < s->n; r++)
        rank_of[node_at[r]] = r;
    for (int u = 0; u < s->n; u++) {
        int r = rank_of[u], parts[3];
        wg_open(g, u);
        if (s->wide) {
            /* One option dropped now and then keeps the numbers large
             * (around 0.8 n) without making them the ranks. */
            int drop = -1;
            if (r > 0 && harness_below(4) == 0)
                drop = (int)harness_below((unsigned long long)r);
            for (int q = 0; q < r; q++)
                if (q != drop)
                    wg_add(g, u, &node_at[q], 1);
        } else {
            int moves = (int)harness_below((unsigned long long)s->max_moves + 1);
            for (int k = 0; k < moves; k++) {
                int np = r == 0 ? 0 : 1;
                if (s->splits && r > 0 && harness_below(3) == 0)
                    np = (int)harness_below(4);
                for (int j = 0; j < np; j++)
                    parts[j] = node_at[harness_below((unsigned long long)r)];
                wg_add(g, u, parts, np);
            }
        }
        if (s->wide && s->splits && r > 0) {
            for (int k = 0; k < 4; k++) {
                parts[0] = node_at[harness_below((unsigned long long)r)];
                parts[1] = node_at[harness_below((unsigned long long)r)];
                wg_add(g, u, parts, 2);
            }
        }
        if (s->wide && harness_below(8) == 0)
            wg_add(g, u, NULL, 0);
        if (s->back > 0 && (int)harness_below((unsigned long long)s->n) < s->back) {
            int np = 1;
            parts[0] = node_at[r + (int)harness_below((unsigned long long)(s->n - r))];
            if (s->splits && r > 0 && harness_below(2) == 0)
                parts[np++] = node_at[harness_below((unsigned long long)r)];
            wg_add(g, u, parts, np);
        }
    }
    g->first_opt[s->n] = g->nopts;
    free(node_at);
    free(rank_of);
}

/* ---- the brute force ---------------------------------------------------- */

/* The least number not among x[0 .. m), with a mark per candidate. */
static uint32_t mex(const uint32_t *x, int m)
{
    unsigned char *seen = calloc((size_t)m + 1, 1);
    if (seen == NULL)
        abort();
    for (int k = 0; k < m; k++)
        if (x[k] <= (uint32_t)m)
            seen[x[k]] = 1;
    uint32_t v = 0;
    while (seen[v])
        v++;
    free(seen);
    return v;
}

/* The number of a position whose options have numbers x under play: the
 * rules of play_rule.h, with the mex taken in O(m) for wide positions. */
static uint32_t rule(int play, const uint32_t *x, int m)
{
    switch (play) {
    case GRUNDY_PLAY_NORMAL:
    case GRUNDY_PLAY_SELECTIVE: return mex(x, m);
    case GRUNDY_PLAY_MISERE: return m == 0 ? 1 : mex(x, m);
    case GRUNDY_PLAY_WTIA:
        if (m == 0)
            return GRUNDY_SP;
        for (int k = 0; k < m; k++)
            if (x[k] == GRUNDY_SP)
                return GRUNDY_SC;
        return mex(x, m);
    default: return play_rule(play, x, m);
    }
}

/* Per play: each node's number, or that it has none (a cycle below, or a
 * split where the play allows none). */
enum { UNKNOWN, BUSY, KNOWN, CYCLE, SPLIT };

typedef struct brute {
    const wgame *g;
    int play;
    uint32_t *v;
    unsigned char *state;
    const unsigned char *splits; /* the node reaches a split (any play) */
} brute;

/* Node u's state, its number in b->v[u] when KNOWN: CYCLE if a cycle is
 * reachable from it (a search from u meets a node still on its path, or
 * one found CYCLE), else SPLIT if a split is (plays other than normal),
 * else KNOWN. */
static int brute_node(brute *b, int u)
{
    if (b->state[u] == BUSY)
        return CYCLE;
    if (b->state[u] != UNKNOWN)
        return b->state[u];
    b->state[u] = BUSY;
    const wgame *g = b->g;
    int m = g->first_opt[u + 1] - g->first_opt[u], result = KNOWN;
    uint32_t *x = malloc(((size_t)m + 1) * sizeof *x);
    if (x == NULL)
        abort();
    for (int i = 0; i < m; i++) {
        int k = g->first_opt[u] + i, np = wg_nparts(g, k);
        if (np > 1 && b->play != GRUNDY_PLAY_NORMAL && result == KNOWN)
            result = SPLIT;
        x[i] = np == 0 ? play_rule_finished(b->play) : 0;
        for (int j = 0; j < np; j++) {
            int p = g->part[g->first_part[k] + j], s = brute_node(b, p);
            if (s == CYCLE)
                result = CYCLE;
            else if (s == SPLIT && result == KNOWN)
                result = SPLIT;
            else if (s == KNOWN)
                x[i] ^= b->v[p];
        }
    }
    if (result == KNOWN)
        b->v[u] = rule(b->play, x, m);
    free(x);
    b->state[u] = (unsigned char)result;
    return result;
}

/* splits[u]: node u reaches an option of several parts (a fixpoint). */
static unsigned char *reach_splits(const wgame *g)
{
    unsigned char *r = calloc((size_t)g->n, 1);
    if (r == NULL)
        abort();
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < g->n; u++) {
            int reach = r[u];
            for (int k = g->first_opt[u]; k < g->first_opt[u + 1] && !reach; k++) {
                reach = wg_nparts(g, k) > 1;
                for (int j = g->first_part[k]; j < g->first_part[k + 1] && !reach; j++)
                    reach = r[g->part[j]];
            }
            if (reach && !r[u]) {
                r[u] = 1;
                changed = 1;
            }
        }
    }
    return r;
}

static void brute_all(brute *b, const wgame *g, int play, const unsigned char *splits)
{
    b->g = g;
    b->play = play;
    b->splits = splits;
    b->v = calloc((size_t)g->n, sizeof *b->v);
    b->state = calloc((size_t)g->n, 1);
    if (b->v == NULL || b->state == NULL)
        abort();
    for (int u = 0; u < g->n; u++)
        brute_node(b, u);
}

static void brute_free(brute *b)
{
    free(b->v);
    free(b->state);
}

/* ---- the engines --------------------------------------------------------- */

enum { E_U64, E_BYTES8, E_GENERIC16, E_DENSE, NENGINES };
static const char *const engine_name[NENGINES] = {"u64", "8-byte (portable match)",
                                                   "16-byte (generic)", "dense"};

/* Keys of hashed engines: scattered by an odd multiplier, node 0 at
 * UINT64_MAX (the fill bytes of the table's free slots). */
#define KEY_MUL 0xd6e8feb86659fd93ull
#define KEY_ADD UINT64_MAX

typedef struct view {
    const wgame *g;
    int engine;
    int each;       /* one-part options in runs through grundy_options_add_each */
    long *calls;    /* generator calls per node */
    long bad;       /* calls for positions outside the game */
    uint64_t mul_inv;
} view;

static uint64_t key_of(const view *v, int u)
{
    return v->engine == E_DENSE ? (uint64_t)u : (uint64_t)u * KEY_MUL + KEY_ADD;
}

static int id_of(const view *v, uint64_t key)
{
    uint64_t u = v->engine == E_DENSE ? key : (key - KEY_ADD) * v->mul_inv;
    return u < (uint64_t)v->g->n ? (int)u : -1;
}

static size_t pos_size(const view *v)
{
    return v->engine == E_GENERIC16 ? 16 : 8;
}

/* Writes node u's key as a position of v's size at p. */
static void put_pos(const view *v, unsigned char *p, int u)
{
    uint64_t key = key_of(v, u);
    memset(p, 0, pos_size(v));
    memcpy(p, &key, sizeof key);
}

#define MAX_RUN 1024

static int list_options(view *v, uint64_t key, grundy_options *out)
{
    const wgame *g = v->g;
    int u = id_of(v, key);
    if (u < 0) {
        v->bad++;
        return GRUNDY_ERANGE;
    }
    v->calls[u]++;
    size_t size = pos_size(v), nrun = 0;
    unsigned char run[MAX_RUN * 16], parts[4 * 16];
    int end = g->first_opt[u + 1];
    for (int k = g->first_opt[u]; k <= end; k++) {
        int np = k < end ? wg_nparts(g, k) : -1;
        if (v->each && np == 1 && nrun < MAX_RUN) {
            put_pos(v, run + nrun++ * size, g->part[g->first_part[k]]);
            continue;
        }
        /* The run so far goes first, so that the options keep their order. */
        if (nrun > 0)
            ADD_OR_RETURN(grundy_options_add_each(out, run, nrun));
        nrun = 0;
        if (k == end)
            break;
        for (int j = 0; j < np; j++)
            put_pos(v, parts + (size_t)j * size, g->part[g->first_part[k] + j]);
        ADD_OR_RETURN(grundy_options_add(out, np > 0 ? parts : NULL, (uint32_t)np));
    }
    return 0;
}

static int view_moves_u64(void *user, uint64_t pos, grundy_options *out)
{
    return list_options(user, pos, out);
}

static int view_moves_bytes(void *user, const void *pos, grundy_options *out)
{
    view *v = user;
    static const unsigned char zero[8];
    uint64_t key;
    memcpy(&key, pos, sizeof key);
    if (pos_size(v) == 16 && memcmp((const unsigned char *)pos + 8, zero, 8) != 0) {
        v->bad++;
        return GRUNDY_ERANGE;
    }
    return list_options(v, key, out);
}

/* A new game of the engine over the view v (filled here; dense: with bound). */
static grundy_game *engine_game(view *v, const wgame *g, int engine, int each, uint64_t bound)
{
    memset(v, 0, sizeof *v);
    v->g = g;
    v->engine = engine;
    v->each = each;
    v->mul_inv = inverse(KEY_MUL);
    v->calls = calloc((size_t)g->n, sizeof *v->calls);
    if (v->calls == NULL)
        abort();
    grundy_game *game = NULL;
    int rc;
    switch (engine) {
    case E_U64: rc = grundy_game_new_u64(&game, view_moves_u64, v, NULL); break;
    case E_BYTES8: rc = grundy_game_new(&game, 8, view_moves_bytes, v, NULL); break;
    case E_GENERIC16: rc = grundy_game_new(&game, 16, view_moves_bytes, v, NULL); break;
    default: rc = grundy_game_new_dense(&game, bound, view_moves_u64, v, NULL); break;
    }
    CHECK_EQ(rc, GRUNDY_OK);
    /* The 8-byte engine looks positions up with the portable match, the
     * u64 one with the AVX2 match where the processor has it: both are
     * checked against the brute force in every build. */
    if (engine == E_BYTES8 && game != NULL)
        game->avx2 = 0;
    return game;
}

static int view_value(grundy_game *game, const view *v, int play, int u, uint32_t *value)
{
    unsigned char pos[16];
    put_pos(v, pos, u);
    return grundy_game_value(game, play, pos, value);
}

/* ------------------------------------------------------------------------ */
/* 1 and 2. Random games, acyclic and with cycles, on every engine. */

typedef struct tally {
    long rounds, big_rounds, cycle_nodes, split_nodes, side_tables;
    uint32_t max_value;
} tally;

/* Whether the engine's status rc (and value) for node u is right under
 * the play of b: a node reaching both a cycle and a split (plays other
 * than normal) fails with whichever the search meets first. */
static int answer_right(const brute *b, int u, int rc, uint32_t value)
{
    switch (b->state[u]) {
    case KNOWN: return rc == GRUNDY_OK && value == b->v[u];
    case SPLIT: return rc == GRUNDY_EINVAL;
    default:
        return rc == GRUNDY_ECYCLE ||
               (rc == GRUNDY_EINVAL && b->play != GRUNDY_PLAY_NORMAL && b->splits[u]);
    }
}

/* Every (play, node) on one game of the engine, in a random order, against
 * b; then the positions stored (each play's memo holds exactly its KNOWN
 * nodes) and the generator calls (once per memo for every node KNOWN under
 * every play: a failed search keeps what it finished). */
static void check_engine(const wgame *g, brute *b, int engine, int each, uint64_t bound,
                         tally *t)
{
    view v;
    grundy_game *game = engine_game(&v, g, engine, each, bound);
    if (game == NULL)
        return;
    int total = NPLAYS * g->n, *order = malloc((size_t)total * sizeof *order);
    if (order == NULL)
        abort();
    permutation(order, total);
    int right = 1, messages = 1;
    for (int i = 0; i < total; i++) {
        int pi = order[i] / g->n, u = order[i] % g->n;
        uint32_t value = 12345;
        int rc = view_value(game, &v, plays[pi], u, &value);
        if (!answer_right(&b[pi], u, rc, value)) {
            if (right)
                fprintf(stderr, "%s engine, play %d, node %d of %d: status %d value %u, "
                        "expected state %d value %u\n", engine_name[engine], plays[pi], u,
                        g->n, rc, value, b[pi].state[u], b[pi].v[u]);
            right = 0;
        }
        messages &= rc == GRUNDY_OK || strlen(grundy_game_errmsg(game)) > 0;
    }
    CHECK(right);
    CHECK(messages);
    uint64_t stored = 0, expect = 0;
    int used[NMEMOS] = {0};
    for (int pi = 0; pi < NPLAYS; pi++) {
        int m = memo_of(plays[pi]);
        if (used[m]++)
            continue;
        for (int u = 0; u < g->n; u++)
            expect += b[pi].state[u] == KNOWN;
    }
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, expect);
    int once = 1;
    for (int u = 0; u < g->n; u++) {
        int everywhere = 1;
        for (int pi = 0; pi < NPLAYS; pi++)
            everywhere &= b[pi].state[u] == KNOWN;
        once &= !everywhere || v.calls[u] == 6; /* the six memos */
    }
    CHECK(once);
    CHECK_EQ(v.bad, 0);
    if (engine == E_DENSE && game->words[GRUNDY_PLAY_NORMAL].big.count > 0)
        t->side_tables++;
    grundy_game_free(game);
    free(v.calls);
    free(order);
}

static void check_game(const wgame *g, int each, tally *t)
{
    brute b[NPLAYS];
    unsigned char *splits = reach_splits(g);
    for (int pi = 0; pi < NPLAYS; pi++)
        brute_all(&b[pi], g, plays[pi], splits);
    for (int u = 0; u < g->n; u++) {
        t->cycle_nodes += b[0].state[u] == CYCLE;
        t->split_nodes += b[1].state[u] == SPLIT;
        if (b[0].state[u] == KNOWN && b[0].v[u] > t->max_value)
            t->max_value = b[0].v[u];
    }
    int big = 0;
    for (int u = 0; u < g->n; u++)
        big |= b[0].state[u] == KNOWN && b[0].v[u] > GRUNDY__CODE_MAX;
    t->big_rounds += big;
    /* Dense: a bound past the last node, so that some entries stay unused. */
    uint64_t bound = (uint64_t)g->n + harness_below(4);
    for (int e = 0; e < NENGINES; e++)
        check_engine(g, b, e, each, bound, t);
    for (int pi = 0; pi < NPLAYS; pi++)
        brute_free(&b[pi]);
    free(splits);
    t->rounds++;
}

static void test_random_games(void)
{
    int q = quick();
    tally t = {0};
    for (int r = 0; r < (q ? 60 : 300); r++) { /* small, options of one part */
        wgame g;
        shape s = {1 + (int)harness_below(48), 8, 0, 0, 0};
        random_game(&g, &s);
        check_game(&g, r % 3, &t);
        wg_free(&g);
    }
    for (int r = 0; r < (q ? 40 : 200); r++) { /* small, with splits */
        wgame g;
        shape s = {1 + (int)harness_below(48), 8, 0, 1, 0};
        random_game(&g, &s);
        check_game(&g, r % 3, &t);
        wg_free(&g);
    }
    for (int r = 0; r < (q ? 3 : 6); r++) { /* wide: numbers past 247 */
        wgame g;
        shape s = {(q ? 350 : 300) + (int)harness_below(q ? 50 : 350), 0, 1, r % 2, 0};
        random_game(&g, &s);
        check_game(&g, r % 3, &t);
        wg_free(&g);
    }
    printf("random games: %ld, %ld with numbers past %u (largest %u), %ld side tables in "
           "dense memos, %ld nodes refusing splits\n",
           t.rounds, t.big_rounds, GRUNDY__CODE_MAX, t.max_value, t.side_tables, t.split_nodes);
    CHECK(t.big_rounds >= 2);
    CHECK(t.side_tables >= 2);
    CHECK(t.split_nodes > 0);
    CHECK_EQ(t.cycle_nodes, 0);
}

/* Random games with back edges: a node reaching a cycle fails with
 * GRUNDY_ECYCLE on every engine, every other one answers, before and after,
 * and no node of a cycle is left stored. */
static void test_random_cycles(void)
{
    int q = quick();
    tally t = {0};
    for (int r = 0; r < (q ? 60 : 300); r++) {
        wgame g;
        shape s = {1 + (int)harness_below(40), 6, 0, r % 2, 1 + (int)harness_below(3)};
        random_game(&g, &s);
        check_game(&g, r % 3, &t);
        wg_free(&g);
    }
    printf("random games with cycles: %ld, %ld nodes reaching a cycle\n", t.rounds,
           t.cycle_nodes);
    CHECK(t.cycle_nodes > t.rounds); /* most rounds have cycles */
}

/* A chain deep enough for the tables to grow, its bottom a cycle of five,
 * beside a chain without one: ECYCLE from the top, the other chain right
 * afterwards, and the top of the first still a cycle. */
typedef struct deep {
    uint64_t n; /* positions 0 .. n: 0 -> 1 -> ... -> n -> n - 4; n + 1 + i: the clean chain */
    uint64_t clean;
} deep;

static int deep_moves(void *user, uint64_t pos, grundy_options *out)
{
    const deep *d = user;
    uint64_t next;
    if (pos < d->n)
        next = pos + 1;
    else if (pos == d->n)
        next = d->n - 4;
    else if (pos < d->n + d->clean)
        next = pos + 1;
    else
        return 0;
    return grundy_options_add(out, &next, 1);
}

static int deep_bytes(void *user, const void *pos, grundy_options *out)
{
    uint64_t p;
    memcpy(&p, pos, sizeof p);
    const unsigned char *rest = (const unsigned char *)pos + 8;
    for (int i = 0; i < 8; i++)
        if (rest[i] != 0)
            return GRUNDY_ERANGE;
    const deep *d = user;
    uint64_t next[2] = {0, 0};
    if (p < d->n)
        next[0] = p + 1;
    else if (p == d->n)
        next[0] = d->n - 4;
    else if (p < d->n + d->clean)
        next[0] = p + 1;
    else
        return 0;
    return grundy_options_add(out, next, 1);
}

static void test_deep_cycle(void)
{
    deep d = {quick() ? 20000 : 100000, quick() ? 5000 : 30000};
    for (int e = 0; e < NENGINES; e++) {
        grundy_game *game = NULL;
        if (e == E_GENERIC16)
            CHECK_EQ(grundy_game_new(&game, 16, deep_bytes, &d, NULL), GRUNDY_OK);
        else if (e == E_DENSE)
            CHECK_EQ(grundy_game_new_dense(&game, d.n + d.clean + 1, deep_moves, &d, NULL),
                     GRUNDY_OK);
        else
            CHECK_EQ(grundy_game_new_u64(&game, deep_moves, &d, NULL), GRUNDY_OK);
        if (game == NULL)
            continue;
        uint64_t pos[2] = {0, 0};
        uint32_t v = 12345;
        for (int play = 0; play < 2; play++) {
            pos[0] = 0;
            CHECK_EQ(grundy_game_value(game, play, pos, &v), GRUNDY_ECYCLE);
            CHECK(strlen(grundy_game_errmsg(game)) > 0);
            pos[0] = d.n + 1;
            CHECK_EQ(grundy_game_value(game, play, pos, &v), GRUNDY_OK);
            /* The clean chain's end has no move: 0 (normal), 1 (misère). */
            CHECK_EQ(v, (d.clean - 1 + (uint64_t)play) % 2);
            pos[0] = d.n / 2;
            CHECK_EQ(grundy_game_value(game, play, pos, &v), GRUNDY_ECYCLE);
        }
        uint64_t stored = 0;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 2 * d.clean);
        grundy_game_free(game);
    }
}

/* ------------------------------------------------------------------------ */
/* 3. Dense positions: the bound, and what the memo holds. */

typedef struct dense_rules {
    uint64_t bad_at;  /* this position has an extra option, bad_to */
    uint64_t bad_to;
    uint64_t nim_from; /* positions from here are Nim heaps p - nim_from */
    long calls;
} dense_rules;

/* p -> p - 1, p - 2 below nim_from; Nim heaps (every smaller heap) above. */
static int dense_moves(void *user, uint64_t p, grundy_options *out)
{
    dense_rules *r = user;
    uint64_t opts[1024];
    size_t n = 0;
    r->calls++;
    if (p >= r->nim_from) {
        for (uint64_t h = 0; h < p - r->nim_from && n < 1024; h++)
            opts[n++] = r->nim_from + h;
    } else {
        if (p >= 1)
            opts[n++] = p - 1;
        if (p >= 2)
            opts[n++] = p - 2;
    }
    if (p == r->bad_at)
        opts[n++] = r->bad_to;
    return grundy_options_add_each(out, opts, n);
}

/* Maps 300 to 2000 (past the bound) and leaves every other position. */
static void dense_canon(void *user, void *pos)
{
    (void)user;
    uint64_t p;
    memcpy(&p, pos, sizeof p);
    if (p == 300) {
        p = 2000;
        memcpy(pos, &p, sizeof p);
    }
}

static void test_dense_arguments(void)
{
    grundy_game *game = (grundy_game *)&game;
    dense_rules r = {UINT64_MAX, 0, UINT64_MAX, 0};
    CHECK_EQ(grundy_game_new_dense(&game, 0, dense_moves, &r, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    game = (grundy_game *)&game;
    CHECK_EQ(grundy_game_new_dense(&game, 10, NULL, &r, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    CHECK_EQ(grundy_game_new_dense(NULL, 10, dense_moves, &r, NULL), GRUNDY_EINVAL);
    /* Bound 1: position 0 only. */
    CHECK_EQ(grundy_game_new_dense(&game, 1, dense_moves, &r, NULL), GRUNDY_OK);
    uint64_t p = 0, bytes = 0, stored = 0;
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    p = 1;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ERANGE);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 1);
    CHECK_EQ(bytes, 1);
    grundy_game_free(game);
}

/* Positions past the bound from the caller, the generator and the
 * canonical form: ERANGE naming them, and the game answering afterwards
 * with nothing of the failed search kept. */
static void test_dense_range(void)
{
    dense_rules r = {700, 5000, UINT64_MAX, 0};
    grundy_game *game = NULL;
    if (!CHECK_EQ(grundy_game_new_dense(&game, 1000, dense_moves, &r, NULL), GRUNDY_OK))
        return;
    uint32_t v = 12345;
    uint64_t p = 699, stored = 0, bytes = 0;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 699 % 3);
    p = 800;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ERANGE);
    const char *m = grundy_game_errmsg(game);
    CHECK(names(m, 5000) && names(m, 700) && names(m, 1000));
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 700);
    CHECK_EQ(bytes, 1000);
    p = 1000;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 1000));
    p = UINT64_MAX;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_MISERE, &p, &v), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), UINT64_MAX));
    CHECK_EQ(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, &p), GRUNDY_ERANGE);
    const uint64_t sum[2] = {5, 1234};
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, sum, 2, &v), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 1234));
    /* Conjunctive play: 5, then 1234 (0 .. 5 stay stored: 5 was finished). */
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_CONJUNCTIVE, sum, 2), GRUNDY_ERANGE);
    /* Still answering: below the bad position, and the bound's last. */
    p = 650;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 650 % 3);
    const uint64_t fine[2] = {5, 699};
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, fine, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, (5 % 3) ^ (699 % 3));
    p = 800;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_MISERE, &p, &v), GRUNDY_ERANGE);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 700 + 6 + 700); /* normal's, conjunctive's and misère's */
    CHECK_EQ(bytes, 3 * 1000);
    /* The calls that list a position's moves or build the graph of the
     * positions reached refuse it too, before the generator sees it. */
    p = 1000;
    uint64_t degree = 7, left[4];
    size_t nleft = 0;
    CHECK_EQ(grundy_game_degree(game, &p, &degree), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 1000));
    CHECK_EQ(grundy_game_move(game, &p, 0, left, 4, &nleft), GRUNDY_ERANGE);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_LOOPY, &p, &v), GRUNDY_ERANGE);
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 2),
             GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 1234));
    p = 699;
    CHECK_EQ(grundy_game_degree(game, &p, &degree), GRUNDY_OK);
    CHECK(degree > 0);
    grundy_game_free(game);

    /* The canonical form maps 300 past the bound. */
    r = (dense_rules){UINT64_MAX, 0, UINT64_MAX, 0};
    if (!CHECK_EQ(grundy_game_new_dense(&game, 1000, dense_moves, &r, NULL), GRUNDY_OK))
        return;
    CHECK_EQ(grundy_game_set_canon(game, dense_canon), GRUNDY_OK);
    p = 299;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 299 % 3);
    p = 301;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 2000));
    p = 300;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ERANGE);
    CHECK(names(grundy_game_errmsg(game), 2000));
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, 300);
    grundy_game_free(game);
}

/* What a dense memo holds: one byte per position below the bound for each
 * play used (allocated at its first evaluation, within the memory cap),
 * numbers past 247 beside it; the positions stored are those reached. */
static void test_dense_memory(void)
{
    const uint64_t bound = 5000, nim = 4000, top = 600; /* Nim heaps 0 .. 599 */
    dense_rules r = {UINT64_MAX, 0, nim, 0};
    grundy_game *game = NULL;
    if (!CHECK_EQ(grundy_game_new_dense(&game, bound, dense_moves, &r, NULL), GRUNDY_OK))
        return;
    uint64_t stored = 99, bytes = 99, p;
    uint32_t v = 12345;
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 0);
    CHECK_EQ(bytes, 0);
    /* Under the cap: nothing allocated, the game usable after. */
    grundy_game_set_memory_limit(game, bound - 1);
    p = 10;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ELIMIT);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(bytes, 0);
    grundy_game_set_memory_limit(game, 0);
    p = 3000;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 3000 % 3);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_MISERE, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 1); /* misère: 1, 0, 2 with period 3 */
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 2 * 3001);
    CHECK_EQ(bytes, 2 * bound);
    CHECK_EQ(r.calls, 2 * 3001);
    /* Nim heaps: numbers past 247 in the side table, each right. */
    p = nim + top - 1;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, top - 1);
    int right = 1;
    for (uint64_t h = 0; h < top; h++) {
        p = nim + h;
        right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v) == GRUNDY_OK && v == h;
    }
    CHECK(right);
    CHECK_EQ(r.calls, 2 * 3001 + top);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 2 * 3001 + top);
    uint64_t side = bytes - 2 * bound, big = top - 1 - GRUNDY__CODE_MAX;
    CHECK(side >= big * (8 + 4) && side <= 4 * big * (8 + 4));
    /* A cap below what is held: stored positions still answer. */
    grundy_game_set_memory_limit(game, 100);
    p = nim + 300;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 300);
    p = 2000;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, 2000 % 3);
    grundy_game_free(game);

    /* A bound far past memory: the allocator refuses, the game says ENOMEM. */
    counting_alloc ca = {0};
    ca.cap = (size_t)1 << 28;
    grundy_allocator a = counting_allocator(&ca);
    r = (dense_rules){UINT64_MAX, 0, UINT64_MAX, 0};
    if (CHECK_EQ(grundy_game_new_dense(&game, (uint64_t)1 << 40, dense_moves, &r, &a),
                 GRUNDY_OK)) {
        p = 5;
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ENOMEM);
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ENOMEM);
        grundy_game_set_memory_limit(game, (size_t)1 << 20);
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ELIMIT);
        grundy_game_free(game);
    }
    CHECK_EQ(ca.live, 0);
    CHECK_EQ(ca.bad_free, 0);
}

/* ------------------------------------------------------------------------ */
/* 4. Keys the cheap hash piles into one bucket: x * K is C + i for
 * x_i = K^-1 (C + i), whose high halves are all equal. */

#define ADV_C 0xabcdef0100000010ull

typedef struct adversary {
    uint64_t kinv;
    uint64_t n;
} adversary;

static adversary adversary_new(uint64_t n)
{
    adversary a = {inverse(GRUNDY__WTABLE_MUL), n};
    return a;
}

static uint64_t adv_key(const adversary *a, uint64_t i)
{
    return a->kinv * (ADV_C + i);
}

/* The index of key, or a->n if it is none of the keys. */
static uint64_t adv_index(const adversary *a, uint64_t key)
{
    uint64_t i = key * GRUNDY__WTABLE_MUL - ADV_C;
    return i < a->n ? i : a->n;
}

/* Inserts keys(0 .. n) with code i % 248, growing as the engine does;
 * returns how many times the guard asked for a rebuild. */
static int table_fill(grundy__wtable *t, const grundy_allocator *al,
                      uint64_t (*key)(const adversary *, uint64_t), const adversary *a)
{
    int trips = 0, fresh = 1;
    for (uint64_t i = 0; i < a->n; i++) {
        if (t->nb == 0 || t->used >= grundy__wtable_room(t) || t->long_probe) {
            size_t nb = t->nb == 0                          ? 16
                        : t->used >= grundy__wtable_room(t) ? grundy__wtable_next(t)
                                                            : t->nb;
            trips += t->long_probe;
            if (!CHECK_EQ(grundy__wtable_rebuild(t, al, nb, t->strong || t->long_probe, 0),
                          GRUNDY_OK))
                return trips;
        }
        grundy__wref r;
        fresh &= grundy__wtable_claim(t, key(a, i), (unsigned)(i % 248), 0, &r) ==
                 GRUNDY__CODE_EMPTY;
        fresh &= grundy__wtable_code(t, r) == i % 248;
    }
    CHECK(fresh);
    return trips;
}

/* Every key found with its code; the probe lengths (buckets past the home
 * bucket): their mean, and how many pass GRUNDY__WTABLE_LONG. */
static void table_probes(grundy__wtable *t, uint64_t (*key)(const adversary *, uint64_t),
                         const adversary *a, double *mean, uint64_t *long_ones)
{
    int found = 1;
    uint64_t sum = 0;
    *long_ones = 0;
    for (uint64_t i = 0; i < a->n; i++) {
        grundy__wref r = 0;
        uint64_t k = key(a, i);
        found &= grundy__wtable_claim(t, k, GRUNDY__CODE_EMPTY, 0, &r) == i % 248;
        size_t home = grundy__wtable_home(t, k), d = ((r >> 3) + t->nb - home) % t->nb;
        sum += d;
        *long_ones += d > GRUNDY__WTABLE_LONG;
    }
    CHECK(found);
    *mean = (double)sum / (double)a->n;
}

static uint64_t sequential_key(const adversary *a, uint64_t i)
{
    (void)a;
    return i;
}

static uint64_t high_key(const adversary *a, uint64_t i)
{
    (void)a;
    return i << 32;
}

/* The bucket matches: every slot below the fill holding the key, and no
 * other, from the portable match and (where the processor has AVX2) the
 * AVX2 one, including a key equal to the bucket's eighth word (its codes
 * and fill), which the fill must mask off. */
static void test_match(void)
{
    static _Alignas(64) grundy__wbucket b;
    long rounds = quick() ? 20000 : 100000, eighth = 0;
    int avx2 = grundy__wtable_avx2();
    for (long r = 0; r < rounds; r++) {
        const uint64_t pool = 1 + harness_below(9); /* small: duplicates happen */
        for (unsigned j = 0; j < GRUNDY__WTABLE_SLOTS; j++) {
            b.key[j] = harness_below(pool) * 0x9e3779b97f4a7c15ull;
            b.code[j] = (unsigned char)harness_below(256);
        }
        unsigned fill = (unsigned)harness_below(GRUNDY__WTABLE_SLOTS + 1);
        b.fill = (unsigned char)fill;
        uint64_t key = harness_below(pool) * 0x9e3779b97f4a7c15ull;
        if (r % 7 == 0) { /* the eighth word: codes and fill */
            memcpy(&key, b.code, sizeof key);
            eighth++;
        }
        unsigned want = 0;
        for (unsigned j = 0; j < fill; j++)
            want |= (unsigned)(b.key[j] == key) << j;
        CHECK_EQ(grundy__wbucket_match(&b, key, fill), want);
#if GRUNDY__WTABLE_AVX2
        if (avx2)
            CHECK_EQ(grundy__wbucket_match_avx2(&b, key, fill), want);
#endif
    }
    printf("bucket match: %ld rounds (%ld keys equal to a bucket's eighth word), portable%s\n",
           rounds, eighth, avx2 ? " and AVX2" : "; AVX2 not run: this processor lacks it");
    CHECK(eighth > 0);
}

static void test_table_adversary(void)
{
    grundy_allocator al;
    CHECK_EQ(grundy__alloc_init(&al, NULL), GRUNDY_OK);
    const adversary a = adversary_new(quick() ? 50000 : 200000);
    /* The construction: the cheap hash of every key is ADV_C + i. */
    CHECK_EQ(adv_key(&a, 12345) * GRUNDY__WTABLE_MUL, ADV_C + 12345);
    CHECK_EQ(adv_index(&a, adv_key(&a, 777)), 777);
    grundy__wtable t;
    grundy__wtable_init(&t);
    /* In a table of any size they all have one home under the cheap hash. */
    int one_home = 1;
    for (size_t nb = 1024; nb <= 1u << 20; nb = nb * 3 / 2) {
        t.nb = nb;
        size_t home = grundy__wtable_home(&t, adv_key(&a, 0));
        for (uint64_t i = 1; i < a.n; i += 97)
            one_home &= grundy__wtable_home(&t, adv_key(&a, i)) == home;
    }
    CHECK(one_home);
    t.nb = 0;
    int trips = table_fill(&t, &al, adv_key, &a);
    CHECK_EQ(t.strong, 1);
    CHECK_EQ(trips, 1);
    CHECK_EQ(t.used, a.n);
    double mean = 99;
    uint64_t long_ones = 0;
    table_probes(&t, adv_key, &a, &mean, &long_ones);
    printf("adversarial keys: %llu in %zu buckets, strong hash, mean probe %.3f buckets, "
           "%llu past %d\n", (unsigned long long)a.n, t.nb, mean,
           (unsigned long long)long_ones, GRUNDY__WTABLE_LONG);
    CHECK(mean < 0.5);
    CHECK(long_ones <= a.n / 1000);
    /* Absent keys: not found, nothing entered. */
    const adversary more = adversary_new(a.n + 1000);
    int absent = 1;
    for (uint64_t i = a.n; i < more.n; i++) {
        grundy__wref r;
        absent &= grundy__wtable_claim(&t, adv_key(&more, i), GRUNDY__CODE_EMPTY, 0, &r) ==
                  GRUNDY__CODE_EMPTY;
    }
    CHECK(absent);
    CHECK_EQ(t.used, a.n);
    /* Removed keys: not found again until entered again; a rebuild drops them. */
    int gone = 1, back = 1;
    for (uint64_t i = 0; i < a.n; i += 2) {
        grundy__wref r;
        (void)grundy__wtable_claim(&t, adv_key(&a, i), GRUNDY__CODE_EMPTY, 0, &r);
        grundy__wtable_remove(&t, r);
    }
    for (uint64_t i = 0; i < a.n; i += 2) {
        grundy__wref r;
        gone &= grundy__wtable_claim(&t, adv_key(&a, i), GRUNDY__CODE_EMPTY, 0, &r) ==
                GRUNDY__CODE_EMPTY;
    }
    CHECK(gone);
    CHECK_EQ(grundy__wtable_rebuild(&t, &al, t.nb, t.strong, 0), GRUNDY_OK);
    CHECK_EQ(t.used, a.n / 2);
    for (uint64_t i = 0; i < a.n; i++) {
        grundy__wref r;
        unsigned code = grundy__wtable_claim(&t, adv_key(&a, i), GRUNDY__CODE_EMPTY, 0, &r);
        back &= code == (i % 2 == 0 ? GRUNDY__CODE_EMPTY : i % 248);
    }
    CHECK(back);
    grundy__wtable_free(&t, &al);
    CHECK_EQ(t.nb, 0);

    /* Ordinary keys do not trip the guard: counters, and words whose high
     * half alone differs (a heap packed above bit 32). */
    uint64_t (*const plain[2])(const adversary *, uint64_t) = {sequential_key, high_key};
    for (int k = 0; k < 2; k++) {
        grundy__wtable_init(&t);
        CHECK_EQ(table_fill(&t, &al, plain[k], &a), 0);
        CHECK_EQ(t.strong, 0);
        table_probes(&t, plain[k], &a, &mean, &long_ones);
        CHECK(mean < 1.0);
        CHECK_EQ(long_ones, 0);
        grundy__wtable_free(&t, &al);
    }
}

/* A game on the adversarial keys: x_i -> x_{i+1}, x_{i+2} (those < n), so
 * that x_i has the number (n - 1 - i) mod 3.  With `lead`, a first part of
 * `lead` ordinary positions (the same rules, on words 5 << 60 | j) before
 * them, under a root (the word 1) with the two parts' firsts as options:
 * on two threads, the second starts while the first is in the ordinary
 * part and meets the adversarial keys, where the guard trips on a shared
 * table. */
typedef struct adv_game {
    adversary a;
    uint64_t lead;
} adv_game;

#define LEAD_TAG ((uint64_t)5 << 60)
#define ADV_ROOT 1u

static int adv_moves(void *user, uint64_t pos, grundy_options *out)
{
    const adv_game *g = user;
    uint64_t opts[2];
    size_t n = 0;
    if (pos == ADV_ROOT && g->lead > 0) {
        opts[n++] = LEAD_TAG;
        opts[n++] = adv_key(&g->a, 0);
        return grundy_options_add_each(out, opts, n);
    }
    if (pos >= LEAD_TAG && pos < LEAD_TAG + g->lead) {
        uint64_t j = pos - LEAD_TAG;
        for (uint64_t s = 1; s <= 2 && j + s < g->lead; s++)
            opts[n++] = pos + s;
        return grundy_options_add_each(out, opts, n);
    }
    uint64_t i = adv_index(&g->a, pos);
    if (i == g->a.n)
        return GRUNDY_ERANGE;
    for (uint64_t s = 1; s <= 2 && i + s < g->a.n; s++)
        opts[n++] = adv_key(&g->a, i + s);
    return grundy_options_add_each(out, opts, n);
}

static void test_adversary_games(void)
{
    adv_game ag = {adversary_new(quick() ? 40000 : 200000), 0};
    /* None of the ordinary positions is taken for an adversarial one. */
    CHECK_EQ(adv_index(&ag.a, ADV_ROOT), ag.a.n);
    for (int threads = 1; threads <= 2; threads++) {
        ag.lead = threads == 2 ? (quick() ? 30000 : 60000) : 0;
        int distinct = 1;
        for (uint64_t j = 0; j < ag.lead; j++)
            distinct &= adv_index(&ag.a, LEAD_TAG + j) == ag.a.n;
        CHECK(distinct);
        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, adv_moves, &ag, NULL), GRUNDY_OK))
            return;
        set_threads(game, (unsigned)threads);
        uint64_t p = ag.lead > 0 ? ADV_ROOT : adv_key(&ag.a, 0);
        uint32_t v = 12345, first = (uint32_t)((ag.a.n - 1) % 3);
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
        if (ag.lead > 0) {
            uint32_t lead_first = (uint32_t)((ag.lead - 1) % 3), opts[2] = {lead_first, first};
            CHECK_EQ(v, mex(opts, 2));
        } else {
            CHECK_EQ(v, first);
        }
        CHECK_EQ(game->words[GRUNDY_PLAY_NORMAL].table.strong, 1);
        uint64_t stored = 0, bytes = 0, want = ag.a.n + ag.lead + (ag.lead > 0);
        grundy_game_stats(game, &stored, &bytes);
        CHECK_EQ(stored, want);
        CHECK(bytes <= 16 * want + 64);
        int right = 1;
        for (uint64_t i = 0; i < ag.a.n; i++) {
            p = adv_key(&ag.a, i);
            right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v) == GRUNDY_OK &&
                     v == (ag.a.n - 1 - i) % 3;
        }
        CHECK(right);
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, want); /* every one was stored already */
        grundy_game_free(game);
    }
}

/* One heap of the subtraction game {1, 2, 5}, the heap kept above bit 40
 * (a heap packed high in a word): the cheap hash alone serves it, no guard
 * trip, and every value is the brute force's. */
#define HIGH_SHIFT 40

static int high_heap_moves(void *user, uint64_t pos, grundy_options *out)
{
    (void)user;
    uint64_t h = pos >> HIGH_SHIFT;
    static const uint64_t take[3] = {1, 2, 5};
    for (int i = 0; i < 3; i++) {
        uint64_t o = (h - take[i]) << HIGH_SHIFT;
        if (take[i] <= h)
            ADD_OR_RETURN(grundy_options_add(out, &o, 1));
    }
    return 0;
}

static void test_high_keys_game(void)
{
    const uint64_t n = quick() ? 60000 : 200000;
    unsigned char *want = malloc(n);
    if (!CHECK(want != NULL))
        return;
    for (uint64_t h = 0; h < n; h++) {
        unsigned seen = 0;
        for (uint64_t t = 1; t <= 5; t += t == 2 ? 3 : 1)
            if (t <= h)
                seen |= 1u << want[h - t];
        want[h] = (unsigned char)__builtin_ctz(~seen);
    }
    grundy_game *game = NULL;
    if (!CHECK_EQ(grundy_game_new_u64(&game, high_heap_moves, NULL, NULL), GRUNDY_OK)) {
        free(want);
        return;
    }
    uint64_t p = (n - 1) << HIGH_SHIFT;
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, want[n - 1]);
    CHECK_EQ(game->words[GRUNDY_PLAY_NORMAL].table.strong, 0);
    int right = 1;
    for (uint64_t h = 0; h < n; h += 7) {
        p = h << HIGH_SHIFT;
        right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v) == GRUNDY_OK &&
                 v == want[h];
    }
    CHECK(right);
    uint64_t stored = 0;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, n);
    grundy_game_free(game);
    free(want);
}

/* ------------------------------------------------------------------------ */
/* Games for the threads: Kayles on a row of pins as a bitmask (knock down
 * one pin or two adjacent ones), and three heaps of a subtraction game
 * (take 1, 2 or 5) sorted and packed 16 bits each (or, dense, the index
 * a + s b + s^2 c).  Their generators keep no state: two threads may call
 * them.  The closed forms: the xor of each row's (heap's) number. */

typedef struct tgame {
    int kind;          /* KAYLES or TRIPLES */
    int dense;
    unsigned pins;     /* Kayles */
    uint32_t top;      /* triples: heaps up to top */
    uint64_t cycle_at; /* Kayles: this mask also has an option to itself with one more pin */
    uint64_t cycle_pin;
    int count_threads; /* note calls from threads other than the creator's */
    pthread_t creator;
    int other_thread;  /* atomic: the generator ran on another thread */
} tgame;

enum { KAYLES, TRIPLES };

static uint32_t kayles_row[64], sub125[4096];

static void closed_forms(void)
{
    for (int n = 0; n < 64; n++) {
        uint32_t x[128];
        int m = 0;
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int a = 0; a <= n - take; a++)
                x[m++] = kayles_row[a] ^ kayles_row[n - take - a];
        kayles_row[n] = mex(x, m);
    }
    for (int n = 0; n < 4096; n++) {
        uint32_t x[3];
        int m = 0;
        for (int t = 0; t < 3; t++) {
            int take = t == 0 ? 1 : t == 1 ? 2 : 5;
            if (take <= n)
                x[m++] = sub125[n - take];
        }
        sub125[n] = mex(x, m);
    }
}

static uint32_t kayles_value(uint64_t mask)
{
    uint32_t v = 0;
    int run = 0;
    for (; mask != 0 || run > 0; mask >>= 1) {
        if (mask & 1) {
            run++;
        } else {
            v ^= kayles_row[run];
            run = 0;
        }
    }
    return v;
}

static void sort3(uint32_t h[3])
{
    uint32_t t;
    if (h[0] > h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
    if (h[1] > h[2]) { t = h[1]; h[1] = h[2]; h[2] = t; }
    if (h[0] > h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
}

static uint64_t tri_key(const tgame *g, const uint32_t h[3])
{
    uint64_t s = g->top + 1;
    if (g->dense)
        return h[0] + s * (h[1] + s * h[2]);
    return (uint64_t)h[0] | (uint64_t)h[1] << 16 | (uint64_t)h[2] << 32;
}

static void tri_heaps(const tgame *g, uint64_t key, uint32_t h[3])
{
    uint64_t s = g->top + 1;
    if (g->dense) {
        h[0] = (uint32_t)(key % s);
        h[1] = (uint32_t)(key / s % s);
        h[2] = (uint32_t)(key / s / s);
    } else {
        h[0] = (uint32_t)(key & 0xffff);
        h[1] = (uint32_t)(key >> 16 & 0xffff);
        h[2] = (uint32_t)(key >> 32);
    }
}

static uint64_t tgame_root(const tgame *g)
{
    if (g->kind == KAYLES)
        return ((uint64_t)1 << g->pins) - 1;
    uint32_t h[3] = {g->top, g->top, g->top};
    return tri_key(g, h);
}

static uint64_t tgame_bound(const tgame *g)
{
    if (g->kind == KAYLES)
        return (uint64_t)1 << g->pins;
    uint64_t s = g->top + 1;
    return s * s * s;
}

/* The positions the root reaches: every mask, every sorted triple. */
static uint64_t tgame_count(const tgame *g)
{
    if (g->kind == KAYLES)
        return (uint64_t)1 << g->pins;
    uint64_t s = g->top;
    return (s + 1) * (s + 2) * (s + 3) / 6;
}

static int tgame_moves(void *user, uint64_t pos, grundy_options *out)
{
    tgame *g = user;
    uint64_t opt[64];
    size_t k = 0;
    if (g->count_threads && !pthread_equal(pthread_self(), g->creator))
        __atomic_store_n(&g->other_thread, 1, __ATOMIC_RELAXED);
    if (g->kind == KAYLES) {
        for (unsigned i = 0; i < g->pins; i++) {
            uint64_t pin = (uint64_t)1 << i;
            if ((pos & pin) == 0)
                continue;
            opt[k++] = pos & ~pin;
            if (pos & pin << 1)
                opt[k++] = pos & ~(pin | pin << 1);
        }
        if (pos == g->cycle_at)
            opt[k++] = pos | g->cycle_pin;
    } else {
        uint32_t h[3];
        tri_heaps(g, pos, h);
        for (int i = 0; i < 3; i++) {
            if (i > 0 && h[i] == h[i - 1])
                continue;
            for (int t = 0; t < 3; t++) {
                uint32_t take = t == 0 ? 1 : t == 1 ? 2 : 5, x[3] = {h[0], h[1], h[2]};
                if (take > h[i])
                    continue;
                x[i] -= take;
                sort3(x);
                opt[k++] = tri_key(g, x);
            }
        }
    }
    return grundy_options_add_each(out, opt, k);
}

/* Calls fn(position) for every position the root reaches; 0 stops. */
static int tgame_each(const tgame *g, int (*fn)(void *, uint64_t), void *ctx)
{
    if (g->kind == KAYLES) {
        for (uint64_t m = 0; m < tgame_count(g); m++)
            if (!fn(ctx, m))
                return 0;
        return 1;
    }
    for (uint32_t c = 0; c <= g->top; c++)
        for (uint32_t b = 0; b <= c; b++)
            for (uint32_t a = 0; a <= b; a++) {
                uint32_t h[3] = {a, b, c};
                if (!fn(ctx, tri_key(g, h)))
                    return 0;
            }
    return 1;
}

static uint32_t tgame_value(const tgame *g, uint64_t pos)
{
    if (g->kind == KAYLES)
        return kayles_value(pos);
    uint32_t h[3];
    tri_heaps(g, pos, h);
    return sub125[h[0]] ^ sub125[h[1]] ^ sub125[h[2]];
}

static grundy_game *tgame_new(tgame *g, const grundy_allocator *a, int *rc)
{
    grundy_game *game = NULL;
    g->creator = pthread_self();
    *rc = g->dense ? grundy_game_new_dense(&game, tgame_bound(g), tgame_moves, g, a)
                   : grundy_game_new_u64(&game, tgame_moves, g, a);
    return game;
}

/* Every position the root reaches answers its closed form under normal
 * play, without evaluating anything (the count of stored positions stays). */
typedef struct all_check {
    grundy_game *game;
    const tgame *g;
    uint64_t wrong, first_wrong;
} all_check;

static int check_one(void *ctx, uint64_t pos)
{
    all_check *c = ctx;
    uint32_t v = 12345;
    int rc = grundy_game_value(c->game, GRUNDY_PLAY_NORMAL, &pos, &v);
    if (rc != GRUNDY_OK || v != tgame_value(c->g, pos)) {
        if (c->wrong++ == 0)
            c->first_wrong = pos;
    }
    return 1;
}

static void check_every_position(grundy_game *game, const tgame *g, const char *what)
{
    uint64_t before = 0, after = 0;
    grundy_game_stats(game, &before, NULL);
    all_check c = {game, g, 0, 0};
    tgame_each(g, check_one, &c);
    grundy_game_stats(game, &after, NULL);
    if (!CHECK_EQ(c.wrong, 0))
        fprintf(stderr, "%s: %llu positions wrong, the first %#llx\n", what,
                (unsigned long long)c.wrong, (unsigned long long)c.first_wrong);
    if (!CHECK_EQ(after, before))
        fprintf(stderr, "%s: %llu positions were missing\n", what,
                (unsigned long long)(after - before));
}

/* ------------------------------------------------------------------------ */
/* 5. Failing allocations, one at a time: an allocator like failing_alloc.h's
 * whose counters two threads may touch at once. */

typedef struct shared_failing {
    long calls, fail_at, live, failures; /* atomic */
} shared_failing;

static int sf_fails(shared_failing *f)
{
    long n = __atomic_add_fetch(&f->calls, 1, __ATOMIC_RELAXED);
    if (n != __atomic_load_n(&f->fail_at, __ATOMIC_RELAXED))
        return 0;
    __atomic_add_fetch(&f->failures, 1, __ATOMIC_RELAXED);
    return 1;
}

static void *sf_malloc(void *user, size_t size)
{
    shared_failing *f = user;
    if (sf_fails(f))
        return NULL;
    void *p = malloc(size);
    if (p != NULL)
        __atomic_add_fetch(&f->live, 1, __ATOMIC_RELAXED);
    return p;
}

static void *sf_realloc(void *user, void *ptr, size_t size)
{
    shared_failing *f = user;
    if (sf_fails(f))
        return NULL;
    return realloc(ptr, size);
}

static void sf_free(void *user, void *ptr)
{
    shared_failing *f = user;
    if (ptr != NULL)
        __atomic_sub_fetch(&f->live, 1, __ATOMIC_RELAXED);
    free(ptr);
}

static long sf_failures(shared_failing *f)
{
    return __atomic_load_n(&f->failures, __ATOMIC_RELAXED);
}

/* One evaluation step of a scenario: the call fails with ENOMEM exactly
 * when an allocation failed during it (two threads: or succeeds, when the
 * second thread's failure came after the first had its answer); then with
 * memory back the same call gives the right value.  Returns 0 if a check
 * failed. */
static int step(shared_failing *f, grundy_game *game, int play, uint64_t pos, uint32_t want,
                int threads)
{
    uint32_t v = 12345;
    long before = sf_failures(f);
    int rc = grundy_game_value(game, play, &pos, &v), ok = 1;
    if (sf_failures(f) != before) {
        ok &= CHECK(rc == GRUNDY_ENOMEM || (threads && rc == GRUNDY_OK && v == want));
        __atomic_store_n(&f->fail_at, 0, __ATOMIC_RELAXED);
        rc = grundy_game_value(game, play, &pos, &v);
    }
    ok &= CHECK_EQ(rc, GRUNDY_OK);
    ok &= CHECK_EQ(v, want);
    return ok;
}

/* The one-thread scenarios' rules: positions below NIM_FROM a game with
 * splits (n -> n - 1, {n / 2, n / 3}, {} when 7 divides n, {n - 3, n - 5,
 * n / 4}) up to rich_n, Nim heaps p - NIM_FROM above (numbers past 247):
 * nim_top of them (RICH_N and NIM_TOP, fewer when quick). */
#define RICH_N 3000u
#define NIM_FROM 4000u
#define NIM_TOP 400u

static uint32_t rich_n = RICH_N, nim_top = NIM_TOP;

static int rich_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    if (n >= NIM_FROM) {
        uint64_t opts[NIM_TOP];
        size_t k = 0;
        for (uint64_t h = NIM_FROM; h < n; h++)
            opts[k++] = h;
        return grundy_options_add_each(out, opts, k);
    }
    if (n >= 1)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n - 1}, 1));
    if (n >= 2)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n / 2, n / 3}, 2));
    if (n % 7 == 0)
        ADD_OR_RETURN(grundy_options_add(out, NULL, 0));
    if (n >= 5)
        ADD_OR_RETURN(grundy_options_add(out, (const uint64_t[]){n - 3, n - 5, n / 4}, 3));
    return 0;
}

static uint32_t rich_value[RICH_N + 1];

static void rich_brute(void)
{
    for (uint32_t n = 0; n <= RICH_N; n++) {
        uint32_t x[4];
        int k = 0;
        if (n >= 1)
            x[k++] = rich_value[n - 1];
        if (n >= 2)
            x[k++] = rich_value[n / 2] ^ rich_value[n / 3];
        if (n % 7 == 0)
            x[k++] = 0;
        if (n >= 5)
            x[k++] = rich_value[n - 3] ^ rich_value[n - 5] ^ rich_value[n / 4];
        rich_value[n] = mex(x, k);
    }
}

/* A scenario: creates its game on f (dense or not, threads), and runs its
 * steps; returns 0 when creating failed (which must be with ENOMEM). */
typedef int (*scenario_fn)(shared_failing *f, int dense);

static grundy_game *scenario_game(shared_failing *f, const grundy_allocator *a, int dense,
                                  int *created)
{
    grundy_game *game = (grundy_game *)&game;
    int rc = dense ? grundy_game_new_dense(&game, NIM_FROM + nim_top, rich_moves, NULL, a)
                   : grundy_game_new_u64(&game, rich_moves, NULL, a);
    *created = rc == GRUNDY_OK;
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        CHECK_EQ(sf_failures(f), 1);
        return NULL;
    }
    return game;
}

static int scenario_rich(shared_failing *f, int dense)
{
    grundy_allocator a = {sf_malloc, sf_realloc, sf_free, f};
    int created;
    grundy_game *game = scenario_game(f, &a, dense, &created);
    if (game == NULL)
        return 0;
    step(f, game, GRUNDY_PLAY_NORMAL, 100, rich_value[100], 0);
    step(f, game, GRUNDY_PLAY_NORMAL, rich_n, rich_value[rich_n], 0);
    const uint32_t misere = nim_top - 10, conjunctive = 100;
    step(f, game, GRUNDY_PLAY_NORMAL, NIM_FROM + nim_top - 1, nim_top - 1, 0);
    step(f, game, GRUNDY_PLAY_MISERE, NIM_FROM + misere, misere, 0); /* misère Nim: h past 1 */
    step(f, game, GRUNDY_PLAY_CONJUNCTIVE, NIM_FROM + conjunctive, 1, 0); /* remoteness: to 0 */
    uint64_t stored = 0;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, rich_n + 1 + nim_top + misere + 1 + conjunctive + 1);
    grundy_game_free(game);
    return 1;
}

/* Kayles on two threads, hashed or dense: 15 pins are 32768 positions,
 * and the table grows once more while both threads run. */
static int scenario_threads(shared_failing *f, int dense)
{
    grundy_allocator a = {sf_malloc, sf_realloc, sf_free, f};
    tgame g = {KAYLES, dense, quick() ? 15 : 16, 0, UINT64_MAX, 0, 0, pthread_self(), 0};
    int rc;
    grundy_game *game = tgame_new(&g, &a, &rc);
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        return 0;
    }
    set_threads(game, 2);
    step(f, game, GRUNDY_PLAY_NORMAL, tgame_root(&g), tgame_value(&g, tgame_root(&g)), 1);
    uint64_t stored = 0;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, tgame_count(&g));
    grundy_game_free(game);
    return 1;
}

/* The lean search (game_word.c) and its hand-over to the general one, at
 * every point it happens: an option of two parts or none met while the
 * generator runs deep in the stack (one-part options before it in the same
 * call), a known number of 64 or more, a mex of 64 (every number below it
 * among the options).  Positions n <= LEAN_N move to n - 1, n - 2, n - 7;
 * every 89th also to Nim heap 64 + (n / 89) % 16; every 97th also to
 * {n / 2, n / 3}; every 101st also to the finished position.  Nim heaps
 * h < LEAN_HEAPS (positions LEAN_NIM + h) move to every smaller heap.  A
 * position is the word 2n; with canonical forms, the generator writes odd
 * n as 2n + 1 and the canonical form clears bit 0.  Options go one call
 * each or in runs, values are checked against a brute force, and every
 * position is generated exactly once. */
#define LEAN_N 3000u
#define LEAN_NIM 100000u
#define LEAN_HEAPS 80u

typedef struct lean_case {
    int each, canon;
    long calls[LEAN_N + 1 + LEAN_HEAPS];
    long bad;
} lean_case;

static uint64_t lean_key(const lean_case *c, uint64_t n)
{
    return 2 * n + (c->canon ? (n & 1) : 0);
}

static uint64_t lean_canon(void *user, uint64_t pos)
{
    (void)user;
    return pos & ~(uint64_t)1;
}

static int lean_add_all(const lean_case *c, grundy_options *out, const uint64_t *n, size_t k)
{
    uint64_t keys[LEAN_HEAPS + 8];
    for (size_t i = 0; i < k; i++)
        keys[i] = lean_key(c, n[i]);
    if (c->each)
        return grundy_options_add_each(out, keys, k);
    for (size_t i = 0; i < k; i++)
        ADD_OR_RETURN(grundy_options_add(out, &keys[i], 1));
    return 0;
}

static int lean_moves(void *user, uint64_t pos, grundy_options *out)
{
    lean_case *c = user;
    uint64_t n = pos >> 1, opts[LEAN_HEAPS + 8];
    size_t k = 0;
    if ((pos & 1) != 0 || (n > LEAN_N && (n < LEAN_NIM || n >= LEAN_NIM + LEAN_HEAPS))) {
        c->bad++;
        return GRUNDY_ERANGE;
    }
    if (n >= LEAN_NIM) {
        c->calls[LEAN_N + 1 + (n - LEAN_NIM)]++;
        for (uint64_t h = LEAN_NIM; h < n; h++)
            opts[k++] = h;
        return lean_add_all(c, out, opts, k);
    }
    c->calls[n]++;
    for (uint64_t d = 1; d <= 7; d++)
        if ((d <= 2 || d == 7) && n >= d)
            opts[k++] = n - d;
    if (n % 89 == 0 && n > 0)
        opts[k++] = LEAN_NIM + 64 + (n / 89) % 16;
    ADD_OR_RETURN(lean_add_all(c, out, opts, k));
    if (n % 97 == 0 && n >= 2) {
        uint64_t two[2] = {lean_key(c, n / 2), lean_key(c, n / 3)};
        ADD_OR_RETURN(grundy_options_add(out, two, 2));
    }
    if (n % 101 == 0)
        ADD_OR_RETURN(grundy_options_add(out, NULL, 0));
    return 0;
}

static void test_lean_handover(void)
{
    static uint32_t v[LEAN_N + 1];
    for (uint32_t n = 0; n <= LEAN_N; n++) {
        uint32_t x[8];
        int k = 0;
        for (uint32_t d = 1; d <= 7; d++)
            if ((d <= 2 || d == 7) && n >= d)
                x[k++] = v[n - d];
        if (n % 89 == 0 && n > 0)
            x[k++] = 64 + (n / 89) % 16;
        if (n % 97 == 0 && n >= 2)
            x[k++] = v[n / 2] ^ v[n / 3];
        if (n % 101 == 0)
            x[k++] = 0;
        v[n] = mex(x, k);
    }
    for (int round = 0; round < 12; round++) {
        static lean_case c;
        memset(&c, 0, sizeof c);
        c.each = round & 1;
        c.canon = round >> 1 & 1;
        int order = round >> 2; /* 0: the top first; 1: a Nim heap of 64 first; 2: upwards */
        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, lean_moves, &c, NULL), GRUNDY_OK))
            return;
        if (c.canon)
            CHECK_EQ(grundy_game_set_canon_u64(game, lean_canon), GRUNDY_OK);
        int right = 1;
        uint32_t value = 0;
        if (order == 1) {
            uint64_t p = 2 * (LEAN_NIM + 64);
            right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &value) == GRUNDY_OK &&
                     value == 64;
        }
        for (uint32_t i = 0; i <= LEAN_N; i++) {
            uint32_t n = order == 2 ? i : LEAN_N - i;
            uint64_t p = 2 * (uint64_t)n;
            right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &value) == GRUNDY_OK &&
                     value == v[n];
        }
        for (uint32_t h = 0; h < LEAN_HEAPS; h++) {
            uint64_t p = 2 * (LEAN_NIM + h);
            right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &value) == GRUNDY_OK &&
                     value == h;
        }
        CHECK(right);
        int once = 1;
        for (size_t i = 0; i < LEAN_N + 1 + LEAN_HEAPS; i++)
            once &= c.calls[i] == 1;
        CHECK(once);
        CHECK_EQ(c.bad, 0);
        uint64_t stored = 0;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, LEAN_N + 1 + LEAN_HEAPS);
        grundy_game_free(game);
    }
}

/* Fails allocation n = 1, 2, ... (every `stride`-th) until a run fails
 * none: every run leaves nothing live after its game is freed. */
static void fail_each(scenario_fn scenario, int dense, long stride, const char *name)
{
    long n = 1, runs = 0, clean_calls = 0;
    for (;; n += stride, runs++) {
        shared_failing f = {0, n, 0, 0};
        scenario(&f, dense);
        CHECK_EQ(__atomic_load_n(&f.live, __ATOMIC_RELAXED), 0);
        CHECK(f.failures <= 1);
        if (f.failures == 0) {
            clean_calls = f.calls;
            break;
        }
        if (!CHECK(n < 5000))
            break;
    }
    printf("%s: failed %ld of its first %ld allocations in turn (%ld in a run)\n", name, runs,
           n - 1, clean_calls);
    CHECK(runs > 5);
}

static void test_alloc_failure(void)
{
    /* Under the sanitizers and Valgrind (quick), every second allocation of
     * the two-thread runs; ThreadSanitizer makes each some 40 times slower:
     * every fourth there (races, not allocation paths, are its job). */
    const long stride = UNDER_TSAN ? 4 : quick() ? 2 : 1;
    rich_brute();
    rich_n = quick() ? 1000 : RICH_N;
    nim_top = quick() ? 260 : NIM_TOP; /* past 247 either way */
    fail_each(scenario_rich, 0, 1, "u64 game");
    fail_each(scenario_rich, 1, 1, "dense game");
    fail_each(scenario_threads, 0, stride, "two threads");
    fail_each(scenario_threads, 1, stride, "two threads, dense");
}

/* ------------------------------------------------------------------------ */
/* 6. Two threads against one. */

/* Evaluates g's root on a new game (threads as given); *stored its count. */
static grundy_game *evaluate(tgame *g, unsigned threads, int expect, uint64_t *stored)
{
    int rc;
    grundy_game *game = tgame_new(g, NULL, &rc);
    if (!CHECK_EQ(rc, GRUNDY_OK))
        return NULL;
    set_threads(game, threads);
    uint64_t p = tgame_root(g);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), expect);
    if (expect == GRUNDY_OK)
        CHECK_EQ(v, tgame_value(g, p));
    grundy_game_stats(game, stored, NULL);
    return game;
}

/* Searches whose pair retired at its trial, of those asked to retire:
 * one may end before its trial, the second thread having evaluated the
 * whole game first (seen under Valgrind, which runs one thread at a time). */
static int retired_runs, retire_runs;

static void threads_against_one(tgame *g, const char *what, int runs, int *second_ran)
{
    uint64_t one = 0, two = 0;
    g->count_threads = 0;
    grundy_game *game = evaluate(g, 1, GRUNDY_OK, &one);
    CHECK_EQ(one, tgame_count(g));
    grundy_game_free(game);
    for (int r = 0; r < runs; r++) {
        g->count_threads = 1;
        __atomic_store_n(&g->other_thread, 0, __ATOMIC_RELAXED);
        game = evaluate(g, 2, GRUNDY_OK, &two);
        *second_ran += __atomic_load_n(&g->other_thread, __ATOMIC_RELAXED);
        if (pair_trial == GRUNDY__PAIR_RETIRE) { /* large enough for a trial */
            CHECK(game->pair_retired <= 1u);
            retired_runs += (int)game->pair_retired;
            retire_runs++;
        }
        if (pair_trial == GRUNDY__PAIR_KEEP)
            CHECK_EQ(game->pair_retired, 0u);
        if (!CHECK_EQ(two, one))
            fprintf(stderr, "%s, two threads, run %d: %llu positions stored, one thread %llu\n",
                    what, r, (unsigned long long)two, (unsigned long long)one);
        check_every_position(game, g, what);
        grundy_game_free(game);
    }
}

/* The memory cap reached on two threads: ELIMIT with a message, the memo
 * within the cap, and the game right afterwards without it. */
static void threads_cap(tgame *g)
{
    uint64_t bytes = 0, stored = 0, full = 0;
    grundy_game *game = evaluate(g, 1, GRUNDY_OK, &full);
    grundy_game_stats(game, NULL, &bytes);
    grundy_game_free(game);
    int rc;
    game = tgame_new(g, NULL, &rc);
    if (!CHECK_EQ(rc, GRUNDY_OK))
        return;
    set_threads(game, 2);
    /* 0.6 of the memo's bytes: the table may grow (old and new blocks
     * together) to about 0.4 of its positions, well past the second
     * thread's start. */
    const uint64_t limit = bytes * 3 / 5;
    grundy_game_set_memory_limit(game, (size_t)limit);
    uint64_t p = tgame_root(g);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ELIMIT);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    uint64_t capped = 0;
    grundy_game_stats(game, &stored, &capped);
    CHECK(capped <= limit);
    CHECK(stored > 16384 && stored < full);
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, tgame_value(g, p));
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, full);
    check_every_position(game, g, "after the cap");
    grundy_game_free(game);
}

typedef struct cancel_log {
    long calls;
    long stop_at;
    int off_thread;
    pthread_t caller;
} cancel_log;

static int cancel_progress(void *user, uint64_t done, uint64_t total)
{
    cancel_log *c = user;
    (void)done;
    (void)total;
    c->off_thread |= !pthread_equal(pthread_self(), c->caller);
    return ++c->calls >= c->stop_at;
}

/* n -> n + 1, n + 2, n + 3 (those below len): (len - 1 - n) mod 4.  Cheap
 * per position, so that the first thread's share passes 65536 positions
 * (the progress callback's step) however the threads are scheduled. */
static int steps_moves(void *user, uint64_t n, grundy_options *out)
{
    const uint64_t len = *(const uint64_t *)user;
    uint64_t opts[3];
    size_t k = 0;
    for (uint64_t s = 1; s <= 3 && n + s < len; s++)
        opts[k++] = n + s;
    return grundy_options_add_each(out, opts, k);
}

/* A progress callback that cancels on two threads: ECANCELED, called on
 * the calling thread only; then the game right without it. */
static void threads_cancel(int dense)
{
    uint64_t len = 400000;
    grundy_game *game = NULL;
    int rc = dense ? grundy_game_new_dense(&game, len, steps_moves, &len, NULL)
                   : grundy_game_new_u64(&game, steps_moves, &len, NULL);
    if (!CHECK_EQ(rc, GRUNDY_OK))
        return;
    set_threads(game, 2);
    cancel_log c = {0, 1, 0, pthread_self()};
    grundy_game_set_progress(game, cancel_progress, &c);
    uint64_t p = 0, stored = 0;
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_ECANCELED);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(c.calls, 1);
    CHECK_EQ(c.off_thread, 0);
    grundy_game_stats(game, &stored, NULL);
    CHECK(stored >= 65536 && stored < len);
    grundy_game_set_progress(game, NULL, NULL);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
    CHECK_EQ(v, (len - 1) % 4);
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, len);
    int right = 1;
    for (p = 0; p < len; p += quick() ? 5 : 1)
        right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v) == GRUNDY_OK &&
                 v == (len - 1 - p) % 4;
    CHECK(right);
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, len);
    grundy_game_free(game);
}

/* Kayles whose mask cycle_at (half the pins, past the first 2^(pins-1)
 * positions in the first thread's order) also leads to itself with one
 * more pin: ECYCLE on one thread and two; afterwards every mask that does
 * not hold cycle_at is right and those that do fail again. */
typedef struct cycle_check {
    grundy_game *game;
    uint64_t cycle_at;
    uint64_t wrong;
} cycle_check;

static int check_cycle_one(void *ctx, uint64_t mask)
{
    cycle_check *c = ctx;
    uint32_t v = 12345;
    int rc = grundy_game_value(c->game, GRUNDY_PLAY_NORMAL, &mask, &v);
    if ((mask & c->cycle_at) == c->cycle_at)
        c->wrong += rc != GRUNDY_ECYCLE;
    else
        c->wrong += rc != GRUNDY_OK || v != kayles_value(mask);
    return 1;
}

static void threads_cycle(unsigned pins, int dense, int runs)
{
    tgame g = {KAYLES, dense, pins, 0, 0, 0, 0, pthread_self(), 0};
    g.cycle_at = ((uint64_t)1 << (pins / 2)) - 1; /* pins 0 .. pins/2 - 1 */
    g.cycle_pin = (uint64_t)1 << (pins / 2);
    uint64_t holding = (uint64_t)1 << (pins - pins / 2); /* masks holding cycle_at */
    for (int r = 0; r < runs; r++) {
        for (unsigned threads = 1; threads <= 2; threads++) {
            uint64_t stored = 0;
            grundy_game *game = evaluate(&g, threads, GRUNDY_ECYCLE, &stored);
            if (game == NULL)
                continue;
            CHECK(strlen(grundy_game_errmsg(game)) > 0);
            /* At least the first thread's part before the second starts. */
            CHECK(stored >= 16384 && stored <= tgame_count(&g) - holding);
            cycle_check c = {game, g.cycle_at, 0};
            tgame_each(&g, check_cycle_one, &c);
            CHECK_EQ(c.wrong, 0);
            grundy_game_stats(game, &stored, NULL);
            CHECK_EQ(stored, tgame_count(&g) - holding);
            grundy_game_free(game);
        }
    }
}

/* Numbers past 247 on two threads (the side table they share): a game
 * n -> n + 1 .. n + 250 (those below `len`), whose numbers are
 * (len - 1 - n) mod 251; without a cap, under a cap never reached (every
 * store of a large number and every growth then measures the game's bytes,
 * both searchers' stacks included, while both run), and under a cap that
 * is reached. */
static int wide_chain_moves(void *user, uint64_t n, grundy_options *out)
{
    const uint64_t len = *(const uint64_t *)user;
    uint64_t opts[250];
    size_t k = 0;
    for (uint64_t s = 1; s <= 250 && n + s < len; s++)
        opts[k++] = n + s;
    return grundy_options_add_each(out, opts, k);
}

static void threads_big_numbers(void)
{
    uint64_t len = quick() ? 20000 : 40000, stored = 0, p = 0;
    /* The search's stacks hold every option of every frame: some 8 x 250
     * bytes a position deep, far more than the memo. */
    const size_t caps[3] = {0, (size_t)1 << 40, (size_t)len * 10};
    for (int c = quick(); c < 3; c++) {
        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, wide_chain_moves, &len, NULL), GRUNDY_OK))
            return;
        set_threads(game, 2);
        grundy_game_set_memory_limit(game, caps[c]);
        uint32_t v = 12345;
        p = 0;
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v),
                 c == 2 ? GRUNDY_ELIMIT : GRUNDY_OK);
        grundy_game_set_memory_limit(game, 0);
        CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v), GRUNDY_OK);
        CHECK_EQ(v, (len - 1) % 251);
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, len);
        int right = 1;
        for (p = 0; p < len; p++)
            right &= grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &v) == GRUNDY_OK &&
                     v == (len - 1 - p) % 251;
        CHECK(right);
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, len);
        grundy_game_free(game);
    }
}

/* Plays other than normal on a game asked for two threads: the values of
 * one thread. */
static void threads_other_plays(unsigned pins)
{
    tgame g = {KAYLES, 0, pins, 0, UINT64_MAX, 0, 0, pthread_self(), 0};
    for (int pi = 1; pi < NPLAYS; pi++) {
        if (quick() && plays[pi] != GRUNDY_PLAY_MISERE && plays[pi] != GRUNDY_PLAY_CONTINUED)
            continue;
        grundy_game *one = NULL, *two = NULL;
        int rc1, rc2;
        one = tgame_new(&g, NULL, &rc1);
        two = tgame_new(&g, NULL, &rc2);
        if (CHECK_EQ(rc1, GRUNDY_OK) && CHECK_EQ(rc2, GRUNDY_OK)) {
            set_threads(two, 2);
            uint64_t p = tgame_root(&g), c1 = 0, c2 = 0;
            uint32_t v1 = 1, v2 = 2;
            CHECK_EQ(grundy_game_value(one, plays[pi], &p, &v1), GRUNDY_OK);
            CHECK_EQ(grundy_game_value(two, plays[pi], &p, &v2), GRUNDY_OK);
            CHECK_EQ(v1, v2);
            grundy_game_stats(one, &c1, NULL);
            grundy_game_stats(two, &c2, NULL);
            CHECK_EQ(c2, c1);
            int same = 1;
            for (p = 0; p < tgame_count(&g); p += 7) {
                same &= grundy_game_value(one, plays[pi], &p, &v1) == GRUNDY_OK &&
                        grundy_game_value(two, plays[pi], &p, &v2) == GRUNDY_OK && v1 == v2;
            }
            CHECK(same);
        }
        grundy_game_free(one);
        grundy_game_free(two);
    }
}

static void test_threads(void)
{
    const int q = quick(), runs = q ? 2 : 4;
    int second_ran = 0, tries = 0;
    /* The pair retired at its trial (the first takes over the positions it
     * was helping with), and judged: the same values and counts. */
    static const int trials[] = {GRUNDY__PAIR_RETIRE, GRUNDY__PAIR_JUDGE};
    for (size_t i = 0; i < sizeof trials / sizeof trials[0]; i++) {
        pair_trial = trials[i];
        for (int dense = 0; dense < 2; dense++) {
            /* Past 16384 + TRIAL (32768) positions: the trial is reached. */
            tgame kayles = {KAYLES, dense, q ? 17 : 18, 0, UINT64_MAX, 0, 0, pthread_self(), 0};
            tgame tri = {TRIPLES, dense, 0, q ? 70 : 100, UINT64_MAX, 0, 0, pthread_self(), 0};
            int ran = 0;
            threads_against_one(&kayles, dense ? "dense kayles, trial" : "kayles, trial", 2, &ran);
            threads_against_one(&tri, dense ? "dense triples, trial" : "triples, trial", 2, &ran);
            threads_cycle(q ? 15 : 16, dense, 1);
        }
    }
    printf("two threads on trial: retired in %d of %d searches asked to retire\n", retired_runs,
           retire_runs);
    CHECK(retired_runs > 0);
    pair_trial = GRUNDY__PAIR_KEEP;
    for (int dense = 0; dense < 2; dense++) {
        tgame kayles = {KAYLES, dense, q ? 15 : 18, 0, UINT64_MAX, 0, 0, pthread_self(), 0};
        tgame tri = {TRIPLES, dense, 0, q ? 50 : 100, UINT64_MAX, 0, 0, pthread_self(), 0};
        threads_against_one(&kayles, dense ? "dense kayles" : "kayles", runs, &second_ran);
        threads_against_one(&tri, dense ? "dense triples" : "triples", runs, &second_ran);
        tries += 2 * runs;
        threads_cycle(q ? 15 : 16, dense, q ? 1 : 3);
    }
    printf("two threads: the second ran in %d of %d searches\n", second_ran, tries);
    CHECK(second_ran > 0);
    tgame big = {KAYLES, 0, q ? 16 : 18, 0, UINT64_MAX, 0, 0, pthread_self(), 0};
    threads_cap(&big);
    threads_cancel(0);
    if (!q)
        threads_cancel(1);
    threads_big_numbers();
    threads_other_plays(q ? 15 : 16);
}

int main(void)
{
    RUN(closed_forms);
    RUN(test_random_games);
    RUN(test_random_cycles);
    RUN(test_deep_cycle);
    RUN(test_dense_arguments);
    RUN(test_dense_range);
    RUN(test_dense_memory);
    RUN(test_match);
    RUN(test_table_adversary);
    RUN(test_adversary_games);
    RUN(test_high_keys_game);
    RUN(test_lean_handover);
    RUN(test_alloc_failure);
    RUN(test_threads);
    return harness_done();
}
