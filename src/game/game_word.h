/* SPDX-License-Identifier: MIT */
/* Games whose positions are 64-bit words (8-byte positions: the games of
 * grundy_game_new_u64(), grundy_game_new_dense() and grundy_game_new()
 * with 8-byte positions): their memo and their search, apart from the
 * generic engine of byte-string positions (game_eval.c) because this is
 * where rule-defined games spend their time.
 *
 * The memo of a play (game_word_memo.c) maps a position to a one-byte code
 * (core/word_table.h's codes: a number up to GRUNDY__CODE_MAX, a larger
 * number kept in a side table, or busy: on a search's stack), either in a
 * word table (hashed) or, for dense games, in a flat array indexed by the
 * position.  The search (game_word.c) is a depth-first search with an
 * explicit stack, one per thread (a searcher): options as plain words, one
 * probe per option when the search reaches it, the busy mark written in the
 * slot that probe found and the number written there when the position is
 * popped, and the mex of numbers below 64 taken from a 64-bit mask.  The
 * common case (one searcher, normal play, a hashed memo, options of one
 * part, numbers below 64) starts in a lean search that keeps each option as
 * its part alone, and hands its frames over to the general search as they
 * are where a game needs more (game_word.c).  game_word_threads.c runs a
 * second searcher beside the first. */
#ifndef GRUNDY_GAME_WORD_H
#define GRUNDY_GAME_WORD_H

#include "core/table.h"
#include "core/word_table.h"

/* The memo of one play. */
typedef struct grundy__word_memo {
    grundy__wtable table;   /* hashed games */
    unsigned char *dense;   /* dense games: `bound` codes, allocated at first use */
    size_t dense_count;     /* dense games: positions stored */
    grundy__table big;      /* numbers above GRUNDY__CODE_MAX, stored + 2 (game.h) */
} grundy__word_memo;

/* An option on a searcher's stack: its parts (in the searcher's parts list)
 * and, once known, its number. */
typedef struct grundy__word_opt {
    uint32_t nparts;
    uint32_t number;
} grundy__word_opt;

typedef struct grundy__word_frame {
    uint64_t pos;
    size_t ref;          /* where the memo holds pos (busy) */
    size_t opts_from, parts_from; /* its options and their parts, in the lists */
    size_t opt, end_opt; /* its options: the one being scanned, the end */
    size_t part;         /* the part being scanned (parts list index) */
    size_t end_part;     /* the lean search's: the end of its parts (each an option) */
    uint32_t in_opt;     /* that part's index in its option */
    uint32_t join;       /* the numbers of the option's parts before it, joined */
    uint64_t below64;    /* bit v: an option of number v < 64 (while wide is 0) */
    unsigned wide;       /* non-zero: an option of number >= 64 */
    int helped;          /* busy with the other searcher: helped, not claimed */
    int single;          /* every option has one part */
} grundy__word_frame;

/* One thread's search. */
typedef struct grundy__word_searcher {
    grundy_game *game;
    grundy__word_memo *memo;
    int play;
    unsigned thread;     /* 0 (the calling thread) or 1 */
    unsigned busy;       /* its busy code: GRUNDY__CODE_BUSY + thread */
    int shared;          /* another searcher works on the memo */
    void *team;          /* the two searchers' shared state, or NULL (game_word_threads.c) */
    int reverse;         /* scans each position's options last to first */
    int multi;           /* the generator running gave an option of other than one part */
    int lean;            /* the lean search runs: options are kept as parts alone */
    grundy__word_frame *frames;
    size_t nframes, cap_frames;
    uint64_t *parts;
    size_t nparts, cap_parts;
    grundy__word_opt *opts;
    size_t nopts, cap_opts;
    grundy__mex mex;
    size_t entered;      /* positions it entered in a shared table, not yet counted */
    uint64_t claimed;    /* positions it claimed while shared (atomic: the other reads it) */
    size_t shared_bytes; /* the bytes of the game beside its stacks, when shared */
    uint64_t evaluated;  /* positions it evaluated */
    int status;          /* a failure, or GRUNDY_OK */
    char errmsg[256];    /* its failure's message (a second thread's own) */
} grundy__word_searcher;

/* ---- game_word_memo.c ------------------------------------------------------ */

/* The memo of play (selective play has its own: game.h). */
grundy__word_memo *grundy__word_memo_of(grundy_game *g, int play);

/* Makes the memo ready for `need` more entries (allocating a dense array,
 * or growing the table, or rebuilding it after the guard tripped).  Returns
 * GRUNDY_OK or a failure with the game's message.  A rebuild moves every
 * entry: slots held before it are stale (grundy__word_refresh). */
int grundy__word_memo_ready(grundy_game *g, grundy__word_memo *m, size_t need);

/* The number a code (not busy, not empty) stands for. */
uint32_t grundy__word_memo_number(const grundy__word_memo *m, uint64_t pos, unsigned code);

/* Stores pos's number, above GRUNDY__CODE_MAX, in the side table and marks
 * its slot ref GRUNDY__CODE_BIG, the game holding `used` bytes as
 * the caller knows them (a second thread cannot read the first's stacks).
 * GRUNDY_ENOMEM or GRUNDY_ELIMIT, with no message and pos left busy, if a
 * large number finds no room. */
int grundy__word_memo_store(grundy_game *g, grundy__word_memo *m, uint64_t pos, size_t ref,
                            uint32_t number, size_t used);

/* Removes a busy entry (a failed evaluation). */
void grundy__word_memo_forget(grundy_game *g, grundy__word_memo *m, size_t ref);

/* The positions stored and the bytes held by every play's memo. */
size_t grundy__word_memo_count(const grundy_game *g);
size_t grundy__word_memo_bytes(const grundy_game *g);

/* Frees every play's memo. */
void grundy__word_memo_free(grundy_game *g);

/* The memo's code of pos, claiming it with code `busy` if absent (the
 * returned code is then GRUNDY__CODE_EMPTY), and its slot.  The memo is
 * ready (grundy__word_memo_ready); a dense game's pos is below its bound. */
static inline unsigned grundy__word_memo_claim(grundy__word_memo *m, uint64_t pos, unsigned busy,
                                               int shared, size_t *ref)
{
    if (m->dense != NULL) {
        unsigned char *c = &m->dense[pos];
        *ref = (size_t)pos;
        unsigned code = grundy__wload(c);
#if GRUNDY__THREADS
        if (code == GRUNDY__CODE_EMPTY && shared) {
            unsigned char expected = GRUNDY__CODE_EMPTY;
            if (__atomic_compare_exchange_n(c, &expected, (unsigned char)busy, 0, __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE))
                return GRUNDY__CODE_EMPTY;
            return expected;
        }
#endif
        if (code == GRUNDY__CODE_EMPTY && busy != GRUNDY__CODE_EMPTY) {
            *c = (unsigned char)busy;
            if (!shared)
                m->dense_count++;
        }
        return code;
    }
    return grundy__wtable_claim(&m->table, pos, busy, shared, ref);
}

/* The memo's code of pos where no other thread enters positions, and its
 * slot; GRUNDY__CODE_EMPTY: absent, and *ref is where
 * grundy__word_memo_enter() may put it.  A dense game's pos at or above its
 * bound is absent, with no slot: grundy__word_memo_enter() must not be
 * asked. */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__word_memo_find(grundy__word_memo *m, uint64_t pos, uint64_t bound, size_t *ref)
{
    if (m->dense == NULL)
        return grundy__wtable_find(&m->table, pos, ref);
    *ref = (size_t)pos;
    return pos < bound ? m->dense[pos] : GRUNDY__CODE_EMPTY;
}

/* Enters pos, found absent at slot ref, with code busy; the memo has room. */
static inline void grundy__word_memo_enter(grundy__word_memo *m, size_t ref, uint64_t pos,
                                           unsigned busy)
{
    if (m->dense == NULL) {
        grundy__wtable_enter(&m->table, ref, pos, busy);
    } else {
        m->dense[ref] = (unsigned char)busy;
        m->dense_count++;
    }
}

/* The code at slot ref. */
static inline unsigned grundy__word_memo_code(const grundy__word_memo *m, size_t ref)
{
    return m->dense != NULL ? grundy__wload(&m->dense[ref]) : grundy__wtable_code(&m->table, ref);
}

/* Sets the code at slot ref. */
static inline void grundy__word_memo_set(grundy__word_memo *m, size_t ref, unsigned code)
{
    if (m->dense != NULL)
        grundy__wstore(&m->dense[ref], (unsigned char)code);
    else
        grundy__wtable_set(&m->table, ref, code);
}

/* ---- game_word.c ----------------------------------------------------------- */

/* Evaluates the position in g->pos (canonical) under play on the word
 * engine: as grundy__game_evaluate. */
int grundy__word_evaluate(grundy_game *g, int play, uint32_t *value);

/* The number of the position in g->pos under play if its memo holds it:
 * 1, or 0. */
int grundy__word_known(grundy_game *g, int play, uint32_t *value);

/* grundy_options_add() and grundy_options_add_each() for a word search. */
int grundy__word_add(grundy_options *o, const void *parts, uint32_t nparts);
int grundy__word_add_each(grundy_options *o, const void *positions, size_t n);

/* Frees a searcher's stacks. */
void grundy__word_searcher_free(grundy__word_searcher *s, const grundy_allocator *a);

/* The bytes a searcher's stacks hold. */
size_t grundy__word_searcher_bytes(const grundy__word_searcher *s);

#endif
