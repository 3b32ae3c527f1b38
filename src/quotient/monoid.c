/* SPDX-License-Identifier: MIT */
/* Explicit finite commutative monoids: the trial products a quotient grows
 * into, and their reduction to the quotient by partition refinement. */
#include <string.h>

#include "quotient/quotient.h"

int grundy__qvec_reserve(const grundy_allocator *a, grundy__qvec *v, size_t n)
{
    if (n <= v->cap)
        return GRUNDY_OK;
    return grundy__reserve(a, (void **)&v->v, &v->cap, n, sizeof *v->v);
}

int grundy__qvec_push(const grundy_allocator *a, grundy__qvec *v, uint32_t x)
{
    if (v->n == v->cap && grundy__qvec_reserve(a, v, v->n + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    v->v[v->n++] = x;
    return GRUNDY_OK;
}

void grundy__qvec_free(const grundy_allocator *a, grundy__qvec *v)
{
    grundy__free(a, v->v);
    memset(v, 0, sizeof *v);
}

void grundy__qmon_free(grundy__qmon *m, const grundy_allocator *a)
{
    grundy__free(a, m->act);
    grundy__free(a, m->base);
    grundy__free(a, m->via);
    grundy__free(a, m->mul);
    grundy__free(a, m->p);
    memset(m, 0, sizeof *m);
}

uint64_t grundy__qmon_bytes(uint64_t n, uint64_t ngen, uint32_t full_max)
{
    return n * ngen * 4 + n * 8 + n / 8 + (n <= full_max ? n * n * 4 : 0);
}

/* The tree of words, breadth first from 0 (the shortest words, so that a
 * walk is short): the order reached into ord.  The count reached. */
static uint32_t word_tree(grundy__qmon *m, uint32_t *ord)
{
    uint32_t n = m->n, count = 1;
    for (uint32_t x = 0; x < n; x++)
        m->base[x] = GRUNDY__Q_NONE;
    m->base[0] = 0;
    m->via[0] = 0;
    ord[0] = 0;
    for (uint32_t i = 0; i < count; i++)
        for (uint32_t j = 0; j < m->ngen; j++) {
            uint32_t y = m->act[(size_t)ord[i] * m->ngen + j];
            if (m->base[y] == GRUNDY__Q_NONE) {
                m->base[y] = ord[i];
                m->via[y] = j;
                ord[count++] = y;
            }
        }
    return count;
}

int grundy__qmon_finish(grundy__qmon *m, uint32_t full_max, const grundy_allocator *a)
{
    uint32_t n = m->n;
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    m->base = (uint32_t *)grundy__alloc_array(a, n, sizeof *m->base);
    m->via = (uint32_t *)grundy__alloc_array(a, n, sizeof *m->via);
    int rc = GRUNDY_ENOMEM;
    if (ord == NULL || m->base == NULL || m->via == NULL)
        goto done;
    if (word_tree(m, ord) != n) {
        rc = 1;
        goto done;
    }
    if (n <= full_max) {
        m->mul = (uint32_t *)grundy__alloc_array(a, (size_t)n * n, sizeof *m->mul);
        if (m->mul == NULL)
            goto done;
        /* Row x along the tree: x * y = (x * base[y]) * generator via[y]. */
        for (uint32_t x = 0; x < n; x++) {
            uint32_t *row = m->mul + (size_t)x * n;
            row[0] = x;
            for (uint32_t i = 1; i < n; i++)
                row[ord[i]] = m->act[(size_t)row[m->base[ord[i]]] * m->ngen + m->via[ord[i]]];
        }
    }
    rc = GRUNDY_OK;
done:
    grundy__free(a, ord);
    if (rc != GRUNDY_OK) {
        grundy__free(a, m->base);
        grundy__free(a, m->via);
        m->base = m->via = NULL;
    }
    return rc;
}

const uint32_t *grundy__qmon_row(const grundy__qmon *m, uint32_t y, uint32_t *buf)
{
    if (m->mul != NULL)
        return m->mul + (size_t)y * m->n;
    for (uint32_t x = 0; x < m->n; x++)
        buf[x] = grundy__qmon_walk(m, x, y);
    return buf;
}

/* C(index, 2) on exponents 0 .. index + 1: past index + 1 the exponent
 * falls back by the period, 2. */
static uint32_t cyclic_add(uint32_t x, uint32_t y, uint32_t index)
{
    uint32_t e = x + y;
    return e <= index + 1 ? e : index + (e - index) % 2;
}

int grundy__qtrial_init(grundy__qtrial *t, const grundy__qmon *old, const uint32_t *idx,
                        size_t k, uint32_t maxc, const grundy_allocator *a)
{
    uint64_t nc = 1;
    for (size_t j = 0; j < k; j++) {
        nc *= (uint64_t)idx[j] + 2;
        if (nc > maxc)
            return GRUNDY_ELIMIT;
    }
    t->old = old;
    t->nc = (uint32_t)nc;
    t->cmul = (uint32_t *)grundy__alloc_array(a, (size_t)(nc * nc), sizeof *t->cmul);
    if (t->cmul == NULL)
        return GRUNDY_ENOMEM;
    /* Element c has digit j = (c / radix_j) % (idx[j] + 2), digit 0 first. */
    for (uint32_t x = 0; x < nc; x++) {
        for (uint32_t y = 0; y < nc; y++) {
            uint32_t rx = x, ry = y, z = 0, radix = 1;
            for (size_t j = 0; j < k; j++) {
                uint32_t s = idx[j] + 2;
                z += cyclic_add(rx % s, ry % s, idx[j]) * radix;
                rx /= s;
                ry /= s;
                radix *= s;
            }
            t->cmul[(size_t)x * nc + y] = z;
        }
    }
    return GRUNDY_OK;
}

void grundy__qtrial_free(grundy__qtrial *t, const grundy_allocator *a)
{
    grundy__free(a, t->cmul);
    t->cmul = NULL;
}

/* One round of refinement: each element's new class is that of its
 * signature (its class and the classes of its products by the
 * generators), numbered in order of first appearance.  Returns the number
 * of classes, or 0 with *rc set. */
static uint32_t refine(const uint32_t *succ, size_t count, size_t ngens, const uint32_t *cls,
                       uint32_t *next, uint32_t *key, size_t limit, const grundy_allocator *a,
                       int *rc)
{
    grundy__table t;
    grundy__table_init(&t, (ngens + 1) * sizeof *key);
    uint32_t classes = 0;
    for (size_t d = 0; d < count; d++) {
        key[0] = cls[d];
        for (size_t j = 0; j < ngens; j++)
            key[j + 1] = cls[succ[d * ngens + j]];
        uint32_t found;
        size_t slot;
        *rc = grundy__table_get_or_insert(&t, a, key, classes, limit, &found, &slot);
        if (*rc != GRUNDY_OK) {
            grundy__table_free(&t, a);
            return 0;
        }
        next[d] = found == GRUNDY__EMPTY ? classes++ : found;
    }
    grundy__table_free(&t, a);
    return classes;
}

/* The monoid of the classes, generated by those of the generators: each
 * class acts as its first member does (succ in dense places). */
static int class_monoid(const uint32_t *succ, const unsigned char *pflag, size_t count,
                        size_t ngens, const uint32_t *cls, uint32_t n, uint32_t full_max,
                        const grundy_allocator *a, grundy__qmon *out)
{
    grundy__qmon m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.ngen = (uint32_t)ngens;
    m.act = (uint32_t *)grundy__alloc_array(a, n, ngens * sizeof *m.act);
    m.p = (uint64_t *)grundy__calloc_array(a, ((size_t)n + 63) / 64, sizeof *m.p);
    if (m.act == NULL || m.p == NULL) {
        grundy__qmon_free(&m, a);
        return GRUNDY_ENOMEM;
    }
    uint32_t seen = 0;
    for (size_t d = 0; d < count && seen < n; d++) {
        if (cls[d] != seen)
            continue; /* not its class's first member */
        for (size_t j = 0; j < ngens; j++)
            m.act[(size_t)seen * ngens + j] = cls[succ[d * ngens + j]];
        if (pflag[d]) {
            m.p[seen >> 6] |= (uint64_t)1 << (seen & 63);
            m.np++;
        }
        seen++;
    }
    /* Every element is a word in the generators: the tree reaches them all. */
    int rc = grundy__qmon_finish(&m, full_max, a);
    if (rc != GRUNDY_OK) {
        grundy__qmon_free(&m, a);
        return rc == 1 ? GRUNDY_ESTATE : rc;
    }
    *out = m;
    return GRUNDY_OK;
}

int grundy__qreduce(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                    const unsigned char *pflag, size_t count, const uint32_t *gens, size_t ngens,
                    size_t limit, uint32_t full_max, const grundy_allocator *a, uint32_t *cls,
                    grundy__qmon *out)
{
    uint32_t *succ = (uint32_t *)grundy__alloc_array(a, count, (ngens ? ngens : 1) * sizeof *succ);
    uint32_t *next = (uint32_t *)grundy__alloc_array(a, count, sizeof *next);
    uint32_t *key = (uint32_t *)grundy__alloc_array(a, ngens + 1, sizeof *key);
    int rc = GRUNDY_OK;
    uint32_t classes = 0, first_p = GRUNDY__Q_NONE, first_n = GRUNDY__Q_NONE;
    if (succ == NULL || next == NULL || key == NULL) {
        rc = GRUNDY_ENOMEM;
        goto done;
    }
    for (size_t d = 0; d < count; d++)
        for (size_t j = 0; j < ngens; j++)
            succ[d * ngens + j] = dense[grundy__qtrial_mul(t, order[d], gens[j])];
    /* Start from {P, not P}, numbered by first appearance. */
    for (size_t d = 0; d < count; d++) {
        uint32_t *c = pflag[d] ? &first_p : &first_n;
        if (*c == GRUNDY__Q_NONE)
            *c = classes++;
        cls[d] = *c;
    }
    for (;;) {
        uint32_t more = refine(succ, count, ngens, cls, next, key, limit, a, &rc);
        if (rc != GRUNDY_OK)
            goto done;
        memcpy(cls, next, count * sizeof *cls);
        if (more == classes)
            break;
        classes = more;
    }
    if (classes > GRUNDY__Q_MAX_ORDER ||
        (limit != 0 && grundy__qmon_bytes(classes, ngens, full_max) > limit)) {
        rc = GRUNDY_ELIMIT;
        goto done;
    }
    rc = class_monoid(succ, pflag, count, ngens, cls, classes, full_max, a, out);
done:
    grundy__free(a, succ);
    grundy__free(a, next);
    grundy__free(a, key);
    return rc;
}
