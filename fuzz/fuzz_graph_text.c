/* SPDX-License-Identifier: MIT */
/* Fuzz target: the text format of game graphs (grundy_graph_parse), then
 * every play and a few compounds of whatever parsed, checked against the
 * harness's own parser and brute force (graph_check.h).
 *
 * The input is the graph text itself.  A first line "#fail=K" (a comment to
 * the parser) makes the K-th allocation of the library fail, so the error
 * paths run too; all memory goes through a counting allocator, and every
 * block must be back when the graph is freed. */
#include "graph_check.h"

#define MAX_TEXT (64u * 1024u)
#define MAX_SOLVE_NODES (1u << 16)   /* solve only graphs this small */
#define MEMORY_LIMIT ((size_t)256 << 20)

/* ---- the harness's own reading of the format ---- */

typedef struct ref_parse {
    int status;         /* what grundy_graph_parse must return */
    size_t line, line2; /* the line(s) an error may name (range errors: u's or v's) */
    size_t pos, pos2;   /* the offsets of those tokens (the end of the text for none) */
    uint64_t n, m;
    uint32_t *from, *to;
    size_t nedges, cap;
} ref_parse;

typedef struct ref_lexer {
    const char *text, *p, *end;
    size_t line;
} ref_lexer;

/* Where a token is: its line and byte offset. */
typedef struct ref_place {
    size_t line, pos;
} ref_place;

static int ref_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The next token: [*s, *s + *len), and its place; *len 0 at the end. */
static void ref_token(ref_lexer *lx, const char **s, size_t *len, ref_place *at)
{
    for (;;) {
        while (lx->p < lx->end && ref_space(*lx->p)) {
            if (*lx->p == '\n')
                lx->line++;
            lx->p++;
        }
        if (lx->p < lx->end && *lx->p == '#') {
            while (lx->p < lx->end && *lx->p != '\n')
                lx->p++;
            continue;
        }
        break;
    }
    *s = lx->p;
    at->line = lx->line;
    at->pos = (size_t)(lx->p - lx->text);
    while (lx->p < lx->end && !ref_space(*lx->p) && *lx->p != '#')
        lx->p++;
    *len = (size_t)(lx->p - *s);
}

/* 0: a number <= max in *v; 1: not a number; 2: too large; 3: no token. */
static int ref_number(ref_lexer *lx, uint64_t max, uint64_t *v, ref_place *at)
{
    const char *s;
    size_t len;
    ref_token(lx, &s, &len, at);
    if (len == 0)
        return 3;
    for (size_t i = 0; i < len; i++)
        if (s[i] < '0' || s[i] > '9')
            return 1;
    uint64_t x = 0;
    for (size_t i = 0; i < len; i++) {
        uint64_t d = (uint64_t)(s[i] - '0');
        if (x > (max - d) / 10)
            return 2;
        x = x * 10 + d;
    }
    *v = x;
    return 0;
}

static void ref_fail(ref_parse *r, int status, ref_place at, ref_place at2)
{
    r->status = status;
    r->line = at.line;
    r->line2 = at2.line;
    r->pos = at.pos;
    r->pos2 = at2.pos;
}

static void ref_read(ref_parse *r, const char *text, size_t len)
{
    memset(r, 0, sizeof *r);
    ref_lexer lx = {text, text, text + len, 1};
    ref_place at;
    int k = ref_number(&lx, GRUNDY_NODE_MAX, &r->n, &at);
    if (k != 0) {
        ref_fail(r, k == 2 ? GRUNDY_ELIMIT : GRUNDY_EPARSE, at, at);
        return;
    }
    k = ref_number(&lx, UINT64_MAX, &r->m, &at);
    if (k != 0) {
        ref_fail(r, k == 2 ? GRUNDY_ELIMIT : GRUNDY_EPARSE, at, at);
        return;
    }
    for (uint64_t i = 0; i < r->m; i++) {
        uint64_t u, v;
        ref_place lu, lv;
        k = ref_number(&lx, UINT64_MAX, &u, &lu);
        if (k != 0) {
            ref_fail(r, k == 2 ? GRUNDY_ERANGE : GRUNDY_EPARSE, lu, lu);
            return;
        }
        k = ref_number(&lx, UINT64_MAX, &v, &lv);
        if (k != 0) {
            ref_fail(r, k == 2 ? GRUNDY_ERANGE : GRUNDY_EPARSE, lv, lv);
            return;
        }
        if (u >= r->n || v >= r->n) {
            /* Naming the line of the offending node, or of the pair's end. */
            ref_fail(r, GRUNDY_ERANGE, u >= r->n ? lu : lv, lv);
            return;
        }
        if (r->nedges == r->cap) {
            r->cap = r->cap ? 2 * r->cap : 64;
            r->from = realloc(r->from, r->cap * sizeof *r->from);
            r->to = realloc(r->to, r->cap * sizeof *r->to);
            if (!r->from || !r->to)
                abort();
        }
        r->from[r->nedges] = (uint32_t)u;
        r->to[r->nedges++] = (uint32_t)v;
    }
    const char *s;
    size_t tlen;
    ref_token(&lx, &s, &tlen, &at);
    if (tlen > 0)
        ref_fail(r, GRUNDY_EPARSE, at, at);
}

/* "#fail=K" on the first line: the allocation to refuse. */
static uint64_t fail_directive(const char *text, size_t len)
{
    static const char tag[] = "#fail=";
    if (len < sizeof tag - 1 || memcmp(text, tag, sizeof tag - 1) != 0)
        return 0;
    uint64_t k = 0;
    for (size_t i = sizeof tag - 1; i < len && text[i] >= '0' && text[i] <= '9' && k < 1000000; i++)
        k = k * 10 + (uint64_t)(text[i] - '0');
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_TEXT)
        return 0;
    const char *text = (const char *)data;
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    fa.limit = MEMORY_LIMIT;
    fa.fail_at = fail_directive(text, size);
    grundy_allocator al = fuzz_allocator(&fa);

    grundy_graph *g = NULL;
    int rc = grundy_graph_new(&g, &al);
    if (rc == GRUNDY_ENOMEM && fa.refused > 0) {
        fuzz_alloc_check_empty(&fa, "graph_new failure");
        return 0;
    }
    FUZZ_CHECK(rc == GRUNDY_OK && g != NULL, "grundy_graph_new: %d", rc);

    ref_parse ref;
    ref_read(&ref, text, size);
    rc = grundy_graph_parse(g, text, size);
    FUZZ_CHECK(fuzz_is_status(rc), "parse returned %d", rc);
    if (rc == GRUNDY_ENOMEM && fa.refused > 0) {
        /* Refused memory: the graph is left empty and usable. */
        FUZZ_CHECK(grundy_graph_node_count(g) == 0, "nodes left after ENOMEM");
        rc = grundy_graph_parse(g, text, size);
    }
    FUZZ_CHECK(rc == ref.status, "parse returned %d (%s), expected %d", rc,
               grundy_graph_errmsg(g), ref.status);
    if (rc != GRUNDY_OK) {
        const char *msg = grundy_graph_errmsg(g);
        size_t pos = grundy_graph_errpos(g);
        FUZZ_CHECK(msg[0] != '\0', "parse error %d without a message", rc);
        FUZZ_CHECK(pos == ref.pos || pos == ref.pos2,
                   "error at offset %zu, expected %zu or %zu (%s)", pos, ref.pos, ref.pos2, msg);
        /* The message names the line of that offset (`grundy graph` says FILE:LINE). */
        size_t line = 1;
        for (size_t i = 0; i < pos && i < size; i++)
            line += text[i] == '\n';
        FUZZ_CHECK(line == ref.line || line == ref.line2,
                   "error names line %zu, expected line %zu (%s)", line, ref.line, msg);
        char prefix[40];
        snprintf(prefix, sizeof prefix, "line %zu: ", line);
        FUZZ_CHECK(strncmp(msg, prefix, strlen(prefix)) == 0, "message '%s' names another line",
                   msg);
        FUZZ_CHECK(grundy_graph_node_count(g) == 0 && grundy_graph_move_count(g) == 0,
                   "a failed parse left %u nodes", grundy_graph_node_count(g));
        /* Left empty: the same graph takes a good text. */
        rc = grundy_graph_parse(g, "2 1\n0 1\n", 8);
        FUZZ_CHECK(rc == GRUNDY_OK || (rc == GRUNDY_ENOMEM && fa.refused > 0),
                   "parse after a failed parse: %d", rc);
        if (rc == GRUNDY_OK) {
            /* Asked without a solve first: the question solves. */
            uint32_t v;
            rc = grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 0, &v);
            FUZZ_CHECK((rc == GRUNDY_OK && v == 1) || (rc == GRUNDY_ENOMEM && fa.refused > 0),
                       "value after reparse: %d", rc);
        }
    } else {
        FUZZ_CHECK(grundy_graph_node_count(g) == ref.n, "parsed %u nodes, expected %llu",
                   grundy_graph_node_count(g), (unsigned long long)ref.n);
        FUZZ_CHECK(grundy_graph_move_count(g) == ref.m, "parsed %llu moves, expected %llu",
                   (unsigned long long)grundy_graph_move_count(g), (unsigned long long)ref.m);
        if (ref.n > 0) {
            rc = grundy_graph_parse(g, "1 0", 3);
            FUZZ_CHECK(rc == GRUNDY_ESTATE, "parse into a non-empty graph: %d", rc);
            FUZZ_CHECK(grundy_graph_node_count(g) == ref.n, "ESTATE parse changed the graph");
        }
        /* Nodes cost nothing until solved: "2147483647 0" parses in a few
         * bytes and then asks the solver for gigabytes.  Solve small ones. */
        if (ref.n <= MAX_SOLVE_NODES) {
            bgraph bg;
            bg_init(&bg, (uint32_t)ref.n);
            for (size_t i = 0; i < ref.nedges; i++)
                bg_add(&bg, ref.from[i], &ref.to[i], 1);
            bg_finish(&bg);
            gc_limits lim = {4096, 1024, 48, 3, 20000};
            gc_check(g, &bg, &fa, fuzz_hash(data, size), &lim);
            bg_free(&bg);
        }
    }
    grundy_graph_free(g);
    fuzz_alloc_check_empty(&fa, "grundy_graph_free");
    free(ref.from);
    free(ref.to);
    return 0;
}
