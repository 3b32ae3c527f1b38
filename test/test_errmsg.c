/* SPDX-License-Identifier: MIT */
/* Every kind of handle reports its failures the same way (include/grundy.h,
 * section 4): right after a call that failed with something to say, its
 * errmsg describes that failure, naming what and where, never an earlier
 * one; calls that only read a const handle leave it as it is; after a
 * success its content is unspecified (but it is always a string).  The
 * handles that read text (graphs, heap games) also say where in the text
 * with errpos, a byte offset, checked exactly here; after a failure that is
 * not about the text, errpos is GRUNDY_NO_POS.  So each failure here follows
 * another one, or a success, whose message must be gone. */
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "nim_heaps.h"

/* The message holds want, and not stale (the previous failure's text, or
 * NULL when there was none). */
#define CHECK_MSG(msg, want, stale)                                              \
    do {                                                                         \
        const char *m_ = (msg), *stale_ = (stale);                               \
        if (!CHECK(m_ != NULL))                                                  \
            break;                                                               \
        if (!CHECK(strstr(m_, (want)) != NULL))                                  \
            fprintf(stderr, "    message '%s' lacks '%s'\n", m_, (want));        \
        if (stale_ != NULL && !CHECK(strstr(m_, stale_) == NULL))                \
            fprintf(stderr, "    message '%s' still says '%s'\n", m_, stale_);   \
    } while (0)

/* The message is not empty and differs from `before` (a copy of the
 * previous failure's message); then it becomes the one to compare with. */
static void check_new_msg(const char *msg, char *before, size_t cap)
{
    if (!CHECK(msg != NULL))
        return;
    CHECK(msg[0] != '\0');
    if (!CHECK(strcmp(msg, before) != 0))
        fprintf(stderr, "    message '%s' is the previous one\n", msg);
    snprintf(before, cap, "%s", msg);
}

/* ------------------------------------------------------------------------ */
/* Status names. */

static void test_strerror(void)
{
    const char *unknown = grundy_strerror(-1000);
    CHECK(strcmp(unknown, "unknown status") == 0);
    for (int a = GRUNDY_ENOTSUP; a <= GRUNDY_OK; a++) {
        CHECK(grundy_strerror(a)[0] != '\0');
        CHECK(strcmp(grundy_strerror(a), unknown) != 0);
        for (int b = GRUNDY_ENOTSUP; b < a; b++)
            CHECK(strcmp(grundy_strerror(a), grundy_strerror(b)) != 0);
    }
    CHECK_MSG(grundy_strerror(GRUNDY_ENOTSUP), "support", NULL);
    CHECK(strcmp(grundy_strerror(GRUNDY_ENOTSUP - 1), unknown) == 0);
}

/* ------------------------------------------------------------------------ */
/* Graphs. */

static void test_graph(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_errmsg(g)[0], '\0');
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);

    /* A parse error names its line, and errpos the token "9"; the graph is
     * left empty. */
    static const char text[] = "3 2\n1 0\n2 9\n";
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 9", NULL);
    CHECK_MSG(grundy_graph_errmsg(g), "line 3", NULL);
    CHECK_EQ(grundy_graph_errpos(g), 10);
    CHECK_EQ(grundy_graph_node_count(g), 0);

    /* A move out of range: a new message, and no place in a text any more. */
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 7), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 7", "node 9");
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);

    /* Calls that only read (a const graph) leave the message alone. */
    uint32_t v, node;
    CHECK_EQ(grundy_graph_cycle_node(g, &node), GRUNDY_ESTATE);
    CHECK_EQ(grundy_graph_node_count(g), 4);
    CHECK_EQ(grundy_graph_last_method(g), 0);
    CHECK_MSG(grundy_graph_errmsg(g), "node 7", "node 9");

    /* A question about a node out of range (it solves first). */
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 99, &v), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 99", "node 7");

    /* Parsing into a graph with nodes: not about the text. */
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ESTATE);
    CHECK_MSG(grundy_graph_errmsg(g), "empty", "node 99");
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);

    /* A cycle, after successful calls. */
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 3, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_ECYCLE);
    CHECK_MSG(grundy_graph_errmsg(g), "cycle", "empty");
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);

    /* The genus of a node out of range. */
    CHECK_EQ(grundy_graph_genus(g, 40, NULL, 0, NULL), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 40", "cycle");

    /* A sum's component out of range, then past the node limit. */
    const uint32_t far[2] = {0, 50};
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_WTIA, far, 2), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 50", "node 40");
    CHECK_EQ(grundy_graph_add_nodes(g, GRUNDY_NODE_MAX, NULL), GRUNDY_ELIMIT);
    CHECK_MSG(grundy_graph_errmsg(g), "limit", "node 50");
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);
    grundy_graph_free(g);

    CHECK_EQ(grundy_graph_errmsg(NULL)[0], '\0');
    CHECK(grundy_graph_errpos(NULL) == GRUNDY_NO_POS);
}

/* One bad text (a graph's, or a heap game's name): its status, what the
 * message says, and the byte offset of the offending token. */
typedef struct bad_text {
    const char *text;
    int status;
    const char *says;
    size_t errpos;
} bad_text;

static void test_graph_text(void)
{
    static const bad_text bad[] = {
        {"3 2\n1 0\n2 x\n", GRUNDY_EPARSE, "line 3", 10},
        {"3 2\n1 0\n2 9\n", GRUNDY_ERANGE, "line 3", 10},
        {"x 2\n", GRUNDY_EPARSE, "line 1", 0},
        {"  # a comment\n\n  3 1\n  2 7 # far\n", GRUNDY_ERANGE, "line 4", 25},
        {"2147483648 0\n", GRUNDY_ELIMIT, "line 1", 0},
        {"2 1\n1 0\n1\n", GRUNDY_EPARSE, "line 3", 8},
        {"2 1\n\t1\t-1\n", GRUNDY_EPARSE, "line 2", 7},
        {"3 2\n1 0\n", GRUNDY_EPARSE, "end of input", 8}, /* the end of the text */
        {"3 2\n1 0\n  ", GRUNDY_EPARSE, "end of input", 10},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        grundy_graph *g;
        CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
        size_t len = strlen(bad[i].text);
        if (!CHECK_EQ(grundy_graph_parse(g, bad[i].text, len), bad[i].status))
            fprintf(stderr, "    text %zu\n", i);
        CHECK_MSG(grundy_graph_errmsg(g), bad[i].says, NULL);
        if (!CHECK_EQ(grundy_graph_errpos(g), bad[i].errpos))
            fprintf(stderr, "    text %zu: '%s'\n", i, grundy_graph_errmsg(g));
        CHECK_EQ(grundy_graph_node_count(g), 0);
        /* The same graph reads a good text then; a later failure that is
         * not about a text has no place. */
        CHECK_EQ(grundy_graph_parse(g, "2 1 1 0", 7), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_move(g, 0, 5), GRUNDY_ERANGE);
        CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);
        grundy_graph_free(g);
    }

    /* The text need not end with a NUL: only len bytes are read. */
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_parse(g, "2 1\n1 0\n9 9", 8), GRUNDY_OK);
    CHECK_EQ(grundy_graph_move_count(g), 1);
    grundy_graph_free(g);
}

/* The plays' and sums' own failures, on Nim heaps 0..3 and three more
 * nodes: 4 -> 2; 5 -> 0, 4, which is not tame; 6 -> 1, of value 0 but with
 * a move, which the SJ theorem does not allow. */
static void test_graph_plays(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 8, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 4, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 5, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 5, 4), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 6, 1), GRUNDY_OK);

    /* A required method whose precondition fails: EINVAL naming the node,
     * from each call that decides a misère sum. */
    const uint32_t sj[2] = {6, 2}, wild[2] = {5, 2};
    uint64_t moves[2];
    size_t count = 0;
    const int by_sj = GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ;
    const int by_genus = GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS;
    CHECK_EQ(grundy_graph_sum_outcome(g, by_sj, sj, 2), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 6", NULL);
    CHECK_MSG(grundy_graph_errmsg(g), "SJ", NULL);
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);
    CHECK_EQ(grundy_graph_sum_outcome(g, by_genus, wild, 2), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 5 is not tame", "SJ");
    CHECK_EQ(grundy_graph_sum_winning_move(g, by_sj, sj, 2, moves), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 6", "not tame");
    CHECK_EQ(grundy_graph_sum_winning_moves(g, by_genus, wild, 2, NULL, moves, 2, &count),
             GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 5 is not tame", "node 6");
    /* Without the flag the library picks a method that applies; it says which. */
    CHECK(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, sj, 2) >= 0);
    CHECK(grundy_graph_last_method(g) != GRUNDY_BY_SJ);
    CHECK(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, wild, 2) >= 0);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);

    /* What this kind of handle does not offer: ENOTSUP with a message,
     * which names the call that would answer. */
    uint32_t v;
    char before[512];
    CHECK_EQ(grundy_graph_sum_outcome(g, by_genus, wild, 2), GRUNDY_EINVAL);
    snprintf(before, sizeof before, "%s", grundy_graph_errmsg(g));
    CHECK_EQ(grundy_graph_sum_value(g, GRUNDY_PLAY_MISERE, sj, 2, &v), GRUNDY_ENOTSUP);
    check_new_msg(grundy_graph_errmsg(g), before, sizeof before);
    CHECK_MSG(grundy_graph_errmsg(g), "sum_outcome", NULL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_CONJUNCTIVE, sj, 2, NULL, moves, 2,
                                            &count),
             GRUNDY_ENOTSUP);
    check_new_msg(grundy_graph_errmsg(g), before, sizeof before);
    CHECK_MSG(grundy_graph_errmsg(g), "sum_winning_move", NULL);
    CHECK(grundy_graph_errpos(g) == GRUNDY_NO_POS);

    /* An unknown play. */
    CHECK_EQ(grundy_graph_solve(g, 99), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_MASK, 0, &v), GRUNDY_EINVAL);

    /* A split move where the play needs none. */
    const uint32_t parts[2] = {1, 2};
    CHECK_EQ(grundy_graph_add_split(g, 7, parts, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_MISERE), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "split", "not tame");
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK(grundy_graph_errmsg(g) != NULL); /* unspecified, but a string */
    CHECK_EQ(grundy_graph_genus(g, 0, NULL, 0, NULL), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "genus", "play needs");
    grundy_graph_free(g);
}

/* ------------------------------------------------------------------------ */
/* Games given by rules. */

/* n -> n - 1 below 1000; 1000 and 1001 move to each other (a cycle);
 * position 5 has an option of two parts too; the generator fails with
 * GRUNDY_ERANGE at fail_at. */
static int rule_moves(void *user, uint64_t n, grundy_options *out)
{
    const uint64_t *fail_at = user;
    if (n == *fail_at)
        return GRUNDY_ERANGE;
    if (n >= 1000)
        return grundy_options_add(out, (const uint64_t[]){n == 1000 ? 1001 : 1000}, 1);
    int rc = GRUNDY_OK;
    if (n >= 1)
        rc = grundy_options_add(out, (const uint64_t[]){n - 1}, 1);
    if (rc == GRUNDY_OK && n == 5)
        rc = grundy_options_add(out, (const uint64_t[]){1, 2}, 2);
    return rc;
}

/* The value of position x (a uint64_t, by address). */
static int value_at(grundy_game *game, int play, uint64_t x, uint32_t *v)
{
    return grundy_game_value(game, play, &x, v);
}

static void test_game(void)
{
    uint64_t fail_at = UINT64_MAX;
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_errmsg(game)[0], '\0');
    uint32_t v;

    /* A cycle; then, with normal values stored, another play has a table
     * of its own (0.1 refused to change the play here). */
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 1001, &v), GRUNDY_ECYCLE);
    CHECK_MSG(grundy_game_errmsg(game), "back to itself", NULL);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 20, &v), GRUNDY_OK);
    CHECK_EQ(v, 0);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_CONJUNCTIVE, 4, &v), GRUNDY_OK);
    CHECK_EQ(v, 4); /* the remoteness of a chain (below the split at 5) */
    CHECK_EQ(value_at(game, GRUNDY_PLAY_MISERE, 4, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);

    /* The generator's own failure, on a value not stored yet. */
    fail_at = 30;
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 40, &v), GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "back to itself");
    fail_at = UINT64_MAX;

    /* The memory cap. */
    grundy_game_set_memory_limit(game, 4096);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 900, &v), GRUNDY_ELIMIT);
    CHECK_MSG(grundy_game_errmsg(game), "memory limit", "move generator");
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_ESTATE);
    CHECK_MSG(grundy_game_errmsg(game), "canonical", "memory limit");

    /* An unknown play; the sum of another play than normal has no number. */
    CHECK_EQ(value_at(game, 99, 3, &v), GRUNDY_EINVAL);
    const uint64_t two[2] = {3, 4};
    CHECK_EQ(grundy_game_sum_value(game, GRUNDY_PLAY_MISERE, two, 2, &v), GRUNDY_ENOTSUP);
    CHECK_MSG(grundy_game_errmsg(game), "sum_outcome", "canonical");
    grundy_game_free(game);

    /* An option of two parts under misère play. */
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_MISERE, 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_MISERE, 5, &v), GRUNDY_EINVAL);
    CHECK_MSG(grundy_game_errmsg(game), "2 parts", "back to itself");
    grundy_game_free(game);

    CHECK_EQ(grundy_game_errmsg(NULL)[0], '\0');
}

/* A required misère method whose precondition fails, on a game: the chain
 * n -> n - 1 reaches position 2, of value 0 but with a move, so the SJ
 * theorem does not apply; the library's own pick does. */
static void test_game_methods(void)
{
    uint64_t fail_at = UINT64_MAX;
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 1001, &v), GRUNDY_ECYCLE);
    const uint64_t sum[2] = {3, 2};
    uint64_t moves[2];
    size_t count = 0;
    const int by_sj = GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ;
    CHECK_EQ(grundy_game_sum_outcome(game, by_sj, sum, 2), GRUNDY_EINVAL);
    CHECK_MSG(grundy_game_errmsg(game), "SJ", "back to itself");
    CHECK_EQ(grundy_game_sum_winning_move(game, by_sj, sum, 2, moves), GRUNDY_EINVAL);
    CHECK_MSG(grundy_game_errmsg(game), "SJ", "back to itself");
    CHECK_EQ(grundy_game_sum_winning_moves(game, by_sj, sum, 2, NULL, moves, 2, &count),
             GRUNDY_EINVAL);
    CHECK_MSG(grundy_game_errmsg(game), "SJ", "back to itself");
    CHECK_EQ(grundy_game_last_method(game), 0);
    /* Without the flag, or with search required, it decides. */
    CHECK(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, sum, 2) >= 0);
    CHECK(grundy_game_last_method(game) != 0);
    CHECK(grundy_game_last_method(game) != GRUNDY_BY_SJ);
    CHECK(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 2) >= 0);
    CHECK_EQ(grundy_game_last_method(game), GRUNDY_BY_SEARCH);
    /* Plays that move in several components list no winning moves. */
    char before[512];
    CHECK_EQ(grundy_game_sum_outcome(game, by_sj, sum, 2), GRUNDY_EINVAL);
    snprintf(before, sizeof before, "%s", grundy_game_errmsg(game));
    CHECK_EQ(grundy_game_sum_winning_moves(game, GRUNDY_PLAY_CONTINUED, sum, 2, NULL, moves, 2,
                                           &count),
             GRUNDY_ENOTSUP);
    check_new_msg(grundy_game_errmsg(game), before, sizeof before);
    grundy_game_free(game);
}

/* The winning-move search, degree and move generate the options of the
 * caller's position again; when the generator fails there, the message
 * must say so, not keep an earlier one. */
static void test_game_search(void)
{
    uint64_t fail_at = UINT64_MAX;
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 3, &v), GRUNDY_OK);
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_ECYCLE);
    fail_at = 3; /* stored already: only the search generates its options again */
    const uint64_t pos[1] = {3};
    uint64_t moves[1], parts[1], degree;
    size_t np;
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_NORMAL, pos, 1, moves),
             GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "back to itself");
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_degree(game, pos, &degree), GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "back to itself");
    CHECK_EQ(value_at(game, GRUNDY_PLAY_NORMAL, 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_move(game, pos, 0, parts, 1, &np), GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "back to itself");
    fail_at = UINT64_MAX;
    CHECK_EQ(grundy_game_move(game, pos, 1, parts, 1, &np), GRUNDY_ERANGE); /* one move */
    grundy_game_free(game);
}

/* ------------------------------------------------------------------------ */
/* Heap games. */

static void test_heap_names(void)
{
    static const bad_text bad[] = {
        {"0.9z", GRUNDY_EPARSE, "'z'", 3},
        {"0.77x", GRUNDY_EPARSE, "'x'", 4},
        {"0.7 ", GRUNDY_EPARSE, "' '", 3},
        {"07", GRUNDY_EPARSE, "point", 1},
        {"x.7", GRUNDY_EPARSE, "'x'", 0},
        {"kayles", GRUNDY_EPARSE, "kayles", 0},
        {"0.", GRUNDY_EPARSE, "no digits", 2},
        {"1.7", GRUNDY_EPARSE, "before the point", 0},
        {"", GRUNDY_EPARSE, "empty", 0},
        {"sub:", GRUNDY_EPARSE, "empty", 4},
        {"sub:3,,4", GRUNDY_EPARSE, "','", 6},
        {"sub:3;4", GRUNDY_EPARSE, "comma", 5},
        {"sub:5,0", GRUNDY_EPARSE, "at least 1", 6},
        {"sub:1,5000000000", GRUNDY_ELIMIT, "4294967295", 6},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        grundy_heap_game *h;
        CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
        if (i == 0) {
            CHECK_EQ(grundy_heap_game_errmsg(h)[0], '\0');
            CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);
        }
        if (!CHECK_EQ(grundy_heap_game_parse(h, bad[i].text, strlen(bad[i].text)), bad[i].status))
            fprintf(stderr, "    name '%s'\n", bad[i].text);
        CHECK_MSG(grundy_heap_game_errmsg(h), bad[i].says, NULL);
        if (!CHECK_EQ(grundy_heap_game_errpos(h), bad[i].errpos))
            fprintf(stderr, "    name '%s': '%s'\n", bad[i].text, grundy_heap_game_errmsg(h));
        /* The game keeps no rules: it takes good ones then. */
        CHECK_EQ(grundy_heap_game_parse(h, "0.77", 4), GRUNDY_OK);
        grundy_heap_game_free(h);
    }

    /* The name need not end with a NUL: only len bytes are read. */
    grundy_heap_game *h;
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "0.7z", 3), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 2, &v), GRUNDY_OK);
    CHECK_EQ(v, 0); /* 0.7 (remove one token, anywhere): G(n) = n mod 2 */
    grundy_heap_game_free(h);
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "sub:1,2x", 7), GRUNDY_OK);
    grundy_heap_game_free(h);
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "0.7\0" "7", 5), GRUNDY_EPARSE); /* a NUL is a character */
    CHECK_EQ(grundy_heap_game_errpos(h), 3);
    grundy_heap_game_free(h);
}

/* Failures that are not about the name: no place, and a new message each. */
static void test_heap_state(void)
{
    grundy_heap_game *h;
    uint32_t v;
    char before[512];
    CHECK_EQ(grundy_heap_game_new(&h, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_parse(h, "0.9z", 4), GRUNDY_EPARSE);
    snprintf(before, sizeof before, "%s", grundy_heap_game_errmsg(h));
    /* No rules yet. */
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 5, &v), GRUNDY_ESTATE);
    check_new_msg(grundy_heap_game_errmsg(h), before, sizeof before);
    CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);
    /* A bad subtraction set. */
    const uint32_t zero[2] = {3, 0};
    CHECK_EQ(grundy_heap_game_set_subtraction(h, zero, 2), GRUNDY_EINVAL);
    check_new_msg(grundy_heap_game_errmsg(h), before, sizeof before);
    CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);
    CHECK_EQ(grundy_heap_game_parse(h, "0.77", 4), GRUNDY_OK);
    /* Rules given twice. */
    CHECK_EQ(grundy_heap_game_parse(h, "0.9z", 4), GRUNDY_ESTATE);
    check_new_msg(grundy_heap_game_errmsg(h), before, sizeof before);
    CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);

    /* Plays other than normal: ENOTSUP from every call that takes a play,
     * with a message that names the play that would do. */
    const uint64_t heaps[2] = {4, 9};
    uint64_t moves[2];
    uint32_t vals[2];
    size_t count;
    for (int call = 0; call < 7; call++) {
        int rc;
        CHECK_EQ(grundy_heap_game_parse(h, "0.9z", 4), GRUNDY_ESTATE);
        snprintf(before, sizeof before, "%s", grundy_heap_game_errmsg(h));
        switch (call) {
        case 0: rc = grundy_heap_game_value(h, GRUNDY_PLAY_CONJUNCTIVE, 5, &v); break;
        case 1: rc = grundy_heap_game_values(h, GRUNDY_PLAY_CONTINUED, 0, 2, vals); break;
        case 2: rc = grundy_heap_game_outcome(h, GRUNDY_PLAY_SELECTIVE, 5); break;
        case 3: rc = grundy_heap_game_sum_value(h, GRUNDY_PLAY_SHORTENED, heaps, 2, &v); break;
        case 4: rc = grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_WTIA, heaps, 2); break;
        case 5: rc = grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_LOOPY, heaps, 2, moves); break;
        default:
            rc = grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_WTIA, heaps, 2, NULL, moves, 2,
                                                    &count);
            break;
        }
        if (!CHECK_EQ(rc, GRUNDY_ENOTSUP))
            fprintf(stderr, "    call %d\n", call);
        check_new_msg(grundy_heap_game_errmsg(h), before, sizeof before);
        CHECK_MSG(grundy_heap_game_errmsg(h), "normal", NULL);
        CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);
    }

    /* A move a heap does not have. */
    CHECK_EQ(grundy_heap_game_parse(h, "0.9z", 4), GRUNDY_ESTATE);
    snprintf(before, sizeof before, "%s", grundy_heap_game_errmsg(h));
    uint64_t parts[3];
    size_t np;
    CHECK_EQ(grundy_heap_game_move(h, 9, 100, parts, 3, &np), GRUNDY_ERANGE);
    check_new_msg(grundy_heap_game_errmsg(h), before, sizeof before);
    CHECK_MSG(grundy_heap_game_errmsg(h), "100", NULL);
    CHECK(grundy_heap_game_errpos(h) == GRUNDY_NO_POS);
    grundy_heap_game_free(h);

    CHECK_EQ(grundy_heap_game_errmsg(NULL)[0], '\0');
    CHECK(grundy_heap_game_errpos(NULL) == GRUNDY_NO_POS);
}

int main(void)
{
    RUN(test_strerror);
    RUN(test_graph);
    RUN(test_graph_text);
    RUN(test_graph_plays);
    RUN(test_game);
    RUN(test_game_methods);
    RUN(test_game_search);
    RUN(test_heap_names);
    RUN(test_heap_state);
    return harness_done();
}
