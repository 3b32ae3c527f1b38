/* SPDX-License-Identifier: MIT */
/*
 * turning_turtles: a coin-turning game that is Nim in disguise.
 *
 * Coins lie in a row, numbered 1, 2, 3, ... from the left, each showing
 * heads (H) or tails (T).  A move turns one heads coin over to tails and
 * may, in addition, turn over any one coin to its left, whichever side it
 * shows.  The player who cannot move (every coin shows tails) loses.
 *
 * Model.  The whole row is one position: a bitmask whose bit i - 1 is set
 * when coin i shows heads (a game described by rules, grundy_game_new_u64).
 * Every move turns the rightmost coin it touches from heads to tails, so the
 * number the mask spells always goes down and the game ends.  The options of
 * a row are listed straight from the rules; nothing of the theory is used.
 *
 * The theory says the row is worth as much as Nim with one heap of i stones
 * for every heads coin at position i: turning coin i alone empties heap i;
 * turning coin i and a tails coin j < i takes heap i down to j; turning coin
 * i and a heads coin j < i removes heaps i and j, which in Nim terms is the
 * same as taking heap i down to j (two heaps of j cancel out).  So the value
 * is the xor of the positions of the heads, and the program checks this.
 *
 * Usage: turning_turtles ROW          ROW: 1 to 16 letters H or T
 *        turning_turtles --check N    check every row of N coins (0 <= N <= 16)
 * For a ROW, prints the value found from the rules, the xor of the positions
 * of the heads, and who wins with, if it is the first player, a winning move.
 * Exit status: 0 done, 1 library error or a value that is not the xor,
 * 2 bad argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"

#define MAX_COINS 16u

/* Lists the options of the row `row` (bit i - 1 set: coin i shows heads). */
static int row_moves(void *user, uint64_t row, grundy_options *out)
{
    (void)user;
    for (unsigned i = 0; i < MAX_COINS; i++) {
        const uint64_t coin = (uint64_t)1 << i;
        if ((row & coin) == 0)
            continue;
        const uint64_t turned = row ^ coin; /* coin i + 1 turned to tails */
        int status = grundy_options_add(out, &turned, 1);
        for (unsigned j = 0; j < i && status == GRUNDY_OK; j++) {
            const uint64_t both = turned ^ ((uint64_t)1 << j); /* and coin j + 1 */
            status = grundy_options_add(out, &both, 1);
        }
        if (status != GRUNDY_OK)
            return status;
    }
    return 0;
}

/* The xor of the positions (counted from 1) of the heads coins. */
static uint64_t heads_xor(uint64_t row)
{
    uint64_t x = 0;

    for (unsigned i = 0; i < 64; i++)
        if (row >> i & 1)
            x ^= i + 1;
    return x;
}

/* Writes the row of `ncoins` coins as letters into text (ncoins + 1 bytes). */
static void row_text(uint64_t row, unsigned ncoins, char *text)
{
    for (unsigned i = 0; i < ncoins; i++)
        text[i] = (row >> i & 1) ? 'H' : 'T';
    text[ncoins] = '\0';
}

static int report(const grundy_game *game, const char *what, int status)
{
    fprintf(stderr, "turning_turtles: %s: %s: %s\n", what, grundy_strerror(status),
            grundy_game_errmsg(game));
    return 1;
}

/* Checks every row of n coins; returns the exit status. */
static int check_all(grundy_game *game, unsigned n)
{
    const uint64_t count = (uint64_t)1 << n;

    for (uint64_t row = 0; row < count; row++) {
        uint32_t value;
        int status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &row, &value);
        if (status != GRUNDY_OK)
            return report(game, "evaluating a row", status);
        if (value != heads_xor(row)) {
            char text[MAX_COINS + 1];
            row_text(row, n, text);
            fprintf(stderr, "turning_turtles: %s has value %" PRIu32 ", not %" PRIu64 "\n",
                    text, value, heads_xor(row));
            return 1;
        }
    }
    printf("all %" PRIu64 " rows of %u coins: the value is the xor of the positions of the "
           "heads\n",
           count, n);
    return 0;
}

/* Solves one row; returns the exit status. */
static int solve_row(grundy_game *game, uint64_t row, unsigned ncoins)
{
    char text[MAX_COINS + 1];
    uint64_t after = 0, move = 0;
    uint32_t value;
    size_t nparts = 0;
    int status;

    row_text(row, ncoins, text);
    printf("row %s, heads at:", text);
    for (unsigned i = 0; i < ncoins; i++)
        if (row >> i & 1)
            printf(" %u", i + 1);
    printf("%s\n", row == 0 ? " none" : "");

    status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &row, &value);
    if (status != GRUNDY_OK)
        return report(game, "evaluating the row", status);
    printf("value from the rules: %" PRIu32 "\n", value);
    printf("xor of the positions of the heads: %" PRIu64 "\n", heads_xor(row));
    if (value != heads_xor(row)) {
        fprintf(stderr, "turning_turtles: the two differ\n");
        return 1;
    }

    /* A sum of one component: the move to play in it, then the row it
     * leaves, read back with grundy_game_move(). */
    status = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, &row, 1, &move);
    if (status < 0)
        return report(game, "finding a winning move", status);
    if (status == 1) {
        const int read = grundy_game_move(game, &row, move, &after, 1, &nparts);
        if (read != GRUNDY_OK)
            return report(game, "reading the winning move", read);
    }
    if ((status == 1) != (value != 0) || (status == 1 && nparts != 1)) {
        fprintf(stderr, "turning_turtles: inconsistent answer from the library\n");
        return 1;
    }
    if (status == 0) {
        printf("second player wins\n");
        return 0;
    }

    /* The coins that changed: the highest is the heads coin turned. */
    const uint64_t changed = row ^ after;
    unsigned first = 0, second = 0;
    for (unsigned i = 0; i < ncoins; i++) {
        if (changed >> i & 1) {
            second = first;
            first = i + 1;
        }
    }
    row_text(after, ncoins, text);
    if (second == 0)
        printf("first player wins: turn coin %u, leaving %s\n", first, text);
    else
        printf("first player wins: turn coins %u and %u, leaving %s\n", first, second, text);
    return 0;
}

int main(int argc, char **argv)
{
    grundy_game *game = NULL;
    uint64_t row = 0;
    unsigned ncoins = 0;
    int check = 0, status, rc;

    if (argc == 3 && strcmp(argv[1], "--check") == 0) {
        char *end;
        unsigned long v;
        errno = 0;
        v = strtoul(argv[2], &end, 10);
        if (argv[2][0] < '0' || argv[2][0] > '9' || errno != 0 || *end != '\0' ||
            v > MAX_COINS) {
            fprintf(stderr, "turning_turtles: N must be a whole number from 0 to %u, not \"%s\"\n",
                    MAX_COINS, argv[2]);
            return 2;
        }
        check = 1;
        ncoins = (unsigned)v;
    } else if (argc == 2 && argv[1][0] != '-') {
        const size_t len = strlen(argv[1]);
        if (len == 0 || len > MAX_COINS || strspn(argv[1], "HT") != len) {
            fprintf(stderr, "turning_turtles: the row must be 1 to %u letters H or T, not \"%s\"\n",
                    MAX_COINS, argv[1]);
            return 2;
        }
        ncoins = (unsigned)len;
        for (unsigned i = 0; i < ncoins; i++)
            if (argv[1][i] == 'H')
                row |= (uint64_t)1 << i;
    } else {
        fprintf(stderr, "usage: turning_turtles ROW | turning_turtles --check N\n");
        return 2;
    }

    status = grundy_game_new_u64(&game, row_moves, NULL, NULL);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "turning_turtles: creating the game: %s\n", grundy_strerror(status));
        return 1;
    }
    rc = check ? check_all(game, ncoins) : solve_row(game, row, ncoins);
    grundy_game_free(game);
    return rc;
}
