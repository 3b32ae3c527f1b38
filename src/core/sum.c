/* SPDX-License-Identifier: MIT */
#include "core/sum.h"

int grundy__sum_move(const void *ctx, size_t n, grundy__value_at_fn value_at,
                     size_t *component, uint64_t *target)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= value_at(ctx, i);
    if (s == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = value_at(ctx, i);
        if ((v ^ s) < v) {
            *component = i;
            *target = v ^ s;
            return 1;
        }
    }
    return 0; /* unreachable: some value carries the top bit of s */
}
