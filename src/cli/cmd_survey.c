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
 * --resume FILE each line is appended to FILE as its game finishes, and a
 * later run with the same FILE computes only the games it lacks; FILE has
 * the table's format (its lines unsorted), so --merge reads it as well as
 * a printed table.  --shard I/K takes the games whose place in the sorted
 * list is I modulo K: K runs with I = 0 ... K-1 make disjoint parts, and
 * --merge joins them into the table one run prints. */
#include "cli/cli.h"

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
#define LINE_MAX 256u
#define HEADER "# grundy survey --values "

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

/* The result line of one game; 0, or an error message in err. */
static int survey_game(const survey *s, const char *name, char *line, char *err)
{
    grundy_heap_game *g;
    if (grundy_heap_game_new(&g, NULL) != GRUNDY_OK) {
        snprintf(err, LINE_MAX, "%s: out of memory", name);
        return -1;
    }
    int rc = grundy_heap_game_parse(g, name, strlen(name));
    cli_summary sum = {0};
    if (rc == GRUNDY_OK) {
        grundy_heap_game_set_memory_limit(g, s->game_cap);
        rc = cli_summarize(g, s->n, 1, &sum);
    }
    if (rc != GRUNDY_OK) {
        snprintf(err, LINE_MAX, "%s: %s", name,
                 rc == CLI_SUMMARY_TOO_MANY ? "too many distinct values to count"
                 : *grundy_heap_game_errmsg(g) ? grundy_heap_game_errmsg(g)
                                                : grundy_strerror(rc));
        grundy_heap_game_free(g);
        return -1;
    }
    int k;
    if (sum.proved)
        k = snprintf(line, LINE_MAX, "%s period %llu preperiod %llu", name,
                     (unsigned long long)sum.period, (unsigned long long)sum.preperiod);
    else
        k = snprintf(line, LINE_MAX, "%s open up to %llu", name, (unsigned long long)s->n);
    if (sum.proved && sum.saltus != 0)
        k += snprintf(line + k, LINE_MAX - (size_t)k, " saltus %llu",
                      (unsigned long long)sum.saltus);
    k += snprintf(line + k, LINE_MAX - (size_t)k, " largest %llu", (unsigned long long)sum.largest);
    if (sum.mask != 0)
        snprintf(line + k, LINE_MAX - (size_t)k, " rare %llu", (unsigned long long)sum.rare_heaps);
    else
        snprintf(line + k, LINE_MAX - (size_t)k, " rare -");
    cli_summary_free(&sum);
    grundy_heap_game_free(g);
    return 0;
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
        if (i >= s->ngames)
            return NULL;
        char line[LINE_MAX], err[LINE_MAX];
        int rc = survey_game(s, s->games[i], line, err);
        char *copied = copy(rc == 0 ? line : err);
        survey_lock(s);
        if (copied == NULL)
            s->journal_failed = 1;
        else if (rc == 0)
            s->lines[i] = copied;
        else
            s->errors[i] = copied;
        if (rc == 0 && copied != NULL && s->journal != NULL &&
            (fprintf(s->journal, "%s\n", line) < 0 || fflush(s->journal) != 0))
            s->journal_failed = 1;
        s->done++;
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

/* Whether line is a result line: "GAME period ..." or "GAME open up to ...";
 * its game's name (up to the first space) goes to name. */
static int result_line(const char *line, char *name, size_t cap)
{
    const char *sp = strchr(line, ' ');
    if (sp == NULL || sp == line || (size_t)(sp - line) >= cap || line[0] == '#')
        return 0;
    if (strncmp(sp, " period ", 8) != 0 && strncmp(sp, " open up to ", 12) != 0)
        return 0;
    if (strstr(sp, " largest ") == NULL || strstr(sp, " rare ") == NULL)
        return 0;
    memcpy(name, line, (size_t)(sp - line));
    name[sp - line] = '\0';
    return 1;
}

/* A table file: calls fn(ctx, line) for each complete result line (the
 * newline removed) after checking the header says *n values (*n == 0: any,
 * then set).  Returns 0, or an error exit (reported). */
static int read_table(const char *path, uint64_t *n, int (*fn)(void *, const char *), void *ctx)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return cli_error("survey: cannot open '%s'", path);
    char line[LINE_MAX + 2];
    int status = CLI_EXIT_OK, first = 1;
    while (status == CLI_EXIT_OK && fgets(line, sizeof line, f) != NULL) {
        size_t len = strlen(line);
        if (len == 0 || line[len - 1] != '\n') {
            /* too long, or the last line of an interrupted run: skip it */
            int c;
            while (len == sizeof line - 1 && (c = fgetc(f)) != EOF && c != '\n')
                ;
            first = 0;
            continue;
        }
        line[len - 1] = '\0';
        if (first) {
            uint64_t m;
            first = 0;
            if (strncmp(line, HEADER, strlen(HEADER)) != 0 ||
                cli_parse_u64(line + strlen(HEADER), &m) != 0)
                status = cli_error("survey: '%s' is not a survey table (its first line is not "
                                   "'" HEADER "N')", path);
            else if (*n != 0 && m != *n)
                status = cli_error("survey: '%s' is a survey to %llu values, not %llu", path,
                                   (unsigned long long)m, (unsigned long long)*n);
            else
                *n = m;
            continue;
        }
        char name[LINE_MAX];
        if (result_line(line, name, sizeof name))
            status = fn(ctx, line);
    }
    if (first && status == CLI_EXIT_OK)
        status = cli_error("survey: '%s' is empty: not a survey table", path);
    if (ferror(f) && status == CLI_EXIT_OK)
        status = cli_error("survey: cannot read '%s'", path);
    fclose(f);
    return status;
}

/* The lines read from tables, with their games' names: for --merge and --resume. */
typedef struct line_set {
    char **lines;
    size_t n, cap;
    const char *path; /* the file being read, for messages */
} line_set;

static int add_line(void *ctx, const char *line)
{
    line_set *ls = ctx;
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
        ls.path = argv[i];
        status = read_table(argv[i], &n, add_line, &ls);
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

/* Matches the journal's lines to the games: lines[i] for each game found. */
static int resume_from(survey *s, const char *path, line_set *ls)
{
    FILE *probe = fopen(path, "r");
    int empty = probe != NULL && fgetc(probe) == EOF;
    if (probe != NULL && empty)
        fclose(probe);
    if (probe == NULL || empty) { /* a new journal (or one killed before its header) */
        s->journal = fopen(path, "w");
        if (s->journal == NULL)
            return cli_error("survey: cannot create '%s'", path);
        fprintf(s->journal, HEADER "%llu\n", (unsigned long long)s->n);
        return fflush(s->journal) == 0 ? CLI_EXIT_OK
                                        : cli_error("survey: cannot write '%s'", path);
    }
    fclose(probe);
    uint64_t n = s->n;
    ls->path = path;
    int status = read_table(path, &n, add_line, ls);
    if (status == CLI_EXIT_OK)
        status = settle_lines(ls);
    if (status != CLI_EXIT_OK)
        return status;
    /* The journal again, whole lines only: an interrupted run may have
     * left half a line at its end.  Written beside it, then renamed over
     * it, so that an interruption now loses nothing. */
    char tmp_path[4096];
    if (snprintf(tmp_path, sizeof tmp_path, "%s.tmp", path) >= (int)sizeof tmp_path)
        return cli_error("survey: the path '%s' is too long", path);
    FILE *f = fopen(tmp_path, "w");
    if (f == NULL)
        return cli_error("survey: cannot create '%s'", tmp_path);
    fprintf(f, HEADER "%llu\n", (unsigned long long)s->n);
    for (size_t i = 0; i < ls->n; i++)
        fprintf(f, "%s\n", ls->lines[i]);
    if (fclose(f) != 0 || rename(tmp_path, path) != 0) {
        remove(tmp_path);
        return cli_error("survey: cannot write '%s'", path);
    }
    s->journal = fopen(path, "a");
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
        if (grundy_heap_game_new(&g, NULL) != GRUNDY_OK)
            return cli_error("survey: out of memory");
        if (grundy_heap_game_parse(g, games[i], strlen(games[i])) != GRUNDY_OK)
            status = cli_error("survey: bad game '%s': %s", games[i], grundy_heap_game_errmsg(g));
        grundy_heap_game_free(g);
    }
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
    line_set old = {0};
    if (s.lines == NULL || s.errors == NULL)
        status = cli_error("survey: out of memory");
    else if (journal != NULL)
        status = resume_from(&s, journal, &old);
    free_names(old.lines, old.n);
    if (status == CLI_EXIT_OK) {
        survey_run(&s, threads);
        if (s.progress)
            cli_end_progress();
        for (size_t i = 0; i < s.ngames; i++) {
            if (s.errors[i] != NULL)
                status = cli_error("survey: %s", s.errors[i]);
        }
        if (s.journal_failed)
            status = cli_error("survey: cannot write '%s'", journal ? journal : "the results");
        if (status == CLI_EXIT_OK)
            print_table(n, s.lines, s.ngames);
    }
    if (s.journal != NULL && fclose(s.journal) != 0 && status == CLI_EXIT_OK)
        status = cli_error("survey: cannot write '%s'", journal);
    free_names(s.lines, s.ngames);
    free_names(s.errors, s.ngames);
    free_names(s.games, s.ngames);
    return status;
}
