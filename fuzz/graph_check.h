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
    static const char *names[] = {"normal", "misere", "wtia", "remoteness", "suspense", "loopy"};
    return play >= 0 && play <= 5 ? names[play] : "?";
}

/* Compares the library's moves of every node with the model's. */
static inline void gc_check_moves(const grundy_graph *lg, const bgraph *g)
{
    for (uint32_t u = 0; u < g->n; u++) {
        uint32_t d = 12345;
        int rc = grundy_graph_degree(lg, u, &d);
        FUZZ_CHECK(rc == GRUNDY_OK, "degree(%u) = %d", u, rc);
        FUZZ_CHECK(d == bg_degree(g, u), "degree(%u) = %u, expected %u", u, d, bg_degree(g, u));
        for (uint32_t k = 0; k < d; k++) {
            const uint32_t *parts = NULL;
            uint32_t np = 99;
            rc = grundy_graph_move(lg, u, k, &parts, &np);
            FUZZ_CHECK(rc == GRUNDY_OK, "move(%u, %u) = %d", u, k, rc);
            uint32_t enp;
            const uint32_t *ep = bg_move(g, u, k, &enp);
            FUZZ_CHECK(np == enp, "move(%u, %u) has %u parts, expected %u", u, k, np, enp);
            for (uint32_t j = 0; j < np; j++)
                FUZZ_CHECK(parts[j] == ep[j], "move(%u, %u) part %u is %u, expected %u", u, k, j,
                           parts[j], ep[j]);
        }
        const uint32_t *parts;
        uint32_t np;
        FUZZ_CHECK(grundy_graph_move(lg, u, d, &parts, &np) == GRUNDY_ERANGE,
                   "move(%u, degree) is not ERANGE", u);
    }
    uint32_t d;
    FUZZ_CHECK(grundy_graph_degree(lg, g->n, &d) == GRUNDY_ERANGE, "degree(n) is not ERANGE");
}

/* Normal-play queries: values, outcomes, winning moves, sums. */
static inline void gc_check_normal(const grundy_graph *lg, const bgraph *g, const uint32_t *num,
                            uint64_t *seed)
{
    const uint32_t *vals = grundy_graph_values(lg);
    FUZZ_CHECK(vals != NULL, "solved, but grundy_graph_values is NULL");
    for (uint32_t u = 0; u < g->n; u++) {
        FUZZ_CHECK(vals[u] == num[u], "normal value of node %u is %u, expected %u", u, vals[u],
                   num[u]);
        uint32_t v;
        FUZZ_CHECK(grundy_graph_value(lg, u, &v) == GRUNDY_OK && v == num[u],
                   "grundy_graph_value(%u)", u);
        int oc = grundy_graph_outcome(lg, u);
        FUZZ_CHECK(oc == (num[u] ? GRUNDY_N : GRUNDY_P), "outcome(%u) = %d", u, oc);
        /* Winning moves: exactly the moves to value 0, increasing. */
        size_t count = 99;
        FUZZ_CHECK(grundy_graph_winning_moves(lg, u, NULL, 0, &count) == GRUNDY_OK,
                   "winning_moves count");
        uint32_t expect = 0, d = bg_degree(g, u);
        uint32_t *moves = malloc(((size_t)d + 2) * sizeof *moves);
        if (!moves)
            abort();
        moves[d + 1] = 0xdeadbeefu;
        size_t count2 = 0;
        FUZZ_CHECK(grundy_graph_winning_moves(lg, u, moves, d + 1, &count2) == GRUNDY_OK,
                   "winning_moves");
        FUZZ_CHECK(moves[d + 1] == 0xdeadbeefu, "winning_moves wrote past cap");
        size_t j = 0;
        for (uint32_t k = 0; k < d; k++) {
            uint32_t np, x = 0;
            const uint32_t *p = bg_move(g, u, k, &np);
            for (uint32_t i = 0; i < np; i++)
                x ^= num[p[i]];
            if (x == 0) {
                FUZZ_CHECK(j < count2 && moves[j] == k, "winning move %zu of node %u", j, u);
                j++;
                expect++;
            }
        }
        FUZZ_CHECK(count == expect && count2 == expect,
                   "node %u: %zu/%zu winning moves, expected %u", u, count, count2, expect);
        FUZZ_CHECK((expect > 0) == (num[u] != 0), "node %u: value %u but %u winning moves", u,
                   num[u], expect);
        free(moves);
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
        FUZZ_CHECK(grundy_graph_sum_value(lg, nodes, k, &v) == GRUNDY_OK && v == x, "sum_value");
        size_t comp = 99;
        uint32_t mv = 99;
        int found = grundy_graph_sum_winning_move(lg, nodes, k, &comp, &mv);
        FUZZ_CHECK(found == (x != 0), "sum_winning_move returned %d for xor %u", found, x);
        if (found == 1) {
            FUZZ_CHECK(comp < k && mv < bg_degree(g, nodes[comp]), "sum_winning_move: bad move");
            uint32_t np, y = x ^ num[nodes[comp]];
            const uint32_t *p = bg_move(g, nodes[comp], mv, &np);
            for (uint32_t i = 0; i < np; i++)
                y ^= num[p[i]];
            FUZZ_CHECK(y == 0, "sum_winning_move leads to value %u", y);
        }
    }
    uint32_t v;
    FUZZ_CHECK(grundy_graph_value(lg, g->n, &v) == GRUNDY_ERANGE, "value(n) is not ERANGE");
}

/* Smith's conditions for the generalized Sprague-Grundy values, and the
 * outcomes they imply against retrograde analysis. */
static inline void gc_check_loopy(const grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                           int acyclic, const uint32_t *normal)
{
    const uint32_t *lab = grundy_graph_play_values(lg, GRUNDY_PLAY_LOOPY);
    FUZZ_CHECK(lab != NULL, "loopy solved but no values");
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
        int oc = grundy_graph_play_outcome(lg, GRUNDY_PLAY_LOOPY, u);
        FUZZ_CHECK(oc == expect, "loopy outcome of %u is %d, its value says %d", u, oc, expect);
        FUZZ_CHECK(oc == retro[u], "loopy outcome of %u is %d, retrograde analysis says %d", u,
                   oc, retro[u]);
        /* The distinct finite values of the followers, increasing. */
        size_t count = 99;
        int rc;
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

static inline int gc_compound_play(int c)
{
    switch (c) {
    case GRUNDY_SUM_WTIA: return GRUNDY_PLAY_WTIA;
    case GRUNDY_SUM_CONJUNCTIVE:
    case GRUNDY_SUM_SHORTENED: return GRUNDY_PLAY_REMOTENESS;
    case GRUNDY_SUM_CONTINUED: return GRUNDY_PLAY_SUSPENSE;
    case GRUNDY_SUM_LOOPY: return GRUNDY_PLAY_LOOPY;
    default: return GRUNDY_PLAY_NORMAL;
    }
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
    /* Which errors the graph calls for. */
    int need_acyclic = c != GRUNDY_SUM_LOOPY;
    int need_nosplit = c != GRUNDY_SUM_DISJUNCTIVE && c != GRUNDY_SUM_MISERE;
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

static void gc_check_compound_with(grundy_graph *lg, const bgraph *g, const fuzz_alloc *fa,
                                   const gc_state *st, int c, const uint32_t *nodes, uint32_t n,
                                   const brute *b, int expect_brute, int bad_cycle, int bad_split)
{
    int splits = g->has_splits;
    /* The misère search explores the same sums as the brute force: when
     * that is too large, so is the library's search; do not ask it. */
    int searches = c == GRUNDY_SUM_MISERE || c == GRUNDY_SUM_TAME;
    if (c == GRUNDY_SUM_MISERE && !bad_cycle && expect_brute < 0)
        return;
    int rc = grundy_graph_compound_outcome(lg, c, nodes, n);
    FUZZ_CHECK(rc == GRUNDY_P || rc == GRUNDY_N || rc == GRUNDY_D || fuzz_is_status(rc),
               "compound %d: result %d", c, rc);
    if (GC_NOMEM(fa, rc))
        return;
    if (bad_cycle || bad_split) {
        FUZZ_CHECK((bad_cycle && rc == GRUNDY_ECYCLE) || (bad_split && rc == GRUNDY_EINVAL),
                   "compound %d on a graph with%s cycles and with%s splits: %d", c,
                   st->acyclic ? "out" : "", splits ? "" : "out", rc);
        return;
    }
    if (c == GRUNDY_SUM_ANTI_SG && st->num[0]) {
        int holds = gc_sj_holds(g, st->num[0], nodes, n);
        FUZZ_CHECK(holds ? rc >= 0 : rc == GRUNDY_EINVAL,
                   "Anti-SG: precondition %s, result %d", holds ? "holds" : "fails", rc);
    }
    if (c == GRUNDY_SUM_TAME && st->tame) {
        int all = 1;
        for (uint32_t i = 0; i < n; i++)
            all &= st->tame[nodes[i]];
        FUZZ_CHECK(all ? rc >= 0 : rc == GRUNDY_EINVAL, "tame: components %s tame, result %d",
                   all ? "all" : "not all", rc);
    }
    if (rc < 0) {
        FUZZ_CHECK(c == GRUNDY_SUM_ANTI_SG || c == GRUNDY_SUM_TAME,
                   "compound %d failed with %d (%s)", c, rc, grundy_graph_errmsg(lg));
        return;
    }
    FUZZ_CHECK(rc != GRUNDY_D || c == GRUNDY_SUM_LOOPY, "compound %d is a draw", c);
    /* The numbers decide the decidable compounds. */
    if (c != GRUNDY_SUM_MISERE && c != GRUNDY_SUM_TAME && c != GRUNDY_SUM_LOOPY) {
        const uint32_t *num = grundy_graph_play_values(lg, gc_compound_play(c));
        FUZZ_CHECK(num != NULL, "compound %d solved no play", c);
        uint32_t numbers[BR_MAX_SLOTS];
        for (uint32_t i = 0; i < n; i++)
            numbers[i] = num[nodes[i]];
        int by_numbers = grundy_compound_outcome(c, numbers, n);
        FUZZ_CHECK(by_numbers == rc, "compound %d: graph says %d, numbers say %d", c, rc,
                   by_numbers);
    }
    if (expect_brute >= 0)
        FUZZ_CHECK(rc == expect_brute,
                   "compound %d of %u components (first %u): library %d, brute force %d", c, n,
                   n ? nodes[0] : 0, rc, expect_brute);
    /* The move (the misère search behind it only where the brute force
     * showed the sums are few). */
    if (searches && expect_brute < 0)
        return;
    uint32_t moves[BR_MAX_SLOTS + 1];
    moves[n] = 0xdeadbeefu;
    int found = grundy_graph_compound_move(lg, c, nodes, n, moves);
    if (GC_NOMEM(fa, found))
        return;
    FUZZ_CHECK(found == 0 || found == 1, "compound_move %d returned %d (%s)", c, found,
               grundy_graph_errmsg(lg));
    FUZZ_CHECK(moves[n] == 0xdeadbeefu, "compound_move wrote past n");
    if (rc == GRUNDY_P) {
        FUZZ_CHECK(found == 0, "compound %d: P-position but a winning move", c);
        return;
    }
    if (found == 0) {
        /* Only misère sums where nobody can move: the mover has won. */
        int live = 0;
        for (uint32_t i = 0; i < n; i++)
            live |= bg_degree(g, nodes[i]) > 0;
        FUZZ_CHECK((c == GRUNDY_SUM_MISERE || c == GRUNDY_SUM_ANTI_SG || c == GRUNDY_SUM_TAME) &&
                       !live && rc == GRUNDY_N,
                   "compound %d: outcome %d but no move", c, rc);
        return;
    }
    if (expect_brute < 0)
        return;
    int after = -1;
    int r = bg_compound_after(b, nodes, n, moves, &after);
    FUZZ_CHECK(r != -2, "compound %d: compound_move gave an illegal move", c);
    FUZZ_CHECK(rc == GRUNDY_D ? after == GRUNDY_D : after == GRUNDY_P,
               "compound %d (outcome %d): the move leads to outcome %d", c, rc, after);
}

/* The whole check.  lg holds the same graph as g. */
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
    int rc = grundy_graph_solve(lg);
    if (GC_NOMEM(fa, rc))
        rc = grundy_graph_solve(lg); /* the refusal was one-off; a retry must work */
    if (GC_NOMEM(fa, rc))
        goto done;
    if (!st.acyclic) {
        FUZZ_CHECK(rc == GRUNDY_ECYCLE, "cyclic graph: solve returned %d", rc);
        uint32_t c = UINT32_MAX;
        FUZZ_CHECK(grundy_graph_cycle_node(lg, &c) == GRUNDY_OK && c < n, "cycle_node");
        FUZZ_CHECK(bg_on_cycle(g, c), "cycle_node %u is on no cycle", c);
        FUZZ_CHECK(grundy_graph_errmsg(lg)[0] != '\0', "ECYCLE without a message");
        FUZZ_CHECK(grundy_graph_values(lg) == NULL, "values after ECYCLE");
        uint32_t v;
        FUZZ_CHECK(grundy_graph_value(lg, 0, &v) == GRUNDY_ESTATE, "value after ECYCLE");
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
        FUZZ_CHECK(grundy_graph_solve(lg) == GRUNDY_OK, "second solve");
    }
    if (n <= lim->plays)
        gc_check_moves(lg, g);
    else
        goto done;

    /* The other acyclic plays. */
    for (int play = GRUNDY_PLAY_MISERE; play <= GRUNDY_PLAY_SUSPENSE; play++) {
        rc = grundy_graph_solve_play(lg, play);
        if (GC_NOMEM(fa, rc))
            rc = grundy_graph_solve_play(lg, play);
        if (GC_NOMEM(fa, rc))
            continue;
        if (g->has_splits) {
            FUZZ_CHECK(rc == GRUNDY_EINVAL, "%s play with splits: %d", gc_play_name(play), rc);
            FUZZ_CHECK(grundy_graph_errmsg(lg)[0] != '\0', "EINVAL without a message");
            continue;
        }
        if (!st.acyclic) {
            FUZZ_CHECK(rc == GRUNDY_ECYCLE, "%s play with a cycle: %d", gc_play_name(play), rc);
            continue;
        }
        FUZZ_CHECK(rc == GRUNDY_OK, "%s play: %d (%s)", gc_play_name(play), rc,
                   grundy_graph_errmsg(lg));
        st.num[play] = malloc(((size_t)n + 1) * sizeof(uint32_t));
        if (!st.num[play])
            abort();
        bg_numbers(g, play, order, n, st.num[play]);
        const uint32_t *lv = grundy_graph_play_values(lg, play);
        FUZZ_CHECK(lv != NULL, "%s values NULL", gc_play_name(play));
        for (uint32_t u = 0; u < n; u++) {
            uint32_t e = st.num[play][u];
            FUZZ_CHECK(lv[u] == e, "%s number of node %u is %u, expected %u", gc_play_name(play),
                       u, lv[u], e);
            uint32_t v;
            FUZZ_CHECK(grundy_graph_play_value(lg, play, u, &v) == GRUNDY_OK && v == e,
                       "play_value");
            int win;
            switch (play) {
            case GRUNDY_PLAY_WTIA: win = e == GRUNDY_SC || (e != GRUNDY_SP && e != 0); break;
            case GRUNDY_PLAY_REMOTENESS:
            case GRUNDY_PLAY_SUSPENSE: win = e % 2 == 1; break;
            default: win = e != 0; break;
            }
            int oc = grundy_graph_play_outcome(lg, play, u);
            FUZZ_CHECK(oc == (win ? GRUNDY_N : GRUNDY_P), "%s outcome of %u: %d",
                       gc_play_name(play), u, oc);
        }
    }

    /* Loopy play. */
    rc = grundy_graph_solve_play(lg, GRUNDY_PLAY_LOOPY);
    if (GC_NOMEM(fa, rc))
        rc = grundy_graph_solve_play(lg, GRUNDY_PLAY_LOOPY);
    if (!GC_NOMEM(fa, rc)) {
        if (g->has_splits) {
            FUZZ_CHECK(rc == GRUNDY_EINVAL, "loopy play with splits: %d", rc);
        } else {
            FUZZ_CHECK(rc == GRUNDY_OK, "loopy play: %d (%s)", rc, grundy_graph_errmsg(lg));
            gc_check_loopy(lg, g, fa, st.acyclic, st.num[0]);
        }
    }

    /* Genus symbols. */
    if (n > 0 && n <= lim->genus) {
        uint32_t gamma[GRUNDY_GENUS_TERMS + 1];
        int tame = -1;
        gamma[GRUNDY_GENUS_TERMS] = 0xdeadbeefu;
        uint32_t probe = (uint32_t)(fuzz_next(&seed) % n);
        rc = grundy_graph_genus(lg, probe, gamma, GRUNDY_GENUS_TERMS, &tame);
        if (GC_NOMEM(fa, rc))
            rc = grundy_graph_genus(lg, probe, gamma, GRUNDY_GENUS_TERMS, &tame);
        if (!GC_NOMEM(fa, rc)) {
            if (!st.acyclic || g->has_splits) {
                FUZZ_CHECK(rc == (st.acyclic ? GRUNDY_EINVAL : GRUNDY_ECYCLE) ||
                               (g->has_splits && !st.acyclic && rc == GRUNDY_EINVAL),
                           "genus on a graph with cycles/splits: %d", rc);
            } else {
                FUZZ_CHECK(rc == GRUNDY_OK, "genus: %d", rc);
                FUZZ_CHECK(gamma[GRUNDY_GENUS_TERMS] == 0xdeadbeefu, "genus wrote past cap");
                const size_t W = GC_L + 1;
                uint32_t *mg = malloc((size_t)n * W * W * sizeof *mg);
                st.tame = malloc((size_t)n + 1);
                if (!mg || !st.tame)
                    abort();
                gc_genus_brute(g, order, mg);
                gc_tame(g, order, mg, st.num[0], st.tame);
                for (uint32_t u = 0; u < n; u++) {
                    GC_CALL(fa, rc, grundy_graph_genus(lg, u, gamma, GRUNDY_GENUS_TERMS, &tame));
                    FUZZ_CHECK(rc == GRUNDY_OK, "genus(%u): %d", u, rc);
                    for (uint32_t t = 0; t <= GC_L; t++)
                        FUZZ_CHECK(gamma[t] == mg[((size_t)u * W + t) * W],
                                   "genus of node %u: term %u is %u, expected %u", u, t,
                                   gamma[t], mg[((size_t)u * W + t) * W]);
                    FUZZ_CHECK(gamma[0] == st.num[1][u], "gamma_0 of %u is %u, misère value %u",
                               u, gamma[0], st.num[1][u]);
                    FUZZ_CHECK(tame == st.tame[u], "node %u: tame %d, expected %d", u, tame,
                               st.tame[u]);
                }
                free(mg);
            }
        }
    }

    /* Compounds of a few positions. */
    for (uint32_t t = 0; t < lim->tuples && n > 0; t++) {
        uint32_t nodes[4];
        uint32_t k = (uint32_t)(fuzz_next(&seed) % 4);
        if (t == 0)
            k = 1;
        for (uint32_t i = 0; i < k; i++)
            nodes[i] = (uint32_t)(fuzz_next(&seed) % n);
        for (int c = GRUNDY_SUM_DISJUNCTIVE; c <= GRUNDY_SUM_TAME; c++)
            gc_check_compound(lg, g, fa, &st, lim, c, nodes, k);
    }
    FUZZ_CHECK(grundy_graph_compound_outcome(lg, 10, NULL, 0) == GRUNDY_EINVAL,
               "unknown compound accepted");
    FUZZ_CHECK(grundy_graph_solve_play(lg, 6) == GRUNDY_EINVAL, "unknown play accepted");

    /* A change drops every solution. */
    if (grundy_graph_add_node(lg, NULL) == GRUNDY_OK) {
        uint32_t v;
        FUZZ_CHECK(grundy_graph_values(lg) == NULL, "values after a change");
        FUZZ_CHECK(grundy_graph_value(lg, 0, &v) == GRUNDY_ESTATE, "value after a change");
        FUZZ_CHECK(grundy_graph_play_values(lg, GRUNDY_PLAY_LOOPY) == NULL,
                   "loopy values after a change");
        FUZZ_CHECK(grundy_graph_degree(lg, 0, &v) == GRUNDY_ESTATE, "degree after a change");
        rc = grundy_graph_solve(lg);
        FUZZ_CHECK(rc == (st.acyclic ? GRUNDY_OK : GRUNDY_ECYCLE) || GC_NOMEM(fa, rc),
                   "solve after adding a node: %d", rc);
        if (rc == GRUNDY_OK) {
            FUZZ_CHECK(grundy_graph_value(lg, n, &v) == GRUNDY_OK && v == 0, "new node's value");
            if (st.num[0] && n <= lim->plays)
                for (uint32_t u = 0; u < n; u++)
                    FUZZ_CHECK(grundy_graph_value(lg, u, &v) == GRUNDY_OK && v == st.num[0][u],
                               "value changed after adding a node");
        }
    }
done:
    for (int p = 0; p < 6; p++)
        free(st.num[p]);
    free(st.tame);
    free(order);
}

#endif
