/* SPDX-License-Identifier: MIT */
/* The main calls of every module on random games, printing every answer:
 * test/contest_edition_test.py builds it against single/grundy.h and
 * single/grundy_contest.h in every C and C++ standard and requires the same
 * output from each.  It is built with -O2 -Wall -Wextra -Werror, and reads
 * every out-parameter after checking only the status, as callers do: a path
 * of the library that left one unset would be a maybe-uninitialized error.
 *
 * usage: contest_calls SEED ROUNDS */
#define GRUNDY_STATIC
#ifdef CONTEST_EDITION
#include "grundy_contest.h"
#else
#include "grundy.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t next(uint64_t below)
{
    state = state * 6364136223846793005u + 1442695040888963407u;
    return (state >> 33) % below;
}

static int take_upto3(void *user, uint64_t n, grundy_options *out)
{
    (void)user;
    for (uint64_t k = 1; k <= 3 && k <= n; k++) {
        uint64_t parts[2] = {n - k, k / 2};
        int rc = grundy_options_add(out, parts, k == 3 && n > 4 ? 2u : 1u);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return GRUNDY_OK;
}

static void nim_round(void)
{
    uint64_t heaps[5], value, moves[5];
    size_t n = 1 + (size_t)next(5), comp[8], count;
    for (size_t i = 0; i < n; i++)
        heaps[i] = next(4) == 0 ? 1 : next(40);
    for (int play = GRUNDY_PLAY_NORMAL; play <= GRUNDY_PLAY_MISERE; play++) {
        if (grundy_nim_sum_value(play, heaps, n, &value) == GRUNDY_OK)
            printf("nim value %d %llu\n", play, (unsigned long long)value);
        printf("nim outcome %d %d\n", play, grundy_nim_sum_outcome(play, heaps, n));
        if (grundy_nim_sum_winning_move(play, heaps, n, moves) == 1)
            printf("nim move %llu\n", (unsigned long long)moves[0]);
        if (grundy_nim_sum_winning_moves(play, heaps, n, comp, moves, 8, &count) >= 0)
            printf("nim moves %zu\n", count);
        printf("staircase %d %d\n", play, grundy_staircase_nim_outcome(play, heaps, n));
        if (grundy_bounded_nim_value(3, play, heaps[0], &value) == GRUNDY_OK)
            printf("bounded %llu\n", (unsigned long long)value);
        printf("bounded outcome %d\n", grundy_bounded_nim_sum_outcome(3, play, heaps, n));
    }
}

static void graph_round(void)
{
    grundy_graph *g;
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK)
        return;
    uint32_t n = 2 + (uint32_t)next(14), first, value, node, gamma[4];
    uint64_t degree, moves[3];
    size_t count, comp[4];
    int tame;
    if (grundy_graph_add_nodes(g, n, &first) == GRUNDY_OK)
        printf("first %u\n", first);
    for (uint32_t u = 1; u < n; u++)
        for (uint32_t v = 0; v < u; v++)
            if (next(3) == 0)
                grundy_graph_add_move(g, u, v);
    static const uint32_t split[2] = {1, 2};
    if (n > 3)
        grundy_graph_add_split(g, n - 1, split, 2);
    static const int plays[] = {GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA,
                                GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED,
                                GRUNDY_PLAY_SELECTIVE, GRUNDY_PLAY_SHORTENED,
                                GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH};
    uint32_t sum[3] = {(uint32_t)next(n), (uint32_t)next(n), (uint32_t)next(n)};
    for (size_t p = 0; p < sizeof plays / sizeof plays[0]; p++) {
        int play = plays[p];
        if (grundy_graph_value(g, play & ~GRUNDY_BY_MASK, n - 1, &value) == GRUNDY_OK)
            printf("graph value %d %u\n", play, value);
        printf("graph outcome %d %d\n", play, grundy_graph_sum_outcome(g, play, sum, 3));
        if (grundy_graph_sum_winning_move(g, play, sum, 3, moves) == 1)
            printf("graph move %llu %llu %llu\n", (unsigned long long)moves[0],
                   (unsigned long long)moves[1], (unsigned long long)moves[2]);
        if (grundy_graph_sum_winning_moves(g, play, sum, 3, comp, moves, 3, &count) >= 0)
            printf("graph moves %zu\n", count);
        printf("graph method %d\n", grundy_graph_last_method(g));
    }
    if (grundy_graph_degree(g, n - 1, &degree) == GRUNDY_OK)
        printf("degree %llu\n", (unsigned long long)degree);
    if (grundy_graph_genus(g, n - 1, gamma, 4, &tame) >= 0)
        printf("genus %u %d\n", gamma[0], tame);
    if (grundy_graph_move(g, n - 1, 0, &node, 1, &count) == GRUNDY_OK && count > 0)
        printf("move to %u\n", node);
    grundy_graph_add_move(g, 0, n - 1); /* a cycle: loopy play */
    if (grundy_graph_value(g, GRUNDY_PLAY_LOOPY, n - 1, &value) == GRUNDY_OK)
        printf("loopy %u\n", value);
    if (grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, &value) != GRUNDY_OK &&
        grundy_graph_cycle_node(g, &node) == GRUNDY_OK)
        printf("cycle at %u\n", node);
    grundy_graph_free(g);
}

static void game_round(void)
{
    grundy_game *game;
    if (grundy_game_new_u64(&game, take_upto3, NULL, NULL) != GRUNDY_OK)
        return;
    uint64_t pos[3] = {next(60), next(60), next(60)}, degree, parts[2], moves[3];
    uint32_t value;
    size_t count;
    if (grundy_game_value(game, GRUNDY_PLAY_NORMAL, &pos[0], &value) == GRUNDY_OK)
        printf("game value %u\n", value);
    printf("game outcome %d\n", grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, pos, 3));
    if (grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, pos, 3, moves) == 1)
        printf("game move %llu\n", (unsigned long long)moves[0]);
    uint64_t small = pos[2] % 16; /* misère play searches sums: keep them small */
    printf("game misere %d\n", grundy_game_outcome(game, GRUNDY_PLAY_MISERE, &small));
    if (grundy_game_degree(game, &pos[1], &degree) == GRUNDY_OK)
        printf("game degree %llu\n", (unsigned long long)degree);
    if (grundy_game_move(game, &pos[1], 0, parts, 2, &count) == GRUNDY_OK && count > 0)
        printf("game parts %zu %llu\n", count, (unsigned long long)parts[0]);
    grundy_game_free(game);
}

static void heap_round(void)
{
    grundy_heap_game *h;
    if (grundy_heap_game_new(&h, NULL) != GRUNDY_OK)
        return;
    static const char *const names[] = {"0.77", "0.137", "0.07", "4.07", "grundy", "lasker",
                                        "allbut:2,3,7", "0.F"};
    int rc;
    if (next(2) == 0) {
        const char *name = names[next(8)];
        rc = grundy_heap_game_parse(h, name, strlen(name));
        printf("heap game %s\n", name);
    } else {
        uint32_t set[3] = {1 + (uint32_t)next(5), 6 + (uint32_t)next(5), 11 + (uint32_t)next(9)};
        rc = grundy_heap_game_set_subtraction(h, set, 3);
        printf("subtraction %u %u %u\n", set[0], set[1], set[2]);
    }
    if (rc == GRUNDY_OK) {
        uint64_t period, pre, saltus, heaps[3] = {next(300), next(300), next(50)}, moves[3];
        uint32_t value;
        int proved;
        if (grundy_heap_game_arithmetic_period(h, 3000, &period, &pre, &saltus, &proved) >= 0)
            printf("period %llu %llu %llu %d\n", (unsigned long long)period,
                   (unsigned long long)pre, (unsigned long long)saltus, proved);
        if (grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, heaps[0], &value) == GRUNDY_OK)
            printf("heap value %u\n", value);
        if (grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, heaps, 3, &value) == GRUNDY_OK)
            printf("heap sum %u\n", value);
        if (grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, 3, moves) == 1)
            printf("heap move %llu %llu %llu\n", (unsigned long long)moves[0],
                   (unsigned long long)moves[1], (unsigned long long)moves[2]);
        heaps[0] %= 20;
        heaps[1] %= 20;
        printf("heap misere %d\n", grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_MISERE, heaps, 2));
    }
    grundy_heap_game_free(h);
}

static void nimber_round(grundy_nimber *nb)
{
    uint64_t a = ((uint64_t)next(1u << 31) << 33) ^ next(1u << 31), b = next(1u << 31), inv;
    printf("nim mul %llu\n", (unsigned long long)grundy_nimber_mul(nb, a, b));
    if (grundy_nimber_inv(nb, a | 1, &inv) == GRUNDY_OK)
        printf("nim inv %llu\n", (unsigned long long)inv);
}

int main(int argc, char **argv)
{
    state = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    long rounds = argc > 2 ? strtol(argv[2], NULL, 10) : 10;
    grundy_nimber *nb;
    if (grundy_nimber_new(&nb, NULL) != GRUNDY_OK)
        return 1;
    for (long r = 0; r < rounds; r++) {
        nim_round();
        graph_round();
        game_round();
        heap_round();
        nimber_round(nb);
    }
    grundy_nimber_free(nb);
    return 0;
}
