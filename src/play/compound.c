/* SPDX-License-Identifier: MIT */
/* Sums decided by their components' numbers (ONAG ch. 14; Winning Ways):
 * - normal play: N iff the xor of the values is non-zero;
 * - misère play under the SJ theorem's precondition (Anti-SG): N iff either
 *   the xor is non-zero and some value exceeds 1, or the xor is zero and
 *   none does;
 * - WTIA: P iff some component is SP, or all are numbers with xor 0;
 * - conjunctive: the sum's remoteness is the least of the components'
 *   (the race that ends first decides): N iff it is odd;
 * - continued conjunctive: the sum's suspense is the largest (play goes on
 *   until the last component ends): N iff it is odd;
 * - selective: P iff every component is P, since from there every move turns
 *   some components into N-positions and the reply moves each of them back to
 *   a P-position;
 * - shortened selective: the same while every component can still move, but
 *   a component that has ended ends the game, lost for the player to move.
 *   Remoteness tells both apart (0 is ended, odd is N), so it decides. */
#include "play/compound.h"
#include "play/play.h"

int grundy__numbers_decide(int play, const void *ctx, size_t n, grundy__value_at_fn value_at)
{
    if (grundy__play_refusal(play, 1) != NULL)
        return GRUNDY_EINVAL;
    uint64_t x = 0, least = UINT64_MAX, most = 0;
    int big = 0, any_sp = 0, any_sc = 0, any_odd = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = value_at(ctx, i);
        if (play == GRUNDY_PLAY_WTIA && (v == GRUNDY_SP || v == GRUNDY_SC)) {
            any_sp |= v == GRUNDY_SP;
            any_sc |= v == GRUNDY_SC;
            continue;
        }
        x ^= v;
        big |= v > 1;
        any_odd |= v % 2 == 1;
        if (v < least) least = v;
        if (v > most) most = v;
    }
    int win;
    switch (play) {
    case GRUNDY_PLAY_NORMAL: win = x != 0; break;
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ: win = (x != 0) == (big != 0); break;
    case GRUNDY_PLAY_WTIA: win = !any_sp && (any_sc || x != 0); break;
    case GRUNDY_PLAY_CONJUNCTIVE: win = n > 0 && least % 2 == 1; break;
    case GRUNDY_PLAY_CONTINUED: win = most % 2 == 1; break;
    case GRUNDY_PLAY_SELECTIVE: win = most != 0; break;
    case GRUNDY_PLAY_SHORTENED: win = n > 0 && least > 0 && any_odd; break;
    default: return GRUNDY_ENOTSUP; /* misère by another method, loopy play */
    }
    return win ? GRUNDY_N : GRUNDY_P;
}

static uint64_t number_at(const void *ctx, size_t i)
{
    return ((const uint32_t *)ctx)[i];
}

int grundy_numbers_sum_outcome(int play, const uint32_t *numbers, size_t n)
{
    if (numbers == NULL && n > 0)
        return GRUNDY_EINVAL;
    return grundy__numbers_decide(play, numbers, n, number_at);
}
