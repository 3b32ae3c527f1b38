/* SPDX-License-Identifier: MIT */
/* Random DAGs with split moves, kept in the tests' own plain form, and the
 * independent brute force over them: a plain recursive mex over the options,
 * written here without any of the library's code.  Include after harness.h. */
#ifndef GRUNDY_TEST_RANDOM_DAG_H
#define GRUNDY_TEST_RANDOM_DAG_H

#include <string.h>

#include "harness.h"

#define DAG_MAXN 48
#define DAG_MAXMOVES 8
#define DAG_MAXPARTS 4 /* room for the parts of an option */

typedef struct dag {
    int n;
    int nmoves[DAG_MAXN];
    int nparts[DAG_MAXN][DAG_MAXMOVES];
    int part[DAG_MAXN][DAG_MAXMOVES][DAG_MAXPARTS];
} dag;

/* The value of node u: the mex over its options of the xor of the parts'
 * values.  memo[v] < 0 for the values not yet known. */
static inline int dag_brute(const dag *d, int u, int *memo)
{
    if (memo[u] >= 0)
        return memo[u];
    int seen[DAG_MAXMOVES + 2] = {0};
    for (int k = 0; k < d->nmoves[u]; k++) {
        int x = 0;
        for (int j = 0; j < d->nparts[u][k]; j++)
            x ^= dag_brute(d, d->part[u][k][j], memo);
        if (x <= DAG_MAXMOVES)
            seen[x] = 1;
    }
    int m = 0;
    while (seen[m])
        m++;
    return memo[u] = m;
}

/* memo[u] = the value of u for every node u of d. */
static inline void dag_brute_all(const dag *d, int *memo)
{
    for (int u = 0; u < d->n; u++)
        memo[u] = -1;
    for (int u = 0; u < d->n; u++)
        dag_brute(d, u, memo);
}

/* a[0..n) = a random permutation of 0..n-1 (Fisher-Yates). */
static inline void random_permutation(int *a, int n)
{
    for (int i = 0; i < n; i++)
        a[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)harness_below((unsigned long long)i + 1);
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

/* Nodes are ranked by a random permutation; parts are only of lower rank, so
 * the graph is acyclic but its ids are in no helpful order.  Each node has 0
 * to DAG_MAXMOVES options.  An option has exactly 1 part, or (with_splits,
 * a third of the options) 0 to max_parts (<= DAG_MAXPARTS) parts.  The node
 * of rank 0 has no option at all, or (bottom_options) 0 to DAG_MAXMOVES
 * options of 0 parts. */
static inline void random_dag(dag *d, int with_splits, int max_parts, int bottom_options)
{
    int rank_of[DAG_MAXN], node_at[DAG_MAXN];
    memset(d, 0, sizeof *d);
    d->n = 1 + (int)harness_below(DAG_MAXN);
    random_permutation(node_at, d->n);
    for (int i = 0; i < d->n; i++)
        rank_of[node_at[i]] = i;
    for (int u = 0; u < d->n; u++) {
        int r = rank_of[u];
        d->nmoves[u] = r == 0 && !bottom_options ? 0 : (int)harness_below(DAG_MAXMOVES + 1);
        for (int k = 0; k < d->nmoves[u]; k++) {
            int np = r == 0 ? 0 : 1;
            if (with_splits && harness_below(3) == 0 && r > 0)
                np = (int)harness_below((unsigned long long)max_parts + 1);
            d->nparts[u][k] = np;
            for (int j = 0; j < np; j++)
                d->part[u][k][j] = node_at[harness_below((unsigned long long)r)];
        }
    }
}

#endif
