/* SPDX-License-Identifier: MIT */
/*
 * hdu1907_john: HDU 1907 "John" (also BZOJ 1022, SHOI2008 "Little John's game").
 *
 * T boxes of M&Ms in piles; the players take turns eating any number of
 * M&Ms of one pile, and whoever eats the very last M&M loses.  John moves
 * first.  This is misère Nim, which grundy_nim_sum_outcome() decides with
 * GRUNDY_PLAY_MISERE.
 *
 * Input: T (<= 474); per test N (<= 47) and the N pile sizes (1..4747).
 * Output: "John" if the first player wins, else "Brother", one per line.
 *
 * Build: cc -std=c11 -O2 -I single hdu1907_john.c
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
    int t, n;

    if (scanf("%d", &t) != 1)
        return 0;
    while (t-- > 0 && scanf("%d", &n) == 1) {
        if (n < 0 || n > MAX_PILES)
            return 1;
        for (int i = 0; i < n; i++)
            if (scanf("%" SCNu64, &piles[i]) != 1)
                return 1;
        puts(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, piles, (size_t)n) == GRUNDY_N ? "John"
                                                                                    : "Brother");
    }
    return 0;
}
