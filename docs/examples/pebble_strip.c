/* SPDX-License-Identifier: MIT */
/*
 * pebble_strip: who wins the pebble game on a 1 x N strip?
 *
 * Two players take turns placing a pebble on an empty cell of a 1 x N strip
 * whose neighbours are both empty; the player who places the last pebble wins.
 *
 * Model.  A cell is *free* if a pebble may still go there.  Placing a pebble
 * on a cell makes that cell and its two neighbours unusable, so what is left
 * is a set of runs of free cells, and the runs never interact again: each run
 * is a game of its own and the whole board is their disjunctive sum.  Node k
 * of the graph is a run of k free cells (node 0 is the empty run: no moves).
 * In a run of k cells, a pebble on cell c (1-based) leaves
 *   - a run of c - 2 cells on its left  (none when c <= 2), and
 *   - a run of k - c - 1 cells on its right (none when c >= k - 1),
 * so a move is a split into zero, one or two parts.  This is the octal game
 * 0.137.  Cell c and its mirror cell k + 1 - c leave the same runs, so only
 * cells 1 .. (k + 1) / 2 are added as moves.
 *
 * Usage: pebble_strip [N]      (0 <= N <= 2000, default 20)
 * Prints G(0..N), then who wins the 1 x N strip and, if it is the first
 * player, a cell for the first pebble.  Exit status: 0 done, 1 library
 * error, 2 bad argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "grundy.h"

#define DEFAULT_N 20u
/* The graph has about N*N/4 moves; this keeps it to a few tens of megabytes. */
#define MAX_N 2000u

/* Parses a decimal N in 0..MAX_N; returns 0 on success, -1 otherwise. */
static int parse_n(const char *text, uint32_t *n)
{
    char *end;
    unsigned long v;

    if (*text < '0' || *text > '9') /* no sign, no space, not empty */
        return -1;
    errno = 0;
    v = strtoul(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > MAX_N)
        return -1;
    *n = (uint32_t)v;
    return 0;
}

/* Adds the move "a pebble on cell c" to node k (a run of k free cells). */
static int add_placement(grundy_graph *g, uint32_t k, uint32_t c)
{
    uint32_t parts[2];
    uint32_t nparts = 0;

    if (c >= 3)
        parts[nparts++] = c - 2;     /* run to the left of the pebble */
    if (c + 2 <= k)
        parts[nparts++] = k - c - 1; /* run to the right of the pebble */
    if (nparts == 1)
        return grundy_graph_add_move(g, k, parts[0]);
    return grundy_graph_add_split(g, k, parts, nparts); /* 0 or 2 parts */
}

/* Reports a failed call and returns the exit status for library errors. */
static int report(const grundy_graph *g, const char *what, int status)
{
    const char *detail = g != NULL ? grundy_graph_errmsg(g) : "";

    fprintf(stderr, "pebble_strip: %s: %s%s%s\n", what, grundy_strerror(status),
            *detail != '\0' ? ": " : "", detail);
    return 1;
}

int main(int argc, char **argv)
{
    uint32_t n = DEFAULT_N;
    grundy_graph *g = NULL;
    uint32_t *cell_of = NULL; /* cell_of[j]: the cell of move j of node n */
    uint32_t *values = NULL;
    uint32_t k, c;
    uint64_t win;
    size_t count;
    int status, outcome, rc = 1;

    if (argc > 2) {
        fprintf(stderr, "usage: pebble_strip [N]\n");
        return 2;
    }
    if (argc == 2 && parse_n(argv[1], &n) != 0) {
        fprintf(stderr, "pebble_strip: N must be a whole number from 0 to %u, not \"%s\"\n",
                MAX_N, argv[1]);
        return 2;
    }

    cell_of = malloc((((size_t)n + 1) / 2 + 1) * sizeof *cell_of);
    values = malloc(((size_t)n + 1) * sizeof *values);
    if (cell_of == NULL || values == NULL) {
        fprintf(stderr, "pebble_strip: out of memory\n");
        free(cell_of);
        free(values);
        return 1;
    }

    status = grundy_graph_new(&g, NULL);
    if (status != GRUNDY_OK) {
        rc = report(NULL, "creating the graph", status);
        goto done;
    }
    status = grundy_graph_add_nodes(g, n + 1, NULL); /* ids 0 .. n */
    if (status != GRUNDY_OK) {
        rc = report(g, "adding nodes", status);
        goto done;
    }
    for (k = 1; k <= n; k++) {
        for (c = 1; c <= (k + 1) / 2; c++) {
            status = add_placement(g, k, c);
            if (status != GRUNDY_OK) {
                rc = report(g, "adding a move", status);
                goto done;
            }
            if (k == n)
                cell_of[c - 1] = c; /* moves of node n are added in order of c */
        }
    }

    status = grundy_graph_solve(g, GRUNDY_PLAY_NORMAL);
    if (status != GRUNDY_OK) {
        rc = report(g, "solving", status);
        goto done;
    }

    status = grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, (size_t)n + 1, values);
    if (status != GRUNDY_OK) {
        rc = report(g, "reading the values", status);
        goto done;
    }
    printf("G(0..%" PRIu32 ") =", n);
    for (k = 0; k <= n; k++)
        printf(" %" PRIu32, values[k]);
    printf("\n");

    outcome = grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, n);
    if (outcome < 0) {
        rc = report(g, "reading the outcome", outcome);
        goto done;
    }
    status = grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &n, 1, NULL, &win, 1,
                                            &count);
    if (status != GRUNDY_OK) {
        rc = report(g, "finding a winning move", status);
        goto done;
    }
    if ((outcome == GRUNDY_N) != (count > 0) || (count > 0 && win >= (n + 1) / 2)) {
        fprintf(stderr, "pebble_strip: inconsistent answer from the library\n");
        goto done;
    }
    if (count > 0)
        printf("first player wins: place the pebble at cell %" PRIu32 "\n", cell_of[win]);
    else
        printf("second player wins\n");
    rc = 0;

done:
    grundy_graph_free(g);
    free(cell_of);
    free(values);
    return rc;
}
