/* A program that uses an installed libgrundy, as a user would: found through
 * pkg-config, linked shared or static.  Prints "OK" and exits 0 when every
 * check holds; otherwise names each failed check on stderr and exits 1.
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

int main(void)
{
    /* Nodes 0..4:  1 -> 0;  2 -> 0, 1;  3 -> 2;
     * 4 -> {1 + 2} (a split, value 1 ^ 2 = 3), 4 -> 0, 4 -> {} (finished).
     * Values: 0, 1, 2, 0 (mex {2}), 1 (mex {3, 0, 0}). */
    static const uint32_t want[5] = {0, 1, 2, 0, 1};
    const uint32_t parts[2] = {1, 2};
    grundy_graph *g = NULL;
    uint32_t first = 99, value = 99, wins[4], i;
    size_t nwins = 0;
    const uint32_t *values;

    EXPECT(grundy_version_number() == GRUNDY_VERSION_NUMBER);
    EXPECT(strcmp(grundy_version(), STR(GRUNDY_VERSION_MAJOR) "." STR(GRUNDY_VERSION_MINOR) "."
                  STR(GRUNDY_VERSION_PATCH)) == 0);
    EXPECT(strcmp(grundy_strerror(GRUNDY_OK), grundy_strerror(GRUNDY_ECYCLE)) != 0);

    if (grundy_graph_new(&g) != GRUNDY_OK || g == NULL) {
        fprintf(stderr, "grundy_graph_new failed\n");
        return 1;
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
    EXPECT(grundy_graph_value(g, 0, &value) == GRUNDY_ESTATE);

    EXPECT(grundy_graph_solve(g) == GRUNDY_OK);
    values = grundy_graph_values(g);
    EXPECT(values != NULL);
    for (i = 0; i < 5; i++) {
        EXPECT(grundy_graph_value(g, i, &value) == GRUNDY_OK);
        EXPECT(value == want[i]);
        if (values != NULL)
            EXPECT(values[i] == want[i]);
    }
    EXPECT(grundy_graph_outcome(g, 3) == GRUNDY_P);
    EXPECT(grundy_graph_outcome(g, 4) == GRUNDY_N);
    EXPECT(grundy_graph_winning_moves(g, 4, wins, 4, &nwins) == GRUNDY_OK);
    EXPECT(nwins == 2);
    EXPECT(nwins == 2 && wins[0] == 1 && wins[1] == 2);
    grundy_graph_free(g);
    grundy_graph_free(NULL);

    if (failures != 0)
        return 1;
    puts("OK");
    return 0;
}
