/* SPDX-License-Identifier: MIT */
/*
 * prime_subtraction: the game "Game" of the Agora 2004 contest.
 *
 * There are some heaps of stones.  A move removes from one heap either one
 * stone or a prime number of stones; the player who takes the last stone
 * wins.  Who wins, and how?
 *
 * Model.  This is the subtraction game whose set is 1 and the primes.  A heap
 * of h stones never sees a prime above h, so the finite set {1} and the
 * primes up to the largest heap give the same values (the primes 2 and 3 are
 * always put in, so that the set is the same for every small input).  The
 * library computes G(0), G(1), ..., proves the period of the sequence, and
 * finds a winning move in the sum of the heaps.  The theory says
 * G(h) = h mod 4: a move can take 1, 2 or 3 stones, but never a multiple of
 * 4, since no prime is one.
 *
 * Usage: prime_subtraction H1 [H2 ...]     (each heap 0 to 20000 stones)
 * Prints G(0..n) for the first heaps, the value of every heap, who wins and,
 * if it is the first player, a winning move.  Exit status: 0 done, 1 library
 * error, 2 bad argument.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "grundy.h"

/* Values are computed up to the largest heap with about 2300 moves each. */
#define MAX_HEAP 20000u
#define SHOW_VALUES 16u

/* Parses a decimal heap size in 0..MAX_HEAP; returns 0 on success, -1 otherwise. */
static int parse_heap(const char *text, uint64_t *heap)
{
    char *end;
    unsigned long v;

    if (*text < '0' || *text > '9') /* no sign, no space, not empty */
        return -1;
    errno = 0;
    v = strtoul(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > MAX_HEAP)
        return -1;
    *heap = v;
    return 0;
}

/* Fills set with 1 and the primes up to limit; returns how many. */
static size_t prime_moves(uint32_t limit, uint32_t *set, unsigned char *composite)
{
    size_t n = 0;

    set[n++] = 1;
    for (uint32_t p = 2; p <= limit; p++) {
        if (composite[p])
            continue;
        set[n++] = p;
        for (uint64_t q = (uint64_t)p * p; q <= limit; q += p)
            composite[q] = 1;
    }
    return n;
}

static int report(const char *what, int status)
{
    fprintf(stderr, "prime_subtraction: %s: %s\n", what, grundy_strerror(status));
    return 1;
}

int main(int argc, char **argv)
{
    const size_t n = argc > 1 ? (size_t)(argc - 1) : 0;
    uint64_t *heaps = NULL, *moves = NULL;
    uint32_t *set = NULL;
    unsigned char *composite = NULL;
    grundy_heap_game *game = NULL;
    uint64_t largest = 3, period, preperiod, left[3];
    uint32_t value, sum = 0;
    size_t nset, heap = 0, nleft = 0;
    int status, rc = 1;

    if (n == 0) {
        fprintf(stderr, "usage: prime_subtraction H1 [H2 ...]\n");
        return 2;
    }
    heaps = malloc(n * sizeof *heaps);
    moves = malloc(n * sizeof *moves);
    if (heaps == NULL || moves == NULL) {
        fprintf(stderr, "prime_subtraction: out of memory\n");
        free(heaps);
        free(moves);
        return 1;
    }
    for (size_t i = 0; i < n; i++) {
        if (parse_heap(argv[i + 1], &heaps[i]) != 0) {
            fprintf(stderr,
                    "prime_subtraction: a heap must be a whole number from 0 to %u, not \"%s\"\n",
                    MAX_HEAP, argv[i + 1]);
            free(heaps);
            free(moves);
            return 2;
        }
        if (heaps[i] > largest)
            largest = heaps[i];
    }

    /* The moves: 1 and every prime up to the largest heap (at least 3). */
    set = malloc(((size_t)largest + 1) * sizeof *set);
    composite = calloc((size_t)largest + 1, 1);
    if (set == NULL || composite == NULL) {
        fprintf(stderr, "prime_subtraction: out of memory\n");
        goto done;
    }
    nset = prime_moves((uint32_t)largest, set, composite);
    status = grundy_heap_game_new(&game, NULL);
    if (status == GRUNDY_OK)
        status = grundy_heap_game_set_subtraction(game, set, nset);
    if (status != GRUNDY_OK) {
        rc = report("creating the game", status);
        goto done;
    }
    printf("moves: take 1 or a prime number of stones:");
    for (size_t i = 0; i < nset; i++) {
        if (i < 8 || i + 1 == nset)
            printf("%s %" PRIu32, i > 0 ? "," : "", set[i]);
        else if (i == 8)
            printf(", ...");
    }
    printf(" (%zu amounts)\n", nset);

    /* The period is proved once enough values agree with it (the largest
     * move plus two periods at most); then every value comes from it. */
    status = grundy_heap_game_period(game, largest + 9, &period, &preperiod);
    if (status < 0) {
        rc = report("looking for the period", status);
        goto done;
    }
    if (status == 1)
        printf("the values have period %" PRIu64 " from heap %" PRIu64 " on (proved)\n", period,
               preperiod);
    else
        printf("no period proved\n");

    printf("G(0..%u) =", SHOW_VALUES - 1);
    for (uint64_t h = 0; h < SHOW_VALUES; h++) {
        status = grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, h, &value);
        if (status != GRUNDY_OK) {
            rc = report("computing a value", status);
            goto done;
        }
        printf(" %" PRIu32, value);
    }
    printf("\n");

    for (size_t i = 0; i < n; i++) {
        status = grundy_heap_game_value(game, GRUNDY_PLAY_NORMAL, heaps[i], &value);
        if (status != GRUNDY_OK) {
            rc = report("computing a value", status);
            goto done;
        }
        printf("heap %zu: %" PRIu64 " stone%s, G = %" PRIu32 "\n", i + 1, heaps[i],
               heaps[i] == 1 ? "" : "s", value);
        sum ^= value;
    }
    printf("xor of the values: %" PRIu32 "\n", sum);

    /* moves[i]: the move to play in heap i, or GRUNDY_NO_MOVE; the heaps
     * that move k of heap i leaves come from grundy_heap_game_move(). */
    status = grundy_heap_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, heaps, n, moves);
    if (status < 0) {
        rc = report("finding a winning move", status);
        goto done;
    }
    if (status == 1) {
        int read;
        while (heap < n && moves[heap] == GRUNDY_NO_MOVE)
            heap++;
        read = heap < n ? grundy_heap_game_move(game, heaps[heap], moves[heap], left, 3, &nleft)
                        : GRUNDY_ERANGE;
        if (read != GRUNDY_OK) {
            rc = report("reading the winning move", read);
            goto done;
        }
    }
    if ((status == 1) != (sum != 0) || (status == 1 && nleft > 1)) {
        fprintf(stderr, "prime_subtraction: inconsistent answer from the library\n");
        goto done;
    }
    if (status == 1) {
        const uint64_t rest = nleft == 1 ? left[0] : 0;
        const uint64_t take = heaps[heap] - rest;
        printf("first player wins: take %" PRIu64 " stone%s from heap %zu (%" PRIu64
               " -> %" PRIu64 ")\n",
               take, take == 1 ? "" : "s", heap + 1, heaps[heap], rest);
    } else {
        printf("second player wins\n");
    }
    rc = 0;

done:
    grundy_heap_game_free(game);
    free(composite);
    free(set);
    free(heaps);
    free(moves);
    return rc;
}
