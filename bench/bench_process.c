/* SPDX-License-Identifier: MIT */
/* The benchmark suite: programs run as whole processes. */
#define _DEFAULT_SOURCE /* wait4 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

/* Reads fd to its end into r->out. */
static void drain(int fd, bench_proc_run *r)
{
    size_t cap = 1 << 16;
    r->out = bench_xmalloc(cap);
    r->len = 0;
    for (;;) {
        if (r->len == cap) {
            cap *= 2;
            r->out = bench_xrealloc(r->out, cap);
        }
        ssize_t k = read(fd, r->out + r->len, cap - r->len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        r->len += (size_t)k;
    }
}

bench_proc_run bench_run_process(char *const argv[])
{
    bench_proc_run r = {NULL, 0, 0.0, 0.0, 0};
    int fds[2];
    if (pipe(fds) != 0)
        return r;
    fflush(NULL);
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        if (dup2(fds[1], STDOUT_FILENO) < 0)
            _exit(127);
        close(fds[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        return r;
    }
    drain(fds[0], &r);
    close(fds[0]);
    int status = 0;
    struct rusage ru;
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR)
            return r;
    }
    r.wall = bench_now() - t0;
    r.cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
            (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    r.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return r;
}

void bench_program_path(char *buf, size_t cap, const char *path)
{
    char self[4096];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    const char *tail = "/build/bench/suite";
    if (k > 0) {
        self[k] = '\0';
        size_t len = strlen(self), tl = strlen(tail);
        if (len > tl && strcmp(self + len - tl, tail) == 0) {
            self[len - tl] = '\0';
            snprintf(buf, cap, "%s/%s", self, path);
            return;
        }
    }
    snprintf(buf, cap, "%s", path);
}

