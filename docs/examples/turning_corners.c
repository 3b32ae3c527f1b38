/* SPDX-License-Identifier: MIT */
/*
 * turning_corners: a coin-turning game on a grid whose values are nim
 * products (the Tartan theorem).
 *
 * Coins lie on a board of R rows and C columns, each heads (H) or tails
 * (T); the coin in row x and column y is at (x, y), counted from 0, row 0 at
 * the top and column 0 at the left.  A move picks a rectangle and turns over
 * the coins at its four corners, (x, y), (x, b), (a, y) and (a, b) with
 * x < a and y < b, where the lower right corner (a, b) must show heads
 * before the move (it goes to tails; the other three may show either side).
 * The player who cannot move loses.
 *
 * Theory.  Twins is the game on a row of coins where a move turns over
 * exactly two coins, the right one heads: a heads coin at position x
 * (counted from 0) is a Nim heap of x, as in Turning Turtles.  Turning
 * Corners is the product Twins x Twins: a move is a move of Twins on the rows
 * (turning a and x) and one on the columns (turning b and y), and it turns
 * every coin whose row and column are both turned.  The Tartan theorem says
 * that in a product of coin-turning games a single heads coin at (x, y) is
 * worth G(x) (x) H(y), the nim product of the coins' values in the two
 * factors; here x (x) y.  As in every coin-turning game, a board is worth
 * the xor of the values of its heads coins taken one at a time.
 *
 * Model.  The whole board is one position of a game described by rules
 * (grundy_game_new_u64): a bitmask with bit x * C + y set when the coin at
 * (x, y) shows heads.  The move generator lists the moves straight from the
 * rules; nothing of the theory is used to compute.  Every move turns the
 * highest bit it touches from 1 to 0, so the mask decreases and play ends.
 * The program then compares with grundy_nimber_mul().
 *
 * Usage: turning_corners --table R C   the value of one heads coin on each
 *                                      cell of an R x C board (R * C <= 25)
 *        turning_corners ROW...        a board, top row first: R arguments of
 *                                      C letters H or T each (R * C <= 25)
 * For a board, prints the value from the rules, the xor of x (x) y over its
 * heads, and who wins with, if it is the first player, a winning move.
 * Exit status: 0 done, 1 library error or a value that is not the nim
 * product, 2 bad argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"

/* The positions reachable from a board are subsets of it: at most 25 cells
 * keeps every board below a second. */
#define MAX_CELLS 25u

typedef struct board {
    unsigned rows, cols;
} board;

static uint64_t cell(const board *b, unsigned x, unsigned y)
{
    return (uint64_t)1 << (x * b->cols + y);
}

/* Lists the options of the board `pos`: every rectangle whose lower right
 * corner (a, c) shows heads, with its upper left corner at any (x, y). */
static int corner_moves(void *user, uint64_t pos, grundy_options *out)
{
    const board *b = user;
    for (unsigned a = 1; a < b->rows; a++) {
        for (unsigned c = 1; c < b->cols; c++) {
            if ((pos & cell(b, a, c)) == 0)
                continue;
            for (unsigned x = 0; x < a; x++) {
                for (unsigned y = 0; y < c; y++) {
                    const uint64_t after =
                        pos ^ cell(b, a, c) ^ cell(b, x, c) ^ cell(b, a, y) ^ cell(b, x, y);
                    const int status = grundy_options_add(out, &after, 1);
                    if (status != GRUNDY_OK)
                        return status;
                }
            }
        }
    }
    return 0;
}

/* The value the Tartan theorem gives: the xor of x (x) y over the heads. */
static uint64_t tartan_value(const grundy_nimber *nb, const board *b, uint64_t pos)
{
    uint64_t v = 0;
    for (unsigned x = 0; x < b->rows; x++)
        for (unsigned y = 0; y < b->cols; y++)
            if (pos & cell(b, x, y))
                v ^= grundy_nimber_mul(nb, x, y);
    return v;
}

static int report(const grundy_game *game, const char *what, int status)
{
    fprintf(stderr, "turning_corners: %s: %s: %s\n", what, grundy_strerror(status),
            grundy_game_errmsg(game));
    return 1;
}

static void print_table(const board *b, const uint64_t *values, const char *title)
{
    printf("%s\n     ", title);
    for (unsigned y = 0; y < b->cols; y++) {
        char head[16];
        snprintf(head, sizeof head, "y=%u", y);
        printf(" %4s", head);
    }
    printf("\n");
    for (unsigned x = 0; x < b->rows; x++) {
        printf("x=%-3u", x);
        for (unsigned y = 0; y < b->cols; y++)
            printf(" %4" PRIu64, values[x * b->cols + y]);
        printf("\n");
    }
}

/* The value of one heads coin on every cell, from the rules and as the nim
 * product; returns the exit status. */
static int table(grundy_game *game, const grundy_nimber *nb, const board *b)
{
    uint64_t rules[MAX_CELLS] = {0}, products[MAX_CELLS] = {0};
    int differ = 0;

    for (unsigned x = 0; x < b->rows; x++) {
        for (unsigned y = 0; y < b->cols; y++) {
            const uint64_t coin = cell(b, x, y);
            uint32_t value;
            const int status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &coin, &value);
            if (status != GRUNDY_OK)
                return report(game, "evaluating a coin", status);
            rules[x * b->cols + y] = value;
            products[x * b->cols + y] = grundy_nimber_mul(nb, x, y);
            differ |= value != products[x * b->cols + y];
        }
    }
    printf("Turning Corners on a %u x %u board: one heads coin at (x, y)\n", b->rows, b->cols);
    print_table(b, rules, "value from the rules:");
    print_table(b, products, "x (x) y from grundy_nimber_mul:");
    if (differ) {
        fprintf(stderr, "turning_corners: the two tables differ\n");
        return 1;
    }
    printf("all %u values agree: a coin at (x, y) is worth x (x) y\n", b->rows * b->cols);
    return 0;
}

static void print_board(const board *b, uint64_t pos)
{
    for (unsigned x = 0; x < b->rows; x++) {
        printf("  ");
        for (unsigned y = 0; y < b->cols; y++)
            putchar(pos & cell(b, x, y) ? 'H' : 'T');
        printf("\n");
    }
}

/* Solves one board; returns the exit status. */
static int solve(grundy_game *game, const grundy_nimber *nb, const board *b, uint64_t pos)
{
    uint64_t after = 0, move = 0;
    uint32_t value;
    size_t nparts = 0;

    printf("board of %u x %u, heads at:", b->rows, b->cols);
    for (unsigned x = 0; x < b->rows; x++)
        for (unsigned y = 0; y < b->cols; y++)
            if (pos & cell(b, x, y))
                printf(" (%u, %u)", x, y);
    printf("%s\n", pos == 0 ? " none" : "");

    int status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &pos, &value);
    if (status != GRUNDY_OK)
        return report(game, "evaluating the board", status);
    const uint64_t tartan = tartan_value(nb, b, pos);
    printf("value from the rules: %" PRIu32 "\n", value);
    printf("xor of x (x) y over the heads: %" PRIu64 "\n", tartan);
    if (value != tartan) {
        fprintf(stderr, "turning_corners: the two differ\n");
        return 1;
    }

    /* A sum of one component: the move to play in it, then the board it
     * leaves, read back with grundy_game_move(). */
    status = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, &pos, 1, &move);
    if (status < 0)
        return report(game, "finding a winning move", status);
    if (status == 1) {
        const int read = grundy_game_move(game, &pos, move, &after, 1, &nparts);
        if (read != GRUNDY_OK)
            return report(game, "reading the winning move", read);
    }
    if ((status == 1) != (value != 0) || (status == 1 && nparts != 1)) {
        fprintf(stderr, "turning_corners: inconsistent answer from the library\n");
        return 1;
    }
    if (status == 0) {
        printf("second player wins\n");
        return 0;
    }
    /* The four coins that changed are the corners: the first and the last
     * in row-major order are the upper left and the lower right. */
    unsigned first = 0, last = 0, seen = 0;
    for (unsigned i = 0; i < b->rows * b->cols; i++) {
        if ((pos ^ after) >> i & 1) {
            if (seen++ == 0)
                first = i;
            last = i;
        }
    }
    printf("first player wins: turn the corners of (%u, %u) - (%u, %u), leaving\n",
           first / b->cols, first % b->cols, last / b->cols, last % b->cols);
    print_board(b, after);
    return 0;
}

/* Reads a size from 1 to MAX_CELLS; returns 0 if text is not one. */
static unsigned parse_size(const char *text)
{
    char *end;
    errno = 0;
    const unsigned long v = strtoul(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno != 0 || *end != '\0' || v > MAX_CELLS)
        return 0;
    return (unsigned)v;
}

/* Reads the board from rows of letters; returns 0 on success, 2 if bad. */
static int parse_board(int nrows, char **rows, board *b, uint64_t *pos)
{
    const size_t cols = strlen(rows[0]);
    if (cols == 0 || (size_t)nrows * cols > MAX_CELLS) {
        fprintf(stderr, "turning_corners: the board must have 1 to %u cells\n", MAX_CELLS);
        return 2;
    }
    b->rows = (unsigned)nrows;
    b->cols = (unsigned)cols;
    *pos = 0;
    for (unsigned x = 0; x < b->rows; x++) {
        if (strlen(rows[x]) != cols || strspn(rows[x], "HT") != cols) {
            fprintf(stderr, "turning_corners: every row must be %zu letters H or T, not \"%s\"\n",
                    cols, rows[x]);
            return 2;
        }
        for (unsigned y = 0; y < b->cols; y++)
            if (rows[x][y] == 'H')
                *pos |= cell(b, x, y);
    }
    return 0;
}

int main(int argc, char **argv)
{
    board b;
    uint64_t pos = 0;
    int tabulate = argc >= 2 && strcmp(argv[1], "--table") == 0;

    if (tabulate) {
        b.rows = argc == 4 ? parse_size(argv[2]) : 0;
        b.cols = argc == 4 ? parse_size(argv[3]) : 0;
        if (b.rows == 0 || b.cols == 0 || b.rows * b.cols > MAX_CELLS) {
            fprintf(stderr, "turning_corners: --table needs R and C from 1 up with R * C <= %u\n",
                    MAX_CELLS);
            return 2;
        }
    } else if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: turning_corners --table R C | turning_corners ROW...\n");
        return 2;
    } else if (parse_board(argc - 1, argv + 1, &b, &pos) != 0) {
        return 2;
    }

    grundy_nimber *nb = NULL;
    grundy_game *game = NULL;
    int status = grundy_nimber_new(&nb, NULL);
    if (status == GRUNDY_OK)
        status = grundy_game_new_u64(&game, corner_moves, &b, NULL);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "turning_corners: setting up: %s\n", grundy_strerror(status));
        grundy_nimber_free(nb);
        return 1;
    }
    const int rc = tabulate ? table(game, nb, &b) : solve(game, nb, &b, pos);
    grundy_game_free(game);
    grundy_nimber_free(nb);
    return rc;
}
