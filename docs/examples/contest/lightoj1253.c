/* SPDX-License-Identifier: MIT */
/*
 * lightoj1253: LightOJ 1253 "Misere Nim".
 *
 * Alice and Bob take turns taking one or more stones from one pile; whoever
 * takes the last stone loses.  Alice moves first.  This is misère Nim,
 * which grundy_nim_sum_outcome() decides with GRUNDY_PLAY_MISERE.
 *
 * Input: T (<= 200); per test k (1..100) and the k pile sizes (1..10^9).
 * Output: "Case i: Alice" if the first player wins, else "Case i: Bob".
 *
 * Build: cc -std=c11 -O2 -I single lightoj1253.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#define MAX_PILES 4096

int main(void)
{
    static uint64_t piles[MAX_PILES];
    int t, k;

    if (scanf("%d", &t) != 1)
        return 0;
    for (int c = 1; c <= t && scanf("%d", &k) == 1; c++) {
        if (k < 0 || k > MAX_PILES)
            return 1;
        for (int i = 0; i < k; i++)
            if (scanf("%" SCNu64, &piles[i]) != 1)
                return 1;
        printf("Case %d: %s\n", c,
               grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, piles, (size_t)k) == GRUNDY_N ? "Alice"
                                                                                     : "Bob");
    }
    return 0;
}
