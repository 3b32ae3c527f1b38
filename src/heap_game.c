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

/* Values needed to prove period p from n0 (saturating). */
static uint64_t proof_length(const grundy_heap_game *g, uint64_t n0, uint64_t p)
{
    uint64_t t = grundy__heap_rules_max_removal(&g->rules);
    uint64_t k = g->rules.max_parts < 2 ? 1 : g->rules.max_parts;
    if (n0 > UINT64_MAX / 8 || p > UINT64_MAX / 8 || t > UINT64_MAX / 2)
        return UINT64_MAX;
    return k * n0 + k * p + t;
}

static int theorem_applies(const grundy_heap_game *g)
{
    return g->rules.tail == 0 && !g->rules.unequal;
}

/* Looks for the least period provable from the values computed. */
static int check_period(grundy_heap_game *g)
{
    if (!theorem_applies(g))
        return 0;
    const uint32_t *v = g->val;
    uint64_t n = g->n;
    for (uint64_t p = 1; p < n && proof_length(g, 0, p) <= n; p++) {
        uint64_t last = n - 1;
        while (last >= p && v[last] == v[last - p])
            last--;
        uint64_t n0 = last >= p ? last - p + 1 : 0;
        if (proof_length(g, n0, p) <= n) {
            g->periodic = 1;
            g->period = p;
            g->preperiod = n0;
            return 1;
        }
    }
    return 0;
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

int grundy_heap_game_compute(grundy_heap_game *g, uint64_t count)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->periodic || count <= g->n)
        return GRUNDY_OK;
    if (count > MAX_VALUES)
        return GRUNDY_ELIMIT;
    size_t cap = (size_t)g->cap;
    int rc = grundy__reserve(&g->alloc, (void **)&g->val, &cap, (size_t)count, sizeof *g->val);
    if (rc != GRUNDY_OK)
        return rc;
    g->cap = cap;
    if (g->mex.bound < g->pow2 + 1 && (rc = grow_mex(g)) != GRUNDY_OK)
        return rc;
    while (g->n < count) {
        uint32_t v = next_value(g, g->n);
        if (v >= g->pow2 && (rc = grow_mex(g)) != GRUNDY_OK)
            return rc;
        g->val[g->n++] = v;
        if (g->detect && g->n >= g->next_check) {
            if (check_period(g))
                return GRUNDY_OK;
            g->next_check = g->n + g->n / 4 + 16;
        }
        if (g->work >= PROGRESS_WORK) {
            g->work = 0;
            if (g->progress != NULL && g->progress(g->progress_user, g->n, count) != 0)
                return GRUNDY_ECANCELED;
        }
    }
    return GRUNDY_OK;
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
        if (heap >= MAX_VALUES)
            return GRUNDY_ELIMIT;
        int rc = grundy_heap_game_compute(g, heap + 1);
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

static int find_split3(const move_search *s, uint64_t m)
{
    for (uint64_t a = 1; 3 * a <= m; a++) {
        for (uint64_t b = a; a + 2 * b <= m; b++) {
            if ((known_value(s->g, a) ^ known_value(s->g, b) ^ known_value(s->g, m - a - b)) ==
                s->target) {
                s->left[0] = a;
                s->left[1] = b;
                s->left[2] = m - a - b;
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
    /* Three-heap splits of a heap past the table would need every split. */
    if (h >= g->n && g->rules.max_parts == 3)
        return GRUNDY_ELIMIT;
    move_search s = {g, target, left, nleft};
    return find_move(&s, h);
}
