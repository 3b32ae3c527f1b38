/* SPDX-License-Identifier: MIT */
/* The `grundy` command-line tool: shared helpers and one entry per command. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "grundy.h"

/* Exit statuses, as the manual page fixes them (docs/grundy.1, EXIT STATUS). */
#define CLI_EXIT_OK 0
#define CLI_EXIT_ERROR 2
/* The answer is not proved (period, quotient): what was found is printed. */
#define CLI_EXIT_UNPROVED 3

/* Prints "grundy: <message>" on standard error and returns CLI_EXIT_ERROR. */
int cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Parses a whole decimal argument into *out; 0 on success, -1 otherwise. */
int cli_parse_u64(const char *s, uint64_t *out);

/* The memory cap of graph, values and period (memory.c).  Each of them
 * calls cli_memory_init() first (CLI_EXIT_OK, or an error exit for a bad
 * GRUNDY_MEMORY_LIMIT), then takes all its memory from the capped allocator:
 * the library's through cli_allocator(), its own through cli_malloc(). */
int cli_memory_init(void);
const grundy_allocator *cli_allocator(void);
void *cli_malloc(size_t size);
void *cli_realloc(void *p, size_t size);
void cli_free(void *p);

/* The cap when GRUNDY_MEMORY_LIMIT is not set; *why says where it comes from. */
uint64_t cli_default_memory_limit(const char **why);

/* The cap in bytes (0: none), for the handles that check it themselves. */
size_t cli_memory_cap(void);

/* A library's refusal to pass the cap, its message why (naming the bytes):
 * prints it with where the cap comes from and how to raise it. */
int cli_over_cap(const char *where, const char *why);

/* Whether a library call's status rc and message why (its handle's errmsg)
 * say the handle refused a request for its memory cap. */
int cli_refused_by_cap(int rc, const char *why);

/* The most bytes live at once since cli_memory_init(). */
size_t cli_memory_peak(void);

/* Whether the cap refused a request since cli_memory_init(). */
int cli_memory_refused(void);

/* "12884901888 bytes (12.0 GiB)": a size for people. */
void cli_format_size(uint64_t bytes, char *buf, size_t cap);

/* After an allocation failed while `doing` (e.g. "solving the graph"): says
 * so, naming the cap and how to raise it when the cap refused it, and
 * returns CLI_EXIT_ERROR. */
int cli_out_of_memory(const char *where, const char *doing);

/* Takes the leading options of a command whose one option is --misere
 * (and "--", which ends them): sets *misere and returns the index of the
 * first other argument, or -1 after reporting an unknown option. */
int cli_take_misere(const char *cmd, int argc, char **argv, int *misere);

/* Opens the heap game argv[0] as cli_open_game does, N (argv[1]) parsed
 * into *n first: CLI_EXIT_OK, or the exit status of an error it reported. */
int cli_open_game_n(const char *cmd, char **argv, unsigned threads, grundy_heap_game **out,
                    uint64_t *n);

/* Opens heap game `name` for command cmd (with the memory cap, progress
 * on a terminal and up to `threads` threads): CLI_EXIT_OK, or the exit
 * status of an error it reported. */
int cli_open_game(const char *cmd, const char *name, unsigned threads, grundy_heap_game **out);

/* Clears a progress line shown on standard error. */
void cli_end_progress(void);

/* The argument of option argv[*i] (argv[*i + 1], *i moved onto it), or
 * NULL after reporting that the option needs `what`. */
const char *cli_option_arg(const char *cmd, int argc, char **argv, int *i, const char *what);

/* A command's options, for cli_parse_args: each sets *out when given. */
enum { CLI_OPT_FLAG, CLI_OPT_THREADS, CLI_OPT_U64, CLI_OPT_FORMAT, CLI_OPT_STRING };
typedef struct cli_option {
    const char *name;  /* "--threads" */
    int kind;          /* CLI_OPT_*: flag (int 1), unsigned, uint64_t, format (int), string */
    void *out;
    unsigned formats;  /* CLI_OPT_FORMAT: the formats allowed */
    const char *what;  /* what its value is, for "--from needs the first heap" */
} cli_option;

/* Parses argv: the options of opts anywhere until "--", the other
 * arguments into args (at most max_args, *nargs of them).  Returns
 * CLI_EXIT_OK, or the exit status of the error it reported (an unknown
 * option, a bad value, too many arguments: then usage is named). */
int cli_parse_args(const char *cmd, int argc, char **argv, const cli_option *opts, size_t nopts,
                   char **args, int max_args, int *nargs, const char *usage);

/* "--threads N": parses N (1 or more) into *threads; 0, or an error exit. */
int cli_parse_threads(const char *cmd, const char *arg, unsigned *threads);

/* The output formats of --format; a command accepts those of its mask. */
enum { CLI_FORMAT_LINE = 1, CLI_FORMAT_LINES = 2, CLI_FORMAT_CSV = 4, CLI_FORMAT_JSON = 8,
       CLI_FORMAT_TEXT = 16 };

/* "--format NAME": parses NAME, one of the formats in `allowed`, into
 * *format; 0, or an error exit naming the formats allowed. */
int cli_parse_format(const char *cmd, const char *arg, unsigned allowed, int *format);

/* Writes s as a JSON string, quoted and escaped. */
void cli_json_string(FILE *f, const char *s);

/* Turns period detection of g off (--no-period). */
void cli_no_period(grundy_heap_game *g);

#define CLI_WHY_MAX 512 /* room for a heap game's message, less its call */

/* The message of g's last failure for a shell user: the library's, less
 * the name of the C call that failed and an aside naming a C setter the
 * tool has no option for.  Valid until the next call. */
const char *cli_heap_why(const grundy_heap_game *g);

/* Whether the game refused a request for the memory cap it was given. */
int cli_over_game_cap(const grundy_heap_game *g, int rc);

/* The error exit of a heap-game call that failed with rc while `doing`. */
int cli_game_failed(const char *cmd, const grundy_heap_game *g, int rc, const char *doing);

/* Seconds on the calendar clock, for timing a command. */
double cli_seconds(void);

/* What stats and survey say of a heap game's values G(0) ... G(n-1)
 * (summary.c). */
typedef struct cli_summary {
    uint64_t n;                    /* the heaps: 0 .. n-1 */
    uint64_t computed;             /* values the game computed (fewer once a period is proved) */
    int found, proved;             /* a period found, and proved for every heap */
    uint64_t period, preperiod, saltus;
    uint64_t largest;              /* the largest value */
    uint64_t *counts;              /* counts[v]: heaps of value v */
    size_t ncounts;
    uint32_t mask;                 /* rare: even parity under it; 0: none */
    int mask_used;                 /* the computation used it (else chosen from the counts) */
    uint64_t rare_heaps;           /* heaps >= 1 of rare value */
    uint64_t rare_values;          /* distinct rare values */
    double seconds;
} cli_summary;

/* Computes and summarises G(0) ... G(n-1) of g, looking for a period when
 * detect is set: GRUNDY_OK, the status of the call that failed
 * (GRUNDY_ENOMEM also when the counts do not fit), or CLI_SUMMARY_TOO_MANY
 * when the values are too many to count (2^26 and more).  Thread-safe: it
 * uses g and malloc only.  cli_summary_free releases it. */
#define CLI_SUMMARY_TOO_MANY 1
int cli_summarize(grundy_heap_game *g, uint64_t n, int detect, cli_summary *s);
int cli_summary_rare(const cli_summary *s, uint64_t v);
void cli_summary_free(cli_summary *s);

/* The files the tool keeps for the user: survey journals, quotient states
 * (userfile.c, which holds every POSIX call they need). */

/* A lock on a file while a run uses it: the file PATH.lock, locked (and
 * holding the process id) until cli_lock_release removes it.  A second run
 * on the same file is refused, naming the process that holds it; a lock
 * left by a process that died is taken over. */
typedef struct cli_lock {
    char *path; /* PATH.lock */
    int fd;
} cli_lock;
int cli_lock_take(const char *cmd, const char *path, cli_lock *lock);
void cli_lock_release(cli_lock *lock);

/* Whether path names no file at all (not one that cannot be read). */
int cli_file_missing(const char *path);

/* A new file with a unique name beside path (PATH.XXXXXX, with the mode of
 * the file it will replace), open for writing, its name in *tmp_path: NULL
 * on failure (errno says why).  cli_temp_commit flushes it to the disk and
 * renames it over path (0, or -1 with errno; the temporary file removed
 * either way); f may be NULL when it was closed and written by name.
 * cli_temp_discard removes it.  Both free tmp_path. */
FILE *cli_temp_beside(const char *path, char **tmp_path);
int cli_temp_commit(FILE *f, char *tmp_path, const char *path);
void cli_temp_discard(FILE *f, char *tmp_path);

/* FNV-1a, 64 bits: the checksum of journal lines. */
#define CLI_FNV_START 14695981039346656037u
uint64_t cli_fnv1a(uint64_t hash, const void *data, size_t n);

/* Bounded reads of a text file: each line at most `max` bytes, the file at
 * most max_bytes, so that neither a binary file nor an endless one
 * (/dev/zero) is read without end.  Lines may hold NUL bytes (len counts
 * them); buf is NUL-terminated and freed by the caller. */
typedef struct cli_reader {
    FILE *f;
    char *buf;
    size_t len, cap;
    uint64_t line;      /* lines read whole */
    uint64_t bytes;     /* bytes read */
    uint64_t max_bytes;
} cli_reader;
enum { CLI_READ_LINE, CLI_READ_END, CLI_READ_PARTIAL, CLI_READ_LONG, CLI_READ_BIG,
       CLI_READ_ERROR, CLI_READ_NOMEM };
/* The next line, its newline removed, into r->buf and r->len:
 * CLI_READ_LINE; CLI_READ_PARTIAL for a last line without a newline;
 * CLI_READ_END; CLI_READ_LONG (a line past max), CLI_READ_BIG (the file
 * past max_bytes), CLI_READ_ERROR, CLI_READ_NOMEM. */
int cli_read_line(cli_reader *r, size_t max);
/* Whether the first line of path starts with prefix: 1 or 0 (a binary
 * file, or a first line too long, is 0), 2 for an empty file, -1 when it
 * cannot be opened. */
int cli_first_line_is(const char *path, const char *prefix);

/* Stop signals: after cli_stop_install, SIGINT, SIGTERM and SIGHUP set
 * what cli_stopped() returns (the signal, 0 before any), and a second one
 * ends the process at once; cli_stop_restore puts back the handlers that
 * were.  A run that stops so keeps what it has and exits with 128 + the
 * signal. */
void cli_stop_install(void);
void cli_stop_restore(void);
int cli_stopped(void);
const char *cli_signal_name(int sig);

int cli_nim(int argc, char **argv);
int cli_genus(int argc, char **argv);
int cli_move(int argc, char **argv);
int cli_graph(int argc, char **argv);
int cli_values(int argc, char **argv);
int cli_period(int argc, char **argv);
int cli_stats(int argc, char **argv);
int cli_survey(int argc, char **argv);
int cli_plot(int argc, char **argv);
int cli_quotient(int argc, char **argv);

#endif
