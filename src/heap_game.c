/* Heap games: the value sequence, its proved period, and winning moves.
 *
 * G(n) is the mex over every way of removing k tokens and leaving 0 to 3
 * heaps.  All option values are xors of earlier values, so if every value so
 * far is below a power of two P, so is every option value, and the mex is at
 * most P: a stamp array of P + 1 entries is exact.
 *
 * Period detection (Guy and Smith): with t the most tokens removed, if
 * G(n + p) = G(n) for n0 <= n < need(n0, p) - p, the period holds forever,
 * where need = n0 + p + t without splits, 2 n0 + 2p + t with two-heap
 * splits and 3 n0 + 3p + t with three-heap ones (a split's largest part is at
 * least a half, or a third, of the heap, so it lies in the periodic range once
 * the heap is past that bound).  Checks run at geometric checkpoints, so their
 * cost stays a small fraction of the computation. */
#include <string.h>

#include "heap_rules.h"
#include "mex.h"
#include "sum.h"

#define PROGRESS_WORK (1u << 24)  /* options between progress reports */
#define MAX_VALUES ((uint64_t)UINT32_MAX)

struct grundy_heap_game {
    grundy_allocator alloc;
    grundy__heap_rules rules;
    grundy_progress_fn progress;
    void *progress_user;
    int detect;

    uint32_t *val;
    uint64_t n, cap;     /* values computed; room */
    uint64_t pow2;       /* a power of two above every value */
    grundy__mex mex;
    uint64_t work;       /* options examined since the last report */
    uint64_t next_check;

    int periodic;
    uint64_t period, preperiod;
};

/* ---- creation ---------------------------------------------------------- */

static int heap_game_wrap(grundy_heap_game **out, grundy_allocator *a, grundy__heap_rules *r)
{
    grundy_heap_game *g = grundy__alloc_array(a, 1, sizeof *g);
    if (g == NULL) {
        grundy__heap_rules_free(r, a);
        return GRUNDY_ENOMEM;
    }
    memset(g, 0, sizeof *g);
    g->alloc = *a;
    g->rules = *r;
    g->detect = 1;
    g->pow2 = 1;
    g->next_check = 32;
    if (grundy__mex_init(&g->mex, a, 2) != GRUNDY_OK) {
        grundy_heap_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

/* The common start of the constructors: out cleared, allocator checked. */
static int begin_new(grundy_heap_game **out, const grundy_allocator *alloc, grundy_allocator *a)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    return grundy__alloc_init(a, alloc);
}

int grundy_heap_game_new(grundy_heap_game **out, const char *name, const grundy_allocator *alloc,
                         size_t *errpos)
{
    grundy_allocator a;
    int rc = begin_new(out, alloc, &a);
    if (rc != GRUNDY_OK)
        return rc;
    if (name == NULL)
        return GRUNDY_EINVAL;
    grundy__heap_rules r;
    rc = grundy__heap_rules_parse(name, &a, &r, errpos, NULL, 0);
    if (rc != GRUNDY_OK)
        return rc;
    return heap_game_wrap(out, &a, &r);
}

int grundy_heap_game_parse_error(const char *name, char *buf, size_t cap)
{
    if (name == NULL || buf == NULL || cap == 0)
        return GRUNDY_EINVAL;
    grundy_allocator a;
    grundy__alloc_init(&a, NULL);
    grundy__heap_rules r;
    size_t pos = 0;
    int rc = grundy__heap_rules_parse(name, &a, &r, &pos, buf, cap);
    if (rc == GRUNDY_OK)
        grundy__heap_rules_free(&r, &a);
    if (rc == GRUNDY_ENOMEM)
        buf[0] = '\0';
    return rc;
}

int grundy_heap_game_new_subtraction(grundy_heap_game **out, const uint32_t *set, size_t n,
                                     const grundy_allocator *alloc)
{
    grundy_allocator a;
    int rc = begin_new(out, alloc, &a);
    if (rc != GRUNDY_OK)
        return rc;
    if (set == NULL || n == 0)
        return GRUNDY_EINVAL;
    grundy__heap_rules r;
    rc = grundy__heap_rules_subtraction(set, n, &a, &r, NULL, 0);
    if (rc != GRUNDY_OK)
        return rc;
    return heap_game_wrap(out, &a, &r);
}

void grundy_heap_game_free(grundy_heap_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    grundy__heap_rules_free(&g->rules, &a);
    grundy__mex_free(&g->mex, &a);
    grundy__free(&a, g->val);
    grundy__free(&a, g);
}

void grundy_heap_game_set_progress(grundy_heap_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_heap_game_set_period_detection(grundy_heap_game *g, int on)
{
    if (g != NULL)
        g->detect = on != 0;
}

uint64_t grundy_heap_game_computed(const grundy_heap_game *g)
{
    return g ? g->n : 0;
}

/* ---- the sequence ------------------------------------------------------ */

/* Adds the values of every split of m tokens into `parts` non-empty heaps. */
static void add_splits(grundy_heap_game *g, uint64_t m, unsigned bits)
{
    const uint32_t *v = g->val;
    if ((bits & HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = 1; a <= half; a++)
            grundy__mex_add(&g->mex, v[a] ^ v[m - a]);
        g->work += half;
    }
    if ((bits & HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&g->mex, v[a] ^ v[b] ^ v[m - a - b]);
            g->work += m / 2;
        }
    }
}

/* G(n), every smaller value known. */
static uint32_t next_value(grundy_heap_game *g, uint64_t n)
{
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&g->mex);
    add_splits(g, n, r->digit[0]);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        unsigned d = r->digit[k];
        if ((d & HEAP_LEAVE_NONE) && n == k)
            grundy__mex_add(&g->mex, 0);
        if ((d & HEAP_LEAVE_ONE) && n > k)
            grundy__mex_add(&g->mex, g->val[n - k]);
        add_splits(g, n - k, d);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++) {
            if ((r->tail & HEAP_LEAVE_NONE) && n == k)
                grundy__mex_add(&g->mex, 0);
            if ((r->tail & HEAP_LEAVE_ONE) && n > k)
                grundy__mex_add(&g->mex, g->val[n - k]);
            add_splits(g, n - k, r->tail);
        }
        g->work += n;
    }
    g->work += r->nremovals + 1;
    return grundy__mex_end(&g->mex);
}

/* Whether every move only takes tokens, leaving nothing or one heap, with
 * both allowed for each amount (digits 0 and 3: a subtraction game). */
static int pure_subtraction(const grundy__heap_rules *r)
{
    if (r->digit[0] != 0)
        return 0;
    for (uint32_t i = 0; i < r->nremovals; i++) {
        if (r->digit[r->removals[i]] != (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE))
            return 0;
    }
    return 1;
}

/* Values needed to prove period p from n0 (saturating).  The proof moves p
 * tokens between an option of n + p and one of n; that option must stay a
 * non-empty heap, so the argument starts at n0 >= 1 unless taking a whole
 * heap and leaving a heap of 0 are the same move (subtraction games). */
static uint64_t proof_length(const grundy_heap_game *g, uint64_t n0, uint64_t p)
{
    uint64_t t = grundy__heap_rules_max_removal(&g->rules);
    uint64_t k = g->rules.max_parts < 2 ? 1 : g->rules.max_parts;
    if (n0 == 0 && !pure_subtraction(&g->rules))
        n0 = 1;
    if (n0 > UINT64_MAX / 8 || p > UINT64_MAX / 8 || t > UINT64_MAX / 2)
        return UINT64_MAX;
    return k * n0 + k * p + t;
}

static int theorem_applies(const grundy_heap_game *g)
{
    return g->rules.tail == 0 && !g->rules.unequal;
}

/* Looks for the least period provable from the values computed.
 *
 * Read backwards, the sequence is p-periodic for its first p + z[p] terms,
 * where z is the Z-function of the reversed sequence (z[p] = the longest
 * common prefix of it and its suffix from p).  So every candidate p gets its
 * least preperiod n0 = n - p - z[p] from one O(n) pass. */
static int check_period(grundy_heap_game *g)
{
    if (!theorem_applies(g) || g->n < 2)
        return 0;
    const uint32_t *v = g->val;
    size_t n = (size_t)g->n;
    uint32_t *z = grundy__alloc_array(&g->alloc, n, sizeof *z);
    if (z == NULL)
        return 0; /* no proof now; the next checkpoint tries again */
#define REV(i) v[n - 1 - (i)]
    size_t l = 0, r = 0;
    z[0] = (uint32_t)n;
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        if (i < r)
            k = r - i < z[i - l] ? r - i : z[i - l];
        while (i + k < n && REV(k) == REV(i + k))
            k++;
        z[i] = (uint32_t)k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
#undef REV
    int found = 0;
    for (size_t p = 1; p < n && proof_length(g, 0, p) <= n; p++) {
        uint64_t n0 = n - p - z[p];
        if (proof_length(g, n0, p) <= n) {
            g->periodic = 1;
            g->period = p;
            g->preperiod = n0;
            found = 1;
            break;
        }
    }
    grundy__free(&g->alloc, z);
    return found;
}

static int grow_mex(grundy_heap_game *g)
{
    grundy__mex m;
    int rc = grundy__mex_init(&m, &g->alloc, (size_t)(g->pow2 * 2 + 1));
    if (rc != GRUNDY_OK)
        return rc;
    grundy__mex_free(&g->mex, &g->alloc);
    g->mex = m;
    g->pow2 *= 2;
    return GRUNDY_OK;
}

/* Room for one more value: the table grows geometrically, so a count far
 * beyond what a proved period needs costs nothing. */
static int room_for_next(grundy_heap_game *g)
{
    if (g->n < g->cap)
        return GRUNDY_OK;
    if (g->n >= MAX_VALUES)
        return GRUNDY_ELIMIT;
    size_t cap = (size_t)g->cap;
    int rc = grundy__reserve(&g->alloc, (void **)&g->val, &cap, (size_t)g->n + 1, sizeof *g->val);
    g->cap = cap;
    return rc;
}

int grundy_heap_game_compute(grundy_heap_game *g, uint64_t count)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->periodic || count <= g->n)
        return GRUNDY_OK;
    /* Past the table's limit only a proved period can answer. */
    if (count > MAX_VALUES && !(g->detect && theorem_applies(g)))
        return GRUNDY_ELIMIT;
    int rc = GRUNDY_OK;
    if (g->mex.bound < g->pow2 + 1)
        rc = grow_mex(g);
    while (rc == GRUNDY_OK && g->n < count && (rc = room_for_next(g)) == GRUNDY_OK) {
        uint32_t v = next_value(g, g->n);
        if (v >= g->pow2 && (rc = grow_mex(g)) != GRUNDY_OK)
            break;
        g->val[g->n++] = v;
        if (g->detect && g->n >= g->next_check) {
            if (check_period(g))
                break;
            g->next_check = g->n + g->n / 4 + 16;
        }
        if (g->work >= PROGRESS_WORK) {
            g->work = 0;
            if (g->progress != NULL && g->progress(g->progress_user, g->n, count) != 0)
                rc = GRUNDY_ECANCELED;
        }
    }
    return rc;
}

/* G(heap) for a heap in the table or in the proved periodic range. */
static uint32_t known_value(const grundy_heap_game *g, uint64_t heap)
{
    if (heap < g->n)
        return g->val[heap];
    return g->val[g->preperiod + (heap - g->preperiod) % g->period];
}

int grundy_heap_game_value(grundy_heap_game *g, uint64_t heap, uint32_t *value)
{
    if (g == NULL || value == NULL)
        return GRUNDY_EINVAL;
    if (heap >= g->n && !g->periodic) {
        int rc = grundy_heap_game_compute(g, heap == UINT64_MAX ? heap : heap + 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    *value = known_value(g, heap);
    return GRUNDY_OK;
}

int grundy_heap_game_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                            uint64_t *preperiod)
{
    if (g == NULL || period == NULL || preperiod == NULL)
        return GRUNDY_EINVAL;
    if (!g->periodic && theorem_applies(g)) {
        int detect = g->detect;
        g->detect = 1;
        int rc = grundy_heap_game_compute(g, max);
        g->detect = detect;
        if (rc != GRUNDY_OK)
            return rc;
        if (!g->periodic)
            check_period(g);
    }
    if (!g->periodic)
        return 0;
    *period = g->period;
    *preperiod = g->preperiod;
    return 1;
}

/* ---- winning moves ----------------------------------------------------- */

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
    if (m >= g->n && g->periodic && half > g->preperiod + g->period)
        half = g->preperiod + g->period;
    for (uint64_t a = 1; a <= half; a++) {
        if (g->rules.unequal && 2 * a == m)
            continue;
        if ((known_value(g, a) ^ known_value(g, m - a)) == s->target) {
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
    if (m >= g->n && g->periodic)
        lim = g->preperiod + g->period;
    for (uint64_t a = 1; a <= lim && a + 2 <= m; a++) {
        for (uint64_t b = a; b <= lim && a + b < m; b++) {
            uint64_t c = m - a - b;
            if (m < g->n && c < b)
                break; /* within the table: a <= b <= c covers every split */
            if ((known_value(g, a) ^ known_value(g, b) ^ known_value(g, c)) == s->target) {
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
    if (k > 0 && (d & HEAP_LEAVE_ONE) && h > k && known_value(s->g, h - k) == s->target) {
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
    const heap_list *l = ctx;
    return known_value(l->g, l->heaps[i]);
}

int grundy_heap_game_outcome(grundy_heap_game *g, const uint64_t *heaps, size_t n)
{
    if (g == NULL || (heaps == NULL && n > 0))
        return GRUNDY_EINVAL;
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
