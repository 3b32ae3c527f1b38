/* SPDX-License-Identifier: MIT */
/* The inner loops of heap-game values, written once and included by
 * heap_compute.c for each stored width, with VALUE_T (the stored type) and
 * KERNEL(name) (the name with the prefix grundy__heap_ and the width's
 * suffix) defined.  A template by inclusion keeps the hot loops free of a
 * switch on the width per read.
 *
 * Each kernel computes G(n) in a lane (grundy__heap_lane: its own mex marks
 * and tables), and reads G(n - 1) only after grundy__heap_lane_wait(): with
 * two lanes the other one may still be computing it.  The options that need G(n - 1) are
 * few (taking one token and leaving a heap, the split of n into 1 and
 * n - 1), so everything else is done first. */

/* Marks the values of every split of m tokens into two (and three) heaps,
 * the two-heap splits from (first, m - first) on. */
static void KERNEL(all_splits)(grundy_heap_game *g, grundy__heap_lane *L, const VALUE_T *v,
                               uint64_t m, unsigned bits, uint64_t first)
{
    if ((bits & HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = first; a <= half; a++)
            grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[m - a]));
        L->work += half;
    }
    if ((bits & HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[b] ^ v[m - a - b]));
            L->work += m / 2;
        }
    }
}

/* Marks the options that take k tokens and leave nothing or one heap. */
static void KERNEL(removal)(grundy__heap_lane *L, const VALUE_T *v, uint64_t n, uint64_t k,
                            unsigned d)
{
    if ((d & HEAP_LEAVE_NONE) && n == k)
        grundy__mex_add(&L->mex, 0);
    if ((d & HEAP_LEAVE_ONE) && n > k)
        grundy__mex_add(&L->mex, v[n - k]);
}

/* Marks the options left for after grundy__heap_lane_wait(): every removal
 * that leaves nothing or one heap, and the split of n into 1 and n - 1. */
static void KERNEL(deferred)(grundy_heap_game *g, grundy__heap_lane *L, const VALUE_T *v,
                             uint64_t n)
{
    const grundy__heap_rules *r = &g->rules;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++)
        KERNEL(removal)(L, v, n, r->removals[i], grundy__heap_rules_removal_digit(r, i));
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            KERNEL(removal)(L, v, n, k, r->tail);
    }
    if ((grundy__heap_rules_digit(r, 0) & HEAP_LEAVE_TWO) && n >= 2 && !(r->unequal && n == 2))
        grundy__mex_add(&L->mex, (uint32_t)(v[1] ^ v[n - 1]));
}

/* G(n) by the mex over every option, or GRUNDY__HEAP_ABANDONED. */
static uint32_t KERNEL(plain)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const VALUE_T *v = (const VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&L->mex);
    KERNEL(all_splits)(g, L, v, n, grundy__heap_rules_digit(r, 0), 2);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        KERNEL(all_splits)(g, L, v, n - k, grundy__heap_rules_removal_digit(r, i), 1);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            KERNEL(all_splits)(g, L, v, n - k, r->tail, 1);
        L->work += n;
    }
    L->work += r->nremovals + 1;
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    KERNEL(deferred)(g, L, v, n);
    return grundy__mex_end(&L->mex);
}

/* Marks the value of the split (a, m - a) for each of the count rare heaps a.
 * The hottest loop of the sparse method, so it keeps everything in locals:
 * every value is below pow2 and so within the stamp array. */
static void KERNEL(mark_rare)(uint32_t *stamp, uint32_t gen, const VALUE_T *v,
                              const uint32_t *rare, size_t count, uint64_t m)
{
    const VALUE_T *vm = v + m;
    size_t j = 0;
    /* Four at a time: the loads of one group do not wait for the stores of
     * the one before. */
    for (; j + 4 <= count; j += 4) {
        uint32_t a0 = rare[j], a1 = rare[j + 1], a2 = rare[j + 2], a3 = rare[j + 3];
        uint32_t x0 = (uint32_t)(v[a0] ^ vm[-(ptrdiff_t)a0]);
        uint32_t x1 = (uint32_t)(v[a1] ^ vm[-(ptrdiff_t)a1]);
        uint32_t x2 = (uint32_t)(v[a2] ^ vm[-(ptrdiff_t)a2]);
        uint32_t x3 = (uint32_t)(v[a3] ^ vm[-(ptrdiff_t)a3]);
        stamp[x0] = gen;
        stamp[x1] = gen;
        stamp[x2] = gen;
        stamp[x3] = gen;
    }
    for (; j < count; j++)
        stamp[v[rare[j]] ^ vm[-(ptrdiff_t)rare[j]]] = gen;
}

#ifdef KERNEL_SCAN8
/* The rare values below c that no option has shown yet, as the set that
 * the vectorised scan of heap_scan.h tests (the bitmap for AVX-512, else
 * the nibble tables); returns how many.  A rare value of 256 or more is
 * never reached (every split's value is below 256), so it stays missing
 * and needs no bit. */
static uint32_t KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
    for (uint32_t x = lo; x < c; x++) {
        if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
#if GRUNDY__SCAN_VECTOR
            if (x < 256 && g->scan_bits8 != NULL)
                grundy__want_bits_flip(&L->want_bits, x);
            else
#endif
            if (x < 256)
                grundy__want8_flip(&L->want8, x);
            missing++;
        }
    }
    return missing;
}

static void KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
    (void)lo;
    (void)c;
#if GRUNDY__SCAN_VECTOR
    memset(&L->want_bits, 0, sizeof L->want_bits);
#endif
    memset(&L->want8, 0, sizeof L->want8);
}

/* Marks the wanted values of the splits (b, m - b), lo <= b < stop, until
 * none is missing; returns how many still are. */
static uint32_t KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
#if GRUNDY__SCAN_VECTOR
    if (g->scan_bits8 != NULL) {
        uint16_t found[256];
        uint32_t k = g->scan_bits8(&L->want_bits, (const uint8_t *)v, m, lo, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - lo;
        return missing - k;
    }
#endif
    uint64_t b = lo;
    while (missing > 0 && b < stop) {
        uint64_t hit = g->scan8(&L->want8, (const uint8_t *)v, m, b, stop);
        L->work += hit - b + 1;
        if (hit == stop)
            break;
        uint32_t x = (uint32_t)(v[hit] ^ v[m - hit]);
        grundy__want8_flip(&L->want8, x);
        grundy__mex_add(&L->mex, x);
        missing--;
        b = hit + 1;
    }
    return missing;
}
#else
/* As above, for values of two or four bytes: want[x] marks the rare values
 * below c that no option has shown yet, and two-byte values switch to the
 * vectorised list scan for the last few (L->nfew of them, once listed). */
static uint32_t KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
#if defined(KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    /* The bitmap, where the processor has its scan and every value (so
     * every split's value) is below 1024. */
    L->bits = g->scan_bits != NULL && g->pow2 <= 1024;
    if (L->bits) {
        for (uint32_t x = lo; x < c; x++) {
            if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
                if (x < 1024)
                    grundy__want_bits_flip(&L->want_bits, x);
                missing++;
            }
        }
        return missing;
    }
#endif
    for (uint32_t x = lo; x < c; x++) {
        L->want[x] = !grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x);
        missing += L->want[x];
    }
    L->nfew = 0;
    L->want_lo = lo;
    L->want_c = c;
    return missing;
}

static void KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
#if defined(KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        memset(&L->want_bits, 0, sizeof L->want_bits);
        return;
    }
#endif
    memset(L->want + lo, 0, c - lo);
}

static uint32_t KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
    unsigned char *want = L->want;
    uint64_t a = lo;
#if defined(KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        uint16_t found[1024];
        uint32_t k = g->scan_bits(&L->want_bits, v, m, a, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - a;
        return missing - k;
    }
#endif
    while (a < stop && missing > 0) {
#ifdef KERNEL_SCAN16
        if (missing <= GRUNDY__SCAN_FEW && L->want_c <= 65536) {
            if (L->nfew == 0) {
                for (uint32_t x = L->want_lo; x < L->want_c; x++) {
                    if (want[x])
                        L->few[L->nfew++] = (uint16_t)x;
                }
            }
            uint64_t b = g->scan16(L->few, L->nfew, v, m, a, stop);
            L->work += b - a + 1;
            if (b == stop)
                break;
            want_hit(L, (uint32_t)(v[b] ^ v[m - b]));
            missing--;
            a = b + 1;
            continue;
        }
#else
        (void)g;
#endif
        /* Blocks of splits: one OR of table reads per block, and a second
         * look only at the rare block that hits; while many values are
         * wanted most blocks hit, so look once. */
        uint64_t end = stop - a < WANT_BLOCK ? stop : a + WANT_BLOCK;
        unsigned hit = missing > WANT_MANY;
        for (uint64_t b = a; b < end && !hit; b++)
            hit |= want[(uint32_t)(v[b] ^ v[m - b])];
        for (uint64_t b = a; hit && b < end && missing > 0; b++) {
            uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
            if (want[x]) {
                want_hit(L, x);
                missing--;
            }
        }
        L->work += end - a;
        a = end;
    }
    return missing;
}
#endif

/* Marks every rare value in [lo, c) that a split reaches, stopping as soon
 * as all are; returns how many none reaches.  With `early`, the split of n
 * into 1 and n - 1 is left out (G(n - 1) may not be known yet).  The
 * splits of every amount are scanned side by side in rounds of doubling
 * length, since a value may be within reach of one amount only (Kayles:
 * some only by taking 2). */
static uint32_t KERNEL(confirm)(grundy_heap_game *g, grundy__heap_lane *L, const VALUE_T *v,
                                uint64_t n, uint32_t lo, uint32_t c, int early)
{
    uint32_t missing = KERNEL(want_begin)(g, L, lo, c);
    for (uint64_t from = 1, to = FIRST_ROUND; missing > 0; from = to, to *= 2) {
        int more = 0;
        for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
            uint64_t m = n - g->split_k[s];
            uint64_t end = m / 2 + 1;
            if (g->rules.unequal && m % 2 == 0)
                end--;
            uint64_t first = early && m == n && from < 2 ? 2 : from;
            if (first >= end)
                continue;
            more = 1;
            missing = KERNEL(want_scan)(g, L, v, m, first, to < end ? to : end, missing);
        }
        if (!more)
            break;
    }
    KERNEL(want_end)(L, lo, c);
    return missing;
}

/* G(n) by the sparse-space method (two-heap splits only, no tail), or
 * GRUNDY__HEAP_ABANDONED:
 * 1. mark the plain removals and every split through a rare heap, which
 *    includes every split of common value;
 * 2. c = the least common value not marked: no option has it;
 * 3. a rare value below c is the answer only if no split reaches it: scan
 *    the remaining splits, stopping as soon as every one of them is reached. */
static uint32_t KERNEL(sparse)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const VALUE_T *v = (const VALUE_T *)(const void *)g->vals.p;
    const uint32_t mask = g->mask;
    const uint32_t *rare = g->rare;
    size_t nrare = rare_count(g);
    grundy__mex *mx = &L->mex;
    grundy__mex_begin(mx);
    for (size_t s = 0; nrare > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        /* For m = n the heaps 1 and n - 1 wait for the deferred split. */
        size_t lo = m == n && nrare > 0 && rare[0] == 1;
        size_t below = rare_below(rare, nrare, m == n ? m - 1 : m);
        if (lo > below)
            lo = below;
        if (g->rules.unequal && m % 2 == 0) {
            /* Leave out the equal split: m/2 and m/2 is not a move. */
            size_t mid = rare_below(rare, below, m / 2);
            mid = mid < lo ? lo : mid;
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, mid - lo, m);
            mid += mid < below && rare[mid] == m / 2;
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + mid, below - mid, m);
        } else {
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, below - lo, m);
        }
        L->work += below + 1;
    }
    /* Everything but the few options through heap n - 1 first, so that
     * with two lanes the wait for G(n - 1) comes at the very end. */
    uint32_t c = least_common(mx, mask, 0);
    uint32_t missing = KERNEL(confirm)(g, L, v, n, 0, c, 1);
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    KERNEL(deferred)(g, L, v, n);
    /* Those options can only mark more: c may grow, and the rare values
     * between the old and the new c need their check too. */
    uint32_t c2 = least_common(mx, mask, c);
    if (c2 > c)
        missing += KERNEL(confirm)(g, L, v, n, c, c2, 0);
    if (missing == 0)
        return c2;
    uint32_t x = 0;
    while (x < c2 && (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x)))
        x++;
    return x; /* a new rare value */
}
