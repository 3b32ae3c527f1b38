/* SPDX-License-Identifier: MIT */
/* Heap games (octal and hexadecimal codes, subtraction games, Grundy's game,
 * Lasker's Nim) against oracles written here from the games' definitions,
 * with none of the library's code:
 *
 *  - dp_values(): the value of one heap, G(n) = mex over the options of the
 *    xor of the parts' values (the Sprague-Grundy theorem), n = 0, 1, 2, ...
 *  - brute_value(): a plain recursive mex over whole positions, i.e.
 *    multisets of heaps, with no xor at all; it checks dp_values() (and the
 *    library) on small sizes.
 *  - the library's own generic solver for games described by rules
 *    (grundy_game_new_u64) fed by a move generator written here.
 *  - published values: OEIS A002186, A002187, A002188 (test/data/) and the
 *    periods in OEIS entries for octal games, each verified again here.
 *
 * each_option() lists a heap's options in the order grundy.h documents for
 * moves, so it is also the oracle of grundy_heap_game_degree(), of
 * grundy_heap_game_move() (move k is its k-th option) and of the indices
 * the winning-move calls report, which brute force checks once more.
 *
 * Periods: the header proves them with the Guy-Smith theorem: if
 * G(n + p) = G(n) for n0 <= n < N - p, where N = n0 + p + t when no move
 * splits a heap, 2 n0 + 2p + t for octal games and 3 n0 + 3p + t when a move
 * may leave three heaps (t = the most tokens a move removes), then G has
 * period p from n0 on.  find_period() applies that test to the oracle's
 * values with one correction: in the bound, n0 counts as at least 1 unless
 * the game is a subtraction game (every removal digit 0 or 3).  The proof's
 * induction pairs an option of n + p with one of n by taking p tokens off
 * a part; with n0 = 0 that part may become empty, which is a different kind
 * of move (and a "take the whole heap" move may be legal from n = t but
 * not from t + p).  Counterexamples to the bound as printed: 0.1 = 0 1 0 0
 * 0 ... (G(2) = G(0), from 3 = 0 + 2 + 1 values, yet not period 2 from 0)
 * and 0.4 = 0 0 0 1 ... (period 1 from 0 "proved" by 3 = 2*0 + 2*1 + 1
 * values).  The library must prove a period iff the test does, give the
 * same least period and preperiod, and never claim a false period.
 *
 * Run from the repository root (the OEIS files are read from test/data/). */
#include <string.h>

#define GRUNDY_EXPERIMENTAL /* threads, sparse method, period detection */
#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"

/* ------------------------------------------------------------------------ */
/* A game in the test's own form */

#define MAXD 80 /* digits d0 .. d79: removals of up to 79 tokens */

typedef struct spec {
    char name[256];
    unsigned dig[MAXD]; /* dig[k]: what removing k tokens may leave (bits 1, 2, 4, 8) */
    int t;              /* the largest k >= 1 with dig[k] != 0; 0 if none */
    int grundy;         /* Grundy's game (dig unused) */
    int lasker;         /* Lasker's Nim (dig unused) */
} spec;

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A valid code "d0.d1d2..." or ".d1d2..." (the test's own reading). */
static void spec_code(spec *s, const char *code)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", code);
    const char *dot = strchr(code, '.');
    if (dot != code)
        s->dig[0] = (unsigned)hexval(code[0]);
    int k = 1;
    for (const char *c = dot + 1; *c && k < MAXD; c++, k++) {
        s->dig[k] = (unsigned)hexval(*c);
        if (s->dig[k] != 0)
            s->t = k;
    }
}

/* sub:S1,S2,...: removing s tokens leaves nothing (s = n) or one heap. */
static void spec_sub(spec *s, const unsigned *set, int n)
{
    memset(s, 0, sizeof *s);
    int len = snprintf(s->name, sizeof s->name, "sub:");
    for (int i = 0; i < n; i++) {
        len += snprintf(s->name + len, sizeof s->name - (size_t)len, "%s%u", i ? "," : "", set[i]);
        s->dig[set[i]] = 3;
        if ((int)set[i] > s->t)
            s->t = (int)set[i];
    }
}

static void spec_grundy(spec *s)
{
    memset(s, 0, sizeof *s);
    strcpy(s->name, "grundy");
    s->grundy = 1;
}

static void spec_lasker(spec *s)
{
    memset(s, 0, sizeof *s);
    strcpy(s->name, "lasker");
    s->lasker = 1;
}

/* The factor of the theorem's bound: 1 if no move splits, 2 if a move may
 * leave two heaps, 3 if one may leave three. */
static int spec_mult(const spec *s)
{
    int m = 1;
    for (int k = 0; k <= s->t || k == 0; k++) {
        if (s->dig[k] & 8)
            m = 3;
        else if ((s->dig[k] & 4) && m < 2)
            m = 2;
    }
    return m;
}

typedef int (*opt_fn)(void *ctx, const uint64_t *parts, int nparts);

/* Calls fn for every option of one heap of n tokens (the parts it leaves),
 * straight from the game's definition; stops at fn's first non-zero return. */
static int each_option(const spec *s, uint64_t n, opt_fn fn, void *ctx)
{
    uint64_t p[3];
    int rc;
    if (s->grundy) { /* split into two unequal heaps */
        for (uint64_t a = 1; 2 * a < n; a++) {
            p[0] = a;
            p[1] = n - a;
            if ((rc = fn(ctx, p, 2)) != 0)
                return rc;
        }
        return 0;
    }
    if (s->lasker) { /* take any number, or split into two heaps */
        for (uint64_t k = 1; k <= n; k++) {
            p[0] = n - k;
            if ((rc = fn(ctx, p, n - k ? 1 : 0)) != 0)
                return rc;
        }
        for (uint64_t a = 1; 2 * a <= n; a++) {
            p[0] = a;
            p[1] = n - a;
            if ((rc = fn(ctx, p, 2)) != 0)
                return rc;
        }
        return 0;
    }
    for (uint64_t k = 0; k <= (uint64_t)s->t && k <= n; k++) {
        unsigned d = s->dig[k];
        uint64_t m = n - k; /* tokens left, to be laid out as 0 to 3 heaps */
        if ((d & 1) && m == 0 && k > 0 && (rc = fn(ctx, p, 0)) != 0)
            return rc;
        if ((d & 2) && m >= 1 && k > 0) {
            p[0] = m;
            if ((rc = fn(ctx, p, 1)) != 0)
                return rc;
        }
        if (d & 4) {
            for (uint64_t a = 1; 2 * a <= m; a++) {
                p[0] = a;
                p[1] = m - a;
                if ((rc = fn(ctx, p, 2)) != 0)
                    return rc;
            }
        }
        if (d & 8) {
            for (uint64_t a = 1; 3 * a <= m; a++) {
                for (uint64_t b = a; a + 2 * b <= m; b++) {
                    p[0] = a;
                    p[1] = b;
                    p[2] = m - a - b;
                    if ((rc = fn(ctx, p, 3)) != 0)
                        return rc;
                }
            }
        }
    }
    return 0;
}

/* Is "from a heap of h, leave left[0..nleft)" a move of the game? */
static int is_move(const spec *s, uint64_t h, const uint64_t *left, uint32_t nleft)
{
    uint64_t sum = 0;
    if (nleft > 3)
        return 0;
    for (uint32_t i = 0; i < nleft; i++) {
        if (left[i] == 0 || left[i] > h)
            return 0;
        sum += left[i];
    }
    if (sum > h)
        return 0;
    uint64_t k = h - sum;
    if (s->grundy)
        return nleft == 2 && k == 0 && left[0] != left[1];
    if (s->lasker)
        return (k >= 1 && nleft <= 1) || (k == 0 && nleft == 2);
    if (k > (uint64_t)s->t || (k == 0 && nleft < 2))
        return 0;
    return (s->dig[k] >> nleft) & 1;
}

/* ------------------------------------------------------------------------ */
/* Oracle 1: G(0) .. G(L-1) of one heap, by mex over the options' xors */

#define SEEN_CAP (1u << 16)

typedef struct dp_ctx {
    const uint32_t *G;
    uint32_t *seen; /* seen[x] == stamp: value x is an option's */
    uint32_t stamp;
} dp_ctx;

static int dp_visit(void *ctx, const uint64_t *parts, int nparts)
{
    dp_ctx *c = ctx;
    uint32_t x = 0;
    for (int i = 0; i < nparts; i++)
        x ^= c->G[parts[i]];
    if (x < SEEN_CAP)
        c->seen[x] = c->stamp;
    return 0;
}

static uint32_t *dp_values(const spec *s, uint64_t L)
{
    uint32_t *G = calloc(L ? L : 1, sizeof *G);
    uint32_t *seen = calloc(SEEN_CAP, sizeof *seen);
    if (G == NULL || seen == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    dp_ctx c = {G, seen, 0};
    for (uint64_t n = 0; n < L; n++) {
        c.stamp++;
        each_option(s, n, dp_visit, &c);
        uint32_t m = 0;
        while (seen[m] == c.stamp)
            m++;
        if (m >= SEEN_CAP / 2) {
            fprintf(stderr, "dp_values: value too large\n");
            exit(1);
        }
        G[n] = m;
    }
    free(seen);
    return G;
}

/* G(heap) from values G[0..L) that are periodic with period p from n0 on. */
static uint32_t periodic(const uint32_t *G, uint64_t p, uint64_t n0, uint64_t heap)
{
    if (heap < n0 + p)
        return G[heap];
    return G[n0 + (heap - n0) % p];
}

/* Do all removals leave "nothing or one heap" alike (digits 0 and 3)? */
static int pure_subtraction(const spec *s)
{
    for (int k = 0; k <= s->t; k++)
        if (s->dig[k] != 0 && (k == 0 || s->dig[k] != 3))
            return 0;
    return 1;
}

/* The values a proof of period p from n0 needs (the theorem's N). */
static uint64_t values_needed(const spec *s, uint64_t p, uint64_t n0)
{
    uint64_t mult = (uint64_t)spec_mult(s);
    if (n0 == 0 && !pure_subtraction(s))
        n0 = 1;
    return mult * (n0 + p) + (uint64_t)s->t;
}

/* The least period the theorem proves from G[0..L), and its preperiod. */
static int find_period(const spec *s, const uint32_t *G, uint64_t L, uint64_t *period,
                       uint64_t *pre)
{
    if (s->grundy || s->lasker)
        return 0;
    for (uint64_t p = 1; values_needed(s, p, 0) <= L; p++) {
        uint64_t n0 = 0;
        for (uint64_t i = L - p; i-- > 0;) {
            if (G[i] != G[i + p]) {
                n0 = i + 1;
                break;
            }
        }
        if (values_needed(s, p, n0) <= L) {
            *period = p;
            *pre = n0;
            return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Oracle 2: a plain recursive mex over multisets of heaps (no xor) */

#define BMAX 24 /* heaps in a position; sizes below 256 */
#define BSLOTS (1u << 16)

typedef struct bentry {
    uint8_t used, len;
    uint8_t h[BMAX];
    uint8_t value;
} bentry;

static bentry *btab;
static const spec *bspec;
static unsigned long bcount;

static void brute_reset(const spec *s)
{
    if (btab == NULL && (btab = malloc(BSLOTS * sizeof *btab)) == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    memset(btab, 0, BSLOTS * sizeof *btab);
    bspec = s;
    bcount = 0;
}

/* Sorts in decreasing order and drops empty heaps; returns the new length. */
static int normalize(uint8_t *h, int len)
{
    for (int i = 1; i < len; i++)
        for (int j = i; j > 0 && h[j] > h[j - 1]; j--) {
            uint8_t x = h[j];
            h[j] = h[j - 1];
            h[j - 1] = x;
        }
    while (len > 0 && h[len - 1] == 0)
        len--;
    return len;
}

static int brute_value(const uint8_t *heaps, int len);

typedef struct bctx {
    const uint8_t *h; /* the position */
    int len, skip;    /* its length; the heap being moved in */
    uint64_t seen;    /* option values seen (all are below 64 here) */
} bctx;

static int brute_visit(void *ctx, const uint64_t *parts, int nparts)
{
    bctx *c = ctx;
    uint8_t next[BMAX + 3];
    int n = 0;
    for (int i = 0; i < c->len; i++)
        if (i != c->skip)
            next[n++] = c->h[i];
    for (int i = 0; i < nparts; i++)
        next[n++] = (uint8_t)parts[i];
    if (n > BMAX) {
        fprintf(stderr, "brute_value: position too long\n");
        exit(1);
    }
    int v = brute_value(next, n);
    if (v >= 64) {
        fprintf(stderr, "brute_value: value too large\n");
        exit(1);
    }
    c->seen |= 1ull << v;
    return 0;
}

static int brute_value(const uint8_t *heaps, int len)
{
    uint8_t h[BMAX];
    memcpy(h, heaps, (size_t)len);
    len = normalize(h, len);
    uint32_t hash = 2166136261u;
    for (int i = 0; i < len; i++)
        hash = (hash ^ h[i]) * 16777619u;
    uint32_t slot = hash & (BSLOTS - 1);
    while (btab[slot].used) {
        if (btab[slot].len == len && memcmp(btab[slot].h, h, (size_t)len) == 0)
            return btab[slot].value;
        slot = (slot + 1) & (BSLOTS - 1);
    }
    bctx c = {h, len, 0, 0};
    for (int i = 0; i < len; i++) {
        if (i > 0 && h[i] == h[i - 1])
            continue; /* the same heap again: the same options */
        c.skip = i;
        each_option(bspec, h[i], brute_visit, &c);
    }
    int v = 0;
    while ((c.seen >> v) & 1)
        v++;
    /* Look the slot up again: the recursion may have filled it. */
    slot = hash & (BSLOTS - 1);
    while (btab[slot].used)
        slot = (slot + 1) & (BSLOTS - 1);
    if (++bcount > BSLOTS / 2) {
        fprintf(stderr, "brute_value: table full\n");
        exit(1);
    }
    btab[slot].used = 1;
    btab[slot].len = (uint8_t)len;
    memcpy(btab[slot].h, h, (size_t)len);
    btab[slot].value = (uint8_t)v;
    return v;
}

static int brute_heaps(const uint64_t *heaps, size_t n)
{
    uint8_t h[BMAX];
    for (size_t i = 0; i < n; i++)
        h[i] = (uint8_t)heaps[i];
    return brute_value(h, (int)n);
}

/* ------------------------------------------------------------------------ */
/* Oracle 3: the library's solver for games given by rules, fed by the
 * definition above */

static int rule_visit(void *ctx, const uint64_t *parts, int nparts)
{
    return grundy_options_add(ctx, parts, (uint32_t)nparts);
}

static int rule_moves(void *user, uint64_t pos, grundy_options *out)
{
    return each_option(user, pos, rule_visit, out);
}

/* ------------------------------------------------------------------------ */
/* Helpers for the library's heap games */

/* A new game given its rules by name (the 0.1 grundy_heap_game_new). */
static int new_game(grundy_heap_game **h, const char *name, const grundy_allocator *alloc)
{
    int rc = grundy_heap_game_new(h, alloc);
    if (rc != GRUNDY_OK)
        return rc;
    rc = grundy_heap_game_parse(*h, name, strlen(name));
    if (rc != GRUNDY_OK) {
        grundy_heap_game_free(*h);
        *h = NULL;
    }
    return rc;
}

static grundy_heap_game *open_game(const char *name)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK))
        return NULL;
    int rc = grundy_heap_game_parse(h, name, strlen(name));
    if (!CHECK_EQ(rc, GRUNDY_OK)) {
        fprintf(stderr, "    parse(\"%.60s\") failed at %zu: %s\n", name,
                grundy_heap_game_errpos(h), grundy_heap_game_errmsg(h));
        grundy_heap_game_free(h);
        return NULL;
    }
    return h;
}

/* One check: G(0) .. G(L-1) from the library equal want[], one by one and
 * as one range (from the start, and from the middle). */
static int expect_values(const char *what, grundy_heap_game *h, const uint32_t *want, uint64_t L)
{
    for (uint64_t n = 0; n < L; n++) {
        uint32_t v = 0xdeadbeef;
        int rc = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v);
        if (rc != GRUNDY_OK || v != want[n]) {
            CHECK(0 && "heap game value");
            fprintf(stderr, "    %s: G(%llu): status %d, value %u, want %u\n", what,
                    (unsigned long long)n, rc, v, want[n]);
            return 0;
        }
    }
    uint32_t *range = malloc(sizeof *range * (size_t)(L + 1));
    if (range == NULL)
        return 0;
    int ok = grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 0, (size_t)L, range) == GRUNDY_OK &&
             memcmp(range, want, sizeof *range * (size_t)L) == 0;
    ok = ok && grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, L / 2, (size_t)(L - L / 2),
                                       range) == GRUNDY_OK &&
         memcmp(range, want + L / 2, sizeof *range * (size_t)(L - L / 2)) == 0;
    free(range);
    if (!CHECK(ok))
        fprintf(stderr, "    %s: grundy_heap_game_values differs from value by value\n", what);
    return ok;
}

/* ------------------------------------------------------------------------ */
/* Names */

static void expect_name_ok(const char *name)
{
    grundy_heap_game *h = NULL;
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    if (h == NULL)
        return;
    int rc = grundy_heap_game_parse(h, name, strlen(name));
    if (!CHECK_EQ(rc, GRUNDY_OK))
        fprintf(stderr, "    name \"%.60s\" should be valid: %s\n", name,
                grundy_heap_game_errmsg(h));
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    grundy_heap_game_free(h);
    /* Only len bytes are read: the same name followed by more text. */
    size_t len = strlen(name);
    char *longer = malloc(len + 8);
    if (longer == NULL || !CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK)) {
        free(longer);
        return;
    }
    memcpy(longer, name, len);
    memcpy(longer + len, "9x,.Z", 5); /* no NUL */
    CHECK_EQ(grundy_heap_game_parse(h, longer, len), GRUNDY_OK);
    grundy_heap_game_free(h);
    free(longer);
}

/* want_pos < 0: the position is not checked. */
static void expect_name_bad(const char *name, int want_rc, long want_pos)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK))
        return;
    size_t len = strlen(name);
    int rc = grundy_heap_game_parse(h, name, len);
    if (!CHECK_EQ(rc, want_rc))
        fprintf(stderr, "    name \"%.60s\": status %d, want %d\n", name, rc, want_rc);
    size_t pos = grundy_heap_game_errpos(h);
    const char *msg = grundy_heap_game_errmsg(h);
    if (want_pos >= 0 && !CHECK_EQ(pos, want_pos))
        fprintf(stderr, "    name \"%.60s\": errpos %zu, want %ld (%s)\n", name, pos, want_pos,
                msg);
    /* Every refusal names a place in the name, and says why. */
    CHECK(pos <= len);
    if (!CHECK(msg[0] != '\0' && strlen(msg) < 256))
        fprintf(stderr, "    parse(\"%.60s\"): no message\n", name);
    /* The game keeps no rules, and takes good ones afterwards. */
    uint32_t v;
    CHECK_EQ(grundy_heap_game_compute(h, 5), GRUNDY_ESTATE);
    CHECK_EQ(grundy_heap_game_errpos(h), GRUNDY_NO_POS);
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_ESTATE);
    CHECK_EQ(grundy_heap_game_parse(h, "0.07", 4), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 4, &v), GRUNDY_OK);
    CHECK_EQ(v, 2);
    grundy_heap_game_free(h);
}

/* A refusal's message names the offending character and its offset. */
static void expect_message(const char *name, const char *part1, const char *part2)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK))
        return;
    CHECK(grundy_heap_game_parse(h, name, strlen(name)) < 0);
    const char *msg = grundy_heap_game_errmsg(h);
    if (!CHECK(strstr(msg, part1) != NULL && strstr(msg, part2) != NULL))
        fprintf(stderr, "    parse(\"%s\"): message \"%s\" should say %s and %s\n", name, msg,
                part1, part2);
    grundy_heap_game_free(h);
}

static void test_names(void)
{
    expect_name_ok("0.77");
    expect_name_ok(".77");
    expect_name_ok(".137");
    expect_name_ok("0.137");
    expect_name_ok("0.07");
    expect_name_ok("4.07");
    expect_name_ok("4.4");
    expect_name_ok("0.F");
    expect_name_ok("0.1F3");
    expect_name_ok("8.1");
    expect_name_ok("C.7");
    expect_name_ok("0.1234567");
    expect_name_ok("0.0");
    expect_name_ok("sub:1,3,4");
    expect_name_ok("sub:4,1,3");
    expect_name_ok("sub:7");
    expect_name_ok("sub:1048576");
    expect_name_ok("sub:1,4294967295");
    expect_name_ok("grundy");
    expect_name_ok("lasker");

    expect_name_bad("0.1x7", GRUNDY_EPARSE, 3);
    expect_name_bad("0.", GRUNDY_EPARSE, 2);
    expect_name_bad(".", GRUNDY_EPARSE, 1);
    expect_name_bad("9.7", GRUNDY_EPARSE, 0); /* d0 may only be 0, 4, 8 or C */
    expect_name_bad("1.7", GRUNDY_EPARSE, 0);
    expect_name_bad("2.7", GRUNDY_EPARSE, 0);
    expect_name_bad("5.7", GRUNDY_EPARSE, 0);
    expect_name_bad("0.G", GRUNDY_EPARSE, 2);
    expect_name_bad("0.7.7", GRUNDY_EPARSE, 3);
    expect_name_bad("0,77", GRUNDY_EPARSE, 1);
    expect_name_bad("0.77 ", GRUNDY_EPARSE, 4);
    expect_name_bad(" 0.77", GRUNDY_EPARSE, 0);
    expect_name_bad("-0.7", GRUNDY_EPARSE, 0);
    expect_name_bad("sub:", GRUNDY_EPARSE, 4);
    expect_name_bad("sub:1,,2", GRUNDY_EPARSE, 6);
    expect_name_bad("sub:0", GRUNDY_EPARSE, 4);
    expect_name_bad("sub:1,0", GRUNDY_EPARSE, 6);
    expect_name_bad("sub:1,2,", GRUNDY_EPARSE, 8);
    expect_name_bad("sub:x", GRUNDY_EPARSE, 4);
    expect_name_bad("sub:1,2x", GRUNDY_EPARSE, 7);
    expect_name_bad("sub:-1", GRUNDY_EPARSE, 4);
    expect_name_bad("", GRUNDY_EPARSE, 0);
    expect_name_bad("foo", GRUNDY_EPARSE, -1);
    expect_name_bad("grundyx", GRUNDY_EPARSE, -1);
    expect_name_bad("sub", GRUNDY_EPARSE, -1);
    expect_name_bad("sub:4294967296", GRUNDY_ELIMIT, -1); /* above 2^32 - 1 */

    /* Codes of more than 4096 digits are refused; long ones below are fine. */
    static char code[6000];
    strcpy(code, "0.");
    memset(code + 2, '1', 4000);
    code[4002] = '\0';
    expect_name_ok(code);
    memset(code + 2, '1', 5000);
    code[5002] = '\0';
    expect_name_bad(code, GRUNDY_ELIMIT, -1);

    /* A number too large for any machine word is not a valid set element:
     * refused where the amount starts. */
    expect_name_bad("sub:99999999999999999999999", GRUNDY_ELIMIT, 4);
    expect_name_bad("sub:3,4294967296", GRUNDY_ELIMIT, 6);
    expect_message("sub:3,4294967296", "offset 6", "4294967295");
    /* The first digit too many of a long code. */
    memset(code + 2, '7', 4096);
    code[4098] = '\0';
    expect_name_bad(code, GRUNDY_ELIMIT, 2 + 4095);
    expect_name_bad(code + 1, GRUNDY_ELIMIT, 1 + 4095);
    code[4097] = '\0';
    expect_name_ok(code); /* 4095 digits */

    /* Messages name the character and where it is. */
    expect_message("0.9z", "'z'", "3");
    expect_message("0.1x7", "'x'", "offset 3");
    expect_message("9.7", "9", "offset 0");
    expect_message("sub:1,2x", "'x'", "7");
    expect_message("kayles", "kayles", "grundy");
    {
        /* A NUL or a control character inside the name is named by its byte. */
        grundy_heap_game *h = NULL;
        CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_parse(h, "0.7\0" "7", 5), GRUNDY_EPARSE);
        CHECK_EQ(grundy_heap_game_errpos(h), 3);
        CHECK(strstr(grundy_heap_game_errmsg(h), "0x00") != NULL);
        CHECK_EQ(grundy_heap_game_parse(h, "0.7\n", 4), GRUNDY_EPARSE);
        CHECK_EQ(grundy_heap_game_errpos(h), 3);
        /* Only len bytes are read: a prefix of a longer text. */
        CHECK_EQ(grundy_heap_game_parse(h, "grundy", 5), GRUNDY_EPARSE);
        CHECK_EQ(grundy_heap_game_parse(h, "0.77", 0), GRUNDY_EPARSE);
        CHECK_EQ(grundy_heap_game_errpos(h), 0);
        CHECK_EQ(grundy_heap_game_parse(h, "lasker!", 6), GRUNDY_OK);
        uint32_t v;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
        CHECK_EQ(v, 4); /* Lasker: G(4k + 3) = 4k + 4 */
        grundy_heap_game_free(h);
    }

    /* Bad arguments */
    grundy_heap_game *h = NULL;
    CHECK_EQ(grundy_heap_game_new(NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, NULL, 3), GRUNDY_EINVAL);
    CHECK(grundy_heap_game_errmsg(h)[0] != '\0');
    CHECK_EQ(grundy_heap_game_errpos(h), GRUNDY_NO_POS);
    CHECK_EQ(grundy_heap_game_parse(NULL, "0.77", 4), GRUNDY_EINVAL);
    CHECK(strcmp(grundy_heap_game_errmsg(NULL), "") == 0);
    CHECK_EQ(grundy_heap_game_errpos(NULL), GRUNDY_NO_POS);
    grundy_heap_game_free(h);
    grundy_heap_game_free(NULL);

    /* Spellings of one game give one sequence. */
    const char *same[][2] = {{".137", "0.137"}, {"sub:4,1,3", "sub:1,3,4"},
                             {"sub:1,2", "0.33"}, {"sub:2,3", "0.033"},
                             {"0.77", "0.771"}, {"0.1F", "0.1F0"}};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        grundy_heap_game *a = open_game(same[i][0]), *b = open_game(same[i][1]);
        if (a == NULL || b == NULL) {
            grundy_heap_game_free(a);
            grundy_heap_game_free(b);
            continue;
        }
        int ok = 1;
        for (uint64_t n = 0; n < 200 && ok; n++) {
            uint32_t va = 1, vb = 2;
            ok = grundy_heap_game_value(a, GRUNDY_PLAY_NORMAL, n, &va) == GRUNDY_OK &&
                 grundy_heap_game_value(b, GRUNDY_PLAY_NORMAL, n, &vb) == GRUNDY_OK && va == vb;
        }
        if (!CHECK(ok))
            fprintf(stderr, "    %s and %s should have the same values\n", same[i][0], same[i][1]);
        grundy_heap_game_free(a);
        grundy_heap_game_free(b);
    }

    /* "0.0" has no move at all. */
    grundy_heap_game *z = open_game("0.0");
    if (z != NULL) {
        uint32_t v = 9;
        CHECK_EQ(grundy_heap_game_value(z, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_OK);
        CHECK_EQ(v, 0);
        grundy_heap_game_free(z);
    }
}

/* grundy_heap_game_set_family against the names "grundy" and "lasker": the
 * same values (past the sparse method's first mask, and for Lasker's Nim
 * through its proved closed form), moves and regularity; the errors. */
static void test_set_family(void)
{
    static const struct {
        int family;
        const char *name;
    } fam[] = {{GRUNDY_HEAP_GRUNDY, "grundy"}, {GRUNDY_HEAP_LASKER, "lasker"}};
    enum { N = 3000 };
    for (size_t i = 0; i < sizeof fam / sizeof fam[0]; i++) {
        grundy_heap_game *named = open_game(fam[i].name), *set = NULL;
        CHECK_EQ(grundy_heap_game_new(&set, NULL), GRUNDY_OK);
        if (named == NULL || set == NULL) {
            grundy_heap_game_free(named);
            grundy_heap_game_free(set);
            continue;
        }
        CHECK_EQ(grundy_heap_game_set_family(set, fam[i].family), GRUNDY_OK);
        static uint32_t a[N], b[N];
        CHECK_EQ(grundy_heap_game_values(named, GRUNDY_PLAY_NORMAL, 0, N, a), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_values(set, GRUNDY_PLAY_NORMAL, 0, N, b), GRUNDY_OK);
        if (!CHECK(memcmp(a, b, sizeof a) == 0))
            fprintf(stderr, "    %s: the family's values differ from the name's\n",
                    fam[i].name);
        uint64_t big = 1000000000000ull;
        uint64_t va = 1, vb = 2;
        CHECK_EQ(grundy_heap_game_value64(named, GRUNDY_PLAY_NORMAL, N - 1, &va), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_value64(set, GRUNDY_PLAY_NORMAL, N - 1, &vb), GRUNDY_OK);
        CHECK_EQ(va, vb);
        uint64_t pa[3], pb[3];
        int proved_a = -1, proved_b = -2;
        CHECK_EQ(grundy_heap_game_arithmetic_period(named, N, &pa[0], &pa[1], &pa[2], &proved_a),
                 grundy_heap_game_arithmetic_period(set, N, &pb[0], &pb[1], &pb[2], &proved_b));
        CHECK_EQ(proved_a, proved_b);
        CHECK(memcmp(pa, pb, sizeof pa) == 0);
        if (fam[i].family == GRUNDY_HEAP_LASKER) {
            CHECK_EQ(proved_b, 1);
            CHECK_EQ(grundy_heap_game_value64(set, GRUNDY_PLAY_NORMAL, big + 3, &vb), GRUNDY_OK);
            CHECK_EQ(vb, big + 4); /* G(4k + 3) = 4k + 4 */
        }
        for (uint64_t h = 0; h < 40; h++) {
            uint64_t da = 0, db = 1;
            CHECK_EQ(grundy_heap_game_degree(named, h, &da), GRUNDY_OK);
            CHECK_EQ(grundy_heap_game_degree(set, h, &db), GRUNDY_OK);
            CHECK_EQ(da, db);
            for (uint64_t k = 0; k < db; k++) {
                uint64_t ma[3] = {0}, mb[3] = {0};
                size_t na = 0, nb = 1;
                CHECK_EQ(grundy_heap_game_move(named, h, k, ma, 3, &na), GRUNDY_OK);
                CHECK_EQ(grundy_heap_game_move(set, h, k, mb, 3, &nb), GRUNDY_OK);
                CHECK(na == nb && memcmp(ma, mb, sizeof ma) == 0);
            }
        }
        grundy_heap_game_free(named);
        grundy_heap_game_free(set);
    }

    /* Errors: no game, no such family (the game keeps no rules), rules
     * given twice, either way round. */
    CHECK_EQ(grundy_heap_game_set_family(NULL, GRUNDY_HEAP_GRUNDY), GRUNDY_EINVAL);
    grundy_heap_game *h = NULL;
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    if (h != NULL) {
        const int bad[] = {0, 3, -1, GRUNDY_PLAY_MISERE + 2, 1 << 20};
        uint32_t v = 7;
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            CHECK_EQ(grundy_heap_game_set_family(h, bad[i]), GRUNDY_EINVAL);
            CHECK(strstr(grundy_heap_game_errmsg(h), "not a family") != NULL);
            CHECK_EQ(grundy_heap_game_errpos(h), GRUNDY_NO_POS);
        }
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_ESTATE);
        CHECK(strstr(grundy_heap_game_errmsg(h), "grundy_heap_game_set_family") != NULL);
        CHECK_EQ(grundy_heap_game_set_family(h, GRUNDY_HEAP_GRUNDY), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_set_family(h, GRUNDY_HEAP_GRUNDY), GRUNDY_ESTATE);
        CHECK(strstr(grundy_heap_game_errmsg(h), "has rules already") != NULL);
        CHECK_EQ(grundy_heap_game_set_family(h, GRUNDY_HEAP_LASKER), GRUNDY_ESTATE);
        CHECK_EQ(grundy_heap_game_parse(h, "lasker", 6), GRUNDY_ESTATE);
        CHECK_EQ(grundy_heap_game_set_subtraction(h, (const uint32_t[]){1}, 1), GRUNDY_ESTATE);
        CHECK_EQ(grundy_heap_game_set_family(h, 0), GRUNDY_EINVAL);
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
        CHECK_EQ(v, 1); /* Grundy's game: 0 0 0 1 */
        grundy_heap_game_free(h);
    }
    h = open_game("0.77");
    if (h != NULL) {
        CHECK_EQ(grundy_heap_game_set_family(h, GRUNDY_HEAP_LASKER), GRUNDY_ESTATE);
        grundy_heap_game_free(h);
    }
    h = NULL;
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    if (h != NULL) {
        CHECK_EQ(grundy_heap_game_set_subtraction(h, (const uint32_t[]){2}, 1), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_set_family(h, GRUNDY_HEAP_GRUNDY), GRUNDY_ESTATE);
        grundy_heap_game_free(h);
    }
}

/* A new game with a subtraction set (the 0.1 grundy_heap_game_new_subtraction). */
static int new_subtraction(grundy_heap_game **h, const uint32_t *set, size_t n)
{
    int rc = grundy_heap_game_new(h, NULL);
    if (rc != GRUNDY_OK)
        return rc;
    rc = grundy_heap_game_set_subtraction(*h, set, n);
    if (rc != GRUNDY_OK) {
        grundy_heap_game_free(*h);
        *h = NULL;
    }
    return rc;
}

/* grundy_heap_game_set_subtraction against the name "sub:..." */
static void test_new_subtraction(void)
{
    grundy_heap_game *h = NULL;
    const uint32_t set[] = {4, 3, 1, 3};
    CHECK_EQ(new_subtraction(&h, set, 4), GRUNDY_OK);
    spec s;
    spec_sub(&s, (const unsigned[]){1, 3, 4}, 3);
    uint32_t *G = dp_values(&s, 300);
    if (h != NULL)
        expect_values("new_subtraction {4,3,1,3}", h, G, 300);
    grundy_heap_game_free(h);
    free(G);

    h = NULL;
    CHECK_EQ(new_subtraction(&h, set, 0), GRUNDY_EINVAL);
    CHECK_EQ(new_subtraction(&h, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_set_subtraction(NULL, set, 4), GRUNDY_EINVAL);
    const uint32_t zero[] = {2, 0};
    CHECK_EQ(new_subtraction(&h, zero, 2), GRUNDY_EINVAL);
    /* Any amount a uint32_t holds is fine, kept without a dense array. */
    const uint32_t big[] = {1, UINT32_MAX};
    CHECK_EQ(new_subtraction(&h, big, 2), GRUNDY_OK);
    if (h != NULL) {
        uint64_t d = 0;
        CHECK_EQ(grundy_heap_game_degree(h, UINT32_MAX, &d), GRUNDY_OK);
        CHECK_EQ(d, 2);
        CHECK_EQ(grundy_heap_game_degree(h, (uint64_t)UINT32_MAX - 1, &d), GRUNDY_OK);
        CHECK_EQ(d, 1);
        grundy_heap_game_free(h);
    }
    h = NULL;
    /* A refused set leaves the game without rules, with a message; rules
     * are given once. */
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    if (h != NULL) {
        uint32_t v;
        CHECK_EQ(grundy_heap_game_set_subtraction(h, zero, 2), GRUNDY_EINVAL);
        CHECK(strstr(grundy_heap_game_errmsg(h), "set[1]") != NULL);
        CHECK_EQ(grundy_heap_game_errpos(h), GRUNDY_NO_POS);
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_ESTATE);
        CHECK_EQ(grundy_heap_game_set_subtraction(h, set, 4), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_set_subtraction(h, set, 4), GRUNDY_ESTATE);
        CHECK_EQ(grundy_heap_game_parse(h, "0.77", 4), GRUNDY_ESTATE);
        CHECK(strstr(grundy_heap_game_errmsg(h), "rules") != NULL);
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 5, &v), GRUNDY_OK);
        CHECK_EQ(v, 3); /* {1, 3, 4}: 0 1 0 1 2 3 */
        grundy_heap_game_free(h);
        h = NULL;
    }

    /* One large amount s = 2^12: G(n) = floor(n / s) mod 2, period 2s from
     * 0, proved from n0 + p + t = 3s values.  (The same with s = 2^20, the
     * largest amount allowed, is a fair test too, but the library's period
     * search is quadratic on such long runs and takes hours; see the report.) */
    const uint32_t top[] = {1u << 12};
    CHECK_EQ(new_subtraction(&h, top, 1), GRUNDY_OK);
    if (h != NULL) {
        uint64_t p = 0, q = 99;
        CHECK_EQ(grundy_heap_game_period(h, 3u << 12, &p, &q), 1);
        CHECK_EQ(p, 2u << 12);
        CHECK_EQ(q, 0);
        const uint64_t heaps[] = {0, 5, (1u << 12) - 1, 1u << 12, 1000000000000000ull,
                                  1000000000000000ull + (1u << 12)};
        for (size_t i = 0; i < sizeof heaps / sizeof heaps[0]; i++) {
            uint32_t v = 7;
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, heaps[i], &v), GRUNDY_OK);
            CHECK_EQ(v, (heaps[i] >> 12) & 1);
        }
        grundy_heap_game_free(h);
    }
    /* The largest amount is accepted. */
    const uint32_t largest[] = {1u << 20};
    CHECK_EQ(new_subtraction(&h, largest, 1), GRUNDY_OK);
    if (h != NULL) {
        uint32_t v = 7;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, (1u << 20) + 5, &v), GRUNDY_OK);
        CHECK_EQ(v, 1);
        grundy_heap_game_free(h);
    }
}

/* ------------------------------------------------------------------------ */
/* The OEIS sequences, read from test/data/ */

/* Reads the terms of an OEIS data file (comma/space separated, '#' lines
 * skipped) into out[]; returns how many, or -1 if it cannot be read. */
static int read_oeis(const char *path, uint32_t *out, int cap)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    int n = 0, c, in_comment = 0, have = 0;
    uint32_t cur = 0;
    int at_line_start = 1;
    while ((c = getc(f)) != EOF) {
        if (at_line_start && c == '#')
            in_comment = 1;
        at_line_start = c == '\n';
        if (in_comment) {
            if (c == '\n')
                in_comment = 0;
            continue;
        }
        if (c >= '0' && c <= '9') {
            cur = cur * 10 + (uint32_t)(c - '0');
            have = 1;
        } else {
            if (have && n < cap)
                out[n++] = cur;
            cur = 0;
            have = 0;
        }
    }
    if (have && n < cap)
        out[n++] = cur;
    fclose(f);
    return n;
}

/* G(n) for `name`, by the library and by the oracle, equals a(n - shift)
 * (and 0 for n < shift). */
static void check_oeis(const char *name, const uint32_t *a, int count, int shift)
{
    uint32_t want[300];
    for (int n = 0; n < count + shift; n++)
        want[n] = n < shift ? 0 : a[n - shift];
    spec s;
    if (strcmp(name, "grundy") == 0)
        spec_grundy(&s);
    else
        spec_code(&s, name);
    uint32_t *G = dp_values(&s, (uint64_t)(count + shift));
    if (!CHECK(memcmp(G, want, sizeof(uint32_t) * (size_t)(count + shift)) == 0))
        fprintf(stderr, "    the test's oracle for %s disagrees with OEIS\n", name);
    free(G);
    grundy_heap_game *h = open_game(name);
    if (h == NULL)
        return;
    char what[64];
    snprintf(what, sizeof what, "%s vs OEIS", name);
    expect_values(what, h, want, (uint64_t)(count + shift));
    grundy_heap_game_free(h);
}

/* Flammenkamp's sparse values of Grundy's game against G[0..231]; returns
 * the number of disagreements. */
static int check_sparse(const uint32_t *G, const char *who)
{
    /* http://wwwhomes.uni-bielefeld.de/achim/grundy.html, "Known Sparse SGV
     * of Grundy's Game" (sparse: an even number of one bits in G(n) >> 1):
     * all of them for n <= 231.  Every other n <= 231 has a common value. */
    static const struct { uint32_t n, g; } sparse[] = {
        {0, 0},    {1, 0},    {2, 0},    {3, 1},    {4, 0},    {6, 1},    {7, 0},    {9, 1},
        {10, 0},   {12, 1},   {15, 1},   {20, 0},   {23, 0},   {26, 0},   {28, 1},   {31, 1},
        {34, 1},   {37, 1},   {40, 1},   {43, 1},   {46, 1},   {49, 1},   {50, 0},   {52, 1},
        {53, 0},   {55, 1},   {58, 1},   {61, 1},   {87, 7},   {90, 7},   {93, 7},   {146, 6},
        {149, 6},  {152, 6},  {158, 11}, {161, 11}, {164, 11}, {167, 11}, {176, 7},  {179, 7},
        {181, 12}, {182, 7},  {185, 7},  {188, 7},  {190, 12}, {193, 12}, {196, 10}, {231, 10}};
    size_t k = 0;
    int bad = 0;
    for (uint32_t m = 0; m <= 231; m++) {
        uint32_t v = G[m];
        int ones = 0;
        for (uint32_t b = v >> 1; b != 0; b >>= 1)
            ones += (int)(b & 1);
        int is_sparse = ones % 2 == 0;
        if (k < sizeof sparse / sizeof sparse[0] && sparse[k].n == m) {
            if (!is_sparse || v != sparse[k].g) {
                bad++;
                fprintf(stderr, "    %s: grundy G(%u) = %u, Flammenkamp: %u\n", who, m, v,
                        sparse[k].g);
            }
            k++;
        } else if (is_sparse) {
            bad++;
            fprintf(stderr, "    %s: grundy G(%u) = %u is sparse, not in the table\n", who, m, v);
        }
    }
    return bad;
}

static void test_oeis(void)
{
    uint32_t a[300];
    /* A002186, offset 0: Kayles 0.77 (and 0.771), a(n) = G(n).  Its comment:
     * octal games 4.4, 4.41, ..., 4.63 have values a(n-1). */
    int n = read_oeis("test/data/A002186.txt", a, 300);
    if (CHECK_EQ(n, 105)) {
        check_oeis("0.77", a, n, 0);
        check_oeis("0.771", a, n, 0);
        check_oeis("4.4", a, n, 1);
        check_oeis("4.63", a, n, 1);
    }
    /* A002187, offset 0: Dawson's Chess, octal game 0.137, a(n) = G(n).
     * Dawson's Kayles 0.07 is the same sequence shifted by one: G(n) =
     * a(n-1) for n >= 1, and G(0) = 0 (OEIS comment).  Octal games .4,
     * .401, .402, .403, .42, .421, .422, .423 have values a(n-2). */
    n = read_oeis("test/data/A002187.txt", a, 300);
    if (CHECK_EQ(n, 132)) {
        check_oeis("0.137", a, n, 0);
        check_oeis(".137", a, n, 0);
        check_oeis("0.07", a, n, 1);
        check_oeis("0.4", a, n, 2);
        check_oeis("0.403", a, n, 2);
        check_oeis("0.423", a, n, 2);
    }
    /* A002188, offset 0: Grundy's game, a(n) = G(n). */
    n = read_oeis("test/data/A002188.txt", a, 300);
    if (CHECK_EQ(n, 105))
        check_oeis("grundy", a, n, 0);

    /* Grundy's game further out: Flammenkamp's sparse values. */
    spec sg;
    spec_grundy(&sg);
    uint32_t *G = dp_values(&sg, 232);
    CHECK_EQ(check_sparse(G, "oracle"), 0);
    grundy_heap_game *h = open_game("grundy");
    if (h != NULL) {
        uint32_t lib[232];
        int ok = 1;
        for (uint32_t m = 0; m < 232; m++)
            ok &= grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, m, &lib[m]) == GRUNDY_OK;
        if (CHECK(ok))
            CHECK_EQ(check_sparse(lib, "library"), 0);
        expect_values("grundy", h, G, 232);
        grundy_heap_game_free(h);
    }
    free(G);
}

/* ------------------------------------------------------------------------ */
/* Periods */

/* Octal games with published periods.  "last exception" (OEIS wording) is
 * the last n whose value differs from the periodic pattern, so the
 * preperiod (least n0 with G(n + p) = G(n) for all n >= n0) is one more.
 * Where OEIS says game X "has values a(n-k)" of entry Y, X's preperiod is
 * Y's plus k.  All OEIS entries below cite Winning Ways ch. 4 (Berlekamp,
 * Conway, Guy, 1982) and Flammenkamp's tables
 * (http://wwwhomes.uni-bielefeld.de/achim/octal.html). */
static const struct known {
    const char *code;
    uint64_t period, pre;
    const char *source;
} known[] = {
    {"0.77", 12, 71, "A002186: periodic with period 12 from n=71 on (Kayles)"},
    {"0.771", 12, 71, "A002186: octal games .77 and .771"},
    {"4.4", 12, 72, "A002186: 4.4, 4.41, ... 4.63 have values a(n-1)"},
    {"4.63", 12, 72, "A002186: as 4.4"},
    {"0.137", 34, 52, "A002187: period 34, exceptions n=0,14,16,17,31,34,51"},
    {"0.07", 34, 53, "A002187: .07 (Dawson's Kayles) has values a(n-1)"},
    {"0.4", 34, 54, "A002187: .4, .401, ..., .423 have values a(n-2)"},
    {"0.42", 34, 54, "A002187: as .4"},
    {"0.177", 20, 497, "A071435: period 20, last exception n=496"},
    {"0.117", 48, 47, "A071453: period 48, exceptions up to n=46"},
    {"0.051", 48, 48, "A071453: .051 and .053 have values a(n-1)"},
    {"0.053", 48, 48, "A071453: as .051"},
    {"0.141", 11, 14, "A125912: period 11, last exception n=13"},
    {"0.115", 14, 1, "A125829: period 14, only exception n=0"},
    {"0.176", 8, 24, "A125920: period 8, last exception n=23"},
    {"4.102", 10, 8, "A125938: period 10, last exception n=7"},
    {"4.113", 10, 8, "A125938: 4.103, 4.112, 4.113 have the same values"},
    {"0.1377", 24, 141, "A071434: period 24, last exception n=140"},
    {"0.077", 24, 142, "A071434: .074-.077 have values a(n-1)"},
    {"0.11377", 32, 187, "A071452: period 32, last exception n=186"},
    {"0.0177", 32, 188, "A071452: .0177 has values a(n-1)"},
    {"0.047", 32, 189, "A071452: .045 and .047 have values a(n-2)"},
};

/* Everything about one game's period, given the oracle's least proved
 * period and preperiod (p, n0) and its values G[0..L). */
static void check_period_of(const spec *s, const uint32_t *G, uint64_t L, uint64_t p, uint64_t n0)
{
    uint64_t N = values_needed(s, p, n0);
    grundy_heap_game *h = open_game(s->name);
    if (h == NULL)
        return;
    /* Proved from exactly the N values the theorem needs... */
    uint64_t gp = 0, gq = 0;
    int rc = grundy_heap_game_period(h, N, &gp, &gq);
    if ((int)!CHECK_EQ(rc, 1) | (int)!CHECK_EQ(gp, p) | (int)!CHECK_EQ(gq, n0))
        fprintf(stderr, "    %s: period(max %llu) = %d, p %llu, n0 %llu; want 1, %llu, %llu\n",
                s->name, (unsigned long long)N, rc, (unsigned long long)gp,
                (unsigned long long)gq, (unsigned long long)p, (unsigned long long)n0);
    /* ... and the values follow the period far out. */
    const uint64_t far[] = {N, 10 * N + 7, 1000000000000000ull, 1000000000000000ull + 1,
                            1000000000000000ull + p / 2, UINT64_MAX};
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
        uint32_t v = 0xdeadbeef;
        rc = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, far[i], &v);
        if ((int)!CHECK_EQ(rc, GRUNDY_OK) | (int)!CHECK_EQ(v, periodic(G, p, n0, far[i])))
            fprintf(stderr, "    %s: G(%llu): status %d, value %u, want %u\n", s->name,
                    (unsigned long long)far[i], rc, v, periodic(G, p, n0, far[i]));
    }
    /* Once proved, computing stops: a huge count costs nothing. */
    CHECK_EQ(grundy_heap_game_compute(h, 1000000000000ull), GRUNDY_OK);
    CHECK(grundy_heap_game_computed(h) < 1000000);
    /* Period asked again: same answer, whatever max. */
    CHECK_EQ(grundy_heap_game_period(h, 10 * N, &gp, &gq), 1);
    CHECK_EQ(gp, p);
    CHECK_EQ(gq, n0);
    grundy_heap_game_free(h);

    /* One value fewer: the theorem as printed does not apply, so no period
     * may be claimed (where the printed bound is sound: n0 > 0 or a
     * subtraction game); from any fewer values, nothing false. */
    /* Subtraction games are proved by the window proof of their own engine,
     * which may skip values (max bounds the values stored): from fewer
     * values than the bound it may still claim, but only the true period. */
    int sharp = n0 > 0 && !pure_subtraction(s);
    for (uint64_t max = 1; max < N; max = max + 1 < 40 ? max + 1 : N - 1) {
        h = open_game(s->name);
        if (h == NULL)
            return;
        gp = gq = 0;
        rc = grundy_heap_game_period(h, max, &gp, &gq);
        if (!CHECK(rc == 0 || ((max != N - 1 || !sharp) && rc == 1 && gp == p && gq == n0)))
            fprintf(stderr, "    %s: period(max %llu) = %d with p %llu n0 %llu: %s\n", s->name,
                    (unsigned long long)max, rc, (unsigned long long)gp, (unsigned long long)gq,
                    rc == 1 && (gp != p || gq != n0) ? "false" : "from too few values");
        grundy_heap_game_free(h);
        if (max == N - 1)
            break;
    }

    /* With detection off: the same values, all the way to L. */
    h = open_game(s->name);
    if (h == NULL)
        return;
    grundy_heap_game_set_period_detection(h, 0);
    CHECK_EQ(grundy_heap_game_compute(h, L), GRUNDY_OK);
    CHECK(grundy_heap_game_computed(h) >= L);
    char what[96];
    snprintf(what, sizeof what, "%.60s, detection off", s->name);
    expect_values(what, h, G, L);
    /* A heap beyond 2^32 cannot be tabulated. */
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000000ull, &v), GRUNDY_ELIMIT);
    grundy_heap_game_free(h);
}

static void test_known_periods(void)
{
    uint64_t times = harness_quick() ? 3 : 10;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        spec s;
        spec_code(&s, known[i].code);
        uint64_t N = values_needed(&s, known[i].period, known[i].pre);
        uint64_t L = times * N;
        uint32_t *G = dp_values(&s, L);
        uint64_t p = 0, n0 = 0;
        /* The published period, checked on ten times the values its proof needs. */
        int ok = find_period(&s, G, L, &p, &n0);
        if (!CHECK(ok && p == known[i].period && n0 == known[i].pre))
            fprintf(stderr, "    %s: oracle finds p %llu n0 %llu; published (%s): %llu %llu\n",
                    known[i].code, (unsigned long long)p, (unsigned long long)n0, known[i].source,
                    (unsigned long long)known[i].period, (unsigned long long)known[i].pre);
        else
            check_period_of(&s, G, L, p, n0);
        free(G);
    }

    /* Subtraction games (and codes whose moves never split): periods found
     * by the oracle and checked by hand for the small ones: {1,2}: 0 1 2
     * 0 1 2 ...; {2,3}: 0 0 1 1 2 | 0 0 1 1 2 ...; {1,3,4}: 0 1 0 1 2 3 2 |
     * ...; {2,4,7}: 0 0 1 1 2 2 0 3 then 1 0 2 repeated from n = 8. */
    static const struct {
        unsigned set[4];
        int n;
        uint64_t period, pre;
    } subs[] = {
        {{1, 2}, 2, 3, 0},     {{2, 3}, 2, 5, 0},     {{1, 3, 4}, 3, 7, 0},
        {{1, 2, 3}, 3, 4, 0},  {{3, 4}, 2, 7, 0},     {{2, 5, 7}, 3, 22, 0},
        {{1, 4, 5}, 3, 8, 0},  {{4, 7, 9}, 3, 13, 0}, {{3, 5, 9, 11}, 4, 14, 0},
        {{2, 4, 7}, 3, 3, 8},
    };
    for (size_t i = 0; i < sizeof subs / sizeof subs[0]; i++) {
        spec s;
        spec_sub(&s, subs[i].set, subs[i].n);
        uint64_t L = 2000;
        uint32_t *G = dp_values(&s, L);
        uint64_t p = 0, n0 = 0;
        if (CHECK(find_period(&s, G, L, &p, &n0))) {
            CHECK_EQ(p, subs[i].period);
            CHECK_EQ(n0, subs[i].pre);
            check_period_of(&s, G, L, p, n0);
        }
        free(G);
    }
    static const char *const nosplit[] = {"0.33", "0.3", "0.1", "0.2", "0.31", "0.0303", "0.123"};
    for (size_t i = 0; i < sizeof nosplit / sizeof nosplit[0]; i++) {
        spec s;
        spec_code(&s, nosplit[i]);
        uint32_t *G = dp_values(&s, 2000);
        uint64_t p = 0, n0 = 0;
        if (CHECK(find_period(&s, G, 2000, &p, &n0)))
            check_period_of(&s, G, 2000, p, n0);
        free(G);
    }

    /* .127: period 4, but the last exception is n = 46577 (A071464, from
     * Gangolli and Plambeck 1989), so no period can be proved from fewer
     * than 93167 values.  Whatever the library says must match the oracle. */
    {
        spec s;
        spec_code(&s, "0.127");
        uint64_t L = harness_quick() ? 3000 : 20000;
        uint32_t *G = dp_values(&s, L);
        uint64_t p, n0;
        CHECK_EQ(find_period(&s, G, L, &p, &n0), 0);
        grundy_heap_game *h = open_game("0.127");
        if (h != NULL) {
            CHECK_EQ(grundy_heap_game_period(h, L, &p, &n0), 0);
            CHECK(grundy_heap_game_computed(h) >= L);
            expect_values("0.127", h, G, L);
            grundy_heap_game_free(h);
        }
        /* A071464 data section, offset 1: G(1), G(2), ... */
        static const uint32_t a071464[] = {
            1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1,
            2, 7, 8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2,
            7, 0, 1, 8, 3, 2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4};
        int same = 1;
        for (size_t i = 0; i < sizeof a071464 / sizeof a071464[0]; i++)
            same &= G[i + 1] == a071464[i];
        CHECK(same);
        free(G);
    }

    /* Grundy's game: no finite t, so never a period (Lasker's Nim has its
     * closed form instead: test_heap_arith.c). */
    const char *const nop[] = {"grundy"};
    const uint64_t nopmax[] = {500};
    for (int i = 0; i < 1; i++) {
        grundy_heap_game *h = open_game(nop[i]);
        if (h == NULL)
            continue;
        uint64_t p = 0, q = 0;
        CHECK_EQ(grundy_heap_game_period(h, nopmax[i], &p, &q), 0);
        CHECK_EQ(grundy_heap_game_compute(h, 3000), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_period(h, 3000, &p, &q), 0);
        /* beyond 2^32 values: no period, so no value */
        uint32_t v;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000ull, &v),
                 GRUNDY_ELIMIT);
        uint64_t big = 1000000000000ull, moves[1], d = 0;
        size_t count;
        CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, &big, 1, moves),
                 GRUNDY_ELIMIT);
        CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, &big, 1, NULL, NULL, 0,
                                                    &count), GRUNDY_ELIMIT);
        CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, &big, 1, &v), GRUNDY_ELIMIT);
        CHECK_EQ(grundy_heap_game_outcome(h, GRUNDY_PLAY_NORMAL, big), GRUNDY_ELIMIT);
        CHECK(strstr(grundy_heap_game_errmsg(h), "2^32") != NULL);
        /* Its moves need no values: listed all the same. */
        CHECK_EQ(grundy_heap_game_degree(h, big, &d), GRUNDY_OK);
        CHECK_EQ(d, (big - 1) / 2);
        grundy_heap_game_free(h);
    }

    /* Lasker's Nim has a closed form: G(4k+1) = 4k+1, G(4k+2) = 4k+2,
     * G(4k+3) = 4k+4, G(4k+4) = 4k+3, which the library uses; with period
     * detection off the values come from the rules, checked here against
     * the theorem.  Its moves need no values. */
    grundy_heap_game *h = open_game("lasker");
    if (h != NULL) {
        uint64_t big = 1000000000000ull, d = 0;
        CHECK_EQ(grundy_heap_game_degree(h, big, &d), GRUNDY_OK);
        CHECK_EQ(d, big + big / 2);
        grundy_heap_game_set_period_detection(h, 0);
        uint64_t M = harness_quick() ? 800 : 3000;
        uint64_t bad = 0;
        for (uint64_t n = 0; n < M; n++) {
            uint64_t want = n == 0 ? 0 : n % 4 == 3 ? n + 1 : n % 4 == 0 ? n - 1 : n;
            uint32_t v = 0;
            if (grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v) != GRUNDY_OK || v != want) {
                if (bad++ == 0)
                    fprintf(stderr, "    lasker G(%llu) = %u, want %llu\n", (unsigned long long)n,
                            v, (unsigned long long)want);
            }
        }
        CHECK_EQ(bad, 0);
        grundy_heap_game_free(h);
    }
}

/* Every code of one or two octal digits (d0 = 0 or 4) and of one
 * hexadecimal digit (d0 = 0, 4, 8, C): whatever period the library claims
 * from 1 to 40 values must be the true least period and preperiod. */
static void test_period_soundness(void)
{
    static const char hexdig[] = "0123456789ABCDEF";
    int maxmax = harness_quick() ? 20 : 40;
    int claims = 0;
    for (int hex = 0; hex < 2; hex++) {
        for (unsigned d0 = 0; d0 < 16; d0 += 4) {
            if (!hex && d0 != 0 && d0 != 4)
                continue;
            for (unsigned c = 0; c < (hex ? 16u : 64u); c++) {
                char code[8];
                int len = 0;
                code[len++] = hexdig[d0];
                code[len++] = '.';
                if (hex) {
                    code[len++] = hexdig[c];
                } else {
                    code[len++] = hexdig[c / 8];
                    code[len++] = hexdig[c % 8];
                }
                code[len] = '\0';
                spec s;
                spec_code(&s, code);
                uint64_t L = spec_mult(&s) == 3 ? 300 : 1000;
                uint32_t *G = dp_values(&s, L);
                uint64_t p = 0, n0 = 0;
                int have = find_period(&s, G, L, &p, &n0);
                for (int max = 1; max <= maxmax; max++) {
                    grundy_heap_game *h = open_game(code);
                    if (h == NULL)
                        break;
                    uint64_t gp = 0, gq = 0;
                    int rc = grundy_heap_game_period(h, (uint64_t)max, &gp, &gq);
                    grundy_heap_game_free(h);
                    if (rc == 0)
                        continue;
                    claims++;
                    int ok = rc == 1 && have && gp == p && gq == n0;
                    if (!CHECK(ok)) {
                        fprintf(stderr, "    %s: period(max %d) = %d, p %llu n0 %llu; ", code, max, rc,
                                (unsigned long long)gp, (unsigned long long)gq);
                        if (have)
                            fprintf(stderr, "true: p %llu n0 %llu\n", (unsigned long long)p,
                                    (unsigned long long)n0);
                        else
                            fprintf(stderr, "no period provable from %llu values\n",
                                    (unsigned long long)L);
                        break;
                    }
                }
                free(G);
            }
        }
    }
    CHECK(claims > 100); /* the sweep did see periods proved */
}

/* Codes whose first move is far out, "0.00...0d" with d at place t: G is
 * 0 up to about t, so a period 1 from 0 looks proved by the bound as
 * printed before the first non-zero value (e.g. t = 30, d = 4: G(0..31) =
 * 0, G(32) = 1).  Plain values, with detection on (the default), must not
 * follow such a false period. */
static void test_far_first_move(void)
{
    static const unsigned digits[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 15};
    for (int t = 8; t <= 44; t++) {
        for (size_t i = 0; i < sizeof digits / sizeof digits[0]; i++) {
            char code[64];
            code[0] = '0';
            code[1] = '.';
            memset(code + 2, '0', (size_t)t - 1);
            code[t + 1] = "0123456789ABCDEF"[digits[i]];
            code[t + 2] = '\0';
            spec s;
            spec_code(&s, code);
            uint64_t L = 4 * (uint64_t)t + 16;
            uint32_t *G = dp_values(&s, L);
            grundy_heap_game *h = open_game(code);
            if (h != NULL) {
                expect_values(code, h, G, L);
                grundy_heap_game_free(h);
            }
            free(G);
        }
    }
}

/* ------------------------------------------------------------------------ */
/* Random codes and games against the three oracles */

/* A random octal (hex = 0) or hexadecimal code of 1 to 4 digits after the
 * point, a random subtraction game (kind 2), or Grundy's / Lasker's game. */
static void random_game(spec *s, int kind)
{
    static const char hexdig[] = "0123456789ABCDEF";
    if (kind == 2) {
        unsigned set[8];
        int n = 0;
        for (unsigned k = 1; k <= 10; k++)
            if (harness_below(3) == 0)
                set[n++] = k;
        if (n == 0)
            set[n++] = 1 + (unsigned)harness_below(10);
        spec_sub(s, set, n);
        return;
    }
    char code[16];
    int len = 0;
    int nd = 1 + (int)harness_below(4);
    unsigned d0 = 0;
    if (harness_below(4) == 0)
        d0 = kind == 1 ? (unsigned)(4 * harness_below(4)) : 4;
    if (d0 != 0)
        code[len++] = hexdig[d0];
    else if (harness_below(2))
        code[len++] = '0';
    code[len++] = '.';
    unsigned dig[5];
    for (int k = 1; k <= nd; k++)
        dig[k] = (unsigned)harness_below(kind == 1 ? 16 : 8);
    if (kind == 1 && d0 < 8) {
        int k = 1 + (int)harness_below((unsigned long long)nd);
        dig[k] = 8 + (unsigned)harness_below(8);
    }
    for (int k = 1; k <= nd; k++)
        code[len++] = hexdig[dig[k]];
    code[len] = '\0';
    spec_code(s, code);
}

/* The 0.1 grundy_heap_game_winning_move, as the 0.2 calls make it:
 * grundy_heap_game_sum_winning_move, whose moves[] must have exactly one
 * entry that is a move, then grundy_heap_game_move for what it leaves. */
static int play_winning_move(grundy_heap_game *h, const uint64_t *heaps, size_t n, size_t *which,
                             uint64_t *left, uint32_t *nleft)
{
    uint64_t moves[8];
    int rc = grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, n, moves);
    if (rc != 1)
        return rc;
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        if (moves[i] != GRUNDY_NO_MOVE) {
            found++;
            *which = i;
        }
    }
    if (!CHECK_EQ(found, 1))
        return -100;
    size_t np = 99;
    rc = grundy_heap_game_move(h, heaps[*which], moves[*which], left, 3, &np);
    *nleft = (uint32_t)np;
    return CHECK_EQ(rc, GRUNDY_OK) && CHECK(np <= 3) ? 1 : -101;
}

#define WIN_CAP 8192

/* Every winning move of a sum, by the definition: heap by heap, each
 * option in the test's own order (each_option), its index counted. */
typedef struct win_list {
    const uint32_t *G;
    uint32_t target; /* the option value that wins in the heap at hand */
    uint64_t k;      /* the index of the next option */
    size_t heap;
    size_t n;
    size_t heaps[WIN_CAP];
    uint64_t moves[WIN_CAP];
} win_list;

static int win_visit(void *ctx, const uint64_t *parts, int nparts)
{
    win_list *w = ctx;
    uint32_t x = 0;
    for (int i = 0; i < nparts; i++)
        x ^= w->G[parts[i]];
    if (x == w->target && w->n < WIN_CAP) {
        w->heaps[w->n] = w->heap;
        w->moves[w->n++] = w->k;
    }
    w->k++;
    return 0;
}

/* The same by brute force, without values: the options after which the
 * sum is lost for the player to move (oracle 2 on the whole sum). */
typedef struct brute_list {
    const uint64_t *heaps;
    size_t n;
    win_list *w;
} brute_list;

static int brute_win_visit(void *ctx, const uint64_t *parts, int nparts)
{
    brute_list *b = ctx;
    uint64_t after[16];
    size_t na = 0;
    for (size_t i = 0; i < b->n; i++)
        if (i != b->w->heap)
            after[na++] = b->heaps[i];
    for (int i = 0; i < nparts; i++)
        after[na++] = parts[i];
    if (brute_heaps(after, na) == 0 && b->w->n < WIN_CAP) {
        b->w->heaps[b->w->n] = b->w->heap;
        b->w->moves[b->w->n++] = b->w->k;
    }
    b->w->k++;
    return 0;
}

static void brute_winning_moves(const spec *s, const uint64_t *heaps, size_t n, win_list *w)
{
    brute_list b = {heaps, n, w};
    w->n = 0;
    for (size_t i = 0; i < n; i++) {
        w->k = 0;
        w->heap = i;
        each_option(s, heaps[i], brute_win_visit, &b);
    }
}

/* grundy_heap_game_sum_winning_moves against the definition (the same
 * pairs in the same order) and, for small sums, against brute force; each
 * leaves a sum of value 0 when played with grundy_heap_game_move;
 * grundy_heap_game_sum_winning_move picks the first. */
static void check_all_winning_moves(const spec *s, grundy_heap_game *h, const uint32_t *G,
                                    const uint64_t *heaps, size_t n, uint32_t x, int is_small)
{
    static win_list want, brute;
    static size_t got_heap[WIN_CAP];
    static uint64_t got_move[WIN_CAP];
    want.G = G;
    want.n = 0;
    for (size_t i = 0; x != 0 && i < n; i++) {
        want.target = G[heaps[i]] ^ x;
        want.k = 0;
        want.heap = i;
        each_option(s, heaps[i], win_visit, &want);
    }
    size_t count = 99999;
    int rc = grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, n, got_heap, got_move,
                                                WIN_CAP, &count);
    if (!CHECK_EQ(rc, GRUNDY_OK) || !CHECK_EQ(count, want.n))
        return;
    int same = memcmp(got_heap, want.heaps, count * sizeof *got_heap) == 0 &&
               memcmp(got_move, want.moves, count * sizeof *got_move) == 0;
    if (!CHECK(same))
        fprintf(stderr, "    %s: the winning moves differ from the definition's\n", s->name);
    if (is_small) {
        brute_winning_moves(s, heaps, n, &brute);
        CHECK(brute.n == count && memcmp(brute.heaps, got_heap, count * sizeof *got_heap) == 0 &&
              memcmp(brute.moves, got_move, count * sizeof *got_move) == 0);
    }
    for (size_t j = 0; j < count; j++) {
        uint64_t left[3];
        size_t np = 99;
        uint32_t y = x ^ G[heaps[got_heap[j]]];
        if (!CHECK_EQ(grundy_heap_game_move(h, heaps[got_heap[j]], got_move[j], left, 3, &np),
                      GRUNDY_OK))
            break;
        for (size_t i = 0; i < np; i++)
            y ^= G[left[i]];
        CHECK_EQ(y, 0);
    }
    uint64_t one[8];
    CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, n, one), count > 0);
    for (size_t i = 0; i < n; i++)
        CHECK_EQ(one[i], count > 0 && i == want.heaps[0] ? want.moves[0] : GRUNDY_NO_MOVE);
    /* Less room: the count, and the first ones; no arrays at all. */
    size_t c0 = 99999, c1 = 99999, heap1 = 99;
    uint64_t move1 = 99;
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, n, NULL, NULL, 0,
                                                &c0), GRUNDY_OK);
    CHECK_EQ(c0, count);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, n, &heap1, &move1, 1,
                                                &c1), GRUNDY_OK);
    CHECK_EQ(c1, count);
    if (count > 0)
        CHECK(heap1 == want.heaps[0] && move1 == want.moves[0]);
}

/* Winning moves in random sums: found exactly for N-positions, legal, and
 * leading to a P-position (by brute force when small, by the oracle's
 * values and xor otherwise). */
static void check_winning_moves(const spec *s, grundy_heap_game *h, const uint32_t *G, uint64_t H,
                                uint64_t small, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        uint64_t heaps[4];
        size_t n = 1 + (size_t)harness_below(3);
        int is_small = r % 2 == 0;
        uint32_t x = 0;
        uint64_t total = 0;
        for (size_t i = 0; i < n; i++) {
            heaps[i] = harness_below(is_small ? small / n + 1 : H);
            total += heaps[i];
            x ^= G[heaps[i]];
        }
        if (is_small && total > small)
            continue;
        if (r % 7 == 3 && n >= 2) { /* make some P-positions */
            uint64_t want = G[heaps[0]] ^ x;
            for (uint64_t m = 0; m < (is_small ? small / n + 1 : H); m++) {
                if (G[m] == want) {
                    total = total - heaps[0] + m;
                    heaps[0] = m;
                    x = 0;
                    break;
                }
            }
            if (is_small && total > small)
                continue;
        }
        int nposition = x != 0;
        if (is_small) /* the sum theorem, checked too */
            CHECK_EQ(brute_heaps(heaps, n) != 0, nposition);
        check_all_winning_moves(s, h, G, heaps, n, x, is_small);
        size_t which = 99;
        uint64_t left[3] = {0, 0, 0};
        uint32_t nleft = 99;
        int rc = play_winning_move(h, heaps, n, &which, left, &nleft);
        if (!CHECK_EQ(rc, nposition)) {
            fprintf(stderr, "    %s: winning_move on", s->name);
            for (size_t i = 0; i < n; i++)
                fprintf(stderr, " %llu", (unsigned long long)heaps[i]);
            fprintf(stderr, ": %d\n", rc);
            continue;
        }
        if (rc != 1)
            continue;
        if (!CHECK(which < n && nleft <= 3))
            continue;
        /* A move never leaves a heap of 0 (emptying is leaving none). */
        uint64_t lf[3];
        uint32_t nl = 0;
        for (uint32_t i = 0; i < nleft; i++)
            lf[nl++] = left[i];
        if (!CHECK(is_move(s, heaps[which], lf, nl))) {
            fprintf(stderr, "    %s: from %llu leaving", s->name, (unsigned long long)heaps[which]);
            for (uint32_t i = 0; i < nleft; i++)
                fprintf(stderr, " %llu", (unsigned long long)left[i]);
            fprintf(stderr, " is not a move\n");
            continue;
        }
        uint64_t after[8];
        size_t na = 0;
        uint32_t y = 0;
        for (size_t i = 0; i < n; i++)
            if (i != which)
                after[na++] = heaps[i];
        for (uint32_t i = 0; i < nl; i++)
            after[na++] = lf[i];
        for (size_t i = 0; i < na; i++)
            y ^= G[after[i]];
        CHECK_EQ(y, 0);
        if (is_small)
            CHECK_EQ(brute_heaps(after, na), 0);
    }
}

static void test_random_games(void)
{
    int quick = harness_quick();
    int rounds = quick ? 40 : 240;
    grundy_game *rg = NULL;
    for (int r = 0; r < rounds; r++) {
        spec s;
        int kind = r % 4 == 3 ? 2 : r % 4 == 1 || r % 4 == 2 ? r % 4 - 1 : 0;
        /* kinds: 0 octal, 1 hexadecimal, 2 subtraction; Grundy/Lasker twice */
        if (r == 5)
            spec_grundy(&s);
        else if (r == 9)
            spec_lasker(&s);
        else
            random_game(&s, kind);
        int hex = spec_mult(&s) == 3;
        uint64_t H = hex ? 30 : 41;             /* heaps compared with the rule solver */
        uint64_t small = hex ? 13 : 17;         /* brute force up to here */
        uint64_t L = hex ? 240 : s.grundy || s.lasker ? 300 : 1200; /* period search */
        uint32_t *G = dp_values(&s, L);

        /* oracle 2 checks oracle 1 */
        brute_reset(&s);
        int bad = 0;
        for (uint64_t n = 0; n <= small; n++) {
            uint64_t one = n;
            if (brute_heaps(&one, 1) != (int)G[n])
                bad++;
        }
        if (!CHECK_EQ(bad, 0))
            fprintf(stderr, "    %s: the test's oracles disagree\n", s.name);

        /* the library's rule-defined solver, fed the definition */
        CHECK_EQ(grundy_game_new_u64(&rg, rule_moves, &s, NULL), GRUNDY_OK);
        bad = 0;
        for (uint64_t n = 0; rg != NULL && n <= H; n++) {
            uint32_t v = 0xdeadbeef;
            int rc = grundy_game_value(rg, GRUNDY_PLAY_NORMAL, &n, &v);
            if (rc != GRUNDY_OK || v != G[n]) {
                if (bad++ == 0)
                    fprintf(stderr, "    %s: rule solver G(%llu) = %u (status %d), want %u\n",
                            s.name, (unsigned long long)n, v, rc, G[n]);
            }
        }
        CHECK_EQ(bad, 0);
        grundy_game_free(rg);
        rg = NULL;

        /* the heap game */
        grundy_heap_game *h = open_game(s.name);
        if (h == NULL) {
            free(G);
            continue;
        }
        expect_values(s.name, h, G, H + 1);
        check_winning_moves(&s, h, G, H + 1, small, quick ? 10 : 40);

        /* its period: proved iff the oracle proves one from the same values */
        uint64_t p = 0, n0 = 0, gp = 0, gq = 0;
        int have = find_period(&s, G, L, &p, &n0);
        int rc = grundy_heap_game_period(h, L, &gp, &gq);
        if (!CHECK_EQ(rc, have) || (have && ((int)!CHECK_EQ(gp, p) | (int)!CHECK_EQ(gq, n0))))
            fprintf(stderr, "    %s: period(max %llu) = %d p %llu n0 %llu; oracle %d p %llu n0 %llu\n",
                    s.name, (unsigned long long)L, rc, (unsigned long long)gp,
                    (unsigned long long)gq, have, (unsigned long long)p, (unsigned long long)n0);
        if (have && rc == 1) {
            uint64_t far = 1000000000000000ull + harness_below(1000);
            uint32_t v = 0xdeadbeef;
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, far, &v), GRUNDY_OK);
            CHECK_EQ(v, periodic(G, p, n0, far));
            /* a winning move in a sum of huge heaps */
            uint64_t heaps[3] = {far, far + 1 + harness_below(100), harness_below(H)};
            uint32_t x = 0;
            for (int i = 0; i < 3; i++)
                x ^= periodic(G, p, n0, heaps[i]);
            size_t which;
            uint64_t left[3];
            uint32_t nleft;
            int w = play_winning_move(h, heaps, 3, &which, left, &nleft);
            if (w == GRUNDY_ELIMIT && x != 0) {
                /* Behind a block of more than 2^64 splits into three, a
                 * huge heap's winning moves have no index; the small heap
                 * must then have none, or it would be the answer. */
                static win_list small_heap;
                small_heap.G = G;
                small_heap.n = 0;
                small_heap.k = 0;
                small_heap.heap = 2;
                small_heap.target = G[heaps[2]] ^ x;
                each_option(&s, heaps[2], win_visit, &small_heap);
                CHECK_EQ(spec_mult(&s), 3);
                CHECK_EQ(small_heap.n, 0);
                CHECK(strstr(grundy_heap_game_errmsg(h), "2^64") != NULL);
            } else if (!CHECK_EQ(w, x != 0))
                fprintf(stderr, "    %s (period %llu from %llu): winning_move on %llu %llu %llu: %d\n",
                        s.name, (unsigned long long)p, (unsigned long long)n0,
                        (unsigned long long)heaps[0], (unsigned long long)heaps[1],
                        (unsigned long long)heaps[2], w);
            else if (w == 1 && CHECK(which < 3 && nleft <= 3)) {
                uint64_t lf[3];
                uint32_t nl = 0;
                for (uint32_t i = 0; i < nleft; i++)
                    lf[nl++] = left[i];
                CHECK(is_move(&s, heaps[which], lf, nl));
                uint32_t y = x ^ periodic(G, p, n0, heaps[which]);
                for (uint32_t i = 0; i < nl; i++)
                    y ^= periodic(G, p, n0, lf[i]);
                CHECK_EQ(y, 0);
            }
        }
        grundy_heap_game_free(h);
        free(G);
    }
}

/* ------------------------------------------------------------------------ */
/* Progress and cancellation */

typedef struct prog {
    unsigned long calls;
    uint64_t last_done, last_total;
    int monotone;
    unsigned long cancel_at; /* return non-zero at this call (0: never) */
} prog;

static int on_progress(void *user, uint64_t done, uint64_t total)
{
    prog *p = user;
    p->calls++;
    if (done < p->last_done || (total != 0 && done > total))
        p->monotone = 0;
    p->last_done = done;
    p->last_total = total;
    return p->cancel_at != 0 && p->calls >= p->cancel_at;
}

static void test_progress(void)
{
    /* sub:1,2,...,64 with detection off: G(n) = n mod 65, 64 options each,
     * so 2,000,000 values are some 10^8 options: a long run. */
    const uint64_t count = 2000000;
    char name[400];
    int len = snprintf(name, sizeof name, "sub:1");
    for (int k = 2; k <= 64; k++)
        len += snprintf(name + len, sizeof name - (size_t)len, ",%d", k);

    grundy_heap_game *h = open_game(name);
    if (h == NULL)
        return;
    prog pr = {0, 0, 0, 1, 0};
    grundy_heap_game_set_period_detection(h, 0);
    grundy_heap_game_set_progress(h, on_progress, &pr);
    CHECK_EQ(grundy_heap_game_compute(h, count), GRUNDY_OK);
    CHECK(pr.calls >= 1);
    CHECK(pr.monotone);
    CHECK(pr.last_done <= count);
    CHECK(grundy_heap_game_computed(h) >= count);
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, count - 1, &v), GRUNDY_OK);
    CHECK_EQ(v, (count - 1) % 65);
    grundy_heap_game_free(h);

    /* Cancelled at the first report: ECANCELED, the values found so far
     * stay (at least the ones reported done, and those of an earlier call). */
    h = open_game(name);
    if (h == NULL)
        return;
    grundy_heap_game_set_period_detection(h, 0);
    CHECK_EQ(grundy_heap_game_compute(h, 1000), GRUNDY_OK);
    prog c = {0, 0, 0, 1, 1};
    grundy_heap_game_set_progress(h, on_progress, &c);
    CHECK_EQ(grundy_heap_game_compute(h, count), GRUNDY_ECANCELED);
    CHECK_EQ(c.calls, 1);
    uint64_t kept = grundy_heap_game_computed(h);
    CHECK(kept >= 1000);
    CHECK(kept < count);
    CHECK(kept >= c.last_done);
    int bad = 0;
    for (uint64_t n = 0; n < kept && n < 100000; n++)
        if (grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v) != GRUNDY_OK || v != n % 65)
            bad++;
    CHECK_EQ(bad, 0);
    /* without the callback it finishes */
    grundy_heap_game_set_progress(h, NULL, NULL);
    CHECK_EQ(grundy_heap_game_compute(h, count), GRUNDY_OK);
    CHECK(grundy_heap_game_computed(h) >= count);
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, count - 2, &v), GRUNDY_OK);
    CHECK_EQ(v, (count - 2) % 65);
    grundy_heap_game_free(h);

    /* Cancelling through value() too. */
    h = open_game(name);
    if (h == NULL)
        return;
    grundy_heap_game_set_period_detection(h, 0);
    prog c2 = {0, 0, 0, 1, 1};
    grundy_heap_game_set_progress(h, on_progress, &c2);
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, count, &v), GRUNDY_ECANCELED);
    grundy_heap_game_free(h);
}

/* Reports come every 2^24 options or so whatever a value costs: a game
 * that leaves three heaps pays some n^2/12 options per value, so 0.F's
 * first 1500 values are some 2 * 10^8 options, a dozen reports, where
 * stretches sized for two-heap games reported once or twice.  (A caller
 * that stops on a signal needs them often: about every 0.02 s.) */
static void test_progress_hexadecimal(void)
{
    grundy_heap_game *h = open_game("0.F");
    if (h == NULL)
        return;
    prog pr = {0, 0, 0, 1, 0};
    grundy_heap_game_set_period_detection(h, 0);
    grundy_heap_game_set_progress(h, on_progress, &pr);
    CHECK_EQ(grundy_heap_game_compute(h, 1500), GRUNDY_OK);
    CHECK(pr.calls >= 8);
    CHECK(pr.monotone);
    grundy_heap_game_free(h);
}

/* A progress callback that calls back into its own game. */
#define REENTRY_CALLS 13

typedef struct reentry {
    grundy_heap_game *h;
    int calls;
    int refused; /* calls that got GRUNDY_ESTATE, of the REENTRY_CALLS tried */
    int named;   /* refusals whose message says why */
    uint64_t computed;
} reentry;

/* Counts a refusal, and a message that names the progress callback. */
static void refused(reentry *r, int rc)
{
    r->refused += rc == GRUNDY_ESTATE;
    r->named += strstr(grundy_heap_game_errmsg(r->h), "progress callback") != NULL;
}

static int call_back_in(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    reentry *r = user;
    uint32_t v, vs[4];
    uint64_t p, pre, heap = 3, moves[1], parts[3], d;
    size_t c, np, comp[1];
    const uint32_t set[] = {1};
    r->calls++;
    refused(r, grundy_heap_game_compute(r->h, 3000000));
    refused(r, grundy_heap_game_value(r->h, GRUNDY_PLAY_NORMAL, 5, &v));
    refused(r, grundy_heap_game_values(r->h, GRUNDY_PLAY_NORMAL, 5, 4, vs));
    refused(r, grundy_heap_game_period(r->h, 100, &p, &pre));
    refused(r, grundy_heap_game_outcome(r->h, GRUNDY_PLAY_NORMAL, heap));
    refused(r, grundy_heap_game_sum_outcome(r->h, GRUNDY_PLAY_NORMAL, &heap, 1));
    refused(r, grundy_heap_game_sum_value(r->h, GRUNDY_PLAY_NORMAL, &heap, 1, &v));
    refused(r, grundy_heap_game_sum_winning_move(r->h, GRUNDY_PLAY_NORMAL, &heap, 1, moves));
    refused(r, grundy_heap_game_sum_winning_moves(r->h, GRUNDY_PLAY_NORMAL, &heap, 1, comp, moves,
                                                  1, &c));
    refused(r, grundy_heap_game_degree(r->h, heap, &d));
    refused(r, grundy_heap_game_move(r->h, heap, 0, parts, 3, &np));
    refused(r, grundy_heap_game_parse(r->h, "0.77", 4));
    refused(r, grundy_heap_game_set_subtraction(r->h, set, 1));
    grundy_heap_game_set_progress(r->h, NULL, NULL);  /* ignored */
    grundy_heap_game_set_period_detection(r->h, 1); /* ignored */
    grundy_heap_game_set_sparse(r->h, 0);           /* ignored */
    grundy_heap_game_set_threads(r->h, 2);          /* ignored */
    r->computed = grundy_heap_game_computed(r->h);  /* allowed */
    return 0;
}

/* Calls from the progress callback into the game computing are refused and
 * leave the computation whole, on one thread and on two; the setters it
 * calls do nothing (period detection turned on there would stop this
 * periodic game early). */
static void test_progress_reentry(void)
{
    const uint64_t count = 400000; /* some 2.6 * 10^7 options: reports */
    char name[400];
    int len = snprintf(name, sizeof name, "sub:1");
    for (int k = 2; k <= 64; k++)
        len += snprintf(name + len, sizeof name - (size_t)len, ",%d", k);
    for (unsigned threads = 1; threads <= 2; threads++) {
        grundy_heap_game *h = open_game(name);
        if (h == NULL)
            return;
        grundy_heap_game_set_period_detection(h, 0);
        grundy_heap_game_set_threads(h, threads);
        reentry r = {h, 0, 0, 0, 0};
        grundy_heap_game_set_progress(h, call_back_in, &r);
        CHECK_EQ(grundy_heap_game_compute(h, count), GRUNDY_OK);
        CHECK(r.calls >= 1);
        CHECK_EQ(r.refused, REENTRY_CALLS * r.calls);
        CHECK_EQ(r.named, REENTRY_CALLS * r.calls);
        CHECK(r.computed > 0);
        CHECK(grundy_heap_game_computed(h) >= count);
        grundy_heap_game_set_progress(h, NULL, NULL);
        int bad = 0;
        for (uint64_t n = 0; n < count; n += 97) {
            uint32_t v;
            bad += grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v) != GRUNDY_OK || v != n % 65;
        }
        CHECK_EQ(bad, 0);
        grundy_heap_game_free(h);
    }
}

/* ------------------------------------------------------------------------ */
/* Allocation failure: every failing call says ENOMEM, nothing leaks, and
 * the call succeeds once memory is back. */

/* A checksum of what the game computes; *ok is 0 if it could not be made. */
static uint64_t alloc_scenario(failing_alloc *f, const char *name, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    grundy_heap_game *h = NULL;
    int rc = new_game(&h, name, &a);
    *ok = rc == GRUNDY_OK;
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(h == NULL);
        return 0;
    }
    uint64_t p = 0, q = 0, sum = 0;
    FAILING_RETRY(f, rc, grundy_heap_game_compute(h, 150));
    CHECK_EQ(rc, GRUNDY_OK);
    FAILING_RETRY(f, rc, grundy_heap_game_period(h, 400, &p, &q));
    CHECK(rc == 0 || rc == 1);
    sum = (uint64_t)rc * 1000003 + p * 1009 + q;
    uint64_t heaps[] = {250, 77, 5};
    size_t which = 0;
    uint64_t left[3] = {0, 0, 0};
    uint32_t nleft = 0;
    FAILING_RETRY(f, rc, play_winning_move(h, heaps, 3, &which, left, &nleft));
    CHECK(rc == 0 || rc == 1);
    sum = sum * 31 + (uint64_t)rc * 7 + which + left[0] + left[1] + left[2] + nleft;
    size_t count = 0;
    FAILING_RETRY(f, rc, grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, 3, NULL,
                                                            NULL, 0, &count));
    CHECK_EQ(rc, GRUNDY_OK);
    uint32_t range[40];
    FAILING_RETRY(f, rc, grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 280, 40, range));
    CHECK_EQ(rc, GRUNDY_OK);
    sum = sum * 31 + count + range[0] + range[39];
    for (uint64_t n = 0; n < 300; n++) {
        uint32_t v = 0;
        FAILING_RETRY(f, rc, grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v));
        CHECK_EQ(rc, GRUNDY_OK);
        sum = sum * 31 + v;
    }
    grundy_heap_game_free(h);
    return sum;
}

static void test_alloc_failures(void)
{
    const char *const names[] = {"0.137", "sub:2,5,7", "grundy", "0.F"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        failing_alloc clean = {0};
        int ok;
        uint64_t want = alloc_scenario(&clean, names[i], &ok);
        CHECK(ok);
        CHECK_EQ(clean.live, 0);
        long n;
        for (n = 1; n < 10000; n++) {
            failing_alloc f = {.fail_at = n};
            uint64_t got = alloc_scenario(&f, names[i], &ok);
            CHECK_EQ(f.live, 0);
            if (ok)
                CHECK(got == want);
            if (f.failures == 0)
                break;
        }
        CHECK(n > 1);
    }
    /* an allocator without all three functions is refused */
    grundy_allocator bad = {failing_malloc, NULL, failing_free, NULL};
    grundy_heap_game *h = NULL;
    CHECK_EQ(grundy_heap_game_new(&h, &bad), GRUNDY_EINVAL);
    CHECK(h == NULL);
    /* Allocation failures in giving the rules: the game keeps none, and
     * takes them when memory is back. */
    for (long n = 1; n < 100; n++) {
        failing_alloc f = {0};
        grundy_allocator a = failing_allocator(&f);
        if (!CHECK_EQ(grundy_heap_game_new(&h, &a), GRUNDY_OK))
            break;
        f.fail_at = f.calls + n;
        int rc = n % 2 ? grundy_heap_game_parse(h, "0.137", 5)
                       : grundy_heap_game_set_subtraction(h, (const uint32_t[]){3, 1}, 2);
        int failed = f.failures > 0;
        f.fail_at = 0; /* memory is back */
        CHECK_EQ(rc, failed ? GRUNDY_ENOMEM : GRUNDY_OK);
        uint32_t v = 9;
        if (failed) {
            CHECK(grundy_heap_game_errmsg(h)[0] != '\0');
            CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_ESTATE);
            rc = grundy_heap_game_parse(h, "0.137", 5);
            CHECK_EQ(rc, GRUNDY_OK);
        }
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
        CHECK_EQ(v, n % 2 || failed ? 2 : 1); /* 0.137: 0 1 1 2; {1, 3}: 0 1 0 1 */
        grundy_heap_game_free(h);
        CHECK_EQ(f.live, 0);
        if (!failed && n > 4)
            break;
    }
}

/* ------------------------------------------------------------------------ */

static void test_misc(void)
{
    /* A fresh game with detection on: a huge heap needs only the values up
     * to the proof of the period (168 for Kayles), not 10^15 of them. */
    grundy_heap_game *h = open_game("0.77");
    if (h != NULL) {
        uint32_t v = 99;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1000000000000000ull, &v), GRUNDY_OK);
        CHECK_EQ(v, 1); /* 10^15 = 71 + 12k + 5: G(76) = 1 (A002186) */
        grundy_heap_game_free(h);
    }
    h = open_game("0.77");
    if (h != NULL) {
        CHECK_EQ(grundy_heap_game_compute(h, 1000000000000ull), GRUNDY_OK);
        CHECK(grundy_heap_game_computed(h) < 1000000);
        grundy_heap_game_free(h);
    }

    h = open_game("0.77");
    if (h == NULL)
        return;
    /* A fresh game has nothing computed; P-positions have no winning move. */
    CHECK_EQ(grundy_heap_game_computed(h), 0);
    size_t which;
    uint64_t left[3], zero_heaps[1] = {0}, moves[2];
    uint32_t nleft;
    CHECK_EQ(play_winning_move(h, zero_heaps, 0, &which, left, &nleft), 0);
    uint64_t zero[2] = {0, 0};
    CHECK_EQ(play_winning_move(h, zero, 2, &which, left, &nleft), 0);
    uint64_t pair[2] = {12345678901ull, 12345678901ull};
    moves[0] = moves[1] = 7;
    CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, pair, 2, moves), 0);
    CHECK(moves[0] == GRUNDY_NO_MOVE && moves[1] == GRUNDY_NO_MOVE);
    /* Kayles: from a row of n, take the middle one (n odd) or two: a win. */
    uint64_t one = 1000001;
    CHECK_EQ(play_winning_move(h, &one, 1, &which, left, &nleft), 1);
    CHECK_EQ(which, 0);
    if (CHECK(nleft <= 2)) {
        uint64_t after[2] = {left[0], left[1]};
        CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, after, nleft), GRUNDY_P);
    }
    /* Bad arguments */
    size_t count;
    uint32_t v;
    CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, NULL, 2, moves),
             GRUNDY_EINVAL);
    CHECK(strstr(grundy_heap_game_errmsg(h), "heaps") != NULL);
    CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, &one, 1, NULL),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_move(NULL, GRUNDY_PLAY_NORMAL, &one, 1, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, &one, 1, NULL, moves, 1,
                                                NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, &one, 1, NULL, NULL, 1,
                                                &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, NULL, 1, NULL, moves, 1,
                                                &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(NULL, GRUNDY_PLAY_NORMAL, &one, 1, NULL, moves, 1,
                                                &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value(NULL, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 3, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 3, 0, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, pair, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, NULL, 2, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_period(h, 10, NULL, NULL), GRUNDY_EINVAL);
    uint64_t scratch;
    CHECK_EQ(grundy_heap_game_period(NULL, 10, &scratch, &scratch), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_compute(NULL, 10), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_degree(h, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_degree(NULL, 3, &scratch), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_move(h, 3, 0, NULL, 3, &count), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_move(h, 3, 0, left, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_move(NULL, 3, 0, left, 3, &count), GRUNDY_EINVAL);
    /* Sums: the 0.1 grundy_heap_game_outcome, and their values */
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, zero_heaps, 0), GRUNDY_P);
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, pair, 2), GRUNDY_P);
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, &one, 1), GRUNDY_N);
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_outcome(NULL, GRUNDY_PLAY_NORMAL, &one, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_heap_game_outcome(h, GRUNDY_PLAY_NORMAL, 0), GRUNDY_P);
    CHECK_EQ(grundy_heap_game_outcome(h, GRUNDY_PLAY_NORMAL, one), GRUNDY_N);
    CHECK_EQ(grundy_heap_game_outcome(NULL, GRUNDY_PLAY_NORMAL, one), GRUNDY_EINVAL);
    v = 99;
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, pair, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, NULL, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    const uint64_t three[] = {3, 5, 9}; /* Kayles: 3 ^ 4 ^ 4 */
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, three, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 3);
    grundy_heap_game_free(h);
}

/* Two handles on one game, period detection off; 0 if either fails. */
static int open_pair(const char *name, grundy_heap_game **a, grundy_heap_game **b)
{
    *a = open_game(name);
    *b = open_game(name);
    if (*a == NULL || *b == NULL) {
        grundy_heap_game_free(*a);
        grundy_heap_game_free(*b);
        return 0;
    }
    grundy_heap_game_set_period_detection(*a, 0);
    grundy_heap_game_set_period_detection(*b, 0);
    return 1;
}

/* The first heap below n where two games' values differ, or n. */
static uint64_t first_difference(grundy_heap_game *a, grundy_heap_game *b, uint64_t n)
{
    for (uint64_t h = 0; h < n; h++) {
        uint32_t va = 0, vb = 1;
        grundy_heap_game_value(a, GRUNDY_PLAY_NORMAL, h, &va);
        grundy_heap_game_value(b, GRUNDY_PLAY_NORMAL, h, &vb);
        if (va != vb)
            return h;
    }
    return n;
}

/* The sparse-space method must give exactly the plain loop's values, on the
 * games it was made for and on random codes with splits, far enough that
 * the mask is chosen (and chosen again) several times. */
static void test_sparse_equals_plain(void)
{
    static const char *games[] = {"grundy", "0.6", "0.16", "0.56", "0.376", "0.77",
                                  "4.07", "0.137", "0.35", "0.7"};
    uint64_t quick = harness_quick() ? 4000 : 17000;
    size_t count = sizeof games / sizeof games[0];
    char code[8];
    for (size_t i = 0; i < count + 12; i++) {
        const char *name = games[i < count ? i : 0];
        if (i >= count) {
            /* Random two-digit codes whose digits allow splits. */
            static const char digits[] = "01234567";
            code[0] = '0';
            code[1] = '.';
            code[2] = digits[4 + harness_below(4)];
            code[3] = digits[harness_below(8)];
            code[4] = '\0';
            name = code;
        }
        /* Officers past 10344, where values outgrow a byte, even when quick:
         * the two-byte scans. */
        uint64_t n = i == 1 && quick < 10500 ? 10500 : quick;
        grundy_heap_game *a, *b;
        if (!open_pair(name, &a, &b))
            continue;
        grundy_heap_game_set_sparse(b, 0);
        CHECK_EQ(grundy_heap_game_compute(a, n), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_compute(b, n), GRUNDY_OK);
        uint64_t first = first_difference(a, b, n);
        if (!CHECK_EQ(first, n))
            fprintf(stderr, "  %s: sparse and plain differ first at %llu\n", name,
                    (unsigned long long)first);
        grundy_heap_game_free(a);
        grundy_heap_game_free(b);
    }
}

/* Two threads must give exactly one thread's values: games that go sparse,
 * plain ones (three-heap splits, a tail, no splits), values that outgrow a
 * byte (0.6 passes 255 at 10344, which stops the lanes to widen) and every
 * value checked, not a digest.  grundy_heap_game_compute is called in
 * pieces too, so lanes start in the middle of a table. */
static void test_threads_equal_one(void)
{
    /* Three-heap splits cost O(n^2) a value: shorter tables for those. */
    static const char *games[] = {"grundy", "0.6", "0.16", "0.376", "0.77", "4.07",
                                  "0.137", "sub:1,3,4", "lasker", "0.F", "0.3F"};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        uint64_t n = i >= 9 ? 400 : harness_quick() ? 3000 : 12000;
        grundy_heap_game *one, *two;
        if (!CHECK(open_pair(games[i], &one, &two)))
            continue;
        grundy_heap_game_set_threads(two, 2);
        CHECK_EQ(grundy_heap_game_compute(one, n), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_compute(two, n / 3), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_compute(two, n), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_computed(two), n);
        uint64_t first = first_difference(one, two, n);
        if (!CHECK_EQ(first, n))
            fprintf(stderr, "  %s: two threads differ first at %llu\n", games[i],
                    (unsigned long long)first);
        grundy_heap_game_free(one);
        grundy_heap_game_free(two);
    }
    /* Settings out of range act as the nearest allowed. */
    grundy_heap_game_set_threads(NULL, 2);
    grundy_heap_game *g = open_game("grundy");
    if (CHECK(g != NULL)) {
        grundy_heap_game_set_threads(g, 0);
        grundy_heap_game_set_threads(g, 1000);
        uint32_t v = 0;
        CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 2000, &v), GRUNDY_OK);
        grundy_heap_game_free(g);
    }
}

/* ------------------------------------------------------------------------ */
/* The list of a heap's moves: degree and move against each_option */

typedef struct option_list {
    uint64_t n;
    uint64_t parts[4096][3];
    int nparts[4096];
} option_list;

static int list_visit(void *ctx, const uint64_t *parts, int nparts)
{
    option_list *l = ctx;
    if (l->n < 4096) {
        for (int i = 0; i < nparts; i++)
            l->parts[l->n][i] = parts[i];
        l->nparts[l->n] = nparts;
    }
    l->n++;
    return 0;
}

/* Options as sorted triples (0 for no part), for comparing multisets. */
static int cmp_option(const void *a, const void *b)
{
    const uint64_t *x = a, *y = b;
    for (int i = 0; i < 4; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* For heaps 0 .. maxh of one game: the degree is the number of options the
 * definition lists; move k is its k-th option, parts increasing, so the
 * options match as a multiset and in the documented order; there is no
 * move past the last. */
static void check_move_list(const spec *s, uint64_t maxh)
{
    static option_list want;
    static uint64_t mine[4096][4], theirs[4096][4];
    grundy_heap_game *h = open_game(s->name);
    if (h == NULL)
        return;
    int bad = 0;
    for (uint64_t heap = 0; heap <= maxh && bad == 0; heap++) {
        want.n = 0;
        each_option(s, heap, list_visit, &want);
        uint64_t d = 99999;
        if (!CHECK_EQ(grundy_heap_game_degree(h, heap, &d), GRUNDY_OK) || !CHECK_EQ(d, want.n) ||
            !CHECK(d <= 4096)) {
            bad++;
            break;
        }
        for (uint64_t k = 0; k < d; k++) {
            uint64_t parts[3] = {0, 0, 0};
            size_t np = 99;
            int rc = grundy_heap_game_move(h, heap, k, parts, 3, &np);
            int same = rc == GRUNDY_OK && np == (size_t)want.nparts[k];
            for (size_t i = 0; same && i < np; i++)
                same = parts[i] == want.parts[k][i] && (i == 0 || parts[i] >= parts[i - 1]);
            if (!same && bad++ == 0)
                fprintf(stderr, "    %s: move %llu of %llu: status %d, %zu parts"
                        " (%llu %llu %llu)\n",
                        s->name, (unsigned long long)k, (unsigned long long)heap, rc, np,
                        (unsigned long long)parts[0], (unsigned long long)parts[1],
                        (unsigned long long)parts[2]);
            mine[k][0] = np;
            theirs[k][0] = (uint64_t)want.nparts[k];
            for (int i = 0; i < 3; i++) {
                mine[k][1 + i] = i < (int)np ? parts[i] : 0;
                theirs[k][1 + i] = i < want.nparts[k] ? want.parts[k][i] : 0;
            }
        }
        qsort(mine, (size_t)d, sizeof mine[0], cmp_option);
        qsort(theirs, (size_t)d, sizeof theirs[0], cmp_option);
        bad += memcmp(mine, theirs, (size_t)d * sizeof mine[0]) != 0;
        /* Fewer parts than the move leaves: the count, and the first ones. */
        if (d > 0) {
            uint64_t first = 77;
            size_t np = 99;
            CHECK_EQ(grundy_heap_game_move(h, heap, d - 1, &first, 1, &np), GRUNDY_OK);
            CHECK_EQ(np, want.nparts[d - 1]);
            if (np > 0)
                CHECK_EQ(first, want.parts[d - 1][0]);
            CHECK_EQ(grundy_heap_game_move(h, heap, d - 1, NULL, 0, &np), GRUNDY_OK);
            CHECK_EQ(np, want.nparts[d - 1]);
        }
        uint64_t parts[3];
        size_t np;
        bad += grundy_heap_game_move(h, heap, d, parts, 3, &np) != GRUNDY_ERANGE;
        bad += grundy_heap_game_move(h, heap, GRUNDY_NO_MOVE, parts, 3, &np) != GRUNDY_ERANGE;
    }
    if (!CHECK_EQ(bad, 0))
        fprintf(stderr, "    %s: the move list differs from the definition's\n", s->name);
    grundy_heap_game_free(h);
}

static void test_move_lists(void)
{
    static const char *const codes[] = {
        "0.77", "0.07", "0.137", ".4", "4.07", "4.4", "8.1", "C.7", "4.F", "8.0F", "C.0", "0.F",
        "0.3F", "0.8", "0.9", "0.A", "0.B", "0.C7", "0.1F3", "0.E", "0.6", "0.16", "0.5", "0.31",
        "0.0303", "0.123", "0.1234567", "0.FFFF", "4.0000F", "0.0", "0.00000001", "0.7654321"};
    static const unsigned sets[][4] = {{1, 2, 0, 0}, {2, 3, 0, 0}, {1, 3, 4, 0}, {2, 5, 7, 0},
                                       {7, 0, 0, 0}, {1, 0, 0, 0}, {3, 5, 9, 11}};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        spec s;
        spec_code(&s, codes[i]);
        check_move_list(&s, spec_mult(&s) == 3 ? 40 : 60);
    }
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        spec s;
        int n = 0;
        while (n < 4 && sets[i][n] != 0)
            n++;
        spec_sub(&s, sets[i], n);
        check_move_list(&s, 60);
    }
    spec s;
    spec_grundy(&s);
    check_move_list(&s, 80);
    spec_lasker(&s);
    check_move_list(&s, 60);
    /* Random codes, octal and hexadecimal. */
    for (int r = 0; r < (harness_quick() ? 10 : 40); r++) {
        random_game(&s, r % 3);
        check_move_list(&s, spec_mult(&s) == 3 ? 30 : 45);
    }
}

/* The partitions of m into three parts, by a loop. */
static uint64_t count_triples(uint64_t m)
{
    uint64_t c = 0;
    for (uint64_t a = 1; 3 * a <= m; a++)
        c += (m - a) / 2 - a + 1;
    return c;
}

/* Degree and move of huge heaps: closed forms for the counts, and move k
 * against its neighbours k - 1 and k + 1 in the documented order. */
static void test_huge_move_lists(void)
{
    grundy_heap_game *h = open_game("0.77");
    if (h != NULL) {
        /* Kayles from n: take 1 (leave n - 1, or split n - 1), take 2 (same with n - 2). */
        uint64_t n = 1000000000000000ull, d = 0, parts[3];
        size_t np;
        CHECK_EQ(grundy_heap_game_degree(h, n, &d), GRUNDY_OK);
        CHECK_EQ(d, 1 + (n - 1) / 2 + 1 + (n - 2) / 2);
        CHECK_EQ(grundy_heap_game_move(h, n, 1 + (n - 1) / 2, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 1 && parts[0] == n - 2);
        CHECK_EQ(grundy_heap_game_move(h, n, (n - 1) / 2, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 2 && parts[0] == (n - 1) / 2 && parts[1] == n - 1 - (n - 1) / 2);
        CHECK_EQ(grundy_heap_game_move(h, n, d - 1, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 2 && parts[0] == (n - 2) / 2 && parts[1] == n - 2 - (n - 2) / 2);
        /* From 2^64 - 1: exactly 2^64 - 1 moves, the most a heap may have
         * (its last index is 2^64 - 2, below GRUNDY_NO_MOVE). */
        CHECK_EQ(grundy_heap_game_degree(h, UINT64_MAX, &d), GRUNDY_OK);
        CHECK_EQ(d, UINT64_MAX);
        CHECK_EQ(grundy_heap_game_move(h, UINT64_MAX, UINT64_MAX - 1, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 2 && parts[0] == UINT64_MAX / 2 - 1 && parts[1] == UINT64_MAX / 2);
        grundy_heap_game_free(h);
    }
    /* Lasker's Nim: h removals then h / 2 splits; near 2^64 they pass it. */
    h = open_game("lasker");
    if (h != NULL) {
        uint64_t n = 1ull << 62, d = 0, parts[3];
        size_t np;
        CHECK_EQ(grundy_heap_game_degree(h, n, &d), GRUNDY_OK);
        CHECK_EQ(d, n + n / 2);
        CHECK_EQ(grundy_heap_game_move(h, n, n - 1, parts, 3, &np), GRUNDY_OK);
        CHECK_EQ(np, 0); /* take all */
        CHECK_EQ(grundy_heap_game_move(h, n, n, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 2 && parts[0] == 1 && parts[1] == n - 1);
        CHECK_EQ(grundy_heap_game_degree(h, UINT64_MAX, &d), GRUNDY_ELIMIT);
        CHECK(strstr(grundy_heap_game_errmsg(h), "2^64") != NULL);
        CHECK_EQ(grundy_heap_game_move(h, UINT64_MAX, 5, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 1 && parts[0] == UINT64_MAX - 6);
        /* The removals alone fill every index: the last takes all. */
        CHECK_EQ(grundy_heap_game_move(h, UINT64_MAX, UINT64_MAX - 1, parts, 3, &np), GRUNDY_OK);
        CHECK_EQ(np, 0);
        CHECK_EQ(grundy_heap_game_move(h, UINT64_MAX, UINT64_MAX, parts, 3, &np), GRUNDY_ERANGE);
        grundy_heap_game_free(h);
    }
    /* Three heaps: 0.F from n removes 1 and leaves none, one, two or three. */
    h = open_game("0.F");
    if (h == NULL)
        return;
    const uint64_t sizes[] = {3000, 3001, 3002, 3003, 3004, 3005, 1ull << 32, 14000000000ull};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint64_t n = sizes[i], m = n - 1, d = 0, parts[3], prev[3] = {0, 0, 0};
        size_t np;
        uint64_t triples = m < 10000 ? count_triples(m) : 0;
        CHECK_EQ(grundy_heap_game_degree(h, n, &d), GRUNDY_OK);
        if (triples != 0)
            CHECK_EQ(d, 1 + m / 2 + triples);
        uint64_t base = 1 + m / 2, total = d - base;
        /* A run of consecutive indices at the start, in the middle and at the
         * end of the block: each the next triple in (a, b) order. */
        const uint64_t starts[] = {0, total / 3, total / 2, total - 40};
        for (size_t j = 0; j < 4; j++) {
            for (uint64_t k = starts[j]; k < starts[j] + 40 && k < total; k++) {
                int rc = grundy_heap_game_move(h, n, base + k, parts, 3, &np);
                int ok = rc == GRUNDY_OK && np == 3 && parts[0] >= 1 && parts[0] <= parts[1] &&
                         parts[1] <= parts[2] && parts[0] + parts[1] + parts[2] == m;
                if (ok && k > starts[j]) /* next of prev: b + 1, or the next a from b = a */
                    ok = (parts[0] == prev[0] && parts[1] == prev[1] + 1) ||
                         (parts[0] == prev[0] + 1 && parts[1] == parts[0] &&
                          prev[1] + 1 > prev[2] - 1);
                if (!CHECK(ok)) {
                    fprintf(stderr, "    0.F: move %llu of %llu: %llu %llu %llu after"
                            " %llu %llu %llu\n",
                            (unsigned long long)(base + k), (unsigned long long)n,
                            (unsigned long long)parts[0], (unsigned long long)parts[1],
                            (unsigned long long)parts[2], (unsigned long long)prev[0],
                            (unsigned long long)prev[1], (unsigned long long)prev[2]);
                    break;
                }
                memcpy(prev, parts, sizeof prev);
            }
        }
        CHECK_EQ(grundy_heap_game_move(h, n, base, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 3 && parts[0] == 1 && parts[1] == 1 && parts[2] == m - 2);
        CHECK_EQ(grundy_heap_game_move(h, n, d - 1, parts, 3, &np), GRUNDY_OK);
        CHECK(np == 3 && parts[0] == m / 3 && parts[2] - parts[0] <= 1);
        CHECK_EQ(grundy_heap_game_move(h, n, d, parts, 3, &np), GRUNDY_ERANGE);
    }
    /* Past some 1.5 * 10^10 the triples alone pass 2^64: no degree, but the
     * first moves still have their index. */
    uint64_t d, parts[3];
    size_t np;
    CHECK_EQ(grundy_heap_game_degree(h, 1ull << 40, &d), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_move(h, 1ull << 40, (1ull << 39) + 1, parts, 3, &np), GRUNDY_OK);
    CHECK(np == 3 && parts[0] == 1 && parts[1] == 2);
    CHECK_EQ(grundy_heap_game_move(h, UINT64_MAX, UINT64_MAX - 1, parts, 3, &np), GRUNDY_OK);
    CHECK(np == 3 && parts[0] + parts[1] + parts[2] == UINT64_MAX - 1);
    grundy_heap_game_free(h);
}

/* ------------------------------------------------------------------------ */
/* Ranges of values, plays, and a game without rules */

/* grundy_heap_game_values against grundy_heap_game_value on ranges across
 * the end of the table, far in the periodic range and next to 2^64. */
static void test_value_ranges(void)
{
    static const char *const games[] = {"0.77", "0.137", "sub:2,5,7", "4.07", "0.F", "0.3"};
    uint32_t got[600], one;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        grundy_heap_game *h = open_game(games[i]);
        if (h == NULL)
            continue;
        uint64_t p = 0, n0 = 0;
        CHECK_EQ(grundy_heap_game_period(h, 100000, &p, &n0), 1);
        uint64_t stored = grundy_heap_game_computed(h);
        const uint64_t firsts[] = {0, stored - 10, stored, n0, 1000000000000ull + 7,
                                   UINT64_MAX - 599, UINT64_MAX - 300};
        for (size_t j = 0; j < sizeof firsts / sizeof firsts[0]; j++) {
            size_t count =
                firsts[j] > UINT64_MAX - 600 ? (size_t)(UINT64_MAX - firsts[j] + 1) : 600;
            int ok = grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, firsts[j], count, got) ==
                     GRUNDY_OK;
            for (size_t k = 0; ok && k < count; k++)
                ok = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, firsts[j] + k, &one) ==
                         GRUNDY_OK && one == got[k];
            if (!CHECK(ok))
                fprintf(stderr, "    %s: values from %llu differ from value\n", games[i],
                        (unsigned long long)firsts[j]);
        }
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, UINT64_MAX, 1, got), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, UINT64_MAX, 2, got), GRUNDY_ERANGE);
        CHECK(strstr(grundy_heap_game_errmsg(h), "2^64") != NULL);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, UINT64_MAX - 5, 7, got),
                 GRUNDY_ERANGE);
        grundy_heap_game_free(h);
    }
    /* Without a period: the table grows to the range's end. */
    grundy_heap_game *h = open_game("grundy");
    if (h != NULL) {
        spec s;
        spec_grundy(&s);
        uint32_t *G = dp_values(&s, 700);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 100, 600, got), GRUNDY_OK);
        CHECK(memcmp(got, G + 100, sizeof got) == 0);
        CHECK_EQ(grundy_heap_game_computed(h), 700);
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 1ull << 40, 3, got),
                 GRUNDY_ELIMIT);
        free(G);
        grundy_heap_game_free(h);
    }
}

/* Every call that computes refuses another play: ENOTSUP for the plays
 * heap games do not compute yet, with a message; EINVAL for what is not a
 * play.  (Misère play, and its method flags, are test_heap_misere.c's.) */
static void test_plays(void)
{
    grundy_heap_game *h = open_game("0.77");
    if (h == NULL)
        return;
    const uint64_t heaps[] = {3, 5};
    uint64_t moves[2];
    uint32_t v, vs[2];
    size_t count;
    const int plays[] = {GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE,
                         GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_LOOPY, GRUNDY_PLAY_SELECTIVE,
                         GRUNDY_PLAY_SHORTENED, 8, -1, 99,
                         GRUNDY_PLAY_NORMAL | GRUNDY_BY_SJ, GRUNDY_PLAY_MISERE | 0x400};
    for (size_t i = 0; i < sizeof plays / sizeof plays[0]; i++) {
        int want = i < 6 ? GRUNDY_ENOTSUP : GRUNDY_EINVAL;
        int rc[7];
        rc[0] = grundy_heap_game_value(h, plays[i], 3, &v);
        rc[1] = grundy_heap_game_values(h, plays[i], 3, 2, vs);
        rc[2] = grundy_heap_game_outcome(h, plays[i], 3);
        rc[3] = grundy_heap_game_sum_value(h, plays[i], heaps, 2, &v);
        rc[4] = grundy_heap_game_sum_outcome(h, plays[i], heaps, 2);
        rc[5] = grundy_heap_game_sum_winning_move(h, plays[i], heaps, 2, moves);
        rc[6] = grundy_heap_game_sum_winning_moves(h, plays[i], heaps, 2, NULL, moves, 2, &count);
        for (int j = 0; j < 7; j++) {
            if (!CHECK_EQ(rc[j], want))
                fprintf(stderr, "    call %d, play %d: %d\n", j, plays[i], rc[j]);
        }
        const char *msg = grundy_heap_game_errmsg(h);
        CHECK(strstr(msg, want == GRUNDY_ENOTSUP ? "normal play" : "play") != NULL);
        CHECK_EQ(grundy_heap_game_errpos(h), GRUNDY_NO_POS);
    }
    /* Nothing was computed for them. */
    CHECK_EQ(grundy_heap_game_computed(h), 0);
    grundy_heap_game_free(h);
}

/* A game without rules refuses every call that computes, with a message
 * saying how to give them; the setters and computed() work. */
static void test_no_rules(void)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK))
        return;
    const uint64_t heaps[] = {3, 5};
    uint64_t moves[2], p, q, d, parts[3];
    uint32_t v, vs[2];
    size_t count, np;
    int rc[11];
    rc[0] = grundy_heap_game_compute(h, 10);
    rc[1] = grundy_heap_game_period(h, 10, &p, &q);
    rc[2] = grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 3, &v);
    rc[3] = grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, 3, 2, vs);
    rc[4] = grundy_heap_game_outcome(h, GRUNDY_PLAY_NORMAL, 3);
    rc[5] = grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, heaps, 2, &v);
    rc[6] = grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, heaps, 2);
    rc[7] = grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, 2, moves);
    rc[8] = grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, 2, NULL, moves, 2,
                                               &count);
    rc[9] = grundy_heap_game_degree(h, 3, &d);
    rc[10] = grundy_heap_game_move(h, 3, 0, parts, 3, &np);
    for (int j = 0; j < 11; j++) {
        if (!CHECK_EQ(rc[j], GRUNDY_ESTATE))
            fprintf(stderr, "    call %d without rules: %d\n", j, rc[j]);
    }
    CHECK(strstr(grundy_heap_game_errmsg(h), "no rules") != NULL);
    CHECK(strstr(grundy_heap_game_errmsg(h), "grundy_heap_game_move") != NULL);
    CHECK_EQ(grundy_heap_game_computed(h), 0);
    grundy_heap_game_set_threads(h, 2);
    grundy_heap_game_set_sparse(h, 0);
    grundy_heap_game_set_period_detection(h, 1);
    grundy_heap_game_set_progress(h, NULL, NULL);
    CHECK_EQ(grundy_heap_game_parse(h, "0.F", 3), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_degree(h, 3, &d), GRUNDY_OK);
    CHECK_EQ(d, 2); /* 0.F from 3: take 1, leave 2 or split it 1 + 1 */
    grundy_heap_game_free(h);
}

/* The sparse-space mask read back: Grundy's game at 20000 values goes sparse
 * with a mask under which the rare values are a small minority of the heaps
 * (Flammenkamp's observation); the plain loop, a game that cannot split in
 * two and NULL report none. */
static void test_sparse_mask(void)
{
    grundy_heap_game *h;
    if (!CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK))
        return;
    uint32_t mask = 77;
    CHECK_EQ(grundy_heap_game_sparse_mask(NULL, &mask), 0);
    CHECK_EQ(mask, 0);
    CHECK_EQ(grundy_heap_game_parse(h, "grundy", 6), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sparse_mask(h, NULL), 0); /* nothing computed yet */
    CHECK_EQ(grundy_heap_game_compute(h, 20000), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sparse_mask(h, &mask), 1);
    CHECK(mask != 0);
    uint64_t rare = 0;
    for (uint64_t n = 1; n < 20000; n++) {
        uint32_t v;
        grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, n, &v);
        rare += !__builtin_parity(v & mask);
    }
    CHECK(rare * 4 <= 20000);
    grundy_heap_game_free(h);

    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "grundy", 6), GRUNDY_OK);
    grundy_heap_game_set_sparse(h, 0);
    CHECK_EQ(grundy_heap_game_compute(h, 20000), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sparse_mask(h, &mask), 0);
    CHECK_EQ(mask, 0);
    grundy_heap_game_free(h);

    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "sub:1,3,4", 9), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_compute(h, 20000), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_sparse_mask(h, &mask), 0);
    grundy_heap_game_free(h);
}

int main(void)
{
    RUN(test_sparse_mask);
    RUN(test_sparse_equals_plain);
    RUN(test_threads_equal_one);
    RUN(test_names);
    RUN(test_new_subtraction);
    RUN(test_set_family);
    RUN(test_move_lists);
    RUN(test_huge_move_lists);
    RUN(test_value_ranges);
    RUN(test_plays);
    RUN(test_no_rules);
    RUN(test_oeis);
    RUN(test_known_periods);
    RUN(test_period_soundness);
    RUN(test_far_first_move);
    RUN(test_random_games);
    RUN(test_progress);
    RUN(test_progress_hexadecimal);
    RUN(test_progress_reentry);
    RUN(test_alloc_failures);
    RUN(test_misc);
    free(btab);
    return harness_done();
}
