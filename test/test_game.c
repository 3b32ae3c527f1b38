/* Games described by rules (grundy_game_*): every value against an
 * independent brute force written here (a plain recursive mex over the
 * test's own move lists), sums and their winning moves replayed against the
 * test's own generator, and the error paths: cycles (random graphs with
 * cycles against a fixpoint that finds them), the memory cap, progress
 * and cancel, generator errors, bad arguments and failing allocations. */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "random_dag.h"
#include "failing_alloc.h"

/* Passes a non-zero status of grundy_options_add*() on, as generators must. */
#define ADD_OR_RETURN(call)  \
    do {                     \
        int add_rc_ = (call); \
        if (add_rc_ != 0)    \
            return add_rc_;  \
    } while (0)

/* ------------------------------------------------------------------------ */
/* Random DAGs behind a u64 move generator. */

/* Options of this test's DAGs have at most 3 parts. */
#define MAXPARTS 3
_Static_assert(MAXPARTS <= DAG_MAXPARTS, "a dag holds MAXPARTS parts");

/* A DAG, and what its generator was asked. */
typedef struct counted_dag {
    dag d;
    int each;             /* 1, 2: single-part options in runs, through
                           * grundy_options_add_each_u64 / _each */
    long calls[DAG_MAXN]; /* generator calls per position */
    long bad_pos;         /* generator calls for positions outside the DAG */
} counted_dag;

static int dag_moves(void *user, uint64_t pos, grundy_options *out)
{
    counted_dag *c = user;
    const dag *d = &c->d;
    if (pos >= (uint64_t)d->n) {
        c->bad_pos++;
        return GRUNDY_ERANGE;
    }
    int u = (int)pos;
    c->calls[u]++;
    uint64_t run[DAG_MAXMOVES];
    size_t nrun = 0;
    for (int k = 0; k <= d->nmoves[u]; k++) {
        int single = k < d->nmoves[u] && d->nparts[u][k] == 1;
        if (c->each && single) {
            run[nrun++] = (uint64_t)d->part[u][k][0];
            continue;
        }
        /* The run so far goes first, so the options keep their order. */
        if (c->each == 1)
            ADD_OR_RETURN(grundy_options_add_each_u64(out, nrun ? run : NULL, nrun));
        else if (c->each == 2)
            ADD_OR_RETURN(grundy_options_add_each(out, nrun ? run : NULL, nrun));
        nrun = 0;
        if (k == d->nmoves[u])
            break;
        uint64_t parts[MAXPARTS];
        for (int j = 0; j < d->nparts[u][k]; j++)
            parts[j] = (uint64_t)d->part[u][k][j];
        ADD_OR_RETURN(grundy_options_add_u64(out, d->nparts[u][k] ? parts : NULL,
                                             (uint32_t)d->nparts[u][k]));
    }
    return 0;
}

static void sort_u64(uint64_t *a, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint64_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
        }
}

/* Is {parts} (as a multiset) option k of node u, for some k?  Returns its
 * value (xor of brute values) or -1 if it is no option of u. */
static int dag_option_value(const dag *d, int u, const uint64_t *parts, uint32_t np,
                            const int *memo)
{
    uint64_t got[MAXPARTS];
    if (np > MAXPARTS)
        return -1;
    memcpy(got, parts, np * sizeof *got);
    sort_u64(got, np);
    for (int k = 0; k < d->nmoves[u]; k++) {
        if ((uint32_t)d->nparts[u][k] != np)
            continue;
        uint64_t want[MAXPARTS];
        for (uint32_t j = 0; j < np; j++)
            want[j] = (uint64_t)d->part[u][k][j];
        sort_u64(want, np);
        if (np == 0 || memcmp(want, got, np * sizeof *got) == 0) {
            int x = 0;
            for (uint32_t j = 0; j < np; j++)
                x ^= memo[got[j]];
            return x;
        }
    }
    return -1;
}

/* Random sums of 1 to 3 positions: their value, and (with_moves) their
 * winning move, replayed against the DAG. */
static void dag_check_sums(const dag *d, grundy_game *game, const int *memo, int with_moves)
{
    for (int t = 0; t < 6; t++) {
        uint64_t pos[3];
        size_t k = 1 + (size_t)harness_below(3);
        int x = 0;
        for (size_t i = 0; i < k; i++) {
            pos[i] = harness_below((unsigned long long)d->n);
            x ^= memo[pos[i]];
        }
        uint32_t sv = 12345;
        CHECK_EQ(grundy_game_sum_value(game, pos, k, &sv), GRUNDY_OK);
        CHECK_EQ(sv, x);
        if (!with_moves)
            continue;
        size_t comp = 99;
        uint64_t parts[MAXPARTS + 1];
        uint32_t np = 99;
        int found = grundy_game_sum_winning_move_u64(game, pos, k, &comp, parts,
                                                     MAXPARTS + 1, &np);
        CHECK_EQ(found, x != 0);
        if (found == 1 && CHECK(comp < k) && CHECK(np <= MAXPARTS)) {
            int ov = dag_option_value(d, (int)pos[comp], parts, np, memo);
            if (CHECK(ov >= 0))
                CHECK_EQ(x ^ memo[pos[comp]] ^ ov, 0);
        }
    }
}

static void test_random_dags(void)
{
    int rounds = harness_quick() ? 300 : 2000;
    for (int r = 0; r < rounds; r++) {
        static counted_dag cd;
        memset(&cd, 0, sizeof cd);
        /* Options of 0 to 3 parts (3 rounds in 4) or of 1; the node of rank
         * 0 has options too, all empty. */
        random_dag(&cd.d, r % 4 != 0, MAXPARTS, 1);
        cd.each = r % 3;
        const dag *d = &cd.d;
        int memo[DAG_MAXN];
        dag_brute_all(d, memo);

        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &cd, NULL), GRUNDY_OK))
            return;
        /* Half the rounds start with sums, which must evaluate on their own.
         * (Winning moves may generate options again, so they come later.) */
        if (r % 2)
            dag_check_sums(d, game, memo, 0);
        int order[DAG_MAXN];
        random_permutation(order, d->n);
        for (int i = 0; i < d->n; i++) {
            int u = order[i];
            uint32_t v = 12345;
            CHECK_EQ(grundy_game_value_u64(game, (uint64_t)u, &v), GRUNDY_OK);
            CHECK_EQ(v, memo[u]);
            uint64_t p = (uint64_t)u;
            CHECK_EQ(grundy_game_outcome(game, &p), memo[u] ? GRUNDY_N : GRUNDY_P);
        }
        /* Each position generated exactly once, and all of them stored. */
        int once = 1;
        for (int u = 0; u < d->n; u++)
            once &= cd.calls[u] == 1;
        CHECK(once);
        CHECK_EQ(cd.bad_pos, 0);
        uint64_t stored = 0, bytes = 0;
        grundy_game_stats(game, &stored, &bytes);
        CHECK_EQ(stored, d->n);
        CHECK(bytes > 0);
        dag_check_sums(d, game, memo, 1);
        /* Winning move of one position: exactly when its value is non-zero. */
        int u = (int)harness_below((unsigned long long)d->n);
        uint64_t p = (uint64_t)u, parts[MAXPARTS];
        size_t comp;
        uint32_t np;
        int found = grundy_game_sum_winning_move_u64(game, &p, 1, &comp, parts, MAXPARTS, &np);
        CHECK_EQ(found, memo[u] != 0);
        if (found == 1) {
            CHECK_EQ(comp, 0);
            CHECK_EQ(dag_option_value(d, u, parts, np, memo), 0);
        }
        grundy_game_free(game);
    }
}

/* ------------------------------------------------------------------------ */
/* Random graphs with cycles, against a brute force that finds them its own
 * way: a fixpoint instead of a search. */

/* A random DAG whose parts are each, with chance 1 in `back`, sent to any
 * node at all (itself included), which makes cycles. */
static void random_cyclic(dag *d, int with_splits, unsigned long long back)
{
    random_dag(d, with_splits, MAXPARTS, 1);
    for (int u = 0; u < d->n; u++)
        for (int k = 0; k < d->nmoves[u]; k++)
            for (int j = 0; j < d->nparts[u][k]; j++)
                if (harness_below(back) == 0)
                    d->part[u][k][j] = (int)harness_below((unsigned long long)d->n);
}

/* value[u] for every node: -1 if a cycle can be reached from u, else its
 * value (normal play, or misère: terminal 1, the finished game 1).  A node
 * is settled once every part of every option is: repeat until nothing
 * changes; what is never settled reaches a cycle. */
static int cyclic_brute(const dag *d, int misere, int *value)
{
    int cyclic = d->n;
    for (int u = 0; u < d->n; u++)
        value[u] = -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int u = 0; u < d->n; u++) {
            int seen[DAG_MAXMOVES + 2] = {0}, ready = value[u] < 0;
            for (int k = 0; ready && k < d->nmoves[u]; k++) {
                int x = misere && d->nparts[u][k] == 0;
                for (int j = 0; j < d->nparts[u][k]; j++) {
                    ready &= value[d->part[u][k][j]] >= 0;
                    x ^= value[d->part[u][k][j]];
                }
                if (ready && x <= DAG_MAXMOVES)
                    seen[x] = 1;
            }
            if (!ready)
                continue;
            int m = 0;
            while (seen[m])
                m++;
            value[u] = misere && d->nmoves[u] == 0 ? 1 : m;
            cyclic--;
            changed = 1;
        }
    }
    return cyclic;
}

static void test_random_cycles(void)
{
    int rounds = harness_quick() ? 300 : 2000, some_cyclic = 0, some_not = 0;
    for (int r = 0; r < rounds; r++) {
        static counted_dag cd;
        memset(&cd, 0, sizeof cd);
        int misere = r % 3 == 0; /* misère options have at most one part */
        random_cyclic(&cd.d, !misere, 2 + (unsigned long long)(r % 12));
        const dag *d = &cd.d;
        int value[DAG_MAXN];
        int cyclic = cyclic_brute(d, misere, value);
        some_cyclic += cyclic > 0;
        some_not += cyclic < d->n;

        grundy_game *game = NULL;
        if (!CHECK_EQ(grundy_game_new_u64(&game, dag_moves, &cd, NULL), GRUNDY_OK))
            return;
        if (misere)
            CHECK_EQ(grundy_game_set_play(game, GRUNDY_PLAY_MISERE), GRUNDY_OK);
        int order[DAG_MAXN];
        random_permutation(order, d->n);
        /* Twice: the second time, nothing new is generated. */
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < d->n; i++) {
                int u = order[i];
                uint32_t v = 12345;
                int rc = grundy_game_value_u64(game, (uint64_t)u, &v);
                if (value[u] < 0) {
                    CHECK_EQ(rc, GRUNDY_ECYCLE);
                    CHECK(strlen(grundy_game_errmsg(game)) > 0);
                } else {
                    CHECK_EQ(rc, GRUNDY_OK);
                    CHECK_EQ(v, value[u]);
                }
            }
            /* What reaches no cycle is stored, generated once; the rest never. */
            int once = 1;
            for (int u = 0; u < d->n; u++)
                once &= value[u] < 0 || cd.calls[u] == 1;
            CHECK(once);
            uint64_t stored = 0;
            grundy_game_stats(game, &stored, NULL);
            CHECK_EQ(stored, d->n - cyclic);
        }
        CHECK_EQ(cd.bad_pos, 0);
        grundy_game_free(game);
    }
    /* The rounds cover both kinds of node. */
    CHECK(some_cyclic > rounds / 4);
    CHECK(some_not > rounds / 4);
}

/* ------------------------------------------------------------------------ */
/* A hand-made game for split options with 0 to 3 parts and the cap of
 * grundy_game_sum_winning_move(). */

static int split_moves(void *user, uint64_t pos, grundy_options *out)
{
    (void)user;
    switch (pos) {
    case 0:
        return 0;
    case 1:
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){0}, 1));
        return 0;
    case 2:
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){0}, 1));
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){1}, 1));
        return 0;
    case 10: /* {1} = 1, {1, 1, 0} = 0, {2} = 2: value 3, one winning move */
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){1}, 1));
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){1, 1, 0}, 3));
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){2}, 1));
        return 0;
    case 11: /* only the finished game: value 1 */
        ADD_OR_RETURN(grundy_options_add_u64(out, NULL, 0));
        return 0;
    case 12: /* only {2, 1} = 3: value 0 */
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){2, 1}, 2));
        return 0;
    case 13: /* {2, 2} = 0, {11, 2} = 3, {1} = 1: value 2 */
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){2, 2}, 2));
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){11, 2}, 2));
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){1}, 1));
        return 0;
    default:
        return GRUNDY_ERANGE;
    }
}

static void test_splits(void)
{
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, split_moves, NULL, NULL), GRUNDY_OK);
    const uint32_t expect[][2] = {{0, 0}, {1, 1}, {2, 2}, {10, 3}, {11, 1}, {12, 0}, {13, 2}};
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++) {
        uint32_t v = 99;
        CHECK_EQ(grundy_game_value_u64(game, expect[i][0], &v), GRUNDY_OK);
        CHECK_EQ(v, expect[i][1]);
    }
    uint32_t v;
    CHECK_EQ(grundy_game_value_u64(game, 7, &v), GRUNDY_ERANGE);

    const uint64_t sentinel = 0xdeadbeefu;
    uint64_t parts[4];
    size_t comp;
    uint32_t np;
    /* The one winning move of 10 is the three-part split {1, 1, 0}. */
    for (uint32_t cap = 0; cap <= 4; cap++) {
        for (int i = 0; i < 4; i++)
            parts[i] = sentinel;
        np = 99;
        comp = 99;
        CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){10}, 1, &comp,
                                                  parts, cap, &np), 1);
        CHECK_EQ(comp, 0);
        CHECK_EQ(np, 3); /* the true count, whatever the room */
        for (uint32_t i = cap < 3 ? cap : 3; i < 4; i++)
            CHECK_EQ(parts[i], sentinel); /* nothing written beyond cap */
        if (cap >= 3) {
            sort_u64(parts, 3);
            CHECK(parts[0] == 0 && parts[1] == 1 && parts[2] == 1);
        } else if (cap >= 1) {
            CHECK(parts[0] <= 1);
        }
    }
    /* A move to the finished game has no parts. */
    parts[0] = sentinel;
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){11}, 1, &comp, parts, 4,
                                              &np), 1);
    CHECK_EQ(np, 0);
    CHECK_EQ(parts[0], sentinel);
    /* P-positions and P-sums have no winning move. */
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){12}, 1, &comp, parts, 4,
                                              &np), 0);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){10, 13, 11}, 3, &comp,
                                              parts, 4, &np), 0);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){2, 2, 0}, 3, &comp,
                                              parts, 4, &np), 0);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, NULL, 0, &comp, parts, 4, &np), 0);
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){10, 13, 11}, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){10, 13}, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* 10 + 2 (3 xor 2 = 1): only 10 can move, to value 2, i.e. to {2}. */
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){10, 2}, 2, &comp, parts,
                                              4, &np), 1);
    CHECK_EQ(comp, 0);
    CHECK(np == 1 && parts[0] == 2);
    /* 12 + 13 (0 xor 2): 13 must move to value 0, the split {2, 2}. */
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){12, 13}, 2, &comp, parts,
                                              4, &np), 1);
    CHECK_EQ(comp, 1);
    CHECK(np == 2 && parts[0] == 2 && parts[1] == 2);
    /* 13 + 1 (2 xor 1 = 3): 13 to value 1 ({1}) is the only way. */
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){13, 1}, 2, &comp, parts,
                                              4, &np), 1);
    CHECK_EQ(comp, 0);
    CHECK(np == 1 && parts[0] == 1);
    /* A sum reaching an erroring position reports the generator's status. */
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){1, 8}, 2, &v), GRUNDY_ERANGE);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){1, 8}, 2, &comp, parts, 4,
                                              &np), GRUNDY_ERANGE);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Three heaps in one position: 3 bytes (one per heap) or 12 bytes (a uint32_t
 * per heap), with Nim or the subtraction game {1, 3, 4} on each heap. */

#define HMAX 24 /* heaps for the brute force */

typedef struct heaps3 {
    int width;    /* bytes per heap: 1 or 4 */
    int rule;     /* 0: Nim, 1: subtract 1, 3 or 4 */
    int canon_on; /* set when the canonicalising callback is set */
    int searching; /* set around winning-move searches, which may pass the
                      caller's component as given, not canonicalised */
    long calls, not_canonical, canon_calls;
    unsigned char last[12]; /* the position of the last generator call */
    void *expect_user;
    long wrong_user;
} heaps3;

static uint32_t h3_get(const heaps3 *h, const unsigned char *pos, int i)
{
    if (h->width == 1)
        return pos[i];
    uint32_t x;
    memcpy(&x, pos + 4 * i, 4);
    return x;
}

static void h3_set(const heaps3 *h, unsigned char *pos, int i, uint32_t x)
{
    if (h->width == 1)
        pos[i] = (unsigned char)x;
    else
        memcpy(pos + 4 * i, &x, 4);
}

static void h3_make(const heaps3 *h, unsigned char *pos, uint32_t a, uint32_t b, uint32_t c)
{
    memset(pos, 0, 12);
    h3_set(h, pos, 0, a);
    h3_set(h, pos, 1, b);
    h3_set(h, pos, 2, c);
}

static int take_ok(int rule, uint32_t take)
{
    return rule == 0 ? take >= 1 : (take == 1 || take == 3 || take == 4);
}

static int h3_moves(void *user, const void *pos, grundy_options *out)
{
    heaps3 *h = user;
    unsigned char buf[12];
    h->calls++;
    memcpy(buf, pos, (size_t)(3 * h->width));
    memcpy(h->last, pos, (size_t)(3 * h->width));
    if (h->canon_on && !h->searching && !(h3_get(h, buf, 0) <= h3_get(h, buf, 1) &&
                         h3_get(h, buf, 1) <= h3_get(h, buf, 2)))
        h->not_canonical++;
    /* The middle heap's options go in one grundy_options_add_each call. */
    unsigned char many[HMAX * 12];
    size_t nmany = 0, ps = (size_t)(3 * h->width);
    for (int i = 0; i < 3; i++) {
        uint32_t x = h3_get(h, buf, i);
        for (uint32_t t = 1; t <= x; t++) {
            if (!take_ok(h->rule, t))
                continue;
            h3_set(h, buf, i, x - t);
            int rc = 0;
            if (i == 1 && nmany < HMAX)
                memcpy(many + ps * nmany++, buf, ps);
            else
                rc = grundy_options_add(out, buf, 1);
            h3_set(h, buf, i, x);
            if (rc != 0)
                return rc;
        }
    }
    return grundy_options_add_each(out, many, nmany);
}

static void h3_canon(void *user, void *pos)
{
    heaps3 *h = user;
    h->canon_calls++;
    if (user != h->expect_user)
        h->wrong_user++;
    uint32_t a[3];
    for (int i = 0; i < 3; i++)
        a[i] = h3_get(h, pos, i);
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && a[j - 1] > a[j]; j--) {
            uint32_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
        }
    for (int i = 0; i < 3; i++)
        h3_set(h, pos, i, a[i]);
}

/* One heap's value, by the plain mex loop. */
static uint32_t heap_value(int rule, uint32_t x)
{
    if (rule == 0)
        return x;
    static uint32_t g[1024];
    static int filled;
    if (!filled) {
        for (uint32_t n = 0; n < 1024; n++) {
            int seen[8] = {0};
            for (uint32_t t = 1; t <= n; t++)
                if (take_ok(1, t))
                    seen[g[n - t]] = 1;
            uint32_t m = 0;
            while (seen[m])
                m++;
            g[n] = m;
        }
        filled = 1;
    }
    return g[x];
}

/* The three-heap position's value by recursive mex over its own moves, not
 * using the xor rule. */
static int brute3_memo[2][HMAX + 1][HMAX + 1][HMAX + 1];

static int brute3(int rule, int a, int b, int c)
{
    int *slot = &brute3_memo[rule][a][b][c];
    if (*slot >= 0)
        return *slot;
    int seen[3 * HMAX + 2] = {0};
    int h[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        for (int t = 1; t <= h[i]; t++) {
            if (!take_ok(rule, (uint32_t)t))
                continue;
            h[i] -= t;
            int x = brute3(rule, h[0], h[1], h[2]);
            h[i] += t;
            if (x < 3 * HMAX + 2)
                seen[x] = 1;
        }
    int m = 0;
    while (seen[m])
        m++;
    return *slot = m;
}

static uint32_t h3_value(const heaps3 *h, const unsigned char *pos)
{
    return heap_value(h->rule, h3_get(h, pos, 0)) ^ heap_value(h->rule, h3_get(h, pos, 1)) ^
           heap_value(h->rule, h3_get(h, pos, 2));
}

/* Is the position `opt` one move from `from`: the same heaps in the same
 * places but one, which is smaller by an allowed amount? */
static int h3_is_move(const heaps3 *h, const unsigned char *from, const unsigned char *opt)
{
    int changed = 0, ok = 1;
    for (int i = 0; i < 3; i++) {
        uint32_t a = h3_get(h, from, i), b = h3_get(h, opt, i);
        if (a != b) {
            changed++;
            ok &= a > b && take_ok(h->rule, a - b);
        }
    }
    return ok && changed == 1;
}

/* Is the position `opt` one move from `from` (up to the order of heaps)? */
static int h3_is_option(const heaps3 *h, const unsigned char *from, const unsigned char *opt)
{
    uint32_t a[3], b[3];
    for (int i = 0; i < 3; i++) {
        a[i] = h3_get(h, from, i);
        b[i] = h3_get(h, opt, i);
    }
    for (int i = 0; i < 3; i++) { /* try each heap as the one moved in */
        for (int j = 0; j < 3; j++) {
            if (a[i] <= b[j] || !take_ok(h->rule, a[i] - b[j]))
                continue;
            /* the other two heaps must match the other two, in some order */
            uint32_t ra[2], rb[2];
            int na = 0, nb = 0;
            for (int k = 0; k < 3; k++) {
                if (k != i)
                    ra[na++] = a[k];
                if (k != j)
                    rb[nb++] = b[k];
            }
            if ((ra[0] == rb[0] && ra[1] == rb[1]) || (ra[0] == rb[1] && ra[1] == rb[0]))
                return 1;
        }
    }
    return 0;
}

static void h3_run(int width, int rule, int canon, uint64_t *stored_out)
{
    uint32_t H = harness_quick() ? 14 : HMAX;
    heaps3 h = {width, rule, 0, 0, 0, 0, 0, {0}, NULL, 0};
    h.expect_user = &h;
    grundy_game *game;
    size_t ps = (size_t)(3 * width);
    if (!CHECK_EQ(grundy_game_new(&game, ps, h3_moves, &h, NULL), GRUNDY_OK))
        return;
    if (canon) {
        CHECK_EQ(grundy_game_set_canon(game, h3_canon), GRUNDY_OK);
        h.canon_on = 1;
    }
    unsigned char pos[12];
    /* The top position (unsorted on purpose) reaches every one below it. */
    h3_make(&h, pos, H, H - 1, H - 2);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value(game, pos, &v), GRUNDY_OK);
    CHECK_EQ(v, h3_value(&h, pos));
    CHECK_EQ(v, brute3(rule, (int)H, (int)H - 1, (int)H - 2));
    uint64_t stored = 0, bytes = 0;
    grundy_game_stats(game, &stored, &bytes);
    /* Exactly the reachable positions, or their sorted classes. */
    uint64_t expect;
    if (canon) {
        expect = 0;
        for (uint32_t a = 0; a <= H; a++)
            for (uint32_t b = a; b <= H; b++)
                for (uint32_t c = b; c <= H; c++)
                    expect += a <= H - 2 && b <= H - 1;
    } else {
        expect = (uint64_t)(H + 1) * H * (H - 1);
    }
    CHECK_EQ(stored, expect);
    CHECK_EQ(h.calls, expect); /* each generated once */
    CHECK_EQ(h.not_canonical, 0);
    CHECK_EQ(h.wrong_user, 0);
    if (canon)
        CHECK(h.canon_calls > 0);
    *stored_out = stored;

    /* Every position below the top, in any heap order: memoized already. */
    long calls_before = h.calls;
    int ok = 1;
    for (int t = 0; t < 400; t++) {
        uint32_t x[3] = {(uint32_t)harness_below(H - 1), (uint32_t)harness_below(H - 1),
                         (uint32_t)harness_below(H - 1)};
        h3_make(&h, pos, x[0], x[1], x[2]);
        v = 12345;
        ok &= grundy_game_value(game, pos, &v) == GRUNDY_OK;
        ok &= v == h3_value(&h, pos);
        ok &= (int)v == brute3(rule, (int)x[0], (int)x[1], (int)x[2]);
        ok &= grundy_game_outcome(game, pos) == (v ? GRUNDY_N : GRUNDY_P);
    }
    CHECK(ok);
    CHECK_EQ(h.calls, calls_before);

    /* Sums of 1 to 3 positions, some beyond what is stored (heaps up to 300
     * when a heap has 4 bytes). */
    uint32_t big = width == 4 ? 300 : 255;
    for (int t = 0; t < 60; t++) {
        unsigned char sum[3 * 12];
        size_t k = 1 + (size_t)harness_below(3);
        uint32_t x = 0;
        for (size_t i = 0; i < k; i++) {
            if (t % 5 == 0 && i == 0) /* one big heap with two small ones */
                h3_make(&h, pos, (uint32_t)harness_below(4), big - (uint32_t)harness_below(50),
                        (uint32_t)harness_below(4));
            else
                h3_make(&h, pos, (uint32_t)harness_below(H + 1), (uint32_t)harness_below(H + 1),
                        (uint32_t)harness_below(H + 1));
            memcpy(sum + i * ps, pos, ps);
            x ^= h3_value(&h, pos);
        }
        CHECK_EQ(grundy_game_sum_value(game, sum, k, &v), GRUNDY_OK);
        CHECK_EQ(v, x);
        size_t comp = 99;
        unsigned char parts[2 * 12];
        uint32_t np = 99;
        long calls = h.calls;
        h.searching = 1;
        int found = grundy_game_sum_winning_move(game, sum, k, &comp, parts, 2, &np);
        h.searching = 0;
        CHECK_EQ(found, x != 0);
        if (found == 1 && CHECK(comp < k) && CHECK_EQ(np, 1)) {
            CHECK(h3_is_option(&h, sum + comp * ps, parts));
            CHECK_EQ(x ^ h3_value(&h, sum + comp * ps) ^ h3_value(&h, parts), 0);
            /* The component's options are generated once more, from the
             * position as given, so the move is a move of that position. */
            CHECK_EQ(h.calls - calls, 1);
            CHECK(memcmp(h.last, sum + comp * ps, ps) == 0);
            CHECK(h3_is_move(&h, sum + comp * ps, parts));
        }
    }
    CHECK_EQ(h.not_canonical, 0);
    /* Positions are stored now: the canonicalising callback is frozen. */
    CHECK_EQ(grundy_game_set_canon(game, canon ? NULL : h3_canon), GRUNDY_ESTATE);
    CHECK_EQ(grundy_game_value(game, pos, &v), GRUNDY_OK);
    CHECK_EQ(v, h3_value(&h, pos));
    CHECK_EQ(h.not_canonical, 0);
    grundy_game_free(game);
}

/* A u64 game with canonical forms: two heaps packed as a * 2^32 + b. */
static int pair_moves(void *user, uint64_t pos, grundy_options *out)
{
    long *calls = user;
    ++*calls;
    uint64_t a = pos >> 32, b = pos & 0xffffffffu;
    if (a > b)
        calls[1]++; /* not canonical */
    for (uint64_t t = 1; t <= a; t++)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){((a - t) << 32) | b}, 1));
    /* The second heap's options in one call, canonicalised one by one when
     * the game has a canonical form. */
    uint64_t opts[64];
    size_t n = 0;
    if (b > 64)
        return GRUNDY_ERANGE; /* the positions of this test stay below */
    for (uint64_t t = 1; t <= b; t++)
        opts[n++] = (a << 32) | (b - t);
    return grundy_options_add_each_u64(out, opts, n);
}

static void pair_canon(void *user, void *pos)
{
    (void)user;
    uint64_t p;
    memcpy(&p, pos, 8);
    uint64_t a = p >> 32, b = p & 0xffffffffu;
    if (a > b)
        p = (b << 32) | a;
    memcpy(pos, &p, 8);
}

static void test_canon(void)
{
    uint64_t plain = 0, canon = 0;
    for (int width = 1; width <= 4; width += 3)
        for (int rule = 0; rule < 2; rule++) {
            h3_run(width, rule, 0, &plain);
            h3_run(width, rule, 1, &canon);
            CHECK(canon < plain);
        }

    /* u64 positions: the callback sees the 8 bytes of the value. */
    for (int with = 0; with < 2; with++) {
        long calls[2] = {0, 0};
        grundy_game *game;
        CHECK_EQ(grundy_game_new_u64(&game, pair_moves, calls, NULL), GRUNDY_OK);
        if (with)
            CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK);
        uint32_t v;
        CHECK_EQ(grundy_game_value_u64(game, (40ull << 32) | 30, &v), GRUNDY_OK);
        CHECK_EQ(v, 40 ^ 30);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, with ? 31 * 32 / 2 + 31 * 10 : 41 * 31);
        CHECK_EQ(calls[1], with ? 0 : 30 * 31 / 2 + 31 * 10); /* a > b: only without */
        CHECK_EQ(grundy_game_value_u64(game, (7ull << 32) | 29, &v), GRUNDY_OK);
        CHECK_EQ(v, 7 ^ 29);
        CHECK_EQ(calls[0], (long)stored);
        grundy_game_free(game);
    }
}

/* ------------------------------------------------------------------------ */
/* Chains: position n has the option n - 1 (and n - 2 in mode 1);
 * in mode 2 also positions at or above CYCLE_BASE form cycles (see below). */

typedef struct chain {
    int mode;
    long calls;
    uint64_t fail_at; /* generator fails at this position ... */
    int fail_status;  /* ... with this status (0: never) */
    int bad_add;      /* call grundy_options_add* with bad arguments first */
    int bad_add_rc[6];
} chain;

#define CYCLE_BASE 1000000000ull

static int chain_moves(void *user, uint64_t pos, grundy_options *out)
{
    chain *c = user;
    c->calls++;
    if (c->fail_status != 0 && pos == c->fail_at)
        return c->fail_status;
    if (c->bad_add) {
        const uint64_t one = 0;
        c->bad_add_rc[0] = grundy_options_add_u64(NULL, &one, 1);
        c->bad_add_rc[1] = grundy_options_add_u64(out, NULL, 1);
        c->bad_add_rc[2] = grundy_options_add(out, NULL, 2);
        c->bad_add_rc[3] = grundy_options_add_each(NULL, &one, 1);
        c->bad_add_rc[4] = grundy_options_add_each(out, NULL, 2);
        c->bad_add_rc[5] = grundy_options_add_each_u64(out, NULL, 1);
    }
    if (pos >= CYCLE_BASE) {
        /* CYCLE_BASE + k for k < 5: the cycle k -> k + 1 mod 5.
         * + 10: a self loop.  + 20: a split with itself as a part.
         * + 200: options {5}, {+201}, {+202}; + 201: {6};
         *   + 202: the split {7, CYCLE_BASE + 3}, into the 5-cycle.
         * + 1000 + j: the long cycle j -> j + 1 mod L. */
        uint64_t k = pos - CYCLE_BASE;
        if (k < 5)
            return grundy_options_add_u64(out, (const uint64_t[]){CYCLE_BASE + (k + 1) % 5}, 1);
        if (k == 10)
            return grundy_options_add_u64(out, (const uint64_t[]){pos}, 1);
        if (k == 20)
            return grundy_options_add_u64(out, (const uint64_t[]){3, pos}, 2);
        if (k == 200) {
            ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){5}, 1));
            ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){CYCLE_BASE + 201}, 1));
            return grundy_options_add_u64(out, (const uint64_t[]){CYCLE_BASE + 202}, 1);
        }
        if (k == 201)
            return grundy_options_add_u64(out, (const uint64_t[]){6}, 1);
        if (k == 202)
            return grundy_options_add_u64(out, (const uint64_t[]){7, CYCLE_BASE + 3}, 2);
        if (k >= 1000) {
            uint64_t L = harness_quick() ? 100000 : 1000000;
            return grundy_options_add_u64(
                out, (const uint64_t[]){CYCLE_BASE + 1000 + (k - 1000 + 1) % L}, 1);
        }
        return GRUNDY_ERANGE;
    }
    if (pos >= 1)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){pos - 1}, 1));
    if (c->mode == 1 && pos >= 2)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){pos - 2}, 1));
    return 0;
}

static void test_deep(void)
{
    uint64_t n = harness_quick() ? 100000 : 1000000;
    for (int mode = 0; mode < 2; mode++) {
        chain c = {mode, 0, 0, 0, 0, {0, 0, 0}};
        grundy_game *game;
        CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
        uint32_t v = 12345;
        uint64_t top = n + (uint64_t)mode;
        CHECK_EQ(grundy_game_value_u64(game, top, &v), GRUNDY_OK);
        CHECK_EQ(v, mode ? top % 3 : top % 2);
        CHECK_EQ(c.calls, (long)top + 1);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, top + 1);
        /* Already known: no generator call. */
        CHECK_EQ(grundy_game_value_u64(game, top / 2 + 1, &v), GRUNDY_OK);
        CHECK_EQ(v, mode ? (top / 2 + 1) % 3 : (top / 2 + 1) % 2);
        CHECK_EQ(c.calls, (long)top + 1);
        /* Winning moves of the top and of one above: to a position of value 0. */
        for (uint64_t w = top; w <= top + 1; w++) {
            size_t comp = 99;
            uint64_t part = 0;
            uint32_t np = 99;
            uint64_t wv = mode ? w % 3 : w % 2;
            int found = grundy_game_sum_winning_move_u64(game, &w, 1, &comp, &part, 1, &np);
            CHECK_EQ(found, wv != 0);
            if (found == 1 && CHECK_EQ(np, 1)) {
                CHECK(part == w - 1 || (mode == 1 && part == w - 2));
                CHECK_EQ(mode ? part % 3 : part % 2, 0);
            }
        }
        grundy_game_free(game);
    }
}

static void test_cycles(void)
{
    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(strcmp(grundy_game_errmsg(game), ""), 0);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value_u64(game, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);

    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    long calls = c.calls;
    /* Values found before the error are kept (no new generator call). */
    CHECK_EQ(grundy_game_value_u64(game, 3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(c.calls, calls);
    /* The cycle is still a cycle, from anywhere on it, and from beyond. */
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 4, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 10, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 20, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_outcome(game, (const uint64_t[]){CYCLE_BASE + 1}), GRUNDY_ECYCLE);
    /* 200 has acyclic options (5, 201 -> 6) evaluated around a cyclic one. */
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 200, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){2, CYCLE_BASE + 202}, 2, &v),
             GRUNDY_ECYCLE);
    size_t comp;
    uint64_t part;
    uint32_t np;
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, (const uint64_t[]){1, CYCLE_BASE}, 2, &comp,
                                              &part, 1, &np), GRUNDY_ECYCLE);
    /* Acyclic positions around it evaluate correctly afterwards. */
    const uint64_t after[][2] = {{CYCLE_BASE + 201, 1}, {7, 1}, {6, 0}, {5, 1}, {12, 0},
                                 {11, 1}, {4, 0}};
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
        v = 12345;
        CHECK_EQ(grundy_game_value_u64(game, after[i][0], &v), GRUNDY_OK);
        CHECK_EQ(v, after[i][1]);
    }
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){7, CYCLE_BASE + 201, 12}, 3, &v),
             GRUNDY_OK);
    CHECK_EQ(v, 0);
    /* A long cycle: found without recursion, the game still fine after. */
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 1000 + 17, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, 1001, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(grundy_game_value_u64(game, CYCLE_BASE + 2, &v), GRUNDY_ECYCLE);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */

/* A binary tree on 0 .. N-1: p has the options 2p+1, 2p+2 and their sum,
 * where they exist.  Shallow, so the memo table is what takes memory. */
static int tree_moves(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t n = *(const uint64_t *)user;
    if (pos >= n)
        return GRUNDY_ERANGE;
    uint64_t kids[2] = {2 * pos + 1, 2 * pos + 2};
    uint32_t nk = (uint32_t)(kids[0] < n) + (uint32_t)(kids[1] < n);
    for (uint32_t i = 0; i < nk; i++)
        ADD_OR_RETURN(grundy_options_add_u64(out, &kids[i], 1));
    if (nk == 2)
        ADD_OR_RETURN(grundy_options_add_u64(out, kids, 2));
    return 0;
}

/* The tree's values, leaves up. */
static uint32_t *tree_values(uint64_t n)
{
    uint32_t *g = malloc(n * sizeof *g);
    for (uint64_t p = n; g != NULL && p-- > 0;) {
        int seen[4] = {0};
        uint64_t c1 = 2 * p + 1, c2 = 2 * p + 2;
        if (c1 < n)
            seen[g[c1]] = 1;
        if (c2 < n) {
            seen[g[c2]] = 1;
            seen[g[c1] ^ g[c2]] = 1;
        }
        uint32_t m = 0;
        while (seen[m])
            m++;
        g[p] = m;
    }
    return g;
}

/* A Nim heap: n -> every k < n, added in one call. */
static int nim_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    uint64_t opts[1024];
    if (n > 1024)
        return GRUNDY_ERANGE;
    for (uint64_t k = 0; k < n; k++)
        opts[k] = k;
    return grundy_options_add_each_u64(out, opts, (size_t)n);
}

/* The value of Nim heap n in a new game capped at `limit` bytes. */
static int nim_under_cap(uint64_t n, size_t limit, uint64_t *bytes)
{
    grundy_game *game;
    uint32_t v = 0;
    if (!CHECK_EQ(grundy_game_new_u64(&game, nim_moves, NULL, NULL), GRUNDY_OK))
        return GRUNDY_ENOMEM;
    grundy_game_set_memory_limit(game, limit);
    int rc = grundy_game_value_u64(game, n, &v);
    if (rc == GRUNDY_OK)
        CHECK_EQ(v, n);
    grundy_game_stats(game, NULL, bytes);
    grundy_game_free(game);
    return rc;
}

/* Options claimed in a batch make the table grow only for the keys it gets:
 * Nim heap 900 (every smaller heap an option, so at each level all but one
 * option are stored already) needs 901 positions, 2048 slots; and a cap
 * that fits once fits at every larger size. */
static void test_growth_by_need(void)
{
    uint64_t bytes = 0;
    CHECK_EQ(nim_under_cap(900, 0, &bytes), GRUNDY_OK);
    CHECK_EQ(bytes, 2048 * (8 + 4));
    size_t fits = 0;
    for (size_t limit = 20000; limit <= 200000 && fits == 0; limit += 1000)
        if (nim_under_cap(900, limit, &bytes) == GRUNDY_OK)
            fits = limit;
    if (!CHECK(fits > 0))
        return;
    int all = 1;
    for (size_t limit = fits; limit <= fits + 60000; limit += 1000)
        all &= nim_under_cap(900, limit, &bytes) == GRUNDY_OK;
    CHECK(all);
}

/* Callbacks that call back into their own game, recording the answers. */
typedef struct reentrant {
    grundy_game *game;
    int value_rc, move_rc; /* 99: no call made */
    long progress_calls;
} reentrant;

/* n -> n - 1; at n = 3 it also asks its game for a value and a winning move. */
static int reentrant_moves(void *user, uint64_t n, grundy_options *out)
{
    reentrant *r = user;
    if (n == 3) {
        uint32_t v, np;
        size_t comp;
        uint64_t part;
        r->value_rc = grundy_game_value_u64(r->game, 1, &v);
        r->move_rc = grundy_game_sum_winning_move_u64(r->game, &n, 1, &comp, &part, 1, &np);
    }
    return n ? grundy_options_add_u64(out, (const uint64_t[]){n - 1}, 1) : 0;
}

static int reentrant_progress(void *user, uint64_t done, uint64_t total)
{
    reentrant *r = user;
    (void)done;
    (void)total;
    uint32_t v;
    r->progress_calls++;
    r->value_rc = grundy_game_value_u64(r->game, 5, &v);
    return 0;
}

/* A move generator or progress callback calling its own game is refused
 * with GRUNDY_ESTATE, and the evaluation under way goes on unharmed. */
static void test_reentry(void)
{
    reentrant r = {NULL, 99, 99, 0};
    grundy_game *game;
    if (!CHECK_EQ(grundy_game_new_u64(&game, reentrant_moves, &r, NULL), GRUNDY_OK))
        return;
    r.game = game;
    uint32_t v = 99;
    CHECK_EQ(grundy_game_value_u64(game, 10, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* n -> n - 1: n % 2 */
    CHECK_EQ(r.value_rc, GRUNDY_ESTATE);
    CHECK_EQ(r.move_rc, GRUNDY_ESTATE);
    /* A winning-move search runs the generator on the component as given. */
    r.value_rc = r.move_rc = 99;
    uint64_t pos = 3, part = 99;
    size_t comp = 99;
    uint32_t np = 99;
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, &pos, 1, &comp, &part, 1, &np), 1);
    CHECK_EQ(part, 2);
    CHECK_EQ(r.value_rc, GRUNDY_ESTATE);
    CHECK_EQ(r.move_rc, GRUNDY_ESTATE);
    CHECK(strstr(grundy_game_errmsg(game), "same game") != NULL);
    /* From outside, calls work again. */
    CHECK_EQ(grundy_game_value_u64(game, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    grundy_game_free(game);

    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    reentrant p = {NULL, 99, 99, 0};
    if (!CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK))
        return;
    p.game = game;
    grundy_game_set_progress(game, reentrant_progress, &p);
    CHECK_EQ(grundy_game_value_u64(game, 70000, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(p.progress_calls, 1);
    CHECK_EQ(p.value_rc, GRUNDY_ESTATE);
    uint64_t stored = 0;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, 70001);
    grundy_game_free(game);
}

static void test_memory_limit(void)
{
    uint64_t n = harness_quick() ? 50000 : 200000;
    chain c = {1, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    grundy_game_set_memory_limit(game, 64 * 1024);
    uint32_t v = 12345;
    CHECK_EQ(grundy_game_value_u64(game, 10, &v), GRUNDY_OK); /* small games fit */
    CHECK_EQ(v, 1);
    long calls;
    CHECK_EQ(grundy_game_value_u64(game, n, &v), GRUNDY_ELIMIT);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    uint64_t stored = 0, bytes = 0;
    grundy_game_stats(game, &stored, &bytes);
    CHECK(bytes <= 64 * 1024);
    CHECK(stored >= 11);
    /* What was found before stays found: no generator call for it. */
    calls = c.calls;
    CHECK_EQ(grundy_game_value_u64(game, 9, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_game_value_u64(game, 10, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(c.calls, calls);
    /* Sums and winning moves hit the cap too. */
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){3, n}, 2, &v), GRUNDY_ELIMIT);
    /* No cap: the same call succeeds. */
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(grundy_game_value_u64(game, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 3);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, n + 1);
    CHECK(bytes > 64 * 1024);
    /* A cap below what is held already: stored values still answer. */
    grundy_game_set_memory_limit(game, 64 * 1024);
    CHECK_EQ(grundy_game_value_u64(game, n - 5, &v), GRUNDY_OK);
    CHECK_EQ(v, (n - 5) % 3);
    grundy_game_free(game);

    /* A wide, shallow game: the table itself must stay under the cap. */
    uint64_t tn = harness_quick() ? 30000 : 100000;
    uint32_t *tv = tree_values(tn);
    if (!CHECK(tv != NULL))
        return;
    CHECK_EQ(grundy_game_new_u64(&game, tree_moves, &tn, NULL), GRUNDY_OK);
    grundy_game_set_memory_limit(game, 64 * 1024);
    CHECK_EQ(grundy_game_value_u64(game, 0, &v), GRUNDY_ELIMIT);
    grundy_game_stats(game, &stored, &bytes);
    CHECK(bytes <= 64 * 1024);
    CHECK(stored > 0 && stored < tn);
    /* Below the root, some subtrees fit. */
    CHECK_EQ(grundy_game_value_u64(game, tn / 2, &v), GRUNDY_OK);
    CHECK_EQ(v, tv[tn / 2]);
    grundy_game_set_memory_limit(game, 0);
    int ok = 1;
    for (uint64_t p = tn; p-- > 0;) { /* the last 1000 and the first 1000, root last */
        ok &= grundy_game_value_u64(game, p, &v) == GRUNDY_OK && v == tv[p];
        if (p == tn - 1000)
            p = 1000; /* skip the middle */
    }
    CHECK(ok);
    CHECK_EQ(grundy_game_value_u64(game, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, tv[0]);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, tn);
    CHECK(bytes > 64 * 1024);
    grundy_game_free(game);
    free(tv);
}

typedef struct progress_log {
    uint64_t calls, last_done, total;
    uint64_t stop_after;
    int not_increasing;
} progress_log;

static int on_progress(void *user, uint64_t done, uint64_t total)
{
    progress_log *p = user;
    if (p->calls > 0 && done <= p->last_done)
        p->not_increasing = 1;
    p->calls++;
    p->last_done = done;
    p->total = total;
    return p->stop_after != 0 && p->calls >= p->stop_after;
}

static void test_progress_and_cancel(void)
{
    uint64_t n = 300000; /* 4.6 times 65536 */
    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    grundy_game *game;
    uint32_t v;

    /* Uncancelled: about n / 65536 calls, total unknown. */
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    progress_log log = {0, 0, 99, 0, 0};
    grundy_game_set_progress(game, on_progress, &log);
    CHECK_EQ(grundy_game_value_u64(game, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 2);
    CHECK(log.calls >= 3 && log.calls <= 5);
    CHECK_EQ(log.total, 0);
    CHECK_EQ(log.not_increasing, 0);
    CHECK(log.last_done <= n + 1);
    /* Nothing new to evaluate: no call. */
    log = (progress_log){0, 0, 99, 0, 0};
    CHECK_EQ(grundy_game_value_u64(game, n - 1, &v), GRUNDY_OK);
    CHECK_EQ(log.calls, 0);
    /* NULL removes the callback. */
    grundy_game_set_progress(game, NULL, NULL);
    CHECK_EQ(grundy_game_value_u64(game, 2 * n, &v), GRUNDY_OK);
    CHECK_EQ(log.calls, 0);
    grundy_game_free(game);

    /* Cancelled at the second call; then a later call succeeds. */
    c.calls = 0;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    log = (progress_log){0, 0, 99, 2, 0};
    grundy_game_set_progress(game, on_progress, &log);
    CHECK_EQ(grundy_game_value_u64(game, n, &v), GRUNDY_ECANCELED);
    CHECK_EQ(log.calls, 2);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(grundy_game_sum_value(game, (const uint64_t[]){1, n}, 2, &v), GRUNDY_ECANCELED);
    log = (progress_log){0, 0, 99, 0, 0};
    CHECK_EQ(grundy_game_value_u64(game, n, &v), GRUNDY_OK);
    CHECK_EQ(v, n % 2);
    CHECK_EQ(grundy_game_value_u64(game, 12345, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    uint64_t stored;
    grundy_game_stats(game, &stored, NULL);
    CHECK_EQ(stored, n + 1);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */

/* A 3-byte game whose generator wrongly uses the uint64_t form. */
static int u64_in_byte_game(void *user, const void *pos, grundy_options *out)
{
    int *rc = user;
    (void)pos;
    rc[0] = grundy_options_add_u64(out, (const uint64_t[]){0}, 1);
    rc[1] = grundy_options_add_each_u64(out, (const uint64_t[]){0}, 1);
    return 0;
}

static void test_generator_errors(void)
{
    chain c = {0, 0, 7, GRUNDY_ERANGE, 0, {0, 0, 0}};
    grundy_game *game;
    uint32_t v;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_value_u64(game, 20, &v), GRUNDY_ERANGE);
    CHECK(strlen(grundy_game_errmsg(game)) > 0);
    CHECK_EQ(grundy_game_value_u64(game, 5, &v), GRUNDY_OK); /* below the failure */
    CHECK_EQ(v, 1);
    CHECK_EQ(grundy_game_value_u64(game, 7, &v), GRUNDY_ERANGE);
    c.fail_status = -1000; /* any negative status is passed on */
    CHECK_EQ(grundy_game_value_u64(game, 8, &v), -1000);
    c.fail_status = 5; /* a positive one is not a status */
    CHECK_EQ(grundy_game_value_u64(game, 9, &v), GRUNDY_EINVAL);
    c.fail_status = 1;
    CHECK_EQ(grundy_game_outcome(game, (const uint64_t[]){30}), GRUNDY_EINVAL);
    c.fail_status = GRUNDY_ENOMEM;
    CHECK_EQ(grundy_game_value_u64(game, 9, &v), GRUNDY_ENOMEM);
    c.fail_status = 0;
    CHECK_EQ(grundy_game_value_u64(game, 20, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    grundy_game_free(game);

    /* Bad arguments to grundy_options_add*(): refused, nothing added. */
    chain b = {0, 0, 0, 0, 1, {99, 99, 99, 99, 99, 99}};
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &b, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_value_u64(game, 6, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(b.bad_add_rc[0], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[1], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[2], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[3], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[4], GRUNDY_EINVAL);
    CHECK_EQ(b.bad_add_rc[5], GRUNDY_EINVAL);
    grundy_game_free(game);

    /* uint64_t options in a game of 3-byte positions: refused. */
    int rc[2] = {99, 99};
    CHECK_EQ(grundy_game_new(&game, 3, u64_in_byte_game, rc, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_value(game, "abc", &v), GRUNDY_OK);
    CHECK_EQ(rc[0], GRUNDY_EINVAL);
    CHECK_EQ(rc[1], GRUNDY_EINVAL);
    CHECK_EQ(v, 0); /* nothing was added */
    grundy_game_free(game);
}

/* Positions of the largest size: byte 0 counts down, the rest is noise
 * that must be kept as it is (it is part of the key). */
static int wide_moves(void *user, const void *pos, grundy_options *out)
{
    long *bad = user;
    const unsigned char *p = pos;
    for (size_t i = 1; i < 65536; i++)
        if (p[i] != (unsigned char)(i * 7))
            ++*bad;
    if (p[0] == 0)
        return 0;
    unsigned char *next = malloc(2 * 65536);
    if (next == NULL)
        return GRUNDY_ENOMEM;
    memcpy(next, pos, 65536);
    memcpy(next + 65536, pos, 65536);
    next[0] = (unsigned char)(p[0] - 1);
    int rc = grundy_options_add(out, next, 1);
    if (rc == 0 && p[0] >= 2) { /* and the split {p - 2, p - 2} = 0 */
        next[0] = next[65536] = (unsigned char)(p[0] - 2);
        rc = grundy_options_add(out, next, 2);
    }
    free(next);
    return rc;
}

static int dummy_bytes(void *user, const void *pos, grundy_options *out)
{
    (void)user; (void)pos; (void)out;
    return 0;
}

static int dummy_u64(void *user, uint64_t pos, grundy_options *out)
{
    (void)user; (void)pos; (void)out;
    return 0;
}

static void *plain_malloc(void *user, size_t size) { (void)user; return malloc(size); }
static void plain_free(void *user, void *ptr) { (void)user; free(ptr); }

static void test_arguments(void)
{
    grundy_game *game = (grundy_game *)&game;
    CHECK_EQ(grundy_game_new(NULL, 3, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 0, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    game = (grundy_game *)&game;
    CHECK_EQ(grundy_game_new(&game, 65537, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK(game == NULL);
    CHECK_EQ(grundy_game_new(&game, (size_t)-1, dummy_bytes, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 3, NULL, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(NULL, dummy_u64, NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(&game, NULL, NULL, NULL), GRUNDY_EINVAL);
    grundy_allocator half = {plain_malloc, NULL, plain_free, NULL};
    CHECK_EQ(grundy_game_new(&game, 3, dummy_bytes, NULL, &half), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new_u64(&game, dummy_u64, NULL, &half), GRUNDY_EINVAL);
    grundy_game_free(NULL);

    /* The largest position size works, and every byte counts. */
    long bad = 0;
    CHECK_EQ(grundy_game_new(&game, 65536, wide_moves, &bad, NULL), GRUNDY_OK);
    unsigned char *pos = malloc(65536);
    if (CHECK(pos != NULL)) {
        for (size_t i = 0; i < 65536; i++)
            pos[i] = (unsigned char)(i * 7);
        pos[0] = 5;
        uint32_t g[6] = {0, 1, 0, 0, 0, 0}; /* G(k) = mex{G(k - 1), 0} for k >= 2 */
        for (int k = 2; k < 6; k++) {
            uint32_t a = g[k - 1];
            g[k] = a == 0 ? 1 : (a == 1 ? 2 : 1); /* mex of {a, 0} */
        }
        uint32_t v = 99;
        CHECK_EQ(grundy_game_value(game, pos, &v), GRUNDY_OK);
        CHECK_EQ(v, g[5]);
        CHECK_EQ(bad, 0);
        uint64_t stored;
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 6);
        pos[65535] ^= 1; /* a different position, which the generator flags */
        CHECK_EQ(grundy_game_value(game, pos, &v), GRUNDY_OK);
        CHECK(bad > 0);
        grundy_game_stats(game, &stored, NULL);
        CHECK_EQ(stored, 12);
        /* u64 calls on a game of another size are refused. */
        CHECK(grundy_game_value_u64(game, 0, &v) < 0);
        free(pos);
    }
    grundy_game_free(game);

    chain c = {0, 0, 0, 0, 0, {0, 0, 0}};
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &c, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_canon(NULL, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_OK); /* before any position */
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_OK);
    uint32_t v;
    const uint64_t p3 = 3;
    CHECK_EQ(grundy_game_value_u64(NULL, 3, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value_u64(game, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(NULL, &p3, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(game, NULL, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_value(game, &p3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_outcome(NULL, &p3), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_outcome(game, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(game, NULL, 2, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(game, &p3, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_value(NULL, &p3, 1, &v), GRUNDY_EINVAL);
    size_t comp;
    uint64_t part;
    uint32_t np;
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, &p3, 1, NULL, &part, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, &p3, 1, &comp, &part, 1, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, &p3, 1, &comp, NULL, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, NULL, 1, &comp, &part, 1, &np),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move(game, &p3, 1, NULL, &part, 1, &np), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_sum_winning_move(NULL, &p3, 1, &comp, &part, 1, &np), GRUNDY_EINVAL);
    uint64_t stored = 99, bytes = 99;
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 0); /* nothing was evaluated by the refused calls */
    CHECK_EQ(c.calls, 0);
    grundy_game_stats(game, NULL, NULL);
    /* The empty sum: value 0, no winning move. */
    CHECK_EQ(grundy_game_sum_value(game, &p3, 0, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, &p3, 0, &comp, &part, 1, &np), 0);
    /* The byte form works on u64 games (positions of 8 bytes). */
    CHECK_EQ(grundy_game_value(game, &p3, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    CHECK_EQ(grundy_game_sum_winning_move(game, &p3, 1, &comp, &part, 1, &np), 1);
    CHECK(comp == 0 && np == 1 && part == 2);
    CHECK_EQ(grundy_game_set_canon(game, pair_canon), GRUNDY_ESTATE);
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_ESTATE);
    grundy_game_stats(game, &stored, &bytes);
    CHECK_EQ(stored, 4);
    CHECK(bytes > 0);
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Allocation failure. */

/* Runs one call that returns a status (or 0/1 for winning moves); on ENOMEM
 * lets memory back and runs it again.  Anything else than ENOMEM or the
 * expected success is a failure. */
#define STEP(f, expect, call)                            \
    do {                                                 \
        int rc_;                                         \
        FAILING_RETRY(f, rc_, call);                     \
        CHECK_EQ(rc_, (expect));                         \
    } while (0)

/* A rule game with splits on 0..N: n -> {n-1}, {n/2, n/3} (n >= 2),
 * {} (n % 7 == 0), {n-3, n-5, n/4} (n >= 5). */
static int rich_moves(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    if (n >= 1)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){n - 1}, 1));
    if (n >= 2)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){n / 2, n / 3}, 2));
    if (n % 7 == 0)
        ADD_OR_RETURN(grundy_options_add_u64(out, NULL, 0));
    if (n >= 5)
        ADD_OR_RETURN(grundy_options_add_u64(out, (const uint64_t[]){n - 3, n - 5, n / 4}, 3));
    return 0;
}

#define RICH_N 3000

static int rich_brute(int n, int *memo)
{
    if (memo[n] >= 0)
        return memo[n];
    int seen[8] = {0};
    int x[4], k = 0;
    if (n >= 1)
        x[k++] = rich_brute(n - 1, memo);
    if (n >= 2)
        x[k++] = rich_brute(n / 2, memo) ^ rich_brute(n / 3, memo);
    if (n % 7 == 0)
        x[k++] = 0;
    if (n >= 5)
        x[k++] = rich_brute(n - 3, memo) ^ rich_brute(n - 5, memo) ^ rich_brute(n / 4, memo);
    for (int i = 0; i < k; i++)
        if (x[i] < 8)
            seen[x[i]] = 1;
    int m = 0;
    while (seen[m])
        m++;
    return memo[n] = m;
}

static int rich_memo[RICH_N + 1];

/* Returns a checksum of everything computed; *ok is 0 when creating the
 * game failed (which must then have been ENOMEM). */
static long scenario_rule_game(failing_alloc *f, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    grundy_game *game = (grundy_game *)&a;
    int rc = grundy_game_new_u64(&game, rich_moves, NULL, &a);
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        *ok = 0;
        return 0;
    }
    *ok = 1;
    long sum = 0;
    uint32_t v = 12345;
    STEP(f, GRUNDY_OK, grundy_game_value_u64(game, 100, &v));
    CHECK_EQ(v, rich_memo[100]);
    sum = sum * 31 + v;
    STEP(f, GRUNDY_OK, grundy_game_value_u64(game, RICH_N, &v));
    CHECK_EQ(v, rich_memo[RICH_N]);
    sum = sum * 31 + v;
    const uint64_t sum_pos[3] = {RICH_N - 1, 1234, 77};
    STEP(f, GRUNDY_OK, grundy_game_sum_value(game, sum_pos, 3, &v));
    CHECK_EQ(v, rich_memo[RICH_N - 1] ^ rich_memo[1234] ^ rich_memo[77]);
    sum = sum * 31 + v;
    size_t comp = 99;
    uint64_t parts[3];
    uint32_t np = 99;
    STEP(f, v != 0, grundy_game_sum_winning_move_u64(game, sum_pos, 3, &comp, parts, 3, &np));
    sum = sum * 31 + (long)comp * 7 + np;
    grundy_game_free(game);
    return sum;
}

static long scenario_byte_game(failing_alloc *f, int *ok)
{
    grundy_allocator a = failing_allocator(f);
    heaps3 h = {1, 1, 0, 0, 0, 0, 0, {0}, NULL, 0};
    h.expect_user = &h;
    grundy_game *game = NULL;
    int rc = grundy_game_new(&game, 3, h3_moves, &h, &a);
    if (rc != GRUNDY_OK) {
        CHECK_EQ(rc, GRUNDY_ENOMEM);
        CHECK(game == NULL);
        *ok = 0;
        return 0;
    }
    *ok = 1;
    STEP(f, GRUNDY_OK, grundy_game_set_canon(game, h3_canon));
    h.canon_on = 1;
    unsigned char pos[12];
    h3_make(&h, pos, 20, 3, 13);
    uint32_t v = 12345;
    STEP(f, GRUNDY_OK, grundy_game_value(game, pos, &v));
    CHECK_EQ(v, h3_value(&h, pos));
    unsigned char two[6] = {9, 9, 40, 1, 2, 3};
    STEP(f, GRUNDY_OK, grundy_game_sum_value(game, two, 2, &v));
    CHECK_EQ(v, h3_value(&h, two) ^ h3_value(&h, two + 3));
    size_t comp = 99;
    unsigned char parts[3];
    uint32_t np = 99;
    h.searching = 1;
    STEP(f, v != 0, grundy_game_sum_winning_move(game, two, 2, &comp, parts, 1, &np));
    h.searching = 0;
    CHECK(np == 1 && h3_is_move(&h, two + 3 * comp, parts));
    CHECK_EQ(h.not_canonical, 0);
    long sum = (long)v * 1000 + (long)comp * 10 + np;
    grundy_game_free(game);
    return sum;
}

/* Runs the scenario failing allocation n; returns 1 iff one failed. */
static long fail_once(long (*scenario)(failing_alloc *, int *), long n, long expect)
{
    failing_alloc f = {.fail_at = n};
    int ok;
    long got = scenario(&f, &ok);
    CHECK_EQ(f.live, 0);
    if (ok)
        CHECK_EQ(got, expect);
    return f.failures;
}

static void run_until_clean(long (*scenario)(failing_alloc *, int *), const char *name)
{
    failing_alloc clean = {0};
    int ok;
    long expect = scenario(&clean, &ok);
    CHECK(ok);
    CHECK_EQ(clean.live, 0);
    CHECK_EQ(clean.failures, 0);
    /* Fail every allocation in turn when there are few; else the first 150
     * and 150 more spread over the rest, and the last one.  Failing one past
     * the last fails nothing. */
    long total = clean.calls, tried = 0;
    CHECK(total > 3); /* the scenario really allocates several times */
    long step = total <= 300 ? 1 : (total - 150) / 150 + 1;
    for (long n = 1; n <= total; n += n < 150 ? 1 : step, tried++)
        CHECK_EQ(fail_once(scenario, n, expect), 1);
    CHECK_EQ(fail_once(scenario, total, expect), 1);
    CHECK_EQ(fail_once(scenario, total + 1, expect), 0);
    printf("%s: failed %ld of its %ld allocations, one at a time\n", name, tried, total);
}

static void test_alloc_failure(void)
{
    for (int i = 0; i <= RICH_N; i++)
        rich_memo[i] = -1;
    for (int i = 0; i <= RICH_N; i++)
        rich_brute(i, rich_memo);
    run_until_clean(scenario_rule_game, "rule game");
    run_until_clean(scenario_byte_game, "byte game");
}

int main(void)
{
    memset(brute3_memo, 0xff, sizeof brute3_memo);
    test_random_dags();
    test_random_cycles();
    test_splits();
    test_canon();
    test_deep();
    test_cycles();
    test_memory_limit();
    test_growth_by_need();
    test_reentry();
    test_progress_and_cancel();
    test_generator_errors();
    test_arguments();
    test_alloc_failure();
    return harness_done();
}
