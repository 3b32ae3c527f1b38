/* SPDX-License-Identifier: MIT */
/* The library's limits, at and just past each one: the node limit of a
 * graph, huge declared counts in graph text, very long lines, game codes and
 * subtraction sets past their limits, heap-game tables past 2^32 values
 * (from every call that computes), and the memory cap of rule-defined games
 * (their memo tables and the graphs of positions they build).  Every limit
 * must give its precise status (GRUNDY_ELIMIT, or the documented one) and
 * must be found before any large allocation: a counting allocator
 * (src/core/counting_alloc.h) measures the peak of live bytes, and a cap on
 * it turns an absurd request into a refusal instead of gigabytes.
 * docs/limits.md documents what is tested here. */
#include <string.h>

#define GRUNDY_EXPERIMENTAL /* period detection off, for the table limit */
#include "grundy.h"
#include "harness.h"
#include "core/counting_alloc.h"

/* Bytes a handle may hold when a limit was hit "without allocating". */
#define SMALL ((size_t)1 << 16)

/* Ends a test of one allocator: nothing live, no foreign pointer freed. */
static void check_all_freed(const counting_alloc *c)
{
    CHECK_EQ(c->live, 0);
    CHECK_EQ(c->blocks, 0);
    CHECK_EQ(c->bad_free, 0);
}

/* ------------------------------------------------------------------------ */
/* Graphs: GRUNDY_NODE_MAX nodes and no more. */

static void test_node_limit(void)
{
    counting_alloc c = {0};
    const grundy_allocator a = counting_allocator(&c);
    grundy_graph *g = NULL;
    CHECK_EQ(grundy_graph_new(&g, &a), GRUNDY_OK);
    if (g == NULL)
        return;
    uint32_t first = 12345;
    CHECK_EQ(grundy_graph_add_nodes(g, UINT32_MAX, &first), GRUNDY_ELIMIT);
    CHECK_EQ(first, 0); /* 0 on error, never left unset */
    CHECK_EQ(grundy_graph_node_count(g), 0);
    CHECK(strstr(grundy_graph_errmsg(g), "limit") != NULL);
    CHECK_EQ(grundy_graph_add_nodes(g, GRUNDY_NODE_MAX + 1u, NULL), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_graph_node_count(g), 0);

    CHECK_EQ(grundy_graph_add_nodes(g, GRUNDY_NODE_MAX - 2u, &first), GRUNDY_OK);
    CHECK_EQ(first, 0);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_graph_node_count(g), GRUNDY_NODE_MAX - 2u);
    uint32_t id = 0;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(id, GRUNDY_NODE_MAX - 2u);
    CHECK_EQ(grundy_graph_add_nodes(g, 1, &id), GRUNDY_OK);
    CHECK_EQ(id, GRUNDY_NODE_MAX - 1u); /* the last id: below GRUNDY_NODE_MAX */
    CHECK_EQ(grundy_graph_node_count(g), GRUNDY_NODE_MAX);
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_graph_add_nodes(g, 1, NULL), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_graph_add_nodes(g, 0, NULL), GRUNDY_OK); /* adding none is fine */
    CHECK_EQ(grundy_graph_node_count(g), GRUNDY_NODE_MAX);

    /* Moves between the highest ids: still only a few bytes. */
    CHECK_EQ(grundy_graph_add_move(g, GRUNDY_NODE_MAX - 1u, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, GRUNDY_NODE_MAX, 0), GRUNDY_ERANGE);
    const uint32_t parts[2] = {GRUNDY_NODE_MAX - 1u, GRUNDY_NODE_MAX - 2u};
    CHECK_EQ(grundy_graph_add_split(g, 0, parts, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_move_count(g), 2);
    CHECK(c.peak <= SMALL);

    /* Solving needs about 12 bytes a node: with 64 MiB allowed, the solve
     * must fail with GRUNDY_ENOMEM (its requests refused, never granted),
     * leave the graph as it was, and leak nothing. */
    c.cap = (size_t)64 << 20;
    int rc = grundy_graph_solve(g, GRUNDY_PLAY_NORMAL);
    CHECK(rc == GRUNDY_ENOMEM || rc == GRUNDY_ELIMIT);
    CHECK(c.refused >= 1);
    CHECK(c.peak <= c.cap);
    CHECK(c.live <= SMALL);
    CHECK_EQ(grundy_graph_node_count(g), GRUNDY_NODE_MAX);
    CHECK_EQ(grundy_graph_move_count(g), 2);
    /* The graph stays unsolved: a question solves again, and fails the same
     * way, still within the cap. */
    uint32_t v = 99;
    rc = grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, &v);
    CHECK(rc == GRUNDY_ENOMEM || rc == GRUNDY_ELIMIT);
    CHECK_EQ(v, 0);
    /* Reading a node's moves merges the waiting ones: it either manages
     * within the cap or fails cleanly. */
    uint64_t degree = 99;
    rc = grundy_graph_degree(g, 0, &degree);
    CHECK(rc == GRUNDY_OK || rc == GRUNDY_ENOMEM || rc == GRUNDY_ELIMIT);
    if (rc == GRUNDY_OK)
        CHECK_EQ(degree, 1);
    CHECK(c.peak <= c.cap);
    CHECK(c.live <= c.cap);
    grundy_graph_free(g);
    check_all_freed(&c);
}

/* ------------------------------------------------------------------------ */
/* Graph text: the declared n and m are limits, and cost nothing by themselves. */

/* Parses text into a fresh graph under c; returns the status, the graph in *out. */
static int parse_with(counting_alloc *c, const char *text, size_t len, grundy_graph **out)
{
    const grundy_allocator a = counting_allocator(c);
    *out = NULL;
    int rc = grundy_graph_new(out, &a);
    if (rc != GRUNDY_OK)
        return rc;
    return grundy_graph_parse(*out, text, len);
}

static int parse_str(counting_alloc *c, const char *text, grundy_graph **out)
{
    return parse_with(c, text, strlen(text), out);
}

/* The message names the line, and errpos the offending token's offset. */
static void check_place(const grundy_graph *g, size_t line, size_t pos)
{
    char want[40];
    snprintf(want, sizeof want, "line %zu", line);
    if (!CHECK(strstr(grundy_graph_errmsg(g), want) != NULL))
        fprintf(stderr, "    message '%.200s' lacks '%s'\n", grundy_graph_errmsg(g), want);
    if (!CHECK_EQ(grundy_graph_errpos(g), pos))
        fprintf(stderr, "    message '%.200s'\n", grundy_graph_errmsg(g));
}

static void test_text_counts(void)
{
    counting_alloc c = {0};
    grundy_graph *g;

    /* n = GRUNDY_NODE_MAX is accepted and allocates nothing per node. */
    CHECK_EQ(parse_str(&c, "2147483647 1\n2147483646 0\n", &g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_node_count(g), GRUNDY_NODE_MAX);
    CHECK_EQ(grundy_graph_move_count(g), 1);
    CHECK(c.peak <= SMALL);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* n past it: GRUNDY_ELIMIT naming line 1, the graph left empty. */
    const char *too_many[] = {"2147483648 0", "4294967296 0", "99999999999999999999999999 0"};
    for (size_t i = 0; i < sizeof too_many / sizeof *too_many; i++) {
        CHECK_EQ(parse_str(&c, too_many[i], &g), GRUNDY_ELIMIT);
        check_place(g, 1, 0);
        CHECK(strstr(grundy_graph_errmsg(g), "2147483647") != NULL);
        CHECK_EQ(grundy_graph_node_count(g), 0);
        CHECK(c.peak <= SMALL);
        grundy_graph_free(g);
        check_all_freed(&c);
    }

    /* A huge m with a short text: "end of input" on the last line, at the
     * end of the text, and the room reserved for moves bounded by the text,
     * not by m. */
    const char *short_texts[] = {
        "5 18446744073709551615\n0 1\n",
        "3 1000000000000\n1 0\n2 1\n# that is all\n",
        "2147483647 4294967295\n",
    };
    const size_t last_line[] = {3, 5, 2}; /* the line after the last newline */
    for (size_t i = 0; i < sizeof short_texts / sizeof *short_texts; i++) {
        c.peak = 0;
        CHECK_EQ(parse_str(&c, short_texts[i], &g), GRUNDY_EPARSE);
        CHECK(strstr(grundy_graph_errmsg(g), "end of input") != NULL);
        check_place(g, last_line[i], strlen(short_texts[i]));
        CHECK_EQ(grundy_graph_node_count(g), 0);
        CHECK_EQ(grundy_graph_move_count(g), 0);
        CHECK(c.peak <= SMALL);
        grundy_graph_free(g);
        check_all_freed(&c);
    }

    /* m past 2^64 - 1: GRUNDY_ELIMIT. */
    CHECK_EQ(parse_str(&c, "5 18446744073709551616\n", &g), GRUNDY_ELIMIT);
    check_place(g, 1, 2);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* A node id past the range, however long: GRUNDY_ERANGE on its line. */
    CHECK_EQ(parse_str(&c, "3 1\n\n1 99999999999999999999999999999999\n", &g), GRUNDY_ERANGE);
    check_place(g, 3, 7);
    CHECK_EQ(grundy_graph_node_count(g), 0);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* A declared m larger than the moves given, under a cap smaller than m
     * moves would need: the parse fails on the text, not on memory. */
    c.cap = SMALL;
    CHECK_EQ(parse_str(&c, "10 100000000\n1 0\n2 1\n", &g), GRUNDY_EPARSE);
    CHECK_EQ(c.refused, 0);
    grundy_graph_free(g);
    c.cap = 0;
    check_all_freed(&c);
}

/* ------------------------------------------------------------------------ */
/* Lines of 10^7 characters. */

#define LONG_LINE 10000000u

static void test_long_lines(void)
{
    char *buf = malloc(LONG_LINE + 100);
    CHECK(buf != NULL);
    if (buf == NULL)
        return;
    counting_alloc c = {0};
    grundy_graph *g;
    uint32_t v;

    /* 10^7 spaces, then the graph: parses, one line. */
    memset(buf, ' ', LONG_LINE);
    size_t len = LONG_LINE + (size_t)sprintf(buf + LONG_LINE, "2 1 1 0");
    CHECK_EQ(parse_with(&c, buf, len, &g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_node_count(g), 2);
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_OK);
    CHECK_EQ(v, 1);
    /* The text is read in place: a move reserved for every 4 bytes of text
     * at most (8 bytes each), never a copy of it. */
    CHECK(c.peak <= LONG_LINE / 4 * 8 + SMALL);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* A comment of 10^7 characters on line 2, then an error on line 3. */
    memcpy(buf, "2 1\n#", 5);
    memset(buf + 5, 'x', LONG_LINE);
    len = 5 + LONG_LINE + (size_t)sprintf(buf + 5 + LONG_LINE, "\n1 2\n");
    CHECK_EQ(parse_with(&c, buf, len, &g), GRUNDY_ERANGE);
    check_place(g, 3, 5 + LONG_LINE + 3); /* the 2 of "1 2" */
    grundy_graph_free(g);
    check_all_freed(&c);

    /* One number of 10^7 digits, value 1 (leading zeros): fine. */
    memcpy(buf, "2 1\n", 4);
    memset(buf + 4, '0', LONG_LINE);
    buf[4 + LONG_LINE - 1] = '1';
    len = 4 + LONG_LINE + (size_t)sprintf(buf + 4 + LONG_LINE, " 0\n");
    CHECK_EQ(parse_with(&c, buf, len, &g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_move_count(g), 1);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* The same number with a 9 in front: too large, and the message shows
     * only the start of the token. */
    buf[4] = '9';
    CHECK_EQ(parse_with(&c, buf, len, &g), GRUNDY_ERANGE);
    check_place(g, 2, 4);
    CHECK(strlen(grundy_graph_errmsg(g)) < 200);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* A token of 10^7 letters where n should be: GRUNDY_EPARSE, a short message. */
    memset(buf, 'n', LONG_LINE);
    CHECK_EQ(parse_with(&c, buf, LONG_LINE, &g), GRUNDY_EPARSE);
    check_place(g, 1, 0);
    CHECK(strlen(grundy_graph_errmsg(g)) < 200);
    CHECK(c.peak <= SMALL);
    grundy_graph_free(g);
    check_all_freed(&c);

    /* 10^7 newlines before the graph: the line count is exact. */
    memset(buf, '\n', LONG_LINE);
    len = LONG_LINE + (size_t)sprintf(buf + LONG_LINE, "2 1\n1 5\n");
    CHECK_EQ(parse_with(&c, buf, len, &g), GRUNDY_ERANGE);
    check_place(g, LONG_LINE + 2, LONG_LINE + 6); /* the 5 of "1 5" */
    grundy_graph_free(g);
    check_all_freed(&c);
    free(buf);
}

/* ------------------------------------------------------------------------ */
/* Heap games: the length of a code and the amounts of a subtraction game. */

/* A NUL-terminated string: prefix, then count copies of c. */
static char *repeat(const char *prefix, char ch, size_t count)
{
    size_t p = strlen(prefix);
    char *s = malloc(p + count + 1);
    if (s == NULL)
        return NULL;
    memcpy(s, prefix, p);
    memset(s + p, ch, count);
    s[p + count] = '\0';
    return s;
}

/* Gives a new heap game under c the rules `name`: the status, with *errpos
 * and the message (when it failed), and in *extra the most bytes the parse
 * held at once beyond what the game held before it; the game is freed. */
static int heap_parse(counting_alloc *c, const char *name, size_t *errpos, char *msg,
                      size_t cap, size_t *extra)
{
    const grundy_allocator a = counting_allocator(c);
    grundy_heap_game *h = NULL;
    *errpos = GRUNDY_NO_POS;
    msg[0] = '\0';
    *extra = 0;
    if (!CHECK_EQ(grundy_heap_game_new(&h, &a), GRUNDY_OK))
        return GRUNDY_ENOMEM;
    const size_t before = c->live;
    c->peak = before;
    int rc = grundy_heap_game_parse(h, name, strlen(name));
    *extra = c->peak - before;
    if (rc != GRUNDY_OK) {
        *errpos = grundy_heap_game_errpos(h);
        snprintf(msg, cap, "%s", grundy_heap_game_errmsg(h));
        uint32_t v;
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1, &v), GRUNDY_ESTATE); /* no rules */
    }
    grundy_heap_game_free(h);
    return rc;
}

static void test_code_length(void)
{
    counting_alloc c = {0};
    size_t errpos, extra;
    char msg[200];
    /* At most 4095 digits after the point, with or without the digit before it. */
    const char *prefixes[] = {"0.", "4.", "."};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        const size_t digits_at = strlen(prefixes[i]);
        char *ok = repeat(prefixes[i], '7', 4095);
        char *over = repeat(prefixes[i], '7', 4096);
        char *huge = repeat(prefixes[i], '7', 100000);
        CHECK(ok != NULL && over != NULL && huge != NULL);
        if (ok != NULL && over != NULL && huge != NULL) {
            CHECK_EQ(heap_parse(&c, ok, &errpos, msg, sizeof msg, &extra), GRUNDY_OK);
            /* errpos names the first digit too many; nothing is allocated. */
            CHECK_EQ(heap_parse(&c, over, &errpos, msg, sizeof msg, &extra), GRUNDY_ELIMIT);
            CHECK_EQ(errpos, digits_at + 4095);
            CHECK_EQ(extra, 0);
            CHECK_EQ(heap_parse(&c, huge, &errpos, msg, sizeof msg, &extra), GRUNDY_ELIMIT);
            CHECK_EQ(errpos, digits_at + 4095);
            CHECK_EQ(extra, 0); /* refused before any allocation */
            CHECK(strstr(msg, "4095") != NULL);
            /* A bad digit at the end of an over-long code: the limit is
             * checked first. */
            huge[strlen(huge) - 1] = '9' + 30;
            CHECK_EQ(heap_parse(&c, huge, &errpos, msg, sizeof msg, &extra), GRUNDY_ELIMIT);
            CHECK_EQ(errpos, digits_at + 4095);
        }
        free(ok);
        free(over);
        free(huge);
    }
    check_all_freed(&c);
}

static void test_subtraction_limit(void)
{
    counting_alloc c = {0};
    size_t errpos, extra;
    char msg[200];
    CHECK_EQ(heap_parse(&c, "sub:1048576", &errpos, msg, sizeof msg, &extra), GRUNDY_OK);
    CHECK(extra <= 64); /* the sorted amounts: no dense array up to the largest */
    CHECK_EQ(heap_parse(&c, "sub:1,4294967295", &errpos, msg, sizeof msg, &extra), GRUNDY_OK);
    CHECK(extra <= 64);
    CHECK_EQ(heap_parse(&c, "sub:4294967296", &errpos, msg, sizeof msg, &extra), GRUNDY_ELIMIT);
    CHECK_EQ(errpos, 4);
    CHECK_EQ(extra, 0);
    CHECK_EQ(heap_parse(&c, "sub:1,2,3,99999999999999999999999999999", &errpos, msg, sizeof msg,
                        &extra),
             GRUNDY_ELIMIT);
    CHECK_EQ(errpos, 10);
    CHECK_EQ(extra, 0);
    CHECK_EQ(heap_parse(&c, "sub:5,0", &errpos, msg, sizeof msg, &extra), GRUNDY_EPARSE);
    CHECK_EQ(errpos, 6); /* at least 1 */
    CHECK_EQ(heap_parse(&c, "sub:3,5000000000", &errpos, msg, sizeof msg, &extra), GRUNDY_ELIMIT);
    CHECK(strstr(msg, "4294967295") != NULL);
    CHECK_EQ(errpos, 6);
    /* 10^5 amounts, all within the limit: fine. */
    char *many = malloc(700000);
    CHECK(many != NULL);
    if (many != NULL) {
        size_t k = (size_t)sprintf(many, "sub:");
        for (int i = 1; i <= 100000; i++)
            k += (size_t)sprintf(many + k, "%d,", i * 10);
        many[k - 1] = '\0';
        CHECK_EQ(heap_parse(&c, many, &errpos, msg, sizeof msg, &extra), GRUNDY_OK);
        free(many);
    }

    /* The same limits for a set given as an array. */
    const grundy_allocator a = counting_allocator(&c);
    grundy_heap_game *h = NULL;
    CHECK_EQ(grundy_heap_game_new(&h, &a), GRUNDY_OK);
    if (h == NULL)
        return;
    const uint32_t zero[] = {3, 0};
    const size_t before = c.live;
    c.peak = before;
    CHECK_EQ(grundy_heap_game_set_subtraction(h, zero, 2), GRUNDY_EINVAL);
    CHECK_EQ(c.peak, before); /* refused before any allocation */
    CHECK_EQ(grundy_heap_game_set_subtraction(h, zero, 0), GRUNDY_EINVAL); /* empty */
    const uint32_t top[] = {1u << 20, 1};
    CHECK_EQ(grundy_heap_game_set_subtraction(h, top, 2), GRUNDY_OK);
    uint32_t v = 99;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 1u << 20, &v), GRUNDY_OK);
    CHECK_EQ(v, 2); /* G(n) = n mod 2 below 2^20; G(2^20) = mex{G(2^20 - 1), G(0)} */
    grundy_heap_game_free(h);
    check_all_freed(&c);
}

/* ------------------------------------------------------------------------ */
/* Heap games: tables of at most 2^32 - 1 values. */

static int cancel_at(void *user, uint64_t done, uint64_t total)
{
    (void)total;
    return done >= *(const uint64_t *)user;
}

/* A heap game under a with the rules `name` (NULL when that fails, checked). */
static grundy_heap_game *heap_game(const grundy_allocator *a, const char *name)
{
    grundy_heap_game *h = NULL;
    if (!CHECK_EQ(grundy_heap_game_new(&h, a), GRUNDY_OK))
        return NULL;
    if (!CHECK_EQ(grundy_heap_game_parse(h, name, strlen(name)), GRUNDY_OK)) {
        grundy_heap_game_free(h);
        return NULL;
    }
    return h;
}

/* Every call that computes, asked about a heap past the table limit:
 * GRUNDY_ELIMIT at once. */
static void check_past_table(grundy_heap_game *h, uint64_t heap)
{
    const uint64_t heaps[2] = {3, heap};
    uint32_t v, vals[4];
    uint64_t moves[2];
    size_t count;
    CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, heap, &v), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, heap, 4, vals), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_outcome(h, GRUNDY_PLAY_NORMAL, heap), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_sum_value(h, GRUNDY_PLAY_NORMAL, heaps, 2, &v), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, heaps, 2), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_sum_winning_move(h, GRUNDY_PLAY_NORMAL, heaps, 2, moves),
             GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(h, GRUNDY_PLAY_NORMAL, heaps, 2, NULL, moves, 2,
                                                &count),
             GRUNDY_ELIMIT);
}

static void test_heap_table_limit(void)
{
    const uint64_t huge = (uint64_t)1 << 33;
    counting_alloc c = {0};
    const grundy_allocator a = counting_allocator(&c);
    uint32_t v;

    /* Games without a periodicity theorem, and any game with detection off
     * (Lasker's Nim then has no closed form either): GRUNDY_ELIMIT at once,
     * values kept, nothing large allocated. */
    const char *names[] = {"grundy", "lasker", "0.77", "sub:1,3,4", "allbut:2,3,7"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        grundy_heap_game *h = heap_game(&a, names[i]);
        if (h == NULL)
            continue;
        if (i >= 1)
            grundy_heap_game_set_period_detection(h, 0);
        CHECK_EQ(grundy_heap_game_compute(h, 100), GRUNDY_OK);
        c.peak = 0;
        CHECK_EQ(grundy_heap_game_compute(h, huge), GRUNDY_ELIMIT);
        CHECK_EQ(grundy_heap_game_compute(h, (uint64_t)UINT32_MAX + 1), GRUNDY_ELIMIT);
        check_past_table(h, huge);
        check_past_table(h, UINT64_MAX - 4); /* the range's end does not wrap */
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, UINT64_MAX, &v), GRUNDY_ELIMIT);
        CHECK(c.peak <= SMALL);
        CHECK_EQ(grundy_heap_game_computed(h), 100);
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 99, &v), GRUNDY_OK);
        grundy_heap_game_free(h);
    }

    /* With a proved period any heap size is fine. */
    grundy_heap_game *h = heap_game(&a, "0.77");
    if (h != NULL) {
        CHECK_EQ(grundy_heap_game_compute(h, huge), GRUNDY_OK);
        CHECK(grundy_heap_game_computed(h) < 100000);
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, UINT64_MAX, &v), GRUNDY_OK);
        uint32_t w, vals[24];
        CHECK_EQ(grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, 72 + (UINT64_MAX - 72) % 12, &w),
                 GRUNDY_OK);
        CHECK_EQ(v, w);
        /* A range far out repeats the period. */
        CHECK_EQ(grundy_heap_game_values(h, GRUNDY_PLAY_NORMAL, huge, 24, vals), GRUNDY_OK);
        for (int k = 0; k < 12; k++)
            CHECK_EQ(vals[k], vals[k + 12]);
        const uint64_t pair[2] = {huge, huge};
        CHECK_EQ(grundy_heap_game_sum_outcome(h, GRUNDY_PLAY_NORMAL, pair, 2), GRUNDY_P);
        CHECK(c.peak <= SMALL);
        grundy_heap_game_free(h);
    }

    /* A game the theorem covers, whose period is not found soon: compute
     * works towards 2^33 until cancelled; values found are kept. */
    h = heap_game(&a, "0.6");
    if (h != NULL) {
        uint64_t stop = 2000;
        grundy_heap_game_set_progress(h, cancel_at, &stop);
        CHECK_EQ(grundy_heap_game_compute(h, huge), GRUNDY_ECANCELED);
        CHECK(grundy_heap_game_computed(h) >= stop);
        CHECK(grundy_heap_game_computed(h) < huge);
        grundy_heap_game_free(h);
    }
    check_all_freed(&c);
}

/* ------------------------------------------------------------------------ */
/* Rule-defined games: the memory cap, and the position size. */

/* From n: to n - 1 and n - 2 (the values cycle 0 1 2), or with user set,
 * only to n - 1 and never below a multiple of 1000: the chain is cut into
 * pieces of at most 1000 positions, so the evaluation stays shallow. */
static int chain_moves(void *user, uint64_t n, grundy_options *out)
{
    for (uint64_t k = 1; k <= 2 && k <= n; k++) {
        uint64_t to = n - k;
        if (user != NULL && (k > 1 || n % 1000 == 0))
            break;
        int rc = grundy_options_add(out, &to, 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return 0;
}

/* The value of position x (a uint64_t, by address) under normal play. */
static int value_at(grundy_game *game, uint64_t x, uint32_t *v)
{
    return grundy_game_value(game, GRUNDY_PLAY_NORMAL, &x, v);
}

/* The message of a memory-cap error names the limit. */
static int cap_message(const grundy_game *game)
{
    return strstr(grundy_game_errmsg(game), "memory limit") != NULL;
}

/* The graphs of positions that loopy play and misère sums build count
 * under the cap too: 3 * 10^6 positions do not fit in a MiB; the game
 * stays usable, and without the cap a smaller graph is built. */
static void test_game_graph_cap(counting_alloc *c, uint64_t far)
{
    const grundy_allocator a = counting_allocator(c);
    const size_t cap = (size_t)1 << 20;
    grundy_game *game = NULL;
    uint32_t v;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, NULL, &a), GRUNDY_OK);
    if (game == NULL)
        return;
    grundy_game_set_memory_limit(game, cap);
    c->peak = 0;
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_LOOPY, &far, &v), GRUNDY_ELIMIT);
    CHECK(cap_message(game));
    const uint64_t sum[2] = {far, 7};
    CHECK_EQ(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, sum, 2), GRUNDY_ELIMIT);
    CHECK(cap_message(game));
    uint64_t moves[2];
    CHECK_EQ(grundy_game_sum_winning_move(game, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sum, 2,
                                          moves),
             GRUNDY_ELIMIT);
    CHECK(cap_message(game));
    uint64_t bytes = 0;
    grundy_game_stats(game, NULL, &bytes);
    CHECK(bytes <= cap);
    CHECK(c->live <= cap + cap / 2 + SMALL);
    CHECK(c->peak <= 2 * cap + SMALL);

    const uint64_t near = 20000, small[2] = {near, 7};
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_LOOPY, &small[1], &v), GRUNDY_OK);
    CHECK_EQ(v, 7 % 3);
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_LOOPY, &near, &v), GRUNDY_OK);
    CHECK_EQ(v, near % 3);
    CHECK(grundy_game_sum_outcome(game, GRUNDY_PLAY_MISERE, small, 2) >= 0);
    grundy_game_free(game);
    check_all_freed(c);
}

static void test_game_memory_cap(void)
{
    counting_alloc c = {0};
    const grundy_allocator a = counting_allocator(&c);
    grundy_game *game = NULL;
    uint32_t v;
    const size_t caps[] = {(size_t)1 << 16, (size_t)1 << 20, (size_t)1 << 22};

    /* Deep: 3 * 10^6 moves deep (quick, 10^6) needs far more than any cap
     * above. */
    const uint64_t far = harness_quick() ? 1000000 : 3000000;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, NULL, &a), GRUNDY_OK);
    if (game == NULL)
        return;
    for (size_t i = 0; i < sizeof caps / sizeof *caps; i++) {
        grundy_game_set_memory_limit(game, caps[i]);
        c.peak = 0;
        CHECK_EQ(value_at(game, far, &v), GRUNDY_ELIMIT);
        CHECK(cap_message(game));
        uint64_t bytes = 0;
        grundy_game_stats(game, NULL, &bytes);
        CHECK(bytes <= caps[i]);
        /* The cap bounds what the game holds; the block being grown when the
         * cap was reached may pass it by a growth step. */
        CHECK(c.live <= caps[i] + caps[i] / 2 + SMALL);
        CHECK(c.peak <= 2 * caps[i] + SMALL);
        /* Usable afterwards: positions within the cap's reach still work. */
        CHECK_EQ(value_at(game, 10, &v), GRUNDY_OK);
        CHECK_EQ(v, 10 % 3);
    }
    /* Without the cap the same evaluation succeeds. */
    grundy_game_set_memory_limit(game, 0);
    CHECK_EQ(value_at(game, far, &v), GRUNDY_OK);
    CHECK_EQ(v, far % 3);
    /* A cap below what is already held: stored values are still answered,
     * and the next evaluation that must grow says GRUNDY_ELIMIT. */
    grundy_game_set_memory_limit(game, 1024);
    CHECK_EQ(value_at(game, far, &v), GRUNDY_OK);
    CHECK_EQ(value_at(game, 2 * far, &v), GRUNDY_ELIMIT);
    grundy_game_free(game);
    check_all_freed(&c);

    /* Wide: many positions stored, each evaluation shallow.  The table
     * stops growing at the cap; the values found before are kept. */
    int dummy;
    game = NULL;
    CHECK_EQ(grundy_game_new_u64(&game, chain_moves, &dummy, &a), GRUNDY_OK);
    if (game == NULL)
        return;
    grundy_game_set_memory_limit(game, (size_t)1 << 20);
    c.peak = 0;
    int rc = GRUNDY_OK;
    uint64_t n = 0;
    for (; n < far && rc == GRUNDY_OK; n += 500)
        rc = value_at(game, n, &v);
    CHECK_EQ(rc, GRUNDY_ELIMIT);
    CHECK(strstr(grundy_game_errmsg(game), "memory limit") != NULL);
    uint64_t positions = 0, bytes = 0;
    grundy_game_stats(game, &positions, &bytes);
    CHECK(positions > 10000);
    CHECK(bytes <= (size_t)1 << 20);
    CHECK(c.peak <= ((size_t)2 << 20) + SMALL);
    CHECK_EQ(value_at(game, 1500, &v), GRUNDY_OK); /* stored */
    CHECK_EQ(v, 500 % 2);
    grundy_game_free(game);
    check_all_freed(&c);
    test_game_graph_cap(&c, far);
}

static int no_moves(void *user, const void *pos, grundy_options *out)
{
    (void)user;
    (void)pos;
    (void)out;
    return 0;
}

static void test_position_size(void)
{
    counting_alloc c = {0};
    const grundy_allocator a = counting_allocator(&c);
    grundy_game *game = NULL;
    CHECK_EQ(grundy_game_new(&game, 65537, no_moves, NULL, &a), GRUNDY_EINVAL);
    CHECK(game == NULL);
    CHECK_EQ(grundy_game_new(&game, 0, no_moves, NULL, &a), GRUNDY_EINVAL);
    CHECK_EQ(grundy_game_new(&game, 65536, no_moves, NULL, &a), GRUNDY_OK);
    if (game != NULL) {
        unsigned char *pos = calloc(1, 65536);
        uint32_t v = 99;
        CHECK(pos != NULL);
        if (pos != NULL)
            CHECK_EQ(grundy_game_value(game, GRUNDY_PLAY_NORMAL, pos, &v), GRUNDY_OK);
        CHECK_EQ(v, 0);
        free(pos);
        grundy_game_free(game);
    }
    check_all_freed(&c);
}

int main(void)
{
    RUN(test_node_limit);
    RUN(test_text_counts);
    RUN(test_long_lines);
    RUN(test_code_length);
    RUN(test_subtraction_limit);
    RUN(test_heap_table_limit);
    RUN(test_game_memory_cap);
    RUN(test_position_size);
    return harness_done();
}
