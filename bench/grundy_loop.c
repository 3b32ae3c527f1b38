/* SPDX-License-Identifier: MIT */
/* The program a contest programmer writes for Grundy's game, built on its
 * own (build/bench/grundy_loop) so that the benchmark suite can time it as
 * a whole process against `grundy values grundy N` (bench/bench_threads.c).
 *
 *   grundy_loop N     prints G(0) ... G(N-1) of Grundy's game on one line,
 *                     separated by spaces: the output of `grundy values`.
 *
 * The plain O(N^2) loop: for each heap, mark the value of every split into
 * two unequal heaps in a generation-stamped array, then scan for the mex. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A power of two above every value: a value is at most its number of
 * options, below n + 1, and an xor of values below a power of two stays
 * below it. */
static size_t stamp_size(uint32_t n)
{
    size_t p = 2;
    while (p <= (size_t)n + 1)
        p *= 2;
    return p;
}

int main(int argc, char **argv)
{
    char *end;
    unsigned long n = argc == 2 ? strtoul(argv[1], &end, 10) : 0;
    if (argc != 2 || *argv[1] == '\0' || *end != '\0' || n > UINT32_MAX) {
        fprintf(stderr, "usage: grundy_loop N\n");
        return 2;
    }
    uint32_t *g = malloc((n > 0 ? n : 1) * sizeof *g);
    uint32_t *seen = calloc(stamp_size((uint32_t)n), sizeof *seen);
    if (g == NULL || seen == NULL) {
        fprintf(stderr, "grundy_loop: out of memory\n");
        return 2;
    }
    for (uint32_t h = 0; h < n; h++) {
        uint32_t stamp = h + 1;
        for (uint32_t a = 1; 2 * a < h; a++)
            seen[g[a] ^ g[h - a]] = stamp;
        uint32_t v = 0;
        while (seen[v] == stamp)
            v++;
        g[h] = v;
    }
    for (uint32_t h = 0; h < n; h++)
        printf(h ? " %u" : "%u", g[h]);
    putchar('\n');
    free(seen);
    free(g);
    return fflush(stdout) == 0 ? 0 : 1;
}
