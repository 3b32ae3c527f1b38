/* SPDX-License-Identifier: MIT */
/*
 * cses1099_stair_game: CSES 1099 "Stair Game".
 * https://cses.fi/problemset/task/1099
 *
 * Stairs 1..n hold p1, ..., pn balls.  A move takes one or more balls from
 * a stair k > 1 down to stair k - 1; whoever makes the last move wins.
 * This is staircase Nim with stair 1 as the floor (balls there can never
 * move again), so stair k is step k - 1 and grundy_staircase_nim_outcome()
 * decides it: the xor of the balls on stairs 2, 4, 6, ...
 *
 * Input: t; per test n and p1 ... pn (sum of n <= 2*10^5, pi <= 10^9).
 * Output: "first" or "second", one per line.
 *
 * Build: cc -std=c11 -O2 -I single cses1099_stair_game.c
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
    uint64_t t, n, *stairs = NULL;
    size_t cap = 0;

    if (!read_u64(&t))
        return 0;
    while (t-- > 0 && read_u64(&n)) {
        if (n > cap) {
            free(stairs);
            cap = (size_t)n;
            stairs = malloc(cap * sizeof *stairs);
            if (stairs == NULL)
                return 1;
        }
        for (uint64_t i = 0; i < n; i++)
            if (!read_u64(&stairs[i]))
                return 1;
        /* stairs[0] is stair 1, the floor; stairs[k - 1] is stair k. */
        puts(grundy_staircase_nim_outcome(GRUNDY_PLAY_NORMAL, stairs, (size_t)n) == GRUNDY_N
                 ? "first"
                 : "second");
    }
    free(stairs);
    return 0;
}
