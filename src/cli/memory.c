/* SPDX-License-Identifier: MIT */
/* The memory cap of the commands that compute (graph, values, period).
 *
 * All their memory, the input text and the library's alike, comes from one
 * capping allocator (core/counting_alloc.h), so an absurd input (a graph of 2^31
 * nodes, say) fails at once with a message instead of asking the system for
 * tens of gigabytes and being killed, or swapping.  The cap is
 * GRUNDY_MEMORY_LIMIT if set, else half the physical memory: what is left is
 * room for the system and the other programs, and a request past the
 * physical memory would only swap.  Where the physical memory cannot be
 * read, the cap is 4 GiB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/counting_alloc.h"

#define LIMIT_VAR "GRUNDY_MEMORY_LIMIT"
#define FALLBACK_LIMIT ((uint64_t)4 << 30)

static counting_alloc memory;
static grundy_allocator memory_alloc;
static const char *limit_why; /* where the cap comes from, for messages */
static char limit_set[96];    /* "set by GRUNDY_MEMORY_LIMIT=8G" */

uint64_t cli_default_memory_limit(const char **why)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && (uint64_t)pages <= UINT64_MAX / (uint64_t)page) {
        *why = "half the physical memory";
        return (uint64_t)pages * (uint64_t)page / 2;
    }
#endif
    *why = "the default where the physical memory is unknown";
    return FALLBACK_LIMIT;
}

/* "123", "64K", "1g": bytes, or a number times 2^10, 2^20, 2^30 or 2^40. */
static int parse_size(const char *s, uint64_t *out)
{
    static const char units[] = "KMGT";
    uint64_t v = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (p == s)
        return -1;
    if (*p != '\0') {
        int shift = 0;
        for (int i = 0; units[i] != '\0'; i++) {
            if (*p == units[i] || *p == units[i] - 'A' + 'a')
                shift = 10 * (i + 1);
        }
        if (shift == 0 || p[1] != '\0' || v > UINT64_MAX >> shift)
            return -1;
        v <<= shift;
    }
    *out = v;
    return 0;
}

int cli_memory_init(void)
{
    const char *env = getenv(LIMIT_VAR);
    uint64_t limit = cli_default_memory_limit(&limit_why);
    if (env != NULL) {
        if (parse_size(env, &limit) != 0)
            return cli_error("%s: '%s' is not a size: give bytes, or a number with K, M, G "
                             "or T (0 for no limit)", LIMIT_VAR, env);
        snprintf(limit_set, sizeof limit_set, "set by %s=%.40s", LIMIT_VAR, env);
        limit_why = limit_set;
    }
    memory = (counting_alloc){0};
    memory.cap = limit > SIZE_MAX ? SIZE_MAX : (size_t)limit;
    memory_alloc = counting_allocator(&memory);
    return CLI_EXIT_OK;
}

size_t cli_memory_cap(void)
{
    return memory.cap;
}

size_t cli_memory_peak(void)
{
    return memory.peak;
}

int cli_memory_refused(void)
{
    return memory.refused > 0;
}

const grundy_allocator *cli_allocator(void)
{
    return &memory_alloc;
}

void *cli_malloc(size_t size)
{
    return counting_malloc(&memory, size);
}

void *cli_realloc(void *p, size_t size)
{
    return p == NULL ? cli_malloc(size) : counting_realloc(&memory, p, size);
}

void cli_free(void *p)
{
    if (p != NULL)
        counting_free(&memory, p);
}

/* "12884901888 bytes (12.0 GiB)", or "100 bytes" below 1 KiB. */
void cli_format_size(uint64_t bytes, char *buf, size_t cap)
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    int u = -1;
    while (v >= 1024 && u < 5) {
        v /= 1024;
        u++;
    }
    if (u < 0)
        snprintf(buf, cap, "%llu bytes", (unsigned long long)bytes);
    else
        snprintf(buf, cap, "%llu bytes (%.1f %s)", (unsigned long long)bytes, v, units[u]);
}

int cli_refused_by_cap(int rc, const char *why)
{
    /* The library's handles word a refusal for their cap so. */
    return rc == GRUNDY_ELIMIT && strstr(why, "memory limit") != NULL;
}

int cli_over_cap(const char *where, const char *why)
{
    return cli_error("%s: %s (the limit is %s); raise it with %s=SIZE: bytes, or a number "
                     "with K, M, G or T (0 for no limit)", where, why, limit_why, LIMIT_VAR);
}

int cli_out_of_memory(const char *where, const char *doing)
{
    if (memory.refused == 0 || memory.cap == 0)
        return cli_error("%s: out of memory %s", where, doing);
    char limit[64];
    cli_format_size(memory.cap, limit, sizeof limit);
    return cli_error("%s: %s needs more than the memory limit of %s, %s; raise it with "
                     "%s=SIZE: bytes, or a number with K, M, G or T (0 for no limit)",
                     where, doing, limit, limit_why, LIMIT_VAR);
}
