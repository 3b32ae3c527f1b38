/* SPDX-License-Identifier: MIT */
/*
 * poj1704_georgia_and_bob: POJ 1704 "Georgia and Bob".
 *
 * Chessmen stand on distinct cells 1, 2, 3, ... of a row.  A move slides one
 * chessman to the left by one or more cells, without passing or landing on
 * another chessman or leaving the row; who cannot move loses.  Georgia
 * moves first.
 *
 * Model: staircase Nim.  With the chessmen sorted, p1 < p2 < ... < pn, let
 * gap i be the number of empty cells just left of chessman i (p1 - 1 for
 * the first).  Sliding chessman i left by d takes d from gap i and adds d to
 * gap i + 1 (the last chessman's gap just shrinks).  So the gaps are the
 * steps of a staircase whose coins flow from gap i towards gap n and then
 * off the board: gap n is step 1, gap n - 1 step 2, ..., gap 1 step n, and
 * step 0 (the floor) is empty.  grundy_staircase_nim_outcome() decides it:
 * the xor of gaps n, n - 2, n - 4, ...
 *
 * Input: T (<= 20); per test N (<= 1000) and the N positions (<= 10000),
 * not necessarily sorted.
 * Output: "Georgia will win" or "Bob will win", one per line.
 *
 * Build: cc -std=c11 -O2 -I single poj1704_georgia_and_bob.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_MEN 100000

static int by_value(const void *a, const void *b)
{
    const long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    static long pos[MAX_MEN];
    static uint64_t steps[MAX_MEN + 1];
    int t, n;

    if (scanf("%d", &t) != 1)
        return 0;
    while (t-- > 0 && scanf("%d", &n) == 1) {
        if (n < 0 || n > MAX_MEN)
            return 1;
        for (int i = 0; i < n; i++)
            if (scanf("%ld", &pos[i]) != 1)
                return 1;
        qsort(pos, (size_t)n, sizeof pos[0], by_value);
        steps[0] = 0; /* the floor */
        for (int i = 0; i < n; i++) {
            const long gap = pos[i] - (i > 0 ? pos[i - 1] : 0) - 1;
            steps[n - i] = (uint64_t)(gap > 0 ? gap : 0);
        }
        puts(grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, steps, (size_t)n + 1) == GRUNDY_N
                 ? "Georgia will win"
                 : "Bob will win");
    }
    return 0;
}
