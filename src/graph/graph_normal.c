/* SPDX-License-Identifier: MIT */
/* Normal play without split moves, the hot case of solving a graph: every
 * node's value by depth-first search, at the speed of memory.
 *
 * One search waits on memory at every step down: a node's moves are found
 * only once its offset is read, and its targets' values only once its moves
 * are.  So SEARCHES searches run interleaved, a step of each in turn, each
 * from roots of its own: while one waits for memory the others work.  On its
 * first look at a node a search also prefetches the moves of the node's
 * unreached targets, which it or another search will soon step into.
 *
 * A node's entry in num is its value once known (values are below 2^31),
 * UNSEEN, or the mark of the search whose stack holds it.  A search that
 * meets a node on another's stack waits for it, except the first (main)
 * search, which never waits: it takes over the other's stack from that node
 * up (still a path of moves), and once out of roots it takes over whole
 * stacks.  So the main search alone ends the solve, and it meets every cycle
 * that runs through several stacks on its own stack.  The other (helper)
 * searches have small stacks; one that fills its stack waits too. */
#include <string.h>

#include "graph/graph.h"

#define SEARCHES 4
#define HELPER_FRAMES 4096u
#define UNSEEN UINT32_MAX
#define FRESH UINT32_MAX /* a frame's next move before its node is looked at */

/* Marks are the entries just below UNSEEN; anything lower is a value. */
static uint32_t mark_of(unsigned k)
{
    return UINT32_MAX - 1u - k;
}

static int is_value(uint32_t x)
{
    return x < UINT32_MAX - SEARCHES;
}

typedef struct frame {
    uint32_t node, next;
} frame;

typedef struct search {
    frame *stack;
    uint32_t sp, cap;
    uint32_t mark;
} search;

typedef struct normal {
    grundy_graph *g;
    uint32_t *num;
    grundy__mex *mex;
    uint32_t next_root;  /* no node below it is UNSEEN */
    uint32_t done;
    search s[SEARCHES];  /* s[0] is the main search */
} normal;

/* What a step did, besides failing with a negative status. */
enum { MOVED = 1, STUCK = 0 };

/* Asks for the cache line where node v's moves begin.  A macro, used only
 * in functions with effects of their own: GCC drops every call of a function
 * whose only effect is a prefetch. */
#if defined(__GNUC__)
#define PREFETCH_MOVES(g, v) __builtin_prefetch((g)->tok + (g)->off[v])
#else
#define PREFETCH_MOVES(g, v) ((void)0)
#endif

static int push(normal *nm, search *s, uint32_t v)
{
    if (s->sp == s->cap)
        return STUCK;
    frame f = {v, FRESH};
    nm->num[v] = s->mark;
    s->stack[s->sp++] = f;
    return MOVED;
}

/* Moves the frames of helper h from index `from` up onto the main search. */
static void take_over(normal *nm, search *h, uint32_t from)
{
    search *m = &nm->s[0];
    for (uint32_t j = from; j < h->sp; j++) {
        nm->num[h->stack[j].node] = m->mark;
        m->stack[m->sp++] = h->stack[j];
    }
    h->sp = from;
}

/* The main search meets v on a helper's stack: takes it over from v up. */
static void take_over_from(normal *nm, uint32_t v)
{
    search *h = &nm->s[UINT32_MAX - 1u - nm->num[v]];
    uint32_t j = h->sp;
    while (h->stack[--j].node != v)
        ;
    take_over(nm, h, j);
}

/* An empty search starts at the next unreached node, or (the main search,
 * out of roots) takes over a helper's whole stack. */
static int start(normal *nm, search *s)
{
    const grundy_graph *g = nm->g;
    while (nm->next_root < g->n && nm->num[nm->next_root] != UNSEEN)
        nm->next_root++;
    if (nm->next_root < g->n) {
        PREFETCH_MOVES(g, nm->next_root);
        return push(nm, s, nm->next_root);
    }
    if (s != &nm->s[0])
        return STUCK;
    for (unsigned k = 1; k < SEARCHES; k++) {
        if (nm->s[k].sp > 0) {
            take_over(nm, &nm->s[k], 0);
            return MOVED;
        }
    }
    return STUCK;
}

/* Every target of the top node has its value: the node gets its own. */
static int finish(normal *nm, search *s, const uint32_t *t, uint32_t len)
{
    grundy__mex_begin(nm->mex);
    for (uint32_t i = 0; i < len; i++)
        grundy__mex_add(nm->mex, nm->num[t[i]]);
    nm->num[s->stack[--s->sp].node] = grundy__mex_end(nm->mex);
    if (++nm->done % GRUNDY__PROGRESS_EVERY == 0 &&
        grundy__graph_report(nm->g, nm->done, nm->g->n) != 0)
        return GRUNDY_ECANCELED;
    return MOVED;
}

/* One step of search s: start, step down, finish a node, or wait. */
static int step(normal *nm, search *s)
{
    if (s->sp == 0)
        return start(nm, s);
    const grundy_graph *g = nm->g;
    frame *f = &s->stack[s->sp - 1];
    const uint32_t *t = g->tok + g->off[f->node];
    uint32_t len = (uint32_t)(g->off[f->node + 1] - g->off[f->node]);
    uint32_t i = f->next;
    if (i == FRESH) {
        /* The first look at the node: ask for its unreached targets' moves. */
        for (i = 0; i < len; i++) {
            if (nm->num[t[i]] == UNSEEN)
                PREFETCH_MOVES(g, t[i]);
        }
        i = 0;
    }
    while (i < len && is_value(nm->num[t[i]]))
        i++;
    /* Resume at the same move: by then its node has a value and is passed. */
    f->next = i;
    if (i == len)
        return finish(nm, s, t, len);
    uint32_t v = t[i];
    if (nm->num[v] == UNSEEN)
        return push(nm, s, v);
    if (nm->num[v] == s->mark) {
        nm->g->cycle_node = v;
        return GRUNDY_ECYCLE;
    }
    if (s != &nm->s[0])
        return STUCK;
    take_over_from(nm, v);
    return MOVED;
}

static int run(normal *nm)
{
    for (;;) {
        int moved = 0;
        for (unsigned k = 0; k < SEARCHES; k++) {
            int rc = step(nm, &nm->s[k]);
            if (rc < 0)
                return rc;
            moved |= rc;
        }
        /* The main search only stops with every stack empty and no root left. */
        if (!moved)
            return GRUNDY_OK;
    }
}

int grundy__graph_search_normal(grundy_graph *g, uint32_t *num, grundy__mex *mex)
{
    uint32_t helper = g->n < HELPER_FRAMES ? g->n : HELPER_FRAMES;
    size_t frames = (size_t)g->n + (size_t)(SEARCHES - 1) * helper;
    frame *stack = (frame *)grundy__alloc_array(&g->alloc, frames, sizeof *stack);
    if (stack == NULL)
        return GRUNDY_ENOMEM;
    normal nm;
    memset(&nm, 0, sizeof nm);
    nm.g = g;
    nm.num = num;
    nm.mex = mex;
    /* The main search can hold every node; each helper gets a small stack. */
    for (unsigned k = 0; k < SEARCHES; k++) {
        nm.s[k].stack = k == 0 ? stack : stack + g->n + (size_t)(k - 1) * helper;
        nm.s[k].cap = k == 0 ? g->n : helper;
        nm.s[k].mark = mark_of(k);
    }
    memset(num, 0xff, (size_t)g->n * sizeof *num); /* all UNSEEN */
    int rc = run(&nm);
    grundy__free(&g->alloc, stack);
    return rc;
}
