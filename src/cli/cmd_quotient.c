/* SPDX-License-Identifier: MIT */
/* `grundy quotient [--save FILE] [--resume FILE] [--trace] [--time SECONDS]
 * [--progress] GAME [MAXHEAP]`: the misère quotient of a heap game.
 *
 * Without MAXHEAP the quotient is extended heap after heap until the game
 * is solved, within a time cap of DEFAULT_TIME_S seconds (--time SECONDS,
 * 0 for none) and the memory limit (GRUNDY_MEMORY_LIMIT); a game that is
 * never called solved (not a finite octal game) stops at heap
 * DEFAULT_MAX_HEAP.  Stopped by a cap, it reports what it found as
 * unsolved and says on standard error which cap and how to go further.
 * With MAXHEAP it stops there (and at --time's cap when given); the
 * memory limit is then an error.
 *
 * Line 1, when the game is solved:
 *     order Q P-portion N period p preperiod e tame yes|no
 * and when it is not (exit status 3):
 *     unsolved up to heap H order Q P-portion N
 * Then, in both cases:
 *     generators a=H1 b=H2 ...   each generator and the heap it is Φ of
 *     relations R1, R2, ...      the presentation ("none" for a free monoid)
 *     P x1 x2 ...                the P-portion, each element as its least word
 *     phi x0 x1 ...              Φ(0), Φ(1), ...: over the preperiod and one
 *                                period when solved, else every heap covered
 *
 * --save FILE writes the state to FILE every minute, at the end, and on
 * SIGINT (Ctrl-C), SIGTERM or SIGHUP, after which the command exits with
 * status 128 + the signal (130, 143, 129).  While it runs FILE is locked
 * (FILE.lock names the process), each save replaces FILE at once through a
 * temporary file of a unique name beside it, and a FILE that is not a
 * quotient state is refused rather than overwritten.  --resume FILE starts
 * from a state saved so, which must be the same game's.
 * --trace prints on standard error a line for each trial pretension verified
 * as the quotient grows (standard output is the same as without it):
 *     heap H trial order Q P-portion N fails on H1 H2 ...
 *     heap H trial order Q P-portion N verified
 * the failing sum's heaps increasing, a heap repeated k > 3 times as H^k.
 * Progress goes to standard error when it is a terminal (one line
 * rewritten) or with --progress (else a line when the quotient grows and
 * every PROGRESS_LOG_S seconds):
 *     heap H [of MAXHEAP] order Q P-portion N, T s [of CAP s] */
#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Without MAXHEAP: the time cap (a minute: the solved octal games this
 * project checks take at most a second, and a run past it is shown
 * progress and told how to go on), and the bound of a game that is never
 * called solved. */
#define DEFAULT_TIME_S 60u
#define DEFAULT_MAX_HEAP 1000u
#define PROGRESS_TTY_S 0.1 /* between rewrites of the progress line */
#define PROGRESS_LOG_S 10.0 /* between progress lines elsewhere, the quotient unchanged */
#define SAVE_EVERY_S 60.0
/* The first line of a state (quotient_file.c): how --save knows its own. */
#define STATE_MAGIC "libgrundy-quotient "

/* Why a run without MAXHEAP (or with --time) stopped unsolved, past its
 * report: nothing to say, its time cap, a limit of the library's or the
 * memory limit (message kept in why), or the bound of a game never solved. */
enum { STOP_NONE, STOP_TIME, STOP_LIMIT, STOP_MEMORY, STOP_NEVER_SOLVED };

/* What the progress callback needs: whether to stop for a checkpoint. */
typedef struct run {
    const char *save;   /* --save FILE, or NULL */
    time_t last_save;   /* when the state was last written */
    int checkpoint;     /* the callback stopped the computation to save */
    int show;           /* progress on standard error: SHOW_TTY, SHOW_LINES or 0 */
    grundy_quotient *q; /* for the progress line */
    int extend;         /* no MAXHEAP: a cap stops the run, reported as unsolved */
    double start, cap;  /* cli_seconds() at the start; the time cap in seconds, 0 for none */
    double shown;       /* when progress was last shown */
    uint32_t shown_order;
    int timed_out;      /* the callback stopped the computation at the time cap */
    int stop;           /* STOP_* */
    int stop_rc;        /* the library's status of a STOP_LIMIT or STOP_MEMORY */
    char why[256];      /* the library's message of a STOP_LIMIT or STOP_MEMORY */
} run;

enum { SHOW_TTY = 1, SHOW_LINES = 2 };

/* The progress line: rewritten in place on a terminal, at most every
 * PROGRESS_TTY_S seconds; elsewhere (--progress) a line when the quotient
 * grows, else every PROGRESS_LOG_S seconds. */
static void show_progress(run *r, double now, uint64_t done, uint64_t total)
{
    uint32_t order = grundy_quotient_order(r->q);
    int tty = r->show == SHOW_TTY;
    if (r->shown != 0 && now - r->shown < (tty ? PROGRESS_TTY_S : PROGRESS_LOG_S) &&
        (tty || order == r->shown_order))
        return;
    r->shown = now;
    r->shown_order = order;
    fprintf(stderr, "%sheap %llu", tty ? "\r" : "", (unsigned long long)done - 1);
    if (total != 0)
        fprintf(stderr, " of %llu", (unsigned long long)total - 1);
    fprintf(stderr, " order %u P-portion %u, %.0f s", order, grundy_quotient_p_size(r->q),
            now - r->start);
    if (r->cap > 0)
        fprintf(stderr, " of %.0f s", r->cap);
    fputs(tty ? "\033[K" : "\n", stderr);
}

/* Shows progress; stops the computation on a stop signal (SIGINT, SIGTERM,
 * SIGHUP), at the time cap, and every minute when saving. */
static int progress(void *user, uint64_t done, uint64_t total)
{
    run *r = (run *)user;
    double now = r->show != 0 || r->cap > 0 ? cli_seconds() : 0;
    if (r->show != 0)
        show_progress(r, now, done, total);
    if (cli_stopped())
        return 1;
    if (r->cap > 0 && now - r->start >= r->cap) {
        r->timed_out = 1;
        return 1;
    }
    if (r->save != NULL && difftime(time(NULL), r->last_save) >= SAVE_EVERY_S) {
        r->checkpoint = 1;
        return 1;
    }
    return 0;
}

/* Heaps repeated more often than this print as H^k (--trace). */
#define TRACE_RUN 3u

/* --trace: a line for each trial verified (user: the run). */
static void trace(void *user, uint64_t heap, uint32_t order, uint32_t p_size,
                  const uint64_t *failing, size_t nfailing)
{
    const run *r = (const run *)user;
    if (r->show == SHOW_TTY)
        cli_end_progress();
    fprintf(stderr, "heap %llu trial order %u P-portion %u %s", (unsigned long long)heap, order,
            p_size, failing != NULL ? "fails on" : "verified");
    for (size_t i = 0, k; i < nfailing; i += k) {
        for (k = 1; i + k < nfailing && failing[i + k] == failing[i]; k++)
            ;
        if (k > TRACE_RUN)
            fprintf(stderr, " %llu^%zu", (unsigned long long)failing[i], k);
        else
            for (size_t j = 0; j < k; j++)
                fprintf(stderr, " %llu", (unsigned long long)failing[i]);
    }
    fputc('\n', stderr);
}

/* Saves to a file of a unique name beside the state, renamed over it: two
 * writers never share a temporary file, and FILE is always whole. */
static int save(grundy_quotient *q, run *r)
{
    char *tmp;
    FILE *f = cli_temp_beside(r->save, &tmp);
    if (f == NULL)
        return cli_error("quotient: cannot write beside '%s': %s", r->save, strerror(errno));
    fclose(f);
    if (grundy_quotient_save(q, tmp) != GRUNDY_OK) {
        cli_temp_discard(NULL, tmp);
        return cli_error("quotient: %s", grundy_quotient_errmsg(q));
    }
    if (cli_temp_commit(NULL, tmp, r->save) != 0)
        return cli_error("quotient: cannot write '%s': %s", r->save, strerror(errno));
    r->last_save = time(NULL);
    return CLI_EXIT_OK;
}

/* After a stop signal: saves, says so, and returns 128 + the signal. */
static int stopped(grundy_quotient *q, run *r)
{
    int sig = cli_stopped();
    unsigned long long heap = (unsigned long long)grundy_quotient_heaps(q) - 1;
    if (r->save != NULL && save(q, r) == CLI_EXIT_OK)
        fprintf(stderr, "grundy: quotient: interrupted by %s after heap %llu; state saved to "
                "%s (continue with --resume %s)\n", cli_signal_name(sig), heap, r->save, r->save);
    else if (r->save == NULL)
        fprintf(stderr, "grundy: quotient: interrupted by %s after heap %llu\n",
                cli_signal_name(sig), heap);
    return 128 + sig;
}

/* Whether a run without MAXHEAP stops at status rc (reported as unsolved,
 * r->stop set), rather than failing: the memory limit or another of the
 * library's limits. */
static int stopped_by_limit(grundy_quotient *q, int rc, run *r)
{
    if (!r->extend || (rc != GRUNDY_ELIMIT && (rc != GRUNDY_ENOMEM || !cli_memory_refused())))
        return 0;
    r->stop = rc == GRUNDY_ENOMEM || cli_refused_by_cap(rc, grundy_quotient_errmsg(q))
                  ? STOP_MEMORY
                  : STOP_LIMIT;
    r->stop_rc = rc;
    snprintf(r->why, sizeof r->why, "%s", grundy_quotient_errmsg(q));
    return 1;
}

/* Computes up to max_heap, stopping for checkpoints, interrupts and caps. */
static int compute(grundy_quotient *q, uint64_t max_heap, run *r)
{
    for (;;) {
        r->checkpoint = 0;
        r->timed_out = 0;
        int rc = grundy_quotient_compute(q, max_heap);
        cli_end_progress();
        if (r->show == SHOW_LINES) { /* where it ended */
            r->shown = 0;
            show_progress(r, cli_seconds(), grundy_quotient_heaps(q),
                          max_heap == UINT64_MAX ? 0 : max_heap + 1);
        }
        if (rc == GRUNDY_ECANCELED && r->checkpoint) {
            int status = save(q, r);
            if (status != CLI_EXIT_OK)
                return status;
            continue;
        }
        if ((rc == GRUNDY_ECANCELED && r->timed_out) || stopped_by_limit(q, rc, r)) {
            if (rc == GRUNDY_ECANCELED)
                r->stop = STOP_TIME;
            return r->save != NULL ? save(q, r) : CLI_EXIT_OK;
        }
        if (rc == GRUNDY_ECANCELED)
            return stopped(q, r);
        if (rc == GRUNDY_ENOMEM)
            return cli_out_of_memory("quotient", "computing the quotient");
        if (cli_refused_by_cap(rc, grundy_quotient_errmsg(q)))
            return cli_over_cap("quotient", grundy_quotient_errmsg(q));
        if (rc != GRUNDY_OK)
            return cli_error("quotient: %s", grundy_quotient_errmsg(q));
        return r->save != NULL ? save(q, r) : CLI_EXIT_OK;
    }
}

/* Prints element x as its least word, between `before` and `after`. */
static int print_element(grundy_quotient *q, const char *before, uint32_t x, const char *after)
{
    char name[512];
    size_t len;
    if (grundy_quotient_element_name(q, x, name, sizeof name, &len) == GRUNDY_OK) {
        printf("%s%s%s", before, name, after);
        return CLI_EXIT_OK;
    }
    char *big = (char *)cli_malloc(len + 1);
    if (big == NULL)
        return cli_out_of_memory("quotient", "naming an element");
    grundy_quotient_element_name(q, x, big, len + 1, &len);
    printf("%s%s%s", before, big, after);
    cli_free(big);
    return CLI_EXIT_OK;
}

static int print_presentation(grundy_quotient *q)
{
    size_t len;
    int rc = grundy_quotient_presentation(q, NULL, 0, &len);
    if (rc != GRUNDY_OK && rc != GRUNDY_ERANGE)
        return cli_error("quotient: %s", grundy_quotient_errmsg(q));
    char *text = (char *)cli_malloc(len + 1);
    if (text == NULL)
        return cli_out_of_memory("quotient", "writing the presentation");
    grundy_quotient_presentation(q, text, len + 1, &len);
    printf("relations %s\n", len > 0 ? text : "none");
    cli_free(text);
    return CLI_EXIT_OK;
}

/* Lines 2 on: generators, relations, P-portion, and Φ of heaps 0 .. shown - 1. */
static int print_details(grundy_quotient *q, uint64_t shown)
{
    int status = CLI_EXIT_OK;
    fputs("generators", stdout);
    for (size_t i = 0; status == CLI_EXIT_OK && i < grundy_quotient_generator_count(q); i++) {
        uint64_t h;
        uint32_t x;
        grundy_quotient_generator_heap(q, i, &h);
        grundy_quotient_phi(q, h, &x);
        char after[32];
        snprintf(after, sizeof after, "=%llu", (unsigned long long)h);
        status = print_element(q, " ", x, after);
    }
    putchar('\n');
    if (status == CLI_EXIT_OK)
        status = print_presentation(q);
    fputs("P", stdout);
    for (uint32_t x = 0; status == CLI_EXIT_OK && x < grundy_quotient_order(q); x++) {
        if (grundy_quotient_is_p(q, x) == 1)
            status = print_element(q, " ", x, "");
    }
    putchar('\n');
    fputs("phi", stdout);
    for (uint64_t h = 0; status == CLI_EXIT_OK && h < shown; h++) {
        uint32_t x;
        grundy_quotient_phi(q, h, &x);
        status = print_element(q, " ", x, "");
    }
    putchar('\n');
    return status;
}

/* The options before GAME but --save's file (in the run). */
typedef struct options {
    const char *resume_from;
    const char *time;  /* --time SECONDS, or NULL */
    int traced, progress;
} options;

/* Takes the options before GAME: the index of GAME, or -1. */
static int take_options(int argc, char **argv, const char **save_to, options *o)
{
    int i = 0;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--trace") == 0) {
            o->traced = 1;
            continue;
        }
        if (strcmp(argv[i], "--progress") == 0) {
            o->progress = 1;
            continue;
        }
        if (strcmp(argv[i], "--time") == 0) {
            if (i + 1 >= argc) {
                cli_error("quotient: --time needs a number of seconds");
                return -1;
            }
            o->time = argv[++i];
            continue;
        }
        const char **slot = strcmp(argv[i], "--save") == 0     ? save_to
                            : strcmp(argv[i], "--resume") == 0 ? &o->resume_from
                                                               : NULL;
        if (strcmp(argv[i], "--") == 0)
            return i + 1;
        if (slot == NULL) {
            cli_error("quotient: unknown option '%s'", argv[i]);
            return -1;
        }
        if (i + 1 >= argc) {
            cli_error("quotient: %s needs a file name", argv[i]);
            return -1;
        }
        *slot = argv[++i];
    }
    return i;
}

static int report(grundy_quotient *q)
{
    uint64_t period, preperiod;
    int solved = grundy_quotient_solved(q, &period, &preperiod);
    if (solved)
        printf("order %u P-portion %u period %llu preperiod %llu tame %s\n",
               grundy_quotient_order(q), grundy_quotient_p_size(q),
               (unsigned long long)period, (unsigned long long)preperiod,
               grundy_quotient_tame(q) == 1 ? "yes" : "no");
    else
        printf("unsolved up to heap %llu order %u P-portion %u\n",
               (unsigned long long)grundy_quotient_heaps(q) - 1, grundy_quotient_order(q),
               grundy_quotient_p_size(q));
    int status = print_details(q, solved ? preperiod + period : grundy_quotient_heaps(q));
    if (status != CLI_EXIT_OK)
        return status;
    if (fflush(stdout) != 0)
        return cli_error("quotient: cannot write output");
    return solved ? CLI_EXIT_OK : CLI_EXIT_UNPROVED;
}

/* After the report of a run that stopped unsolved: which cap stopped it and
 * how to go further, on standard error. */
static void explain_stop(grundy_quotient *q, const run *r)
{
    char where[96];
    unsigned long long last = (unsigned long long)grundy_quotient_heaps(q) - 1;
    snprintf(where, sizeof where, "quotient: stopped unsolved after heap %llu", last);
    if (r->stop == STOP_TIME && r->save != NULL)
        cli_error("%s by the time cap of %.0f s; the state is saved in %s: go further with "
                  "--resume %s --time SECONDS (0: no cap)", where, r->cap, r->save, r->save);
    else if (r->stop == STOP_TIME)
        cli_error("%s by the time cap of %.0f s; go further with --time SECONDS (0: no cap), "
                  "with --save FILE to keep the state for --resume FILE", where, r->cap);
    else if (r->stop == STOP_MEMORY && r->stop_rc == GRUNDY_ENOMEM)
        cli_out_of_memory(where, "the next heap");
    else if (r->stop == STOP_MEMORY)
        cli_over_cap(where, r->why);
    else if (r->stop == STOP_LIMIT)
        cli_error("%s: %s", where, r->why);
    else if (r->stop == STOP_NEVER_SOLVED)
        cli_error("quotient: only finite octal games are ever called solved; this one was "
                  "computed to heap %llu, the default bound for it (give MAXHEAP to go further)",
                  last);
}

/* Locks the state file of --save, after checking that it is one (or new). */
static int claim_state(const char *path, cli_lock *lock)
{
    int status = cli_lock_take("quotient", path, lock);
    if (status == CLI_EXIT_OK && cli_first_line_is(path, STATE_MAGIC) == 0) {
        cli_lock_release(lock);
        status = cli_error("quotient: --save '%s': the file is not a quotient state (its first "
                           "line is not '" STATE_MAGIC "1'); not overwriting it", path);
    }
    return status;
}

int cli_quotient(int argc, char **argv)
{
    run r;
    memset(&r, 0, sizeof r);
    options o = {NULL, NULL, 0, 0};
    int first = take_options(argc, argv, &r.save, &o);
    if (first < 0)
        return CLI_EXIT_ERROR;
    argc -= first;
    argv += first;
    if (argc < 1 || argc > 2)
        return cli_error("quotient: usage: grundy quotient [--save FILE] [--resume FILE] "
                         "[--trace] [--time SECONDS] [--progress] GAME [MAXHEAP]");
    uint64_t max_heap = UINT64_MAX, seconds = argc == 2 ? 0 : DEFAULT_TIME_S;
    if (argc == 2 && cli_parse_u64(argv[1], &max_heap) != 0)
        return cli_error("quotient: MAXHEAP '%s' is not a non-negative integer below 2^64",
                         argv[1]);
    if (o.time != NULL && cli_parse_u64(o.time, &seconds) != 0)
        return cli_error("quotient: --time '%s' is not a whole number of seconds (0: no cap)",
                         o.time);
    r.extend = argc == 1;
    r.cap = (double)seconds;
    grundy_heap_game *g;
    int status = cli_open_game("quotient", argv[0], 1, &g);
    if (status != CLI_EXIT_OK)
        return status;
    grundy_quotient *q = NULL;
    int rc = grundy_quotient_new(&q, g, cli_allocator());
    grundy_heap_game_free(g);
    if (rc != GRUNDY_OK)
        return rc == GRUNDY_ENOMEM ? cli_out_of_memory("quotient", "creating the quotient")
                                   : cli_error("quotient: %s", grundy_strerror(rc));
    grundy_quotient_set_memory_limit(q, cli_memory_cap());
    cli_lock lock = {NULL, -1};
    cli_stop_install(); /* before the lock appears: a signal from then on saves */
    if (r.save != NULL)
        status = claim_state(r.save, &lock);
    if (status == CLI_EXIT_OK && o.resume_from != NULL &&
        grundy_quotient_resume(q, o.resume_from) != GRUNDY_OK)
        status = cli_error("quotient: %s", grundy_quotient_errmsg(q));
    if (r.extend && !grundy_quotient_provable(q))
        max_heap = DEFAULT_MAX_HEAP;
    if (status == CLI_EXIT_OK) {
        r.last_save = time(NULL);
        r.q = q;
        r.start = cli_seconds();
        r.show = isatty(STDERR_FILENO) ? SHOW_TTY : o.progress ? SHOW_LINES : 0;
        grundy_quotient_set_progress(q, progress, &r);
        if (o.traced)
            grundy_quotient_set_trace(q, trace, &r);
        status = compute(q, max_heap, &r);
    }
    cli_stop_restore();
    cli_lock_release(&lock);
    if (status == CLI_EXIT_OK && r.extend && r.stop == STOP_NONE && !grundy_quotient_provable(q))
        r.stop = STOP_NEVER_SOLVED;
    if (status == CLI_EXIT_OK)
        status = report(q);
    if (status == CLI_EXIT_UNPROVED)
        explain_stop(q, &r);
    grundy_quotient_free(q);
    return status;
}
