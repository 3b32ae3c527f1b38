/* SPDX-License-Identifier: MIT */
/* Nim, misère Nim, bounded Nim, staircase Nim and Nim on levels against
 * brute-force play: every position with few small heaps, solved by memoized
 * search over the game's own moves, every move the library proposes
 * replayed, and every winning move it lists compared with the search's. */
#include <string.h>

#include "grundy.h"
#include "harness.h"

#define MAXH 4    /* heaps (or steps) */
#define MAXS 6    /* stones per heap */
#define BASE 13  /* staircase coins pile up: 4 steps of at most 3 */

enum rules { NORMAL, MISERE, BOUNDED, STAIRCASE };

static int memo[4][BASE * BASE * BASE * BASE];
static int bound_m; /* bounded Nim's max take, when rules == BOUNDED */

static int encode(const uint64_t *h, int n)
{
    int code = 0;
    for (int i = n - 1; i >= 0; i--)
        code = code * BASE + (int)h[i];
    return code;
}

/* 1 iff the player to move wins. */
static int brute_wins(enum rules r, uint64_t *h, int n)
{
    int *slot = &memo[r][encode(h, n)];
    if (*slot >= 0)
        return *slot;
    int any_move = 0, win = 0;
    for (int i = (r == STAIRCASE ? 1 : 0); i < n && !win; i++) {
        uint64_t max = h[i];
        if (r == BOUNDED && max > (uint64_t)bound_m)
            max = (uint64_t)bound_m;
        for (uint64_t k = 1; k <= max && !win; k++) {
            any_move = 1;
            h[i] -= k;
            if (r == STAIRCASE)
                h[i - 1] += k;
            if (!brute_wins(r, h, n))
                win = 1;
            if (r == STAIRCASE)
                h[i - 1] -= k;
            h[i] += k;
        }
    }
    if (!any_move)
        win = r == MISERE; /* no move: lost in normal play, won in misère */
    return *slot = win;
}

/* Enumerates every position of n heaps of at most `max` stones. */
static int next_position(uint64_t *h, int n, int max)
{
    for (int i = 0; i < n; i++) {
        if ((int)h[i] < max) {
            h[i]++;
            return 1;
        }
        h[i] = 0;
    }
    return 0;
}

static void check_move(enum rules r, uint64_t *h, int n, size_t i, uint64_t k)
{
    if (!CHECK(i < (size_t)n && k >= 1 && k <= h[i]))
        return;
    if (r == BOUNDED)
        CHECK(k <= (uint64_t)bound_m);
    h[i] -= k;
    if (r == STAIRCASE)
        h[i - 1] += k;
    CHECK_EQ(brute_wins(r, h, n), 0);
    if (r == STAIRCASE)
        h[i - 1] -= k;
    h[i] += k;
}

/* The one move a winning-move call wrote: 1 with its entry and tokens if
 * exactly one entry is not GRUNDY_NO_MOVE, else 0. */
static int the_move(const uint64_t *moves, int n, size_t *i, uint64_t *k)
{
    int count = 0;
    for (int j = 0; j < n; j++) {
        if (moves[j] != GRUNDY_NO_MOVE) {
            count++;
            *i = (size_t)j;
            *k = moves[j];
        }
    }
    return count == 1;
}

/* Every winning move of a Nim position (heap, tokens), by the search, heap
 * by heap: how many, written to heap[] and take[]. */
static int brute_winning_moves(enum rules r, uint64_t *h, int n, size_t *heap, uint64_t *take)
{
    int count = 0;
    for (int i = 0; i < n; i++) {
        for (uint64_t k = 1; k <= h[i]; k++) {
            h[i] -= k;
            if (!brute_wins(r, h, n)) {
                heap[count] = (size_t)i;
                take[count++] = k;
            }
            h[i] += k;
        }
    }
    return count;
}

/* grundy_nim_sum_winning_moves against the search: the same moves in the
 * same order (at most one per heap), and grundy_nim_sum_winning_move picks
 * the first of them. */
static void check_all_moves(enum rules r, uint64_t *h, int n, const uint64_t *moves, int found)
{
    int play = r == MISERE ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    size_t want_heap[MAXH * MAXS], got_heap[MAXH * MAXS];
    uint64_t want_take[MAXH * MAXS], got_take[MAXH * MAXS];
    int want = brute_winning_moves(r, h, n, want_heap, want_take);
    size_t count = 999;
    CHECK_EQ(grundy_nim_sum_winning_moves(play, h, (size_t)n, got_heap, got_take, MAXH * MAXS,
                                          &count), GRUNDY_OK);
    if (!CHECK_EQ(count, want))
        return;
    int same = 1;
    for (int j = 0; j < want; j++) {
        same &= got_heap[j] == want_heap[j] && got_take[j] == want_take[j];
        same &= j == 0 || got_heap[j] > got_heap[j - 1]; /* one per heap */
    }
    CHECK(same);
    if (want > 0 && found == 1)
        CHECK_EQ(moves[want_heap[0]], want_take[0]);
    /* Less room: the count still, and the first ones; no arrays at all. */
    size_t c1 = 999, one_heap = 99;
    uint64_t one_take = 0;
    CHECK_EQ(grundy_nim_sum_winning_moves(play, h, (size_t)n, &one_heap, &one_take, 1, &c1),
             GRUNDY_OK);
    CHECK_EQ(c1, want);
    if (want > 0)
        CHECK(one_heap == want_heap[0] && one_take == want_take[0]);
    size_t c0 = 999;
    CHECK_EQ(grundy_nim_sum_winning_moves(play, h, (size_t)n, NULL, NULL, 0, &c0), GRUNDY_OK);
    CHECK_EQ(c0, want);
}

static void check_position(enum rules r, uint64_t *h, int n)
{
    int wins = brute_wins(r, h, n);
    int outcome = r == NORMAL ? grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, h, (size_t)n)
                : r == MISERE ? grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, h, (size_t)n)
                : r == STAIRCASE ? grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, h, (size_t)n)
                : grundy_bounded_nim_sum_outcome((uint64_t)bound_m, GRUNDY_PLAY_NORMAL, h,
                                                 (size_t)n);
    CHECK_EQ(outcome, wins ? GRUNDY_N : GRUNDY_P);
    size_t i = 99;
    uint64_t k = 0;
    uint64_t moves[MAXH];
    for (int j = 0; j < MAXH; j++)
        moves[j] = 12345;
    int found = r == NORMAL ? grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, h, (size_t)n, moves)
              : r == MISERE ? grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, h, (size_t)n, moves)
              : r == STAIRCASE ? grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, h,
                                                                    (size_t)n, moves)
              : grundy_bounded_nim_sum_winning_move((uint64_t)bound_m, GRUNDY_PLAY_NORMAL, h,
                                                    (size_t)n, moves);
    int stones = 0;
    for (int j = 0; j < n; j++)
        stones += (int)h[j];
    /* Misère with no stones: won, with no move to make. */
    int expect_move = wins && !(r == MISERE && stones == 0);
    CHECK_EQ(found, expect_move);
    if (found == 1 && CHECK(the_move(moves, n, &i, &k)))
        check_move(r, h, n, i, k);
    if (found == 0) {
        int none = 1;
        for (int j = 0; j < n; j++)
            none &= moves[j] == GRUNDY_NO_MOVE;
        CHECK(none);
    }
    if (r == NORMAL || r == MISERE)
        check_all_moves(r, h, n, moves, found);
}

static void test_all_small_positions(void)
{
    bound_m = 2;
    memset(memo, -1, sizeof memo);
    for (int r = NORMAL; r <= STAIRCASE; r++) {
        for (int n = 0; n <= MAXH; n++) {
            int max = n == MAXH ? 3 : MAXS;
            if (r == STAIRCASE)
                max = 3; /* coins pile up on lower steps: stay below BASE */
            uint64_t h[MAXH] = {0};
            do
                check_position((enum rules)r, h, n);
            while (next_position(h, n, max));
        }
    }
}

static void test_bounded_values(void)
{
    for (int m = 1; m <= 5; m++) {
        bound_m = m;
        memset(memo[BOUNDED], -1, sizeof memo[BOUNDED]);
        for (uint64_t x = 0; x <= MAXS; x++) {
            /* Single-heap value by plain mex over the heap's own options. */
            uint64_t val[MAXS + 1];
            for (uint64_t y = 0; y <= x; y++) {
                int seen[MAXS + 2] = {0};
                for (uint64_t k = 1; k <= (uint64_t)m && k <= y; k++)
                    seen[val[y - k]] = 1;
                uint64_t v = 0;
                while (seen[v])
                    v++;
                val[y] = v;
            }
            uint64_t got = 99;
            CHECK_EQ(grundy_bounded_nim_value((uint64_t)m, GRUNDY_PLAY_NORMAL, x, &got),
                     GRUNDY_OK);
            CHECK_EQ(got, val[x]);
        }
        uint64_t h[3] = {0};
        do
            check_position(BOUNDED, h, 3);
        while (next_position(h, 3, MAXS));
    }
    uint64_t v = 99;
    CHECK_EQ(grundy_bounded_nim_value(UINT64_MAX, GRUNDY_PLAY_NORMAL, 12345, &v), GRUNDY_OK);
    CHECK_EQ(v, 12345);
    /* A bound of 0 allows no move: refused (0.1 answered 0). */
    CHECK_EQ(grundy_bounded_nim_value(0, GRUNDY_PLAY_NORMAL, 12345, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_bounded_nim_value(UINT64_MAX - 1, GRUNDY_PLAY_NORMAL, UINT64_MAX, &v),
             GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(grundy_bounded_nim_value(3, GRUNDY_PLAY_NORMAL, 7, NULL), GRUNDY_EINVAL);
    uint64_t moves[1];
    const uint64_t three[] = {3};
    CHECK_EQ(grundy_bounded_nim_sum_winning_move(0, GRUNDY_PLAY_NORMAL, three, 1, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_bounded_nim_sum_outcome(0, GRUNDY_PLAY_NORMAL, three, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_bounded_nim_sum_outcome(3, GRUNDY_PLAY_NORMAL, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_bounded_nim_sum_winning_move(3, GRUNDY_PLAY_NORMAL, three, 1, NULL),
             GRUNDY_EINVAL);
    /* Big heaps: values mod max_take + 1, the move takes at most max_take. */
    const uint64_t big[] = {UINT64_MAX, 1000000000000ull};
    uint64_t two[2];
    CHECK_EQ(grundy_bounded_nim_sum_winning_move(1000, GRUNDY_PLAY_NORMAL, big, 2, two), 1);
    size_t i = 9;
    uint64_t k = 0;
    if (CHECK(the_move(two, 2, &i, &k))) {
        uint64_t after[2] = {big[0], big[1]};
        after[i] -= k;
        CHECK(k >= 1 && k <= 1000);
        CHECK_EQ(grundy_bounded_nim_sum_outcome(1000, GRUNDY_PLAY_NORMAL, after, 2), GRUNDY_P);
    }
}

/* The seeds' examples, including seed 003's arithmetic slip: 3 ^ 8 ^ 15 = 4, not 0. */
static void test_seed_examples(void)
{
    const uint64_t h[] = {3, 8, 15};
    uint64_t x = 99, moves[3];
    CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, h, 3, &x), GRUNDY_OK);
    CHECK_EQ(x, 4);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, h, 3), GRUNDY_N);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, h, 3), GRUNDY_N);
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, h, 3, moves), 1);
    /* 15 -> 11: 3 ^ 8 ^ 11 = 0 */
    CHECK(moves[0] == GRUNDY_NO_MOVE && moves[1] == GRUNDY_NO_MOVE && moves[2] == 4);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, (const uint64_t[]){1, 1, 1}, 3), GRUNDY_P);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, (const uint64_t[]){1, 1}, 2), GRUNDY_N);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, NULL, 0), GRUNDY_N);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, NULL, 0, &x), GRUNDY_OK);
    CHECK_EQ(x, 0);
    /* Large heaps: no overflow in the xor or the move. */
    const uint64_t big[] = {UINT64_MAX, UINT64_MAX - 1, 5};
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, big, 3, moves), 1);
    size_t i = 9;
    uint64_t k = 0;
    if (CHECK(the_move(moves, 3, &i, &k))) {
        uint64_t after[] = {big[0], big[1], big[2]};
        after[i] -= k;
        CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, after, 3, &x), GRUNDY_OK);
        CHECK_EQ(x, 0);
    }
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL,
                                    (const uint64_t[]){UINT64_MAX, UINT64_MAX}, 2), GRUNDY_P);
    /* Misère with big heaps plays as Nim; with one big heap, cut it to leave
     * an odd number of ones. */
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, big, 3, moves), 1);
    if (CHECK(the_move(moves, 3, &i, &k))) {
        uint64_t after[] = {big[0], big[1], big[2]};
        after[i] -= k;
        CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, after, 3), GRUNDY_P);
    }
    const uint64_t one_big[] = {1, UINT64_MAX, 1};
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, one_big, 3, moves), 1);
    CHECK(moves[0] == GRUNDY_NO_MOVE && moves[1] == UINT64_MAX - 1 && moves[2] == GRUNDY_NO_MOVE);
    /* The one winning move takes a whole heap of 2^64 - 1 tokens: it cannot
     * be written (it would read as GRUNDY_NO_MOVE), so it is refused rather
     * than reported as a P-position. */
    const uint64_t whole[] = {UINT64_MAX};
    size_t count = 0;
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, whole, 1, moves), GRUNDY_ERANGE);
    CHECK_EQ(grundy_nim_sum_winning_moves(GRUNDY_PLAY_NORMAL, whole, 1, NULL, moves, 1, &count),
             GRUNDY_ERANGE);
    CHECK_EQ(grundy_bounded_nim_sum_winning_move(UINT64_MAX, GRUNDY_PLAY_NORMAL, whole, 1, moves),
             GRUNDY_ERANGE);
    CHECK_EQ(grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL,
                                               (const uint64_t[]){0, UINT64_MAX}, 2, moves),
             GRUNDY_ERANGE);
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, (const uint64_t[]){UINT64_MAX, 1}, 2,
                                         moves), GRUNDY_ERANGE);
}

/* The 0.1 grundy_sum_winning_target, now grundy_nim_sum_winning_move: the
 * entry that is not GRUNDY_NO_MOVE, with target v[i] - moves[i]. */
static void test_sum_target_and_args(void)
{
    const uint64_t v[] = {5, 9, 13}; /* nim-sum 1 */
    uint64_t moves[3], x = 9;
    size_t c = 9;
    uint64_t take = 0;
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, v, 3, moves), 1);
    if (CHECK(the_move(moves, 3, &c, &take))) {
        uint64_t t = v[c] - take;
        CHECK(c < 3 && t < v[c]);
        uint64_t w[] = {5, 9, 13};
        w[c] = t;
        CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, w, 3, &x), GRUNDY_OK);
        CHECK_EQ(x, 0);
        CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, w, 3, moves), 0);
    }
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, NULL, 2, moves), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, v, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, NULL, 2, &x), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, v, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_MISERE, v, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, NULL, 3, moves), GRUNDY_EINVAL);
    CHECK_EQ(grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, v, 3, NULL), GRUNDY_EINVAL);
    size_t count, comp[3];
    CHECK_EQ(grundy_nim_sum_winning_moves(GRUNDY_PLAY_NORMAL, v, 3, comp, moves, 3, NULL),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_winning_moves(GRUNDY_PLAY_NORMAL, NULL, 3, comp, moves, 3, &count),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_sum_winning_moves(GRUNDY_PLAY_MISERE, v, 3, comp, NULL, 3, &count),
             GRUNDY_EINVAL);
    /* Nothing to write: no arrays needed. */
    CHECK_EQ(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, NULL, 0, NULL), 0);
    CHECK_EQ(grundy_nim_sum_winning_moves(GRUNDY_PLAY_MISERE, NULL, 0, NULL, NULL, 0, &count),
             GRUNDY_OK);
    CHECK_EQ(count, 0);
    /* Staircase: only odd steps move, down one step. */
    const uint64_t steps[] = {7, 3, 4, 1};
    uint64_t sm[4];
    CHECK_EQ(grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, steps, 4, sm), 1);
    CHECK(sm[0] == GRUNDY_NO_MOVE && sm[1] == 2 && sm[2] == GRUNDY_NO_MOVE &&
          sm[3] == GRUNDY_NO_MOVE);
}

/* A call's status, with what it found (a count, an outcome) as GRUNDY_OK. */
static int status_of(int rc)
{
    return rc >= 0 ? GRUNDY_OK : rc;
}

/* Each closed form takes its plays; any other play is ENOTSUP, and what is
 * not a play EINVAL. */
static void test_plays(void)
{
    const uint64_t h[] = {1, 2, 3, 4};
    const size_t counts[] = {2, 2};
    uint64_t out[4], x;
    size_t comp[4], count;
    const int bad_plays[] = {8, 99, -1, 0x400, GRUNDY_PLAY_NORMAL | GRUNDY_BY_SJ,
                             GRUNDY_PLAY_WTIA | GRUNDY_BY_GENUS, GRUNDY_PLAY_MISERE | 0x400};
    for (int play = 0; play <= GRUNDY_PLAY_SHORTENED + 3; play++) {
        /* 8, 9, 10: misère play with a method flag, which closed forms need not */
        int p = play <= GRUNDY_PLAY_SHORTENED ? play
              : GRUNDY_PLAY_MISERE | (GRUNDY_BY_SJ * (play - GRUNDY_PLAY_SHORTENED));
        int normal = p == GRUNDY_PLAY_NORMAL, nim = normal || p == GRUNDY_PLAY_MISERE;
        int want = normal ? GRUNDY_OK : GRUNDY_ENOTSUP;
        int want_nim = nim ? GRUNDY_OK : GRUNDY_ENOTSUP;
        int want_w = p == GRUNDY_PLAY_WTIA ? GRUNDY_OK : GRUNDY_ENOTSUP;
        CHECK_EQ(grundy_nim_sum_value(p, h, 4, &x), want);
        CHECK_EQ(status_of(grundy_nim_sum_outcome(p, h, 4)), want_nim);
        CHECK_EQ(status_of(grundy_nim_sum_winning_move(p, h, 4, out)), want_nim);
        CHECK_EQ(grundy_nim_sum_winning_moves(p, h, 4, comp, out, 4, &count), want_nim);
        CHECK_EQ(grundy_bounded_nim_value(2, p, 5, &x), want);
        CHECK_EQ(status_of(grundy_bounded_nim_sum_outcome(2, p, h, 4)), want);
        CHECK_EQ(status_of(grundy_bounded_nim_sum_winning_move(2, p, h, 4, out)),
                 want);
        CHECK_EQ(status_of(grundy_staircase_nim_outcome(p, h, 4)), want);
        CHECK_EQ(status_of(grundy_staircase_nim_winning_move(p, h, 4, out)), want);
        CHECK_EQ(grundy_nim_levels_value(p, h, 4, &x), want_w);
        CHECK_EQ(status_of(grundy_nim_levels_sum_outcome(p, h, counts, 2)), want_w);
        CHECK_EQ(status_of(grundy_nim_levels_sum_winning_move(p, h, counts, 2, out)),
                 want_w);
    }
    for (size_t i = 0; i < sizeof bad_plays / sizeof bad_plays[0]; i++) {
        int p = bad_plays[i];
        CHECK_EQ(grundy_nim_sum_value(p, h, 4, &x), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_sum_outcome(p, h, 4), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_sum_winning_move(p, h, 4, out), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_sum_winning_moves(p, h, 4, comp, out, 4, &count), GRUNDY_EINVAL);
        CHECK_EQ(grundy_bounded_nim_value(2, p, 5, &x), GRUNDY_EINVAL);
        CHECK_EQ(grundy_bounded_nim_sum_outcome(2, p, h, 4), GRUNDY_EINVAL);
        CHECK_EQ(grundy_bounded_nim_sum_winning_move(2, p, h, 4, out), GRUNDY_EINVAL);
        CHECK_EQ(grundy_staircase_nim_outcome(p, h, 4), GRUNDY_EINVAL);
        CHECK_EQ(grundy_staircase_nim_winning_move(p, h, 4, out), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_levels_value(p, h, 4, &x), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_levels_sum_outcome(p, h, counts, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_nim_levels_sum_winning_move(p, h, counts, 2, out), GRUNDY_EINVAL);
    }
}

/* ------------------------------------------------------------------------ */
/* Nim on levels, played "winner takes it all", against its definition: a
 * move takes coins from the top non-empty heap of one super-heap, and
 * whoever empties a super-heap wins. */

#define LV_HEAPS 6 /* heaps in all, each of at most 3 coins */
#define LV_CODES 4096

static signed char lv_memo[LV_CODES];

static int lv_code(const uint64_t *h, int total)
{
    int code = 0;
    for (int i = total - 1; i >= 0; i--)
        code = code * 4 + (int)h[i];
    return code;
}

/* The top non-empty heap of the super-heap of heaps h[0 .. c), or -1. */
static int lv_top(const uint64_t *h, size_t c)
{
    for (int i = (int)c - 1; i >= 0; i--)
        if (h[i] != 0)
            return i;
    return -1;
}

/* 1 iff the player to move wins the sum of super-heaps (counts[] heaps each). */
static int lv_wins(uint64_t *h, const size_t *counts, size_t n, int total)
{
    signed char *slot = &lv_memo[lv_code(h, total)];
    if (*slot >= 0)
        return *slot;
    int win = 0, over = 0;
    size_t off = 0;
    for (size_t s = 0; s < n; off += counts[s], s++)
        over |= lv_top(h + off, counts[s]) < 0;
    off = 0;
    for (size_t s = 0; s < n && !over && !win; off += counts[s], s++) {
        int t = lv_top(h + off, counts[s]);
        for (uint64_t k = 1; k <= h[off + (size_t)t] && !win; k++) {
            h[off + (size_t)t] -= k;
            win = lv_top(h + off, counts[s]) < 0 || !lv_wins(h, counts, n, total);
            h[off + (size_t)t] += k;
        }
    }
    return *slot = (signed char)win;
}

/* The w-number of one super-heap by definition: SP when empty; SC when a
 * move empties it; else the mex of its options' numbers. */
static uint64_t lv_w(uint64_t *h, size_t c)
{
    int t = lv_top(h, c);
    if (t < 0)
        return GRUNDY_SP64;
    int seen[8] = {0}, sc = 0;
    for (uint64_t k = 1; k <= h[t]; k++) {
        h[t] -= k;
        uint64_t w = lv_w(h, c);
        h[t] += k;
        if (w == GRUNDY_SP64)
            sc = 1;
        else if (w != GRUNDY_SC64)
            seen[w] = 1;
    }
    if (sc)
        return GRUNDY_SC64;
    uint64_t m = 0;
    while (seen[m])
        m++;
    return m;
}

static void check_levels_position(uint64_t *h, const size_t *counts, size_t n, int total)
{
    int wins = lv_wins(h, counts, n, total);
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, h, counts, n),
             wins ? GRUNDY_N : GRUNDY_P);
    uint64_t moves[3] = {7, 7, 7};
    int found = grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, h, counts, n, moves);
    CHECK_EQ(found, wins);
    size_t s = 9;
    uint64_t k = 0;
    if (found == 1 && CHECK(the_move(moves, (int)n, &s, &k))) {
        size_t off = 0;
        for (size_t j = 0; j < s; j++)
            off += counts[j];
        int t = lv_top(h + off, counts[s]);
        if (CHECK(t >= 0 && k >= 1 && k <= h[off + (size_t)t])) {
            h[off + (size_t)t] -= k;
            /* emptied a super-heap, or left a lost position */
            CHECK(lv_top(h + off, counts[s]) < 0 || !lv_wins(h, counts, n, total));
            h[off + (size_t)t] += k;
        }
    }
    size_t off = 0;
    for (size_t j = 0; j < n; off += counts[j], j++) {
        uint64_t w = 99;
        CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, h + off, counts[j], &w), GRUNDY_OK);
        CHECK_EQ(w, lv_w(h + off, counts[j]));
    }
}

static void test_nim_levels(void)
{
    /* Every split of up to six heaps of 0 to 3 coins into one to three
     * super-heaps. */
    static const size_t shapes[][3] = {{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {1, 1, 0},
                                       {2, 1, 0}, {1, 2, 0}, {2, 2, 0}, {3, 2, 0}, {3, 3, 0},
                                       {1, 1, 1}, {2, 1, 1}, {2, 2, 2}, {1, 2, 3}};
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        size_t n = shapes[i][2] ? 3 : shapes[i][1] ? 2 : 1;
        int total = (int)(shapes[i][0] + shapes[i][1] + shapes[i][2]);
        memset(lv_memo, -1, sizeof lv_memo);
        uint64_t h[LV_HEAPS] = {0};
        do
            check_levels_position(h, shapes[i], n, total);
        while (next_position(h, total, 3));
    }
    /* The constants and the arguments. */
    uint64_t w = 0, moves[2];
    const uint64_t big[] = {5, UINT64_MAX - 1, 0};
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, big, 2, &w), GRUNDY_OK);
    CHECK_EQ(w, UINT64_MAX - 2); /* over a single heap: top - 1 */
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, big, 1, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SC64);
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, big + 2, 1, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SP64);
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, NULL, 0, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SP64);
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, NULL, 1, &w), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, big, 1, NULL), GRUNDY_EINVAL);
    /* A w-number that would be SC64 or SP64: refused, not confused. */
    const uint64_t huge[] = {1, UINT64_MAX};
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, huge, 2, &w), GRUNDY_ELIMIT);
    const uint64_t huge3[] = {1, 5, UINT64_MAX};
    CHECK_EQ(grundy_nim_levels_value(GRUNDY_PLAY_WTIA, huge3, 3, &w), GRUNDY_ELIMIT);
    const size_t counts[] = {2, 1};
    const size_t with_empty[] = {2, 0};
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, big, with_empty, 2, moves), 0);
    CHECK(moves[0] == GRUNDY_NO_MOVE && moves[1] == GRUNDY_NO_MOVE);
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, big, with_empty, 2), GRUNDY_P);
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, NULL, NULL, 0, NULL), 0);
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, NULL, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, big, NULL, 2, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, NULL, counts, 2, moves),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_levels_sum_winning_move(GRUNDY_PLAY_WTIA, big, counts, 2, NULL),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, NULL, counts, 2), GRUNDY_EINVAL);
    const size_t overflow[] = {SIZE_MAX, 2};
    CHECK_EQ(grundy_nim_levels_sum_outcome(GRUNDY_PLAY_WTIA, big, overflow, 2), GRUNDY_EINVAL);
}

static void test_version_and_errors(void)
{
    CHECK_EQ(grundy_version_number(), GRUNDY_VERSION_NUMBER);
    CHECK(strcmp(grundy_version(), "0.2.0") == 0);
    const int codes[] = {GRUNDY_OK, GRUNDY_ENOMEM, GRUNDY_EINVAL, GRUNDY_ECYCLE, GRUNDY_EPARSE,
                         GRUNDY_ERANGE, GRUNDY_ELIMIT, GRUNDY_ESTATE, GRUNDY_ECANCELED,
                         GRUNDY_ENOTSUP};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        CHECK(strcmp(grundy_strerror(codes[i]), "unknown status") != 0);
        for (size_t j = 0; j < i; j++)
            CHECK(strcmp(grundy_strerror(codes[i]), grundy_strerror(codes[j])) != 0);
    }
    CHECK(strcmp(grundy_strerror(-1000), "unknown status") == 0);
}

int main(void)
{
    RUN(test_all_small_positions);
    RUN(test_bounded_values);
    RUN(test_seed_examples);
    RUN(test_sum_target_and_args);
    RUN(test_plays);
    RUN(test_nim_levels);
    RUN(test_version_and_errors);
    return harness_done();
}
