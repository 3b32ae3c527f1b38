/* SPDX-License-Identifier: MIT */
/**
 * @file grundy.h
 * @brief libgrundy: Sprague-Grundy theory for impartial combinatorial games.
 *
 * This header is the whole public contract of libgrundy.  Anything not
 * declared here is not part of the API.
 *
 * How it is ordered: from the simplest use to the most general, one section
 * per capability, each section holding all of that capability's calls.
 *  1. Version and status codes: what every call returns.
 *  2. Outcomes and ways of playing: the constants every later section uses.
 *  3. Nim and its relatives: closed forms, no handle (Nim in one call).
 *  4. Handles: the allocator and the progress callback every handle takes.
 *  5. Heap games: octal, hexadecimal and subtraction games, Grundy's game,
 *     Lasker's Nim, named by a string.
 * 5b. Misère quotients of heap games: who wins a misère sum of heaps, by a
 *     finite monoid computed heap by heap.
 *  6. Games given by rules: a move generator, positions memoized.
 *  7. Game graphs: explicit positions and moves, split moves, cycles,
 *     genus symbols.
 *  8. Nimbers: nim multiplication for coin-turning products.
 *  9. Experimental: tuning switches outside the ABI promise, declared only
 *     when `GRUNDY_EXPERIMENTAL` is defined before this header is included.
 *
 * **One vocabulary.**  Every kind of handle (#grundy_heap_game, #grundy_game,
 * #grundy_graph) answers the same questions with calls of the same name,
 * argument order and result shape; only the type of a position differs
 * (a heap size `uint64_t`, a byte string `const void *`, a node `uint32_t`):
 *
 * | question | call (`H` = heap_game, game, graph) |
 * | --- | --- |
 * | create, with an allocator (NULL: malloc) | `grundy_H_new(&h, ..., alloc)` |
 * | what went wrong, and where in the text | `grundy_H_errmsg(h)`, `grundy_H_errpos(h)` |
 * | the number of one position | `grundy_H_value(h, play, pos, &value)` |
 * | the outcome of one position | `grundy_H_outcome(h, play, pos)` |
 * | the number of a sum | `grundy_H_sum_value(h, play, positions, n, &value)` |
 * | the outcome of a sum | `grundy_H_sum_outcome(h, play, positions, n)` |
 * | a winning move of a sum | `grundy_H_sum_winning_move(h, play, positions, n, moves)` |
 * | all winning moves of a sum | `grundy_H_sum_winning_moves(h, play, positions, n, components, moves, cap, &count)` |
 * | how many moves a position has | `grundy_H_degree(h, pos, &count)` |
 * | what move k of a position leaves | `grundy_H_move(h, pos, k, parts, cap, &nparts)` |
 *
 * A *move* is always named by its index k in the position's list of moves
 * (a `uint64_t`, from 0), read back with `grundy_H_move()`.  A winning move
 * of a sum is an array of one entry per component: the move to play there,
 * or #GRUNDY_NO_MOVE (in most ways of playing exactly one entry is a move;
 * in conjunctive compounds every component moves).  The closed forms of
 * section 3 follow the same names and shapes, with the number of tokens
 * taken as the move.
 *
 * Conventions, which hold for every function below:
 * - Functions that can fail return an `int` status: #GRUNDY_OK (0) on success
 *   or a negative `GRUNDY_E*` code; results go through out-parameters.
 *   Functions that *decide* return the outcome (#GRUNDY_P, #GRUNDY_N,
 *   #GRUNDY_D); functions that *find* return the number found (0 or 1).
 * - Out-parameters are written on every successful return.  A single
 *   number (a value, a count, a node, a period...) given by a non-NULL
 *   pointer is written on every return, 0 on failure, so that a caller
 *   that reads it after checking the status is never warned that it may
 *   be used uninitialized.
 * - The library never prints, never exits, and frees everything it allocated
 *   on every error path.
 * - There is no global mutable state: distinct handles may be used from
 *   distinct threads at the same time.  One handle must not be used from two
 *   threads at once, but for two exceptions: a #grundy_nimber, read-only once
 *   built (section 8), and a solved graph, read by the calls section 7 names
 *   with valid arguments.
 * - `grundy_*_free(NULL)` does nothing.
 * - Calls marked **Convenience** do what another call does, in a shape that
 *   saves a common step; they are as stable as the rest.
 */
#ifndef GRUNDY_H
#define GRUNDY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Marks a symbol exported from the shared library. */
#if defined(_WIN32) && defined(GRUNDY_BUILDING_DLL)
#define GRUNDY_API __declspec(dllexport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#define GRUNDY_API __attribute__((visibility("default")))
#else
#define GRUNDY_API
#endif

/**
 * Marks a call announced for removal: it still works, and the compiler
 * warns where it is used, with @p msg naming the replacement.  A call is
 * deprecated for at least one minor release before it is removed.  Define
 * GRUNDY_NO_DEPRECATION_WARNINGS to silence the warnings.
 */
#if defined(GRUNDY_NO_DEPRECATION_WARNINGS)
#define GRUNDY_DEPRECATED(msg) GRUNDY_API
#elif defined(__cplusplus) && __cplusplus >= 201402L
#define GRUNDY_DEPRECATED(msg) [[deprecated(msg)]] GRUNDY_API
#elif defined(__GNUC__) && (__GNUC__ >= 5 || defined(__clang__))
#define GRUNDY_DEPRECATED(msg) __attribute__((deprecated(msg))) GRUNDY_API
#else
#define GRUNDY_DEPRECATED(msg) GRUNDY_API
#endif

/* ------------------------------------------------------------------------ */
/** @name 1. Version and status codes
 *  The version lives here and only here; the build reads it from this header.
 *  Status values are fixed forever and never reused.
 *  @{ */

/** Major version: bumped on an incompatible ABI change (from 1.0 on). */
#define GRUNDY_VERSION_MAJOR 0
/** Minor version: bumped when functions are added (and, while the major
 *  version is 0, when the ABI changes: see docs/abi.md). */
#define GRUNDY_VERSION_MINOR 2
/** Patch version: bumped for fixes that change no interface. */
#define GRUNDY_VERSION_PATCH 0
/** The version as one comparable number: major*10000 + minor*100 + patch. */
#define GRUNDY_VERSION_NUMBER \
    (GRUNDY_VERSION_MAJOR * 10000 + GRUNDY_VERSION_MINOR * 100 + GRUNDY_VERSION_PATCH)

/**
 * @brief The version of the library actually linked, as "MAJOR.MINOR.PATCH".
 * @return A static string; never NULL.
 */
GRUNDY_API const char *grundy_version(void);

/**
 * @brief The version of the library actually linked, as #GRUNDY_VERSION_NUMBER
 *        computes it.  Compare it with the macro to detect a header/library mismatch.
 * @return The version number.
 */
GRUNDY_API uint32_t grundy_version_number(void);

/** Success. */
#define GRUNDY_OK 0
/** An allocation failed; the operation had no effect. */
#define GRUNDY_ENOMEM (-1)
/** An argument is invalid (NULL where a pointer is required, an unknown
 *  constant, a method whose precondition fails: the handle's message says which). */
#define GRUNDY_EINVAL (-2)
/** The game has a cycle where the way of playing needs none; see
 *  grundy_graph_cycle_node(). */
#define GRUNDY_ECYCLE (-3)
/** Text input could not be parsed; see the handle's errmsg and errpos. */
#define GRUNDY_EPARSE (-4)
/** A node id, move index or value is out of range. */
#define GRUNDY_ERANGE (-5)
/** A count or size exceeds what the library supports, or a memory cap. */
#define GRUNDY_ELIMIT (-6)
/** The handle is not in a state that permits the call (no game defined
 *  yet, or called from the handle's own callback). */
#define GRUNDY_ESTATE (-7)
/** A progress callback asked to stop; values found so far are kept. */
#define GRUNDY_ECANCELED (-8)
/** This kind of handle does not offer this way of playing or method (the
 *  handle's message says which would). */
#define GRUNDY_ENOTSUP (-9)

/**
 * @brief A short English description of a status code.
 * @param status A value returned by a libgrundy function.
 * @return A static string; never NULL ("unknown status" for unknown codes).
 */
GRUNDY_API const char *grundy_strerror(int status);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 2. Outcomes and ways of playing
 *
 * Every call that computes takes a *play*: the way a sum of positions is
 * played.  Each play has a number per position from which the outcome of
 * its sums follows, and that number is what `grundy_H_value()` returns:
 *
 * | play | a sum is played | number of a position | one position is N iff |
 * | --- | --- | --- | --- |
 * | #GRUNDY_PLAY_NORMAL | move in one component; last mover wins | Sprague-Grundy value | value != 0 |
 * | #GRUNDY_PLAY_MISERE | move in one component; last mover loses | misère Grundy value | value != 0 |
 * | #GRUNDY_PLAY_WTIA | one component; who ends any component wins | w-number (#GRUNDY_SP, #GRUNDY_SC or a mex) | #GRUNDY_SC or value != 0 |
 * | #GRUNDY_PLAY_CONJUNCTIVE | move in every component; ends when any ends | remoteness | odd |
 * | #GRUNDY_PLAY_CONTINUED | every unfinished component; ends when all end | suspense number | odd |
 * | #GRUNDY_PLAY_SELECTIVE | any non-empty set of components | Sprague-Grundy value | value != 0 |
 * | #GRUNDY_PLAY_SHORTENED | as selective; ends when any ends | remoteness | odd |
 * | #GRUNDY_PLAY_LOOPY | one component; cycles allowed, draws possible | generalized SG value or #GRUNDY_INF | see grundy_graph_outcome() |
 *
 * The value of a sum (`grundy_H_sum_value()`) exists for normal play (the
 * xor of the values); other plays decide sums by their outcome.
 *
 * **Misère sums.**  No number decides a misère sum in general.  With
 * #GRUNDY_PLAY_MISERE the library picks the method: the SJ theorem when its
 * precondition holds (every value-0 position the sum can reach is terminal),
 * else genus symbols when every component is tame, else a memoized search
 * of the sum; `grundy_H_last_method()` reports which it used.  To require
 * one method, add its flag: `GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ`; a method
 * whose precondition fails is refused with #GRUNDY_EINVAL.  (Judges' "Anti-SG"
 * problems often apply the SJ rule where its precondition fails, where it can
 * differ from true misère play: grundy_numbers_sum_outcome() applies the rule
 * unchecked.)
 * @{ */

/** P-position: the Previous player (the one who just moved) wins. */
#define GRUNDY_P 0
/** N-position: the Next player (the one to move) wins. */
#define GRUNDY_N 1
/** Draw: neither player can force a win (loopy play only). */
#define GRUNDY_D 2

/** Normal play: disjunctive sums, the last player to move wins. */
#define GRUNDY_PLAY_NORMAL 0
/** Misère play: disjunctive sums, the last player to move loses. */
#define GRUNDY_PLAY_MISERE 1
/** "Winner takes it all" (diminished disjunctive compound): w-numbers. */
#define GRUNDY_PLAY_WTIA 2
/** Conjunctive compound: remoteness. */
#define GRUNDY_PLAY_CONJUNCTIVE 3
/** Continued conjunctive compound (Every-SG): suspense numbers. */
#define GRUNDY_PLAY_CONTINUED 4
/** Disjunctive sums of games with cycles: generalized Sprague-Grundy values. */
#define GRUNDY_PLAY_LOOPY 5
/** Selective compound: Sprague-Grundy values. */
#define GRUNDY_PLAY_SELECTIVE 6
/** Shortened selective compound: remoteness. */
#define GRUNDY_PLAY_SHORTENED 7

/** Misère sums: require the SJ theorem (Anti-SG). */
#define GRUNDY_BY_SJ 0x100
/** Misère sums: require genus symbols (every component tame). */
#define GRUNDY_BY_GENUS 0x200
/** Misère sums: require the memoized search of the sum. */
#define GRUNDY_BY_SEARCH 0x300
/** The bits of a play that name a method. */
#define GRUNDY_BY_MASK 0xf00

/** w-number of a super-losing position: the player to move has already lost. */
#define GRUNDY_SP 0xffffffffu
/** w-number of a super-winning position: a move reaches a #GRUNDY_SP position. */
#define GRUNDY_SC 0xfffffffeu
/** #GRUNDY_SP as a 64-bit w-number (grundy_nim_levels_value()). */
#define GRUNDY_SP64 UINT64_MAX
/** #GRUNDY_SC as a 64-bit w-number (grundy_nim_levels_value()). */
#define GRUNDY_SC64 (UINT64_MAX - 1)
/** Generalized Sprague-Grundy value "infinity" (loopy play). */
#define GRUNDY_INF 0xffffffffu
/** In a winning move of a sum: this component is not moved. */
#define GRUNDY_NO_MOVE UINT64_MAX
/** From an errpos call: the last failure was not about a place in a text. */
#define GRUNDY_NO_POS SIZE_MAX
/** How many genus terms (gamma_0 ... ) libgrundy computes per position
 *  (grundy_heap_game_genus(), grundy_graph_genus()). */
#define GRUNDY_GENUS_TERMS 12

/**
 * @brief The outcome of a sum from its components' numbers alone (no
 *        handle), for the plays whose numbers decide sums: normal,
 *        selective (Sprague-Grundy values), WTIA (w-numbers), conjunctive and
 *        shortened selective (remoteness), continued conjunctive (suspense
 *        numbers), and `GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ` (the SJ rule on
 *        Sprague-Grundy values; the caller vouches for its precondition).
 *        O(n).
 * @param play    The play.
 * @param numbers The components' numbers (may be NULL when n is 0).
 * @param n       How many.
 * @return #GRUNDY_P or #GRUNDY_N; #GRUNDY_EINVAL for an unknown play or
 *         numbers NULL with n > 0; #GRUNDY_ENOTSUP for misère play without
 *         #GRUNDY_BY_SJ and for loopy play (numbers do not decide them).
 */
GRUNDY_API int grundy_numbers_sum_outcome(int play, const uint32_t *numbers, size_t n);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 3. Nim and its relatives
 *
 * Closed forms: no handle, no allocation, O(number of heaps).  They follow
 * the handles' names and shapes, with heaps as positions and the number of
 * tokens taken as the move: a winning move writes, for each heap i,
 * `moves[i]`, the tokens to take from it, or #GRUNDY_NO_MOVE.  Each takes
 * #GRUNDY_PLAY_NORMAL and, where a closed form is known, #GRUNDY_PLAY_MISERE;
 * another play returns #GRUNDY_ENOTSUP.  A winning move that would take a
 * whole heap (or step) of 2^64 - 1 tokens is refused with #GRUNDY_ERANGE:
 * it would read as #GRUNDY_NO_MOVE.
 * @{ */

/**
 * @brief The value of a sum of Nim heaps (or of any games with these
 *        Sprague-Grundy values): their nim-sum, the bitwise xor.
 * @param play  #GRUNDY_PLAY_NORMAL.
 * @param heaps Heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @param value Out: the xor.
 * @return #GRUNDY_OK; #GRUNDY_EINVAL on NULL pointers; #GRUNDY_ENOTSUP for
 *         another play.
 */
GRUNDY_API int grundy_nim_sum_value(int play, const uint64_t *heaps, size_t n,
                                    uint64_t *value);

/**
 * @brief The outcome of a sum of Nim heaps.  Normal play: N iff the xor is
 *        non-zero.  Misère play: if every heap has at most one token, N iff
 *        the number of one-token heaps is even (with no tokens at all the
 *        player to move has already won); otherwise N iff the xor is non-zero.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE.
 * @param heaps Heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_nim_sum_outcome(int play, const uint64_t *heaps, size_t n);

/**
 * @brief A winning move in a sum of Nim heaps: in the first heap where one
 *        exists.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE.
 * @param heaps Heap sizes.
 * @param n     How many heaps.
 * @param moves Out: n entries; `moves[i]` the tokens to take from heap i,
 *              #GRUNDY_NO_MOVE for every other heap.
 * @return 1 if found; 0 if the sum is a P-position (misère: or no tokens are
 *         left, the player to move having already won); #GRUNDY_EINVAL,
 *         #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_nim_sum_winning_move(int play, const uint64_t *heaps, size_t n,
                                           uint64_t *moves);

/**
 * @brief Every winning move in a sum of Nim heaps, heap by heap (a Nim
 *        position has at most one winning move per heap).  O(n).
 * @param play       #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE.
 * @param heaps      Heap sizes.
 * @param n          How many heaps.
 * @param components Out (may be NULL): up to @p cap heap indices, increasing.
 * @param moves      Out: up to @p cap token counts, `moves[j]` taken from
 *                   heap `components[j]`.
 * @param cap        The room in @p components and @p moves.
 * @param count      Out: how many winning moves there are (may exceed cap).
 * @return #GRUNDY_OK, #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_nim_sum_winning_moves(int play, const uint64_t *heaps, size_t n,
                                            size_t *components, uint64_t *moves, size_t cap,
                                            size_t *count);

/**
 * @brief The Sprague-Grundy value of one heap of bounded Nim, where a move
 *        takes 1 to @p max_take tokens: heap mod (max_take + 1).
 * @param max_take At least 1; UINT64_MAX means unbounded (plain Nim).
 * @param play     #GRUNDY_PLAY_NORMAL.
 * @param heap     The number of tokens.
 * @param value    Out: the value.
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for max_take 0 or a NULL pointer;
 *         #GRUNDY_ENOTSUP for another play.
 */
GRUNDY_API int grundy_bounded_nim_value(uint64_t max_take, int play, uint64_t heap,
                                        uint64_t *value);

/**
 * @brief The outcome of a sum of bounded Nim heaps (each move takes 1 to
 *        @p max_take tokens from one heap).
 * @param max_take At least 1.
 * @param play     #GRUNDY_PLAY_NORMAL.
 * @param heaps    Heap sizes.
 * @param n        How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_bounded_nim_sum_outcome(uint64_t max_take, int play,
                                              const uint64_t *heaps, size_t n);

/**
 * @brief A winning move in a sum of bounded Nim heaps.
 * @param max_take At least 1.
 * @param play     #GRUNDY_PLAY_NORMAL.
 * @param heaps    Heap sizes.
 * @param n        How many heaps.
 * @param moves    Out: n entries, as grundy_nim_sum_winning_move().
 * @return 1 if found, 0 if the sum is a P-position; #GRUNDY_EINVAL,
 *         #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_bounded_nim_sum_winning_move(uint64_t max_take, int play,
                                                   const uint64_t *heaps, size_t n,
                                                   uint64_t *moves);

/**
 * @brief The outcome of staircase Nim.
 *
 * `steps[i]` coins stand on step i; step 0 is the floor, where coins are out
 * of play.  A move takes one or more coins from a step i >= 1 down to step
 * i - 1.  The position is Nim on the odd steps: N iff the xor of the odd
 * steps is non-zero (coins moved from an even step can be moved straight back
 * down by the opponent, so even steps do not count).
 * @param play  #GRUNDY_PLAY_NORMAL.
 * @param steps Coins per step, step 0 first (may be NULL when n is 0).
 * @param n     How many steps, the floor included.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_staircase_nim_outcome(int play, const uint64_t *steps, size_t n);

/**
 * @brief A winning staircase Nim move.
 * @param play  #GRUNDY_PLAY_NORMAL.
 * @param steps Coins per step, step 0 first.
 * @param n     How many steps, the floor included.
 * @param moves Out: n entries; `moves[i]` the coins to move from step i down
 *              to step i - 1 (an odd step), #GRUNDY_NO_MOVE elsewhere.
 * @return 1 if found, 0 if the position is P; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_staircase_nim_winning_move(int play, const uint64_t *steps, size_t n,
                                                 uint64_t *moves);

/**
 * @brief Nim on levels (a seed problem, played "winner takes it all"): the
 *        w-number of one super-heap, a stack of heaps from which a move takes
 *        one or more coins from the top non-empty heap; whoever empties a
 *        super-heap wins.
 * @param play  #GRUNDY_PLAY_WTIA.
 * @param heaps The heap sizes from the bottom up (zeros are ignored).
 * @param k     How many.
 * @param value Out: the w-number: a number, or #GRUNDY_SP64 (no coins),
 *              or #GRUNDY_SC64 (one non-empty heap).
 * @return #GRUNDY_OK; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP; #GRUNDY_ELIMIT for a
 *         w-number of 2^64 - 2 or more (it would read as #GRUNDY_SC64 or
 *         #GRUNDY_SP64; only a top heap that large has one).
 */
GRUNDY_API int grundy_nim_levels_value(int play, const uint64_t *heaps, size_t k,
                                       uint64_t *value);

/**
 * @brief The outcome of Nim on levels with @p n super-heaps, stored one
 *        after another in @p heaps (super-heap i has `counts[i]` heaps,
 *        bottom first), from their w-numbers.
 * @param play   #GRUNDY_PLAY_WTIA.
 * @param heaps  All heap sizes.
 * @param counts Heaps per super-heap.
 * @param n      How many super-heaps.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_nim_levels_sum_outcome(int play, const uint64_t *heaps,
                                             const size_t *counts, size_t n);

/**
 * @brief A winning move in Nim on levels with @p n super-heaps, stored one
 *        after another in @p heaps (super-heap i has `counts[i]` heaps,
 *        bottom first).
 * @param play   #GRUNDY_PLAY_WTIA.
 * @param heaps  All heap sizes.
 * @param counts Heaps per super-heap.
 * @param n      How many super-heaps.
 * @param moves  Out: n entries; `moves[i]` the coins to take from the top
 *               non-empty heap of super-heap i, #GRUNDY_NO_MOVE elsewhere.
 * @return 1 if found; 0 if the position is lost (or already over);
 *         #GRUNDY_EINVAL, #GRUNDY_ENOTSUP.
 */
GRUNDY_API int grundy_nim_levels_sum_winning_move(int play, const uint64_t *heaps,
                                                  const size_t *counts, size_t n,
                                                  uint64_t *moves);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 4. Handles: memory, progress, errors
 *
 * Every handle is created by `grundy_H_new(&h, ..., alloc)`, whose last
 * argument is the allocator (NULL for malloc/realloc/free), and released by
 * `grundy_H_free(h)`.  Every handle keeps a message about its most recent
 * failure (`grundy_H_errmsg()`); the handles that read text (graphs, heap
 * games) also keep where in the text it was (`grundy_H_errpos()`).  Every
 * handle whose computations can run long takes a progress callback
 * (`grundy_H_set_progress()`), which can also stop them.
 * @{ */

/**
 * @brief A caller-supplied allocator.
 *
 * The layout of this struct is frozen: it will never gain, lose or reorder
 * fields (a different allocator interface would be a new type).  The library
 * copies it when a handle is created, so it need not outlive the call.
 * `realloc_fn` and `free_fn` are only ever given pointers that came from this
 * allocator; `free_fn` is never given NULL.
 */
typedef struct grundy_allocator {
    /** Like malloc(size). */
    void *(*malloc_fn)(void *user, size_t size);
    /** Like realloc(ptr, size); ptr is never NULL and size never 0. */
    void *(*realloc_fn)(void *user, void *ptr, size_t size);
    /** Like free(ptr). */
    void (*free_fn)(void *user, void *ptr);
    /** Passed unchanged as the first argument of each function. */
    void *user;
} grundy_allocator;

/**
 * @brief Progress report for long operations.  It runs inside the
 *        operation, so it must not call functions of the handle at work
 *        (other handles are free to use): those that would change or
 *        compute refuse with #GRUNDY_ESTATE (setters returning nothing
 *        leave the handle as it is), and freeing it is undefined.
 * @param user  The pointer given with the callback.
 * @param done  Units of work finished so far.
 * @param total Units of work in all (0 when unknown).
 * @return 0 to go on; any other value stops the operation, which then
 *         returns #GRUNDY_ECANCELED.
 */
typedef int (*grundy_progress_fn)(void *user, uint64_t done, uint64_t total);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 5. Heap games: octal, hexadecimal, subtraction, Grundy's game, Lasker's Nim
 *
 * Games played on heaps of tokens where a move takes tokens from one heap and
 * may leave the rest as up to three heaps.  A position is a heap size; a sum
 * is an array of heap sizes.  The value sequence G(0), G(1), ... is computed
 * once, stored, and, where a theorem allows, proved periodic, after which
 * every value comes from the period.  The guide's @ref games_heaps page has
 * the theory; @ref limits_heaps lists every limit a call can meet.
 *
 * Create an empty game with grundy_heap_game_new(), then give its rules by
 * name with grundy_heap_game_parse() (as in `grundy values GAME N`), as a
 * subtraction set with grundy_heap_game_set_subtraction(), or, for Grundy's
 * game and Lasker's Nim, as a family with grundy_heap_game_set_family().
 * The names:
 * - an octal code `d0.d1d2d3...` (`0.77` is Kayles): digit dk says what
 *   removing k tokens may leave, bit 1 nothing, bit 2 one heap, bit 4 two
 *   non-empty heaps; at most 4095 digits after the point.  `d0` is
 *   optional and may have bits 4 and 8 only (split without removing:
 *   `4.07`);
 * - a hexadecimal code: any digit above 7, bit 8 leaving three heaps (`0.F`);
 * - `sub:S1,S2,...`: remove S1, S2, ... tokens, each 1 to 2^32 - 1;
 * - `allbut:X1,X2,...`: remove any number of tokens but X1, X2, ..., each
 *   1 to 2^20, at least one;
 * - `grundy` (split a heap into two unequal heaps) and `lasker` (remove any
 *   number of tokens, or split a heap into two).
 *
 * **Moves.**  The moves of a heap h are listed in this order, and move k is
 * the k-th of the list (grundy_heap_game_move() reads it): by the number r
 * of tokens removed, increasing (r = 0 for the splits of digit d0, then each
 * r with a non-zero digit, or each set member of a subtraction game); for
 * one r, leaving no heap, then one heap (h - r), then two heaps (a, h - r - a)
 * for a = 1, 2, ... up to half, then three heaps (a, b, c) with
 * a <= b <= c in increasing (a, b).  Grundy's game lists its splits (a, h - a)
 * for a = 1, 2, ... below half; Lasker's Nim lists r = 1 ... h, then its
 * splits; an all-but game lists every r = 1 ... h but the excluded ones.
 *
 * **Periods** are claimed only when proved: by the periodicity theorem of
 * Guy and Smith from a finite check of the values (@ref games_periods), for
 * subtraction games (a `sub:` set, or a code of digits 0 and 3) by the
 * *window proof*: the first window of max(S) values that comes back,
 * compared value by value (@ref games_subtraction).  Grundy's game never
 * gets a period.  **Arithmetic periods**, G(n + p) = G(n) + s with s > 0,
 * are proved for all-but games (by a finite certificate) and Lasker's Nim
 * (by its closed form), reported as observed, not proved, for hexadecimal
 * codes, and never looked for in finite octal games (@ref games_arith).
 * Once a regularity is proved, every heap below 2^64 has its value in O(1);
 * values past 2^32 - 1 come from grundy_heap_game_value64() and
 * grundy_heap_game_sum_value64(), and the outcome and winning moves of a
 * sum of such heaps are exact whatever its values (below 2^64).
 *
 * **Plays.**  This version computes heap games under #GRUNDY_PLAY_NORMAL
 * and #GRUNDY_PLAY_MISERE; every other play returns #GRUNDY_ENOTSUP.
 *
 * **Misère play.**  The misère Grundy value of a position is the mex of its
 * options' misère values, a position with no move having value 1; a
 * position is N iff its value is not 0 (@ref games_heaps_misere).  Misère
 * values, of one heap and of sums alike, are found by a memoized search over
 * sums of heaps: exponential in the heap sizes of games whose moves split
 * heaps, linear for the others.  Its memo is kept across calls (what a call
 * found stays, even when it fails) and freed with the game.  What one call
 * may cost is capped: it examines at most 2^25 sums of heaps by default
 * (grundy_heap_game_set_search_limit()) and holds at most 32 bytes per sum
 * of that limit (1 GiB; 64 MiB at least); it takes heaps of at most
 * 2^32 - 2 tokens (256 in games whose moves split heaps) and sums that can
 * become at most 64 heaps with moves.  Past any of these a call fails with
 * #GRUNDY_ELIMIT and a message naming the limit.
 *
 * Misère calls take a method flag as graphs do: none or #GRUNDY_BY_SEARCH
 * searches; #GRUNDY_BY_GENUS applies misère Nim's rule to the heaps' genus
 * symbols (grundy_heap_game_genus()), refused with #GRUNDY_EINVAL unless
 * every heap is tame; #GRUNDY_BY_SJ is refused with #GRUNDY_EINVAL (its
 * precondition concerns every sum the heaps reach).
 * grundy_heap_game_last_method() tells which was used.
 *
 * @code
 * grundy_heap_game *kayles;
 * grundy_heap_game_new(&kayles, NULL);
 * grundy_heap_game_parse(kayles, "0.77", 4);
 * uint32_t v;
 * grundy_heap_game_value(kayles, GRUNDY_PLAY_MISERE, 4, &v);     // 0: P
 * uint64_t heaps[2] = {3, 4}, moves[2];
 * grundy_heap_game_sum_winning_move(kayles, GRUNDY_PLAY_MISERE, heaps, 2, moves);
 * grundy_heap_game_free(kayles);
 * @endcode
 * @{ */

/** An opaque heap game with its computed values. */
typedef struct grundy_heap_game grundy_heap_game;

/** grundy_heap_game_set_family(): Grundy's game, the rules of the name
 *  `grundy` (split a heap into two unequal heaps). */
#define GRUNDY_HEAP_GRUNDY 1
/** grundy_heap_game_set_family(): Lasker's Nim, the rules of the name
 *  `lasker` (remove any number of tokens, or split a heap into two). */
#define GRUNDY_HEAP_LASKER 2

/**
 * @brief Create a heap game with no rules yet: give them with
 *        grundy_heap_game_parse(), grundy_heap_game_set_subtraction() or
 *        grundy_heap_game_set_family().
 * @param out   Out: the game, to be released with grundy_heap_game_free().
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_new(grundy_heap_game **out, const grundy_allocator *alloc);

/** @brief Release a heap game.  NULL is a no-op.
 *  @param game The game. */
GRUNDY_API void grundy_heap_game_free(grundy_heap_game *game);

/**
 * @brief Give a game with no rules yet its rules by name (see above).
 *        O(len).
 * @param game The game, with no rules yet.
 * @param name The name or code; need not be NUL-terminated.
 * @param len  Its length in bytes.
 * @return #GRUNDY_OK; #GRUNDY_EPARSE with grundy_heap_game_errmsg() saying
 *         why and grundy_heap_game_errpos() the offset of the offending
 *         character (the game keeps no rules then); #GRUNDY_ELIMIT for codes
 *         of more than 4095 digits after the point (errpos: the first digit
 *         too many) or subtraction amounts above 2^32 - 1 (errpos: the amount;
 *         the message names the limit);
 *         #GRUNDY_ESTATE if the game has rules; #GRUNDY_ENOMEM; #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_parse(grundy_heap_game *game, const char *name, size_t len);

/**
 * @brief Give a game with no rules yet the rules of the subtraction game
 *        with the given set.  O(n log n) time, O(n) memory (the sorted
 *        amounts, whatever the largest).
 * @param game The game, with no rules yet.
 * @param set  The amounts a move may remove, each 1 to 2^32 - 1: any
 *             `uint32_t` but 0 (any order; repeats ignored).
 * @param n    How many, at least 1.
 * @return #GRUNDY_OK; #GRUNDY_EINVAL (empty set, zero amount, NULL: the
 *         message names the entry); #GRUNDY_ESTATE if the game has rules;
 *         #GRUNDY_ENOMEM.
 */
GRUNDY_API int grundy_heap_game_set_subtraction(grundy_heap_game *game, const uint32_t *set,
                                                size_t n);

/**
 * @brief Give a game with no rules yet the rules of a family that takes no
 *        parameters: the same rules, values, moves and proofs as its name
 *        given to grundy_heap_game_parse(), without reading a name.  A
 *        program that calls this and not grundy_heap_game_parse() leaves
 *        the name reader, and the engines other rules need, out of a
 *        single-header edition cut to its calls (docs/contest.md).  O(1)
 *        time and memory; the game owns the rules it makes, which it frees
 *        with itself.
 * @param game   The game, with no rules yet.
 * @param family #GRUNDY_HEAP_GRUNDY (Grundy's game, the name `grundy`) or
 *               #GRUNDY_HEAP_LASKER (Lasker's Nim, the name `lasker`).
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for any other @p family (the message
 *         names it) or a NULL game; #GRUNDY_ESTATE if the game has rules;
 *         #GRUNDY_ENOMEM.  On failure the game keeps the rules it had, or
 *         none.
 */
GRUNDY_API int grundy_heap_game_set_family(grundy_heap_game *game, int family);

/**
 * @brief A description of the most recent failure on this game, naming what
 *        and where (e.g. "digit 9 at offset 3 is not octal or hexadecimal").
 *        Read it right after a call that failed; after a success its content
 *        is unspecified.
 * @param game The game.
 * @return A string owned by the game, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_heap_game_errmsg(const grundy_heap_game *game);

/**
 * @brief Where in the name given to grundy_heap_game_parse() its most recent
 *        failure was: the byte offset of the offending character, from 0.
 * @param game The game.
 * @return The offset, or #GRUNDY_NO_POS if the last failure was not about
 *         the name.
 */
GRUNDY_API size_t grundy_heap_game_errpos(const grundy_heap_game *game);

/**
 * @brief Set the progress callback of computations (in values computed).
 *        From it, the game's functions that compute or answer from values
 *        return #GRUNDY_ESTATE and its setters do nothing;
 *        grundy_heap_game_computed() may be called.
 * @param game The game.
 * @param fn   The callback, or NULL.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_heap_game_set_progress(grundy_heap_game *game, grundy_progress_fn fn,
                                              void *user);

/**
 * @brief Make G(0) ... G(count - 1) available: compute the values not yet
 *        known, or nothing once a period is proved.  Octal games cost
 *        O(count * (t + count)) at most; subtraction games O(count * |S|),
 *        and with period detection on they first try the window proof of a
 *        period (see above), keeping at most @p count values, and stop
 *        there when it succeeds.
 * @param game  The game.
 * @param count How many values.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT (beyond 2^32 values
 *         stored), #GRUNDY_ECANCELED (values found so far are kept),
 *         #GRUNDY_ESTATE (no rules yet).
 */
GRUNDY_API int grundy_heap_game_compute(grundy_heap_game *game, uint64_t count);

/**
 * @brief How many values are stored (computed so far).
 * @param game The game.
 * @return The count (0 for NULL).
 */
GRUNDY_API uint64_t grundy_heap_game_computed(const grundy_heap_game *game);

/**
 * @brief Search for a proved period, computing values up to @p max heap sizes.
 *        Subtraction games use the window proof (see above): @p max bounds
 *        the values kept, and as the proof skips the values the smaller game
 *        decides, it may prove a period whose Guy-Smith bound is above
 *        @p max (`sub:1,2,1000003`: period 3 from 5 values).  Its cost is
 *        O(|S|) per value computed, plus O(t) per amount that changes the
 *        values (one hash of a window) and O(E + P) per amount checked.
 * @param game      The game.
 * @param max       The most values to compute (to keep, for subtraction games).
 * @param period    Out: the least period p.
 * @param preperiod Out: the least n0 with G(n + p) = G(n) for all n >= n0.
 * @return 1 if proved, 0 if not proved within @p max values (or the game has
 *         no finite t, or a saltus: see grundy_heap_game_arithmetic_period()),
 *         or a negative status as grundy_heap_game_compute().
 */
GRUNDY_API int grundy_heap_game_period(grundy_heap_game *game, uint64_t max, uint64_t *period,
                                       uint64_t *preperiod);

/**
 * @brief Search for an arithmetic period, G(n + p) = G(n) + s for every
 *        n >= preperiod, computing values up to @p max heap sizes: proved
 *        where a theorem or certificate applies (see above), otherwise as
 *        observed in the values.  The period is the least, and the
 *        preperiod the least for it.  Observed means: over the values
 *        computed, the relation holds from the preperiod on, for at least
 *        three periods and half the values; it says nothing of later values.
 *        Finite octal games and Grundy's game are only searched for s = 0.
 *        O(max) values computed, plus at most 64 * max steps of search.
 * @param game      The game.
 * @param max       The most values to compute.
 * @param period    Out: p (0 when none is found).
 * @param preperiod Out: the least n0.
 * @param saltus    Out: s (0: an ordinary period).
 * @param proved    Out: 1 if proved for every heap, 0 if only observed.
 * @return 1 if a regularity is found (proved or observed), 0 if none, or a
 *         negative status as grundy_heap_game_compute().
 */
GRUNDY_API int grundy_heap_game_arithmetic_period(grundy_heap_game *game, uint64_t max,
                                                  uint64_t *period, uint64_t *preperiod,
                                                  uint64_t *saltus, int *proved);

/**
 * @brief Cap the memory of the values a heap game stores.  A request for
 *        more values than fit fails at once with #GRUNDY_ELIMIT and a message
 *        naming the bytes it needs, unless the game may prove a period first
 *        (then the growth of the table is checked against the cap as it goes).
 * @param game  The game.
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_heap_game_set_memory_limit(grundy_heap_game *game, size_t bytes);

/**
 * @brief The number of one heap under @p play.  Normal play: G(heap), from
 *        the table, or from the period once one is proved (so any heap
 *        size is fine then, in O(1)), computing the table up to @p heap if
 *        needed; with period detection on, a heap beyond the table's
 *        2^32 - 1 values is answered by proving the period first, nothing
 *        computed up to the heap.  Misère play: the misère Grundy value, by the search (see above),
 *        whose memo later calls share.
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL, or #GRUNDY_PLAY_MISERE (with a method
 *              flag or not).
 * @param heap  The heap size.
 * @param value Out: the value.
 * @return As grundy_heap_game_compute(); #GRUNDY_ENOTSUP for another play;
 *         #GRUNDY_ELIMIT for a heap past 2^32 - 1 whose game has no period
 *         provable within 2^32 - 1 values kept (the message says how many
 *         the proof needs at least; a subtraction game whose values change
 *         past the limit, such as `sub:1,2,4294967295`, is refused at once);
 *         #GRUNDY_ERANGE if an arithmetic period takes G(heap) past
 *         2^32 - 1 (grundy_heap_game_value64() answers; the sum calls
 *         below take values up to 2^64 - 1, only
 *         grundy_heap_game_sum_value() returning #GRUNDY_ERANGE for a sum
 *         whose value passes 2^32 - 1); misère play: #GRUNDY_ELIMIT
 *         at the search's limits, #GRUNDY_EINVAL for a method that does
 *         not apply, #GRUNDY_ECANCELED, #GRUNDY_ENOMEM.
 */
GRUNDY_API int grundy_heap_game_value(grundy_heap_game *game, int play, uint64_t heap,
                                      uint32_t *value);

/**
 * @brief grundy_heap_game_value() for values of any size: with an
 *        arithmetic period they grow with the heap (Lasker's Nim:
 *        G(2^63) = 2^63 - 1).  O(1) once a regularity is proved.
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL.
 * @param heap  The heap size.
 * @param value Out: G(heap).
 * @return As grundy_heap_game_value(), never #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_heap_game_value64(grundy_heap_game *game, int play, uint64_t heap,
                                        uint64_t *value);

/**
 * @brief The numbers of heaps @p first ... first + count - 1 in one call.
 *        Normal play: O(count) once they are computed (or a period is
 *        proved).  Misère play: one search memo for the whole range.
 * @param game   The game.
 * @param play   #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE.
 * @param first  The first heap size.
 * @param count  How many.
 * @param values Out: @p count values.
 * @return As grundy_heap_game_value().
 */
GRUNDY_API int grundy_heap_game_values(grundy_heap_game *game, int play, uint64_t first,
                                       size_t count, uint32_t *values);

/**
 * @brief The outcome of one heap under @p play.
 * @param game The game.
 * @param play #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE.
 * @param heap The heap size.
 * @return #GRUNDY_N or #GRUNDY_P, or a negative status as grundy_heap_game_value().
 */
GRUNDY_API int grundy_heap_game_outcome(grundy_heap_game *game, int play, uint64_t heap);

/**
 * @brief The number of a sum of heaps.  Normal play: the xor of their
 *        values.  Misère play: the misère Grundy value of the whole sum, by
 *        the search (or, with #GRUNDY_BY_GENUS and tame heaps, misère Nim's
 *        rule: the xor of their values, xor 1 when none has the genus of a
 *        heap of two or more).
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps The heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @param value Out: the value of the sum.
 * @return As grundy_heap_game_value(): the heaps' values may pass
 *         2^32 - 1 (their xor may not: #GRUNDY_ERANGE then, and
 *         grundy_heap_game_sum_value64() answers).
 */
GRUNDY_API int grundy_heap_game_sum_value(grundy_heap_game *game, int play,
                                          const uint64_t *heaps, size_t n, uint32_t *value);

/**
 * @brief grundy_heap_game_sum_value() for values of any size: under an
 *        arithmetic period the heaps' values, and so their xor, grow with
 *        the heaps (Lasker's Nim: 2^63 and 5 are worth 2^63 - 1 xor 5).
 *        O(n) once a regularity is proved.
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps The heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @param value Out: the value of the sum (0 on failure).
 * @return As grundy_heap_game_value(), #GRUNDY_ERANGE only for a heap
 *         whose value passes 2^64 - 1 (Lasker's Nim at 2^64 - 1, worth
 *         2^64).
 */
GRUNDY_API int grundy_heap_game_sum_value64(grundy_heap_game *game, int play,
                                            const uint64_t *heaps, size_t n, uint64_t *value);

/**
 * @brief The outcome of a sum of heaps: N iff its number
 *        (grundy_heap_game_sum_value()) is not 0.
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps The heap sizes.
 * @param n     How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P, or a negative status as grundy_heap_game_value().
 */
GRUNDY_API int grundy_heap_game_sum_outcome(grundy_heap_game *game, int play,
                                            const uint64_t *heaps, size_t n);

/**
 * @brief A winning move in a sum of heaps, in the first heap where one
 *        exists: `moves[i]` is the move k to play in heap i (read it with
 *        grundy_heap_game_move()), #GRUNDY_NO_MOVE for every other heap.
 *        Normal play: O(n + the moves listed before it in the heaps up to
 *        that one), and under a proved arithmetic period O(n (e + p)) for
 *        removals and O(64 n p) for splits into two heaps when the saltus
 *        is a power of two (Lasker's Nim: any heaps below 2^64), with e the
 *        preperiod and p the period.  Misère play: the first move, heap by
 *        heap, that leaves a sum of misère value 0, each tried by the
 *        search.
 * @param game  The game.
 * @param play  #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps The heap sizes.
 * @param n     How many heaps.
 * @param moves Out: n entries.
 * @return 1 if found, 0 if the sum is a P-position (misère play: or no heap
 *         has a move, the player to move having won), or a negative status
 *         (#GRUNDY_ELIMIT for a heap beyond the values computed when no
 *         period is known and the move search would need them all, or when
 *         every winning move lies past 2^64 - 1 moves of its heap and so
 *         has no index).
 */
GRUNDY_API int grundy_heap_game_sum_winning_move(grundy_heap_game *game, int play,
                                                 const uint64_t *heaps, size_t n,
                                                 uint64_t *moves);

/**
 * @brief Every winning move in a sum of heaps, by heap then by move.
 *        O(the moves of every heap); under a proved arithmetic period as
 *        grundy_heap_game_sum_winning_move() per heap plus O(64 p) per
 *        move listed; misère play tries each by the search.
 * @param game       The game.
 * @param play       #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps      The heap sizes.
 * @param n          How many heaps.
 * @param components Out (may be NULL): up to @p cap heap indices.
 * @param moves      Out: up to @p cap moves, `moves[j]` played in heap
 *                   `components[j]`.
 * @param cap        The room in @p components and @p moves.
 * @param count      Out: how many winning moves there are (may exceed cap;
 *                   saturated at SIZE_MAX).
 * @return #GRUNDY_OK, or a negative status as grundy_heap_game_sum_winning_move().
 */
GRUNDY_API int grundy_heap_game_sum_winning_moves(grundy_heap_game *game, int play,
                                                  const uint64_t *heaps, size_t n,
                                                  size_t *components, uint64_t *moves,
                                                  size_t cap, size_t *count);

/**
 * @brief How many moves a heap of @p heap tokens has.  O(number of
 *        removal amounts).
 * @param game  The game.
 * @param heap  The heap size.
 * @param count Out: the number of moves.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE (no rules), #GRUNDY_EINVAL;
 *         #GRUNDY_ELIMIT if the heap has more than 2^64 - 1 moves (a
 *         hexadecimal game's three-heap splits of a heap past ~10^10).
 */
GRUNDY_API int grundy_heap_game_degree(grundy_heap_game *game, uint64_t heap, uint64_t *count);

/**
 * @brief The heaps that move @p k of a heap of @p heap tokens leaves (in the
 *        order of the list above).  O(number of removal amounts).
 * @param game   The game.
 * @param heap   The heap size.
 * @param k      The move, from 0.
 * @param parts  Out: up to @p cap heap sizes, increasing (may be NULL when cap is 0).
 * @param cap    The room in @p parts (3 always suffices).
 * @param nparts Out: how many heaps the move leaves (0 to 3).
 * @return #GRUNDY_OK, #GRUNDY_ERANGE if the heap has no move k,
 *         #GRUNDY_ESTATE, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_move(grundy_heap_game *game, uint64_t heap, uint64_t k,
                                     uint64_t *parts, size_t cap, size_t *nparts);

/**
 * @brief Cap what one misère call may cost: the most sums of heaps its
 *        search examines (every option it lists of every sum it expands,
 *        each sum expanded once and kept in the memo) before the call fails
 *        with #GRUNDY_ELIMIT and a message naming the limit.  Time grows
 *        with it, and it also caps the memory the search holds: 32 bytes
 *        per sum of the limit, 64 MiB at least.  The default, 2^25
 *        (33554432), is a few seconds and at most 1 GiB; the game's
 *        allocator bounds memory too.  Sums found before a limit stay in
 *        the memo.
 * @param game The game.
 * @param sums The limit, at least 1; 0 restores the default.
 */
GRUNDY_API void grundy_heap_game_set_search_limit(grundy_heap_game *game, uint64_t sums);

/**
 * @brief Which method the most recent successful misère call of this game
 *        used (a value, outcome or sum).
 * @param game The game.
 * @return #GRUNDY_BY_GENUS or #GRUNDY_BY_SEARCH; 0 if no misère call has
 *         succeeded yet (or @p game is NULL).
 */
GRUNDY_API int grundy_heap_game_last_method(const grundy_heap_game *game);

/**
 * @brief Conway's genus symbol of a heap, as grundy_graph_genus() gives it
 *        for a node: g^(gamma_0 gamma_1 ...), where g is the heap's
 *        Sprague-Grundy value and gamma_n the misère Grundy value of the
 *        heap plus n Nim heaps of size 2 (#GRUNDY_GENUS_TERMS terms).
 *        Computes the genus of every heap up to @p heap (kept for later
 *        calls) by the misère search, with its limits.
 * @param game  The game.
 * @param heap  The heap size.
 * @param gamma Out: up to @p cap terms gamma_0, gamma_1, ... (may be NULL
 *              when cap is 0); gamma_0 is the heap's misère value.
 * @param cap   The room in @p gamma.
 * @param tame  Out (may be NULL): 1 if the heap is tame: it and every
 *              position it can reach (sums of heaps) have genus
 *              0^(1 2 0 2 ...), 1^(0 3 1 3 ...) or a^(a, a xor 2, a, ...)
 *              over the terms computed.  Tame heaps add in misère play
 *              like Nim heaps (#GRUNDY_BY_GENUS).  Decided from the genus
 *              of every heap the moves leave (@ref games_heaps_misere).
 * @return #GRUNDY_OK; #GRUNDY_ELIMIT, #GRUNDY_ENOMEM, #GRUNDY_ECANCELED as
 *         the misère search; #GRUNDY_ESTATE; #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_genus(grundy_heap_game *game, uint64_t heap, uint32_t *gamma,
                                      size_t cap, int *tame);

/**
 * @brief Whether the game is tame up to @p max: every heap 0 ... max is
 *        tame as grundy_heap_game_genus() says (its genus, and that of
 *        every position it reaches, is one of Conway's tame forms:
 *        @ref games_heaps_misere).  The genus of each heap is computed
 *        upward, with the misère search's limits, and the answer given at
 *        the first wild one (`0.77` is wild from its heap of 5).
 * @param game The game.
 * @param max  The largest heap checked.
 * @return 1 if tame up to @p max, 0 if some heap up to it is not, or a
 *         negative status as grundy_heap_game_genus().
 */
GRUNDY_API int grundy_heap_game_tame(grundy_heap_game *game, uint64_t max);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 5b. Misère quotients of heap games
 *
 * In misère play (the player who cannot move wins) a sum of heaps is not
 * decided by xor, but by the game's *misère quotient* (Plambeck and Siegel;
 * the theory is on the guide's @ref quotients page): a finite commutative
 * monoid Q, a subset P of Q and a map Φ from heap sizes to Q such that the
 * sum of heaps h1 + ... + hk is a misère P-position exactly when
 * Φ(h1)·...·Φ(hk) is in P.
 *
 * A #grundy_quotient computes, heap by heap, the quotient of the sums of
 * heaps 0 ... n (@ref quotients_algorithm).  Every quotient it keeps has
 * passed a verification against the rules over every sum of the heaps
 * covered.  For a finite octal game (digits 0 to 7, at most two heaps left:
 * `0.77`, or a subtraction set written as a code) the computation stops
 * when the game is *solved*: Φ has period p from heap e on and Q has not
 * grown since before e, over L >= 2e + 2p + k + 2 heaps, k the last digit's
 * index (@ref quotients_proof).  Then Q is the quotient of every sum of any
 * heaps, and Φ(h) = Φ(e + (h - e) mod p) past the heaps computed.  No other
 * game (hexadecimal codes, Grundy's game, Lasker's Nim, all-but games,
 * `sub:` sets) is ever claimed solved: it is computed up to the heap asked.
 *
 * Elements are numbered 0 ... |Q| - 1 with 0 the identity (the empty sum),
 * in the order of the least sums of heaps that take them; generators are
 * named a, b, c, ... (g26, g27, ... past z), generator i being Φ of the
 * least heap whose element the earlier generators do not generate.
 *
 * @code
 * grundy_heap_game *kayles;
 * grundy_quotient *q;
 * grundy_heap_game_new(&kayles, NULL);
 * grundy_heap_game_parse(kayles, "0.77", 4);
 * grundy_quotient_new(&q, kayles, NULL);   // the rules are copied
 * grundy_heap_game_free(kayles);
 * if (grundy_quotient_compute(q, 1000) == GRUNDY_OK && grundy_quotient_solved(q, NULL, NULL)) {
 *     uint64_t sum[] = {7, 1000000, 12}, moves[3];
 *     int outcome = grundy_quotient_sum_outcome(q, sum, 3);       // GRUNDY_P or GRUNDY_N
 *     if (grundy_quotient_sum_winning_move(q, sum, 3, moves) == 1)
 *         ;   // moves[i]: move index in heap i (grundy_heap_game_move), or GRUNDY_NO_MOVE
 *     (void)outcome;
 * }
 * grundy_quotient_free(q);
 * @endcode
 * @{
 */

/** A misère quotient under computation (opaque). */
typedef struct grundy_quotient grundy_quotient;

/**
 * @brief Creates the quotient of a heap game, covering heap 0 (Q = {1}, P empty).
 * @param out   Out: the new quotient (NULL on failure).
 * @param game  The game; its rules are copied, so it may be freed after.
 * @param alloc The allocator (NULL: malloc and free).
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for NULL @p out or @p game (or an
 *         allocator missing a function); #GRUNDY_ESTATE if @p game has no
 *         rules yet; #GRUNDY_ENOMEM.
 */
GRUNDY_API int grundy_quotient_new(grundy_quotient **out, const grundy_heap_game *game,
                                   const grundy_allocator *alloc);

/** @brief Frees the quotient and all it holds; NULL does nothing.
 *  @param q The quotient. */
GRUNDY_API void grundy_quotient_free(grundy_quotient *q);

/**
 * @brief A description of the most recent failure on this quotient, naming
 *        what and where.  Read it right after a call that failed; after a
 *        success its content is unspecified.
 * @param q The quotient.
 * @return A string owned by the quotient, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_quotient_errmsg(const grundy_quotient *q);

/**
 * @brief Sets the progress callback of grundy_quotient_compute(), called
 *        after each heap with done = heaps covered and total = the bound
 *        + 1 (0 for a bound of UINT64_MAX).  While it runs, the quotient's
 *        calls that compute refuse with #GRUNDY_ESTATE and the setters do
 *        nothing.
 * @param q    The quotient (NULL: nothing happens).
 * @param fn   The callback, or NULL for none.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_quotient_set_progress(grundy_quotient *q, grundy_progress_fn fn,
                                             void *user);

/**
 * @brief A trace of the recalibrations of grundy_quotient_compute(): called
 *        once for each trial pretension verified while the quotient grows
 *        (an expansion at @p heap, when no element of the quotient so far
 *        fits it), never for a conservative extension.  It runs inside the
 *        computation under the rule of #grundy_progress_fn: the quotient's
 *        calls that compute refuse with #GRUNDY_ESTATE, its setters do
 *        nothing, and freeing it is undefined.
 * @param user      The pointer given with the callback.
 * @param heap      The heap under way.
 * @param order     The trial's order |Q|.
 * @param p_size    The size of the trial's P-portion.
 * @param failing   The heaps of a sum on which the trial fails verification,
 *                  increasing, with repeats, none past @p heap; owned
 *                  by the library and valid only during the call.  NULL when
 *                  the trial passed: it is then adopted, and is the quotient
 *                  of heaps 0 ... @p heap.
 * @param nfailing  The number of heaps in @p failing (0 when it is NULL).
 */
typedef void (*grundy_quotient_trace_fn)(void *user, uint64_t heap, uint32_t order,
                                         uint32_t p_size, const uint64_t *failing,
                                         size_t nfailing);

/**
 * @brief Sets the trace callback of grundy_quotient_compute() (NULL for
 *        none, the default): one call per trial verified, failing ones and
 *        the one adopted, so that the last call at a heap is the quotient
 *        kept.  A failing sum is copied for the call (O(its heaps) time and
 *        memory; #GRUNDY_ENOMEM from grundy_quotient_compute() if that
 *        fails), nothing otherwise.  Called from inside the progress or
 *        trace callback it does nothing.
 * @param q    The quotient (NULL: nothing happens).
 * @param fn   The callback, or NULL for none.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_quotient_set_trace(grundy_quotient *q, grundy_quotient_trace_fn fn,
                                          void *user);

/**
 * @brief Caps the memory of the computation's large tables (the monoids,
 *        trial monoids, the verifier's states) at @p bytes; 0 for no cap.
 *        Past it grundy_quotient_compute() and grundy_quotient_resume()
 *        fail with #GRUNDY_ELIMIT and a message naming the bytes.  From the
 *        progress or trace callback it does nothing.
 * @param q     The quotient (NULL: nothing happens).
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_quotient_set_memory_limit(grundy_quotient *q, size_t bytes);

/**
 * @brief Extends the quotient to heaps 0 ... @p max_heap, stopping early
 *        when the game is solved (then every later call returns at once).
 *        Time: per heap, the options of the heaps up to it, and at each
 *        growth of Q a reduction of the trial monoids (the old Q times a
 *        few cyclic factors) and a verification whose states are bounded
 *        by |Q| times the antichains of option sets (small in practice).
 *        Memory: a small quotient keeps its whole product table,
 *        O(|Q|^2); a larger one (the size: docs/performance.md, tuning
 *        figures) keeps the action of each generator and a word per
 *        element, O(|Q| times the generators), and a product then costs
 *        the length of a word.  The progress
 *        callback is also called between the attempts at one heap.
 * @param q        The quotient.
 * @param max_heap The largest heap to cover; UINT64_MAX goes on until the
 *                 game is solved or a limit stops it (heaps from 2^30 on are
 *                 never computed).
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for NULL; #GRUNDY_ESTATE from the
 *         progress or trace callback; #GRUNDY_ECANCELED when the progress
 *         callback stops it; #GRUNDY_ENOMEM; #GRUNDY_ELIMIT past the memory
 *         cap, past 2^24 elements (or trial monoids of 2^24), at heap
 *         2^30, or when no refinement passes verification (the message
 *         says which).  On
 *         every failure the quotient stays that of the last heap finished:
 *         consistent, usable, and resumable.
 */
GRUNDY_API int grundy_quotient_compute(grundy_quotient *q, uint64_t max_heap);

/** @brief The heaps covered: Q, P and Φ are those of heaps 0 ... heaps - 1.  O(1).
 *  @param q The quotient.
 *  @return The number of heaps covered (at least 1); 0 for NULL. */
GRUNDY_API uint64_t grundy_quotient_heaps(const grundy_quotient *q);

/**
 * @brief Whether the game is solved (proved, as the section says).
 * @param q         The quotient.
 * @param period    Out (may be NULL): the period p of Φ, or 0.
 * @param preperiod Out (may be NULL): the preperiod e, or 0.
 * @return 1 when solved, else 0 (and the outs 0).
 */
GRUNDY_API int grundy_quotient_solved(const grundy_quotient *q, uint64_t *period,
                                      uint64_t *preperiod);

/**
 * @brief Whether grundy_quotient_solved() can ever say 1 for this game: the
 *        misère periodicity theorem is applied to finite octal games only
 *        (at most two heaps left by a move, no moves past the code's last
 *        digit).  For any other game the quotient is computed as far as
 *        asked and never called solved, so a caller that computes "until
 *        solved" needs a bound of its own.  O(1).
 * @param q The quotient.
 * @return 1 or 0 (0 for NULL).
 */
GRUNDY_API int grundy_quotient_provable(const grundy_quotient *q);

/** @brief |Q|, the order of the quotient; always even past the trivial {1}.  O(1).
 *  @param q The quotient.
 *  @return The order; 0 for NULL. */
GRUNDY_API uint32_t grundy_quotient_order(const grundy_quotient *q);

/** @brief |P|, the size of the P-portion.  O(1).
 *  @param q The quotient.
 *  @return The size; 0 for NULL. */
GRUNDY_API uint32_t grundy_quotient_p_size(const grundy_quotient *q);

/**
 * @brief Whether element @p x is in P.  O(1).
 * @param q The quotient.
 * @param x The element.
 * @return 1 or 0; #GRUNDY_ERANGE for x >= |Q|; #GRUNDY_EINVAL for NULL.
 */
GRUNDY_API int grundy_quotient_is_p(const grundy_quotient *q, uint32_t x);

/**
 * @brief Whether the quotient is tame: |Q| <= 2, or |P| = 2 and |Q| - 2 a
 *        power of two (the quotients of misère Nim).  O(1).
 * @param q The quotient.
 * @return 1 if tame, 0 if not or for NULL.
 */
GRUNDY_API int grundy_quotient_tame(const grundy_quotient *q);

/**
 * @brief The product of elements @p x and @p y: O(1) while the quotient
 *        keeps its whole product table (see grundy_quotient_compute()),
 *        else the length of the least word of @p y.
 * @param q  The quotient.
 * @param x  An element.
 * @param y  An element.
 * @param xy Out: the product.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE for an element >= |Q|; #GRUNDY_EINVAL
 *         for NULL.  *xy is 0 on failure.
 */
GRUNDY_API int grundy_quotient_multiply(const grundy_quotient *q, uint32_t x, uint32_t y,
                                        uint32_t *xy);

/**
 * @brief Φ(heap), the element of a heap: for any heap once solved (from the
 *        period).  O(1).
 * @param q    The quotient.
 * @param heap The heap size.
 * @param x    Out: its element.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE past the heaps covered when not solved
 *         (the message says how far it is covered); #GRUNDY_EINVAL for
 *         NULL.  *x is 0 on failure.
 */
GRUNDY_API int grundy_quotient_phi(const grundy_quotient *q, uint64_t heap, uint32_t *x);

/** @brief The number of generators of the presentation.  O(1).
 *  @param q The quotient.
 *  @return The count; 0 for NULL. */
GRUNDY_API size_t grundy_quotient_generator_count(const grundy_quotient *q);

/**
 * @brief The heap whose element generator @p i is (generator i = Φ(*heap)).
 *        O(1).
 * @param q    The quotient.
 * @param i    The generator, from 0.
 * @param heap Out: the heap.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE for i >= the generator count;
 *         #GRUNDY_EINVAL for NULL.  *heap is 0 on failure.
 */
GRUNDY_API int grundy_quotient_generator_heap(const grundy_quotient *q, size_t i,
                                              uint64_t *heap);

/**
 * @brief The least word of element @p x in the generators (least by the
 *        last generator's exponent, then the one before, ...).
 * @param q         The quotient.
 * @param x         The element.
 * @param exponents Out: the exponent of each generator (all @p cap entries
 *                  written, 0 past the generators and on failure).
 * @param cap       The room in @p exponents: at least the generator count.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE for x >= |Q| or cap too small;
 *         #GRUNDY_EINVAL for NULL.
 */
GRUNDY_API int grundy_quotient_word(const grundy_quotient *q, uint32_t x, uint32_t *exponents,
                                    size_t cap);

/** @brief The number of relations of the presentation.  O(1).
 *  @param q The quotient.
 *  @return The count; 0 for NULL. */
GRUNDY_API size_t grundy_quotient_relation_count(const grundy_quotient *q);

/**
 * @brief Relation @p i of the presentation: word @p lhs = word @p rhs, as
 *        exponent vectors.  The relations are the least words that are not
 *        the least word of their element, each equal to that least word;
 *        they present Q, in increasing order of their left sides.
 *        O(generators).
 * @param q   The quotient.
 * @param i   The relation, from 0.
 * @param lhs Out: the exponents of its left side, one per generator.
 * @param rhs Out: the exponents of its right side, one per generator.
 * @param cap The room in @p lhs and in @p rhs: at least the generator count.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE for i past the relations or cap below
 *         the generator count; #GRUNDY_EINVAL for NULL.  All @p cap entries
 *         of both outs are written (0 on failure).
 */
GRUNDY_API int grundy_quotient_relation(const grundy_quotient *q, size_t i, uint32_t *lhs,
                                        uint32_t *rhs, size_t cap);

/**
 * @brief The presentation as text, the relations separated by ", ", such
 *        as `a^2 = 1, b^3 = b` (empty for the trivial quotient).
 * @param q   The quotient.
 * @param buf Out: the text, NUL-terminated (a prefix when it does not fit).
 * @param cap The room in @p buf, NUL included.
 * @param len Out: the bytes of the whole text, NUL excluded.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE if @p cap is too small;
 *         #GRUNDY_EINVAL for NULL.
 */
GRUNDY_API int grundy_quotient_presentation(const grundy_quotient *q, char *buf, size_t cap,
                                            size_t *len);

/**
 * @brief Element @p x written as its least word, as the presentation
 *        writes words: generators a, b, c, ... (g26, g27, ... past the
 *        26th) with exponents, such as `ab^2`; `1` for the identity.
 *        O(generators).
 * @param q   The quotient.
 * @param x   The element, below the order.
 * @param buf Out: the name, NUL-terminated (a prefix when it does not fit;
 *            may be NULL when @p cap is 0).
 * @param cap The room in @p buf, NUL included.
 * @param len Out: the bytes of the whole name, NUL excluded.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE for x past the order or @p cap too
 *         small; #GRUNDY_EINVAL for NULL.
 */
GRUNDY_API int grundy_quotient_element_name(const grundy_quotient *q, uint32_t x, char *buf,
                                            size_t cap, size_t *len);

/**
 * @brief The misère outcome of the sum of heaps[0 .. n), in O(n) products.
 * @param q     The quotient.
 * @param heaps The heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @return #GRUNDY_P or #GRUNDY_N; #GRUNDY_ERANGE for a heap past those
 *         covered when not solved; #GRUNDY_EINVAL for NULL.
 */
GRUNDY_API int grundy_quotient_sum_outcome(grundy_quotient *q, const uint64_t *heaps, size_t n);

/**
 * @brief A winning move of the sum of heaps[0 .. n) in misère play, as
 *        grundy_heap_game_sum_winning_move() gives it: moves[i] is the
 *        index of the move in heap i (as grundy_heap_game_move() numbers
 *        them), #GRUNDY_NO_MOVE for every other heap: the first winning
 *        move, by heap and then by index.  Time: O(n) plus the moves of
 *        the heaps tried (each one product); once solved (preperiod e,
 *        period p), of a heap's moves that leave heaps all at least e only
 *        those whose parts are new mod p are tried, O(e + p) a kind of
 *        move (removals of a run, splits into two heaps) whatever the
 *        heap's size.
 * @param q     The quotient.
 * @param heaps The heap sizes.
 * @param n     How many heaps.
 * @param moves Out: n entries.
 * @return 1 when found; 0 for a P-position (or no move); #GRUNDY_ERANGE,
 *         #GRUNDY_EINVAL as grundy_quotient_sum_outcome(); #GRUNDY_ENOMEM.
 *         Every entry of @p moves is written on every return.
 */
GRUNDY_API int grundy_quotient_sum_winning_move(grundy_quotient *q, const uint64_t *heaps,
                                                size_t n, uint64_t *moves);

/**
 * @brief Saves the state of the computation (the rules, Q, P, Φ) to the
 *        file @p path, atomically: a temporary file beside it, renamed.
 *        The format is text, versioned by its first line.
 * @param q    The quotient.
 * @param path The file's name, NUL-terminated.
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for NULL or a file that cannot be
 *         written (the message says why); #GRUNDY_ESTATE from the progress
 *         callback.
 */
GRUNDY_API int grundy_quotient_save(grundy_quotient *q, const char *path);

/**
 * @brief Loads a state saved by grundy_quotient_save() into @p q, to go on
 *        computing.  Nothing in the file is trusted: every count and index
 *        is checked, and the quotient loaded is verified against the rules
 *        over every sum, as a computed one is, before it replaces q's.
 * @param q    The quotient, made for the rules the file was saved with.
 * @param path The file's name, NUL-terminated.
 * @return #GRUNDY_OK; #GRUNDY_EINVAL for NULL, a file that cannot be read,
 *         or one saved for other rules; #GRUNDY_EPARSE for a file that is
 *         not a valid state (truncated, corrupt, or failing verification:
 *         the message says what and on which line); #GRUNDY_ENOMEM,
 *         #GRUNDY_ELIMIT; #GRUNDY_ESTATE from the progress callback.  On
 *         any failure q is unchanged.
 */
GRUNDY_API int grundy_quotient_resume(grundy_quotient *q, const char *path);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 6. Games described by rules
 *
 * A game given by callbacks instead of a graph.  A position is a byte string
 * of a fixed size chosen when the game is created (a `uint64_t` is a
 * position of 8 bytes, passed by its address).  A move generator lists the
 * options of a position; each option is a sum of zero or more component
 * positions, exactly like graph moves: one part is an ordinary move, several
 * a split, none the finished game.  Move k of a position is the k-th option
 * the generator lists for it, so the generator must list a position's
 * options in the same order every time.
 *
 * The game memoizes every position it evaluates, one table per play, so
 * evaluation generates a position's options once however often it is
 * reached, and evaluation is iterative: play 10^6 moves deep is fine.
 * Values computed stay valid for the life of the game, across calls and
 * across errors.  The numbers of one position under every play but the
 * loopy one come from this evaluation, and so do the outcomes of sums under
 * the plays that numbers decide.  What needs the positions' graph (loopy
 * play, misère and selective sums, the winning moves of sums under plays
 * other than normal) builds the graph of the positions the sum can reach
 * and answers as graphs do (section 7), so it needs them to be finite.
 * A misère sum searched there is capped as heap games' searches are
 * (grundy_game_set_search_limit()).
 * @{ */

/** An opaque rule-defined game with its memo tables. */
typedef struct grundy_game grundy_game;

/** The sink a move generator writes options into (valid during the call only). */
typedef struct grundy_options grundy_options;

/**
 * @brief A move generator: lists every option of @p pos with
 *        grundy_options_add() (or grundy_options_add_each() for several
 *        one-part options at once).  It runs inside the game's evaluation
 *        and must not call functions of the same game (those that evaluate
 *        refuse with #GRUNDY_ESTATE).
 * @param user The pointer given when the game was created.
 * @param pos  The position (the game's position size in bytes).  During
 *             evaluation it is canonical if a canonicalising callback is set;
 *             grundy_game_move() and the winning-move calls give it the
 *             component exactly as the caller gave it, so that a move index
 *             names a move from the caller's position.
 * @param out  Where options go.
 * @return 0, or a negative status to abort the evaluation, which then returns
 *         it (pass on any non-zero status of grundy_options_add()).  Any
 *         other non-zero value aborts with #GRUNDY_EINVAL.
 */
typedef int (*grundy_moves_fn)(void *user, const void *pos, grundy_options *out);

/** @brief A move generator for `uint64_t` positions, for grundy_game_new_u64();
 *         as #grundy_moves_fn with the position by value.
 *  @param user The pointer given when the game was created.
 *  @param pos  The position.
 *  @param out  Where options go (grundy_options_add() with `uint64_t` parts). */
typedef int (*grundy_moves_u64_fn)(void *user, uint64_t pos, grundy_options *out);

/**
 * @brief Optional: rewrites @p pos in place into a canonical representative
 *        of its class, so that symmetric positions share one memo entry
 *        (e.g. sort the heaps of a multi-heap position).  Must be idempotent
 *        and must map together only positions that have equal numbers under
 *        every play.
 * @param user The pointer given when the game was created.
 * @param pos  The position (the game's position size in bytes).
 */
typedef void (*grundy_canon_fn)(void *user, void *pos);

/** @brief A canonicalising callback for `uint64_t` positions, for
 *         grundy_game_set_canon_u64(); as #grundy_canon_fn with the position
 *         by value and its canonical form returned.
 *  @param user The pointer given when the game was created.
 *  @param pos  The position.
 *  @return The canonical representative of @p pos's class. */
typedef uint64_t (*grundy_canon_u64_fn)(void *user, uint64_t pos);

/**
 * @brief Create a game whose positions are @p pos_size bytes long.
 * @param out      Out: the game, to be released with grundy_game_free().
 * @param pos_size Bytes per position, 1 to 65536.
 * @param moves    The move generator.
 * @param user     Passed to every callback.
 * @param alloc    Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_new(grundy_game **out, size_t pos_size, grundy_moves_fn moves,
                               void *user, const grundy_allocator *alloc);

/**
 * @brief **Convenience**: grundy_game_new() with 8-byte positions and a
 *        generator that receives the position as a `uint64_t` value.  Every
 *        other call takes positions by address, as for any game.
 * @param out   Out: the game, to be released with grundy_game_free().
 * @param moves The move generator.
 * @param user  Passed to every callback.
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_new_u64(grundy_game **out, grundy_moves_u64_fn moves, void *user,
                                   const grundy_allocator *alloc);

/**
 * @brief Create a game whose positions are the integers below @p bound
 *        (bitmasks of a board, heap tuples packed into an index): its memo
 *        is a flat array indexed by the position, one byte per position
 *        while numbers fit in it, with no hashing.
 *
 * Every other call takes positions as `uint64_t` values by address, as for
 * grundy_game_new_u64().  Choose it over grundy_game_new_u64() when most
 * positions below the bound are reached (the array is as large as the bound,
 * reached or not; a hashed memo takes about 16 bytes per position reached):
 * it is then several times faster and smaller (in the contest edition too,
 * unless cut with --lean).  A position at or above the
 * bound, given by the caller, made by the generator or by the canonical
 * form, fails the call with #GRUNDY_ERANGE and a message naming it.  The
 * array of a way of playing is allocated at its first evaluation
 * (@p bound bytes, within the memory cap); numbers above a bound below 256
 * (docs/performance.md's tuning figures) are kept beside it in a hash
 * table.
 * @param out   Out: the game, to be released with grundy_game_free().
 * @param bound Every position is below it; 1 to SIZE_MAX.
 * @param moves The move generator.
 * @param user  Passed to every callback.
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL (no generator, a bound
 *         of 0 or above SIZE_MAX).
 */
GRUNDY_API int grundy_game_new_dense(grundy_game **out, uint64_t bound, grundy_moves_u64_fn moves,
                                     void *user, const grundy_allocator *alloc);

/** @brief Release a game and its memo tables.  NULL is a no-op.
 *  @param game The game. */
GRUNDY_API void grundy_game_free(grundy_game *game);

/**
 * @brief A description of the most recent failure on this game.
 *
 * Read it right after a call that failed.  Every failure with more to say
 * than its status writes its message here: a cycle in the rules, the memory
 * cap (and where it was met), an option the play does not allow, a move
 * generator that failed, a setting changed after positions were stored, a
 * method whose precondition fails.  A call that fails with #GRUNDY_ENOMEM,
 * or for an invalid argument (a NULL pointer, an unknown constant), may
 * leave the string empty or as an earlier failure left it; after a success
 * its content is unspecified.
 * @param game The game.
 * @return A string owned by the game, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_game_errmsg(const grundy_game *game);

/**
 * @brief Set (or with NULL remove) the canonicalising callback.  Only
 *        before the first evaluation: memo entries are keyed by canonical form.
 * @param game  The game.
 * @param canon The callback.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if positions are already stored,
 *         #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_set_canon(grundy_game *game, grundy_canon_fn canon);

/**
 * @brief **Convenience**: grundy_game_set_canon() for a game of 8-byte
 *        positions (grundy_game_new_u64(), grundy_game_new_dense(), or
 *        grundy_game_new() with a size of 8), with a callback that receives
 *        the position as a `uint64_t` value and returns its canonical form.
 *        It computes what the same mapping set with grundy_game_set_canon()
 *        computes.  It replaces a callback set by either call (one game has
 *        one canonical form); NULL removes it.  Only before the first
 *        evaluation.  Constant time; never allocates.
 * @param game  The game.
 * @param canon The callback, or NULL.  It runs where the other would, under
 *              the same rules (idempotent, never calls into the game).
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if positions are already stored,
 *         #GRUNDY_EINVAL (a NULL game, or positions that are not 8 bytes
 *         long, with a message).
 */
GRUNDY_API int grundy_game_set_canon_u64(grundy_game *game, grundy_canon_u64_fn canon);

/**
 * @brief Cap the memory of the memo tables, evaluation stacks and position
 *        graphs.  When a computation would pass it, it returns
 *        #GRUNDY_ELIMIT instead of growing (values found so far are kept).
 * @param game  The game.
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_game_set_memory_limit(grundy_game *game, size_t bytes);

/**
 * @brief Cap what one misère search of a sum may cost, as
 *        grundy_heap_game_set_search_limit() caps a heap game's: the most
 *        sums of positions the search examines (every option it lists of
 *        every sum it expands, each sum expanded once) before the call
 *        fails with #GRUNDY_ELIMIT and a message naming the limit, its
 *        value and this call.  The search is that of the misère sum calls
 *        that search (grundy_game_sum_outcome(),
 *        grundy_game_sum_winning_move() and
 *        grundy_game_sum_winning_moves() under #GRUNDY_PLAY_MISERE, with
 *        #GRUNDY_BY_SEARCH or when neither the SJ theorem nor genus
 *        symbols decide the sum), exponential in the positions' sizes.
 *        Time grows with the limit, and it also caps the memory the search
 *        holds: 32 bytes per sum of the limit, 64 MiB at least (or what
 *        grundy_game_set_memory_limit() leaves, if less).  The default,
 *        2^25 (33554432), is tens of seconds and at most 1 GiB.  Nothing
 *        of a search that stopped is kept.  O(1); ignored when called from
 *        the game's own callbacks.
 * @param game The game (NULL: nothing happens).
 * @param sums The limit, at least 1; 0 restores the default.
 */
GRUNDY_API void grundy_game_set_search_limit(grundy_game *game, uint64_t sums);

/**
 * @brief Set the progress callback of evaluations (in positions evaluated,
 *        total 0 as unknown; called after a fixed number of positions,
 *        docs/performance.md's tuning figures).  It runs
 *        inside an evaluation and must not call functions of the same game
 *        (grundy_game_stats() excepted; those that evaluate refuse with
 *        #GRUNDY_ESTATE).
 * @param game The game.
 * @param fn   The callback, or NULL.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_game_set_progress(grundy_game *game, grundy_progress_fn fn, void *user);

/**
 * @brief Add one option of the position being generated: the sum of
 *        @p nparts positions stored one after another in @p parts.
 * @param out    The sink passed to the move generator.
 * @param parts  nparts * pos_size bytes (may be NULL when nparts is 0).
 * @param nparts How many component positions (0: the finished game).
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT, #GRUNDY_EINVAL; the
 *         generator should return any non-zero status at once.
 */
GRUNDY_API int grundy_options_add(grundy_options *out, const void *parts, uint32_t nparts);

/**
 * @brief **Convenience**: add @p n options of one part each, the positions
 *        stored one after another in @p positions, in that order: the same as
 *        grundy_options_add(out, position, 1) for each, in one call, for a
 *        generator that lists its options in an array first.
 *        O(n); on failure no option is added.
 * @param out       The sink passed to the move generator.
 * @param positions n * pos_size bytes (may be NULL when n is 0).
 * @param n         How many options.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT (the game's memory
 *         limit), #GRUNDY_EINVAL (@p out NULL, or @p positions NULL with
 *         @p n > 0); the generator should return any non-zero status at once.
 */
GRUNDY_API int grundy_options_add_each(grundy_options *out, const void *positions, size_t n);

/**
 * @brief The number of @p pos under @p play, evaluating (and memoizing)
 *        every position reachable from it that is not stored yet.
 *        O(positions reached + options), each position generated once per play.
 * @param game  The game.
 * @param play  Any play.  Every play but normal needs options of at most
 *              one part (no splits).
 * @param pos   The position (pos_size bytes).
 * @param value Out: its number.
 * @return #GRUNDY_OK; #GRUNDY_ECYCLE if the rules lead from a position back
 *         to itself (every play but loopy); #GRUNDY_EINVAL for a split
 *         option where the play allows none (the message names it) or an
 *         unknown play; #GRUNDY_ELIMIT at the memory cap; #GRUNDY_ENOMEM;
 *         #GRUNDY_ECANCELED; a generator's own status; #GRUNDY_ESTATE when
 *         called from the game's own move generator or progress callback
 *         (the evaluation under way goes on).  After an error the game
 *         stays usable and keeps every value already found.
 */
GRUNDY_API int grundy_game_value(grundy_game *game, int play, const void *pos,
                                 uint32_t *value);

/**
 * @brief The outcome of @p pos under @p play.
 * @param game The game.
 * @param play Any play.
 * @param pos  The position.
 * @return #GRUNDY_P, #GRUNDY_N or (loopy) #GRUNDY_D, or a negative status as
 *         grundy_game_value().
 */
GRUNDY_API int grundy_game_outcome(grundy_game *game, int play, const void *pos);

/**
 * @brief The number of a sum of @p n positions (stored one after another):
 *        the xor of their values.
 * @param game      The game.
 * @param play      #GRUNDY_PLAY_NORMAL (#GRUNDY_ENOTSUP for another: sums
 *                  of other plays have an outcome, not a number).
 * @param positions n * pos_size bytes (may be NULL when n is 0).
 * @param n         How many positions.
 * @param value     Out: the value of the sum.
 * @return As grundy_game_value().
 */
GRUNDY_API int grundy_game_sum_value(grundy_game *game, int play, const void *positions,
                                     size_t n, uint32_t *value);

/**
 * @brief The outcome of a sum of @p n positions under @p play.  Normal,
 *        WTIA, conjunctive, continued and shortened play evaluate each
 *        position and decide by numbers; misère, selective and loopy play
 *        build the graph of the positions the sum reaches and decide as
 *        grundy_graph_sum_outcome() (misère: method as
 *        grundy_game_last_method() reports).
 * @param game      The game.
 * @param play      Any play, with a method flag for misère play.
 * @param positions n * pos_size bytes.
 * @param n         How many positions.
 * @return #GRUNDY_P, #GRUNDY_N or #GRUNDY_D, or a negative status as
 *         grundy_game_value(); #GRUNDY_EINVAL for a required method whose
 *         precondition fails; #GRUNDY_ELIMIT past the search limit of a
 *         misère search (grundy_game_set_search_limit()).
 */
GRUNDY_API int grundy_game_sum_outcome(grundy_game *game, int play, const void *positions,
                                       size_t n);

/**
 * @brief A winning move in a sum of @p n positions: `moves[i]` is the move
 *        k to play in component i (read it with grundy_game_move()), or
 *        #GRUNDY_NO_MOVE.  From a loopy draw the move keeps the draw.
 * @param game      The game.
 * @param play      Any play, with a method flag for misère play.
 * @param positions n * pos_size bytes.
 * @param n         How many positions.
 * @param moves     Out: n entries.
 * @return 1 if found, 0 if the sum is a P-position (or the player to move
 *         has already won and has no move), or a negative status as
 *         grundy_game_sum_outcome().
 */
GRUNDY_API int grundy_game_sum_winning_move(grundy_game *game, int play, const void *positions,
                                            size_t n, uint64_t *moves);

/**
 * @brief Every winning move in a sum of @p n positions, for the plays that
 *        move in one component (normal, misère, WTIA, loopy), by component
 *        then by move.
 * @param game       The game.
 * @param play       #GRUNDY_PLAY_NORMAL, #GRUNDY_PLAY_MISERE (with a method
 *                   flag or not), #GRUNDY_PLAY_WTIA or #GRUNDY_PLAY_LOOPY.
 * @param positions  n * pos_size bytes.
 * @param n          How many positions.
 * @param components Out (may be NULL): up to @p cap component indices.
 * @param moves      Out: up to @p cap moves, `moves[j]` played in component
 *                   `components[j]`.
 * @param cap        The room in @p components and @p moves.
 * @param count      Out: how many winning moves there are (may exceed cap).
 * @return #GRUNDY_OK, or a negative status as grundy_game_sum_outcome();
 *         #GRUNDY_ENOTSUP for the plays that move in several components.
 */
GRUNDY_API int grundy_game_sum_winning_moves(grundy_game *game, int play,
                                             const void *positions, size_t n,
                                             size_t *components, uint64_t *moves, size_t cap,
                                             size_t *count);

/**
 * @brief Which method the most recent misère sum call of this game used.
 * @param game The game.
 * @return #GRUNDY_BY_SJ, #GRUNDY_BY_GENUS or #GRUNDY_BY_SEARCH; 0 if no
 *         misère sum call has succeeded yet.
 */
GRUNDY_API int grundy_game_last_method(const grundy_game *game);

/**
 * @brief How many moves @p pos has: calls the generator once.
 * @param game  The game.
 * @param pos   The position, as given (not canonicalised).
 * @param count Out: the number of options the generator lists.
 * @return #GRUNDY_OK, a generator's status, #GRUNDY_ENOMEM, #GRUNDY_ESTATE,
 *         #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_degree(grundy_game *game, const void *pos, uint64_t *count);

/**
 * @brief The parts of move @p k of @p pos: calls the generator once.
 * @param game   The game.
 * @param pos    The position, as given (not canonicalised).
 * @param k      The move, from 0.
 * @param parts  Out: up to @p cap positions (may be NULL when cap is 0).
 * @param cap    The room in @p parts, in positions.
 * @param nparts Out: how many parts the option has (it may exceed cap;
 *               then only cap are written).
 * @return #GRUNDY_OK, #GRUNDY_ERANGE if @p pos has no move k, or a status as
 *         grundy_game_degree().
 */
GRUNDY_API int grundy_game_move(grundy_game *game, const void *pos, uint64_t k, void *parts,
                                size_t cap, size_t *nparts);

/**
 * @brief Statistics of the memo tables.
 * @param game      The game.
 * @param positions Out (may be NULL): positions stored, over every play.
 * @param bytes     Out (may be NULL): bytes held by the tables.
 */
GRUNDY_API void grundy_game_stats(const grundy_game *game, uint64_t *positions, uint64_t *bytes);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 7. Game graphs
 *
 * A game graph holds positions (nodes, numbered 0, 1, 2, ... in the order they
 * are added) and moves.  A move goes from a node to a *sum* of zero or more
 * nodes: one target is an ordinary move; several targets are a move that
 * splits the position into independent games played side by side; zero
 * targets is a move to the finished (empty) position.  The value of a move's
 * result is the xor of its parts' values.
 *
 * Life cycle: create, add nodes and moves, then ask.  A question solves the
 * play it needs first (grundy_graph_solve() does it ahead, to time it,
 * report its progress, or share the solved graph between threads: below).
 * Nodes and moves may be added after a solve; the next question solves again.
 * The moves of a node keep the order in which they were added: move k of a
 * node is the k-th move added from it (k counted from 0).
 *
 * Every play but the loopy one needs an acyclic graph (#GRUNDY_ECYCLE);
 * every play but normal needs moves without splits (#GRUNDY_EINVAL naming a
 * node), except misère sums decided by search, which allow them.
 *
 * Limits: at most #GRUNDY_NODE_MAX nodes; at most #GRUNDY_NODE_MAX parts per
 * move and moves-plus-parts per node.
 * Memory after solving: 4 bytes per ordinary move, 4 bytes plus 4 per part
 * for a split move, and 12 bytes per node.
 *
 * **Threads.**  A graph has no lock, and most calls write to it: a solve
 * stores numbers, a failure its message.  Once grundy_graph_solve() has
 * returned #GRUNDY_OK for the plays wanted, and until the graph is next
 * changed, the calls below write nothing to it *when they succeed*, and may
 * then run on it from any number of threads at once:
 * - grundy_graph_value(), grundy_graph_values() and grundy_graph_outcome()
 *   under a play solved;
 * - grundy_graph_sum_value() under normal play, and
 *   grundy_graph_sum_outcome() under a play solved other than misère play;
 * - grundy_graph_sum_winning_move() under a play solved other than misère
 *   and loopy play, and grundy_graph_sum_winning_moves() under normal play;
 * - grundy_graph_degree() and grundy_graph_move();
 * - grundy_graph_genus() once a call of it has succeeded on the graph;
 * - the calls that take a `const grundy_graph *`.
 *
 * A call that fails may write its message into the graph
 * (grundy_graph_errmsg()), whatever the cause: a node out of range, an
 * unknown play or one the graph's split moves do not allow, a move past a
 * node's moves.  So threads that share a graph must pass arguments known to
 * be valid.  Every other call may write to the graph even when it succeeds
 * (a misère sum records its method, and the misère search fills its memo;
 * loopy winning moves, grundy_graph_sum_winning_moves() under other plays
 * and grundy_graph_loopy_followers() take scratch memory, which the graph
 * counts against its memory cap), and needs the graph to itself.
 * @{ */

/** An opaque game graph. */
typedef struct grundy_graph grundy_graph;

/** The largest number of nodes a graph may hold (node ids are below it). */
#define GRUNDY_NODE_MAX 0x7fffffffu

/**
 * @brief Create an empty graph.
 * @param out   Out: the new graph, to be released with grundy_graph_free().
 * @param alloc The allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, or #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_new(grundy_graph **out, const grundy_allocator *alloc);

/** @brief Release a graph and everything it owns.  NULL is a no-op.
 *  @param g The graph. */
GRUNDY_API void grundy_graph_free(grundy_graph *g);

/**
 * @brief Read a graph in the text format of `grundy graph` into @p g, which
 *        must have no nodes yet.
 *
 * Format: the integers `n m`, then `m` pairs `u v` (nodes 0..n-1), each a move
 * from u to v; whitespace separates; `#` starts a comment to the end of the line.
 * O(size of the text).
 *
 * @param g    An empty graph.
 * @param text The text; need not be NUL-terminated.
 * @param len  Its length in bytes.
 * @return #GRUNDY_OK; #GRUNDY_EPARSE or #GRUNDY_ERANGE with a message naming
 *         the line in grundy_graph_errmsg() and the offset of the offending
 *         token in grundy_graph_errpos(), and the graph left empty;
 *         #GRUNDY_ESTATE if the graph is not empty; #GRUNDY_ENOMEM; #GRUNDY_ELIMIT.
 */
GRUNDY_API int grundy_graph_parse(grundy_graph *g, const char *text, size_t len);

/**
 * @brief A description of the most recent failure on this graph, naming
 *        what and where (e.g. "line 3: node 7 out of range (n = 5)").
 *
 * Read it right after a call that failed.  Every failure with more to say
 * than its status writes its message here: a parse error, a node out of
 * range, a cycle, a limit, a split move where none is allowed, a method's
 * precondition, a misère search that stopped.  A call that fails with
 * #GRUNDY_ENOMEM or #GRUNDY_ECANCELED, or for an invalid argument (a NULL
 * pointer, an unknown constant), may leave the string empty or as an earlier
 * failure left it; after a success its content is unspecified.
 * @param g The graph.
 * @return A string owned by the graph, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_graph_errmsg(const grundy_graph *g);

/**
 * @brief Where in the text given to grundy_graph_parse() its most recent
 *        failure was: the byte offset of the offending token, from 0 (the
 *        message names its line).
 * @param g The graph.
 * @return The offset, or #GRUNDY_NO_POS if the last failure was not about
 *         the text.
 */
GRUNDY_API size_t grundy_graph_errpos(const grundy_graph *g);

/**
 * @brief Set the progress callback used by long operations on this graph
 *        (solving, misère search).  NULL removes it.  It is called after a
 *        fixed number of units of work (docs/performance.md's tuning
 *        figures), so it costs nothing measurable.  From
 *        it, the graph's functions that add or solve return #GRUNDY_ESTATE;
 *        those that only read may be called.
 * @param g    The graph.
 * @param fn   The callback, or NULL.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_graph_set_progress(grundy_graph *g, grundy_progress_fn fn,
                                          void *user);

/**
 * @brief Cap the memory the graph holds: its nodes and moves, the numbers
 *        of each play solved, the scratch of a solve and the memo of the
 *        misère search.  A call that would take the bytes held past the cap
 *        fails at once with #GRUNDY_ENOMEM, as if the allocator had refused,
 *        without asking the allocator for the memory; the graph is left as
 *        a failed allocation leaves it (usable, values found so far kept),
 *        and grundy_graph_errmsg() names the cap, the bytes held and the
 *        bytes asked.  So an absurd graph (`2147483647 0`: 2^31 nodes, some
 *        16 GiB of arrays once solved) fails at its first large array.  A
 *        cap below what the graph already holds refuses every further
 *        request and frees nothing.  From the graph's progress callback it
 *        does nothing.
 * @param g     The graph.
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_graph_set_memory_limit(grundy_graph *g, size_t bytes);

/**
 * @brief Add one node.
 * @param g  The graph.
 * @param id Out (may be NULL): the id of the new node.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT past #GRUNDY_NODE_MAX nodes.
 */
GRUNDY_API int grundy_graph_add_node(grundy_graph *g, uint32_t *id);

/**
 * @brief Add @p count nodes with consecutive ids.  O(1): nodes take memory
 *        only once the graph is solved.
 * @param g     The graph.
 * @param count How many nodes.
 * @param first Out (may be NULL): the id of the first new node.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, or #GRUNDY_ELIMIT if the total would
 *         pass #GRUNDY_NODE_MAX (nothing is added then).
 */
GRUNDY_API int grundy_graph_add_nodes(grundy_graph *g, uint32_t count, uint32_t *first);

/**
 * @brief Add the move @p from -> @p to.  Amortised O(1).
 * @param g    The graph.
 * @param from The node the move starts from.
 * @param to   The node it leads to.
 * @return #GRUNDY_OK, #GRUNDY_ERANGE if a node does not exist,
 *         #GRUNDY_ENOMEM, #GRUNDY_ELIMIT.  On error nothing is added.
 */
GRUNDY_API int grundy_graph_add_move(grundy_graph *g, uint32_t from, uint32_t to);

/**
 * @brief Add a move from @p from to the sum of the @p nparts nodes in @p parts
 *        (the same node may appear more than once).  With nparts 0 the move
 *        leads to the finished position (value 0).  O(nparts).
 * @param g      The graph.
 * @param from   The node the move starts from.
 * @param parts  The nodes of the resulting sum.
 * @param nparts How many parts.
 * @return #GRUNDY_OK, #GRUNDY_ERANGE if a node does not exist, #GRUNDY_EINVAL
 *         if parts is NULL with nparts > 0, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT.
 *         On error nothing is added.
 */
GRUNDY_API int grundy_graph_add_split(grundy_graph *g, uint32_t from,
                                      const uint32_t *parts, uint32_t nparts);

/**
 * @brief Add @p m ordinary moves `from[i] -> to[i]` at once, for callers that
 *        already hold an edge list.  O(m) amortised.
 * @param g    The graph.
 * @param m    The number of moves.
 * @param from Their source nodes.
 * @param to   Their target nodes.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE naming no move (all are checked first,
 *         and nothing is added if any is bad); #GRUNDY_EINVAL, #GRUNDY_ENOMEM,
 *         #GRUNDY_ELIMIT.
 */
GRUNDY_API int grundy_graph_add_moves(grundy_graph *g, size_t m,
                                      const uint32_t *from, const uint32_t *to);

/** @brief The number of nodes (0 for NULL).
 *  @param g The graph.
 *  @return The count. */
GRUNDY_API uint32_t grundy_graph_node_count(const grundy_graph *g);

/** @brief The number of moves, a split move counting once (0 for NULL).
 *  @param g The graph.
 *  @return The count. */
GRUNDY_API uint64_t grundy_graph_move_count(const grundy_graph *g);

/**
 * @brief Compute the numbers of @p play for every node, ahead of the
 *        questions that would otherwise do it.  O(V + E) for every play but
 *        the loopy one, which is O(V + E) per distinct value.  Solving again
 *        an unchanged graph does nothing.  Reports progress in nodes finished.
 * @param g    The graph.
 * @param play One of the `GRUNDY_PLAY_*` constants (selective play solves
 *             normal values, shortened solves remoteness).
 * @return #GRUNDY_OK; #GRUNDY_ECYCLE (then grundy_graph_cycle_node() names a
 *         node on a cycle and the graph is left unsolved but intact);
 *         #GRUNDY_EINVAL for an unknown play, or split moves where the play
 *         needs none (the message names a node); #GRUNDY_ENOMEM;
 *         #GRUNDY_ECANCELED; #GRUNDY_ELIMIT if a node has more than
 *         #GRUNDY_NODE_MAX moves and parts.  On any error nothing leaks.
 */
GRUNDY_API int grundy_graph_solve(grundy_graph *g, int play);

/**
 * @brief After a solve returned #GRUNDY_ECYCLE: a node on a cycle.
 * @param g    The graph.
 * @param node Out: the node.
 * @return #GRUNDY_OK, or #GRUNDY_ESTATE if the last solve found no cycle.
 */
GRUNDY_API int grundy_graph_cycle_node(const grundy_graph *g, uint32_t *node);

/**
 * @brief The number of @p node under @p play, solving first if needed.
 *        O(1) once solved.
 * @param g     The graph.
 * @param play  The play.
 * @param node  The node.
 * @param value Out: its number.
 * @return #GRUNDY_OK, #GRUNDY_ERANGE, or a status as grundy_graph_solve().
 */
GRUNDY_API int grundy_graph_value(grundy_graph *g, int play, uint32_t node, uint32_t *value);

/**
 * @brief The numbers of nodes @p first ... first + count - 1 in one call,
 *        solving first if needed.  O(count) once solved.
 * @param g      The graph.
 * @param play   The play.
 * @param first  The first node.
 * @param count  How many (first + count at most the node count).
 * @param values Out: @p count numbers.
 * @return As grundy_graph_value().
 */
GRUNDY_API int grundy_graph_values(grundy_graph *g, int play, uint32_t first, size_t count,
                                   uint32_t *values);

/**
 * @brief The outcome of @p node alone under @p play: for the loopy play, a
 *        finite value is N iff non-zero; #GRUNDY_INF is N if a follower has
 *        value 0, else #GRUNDY_D.
 * @param g    The graph.
 * @param play The play.
 * @param node The node.
 * @return #GRUNDY_P, #GRUNDY_N or #GRUNDY_D, or a status as grundy_graph_value().
 */
GRUNDY_API int grundy_graph_outcome(grundy_graph *g, int play, uint32_t node);

/**
 * @brief The number of the sum of the positions @p nodes (a node may repeat):
 *        the xor of their values.
 * @param g     The graph.
 * @param play  #GRUNDY_PLAY_NORMAL (#GRUNDY_ENOTSUP for another).
 * @param nodes The positions (may be NULL when n is 0).
 * @param n     How many.
 * @param value Out: the value of the sum.
 * @return As grundy_graph_value().
 */
GRUNDY_API int grundy_graph_sum_value(grundy_graph *g, int play, const uint32_t *nodes,
                                      size_t n, uint32_t *value);

/**
 * @brief The outcome of the sum of the positions @p nodes under @p play.
 *        Misère play picks its method (SJ theorem, genus, search) unless a
 *        method flag requires one; grundy_graph_last_method() says which.
 * @param g     The graph.
 * @param play  Any play, with a method flag for misère play.
 * @param nodes The components (a node may repeat).
 * @param n     How many.
 * @return #GRUNDY_P, #GRUNDY_N or #GRUNDY_D; or a status as
 *         grundy_graph_solve(); #GRUNDY_EINVAL if a required method's
 *         precondition fails (the message names a node).
 */
GRUNDY_API int grundy_graph_sum_outcome(grundy_graph *g, int play, const uint32_t *nodes,
                                        size_t n);

/**
 * @brief A winning move in the sum of the positions @p nodes: `moves[i]` is
 *        the move k to play in component i (read it with grundy_graph_move()),
 *        or #GRUNDY_NO_MOVE.  From a loopy draw the move keeps the draw.
 * @param g     The graph.
 * @param play  Any play, with a method flag for misère play.
 * @param nodes The components.
 * @param n     How many.
 * @param moves Out: n entries.
 * @return 1 if such a move exists; 0 if the position is P (or the player to
 *         move has already won and has no move); a negative status as
 *         grundy_graph_sum_outcome().
 */
GRUNDY_API int grundy_graph_sum_winning_move(grundy_graph *g, int play, const uint32_t *nodes,
                                             size_t n, uint64_t *moves);

/**
 * @brief Every winning move in the sum of the positions @p nodes, for the
 *        plays that move in one component (normal, misère, WTIA, loopy), by
 *        component then by move.  With n = 1, the winning moves of one node.
 * @param g          The graph.
 * @param play       #GRUNDY_PLAY_NORMAL, #GRUNDY_PLAY_MISERE (with a method
 *                   flag or not), #GRUNDY_PLAY_WTIA or #GRUNDY_PLAY_LOOPY.
 * @param nodes      The components.
 * @param n          How many.
 * @param components Out (may be NULL): up to @p cap component indices.
 * @param moves      Out: up to @p cap moves, `moves[j]` played in component
 *                   `components[j]`.
 * @param cap        The room in @p components and @p moves.
 * @param count      Out: how many winning moves there are (may exceed cap).
 * @return #GRUNDY_OK, or a negative status as grundy_graph_sum_outcome();
 *         #GRUNDY_ENOTSUP for the plays that move in several components.
 */
GRUNDY_API int grundy_graph_sum_winning_moves(grundy_graph *g, int play,
                                              const uint32_t *nodes, size_t n,
                                              size_t *components, uint64_t *moves, size_t cap,
                                              size_t *count);

/**
 * @brief Which method the most recent misère sum call of this graph used.
 * @param g The graph.
 * @return #GRUNDY_BY_SJ, #GRUNDY_BY_GENUS or #GRUNDY_BY_SEARCH; 0 if no
 *         misère sum call has succeeded yet.
 */
GRUNDY_API int grundy_graph_last_method(const grundy_graph *g);

/**
 * @brief The number of moves from @p node.  O(1) when the graph has no split
 *        moves, O(degree) otherwise (after merging the moves added since the
 *        last solve, if any).
 * @param g     The graph.
 * @param node  The node.
 * @param count Out: the number of moves.
 * @return #GRUNDY_OK; #GRUNDY_ERANGE; #GRUNDY_ENOMEM; #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_degree(grundy_graph *g, uint32_t node, uint64_t *count);

/**
 * @brief The parts of move @p k of @p node.  As grundy_graph_degree() in cost.
 * @param g      The graph.
 * @param node   The node.
 * @param k      The move, counted from 0 in the order moves were added.
 * @param parts  Out: up to @p cap part nodes (may be NULL when cap is 0).
 * @param cap    The room in @p parts.
 * @param nparts Out: how many parts the move has (1 for an ordinary move; it
 *               may exceed cap, then only cap are written).
 * @return #GRUNDY_OK; #GRUNDY_ERANGE; #GRUNDY_ENOMEM; #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_move(grundy_graph *g, uint32_t node, uint64_t k, uint32_t *parts,
                                 size_t cap, size_t *nparts);

/**
 * @brief For the loopy play: the distinct finite values of the followers of
 *        @p node, in increasing order (what `inf{...}` lists).  O(degree).
 * @param g      The graph (solved for #GRUNDY_PLAY_LOOPY first if needed).
 * @param node   The node.
 * @param values Out: up to @p cap values (may be NULL when cap is 0).
 * @param cap    The room in @p values.
 * @param count  Out: how many there are (may exceed cap).
 * @return #GRUNDY_OK, #GRUNDY_ERANGE, #GRUNDY_EINVAL, #GRUNDY_ENOMEM, or a
 *         status as grundy_graph_solve().
 */
GRUNDY_API int grundy_graph_loopy_followers(grundy_graph *g, uint32_t node, uint32_t *values,
                                            size_t cap, size_t *count);

/**
 * @brief Conway's genus symbol of @p node: g^(gamma_0 gamma_1 ...), where g is
 *        its Sprague-Grundy value and gamma_n the misère Grundy value of the
 *        node plus n Nim heaps of size 2.  #GRUNDY_GENUS_TERMS terms are
 *        computed, for every node at once (O((V + E) * terms^2)), on an
 *        acyclic graph without split moves.
 * @param g      The graph.
 * @param node   The node.
 * @param gamma  Out: up to @p cap terms gamma_0, gamma_1, ...
 * @param cap    The room in @p gamma.
 * @param tame   Out (may be NULL): 1 if the node is tame: it and every
 *               position it can reach have genus 0^(1 2 0 2 ...),
 *               1^(0 3 1 3 ...) or a^(a, a xor 2, a, ...) over the terms
 *               computed.  Tame positions add in misère play like Nim heaps
 *               (#GRUNDY_BY_GENUS).
 * @return #GRUNDY_OK; as grundy_graph_solve() otherwise.
 */
GRUNDY_API int grundy_graph_genus(grundy_graph *g, uint32_t node, uint32_t *gamma, size_t cap,
                                  int *tame);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name 8. Nimbers
 *
 * The nimbers below 2^64 form a field under xor (nim addition) and nim
 * multiplication.  Nim multiplication solves products of coin-turning games
 * (the Tartan theorem: the value of a product game is the nim product of its
 * factors' values; e.g. Turning Corners).  The fast functions use tables held
 * by a #grundy_nimber handle (built once, read-only afterwards, so one handle
 * may serve many threads at once); passing NULL uses a table-free method.
 * @{ */

/** An opaque set of tables for fast nimber arithmetic. */
typedef struct grundy_nimber grundy_nimber;

/**
 * @brief Build the tables for fast nimber arithmetic: about 85 KiB, in
 *        O(1) time (a fixed amount of work: some 70,000 table entries).
 * @param out   Out: the handle, to be released with grundy_nimber_free().
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_nimber_new(grundy_nimber **out, const grundy_allocator *alloc);

/** @brief Release the tables.  NULL is a no-op.
 *  @param nb The handle. */
GRUNDY_API void grundy_nimber_free(grundy_nimber *nb);

/**
 * @brief The nim product of @p a and @p b.  O(1): with tables, 27 reads of
 *        the byte-product table and four of a linear map's; without, a
 *        recursion down to single bits, much slower (figure E of
 *        docs/performance.md).
 * @param nb The tables, or NULL for the (slower) table-free method.
 * @param a  A nimber.
 * @param b  A nimber.
 * @return a (x) b.
 */
GRUNDY_API uint64_t grundy_nimber_mul(const grundy_nimber *nb, uint64_t a, uint64_t b);

/**
 * @brief The nim power a^e (repeated nim multiplication; a^0 = 1), by
 *        squaring: O(log e) products.
 * @param nb The tables, or NULL.
 * @param a  The base.
 * @param e  The exponent.
 * @return The power.
 */
GRUNDY_API uint64_t grundy_nimber_pow(const grundy_nimber *nb, uint64_t a, uint64_t e);

/**
 * @brief The nim inverse of @p a: the b with a (x) b = 1.
 * @param nb  The tables, or NULL.
 * @param a   A non-zero nimber.
 * @param inv Out: its inverse (0 on failure).
 * @return #GRUNDY_OK, or #GRUNDY_ERANGE for a = 0, #GRUNDY_EINVAL for a NULL out-pointer.
 */
GRUNDY_API int grundy_nimber_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv);

/**
 * @brief The former name of grundy_nimber_mul(), which it calls.
 * @deprecated Use grundy_nimber_mul(): the nimber calls are named after
 *             their handle, #grundy_nimber.
 * @param nb As grundy_nimber_mul().
 * @param a  As grundy_nimber_mul().
 * @param b  As grundy_nimber_mul().
 * @return As grundy_nimber_mul().
 */
GRUNDY_DEPRECATED("use grundy_nimber_mul") uint64_t grundy_nim_mul(const grundy_nimber *nb,
                                                                   uint64_t a, uint64_t b);

/**
 * @brief The former name of grundy_nimber_pow(), which it calls.
 * @deprecated Use grundy_nimber_pow().
 * @param nb As grundy_nimber_pow().
 * @param a  As grundy_nimber_pow().
 * @param e  As grundy_nimber_pow().
 * @return As grundy_nimber_pow().
 */
GRUNDY_DEPRECATED("use grundy_nimber_pow") uint64_t grundy_nim_pow(const grundy_nimber *nb,
                                                                   uint64_t a, uint64_t e);

/**
 * @brief The former name of grundy_nimber_inv(), which it calls.
 * @deprecated Use grundy_nimber_inv().
 * @param nb  As grundy_nimber_inv().
 * @param a   As grundy_nimber_inv().
 * @param inv As grundy_nimber_inv().
 * @return As grundy_nimber_inv().
 */
GRUNDY_DEPRECATED("use grundy_nimber_inv") int grundy_nim_inv(const grundy_nimber *nb, uint64_t a,
                                                              uint64_t *inv);

/** @} */

/* ------------------------------------------------------------------------ */
#if defined(GRUNDY_EXPERIMENTAL) || defined(GRUNDY_DOXYGEN)
/** @name 9. Experimental: outside the ABI promise
 *
 * Declared only when `GRUNDY_EXPERIMENTAL` is defined before this header is
 * included.  These calls tune how a result is computed, never what it is;
 * they may change or go in any release, their symbols carry their own
 * version node (`GRUNDY_EXPERIMENTAL`), and the ABI check leaves them out.
 * Programs that must run with every later library should not use them.
 * @{ */

/**
 * @brief Turn period detection of a heap game on (the default) or off.
 *        With it on, the computation checks for a provable period as it
 *        goes and stops computing once one is proved (subtraction games:
 *        the window proof runs first; with it off they compute every value
 *        up to the count, from 0).
 * @param game The game.
 * @param on   Non-zero for on.
 */
GRUNDY_API void grundy_heap_game_set_period_detection(grundy_heap_game *game, int on);

/**
 * @brief Choose how a heap game's values are computed: 1 (the default) lets
 *        the library use the sparse-space method where the game has sparse
 *        structure, 0 forces the plain loop over every option.  Both give
 *        identical values.  The method: @ref games_engine.
 * @param game The game.
 * @param on   Non-zero for the sparse method where it pays.
 */
GRUNDY_API void grundy_heap_game_set_sparse(grundy_heap_game *game, int on);

/**
 * @brief The mask the sparse-space method uses now (see
 *        grundy_heap_game_set_sparse()): under it a value v is rare when
 *        popcount(v & mask) is even, common when it is odd.  The mask is
 *        chosen from the values computed so far, so it is the one of the
 *        last computation; a game whose period was proved early, or whose
 *        values have no sparse structure, uses none.  O(1).
 * @param game The game.
 * @param mask Out (may be NULL): the mask, or 0 when none is in use.
 * @return 1 if the sparse-space method is in use, else 0 (also for NULL).
 */
GRUNDY_API int grundy_heap_game_sparse_mask(const grundy_heap_game *game, uint32_t *mask);

/**
 * @brief Let a heap game's computations use up to @p threads threads (the
 *        default is 1: the library starts no thread unless asked).
 *
 * With 2 or more, heaps are computed two at a time: G(n) and G(n + 1) on two
 * threads, each waiting for the other only for the few options that need the
 * value just before it.  The values are identical to one thread's.  Asking
 * for threads is meant never to cost: when the second thread loses its
 * processor or falls behind, the calling thread goes on alone within a few
 * values' time, and the library times the two against one thread as it
 * goes and computes on one where they do not pay (a busy machine, values
 * too cheap to share).  This version uses at most 2 threads; larger counts
 * act as 2.  Subtraction games, whose values cost a few nanoseconds and
 * depend on the one just before, compute on the calling thread.  Builds without
 * POSIX threads (or with GRUNDY_NO_THREADS defined) compute on one thread.
 * The threads live only during a computation; progress callbacks run on
 * the calling thread.
 * @param game    The game.
 * @param threads The most threads to use; 0 acts as 1.
 */
GRUNDY_API void grundy_heap_game_set_threads(grundy_heap_game *game, unsigned threads);

/**
 * @brief Let a game's evaluations use up to @p threads threads (the default
 *        is 1: the library starts no thread unless asked).
 *
 * With 2 or more, evaluations of games with 8-byte positions
 * (grundy_game_new_u64(), grundy_game_new_dense(), grundy_game_new() with
 * 8-byte positions), under every play but the loopy one, that reach many
 * positions are shared by two threads over one memo table: each searches
 * the positions in its own order and claims a position before evaluating
 * it; one that meets a position the other is evaluating helps with it
 * rather than wait.  The values are identical to one thread's.  Other
 * position sizes compute on one thread; this version uses at most 2
 * threads, and larger counts act as 2.
 *
 * Two threads do not always pay (another process busy on a two-core
 * machine, or searches that keep meeting in the same part of the table):
 * the library puts the pair on trial, timing one thread alone and then the
 * two (for how many positions, and the speed-up the two must show: the
 * tuning figures of docs/performance.md), and unless the two pay, the
 * second thread stops and the first goes on alone.  Asking for threads
 * costs at most that trial.
 *
 * **By asking for 2 or more you declare that the move generator, the
 * canonicalising callback and the game's allocator may run on two threads
 * at once** (the generator on different positions): they must not change
 * shared state without synchronisation.
 * The progress callback runs on the calling thread only.  Builds without
 * POSIX threads (or with GRUNDY_NO_THREADS defined) compute on one thread.
 * @param game    The game.
 * @param threads The most threads to use; 0 acts as 1.
 */
GRUNDY_API void grundy_game_set_threads(grundy_game *game, unsigned threads);

/** @} */
#endif /* GRUNDY_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_H */
