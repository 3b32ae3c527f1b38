/* SPDX-License-Identifier: MIT */
/* Heap games: the sparse-space method's bookkeeping.  Under a mask, a value
 * is rare when its bits under the mask have even parity; the heaps of rare
 * value are listed, and the values of every split through one of them are
 * marked directly.  The kernels (heap_kernel.h) use the list; this file
 * chooses the mask, from a histogram of the values, and keeps the list. */
#include <string.h>

#include "heap/heap_game.h"

#define MAX_MASK 4096u            /* masks tried: below this, and below 2^bits of the values */

/* The mask under which the fewest heaps so far have rare values (even
 * parity).  Counting by value histogram costs O(values * masks), not
 * O(heaps * masks).  Returns 0 if no mask makes rare heaps scarce enough. */
static uint32_t choose_mask(const grundy_heap_game *g)
{
    uint64_t limit = g->pow2 < MAX_MASK ? g->pow2 : MAX_MASK;
    uint64_t best_count = UINT64_MAX;
    uint32_t best = 0;
    for (uint32_t m = 1; m < limit; m++) {
        uint64_t count = 0;
        for (size_t v = 0; v < g->hist_len && count < best_count; v++) {
            if (!grundy__odd_parity((uint32_t)v & m))
                count += g->hist[v];
        }
        if (count < best_count) {
            best_count = count;
            best = m;
        }
    }
    /* A value costs a read per rare heap, plus a vectorised check of the
     * rare values below the answer (a few thousand splits, at several per
     * read), instead of one read per split, n / 2: worth it once the rare
     * heaps are under half the splits. */
    return best_count * 4 <= g->vals.n ? best : 0;
}

int grundy__heap_rare_room(grundy_heap_game *g, uint64_t more)
{
    return grundy__reserve(&g->alloc, (void **)&g->rare, &g->cap_rare,
                           (size_t)(g->nrare + more), sizeof *g->rare);
}

int grundy__heap_rechoose(grundy_heap_game *g)
{
    uint32_t mask = choose_mask(g);
    if (mask != 0 && mask != g->mask) {
        uint64_t count = 0;
        for (uint64_t h = 1; h < g->vals.n; h++)
            count += !grundy__odd_parity(grundy__values_get(&g->vals, h) & mask);
        g->nrare = 0;
        if (grundy__heap_rare_room(g, count) != GRUNDY_OK) {
            g->mask = 0; /* the list is no longer the old mask's */
            g->sparse_active = 0;
            return GRUNDY_ENOMEM;
        }
        g->mask = mask;
        for (uint64_t h = 1; h < g->vals.n; h++) {
            if (!grundy__odd_parity(grundy__values_get(&g->vals, h) & mask))
                g->rare[g->nrare++] = (uint32_t)h;
        }
    }
    /* Again at twice the length, or soon while no mask pays yet. */
    g->next_choice = mask != 0 ? 2 * g->vals.n : g->vals.n + g->vals.n / 4 + 1;
    g->sparse_active = mask != 0;
    return GRUNDY_OK;
}

int grundy__heap_hist_room(grundy_heap_game *g, uint32_t v)
{
    if (v < g->hist_len)
        return GRUNDY_OK;
    size_t len = g->hist_len ? g->hist_len : 16;
    while (len <= v)
        len *= 2;
    uint64_t *h = (uint64_t *)grundy__calloc_array(&g->alloc, len, sizeof *h);
    if (h == NULL)
        return GRUNDY_ENOMEM;
    if (g->hist_len)
        memcpy(h, g->hist, g->hist_len * sizeof *h);
    grundy__free(&g->alloc, g->hist);
    g->hist = h;
    g->hist_len = len;
    return GRUNDY_OK;
}

int grundy__heap_is_rare(const grundy_heap_game *g, uint64_t heap, uint32_t v)
{
    return grundy__heap_sparse_possible(g) && g->mask != 0 && heap >= 1 &&
           !grundy__odd_parity(v & g->mask);
}

int grundy_heap_game_sparse_mask(const grundy_heap_game *g, uint32_t *mask)
{
    int used = g != NULL && grundy__heap_sparse_possible(g) && g->sparse_active && g->mask != 0;
    if (mask != NULL)
        *mask = used ? g->mask : 0;
    return used;
}
