/* Heap games: the handle and its settings.
 *
 * A heap game is made of one file per concern, around the handle of
 * heap_game.h: this one creates and configures it; heap_compute.c computes
 * the value sequence, with the sparse-space method of heap_sparse.c and the
 * two lanes of heap_threads.c; heap_period.c proves periods, and
 * heap_moves.c finds winning moves. */
#include <string.h>

#include "heap/heap_game.h"

#define FIRST_MASK_CHOICE 256u    /* values computed plainly before a mask is chosen */

static void lane_free(grundy__heap_lane *L, const grundy_allocator *a)
{
    grundy__mex_free(&L->mex, a);
    grundy__free(a, L->want);
    L->want = NULL;
}

/* Scratch for values below bound - 1; the wanted-value table needs twice
 * that: c, the least common value missing, is below 2 * pow2 (the mask has
 * no bit at pow2 or above, so pow2 + its lowest bit is common). */
int grundy__heap_lane_init(grundy__heap_lane *L, const grundy_allocator *a, size_t bound)
{
    grundy__heap_lane fresh;
    memset(&fresh, 0, sizeof fresh);
    if (grundy__mex_init(&fresh.mex, a, bound) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    fresh.want = (unsigned char *)grundy__calloc_array(a, 2 * bound, 1);
    if (fresh.want == NULL) {
        grundy__mex_free(&fresh.mex, a);
        return GRUNDY_ENOMEM;
    }
    fresh.work = L->work;
    lane_free(L, a);
    *L = fresh;
    return GRUNDY_OK;
}

static int heap_game_wrap(grundy_heap_game **out, grundy_allocator *a, grundy__heap_rules *r)
{
    grundy_heap_game *g = (grundy_heap_game *)grundy__alloc_array(a, 1, sizeof *g);
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
    g->sparse_allowed = 1;
    g->next_choice = FIRST_MASK_CHOICE;
    g->vals.width = 1;
    g->scan8 = grundy__scan8_best();
    g->scan16 = grundy__scan16_best();
    g->scan_bits = grundy__scan_bits_best();
    g->scan_bits8 = grundy__scan_bits8_best();
    /* The amounts whose removal may leave two heaps, for the sparse method. */
    g->split_k = (uint32_t *)grundy__alloc_array(a, (size_t)r->ndigits, sizeof *g->split_k);
    for (uint32_t k = 0; g->split_k != NULL && k < r->ndigits; k++) {
        if (r->digit[k] & HEAP_LEAVE_TWO)
            g->split_k[g->nsplit++] = k;
    }
    g->threads = 1;
    g->lanes_backoff = 1;
    if (g->split_k == NULL || grundy__heap_lane_init(&g->lane[0], a, 2) != GRUNDY_OK) {
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
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++)
        lane_free(&g->lane[i], &a);
    grundy__values_free(&g->vals, &a);
    grundy__free(&a, g->rare);
    grundy__free(&a, g->split_k);
    grundy__free(&a, g->hist);
    grundy__free(&a, g);
}

void grundy_heap_game_set_progress(grundy_heap_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_heap_game_set_threads(grundy_heap_game *g, unsigned threads)
{
    if (g != NULL && !g->reporting)
        g->threads = threads == 0 ? 1 : threads > GRUNDY__HEAP_LANES ? GRUNDY__HEAP_LANES : threads;
}

void grundy_heap_game_set_sparse(grundy_heap_game *g, int on)
{
    if (g == NULL || g->reporting)
        return;
    g->sparse_allowed = on != 0;
    if (!g->sparse_allowed)
        g->sparse_active = 0;
    else
        g->next_choice = g->vals.n; /* choose a mask at the next value */
}

void grundy_heap_game_set_period_detection(grundy_heap_game *g, int on)
{
    if (g != NULL && !g->reporting)
        g->detect = on != 0;
}

uint64_t grundy_heap_game_computed(const grundy_heap_game *g)
{
    return g ? g->vals.n : 0;
}
