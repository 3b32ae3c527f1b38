/* SPDX-License-Identifier: MIT */
/*
 * coloring_game: "A Coloring Game" (Russia 2007) -- a row of cells, two colours.
 *
 * N cells stand in a row; each is uncoloured, red or blue, and no two
 * adjacent cells have the same colour.  A move colours one uncoloured cell
 * red or blue so that it still has no neighbour of its own colour.  The
 * player who cannot move loses.
 *
 * Model.  A coloured cell's only effect is on its two neighbours, so every
 * maximal run of uncoloured cells is a game of its own, decided by its
 * length and by what lies at each of its ends: the edge of the board, a red
 * cell or a blue cell.  The row is the sum of its runs.  A run is a position
 * of a game described by rules (grundy_game_new_u64): colouring its cell i
 * with colour c leaves the run of the cells left of i, now ending at a cell
 * of colour c, and the run of the cells right of i, now starting at one.
 * Both parts are always listed, even when empty, so that the cell and the
 * colour can be read back from the option.
 *
 * Swapping red and blue, or reading the run from right to left, changes
 * nothing, so a canonicalising callback maps every run to one of four types,
 * whose values are the sequences A, B, C, D of the seed:
 *     type 1 (A): both ends are board edges
 *     type 2 (B): one end is an edge, the other a coloured cell
 *     type 3 (C): both ends are cells of the same colour
 *     type 4 (D): the ends are cells of different colours
 *
 * Usage: coloring_game ROW          ROW: 1 to 2000 characters '.', 'R' or 'B'
 *        coloring_game --table N    A, B, C and D for runs of 1 to N cells
 * For a ROW, prints its runs with their values, who wins and, if it is the
 * first player, a winning move.  Exit status: 0 done, 1 library error, 2 bad
 * argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grundy.h"

#define MAX_CELLS 2000u

/* What lies at an end of a run, and a cell's colour. */
enum { EDGE = 0, RED = 1, BLUE = 2 };

/* A run of `len` uncoloured cells between `left` and `right`. */
static uint64_t run(unsigned left, unsigned right, uint64_t len)
{
    return len << 4 | (uint64_t)right << 2 | left;
}

static unsigned run_left(uint64_t r) { return (unsigned)(r & 3); }
static unsigned run_right(uint64_t r) { return (unsigned)(r >> 2 & 3); }
static uint64_t run_len(uint64_t r) { return r >> 4; }

/* Lists the options of a run: colour cell i (1 .. len) with colour c. */
static int run_moves(void *user, uint64_t r, grundy_options *out)
{
    const unsigned left = run_left(r), right = run_right(r);
    const uint64_t len = run_len(r);

    (void)user;
    for (uint64_t i = 1; i <= len; i++) {
        for (unsigned c = RED; c <= BLUE; c++) {
            if ((i == 1 && left == c) || (i == len && right == c))
                continue; /* a neighbour already has colour c */
            const uint64_t parts[2] = { run(left, c, i - 1), run(c, right, len - i) };
            int status = grundy_options_add(out, parts, 2);
            if (status != GRUNDY_OK)
                return status;
        }
    }
    return 0;
}

/* The type of a run (1 .. 4) from its two ends. */
static int run_type(unsigned left, unsigned right)
{
    if (left == EDGE && right == EDGE)
        return 1;
    if (left == EDGE || right == EDGE)
        return 2;
    return left == right ? 3 : 4;
}

/* Rewrites a run as the representative of its type: an edge, if there is
 * one, on the left; the first coloured end red. */
static void run_canon(void *user, void *pos)
{
    uint64_t r;
    unsigned left, right;

    (void)user;
    memcpy(&r, pos, sizeof r);
    left = run_left(r);
    right = run_right(r);
    if (left != EDGE && right == EDGE) {
        right = left;
        left = EDGE;
    }
    if ((left != EDGE ? left : right) == BLUE) {
        left = left == EDGE ? EDGE : RED + BLUE - left;
        right = right == EDGE ? EDGE : RED + BLUE - right;
    }
    r = run(left, right, run_len(r));
    memcpy(pos, &r, sizeof r);
}

static const char *end_name(unsigned e)
{
    return e == EDGE ? "the edge" : e == RED ? "a red cell" : "a blue cell";
}

static int report(const grundy_game *game, const char *what, int status)
{
    fprintf(stderr, "coloring_game: %s: %s: %s\n", what, grundy_strerror(status),
            grundy_game_errmsg(game));
    return 1;
}

/* Prints A, B, C and D for runs of 1 .. n cells; returns the exit status. */
static int print_table(grundy_game *game, unsigned n)
{
    static const unsigned ends[4][2] = { { EDGE, EDGE }, { EDGE, RED }, { RED, RED }, { RED, BLUE } };

    for (unsigned t = 0; t < 4; t++) {
        printf("%c(1..%u) =", "ABCD"[t], n);
        for (uint64_t len = 1; len <= n; len++) {
            const uint64_t r = run(ends[t][0], ends[t][1], len);
            uint32_t value;
            int status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &r, &value);
            if (status != GRUNDY_OK)
                return report(game, "evaluating a run", status);
            printf(" %" PRIu32, value);
        }
        printf("\n");
    }
    return 0;
}

/* Solves the row `cells` of n cells; returns the exit status. */
static int solve_row(grundy_game *game, const char *cells, size_t n)
{
    uint64_t *runs = malloc((n / 2 + 1) * sizeof *runs);
    size_t *start = malloc((n / 2 + 1) * sizeof *start); /* first cell of each run, from 0 */
    uint64_t *moves = malloc((n / 2 + 1) * sizeof *moves); /* the move in each run */
    size_t nruns = 0, component = 0, nparts = 0;
    uint64_t parts[2];
    uint32_t value;
    int status, rc = 1;

    if (runs == NULL || start == NULL || moves == NULL) {
        fprintf(stderr, "coloring_game: out of memory\n");
        goto done;
    }
    for (size_t i = 0; i < n;) {
        if (cells[i] != '.') {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && cells[j] == '.')
            j++;
        const unsigned left = i == 0 ? EDGE : cells[i - 1] == 'R' ? RED : BLUE;
        const unsigned right = j == n ? EDGE : cells[j] == 'R' ? RED : BLUE;
        start[nruns] = i;
        runs[nruns++] = run(left, right, j - i);
        status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &runs[nruns - 1], &value);
        if (status != GRUNDY_OK) {
            rc = report(game, "evaluating a run", status);
            goto done;
        }
        if (j - i == 1)
            printf("cell %zu", j);
        else
            printf("cells %zu-%zu", i + 1, j);
        printf(": %zu uncoloured between %s and %s (type %d), value %" PRIu32 "\n", j - i,
               end_name(left), end_name(right), run_type(left, right), value);
        i = j;
    }
    if (nruns == 0)
        printf("no uncoloured cells\n");

    status = grundy_game_sum_value(game, GRUNDY_PLAY_NORMAL, runs, nruns, &value);
    if (status != GRUNDY_OK) {
        rc = report(game, "adding the runs", status);
        goto done;
    }
    printf("value of the row: %" PRIu32 "\n", value);
    /* moves[i]: the move to play in run i, or GRUNDY_NO_MOVE.  The parts of
     * that move come from grundy_game_move() on the run as given. */
    status = grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, runs, nruns, moves);
    if (status < 0) {
        rc = report(game, "finding a winning move", status);
        goto done;
    }
    if (status == 1) {
        int read;
        while (component < nruns && moves[component] == GRUNDY_NO_MOVE)
            component++;
        read = component < nruns ? grundy_game_move(game, &runs[component], moves[component],
                                                    parts, 2, &nparts)
                                 : GRUNDY_ERANGE;
        if (read != GRUNDY_OK) {
            rc = report(game, "reading the winning move", read);
            goto done;
        }
    }
    if ((status == 1) != (value != 0) || (status == 1 && nparts != 2)) {
        fprintf(stderr, "coloring_game: inconsistent answer from the library\n");
        goto done;
    }
    if (status == 0) {
        printf("second player wins\n");
    } else {
        /* The left part ends at the cell just coloured, in its colour. */
        const size_t cell = start[component] + (size_t)run_len(parts[0]) + 1;
        printf("first player wins: colour cell %zu %s\n", cell,
               run_right(parts[0]) == RED ? "red" : "blue");
    }
    rc = 0;

done:
    free(moves);
    free(start);
    free(runs);
    return rc;
}

int main(int argc, char **argv)
{
    grundy_game *game = NULL;
    unsigned table = 0;
    size_t n = 0;
    int status, rc;

    if (argc == 3 && strcmp(argv[1], "--table") == 0) {
        char *end;
        unsigned long v;
        errno = 0;
        v = strtoul(argv[2], &end, 10);
        if (argv[2][0] < '1' || argv[2][0] > '9' || errno != 0 || *end != '\0' ||
            v > MAX_CELLS) {
            fprintf(stderr, "coloring_game: N must be a whole number from 1 to %u, not \"%s\"\n",
                    MAX_CELLS, argv[2]);
            return 2;
        }
        table = (unsigned)v;
    } else if (argc == 2 && argv[1][0] != '-') {
        n = strlen(argv[1]);
        if (n == 0 || n > MAX_CELLS || strspn(argv[1], ".RB") != n) {
            fprintf(stderr,
                    "coloring_game: the row must be 1 to %u characters '.', 'R' or 'B', not "
                    "\"%s\"\n",
                    MAX_CELLS, argv[1]);
            return 2;
        }
        for (size_t i = 1; i < n; i++) {
            if (argv[1][i] != '.' && argv[1][i] == argv[1][i - 1]) {
                fprintf(stderr, "coloring_game: cells %zu and %zu have the same colour\n", i,
                        i + 1);
                return 2;
            }
        }
    } else {
        fprintf(stderr, "usage: coloring_game ROW | coloring_game --table N\n");
        return 2;
    }

    status = grundy_game_new_u64(&game, run_moves, NULL, NULL);
    if (status == GRUNDY_OK)
        status = grundy_game_set_canon(game, run_canon);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "coloring_game: creating the game: %s\n", grundy_strerror(status));
        grundy_game_free(game);
        return 1;
    }
    rc = table > 0 ? print_table(game, table) : solve_row(game, argv[1], n);
    grundy_game_free(game);
    return rc;
}
