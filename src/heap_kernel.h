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
        size_t j = 0;
        for (; j < g->nrare && g->rare[j] < m; j++) {
            uint64_t a = g->rare[j];
            if (!(g->rules.unequal && 2 * a == m))
                grundy__mex_add(mx, (uint32_t)(v[a] ^ v[m - a]));
        }
        g->work += j + 1;
    }
    uint32_t c = 0;
    while (!grundy__odd_parity(c & mask) || grundy__mex_seen(mx, c))
        c++;
    /* want[x] marks the rare values below c that no option has shown yet. */
    unsigned char *want = g->want;
    uint32_t missing = 0;
    for (uint32_t x = 0; x < c; x++) {
        want[x] = !grundy__odd_parity(x & mask) && !grundy__mex_seen(mx, x);
        missing += want[x];
    }
    for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        /* Blocks of splits: one OR of table reads per block, and a second
         * look only at the rare block that hits. */
        uint64_t a = 1;
        while (a <= half && missing > 0) {
            uint64_t end = half - a + 1 < WANT_BLOCK ? half + 1 : a + WANT_BLOCK;
            unsigned hit = 0;
            for (uint64_t b = a; b < end; b++)
                hit |= want[(uint32_t)(v[b] ^ v[m - b])];
            if (hit) {
                for (uint64_t b = a; b < end && missing > 0; b++) {
                    uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
                    if (want[x]) {
                        want[x] = 0;
                        grundy__mex_add(mx, x);
                        missing--;
                    }
                }
            }
            g->work += end - a;
            a = end;
        }
    }
    for (uint32_t x = 0; x < c; x++)
        want[x] = 0;
    if (missing == 0)
        return c;
    uint32_t x = 0;
    while (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x))
        x++;
    return x; /* a new rare value */
}
