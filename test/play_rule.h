/* SPDX-License-Identifier: MIT */
/* The number of a position under each way of playing, from the numbers of
 * its options, written out from the definitions of grundy.h section 2.  The
 * tests' brute forces share these rules, and nothing of the library's.
 * Options are one-part (or finished: see play_rule_finished). */
#ifndef GRUNDY_TEST_PLAY_RULE_H
#define GRUNDY_TEST_PLAY_RULE_H

#include <stdint.h>

#include "grundy.h"

/* What the finished game (an option of no parts) counts as under play. */
static inline uint32_t play_rule_finished(int play)
{
    return play == GRUNDY_PLAY_MISERE ? 1 : play == GRUNDY_PLAY_WTIA ? GRUNDY_SP : 0;
}

/* The least number missing from opts (SP and SC skipped), by plain search:
 * the tests' positions have few options. */
static inline uint32_t play_rule_mex(const uint32_t *opts, int m)
{
    for (uint32_t v = 0;; v++) {
        int seen = 0;
        for (int k = 0; k < m && !seen; k++)
            seen = opts[k] == v;
        if (!seen)
            return v;
    }
}

/* The number of a position whose m options have numbers opts under play
 * (on an acyclic game the loopy value is the Sprague-Grundy value). */
static inline uint32_t play_rule(int play, const uint32_t *opts, int m)
{
    int any_sp = 0, any_even = 0;
    uint32_t min_even = UINT32_MAX, max_even = 0, min_odd = UINT32_MAX, max_odd = 0;
    for (int k = 0; k < m; k++) {
        uint32_t x = opts[k];
        any_sp |= x == GRUNDY_SP;
        if (x % 2 == 0) {
            any_even = 1;
            min_even = x < min_even ? x : min_even;
            max_even = x > max_even ? x : max_even;
        } else {
            min_odd = x < min_odd ? x : min_odd;
            max_odd = x > max_odd ? x : max_odd;
        }
    }
    switch (play) {
    case GRUNDY_PLAY_MISERE: return m == 0 ? 1 : play_rule_mex(opts, m);
    case GRUNDY_PLAY_WTIA: return m == 0 ? GRUNDY_SP : any_sp ? GRUNDY_SC : play_rule_mex(opts, m);
    /* Remoteness: win as fast as possible, lose as slowly as possible. */
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_SHORTENED: return m == 0 ? 0 : 1 + (any_even ? min_even : max_odd);
    /* Suspense: win as slowly as possible, lose as fast as possible. */
    case GRUNDY_PLAY_CONTINUED: return m == 0 ? 0 : 1 + (any_even ? max_even : min_odd);
    default: return play_rule_mex(opts, m); /* normal, selective, loopy */
    }
}

#endif
