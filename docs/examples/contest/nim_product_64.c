/* SPDX-License-Identifier: MIT */
/*
 * nim_product_64: Library Checker "Nim Product (F_{2^64})".
 * https://judge.yosupo.jp/problem/nim_product_64
 *
 * Input: T, then T lines "A B" with 0 <= A, B < 2^64 (T up to 10^6).
 * Output: the nim product A (x) B, one per line.
 *
 * The library builds its multiplication tables once (grundy_nimber_new) and
 * then multiplies with grundy_nimber_mul.  With 10^6 products the time goes
 * into reading and writing numbers, so both are done by hand on big buffers.
 *
 * Build: cc -std=c11 -O2 -I single nim_product_64.c
 */
#define GRUNDY_IMPLEMENTATION
#define GRUNDY_STATIC /* private to this file: what it does not use is dropped */
#include "grundy_contest.h"

#include <stdint.h>
#include <stdio.h>

static unsigned char in_buf[1 << 16];
static size_t in_len, in_pos;
static char out_buf[1 << 16];
static size_t out_len;

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

static void flush_out(void)
{
    fwrite(out_buf, 1, out_len, stdout);
    out_len = 0;
}

/* Appends v and a newline to the output. */
static void write_u64(uint64_t v)
{
    char digits[20];
    int n = 0;

    if (out_len + sizeof digits + 1 > sizeof out_buf)
        flush_out();
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0)
        out_buf[out_len++] = digits[--n];
    out_buf[out_len++] = '\n';
}

int main(void)
{
    grundy_nimber *nb = NULL;
    uint64_t t, a, b;
    int status;

    if (!read_u64(&t))
        return 0;
    status = grundy_nimber_new(&nb, NULL);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "nim_product_64: %s\n", grundy_strerror(status));
        return 1;
    }
    while (t-- > 0 && read_u64(&a) && read_u64(&b))
        write_u64(grundy_nimber_mul(nb, a, b));
    flush_out();
    grundy_nimber_free(nb);
    return 0;
}
