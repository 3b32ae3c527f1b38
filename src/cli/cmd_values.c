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
#define EXIT_UNPROVED 3
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

/* Takes a leading "--threads N" off the arguments into *threads: 0, or
 * the exit status of an error. */
static int take_threads(const char *cmd, int *argc, char ***argv, unsigned *threads)
{
    if (*argc < 1 || strcmp((*argv)[0], "--threads") != 0)
        return CLI_EXIT_OK;
    if (*argc < 2)
        return cli_error("%s: --threads needs a number of threads", cmd);
    uint64_t n;
    const char *arg = (*argv)[1];
    if (cli_parse_u64(arg, &n) != 0 || n < 1 || n > UINT_MAX)
        return cli_error("%s: --threads '%s' is not a number of threads (a whole number, "
                         "1 or more)", cmd, arg);
    *threads = (unsigned)n;
    *argc -= 2;
    *argv += 2;
    return CLI_EXIT_OK;
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

/* The misère values of heaps 0 .. n - 1, by the library's search. */
static int misere_values(grundy_heap_game *g, uint64_t n)
{
    if (n > SIZE_MAX / sizeof(uint32_t))
        return cli_error("values: N %llu is too many values to hold", (unsigned long long)n);
    uint32_t *v = (uint32_t *)cli_malloc((size_t)n * sizeof *v + 1);
    if (v == NULL)
        return cli_out_of_memory("values", "holding the values");
    int rc = grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, 0, (size_t)n, v);
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        cli_free(v);
        return rc == GRUNDY_ENOMEM ? cli_out_of_memory("values", "searching misère play")
                                   : cli_error("values: %s", grundy_heap_game_errmsg(g));
    }
    for (uint64_t i = 0; i < n; i++)
        printf(i ? " %u" : "%u", v[i]);
    putchar('\n');
    cli_free(v);
    return CLI_EXIT_OK;
}

/* Whether the game refused a request for the memory cap it was given. */
static int over_cap(const grundy_heap_game *g, int rc)
{
    return rc == GRUNDY_ELIMIT && strstr(grundy_heap_game_errmsg(g), "memory limit") != NULL;
}

int cli_values(int argc, char **argv)
{
    unsigned threads = DEFAULT_THREADS;
    int misere = 0, status = CLI_EXIT_OK;
    /* The options, in any order, before GAME. */
    while (status == CLI_EXIT_OK && argc > 0 && strncmp(argv[0], "--", 2) == 0) {
        if (strcmp(argv[0], "--misere") == 0) {
            misere = 1;
            argc--;
            argv++;
        } else if (strcmp(argv[0], "--threads") == 0) {
            status = take_threads("values", &argc, &argv, &threads);
        } else {
            return cli_error("values: unknown option '%s'", argv[0]);
        }
    }
    if (status != CLI_EXIT_OK)
        return status;
    if (argc != 2)
        return cli_error("values: usage: grundy values [--threads N] [--misere] GAME N");
    uint64_t n;
    grundy_heap_game *g;
    status = cli_open_game_n("values", argv, threads, &g, &n);
    if (status != CLI_EXIT_OK)
        return status;
    if (misere) {
        status = misere_values(g, n);
        grundy_heap_game_free(g);
        return status != CLI_EXIT_OK ? status
               : fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("values: cannot write output");
    }
    int rc = grundy_heap_game_compute(g, n);
    cli_end_progress();
    if (rc != GRUNDY_OK) {
        status = rc == GRUNDY_ENOMEM ? cli_out_of_memory("values", "computing the values")
                 : over_cap(g, rc) ? cli_over_cap("values", grundy_heap_game_errmsg(g))
                                   : cli_error("values: %s", grundy_heap_game_errmsg(g));
        grundy_heap_game_free(g);
        return status;
    }
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = 0; /* computed above, or from the (arithmetic) period */
        grundy_heap_game_value64(g, GRUNDY_PLAY_NORMAL, i, &v);
        printf(i ? " %llu" : "%llu", (unsigned long long)v);
    }
    putchar('\n');
    grundy_heap_game_free(g);
    return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("values: cannot write output");
}

int cli_period(int argc, char **argv)
{
    unsigned threads = DEFAULT_THREADS;
    int status = take_threads("period", &argc, &argv, &threads);
    if (status != CLI_EXIT_OK)
        return status;
    if (argc < 1 || argc > 2)
        return cli_error("period: usage: grundy period [--threads N] GAME [MAX]");
    uint64_t max = DEFAULT_PERIOD_MAX;
    if (argc == 2 && cli_parse_u64(argv[1], &max) != 0)
        return cli_error("period: MAX '%s' is not a non-negative integer below 2^64", argv[1]);
    grundy_heap_game *g;
    status = cli_open_game("period", argv[0], threads, &g);
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
    else if (over_cap(g, rc))
        status = cli_over_cap("period", grundy_heap_game_errmsg(g));
    else if (rc < 0)
        status = cli_error("period: %s", grundy_heap_game_errmsg(g));
    grundy_heap_game_free(g);
    if (rc < 0 || status != CLI_EXIT_OK)
        return status;
    if (rc == 1 && proved) {
        printf("period %llu preperiod %llu", (unsigned long long)p, (unsigned long long)q);
        if (saltus != 0)
            printf(" saltus %llu", (unsigned long long)saltus);
        putchar('\n');
        return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("period: cannot write output");
    }
    if (rc == 1) {
        printf("observed period %llu preperiod %llu", (unsigned long long)p,
               (unsigned long long)q);
        if (saltus != 0)
            printf(" saltus %llu", (unsigned long long)saltus);
        printf(" up to %llu, not proved\n", (unsigned long long)max);
    } else
        printf("unknown up to %llu\n", (unsigned long long)max);
    if (strcmp(argv[0], "grundy") == 0)
        fprintf(stderr, "grundy: period: no periodicity theorem applies to %s; nothing is "
                "claimed\n", argv[0]);
    else if (rc == 0)
        fprintf(stderr, "grundy: period: a larger MAX may prove a period\n");
    return EXIT_UNPROVED;
}
