/* SPDX-License-Identifier: MIT */
/* `grundy graph [MODE] [--dot] [FILE]`: read a game graph, print every
 * node's value, or draw the graph in Graphviz DOT. */
#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Reads a whole stream into a buffer of cli_malloc()'s (NULL when memory
 * runs out; read errors are the stream's). */
static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 12, n = 0; /* small: the memory cap counts it */
    char *buf = cli_malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *bigger = cap <= SIZE_MAX / 2 ? cli_realloc(buf, cap * 2) : NULL;
        if (bigger == NULL) {
            cli_free(buf);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    *len = n;
    return buf;
}

/* The graph modes and the play each one prints. */
static const struct {
    const char *option;
    int play;
} modes[] = {
    {"--misere", GRUNDY_PLAY_MISERE},     {"--wtia", GRUNDY_PLAY_WTIA},
    {"--loopy", GRUNDY_PLAY_LOOPY},       {"--remoteness", GRUNDY_PLAY_CONJUNCTIVE},
    {"--suspense", GRUNDY_PLAY_CONTINUED},
};

/* inf{a,b,...}: the finite values of the followers, increasing. */
static int print_infinity(grundy_graph *g, uint32_t u)
{
    size_t count;
    if (grundy_graph_loopy_followers(g, u, NULL, 0, &count) != GRUNDY_OK)
        return -1;
    uint32_t *vals = cli_malloc((count ? count : 1) * sizeof *vals);
    if (vals == NULL || grundy_graph_loopy_followers(g, u, vals, count, &count) != GRUNDY_OK) {
        cli_free(vals);
        return -1;
    }
    printf("%u inf{", u);
    for (size_t i = 0; i < count; i++)
        printf(i ? ",%u" : "%u", vals[i]);
    puts("}");
    cli_free(vals);
    return 0;
}

/* One node's line, from its number under play. */
static int print_node(grundy_graph *g, int play, uint32_t u, uint32_t v)
{
    if (play == GRUNDY_PLAY_MISERE)
        printf("%u %c\n", u, v ? 'N' : 'P');
    else if (play == GRUNDY_PLAY_WTIA && (v == GRUNDY_SP || v == GRUNDY_SC))
        printf("%u %s\n", u, v == GRUNDY_SP ? "SP" : "SC");
    else if (play == GRUNDY_PLAY_LOOPY && v == GRUNDY_INF)
        return print_infinity(g, u);
    else
        printf("%u %u\n", u, v);
    return 0;
}

/* The numbers are copied out a block at a time: a buffer of the whole
 * graph's would count against the memory cap, which the solve needs. */
#define PRINT_BLOCK 4096u

static int print_numbers(grundy_graph *g, int play)
{
    uint32_t block[PRINT_BLOCK];
    uint32_t n = grundy_graph_node_count(g);
    for (uint32_t first = 0; first < n; first += PRINT_BLOCK) {
        uint32_t count = n - first < PRINT_BLOCK ? n - first : PRINT_BLOCK;
        int rc = grundy_graph_values(g, play, first, count, block);
        if (rc != GRUNDY_OK) /* the graph is solved: nothing left to fail, but say so */
            return cli_error("graph: %s", grundy_strerror(rc));
        for (uint32_t i = 0; i < count; i++) {
            if (print_node(g, play, first + i, block[i]) != 0)
                return cli_out_of_memory("graph", "listing the followers' values");
        }
    }
    return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("graph: cannot write output");
}

/* Move k of node u as DOT edges, bold when it wins (leaves a P position);
 * *parts is a buffer of *cap nodes, grown as needed. */
static int print_dot_move(grundy_graph *g, int play, uint32_t u, uint64_t k, uint32_t **parts,
                          size_t *cap)
{
    size_t np;
    if (grundy_graph_move(g, u, k, NULL, 0, &np) != GRUNDY_OK)
        return cli_error("graph: %s", grundy_graph_errmsg(g));
    if (np > *cap) {
        uint32_t *bigger = np <= SIZE_MAX / sizeof *bigger
                               ? cli_realloc(*parts, np * sizeof *bigger)
                               : NULL;
        if (bigger == NULL)
            return cli_out_of_memory("graph", "drawing the graph");
        *parts = bigger;
        *cap = np;
    }
    if (grundy_graph_move(g, u, k, *parts, *cap, &np) != GRUNDY_OK)
        return cli_error("graph: %s", grundy_graph_errmsg(g));
    int after = grundy_graph_sum_outcome(g, play, *parts, np);
    if (after < 0)
        return cli_error("graph: %s", grundy_graph_errmsg(g));
    const char *style = after == GRUNDY_P ? "style=bold, penwidth=2.5" : "";
    if (np == 1) {
        printf("    %u -> %u%s%s%s;\n", u, (*parts)[0], *style ? " [" : "", style, *style ? "]" : "");
        return CLI_EXIT_OK;
    }
    printf("    m%u_%llu [shape=point, label=\"\"];\n    %u -> m%u_%llu [arrowhead=none%s%s];\n",
           u, (unsigned long long)k, u, u, (unsigned long long)k, *style ? ", " : "", style);
    for (size_t i = 0; i < np; i++)
        printf("    m%u_%llu -> %u;\n", u, (unsigned long long)k, (*parts)[i]);
    return CLI_EXIT_OK;
}

/* The graph in Graphviz DOT: each node labelled "u: value" (normal play)
 * or "u: P"/"u: N" (misère play), P positions white and N positions grey,
 * the moves to P positions (the winning moves) bold.  A move that splits a
 * position goes through a point with an edge to each part. */
static int print_dot(grundy_graph *g, int play)
{
    uint32_t n = grundy_graph_node_count(g);
    printf("digraph grundy {\n"
           "    // %s play; white: P positions, grey: N positions; bold: winning moves\n"
           "    node [shape=circle, style=filled, fontname=\"Helvetica\"];\n",
           play == GRUNDY_PLAY_MISERE ? "misere" : "normal");
    for (uint32_t u = 0; u < n; u++) {
        uint32_t v;
        int outcome = grundy_graph_outcome(g, play, u);
        if (outcome < 0 || grundy_graph_value(g, play, u, &v) != GRUNDY_OK)
            return cli_error("graph: %s", grundy_graph_errmsg(g));
        if (play == GRUNDY_PLAY_MISERE)
            printf("    %u [label=\"%u: %c\"", u, u, outcome == GRUNDY_P ? 'P' : 'N');
        else
            printf("    %u [label=\"%u: %u\"", u, u, v);
        printf(", fillcolor=%s];\n", outcome == GRUNDY_P ? "white" : "grey");
    }
    uint32_t *parts = NULL;
    size_t cap = 0;
    int status = CLI_EXIT_OK;
    for (uint32_t u = 0; u < n && status == CLI_EXIT_OK; u++) {
        uint64_t degree = 0;
        if (grundy_graph_degree(g, u, &degree) != GRUNDY_OK)
            status = cli_error("graph: %s", grundy_graph_errmsg(g));
        for (uint64_t k = 0; k < degree && status == CLI_EXIT_OK; k++)
            status = print_dot_move(g, play, u, k, &parts, &cap);
    }
    cli_free(parts);
    if (status != CLI_EXIT_OK)
        return status;
    puts("}");
    return CLI_EXIT_OK;
}

/* The line of byte offset pos of text: 1 plus the newlines before it. */
static size_t line_of(const char *text, size_t len, size_t pos)
{
    size_t line = 1;
    for (size_t i = 0; i < pos && i < len; i++)
        line += text[i] == '\n';
    return line;
}

/* "FILE:LINE: message", the form editors and compilers use. */
static int parse_error(const char *name, const grundy_graph *g, const char *text, size_t len)
{
    const char *msg = grundy_graph_errmsg(g);
    size_t pos = grundy_graph_errpos(g);
    if (pos == GRUNDY_NO_POS)
        return cli_error("%s: %s", name, msg);
    size_t line = line_of(text, len, pos);
    char prefix[48];
    int k = snprintf(prefix, sizeof prefix, "line %zu: ", line);
    if (k > 0 && strncmp(msg, prefix, (size_t)k) == 0)
        msg += k;
    return cli_error("%s:%zu: %s", name, line, msg);
}

static int solve_text(const char *name, const char *text, size_t len, int play, int dot)
{
    grundy_graph *g;
    if (grundy_graph_new(&g, cli_allocator()) != GRUNDY_OK)
        return cli_out_of_memory(name, "creating the graph");
    int rc = grundy_graph_parse(g, text, len);
    int status;
    if (rc == GRUNDY_ENOMEM) {
        status = cli_out_of_memory(name, "reading the graph");
    } else if (rc != GRUNDY_OK) {
        status = parse_error(name, g, text, len);
    } else if ((rc = grundy_graph_solve(g, play)) == GRUNDY_ENOMEM) {
        status = cli_out_of_memory(name, "solving the graph");
    } else if (rc != GRUNDY_OK) {
        const char *why = grundy_graph_errmsg(g);
        status = cli_error("%s: %s", name, *why ? why : grundy_strerror(rc));
    } else {
        status = dot ? print_dot(g, play) : print_numbers(g, play);
    }
    grundy_graph_free(g);
    return status;
}

/* The graph of heaps 0 .. n-1 of heap game `name`, each heap's moves as
 * the heap game lists them (a move that leaves several heaps is a split). */
static int game_graph(const char *name, uint64_t n, grundy_graph *g)
{
    grundy_heap_game *h;
    if (grundy_heap_game_new(&h, cli_allocator()) != GRUNDY_OK)
        return cli_out_of_memory("graph", "creating the game");
    int rc = grundy_heap_game_parse(h, name, strlen(name));
    int status = CLI_EXIT_OK;
    if (rc != GRUNDY_OK)
        status = cli_error("graph: bad game '%s': %s", name, grundy_heap_game_errmsg(h));
    else if ((rc = grundy_graph_add_nodes(g, (uint32_t)n, NULL)) != GRUNDY_OK)
        status = cli_error("graph: %s", grundy_graph_errmsg(g));
    for (uint64_t heap = 0; heap < n && status == CLI_EXIT_OK; heap++) {
        uint64_t degree = 0, parts[3];
        grundy_heap_game_degree(h, heap, &degree);
        for (uint64_t k = 0; k < degree && status == CLI_EXIT_OK; k++) {
            size_t np = 0;
            uint32_t nodes[3];
            grundy_heap_game_move(h, heap, k, parts, 3, &np);
            for (size_t i = 0; i < np; i++)
                nodes[i] = (uint32_t)parts[i];
            /* Leaving no heap is leaving the empty heap, node 0. */
            rc = np <= 1 ? grundy_graph_add_move(g, (uint32_t)heap, np ? nodes[0] : 0)
                         : grundy_graph_add_split(g, (uint32_t)heap, nodes, (uint32_t)np);
            if (rc != GRUNDY_OK)
                status = rc == GRUNDY_ENOMEM ? cli_out_of_memory("graph", "building the graph")
                                             : cli_error("graph: %s", grundy_graph_errmsg(g));
        }
    }
    grundy_heap_game_free(h);
    return status;
}

/* `graph [MODE] [--dot] --game GAME N`: the graph of a heap game's first heaps. */
static int solve_game(const char *name, const char *count, int play, int dot)
{
    uint64_t n;
    if (cli_parse_u64(count, &n) != 0 || n > 4096)
        return cli_error("graph: --game %s N: N '%s' is not a number of heaps from 0 to 4096",
                         name, count);
    grundy_graph *g;
    if (grundy_graph_new(&g, cli_allocator()) != GRUNDY_OK)
        return cli_out_of_memory("graph", "creating the graph");
    int status = game_graph(name, n, g), rc;
    if (status == CLI_EXIT_OK && (rc = grundy_graph_solve(g, play)) != GRUNDY_OK)
        status = rc == GRUNDY_ENOMEM ? cli_out_of_memory("graph", "solving the graph")
                                     : cli_error("graph: %s", grundy_graph_errmsg(g));
    if (status == CLI_EXIT_OK)
        status = dot ? print_dot(g, play) : print_numbers(g, play);
    grundy_graph_free(g);
    return status;
}

int cli_graph(int argc, char **argv)
{
    const char *game = NULL, *game_n = NULL;
    const char *path = NULL, *mode = NULL;
    int play = GRUNDY_PLAY_NORMAL;
    int options_done = 0, dot = 0;
    for (int i = 0; i < argc; i++) {
        if (!options_done && strcmp(argv[i], "--") == 0) {
            options_done = 1;
            continue;
        }
        if (!options_done && strcmp(argv[i], "--dot") == 0) {
            dot = 1;
            continue;
        }
        if (!options_done && strcmp(argv[i], "--game") == 0) {
            if (i + 2 >= argc)
                return cli_error("graph: --game needs a game and a number of heaps");
            if (game != NULL)
                return cli_error("graph: --game given twice ('%s' and '%s')", game, argv[i + 1]);
            game = argv[++i];
            game_n = argv[++i];
            continue;
        }
        if (!options_done && strncmp(argv[i], "--", 2) == 0) {
            size_t k = 0;
            while (k < sizeof modes / sizeof modes[0] && strcmp(argv[i], modes[k].option) != 0)
                k++;
            if (k == sizeof modes / sizeof modes[0])
                return cli_error("graph: unknown option '%s'", argv[i]);
            if (mode != NULL && strcmp(mode, argv[i]) != 0)
                return cli_error("graph: '%s' and '%s' cannot be used together", mode, argv[i]);
            mode = argv[i];
            play = modes[k].play;
            continue;
        }
        if (path != NULL)
            return cli_error("graph: more than one file given ('%s' and '%s')", path, argv[i]);
        path = argv[i];
    }
    if (dot && play != GRUNDY_PLAY_NORMAL && play != GRUNDY_PLAY_MISERE)
        return cli_error("graph: --dot draws normal or misère play, not '%s'", mode);
    if (game != NULL && path != NULL)
        return cli_error("graph: a FILE ('%s') and --game cannot be used together", path);
    int status = cli_memory_init();
    if (status != CLI_EXIT_OK)
        return status;
    if (game != NULL)
        return solve_game(game, game_n, play, dot);
    int use_stdin = path == NULL || strcmp(path, "-") == 0;
    const char *name = use_stdin ? "<stdin>" : path;
    FILE *f = use_stdin ? stdin : fopen(path, "rb");
    if (f == NULL)
        return cli_error("cannot open '%s': %s", path, strerror(errno));
    size_t len = 0;
    char *text = slurp(f, &len);
    int read_error = ferror(f);
    if (!use_stdin)
        fclose(f);
    if (read_error)
        status = cli_error("%s: cannot read the graph", name);
    else if (text == NULL)
        status = cli_out_of_memory(name, "reading the input");
    else
        status = solve_text(name, text, len, play, dot);
    cli_free(text);
    return status;
}
