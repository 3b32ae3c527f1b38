/* SPDX-License-Identifier: MIT */
/* The benchmark suite of libgrundy: `make bench` (quick) and `make bench-full`.
 *
 *   suite [--full] [SECTION...]      SECTION: heap subtraction graph game nimber threads arith
 *                                    quotient
 *
 * Environment: BENCH_FULL=1 is --full; BENCH_THREADS=k asks heap games for k
 * threads (default: one per online processor).
 *
 * Prints one table: each figure for the library and for a baseline measured
 * in the same run, their ratio, the target and whether it is met; then
 * "bench: N targets met, M missed".  Exit status: 0, also when targets are
 * missed; 1 if the library and a baseline disagree (MISMATCH) or a library
 * call fails; 2 on bad usage or when the suite itself runs out of memory. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

typedef struct section {
    const char *name;
    void (*run)(const bench_config *cfg);
} section;

static const section sections[] = {
    {"heap", bench_heap},
    {"subtraction", bench_subtraction},
    {"graph", bench_graph},
    {"game", bench_game},
    {"nimber", bench_nimber},
    {"threads", bench_threads},
    {"arith", bench_arith},
    {"quotient", bench_quotient},
};
#define NSECTIONS (sizeof sections / sizeof sections[0])

/* The CPU model from /proc/cpuinfo, or "unknown". */
static void cpu_model(char *buf, size_t cap)
{
    snprintf(buf, cap, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[256];
    while (fgets(line, sizeof line, f) != NULL) {
        if (strncmp(line, "model name", 10) == 0) {
            const char *colon = strchr(line, ':');
            if (colon != NULL) {
                colon++;
                while (*colon == ' ' || *colon == '\t')
                    colon++;
                snprintf(buf, cap, "%s", colon);
                buf[strcspn(buf, "\n")] = '\0';
            }
            break;
        }
    }
    fclose(f);
}

static void usage(void)
{
    fprintf(stderr, "usage: suite [--full] [heap] [subtraction] [graph] [game] [nimber] [threads] "
                    "[arith] [quotient]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    bench_config cfg = {0, 0};
    const char *env = getenv("BENCH_FULL");
    if (env != NULL && strcmp(env, "") != 0 && strcmp(env, "0") != 0)
        cfg.full = 1;
    env = getenv("BENCH_THREADS");
    if (env != NULL && *env != '\0')
        cfg.threads = (unsigned)strtoul(env, NULL, 10);

    int want[NSECTIONS] = {0};
    int any = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--full") == 0) {
            cfg.full = 1;
            continue;
        }
        size_t k = 0;
        while (k < NSECTIONS && strcmp(argv[i], sections[k].name) != 0)
            k++;
        if (k == NSECTIONS)
            usage();
        want[k] = 1;
        any = 1;
    }

    char cpu[128];
    cpu_model(cpu, sizeof cpu);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    printf("libgrundy %s benchmark suite (%s): %ld cpus, %s\n", grundy_version(),
           cfg.full ? "full" : "quick", ncpu, cpu);
    if (cfg.threads == 0)
        cfg.threads = ncpu > 1 ? (unsigned)ncpu : 1;
    printf("heap games: up to %u threads (BENCH_THREADS; the library's default is 1)\n",
           cfg.threads);
    printf("ratio = baseline time / library time (or library rate / baseline rate): "
           "above 1 means the library is faster\n\n");
    printf("  %-34s %13s %13s %9s %12s  %s\n", "figure", "library", "baseline", "ratio",
           "target", "ok");

    for (size_t k = 0; k < NSECTIONS; k++) {
        if (!any || want[k])
            sections[k].run(&cfg);
    }

    printf("\nbench: %d targets met, %d missed\n", bench_met(), bench_missed());
    if (bench_failed() > 0) {
        printf("bench: %d MISMATCH or error line(s) above\n", bench_failed());
        return 1;
    }
    return 0;
}
