/* SPDX-License-Identifier: MIT */
/* Misère quotients: the handle, and the computation heap by heap.
 *
 * For heap n the quotient of heaps 0 .. n - 1 is tried first as it is,
 * with Φ(n) an element of the right outcome (a conservative extension,
 * verified).  Otherwise it grows: the trial product of the quotient with a
 * new cyclic generator for n, its P-portion marked, reduced, verified; on a
 * failing sum, the fewest heaps of that sum that put it right take cyclic
 * generators of their own, of an index that counts their copies in it, and
 * so on until the verifier passes (recalibration).  Nothing the
 * verifier has not passed is ever kept. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "quotient/quotient.h"

#define MAX_ATTEMPTS 1000u    /* recalibrations at one heap before giving up */
#define MAX_CYCLIC 4096u     /* elements of a trial's cyclic part */
#define MAX_SUBSET_HEAPS 8u  /* failing words with more distinct heaps refine them all */

int grundy__qfail(grundy_quotient *q, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(q->errmsg, sizeof q->errmsg, fmt, ap);
    va_end(ap);
    return rc;
}

int grundy__qready(grundy_quotient *q, const char *call)
{
    if (q->reporting)
        return grundy__qfail(q, GRUNDY_ESTATE, "%s: called from the quotient's own progress "
                             "or trace callback", call);
    return GRUNDY_OK;
}

/* Heap 0 (no move, the identity) over the trivial quotient {1}, P empty. */
static int trivial(grundy__qpre *p, const grundy_allocator *a)
{
    memset(p, 0, sizeof *p);
    p->m.n = 1;
    p->m.act = (uint32_t *)grundy__calloc_array(a, 1, sizeof *p->m.act);
    p->m.p = (uint64_t *)grundy__calloc_array(a, 1, sizeof *p->m.p);
    if (p->m.act == NULL || p->m.p == NULL || grundy__qmon_finish(&p->m, 1, a) != GRUNDY_OK ||
        grundy__qvec_push(a, &p->phi, 0) ||
        grundy__qvec_push(a, &p->act_of, GRUNDY__Q_NONE) || grundy__qpre_words(p, a) ||
        grundy__qpresent(p, a)) {
        grundy__qpre_free(p, a);
        return GRUNDY_ENOMEM;
    }
    return GRUNDY_OK;
}

int grundy_quotient_new(grundy_quotient **out, const grundy_heap_game *game,
                        const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    if (game == NULL)
        return GRUNDY_EINVAL;
    if (!game->has_rules)
        return GRUNDY_ESTATE;
    int rc;
    grundy_quotient *q = (grundy_quotient *)grundy__handle_new(sizeof *q, alloc, &rc);
    if (q == NULL)
        return rc;
    if (grundy__heap_rules_copy(&game->rules, &q->alloc, &q->rules) != GRUNDY_OK) {
        grundy__free(&q->alloc, q);
        return GRUNDY_ENOMEM;
    }
    q->full_max = GRUNDY__Q_FULL_ORDER;
    if (trivial(&q->pre, &q->alloc) != GRUNDY_OK) {
        grundy__heap_rules_free(&q->rules, &q->alloc);
        grundy__free(&q->alloc, q);
        return GRUNDY_ENOMEM;
    }
    const grundy__heap_rules *r = &q->rules;
    /* The misère periodicity theorem (Plambeck-Siegel) is for finite
     * octal games: at most two heaps left, a last digit, no tail. */
    q->provable = r->digit != NULL && r->ndigits > 0 && r->tail == 0 && !r->unequal &&
                  r->max_parts <= 2;
    q->last_digit = r->ndigits > 0 ? r->ndigits - 1u : 0;
    *out = q;
    return GRUNDY_OK;
}

void grundy_quotient_free(grundy_quotient *q)
{
    if (q == NULL)
        return;
    grundy_allocator a = q->alloc;
    grundy__qpre_free(&q->pre, &a);
    grundy__qstore_free(&q->store, &a);
    grundy__heap_rules_free(&q->rules, &a);
    grundy__free(&a, q);
}

const char *grundy_quotient_errmsg(const grundy_quotient *q)
{
    return q != NULL ? q->errmsg : "";
}

void grundy_quotient_set_progress(grundy_quotient *q, grundy_progress_fn fn, void *user)
{
    if (q == NULL || q->reporting)
        return;
    q->progress = fn;
    q->progress_user = user;
}

void grundy_quotient_set_trace(grundy_quotient *q, grundy_quotient_trace_fn fn, void *user)
{
    if (q == NULL || q->reporting)
        return;
    q->trace = fn;
    q->trace_user = user;
}

void grundy_quotient_set_memory_limit(grundy_quotient *q, size_t bytes)
{
    if (q != NULL && !q->reporting)
        q->limit = bytes;
}

uint64_t grundy_quotient_heaps(const grundy_quotient *q)
{
    return q != NULL ? q->pre.phi.n : 0;
}

int grundy_quotient_solved(const grundy_quotient *q, uint64_t *period, uint64_t *preperiod)
{
    int s = q != NULL && q->solved;
    if (period != NULL)
        *period = s ? q->period : 0;
    if (preperiod != NULL)
        *preperiod = s ? q->preperiod : 0;
    return s;
}

int grundy_quotient_provable(const grundy_quotient *q)
{
    return q != NULL && q->provable;
}

int grundy__qphi(const grundy_quotient *q, uint64_t heap, uint32_t *x)
{
    if (heap < q->pre.phi.n) {
        *x = q->pre.phi.v[heap];
        return 1;
    }
    if (!q->solved)
        return 0;
    *x = q->pre.phi.v[q->preperiod + (heap - q->preperiod) % q->period];
    return 1;
}

void grundy__qcheck_period(grundy_quotient *q)
{
    if (!q->provable || q->solved)
        return;
    const uint32_t *phi = q->pre.phi.v;
    uint64_t len_phi = q->pre.phi.n, k = q->last_digit;
    for (uint64_t p = 1; 2 * p + k + 2 <= len_phi; p++) {
        uint64_t e = len_phi - p; /* the least e with phi[m] = phi[m + p] for e <= m < L - p */
        while (e > 0 && phi[e - 1] == phi[e - 1 + p])
            e--;
        /* The window counts from past the last growth of the quotient too. */
        uint64_t from = q->pre.last_expansion != 0 && q->pre.last_expansion >= e
                            ? q->pre.last_expansion + 1 : e;
        if (2 * from + 2 * p + k + 2 > len_phi)
            continue;
        q->solved = 1;
        q->period = p;
        q->preperiod = e;
        return;
    }
}

/* ---- one heap ----------------------------------------------------------------- */

static uint32_t trial_mul(const void *ctx, uint32_t x, uint32_t y)
{
    return grundy__qtrial_mul((const grundy__qtrial *)ctx, x, y);
}

/* The refined heaps of a trial, with the index of each one's cyclic generator. */
typedef struct refine_set {
    uint32_t heap[32];
    uint32_t idx[32];
    size_t n;
} refine_set;

/* Builds the pretension of heaps 0 .. n from the monoid base (Φ of heap h
 * base_phi[h]) times the cyclic generators of refs, into *out: a heap of
 * refs takes its own generator alone, the others keep their element of
 * base, so the base part is the submonoid those generate (as MisereSolver
 * regenerates it), and the trial stays small. */
static int build(grundy_quotient *q, const grundy__qmon *base, const uint32_t *base_phi,
                 const refine_set *refs, uint32_t n, grundy__qpre *out)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qtrial t;
    memset(&t, 0, sizeof t);
    memset(out, 0, sizeof *out);
    uint32_t *phi = NULL, *dense = NULL, *stamp = NULL, *tlen = NULL, *gens = NULL, *cls = NULL;
    size_t *toff = NULL;
    unsigned char *pflag = NULL;
    grundy__qvec pool, order;
    memset(&pool, 0, sizeof pool);
    memset(&order, 0, sizeof order);
    size_t total = 0, nheaps = (size_t)n + 1, ngens = 0;
    int rc = grundy__qtrial_init(&t, base, refs->idx, refs->n, MAX_CYCLIC, a);
    if (rc != GRUNDY_OK)
        goto done;
    total = (size_t)base->n * t.nc;
    if (total > GRUNDY__Q_MAX_TRIAL || (q->limit != 0 && total * 12 > q->limit)) {
        rc = GRUNDY_ELIMIT;
        goto done;
    }
    rc = GRUNDY_ENOMEM;
    phi = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *phi);
    tlen = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *tlen);
    toff = (size_t *)grundy__alloc_array(a, nheaps, sizeof *toff);
    gens = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *gens);
    dense = (uint32_t *)grundy__alloc_array(a, total, sizeof *dense);
    stamp = (uint32_t *)grundy__calloc_array(a, total, sizeof *stamp);
    if (phi == NULL || tlen == NULL || toff == NULL || gens == NULL || dense == NULL ||
        stamp == NULL)
        goto done;
    for (uint32_t h = 0; h <= n; h++) {
        uint32_t c = 0, radix = 1;
        for (size_t j = 0; j < refs->n; j++) {
            if (refs->heap[j] == h)
                c += radix;
            radix *= refs->idx[j] + 2;
        }
        phi[h] = (c != 0 ? 0 : base_phi[h]) * t.nc + c;
    }
    for (uint32_t h = 0; h <= n; h++) {
        toff[h] = pool.n;
        rc = grundy__qtransitions(&q->rules, h, trial_mul, &t, phi, 0, a, &pool, stamp, 2 * h + 1);
        if (rc != GRUNDY_OK)
            goto done;
        tlen[h] = (uint32_t)(pool.n - toff[h]);
        if (tlen[h] == 0)
            phi[h] = 0; /* no move: the empty heap */
        if (phi[h] != 0) {
            int seen = 0;
            for (size_t j = 0; j < ngens && !seen; j++)
                seen = gens[j] == phi[h];
            if (!seen)
                gens[ngens++] = phi[h];
        }
    }
    rc = grundy__qmark(&t, phi, toff, tlen, pool.v, nheaps, q->limit, a, &order, dense, &pflag);
    if (rc != GRUNDY_OK)
        goto done;
    rc = GRUNDY_ENOMEM;
    cls = (uint32_t *)grundy__alloc_array(a, order.n, sizeof *cls);
    if (cls == NULL)
        goto done;
    rc = grundy__qreduce(&t, order.v, dense, pflag, order.n, gens, ngens, q->limit, q->full_max,
                         a, cls, &out->m);
    if (rc != GRUNDY_OK)
        goto done;
    rc = grundy__qvec_reserve(a, &out->phi, nheaps);
    if (rc != GRUNDY_OK)
        goto done;
    for (uint32_t h = 0; h <= n; h++)
        out->phi.v[h] = cls[dense[phi[h]]];
    out->phi.n = nheaps;
    out->last_expansion = n;
    rc = grundy__qpre_actions(out, &q->rules, a);
    if (rc == GRUNDY_OK)
        rc = grundy__qpre_words(out, a);
done:
    if (rc != GRUNDY_OK)
        grundy__qpre_free(out, a);
    grundy__qtrial_free(&t, a);
    grundy__qvec_free(a, &pool);
    grundy__qvec_free(a, &order);
    grundy__free(a, phi);
    grundy__free(a, tlen);
    grundy__free(a, toff);
    grundy__free(a, gens);
    grundy__free(a, dense);
    grundy__free(a, stamp);
    grundy__free(a, cls);
    grundy__free(a, pflag);
    return rc;
}

static unsigned popcount(unsigned m)
{
    unsigned c = 0;
    for (; m != 0; m &= m - 1)
        c++;
    return c;
}

/* The index of x: the least i with x^i = x^(i + r) for some r >= 1. */
static uint32_t cyclic_index(const grundy__qmon *m, uint32_t x)
{
    uint32_t pw[64];
    pw[0] = 0;
    for (uint32_t j = 1; j < 64; j++) {
        pw[j] = grundy__qmon_mul(m, pw[j - 1], x);
        for (uint32_t i = 0; i < j; i++)
            if (pw[i] == pw[j])
                return i;
    }
    return 62;
}

/* The heaps of subset `mask` of the word's distinct heaps, each given a
 * cyclic generator of period 2 whose index counts its copies in the word
 * and is no less than that of its element now (plus `more`). */
static void refinement(const grundy__qpre *p, const grundy__qword *failw,
                       const uint32_t *distinct, size_t nd, unsigned mask, uint32_t more,
                       refine_set *out)
{
    out->n = 0;
    for (size_t i = 0; i < nd && out->n < 32; i++) {
        if (!(mask & (1u << i)))
            continue;
        uint32_t h = distinct[i], e = 0;
        for (size_t j = 0; j < failw->n; j++)
            e += failw->v[j] == h;
        uint32_t idx = e > 3 ? e - 1 : 2, old = cyclic_index(&p->m, p->phi.v[h]);
        out->heap[out->n] = h;
        out->idx[out->n++] = (old > idx ? old : idx) + more;
    }
}

/* The progress callback, between heaps and between the attempts at one
 * heap (done: the heaps finished): 1 to go on, or GRUNDY_ECANCELED. */
static int report(grundy_quotient *q, uint64_t done)
{
    if (q->progress == NULL)
        return 1;
    q->reporting = 1;
    int stop = q->progress(q->progress_user, done, q->target == UINT64_MAX ? 0 : q->target + 1);
    q->reporting = 0;
    if (stop == 0)
        return 1;
    return grundy__qfail(q, GRUNDY_ECANCELED, "the progress callback stopped the computation "
                         "after heap %llu", (unsigned long long)(done - 1));
}

/* The trace callback, for a trial of heap n verified: failw the sum it
 * fails on, or NULL when it passed.  GRUNDY_OK or GRUNDY_ENOMEM. */
static int trace(grundy_quotient *q, uint32_t n, const grundy__qpre *p, const grundy__qword *failw)
{
    if (q->trace == NULL)
        return GRUNDY_OK;
    uint64_t *heaps = NULL;
    size_t count = failw != NULL ? failw->n : 0;
    if (count > 0) {
        heaps = (uint64_t *)grundy__calloc_array(&q->alloc, count, sizeof *heaps);
        if (heaps == NULL)
            return GRUNDY_ENOMEM;
        for (size_t j = 0; j < count; j++)
            heaps[j] = failw->v[j];
    }
    q->reporting = 1;
    q->trace(q->trace_user, n, p->m.n, p->m.np, heaps, count);
    q->reporting = 0;
    grundy__free(&q->alloc, heaps);
    return GRUNDY_OK;
}

static int limit_message(grundy_quotient *q, int rc, uint32_t n)
{
    if (rc == GRUNDY_ENOMEM)
        return grundy__qfail(q, rc, "out of memory growing the quotient at heap %lu",
                             (unsigned long)n);
    if (rc == GRUNDY_ELIMIT && q->limit != 0)
        return grundy__qfail(q, rc, "the quotient at heap %lu needs more than the memory "
                             "limit of %zu bytes (or more than %u elements, trial products "
                             "of %u, cyclic parts of %u)", (unsigned long)n, q->limit,
                             GRUNDY__Q_MAX_ORDER, GRUNDY__Q_MAX_TRIAL, MAX_CYCLIC);
    if (rc == GRUNDY_ELIMIT)
        return grundy__qfail(q, rc, "the quotient at heap %lu grows past the largest the "
                             "library computes (%u elements, trial products of %u, cyclic "
                             "parts of %u)", (unsigned long)n, GRUNDY__Q_MAX_ORDER,
                             GRUNDY__Q_MAX_TRIAL, MAX_CYCLIC);
    return rc;
}

/* Verifies p from scratch; 0 and its closure in *s, 1 with a failing word, or a status. */
static int verify_all(grundy_quotient *q, const grundy__qpre *p, grundy__qstore *s,
                      grundy__qword *failw)
{
    memset(s, 0, sizeof *s);
    int rc = grundy__qverify(p, s, 0, q->limit, &q->alloc, failw);
    if (rc != 0)
        grundy__qstore_free(s, &q->alloc);
    return rc;
}

static void adopt(grundy_quotient *q, grundy__qpre *p, grundy__qstore *s)
{
    grundy__qpre_free(&q->pre, &q->alloc);
    grundy__qstore_free(&q->store, &q->alloc);
    q->pre = *p;
    q->store = *s;
}

/* Heap n by a larger quotient: expand, then recalibrate until verified.
 * Each recalibration refines the pretension that failed (reduced), so the
 * trials stay the size of the quotient times a few cyclic factors. */
static int expand(grundy_quotient *q, uint32_t n)
{
    const grundy_allocator *a = &q->alloc;
    refine_set refs;
    refs.n = 1;
    refs.heap[0] = n;
    refs.idx[0] = 2;
    grundy__qpre p, trial;
    grundy__qstore s;
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    /* Φ(n) starts as the identity of the old quotient, times the new generator. */
    q->pre.phi.v[n] = 0;
    int rc = build(q, &q->pre.m, q->pre.phi.v, &refs, n, &p);
    for (unsigned attempt = 0; rc == GRUNDY_OK; attempt++) {
        rc = verify_all(q, &p, &s, &failw);
        if (rc == 0 && ((rc = grundy__qpresent(&p, a)) != GRUNDY_OK ||
                        (rc = trace(q, n, &p, NULL)) != GRUNDY_OK))
            grundy__qstore_free(&s, a);
        if (rc == 1) {
            int t = trace(q, n, &p, &failw);
            if (t != GRUNDY_OK)
                rc = t;
        }
        if (rc == 0) {
            adopt(q, &p, &s);
            grundy__qvec_free(a, &failw);
            return GRUNDY_OK;
        }
        if (rc != 1) {
            grundy__qpre_free(&p, a);
            break;
        }
        if (attempt == MAX_ATTEMPTS || (rc = report(q, n)) != 1) {
            size_t heaps = failw.n;
            grundy__qpre_free(&p, a);
            grundy__qvec_free(a, &failw);
            if (rc != 1)
                return rc;
            return grundy__qfail(q, GRUNDY_ELIMIT, "the quotient at heap %lu could not be "
                                 "recalibrated in %u attempts (the sum of %zu heaps last "
                                 "failing verification)", (unsigned long)n, MAX_ATTEMPTS, heaps);
        }
        /* Refine the fewest heaps of the failing word that make it right. */
        uint32_t distinct[32];
        size_t nd = 0;
        for (size_t j = 0; j < failw.n && nd < 32; j++)
            if (j == 0 || failw.v[j] != failw.v[j - 1])
                distinct[nd++] = failw.v[j];
        int found = 0;
        unsigned all = nd >= 32 ? 0xffffffffu : (1u << nd) - 1;
        if (nd <= MAX_SUBSET_HEAPS) {
            for (unsigned size = 1; size <= nd && !found && rc == 1; size++) {
                for (unsigned mask = 1; mask <= all && !found; mask++) {
                    if (popcount(mask) != size)
                        continue;
                    if ((rc = report(q, n)) != 1)
                        break; /* cancelled: rc is GRUNDY_ECANCELED */
                    refinement(&p, &failw, distinct, nd, mask, 0, &refs);
                    rc = build(q, &p.m, p.phi.v, &refs, n, &trial);
                    if (rc == GRUNDY_ELIMIT) {
                        rc = 1; /* too large: another subset may do */
                        continue;
                    }
                    if (rc != GRUNDY_OK)
                        break;
                    rc = 1;
                    if (grundy__qword_consistent(&trial, failw.v, failw.n))
                        found = 1;
                    else
                        grundy__qpre_free(&trial, a);
                }
            }
        }
        if (!found && rc == 1) {
            refinement(&p, &failw, distinct, nd, all, 1, &refs);
            rc = build(q, &p.m, p.phi.v, &refs, n, &trial);
        } else if (found) {
            rc = GRUNDY_OK;
        }
        grundy__qpre_free(&p, a);
        if (rc == GRUNDY_OK)
            p = trial;
    }
    grundy__qvec_free(a, &failw);
    return limit_message(q, rc, n);
}

/* Tries Φ(n) = x for each element x of the right outcome, by verifying
 * only the sums with heap n: 1 when one passes (kept), 0, or a status. */
static int conservative(grundy_quotient *q, uint32_t n, const grundy__qvec *trans, int is_p)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qpre *p = &q->pre;
    uint32_t order = p->m.n, id;
    /* The transitions go in as an action whose element is each candidate in turn. */
    size_t nact = p->nact, npool = p->tpool.n, nstates = q->store.elem.n;
    int rc = grundy__qpre_add_action(p, a, GRUNDY__Q_NONE, trans->v, trans->n, n, &id);
    if (rc != GRUNDY_OK)
        return rc;
    unsigned char *tried = (unsigned char *)grundy__calloc_array(a, order, 1);
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    if (tried == NULL) {
        rc = GRUNDY_ENOMEM;
        goto undo;
    }
    /* Recent heaps' elements first: a periodic Φ repeats them. */
    for (size_t i = 0; i < (size_t)n + order; i++) {
        uint32_t x = i < n ? p->phi.v[n - 1 - i] : (uint32_t)(i - n);
        if (tried[x] || grundy__qmon_is_p(&p->m, x) != is_p)
            continue;
        tried[x] = 1;
        p->act[id].g = x;
        rc = grundy__qverify(p, &q->store, id, q->limit, a, &failw);
        if (rc == 0) {
            if (grundy__qvec_push(a, &p->phi, x) || grundy__qvec_push(a, &p->act_of, id)) {
                p->phi.n = n;
                rc = GRUNDY_ENOMEM;
                break;
            }
            grundy__free(a, tried);
            grundy__qvec_free(a, &failw);
            return 1;
        }
        grundy__qstore_truncate(&q->store, nstates);
        if (rc != 1)
            break;
        rc = 0;
    }
undo:
    grundy__qstore_truncate(&q->store, nstates);
    p->nact = nact;
    p->tpool.n = npool;
    grundy__free(a, tried);
    grundy__qvec_free(a, &failw);
    return rc;
}

static int next_heap(grundy_quotient *q)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qpre *p = &q->pre;
    uint32_t n = (uint32_t)p->phi.n;
    if (grundy__qvec_reserve(a, &p->phi, (size_t)n + 1) ||
        grundy__qvec_reserve(a, &p->act_of, (size_t)n + 1))
        return grundy__qfail(q, GRUNDY_ENOMEM, "out of memory at heap %lu", (unsigned long)n);
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, p->m.n, sizeof *stamp);
    grundy__qvec trans;
    memset(&trans, 0, sizeof trans);
    int rc = stamp == NULL ? GRUNDY_ENOMEM
                           : grundy__qtransitions(&q->rules, n, grundy__qmon_mul_fn, &p->m, p->phi.v, 0, a,
                                                  &trans, stamp, 1);
    grundy__free(a, stamp);
    if (rc != GRUNDY_OK) {
        grundy__qvec_free(a, &trans);
        return grundy__qfail(q, GRUNDY_ENOMEM, "out of memory at heap %lu", (unsigned long)n);
    }
    if (trans.n == 0) { /* no move: the same as no heap */
        p->phi.v[p->phi.n++] = 0;
        p->act_of.v[p->act_of.n++] = GRUNDY__Q_NONE;
        grundy__qvec_free(a, &trans);
        return GRUNDY_OK;
    }
    int is_p = 1;
    for (size_t j = 0; j < trans.n; j++)
        is_p &= !grundy__qmon_is_p(&p->m, trans.v[j]);
    /* A heap whose options are those of an earlier heap acts as that heap
     * does in every sum: it takes the same element, with nothing to verify. */
    for (size_t c = 0; c < p->nact; c++) {
        const grundy__qact *ac = &p->act[c];
        if (ac->len == trans.n && memcmp(p->tpool.v + ac->off, trans.v, trans.n * sizeof *trans.v) == 0 &&
            grundy__qmon_is_p(&p->m, ac->g) == is_p) {
            p->phi.v[p->phi.n++] = ac->g;
            p->act_of.v[p->act_of.n++] = (uint32_t)c;
            grundy__qvec_free(a, &trans);
            return GRUNDY_OK;
        }
    }
    rc = conservative(q, n, &trans, is_p);
    grundy__qvec_free(a, &trans);
    if (rc == 1)
        return GRUNDY_OK;
    if (rc != 0)
        return limit_message(q, rc, n);
    return expand(q, n);
}

int grundy_quotient_compute(grundy_quotient *q, uint64_t max_heap)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__qready(q, "grundy_quotient_compute");
    if (rc != GRUNDY_OK)
        return rc;
    q->target = max_heap;
    while (!q->solved && q->pre.phi.n <= max_heap) {
        if (q->pre.phi.n >= GRUNDY__Q_MAX_HEAPS)
            return grundy__qfail(q, GRUNDY_ELIMIT, "grundy_quotient_compute: heaps past %lu "
                                 "are not computed", (unsigned long)GRUNDY__Q_MAX_HEAPS);
        rc = next_heap(q);
        if (rc != GRUNDY_OK)
            return rc;
        grundy__qcheck_period(q);
        rc = report(q, q->pre.phi.n);
        if (rc != 1)
            return rc;
    }
    return GRUNDY_OK;
}

int grundy__qadopt(grundy_quotient *q, grundy__qpre *p, const char *call)
{
    grundy__qstore s;
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    int rc = verify_all(q, p, &s, &failw);
    grundy__qvec_free(&q->alloc, &failw);
    if (rc == 0 && (rc = grundy__qpresent(p, &q->alloc)) != GRUNDY_OK)
        grundy__qstore_free(&s, &q->alloc);
    if (rc == 0) {
        adopt(q, p, &s);
        q->solved = 0;
        grundy__qcheck_period(q);
        return GRUNDY_OK;
    }
    grundy__qpre_free(p, &q->alloc);
    if (rc == 1)
        return grundy__qfail(q, GRUNDY_EPARSE, "%s: the saved quotient fails verification "
                             "against the rules", call);
    return limit_message(q, rc, 0);
}
