/* SPDX-License-Identifier: MIT */
/* `grundy genus GAME N`: Conway's genus symbol of each heap 0 .. N-1.
 *
 * One line per heap, `H g^t0,t1,...,tk tame` (or `wild`): g is the heap's
 * Sprague-Grundy value and t0, t1, ... its genus terms gamma_0, gamma_1,
 * ... (gamma_n: the misère value of the heap plus n Nim heaps of two).
 * The terms are listed, as Conway writes them, up to where they start to
 * alternate: the last two listed repeat for every term computed after
 * them (GRUNDY_GENUS_TERMS in all).  So 0^1,2,0 is 0^(1 2 0 2 0 ...) and
 * 4^4,6 is 4^(4 6 4 6 ...).  Commas keep terms of two digits apart. */
#include "cli/cli.h"

#include <stdio.h>

/* How many terms to print: the least p >= 2 with gamma[n] == gamma[n - 2]
 * for every n >= p. */
static size_t shown_terms(const uint32_t *gamma)
{
    size_t p = GRUNDY_GENUS_TERMS;
    while (p > 2 && gamma[p - 1] == gamma[p - 3])
        p--;
    return p;
}

int cli_genus(int argc, char **argv)
{
    if (argc != 2)
        return cli_error("genus: usage: grundy genus GAME N");
    uint64_t n;
    grundy_heap_game *g;
    int status = cli_open_game_n("genus", argv, 1, &g, &n);
    if (status != CLI_EXIT_OK)
        return status;
    /* All first, so that an error leaves no partial table. */
    int rc = n > 0 ? grundy_heap_game_genus(g, n - 1, NULL, 0, NULL) : GRUNDY_OK;
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        status = cli_game_failed("genus", g, rc, "searching misère play");
        grundy_heap_game_free(g);
        return status;
    }
    for (uint64_t h = 0; h < n; h++) {
        uint32_t gamma[GRUNDY_GENUS_TERMS], v;
        int tame;
        /* Known now: these read what the call above stored. */
        grundy_heap_game_genus(g, h, gamma, GRUNDY_GENUS_TERMS, &tame);
        grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, h, &v);
        printf("%llu %u^", (unsigned long long)h, v);
        size_t shown = shown_terms(gamma);
        for (size_t t = 0; t < shown; t++)
            printf(t ? ",%u" : "%u", gamma[t]);
        puts(tame ? " tame" : " wild");
    }
    grundy_heap_game_free(g);
    return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("genus: cannot write output");
}
