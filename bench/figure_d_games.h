/* SPDX-License-Identifier: MIT */
/* The move generators of figure D's two games (bench_game.c), shared with
 * the contest edition's bench (contest_games.c): the subtraction game
 * {1, 2, 5} on three heaps of up to TRI_MAX tokens, as packed positions or
 * dense indices, and Kayles on a row of KAYLES_PINS pins as a bitmask.
 * Each lists a position's options into an array and returns how many. */
#ifndef BENCH_FIGURE_D_GAMES_H
#define BENCH_FIGURE_D_GAMES_H

#include <stdint.h>

#define TRI_MAX 160u
#define TRI_SIDE (TRI_MAX + 1u)
#define KAYLES_PINS 20u

static const uint32_t take[] = {1, 2, 5};

static void sort3(uint32_t h[3])
{
    uint32_t t;
    if (h[0] > h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
    if (h[1] > h[2]) { t = h[1]; h[1] = h[2]; h[2] = t; }
    if (h[0] > h[1]) { t = h[0]; h[0] = h[1]; h[1] = t; }
}

/* A sorted triple as a packed position, or as a dense index. */
static uint64_t tri_key(const uint32_t h[3], int dense)
{
    if (dense)
        return h[0] + (uint64_t)TRI_SIDE * (h[1] + (uint64_t)TRI_SIDE * h[2]);
    return (uint64_t)h[0] | (uint64_t)h[1] << 16 | (uint64_t)h[2] << 32;
}

static void tri_unpack(uint64_t pos, uint32_t h[3])
{
    h[0] = (uint32_t)(pos & 0xffff);
    h[1] = (uint32_t)(pos >> 16 & 0xffff);
    h[2] = (uint32_t)(pos >> 32);
}

static void tri_unindex(uint64_t index, uint32_t h[3])
{
    h[0] = (uint32_t)(index % TRI_SIDE);
    h[1] = (uint32_t)(index / TRI_SIDE % TRI_SIDE);
    h[2] = (uint32_t)(index / TRI_SIDE / TRI_SIDE);
}

/* The options of a sorted triple, as keys of the same kind. */
static unsigned tri_moves(const uint32_t h[3], int dense, uint64_t *opt)
{
    unsigned k = 0;
    for (unsigned i = 0; i < 3; i++) {
        if (i > 0 && h[i] == h[i - 1])
            continue; /* the same options as the equal heap before */
        for (unsigned j = 0; j < sizeof take / sizeof take[0] && take[j] <= h[i]; j++) {
            uint32_t x[3] = {h[0], h[1], h[2]};
            x[i] -= take[j];
            sort3(x);
            opt[k++] = tri_key(x, dense);
        }
    }
    return k;
}

static unsigned tri_options(uint64_t pos, uint64_t *opt)
{
    uint32_t h[3];
    tri_unpack(pos, h);
    return tri_moves(h, 0, opt);
}

static unsigned tri_dense_options(uint64_t index, uint64_t *opt)
{
    uint32_t h[3];
    tri_unindex(index, h);
    return tri_moves(h, 1, opt);
}

static unsigned kayles_options(uint64_t pos, uint64_t *opt)
{
    unsigned k = 0;
    for (unsigned i = 0; i < KAYLES_PINS; i++) {
        uint64_t pin = (uint64_t)1 << i;
        if ((pos & pin) == 0)
            continue;
        opt[k++] = pos & ~pin;
        if (pos & pin << 1)
            opt[k++] = pos & ~(pin | pin << 1);
    }
    return k;
}

#endif
