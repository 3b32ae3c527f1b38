/* SPDX-License-Identifier: MIT */
/* `grundy nim [--misere] H1 H2 ...` */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>

int cli_nim(int argc, char **argv)
{
    int misere;
    int first = cli_take_misere("nim", argc, argv, &misere);
    if (first < 0)
        return CLI_EXIT_ERROR;
    size_t n = (size_t)(argc - first);
    if (n == 0)
        return cli_error("nim: give at least one heap size");
    /* The heaps, then the winning move: one entry per heap. */
    uint64_t *heaps = malloc(2 * n * sizeof *heaps);
    if (heaps == NULL)
        return cli_error("nim: out of memory");
    uint64_t *moves = heaps + n;
    for (size_t i = 0; i < n; i++) {
        if (cli_parse_u64(argv[first + (int)i], &heaps[i]) != 0) {
            free(heaps);
            return cli_error("nim: heap %zu: '%s' is not a non-negative integer below 2^64", i,
                             argv[first + (int)i]);
        }
    }
    int play = misere ? GRUNDY_PLAY_MISERE : GRUNDY_PLAY_NORMAL;
    int outcome = grundy_nim_sum_outcome(play, heaps, n);
    int found = grundy_nim_sum_winning_move(play, heaps, n, moves);
    puts(outcome == GRUNDY_N ? "N" : "P");
    /* Misère with no stones left is N with no move: the player to move has won.
     * Otherwise the move is the one heap whose entry is not GRUNDY_NO_MOVE. */
    size_t i = 0;
    while (found == 1 && i < n && moves[i] == GRUNDY_NO_MOVE)
        i++;
    if (found == 1 && i < n)
        printf("take %llu from heap %zu\n", (unsigned long long)moves[i], i);
    free(heaps);
    return CLI_EXIT_OK;
}
