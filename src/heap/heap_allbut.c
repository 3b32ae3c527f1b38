/* SPDX-License-Identifier: MIT */
/* Heap games: all-but subtraction games ("allbut:X1,X2,..."), whose moves
 * take any number of tokens except those of a finite set X.
 *
 * The generic kernel would look at all n options of heap n (quadratic in
 * the values).  Here G(n) is the least value v such that every heap m < n
 * holding v lies at an excluded distance n - m in X: with count[v] the
 * heaps below n holding v, v is missing exactly when the heaps n - x
 * (x in X) holding v number count[v].  So a value costs O(|X|): the least
 * value no heap holds, or a smaller one all of whose holders the excluded
 * distances reach.
 *
 * The certificate (grundy__heap_allbut_certify): with x = max X and
 * n > x, every heap m <= n - x - 1 is an option of n, so G(n) is the least
 * value outside V(n - x - 1) u W(n), where V(m) = {G(0), ..., G(m)} and
 * W(n) = {G(n - j) : 1 <= j <= x, j not in X}.  The future is therefore a
 * function of sigma(n) = (V(n - x - 1), G(n - x), ..., G(n - 1)).  If
 *     V(n + p - x - 1) = {0, ..., s - 1} u (V(n - x - 1) + s)   and
 *     G(n + p - j) = G(n - j) + s for 1 <= j <= x,
 * then every value v >= s is missing at n + p exactly when v - s is
 * missing at n, and every v < s is in V: G(n + p) = G(n) + s.  Adding
 * G(n + p - x) = G(n - x) + s to one side and G(n - x) to the other keeps
 * both relations one heap later, so by induction G(m + p) = G(m) + s for
 * every m >= n: a finite check proves an arithmetic period for ever. */
#include <string.h>

#include "heap/heap_game.h"

void grundy__heap_allbut_free(grundy_heap_game *g)
{
    grundy__heap_allbut *ab = &g->allbut;
    grundy__free(&g->alloc, ab->excluded);
    grundy__free(&g->alloc, ab->count);
    grundy__free(&g->alloc, ab->tally);
    memset(ab, 0, sizeof *ab);
}

/* X from the rules: the amounts below ndigits with digit 0. */
static int list_excluded(grundy_heap_game *g)
{
    const grundy__heap_rules *r = &g->rules;
    grundy__heap_allbut *ab = &g->allbut;
    uint32_t n = 0;
    for (uint32_t k = 1; k < r->ndigits; k++)
        n += r->digit[k] == 0;
    ab->excluded = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *ab->excluded);
    if (ab->excluded == NULL)
        return GRUNDY_ENOMEM;
    for (uint32_t k = 1; k < r->ndigits; k++) {
        if (r->digit[k] == 0)
            ab->excluded[ab->nexcluded++] = k;
    }
    return GRUNDY_OK;
}

/* Room in count and tally for values up to v (both grow together, zeroed). */
static int value_room(grundy_heap_game *g, uint64_t v)
{
    grundy__heap_allbut *ab = &g->allbut;
    if (v < ab->cap)
        return GRUNDY_OK;
    size_t cap = ab->cap < 64 ? 64 : ab->cap;
    while (cap <= v)
        cap *= 2;
    uint32_t *count = (uint32_t *)grundy__calloc_array(&g->alloc, cap, sizeof *count);
    uint32_t *tally = (uint32_t *)grundy__calloc_array(&g->alloc, cap, sizeof *tally);
    if (count == NULL || tally == NULL) {
        grundy__free(&g->alloc, count);
        grundy__free(&g->alloc, tally);
        return GRUNDY_ENOMEM;
    }
    if (ab->cap > 0)
        memcpy(count, ab->count, ab->cap * sizeof *count);
    grundy__free(&g->alloc, ab->count);
    grundy__free(&g->alloc, ab->tally);
    ab->count = count;
    ab->tally = tally;
    ab->cap = cap;
    return GRUNDY_OK;
}

/* Counts G(m), known, in the heaps below m + 1. */
static void count_value(grundy__heap_allbut *ab, uint32_t v)
{
    ab->count[v]++;
    while (ab->least_free < ab->cap && ab->count[ab->least_free] != 0)
        ab->least_free++;
    ab->counted++;
}

/* G(n), every heap below n counted. */
static uint32_t next_value(grundy_heap_game *g, uint64_t n)
{
    grundy__heap_allbut *ab = &g->allbut;
    uint64_t best = ab->least_free;
    for (uint32_t i = 0; i < ab->nexcluded && ab->excluded[i] <= n; i++) {
        uint32_t v = grundy__values_get(&g->vals, n - ab->excluded[i]);
        if (++ab->tally[v] == ab->count[v] && v < best)
            best = v;
    }
    for (uint32_t i = 0; i < ab->nexcluded && ab->excluded[i] <= n; i++)
        ab->tally[grundy__values_get(&g->vals, n - ab->excluded[i])] = 0;
    return (uint32_t)best;
}

int grundy__heap_allbut_run(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_allbut *ab = &g->allbut;
    if (ab->excluded == NULL && list_excluded(g) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    /* The counts catch up with values computed before (none, usually). */
    int rc = value_room(g, g->vals.n);
    for (; rc == GRUNDY_OK && ab->counted < g->vals.n; )
        count_value(ab, grundy__values_get(&g->vals, ab->counted));
    while (rc == GRUNDY_OK && g->vals.n < stop) {
        uint64_t n = g->vals.n;
        /* G(n) <= n (a heap of n has n options at most), and the least
         * free value must stay inside the counts: room for n + 1. */
        if ((rc = value_room(g, n + 1)) != GRUNDY_OK)
            break;
        uint32_t v = next_value(g, n);
        if ((rc = grundy__values_append(&g->vals, &g->alloc, v)) != GRUNDY_OK)
            break;
        count_value(ab, v);
        g->work += ab->nexcluded + 1;
    }
    return rc;
}

/* in[v] = 1 for each value of heaps 0 .. m (m < the values computed);
 * in holds size entries, every value below size. */
static void values_seen(const grundy__values *v, uint64_t m, unsigned char *in, size_t size)
{
    memset(in, 0, size);
    for (uint64_t i = 0; i <= m; i++)
        in[grundy__values_get(v, i)] = 1;
}

int grundy__heap_allbut_certify(grundy_heap_game *g, uint64_t p, uint64_t s, uint64_t n)
{
    const grundy__heap_allbut *ab = &g->allbut;
    uint64_t x = ab->nexcluded ? ab->excluded[ab->nexcluded - 1] : 0;
    if (n <= x || p == 0 || n + p > g->vals.n)
        return 0;
    for (uint64_t j = 1; j <= x; j++) {
        if (grundy__values_get(&g->vals, n + p - j) != grundy__values_get(&g->vals, n - j) + s)
            return 0;
    }
    /* Every value is below the counts' room (value_room keeps n + 1). */
    size_t size = ab->cap;
    if (size == 0)
        return 0;
    unsigned char *before = (unsigned char *)grundy__alloc_array(&g->alloc, size, 2);
    if (before == NULL)
        return GRUNDY_ENOMEM;
    unsigned char *after = before + size;
    values_seen(&g->vals, n - x - 1, before, size);
    values_seen(&g->vals, n + p - x - 1, after, size);
    int holds = 1;
    for (size_t v = 0; holds && v < size; v++)
        holds = after[v] == (v < s ? 1 : before[v - s]);
    /* Values of `before` that shifted past the room would be missing from
     * `after`, which holds none there: they must not exist. */
    for (size_t v = size > s ? size - s : 0; holds && v < size; v++)
        holds = !before[v];
    grundy__free(&g->alloc, before);
    return holds;
}
