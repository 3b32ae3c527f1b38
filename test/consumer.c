/* SPDX-License-Identifier: MIT */
/* A program that uses an installed libgrundy, as a user would: found through
 * pkg-config, linked shared or static.  Prints "OK" and exits 0 when every
 * check holds; otherwise names each failed check on stderr and exits 1.
 * It calls a few functions of every section of grundy.h: version and status,
 * Nim, heap games, games given by rules, graphs and nimbers.
 * Used by test/pkg_install.sh. */
#include <grundy.h>

#include <stdio.h>
#include <string.h>

static int failures;

static void expect(int ok, const char *what, int line)
{
    if (!ok) {
        fprintf(stderr, "consumer.c:%d: failed: %s\n", line, what);
        failures++;
    }
}
#define EXPECT(cond) expect((cond) ? 1 : 0, #cond, __LINE__)

#define STR2(x) #x
#define STR(x) STR2(x)

static void version_and_status(void)
{
    EXPECT(grundy_version_number() == GRUNDY_VERSION_NUMBER);
    EXPECT(strcmp(grundy_version(), STR(GRUNDY_VERSION_MAJOR) "." STR(GRUNDY_VERSION_MINOR) "."
                  STR(GRUNDY_VERSION_PATCH)) == 0);
    EXPECT(strcmp(grundy_strerror(GRUNDY_OK), grundy_strerror(GRUNDY_ECYCLE)) != 0);
    EXPECT(strcmp(grundy_strerror(GRUNDY_ENOTSUP), grundy_strerror(-99)) != 0);
}

/* Nim heaps 3, 8, 15: nim-sum 4, and the winning move takes 4 from 15. */
static void nim(void)
{
    const uint64_t heaps[3] = {3, 8, 15};
    uint64_t value = 0, moves[3] = {0, 0, 0};
    const uint32_t numbers[2] = {5, 5};
    EXPECT(grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, heaps, 3, &value) == GRUNDY_OK);
    EXPECT(value == 4);
    EXPECT(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, heaps, 3, moves) == 1);
    EXPECT(moves[0] == GRUNDY_NO_MOVE && moves[1] == GRUNDY_NO_MOVE && moves[2] == 4);
    EXPECT(grundy_nim_sum_outcome(GRUNDY_PLAY_LOOPY, heaps, 3) == GRUNDY_ENOTSUP);
    EXPECT(grundy_numbers_sum_outcome(GRUNDY_PLAY_NORMAL, numbers, 2) == GRUNDY_P);
}

/* Kayles: G(9) = 4; the winning move from 9 pins is move 4, which leaves
 * two rows of 4. */
static void heap_game(void)
{
    grundy_heap_game *kayles = NULL;
    const uint64_t nine = 9;
    uint64_t move = 0, parts[3] = {0, 0, 0};
    size_t nparts = 0;
    uint32_t value = 99;
    if (grundy_heap_game_new(&kayles, NULL) != GRUNDY_OK || kayles == NULL) {
        EXPECT(kayles != NULL);
        return;
    }
    EXPECT(grundy_heap_game_parse(kayles, "0.77", 4) == GRUNDY_OK);
    EXPECT(grundy_heap_game_value(kayles, GRUNDY_PLAY_NORMAL, 9, &value) == GRUNDY_OK);
    EXPECT(value == 4);
    EXPECT(grundy_heap_game_sum_winning_move(kayles, GRUNDY_PLAY_NORMAL, &nine, 1, &move) == 1);
    EXPECT(move == 4);
    EXPECT(grundy_heap_game_move(kayles, 9, move, parts, 3, &nparts) == GRUNDY_OK);
    EXPECT(nparts == 2 && parts[0] == 4 && parts[1] == 4);
    EXPECT(grundy_heap_game_value(kayles, GRUNDY_PLAY_MISERE, 9, &value) == GRUNDY_OK);
    EXPECT(value == 0); /* misère Kayles: a heap of 9 is a P-position */
    EXPECT(grundy_heap_game_value(kayles, GRUNDY_PLAY_WTIA, 9, &value) == GRUNDY_ENOTSUP);
    EXPECT(grundy_heap_game_errmsg(kayles)[0] != '\0');
    grundy_heap_game_free(kayles);
}

/* Take 1 or 2 from a heap: G(n) = n mod 3. */
static int take_1_2(void *user, uint64_t n, grundy_options *out)
{
    uint64_t k;
    int rc = GRUNDY_OK;
    (void)user;
    for (k = 1; k <= 2 && k <= n && rc == GRUNDY_OK; k++) {
        const uint64_t left = n - k;
        rc = grundy_options_add(out, &left, 1);
    }
    return rc;
}

static void rule_game(void)
{
    grundy_game *game = NULL;
    const uint64_t seven = 7, pair[2] = {4, 4};
    uint32_t value = 99;
    if (grundy_game_new_u64(&game, take_1_2, NULL, NULL) != GRUNDY_OK || game == NULL) {
        EXPECT(game != NULL);
        return;
    }
    EXPECT(grundy_game_value(game, GRUNDY_PLAY_NORMAL, &seven, &value) == GRUNDY_OK);
    EXPECT(value == 1);
    EXPECT(grundy_game_outcome(game, GRUNDY_PLAY_NORMAL, &seven) == GRUNDY_N);
    EXPECT(grundy_game_sum_outcome(game, GRUNDY_PLAY_NORMAL, pair, 2) == GRUNDY_P);
    grundy_game_free(game);
}

/* Nodes 0..4:  1 -> 0;  2 -> 0, 1;  3 -> 2;
 * 4 -> {1 + 2} (a split, value 1 ^ 2 = 3), 4 -> 0, 4 -> {} (finished).
 * Values: 0, 1, 2, 0 (mex {2}), 1 (mex {3, 0, 0}). */
static void graph(void)
{
    static const uint32_t want[5] = {0, 1, 2, 0, 1};
    const uint32_t parts[2] = {1, 2}, four = 4;
    grundy_graph *g = NULL;
    uint32_t first = 99, value = 99, values[5], got[2] = {0, 0}, i;
    uint64_t wins[4], degree = 0;
    size_t comps[4], nwins = 0, nparts = 0;

    if (grundy_graph_new(&g, NULL) != GRUNDY_OK || g == NULL) {
        EXPECT(g != NULL);
        return;
    }
    EXPECT(grundy_graph_add_nodes(g, 5, &first) == GRUNDY_OK);
    EXPECT(first == 0);
    EXPECT(grundy_graph_node_count(g) == 5);
    EXPECT(grundy_graph_add_move(g, 1, 0) == GRUNDY_OK);
    EXPECT(grundy_graph_add_move(g, 2, 0) == GRUNDY_OK);
    EXPECT(grundy_graph_add_move(g, 2, 1) == GRUNDY_OK);
    EXPECT(grundy_graph_add_move(g, 3, 2) == GRUNDY_OK);
    EXPECT(grundy_graph_add_split(g, 4, parts, 2) == GRUNDY_OK);
    EXPECT(grundy_graph_add_move(g, 4, 0) == GRUNDY_OK);
    EXPECT(grundy_graph_add_split(g, 4, NULL, 0) == GRUNDY_OK);
    EXPECT(grundy_graph_add_move(g, 4, 5) == GRUNDY_ERANGE);
    EXPECT(grundy_graph_move_count(g) == 7);
    /* A question solves what it needs; solving again changes nothing. */
    EXPECT(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 4, &value) == GRUNDY_OK);
    EXPECT(value == 1);

    EXPECT(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL) == GRUNDY_OK);
    EXPECT(grundy_graph_values(g, GRUNDY_PLAY_NORMAL, 0, 5, values) == GRUNDY_OK);
    for (i = 0; i < 5; i++) {
        EXPECT(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, i, &value) == GRUNDY_OK);
        EXPECT(value == want[i]);
        EXPECT(values[i] == want[i]);
    }
    EXPECT(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, 3) == GRUNDY_P);
    EXPECT(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, 4) == GRUNDY_N);
    EXPECT(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, &four, 1, comps, wins, 4,
                                          &nwins) == GRUNDY_OK);
    EXPECT(nwins == 2);
    EXPECT(nwins == 2 && comps[0] == 0 && comps[1] == 0 && wins[0] == 1 && wins[1] == 2);
    EXPECT(grundy_graph_degree(g, 4, &degree) == GRUNDY_OK);
    EXPECT(degree == 3);
    EXPECT(grundy_graph_move(g, 4, 0, got, 2, &nparts) == GRUNDY_OK);
    EXPECT(nparts == 2 && got[0] == 1 && got[1] == 2);
    grundy_graph_free(g);
    grundy_graph_free(NULL);
}

static void nimbers(void)
{
    grundy_nimber *nb = NULL;
    EXPECT(grundy_nimber_mul(NULL, 2, 2) == 3);
    EXPECT(grundy_nimber_new(&nb, NULL) == GRUNDY_OK);
    EXPECT(grundy_nimber_mul(nb, 2, 3) == 1);
    grundy_nimber_free(nb);
}

int main(void)
{
    version_and_status();
    nim();
    heap_game();
    rule_game();
    graph();
    nimbers();
    if (failures != 0)
        return 1;
    puts("OK");
    return 0;
}
