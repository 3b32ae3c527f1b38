/* SPDX-License-Identifier: MIT */
/* The files the tool keeps for the user (a survey's journal, a quotient's
 * saved state): a lock while a run uses one, atomic replacement through a
 * unique temporary file beside it, a checksum for each line, bounded line
 * reads, and the signals that ask a run to stop and keep what it has.
 *
 * Every POSIX call of the tool's files is here, so that the commands stay
 * in standard C. */
#define _POSIX_C_SOURCE 200809L
#include "cli/cli.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the lock ------------------------------------------------------------------- */

/* Tries to take the lock: 0 when taken, 1 when another process holds it
 * (*holder its id, 0 if unknown), -1 on a failure (errno set). */
static int try_lock(cli_lock *lock, long *holder)
{
    struct flock fl;
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    if (fcntl(lock->fd, F_SETLK, &fl) == 0)
        return 0;
    if (errno != EACCES && errno != EAGAIN)
        return -1;
    *holder = 0;
    if (fcntl(lock->fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
        *holder = (long)fl.l_pid;
    return 1;
}

/* Whether the lock file at lock->path is still the one lock->fd holds: a
 * run that ends removes its lock file, and a run that opened it just before
 * must then lock the new one. */
static int still_there(const cli_lock *lock)
{
    struct stat open_st, path_st;
    return fstat(lock->fd, &open_st) == 0 && stat(lock->path, &path_st) == 0 &&
           open_st.st_dev == path_st.st_dev && open_st.st_ino == path_st.st_ino;
}

/* Writes the holder's process id into the lock file, for people. */
static void write_pid(const cli_lock *lock)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%ld\n", (long)getpid());
    if (ftruncate(lock->fd, 0) == 0 && write(lock->fd, text, (size_t)n) != n)
        return; /* the lock holds without its text */
}

int cli_lock_take(const char *cmd, const char *path, cli_lock *lock)
{
    size_t len = strlen(path);
    lock->fd = -1;
    lock->path = malloc(len + sizeof ".lock");
    if (lock->path == NULL)
        return cli_error("%s: out of memory", cmd);
    memcpy(lock->path, path, len);
    memcpy(lock->path + len, ".lock", sizeof ".lock");
    for (int tries = 0; tries < 100; tries++) {
        long holder = 0;
        lock->fd = open(lock->path, O_RDWR | O_CREAT, 0666);
        int rc = lock->fd < 0 ? -1 : try_lock(lock, &holder);
        if (rc == 0 && still_there(lock)) {
            write_pid(lock);
            return CLI_EXIT_OK;
        }
        int err = errno;
        if (lock->fd >= 0)
            close(lock->fd);
        lock->fd = -1;
        if (rc == 1 && holder != 0) {
            cli_lock_release(lock);
            return cli_error("%s: '%s' is in use by process %ld (it holds '%s.lock'); wait "
                             "for it to end, or end it", cmd, path, holder, path);
        }
        if (rc < 0) {
            cli_lock_release(lock);
            return cli_error("%s: cannot lock '%s' (its lock file '%s.lock'): %s", cmd, path,
                             path, strerror(err));
        }
    }
    cli_lock_release(lock);
    return cli_error("%s: cannot lock '%s': its lock file '%s.lock' keeps changing", cmd, path,
                     path);
}

void cli_lock_release(cli_lock *lock)
{
    if (lock->fd >= 0) {
        unlink(lock->path); /* before the lock goes: see still_there */
        close(lock->fd);
    }
    free(lock->path);
    lock->path = NULL;
    lock->fd = -1;
}

int cli_file_missing(const char *path)
{
    struct stat st;
    return stat(path, &st) != 0 && errno == ENOENT;
}

/* ---- atomic replacement --------------------------------------------------------- */

/* The mode a new file gets: the one it replaces, else 0666 less the umask
 * (read by setting it and back: the commands call this while no other
 * thread of theirs creates files). */
static mode_t new_mode(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0)
        return st.st_mode & 0777;
    mode_t mask = umask(022);
    umask(mask);
    return 0666 & ~mask;
}

FILE *cli_temp_beside(const char *path, char **tmp_path)
{
    size_t len = strlen(path);
    char *name = malloc(len + sizeof ".XXXXXX");
    if (name == NULL)
        return NULL;
    memcpy(name, path, len);
    memcpy(name + len, ".XXXXXX", sizeof ".XXXXXX");
    int fd = mkstemp(name);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (f == NULL) {
        int err = errno;
        if (fd >= 0) {
            close(fd);
            unlink(name);
        }
        free(name);
        errno = err;
        return NULL;
    }
    if (fchmod(fd, new_mode(path)) != 0) {
        /* the file keeps mkstemp's 0600: private, still usable */
    }
    *tmp_path = name;
    return f;
}

/* Flushes to the disk the file that another writer (the library) wrote. */
static int sync_path(const char *path)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int cli_temp_commit(FILE *f, char *tmp_path, const char *path)
{
    int failed = f != NULL ? fflush(f) != 0 || fsync(fileno(f)) != 0 : sync_path(tmp_path) != 0;
    int err = errno;
    failed |= f != NULL && fclose(f) != 0;
    if (!failed && rename(tmp_path, path) != 0) {
        failed = 1;
        err = errno;
    }
    if (failed)
        unlink(tmp_path);
    free(tmp_path);
    errno = err;
    return failed ? -1 : 0;
}

void cli_temp_discard(FILE *f, char *tmp_path)
{
    if (f != NULL)
        fclose(f);
    if (tmp_path != NULL)
        unlink(tmp_path);
    free(tmp_path);
}

/* ---- checksums ------------------------------------------------------------------ */

uint64_t cli_fnv1a(uint64_t hash, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        hash = (hash ^ p[i]) * 1099511628211u;
    return hash;
}

/* ---- bounded reads -------------------------------------------------------------- */

/* Keeps room for one more byte in r->buf, growing it up to max + 1. */
static int room(cli_reader *r, size_t max)
{
    if (r->len + 1 < r->cap)
        return 0;
    size_t cap = r->cap ? 2 * r->cap : 256;
    if (cap > max + 2)
        cap = max + 2;
    char *bigger = realloc(r->buf, cap);
    if (bigger == NULL)
        return -1;
    r->buf = bigger;
    r->cap = cap;
    return 0;
}

int cli_read_line(cli_reader *r, size_t max)
{
    r->len = 0;
    if (room(r, max) != 0)
        return CLI_READ_NOMEM;
    r->buf[0] = '\0';
    for (;;) {
        int c = getc(r->f);
        if (c == EOF)
            return ferror(r->f) ? CLI_READ_ERROR : r->len > 0 ? CLI_READ_PARTIAL : CLI_READ_END;
        if (++r->bytes > r->max_bytes)
            return CLI_READ_BIG;
        if (c == '\n') {
            r->buf[r->len] = '\0';
            r->line++;
            return CLI_READ_LINE;
        }
        if (r->len == max)
            return CLI_READ_LONG;
        if (room(r, max) != 0)
            return CLI_READ_NOMEM;
        r->buf[r->len++] = (char)c;
        r->buf[r->len] = '\0';
    }
}

int cli_first_line_is(const char *path, const char *prefix)
{
    cli_reader r = {fopen(path, "rb"), NULL, 0, 0, 0, 0, (uint64_t)1 << 20};
    if (r.f == NULL)
        return -1;
    int got = cli_read_line(&r, 256);
    int same = (got == CLI_READ_LINE || got == CLI_READ_PARTIAL) &&
               strncmp(r.buf, prefix, strlen(prefix)) == 0 && strlen(r.buf) == r.len;
    int empty = got == CLI_READ_END;
    fclose(r.f);
    free(r.buf);
    return empty ? 2 : same;
}

/* ---- stop signals --------------------------------------------------------------- */

static volatile sig_atomic_t stop_signal;
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved[3];

static void on_stop(int sig)
{
    stop_signal = sig;
}

void cli_stop_install(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)SA_RESETHAND; /* a second signal ends the run at once */
    stop_signal = 0;
    for (size_t i = 0; i < 3; i++)
        sigaction(stop_signals[i], &sa, &saved[i]);
}

void cli_stop_restore(void)
{
    for (size_t i = 0; i < 3; i++)
        sigaction(stop_signals[i], &saved[i], NULL);
}

int cli_stopped(void)
{
    return stop_signal;
}

const char *cli_signal_name(int sig)
{
    return sig == SIGINT    ? "SIGINT"
           : sig == SIGTERM ? "SIGTERM"
           : sig == SIGHUP  ? "SIGHUP"
                            : "a signal";
}
