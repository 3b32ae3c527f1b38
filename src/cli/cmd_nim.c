/* `grundy nim [--misere] H1 H2 ...` */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cli_nim(int argc, char **argv)
{
    int misere = 0;
    int first = 0;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--misere") == 0) {
            misere = 1;
        } else if (strcmp(argv[first], "--") == 0) {
            first++;
            break;
        } else {
            return cli_error("nim: unknown option '%s'", argv[first]);
        }
    }
    size_t n = (size_t)(argc - first);
    if (n == 0)
        return cli_error("nim: give at least one heap size");
    uint64_t *heaps = malloc(n * sizeof *heaps);
    if (heaps == NULL)
        return cli_error("nim: out of memory");
    for (size_t i = 0; i < n; i++) {
        if (cli_parse_u64(argv[first + (int)i], &heaps[i]) != 0) {
            free(heaps);
            return cli_error("nim: heap %zu: '%s' is not a non-negative integer below 2^64", i,
                             argv[first + (int)i]);
        }
    }
    int outcome = misere ? grundy_misere_nim_outcome(heaps, n) : grundy_nim_outcome(heaps, n);
    size_t heap;
    uint64_t take;
    int found = misere ? grundy_misere_nim_winning_move(heaps, n, &heap, &take)
                       : grundy_nim_winning_move(heaps, n, &heap, &take);
    free(heaps);
    puts(outcome == GRUNDY_N ? "N" : "P");
    /* Misère with no stones left is N with no move: the player to move has won. */
    if (found == 1)
        printf("take %llu from heap %zu\n", (unsigned long long)take, heap);
    return CLI_EXIT_OK;
}
