/* SPDX-License-Identifier: MIT */
/*
 * cses1098_nim_game_ii: CSES 1098 "Nim Game II".
 * https://cses.fi/problemset/task/1098
 *
 * Nim in which a move removes 1, 2 or 3 sticks from one heap; whoever
 * removes the last stick wins.  Each heap is bounded Nim with at most 3 per
 * move (value: heap mod 4), and grundy_bounded_nim_sum_outcome() decides
 * the sum: the first player wins when the xor of the values is not 0.
 *
 * Input: t; per test n and x1 ... xn (sum of n <= 2*10^5, xi <= 10^9).
 * Output: "first" or "second", one per line.
 *
 * Build: cc -std=c11 -O2 -I single cses1098_nim_game_ii.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

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
    uint64_t t, n, *heaps = NULL;
    size_t cap = 0;

    if (!read_u64(&t))
        return 0;
    while (t-- > 0 && read_u64(&n)) {
        int outcome;

        if (n > cap || heaps == NULL) {
            free(heaps);
            cap = n > 0 ? (size_t)n : 1;
            heaps = malloc(cap * sizeof *heaps);
            if (heaps == NULL)
                return 1;
        }
        for (uint64_t i = 0; i < n; i++)
            if (!read_u64(&heaps[i]))
                return 1;
        outcome = grundy_bounded_nim_sum_outcome(3, GRUNDY_PLAY_NORMAL, heaps, (size_t)n);
        if (outcome < 0)
            return 1;
        puts(outcome == GRUNDY_N ? "first" : "second");
    }
    free(heaps);
    return 0;
}
