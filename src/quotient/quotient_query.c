/* SPDX-License-Identifier: MIT */
/* Misère quotients: what they answer.  Sums of heaps by one product each,
 * winning moves, and the presentation by generators and relations. */
#include <stdio.h>
#include <string.h>

#include "quotient/quotient.h"

/* ---- the presentation ---------------------------------------------------------- */

/* Words in the generators are compared as heaps' words are: by the last
 * generator's exponent first, then down (a monomial order, so the words
 * that are not the least of their element are closed upward, and the
 * relations needed are the least of those). */
static int word_cmp(const uint32_t *x, const uint32_t *y, size_t g)
{
    for (size_t i = g; i-- > 0;)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Generators: Φ of each heap not in the submonoid of those before it. */
static int find_generators(grundy__qpre *p, const grundy_allocator *a, uint32_t *gen_elem)
{
    uint32_t n = p->m.n;
    unsigned char *in = (unsigned char *)grundy__calloc_array(a, n, 1);
    uint32_t *list = (uint32_t *)grundy__alloc_array(a, n, sizeof *list);
    if (in == NULL || list == NULL) {
        grundy__free(a, in);
        grundy__free(a, list);
        return GRUNDY_ENOMEM;
    }
    size_t count = 1;
    in[0] = 1;
    list[0] = 0;
    p->gen_heap.n = 0;
    for (size_t h = 0; h < p->phi.n && count < n; h++) {
        uint32_t g = p->phi.v[h];
        if (in[g])
            continue;
        gen_elem[p->gen_heap.n] = g;
        if (grundy__qvec_push(a, &p->gen_heap, (uint32_t)h)) {
            grundy__free(a, in);
            grundy__free(a, list);
            return GRUNDY_ENOMEM;
        }
        /* Close under g: the list is closed under the generators before. */
        for (size_t i = 0; i < count; i++) {
            uint32_t z = grundy__qmon_mul(&p->m, list[i], g);
            if (!in[z]) {
                in[z] = 1;
                list[count++] = z;
            }
        }
    }
    grundy__free(a, in);
    grundy__free(a, list);
    return GRUNDY_OK;
}

/* Each element's least word in the generators. */
static int least_words(grundy__qpre *p, const grundy_allocator *a, const uint32_t *gen_elem,
                       uint32_t *exps)
{
    uint32_t n = p->m.n;
    size_t ngen = p->gen_heap.n;
    uint32_t *base = (uint32_t *)grundy__alloc_array(a, n, sizeof *base);
    uint32_t *which = (uint32_t *)grundy__alloc_array(a, n, sizeof *which);
    uint32_t *exp = (uint32_t *)grundy__alloc_array(a, n, sizeof *exp);
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    int rc = GRUNDY_ENOMEM;
    if (base != NULL && which != NULL && exp != NULL && ord != NULL &&
        grundy__qwalk(&p->m, gen_elem, ngen, base, which, exp, ord, a) == GRUNDY_OK) {
        memset(exps, 0, (size_t)n * ngen * sizeof *exps);
        for (uint32_t i = 1; i < n && ord[i] != GRUNDY__Q_NONE; i++) {
            uint32_t y = ord[i]; /* its base comes before it */
            memcpy(exps + (size_t)y * ngen, exps + (size_t)base[y] * ngen, ngen * sizeof *exps);
            exps[(size_t)y * ngen + which[y]] = exp[y];
        }
        rc = GRUNDY_OK;
    }
    grundy__free(a, base);
    grundy__free(a, which);
    grundy__free(a, exp);
    grundy__free(a, ord);
    return rc;
}

/* The element of a word in the generators. */
static uint32_t eval_word(const grundy__qpre *p, const uint32_t *gen_elem, const uint32_t *w)
{
    uint32_t x = 0;
    for (size_t j = 0; j < p->gen_heap.n; j++)
        for (uint32_t e = 0; e < w[j]; e++)
            x = grundy__qmon_mul(&p->m, x, gen_elem[j]);
    return x;
}

int grundy__qpresent(grundy__qpre *p, const grundy_allocator *a)
{
    uint32_t n = p->m.n;
    uint32_t *gen_elem = (uint32_t *)grundy__alloc_array(a, n, sizeof *gen_elem);
    uint32_t *w = NULL, *lhs, *low;
    size_t ngen = 0;
    int rc = GRUNDY_ENOMEM;
    if (gen_elem == NULL || find_generators(p, a, gen_elem) != GRUNDY_OK)
        goto done;
    ngen = p->gen_heap.n;
    grundy__free(a, p->exps);
    p->exps = (uint32_t *)grundy__alloc_array(a, (size_t)n * (ngen ? ngen : 1), sizeof *p->exps);
    w = (uint32_t *)grundy__alloc_array(a, 2 * (ngen ? ngen : 1), sizeof *w);
    if (p->exps == NULL || w == NULL || least_words(p, a, gen_elem, p->exps) != GRUNDY_OK)
        goto done;
    p->rel_x.n = p->rel_j.n = 0;
    lhs = w;
    low = w + ngen;
    for (uint32_t x = 0; x < n; x++) {
        for (uint32_t j = 0; j < ngen; j++) {
            memcpy(lhs, p->exps + (size_t)x * ngen, ngen * sizeof *lhs);
            lhs[j]++;
            uint32_t y = grundy__qmon_mul(&p->m, x, gen_elem[j]);
            if (word_cmp(lhs, p->exps + (size_t)y * ngen, ngen) == 0)
                continue; /* lhs is the least word of its element */
            /* A relation is needed only if every word one below it is least. */
            int minimal = 1;
            for (uint32_t i = 0; i < ngen && minimal; i++) {
                if (lhs[i] == 0 || i == j)
                    continue;
                memcpy(low, lhs, ngen * sizeof *low);
                low[i]--;
                minimal = word_cmp(low, p->exps + (size_t)eval_word(p, gen_elem, low) * ngen, ngen) == 0;
            }
            /* The same lhs arises from x * g_j and x' * g_i: keep the one of the largest j. */
            for (uint32_t i = j + 1; i < ngen && minimal; i++)
                minimal = lhs[i] == 0;
            if (minimal &&
                (grundy__qvec_push(a, &p->rel_x, x) || grundy__qvec_push(a, &p->rel_j, j)))
                goto done;
        }
    }
    /* In increasing order of their left sides (few relations: insertion sort). */
    for (size_t i = 1; i < p->rel_x.n; i++) {
        for (size_t k = i; k > 0; k--) {
            uint32_t *u = w, *v = w + ngen;
            memcpy(u, p->exps + (size_t)p->rel_x.v[k - 1] * ngen, ngen * sizeof *u);
            u[p->rel_j.v[k - 1]]++;
            memcpy(v, p->exps + (size_t)p->rel_x.v[k] * ngen, ngen * sizeof *v);
            v[p->rel_j.v[k]]++;
            if (word_cmp(u, v, ngen) <= 0)
                break;
            uint32_t t = p->rel_x.v[k];
            p->rel_x.v[k] = p->rel_x.v[k - 1];
            p->rel_x.v[k - 1] = t;
            t = p->rel_j.v[k];
            p->rel_j.v[k] = p->rel_j.v[k - 1];
            p->rel_j.v[k - 1] = t;
        }
    }
    rc = GRUNDY_OK;
done:
    grundy__free(a, gen_elem);
    grundy__free(a, w);
    return rc;
}

/* ---- plain questions ------------------------------------------------------------ */

uint32_t grundy_quotient_order(const grundy_quotient *q)
{
    return q != NULL ? q->pre.m.n : 0;
}

uint32_t grundy_quotient_p_size(const grundy_quotient *q)
{
    return q != NULL ? q->pre.m.np : 0;
}

int grundy_quotient_is_p(const grundy_quotient *q, uint32_t x)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    if (x >= q->pre.m.n)
        return GRUNDY_ERANGE;
    return grundy__qmon_is_p(&q->pre.m, x);
}

int grundy_quotient_tame(const grundy_quotient *q)
{
    if (q == NULL)
        return 0;
    uint32_t n = q->pre.m.n;
    if (n <= 2)
        return 1;
    return q->pre.m.np == 2 && ((n - 2) & (n - 3)) == 0;
}

int grundy_quotient_multiply(const grundy_quotient *q, uint32_t x, uint32_t y, uint32_t *xy)
{
    if (xy != NULL)
        *xy = 0;
    if (q == NULL || xy == NULL)
        return GRUNDY_EINVAL;
    if (x >= q->pre.m.n || y >= q->pre.m.n)
        return GRUNDY_ERANGE;
    *xy = grundy__qmon_mul(&q->pre.m, x, y);
    return GRUNDY_OK;
}

/* Φ of each heap, or GRUNDY_ERANGE with a message naming call. */
static int phi_of(grundy_quotient *q, uint64_t heap, uint32_t *x, const char *call)
{
    if (grundy__qphi(q, heap, x))
        return GRUNDY_OK;
    return grundy__qfail(q, GRUNDY_ERANGE, "%s: heap %llu is past the heaps covered (0 to "
                         "%llu, not solved): compute further first", call,
                         (unsigned long long)heap, (unsigned long long)(q->pre.phi.n - 1));
}

int grundy_quotient_phi(const grundy_quotient *q, uint64_t heap, uint32_t *x)
{
    if (x != NULL)
        *x = 0;
    if (q == NULL || x == NULL)
        return GRUNDY_EINVAL;
    return phi_of((grundy_quotient *)(uintptr_t)q, heap, x, "grundy_quotient_phi");
}

size_t grundy_quotient_generator_count(const grundy_quotient *q)
{
    return q != NULL ? q->pre.gen_heap.n : 0;
}

int grundy_quotient_generator_heap(const grundy_quotient *q, size_t i, uint64_t *heap)
{
    if (heap != NULL)
        *heap = 0;
    if (q == NULL || heap == NULL)
        return GRUNDY_EINVAL;
    if (i >= q->pre.gen_heap.n)
        return GRUNDY_ERANGE;
    *heap = q->pre.gen_heap.v[i];
    return GRUNDY_OK;
}

int grundy_quotient_word(const grundy_quotient *q, uint32_t x, uint32_t *exponents, size_t cap)
{
    if (exponents != NULL)
        memset(exponents, 0, cap * sizeof *exponents);
    if (q == NULL || (exponents == NULL && cap > 0))
        return GRUNDY_EINVAL;
    size_t ngen = q->pre.gen_heap.n;
    if (x >= q->pre.m.n || cap < ngen)
        return GRUNDY_ERANGE;
    if (ngen > 0)
        memcpy(exponents, q->pre.exps + (size_t)x * ngen, ngen * sizeof *exponents);
    return GRUNDY_OK;
}

size_t grundy_quotient_relation_count(const grundy_quotient *q)
{
    return q != NULL ? q->pre.rel_x.n : 0;
}

int grundy_quotient_relation(const grundy_quotient *q, size_t i, uint32_t *lhs, uint32_t *rhs,
                             size_t cap)
{
    if (lhs != NULL)
        memset(lhs, 0, cap * sizeof *lhs);
    if (rhs != NULL)
        memset(rhs, 0, cap * sizeof *rhs);
    if (q == NULL || ((lhs == NULL || rhs == NULL) && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    size_t ngen = p->gen_heap.n;
    if (i >= p->rel_x.n || cap < ngen)
        return GRUNDY_ERANGE;
    uint32_t x = p->rel_x.v[i], j = p->rel_j.v[i];
    memcpy(lhs, p->exps + (size_t)x * ngen, ngen * sizeof *lhs);
    lhs[j]++;
    uint32_t y = grundy__qmon_mul(&p->m, x, p->phi.v[p->gen_heap.v[j]]);
    memcpy(rhs, p->exps + (size_t)y * ngen, ngen * sizeof *rhs);
    return GRUNDY_OK;
}

/* ---- the presentation as text ------------------------------------------------------ */

typedef struct text {
    char *buf;
    size_t cap, len;
} text;

/* The text a call writes into buf (cap bytes, NUL included): *len and buf
 * emptied first, so that every out is written on every path. */
static text text_start(char *buf, size_t cap, size_t *len)
{
    if (len != NULL)
        *len = 0;
    if (buf != NULL && cap > 0)
        buf[0] = '\0';
    text t = {buf, cap > 0 ? cap - 1 : 0, 0};
    return t;
}

/* Ends the text: NUL-terminated (a prefix when it did not fit), *len its
 * whole length; GRUNDY_ERANGE when cap was too small. */
static int text_end(const text *t, size_t cap, size_t *len)
{
    *len = t->len;
    if (cap > 0)
        t->buf[t->len < t->cap ? t->len : t->cap] = '\0';
    return t->len < cap ? GRUNDY_OK : GRUNDY_ERANGE;
}

static void put(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len < t->cap) {
        size_t room = t->cap - t->len;
        memcpy(t->buf + t->len, s, n < room ? n : room);
    }
    t->len += n;
}

/* The word w, with one more of generator plus (none if plus >= G). */
static void put_word(text *t, const uint32_t *w, size_t ngen, size_t plus)
{
    int any = 0;
    for (size_t j = 0; j < ngen; j++) {
        uint32_t e = w[j] + (j == plus);
        if (e == 0)
            continue;
        char s[48];
        if (j < 26)
            snprintf(s, sizeof s, "%c", (char)('a' + j));
        else
            snprintf(s, sizeof s, "g%zu", j);
        put(t, s);
        if (e > 1) {
            snprintf(s, sizeof s, "^%lu", (unsigned long)e);
            put(t, s);
        }
        any = 1;
    }
    if (!any)
        put(t, "1");
}

int grundy_quotient_presentation(const grundy_quotient *q, char *buf, size_t cap, size_t *len)
{
    text t = text_start(buf, cap, len);
    if (q == NULL || len == NULL || (buf == NULL && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    size_t ngen = p->gen_heap.n;
    for (size_t i = 0; i < p->rel_x.n; i++) {
        uint32_t x = p->rel_x.v[i], j = p->rel_j.v[i];
        uint32_t y = grundy__qmon_mul(&p->m, x, p->phi.v[p->gen_heap.v[j]]);
        if (i > 0)
            put(&t, ", ");
        put_word(&t, p->exps + (size_t)x * ngen, ngen, j);
        put(&t, " = ");
        put_word(&t, p->exps + (size_t)y * ngen, ngen, ngen);
    }
    return text_end(&t, cap, len);
}

int grundy_quotient_element_name(const grundy_quotient *q, uint32_t x, char *buf, size_t cap,
                                 size_t *len)
{
    text t = text_start(buf, cap, len);
    if (q == NULL || len == NULL || (buf == NULL && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    if (x >= p->m.n)
        return GRUNDY_ERANGE;
    size_t ngen = p->gen_heap.n;
    put_word(&t, p->exps + (size_t)x * ngen, ngen, ngen);
    return text_end(&t, cap, len);
}

/* ---- sums of heaps ------------------------------------------------------------------- */

static int sum_elem(grundy_quotient *q, const uint64_t *heaps, size_t n, uint32_t *x,
                    const char *call)
{
    uint32_t z = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t f = 0;
        int rc = phi_of(q, heaps[i], &f, call);
        if (rc != GRUNDY_OK)
            return rc;
        z = grundy__qmon_mul(&q->pre.m, z, f);
    }
    *x = z;
    return GRUNDY_OK;
}

int grundy_quotient_sum_outcome(grundy_quotient *q, const uint64_t *heaps, size_t n)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    if (heaps == NULL && n > 0)
        return grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_sum_outcome: heaps is NULL");
    uint32_t x;
    int rc = sum_elem(q, heaps, n, &x, "grundy_quotient_sum_outcome");
    if (rc != GRUNDY_OK)
        return rc;
    return grundy__qmon_is_p(&q->pre.m, x) ? GRUNDY_P : GRUNDY_N;
}

typedef struct move_walk {
    const grundy_quotient *q;
    uint32_t rest;
    uint64_t found;
} move_walk;

static int to_p(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    move_walk *w = (move_walk *)ctx;
    const grundy__qmon *m = &w->q->pre.m;
    uint32_t x = w->rest, f = 0;
    for (size_t i = 0; i < nparts; i++) {
        (void)grundy__qphi(w->q, parts[i], &f); /* below a heap that has Φ */
        x = grundy__qmon_mul(m, x, f);
    }
    if (!grundy__qmon_is_p(m, x))
        return 0;
    w->found = k;
    return 1;
}

int grundy_quotient_sum_winning_move(grundy_quotient *q, const uint64_t *heaps, size_t n,
                                     uint64_t *moves)
{
    if (moves != NULL)
        for (size_t i = 0; i < n; i++)
            moves[i] = GRUNDY_NO_MOVE;
    if (q == NULL)
        return GRUNDY_EINVAL;
    if ((heaps == NULL || moves == NULL) && n > 0)
        return grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_sum_winning_move: %s is NULL",
                             heaps == NULL ? "heaps" : "moves");
    const char *call = "grundy_quotient_sum_winning_move";
    uint32_t x;
    int rc = sum_elem(q, heaps, n, &x, call);
    if (rc != GRUNDY_OK)
        return rc;
    const grundy__qmon *m = &q->pre.m;
    if (grundy__qmon_is_p(m, x))
        return 0;
    /* rest of heap i: the product of the heaps before it and after it. */
    uint32_t *suffix = (uint32_t *)grundy__alloc_array(&q->alloc, n + 1, sizeof *suffix);
    if (suffix == NULL)
        return grundy__qfail(q, GRUNDY_ENOMEM, "%s: out of memory", call);
    suffix[n] = 0;
    for (size_t i = n; i-- > 0;) {
        uint32_t f = 0;
        (void)grundy__qphi(q, heaps[i], &f);
        suffix[i] = grundy__qmon_mul(m, f, suffix[i + 1]);
    }
    uint32_t prefix = 0;
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) {
        move_walk w = {q, grundy__qmon_mul(m, prefix, suffix[i + 1]), GRUNDY_NO_MOVE};
        /* Solved: Φ repeats from the preperiod, and so do the options. */
        if (grundy__heap_each_move_periodic(&q->rules, heaps[i], q->solved ? q->preperiod : 0,
                                            q->solved ? q->period : 0, to_p, &w) != 0) {
            moves[i] = w.found;
            found = 1;
        }
        uint32_t f = 0;
        (void)grundy__qphi(q, heaps[i], &f);
        prefix = grundy__qmon_mul(m, prefix, f);
    }
    grundy__free(&q->alloc, suffix);
    return found;
}
