/* Compounds decided by numbers (ONAG ch. 14; Winning Ways):
 * - disjunctive: N iff the xor of the values is non-zero;
 * - Anti-SG (misère, under the SJ theorem's precondition): N iff either the
 *   xor is non-zero and some value exceeds 1, or the xor is zero and none does;
 * - WTIA: P iff some component is SP, or all are numbers with xor 0;
 * - conjunctive: the compound's remoteness is the least of the components'
 *   (the race that ends first decides): N iff it is odd;
 * - continued conjunctive: the compound's suspense is the largest (play goes
 *   on until the last component ends): N iff it is odd;
 * - selective: P iff every component is P, since from there every move turns
 *   some components into N-positions and the reply moves each of them back to
 *   a P-position;
 * - shortened selective: the same while every component can still move, but
 *   a component that has ended ends the game, lost for the player to move.
 *   Remoteness tells both apart (0 is ended, odd is N), so it decides. */
#include "play/compound.h"

int grundy__compound_play(int compound)
{
    switch (compound) {
    case GRUNDY_SUM_DISJUNCTIVE:
    case GRUNDY_SUM_ANTI_SG:
    case GRUNDY_SUM_SELECTIVE: return GRUNDY_PLAY_NORMAL;
    case GRUNDY_SUM_WTIA: return GRUNDY_PLAY_WTIA;
    case GRUNDY_SUM_SHORTENED:
    case GRUNDY_SUM_CONJUNCTIVE: return GRUNDY_PLAY_REMOTENESS;
    case GRUNDY_SUM_CONTINUED: return GRUNDY_PLAY_SUSPENSE;
    case GRUNDY_SUM_LOOPY: return GRUNDY_PLAY_LOOPY;
    default: return -1;
    }
}

int grundy__compound_decide(int compound, const void *ctx, size_t n,
                            grundy__value_at_fn value_at)
{
    uint64_t x = 0, least = UINT64_MAX, most = 0;
    int big = 0, any_sp = 0, any_sc = 0, any_odd = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = value_at(ctx, i);
        if (compound == GRUNDY_SUM_WTIA && (v == GRUNDY_SP || v == GRUNDY_SC)) {
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
    switch (compound) {
    case GRUNDY_SUM_DISJUNCTIVE: win = x != 0; break;
    case GRUNDY_SUM_ANTI_SG: win = (x != 0) == (big != 0); break;
    case GRUNDY_SUM_WTIA: win = !any_sp && (any_sc || x != 0); break;
    case GRUNDY_SUM_CONJUNCTIVE: win = n > 0 && least % 2 == 1; break;
    case GRUNDY_SUM_CONTINUED: win = most % 2 == 1; break;
    case GRUNDY_SUM_SELECTIVE: win = most != 0; break;
    case GRUNDY_SUM_SHORTENED: win = n > 0 && least > 0 && any_odd; break;
    default: return GRUNDY_EINVAL;
    }
    return win ? GRUNDY_N : GRUNDY_P;
}

static uint64_t number_at(const void *ctx, size_t i)
{
    return ((const uint32_t *)ctx)[i];
}

int grundy_compound_outcome(int compound, const uint32_t *numbers, size_t n)
{
    if (numbers == NULL && n > 0)
        return GRUNDY_EINVAL;
    return grundy__compound_decide(compound, numbers, n, number_at);
}
