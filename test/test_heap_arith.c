/* SPDX-License-Identifier: MIT */
/* Arithmetic periods of heap games: all-but subtraction games (proved by
 * their certificate), Lasker's Nim (its closed form), hexadecimal codes
 * (observed, not proved), and games with no regularity (none, never a
 * forced fit).  Every value is checked against a brute force written here,
 * far past the point where the library proved its regularity. */
#include <string.h>

#define GRUNDY_EXPERIMENTAL /* grundy_heap_game_set_period_detection */
#include "grundy.h"
#include "harness.h"

#define BRUTE_MAX 6000u

static uint64_t brute[BRUTE_MAX];

static uint64_t mex_of(const unsigned char *seen, uint64_t bound)
{
    uint64_t v = 0;
    while (v < bound && seen[v])
        v++;
    return v;
}

/* All-but game X: G(n) = mex{G(n - r) : 1 <= r <= n, r not in X}. */
static void brute_allbut(const uint32_t *x, size_t nx, uint64_t count)
{
    static unsigned char seen[BRUTE_MAX + 1];
    for (uint64_t n = 0; n < count; n++) {
        memset(seen, 0, n + 2);
        for (uint64_t r = 1; r <= n; r++) {
            int excluded = 0;
            for (size_t i = 0; i < nx; i++)
                excluded |= x[i] == r;
            if (!excluded)
                seen[brute[n - r]] = 1;
        }
        brute[n] = mex_of(seen, n + 2);
    }
}

/* Lasker's Nim: take any number, or split a heap into two non-empty heaps. */
static void brute_lasker(uint64_t count)
{
    static unsigned char seen[2 * BRUTE_MAX + 2];
    for (uint64_t n = 0; n < count; n++) {
        memset(seen, 0, 2 * n + 2);
        for (uint64_t r = 1; r <= n; r++)
            seen[brute[n - r]] = 1;
        for (uint64_t a = 1; 2 * a <= n; a++)
            seen[brute[a] ^ brute[n - a]] = 1;
        brute[n] = mex_of(seen, 2 * n + 2);
    }
}

/* A hexadecimal code d0.d1d2...: removing k may leave j heaps (bit 2^j). */
static void brute_hex(const char *digits, uint64_t count)
{
    static unsigned char seen[4 * BRUTE_MAX];
    size_t nd = strlen(digits);
    for (uint64_t n = 0; n < count; n++) {
        memset(seen, 0, sizeof seen);
        for (size_t k = 1; k <= nd && k <= n; k++) {
            unsigned d = (unsigned)(digits[k - 1] <= '9' ? digits[k - 1] - '0'
                                                         : digits[k - 1] - 'A' + 10);
            uint64_t m = n - k;
            if ((d & 1) && m == 0)
                seen[0] = 1;
            if ((d & 2) && m > 0)
                seen[brute[m]] = 1;
            for (uint64_t a = 1; (d & 4) && 2 * a <= m; a++)
                seen[brute[a] ^ brute[m - a]] = 1;
            for (uint64_t a = 1; (d & 8) && 3 * a <= m; a++)
                for (uint64_t b = a; a + 2 * b <= m; b++)
                    seen[brute[a] ^ brute[b] ^ brute[m - a - b]] = 1;
        }
        brute[n] = mex_of(seen, sizeof seen);
    }
}

static grundy_heap_game *open_game(const char *name)
{
    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(g, name, strlen(name)), GRUNDY_OK);
    return g;
}

/* Every library value below count equals the brute force's, through
 * value64 one by one and through one range of values. */
static void check_values(grundy_heap_game *g, uint64_t count)
{
    static uint32_t range[BRUTE_MAX];
    int same = 1;
    for (uint64_t n = 0; n < count; n++) {
        uint64_t v = 0;
        same &= grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, n, &v) == GRUNDY_OK;
        same &= v == brute[n];
    }
    CHECK(same);
    CHECK_EQ(grundy_heap_game_values(g, GRUNDY_PLAY_NORMAL, 0, (size_t)count, range), GRUNDY_OK);
    same = 1;
    for (uint64_t n = 0; n < count; n++)
        same &= range[n] == brute[n];
    CHECK(same);
}

/* (p, e, s) is a regularity of the brute force's count values, with the
 * least period and, for it, the least preperiod: no p' < p has a constant
 * difference over the last half, and the relation fails at e - 1. */
static void check_least(uint64_t p, uint64_t e, uint64_t s, uint64_t count)
{
    int holds = 1;
    for (uint64_t n = e; n + p < count; n++)
        holds &= brute[n + p] == brute[n] + s;
    CHECK(holds);
    CHECK(e == 0 || brute[e - 1 + p] != brute[e - 1] + s);
    for (uint64_t q = 1; q < p; q++) {
        uint64_t from = count / 2, d = brute[from + q] - brute[from];
        int constant = 1;
        for (uint64_t n = from; n + q < count; n++)
            constant &= brute[n + q] == brute[n] + d;
        CHECK(!constant);
    }
}

typedef struct allbut_case {
    const char *name;
    uint32_t x[4];
    size_t nx;
    uint64_t p, e, s; /* the research notes' values, where known; 0: any */
} allbut_case;

static void test_allbut(const allbut_case *c)
{
    grundy_heap_game *g = open_game(c->name);
    uint64_t p = 0, e = 0, s = 0;
    int proved = 0;
    CHECK_EQ(grundy_heap_game_arithmetic_period(g, 100000, &p, &e, &s, &proved), 1);
    CHECK_EQ(proved, 1);
    if (c->p != 0) {
        CHECK_EQ(p, c->p);
        CHECK_EQ(e, c->e);
        CHECK_EQ(s, c->s);
    }
    /* The proof came from the values computed: check 20 periods and more
     * past them, and least period and preperiod. */
    uint64_t computed = grundy_heap_game_computed(g), count = computed + 20 * p + 200;
    CHECK(count <= BRUTE_MAX);
    if (count > BRUTE_MAX)
        count = BRUTE_MAX;
    CHECK(computed < count);
    brute_allbut(c->x, c->nx, count);
    check_values(g, count);
    check_least(p, e, s, count);
    /* Far heaps in O(1), and the formula of the regularity. */
    uint64_t far = ((uint64_t)1 << 62) + 12345, v = 0, base = 0;
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, far, &v), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, e + (far - e) % p, &base), GRUNDY_OK);
    CHECK(v == base + (far - e) / p * s);
    CHECK(grundy_heap_game_computed(g) == computed);
    grundy_heap_game_free(g);
}

static void test_allbut_sets(void)
{
    static const allbut_case cases[] = {
        {"allbut:1", {1}, 1, 2, 0, 1},
        {"allbut:2", {2}, 1, 4, 0, 2},
        {"allbut:1,2", {1, 2}, 2, 3, 0, 1},
        {"allbut:1,2,3,4", {1, 2, 3, 4}, 4, 5, 0, 1},
        {"allbut:2,3,7", {2, 3, 7}, 3, 4, 0, 2},
        {"allbut:7,3,2", {2, 3, 7}, 3, 4, 0, 2},
        {"allbut:3", {3}, 1, 0, 0, 0},
        {"allbut:1,5", {1, 5}, 2, 0, 0, 0},
        {"allbut:2,4,9", {2, 4, 9}, 3, 0, 0, 0},
        {"allbut:1,3,4,8", {1, 3, 4, 8}, 4, 0, 0, 0},
        {"allbut:2,5,6,11", {2, 5, 6, 11}, 4, 0, 0, 0},
        /* Not purely arithmetic-periodic (four or more excluded amounts). */
        {"allbut:2,5,10,12", {2, 5, 10, 12}, 4, 36, 79, 12},
        {"allbut:2,7,10,12", {2, 7, 10, 12}, 4, 114, 27, 43},
        {"allbut:1,6,11,12", {1, 6, 11, 12}, 4, 18, 17, 6},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        test_allbut(&cases[i]);
    /* Random excluded sets. */
    unsigned rounds = harness_quick() ? 6 : 30;
    for (unsigned r = 0; r < rounds; r++) {
        allbut_case c;
        char name[64];
        memset(&c, 0, sizeof c);
        c.nx = 1 + (size_t)(harness_rand() % 4);
        size_t len = (size_t)snprintf(name, sizeof name, "allbut:");
        for (size_t i = 0; i < c.nx; i++) {
            c.x[i] = 1 + (uint32_t)(harness_rand() % 12);
            len += (size_t)snprintf(name + len, sizeof name - len, i ? ",%u" : "%u", c.x[i]);
        }
        c.name = name;
        test_allbut(&c);
    }
}

static void test_lasker(void)
{
    grundy_heap_game *g = open_game("lasker");
    uint64_t p = 0, e = 0, s = 0, v = 0;
    int proved = 0;
    CHECK_EQ(grundy_heap_game_arithmetic_period(g, 100, &p, &e, &s, &proved), 1);
    CHECK(proved == 1 && p == 4 && e == 1 && s == 4);
    uint64_t pp = 9, qq = 9;
    CHECK_EQ(grundy_heap_game_period(g, 100, &pp, &qq), 0); /* a saltus: no period */
    brute_lasker(1500);
    check_values(g, 1500);
    check_least(p, e, s, 1500);
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, (uint64_t)1 << 63, &v), GRUNDY_OK);
    CHECK(v == ((uint64_t)1 << 63) - 1);
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, UINT64_MAX - 1, &v), GRUNDY_OK);
    CHECK(v == UINT64_MAX - 1); /* 2^64 - 2 = 4k + 2 */
    /* 2^64 - 1 = 4k + 3, worth 4k + 4 = 2^64: no uint64_t holds it. */
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, UINT64_MAX, &v), GRUNDY_ERANGE);
    CHECK(strstr(grundy_heap_game_errmsg(g), "past 2^64 - 1") != NULL);
    uint32_t v32 = 0;
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, (uint64_t)1 << 31, &v32), GRUNDY_OK);
    CHECK_EQ(v32, ((uint64_t)1 << 31) - 1);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, (uint64_t)1 << 40, &v32),
             GRUNDY_ERANGE);
    CHECK(strstr(grundy_heap_game_errmsg(g), "grundy_heap_game_value64") != NULL);
    CHECK_EQ(grundy_heap_game_outcome(g, GRUNDY_PLAY_NORMAL, (uint64_t)1 << 40), GRUNDY_N);
    CHECK_EQ(grundy_heap_game_outcome(g, GRUNDY_PLAY_NORMAL, UINT64_MAX), GRUNDY_N);
    CHECK_EQ(grundy_heap_game_outcome(g, GRUNDY_PLAY_NORMAL, 0), GRUNDY_P);
    /* Misère play through the 64-bit call: the search's values. */
    uint64_t m64 = 9;
    uint32_t m32 = 9;
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_MISERE, 7, &m64), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 7, &m32), GRUNDY_OK);
    CHECK(m64 == m32);
    CHECK(grundy_heap_game_computed(g) < 16);
    grundy_heap_game_free(g);

    /* With period detection off, the values come from the rules. */
    g = open_game("lasker");
    grundy_heap_game_set_period_detection(g, 0);
    check_values(g, 400);
    CHECK(grundy_heap_game_computed(g) >= 400);
    grundy_heap_game_free(g);
}

typedef struct hex_case {
    const char *name, *digits;
    int found, proved;
    uint64_t p, e, s;
} hex_case;

/* The research notes' table (computed, so checked here by brute force). */
static void test_hex(void)
{
    static const hex_case cases[] = {
        {"0.3F", "3F", 1, 0, 6, 0, 3},   {"0.9F", "9F", 1, 0, 3, 4, 2},
        {"0.8", "8", 1, 0, 3, 1, 1},     {"0.FF", "FF", 1, 0, 1, 0, 1},
        {"0.33F", "33F", 1, 1, 4, 0, 0}, {"0.B1", "B1", 1, 1, 2, 2, 0},
        {"0.F", "F", 1, 1, 2, 0, 0},     {"0.9", "9", 0, 0, 0, 0, 0},
        {"0.1F", "1F", 0, 0, 0, 0, 0},   {"0.5F", "5F", 0, 0, 0, 0, 0},
        {"0.7F", "7F", 0, 0, 0, 0, 0},   {"0.2048", "2048", 0, 0, 0, 0, 0},
    };
    const uint64_t n = 240;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const hex_case *c = &cases[i];
        grundy_heap_game *g = open_game(c->name);
        uint64_t p = 0, e = 0, s = 0;
        int proved = 0;
        int rc = grundy_heap_game_arithmetic_period(g, n, &p, &e, &s, &proved);
        if (!CHECK_EQ(rc, c->found))
            printf("%s: found %d\n", c->name, rc);
        CHECK_EQ(proved, c->proved);
        CHECK_EQ(p, c->p);
        CHECK_EQ(e, c->e);
        CHECK_EQ(s, c->s);
        brute_hex(c->digits, n);
        check_values(g, n);
        if (rc == 1)
            check_least(p, e, s, n);
        grundy_heap_game_free(g);
    }
}

/* Finite octal games: never a saltus, whatever the values look like. */
static void test_octal_never_arithmetic(void)
{
    static const char *codes[] = {"0.77", "0.07", "0.137", "0.16", "0.6", "0.51", "0.4",
                                  "0.3", "0.007", "sub:1,2,5"};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        grundy_heap_game *g = open_game(codes[i]);
        uint64_t p = 0, e = 0, s = 7;
        int proved = 0;
        int rc = grundy_heap_game_arithmetic_period(g, 3000, &p, &e, &s, &proved);
        CHECK(rc == 0 || rc == 1);
        CHECK_EQ(s, 0);
        uint64_t pp = 0, qq = 0;
        if (rc == 1 && proved) {
            CHECK_EQ(grundy_heap_game_period(g, 3000, &pp, &qq), 1);
            CHECK(pp == p && qq == e);
        }
        grundy_heap_game_free(g);
    }
    /* Kayles and Dawson's Kayles, as published. */
    grundy_heap_game *g = open_game("0.77");
    uint64_t p = 0, e = 0, s = 0;
    int proved = 0;
    CHECK_EQ(grundy_heap_game_arithmetic_period(g, 2000, &p, &e, &s, &proved), 1);
    CHECK(proved == 1 && p == 12 && e == 71 && s == 0);
    grundy_heap_game_free(g);
    /* Grundy's game: no theorem, no regularity. */
    g = open_game("grundy");
    CHECK_EQ(grundy_heap_game_arithmetic_period(g, 3000, &p, &e, &s, &proved), 0);
    CHECK_EQ(proved, 0);
    grundy_heap_game_free(g);
}

/* Sums under a saltus: the winning moves the library finds from the period
 * equal those of a game that computes every value (detection off), for
 * heaps within its table; far heaps' moves lead to a sum of value 0. */
static void test_sums(void)
{
    static const char *names[] = {"lasker", "allbut:2,3,7", "allbut:2,5,10,12"};
    unsigned rounds = harness_quick() ? 20 : 120;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        grundy_heap_game *fast = open_game(names[i]), *slow = open_game(names[i]);
        grundy_heap_game_set_period_detection(slow, 0);
        for (unsigned r = 0; r < rounds; r++) {
            uint64_t heaps[3];
            size_t n = 1 + (size_t)(harness_rand() % 3);
            for (size_t k = 0; k < n; k++)
                heaps[k] = harness_rand() % 2500;
            uint64_t m1[3], m2[3], w1[256], w2[256];
            size_t c1 = 0, c2 = 0, k1[256], k2[256];
            int f1 = grundy_heap_game_sum_winning_move(fast, GRUNDY_PLAY_NORMAL, heaps, n, m1);
            int f2 = grundy_heap_game_sum_winning_move(slow, GRUNDY_PLAY_NORMAL, heaps, n, m2);
            CHECK_EQ(f1, f2);
            for (size_t k = 0; f1 == 1 && k < n; k++)
                CHECK(m1[k] == m2[k]);
            CHECK_EQ(grundy_heap_game_sum_winning_moves(fast, GRUNDY_PLAY_NORMAL, heaps, n, k1,
                                                        w1, 256, &c1), GRUNDY_OK);
            CHECK_EQ(grundy_heap_game_sum_winning_moves(slow, GRUNDY_PLAY_NORMAL, heaps, n, k2,
                                                        w2, 256, &c2), GRUNDY_OK);
            CHECK_EQ(c1, c2);
            int same = 1;
            for (size_t k = 0; k < c1 && k < 256; k++)
                same &= k1[k] == k2[k] && w1[k] == w2[k];
            CHECK(same);
        }
        grundy_heap_game_free(slow);
        /* Far heaps: the move found leaves a sum of value 0.  (A heap with
         * no winning move has its splits all tried: Lasker's heaps stay
         * small enough for that to be quick.) */
        uint64_t far = i == 0 ? (uint64_t)1 << 20 : (uint64_t)1 << 31;
        for (unsigned r = 0; r < 20; r++) {
            uint64_t heaps[2] = {harness_rand() % far, harness_rand() % far};
            uint64_t moves[2];
            int f = grundy_heap_game_sum_winning_move(fast, GRUNDY_PLAY_NORMAL, heaps, 2, moves);
            CHECK(f == 0 || f == 1);
            uint32_t x = 0;
            for (size_t k = 0; k < 2; k++) {
                uint64_t parts[3];
                size_t np = 0;
                if (f == 1 && moves[k] != GRUNDY_NO_MOVE) {
                    CHECK_EQ(grundy_heap_game_move(fast, heaps[k], moves[k], parts, 3, &np),
                             GRUNDY_OK);
                } else {
                    parts[0] = heaps[k];
                    np = 1;
                }
                for (size_t j = 0; j < np; j++) {
                    uint32_t v = 0;
                    CHECK_EQ(grundy_heap_game_value(fast, GRUNDY_PLAY_NORMAL, parts[j], &v),
                             GRUNDY_OK);
                    x ^= v;
                }
            }
            CHECK_EQ(x == 0, f == 1);
        }
        grundy_heap_game_free(fast);
    }
    /* The heaps in the sum fit 32 bits, options of them may not: an option
     * worth 2^32 + t must not pass for one worth t.  Every move listed
     * leaves a heap of value 0 (one heap: the target is 0). */
    grundy_heap_game *ab = open_game("allbut:3");
    const uint64_t one[1] = {((uint64_t)1 << 33) + 1};
    uint64_t w[16], v64 = 1;
    size_t nw = 0;
    CHECK_EQ(grundy_heap_game_value64(ab, GRUNDY_PLAY_NORMAL, one[0], &v64), GRUNDY_OK);
    CHECK(v64 <= UINT32_MAX);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(ab, GRUNDY_PLAY_NORMAL, one, 1, NULL, w, 16, &nw),
             GRUNDY_OK);
    CHECK(nw >= 1 && nw <= 16);
    for (size_t k = 0; k < nw && k < 16; k++) {
        uint64_t parts[3], pv = 1;
        size_t np = 0;
        CHECK_EQ(grundy_heap_game_move(ab, one[0], w[k], parts, 3, &np), GRUNDY_OK);
        CHECK(np == 0 || (grundy_heap_game_value64(ab, GRUNDY_PLAY_NORMAL, parts[0], &pv) ==
                              GRUNDY_OK && pv == 0));
    }
    grundy_heap_game_free(ab);
    /* A sum's value past 32 bits: refused by the 32-bit call, naming the
     * 64-bit one; one that fits is given though its heaps' values do not. */
    grundy_heap_game *g = open_game("lasker");
    const uint64_t big[2] = {1, (uint64_t)1 << 40};
    uint32_t v = 7;
    v64 = 7;
    CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_NORMAL, big, 2, &v), GRUNDY_ERANGE);
    CHECK_EQ(v, 0);
    CHECK(strstr(grundy_heap_game_errmsg(g), "grundy_heap_game_sum_value64") != NULL);
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, big, 2, &v64), GRUNDY_OK);
    CHECK(v64 == (((uint64_t)1 << 40) - 2)); /* 1 xor (2^40 - 1) */
    const uint64_t same[2] = {big[1], big[1]};
    CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_NORMAL, same, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    grundy_heap_game_free(g);
}

/* ---- Sums past 2^32: values, outcomes and winning moves, 64 bits -------- */

/* Lasker's Nim by its closed form, written here: G(0) = 0, then per block
 * of four 4k+1, 4k+2, 4k+4, 4k+3.  0 where it passes 2^64 - 1 (the heap
 * 2^64 - 1, worth 2^64), else 1. */
static int lasker_at(uint64_t n, uint64_t *v)
{
    switch (n % 4) {
    case 0: *v = n == 0 ? 0 : n - 1; return 1;
    case 3: *v = n + 1; return n != UINT64_MAX;
    default: *v = n; return 1;
    }
}

/* The heap of Lasker's Nim worth v (the closed form is one to one). */
static uint64_t lasker_heap_of(uint64_t v)
{
    return v % 4 == 0 ? (v == 0 ? 0 : v + 1) : v % 4 == 3 ? v - 1 : v;
}

/* A regularity G(n + p) = G(n) + s from e on, read off the brute force's
 * count values (the least p, then the least e, holding over the last half
 * and three periods at least): the closed form of an all-but game, found
 * without the library. */
typedef struct closed_form {
    uint64_t p, e, s;
    int lasker; /* the written closed form instead */
} closed_form;

static int find_closed(uint64_t count, closed_form *c)
{
    for (uint64_t p = 1; 4 * p <= count; p++) {
        uint64_t s = brute[count - 1] - brute[count - 1 - p], e = count - p;
        while (e > 0 && brute[e - 1 + p] == brute[e - 1] + s)
            e--;
        if (e + 3 * p <= count && e <= count / 2) {
            *c = (closed_form){p, e, s, 0};
            return 1;
        }
    }
    return 0;
}

static int closed_at(const closed_form *c, uint64_t n, uint64_t *v)
{
    if (c->lasker)
        return lasker_at(n, v);
    if (n < c->e + c->p) {
        *v = brute[n];
        return 1;
    }
    *v = brute[c->e + (n - c->e) % c->p] + (n - c->e) / c->p * c->s;
    return 1;
}

/* A heap for a sum: small (the brute force's), about 2^32, or far. */
static uint64_t some_heap(uint64_t small, uint64_t far)
{
    switch (harness_rand() % 3) {
    case 0: return harness_rand() % small;
    case 1: return ((uint64_t)1 << 32) - 2000 + harness_rand() % 4000;
    default: return harness_rand() % far;
    }
}

/* The value the closed form gives the sum that heaps[i] becomes after
 * move k there (the other heaps unchanged). */
static uint64_t after_move(grundy_heap_game *g, const closed_form *c, const uint64_t *heaps,
                           size_t n, size_t i, uint64_t k)
{
    uint64_t x = 0, v = 0, parts[3];
    size_t np = 0;
    for (size_t j = 0; j < n; j++) {
        if (j != i) {
            closed_at(c, heaps[j], &v);
            x ^= v;
        }
    }
    CHECK_EQ(grundy_heap_game_move(g, heaps[i], k, parts, 3, &np), GRUNDY_OK);
    for (size_t j = 0; j < np; j++) {
        closed_at(c, parts[j], &v);
        x ^= v;
    }
    return x;
}

#define LISTED 64u

/* One sum checked against the closed form: its value (64 and 32 bits), its
 * outcome, its first winning move and the first LISTED of every winning
 * move, each leaving a sum worth 0, and the first being the first listed.
 * With every heap below the brute force's, the list is the whole list of
 * winning moves found by trying every move. */
static void check_sum(grundy_heap_game *g, const closed_form *c, const uint64_t *heaps, size_t n,
                      int exhaustive)
{
    uint64_t x = 0, v = 0, x64 = 7, first[4], moves[LISTED];
    size_t comps[LISTED], count = 0;
    uint32_t x32 = 7;
    for (size_t i = 0; i < n; i++) {
        closed_at(c, heaps[i], &v);
        x ^= v;
    }
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, heaps, n, &x64), GRUNDY_OK);
    if (!CHECK(x64 == x))
        printf("heaps %llu ...: %llu, not %llu\n", (unsigned long long)heaps[0],
               (unsigned long long)x64, (unsigned long long)x);
    int rc = grundy_heap_game_sum_value(g, GRUNDY_PLAY_NORMAL, heaps, n, &x32);
    CHECK_EQ(rc, x <= UINT32_MAX ? GRUNDY_OK : GRUNDY_ERANGE);
    CHECK(rc == GRUNDY_OK ? x32 == x : x32 == 0);
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_NORMAL, heaps, n),
             x != 0 ? GRUNDY_N : GRUNDY_P);
    int found = grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_NORMAL, heaps, n, first);
    CHECK_EQ(found, x != 0);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, heaps, n, comps, moves,
                                                LISTED, &count), GRUNDY_OK);
    CHECK_EQ(count > 0, x != 0);
    size_t listed = count < LISTED ? count : LISTED, at = n;
    for (size_t i = 0; i < n; i++) {
        if (found == 1 && first[i] != GRUNDY_NO_MOVE && at == n)
            at = i;
        else
            CHECK(first[i] == GRUNDY_NO_MOVE);
    }
    if (found == 1 && CHECK(at < n && listed > 0)) {
        CHECK(comps[0] == at && moves[0] == first[at]);
        CHECK(after_move(g, c, heaps, n, at, first[at]) == 0);
    }
    int ordered = 1, winning = 1;
    for (size_t j = 0; j < listed; j++) {
        winning &= after_move(g, c, heaps, n, comps[j], moves[j]) == 0;
        ordered &= j == 0 || comps[j] > comps[j - 1] ||
                   (comps[j] == comps[j - 1] && moves[j] > moves[j - 1]);
    }
    CHECK(winning && ordered);
    /* Those past the room are counted, not listed: the same count. */
    for (size_t room = 0; room < 3; room++) {
        size_t again = 0;
        CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, heaps, n, comps,
                                                    moves, room, &again), GRUNDY_OK);
        CHECK_EQ(again, count);
    }
    if (!exhaustive)
        return;
    size_t all = 0, same = 1;
    for (size_t i = 0; i < n; i++) {
        uint64_t degree = 0;
        CHECK_EQ(grundy_heap_game_degree(g, heaps[i], &degree), GRUNDY_OK);
        for (uint64_t k = 0; k < degree; k++) {
            if (after_move(g, c, heaps, n, i, k) == 0) {
                same &= all >= LISTED || (comps[all] == i && moves[all] == k);
                all++;
            }
        }
    }
    CHECK(same);
    CHECK_EQ(all, count);
}

/* Lasker's splits past the table: in a sum {m, h} where h is worth what a
 * split (a0, m - a0) is worth, the winning moves of heap m are listed in
 * order (its removals r = 1 ... m, then its splits a = 1, 2, ...), and
 * those below split A are exactly the ones a walk finds. */
static void check_far_splits(grundy_heap_game *g, uint64_t m, uint64_t a0)
{
    enum { A = 3000 };
    uint64_t va, vb, vm, vh;
    lasker_at(a0, &va);
    lasker_at(m - a0, &vb);
    lasker_at(m, &vm);
    uint64_t t = va ^ vb, h = lasker_heap_of(t);
    lasker_at(h, &vh);
    if (t == UINT64_MAX || vh != t || vm == t)
        return;
    uint64_t want[LISTED], heaps[2] = {m, h}, moves[LISTED], first[2];
    size_t nwant = 0, comps[LISTED], count = 0;
    if (h < m) /* the removal that leaves h (none at all for h = 0) */
        want[nwant++] = m - h - 1;
    for (uint64_t a = 1; a <= A && nwant < LISTED; a++) {
        lasker_at(a, &va);
        lasker_at(m - a, &vb);
        if ((va ^ vb) == t)
            want[nwant++] = m + a - 1;
    }
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, heaps, 2, comps, moves,
                                                LISTED, &count), GRUNDY_OK);
    size_t mine = 0;
    while (mine < LISTED && mine < count && comps[mine] == 0 && moves[mine] < m + A)
        mine++;
    int same = mine == nwant || (mine < nwant && mine == LISTED);
    for (size_t j = 0; j < mine && j < nwant; j++)
        same &= moves[j] == want[j];
    if (!CHECK(same))
        printf("lasker %llu, split %llu: %zu moves below split %d, %zu expected\n",
               (unsigned long long)m, (unsigned long long)a0, mine, A, nwant);
    CHECK_EQ(grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_NORMAL, heaps, 2, first), 1);
    CHECK(first[0] == want[0] && first[1] == GRUNDY_NO_MOVE);
}

static void test_sums64(void)
{
    static const char *names[] = {"lasker", "allbut:2,3,7", "allbut:500,1000", "allbut:3,17,400",
                                  "allbut:1"};
    unsigned rounds = harness_quick() ? 10 : 60;
    const uint64_t small = 2000;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        grundy_heap_game *g = open_game(names[i]);
        closed_form c = {0, 0, 0, 1};
        if (i == 0) {
            brute_lasker(small);
        } else {
            uint32_t x[3];
            size_t nx = 0;
            for (const char *q = names[i] + 7; *q; q += *q == ',') {
                x[nx] = 0;
                for (; *q >= '0' && *q <= '9'; q++)
                    x[nx] = 10 * x[nx] + (uint32_t)(*q - '0');
                nx++;
            }
            brute_allbut(x, nx, BRUTE_MAX);
            if (!CHECK(find_closed(BRUTE_MAX, &c)))
                continue;
        }
        /* The closed form agrees with the brute force, which the library's
         * values are checked against above. */
        int agree = 1;
        for (uint64_t n = 0; n < small; n++) {
            uint64_t v = 0;
            agree &= closed_at(&c, n, &v) && v == brute[n];
        }
        CHECK(agree);
        /* Far heaps: up to 2^62 (every move has an index), past 2^32. */
        for (unsigned r = 0; r < rounds; r++) {
            uint64_t heaps[4];
            size_t n = 1 + (size_t)(harness_rand() % 4);
            for (size_t k = 0; k < n; k++)
                heaps[k] = some_heap(small, (uint64_t)1 << 62);
            check_sum(g, &c, heaps, n, 0);
        }
        /* Heaps the brute force holds: every winning move, by trying each. */
        for (unsigned r = 0; r < rounds / 4; r++) {
            uint64_t heaps[3];
            size_t n = 1 + (size_t)(harness_rand() % 3);
            for (size_t k = 0; k < n; k++)
                heaps[k] = harness_rand() % small;
            check_sum(g, &c, heaps, n, 1);
        }
        /* Equal far heaps: P, and one more heap is the move. */
        uint64_t far = ((uint64_t)1 << 62) + harness_rand() % 1000000;
        const uint64_t pair[3] = {far, far, 5};
        check_sum(g, &c, pair, 2, 0);
        check_sum(g, &c, pair, 3, 0);
        grundy_heap_game_free(g);
    }
    grundy_heap_game *g = open_game("lasker");
    /* Sums {m, h} where h is worth a split of m: many winning splits, each
     * tried (and counted past the room given). */
    closed_form lasker = {0, 0, 0, 1};
    for (unsigned r = 0; r < (harness_quick() ? 5u : 20u); r++) {
        uint64_t m = 700 + harness_rand() % 1300, a0 = 1 + harness_rand() % (m / 2), va, vb;
        lasker_at(a0, &va);
        lasker_at(m - a0, &vb);
        const uint64_t heaps[2] = {m, lasker_heap_of(va ^ vb)};
        check_sum(g, &lasker, heaps, 2, 1);
    }
    for (unsigned r = 0; r < (harness_quick() ? 10u : 40u); r++)
        check_far_splits(g, ((uint64_t)1 << 40) + harness_rand() % ((uint64_t)1 << 62),
                         1 + harness_rand() % 2000);
    /* A winning split of a heap of 2^64 - 2 whose index passes 2^64 - 2:
     * the list of every winning move cannot name it. */
    uint64_t va, vb, moves[4];
    size_t comps[4], count = 0;
    lasker_at(1000, &va);
    lasker_at(UINT64_MAX - 1 - 1000, &vb);
    const uint64_t edge[2] = {UINT64_MAX - 1, lasker_heap_of(va ^ vb)};
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, edge, 2, comps, moves, 4,
                                                &count), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "past 2^64 - 2") != NULL);
    /* The issue's heap: 2^63 alone is N, taking it all. */
    const uint64_t issue[1] = {(uint64_t)1 << 63};
    uint64_t move[2], v = 0;
    CHECK_EQ(grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_NORMAL, issue, 1, move), 1);
    CHECK(move[0] == issue[0] - 1); /* remove 2^63: the last removal */
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, issue, 1, &v), GRUNDY_OK);
    CHECK(v == issue[0] - 1);
    /* Heaps next to 2^64: 2^64 - 2 twice is P; 2^64 - 1 is worth 2^64,
     * which no uint64_t holds, so its sums are refused, naming the limit
     * and no call. */
    const uint64_t top[2] = {UINT64_MAX - 1, UINT64_MAX - 1}, over[2] = {UINT64_MAX, 1};
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_NORMAL, top, 2), GRUNDY_P);
    CHECK_EQ(grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_NORMAL, top, 2, move), 0);
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_NORMAL, over, 2), GRUNDY_ERANGE);
    CHECK(strstr(grundy_heap_game_errmsg(g), "past 2^64 - 1") != NULL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "grundy_") == NULL);
    v = 7;
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, over, 2, &v), GRUNDY_ERANGE);
    CHECK_EQ(v, 0);
    /* Arguments. */
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, issue, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, NULL, 1, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_value64(NULL, GRUNDY_PLAY_NORMAL, issue, 1, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_NORMAL, NULL, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    /* Misère play through the 64-bit call: the search's value. */
    const uint64_t few[2] = {3, 4};
    uint32_t m32 = 9;
    CHECK_EQ(grundy_heap_game_sum_value64(g, GRUNDY_PLAY_MISERE, few, 2, &v), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_MISERE, few, 2, &m32), GRUNDY_OK);
    CHECK(v == m32);
    grundy_heap_game_free(g);
}

static void expect_refused(const char *name, int rc, size_t pos)
{
    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    if (!CHECK_EQ(grundy_heap_game_parse(g, name, strlen(name)), rc))
        printf("%s: %s\n", name, grundy_heap_game_errmsg(g));
    CHECK_EQ(grundy_heap_game_errpos(g), pos);
    CHECK(grundy_heap_game_errmsg(g)[0] != '\0');
    grundy_heap_game_free(g);
}

static void test_errors(void)
{
    expect_refused("allbut:", GRUNDY_EPARSE, 7);
    expect_refused("allbut:0", GRUNDY_EPARSE, 7);
    expect_refused("allbut:1,,2", GRUNDY_EPARSE, 9);
    expect_refused("allbut:1,2,", GRUNDY_EPARSE, 11);
    expect_refused("allbut:3x", GRUNDY_EPARSE, 8);
    expect_refused("allbut:2000000", GRUNDY_ELIMIT, 7);
    expect_refused("allbutt:1", GRUNDY_EPARSE, 0);

    grundy_heap_game *g = open_game("lasker");
    uint64_t p, e, s;
    int proved;
    CHECK_EQ(grundy_heap_game_arithmetic_period(g, 10, NULL, &e, &s, &proved), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_arithmetic_period(NULL, 10, &p, &e, &s, &proved), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, 5, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_MISERE + 100, 5, &p), GRUNDY_EINVAL);
    grundy_heap_game_free(g);

    /* A game with no theorem under a memory cap: refused at once, naming
     * the bytes it needs and the cap. */
    g = open_game("grundy");
    grundy_heap_game_set_memory_limit(g, 4096);
    uint32_t v = 0;
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 1000000, &v), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "4096") != NULL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "1000001 values need at least") != NULL);
    CHECK_EQ(grundy_heap_game_computed(g), 0);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_OK);
    grundy_heap_game_set_memory_limit(g, 0);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 5000, &v), GRUNDY_OK);
    grundy_heap_game_free(g);
    /* Subtraction games too (an engine of their own), with detection off. */
    g = open_game("sub:1,2");
    grundy_heap_game_set_period_detection(g, 0);
    grundy_heap_game_set_memory_limit(g, 1 << 20);
    CHECK_EQ(grundy_heap_game_compute(g, 200000000), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "memory limit of 1048576 bytes") != NULL);
    CHECK(grundy_heap_game_computed(g) <= (1 << 20));
    grundy_heap_game_free(g);
    /* One that proves its period first is let go on under the same cap. */
    g = open_game("allbut:2,3,7");
    grundy_heap_game_set_memory_limit(g, 4096);
    uint64_t big = 0;
    CHECK_EQ(grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, (uint64_t)1 << 50, &big), GRUNDY_OK);
    CHECK(big == ((uint64_t)1 << 49)); /* 2^50 = 4k: G = 2k */
    grundy_heap_game_free(g);
}

int main(void)
{
    RUN(test_allbut_sets);
    RUN(test_lasker);
    RUN(test_hex);
    RUN(test_octal_never_arithmetic);
    RUN(test_sums);
    RUN(test_sums64);
    RUN(test_errors);
    return harness_done();
}
