/* SPDX-License-Identifier: MIT */
/* `grundy values [--threads N] [--misere] GAME N` and
 * `grundy period [--threads N] GAME [MAX]`, and the opening of a heap game
 * that they share with `genus` and `move`. */
#define GRUNDY_EXPERIMENTAL /* grundy_heap_game_set_threads */
#include "cli/cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_PERIOD_MAX 100000u
/* One thread unless asked: on a 2-core machine a second thread gains at
 * most a few percent at the sizes people ask for (docs/performance.md,
 * section "threads"), and costs a thread and its memory. */
#define DEFAULT_THREADS 1u

/* Progress on standard error, only when it is a terminal: values
 * computed, or (total unknown) sums of heaps searched in misère play. */
static int show_progress(void *user, uint64_t done, uint64_t total)
{
    (void)user;
    if (total == 0)
        fprintf(stderr, "\r%llu sums searched", (unsigned long long)done);
    else
        fprintf(stderr, "\r%llu / %llu values", (unsigned long long)done,
                (unsigned long long)total);
    return 0;
}

void cli_end_progress(void)
{
    if (isatty(STDERR_FILENO))
        fputs("\r\033[K", stderr);
}

/* "bad game '0.1x7': why", from a game whose parse failed: the library's
 * message names the offending character and its offset (its errpos). */
static int bad_game(const char *cmd, const char *name, const grundy_heap_game *g)
{
    return cli_error("%s: bad game '%s': %s", cmd, name, grundy_heap_game_errmsg(g));
}

const char *cli_option_arg(const char *cmd, int argc, char **argv, int *i, const char *what)
{
    if (*i + 1 >= argc) {
        cli_error("%s: %s needs %s", cmd, argv[*i], what);
        return NULL;
    }
    return argv[++*i];
}

int cli_parse_threads(const char *cmd, const char *arg, unsigned *threads)
{
    uint64_t n;
    if (cli_parse_u64(arg, &n) != 0 || n < 1 || n > UINT_MAX)
        return cli_error("%s: --threads '%s' is not a number of threads (a whole number, "
                         "1 or more)", cmd, arg);
    *threads = (unsigned)n;
    return CLI_EXIT_OK;
}

static const struct {
    const char *name;
    int format;
} formats[] = {{"line", CLI_FORMAT_LINE},
               {"lines", CLI_FORMAT_LINES},
               {"csv", CLI_FORMAT_CSV},
               {"json", CLI_FORMAT_JSON},
               {"text", CLI_FORMAT_TEXT}};

int cli_parse_format(const char *cmd, const char *arg, unsigned allowed, int *format)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        if (strcmp(arg, formats[i].name) == 0 && (allowed & (unsigned)formats[i].format)) {
            *format = formats[i].format;
            return CLI_EXIT_OK;
        }
    }
    char list[64] = "";
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        if (allowed & (unsigned)formats[i].format) {
            strcat(list, list[0] ? ", " : "");
            strcat(list, formats[i].name);
        }
    }
    return cli_error("%s: --format '%s' is not one of %s", cmd, arg, list);
}

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

int cli_parse_args(const char *cmd, int argc, char **argv, const cli_option *opts, size_t nopts,
                   char **args, int max_args, int *nargs, const char *usage)
{
    int options_done = 0;
    *nargs = 0;
    for (int i = 0; i < argc; i++) {
        if (options_done || strncmp(argv[i], "--", 2) != 0) {
            if (*nargs == max_args)
                return cli_error("%s: usage: grundy %s", cmd, usage);
            args[(*nargs)++] = argv[i];
            continue;
        }
        if (strcmp(argv[i], "--") == 0) {
            options_done = 1;
            continue;
        }
        size_t k = 0;
        while (k < nopts && strcmp(argv[i], opts[k].name) != 0)
            k++;
        if (k == nopts)
            return cli_error("%s: unknown option '%s'", cmd, argv[i]);
        const cli_option *o = &opts[k];
        if (o->kind == CLI_OPT_FLAG) {
            *(int *)o->out = 1;
            continue;
        }
        const char *v = cli_option_arg(cmd, argc, argv, &i, o->what);
        int status = CLI_EXIT_OK;
        if (v == NULL)
            return CLI_EXIT_ERROR;
        if (o->kind == CLI_OPT_THREADS)
            status = cli_parse_threads(cmd, v, (unsigned *)o->out);
        else if (o->kind == CLI_OPT_FORMAT)
            status = cli_parse_format(cmd, v, o->formats, (int *)o->out);
        else if (o->kind == CLI_OPT_STRING)
            *(const char **)o->out = v;
        else if (cli_parse_u64(v, (uint64_t *)o->out) != 0)
            status = cli_error("%s: %s '%s' is not a non-negative integer below 2^64", cmd,
                               o->name, v);
        if (status != CLI_EXIT_OK)
            return status;
    }
    return CLI_EXIT_OK;
}

void cli_no_period(grundy_heap_game *g)
{
    grundy_heap_game_set_period_detection(g, 0);
}

int cli_open_game(const char *cmd, const char *name, unsigned threads, grundy_heap_game **out)
{
    int status = cli_memory_init();
    if (status != CLI_EXIT_OK)
        return status;
    if (grundy_heap_game_new(out, cli_allocator()) != GRUNDY_OK)
        return cli_out_of_memory(cmd, "creating the game");
    int rc = grundy_heap_game_parse(*out, name, strlen(name));
    if (rc != GRUNDY_OK) {
        status = rc == GRUNDY_ENOMEM ? cli_out_of_memory(cmd, "creating the game")
                                     : bad_game(cmd, name, *out);
        grundy_heap_game_free(*out);
        return status;
    }
    /* A request past the cap fails at once, naming the bytes it needs,
     * rather than after computing until the allocator refuses. */
    grundy_heap_game_set_memory_limit(*out, cli_memory_cap());
    if (isatty(STDERR_FILENO))
        grundy_heap_game_set_progress(*out, show_progress, NULL);
    /* With more, the library times a second thread against one as it goes
     * and rests it where it does not pay. */
    grundy_heap_game_set_threads(*out, threads);
    return CLI_EXIT_OK;
}

int cli_open_game_n(const char *cmd, char **argv, unsigned threads, grundy_heap_game **out,
                    uint64_t *n)
{
    if (cli_parse_u64(argv[1], n) != 0)
        return cli_error("%s: N '%s' is not a non-negative integer below 2^64", cmd, argv[1]);
    return cli_open_game(cmd, argv[0], threads, out);
}

/* Prints values one at a time in a --format: the heaps from `first` on. */
typedef struct value_printer {
    int format;
    uint64_t heap; /* of the next value */
    uint64_t first;
} value_printer;

static void values_begin(value_printer *p, int format, const char *game, int misere,
                         uint64_t first)
{
    *p = (value_printer){format, first, first};
    if (format == CLI_FORMAT_CSV)
        puts("heap,value");
    else if (format == CLI_FORMAT_JSON) {
        fputs("{\"game\": ", stdout);
        cli_json_string(stdout, game);
        printf(", \"play\": \"%s\", \"from\": %llu, \"values\": [", misere ? "misere" : "normal",
               (unsigned long long)first);
    }
}

static void values_put(value_printer *p, uint64_t v)
{
    int later = p->heap > p->first;
    switch (p->format) {
    case CLI_FORMAT_LINES:
        printf("%llu\n", (unsigned long long)v);
        break;
    case CLI_FORMAT_CSV:
        printf("%llu,%llu\n", (unsigned long long)p->heap, (unsigned long long)v);
        break;
    case CLI_FORMAT_JSON:
        printf(later ? ", %llu" : "%llu", (unsigned long long)v);
        break;
    default:
        printf(later ? " %llu" : "%llu", (unsigned long long)v);
    }
    p->heap++;
}

static void values_end(const value_printer *p)
{
    if (p->format == CLI_FORMAT_JSON)
        puts("]}");
    else if (p->format == CLI_FORMAT_LINE)
        putchar('\n');
}

/* The misère values of heaps first .. n - 1, by the library's search. */
static int misere_values(grundy_heap_game *g, const char *game, uint64_t first, uint64_t n,
                         int format)
{
    uint64_t count = n - first;
    if (count > SIZE_MAX / sizeof(uint32_t) - 1)
        return cli_error("values: %llu values are too many to hold", (unsigned long long)count);
    uint32_t *v = (uint32_t *)cli_malloc((size_t)count * sizeof *v + 1);
    if (v == NULL)
        return cli_out_of_memory("values", "holding the values");
    int rc = grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, first, (size_t)count, v);
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        cli_free(v);
        return cli_game_failed("values", g, rc, "searching misère play");
    }
    value_printer p;
    values_begin(&p, format, game, 1, first);
    for (uint64_t i = 0; i < count; i++)
        values_put(&p, v[i]);
    values_end(&p);
    cli_free(v);
    return CLI_EXIT_OK;
}

const char *cli_heap_why(const grundy_heap_game *g)
{
    static char why[CLI_WHY_MAX];
    const char *m = grundy_heap_game_errmsg(g);
    /* "grundy_heap_game_values: the misère search takes ...": the call. */
    const char *colon = strchr(m, ':');
    if (strncmp(m, "grundy_", 7) == 0 && colon != NULL && colon[1] == ' ' &&
        strcspn(m, " ") == (size_t)(colon - m) + 1)
        m = colon + 2;
    snprintf(why, sizeof why, "%s", m);
    /* "... (the limit of grundy_heap_game_set_search_limit)": a setter the
     * tool has no option for. */
    char *aside = strrchr(why, '(');
    size_t n = strlen(why);
    if (aside != NULL && why[n - 1] == ')' && strstr(aside, "grundy_") != NULL) {
        while (aside > why && aside[-1] == ' ')
            aside--;
        *aside = '\0';
    }
    return why;
}

int cli_over_game_cap(const grundy_heap_game *g, int rc)
{
    return cli_refused_by_cap(rc, grundy_heap_game_errmsg(g));
}

int cli_game_failed(const char *cmd, const grundy_heap_game *g, int rc, const char *doing)
{
    if (rc == GRUNDY_ENOMEM)
        return cli_out_of_memory(cmd, doing);
    if (cli_over_game_cap(g, rc))
        return cli_over_cap(cmd, grundy_heap_game_errmsg(g));
    const char *why = cli_heap_why(g);
    return cli_error("%s: %s", cmd, *why ? why : grundy_strerror(rc));
}

#define VALUES_USAGE                                                                            \
    "values [--threads N] [--misere] [--no-period] [--from A] [--format F] GAME N"

int cli_values(int argc, char **argv)
{
    unsigned threads = DEFAULT_THREADS;
    int misere = 0, no_period = 0, format = CLI_FORMAT_LINE, nargs;
    uint64_t first = 0;
    char *args[2];
    const cli_option opts[] = {
        {"--misere", CLI_OPT_FLAG, &misere, 0, NULL},
        {"--no-period", CLI_OPT_FLAG, &no_period, 0, NULL},
        {"--threads", CLI_OPT_THREADS, &threads, 0, "a number of threads"},
        {"--from", CLI_OPT_U64, &first, 0, "the first heap"},
        {"--format", CLI_OPT_FORMAT, &format,
         CLI_FORMAT_LINE | CLI_FORMAT_LINES | CLI_FORMAT_CSV | CLI_FORMAT_JSON, "a format"},
    };
    int status = cli_parse_args("values", argc, argv, opts, sizeof opts / sizeof opts[0], args,
                                2, &nargs, VALUES_USAGE);
    if (status != CLI_EXIT_OK)
        return status;
    if (nargs != 2)
        return cli_error("values: usage: grundy " VALUES_USAGE);
    uint64_t n;
    if (cli_parse_u64(args[1], &n) != 0)
        return cli_error("values: N '%s' is not a non-negative integer below 2^64", args[1]);
    if (first > n)
        return cli_error("values: --from %llu is past N %llu (the values are G(A) ... G(N-1))",
                         (unsigned long long)first, (unsigned long long)n);
    grundy_heap_game *g;
    status = cli_open_game("values", args[0], threads, &g);
    if (status != CLI_EXIT_OK)
        return status;
    if (no_period)
        cli_no_period(g);
    if (misere) {
        status = misere_values(g, args[0], first, n, format);
        grundy_heap_game_free(g);
        return status;
    }
    int rc = grundy_heap_game_compute(g, n);
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        status = cli_game_failed("values", g, rc, "computing the values");
        grundy_heap_game_free(g);
        return status;
    }
    value_printer p;
    values_begin(&p, format, args[0], 0, first);
    for (uint64_t i = first; i < n && !ferror(stdout); i++) {
        uint64_t v = 0; /* computed above, or from the (arithmetic) period */
        grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, i, &v);
        values_put(&p, v);
    }
    values_end(&p);
    grundy_heap_game_free(g);
    return CLI_EXIT_OK;
}

int cli_period(int argc, char **argv)
{
    unsigned threads = DEFAULT_THREADS;
    int nargs;
    char *args[2];
    const cli_option opts[] = {{"--threads", CLI_OPT_THREADS, &threads, 0, "a number of threads"}};
    int status = cli_parse_args("period", argc, argv, opts, 1, args, 2, &nargs,
                                "period [--threads N] GAME [MAX]");
    if (status != CLI_EXIT_OK)
        return status;
    if (nargs < 1)
        return cli_error("period: usage: grundy period [--threads N] GAME [MAX]");
    uint64_t max = DEFAULT_PERIOD_MAX;
    if (nargs == 2 && cli_parse_u64(args[1], &max) != 0)
        return cli_error("period: MAX '%s' is not a non-negative integer below 2^64", args[1]);
    const char *name = args[0];
    grundy_heap_game *g;
    status = cli_open_game("period", name, threads, &g);
    if (status != CLI_EXIT_OK)
        return status;
    uint64_t p, q, saltus;
    int proved;
    int rc = grundy_heap_game_arithmetic_period(g, max, &p, &q, &saltus, &proved);
    cli_end_progress();
    /* A period check that could not get its memory proves nothing, so an
     * "unknown" after a refusal may be wrong: it is an error. */
    if (rc == GRUNDY_ENOMEM || (rc == 0 && cli_memory_refused()))
        status = cli_out_of_memory("period", "looking for the period");
    else if (rc < 0)
        status = cli_game_failed("period", g, rc, "looking for the period");
    grundy_heap_game_free(g);
    if (rc < 0 || status != CLI_EXIT_OK)
        return status;
    if (rc == 1 && proved) {
        printf("period %llu preperiod %llu", (unsigned long long)p, (unsigned long long)q);
        if (saltus != 0)
            printf(" saltus %llu", (unsigned long long)saltus);
        putchar('\n');
        return CLI_EXIT_OK;
    }
    if (rc == 1) {
        printf("observed period %llu preperiod %llu", (unsigned long long)p,
               (unsigned long long)q);
        if (saltus != 0)
            printf(" saltus %llu", (unsigned long long)saltus);
        printf(" up to %llu, not proved\n", (unsigned long long)max);
    } else
        printf("unknown up to %llu\n", (unsigned long long)max);
    if (strcmp(name, "grundy") == 0)
        fprintf(stderr, "grundy: period: no periodicity theorem applies to %s; nothing is "
                "claimed\n", name);
    else if (rc == 0 && max <= UINT64_MAX / 10)
        fprintf(stderr, "grundy: period: a larger MAX may prove a period: try grundy period "
                "%s %llu\n", name, (unsigned long long)max * 10);
    else if (rc == 0)
        fprintf(stderr, "grundy: period: a larger MAX may prove a period\n");
    return CLI_EXIT_UNPROVED;
}
