/* SPDX-License-Identifier: MIT */
/* Heap games: the proved period.
 *
 * Period detection (Guy and Smith): with t the most tokens removed, if
 * G(n + p) = G(n) for n0 <= n < need(n0, p) - p, the period holds forever,
 * where need = n0 + p + t without splits, 2 n0 + 2p + t with two-heap
 * splits and 3 n0 + 3p + t with three-heap ones (a split's largest part is at
 * least a half, or a third, of the heap, so it lies in the periodic range once
 * the heap is past that bound).  Checks run at geometric checkpoints, so their
 * cost stays a small fraction of the computation. */
#include "heap/heap_game.h"

/* Whether every move only takes tokens, leaving nothing or one heap, with
 * both allowed for each amount (digits 0 and 3: a subtraction game). */
static int pure_subtraction(const grundy__heap_rules *r)
{
    if (grundy__heap_rules_digit(r, 0) != 0)
        return 0;
    for (uint32_t i = 0; i < r->nremovals; i++) {
        if (grundy__heap_rules_removal_digit(r, i) != (HEAP_LEAVE_NONE | HEAP_LEAVE_ONE))
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

int grundy__heap_theorem_applies(const grundy_heap_game *g)
{
    return g->rules.tail == 0 && !g->rules.unequal;
}

/* z[0 .. n): the Z-function of the n values of v read backwards, z[i] the
 * longest common prefix of that sequence and its suffix from i. */
static void reversed_z(const grundy__values *v, size_t n, uint32_t *z)
{
#define REV(i) grundy__values_get(v, n - 1 - (i))
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
}

/* Read backwards, the sequence is p-periodic for its first p + z[p] terms.
 * So every candidate p gets its least preperiod n0 = n - p - z[p] from one
 * O(n) pass. */
int grundy__heap_check_period(grundy_heap_game *g)
{
    if (!grundy__heap_theorem_applies(g) || g->vals.n < 2)
        return 0;
    size_t n = (size_t)g->vals.n;
    uint32_t *z = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *z);
    if (z == NULL)
        return GRUNDY_ENOMEM; /* while computing: the next checkpoint tries again */
    reversed_z(&g->vals, n, z);
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

int grundy_heap_game_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                            uint64_t *preperiod)
{
    static const char call[] = "grundy_heap_game_period";
    if (period != NULL)
        *period = 0;
    if (preperiod != NULL)
        *preperiod = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (period == NULL || preperiod == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: %s is NULL", call,
                                 period == NULL ? "period" : "preperiod");
    int rc = grundy__heap_ready(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_prove(g, max, call);
    if (rc != GRUNDY_OK)
        return rc;
    if (!g->periodic || g->saltus != 0)
        return 0;
    *period = g->period;
    *preperiod = g->preperiod;
    return 1;
}
