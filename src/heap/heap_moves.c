/* Heap games: sums of heaps, their values and winning moves.
 *
 * A move of a sum is winning when it leaves a sum of value 0: in heap i of
 * value v, with s the value of the whole sum, a move to an option worth
 * v ^ s.  The search walks the heap's move list block by block
 * (heap_order.c), so the index it reports is the one grundy_heap_game_move()
 * reads back. */
#include "heap/heap_game.h"

typedef struct move_search {
    const grundy_heap_game *g;
    uint32_t target;    /* the option value that wins */
    int every;          /* every winning move, not only the first */
    uint64_t first_win; /* !every: the index found */
    /* every: where the moves go (heap index, move), and how many there are */
    size_t component;
    size_t *components;
    uint64_t *moves;
    size_t cap, count;
} move_search;

/* The whole value of a heap an option leaves: under a saltus it may pass
 * 32 bits though the sum's heaps do not, and must then match no target. */
static uint64_t value_of(const move_search *s, uint64_t heap)
{
    return grundy__heap_value64(s->g, heap);
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

static int search_two(move_search *s, const grundy__heap_block *b, uint64_t first)
{
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

/* The heaps worth target among m - count + 1 .. m under an arithmetic
 * period with s > 0: at most one per residue class past the preperiod (the
 * values grow along it) and those below it, at index j = m - heap, in
 * increasing j.  Returns how many, or SIZE_MAX when more than cap (the
 * caller scans then). */
static size_t run_hits(const grundy_heap_game *g, uint64_t m, uint64_t count, uint32_t target,
                       uint64_t *hit, size_t cap)
{
    uint64_t low = m - (count - 1), e = g->preperiod, p = g->period, s = g->saltus;
    size_t n = 0;
    for (uint64_t h = low; h < e && h <= m; h++) {
        if (grundy__heap_value64(g, h) == target) {
            if (n == cap)
                return SIZE_MAX;
            hit[n++] = m - h;
        }
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
        if (n == cap)
            return SIZE_MAX;
        hit[n++] = m - h;
    }
    for (size_t a = 1; a < n; a++) { /* a few: insertion sort */
        uint64_t x = hit[a];
        size_t b = a;
        for (; b > 0 && hit[b - 1] > x; b--)
            hit[b] = hit[b - 1];
        hit[b] = x;
    }
    return n;
}

#define RUN_HITS 1024u /* heaps of one value (e + p at most) found by a jump, not a scan */

/* A run removes r, r + 1, ... leaving m, m - 1, ... down to none (worth 0,
 * as is the heap of 0).  Under a saltus a value is held by few heaps: they
 * are found from the period, not by walking a run as long as the heap. */
static int search_run(move_search *s, const grundy__heap_block *b, uint64_t first)
{
    const grundy_heap_game *g = s->g;
    uint64_t hit[RUN_HITS];
    size_t n;
    if (g->periodic && g->saltus != 0 && b->count > 4 * RUN_HITS &&
        g->preperiod + g->period <= RUN_HITS &&
        (n = run_hits(g, b->m, b->count, s->target, hit, RUN_HITS)) != SIZE_MAX) {
        for (size_t i = 0; i < n; i++) {
            int rc = found(s, first, hit[i]);
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

/* The winning moves of one heap of the sum (its value v, the sum's x). */
static int search_heap(grundy_heap_game *g, move_search *s, uint64_t heap, uint32_t x,
                       const char *call)
{
    s->target = grundy__heap_known_value(g, heap) ^ x;
    int rc = grundy__heap_each_block(&g->rules, heap, search_block, s);
    if (rc < 0)
        return grundy__heap_fail(g, rc, "%s: a winning move in a heap of %llu has an index "
                                 "past 2^64 - 2", call, (unsigned long long)heap);
    return rc;
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
 * (the table up to the largest heap, or a period), and xor them into *x. */
static int sum_begin(grundy_heap_game *g, const uint64_t *heaps, size_t n, uint32_t *x)
{
    int rc = GRUNDY_OK;
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    if (n > 0)
        rc = grundy__heap_ensure(g, largest);
    if (rc != GRUNDY_OK)
        return rc;
    *x = 0;
    for (size_t i = 0; i < n; i++) {
        /* Under a saltus the largest heap need not hold the largest value. */
        if (g->saltus != 0 && (rc = grundy__heap_ensure(g, heaps[i])) != GRUNDY_OK)
            return rc;
        *x ^= grundy__heap_known_value(g, heaps[i]);
    }
    return GRUNDY_OK;
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
    int rc = sum_check(g, play, heaps, n, "grundy_heap_game_sum_value");
    if (rc == 1)
        return grundy__heap_misere_sum(g, play, heaps, n, value, "grundy_heap_game_sum_value");
    return rc != GRUNDY_OK ? rc : sum_begin(g, heaps, n, value);
}

int grundy_heap_game_sum_outcome(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    uint32_t x = 0;
    int rc = sum_check(g, play, heaps, n, "grundy_heap_game_sum_outcome");
    if (rc == 1)
        rc = grundy__heap_misere_sum(g, play, heaps, n, &x, "grundy_heap_game_sum_outcome");
    else if (rc == GRUNDY_OK)
        rc = sum_begin(g, heaps, n, &x);
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
    uint32_t x;
    if (rc == GRUNDY_OK)
        rc = sum_begin(g, heaps, n, &x);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    /* The first heap with a winning move: one whose value has the top bit
     * of x has one, but an earlier heap may have one that raises its value.
     * A heap whose first winning move has no index (past 2^64 - 2, behind
     * a block of some 10^19 splits into three) is passed over. */
    move_search s = {g, 0, 0, 0, 0, NULL, NULL, 0, 0};
    int beyond = 0;
    for (size_t i = 0; x != 0 && i < n; i++) {
        rc = search_heap(g, &s, heaps[i], x, call);
        if (rc == 1) {
            moves[i] = s.first_win;
            return 1;
        }
        beyond |= rc == GRUNDY_ELIMIT;
        if (rc < 0 && rc != GRUNDY_ELIMIT)
            return rc;
    }
    return beyond ? GRUNDY_ELIMIT : 0; /* the message is search_heap's */
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
    uint32_t x = 0;
    if (rc == GRUNDY_OK)
        rc = sum_begin(g, heaps, n, &x);
    move_search s = {g, 0, 1, 0, 0, components, moves, cap, 0};
    for (size_t i = 0; rc == GRUNDY_OK && x != 0 && i < n; i++) {
        s.component = i;
        rc = search_heap(g, &s, heaps[i], x, call);
    }
    if (rc == GRUNDY_OK)
        *count = s.count;
    return rc;
}
