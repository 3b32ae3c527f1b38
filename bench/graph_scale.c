/* SPDX-License-Identifier: MIT */
/* Solves a large random DAG or a long path and reports time and memory.
 *
 *   graph_scale dag NODES MOVES [SEED]
 *   graph_scale path NODES
 *
 * Memory is measured two ways: the library's own peak (every byte it asks of
 * a counting allocator) and the process's peak resident set, which also holds
 * this program's edge list. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "grundy.h"

typedef struct counting {
    size_t live, peak;
} counting;

/* Each block carries its size in front, so free and realloc can count. */
static void *c_malloc(void *user, size_t size)
{
    counting *c = user;
    size_t *p = malloc(size + sizeof(size_t));
    if (p == NULL)
        return NULL;
    *p = size;
    c->live += size;
    if (c->live > c->peak)
        c->peak = c->live;
    return p + 1;
}

static void *c_realloc(void *user, void *ptr, size_t size)
{
    counting *c = user;
    size_t *old = (size_t *)ptr - 1;
    size_t old_size = *old;
    size_t *p = realloc(old, size + sizeof(size_t));
    if (p == NULL)
        return NULL;
    *p = size;
    c->live = c->live - old_size + size;
    if (c->live > c->peak)
        c->peak = c->live;
    return p + 1;
}

static void c_free(void *user, void *ptr)
{
    counting *c = user;
    size_t *p = (size_t *)ptr - 1;
    c->live -= *p;
    free(p);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static int fail(const char *what, int rc)
{
    fprintf(stderr, "graph_scale: %s: %s\n", what, grundy_strerror(rc));
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 3 || (strcmp(argv[1], "dag") != 0 && strcmp(argv[1], "path") != 0) ||
        (strcmp(argv[1], "dag") == 0 && argc < 4)) {
        fprintf(stderr, "usage: graph_scale dag NODES MOVES [SEED] | path NODES\n");
        return 2;
    }
    int is_dag = strcmp(argv[1], "dag") == 0;
    uint32_t n = (uint32_t)strtoul(argv[2], NULL, 10);
    size_t m = is_dag ? (size_t)strtoull(argv[3], NULL, 10) : (n ? n - 1 : 0);
    if (is_dag && argc > 4)
        rng = strtoull(argv[4], NULL, 10) | 1;
    if (n < 2) {
        fprintf(stderr, "graph_scale: need at least 2 nodes\n");
        return 2;
    }

    /* Random DAG: a random rank per node; each move goes to a lower rank. */
    uint32_t *from = malloc(m * sizeof *from), *to = malloc(m * sizeof *to);
    uint32_t *node_at = malloc((size_t)n * sizeof *node_at);
    if (from == NULL || to == NULL || node_at == NULL)
        return fail("edge list", GRUNDY_ENOMEM);
    for (uint32_t i = 0; i < n; i++)
        node_at[i] = i;
    if (is_dag) {
        for (uint32_t i = n - 1; i > 0; i--) {
            uint32_t j = (uint32_t)(next_rand() % (i + 1u));
            uint32_t t = node_at[i]; node_at[i] = node_at[j]; node_at[j] = t;
        }
        for (size_t e = 0; e < m; e++) {
            uint32_t a = (uint32_t)(next_rand() % (n - 1u)) + 1u;
            uint32_t b = (uint32_t)(next_rand() % a);
            from[e] = node_at[a];
            to[e] = node_at[b];
        }
    } else {
        /* Root first, so the search must go the whole depth at once. */
        for (size_t e = 0; e < m; e++) {
            from[e] = (uint32_t)(m - e);
            to[e] = (uint32_t)(m - e - 1);
        }
    }
    free(node_at);

    counting c = {0, 0};
    grundy_allocator a = {c_malloc, c_realloc, c_free, &c};
    grundy_graph *g;
    int rc = grundy_graph_new(&g, &a);
    if (rc != GRUNDY_OK)
        return fail("new", rc);
    double t0 = now();
    rc = grundy_graph_add_nodes(g, n, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_graph_add_moves(g, m, from, to);
    if (rc != GRUNDY_OK)
        return fail("add", rc);
    free(from);
    free(to);
    double t1 = now();
    rc = grundy_graph_solve(g, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return fail("solve", rc);
    double t2 = now();

    /* The values a block at a time: a copy of them all would add to the
     * process's peak, which this program reports. */
    uint32_t val[4096], maxv = 0;
    uint64_t zeros = 0;
    for (uint32_t first = 0; first < n; first += 4096) {
        uint32_t count = n - first < 4096 ? n - first : 4096;
        rc = grundy_graph_values(g, GRUNDY_PLAY_NORMAL, first, count, val);
        if (rc != GRUNDY_OK)
            return fail("values", rc);
        for (uint32_t i = 0; i < count; i++) {
            if (val[i] > maxv)
                maxv = val[i];
            zeros += val[i] == 0;
        }
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("%s: %u nodes, %zu moves\n", argv[1], n, m);
    printf("  add moves: %.3f s   solve (merge + search): %.3f s\n", t1 - t0, t2 - t1);
    printf("  library peak: %.1f MiB (budget 16 B/move + 32 B/node: %.1f MiB)\n",
           (double)c.peak / 1048576.0, (16.0 * (double)m + 32.0 * n) / 1048576.0);
    printf("  library memory after solve: %.1f MiB\n", (double)c.live / 1048576.0);
    printf("  process peak RSS (includes this program's edge list): %.1f MiB\n",
           (double)ru.ru_maxrss / 1024.0);
    printf("  max value %u, P-positions %llu\n", maxv, (unsigned long long)zeros);
    grundy_graph_free(g);
    return 0;
}
