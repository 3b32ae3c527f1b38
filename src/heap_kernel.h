/* The inner loops of heap-game values, written once and included by
 * heap_game.c for each stored width, with VALUE_T (the stored type) and
 * KERNEL(name) (the name with the prefix grundy__heap_ and the width's
 * suffix) defined.  A template by inclusion keeps the hot loops free of a
 * switch on the width per read. */

/* Marks the values of every split of m tokens into two (and three) heaps. */
static void KERNEL(all_splits)(grundy_heap_game *g, const VALUE_T *v, uint64_t m, unsigned bits)
{
    if ((bits & HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = 1; a <= half; a++)
            grundy__mex_add(&g->mex, (uint32_t)(v[a] ^ v[m - a]));
        g->work += half;
    }
    if ((bits & HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&g->mex, (uint32_t)(v[a] ^ v[b] ^ v[m - a - b]));
            g->work += m / 2;
        }
    }
}

/* Marks the options that take k tokens and leave nothing or one heap. */
static void KERNEL(removal)(grundy_heap_game *g, const VALUE_T *v, uint64_t n, uint64_t k,
                            unsigned d)
{
    if ((d & HEAP_LEAVE_NONE) && n == k)
        grundy__mex_add(&g->mex, 0);
    if ((d & HEAP_LEAVE_ONE) && n > k)
        grundy__mex_add(&g->mex, v[n - k]);
}

/* G(n) by the mex over every option. */
static uint32_t KERNEL(plain)(grundy_heap_game *g, uint64_t n)
{
    const VALUE_T *v = (const VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&g->mex);
    KERNEL(all_splits)(g, v, n, r->digit[0]);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        KERNEL(removal)(g, v, n, k, r->digit[k]);
        KERNEL(all_splits)(g, v, n - k, r->digit[k]);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++) {
            KERNEL(removal)(g, v, n, k, r->tail);
            KERNEL(all_splits)(g, v, n - k, r->tail);
        }
        g->work += n;
    }
    g->work += r->nremovals + 1;
    return grundy__mex_end(&g->mex);
}

/* Marks the value of the split (a, m - a) for each of the count rare heaps a.
 * The hottest loop of the sparse method, so it keeps everything in locals:
 * every value is below pow2 and so within the stamp array. */
static void KERNEL(mark_rare)(uint32_t *stamp, uint32_t gen, const VALUE_T *v,
                              const uint32_t *rare, size_t count, uint64_t m)
{
    for (size_t j = 0; j < count; j++)
        stamp[v[rare[j]] ^ v[m - rare[j]]] = gen;
}

#ifdef KERNEL_SCAN8
/* Marks every rare value below c that a split reaches, stopping as soon as
 * all are; returns how many none reaches.  One-byte values: the vectorised
 * scan of heap_scan.h.  A rare value of 256 or more is never reached (every
 * split's value is below 256), so it stays missing and needs no set bit. */
static uint32_t KERNEL(confirm)(grundy_heap_game *g, const VALUE_T *v, uint64_t n, uint32_t c)
{
    grundy__mex *mx = &g->mex;
    grundy__want8 *w = &g->want8;
    uint32_t missing = 0;
    for (uint32_t x = 0; x < c; x++) {
        if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(mx, x)) {
            if (x < 256)
                grundy__want8_flip(w, x);
            missing++;
        }
    }
    for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        uint64_t end = m / 2 + 1;
        if (g->rules.unequal && m % 2 == 0)
            end--;
        uint64_t b = 1;
        while (missing > 0 && b < end) {
            uint64_t hit = g->scan8(w, (const uint8_t *)v, m, b, end);
            g->work += hit - b + 1;
            if (hit == end)
                break;
            uint32_t x = (uint32_t)(v[hit] ^ v[m - hit]);
            grundy__want8_flip(w, x);
            grundy__mex_add(mx, x);
            missing--;
            b = hit + 1;
        }
    }
    for (uint32_t x = 0; missing > 0 && x < c && x < 256; x++) {
        if (grundy__want8_has(w, x))
            grundy__want8_flip(w, x);
    }
    return missing;
}
#else
/* As above, for values of two or four bytes: want[x] marks the rare values
 * below c that no option has shown yet.  Two-byte values switch to the
 * vectorised list scan for the last few. */
static uint32_t KERNEL(confirm)(grundy_heap_game *g, const VALUE_T *v, uint64_t n, uint32_t c)
{
    grundy__mex *mx = &g->mex;
    unsigned char *want = g->want;
    uint32_t missing = 0;
    for (uint32_t x = 0; x < c; x++) {
        want[x] = !grundy__odd_parity(x & g->mask) && !grundy__mex_seen(mx, x);
        missing += want[x];
    }
#ifdef KERNEL_SCAN16
    unsigned listed = 0; /* g->few[0 .. listed): the wanted values, once few */
#endif
    for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        uint64_t end = m / 2 + 1;
        if (g->rules.unequal && m % 2 == 0)
            end--;
        uint64_t a = 1;
        while (a < end && missing > 0) {
#ifdef KERNEL_SCAN16
            if (missing <= GRUNDY__SCAN_FEW && c <= 65536) {
                if (listed == 0) {
                    for (uint32_t x = 0; x < c; x++) {
                        if (want[x])
                            g->few[listed++] = (uint16_t)x;
                    }
                }
                uint64_t b = g->scan16(g->few, listed, v, m, a, end);
                g->work += b - a + 1;
                if (b == end)
                    break;
                uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
                for (unsigned i = 0; i < listed; i++) {
                    if (g->few[i] == x)
                        g->few[i] = g->few[--listed];
                }
                want[x] = 0;
                grundy__mex_add(mx, x);
                missing--;
                a = b + 1;
                continue;
            }
#endif
            /* Blocks of splits: one OR of table reads per block, and a
             * second look only at the rare block that hits; while many
             * values are wanted most blocks hit, so look once. */
            uint64_t stop = end - a < WANT_BLOCK ? end : a + WANT_BLOCK;
            unsigned hit = missing > WANT_MANY;
            for (uint64_t b = a; b < stop && !hit; b++)
                hit |= want[(uint32_t)(v[b] ^ v[m - b])];
            if (hit) {
                for (uint64_t b = a; b < stop && missing > 0; b++) {
                    uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
                    if (want[x]) {
                        want[x] = 0;
                        grundy__mex_add(mx, x);
                        missing--;
                    }
                }
            }
            g->work += stop - a;
            a = stop;
        }
    }
    for (uint32_t x = 0; x < c; x++)
        want[x] = 0;
    return missing;
}
#endif

/* G(n) by the sparse-space method (two-heap splits only, no tail):
 * 1. mark the plain removals and every split through a rare heap, which
 *    includes every split of common value;
 * 2. c = the least common value not marked: no option has it;
 * 3. a rare value below c is the answer only if no split reaches it: scan
 *    the remaining splits, stopping as soon as every one of them is reached. */
static uint32_t KERNEL(sparse)(grundy_heap_game *g, uint64_t n)
{
    const VALUE_T *v = (const VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    const uint32_t mask = g->mask;
    grundy__mex *mx = &g->mex;
    grundy__mex_begin(mx);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++)
        KERNEL(removal)(g, v, n, r->removals[i], r->digit[r->removals[i]]);
    for (size_t s = 0; s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        size_t below = rare_below(g->rare, g->nrare, m);
        if (g->rules.unequal && m % 2 == 0) {
            /* Leave out the equal split: m/2 and m/2 is not a move. */
            size_t mid = rare_below(g->rare, below, m / 2);
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, g->rare, mid, m);
            mid += mid < below && g->rare[mid] == m / 2;
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, g->rare + mid, below - mid, m);
        } else {
            KERNEL(mark_rare)(mx->stamp, mx->gen, v, g->rare, below, m);
        }
        g->work += below + 1;
    }
    uint32_t c = 0;
    while (!grundy__odd_parity(c & mask) || grundy__mex_seen(mx, c))
        c++;
    uint32_t missing = KERNEL(confirm)(g, v, n, c);
    if (missing == 0)
        return c;
    uint32_t x = 0;
    while (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x))
        x++;
    return x; /* a new rare value */
}
