/* Deciding compounds from their components' numbers. */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H

#include "core/sum.h"

/* The outcome of a compound whose component i has number value_at(ctx, i),
 * for the compounds that numbers decide; GRUNDY_EINVAL for the others. */
int grundy__compound_decide(int compound, const void *ctx, size_t n,
                            grundy__value_at_fn value_at);

/* The play whose numbers decide compound, or -1 (misère search). */
int grundy__compound_play(int compound);

#endif
