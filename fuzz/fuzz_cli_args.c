/* SPDX-License-Identifier: MIT */
/* Fuzz target: the command-line tool's argument handling, by calling its
 * main() in-process.  The CLI's sources are compiled with
 * -Dmain=grundy_cli_main (see build.sh), so they need no change.
 *
 * Input: NUL-separated arguments (argv[1], argv[2], ...; argv[0] is
 * "grundy"); if a byte 0x1e occurs, what follows it is the text on standard
 * input.  So "graph\0--loopy\x1e" "2 2 0 1 1 0" runs `grundy graph --loopy`
 * on that graph.
 *
 * Sandboxing (the harness's only liberties with argv):
 * - FILE arguments of `graph` are looked up in a private directory made at
 *   start-up holding a few small graphs named g, c, p, e, l, z and a
 *   directory d; a FILE containing '/' is not run;
 * - runs that would only be slow are not run: `values` and `period` with
 *   counts the harness's estimate says are too large (using the library to
 *   find a period first), `move` with such heaps or a large misère sum,
 *   `quotient` past a small MAXHEAP, and graph texts with more than 100000
 *   nodes (a 12-byte text "2147483647 0" makes the tool ask for tens of
 *   gigabytes); `quotient --save/--resume` (files) is not run either.
 *
 * Checks: the exit status is 0, 2 or 3 (3 only from `period`, with
 * "unknown up to MAX", and from `quotient`, "unsolved up to heap H");
 * status 2 comes with a message on standard error and nothing on standard
 * output; status 0 output has the documented shape
 * (one line per node, N values, "N"/"P" then a move, ...).  Leaks are
 * LeakSanitizer's business (libFuzzer checks per input). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "heap_ref.h"

int grundy_cli_main(int argc, char **argv);

#if defined(__GNUC__)
void __sanitizer_set_report_fd(void *fd) __attribute__((weak));
#endif

#define MAX_ARGS 32
#define MAX_STDIN 4096u
#define MAX_NODES 100000u
#define MAX_PRINTED 100000u /* values the tool may print */
#define CLI_BUDGET 2.0e6    /* options a heap-game command may examine */

static char sandbox[64];
static int out_fd = -1, err_fd = -1, in_fd = -1, saved_out = -1, saved_err = -1;

static void write_file(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", sandbox, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
        abort();
}

static void remove_sandbox(void)
{
    static const char *names[] = {"g", "c", "p", "e", "l", "z", "stdin", "out", "err"};
    char path[128];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", sandbox, names[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/d", sandbox);
    rmdir(path);
    rmdir(sandbox);
}

static int open_in_sandbox(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", sandbox, name);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        abort();
    return fd;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(sandbox, sizeof sandbox, "%s/grundy-cli-XXXXXX",
             tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    if (mkdtemp(sandbox) == NULL)
        abort();
    write_file("g", "4 4\n0 1\n1 2\n0 2\n2 3\n");
    write_file("c", "2 2\n0 1\n1 0\n");
    write_file("p", "2 x\n");
    write_file("e", "");
    write_file("l", "3 3\n0 1\n1 0\n1 2\n");
    write_file("z", "0 0\n");
    char path[128];
    snprintf(path, sizeof path, "%s/d", sandbox);
    if (mkdir(path, 0700) != 0)
        abort();
    atexit(remove_sandbox);
    in_fd = open_in_sandbox("stdin");
    out_fd = open_in_sandbox("out");
    err_fd = open_in_sandbox("err");
    saved_out = dup(1);
    saved_err = dup(2);
    if (saved_out < 0 || saved_err < 0 || dup2(in_fd, 0) < 0)
        abort();
#if defined(__GNUC__)
    /* Sanitizer reports must reach the real standard error even while the
     * tool's standard error goes to a file. */
    if (__sanitizer_set_report_fd != NULL)
        __sanitizer_set_report_fd((void *)(intptr_t)saved_err);
#endif
    return 0;
}

/* cli_parse_u64's rule: all digits, below 2^64. */
static int parse_u64(const char *s, uint64_t *out)
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

/* Whether computing up to `count` values of game (or its period search up
 * to `count`) is cheap enough: by the harness's cost estimate, or because
 * the library proves a period within an affordable count, where the tool
 * would stop too. */
static int heap_command_affordable(const char *game, uint64_t count, int printing,
                                   int no_period)
{
    if (printing && count > MAX_PRINTED)
        return 0;
    heap_ref r;
    hr_parse(&r, game);
    if (r.status != GRUNDY_OK) {
        hr_free(&r);
        return 1; /* the tool stops at the name */
    }
    if (r.big)
        return 0; /* no reference cost for it */
    uint64_t cheap = 16;
    while (cheap < count && cheap < (1u << 20) && hr_cost(&r, cheap * 2, CLI_BUDGET) <= CLI_BUDGET)
        cheap *= 2;
    int ok = count <= cheap && hr_cost(&r, count, CLI_BUDGET) <= CLI_BUDGET;
    if (!ok && !r.tail && !r.unequal && !no_period) {
        grundy_heap_game *g = NULL;
        uint64_t p, q;
        if (grundy_heap_game_new(&g, NULL) == GRUNDY_OK &&
            grundy_heap_game_parse(g, game, strlen(game)) == GRUNDY_OK) {
            /* Proved within `cheap` values: the tool stops by about then. */
            ok = grundy_heap_game_period(g, cheap, &p, &q) == 1 &&
                 grundy_heap_game_computed(g) * 2 <= cheap;
        }
        grundy_heap_game_free(g);
    }
    hr_free(&r);
    return ok;
}

/* The option `opt` of a command line, as the tool reads it: its index
 * among the options (before a lone "--"), or 0. */
static int has_option(int argc, char **argv, const char *opt)
{
    for (int i = 2; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], opt) == 0)
            return i;
    }
    return 0;
}

/* The commands that compute a heap game's values, and the options among
 * their arguments that take a value. */
static int is_heap_command(const char *cmd)
{
    static const char *const names[] = {"values", "period", "stats", "plot", "survey"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(cmd, names[i]) == 0)
            return 1;
    }
    return 0;
}

static int option_takes_value(const char *opt)
{
    static const char *const names[] = {"--threads", "--from",   "--format",
                                        "--values",  "--shard",  "--resume",
                                        "--digits",  "--subtraction"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (strcmp(opt, names[i]) == 0)
            return 1;
    }
    return 0;
}

/* Whether a heap-game command is cheap enough to run, as the tool reads
 * its arguments: options anywhere until "--" (those of option_takes_value
 * with the next argument), then GAME and N (period: MAX, default 100000;
 * survey: every argument a GAME, each to --values N, default 100000).
 * Surveys that read or write files (--resume, --merge) or enumerate games
 * (--digits, --subtraction) are not run; with --no-period a proved period does not make
 * a count affordable. */
static int heap_command_screen(int argc, char **argv)
{
    const char *cmd = argv[1];
    const char *pos[MAX_ARGS + 2];
    int npos = 0, done = 0;
    uint64_t survey_n = 100000;
    for (int i = 2; i < argc; i++) {
        if (!done && strcmp(argv[i], "--") == 0) {
            done = 1;
        } else if (!done && strncmp(argv[i], "--", 2) == 0) {
            if (strcmp(argv[i], "--help") == 0)
                return 1; /* the usage, nothing computed */
            if (strcmp(argv[i], "--resume") == 0 || strcmp(argv[i], "--merge") == 0 ||
                strcmp(argv[i], "--digits") == 0 || strcmp(argv[i], "--subtraction") == 0)
                return 0;
            if (strcmp(argv[i], "--values") == 0 && i + 1 < argc &&
                parse_u64(argv[i + 1], &survey_n) != 0)
                survey_n = 0; /* the tool rejects it */
            if (option_takes_value(argv[i]))
                i++;
        } else {
            pos[npos++] = argv[i];
        }
    }
    if (strcmp(cmd, "survey") == 0) {
        for (int i = 0; i < npos; i++) {
            if (!heap_command_affordable(pos[i], survey_n, 0, 0))
                return 0;
        }
        return 1;
    }
    if (npos < 1)
        return 1; /* a usage error */
    uint64_t n = strcmp(cmd, "period") == 0 ? 100000 : 0;
    if (npos >= 2 && parse_u64(pos[1], &n) != 0)
        n = 0; /* the tool rejects it */
    /* --no-period computes every value: no proof stops it early. */
    return heap_command_affordable(pos[0], n, strcmp(cmd, "values") == 0,
                                   has_option(argc, argv, "--no-period"));
}

/* `quotient [OPTIONS] GAME MAXHEAP` runs only with MAXHEAP at most
 * QUOTIENT_MAX_HEAP and without --save or --resume, which name files
 * outside the sandbox (the quotient_file target reads saved states).  Some
 * small games recalibrate for minutes at a low heap, their trials' cyclic
 * parts growing by one at a time up to the library's caps: 0.354 at heap
 * 5, 0.76 at heap 12 (found here, a timeout at MAXHEAP 14).  Every octal
 * code of up to three digits takes milliseconds up to heap 4, measured.
 * --trace only prints (a line a trial, on standard error), so it runs under
 * the same bound. */
#define QUOTIENT_MAX_HEAP 4u

static int quotient_screen(int argc, char **argv)
{
    int first = 2;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--help") == 0)
            return 1;
        if (strcmp(argv[first], "--save") == 0 || strcmp(argv[first], "--resume") == 0)
            return 0;
        if (strcmp(argv[first], "--time") == 0 && first + 1 < argc) {
            first++; /* its seconds */
            continue;
        }
        if (strcmp(argv[first], "--") == 0) {
            first++;
            break;
        }
    }
    uint64_t n;
    if (argc - first == 1)
        return 0; /* no MAXHEAP: until solved, for up to a minute */
    if (argc - first != 2 || parse_u64(argv[first + 1], &n) != 0)
        return 1; /* a usage error, or the tool rejects MAXHEAP */
    return n <= QUOTIENT_MAX_HEAP;
}

/* `move [--misere] GAME H1 H2 ...` runs when each heap's values are cheap
 * and, in misère play, when the sum is small enough that the search the
 * tool falls back on (when the quotient does not come within its time
 * budget, which the sanitizers may exhaust) ends soon. */
#define MISERE_MAX_TOTAL 24u

static int move_screen(int argc, char **argv)
{
    int first = 2, misere = 0;
    for (; first < argc && strncmp(argv[first], "--", 2) == 0; first++) {
        if (strcmp(argv[first], "--help") == 0)
            return 1;
        if (strcmp(argv[first], "--misere") == 0)
            misere = 1;
        if (strcmp(argv[first], "--") == 0) {
            first++;
            break;
        }
    }
    if (argc - first < 2)
        return 1;
    uint64_t top = 0, total = 0, h;
    for (int i = first + 1; i < argc; i++) {
        if (parse_u64(argv[i], &h) != 0)
            return 1; /* the tool rejects it */
        top = h > top ? h : top;
        total = total + h < total ? UINT64_MAX : total + h;
    }
    if (misere && total > MISERE_MAX_TOTAL)
        return 0;
    return top == UINT64_MAX || heap_command_affordable(argv[first], top + 1, 0, 0);
}

/* Index of the first non-option argument of `graph` (its FILE), or -1, as
 * the tool decides: options start with "--" until a lone "--"; --game
 * takes the two arguments after it. */
static int graph_files(int argc, char **argv, int *files, int *nfiles)
{
    int done = 0;
    *nfiles = 0;
    for (int i = 2; i < argc; i++) {
        if (!done && strcmp(argv[i], "--") == 0) {
            done = 1;
            continue;
        }
        if (!done && strcmp(argv[i], "--game") == 0) {
            i += 2;
            continue;
        }
        if (!done && strncmp(argv[i], "--", 2) == 0)
            continue;
        files[(*nfiles)++] = i;
    }
    return *nfiles;
}

static size_t slurp_fd(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    while (n < cap) {
        ssize_t k = pread(fd, buf + n, cap - n, (off_t)n);
        if (k <= 0)
            break;
        n += (size_t)k;
    }
    return n;
}

static void reset_fd(int fd)
{
    if (ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0)
        abort();
}

/* Order and P-portion of a misère quotient: the trivial one (a game
 * without moves) or of even order with P neither empty nor everything. */
static int quotient_shape(unsigned order, unsigned np)
{
    return (order == 1 && np == 0) || (order % 2 == 0 && np >= 1 && np < order);
}

/* Checks what a successful run printed. */
static void check_output(int argc, char **argv, const char *out, size_t len, uint32_t graph_n)
{
    const char *cmd = argv[1];
    /* Nothing to print: a graph of no node, or no value one a line. */
    int lines = strcmp(cmd, "values") == 0 && has_option(argc, argv, "--format") &&
                has_option(argc, argv, "--format") + 1 < argc &&
                strcmp(argv[has_option(argc, argv, "--format") + 1], "lines") == 0;
    /* `genus GAME 0`: the genus of no heap, an empty table. */
    uint64_t heaps;
    int no_heap = strcmp(cmd, "genus") == 0 && argc == 4 && parse_u64(argv[3], &heaps) == 0 &&
                  heaps == 0;
    FUZZ_CHECK(len > 0 || (strcmp(cmd, "graph") == 0 && graph_n == 0) || lines || no_heap,
               "exit 0 without output (%s)", cmd);
    if (len > 0)
        FUZZ_CHECK(out[len - 1] == '\n', "output does not end a line (%s)", cmd);
    if (has_option(argc, argv, "--help")) {
        /* COMMAND ... --help ...: the command's usage, whatever else is given. */
        FUZZ_CHECK(len > 14 && memcmp(out, "usage: grundy ", 14) == 0,
                   "%s --help printed '%.*s'", cmd, (int)(len < 80 ? len : 80), out);
        return;
    }
    if (strcmp(cmd, "nim") == 0) {
        FUZZ_CHECK(len >= 2 && (out[0] == 'N' || out[0] == 'P') && out[1] == '\n',
                   "nim: first line is not N or P");
        if (len > 2) {
            unsigned long long k;
            size_t i;
            FUZZ_CHECK(out[0] == 'N' && sscanf(out + 2, "take %llu from heap %zu", &k, &i) == 2,
                       "nim: second line '%.*s'", (int)(len - 2), out + 2);
        }
    } else if (strcmp(cmd, "graph") == 0 && has_option(argc, argv, "--dot")) {
        FUZZ_CHECK(len > 17 && memcmp(out, "digraph grundy {\n", 17) == 0 &&
                       memcmp(out + len - 2, "}\n", 2) == 0,
                   "graph --dot: not a digraph");
    } else if (strcmp(cmd, "graph") == 0) {
        uint32_t line = 0;
        for (size_t i = 0; i < len;) {
            char prefix[16];
            int k = snprintf(prefix, sizeof prefix, "%u ", line);
            FUZZ_CHECK(len - i > (size_t)k && memcmp(out + i, prefix, (size_t)k) == 0,
                       "graph: line %u does not start with its node", line);
            const char *nl = memchr(out + i, '\n', len - i);
            FUZZ_CHECK(nl != NULL, "graph: unterminated line");
            i = (size_t)(nl - out) + 1;
            line++;
        }
        FUZZ_CHECK(line == graph_n, "graph: %u lines for %u nodes", line, graph_n);
    } else if (strcmp(cmd, "values") == 0) {
        uint64_t n = 0;
        if (argc == 4 && parse_u64(argv[3], &n) == 0) {
            uint64_t spaces = 0;
            for (size_t i = 0; i < len; i++)
                spaces += out[i] == ' ';
            FUZZ_CHECK(n == 0 ? len == 1 : spaces + 1 == n, "values: %llu numbers for N %llu",
                       (unsigned long long)(spaces + 1), (unsigned long long)n);
        }
    } else if (strcmp(cmd, "quotient") == 0 && len > 0) {
        unsigned long long p, e;
        unsigned q, np;
        char tame[4];
        FUZZ_CHECK(sscanf(out, "order %u P-portion %u period %llu preperiod %llu tame %3s", &q,
                          &np, &p, &e, tame) == 5 &&
                       quotient_shape(q, np) && p >= 1 &&
                       (strcmp(tame, "yes") == 0 || strcmp(tame, "no") == 0),
                   "quotient: '%.*s'", (int)(len < 80 ? len : 80), out);
    } else if (strcmp(cmd, "period") == 0) {
        unsigned long long p, q;
        FUZZ_CHECK(sscanf(out, "period %llu preperiod %llu", &p, &q) == 2 && p >= 1,
                   "period: '%.*s'", (int)len, out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (sandbox[0] == '\0')
        LLVMFuzzerInitialize(NULL, NULL);
    const uint8_t *rs = memchr(data, 0x1e, size);
    size_t alen = rs ? (size_t)(rs - data) : size;
    const uint8_t *in = rs ? rs + 1 : NULL;
    size_t inlen = rs ? size - alen - 1 : 0;
    if (inlen > MAX_STDIN)
        return 0;

    /* argv: "grundy", then the NUL-separated pieces. */
    char *buf = malloc(alen + 1);
    if (!buf)
        abort();
    memcpy(buf, data, alen);
    buf[alen] = '\0';
    char *argv[MAX_ARGS + 2];
    char *owned[MAX_ARGS + 2];
    int nowned = 0;
    int argc = 0;
    argv[argc++] = (char *)"grundy";
    if (alen > 0) {
        for (char *p = buf;; ) {
            if (argc == MAX_ARGS + 1) {
                free(buf);
                return 0;
            }
            argv[argc++] = p;
            char *z = memchr(p, '\0', (size_t)(buf + alen - p) + 1);
            if (z == buf + alen)
                break;
            p = z + 1;
        }
    }
    argv[argc] = NULL;

    /* Screening. */
    const char *cmd = argc > 1 ? argv[1] : "";
    int run = 1;
    int reads_stdin = 0;
    uint32_t graph_n = 0;
    if (is_heap_command(cmd)) {
        run = heap_command_screen(argc, argv);
    } else if (strcmp(cmd, "quotient") == 0) {
        run = quotient_screen(argc, argv);
    } else if (strcmp(cmd, "move") == 0) {
        run = move_screen(argc, argv);
    } else if (strcmp(cmd, "graph") == 0) {
        int files[MAX_ARGS + 2], nfiles;
        graph_files(argc, argv, files, &nfiles);
        if (nfiles == 0)
            reads_stdin = 1;
        for (int i = 0; i < nfiles && run; i++) {
            const char *f = argv[files[i]];
            if (strcmp(f, "-") == 0) {
                reads_stdin = 1;
                continue;
            }
            if (strchr(f, '/') != NULL) {
                run = 0;
                break;
            }
            size_t l = strlen(sandbox) + strlen(f) + 2;
            char *path = malloc(l);
            if (!path)
                abort();
            snprintf(path, l, "%s/%s", sandbox, f);
            argv[files[i]] = path;
            owned[nowned++] = path;
            if (nfiles == 1) {
                static const struct { const char *name; uint32_t n; } known[] = {
                    {"g", 4}, {"c", 2}, {"l", 3}, {"z", 0}};
                for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
                    if (strcmp(f, known[k].name) == 0)
                        graph_n = known[k].n;
            }
        }
        if (run && reads_stdin && in != NULL) {
            grundy_graph *g;
            if (grundy_graph_new(&g, NULL) != GRUNDY_OK)
                abort();
            if (grundy_graph_parse(g, (const char *)in, inlen) == GRUNDY_OK) {
                graph_n = grundy_graph_node_count(g);
                if (graph_n > MAX_NODES)
                    run = 0;
            }
            grundy_graph_free(g);
        }
        /* --game GAME N: the graph of N heaps, kept small (N^2 moves). */
        int game = has_option(argc, argv, "--game");
        if (run && game && game + 2 < argc) {
            uint64_t n;
            if (parse_u64(argv[game + 2], &n) == 0 && n <= 200)
                graph_n = (uint32_t)n;
            else if (parse_u64(argv[game + 2], &n) == 0 && n <= 4096)
                run = 0;
        }
    }
    if (getenv("FUZZ_CLI_VERBOSE") != NULL && !run)
        fprintf(stderr, "fuzz_cli_args: not run (too slow or outside the sandbox)\n");
    if (!run) {
        for (int i = 0; i < nowned; i++)
            free(owned[i]);
        free(buf);
        return 0;
    }

    /* Standard input, output and error. */
    reset_fd(in_fd);
    if (inlen > 0 && pwrite(in_fd, in, inlen, 0) != (ssize_t)inlen)
        abort();
    fseek(stdin, 0, SEEK_SET);
    clearerr(stdin);
    fflush(stdout);
    fflush(stderr);
    reset_fd(out_fd);
    reset_fd(err_fd);
    if (dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
        abort();

    int status = grundy_cli_main(argc, argv);

    fflush(stdout);
    fflush(stderr);
    if (dup2(saved_out, 1) < 0 || dup2(saved_err, 2) < 0)
        abort();
    clearerr(stdout);
    clearerr(stderr);

    static char out[1 << 20], err[4096];
    size_t olen = slurp_fd(out_fd, out, sizeof out);
    size_t elen = slurp_fd(err_fd, err, sizeof err - 1);
    err[elen] = '\0';

    if (getenv("FUZZ_CLI_VERBOSE") != NULL)
        fprintf(stderr, "fuzz_cli_args: exit %d\n--- stdout (%zu bytes):\n%.*s--- stderr:\n%s---\n",
                status, olen, (int)(olen > 2000 ? 2000 : olen), out, err);
    FUZZ_CHECK(status == 0 || status == 2 || status == 3, "exit status %d", status);
    if (status == 2) {
        FUZZ_CHECK(elen > 0, "exit 2 without a message");
        FUZZ_CHECK(strncmp(err, "grundy: ", 8) == 0 || strncmp(err, "usage: ", 7) == 0,
                   "error message '%s'", err);
        FUZZ_CHECK(olen == 0, "exit 2 after printing %zu bytes on standard output", olen);
    } else if (status == 3 && strcmp(cmd, "quotient") == 0) {
        unsigned long long h;
        unsigned q, np;
        FUZZ_CHECK(sscanf(out, "unsolved up to heap %llu order %u P-portion %u", &h, &q, &np) == 3 &&
                       quotient_shape(q, np),
                   "quotient: exit 3 with output '%.*s'", (int)(olen < 80 ? olen : 80), out);
    } else if (status == 3) {
        FUZZ_CHECK(strcmp(cmd, "period") == 0, "exit 3 from '%s'", cmd);
        FUZZ_CHECK((olen > 14 && memcmp(out, "unknown up to ", 14) == 0) ||
                       (olen > 16 && memcmp(out, "observed period ", 16) == 0 &&
                        strstr(out, ", not proved\n") != NULL),
                   "exit 3 with output '%.*s'", (int)olen, out);
    } else {
        check_output(argc, argv, out, olen, graph_n);
    }
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    free(buf);
    return 0;
}
