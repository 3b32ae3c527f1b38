/* SPDX-License-Identifier: MIT */
/* Replays fuzz inputs without libFuzzer: link with any one fuzz target and
 * run
 *     replay_T DIR_OR_FILE...
 * Every regular file of each directory (in name order; names starting with
 * '.' skipped) and every file named goes through LLVMFuzzerTestOneInput in
 * a child process of its own, so one input that aborts or crashes counts as
 * one failure and the rest still run.  An input that runs longer than
 * FUZZ_REPLAY_TIMEOUT seconds (default 60) fails too.  The last line of
 * output is "N passed, N failed"; the exit status is 1 if any failed. */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
#if defined(__GNUC__)
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
#endif

static unsigned long passed, failed;
static unsigned timeout_seconds = 60;

static int read_file(const char *path, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return -1;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf != NULL) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (buf == NULL || bad) {
        free(buf);
        return -1;
    }
    *data = buf;
    *size = n;
    return 0;
}

static void run_one(const char *path)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "replay: fork: %s\n", strerror(errno));
        failed++;
        return;
    }
    if (pid == 0) {
        uint8_t *data;
        size_t size;
        if (read_file(path, &data, &size) != 0) {
            fprintf(stderr, "replay: cannot read %s\n", path);
            _exit(125);
        }
        alarm(timeout_seconds);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        fflush(stdout);
        _exit(0);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "replay: waitpid: %s\n", strerror(errno));
            failed++;
            return;
        }
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        passed++;
        return;
    }
    failed++;
    if (WIFSIGNALED(status))
        printf("FAILED %s (signal %d%s)\n", path, WTERMSIG(status),
               WTERMSIG(status) == SIGALRM ? ": timeout" : "");
    else
        printf("FAILED %s (exit %d)\n", path, WEXITSTATUS(status));
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (d == NULL) {
        printf("FAILED %s (cannot open: %s)\n", dir, strerror(errno));
        failed++;
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            if (bigger == NULL)
                abort();
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        if (names[n] == NULL)
            abort();
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            run_one(names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    const char *t = getenv("FUZZ_REPLAY_TIMEOUT");
    if (t != NULL && atoi(t) > 0)
        timeout_seconds = (unsigned)atoi(t);
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR_OR_FILE...\n", argv[0]);
        return 2;
    }
#if defined(__GNUC__)
    if (LLVMFuzzerInitialize != NULL)
        LLVMFuzzerInitialize(&argc, &argv);
#endif
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            printf("FAILED %s (%s)\n", argv[i], strerror(errno));
            failed++;
        } else if (S_ISDIR(st.st_mode)) {
            run_dir(argv[i]);
        } else {
            run_one(argv[i]);
        }
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
