/* SPDX-License-Identifier: MIT */
/*
 * hackerrank_misere_nim: HackerRank "Misère Nim" (misere-nim-1).
 *
 * Two players take turns removing one or more stones from one pile; whoever
 * removes the last stone loses.  The first player moves first.  This is
 * misère Nim, which grundy_nim_sum_outcome() decides with GRUNDY_PLAY_MISERE
 * (Bouton's rule, with the all-ones positions reversed).
 *
 * Input: T (<= 100); per test n (1..100) and the n pile sizes (1..10^9).
 * Output: "First" if the first player wins, else "Second", one line a test.
 *
 * Build: cc -std=c11 -O2 -I single hackerrank_misere_nim.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#define MAX_PILES 65536

int main(void)
{
    static uint64_t piles[MAX_PILES];
    int t, n;

    if (scanf("%d", &t) != 1)
        return 0;
    while (t-- > 0 && scanf("%d", &n) == 1) {
        if (n < 0 || n > MAX_PILES)
            return 1;
        for (int i = 0; i < n; i++)
            if (scanf("%" SCNu64, &piles[i]) != 1)
                return 1;
        puts(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, piles, (size_t)n) == GRUNDY_N
                 ? "First" : "Second");
    }
    return 0;
}
