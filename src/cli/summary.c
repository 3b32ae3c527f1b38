/* SPDX-License-Identifier: MIT */
/* What `stats` and `survey` say of a heap game's first n values: the
 * period, the largest value, the count of each value, and the rare values
 * under the sparse-space mask.
 *
 * Thread-safe: a summary uses its game and malloc, nothing shared, so
 * `survey` summarises games on several threads at once. */
#define GRUNDY_EXPERIMENTAL /* grundy_heap_game_sparse_mask, period detection */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_MASK 4096u /* masks tried, as the library tries them (heap_sparse.c) */
/* With a saltus every heap may have a value of its own: counting them all
 * takes a counter per value. */
#define MAX_COUNTED_VALUES ((uint64_t)1 << 26)

double cli_seconds(void)
{
    /* Zeroed first: MemorySanitizer does not know that timespec_get writes it. */
    struct timespec ts = {0, 0};
    if (timespec_get(&ts, TIME_UTC) != TIME_UTC)
        return 0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parity(uint64_t x)
{
    int p = 0;
    for (; x != 0; x &= x - 1)
        p ^= 1;
    return p;
}

/* counts[v] += k, growing the table: 0, GRUNDY_ENOMEM, or
 * CLI_SUMMARY_TOO_MANY when v is past what may be counted. */
static int count_value(cli_summary *s, uint64_t v, uint64_t k)
{
    if (v >= s->ncounts) {
        if (v >= MAX_COUNTED_VALUES)
            return CLI_SUMMARY_TOO_MANY;
        size_t len = s->ncounts ? s->ncounts : 64;
        while (len <= v)
            len *= 2;
        uint64_t *c = realloc(s->counts, len * sizeof *c);
        if (c == NULL)
            return GRUNDY_ENOMEM;
        memset(c + s->ncounts, 0, (len - s->ncounts) * sizeof *c);
        s->counts = c;
        s->ncounts = len;
    }
    s->counts[v] += k;
    if (v > s->largest)
        s->largest = v;
    return 0;
}

/* The heaps of each value among 0 .. n-1: one by one up to the preperiod
 * (or n), then, past a proved period, each residue's heaps at once. */
static int count_values(grundy_heap_game *g, cli_summary *s)
{
    int rc = 0;
    uint64_t direct = s->proved ? s->preperiod : s->n;
    if (direct > s->n)
        direct = s->n;
    for (uint64_t h = 0; h < direct; h++) {
        uint64_t v = 0;
        grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, h, &v);
        if ((rc = count_value(s, v, 1)) != 0)
            return rc;
    }
    if (!s->proved)
        return 0;
    for (uint64_t r = 0; r < s->period && s->preperiod + r < s->n; r++) {
        uint64_t h0 = s->preperiod + r, k = (s->n - 1 - h0) / s->period + 1, v = 0;
        grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, h0, &v);
        if (s->saltus == 0) {
            if ((rc = count_value(s, v, k)) != 0)
                return rc;
            continue;
        }
        for (uint64_t j = 0; j < k; j++) {
            if ((rc = count_value(s, v + j * s->saltus, 1)) != 0)
                return rc;
        }
    }
    return 0;
}

/* Heaps >= 1 of rare value (even parity under mask), from the counts. */
static uint64_t rare_heaps(const cli_summary *s, uint32_t mask, uint64_t stop)
{
    uint64_t count = 0;
    for (size_t v = 0; v < s->ncounts && count < stop; v++) {
        if (!parity(v & mask))
            count += s->counts[v];
    }
    /* heap 0 has value 0, rare under every mask, and is never listed */
    return count - (s->n > 0 && count > 0);
}

/* The mask the library would choose from these counts: the one under
 * which the fewest heaps are rare, if they are under a quarter. */
static uint32_t choose_mask(const cli_summary *s)
{
    uint64_t pow2 = 1;
    while (pow2 <= s->largest && pow2 < MAX_MASK)
        pow2 *= 2;
    uint64_t best_count = UINT64_MAX;
    uint32_t best = 0;
    for (uint32_t m = 1; m < pow2; m++) {
        uint64_t count = rare_heaps(s, m, best_count);
        if (count < best_count) {
            best_count = count;
            best = m;
        }
    }
    return best_count * 4 <= s->n ? best : 0;
}

int cli_summarize(grundy_heap_game *g, uint64_t n, int detect, cli_summary *s)
{
    *s = (cli_summary){0};
    s->n = n;
    double t0 = cli_seconds();
    int rc;
    if (detect) {
        int proved = 0;
        rc = grundy_heap_game_arithmetic_period(g, n, &s->period, &s->preperiod, &s->saltus,
                                                &proved);
        s->found = rc == 1;
        s->proved = rc == 1 && proved;
        /* An observed period says nothing of the heaps past those computed. */
        if (rc == 1 && !proved)
            rc = grundy_heap_game_compute(g, n);
    } else {
        grundy_heap_game_set_period_detection(g, 0);
        rc = grundy_heap_game_compute(g, n);
    }
    if (rc < 0)
        return rc;
    s->computed = grundy_heap_game_computed(g);
    if ((rc = count_values(g, s)) != 0) {
        cli_summary_free(s);
        return rc;
    }
    s->mask_used = grundy_heap_game_sparse_mask(g, &s->mask);
    if (!s->mask_used)
        s->mask = choose_mask(s);
    if (s->mask != 0) {
        s->rare_heaps = rare_heaps(s, s->mask, UINT64_MAX);
        for (size_t v = 0; v < s->ncounts; v++)
            s->rare_values += s->counts[v] != 0 && !parity(v & s->mask);
    }
    s->seconds = cli_seconds() - t0;
    return GRUNDY_OK;
}

int cli_summary_rare(const cli_summary *s, uint64_t v)
{
    return s->mask != 0 && v < s->ncounts && s->counts[v] != 0 && !parity(v & s->mask);
}

void cli_summary_free(cli_summary *s)
{
    free(s->counts);
    s->counts = NULL;
    s->ncounts = 0;
}
