/* SPDX-License-Identifier: MIT */
/*
 * poi_game: POI 2003/2004 "Game" -- coins sliding right, solved as staircase Nim.
 *
 * A 1 x m board has cells 1 .. m from left to right; some cells hold a coin,
 * but not the last cell m.  A move takes one coin and puts it on the nearest
 * empty cell to its right (there is one: cell m is empty while the game
 * lasts).  The player who puts a coin on cell m wins.
 *
 * Reduction.  Say a coin stands on step e, where e is the number of empty
 * cells to its right (cell m included).  The coins of one step are exactly
 * one block of adjacent coins, and moving the coin that is c-th from the
 * right of its block to the empty cell after the block moves that coin and
 * the c - 1 coins to its right one step down (each of them now has one empty
 * cell fewer to its right), while the coins to its left stay on their step
 * (the cell the coin left is a new empty cell to their right, the cell it
 * filled is one fewer).  So a move takes c >= 1 coins from one step down to
 * the next.
 *   - A coin on step 1 has only cell m empty to its right: moving it wins
 *     at once.
 *   - Otherwise, moving coins down to step 1 hands the opponent that win, so
 *     no one does it unless forced to: the coins on step 2 are as good as on
 *     the floor.  What is left is staircase Nim with step e - 2 for a coin on
 *     step e, and the library knows its theory (Nim on the odd steps).
 *
 * Input (standard input):
 *     m n            the board length (1 to 1000000) and the number of coins (0 to m - 1)
 *     p1 ... pn      the cells of the coins, all different, each 1 to m - 1
 * Output: the coins on each step, then who wins and, if it is the first
 * player, a winning move.  Exit status: 0 done, 1 library error, 2 bad input.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "grundy.h"

#define MAX_CELLS 1000000ul

/*
 * Reads the next whitespace-separated whole number of `in`, at most `max`.
 * Returns 1 on success, 0 at the end of the input, -1 on anything else.
 */
static int read_number(FILE *in, unsigned long max, unsigned long *out)
{
    unsigned long v = 0;
    int digits = 0;
    int c;

    do
        c = getc(in);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    if (c == EOF)
        return 0;
    while (c >= '0' && c <= '9') {
        const unsigned long d = (unsigned long)(c - '0');
        if (d > max || v > (max - d) / 10) /* v * 10 + d > max */
            return -1;
        v = v * 10 + d;
        digits++;
        c = getc(in);
    }
    if (digits == 0 || (c != EOF && c != ' ' && c != '\t' && c != '\n' && c != '\r'))
        return -1;
    *out = v;
    return 1;
}

/* Reads one number of the input or explains what is wrong with it. */
static int read_field(const char *what, unsigned long min, unsigned long max,
                      unsigned long *out)
{
    int got = read_number(stdin, max, out);

    if (got == 1 && *out >= min)
        return 0;
    if (got == 0)
        fprintf(stderr, "poi_game: the input ends before %s\n", what);
    else
        fprintf(stderr, "poi_game: %s must be a whole number from %lu to %lu\n", what, min,
                max);
    return -1;
}

/* Sorts cells from right to left. */
static int right_first(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x < y) - (x > y);
}

int main(int argc, char **argv)
{
    unsigned long m, n, v;
    uint32_t *cells = NULL;  /* the coins' cells, rightmost first */
    uint64_t *coins = NULL;  /* coins[e]: the number of coins on step e */
    uint64_t *moves = NULL;  /* moves[i]: the coins a winning move takes down from step i + 2 */
    uint32_t *block = NULL;  /* block[e]: the rightmost cell of the coins on step e */
    size_t nsteps, step = 0;
    uint64_t count = 0;
    int status, rc = 2;

    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: poi_game < INPUT   (m n, then the n cells of the coins)\n");
        return 2;
    }
    if (read_field("the board length m", 1, MAX_CELLS, &m) != 0 ||
        read_field("the number of coins n", 0, m - 1, &n) != 0)
        return 2;

    /* There are m - n empty cells, so steps go from 1 to m - n. */
    nsteps = (size_t)(m - n) + 1;
    cells = malloc((n > 0 ? (size_t)n : 1) * sizeof *cells);
    coins = calloc(nsteps, sizeof *coins);
    block = calloc(nsteps, sizeof *block);
    moves = malloc(nsteps * sizeof *moves);
    if (cells == NULL || coins == NULL || block == NULL || moves == NULL) {
        fprintf(stderr, "poi_game: out of memory\n");
        rc = 1;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        if (read_field("a coin's cell (the last cell must be empty)", 1, m - 1, &v) != 0)
            goto done;
        cells[i] = (uint32_t)v;
    }
    if (read_number(stdin, 0, &v) != 0) {
        fprintf(stderr, "poi_game: unexpected text after the last coin\n");
        goto done;
    }
    qsort(cells, n, sizeof *cells, right_first);
    for (size_t i = 1; i < n; i++) {
        if (cells[i] == cells[i - 1]) {
            fprintf(stderr, "poi_game: two coins on cell %" PRIu32 "\n", cells[i]);
            goto done;
        }
    }
    for (size_t i = 0; i < n; i++) {
        /* Right of cell p lie m - p cells, i of them coins (all different). */
        const size_t e = (size_t)(m - cells[i]) - i;
        if (coins[e]++ == 0)
            block[e] = cells[i];
    }

    printf("coins per step (a coin's step is the number of empty cells to its right):");
    for (size_t e = 1; e < nsteps; e++)
        if (coins[e] > 0)
            printf(" step %zu: %" PRIu64, e, coins[e]);
    printf("%s\n", n == 0 ? " no coins" : "");

    rc = 1;
    if (coins[1] > 0) { /* the block just left of cell m */
        printf("first player wins: move the coin on cell %lu to cell %lu\n", m - 1, m);
        rc = 0;
        goto done;
    }
    if (nsteps < 3) { /* nothing above step 2: every move hands over the win */
        printf("second player wins\n");
        rc = 0;
        goto done;
    }
    /* Staircase Nim on steps 2, 3, ..., with step 2 as its floor. */
    status = grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, coins + 2, nsteps - 2);
    if (status < 0) {
        fprintf(stderr, "poi_game: %s\n", grundy_strerror(status));
        goto done;
    }
    if (status == GRUNDY_P) {
        printf("second player wins\n");
        rc = 0;
        goto done;
    }
    status = grundy_staircase_nim_winning_move(GRUNDY_PLAY_NORMAL, coins + 2, nsteps - 2, moves);
    if (status == 1) { /* the one step that moves, and how many coins */
        while (step < nsteps - 2 && moves[step] == GRUNDY_NO_MOVE)
            step++;
        if (step < nsteps - 2)
            count = moves[step];
        step += 2; /* back to the numbering of the board */
    }
    if (status != 1 || step < 3 || step >= nsteps || count == 0 || count > coins[step]) {
        fprintf(stderr, "poi_game: no valid winning move from the library (%d)\n", status);
        goto done;
    }
    /* Move `count` coins down from step `step`: the count-th coin from the
     * right of that block goes to the empty cell after the block. */
    printf("first player wins: move the coin on cell %" PRIu64 " to cell %" PRIu32 "\n",
           block[step] - count + 1, block[step] + 1);
    rc = 0;

done:
    free(moves);
    free(block);
    free(coins);
    free(cells);
    return rc;
}
