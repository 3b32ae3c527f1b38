/* Nim, misère Nim, bounded Nim and staircase Nim against brute-force play:
 * every position with few small heaps, solved by memoized search over the
 * game's own moves, and every move the library proposes replayed. */
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

static void check_position(enum rules r, uint64_t *h, int n)
{
    int wins = brute_wins(r, h, n);
    int outcome = r == NORMAL ? grundy_nim_outcome(h, (size_t)n)
                : r == MISERE ? grundy_misere_nim_outcome(h, (size_t)n)
                : r == STAIRCASE ? grundy_staircase_nim_outcome(h, (size_t)n)
                : -99;
    if (r != BOUNDED)
        CHECK_EQ(outcome, wins ? GRUNDY_N : GRUNDY_P);
    size_t i = 99;
    uint64_t k = 0;
    int found = r == NORMAL ? grundy_nim_winning_move(h, (size_t)n, &i, &k)
              : r == MISERE ? grundy_misere_nim_winning_move(h, (size_t)n, &i, &k)
              : r == STAIRCASE ? grundy_staircase_nim_winning_move(h, (size_t)n, &i, &k)
              : grundy_bounded_nim_winning_move(h, (size_t)n, (uint64_t)bound_m, &i, &k);
    int stones = 0;
    for (int j = 0; j < n; j++)
        stones += (int)h[j];
    /* Misère with no stones: won, with no move to make. */
    int expect_move = wins && !(r == MISERE && stones == 0);
    CHECK_EQ(found, expect_move);
    if (found == 1)
        check_move(r, h, n, i, k);
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
            CHECK_EQ(grundy_bounded_nim_value(x, (uint64_t)m), val[x]);
        }
        uint64_t h[3] = {0};
        do
            check_position(BOUNDED, h, 3);
        while (next_position(h, 3, MAXS));
    }
    CHECK_EQ(grundy_bounded_nim_value(12345, UINT64_MAX), 12345);
    CHECK_EQ(grundy_bounded_nim_value(12345, 0), 0);
    CHECK_EQ(grundy_bounded_nim_value(UINT64_MAX, UINT64_MAX - 1), 0);
    size_t i;
    uint64_t k;
    CHECK_EQ(grundy_bounded_nim_winning_move((const uint64_t[]){3}, 1, 0, &i, &k), GRUNDY_EINVAL);
}

/* The seeds' examples, including seed 003's arithmetic slip: 3 ^ 8 ^ 15 = 4, not 0. */
static void test_seed_examples(void)
{
    const uint64_t h[] = {3, 8, 15};
    CHECK_EQ(grundy_nim_sum(h, 3), 4);
    CHECK_EQ(grundy_nim_outcome(h, 3), GRUNDY_N);
    CHECK_EQ(grundy_misere_nim_outcome(h, 3), GRUNDY_N);
    size_t i;
    uint64_t k;
    CHECK_EQ(grundy_nim_winning_move(h, 3, &i, &k), 1);
    CHECK(i == 2 && k == 4); /* 15 -> 11: 3 ^ 8 ^ 11 = 0 */
    CHECK_EQ(grundy_misere_nim_outcome((const uint64_t[]){1, 1, 1}, 3), GRUNDY_P);
    CHECK_EQ(grundy_misere_nim_outcome((const uint64_t[]){1, 1}, 2), GRUNDY_N);
    CHECK_EQ(grundy_misere_nim_outcome(NULL, 0), GRUNDY_N);
    CHECK_EQ(grundy_nim_outcome(NULL, 0), GRUNDY_P);
    /* Large heaps: no overflow in the xor or the move. */
    const uint64_t big[] = {UINT64_MAX, UINT64_MAX - 1, 5};
    CHECK_EQ(grundy_nim_winning_move(big, 3, &i, &k), 1);
    uint64_t after[] = {big[0], big[1], big[2]};
    after[i] -= k;
    CHECK_EQ(grundy_nim_sum(after, 3), 0);
}

static void test_sum_target_and_args(void)
{
    const uint64_t v[] = {5, 9, 13}; /* nim-sum 1 */
    size_t c;
    uint64_t t;
    CHECK_EQ(grundy_sum_winning_target(v, 3, &c, &t), 1);
    CHECK(c < 3 && t < v[c]);
    uint64_t w[] = {5, 9, 13};
    w[c] = t;
    CHECK_EQ(grundy_nim_sum(w, 3), 0);
    CHECK_EQ(grundy_sum_winning_target(w, 3, &c, &t), 0);
    CHECK_EQ(grundy_sum_winning_target(NULL, 2, &c, &t), GRUNDY_EINVAL);
    CHECK_EQ(grundy_sum_winning_target(v, 3, NULL, &t), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_outcome(NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_misere_nim_outcome(NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_staircase_nim_outcome(NULL, 1), GRUNDY_EINVAL);
    CHECK_EQ(grundy_nim_winning_move(v, 3, NULL, &t), GRUNDY_EINVAL);
    CHECK_EQ(grundy_misere_nim_winning_move(v, 3, &c, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_staircase_nim_winning_move(NULL, 3, &c, &t), GRUNDY_EINVAL);
}

static void test_version_and_errors(void)
{
    CHECK_EQ(grundy_version_number(), GRUNDY_VERSION_NUMBER);
    CHECK(strcmp(grundy_version(), "0.1.0") == 0);
    const int codes[] = {GRUNDY_OK, GRUNDY_ENOMEM, GRUNDY_EINVAL, GRUNDY_ECYCLE, GRUNDY_EPARSE,
                         GRUNDY_ERANGE, GRUNDY_ELIMIT, GRUNDY_ESTATE, GRUNDY_ECANCELED};
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        CHECK(strcmp(grundy_strerror(codes[i]), "unknown status") != 0);
        for (size_t j = 0; j < i; j++)
            CHECK(strcmp(grundy_strerror(codes[i]), grundy_strerror(codes[j])) != 0);
    }
    CHECK(strcmp(grundy_strerror(-1000), "unknown status") == 0);
}

int main(void)
{
    test_all_small_positions();
    test_bounded_values();
    test_seed_examples();
    test_sum_target_and_args();
    test_version_and_errors();
    return harness_done();
}
