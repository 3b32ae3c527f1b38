/* SPDX-License-Identifier: MIT */
/* A brute force for misère play of heap games, apart from the library: the
 * game's rules read from its code by this file's own reader, the moves of
 * a heap listed by its own loops, and a recursive evaluation over sorted
 * multisets of heaps with a memo of its own.  It gives the misère Grundy
 * value of a sum (0: a P-position).  Shared by the tests of misère play
 * (test_heap_misere.c) and of misère quotients (test_quotient.c), with
 * the games they ask. */
#ifndef GRUNDY_TEST_MISERE_BRUTE_H
#define GRUNDY_TEST_MISERE_BRUTE_H

#include <stdlib.h>
#include <string.h>

#include "grundy.h"
#include "harness.h"

/* ---- The rules, read apart from the library ------------------------------ */

#define MAXD 40
#define MAXH 64   /* heaps the brute force takes */
#define MAXK 48   /* heaps in one of its sums */

typedef struct rules {
    unsigned digit[MAXD]; /* what removing k may leave: 1 none, 2 one, 4 two, 8 three heaps */
    int ndigits;
    int grundy, lasker;
} rules;

static rules rules_of(const char *name)
{
    rules r;
    memset(&r, 0, sizeof r);
    if (strcmp(name, "grundy") == 0) {
        r.grundy = 1;
    } else if (strcmp(name, "lasker") == 0) {
        r.lasker = 1;
    } else if (strncmp(name, "sub:", 4) == 0) {
        const char *p = name + 4;
        while (*p) {
            int s = (int)strtol(p, (char **)&p, 10);
            r.digit[s] = 3;
            if (s + 1 > r.ndigits)
                r.ndigits = s + 1;
            if (*p == ',')
                p++;
        }
    } else {
        const char *dot = strchr(name, '.');
        r.digit[0] = dot > name ? (unsigned)(name[0] - '0') : 0;
        r.ndigits = 1;
        for (const char *p = dot + 1; *p; p++) {
            unsigned d = *p <= '9' ? (unsigned)(*p - '0') : (unsigned)(*p - 'A' + 10);
            r.digit[r.ndigits++] = d;
        }
    }
    return r;
}

/* The options of a heap of h: each a list of up to 3 heaps. */
typedef struct option {
    int parts[3];
    int n;
} option;

static int add_opt(option *o, int k, int a, int b, int c, int n)
{
    o[k].parts[0] = a;
    o[k].parts[1] = b;
    o[k].parts[2] = c;
    o[k].n = n;
    return k + 1;
}

/* Lists into o the options of a heap of h (the room is the caller's). */
static int options_of(const rules *r, int h, option *o)
{
    int k = 0;
    if (r->grundy) {
        for (int a = 1; 2 * a < h; a++)
            k = add_opt(o, k, a, h - a, 0, 2);
        return k;
    }
    if (r->lasker) {
        for (int t = 1; t <= h; t++)
            k = add_opt(o, k, h - t, 0, 0, h - t > 0);
        for (int a = 1; 2 * a <= h; a++)
            k = add_opt(o, k, a, h - a, 0, 2);
        return k;
    }
    for (int t = 0; t <= h && t < r->ndigits; t++) {
        unsigned d = r->digit[t];
        int m = h - t;
        if ((d & 1) && t > 0 && m == 0)
            k = add_opt(o, k, 0, 0, 0, 0);
        if ((d & 2) && t > 0 && m > 0)
            k = add_opt(o, k, m, 0, 0, 1);
        if (d & 4) {
            for (int a = 1; 2 * a <= m; a++)
                k = add_opt(o, k, a, m - a, 0, 2);
        }
        if (d & 8) {
            for (int a = 1; 3 * a <= m; a++) {
                for (int b = a; a + 2 * b <= m; b++)
                    k = add_opt(o, k, a, b, m - a - b, 3);
            }
        }
    }
    return k;
}

/* ---- Brute force: sorted multisets of heaps, recursively ----------------- */

typedef struct entry {
    unsigned char key[MAXK + 1]; /* the count, then the heaps, sorted */
    unsigned char value;
    int used;
} entry;

typedef struct brute {
    rules r;
    entry *memo;
    size_t cap, count;
} brute;

static size_t key_hash(const unsigned char *key)
{
    size_t h = 1469598103934665603u;
    for (int i = 0; i <= key[0]; i++)
        h = (h ^ key[i]) * 1099511628211u;
    return h;
}

static entry *slot_of(brute *b, const unsigned char *key)
{
    size_t i = key_hash(key) & (b->cap - 1);
    while (b->memo[i].used && memcmp(b->memo[i].key, key, (size_t)key[0] + 1) != 0)
        i = (i + 1) & (b->cap - 1);
    return &b->memo[i];
}

static void brute_grow(brute *b)
{
    entry *old = b->memo;
    size_t old_cap = b->cap;
    b->cap = old_cap ? 2 * old_cap : 1024;
    b->memo = calloc(b->cap, sizeof *b->memo);
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].used)
            *slot_of(b, old[i].key) = old[i];
    }
    free(old);
}

static int cmp_uc(const void *x, const void *y)
{
    return *(const unsigned char *)x - *(const unsigned char *)y;
}

/* The key of heaps[0 .. n) (zeros dropped), sorted. */
static void make_key(const int *heaps, int n, unsigned char *key)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (heaps[i] > 0)
            key[1 + k++] = (unsigned char)heaps[i];
    }
    key[0] = (unsigned char)k;
    qsort(key + 1, (size_t)k, 1, cmp_uc);
}

/* The key of the sum in key once heap i (key[1 + i]) made move o. */
static void key_after(const unsigned char *key, int i, const option *o, unsigned char *next)
{
    int heaps[MAXK + 3], m = 0;
    for (int t = 0; t < key[0]; t++) {
        if (t != i)
            heaps[m++] = key[1 + t];
    }
    for (int p = 0; p < o->n; p++)
        heaps[m++] = o->parts[p];
    make_key(heaps, m, next);
}

/* The misère Grundy value of the sum of heaps in key. */
static unsigned brute_key(brute *b, const unsigned char *key)
{
    if (2 * (b->count + 1) > b->cap)
        brute_grow(b);
    entry *e = slot_of(b, key);
    if (e->used)
        return e->value;
    int n = key[0];
    unsigned char seen[256] = {0};
    int any = 0;
    option *o = malloc(4096 * sizeof *o);
    for (int i = 0; i < n; i++) {
        if (i > 0 && key[1 + i] == key[i])
            continue;
        int no = options_of(&b->r, key[1 + i], o);
        for (int j = 0; j < no; j++) {
            unsigned char next[MAXK + 4];
            key_after(key, i, &o[j], next);
            seen[brute_key(b, next)] = 1;
            any = 1;
        }
    }
    free(o);
    unsigned v = 0;
    if (!any)
        v = 1;
    else
        while (seen[v])
            v++;
    e = slot_of(b, key); /* the table may have grown */
    memcpy(e->key, key, (size_t)key[0] + 1);
    e->value = (unsigned char)v;
    e->used = 1;
    b->count++;
    return v;
}

static unsigned brute_sum(brute *b, const int *heaps, int n)
{
    unsigned char key[MAXK + 4];
    make_key(heaps, n, key);
    return brute_key(b, key);
}

static void brute_init(brute *b, const char *name)
{
    memset(b, 0, sizeof *b);
    b->r = rules_of(name);
    brute_grow(b);
}

static void brute_free(brute *b)
{
    free(b->memo);
}

/* A heap game of that name, checked. */
static grundy_heap_game *game_of(const char *name)
{
    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    if (g != NULL)
        CHECK_EQ(grundy_heap_game_parse(g, name, strlen(name)), GRUNDY_OK);
    return g;
}

#endif
