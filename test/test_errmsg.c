/* The contract of grundy_graph_errmsg(), grundy_graph_errline() and
 * grundy_game_errmsg() (include/grundy.h): right after a call that failed
 * with something to say, the message describes that failure, never an
 * earlier one; queries on a const graph leave it as it is; after a success
 * its content is unspecified (but it is always a string).  So each failure
 * here follows another one, or a success, whose message must be gone. */
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

static void test_graph(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_errmsg(g)[0], '\0');
    CHECK_EQ(grundy_graph_errline(g), 0);

    /* A parse error names its line; the graph is left empty. */
    static const char text[] = "3 2\n1 0\n2 9\n";
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 9", NULL);
    CHECK_EQ(grundy_graph_errline(g), 3);

    /* A move out of range: a new message, and no line any more. */
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 7), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 7", "node 9");
    CHECK_EQ(grundy_graph_errline(g), 0);

    /* Queries on a const graph leave the message alone. */
    uint32_t v;
    CHECK_EQ(grundy_graph_value(g, 99, &v), GRUNDY_ESTATE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 7", "node 9");

    /* Parsing into a graph with nodes. */
    CHECK_EQ(grundy_graph_parse(g, text, strlen(text)), GRUNDY_ESTATE);
    CHECK_MSG(grundy_graph_errmsg(g), "empty", "node 7");

    /* A cycle, after successful calls. */
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 3), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 3, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_ECYCLE);
    CHECK_MSG(grundy_graph_errmsg(g), "cycle", "empty");
    CHECK(grundy_graph_errmsg(g) != NULL);

    /* The genus of a node out of range. */
    CHECK_EQ(grundy_graph_genus(g, 40, NULL, 0, NULL), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 40", "cycle");

    /* A compound's component out of range, then past the node limit. */
    const uint32_t far[2] = {0, 50};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_WTIA, far, 2), GRUNDY_ERANGE);
    CHECK_MSG(grundy_graph_errmsg(g), "node 50", "node 40");
    CHECK_EQ(grundy_graph_add_nodes(g, GRUNDY_NODE_MAX, NULL), GRUNDY_ELIMIT);
    CHECK_MSG(grundy_graph_errmsg(g), "limit", "node 50");
    grundy_graph_free(g);

    CHECK_EQ(grundy_graph_errmsg(NULL)[0], '\0');
    CHECK_EQ(grundy_graph_errline(NULL), 0);
}

/* The plays' and compounds' own failures, on Nim heaps 0..3 and three more
 * nodes: 4 -> 2; 5 -> 0, 4, which is not tame; 6 -> 1, of value 0 but with
 * a move, which the SJ theorem does not allow. */
static void test_graph_plays(void)
{
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 8, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 4, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 5, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 5, 4), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 6, 1), GRUNDY_OK);

    const uint32_t sj[2] = {6, 2}, wild[2] = {5, 2};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, sj, 2), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 6", NULL);
    CHECK_MSG(grundy_graph_errmsg(g), "SJ", NULL);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, wild, 2), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "node 5 is not tame", "SJ");

    /* A split move where the play needs none. */
    const uint32_t parts[2] = {1, 2};
    CHECK_EQ(grundy_graph_add_split(g, 7, parts, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_solve_play(g, GRUNDY_PLAY_MISERE), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "split", "not tame");
    CHECK_EQ(grundy_graph_solve_play(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK(grundy_graph_errmsg(g) != NULL); /* unspecified, but a string */
    CHECK_EQ(grundy_graph_genus(g, 0, NULL, 0, NULL), GRUNDY_EINVAL);
    CHECK_MSG(grundy_graph_errmsg(g), "genus", "play needs");
    grundy_graph_free(g);
}

/* n -> n - 1 below 1000; 1000 and 1001 move to each other (a cycle);
 * position 5 has an option of two parts too; the generator fails with
 * GRUNDY_ERANGE at fail_at. */
static int rule_moves(void *user, uint64_t n, grundy_options *out)
{
    const uint64_t *fail_at = user;
    if (n == *fail_at)
        return GRUNDY_ERANGE;
    if (n >= 1000)
        return grundy_options_add_u64(out, (const uint64_t[]){n == 1000 ? 1001 : 1000}, 1);
    int rc = GRUNDY_OK;
    if (n >= 1)
        rc = grundy_options_add_u64(out, (const uint64_t[]){n - 1}, 1);
    if (rc == GRUNDY_OK && n == 5)
        rc = grundy_options_add_u64(out, (const uint64_t[]){1, 2}, 2);
    return rc;
}

static void test_game(void)
{
    uint64_t fail_at = UINT64_MAX;
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_errmsg(game)[0], '\0');
    uint32_t v;

    /* A cycle, then a setting changed too late. */
    CHECK_EQ(grundy_game_value_u64(game, 1001, &v), GRUNDY_ECYCLE);
    CHECK_MSG(grundy_game_errmsg(game), "back to itself", NULL);
    CHECK_EQ(grundy_game_value_u64(game, 20, &v), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_play(game, GRUNDY_PLAY_MISERE), GRUNDY_ESTATE);
    CHECK_MSG(grundy_game_errmsg(game), "play cannot change", "back to itself");

    /* The generator's own failure, on a value not stored yet. */
    fail_at = 30;
    CHECK_EQ(grundy_game_value_u64(game, 40, &v), GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "play cannot change");
    fail_at = UINT64_MAX;

    /* The memory cap. */
    grundy_game_set_memory_limit(game, 4096);
    CHECK_EQ(grundy_game_value_u64(game, 900, &v), GRUNDY_ELIMIT);
    CHECK_MSG(grundy_game_errmsg(game), "memory limit", "move generator");
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(grundy_game_set_canon(game, NULL), GRUNDY_ESTATE);
    CHECK_MSG(grundy_game_errmsg(game), "canonical", "memory limit");
    grundy_game_free(game);

    /* An option of two parts under misère play. */
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_play(game, GRUNDY_PLAY_MISERE), GRUNDY_OK);
    CHECK_EQ(grundy_game_value_u64(game, 1000, &v), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_game_value_u64(game, 5, &v), GRUNDY_EINVAL);
    CHECK_MSG(grundy_game_errmsg(game), "2 parts", "back to itself");
    grundy_game_free(game);

    CHECK_EQ(grundy_game_errmsg(NULL)[0], '\0');
}

/* The winning-move search generates the options of the component it moves
 * in again; when the generator fails there, the message must say so, not
 * keep an earlier one ("the play cannot change once positions are stored"). */
static void test_game_search(void)
{
    uint64_t fail_at = UINT64_MAX;
    grundy_game *game;
    CHECK_EQ(grundy_game_new_u64(&game, rule_moves, &fail_at, NULL), GRUNDY_OK);
    uint32_t v;
    CHECK_EQ(grundy_game_value_u64(game, 3, &v), GRUNDY_OK);
    CHECK_EQ(grundy_game_set_play(game, GRUNDY_PLAY_MISERE), GRUNDY_ESTATE);
    fail_at = 3; /* stored already: only the search generates its options again */
    const uint64_t pos[1] = {3};
    size_t comp;
    uint64_t parts[1];
    uint32_t np;
    CHECK_EQ(grundy_game_sum_winning_move_u64(game, pos, 1, &comp, parts, 1, &np), GRUNDY_ERANGE);
    CHECK_MSG(grundy_game_errmsg(game), "move generator", "play cannot change");
    grundy_game_free(game);
}

int main(void)
{
    test_graph();
    test_graph_plays();
    test_game();
    test_game_search();
    return harness_done();
}
