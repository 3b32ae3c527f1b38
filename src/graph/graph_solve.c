/* Acyclic plays on a game graph: every play's numbers by one iterative
 * depth-first search, and the normal-play queries that read them. */
#include <string.h>

#include "core/sum.h"
#include "graph/graph.h"

/* DFS state per node, in one array: 0 = not reached; DONE = number known;
 * otherwise the node is on the stack and state - 1 is the index of the next
 * token of its stream to look at. */
#define STATE_DONE UINT32_MAX

typedef struct solve_ctx {
    grundy_graph *g;
    int play;
    uint32_t *state;
    uint32_t *stack;
    uint32_t *num;
    uint32_t *order;  /* when set: nodes in the order they finish */
    grundy__mex mex;
    uint32_t done;
} solve_ctx;

static uint32_t node_number(solve_ctx *c, uint32_t u)
{
    grundy__moves it = grundy__moves_of(c->g, u);
    const uint32_t *parts;
    uint32_t np;
    grundy__acc acc;
    grundy__acc_begin(&acc, c->play, &c->mex);
    while (grundy__moves_next(&it, &parts, &np)) {
        uint32_t x = np == 0 ? grundy__play_finished(c->play) : c->num[parts[0]];
        for (uint32_t i = 1; i < np; i++)
            x = grundy__play_join(c->play, x, c->num[parts[i]]);
        grundy__acc_add(&acc, x);
    }
    return grundy__acc_end(&acc);
}

/* Finishes u: its children are all done.  Returns nonzero to cancel. */
static int finish(solve_ctx *c, uint32_t u)
{
    c->num[u] = node_number(c, u);
    c->state[u] = STATE_DONE;
    if (c->order != NULL)
        c->order[c->done] = u;
    if (++c->done % GRUNDY__PROGRESS_EVERY == 0)
        return grundy__graph_report(c->g, c->done, c->g->n);
    return 0;
}

/* Depth-first search from root; parts of split moves are children too. */
static int search(solve_ctx *c, uint32_t root)
{
    const grundy_graph *g = c->g;
    size_t sp = 0;
    c->stack[sp++] = root;
    c->state[root] = 1;
    while (sp > 0) {
        uint32_t u = c->stack[sp - 1];
        const uint32_t *t = g->tok + g->off[u];
        uint32_t len = (uint32_t)(g->off[u + 1] - g->off[u]);
        uint32_t i = c->state[u] - 1;
        for (; i < len; i++) {
            uint32_t v = t[i];
            if ((v & GRUNDY__SPLIT) || c->state[v] == STATE_DONE)
                continue;
            if (c->state[v] != 0) {
                c->g->cycle_node = v;
                return GRUNDY_ECYCLE;
            }
            break;
        }
        if (i < len) {
            /* Resume at the same token: by then its node is done and skipped. */
            c->state[u] = i + 1;
            c->state[t[i]] = 1;
            c->stack[sp++] = t[i];
            continue;
        }
        sp--;
        if (finish(c, u))
            return GRUNDY_ECANCELED;
    }
    return GRUNDY_OK;
}

static void solve_ctx_free(solve_ctx *c)
{
    grundy__free(&c->g->alloc, c->state);
    grundy__free(&c->g->alloc, c->stack);
    grundy__free(&c->g->alloc, c->num);
    grundy__mex_free(&c->mex, &c->g->alloc);
}

/* The search for play; with order set, also the finishing order (every node
 * after all the nodes its moves lead to).  Keeps the numbers if asked to. */
static int run_search(grundy_graph *g, int play, uint32_t *order, int keep)
{
    g->errmsg[0] = '\0';
    g->has_cycle = 0;
    int rc = grundy__graph_compact(g);
    if (rc == GRUNDY_OK && !grundy__play_splits(play))
        rc = grundy__graph_require_no_splits(g, "this play needs moves to single positions");
    if (rc != GRUNDY_OK)
        return rc;
    solve_ctx c = {g, play, NULL, NULL, NULL, order, {NULL, 0, 0}, 0};
    c.num = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *c.num);
    rc = grundy__mex_init(&c.mex, &g->alloc, grundy__play_mex_bound(g->max_degree));
    if (play == GRUNDY_PLAY_NORMAL && !g->has_splits && order == NULL) {
        if (rc == GRUNDY_OK && c.num == NULL)
            rc = GRUNDY_ENOMEM;
        if (rc == GRUNDY_OK)
            rc = grundy__graph_search_normal(g, c.num, &c.mex);
    } else {
        c.state = (uint32_t *)grundy__calloc_array(&g->alloc, g->n, sizeof *c.state);
        c.stack = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *c.stack);
        if (c.state == NULL || c.stack == NULL || c.num == NULL)
            rc = GRUNDY_ENOMEM;
        for (uint32_t u = 0; rc == GRUNDY_OK && u < g->n; u++) {
            if (c.state[u] == 0)
                rc = search(&c, u);
        }
    }
    if (rc == GRUNDY_ECYCLE) {
        g->has_cycle = 1;
        grundy__graph_fail(g, rc, "the graph has a cycle through node %u", g->cycle_node);
    }
    if (rc == GRUNDY_OK && keep) {
        g->num[play] = c.num;
        c.num = NULL;
    }
    solve_ctx_free(&c);
    return rc;
}

int grundy__graph_solve_acyclic(grundy_graph *g, int play)
{
    if (g->num[play] != NULL)
        return GRUNDY_OK; /* solved, and unchanged since: any change drops it */
    return run_search(g, play, NULL, 1);
}

int grundy__graph_postorder(grundy_graph *g, uint32_t *order)
{
    return run_search(g, GRUNDY__PLAY_WIDTH, order, 0);
}

int grundy_graph_solve(grundy_graph *g)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    return rc == GRUNDY_OK ? grundy__graph_solve_acyclic(g, GRUNDY_PLAY_NORMAL) : rc;
}

int grundy_graph_solve_play(grundy_graph *g, int play)
{
    if (g == NULL || play < GRUNDY_PLAY_NORMAL || play > GRUNDY_PLAY_LOOPY)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (play == GRUNDY_PLAY_LOOPY)
        return grundy__graph_solve_loopy(g);
    return grundy__graph_solve_acyclic(g, play);
}

int grundy_graph_cycle_node(const grundy_graph *g, uint32_t *node)
{
    if (g == NULL || node == NULL)
        return GRUNDY_EINVAL;
    if (!g->has_cycle)
        return GRUNDY_ESTATE;
    *node = g->cycle_node;
    return GRUNDY_OK;
}

int grundy__graph_check_play_node(const grundy_graph *g, int play, uint32_t node)
{
    if (g == NULL || play < 0 || play > GRUNDY_PLAY_LOOPY)
        return GRUNDY_EINVAL;
    if (g->num[play] == NULL)
        return GRUNDY_ESTATE;
    return node < g->n ? GRUNDY_OK : GRUNDY_ERANGE;
}

int grundy__graph_check_node(const grundy_graph *g, uint32_t node)
{
    return grundy__graph_check_play_node(g, GRUNDY_PLAY_NORMAL, node);
}

int grundy_graph_value(const grundy_graph *g, uint32_t node, uint32_t *value)
{
    int rc = grundy__graph_check_node(g, node);
    if (rc == GRUNDY_OK && value == NULL)
        rc = GRUNDY_EINVAL;
    if (rc == GRUNDY_OK)
        *value = g->num[GRUNDY_PLAY_NORMAL][node];
    return rc;
}

const uint32_t *grundy_graph_values(const grundy_graph *g)
{
    return g ? g->num[GRUNDY_PLAY_NORMAL] : NULL;
}

int grundy_graph_outcome(const grundy_graph *g, uint32_t node)
{
    int rc = grundy__graph_check_node(g, node);
    if (rc != GRUNDY_OK)
        return rc;
    return g->num[GRUNDY_PLAY_NORMAL][node] ? GRUNDY_N : GRUNDY_P;
}

/* Moves can be read once they are merged (by any solve), whatever the play. */
static int check_moves_node(const grundy_graph *g, uint32_t node)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->off == NULL || g->npend != 0 || g->n_csr != g->n)
        return GRUNDY_ESTATE;
    return node < g->n ? GRUNDY_OK : GRUNDY_ERANGE;
}

int grundy_graph_degree(const grundy_graph *g, uint32_t node, uint32_t *degree)
{
    int rc = check_moves_node(g, node);
    if (rc == GRUNDY_OK && degree == NULL)
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t len = g->off[node + 1] - g->off[node];
    if (!g->has_splits) {
        *degree = (uint32_t)len;
        return GRUNDY_OK;
    }
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np, d = 0;
    while (grundy__moves_next(&it, &parts, &np))
        d++;
    *degree = d;
    return GRUNDY_OK;
}

int grundy_graph_move(const grundy_graph *g, uint32_t node, uint32_t k,
                      const uint32_t **parts, uint32_t *nparts)
{
    int rc = check_moves_node(g, node);
    if (rc == GRUNDY_OK && (parts == NULL || nparts == NULL))
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    grundy__moves it = grundy__moves_of(g, node);
    if (!g->has_splits) {
        /* Without splits, tokens are moves: O(1). */
        if (k >= (uint64_t)(it.end - it.p))
            return GRUNDY_ERANGE;
        *parts = it.p + k;
        *nparts = 1;
        return GRUNDY_OK;
    }
    for (uint32_t i = 0; grundy__moves_next(&it, parts, nparts); i++) {
        if (i == k)
            return GRUNDY_OK;
    }
    return GRUNDY_ERANGE;
}

int grundy_graph_winning_moves(const grundy_graph *g, uint32_t node, uint32_t *moves,
                               size_t cap, size_t *count)
{
    int rc = grundy__graph_check_node(g, node);
    if (rc == GRUNDY_OK && (count == NULL || (moves == NULL && cap > 0)))
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    size_t found = 0;
    for (uint32_t k = 0; grundy__moves_next(&it, &parts, &np); k++) {
        if (grundy__parts_value(g->num[GRUNDY_PLAY_NORMAL], parts, np) != 0)
            continue;
        if (found < cap)
            moves[found] = k;
        found++;
    }
    *count = found;
    return GRUNDY_OK;
}

static int check_nodes(const grundy_graph *g, const uint32_t *nodes, size_t n)
{
    if (g == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    if (g->num[GRUNDY_PLAY_NORMAL] == NULL)
        return GRUNDY_ESTATE;
    for (size_t i = 0; i < n; i++) {
        if (nodes[i] >= g->n)
            return GRUNDY_ERANGE;
    }
    return GRUNDY_OK;
}

int grundy_graph_sum_value(const grundy_graph *g, const uint32_t *nodes, size_t n,
                           uint32_t *value)
{
    int rc = check_nodes(g, nodes, n);
    if (rc == GRUNDY_OK && value == NULL)
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++)
        x ^= g->num[GRUNDY_PLAY_NORMAL][nodes[i]];
    *value = x;
    return GRUNDY_OK;
}

typedef struct graph_positions {
    const grundy_graph *g;
    const uint32_t *nodes;
} graph_positions;

static uint64_t position_value(const void *ctx, size_t i)
{
    const graph_positions *p = (const graph_positions *)ctx;
    return p->g->num[GRUNDY_PLAY_NORMAL][p->nodes[i]];
}

int grundy_graph_sum_winning_move(const grundy_graph *g, const uint32_t *nodes, size_t n,
                                  size_t *component, uint32_t *move)
{
    int rc = check_nodes(g, nodes, n);
    if (rc == GRUNDY_OK && (component == NULL || move == NULL))
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    graph_positions pos = {g, nodes};
    uint64_t target;
    if (!grundy__sum_move(&pos, n, position_value, component, &target))
        return 0;
    /* The mex property: a node of value v has a move to every value below v. */
    *move = grundy__graph_move_to_value(g, nodes[*component], (uint32_t)target);
    return *move != GRUNDY_NO_MOVE;
}

uint32_t grundy__graph_move_to_value(const grundy_graph *g, uint32_t node, uint32_t target)
{
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    for (uint32_t k = 0; grundy__moves_next(&it, &parts, &np); k++) {
        if (grundy__parts_value(g->num[GRUNDY_PLAY_NORMAL], parts, np) == target)
            return k;
    }
    return GRUNDY_NO_MOVE;
}
