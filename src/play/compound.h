/* SPDX-License-Identifier: MIT */
/* Deciding sums from their components' numbers. */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H

#include "core/sum.h"

/* The outcome of a sum under play whose component i has number
 * value_at(ctx, i), for the plays whose numbers decide sums: normal,
 * selective (Sprague-Grundy values), WTIA (w-numbers), conjunctive and
 * shortened (remoteness), continued (suspense numbers), and
 * GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ (the SJ rule on Sprague-Grundy values).
 * GRUNDY_ENOTSUP for the other misère sums and loopy play; GRUNDY_EINVAL
 * for what is not a play. */
int grundy__numbers_decide(int play, const void *ctx, size_t n, grundy__value_at_fn value_at);

#endif
