/* SPDX-License-Identifier: MIT */
/*
 * cses2207_grundys_game: CSES 2207 "Grundy's Game".
 * https://cses.fi/problemset/task/2207
 *
 * One heap of n coins.  A move splits a heap into two non-empty heaps of
 * different sizes; whoever makes the last move wins.  The library knows
 * this game as a family (GRUNDY_HEAP_GRUNDY, the rules of the name
 * "grundy") and computes its values G(0), G(1), ...  Giving the rules as a
 * family rather than by name keeps the name reader and the engines of
 * other games out of the edition cut to this program's calls.
 *
 * Grundy's game has no known period, and computing every value up to 10^6
 * takes seconds, more than the time limit.  But the problem's whole range
 * has been computed once and for all: with every value up to 10^6 (a few
 * seconds with grundy_heap_game_compute()), the heaps of value 0, the
 * P-positions, are 0, 1, 2, 4, 7, 10, ..., 1222 and no larger one.  So the
 * program computes the values up to LIMIT (a millisecond or so) and answers
 * "first" for any larger heap.
 *
 * Input: t (<= 10^5), then t heap sizes n (1 <= n <= 10^6).
 * Output: "first" or "second", one per line.
 *
 * Build: cc -std=c11 -O2 -I single cses2207_grundys_game.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* Above the last P-position, 1222, with room to spare. */
#define LIMIT 2048u

int main(void)
{
    grundy_heap_game *game = NULL;
    uint64_t n;
    uint32_t value;
    int t, status;

    if (scanf("%d", &t) != 1)
        return 0;
    status = grundy_heap_game_new(&game, NULL);
    if (status == GRUNDY_OK)
        status = grundy_heap_game_set_family(game, GRUNDY_HEAP_GRUNDY);
    if (status == GRUNDY_OK)
        status = grundy_heap_game_compute(game, LIMIT);
    while (status == GRUNDY_OK && t-- > 0 && scanf("%" SCNu64, &n) == 1) {
        value = 1;
        if (n < LIMIT) {
            status = grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, n, &value);
            if (status != GRUNDY_OK)
                break;
        }
        puts(value != 0 ? "first" : "second");
    }
    grundy_heap_game_free(game);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "cses2207_grundys_game: %s\n", grundy_strerror(status));
        return 1;
    }
    return 0;
}
