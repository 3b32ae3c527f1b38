/* SPDX-License-Identifier: MIT */
/*
 * spoj_mcoins: SPOJ MCOINS "Coins Game".
 * https://www.spoj.com/problems/MCOINS/
 *
 * A tower of N coins; the players (Asen first, then Boyan) take turns
 * removing 1, K or L coins, and whoever takes the last coin wins.  This is
 * the subtraction game with set {1, K, L}: the library computes its values,
 * proves their period (so a tower of 10^6 coins costs nothing more), and
 * the player to move wins exactly when the value is not 0.
 *
 * Input: "K L m" (1 < K < L < 10, 3 < m < 50), then m tower sizes N
 * (1 <= N <= 10^6).
 * Output: one line of m letters: A if Asen wins that game, B if Boyan does.
 *
 * Build: cc -std=c11 -O2 -I single spoj_mcoins.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#define MAX_GAMES 100000

static char line[MAX_GAMES + 1];

int main(void)
{
    grundy_heap_game *game = NULL;
    uint32_t set[3];
    uint64_t n;
    uint32_t value;
    int m, status;

    if (scanf("%" SCNu32 " %" SCNu32 " %d", &set[1], &set[2], &m) != 3 || m < 0 ||
        m > MAX_GAMES)
        return 1;
    set[0] = 1;
    status = grundy_heap_game_new(&game, NULL);
    if (status == GRUNDY_OK)
        status = grundy_heap_game_set_subtraction(game, set, 3);
    for (int i = 0; i < m && status == GRUNDY_OK; i++) {
        if (scanf("%" SCNu64, &n) != 1)
            break;
        status = grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, n, &value);
        if (status == GRUNDY_OK)
            line[i] = value != 0 ? 'A' : 'B';
    }
    grundy_heap_game_free(game);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "spoj_mcoins: %s\n", grundy_strerror(status));
        return 1;
    }
    puts(line);
    return 0;
}
