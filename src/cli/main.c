/* `grundy`: dispatch to the commands, usage, and the helpers they share. */
#include "cli/cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char usage_text[] =
    "usage: grundy COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  values [--threads N] [--misere] GAME N\n"
    "                             G(0) ... G(N-1) of a heap game on one line;\n"
    "                             --misere: the misere values G-(0) ... G-(N-1)\n"
    "  period [--threads N] GAME [MAX]\n"
    "                             the proved period and preperiod (and saltus S of an\n"
    "                             arithmetic period, G(n+P) = G(n)+S), searching up to\n"
    "                             MAX heap sizes (default 100000); exit 3 if none is\n"
    "                             proved (what the values show is printed, not proved)\n"
    "  nim [--misere] H1 H2 ...   outcome of a Nim position and a winning move\n"
    "  move [--misere] GAME H1 H2 ...\n"
    "                             outcome (N or P) of a sum of heaps of a heap game;\n"
    "                             when N, a winning move on line 2 as what it leaves:\n"
    "                             \"heap I: H -> A B\" (heap I, from 0, of H tokens\n"
    "                             becomes heaps A B; \"0\" when none is left);\n"
    "                             --misere: misere play, by search of the sum\n"
    "  genus GAME N               Conway's genus of heaps 0 ... N-1, one line each:\n"
    "                             \"H g^t0,t1,... tame\" (or wild): g the value, t the\n"
    "                             misere values of the heap plus 0, 1, ... heaps of 2,\n"
    "                             listed until they alternate (the last two repeat)\n"
    "  graph [MODE] [FILE]        the number of every node of a game graph (FILE or\n"
    "                             standard input: \"n m\" then m pairs \"u v\"); MODE:\n"
    "                             (none) Sprague-Grundy value; --misere P or N;\n"
    "                             --wtia w-number (SP, SC or a number); --loopy\n"
    "                             value or inf{...} (cycles allowed); --remoteness;\n"
    "                             --suspense\n"
    "\n"
    "GAME: an octal or hexadecimal code (0.77, 0.137, 4.07, 0.F), grundy (Grundy's\n"
    "game), lasker (Lasker's Nim), sub:S1,S2,... (a subtraction game) or\n"
    "allbut:X1,X2,... (take any number but X1, X2, ...)\n"
    "--threads N: compute on up to N threads (default 1; this version uses at most\n"
    "2, and only while a second one pays); the values are the same\n"
    "\n"
    "  --help                     this text (also COMMAND --help)\n"
    "  --version                  the version\n"
    "\n"
    "environment:\n"
    "  GRUNDY_MEMORY_LIMIT=SIZE   the most memory graph, values and period may use:\n"
    "                             bytes, or a number with K, M, G or T (0: no limit)\n";

/* The usage, and the default memory limit as found on this machine. */
static void usage(FILE *f)
{
    const char *why;
    char limit[64];
    cli_format_size(cli_default_memory_limit(&why), limit, sizeof limit);
    fprintf(f, "%s                             default: %s, %s\n", usage_text, why, limit);
}

int cli_error(const char *fmt, ...)
{
    va_list ap;
    fputs("grundy: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_EXIT_ERROR;
}

int cli_parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '\0')
        return -1;
    for (; *s; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (d > 9 || v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int cli_take_misere(const char *cmd, int argc, char **argv, int *misere)
{
    int first = 0;
    *misere = 0;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--misere") == 0) {
            *misere = 1;
        } else if (strcmp(argv[first], "--") == 0) {
            return first + 1;
        } else {
            cli_error("%s: unknown option '%s'", cmd, argv[first]);
            return -1;
        }
    }
    return first;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("grundy %s\n", grundy_version());
        return CLI_EXIT_OK;
    }
    if (argc > 2 && strcmp(argv[2], "--help") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "nim") == 0)
        return cli_nim(argc - 2, argv + 2);
    if (strcmp(cmd, "graph") == 0)
        return cli_graph(argc - 2, argv + 2);
    if (strcmp(cmd, "values") == 0)
        return cli_values(argc - 2, argv + 2);
    if (strcmp(cmd, "period") == 0)
        return cli_period(argc - 2, argv + 2);
    if (strcmp(cmd, "move") == 0)
        return cli_move(argc - 2, argv + 2);
    if (strcmp(cmd, "genus") == 0)
        return cli_genus(argc - 2, argv + 2);
    cli_error("unknown command '%s'", cmd);
    usage(stderr);
    return CLI_EXIT_ERROR;
}
