/* Compounds of graph positions against brute force.
 *
 * The principle: each compound's rule is checked against play of the
 * compound itself.  For two or three small random acyclic components the test
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

#define NCOMPOUNDS 8    /* GRUNDY_SUM_DISJUNCTIVE .. GRUNDY_SUM_SHORTENED */

static const char *const compound_name[NCOMPOUNDS] = {
    "disjunctive", "misere", "anti-sg", "wtia", "conjunctive", "continued", "selective", "shortened",
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
    if (!CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK))
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
    return compound == GRUNDY_SUM_WTIA || compound == GRUNDY_SUM_CONJUNCTIVE ||
           compound == GRUNDY_SUM_SHORTENED;
}

static int is_misere(int compound)
{
    return compound == GRUNDY_SUM_MISERE || compound == GRUNDY_SUM_ANTI_SG;
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
    switch (compound) {
    case GRUNDY_SUM_DISJUNCTIVE:
    case GRUNDY_SUM_MISERE:
    case GRUNDY_SUM_ANTI_SG:
    case GRUNDY_SUM_WTIA: return moved == 1;
    case GRUNDY_SUM_CONJUNCTIVE: return moved == c && c > 0;
    /* Terminal components cannot move (ch < nmoves), so this is "every
     * unfinished component moves". */
    case GRUNDY_SUM_CONTINUED: return moved == open && moved > 0;
    case GRUNDY_SUM_SELECTIVE:
    case GRUNDY_SUM_SHORTENED: return moved > 0;
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

/* The sum v with component i replaced by the parts of its move k (sorted,
 * terminal parts dropped); returns the new count. */
static int mset_after(const game *G, const int *v, int k, int i, int mv, int *out)
{
    int m = 0;
    for (int j = 0; j < k; j++)
        if (j != i)
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

/* One compound of one position of a graph without splits, against the tuple
 * brute force: the outcome, and the move (legal, and the opponent loses). */
static void check_tuple(const game *G, grundy_graph *g, int compound, const int *pos, int c)
{
    uint32_t nodes[MAXC], moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int expect;
    if (compound == GRUNDY_SUM_ANTI_SG) {
        int bad[MAXN] = {0};
        if (!sj_holds(G, pos, c, bad)) {
            /* The theorem does not apply: refused, naming an offending node. */
            int rc = grundy_graph_compound_outcome(g, compound, nodes, (size_t)c);
            if (!CHECK_EQ(rc, GRUNDY_EINVAL))
                dump(G, "SJ precondition fails", compound, pos, c);
            long named = named_node(grundy_graph_errmsg(g));
            CHECK(named >= 0 && named < G->n && bad[named]);
            CHECK_EQ(grundy_graph_compound_move(g, compound, nodes, (size_t)c, moves), GRUNDY_EINVAL);
            return;
        }
    }
    cases[compound]++;
    int win = brute_win(G, compound, pos, c);
    expect = win ? GRUNDY_N : GRUNDY_P;
    int got = grundy_graph_compound_outcome(g, compound, nodes, (size_t)c);
    if (!CHECK_EQ(got, expect))
        dump(G, "outcome", compound, pos, c);
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
    int found = grundy_graph_compound_move(g, compound, nodes, (size_t)c, moves);
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

#ifdef GRUNDY_SUM_TAME
/* The tame misère sum decides by genus symbols and refuses (EINVAL) a sum
 * with a wild component: when it answers, the answer and its move must be
 * the misère search's (here the brute force's).  Nim heaps are tame, so a
 * sum of them must be answered. */
static void check_tame(const game *G, grundy_graph *g, const int *pos, int c, int nim)
{
    uint32_t nodes[MAXC], moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int got = grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, nodes, (size_t)c);
    if (nim && !CHECK(got != GRUNDY_EINVAL))
        dump(G, "sum of Nim heaps refused", GRUNDY_SUM_MISERE, pos, c);
    if (got == GRUNDY_EINVAL)
        return;
    int win = brute_win(G, GRUNDY_SUM_MISERE, pos, c);
    if (!CHECK_EQ(got, win ? GRUNDY_N : GRUNDY_P))
        dump(G, "tame outcome", GRUNDY_SUM_MISERE, pos, c);
    int can_move = 0;
    for (int i = 0; i < c; i++)
        can_move |= !terminal(G, pos[i]);
    for (int i = 0; i < c; i++)
        moves[i] = 0xdeadbeefu;
    int found = grundy_graph_compound_move(g, GRUNDY_SUM_TAME, nodes, (size_t)c, moves);
    if (!win || !can_move) {
        CHECK_EQ(found, 0);
        return;
    }
    if (!CHECK_EQ(found, 1))
        return;
    int ch[MAXC], next[MAXC];
    for (int i = 0; i < c; i++) {
        ch[i] = moves[i] == GRUNDY_NO_MOVE ? -1 : (moves[i] > MAXDEG ? MAXDEG : (int)moves[i]);
        next[i] = ch[i] < 0 || ch[i] >= G->nmoves[pos[i]] ? pos[i] : G->part[pos[i]][ch[i]][0];
    }
    if (!CHECK(legal(G, GRUNDY_SUM_MISERE, pos, c, ch)))
        dump(G, "illegal tame move", GRUNDY_SUM_MISERE, pos, c);
    else if (!CHECK(!brute_win(G, GRUNDY_SUM_MISERE, next, c)))
        dump(G, "tame move does not win", GRUNDY_SUM_MISERE, pos, c);
}
#endif

/* Numbers of the plays against their definitions and single-position play. */
static void check_numbers(const game *G, grundy_graph *g)
{
    static const int plays[4] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_REMOTENESS,
                                 GRUNDY_PLAY_SUSPENSE};
    /* The compound whose single-position play each number decides. */
    static const int single[4] = {GRUNDY_SUM_MISERE, GRUNDY_SUM_WTIA, GRUNDY_SUM_CONJUNCTIVE,
                                  GRUNDY_SUM_CONTINUED};
    for (int p = 0; p < 4; p++) {
        int play = plays[p];
        if (!CHECK_EQ(grundy_graph_solve_play(g, play), GRUNDY_OK))
            continue;
        const uint32_t *num = grundy_graph_play_values(g, play);
        if (!CHECK(num != NULL))
            continue;
        for (int u = 0; u < G->n; u++) {
            uint32_t want = play == GRUNDY_PLAY_MISERE ? G->misere[u]
                            : play == GRUNDY_PLAY_WTIA ? G->wtia[u]
                            : play == GRUNDY_PLAY_REMOTENESS ? G->remote[u]
                                                             : G->suspense[u];
            uint32_t v = 0;
            CHECK_EQ(grundy_graph_play_value(g, play, (uint32_t)u, &v), GRUNDY_OK);
            if (!CHECK_EQ(v, want) || !CHECK_EQ(num[u], want))
                dump(G, "play number", -1, &u, 1);
            int win = brute_win(G, single[p], &u, 1);
            if (!CHECK_EQ(grundy_graph_play_outcome(g, play, (uint32_t)u), win ? GRUNDY_N : GRUNDY_P))
                dump(G, "play outcome", single[p], &u, 1);
        }
        /* The single-position rule of the table in grundy.h. */
        for (int u = 0; u < G->n; u++) {
            uint32_t v = num[u];
            int n_by_number = play == GRUNDY_PLAY_WTIA ? v == GRUNDY_SC || (v != GRUNDY_SP && v != 0)
                              : play == GRUNDY_PLAY_MISERE ? v != 0
                                                           : v % 2 == 1;
            CHECK_EQ(n_by_number, brute_win(G, single[p], &u, 1));
        }
    }
    /* Normal play and the misère numbers against the misère search. */
    CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK);
    for (int u = 0; u < G->n; u++) {
        uint32_t v;
        CHECK_EQ(grundy_graph_value(g, (uint32_t)u, &v), GRUNDY_OK);
        CHECK_EQ(v, G->value[u]);
    }
}

/* The numbers-only decision agrees with the graph's for the compounds that
 * numbers decide. */
static void check_numbers_decide(const game *G, grundy_graph *g, const int *pos, int c)
{
    static const int compounds[] = {GRUNDY_SUM_DISJUNCTIVE, GRUNDY_SUM_ANTI_SG, GRUNDY_SUM_WTIA,
                                    GRUNDY_SUM_CONJUNCTIVE, GRUNDY_SUM_CONTINUED,
                                    GRUNDY_SUM_SELECTIVE, GRUNDY_SUM_SHORTENED};
    uint32_t nodes[MAXC], numbers[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    for (size_t t = 0; t < sizeof compounds / sizeof compounds[0]; t++) {
        int compound = compounds[t];
        int bad[MAXN] = {0};
        if (compound == GRUNDY_SUM_ANTI_SG && !sj_holds(G, pos, c, bad))
            continue;
        int play = compound == GRUNDY_SUM_WTIA ? GRUNDY_PLAY_WTIA
                   : compound == GRUNDY_SUM_CONJUNCTIVE ? GRUNDY_PLAY_REMOTENESS
                   : compound == GRUNDY_SUM_SHORTENED ? GRUNDY_PLAY_REMOTENESS
                   : compound == GRUNDY_SUM_CONTINUED ? GRUNDY_PLAY_SUSPENSE
                                                      : GRUNDY_PLAY_NORMAL;
        int graph = grundy_graph_compound_outcome(g, compound, nodes, (size_t)c);
        const uint32_t *num = grundy_graph_play_values(g, play);
        if (!CHECK(num != NULL))
            continue;
        for (int i = 0; i < c; i++)
            numbers[i] = num[pos[i]];
        if (!CHECK_EQ(grundy_compound_outcome(compound, numbers, (size_t)c), graph))
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
 * parts of the test's list. */
static void check_move_order(const game *G, grundy_graph *g)
{
    if (!CHECK_EQ(grundy_graph_solve(g), GRUNDY_OK))
        return;
    for (int u = 0; u < G->n; u++) {
        uint32_t deg;
        CHECK_EQ(grundy_graph_degree(g, (uint32_t)u, &deg), GRUNDY_OK);
        CHECK_EQ(deg, G->nmoves[u]);
        for (int k = 0; k < G->nmoves[u]; k++) {
            const uint32_t *parts;
            uint32_t np;
            CHECK_EQ(grundy_graph_move(g, (uint32_t)u, (uint32_t)k, &parts, &np), GRUNDY_OK);
            if (!CHECK_EQ(np, G->nparts[u][k]))
                continue;
            for (uint32_t j = 0; j < np; j++)
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
#ifdef GRUNDY_SUM_TAME
        check_tame(G, g, pos, c, nim);
#else
        (void)nim;
#endif
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

static void check_mset(const game *G, grundy_graph *g, int compound, const int *pos, int c)
{
    int misere = compound == GRUNDY_SUM_MISERE;
    uint32_t nodes[MAXC], moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int v[MAXW];
    int k = mset_of(G, pos, c, v);
    int win = mset_win(G, v, k, misere);
    cases[compound]++;
    if (!CHECK_EQ(grundy_graph_compound_outcome(g, compound, nodes, (size_t)c),
                  win ? GRUNDY_N : GRUNDY_P))
        dump(G, "outcome (splits)", compound, pos, c);
    for (int i = 0; i < c; i++)
        moves[i] = 0xdeadbeefu;
    int found = grundy_graph_compound_move(g, compound, nodes, (size_t)c, moves);
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
    if (!CHECK_EQ(count, 1) || !CHECK(moves[which] < (uint32_t)G->nmoves[pos[which]])) {
        dump(G, "illegal move (splits)", compound, pos, c);
        return;
    }
    /* The sum after the move: component `which` becomes its parts. */
    int all[MAXC], w[MAXW + MAXPARTS];
    int m = 0;
    for (int i = 0; i < c; i++)
        if (i != which && !terminal(G, pos[i]))
            all[m++] = pos[i];
    sort_small(all, m);
    int u = pos[which], mv = (int)moves[which];
    int n2 = 0;
    for (int i = 0; i < m; i++)
        w[n2++] = all[i];
    for (int j = 0; j < G->nparts[u][mv]; j++)
        if (!terminal(G, G->part[u][mv][j]))
            w[n2++] = G->part[u][mv][j];
    sort_small(w, n2);
    if (!CHECK(!mset_win(G, w, n2, misere)))
        dump(G, "move does not win (splits)", compound, pos, c);
}

#ifdef GRUNDY_SUM_TAME
/* With splits too, the tame sum either refuses or agrees with the search. */
static void check_tame_mset(const game *G, grundy_graph *g, const int *pos, int c)
{
    uint32_t nodes[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    int got = grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, nodes, (size_t)c);
    if (got == GRUNDY_EINVAL)
        return;
    int v[MAXW];
    int k = mset_of(G, pos, c, v);
    if (!CHECK_EQ(got, mset_win(G, v, k, 1) ? GRUNDY_N : GRUNDY_P))
        dump(G, "tame outcome (splits)", GRUNDY_SUM_MISERE, pos, c);
}
#endif

/* Compounds other than the disjunctive and misère sums refuse split moves,
 * naming a node with one; so do the plays other than normal. */
static void check_split_refused(const game *G, grundy_graph *g, const int *pos, int c)
{
    uint32_t nodes[MAXC], moves[MAXC];
    for (int i = 0; i < c; i++)
        nodes[i] = (uint32_t)pos[i];
    for (int compound = GRUNDY_SUM_ANTI_SG; compound < NCOMPOUNDS; compound++) {
        if (!CHECK_EQ(grundy_graph_compound_outcome(g, compound, nodes, (size_t)c), GRUNDY_EINVAL))
            dump(G, "compound with splits not refused", compound, pos, c);
        long u = named_node(grundy_graph_errmsg(g));
        int has = 0;
        if (u >= 0 && u < G->n)
            for (int k = 0; k < G->nmoves[u]; k++)
                has |= G->nparts[u][k] != 1;
        if (!CHECK(has))
            fprintf(stderr, "  message: %s\n", grundy_graph_errmsg(g));
        CHECK_EQ(grundy_graph_compound_move(g, compound, nodes, (size_t)c, moves), GRUNDY_EINVAL);
    }
    static const int plays[4] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_REMOTENESS,
                                 GRUNDY_PLAY_SUSPENSE};
    for (int p = 0; p < 4; p++) {
        CHECK_EQ(grundy_graph_solve_play(g, plays[p]), GRUNDY_EINVAL);
        long u = named_node(grundy_graph_errmsg(g));
        CHECK(u >= 0 && u < G->n);
    }
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
            check_mset(&G, g, GRUNDY_SUM_DISJUNCTIVE, pos, c);
            check_mset(&G, g, GRUNDY_SUM_MISERE, pos, c);
#ifdef GRUNDY_SUM_TAME
            check_tame_mset(&G, g, pos, c);
#endif
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
    grundy_graph *g;
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    /* Nodes 0..3 are Nim heaps 0..3. */
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(add_nim_heaps(g, 4), GRUNDY_OK);
    /* Misère Nim: all heaps of size 1 -> N iff an even number of them. */
    uint32_t ones[3] = {1, 1, 1};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, ones, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, ones, 2), GRUNDY_N);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, ones, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, ones, 3), GRUNDY_P);
    /* 1, 2, 3: xor 0 with a heap above 1 -> P; 2, 3 -> N. */
    uint32_t h[3] = {1, 2, 3};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, h, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, h, 3), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, h + 1, 2), GRUNDY_N);
    /* The empty sum: lost under normal play, won under misère (no move, and
     * so compound_move finds none). */
    uint32_t mv[1] = {0};
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_DISJUNCTIVE, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, h, 0), GRUNDY_N);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, h, 0), GRUNDY_N);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_WTIA, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_CONTINUED, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_SELECTIVE, h, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_DISJUNCTIVE, NULL, 0), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_move(g, GRUNDY_SUM_MISERE, h, 0, mv), 0);
    CHECK_EQ(grundy_graph_compound_move(g, GRUNDY_SUM_DISJUNCTIVE, NULL, 0, NULL), 0);
    /* A finished heap alone: misère N (no move), normal P. */
    uint32_t zero = 0;
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, &zero, 1), GRUNDY_N);
    CHECK_EQ(grundy_graph_compound_move(g, GRUNDY_SUM_MISERE, &zero, 1, mv), 0);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_DISJUNCTIVE, &zero, 1), GRUNDY_P);
    /* WTIA: heap 1 is SC (take it and win); 2 + 2 is a number pair, xor 0. */
    uint32_t w;
    CHECK_EQ(grundy_graph_solve_play(g, GRUNDY_PLAY_WTIA), GRUNDY_OK);
    CHECK_EQ(grundy_graph_play_value(g, GRUNDY_PLAY_WTIA, 0, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SP);
    CHECK_EQ(grundy_graph_play_value(g, GRUNDY_PLAY_WTIA, 1, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SC);
    CHECK_EQ(grundy_graph_play_value(g, GRUNDY_PLAY_WTIA, 3, &w), GRUNDY_OK);
    CHECK_EQ(w, GRUNDY_SC);
    grundy_graph_free(g);

    /* Numbers-only: the table of grundy.h on hand-made numbers. */
    uint32_t a[3] = {1, 2, 3}, b[2] = {GRUNDY_SC, 0}, c2[2] = {GRUNDY_SP, 5};
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_DISJUNCTIVE, a, 3), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_DISJUNCTIVE, a, 2), GRUNDY_N);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_ANTI_SG, a, 3), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_ANTI_SG, a, 1), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_WTIA, b, 2), GRUNDY_N);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_WTIA, c2, 2), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_CONJUNCTIVE, a, 3), GRUNDY_N);  /* least 1 */
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_CONJUNCTIVE, a + 1, 2), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_CONTINUED, a, 3), GRUNDY_N);    /* most 3 */
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_CONTINUED, a, 2), GRUNDY_P);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_SELECTIVE, a, 3), GRUNDY_N);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_SELECTIVE, NULL, 0), GRUNDY_P);
}

/* Bad arguments, unknown compounds, the SJ precondition, split moves where
 * a compound forbids them, and cycles. */
static void test_errors(void)
{
    grundy_graph *g;
    uint32_t mv[3];
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 1), GRUNDY_OK);
    uint32_t ok[2] = {1, 0}, both[2] = {1, 2};
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        CHECK(grundy_graph_compound_outcome(g, compound, ok, 2) >= 0);
        /* A node out of range, in any component. */
        uint32_t bad[2] = {1, 3}, worse[2] = {UINT32_MAX, 0};
        CHECK_EQ(grundy_graph_compound_outcome(g, compound, bad, 2), GRUNDY_ERANGE);
        CHECK_EQ(grundy_graph_compound_outcome(g, compound, worse, 2), GRUNDY_ERANGE);
        CHECK_EQ(grundy_graph_compound_move(g, compound, bad, 2, mv), GRUNDY_ERANGE);
        /* NULL where a pointer is needed. */
        CHECK_EQ(grundy_graph_compound_outcome(NULL, compound, ok, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_compound_outcome(g, compound, NULL, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_compound_move(g, compound, ok, 2, NULL), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_compound_move(NULL, compound, ok, 2, mv), GRUNDY_EINVAL);
    }
    /* Unknown compounds. */
    static const int unknown[] = {-1, 64, 1000, -1000};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_EQ(grundy_graph_compound_outcome(g, unknown[i], ok, 2), GRUNDY_EINVAL);
        CHECK_EQ(grundy_graph_compound_move(g, unknown[i], ok, 2, mv), GRUNDY_EINVAL);
        CHECK_EQ(grundy_compound_outcome(unknown[i], ok, 2), GRUNDY_EINVAL);
    }
    /* Numbers do not decide the misère and loopy sums. */
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_MISERE, ok, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_LOOPY, ok, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_compound_outcome(GRUNDY_SUM_DISJUNCTIVE, NULL, 2), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve_play(g, 99), GRUNDY_EINVAL);
    CHECK_EQ(grundy_graph_solve_play(g, -1), GRUNDY_EINVAL);

    /* The SJ precondition: node 2 (value 0) has a move; from 1 alone it
     * holds (1 -> 0, 0 terminal). */
    uint32_t one = 1, two = 2;
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, &one, 1), GRUNDY_P);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_ANTI_SG, &two, 1), GRUNDY_EINVAL);
    CHECK(strstr(grundy_graph_errmsg(g), "node 2") != NULL);
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_MISERE, &two, 1), GRUNDY_N);

    /* A split move at node 3 (to 1 + 2): only disjunctive and misère sums. */
    uint32_t id;
    CHECK_EQ(grundy_graph_add_node(g, &id), GRUNDY_OK);
    CHECK_EQ(id, 3);
    CHECK_EQ(grundy_graph_add_split(g, 3, both, 2), GRUNDY_OK);
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        int rc = grundy_graph_compound_outcome(g, compound, &one, 1);
        if (compound == GRUNDY_SUM_DISJUNCTIVE || compound == GRUNDY_SUM_MISERE) {
            CHECK(rc == GRUNDY_P || rc == GRUNDY_N);
            continue;
        }
        CHECK_EQ(rc, GRUNDY_EINVAL);
        CHECK(strstr(grundy_graph_errmsg(g), "node 3") != NULL);
        CHECK_EQ(grundy_graph_compound_move(g, compound, &one, 1, mv), GRUNDY_EINVAL);
    }
    grundy_graph_free(g);

    /* A cycle: every compound but the loopy sum refuses it. */
    CHECK_EQ(grundy_graph_new(&g), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(g, 4, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 0, 1), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 1, 2), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 0), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_move(g, 2, 3), GRUNDY_OK);
    uint32_t cyc[2] = {0, 3};
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        CHECK_EQ(grundy_graph_compound_outcome(g, compound, cyc, 2), GRUNDY_ECYCLE);
        CHECK_EQ(grundy_graph_compound_move(g, compound, cyc, 2, mv), GRUNDY_ECYCLE);
    }
    static const int plays[4] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_REMOTENESS,
                                 GRUNDY_PLAY_SUSPENSE};
    for (int p = 0; p < 4; p++)
        CHECK_EQ(grundy_graph_solve_play(g, plays[p]), GRUNDY_ECYCLE);
#ifdef GRUNDY_SUM_TAME
    CHECK_EQ(grundy_graph_compound_outcome(g, GRUNDY_SUM_TAME, cyc, 2), GRUNDY_ECYCLE);
#endif
    int rc = grundy_graph_compound_outcome(g, GRUNDY_SUM_LOOPY, cyc, 2);
    CHECK(rc == GRUNDY_P || rc == GRUNDY_N || rc == GRUNDY_D);
    grundy_graph_free(g);
}

/* A move added by grundy_graph_add_split with one part is an ordinary move
 * (grundy.h: "one target is an ordinary move; several targets are a move
 * that splits"): every play and compound must take it as add_move's. */
static void test_one_part_split(void)
{
    grundy_graph *a, *b;
    CHECK_EQ(grundy_graph_new(&a), GRUNDY_OK);
    CHECK_EQ(grundy_graph_new(&b), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(a, 3, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_graph_add_nodes(b, 3, NULL), GRUNDY_OK);
    static const uint32_t from[3] = {1, 2, 2}, to[3] = {0, 1, 0};
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(grundy_graph_add_move(a, from[i], to[i]), GRUNDY_OK);
        CHECK_EQ(grundy_graph_add_split(b, from[i], &to[i], 1), GRUNDY_OK);
    }
    static const int plays[4] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_REMOTENESS,
                                 GRUNDY_PLAY_SUSPENSE};
    for (int p = 0; p < 4; p++) {
        CHECK_EQ(grundy_graph_solve_play(a, plays[p]), GRUNDY_OK);
        if (!CHECK_EQ(grundy_graph_solve_play(b, plays[p]), GRUNDY_OK))
            continue;
        for (uint32_t u = 0; u < 3; u++)
            CHECK_EQ(grundy_graph_play_values(b, plays[p])[u], grundy_graph_play_values(a, plays[p])[u]);
    }
    uint32_t nodes[2] = {2, 1}, ma[2], mb[2];
    for (int compound = 0; compound < NCOMPOUNDS; compound++) {
        CHECK_EQ(grundy_graph_compound_outcome(b, compound, nodes, 2),
                 grundy_graph_compound_outcome(a, compound, nodes, 2));
        CHECK_EQ(grundy_graph_compound_move(b, compound, nodes, 2, mb),
                 grundy_graph_compound_move(a, compound, nodes, 2, ma));
    }
    grundy_graph_free(a);
    grundy_graph_free(b);
}

int main(void)
{
    test_known();
    test_errors();
    test_one_part_split();
    test_random_single();
    test_random_splits();
    printf("cases per compound:");
    for (int c = 0; c < NCOMPOUNDS; c++)
        printf(" %s %lu", compound_name[c], cases[c]);
    printf("\n");
    for (int f = 0; f < nfailure; f++)
        fprintf(stderr, "failures: %lu x %s (compound %s)\n", failure[f].count, failure[f].what,
                failure[f].compound >= 0 ? compound_name[failure[f].compound] : "-");
    return harness_done();
}
