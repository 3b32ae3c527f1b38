/* Games described by rules: sums, and winning moves in them. */
#include "core/sum.h"
#include "game/game.h"

int grundy_game_sum_value(grundy_game *g, const void *positions, size_t n, uint32_t *value)
{
    if (g == NULL || (positions == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    if (g->play != GRUNDY_PLAY_NORMAL)
        return grundy__game_fail(g, GRUNDY_EINVAL,
                                 "sums by value are for normal play; use grundy_compound_outcome");
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = 0; /* set by the call; initialised for compilers that cannot see it */
        int rc = grundy_game_value(g, (const unsigned char *)positions + i * g->size, &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    *value = x;
    return GRUNDY_OK;
}

typedef struct game_positions {
    grundy_game *game;
    const unsigned char *positions;
} game_positions;

/* Components were all evaluated, so each lookup hits. */
static uint64_t component_value(const void *ctx, size_t i)
{
    const game_positions *gp = (const game_positions *)ctx;
    grundy_game *g = gp->game;
    grundy__game_load(g, gp->positions + i * g->size);
    uint32_t v = grundy__table_get(&g->table, g->pos);
    return v != GRUNDY__EMPTY ? grundy__game_number_of(v) : 0;
}

/* Among the options (raw, as generated) in g->sought, the first whose value
 * is target: the parts offset of its first part and its count of parts, or
 * SIZE_MAX.  Evaluates parts as needed. */
static int find_option(grundy_game *g, uint64_t target, size_t *found, uint32_t *nparts)
{
    *found = SIZE_MAX;
    size_t off = 0;
    for (size_t c = 0; c < g->sought.counts.len; c += sizeof(uint32_t)) {
        uint32_t np, x = 0;
        memcpy(&np, g->sought.counts.p + c, sizeof np);
        for (uint32_t i = 0; i < np; i++) {
            uint32_t v;
            grundy__game_load(g, g->sought.parts.p + off + (size_t)i * g->rec);
            int rc = grundy__game_evaluate(g, &v);
            if (rc != GRUNDY_OK)
                return rc;
            x ^= v;
        }
        if (x == target) {
            *found = off;
            *nparts = np;
            return GRUNDY_OK;
        }
        off += (size_t)np * g->rec;
    }
    return GRUNDY_OK;
}

/* grundy_game_sum_winning_move once every component is evaluated. */
static int winning_move(grundy_game *g, const void *positions, size_t n, size_t *component,
                        void *parts, uint32_t cap, uint32_t *nparts)
{
    game_positions gp = {g, (const unsigned char *)positions};
    uint64_t target;
    if (!grundy__sum_move(&gp, n, component_value, component, &target))
        return 0;
    /* Generate the options of the component as given, so the move returned
     * is a real move from the caller's position, not from its canonical form. */
    memcpy(g->pos, gp.positions + *component * g->size, g->size);
    g->sought.parts.len = g->sought.counts.len = 0;
    int rc = grundy__game_generate(g, &g->sought, 0);
    size_t off = SIZE_MAX;
    if (rc == GRUNDY_OK)
        rc = find_option(g, target, &off, nparts);
    if (rc != GRUNDY_OK)
        return rc;
    if (off == SIZE_MAX)
        return grundy__game_fail(g, GRUNDY_EINVAL, "the move generator gave different options "
                                 "for the same position");
    for (uint32_t i = 0; i < *nparts && i < cap; i++)
        memcpy((unsigned char *)parts + (size_t)i * g->size,
               g->sought.parts.p + off + (size_t)i * g->rec, g->size);
    return 1;
}

int grundy_game_sum_winning_move(grundy_game *g, const void *positions, size_t n,
                                 size_t *component, void *parts, uint32_t cap, uint32_t *nparts)
{
    if (g == NULL || component == NULL || nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    uint32_t s;
    int rc = grundy_game_sum_value(g, positions, n, &s);
    if (rc != GRUNDY_OK)
        return rc;
    g->inside = 1;
    rc = winning_move(g, positions, n, component, parts, cap, nparts);
    g->inside = 0;
    return rc;
}

int grundy_game_sum_winning_move_u64(grundy_game *g, const uint64_t *positions, size_t n,
                                     size_t *component, uint64_t *parts, uint32_t cap,
                                     uint32_t *nparts)
{
    if (g != NULL && g->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    return grundy_game_sum_winning_move(g, positions, n, component, parts, cap, nparts);
}
