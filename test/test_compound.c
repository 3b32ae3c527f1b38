/* SPDX-License-Identifier: MIT */
/* Sums of graph positions under every play against brute force.
 *
 * The principle: each play's rule is checked against play of the sum
 * itself.  For two or three small random acyclic components the test
 * builds the product game under the compound's move rule and solves it by a
 * plain memoized win/lose recursion over tuples of component positions (or,
 * for sums whose moves split, over multisets of positions), written here
 * without any of the library's code or theory.  The library's outcome must
 * agree, and the move it returns must be legal under the compound's rule and
 * leave the opponent a position the brute force calls lost.
 *
 * The plays' numbers (misère Grundy values, w-numbers, remoteness, suspense)
 * are checked against their textbook definitions, computed here, and against
 * the brute-force outcome of a single position. */
#include <stdint.h>
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "nim_heaps.h"

#define SUBS 3          /* components (sub-DAGs) per graph, at most */
#define SUBN 8          /* nodes per component, at most */
#define MAXN (SUBS * SUBN)
#define MAXDEG 7
#define MAXPARTS 3
#define MAXC 3          /* positions per compound, at most */
#define WIDTH_CAP 4     /* most non-terminal parts one node can become */
#define MAXW (MAXC * WIDTH_CAP)

/* The sums checked, by the test's own index (a "compound"), each the play
 * (with a method for misère play) the library is asked with.  The brute
 * force knows three rules: one component moves (normal or misère), every
 * one moves, any set moves. */
enum {
    SUM_NORMAL, SUM_MISERE_SEARCH, SUM_SJ, SUM_WTIA, SUM_CONJUNCTIVE, SUM_CONTINUED,
    SUM_SELECTIVE, SUM_SHORTENED, SUM_MISERE, NCOMPOUNDS
};

static const int play_of[NCOMPOUNDS] = {
    GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ,
    GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE,
    GRUNDY_PLAY_SHORTENED, GRUNDY_PLAY_MISERE,
};

static const char *const compound_name[NCOMPOUNDS] = {
    "normal", "misere-search", "misere-sj", "wtia", "conjunctive", "continued", "selective",
    "shortened", "misere",
};

/* One graph of up to SUBS random acyclic components, in the test's own form.
 * Node ids are a random permutation of the ranks, so the library can rely on
 * no order; moves go to lower ranks of the same component. */
typedef struct game {
    int n;
    int nmoves[MAXN];
    int nparts[MAXN][MAXDEG];
    int part[MAXN][MAXDEG][MAXPARTS];
    int via_split[MAXN][MAXDEG]; /* added with grundy_graph_add_split (any part count) */
    int multi;                   /* some move has two or more parts */
    int one_part_splits;         /* some one-part move added by add_split */
    int width[MAXN];             /* most non-terminal parts a node can become */
    /* Numbers by their definitions (all but value only without splits). */
    int value[MAXN];
    uint32_t misere[MAXN], wtia[MAXN], remote[MAXN], suspense[MAXN];
} game;

enum { KIND_RANDOM, KIND_NIM, KIND_SJ, KIND_SPLIT, KINDS };

/* Whether KIND_SPLIT graphs may add single moves through add_split. */
static int one_part_splits;

static int terminal(const game *G, int u)
{
    return G->nmoves[u] == 0;
}

/* ---- the game and its numbers ------------------------------------------- */

static int mex_of(const int *seen, int limit)
{
    int m = 0;
    while (m < limit && seen[m])
        m++;
    return m;
}

/* Every number, by its definition, bottom-up by rank (ranks are given). */
static void compute_numbers(game *G, const int *node_at)
{
    for (int r = 0; r < G->n; r++) {
        int u = node_at[r];
        int seen[MAXDEG + 2] = {0}, mseen[MAXDEG + 2] = {0}, wseen[MAXDEG + 2] = {0};
        int any_sp = 0, any_even = 0;
        uint32_t min_even = UINT32_MAX, max_even = 0, min_odd = UINT32_MAX, max_odd = 0;
        int widest = 0;
        for (int k = 0; k < G->nmoves[u]; k++) {
            int x = 0, w = 0;
            for (int j = 0; j < G->nparts[u][k]; j++) {
                x ^= G->value[G->part[u][k][j]];
                w += G->width[G->part[u][k][j]];
            }
            if (x <= MAXDEG)
                seen[x] = 1;
            if (w > widest)
                widest = w;
            if (G->nparts[u][k] != 1)
                continue; /* the other plays are only defined without splits */
            int v = G->part[u][k][0];
            if (G->misere[v] <= MAXDEG)
                mseen[G->misere[v]] = 1;
            if (G->wtia[v] == GRUNDY_SP)
                any_sp = 1;
            else if (G->wtia[v] != GRUNDY_SC && G->wtia[v] <= MAXDEG)
                wseen[G->wtia[v]] = 1;
            uint32_t rv = G->remote[v], sv = G->suspense[v];
            if (rv % 2 == 0) {
                any_even = 1;
                if (rv < min_even) min_even = rv;
            } else if (rv > max_odd) {
                max_odd = rv;
            }
            if (sv % 2 == 0) {
                if (sv > max_even) max_even = sv;
            } else if (sv < min_odd) {
                min_odd = sv;
            }
        }
        G->value[u] = mex_of(seen, MAXDEG + 2);
        G->width[u] = G->nmoves[u] == 0 ? 0 : (widest > 1 ? widest : 1);
        if (G->nmoves[u] == 0) {
            G->misere[u] = 1;
            G->wtia[u] = GRUNDY_SP;
            G->remote[u] = G->suspense[u] = 0;
            continue;
        }
        G->misere[u] = (uint32_t)mex_of(mseen, MAXDEG + 2);
        G->wtia[u] = any_sp ? GRUNDY_SC : (uint32_t)mex_of(wseen, MAXDEG + 2);
        /* Smith's remoteness: win as fast as possible, lose as slowly. */
        G->remote[u] = 1 + (any_even ? min_even : max_odd);
        /* Suspense: win as slowly as possible, lose as fast. */
        int sus_even = 0;
        for (int k = 0; k < G->nmoves[u]; k++)
            if (G->nparts[u][k] == 1 && G->suspense[G->part[u][k][0]] % 2 == 0)
                sus_even = 1;
        G->suspense[u] = 1 + (sus_even ? max_even : min_odd);
    }
}

/* A random graph of 1..SUBS components of 1..SUBN nodes.
 * - KIND_RANDOM: random moves to single positions;
 * - KIND_NIM: component node of rank k moves to every rank j < k, in a
 *   shuffled order (Nim heaps: only value 0 is terminal);
 * - KIND_SJ: random, then the moves of every value-0 node are dropped, which
 *   changes no value and makes the SJ precondition hold everywhere;
 * - KIND_SPLIT: random, some moves to sums of 0, 2 or 3 parts, and some
 *   single moves added through grundy_graph_add_split with one part (an
 *   ordinary move all the same; test_one_part_split() checks the other
 *   compounds on those). */
static void random_game(game *G, int kind)
{
    int nsub = 1 + (int)harness_below(SUBS);
    int size[SUBS], base[SUBS + 1];
    G->n = 0;
    for (int s = 0; s < nsub; s++) {
        size[s] = 1 + (int)harness_below(SUBN);
        base[s] = G->n;
        G->n += size[s];
    }
    /* node_at[base[s] + r]: the id of rank r of component s, at random. */
    int node_at[MAXN];
    for (int i = 0; i < G->n; i++)
        node_at[i] = i;
    for (int i = G->n - 1; i > 0; i--) {
        int j = (int)harness_below((unsigned long long)i + 1);
        int t = node_at[i]; node_at[i] = node_at[j]; node_at[j] = t;
    }
    G->multi = G->one_part_splits = 0;
    for (int s = 0; s < nsub; s++) {
        for (int r = 0; r < size[s]; r++) {
            int u = node_at[base[s] + r];
            memset(G->via_split[u], 0, sizeof G->via_split[u]);
            if (kind == KIND_NIM) {
                G->nmoves[u] = r;
                int order[SUBN];
                for (int j = 0; j < r; j++)
                    order[j] = j;
                for (int j = r - 1; j > 0; j--) {
                    int i = (int)harness_below((unsigned long long)j + 1);
                    int t = order[i]; order[i] = order[j]; order[j] = t;
                }
                for (int k = 0; k < r; k++) {
                    G->nparts[u][k] = 1;
                    G->part[u][k][0] = node_at[base[s] + order[k]];
                    G->via_split[u][k] = 0;
                }
                continue;
            }
            G->nmoves[u] = r == 0 ? 0 : (int)harness_below(MAXDEG + 1);
            for (int k = 0; k < G->nmoves[u]; k++) {
                int np = 1;
                if (kind == KIND_SPLIT && harness_below(3) == 0)
                    np = (int)harness_below(MAXPARTS + 1);
                G->nparts[u][k] = 0;
                int w = 0;
                for (int j = 0; j < np; j++) {
                    int v = node_at[base[s] + (int)harness_below((unsigned long long)r)];
                    /* Keeps every node within WIDTH_CAP parts (widths of
                     * lower ranks are known: they were drawn first). */
                    if (np > 1 && w + G->width[v] > WIDTH_CAP)
                        continue;
                    G->part[u][k][G->nparts[u][k]++] = v;
                    w += G->width[v];
                }
                np = G->nparts[u][k];
                if (np > 1)
                    G->multi = 1;
                G->via_split[u][k] = np != 1 || (kind == KIND_SPLIT && one_part_splits && harness_below(4) == 0);
                G->one_part_splits |= np == 1 && G->via_split[u][k];
            }
            /* Widths of this node now, for the ranks above. */
            int widest = 0;
            for (int k = 0; k < G->nmoves[u]; k++) {
                int w = 0;
                for (int j = 0; j < G->nparts[u][k]; j++)
                    w += G->width[G->part[u][k][j]];
                if (w > widest)
                    widest = w;
            }
            G->width[u] = G->nmoves[u] == 0 ? 0 : (widest > 1 ? widest : 1);
        }
    }
    compute_numbers(G, node_at);
    if (kind == KIND_SJ) {
        for (int u = 0; u < G->n; u++)
            if (G->value[u] == 0)
                G->nmoves[u] = 0;
        compute_numbers(G, node_at);
    }
}

/* The library's graph, moves of different nodes interleaved at random (each
 * node's own moves in order, so move k is the k-th of the test's list). */
static grundy_graph *build(const game *G)
{
    grundy_graph *g;
    if (!CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK))
        return NULL;
    if (harness_below(2)) {
        uint32_t first;
        CHECK_EQ(grundy_graph_add_nodes(g, (uint32_t)G->n, &first), GRUNDY_OK);
        CHECK_EQ(first, 0);
    } else {
        for (int u = 0; u < G->n; u++) {
            uint32_t id;
            CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
            CHECK_EQ(id, u);
        }
    }
    int next[MAXN] = {0}, left = 0;
    for (int u = 0; u < G->n; u++)
        left += G->nmoves[u];
    while (left > 0) {
        int u = (int)harness_below((unsigned long long)G->n);
        if (next[u] == G->nmoves[u])
            continue;
        int k = next[u]++;
        uint32_t parts[MAXPARTS];
        for (int j = 0; j < G->nparts[u][k]; j++)
            parts[j] = (uint32_t)G->part[u][k][j];
        int rc = G->via_split[u][k]
                     ? grundy_graph_add_split(g, (uint32_t)u, parts, (uint32_t)G->nparts[u][k])
                     : grundy_graph_add_move(g, (uint32_t)u, parts[0]);
        CHECK_EQ(rc, GRUNDY_OK);
        left--;
    }
    return g;
}

/* For failure messages: the graph and the position, for the first two
 * failures of each kind, and a count of every kind at the end. */
#define KINDS_MAX 64
static struct {
    const char *what;
    int compound;
    unsigned long count;
} failure[KINDS_MAX];
static int nfailure;

static void dump(const game *G, const char *what, int compound, const int *pos, int c)
{
    int f = 0;
    while (f < nfailure && (strcmp(failure[f].what, what) != 0 || failure[f].compound != compound))
        f++;
    if (f == nfailure && nfailure < KINDS_MAX) {
        failure[f].what = what;
        failure[f].compound = compound;
        nfailure++;
    }
    if (f < KINDS_MAX && ++failure[f].count > 2)
        return;
    fprintf(stderr, "  %s, compound %s, position (", what,
            compound >= 0 ? compound_name[compound] : "-");
    for (int i = 0; i < c; i++)
        fprintf(stderr, i ? " %d" : "%d", pos[i]);
    fprintf(stderr, "), graph of %d nodes:\n", G->n);
    for (int u = 0; u < G->n; u++) {
        if (G->nmoves[u] == 0)
            continue;
        fprintf(stderr, "    %d ->", u);
        for (int k = 0; k < G->nmoves[u]; k++) {
            if (G->nparts[u][k] == 1 && !G->via_split[u][k]) {
                fprintf(stderr, " %d", G->part[u][k][0]);
                continue;
            }
            fprintf(stderr, " [");
            for (int j = 0; j < G->nparts[u][k]; j++)
                fprintf(stderr, j ? " %d" : "%d", G->part[u][k][j]);
            fprintf(stderr, "]");
        }
        fprintf(stderr, "\n");
    }
}

/* ---- brute force over tuples (graphs whose moves have one part) --------- */

/* Whether the compound's play is already over before anyone moves: these
 * compounds end as soon as any component is terminal. */
static int ends_at_any_terminal(int compound)
{
    return compound == SUM_WTIA || compound == SUM_CONJUNCTIVE || compound == SUM_SHORTENED;
}

static int is_misere(int compound)
{
    return compound == SUM_MISERE_SEARCH || compound == SUM_SJ || compound == SUM_MISERE;
}

/* The plays that move in exactly one component. */
static int moves_one(int compound)
{
    return compound == SUM_NORMAL || compound == SUM_WTIA || is_misere(compound);
}

/* Whether ch (ch[i] a move index of component i, or -1 for none) is one move
 * of the compound from pos, by the compound's rule. */
static int legal(const game *G, int compound, const int *pos, int c, const int *ch)
{
    int moved = 0, open = 0;
    for (int i = 0; i < c; i++) {
        if (ch[i] >= G->nmoves[pos[i]])
            return 0;
        if (ch[i] >= 0)
            moved++;
        if (!terminal(G, pos[i]))
            open++;
    }
    if (ends_at_any_terminal(compound) && open < c)
        return 0;
    if (moves_one(compound))
        return moved == 1;
    switch (compound) {
    case SUM_CONJUNCTIVE: return moved == c && c > 0;
    /* Terminal components cannot move (ch < nmoves), so this is "every
     * unfinished component moves". */
    case SUM_CONTINUED: return moved == open && moved > 0;
    case SUM_SELECTIVE:
    case SUM_SHORTENED: return moved > 0;
    default: return 0;
    }
}

static signed char memo[NCOMPOUNDS][MAXN * MAXN * MAXN + MAXN * MAXN + MAXN + 1];

static int tuple_index(const game *G, const int *pos, int c)
{
    /* Tuples of different lengths get disjoint ranges. */
    int idx = 0, span = 1;
    for (int i = 0; i < c; i++) {
        idx += pos[i] * span;
        span *= G->n;
    }
    int offset = 0, s = 1;
    for (int i = 0; i < c; i++) {
        offset += s;
        s *= G->n;
    }
    return offset - 1 + idx; /* c = 0 is index 0; c = 1 starts at 1; ... */
}

/* Whether the player to move wins the compound from pos. */
static int brute_win(const game *G, int compound, const int *pos, int c)
{
    signed char *m = &memo[compound][tuple_index(G, pos, c)];
    if (*m >= 0)
        return *m;
    int win = 0, any = 0;
    int ok_to_play = 1;
    if (ends_at_any_terminal(compound)) {
        for (int i = 0; i < c; i++)
            if (terminal(G, pos[i]))
                ok_to_play = 0;
    }
    if (ok_to_play) {
        /* Every choice of (no move | move k) per component, filtered by the rule. */
        int ch[MAXC];
        for (int i = 0; i < c; i++)
            ch[i] = -1;
        for (;;) {
            if (legal(G, compound, pos, c, ch)) {
                any = 1;
                int next[MAXC];
                for (int i = 0; i < c; i++)
                    next[i] = ch[i] < 0 ? pos[i] : G->part[pos[i]][ch[i]][0];
                if (!brute_win(G, compound, next, c)) {
                    win = 1;
                    break;
                }
            }
            int i = 0;
            while (i < c && ++ch[i] == G->nmoves[pos[i]]) {
                ch[i] = -1;
                i++;
            }
            if (i == c)
                break;
        }
        if (!any && is_misere(compound))
            win = 1; /* misère: the player who cannot move wins */
    }
    *m = (signed char)win;
    return win;
}

/* ---- brute force over multisets (sums whose moves may split) ------------ */

/* A sum is the sorted multiset of its non-terminal components (a terminal
 * component has no move, so it changes nothing).  Memo: open addressing on a
 * key of 5 bits per node, bit 63 for misère. */
static uint64_t *mkeys;
static unsigned char *mvals;
static size_t mcap, mused;

static void mtable_clear(void)
{
    if (mkeys != NULL)
        memset(mkeys, 0, mcap * sizeof *mkeys);
    mused = 0;
}

static size_t mslot(uint64_t key)
{
    uint64_t h = key * 0x9e3779b97f4a7c15ull;
    size_t i = (size_t)(h >> 20) & (mcap - 1);
    while (mkeys[i] != 0 && mkeys[i] != key)
        i = (i + 1) & (mcap - 1);
    return i;
}

static void mtable_put(uint64_t key, int val)
{
    if (2 * (mused + 1) > mcap) {
        uint64_t *ok = mkeys;
        unsigned char *ov = mvals;
        size_t oc = mcap;
        mcap = mcap ? 2 * mcap : 1 << 12;
        mkeys = calloc(mcap, sizeof *mkeys);
        mvals = malloc(mcap);
        if (mkeys == NULL || mvals == NULL) {
            fprintf(stderr, "test: out of memory\n");
            exit(2);
        }
        for (size_t i = 0; i < oc; i++) {
            if (ok[i] != 0) {
                size_t j = mslot(ok[i]);
                mkeys[j] = ok[i];
                mvals[j] = ov[i];
            }
        }
        free(ok);
        free(ov);
    }
    size_t i = mslot(key);
    if (mkeys[i] == 0)
        mused++;
    mkeys[i] = key;
    mvals[i] = (unsigned char)val;
}

static uint64_t mkey(const int *v, int k, int misere)
{
    uint64_t key = misere ? 1ull << 63 : 0;
    for (int i = 0; i < k; i++)
        key |= (uint64_t)(v[i] + 1) << (5 * i);
    return key;
}

static void sort_small(int *v, int k)
{
    for (int i = 1; i < k; i++) {
        int x = v[i], j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

/* The sum v of k components with component i replaced by the parts of its
 * move mv, as a multiset (sorted, terminal parts and components dropped);
 * returns the new count. */
static int mset_after(const game *G, const int *v, int k, int i, int mv, int *out)
{
    int m = 0;
    for (int j = 0; j < k; j++)
        if (j != i && !terminal(G, v[j]))
            out[m++] = v[j];
    int u = v[i];
    for (int j = 0; j < G->nparts[u][mv]; j++)
        if (!terminal(G, G->part[u][mv][j]))
            out[m++] = G->part[u][mv][j];
    sort_small(out, m);
    return m;
}

/* Whether the player to move wins the disjunctive sum v (sorted), under
 * normal or misère play. */
static int mset_win(const game *G, const int *v, int k, int misere)
{
    if (k == 0)
        return misere; /* nobody can move: misère, the player to move wins */
    uint64_t key = mkey(v, k, misere);
    if (mcap > 0) {
        size_t s = mslot(key);
        if (mkeys[s] == key)
            return mvals[s];
    }
    int win = 0;
    for (int i = 0; i < k && !win; i++) {
        if (i > 0 && v[i] == v[i - 1])
            continue;
        for (int mv = 0; mv < G->nmoves[v[i]] && !win; mv++) {
            int w[MAXW + MAXPARTS];
            int m = mset_after(G, v, k, i, mv, w);
            if (!mset_win(G, w, m, misere))
                win = 1;
        }
    }
    mtable_put(key, win);
    return win;
}

static int mset_of(const game *G, const int *pos, int c, int *v)
{
    int k = 0;
    for (int i = 0; i < c; i++)
        if (!terminal(G, pos[i]))
            v[k++] = pos[i];
    sort_small(v, k);
    return k;
}

/* ---- checks ---------------------------------------------------------------- */

/* The SJ precondition for these positions: every position reachable from
 * them with Sprague-Grundy value 0 is terminal (no splits here). */
static int sj_holds(const game *G, const int *pos, int c, int *bad)
{
    int seen[MAXN] = {0}, stack[MAXN], sp = 0, holds = 1;
    for (int i = 0; i < c; i++) {
        if (!seen[pos[i]]) {
            seen[pos[i]] = 1;
            stack[sp++] = pos[i];
        }
    }
    while (sp > 0) {
        int u = stack[--sp];
        if (G->value[u] == 0 && !terminal(G, u))
            bad[u] = 1, holds = 0;
        for (int k = 0; k < G->nmoves[u]; k++) {
            int v = G->part[u][k][0];
            if (!seen[v]) {
                seen[v] = 1;
                stack[sp++] = v;
            }
        }
    }
    return holds;
}

/* The first number after "node " in a message, or -1. */
static long named_node(const char *msg)
{
    const char *p = msg;
    while ((p = strstr(p, "node ")) != NULL) {
        p += 5;
        if (*p >= '0' && *p <= '9')
            return strtol(p, NULL, 10);
    }
    return -1;
}

static unsigned long cases[NCOMPOUNDS];

/* Whether every component is tame, by the library's genus symbols. */
static int all_tame(grundy_graph *g, const uint32_t *nodes, int c)
{
    int all = 1;
    for (int i = 0; i < c; i++) {
        int tame = 0;
        CHECK_EQ(grundy_graph_genus(g, nodes[i], NULL, 0, &tame), GRUNDY_OK);
        all &= tame;
    }
    return all;
}

/* The method a misère sum must have been decided by: the one required, or
 * the first that applies (SJ theorem, genus symbols, search). */
static int expected_method(const game *G, grundy_graph *g, int compound, const int *pos,
                           const uint32_t *nodes, int c)
{
    int bad[MAXN] = {0};
    switch (compound) {
    case SUM_SJ: return GRUNDY_BY_SJ;
    case SUM_MISERE_SEARCH: return GRUNDY_BY_SEARCH;
    default: break;
    }
    if (sj_holds(G, pos, c, bad))
        return GRUNDY_BY_SJ;
    return all_tame(g, nodes, c) ? GRUNDY_BY_GENUS : GRUNDY_BY_SEARCH;
}

static unsigned long method_cases[4];

/* Whether move k of component i of pos leaves the opponent lost, by one of
 * the brute forces. */
typedef int (*follower_lost_fn)(const game *G, int compound, const int *pos, int c, int i, int k);

static int tuple_lost(const game *G, int compound, const int *pos, int c, int i, int k)
{
    int next[MAXC];
    memcpy(next, pos, (size_t)c * sizeof *next);
    next[i] = G->part[pos[i]][k][0];
    return !brute_win(G, compound, next, c);
}

/* The library's list of winning moves (count of them, the first ones in
 * comps and mv) against every move the brute force calls winning, in
 * component order, then move order; none if play is over. */
static void check_win_list(const game *G, int compound, const int *pos, int c, int over,
                           const size_t *comps, const uint64_t *mv, size_t count,
                           follower_lost_fn lost)
{
    size_t expect = 0;
    for (int i = 0; i < c && !over; i++) {
        for (int k = 0; k < G->nmoves[pos[i]]; k++) {
            if (!lost(G, compound, pos, c, i, k))
                continue;
            if (!CHECK(expect < count && comps[expect] == (size_t)i && mv[expect] == (uint64_t)k))
                dump(G, "winning moves", compound, pos, c);
            expect++;
        }
    }
    if (!CHECK_EQ(count, expect))
        dump(G, "number of winning moves", compound, pos, c);
}

/* Every winning move of a sum asked under play, of a play that moves one
 * component, against the brute force of compound: the moves (in component
 * order, then move order) whose result the opponent loses; the plays that
 * move several refuse. */
static void check_all_wins(const game *G, grundy_graph *g, int compound, int play, const int *pos,
                           int c)
{
    uint32_t nodes[MAXC];
    size_t comps[MAXC * MAXDEG], count = 999, count0 = 999;
    uint64_t mv[MAXC * MAXDEG];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int rc = grundy_graph_sum_winning_moves(g, play, nodes, (size_t)c, comps, mv, MAXC * MAXDEG,
                                            &count);
    if (!moves_one(compound)) {
        CHECK_EQ(rc, GRUNDY_ENOTSUP);
        CHECK(strstr(grundy_graph_errmsg(g), "grundy_graph_sum_winning_move") != NULL);
        return;
    }
    if (!CHECK_EQ(rc, GRUNDY_OK))
        return;
    int over = 0;
    for (int i = 0; i < c; i++)
        over |= ends_at_any_terminal(compound) && terminal(G, pos[i]);
    check_win_list(G, compound, pos, c, over, comps, mv, count, tuple_lost);
    /* Counting alone, with no room; and room for one: the first written. */
    size_t first = 99;
    uint64_t first_mv = 99;
    CHECK_EQ(grundy_graph_sum_winning_moves(g, play, nodes, (size_t)c, NULL, NULL, 0, &count0),
             GRUNDY_OK);
    CHECK_EQ(count0, count);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, play, nodes, (size_t)c, &first, &first_mv, 1, &count0),
             GRUNDY_OK);
    CHECK_EQ(count0, count);
    if (count > 0)
        CHECK(first == comps[0] && first_mv == mv[0]);
    else
        CHECK(first == 99 && first_mv == 99);
}

/* One compound of one position of a graph without splits, against the tuple
 * brute force: the outcome, and the move (legal, and the opponent loses). */
static void check_tuple(const game *G, grundy_graph *g, int compound, const int *pos, int c)
{
    uint32_t nodes[MAXC];
    uint64_t moves[MAXC];
    int play = play_of[compound];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int expect;
    if (compound == SUM_SJ) {
        int bad[MAXN] = {0};
        if (!sj_holds(G, pos, c, bad)) {
            /* The theorem does not apply: refused, naming an offending node. */
            int rc = grundy_graph_sum_outcome(g, play, nodes, (size_t)c);
            if (!CHECK_EQ(rc, GRUNDY_EINVAL))
                dump(G, "SJ precondition fails", compound, pos, c);
            long named = named_node(grundy_graph_errmsg(g));
            CHECK(named >= 0 && named < G->n && bad[named]);
            CHECK_EQ(grundy_graph_sum_winning_move(g, play, nodes, (size_t)c, moves), GRUNDY_EINVAL);
            size_t count;
            CHECK_EQ(grundy_graph_sum_winning_moves(g, play, nodes, (size_t)c, NULL, NULL, 0, &count),
                     GRUNDY_EINVAL);
            return;
        }
    }
    cases[compound]++;
    int win = brute_win(G, compound, pos, c);
    expect = win ? GRUNDY_N : GRUNDY_P;
    int got = grundy_graph_sum_outcome(g, play, nodes, (size_t)c);
    if (!CHECK_EQ(got, expect))
        dump(G, "outcome", compound, pos, c);
    if (is_misere(compound)) {
        int method = expected_method(G, g, compound, pos, nodes, c);
        if (!CHECK_EQ(grundy_graph_last_method(g), method))
            dump(G, "misère method", compound, pos, c);
        method_cases[method >> 8] += compound == SUM_MISERE;
    }
    check_all_wins(G, g, compound, play, pos, c);
    /* No move exists once every component has finished (misère: won without
     * a move), nor, where play ends with any component, once one has. */
    int can_move = 0;
    int ch[MAXC] = {0};
    for (int i = 0; i < c; i++)
        can_move |= !terminal(G, pos[i]);
    if (ends_at_any_terminal(compound))
        for (int i = 0; i < c; i++)
            can_move &= !terminal(G, pos[i]);
    for (int i = 0; i < c; i++)
        moves[i] = 0xdeadbeefu;
    int found = grundy_graph_sum_winning_move(g, play, nodes, (size_t)c, moves);
    if (!win || !can_move) {
        if (!CHECK_EQ(found, 0))
            dump(G, "move from a lost or finished position", compound, pos, c);
        return;
    }
    if (!CHECK_EQ(found, 1)) {
        dump(G, "no move from a won position", compound, pos, c);
        return;
    }
    int next[MAXC];
    for (int i = 0; i < c; i++) {
        ch[i] = moves[i] == GRUNDY_NO_MOVE ? -1 : (moves[i] > MAXDEG ? MAXDEG : (int)moves[i]);
        next[i] = ch[i] < 0 || ch[i] >= G->nmoves[pos[i]] ? pos[i] : G->part[pos[i]][ch[i]][0];
    }
    if (!CHECK(legal(G, compound, pos, c, ch))) {
        dump(G, "illegal move", compound, pos, c);
        return;
    }
    if (!CHECK(!brute_win(G, compound, next, c)))
        dump(G, "move does not win", compound, pos, c);
}

/* Misère sums by genus symbols refuse (EINVAL) a sum with a wild component:
 * when they answer, the answer, its move and every winning move must be the
 * misère search's (here the brute force's).  Nim heaps are tame, so a sum of
 * them must be answered. */
static void check_tame(const game *G, grundy_graph *g, const int *pos, int c, int nim)
{
    const int play = GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS;
    uint32_t nodes[MAXC];
    uint64_t moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int got = grundy_graph_sum_outcome(g, play, nodes, (size_t)c);
    if (nim && !CHECK(got != GRUNDY_EINVAL))
        dump(G, "sum of Nim heaps refused", SUM_MISERE, pos, c);
    CHECK_EQ(got == GRUNDY_EINVAL, !all_tame(g, nodes, c));
    if (got == GRUNDY_EINVAL) {
        CHECK(strstr(grundy_graph_errmsg(g), "not tame") != NULL);
        return;
    }
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_GENUS);
    int win = brute_win(G, SUM_MISERE, pos, c);
    if (!CHECK_EQ(got, win ? GRUNDY_N : GRUNDY_P))
        dump(G, "tame outcome", SUM_MISERE, pos, c);
    check_all_wins(G, g, SUM_MISERE, play, pos, c);
    int can_move = 0;
    for (int i = 0; i < c; i++)
        can_move |= !terminal(G, pos[i]);
    for (int i = 0; i < c; i++)
        moves[i] = 0xdeadbeefu;
    int found = grundy_graph_sum_winning_move(g, play, nodes, (size_t)c, moves);
    if (!win || !can_move) {
        CHECK_EQ(found, 0);
        return;
    }
    if (!CHECK_EQ(found, 1))
        return;
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_GENUS);
    int ch[MAXC], next[MAXC];
    for (int i = 0; i < c; i++) {
        ch[i] = moves[i] == GRUNDY_NO_MOVE ? -1 : (moves[i] > MAXDEG ? MAXDEG : (int)moves[i]);
        next[i] = ch[i] < 0 || ch[i] >= G->nmoves[pos[i]] ? pos[i] : G->part[pos[i]][ch[i]][0];
    }
    if (!CHECK(legal(G, SUM_MISERE, pos, c, ch)))
        dump(G, "illegal tame move", SUM_MISERE, pos, c);
    else if (!CHECK(!brute_win(G, SUM_MISERE, next, c)))
        dump(G, "tame move does not win", SUM_MISERE, pos, c);
}

/* Numbers of the plays against their definitions and single-position play. */
static void check_numbers(const game *G, grundy_graph *g)
{
    static const int plays[6] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE,
                                 GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE,
                                 GRUNDY_PLAY_SHORTENED};
    /* The compound whose single-position play each number decides. */
    static const int single[6] = {SUM_MISERE_SEARCH, SUM_WTIA, SUM_CONJUNCTIVE, SUM_CONTINUED,
                                  SUM_SELECTIVE, SUM_SHORTENED};
    for (int p = 0; p < 6; p++) {
        int play = plays[p];
        /* Solved ahead for half the plays, by the first question for the rest. */
        if (p % 2 == 0 && !CHECK_EQ(grundy_graph_solve(g, play), GRUNDY_OK))
            continue;
        uint32_t num[MAXN];
        if (!CHECK_EQ(grundy_graph_values(g, play, 0, (size_t)G->n, num), GRUNDY_OK))
            continue;
        for (int u = 0; u < G->n; u++) {
            uint32_t want = play == GRUNDY_PLAY_MISERE ? G->misere[u]
                            : play == GRUNDY_PLAY_WTIA ? G->wtia[u]
                            : play == GRUNDY_PLAY_CONTINUED ? G->suspense[u]
                            : play == GRUNDY_PLAY_SELECTIVE ? (uint32_t)G->value[u]
                                                            : G->remote[u];
            uint32_t v = 0;
            CHECK_EQ(grundy_graph_value(g, play, (uint32_t)u, &v), GRUNDY_OK);
            if (!CHECK_EQ(v, want) || !CHECK_EQ(num[u], want))
                dump(G, "play number", -1, &u, 1);
            int win = brute_win(G, single[p], &u, 1);
            if (!CHECK_EQ(grundy_graph_outcome(g, play, (uint32_t)u), win ? GRUNDY_N : GRUNDY_P))
                dump(G, "play outcome", single[p], &u, 1);
        }
        /* The single-position rule of the table in grundy.h. */
        for (int u = 0; u < G->n; u++) {
            uint32_t v = num[u];
            int n_by_number = play == GRUNDY_PLAY_WTIA ? v == GRUNDY_SC || (v != GRUNDY_SP && v != 0)
                              : play == GRUNDY_PLAY_MISERE || play == GRUNDY_PLAY_SELECTIVE
                                  ? v != 0
                                  : v % 2 == 1;
            CHECK_EQ(n_by_number, brute_win(G, single[p], &u, 1));
        }
    }
    /* Normal play and the misère numbers against the misère search. */
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL), GRUNDY_OK);
    for (int u = 0; u < G->n; u++) {
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, (uint32_t)u, &v), GRUNDY_OK);
        CHECK_EQ(v, G->value[u]);
    }
}

/* The numbers-only decision agrees with the graph's for the plays that
 * numbers decide. */
static void check_numbers_decide(const game *G, grundy_graph *g, const int *pos, int c)
{
    static const int compounds[] = {SUM_NORMAL, SUM_SJ, SUM_WTIA, SUM_CONJUNCTIVE,
                                    SUM_CONTINUED, SUM_SELECTIVE, SUM_SHORTENED};
    uint32_t nodes[MAXC], numbers[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    for (size_t t = 0; t < sizeof compounds / sizeof compounds[0]; t++) {
        int compound = compounds[t], play = play_of[compound];
        int bad[MAXN] = {0};
        if (compound == SUM_SJ && !sj_holds(G, pos, c, bad))
            continue;
        /* The numbers each play decides by: Sprague-Grundy values for SJ. */
        int numbers_play = compound == SUM_SJ ? GRUNDY_PLAY_NORMAL : play;
        int graph = grundy_graph_sum_outcome(g, play, nodes, (size_t)c);
        for (int i = 0; i < c; i++)
            CHECK_EQ(grundy_graph_value(g, numbers_play, nodes[i], &numbers[i]), GRUNDY_OK);
        if (!CHECK_EQ(grundy_numbers_sum_outcome(play, numbers, (size_t)c), graph))
            dump(G, "numbers-only outcome", compound, pos, c);
    }
}

static void random_position(const game *G, int *pos, int *c)
{
    *c = 1 + (int)harness_below(MAXC);
    for (int i = 0; i < *c; i++)
        pos[i] = (int)harness_below((unsigned long long)G->n);
    /* Now and then the same position twice. */
    if (*c > 1 && harness_below(6) == 0)
        pos[1] = pos[0];
}

static void clear_memo(void)
{
    memset(memo, -1, sizeof memo);
}

/* Moves are recorded in the order they were added: move k of node u has the
 * parts of the test's list (read before any solve: the reads merge them). */
static void check_move_order(const game *G, grundy_graph *g)
{
    for (int u = 0; u < G->n; u++) {
        uint64_t deg;
        CHECK_EQ(grundy_graph_degree(g, (uint32_t)u, &deg), GRUNDY_OK);
        CHECK_EQ(deg, G->nmoves[u]);
        for (int k = 0; k < G->nmoves[u]; k++) {
            uint32_t parts[MAXPARTS];
            size_t np;
            CHECK_EQ(grundy_graph_move(g, (uint32_t)u, (uint64_t)k, parts, MAXPARTS, &np),
                     GRUNDY_OK);
            if (!CHECK_EQ(np, G->nparts[u][k]))
                continue;
            for (size_t j = 0; j < np; j++)
                CHECK_EQ(parts[j], G->part[u][k][j]);
        }
    }
}

/* Graphs whose moves are to single positions: every compound. */
static void check_single_moves(game *G, grundy_graph *g, int positions, int nim)
{
    clear_memo();
    check_move_order(G, g);
    check_numbers(G, g);
    for (int t = 0; t < positions; t++) {
        int pos[MAXC], c;
        random_position(G, pos, &c);
        for (int compound = 0; compound < NCOMPOUNDS; compound++)
            check_tuple(G, g, compound, pos, c);
        check_numbers_decide(G, g, pos, c);
        check_tame(G, g, pos, c, nim);
    }
}

/* A new move (to a lower rank, so still acyclic) after the graph was
 * queried: the compounds must see it. */
static void add_one_move(game *G, grundy_graph *g)
{
    /* Ranks are not kept; any move u -> v with v unable to reach u will do.
     * Take v terminal or a node whose reach excludes u. */
    for (int tries = 0; tries < 20; tries++) {
        int u = (int)harness_below((unsigned long long)G->n);
        int v = (int)harness_below((unsigned long long)G->n);
        if (u == v || G->nmoves[u] == MAXDEG)
            continue;
        int seen[MAXN] = {0}, stack[MAXN], sp = 0, reaches = 0;
        seen[v] = 1;
        stack[sp++] = v;
        while (sp > 0) {
            int x = stack[--sp];
            if (x == u)
                reaches = 1;
            for (int k = 0; k < G->nmoves[x]; k++)
                for (int j = 0; j < G->nparts[x][k]; j++)
                    if (!seen[G->part[x][k][j]]) {
                        seen[G->part[x][k][j]] = 1;
                        stack[sp++] = G->part[x][k][j];
                    }
        }
        if (reaches)
            continue;
        int k = G->nmoves[u]++;
        G->nparts[u][k] = 1;
        G->part[u][k][0] = v;
        G->via_split[u][k] = 0;
        CHECK_EQ(grundy_graph_add_move(g, (uint32_t)u, (uint32_t)v), GRUNDY_OK);
        break;
    }
    /* Recompute the numbers: a topological order by repeated passes. */
    int order[MAXN], placed[MAXN] = {0}, m = 0;
    while (m < G->n) {
        for (int u = 0; u < G->n; u++) {
            if (placed[u])
                continue;
            int ready = 1;
            for (int k = 0; k < G->nmoves[u]; k++)
                for (int j = 0; j < G->nparts[u][k]; j++)
                    ready &= placed[G->part[u][k][j]];
            if (ready) {
                placed[u] = 1;
                order[m++] = u;
            }
        }
    }
    compute_numbers(G, order);
}

static void test_random_single(void)
{
    int rounds = harness_quick() ? 200 : 4000;
    for (int r = 0; r < rounds; r++) {
        game G;
        int kind = r % 3 == 0 ? KIND_RANDOM : r % 3 == 1 ? KIND_NIM : KIND_SJ;
        random_game(&G, kind);
        grundy_graph *g = build(&G);
        if (g == NULL)
            return;
        check_single_moves(&G, g, 12, kind == KIND_NIM);
        if (r % 4 == 0) {
            add_one_move(&G, g);
            check_single_moves(&G, g, 6, 0);
        }
        grundy_graph_free(g);
    }
}

/* ---- split moves: disjunctive and misère sums on multisets -------------- */

/* Whether some move of G splits (has other than one part). */
static int has_splits(const game *G)
{
    for (int u = 0; u < G->n; u++)
        for (int k = 0; k < G->nmoves[u]; k++)
            if (G->nparts[u][k] != 1)
                return 1;
    return 0;
}

static int mset_lost(const game *G, int compound, const int *pos, int c, int i, int k)
{
    int w[MAXW + MAXPARTS];
    int n2 = mset_after(G, pos, c, i, k, w);
    return !mset_win(G, w, n2, is_misere(compound));
}

/* Every winning move of a sum that may split, against the multiset brute
 * force. */
static void check_mset_wins(const game *G, grundy_graph *g, int compound, const int *pos, int c)
{
    uint32_t nodes[MAXC];
    size_t comps[MAXC * MAXDEG], count = 999;
    uint64_t mv[MAXC * MAXDEG];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    if (!CHECK_EQ(grundy_graph_sum_winning_moves(g, play_of[compound], nodes, (size_t)c, comps, mv,
                                                 MAXC * MAXDEG, &count),
                  GRUNDY_OK))
        return;
    check_win_list(G, compound, pos, c, 0, comps, mv, count, mset_lost);
}

static void check_mset(const game *G, grundy_graph *g, int compound, const int *pos, int c)
{
    int misere = is_misere(compound);
    uint32_t nodes[MAXC];
    uint64_t moves[MAXC];
    int play = play_of[compound];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int v[MAXW];
    int k = mset_of(G, pos, c, v);
    int win = mset_win(G, v, k, misere);
    cases[compound]++;
    if (!CHECK_EQ(grundy_graph_sum_outcome(g, play, nodes, (size_t)c), win ? GRUNDY_N : GRUNDY_P))
        dump(G, "outcome (splits)", compound, pos, c);
    if (compound == SUM_MISERE) {
        /* With a split move anywhere, neither the SJ theorem nor genus applies. */
        int method = has_splits(G) ? GRUNDY_BY_SEARCH : expected_method(G, g, compound, pos, nodes, c);
        if (!CHECK_EQ(grundy_graph_last_method(g), method))
            dump(G, "misère method (splits)", compound, pos, c);
    }
    check_mset_wins(G, g, compound, pos, c);
    for (int i = 0; i < c; i++)
        moves[i] = 0xdeadbeefu;
    int found = grundy_graph_sum_winning_move(g, play, nodes, (size_t)c, moves);
    if (!win || k == 0) {
        if (!CHECK_EQ(found, 0))
            dump(G, "move from a lost or finished sum (splits)", compound, pos, c);
        return;
    }
    if (!CHECK_EQ(found, 1)) {
        dump(G, "no move from a won sum (splits)", compound, pos, c);
        return;
    }
    int which = -1, count = 0;
    for (int i = 0; i < c; i++) {
        if (moves[i] != GRUNDY_NO_MOVE) {
            count++;
            which = i;
        }
    }
    if (!CHECK_EQ(count, 1) || !CHECK(moves[which] < (uint64_t)G->nmoves[pos[which]])) {
        dump(G, "illegal move (splits)", compound, pos, c);
        return;
    }
    /* The sum after the move: component `which` becomes its parts. */
    int w[MAXW + MAXPARTS];
    int n2 = mset_after(G, pos, c, which, (int)moves[which], w);
    if (!CHECK(!mset_win(G, w, n2, misere)))
        dump(G, "move does not win (splits)", compound, pos, c);
}

/* With splits too, the genus method refuses (any split move: EINVAL naming
 * its node) or agrees with the search. */
static void check_tame_mset(const game *G, grundy_graph *g, const int *pos, int c)
{
    uint32_t nodes[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int got = grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, nodes, (size_t)c);
    if (has_splits(G))
        CHECK_EQ(got, GRUNDY_EINVAL);
    if (got == GRUNDY_EINVAL)
        return;
    int v[MAXW];
    int k = mset_of(G, pos, c, v);
    if (!CHECK_EQ(got, mset_win(G, v, k, 1) ? GRUNDY_N : GRUNDY_P))
        dump(G, "tame outcome (splits)", SUM_MISERE, pos, c);
}

/* The plays other than normal and misère sums by search refuse split moves,
 * naming a node with one: their sums, misère sums by SJ and genus, and
 * their solves. */
static void check_split_refused(const game *G, grundy_graph *g, const int *pos, int c)
{
    static const int refusing[] = {
        GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, GRUNDY_PLAY_WTIA,
        GRUNDY_PLAY_CONJUNCTIVE, GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE,
        GRUNDY_PLAY_SHORTENED, GRUNDY_PLAY_LOOPY,
    };
    uint32_t nodes[MAXC];
    uint64_t moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    for (size_t t = 0; t < sizeof refusing / sizeof refusing[0]; t++) {
        int play = refusing[t];
        if (!CHECK_EQ(grundy_graph_sum_outcome(g, play, nodes, (size_t)c), GRUNDY_EINVAL))
            dump(G, "play with splits not refused", -1, pos, c);
        long u = named_node(grundy_graph_errmsg(g));
        int has = 0;
        if (u >= 0 && u < G->n)
            for (int k = 0; k < G->nmoves[u]; k++)
                has |= G->nparts[u][k] != 1;
        if (!CHECK(has))
            fprintf(stderr, "  message: %s\n", grundy_graph_errmsg(g));
        CHECK_EQ(grundy_graph_sum_winning_move(g, play, nodes, (size_t)c, moves), GRUNDY_EINVAL);
        if (play == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ) || play == (GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS))
            continue;
        CHECK_EQ(grundy_graph_solve(g, play), GRUNDY_EINVAL);
        u = named_node(grundy_graph_errmsg(g));
        CHECK(u >= 0 && u < G->n);
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, play, nodes[0], &v), GRUNDY_EINVAL);
    }
    /* Misère values of single positions too (the search takes splits). */
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_MISERE), GRUNDY_EINVAL);
}

static void test_random_splits(void)
{
    int rounds = harness_quick() ? 100 : 2000;
    for (int r = 0; r < rounds; r++) {
        game G;
        one_part_splits = r % 2;
        random_game(&G, KIND_SPLIT);
        grundy_graph *g = build(&G);
        if (g == NULL)
            return;
        mtable_clear();
        check_move_order(&G, g);
        for (int t = 0; t < 10; t++) {
            int pos[MAXC], c;
            random_position(&G, pos, &c);
            check_mset(&G, g, SUM_NORMAL, pos, c);
            check_mset(&G, g, SUM_MISERE_SEARCH, pos, c);
            check_mset(&G, g, SUM_MISERE, pos, c);
            check_tame_mset(&G, g, pos, c);
            /* (Graphs with one-part add_split moves are left to
             * test_one_part_split(), so that the message must name a node
             * with a real split.) */
            if (G.multi && !G.one_part_splits && t == 0)
                check_split_refused(&G, g, pos, c);
        }
        grundy_graph_free(g);
    }
    free(mkeys);
    free(mvals);
    mkeys = NULL;
    mvals = NULL;
    mcap = mused = 0;
}

/* ---- fixed cases and errors --------------------------------------------- */

/* Misère Nim with heaps 1..3 as nodes, and known small answers. */
static void test_known(void)
{
    const int misere = GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, sj = GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ;
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    /* Nodes 0..3 are Nim heaps 0..3. */
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    /* Misère Nim: all heaps of size 1 -> N iff an even number of them. */
    uint32_t ones[3] = {1, 1, 1};
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, ones, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, ones, 2), GRUNDY_N);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, ones, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, sj, ones, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, ones, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SJ); /* Nim: only heap 0 has value 0 */
    /* 1, 2, 3: xor 0 with a heap above 1 -> P; 2, 3 -> N. */
    uint32_t h[3] = {1, 2, 3};
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, h, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, sj, h, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, h + 1, 2), GRUNDY_N);
    /* The empty sum: lost under normal play, won under misère (no move, and
     * so no winning move either). */
    uint64_t mv[1] = {0};
    size_t count = 99;
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_NORMAL, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, h, 0), GRUNDY_N);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, h, 0), GRUNDY_N);
    CHECK_EQ(grundy_graph_sum_outcome(g, sj, h, 0), GRUNDY_N);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_WTIA, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_CONTINUED, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_SELECTIVE, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_NORMAL, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_winning_move(g, misere, h, 0, mv), 0);
    CHECK_EQ(grundy_graph_sum_winning_move(g, GRUNDY_PLAY_NORMAL, NULL, 0, NULL), 0);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_MISERE, NULL, 0, NULL, NULL, 0, &count),
             GRUNDY_OK);
    CHECK_EQ(count, 0);
    /* A finished heap alone: misère N (no move), normal P. */
    uint32_t zero = 0;
    CHECK_EQ(grundy_graph_sum_outcome(g, misere, &zero, 1), GRUNDY_N);
    CHECK_EQ(grundy_graph_sum_winning_move(g, misere, &zero, 1, mv), 0);
    CHECK_EQ(mv[0], GRUNDY_NO_MOVE);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_NORMAL, &zero, 1), GRUNDY_P);
    /* WTIA: heap 1 is SC (take it and win); 2 + 2 is a number pair, xor 0. */
    uint32_t w;
    CHECK_EQ(grundy_graph_solve(g, GRUNDY_PLAY_WTIA), GRUNDY_OK);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_WTIA, 0, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SP);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_WTIA, 1, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SC);
    CHECK_EQ(grundy_graph_value(g, GRUNDY_PLAY_WTIA, 3, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SC);
    /* A WTIA sum with a finished component is over: P, and no winning move
     * although its options would leave P too. */
    uint32_t over[2] = {0, 3};
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_WTIA, over, 2), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_WTIA, over, 2, NULL, NULL, 0, &count),
             GRUNDY_OK);
    CHECK_EQ(count, 0);
    grundy_graph_free(g);

    /* Numbers-only: the table of grundy.h on hand-made numbers. */
    uint32_t a[3] = {1, 2, 3}, b[2] = {GRUNDY_SC, 0}, c2[2] = {GRUNDY_SP, 5};
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_NORMAL, a, 3), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_NORMAL, a, 2), GRUNDY_N);
    CHECK_EQ(grundy_numbers_sum_outcome(sj, a, 3), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(sj, a, 1), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_WTIA, b, 2), GRUNDY_N);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_WTIA, c2, 2), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_CONJUNCTIVE, a, 3), GRUNDY_N); /* least 1 */
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_CONJUNCTIVE, a + 1, 2), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_CONTINUED, a, 3), GRUNDY_N);   /* most 3 */
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_CONTINUED, a, 2), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_SELECTIVE, a, 3), GRUNDY_N);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_SELECTIVE, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_SHORTENED, a, 3), GRUNDY_N);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_SHORTENED, a + 1, 1), GRUNDY_P);
}

/* Bad arguments, unknown plays and methods, the SJ precondition, split
 * moves where a play forbids them, and cycles. */
static void test_errors(void)
{
    grundy_graph *g;
    uint64_t mv[3];
    size_t count;
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 1), GRUNDY_OK);
    uint32_t ok[2] = {1, 0}, both[2] = {1, 2};
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        int play = play_of[compound];
        CHECK(grundy_graph_sum_outcome(g, play, ok, 2) >= 0);
        /* A node out of range, in any component. */
        uint32_t bad[2] = {1, 3}, worse[2] = {UINT32_MAX, 0};
        CHECK_EQ(grundy_graph_sum_outcome(g, play, bad, 2), GRUNDY_ERANGE);
        CHECK(strstr(grundy_graph_errmsg(g), "component 1") != NULL);
        CHECK_EQ(grundy_graph_sum_outcome(g, play, worse, 2), GRUNDY_ERANGE);
        CHECK_EQ(grundy_graph_sum_winning_move(g, play, bad, 2, mv), GRUNDY_ERANGE);
        /* NULL where a pointer is needed. */
        CHECK_EQ(grundy_graph_sum_outcome(NULL, play, ok, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_sum_outcome(g, play, NULL, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_sum_winning_move(g, play, ok, 2, NULL), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_sum_winning_move(NULL, play, ok, 2, mv), GRUNDY_EINVAL);
        if (moves_one(compound)) {
            CHECK_EQ(grundy_graph_sum_winning_moves(g, play, bad, 2, NULL, mv, 3, &count),
                     GRUNDY_ERANGE);
            CHECK_EQ(grundy_graph_sum_winning_moves(g, play, NULL, 2, NULL, mv, 3, &count),
                     GRUNDY_EINVAL);
            CHECK_EQ(grundy_graph_sum_winning_moves(NULL, play, ok, 2, NULL, mv, 3, &count),
                     GRUNDY_EINVAL);
        }
    }
    /* Unknown plays and methods, and method flags outside misère sums. */
    static const int unknown[] = {-1, 64, 1000, -1000, GRUNDY_PLAY_SHORTENED + 1,
                                  GRUNDY_PLAY_MISERE | 0x400, GRUNDY_PLAY_MISERE | GRUNDY_BY_MASK,
                                  GRUNDY_PLAY_NORMAL | GRUNDY_BY_SJ, GRUNDY_PLAY_LOOPY | GRUNDY_BY_SEARCH,
                                  GRUNDY_PLAY_WTIA | GRUNDY_BY_GENUS, GRUNDY_PLAY_MISERE | 0x1000};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_EQ(grundy_graph_sum_outcome(g, unknown[i], ok, 2), GRUNDY_EINVAL);
        CHECK(strstr(grundy_graph_errmsg(g), "play") != NULL);
        CHECK_EQ(grundy_graph_sum_winning_move(g, unknown[i], ok, 2, mv), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_sum_winning_moves(g, unknown[i], ok, 2, NULL, mv, 3, &count),
                 GRUNDY_EINVAL);
        CHECK_EQ(grundy_numbers_sum_outcome(unknown[i], ok, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_solve(g, unknown[i]), GRUNDY_EINVAL);
    }
    /* Numbers do not decide misère sums (but by the SJ rule) nor loopy ones. */
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_MISERE, ok, 2), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, ok, 2), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, ok, 2), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_LOOPY, ok, 2), GRUNDY_ENOTSUP);
    CHECK_EQ(grundy_numbers_sum_outcome(GRUNDY_PLAY_NORMAL, NULL, 2), GRUNDY_EINVAL);
    /* Every winning move: only for the plays that move one component. */
    for (int play = GRUNDY_PLAY_CONJUNCTIVE; play <= GRUNDY_PLAY_SHORTENED; play++) {
        if (play == GRUNDY_PLAY_LOOPY)
            continue;
        CHECK_EQ(grundy_graph_sum_winning_moves(g, play, ok, 2, NULL, mv, 3, &count), GRUNDY_ENOTSUP);
    }
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, ok, 2, NULL, NULL, 1, &count),
             GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_sum_winning_moves(g, GRUNDY_PLAY_NORMAL, ok, 2, NULL, mv, 3, NULL),
             GRUNDY_EINVAL);

    /* The SJ precondition: node 2 (value 0) has a move; from 1 alone it
     * holds (1 -> 0, 0 terminal). */
    const int sj = GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ;
    uint32_t one = 1, two = 2;
    CHECK_EQ(grundy_graph_sum_outcome(g, sj, &one, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_sum_outcome(g, sj, &two, 1), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 2") != NULL);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SJ); /* the failed call changed nothing */
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, &two, 1), GRUNDY_N);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);

    /* A split move at node 3 (to 1 + 2): only normal and misère sums. */
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(id, 3);
    CHECK_EQ(grundy_graph_add_split(g, 3, both, 2), GRUNDY_OK);
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        int play = play_of[compound];
        int rc = grundy_graph_sum_outcome(g, play, &one, 1);
        if (compound == SUM_NORMAL || compound == SUM_MISERE_SEARCH || compound == SUM_MISERE) {
            CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
            continue;
        }
        CHECK_EQ(rc, GRUNDY_EINVAL);
        CHECK(strstr(grundy_graph_errmsg(g), "node 3") != NULL);
        CHECK_EQ(grundy_graph_sum_winning_move(g, play, &one, 1, mv), GRUNDY_EINVAL);
    }
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, &one, 1), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 3") != NULL);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE, &one, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_last_method(g), GRUNDY_BY_SEARCH);
    grundy_graph_free(g);

    /* A cycle: every play but the loopy one refuses it, misère sums by
     * every method too. */
    CHECK_EQ(grundy_graph_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 0, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 3), GRUNDY_OK);
    uint32_t cyc[2] = {0, 3};
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        CHECK_EQ(grundy_graph_sum_outcome(g, play_of[compound], cyc, 2), GRUNDY_ECYCLE);
        CHECK_EQ(grundy_graph_sum_winning_move(g, play_of[compound], cyc, 2, mv), GRUNDY_ECYCLE);
    }
    static const int plays[6] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_CONJUNCTIVE,
                                 GRUNDY_PLAY_CONTINUED, GRUNDY_PLAY_SELECTIVE, GRUNDY_PLAY_SHORTENED};
    for (int p = 0; p < 6; p++)
        CHECK_EQ(grundy_graph_solve(g, plays[p]), GRUNDY_ECYCLE);
    CHECK_EQ(grundy_graph_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, cyc, 2), GRUNDY_ECYCLE);
    int rc = grundy_graph_sum_outcome(g, GRUNDY_PLAY_LOOPY, cyc, 2);
    CHECK(rc == GRUNDY_P || rc == GRUNDY_N || rc == GRUNDY_D);
    grundy_graph_free(g);
}

/* A move added by grundy_graph_add_split with one part is an ordinary move
 * (grundy.h: "one target is an ordinary move; several targets are a move
 * that splits"): every play must take it as add_move's. */
static void test_one_part_split(void)
{
    grundy_graph *a, *b;
    CHECK_EQ(grundy_graph_new(&a, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_new(&b, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(a, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(b, 3, NULL), GRUNDY_OK);
    static const uint32_t from[3] = {1, 2, 2}, to[3] = {0, 1, 0};
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(grundy_graph_add_move(a, from[i], to[i]), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_split(b, from[i], &to[i], 1), GRUNDY_OK);
    }
    for (int play = GRUNDY_PLAY_NORMAL; play <= GRUNDY_PLAY_SHORTENED; play++) {
        uint32_t va[3], vb[3];
        CHECK_EQ(grundy_graph_values(a, play, 0, 3, va), GRUNDY_OK);
        if (!CHECK_EQ(grundy_graph_values(b, play, 0, 3, vb), GRUNDY_OK))
            continue;
        for (uint32_t u = 0; u < 3; u++)
            CHECK_EQ(vb[u], va[u]);
    }
    uint32_t nodes[2] = {2, 1};
    uint64_t ma[2], mb[2];
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        int play = play_of[compound];
        CHECK_EQ(grundy_graph_sum_outcome(b, play, nodes, 2), grundy_graph_sum_outcome(a, play, nodes, 2));
        CHECK_EQ(grundy_graph_last_method(b), grundy_graph_last_method(a));
        CHECK_EQ(grundy_graph_sum_winning_move(b, play, nodes, 2, mb),
                 grundy_graph_sum_winning_move(a, play, nodes, 2, ma));
    }
    grundy_graph_free(a);
    grundy_graph_free(b);
}

int main(void)
{
    RUN(test_known);
    RUN(test_errors);
    RUN(test_one_part_split);
    RUN(test_random_single);
    RUN(test_random_splits);
    printf("cases per compound:");
    for (int c = 0; c < NCOMPOUNDS; c++)
        printf(" %s %lu", compound_name[c], cases[c]);
    printf("\nautomatic misère methods: SJ %lu, genus %lu, search %lu\n", method_cases[1],
           method_cases[2], method_cases[3]);
    for (int f = 0; f < nfailure; f++)
        fprintf(stderr, "failures: %lu x %s (compound %s)\n", failure[f].count, failure[f].what,
                failure[f].compound >= 0 ? compound_name[failure[f].compound] : "-");
    return harness_done();
}
