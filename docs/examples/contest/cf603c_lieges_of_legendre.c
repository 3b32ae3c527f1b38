/* SPDX-License-Identifier: MIT */
/*
 * cf603c_lieges_of_legendre: Codeforces 603C "Lieges of Legendre"
 * (Codeforces Round #334, Div. 1).  https://codeforces.com/problemset/problem/603/C
 *
 * Piles of cows and a fixed k.  A move either removes one cow from a pile,
 * or replaces a pile of even size 2x by k piles of x cows each.  Whoever
 * removes the last cow wins; Kevin moves first.
 *
 * Model.  The piles are independent, so the position is the sum of its
 * piles, and the rules go to the library as a move generator over pile
 * sizes (grundy_game_new_u64).  Kevin wins when the xor of the piles'
 * values is not 0 (grundy_nim_sum_outcome() of the values).  k equal piles
 * are a sum of k equal games, and two equal games cancel, so the split is
 * given as k mod 2 piles of x when k is odd and as 2 piles when k is even
 * (the same value as k piles).
 *
 * Piles go up to 10^9, too many positions to search one by one, so a
 * canonicalising callback maps a pile to a small pile of the same value
 * (grundy_game_set_canon); the library then stores only a few positions:
 * - k even: every odd pile x >= 3 has value 0 and every even pile x >= 4
 *   has value 1.  (Odd x >= 3 can only go to x - 1, an even pile of value
 *   2 or 1; even x >= 4 goes to x - 1, of value 0, or splits to value 0.)
 *   So x >= 3 maps to 3 or 4.
 * - k odd: every odd pile x >= 5 has value 0 (it can only go to the even
 *   pile x - 1, which has a move to a pile of value 0: 4 -> 2, or x - 2 >= 5
 *   when x - 1 >= 6), so it maps to 5; an even pile x = 2 (mod 4) with
 *   x >= 10 goes to x - 1 and to x / 2, both odd and >= 5, so its value is
 *   mex{0} = 1 and it maps to 10.  Other even piles keep their size; their
 *   split halves them, so a pile is evaluated in O(log x) positions.
 *
 * Input: "n k" (n <= 10^5, k <= 10^9), then a1 ... an (1 <= ai <= 10^9).
 * Output: "Kevin" if the first player wins, else "Nicky".
 *
 * Build: cc -std=c11 -O2 -I single cf603c_lieges_of_legendre.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The user pointer of both callbacks points to k mod 2. */
static int pile_moves(void *user, uint64_t x, grundy_options *out)
{
    const uint64_t k_odd = *(const uint64_t *)user;
    uint64_t parts[2];
    int status;

    if (x >= 1) { /* remove one cow */
        parts[0] = x - 1;
        status = grundy_options_add(out, parts, 1);
        if (status != GRUNDY_OK)
            return status;
    }
    if (x >= 2 && x % 2 == 0) { /* 2y -> k piles of y */
        parts[0] = parts[1] = x / 2;
        status = grundy_options_add(out, parts, k_odd ? 1 : 2);
        if (status != GRUNDY_OK)
            return status;
    }
    return 0;
}

static void pile_canon(void *user, void *pos)
{
    const uint64_t k_odd = *(const uint64_t *)user;
    uint64_t x;

    memcpy(&x, pos, sizeof x);
    if (!k_odd && x >= 3)
        x = x % 2 == 1 ? 3 : 4;
    else if (k_odd && x >= 5 && x % 2 == 1)
        x = 5;
    else if (k_odd && x >= 10 && x % 4 == 2)
        x = 10;
    memcpy(pos, &x, sizeof x);
}

int main(void)
{
    grundy_game *game = NULL;
    uint64_t n, k, k_odd, *piles;
    int status, outcome = GRUNDY_P;

    if (scanf("%" SCNu64 " %" SCNu64, &n, &k) != 2)
        return 1;
    piles = malloc((n > 0 ? (size_t)n : 1) * sizeof *piles);
    if (piles == NULL)
        return 1;
    for (uint64_t i = 0; i < n; i++)
        if (scanf("%" SCNu64, &piles[i]) != 1) {
            free(piles);
            return 1;
        }
    k_odd = k % 2;
    status = grundy_game_new_u64(&game, pile_moves, &k_odd, NULL);
    if (status == GRUNDY_OK)
        status = grundy_game_set_canon(game, pile_canon);
    /* Each pile is replaced by its value. */
    for (uint64_t i = 0; i < n && status == GRUNDY_OK; i++) {
        uint32_t value = 0;
        status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &piles[i], &value);
        piles[i] = value;
    }
    if (status == GRUNDY_OK)
        outcome = grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, piles, (size_t)n);
    grundy_game_free(game);
    free(piles);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "cf603c_lieges_of_legendre: %s\n", grundy_strerror(status));
        return 1;
    }
    puts(outcome == GRUNDY_N ? "Kevin" : "Nicky");
    return 0;
}
