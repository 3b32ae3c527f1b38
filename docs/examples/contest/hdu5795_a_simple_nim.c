/* SPDX-License-Identifier: MIT */
/*
 * hdu5795_a_simple_nim: HDU 5795 "A Simple Nim" (2016 Multi-University
 * Training Contest 6).
 *
 * Heaps of candies; a move either eats one or more candies of one heap, or
 * splits one heap into three non-empty heaps.  Whoever eats the last candy
 * wins.  The heaps are independent, so the position is won exactly when
 * the xor of the heaps' Sprague-Grundy values is not 0.
 *
 * Values.  The rules are given to the library as a move generator over heap
 * sizes (grundy_game_new_u64), and it computes G(x) for the small heaps by
 * search.  Heaps go up to 10^9, though, too many to search, and the
 * sequence is known to be arithmetic-periodic with period 8 and saltus 8
 * (this is the problem's intended theory): G(x) = x, except G(8j) = 8j - 1
 * and G(8j + 7) = 8j + 8 for j >= 1.  So G(x) for a big x is
 * G(x') + (x - x'), where x' is the heap of the last computed block of 8
 * with x' = x (mod 8).  The program checks that the computed blocks do
 * repeat that way before it relies on it.  grundy_nim_sum_outcome() then
 * decides the sum of the values.
 *
 * Input: T (<= 100); per test n (<= 10^6) and the n heap sizes (1..10^9).
 * Output: "First player wins." or "Second player wins.", one per line.
 *
 * Build: cc -std=c11 -O2 -I single hdu5795_a_simple_nim.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Values computed by search: G(0) .. G(SMALL - 1), a multiple of 8. */
#define SMALL 32u

/* The options of a heap of x candies. */
static int heap_moves(void *user, uint64_t x, grundy_options *out)
{
    uint64_t parts[3];
    int status;

    (void)user;
    /* Eat x - y candies, leaving y (none: the finished heap). */
    for (uint64_t y = 0; y < x; y++) {
        parts[0] = y;
        status = grundy_options_add(out, parts, y > 0 ? 1 : 0);
        if (status != GRUNDY_OK)
            return status;
    }
    /* Split into a <= b <= c, all non-empty. */
    for (uint64_t a = 1; 3 * a <= x; a++)
        for (uint64_t b = a; a + 2 * b <= x; b++) {
            parts[0] = a;
            parts[1] = b;
            parts[2] = x - a - b;
            status = grundy_options_add(out, parts, 3);
            if (status != GRUNDY_OK)
                return status;
        }
    return 0;
}

static unsigned char in_buf[1 << 16];
static size_t in_len, in_pos;

static int next_byte(void)
{
    if (in_pos == in_len) {
        in_len = fread(in_buf, 1, sizeof in_buf, stdin);
        in_pos = 0;
        if (in_len == 0)
            return EOF;
    }
    return in_buf[in_pos++];
}

/* Reads the next unsigned decimal number; returns 0 at the end of input. */
static int read_u64(uint64_t *out)
{
    int c = next_byte();
    uint64_t v = 0;

    while (c != EOF && (c < '0' || c > '9'))
        c = next_byte();
    if (c == EOF)
        return 0;
    while (c >= '0' && c <= '9') {
        v = v * 10 + (uint64_t)(c - '0');
        c = next_byte();
    }
    *out = v;
    return 1;
}

int main(void)
{
    grundy_game *game = NULL;
    uint64_t small[SMALL], t, n, x, *values = NULL;
    size_t cap = 0;
    int status;

    status = grundy_game_new_u64(&game, heap_moves, NULL, NULL);
    for (uint64_t h = 0; h < SMALL && status == GRUNDY_OK; h++) {
        uint32_t v = 0;
        status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &h, &v);
        small[h] = v;
    }
    grundy_game_free(game);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "hdu5795_a_simple_nim: %s\n", grundy_strerror(status));
        return 1;
    }
    for (uint32_t h = 8; h + 8 < SMALL; h++)
        if (small[h + 8] != small[h] + 8) {
            fprintf(stderr, "hdu5795_a_simple_nim: the values are not 8-periodic\n");
            return 1;
        }

    if (!read_u64(&t))
        return 0;
    while (t-- > 0 && read_u64(&n)) {
        if (n > cap || values == NULL) {
            free(values);
            cap = n > 0 ? (size_t)n : 1;
            values = malloc(cap * sizeof *values);
            if (values == NULL)
                return 1;
        }
        for (uint64_t i = 0; i < n; i++) {
            if (!read_u64(&x))
                return 1;
            if (x < SMALL) {
                values[i] = small[x];
            } else {
                const uint64_t base = SMALL - 8 + x % 8; /* same residue, last block */
                values[i] = small[base] + (x - base);
            }
        }
        puts(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, values, (size_t)n) == GRUNDY_N
                 ? "First player wins."
                 : "Second player wins.");
    }
    free(values);
    return 0;
}
