/* SPDX-License-Identifier: MIT */
/*
 * triomino: "Triomino" (Bytecode 2008) -- L-shaped pieces on a 2 x N board.
 *
 * The board has 2 rows and N columns.  The players take turns placing an
 * L-triomino (a 2 x 2 square missing one cell, in any of its four rotations)
 * on free cells; the player who cannot place one loses.
 *
 * Model.  A triomino always lies on two adjacent columns, covering one of
 * them fully and one cell of the other.  So a column is either free, full,
 * or *half* free (one cell left), and a half column always has a full column
 * on one side (the one the triomino covered).  Full columns cut the board
 * into independent pieces, and each piece is a run of k free columns with,
 * at either end, possibly one half column.  A half column can only be taken
 * together with the free column next to it (the triomino must cover its one
 * free cell and the whole neighbour), and whether its free cell is the top or
 * the bottom one never matters.  A piece is therefore a position
 * (half on the left?, half on the right?, k) of a game described by rules
 * (grundy_game_new_u64), and a placement splits it into a left and a right
 * piece.  Both parts are always listed, even when empty, so that the
 * placement can be read back from the option.  Reading a piece from right to
 * left changes nothing, which a canonicalising callback uses.  There are
 * 3 (N + 1) pieces of at most N columns and each has O(N) options: O(N^2).
 *
 * Usage: triomino N     (0 <= N <= 2000)
 * Prints G(0..N), the values of the empty 2 x n boards, then who wins on the
 * 2 x N board and, if it is the first player, a first placement that wins.
 * Exit status: 0 done, 1 library error, 2 bad argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"

#define MAX_N 2000u

/* A piece: k free columns, with a half column on the left and/or right. */
static uint64_t piece(unsigned left_half, unsigned right_half, uint64_t k)
{
    return k << 2 | (uint64_t)right_half << 1 | left_half;
}

static unsigned left_half(uint64_t p) { return (unsigned)(p & 1); }
static unsigned right_half(uint64_t p) { return (unsigned)(p >> 1 & 1); }
static uint64_t free_columns(uint64_t p) { return p >> 2; }

/* The number of columns of a piece, half columns included. */
static uint64_t width(uint64_t p)
{
    return left_half(p) + free_columns(p) + right_half(p);
}

/* Adds the option "left piece + right piece". */
static int add(grundy_options *out, uint64_t left, uint64_t right)
{
    const uint64_t parts[2] = { left, right };
    return grundy_options_add(out, parts, 2);
}

/* Lists the placements in a piece, columns numbered from the left. */
static int piece_moves(void *user, uint64_t p, grundy_options *out)
{
    const unsigned lh = left_half(p), rh = right_half(p);
    const uint64_t k = free_columns(p);
    int status = GRUNDY_OK;

    (void)user;
    if (k == 0)
        return 0; /* half columns alone take no triomino */
    if (lh) /* the left half column and free column 1: both become full */
        status = add(out, piece(0, 0, 0), piece(0, rh, k - 1));
    for (uint64_t i = 1; i < k && status == GRUNDY_OK; i++) {
        /* free columns i and i + 1: one is filled, one cell of the other stays */
        status = add(out, piece(lh, 1, i - 1), piece(0, rh, k - i - 1));
        if (status == GRUNDY_OK)
            status = add(out, piece(lh, 0, i - 1), piece(1, rh, k - i - 1));
    }
    if (rh && status == GRUNDY_OK) /* free column k and the right half column */
        status = add(out, piece(lh, 0, k - 1), piece(0, 0, 0));
    return status;
}

/* A piece read from right to left is the same game: put a lone half left. */
static void piece_canon(void *user, void *pos)
{
    uint64_t p;

    (void)user;
    memcpy(&p, pos, sizeof p);
    if (!left_half(p) && right_half(p))
        p = piece(1, 0, free_columns(p));
    memcpy(pos, &p, sizeof p);
}

static int report(const grundy_game *game, const char *what, int status)
{
    fprintf(stderr, "triomino: %s: %s: %s\n", what, grundy_strerror(status),
            grundy_game_errmsg(game));
    return 1;
}

int main(int argc, char **argv)
{
    grundy_game *game = NULL;
    unsigned long n;
    uint64_t board, move, parts[2];
    uint32_t value;
    size_t nparts = 0;
    char *end;
    int status, rc = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: triomino N\n");
        return 2;
    }
    errno = 0;
    n = strtoul(argv[1], &end, 10);
    if (argv[1][0] < '0' || argv[1][0] > '9' || errno != 0 || *end != '\0' || n > MAX_N) {
        fprintf(stderr, "triomino: N must be a whole number from 0 to %u, not \"%s\"\n", MAX_N,
                argv[1]);
        return 2;
    }

    status = grundy_game_new_u64(&game, piece_moves, NULL, NULL);
    if (status == GRUNDY_OK)
        status = grundy_game_set_canon(game, piece_canon);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "triomino: creating the game: %s\n", grundy_strerror(status));
        grundy_game_free(game);
        return 1;
    }

    printf("G(0..%lu) =", n);
    for (uint64_t k = 0; k <= n; k++) {
        const uint64_t p = piece(0, 0, k);
        status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &p, &value);
        if (status != GRUNDY_OK) {
            rc = report(game, "evaluating a board", status);
            goto done;
        }
        printf(" %" PRIu32, value);
    }
    printf("\n");

    board = piece(0, 0, n);
    /* A sum of one component: the move to play in it, read back with
     * grundy_game_move(). */
    status = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, &board, 1, &move);
    if (status < 0) {
        rc = report(game, "finding a winning move", status);
        goto done;
    }
    if (status == 1) {
        const int read = grundy_game_move(game, &board, move, parts, 2, &nparts);
        if (read != GRUNDY_OK) {
            rc = report(game, "reading the winning move", read);
            goto done;
        }
    }
    if ((status == 1) != (value != 0) || (status == 1 && nparts != 2)) {
        fprintf(stderr, "triomino: inconsistent answer from the library\n");
        goto done;
    }
    if (status == 0) {
        printf("2 x %lu board: second player wins\n", n);
    } else {
        /* The move is one of the board as given, not of a canonical form:
         * the left part is what lies left of the triomino. */
        const uint64_t w = width(parts[0]);
        const uint64_t first = right_half(parts[0]) ? w : w + 1; /* its left column */
        const uint64_t half = right_half(parts[0]) ? first : first + 1;
        printf("2 x %lu board: first player wins: place a triomino on columns %" PRIu64
               " and %" PRIu64 ", leaving the top cell of column %" PRIu64 " free\n",
               n, first, first + 1, half);
    }
    rc = 0;

done:
    grundy_game_free(game);
    return rc;
}
