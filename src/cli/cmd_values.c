/* `grundy values [--threads N] GAME N` and `grundy period [--threads N] GAME [MAX]`. */
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

/* Progress on standard error, only when it is a terminal. */
static int show_progress(void *user, uint64_t done, uint64_t total)
{
    (void)user;
    fprintf(stderr, "\r%llu / %llu values", (unsigned long long)done, (unsigned long long)total);
    return 0;
}

static void end_progress(void)
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
    *threads = DEFAULT_THREADS;
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

static int open_game(const char *cmd, const char *name, unsigned threads,
                     grundy_heap_game **out)
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
    if (isatty(STDERR_FILENO))
        grundy_heap_game_set_progress(*out, show_progress, NULL);
    /* With more, the library times a second thread against one as it goes
     * and rests it where it does not pay. */
    grundy_heap_game_set_threads(*out, threads);
    return CLI_EXIT_OK;
}

int cli_values(int argc, char **argv)
{
    unsigned threads;
    int status = take_threads("values", &argc, &argv, &threads);
    if (status != CLI_EXIT_OK)
        return status;
    if (argc != 2)
        return cli_error("values: usage: grundy values [--threads N] GAME N");
    uint64_t n;
    if (cli_parse_u64(argv[1], &n) != 0)
        return cli_error("values: N '%s' is not a non-negative integer below 2^64", argv[1]);
    grundy_heap_game *g;
    status = open_game("values", argv[0], threads, &g);
    if (status != CLI_EXIT_OK)
        return status;
    int rc = grundy_heap_game_compute(g, n);
    end_progress();
    if (rc != GRUNDY_OK) {
        grundy_heap_game_free(g);
        return rc == GRUNDY_ENOMEM ? cli_out_of_memory("values", "computing the values")
                                   : cli_error("values: %s", grundy_strerror(rc));
    }
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v; /* computed above, or from the period */
        grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, i, &v);
        printf(i ? " %u" : "%u", v);
    }
    putchar('\n');
    grundy_heap_game_free(g);
    return fflush(stdout) == 0 ? CLI_EXIT_OK : cli_error("values: cannot write output");
}

int cli_period(int argc, char **argv)
{
    unsigned threads;
    int status = take_threads("period", &argc, &argv, &threads);
    if (status != CLI_EXIT_OK)
        return status;
    if (argc < 1 || argc > 2)
        return cli_error("period: usage: grundy period [--threads N] GAME [MAX]");
    uint64_t max = DEFAULT_PERIOD_MAX;
    if (argc == 2 && cli_parse_u64(argv[1], &max) != 0)
        return cli_error("period: MAX '%s' is not a non-negative integer below 2^64", argv[1]);
    grundy_heap_game *g;
    status = open_game("period", argv[0], threads, &g);
    if (status != CLI_EXIT_OK)
        return status;
    uint64_t p, q;
    int rc = grundy_heap_game_period(g, max, &p, &q);
    end_progress();
    char why[256]; /* the library's account of a failure, e.g. the values a proof needs */
    snprintf(why, sizeof why, "%s", grundy_heap_game_errmsg(g));
    grundy_heap_game_free(g);
    /* A period check that could not get its memory proves nothing, so an
     * "unknown" after a refusal may be wrong: it is an error. */
    if (rc == GRUNDY_ENOMEM || (rc == 0 && cli_memory_refused()))
        return cli_out_of_memory("period", "looking for the period");
    if (rc < 0)
        return cli_error("period: %s: %s", grundy_strerror(rc), why);
    if (rc == 1) {
        printf("period %llu preperiod %llu\n", (unsigned long long)p, (unsigned long long)q);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[0], "grundy") == 0 || strcmp(argv[0], "lasker") == 0)
        fprintf(stderr, "grundy: period: no periodicity theorem applies to %s; nothing is claimed\n",
                argv[0]);
    printf("unknown up to %llu\n", (unsigned long long)max);
    return EXIT_UNPROVED;
}
