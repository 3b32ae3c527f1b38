/* Nim and its closest relatives, by their closed forms. */
#include "core/sum.h"

static uint64_t heap_value(const void *ctx, size_t i)
{
    return ((const uint64_t *)ctx)[i];
}

int grundy_nim_outcome(const uint64_t *heaps, size_t n)
{
    if (heaps == NULL && n > 0)
        return GRUNDY_EINVAL;
    return grundy_nim_sum(heaps, n) ? GRUNDY_N : GRUNDY_P;
}

int grundy_nim_winning_move(const uint64_t *heaps, size_t n, size_t *heap, uint64_t *take)
{
    if ((heaps == NULL && n > 0) || heap == NULL || take == NULL)
        return GRUNDY_EINVAL;
    uint64_t target;
    if (!grundy__sum_move(heaps, n, heap_value, heap, &target))
        return 0;
    *take = heaps[*heap] - target;
    return 1;
}

/* Misère Nim differs from Nim only while at most one heap is big (>= 2). */
typedef struct misere_shape {
    size_t ones;  /* heaps of exactly one stone */
    size_t big;   /* heaps of two or more */
    size_t first_one, first_big;
} misere_shape;

static misere_shape misere_shape_of(const uint64_t *heaps, size_t n)
{
    misere_shape s = {0, 0, n, n};
    for (size_t i = 0; i < n; i++) {
        if (heaps[i] == 1 && s.ones++ == 0)
            s.first_one = i;
        if (heaps[i] >= 2 && s.big++ == 0)
            s.first_big = i;
    }
    return s;
}

int grundy_misere_nim_outcome(const uint64_t *heaps, size_t n)
{
    if (heaps == NULL && n > 0)
        return GRUNDY_EINVAL;
    misere_shape s = misere_shape_of(heaps, n);
    if (s.big == 0)
        return s.ones % 2 == 0 ? GRUNDY_N : GRUNDY_P;
    return grundy_nim_outcome(heaps, n);
}

int grundy_misere_nim_winning_move(const uint64_t *heaps, size_t n, size_t *heap,
                                   uint64_t *take)
{
    if ((heaps == NULL && n > 0) || heap == NULL || take == NULL)
        return GRUNDY_EINVAL;
    misere_shape s = misere_shape_of(heaps, n);
    if (s.big == 0) {
        /* Leave an odd number of single stones: the opponent takes the last. */
        if (s.ones == 0 || s.ones % 2 == 1)
            return 0;
        *heap = s.first_one;
        *take = 1;
        return 1;
    }
    if (s.big == 1) {
        /* Cut the big heap to 0 or 1 so that an odd number of ones remain. */
        *heap = s.first_big;
        *take = heaps[s.first_big] - (s.ones % 2 == 0 ? 1 : 0);
        return 1;
    }
    /* Two or more big heaps: a Nim move leaves at least one big heap, so the
     * misère game is still Nim's until the opponent is down to one. */
    return grundy_nim_winning_move(heaps, n, heap, take);
}

uint64_t grundy_bounded_nim_value(uint64_t heap, uint64_t max_take)
{
    if (max_take == 0)
        return 0;
    if (max_take == UINT64_MAX)
        return heap;
    return heap % (max_take + 1);
}

typedef struct bounded_heaps {
    const uint64_t *heaps;
    uint64_t max_take;
} bounded_heaps;

static uint64_t bounded_value(const void *ctx, size_t i)
{
    const bounded_heaps *b = (const bounded_heaps *)ctx;
    return grundy_bounded_nim_value(b->heaps[i], b->max_take);
}

int grundy_bounded_nim_winning_move(const uint64_t *heaps, size_t n, uint64_t max_take,
                                    size_t *heap, uint64_t *take)
{
    if ((heaps == NULL && n > 0) || heap == NULL || take == NULL || max_take == 0)
        return GRUNDY_EINVAL;
    bounded_heaps b = {heaps, max_take};
    uint64_t target;
    if (!grundy__sum_move(&b, n, bounded_value, heap, &target))
        return 0;
    /* Lowering the value from v to target takes v - target <= max_take stones. */
    *take = bounded_value(&b, *heap) - target;
    return 1;
}

/* Even steps (the floor included) count as value 0. */
static uint64_t staircase_value(const void *ctx, size_t i)
{
    return i % 2 == 1 ? ((const uint64_t *)ctx)[i] : 0;
}

int grundy_staircase_nim_outcome(const uint64_t *steps, size_t n)
{
    if (steps == NULL && n > 0)
        return GRUNDY_EINVAL;
    uint64_t s = 0;
    for (size_t i = 1; i < n; i += 2)
        s ^= steps[i];
    return s ? GRUNDY_N : GRUNDY_P;
}

int grundy_staircase_nim_winning_move(const uint64_t *steps, size_t n, size_t *step,
                                      uint64_t *count)
{
    if ((steps == NULL && n > 0) || step == NULL || count == NULL)
        return GRUNDY_EINVAL;
    uint64_t target;
    if (!grundy__sum_move(steps, n, staircase_value, step, &target))
        return 0;
    *count = steps[*step] - target;
    return 1;
}
