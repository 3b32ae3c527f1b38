/* SPDX-License-Identifier: MIT */
/* Loopy games: generalized Sprague-Grundy values (Smith; Fraenkel and Yesha).
 *
 * gamma(u) = k, finite, iff (a) no follower has value k, (b) followers have
 * every value below k, and (c) every follower of value above k or infinite
 * has a follower of value k.  Every other position is infinite.
 *
 * Values are assigned one level k at a time, by retrograde analysis in the
 * graph of positions not yet labelled: a position is eligible for k if its
 * labelled followers already cover 0..k-1.  A position becomes "k-winning"
 * when one of its followers is labelled k (it can then never be k), and an
 * eligible position is labelled k as soon as all its unlabelled followers are
 * k-winning.  A counter per position makes each level O(V + E).  Positions
 * still unlabelled when no position is eligible any more are infinite. */
#include <stdlib.h>

#include "graph/graph.h"

typedef struct loopy_ctx {
    grundy_graph *g;
    uint64_t *roff;   /* reverse adjacency: predecessors of v are */
    uint32_t *radj;   /* radj[roff[v] .. roff[v+1]) */
    uint32_t *label;  /* value, or GRUNDY_INF while unlabelled */
    uint32_t *mexl;   /* mex of the labels of a position's followers so far */
    uint32_t *kwin;   /* k + 1 once the position is k-winning in round k */
    uint32_t *cnt;    /* unlabelled followers not yet k-winning */
    uint32_t *queue;
    uint32_t steps;   /* work since the last progress report */
    uint64_t visited; /* positions visited, over every level: the progress */
    uint64_t reported; /* visited at the last report */
} loopy_ctx;

static void loopy_free(loopy_ctx *c)
{
    const grundy_allocator *a = &c->g->alloc;
    grundy__free(a, c->roff);
    grundy__free(a, c->radj);
    grundy__free(a, c->label);
    grundy__free(a, c->mexl);
    grundy__free(a, c->kwin);
    grundy__free(a, c->cnt);
    grundy__free(a, c->queue);
}

static int loopy_alloc(loopy_ctx *c)
{
    grundy_graph *g = c->g;
    const grundy_allocator *a = &g->alloc;
    uint64_t m = g->off[g->n];
    c->roff = (uint64_t *)grundy__calloc_array(a, (size_t)g->n + 1, sizeof *c->roff);
    c->radj = (uint32_t *)grundy__alloc_array(a, (size_t)m, sizeof *c->radj);
    c->label = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->label);
    c->mexl = (uint32_t *)grundy__calloc_array(a, g->n, sizeof *c->mexl);
    c->kwin = (uint32_t *)grundy__calloc_array(a, g->n, sizeof *c->kwin);
    c->cnt = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->cnt);
    c->queue = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->queue);
    if (!c->roff || !c->radj || !c->label || !c->mexl || !c->kwin || !c->cnt || !c->queue)
        return GRUNDY_ENOMEM;
    /* Reverse CSR by counting sort over the (split-free) token streams. */
    for (uint64_t i = 0; i < m; i++)
        c->roff[g->tok[i] + 1]++;
    for (uint32_t v = 0; v < g->n; v++)
        c->roff[v + 1] += c->roff[v];
    for (uint32_t u = 0; u < g->n; u++) {
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++)
            c->radj[c->roff[g->tok[i]]++] = u;
    }
    for (uint32_t v = g->n; v > 0; v--)
        c->roff[v] = c->roff[v - 1];
    c->roff[0] = 0;
    for (uint32_t u = 0; u < g->n; u++)
        c->label[u] = GRUNDY_INF;
    return GRUNDY_OK;
}

static int eligible(const loopy_ctx *c, uint32_t u, uint32_t k)
{
    return c->label[u] == GRUNDY_INF && c->mexl[u] == k && c->kwin[u] != k + 1;
}

/* Labels u with k and propagates: its predecessors become k-winning, which
 * may complete the counters of theirs. */
static void label_k(loopy_ctx *c, uint32_t u, uint32_t k, size_t *tail)
{
    c->label[u] = k;
    c->steps += (uint32_t)((c->roff[u + 1] - c->roff[u]) / 4); /* work, for step() */
    for (uint64_t i = c->roff[u]; i < c->roff[u + 1]; i++) {
        uint32_t p = c->radj[i];
        if (c->label[p] != GRUNDY_INF || c->kwin[p] == k + 1)
            continue;
        c->kwin[p] = k + 1;
        c->steps += (uint32_t)((c->roff[p + 1] - c->roff[p]) / 4);
        for (uint64_t j = c->roff[p]; j < c->roff[p + 1]; j++) {
            uint32_t q = c->radj[j];
            if (eligible(c, q, k) && --c->cnt[q] == 0)
                c->queue[(*tail)++] = q;
        }
    }
}

/* Reports the positions visited so far, if more than at the last report
 * (reports always increase).  Returns nonzero if the callback says stop. */
static int report_visits(loopy_ctx *c)
{
    c->steps = 0;
    if (c->visited == c->reported)
        return 0;
    c->reported = c->visited;
    return grundy__graph_report(c->g, c->visited, 0);
}

/* Counts one position visited, and reports every GRUNDY__PROGRESS_EVERY
 * steps of work: a level is O(V + E), a second or so on a graph of
 * millions of nodes, too long to wait for a caller that wants to stop.
 * Returns nonzero if the callback says stop. */
static int step(loopy_ctx *c)
{
    c->visited++;
    if (++c->steps < GRUNDY__PROGRESS_EVERY)
        return 0;
    return report_visits(c);
}

/* One level: returns 0 when no position was eligible for k, -1 when the
 * progress callback said stop. */
static int level(loopy_ctx *c, uint32_t k)
{
    const grundy_graph *g = c->g;
    size_t head = 0, tail = 0;
    int any = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        if (step(c))
            return -1;
        if (!eligible(c, u, k))
            continue;
        any = 1;
        uint32_t open = 0;
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++)
            open += c->label[g->tok[i]] == GRUNDY_INF;
        c->cnt[u] = open;
        if (open == 0)
            c->queue[tail++] = u;
    }
    while (head < tail) {
        if (step(c))
            return -1;
        uint32_t u = c->queue[head++];
        if (eligible(c, u, k))
            label_k(c, u, k, &tail);
    }
    for (uint32_t u = 0; u < g->n; u++) {
        if (c->label[u] == GRUNDY_INF && c->mexl[u] == k && c->kwin[u] == k + 1)
            c->mexl[u] = k + 1;
    }
    return any;
}

int grundy__graph_solve_loopy(grundy_graph *g)
{
    if (g->num[GRUNDY_PLAY_LOOPY] != NULL)
        return GRUNDY_OK;
    /* grundy__graph_need() has merged the moves and checked that none splits. */
    g->errmsg[0] = '\0';
    loopy_ctx c = {g, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    int rc = loopy_alloc(&c);
    for (uint32_t k = 0; rc == GRUNDY_OK; k++) {
        int more = level(&c, k);
        if (more < 0 || (more > 0 && report_visits(&c) != 0))
            rc = GRUNDY_ECANCELED;
        if (more == 0)
            break;
    }
    if (rc == GRUNDY_OK) {
        g->num[GRUNDY_PLAY_LOOPY] = c.label;
        c.label = NULL;
    }
    loopy_free(&c);
    return rc;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int grundy_graph_loopy_followers(grundy_graph *g, uint32_t node, uint32_t *values, size_t cap,
                                 size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || count == NULL || (values == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_id(g, node, "node");
    if (rc == GRUNDY_OK)
        rc = grundy__graph_need(g, GRUNDY_PLAY_LOOPY);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *label = g->num[GRUNDY_PLAY_LOOPY];
    size_t deg = (size_t)(g->off[node + 1] - g->off[node]);
    uint32_t *tmp = (uint32_t *)grundy__alloc_array(&g->alloc, deg, sizeof *tmp);
    if (tmp == NULL)
        return GRUNDY_ENOMEM;
    size_t k = 0;
    for (uint64_t i = g->off[node]; i < g->off[node + 1]; i++) {
        if (label[g->tok[i]] != GRUNDY_INF)
            tmp[k++] = label[g->tok[i]];
    }
    qsort(tmp, k, sizeof *tmp, cmp_u32);
    size_t distinct = 0;
    for (size_t i = 0; i < k; i++) {
        if (i > 0 && tmp[i] == tmp[i - 1])
            continue;
        if (distinct < cap)
            values[distinct] = tmp[i];
        distinct++;
    }
    grundy__free(&g->alloc, tmp);
    *count = distinct;
    return GRUNDY_OK;
}
