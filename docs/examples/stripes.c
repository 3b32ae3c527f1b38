/* SPDX-License-Identifier: MIT */
/*
 * stripes: POI 2000 "Stripes" -- who wins the game of taking contiguous stones?
 *
 * A row of m stones lies on the table.  The players take turns removing C, Z
 * or N stones that lie next to each other in one row; the player who cannot
 * move loses.  Taking stones from the middle of a row leaves two rows, so
 * the game is soon a sum of rows that are played independently.
 *
 * Model.  A position is the length L of one row (a game described by rules,
 * grundy_game_new_u64).  Taking X stones that have a stones to their left
 * leaves the two rows a and L - X - a, an option with two parts (a row of no
 * stones is left out: it has no moves and value 0).  Leaving a + b or b + a
 * is the same option, so only a <= L - X - a is listed.  The library
 * memoizes every row length it meets, so the value of every length up to the
 * longest row asked about is computed once.
 *
 * Input (standard input, the format of the original problem):
 *     C Z N          the three amounts a move may take, each 1 to 1000
 *     k              the number of games, 0 to 100000
 *     m1 ... mk      the number of stones of each game, each 0 to 1000
 * Output: one line per game, 1 if the first player wins, 2 otherwise.
 * Exit status: 0 done, 1 library error, 2 bad input.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

#include "grundy.h"

#define MAX_TAKE 1000u
#define MAX_GAMES 100000u
#define MAX_STONES 1000u

/* The distinct amounts a move may take. */
typedef struct rules {
    uint64_t take[3];
    int ntake;
} rules;

/* Lists the options of a row of `len` stones. */
static int row_moves(void *user, uint64_t len, grundy_options *out)
{
    const rules *r = user;

    for (int t = 0; t < r->ntake; t++) {
        const uint64_t x = r->take[t];
        if (x > len)
            continue;
        for (uint64_t a = 0; a <= (len - x) / 2; a++) {
            const uint64_t b = len - x - a; /* b >= a */
            uint64_t parts[2];
            uint32_t nparts = 0;
            if (a > 0)
                parts[nparts++] = a;
            if (b > 0)
                parts[nparts++] = b;
            int status = grundy_options_add(out, parts, nparts);
            if (status != GRUNDY_OK)
                return status;
        }
    }
    return 0;
}

/*
 * Reads the next whitespace-separated whole number of `in`, at most `max`.
 * Returns 1 on success, 0 at the end of the input, -1 on anything else.
 */
static int read_number(FILE *in, unsigned long max, unsigned long *out)
{
    unsigned long v = 0;
    int digits = 0;
    int c;

    do
        c = getc(in);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    if (c == EOF)
        return 0;
    while (c >= '0' && c <= '9') {
        const unsigned long d = (unsigned long)(c - '0');
        if (d > max || v > (max - d) / 10) /* v * 10 + d > max */
            return -1;
        v = v * 10 + d;
        digits++;
        c = getc(in);
    }
    if (digits == 0 || (c != EOF && c != ' ' && c != '\t' && c != '\n' && c != '\r'))
        return -1;
    *out = v;
    return 1;
}

/* Reads one number of the input or explains what is wrong with it. */
static int read_field(const char *what, unsigned long min, unsigned long max,
                      unsigned long *out)
{
    int got = read_number(stdin, max, out);

    if (got == 1 && *out >= min)
        return 0;
    if (got == 0)
        fprintf(stderr, "stripes: the input ends before %s\n", what);
    else
        fprintf(stderr, "stripes: %s must be a whole number from %lu to %lu\n", what, min,
                max);
    return -1;
}

int main(int argc, char **argv)
{
    static const char *const names[3] = { "C", "Z", "N" };
    rules r = { { 0, 0, 0 }, 0 };
    grundy_game *game = NULL;
    unsigned long v, k;
    int status, rc = 1;

    (void)argv;
    if (argc != 1) {
        fprintf(stderr, "usage: stripes < INPUT   (C Z N, then k, then k row lengths)\n");
        return 2;
    }
    for (int i = 0; i < 3; i++) {
        if (read_field(names[i], 1, MAX_TAKE, &v) != 0)
            return 2;
        int seen = 0;
        for (int t = 0; t < r.ntake; t++)
            seen |= r.take[t] == v;
        if (!seen)
            r.take[r.ntake++] = v;
    }
    if (read_field("the number of games", 0, MAX_GAMES, &k) != 0)
        return 2;

    status = grundy_game_new_u64(&game, row_moves, &r, NULL);
    if (status != GRUNDY_OK) {
        fprintf(stderr, "stripes: creating the game: %s\n", grundy_strerror(status));
        return 1;
    }
    for (unsigned long i = 0; i < k; i++) {
        uint64_t len;
        uint32_t value;
        if (read_field("the number of stones", 0, MAX_STONES, &v) != 0) {
            rc = 2;
            goto done;
        }
        len = v;
        status = grundy_game_value(game, GRUNDY_PLAY_NORMAL, &len, &value);
        if (status != GRUNDY_OK) {
            fprintf(stderr, "stripes: evaluating a row of %lu: %s: %s\n", v,
                    grundy_strerror(status), grundy_game_errmsg(game));
            goto done;
        }
        printf("%d\n", value != 0 ? 1 : 2);
    }
    if (read_number(stdin, 0, &v) != 0) {
        fprintf(stderr, "stripes: unexpected text after the last game\n");
        rc = 2;
        goto done;
    }
    rc = 0;

done:
    grundy_game_free(game);
    return rc;
}
