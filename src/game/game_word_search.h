/* SPDX-License-Identifier: MIT */
/* The steps of a word search (game_word.c), which one thread runs alone or
 * two run side by side (game_word_threads.c). */
#ifndef GRUNDY_GAME_WORD_SEARCH_H
#define GRUNDY_GAME_WORD_SEARCH_H

#include "game/game.h"

/* Records a searcher's failure (status and message); returns status. */
int grundy__word_fail(grundy__word_searcher *s, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Prepares s to search g under play as thread `thread` (0 or 1), its
 * stacks empty. */
void grundy__word_begin(grundy__word_searcher *s, grundy_game *g, int play, unsigned thread);

/* Makes room for one more frame. */
int grundy__word_frame_room(grundy__word_searcher *s);

/* Pushes pos, which the memo holds at slot ref (busy for s, or helped: busy
 * with the other searcher), and lists its options; room for the frame was
 * made. */
int grundy__word_push(grundy__word_searcher *s, uint64_t pos, size_t ref, int helped);

/* Pushes part, busy with the other searcher at slot ref, as a helped
 * frame; a cycle if s already helps with it. */
int grundy__word_help(grundy__word_searcher *s, uint64_t part, size_t ref);

/* Finds again the slots of s's frames, after the table was rebuilt. */
void grundy__word_refresh(grundy__word_searcher *s);

/* One step of the top frame: a part looked up (and pushed if absent), or
 * the frame popped, its number handed below (or to *value, the last). */
int grundy__word_step(grundy__word_searcher *s, uint32_t *value);

/* Removes s's frames above the first `keep` (those it claimed, from the
 * memo too). */
void grundy__word_unwind(grundy__word_searcher *s, size_t keep);

/* ---- game_word_threads.c --------------------------------------------------- */

/* Runs the search from its first frame to its end: *value is the first
 * frame's number.  With threads asked for, shares it with a second
 * searcher when it pays. */
int grundy__word_search(grundy__word_searcher *s, uint32_t *value);

/* Makes the memo ready for one more entry by s. */
int grundy__word_room(grundy__word_searcher *s);

/* Stores pos's number v, above GRUNDY__CODE_MAX, at slot ref (a smaller
 * one is the slot's code: grundy__word_memo_set()). */
int grundy__word_store(grundy__word_searcher *s, uint64_t pos, size_t ref, uint32_t v);

/* The number a memo code (not busy) of pos stands for. */
uint32_t grundy__word_number(grundy__word_searcher *s, uint64_t pos, unsigned code);

#endif
