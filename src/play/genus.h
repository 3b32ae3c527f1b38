/* SPDX-License-Identifier: MIT */
/* Conway's genus symbols and tame positions (ONAG ch. 12; Winning Ways
 * ch. 13), shared by every kind of handle that computes them: which tame
 * genus a position's terms show, and misère Nim's rule that decides a sum
 * of tame positions.  How the terms are computed is the handle's business
 * (graphs fill a table over their nodes, heap games search sums of heaps). */
#ifndef GRUNDY_GENUS_H
#define GRUNDY_GENUS_H

#include <stddef.h>
#include <stdint.h>

#include "grundy.h"

/* The terms computed: gamma_0 ... gamma_L. */
#define GRUNDY__GENUS_L (GRUNDY_GENUS_TERMS - 1)

/* A position's tame kind: not tame; 0^(1202...) or 1^(0313...), which add
 * like Nim heaps of 0 and 1; a^(a, a^2, a, ...), like a heap of two or more. */
enum { GRUNDY__NOT_TAME = 0, GRUNDY__TAME_SMALL = 1, GRUNDY__TAME_BIG = 2 };

/* The tame kind the terms gamma[0 .. L] show for a position of
 * Sprague-Grundy value v (its own genus only: a tame position also needs
 * every position it reaches tame, which the caller checks). */
int grundy__genus_kind(const uint32_t *gamma, uint32_t v);

/* The misère Grundy value of a sum of tame positions, from the xor x of
 * their Sprague-Grundy values and whether one is of the big kind: misère
 * Nim's rule, x with a big one, x ^ 1 with only small ones. */
static inline uint32_t grundy__genus_tame_value(uint32_t x, int big)
{
    return big ? x : x ^ 1u;
}

#endif
