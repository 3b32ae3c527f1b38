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
    grundy__free(a, m->mul);
    grundy__free(a, m->p);
    memset(m, 0, sizeof *m);
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

/* The monoid of the classes: each class's product by its first member. */
static int class_monoid(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                        const unsigned char *pflag, size_t count, const uint32_t *cls,
                        uint32_t n, const grundy_allocator *a, grundy__qmon *out)
{
    uint32_t *rep = (uint32_t *)grundy__alloc_array(a, n, sizeof *rep);
    grundy__qmon m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.mul = (uint32_t *)grundy__alloc_array(a, (size_t)n * n, sizeof *m.mul);
    m.p = (uint64_t *)grundy__calloc_array(a, ((size_t)n + 63) / 64, sizeof *m.p);
    if (rep == NULL || m.mul == NULL || m.p == NULL) {
        grundy__free(a, rep);
        grundy__qmon_free(&m, a);
        return GRUNDY_ENOMEM;
    }
    uint32_t seen = 0;
    for (size_t d = 0; d < count && seen < n; d++) {
        if (cls[d] == seen) {
            rep[seen++] = order[d];
            if (pflag[d]) {
                m.p[cls[d] >> 6] |= (uint64_t)1 << (cls[d] & 63);
                m.np++;
            }
        }
    }
    for (uint32_t x = 0; x < n; x++)
        for (uint32_t y = x; y < n; y++) {
            uint32_t z = cls[dense[grundy__qtrial_mul(t, rep[x], rep[y])]];
            m.mul[(size_t)x * n + y] = z;
            m.mul[(size_t)y * n + x] = z;
        }
    grundy__free(a, rep);
    *out = m;
    return GRUNDY_OK;
}

int grundy__qreduce(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                    const unsigned char *pflag, size_t count, const uint32_t *gens, size_t ngens,
                    size_t limit, const grundy_allocator *a, uint32_t *cls, grundy__qmon *out)
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
        (limit != 0 && (uint64_t)classes * classes * 4 > limit)) {
        rc = GRUNDY_ELIMIT;
        goto done;
    }
    rc = class_monoid(t, order, dense, pflag, count, cls, classes, a, out);
done:
    grundy__free(a, succ);
    grundy__free(a, next);
    grundy__free(a, key);
    return rc;
}
