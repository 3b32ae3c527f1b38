/* Heap games: winning moves in sums of heaps. */
#include "core/sum.h"
#include "heap/heap_game.h"

typedef struct move_search {
    const grundy_heap_game *g;
    uint64_t target;
    uint64_t *left;
    uint32_t *nleft;
} move_search;

/* Splits of m into two heaps.  Beyond the table the values repeat in a with
 * the period, so one period of a (past the preperiod) covers every value. */
static int find_split2(const move_search *s, uint64_t m)
{
    const grundy_heap_game *g = s->g;
    uint64_t half = m / 2;
    if (m >= g->vals.n && g->periodic && half > g->preperiod + g->period)
        half = g->preperiod + g->period;
    for (uint64_t a = 1; a <= half; a++) {
        if (g->rules.unequal && 2 * a == m)
            continue;
        if ((grundy__heap_known_value(g, a) ^ grundy__heap_known_value(g, m - a)) == s->target) {
            s->left[0] = a;
            s->left[1] = m - a;
            *s->nleft = 2;
            return 1;
        }
    }
    return 0;
}

/* Splits of m into three heaps.  Beyond the table two parts can be kept
 * below n0 + p: taking p from a part past that and giving it to the largest
 * (which stays in the periodic range) keeps every value. */
static int find_split3(const move_search *s, uint64_t m)
{
    const grundy_heap_game *g = s->g;
    uint64_t lim = m;
    if (m >= g->vals.n && g->periodic)
        lim = g->preperiod + g->period;
    for (uint64_t a = 1; a <= lim && a + 2 <= m; a++) {
        for (uint64_t b = a; b <= lim && a + b < m; b++) {
            uint64_t c = m - a - b;
            if (m < g->vals.n && c < b)
                break; /* within the table: a <= b <= c covers every split */
            uint32_t x = grundy__heap_known_value(g, a) ^ grundy__heap_known_value(g, b) ^
                         grundy__heap_known_value(g, c);
            if (x == s->target) {
                s->left[0] = a;
                s->left[1] = b;
                s->left[2] = c;
                *s->nleft = 3;
                return 1;
            }
        }
    }
    return 0;
}

/* The options of h that remove k tokens: is one of them worth target? */
static int find_with_removal(const move_search *s, uint64_t h, uint64_t k, unsigned d)
{
    if (k > 0 && (d & HEAP_LEAVE_NONE) && h == k && s->target == 0) {
        *s->nleft = 0;
        return 1;
    }
    if (k > 0 && (d & HEAP_LEAVE_ONE) && h > k &&
        grundy__heap_known_value(s->g, h - k) == s->target) {
        s->left[0] = h - k;
        *s->nleft = 1;
        return 1;
    }
    if ((d & HEAP_LEAVE_TWO) && h - k >= 2 && find_split2(s, h - k))
        return 1;
    return (d & HEAP_LEAVE_THREE) && h - k >= 3 && find_split3(s, h - k);
}

static int find_move(const move_search *s, uint64_t h)
{
    const grundy__heap_rules *r = &s->g->rules;
    if (find_with_removal(s, h, 0, r->digit[0]))
        return 1;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= h; i++) {
        if (find_with_removal(s, h, r->removals[i], r->digit[r->removals[i]]))
            return 1;
    }
    for (uint64_t k = r->ndigits; r->tail != 0 && k <= h; k++) {
        if (find_with_removal(s, h, k, r->tail))
            return 1;
    }
    return 0;
}

typedef struct heap_list {
    const grundy_heap_game *g;
    const uint64_t *heaps;
} heap_list;

static uint64_t heap_value(const void *ctx, size_t i)
{
    const heap_list *l = (const heap_list *)ctx;
    return grundy__heap_known_value(l->g, l->heaps[i]);
}

int grundy_heap_game_outcome(grundy_heap_game *g, const uint64_t *heaps, size_t n)
{
    if (g == NULL || (heaps == NULL && n > 0))
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        int rc = grundy_heap_game_value(g, heaps[i], &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    return x ? GRUNDY_N : GRUNDY_P;
}

int grundy_heap_game_winning_move(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                                  size_t *heap, uint64_t *left, uint32_t *nleft)
{
    if (g == NULL || (heaps == NULL && n > 0) || heap == NULL || left == NULL || nleft == NULL)
        return GRUNDY_EINVAL;
    if (g->reporting)
        return GRUNDY_ESTATE;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        int rc = grundy_heap_game_value(g, heaps[i], &v);
        if (rc != GRUNDY_OK)
            return rc;
    }
    heap_list l = {g, heaps};
    uint64_t target;
    if (!grundy__sum_move(&l, n, heap_value, heap, &target))
        return 0;
    uint64_t h = heaps[*heap];
    move_search s = {g, target, left, nleft};
    return find_move(&s, h);
}
