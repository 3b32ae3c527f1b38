/* SPDX-License-Identifier: MIT */
/*
 * codingame_misere_nim: CodinGame "Misère Nim" (hard puzzle): every winning move.
 * https://www.codingame.com/training/hard/misere-nim
 *
 * Nim where whoever takes the last object loses.  For each position, list
 * every move "i:a" (take a objects from heap i, both counted from 1) after
 * which the opponent is lost, or CONCEDE if there is none.
 *
 * A move wins exactly when it leaves a P-position of misère Nim, so each of
 * the (at most 3 * 50) moves is tried and the position it leaves is judged
 * by grundy_nim_sum_outcome() with GRUNDY_PLAY_MISERE.  Trying heaps in
 * order and amounts in increasing order gives the required sorting for
 * free.  Taking the very last object leaves no objects, which the library
 * rightly calls a win for the player to move, so that move is never listed.
 *
 * Input: "N K" (1 <= N <= 3 heaps, K <= 5 positions), then K lines of N
 * heap sizes (1..50).
 * Output: one line per position: the moves separated by spaces, or CONCEDE.
 *
 * Build: cc -std=c11 -O2 -I single codingame_misere_nim.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#define MAX_HEAPS 64

int main(void)
{
    uint64_t heaps[MAX_HEAPS], after[MAX_HEAPS];
    int n, k;

    if (scanf("%d %d", &n, &k) != 2 || n < 0 || n > MAX_HEAPS)
        return 1;
    for (int pos = 0; pos < k; pos++) {
        int found = 0;

        for (int i = 0; i < n; i++)
            if (scanf("%" SCNu64, &heaps[i]) != 1)
                return 1;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++)
                after[j] = heaps[j];
            for (uint64_t a = 1; a <= heaps[i]; a++) {
                after[i] = heaps[i] - a;
                if (grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, after, (size_t)n) == GRUNDY_P) {
                    printf("%s%d:%" PRIu64, found ? " " : "", i + 1, a);
                    found = 1;
                }
            }
        }
        puts(found ? "" : "CONCEDE");
    }
    return 0;
}
