/* SPDX-License-Identifier: MIT */
/* The fuzz targets' own model of a game graph and the brute force over it,
 * written from the rules in grundy.h, with none of the library's code:
 *
 * - bgraph: nodes 0..n-1, each with its moves in the order they were added,
 *   each move a list of 0 or more parts (1 part: an ordinary move);
 * - bg_numbers(): every acyclic play's number per node, straight from the
 *   per-position rule of the play (mex, misère, w-numbers, remoteness,
 *   suspense);
 * - bg_compound(): the outcome of a compound of positions by exhaustive
 *   retrograde analysis of the compound itself (the sum as one big game,
 *   moves as the compound defines them, draws where play can go on
 *   forever), so compound outcomes are checked against the definition of
 *   the compound and not against the numbers that decide it. */
#ifndef GRUNDY_FUZZ_BRUTE_H
#define GRUNDY_FUZZ_BRUTE_H

#include "fuzz_common.h"

/* ---- the graph ------------------------------------------------------- */

typedef struct bg_rec {
    uint32_t from;
    uint32_t first; /* index of its first part in the builder's part list */
    uint32_t np;
} bg_rec;

typedef struct bgraph {
    uint32_t n;
    uint32_t *mstart; /* n + 1: node u's moves are mstart[u] .. mstart[u+1) */
    uint32_t *pstart; /* moves + 1: move k's parts are parts[pstart[k] .. pstart[k+1]) */
    uint32_t *parts;
    uint32_t nmoves;
    int has_splits;   /* a move with other than exactly one part */
    /* builder */
    bg_rec *recs;
    uint32_t nrecs, cap_recs;
    uint32_t *bparts;
    uint32_t nbparts, cap_bparts;
} bgraph;

static inline void *bg_grow(void *p, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return p;
    uint32_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(p, (size_t)c * elem);
    if (q == NULL)
        abort(); /* the harness's own memory: not the library's business */
    *cap = c;
    return q;
}

static inline void bg_init(bgraph *g, uint32_t n)
{
    memset(g, 0, sizeof *g);
    g->n = n;
}

static inline void bg_add(bgraph *g, uint32_t from, const uint32_t *parts, uint32_t np)
{
    g->recs = bg_grow(g->recs, &g->cap_recs, g->nrecs + 1, sizeof *g->recs);
    g->bparts = bg_grow(g->bparts, &g->cap_bparts, g->nbparts + np + 1, sizeof *g->bparts);
    g->recs[g->nrecs++] = (bg_rec){from, g->nbparts, np};
    for (uint32_t i = 0; i < np; i++)
        g->bparts[g->nbparts++] = parts[i];
}

/* Groups the moves by node, keeping each node's moves in insertion order. */
static inline void bg_finish(bgraph *g)
{
    g->mstart = calloc((size_t)g->n + 2, sizeof *g->mstart);
    g->pstart = malloc(((size_t)g->nrecs + 1) * sizeof *g->pstart);
    g->parts = malloc(((size_t)g->nbparts + 1) * sizeof *g->parts);
    if (!g->mstart || !g->pstart || !g->parts)
        abort();
    for (uint32_t i = 0; i < g->nrecs; i++)
        g->mstart[g->recs[i].from + 1]++;
    for (uint32_t u = 0; u < g->n; u++)
        g->mstart[u + 1] += g->mstart[u];
    uint32_t *cur = malloc(((size_t)g->n + 1) * sizeof *cur);
    bg_rec *sorted = malloc(((size_t)g->nrecs + 1) * sizeof *sorted);
    if (!cur || !sorted)
        abort();
    memcpy(cur, g->mstart, (size_t)g->n * sizeof *cur);
    for (uint32_t i = 0; i < g->nrecs; i++)
        sorted[cur[g->recs[i].from]++] = g->recs[i];
    uint32_t np = 0;
    for (uint32_t k = 0; k < g->nrecs; k++) {
        g->pstart[k] = np;
        for (uint32_t j = 0; j < sorted[k].np; j++)
            g->parts[np++] = g->bparts[sorted[k].first + j];
        if (sorted[k].np != 1)
            g->has_splits = 1;
    }
    g->pstart[g->nrecs] = np;
    g->nmoves = g->nrecs;
    free(cur);
    free(sorted);
}

static inline void bg_free(bgraph *g)
{
    free(g->mstart);
    free(g->pstart);
    free(g->parts);
    free(g->recs);
    free(g->bparts);
    memset(g, 0, sizeof *g);
}

static inline uint32_t bg_degree(const bgraph *g, uint32_t u)
{
    return g->mstart[u + 1] - g->mstart[u];
}

/* Move k of node u: its parts and their count. */
static inline const uint32_t *bg_move(const bgraph *g, uint32_t u, uint32_t k, uint32_t *np)
{
    uint32_t m = g->mstart[u] + k;
    *np = g->pstart[m + 1] - g->pstart[m];
    return g->parts + g->pstart[m];
}

/* Every node that reaches no cycle, after the nodes its moves' parts lead
 * to (Kahn's algorithm on the reversed edges).  Returns how many there are:
 * n exactly when the graph is acyclic. */
static inline uint32_t bg_order(const bgraph *g, uint32_t *order)
{
    uint32_t n = g->n;
    uint32_t *out = calloc((size_t)n + 1, sizeof *out); /* unfinished successor edges */
    uint32_t *rstart = calloc((size_t)n + 2, sizeof *rstart);
    uint32_t np_total = g->pstart[g->nmoves];
    uint32_t *radj = malloc(((size_t)np_total + 1) * sizeof *radj);
    if (!out || !rstart || !radj)
        abort();
    for (uint32_t u = 0; u < n; u++) {
        for (uint32_t m = g->mstart[u]; m < g->mstart[u + 1]; m++) {
            for (uint32_t j = g->pstart[m]; j < g->pstart[m + 1]; j++) {
                out[u]++;
                rstart[g->parts[j] + 1]++;
            }
        }
    }
    for (uint32_t v = 0; v < n; v++)
        rstart[v + 1] += rstart[v];
    uint32_t *cur = malloc(((size_t)n + 1) * sizeof *cur);
    if (!cur)
        abort();
    memcpy(cur, rstart, (size_t)n * sizeof *cur);
    for (uint32_t u = 0; u < n; u++)
        for (uint32_t m = g->mstart[u]; m < g->mstart[u + 1]; m++)
            for (uint32_t j = g->pstart[m]; j < g->pstart[m + 1]; j++)
                radj[cur[g->parts[j]]++] = u;
    uint32_t head = 0, tail = 0;
    for (uint32_t u = 0; u < n; u++)
        if (out[u] == 0)
            order[tail++] = u;
    while (head < tail) {
        uint32_t v = order[head++];
        for (uint32_t i = rstart[v]; i < rstart[v + 1]; i++)
            if (--out[radj[i]] == 0)
                order[tail++] = radj[i];
    }
    free(out);
    free(rstart);
    free(radj);
    free(cur);
    return tail;
}

/* Whether u can reach itself in one or more moves (through parts). */
static inline int bg_on_cycle(const bgraph *g, uint32_t u)
{
    uint32_t n = g->n;
    unsigned char *seen = calloc((size_t)n + 1, 1);
    uint32_t *stack = malloc(((size_t)g->pstart[g->nmoves] + 1) * sizeof *stack);
    if (!seen || !stack)
        abort();
    size_t sp = 0;
    int found = 0;
    for (uint32_t m = g->mstart[u]; m < g->mstart[u + 1]; m++)
        for (uint32_t j = g->pstart[m]; j < g->pstart[m + 1]; j++)
            if (!seen[g->parts[j]]) {
                seen[g->parts[j]] = 1;
                stack[sp++] = g->parts[j];
            }
    while (sp > 0 && !found) {
        uint32_t v = stack[--sp];
        if (v == u)
            found = 1;
        for (uint32_t m = g->mstart[v]; m < g->mstart[v + 1]; m++)
            for (uint32_t j = g->pstart[m]; j < g->pstart[m + 1]; j++)
                if (!seen[g->parts[j]]) {
                    seen[g->parts[j]] = 1;
                    stack[sp++] = g->parts[j];
                }
    }
    free(seen);
    free(stack);
    return found;
}

/* ---- numbers of the acyclic plays ------------------------------------- */

/* mex of the values in v[0..k) (any order, repeats allowed). */
static inline uint32_t bg_mex(const uint32_t *v, uint32_t k)
{
    /* mex <= k: mark the values below k+1. */
    unsigned char small[64];
    unsigned char *seen = k < sizeof small ? small : malloc((size_t)k + 1);
    if (!seen)
        abort();
    memset(seen, 0, (size_t)k + 1);
    for (uint32_t i = 0; i < k; i++)
        if (v[i] <= k)
            seen[v[i]] = 1;
    uint32_t m = 0;
    while (seen[m])
        m++;
    if (seen != small)
        free(seen);
    return m;
}

/* The number under play (GRUNDY_PLAY_NORMAL .. CONTINUED) of the count
 * nodes of order (from bg_order()).  For plays other than normal no move
 * of those nodes may have more than one part; a move of no parts (to the
 * finished game) counts as a move to a terminal position. */
static inline void bg_numbers(const bgraph *g, int play, const uint32_t *order, uint32_t count,
                              uint32_t *num)
{
    uint32_t maxdeg = 0;
    for (uint32_t u = 0; u < g->n; u++)
        if (bg_degree(g, u) > maxdeg)
            maxdeg = bg_degree(g, u);
    uint32_t *opt = malloc(((size_t)maxdeg + 1) * sizeof *opt);
    if (!opt)
        abort();
    for (uint32_t i = 0; i < count; i++) {
        uint32_t u = order[i], d = bg_degree(g, u);
        for (uint32_t k = 0; k < d; k++) {
            uint32_t np;
            const uint32_t *p = bg_move(g, u, k, &np);
            uint32_t x = 0;
            if (play == GRUNDY_PLAY_NORMAL) {
                for (uint32_t j = 0; j < np; j++)
                    x ^= num[p[j]];
            } else if (np == 0) {
                /* The finished game (rule-defined games allow it in every
                 * play): a terminal position's number. */
                x = play == GRUNDY_PLAY_MISERE ? 1 : play == GRUNDY_PLAY_WTIA ? GRUNDY_SP : 0;
            } else {
                x = num[p[0]];
            }
            opt[k] = x;
        }
        uint32_t v = 0;
        switch (play) {
        case GRUNDY_PLAY_NORMAL:
            v = bg_mex(opt, d);
            break;
        case GRUNDY_PLAY_MISERE:
            v = d == 0 ? 1 : bg_mex(opt, d);
            break;
        case GRUNDY_PLAY_WTIA: {
            if (d == 0) {
                v = GRUNDY_SP;
                break;
            }
            uint32_t k2 = 0;
            int sp = 0;
            for (uint32_t k = 0; k < d; k++) {
                if (opt[k] == GRUNDY_SP)
                    sp = 1;
                else if (opt[k] != GRUNDY_SC)
                    opt[k2++] = opt[k];
            }
            v = sp ? GRUNDY_SC : bg_mex(opt, k2);
            break;
        }
        case GRUNDY_PLAY_CONJUNCTIVE:
        case GRUNDY_PLAY_CONTINUED: {
            if (d == 0) {
                v = 0;
                break;
            }
            int even = 0;
            uint32_t lo_even = UINT32_MAX, hi_even = 0, lo_odd = UINT32_MAX, hi_odd = 0;
            for (uint32_t k = 0; k < d; k++) {
                uint32_t r = opt[k];
                if (r % 2 == 0) {
                    even = 1;
                    if (r < lo_even) lo_even = r;
                    if (r > hi_even) hi_even = r;
                } else {
                    if (r < lo_odd) lo_odd = r;
                    if (r > hi_odd) hi_odd = r;
                }
            }
            if (play == GRUNDY_PLAY_CONJUNCTIVE)
                v = 1 + (even ? lo_even : hi_odd); /* win fast, lose slowly */
            else
                v = 1 + (even ? hi_even : lo_odd); /* win slowly, lose fast */
            break;
        }
        default:
            abort();
        }
        num[u] = v;
    }
    free(opt);
}

/* Normal-play outcome of every node of a graph that may have cycles, by
 * retrograde analysis: GRUNDY_P, GRUNDY_N or GRUNDY_D.  No split moves. */
static inline void bg_retro(const bgraph *g, int *outcome)
{
    uint32_t n = g->n;
    uint32_t *cnt = malloc(((size_t)n + 1) * sizeof *cnt);
    uint32_t *rstart = calloc((size_t)n + 2, sizeof *rstart);
    uint32_t *radj = malloc(((size_t)g->nmoves + 1) * sizeof *radj);
    uint32_t *queue = malloc(((size_t)n + 1) * sizeof *queue);
    if (!cnt || !rstart || !radj || !queue)
        abort();
    for (uint32_t m = 0; m < g->nmoves; m++)
        rstart[g->parts[g->pstart[m]] + 1]++;
    for (uint32_t v = 0; v < n; v++)
        rstart[v + 1] += rstart[v];
    uint32_t *fill = malloc(((size_t)n + 1) * sizeof *fill);
    if (!fill)
        abort();
    memcpy(fill, rstart, (size_t)n * sizeof *fill);
    for (uint32_t u = 0; u < n; u++)
        for (uint32_t m = g->mstart[u]; m < g->mstart[u + 1]; m++)
            radj[fill[g->parts[g->pstart[m]]]++] = u;
    free(fill);
    uint32_t head = 0, tail = 0;
    for (uint32_t u = 0; u < n; u++) {
        cnt[u] = bg_degree(g, u);
        outcome[u] = GRUNDY_D;
        if (cnt[u] == 0) {
            outcome[u] = GRUNDY_P;
            queue[tail++] = u;
        }
    }
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t i = rstart[v]; i < rstart[v + 1]; i++) {
            uint32_t p = radj[i];
            if (outcome[p] != GRUNDY_D)
                continue;
            if (outcome[v] == GRUNDY_P) {
                outcome[p] = GRUNDY_N;
                queue[tail++] = p;
            } else if (--cnt[p] == 0) {
                outcome[p] = GRUNDY_P;
                queue[tail++] = p;
            }
        }
    }
    free(cnt);
    free(rstart);
    free(radj);
    free(queue);
}

/* ---- compounds by brute force ----------------------------------------- */

enum { BR_UNKNOWN = 0, BR_WIN = 1, BR_LOSS = 2 };

#define BR_MAX_SLOTS 12u

/* A component moved to the finished game by a move of no parts (rule-defined
 * games allow one under every play): a terminal component where compounds
 * keep terminal components, dropped where they drop them. */
#define BR_DONE (UINT32_MAX - 1)

static inline uint32_t br_degree(const bgraph *g, uint32_t u)
{
    return u == BR_DONE ? 0 : bg_degree(g, u);
}

/* A compound is named by its play, with a method flag for misère play
 * (which the brute force ignores: every method must agree with it). */
#define BR_BASE(play) ((play) & ~GRUNDY_BY_MASK)

typedef struct brute {
    const bgraph *g;
    int compound;         /* a play */
    uint32_t slots;       /* components a state holds (padded with UINT32_MAX) */
    size_t max_states;
    size_t max_edges;
    /* states: nstates * slots ids */
    uint32_t *keys;
    size_t nstates, cap_states;
    unsigned char *forced_loss; /* the player to move has already lost */
    unsigned char *misere_win;  /* no move, and that is a win (misère) */
    /* successors: succ[sstart[s] .. sstart[s+1]) (filled in BFS order) */
    uint32_t *succ;
    size_t nsucc, cap_succ;
    size_t *sstart;
    /* hash index over the keys */
    uint32_t *index; /* state + 1, 0 for empty */
    size_t index_cap;
    unsigned char *result;
    int gave_up;
} brute;

static inline uint64_t br_hash(const uint32_t *k, uint32_t slots)
{
    uint64_t h = 0x12345678abcdefull;
    for (uint32_t i = 0; i < slots; i++) {
        h ^= k[i];
        h *= 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

static inline int br_cmp(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Whether terminal components are dropped: only in the disjunctive
 * compounds, where a component with no move plays no part at all. */
static inline int br_drops_terminals(int compound)
{
    int base = BR_BASE(compound);
    return base == GRUNDY_PLAY_NORMAL || base == GRUNDY_PLAY_MISERE || base == GRUNDY_PLAY_LOOPY;
}

static inline int br_misere(int compound)
{
    return BR_BASE(compound) == GRUNDY_PLAY_MISERE;
}

/* Puts comps (k of them) into canonical form in key; 0 if they do not fit. */
static inline int br_canon(const brute *b, const uint32_t *comps, uint32_t k, uint32_t *key)
{
    uint32_t j = 0;
    for (uint32_t i = 0; i < k; i++) {
        if (br_drops_terminals(b->compound) && br_degree(b->g, comps[i]) == 0)
            continue;
        if (j == b->slots)
            return 0;
        key[j++] = comps[i];
    }
    /* Insertion sort: at most BR_MAX_SLOTS entries, padding last. */
    for (uint32_t i = 1; i < j; i++) {
        uint32_t x = key[i], h = i;
        while (h > 0 && key[h - 1] > x) {
            key[h] = key[h - 1];
            h--;
        }
        key[h] = x;
    }
    while (j < b->slots)
        key[j++] = UINT32_MAX;
    return 1;
}

static inline void br_reindex(brute *b)
{
    size_t cap = b->index_cap ? b->index_cap * 2 : 1024;
    free(b->index);
    b->index = calloc(cap, sizeof *b->index);
    if (!b->index)
        abort();
    b->index_cap = cap;
    for (size_t s = 0; s < b->nstates; s++) {
        size_t i = (size_t)br_hash(b->keys + s * b->slots, b->slots) & (cap - 1);
        while (b->index[i] != 0)
            i = (i + 1) & (cap - 1);
        b->index[i] = (uint32_t)s + 1;
    }
}

/* The state of key, or SIZE_MAX. */
static inline size_t br_find(const brute *b, const uint32_t *key)
{
    if (b->index_cap == 0)
        return SIZE_MAX;
    size_t i = (size_t)br_hash(key, b->slots) & (b->index_cap - 1);
    while (b->index[i] != 0) {
        size_t s = b->index[i] - 1;
        if (memcmp(b->keys + s * b->slots, key, b->slots * sizeof *key) == 0)
            return s;
        i = (i + 1) & (b->index_cap - 1);
    }
    return SIZE_MAX;
}

/* The state of key, added if new; SIZE_MAX past the state limit. */
static inline size_t br_intern(brute *b, const uint32_t *key)
{
    size_t s = br_find(b, key);
    if (s != SIZE_MAX)
        return s;
    if (b->nstates >= b->max_states) {
        b->gave_up = 1;
        return SIZE_MAX;
    }
    if (b->nstates == b->cap_states) {
        size_t cap = b->cap_states ? b->cap_states * 2 : 256;
        b->keys = realloc(b->keys, cap * b->slots * sizeof *b->keys);
        if (!b->keys)
            abort();
        b->cap_states = cap;
    }
    s = b->nstates++;
    memcpy(b->keys + s * b->slots, key, b->slots * sizeof *key);
    if (2 * b->nstates > b->index_cap)
        br_reindex(b);
    else {
        size_t i = (size_t)br_hash(key, b->slots) & (b->index_cap - 1);
        while (b->index[i] != 0)
            i = (i + 1) & (b->index_cap - 1);
        b->index[i] = (uint32_t)s + 1;
    }
    return s;
}

static inline void br_edge(brute *b, size_t to)
{
    if (b->nsucc >= b->max_edges) {
        b->gave_up = 1;
        return;
    }
    if (b->nsucc == b->cap_succ) {
        size_t cap = b->cap_succ ? b->cap_succ * 2 : 1024;
        b->succ = realloc(b->succ, cap * sizeof *b->succ);
        if (!b->succ)
            abort();
        b->cap_succ = cap;
    }
    b->succ[b->nsucc++] = (uint32_t)to;
}

/* Adds the state of comps (k components) as a successor. */
static inline void br_emit(brute *b, const uint32_t *comps, uint32_t k)
{
    uint32_t key[BR_MAX_SLOTS];
    if (!br_canon(b, comps, k, key)) {
        b->gave_up = 1;
        return;
    }
    size_t t = br_intern(b, key);
    if (t != SIZE_MAX)
        br_edge(b, t);
}

/* Moves in every component i with mask bit i set (the others stay), all
 * combinations; cur holds the components being built. */
static inline void br_product(brute *b, const uint32_t *comps, uint32_t k, uint32_t mask, uint32_t i,
                       uint32_t *cur)
{
    if (b->gave_up)
        return;
    if (i == k) {
        br_emit(b, cur, k);
        return;
    }
    if (!(mask >> i & 1)) {
        cur[i] = comps[i];
        br_product(b, comps, k, mask, i + 1, cur);
        return;
    }
    uint32_t d = br_degree(b->g, comps[i]);
    for (uint32_t m = 0; m < d; m++) {
        uint32_t np;
        const uint32_t *p = bg_move(b->g, comps[i], m, &np);
        cur[i] = np ? p[0] : BR_DONE; /* these compounds have no split moves */
        br_product(b, comps, k, mask, i + 1, cur);
    }
}

/* Generates the successors of state s (appended to succ). */
static inline void br_expand(brute *b, size_t s)
{
    uint32_t comps[BR_MAX_SLOTS], cur[BR_MAX_SLOTS * 4 + 8];
    uint32_t k = 0;
    const uint32_t *key = b->keys + s * b->slots;
    while (k < b->slots && key[k] != UINT32_MAX) {
        comps[k] = key[k];
        k++;
    }
    const bgraph *g = b->g;
    uint32_t live = 0; /* components that can move */
    int any_terminal = 0;
    for (uint32_t i = 0; i < k; i++) {
        if (br_degree(g, comps[i]) > 0)
            live |= 1u << i;
        else
            any_terminal = 1;
    }
    switch (BR_BASE(b->compound)) {
    case GRUNDY_PLAY_WTIA:
    case GRUNDY_PLAY_SHORTENED:
    case GRUNDY_PLAY_CONJUNCTIVE:
        if (any_terminal || k == 0) {
            b->forced_loss[s] = 1; /* a finished component ends the game */
            return;
        }
        break;
    default:
        break;
    }
    switch (BR_BASE(b->compound)) {
    case GRUNDY_PLAY_CONJUNCTIVE:
        br_product(b, comps, k, live, 0, cur);
        return;
    case GRUNDY_PLAY_CONTINUED:
        if (live != 0)
            br_product(b, comps, k, live, 0, cur);
        return;
    case GRUNDY_PLAY_SELECTIVE:
    case GRUNDY_PLAY_SHORTENED:
        for (uint32_t sub = live; sub != 0; sub = (sub - 1) & live)
            br_product(b, comps, k, sub, 0, cur);
        return;
    default:
        break;
    }
    /* Disjunctive moves: one component, replaced by the parts of its move. */
    for (uint32_t i = 0; i < k && !b->gave_up; i++) {
        if (i > 0 && comps[i] == comps[i - 1])
            continue;
        uint32_t d = br_degree(g, comps[i]);
        for (uint32_t m = 0; m < d && !b->gave_up; m++) {
            uint32_t np, j = 0;
            const uint32_t *p = bg_move(g, comps[i], m, &np);
            if (k + np > sizeof cur / sizeof cur[0]) {
                b->gave_up = 1;
                return;
            }
            for (uint32_t c = 0; c < k; c++)
                if (c != i)
                    cur[j++] = comps[c];
            for (uint32_t c = 0; c < np; c++)
                cur[j++] = p[c];
            if (np == 0)
                cur[j++] = BR_DONE; /* dropped by the compounds that drop it */
            br_emit(b, cur, j);
        }
    }
}

/* Explores every state reachable from the start and solves them all.
 * Returns 0 (and sets gave_up) if the compound is too large. */
static inline int br_solve(brute *b, const uint32_t *nodes, uint32_t n, size_t *start)
{
    uint32_t key[BR_MAX_SLOTS];
    if (!br_canon(b, nodes, n, key))
        return 0;
    *start = br_intern(b, key);
    size_t cap_sstart = 1024;
    b->sstart = malloc(cap_sstart * sizeof *b->sstart);
    b->forced_loss = calloc(cap_sstart, 1);
    if (!b->sstart || !b->forced_loss)
        abort();
    for (size_t s = 0; s < b->nstates && !b->gave_up; s++) {
        if (s + 2 > cap_sstart) {
            size_t old = cap_sstart;
            cap_sstart *= 2;
            b->sstart = realloc(b->sstart, cap_sstart * sizeof *b->sstart);
            b->forced_loss = realloc(b->forced_loss, cap_sstart);
            if (!b->sstart || !b->forced_loss)
                abort();
            memset(b->forced_loss + old, 0, cap_sstart - old);
        }
        b->sstart[s] = b->nsucc;
        br_expand(b, s);
        b->sstart[s + 1] = b->nsucc;
    }
    if (b->gave_up)
        return 0;
    /* Retrograde analysis. */
    size_t ns = b->nstates;
    b->result = calloc(ns + 1, 1);
    size_t *cnt = malloc((ns + 1) * sizeof *cnt);
    size_t *rstart = calloc(ns + 2, sizeof *rstart);
    uint32_t *radj = malloc((b->nsucc + 1) * sizeof *radj);
    uint32_t *queue = malloc((ns + 1) * sizeof *queue);
    if (!b->result || !cnt || !rstart || !radj || !queue)
        abort();
    for (size_t e = 0; e < b->nsucc; e++)
        rstart[b->succ[e] + 1]++;
    for (size_t s = 0; s < ns; s++)
        rstart[s + 1] += rstart[s];
    size_t *fill = malloc((ns + 1) * sizeof *fill);
    if (!fill)
        abort();
    memcpy(fill, rstart, ns * sizeof *fill);
    for (size_t s = 0; s < ns; s++)
        for (size_t e = b->sstart[s]; e < b->sstart[s + 1]; e++)
            radj[fill[b->succ[e]]++] = (uint32_t)s;
    free(fill);
    size_t head = 0, tail = 0;
    int misere = br_misere(b->compound);
    for (size_t s = 0; s < ns; s++) {
        cnt[s] = b->sstart[s + 1] - b->sstart[s];
        if (b->forced_loss[s]) {
            b->result[s] = BR_LOSS;
            queue[tail++] = (uint32_t)s;
        } else if (cnt[s] == 0) {
            b->result[s] = misere ? BR_WIN : BR_LOSS;
            queue[tail++] = (uint32_t)s;
        }
    }
    while (head < tail) {
        size_t s = queue[head++];
        for (size_t i = rstart[s]; i < rstart[s + 1]; i++) {
            size_t p = radj[i];
            if (b->result[p] != BR_UNKNOWN)
                continue;
            if (b->result[s] == BR_LOSS) {
                b->result[p] = BR_WIN;
                queue[tail++] = (uint32_t)p;
            } else if (--cnt[p] == 0) {
                b->result[p] = BR_LOSS;
                queue[tail++] = (uint32_t)p;
            }
        }
    }
    free(cnt);
    free(rstart);
    free(radj);
    free(queue);
    return 1;
}

static inline void br_free(brute *b)
{
    free(b->keys);
    free(b->succ);
    free(b->sstart);
    free(b->index);
    free(b->result);
    free(b->forced_loss);
    memset(b, 0, sizeof *b);
}

static inline int br_outcome_of(const brute *b, size_t s)
{
    switch (b->result[s]) {
    case BR_WIN: return GRUNDY_N;
    case BR_LOSS: return GRUNDY_P;
    default: return GRUNDY_D;
    }
}

/* Sets up b for compound over g.  Limits keep every call small. */
static inline void br_init(brute *b, const bgraph *g, int compound, uint32_t slots,
                           size_t max_states)
{
    memset(b, 0, sizeof *b);
    b->g = g;
    b->compound = compound;
    b->slots = slots > BR_MAX_SLOTS ? BR_MAX_SLOTS : slots;
    if (b->slots == 0)
        b->slots = 1;
    b->max_states = max_states;
    b->max_edges = max_states * 16;
}

/* Searches the compound of nodes: returns its outcome (GRUNDY_P, N or D),
 * or -1 if it has more than max_states positions.  b stays open for
 * bg_compound_after(); release it with br_free() either way. */
static inline int bg_compound(brute *b, const bgraph *g, int compound, const uint32_t *nodes,
                              uint32_t n, size_t max_states)
{
    /* Room for splits: the disjunctive compounds may grow. */
    br_init(b, g, compound, br_drops_terminals(compound) ? BR_MAX_SLOTS : n, max_states);
    size_t start;
    if (n > BR_MAX_SLOTS || !br_solve(b, nodes, n, &start))
        return -1;
    return br_outcome_of(b, start);
}

/* After bg_compound() succeeded: whether moves[] (one entry per component:
 * a move index or GRUNDY_NO_MOVE) is a legal move of the compound, and the
 * outcome of where it leads (for the opponent) in *after.  Returns 0, or
 * -2 if the move is illegal. */
static inline int bg_compound_after(const brute *b, const uint32_t *nodes, uint32_t n,
                                    const uint64_t *moves, int *after)
{
    const bgraph *g = b->g;
    int compound = b->compound;
    uint32_t next[BR_MAX_SLOTS * 4 + 8];
    uint32_t k = 0, moved = 0, live = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (bg_degree(g, nodes[i]) > 0)
            live++;
        if (moves[i] == GRUNDY_NO_MOVE) {
            next[k++] = nodes[i];
            continue;
        }
        if (moves[i] >= bg_degree(g, nodes[i]))
            return -2;
        moved++;
        uint32_t np;
        const uint32_t *p = bg_move(g, nodes[i], (uint32_t)moves[i], &np);
        if (k + np + 1 > sizeof next / sizeof next[0])
            return -2;
        for (uint32_t j = 0; j < np; j++)
            next[k++] = p[j];
        if (np == 0)
            next[k++] = BR_DONE;
    }
    /* Which components must move. */
    switch (BR_BASE(compound)) {
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED:
        if (moved != live)
            return -2;
        break;
    case GRUNDY_PLAY_SELECTIVE:
    case GRUNDY_PLAY_SHORTENED:
        if (moved == 0)
            return -2;
        break;
    default:
        if (moved != 1)
            return -2;
        break;
    }
    uint32_t key[BR_MAX_SLOTS];
    size_t t = br_canon(b, next, k, key) ? br_find(b, key) : SIZE_MAX;
    if (t == SIZE_MAX)
        return -2; /* not a successor of the start: not a move */
    *after = br_outcome_of(b, t);
    return 0;
}

#endif
