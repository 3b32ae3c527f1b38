/* SPDX-License-Identifier: MIT */
/* Pretensions: a monoid, its P-portion and Φ, claimed to decide every
 * misère sum of heaps.  Here: the heaps' transitions, the marking of a
 * trial's P-portion, and the verifier, which is what makes a claim true. */
#include <stdlib.h>
#include <string.h>

#include "quotient/quotient.h"

void grundy__qpre_free(grundy__qpre *p, const grundy_allocator *a)
{
    grundy__qmon_free(&p->m, a);
    grundy__qvec_free(a, &p->phi);
    grundy__qvec_free(a, &p->act_of);
    grundy__qvec_free(a, &p->tpool);
    grundy__free(a, p->act);
    grundy__free(a, p->wbase);
    grundy__free(a, p->wheap);
    grundy__free(a, p->wexp);
    grundy__qvec_free(a, &p->gen_heap);
    grundy__free(a, p->exps);
    grundy__qvec_free(a, &p->rel_x);
    grundy__qvec_free(a, &p->rel_j);
    memset(p, 0, sizeof *p);
}

void grundy__qstore_free(grundy__qstore *s, const grundy_allocator *a)
{
    grundy__qvec_free(a, &s->elem);
    grundy__qvec_free(a, &s->par);
    grundy__qvec_free(a, &s->heap);
    grundy__qvec_free(a, &s->next);
    grundy__free(a, s->bits);
    grundy__free(a, s->head);
    memset(s, 0, sizeof *s);
}

/* ---- transitions ------------------------------------------------------------ */

typedef struct trans_walk {
    grundy__qmul_fn mul;
    const void *ctx;
    const uint32_t *phi;
    uint32_t one;
    const grundy_allocator *a;
    grundy__qvec *out;
    uint32_t *stamp;
    uint32_t mark;
    int rc;
} trans_walk;

static int add_option(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    trans_walk *w = (trans_walk *)ctx;
    (void)k;
    uint32_t x = w->one;
    for (size_t i = 0; i < nparts; i++)
        x = w->mul(w->ctx, x, w->phi[parts[i]]);
    if (w->stamp[x] == w->mark)
        return 0;
    w->stamp[x] = w->mark;
    w->rc = grundy__qvec_push(w->a, w->out, x);
    return w->rc != GRUNDY_OK;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

int grundy__qtransitions(const grundy__heap_rules *r, uint64_t heap, grundy__qmul_fn mul,
                         const void *ctx, const uint32_t *phi, uint32_t one,
                         const grundy_allocator *a, grundy__qvec *out, uint32_t *stamp,
                         uint32_t mark)
{
    trans_walk w = {mul, ctx, phi, one, a, out, stamp, mark, GRUNDY_OK};
    size_t from = out->n;
    (void)grundy__heap_each_move(r, heap, add_option, &w);
    if (w.rc != GRUNDY_OK)
        return w.rc;
    if (out->n - from > 1)
        qsort(out->v + from, out->n - from, sizeof *out->v, cmp_u32);
    return GRUNDY_OK;
}

/* ---- marking a trial's P-portion ------------------------------------------- */

/* Words are walked heap by heap: those over heaps below k first (the list
 * so far, in order), then each of them times k, then times k^2, ..., as
 * long as a power gives an element not yet seen.  An element first seen
 * as word(x) k^e has the options word(x)'s options times g^e and x g^(e-1)
 * times T(k): its status is decided from elements seen before it. */
int grundy__qmark(const grundy__qtrial *t, const uint32_t *phi, const size_t *toff,
                  const uint32_t *tlen, const uint32_t *tpool, size_t nheaps, size_t limit,
                  const grundy_allocator *a, grundy__qvec *order, uint32_t *dense,
                  unsigned char **pflag)
{
    size_t total = (size_t)t->old->n * t->nc;
    grundy__qvec soff, slen, spool, cur;
    memset(&soff, 0, sizeof soff);
    memset(&slen, 0, sizeof slen);
    memset(&spool, 0, sizeof spool);
    memset(&cur, 0, sizeof cur);
    unsigned char *pf = NULL;
    size_t cap_pf = 0;
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, total, sizeof *stamp);
    int rc = GRUNDY_ENOMEM;
    uint32_t mark = 0;
    if (stamp == NULL)
        goto fail;
    for (size_t i = 0; i < total; i++)
        dense[i] = GRUNDY__Q_NONE;
    order->n = 0;
    if (grundy__qvec_push(a, order, 0) || grundy__qvec_push(a, &soff, 0) ||
        grundy__qvec_push(a, &slen, 0) || grundy__reserve(a, (void **)&pf, &cap_pf, 1, 1))
        goto fail;
    dense[0] = 0;
    pf[0] = 0;
    for (size_t k = 1; k < nheaps; k++) {
        uint32_t g = phi[k];
        if (tlen[k] == 0 || g == 0)
            continue; /* Φ(k) is the identity: no new element */
        size_t base = order->n;
        cur.n = 0;
        if (grundy__qvec_reserve(a, &cur, base))
            goto fail;
        memcpy(cur.v, order->v, base * sizeof *cur.v);
        cur.n = base;
        uint32_t gp = g; /* g^e */
        for (;;) {
            size_t added = 0;
            for (size_t i = 0; i < base; i++) {
                uint32_t prev = cur.v[i], y = grundy__qtrial_mul(t, prev, g);
                cur.v[i] = y;
                if (dense[y] != GRUNDY__Q_NONE)
                    continue;
                if (limit != 0 && (spool.n + order->n) * 8 > limit) {
                    rc = GRUNDY_ELIMIT;
                    goto fail;
                }
                size_t d = order->n, from = spool.n;
                if (grundy__qvec_push(a, order, y) || grundy__qvec_push(a, &soff, (uint32_t)from) ||
                    grundy__reserve(a, (void **)&pf, &cap_pf, d + 1, 1))
                    goto fail;
                if (from > UINT32_MAX - total) {
                    rc = GRUNDY_ELIMIT;
                    goto fail;
                }
                dense[y] = (uint32_t)d;
                mark++;
                int any_p = 0;
                size_t so = soff.v[i], sl = slen.v[i];
                for (size_t j = 0; j < sl + tlen[k]; j++) {
                    uint32_t z;
                    if (j < sl)
                        z = grundy__qtrial_mul(t, order->v[spool.v[so + j]], gp);
                    else
                        z = grundy__qtrial_mul(t, prev, tpool[toff[k] + j - sl]);
                    uint32_t dz = dense[z];
                    if (dz == GRUNDY__Q_NONE || dz == d || stamp[z] == mark)
                        continue; /* an option is always seen first */
                    stamp[z] = mark;
                    any_p |= pf[dz];
                    if (grundy__qvec_push(a, &spool, dz))
                        goto fail;
                }
                if (grundy__qvec_push(a, &slen, (uint32_t)(spool.n - from)))
                    goto fail;
                pf[d] = (unsigned char)(spool.n > from && !any_p);
                added++;
            }
            if (added == 0)
                break;
            gp = grundy__qtrial_mul(t, gp, g);
        }
    }
    grundy__qvec_free(a, &soff);
    grundy__qvec_free(a, &slen);
    grundy__qvec_free(a, &spool);
    grundy__qvec_free(a, &cur);
    grundy__free(a, stamp);
    *pflag = pf;
    return GRUNDY_OK;
fail:
    grundy__qvec_free(a, &soff);
    grundy__qvec_free(a, &slen);
    grundy__qvec_free(a, &spool);
    grundy__qvec_free(a, &cur);
    grundy__free(a, stamp);
    grundy__free(a, pf);
    return rc;
}

/* ---- actions and words of a pretension ------------------------------------- */

uint32_t grundy__qmon_mul_fn(const void *ctx, uint32_t x, uint32_t y)
{
    return grundy__qmon_mul((const grundy__qmon *)ctx, x, y);
}

int grundy__qpre_add_action(grundy__qpre *p, const grundy_allocator *a, uint32_t g,
                            const uint32_t *trans, size_t len, uint32_t heap, uint32_t *id)
{
    for (size_t i = 0; i < p->nact; i++) {
        const grundy__qact *c = &p->act[i];
        if (c->g == g && c->len == len &&
            (len == 0 || memcmp(p->tpool.v + c->off, trans, len * sizeof *trans) == 0)) {
            *id = (uint32_t)i;
            return GRUNDY_OK;
        }
    }
    if (grundy__reserve(a, (void **)&p->act, &p->cap_act, p->nact + 1, sizeof *p->act))
        return GRUNDY_ENOMEM;
    size_t off = p->tpool.n;
    if (len > 0) { /* trans is never in the pool: growing it would move it */
        if (grundy__qvec_reserve(a, &p->tpool, off + len))
            return GRUNDY_ENOMEM;
        memcpy(p->tpool.v + off, trans, len * sizeof *trans);
    }
    p->tpool.n = off + len;
    grundy__qact *c = &p->act[p->nact];
    c->g = g;
    c->heap = heap;
    c->off = off;
    c->len = len;
    *id = (uint32_t)p->nact++;
    return GRUNDY_OK;
}

int grundy__qpre_actions(grundy__qpre *p, const grundy__heap_rules *r, const grundy_allocator *a)
{
    size_t nheaps = p->phi.n;
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, p->m.n, sizeof *stamp);
    grundy__qvec trans;
    memset(&trans, 0, sizeof trans);
    int rc = stamp == NULL ? GRUNDY_ENOMEM : grundy__qvec_reserve(a, &p->act_of, nheaps);
    p->nact = 0;
    p->tpool.n = 0;
    p->act_of.n = 0;
    for (size_t h = 0; h < nheaps && rc == GRUNDY_OK; h++) {
        trans.n = 0;
        rc = grundy__qtransitions(r, h, grundy__qmon_mul_fn, &p->m, p->phi.v, 0, a, &trans, stamp,
                                  (uint32_t)h + 1);
        if (rc != GRUNDY_OK)
            break;
        uint32_t id = GRUNDY__Q_NONE;
        if (trans.n != 0)
            rc = grundy__qpre_add_action(p, a, p->phi.v[h], trans.v, trans.n, (uint32_t)h, &id);
        p->act_of.v[p->act_of.n++] = id;
    }
    grundy__qvec_free(a, &trans);
    grundy__free(a, stamp);
    return rc;
}

int grundy__qwalk(const grundy__qmon *m, const uint32_t *gens, size_t k, uint32_t *base,
                  uint32_t *which, uint32_t *exp, uint32_t *ord, const grundy_allocator *a)
{
    uint32_t n = m->n;
    uint32_t *cur = (uint32_t *)grundy__alloc_array(a, n, sizeof *cur);
    if (cur == NULL)
        return GRUNDY_ENOMEM;
    for (uint32_t x = 0; x < n; x++)
        base[x] = GRUNDY__Q_NONE;
    base[0] = 0;
    which[0] = 0;
    exp[0] = 0;
    ord[0] = 0;
    size_t count = 1;
    for (size_t j = 0; j < k && count < n; j++) {
        uint32_t g = gens[j];
        if (g == 0)
            continue;
        size_t first = count;
        memcpy(cur, ord, first * sizeof *cur);
        for (uint32_t e = 1;; e++) {
            size_t added = 0;
            for (size_t i = 0; i < first; i++) {
                uint32_t y = grundy__qmon_mul(m, cur[i], g);
                cur[i] = y;
                if (base[y] != GRUNDY__Q_NONE)
                    continue;
                base[y] = ord[i];
                which[y] = (uint32_t)j;
                exp[y] = e;
                ord[count++] = y;
                added++;
            }
            if (added == 0)
                break;
        }
    }
    for (size_t i = count; i < n; i++)
        ord[i] = GRUNDY__Q_NONE;
    grundy__free(a, cur);
    return GRUNDY_OK;
}

int grundy__qpre_words(grundy__qpre *p, const grundy_allocator *a)
{
    uint32_t n = p->m.n;
    uint32_t *wb = (uint32_t *)grundy__alloc_array(a, n, sizeof *wb);
    uint32_t *wh = (uint32_t *)grundy__alloc_array(a, n, sizeof *wh);
    uint32_t *we = (uint32_t *)grundy__alloc_array(a, n, sizeof *we);
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    if (wb == NULL || wh == NULL || we == NULL || ord == NULL ||
        grundy__qwalk(&p->m, p->phi.v, p->phi.n, wb, wh, we, ord, a) != GRUNDY_OK) {
        grundy__free(a, wb);
        grundy__free(a, wh);
        grundy__free(a, we);
        grundy__free(a, ord);
        return GRUNDY_ENOMEM;
    }
    grundy__free(a, ord);
    grundy__free(a, p->wbase);
    grundy__free(a, p->wheap);
    grundy__free(a, p->wexp);
    p->wbase = wb;
    p->wheap = wh;
    p->wexp = we;
    return GRUNDY_OK;
}

/* ---- the verifier ------------------------------------------------------------ */


static int word_of_elem(const grundy__qpre *p, uint32_t x, const grundy_allocator *a,
                        grundy__qword *w)
{
    while (x != 0) {
        if (p->wbase[x] == GRUNDY__Q_NONE)
            return GRUNDY_OK; /* not reached by a word: cannot happen once reduced */
        for (uint32_t e = 0; e < p->wexp[x]; e++)
            if (grundy__qvec_push(a, w, p->wheap[x]))
                return GRUNDY_ENOMEM;
        x = p->wbase[x];
    }
    return GRUNDY_OK;
}

static int word_of_state(const grundy__qstore *s, uint32_t st, const grundy_allocator *a,
                         grundy__qword *w)
{
    while (st != GRUNDY__Q_NONE && s->heap.v[st] != GRUNDY__Q_NONE) {
        if (grundy__qvec_push(a, w, s->heap.v[st]))
            return GRUNDY_ENOMEM;
        st = s->par.v[st];
    }
    return GRUNDY_OK;
}

static void sort_word(grundy__qword *w)
{
    qsort(w->v, w->n, sizeof *w->v, cmp_u32);
}

void grundy__qstore_truncate(grundy__qstore *s, size_t count)
{
    while (s->elem.n > count) {
        size_t i = --s->elem.n;
        s->head[s->elem.v[i]] = s->next.v[i];
    }
    s->par.n = s->heap.n = s->next.n = count;
}

/* Appends a state (its bits in scratch); GRUNDY_OK or a status. */
static int store_add(grundy__qstore *s, const grundy_allocator *a, size_t limit, uint32_t x,
                     uint32_t par, uint32_t heap, const uint64_t *bits)
{
    size_t i = s->elem.n;
    if (i >= GRUNDY__Q_NONE - 1)
        return GRUNDY_ELIMIT;
    if (limit != 0 && (i + 1) * (s->words * 8 + 16) > limit)
        return GRUNDY_ELIMIT;
    if (grundy__reserve(a, (void **)&s->bits, &s->cap_bits, i + 1, s->words * 8) ||
        grundy__qvec_push(a, &s->elem, x) || grundy__qvec_push(a, &s->par, par) ||
        grundy__qvec_push(a, &s->heap, heap) || grundy__qvec_push(a, &s->next, s->head[x])) {
        s->elem.n = s->par.n = s->heap.n = s->next.n = i;
        return GRUNDY_ENOMEM;
    }
    memcpy(s->bits + i * s->words, bits, s->words * 8);
    s->head[x] = (uint32_t)i;
    return GRUNDY_OK;
}

/* Whether a state of x has a subset of bits (all of them non-empty). */
static int subsumed(const grundy__qstore *s, uint32_t x, const uint64_t *bits)
{
    for (uint32_t i = s->head[x]; i != GRUNDY__Q_NONE; i = s->next.v[i]) {
        const uint64_t *o = s->bits + (size_t)i * s->words;
        size_t w = 0;
        while (w < s->words && (o[w] & ~bits[w]) == 0)
            w++;
        if (w == s->words)
            return 1;
    }
    return 0;
}

/* The rows of the actions' elements, made when first needed: a large
 * monoid has no table, and the verifier multiplies by them most. */
typedef struct act_rows {
    const grundy__qmon *m;
    const uint32_t **row; /* per action, NULL until made */
    uint32_t *buf;        /* nact * n, for a monoid without its table */
} act_rows;

static int act_rows_init(act_rows *r, const grundy__qpre *p, size_t limit,
                         const grundy_allocator *a)
{
    size_t n = p->m.n, nact = p->nact;
    r->m = &p->m;
    r->buf = NULL;
    if (p->m.mul == NULL && limit != 0 && (uint64_t)nact * n * 4 > limit)
        return GRUNDY_ELIMIT;
    r->row = (const uint32_t **)grundy__calloc_array(a, nact, sizeof *r->row);
    if (p->m.mul == NULL && r->row != NULL)
        r->buf = (uint32_t *)grundy__alloc_array(a, nact, n * sizeof *r->buf);
    if (r->row == NULL || (p->m.mul == NULL && r->buf == NULL)) {
        grundy__free(a, (void *)r->row);
        grundy__free(a, r->buf);
        return GRUNDY_ENOMEM;
    }
    return GRUNDY_OK;
}

static const uint32_t *act_row(act_rows *r, const grundy__qpre *p, size_t c)
{
    if (r->row[c] == NULL) /* no buf with a table: its row is the table's */
        r->row[c] = grundy__qmon_row(r->m, p->act[c].g,
                                     r->buf != NULL ? r->buf + c * (size_t)r->m->n : NULL);
    return r->row[c];
}

static void act_rows_free(act_rows *r, const grundy_allocator *a)
{
    grundy__free(a, (void *)r->row);
    grundy__free(a, r->buf);
}

/* P-failures of one action: a word of x plus the heap claimed P with an
 * option claimed P. */
static int check_p(const grundy__qpre *p, act_rows *rows, size_t c, const grundy_allocator *a,
                   grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    const grundy__qact *ac = &p->act[c];
    const uint32_t *row_g = act_row(rows, p, c);
    for (uint32_t x = 0; x < m->n; x++) {
        if (!grundy__qmon_is_p(m, row_g[x]))
            continue;
        for (size_t j = 0; j < ac->len; j++) {
            if (grundy__qmon_is_p(m, grundy__qmon_mul(m, x, p->tpool.v[ac->off + j]))) {
                fail->n = 0;
                if (word_of_elem(p, x, a, fail) || grundy__qvec_push(a, fail, ac->heap))
                    return GRUNDY_ENOMEM;
                sort_word(fail);
                return 1;
            }
        }
    }
    return 0;
}

/* The options of state i's words times action c into bits (the elements of
 * the state's options times g, and x times T); 1 when one is claimed P. */
static int state_options(const grundy__qpre *p, const grundy__qstore *s, size_t i,
                         const uint32_t *row_g, const grundy__qact *ac, uint64_t *bits)
{
    const grundy__qmon *m = &p->m;
    const uint64_t *from = s->bits + i * s->words;
    uint32_t x = s->elem.v[i];
    memset(bits, 0, s->words * 8);
    for (size_t w = 0; w < s->words; w++) {
        uint64_t b = from[w];
        while (b) {
            uint32_t z = row_g[w * 64 + grundy__lowest_bit(b)];
            b &= b - 1;
            bits[z >> 6] |= (uint64_t)1 << (z & 63);
        }
    }
    for (size_t j = 0; j < ac->len; j++) {
        uint32_t z = grundy__qmon_mul(m, x, p->tpool.v[ac->off + j]);
        bits[z >> 6] |= (uint64_t)1 << (z & 63);
    }
    int any_p = 0;
    for (size_t w = 0; w < s->words && !any_p; w++)
        any_p = (bits[w] & m->p[w]) != 0;
    return any_p;
}

/* The breadth-first closure of the states from `old` on (those before
 * only for the actions from first_new): 0, 1 with a failing word, or a
 * status. */
static int close_states(const grundy__qpre *p, grundy__qstore *s, act_rows *rows, size_t old,
                        size_t first_new, size_t limit, const grundy_allocator *a,
                        uint64_t *bits, grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    /* Breadth first: the failures of fewest heaps come first. */
    for (size_t i = 0; i < s->elem.n; i++) {
        uint32_t x = s->elem.v[i];
        for (size_t c = i < old ? first_new : 0; c < p->nact; c++) {
            const grundy__qact *ac = &p->act[c];
            const uint32_t *row_g = act_row(rows, p, c);
            int any_p = state_options(p, s, i, row_g, ac, bits);
            uint32_t y = row_g[x];
            if (!any_p && !grundy__qmon_is_p(m, y)) { /* claimed N, no move to P */
                fail->n = 0;
                if (word_of_state(s, (uint32_t)i, a, fail) ||
                    grundy__qvec_push(a, fail, ac->heap))
                    return GRUNDY_ENOMEM;
                sort_word(fail);
                return 1;
            }
            if (subsumed(s, y, bits))
                continue;
            int rc = store_add(s, a, limit, y, (uint32_t)i, ac->heap, bits);
            if (rc != GRUNDY_OK)
                return rc;
        }
    }
    return 0;
}

int grundy__qverify(const grundy__qpre *p, grundy__qstore *s, size_t first_new, size_t limit,
                    const grundy_allocator *a, grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    uint32_t n = m->n;
    uint64_t *bits = NULL;
    act_rows rows;
    int rc;
    if (grundy__qmon_is_p(m, 0)) { /* the empty sum is claimed P: no move is a win */
        fail->n = 0;
        return 1;
    }
    if ((rc = act_rows_init(&rows, p, limit, a)) != GRUNDY_OK)
        return rc;
    for (size_t c = first_new; c < p->nact; c++)
        if ((rc = check_p(p, &rows, c, a, fail)) != 0)
            goto done;
    rc = GRUNDY_ENOMEM;
    if (s->head == NULL) {
        s->words = ((size_t)n + 63) / 64;
        s->head = (uint32_t *)grundy__alloc_array(a, n, sizeof *s->head);
        if (s->head == NULL)
            goto done;
        for (uint32_t x = 0; x < n; x++)
            s->head[x] = GRUNDY__Q_NONE;
    }
    bits = (uint64_t *)grundy__alloc_array(a, s->words, 8);
    if (bits == NULL)
        goto done;
    if (s->elem.n == 0) {
        memset(bits, 0, s->words * 8);
        if ((rc = store_add(s, a, limit, 0, GRUNDY__Q_NONE, GRUNDY__Q_NONE, bits)) != GRUNDY_OK)
            goto done;
        first_new = 0;
    }
    rc = close_states(p, s, &rows, first_new == 0 ? 0 : s->elem.n, first_new, limit, a, bits,
                      fail);
done:
    grundy__free(a, bits);
    act_rows_free(&rows, a);
    return rc;
}

uint32_t grundy__qword_elem(const grundy__qpre *p, const uint32_t *heaps, size_t n)
{
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++)
        x = grundy__qmon_mul(&p->m, x, p->phi.v[heaps[i]]);
    return x;
}

int grundy__qword_consistent(const grundy__qpre *p, const uint32_t *heaps, size_t n)
{
    const grundy__qmon *m = &p->m;
    int has_move = 0, to_p = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && heaps[i] == heaps[i - 1])
            continue;
        uint32_t act = p->act_of.v[heaps[i]];
        if (act == GRUNDY__Q_NONE)
            continue;
        uint32_t rest = 0;
        for (size_t j = 0; j < n; j++)
            if (j != i)
                rest = grundy__qmon_mul(m, rest, p->phi.v[heaps[j]]);
        const grundy__qact *c = &p->act[act];
        for (size_t j = 0; j < c->len; j++) {
            has_move = 1;
            to_p |= grundy__qmon_is_p(m, grundy__qmon_mul(m, rest, p->tpool.v[c->off + j]));
        }
    }
    return grundy__qmon_is_p(m, grundy__qword_elem(p, heaps, n)) == (has_move && !to_p);
}
