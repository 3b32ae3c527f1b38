/* SPDX-License-Identifier: MIT */
/* Heap games: sums of heaps, their values and winning moves.
 *
 * A move of a sum is winning when it leaves a sum of value 0: in heap i of
 * value v, with s the value of the whole sum, a move to an option worth
 * v ^ s.  The search walks the heap's move list block by block
 * (heap_order.c), so the index it reports is the one grundy_heap_game_move()
 * reads back. */
#include "heap/heap_game.h"

#include <stdlib.h>

typedef struct move_search {
    const grundy_heap_game *g;
    uint64_t target;    /* the option value that wins */
    int every;          /* every winning move, not only the first */
    uint64_t first_win; /* !every: the index found */
    /* every: where the moves go (heap index, move), and how many there are */
    size_t component;
    size_t *components;
    uint64_t *moves;
    size_t cap, count;
    uint64_t *hit; /* room for preperiod + period heaps under a saltus, else NULL */
} move_search;

/* The whole value of a heap an option leaves (saturated past 2^64 - 1,
 * where no target lies: only a heap of 2^64 - 1 of Lasker's Nim, never an
 * option). */
static uint64_t value_of(const move_search *s, uint64_t heap)
{
    return grundy__heap_value64(s->g, heap);
}

/* Adds more winning moves to the count of every winning move, past the
 * cap (they are not listed); saturated at SIZE_MAX. */
static void count_more(move_search *s, uint64_t more)
{
    s->count = more > SIZE_MAX - s->count ? SIZE_MAX : s->count + (size_t)more;
}

/* The move at index rank of the block that starts at first is winning:
 * 1 to stop at it, 0 to go on to the next; GRUNDY_ELIMIT when its index
 * does not fit below GRUNDY_NO_MOVE. */
static int found(move_search *s, uint64_t first, uint64_t rank)
{
    if (first == UINT64_MAX || rank >= UINT64_MAX - first)
        return GRUNDY_ELIMIT;
    if (!s->every) {
        s->first_win = first + rank;
        return 1;
    }
    if (s->count < s->cap) {
        if (s->components != NULL)
            s->components[s->count] = s->component;
        s->moves[s->count] = first + rank;
    }
    s->count++;
    return 0;
}

/* How far the parts of a split need be tried for the first winning one.
 * With period p from n0, a split with a part a > n0 + p other than the
 * largest has an equal-valued twin earlier in the list: a - p, the largest
 * part + p (both past n0, so their values stay).  So the first winning
 * split has every smaller part at most n0 + p.  Listing every winning move
 * tries them all. */
static uint64_t part_limit(const move_search *s)
{
    /* With a saltus the twins differ by s: no limit. */
    if (s->every || !s->g->periodic || s->g->saltus != 0)
        return UINT64_MAX;
    return s->g->preperiod + s->g->period;
}

/* ---- Splits under a saltus that is a power of two --------------------- */

/* With G(e + r + q p) = G(e + r) + q 2^k (a proved arithmetic period whose
 * saltus is 2^k, k >= 1: Lasker's Nim), a value is a low part below 2^k
 * that depends on the residue r only, and a high part hi_r + q.  A split
 * (a, m - a) with both parts past the preperiod, a of residue ra and m - a
 * of residue rb, has the value lo_a ^ lo_b + ((x ^ y) << k), x and y the
 * high parts, whose sum S is the same for every split of the class.  So it
 * is worth t exactly when lo_a ^ lo_b is t's low part and x ^ y = T, t's
 * high part: x = A + U with A = (S - T) / 2 (no bit of it in T) and U any
 * submask of T.  The winning splits of a class are so found in O(64) each,
 * not by walking the m / 2 splits (2^62 of a heap of 2^63). */
typedef struct split_class {
    uint64_t ra;    /* the residue of the part a */
    uint64_t hi;    /* the high part of G(e + ra) */
    uint64_t A, T;  /* x = A + U, U a submask of T */
} split_class;

/* The least submask of T that is at least k, in *u; 0 if none. */
static int submask_at_least(uint64_t T, uint64_t k, uint64_t *u)
{
    uint64_t prefix = 0, alt = 0;
    int has_alt = 0;
    for (int i = 63; i >= 0; i--) {
        uint64_t bit = (uint64_t)1 << i;
        if (k & bit) {
            if (!(T & bit)) {
                *u = alt;
                return has_alt;
            }
            prefix |= bit;
        } else if (T & bit) {
            alt = prefix | bit; /* above k from here on; the lowest such is the least */
            has_alt = 1;
        }
    }
    *u = prefix;
    return 1;
}

/* How many submasks of T are at most k (T below 2^63: no overflow). */
static uint64_t submasks_at_most(uint64_t T, uint64_t k)
{
    uint64_t below = 1, fit = 1; /* submasks of the bits done: all of them, those <= k */
    for (int i = 0; i < 64; i++) {
        uint64_t bit = (uint64_t)1 << i;
        if (k & bit)
            fit = T & bit ? below + fit : below;
        if (T & bit)
            below *= 2;
    }
    return fit;
}

/* Whether the winning splits of blocks of b go by classes: a proved
 * saltus 2^k, k >= 1, parts that may be equal, and enough splits for the
 * classes (O(64 period) per move found) to beat walking them. */
static int by_classes(const move_search *s, const grundy__heap_block *b)
{
    const grundy_heap_game *g = s->g;
    return g->periodic && g->saltus >= 2 && (g->saltus & (g->saltus - 1)) == 0 && !b->unequal &&
           g->period <= UINT64_MAX / 64 && b->count / 64 > g->period + g->preperiod;
}

/* The class of the splits of m whose part a has residue ra, for target t:
 * 0 when no split of it is worth t. */
static int class_of(const grundy_heap_game *g, uint64_t m, uint64_t t, uint64_t ra,
                    split_class *c)
{
    uint64_t e = g->preperiod, p = g->period, s = g->saltus;
    unsigned k = 0;
    while (((uint64_t)1 << k) != s)
        k++;
    uint64_t rest = m - 2 * e - ra; /* the caller has m >= 2e + p */
    uint64_t rb = rest % p, q = rest / p;
    uint64_t va = grundy__heap_value64(g, e + ra), vb = grundy__heap_value64(g, e + rb);
    if (((va ^ vb ^ t) & (s - 1)) != 0)
        return 0;
    uint64_t T = t >> k, S = q + (va >> k) + (vb >> k); /* q < 2^64 / p, values < 2^32 */
    if (S < q || S < T || ((S - T) & 1) != 0 || (((S - T) / 2) & T) != 0)
        return 0;
    c->ra = ra; /* no compound literal: the single header compiles as C++ too */
    c->hi = va >> k;
    c->A = (S - T) / 2;
    c->T = T;
    return 1;
}

/* The submasks U of class c that give parts a in [lo, hi] (lo >= e): 0 if
 * none, else U from *ulo to *uhi. */
static int class_range(const grundy_heap_game *g, const split_class *c, uint64_t lo, uint64_t hi,
                       uint64_t *ulo, uint64_t *uhi)
{
    uint64_t base = g->preperiod + c->ra, p = g->period; /* a = base + (x - hi) p */
    if (hi < base || hi < lo)
        return 0;
    uint64_t qlo = lo > base ? (lo - base + p - 1) / p : 0, qhi = (hi - base) / p;
    if (qlo > qhi)
        return 0;
    uint64_t xlo = c->hi + qlo, xhi = c->hi + qhi;
    if (xhi < c->A)
        return 0;
    *ulo = xlo > c->A ? xlo - c->A : 0;
    *uhi = xhi - c->A;
    return *ulo <= *uhi;
}

/* The part a of submask u of class c. */
static uint64_t class_part(const grundy_heap_game *g, const split_class *c, uint64_t u)
{
    return g->preperiod + c->ra + (c->A + u - c->hi) * g->period;
}

/* The least winning a in [lo, hi] over every class of m, or 0 if none. */
static uint64_t least_split(const grundy_heap_game *g, uint64_t m, uint64_t t, uint64_t lo,
                            uint64_t hi)
{
    uint64_t best = 0;
    for (uint64_t ra = 0; ra < g->period; ra++) {
        split_class c;
        uint64_t ulo, uhi, u;
        if (class_of(g, m, t, ra, &c) && class_range(g, &c, lo, hi, &ulo, &uhi) &&
            submask_at_least(c.T, ulo, &u) && u <= uhi) {
            uint64_t a = class_part(g, &c, u);
            best = best == 0 || a < best ? a : best;
        }
    }
    return best;
}

/* How many winning a lie in [lo, hi] over every class of m. */
static uint64_t count_splits(const grundy_heap_game *g, uint64_t m, uint64_t t, uint64_t lo,
                             uint64_t hi)
{
    uint64_t n = 0;
    for (uint64_t ra = 0; ra < g->period; ra++) {
        split_class c;
        uint64_t ulo, uhi;
        if (class_of(g, m, t, ra, &c) && class_range(g, &c, lo, hi, &ulo, &uhi))
            n += submasks_at_most(c.T, uhi) - (ulo > 0 ? submasks_at_most(c.T, ulo - 1) : 0);
    }
    return n;
}

/* The winning splits (a, m - a), a = 1 ... count, by classes: the parts
 * below the preperiod one by one, then the classes in increasing a. */
static int search_two_classes(move_search *s, const grundy__heap_block *b, uint64_t first)
{
    const grundy_heap_game *g = s->g;
    uint64_t e = g->preperiod, m = b->m, last = b->count;
    uint64_t lo = e > 1 ? e : 1; /* the first part past the preperiod */
    for (uint64_t a = 1; a < lo; a++) {
        if ((value_of(s, a) ^ value_of(s, m - a)) == s->target) {
            int rc = found(s, first, a - 1);
            if (rc != 0)
                return rc;
        }
    }
    if (!s->every) {
        uint64_t a = least_split(g, m, s->target, lo, last);
        return a == 0 ? 0 : found(s, first, a - 1);
    }
    /* Every winning move has an index: none past UINT64_MAX - 1. */
    uint64_t indexed = first == UINT64_MAX ? 0 : UINT64_MAX - first;
    if (indexed < last && count_splits(g, m, s->target, indexed + 1, last) > 0)
        return GRUNDY_ELIMIT;
    uint64_t a = lo;
    while (s->count < s->cap && a <= last && (a = least_split(g, m, s->target, a, last)) != 0) {
        (void)found(s, first, a - 1);
        a++;
    }
    if (a != 0 && a <= last)
        count_more(s, count_splits(g, m, s->target, a, last));
    return 0;
}

static int search_two(move_search *s, const grundy__heap_block *b, uint64_t first)
{
    if (by_classes(s, b))
        return search_two_classes(s, b, first);
    uint64_t last = b->count < part_limit(s) ? b->count : part_limit(s);
    for (uint64_t a = 1; a <= last; a++) {
        if ((value_of(s, a) ^ value_of(s, b->m - a)) == s->target) {
            int rc = found(s, first, a - 1);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

static int search_three(move_search *s, const grundy__heap_block *b, uint64_t first)
{
    uint64_t m = b->m, lim = part_limit(s);
    for (uint64_t a = 1; a <= m / 3 && a <= lim; a++) {
        uint64_t va = value_of(s, a);
        for (uint64_t c = a; c <= (m - a) / 2 && c <= lim; c++) {
            if ((va ^ value_of(s, c) ^ value_of(s, m - a - c)) == s->target) {
                int rc = found(s, first, grundy__heap_rank3(m, a, c));
                if (rc != 0)
                    return rc;
            }
        }
    }
    return 0;
}

static int increasing(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* The heaps worth target among m - count + 1 .. m under an arithmetic
 * period with s > 0: at most one per residue class past the preperiod (the
 * values grow along it) and those below it, so at most e + p, at index
 * j = m - heap, in increasing j.  Returns how many. */
static size_t run_hits(const grundy_heap_game *g, uint64_t m, uint64_t count, uint64_t target,
                       uint64_t *hit)
{
    uint64_t low = m - (count - 1), e = g->preperiod, p = g->period, s = g->saltus;
    size_t n = 0;
    for (uint64_t h = low; h < e && h <= m; h++) {
        if (grundy__heap_value64(g, h) == target)
            hit[n++] = m - h;
    }
    for (uint64_t i = 0; i < p; i++) {
        uint64_t base = grundy__heap_value64(g, e + i);
        if (base > target || (target - base) % s != 0)
            continue;
        uint64_t q = (target - base) / s;
        if (q > (UINT64_MAX - e - i) / p)
            continue;
        uint64_t h = e + i + q * p;
        if (h < low || h > m || h < e)
            continue;
        hit[n++] = m - h;
    }
    qsort(hit, n, sizeof *hit, increasing);
    return n;
}

/* A run removes r, r + 1, ... leaving m, m - 1, ... down to none (worth 0,
 * as is the heap of 0).  Under a saltus a value is held by few heaps: they
 * are found from the period, not by walking a run as long as the heap. */
static int search_run(move_search *s, const grundy__heap_block *b, uint64_t first)
{
    const grundy_heap_game *g = s->g;
    if (s->hit != NULL && b->count / 4 > g->preperiod + g->period) {
        size_t n = run_hits(g, b->m, b->count, s->target, s->hit);
        for (size_t i = 0; i < n; i++) {
            int rc = found(s, first, s->hit[i]);
            if (rc != 0)
                return rc;
        }
        return 0;
    }
    for (uint64_t j = 0; j < b->count; j++) {
        if (value_of(s, b->m - j) == s->target) {
            int rc = found(s, first, j);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

static int search_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    move_search *s = (move_search *)ctx;
    switch (b->kind) {
    case HEAP_LEAVE_NONE: return s->target == 0 ? found(s, first, 0) : 0;
    case HEAP_LEAVE_ONE: return value_of(s, b->m) == s->target ? found(s, first, 0) : 0;
    case HEAP_LEAVE_TWO: return search_two(s, b, first);
    case HEAP_LEAVE_THREE: return search_three(s, b, first);
    default: return search_run(s, b, first);
    }
}

/* The winning moves of one heap of the sum (the sum's value x). */
static int search_heap(grundy_heap_game *g, move_search *s, uint64_t heap, uint64_t x,
                       const char *call)
{
    s->target = grundy__heap_value64(g, heap) ^ x;
    int rc = grundy__heap_each_block(&g->rules, heap, search_block, s);
    if (rc < 0)
        return grundy__heap_fail(g, rc, "%s: a winning move in a heap of %llu has an index "
                                 "past 2^64 - 2", call, (unsigned long long)heap);
    return rc;
}

/* Under a saltus the heaps of one value are found from the period, into
 * room for preperiod + period of them (0, or GRUNDY_ENOMEM). */
static int search_begin(grundy_heap_game *g, move_search *s, const char *call)
{
    s->hit = NULL;
    if (!g->periodic || g->saltus == 0)
        return GRUNDY_OK;
    uint64_t room = g->preperiod + g->period; /* both held in the table */
    s->hit = (uint64_t *)grundy__alloc_array(&g->alloc, (size_t)room, sizeof *s->hit);
    return s->hit != NULL ? GRUNDY_OK
                          : grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory searching "
                                              "the winning moves", call);
}

/* The checks of every sum call: 1 for misère play (heap_misere.c answers
 * it), 0 for normal play, or a negative status. */
static int sum_check(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                     const char *call)
{
    if (heaps == NULL && n > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: heaps is NULL", call);
    int rc = grundy__heap_ready_play(g, play, call);
    return rc != GRUNDY_OK ? rc : grundy__play_base(play) == GRUNDY_PLAY_MISERE;
}

/* What every normal-play sum call does first: make every heap's value known
 * (the table up to the largest heap, or a period), and xor them into *x,
 * whole: under a saltus values pass 32 bits. */
static int sum_begin(grundy_heap_game *g, const uint64_t *heaps, size_t n, uint64_t *x)
{
    int rc = GRUNDY_OK;
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    if (n > 0)
        rc = grundy__heap_compute_for(g, largest);
    *x = 0;
    for (size_t i = 0; rc == GRUNDY_OK && i < n; i++) {
        uint64_t v;
        rc = grundy__heap_value_of(g, heaps[i], &v);
        *x ^= v;
    }
    return rc;
}

/* The number of a sum, whole (misère values are 32-bit). */
static int sum_value(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                     uint64_t *value, const char *call)
{
    *value = 0;
    int rc = sum_check(g, play, heaps, n, call);
    if (rc == 1) {
        uint32_t v = 0;
        rc = grundy__heap_misere_sum(g, play, heaps, n, &v, call);
        *value = v;
        return rc;
    }
    return rc != GRUNDY_OK ? rc : sum_begin(g, heaps, n, value);
}

int grundy_heap_game_sum_value64(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                                 uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_sum_value64: value is NULL");
    return sum_value(g, play, heaps, n, value, "grundy_heap_game_sum_value64");
}

int grundy_heap_game_sum_value(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                               uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_sum_value: value is NULL");
    uint64_t x;
    int rc = sum_value(g, play, heaps, n, &x, "grundy_heap_game_sum_value");
    if (rc == GRUNDY_OK && x > UINT32_MAX)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "the sum's value is %llu, past 2^32 - 1: "
                                 "grundy_heap_game_sum_value64 gives it", (unsigned long long)x);
    if (rc == GRUNDY_OK)
        *value = (uint32_t)x;
    return rc;
}

int grundy_heap_game_sum_outcome(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    uint64_t x;
    int rc = sum_value(g, play, heaps, n, &x, "grundy_heap_game_sum_outcome");
    return rc != GRUNDY_OK ? rc : x != 0 ? GRUNDY_N : GRUNDY_P;
}

int grundy_heap_game_sum_winning_move(grundy_heap_game *g, int play, const uint64_t *heaps,
                                      size_t n, uint64_t *moves)
{
    static const char call[] = "grundy_heap_game_sum_winning_move";
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (moves == NULL && n > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: moves is NULL", call);
    int rc = sum_check(g, play, heaps, n, call);
    if (rc == 1) {
        size_t component = 0;
        uint64_t move = 0;
        grundy__wins w = {&component, &move, 1, 0, 1};
        rc = grundy__heap_misere_wins(g, play, heaps, n, &w, call);
        for (size_t i = 0; rc == GRUNDY_OK && i < n; i++)
            moves[i] = w.count > 0 && i == component ? move : GRUNDY_NO_MOVE;
        return rc != GRUNDY_OK ? rc : w.count > 0;
    }
    uint64_t x;
    move_search s = {g, 0, 0, 0, 0, NULL, NULL, 0, 0, NULL};
    if (rc == GRUNDY_OK)
        rc = sum_begin(g, heaps, n, &x);
    if (rc == GRUNDY_OK && x != 0)
        rc = search_begin(g, &s, call);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    /* The first heap with a winning move: one whose value has the top bit
     * of x has one, but an earlier heap may have one that raises its value.
     * A heap whose first winning move has no index (past 2^64 - 2, behind
     * a block of some 10^19 splits into three) is passed over. */
    int beyond = 0, answer = 0;
    for (size_t i = 0; x != 0 && answer == 0 && i < n; i++) {
        rc = search_heap(g, &s, heaps[i], x, call);
        if (rc == 1) {
            moves[i] = s.first_win;
            answer = 1;
        }
        beyond |= rc == GRUNDY_ELIMIT;
        if (rc < 0 && rc != GRUNDY_ELIMIT)
            answer = rc;
    }
    grundy__free(&g->alloc, s.hit);
    return answer != 0 ? answer : beyond ? GRUNDY_ELIMIT : 0; /* the message is search_heap's */
}

int grundy_heap_game_sum_winning_moves(grundy_heap_game *g, int play, const uint64_t *heaps,
                                       size_t n, size_t *components, uint64_t *moves,
                                       size_t cap, size_t *count)
{
    static const char call[] = "grundy_heap_game_sum_winning_moves";
    if (count != NULL)
        *count = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (count == NULL || (moves == NULL && cap > 0))
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: %s is NULL", call,
                                 count == NULL ? "count" : "moves");
    int rc = sum_check(g, play, heaps, n, call);
    if (rc == 1) {
        grundy__wins w = {components, moves, cap, 0, 0};
        rc = grundy__heap_misere_wins(g, play, heaps, n, &w, call);
        if (rc == GRUNDY_OK)
            *count = w.count;
        return rc;
    }
    uint64_t x = 0;
    move_search s = {g, 0, 1, 0, 0, components, moves, cap, 0, NULL};
    if (rc == GRUNDY_OK)
        rc = sum_begin(g, heaps, n, &x);
    if (rc == GRUNDY_OK && x != 0)
        rc = search_begin(g, &s, call);
    for (size_t i = 0; rc == GRUNDY_OK && x != 0 && i < n; i++) {
        s.component = i;
        rc = search_heap(g, &s, heaps[i], x, call);
    }
    grundy__free(&g->alloc, s.hit);
    if (rc == GRUNDY_OK)
        *count = s.count;
    return rc;
}
