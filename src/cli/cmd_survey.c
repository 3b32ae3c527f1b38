/* SPDX-License-Identifier: MIT */
/* `grundy survey [--values N] [--threads T] [--shard I/K] [--resume FILE]
 *                (GAME... | --digits K | --subtraction K)` and
 * `grundy survey --merge FILE...`:
 * a table of heap games, one line each.
 *
 * The table is a header line, "# grundy survey --values N", then one line
 * per game, sorted by name in byte order:
 *     GAME period P preperiod Q [saltus S] largest L rare R
 *     GAME open up to N largest L rare R
 * "period" only when the period is proved (an observed one is "open");
 * L is the largest of G(0) ... G(N-1), R the number of heaps 1 ... N-1
 * whose value is rare under the sparse-space mask (cli_summarize), "-"
 * when no mask makes rare values scarce.
 *
 * Games run on T worker threads at once, one game per worker.  With
 * --resume FILE each line is appended to FILE, a journal, as its game
 * finishes, and a later run with the same FILE computes only the games it
 * lacks.  The journal is the table with another header,
 * "# grundy survey journal 1 --values N", its lines unsorted and each
 * ending in " check H": H, 16 hex digits, is the FNV-1a hash (64 bits) of
 * the header line, a newline, and the line up to that space.  A line that
 * fails its check is dropped and its game computed again; a file whose
 * first line is not a journal's is refused, never overwritten; the journal
 * is locked while a run uses it (FILE.lock), and rewritten only through a
 * temporary file of a unique name renamed over it.  --merge reads journals
 * and printed tables.  --shard I/K takes the games whose place in the
 * sorted list is I modulo K: K runs with I = 0 ... K-1 make disjoint parts,
 * and --merge joins them into the table one run prints.
 *
 * SIGINT, SIGTERM and SIGHUP stop the games at work; the journal keeps
 * every game finished, and the command exits with 128 + the signal. */
#include "cli/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/threads.h"

#define SURVEY_USAGE                                                                            \
    "survey [--values N] [--threads T] [--shard I/K] [--resume FILE] "                          \
    "(GAME... | --digits K | --subtraction K)"
#define DEFAULT_VALUES 100000u
#define MAX_DIGITS 6u  /* 8^6 - 1 = 262143 codes */
#define MAX_AMOUNT 16u /* 2^16 - 1 = 65535 subtraction sets */
/* A game's name may be long (a subtraction set of many amounts), but not
 * without end: journal lines are read with a bound. */
#define MAX_NAME 65536u
/* A line past its name: five numbers of up to 20 digits and their words
 * (" period  preperiod  saltus  largest  rare " is 42 bytes), " check "
 * and 16 hex digits. */
#define MAX_TAIL 200u
#define MAX_LINE (MAX_NAME + MAX_TAIL)
#define MAX_HEADER 256u
#define MAX_TABLE_BYTES ((uint64_t)1 << 30)
#define HEADER "# grundy survey --values "
#define JOURNAL "# grundy survey journal 1 --values "
#define CHECK " check "
#define CHECK_LEN (sizeof CHECK - 1 + 16)

typedef struct survey {
    char **games;   /* sorted, distinct */
    size_t ngames;
    char **lines;   /* lines[i]: the result line of games[i] (no newline), or NULL */
    char **errors;  /* errors[i]: why games[i] failed, or NULL */
    uint64_t n;
    size_t game_cap; /* the memory cap of each game's values, 0 for none */
    size_t next;    /* the next game to take */
    size_t done;
    FILE *journal;  /* --resume FILE, appended to */
    int journal_failed;
    int out_of_memory;
    int progress;
#if GRUNDY__THREADS
    pthread_mutex_t lock;
#endif
} survey;

static void survey_lock(survey *s)
{
#if GRUNDY__THREADS
    pthread_mutex_lock(&s->lock);
#else
    (void)s;
#endif
}

static void survey_unlock(survey *s)
{
#if GRUNDY__THREADS
    pthread_mutex_unlock(&s->lock);
#else
    (void)s;
#endif
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *copy(const char *s)
{
    size_t len = strlen(s) + 1;
    char *c = malloc(len);
    if (c != NULL)
        memcpy(c, s, len);
    return c;
}

/* printf into a new string of the length it needs: NULL when out of memory. */
static char *format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = len < 0 ? NULL : malloc((size_t)len + 1);
    if (text != NULL) {
        va_start(ap, fmt);
        vsnprintf(text, (size_t)len + 1, fmt, ap);
        va_end(ap);
    }
    return text;
}

/* The check of a journal line of a survey to n values: FNV-1a of the
 * header line, a newline, and the line's first len bytes. */
static uint64_t line_check(uint64_t n, const char *line, size_t len)
{
    char header[64];
    int k = snprintf(header, sizeof header, JOURNAL "%llu\n", (unsigned long long)n);
    return cli_fnv1a(cli_fnv1a(CLI_FNV_START, header, (size_t)k), line, len);
}

/* line with its check: a new string, or NULL. */
static char *journal_line(uint64_t n, const char *line)
{
    return format("%s" CHECK "%016llx", line,
                  (unsigned long long)line_check(n, line, strlen(line)));
}

/* Sorts the names and drops repeats. */
static void sort_distinct(char **names, size_t *n)
{
    if (*n == 0)
        return;
    qsort(names, *n, sizeof *names, by_name);
    size_t k = 1;
    for (size_t i = 1; i < *n; i++) {
        if (strcmp(names[i], names[k - 1]) != 0)
            names[k++] = names[i];
        else
            free(names[i]);
    }
    *n = k;
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; names != NULL && i < n; i++)
        free(names[i]);
    free(names);
}

/* Every octal code 0.d1...dj with 1 <= j <= k and dj != 0: 8^k - 1 names. */
static char **octal_codes(unsigned k, size_t *n)
{
    size_t total = ((size_t)1 << (3 * k)) - 1, count = 0;
    char **names = calloc(total, sizeof *names);
    if (names == NULL)
        return NULL;
    for (unsigned j = 1; j <= k; j++) {
        size_t first = (size_t)1 << (3 * (j - 1)); /* codes of j digits: x * 8 + d, d != 0 */
        for (size_t x = 0; x < first; x++) {
            for (unsigned d = 1; d < 8; d++) {
                char name[16] = "0.";
                size_t code = x * 8 + d;
                for (unsigned i = 0; i < j; i++)
                    name[2 + i] = (char)('0' + ((code >> (3 * (j - 1 - i))) & 7));
                name[2 + j] = '\0';
                if ((names[count] = copy(name)) == NULL) {
                    free_names(names, count);
                    return NULL;
                }
                count++;
            }
        }
    }
    *n = count;
    return names;
}

/* Every subtraction game sub:S with S a non-empty subset of {1, ..., k}:
 * 2^k - 1 names. */
static char **subtraction_sets(unsigned k, size_t *n)
{
    size_t total = ((size_t)1 << k) - 1;
    char **names = calloc(total, sizeof *names);
    if (names == NULL)
        return NULL;
    for (size_t set = 1; set <= total; set++) {
        char name[8 + 3 * MAX_AMOUNT] = "sub:";
        size_t len = 4;
        for (unsigned a = 1; a <= k; a++) {
            if (set >> (a - 1) & 1)
                len += (size_t)snprintf(name + len, sizeof name - len, len > 4 ? ",%u" : "%u", a);
        }
        if ((names[set - 1] = copy(name)) == NULL) {
            free_names(names, set - 1);
            return NULL;
        }
    }
    *n = total;
    return names;
}

/* The fields after the name of a game's result line, into tail (MAX_TAIL). */
static void result_tail(const survey *s, const cli_summary *sum, char *tail)
{
    int k;
    if (sum->proved)
        k = snprintf(tail, MAX_TAIL, " period %llu preperiod %llu",
                     (unsigned long long)sum->period, (unsigned long long)sum->preperiod);
    else
        k = snprintf(tail, MAX_TAIL, " open up to %llu", (unsigned long long)s->n);
    if (sum->proved && sum->saltus != 0)
        k += snprintf(tail + k, MAX_TAIL - (size_t)k, " saltus %llu",
                      (unsigned long long)sum->saltus);
    k += snprintf(tail + k, MAX_TAIL - (size_t)k, " largest %llu",
                  (unsigned long long)sum->largest);
    if (sum->mask != 0)
        snprintf(tail + k, MAX_TAIL - (size_t)k, " rare %llu",
                 (unsigned long long)sum->rare_heaps);
    else
        snprintf(tail + k, MAX_TAIL - (size_t)k, " rare -");
}

/* Stops a game's computation once a stop signal came. */
static int stop_requested(void *user, uint64_t done, uint64_t total)
{
    (void)user;
    (void)done;
    (void)total;
    return cli_stopped() != 0;
}

enum { GAME_DONE, GAME_FAILED, GAME_STOPPED };

/* Computes one game: GAME_DONE with its result line in *out, GAME_FAILED
 * with why in *out, or GAME_STOPPED by a signal; *out NULL when out of
 * memory. */
static int survey_game(const survey *s, const char *name, char **out)
{
    grundy_heap_game *g;
    *out = NULL;
    if (grundy_heap_game_new(&g, NULL) != GRUNDY_OK)
        return GAME_FAILED;
    int rc = grundy_heap_game_parse(g, name, strlen(name));
    cli_summary sum = {0};
    if (rc == GRUNDY_OK) {
        grundy_heap_game_set_memory_limit(g, s->game_cap);
        grundy_heap_game_set_progress(g, stop_requested, NULL);
        rc = cli_summarize(g, s->n, 1, &sum);
    }
    int result = rc == GRUNDY_OK ? GAME_DONE : cli_stopped() ? GAME_STOPPED : GAME_FAILED;
    char tail[MAX_TAIL];
    if (result == GAME_DONE)
        result_tail(s, &sum, tail);
    *out = result == GAME_DONE ? format("%s%s", name, tail)
           : result == GAME_STOPPED ? NULL
           : format("%s: %s", name,
                    rc == CLI_SUMMARY_TOO_MANY ? "too many distinct values to count"
                    : *grundy_heap_game_errmsg(g) ? grundy_heap_game_errmsg(g)
                                                   : grundy_strerror(rc));
    cli_summary_free(&sum);
    grundy_heap_game_free(g);
    return result;
}

/* Keeps a game's outcome (under the lock): its line, in the journal too. */
static void keep(survey *s, size_t i, int result, char *out)
{
    if (result == GAME_STOPPED)
        return;
    if (out == NULL) {
        s->out_of_memory = 1;
        return;
    }
    if (result == GAME_FAILED) {
        s->errors[i] = out;
        return;
    }
    s->lines[i] = out;
    if (s->journal == NULL)
        return;
    char *entry = journal_line(s->n, out);
    if (entry == NULL)
        s->out_of_memory = 1;
    else if (fprintf(s->journal, "%s\n", entry) < 0 || fflush(s->journal) != 0)
        s->journal_failed = 1;
    free(entry);
}

/* A worker: takes the next game until none is left. */
static void *survey_worker(void *arg)
{
    survey *s = arg;
    for (;;) {
        survey_lock(s);
        while (s->next < s->ngames && s->lines[s->next] != NULL)
            s->next++; /* resumed: already in the journal */
        size_t i = s->next++;
        survey_unlock(s);
        if (i >= s->ngames || cli_stopped())
            return NULL;
        char *out;
        int result = survey_game(s, s->games[i], &out);
        survey_lock(s);
        keep(s, i, result, out);
        s->done += result != GAME_STOPPED;
        if (s->progress)
            fprintf(stderr, "\r%zu / %zu games", s->done, s->ngames);
        survey_unlock(s);
    }
}

/* Runs the workers (or the one calling thread where there are no threads). */
static void survey_run(survey *s, unsigned threads)
{
#if GRUNDY__THREADS
    pthread_t *ids = threads > 1 ? calloc(threads - 1, sizeof *ids) : NULL;
    unsigned started = 0;
    pthread_mutex_init(&s->lock, NULL);
    while (ids != NULL && started + 1 < threads &&
           pthread_create(&ids[started], NULL, survey_worker, s) == 0)
        started++;
    survey_worker(s);
    for (unsigned t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    free(ids);
    pthread_mutex_destroy(&s->lock);
#else
    (void)threads;
    survey_worker(s);
#endif
}

/* The lines read from tables, with their games' names: for --merge and --resume. */
typedef struct line_set {
    char **lines;
    size_t n, cap;
    const char *path; /* the file being read, for messages */
} line_set;

static int add_line(line_set *ls, const char *line)
{
    if (ls->n == ls->cap) {
        size_t cap = ls->cap ? 2 * ls->cap : 256;
        char **bigger = realloc(ls->lines, cap * sizeof *bigger);
        if (bigger == NULL)
            return cli_error("survey: out of memory reading '%s'", ls->path);
        ls->lines = bigger;
        ls->cap = cap;
    }
    if ((ls->lines[ls->n] = copy(line)) == NULL)
        return cli_error("survey: out of memory reading '%s'", ls->path);
    ls->n++;
    return CLI_EXIT_OK;
}

/* Whether line, of len bytes, is a result line: "GAME period ..." or
 * "GAME open up to ...", with its largest value and rare heaps. */
static int result_line(const char *line, size_t len)
{
    const char *sp = strchr(line, ' ');
    if (memchr(line, '\0', len) != NULL || sp == NULL || sp == line || line[0] == '#' ||
        (size_t)(sp - line) > MAX_NAME)
        return 0;
    if (strncmp(sp, " period ", 8) != 0 && strncmp(sp, " open up to ", 12) != 0)
        return 0;
    return strstr(sp, " largest ") != NULL && strstr(sp, " rare ") != NULL;
}

/* Whether the journal line of len bytes, of a survey to n values, passes
 * its check and is a result line: then its check is cut off. */
static int checked(uint64_t n, char *line, size_t len)
{
    static const char hex[] = "0123456789abcdef";
    if (len <= CHECK_LEN || memcmp(line + len - CHECK_LEN, CHECK, sizeof CHECK - 1) != 0)
        return 0;
    size_t text = len - CHECK_LEN;
    uint64_t h = 0;
    for (size_t i = text + sizeof CHECK - 1; i < len; i++) {
        const char *d = line[i] != '\0' ? strchr(hex, line[i]) : NULL;
        if (d == NULL)
            return 0;
        h = h << 4 | (uint64_t)(d - hex);
    }
    if (h != line_check(n, line, text) || !result_line(line, text))
        return 0;
    line[text] = '\0';
    return 1;
}

enum { KIND_EMPTY, KIND_TABLE, KIND_JOURNAL };

/* The first line of a table file into *kind and *n (checked against *n
 * unless 0): CLI_EXIT_OK, or an error exit (reported). */
static int read_header(cli_reader *r, const char *path, uint64_t *n, int *kind)
{
    int got = cli_read_line(r, MAX_HEADER);
    const char *rest = NULL;
    *kind = KIND_EMPTY;
    if (got == CLI_READ_END)
        return CLI_EXIT_OK;
    if (got == CLI_READ_ERROR || got == CLI_READ_NOMEM)
        return cli_error("survey: cannot read '%s'", path);
    if (got == CLI_READ_LINE && strlen(r->buf) == r->len) {
        *kind = strncmp(r->buf, JOURNAL, strlen(JOURNAL)) == 0 ? KIND_JOURNAL : KIND_TABLE;
        rest = r->buf + strlen(*kind == KIND_JOURNAL ? JOURNAL : HEADER);
        if (*kind == KIND_TABLE && strncmp(r->buf, HEADER, strlen(HEADER)) != 0)
            rest = NULL;
    }
    uint64_t m;
    if (rest == NULL || cli_parse_u64(rest, &m) != 0)
        return cli_error("survey: '%s' is not a survey journal or table (its first line is not "
                         "'" JOURNAL "N' or '" HEADER "N')", path);
    if (*n != 0 && m != *n)
        return cli_error("survey: '%s' is a survey to %llu values, not %llu", path,
                         (unsigned long long)m, (unsigned long long)*n);
    *n = m;
    return CLI_EXIT_OK;
}

/* The error exit of a read that did not give a line. */
static int read_failed(const cli_reader *r, int got, const char *path)
{
    if (got == CLI_READ_LONG)
        return cli_error("survey: '%s' line %llu is longer than a survey line may be (%u "
                         "bytes): not a survey table", path, (unsigned long long)r->line + 1,
                         MAX_LINE);
    if (got == CLI_READ_BIG)
        return cli_error("survey: '%s' is larger than a survey table may be (%llu bytes)", path,
                         (unsigned long long)MAX_TABLE_BYTES);
    return cli_error("survey: %s '%s'", got == CLI_READ_NOMEM ? "out of memory reading"
                                                             : "cannot read", path);
}

/* One line after the header: a printed table's result lines are taken as
 * they are; a journal's must pass their check, else they are dropped when
 * resuming (the game is computed again) and refused when merging. */
static int take_line(cli_reader *r, uint64_t n, int kind, int resuming, line_set *ls)
{
    if (kind == KIND_TABLE)
        return result_line(r->buf, r->len) ? add_line(ls, r->buf) : CLI_EXIT_OK;
    if (checked(n, r->buf, r->len))
        return add_line(ls, r->buf);
    if (!resuming)
        return cli_error("survey: '%s' line %llu fails its check (edited or corrupt): resume "
                         "that part to compute its game again", ls->path,
                         (unsigned long long)r->line);
    fprintf(stderr, "grundy: survey: '%s' line %llu fails its check (edited or corrupt): "
            "dropped, its game is computed again\n", ls->path, (unsigned long long)r->line);
    return CLI_EXIT_OK;
}

/* A table file (a journal, or a printed table unless resuming): its result
 * lines into ls (ls->path), its kind into *kind, after checking that its
 * header says *n values (*n == 0: any, then set).  Returns 0, or an error
 * exit (reported).  A last line without its newline, as a killed run
 * leaves it, is skipped. */
static int read_table(uint64_t *n, int resuming, line_set *ls, int *kind)
{
    cli_reader r = {fopen(ls->path, "rb"), NULL, 0, 0, 0, 0, MAX_TABLE_BYTES};
    if (r.f == NULL)
        return cli_error("survey: cannot open '%s'", ls->path);
    int status = read_header(&r, ls->path, n, kind), got = CLI_READ_LINE;
    if (status == CLI_EXIT_OK && *kind == KIND_EMPTY && !resuming)
        status = cli_error("survey: '%s' is empty: not a survey table", ls->path);
    if (status == CLI_EXIT_OK && *kind == KIND_TABLE && resuming)
        status = cli_error("survey: --resume '%s': the file is a survey table without line "
                           "checks (printed, or a journal written before journals had them); "
                           "--resume continues journals only and leaves it as it is: give a "
                           "new file (--merge reads this one)", ls->path);
    while (status == CLI_EXIT_OK && *kind != KIND_EMPTY &&
           (got = cli_read_line(&r, MAX_LINE)) == CLI_READ_LINE)
        status = take_line(&r, *n, *kind, resuming, ls);
    if (status == CLI_EXIT_OK && got != CLI_READ_END && got != CLI_READ_PARTIAL &&
        got != CLI_READ_LINE)
        status = read_failed(&r, got, ls->path);
    fclose(r.f);
    free(r.buf);
    return status;
}

/* The name of a result line, compared up to the space. */
static int by_game(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    size_t lx = strcspn(x, " "), ly = strcspn(y, " ");
    int c = strncmp(x, y, lx < ly ? lx : ly);
    return c != 0 ? c : (lx > ly) - (lx < ly);
}

/* Sorts the lines by game and drops repeats of a line; two different lines
 * of one game are an error. */
static int settle_lines(line_set *ls)
{
    if (ls->n == 0)
        return CLI_EXIT_OK;
    qsort(ls->lines, ls->n, sizeof *ls->lines, by_game);
    size_t k = 1;
    for (size_t i = 1; i < ls->n; i++) {
        if (by_game(&ls->lines[i], &ls->lines[k - 1]) != 0) {
            ls->lines[k++] = ls->lines[i];
        } else if (strcmp(ls->lines[i], ls->lines[k - 1]) == 0) {
            free(ls->lines[i]);
        } else {
            int len = (int)strcspn(ls->lines[i], " ");
            int status = cli_error("survey: two results for %.*s: '%s' and '%s'", len,
                                   ls->lines[i], ls->lines[k - 1], ls->lines[i]);
            ls->n = k + (ls->n - i); /* free what is left */
            memmove(ls->lines + k, ls->lines + i, (ls->n - k) * sizeof *ls->lines);
            return status;
        }
    }
    ls->n = k;
    return CLI_EXIT_OK;
}

static void print_table(uint64_t n, char **lines, size_t count)
{
    printf(HEADER "%llu\n", (unsigned long long)n);
    for (size_t i = 0; i < count; i++) {
        if (lines[i] != NULL)
            puts(lines[i]);
    }
}

static int survey_merge(int argc, char **argv)
{
    line_set ls = {0};
    uint64_t n = 0;
    int status = CLI_EXIT_OK, files = 0;
    for (int i = 0; i < argc && status == CLI_EXIT_OK; i++) {
        if (strcmp(argv[i], "--merge") == 0)
            continue;
        int kind;
        ls.path = argv[i];
        status = read_table(&n, 0, &ls, &kind);
        files++;
    }
    if (status == CLI_EXIT_OK && files == 0)
        status = cli_error("survey: --merge needs the files of the parts");
    if (status == CLI_EXIT_OK)
        status = settle_lines(&ls);
    if (status == CLI_EXIT_OK)
        print_table(n, ls.lines, ls.n);
    free_names(ls.lines, ls.n);
    return status;
}

/* "I/K" with I < K. */
static int parse_shard(const char *arg, uint64_t *i, uint64_t *k)
{
    char buf[64];
    const char *slash = strchr(arg, '/');
    if (slash == NULL || (size_t)(slash - arg) >= sizeof buf)
        return -1;
    memcpy(buf, arg, (size_t)(slash - arg));
    buf[slash - arg] = '\0';
    return cli_parse_u64(buf, i) != 0 || cli_parse_u64(slash + 1, k) != 0 || *k == 0 || *i >= *k
               ? -1
               : 0;
}

/* Writes the journal anew, the header and ls's lines: through a file of a
 * unique name beside it, renamed over it, so that an interruption now
 * loses nothing and two runs never share a temporary file. */
static int write_journal(uint64_t n, const char *path, const line_set *ls)
{
    char *tmp;
    FILE *f = cli_temp_beside(path, &tmp);
    if (f == NULL)
        return cli_error("survey: cannot write beside '%s': %s", path, strerror(errno));
    int failed = fprintf(f, JOURNAL "%llu\n", (unsigned long long)n) < 0;
    for (size_t i = 0; i < ls->n && !failed; i++) {
        char *entry = journal_line(n, ls->lines[i]);
        failed = entry == NULL || fprintf(f, "%s\n", entry) < 0;
        free(entry);
    }
    if (failed) {
        cli_temp_discard(f, tmp);
        return cli_error("survey: cannot write beside '%s'", path);
    }
    if (cli_temp_commit(f, tmp, path) != 0)
        return cli_error("survey: cannot write '%s': %s", path, strerror(errno));
    return CLI_EXIT_OK;
}

/* Reads the journal (when there is one: an empty file is one killed before
 * its header), writes it again with its whole and checked lines only, and
 * matches its lines to the games: lines[i] for each game found. */
static int resume_from(survey *s, const char *path, line_set *ls)
{
    int status = CLI_EXIT_OK, kind = KIND_EMPTY;
    uint64_t n = s->n;
    ls->path = path;
    if (!cli_file_missing(path))
        status = read_table(&n, 1, ls, &kind);
    if (status == CLI_EXIT_OK)
        status = settle_lines(ls);
    if (status == CLI_EXIT_OK)
        status = write_journal(s->n, path, ls);
    if (status != CLI_EXIT_OK)
        return status;
    s->journal = fopen(path, "ab");
    if (s->journal == NULL)
        return cli_error("survey: cannot append to '%s'", path);
    /* Both lists are sorted by game. */
    size_t j = 0;
    for (size_t i = 0; i < s->ngames; i++) {
        const char *key = s->games[i];
        while (j < ls->n && by_game(&ls->lines[j], &key) < 0)
            j++;
        if (j < ls->n && by_game(&ls->lines[j], &key) == 0) {
            s->lines[i] = ls->lines[j];
            ls->lines[j++] = NULL; /* s owns it now */
        }
    }
    return CLI_EXIT_OK;
}

/* Checks every name before any game runs. */
static int check_names(char **games, size_t n)
{
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
        grundy_heap_game *g;
        if (strlen(games[i]) > MAX_NAME)
            return cli_error("survey: a game name of %zu bytes ('%.20s...'): a survey takes names "
                             "of up to %u bytes", strlen(games[i]), games[i], MAX_NAME);
        if (grundy_heap_game_new(&g, NULL) != GRUNDY_OK)
            return cli_error("survey: out of memory");
        if (grundy_heap_game_parse(g, games[i], strlen(games[i])) != GRUNDY_OK)
            status = cli_error("survey: bad game '%s': %s", games[i], grundy_heap_game_errmsg(g));
        grundy_heap_game_free(g);
    }
    return status;
}

/* After a stop signal: says what is kept, and returns 128 + the signal. */
static int survey_stopped(const survey *s, const char *journal)
{
    size_t done = 0;
    for (size_t i = 0; i < s->ngames; i++)
        done += s->lines[i] != NULL;
    int sig = cli_stopped();
    if (journal != NULL)
        cli_error("survey: interrupted by %s with %zu of %zu games done, kept in '%s' (the "
                  "same command goes on)", cli_signal_name(sig), done, s->ngames, journal);
    else
        cli_error("survey: interrupted by %s with %zu of %zu games done (--resume FILE keeps "
                  "them)", cli_signal_name(sig), done, s->ngames);
    return 128 + sig;
}

/* Runs the games and prints the table: the exit status. */
static int survey_go(survey *s, unsigned threads, const char *journal)
{
    survey_run(s, threads);
    if (s->progress)
        cli_end_progress();
    if (cli_stopped())
        return survey_stopped(s, journal);
    int status = CLI_EXIT_OK;
    for (size_t i = 0; i < s->ngames; i++) {
        if (s->errors[i] != NULL)
            status = cli_error("survey: %s", s->errors[i]);
    }
    if (s->out_of_memory)
        status = cli_error("survey: out of memory");
    if (s->journal_failed)
        status = cli_error("survey: cannot write '%s'", journal);
    if (status == CLI_EXIT_OK)
        print_table(s->n, s->lines, s->ngames);
    return status;
}

/* The survey of s->games, resumed from and kept in journal unless NULL. */
static int survey_with(survey *s, unsigned threads, const char *journal)
{
    cli_lock lock = {NULL, -1};
    line_set old = {0};
    int status = CLI_EXIT_OK;
    cli_stop_install(); /* before the lock appears: a signal from then on keeps the journal */
    if (journal != NULL)
        status = cli_lock_take("survey", journal, &lock);
    if (status == CLI_EXIT_OK && journal != NULL)
        status = resume_from(s, journal, &old);
    free_names(old.lines, old.n);
    if (status == CLI_EXIT_OK)
        status = survey_go(s, threads, journal);
    if (s->journal != NULL && fclose(s->journal) != 0 && status == CLI_EXIT_OK)
        status = cli_error("survey: cannot write '%s'", journal);
    cli_stop_restore();
    cli_lock_release(&lock);
    return status;
}

int cli_survey(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--merge") == 0)
            return survey_merge(argc, argv);
    }
    uint64_t n = DEFAULT_VALUES, digits = 0, amounts = 0;
    unsigned threads = 1;
    const char *shard = NULL, *journal = NULL;
    int nargs;
    char **args = malloc(((size_t)argc + 1) * sizeof *args);
    if (args == NULL)
        return cli_error("survey: out of memory");
    const cli_option opts[] = {
        {"--values", CLI_OPT_U64, &n, 0, "a number of values"},
        {"--digits", CLI_OPT_U64, &digits, 0, "a number of digits"},
        {"--subtraction", CLI_OPT_U64, &amounts, 0, "the largest amount"},
        {"--threads", CLI_OPT_THREADS, &threads, 0, "a number of threads"},
        {"--shard", CLI_OPT_STRING, &shard, 0, "I/K"},
        {"--resume", CLI_OPT_STRING, &journal, 0, "a file"},
    };
    int status = cli_parse_args("survey", argc, argv, opts, sizeof opts / sizeof opts[0], args,
                                argc, &nargs, SURVEY_USAGE);
    uint64_t part = 0, parts = 1;
    if (status == CLI_EXIT_OK && shard != NULL && parse_shard(shard, &part, &parts) != 0)
        status = cli_error("survey: --shard '%s' is not I/K with 0 <= I < K", shard);
    if (status == CLI_EXIT_OK && digits > MAX_DIGITS)
        status = cli_error("survey: --digits %llu: at most %u digits (8^%u - 1 codes)",
                           (unsigned long long)digits, MAX_DIGITS, MAX_DIGITS);
    if (status == CLI_EXIT_OK && amounts > MAX_AMOUNT)
        status = cli_error("survey: --subtraction %llu: amounts up to %u at most (2^%u - 1 sets)",
                           (unsigned long long)amounts, MAX_AMOUNT, MAX_AMOUNT);
    if (status == CLI_EXIT_OK && (nargs > 0) + (digits > 0) + (amounts > 0) != 1)
        status = cli_error("survey: give the games, --digits K or --subtraction K (one of "
                           "them): usage: grundy " SURVEY_USAGE);
    if (status == CLI_EXIT_OK)
        status = cli_memory_init();
    survey s = {0};
    s.n = n;
    size_t all = 0;
    char **games = NULL;
    if (status == CLI_EXIT_OK) {
        if (digits > 0) {
            games = octal_codes((unsigned)digits, &all);
        } else if (amounts > 0) {
            games = subtraction_sets((unsigned)amounts, &all);
        } else {
            games = calloc((size_t)nargs + 1, sizeof *games);
            for (int i = 0; games != NULL && i < nargs; i++) {
                if ((games[all] = copy(args[i])) != NULL)
                    all++;
            }
        }
        if (games == NULL)
            status = cli_error("survey: out of memory");
    }
    free(args);
    if (status == CLI_EXIT_OK)
        status = check_names(games, all);
    if (status != CLI_EXIT_OK) {
        free_names(games, all);
        return status;
    }
    sort_distinct(games, &all);
    /* This shard's games: the I-th, (I+K)-th, ... of the sorted list. */
    for (size_t i = 0; i < all; i++) {
        if (i % parts == part)
            games[s.ngames++] = games[i];
        else
            free(games[i]);
    }
    s.games = games;
    s.lines = calloc(s.ngames + 1, sizeof *s.lines);
    s.errors = calloc(s.ngames + 1, sizeof *s.errors);
    s.game_cap = cli_memory_cap() / threads;
    s.progress = isatty(STDERR_FILENO);
    if (s.lines == NULL || s.errors == NULL)
        status = cli_error("survey: out of memory");
    else
        status = survey_with(&s, threads, journal);
    free_names(s.lines, s.ngames);
    free_names(s.errors, s.ngames);
    free_names(s.games, s.ngames);
    return status;
}
