/* SPDX-License-Identifier: MIT */
/* The per-position rule of every way of playing.
 *
 * - normal (and selective): mex of the option values (a split option's
 *   value is the xor).
 * - misère: a terminal position has misère Grundy value 1 (the player to
 *   move has won); otherwise the mex of the options' misère values.
 * - WTIA (w-numbers): terminal is SP; a move to SP makes SC; otherwise the
 *   mex of the options that are numbers (SC options are never worth playing).
 * - remoteness (conjunctive and shortened selective play, Smith): terminal
 *   0; with an option of even remoteness, win as fast as possible: 1 + the
 *   least even one; else lose as slowly as possible: 1 + the largest (odd) one.
 * - suspense (continued conjunctive play, Smith): terminal 0; with an even
 *   option, win as slowly as possible: 1 + the largest even one; else lose as
 *   fast as possible: 1 + the least odd one.
 * - width (internal): the most non-terminal components play can split into. */
#include "play/play.h"

#include <stdio.h>

const char *grundy__play_refusal(int play, int with_method)
{
    int method = play & GRUNDY_BY_MASK, base = grundy__play_base(play);
    if (base < GRUNDY_PLAY_NORMAL || base > GRUNDY_PLAY_SHORTENED)
        return "is not a play";
    if (method == 0)
        return NULL;
    if (method != GRUNDY_BY_SJ && method != GRUNDY_BY_GENUS && method != GRUNDY_BY_SEARCH)
        return "has an unknown method flag";
    if (base != GRUNDY_PLAY_MISERE || !with_method)
        return "has a method flag, which only misère sums take";
    return NULL;
}

const char *grundy__play_name(int play)
{
    static const char *const names[] = {
        "normal play", "misère play", "WTIA play", "conjunctive play",
        "continued conjunctive play", "loopy play", "selective play", "shortened selective play",
    };
    int base = grundy__play_base(play);
    return base >= 0 && base <= GRUNDY_PLAY_SHORTENED ? names[base] : "an unknown play";
}

#if GRUNDY__PLAYS_LEFT_OUT
int grundy__play_left_out(int play, const char *call, char *msg, size_t cap)
{
    static const char *const names[] = {
        "NORMAL", "MISERE", "WTIA", "CONJUNCTIVE", "CONTINUED", "LOOPY", "SELECTIVE", "SHORTENED",
    };
    snprintf(msg, cap, "%s: %s is not in this build, which leaves it out (GRUNDY_NO_%s_PLAY)",
             call, grundy__play_name(play), names[grundy__play_base(play) & 7]);
    return GRUNDY_ENOTSUP;
}
#endif

uint32_t grundy__play_finished(int play)
{
    switch (grundy__play_numbers(play)) {
    case GRUNDY_PLAY_MISERE: return 1;
    case GRUNDY_PLAY_WTIA: return GRUNDY_SP;
    default: return 0;
    }
}

int grundy__play_outcome(int play, uint32_t v)
{
    switch (grundy__play_numbers(play)) {
    case GRUNDY_PLAY_WTIA: return v == GRUNDY_SP || v == 0 ? GRUNDY_P : GRUNDY_N;
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED: return v % 2 ? GRUNDY_N : GRUNDY_P;
    default: return v ? GRUNDY_N : GRUNDY_P;
    }
}

void grundy__acc_begin(grundy__acc *acc, int play, grundy__mex *mex)
{
    acc->play = grundy__play_numbers(play);
    acc->mex = mex;
    acc->count = 0;
    acc->any_sp = 0;
    acc->any_even = acc->any_odd = 0;
    acc->min_even = acc->min_odd = UINT32_MAX;
    acc->max_even = acc->max_odd = 0;
    acc->widest = 0;
    grundy__mex_begin(mex);
}

uint32_t grundy__acc_end(const grundy__acc *acc)
{
    switch (acc->play) {
    case GRUNDY_PLAY_MISERE:
        return acc->count == 0 ? 1 : grundy__mex_end(acc->mex);
    case GRUNDY_PLAY_WTIA:
        if (acc->count == 0)
            return GRUNDY_SP;
        return acc->any_sp ? GRUNDY_SC : grundy__mex_end(acc->mex);
    case GRUNDY_PLAY_CONJUNCTIVE:
        if (acc->count == 0)
            return 0;
        return 1 + (acc->any_even ? acc->min_even : acc->max_odd);
    case GRUNDY_PLAY_CONTINUED:
        if (acc->count == 0)
            return 0;
        return 1 + (acc->any_even ? acc->max_even : acc->min_odd);
    case GRUNDY__PLAY_WIDTH:
        /* A position that can still move is at least one component. */
        return acc->count == 0 ? 0 : (acc->widest > 1 ? acc->widest : 1);
    default:
        return grundy__mex_end(acc->mex);
    }
}
