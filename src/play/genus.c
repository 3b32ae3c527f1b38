/* SPDX-License-Identifier: MIT */
/* Which tame genus a position's terms show (see genus.h).
 *
 * In a misère sum of tame positions the small kinds act as Nim heaps of 0
 * and 1 and the big kind as a heap of two or more with Nim value a, so
 * misère Nim's rule decides it (Conway, On Numbers and Games, ch. 12). */
#include "play/genus.h"

int grundy__genus_kind(const uint32_t *gamma, uint32_t v)
{
    int small0 = v == 0, small1 = v == 1, big = 1;
    for (size_t n = 0; n <= GRUNDY__GENUS_L; n++) {
        small0 &= gamma[n] == (n == 0 ? 1u : n % 2 ? 2u : 0u);
        small1 &= gamma[n] == (n == 0 ? 0u : n % 2 ? 3u : 1u);
        big &= gamma[n] == (n % 2 ? (v ^ 2u) : v);
    }
    return small0 || small1 ? GRUNDY__TAME_SMALL : big ? GRUNDY__TAME_BIG : GRUNDY__NOT_TAME;
}
