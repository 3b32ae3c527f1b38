/* SPDX-License-Identifier: MIT */
/* A rule-defined game's handle, shared by the files that make up games
 * given by rules: game.c (the handle, its settings, its errors and memory
 * cap), game_options.c (the options a move generator gives), game_eval.c
 * (the memoized search), game_moves.c (the moves of a position as the
 * caller gives it), game_sum.c (sums and winning moves), game_graph.c
 * (the positions' graph, for what the memo tables cannot answer), and the
 * word engine of 8-byte positions (game_word.h): game_word.c (its
 * search), game_word_memo.c (its memos), game_word_threads.c (a search
 * on one thread or shared by two) and game_word_search.h (the steps they
 * share).
 *
 * The options of the positions being searched live in one growing list
 * that keeps every part (component position) of every option as a record:
 * the position's canonical bytes, a u32 value and a u32 slot hint
 * (grundy__table_claim_all's record); and apart from them each option's
 * number of parts.
 *
 * Each play whose numbers the search computes has its own memo table,
 * indexed by that play (shortened play shares conjunctive play's: they have
 * the same numbers and the same rules; selective play has normal play's
 * numbers but a table of its own, since it refuses the split options that
 * normal play allows: a split's parts would join the selective compound).  A table stores every
 * number plus 2 (mod 2^32): the w-numbers SP and SC are the two largest
 * 32-bit values, and the three below them are the table's and the search's
 * codes, so numbers up to 2^32 - 6 are stored (a mex that large would need
 * more options than memory holds). */
#ifndef GRUNDY_GAME_H
#define GRUNDY_GAME_H

#include <string.h>

/* The handle implements grundy_game_set_threads (experimental). */

/* What the trial of two searchers does (game_word_threads.c): judge them by
 * their speed (the library's way), or, for tests that must see one path,
 * keep them whatever their speed, or retire the second at the trial. */
#define GRUNDY__PAIR_JUDGE 0
#define GRUNDY__PAIR_KEEP 1
#define GRUNDY__PAIR_RETIRE 2
#ifndef GRUNDY_EXPERIMENTAL
#define GRUNDY_EXPERIMENTAL
#endif

#include "core/mex.h"
#include "core/table.h"
#include "game/game_word.h"
#include "play/play.h"

/* GRUNDY_WORD_GAMES_ONLY: every game given by rules has 8-byte positions
 * (grundy_game_new() refuses another size with GRUNDY_ENOTSUP), so the word
 * engine searches them all and the generic search is left out.  The
 * contest edition defines it where nothing it keeps makes a game of
 * another size; with GRUNDY_LEAN (no word engine) it means nothing. */
#if defined(GRUNDY_WORD_GAMES_ONLY) && !defined(GRUNDY_LEAN)
#define GRUNDY__WORDS_ALONE 1
#else
#define GRUNDY__WORDS_ALONE 0
#endif

/* The plays the search computes numbers for, each with its memo table: the
 * public plays up to the selective one (the loopy play's stays empty: it
 * needs the positions' graph; shortened play shares a table, see the top). */
#define GRUNDY__GAME_MEMOS (GRUNDY_PLAY_SELECTIVE + 1)

/* The positions' graph being built (game_graph.c). */
typedef struct grundy__game_build grundy__game_build;

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
    grundy__game_optlist *out; /* where options go, or (NULL) ... */
    grundy__word_searcher *words; /* ... to the stack of this word search */
    int canon;                 /* canonicalise each part as it is added */
    int one_part;              /* the play of the search allows no split */
    uint64_t *next, *end;      /* a lean word search's parts list, where options of one part
                                * go straight (game_word.c): the next free place and the list's
                                * end; both NULL, or equal, where they may not */
};

/* How grundy__game_generate lists options. */
#define GRUNDY__LIST_CANON 1    /* canonicalise each part */
#define GRUNDY__LIST_ONE_PART 2 /* refuse splits: the play of the search has none */

struct grundy_game {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    size_t size;
    size_t rec;         /* bytes of a part's record: size + 8 */
    size_t max_parts;   /* the most parts an option can have in memory */
    grundy_moves_fn moves;
    grundy_moves_u64_fn moves_u64;
    void *user;
    grundy_canon_fn canon;     /* the canonical form, or NULL; ... */
    grundy_canon_u64_fn canon_u64; /* ... or this one, never both */
    grundy_progress_fn progress;
    void *progress_user;
    size_t limit;
    uint64_t search_limit; /* the most sums a misère search of one call lists */
    int inside;         /* a call is evaluating: its callbacks may not call in */

    grundy__table memo[GRUNDY__GAME_MEMOS]; /* by play; allocated on first use */
    int word;           /* 8-byte positions: the word engine (game_word.h) */
    uint64_t bound;     /* a dense game's bound, or 0 */
    unsigned threads;   /* the most threads its searches may use */
    int avx2;           /* searches look known options up with the AVX2 match (tests clear it) */
    int pair_trial;     /* tests only: GRUNDY__PAIR_JUDGE, _KEEP or _RETIRE */
    unsigned pair_retired; /* searches whose second thread retired at its trial */
    grundy__word_memo words[GRUNDY__GAME_MEMOS]; /* the word engine's memos, by play */
    grundy__word_searcher searcher[2];           /* the word engine's searches */
    uint64_t rebuilds;  /* of a word memo's table: slots held before one are stale */
    int play;           /* the play of the search under way */
    size_t pending;     /* of memo[play].count: options claimed, not yet searched */
    grundy__game_optlist opts;   /* the frames' options, after the first position */
    grundy__game_optlist listed; /* options listed outside the search: of a
                                  * position as the caller gave it, or of a
                                  * position of the positions' graph */
    const grundy__game_build *build; /* the positions' graph being built, or NULL */
    int last_method;    /* of the last misère sum: GRUNDY_BY_*, or 0 */
    grundy__game_frame *frames;
    size_t nframes, cap_frames;
    unsigned char *pos; /* scratch position: the generator's argument, lookups */
    grundy__mex mex;
    uint64_t evaluated; /* positions evaluated or put in a graph: progress */
    uint64_t progress_mask; /* a report when evaluated & mask is 0 (a power of two less one) */
    char errmsg[256];
};

/* Positions are copied often; eight bytes (the uint64_t games) as one word. */
static inline void grundy__game_copy_pos(const grundy_game *g, void *dst, const void *src)
{
    if (g->size == sizeof(uint64_t))
        memcpy(dst, src, sizeof(uint64_t));
    else
        memcpy(dst, src, g->size);
}

/* Whether the game has a canonical form. */
static inline int grundy__game_has_canon(const grundy_game *g)
{
    return g->canon != NULL || g->canon_u64 != NULL;
}

/* The canonical form of an 8-byte position, by either kind of callback. */
static inline uint64_t grundy__game_canon_word(const grundy_game *g, uint64_t pos)
{
    if (g->canon_u64 != NULL)
        return g->canon_u64(g->user, pos);
    g->canon(g->user, &pos);
    return pos;
}

/* Rewrites the position at pos into its canonical form (the game has one). */
static inline void grundy__game_canon(const grundy_game *g, void *pos)
{
    if (g->canon_u64 != NULL) {
        uint64_t w;
        memcpy(&w, pos, sizeof w);
        w = g->canon_u64(g->user, w);
        memcpy(pos, &w, sizeof w);
    } else {
        g->canon(g->user, pos);
    }
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

/* The memo of play's numbers (see the top). */
static inline int grundy__game_memo_index(int play)
{
    return play == GRUNDY_PLAY_SELECTIVE ? play : grundy__play_numbers(play);
}

/* The memo table of the search under way. */
static inline grundy__table *grundy__game_memo(grundy_game *g)
{
    return &g->memo[grundy__game_memo_index(g->play)];
}

/* The positions in the memo tables but for the options claimed by the
 * search under way (which a failure removes). */
static inline size_t grundy__game_stored_count(const grundy_game *g)
{
    size_t count = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        count += g->memo[p].count;
#ifndef GRUNDY_LEAN
    count += grundy__word_memo_count(g);
#endif
    return count - g->pending;
}

/* Keeps a function out of line where the compiler would inline it, so that
 * the quick case of its caller saves no register (game_options.c). */
#if defined(__GNUC__)
#define GRUNDY__NOINLINE __attribute__((noinline))
#else
#define GRUNDY__NOINLINE
#endif

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

/* Counts one more position evaluated (or put in a graph) and every 65536
 * (or as set below) calls the progress callback: GRUNDY_ECANCELED, with a
 * message, if it says stop. */
int grundy__game_tick(grundy_game *g);

/* Reports progress every `every` positions (a power of two), for the
 * library's own users whose positions cost far more than a rule's: the
 * heap games' misère search, whose positions are sums of many heaps. */
void grundy__game_set_progress_every(grundy_game *g, uint64_t every);

/* status, and for GRUNDY_ELIMIT (a memo could not grow within the cap)
 * the message saying so, with the positions stored. */
int grundy__game_memo_full(grundy_game *g, int status);

/* GRUNDY_OK, or for a dense game whose position in g->pos is not below
 * its bound GRUNDY_ERANGE with a message naming both.  Every position a
 * call is given or a graph reaches is listed or evaluated through this
 * check (grundy__game_generate, grundy__word_evaluate). */
int grundy__game_check_bound(grundy_game *g);

/* GRUNDY_OK if play is one (with a method flag only if with_method: misère
 * sums take one); else GRUNDY_EINVAL with a message naming the call. */
int grundy__game_check_play(grundy_game *g, int play, int with_method, const char *call);

/* ---- game_options.c -------------------------------------------------------- */

/* Runs the move generator on g->pos, appending options to out as `how`
 * says (GRUNDY__LIST_*: canonical parts, if the game has a canonical form;
 * splits refused). */
int grundy__game_generate(grundy_game *g, grundy__game_optlist *out, int how);

/* ---- game_eval.c ----------------------------------------------------------- */

/* Copies pos to g->pos in canonical form. */
void grundy__game_load(grundy_game *g, const void *pos);

/* Evaluates the canonical position in g->pos under play (any play but the
 * loopy one). */
int grundy__game_evaluate(grundy_game *g, int play, uint32_t *value);

/* ---- game_moves.c ---------------------------------------------------------- */

/* Lists the options of pos into g->listed as `how` says (GRUNDY__LIST_*):
 * the generator called on those bytes as given, pos itself not
 * canonicalised.  The caller has refused re-entry and set g->inside. */
int grundy__game_list(grundy_game *g, const void *pos, int how);

/* Walks the options in g->listed in order. */
typedef struct grundy__game_walk {
    size_t count; /* counts offset of the next option */
    size_t part;  /* parts offset of its first part */
} grundy__game_walk;

/* Sets *part (the parts offset of its first part) and *nparts to the next
 * listed option and returns 1, or returns 0 after the last. */
static inline int grundy__game_next_listed(const grundy_game *g, grundy__game_walk *w,
                                           size_t *part, uint32_t *nparts)
{
    if (w->count >= g->listed.counts.len)
        return 0;
    memcpy(nparts, g->listed.counts.p + w->count, sizeof *nparts);
    *part = w->part;
    w->count += sizeof *nparts;
    w->part += (size_t)*nparts * g->rec;
    return 1;
}

/* ---- game_graph.c ---------------------------------------------------------- */

/* Asks the graph of the positions a sum reaches a question under play: the
 * graph and the node of each component, as grundy_graph_* calls take them. */
typedef int (*grundy__game_ask_fn)(grundy_graph *graph, int play, const uint32_t *nodes,
                                   size_t n, void *ctx);

/* Builds the graph of the positions the sum of the n positions reaches
 * and asks it; returns what ask returns (the graph's message copied on
 * failure).  Refuses re-entry itself. */
int grundy__game_on_graph(grundy_game *g, int play, const void *positions, size_t n,
                          grundy__game_ask_fn ask, void *ctx);

/* The bytes a positions' graph being built holds (an estimate for the
 * graph itself), for the memory cap. */
size_t grundy__game_build_bytes(const grundy__game_build *b);

#endif
