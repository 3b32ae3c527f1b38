/* SPDX-License-Identifier: MIT */
/* Games described by rules: memoized, iterative Sprague-Grundy evaluation.
 *
 * Evaluation is a depth-first search with an explicit stack of frames.  The
 * options of the frames live in one growing list (game.h), in frame order,
 * so popping a frame frees its options by cutting the list.  A frame's
 * position is a part of the frame below it.
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
 * Each play searched has its own memo table (game.h); the search under way
 * works on the one of g->play's numbers, grundy__game_memo(g). */
#include "game/game.h"
#include "play/play.h"

#if GRUNDY__WORDS_ALONE /* every game is searched by the word engine */
int grundy__game_evaluate(grundy_game *g, int play, uint32_t *value)
{
    g->play = play;
    return grundy__word_evaluate(g, play, value);
}
#else
#define PENDING (GRUNDY__BUSY - 1) /* in the table: claimed by a part, not yet searched */

static unsigned char *part_at(const grundy_game *g, size_t off)
{
    return grundy__game_offset(g->opts.parts.p, off);
}

static void set_part_value(grundy_game *g, size_t off, uint32_t v)
{
    grundy__slot_set_value(part_at(g, off), g->size, v);
}

static int cycle(grundy_game *g)
{
    return grundy__game_fail(g, GRUNDY_ECYCLE,
                             "the rules lead from a position back to itself, %zu moves later",
                             g->nframes - 1);
}

/* Room for one more frame, within the memory cap. */
static int frame_room(grundy_game *g)
{
    if (g->nframes < g->cap_frames)
        return GRUNDY_OK;
    int rc = grundy__reserve(&g->alloc, (void **)&g->frames, &g->cap_frames, g->nframes + 1,
                             sizeof *g->frames);
    if (rc == GRUNDY_OK && g->limit != 0 && grundy__game_used_bytes(g) > g->limit)
        rc = grundy__game_fail(g, GRUNDY_ELIMIT, "memory limit of %zu bytes reached %zu moves deep",
                               g->limit, g->nframes);
    return rc;
}

/* Pushes the position at parts offset key, which the table holds as busy
 * in slot `slot`, as a frame; generates its options and claims them (see the
 * top of the file).  A failure before the frame exists frees the position's
 * slot; after, the frame is unwound with the others. */
static int push(grundy_game *g, size_t key, size_t slot)
{
    int rc = frame_room(g);
    grundy__game_copy_pos(g, g->pos, part_at(g, key));
    if (rc != GRUNDY_OK) {
        grundy__table_remove(grundy__game_memo(g), g->pos);
        return rc;
    }
    grundy__game_frame *f = &g->frames[g->nframes++];
    f->key = key;
    f->slot = slot;
    f->parts = f->cur = g->opts.parts.len;
    f->counts = g->opts.counts.len;
    int splits = grundy__play_splits(g->play);
    int how = GRUNDY__LIST_CANON | (splits ? 0 : GRUNDY__LIST_ONE_PART);
    rc = grundy__game_generate(g, &g->opts, how);
    if (rc == GRUNDY_OK) {
        size_t claimed;
        rc = grundy__table_claim_all(grundy__game_memo(g), &g->alloc, part_at(g, f->parts),
                                     (g->opts.parts.len - f->parts) / g->rec, g->rec, PENDING,
                                     g->limit, &claimed);
        g->pending += claimed;
        rc = grundy__game_memo_full(g, rc);
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
static uint32_t frame_value(grundy_game *g, const grundy__game_frame *f)
{
    const int play = g->play;
    const size_t rec = g->rec, size = g->size;
    const unsigned char *part = part_at(g, f->parts);
    const unsigned char *count = grundy__game_offset(g->opts.counts.p, f->counts);
    const unsigned char *end = grundy__game_offset(g->opts.counts.p, g->opts.counts.len);
    const uint32_t finished = grundy__play_finished(play);
    grundy__acc acc;
    grundy__acc_begin(&acc, play, &g->mex);
    for (; count < end; count += sizeof(uint32_t)) {
        uint32_t np, x = finished;
        memcpy(&np, count, sizeof np);
        for (uint32_t i = 0; i < np; i++, part += rec) {
            uint32_t v = grundy__game_number_of(grundy__slot_value(part, size));
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
static int next_unknown(grundy_game *g, grundy__game_frame *f, size_t *slot)
{
    const size_t end = g->opts.parts.len, size = g->size;
    for (; f->cur < end; f->cur += g->rec) {
        const unsigned char *r = part_at(g, f->cur);
        uint32_t v = grundy__slot_value(r, size);
        if (v < PENDING)
            continue; /* a number, known when claimed or handed up by its frame */
        /* Claimed, so in the table: a claim leaves it only when an
         * evaluation fails, and then the whole stack is unwound. */
        v = grundy__table_value_at(grundy__game_memo(g), r, grundy__record_hint(r, size), slot);
        if (v == GRUNDY__BUSY)
            return cycle(g);
        if (v == PENDING) {
            grundy__table_set_at(grundy__game_memo(g), r, GRUNDY__BUSY, *slot);
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
    grundy__table *memo = grundy__game_memo(g);
    for (size_t off = 0; off < g->opts.parts.len; off += g->rec) {
        const unsigned char *r = part_at(g, off);
        size_t slot;
        if (grundy__slot_value(r, g->size) == PENDING &&
            grundy__table_value_at(memo, r, grundy__record_hint(r, g->size), &slot) == PENDING)
            grundy__table_remove(memo, r);
    }
    g->pending = 0;
    while (g->nframes > 0) {
        grundy__game_frame *f = &g->frames[--g->nframes];
        grundy__table_remove(memo, part_at(g, f->key));
    }
}

/* Stores the value of the top frame's position, pops it and hands the value
 * to the part it is of in the frame below (or to *value, for the first). */
static int pop(grundy_game *g, uint32_t *value)
{
    grundy__game_frame *f = &g->frames[g->nframes - 1];
    int rc = ensure_mex(g, (g->opts.counts.len - f->counts) / sizeof(uint32_t));
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t v = frame_value(g, f);
    grundy__table_set_at(grundy__game_memo(g), part_at(g, f->key), grundy__game_stored(v),
                         f->slot);
    g->opts.parts.len = f->parts;
    g->opts.counts.len = f->counts;
    if (--g->nframes > 0)
        set_part_value(g, g->frames[g->nframes - 1].cur, grundy__game_stored(v));
    else
        *value = v;
    return grundy__game_tick(g);
}

/* Pushes the position in g->pos, which the table holds as busy in slot
 * `slot`, as the first frame.  It is kept as the list's first record, as a
 * part. */
static int push_first(grundy_game *g, size_t slot)
{
    int rc = grundy__game_reserve(g, &g->opts.parts, g->rec);
    if (rc != GRUNDY_OK) {
        grundy__table_remove(grundy__game_memo(g), g->pos);
        return rc;
    }
    grundy__game_copy_pos(g, part_at(g, 0), g->pos);
    grundy__game_unknown(part_at(g, 0) + g->size);
    g->opts.parts.len = g->rec;
    return push(g, 0, slot);
}

int grundy__game_evaluate(grundy_game *g, int play, uint32_t *value)
{
    uint32_t known;
    size_t slot;
    g->play = play;
#ifndef GRUNDY_LEAN
    if (g->word)
        return grundy__word_evaluate(g, play, value);
#endif
    int rc = grundy__table_get_or_insert(grundy__game_memo(g), &g->alloc, g->pos, GRUNDY__BUSY,
                                         g->limit, &known, &slot);
    if (rc != GRUNDY_OK)
        return grundy__game_memo_full(g, rc);
    if (known != GRUNDY__EMPTY) {
        *value = grundy__game_number_of(known);
        return GRUNDY_OK;
    }
    g->errmsg[0] = '\0';
    rc = push_first(g, slot);
    while (rc == GRUNDY_OK && g->nframes > 0) {
        grundy__game_frame *f = &g->frames[g->nframes - 1];
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
#endif

void grundy__game_load(grundy_game *g, const void *pos)
{
    grundy__game_copy_pos(g, g->pos, pos);
    if (grundy__game_has_canon(g))
        grundy__game_canon(g, g->pos);
}

/* What a position's number call asks: its number, and its outcome if
 * `outcome` is not NULL. */
#ifndef GRUNDY_NO_LOOPY_PLAY
typedef struct asked {
    uint32_t *value;
    int *outcome;
} asked;

/* The loopy number (and outcome) of one position, from the positions' graph. */
static int ask_loopy(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *ctx)
{
    const asked *a = (const asked *)ctx;
    (void)n;
    int rc = grundy_graph_value(graph, play, nodes[0], a->value);
    if (rc == GRUNDY_OK && a->outcome != NULL) {
        rc = grundy_graph_outcome(graph, play, nodes[0]);
        *a->outcome = rc;
    }
    return rc < 0 ? rc : GRUNDY_OK;
}
#endif

/* The number of pos under play, and (outcome non-NULL) its outcome. */
static int value_of(grundy_game *g, int play, const void *pos, uint32_t *value, int *outcome)
{
    int rc = grundy__game_check_play(g, play, 0, "a position's number");
    if (rc != GRUNDY_OK)
        return rc;
#ifndef GRUNDY_NO_LOOPY_PLAY /* which refuses it */
    if (play == GRUNDY_PLAY_LOOPY) {
        asked a = {value, outcome};
        return grundy__game_on_graph(g, play, pos, 1, ask_loopy, &a);
    }
#endif
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    g->inside = 1;
    grundy__game_load(g, pos);
    rc = grundy__game_evaluate(g, play, value);
    g->inside = 0;
    if (rc == GRUNDY_OK && outcome != NULL)
        *outcome = grundy__play_outcome(play, *value);
    return rc;
}

int grundy_game_value(grundy_game *g, int play, const void *pos, uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL || pos == NULL || value == NULL)
        return GRUNDY_EINVAL;
    return value_of(g, play, pos, value, NULL);
}

int grundy_game_outcome(grundy_game *g, int play, const void *pos)
{
    if (g == NULL || pos == NULL)
        return GRUNDY_EINVAL;
    uint32_t v;
    int outcome = GRUNDY_P;
    int rc = value_of(g, play, pos, &v, &outcome);
    return rc != GRUNDY_OK ? rc : outcome;
}
