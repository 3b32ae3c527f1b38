/* SPDX-License-Identifier: MIT */
/*
 * hdu1536_snim: S-Nim (HDU 1536, POJ 2960, Kattis snim).
 *
 * Nim in which a move takes from one heap a number of beads that belongs to
 * a fixed set S.  Each heap is the subtraction game with set S, and a
 * position is the sum of its heaps: the library builds the subtraction game
 * (grundy_heap_game_set_subtraction), computes its values G(0), G(1), ...
 * as far as the heaps need (or proves their period first), and
 * grundy_heap_game_sum_outcome() xors the heaps' values.
 *
 * Input: test cases, each "k s1 ... sk" (0 < k <= 100, 0 < si <= 10000),
 * then m (0 < m <= 100) and m positions "l h1 ... hl" (0 < l <= 100,
 * 0 <= hi <= 10000); a line with 0 (or the end of input) ends the input.
 * Output: per test case one line with one letter per position: W if the
 * player to move wins, L if not.
 *
 * Build: cc -std=c11 -O2 -I single hdu1536_snim.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#define MAX_COUNT 10000

static uint32_t set[MAX_COUNT];
static uint64_t heaps[MAX_COUNT];
static char line[MAX_COUNT + 2];

static int fail(int status)
{
    fprintf(stderr, "hdu1536_snim: %s\n", grundy_strerror(status));
    return 1;
}

int main(void)
{
    int k, m, l;

    while (scanf("%d", &k) == 1 && k > 0) {
        grundy_heap_game *game = NULL;
        int status;

        if (k > MAX_COUNT)
            return 1;
        for (int i = 0; i < k; i++)
            if (scanf("%" SCNu32, &set[i]) != 1)
                return 1;
        status = grundy_heap_game_new(&game, NULL);
        if (status == GRUNDY_OK)
            status = grundy_heap_game_set_subtraction(game, set, (size_t)k);
        if (status != GRUNDY_OK) {
            grundy_heap_game_free(game);
            return fail(status);
        }
        if (scanf("%d", &m) != 1 || m < 0 || m > MAX_COUNT) {
            grundy_heap_game_free(game);
            return 1;
        }
        for (int p = 0; p < m; p++) {
            if (scanf("%d", &l) != 1 || l < 0 || l > MAX_COUNT) {
                grundy_heap_game_free(game);
                return 1;
            }
            for (int i = 0; i < l; i++)
                if (scanf("%" SCNu64, &heaps[i]) != 1) {
                    grundy_heap_game_free(game);
                    return 1;
                }
            status = grundy_heap_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, heaps, (size_t)l);
            if (status < 0) {
                grundy_heap_game_free(game);
                return fail(status);
            }
            line[p] = status == GRUNDY_N ? 'W' : 'L';
        }
        line[m] = '\0';
        puts(line);
        grundy_heap_game_free(game);
    }
    return 0;
}
