/* SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getpid: files of this run's own (harness.h) */
/* Misère quotients of heap games.
 *
 * Every quotient computed here decides every sum of heaps of total size up
 * to a bound (at least 18) as the brute force of misere_brute.h does and as
 * the library's memoized misère search does, and each winning move it gives
 * leaves a P-position.  Known quotients (T1, T2) are asserted; the solved
 * octal games are asserted solved, with their figures printed as comments,
 * and the order and P-portion of every quotient up to each heap are
 * MisereSolver's.
 * Then errors, progress and cancelling, the trace of recalibrations, saving
 * and resuming. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"
/* The handle's full_max, to force large monoids on: with the library's
 * sources (make check), not against the single header alone. */
#if defined(__has_include)
#if __has_include("quotient/quotient.h")
#include "quotient/quotient.h"
#define HAVE_QUOTIENT_INTERNALS 1
#endif
#endif
#include "harness.h"
#include "misere_brute.h"

static grundy_quotient *quotient_of(const char *name, uint64_t max_heap)
{
    grundy_heap_game *g = game_of(name);
    grundy_quotient *q = NULL;
    CHECK_EQ(grundy_quotient_new(&q, g, NULL), GRUNDY_OK);
    grundy_heap_game_free(g); /* the quotient keeps its own rules */
    int rc = grundy_quotient_compute(q, max_heap);
    if (!CHECK_EQ(rc, GRUNDY_OK))
        fprintf(stderr, "%s: %s\n", name, grundy_quotient_errmsg(q));
    return q;
}

static void check_presentation(grundy_quotient *q, const char *want)
{
    char buf[256];
    size_t len = 0;
    CHECK_EQ(grundy_quotient_presentation(q, buf, sizeof buf, &len), GRUNDY_OK);
    CHECK_EQ(len, strlen(want));
    if (!CHECK(strcmp(buf, want) == 0))
        fprintf(stderr, "presentation %s, wanted %s\n", buf, want);
}

/* What every quotient satisfies: even order, the identity outside P, P of
 * the size announced, products commutative, words of the right element. */
static void check_invariants(grundy_quotient *q)
{
    uint32_t n = grundy_quotient_order(q), np = 0;
    CHECK(n == 1 || n % 2 == 0);
    CHECK_EQ(grundy_quotient_is_p(q, 0), 0);
    CHECK_EQ(grundy_quotient_is_p(q, n), GRUNDY_ERANGE);
    size_t G = grundy_quotient_generator_count(q);
    uint32_t gens[64];
    CHECK(G <= 64);
    for (size_t i = 0; i < G && i < 64; i++) {
        uint64_t h = 99;
        CHECK_EQ(grundy_quotient_generator_heap(q, i, &h), GRUNDY_OK);
        CHECK_EQ(grundy_quotient_phi(q, h, &gens[i]), GRUNDY_OK);
    }
    uint32_t w[64];
    for (uint32_t x = 0; x < n; x++) {
        np += (uint32_t)grundy_quotient_is_p(q, x);
        CHECK_EQ(grundy_quotient_word(q, x, w, 64), GRUNDY_OK);
        uint32_t y = 0;
        for (size_t i = 0; i < G && i < 64; i++)
            for (uint32_t e = 0; e < w[i]; e++)
                CHECK_EQ(grundy_quotient_multiply(q, y, gens[i], &y), GRUNDY_OK);
        CHECK_EQ(y, x);
        if (x % 7 == 0)
            for (uint32_t z = 0; z < n; z++) {
                uint32_t a = 0, b = 1;
                grundy_quotient_multiply(q, x, z, &a);
                grundy_quotient_multiply(q, z, x, &b);
                CHECK_EQ(a, b);
            }
    }
    CHECK_EQ(np, grundy_quotient_p_size(q));
    /* Each relation holds. */
    uint32_t lhs[64], rhs[64];
    for (size_t r = 0; r < grundy_quotient_relation_count(q); r++) {
        CHECK_EQ(grundy_quotient_relation(q, r, lhs, rhs, 64), GRUNDY_OK);
        uint32_t a = 0, b = 0;
        for (size_t i = 0; i < G && i < 64; i++) {
            for (uint32_t e = 0; e < lhs[i]; e++)
                grundy_quotient_multiply(q, a, gens[i], &a);
            for (uint32_t e = 0; e < rhs[i]; e++)
                grundy_quotient_multiply(q, b, gens[i], &b);
        }
        CHECK_EQ(a, b);
    }
}

/* ---- Known quotients ------------------------------------------------------------- */

static void test_known(void)
{
    /* T1: heaps of at most 1 in effect (0.1: only heap 1 moves; 0.3: every
     * heap is a heap of 1 or none). */
    const char *t1[2] = {"0.1", "0.3"};
    for (int i = 0; i < 2; i++) {
        grundy_quotient *q = quotient_of(t1[i], 100);
        CHECK_EQ(grundy_quotient_order(q), 2);
        CHECK_EQ(grundy_quotient_p_size(q), 1);
        CHECK_EQ(grundy_quotient_solved(q, NULL, NULL), 1);
        CHECK_EQ(grundy_quotient_tame(q), 1);
        uint32_t a = 9;
        CHECK_EQ(grundy_quotient_phi(q, 1, &a), GRUNDY_OK);
        CHECK_EQ(a, 1);
        CHECK_EQ(grundy_quotient_is_p(q, a), 1);
        check_presentation(q, "a^2 = 1");
        check_invariants(q);
        grundy_quotient_free(q);
    }
    /* T2: 0.333 takes 1, 2 or 3, so heaps up to 3 are misère Nim's. */
    grundy_quotient *q = quotient_of("0.333", 3);
    CHECK_EQ(grundy_quotient_heaps(q), 4);
    CHECK_EQ(grundy_quotient_order(q), 6);
    CHECK_EQ(grundy_quotient_p_size(q), 2);
    CHECK_EQ(grundy_quotient_tame(q), 1);
    CHECK_EQ(grundy_quotient_solved(q, NULL, NULL), 0);
    check_presentation(q, "a^2 = 1, b^3 = b");
    uint32_t a, b, b2, x;
    CHECK_EQ(grundy_quotient_phi(q, 1, &a), GRUNDY_OK);
    CHECK_EQ(grundy_quotient_phi(q, 2, &b), GRUNDY_OK);
    CHECK_EQ(grundy_quotient_multiply(q, b, b, &b2), GRUNDY_OK);
    for (x = 0; x < 6; x++)
        CHECK_EQ(grundy_quotient_is_p(q, x), x == a || x == b2);
    CHECK_EQ(grundy_quotient_phi(q, 3, &x), GRUNDY_OK);
    uint32_t ab;
    grundy_quotient_multiply(q, a, b, &ab);
    CHECK_EQ(x, ab); /* *3 = *1 + *2 among heaps up to 3 */
    CHECK_EQ(grundy_quotient_phi(q, 4, &x), GRUNDY_ERANGE);
    CHECK(strstr(grundy_quotient_errmsg(q), "0 to 3") != NULL);
    check_invariants(q);
    grundy_quotient_free(q);
}

/* Which games can be solved: finite octal codes only.  One of them computed
 * with no bound stops once solved: 0.156, MisereSolver's period 349 and
 * preperiod 3479 (8 generators of order 34 by heap 243). */
static void test_provable(void)
{
    const char *yes[] = {"0.77", "0.333", "0.156", "0.123"};
    const char *no[] = {"0.F", "0.8", "grundy", "lasker", "sub:1,2", "0.7f"};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++) {
        grundy_quotient *q = quotient_of(yes[i], 0);
        if (!CHECK_EQ(grundy_quotient_provable(q), 1))
            fprintf(stderr, "%s: not provable\n", yes[i]);
        grundy_quotient_free(q);
    }
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
        grundy_quotient *q = quotient_of(no[i], 0);
        if (!CHECK_EQ(grundy_quotient_provable(q), 0))
            fprintf(stderr, "%s: provable\n", no[i]);
        grundy_quotient_free(q);
    }
    CHECK_EQ(grundy_quotient_provable(NULL), 0);
    grundy_quotient *q = quotient_of("0.156", UINT64_MAX);
    uint64_t period = 0, preperiod = 0;
    CHECK_EQ(grundy_quotient_solved(q, &period, &preperiod), 1);
    CHECK_EQ(period, 349);
    CHECK_EQ(preperiod, 3479);
    CHECK_EQ(grundy_quotient_order(q), 34);
    CHECK_EQ(grundy_quotient_p_size(q), 2);
    grundy_quotient_free(q);
}

/* ---- Against the brute force and the search -------------------------------------- */

typedef struct sweep {
    grundy_quotient *q;
    grundy_heap_game *g;
    brute *b;
    int max_heap, total;
    int search_total; /* sums up to this size are also asked of the library's search */
    long sums;
} sweep;

static int brute_outcome(brute *b, const int *heaps, int n)
{
    return brute_sum(b, heaps, n) == 0 ? GRUNDY_P : GRUNDY_N;
}

static void check_one(sweep *s, const int *heaps, int n, int size)
{
    uint64_t h64[MAXK], moves[MAXK];
    for (int i = 0; i < n; i++)
        h64[i] = (uint64_t)heaps[i];
    int want = brute_outcome(s->b, heaps, n);
    int got = grundy_quotient_sum_outcome(s->q, h64, (size_t)n);
    if (!CHECK_EQ(got, want)) {
        fprintf(stderr, "  sum:");
        for (int i = 0; i < n; i++)
            fprintf(stderr, " %d", heaps[i]);
        fprintf(stderr, "\n");
    }
    if (size <= s->search_total)
        CHECK_EQ(grundy_heap_game_sum_outcome(s->g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, h64,
                                              (size_t)n),
                 want);
    int found = grundy_quotient_sum_winning_move(s->q, h64, (size_t)n, moves);
    int has_move = 0; /* a sum with no move is N, and has no winning move */
    for (int i = 0; i < n && !has_move; i++) {
        uint64_t degree = 0;
        CHECK_EQ(grundy_heap_game_degree(s->g, h64[i], &degree), GRUNDY_OK);
        has_move = degree > 0;
    }
    if (!CHECK_EQ(found, want == GRUNDY_N && has_move ? 1 : 0)) {
        fprintf(stderr, "  winning move of");
        for (int i = 0; i < n; i++)
            fprintf(stderr, " %d", heaps[i]);
        fprintf(stderr, "\n");
    }
    int moved = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == GRUNDY_NO_MOVE)
            continue;
        moved++;
        int next[MAXK + 3], m = 0;
        for (int t = 0; t < n; t++)
            if (t != i)
                next[m++] = heaps[t];
        uint64_t parts[3];
        size_t np = 0;
        CHECK_EQ(grundy_heap_game_move(s->g, h64[i], moves[i], parts, 3, &np), GRUNDY_OK);
        for (size_t j = 0; j < np && j < 3; j++)
            next[m++] = (int)parts[j];
        CHECK_EQ(brute_outcome(s->b, next, m), GRUNDY_P);
        if (size <= s->search_total) {
            uint64_t n64[MAXK + 3];
            for (int j = 0; j < m; j++)
                n64[j] = (uint64_t)next[j];
            CHECK_EQ(grundy_heap_game_sum_outcome(s->g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH,
                                                  n64, (size_t)m),
                     GRUNDY_P);
        }
    }
    CHECK_EQ(moved, found == 1 ? 1 : 0);
    s->sums++;
}

/* Every sum of heaps from..max_heap (increasing) with total size up to s->total. */
static void each_sum(sweep *s, int *heaps, int n, int from, int size)
{
    check_one(s, heaps, n, size);
    if (n == MAXK)
        return;
    for (int h = from; h <= s->max_heap && size + h <= s->total; h++) {
        heaps[n] = h;
        each_sum(s, heaps, n + 1, h, size + h);
    }
}

/* Checks every sum of total size up to total (heaps up to those q covers)
 * against the brute force. */
static void sweep_quotient(grundy_quotient *q, const char *name, int total, int search_total)
{
    grundy_heap_game *g = game_of(name);
    brute b;
    brute_init(&b, name);
    uint64_t covered = grundy_quotient_heaps(q);
    int solved = grundy_quotient_solved(q, NULL, NULL);
    sweep s = {q, g, &b, solved || covered > (uint64_t)total ? total : (int)covered - 1, total,
               search_total, 0};
    int heaps[MAXK];
    each_sum(&s, heaps, 0, 1, 0);
    CHECK(s.sums > 0);
    check_invariants(q);
    /* Heap sizes past the range are refused unless solved. */
    uint64_t far = covered + 5, mv[1];
    if (!solved) {
        CHECK_EQ(grundy_quotient_sum_outcome(q, &far, 1), GRUNDY_ERANGE);
        CHECK_EQ(grundy_quotient_sum_winning_move(q, &far, 1, mv), GRUNDY_ERANGE);
        CHECK(mv[0] == GRUNDY_NO_MOVE);
    }
    brute_free(&b);
    grundy_heap_game_free(g);
}

/* Computes the quotient of name up to max_heap and sweeps it. */
static grundy_quotient *sweep_game(const char *name, uint64_t max_heap, int total, int search_total)
{
    grundy_quotient *q = quotient_of(name, max_heap);
    sweep_quotient(q, name, total, search_total);
    return q;
}

/* The winning move of big + small in heap big, if any, is the first of
 * all big's moves (by index) that leaves a P-position by the quotient. */
static void check_periodic_move(grundy_quotient *q, grundy_heap_game *g, uint64_t big,
                                uint64_t small)
{
    uint64_t sum[2] = {big, small}, moves[2], degree = 0, want = GRUNDY_NO_MOVE;
    CHECK_EQ(grundy_heap_game_degree(g, big, &degree), GRUNDY_OK);
    for (uint64_t k = 0; k < degree && want == GRUNDY_NO_MOVE; k++) {
        uint64_t parts[3], next[4];
        size_t np = 0;
        CHECK_EQ(grundy_heap_game_move(g, big, k, parts, 3, &np), GRUNDY_OK);
        next[0] = small;
        for (size_t j = 0; j < np; j++)
            next[j + 1] = parts[j];
        if (grundy_quotient_sum_outcome(q, next, np + 1) == GRUNDY_P)
            want = k;
    }
    int found = grundy_quotient_sum_winning_move(q, sum, 2, moves);
    CHECK(found == 0 || found == 1);
    if (!CHECK_EQ(moves[0], want)) /* big is walked first */
        fprintf(stderr, "  heaps %llu + %llu\n", (unsigned long long)big,
                (unsigned long long)small);
}

/* A solved game: Φ repeats with its period, far beyond the heaps computed,
 * and sums with heaps up to 40 agree with the library's search. */
static void check_solved(grundy_quotient *q, const char *name)
{
    uint64_t p = 0, e = 0;
    CHECK_EQ(grundy_quotient_solved(q, &p, &e), 1);
    CHECK(p > 0);
    printf("# %s: order %u P-portion %u period %llu preperiod %llu heaps %llu tame %s\n", name,
           grundy_quotient_order(q), grundy_quotient_p_size(q), (unsigned long long)p,
           (unsigned long long)e, (unsigned long long)grundy_quotient_heaps(q),
           grundy_quotient_tame(q) ? "yes" : "no");
    for (uint64_t h = e; h < e + 3 * p + 100; h++) {
        uint32_t x = 1, y = 2;
        CHECK_EQ(grundy_quotient_phi(q, h, &x), GRUNDY_OK);
        CHECK_EQ(grundy_quotient_phi(q, h + 1000000007u * p, &y), GRUNDY_OK);
        CHECK_EQ(x, y);
    }
    grundy_heap_game *g = game_of(name);
    /* Quick: fewer and smaller sums, each a search of its own. */
    const uint64_t a_max = harness_quick() ? 29 : 40, a_step = harness_quick() ? 9 : 3;
    for (uint64_t a = 20; a <= a_max; a += a_step) {
        for (uint64_t b = 1; b <= 12; b += 5) {
            uint64_t sum[2] = {a, b}, moves[2];
            int want = grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 2);
            CHECK_EQ(grundy_quotient_sum_outcome(q, sum, 2), want);
            if (grundy_quotient_sum_winning_move(q, sum, 2, moves) == 1) {
                int i = moves[0] != GRUNDY_NO_MOVE ? 0 : 1;
                uint64_t parts[3], next[4];
                size_t np = 0, m = 0;
                CHECK_EQ(grundy_heap_game_move(g, sum[i], moves[i], parts, 3, &np), GRUNDY_OK);
                next[m++] = sum[1 - i];
                for (size_t j = 0; j < np; j++)
                    next[m++] = parts[j];
                CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH,
                                                      next, m),
                         GRUNDY_P);
            } else {
                uint64_t da = 0, db = 0;
                grundy_heap_game_degree(g, a, &da);
                grundy_heap_game_degree(g, b, &db);
                CHECK(want == GRUNDY_P || da + db == 0);
            }
        }
    }
    /* A huge heap answers from the period. */
    uint64_t huge[2] = {1000000000000ull, 3};
    int o = grundy_quotient_sum_outcome(q, huge, 2);
    CHECK(o == GRUNDY_P || o == GRUNDY_N);
    /* Its winning moves walk O(preperiod + period) of its moves: the first
     * winning move of the whole walk, and one to a P-position. */
    for (uint64_t big = 2 * e + 3 * p + 50; big < 2 * e + 4 * p + 50; big++)
        for (uint64_t small = 0; small <= 6; small++)
            check_periodic_move(q, g, big, small);
    for (uint64_t small = 0; small <= 6; small++) {
        uint64_t sum[2] = {1000000000000ull + small, small}, moves[2], parts[3], next[4];
        size_t np = 0;
        if (grundy_quotient_sum_winning_move(q, sum, 2, moves) != 1 || moves[0] == GRUNDY_NO_MOVE)
            continue;
        CHECK_EQ(grundy_heap_game_move(g, sum[0], moves[0], parts, 3, &np), GRUNDY_OK);
        next[0] = small;
        for (size_t j = 0; j < np; j++)
            next[j + 1] = parts[j];
        CHECK_EQ(grundy_quotient_sum_outcome(q, next, np + 1), GRUNDY_P);
    }
    grundy_heap_game_free(g);
}

static void test_games(void)
{
    int quick = harness_quick();
    int total = quick ? 18 : 22;
    /* Octal games solved by the periodicity theorem. */
    static const char *solved[] = {"0.1", "0.3", "0.31", "0.333", "0.52", "0.75", "0.77",
                                   "0.123", "0.34", "0.15"};
    for (size_t i = 0; i < sizeof solved / sizeof *solved; i++) {
        grundy_quotient *q = sweep_game(solved[i], 100000, total, 18);
        check_solved(q, solved[i]);
        grundy_quotient_free(q);
    }
    /* Up to a bound: games not solved there, and games never claimed solved. */
    static const struct {
        const char *name;
        uint64_t max_heap;
    } bounded[] = {{"0.07", 20}, {"0.137", 22}, {"sub:1,2,4", 30}, {"sub:2,5", 30},
                   {"0.F", 18}, {"grundy", 20}};
    for (size_t i = 0; i < sizeof bounded / sizeof *bounded; i++) {
        grundy_quotient *q = sweep_game(bounded[i].name, bounded[i].max_heap, 18, 18);
        printf("# %s up to heap %llu: order %u P-portion %u\n", bounded[i].name,
               (unsigned long long)bounded[i].max_heap, grundy_quotient_order(q),
               grundy_quotient_p_size(q));
        CHECK_EQ(grundy_quotient_heaps(q), bounded[i].max_heap + 1);
        grundy_quotient_free(q);
    }
    /* Never claimed solved: a subtraction set without digits, a
     * hexadecimal code, Grundy's game. */
    static const char *never[] = {"sub:1,2,4", "0.F", "grundy"};
    for (size_t i = 0; i < 3; i++) {
        grundy_quotient *q = quotient_of(never[i], 26);
        CHECK_EQ(grundy_quotient_solved(q, NULL, NULL), 0);
        CHECK_EQ(grundy_quotient_heaps(q), 27);
        grundy_quotient_free(q);
    }
}

/* ---- Errors, progress, cancelling -------------------------------------------------- */

typedef struct counter {
    grundy_quotient *q;
    long calls, stop_at;
    int inner;
} counter;

static int count_progress(void *user, uint64_t done, uint64_t total)
{
    counter *c = (counter *)user;
    (void)total;
    (void)done;
    c->calls++;
    c->inner = grundy_quotient_compute(c->q, 5);
    return c->calls == c->stop_at;
}

/* The whole state as the calls show it. */
static int same_quotient(grundy_quotient *x, grundy_quotient *y)
{
    if (grundy_quotient_heaps(x) != grundy_quotient_heaps(y) ||
        grundy_quotient_order(x) != grundy_quotient_order(y) ||
        grundy_quotient_p_size(x) != grundy_quotient_p_size(y) ||
        grundy_quotient_solved(x, NULL, NULL) != grundy_quotient_solved(y, NULL, NULL))
        return 0;
    for (uint64_t h = 0; h < grundy_quotient_heaps(x); h++) {
        uint32_t a = 0, b = 1;
        grundy_quotient_phi(x, h, &a);
        grundy_quotient_phi(y, h, &b);
        if (a != b)
            return 0;
    }
    for (uint32_t e = 0; e < grundy_quotient_order(x); e++)
        for (uint32_t f = 0; f < grundy_quotient_order(x); f++) {
            uint32_t a = 0, b = 1;
            grundy_quotient_multiply(x, e, f, &a);
            grundy_quotient_multiply(y, e, f, &b);
            if (a != b || grundy_quotient_is_p(x, e) != grundy_quotient_is_p(y, e))
                return 0;
        }
    char s[4096], t[4096];
    size_t ls = 0, lt = 0;
    grundy_quotient_presentation(x, s, sizeof s, &ls);
    grundy_quotient_presentation(y, t, sizeof t, &lt);
    return ls == lt && strcmp(s, t) == 0;
}

static void test_errors(void)
{
    grundy_quotient *q = NULL;
    CHECK_EQ(grundy_quotient_new(NULL, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_quotient_new(&q, NULL, NULL), GRUNDY_EINVAL);
    CHECK(q == NULL);
    grundy_heap_game *bare = NULL;
    CHECK_EQ(grundy_heap_game_new(&bare, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_quotient_new(&q, bare, NULL), GRUNDY_ESTATE);
    CHECK(q == NULL);
    grundy_heap_game_free(bare);
    grundy_quotient_free(NULL);
    CHECK_EQ(grundy_quotient_compute(NULL, 3), GRUNDY_EINVAL);
    CHECK_EQ(grundy_quotient_heaps(NULL), 0);
    CHECK_EQ(grundy_quotient_order(NULL), 0);
    CHECK_EQ(grundy_quotient_solved(NULL, NULL, NULL), 0);
    CHECK(strcmp(grundy_quotient_errmsg(NULL), "") == 0);

    q = quotient_of("0.77", 0);
    CHECK_EQ(grundy_quotient_heaps(q), 1);
    CHECK_EQ(grundy_quotient_order(q), 1);
    size_t len = 9;
    char buf[8] = "xxxxxxx";
    CHECK_EQ(grundy_quotient_presentation(q, buf, sizeof buf, &len), GRUNDY_OK);
    CHECK_EQ(len, 0);
    CHECK_EQ(buf[0], '\0');
    CHECK_EQ(grundy_quotient_compute(q, 30), GRUNDY_OK);
    uint64_t p = 7, e = 7;
    CHECK_EQ(grundy_quotient_solved(q, &p, &e), 0);
    CHECK_EQ(p, 0);
    CHECK_EQ(e, 0);
    CHECK_EQ(grundy_quotient_presentation(q, buf, sizeof buf, &len), GRUNDY_ERANGE);
    CHECK(len > sizeof buf);
    CHECK_EQ(strlen(buf), sizeof buf - 1);
    uint32_t x = 5, w[2];
    CHECK_EQ(grundy_quotient_multiply(q, 0, 1000, &x), GRUNDY_ERANGE);
    CHECK_EQ(x, 0);
    CHECK_EQ(grundy_quotient_word(q, 0, w, 0), grundy_quotient_generator_count(q) ? GRUNDY_ERANGE : GRUNDY_OK);
    uint64_t h = 3;
    CHECK_EQ(grundy_quotient_generator_heap(q, 1000, &h), GRUNDY_ERANGE);
    CHECK_EQ(h, 0);
    CHECK_EQ(grundy_quotient_sum_outcome(q, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_quotient_sum_outcome(q, NULL, 0), GRUNDY_N); /* no move: a win */
    uint64_t empty_heap = 0;
    CHECK_EQ(grundy_quotient_sum_outcome(q, &empty_heap, 1), GRUNDY_N);
    uint64_t none[1];
    CHECK_EQ(grundy_quotient_sum_winning_move(q, NULL, 0, none), 0);

    /* Progress: refused calls inside, a cancel, then the same end as one run. */
    counter c = {q, 0, 3, 0};
    grundy_quotient_set_progress(q, count_progress, &c);
    uint64_t before = grundy_quotient_heaps(q);
    CHECK_EQ(grundy_quotient_compute(q, 1000), GRUNDY_ECANCELED);
    CHECK_EQ(c.inner, GRUNDY_ESTATE);
    CHECK(grundy_quotient_heaps(q) > before);
    uint64_t sum[2] = {3, 4};
    CHECK(grundy_quotient_sum_outcome(q, sum, 2) >= 0);
    grundy_quotient_set_progress(q, NULL, NULL);
    CHECK_EQ(grundy_quotient_compute(q, 1000), GRUNDY_OK);
    grundy_quotient *one = quotient_of("0.77", 1000);
    CHECK(same_quotient(q, one));
    grundy_quotient_free(one);
    grundy_quotient_free(q);

    /* A memory cap too small for the first growth. */
    grundy_heap_game *g = game_of("0.77");
    CHECK_EQ(grundy_quotient_new(&q, g, NULL), GRUNDY_OK);
    grundy_heap_game_free(g);
    grundy_quotient_set_memory_limit(q, 64);
    int rc = grundy_quotient_compute(q, 40);
    CHECK_EQ(rc, GRUNDY_ELIMIT);
    CHECK(strstr(grundy_quotient_errmsg(q), "64 bytes") != NULL);
    grundy_quotient_set_memory_limit(q, 0);
    CHECK_EQ(grundy_quotient_compute(q, 40), GRUNDY_OK);
    grundy_quotient_free(q);
}

/* ---- The trace of recalibrations ---------------------------------------------------- */

/* What the trace saw of the computation of one heap (expect), and what it
 * got from the calls it must not make. */
typedef struct trace_log {
    grundy_quotient *q;
    uint64_t expect;          /* the heap under way */
    long calls, failures, bad;
    int verified;             /* the last call passed */
    uint32_t order, p_size;   /* of the last call's trial */
    int inner;                /* grundy_quotient_compute from inside */
} trace_log;

static void record_trace(void *user, uint64_t heap, uint32_t order, uint32_t p_size,
                         const uint64_t *failing, size_t nfailing)
{
    trace_log *t = (trace_log *)user;
    t->calls++;
    t->verified = failing == NULL;
    t->order = order;
    t->p_size = p_size;
    if (heap != t->expect || p_size == 0 || p_size >= order)
        t->bad++;
    if (failing == NULL) {
        t->bad += nfailing != 0;
    } else {
        /* Non-empty, increasing, with the heap under way, none past it. */
        int has_heap = 0;
        t->failures++;
        t->bad += nfailing == 0;
        for (size_t i = 0; i < nfailing; i++) {
            t->bad += failing[i] > heap || (i > 0 && failing[i] < failing[i - 1]);
            has_heap |= failing[i] == heap;
        }
        t->bad += !has_heap;
    }
    t->inner = grundy_quotient_compute(t->q, heap + 5);
    grundy_quotient_set_trace(t->q, NULL, NULL); /* does nothing from inside */
}

/* Computes name heap by heap up to max_heap with a trace: each heap's last
 * call is the trial adopted, the quotient then computed. */
static long traced_run(const char *name, uint64_t max_heap, trace_log *t)
{
    grundy_heap_game *g = game_of(name);
    memset(t, 0, sizeof *t);
    CHECK_EQ(grundy_quotient_new(&t->q, g, NULL), GRUNDY_OK);
    grundy_heap_game_free(g);
    grundy_quotient_set_trace(t->q, record_trace, t);
    long expansions = 0;
    for (uint64_t h = 1; h <= max_heap && !grundy_quotient_solved(t->q, NULL, NULL); h++) {
        long before = t->calls;
        uint32_t order = grundy_quotient_order(t->q);
        t->expect = h;
        CHECK_EQ(grundy_quotient_compute(t->q, h), GRUNDY_OK);
        if (t->calls > before) {
            expansions++;
            CHECK(t->verified);
            CHECK_EQ(t->order, grundy_quotient_order(t->q));
            CHECK_EQ(t->p_size, grundy_quotient_p_size(t->q));
            CHECK_EQ(t->inner, GRUNDY_ESTATE);
        } else {
            CHECK_EQ(grundy_quotient_order(t->q), order); /* a conservative extension */
        }
    }
    CHECK_EQ(t->bad, 0);
    return expansions;
}

static void test_trace(void)
{
    trace_log t;
    /* Dawson's Kayles recalibrates at heaps 10 and 25 (a trial of 704
     * elements fails there on 2 + 23 + 23 + 23 + 25). */
    CHECK(traced_run("0.07", 25, &t) >= 5);
    CHECK(t.failures > 0);
    CHECK_EQ(grundy_quotient_order(t.q), 144);
    /* Without the trace, no call while heaps 27 and 30 expand. */
    long calls = t.calls;
    grundy_quotient_set_trace(t.q, NULL, NULL);
    CHECK_EQ(grundy_quotient_compute(t.q, 30), GRUNDY_OK);
    CHECK_EQ(t.calls, calls);
    CHECK_EQ(grundy_quotient_order(t.q), 360);
    grundy_quotient_free(t.q);

    /* Kayles, to its solution (one trial fails, at heap 9, on 5 + 5 + 9). */
    CHECK(traced_run("0.77", 200, &t) >= 5);
    CHECK(grundy_quotient_solved(t.q, NULL, NULL));
    CHECK_EQ(grundy_quotient_order(t.q), 40);
    CHECK_EQ(t.failures, 1);
    grundy_quotient_free(t.q);
}

/* ---- Saving and resuming ------------------------------------------------------------ */

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    *len = 0;
    if (f == NULL)
        return NULL;
    buf = malloc(1 << 20);
    *len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    return buf;
}

static void write_all(const char *path, const unsigned char *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK_EQ(fwrite(buf, 1, len, f), len);
        fclose(f);
    }
}

static void test_save_resume(void)
{
    char buf[64], buf_bad[64];
    const char *path = harness_path(buf, sizeof buf, "quotient_state.txt");
    const char *bad = harness_path(buf_bad, sizeof buf_bad, "quotient_bad.txt");
    const char *names[] = {"0.77", "0.15", "0.137", "sub:1,2,4"};
    for (size_t k = 0; k < 4; k++) {
        const char *name = names[k];
        uint64_t end = k == 2 ? 18 : 400;
        grundy_quotient *whole = quotient_of(name, end);
        grundy_quotient *q = quotient_of(name, 10);
        CHECK_EQ(grundy_quotient_save(q, path), GRUNDY_OK);
        grundy_quotient_free(q);
        grundy_heap_game *g = game_of(name);
        CHECK_EQ(grundy_quotient_new(&q, g, NULL), GRUNDY_OK);
        grundy_heap_game_free(g);
        CHECK_EQ(grundy_quotient_resume(q, path), GRUNDY_OK);
        CHECK_EQ(grundy_quotient_heaps(q), 11);
        CHECK_EQ(grundy_quotient_compute(q, end), GRUNDY_OK);
        CHECK(same_quotient(q, whole));
        /* A solved state round-trips, solved. */
        CHECK_EQ(grundy_quotient_save(whole, path), GRUNDY_OK);
        CHECK_EQ(grundy_quotient_resume(q, path), GRUNDY_OK);
        CHECK(same_quotient(q, whole));
        grundy_quotient_free(whole);
        if (k != 0) {
            grundy_quotient_free(q);
            continue;
        }
        /* Every truncation, and a flip of every byte: EPARSE, q unchanged. */
        size_t len = 0;
        unsigned char *file = read_all(path, &len);
        CHECK(file != NULL && len > 100);
        grundy_quotient *before = quotient_of(name, 5);
        grundy_quotient_free(q);
        q = quotient_of(name, 5);
        for (size_t cut = 0; file != NULL && cut < len; cut++) {
            write_all(bad, file, cut);
            CHECK_EQ(grundy_quotient_resume(q, bad), GRUNDY_EPARSE);
        }
        CHECK(strstr(grundy_quotient_errmsg(q), "line") != NULL);
        for (size_t at = 0; file != NULL && at < len; at += 1 + at / 97) {
            for (unsigned bit = 0; bit < 8; bit += 3) {
                file[at] ^= (unsigned char)(1u << bit);
                write_all(bad, file, len);
                CHECK_EQ(grundy_quotient_resume(q, bad), GRUNDY_EPARSE);
                file[at] ^= (unsigned char)(1u << bit);
            }
        }
        CHECK(same_quotient(q, before));
        free(file);
        /* Another game's file. */
        grundy_quotient *other = quotient_of("0.75", 12);
        CHECK_EQ(grundy_quotient_save(other, bad), GRUNDY_OK);
        CHECK_EQ(grundy_quotient_resume(q, bad), GRUNDY_EINVAL);
        CHECK(strstr(grundy_quotient_errmsg(q), "another game") != NULL);
        CHECK(same_quotient(q, before));
        /* Files that cannot be read or written. */
        CHECK_EQ(grundy_quotient_resume(q, "build/test/no/such/file"), GRUNDY_EINVAL);
        CHECK_EQ(grundy_quotient_save(q, "build/test/no/such/dir/file"), GRUNDY_EINVAL);
        CHECK_EQ(grundy_quotient_save(q, NULL), GRUNDY_EINVAL);
        CHECK_EQ(grundy_quotient_resume(NULL, path), GRUNDY_EINVAL);
        grundy_quotient_free(other);
        grundy_quotient_free(before);
        grundy_quotient_free(q);
    }
    remove(path);
    remove(bad);
}

/* A state that is well formed but false: P changed, the check line redone. */
static void test_resume_verifies(void)
{
    char buf[64];
    const char *path = harness_path(buf, sizeof buf, "quotient_false.txt");
    grundy_quotient *q = quotient_of("0.77", 20);
    CHECK_EQ(grundy_quotient_save(q, path), GRUNDY_OK);
    size_t len = 0;
    unsigned char *file = read_all(path, &len);
    char *text = (char *)file;
    CHECK(file != NULL);
    if (file != NULL) {
        text[len] = '\0';
        /* Swap P for its complement's first element: still a set, now false. */
        char *p = strstr(text, "\np ");
        CHECK(p != NULL);
        char *eol = strchr(p + 1, '\n');
        char *check = strstr(text, "\ncheck ");
        /* Rebuild: text up to "p", a false P-portion, the rest, a new check line. */
        char out[1 << 16];
        size_t n = (size_t)(p - text) + 1;
        memcpy(out, text, n);
        n += (size_t)snprintf(out + n, sizeof out - n, "p 1 1");
        size_t rest = (size_t)(check - eol) + 1;
        memcpy(out + n, eol, rest);
        n += rest;
        uint64_t h = 14695981039346656037ull;
        for (size_t i = 0; i < n; i++)
            h = (h ^ (unsigned char)out[i]) * 1099511628211ull;
        n += (size_t)snprintf(out + n, sizeof out - n, "check %016llx\n", (unsigned long long)h);
        write_all(path, (const unsigned char *)out, n);
        grundy_quotient *before = quotient_of("0.77", 3);
        grundy_quotient *r = quotient_of("0.77", 3);
        int rc = grundy_quotient_resume(r, path);
        CHECK_EQ(rc, GRUNDY_EPARSE);
        CHECK(same_quotient(r, before));
        grundy_quotient_free(r);
        grundy_quotient_free(before);
    }
    free(file);
    grundy_quotient_free(q);
    remove(path);
}

/* ---- MisereSolver's quotients, heap by heap -------------------------------------- */

/* The heaps where the quotient of heaps 0 ... n changes, with its order and
 * P-portion from there on, as CGSuite's MisereSolver printed them when run
 * on each game (and, for 0.07, Siegel's published order 360 at heap 30).
 * Q_n is determined by n alone (the quotient of the sums of heaps 0 ... n),
 * so any correct computation gives these figures, whatever its
 * presentation.  0 ends a list. */
typedef struct change {
    uint32_t heap, order, p_size;
} change;

typedef struct changes {
    const char *game;
    uint32_t last;      /* the last heap checked */
    change at[10];
} changes;

static const changes misere_solver[] = {
    {"0.07", 33, {{2, 2, 1}, {4, 6, 2}, {10, 12, 3}, {14, 24, 5}, {25, 144, 23}, {27, 176, 28},
                  {30, 360, 65}, {31, 520, 89}, {32, 552, 93}, {33, 638, 109}}},
    {"0.137", 32, {{1, 2, 1}, {3, 6, 2}, {9, 12, 3}, {13, 24, 5}, {24, 144, 23}, {26, 176, 28},
                   {29, 360, 65}, {30, 520, 89}, {31, 552, 93}, {32, 638, 109}}},
    {"0.77", 40, {{1, 2, 1}, {2, 6, 2}, {5, 12, 3}, {9, 18, 6}, {12, 24, 8}, {25, 32, 9},
                  {27, 40, 9}, {0, 0, 0}}},
    {"0.15", 40, {{1, 2, 1}, {6, 6, 2}, {14, 8, 2}, {18, 16, 4}, {20, 20, 5}, {23, 30, 8},
                  {27, 36, 9}, {29, 40, 11}, {30, 42, 12}, {0, 0, 0}}},
    {"0.123", 20, {{1, 2, 1}, {3, 6, 2}, {8, 12, 3}, {9, 20, 5}, {0, 0, 0}}},
    {"0.34", 20, {{1, 2, 1}, {4, 6, 2}, {10, 12, 3}, {0, 0, 0}}},
    {"0.75", 20, {{1, 2, 1}, {2, 6, 2}, {5, 8, 2}, {0, 0, 0}}},
};

static void test_misere_solver(void)
{
    /* Quick, up to heap 31 at most: 0.07 and 0.137 still pass 512 elements. */
    const uint32_t most = harness_quick() ? 31 : UINT32_MAX;
    for (size_t i = 0; i < sizeof misere_solver / sizeof misere_solver[0]; i++) {
        const changes *c = &misere_solver[i];
        grundy_heap_game *g = game_of(c->game);
        grundy_quotient *q = NULL;
        CHECK_EQ(grundy_quotient_new(&q, g, NULL), GRUNDY_OK);
        grundy_heap_game_free(g);
        uint32_t order = 1, p_size = 0;
        size_t k = 0;
        for (uint32_t h = 1; h <= c->last && h <= most; h++) {
            if (k < 10 && c->at[k].heap == h) {
                order = c->at[k].order;
                p_size = c->at[k].p_size;
                k++;
            }
            if (!CHECK_EQ(grundy_quotient_compute(q, h), GRUNDY_OK))
                break;
            int same = grundy_quotient_heaps(q) > h && grundy_quotient_order(q) == order &&
                       grundy_quotient_p_size(q) == p_size;
            if (!CHECK(same))
                fprintf(stderr, "%s up to heap %u: order %u, P-portion %u; MisereSolver: %u, %u\n",
                        c->game, h, grundy_quotient_order(q), grundy_quotient_p_size(q), order,
                        p_size);
        }
        grundy_quotient_free(q);
    }
}

/* ---- Large monoids ------------------------------------------------------------------ */
#ifdef HAVE_QUOTIENT_INTERNALS

/* A handle whose monoids keep no product table past full_max elements. */
static grundy_quotient *new_with_full_max(const char *name, uint32_t full_max)
{
    grundy_heap_game *g = game_of(name);
    grundy_quotient *q = NULL;
    CHECK_EQ(grundy_quotient_new(&q, g, NULL), GRUNDY_OK);
    grundy_heap_game_free(g);
    q->full_max = full_max;
    return q;
}

/* Monoids past full_max (4096 elements: 0.07 past heap 33) are kept by
 * their generators' actions alone.  Forced on for every monoid here, each
 * game's quotient is the one computed with the tables, decides every sum
 * as the brute force does, and saves and resumes either way. */
static void test_large_monoids(void)
{
    static const struct {
        const char *name;
        uint64_t max_heap;
    } games[] = {{"0.77", 100000}, {"0.15", 100000}, {"0.123", 100000}, {"0.34", 100000},
                 {"0.07", 27}, {"0.137", 26}, {"grundy", 20}};
    char buf[64];
    const char *path = harness_path(buf, sizeof buf, "quotient_large.txt");
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        grundy_quotient *want = quotient_of(games[i].name, games[i].max_heap);
        grundy_quotient *q = new_with_full_max(games[i].name, 0);
        if (!CHECK_EQ(grundy_quotient_compute(q, games[i].max_heap), GRUNDY_OK))
            fprintf(stderr, "%s: %s\n", games[i].name, grundy_quotient_errmsg(q));
        CHECK(q->pre.m.mul == NULL);
        if (!CHECK(same_quotient(q, want)))
            fprintf(stderr, "%s: not the quotient of the tables\n", games[i].name);
        sweep_quotient(q, games[i].name, 16, 0);
        CHECK_EQ(grundy_quotient_save(q, path), GRUNDY_OK);
        for (uint32_t full_max = 0; full_max <= GRUNDY__Q_FULL_ORDER; full_max += GRUNDY__Q_FULL_ORDER) {
            grundy_quotient *r = new_with_full_max(games[i].name, full_max);
            CHECK_EQ(grundy_quotient_resume(r, path), GRUNDY_OK);
            CHECK(same_quotient(r, want));
            grundy_quotient_free(r);
        }
        grundy_quotient_free(q);
        grundy_quotient_free(want);
    }
    /* The memory limit still bounds a monoid without its table, by name. */
    grundy_quotient *q = new_with_full_max("0.07", 0);
    grundy_quotient_set_memory_limit(q, 20000);
    CHECK_EQ(grundy_quotient_compute(q, 30), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_quotient_errmsg(q), "memory limit of 20000 bytes") != NULL);
    grundy_quotient_free(q);
    remove(path);
}
#else
static void test_large_monoids(void)
{
}
#endif

int main(void)
{
    RUN(test_save_resume);
    RUN(test_resume_verifies);
    RUN(test_known);
    RUN(test_provable);
    RUN(test_errors);
    RUN(test_trace);
    RUN(test_games);
    RUN(test_misere_solver);
    RUN(test_large_monoids);
    return harness_done();
}
