/* SPDX-License-Identifier: MIT */
/* Subtraction games at any size: the engine of heap_subtraction.c and its
 * window proof, against a brute force written here from the definition
 * alone: G(n) = mex{G(n - s) : s in S, s <= n}, a plain loop over every
 * value up to several periods past the proof.
 *
 * Periods are checked two ways, neither using the library:
 * - small sets: the least period and preperiod straight from the values
 *   (every p from 1 up, the lowest n0 from which G(n + p) = G(n) holds to
 *   the end, accepted when that stretch holds t consecutive n: the window
 *   proof), on values computed far past it;
 * - large sets ({1, 2, k}, {3, 5, k}, k up to ~10^6): the library's claim
 *   (p, e) verified on the brute force's values: periodic from e over
 *   several periods, not from e - 1, and no proper divisor of p a period
 *   (the least period divides every period).
 * Then every value the library gives, near and far (heaps up to 2^64 - 1),
 * must follow.  Also: the 2^32 - 1 limit, failures that say what they need,
 * allocation failures, progress and cancellation, detection off. */
#include <string.h>

#define GRUNDY_EXPERIMENTAL /* period detection */
#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"
#include "heap/heap_game.h" /* runs_mode: the runs engine at any amount, or never */

/* ---- the brute force ------------------------------------------------------- */

static uint32_t *brute_values(const uint32_t *s, size_t m, uint64_t L)
{
    uint32_t *G = malloc((size_t)L * sizeof *G);
    uint64_t *stamp = calloc(m + 2, sizeof *stamp); /* stamp[x] == n + 1: x is an option of n */
    if (G == NULL || stamp == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    for (uint64_t n = 0; n < L; n++) {
        for (size_t j = 0; j < m; j++) /* any order, repeats allowed */
            if (s[j] <= n)
                stamp[G[n - s[j]]] = n + 1;
        for (G[n] = 0; stamp[G[n]] == n + 1;)
            G[n]++;
    }
    free(stamp);
    return G;
}

static uint64_t largest(const uint32_t *s, size_t m)
{
    uint64_t t = 0;
    for (size_t j = 0; j < m; j++)
        t = s[j] > t ? s[j] : t;
    return t;
}

/* The least period whose window proof holds within G[0 .. L), and its
 * least preperiod: 1, or 0 if none. */
static int brute_period(const uint32_t *G, uint64_t L, uint64_t t, uint64_t *p, uint64_t *e)
{
    for (uint64_t q = 1; q + t < L; q++) {
        uint64_t n0 = L - q;
        while (n0 > 0 && G[n0 - 1] == G[n0 - 1 + q])
            n0--;
        if (L - q - n0 >= t) {
            *p = q;
            *e = n0;
            return 1;
        }
    }
    return 0;
}

/* Whether G[0 .. L) is q-periodic from e on. */
static int periodic_from(const uint32_t *G, uint64_t L, uint64_t q, uint64_t e)
{
    for (uint64_t n = e; n + q < L; n++) {
        if (G[n] != G[n + q])
            return 0;
    }
    return 1;
}

static uint32_t follow(const uint32_t *G, uint64_t p, uint64_t e, uint64_t n)
{
    return n < e + p ? G[n] : G[e + (n - e) % p];
}

/* ---- the library ----------------------------------------------------------- */

/* The runs engine of heap_sub_runs.c for the games new_game makes: 0 as the
 * library chooses (from a largest amount of 2^16 on), 1 at any amount, -1
 * never (the plain engine of heap_subtraction.c). */
static int runs_mode;

static grundy_heap_game *new_game(const uint32_t *s, size_t m, const grundy_allocator *a)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, a), GRUNDY_OK))
        return NULL;
    h->runs_mode = runs_mode;
    if (!CHECK_EQ(grundy_heap_game_set_subtraction(h, s, m), GRUNDY_OK)) {
        grundy_heap_game_free(h);
        return NULL;
    }
    return h;
}

static void set_name(char *name, size_t cap, const uint32_t *s, size_t m)
{
    size_t k = (size_t)snprintf(name, cap, "sub:");
    for (size_t j = 0; j < m && k + 12 < cap; j++) /* a long set: its start names it */
        k += (size_t)snprintf(name + k, cap - k, j ? ",%u" : "%u", s[j]);
}

/* The library's values of heaps first ... first + count - 1 against the
 * brute force's (periodic from e with period p past the table). */
static int same_values(grundy_heap_game *h, const uint32_t *G, uint64_t p, uint64_t e,
                       uint64_t first, size_t count, const char *name)
{
    uint32_t *v = malloc(count * sizeof *v);
    if (!CHECK(v != NULL))
        return 0;
    int ok = CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, first, count, v), GRUNDY_OK);
    for (size_t i = 0; ok && i < count; i++) {
        if (v[i] != follow(G, p, e, first + i)) {
            ok = CHECK_EQ(v[i], follow(G, p, e, first + i));
            fprintf(stderr, "    %s: G(%llu)\n", name, (unsigned long long)(first + i));
        }
    }
    free(v);
    return ok;
}

/* Every check on one set whose true least period p and preperiod e are
 * known, with the brute force's values G[0 .. L), L past the proof. */
static void check_game(const uint32_t *s, size_t m, const uint32_t *G, uint64_t L, uint64_t p,
                       uint64_t e)
{
    char name[200];
    set_name(name, sizeof name, s, m);
    grundy_heap_game *h = new_game(s, m, NULL);
    if (h == NULL)
        return;
    /* The value of a huge heap proves the period on the way. */
    uint32_t v = 99;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000000000ull, &v), GRUNDY_OK);
    CHECK_EQ(v, follow(G, p, e, 1000000000000000000ull));
    uint64_t gp = 0, ge = 0;
    int rc = grundy_heap_game_period(h, 1, &gp, &ge); /* proved already: any max */
    if ((int)!CHECK_EQ(rc, 1) | (int)!CHECK_EQ(gp, p) | (int)!CHECK_EQ(ge, e))
        fprintf(stderr, "    %s: period %d p %llu e %llu, want p %llu e %llu\n", name, rc,
                (unsigned long long)gp, (unsigned long long)ge, (unsigned long long)p,
                (unsigned long long)e);
    /* Nothing computed up to the heap: at most the values the proof needed. */
    CHECK(grundy_heap_game_computed(h) <= L);
    size_t near = L < 3000 ? (size_t)L : 3000;
    same_values(h, G, p, e, 0, near, name);
    same_values(h, G, p, e, L - near, near, name);
    same_values(h, G, p, e, UINT64_MAX - 999, 1000, name);
    same_values(h, G, p, e, 12345678901234567ull, 1000, name);
    grundy_heap_game_free(h);

    /* Asked as a period from scratch, with a roomy max. */
    h = new_game(s, m, NULL);
    if (h != NULL) {
        rc = grundy_heap_game_period(h, 4 * L, &gp, &ge);
        if ((int)!CHECK_EQ(rc, 1) | (int)!CHECK_EQ(gp, p) | (int)!CHECK_EQ(ge, e))
            fprintf(stderr, "    %s: period from scratch %d p %llu e %llu\n", name, rc,
                    (unsigned long long)gp, (unsigned long long)ge);
        grundy_heap_game_free(h);
    }
}

/* ---- small sets: everything by brute force --------------------------------- */

/* A random set of 1 to 5 amounts in s (repeats allowed), each at most a
 * random bound up to spread; returns how many. */
static size_t random_set(uint32_t *s, uint32_t spread)
{
    size_t m = 1 + harness_rand() % 5;
    uint32_t top = 1 + (uint32_t)(harness_rand() % spread);
    for (size_t j = 0; j < m; j++)
        s[j] = 1 + (uint32_t)(harness_rand() % top);
    return m;
}

static void test_random_small(void)
{
    int sets = harness_quick() ? 150 : 600;
    for (int i = 0; i < sets; i++) {
        uint32_t s[6];
        size_t m = random_set(s, 30);
        uint64_t t = largest(s, m);
        uint64_t L = 6000, p = 0, e = 0;
        uint32_t *G = brute_values(s, m, L);
        if (!CHECK(brute_period(G, L, t, &p, &e))) {
            free(G);
            continue;
        }
        /* L holds the proof several times over: the least period is the
         * true one (a larger proved one would be a multiple of it). */
        CHECK(L >= 3 * (e + p + t));
        check_game(s, m, G, L, p, e);

        /* With detection off: the plain values, all of them. */
        char name[200];
        set_name(name, sizeof name, s, m);
        grundy_heap_game *h = new_game(s, m, NULL);
        if (h != NULL) {
            grundy_heap_game_set_period_detection(h, 0);
            same_values(h, G, L, 0, 0, (size_t)L, name);
            uint64_t gp, ge;
            /* ... and the period from them (the theorem's check). */
            grundy_heap_game_set_period_detection(h, 1);
            CHECK_EQ(grundy_heap_game_period(h, L, &gp, &ge), 1);
            CHECK_EQ(gp, p);
            CHECK_EQ(ge, e);
            grundy_heap_game_free(h);
        }
        /* From any max: a claim is the true period, never another. */
        for (uint64_t max = 1; max < e + p + t + 2; max += 1 + max / 8) {
            h = new_game(s, m, NULL);
            if (h == NULL)
                break;
            uint64_t gp = 0, ge = 0;
            int rc = grundy_heap_game_period(h, max, &gp, &ge);
            CHECK(rc == 0 || (rc == 1 && gp == p && ge == e));
            CHECK(grundy_heap_game_computed(h) <= max || rc == 1);
            grundy_heap_game_free(h);
        }
        free(G);
    }
}

/* Sets with long preperiods and many amounts, and sets past 63 amounts
 * (the engine's general kernel) and past 255 (two-byte values). */
static void test_shapes(void)
{
    static uint32_t big[300];
    const size_t sizes[] = {62, 63, 64, 70, 255, 256, 300};
    for (size_t c = 0; c < sizeof sizes / sizeof sizes[0]; c++) {
        size_t m = sizes[c];
        for (size_t j = 0; j < m; j++)
            big[j] = (uint32_t)(2 * j + 1 + (j % 3));
        uint64_t t = largest(big, m), L = 8 * t + 4000, p = 0, e = 0;
        uint32_t *G = brute_values(big, m, L);
        if (CHECK(brute_period(G, L, t, &p, &e)))
            check_game(big, m, G, L, p, e);
        free(G);
    }
    /* {1, 2, ..., m}: G(n) = n mod (m + 1), values up to m: the last
     * one-hot bit of the fast kernel (63), past it (64), the last one-byte
     * value (255) and two-byte values (256). */
    const size_t tops[] = {63, 64, 255, 256};
    for (size_t c = 0; c < sizeof tops / sizeof tops[0]; c++) {
        size_t m = tops[c];
        for (size_t j = 0; j < m; j++)
            big[j] = (uint32_t)(m - j); /* decreasing: the rules sort them */
        uint32_t *G = brute_values(big, m, 2000);
        check_game(big, m, G, 2000, m + 1, 0);
        free(G);
    }
}

/* ---- large sets: the claim verified on the brute force's values ----------- */

static void check_large(const uint32_t *s, size_t m)
{
    char name[200];
    set_name(name, sizeof name, s, m);
    grundy_heap_game *h = new_game(s, m, NULL);
    if (h == NULL)
        return;
    uint64_t p = 0, e = 0;
    int rc = grundy_heap_game_period(h, UINT64_MAX, &p, &e);
    grundy_heap_game_free(h);
    if (!CHECK_EQ(rc, 1) || !CHECK(p > 0)) {
        fprintf(stderr, "    %s: not proved (%d)\n", name, rc);
        return;
    }
    uint64_t t = largest(s, m);
    uint64_t L = e + 3 * p + t + 1000;
    uint32_t *G = brute_values(s, m, L);
    /* Periodic from e over more than the window proof needs, not from e - 1. */
    if (!CHECK(periodic_from(G, L, p, e)) || !CHECK(L - p - e >= t))
        fprintf(stderr, "    %s: p %llu e %llu is not a period\n", name, (unsigned long long)p,
                (unsigned long long)e);
    if (e > 0)
        CHECK(G[e - 1] != G[e - 1 + p]);
    /* No proper divisor of p is a period of the periodic part. */
    for (uint64_t d = 1; d < p; d++) {
        if (p % d == 0 && !CHECK(!periodic_from(G, e + 2 * p, d, e)))
            fprintf(stderr, "    %s: %llu is a smaller period\n", name, (unsigned long long)d);
    }
    check_game(s, m, G, L, p, e);
    free(G);
}

static void test_large(void)
{
    const uint32_t ks[] = {999, 1000, 1001, 4095, 65535, 65536, 99999, 999999, 1000000,
                           1000003, 1048575, 1048576, 1048577};
    size_t nk = harness_quick() ? 7 : sizeof ks / sizeof ks[0];
    for (size_t i = 0; i < nk; i++) {
        const uint32_t a[] = {1, 2, ks[i]};
        check_large(a, 3);
        const uint32_t b[] = {3, 5, ks[i]};
        check_large(b, 3);
    }
    const uint32_t c[] = {2, 7, 30000, 30011};
    check_large(c, 4);
    const uint32_t d[] = {1, 100000};
    check_large(d, 2);
}

/* ---- amounts up to 2^32 - 1 ------------------------------------------------ */

static void test_huge_amounts(void)
{
    /* {1, 2, 4e9}: 4e9 is 1 mod 3, so G(n) = n mod 3 throughout; proved
     * from a handful of values (the game without 4e9 decides it). */
    const uint32_t a[] = {1, 2, 4000000000u};
    grundy_heap_game *h = new_game(a, 3, NULL);
    if (h != NULL) {
        uint64_t p, e;
        CHECK_EQ(grundy_heap_game_period(h, 100, &p, &e), 1);
        CHECK_EQ(p, 3);
        CHECK_EQ(e, 0);
        CHECK(grundy_heap_game_computed(h) < 100);
        const uint64_t heaps[] = {0, 5, 3999999999ull, 4000000000ull, 4000000001ull,
                                  1000000000000000000ull, UINT64_MAX};
        for (size_t i = 0; i < sizeof heaps / sizeof heaps[0]; i++) {
            uint32_t v = 9;
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, heaps[i], &v), GRUNDY_OK);
            CHECK_EQ(v, heaps[i] % 3);
        }
        grundy_heap_game_free(h);
    }
    /* The same by name, and {1, 2, 2^32 - 2}. */
    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    if (g != NULL) {
        CHECK_EQ(grundy_heap_game_parse(g, "sub:4294967294,2,1", 18), GRUNDY_OK);
        uint32_t v = 9;
        CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 10000000000000000001ull, &v),
                 GRUNDY_OK);
        CHECK_EQ(v, 10000000000000000001ull % 3);
        grundy_heap_game_free(g);
    }
    /* {1, 2, 2^32 - 1}: 2^32 - 1 is a multiple of 3, so values change from
     * heap 2^32 - 1 on.  Kept as runs, the proof of period 2^32 takes a few
     * runs; the plain engine's would keep more than 2^32 - 1 values:
     * refused at once, saying how many it needs.  Small heaps still work. */
    const uint32_t b[] = {1, 2, UINT32_MAX};
    for (runs_mode = 0; runs_mode >= -1; runs_mode--) {
        h = new_game(b, 3, NULL);
        if (h == NULL)
            break;
        uint32_t v = 9;
        uint64_t p, e, big = 1000000000000ull, k = UINT32_MAX;
        if (runs_mode == 0) {
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, big, &v), GRUNDY_OK);
            CHECK_EQ(v, big % (k + 1) == k ? 3 : big % (k + 1) % 3);
            CHECK_EQ(grundy_heap_game_period(h, 5000, &p, &e), 1);
            CHECK_EQ(p, k + 1);
            CHECK_EQ(e, 0);
        } else {
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, big, &v), GRUNDY_ELIMIT);
            const char *msg = grundy_heap_game_errmsg(h);
            if (!CHECK(strstr(msg, "4294967296") != NULL && strstr(msg, "2^32 - 1") != NULL))
                fprintf(stderr, "    message: %s\n", msg);
            CHECK_EQ(grundy_heap_game_period(h, 5000, &p, &e), 0);
        }
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_OK);
        CHECK_EQ(v, 1000 % 3);
        grundy_heap_game_free(h);
    }
    runs_mode = 0;
}

/* ---- runs: values kept as runs of a short period (heap_sub_runs.c) -------- */

/* G(n) of {1, 2, k}: n mod 3 if 3 does not divide k; else, with r = n mod
 * (k + 1), 3 at r = k and r mod 3 below (period k + 1, preperiod 0). */
static uint32_t one_two(uint64_t k, uint64_t n)
{
    if (k % 3 != 0)
        return (uint32_t)(n % 3);
    uint64_t r = n % (k + 1);
    return r == k ? 3 : (uint32_t)(r % 3);
}

/* The runs engine at every amount against the brute force and the plain
 * engine: random small sets, every value, period and preperiod the least. */
static void test_runs_small(void)
{
    runs_mode = 1;
    int sets = harness_quick() ? 100 : 400;
    for (int i = 0; i < sets; i++) {
        uint32_t s[6];
        size_t m = random_set(s, 40);
        uint64_t t = largest(s, m);
        uint64_t L = 8000, p = 0, e = 0;
        uint32_t *G = brute_values(s, m, L);
        if (CHECK(brute_period(G, L, t, &p, &e)))
            check_game(s, m, G, L, p, e);
        free(G);
        /* The runs proved it (they did not give up for the plain engine). */
        grundy_heap_game *h = new_game(s, m, NULL);
        if (h != NULL) {
            uint64_t gp, ge;
            CHECK_EQ(grundy_heap_game_period(h, UINT64_MAX, &gp, &ge), 1);
            CHECK(h->runs != NULL);
            grundy_heap_game_free(h);
        }
    }
    /* {1, 2, k}, k = 3 ... 400: the closed form, near and far, proved. */
    for (uint64_t k = 3; k <= 400; k++) {
        const uint32_t s[] = {1, 2, (uint32_t)k};
        grundy_heap_game *h = new_game(s, 3, NULL);
        if (h == NULL)
            break;
        uint64_t p = 0, e = 9;
        CHECK_EQ(grundy_heap_game_period(h, UINT64_MAX, &p, &e), 1);
        CHECK_EQ(p, k % 3 ? 3 : k + 1);
        CHECK_EQ(e, 0);
        CHECK(h->runs != NULL);
        uint32_t v[1200];
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 0, 1200, v), GRUNDY_OK);
        int ok = 1;
        for (uint64_t n = 0; n < 1200; n++)
            ok &= v[n] == one_two(k, n);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 987654321987ull, 1200, v),
                 GRUNDY_OK);
        for (uint64_t n = 0; n < 1200; n++)
            ok &= v[n] == one_two(k, 987654321987ull + n);
        if (!CHECK(ok))
            fprintf(stderr, "    {1, 2, %llu}\n", (unsigned long long)k);
        grundy_heap_game_free(h);
    }
    runs_mode = 0;
}

/* Past 2^16 the library keeps runs by itself: against the plain engine on
 * the same sets (small amounts and a large one), period, preperiod and
 * every value up to two periods past the preperiod the same. */
static void test_runs_vs_plain(void)
{
    int sets = harness_quick() ? 12 : 40;
    for (int i = 0; i < sets; i++) {
        uint32_t s[6];
        size_t m = random_set(s, 40) + 1;
        s[m - 1] = 65536 + (uint32_t)(harness_rand() % 300000);
        grundy_heap_game *h[2];
        uint64_t p[2] = {0, 0}, e[2] = {0, 0};
        int rc[2];
        for (int k = 0; k < 2; k++) {
            runs_mode = k ? -1 : 0;
            h[k] = new_game(s, m, NULL);
            rc[k] = h[k] ? grundy_heap_game_period(h[k], 1ull << 31, &p[k], &e[k]) : -1;
        }
        runs_mode = 0;
        char name[200];
        set_name(name, sizeof name, s, m);
        if (!CHECK_EQ(rc[0], rc[1]) || !CHECK_EQ(p[0], p[1]) || !CHECK_EQ(e[0], e[1]))
            fprintf(stderr, "    %s: runs %d p %llu e %llu, plain %d p %llu e %llu\n", name,
                    rc[0], (unsigned long long)p[0], (unsigned long long)e[0], rc[1],
                    (unsigned long long)p[1], (unsigned long long)e[1]);
        uint64_t end = e[1] + 2 * p[1] + 1000;
        uint32_t a[4096], b[4096];
        for (uint64_t at = 0; rc[0] == 1 && rc[1] == 1 && at < end; at += 4096) {
            if (!CHECK_EQ(grundy_heap_game_values(h[0], GRUNDY_PLAY_NORMAL, at, 4096, a), 0) ||
                !CHECK_EQ(grundy_heap_game_values(h[1], GRUNDY_PLAY_NORMAL, at, 4096, b), 0))
                break;
            if (!CHECK(memcmp(a, b, sizeof a) == 0)) {
                fprintf(stderr, "    %s: values from %llu differ\n", name, (unsigned long long)at);
                break;
            }
        }
        grundy_heap_game_free(h[0]);
        grundy_heap_game_free(h[1]);
    }
}

/* Where runs do not pay, the plain engine answers: values that are not
 * short runs (the squares up to 100, whose values have no period up to 64
 * for long), and runs whose room would pass the memory cap. */
static void test_runs_give_up(void)
{
    uint32_t s[11];
    for (uint32_t j = 0; j < 10; j++)
        s[j] = (j + 1) * (j + 1);
    s[10] = 70001;
    uint64_t L = 400000, p = 0, e = 0;
    uint32_t *G = brute_values(s, 11, L);
    if (!CHECK(brute_period(G, L, 70001, &p, &e))) {
        free(G);
        return;
    }
    grundy_heap_game *h = new_game(s, 11, NULL);
    if (h != NULL) {
        uint64_t gp = 0, ge = 0;
        CHECK_EQ(grundy_heap_game_period(h, UINT64_MAX, &gp, &ge), 1);
        CHECK_EQ(gp, p);
        CHECK_EQ(ge, e);
        CHECK(h->runs == NULL && h->runs_mode == -1); /* given up */
        same_values(h, G, p, e, L - 3000, 3000, "squares, 70001");
        grundy_heap_game_free(h);
    }
    free(G);

    /* {1, 2, 999999}: five runs within a cap of 64 KiB, where the plain
     * engine would keep 2 million values; a cap of 100 bytes leaves no room
     * for runs, and the plain engine's refusal names the cap. */
    const uint32_t t[] = {1, 2, 999999};
    const size_t caps[] = {65536, 100};
    for (size_t c = 0; c < 2; c++) {
        h = new_game(t, 3, NULL);
        if (h == NULL)
            break;
        grundy_heap_game_set_memory_limit(h, caps[c]);
        uint32_t v = 99;
        int rc = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 5000000, &v);
        if (c == 0) {
            CHECK_EQ(rc, GRUNDY_OK);
            CHECK_EQ(v, one_two(999999, 5000000));
        } else {
            CHECK_EQ(rc, GRUNDY_ELIMIT);
            CHECK(strstr(grundy_heap_game_errmsg(h), "memory limit of 100 bytes") != NULL);
        }
        grundy_heap_game_free(h);
    }
}

/* {1, 2, k} with k up to 10^9 (Codeforces 1194D) and heaps up to 10^9: a
 * heap below k from the game {1, 2} without computing up to k, a heap past
 * it from the period k + 1 proved on a few runs. */
static void test_runs_huge(void)
{
    for (int i = 0; i < 100; i++) {
        uint64_t k = 3 + harness_rand() % 999999998u;
        if (i % 2 == 0)
            k -= k % 3; /* a multiple of 3: the period is k + 1 */
        uint64_t n = harness_rand() % 1000000001u;
        if (i % 5 == 0)
            n = k + (uint64_t)(i % 4); /* at the large amount */
        const uint32_t s[] = {(uint32_t)k, 2, 1};
        grundy_heap_game *h = new_game(s, 3, NULL);
        if (h == NULL)
            break;
        uint32_t v = 99;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v), GRUNDY_OK);
        if (!CHECK_EQ(v, one_two(k, n)))
            fprintf(stderr, "    {1, 2, %llu}: G(%llu)\n", (unsigned long long)k,
                    (unsigned long long)n);
        if (n < k) /* nothing proved on the way, nothing past the heap */
            CHECK(grundy_heap_game_computed(h) <= n + 1 || k % 3 != 0);
        uint64_t p = 0, e = 9;
        CHECK_EQ(grundy_heap_game_period(h, UINT64_MAX, &p, &e), 1);
        CHECK_EQ(p, k % 3 ? 3 : k + 1);
        CHECK_EQ(e, 0);
        const uint64_t far[] = {k - 1, k, k + 1, 2 * k, 2 * k + 1, 2 * k + 2, UINT64_MAX};
        for (size_t j = 0; j < sizeof far / sizeof far[0]; j++) {
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, far[j], &v), GRUNDY_OK);
            CHECK_EQ(v, one_two(k, far[j]));
        }
        grundy_heap_game_free(h);
    }
}

/* ---- allocation failures, progress ---------------------------------------- */

static void test_enomem(void)
{
    const uint32_t sets[][3] = {{1, 2, 999}, {2, 5, 7}, {1, 2, 1000}, {3, 5, 2001}};
    /* Each set by the plain engine, then as runs. */
    for (size_t i = 0; i < 2 * sizeof sets / sizeof sets[0]; i++) {
        runs_mode = i % 2 ? 1 : -1;
        uint32_t *G = brute_values(sets[i / 2], 3, 20000);
        uint64_t p = 0, e = 0;
        CHECK(brute_period(G, 20000, largest(sets[i / 2], 3), &p, &e));
        for (long fail_at = 1;; fail_at++) {
            failing_alloc f = {0, fail_at, 0, 0};
            grundy_allocator a = failing_allocator(&f);
            grundy_heap_game *h = NULL;
            int rc = grundy_heap_game_new(&h, &a);
            uint32_t v = 0;
            if (rc == GRUNDY_OK) {
                h->runs_mode = runs_mode;
                rc = grundy_heap_game_set_subtraction(h, sets[i / 2], 3);
            }
            if (rc == GRUNDY_OK)
                rc = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000000000ull, &v);
            CHECK(rc == GRUNDY_OK || rc == GRUNDY_ENOMEM);
            if (rc == GRUNDY_ENOMEM && h != NULL) {
                /* The game goes on once memory is back. */
                f.fail_at = 0;
                CHECK(strstr(grundy_heap_game_errmsg(h), "memory") != NULL);
                uint64_t gp, ge;
                int r2 = grundy_heap_game_period(h, UINT64_MAX, &gp, &ge);
                if (r2 != GRUNDY_ESTATE) { /* the set itself may have failed */
                    CHECK_EQ(r2, 1);
                    CHECK_EQ(gp, p);
                    CHECK_EQ(ge, e);
                }
            }
            if (rc == GRUNDY_OK)
                CHECK_EQ(v, follow(G, p, e, 1000000000000000000ull));
            grundy_heap_game_free(h);
            CHECK_EQ(f.live, 0);
            if (f.failures == 0)
                break;
        }
        free(G);
    }
    runs_mode = 0;
}

/* Reports seen (calls), the last count, whether counts never went back
 * nor past the total, and the report at which to stop (0: never). */
typedef struct stopper {
    long calls, stop_at;
    uint64_t last;
    int monotone;
} stopper;

static int on_progress(void *user, uint64_t done, uint64_t total)
{
    stopper *s = user;
    s->monotone &= done >= s->last && done <= total;
    s->last = done;
    return ++s->calls == s->stop_at;
}

static void test_progress(void)
{
    /* {1, 2, 1.2 * 10^7}: some 1.2 * 10^7 values computed (from the largest
     * amount on, 3 options each): reports on the way. */
    const uint32_t s[] = {1, 2, 12000000};
    runs_mode = -1; /* the plain engine: as runs, the proof has no values to report */
    grundy_heap_game *h = new_game(s, 3, NULL);
    runs_mode = 0;
    if (h == NULL)
        return;
    stopper st = {0, 0, 0, 1};
    grundy_heap_game_set_progress(h, on_progress, &st);
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000ull, &v), GRUNDY_OK);
    CHECK(st.calls >= 1);
    CHECK(st.monotone);
    uint64_t p, e, p2, e2;
    CHECK_EQ(grundy_heap_game_period(h, 10, &p, &e), 1);
    grundy_heap_game_free(h);

    /* Stopped at the first report: ECANCELED, then it starts again. */
    runs_mode = -1;
    h = new_game(s, 3, NULL);
    runs_mode = 0;
    if (h == NULL)
        return;
    stopper st2 = {0, 1, 0, 1};
    grundy_heap_game_set_progress(h, on_progress, &st2);
    uint32_t stopped;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000ull, &stopped),
             GRUNDY_ECANCELED);
    CHECK(strstr(grundy_heap_game_errmsg(h), "progress") != NULL);
    grundy_heap_game_set_progress(h, NULL, NULL);
    uint32_t w;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000ull, &w), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_period(h, 10, &p2, &e2), 1);
    CHECK_EQ(p2, p);
    CHECK_EQ(e2, e);
    CHECK_EQ(w, v);
    grundy_heap_game_free(h);
}

int main(void)
{
    RUN(test_random_small);
    RUN(test_shapes);
    RUN(test_large);
    RUN(test_huge_amounts);
    RUN(test_runs_small);
    RUN(test_runs_vs_plain);
    RUN(test_runs_give_up);
    RUN(test_runs_huge);
    RUN(test_enomem);
    RUN(test_progress);
    return harness_done();
}
