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

static uint64_t array_value(const void *ctx, size_t i)
{
    return ((const uint64_t *)ctx)[i];
}

uint64_t grundy_nim_sum(const uint64_t *values, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= values[i];
    return s;
}

int grundy_sum_winning_target(const uint64_t *values, size_t n, size_t *component,
                              uint64_t *target)
{
    if ((values == NULL && n > 0) || component == NULL || target == NULL)
        return GRUNDY_EINVAL;
    return grundy__sum_move(values, n, array_value, component, target);
}
