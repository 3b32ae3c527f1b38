/* `grundy graph [FILE]`: read a game graph, print every node's value. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads a whole stream into a malloc'd buffer. */
static char *slurp(FILE *f, size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *bigger = cap <= SIZE_MAX / 2 ? realloc(buf, cap * 2) : NULL;
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    *len = n;
    return buf;
}

static int print_values(const grundy_graph *g)
{
    const uint32_t *val = grundy_graph_values(g);
    uint32_t n = grundy_graph_node_count(g);
    for (uint32_t u = 0; u < n; u++)
        printf("%u %u\n", u, val[u]);
    return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("graph: cannot write output");
}

/* "FILE:LINE: message", the form editors and compilers use. */
static int parse_error(const char *name, const grundy_graph *g)
{
    const char *msg = grundy_graph_errmsg(g);
    size_t line = grundy_graph_errline(g);
    if (line == 0)
        return cli_error("%s: %s", name, msg);
    char prefix[48];
    int k = snprintf(prefix, sizeof prefix, "line %zu: ", line);
    if (k > 0 && strncmp(msg, prefix, (size_t)k) == 0)
        msg += k;
    return cli_error("%s:%zu: %s", name, line, msg);
}

static int solve_text(const char *name, const char *text, size_t len)
{
    grundy_graph *g;
    if (grundy_graph_new(&g) != GRUNDY_OK)
        return cli_error("graph: out of memory");
    int rc = grundy_graph_parse(g, text, len);
    int status;
    if (rc != GRUNDY_OK) {
        status = parse_error(name, g);
    } else if ((rc = grundy_graph_solve(g)) != GRUNDY_OK) {
        status = cli_error("%s: %s", name, rc == GRUNDY_ECYCLE ? grundy_graph_errmsg(g)
                                                                : grundy_strerror(rc));
    } else {
        status = print_values(g);
    }
    grundy_graph_free(g);
    return status;
}

int cli_graph(int argc, char **argv)
{
    const char *path = NULL;
    int options_done = 0;
    for (int i = 0; i < argc; i++) {
        if (!options_done && strcmp(argv[i], "--") == 0) {
            options_done = 1;
            continue;
        }
        if (!options_done && strncmp(argv[i], "--", 2) == 0)
            return cli_error("graph: unknown option '%s'", argv[i]);
        if (path != NULL)
            return cli_error("graph: more than one file given ('%s' and '%s')", path, argv[i]);
        path = argv[i];
    }
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
    if (text == NULL || read_error) {
        free(text);
        return cli_error("%s: cannot read the graph", name);
    }
    int status = solve_text(name, text, len);
    free(text);
    return status;
}
