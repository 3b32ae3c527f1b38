/* SPDX-License-Identifier: MIT */
/* Games described by rules: the options a move generator gives, appended
 * to an option list as records (game.h), each part canonicalised as it is
 * added. */
#include "game/game.h"
#include "play/play.h"

/* Makes room in o for an option of nparts parts, checking it is allowed. */
static int make_room_slowly(grundy_options *o, uint32_t nparts)
{
    grundy_game *g = o->game;
    if (nparts > 1 && o->one_part)
        return grundy__game_fail(g, GRUNDY_EINVAL,
                                 "an option of %u parts, but %s needs options of at most one",
                                 nparts, grundy__play_name(g->play));
    if (nparts > g->max_parts)
        return GRUNDY_ELIMIT;
    int rc = grundy__game_reserve(g, &o->out->parts, (size_t)nparts * g->rec);
    return rc == GRUNDY_OK ? grundy__game_reserve(g, &o->out->counts, sizeof nparts) : rc;
}

/* Whether out has room for one more option of one part of rec bytes. */
static int has_room(const grundy__game_optlist *out, size_t rec)
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
        grundy__game_canon(o->game, p);
}

/* Appends an option, its room made (none for an option of no parts). */
static void append(grundy_options *o, const void *parts, uint32_t nparts)
{
    const grundy_game *g = o->game;
    grundy__game_bytes *out = &o->out->parts, *counts = &o->out->counts;
    unsigned char *first = grundy__game_offset(out->p, out->len);
    for (uint32_t i = 0; i < nparts; i++) {
        unsigned char *p = first + (size_t)i * g->rec;
        grundy__game_copy_pos(g, p, (const unsigned char *)parts + (size_t)i * g->size);
        grundy__game_unknown(p + g->size);
    }
    out->len += (size_t)nparts * g->rec;
    memcpy(counts->p + counts->len, &nparts, sizeof nparts);
    counts->len += sizeof nparts;
    if (o->canon)
        canonicalise(o, first, nparts);
}

/* grundy_options_add() but for its quick case: apart, so that the quick
 * case saves no registers. */
static GRUNDY__NOINLINE int add_option(grundy_options *o, const void *parts, uint32_t nparts)
{
    if (o == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
#ifndef GRUNDY_LEAN
    if (o->words != NULL)
        return grundy__word_add(o, parts, nparts);
#endif
    int rc = make_room(o, nparts);
    if (rc == GRUNDY_OK)
        append(o, parts, nparts);
    return rc;
}

int grundy_options_add(grundy_options *o, const void *parts, uint32_t nparts)
{
#ifndef GRUNDY_LEAN
    /* The lean word search's most frequent call (game_word.c), here
     * rather than a call away: one part, copied to its list. */
    if (o != NULL && nparts == 1 && parts != NULL && o->next != o->end) {
        memcpy(o->next++, parts, sizeof *o->next);
        return GRUNDY_OK;
    }
#endif
    return add_option(o, parts, nparts);
}

/* Makes room in o for n options of one part each, checked once for the lot. */
static int make_room_each(grundy_options *o, size_t n)
{
    grundy_game *g = o->game;
    if (n > g->max_parts)
        return GRUNDY_ELIMIT;
    int rc = grundy__game_reserve(g, &o->out->parts, n * g->rec);
    return rc == GRUNDY_OK ? grundy__game_reserve(g, &o->out->counts, n * sizeof(uint32_t)) : rc;
}

/* grundy_options_add_each() but for its quick case (as add_option). */
static GRUNDY__NOINLINE int add_options(grundy_options *o, const void *positions, size_t n)
{
    if (o == NULL || (positions == NULL && n > 0))
        return GRUNDY_EINVAL;
#ifndef GRUNDY_LEAN
    if (o->words != NULL)
        return grundy__word_add_each(o, positions, n);
#endif
    int rc = make_room_each(o, n);
    if (rc != GRUNDY_OK)
        return rc;
    const unsigned char *p = (const unsigned char *)positions;
    for (size_t i = 0; i < n; i++, p += o->game->size)
        append(o, p, 1);
    return GRUNDY_OK;
}

int grundy_options_add_each(grundy_options *o, const void *positions, size_t n)
{
#ifndef GRUNDY_LEAN
    /* The lean word search's options (game_word.c): copied to its list. */
    if (o != NULL && positions != NULL && o->next != o->end &&
        n <= (size_t)(o->end - o->next)) {
        memcpy(o->next, positions, n * sizeof *o->next);
        o->next += n;
        return GRUNDY_OK;
    }
#endif
    return add_options(o, positions, n);
}

int grundy__game_generate(grundy_game *g, grundy__game_optlist *out, int how)
{
    grundy_options o = {g, out, NULL, (how & GRUNDY__LIST_CANON) != 0 && grundy__game_has_canon(g),
                        (how & GRUNDY__LIST_ONE_PART) != 0, NULL, NULL};
    int rc = grundy__game_check_bound(g);
    if (rc != GRUNDY_OK)
        return rc;
    g->errmsg[0] = '\0'; /* what the options say, if they fail, is more precise */
    if (g->moves_u64 != NULL) {
        uint64_t p;
        memcpy(&p, g->pos, sizeof p);
        rc = g->moves_u64(g->user, p, &o);
    } else {
        rc = g->moves(g->user, g->pos, &o);
    }
    if (rc > 0)
        rc = grundy__game_fail(g, GRUNDY_EINVAL, "the move generator returned %d", rc);
    else if (rc < 0 && g->errmsg[0] == '\0')
        grundy__game_fail(g, rc, "the move generator failed: %s", grundy_strerror(rc));
    return rc;
}
