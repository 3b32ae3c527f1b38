/* SPDX-License-Identifier: MIT */
/* The games of games given by rules as a contest solution plays them, built
 * once on the whole single header and once on the contest edition cut to
 * its calls (bench/contest_bench.py builds, runs and compares the two).
 *
 * Each game is solved from its starting position, from scratch (a new game
 * each time), so that every position it reaches is evaluated and stored:
 * - "three heaps": figure D's subtraction game {1, 2, 5} on three heaps of
 *   up to 160 tokens, the sorted heaps packed 16 bits each into a uint64_t
 *   (grundy_game_new_u64(), the options listed with
 *   grundy_options_add_each());
 * - "Kayles": figure D's Kayles on a row of 20 pins as a bitmask;
 * - "Kayles, one option a call": the same with one grundy_options_add()
 *   call per option, the way docs/games.md shows first;
 * - "three heaps, dense" and "Kayles, dense": the same games on
 *   grundy_game_new_dense() (the sorted triple as a + 161 b + 161^2 c; the
 *   20-bit mask as its own index);
 * - "cutting": a W x H bar of chocolate cut along a line into two bars
 *   (options of two parts, a sum), every bar up to 300 x 300.
 *
 * usage: contest_games ROUNDS
 * For each game, one line: its name, the best of ROUNDS thread CPU times
 * in seconds, the root's value, and the positions and bytes that
 * grundy_game_stats() reports.  Exit status 1 on any library error. */
#define _POSIX_C_SOURCE 200809L
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC
#include "edition.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "figure_d_games.h"

#define BAR 300u

/* Figure D's generators (figure_d_games.h), the options in one call. */
static int tri_packed(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t opt[9];
    (void)user;
    return grundy_options_add_each(out, opt, tri_options(pos, opt));
}

static int tri_dense(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t opt[9];
    (void)user;
    return grundy_options_add_each(out, opt, tri_dense_options(pos, opt));
}

static int kayles(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t opt[2 * KAYLES_PINS];
    (void)user;
    return grundy_options_add_each(out, opt, kayles_options(pos, opt));
}

static int kayles_one(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t opt[2 * KAYLES_PINS];
    unsigned k = kayles_options(pos, opt);
    (void)user;
    for (unsigned i = 0; i < k; i++) {
        int rc = grundy_options_add(out, &opt[i], 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return GRUNDY_OK;
}

/* A w x h bar (w <= h) as w << 32 | h. */
static uint64_t bar(uint64_t w, uint64_t h)
{
    return w <= h ? w << 32 | h : h << 32 | w;
}

static int cutting(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t w = pos >> 32, h = pos & 0xffffffffu, parts[2];
    (void)user;
    for (uint64_t c = 1; c <= w / 2; c++) {
        parts[0] = bar(c, h);
        parts[1] = bar(w - c, h);
        int rc = grundy_options_add(out, parts, 2);
        if (rc != GRUNDY_OK)
            return rc;
    }
    for (uint64_t c = 1; c <= h / 2; c++) {
        parts[0] = bar(w, c);
        parts[1] = bar(w, h - c);
        int rc = grundy_options_add(out, parts, 2);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return GRUNDY_OK;
}

typedef struct bench_game {
    const char *name;
    grundy_moves_u64_fn moves;
    uint64_t bound; /* dense: the bound; 0 for grundy_game_new_u64() */
    uint64_t root;
} bench_game;

static double thread_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One solve from scratch; its time, or a negative number on an error. */
static double solve(const bench_game *b, uint32_t *value, uint64_t *positions, uint64_t *bytes)
{
    grundy_game *g;
    double start = thread_seconds();
    int rc = b->bound != 0 ? grundy_game_new_dense(&g, b->bound, b->moves, NULL, NULL)
                           : grundy_game_new_u64(&g, b->moves, NULL, NULL);
    if (rc != GRUNDY_OK)
        return -1;
    rc = grundy_game_value(g, GRUNDY_PLAY_NORMAL, &b->root, value);
    double seconds = thread_seconds() - start;
    grundy_game_stats(g, positions, bytes);
    if (rc != GRUNDY_OK)
        fprintf(stderr, "%s: %s\n", b->name, grundy_game_errmsg(g));
    grundy_game_free(g);
    return rc == GRUNDY_OK ? seconds : -1;
}

int main(int argc, char **argv)
{
    const uint64_t tri = TRI_MAX * (1u + ((uint64_t)1 << 16) + ((uint64_t)1 << 32));
    const uint64_t tri_index = TRI_MAX * (1u + TRI_SIDE + (uint64_t)TRI_SIDE * TRI_SIDE);
    const uint64_t row = ((uint64_t)1 << KAYLES_PINS) - 1;
    const bench_game games[] = {
        {"three heaps", tri_packed, 0, tri},
        {"Kayles", kayles, 0, row},
        {"Kayles, one option a call", kayles_one, 0, row},
        {"three heaps, dense", tri_dense, tri_index + 1, tri_index},
        {"Kayles, dense", kayles, row + 1, row},
        {"cutting", cutting, 0, bar(BAR, BAR)},
    };
    int rounds = argc > 1 ? atoi(argv[1]) : 1;
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        double best = -1;
        uint32_t value = 0;
        uint64_t positions = 0, bytes = 0;
        for (int r = 0; r < rounds; r++) {
            double t = solve(&games[i], &value, &positions, &bytes);
            if (t < 0)
                return 1;
            if (best < 0 || t < best)
                best = t;
        }
        printf("%s\t%.4f\t%u\t%llu\t%llu\n", games[i].name, best, value,
               (unsigned long long)positions, (unsigned long long)bytes);
    }
    return 0;
}
