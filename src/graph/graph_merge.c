/* SPDX-License-Identifier: MIT */
/* The merge of a graph's pending moves into its CSR arrays.
 *
 * A plain counting sort scatters every pending token to a random place of the
 * new token array, and bumps a random node's counter before that: two cache
 * misses per token once the graph outgrows the cache.  So the merge works by
 * buckets of consecutive source nodes, each small enough that its counters
 * and its stretch of the token array stay in cache:
 *
 * 1. The pending records are cut into blocks, and each block is reordered by
 *    bucket (a stable counting sort through a scratch buffer, which is the
 *    new token array, still unused).  Within a block each bucket's records
 *    are then one run; the runs' bounds go into a small table.
 * 2. Bucket by bucket, the runs of every block are read twice: to count the
 *    tokens of each node, then to write them in place.
 *
 * Both steps keep the records of one node in the order they were added, so a
 * node's moves (and a split's header followed by its parts) come out in
 * order.  Reordering the pending records changes nothing else that can be
 * observed, so a merge that fails leaves the graph as it was. */
#include <string.h>

#include "graph/graph.h"

/* Below this many tokens the whole merge fits in cache: one bucket. */
#define CACHED_TOKENS ((uint64_t)1 << 18)
/* The most buckets worth partitioning into (runs shorter than a few cache
 * lines would cost more than they save); more only on graphs of more than
 * 2^28 nodes, where a bucket would otherwise hold more than 2^16 nodes. */
#define MAX_BUCKETS 4096u
/* A bucket of 2^16 nodes has 512 KiB of offsets: no larger is needed. */
#define MAX_SHIFT 16u
/* The fewest records in a block, and the most blocks. */
#define MIN_BLOCK ((size_t)1 << 16)
#define MAX_BLOCKS 256u

typedef struct merge {
    grundy_graph *g;
    uint64_t *off;     /* the new offsets (n + 1) */
    uint32_t *tok;     /* the new tokens */
    unsigned shift;    /* bucket of node u: u >> shift */
    uint32_t buckets;
    size_t block;      /* records per block */
    size_t blocks;
    size_t *run;       /* run[k * (buckets + 1) + b]: where bucket b starts in block k */
    uint32_t max_degree;
    int splits;
} merge;

/* Nodes per bucket, as a shift: as many as keep a bucket's tokens (about
 * 2^17 of them) and offsets in cache, but no more buckets than MAX_BUCKETS. */
static unsigned bucket_shift(uint32_t n, uint64_t tokens)
{
    if (tokens < CACHED_TOKENS)
        return 31;
    unsigned s = 0;
    while (s < 31 && (n >> s) > MAX_BUCKETS)
        s++;
    /* tokens * 2^(s+1) / n <= 2^17, without overflow. */
    while (s < MAX_SHIFT && tokens <= ((uint64_t)n << (MAX_SHIFT - s)))
        s++;
    return s;
}

static size_t *run_row(const merge *mg, size_t k)
{
    return mg->run + k * ((size_t)mg->buckets + 1);
}

/* Step 1 for block k: stable counting sort by bucket through the scratch. */
static void partition_block(merge *mg, size_t k, size_t *cursor)
{
    grundy__pending *pend = mg->g->pend;
    grundy__pending *scratch = (grundy__pending *)(void *)mg->tok;
    size_t lo = k * mg->block, hi = lo + mg->block;
    if (hi > mg->g->npend)
        hi = mg->g->npend;
    size_t *row = run_row(mg, k);
    memset(cursor, 0, (size_t)mg->buckets * sizeof *cursor);
    for (size_t i = lo; i < hi; i++)
        cursor[pend[i].from >> mg->shift]++;
    size_t at = 0;
    for (uint32_t b = 0; b < mg->buckets; b++) {
        size_t c = cursor[b];
        row[b] = lo + at;
        cursor[b] = at;
        at += c;
    }
    row[mg->buckets] = hi;
    if (mg->buckets == 1)
        return; /* already in order */
    for (size_t i = lo; i < hi; i++)
        scratch[cursor[pend[i].from >> mg->shift]++] = pend[i];
    memcpy(pend + lo, scratch, (hi - lo) * sizeof *pend);
}

/* Step 2, counting: off[u + 1] = tokens of node u, for the bucket's nodes. */
static void count_bucket(merge *mg, uint32_t b, uint32_t u0, uint32_t u1)
{
    const grundy_graph *g = mg->g;
    uint64_t *off = mg->off;
    for (uint32_t u = u0; u < u1; u++)
        off[u + 1] = u < g->n_csr ? g->off[u + 1] - g->off[u] : 0;
    for (size_t k = 0; k < mg->blocks; k++) {
        const size_t *row = run_row(mg, k);
        for (size_t i = row[b]; i < row[b + 1]; i++)
            off[g->pend[i].from + 1]++;
    }
}

/* Turns the bucket's counts into start offsets from `base` (so that
 * off[u + 1] is node u's write cursor); returns the end, or fails naming a
 * node past the per-node limit. */
static int place_bucket(merge *mg, uint32_t u0, uint32_t u1, uint64_t *base)
{
    uint64_t at = *base;
    for (uint32_t u = u0; u < u1; u++) {
        uint64_t c = mg->off[u + 1];
        if (c > GRUNDY_NODE_MAX)
            return grundy__graph_fail(mg->g, GRUNDY_ELIMIT,
                                      "node %u has more than %u moves and parts", u,
                                      GRUNDY_NODE_MAX);
        if (!mg->splits && c > mg->max_degree)
            mg->max_degree = (uint32_t)c;
        mg->off[u + 1] = at;
        at += c;
    }
    *base = at;
    return GRUNDY_OK;
}

/* Step 2, writing: the old CSR's tokens of each node, then its pending ones;
 * each cursor ends where its node ends. */
static void fill_bucket(merge *mg, uint32_t b, uint32_t u0, uint32_t u1)
{
    const grundy_graph *g = mg->g;
    uint64_t *off = mg->off;
    uint32_t *tok = mg->tok;
    for (uint32_t u = u0; u < u1 && u < g->n_csr; u++) {
        uint64_t len = g->off[u + 1] - g->off[u];
        memcpy(tok + off[u + 1], g->tok + g->off[u], (size_t)len * sizeof *tok);
        off[u + 1] += len;
    }
    for (size_t k = 0; k < mg->blocks; k++) {
        const size_t *row = run_row(mg, k);
        for (size_t i = row[b]; i < row[b + 1]; i++)
            tok[off[g->pend[i].from + 1]++] = g->pend[i].tok;
    }
}

/* With split moves, tokens are not moves: count the moves of each node. */
static void split_degrees(merge *mg, uint32_t u0, uint32_t u1)
{
    for (uint32_t u = u0; u < u1; u++) {
        const uint32_t *p = mg->tok + mg->off[u], *end = mg->tok + mg->off[u + 1];
        uint32_t d = 0;
        for (; p < end; p += 1 + (*p & GRUNDY__SPLIT ? *p & ~GRUNDY__SPLIT : 0))
            d++;
        if (d > mg->max_degree)
            mg->max_degree = d;
    }
}

static int merge_buckets(merge *mg)
{
    grundy_graph *g = mg->g;
    size_t *cursor = run_row(mg, mg->blocks);
    for (size_t k = 0; k < mg->blocks; k++)
        partition_block(mg, k, cursor);
    uint64_t base = 0;
    mg->off[0] = 0;
    for (uint32_t b = 0; b < mg->buckets; b++) {
        uint32_t u0 = b << mg->shift;
        uint64_t end = ((uint64_t)b + 1) << mg->shift;
        uint32_t u1 = end < g->n ? (uint32_t)end : g->n;
        count_bucket(mg, b, u0, u1);
        int rc = place_bucket(mg, u0, u1, &base);
        if (rc != GRUNDY_OK)
            return rc;
        fill_bucket(mg, b, u0, u1);
        if (mg->splits)
            split_degrees(mg, u0, u1);
    }
    return GRUNDY_OK;
}

/* Sizes the buckets and blocks and allocates the new arrays. */
static int merge_init(merge *mg, uint64_t tokens)
{
    grundy_graph *g = mg->g;
    size_t npend = g->npend;
    if (tokens > SIZE_MAX / sizeof(uint32_t))
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "too many moves for this machine");
    mg->shift = bucket_shift(g->n, tokens);
    /* Several buckets only with tokens, so with nodes. */
    mg->buckets = mg->shift == 31 ? 1u : (uint32_t)(((uint64_t)g->n - 1u) >> mg->shift) + 1u;
    /* A block fills at most half the token array when there is more than
     * one bucket (then tokens >= CACHED_TOKENS), so it can be the scratch. */
    mg->block = npend / MAX_BLOCKS + 1 > MIN_BLOCK ? npend / MAX_BLOCKS + 1 : MIN_BLOCK;
    mg->blocks = npend == 0 ? 0 : (npend - 1) / mg->block + 1;
    mg->off = (uint64_t *)grundy__alloc_array(&g->alloc, (size_t)g->n + 1, sizeof *mg->off);
    mg->tok = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)tokens, sizeof *mg->tok);
    /* One row per block, and one for the partition's cursors. */
    mg->run = (size_t *)grundy__alloc_array(&g->alloc, (mg->blocks + 1) * ((size_t)mg->buckets + 1),
                                            sizeof *mg->run);
    return mg->off && mg->tok && mg->run ? GRUNDY_OK : GRUNDY_ENOMEM;
}

int grundy__graph_compact(grundy_graph *g)
{
    if (g->npend == 0 && g->n_csr == g->n && g->off != NULL)
        return GRUNDY_OK;
    uint64_t tokens = (g->off ? g->off[g->n_csr] : 0) + (uint64_t)g->npend;
    merge mg = {g, NULL, NULL, 0, 1, 0, 0, NULL, 0, g->has_splits || g->pend_splits};
    int rc = merge_init(&mg, tokens);
    if (rc == GRUNDY_OK)
        rc = merge_buckets(&mg);
    grundy__free(&g->alloc, mg.run);
    if (rc != GRUNDY_OK) {
        grundy__free(&g->alloc, mg.off);
        grundy__free(&g->alloc, mg.tok);
        return rc;
    }
    grundy__free(&g->alloc, g->off);
    grundy__free(&g->alloc, g->tok);
    grundy__free(&g->alloc, g->pend);
    g->off = mg.off;
    g->tok = mg.tok;
    g->n_csr = g->n;
    g->max_degree = mg.max_degree;
    g->has_splits = mg.splits;
    g->pend = NULL;
    g->npend = g->cap_pend = 0;
    g->pend_splits = 0;
    return GRUNDY_OK;
}
