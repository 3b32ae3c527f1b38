/* SPDX-License-Identifier: MIT */
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
#include "nim/nim_play.h"

enum level_kind { LEVEL_SP, LEVEL_SC, LEVEL_NUMBER };

typedef struct level_w {
    enum level_kind kind;
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
    level_w l = {LEVEL_SP, 0, 0, 0, 0};
    size_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        if (heaps[i] == 0)
            continue;
        if (++seen == 1) {
            l.kind = LEVEL_SC;
            l.top = heaps[i];
            continue;
        }
        /* The stack so far becomes the part below the new top. */
        l.below_single = seen == 2;
        l.below = l.w;
        l.top = heaps[i];
        l.kind = LEVEL_NUMBER;
        l.w = over(&l, heaps[i]);
    }
    return l;
}

int grundy_nim_levels_value(int play, const uint64_t *heaps, size_t k, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && k > 0) || value == NULL)
        return GRUNDY_EINVAL;
    level_w l = superheap(heaps, k);
    if (l.kind == LEVEL_NUMBER && l.w >= GRUNDY_SC64)
        return GRUNDY_ELIMIT; /* a top heap of 2^64 - 2 or more: no room beside SC and SP */
    *value = l.kind == LEVEL_SP ? GRUNDY_SP64 : l.kind == LEVEL_SC ? GRUNDY_SC64 : l.w;
    return GRUNDY_OK;
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

static level_w level_at(const levels *lv, size_t i)
{
    return superheap(lv->heaps + offset_of(lv, i), lv->counts[i]);
}

static uint64_t number_at(const void *ctx, size_t i)
{
    return level_at((const levels *)ctx, i).w;
}

/* What decides the sum before any number: a super-heap already emptied
 * (the game is over, lost by the player to move), else the first one of a
 * single heap (SC: empty it and win).  GRUNDY_EINVAL for arguments that do
 * not hold the heaps counts say. */
typedef struct level_survey {
    int ended;
    size_t sc;  /* the first SC super-heap, or n */
} level_survey;

static int survey(const levels *lv, size_t n, level_survey *out)
{
    if (lv->counts == NULL && n > 0)
        return GRUNDY_EINVAL;
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (lv->counts[i] > SIZE_MAX - total)
            return GRUNDY_EINVAL;
        total += lv->counts[i];
    }
    if (lv->heaps == NULL && total > 0)
        return GRUNDY_EINVAL;
    out->ended = 0;
    out->sc = n;
    for (size_t i = 0; i < n && !out->ended; i++) {
        enum level_kind kind = level_at(lv, i).kind;
        out->ended = kind == LEVEL_SP;
        if (kind == LEVEL_SC && out->sc == n)
            out->sc = i;
    }
    return GRUNDY_OK;
}

int grundy_nim_levels_sum_outcome(int play, const uint64_t *heaps, const size_t *counts, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    level_cursor at = {0, 0};
    levels lv = {heaps, counts, &at};
    level_survey s;
    if (rc == GRUNDY_OK)
        rc = survey(&lv, n, &s);
    if (rc != GRUNDY_OK)
        return rc;
    if (s.ended || s.sc < n)
        return s.ended ? GRUNDY_P : GRUNDY_N;
    /* Every super-heap is a number: Nim on the w-numbers. */
    size_t c;
    uint64_t target;
    return grundy__sum_move(&lv, n, number_at, &c, &target) ? GRUNDY_N : GRUNDY_P;
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

int grundy_nim_levels_sum_winning_move(int play, const uint64_t *heaps, const size_t *counts,
                                       size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    level_cursor at = {0, 0};
    levels lv = {heaps, counts, &at};
    level_survey s;
    if (rc == GRUNDY_OK && moves == NULL && n > 0)
        rc = GRUNDY_EINVAL;
    if (rc == GRUNDY_OK)
        rc = survey(&lv, n, &s);
    if (rc == GRUNDY_OK && s.sc < n && level_at(&lv, s.sc).top == UINT64_MAX)
        rc = GRUNDY_ERANGE; /* emptying it would read as GRUNDY_NO_MOVE */
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    if (s.ended)
        return 0; /* someone already emptied a super-heap */
    if (s.sc < n) {
        moves[s.sc] = level_at(&lv, s.sc).top; /* empty it: win */
        return 1;
    }
    size_t c;
    uint64_t target, h;
    if (!grundy__sum_move(&lv, n, number_at, &c, &target))
        return 0;
    level_w l = level_at(&lv, c);
    if (!top_for(&l, target, &h))
        return GRUNDY_EINVAL; /* unreachable: w is a mex over these options */
    moves[c] = l.top - h;
    return 1;
}
