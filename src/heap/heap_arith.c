/* SPDX-License-Identifier: MIT */
/* Heap games: arithmetic periods, G(n + p) = G(n) + s from a preperiod on.
 *
 * What is proved, and how:
 * - finite octal and hexadecimal codes, subtraction games: s = 0 only, by
 *   the Guy-Smith theorem (heap_period.c).  Finite octal games are never
 *   arithmetic-periodic with s != 0 (Horrocks and Nowakowski, INTEGERS 3
 *   (2003) G1), so nothing else is looked for there.  For hexadecimal
 *   codes, whose values often grow arithmetically, a regularity with
 *   s != 0 is reported as observed, never as proved: the library does not
 *   carry an arithmetic-periodicity theorem for them;
 * - all-but subtraction games: by the certificate of heap_allbut.c, a
 *   finite check on the values computed;
 * - Lasker's Nim: by its closed form, a theorem (Winning Ways, ch. 4):
 *   G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4 and
 *   G(4k + 4) = 4k + 3, that is period 4, preperiod 1, saltus 4.
 *
 * The detector (grundy__heap_observe) only proposes: for each p from 1 it
 * takes s from the last values and walks back while G(m + p) = G(m) + s,
 * and accepts the first p whose run covers three periods and half the
 * values.  A sequence with no regularity fails at the first step for
 * most p, and the walk is capped, so "none" costs little and no fit is
 * forced. */
#include "heap/heap_game.h"
#include "play/play.h"

#define OBSERVE_MIN 8u     /* fewer values show nothing */
#define OBSERVE_WORK 64u   /* steps per value the detector may take */

static uint64_t at(const grundy__values *v, uint64_t i)
{
    return grundy__values_get(v, i);
}

/* The least m <= from such that G(i + p) = G(i) + s for every i in
 * [m, from): the walk back from `from`, taking one step of *budget each
 * (UINT64_MAX when the budget runs out). */
static uint64_t run_start(const grundy__values *v, uint64_t from, uint64_t p, uint64_t s,
                          uint64_t *budget)
{
    uint64_t m = from;
    while (m > 0 && at(v, m - 1 + p) == at(v, m - 1) + s) {
        if (*budget == 0)
            return UINT64_MAX;
        (*budget)--;
        m--;
    }
    return m;
}

int grundy__heap_observe(const grundy__values *v, uint64_t n, int saltus_ok,
                         grundy__heap_seen *seen)
{
    if (n < OBSERVE_MIN)
        return 0;
    uint64_t budget = OBSERVE_WORK * n;
    for (uint64_t p = 1; 3 * p <= n && budget > 0; p++, budget--) {
        uint64_t last = at(v, n - 1), before = at(v, n - 1 - p);
        if (last < before || (last != before && !saltus_ok))
            continue;
        uint64_t s = last - before;
        uint64_t e = run_start(v, n - p, p, s, &budget);
        if (e == UINT64_MAX)
            return 0;
        if (n - e >= 3 * p && n - e >= n / 2) {
            seen->period = p;
            seen->preperiod = e;
            seen->saltus = s;
            seen->upto = n;
            return 1;
        }
    }
    return 0;
}

int grundy__heap_provable(const grundy_heap_game *g)
{
    return grundy__heap_theorem_applies(g) || grundy__heap_rules_allbut(&g->rules) ||
           grundy__heap_rules_lasker(&g->rules);
}

void grundy__heap_lasker_closed_form(grundy_heap_game *g)
{
    if (g->vals.n < GRUNDY__HEAP_LASKER_FIRST)
        return;
    g->periodic = 1;
    g->period = 4;
    g->preperiod = 1;
    g->saltus = 4;
}

/* (p, s) holds for every m >= e: the least period d of the sequence is a
 * divisor of p.  If G(m + d) - G(m) is the same over a whole period p
 * from some E >= e, it is so for ever (each m >= E is E + i + kp, and
 * both sides gain ks), so the first divisor d that passes over the last
 * whole period of the values is the least period. */
static void least_period(grundy_heap_game *g)
{
    const grundy__values *v = &g->vals;
    uint64_t p = g->period, s = g->saltus, n = v->n;
    for (uint64_t d = 1; d < p; d++) {
        if (p % d != 0 || n < p + d || n - p - d < g->preperiod)
            continue;
        uint64_t from = n - p - d;
        uint64_t sd = at(v, from + d) - at(v, from);
        if (at(v, from + d) < at(v, from) || sd * (p / d) != s)
            continue;
        uint64_t i = from;
        while (i < n - d && at(v, i + d) == at(v, i) + sd)
            i++;
        if (i < n - d)
            continue;
        uint64_t budget = UINT64_MAX;
        g->period = d;
        g->saltus = sd;
        g->preperiod = run_start(v, from, d, sd, &budget);
        return;
    }
}

int grundy__heap_check_allbut(grundy_heap_game *g)
{
    grundy__heap_seen seen;
    if (!grundy__heap_observe(&g->vals, g->vals.n, 1, &seen))
        return 0;
    /* The latest heap where the values hold both states: the most likely
     * to be past the preperiod of the state. */
    int rc = grundy__heap_allbut_certify(g, seen.period, seen.saltus, g->vals.n - seen.period);
    if (rc != 1)
        return rc;
    g->periodic = 1;
    g->period = seen.period;
    g->preperiod = seen.preperiod;
    g->saltus = seen.saltus;
    least_period(g);
    return 1;
}

/* Whether a regularity with s != 0 may be looked for in this game's values:
 * not in finite octal games (Horrocks and Nowakowski) nor Grundy's game. */
static int saltus_possible(const grundy_heap_game *g)
{
    return g->rules.max_parts >= 3 || g->rules.tail != 0;
}

int grundy__heap_check_regularity(grundy_heap_game *g)
{
    return grundy__heap_rules_allbut(&g->rules) ? grundy__heap_check_allbut(g)
                                               : grundy__heap_check_period(g);
}

int grundy__heap_prove(grundy_heap_game *g, uint64_t max, const char *call)
{
    if (g->periodic || !grundy__heap_provable(g))
        return GRUNDY_OK;
    int detect = g->detect;
    g->detect = 1;
    int rc = grundy_heap_game_compute(g, max);
    g->detect = detect;
    if (rc != GRUNDY_OK)
        return rc;
    /* The last values may prove what no checkpoint reached yet. */
    if (!g->periodic)
        rc = grundy__heap_check_regularity(g);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "%s: out of memory checking %llu values for a period",
                                 call, (unsigned long long)g->vals.n);
    return GRUNDY_OK;
}

int grundy_heap_game_arithmetic_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                                       uint64_t *preperiod, uint64_t *saltus, int *proved)
{
    static const char call[] = "grundy_heap_game_arithmetic_period";
    if (period != NULL)
        *period = 0;
    if (preperiod != NULL)
        *preperiod = 0;
    if (saltus != NULL)
        *saltus = 0;
    if (proved != NULL)
        *proved = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (period == NULL || preperiod == NULL || saltus == NULL || proved == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: an out-parameter is NULL", call);
    *period = *preperiod = *saltus = 0;
    *proved = 0;
    int rc = grundy__heap_ready(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_prove(g, max, call);
    /* What cannot be proved is still computed, to be looked at. */
    if (rc == GRUNDY_OK && !g->periodic)
        rc = grundy_heap_game_compute(g, max);
    if (rc != GRUNDY_OK)
        return rc;
    if (g->periodic) {
        *period = g->period;
        *preperiod = g->preperiod;
        *saltus = g->saltus;
        *proved = 1;
        return 1;
    }
    grundy__heap_seen seen;
    uint64_t n = g->vals.n < max ? g->vals.n : max;
    if (g->runs != NULL) /* a subtraction game's values as runs (heap_sub_runs.c) */
        rc = g->runs_observe(g, max, &seen);
    else
        rc = grundy__heap_observe(&g->vals, n, saltus_possible(g), &seen);
    if (rc != 1)
        return rc;
    *period = seen.period;
    *preperiod = seen.preperiod;
    *saltus = seen.saltus;
    return 1;
}

int grundy_heap_game_value64(grundy_heap_game *g, int play, uint64_t heap, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_value64: value is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_value64");
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE) {
        uint32_t v = 0;
        rc = grundy__heap_misere_values(g, play, heap, 1, &v, "grundy_heap_game_value64");
        *value = v;
        return rc;
    }
    return rc != GRUNDY_OK ? rc : grundy__heap_value_of(g, heap, value);
}
