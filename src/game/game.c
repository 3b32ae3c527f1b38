/* Games described by rules: memoized, iterative Sprague-Grundy evaluation.
 *
 * Evaluation is a depth-first search with an explicit stack of frames.  The
 * options of the frames live in one growing list, in frame order, so popping
 * a frame frees its options by cutting the list.  The list keeps every part
 * (component position) of every option as a record: the position's canonical
 * bytes, a u32 value and a u32 slot hint (grundy__table_claim_all's record);
 * and apart from them each option's number of parts.  A frame's position is
 * a part of the frame below it.
 *
 * All the parts of a new frame are looked up in one batch, and those not in
 * the table are put there at once as PENDING ("to be evaluated"), each
 * record keeping the slot its position is in.  So when the search comes
 * back to a part, one read at its slot says whether a sibling's search has
 * evaluated it meanwhile, and claiming it for the stack is a write there; a
 * part is hashed and probed again only if the table has grown since.  A
 * position on the stack is in the table as GRUNDY__BUSY: meeting it again is
 * a cycle.  The value slots of the records are filled as the parts become
 * known, and a frame's value goes straight into its part below, so the mex
 * reads only the list.
 *
 * The table stores every number plus 2 (mod 2^32): the w-numbers SP and SC
 * are the two largest 32-bit values, and the three below them are the
 * table's and the search's codes, so numbers up to 2^32 - 6 are stored (a
 * mex that large would need more options than memory holds). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/mex.h"
#include "core/sum.h"
#include "core/table.h"
#include "play/play.h"

#define MAX_POS_SIZE 65536u
#define PROGRESS_EVERY 65536u
#define PENDING (GRUNDY__BUSY - 1) /* in the table: claimed by a part, not yet searched */

/* What follows a new record's position: no value yet, no slot hint. */
static const uint32_t unknown[2] = {GRUNDY__EMPTY, GRUNDY__HINT_NONE};

typedef struct frame {
    size_t key;       /* parts offset of the position: a part of the frame below */
    size_t parts;     /* parts offset of its first option's first part */
    size_t counts;    /* counts offset of its first option */
    size_t cur;       /* parts offset of the part being scanned */
    size_t slot;      /* where the table holds the position (a hint) */
} frame;

/* A growable byte buffer. */
typedef struct bytes {
    unsigned char *p;
    size_t len, cap;
} bytes;

/* Options as generated: the records of their parts, and each one's count
 * of parts (a u32).  A frame's options run to the end of both. */
typedef struct optlist {
    bytes parts;
    bytes counts;
} optlist;

struct grundy_options {
    grundy_game *game;
    optlist *out;          /* where options go */
    grundy_canon_fn canon; /* applied to each part as it is added, or NULL */
};

struct grundy_game {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    size_t size;
    size_t rec;         /* bytes of a part's record: size + 8 */
    size_t max_parts;   /* the most parts an option can have in memory */
    grundy_moves_fn moves;
    grundy_moves_u64_fn moves_u64;
    void *user;
    grundy_canon_fn canon;
    int play;
    grundy_progress_fn progress;
    void *progress_user;
    size_t limit;
    int inside;         /* a call is evaluating: its callbacks may not call in */

    grundy__table table;
    size_t pending;     /* of table.count: options claimed, not yet searched */
    optlist opts;       /* the frames' options, after the first position */
    optlist sought;     /* options of a position whose winning move is sought */
    frame *frames;
    size_t nframes, cap_frames;
    unsigned char *pos; /* scratch position: the generator's argument, lookups */
    grundy__mex mex;
    uint64_t evaluated;
    char errmsg[160];
};

/* Positions are copied often; eight bytes (the uint64_t games) as one word. */
static void copy_pos(const grundy_game *g, void *dst, const void *src)
{
    if (g->size == sizeof(uint64_t))
        memcpy(dst, src, sizeof(uint64_t));
    else
        memcpy(dst, src, g->size);
}

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

/* The positions in the table but for the options claimed by the search
 * under way (which a failure removes). */
static size_t stored_count(const grundy_game *g)
{
    return g->table.count - g->pending;
}

static size_t used_bytes(const grundy_game *g)
{
    return grundy__table_bytes(g->size, g->table.cap) + g->opts.parts.cap + g->opts.counts.cap +
           g->sought.parts.cap + g->sought.counts.cap + g->cap_frames * sizeof(frame) +
           g->mex.bound * sizeof(uint32_t);
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
             g->limit, stored_count(g), g->nframes);
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
    g->rec = size + 2 * sizeof(uint32_t);
    g->max_parts = SIZE_MAX / g->rec;
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
    grundy__free(&a, g->opts.parts.p);
    grundy__free(&a, g->opts.counts.p);
    grundy__free(&a, g->sought.parts.p);
    grundy__free(&a, g->sought.counts.p);
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
        *positions = g ? stored_count(g) : 0;
    if (nbytes != NULL)
        *nbytes = g ? grundy__table_bytes(g->size, g->table.cap) : 0;
}

const char *grundy_game_errmsg(const grundy_game *g)
{
    return g ? g->errmsg : "";
}

/* ---- options ----------------------------------------------------------- */

/* Makes room in o for an option of nparts parts, checking it is allowed. */
static int make_room_slowly(grundy_options *o, uint32_t nparts)
{
    grundy_game *g = o->game;
    if (nparts > 1 && !grundy__play_splits(g->play))
        return fail(g, GRUNDY_EINVAL, "an option of %u parts, but this play needs options of at most one",
                    nparts);
    if (nparts > g->max_parts)
        return GRUNDY_ELIMIT;
    int rc = reserve_bytes(g, &o->out->parts, (size_t)nparts * g->rec);
    return rc == GRUNDY_OK ? reserve_bytes(g, &o->out->counts, sizeof nparts) : rc;
}

/* Whether out has room for one more option of one part of rec bytes. */
static int has_room(const optlist *out, size_t rec)
{
    return out->parts.cap - out->parts.len >= rec &&
           out->counts.cap - out->counts.len >= sizeof(uint32_t);
}

static int make_room(grundy_options *o, uint32_t nparts)
{
    if (nparts <= 1 && has_room(o->out, o->game->rec))
        return GRUNDY_OK;
    return make_room_slowly(o, nparts);
}

/* Canonicalises the n part records starting at p. */
static void canonicalise(const grundy_options *o, unsigned char *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++, p += o->game->rec)
        o->canon(o->game->user, p);
}

/* p + off, where p may be NULL (a buffer not yet allocated, off 0): the
 * sum itself would be undefined behaviour. */
static unsigned char *offset(unsigned char *p, size_t off)
{
    return p != NULL ? p + off : p;
}

/* Appends an option, its room made (none for an option of no parts). */
static void append(grundy_options *o, const void *parts, uint32_t nparts)
{
    const grundy_game *g = o->game;
    bytes *out = &o->out->parts, *counts = &o->out->counts;
    unsigned char *first = offset(out->p, out->len);
    for (uint32_t i = 0; i < nparts; i++) {
        unsigned char *p = first + (size_t)i * g->rec;
        copy_pos(g, p, (const unsigned char *)parts + (size_t)i * g->size);
        memcpy(p + g->size, unknown, sizeof unknown);
    }
    out->len += (size_t)nparts * g->rec;
    memcpy(counts->p + counts->len, &nparts, sizeof nparts);
    counts->len += sizeof nparts;
    if (o->canon != NULL)
        canonicalise(o, first, nparts);
}

int grundy_options_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    if (o == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
    int rc = make_room(o, nparts);
    if (rc == GRUNDY_OK)
        append(o, parts, nparts);
    return rc;
}

/* The usual option of a uint64_t game, one part and nothing to canonicalise,
 * appended without the general loop. */
static int add_word(grundy_options *o, const uint64_t *part)
{
    optlist *out = o->out;
    const uint32_t one = 1;
    unsigned char *p = out->parts.p + out->parts.len;
    memcpy(p, part, sizeof *part);
    memcpy(p + sizeof *part, unknown, sizeof unknown);
    out->parts.len += sizeof *part + sizeof unknown;
    memcpy(out->counts.p + out->counts.len, &one, sizeof one);
    out->counts.len += sizeof one;
    return GRUNDY_OK;
}

int grundy_options_add_u64(grundy_options *o, const uint64_t *parts, uint32_t nparts)
{
    if (o == NULL)
        return GRUNDY_EINVAL;
    if (o->game->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    /* Generators call this once per option: the usual option takes no call. */
    if (nparts == 1 && parts != NULL && o->canon == NULL && has_room(o->out, o->game->rec))
        return add_word(o, parts);
    return grundy_options_add(o, parts, nparts);
}

/* Makes room in o for n options of one part each, checked once for the lot. */
static int make_room_each(grundy_options *o, size_t n)
{
    grundy_game *g = o->game;
    if (n > g->max_parts)
        return GRUNDY_ELIMIT;
    int rc = reserve_bytes(g, &o->out->parts, n * g->rec);
    return rc == GRUNDY_OK ? reserve_bytes(g, &o->out->counts, n * sizeof(uint32_t)) : rc;
}

int grundy_options_add_each(grundy_options *o, const void *positions, size_t n)
{
    if (o == NULL || (positions == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = make_room_each(o, n);
    if (rc != GRUNDY_OK)
        return rc;
    const unsigned char *p = (const unsigned char *)positions;
    for (size_t i = 0; i < n; i++, p += o->game->size)
        append(o, p, 1);
    return GRUNDY_OK;
}

int grundy_options_add_each_u64(grundy_options *o, const uint64_t *positions, size_t n)
{
    if (o == NULL || o->game->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    if (positions == NULL || o->canon != NULL)
        return grundy_options_add_each(o, positions, n);
    int rc = make_room_each(o, n);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        add_word(o, &positions[i]);
    return GRUNDY_OK;
}

/* Runs the move generator on g->pos, appending options to out. */
static int generate(grundy_game *g, optlist *out, int canonical)
{
    grundy_options o = {g, out, canonical ? g->canon : NULL};
    int rc;
    g->errmsg[0] = '\0'; /* what the options say, if they fail, is more precise */
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
    return rc;
}

/* ---- evaluation -------------------------------------------------------- */

static unsigned char *part_at(const grundy_game *g, size_t off)
{
    return offset(g->opts.parts.p, off);
}

static void set_part_value(grundy_game *g, size_t off, uint32_t v)
{
    grundy__slot_set_value(part_at(g, off), g->size, v);
}

static int cycle(grundy_game *g)
{
    return fail(g, GRUNDY_ECYCLE, "the rules lead from a position back to itself, %zu moves later",
                g->nframes - 1);
}

static int table_full(grundy_game *g)
{
    return fail(g, GRUNDY_ELIMIT, "memory limit of %zu bytes reached with %zu positions stored",
                g->limit, stored_count(g));
}

/* Pushes the position at parts offset key, which the table holds as busy
 * in slot `slot`, as a frame; generates its options and claims them (see the
 * top of the file).  A failure before the frame exists frees the position's
 * slot; after, the frame is unwound with the others. */
static int push(grundy_game *g, size_t key, size_t slot)
{
    int rc = GRUNDY_OK;
    if (g->nframes == g->cap_frames) {
        rc = grundy__reserve(&g->alloc, (void **)&g->frames, &g->cap_frames, g->nframes + 1,
                             sizeof *g->frames);
        if (rc == GRUNDY_OK && g->limit != 0 && used_bytes(g) > g->limit)
            rc = fail(g, GRUNDY_ELIMIT, "memory limit of %zu bytes reached %zu moves deep",
                      g->limit, g->nframes);
    }
    copy_pos(g, g->pos, part_at(g, key));
    if (rc != GRUNDY_OK) {
        grundy__table_remove(&g->table, g->pos);
        return rc;
    }
    frame *f = &g->frames[g->nframes++];
    f->key = key;
    f->slot = slot;
    f->parts = f->cur = g->opts.parts.len;
    f->counts = g->opts.counts.len;
    rc = generate(g, &g->opts, 1);
    if (rc == GRUNDY_OK) {
        size_t claimed;
        rc = grundy__table_claim_all(&g->table, &g->alloc, part_at(g, f->parts),
                                     (g->opts.parts.len - f->parts) / g->rec, g->rec, PENDING,
                                     g->limit, &claimed);
        g->pending += claimed;
        if (rc == GRUNDY_ELIMIT)
            rc = table_full(g);
    }
    return rc;
}

static int ensure_mex(grundy_game *g, size_t nopts)
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

/* The number of the top frame's position, its options' parts all known.
 * (Loop bounds are read once: the mex's stores could alias them.) */
static uint32_t frame_value(grundy_game *g, const frame *f)
{
    const int play = g->play;
    const size_t rec = g->rec, size = g->size;
    const unsigned char *part = part_at(g, f->parts);
    const unsigned char *count = offset(g->opts.counts.p, f->counts);
    const unsigned char *end = offset(g->opts.counts.p, g->opts.counts.len);
    const uint32_t finished = grundy__play_finished(play);
    grundy__acc acc;
    grundy__acc_begin(&acc, play, &g->mex);
    for (; count < end; count += sizeof(uint32_t)) {
        uint32_t np, x = finished;
        memcpy(&np, count, sizeof np);
        for (uint32_t i = 0; i < np; i++, part += rec) {
            uint32_t v = number_of(grundy__slot_value(part, size));
            x = i == 0 ? v : grundy__play_join(play, x, v);
        }
        grundy__acc_add(&acc, x);
    }
    return grundy__acc_end(&acc);
}

/* Advances the top frame to its first part not yet evaluated, filling in
 * the values found since it was pushed.  Returns 1 when it stops at such a
 * part, which the table then holds as busy in *slot; 0 when every part is
 * known; or GRUNDY_ECYCLE. */
static int next_unknown(grundy_game *g, frame *f, size_t *slot)
{
    const size_t end = g->opts.parts.len, size = g->size;
    for (; f->cur < end; f->cur += g->rec) {
        const unsigned char *r = part_at(g, f->cur);
        uint32_t v = grundy__slot_value(r, size);
        if (v < PENDING)
            continue; /* a number, known when claimed or handed up by its frame */
        /* Claimed, so in the table: a claim leaves it only when an
         * evaluation fails, and then the whole stack is unwound. */
        v = grundy__table_value_at(&g->table, r, grundy__record_hint(r, size), slot);
        if (v == GRUNDY__BUSY)
            return cycle(g);
        if (v == PENDING) {
            grundy__table_set_at(&g->table, r, GRUNDY__BUSY, *slot);
            g->pending--;
            return 1;
        }
        set_part_value(g, f->cur, v);
    }
    return 0;
}

/* Removes every frame still on the stack (their positions are busy) and
 * every claim of a part not yet searched. */
static void unwind(grundy_game *g)
{
    for (size_t off = 0; off < g->opts.parts.len; off += g->rec) {
        const unsigned char *r = part_at(g, off);
        size_t slot;
        if (grundy__slot_value(r, g->size) == PENDING &&
            grundy__table_value_at(&g->table, r, grundy__record_hint(r, g->size), &slot) == PENDING)
            grundy__table_remove(&g->table, r);
    }
    g->pending = 0;
    while (g->nframes > 0) {
        frame *f = &g->frames[--g->nframes];
        grundy__table_remove(&g->table, part_at(g, f->key));
    }
}

/* Stores the value of the top frame's position, pops it and hands the value
 * to the part it is of in the frame below (or to *value, for the first). */
static int pop(grundy_game *g, uint32_t *value)
{
    frame *f = &g->frames[g->nframes - 1];
    int rc = ensure_mex(g, (g->opts.counts.len - f->counts) / sizeof(uint32_t));
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t v = frame_value(g, f);
    grundy__table_set_at(&g->table, part_at(g, f->key), stored(v), f->slot);
    g->opts.parts.len = f->parts;
    g->opts.counts.len = f->counts;
    if (--g->nframes > 0)
        set_part_value(g, g->frames[g->nframes - 1].cur, stored(v));
    else
        *value = v;
    if (++g->evaluated % PROGRESS_EVERY == 0 && g->progress != NULL &&
        g->progress(g->progress_user, g->evaluated, 0) != 0)
        return fail(g, GRUNDY_ECANCELED, "canceled after %llu positions",
                    (unsigned long long)g->evaluated);
    return GRUNDY_OK;
}

/* Evaluates the canonical position in g->pos. */
static int evaluate(grundy_game *g, uint32_t *value)
{
    uint32_t known;
    size_t slot;
    int rc = grundy__table_get_or_insert(&g->table, &g->alloc, g->pos, GRUNDY__BUSY, g->limit,
                                         &known, &slot);
    if (rc != GRUNDY_OK)
        return rc == GRUNDY_ELIMIT ? table_full(g) : rc;
    if (known != GRUNDY__EMPTY) {
        *value = number_of(known);
        return GRUNDY_OK;
    }
    g->errmsg[0] = '\0';
    /* The first position is kept as the list's first record, as a part. */
    rc = reserve_bytes(g, &g->opts.parts, g->rec);
    if (rc != GRUNDY_OK) {
        grundy__table_remove(&g->table, g->pos);
        return rc;
    }
    copy_pos(g, part_at(g, 0), g->pos);
    memcpy(part_at(g, 0) + g->size, unknown, sizeof unknown);
    g->opts.parts.len = g->rec;
    rc = push(g, 0, slot);
    while (rc == GRUNDY_OK && g->nframes > 0) {
        frame *f = &g->frames[g->nframes - 1];
        rc = next_unknown(g, f, &slot);
        if (rc == 1)
            rc = push(g, f->cur, slot);
        else if (rc == GRUNDY_OK)
            rc = pop(g, value);
    }
    if (rc != GRUNDY_OK)
        unwind(g);
    g->opts.parts.len = g->opts.counts.len = 0;
    return rc;
}

/* Copies pos to g->pos in canonical form. */
static void load(grundy_game *g, const void *pos)
{
    copy_pos(g, g->pos, pos);
    if (g->canon != NULL)
        g->canon(g->user, g->pos);
}

/* A move generator or progress callback calling back into its own game
 * would find positions on the stack as if they were values, and reuse the
 * scratch the evaluation under way holds: refused. */
static int refuse_reentry(grundy_game *g)
{
    return fail(g, GRUNDY_ESTATE,
                "called from a move generator or progress callback of the same game");
}

int grundy_game_value(grundy_game *g, const void *pos, uint32_t *value)
{
    if (g == NULL || pos == NULL || value == NULL)
        return GRUNDY_EINVAL;
    if (g->inside)
        return refuse_reentry(g);
    g->inside = 1;
    load(g, pos);
    int rc = evaluate(g, value);
    g->inside = 0;
    return rc;
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

/* Among the options (raw, as generated) in g->sought, the first whose value
 * is target: the parts offset of its first part and its count of parts, or
 * SIZE_MAX.  Evaluates parts as needed. */
static int find_option(grundy_game *g, uint64_t target, size_t *found, uint32_t *nparts)
{
    *found = SIZE_MAX;
    size_t off = 0;
    for (size_t c = 0; c < g->sought.counts.len; c += sizeof(uint32_t)) {
        uint32_t np, x = 0;
        memcpy(&np, g->sought.counts.p + c, sizeof np);
        for (uint32_t i = 0; i < np; i++) {
            uint32_t v;
            load(g, g->sought.parts.p + off + (size_t)i * g->rec);
            int rc = evaluate(g, &v);
            if (rc != GRUNDY_OK)
                return rc;
            x ^= v;
        }
        if (x == target) {
            *found = off;
            *nparts = np;
            return GRUNDY_OK;
        }
        off += (size_t)np * g->rec;
    }
    return GRUNDY_OK;
}

/* grundy_game_sum_winning_move once every component is evaluated. */
static int winning_move(grundy_game *g, const void *positions, size_t n, size_t *component,
                        void *parts, uint32_t cap, uint32_t *nparts)
{
    game_positions gp = {g, (const unsigned char *)positions};
    uint64_t target;
    if (!grundy__sum_move(&gp, n, component_value, component, &target))
        return 0;
    /* Generate the options of the component as given, so the move returned
     * is a real move from the caller's position, not from its canonical form. */
    memcpy(g->pos, gp.positions + *component * g->size, g->size);
    g->sought.parts.len = g->sought.counts.len = 0;
    int rc = generate(g, &g->sought, 0);
    size_t off = SIZE_MAX;
    if (rc == GRUNDY_OK)
        rc = find_option(g, target, &off, nparts);
    if (rc != GRUNDY_OK)
        return rc;
    if (off == SIZE_MAX)
        return fail(g, GRUNDY_EINVAL, "the move generator gave different options for the same position");
    for (uint32_t i = 0; i < *nparts && i < cap; i++)
        memcpy((unsigned char *)parts + (size_t)i * g->size, g->sought.parts.p + off + (size_t)i * g->rec,
               g->size);
    return 1;
}

int grundy_game_sum_winning_move(grundy_game *g, const void *positions, size_t n,
                                 size_t *component, void *parts, uint32_t cap, uint32_t *nparts)
{
    if (g == NULL || component == NULL || nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    if (g->inside)
        return refuse_reentry(g);
    uint32_t s;
    int rc = grundy_game_sum_value(g, positions, n, &s);
    if (rc != GRUNDY_OK)
        return rc;
    g->inside = 1;
    rc = winning_move(g, positions, n, component, parts, cap, nparts);
    g->inside = 0;
    return rc;
}

int grundy_game_sum_winning_move_u64(grundy_game *g, const uint64_t *positions, size_t n,
                                     size_t *component, uint64_t *parts, uint32_t cap,
                                     uint32_t *nparts)
{
    if (g != NULL && g->size != sizeof(uint64_t))
        return GRUNDY_EINVAL;
    return grundy_game_sum_winning_move(g, positions, n, component, parts, cap, nparts);
}
