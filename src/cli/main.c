/* SPDX-License-Identifier: MIT */
/* `grundy`: dispatch to the commands, usage, and the helpers they share. */
#include "cli/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* What the help of a command adds after its own text. */
#define NOTE_GAME 1u   /* GAME names a heap game */
#define NOTE_THREADS 2u /* --threads N */
#define NOTE_MEMORY 4u /* the memory cap applies */

/* One entry per command: its synopsis (after "grundy "), what it does
 * (lines indented by six spaces), and the notes its help ends with.
 * `grundy --help` lists them all; `grundy COMMAND --help` one. */
static const struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *text;
    unsigned notes;
} commands[] = {
    {"values", cli_values,
     "values [--threads N] [--misere] [--no-period] [--from A] [--format F] GAME N",
     "      G(A) ... G(N-1) of a heap game (A is 0 unless --from A); --misere: the\n"
     "      misere values; --no-period: compute every value even past a proved\n"
     "      period; --format line (one line, the default), lines (one value a\n"
     "      line), csv (heap,value rows) or json\n",
     NOTE_GAME | NOTE_THREADS | NOTE_MEMORY},
    {"period", cli_period, "period [--threads N] GAME [MAX]",
     "      the proved period and preperiod (and saltus S of an arithmetic period,\n"
     "      G(n+P) = G(n)+S), searching up to MAX heap sizes (default 100000);\n"
     "      exit 3 if none is proved (what the values show is printed, not\n"
     "      proved, and a larger MAX may prove it)\n",
     NOTE_GAME | NOTE_THREADS | NOTE_MEMORY},
    {"stats", cli_stats, "stats [--threads N] [--no-period] [--format text|json] GAME N",
     "      statistics of G(0) ... G(N-1): values computed, the largest value,\n"
     "      how many heaps have each value, the rare values under the\n"
     "      sparse-space mask, the period if one is proved, time and memory\n",
     NOTE_GAME | NOTE_THREADS | NOTE_MEMORY},
    {"survey", cli_survey,
     "survey [--values N] [--threads T] [--shard I/K] [--resume FILE]\n"
     "         (GAME... | --digits K | --subtraction K)",
     "      one line per game: its proved period (with saltus), or \"open up to N\",\n"
     "      the largest value and the number of heaps of rare value, for each GAME,\n"
     "      every octal code 0.d1...dj with j <= K and dj != 0 (--digits K), or\n"
     "      every subtraction game sub:S with S a non-empty subset of 1...K\n"
     "      (--subtraction K);\n"
     "      N defaults to 100000; T games at once (default 1); --shard I/K: the\n"
     "      games whose place in the list is I modulo K (I from 0); --resume\n"
     "      FILE: a journal (locked while in use, each line checked): lines\n"
     "      already in it are kept, the others computed and added to it as they\n"
     "      finish; SIGINT, SIGTERM or SIGHUP stop the run with FILE whole (exit\n"
     "      128 + the signal); the table goes to standard output\n"
     "  survey --merge FILE...\n"
     "      the table of one survey from the files of its parts\n",
     NOTE_GAME | NOTE_MEMORY},
    {"plot", cli_plot, "plot [--threads N] GAME N",
     "      an SVG scatter plot of G(n) against n for n < N, on standard output;\n"
     "      past the plot's width heaps are binned (each bin marks the values\n"
     "      its heaps take)\n",
     NOTE_GAME | NOTE_THREADS | NOTE_MEMORY},
    {"nim", cli_nim, "nim [--misere] H1 H2 ...",
     "      outcome of a Nim position and a winning move\n", 0},
    {"move", cli_move, "move [--misere] GAME H1 H2 ...",
     "      outcome (N or P) of a sum of heaps of a heap game; when N, a winning\n"
     "      move on line 2 as what it leaves: \"heap I: H -> A B\" (heap I, from 0,\n"
     "      of H tokens becomes heaps A B; \"0\" when none is left); --misere:\n"
     "      misere play, from the game's misere quotient when it comes within two\n"
     "      seconds, else by search of the sum\n",
     NOTE_GAME},
    {"genus", cli_genus, "genus GAME N",
     "      Conway's genus of heaps 0 ... N-1, one line each: \"H g^t0,t1,... tame\"\n"
     "      (or wild): g the value, t the misere values of the heap plus 0, 1, ...\n"
     "      heaps of 2, listed until they alternate (the last two repeat)\n",
     NOTE_GAME},
    {"quotient", cli_quotient,
     "quotient [--save FILE] [--resume FILE] [--trace] [--time SECONDS] [--progress]\n"
     "      GAME [MAXHEAP]",
     "      the misere quotient of a heap game over heaps 0 ... MAXHEAP, stopping\n"
     "      once solved; without MAXHEAP it goes on until solved, within a time\n"
     "      cap of 60 s (--time SECONDS; 0: none) and the memory limit, or to heap\n"
     "      1000 for a game never called solved (not a finite octal game); a cap\n"
     "      that stops it is named on standard error, the quotient found printed\n"
     "      as unsolved; progress on standard error when it is a terminal, or\n"
     "      with --progress; line 1 \"order Q P-portion N period p\n"
     "      preperiod e tame yes|no\" when solved (proved, octal games only), else\n"
     "      \"unsolved up to heap H order Q P-portion N\" and exit 3; then the\n"
     "      generators (a=H: a is the element of heap H), the relations, the\n"
     "      P-portion and phi (each heap's element, over the preperiod and one\n"
     "      period when solved); --save FILE: keep the state in FILE (every\n"
     "      minute, at the end, and on SIGINT, SIGTERM or SIGHUP, which exit\n"
     "      128 + the signal; locked while in use); --resume FILE:\n"
     "      start from a state saved so; --trace: on standard error, a line for\n"
     "      each trial verified as the quotient grows, \"heap H trial order Q\n"
     "      P-portion N fails on H1 H2 ...\" (H^k: k copies of H) or \"... verified\"\n",
     NOTE_GAME | NOTE_MEMORY},
    {"graph", cli_graph, "graph [MODE] [--dot] [FILE | --game GAME N]",
     "      the number of every node of a game graph (FILE or standard input:\n"
     "      \"n m\" then m pairs \"u v\"; or --game: heaps 0 ... N-1 of a heap game\n"
     "      and their moves); MODE: (none) Sprague-Grundy value; --misere P or N;\n"
     "      --wtia w-number (SP, SC or a number); --loopy value or inf{...}\n"
     "      (cycles allowed); --remoteness; --suspense; --dot: the graph in\n"
     "      Graphviz DOT instead, each node labelled with its value, P positions\n"
     "      white and N positions grey, winning moves bold (normal play, or\n"
     "      --misere)\n",
     NOTE_MEMORY},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char game_note[] =
    "GAME: an octal or hexadecimal code (0.77, 0.137, 4.07, 0.F), grundy (Grundy's\n"
    "game), lasker (Lasker's Nim), sub:S1,S2,... (a subtraction game) or\n"
    "allbut:X1,X2,... (take any number but X1, X2, ...)\n";

static const char threads_note[] =
    "--threads N: compute on up to N threads (default 1; this version uses at most\n"
    "2 for one game, and only while a second one pays); the values are the same\n";

/* The memory note, with the default cap as found on this machine. */
static void memory_note(FILE *f)
{
    const char *why;
    char limit[64];
    cli_format_size(cli_default_memory_limit(&why), limit, sizeof limit);
    fprintf(f,
            "environment:\n"
            "  GRUNDY_MEMORY_LIMIT=SIZE   the most memory a command that computes may use:\n"
            "                             bytes, or a number with K, M, G or T (0: no limit)\n"
            "                             default: %s, %s\n",
            why, limit);
}

static void usage(FILE *f)
{
    fputs("usage: grundy COMMAND [ARGS]\n\ncommands:\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %s\n%s", commands[i].synopsis, commands[i].text);
    fprintf(f, "\n%s%s\n", game_note, threads_note);
    fputs("  --help                     this text (COMMAND --help: that command's)\n"
          "  --version                  the version\n\n",
          f);
    memory_note(f);
}

static void command_usage(const struct cli_command *c, FILE *f)
{
    fprintf(f, "usage: grundy %s\n%s", c->synopsis, c->text);
    if (c->notes & (NOTE_GAME | NOTE_THREADS))
        fputc('\n', f);
    if (c->notes & NOTE_GAME)
        fputs(game_note, f);
    if (c->notes & NOTE_THREADS)
        fputs(threads_note, f);
    if (c->notes & NOTE_MEMORY) {
        fputc('\n', f);
        memory_note(f);
    }
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

/* Whether standard output took everything written to it: a full disk or a
 * closed pipe must not pass for success. */
static int output_written(const char *cmd, int status)
{
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    int err = errno;
    if (status == CLI_EXIT_ERROR) /* said already */
        return status;
    if (err != 0)
        return cli_error("%s: cannot write the output: %s", cmd, strerror(err));
    return cli_error("%s: cannot write the output", cmd);
}

/* Whether the arguments ask for the command's help: "--help" before any "--". */
static int asks_help(int argc, char **argv)
{
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--help") == 0)
            return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_ERROR;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        const struct cli_command *c = NULL;
        for (size_t i = 0; argc > 2 && i < NCOMMANDS; i++) {
            if (strcmp(argv[2], commands[i].name) == 0)
                c = &commands[i];
        }
        if (c != NULL)
            command_usage(c, stdout);
        else
            usage(stdout);
        return output_written("help", CLI_EXIT_OK);
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("grundy %s\n", grundy_version());
        return output_written("version", CLI_EXIT_OK);
    }
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name) != 0)
            continue;
        if (asks_help(argc, argv)) {
            command_usage(&commands[i], stdout);
            return output_written(cmd, CLI_EXIT_OK);
        }
        int status = commands[i].run(argc - 2, argv + 2);
        return output_written(cmd, status);
    }
    cli_error("unknown command '%s'", cmd);
    usage(stderr);
    return CLI_EXIT_ERROR;
}
