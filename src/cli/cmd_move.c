/* SPDX-License-Identifier: MIT */
/* `grundy move [--misere] GAME H1 H2 ...`: the outcome of a sum of heaps
 * and a winning move, as `grundy nim` gives them.
 *
 * Line 1 is `N` or `P`, the outcome for the player to move.  When N, line
 * 2 is a winning move, named by what it leaves, since a move may take
 * tokens, split a heap, or both: `heap I: H -> A B` (I counted from 0, H
 * its size, A B ... the heaps the move leaves there, increasing; `0` when
 * it leaves none).  Normal play by Sprague-Grundy values; --misere from the
 * game's misère quotient when it covers the heaps (or is proved for every
 * heap) within QUOTIENT_BUDGET_S seconds, else by the library's search of
 * the sum: both decide every sum exactly, the quotient in O(heaps) once
 * known, so the answer is the same either way.  In misère play a sum with
 * no move left is N with no line 2: the player to move has already won. */
#include "cli/cli.h"

#include <stdio.h>
#include <time.h>

#define QUOTIENT_BUDGET_S 2.0

/* Prints the move of heap i, or returns an error exit status. */
static int print_move(grundy_heap_game *g, size_t i, uint64_t heap, uint64_t k)
{
    uint64_t parts[3];
    size_t np;
    int rc = grundy_heap_game_move(g, heap, k, parts, 3, &np);
    if (rc != GRUNDY_OK)
        return cli_game_failed("move", g, rc, "reading the move");
    printf("heap %zu: %llu ->", i, (unsigned long long)heap);
    if (np == 0)
        printf(" 0");
    for (size_t j = 0; j < np; j++)
        printf(" %llu", (unsigned long long)parts[j]);
    putchar('\n');
    return CLI_EXIT_OK;
}

/* Stops a quotient computation past its budget. */
static int over_budget(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    return (double)(clock() - *(const clock_t *)user) > QUOTIENT_BUDGET_S * CLOCKS_PER_SEC;
}

/* The misère outcome and a winning move from the game's quotient: the
 * outcome, or -1 when the quotient does not come within the budget (the
 * caller then searches). */
static int by_quotient(grundy_heap_game *g, const uint64_t *heaps, size_t n, uint64_t *moves,
                       int *found)
{
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    grundy_quotient *q;
    if (grundy_quotient_new(&q, g, cli_allocator()) != GRUNDY_OK)
        return -1;
    grundy_quotient_set_memory_limit(q, cli_memory_cap());
    clock_t start = clock();
    grundy_quotient_set_progress(q, over_budget, &start);
    int outcome = -1;
    if (grundy_quotient_compute(q, largest) == GRUNDY_OK) {
        outcome = grundy_quotient_sum_outcome(q, heaps, n);
        *found = outcome >= 0 ? grundy_quotient_sum_winning_move(q, heaps, n, moves) : -1;
        if (*found < 0)
            outcome = -1;
    }
    grundy_quotient_free(q);
    return outcome;
}

static int answer(grundy_heap_game *g, int play, const uint64_t *heaps, uint64_t *moves,
                  size_t n)
{
    int found = -1;
    int outcome = play == GRUNDY_PLAY_MISERE ? by_quotient(g, heaps, n, moves, &found) : -1;
    if (outcome < 0) {
        outcome = grundy_heap_game_sum_outcome(g, play, heaps, n);
        found = outcome >= 0 ? grundy_heap_game_sum_winning_move(g, play, heaps, n, moves)
                             : outcome;
    }
    cli_end_progress();
    if (found < 0)
        return cli_game_failed("move", g, found, "finding a winning move");
    puts(outcome == GRUNDY_N ? "N" : "P");
    for (size_t i = 0; found == 1 && i < n; i++) {
        if (moves[i] != GRUNDY_NO_MOVE)
            return print_move(g, i, heaps[i], moves[i]);
    }
    return CLI_EXIT_OK;
}

int cli_move(int argc, char **argv)
{
    int misere;
    int first = cli_take_misere("move", argc, argv, &misere);
    if (first < 0)
        return CLI_EXIT_ERROR;
    if (argc - first < 2)
        return cli_error("move: usage: grundy move [--misere] GAME H1 H2 ...");
    const char *name = argv[first++];
    size_t n = (size_t)(argc - first);
    grundy_heap_game *g;
    int status = cli_open_game("move", name, 1, &g);
    if (status != CLI_EXIT_OK)
        return status;
    /* The heaps, then the winning move: one entry per heap. */
    uint64_t *heaps = (uint64_t *)cli_malloc(2 * n * sizeof *heaps);
    if (heaps == NULL) {
        grundy_heap_game_free(g);
        return cli_out_of_memory("move", "reading the heaps");
    }
    for (size_t i = 0; status == CLI_EXIT_OK && i < n; i++) {
        if (cli_parse_u64(argv[first + (int)i], &heaps[i]) != 0)
            status = cli_error("move: heap %zu: '%s' is not a non-negative integer below 2^64",
                               i, argv[first + (int)i]);
    }
    if (status == CLI_EXIT_OK)
        status = answer(g, misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL, heaps, heaps + n, n);
    cli_free(heaps);
    grundy_heap_game_free(g);
    if (status == CLI_EXIT_OK && fflush(stdout) != 0)
        return cli_error("move: cannot write output");
    return status;
}
