/* SPDX-License-Identifier: MIT */
/* `grundy plot [--threads N] GAME N`: an SVG scatter plot of G(n) against
 * n for 0 <= n < N, written on standard output.
 *
 * Up to PLOT_W heaps each heap is a dot.  Past that the heaps are binned,
 * PLOT_W bins across, and each bin marks every row of the plot that one of
 * its heaps' values falls in, a run of marked rows drawn as one rectangle
 * of one path: so a million points make a file of a few megabytes at most, and
 * the bands a sequence keeps to (Grundy's game's rare values, Kayles'
 * period) stay visible rather than merging into ink. */
#include "cli/cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PLOT_USAGE "plot [--threads N] GAME N"
#define PLOT_W 1000u /* the plot area, in pixels */
#define PLOT_H 400u
#define MARGIN_L 60u
#define MARGIN_R 20u
#define MARGIN_T 40u
#define MARGIN_B 50u

/* Writes s with XML's five special characters escaped. */
static void xml_text(const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        case '\'': fputs("&apos;", stdout); break;
        default: putchar(*s);
        }
    }
}

static double x_of(uint64_t n, uint64_t count)
{
    return MARGIN_L + (double)PLOT_W * ((double)n + 0.5) / (double)(count ? count : 1);
}

/* The row (0 at the bottom) of value v when the largest is top. */
static unsigned row_of(uint64_t v, uint64_t top)
{
    return (unsigned)((double)v * (PLOT_H - 1) / (double)(top ? top : 1));
}

static double y_of_row(unsigned row)
{
    return MARGIN_T + (double)(PLOT_H - 1 - row);
}

static void axes(const char *game, uint64_t count, uint64_t top)
{
    unsigned w = MARGIN_L + PLOT_W + MARGIN_R, h = MARGIN_T + PLOT_H + MARGIN_B;
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" "
           "viewBox=\"0 0 %u %u\" font-family=\"Helvetica, Arial, sans-serif\" "
           "font-size=\"12\">\n"
           "<rect width=\"%u\" height=\"%u\" fill=\"white\"/>\n",
           w, h, w, h, w, h);
    fputs("<text x=\"", stdout);
    printf("%u\" y=\"24\" font-size=\"16\">G(n) of ", MARGIN_L);
    xml_text(game);
    printf(", 0 &lt;= n &lt; %llu</text>\n", (unsigned long long)count);
    printf("<g stroke=\"black\" fill=\"none\"><rect x=\"%u\" y=\"%u\" width=\"%u\" "
           "height=\"%u\"/></g>\n",
           MARGIN_L, MARGIN_T, PLOT_W, PLOT_H);
    /* five ticks on each axis */
    for (unsigned i = 0; i <= 4; i++) {
        uint64_t n = count / 4 * i + (i == 4 ? count % 4 : 0);
        double x = MARGIN_L + (double)PLOT_W * i / 4;
        printf("<line x1=\"%.1f\" y1=\"%u\" x2=\"%.1f\" y2=\"%u\" stroke=\"black\"/>"
               "<text x=\"%.1f\" y=\"%u\" text-anchor=\"middle\">%llu</text>\n",
               x, MARGIN_T + PLOT_H, x, MARGIN_T + PLOT_H + 5, x, MARGIN_T + PLOT_H + 20,
               (unsigned long long)n);
        uint64_t v = top / 4 * i + (i == 4 ? top % 4 : 0);
        double y = y_of_row(row_of(v, top));
        printf("<line x1=\"%u\" y1=\"%.1f\" x2=\"%u\" y2=\"%.1f\" stroke=\"black\"/>"
               "<text x=\"%u\" y=\"%.1f\" text-anchor=\"end\">%llu</text>\n",
               MARGIN_L - 5, y, MARGIN_L, y, MARGIN_L - 8, y + 4, (unsigned long long)v);
    }
    printf("<text x=\"%u\" y=\"%u\" text-anchor=\"middle\">n</text>\n"
           "<text x=\"16\" y=\"%u\" text-anchor=\"middle\" transform=\"rotate(-90 16 %u)\">"
           "G(n)</text>\n",
           MARGIN_L + PLOT_W / 2, MARGIN_T + PLOT_H + 42, MARGIN_T + PLOT_H / 2,
           MARGIN_T + PLOT_H / 2);
}

/* The marks: a dot per heap, or per bin the runs of rows its values touch. */
static int marks(grundy_heap_game *g, uint64_t count, uint64_t top)
{
    puts("<g fill=\"#1f4e9c\">");
    if (count <= PLOT_W) {
        for (uint64_t n = 0; n < count; n++) {
            uint64_t v = 0;
            grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, n, &v);
            printf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\"/>\n", x_of(n, count),
                   y_of_row(row_of(v, top)));
        }
        puts("</g>");
        return CLI_EXIT_OK;
    }
    unsigned char *rows = calloc(PLOT_H, 1);
    if (rows == NULL)
        return cli_error("plot: out of memory");
    /* One path: a rectangle a bin wide per run of rows, "Mx yh1vHh-1z". */
    fputs("<path d=\"", stdout);
    for (unsigned b = 0; b < PLOT_W; b++) {
        uint64_t lo = count / PLOT_W * b + (count % PLOT_W) * b / PLOT_W;
        uint64_t hi = count / PLOT_W * (b + 1) + (count % PLOT_W) * (b + 1) / PLOT_W;
        memset(rows, 0, PLOT_H);
        for (uint64_t n = lo; n < hi; n++) {
            uint64_t v = 0;
            grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, n, &v);
            rows[row_of(v, top)] = 1;
        }
        for (unsigned r = 0; r < PLOT_H;) {
            if (!rows[r]) {
                r++;
                continue;
            }
            unsigned r2 = r;
            while (r2 + 1 < PLOT_H && rows[r2 + 1])
                r2++;
            printf("M%u %.0fh1v%uh-1z", MARGIN_L + b, y_of_row(r2), r2 - r + 1);
            r = r2 + 1;
        }
        putchar('\n');
    }
    free(rows);
    puts("\"/>\n</g>");
    return CLI_EXIT_OK;
}

int cli_plot(int argc, char **argv)
{
    unsigned threads = 1;
    int nargs;
    char *args[2];
    const cli_option opts[] = {{"--threads", CLI_OPT_THREADS, &threads, 0, "a number of threads"}};
    int status = cli_parse_args("plot", argc, argv, opts, 1, args, 2, &nargs, PLOT_USAGE);
    if (status != CLI_EXIT_OK)
        return status;
    if (nargs != 2)
        return cli_error("plot: usage: grundy " PLOT_USAGE);
    uint64_t n;
    grundy_heap_game *g;
    status = cli_open_game_n("plot", args, threads, &g, &n);
    if (status != CLI_EXIT_OK)
        return status;
    int rc = grundy_heap_game_compute(g, n);
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        status = cli_game_failed("plot", g, rc, "computing the values");
        grundy_heap_game_free(g);
        return status;
    }
    uint64_t top = 0;
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = 0;
        grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, i, &v);
        if (v > top)
            top = v;
    }
    axes(args[0], n, top);
    status = marks(g, n, top);
    puts("</svg>");
    grundy_heap_game_free(g);
    return status;
}
