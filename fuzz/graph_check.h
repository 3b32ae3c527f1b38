/* SPDX-License-Identifier: MIT */
/* Checks a solved-or-not library graph against the harness's own model of
 * the same graph (brute.h): every play's numbers, outcomes, winning moves,
 * loopy values (Smith's conditions and retrograde outcomes), genus symbols
 * and compound outcomes and moves.  Shared by fuzz_graph_text and
 * fuzz_differential. */
#ifndef GRUNDY_FUZZ_GRAPH_CHECK_H
#define GRUNDY_FUZZ_GRAPH_CHECK_H

#include "brute.h"

typedef struct gc_limits {
    uint32_t plays;     /* every play and move query only up to this many nodes */
    uint32_t genus;     /* genus symbols up to this many nodes */
    uint32_t brute;     /* compounds against brute force up to this many nodes */
    uint32_t tuples;    /* compounds tried */
    uint32_t states;    /* positions a compound's brute force may visit */
} gc_limits;

/* A library call that may fail only because the allocator refused. */
#define GC_NOMEM(fa, rc) ((rc) == GRUNDY_ENOMEM && (fa)->refused > 0)

/* rc = expr, once more if the allocator refused (refusals are one-off). */
#define GC_CALL(fa, rc, expr)                                                 \
    do {                                                                      \
        (rc) = (expr);                                                        \
        if (GC_NOMEM(fa, rc))                                                 \
            (rc) = (expr);                                                    \
    } while (0)

static const char *gc_play_name(int play)
{
    static const char *names[] = {"normal",  "misere", "wtia",      "conjunctive",
                                  "continued", "loopy", "selective", "shortened"};
    static const char *methods[] = {"misere", "misere|sj", "misere|genus", "misere|search"};
    if (play >= 0 && play <= 7)
        return names[play];
    if (BR_BASE(play) == GRUNDY_PLAY_MISERE && (play & GRUNDY_BY_MASK) <= GRUNDY_BY_SEARCH)
        return methods[(play & GRUNDY_BY_MASK) >> 8];
    return "?";
}

/* The numbers of play for nodes 0 .. n-1, read back with
 * grundy_graph_values() into a new array (the caller frees it); NULL if
 * the call failed, its status in *rc. */
static inline uint32_t *gc_values(grundy_graph *lg, int play, uint32_t n, int *rc)
{
    uint32_t *v = malloc(((size_t)n + 1) * sizeof *v);
    if (!v)
        abort();
    v[n] = 0xdeadbeefu;
    *rc = grundy_graph_values(lg, play, 0, n, v);
    FUZZ_CHECK(v[n] == 0xdeadbeefu, "%s values wrote past count", gc_play_name(play));
    if (*rc != GRUNDY_OK) {
        free(v);
        return NULL;
    }
    return v;
}

/* Compares the library's moves of every node with the model's. */
static inline void gc_check_moves(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa)
{
    for (uint32_t u = 0; u < g->n; u++) {
        uint64_t d = 12345;
        int rc;
        GC_CALL(fa, rc, grundy_graph_degree(lg, u, &d));
        FUZZ_CHECK(rc == GRUNDY_OK, "degree(%u) = %d", u, rc);
        FUZZ_CHECK(d == bg_degree(g, u), "degree(%u) = %llu, expected %u", u,
                   (unsigned long long)d, bg_degree(g, u));
        for (uint32_t k = 0; k < d; k++) {
            uint32_t enp;
            const uint32_t *ep = bg_move(g, u, k, &enp);
            uint32_t parts[BR_MAX_SLOTS + 1];
            size_t np = 99;
            /* All the parts, then one fewer than there are (the count stays whole). */
            size_t caps[2] = {enp, enp > 0 ? enp - 1 : 0};
            for (int t = 0; t < (enp > 0 ? 2 : 1); t++) {
                size_t cap = caps[t];
                for (size_t j = 0; j <= BR_MAX_SLOTS; j++)
                    parts[j] = 0xdeadbeefu;
                GC_CALL(fa, rc, grundy_graph_move(lg, u, k, cap ? parts : NULL, cap, &np));
                FUZZ_CHECK(rc == GRUNDY_OK, "move(%u, %u, cap %zu) = %d", u, k, cap, rc);
                FUZZ_CHECK(np == enp, "move(%u, %u) has %zu parts, expected %u", u, k, np, enp);
                FUZZ_CHECK(parts[cap] == 0xdeadbeefu, "move(%u, %u) wrote past cap %zu", u, k,
                           cap);
                for (uint32_t j = 0; j < cap; j++)
                    FUZZ_CHECK(parts[j] == ep[j], "move(%u, %u) part %u is %u, expected %u", u,
                               k, j, parts[j], ep[j]);
            }
        }
        uint32_t parts[1];
        size_t np;
        FUZZ_CHECK(grundy_graph_move(lg, u, d, parts, 1, &np) == GRUNDY_ERANGE,
                   "move(%u, degree) is not ERANGE", u);
    }
    uint64_t d;
    FUZZ_CHECK(grundy_graph_degree(lg, g->n, &d) == GRUNDY_ERANGE, "degree(n) is not ERANGE");
}

/* The value of move k of node u under normal play: the xor of its parts'. */
static inline uint32_t gc_move_value(const bgraph *g, const uint32_t *num, uint32_t u, uint32_t k)
{
    uint32_t np, x = 0;
    const uint32_t *p = bg_move(g, u, k, &np);
    for (uint32_t i = 0; i < np; i++)
        x ^= num[p[i]];
    return x;
}

/* Every winning move of the normal-play sum of nodes: exactly the moves
 * that leave xor 0, by component then by move. */
static inline void gc_check_winning_moves(grundy_graph *lg, const bgraph *g, const uint32_t *num,
                                          const uint32_t *nodes, size_t k)
{
    uint32_t x = 0;
    size_t expect = 0;
    for (size_t i = 0; i < k; i++)
        x ^= num[nodes[i]];
    for (size_t i = 0; i < k; i++)
        for (uint32_t m = 0; m < bg_degree(g, nodes[i]); m++)
            expect += (x ^ num[nodes[i]] ^ gc_move_value(g, num, nodes[i], m)) == 0;
    size_t count = 99, cap = expect + 1;
    uint64_t dummy_m[1] = {77};
    int rc = grundy_graph_sum_winning_moves(lg, GRUNDY_PLAY_NORMAL, nodes, k, NULL, dummy_m, 0,
                                            &count);
    FUZZ_CHECK(rc == GRUNDY_OK && count == expect && dummy_m[0] == 77,
               "sum_winning_moves count: %d, %zu, expected %zu", rc, count, expect);
    size_t *comp = malloc((cap + 1) * sizeof *comp);
    uint64_t *mv = malloc((cap + 1) * sizeof *mv);
    if (!comp || !mv)
        abort();
    comp[expect] = 0xdead;
    mv[expect] = 0xdead;
    rc = grundy_graph_sum_winning_moves(lg, GRUNDY_PLAY_NORMAL, nodes, k, comp, mv, expect,
                                        &count);
    FUZZ_CHECK(rc == GRUNDY_OK && count == expect, "sum_winning_moves: %d, %zu", rc, count);
    FUZZ_CHECK(comp[expect] == 0xdead && mv[expect] == 0xdead, "sum_winning_moves wrote past cap");
    size_t j = 0;
    for (size_t i = 0; i < k; i++)
        for (uint32_t m = 0; m < bg_degree(g, nodes[i]); m++) {
            if ((x ^ num[nodes[i]] ^ gc_move_value(g, num, nodes[i], m)) != 0)
                continue;
            FUZZ_CHECK(comp[j] == i && mv[j] == m,
                       "winning move %zu of the sum is (%zu, %llu), expected (%zu, %u)", j,
                       comp[j], (unsigned long long)mv[j], i, m);
            j++;
        }
    free(comp);
    free(mv);
}

/* Normal-play queries: values, outcomes, winning moves, sums. */
static inline void gc_check_normal(grundy_graph *lg, const bgraph *g, const uint32_t *num,
                                   uint64_t *seed)
{
    int rc;
    uint32_t *vals = gc_values(lg, GRUNDY_PLAY_NORMAL, g->n, &rc);
    FUZZ_CHECK(vals != NULL, "solved, but grundy_graph_values: %d", rc);
    for (uint32_t u = 0; u < g->n; u++) {
        FUZZ_CHECK(vals[u] == num[u], "normal value of node %u is %u, expected %u", u, vals[u],
                   num[u]);
        uint32_t v;
        FUZZ_CHECK(grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, u, &v) == GRUNDY_OK && v == num[u],
                   "grundy_graph_value(%u)", u);
        int oc = grundy_graph_outcome(lg, GRUNDY_PLAY_NORMAL, u);
        FUZZ_CHECK(oc == (num[u] ? GRUNDY_N : GRUNDY_P), "outcome(%u) = %d", u, oc);
        /* A node's winning moves: the moves to value 0, increasing. */
        gc_check_winning_moves(lg, g, num, &u, 1);
    }
    free(vals);
    /* A stretch of the values, and one that runs past the end. */
    if (g->n > 0) {
        uint32_t first = (uint32_t)(fuzz_next(seed) % g->n);
        size_t count = (size_t)(fuzz_next(seed) % (g->n - first + 1));
        uint32_t part[BR_MAX_SLOTS + 4];
        if (count <= BR_MAX_SLOTS) {
            part[count] = 0xdeadbeefu;
            rc = grundy_graph_values(lg, GRUNDY_PLAY_NORMAL, first, count, part);
            FUZZ_CHECK(rc == GRUNDY_OK && part[count] == 0xdeadbeefu, "values(%u, %zu): %d",
                       first, count, rc);
            for (size_t i = 0; i < count; i++)
                FUZZ_CHECK(part[i] == num[first + i], "values(%u, %zu)[%zu] = %u, expected %u",
                           first, count, i, part[i], num[first + i]);
        }
        rc = grundy_graph_values(lg, GRUNDY_PLAY_NORMAL, first, g->n - first + 1u, part);
        FUZZ_CHECK(rc == GRUNDY_ERANGE, "values(%u, %u) past the last node: %d", first,
                   g->n - first + 1u, rc);
    }
    /* Sums of a few nodes. */
    for (int t = 0; t < 4 && g->n > 0; t++) {
        uint32_t nodes[5];
        size_t k = (size_t)(fuzz_next(seed) % 5);
        uint32_t x = 0;
        for (size_t i = 0; i < k; i++) {
            nodes[i] = (uint32_t)(fuzz_next(seed) % g->n);
            x ^= num[nodes[i]];
        }
        uint32_t v = 12345;
        FUZZ_CHECK(grundy_graph_sum_value(lg, GRUNDY_PLAY_NORMAL, nodes, k, &v) == GRUNDY_OK &&
                       v == x,
                   "sum_value");
        uint64_t mv[6];
        mv[k] = 0xdead;
        int found = grundy_graph_sum_winning_move(lg, GRUNDY_PLAY_NORMAL, nodes, k, mv);
        FUZZ_CHECK(found == (x != 0), "sum_winning_move returned %d for xor %u", found, x);
        FUZZ_CHECK(mv[k] == 0xdead, "sum_winning_move wrote past n");
        if (found == 1) {
            size_t comp = k, moved = 0;
            for (size_t i = 0; i < k; i++)
                if (mv[i] != GRUNDY_NO_MOVE) {
                    comp = i;
                    moved++;
                }
            FUZZ_CHECK(moved == 1 && mv[comp] < bg_degree(g, nodes[comp]),
                       "sum_winning_move: %zu components moved, or a bad move", moved);
            uint32_t y = x ^ num[nodes[comp]] ^
                         gc_move_value(g, num, nodes[comp], (uint32_t)mv[comp]);
            FUZZ_CHECK(y == 0, "sum_winning_move leads to value %u", y);
        }
        gc_check_winning_moves(lg, g, num, nodes, k);
    }
    uint32_t v;
    FUZZ_CHECK(grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, g->n, &v) == GRUNDY_ERANGE,
               "value(n) is not ERANGE");
}

/* Smith's conditions for the generalized Sprague-Grundy values, and the
 * outcomes they imply against retrograde analysis. */
static inline void gc_check_loopy(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                           int acyclic, const uint32_t *normal)
{
    int rc;
    uint32_t *lab = gc_values(lg, GRUNDY_PLAY_LOOPY, g->n, &rc);
    FUZZ_CHECK(lab != NULL, "loopy solved but no values: %d", rc);
    int *retro = malloc(((size_t)g->n + 1) * sizeof *retro);
    if (!retro)
        abort();
    bg_retro(g, retro);
    uint32_t maxdeg = 0;
    for (uint32_t u = 0; u < g->n; u++)
        if (bg_degree(g, u) > maxdeg)
            maxdeg = bg_degree(g, u);
    unsigned char *seen = malloc((size_t)maxdeg + 2);
    uint32_t *fin = malloc(((size_t)maxdeg + 1) * sizeof *fin);
    if (!seen || !fin)
        abort();
    for (uint32_t u = 0; u < g->n; u++) {
        uint32_t d = bg_degree(g, u), k = lab[u];
        if (acyclic)
            FUZZ_CHECK(k == normal[u], "acyclic graph: loopy value of %u is %u, normal %u", u, k,
                       normal[u]);
        memset(seen, 0, (size_t)d + 2);
        uint32_t nfin = 0;
        int has0 = 0;
        for (uint32_t m = 0; m < d; m++) {
            uint32_t np;
            uint32_t v = bg_move(g, u, m, &np)[0];
            if (lab[v] != GRUNDY_INF) {
                fin[nfin++] = lab[v];
                if (lab[v] <= d)
                    seen[lab[v]] = 1;
                has0 |= lab[v] == 0;
            }
        }
        if (k != GRUNDY_INF) {
            FUZZ_CHECK(k <= d, "loopy value %u of node %u exceeds its degree %u", k, u, d);
            FUZZ_CHECK(!seen[k], "node %u has value %u and a follower of value %u", u, k, k);
            for (uint32_t x = 0; x < k; x++)
                FUZZ_CHECK(seen[x], "node %u has value %u but no follower of value %u", u, k, x);
            for (uint32_t m = 0; m < d; m++) {
                uint32_t np;
                uint32_t v = bg_move(g, u, m, &np)[0];
                if (lab[v] != GRUNDY_INF && lab[v] < k)
                    continue;
                /* v's value is above k or infinite: v must reach k. */
                int reach = 0;
                for (uint32_t m2 = 0; m2 < bg_degree(g, v) && !reach; m2++) {
                    uint32_t np2;
                    reach = lab[bg_move(g, v, m2, &np2)[0]] == k;
                }
                FUZZ_CHECK(reach, "node %u (value %u): follower %u (value %u) has no move to %u",
                           u, k, v, lab[v], k);
            }
        }
        int expect = k != GRUNDY_INF ? (k ? GRUNDY_N : GRUNDY_P) : (has0 ? GRUNDY_N : GRUNDY_D);
        int oc = grundy_graph_outcome(lg, GRUNDY_PLAY_LOOPY, u);
        FUZZ_CHECK(oc == expect, "loopy outcome of %u is %d, its value says %d", u, oc, expect);
        FUZZ_CHECK(oc == retro[u], "loopy outcome of %u is %d, retrograde analysis says %d", u,
                   oc, retro[u]);
        /* The distinct finite values of the followers, increasing. */
        size_t count = 99;
        GC_CALL(fa, rc, grundy_graph_loopy_followers(lg, u, NULL, 0, &count));
        FUZZ_CHECK(rc == GRUNDY_OK, "loopy_followers: %d", rc);
        qsort(fin, nfin, sizeof *fin, br_cmp);
        uint32_t distinct = 0;
        for (uint32_t i = 0; i < nfin; i++)
            if (i == 0 || fin[i] != fin[i - 1])
                fin[distinct++] = fin[i];
        FUZZ_CHECK(count == distinct, "node %u: %zu distinct follower values, expected %u", u,
                   count, distinct);
        if (count > 0) {
            uint32_t *vals = malloc((count + 1) * sizeof *vals);
            if (!vals)
                abort();
            vals[count] = 0xdeadbeefu;
            size_t c2 = 0;
            GC_CALL(fa, rc, grundy_graph_loopy_followers(lg, u, vals, count, &c2));
            FUZZ_CHECK(rc == GRUNDY_OK && c2 == count && vals[count] == 0xdeadbeefu,
                       "loopy_followers fill: %d", rc);
            for (uint32_t j = 0; j < distinct; j++)
                FUZZ_CHECK(vals[j] == fin[j], "loopy_followers[%u] = %u, expected %u", j, vals[j],
                           fin[j]);
            free(vals);
        }
    }
    free(seen);
    free(fin);
    free(retro);
    free(lab);
}

/* ---- genus ---- */

#define GC_L (GRUNDY_GENUS_TERMS - 1)

/* mg[(x * (L+1) + a) * (L+1) + b]: misère Grundy value of x + a*2 + b*1. */
static inline void gc_genus_brute(const bgraph *g, const uint32_t *order, uint32_t *mg)
{
    const size_t W = GC_L + 1;
    for (uint32_t i = 0; i < g->n; i++) {
        uint32_t x = order[i], d = bg_degree(g, x);
        uint32_t opt[64 + GC_L * 3];
        uint32_t *big = d + 3 > 64 + GC_L * 3 ? malloc(((size_t)d + 3) * sizeof *big) : opt;
        if (!big)
            abort();
        for (size_t a = 0; a <= GC_L; a++) {
            for (size_t b = 0; a + b <= GC_L; b++) {
                uint32_t k = 0;
                for (uint32_t m = 0; m < d; m++) {
                    uint32_t np;
                    uint32_t y = bg_move(g, x, m, &np)[0];
                    big[k++] = mg[((size_t)y * W + a) * W + b];
                }
                if (a > 0) {
                    big[k++] = mg[((size_t)x * W + a - 1) * W + b + 1];
                    big[k++] = mg[((size_t)x * W + a - 1) * W + b];
                }
                if (b > 0)
                    big[k++] = mg[((size_t)x * W + a) * W + b - 1];
                mg[((size_t)x * W + a) * W + b] = k == 0 ? 1 : bg_mex(big, k);
            }
        }
        if (big != opt)
            free(big);
    }
}

/* 1 for a tame genus (0^(1202..), 1^(0313..), a^(a, a^2, a, ...)). */
static inline int gc_tame_genus(const uint32_t *gamma, uint32_t v)
{
    int z = v == 0, o = v == 1, a = 1;
    for (uint32_t n = 0; n <= GC_L; n++) {
        uint32_t e0 = n == 0 ? 1 : (n % 2 ? 2 : 0);
        uint32_t e1 = n == 0 ? 0 : (n % 2 ? 3 : 1);
        z &= gamma[n] == e0;
        o &= gamma[n] == e1;
        a &= gamma[n] == (n % 2 ? (v ^ 2u) : v);
    }
    return z || o || a;
}

/* Per node: tame (it and everything it reaches have a tame genus). */
static inline void gc_tame(const bgraph *g, const uint32_t *order, const uint32_t *mg,
                    const uint32_t *normal, unsigned char *tame)
{
    const size_t W = GC_L + 1;
    for (uint32_t i = 0; i < g->n; i++) {
        uint32_t x = order[i];
        uint32_t gamma[GC_L + 1];
        for (uint32_t n = 0; n <= GC_L; n++)
            gamma[n] = mg[((size_t)x * W + n) * W + 0];
        int t = gc_tame_genus(gamma, normal[x]);
        for (uint32_t m = 0; t && m < bg_degree(g, x); m++) {
            uint32_t np;
            t = tame[bg_move(g, x, m, &np)[0]];
        }
        tame[x] = (unsigned char)t;
    }
}

/* ---- compounds ---- */

/* Every play a sum is asked under: misère with each method and with none. */
static const int gc_sum_plays[] = {
    GRUNDY_PLAY_NORMAL,       GRUNDY_PLAY_MISERE,
    GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ,
    GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS,  GRUNDY_PLAY_WTIA,
    GRUNDY_PLAY_CONJUNCTIVE,  GRUNDY_PLAY_CONTINUED,
    GRUNDY_PLAY_SELECTIVE,    GRUNDY_PLAY_SHORTENED,
    GRUNDY_PLAY_LOOPY,
};

/* The play whose numbers decide sums under c (the SJ rule reads normal
 * values), or -1 where numbers decide nothing. */
static inline int gc_number_play(int c)
{
    switch (c) {
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ: return GRUNDY_PLAY_NORMAL;
    case GRUNDY_PLAY_MISERE:
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH:
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS:
    case GRUNDY_PLAY_LOOPY: return -1;
    default: return c;
    }
}

/* The play of the model's numbers equal to c's: selective play reads
 * normal values, shortened play remoteness. */
static inline int gc_model_play(int c)
{
    return c == GRUNDY_PLAY_SELECTIVE ? GRUNDY_PLAY_NORMAL
         : c == GRUNDY_PLAY_SHORTENED ? GRUNDY_PLAY_CONJUNCTIVE : c;
}

/* Whether a move of a sum under c is a move in one component. */
static inline int gc_one_component(int c)
{
    int base = BR_BASE(c);
    return base == GRUNDY_PLAY_NORMAL || base == GRUNDY_PLAY_MISERE ||
           base == GRUNDY_PLAY_WTIA || base == GRUNDY_PLAY_LOOPY;
}

/* Whether every position reachable from nodes (themselves included) that
 * has normal value 0 is terminal: the SJ theorem's precondition. */
static inline int gc_sj_holds(const bgraph *g, const uint32_t *normal, const uint32_t *nodes, uint32_t n)
{
    unsigned char *seen = calloc((size_t)g->n + 1, 1);
    uint32_t *stack = malloc(((size_t)g->n + 1) * sizeof *stack);
    if (!seen || !stack)
        abort();
    size_t sp = 0;
    int ok = 1;
    for (uint32_t i = 0; i < n; i++)
        if (!seen[nodes[i]]) {
            seen[nodes[i]] = 1;
            stack[sp++] = nodes[i];
        }
    while (sp > 0 && ok) {
        uint32_t u = stack[--sp];
        if (normal[u] == 0 && bg_degree(g, u) > 0)
            ok = 0;
        for (uint32_t m = 0; m < bg_degree(g, u); m++) {
            uint32_t np;
            const uint32_t *p = bg_move(g, u, m, &np);
            for (uint32_t j = 0; j < np; j++)
                if (!seen[p[j]]) {
                    seen[p[j]] = 1;
                    stack[sp++] = p[j];
                }
        }
    }
    free(seen);
    free(stack);
    return ok;
}

typedef struct gc_state {
    int acyclic;
    uint32_t *num[6];      /* the model's numbers per play (NULL if not computed) */
    unsigned char *tame;   /* NULL if not computed */
} gc_state;

static void gc_check_compound_with(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                   const gc_state *st, int c, const uint32_t *nodes, uint32_t n,
                                   const brute *b, int expect_brute, int bad_cycle, int bad_split);

static inline void gc_check_compound(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                              const gc_state *st, const gc_limits *lim, int c,
                              const uint32_t *nodes, uint32_t n)
{
    int splits = g->has_splits;
    /* Which errors the graph calls for: misère play by search (or by the
     * library's choice, which falls back to search) takes splits. */
    int need_acyclic = c != GRUNDY_PLAY_LOOPY;
    int need_nosplit = c != GRUNDY_PLAY_NORMAL && c != GRUNDY_PLAY_MISERE &&
                       c != (GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH);
    int bad_cycle = need_acyclic && !st->acyclic;
    int bad_split = need_nosplit && splits;
    int brute_ok = g->n <= lim->brute && !bad_cycle && !bad_split;
    int expect_brute = -1;
    brute b;
    memset(&b, 0, sizeof b);
    if (brute_ok)
        expect_brute = bg_compound(&b, g, c, nodes, n, lim->states);
    gc_check_compound_with(lg, g, fa, st, c, nodes, n, &b, expect_brute, bad_cycle, bad_split);
    br_free(&b);
}

/* The numbers of the components under c's number play, which must be the
 * model's; then the outcome they give must be the graph's. */
static inline void gc_check_by_numbers(grundy_graph *lg, const gc_state *st, int c,
                                       const uint32_t *nodes, uint32_t n, int rc)
{
    int np = gc_number_play(c);
    if (np < 0)
        return;
    const uint32_t *model = st->num[gc_model_play(np)];
    uint32_t numbers[BR_MAX_SLOTS];
    for (uint32_t i = 0; i < n; i++) {
        int r = grundy_graph_value(lg, np, nodes[i], &numbers[i]);
        FUZZ_CHECK(r == GRUNDY_OK, "%s value of %u: %d", gc_play_name(np), nodes[i], r);
        if (model)
            FUZZ_CHECK(numbers[i] == model[nodes[i]], "%s number of %u is %u, expected %u",
                       gc_play_name(np), nodes[i], numbers[i], model[nodes[i]]);
    }
    int by_numbers = grundy_numbers_sum_outcome(c, numbers, n);
    FUZZ_CHECK(by_numbers == rc, "%s sum: graph says %d, numbers say %d", gc_play_name(c), rc,
               by_numbers);
}

/* After a misère sum call succeeded: the method it reports, which must be
 * the one required, or one whose precondition holds. */
static inline void gc_check_method(const grundy_graph *lg, const bgraph *g, const gc_state *st,
                                   int c, const uint32_t *nodes, uint32_t n)
{
    if (BR_BASE(c) != GRUNDY_PLAY_MISERE)
        return;
    int m = grundy_graph_last_method(lg);
    if (c & GRUNDY_BY_MASK) {
        FUZZ_CHECK(m == (c & GRUNDY_BY_MASK), "%s: last method %#x", gc_play_name(c), m);
        return;
    }
    FUZZ_CHECK(m == GRUNDY_BY_SJ || m == GRUNDY_BY_GENUS || m == GRUNDY_BY_SEARCH,
               "misère sum: last method %#x", m);
    if (m == GRUNDY_BY_SJ && st->num[0])
        FUZZ_CHECK(gc_sj_holds(g, st->num[0], nodes, n), "SJ chosen where it does not hold");
    if (m == GRUNDY_BY_GENUS) {
        FUZZ_CHECK(!g->has_splits, "genus chosen on a graph with splits");
        for (uint32_t i = 0; i < n && st->tame; i++)
            FUZZ_CHECK(st->tame[nodes[i]], "genus chosen, but node %u is not tame", nodes[i]);
    }
}

/* A list of every winning move of a sum under c whose moves are in one
 * component (count of them, in comp[] and mv[]), against the brute force b
 * of that sum, whose outcome is rc: from an N-position exactly the moves to
 * a P-position, by component then by move; from a P-position none; from a
 * draw (loopy) only moves that keep it. */
static inline void gc_check_move_list(const bgraph *g, int c, const uint32_t *nodes, uint32_t n,
                                      const brute *b, int rc, const size_t *comp,
                                      const uint64_t *mv, size_t count)
{
    uint64_t one[BR_MAX_SLOTS];
    size_t j = 0;
    /* From an N-position every move of one component was searched. */
    for (uint32_t i = 0; i < n && rc == GRUNDY_N; i++) {
        for (uint32_t m = 0; m < bg_degree(g, nodes[i]); m++) {
            for (uint32_t x = 0; x < n; x++)
                one[x] = x == i ? m : GRUNDY_NO_MOVE;
            int after = -1;
            FUZZ_CHECK(bg_compound_after(b, nodes, n, one, &after) == 0,
                       "%s: move %u of component %u is no move of the sum", gc_play_name(c), m,
                       i);
            if (after != GRUNDY_P)
                continue;
            FUZZ_CHECK(j < count && comp[j] == i && mv[j] == m,
                       "%s: winning move %zu is (%zu, %llu), expected (%u, %u)", gc_play_name(c),
                       j, j < count ? comp[j] : 99,
                       j < count ? (unsigned long long)mv[j] : 99ull, i, m);
            j++;
        }
    }
    for (size_t t = 0; t < count && rc == GRUNDY_D; t++) {
        for (uint32_t x = 0; x < n; x++)
            one[x] = x == comp[t] ? mv[t] : GRUNDY_NO_MOVE;
        int after = -1;
        FUZZ_CHECK(comp[t] < n && bg_compound_after(b, nodes, n, one, &after) == 0 &&
                       after == GRUNDY_D,
                   "loopy draw: winning move %zu does not keep the draw", t);
    }
    FUZZ_CHECK(rc == GRUNDY_D || count == j, "%s: %zu winning moves, expected %zu",
               gc_play_name(c), count, j);
}

/* Room for every move of one component of a sum: comp[] and mv[] of
 * *cap entries, one more as a guard. */
static inline void gc_move_list_alloc(const bgraph *g, const uint32_t *nodes, uint32_t n,
                                      size_t **comp, uint64_t **mv, size_t *cap)
{
    *cap = 0;
    for (uint32_t i = 0; i < n; i++)
        *cap += bg_degree(g, nodes[i]);
    *comp = malloc((*cap + 1) * sizeof **comp);
    *mv = malloc((*cap + 1) * sizeof **mv);
    if (!*comp || !*mv)
        abort();
    (*comp)[*cap] = 0xdead;
}

/* Every winning move of the graph's sum, by grundy_graph_sum_winning_moves(),
 * which refuses the plays that move in several components. */
static inline void gc_check_all_moves(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                      int c, const uint32_t *nodes, uint32_t n, const brute *b,
                                      int rc)
{
    size_t count = 99, cap, *comp;
    uint64_t *mv;
    gc_move_list_alloc(g, nodes, n, &comp, &mv, &cap);
    int r;
    GC_CALL(fa, r, grundy_graph_sum_winning_moves(lg, c, nodes, n, comp, mv, cap, &count));
    if (!gc_one_component(c)) {
        FUZZ_CHECK(r == GRUNDY_ENOTSUP, "%s: every winning move: %d", gc_play_name(c), r);
    } else if (!GC_NOMEM(fa, r)) {
        FUZZ_CHECK(r == GRUNDY_OK && count <= cap && comp[cap] == 0xdead,
                   "%s: every winning move: %d, %zu of at most %zu", gc_play_name(c), r, count,
                   cap);
        gc_check_move_list(g, c, nodes, n, b, rc, comp, mv, count);
    }
    free(comp);
    free(mv);
}

static void gc_check_compound_with(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                   const gc_state *st, int c, const uint32_t *nodes, uint32_t n,
                                   const brute *b, int expect_brute, int bad_cycle, int bad_split)
{
    int splits = g->has_splits;
    int misere = BR_BASE(c) == GRUNDY_PLAY_MISERE;
    /* The misère search explores the same sums as the brute force: when
     * that is too large, so is the library's search; do not ask it. */
    int may_search = misere && c != (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ);
    if (may_search && c != (GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS) && !bad_cycle &&
        !bad_split && expect_brute < 0)
        return;
    int rc = grundy_graph_sum_outcome(lg, c, nodes, n);
    FUZZ_CHECK(rc == GRUNDY_P || rc == GRUNDY_N || rc == GRUNDY_D || fuzz_is_status(rc),
               "%s sum: result %d", gc_play_name(c), rc);
    if (GC_NOMEM(fa, rc))
        return;
    if (bad_cycle || bad_split) {
        FUZZ_CHECK((bad_cycle && rc == GRUNDY_ECYCLE) || (bad_split && rc == GRUNDY_EINVAL),
                   "%s sum on a graph with%s cycles and with%s splits: %d", gc_play_name(c),
                   st->acyclic ? "out" : "", splits ? "" : "out", rc);
        return;
    }
    if (c == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ) && st->num[0]) {
        int holds = gc_sj_holds(g, st->num[0], nodes, n);
        FUZZ_CHECK(holds ? rc >= 0 : rc == GRUNDY_EINVAL,
                   "SJ method: precondition %s, result %d", holds ? "holds" : "fails", rc);
    }
    if (c == (GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS) && st->tame) {
        int all = 1;
        for (uint32_t i = 0; i < n; i++)
            all &= st->tame[nodes[i]];
        FUZZ_CHECK(all ? rc >= 0 : rc == GRUNDY_EINVAL,
                   "genus method: components %s tame, result %d", all ? "all" : "not all", rc);
    }
    if (rc < 0) {
        FUZZ_CHECK(c == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ) ||
                       c == (GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS),
                   "%s sum failed with %d (%s)", gc_play_name(c), rc, grundy_graph_errmsg(lg));
        FUZZ_CHECK(grundy_graph_errmsg(lg)[0] != '\0', "a method refused without a message");
        return;
    }
    FUZZ_CHECK(rc != GRUNDY_D || c == GRUNDY_PLAY_LOOPY, "%s sum is a draw", gc_play_name(c));
    gc_check_method(lg, g, st, c, nodes, n);
    gc_check_by_numbers(lg, st, c, nodes, n, rc);
    if (expect_brute >= 0)
        FUZZ_CHECK(rc == expect_brute,
                   "%s sum of %u components (first %u): library %d, brute force %d",
                   gc_play_name(c), n, n ? nodes[0] : 0, rc, expect_brute);
    /* The move (the misère search behind it only where the brute force
     * showed the sums are few). */
    if (may_search && expect_brute < 0)
        return;
    uint64_t moves[BR_MAX_SLOTS + 1];
    moves[n] = 0xdeadbeefu;
    int found = grundy_graph_sum_winning_move(lg, c, nodes, n, moves);
    if (GC_NOMEM(fa, found))
        return;
    FUZZ_CHECK(found == 0 || found == 1, "%s winning move returned %d (%s)", gc_play_name(c),
               found, grundy_graph_errmsg(lg));
    FUZZ_CHECK(moves[n] == 0xdeadbeefu, "sum_winning_move wrote past n");
    if (expect_brute >= 0)
        gc_check_all_moves(lg, g, fa, c, nodes, n, b, rc);
    if (rc == GRUNDY_P) {
        FUZZ_CHECK(found == 0, "%s sum: P-position but a winning move", gc_play_name(c));
        return;
    }
    if (found == 0) {
        /* Only misère sums where nobody can move: the mover has won. */
        int live = 0;
        for (uint32_t i = 0; i < n; i++)
            live |= bg_degree(g, nodes[i]) > 0;
        FUZZ_CHECK(misere && !live && rc == GRUNDY_N, "%s sum: outcome %d but no move",
                   gc_play_name(c), rc);
        return;
    }
    if (expect_brute < 0)
        return;
    int after = -1;
    int r = bg_compound_after(b, nodes, n, moves, &after);
    FUZZ_CHECK(r != -2, "%s sum: sum_winning_move gave an illegal move", gc_play_name(c));
    FUZZ_CHECK(rc == GRUNDY_D ? after == GRUNDY_D : after == GRUNDY_P,
               "%s sum (outcome %d): the move leads to outcome %d", gc_play_name(c), rc, after);
}

/* Numbers, values and outcomes of the acyclic plays other than normal. */
static inline void gc_check_plays(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                  gc_state *st, const uint32_t *order)
{
    uint32_t n = g->n;
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_CONTINUED; play++) {
        int rc;
        GC_CALL(fa, rc, grundy_graph_solve(lg, play));
        if (GC_NOMEM(fa, rc))
            continue;
        if (g->has_splits) {
            FUZZ_CHECK(rc == GRUNDY_EINVAL, "%s play with splits: %d", gc_play_name(play), rc);
            FUZZ_CHECK(grundy_graph_errmsg(lg)[0] != '\0', "EINVAL without a message");
            continue;
        }
        if (!st->acyclic) {
            FUZZ_CHECK(rc == GRUNDY_ECYCLE, "%s play with a cycle: %d", gc_play_name(play), rc);
            continue;
        }
        FUZZ_CHECK(rc == GRUNDY_OK, "%s play: %d (%s)", gc_play_name(play), rc,
                   grundy_graph_errmsg(lg));
        st->num[play] = malloc(((size_t)n + 1) * sizeof(uint32_t));
        if (!st->num[play])
            abort();
        bg_numbers(g, play, order, n, st->num[play]);
        uint32_t *lv = gc_values(lg, play, n, &rc);
        FUZZ_CHECK(lv != NULL, "%s values: %d", gc_play_name(play), rc);
        for (uint32_t u = 0; u < n; u++) {
            uint32_t e = st->num[play][u];
            FUZZ_CHECK(lv[u] == e, "%s number of node %u is %u, expected %u", gc_play_name(play),
                       u, lv[u], e);
            uint32_t v;
            FUZZ_CHECK(grundy_graph_value(lg, play, u, &v) == GRUNDY_OK && v == e, "%s value",
                       gc_play_name(play));
            int win;
            switch (play) {
            case GRUNDY_PLAY_WTIA: win = e == GRUNDY_SC || (e != GRUNDY_SP && e != 0); break;
            case GRUNDY_PLAY_CONJUNCTIVE:
            case GRUNDY_PLAY_CONTINUED: win = e % 2 == 1; break;
            default: win = e != 0; break;
            }
            int oc = grundy_graph_outcome(lg, play, u);
            FUZZ_CHECK(oc == (win ? GRUNDY_N : GRUNDY_P), "%s outcome of %u: %d",
                       gc_play_name(play), u, oc);
        }
        free(lv);
    }
}

/* Genus symbols of every node against the brute force, and which are tame. */
static inline void gc_check_genus(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                  gc_state *st, const uint32_t *order, uint64_t *seed)
{
    uint32_t n = g->n;
    uint32_t gamma[GRUNDY_GENUS_TERMS + 1];
    int tame = -1, rc;
    gamma[GRUNDY_GENUS_TERMS] = 0xdeadbeefu;
    uint32_t probe = (uint32_t)(fuzz_next(seed) % n);
    GC_CALL(fa, rc, grundy_graph_genus(lg, probe, gamma, GRUNDY_GENUS_TERMS, &tame));
    if (GC_NOMEM(fa, rc))
        return;
    if (!st->acyclic || g->has_splits) {
        FUZZ_CHECK(rc == (st->acyclic ? GRUNDY_EINVAL : GRUNDY_ECYCLE) ||
                       (g->has_splits && !st->acyclic && rc == GRUNDY_EINVAL),
                   "genus on a graph with cycles/splits: %d", rc);
        return;
    }
    FUZZ_CHECK(rc == GRUNDY_OK, "genus: %d", rc);
    FUZZ_CHECK(gamma[GRUNDY_GENUS_TERMS] == 0xdeadbeefu, "genus wrote past cap");
    const size_t W = GC_L + 1;
    uint32_t *mg = malloc((size_t)n * W * W * sizeof *mg);
    st->tame = malloc((size_t)n + 1);
    if (!mg || !st->tame)
        abort();
    gc_genus_brute(g, order, mg);
    gc_tame(g, order, mg, st->num[0], st->tame);
    for (uint32_t u = 0; u < n; u++) {
        GC_CALL(fa, rc, grundy_graph_genus(lg, u, gamma, GRUNDY_GENUS_TERMS, &tame));
        FUZZ_CHECK(rc == GRUNDY_OK, "genus(%u): %d", u, rc);
        for (uint32_t t = 0; t <= GC_L; t++)
            FUZZ_CHECK(gamma[t] == mg[((size_t)u * W + t) * W],
                       "genus of node %u: term %u is %u, expected %u", u, t, gamma[t],
                       mg[((size_t)u * W + t) * W]);
        FUZZ_CHECK(gamma[0] == st->num[1][u], "gamma_0 of %u is %u, misère value %u", u,
                   gamma[0], st->num[1][u]);
        FUZZ_CHECK(tame == st->tame[u], "node %u: tame %d, expected %d", u, tame, st->tame[u]);
    }
    free(mg);
}

/* A node and a move added after the solves: the next question solves
 * again, and the values already known stay. */
static inline void gc_check_growth(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                   const gc_state *st, const gc_limits *lim)
{
    uint32_t n = g->n, id = 99, v;
    int rc;
    GC_CALL(fa, rc, grundy_graph_add_node(lg, &id));
    if (rc != GRUNDY_OK)
        return;
    FUZZ_CHECK(id == n, "new node %u, expected %u", id, n);
    int moved = 0;
    if (n > 0) {
        GC_CALL(fa, rc, grundy_graph_add_move(lg, n, 0));
        FUZZ_CHECK(rc == GRUNDY_OK || GC_NOMEM(fa, rc), "a move from the new node: %d", rc);
        moved = rc == GRUNDY_OK;
    }
    uint64_t d = 99;
    GC_CALL(fa, rc, grundy_graph_degree(lg, n, &d));
    FUZZ_CHECK(GC_NOMEM(fa, rc) || (rc == GRUNDY_OK && d == (uint64_t)moved),
               "degree of the new node: %d, %llu", rc, (unsigned long long)d);
    GC_CALL(fa, rc, grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, n, &v));
    if (GC_NOMEM(fa, rc))
        return;
    if (!st->acyclic) {
        FUZZ_CHECK(rc == GRUNDY_ECYCLE, "value after growing a cyclic graph: %d", rc);
        return;
    }
    FUZZ_CHECK(rc == GRUNDY_OK, "value after growing: %d (%s)", rc, grundy_graph_errmsg(lg));
    if (st->num[0]) {
        uint32_t want = moved && st->num[0][0] == 0 ? 1 : 0;
        FUZZ_CHECK(v == want, "new node's value %u, expected %u", v, want);
        for (uint32_t u = 0; u < n && n <= lim->plays; u++)
            FUZZ_CHECK(grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, u, &v) == GRUNDY_OK &&
                           v == st->num[0][u],
                       "value of %u changed after growing", u);
    }
    GC_CALL(fa, rc, grundy_graph_solve(lg, GRUNDY_PLAY_NORMAL));
    FUZZ_CHECK(rc == GRUNDY_OK || GC_NOMEM(fa, rc), "solve after growing: %d", rc);
}

/* The whole check.  lg holds the same graph as g, solved for some plays or
 * none. */
static inline void gc_check(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa, uint64_t seed,
                     const gc_limits *lim)
{
    gc_state st;
    memset(&st, 0, sizeof st);
    uint32_t n = g->n;
    FUZZ_CHECK(grundy_graph_node_count(lg) == n, "node count %u, expected %u",
               grundy_graph_node_count(lg), n);
    FUZZ_CHECK(grundy_graph_move_count(lg) == g->nmoves, "move count %llu, expected %u",
               (unsigned long long)grundy_graph_move_count(lg), g->nmoves);
    uint32_t *order = malloc(((size_t)n + 1) * sizeof *order);
    if (!order)
        abort();
    st.acyclic = bg_order(g, order) == n;

    /* Normal play. */
    int rc;
    GC_CALL(fa, rc, grundy_graph_solve(lg, GRUNDY_PLAY_NORMAL)); /* refusals are one-off */
    if (GC_NOMEM(fa, rc))
        goto done;
    if (!st.acyclic) {
        FUZZ_CHECK(rc == GRUNDY_ECYCLE, "cyclic graph: solve returned %d", rc);
        uint32_t c = UINT32_MAX, v;
        FUZZ_CHECK(grundy_graph_cycle_node(lg, &c) == GRUNDY_OK && c < n, "cycle_node");
        FUZZ_CHECK(bg_on_cycle(g, c), "cycle_node %u is on no cycle", c);
        FUZZ_CHECK(grundy_graph_errmsg(lg)[0] != '\0', "ECYCLE without a message");
        FUZZ_CHECK(grundy_graph_errpos(lg) == GRUNDY_NO_POS, "ECYCLE with a place in a text");
        GC_CALL(fa, rc, grundy_graph_value(lg, GRUNDY_PLAY_NORMAL, 0, &v));
        FUZZ_CHECK(rc == GRUNDY_ECYCLE || GC_NOMEM(fa, rc), "value of a cyclic graph: %d", rc);
    } else {
        FUZZ_CHECK(rc == GRUNDY_OK, "acyclic graph: solve returned %d (%s)", rc,
                   grundy_graph_errmsg(lg));
        uint32_t c;
        FUZZ_CHECK(grundy_graph_cycle_node(lg, &c) == GRUNDY_ESTATE, "cycle_node after success");
        st.num[0] = malloc(((size_t)n + 1) * sizeof(uint32_t));
        if (!st.num[0])
            abort();
        bg_numbers(g, GRUNDY_PLAY_NORMAL, order, n, st.num[0]);
        if (n <= lim->plays)
            gc_check_normal(lg, g, st.num[0], &seed);
        /* Solving again changes nothing. */
        FUZZ_CHECK(grundy_graph_solve(lg, GRUNDY_PLAY_NORMAL) == GRUNDY_OK, "second solve");
    }
    if (n > lim->plays)
        goto done;
    gc_check_moves(lg, g, fa);
    gc_check_plays(lg, g, fa, &st, order);

    /* Loopy play. */
    GC_CALL(fa, rc, grundy_graph_solve(lg, GRUNDY_PLAY_LOOPY));
    if (!GC_NOMEM(fa, rc)) {
        if (g->has_splits) {
            FUZZ_CHECK(rc == GRUNDY_EINVAL, "loopy play with splits: %d", rc);
        } else {
            FUZZ_CHECK(rc == GRUNDY_OK, "loopy play: %d (%s)", rc, grundy_graph_errmsg(lg));
            gc_check_loopy(lg, g, fa, st.acyclic, st.num[0]);
        }
    }

    if (n > 0 && n <= lim->genus)
        gc_check_genus(lg, g, fa, &st, order, &seed);

    /* Sums of a few positions under every play. */
    for (uint32_t t = 0; t < lim->tuples && n > 0; t++) {
        uint32_t nodes[4];
        uint32_t k = (uint32_t)(fuzz_next(&seed) % 4);
        if (t == 0)
            k = 1;
        for (uint32_t i = 0; i < k; i++)
            nodes[i] = (uint32_t)(fuzz_next(&seed) % n);
        for (size_t c = 0; c < sizeof gc_sum_plays / sizeof gc_sum_plays[0]; c++)
            gc_check_compound(lg, g, fa, &st, lim, gc_sum_plays[c], nodes, k);
    }
    FUZZ_CHECK(grundy_graph_sum_outcome(lg, 8, NULL, 0) == GRUNDY_EINVAL, "unknown play accepted");
    FUZZ_CHECK(grundy_graph_solve(lg, 8) == GRUNDY_EINVAL, "unknown play solved");

    gc_check_growth(lg, g, fa, &st, lim);
done:
    for (int p = 0; p < 6; p++)
        free(st.num[p]);
    free(st.tame);
    free(order);
}

#endif
