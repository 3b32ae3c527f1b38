/* SPDX-License-Identifier: MIT */
/* The one disjunctive-sum routine.  Every "winning move in a sum" of the
 * library (Nim, bounded Nim, staircase Nim, graph positions) is this routine
 * over a different way of reading component values. */
#ifndef GRUNDY_SUM_H
#define GRUNDY_SUM_H

#include "grundy.h"

/* Reads the value of component i of whatever ctx points to. */
typedef uint64_t (*grundy__value_at_fn)(const void *ctx, size_t i);

/* With S the xor of all n values: if S == 0 returns 0.  Otherwise sets
 * *component to the first i whose value v has v ^ S < v (v has S's top bit,
 * so one exists) and *target to v ^ S, and returns 1. */
int grundy__sum_move(const void *ctx, size_t n, grundy__value_at_fn value_at,
                     size_t *component, uint64_t *target);

#endif
