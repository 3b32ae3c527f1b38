/* SPDX-License-Identifier: MIT */
/* `grundy stats [--threads N] [--no-period] [--format text|json] GAME N`:
 * what the first N values of a heap game look like.
 *
 * Text, one "name: value" line each, then the counts:
 *     game: 0.16
 *     heaps: 1000000               G(0) ... G(N-1) are described
 *     values computed: 254810      fewer than N once a period is proved
 *     largest value: 88
 *     period: 149459 preperiod 105351 proved    (or "observed ... not
 *                                  proved", "none proved up to N", "not searched")
 *     sparse mask: 0x... used by the computation   (or "chosen from the
 *                                  counts", or "none")
 *     rare values: 0 ...           the values of even parity under the mask
 *     rare heaps: 40               heaps from 1 on whose value is rare
 *     time: 0.12 s
 *     memory: ... bytes (... MiB)  the most the command held at once
 *     counts:                      then "VALUE COUNT" for every value that occurs
 * JSON: one object with the same facts (counts an array indexed by value). */
#include "cli/cli.h"

#include <stdio.h>
#include <string.h>

#define STATS_USAGE "stats [--threads N] [--no-period] [--format text|json] GAME N"

static void print_period_text(const cli_summary *s, int detect)
{
    fputs("period: ", stdout);
    if (!detect) {
        puts("not searched (--no-period)");
        return;
    }
    if (!s->found) {
        printf("none proved up to %llu\n", (unsigned long long)s->n);
        return;
    }
    printf("%llu preperiod %llu", (unsigned long long)s->period,
           (unsigned long long)s->preperiod);
    if (s->saltus != 0)
        printf(" saltus %llu", (unsigned long long)s->saltus);
    if (s->proved)
        puts(" proved");
    else
        printf(" observed up to %llu, not proved\n", (unsigned long long)s->n);
}

static void print_text(const char *game, const cli_summary *s, int detect, size_t memory)
{
    printf("game: %s\nheaps: %llu\nvalues computed: %llu\nlargest value: %llu\n", game,
           (unsigned long long)s->n, (unsigned long long)s->computed,
           (unsigned long long)s->largest);
    print_period_text(s, detect);
    if (s->mask == 0)
        puts("sparse mask: none (no mask makes rare values scarce)");
    else
        printf("sparse mask: 0x%x %s\n", s->mask,
               s->mask_used ? "used by the computation"
                            : "chosen from the counts (the computation used none)");
    fputs("rare values:", stdout);
    for (size_t v = 0; v < s->ncounts; v++) {
        if (cli_summary_rare(s, v))
            printf(" %zu", v);
    }
    printf("\nrare heaps: %llu\n", (unsigned long long)s->rare_heaps);
    char size[64];
    cli_format_size(memory, size, sizeof size);
    printf("time: %.3f s\nmemory: %s\ncounts:\n", s->seconds, size);
    for (size_t v = 0; v < s->ncounts; v++) {
        if (s->counts[v] != 0)
            printf("%zu %llu\n", v, (unsigned long long)s->counts[v]);
    }
}

static void print_json(const char *game, const cli_summary *s, int detect, size_t memory)
{
    fputs("{\"game\": ", stdout);
    cli_json_string(stdout, game);
    printf(", \"heaps\": %llu, \"computed\": %llu, \"largest\": %llu, \"period\": ",
           (unsigned long long)s->n, (unsigned long long)s->computed,
           (unsigned long long)s->largest);
    if (detect && s->found)
        printf("{\"period\": %llu, \"preperiod\": %llu, \"saltus\": %llu, \"proved\": %s}",
               (unsigned long long)s->period, (unsigned long long)s->preperiod,
               (unsigned long long)s->saltus, s->proved ? "true" : "false");
    else
        fputs("null", stdout);
    printf(", \"period_searched\": %s, \"mask\": %u, \"mask_used\": %s, \"rare_values\": [",
           detect ? "true" : "false", s->mask, s->mask_used ? "true" : "false");
    int later = 0;
    for (size_t v = 0; v < s->ncounts; v++) {
        if (cli_summary_rare(s, v)) {
            printf(later ? ", %zu" : "%zu", v);
            later = 1;
        }
    }
    printf("], \"rare_heaps\": %llu, \"counts\": [", (unsigned long long)s->rare_heaps);
    for (uint64_t v = 0; s->n > 0 && v <= s->largest; v++)
        printf(v ? ", %llu" : "%llu", (unsigned long long)s->counts[v]);
    printf("], \"seconds\": %.6f, \"memory_bytes\": %zu}\n", s->seconds, memory);
}

int cli_stats(int argc, char **argv)
{
    unsigned threads = 1;
    int no_period = 0, format = CLI_FORMAT_TEXT, nargs;
    char *args[2];
    const cli_option opts[] = {
        {"--no-period", CLI_OPT_FLAG, &no_period, 0, NULL},
        {"--threads", CLI_OPT_THREADS, &threads, 0, "a number of threads"},
        {"--format", CLI_OPT_FORMAT, &format, CLI_FORMAT_TEXT | CLI_FORMAT_JSON, "a format"},
    };
    int status = cli_parse_args("stats", argc, argv, opts, sizeof opts / sizeof opts[0], args, 2,
                                &nargs, STATS_USAGE);
    if (status != CLI_EXIT_OK)
        return status;
    if (nargs != 2)
        return cli_error("stats: usage: grundy " STATS_USAGE);
    uint64_t n;
    grundy_heap_game *g;
    double t0 = cli_seconds();
    status = cli_open_game_n("stats", args, threads, &g, &n);
    if (status != CLI_EXIT_OK)
        return status;
    cli_summary s;
    int rc = cli_summarize(g, n, !no_period, &s);
    cli_end_progress();
    if (rc == GRUNDY_OK && cli_memory_refused())
        rc = GRUNDY_ENOMEM; /* a period search refused memory proves nothing */
    if (rc != GRUNDY_OK) {
        status = rc == CLI_SUMMARY_TOO_MANY
                     ? cli_error("stats: the values are too many to count (2^26 distinct "
                                 "values or more); ask for fewer heaps")
                     : cli_game_failed("stats", g, rc, "computing the values");
        cli_summary_free(&s);
        grundy_heap_game_free(g);
        return status;
    }
    s.seconds = cli_seconds() - t0;
    size_t memory = cli_memory_peak();
    grundy_heap_game_free(g);
    if (format == CLI_FORMAT_JSON)
        print_json(args[0], &s, !no_period, memory);
    else
        print_text(args[0], &s, !no_period, memory);
    cli_summary_free(&s);
    return CLI_EXIT_OK;
}
