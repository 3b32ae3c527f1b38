/* SPDX-License-Identifier: MIT */
/* The text format of `grundy graph`: "n m", then m pairs "u v"; '#' comments.
 * One pass over the text, no copy of it; every error names its line in the
 * message and the byte offset of its token in errpos. */
#include "graph/graph.h"

#include <string.h>

typedef struct lexer {
    const char *start, *p, *end;
    size_t line;
} lexer;

/* A token: its bytes, line and offset in the text (len 0: the end). */
typedef struct token {
    const char *s;
    size_t len;
    size_t line;
    size_t pos;
} token;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Next token, or len 0 at the end of the text. */
static token next_token(lexer *lx)
{
    for (;;) {
        while (lx->p < lx->end && is_space(*lx->p)) {
            if (*lx->p == '\n')
                lx->line++;
            lx->p++;
        }
        if (lx->p < lx->end && *lx->p == '#') {
            const char *nl = (const char *)memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
            lx->p = nl ? nl : lx->end;
            continue;
        }
        break;
    }
    token t = {lx->p, 0, lx->line, (size_t)(lx->p - lx->start)};
    while (lx->p < lx->end && !is_space(*lx->p) && *lx->p != '#')
        lx->p++;
    t.len = (size_t)(lx->p - t.s);
    return t;
}

/* Fails with a message about token t of the text. */
#define FAIL_AT(g, t, status, ...) \
    (grundy__graph_fail((g), (status), __VA_ARGS__), (g)->errpos = (t).pos, (status))

/* A token as messages show it: at most 24 bytes, non-printable ones as \xNN. */
typedef struct shown_token {
    char text[24 * 4 + 4];
} shown_token;

static shown_token show(token t)
{
    static const char hex[] = "0123456789abcdef";
    shown_token s;
    size_t k = 0;
    for (size_t i = 0; i < t.len && i < 24; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (c >= 0x20 && c < 0x7f) {
            s.text[k++] = (char)c;
        } else {
            s.text[k++] = '\\';
            s.text[k++] = 'x';
            s.text[k++] = hex[c >> 4];
            s.text[k++] = hex[c & 15];
        }
    }
    if (t.len > 24)
        for (int i = 0; i < 3; i++)
            s.text[k++] = '.';
    s.text[k] = '\0';
    return s;
}

/* Parses a decimal number no greater than max into *out. */
static int token_number(grundy_graph *g, token t, uint64_t max, const char *what,
                        uint64_t *out)
{
    uint64_t v = 0;
    int too_big = 0;
    for (size_t i = 0; i < t.len; i++) {
        unsigned d = (unsigned)(t.s[i] - '0');
        if (d > 9)
            return FAIL_AT(g, t, GRUNDY_EPARSE,
                           "line %zu: %s: expected a non-negative integer, found '%s'",
                           t.line, what, show(t).text);
        /* Keep scanning after an overflow: a later non-digit is the better message. */
        if (too_big || v > (max - d) / 10) /* v * 10 + d > max; max >= 9 here */
            too_big = 1;
        else
            v = v * 10 + d;
    }
    if (too_big)
        return FAIL_AT(g, t, GRUNDY_ERANGE, "line %zu: %s %s is larger than %llu",
                       t.line, what, show(t).text, (unsigned long long)max);
    *out = v;
    return GRUNDY_OK;
}

/* Reads the next token as a number, into *t and *out; end of text is an
 * error naming `what`. */
static int read_number(grundy_graph *g, lexer *lx, uint64_t max, const char *what,
                       uint64_t *out, token *t)
{
    *t = next_token(lx);
    if (t->len == 0)
        return FAIL_AT(g, *t, GRUNDY_EPARSE, "line %zu: end of input where %s was expected",
                       t->line, what);
    return token_number(g, *t, max, what, out);
}

static int read_moves(grundy_graph *g, lexer *lx, uint64_t m)
{
    for (uint64_t i = 0; i < m; i++) {
        uint64_t u, v;
        token tu, tv;
        int rc = read_number(g, lx, UINT64_MAX, "move source", &u, &tu);
        if (rc == GRUNDY_OK)
            rc = read_number(g, lx, UINT64_MAX, "move target", &v, &tv);
        if (rc == GRUNDY_OK && (u >= g->n || v >= g->n)) {
            token bad = u >= g->n ? tu : tv;
            rc = FAIL_AT(g, bad, GRUNDY_ERANGE, "line %zu: move %llu: node %llu out of range (n = %u)",
                         bad.line, (unsigned long long)i, (unsigned long long)(u >= g->n ? u : v),
                         g->n);
        }
        if (rc == GRUNDY_OK) {
            grundy__pending rec = {(uint32_t)u, (uint32_t)v};
            rc = grundy__graph_push(g, &rec, 1);
        }
        if (rc != GRUNDY_OK)
            return rc;
    }
    g->moves = m;
    token extra = next_token(lx);
    if (extra.len > 0)
        return FAIL_AT(g, extra, GRUNDY_EPARSE, "line %zu: unexpected '%s' after the last of %llu moves",
                       extra.line, show(extra).text, (unsigned long long)m);
    return GRUNDY_OK;
}

int grundy_graph_parse(grundy_graph *g, const char *text, size_t len)
{
    if (g == NULL || (text == NULL && len > 0))
        return GRUNDY_EINVAL;
    if (g->n != 0)
        return grundy__graph_fail(g, GRUNDY_ESTATE, "parse needs an empty graph");
    g->errmsg[0] = '\0';
    g->errpos = GRUNDY_NO_POS;
    lexer lx = {text, text, text + len, 1};
    uint64_t n, m;
    token t;
    int rc = read_number(g, &lx, GRUNDY_NODE_MAX, "node count n", &n, &t);
    if (rc == GRUNDY_OK)
        rc = read_number(g, &lx, UINT64_MAX, "move count m", &m, &t);
    if (rc == GRUNDY_ERANGE)
        rc = GRUNDY_ELIMIT;
    if (rc == GRUNDY_OK) {
        g->n = (uint32_t)n;
        /* A move takes at least four bytes of text ("u v\n"), so an absurd m
         * cannot make us reserve more than the text could ever fill. */
        uint64_t hint = m < len / 4 + 1 ? m : len / 4 + 1;
        rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, (size_t)hint,
                             sizeof *g->pend);
    }
    if (rc == GRUNDY_OK)
        rc = read_moves(g, &lx, m);
    if (rc != GRUNDY_OK) {
        /* Leave the graph as empty as it came. */
        grundy__free(&g->alloc, g->pend);
        g->pend = NULL;
        g->npend = g->cap_pend = 0;
        g->n = 0;
        g->moves = 0;
        if (rc == GRUNDY_ENOMEM)
            grundy__graph_fail(g, rc, "out of memory reading the graph");
    }
    return rc;
}
