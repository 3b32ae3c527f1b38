/* Games described by rules: memoized, iterative Sprague-Grundy evaluation.
 *
 * Evaluation is a depth-first search with an explicit stack of frames.  A
 * frame's position and all its options live in one growing byte arena, in
 * frame order, so popping a frame frees its options by resetting the arena's
 * length.  Each option is stored as
 *     u32 nparts, then nparts times (position bytes, u32 value)
 * with every part canonicalised; the value slots are filled as the parts
 * become known, so the mex reads only the arena.  A position on the stack is
 * in the table as GRUNDY__BUSY: meeting it again is a cycle.
 *
 * The table stores every number plus 2 (mod 2^32): the w-numbers SP and SC
 * are the two largest 32-bit values, which the table reserves for itself. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "mex.h"
#include "play.h"
#include "sum.h"
#include "table.h"

#define MAX_POS_SIZE 65536u
#define PROGRESS_EVERY 65536u

typedef struct frame {
    size_t key;       /* arena offset of the position */
    size_t opt_end;   /* arena offset just past its options */
    size_t cur_opt;   /* arena offset of the option being scanned */
    uint32_t cur_part;
    uint32_t nopts;
} frame;

/* A growable byte buffer. */
typedef struct bytes {
    unsigned char *p;
    size_t len, cap;
} bytes;

struct grundy_options {
    grundy_game *game;
    bytes *out;       /* where options go */
    int canonical;    /* canonicalise parts as they are added */
    uint32_t count;
};

struct grundy_game {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    size_t size;
    grundy_moves_fn moves;
    grundy_moves_u64_fn moves_u64;
    void *user;
    grundy_canon_fn canon;
    int play;
    grundy_progress_fn progress;
    void *progress_user;
    size_t limit;

    grundy__table table;
    bytes arena;        /* frames' positions and options */
    bytes moves_buf;    /* options of a position whose winning move is sought */
    frame *frames;
    size_t nframes, cap_frames;
    unsigned char *pos; /* scratch position: the generator's argument, lookups */
    grundy__mex mex;
    uint64_t evaluated;
    char errmsg[160];
};

static int fail(grundy_game *g, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static int fail(grundy_game *g, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    return status;
}

static uint32_t stored(uint32_t number)
{
    return number + 2u;
}

static uint32_t number_of(uint32_t stored_value)
{
    return stored_value - 2u;
}

static size_t used_bytes(const grundy_game *g)
{
    return grundy__table_bytes(g->size, g->table.cap) + g->arena.cap + g->moves_buf.cap +
           g->cap_frames * sizeof(frame) + g->mex.bound * sizeof(uint32_t);
}

/* Grows a buffer for `more` bytes, within the game's memory cap. */
static int reserve_bytes(grundy_game *g, bytes *b, size_t more)
{
    if (more > SIZE_MAX - b->len)
        return GRUNDY_ELIMIT;
    size_t old = b->cap;
    if (b->len + more <= old)
        return GRUNDY_OK;
    int rc = grundy__reserve(&g->alloc, (void **)&b->p, &b->cap, b->len + more, 1);
    if (rc == GRUNDY_OK && g->limit != 0 && used_bytes(g) > g->limit)
        rc = GRUNDY_ELIMIT; /* keep the block; the cap is checked again next time */
    if (rc == GRUNDY_ELIMIT)
        fail(g, rc, "memory limit of %zu bytes reached with %zu positions stored, %zu moves deep",
             g->limit, g->table.count, g->nframes);
    return rc;
}

/* ---- creation ---------------------------------------------------------- */

static int game_new(grundy_game **out, size_t size, grundy_moves_fn moves,
                    grundy_moves_u64_fn moves_u64, void *user, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    if ((moves == NULL && moves_u64 == NULL) || size == 0 || size > MAX_POS_SIZE)
        return GRUNDY_EINVAL;
    int rc;
    grundy_game *g = (grundy_game *)grundy__handle_new(sizeof *g, alloc, &rc);
    if (g == NULL)
        return rc;
    const grundy_allocator a = g->alloc;
    g->size = size;
    g->moves = moves;
    g->moves_u64 = moves_u64;
    g->user = user;
    grundy__table_init(&g->table, size);
    g->pos = (unsigned char *)grundy__alloc_array(&a, size, 1);
    if (g->pos == NULL || grundy__mex_init(&g->mex, &a, 64) != GRUNDY_OK) {
        grundy_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

int grundy_game_new(grundy_game **out, size_t pos_size, grundy_moves_fn moves, void *user,
                    const grundy_allocator *alloc)
{
    if (moves == NULL) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_EINVAL;
    }
    return game_new(out, pos_size, moves, NULL, user, alloc);
}

int grundy_game_new_u64(grundy_game **out, grundy_moves_u64_fn moves, void *user,
                        const grundy_allocator *alloc)
{
    if (moves == NULL) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_EINVAL;
    }
    return game_new(out, sizeof(uint64_t), NULL, moves, user, alloc);
}

void grundy_game_free(grundy_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    grundy__table_free(&g->table, &a);
    grundy__free(&a, g->arena.p);
    grundy__free(&a, g->moves_buf.p);
    grundy__free(&a, g->frames);
    grundy__free(&a, g->pos);
    grundy__mex_free(&g->mex, &a);
    grundy__free(&a, g);
}

int grundy_game_set_canon(grundy_game *g, grundy_canon_fn canon)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->table.count != 0)
        return fail(g, GRUNDY_ESTATE, "the canonical form cannot change once positions are stored");
    g->canon = canon;
    return GRUNDY_OK;
}

int grundy_game_set_play(grundy_game *g, int play)
{
    if (g == NULL || play < GRUNDY_PLAY_NORMAL || play > GRUNDY_PLAY_SUSPENSE)
        return GRUNDY_EINVAL;
    if (g->table.count != 0)
        return fail(g, GRUNDY_ESTATE, "the play cannot change once positions are stored");
    g->play = play;
    return GRUNDY_OK;
}

void grundy_game_set_memory_limit(grundy_game *g, size_t bytes_cap)
{
    if (g != NULL)
        g->limit = bytes_cap;
}

void grundy_game_set_progress(grundy_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_game_stats(const grundy_game *g, uint64_t *positions, uint64_t *nbytes)
{
    if (positions != NULL)
        *positions = g ? g->table.count : 0;
    if (nbytes != NULL)
        *nbytes = g ? grundy__table_bytes(g->size, g->table.cap) : 0;
}

const char *grundy_game_errmsg(const grundy_game *g)
{
    return g ? g->errmsg : "";
}

/* ---- options ----------------------------------------------------------- */

int grundy_options_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    if (o == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
    grundy_game *g = o->game;
    size_t rec = g->size + sizeof(uint32_t);
    if (nparts > 1 && !grundy__play_splits(g->play))
        return fail(g, GRUNDY_EINVAL, "an option of %u parts, but this play needs options of at most one",
                    nparts);
    if (nparts > (SIZE_MAX - sizeof(uint32_t)) / rec)
        return GRUNDY_ELIMIT;
    int rc = reserve_bytes(g, o->out, sizeof(uint32_t) + (size_t)nparts * rec);
    if (rc != GRUNDY_OK)
        return rc;
    unsigned char *p = o->out->p + o->out->len;
    memcpy(p, &nparts, sizeof nparts);
    p += sizeof nparts;
    for (uint32_t i = 0; i < nparts; i++, p += rec) {
        memcpy(p, (const unsigned char *)parts + (size_t)i * g->size, g->size);
        if (o->canonical && g->canon != NULL)
            g->canon(g->user, p);
        uint32_t unknown = GRUNDY__EMPTY;
        memcpy(p + g->size, &unknown, sizeof unknown);
    }
    o->out->len = (size_t)(p - o->out->p);
    o->count++;
    return GRUNDY_OK;
}

int grundy_options_add_u64(grundy_options *o, const uint64_t *parts, uint32_t nparts)
{
    if (o != NULL && o->game->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    return grundy_options_add(o, parts, nparts);
}

/* Runs the move generator on g->pos, appending options to out. */
static int generate(grundy_game *g, bytes *out, int canonical, uint32_t *count)
{
    grundy_options o = {g, out, canonical, 0};
    int rc;
    if (g->moves_u64 != NULL) {
        uint64_t p;
        memcpy(&p, g->pos, sizeof p);
        rc = g->moves_u64(g->user, p, &o);
    } else {
        rc = g->moves(g->user, g->pos, &o);
    }
    if (rc > 0)
        rc = fail(g, GRUNDY_EINVAL, "the move generator returned %d", rc);
    else if (rc < 0 && g->errmsg[0] == '\0')
        fail(g, rc, "the move generator failed: %s", grundy_strerror(rc));
    *count = o.count;
    return rc;
}

/* ---- evaluation -------------------------------------------------------- */

static unsigned char *arena_at(const grundy_game *g, size_t off)
{
    return g->arena.p + off;
}

/* Pushes the position at g->pos (canonical, not in the table) as a frame:
 * marks it busy and generates its options. */
static int push(grundy_game *g)
{
    int rc = grundy__table_insert(&g->table, &g->alloc, g->pos, GRUNDY__BUSY, g->limit);
    if (rc == GRUNDY_ELIMIT)
        return fail(g, rc, "memory limit of %zu bytes reached with %zu positions stored",
                    g->limit, g->table.count);
    if (rc != GRUNDY_OK)
        return rc;
    if (g->nframes == g->cap_frames) {
        rc = grundy__reserve(&g->alloc, (void **)&g->frames, &g->cap_frames, g->nframes + 1,
                             sizeof *g->frames);
        if (rc == GRUNDY_OK && g->limit != 0 && used_bytes(g) > g->limit)
            rc = fail(g, GRUNDY_ELIMIT, "memory limit of %zu bytes reached %zu moves deep",
                      g->limit, g->nframes);
    }
    if (rc == GRUNDY_OK)
        rc = reserve_bytes(g, &g->arena, g->size);
    if (rc != GRUNDY_OK) {
        grundy__table_remove(&g->table, g->pos);
        return rc;
    }
    frame *f = &g->frames[g->nframes++];
    f->key = g->arena.len;
    memcpy(arena_at(g, f->key), g->pos, g->size);
    g->arena.len += g->size;
    f->cur_opt = g->arena.len;
    f->cur_part = 0;
    rc = generate(g, &g->arena, 1, &f->nopts);
    f->opt_end = g->arena.len;
    return rc; /* on failure the frame is unwound with the others */
}

static int ensure_mex(grundy_game *g, uint32_t nopts)
{
    size_t need = grundy__play_mex_bound(nopts);
    if (need <= g->mex.bound)
        return GRUNDY_OK;
    size_t bound = g->mex.bound;
    while (bound < need)
        bound *= 2;
    grundy__mex m;
    int rc = grundy__mex_init(&m, &g->alloc, bound);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__mex_free(&g->mex, &g->alloc);
    g->mex = m;
    return GRUNDY_OK;
}

/* The number of the top frame's position, its options' parts all known. */
static uint32_t frame_value(grundy_game *g, const frame *f)
{
    size_t rec = g->size + sizeof(uint32_t);
    grundy__acc acc;
    grundy__acc_begin(&acc, g->play, &g->mex);
    for (size_t off = f->key + g->size; off < f->opt_end;) {
        uint32_t np, x = grundy__play_finished(g->play), v;
        memcpy(&np, arena_at(g, off), sizeof np);
        off += sizeof np;
        for (uint32_t i = 0; i < np; i++, off += rec) {
            memcpy(&v, arena_at(g, off + g->size), sizeof v);
            x = i == 0 ? number_of(v) : grundy__play_join(g->play, x, number_of(v));
        }
        grundy__acc_add(&acc, x);
    }
    return grundy__acc_end(&acc);
}

/* Advances the top frame to its first part of unknown value, filling in the
 * values it passes.  Returns 1 with that part copied to g->pos, 0 when every
 * part is known, or a negative status (a cycle). */
static int next_unknown(grundy_game *g, frame *f)
{
    size_t rec = g->size + sizeof(uint32_t);
    while (f->cur_opt < f->opt_end) {
        uint32_t np;
        memcpy(&np, arena_at(g, f->cur_opt), sizeof np);
        for (; f->cur_part < np; f->cur_part++) {
            unsigned char *part = arena_at(g, f->cur_opt + sizeof np + (size_t)f->cur_part * rec);
            uint32_t v = grundy__table_get(&g->table, part);
            if (v == GRUNDY__EMPTY) {
                memcpy(g->pos, part, g->size);
                return 1;
            }
            if (v == GRUNDY__BUSY)
                return fail(g, GRUNDY_ECYCLE, "the rules lead from a position back to itself, %zu moves later",
                            g->nframes - 1);
            memcpy(part + g->size, &v, sizeof v);
        }
        f->cur_opt += sizeof np + (size_t)np * rec;
        f->cur_part = 0;
    }
    return 0;
}

/* Removes every frame still on the stack (their positions are busy). */
static void unwind(grundy_game *g)
{
    while (g->nframes > 0) {
        frame *f = &g->frames[--g->nframes];
        grundy__table_remove(&g->table, arena_at(g, f->key));
    }
    g->arena.len = 0;
}

/* Evaluates the canonical position in g->pos. */
static int evaluate(grundy_game *g, uint32_t *value)
{
    uint32_t known = grundy__table_get(&g->table, g->pos);
    if (known != GRUNDY__EMPTY && known != GRUNDY__BUSY) {
        *value = number_of(known);
        return GRUNDY_OK;
    }
    g->errmsg[0] = '\0';
    int rc = push(g);
    while (rc == GRUNDY_OK && g->nframes > 0) {
        frame *f = &g->frames[g->nframes - 1];
        rc = next_unknown(g, f);
        if (rc == 1) {
            rc = push(g);
            continue;
        }
        if (rc == GRUNDY_OK)
            rc = ensure_mex(g, f->nopts);
        if (rc != GRUNDY_OK)
            break;
        uint32_t v = frame_value(g, f);
        grundy__table_set(&g->table, arena_at(g, f->key), stored(v));
        g->arena.len = f->key;
        g->nframes--;
        *value = v;
        if (++g->evaluated % PROGRESS_EVERY == 0 && g->progress != NULL &&
            g->progress(g->progress_user, g->evaluated, 0) != 0)
            rc = fail(g, GRUNDY_ECANCELED, "canceled after %llu positions",
                      (unsigned long long)g->evaluated);
    }
    if (rc != GRUNDY_OK)
        unwind(g);
    return rc;
}

/* Copies pos to g->pos in canonical form. */
static void load(grundy_game *g, const void *pos)
{
    memcpy(g->pos, pos, g->size);
    if (g->canon != NULL)
        g->canon(g->user, g->pos);
}

int grundy_game_value(grundy_game *g, const void *pos, uint32_t *value)
{
    if (g == NULL || pos == NULL || value == NULL)
        return GRUNDY_EINVAL;
    load(g, pos);
    return evaluate(g, value);
}

int grundy_game_value_u64(grundy_game *g, uint64_t pos, uint32_t *value)
{
    if (g != NULL && g->size != sizeof pos)
        return GRUNDY_EINVAL;
    return grundy_game_value(g, &pos, value);
}

int grundy_game_outcome(grundy_game *g, const void *pos)
{
    uint32_t v;
    int rc = grundy_game_value(g, pos, &v);
    return rc != GRUNDY_OK ? rc : grundy__play_outcome(g->play, v);
}

/* ---- sums -------------------------------------------------------------- */

int grundy_game_sum_value(grundy_game *g, const void *positions, size_t n, uint32_t *value)
{
    if (g == NULL || (positions == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    if (g->play != GRUNDY_PLAY_NORMAL)
        return fail(g, GRUNDY_EINVAL, "sums by value are for normal play; use grundy_compound_outcome");
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = 0; /* set by the call; initialised for compilers that cannot see it */
        int rc = grundy_game_value(g, (const unsigned char *)positions + i * g->size, &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    *value = x;
    return GRUNDY_OK;
}

typedef struct game_positions {
    grundy_game *game;
    const unsigned char *positions;
} game_positions;

/* Components were all evaluated, so each lookup hits. */
static uint64_t component_value(const void *ctx, size_t i)
{
    const game_positions *gp = (const game_positions *)ctx;
    grundy_game *g = gp->game;
    load(g, gp->positions + i * g->size);
    uint32_t v = grundy__table_get(&g->table, g->pos);
    return v != GRUNDY__EMPTY ? number_of(v) : 0;
}

/* Among the options (raw, as generated) in g->moves_buf, the first whose
 * value is target: its offset, or SIZE_MAX.  Evaluates parts as needed. */
static int find_option(grundy_game *g, uint64_t target, size_t *found)
{
    size_t rec = g->size + sizeof(uint32_t);
    *found = SIZE_MAX;
    for (size_t off = 0; off < g->moves_buf.len;) {
        uint32_t np, x = 0;
        memcpy(&np, g->moves_buf.p + off, sizeof np);
        for (uint32_t i = 0; i < np; i++) {
            uint32_t v;
            load(g, g->moves_buf.p + off + sizeof np + (size_t)i * rec);
            int rc = evaluate(g, &v);
            if (rc != GRUNDY_OK)
                return rc;
            x ^= v;
        }
        if (x == target) {
            *found = off;
            return GRUNDY_OK;
        }
        off += sizeof np + (size_t)np * rec;
    }
    return GRUNDY_OK;
}

int grundy_game_sum_winning_move(grundy_game *g, const void *positions, size_t n,
                                 size_t *component, void *parts, uint32_t cap, uint32_t *nparts)
{
    if (g == NULL || component == NULL || nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    uint32_t s;
    int rc = grundy_game_sum_value(g, positions, n, &s);
    if (rc != GRUNDY_OK)
        return rc;
    game_positions gp = {g, (const unsigned char *)positions};
    uint64_t target;
    if (!grundy__sum_move(&gp, n, component_value, component, &target))
        return 0;
    /* Generate the options of the component as given, so the move returned
     * is a real move from the caller's position, not from its canonical form. */
    memcpy(g->pos, gp.positions + *component * g->size, g->size);
    g->moves_buf.len = 0;
    uint32_t count;
    rc = generate(g, &g->moves_buf, 0, &count);
    size_t off = SIZE_MAX;
    if (rc == GRUNDY_OK)
        rc = find_option(g, target, &off);
    if (rc != GRUNDY_OK)
        return rc;
    if (off == SIZE_MAX)
        return fail(g, GRUNDY_EINVAL, "the move generator gave different options for the same position");
    size_t rec = g->size + sizeof(uint32_t);
    memcpy(nparts, g->moves_buf.p + off, sizeof *nparts);
    for (uint32_t i = 0; i < *nparts && i < cap; i++)
        memcpy((unsigned char *)parts + (size_t)i * g->size,
               g->moves_buf.p + off + sizeof(uint32_t) + (size_t)i * rec, g->size);
    return 1;
}

int grundy_game_sum_winning_move_u64(grundy_game *g, const uint64_t *positions, size_t n,
                                     size_t *component, uint64_t *parts, uint32_t cap,
                                     uint32_t *nparts)
{
    if (g != NULL && g->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    return grundy_game_sum_winning_move(g, positions, n, component, parts, cap, nparts);
}
