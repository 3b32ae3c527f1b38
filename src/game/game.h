/* A rule-defined game's handle, shared by the files that make up games
 * given by rules: game.c (the handle, its settings, its errors and memory
 * cap), game_options.c (the options a move generator gives), game_eval.c
 * (the memoized search) and game_sum.c (sums and winning moves).
 *
 * The options of the positions being searched live in one growing list
 * that keeps every part (component position) of every option as a record:
 * the position's canonical bytes, a u32 value and a u32 slot hint
 * (grundy__table_claim_all's record); and apart from them each option's
 * number of parts.
 *
 * The table stores every number plus 2 (mod 2^32): the w-numbers SP and SC
 * are the two largest 32-bit values, and the three below them are the
 * table's and the search's codes, so numbers up to 2^32 - 6 are stored (a
 * mex that large would need more options than memory holds). */
#ifndef GRUNDY_GAME_H
#define GRUNDY_GAME_H

#include <string.h>

#include "core/mex.h"
#include "core/table.h"

typedef struct grundy__game_frame {
    size_t key;       /* parts offset of the position: a part of the frame below */
    size_t parts;     /* parts offset of its first option's first part */
    size_t counts;    /* counts offset of its first option */
    size_t cur;       /* parts offset of the part being scanned */
    size_t slot;      /* where the table holds the position (a hint) */
} grundy__game_frame;

/* A growable byte buffer. */
typedef struct grundy__game_bytes {
    unsigned char *p;
    size_t len, cap;
} grundy__game_bytes;

/* Options as generated: the records of their parts, and each one's count
 * of parts (a u32).  A frame's options run to the end of both. */
typedef struct grundy__game_optlist {
    grundy__game_bytes parts;
    grundy__game_bytes counts;
} grundy__game_optlist;

struct grundy_options {
    grundy_game *game;
    grundy__game_optlist *out; /* where options go */
    grundy_canon_fn canon;     /* applied to each part as it is added, or NULL */
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
    grundy__game_optlist opts;   /* the frames' options, after the first position */
    grundy__game_optlist sought; /* options of a position whose winning move is sought */
    grundy__game_frame *frames;
    size_t nframes, cap_frames;
    unsigned char *pos; /* scratch position: the generator's argument, lookups */
    grundy__mex mex;
    uint64_t evaluated;
    char errmsg[160];
};

/* Positions are copied often; eight bytes (the uint64_t games) as one word. */
static inline void grundy__game_copy_pos(const grundy_game *g, void *dst, const void *src)
{
    if (g->size == sizeof(uint64_t))
        memcpy(dst, src, sizeof(uint64_t));
    else
        memcpy(dst, src, g->size);
}

/* What follows a record's position: its value and slot hint (two u32). */
#define GRUNDY__GAME_TAIL (2 * sizeof(uint32_t))

/* Fills what follows a new record's position: no value yet, no slot hint. */
static inline void grundy__game_unknown(unsigned char *value_and_hint)
{
    const uint32_t unknown[2] = {GRUNDY__EMPTY, GRUNDY__HINT_NONE};
    memcpy(value_and_hint, unknown, sizeof unknown);
}

/* p + off, where p may be NULL (a buffer not yet allocated, off 0): the
 * sum itself would be undefined behaviour. */
static inline unsigned char *grundy__game_offset(unsigned char *p, size_t off)
{
    return p != NULL ? p + off : p;
}

/* A number as the table stores it, and back (see the top). */
static inline uint32_t grundy__game_stored(uint32_t number)
{
    return number + 2u;
}

static inline uint32_t grundy__game_number_of(uint32_t stored_value)
{
    return stored_value - 2u;
}

/* The positions in the table but for the options claimed by the search
 * under way (which a failure removes). */
static inline size_t grundy__game_stored_count(const grundy_game *g)
{
    return g->table.count - g->pending;
}

/* ---- game.c ---------------------------------------------------------------- */

/* Writes the game's error message; returns status. */
int grundy__game_fail(grundy_game *g, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The bytes the game holds: table, option lists, frames, mex marks. */
size_t grundy__game_used_bytes(const grundy_game *g);

/* Grows a buffer for `more` bytes, within the game's memory cap. */
int grundy__game_reserve(grundy_game *g, grundy__game_bytes *b, size_t more);

/* Refuses a call from a move generator or progress callback of the game. */
int grundy__game_refuse_reentry(grundy_game *g);

/* ---- game_options.c -------------------------------------------------------- */

/* Runs the move generator on g->pos, appending options to out (each part
 * canonicalised when `canonical` and the game has a canonical form). */
int grundy__game_generate(grundy_game *g, grundy__game_optlist *out, int canonical);

/* ---- game_eval.c ----------------------------------------------------------- */

/* Copies pos to g->pos in canonical form. */
void grundy__game_load(grundy_game *g, const void *pos);

/* Evaluates the canonical position in g->pos. */
int grundy__game_evaluate(grundy_game *g, uint32_t *value);

#endif
