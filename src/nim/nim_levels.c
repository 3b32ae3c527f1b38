/* Nim on levels (a seed problem of "winner takes it all" play).
 *
 * A super-heap is a stack of heaps; a move takes coins from its top
 * non-empty heap; whoever empties a super-heap wins the whole game.  So an
 * empty super-heap is SP (the player to move has lost), one non-empty heap is
 * SC (empty it and win), and with two or more heaps, by induction from the
 * bottom: with r the w-number of the stack below the top heap t (where a
 * single heap below leaves no number: taking the whole top would hand the
 * opponent an SC), the options are the top reduced to 1..t-1, plus the stack
 * below itself, so w = mex of {w(1), ..., w(t-1)} and r, which counts up from
 * 0 skipping r: w = t - 1 if t - 1 < r, else t. */
#include "core/sum.h"

typedef struct level_w {
    int kind;          /* GRUNDY_W_* */
    uint64_t w;        /* when a number */
    uint64_t top;      /* the top non-empty heap */
    int below_single;  /* the stack below the top is one heap */
    uint64_t below;    /* its w-number otherwise */
} level_w;

/* w(top over below): counting up from 0 and skipping the number below. */
static uint64_t over(const level_w *l, uint64_t top)
{
    if (l->below_single || top - 1 < l->below)
        return top - 1;
    return top;
}

static level_w superheap(const uint64_t *heaps, size_t k)
{
    level_w l = {GRUNDY_W_SP, 0, 0, 0, 0};
    size_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        if (heaps[i] == 0)
            continue;
        if (++seen == 1) {
            l.kind = GRUNDY_W_SC;
            l.top = heaps[i];
            continue;
        }
        /* The stack so far becomes the part below the new top. */
        l.below_single = seen == 2;
        l.below = l.w;
        l.top = heaps[i];
        l.kind = GRUNDY_W_NUMBER;
        l.w = over(&l, heaps[i]);
    }
    return l;
}

int grundy_nim_levels_w(const uint64_t *heaps, size_t k, uint64_t *w)
{
    if ((heaps == NULL && k > 0) || w == NULL)
        return GRUNDY_EINVAL;
    level_w l = superheap(heaps, k);
    *w = l.w;
    return l.kind;
}

/* Super-heaps are read in order by the sum routine (it walks components
 * 0..n-1), so a cursor turns the flat heap array into super-heaps in O(1)
 * amortised per read; a read out of order restarts the walk. */
typedef struct level_cursor {
    size_t i, off;
} level_cursor;

typedef struct levels {
    const uint64_t *heaps;
    const size_t *counts;
    level_cursor *at;
} levels;

static size_t offset_of(const levels *lv, size_t i)
{
    if (i < lv->at->i)
        lv->at->i = lv->at->off = 0;
    while (lv->at->i < i)
        lv->at->off += lv->counts[lv->at->i++];
    return lv->at->off;
}

static uint64_t number_at(const void *ctx, size_t i)
{
    const levels *lv = (const levels *)ctx;
    return superheap(lv->heaps + offset_of(lv, i), lv->counts[i]).w;
}

/* The new top h (0 to top-1) of super-heap l that makes its w-number target. */
static int top_for(const level_w *l, uint64_t target, uint64_t *h)
{
    if (!l->below_single && target == l->below) {
        *h = 0; /* take the whole top: the stack below is worth target */
        return 1;
    }
    uint64_t cand = l->below_single || target < l->below ? target + 1 : target;
    if (cand < 1 || cand >= l->top || over(l, cand) != target)
        return 0;
    *h = cand;
    return 1;
}

int grundy_nim_levels_winning_move(const uint64_t *heaps, const size_t *counts, size_t n,
                                   size_t *superheap_out, uint64_t *take)
{
    if ((counts == NULL && n > 0) || superheap_out == NULL || take == NULL)
        return GRUNDY_EINVAL;
    size_t total = 0, sc = n;
    for (size_t i = 0; i < n; i++)
        total += counts[i];
    if (heaps == NULL && total > 0)
        return GRUNDY_EINVAL;
    total = 0;
    for (size_t i = 0; i < n; i++) {
        level_w l = superheap(heaps + total, counts[i]);
        if (l.kind == GRUNDY_W_SP)
            return 0; /* someone already emptied a super-heap */
        if (l.kind == GRUNDY_W_SC && sc == n)
            sc = i;
        total += counts[i];
    }
    total = 0;
    for (size_t i = 0; i < n; i++) {
        if (i == sc) {
            *superheap_out = i;
            *take = superheap(heaps + total, counts[i]).top; /* empty it: win */
            return 1;
        }
        total += counts[i];
    }
    /* Every super-heap is a number: Nim on the w-numbers. */
    level_cursor at = {0, 0};
    levels lv = {heaps, counts, &at};
    uint64_t target;
    if (!grundy__sum_move(&lv, n, number_at, superheap_out, &target))
        return 0;
    level_w l = superheap(heaps + offset_of(&lv, *superheap_out), counts[*superheap_out]);
    uint64_t h;
    if (!top_for(&l, target, &h))
        return GRUNDY_EINVAL; /* unreachable: w is a mex over these options */
    *take = l.top - h;
    return 1;
}
