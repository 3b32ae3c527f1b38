/* SPDX-License-Identifier: MIT */
/* Games described by rules: the moves of a position as the caller names
 * it.  Move k of a position is the k-th option its generator lists for the
 * bytes the caller gave, not for their canonical form, so the generator is
 * called on those bytes, once per call. */
#include "game/game.h"

int grundy__game_list(grundy_game *g, const void *pos, int how)
{
    grundy__game_copy_pos(g, g->pos, pos);
    g->listed.parts.len = g->listed.counts.len = 0;
    return grundy__game_generate(g, &g->listed, how);
}

/* Lists pos's options into g->listed, refusing calls from the game's own
 * callbacks: they run inside a search that g->listed may serve. */
static int list_from_outside(grundy_game *g, const void *pos)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    g->inside = 1;
    int rc = grundy__game_list(g, pos, 0);
    g->inside = 0;
    return rc;
}

int grundy_game_degree(grundy_game *g, const void *pos, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || pos == NULL || count == NULL)
        return GRUNDY_EINVAL;
    int rc = list_from_outside(g, pos);
    if (rc == GRUNDY_OK)
        *count = g->listed.counts.len / sizeof(uint32_t);
    return rc;
}

int grundy_game_move(grundy_game *g, const void *pos, uint64_t k, void *parts, size_t cap,
                     size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (g == NULL || pos == NULL || nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = list_from_outside(g, pos);
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t degree = g->listed.counts.len / sizeof(uint32_t);
    if (k >= degree)
        return grundy__game_fail(g, GRUNDY_ERANGE, "move %llu of a position with %llu moves",
                                 (unsigned long long)k, (unsigned long long)degree);
    grundy__game_walk w = {0, 0};
    size_t off = 0;
    uint32_t np = 0;
    for (uint64_t i = 0; i <= k; i++)
        grundy__game_next_listed(g, &w, &off, &np);
    for (uint32_t i = 0; i < np && i < cap; i++)
        memcpy((unsigned char *)parts + (size_t)i * g->size,
               g->listed.parts.p + off + (size_t)i * g->rec, g->size);
    *nparts = np;
    return GRUNDY_OK;
}
