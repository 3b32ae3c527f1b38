/* grundy.h: libgrundy 0.2.0, Sprague-Grundy theory for impartial games,
 * as a single header.
 *
 * GENERATED FILE, do not edit: tools/amalgamate.py writes it from
 * include/grundy.h and the library's sources in src/ (`make single-header`);
 * change those instead.
 *
 * Use: in exactly one C or C++ file of the program,
 *
 *     #define GRUNDY_IMPLEMENTATION
 *     #include "grundy.h"
 *
 * and include it without the define anywhere else.  Defining GRUNDY_STATIC
 * (with or instead of GRUNDY_IMPLEMENTATION) makes every function static,
 * private to the one file that includes it, which is all a one-file program
 * needs.  It compiles as C11 and as C++ (C++11 or later), links with nothing
 * but the C library, and keeps its internal names (all grundy__ or GRUNDY__)
 * out of the program's way.  The API is documented below and in the manual.
 */

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
#if defined(GRUNDY_STATIC) && defined(__GNUC__)
#define GRUNDY_API static __attribute__((unused))
#elif defined(GRUNDY_STATIC)
#define GRUNDY_API static
#elif defined(_WIN32) && defined(GRUNDY_BUILDING_DLL)
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
 * values past 2^32 - 1 come from grundy_heap_game_value64().
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
 *         below return #GRUNDY_ERANGE alike); misère play: #GRUNDY_ELIMIT
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
 * @return As grundy_heap_game_value().
 */
GRUNDY_API int grundy_heap_game_sum_value(grundy_heap_game *game, int play,
                                          const uint64_t *heaps, size_t n, uint32_t *value);

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
 *        that one).  Misère play: the first move, heap by heap, that
 *        leaves a sum of misère value 0, each tried by the search.
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
 *        O(the moves of every heap); misère play tries each by the search.
 * @param game       The game.
 * @param play       #GRUNDY_PLAY_NORMAL or #GRUNDY_PLAY_MISERE (with a method flag or not).
 * @param heaps      The heap sizes.
 * @param n          How many heaps.
 * @param components Out (may be NULL): up to @p cap heap indices.
 * @param moves      Out: up to @p cap moves, `moves[j]` played in heap
 *                   `components[j]`.
 * @param cap        The room in @p components and @p moves.
 * @param count      Out: how many winning moves there are (may exceed cap).
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
 * it is then several times faster and smaller.  A position at or above the
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
 * @brief Cap the memory of the memo tables, evaluation stacks and position
 *        graphs.  When a computation would pass it, it returns
 *        #GRUNDY_ELIMIT instead of growing (values found so far are kept).
 * @param game  The game.
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_game_set_memory_limit(grundy_game *game, size_t bytes);

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
 *         precondition fails.
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
#define GRUNDY__EXPERIMENTAL_DECLARED
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

/* ======================================================================== */
/* The implementation: every source file of the library in src/ but the
 * command-line tool's, in one piece.  Internal names carry the prefix grundy__ (or
 * GRUNDY__) and the name of their source file; internal functions are
 * static. */

#if defined(GRUNDY_STATIC) && !defined(GRUNDY_IMPLEMENTATION)
#define GRUNDY_IMPLEMENTATION
#endif

#if defined(GRUNDY_IMPLEMENTATION) && !defined(GRUNDY__IMPLEMENTED)
#define GRUNDY__IMPLEMENTED

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define GRUNDY__LOCAL static __attribute__((unused))
#else
#define GRUNDY__LOCAL static
#endif

#ifndef GRUNDY__EXPERIMENTAL_DECLARED
GRUNDY_API void grundy_heap_game_set_period_detection(grundy_heap_game *game, int on);
GRUNDY_API void grundy_heap_game_set_sparse(grundy_heap_game *game, int on);
GRUNDY_API int grundy_heap_game_sparse_mask(const grundy_heap_game *game, uint32_t *mask);
GRUNDY_API void grundy_heap_game_set_threads(grundy_heap_game *game, unsigned threads);
GRUNDY_API void grundy_game_set_threads(grundy_game *game, unsigned threads);
#endif

/* === src/core/alloc.c === */
/* === src/core/alloc.h === */
/* The allocator every handle carries, and overflow-checked array helpers.
 * All library memory goes through these so that a caller's allocator (and the
 * tests' failing allocator) sees every allocation.
 *
 * The sources are also compiled as C++, inside the single header
 * (single/grundy.h), where void * does not convert by itself: so what these
 * return is cast, and the code uses no C-only syntax (compound literals). */

/* Fills *out from a caller's allocator (NULL means the C library's).
 * Returns GRUNDY_EINVAL if a function pointer is missing. */
GRUNDY__LOCAL int grundy__alloc_init(grundy_allocator *out, const grundy_allocator *in);

/* count * elem bytes, or NULL on overflow or failure.  count may be 0. */
GRUNDY__LOCAL void *grundy__alloc_array(const grundy_allocator *a, size_t count, size_t elem);

/* Like grundy__alloc_array, zero-filled. */
GRUNDY__LOCAL void *grundy__calloc_array(const grundy_allocator *a, size_t count, size_t elem);

/* A zeroed handle of `size` bytes whose first member is a grundy_allocator,
 * filled from alloc (NULL: the C library's).  NULL on failure, with *rc
 * GRUNDY_ENOMEM or GRUNDY_EINVAL (an allocator missing a function). */
GRUNDY__LOCAL void *grundy__handle_new(size_t size, const grundy_allocator *alloc, int *rc);

/* Frees p (NULL is a no-op). */
GRUNDY__LOCAL void grundy__free(const grundy_allocator *a, void *p);

/* Makes *p (holding *cap elements) hold at least need elements, growing
 * geometrically so that appends are amortised O(1).  On failure *p and *cap
 * are unchanged.  Returns GRUNDY_OK, GRUNDY_ENOMEM or GRUNDY_ELIMIT. */
GRUNDY__LOCAL int grundy__reserve(const grundy_allocator *a, void **p, size_t *cap, size_t need,
                    size_t elem);

/* === src/core/alloc.c (continued) === */

static void *grundy__alloc__std_malloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void *grundy__alloc__std_realloc(void *user, void *ptr, size_t size)
{
    (void)user;
    return realloc(ptr, size);
}

static void grundy__alloc__std_free(void *user, void *ptr)
{
    (void)user;
    free(ptr);
}

GRUNDY__LOCAL int grundy__alloc_init(grundy_allocator *out, const grundy_allocator *in)
{
    if (in == NULL) {
        out->malloc_fn = grundy__alloc__std_malloc;
        out->realloc_fn = grundy__alloc__std_realloc;
        out->free_fn = grundy__alloc__std_free;
        out->user = NULL;
        return GRUNDY_OK;
    }
    if (in->malloc_fn == NULL || in->realloc_fn == NULL || in->free_fn == NULL)
        return GRUNDY_EINVAL;
    *out = *in;
    return GRUNDY_OK;
}

GRUNDY__LOCAL void *grundy__alloc_array(const grundy_allocator *a, size_t count, size_t elem)
{
    if (elem != 0 && count > SIZE_MAX / elem)
        return NULL;
    /* A zero-byte request still gets a real block, so NULL always means failure. */
    size_t bytes = count * elem;
    return a->malloc_fn(a->user, bytes ? bytes : 1);
}

GRUNDY__LOCAL void *grundy__calloc_array(const grundy_allocator *a, size_t count, size_t elem)
{
    void *p = grundy__alloc_array(a, count, elem);
    if (p != NULL)
        memset(p, 0, count * elem);
    return p;
}

GRUNDY__LOCAL void *grundy__handle_new(size_t size, const grundy_allocator *alloc, int *rc)
{
    grundy_allocator a;
    *rc = grundy__alloc_init(&a, alloc);
    if (*rc != GRUNDY_OK)
        return NULL;
    void *h = grundy__calloc_array(&a, 1, size);
    if (h == NULL) {
        *rc = GRUNDY_ENOMEM;
        return NULL;
    }
    memcpy(h, &a, sizeof a); /* the handle's first member */
    return h;
}

GRUNDY__LOCAL void grundy__free(const grundy_allocator *a, void *p)
{
    if (p != NULL)
        a->free_fn(a->user, p);
}

GRUNDY__LOCAL int grundy__reserve(const grundy_allocator *a, void **p, size_t *cap, size_t need,
                    size_t elem)
{
    if (need <= *cap)
        return GRUNDY_OK;
    size_t max = SIZE_MAX / elem;
    if (need > max)
        return GRUNDY_ELIMIT;
    /* Grow by half again: amortised O(1) appends with less slack than doubling. */
    size_t want = *cap + *cap / 2;
    if (want < need || want > max)
        want = need;
    if (want < 16 && 16 <= max)
        want = 16;
    void *q = *p ? a->realloc_fn(a->user, *p, want * elem)
                 : a->malloc_fn(a->user, want * elem);
    if (q == NULL)
        return GRUNDY_ENOMEM;
    *p = q;
    *cap = want;
    return GRUNDY_OK;
}

/* === src/core/mex.c === */
/* === src/core/mex.h === */
/* The minimum excludant, computed without allocating per position.
 *
 * A generation-stamped array: each mex bumps the generation, marks the option
 * values it sees, then scans for the first unmarked one.  Values at or above
 * the bound are ignored, which is exact whenever the bound exceeds the number
 * of options (mex of k values is at most k).  Clearing costs nothing, so a mex
 * over k options is O(k). */

/* The index of the lowest set bit of x (x != 0): bit sets are walked with it. */
static inline unsigned grundy__lowest_bit(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned i = 0;
    while (!(x & 1)) {
        x >>= 1;
        i++;
    }
    return i;
#endif
}

typedef struct grundy__mex {
    uint32_t *stamp; /* stamp[v] == gen iff v was seen in this mex */
    size_t bound;    /* number of entries in stamp */
    uint32_t gen;
} grundy__mex;

/* Prepares for option sets of fewer than `bound` options. */
GRUNDY__LOCAL int grundy__mex_init(grundy__mex *m, const grundy_allocator *a, size_t bound);
GRUNDY__LOCAL void grundy__mex_free(grundy__mex *m, const grundy_allocator *a);

static inline void grundy__mex_begin(grundy__mex *m)
{
    if (++m->gen == 0) { /* wrapped: old stamps could collide, so clear them */
        memset(m->stamp, 0, m->bound * sizeof *m->stamp);
        m->gen = 1;
    }
}

static inline void grundy__mex_add(grundy__mex *m, uint64_t v)
{
    if (v < m->bound)
        m->stamp[v] = m->gen;
}

/* Whether v was added since the last begin. */
static inline int grundy__mex_seen(const grundy__mex *m, uint64_t v)
{
    return v < m->bound && m->stamp[v] == m->gen;
}

static inline uint32_t grundy__mex_end(const grundy__mex *m)
{
    uint32_t v = 0;
    while (v < m->bound && m->stamp[v] == m->gen)
        v++;
    return v;
}

/* === src/core/mex.c (continued) === */

GRUNDY__LOCAL int grundy__mex_init(grundy__mex *m, const grundy_allocator *a, size_t bound)
{
    m->stamp = (uint32_t *)grundy__calloc_array(a, bound, sizeof *m->stamp);
    m->bound = bound;
    m->gen = 0;
    return m->stamp ? GRUNDY_OK : GRUNDY_ENOMEM;
}

GRUNDY__LOCAL void grundy__mex_free(grundy__mex *m, const grundy_allocator *a)
{
    grundy__free(a, m->stamp);
    m->stamp = NULL;
    m->bound = 0;
}

/* === src/core/status.c === */
/* Version and status names: the library's only static data. */

#define GRUNDY__STATUS__STR2(x) #x
#define GRUNDY__STATUS__STR(x) GRUNDY__STATUS__STR2(x)

const char *grundy_version(void)
{
    return GRUNDY__STATUS__STR(GRUNDY_VERSION_MAJOR) "." GRUNDY__STATUS__STR(GRUNDY_VERSION_MINOR) "." GRUNDY__STATUS__STR(GRUNDY_VERSION_PATCH);
}

uint32_t grundy_version_number(void)
{
    return GRUNDY_VERSION_NUMBER;
}

const char *grundy_strerror(int status)
{
    switch (status) {
    case GRUNDY_OK: return "success";
    case GRUNDY_ENOMEM: return "out of memory";
    case GRUNDY_EINVAL: return "invalid argument";
    case GRUNDY_ECYCLE: return "the game graph has a cycle";
    case GRUNDY_EPARSE: return "parse error";
    case GRUNDY_ERANGE: return "value out of range";
    case GRUNDY_ELIMIT: return "size limit exceeded";
    case GRUNDY_ESTATE: return "operation not valid in the current state";
    case GRUNDY_ECANCELED: return "canceled";
    case GRUNDY_ENOTSUP: return "not supported for this kind of game";
    default: return "unknown status";
    }
}
#undef GRUNDY__STATUS__STR2
#undef GRUNDY__STATUS__STR

/* === src/core/sum.c === */
/* === src/core/sum.h === */
/* The one disjunctive-sum routine.  Every "winning move in a sum" of the
 * library (Nim, bounded Nim, staircase Nim, graph positions) is this routine
 * over a different way of reading component values. */

/* Reads the value of component i of whatever ctx points to. */
typedef uint64_t (*grundy__value_at_fn)(const void *ctx, size_t i);

/* With S the xor of all n values: if S == 0 returns 0.  Otherwise sets
 * *component to the first i whose value v has v ^ S < v (v has S's top bit,
 * so one exists) and *target to v ^ S, and returns 1. */
GRUNDY__LOCAL int grundy__sum_move(const void *ctx, size_t n, grundy__value_at_fn value_at,
                     size_t *component, uint64_t *target);

/* === src/core/sum.c (continued) === */

GRUNDY__LOCAL int grundy__sum_move(const void *ctx, size_t n, grundy__value_at_fn value_at,
                     size_t *component, uint64_t *target)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= value_at(ctx, i);
    if (s == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = value_at(ctx, i);
        if ((v ^ s) < v) {
            *component = i;
            *target = v ^ s;
            return 1;
        }
    }
    return 0; /* unreachable: some value carries the top bit of s */
}

/* === src/core/table.c === */
/* === src/core/table.h === */
/* The one hash table: fixed-size byte-string keys mapped to 32-bit values.
 *
 * Open addressing with linear probing, keys stored inline beside their
 * values (no pointer per entry, no allocation per insert), capacity a power
 * of two kept at most 3/4 full.  A probe sequence touches consecutive memory, which is what makes
 * memo lookups cheap; deletion shifts later entries back so no tombstones
 * are needed.  Two value codes are reserved: GRUNDY__EMPTY marks a free slot
 * and callers may use GRUNDY__BUSY as "being computed". */

#define GRUNDY__EMPTY UINT32_MAX
#define GRUNDY__BUSY (UINT32_MAX - 1)

/* A slot is the key followed by its value, so a probe touches one place. */
typedef struct grundy__table {
    unsigned char *slots; /* cap slots of key_size + 4 bytes */
    size_t key_size;
    size_t stride;        /* key_size + 4 */
    size_t cap;           /* 0 or a power of two */
    size_t count;
} grundy__table;

/* The value of a slot, or of any record laid out like one (the key's
 * key_size bytes, then the value), and setting it. */
static inline uint32_t grundy__slot_value(const unsigned char *slot, size_t key_size)
{
    uint32_t v;
    memcpy(&v, slot + key_size, sizeof v);
    return v;
}

static inline void grundy__slot_set_value(unsigned char *slot, size_t key_size, uint32_t v)
{
    memcpy(slot + key_size, &v, sizeof v);
}

GRUNDY__LOCAL void grundy__table_init(grundy__table *t, size_t key_size);
GRUNDY__LOCAL void grundy__table_free(grundy__table *t, const grundy_allocator *a);

/* The memory the table would hold at capacity cap. */
GRUNDY__LOCAL size_t grundy__table_bytes(size_t key_size, size_t cap);

/* The value of key, or GRUNDY__EMPTY if absent. */
GRUNDY__LOCAL uint32_t grundy__table_get(const grundy__table *t, const void *key);

/* Sets the value of key, which is present. */
GRUNDY__LOCAL void grundy__table_set(grundy__table *t, const void *key, uint32_t v);

/* One probe for "look it up, and claim it if absent": the value of key, or
 * GRUNDY__EMPTY when key was absent and now maps to v; and the slot key is
 * in (a hint for grundy__table_set_at).  Grows when key needs the room (the
 * table is kept at most 3/4 full), but not past `limit` bytes (0: no
 * limit); on failure (GRUNDY_ELIMIT, GRUNDY_ENOMEM) key stays absent. */
GRUNDY__LOCAL int grundy__table_get_or_insert(grundy__table *t, const grundy_allocator *a, const void *key,
                                uint32_t v, size_t limit, uint32_t *found, size_t *slot);

/* grundy__table_set, told the slot key was in: right unless the table has
 * grown or lost a key since, and then a lookup finds it. */
GRUNDY__LOCAL void grundy__table_set_at(grundy__table *t, const void *key, uint32_t v, size_t slot);

/* The record a batch claim works on: the key's key_size bytes, its 32-bit
 * value (as a slot's), then a 32-bit slot hint. */
#define GRUNDY__HINT_NONE UINT32_MAX

static inline uint32_t grundy__record_hint(const unsigned char *rec, size_t key_size)
{
    uint32_t h;
    memcpy(&h, rec + key_size + sizeof(uint32_t), sizeof h);
    return h;
}

/* Looks up the keys of n records (`stride` bytes apart), inserting each one
 * absent with value `claim`; writes into each record the key's value (claim
 * for those it inserted) and its slot, as a hint for grundy__table_value_at,
 * and counts the keys it inserted in *inserted.  The lookups overlap their
 * cache misses, which one at a time cannot.  Grows as get_or_insert does,
 * when a key needs the room; on failure (GRUNDY_ELIMIT, GRUNDY_ENOMEM) the records
 * before the one that failed keep their claims, the others are untouched. */
GRUNDY__LOCAL int grundy__table_claim_all(grundy__table *t, const grundy_allocator *a, unsigned char *recs,
                            size_t n, size_t stride, uint32_t claim, size_t limit,
                            size_t *inserted);

/* The value of key (GRUNDY__EMPTY if absent) and the slot it is in, looked
 * for first in slot `hint`: right unless the table has grown or lost a key
 * since the hint was given, and then a lookup finds it. */
GRUNDY__LOCAL uint32_t grundy__table_value_at(const grundy__table *t, const void *key, uint32_t hint,
                                size_t *slot);

/* Removes key if present. */
GRUNDY__LOCAL void grundy__table_remove(grundy__table *t, const void *key);

/* A strong 64-bit finaliser (splitmix64's): every input bit affects every
 * output bit, so the low bits used for a slot index are well mixed. */
static inline uint64_t grundy__mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

/* 64-bit hash of a byte string. */
GRUNDY__LOCAL uint64_t grundy__hash(const void *key, size_t len);

/* === src/core/table.c (continued) === */

GRUNDY__LOCAL uint64_t grundy__hash(const void *key, size_t len)
{
    const unsigned char *p = (const unsigned char *)key;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
    while (len >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = grundy__mix64(h ^ w);
        p += 8;
        len -= 8;
    }
    if (len > 0) {
        uint64_t w = 0;
        memcpy(&w, p, len);
        h = grundy__mix64(h ^ w ^ 0xff51afd7ed558ccdull);
    }
    return h;
}

GRUNDY__LOCAL void grundy__table_init(grundy__table *t, size_t key_size)
{
    memset(t, 0, sizeof *t);
    t->key_size = key_size;
    t->stride = key_size + sizeof(uint32_t);
}

GRUNDY__LOCAL void grundy__table_free(grundy__table *t, const grundy_allocator *a)
{
    grundy__free(a, t->slots);
    t->slots = NULL;
    t->cap = t->count = 0;
}

GRUNDY__LOCAL size_t grundy__table_bytes(size_t key_size, size_t cap)
{
    return cap * (key_size + sizeof(uint32_t));
}

static unsigned char *grundy__table__slot_at(const grundy__table *t, size_t i)
{
    return t->slots + i * t->stride;
}

static uint32_t grundy__table__value_at(const grundy__table *t, size_t i)
{
    return grundy__slot_value(grundy__table__slot_at(t, i), t->key_size);
}

static void grundy__table__put_value(grundy__table *t, size_t i, uint32_t v)
{
    grundy__slot_set_value(grundy__table__slot_at(t, i), t->key_size, v);
}

/* grundy__hash of an eight-byte key, spelled out so that it inlines. */
static inline uint64_t grundy__table__word_hash(uint64_t w)
{
    return grundy__mix64(0x9e3779b97f4a7c15ull ^ 8 ^ w);
}

static inline size_t grundy__table__home(const grundy__table *t, const void *key)
{
    uint64_t h;
    if (t->key_size == 8) {
        uint64_t w;
        memcpy(&w, key, 8);
        h = grundy__table__word_hash(w);
    } else {
        h = grundy__hash(key, t->key_size);
    }
    return (size_t)h & (t->cap - 1);
}

/* 1 if a probe for w stops at this slot (it holds w, or is free), else 0;
 * bitwise, so that the four of a window compile without a branch. */
static inline unsigned grundy__table__stops_at(const unsigned char *slot, uint64_t w)
{
    uint64_t key;
    uint32_t v;
    memcpy(&key, slot, sizeof key);
    memcpy(&v, slot + 8, sizeof v);
    return (unsigned)(v == GRUNDY__EMPTY) | (unsigned)(key == w);
}

/* From slot i on, the slot holding the eight-byte key w, or the free slot
 * that ends its run.  Keys of the uint64_t games compare as one word, with
 * the slot size a constant: the loop their evaluation spends its time in.
 * Four slots are compared at once, without a branch between them, because
 * where a run ends cannot be predicted: a loop that stops at a different
 * slot every time is mispredicted about once per lookup, which costs more
 * than the compares. */
static inline size_t grundy__table__probe_word(const grundy__table *t, uint64_t w, size_t i)
{
    enum { STRIDE = 8 + sizeof(uint32_t), WINDOW = 4 };
    /* The first set bit of a 4-bit mask (4 for none). */
    static const unsigned char first[16] = {4, 0, 1, 0, 2, 0, 1, 0, 3, 0, 1, 0, 2, 0, 1, 0};
    const size_t mask = t->cap - 1;
    if (i + WINDOW <= t->cap) {
        const unsigned char *s = t->slots + i * STRIDE;
        unsigned stop = grundy__table__stops_at(s, w) | grundy__table__stops_at(s + STRIDE, w) << 1 |
                        grundy__table__stops_at(s + 2 * STRIDE, w) << 2 | grundy__table__stops_at(s + 3 * STRIDE, w) << 3;
        if (stop != 0)
            return i + first[stop];
        i = (i + WINDOW) & mask;
    }
    for (;; i = (i + 1) & mask) {
        const unsigned char *slot = t->slots + i * STRIDE;
        uint32_t v;
        uint64_t k;
        memcpy(&v, slot + 8, sizeof v);
        memcpy(&k, slot, sizeof k);
        if (v == GRUNDY__EMPTY || k == w)
            return i;
    }
}

/* probe_word for keys of any size. */
static size_t grundy__table__probe_bytes(const grundy__table *t, const void *key, size_t i)
{
    while (grundy__table__value_at(t, i) != GRUNDY__EMPTY && memcmp(grundy__table__slot_at(t, i), key, t->key_size) != 0)
        i = (i + 1) & (t->cap - 1);
    return i;
}

/* The slot holding key, or the free slot where it would go (cap > 0). */
static inline size_t grundy__table__probe_from(const grundy__table *t, const void *key, size_t i)
{
    if (t->key_size == 8) {
        uint64_t w;
        memcpy(&w, key, 8);
        return grundy__table__probe_word(t, w, i);
    }
    return grundy__table__probe_bytes(t, key, i);
}

/* The slot holding key, or SIZE_MAX. */
static size_t grundy__table__lookup(const grundy__table *t, const void *key)
{
    if (t->cap == 0)
        return SIZE_MAX;
    size_t i = grundy__table__probe_from(t, key, grundy__table__home(t, key));
    return grundy__table__value_at(t, i) == GRUNDY__EMPTY ? SIZE_MAX : i;
}

GRUNDY__LOCAL uint32_t grundy__table_get(const grundy__table *t, const void *key)
{
    size_t i = grundy__table__lookup(t, key);
    return i == SIZE_MAX ? GRUNDY__EMPTY : grundy__table__value_at(t, i);
}

GRUNDY__LOCAL void grundy__table_set(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = grundy__table__lookup(t, key);
    if (i != SIZE_MAX)
        grundy__table__put_value(t, i, v);
}

static void grundy__table__copy_key(const grundy__table *t, unsigned char *slot, const void *key)
{
    if (t->key_size == 8)
        memcpy(slot, key, 8);
    else
        memcpy(slot, key, t->key_size);
}

/* Places key in the first free slot of its probe sequence (key absent, room known). */
static void grundy__table__place(grundy__table *t, const void *key, uint32_t v)
{
    size_t i = grundy__table__home(t, key);
    while (grundy__table__value_at(t, i) != GRUNDY__EMPTY)
        i = (i + 1) & (t->cap - 1);
    grundy__table__copy_key(t, grundy__table__slot_at(t, i), key);
    grundy__table__put_value(t, i, v);
}

static int grundy__table__grow(grundy__table *t, const grundy_allocator *a, size_t limit)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    if (cap > SIZE_MAX / t->stride || cap < t->cap)
        return GRUNDY_ELIMIT;
    /* Both the old and the new arrays are alive while rehashing. */
    if (limit != 0 && grundy__table_bytes(t->key_size, cap + t->cap) > limit)
        return GRUNDY_ELIMIT;
    grundy__table bigger = *t;
    bigger.cap = cap;
    bigger.slots = (unsigned char *)grundy__alloc_array(a, cap, t->stride);
    if (bigger.slots == NULL)
        return GRUNDY_ENOMEM;
    /* All ones: every value GRUNDY__EMPTY (UINT32_MAX), and every key byte
     * defined too, since probe_word compares a free slot's key before
     * knowing it is free. */
    memset(bigger.slots, 0xff, cap * t->stride);
    for (size_t i = 0; i < t->cap; i++) {
        if (grundy__table__value_at(t, i) != GRUNDY__EMPTY)
            grundy__table__place(&bigger, grundy__table__slot_at(t, i), grundy__table__value_at(t, i));
    }
    grundy__free(a, t->slots);
    *t = bigger;
    return GRUNDY_OK;
}

/* The first slots, if the table has none yet. */
static int grundy__table__open_slots(grundy__table *t, const grundy_allocator *a, size_t limit)
{
    return t->cap == 0 ? grundy__table__grow(t, a, limit) : GRUNDY_OK;
}

/* Enters key, absent and due at slot *i, with value v; grows first if one
 * more key would pass the load limit, and then finds the key's slot again. */
static int grundy__table__enter_at(grundy__table *t, const grundy_allocator *a, const void *key, size_t *i,
                    uint32_t v, size_t limit)
{
    if ((t->count + 1) * 4 > t->cap * 3) {
        int rc = grundy__table__grow(t, a, limit);
        if (rc != GRUNDY_OK)
            return rc;
        *i = grundy__table__probe_from(t, key, grundy__table__home(t, key));
    }
    grundy__table__copy_key(t, grundy__table__slot_at(t, *i), key);
    grundy__table__put_value(t, *i, v);
    t->count++;
    return GRUNDY_OK;
}

/* Looks key up from slot `from` on and enters it with value v if absent:
 * *i is then its slot, and *found its value before (GRUNDY__EMPTY: entered
 * now, or absent still if entering failed). */
static int grundy__table__find_or_enter(grundy__table *t, const grundy_allocator *a, const void *key,
                         size_t from, uint32_t v, size_t limit, size_t *i, uint32_t *found)
{
    *i = grundy__table__probe_from(t, key, from);
    *found = grundy__table__value_at(t, *i);
    return *found == GRUNDY__EMPTY ? grundy__table__enter_at(t, a, key, i, v, limit) : GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__table_get_or_insert(grundy__table *t, const grundy_allocator *a, const void *key,
                                uint32_t v, size_t limit, uint32_t *found, size_t *slot)
{
    *found = GRUNDY__EMPTY;
    *slot = SIZE_MAX;
    int rc = grundy__table__open_slots(t, a, limit);
    size_t i;
    if (rc == GRUNDY_OK)
        rc = grundy__table__find_or_enter(t, a, key, grundy__table__home(t, key), v, limit, &i, found);
    if (rc == GRUNDY_OK)
        *slot = i;
    return rc;
}

/* Whether slot i (any number) holds key. */
static int grundy__table__holds(const grundy__table *t, size_t i, const void *key)
{
    if (i >= t->cap || grundy__table__value_at(t, i) == GRUNDY__EMPTY)
        return 0;
    const unsigned char *s = grundy__table__slot_at(t, i);
    return t->key_size == 8 ? memcmp(s, key, 8) == 0 : memcmp(s, key, t->key_size) == 0;
}

GRUNDY__LOCAL void grundy__table_set_at(grundy__table *t, const void *key, uint32_t v, size_t slot)
{
    if (grundy__table__holds(t, slot, key))
        grundy__table__put_value(t, slot, v);
    else
        grundy__table_set(t, key, v);
}

enum { GRUNDY__TABLE__AHEAD = 16 }; /* lookups a batch overlaps */

static void grundy__table__prefetch_slot(const grundy__table *t, size_t i)
{
#if defined(__GNUC__)
    __builtin_prefetch(grundy__table__slot_at(t, i) + t->key_size);
#else
    (void)t;
    (void)i;
#endif
}

static void grundy__table__put_record(unsigned char *rec, size_t key_size, uint32_t v, size_t slot)
{
    uint32_t hint = slot < GRUNDY__HINT_NONE ? (uint32_t)slot : GRUNDY__HINT_NONE;
    grundy__slot_set_value(rec, key_size, v);
    memcpy(rec + key_size + sizeof v, &hint, sizeof hint);
}

/* The home slots of AHEAD records are all requested before any is read.
 * The table grows only when a key it lacks needs the room, as one insert
 * at a time would, so a memory cap fails at the same key. */
GRUNDY__LOCAL int grundy__table_claim_all(grundy__table *t, const grundy_allocator *a, unsigned char *recs,
                            size_t n, size_t stride, uint32_t claim, size_t limit,
                            size_t *inserted)
{
    *inserted = 0;
    int rc = n > 0 ? grundy__table__open_slots(t, a, limit) : GRUNDY_OK;
    if (rc != GRUNDY_OK)
        return rc;
    size_t from[GRUNDY__TABLE__AHEAD];
    for (size_t done = 0; done < n; done += GRUNDY__TABLE__AHEAD) {
        unsigned char *batch = recs + done * stride;
        size_t m = n - done < (size_t)GRUNDY__TABLE__AHEAD ? n - done : (size_t)GRUNDY__TABLE__AHEAD;
        const size_t cap = t->cap; /* the table the home slots are of */
        for (size_t k = 0; k < m; k++) {
            from[k] = grundy__table__home(t, batch + k * stride);
            grundy__table__prefetch_slot(t, from[k]);
        }
        for (size_t k = 0; k < m; k++) {
            unsigned char *rec = batch + k * stride;
            if (t->cap != cap)
                from[k] = grundy__table__home(t, rec); /* grown by a key before it */
            size_t i;
            uint32_t v;
            rc = grundy__table__find_or_enter(t, a, rec, from[k], claim, limit, &i, &v);
            if (rc != GRUNDY_OK)
                return rc;
            if (v == GRUNDY__EMPTY) {
                v = claim;
                ++*inserted;
            }
            grundy__table__put_record(rec, t->key_size, v, i);
        }
    }
    return GRUNDY_OK;
}

GRUNDY__LOCAL uint32_t grundy__table_value_at(const grundy__table *t, const void *key, uint32_t hint,
                                size_t *slot)
{
    if (grundy__table__holds(t, hint, key)) {
        *slot = hint;
        return grundy__table__value_at(t, hint);
    }
    *slot = grundy__table__lookup(t, key);
    return *slot == SIZE_MAX ? GRUNDY__EMPTY : grundy__table__value_at(t, *slot);
}

GRUNDY__LOCAL void grundy__table_remove(grundy__table *t, const void *key)
{
    size_t hole = grundy__table__lookup(t, key);
    if (hole == SIZE_MAX)
        return;
    size_t mask = t->cap - 1;
    /* Shift back every later entry of the run whose home is not between the
     * hole and itself, so that no probe sequence crosses an empty slot. */
    for (size_t j = (hole + 1) & mask; grundy__table__value_at(t, j) != GRUNDY__EMPTY; j = (j + 1) & mask) {
        size_t h = grundy__table__home(t, grundy__table__slot_at(t, j));
        int stays = hole < j ? (hole < h && h <= j) : (hole < h || h <= j);
        if (stays)
            continue;
        memcpy(grundy__table__slot_at(t, hole), grundy__table__slot_at(t, j), t->stride);
        hole = j;
    }
    grundy__table__put_value(t, hole, GRUNDY__EMPTY);
    t->count--;
}

/* === src/core/threads.c === */
/* Threads: POSIX where available, else none. */
/* === src/core/threads.h === */
/* The little of threads the library uses: run one function on a second
 * thread and join it, and acquire/release access to counters shared with
 * it.  Where POSIX threads or GNU atomics are missing, before C11 (whose
 * timespec_get times the second thread; C99 has no clock of the wall that
 * is not POSIX's), or with GRUNDY_NO_THREADS defined, GRUNDY__THREADS is 0,
 * grundy__thread_start fails, and callers compute on one thread. */

#if !defined(GRUNDY_NO_THREADS) && defined(__GNUC__) && \
    (defined(__unix__) || defined(__APPLE__)) && \
    (defined(__cplusplus) || (defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L))
#define GRUNDY__THREADS 1
#include <pthread.h>
#include <sched.h>
#include <time.h>
#else
#define GRUNDY__THREADS 0
#endif

/* A second thread that runs jobs one at a time and sleeps between them.
 * Kept for a whole computation rather than started per job: a new thread
 * begins on its creator's processor, and the system may take milliseconds
 * to move it to a free one; a worker that slept there wakes there. */
typedef struct grundy__worker {
#if GRUNDY__THREADS
    pthread_t id;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
#endif
    void *(*fn)(void *);
    void *arg;
    uint64_t posted, finished; /* jobs, under lock */
    int quit;
    int running;
    unsigned long spins; /* looks for the next job before sleeping */
    int awake;           /* the thread has run, under lock */
} grundy__worker;

/* Starts the worker.  Returns 0, or -1 if no thread could be started (the
 * caller then does the work itself). */
GRUNDY__LOCAL int grundy__worker_start(grundy__worker *w);

/* Starts the worker without waiting for its thread to run: on a busy
 * machine that may take milliseconds, and jobs posted meanwhile just wait.
 * The worker looks `spins` times for its next job, then sleeps until one
 * is posted.  Returns 0, or -1 if no thread could be started. */
GRUNDY__LOCAL int grundy__worker_launch(grundy__worker *w, unsigned long spins);

/* Runs fn(arg) on the worker; grundy__worker_wait waits for it to end. */
GRUNDY__LOCAL void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg);
GRUNDY__LOCAL void grundy__worker_wait(grundy__worker *w);

/* Ends the worker's thread (after its job), if it runs. */
GRUNDY__LOCAL void grundy__worker_stop(grundy__worker *w);

/* Gives the processor to another thread (a thread just started may be
 * queued behind the caller on its processor). */
GRUNDY__LOCAL void grundy__thread_yield(void);

/* Seconds on the system clock (0 where there is none), to see whether a
 * second thread pays. */
GRUNDY__LOCAL double grundy__seconds(void);

/* Tells the processor that the caller is spinning on a shared variable
 * (x86's pause), so that a spin costs less power and leaves the core's
 * other hardware thread its share. */
static inline void grundy__cpu_relax(void)
{
#if GRUNDY__THREADS && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#elif GRUNDY__THREADS && defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* *p += x, returning the old value (acquire and release). */
static inline uint64_t grundy__fetch_add(uint64_t *p, uint64_t x)
{
#if GRUNDY__THREADS
    return __atomic_fetch_add(p, x, __ATOMIC_ACQ_REL);
#else
    uint64_t old = *p;
    *p = old + x;
    return old;
#endif
}

/* If *p is `expected`, makes it `desired` and returns 1; else 0 (acquire
 * and release). */
static inline int grundy__compare_swap(uint64_t *p, uint64_t expected, uint64_t desired)
{
#if GRUNDY__THREADS
    return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
#else
    if (*p != expected)
        return 0;
    *p = desired;
    return 1;
#endif
}

static inline uint64_t grundy__load_acquire(const uint64_t *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    return *p;
#endif
}

static inline void grundy__store_release(uint64_t *p, uint64_t x)
{
#if GRUNDY__THREADS
    __atomic_store_n(p, x, __ATOMIC_RELEASE);
#else
    *p = x;
#endif
}

/* === src/core/threads.c (continued) === */

#if GRUNDY__THREADS
#define GRUNDY__THREADS__WORKER_SPINS (1ul << 23) /* some milliseconds of looking for the next job */

static void *grundy__threads__worker_main(void *arg)
{
    grundy__worker *w = (grundy__worker *)arg;
    pthread_mutex_lock(&w->lock);
    w->awake = 1;
    pthread_cond_signal(&w->done);
    for (;;) {
        /* Jobs come in runs: look for the next one for a while before
         * sleeping, as a thread that sleeps may wake on the processor of
         * the thread that wakes it and have to be moved again. */
        pthread_mutex_unlock(&w->lock);
        for (unsigned long i = 0;
             i < w->spins && __atomic_load_n(&w->posted, __ATOMIC_ACQUIRE) == w->finished;
             i++)
            ;
        pthread_mutex_lock(&w->lock);
        while (w->posted == w->finished && !w->quit)
            pthread_cond_wait(&w->wake, &w->lock);
        if (w->posted == w->finished)
            break; /* quit, nothing left to do */
        pthread_mutex_unlock(&w->lock);
        w->fn(w->arg);
        pthread_mutex_lock(&w->lock);
        w->finished++;
        pthread_cond_signal(&w->done);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

/* Everything but the thread: its lock, conditions and counters. */
static int grundy__threads__worker_create(grundy__worker *w, unsigned long spins)
{
    w->posted = w->finished = 0;
    w->quit = 0;
    w->running = 0;
    w->awake = 0;
    w->spins = spins;
    if (pthread_mutex_init(&w->lock, NULL) != 0)
        return -1;
    if (pthread_cond_init(&w->wake, NULL) != 0) {
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    if (pthread_cond_init(&w->done, NULL) != 0) {
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    if (pthread_create(&w->id, NULL, grundy__threads__worker_main, w) != 0) {
        pthread_cond_destroy(&w->done);
        pthread_cond_destroy(&w->wake);
        pthread_mutex_destroy(&w->lock);
        return -1;
    }
    w->running = 1;
    return 0;
}

GRUNDY__LOCAL int grundy__worker_start(grundy__worker *w)
{
    if (grundy__threads__worker_create(w, GRUNDY__THREADS__WORKER_SPINS) != 0)
        return -1;
    /* Sleep (not spin) until the new thread runs: it starts on this
     * processor, and the caller, waking up, is then placed on a free one. */
    pthread_mutex_lock(&w->lock);
    while (!w->awake)
        pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
    return 0;
}

GRUNDY__LOCAL int grundy__worker_launch(grundy__worker *w, unsigned long spins)
{
    return grundy__threads__worker_create(w, spins);
}

GRUNDY__LOCAL void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg)
{
    pthread_mutex_lock(&w->lock);
    w->fn = fn;
    w->arg = arg;
    __atomic_store_n(&w->posted, w->posted + 1, __ATOMIC_RELEASE);
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
}

GRUNDY__LOCAL void grundy__worker_wait(grundy__worker *w)
{
    pthread_mutex_lock(&w->lock);
    while (w->finished != w->posted)
        pthread_cond_wait(&w->done, &w->lock);
    pthread_mutex_unlock(&w->lock);
}

GRUNDY__LOCAL void grundy__worker_stop(grundy__worker *w)
{
    if (!w->running)
        return;
    pthread_mutex_lock(&w->lock);
    w->quit = 1;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->id, NULL);
    pthread_cond_destroy(&w->done);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    w->running = 0;
}

GRUNDY__LOCAL void grundy__thread_yield(void)
{
    sched_yield();
}

GRUNDY__LOCAL double grundy__seconds(void)
{
    /* C11's clock: a jump of the wall clock costs one wrong choice at most. */
    struct timespec t;
    if (timespec_get(&t, TIME_UTC) != TIME_UTC)
        return 0.0;
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

#else
GRUNDY__LOCAL int grundy__worker_start(grundy__worker *w)
{
    w->running = 0;
    return -1;
}

GRUNDY__LOCAL int grundy__worker_launch(grundy__worker *w, unsigned long spins)
{
    (void)spins;
    return grundy__worker_start(w);
}

GRUNDY__LOCAL void grundy__worker_post(grundy__worker *w, void *(*fn)(void *), void *arg)
{
    (void)w;
    fn(arg); /* never reached: no worker starts without threads */
}

GRUNDY__LOCAL void grundy__worker_wait(grundy__worker *w)
{
    (void)w;
}

GRUNDY__LOCAL void grundy__worker_stop(grundy__worker *w)
{
    w->running = 0;
}

GRUNDY__LOCAL void grundy__thread_yield(void)
{
}

GRUNDY__LOCAL double grundy__seconds(void)
{
    return 0.0;
}
#endif
#undef GRUNDY__THREADS__WORKER_SPINS

/* === src/core/word_table.c === */
/* The memo of 64-bit words: the probe beyond the home bucket, the probe of
 * two threads, growth, the guard's rebuild and removal (word_table.h). */
/* === src/core/word_table.h === */
/* The memo of games whose positions are 64-bit words: each word mapped to a
 * one-byte code, a small number or a state of its evaluation.
 *
 * Why not the byte-string table (core/table.h): a memo of words is what the
 * rule-defined games spend their time in, and a layout made for it does
 * with one cache line what the other does with two or three.  Buckets of 64
 * bytes, aligned to a cache line, hold seven keys, their seven codes and
 * the bucket's fill: the keys fill a bucket from its first slot on, so one
 * compare of the seven keys (no branch between them) and the fill say
 * whether a key is there; a full bucket sends the probe to the next one.
 * Seven slots of 64 bytes are 9.1 bytes per slot, and buckets may be 6/7
 * full before the table grows by half, so a table holds between 10.7 and 16
 * bytes per key (the byte-string table: 16 to 32 for eight-byte keys).
 *
 * The home bucket of a key is the high half of (key ^ key >> 32) * 2^64/phi
 * scaled to the bucket count: one multiply, and it keeps the table's size
 * free (no power of two).  A set of keys that this hash piles up (keys whose products share
 * their high bits) is caught by watching probe lengths: a probe that passes
 * GRUNDY__WTABLE_LONG buckets asks for the table to be rebuilt with a strong
 * hash (splitmix64's finaliser), once.
 *
 * Two threads may claim and read keys at once (the rule-defined games'
 * second thread): a slot is taken by a compare-and-swap of its bucket's
 * fill, its key written, then its code published with release order; a
 * slot inside the fill whose code is still GRUNDY__CODE_EMPTY is being
 * written, and a reader waits for it.  Growing needs the table to itself.
 * Every code and key is read and written with atomic operations where
 * threads exist (plain loads and stores on the processors we know), so
 * that the one-thread path is the same code. */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* An AVX2 match where the compiler can build one (chosen at run time:
 * grundy__wtable_avx2()); GRUNDY_SCAN_PORTABLE keeps to the portable one
 * (make sanitize builds so, to test it on processors that have AVX2). */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(GRUNDY_SCAN_PORTABLE)
#define GRUNDY__WTABLE_AVX2 1
#include <immintrin.h>
#define GRUNDY__TARGET_AVX2 __attribute__((target("avx2")))
#else
#define GRUNDY__WTABLE_AVX2 0
#endif

/* The lookup is the innermost step of every search: inlined even where
 * the compiler would not. */
#if defined(__GNUC__)
#define GRUNDY__WTABLE_INLINE __attribute__((always_inline))
#else
#define GRUNDY__WTABLE_INLINE
#endif

/* Codes.  Numbers up to GRUNDY__CODE_MAX are stored as themselves. */
#define GRUNDY__CODE_MAX 247u
#define GRUNDY__CODE_BIG 248u   /* a larger number, kept beside the table */
#define GRUNDY__CODE_BUSY 250u  /* being evaluated, by thread 0 (+1: thread 1) */
#define GRUNDY__CODE_TOMB 253u  /* removed (an evaluation that failed) */
#define GRUNDY__CODE_NONE 254u  /* never stored: "no code" where a search needs one */
#define GRUNDY__CODE_EMPTY 255u /* free, or (inside a bucket's fill) being written */

#define GRUNDY__WTABLE_SLOTS 7
#define GRUNDY__WTABLE_LONG 16 /* buckets a probe may pass before the guard trips */
#define GRUNDY__WTABLE_FULL 6  /* keys per bucket, on average, before the table grows */

typedef struct grundy__wbucket {
    uint64_t key[GRUNDY__WTABLE_SLOTS]; /* 16-byte aligned: the table is */
    unsigned char code[GRUNDY__WTABLE_SLOTS];
    unsigned char fill; /* slots taken, from the first */
} grundy__wbucket;

typedef struct grundy__wtable {
    grundy__wbucket *b; /* nb buckets, aligned to 64 bytes */
    void *block;        /* as allocated */
    size_t nb;
    size_t used;        /* slots taken (removed ones too) */
    int strong;         /* the strong hash: the guard has tripped */
    int long_probe;     /* a probe passed GRUNDY__WTABLE_LONG buckets */
} grundy__wtable;

/* A slot: bucket * 8 + slot in the bucket. */
typedef size_t grundy__wref;

/* The multiplier of the cheap hash: 2^64 / phi, odd. */
#define GRUNDY__WTABLE_MUL 0x9e3779b97f4a7c15ull

static inline size_t grundy__wtable_home(const grundy__wtable *t, uint64_t key)
{
    /* The high half of a key reaches the high half of a product only
     * through the multiplier's low half: folded in first, so that keys
     * differing in their high bits only (a heap packed above bit 32) do
     * not land together. */
    uint64_t h = t->strong ? grundy__mix64(key) : (key ^ key >> 32) * GRUNDY__WTABLE_MUL;
    return (size_t)(((h >> 32) * (uint64_t)t->nb) >> 32);
}

static inline unsigned char *grundy__wtable_code_at(const grundy__wtable *t, grundy__wref r)
{
    return &t->b[r >> 3].code[r & 7];
}

/* Loads and stores, atomic where there are threads (see the top). */
static inline unsigned char grundy__wload(const unsigned char *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#else
    return *p;
#endif
}

static inline void grundy__wstore(unsigned char *p, unsigned char v)
{
#if GRUNDY__THREADS
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
#else
    *p = v;
#endif
}

static inline uint64_t grundy__wkey(const uint64_t *p)
{
#if GRUNDY__THREADS
    return __atomic_load_n(p, __ATOMIC_RELAXED);
#else
    return *p;
#endif
}

/* The code of slot r. */
static inline unsigned grundy__wtable_code(const grundy__wtable *t, grundy__wref r)
{
    return grundy__wload(grundy__wtable_code_at(t, r));
}

static inline void grundy__wtable_set(grundy__wtable *t, grundy__wref r, unsigned code)
{
    grundy__wstore(grundy__wtable_code_at(t, r), (unsigned char)code);
}

#if defined(__SSE2__)
/* Bit j set: the j-th of the two keys at p equals k.  SSE2 compares 32-bit
 * halves only: a key matches where both of its halves do. */
static inline GRUNDY__WTABLE_INLINE unsigned grundy__wmatch2(const __m128i *p, __m128i k)
{
    __m128i eq = _mm_cmpeq_epi32(_mm_load_si128(p), k);
    eq = _mm_and_si128(eq, _mm_shuffle_epi32(eq, _MM_SHUFFLE(2, 3, 0, 1)));
    return (unsigned)_mm_movemask_pd(_mm_castsi128_pd(eq));
}
#endif

/* The slots below fill of bucket b holding key, as a bit mask (removed
 * ones too), with plain loads: no other thread enters keys.  Two keys per
 * SSE2 compare where there is SSE2 (every x86-64): the seven compares of a
 * plain loop cost more than the rest of a lookup.  The eighth word of a
 * bucket (codes and fill) may match too: fill masks it off. */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wbucket_match(const grundy__wbucket *b, uint64_t key, unsigned fill)
{
#if defined(__SSE2__)
    const __m128i k = _mm_set1_epi64x((long long)key);
    const __m128i *p = (const __m128i *)(const void *)b->key;
    unsigned m = grundy__wmatch2(p, k) | grundy__wmatch2(p + 1, k) << 2 |
                 grundy__wmatch2(p + 2, k) << 4 | grundy__wmatch2(p + 3, k) << 6;
    return m & ((1u << fill) - 1u);
#else
    unsigned m = 0;
    for (unsigned j = 0; j < GRUNDY__WTABLE_SLOTS; j++)
        m |= (unsigned)(b->key[j] == key) << j;
    return m & ((1u << fill) - 1u);
#endif
}

#if GRUNDY__WTABLE_AVX2
/* grundy__wbucket_match with two AVX2 compares of four keys: a fifth of the
 * SSE2 match's instructions, and a lookup's most frequent step. */
static inline GRUNDY__TARGET_AVX2 unsigned
grundy__wbucket_match_avx2(const grundy__wbucket *b, uint64_t key, unsigned fill)
{
    const __m256i k = _mm256_set1_epi64x((long long)key);
    const __m256i *p = (const __m256i *)(const void *)b->key;
    __m256i lo = _mm256_cmpeq_epi64(_mm256_load_si256(p), k);
    __m256i hi = _mm256_cmpeq_epi64(_mm256_load_si256(p + 1), k);
    unsigned m = (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(lo)) |
                 (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(hi)) << 4;
    return m & ((1u << fill) - 1u);
}
#endif

/* Whether the processor runs grundy__wbucket_match_avx2 (and this build
 * has it). */
GRUNDY__LOCAL int grundy__wtable_avx2(void);

/* grundy__wbucket_match where another thread may be entering keys (atomic
 * loads; the caller has waited for the keys below fill to be written). */
static inline unsigned grundy__wbucket_match_shared(const grundy__wbucket *b, uint64_t key,
                                                    unsigned fill)
{
    unsigned m = 0;
    for (unsigned j = 0; j < fill; j++)
        m |= (unsigned)(grundy__wkey(&b->key[j]) == key) << j;
    return m;
}

/* Looks key up, and if absent (and claim is not GRUNDY__CODE_EMPTY) enters
 * it with code claim.  Returns the code the key had (GRUNDY__CODE_EMPTY:
 * absent, now entered if asked) and sets *r to its slot.  The table has
 * room (the caller keeps used below grundy__wtable_room).  shared: another
 * thread may enter keys at the same time, and the callers count what they
 * enter (used is left as it is). */
GRUNDY__LOCAL unsigned grundy__wtable_claim_slow(grundy__wtable *t, uint64_t key, unsigned claim, int shared,
                                   grundy__wref *r);

/* The quick probe of key where no other thread enters keys, with the
 * AVX2 match if avx2 (from a caller built for AVX2): its code, or
 * GRUNDY__CODE_EMPTY with *r the free slot where grundy__wtable_enter() may
 * put it (while the table does not change), or GRUNDY__CODE_TOMB where the
 * quick probe cannot tell: a key found removed (only after a failed
 * evaluation) or a probe past GRUNDY__WTABLE_LONG full buckets, for
 * grundy__wtable_find_using(), which looks further and watches the probe's
 * length.  It reads t and nothing else: a caller may pass a copy of the
 * table, whose fields its own stores then cannot be taken to change. */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wtable_probe(const grundy__wtable *t, uint64_t key, grundy__wref *r, int avx2)
{
    size_t i = grundy__wtable_home(t, key);
    for (unsigned passed = 0; passed < GRUNDY__WTABLE_LONG; passed++) {
        const grundy__wbucket *b = &t->b[i];
        unsigned fill = b->fill;
#if GRUNDY__WTABLE_AVX2
        unsigned m = avx2 ? grundy__wbucket_match_avx2(b, key, fill)
                          : grundy__wbucket_match(b, key, fill);
#else
        (void)avx2;
        unsigned m = grundy__wbucket_match(b, key, fill);
#endif
        if (m != 0) {
            unsigned j = (unsigned)__builtin_ctz(m);
            *r = i * 8 + j;
            return b->code[j];
        }
        if (fill < GRUNDY__WTABLE_SLOTS) {
            *r = i * 8 + fill;
            return GRUNDY__CODE_EMPTY;
        }
        i = i + 1 == t->nb ? 0 : i + 1;
    }
    return GRUNDY__CODE_TOMB;
}

/* Looks key up where no other thread enters keys: its code, or
 * GRUNDY__CODE_EMPTY with *r the free slot where grundy__wtable_enter() may
 * put it.  The probe passes full buckets (about one lookup in ten at the
 * most crowded). */
static inline GRUNDY__WTABLE_INLINE unsigned
grundy__wtable_find_using(grundy__wtable *t, uint64_t key, grundy__wref *r, int avx2)
{
    unsigned code = grundy__wtable_probe(t, key, r, avx2);
    return code != GRUNDY__CODE_TOMB ? code
                                     : grundy__wtable_claim_slow(t, key, GRUNDY__CODE_EMPTY, 0, r);
}

/* grundy__wtable_find_using with the portable match.  The AVX2 one is
 * inlined only into callers built for AVX2 (the word search's hot loop,
 * game_word.c), with avx2 a constant 1 there. */
static inline GRUNDY__WTABLE_INLINE unsigned grundy__wtable_find(grundy__wtable *t, uint64_t key,
                                                                grundy__wref *r)
{
    return grundy__wtable_find_using(t, key, r, 0);
}

/* Enters key, absent, with code at the free slot r that
 * grundy__wtable_find() gave; the table has room. */
static inline void grundy__wtable_enter(grundy__wtable *t, grundy__wref r, uint64_t key,
                                        unsigned code)
{
    grundy__wbucket *b = &t->b[r >> 3];
    unsigned j = (unsigned)(r & 7);
    b->key[j] = key;
    b->code[j] = (unsigned char)code;
    b->fill = (unsigned char)(j + 1);
    t->used++;
}

/* Looks key up, entering it with code claim if absent (unless claim is
 * GRUNDY__CODE_EMPTY): as grundy__wtable_claim_slow(). */
static inline unsigned grundy__wtable_claim(grundy__wtable *t, uint64_t key, unsigned claim,
                                            int shared, grundy__wref *r)
{
    if (shared)
        return grundy__wtable_claim_slow(t, key, claim, shared, r);
    unsigned code = grundy__wtable_find(t, key, r);
    if (code == GRUNDY__CODE_EMPTY && claim != GRUNDY__CODE_EMPTY)
        grundy__wtable_enter(t, *r, key, claim);
    return code;
}

GRUNDY__LOCAL void grundy__wtable_init(grundy__wtable *t);
GRUNDY__LOCAL void grundy__wtable_free(grundy__wtable *t, const grundy_allocator *a);

/* The bytes the table holds, and would hold with nb buckets. */
GRUNDY__LOCAL size_t grundy__wtable_bytes(const grundy__wtable *t);
GRUNDY__LOCAL size_t grundy__wtable_bytes_for(size_t nb);

/* The slots that may be taken before the table must grow. */
static inline size_t grundy__wtable_room(const grundy__wtable *t)
{
    return t->nb * GRUNDY__WTABLE_FULL;
}

/* The bucket count the next growth gives (half as many again). */
GRUNDY__LOCAL size_t grundy__wtable_next(const grundy__wtable *t);

/* Rebuilds the table with nb buckets (at least its keys' need), with the
 * strong hash if strong, dropping removed keys; slots change.  Within
 * `room` bytes for the old and new blocks together (0: no cap).  Returns
 * GRUNDY_OK, GRUNDY_ENOMEM or GRUNDY_ELIMIT (the table unchanged). */
GRUNDY__LOCAL int grundy__wtable_rebuild(grundy__wtable *t, const grundy_allocator *a, size_t nb, int strong,
                           size_t room);

/* Marks slot r removed (one thread only). */
GRUNDY__LOCAL void grundy__wtable_remove(grundy__wtable *t, grundy__wref r);

/* === src/core/word_table.c (continued) === */

enum { GRUNDY__WORD_TABLE__LINE = 64 };

static size_t grundy__word_table__next_bucket(const grundy__wtable *t, size_t i)
{
    return i + 1 == t->nb ? 0 : i + 1;
}

/* Waits until slot j of b, inside the fill, has its key written. */
static unsigned grundy__word_table__published(const grundy__wbucket *b, unsigned j)
{
    unsigned code;
    while ((code = grundy__wload(&b->code[j])) == GRUNDY__CODE_EMPTY)
        grundy__thread_yield();
    return code;
}

/* The slot of bucket b below fill that holds key and is not removed, or -1;
 * with threads, only after every slot below fill is written. */
static int grundy__word_table__find_in(const grundy__wbucket *b, uint64_t key, unsigned fill, int shared,
                   unsigned *code)
{
    if (shared) {
        for (unsigned j = 0; j < fill; j++)
            (void)grundy__word_table__published(b, j);
    }
    unsigned m = shared ? grundy__wbucket_match_shared(b, key, fill)
                        : grundy__wbucket_match(b, key, fill);
    while (m != 0) {
        unsigned j = (unsigned)__builtin_ctz(m);
        *code = grundy__wload(&b->code[j]);
        if (*code != GRUNDY__CODE_TOMB)
            return (int)j;
        m &= m - 1;
    }
    return -1;
}

/* Takes slot `fill` of b for key, with code claim: 1 if taken, 0 if
 * another thread took it first (b's fill has moved on). */
static int grundy__word_table__take(grundy__wbucket *b, unsigned fill, uint64_t key, unsigned claim, int shared)
{
#if GRUNDY__THREADS
    if (shared) {
        unsigned char expected = (unsigned char)fill;
        if (!__atomic_compare_exchange_n(&b->fill, &expected, (unsigned char)(fill + 1), 0,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            return 0;
        __atomic_store_n(&b->key[fill], key, __ATOMIC_RELAXED);
        grundy__wstore(&b->code[fill], (unsigned char)claim);
        return 1;
    }
#else
    (void)shared;
#endif
    b->key[fill] = key;
    b->code[fill] = (unsigned char)claim;
    b->fill = (unsigned char)(fill + 1);
    return 1;
}

GRUNDY__LOCAL unsigned grundy__wtable_claim_slow(grundy__wtable *t, uint64_t key, unsigned claim, int shared,
                                   grundy__wref *r)
{
    size_t i = grundy__wtable_home(t, key);
    for (unsigned passed = 0;; passed++) {
        grundy__wbucket *b = &t->b[i];
        unsigned fill = grundy__wload(&b->fill), code;
        int j = grundy__word_table__find_in(b, key, fill, shared, &code);
        if (j >= 0) {
            *r = i * 8 + (unsigned)j;
            return code;
        }
        if (fill < GRUNDY__WTABLE_SLOTS) {
            *r = i * 8 + fill;
            if (claim == GRUNDY__CODE_EMPTY)
                return GRUNDY__CODE_EMPTY;
            if (grundy__word_table__take(b, fill, key, claim, shared)) {
                if (!shared)
                    t->used++;
                return GRUNDY__CODE_EMPTY;
            }
            continue; /* taken by the other thread: look at this bucket again */
        }
        /* A table of a few buckets fills and empties its runs as it grows:
         * only a large one has probes worth watching. */
        if (passed == GRUNDY__WTABLE_LONG && !t->strong && t->nb >= 64 * GRUNDY__WTABLE_LONG) {
#if GRUNDY__THREADS
            __atomic_store_n(&t->long_probe, 1, __ATOMIC_RELAXED);
#else
            t->long_probe = 1;
#endif
        }
        i = grundy__word_table__next_bucket(t, i);
    }
}

GRUNDY__LOCAL int grundy__wtable_avx2(void)
{
#if GRUNDY__WTABLE_AVX2
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

GRUNDY__LOCAL void grundy__wtable_init(grundy__wtable *t)
{
    memset(t, 0, sizeof *t);
}

GRUNDY__LOCAL void grundy__wtable_free(grundy__wtable *t, const grundy_allocator *a)
{
    grundy__free(a, t->block);
    grundy__wtable_init(t);
}

GRUNDY__LOCAL size_t grundy__wtable_bytes_for(size_t nb)
{
    return nb == 0 ? 0 : nb * sizeof(grundy__wbucket) + GRUNDY__WORD_TABLE__LINE;
}

GRUNDY__LOCAL size_t grundy__wtable_bytes(const grundy__wtable *t)
{
    return grundy__wtable_bytes_for(t->nb);
}

GRUNDY__LOCAL size_t grundy__wtable_next(const grundy__wtable *t)
{
    return t->nb < 8 ? 16 : t->nb + t->nb / 2;
}

/* Enters key (absent) with code in a table being built: no thread, no guard. */
static void grundy__word_table__place(grundy__wtable *t, uint64_t key, unsigned char code)
{
    size_t i = grundy__wtable_home(t, key);
    while (t->b[i].fill == GRUNDY__WTABLE_SLOTS)
        i = grundy__word_table__next_bucket(t, i);
    grundy__wbucket *b = &t->b[i];
    b->key[b->fill] = key;
    b->code[b->fill] = code;
    b->fill++;
    t->used++;
}

/* The keys of t not removed. */
static size_t grundy__word_table__live(const grundy__wtable *t)
{
    size_t n = 0;
    for (size_t i = 0; i < t->nb; i++)
        for (unsigned j = 0; j < t->b[i].fill; j++)
            n += t->b[i].code[j] != GRUNDY__CODE_TOMB;
    return n;
}

GRUNDY__LOCAL int grundy__wtable_rebuild(grundy__wtable *t, const grundy_allocator *a, size_t nb, int strong,
                           size_t room)
{
    size_t keys = grundy__word_table__live(t);
    if (nb * GRUNDY__WTABLE_FULL <= keys)
        nb = keys / GRUNDY__WTABLE_FULL + 1;
    if (nb > UINT32_MAX || nb > (SIZE_MAX - GRUNDY__WORD_TABLE__LINE) / sizeof(grundy__wbucket))
        return GRUNDY_ELIMIT;
    size_t bytes = grundy__wtable_bytes_for(nb);
    if (room != 0 && (bytes > room || grundy__wtable_bytes(t) > room - bytes))
        return GRUNDY_ELIMIT;
    grundy__wtable n;
    grundy__wtable_init(&n);
    n.block = grundy__alloc_array(a, bytes, 1);
    if (n.block == NULL)
        return GRUNDY_ENOMEM;
    uintptr_t at = ((uintptr_t)n.block + GRUNDY__WORD_TABLE__LINE - 1) & ~(uintptr_t)(GRUNDY__WORD_TABLE__LINE - 1);
    n.b = (grundy__wbucket *)at;
    n.nb = nb;
    n.strong = strong;
    /* Free slots hold GRUNDY__CODE_EMPTY, and keys are defined bytes: the
     * match compares every key of a bucket before masking by its fill. */
    memset(n.b, 0xff, nb * sizeof(grundy__wbucket));
    for (size_t i = 0; i < nb; i++)
        n.b[i].fill = 0;
    for (size_t i = 0; i < t->nb; i++) {
        const grundy__wbucket *b = &t->b[i];
        for (unsigned j = 0; j < b->fill; j++)
            if (b->code[j] != GRUNDY__CODE_TOMB)
                grundy__word_table__place(&n, b->key[j], b->code[j]);
    }
    grundy__free(a, t->block);
    *t = n;
    return GRUNDY_OK;
}

GRUNDY__LOCAL void grundy__wtable_remove(grundy__wtable *t, grundy__wref r)
{
    grundy__wtable_set(t, r, GRUNDY__CODE_TOMB);
}

/* === src/play/compound.c === */
/* Sums decided by their components' numbers (ONAG ch. 14; Winning Ways):
 * - normal play: N iff the xor of the values is non-zero;
 * - misère play under the SJ theorem's precondition (Anti-SG): N iff either
 *   the xor is non-zero and some value exceeds 1, or the xor is zero and
 *   none does;
 * - WTIA: P iff some component is SP, or all are numbers with xor 0;
 * - conjunctive: the sum's remoteness is the least of the components'
 *   (the race that ends first decides): N iff it is odd;
 * - continued conjunctive: the sum's suspense is the largest (play goes on
 *   until the last component ends): N iff it is odd;
 * - selective: P iff every component is P, since from there every move turns
 *   some components into N-positions and the reply moves each of them back to
 *   a P-position;
 * - shortened selective: the same while every component can still move, but
 *   a component that has ended ends the game, lost for the player to move.
 *   Remoteness tells both apart (0 is ended, odd is N), so it decides. */
/* === src/play/compound.h === */
/* Deciding sums from their components' numbers. */

/* The outcome of a sum under play whose component i has number
 * value_at(ctx, i), for the plays whose numbers decide sums: normal,
 * selective (Sprague-Grundy values), WTIA (w-numbers), conjunctive and
 * shortened (remoteness), continued (suspense numbers), and
 * GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ (the SJ rule on Sprague-Grundy values).
 * GRUNDY_ENOTSUP for the other misère sums and loopy play; GRUNDY_EINVAL
 * for what is not a play. */
GRUNDY__LOCAL int grundy__numbers_decide(int play, const void *ctx, size_t n, grundy__value_at_fn value_at);

/* === src/play/play.h === */
/* The rules of each way of playing: how a position's number follows from
 * the numbers of its options.  One accumulator serves the graph search and
 * the rule-defined game engine alike. */

/* Internal play: the most components a position can become (misère search).
 * It follows the public plays, so one array indexed by play holds them all. */
#define GRUNDY__PLAY_WIDTH 8
#define GRUNDY__PLAYS 9
#define GRUNDY__WIDTH_MAX 65535u

/* The play whose numbers a play reports and decides its sums by: selective
 * play's, and misère sums' by the SJ rule, are normal values; shortened
 * play's are remoteness. */
static inline int grundy__play_numbers(int play)
{
    if (play == GRUNDY_PLAY_SELECTIVE || play == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ))
        return GRUNDY_PLAY_NORMAL;
    if (play == GRUNDY_PLAY_SHORTENED)
        return GRUNDY_PLAY_CONJUNCTIVE;
    return play;
}

/* The play without its method flag. */
static inline int grundy__play_base(int play)
{
    return play & ~GRUNDY_BY_MASK;
}

/* NULL if play is a public play, with a method flag only if with_method
 * (misère sums take one); otherwise why not, for a message. */
GRUNDY__LOCAL const char *grundy__play_refusal(int play, int with_method);

/* The play's name for messages ("misère play"). */
GRUNDY__LOCAL const char *grundy__play_name(int play);

#ifdef GRUNDY_NORMAL_PLAY_ONLY
/* The refusal of a play other than normal play by a build made for normal
 * play only: writes into msg (cap bytes) that call cannot answer play in
 * this build and why, and returns GRUNDY_ENOTSUP.  One wording for every
 * handle that refuses. */
GRUNDY__LOCAL int grundy__play_normal_only(int play, const char *call, char *msg, size_t cap);
#endif

typedef struct grundy__acc {
    int play;
    grundy__mex *mex;
    uint32_t count;       /* options seen */
    int any_sp;           /* WTIA: an option is super-losing */
    uint32_t min_even, max_even, min_odd, max_odd;
    int any_even, any_odd;
    uint32_t widest;
} grundy__acc;

/* The number of a part-less option (the finished game) under play. */
GRUNDY__LOCAL uint32_t grundy__play_finished(int play);

/* The number of an option made of parts with numbers a and b. */
static inline uint32_t grundy__play_join(int play, uint32_t a, uint32_t b)
{
    if (play == GRUNDY__PLAY_WIDTH) {
        uint32_t s = a + b;
        return s > GRUNDY__WIDTH_MAX ? GRUNDY__WIDTH_MAX : s;
    }
    return a ^ b; /* normal play: the value of a sum */
}

/* Whether a move of a sum under play is in one component (normal, misère,
 * WTIA, loopy), so that its winning moves can be listed one by one; the
 * others move in several components at once. */
static inline int grundy__play_moves_in_one(int play)
{
    int base = grundy__play_base(play);
    return base == GRUNDY_PLAY_NORMAL || base == GRUNDY_PLAY_MISERE ||
           base == GRUNDY_PLAY_WTIA || base == GRUNDY_PLAY_LOOPY;
}

/* Whether the play allows split options: normal play (and width) only. */
static inline int grundy__play_splits(int play)
{
    return play == GRUNDY_PLAY_NORMAL || play == GRUNDY__PLAY_WIDTH;
}

/* How large the mex scratch must be for positions of up to `degree` options. */
static inline size_t grundy__play_mex_bound(size_t degree)
{
    return degree + 2; /* misère numbers reach degree + 1 */
}

/* GRUNDY_N or GRUNDY_P for a single position of number v under play
 * (every play but the loopy one, whose infinite value needs the followers). */
GRUNDY__LOCAL int grundy__play_outcome(int play, uint32_t v);

/* Starts the number of a position under play (any play but loopy; selective
 * and shortened play count as the play of their numbers). */
GRUNDY__LOCAL void grundy__acc_begin(grundy__acc *acc, int play, grundy__mex *mex);

/* Inline: it runs once per option of every position. */
static inline void grundy__acc_add(grundy__acc *acc, uint32_t option)
{
    acc->count++;
    if (acc->play == GRUNDY_PLAY_NORMAL || acc->play == GRUNDY_PLAY_MISERE) {
        grundy__mex_add(acc->mex, option); /* the usual case, ahead of the switch */
        return;
    }
    switch (acc->play) {
    case GRUNDY_PLAY_WTIA:
        if (option == GRUNDY_SP)
            acc->any_sp = 1;
        else if (option != GRUNDY_SC)
            grundy__mex_add(acc->mex, option);
        break;
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED:
        if (option % 2 == 0) {
            acc->any_even = 1;
            if (option < acc->min_even) acc->min_even = option;
            if (option > acc->max_even) acc->max_even = option;
        } else {
            acc->any_odd = 1;
            if (option < acc->min_odd) acc->min_odd = option;
            if (option > acc->max_odd) acc->max_odd = option;
        }
        break;
    case GRUNDY__PLAY_WIDTH:
        if (option > acc->widest)
            acc->widest = option;
        break;
    default:
        break;
    }
}

GRUNDY__LOCAL uint32_t grundy__acc_end(const grundy__acc *acc);

/* Winning moves of a sum as they are found (graphs and heap games):
 * (component, move) pairs, the first cap stored (components may be NULL),
 * count all of them; with first_only the search stops at the first. */
typedef struct grundy__wins {
    size_t *components;
    uint64_t *moves;
    size_t cap, count;
    int first_only;
} grundy__wins;

/* Records one; returns nonzero when the search should stop. */
static inline int grundy__wins_add(grundy__wins *w, size_t component, uint64_t move)
{
    if (w->count < w->cap) {
        if (w->components != NULL)
            w->components[w->count] = component;
        w->moves[w->count] = move;
    }
    w->count++;
    return w->first_only;
}

/* === src/play/compound.c (continued) === */

GRUNDY__LOCAL int grundy__numbers_decide(int play, const void *ctx, size_t n, grundy__value_at_fn value_at)
{
    if (grundy__play_refusal(play, 1) != NULL)
        return GRUNDY_EINVAL;
    uint64_t x = 0, least = UINT64_MAX, most = 0;
    int big = 0, any_sp = 0, any_sc = 0, any_odd = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = value_at(ctx, i);
        if (play == GRUNDY_PLAY_WTIA && (v == GRUNDY_SP || v == GRUNDY_SC)) {
            any_sp |= v == GRUNDY_SP;
            any_sc |= v == GRUNDY_SC;
            continue;
        }
        x ^= v;
        big |= v > 1;
        any_odd |= v % 2 == 1;
        if (v < least) least = v;
        if (v > most) most = v;
    }
    int win;
    switch (play) {
    case GRUNDY_PLAY_NORMAL: win = x != 0; break;
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ: win = (x != 0) == (big != 0); break;
    case GRUNDY_PLAY_WTIA: win = !any_sp && (any_sc || x != 0); break;
    case GRUNDY_PLAY_CONJUNCTIVE: win = n > 0 && least % 2 == 1; break;
    case GRUNDY_PLAY_CONTINUED: win = most % 2 == 1; break;
    case GRUNDY_PLAY_SELECTIVE: win = most != 0; break;
    case GRUNDY_PLAY_SHORTENED: win = n > 0 && least > 0 && any_odd; break;
    default: return GRUNDY_ENOTSUP; /* misère by another method, loopy play */
    }
    return win ? GRUNDY_N : GRUNDY_P;
}

static uint64_t grundy__compound__number_at(const void *ctx, size_t i)
{
    return ((const uint32_t *)ctx)[i];
}

int grundy_numbers_sum_outcome(int play, const uint32_t *numbers, size_t n)
{
    if (numbers == NULL && n > 0)
        return GRUNDY_EINVAL;
    return grundy__numbers_decide(play, numbers, n, grundy__compound__number_at);
}

/* === src/play/genus.c === */
/* Which tame genus a position's terms show (see genus.h).
 *
 * In a misère sum of tame positions the small kinds act as Nim heaps of 0
 * and 1 and the big kind as a heap of two or more with Nim value a, so
 * misère Nim's rule decides it (Conway, On Numbers and Games, ch. 12). */
/* === src/play/genus.h === */
/* Conway's genus symbols and tame positions (ONAG ch. 12; Winning Ways
 * ch. 13), shared by every kind of handle that computes them: which tame
 * genus a position's terms show, and misère Nim's rule that decides a sum
 * of tame positions.  How the terms are computed is the handle's business
 * (graphs fill a table over their nodes, heap games search sums of heaps). */

/* The terms computed: gamma_0 ... gamma_L. */
#define GRUNDY__GENUS_L (GRUNDY_GENUS_TERMS - 1)

/* A position's tame kind: not tame; 0^(1202...) or 1^(0313...), which add
 * like Nim heaps of 0 and 1; a^(a, a^2, a, ...), like a heap of two or more. */
enum { GRUNDY__NOT_TAME = 0, GRUNDY__TAME_SMALL = 1, GRUNDY__TAME_BIG = 2 };

/* The tame kind the terms gamma[0 .. L] show for a position of
 * Sprague-Grundy value v (its own genus only: a tame position also needs
 * every position it reaches tame, which the caller checks). */
GRUNDY__LOCAL int grundy__genus_kind(const uint32_t *gamma, uint32_t v);

/* The misère Grundy value of a sum of tame positions, from the xor x of
 * their Sprague-Grundy values and whether one is of the big kind: misère
 * Nim's rule, x with a big one, x ^ 1 with only small ones. */
static inline uint32_t grundy__genus_tame_value(uint32_t x, int big)
{
    return big ? x : x ^ 1u;
}

/* === src/play/genus.c (continued) === */

GRUNDY__LOCAL int grundy__genus_kind(const uint32_t *gamma, uint32_t v)
{
    int small0 = v == 0, small1 = v == 1, big = 1;
    for (size_t n = 0; n <= GRUNDY__GENUS_L; n++) {
        small0 &= gamma[n] == (n == 0 ? 1u : n % 2 ? 2u : 0u);
        small1 &= gamma[n] == (n == 0 ? 0u : n % 2 ? 3u : 1u);
        big &= gamma[n] == (n % 2 ? (v ^ 2u) : v);
    }
    return small0 || small1 ? GRUNDY__TAME_SMALL : big ? GRUNDY__TAME_BIG : GRUNDY__NOT_TAME;
}

/* === src/play/play.c === */
/* The per-position rule of every way of playing.
 *
 * - normal (and selective): mex of the option values (a split option's
 *   value is the xor).
 * - misère: a terminal position has misère Grundy value 1 (the player to
 *   move has won); otherwise the mex of the options' misère values.
 * - WTIA (w-numbers): terminal is SP; a move to SP makes SC; otherwise the
 *   mex of the options that are numbers (SC options are never worth playing).
 * - remoteness (conjunctive and shortened selective play, Smith): terminal
 *   0; with an option of even remoteness, win as fast as possible: 1 + the
 *   least even one; else lose as slowly as possible: 1 + the largest (odd) one.
 * - suspense (continued conjunctive play, Smith): terminal 0; with an even
 *   option, win as slowly as possible: 1 + the largest even one; else lose as
 *   fast as possible: 1 + the least odd one.
 * - width (internal): the most non-terminal components play can split into. */

GRUNDY__LOCAL const char *grundy__play_refusal(int play, int with_method)
{
    int method = play & GRUNDY_BY_MASK, base = grundy__play_base(play);
    if (base < GRUNDY_PLAY_NORMAL || base > GRUNDY_PLAY_SHORTENED)
        return "is not a play";
    if (method == 0)
        return NULL;
    if (method != GRUNDY_BY_SJ && method != GRUNDY_BY_GENUS && method != GRUNDY_BY_SEARCH)
        return "has an unknown method flag";
    if (base != GRUNDY_PLAY_MISERE || !with_method)
        return "has a method flag, which only misère sums take";
    return NULL;
}

GRUNDY__LOCAL const char *grundy__play_name(int play)
{
    static const char *const names[] = {
        "normal play", "misère play", "WTIA play", "conjunctive play",
        "continued conjunctive play", "loopy play", "selective play", "shortened selective play",
    };
    int base = grundy__play_base(play);
    return base >= 0 && base <= GRUNDY_PLAY_SHORTENED ? names[base] : "an unknown play";
}

#ifdef GRUNDY_NORMAL_PLAY_ONLY
GRUNDY__LOCAL int grundy__play_normal_only(int play, const char *call, char *msg, size_t cap)
{
    snprintf(msg, cap, "%s: %s is not in this build, which was made for normal play only "
             "(GRUNDY_NORMAL_PLAY_ONLY)", call, grundy__play_name(play));
    return GRUNDY_ENOTSUP;
}
#endif

GRUNDY__LOCAL uint32_t grundy__play_finished(int play)
{
    switch (grundy__play_numbers(play)) {
    case GRUNDY_PLAY_MISERE: return 1;
    case GRUNDY_PLAY_WTIA: return GRUNDY_SP;
    default: return 0;
    }
}

GRUNDY__LOCAL int grundy__play_outcome(int play, uint32_t v)
{
    switch (grundy__play_numbers(play)) {
    case GRUNDY_PLAY_WTIA: return v == GRUNDY_SP || v == 0 ? GRUNDY_P : GRUNDY_N;
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED: return v % 2 ? GRUNDY_N : GRUNDY_P;
    default: return v ? GRUNDY_N : GRUNDY_P;
    }
}

GRUNDY__LOCAL void grundy__acc_begin(grundy__acc *acc, int play, grundy__mex *mex)
{
    acc->play = grundy__play_numbers(play);
    acc->mex = mex;
    acc->count = 0;
    acc->any_sp = 0;
    acc->any_even = acc->any_odd = 0;
    acc->min_even = acc->min_odd = UINT32_MAX;
    acc->max_even = acc->max_odd = 0;
    acc->widest = 0;
    grundy__mex_begin(mex);
}

GRUNDY__LOCAL uint32_t grundy__acc_end(const grundy__acc *acc)
{
    switch (acc->play) {
    case GRUNDY_PLAY_MISERE:
        return acc->count == 0 ? 1 : grundy__mex_end(acc->mex);
    case GRUNDY_PLAY_WTIA:
        if (acc->count == 0)
            return GRUNDY_SP;
        return acc->any_sp ? GRUNDY_SC : grundy__mex_end(acc->mex);
    case GRUNDY_PLAY_CONJUNCTIVE:
        if (acc->count == 0)
            return 0;
        return 1 + (acc->any_even ? acc->min_even : acc->max_odd);
    case GRUNDY_PLAY_CONTINUED:
        if (acc->count == 0)
            return 0;
        return 1 + (acc->any_even ? acc->max_even : acc->min_odd);
    case GRUNDY__PLAY_WIDTH:
        /* A position that can still move is at least one component. */
        return acc->count == 0 ? 0 : (acc->widest > 1 ? acc->widest : 1);
    default:
        return grundy__mex_end(acc->mex);
    }
}

/* === src/graph/graph.c === */
/* Game graph construction: nodes and moves (the merge into CSR form is in
 * graph_merge.c). */
/* === src/graph/graph.h === */
/* The game graph's private layout, shared by its construction, solving,
 * parsing and every play mode that walks its moves.
 *
 * Moves are stored as a stream of 32-bit tokens per node.  An ordinary move is
 * one token: the target node id (below 2^31).  A split move is a header token
 * (GRUNDY__SPLIT | number of parts) followed by one token per part.  So the
 * common case costs 4 bytes a move and splits need no second array.
 *
 * Two parts hold the tokens:
 * - the compacted part (CSR): node u's tokens are tok[off[u] .. off[u+1]),
 *   for u < n_csr, in the order the moves were added;
 * - the pending part: (from, token) records appended since the last solve.
 * Solving merges pending into the CSR (graph_merge.c), keeping each node's
 * moves in the order they were added. */

#define GRUNDY__SPLIT 0x80000000u

typedef struct grundy__pending {
    uint32_t from;
    uint32_t tok;
} grundy__pending;

struct grundy_graph {
    /* First: grundy__handle_new fills it with the caller's allocator, which
     * grundy_graph_new() moves to base, putting the capping layer of
     * graph.c here: every block the graph allocates passes through it. */
    grundy_allocator alloc;
    grundy_allocator base;
    size_t mem_limit; /* the cap on live blocks (0: none) */
    size_t mem_live;  /* bytes of the blocks live, headers included */
    grundy_progress_fn progress;
    void *progress_user;

    uint32_t n;      /* nodes */
    uint64_t moves;  /* moves, a split counting once */

    uint32_t n_csr;  /* nodes covered by off[] (off has n_csr + 1 entries) */
    uint64_t *off;
    uint32_t *tok;
    uint32_t max_degree;  /* most moves from one node, in the CSR */
    int has_splits;       /* any split header in the CSR */

    grundy__pending *pend;
    size_t npend, cap_pend;
    int pend_splits;      /* a split header is pending */

    uint32_t *num[GRUNDY__PLAYS]; /* each play's numbers, once solved for it */
    grundy_game *misere;  /* memo of misère sum searches, built on demand */
    size_t misere_limit;  /* its memory cap (0: none), set by the library's own users */
    uint32_t misere_slots; /* components a position of that memo holds */
    uint32_t *misere_scratch; /* one such position, for its move generator */
    uint32_t *genus;      /* genus terms per node, once computed */
    unsigned char *tame;  /* per node, once the genus is computed */
    int has_cycle;
    uint32_t cycle_node;
    int last_method; /* GRUNDY_BY_* of the last misère sum call that succeeded, or 0 */
    size_t errpos;   /* byte offset of the last parse error, or GRUNDY_NO_POS */
    int reporting;   /* its progress callback runs: calls that change or compute are refused */
    char errmsg[192];
};

/* Walks the moves of one node in order. */
typedef struct grundy__moves {
    const uint32_t *p, *end;
} grundy__moves;

static inline grundy__moves grundy__moves_of(const grundy_graph *g, uint32_t u)
{
    grundy__moves it = {g->tok + g->off[u], g->tok + g->off[u + 1]};
    return it;
}

/* Sets *parts and *nparts to the next move and returns 1, or returns 0. */
static inline int grundy__moves_next(grundy__moves *it, const uint32_t **parts,
                                     uint32_t *nparts)
{
    if (it->p == it->end)
        return 0;
    if (*it->p & GRUNDY__SPLIT) {
        *nparts = *it->p & ~GRUNDY__SPLIT;
        *parts = it->p + 1;
        it->p += 1 + *nparts;
    } else {
        *nparts = 1;
        *parts = it->p;
        it->p += 1;
    }
    return 1;
}

/* The xor of the values of a move's parts. */
static inline uint32_t grundy__parts_value(const uint32_t *val, const uint32_t *parts,
                                           size_t nparts)
{
    uint32_t x = 0;
    for (size_t i = 0; i < nparts; i++)
        x ^= val[parts[i]];
    return x;
}

/* Merges the pending moves into the CSR.  On failure the graph is unchanged. */
GRUNDY__LOCAL int grundy__graph_compact(grundy_graph *g);

/* Merges the pending moves if there are any (refused from the progress
 * callback then: a merge frees the arrays a solve under way reads). */
GRUNDY__LOCAL int grundy__graph_ready(grundy_graph *g);

/* Solves, unless done since the last change, the numbers play needs (any
 * public play without method flag, or width), first checking that no move
 * splits if the play needs none.  Refused from the progress callback only
 * when there is work to do. */
GRUNDY__LOCAL int grundy__graph_need(grundy_graph *g, int play);

/* Caps the memory of the misère sum search's memo (0: none), for a game
 * given by rules that answers a misère sum through a graph of its
 * positions and must keep the search within its own memory limit. */
GRUNDY__LOCAL void grundy__graph_set_misere_limit(grundy_graph *g, size_t bytes);

/* Nodes finished between calls of the progress callback while solving. */
#define GRUNDY__PROGRESS_EVERY 65536u
/* The fewest pending moves grundy_graph_add_moves() merges at once (ahead of
 * need: an internal choice, no part of any contract). */
#define GRUNDY__MERGE_AHEAD 65536u

/* Calls g's progress callback, if any (nonzero: stop), with calls from it
 * into g that change or compute refused meanwhile. */
GRUNDY__LOCAL int grundy__graph_report(grundy_graph *g, uint64_t done, uint64_t total);

/* GRUNDY_ESTATE, with a message, when called from g's own progress
 * callback: the operation under way holds arrays a change would free or
 * move.  Else GRUNDY_OK. */
GRUNDY__LOCAL int grundy__graph_enter(grundy_graph *g);

/* Solves play (normal, misère, WTIA, conjunctive, continued or width),
 * storing g->num[play]. */
GRUNDY__LOCAL int grundy__graph_solve_acyclic(grundy_graph *g, int play);

/* Normal play's values into num (n entries) when no move splits; mex is
 * ready for the largest degree.  GRUNDY_ECYCLE sets g->cycle_node. */
GRUNDY__LOCAL int grundy__graph_search_normal(grundy_graph *g, uint32_t *num, grundy__mex *mex);

/* Fills order (n entries) with every node after the nodes its moves lead
 * to (split moves allowed); GRUNDY_ECYCLE if there is none. */
GRUNDY__LOCAL int grundy__graph_postorder(grundy_graph *g, uint32_t *order);

/* Solves the loopy play (generalized Sprague-Grundy values) of a graph
 * whose moves are merged and do not split. */
GRUNDY__LOCAL int grundy__graph_solve_loopy(grundy_graph *g);

/* The misère outcome of the sum of nodes[0 .. n), by memoized search over
 * the sum (graph_misere.c). */
GRUNDY__LOCAL int grundy__graph_misere_outcome(grundy_graph *g, const uint32_t *nodes, size_t n);

/* Every move of every component of that sum that leaves a misère
 * P-position, into w (graph_misere.c). */
GRUNDY__LOCAL int grundy__graph_misere_wins(grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w);

/* Computes the genus symbols if needed and sets *wild to the index of the
 * first of nodes[0 .. n) that is not tame, or to n (graph_genus.c). */
GRUNDY__LOCAL int grundy__graph_find_wild(grundy_graph *g, const uint32_t *nodes, size_t n, size_t *wild);

/* The misère outcome of a sum of tame positions, by their genus symbols
 * (computed by grundy__graph_find_wild()). */
GRUNDY__LOCAL int grundy__graph_tame_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n);

/* The first move of node whose option has number target under play (the
 * xor of its parts' numbers), or GRUNDY_NO_MOVE.  Needs play solved. */
GRUNDY__LOCAL uint64_t grundy__graph_move_to_number(const grundy_graph *g, int play, uint32_t node,
                                      uint32_t target);

/* Checks that no move splits; otherwise fails naming a node. */
GRUNDY__LOCAL int grundy__graph_require_no_splits(grundy_graph *g, const char *why);

/* Drops every solution (values, cycle) because the graph changed. */
GRUNDY__LOCAL void grundy__graph_unsolve(grundy_graph *g);

/* Formats the graph's error message; returns status for tail calls. */
GRUNDY__LOCAL int grundy__graph_fail(grundy_graph *g, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Appends pending records; the caller has validated ids. */
GRUNDY__LOCAL int grundy__graph_push(grundy_graph *g, const grundy__pending *recs, size_t count);

/* GRUNDY_ERANGE with a message naming the node by its role ("source
 * node") if it does not exist. */
GRUNDY__LOCAL int grundy__graph_check_id(grundy_graph *g, uint32_t node, const char *role);

/* GRUNDY_EINVAL with a message if play is not a play (or has a method flag
 * where with_method does not allow one). */
GRUNDY__LOCAL int grundy__graph_check_play(grundy_graph *g, int play, int with_method);

/* === src/graph/graph.c (continued) === */

/* The memory cap.  Every block the graph allocates (its arrays, a solve's
 * scratch, the misère search's memo) goes through the allocator below,
 * which keeps each block's size in a header before it: so the graph knows
 * the bytes it holds at any moment, and refuses a request past the cap
 * without asking the caller's allocator for it.  A graph of 2^31 nodes
 * then fails at its first large array instead of taking the machine's
 * memory.  The header costs a few bytes per block, and a graph allocates
 * few blocks (a handful of arrays per solve). */
typedef union grundy__graph__graph_block {
    size_t size;
    /* The alignment of max_align_t, which C99 lacks: what malloc returns
     * stays aligned for every type after the header. */
    long double align_long_double;
    long long align_long_long;
    void *align_pointer;
    void (*align_function)(void);
} grundy__graph__graph_block;

static int grundy__graph__graph_mem_allows(grundy_graph *g, size_t old_size, size_t size)
{
    if (size > SIZE_MAX - sizeof(grundy__graph__graph_block))
        return 0;
    size_t want = size + sizeof(grundy__graph__graph_block);
    size_t live = g->mem_live - old_size;
    if (g->mem_limit != 0 && (want > g->mem_limit || live > g->mem_limit - want)) {
        grundy__graph_fail(g, GRUNDY_ENOMEM,
                           "the memory limit of %zu bytes would be passed: %zu bytes held, "
                           "%zu more asked", g->mem_limit, live, want);
        return 0;
    }
    return 1;
}

static void *grundy__graph__graph_mem_malloc(void *user, size_t size)
{
    grundy_graph *g = (grundy_graph *)user;
    if (!grundy__graph__graph_mem_allows(g, 0, size))
        return NULL;
    grundy__graph__graph_block *b = (grundy__graph__graph_block *)g->base.malloc_fn(g->base.user, size + sizeof *b);
    if (b == NULL)
        return NULL;
    b->size = size + sizeof *b;
    g->mem_live += b->size;
    return b + 1;
}

static void *grundy__graph__graph_mem_realloc(void *user, void *ptr, size_t size)
{
    grundy_graph *g = (grundy_graph *)user;
    grundy__graph__graph_block *b = (grundy__graph__graph_block *)ptr - 1;
    size_t old = b->size;
    if (!grundy__graph__graph_mem_allows(g, old, size))
        return NULL;
    grundy__graph__graph_block *q = (grundy__graph__graph_block *)g->base.realloc_fn(g->base.user, b, size + sizeof *q);
    if (q == NULL)
        return NULL;
    q->size = size + sizeof *q;
    g->mem_live = g->mem_live - old + q->size;
    return q + 1;
}

static void grundy__graph__graph_mem_free(void *user, void *ptr)
{
    grundy_graph *g = (grundy_graph *)user;
    grundy__graph__graph_block *b = (grundy__graph__graph_block *)ptr - 1;
    g->mem_live -= b->size;
    g->base.free_fn(g->base.user, b);
}

int grundy_graph_new(grundy_graph **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    int rc;
    grundy_graph *g = (grundy_graph *)grundy__handle_new(sizeof *g, alloc, &rc);
    *out = g;
    if (g == NULL)
        return rc;
    g->base = g->alloc;
    g->alloc.malloc_fn = grundy__graph__graph_mem_malloc;
    g->alloc.realloc_fn = grundy__graph__graph_mem_realloc;
    g->alloc.free_fn = grundy__graph__graph_mem_free;
    g->alloc.user = g;
    g->errpos = GRUNDY_NO_POS;
    return GRUNDY_OK;
}

void grundy_graph_free(grundy_graph *g)
{
    if (g == NULL)
        return;
    grundy__free(&g->alloc, g->off);
    grundy__free(&g->alloc, g->tok);
    grundy__free(&g->alloc, g->pend);
    grundy__graph_unsolve(g);
    grundy_allocator base = g->base;
    grundy__free(&base, g);
}

void grundy_graph_set_memory_limit(grundy_graph *g, size_t bytes)
{
    if (g != NULL && !g->reporting)
        g->mem_limit = bytes;
}

void grundy_graph_set_progress(grundy_graph *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL)
        return;
    g->progress = fn;
    g->progress_user = user;
}

GRUNDY__LOCAL int grundy__graph_fail(grundy_graph *g, int status, const char *fmt, ...)
{
    va_list ap;
    g->errpos = GRUNDY_NO_POS;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    return status;
}

GRUNDY__LOCAL int grundy__graph_report(grundy_graph *g, uint64_t done, uint64_t total)
{
    if (g->progress == NULL)
        return 0;
    g->reporting = 1;
    int stop = g->progress(g->progress_user, done, total);
    g->reporting = 0;
    return stop;
}

GRUNDY__LOCAL int grundy__graph_enter(grundy_graph *g)
{
    if (!g->reporting)
        return GRUNDY_OK;
    return grundy__graph_fail(g, GRUNDY_ESTATE, "called from the graph's own progress callback");
}

const char *grundy_graph_errmsg(const grundy_graph *g)
{
    return g ? g->errmsg : "";
}

size_t grundy_graph_errpos(const grundy_graph *g)
{
    return g ? g->errpos : GRUNDY_NO_POS;
}

GRUNDY__LOCAL int grundy__graph_check_play(grundy_graph *g, int play, int with_method)
{
    const char *why = grundy__play_refusal(play, with_method);
    if (why == NULL)
        return GRUNDY_OK;
    return grundy__graph_fail(g, GRUNDY_EINVAL, "play %d (0x%x) %s", play, (unsigned)play, why);
}

GRUNDY__LOCAL void grundy__graph_unsolve(grundy_graph *g)
{
    for (int play = 0; play < GRUNDY__PLAYS; play++) {
        grundy__free(&g->alloc, g->num[play]);
        g->num[play] = NULL;
    }
    grundy_game_free(g->misere);
    g->misere = NULL;
    grundy__free(&g->alloc, g->misere_scratch);
    g->misere_scratch = NULL;
    g->misere_slots = 0;
    grundy__free(&g->alloc, g->genus);
    grundy__free(&g->alloc, g->tame);
    g->genus = NULL;
    g->tame = NULL;
    g->has_cycle = 0;
}

int grundy_graph_add_nodes(grundy_graph *g, uint32_t count, uint32_t *first)
{
    if (first != NULL)
        *first = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (count > GRUNDY_NODE_MAX - g->n)
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "%u more nodes would pass the limit of %u",
                                  count, GRUNDY_NODE_MAX);
    grundy__graph_unsolve(g);
    if (first != NULL)
        *first = g->n;
    /* Nodes cost nothing until solved: the CSR gives them room when merged. */
    g->n += count;
    return GRUNDY_OK;
}

int grundy_graph_add_node(grundy_graph *g, uint32_t *id)
{
    return grundy_graph_add_nodes(g, 1, id);
}

uint32_t grundy_graph_node_count(const grundy_graph *g)
{
    return g ? g->n : 0;
}

uint64_t grundy_graph_move_count(const grundy_graph *g)
{
    return g ? g->moves : 0;
}

GRUNDY__LOCAL int grundy__graph_push(grundy_graph *g, const grundy__pending *recs, size_t count)
{
    if (count > SIZE_MAX - g->npend)
        return GRUNDY_ELIMIT;
    int rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, g->npend + count,
                             sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    memcpy(g->pend + g->npend, recs, count * sizeof *recs);
    g->npend += count;
    grundy__graph_unsolve(g);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__graph_check_id(grundy_graph *g, uint32_t id, const char *role)
{
    if (id < g->n)
        return GRUNDY_OK;
    return grundy__graph_fail(g, GRUNDY_ERANGE, "%s %u out of range (n = %u)", role, id, g->n);
}

int grundy_graph_add_move(grundy_graph *g, uint32_t from, uint32_t to)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, from, "source node");
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, to, "target node");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__pending rec = {from, to};
    rc = grundy__graph_push(g, &rec, 1);
    if (rc == GRUNDY_OK)
        g->moves++;
    return rc;
}

int grundy_graph_add_split(grundy_graph *g, uint32_t from, const uint32_t *parts,
                           uint32_t nparts)
{
    if (g == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
    if (nparts == 1) /* a sum of one position is an ordinary move */
        return grundy_graph_add_move(g, from, parts[0]);
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_check_id(g, from, "source node");
    for (uint32_t i = 0; rc == GRUNDY_OK && i < nparts; i++)
        rc = grundy__graph_check_id(g, parts[i], "part node");
    if (rc != GRUNDY_OK)
        return rc;
    if (nparts > GRUNDY_NODE_MAX)
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "a move may have at most %u parts",
                                  GRUNDY_NODE_MAX);
    /* Reserve first so that the header and its parts go in together or not at all. */
    size_t need = g->npend + (size_t)nparts + 1;
    if (need < g->npend)
        return GRUNDY_ELIMIT;
    rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, need, sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__pending header = {from, GRUNDY__SPLIT | nparts};
    g->pend[g->npend++] = header;
    g->pend_splits = 1;
    for (uint32_t i = 0; i < nparts; i++) {
        grundy__pending part = {from, parts[i]};
        g->pend[g->npend++] = part;
    }
    g->moves++;
    grundy__graph_unsolve(g);
    return GRUNDY_OK;
}

/* Pending moves at least as many as the merged ones, and enough to matter,
 * are merged when added: a graph loaded in large batches is then ready to
 * search when solved, and over any sequence of batches each move is merged
 * O(1) times (a merge costs about as much as the moves it holds, and each
 * one at least doubles them).  The merge is only ahead of time: if it fails
 * (memory, or a node with too many moves), the moves stay pending, the
 * graph and its error message are as they were, and the solve that needs
 * them merges them or reports why it cannot. */
static void grundy__graph__merge_if_large(grundy_graph *g)
{
    uint64_t merged = g->off != NULL ? g->off[g->n_csr] : 0;
    if (g->npend < GRUNDY__MERGE_AHEAD || g->npend < merged)
        return;
    char errmsg[sizeof g->errmsg];
    size_t errpos = g->errpos;
    memcpy(errmsg, g->errmsg, sizeof errmsg);
    if (grundy__graph_compact(g) != GRUNDY_OK) {
        memcpy(g->errmsg, errmsg, sizeof errmsg);
        g->errpos = errpos;
    }
}

int grundy_graph_add_moves(grundy_graph *g, size_t m, const uint32_t *from, const uint32_t *to)
{
    if (g == NULL || (m > 0 && (from == NULL || to == NULL)))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < m; i++) {
        if (from[i] >= g->n || to[i] >= g->n)
            return grundy__graph_fail(g, GRUNDY_ERANGE, "move %zu (%u -> %u): node out of range (n = %u)",
                                      i, from[i], to[i], g->n);
    }
    if (m > SIZE_MAX - g->npend)
        return GRUNDY_ELIMIT;
    rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, g->npend + m,
                         sizeof *g->pend);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < m; i++) {
        grundy__pending rec = {from[i], to[i]};
        g->pend[g->npend + i] = rec;
    }
    g->npend += m;
    g->moves += m;
    grundy__graph_unsolve(g);
    grundy__graph__merge_if_large(g);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__graph_require_no_splits(grundy_graph *g, const char *why)
{
    if (!g->has_splits)
        return GRUNDY_OK;
    for (uint32_t u = 0; u < g->n; u++) {
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++) {
            if (g->tok[i] & GRUNDY__SPLIT)
                return grundy__graph_fail(g, GRUNDY_EINVAL, "node %u has a split move; %s", u, why);
        }
    }
    return GRUNDY_OK;
}

/* === src/graph/graph_compound.c === */
/* Sums of graph positions under every play: their value, outcome, a
 * winning move and every winning move, and for misère play the method that
 * decides them. */

typedef struct grundy__graph_compound__positions {
    const uint32_t *num;
    const uint32_t *nodes;
} grundy__graph_compound__positions;

static uint64_t grundy__graph_compound__number_of(const void *ctx, size_t i)
{
    const grundy__graph_compound__positions *p = (const grundy__graph_compound__positions *)ctx;
    return p->num[p->nodes[i]];
}

static int grundy__graph_compound__check_components(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (nodes[i] >= g->n)
            return grundy__graph_fail(g, GRUNDY_ERANGE, "component %zu: node %u out of range (n = %u)",
                                      i, nodes[i], g->n);
    }
    return GRUNDY_OK;
}

/* ---- the misère method ----------------------------------------------------- */

/* The SJ theorem needs every value-0 position in play to be terminal (so
 * that "all components are 0" is the end of the game) and no splits (so that
 * a move changes one component's value).  Sets *bad to a value-0 node with
 * moves that the sum can reach, or UINT32_MAX.  Needs normal values and no
 * splits. */
static int grundy__graph_compound__find_sj_violation(grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *bad)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    unsigned char *seen = (unsigned char *)grundy__calloc_array(&g->alloc, g->n, 1);
    uint32_t *stack = (uint32_t *)grundy__alloc_array(&g->alloc, g->n, sizeof *stack);
    int rc = seen && stack ? GRUNDY_OK : GRUNDY_ENOMEM;
    size_t sp = 0;
    *bad = UINT32_MAX;
    for (size_t i = 0; rc == GRUNDY_OK && *bad == UINT32_MAX && i < n; i++) {
        if (!seen[nodes[i]]) {
            seen[nodes[i]] = 1;
            stack[sp++] = nodes[i];
        }
        while (*bad == UINT32_MAX && sp > 0) {
            uint32_t u = stack[--sp];
            if (val[u] == 0 && g->off[u + 1] > g->off[u])
                *bad = u;
            for (uint64_t k = g->off[u]; k < g->off[u + 1]; k++) {
                uint32_t v = g->tok[k];
                if (!seen[v]) {
                    seen[v] = 1;
                    stack[sp++] = v;
                }
            }
        }
    }
    grundy__free(&g->alloc, seen);
    grundy__free(&g->alloc, stack);
    return rc;
}

static int grundy__graph_compound__require_sj(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t bad;
    int rc = grundy__graph_require_no_splits(g, "the SJ theorem needs moves to single positions");
    if (rc == GRUNDY_OK)
        rc = grundy__graph_compound__find_sj_violation(g, nodes, n, &bad);
    if (rc == GRUNDY_OK && bad != UINT32_MAX)
        rc = grundy__graph_fail(g, GRUNDY_EINVAL,
                                "node %u has value 0 but has moves: the SJ theorem does not apply", bad);
    return rc;
}

static int grundy__graph_compound__require_tame(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    size_t wild;
    int rc = grundy__graph_find_wild(g, nodes, n, &wild);
    if (rc == GRUNDY_OK && wild < n)
        rc = grundy__graph_fail(g, GRUNDY_EINVAL, "node %u is not tame: genus symbols do not decide the sum",
                                nodes[wild]);
    return rc;
}

/* The first method that applies: the SJ theorem, genus symbols (both need
 * moves to single positions), else the search. */
static int grundy__graph_compound__pick_method(grundy_graph *g, const uint32_t *nodes, size_t n, int *method)
{
    *method = GRUNDY_BY_SEARCH;
    if (g->has_splits)
        return GRUNDY_OK;
    uint32_t bad;
    size_t wild;
    int rc = grundy__graph_compound__find_sj_violation(g, nodes, n, &bad);
    if (rc == GRUNDY_OK && bad == UINT32_MAX) {
        *method = GRUNDY_BY_SJ;
        return GRUNDY_OK;
    }
    if (rc == GRUNDY_OK)
        rc = grundy__graph_find_wild(g, nodes, n, &wild);
    if (rc == GRUNDY_OK && wild == n)
        *method = GRUNDY_BY_GENUS;
    return rc;
}

/* The method a misère sum is decided by: the one its flag requires (refused
 * with GRUNDY_EINVAL naming a node if its precondition fails), or the first
 * that applies.  Every method needs an acyclic graph. */
static int grundy__graph_compound__misere_method(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *method)
{
    int rc = grundy__graph_need(g, GRUNDY_PLAY_NORMAL);
    *method = play & GRUNDY_BY_MASK;
    if (rc != GRUNDY_OK)
        return rc;
    switch (*method) {
    case GRUNDY_BY_SJ: return grundy__graph_compound__require_sj(g, nodes, n);
    case GRUNDY_BY_GENUS: return grundy__graph_compound__require_tame(g, nodes, n);
    case GRUNDY_BY_SEARCH: return GRUNDY_OK;
    default: return grundy__graph_compound__pick_method(g, nodes, n, method);
    }
}

/* ---- outcomes ------------------------------------------------------------ */

/* Checks a sum call and readies what it needs: *how is the play that
 * decides the sum, for misère play with its method resolved. */
static int grundy__graph_compound__ready_sum(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *how)
{
    *how = play;
    if (g == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 1);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_compound__check_components(g, nodes, n);
    if (rc != GRUNDY_OK)
        return rc;
    if (grundy__play_base(play) != GRUNDY_PLAY_MISERE)
        return grundy__graph_need(g, play);
    int method;
    rc = grundy__graph_compound__misere_method(g, play, nodes, n, &method);
    *how = GRUNDY_PLAY_MISERE | method;
    return rc;
}

/* Finite values xor to a; an infinite component's outcome turns on whether
 * it can move to value a (then the sum goes to 0); two infinities draw. */
static int grundy__graph_compound__loopy_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n)
{
    const uint32_t *l = g->num[GRUNDY_PLAY_LOOPY];
    size_t infinite = 0, which = 0;
    uint32_t a = 0;
    for (size_t i = 0; i < n; i++) {
        if (l[nodes[i]] == GRUNDY_INF) {
            infinite++;
            which = i;
        } else {
            a ^= l[nodes[i]];
        }
    }
    if (infinite == 0)
        return a ? GRUNDY_N : GRUNDY_P;
    if (infinite == 1 &&
        grundy__graph_move_to_number(g, GRUNDY_PLAY_LOOPY, nodes[which], a) != GRUNDY_NO_MOVE)
        return GRUNDY_N;
    return GRUNDY_D;
}

/* The outcome of the sum under how (as ready_sum() sets it).  Only the
 * search can fail: the other ways read what is solved. */
static int grundy__graph_compound__decide(grundy_graph *g, int how, const uint32_t *nodes, size_t n)
{
    switch (how) {
    case GRUNDY_PLAY_LOOPY: return grundy__graph_compound__loopy_outcome(g, nodes, n);
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS: return grundy__graph_tame_outcome(g, nodes, n);
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH: return grundy__graph_misere_outcome(g, nodes, n);
    default: {
        grundy__graph_compound__positions p = {g->num[grundy__play_numbers(how)], nodes};
        return grundy__numbers_decide(how, &p, n, grundy__graph_compound__number_of);
    }
    }
}

/* Records the method of a misère call that succeeded; passes result on. */
static int grundy__graph_compound__done(grundy_graph *g, int how, int result)
{
    if (result >= 0 && grundy__play_base(how) == GRUNDY_PLAY_MISERE)
        g->last_method = how & GRUNDY_BY_MASK;
    return result;
}

static int grundy__graph_compound__outcome_how(grundy_graph *g, int play, const uint32_t *nodes, size_t n, int *how)
{
    int rc = grundy__graph_compound__ready_sum(g, play, nodes, n, how);
    return rc == GRUNDY_OK ? grundy__graph_compound__decide(g, *how, nodes, n) : rc;
}

int grundy_graph_sum_outcome(grundy_graph *g, int play, const uint32_t *nodes, size_t n)
{
    int how;
    int outcome = grundy__graph_compound__outcome_how(g, play, nodes, n, &how);
    return grundy__graph_compound__done(g, how, outcome);
}

int grundy_graph_sum_value(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                           uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL || value == NULL || (nodes == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc == GRUNDY_OK && play != GRUNDY_PLAY_NORMAL)
        rc = grundy__graph_fail(g, GRUNDY_ENOTSUP,
                                "sums under %s have an outcome, not a value: see grundy_graph_sum_outcome()",
                                grundy__play_name(play));
    if (rc == GRUNDY_OK)
        rc = grundy__graph_compound__check_components(g, nodes, n);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_need(g, play);
    if (rc != GRUNDY_OK)
        return rc;
    *value = grundy__parts_value(g->num[GRUNDY_PLAY_NORMAL], nodes, n);
    return GRUNDY_OK;
}

int grundy_graph_last_method(const grundy_graph *g)
{
    return g ? g->last_method : 0;
}

/* ---- moves in one component ------------------------------------------------ */

/* Normal play: the moves of component i to value v_i xor S, S the xor of
 * every component's value, are the ones that leave xor 0. */
static int grundy__graph_compound__normal_wins(const grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    uint32_t s = 0;
    int stop = 0;
    for (size_t i = 0; i < n; i++)
        s ^= val[nodes[i]];
    for (size_t i = 0; i < n && !stop; i++) {
        grundy__moves it = grundy__moves_of(g, nodes[i]);
        const uint32_t *parts;
        uint32_t np;
        for (uint64_t k = 0; !stop && grundy__moves_next(&it, &parts, &np); k++) {
            if (grundy__parts_value(val, parts, np) == (val[nodes[i]] ^ s))
                stop = grundy__wins_add(w, i, k);
        }
    }
    return GRUNDY_OK;
}

/* Every move, in each component, whose resulting sum has outcome want under
 * how, for the ways that decide by reading what is solved and move to single
 * positions (misère by SJ or genus, WTIA, loopy): the sum is decided again
 * for each move, O(n) each. */
static int grundy__graph_compound__each_follower(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                         grundy__wins *w)
{
    uint32_t *sum = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *sum);
    if (sum == NULL)
        return GRUNDY_ENOMEM;
    if (n > 0)
        memcpy(sum, nodes, n * sizeof *sum);
    int stop = 0;
    for (size_t i = 0; i < n && !stop; i++) {
        uint32_t u = nodes[i];
        for (uint64_t k = g->off[u]; !stop && k < g->off[u + 1]; k++) {
            sum[i] = g->tok[k];
            if (grundy__graph_compound__decide(g, how, sum, n) == want)
                stop = grundy__wins_add(w, i, k - g->off[u]);
        }
        sum[i] = u;
    }
    grundy__free(&g->alloc, sum);
    return GRUNDY_OK;
}

/* Every move of one component that leaves a sum of outcome want (P, or for
 * a loopy draw D), into w. */
static int grundy__graph_compound__collect(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                   grundy__wins *w)
{
    if (how == GRUNDY_PLAY_NORMAL)
        return grundy__graph_compound__normal_wins(g, nodes, n, w);
    if (how == (GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH))
        return grundy__graph_misere_wins(g, nodes, n, w);
    return grundy__graph_compound__each_follower(g, how, nodes, n, want, w);
}

/* The first move collect() finds, into moves (n entries, GRUNDY_NO_MOVE). */
static int grundy__graph_compound__first_move(grundy_graph *g, int how, const uint32_t *nodes, size_t n, int want,
                      uint64_t *moves)
{
    size_t comp = 0;
    uint64_t k = 0;
    grundy__wins w = {&comp, &k, 1, 0, 1};
    int rc = grundy__graph_compound__collect(g, how, nodes, n, want, &w);
    if (rc != GRUNDY_OK)
        return rc;
    if (w.count > 0)
        moves[comp] = k;
    return w.count > 0;
}

int grundy_graph_sum_winning_moves(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                   size_t *components, uint64_t *moves, size_t cap,
                                   size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || count == NULL || (moves == NULL && cap > 0))
        return GRUNDY_EINVAL;
    if (grundy__play_refusal(play, 1) == NULL && !grundy__play_moves_in_one(play))
        return grundy__graph_fail(g, GRUNDY_ENOTSUP,
                                  "%s can move in several components at once: see grundy_graph_sum_winning_move()",
                                  grundy__play_name(play));
    int how;
    int rc = grundy__graph_compound__outcome_how(g, play, nodes, n, &how);
    grundy__wins w = {components, moves, cap, 0, 0};
    /* Only from an N-position does a move win (a WTIA sum with a finished
     * component is over, though its options would be P). */
    if (rc == GRUNDY_N)
        rc = grundy__graph_compound__collect(g, how, nodes, n, GRUNDY_P, &w);
    if (rc >= 0) {
        *count = w.count;
        rc = GRUNDY_OK;
    }
    return grundy__graph_compound__done(g, how, rc);
}

/* ---- moves in several components ------------------------------------------- */

/* Nim on the components' numbers under play: move one component to the
 * number that makes the xor 0 (the mex guarantees such a move). */
static int grundy__graph_compound__nim_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                    uint64_t *moves)
{
    grundy__graph_compound__positions p = {g->num[grundy__play_numbers(play)], nodes};
    size_t comp;
    uint64_t target;
    if (!grundy__sum_move(&p, n, grundy__graph_compound__number_of, &comp, &target))
        return 0;
    moves[comp] = grundy__graph_move_to_number(g, play, nodes[comp], (uint32_t)target);
    return 1;
}

/* SJ strategy: with one component above 1, bring it to 0 or 1 leaving an odd
 * number of 1s; with several, a Nim move to xor 0; with none, move a 1 to 0. */
static int grundy__graph_compound__sj_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint64_t *moves)
{
    const uint32_t *val = g->num[GRUNDY_PLAY_NORMAL];
    size_t big = 0, ones = 0, first_big = 0, first_one = 0;
    for (size_t i = 0; i < n; i++) {
        if (val[nodes[i]] > 1 && big++ == 0)
            first_big = i;
        if (val[nodes[i]] == 1 && ones++ == 0)
            first_one = i;
    }
    if (big == 0) {
        if (ones == 0 || ones % 2 == 1)
            return 0;
        moves[first_one] = grundy__graph_move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_one], 0);
        return 1;
    }
    if (big == 1) {
        moves[first_big] = grundy__graph_move_to_number(g, GRUNDY_PLAY_NORMAL, nodes[first_big],
                                                        ones % 2 == 0 ? 1 : 0);
        return 1;
    }
    return grundy__graph_compound__nim_move(g, GRUNDY_PLAY_NORMAL, nodes, n, moves);
}

static int grundy__graph_compound__wtia_move(const grundy_graph *g, const uint32_t *nodes, size_t n, uint64_t *moves)
{
    const uint32_t *w = g->num[GRUNDY_PLAY_WTIA];
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SP)
            return 0;
    }
    for (size_t i = 0; i < n; i++) {
        if (w[nodes[i]] == GRUNDY_SC) {
            moves[i] = grundy__graph_move_to_number(g, GRUNDY_PLAY_WTIA, nodes[i], GRUNDY_SP);
            return 1;
        }
    }
    return grundy__graph_compound__nim_move(g, GRUNDY_PLAY_WTIA, nodes, n, moves);
}

/* Conjunctive and continued conjunctive: in every component, the move that
 * realises its remoteness or suspense (to the option numbered one less). */
static int grundy__graph_compound__every_component_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                uint64_t *moves)
{
    const uint32_t *num = g->num[play];
    for (size_t i = 0; i < n; i++) {
        if (num[nodes[i]] > 0)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], num[nodes[i]] - 1);
    }
    return 1;
}

/* Selective plays: move every N component to a P-position (for the
 * shortened one, the fastest such move, by remoteness). */
static int grundy__graph_compound__selective_move(const grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                          uint64_t *moves)
{
    const uint32_t *num = g->num[grundy__play_numbers(play)];
    for (size_t i = 0; i < n; i++) {
        uint32_t v = num[nodes[i]];
        if (play == GRUNDY_PLAY_SELECTIVE && v != 0)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], 0);
        else if (play == GRUNDY_PLAY_SHORTENED && v % 2 == 1)
            moves[i] = grundy__graph_move_to_number(g, play, nodes[i], v - 1);
    }
    return 1;
}

/* A winning move of a sum of the given outcome under how; from a loopy
 * draw, a move that keeps the draw. */
static int grundy__graph_compound__winning_move(grundy_graph *g, int how, int outcome, const uint32_t *nodes, size_t n,
                        uint64_t *moves)
{
    if (how == GRUNDY_PLAY_LOOPY && outcome == GRUNDY_D)
        return grundy__graph_compound__first_move(g, how, nodes, n, GRUNDY_D, moves);
    if (outcome != GRUNDY_N)
        return 0;
    switch (how) {
    case GRUNDY_PLAY_NORMAL: return grundy__graph_compound__nim_move(g, how, nodes, n, moves);
    case GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ: return grundy__graph_compound__sj_move(g, nodes, n, moves);
    case GRUNDY_PLAY_WTIA: return grundy__graph_compound__wtia_move(g, nodes, n, moves);
    case GRUNDY_PLAY_CONJUNCTIVE:
    case GRUNDY_PLAY_CONTINUED: return grundy__graph_compound__every_component_move(g, how, nodes, n, moves);
    case GRUNDY_PLAY_SELECTIVE:
    case GRUNDY_PLAY_SHORTENED: return grundy__graph_compound__selective_move(g, how, nodes, n, moves);
    default: return grundy__graph_compound__first_move(g, how, nodes, n, GRUNDY_P, moves); /* genus, search, loopy */
    }
}

int grundy_graph_sum_winning_move(grundy_graph *g, int play, const uint32_t *nodes, size_t n,
                                  uint64_t *moves)
{
    if (moves == NULL && n > 0)
        return GRUNDY_EINVAL;
    int how;
    int outcome = grundy__graph_compound__outcome_how(g, play, nodes, n, &how);
    if (outcome < 0)
        return outcome;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    return grundy__graph_compound__done(g, how, grundy__graph_compound__winning_move(g, how, outcome, nodes, n, moves));
}

/* === src/graph/graph_genus.c === */
/* Conway's genus symbols and tame positions (ONAG ch. 12).
 *
 * gamma_n(x) is the misère Grundy value of x + n copies of *2.  Moving in a
 * *2 leaves *1 or nothing, so the states are x + a*2 + b*1 with a + b <= L:
 * from there one can move in x, turn a *2 into *1 or 0, or take a *1.  Every
 * option has a smaller (x, a, b) in the order "x's followers first, then a,
 * then b", so one pass over the nodes in postorder fills the table, and
 * gamma_n(x) is the entry (x, n, 0).
 *
 * A position is tame when it and every position it reaches have genus
 * 0^(1202...), 1^(0313...) or a^(a, a^2, a, a^2, ...); which kind the terms
 * show, and misère Nim's rule for sums of tame positions, are shared with
 * heap games (play/genus.h). */

#define GRUNDY__GRAPH_GENUS__L GRUNDY__GENUS_L
#define GRUNDY__GRAPH_GENUS__STATES ((GRUNDY__GRAPH_GENUS__L + 1) * (GRUNDY__GRAPH_GENUS__L + 2) / 2)

/* Index of state (a, b), a + b <= L: row a holds L + 1 - a entries. */
static size_t grundy__graph_genus__state(size_t a, size_t b)
{
    return a * (GRUNDY__GRAPH_GENUS__L + 1) - a * (a - 1) / 2 + b;
}

static uint32_t *grundy__graph_genus__row(uint32_t *f, uint32_t x)
{
    return f + (size_t)x * GRUNDY__GRAPH_GENUS__STATES;
}

static void grundy__graph_genus__fill_node(const grundy_graph *g, uint32_t *f, uint32_t x, grundy__mex *mex)
{
    uint32_t *fx = grundy__graph_genus__row(f, x);
    int terminal = g->off[x + 1] == g->off[x];
    for (size_t a = 0; a <= GRUNDY__GRAPH_GENUS__L; a++) {
        for (size_t b = 0; a + b <= GRUNDY__GRAPH_GENUS__L; b++) {
            if (terminal && a == 0 && b == 0) {
                fx[grundy__graph_genus__state(0, 0)] = 1; /* no move: the player to move has won */
                continue;
            }
            grundy__mex_begin(mex);
            for (uint64_t k = g->off[x]; k < g->off[x + 1]; k++)
                grundy__mex_add(mex, grundy__graph_genus__row(f, g->tok[k])[grundy__graph_genus__state(a, b)]);
            if (a > 0) {
                grundy__mex_add(mex, fx[grundy__graph_genus__state(a - 1, b + 1)]);
                grundy__mex_add(mex, fx[grundy__graph_genus__state(a - 1, b)]);
            }
            if (b > 0)
                grundy__mex_add(mex, fx[grundy__graph_genus__state(a, b - 1)]);
            fx[grundy__graph_genus__state(a, b)] = grundy__mex_end(mex);
        }
    }
}

static int grundy__graph_genus__compute(grundy_graph *g)
{
    if (g->genus != NULL)
        return GRUNDY_OK;
    int rc = grundy__graph_solve_acyclic(g, GRUNDY_PLAY_NORMAL);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_require_no_splits(g, "genus symbols need moves to single positions");
    if (rc != GRUNDY_OK)
        return rc;
    const grundy_allocator *al = &g->alloc;
    uint32_t *order = (uint32_t *)grundy__alloc_array(al, g->n, sizeof *order);
    uint32_t *f = (uint32_t *)grundy__alloc_array(al, (size_t)g->n, GRUNDY__GRAPH_GENUS__STATES * sizeof *f);
    uint32_t *genus = (uint32_t *)grundy__alloc_array(al, (size_t)g->n, (GRUNDY__GRAPH_GENUS__L + 1) * sizeof *genus);
    unsigned char *tame = (unsigned char *)grundy__alloc_array(al, g->n, 1);
    grundy__mex mex = {NULL, 0, 0};
    rc = order && f && genus && tame ? GRUNDY_OK : GRUNDY_ENOMEM;
    if (rc == GRUNDY_OK)
        rc = grundy__mex_init(&mex, al, (size_t)g->max_degree + 4);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_postorder(g, order);
    for (uint32_t i = 0; rc == GRUNDY_OK && i < g->n; i++) {
        uint32_t x = order[i];
        grundy__graph_genus__fill_node(g, f, x, &mex);
        uint32_t *gx = genus + (size_t)x * (GRUNDY__GRAPH_GENUS__L + 1);
        for (size_t n = 0; n <= GRUNDY__GRAPH_GENUS__L; n++)
            gx[n] = grundy__graph_genus__row(f, x)[grundy__graph_genus__state(n, 0)];
        int kind = grundy__genus_kind(gx, g->num[GRUNDY_PLAY_NORMAL][x]);
        for (uint64_t k = g->off[x]; kind != GRUNDY__NOT_TAME && k < g->off[x + 1]; k++) {
            if (tame[g->tok[k]] == GRUNDY__NOT_TAME)
                kind = GRUNDY__NOT_TAME;
        }
        tame[x] = (unsigned char)kind;
    }
    grundy__mex_free(&mex, al);
    grundy__free(al, order);
    grundy__free(al, f);
    if (rc == GRUNDY_OK) {
        g->genus = genus;
        g->tame = tame;
    } else {
        grundy__free(al, genus);
        grundy__free(al, tame);
    }
    return rc;
}

int grundy_graph_genus(grundy_graph *g, uint32_t node, uint32_t *gamma, size_t cap, int *tame)
{
    if (tame != NULL)
        *tame = 0;
    if (g == NULL || (gamma == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_enter(g);
    if (rc != GRUNDY_OK)
        return rc;
    if (node >= g->n)
        return grundy__graph_fail(g, GRUNDY_ERANGE, "node %u out of range (n = %u)", node, g->n);
    rc = grundy__graph_genus__compute(g);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *gx = g->genus + (size_t)node * (GRUNDY__GRAPH_GENUS__L + 1);
    for (size_t n = 0; n < cap && n <= GRUNDY__GRAPH_GENUS__L; n++)
        gamma[n] = gx[n];
    if (tame != NULL)
        *tame = g->tame[node] != GRUNDY__NOT_TAME;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__graph_find_wild(grundy_graph *g, const uint32_t *nodes, size_t n, size_t *wild)
{
    int rc = grundy__graph_genus__compute(g);
    size_t i = 0;
    while (rc == GRUNDY_OK && i < n && g->tame[nodes[i]] != GRUNDY__NOT_TAME)
        i++;
    *wild = i;
    return rc;
}

/* Misère Nim's rule on tame components: with a big one, P iff the xor of
 * the values is 0; with only small ones (heaps of 0 and 1), P iff it is 1. */
GRUNDY__LOCAL int grundy__graph_tame_outcome(const grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t x = 0;
    int big = 0;
    for (size_t i = 0; i < n; i++) {
        big |= g->tame[nodes[i]] == GRUNDY__TAME_BIG;
        x ^= g->num[GRUNDY_PLAY_NORMAL][nodes[i]];
    }
    return grundy__genus_tame_value(x, big) != 0 ? GRUNDY_N : GRUNDY_P;
}
#undef GRUNDY__GRAPH_GENUS__L
#undef GRUNDY__GRAPH_GENUS__STATES

/* === src/graph/graph_loopy.c === */
/* Loopy games: generalized Sprague-Grundy values (Smith; Fraenkel and Yesha).
 *
 * gamma(u) = k, finite, iff (a) no follower has value k, (b) followers have
 * every value below k, and (c) every follower of value above k or infinite
 * has a follower of value k.  Every other position is infinite.
 *
 * Values are assigned one level k at a time, by retrograde analysis in the
 * graph of positions not yet labelled: a position is eligible for k if its
 * labelled followers already cover 0..k-1.  A position becomes "k-winning"
 * when one of its followers is labelled k (it can then never be k), and an
 * eligible position is labelled k as soon as all its unlabelled followers are
 * k-winning.  A counter per position makes each level O(V + E).  Positions
 * still unlabelled when no position is eligible any more are infinite. */

typedef struct grundy__graph_loopy__loopy_ctx {
    grundy_graph *g;
    uint64_t *roff;   /* reverse adjacency: predecessors of v are */
    uint32_t *radj;   /* radj[roff[v] .. roff[v+1]) */
    uint32_t *label;  /* value, or GRUNDY_INF while unlabelled */
    uint32_t *mexl;   /* mex of the labels of a position's followers so far */
    uint32_t *kwin;   /* k + 1 once the position is k-winning in round k */
    uint32_t *cnt;    /* unlabelled followers not yet k-winning */
    uint32_t *queue;
    uint32_t steps;   /* work since the last progress report */
    uint64_t visited; /* positions visited, over every level: the progress */
    uint64_t reported; /* visited at the last report */
} grundy__graph_loopy__loopy_ctx;

static void grundy__graph_loopy__loopy_free(grundy__graph_loopy__loopy_ctx *c)
{
    const grundy_allocator *a = &c->g->alloc;
    grundy__free(a, c->roff);
    grundy__free(a, c->radj);
    grundy__free(a, c->label);
    grundy__free(a, c->mexl);
    grundy__free(a, c->kwin);
    grundy__free(a, c->cnt);
    grundy__free(a, c->queue);
}

static int grundy__graph_loopy__loopy_alloc(grundy__graph_loopy__loopy_ctx *c)
{
    grundy_graph *g = c->g;
    const grundy_allocator *a = &g->alloc;
    uint64_t m = g->off[g->n];
    c->roff = (uint64_t *)grundy__calloc_array(a, (size_t)g->n + 1, sizeof *c->roff);
    c->radj = (uint32_t *)grundy__alloc_array(a, (size_t)m, sizeof *c->radj);
    c->label = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->label);
    c->mexl = (uint32_t *)grundy__calloc_array(a, g->n, sizeof *c->mexl);
    c->kwin = (uint32_t *)grundy__calloc_array(a, g->n, sizeof *c->kwin);
    c->cnt = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->cnt);
    c->queue = (uint32_t *)grundy__alloc_array(a, g->n, sizeof *c->queue);
    if (!c->roff || !c->radj || !c->label || !c->mexl || !c->kwin || !c->cnt || !c->queue)
        return GRUNDY_ENOMEM;
    /* Reverse CSR by counting sort over the (split-free) token streams. */
    for (uint64_t i = 0; i < m; i++)
        c->roff[g->tok[i] + 1]++;
    for (uint32_t v = 0; v < g->n; v++)
        c->roff[v + 1] += c->roff[v];
    for (uint32_t u = 0; u < g->n; u++) {
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++)
            c->radj[c->roff[g->tok[i]]++] = u;
    }
    for (uint32_t v = g->n; v > 0; v--)
        c->roff[v] = c->roff[v - 1];
    c->roff[0] = 0;
    for (uint32_t u = 0; u < g->n; u++)
        c->label[u] = GRUNDY_INF;
    return GRUNDY_OK;
}

static int grundy__graph_loopy__eligible(const grundy__graph_loopy__loopy_ctx *c, uint32_t u, uint32_t k)
{
    return c->label[u] == GRUNDY_INF && c->mexl[u] == k && c->kwin[u] != k + 1;
}

/* Labels u with k and propagates: its predecessors become k-winning, which
 * may complete the counters of theirs. */
static void grundy__graph_loopy__label_k(grundy__graph_loopy__loopy_ctx *c, uint32_t u, uint32_t k, size_t *tail)
{
    c->label[u] = k;
    c->steps += (uint32_t)((c->roff[u + 1] - c->roff[u]) / 4); /* work, for step() */
    for (uint64_t i = c->roff[u]; i < c->roff[u + 1]; i++) {
        uint32_t p = c->radj[i];
        if (c->label[p] != GRUNDY_INF || c->kwin[p] == k + 1)
            continue;
        c->kwin[p] = k + 1;
        c->steps += (uint32_t)((c->roff[p + 1] - c->roff[p]) / 4);
        for (uint64_t j = c->roff[p]; j < c->roff[p + 1]; j++) {
            uint32_t q = c->radj[j];
            if (grundy__graph_loopy__eligible(c, q, k) && --c->cnt[q] == 0)
                c->queue[(*tail)++] = q;
        }
    }
}

/* Reports the positions visited so far, if more than at the last report
 * (reports always increase).  Returns nonzero if the callback says stop. */
static int grundy__graph_loopy__report_visits(grundy__graph_loopy__loopy_ctx *c)
{
    c->steps = 0;
    if (c->visited == c->reported)
        return 0;
    c->reported = c->visited;
    return grundy__graph_report(c->g, c->visited, 0);
}

/* Counts one position visited, and reports every GRUNDY__PROGRESS_EVERY
 * steps of work: a level is O(V + E), a second or so on a graph of
 * millions of nodes, too long to wait for a caller that wants to stop.
 * Returns nonzero if the callback says stop. */
static int grundy__graph_loopy__step(grundy__graph_loopy__loopy_ctx *c)
{
    c->visited++;
    if (++c->steps < GRUNDY__PROGRESS_EVERY)
        return 0;
    return grundy__graph_loopy__report_visits(c);
}

/* One level: returns 0 when no position was eligible for k, -1 when the
 * progress callback said stop. */
static int grundy__graph_loopy__level(grundy__graph_loopy__loopy_ctx *c, uint32_t k)
{
    const grundy_graph *g = c->g;
    size_t head = 0, tail = 0;
    int any = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        if (grundy__graph_loopy__step(c))
            return -1;
        if (!grundy__graph_loopy__eligible(c, u, k))
            continue;
        any = 1;
        uint32_t open = 0;
        for (uint64_t i = g->off[u]; i < g->off[u + 1]; i++)
            open += c->label[g->tok[i]] == GRUNDY_INF;
        c->cnt[u] = open;
        if (open == 0)
            c->queue[tail++] = u;
    }
    while (head < tail) {
        if (grundy__graph_loopy__step(c))
            return -1;
        uint32_t u = c->queue[head++];
        if (grundy__graph_loopy__eligible(c, u, k))
            grundy__graph_loopy__label_k(c, u, k, &tail);
    }
    for (uint32_t u = 0; u < g->n; u++) {
        if (c->label[u] == GRUNDY_INF && c->mexl[u] == k && c->kwin[u] == k + 1)
            c->mexl[u] = k + 1;
    }
    return any;
}

GRUNDY__LOCAL int grundy__graph_solve_loopy(grundy_graph *g)
{
    if (g->num[GRUNDY_PLAY_LOOPY] != NULL)
        return GRUNDY_OK;
    /* grundy__graph_need() has merged the moves and checked that none splits. */
    g->errmsg[0] = '\0';
    grundy__graph_loopy__loopy_ctx c = {g, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    int rc = grundy__graph_loopy__loopy_alloc(&c);
    for (uint32_t k = 0; rc == GRUNDY_OK; k++) {
        int more = grundy__graph_loopy__level(&c, k);
        if (more < 0 || (more > 0 && grundy__graph_loopy__report_visits(&c) != 0))
            rc = GRUNDY_ECANCELED;
        if (more == 0)
            break;
    }
    if (rc == GRUNDY_OK) {
        g->num[GRUNDY_PLAY_LOOPY] = c.label;
        c.label = NULL;
    }
    grundy__graph_loopy__loopy_free(&c);
    return rc;
}

static int grundy__graph_loopy__cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int grundy_graph_loopy_followers(grundy_graph *g, uint32_t node, uint32_t *values, size_t cap,
                                 size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || count == NULL || (values == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_id(g, node, "node");
    if (rc == GRUNDY_OK)
        rc = grundy__graph_need(g, GRUNDY_PLAY_LOOPY);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *label = g->num[GRUNDY_PLAY_LOOPY];
    size_t deg = (size_t)(g->off[node + 1] - g->off[node]);
    uint32_t *tmp = (uint32_t *)grundy__alloc_array(&g->alloc, deg, sizeof *tmp);
    if (tmp == NULL)
        return GRUNDY_ENOMEM;
    size_t k = 0;
    for (uint64_t i = g->off[node]; i < g->off[node + 1]; i++) {
        if (label[g->tok[i]] != GRUNDY_INF)
            tmp[k++] = label[g->tok[i]];
    }
    qsort(tmp, k, sizeof *tmp, grundy__graph_loopy__cmp_u32);
    size_t distinct = 0;
    for (size_t i = 0; i < k; i++) {
        if (i > 0 && tmp[i] == tmp[i - 1])
            continue;
        if (distinct < cap)
            values[distinct] = tmp[i];
        distinct++;
    }
    grundy__free(&g->alloc, tmp);
    *count = distinct;
    return GRUNDY_OK;
}

/* === src/graph/graph_merge.c === */
/* The merge of a graph's pending moves into its CSR arrays.
 *
 * A plain counting sort scatters every pending token to a random place of the
 * new token array, and bumps a random node's counter before that: two cache
 * misses per token once the graph outgrows the cache.  So the merge works by
 * buckets of consecutive source nodes, each small enough that its counters
 * and its stretch of the token array stay in cache:
 *
 * 1. The pending records are cut into blocks, and each block is reordered by
 *    bucket (a stable counting sort through a scratch buffer, which is the
 *    new token array, still unused).  Within a block each bucket's records
 *    are then one run; the runs' bounds go into a small table.
 * 2. Bucket by bucket, the runs of every block are read twice: to count the
 *    tokens of each node, then to write them in place.
 *
 * Both steps keep the records of one node in the order they were added, so a
 * node's moves (and a split's header followed by its parts) come out in
 * order.  Reordering the pending records changes nothing else that can be
 * observed, so a merge that fails leaves the graph as it was. */

/* Below this many tokens the whole merge fits in cache: one bucket. */
#define GRUNDY__GRAPH_MERGE__CACHED_TOKENS ((uint64_t)1 << 18)
/* The most buckets worth partitioning into (runs shorter than a few cache
 * lines would cost more than they save); more only on graphs of more than
 * 2^28 nodes, where a bucket would otherwise hold more than 2^16 nodes. */
#define GRUNDY__GRAPH_MERGE__MAX_BUCKETS 4096u
/* A bucket of 2^16 nodes has 512 KiB of offsets: no larger is needed. */
#define GRUNDY__GRAPH_MERGE__MAX_SHIFT 16u
/* The fewest records in a block, and the most blocks. */
#define GRUNDY__GRAPH_MERGE__MIN_BLOCK ((size_t)1 << 16)
#define GRUNDY__GRAPH_MERGE__MAX_BLOCKS 256u

typedef struct grundy__graph_merge__merge {
    grundy_graph *g;
    uint64_t *off;     /* the new offsets (n + 1) */
    uint32_t *tok;     /* the new tokens */
    unsigned shift;    /* bucket of node u: u >> shift */
    uint32_t buckets;
    size_t block;      /* records per block */
    size_t blocks;
    size_t *run;       /* run[k * (buckets + 1) + b]: where bucket b starts in block k */
    uint32_t max_degree;
    int splits;
} grundy__graph_merge__merge;

/* Nodes per bucket, as a shift: as many as keep a bucket's tokens (about
 * 2^17 of them) and offsets in cache, but no more buckets than MAX_BUCKETS. */
static unsigned grundy__graph_merge__bucket_shift(uint32_t n, uint64_t tokens)
{
    if (tokens < GRUNDY__GRAPH_MERGE__CACHED_TOKENS)
        return 31;
    unsigned s = 0;
    while (s < 31 && (n >> s) > GRUNDY__GRAPH_MERGE__MAX_BUCKETS)
        s++;
    /* tokens * 2^(s+1) / n <= 2^17, without overflow. */
    while (s < GRUNDY__GRAPH_MERGE__MAX_SHIFT && tokens <= ((uint64_t)n << (GRUNDY__GRAPH_MERGE__MAX_SHIFT - s)))
        s++;
    return s;
}

static size_t *grundy__graph_merge__run_row(const grundy__graph_merge__merge *mg, size_t k)
{
    return mg->run + k * ((size_t)mg->buckets + 1);
}

/* Step 1 for block k: stable counting sort by bucket through the scratch. */
static void grundy__graph_merge__partition_block(grundy__graph_merge__merge *mg, size_t k, size_t *cursor)
{
    grundy__pending *pend = mg->g->pend;
    grundy__pending *scratch = (grundy__pending *)(void *)mg->tok;
    size_t lo = k * mg->block, hi = lo + mg->block;
    if (hi > mg->g->npend)
        hi = mg->g->npend;
    size_t *row = grundy__graph_merge__run_row(mg, k);
    memset(cursor, 0, (size_t)mg->buckets * sizeof *cursor);
    for (size_t i = lo; i < hi; i++)
        cursor[pend[i].from >> mg->shift]++;
    size_t at = 0;
    for (uint32_t b = 0; b < mg->buckets; b++) {
        size_t c = cursor[b];
        row[b] = lo + at;
        cursor[b] = at;
        at += c;
    }
    row[mg->buckets] = hi;
    if (mg->buckets == 1)
        return; /* already in order */
    for (size_t i = lo; i < hi; i++)
        scratch[cursor[pend[i].from >> mg->shift]++] = pend[i];
    memcpy(pend + lo, scratch, (hi - lo) * sizeof *pend);
}

/* Step 2, counting: off[u + 1] = tokens of node u, for the bucket's nodes. */
static void grundy__graph_merge__count_bucket(grundy__graph_merge__merge *mg, uint32_t b, uint32_t u0, uint32_t u1)
{
    const grundy_graph *g = mg->g;
    uint64_t *off = mg->off;
    for (uint32_t u = u0; u < u1; u++)
        off[u + 1] = u < g->n_csr ? g->off[u + 1] - g->off[u] : 0;
    for (size_t k = 0; k < mg->blocks; k++) {
        const size_t *row = grundy__graph_merge__run_row(mg, k);
        for (size_t i = row[b]; i < row[b + 1]; i++)
            off[g->pend[i].from + 1]++;
    }
}

/* Turns the bucket's counts into start offsets from `base` (so that
 * off[u + 1] is node u's write cursor); returns the end, or fails naming a
 * node past the per-node limit. */
static int grundy__graph_merge__place_bucket(grundy__graph_merge__merge *mg, uint32_t u0, uint32_t u1, uint64_t *base)
{
    uint64_t at = *base;
    for (uint32_t u = u0; u < u1; u++) {
        uint64_t c = mg->off[u + 1];
        if (c > GRUNDY_NODE_MAX)
            return grundy__graph_fail(mg->g, GRUNDY_ELIMIT,
                                      "node %u has more than %u moves and parts", u,
                                      GRUNDY_NODE_MAX);
        if (!mg->splits && c > mg->max_degree)
            mg->max_degree = (uint32_t)c;
        mg->off[u + 1] = at;
        at += c;
    }
    *base = at;
    return GRUNDY_OK;
}

/* Step 2, writing: the old CSR's tokens of each node, then its pending ones;
 * each cursor ends where its node ends. */
static void grundy__graph_merge__fill_bucket(grundy__graph_merge__merge *mg, uint32_t b, uint32_t u0, uint32_t u1)
{
    const grundy_graph *g = mg->g;
    uint64_t *off = mg->off;
    uint32_t *tok = mg->tok;
    for (uint32_t u = u0; u < u1 && u < g->n_csr; u++) {
        uint64_t len = g->off[u + 1] - g->off[u];
        memcpy(tok + off[u + 1], g->tok + g->off[u], (size_t)len * sizeof *tok);
        off[u + 1] += len;
    }
    for (size_t k = 0; k < mg->blocks; k++) {
        const size_t *row = grundy__graph_merge__run_row(mg, k);
        for (size_t i = row[b]; i < row[b + 1]; i++)
            tok[off[g->pend[i].from + 1]++] = g->pend[i].tok;
    }
}

/* With split moves, tokens are not moves: count the moves of each node. */
static void grundy__graph_merge__split_degrees(grundy__graph_merge__merge *mg, uint32_t u0, uint32_t u1)
{
    for (uint32_t u = u0; u < u1; u++) {
        const uint32_t *p = mg->tok + mg->off[u], *end = mg->tok + mg->off[u + 1];
        uint32_t d = 0;
        for (; p < end; p += 1 + (*p & GRUNDY__SPLIT ? *p & ~GRUNDY__SPLIT : 0))
            d++;
        if (d > mg->max_degree)
            mg->max_degree = d;
    }
}

static int grundy__graph_merge__merge_buckets(grundy__graph_merge__merge *mg)
{
    grundy_graph *g = mg->g;
    size_t *cursor = grundy__graph_merge__run_row(mg, mg->blocks);
    for (size_t k = 0; k < mg->blocks; k++)
        grundy__graph_merge__partition_block(mg, k, cursor);
    uint64_t base = 0;
    mg->off[0] = 0;
    for (uint32_t b = 0; b < mg->buckets; b++) {
        uint32_t u0 = b << mg->shift;
        uint64_t end = ((uint64_t)b + 1) << mg->shift;
        uint32_t u1 = end < g->n ? (uint32_t)end : g->n;
        grundy__graph_merge__count_bucket(mg, b, u0, u1);
        int rc = grundy__graph_merge__place_bucket(mg, u0, u1, &base);
        if (rc != GRUNDY_OK)
            return rc;
        grundy__graph_merge__fill_bucket(mg, b, u0, u1);
        if (mg->splits)
            grundy__graph_merge__split_degrees(mg, u0, u1);
    }
    return GRUNDY_OK;
}

/* Sizes the buckets and blocks and allocates the new arrays. */
static int grundy__graph_merge__merge_init(grundy__graph_merge__merge *mg, uint64_t tokens)
{
    grundy_graph *g = mg->g;
    size_t npend = g->npend;
    if (tokens > SIZE_MAX / sizeof(uint32_t))
        return grundy__graph_fail(g, GRUNDY_ELIMIT, "too many moves for this machine");
    mg->shift = grundy__graph_merge__bucket_shift(g->n, tokens);
    /* Several buckets only with tokens, so with nodes. */
    mg->buckets = mg->shift == 31 ? 1u : (uint32_t)(((uint64_t)g->n - 1u) >> mg->shift) + 1u;
    /* A block fills at most half the token array when there is more than
     * one bucket (then tokens >= CACHED_TOKENS), so it can be the scratch. */
    mg->block = npend / GRUNDY__GRAPH_MERGE__MAX_BLOCKS + 1 > GRUNDY__GRAPH_MERGE__MIN_BLOCK ? npend / GRUNDY__GRAPH_MERGE__MAX_BLOCKS + 1 : GRUNDY__GRAPH_MERGE__MIN_BLOCK;
    mg->blocks = npend == 0 ? 0 : (npend - 1) / mg->block + 1;
    mg->off = (uint64_t *)grundy__alloc_array(&g->alloc, (size_t)g->n + 1, sizeof *mg->off);
    mg->tok = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)tokens, sizeof *mg->tok);
    /* One row per block, and one for the partition's cursors. */
    mg->run = (size_t *)grundy__alloc_array(&g->alloc, (mg->blocks + 1) * ((size_t)mg->buckets + 1),
                                            sizeof *mg->run);
    return mg->off && mg->tok && mg->run ? GRUNDY_OK : GRUNDY_ENOMEM;
}

GRUNDY__LOCAL int grundy__graph_compact(grundy_graph *g)
{
    if (g->npend == 0 && g->n_csr == g->n && g->off != NULL)
        return GRUNDY_OK;
    uint64_t tokens = (g->off ? g->off[g->n_csr] : 0) + (uint64_t)g->npend;
    grundy__graph_merge__merge mg = {g, NULL, NULL, 0, 1, 0, 0, NULL, 0, g->has_splits || g->pend_splits};
    int rc = grundy__graph_merge__merge_init(&mg, tokens);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_merge__merge_buckets(&mg);
    grundy__free(&g->alloc, mg.run);
    if (rc != GRUNDY_OK) {
        grundy__free(&g->alloc, mg.off);
        grundy__free(&g->alloc, mg.tok);
        return rc;
    }
    grundy__free(&g->alloc, g->off);
    grundy__free(&g->alloc, g->tok);
    grundy__free(&g->alloc, g->pend);
    g->off = mg.off;
    g->tok = mg.tok;
    g->n_csr = g->n;
    g->max_degree = mg.max_degree;
    g->has_splits = mg.splits;
    g->pend = NULL;
    g->npend = g->cap_pend = 0;
    g->pend_splits = 0;
    return GRUNDY_OK;
}
#undef GRUNDY__GRAPH_MERGE__CACHED_TOKENS
#undef GRUNDY__GRAPH_MERGE__MAX_BUCKETS
#undef GRUNDY__GRAPH_MERGE__MAX_SHIFT
#undef GRUNDY__GRAPH_MERGE__MIN_BLOCK
#undef GRUNDY__GRAPH_MERGE__MAX_BLOCKS

/* === src/graph/graph_misere.c === */
/* Misère sums of graph positions, by memoized search over the sum.
 *
 * Misère play has no Sprague-Grundy theory: the outcome of a sum is not a
 * function of its components' outcomes.  So the sum itself is the position:
 * a multiset of component nodes, kept sorted so that equal parts share one
 * memo entry, with terminal components dropped (no one can move there).  The
 * search runs on the rule-defined game engine.  Misère becomes normal play by
 * one extra rule: a sum with no move left has one move, to the finished game,
 * so it is an N-position (the player to move has won).
 *
 * A position needs a fixed size: K slots, where K is the most components the
 * sum can ever split into (the internal "width" play, computed per node), and
 * unused slots hold EMPTY_SLOT, which sorts last. */

#define GRUNDY__GRAPH_MISERE__EMPTY_SLOT UINT32_MAX
#define GRUNDY__GRAPH_MISERE__MAX_SLOTS 1024u

/* The memo game's progress, passed on to the graph's callback. */
static int grundy__graph_misere__report(void *user, uint64_t done, uint64_t total)
{
    return grundy__graph_report((grundy_graph *)user, done, total);
}

static int grundy__graph_misere__cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void grundy__graph_misere__canon(void *user, void *pos)
{
    const grundy_graph *g = (const grundy_graph *)user;
    qsort(pos, g->misere_slots, sizeof(uint32_t), grundy__graph_misere__cmp_u32);
}

static int grundy__graph_misere__is_terminal(const grundy_graph *g, uint32_t u)
{
    return g->off[u + 1] == g->off[u];
}

/* Writes into out the sum pos with slot i replaced by the given parts
 * (terminal parts dropped).  Returns 0 if it would not fit. */
static int grundy__graph_misere__replace(const grundy_graph *g, const uint32_t *pos, uint32_t i, const uint32_t *parts,
                   uint32_t np, uint32_t *out)
{
    uint32_t k = 0, slots = g->misere_slots;
    for (uint32_t j = 0; j < slots && pos[j] != GRUNDY__GRAPH_MISERE__EMPTY_SLOT; j++) {
        if (j != i)
            out[k++] = pos[j];
    }
    for (uint32_t j = 0; j < np; j++) {
        if (grundy__graph_misere__is_terminal(g, parts[j]))
            continue;
        if (k == slots)
            return 0;
        out[k++] = parts[j];
    }
    while (k < slots)
        out[k++] = GRUNDY__GRAPH_MISERE__EMPTY_SLOT;
    return 1;
}

static int grundy__graph_misere__sum_moves(void *user, const void *position, grundy_options *out)
{
    grundy_graph *g = (grundy_graph *)user;
    const uint32_t *pos = (const uint32_t *)position;
    uint32_t *next = g->misere_scratch;
    int moved = 0;
    for (uint32_t i = 0; i < g->misere_slots && pos[i] != GRUNDY__GRAPH_MISERE__EMPTY_SLOT; i++) {
        if (i > 0 && pos[i] == pos[i - 1])
            continue; /* moving in an equal component gives the same sums */
        grundy__moves it = grundy__moves_of(g, pos[i]);
        const uint32_t *parts;
        uint32_t np;
        while (grundy__moves_next(&it, &parts, &np)) {
            if (!grundy__graph_misere__replace(g, pos, i, parts, np, next))
                return GRUNDY_ELIMIT;
            int rc = grundy_options_add(out, next, 1);
            if (rc != GRUNDY_OK)
                return rc;
            moved = 1;
        }
    }
    return moved ? 0 : grundy_options_add(out, NULL, 0);
}

/* Makes g->misere a memo for sums of up to `slots` components. */
static int grundy__graph_misere__prepare(grundy_graph *g, uint64_t slots)
{
    if (slots > GRUNDY__GRAPH_MISERE__MAX_SLOTS)
        return grundy__graph_fail(g, GRUNDY_ELIMIT,
                                  "this misère sum can split into %llu components; the search supports %u",
                                  (unsigned long long)slots, GRUNDY__GRAPH_MISERE__MAX_SLOTS);
    if (slots == 0)
        slots = 1;
    if (g->misere != NULL && g->misere_slots >= slots)
        return GRUNDY_OK;
    grundy_game_free(g->misere);
    g->misere = NULL;
    grundy__free(&g->alloc, g->misere_scratch);
    g->misere_scratch = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)slots, sizeof(uint32_t));
    if (g->misere_scratch == NULL)
        return GRUNDY_ENOMEM;
    g->misere_slots = (uint32_t)slots;
    int rc = grundy_game_new(&g->misere, (size_t)slots * sizeof(uint32_t), grundy__graph_misere__sum_moves, g, &g->alloc);
    if (rc == GRUNDY_OK)
        rc = grundy_game_set_canon(g->misere, grundy__graph_misere__canon);
    if (rc == GRUNDY_OK)
        grundy_game_set_memory_limit(g->misere, g->misere_limit);
    return rc;
}

GRUNDY__LOCAL void grundy__graph_set_misere_limit(grundy_graph *g, size_t bytes)
{
    g->misere_limit = bytes;
    if (g->misere != NULL)
        grundy_game_set_memory_limit(g->misere, bytes);
}

/* Loads the sum of nodes into pos (g->misere_slots entries, sorted). */
static void grundy__graph_misere__load(const grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t *pos)
{
    uint32_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!grundy__graph_misere__is_terminal(g, nodes[i]))
            pos[k++] = nodes[i];
    }
    while (k < g->misere_slots)
        pos[k++] = GRUNDY__GRAPH_MISERE__EMPTY_SLOT;
    qsort(pos, g->misere_slots, sizeof *pos, grundy__graph_misere__cmp_u32);
}

/* Solves what the search needs and sizes the memo for these components. */
static int grundy__graph_misere__begin(grundy_graph *g, const uint32_t *nodes, size_t n, uint32_t **pos)
{
    int rc = grundy__graph_solve_acyclic(g, GRUNDY__PLAY_WIDTH);
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t slots = 0;
    for (size_t i = 0; i < n; i++)
        slots += g->num[GRUNDY__PLAY_WIDTH][nodes[i]];
    rc = grundy__graph_misere__prepare(g, slots);
    if (rc != GRUNDY_OK)
        return rc;
    /* The search can run long: it reports to, and stops for, the graph's callback. */
    grundy_game_set_progress(g->misere, g->progress != NULL ? grundy__graph_misere__report : NULL, g);
    *pos = (uint32_t *)grundy__alloc_array(&g->alloc, g->misere_slots, sizeof **pos);
    return *pos ? GRUNDY_OK : GRUNDY_ENOMEM;
}

static int grundy__graph_misere__value_of(grundy_graph *g, const uint32_t *pos, uint32_t *value)
{
    int rc = grundy_game_value(g->misere, GRUNDY_PLAY_NORMAL, pos, value);
    if (rc != GRUNDY_OK && rc != GRUNDY_ENOMEM)
        grundy__graph_fail(g, rc, "misère search: %s", grundy_game_errmsg(g->misere));
    return rc;
}

GRUNDY__LOCAL int grundy__graph_misere_outcome(grundy_graph *g, const uint32_t *nodes, size_t n)
{
    uint32_t *pos = NULL, v = 0;
    int rc = grundy__graph_misere__begin(g, nodes, n, &pos);
    if (rc == GRUNDY_OK) {
        grundy__graph_misere__load(g, nodes, n, pos);
        rc = grundy__graph_misere__value_of(g, pos, &v);
    }
    grundy__free(&g->alloc, pos);
    return rc != GRUNDY_OK ? rc : v ? GRUNDY_N : GRUNDY_P;
}

/* The slot of pos holding node u (u is in it: it is a non-terminal component). */
static uint32_t grundy__graph_misere__slot_of(const grundy_graph *g, const uint32_t *pos, uint32_t u)
{
    uint32_t j = 0;
    while (j + 1 < g->misere_slots && pos[j] != u)
        j++;
    return j;
}

/* Tries every move of every component: a move whose sum has misère value 0
 * (normal value 0 of the transformed game) leaves the opponent lost.  Equal
 * components are equal slots, so either one's moves give the same sums. */
static int grundy__graph_misere__each_win(grundy_graph *g, const uint32_t *nodes, size_t n, const uint32_t *pos,
                    uint32_t *next, grundy__wins *w)
{
    int rc = GRUNDY_OK, stop = 0;
    for (size_t c = 0; rc == GRUNDY_OK && !stop && c < n; c++) {
        uint32_t i = grundy__graph_misere__slot_of(g, pos, nodes[c]), v;
        grundy__moves it = grundy__moves_of(g, nodes[c]);
        const uint32_t *parts;
        uint32_t np;
        for (uint64_t k = 0; rc == GRUNDY_OK && !stop && grundy__moves_next(&it, &parts, &np); k++) {
            grundy__graph_misere__replace(g, pos, i, parts, np, next); /* fits: the memo is sized for it */
            rc = grundy__graph_misere__value_of(g, next, &v);
            if (rc == GRUNDY_OK && v == 0)
                stop = grundy__wins_add(w, c, k);
        }
    }
    return rc;
}

GRUNDY__LOCAL int grundy__graph_misere_wins(grundy_graph *g, const uint32_t *nodes, size_t n, grundy__wins *w)
{
    uint32_t *pos = NULL, *next = NULL;
    int rc = grundy__graph_misere__begin(g, nodes, n, &pos);
    if (rc == GRUNDY_OK) {
        next = (uint32_t *)grundy__alloc_array(&g->alloc, g->misere_slots, sizeof *next);
        rc = next ? GRUNDY_OK : GRUNDY_ENOMEM;
    }
    if (rc == GRUNDY_OK) {
        grundy__graph_misere__load(g, nodes, n, pos);
        rc = grundy__graph_misere__each_win(g, nodes, n, pos, next, w);
    }
    grundy__free(&g->alloc, pos);
    grundy__free(&g->alloc, next);
    return rc;
}
#undef GRUNDY__GRAPH_MISERE__EMPTY_SLOT
#undef GRUNDY__GRAPH_MISERE__MAX_SLOTS

/* === src/graph/graph_moves.c === */
/* Reading a node's moves: how many, the parts of one, the first to a given
 * number.  Moves are read from the merged (CSR) form, so a question merges
 * the moves still waiting first. */

GRUNDY__LOCAL int grundy__graph_ready(grundy_graph *g)
{
    if (g->npend == 0 && g->n_csr == g->n && g->off != NULL)
        return GRUNDY_OK;
    int rc = grundy__graph_enter(g);
    return rc == GRUNDY_OK ? grundy__graph_compact(g) : rc;
}

/* Checks the node and merges the waiting moves. */
static int grundy__graph_moves__ready_node(grundy_graph *g, uint32_t node)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_id(g, node, "node");
    return rc == GRUNDY_OK ? grundy__graph_ready(g) : rc;
}

int grundy_graph_degree(grundy_graph *g, uint32_t node, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (count == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_moves__ready_node(g, node);
    if (rc != GRUNDY_OK)
        return rc;
    if (!g->has_splits) {
        *count = g->off[node + 1] - g->off[node]; /* tokens are moves: O(1) */
        return GRUNDY_OK;
    }
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    uint64_t d = 0;
    while (grundy__moves_next(&it, &parts, &np))
        d++;
    *count = d;
    return GRUNDY_OK;
}

/* Move k of node: its parts, or 0 if there is none. */
static int grundy__graph_moves__find_move(const grundy_graph *g, uint32_t node, uint64_t k, const uint32_t **parts,
                     uint32_t *np)
{
    grundy__moves it = grundy__moves_of(g, node);
    if (!g->has_splits) {
        if (k >= (uint64_t)(it.end - it.p))
            return 0;
        *parts = it.p + k; /* tokens are moves: O(1) */
        *np = 1;
        return 1;
    }
    for (uint64_t i = 0; grundy__moves_next(&it, parts, np); i++) {
        if (i == k)
            return 1;
    }
    return 0;
}

int grundy_graph_move(grundy_graph *g, uint32_t node, uint64_t k, uint32_t *parts, size_t cap,
                      size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_moves__ready_node(g, node);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *p;
    uint32_t np;
    if (!grundy__graph_moves__find_move(g, node, k, &p, &np))
        return grundy__graph_fail(g, GRUNDY_ERANGE, "node %u has no move %llu", node,
                                  (unsigned long long)k);
    if (np > 0 && cap > 0)
        memcpy(parts, p, (cap < np ? cap : np) * sizeof *parts);
    *nparts = np;
    return GRUNDY_OK;
}

GRUNDY__LOCAL uint64_t grundy__graph_move_to_number(const grundy_graph *g, int play, uint32_t node,
                                      uint32_t target)
{
    const uint32_t *num = g->num[grundy__play_numbers(play)];
    grundy__moves it = grundy__moves_of(g, node);
    const uint32_t *parts;
    uint32_t np;
    for (uint64_t k = 0; grundy__moves_next(&it, &parts, &np); k++) {
        if (grundy__parts_value(num, parts, np) == target)
            return k;
    }
    return GRUNDY_NO_MOVE;
}

/* === src/graph/graph_normal.c === */
/* Normal play without split moves, the hot case of solving a graph: every
 * node's value by depth-first search, at the speed of memory.
 *
 * One search waits on memory at every step down: a node's moves are found
 * only once its offset is read, and its targets' values only once its moves
 * are.  So SEARCHES searches run interleaved, a step of each in turn, each
 * from roots of its own: while one waits for memory the others work.  On its
 * first look at a node a search also prefetches the moves of the node's
 * unreached targets, which it or another search will soon step into.
 *
 * A node's entry in num is its value once known (values are below 2^31),
 * UNSEEN, or the mark of the search whose stack holds it.  A search that
 * meets a node on another's stack waits for it, except the first (main)
 * search, which never waits: it takes over the other's stack from that node
 * up (still a path of moves), and once out of roots it takes over whole
 * stacks.  So the main search alone ends the solve, and it meets every cycle
 * that runs through several stacks on its own stack.  The other (helper)
 * searches have small stacks; one that fills its stack waits too. */

#define GRUNDY__GRAPH_NORMAL__SEARCHES 4
#define GRUNDY__GRAPH_NORMAL__HELPER_FRAMES 4096u
#define GRUNDY__GRAPH_NORMAL__UNSEEN UINT32_MAX
#define GRUNDY__GRAPH_NORMAL__FRESH UINT32_MAX /* a frame's next move before its node is looked at */

/* Marks are the entries just below UNSEEN; anything lower is a value. */
static uint32_t grundy__graph_normal__mark_of(unsigned k)
{
    return UINT32_MAX - 1u - k;
}

static int grundy__graph_normal__is_value(uint32_t x)
{
    return x < UINT32_MAX - GRUNDY__GRAPH_NORMAL__SEARCHES;
}

typedef struct grundy__graph_normal__frame {
    uint32_t node, next;
} grundy__graph_normal__frame;

typedef struct grundy__graph_normal__search {
    grundy__graph_normal__frame *stack;
    uint32_t sp, cap;
    uint32_t mark;
} grundy__graph_normal__search;

typedef struct grundy__graph_normal__normal {
    grundy_graph *g;
    uint32_t *num;
    grundy__mex *mex;
    uint32_t next_root;  /* no node below it is UNSEEN */
    uint32_t done;
    grundy__graph_normal__search s[GRUNDY__GRAPH_NORMAL__SEARCHES];  /* s[0] is the main search */
} grundy__graph_normal__normal;

/* What a step did, besides failing with a negative status. */
enum { GRUNDY__GRAPH_NORMAL__MOVED = 1, GRUNDY__GRAPH_NORMAL__STUCK = 0 };

/* Asks for the cache line where node v's moves begin.  A macro, used only
 * in functions with effects of their own: GCC drops every call of a function
 * whose only effect is a prefetch. */
#if defined(__GNUC__)
#define GRUNDY__GRAPH_NORMAL__PREFETCH_MOVES(g, v) __builtin_prefetch((g)->tok + (g)->off[v])
#else
#define GRUNDY__GRAPH_NORMAL__PREFETCH_MOVES(g, v) ((void)0)
#endif

static int grundy__graph_normal__push(grundy__graph_normal__normal *nm, grundy__graph_normal__search *s, uint32_t v)
{
    if (s->sp == s->cap)
        return GRUNDY__GRAPH_NORMAL__STUCK;
    grundy__graph_normal__frame f = {v, GRUNDY__GRAPH_NORMAL__FRESH};
    nm->num[v] = s->mark;
    s->stack[s->sp++] = f;
    return GRUNDY__GRAPH_NORMAL__MOVED;
}

/* Moves the frames of helper h from index `from` up onto the main search. */
static void grundy__graph_normal__take_over(grundy__graph_normal__normal *nm, grundy__graph_normal__search *h, uint32_t from)
{
    grundy__graph_normal__search *m = &nm->s[0];
    for (uint32_t j = from; j < h->sp; j++) {
        nm->num[h->stack[j].node] = m->mark;
        m->stack[m->sp++] = h->stack[j];
    }
    h->sp = from;
}

/* The main search meets v on a helper's stack: takes it over from v up. */
static void grundy__graph_normal__take_over_from(grundy__graph_normal__normal *nm, uint32_t v)
{
    grundy__graph_normal__search *h = &nm->s[UINT32_MAX - 1u - nm->num[v]];
    uint32_t j = h->sp;
    while (h->stack[--j].node != v)
        ;
    grundy__graph_normal__take_over(nm, h, j);
}

/* An empty search starts at the next unreached node, or (the main search,
 * out of roots) takes over a helper's whole stack. */
static int grundy__graph_normal__start(grundy__graph_normal__normal *nm, grundy__graph_normal__search *s)
{
    const grundy_graph *g = nm->g;
    while (nm->next_root < g->n && nm->num[nm->next_root] != GRUNDY__GRAPH_NORMAL__UNSEEN)
        nm->next_root++;
    if (nm->next_root < g->n) {
        GRUNDY__GRAPH_NORMAL__PREFETCH_MOVES(g, nm->next_root);
        return grundy__graph_normal__push(nm, s, nm->next_root);
    }
    if (s != &nm->s[0])
        return GRUNDY__GRAPH_NORMAL__STUCK;
    for (unsigned k = 1; k < GRUNDY__GRAPH_NORMAL__SEARCHES; k++) {
        if (nm->s[k].sp > 0) {
            grundy__graph_normal__take_over(nm, &nm->s[k], 0);
            return GRUNDY__GRAPH_NORMAL__MOVED;
        }
    }
    return GRUNDY__GRAPH_NORMAL__STUCK;
}

/* Every target of the top node has its value: the node gets its own. */
static int grundy__graph_normal__finish(grundy__graph_normal__normal *nm, grundy__graph_normal__search *s, const uint32_t *t, uint32_t len)
{
    grundy__mex_begin(nm->mex);
    for (uint32_t i = 0; i < len; i++)
        grundy__mex_add(nm->mex, nm->num[t[i]]);
    nm->num[s->stack[--s->sp].node] = grundy__mex_end(nm->mex);
    if (++nm->done % GRUNDY__PROGRESS_EVERY == 0 &&
        grundy__graph_report(nm->g, nm->done, nm->g->n) != 0)
        return GRUNDY_ECANCELED;
    return GRUNDY__GRAPH_NORMAL__MOVED;
}

/* One step of search s: start, step down, finish a node, or wait. */
static int grundy__graph_normal__step(grundy__graph_normal__normal *nm, grundy__graph_normal__search *s)
{
    if (s->sp == 0)
        return grundy__graph_normal__start(nm, s);
    const grundy_graph *g = nm->g;
    grundy__graph_normal__frame *f = &s->stack[s->sp - 1];
    const uint32_t *t = g->tok + g->off[f->node];
    uint32_t len = (uint32_t)(g->off[f->node + 1] - g->off[f->node]);
    uint32_t i = f->next;
    if (i == GRUNDY__GRAPH_NORMAL__FRESH) {
        /* The first look at the node: ask for its unreached targets' moves. */
        for (i = 0; i < len; i++) {
            if (nm->num[t[i]] == GRUNDY__GRAPH_NORMAL__UNSEEN)
                GRUNDY__GRAPH_NORMAL__PREFETCH_MOVES(g, t[i]);
        }
        i = 0;
    }
    while (i < len && grundy__graph_normal__is_value(nm->num[t[i]]))
        i++;
    /* Resume at the same move: by then its node has a value and is passed. */
    f->next = i;
    if (i == len)
        return grundy__graph_normal__finish(nm, s, t, len);
    uint32_t v = t[i];
    if (nm->num[v] == GRUNDY__GRAPH_NORMAL__UNSEEN)
        return grundy__graph_normal__push(nm, s, v);
    if (nm->num[v] == s->mark) {
        nm->g->cycle_node = v;
        return GRUNDY_ECYCLE;
    }
    if (s != &nm->s[0])
        return GRUNDY__GRAPH_NORMAL__STUCK;
    grundy__graph_normal__take_over_from(nm, v);
    return GRUNDY__GRAPH_NORMAL__MOVED;
}

static int grundy__graph_normal__run(grundy__graph_normal__normal *nm)
{
    for (;;) {
        int moved = 0;
        for (unsigned k = 0; k < GRUNDY__GRAPH_NORMAL__SEARCHES; k++) {
            int rc = grundy__graph_normal__step(nm, &nm->s[k]);
            if (rc < 0)
                return rc;
            moved |= rc;
        }
        /* The main search only stops with every stack empty and no root left. */
        if (!moved)
            return GRUNDY_OK;
    }
}

GRUNDY__LOCAL int grundy__graph_search_normal(grundy_graph *g, uint32_t *num, grundy__mex *mex)
{
    uint32_t helper = g->n < GRUNDY__GRAPH_NORMAL__HELPER_FRAMES ? g->n : GRUNDY__GRAPH_NORMAL__HELPER_FRAMES;
    size_t frames = (size_t)g->n + (size_t)(GRUNDY__GRAPH_NORMAL__SEARCHES - 1) * helper;
    grundy__graph_normal__frame *stack = (grundy__graph_normal__frame *)grundy__alloc_array(&g->alloc, frames, sizeof *stack);
    if (stack == NULL)
        return GRUNDY_ENOMEM;
    grundy__graph_normal__normal nm;
    memset(&nm, 0, sizeof nm);
    nm.g = g;
    nm.num = num;
    nm.mex = mex;
    /* The main search can hold every node; each helper gets a small stack. */
    for (unsigned k = 0; k < GRUNDY__GRAPH_NORMAL__SEARCHES; k++) {
        nm.s[k].stack = k == 0 ? stack : stack + g->n + (size_t)(k - 1) * helper;
        nm.s[k].cap = k == 0 ? g->n : helper;
        nm.s[k].mark = grundy__graph_normal__mark_of(k);
    }
    memset(num, 0xff, (size_t)g->n * sizeof *num); /* all UNSEEN */
    int rc = grundy__graph_normal__run(&nm);
    grundy__free(&g->alloc, stack);
    return rc;
}
#undef GRUNDY__GRAPH_NORMAL__SEARCHES
#undef GRUNDY__GRAPH_NORMAL__HELPER_FRAMES
#undef GRUNDY__GRAPH_NORMAL__UNSEEN
#undef GRUNDY__GRAPH_NORMAL__FRESH
#undef GRUNDY__GRAPH_NORMAL__PREFETCH_MOVES

/* === src/graph/graph_parse.c === */
/* The text format of `grundy graph`: "n m", then m pairs "u v"; '#' comments.
 * One pass over the text, no copy of it; every error names its line in the
 * message and the byte offset of its token in errpos. */

typedef struct grundy__graph_parse__lexer {
    const char *start, *p, *end;
    size_t line;
} grundy__graph_parse__lexer;

/* A token: its bytes, line and offset in the text (len 0: the end). */
typedef struct grundy__graph_parse__token {
    const char *s;
    size_t len;
    size_t line;
    size_t pos;
} grundy__graph_parse__token;

static int grundy__graph_parse__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Next token, or len 0 at the end of the text. */
static grundy__graph_parse__token grundy__graph_parse__next_token(grundy__graph_parse__lexer *lx)
{
    for (;;) {
        while (lx->p < lx->end && grundy__graph_parse__is_space(*lx->p)) {
            if (*lx->p == '\n')
                lx->line++;
            lx->p++;
        }
        if (lx->p < lx->end && *lx->p == '#') {
            const char *nl = (const char *)memchr(lx->p, '\n', (size_t)(lx->end - lx->p));
            lx->p = nl ? nl : lx->end;
            continue;
        }
        break;
    }
    grundy__graph_parse__token t = {lx->p, 0, lx->line, (size_t)(lx->p - lx->start)};
    while (lx->p < lx->end && !grundy__graph_parse__is_space(*lx->p) && *lx->p != '#')
        lx->p++;
    t.len = (size_t)(lx->p - t.s);
    return t;
}

/* Fails with a message about token t of the text. */
#define GRUNDY__GRAPH_PARSE__FAIL_AT(g, t, status, ...) \
    (grundy__graph_fail((g), (status), __VA_ARGS__), (g)->errpos = (t).pos, (status))

/* A token as messages show it: at most 24 bytes, non-printable ones as \xNN. */
typedef struct grundy__graph_parse__shown_token {
    char text[24 * 4 + 4];
} grundy__graph_parse__shown_token;

static grundy__graph_parse__shown_token grundy__graph_parse__show(grundy__graph_parse__token t)
{
    static const char hex[] = "0123456789abcdef";
    grundy__graph_parse__shown_token s;
    size_t k = 0;
    for (size_t i = 0; i < t.len && i < 24; i++) {
        unsigned char c = (unsigned char)t.s[i];
        if (c >= 0x20 && c < 0x7f) {
            s.text[k++] = (char)c;
        } else {
            s.text[k++] = '\\';
            s.text[k++] = 'x';
            s.text[k++] = hex[c >> 4];
            s.text[k++] = hex[c & 15];
        }
    }
    if (t.len > 24)
        for (int i = 0; i < 3; i++)
            s.text[k++] = '.';
    s.text[k] = '\0';
    return s;
}

/* Parses a decimal number no greater than max into *out. */
static int grundy__graph_parse__token_number(grundy_graph *g, grundy__graph_parse__token t, uint64_t max, const char *what,
                        uint64_t *out)
{
    uint64_t v = 0;
    int too_big = 0;
    for (size_t i = 0; i < t.len; i++) {
        unsigned d = (unsigned)(t.s[i] - '0');
        if (d > 9)
            return GRUNDY__GRAPH_PARSE__FAIL_AT(g, t, GRUNDY_EPARSE,
                           "line %zu: %s: expected a non-negative integer, found '%s'",
                           t.line, what, grundy__graph_parse__show(t).text);
        /* Keep scanning after an overflow: a later non-digit is the better message. */
        if (too_big || v > (max - d) / 10) /* v * 10 + d > max; max >= 9 here */
            too_big = 1;
        else
            v = v * 10 + d;
    }
    if (too_big)
        return GRUNDY__GRAPH_PARSE__FAIL_AT(g, t, GRUNDY_ERANGE, "line %zu: %s %s is larger than %llu",
                       t.line, what, grundy__graph_parse__show(t).text, (unsigned long long)max);
    *out = v;
    return GRUNDY_OK;
}

/* Reads the next token as a number, into *t and *out; end of text is an
 * error naming `what`. */
static int grundy__graph_parse__read_number(grundy_graph *g, grundy__graph_parse__lexer *lx, uint64_t max, const char *what,
                       uint64_t *out, grundy__graph_parse__token *t)
{
    *t = grundy__graph_parse__next_token(lx);
    if (t->len == 0)
        return GRUNDY__GRAPH_PARSE__FAIL_AT(g, *t, GRUNDY_EPARSE, "line %zu: end of input where %s was expected",
                       t->line, what);
    return grundy__graph_parse__token_number(g, *t, max, what, out);
}

static int grundy__graph_parse__read_moves(grundy_graph *g, grundy__graph_parse__lexer *lx, uint64_t m)
{
    for (uint64_t i = 0; i < m; i++) {
        uint64_t u, v;
        grundy__graph_parse__token tu, tv;
        int rc = grundy__graph_parse__read_number(g, lx, UINT64_MAX, "move source", &u, &tu);
        if (rc == GRUNDY_OK)
            rc = grundy__graph_parse__read_number(g, lx, UINT64_MAX, "move target", &v, &tv);
        if (rc == GRUNDY_OK && (u >= g->n || v >= g->n)) {
            grundy__graph_parse__token bad = u >= g->n ? tu : tv;
            rc = GRUNDY__GRAPH_PARSE__FAIL_AT(g, bad, GRUNDY_ERANGE, "line %zu: move %llu: node %llu out of range (n = %u)",
                         bad.line, (unsigned long long)i, (unsigned long long)(u >= g->n ? u : v),
                         g->n);
        }
        if (rc == GRUNDY_OK) {
            grundy__pending rec = {(uint32_t)u, (uint32_t)v};
            rc = grundy__graph_push(g, &rec, 1);
        }
        if (rc != GRUNDY_OK)
            return rc;
    }
    g->moves = m;
    grundy__graph_parse__token extra = grundy__graph_parse__next_token(lx);
    if (extra.len > 0)
        return GRUNDY__GRAPH_PARSE__FAIL_AT(g, extra, GRUNDY_EPARSE, "line %zu: unexpected '%s' after the last of %llu moves",
                       extra.line, grundy__graph_parse__show(extra).text, (unsigned long long)m);
    return GRUNDY_OK;
}

int grundy_graph_parse(grundy_graph *g, const char *text, size_t len)
{
    if (g == NULL || (text == NULL && len > 0))
        return GRUNDY_EINVAL;
    if (g->n != 0)
        return grundy__graph_fail(g, GRUNDY_ESTATE, "parse needs an empty graph");
    g->errmsg[0] = '\0';
    g->errpos = GRUNDY_NO_POS;
    grundy__graph_parse__lexer lx = {text, text, text + len, 1};
    uint64_t n, m;
    grundy__graph_parse__token t;
    int rc = grundy__graph_parse__read_number(g, &lx, GRUNDY_NODE_MAX, "node count n", &n, &t);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_parse__read_number(g, &lx, UINT64_MAX, "move count m", &m, &t);
    if (rc == GRUNDY_ERANGE)
        rc = GRUNDY_ELIMIT;
    if (rc == GRUNDY_OK) {
        g->n = (uint32_t)n;
        /* A move takes at least four bytes of text ("u v\n"), so an absurd m
         * cannot make us reserve more than the text could ever fill. */
        uint64_t hint = m < len / 4 + 1 ? m : len / 4 + 1;
        rc = grundy__reserve(&g->alloc, (void **)&g->pend, &g->cap_pend, (size_t)hint,
                             sizeof *g->pend);
    }
    if (rc == GRUNDY_OK)
        rc = grundy__graph_parse__read_moves(g, &lx, m);
    if (rc != GRUNDY_OK) {
        /* Leave the graph as empty as it came. */
        grundy__free(&g->alloc, g->pend);
        g->pend = NULL;
        g->npend = g->cap_pend = 0;
        g->n = 0;
        g->moves = 0;
        if (rc == GRUNDY_ENOMEM)
            grundy__graph_fail(g, rc, "out of memory reading the graph");
    }
    return rc;
}
#undef GRUNDY__GRAPH_PARSE__FAIL_AT

/* === src/graph/graph_solve.c === */
/* Acyclic plays on a game graph: every play's numbers by one iterative
 * depth-first search, solved when a question needs them, and the questions
 * about single nodes that read them. */

/* DFS state per node, in one array: 0 = not reached; DONE = number known;
 * otherwise the node is on the stack and state - 1 is the index of the next
 * token of its stream to look at. */
#define GRUNDY__GRAPH_SOLVE__STATE_DONE UINT32_MAX

typedef struct grundy__graph_solve__solve_ctx {
    grundy_graph *g;
    int play;
    uint32_t *state;
    uint32_t *stack;
    uint32_t *num;
    uint32_t *order;  /* when set: nodes in the order they finish */
    grundy__mex mex;
    uint32_t done;
} grundy__graph_solve__solve_ctx;

static uint32_t grundy__graph_solve__node_number(grundy__graph_solve__solve_ctx *c, uint32_t u)
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
static int grundy__graph_solve__finish(grundy__graph_solve__solve_ctx *c, uint32_t u)
{
    c->num[u] = grundy__graph_solve__node_number(c, u);
    c->state[u] = GRUNDY__GRAPH_SOLVE__STATE_DONE;
    if (c->order != NULL)
        c->order[c->done] = u;
    if (++c->done % GRUNDY__PROGRESS_EVERY == 0)
        return grundy__graph_report(c->g, c->done, c->g->n);
    return 0;
}

/* Depth-first search from root; parts of split moves are children too. */
static int grundy__graph_solve__search(grundy__graph_solve__solve_ctx *c, uint32_t root)
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
            if ((v & GRUNDY__SPLIT) || c->state[v] == GRUNDY__GRAPH_SOLVE__STATE_DONE)
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
        if (grundy__graph_solve__finish(c, u))
            return GRUNDY_ECANCELED;
    }
    return GRUNDY_OK;
}

static void grundy__graph_solve__solve_ctx_free(grundy__graph_solve__solve_ctx *c)
{
    grundy__free(&c->g->alloc, c->state);
    grundy__free(&c->g->alloc, c->stack);
    grundy__free(&c->g->alloc, c->num);
    grundy__mex_free(&c->mex, &c->g->alloc);
}

/* The search for play; with order set, also the finishing order (every node
 * after all the nodes its moves lead to).  Keeps the numbers if asked to. */
static int grundy__graph_solve__run_search(grundy_graph *g, int play, uint32_t *order, int keep)
{
    g->errmsg[0] = '\0';
    g->has_cycle = 0;
    int rc = grundy__graph_compact(g);
    if (rc == GRUNDY_OK && !grundy__play_splits(play))
        rc = grundy__graph_require_no_splits(g, "this play needs moves to single positions");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__graph_solve__solve_ctx c = {g, play, NULL, NULL, NULL, order, {NULL, 0, 0}, 0};
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
                rc = grundy__graph_solve__search(&c, u);
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
    grundy__graph_solve__solve_ctx_free(&c);
    return rc;
}

GRUNDY__LOCAL int grundy__graph_solve_acyclic(grundy_graph *g, int play)
{
    if (g->num[play] != NULL)
        return GRUNDY_OK; /* solved, and unchanged since: any change drops it */
    return grundy__graph_solve__run_search(g, play, NULL, 1);
}

GRUNDY__LOCAL int grundy__graph_postorder(grundy_graph *g, uint32_t *order)
{
    return grundy__graph_solve__run_search(g, GRUNDY__PLAY_WIDTH, order, 0);
}

GRUNDY__LOCAL int grundy__graph_need(grundy_graph *g, int play)
{
    int numbers = grundy__play_numbers(play);
    int splits_ok = grundy__play_splits(play);
    if (g->num[numbers] != NULL && (splits_ok || !g->has_splits))
        return GRUNDY_OK; /* solved, and unchanged since: any change drops it */
    int rc = grundy__graph_enter(g);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_compact(g);
    if (rc == GRUNDY_OK && !splits_ok) {
        char why[64];
        snprintf(why, sizeof why, "%s needs moves to single positions", grundy__play_name(play));
        rc = grundy__graph_require_no_splits(g, why);
    }
    if (rc != GRUNDY_OK)
        return rc;
    if (numbers == GRUNDY_PLAY_LOOPY)
        return grundy__graph_solve_loopy(g);
    return grundy__graph_solve_acyclic(g, numbers);
}

int grundy_graph_solve(grundy_graph *g, int play)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc == GRUNDY_OK)
        rc = grundy__graph_enter(g);
    return rc == GRUNDY_OK ? grundy__graph_need(g, play) : rc;
}

int grundy_graph_cycle_node(const grundy_graph *g, uint32_t *node)
{
    if (node != NULL)
        *node = 0;
    if (g == NULL || node == NULL)
        return GRUNDY_EINVAL;
    if (!g->has_cycle)
        return GRUNDY_ESTATE;
    *node = g->cycle_node;
    return GRUNDY_OK;
}

/* Checks the arguments of a question about nodes first .. first + count - 1
 * under play, then solves what it needs. */
static int grundy__graph_solve__ask(grundy_graph *g, int play, uint32_t first, size_t count, const void *out)
{
    if (g == NULL || (out == NULL && count > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__graph_check_play(g, play, 0);
    if (rc != GRUNDY_OK)
        return rc;
    if (count == 1)
        rc = grundy__graph_check_id(g, first, "node");
    else if (first > g->n || count > (size_t)(g->n - first))
        rc = grundy__graph_fail(g, GRUNDY_ERANGE, "%zu nodes from node %u pass the last (n = %u)",
                                count, first, g->n);
    return rc == GRUNDY_OK ? grundy__graph_need(g, play) : rc;
}

int grundy_graph_values(grundy_graph *g, int play, uint32_t first, size_t count,
                        uint32_t *values)
{
    int rc = grundy__graph_solve__ask(g, play, first, count, values);
    if (rc == GRUNDY_OK && count > 0)
        memcpy(values, g->num[grundy__play_numbers(play)] + first, count * sizeof *values);
    return rc;
}

int grundy_graph_value(grundy_graph *g, int play, uint32_t node, uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (value == NULL)
        return GRUNDY_EINVAL;
    return grundy_graph_values(g, play, node, 1, value);
}

int grundy_graph_outcome(grundy_graph *g, int play, uint32_t node)
{
    uint32_t v;
    int rc = grundy_graph_value(g, play, node, &v);
    if (rc != GRUNDY_OK)
        return rc;
    /* An infinite loopy position wins by a move to 0, or else draws. */
    if (play == GRUNDY_PLAY_LOOPY && v == GRUNDY_INF)
        return grundy__graph_move_to_number(g, play, node, 0) != GRUNDY_NO_MOVE ? GRUNDY_N : GRUNDY_D;
    return grundy__play_outcome(play, v);
}
#undef GRUNDY__GRAPH_SOLVE__STATE_DONE

/* === src/game/game.c === */
/* Games described by rules: the handle, its settings, and what every part
 * of it shares: the error message, the memory cap, progress and the check
 * of a play.  The options a move generator gives are in game_options.c, the
 * search in game_eval.c, sums in game_sum.c, the positions' graph in
 * game_graph.c (see game.h). */

/* === src/game/game.h === */
/* A rule-defined game's handle, shared by the files that make up games
 * given by rules: game.c (the handle, its settings, its errors and memory
 * cap), game_options.c (the options a move generator gives), game_eval.c
 * (the memoized search), game_moves.c (the moves of a position as the
 * caller gives it), game_sum.c (sums and winning moves) and game_graph.c
 * (the positions' graph, for what the memo tables cannot answer).
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

/* The handle implements grundy_game_set_threads (experimental). */

/* What the trial of two searchers does (game_word_threads.c): judge them by
 * their speed (the library's way), or, for tests that must see one path,
 * keep them whatever their speed, or retire the second at the trial. */
#define GRUNDY__PAIR_JUDGE 0
#define GRUNDY__PAIR_KEEP 1
#define GRUNDY__PAIR_RETIRE 2

/* === src/game/game_word.h === */
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
 * popped, and the mex of numbers below 64 taken from a 64-bit mask.
 * game_word_threads.c runs a second searcher beside the first. */

/* The memo of one play. */
typedef struct grundy__word_memo {
    grundy__wtable table;   /* hashed games */
    unsigned char *dense;   /* dense games: `bound` codes, allocated at first use */
    size_t dense_count;     /* dense games: positions stored */
    size_t removed;         /* hashed games: keys removed since the last rebuild */
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
GRUNDY__LOCAL grundy__word_memo *grundy__word_memo_of(grundy_game *g, int play);

/* Makes the memo ready for `need` more entries (allocating a dense array,
 * or growing the table, or rebuilding it after the guard tripped).  Returns
 * GRUNDY_OK or a failure with the game's message.  A rebuild moves every
 * entry: slots held before it are stale (grundy__word_refresh). */
GRUNDY__LOCAL int grundy__word_memo_ready(grundy_game *g, grundy__word_memo *m, size_t need);

/* The number a code (not busy, not empty) stands for. */
GRUNDY__LOCAL uint32_t grundy__word_memo_number(const grundy__word_memo *m, uint64_t pos, unsigned code);

/* Stores pos's number, above GRUNDY__CODE_MAX, in the side table and marks
 * its slot ref GRUNDY__CODE_BIG, the game holding `used` bytes as
 * the caller knows them (a second thread cannot read the first's stacks).
 * GRUNDY_ENOMEM or GRUNDY_ELIMIT, with no message and pos left busy, if a
 * large number finds no room. */
GRUNDY__LOCAL int grundy__word_memo_store(grundy_game *g, grundy__word_memo *m, uint64_t pos, size_t ref,
                            uint32_t number, size_t used);

/* Removes a busy entry (a failed evaluation). */
GRUNDY__LOCAL void grundy__word_memo_forget(grundy_game *g, grundy__word_memo *m, size_t ref);

/* The positions stored and the bytes held by every play's memo. */
GRUNDY__LOCAL size_t grundy__word_memo_count(const grundy_game *g);
GRUNDY__LOCAL size_t grundy__word_memo_bytes(const grundy_game *g);

/* Frees every play's memo. */
GRUNDY__LOCAL void grundy__word_memo_free(grundy_game *g);

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
GRUNDY__LOCAL int grundy__word_evaluate(grundy_game *g, int play, uint32_t *value);

/* The number of the position in g->pos under play if its memo holds it:
 * 1, or 0. */
GRUNDY__LOCAL int grundy__word_known(grundy_game *g, int play, uint32_t *value);

/* grundy_options_add() and grundy_options_add_each() for a word search. */
GRUNDY__LOCAL int grundy__word_add(grundy_options *o, const void *parts, uint32_t nparts);
GRUNDY__LOCAL int grundy__word_add_each(grundy_options *o, const void *positions, size_t n);

/* Frees a searcher's stacks. */
GRUNDY__LOCAL void grundy__word_searcher_free(grundy__word_searcher *s, const grundy_allocator *a);

/* The bytes a searcher's stacks hold. */
GRUNDY__LOCAL size_t grundy__word_searcher_bytes(const grundy__word_searcher *s);

/* === src/game/game.h (continued) === */

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
    grundy_canon_fn canon;     /* applied to each part as it is added, or NULL */
    int one_part;              /* the play of the search allows no split */
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
    grundy_canon_fn canon;
    grundy_progress_fn progress;
    void *progress_user;
    size_t limit;
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

/* ---- game.c ---------------------------------------------------------------- */

/* Writes the game's error message; returns status. */
GRUNDY__LOCAL int grundy__game_fail(grundy_game *g, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The bytes the game holds: table, option lists, frames, mex marks. */
GRUNDY__LOCAL size_t grundy__game_used_bytes(const grundy_game *g);

/* Grows a buffer for `more` bytes, within the game's memory cap. */
GRUNDY__LOCAL int grundy__game_reserve(grundy_game *g, grundy__game_bytes *b, size_t more);

/* Refuses a call from a move generator or progress callback of the game. */
GRUNDY__LOCAL int grundy__game_refuse_reentry(grundy_game *g);

/* Counts one more position evaluated (or put in a graph) and every 65536
 * (or as set below) calls the progress callback: GRUNDY_ECANCELED, with a
 * message, if it says stop. */
GRUNDY__LOCAL int grundy__game_tick(grundy_game *g);

/* Reports progress every `every` positions (a power of two), for the
 * library's own users whose positions cost far more than a rule's: the
 * heap games' misère search, whose positions are sums of many heaps. */
GRUNDY__LOCAL void grundy__game_set_progress_every(grundy_game *g, uint64_t every);

/* status, and for GRUNDY_ELIMIT (a memo could not grow within the cap)
 * the message saying so, with the positions stored. */
GRUNDY__LOCAL int grundy__game_memo_full(grundy_game *g, int status);

/* GRUNDY_OK, or for a dense game whose position in g->pos is not below
 * its bound GRUNDY_ERANGE with a message naming both.  Every position a
 * call is given or a graph reaches is listed or evaluated through this
 * check (grundy__game_generate, grundy__word_evaluate). */
GRUNDY__LOCAL int grundy__game_check_bound(grundy_game *g);

/* GRUNDY_OK if play is one (with a method flag only if with_method: misère
 * sums take one); else GRUNDY_EINVAL with a message naming the call. */
GRUNDY__LOCAL int grundy__game_check_play(grundy_game *g, int play, int with_method, const char *call);

/* ---- game_options.c -------------------------------------------------------- */

/* Runs the move generator on g->pos, appending options to out as `how`
 * says (GRUNDY__LIST_*: canonical parts, if the game has a canonical form;
 * splits refused). */
GRUNDY__LOCAL int grundy__game_generate(grundy_game *g, grundy__game_optlist *out, int how);

/* ---- game_eval.c ----------------------------------------------------------- */

/* Copies pos to g->pos in canonical form. */
GRUNDY__LOCAL void grundy__game_load(grundy_game *g, const void *pos);

/* Evaluates the canonical position in g->pos under play (any play but the
 * loopy one). */
GRUNDY__LOCAL int grundy__game_evaluate(grundy_game *g, int play, uint32_t *value);

/* ---- game_moves.c ---------------------------------------------------------- */

/* Lists the options of pos into g->listed as `how` says (GRUNDY__LIST_*):
 * the generator called on those bytes as given, pos itself not
 * canonicalised.  The caller has refused re-entry and set g->inside. */
GRUNDY__LOCAL int grundy__game_list(grundy_game *g, const void *pos, int how);

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
GRUNDY__LOCAL int grundy__game_on_graph(grundy_game *g, int play, const void *positions, size_t n,
                          grundy__game_ask_fn ask, void *ctx);

/* The bytes a positions' graph being built holds (an estimate for the
 * graph itself), for the memory cap. */
GRUNDY__LOCAL size_t grundy__game_build_bytes(const grundy__game_build *b);

/* === src/game/game.c (continued) === */

#define GRUNDY__GAME__MAX_POS_SIZE 65536u
#define GRUNDY__GAME__PROGRESS_EVERY 65536u

GRUNDY__LOCAL int grundy__game_fail(grundy_game *g, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    return status;
}

/* The bytes the memo tables hold. */
static size_t grundy__game__memo_bytes(const grundy_game *g)
{
    size_t bytes = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        bytes += grundy__table_bytes(g->size, g->memo[p].cap);
#ifndef GRUNDY_LEAN
    bytes += grundy__word_memo_bytes(g);
#endif
    return bytes;
}

GRUNDY__LOCAL size_t grundy__game_used_bytes(const grundy_game *g)
{
    size_t bytes = grundy__game__memo_bytes(g) + g->opts.parts.cap + g->opts.counts.cap + g->listed.parts.cap +
                   g->listed.counts.cap + g->cap_frames * sizeof(grundy__game_frame) +
                   g->mex.bound * sizeof(uint32_t) +
                   (g->build != NULL ? grundy__game_build_bytes(g->build) : 0);
#ifndef GRUNDY_LEAN
    bytes += grundy__word_searcher_bytes(&g->searcher[0]) +
             grundy__word_searcher_bytes(&g->searcher[1]);
#endif
    return bytes;
}

GRUNDY__LOCAL int grundy__game_reserve(grundy_game *g, grundy__game_bytes *b, size_t more)
{
    if (more > SIZE_MAX - b->len)
        return GRUNDY_ELIMIT;
    size_t old = b->cap;
    if (b->len + more <= old)
        return GRUNDY_OK;
    int rc = grundy__reserve(&g->alloc, (void **)&b->p, &b->cap, b->len + more, 1);
    if (rc == GRUNDY_OK && g->limit != 0 && grundy__game_used_bytes(g) > g->limit)
        rc = GRUNDY_ELIMIT; /* keep the block; the cap is checked again next time */
    if (rc == GRUNDY_ELIMIT)
        grundy__game_fail(g, rc,
                          "memory limit of %zu bytes reached with %zu positions stored, "
                          "%zu moves deep",
                          g->limit, grundy__game_stored_count(g), g->nframes);
    return rc;
}

/* A move generator or progress callback calling back into its own game
 * would find positions on the stack as if they were values, and reuse the
 * scratch the evaluation under way holds: refused. */
GRUNDY__LOCAL int grundy__game_refuse_reentry(grundy_game *g)
{
    return grundy__game_fail(g, GRUNDY_ESTATE,
                             "called from a move generator or progress callback of the same game");
}

GRUNDY__LOCAL int grundy__game_tick(grundy_game *g)
{
    if ((++g->evaluated & g->progress_mask) == 0 && g->progress != NULL &&
        g->progress(g->progress_user, g->evaluated, 0) != 0)
        return grundy__game_fail(g, GRUNDY_ECANCELED, "canceled after %llu positions",
                                 (unsigned long long)g->evaluated);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__game_memo_full(grundy_game *g, int status)
{
    if (status != GRUNDY_ELIMIT)
        return status;
    return grundy__game_fail(g, GRUNDY_ELIMIT,
                             "memory limit of %zu bytes reached with %zu positions stored",
                             g->limit, grundy__game_stored_count(g));
}

GRUNDY__LOCAL int grundy__game_check_bound(grundy_game *g)
{
    uint64_t pos;
    if (g->bound == 0)
        return GRUNDY_OK;
    memcpy(&pos, g->pos, sizeof pos);
    if (pos < g->bound)
        return GRUNDY_OK;
    return grundy__game_fail(g, GRUNDY_ERANGE, "position %llu is not below the game's bound %llu",
                             (unsigned long long)pos, (unsigned long long)g->bound);
}

GRUNDY__LOCAL int grundy__game_check_play(grundy_game *g, int play, int with_method, const char *call)
{
    const char *why = grundy__play_refusal(play, with_method);
    if (why != NULL)
        return grundy__game_fail(g, GRUNDY_EINVAL, "%s: play %#x %s", call, (unsigned)play, why);
#ifdef GRUNDY_NORMAL_PLAY_ONLY
    if (grundy__play_base(play) != GRUNDY_PLAY_NORMAL)
        return grundy__play_normal_only(play, call, g->errmsg, sizeof g->errmsg);
#endif
    return GRUNDY_OK;
}

static int grundy__game__game_new(grundy_game **out, size_t size, grundy_moves_fn moves,
                    grundy_moves_u64_fn moves_u64, void *user, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    if ((moves == NULL && moves_u64 == NULL) || size == 0 || size > GRUNDY__GAME__MAX_POS_SIZE)
        return GRUNDY_EINVAL;
    int rc;
    grundy_game *g = (grundy_game *)grundy__handle_new(sizeof *g, alloc, &rc);
    if (g == NULL)
        return rc;
    const grundy_allocator a = g->alloc;
    g->size = size;
    g->rec = size + GRUNDY__GAME_TAIL;
    g->max_parts = SIZE_MAX / g->rec;
    g->moves = moves;
    g->moves_u64 = moves_u64;
    g->user = user;
#ifndef GRUNDY_LEAN /* which computes every game by the generic engine */
    g->word = size == sizeof(uint64_t);
    g->avx2 = grundy__wtable_avx2();
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_init(&g->words[p].big, sizeof(uint64_t));
#endif
    g->threads = 1;
    g->progress_mask = GRUNDY__GAME__PROGRESS_EVERY - 1;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_init(&g->memo[p], size);
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
    return grundy__game__game_new(out, pos_size, moves, NULL, user, alloc);
}

int grundy_game_new_u64(grundy_game **out, grundy_moves_u64_fn moves, void *user,
                        const grundy_allocator *alloc)
{
    if (moves == NULL) {
        if (out != NULL)
            *out = NULL;
        return GRUNDY_EINVAL;
    }
    return grundy__game__game_new(out, sizeof(uint64_t), NULL, moves, user, alloc);
}

int grundy_game_new_dense(grundy_game **out, uint64_t bound, grundy_moves_u64_fn moves,
                          void *user, const grundy_allocator *alloc)
{
    if (out != NULL)
        *out = NULL;
    if (moves == NULL || bound == 0 || bound > SIZE_MAX)
        return GRUNDY_EINVAL;
    int rc = grundy__game__game_new(out, sizeof(uint64_t), NULL, moves, user, alloc);
    if (rc == GRUNDY_OK)
        (*out)->bound = bound;
    return rc;
}

void grundy_game_free(grundy_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++)
        grundy__table_free(&g->memo[p], &a);
#ifndef GRUNDY_LEAN
    grundy__word_memo_free(g);
    grundy__word_searcher_free(&g->searcher[0], &a);
    grundy__word_searcher_free(&g->searcher[1], &a);
#endif
    grundy__free(&a, g->opts.parts.p);
    grundy__free(&a, g->opts.counts.p);
    grundy__free(&a, g->listed.parts.p);
    grundy__free(&a, g->listed.counts.p);
    grundy__free(&a, g->frames);
    grundy__free(&a, g->pos);
    grundy__mex_free(&g->mex, &a);
    grundy__free(&a, g);
}

int grundy_game_set_canon(grundy_game *g, grundy_canon_fn canon)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    if (grundy__game_stored_count(g) != 0)
        return grundy__game_fail(g, GRUNDY_ESTATE,
                                 "the canonical form cannot change once positions are stored");
    g->canon = canon;
    return GRUNDY_OK;
}

/* Setters from the game's own callbacks leave it as it is (grundy.h). */
void grundy_game_set_memory_limit(grundy_game *g, size_t bytes_cap)
{
    if (g != NULL && !g->inside)
        g->limit = bytes_cap;
}

GRUNDY__LOCAL void grundy__game_set_progress_every(grundy_game *g, uint64_t every)
{
    g->progress_mask = every - 1;
}

void grundy_game_set_threads(grundy_game *g, unsigned threads)
{
    if (g != NULL && !g->inside)
        g->threads = threads == 0 ? 1 : threads;
}

void grundy_game_set_progress(grundy_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL || g->inside)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_game_stats(const grundy_game *g, uint64_t *positions, uint64_t *nbytes)
{
    if (positions != NULL)
        *positions = g ? grundy__game_stored_count(g) : 0;
    if (nbytes != NULL)
        *nbytes = g ? grundy__game__memo_bytes(g) : 0;
}

const char *grundy_game_errmsg(const grundy_game *g)
{
    return g ? g->errmsg : "";
}
#undef GRUNDY__GAME__MAX_POS_SIZE
#undef GRUNDY__GAME__PROGRESS_EVERY

/* === src/game/game_eval.c === */
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

#define GRUNDY__GAME_EVAL__PENDING (GRUNDY__BUSY - 1) /* in the table: claimed by a part, not yet searched */

static unsigned char *grundy__game_eval__part_at(const grundy_game *g, size_t off)
{
    return grundy__game_offset(g->opts.parts.p, off);
}

static void grundy__game_eval__set_part_value(grundy_game *g, size_t off, uint32_t v)
{
    grundy__slot_set_value(grundy__game_eval__part_at(g, off), g->size, v);
}

static int grundy__game_eval__cycle(grundy_game *g)
{
    return grundy__game_fail(g, GRUNDY_ECYCLE,
                             "the rules lead from a position back to itself, %zu moves later",
                             g->nframes - 1);
}

/* Room for one more frame, within the memory cap. */
static int grundy__game_eval__frame_room(grundy_game *g)
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
static int grundy__game_eval__push(grundy_game *g, size_t key, size_t slot)
{
    int rc = grundy__game_eval__frame_room(g);
    grundy__game_copy_pos(g, g->pos, grundy__game_eval__part_at(g, key));
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
        rc = grundy__table_claim_all(grundy__game_memo(g), &g->alloc, grundy__game_eval__part_at(g, f->parts),
                                     (g->opts.parts.len - f->parts) / g->rec, g->rec, GRUNDY__GAME_EVAL__PENDING,
                                     g->limit, &claimed);
        g->pending += claimed;
        rc = grundy__game_memo_full(g, rc);
    }
    return rc;
}

static int grundy__game_eval__ensure_mex(grundy_game *g, size_t nopts)
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
static uint32_t grundy__game_eval__frame_value(grundy_game *g, const grundy__game_frame *f)
{
    const int play = g->play;
    const size_t rec = g->rec, size = g->size;
    const unsigned char *part = grundy__game_eval__part_at(g, f->parts);
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
static int grundy__game_eval__next_unknown(grundy_game *g, grundy__game_frame *f, size_t *slot)
{
    const size_t end = g->opts.parts.len, size = g->size;
    for (; f->cur < end; f->cur += g->rec) {
        const unsigned char *r = grundy__game_eval__part_at(g, f->cur);
        uint32_t v = grundy__slot_value(r, size);
        if (v < GRUNDY__GAME_EVAL__PENDING)
            continue; /* a number, known when claimed or handed up by its frame */
        /* Claimed, so in the table: a claim leaves it only when an
         * evaluation fails, and then the whole stack is unwound. */
        v = grundy__table_value_at(grundy__game_memo(g), r, grundy__record_hint(r, size), slot);
        if (v == GRUNDY__BUSY)
            return grundy__game_eval__cycle(g);
        if (v == GRUNDY__GAME_EVAL__PENDING) {
            grundy__table_set_at(grundy__game_memo(g), r, GRUNDY__BUSY, *slot);
            g->pending--;
            return 1;
        }
        grundy__game_eval__set_part_value(g, f->cur, v);
    }
    return 0;
}

/* Removes every frame still on the stack (their positions are busy) and
 * every claim of a part not yet searched. */
static void grundy__game_eval__unwind(grundy_game *g)
{
    grundy__table *memo = grundy__game_memo(g);
    for (size_t off = 0; off < g->opts.parts.len; off += g->rec) {
        const unsigned char *r = grundy__game_eval__part_at(g, off);
        size_t slot;
        if (grundy__slot_value(r, g->size) == GRUNDY__GAME_EVAL__PENDING &&
            grundy__table_value_at(memo, r, grundy__record_hint(r, g->size), &slot) == GRUNDY__GAME_EVAL__PENDING)
            grundy__table_remove(memo, r);
    }
    g->pending = 0;
    while (g->nframes > 0) {
        grundy__game_frame *f = &g->frames[--g->nframes];
        grundy__table_remove(memo, grundy__game_eval__part_at(g, f->key));
    }
}

/* Stores the value of the top frame's position, pops it and hands the value
 * to the part it is of in the frame below (or to *value, for the first). */
static int grundy__game_eval__pop(grundy_game *g, uint32_t *value)
{
    grundy__game_frame *f = &g->frames[g->nframes - 1];
    int rc = grundy__game_eval__ensure_mex(g, (g->opts.counts.len - f->counts) / sizeof(uint32_t));
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t v = grundy__game_eval__frame_value(g, f);
    grundy__table_set_at(grundy__game_memo(g), grundy__game_eval__part_at(g, f->key), grundy__game_stored(v),
                         f->slot);
    g->opts.parts.len = f->parts;
    g->opts.counts.len = f->counts;
    if (--g->nframes > 0)
        grundy__game_eval__set_part_value(g, g->frames[g->nframes - 1].cur, grundy__game_stored(v));
    else
        *value = v;
    return grundy__game_tick(g);
}

/* Pushes the position in g->pos, which the table holds as busy in slot
 * `slot`, as the first frame.  It is kept as the list's first record, as a
 * part. */
static int grundy__game_eval__push_first(grundy_game *g, size_t slot)
{
    int rc = grundy__game_reserve(g, &g->opts.parts, g->rec);
    if (rc != GRUNDY_OK) {
        grundy__table_remove(grundy__game_memo(g), g->pos);
        return rc;
    }
    grundy__game_copy_pos(g, grundy__game_eval__part_at(g, 0), g->pos);
    grundy__game_unknown(grundy__game_eval__part_at(g, 0) + g->size);
    g->opts.parts.len = g->rec;
    return grundy__game_eval__push(g, 0, slot);
}

GRUNDY__LOCAL int grundy__game_evaluate(grundy_game *g, int play, uint32_t *value)
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
    rc = grundy__game_eval__push_first(g, slot);
    while (rc == GRUNDY_OK && g->nframes > 0) {
        grundy__game_frame *f = &g->frames[g->nframes - 1];
        rc = grundy__game_eval__next_unknown(g, f, &slot);
        if (rc == 1)
            rc = grundy__game_eval__push(g, f->cur, slot);
        else if (rc == GRUNDY_OK)
            rc = grundy__game_eval__pop(g, value);
    }
    if (rc != GRUNDY_OK)
        grundy__game_eval__unwind(g);
    g->opts.parts.len = g->opts.counts.len = 0;
    return rc;
}

GRUNDY__LOCAL void grundy__game_load(grundy_game *g, const void *pos)
{
    grundy__game_copy_pos(g, g->pos, pos);
    if (g->canon != NULL)
        g->canon(g->user, g->pos);
}

/* What a position's number call asks: its number, and its outcome if
 * `outcome` is not NULL. */
#ifndef GRUNDY_NORMAL_PLAY_ONLY
typedef struct grundy__game_eval__asked {
    uint32_t *value;
    int *outcome;
} grundy__game_eval__asked;

/* The loopy number (and outcome) of one position, from the positions' graph. */
static int grundy__game_eval__ask_loopy(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *ctx)
{
    const grundy__game_eval__asked *a = (const grundy__game_eval__asked *)ctx;
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
static int grundy__game_eval__value_of(grundy_game *g, int play, const void *pos, uint32_t *value, int *outcome)
{
    int rc = grundy__game_check_play(g, play, 0, "a position's number");
    if (rc != GRUNDY_OK)
        return rc;
#ifndef GRUNDY_NORMAL_PLAY_ONLY /* which refuses loopy play */
    if (play == GRUNDY_PLAY_LOOPY) {
        grundy__game_eval__asked a = {value, outcome};
        return grundy__game_on_graph(g, play, pos, 1, grundy__game_eval__ask_loopy, &a);
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
    return grundy__game_eval__value_of(g, play, pos, value, NULL);
}

int grundy_game_outcome(grundy_game *g, int play, const void *pos)
{
    if (g == NULL || pos == NULL)
        return GRUNDY_EINVAL;
    uint32_t v;
    int outcome = GRUNDY_P;
    int rc = grundy__game_eval__value_of(g, play, pos, &v, &outcome);
    return rc != GRUNDY_OK ? rc : outcome;
}
#undef GRUNDY__GAME_EVAL__PENDING

/* === src/game/game_graph.c === */
/* Games described by rules: the positions' graph.
 *
 * What the memo tables cannot answer (the loopy number of a position; the
 * outcomes of misère, loopy and selective sums; the winning moves of sums
 * under every play but normal: see game_sum.c) is asked of the graph of
 * every position the sum can reach, built here with the public graph API
 * and then questioned as any graph is, with the same play.
 *
 * The components are the root nodes, keyed and generated by their bytes as
 * the caller gave them, so that a move index is an index in the generator's
 * listing for the caller's position.  Deeper positions are keyed by their
 * canonical bytes (their parts are canonicalised as listed).  One table
 * holds both: a root's bytes that are not canonical match no deeper key,
 * and a root whose bytes are canonical is rightly the same node as that
 * position met deeper down.
 *
 * Node 0 is the finished game, and an option of no parts a move to it: a
 * terminal node has the number of the finished game under every play, and
 * a graph takes an empty split only where it takes splits.  The positions
 * follow, numbered in the order they are found, and their bytes kept in
 * that order, which is the order they are expanded in: breadth first,
 * iterative, the list of bytes its own queue.  Each expansion adds the
 * node's options as graph moves in the generator's order, so move k of a
 * node is the generator's option k.
 *
 * The memory cap counts the table, the bytes and an estimate of the graph
 * (which reports no size): 8 bytes per token (a move, or a split's header
 * and parts) while moves wait to be merged and 4 once merged, both alive
 * while merging, and 16 bytes per node for its offsets and numbers. */

#ifndef GRUNDY_NORMAL_PLAY_ONLY

#define GRUNDY__GAME_GRAPH__GRAPH_TOKEN_BYTES 12u
#define GRUNDY__GAME_GRAPH__GRAPH_NODE_BYTES 16u
/* What solving one play takes per node on top: its numbers and the search's
 * stack (a misère search first solves normal values). */
#define GRUNDY__GAME_GRAPH__GRAPH_SOLVE_BYTES 16u
#define GRUNDY__GAME_GRAPH__FINISHED 0u /* the node of the finished game */

struct grundy__game_build {
    grundy__table keys;    /* a position's bytes -> its node */
    grundy__game_bytes at; /* node u's position at (u - 1) * size: the queue */
    uint32_t *parts;       /* the nodes of the option being added */
    size_t cap_parts;
    uint32_t *roots;       /* component i's node */
    size_t n;              /* components */
    uint32_t nodes;        /* nodes found */
    uint32_t added;        /* nodes added to the graph */
    uint64_t tokens;       /* moves and parts added to the graph */
    grundy_graph *graph;
};

GRUNDY__LOCAL size_t grundy__game_build_bytes(const grundy__game_build *b)
{
    uint64_t graph = b->tokens * GRUNDY__GAME_GRAPH__GRAPH_TOKEN_BYTES + (uint64_t)b->nodes * GRUNDY__GAME_GRAPH__GRAPH_NODE_BYTES;
    size_t mine = grundy__table_bytes(b->keys.key_size, b->keys.cap) + b->at.cap +
                  b->cap_parts * sizeof(uint32_t) + b->n * sizeof(uint32_t);
    return graph > SIZE_MAX - mine ? SIZE_MAX : mine + (size_t)graph;
}

/* The positions found (node 0 is none). */
static uint32_t grundy__game_graph__positions_found(const grundy__game_build *b)
{
    return b->nodes > GRUNDY__GAME_GRAPH__FINISHED ? b->nodes - 1 : 0;
}

static int grundy__game_graph__limit_reached(grundy_game *g, const grundy__game_build *b)
{
    return grundy__game_fail(g, GRUNDY_ELIMIT,
                             "memory limit of %zu bytes reached with %u positions in the graph "
                             "of the positions the sum reaches",
                             g->limit, grundy__game_graph__positions_found(b));
}

static int grundy__game_graph__within_limit(grundy_game *g, const grundy__game_build *b)
{
    if (g->limit != 0 && grundy__game_used_bytes(g) > g->limit)
        return grundy__game_graph__limit_reached(g, b);
    return GRUNDY_OK;
}

/* The room the keys' table may take (its limit argument; 0: none): what
 * the cap leaves beside everything else the game holds. */
static size_t grundy__game_graph__keys_room(const grundy_game *g, const grundy__game_build *b)
{
    if (g->limit == 0)
        return 0;
    size_t others = grundy__game_used_bytes(g) - grundy__table_bytes(b->keys.key_size, b->keys.cap);
    return others < g->limit ? g->limit - others : 1;
}

/* The memory a misère search of the graph may take: what the cap leaves
 * beside everything the game holds, the graph and its solve included
 * (0: no cap). */
static size_t grundy__game_graph__search_room(const grundy_game *g, const grundy__game_build *b)
{
    if (g->limit == 0)
        return 0;
    size_t used = grundy__game_used_bytes(g), solve = (size_t)b->nodes * GRUNDY__GAME_GRAPH__GRAPH_SOLVE_BYTES;
    return used < g->limit && solve < g->limit - used ? g->limit - used - solve : 1;
}

/* Copies the graph's message for a failure of it (rc) into the game's. */
static int grundy__game_graph__graph_failed(grundy_game *g, const grundy__game_build *b, int rc)
{
    const char *msg = grundy_graph_errmsg(b->graph);
    if (msg[0] != '\0')
        return grundy__game_fail(g, rc, "the graph of the %u positions the sum reaches "
                                 "(numbered from 1 as found): %s", grundy__game_graph__positions_found(b), msg);
    if (rc != GRUNDY_ENOMEM)
        return grundy__game_fail(g, rc, "the graph of the %u positions the sum reaches: %s",
                                 grundy__game_graph__positions_found(b), grundy_strerror(rc));
    return rc;
}

/* The node of the position pos, found or entered (and so queued). */
static int grundy__game_graph__node_of(grundy_game *g, grundy__game_build *b, const unsigned char *pos,
                   uint32_t *node)
{
    if (b->nodes == GRUNDY_NODE_MAX)
        return grundy__game_fail(g, GRUNDY_ELIMIT,
                                 "the positions the sum reaches pass %u, the most a graph holds",
                                 GRUNDY_NODE_MAX);
    uint32_t found;
    size_t slot;
    int rc = grundy__table_get_or_insert(&b->keys, &g->alloc, pos, b->nodes, grundy__game_graph__keys_room(g, b),
                                         &found, &slot);
    if (rc == GRUNDY_OK && found == GRUNDY__EMPTY) {
        rc = grundy__game_reserve(g, &b->at, g->size);
        if (rc == GRUNDY_OK) {
            grundy__game_copy_pos(g, b->at.p + b->at.len, pos);
            b->at.len += g->size;
            found = b->nodes++;
        } else {
            grundy__table_remove(&b->keys, pos);
        }
    }
    if (rc == GRUNDY_ELIMIT)
        return grundy__game_graph__limit_reached(g, b);
    *node = found;
    return rc;
}

/* Adds to the graph the nodes found since the last call: moves need them. */
static int grundy__game_graph__add_found_nodes(grundy_game *g, grundy__game_build *b)
{
    if (b->added == b->nodes)
        return GRUNDY_OK;
    int rc = grundy_graph_add_nodes(b->graph, b->nodes - b->added, NULL);
    if (rc != GRUNDY_OK)
        return grundy__game_graph__graph_failed(g, b, rc);
    b->added = b->nodes;
    return GRUNDY_OK;
}

/* Adds the move from node `from` to the sum of b->parts[0 .. np). */
static int grundy__game_graph__add_option(grundy_game *g, grundy__game_build *b, uint32_t from, uint32_t np)
{
    int rc = grundy__game_graph__add_found_nodes(g, b);
    if (rc != GRUNDY_OK)
        return rc;
    if (np <= 1)
        rc = grundy_graph_add_move(b->graph, from, np == 1 ? b->parts[0] : GRUNDY__GAME_GRAPH__FINISHED);
    else
        rc = grundy_graph_add_split(b->graph, from, b->parts, np);
    if (rc != GRUNDY_OK)
        return grundy__game_graph__graph_failed(g, b, rc);
    b->tokens += np <= 1 ? 1 : 1 + (uint64_t)np;
    return GRUNDY_OK;
}

/* Adds node u's options to the graph, finding the nodes of their parts. */
static int grundy__game_graph__expand(grundy_game *g, grundy__game_build *b, uint32_t u)
{
    int rc = grundy__game_list(g, b->at.p + (size_t)(u - 1) * g->size, GRUNDY__LIST_CANON);
    if (rc == GRUNDY_ELIMIT)
        return grundy__game_graph__limit_reached(g, b); /* the list's room: say where the cap was met */
    grundy__game_walk w = {0, 0};
    size_t off;
    uint32_t np;
    while (rc == GRUNDY_OK && grundy__game_next_listed(g, &w, &off, &np)) {
        rc = grundy__reserve(&g->alloc, (void **)&b->parts, &b->cap_parts, np, sizeof *b->parts);
        for (uint32_t i = 0; i < np && rc == GRUNDY_OK; i++)
            rc = grundy__game_graph__node_of(g, b, g->listed.parts.p + off + (size_t)i * g->rec, &b->parts[i]);
        if (rc == GRUNDY_OK)
            rc = grundy__game_graph__add_option(g, b, u, np);
    }
    if (rc == GRUNDY_OK)
        rc = grundy__game_graph__within_limit(g, b);
    return rc == GRUNDY_OK ? grundy__game_tick(g) : rc;
}

/* Builds the graph of the positions the n positions reach. */
static int grundy__game_graph__build(grundy_game *g, grundy__game_build *b, const void *positions, size_t n)
{
    int rc = grundy_graph_new(&b->graph, &g->alloc);
    if (rc != GRUNDY_OK)
        return rc;
    b->roots = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *b->roots);
    if (b->roots == NULL)
        return GRUNDY_ENOMEM;
    b->n = n;
    b->nodes = GRUNDY__GAME_GRAPH__FINISHED + 1;
    for (size_t i = 0; i < n && rc == GRUNDY_OK; i++)
        rc = grundy__game_graph__node_of(g, b, (const unsigned char *)positions + i * g->size, &b->roots[i]);
    for (uint32_t u = GRUNDY__GAME_GRAPH__FINISHED + 1; u < b->nodes && rc == GRUNDY_OK; u++)
        rc = grundy__game_graph__expand(g, b, u);
    return rc == GRUNDY_OK ? grundy__game_graph__add_found_nodes(g, b) : rc;
}

static void grundy__game_graph__release(grundy_game *g, grundy__game_build *b)
{
    grundy_graph_free(b->graph);
    grundy__table_free(&b->keys, &g->alloc);
    grundy__free(&g->alloc, b->at.p);
    grundy__free(&g->alloc, b->parts);
    grundy__free(&g->alloc, b->roots);
}

/* The graph's progress, reported as the game's, after the positions built. */
static int grundy__game_graph__forward(void *user, uint64_t done, uint64_t total)
{
    grundy_game *g = (grundy_game *)user;
    (void)total;
    return g->progress(g->progress_user, g->evaluated + done, 0);
}

GRUNDY__LOCAL int grundy__game_on_graph(grundy_game *g, int play, const void *positions, size_t n,
                          grundy__game_ask_fn ask, void *ctx)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    grundy__game_build b;
    memset(&b, 0, sizeof b);
    grundy__table_init(&b.keys, g->size);
    g->inside = 1;
    g->build = &b;
    g->errmsg[0] = '\0';
    int rc = grundy__game_graph__build(g, &b, positions, n);
    if (rc == GRUNDY_OK) {
        grundy_graph_set_progress(b.graph, g->progress != NULL ? grundy__game_graph__forward : NULL, g);
        grundy__graph_set_misere_limit(b.graph, grundy__game_graph__search_room(g, &b));
        rc = ask(b.graph, play, b.roots, n, ctx);
        if (rc < 0)
            grundy__game_graph__graph_failed(g, &b, rc);
        else if (grundy__play_base(play) == GRUNDY_PLAY_MISERE)
            g->last_method = grundy_graph_last_method(b.graph);
    }
    g->build = NULL;
    grundy__game_graph__release(g, &b);
    g->listed.parts.len = g->listed.counts.len = 0;
    g->inside = 0;
    return rc;
}

#else /* GRUNDY_NORMAL_PLAY_ONLY: no positions' graph (grundy__game_check_play
       * refuses every play that needs one). */

GRUNDY__LOCAL size_t grundy__game_build_bytes(const grundy__game_build *b)
{
    (void)b;
    return 0;
}

#endif
#undef GRUNDY__GAME_GRAPH__GRAPH_TOKEN_BYTES
#undef GRUNDY__GAME_GRAPH__GRAPH_NODE_BYTES
#undef GRUNDY__GAME_GRAPH__GRAPH_SOLVE_BYTES
#undef GRUNDY__GAME_GRAPH__FINISHED

/* === src/game/game_moves.c === */
/* Games described by rules: the moves of a position as the caller names
 * it.  Move k of a position is the k-th option its generator lists for the
 * bytes the caller gave, not for their canonical form, so the generator is
 * called on those bytes, once per call. */

GRUNDY__LOCAL int grundy__game_list(grundy_game *g, const void *pos, int how)
{
    grundy__game_copy_pos(g, g->pos, pos);
    g->listed.parts.len = g->listed.counts.len = 0;
    return grundy__game_generate(g, &g->listed, how);
}

/* Lists pos's options into g->listed, refusing calls from the game's own
 * callbacks: they run inside a search that g->listed may serve. */
static int grundy__game_moves__list_from_outside(grundy_game *g, const void *pos)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    g->inside = 1;
    int rc = grundy__game_list(g, pos, 0);
    g->inside = 0;
    return rc;
}

int grundy_game_degree(grundy_game *g, const void *pos, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || pos == NULL || count == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__game_moves__list_from_outside(g, pos);
    if (rc == GRUNDY_OK)
        *count = g->listed.counts.len / sizeof(uint32_t);
    return rc;
}

int grundy_game_move(grundy_game *g, const void *pos, uint64_t k, void *parts, size_t cap,
                     size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (g == NULL || pos == NULL || nparts == NULL || (parts == NULL && cap > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__game_moves__list_from_outside(g, pos);
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t degree = g->listed.counts.len / sizeof(uint32_t);
    if (k >= degree)
        return grundy__game_fail(g, GRUNDY_ERANGE, "move %llu of a position with %llu moves",
                                 (unsigned long long)k, (unsigned long long)degree);
    grundy__game_walk w = {0, 0};
    size_t off = 0;
    uint32_t np = 0;
    for (uint64_t i = 0; i <= k; i++)
        grundy__game_next_listed(g, &w, &off, &np);
    for (uint32_t i = 0; i < np && i < cap; i++)
        memcpy((unsigned char *)parts + (size_t)i * g->size,
               g->listed.parts.p + off + (size_t)i * g->rec, g->size);
    *nparts = np;
    return GRUNDY_OK;
}

/* === src/game/game_options.c === */
/* Games described by rules: the options a move generator gives, appended
 * to an option list as records (game.h), each part canonicalised as it is
 * added. */

/* Makes room in o for an option of nparts parts, checking it is allowed. */
static int grundy__game_options__make_room_slowly(grundy_options *o, uint32_t nparts)
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
static int grundy__game_options__has_room(const grundy__game_optlist *out, size_t rec)
{
    return out->parts.cap - out->parts.len >= rec &&
           out->counts.cap - out->counts.len >= sizeof(uint32_t);
}

static int grundy__game_options__make_room(grundy_options *o, uint32_t nparts)
{
    if (nparts <= 1 && grundy__game_options__has_room(o->out, o->game->rec))
        return GRUNDY_OK;
    return grundy__game_options__make_room_slowly(o, nparts);
}

/* Canonicalises the n part records starting at p. */
static void grundy__game_options__canonicalise(const grundy_options *o, unsigned char *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++, p += o->game->rec)
        o->canon(o->game->user, p);
}

/* Appends an option, its room made (none for an option of no parts). */
static void grundy__game_options__append(grundy_options *o, const void *parts, uint32_t nparts)
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
    if (o->canon != NULL)
        grundy__game_options__canonicalise(o, first, nparts);
}

int grundy_options_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    if (o == NULL || (parts == NULL && nparts > 0))
        return GRUNDY_EINVAL;
#ifndef GRUNDY_LEAN
    if (o->words != NULL)
        return grundy__word_add(o, parts, nparts);
#endif
    int rc = grundy__game_options__make_room(o, nparts);
    if (rc == GRUNDY_OK)
        grundy__game_options__append(o, parts, nparts);
    return rc;
}

/* Makes room in o for n options of one part each, checked once for the lot. */
static int grundy__game_options__make_room_each(grundy_options *o, size_t n)
{
    grundy_game *g = o->game;
    if (n > g->max_parts)
        return GRUNDY_ELIMIT;
    int rc = grundy__game_reserve(g, &o->out->parts, n * g->rec);
    return rc == GRUNDY_OK ? grundy__game_reserve(g, &o->out->counts, n * sizeof(uint32_t)) : rc;
}

int grundy_options_add_each(grundy_options *o, const void *positions, size_t n)
{
    if (o == NULL || (positions == NULL && n > 0))
        return GRUNDY_EINVAL;
#ifndef GRUNDY_LEAN
    if (o->words != NULL)
        return grundy__word_add_each(o, positions, n);
#endif
    int rc = grundy__game_options__make_room_each(o, n);
    if (rc != GRUNDY_OK)
        return rc;
    const unsigned char *p = (const unsigned char *)positions;
    for (size_t i = 0; i < n; i++, p += o->game->size)
        grundy__game_options__append(o, p, 1);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__game_generate(grundy_game *g, grundy__game_optlist *out, int how)
{
    grundy_options o = {g, out, NULL, how & GRUNDY__LIST_CANON ? g->canon : NULL,
                        (how & GRUNDY__LIST_ONE_PART) != 0};
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

/* === src/game/game_sum.c === */
/* Games described by rules: sums, and winning moves in them.
 *
 * Normal play answers from the memo tables: the value of a sum is the xor
 * of its components' values, and a winning move brings one component to
 * the value that makes the xor 0 (the one sum routine, core/sum.h), found
 * among the options the generator lists for the component as given.  WTIA,
 * conjunctive, continued and shortened sums are decided by their
 * components' numbers, from the memo tables too.  Everything else is asked
 * of the graph of the positions the sum reaches (game_graph.c): misère and
 * loopy sums, which no number decides; selective sums, whose graph refuses
 * split options that normal values (their numbers) allow; and the winning
 * moves of every play but normal. */

static const unsigned char *grundy__game_sum__component(const grundy_game *g, const void *positions, size_t i)
{
    return (const unsigned char *)positions + i * g->size;
}

/* Evaluates the n positions under play (any but loopy), which leaves g->play
 * set to it for component_number. */
static int grundy__game_sum__evaluate_all(grundy_game *g, int play, const void *positions, size_t n)
{
    if (g->inside)
        return grundy__game_refuse_reentry(g);
    g->inside = 1;
    g->play = play;
    int rc = GRUNDY_OK;
    for (size_t i = 0; i < n && rc == GRUNDY_OK; i++) {
        uint32_t v;
        grundy__game_load(g, grundy__game_sum__component(g, positions, i));
        rc = grundy__game_evaluate(g, play, &v);
    }
    g->inside = 0;
    return rc;
}

typedef struct grundy__game_sum__game_positions {
    grundy_game *game;
    const void *positions;
} grundy__game_sum__game_positions;

/* Component i's number under g->play: every component was evaluated, so
 * the lookup hits. */
static uint64_t grundy__game_sum__component_number(const void *ctx, size_t i)
{
    const grundy__game_sum__game_positions *gp = (const grundy__game_sum__game_positions *)ctx;
    grundy_game *g = gp->game;
    grundy__game_load(g, grundy__game_sum__component(g, gp->positions, i));
#ifndef GRUNDY_LEAN
    uint32_t v;
    if (g->word)
        return grundy__word_known(g, g->play, &v) ? v : 0;
#endif
    return grundy__game_number_of(grundy__table_get(grundy__game_memo(g), g->pos));
}

/* The normal value of the listed option whose first part is at parts
 * offset off. */
static int grundy__game_sum__listed_value(grundy_game *g, size_t off, uint32_t nparts, uint32_t *value)
{
    uint32_t x = 0;
    for (uint32_t i = 0; i < nparts; i++) {
        uint32_t v;
        grundy__game_load(g, g->listed.parts.p + off + (size_t)i * g->rec);
        int rc = grundy__game_evaluate(g, GRUNDY_PLAY_NORMAL, &v);
        if (rc != GRUNDY_OK)
            return rc;
        x ^= v;
    }
    *value = x;
    return GRUNDY_OK;
}

/* The moves of pos (as given) to an option of normal value target, in
 * order: the first `cap` into ks, and how many there are into *count,
 * stopping at the first when `first`.  The caller has set g->inside. */
static int grundy__game_sum__moves_to_value(grundy_game *g, const void *pos, uint32_t target, uint64_t *ks,
                          size_t cap, int first, size_t *count)
{
    int rc = grundy__game_list(g, pos, 0);
    grundy__game_walk w = {0, 0};
    size_t off, found = 0;
    uint32_t np;
    for (uint64_t k = 0; rc == GRUNDY_OK && grundy__game_next_listed(g, &w, &off, &np); k++) {
        uint32_t v;
        rc = grundy__game_sum__listed_value(g, off, np, &v);
        if (rc != GRUNDY_OK || v != target)
            continue;
        if (found < cap)
            ks[found] = k;
        if (++found == 1 && first)
            break;
    }
    *count = found;
    return rc;
}

static void grundy__game_sum__no_moves(uint64_t *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
}

/* A winning move of a normal-play sum whose components are evaluated. */
static int grundy__game_sum__normal_move(grundy_game *g, const void *positions, size_t n, uint64_t *moves)
{
    grundy__game_sum__game_positions gp = {g, positions};
    size_t c, found = 0;
    uint64_t target;
    grundy__game_sum__no_moves(moves, n);
    if (!grundy__sum_move(&gp, n, grundy__game_sum__component_number, &c, &target))
        return 0;
    g->inside = 1;
    int rc = grundy__game_sum__moves_to_value(g, grundy__game_sum__component(g, positions, c), (uint32_t)target, &moves[c], 1, 1,
                            &found);
    g->inside = 0;
    if (rc == GRUNDY_OK && found == 0)
        rc = grundy__game_fail(g, GRUNDY_EINVAL, "component %zu: the move generator gave "
                               "different options for the same position", c);
    return rc != GRUNDY_OK ? rc : 1;
}

/* Every winning move of a normal-play sum whose components are evaluated:
 * in each component, the moves to the value that makes the xor 0. */
static int grundy__game_sum__normal_moves(grundy_game *g, const void *positions, size_t n, size_t *components,
                        uint64_t *moves, size_t cap, size_t *count)
{
    grundy__game_sum__game_positions gp = {g, positions};
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s ^= grundy__game_sum__component_number(&gp, i);
    size_t total = 0;
    int rc = GRUNDY_OK;
    g->inside = 1;
    for (size_t i = 0; i < n && s != 0 && rc == GRUNDY_OK; i++) {
        size_t room = cap > total ? cap - total : 0, found = 0;
        uint64_t target = grundy__game_sum__component_number(&gp, i) ^ s;
        rc = grundy__game_sum__moves_to_value(g, grundy__game_sum__component(g, positions, i), (uint32_t)target,
                            room ? moves + total : NULL, room, 0, &found);
        for (size_t j = total; components != NULL && j < total + found && j < cap; j++)
            components[j] = i;
        total += found;
    }
    g->inside = 0;
    if (rc == GRUNDY_OK)
        *count = total;
    return rc;
}

int grundy_game_sum_value(grundy_game *g, int play, const void *positions, size_t n,
                          uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL || (positions == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 0, "the value of a sum");
    if (rc == GRUNDY_OK && play != GRUNDY_PLAY_NORMAL)
        rc = grundy__game_fail(g, GRUNDY_ENOTSUP,
                               "a sum has a value under normal play only; under %s it has an "
                               "outcome (grundy_game_sum_outcome)", grundy__play_name(play));
    if (rc == GRUNDY_OK)
        rc = grundy__game_sum__evaluate_all(g, play, positions, n);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__game_sum__game_positions gp = {g, positions};
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++)
        x ^= grundy__game_sum__component_number(&gp, i);
    *value = (uint32_t)x;
    return GRUNDY_OK;
}

#ifndef GRUNDY_NORMAL_PLAY_ONLY /* the questions only graphs answer (game_graph.c) */
/* Whether the memo tables decide sums of play by their numbers (see the top). */
static int grundy__game_sum__decided_by_numbers(int play)
{
    return play == GRUNDY_PLAY_NORMAL || play == GRUNDY_PLAY_WTIA ||
           play == GRUNDY_PLAY_CONJUNCTIVE || play == GRUNDY_PLAY_CONTINUED ||
           play == GRUNDY_PLAY_SHORTENED;
}

static int grundy__game_sum__ask_outcome(grundy_graph *graph, int play, const uint32_t *nodes, size_t n,
                       void *unused)
{
    (void)unused;
    return grundy_graph_sum_outcome(graph, play, nodes, n);
}

static int grundy__game_sum__ask_move(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *moves)
{
    return grundy_graph_sum_winning_move(graph, play, nodes, n, (uint64_t *)moves);
}

/* Where every winning move goes. */
typedef struct grundy__game_sum__wanted {
    size_t *components;
    uint64_t *moves;
    size_t cap;
    size_t *count;
} grundy__game_sum__wanted;

static int grundy__game_sum__ask_moves(grundy_graph *graph, int play, const uint32_t *nodes, size_t n, void *ctx)
{
    const grundy__game_sum__wanted *w = (const grundy__game_sum__wanted *)ctx;
    return grundy_graph_sum_winning_moves(graph, play, nodes, n, w->components, w->moves, w->cap,
                                          w->count);
}
#endif

int grundy_game_sum_outcome(grundy_game *g, int play, const void *positions, size_t n)
{
    if (g == NULL || (positions == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "the outcome of a sum");
    if (rc != GRUNDY_OK)
        return rc;
#ifndef GRUNDY_NORMAL_PLAY_ONLY /* which refuses every play but normal play */
    if (!grundy__game_sum__decided_by_numbers(play))
        return grundy__game_on_graph(g, play, positions, n, grundy__game_sum__ask_outcome, NULL);
#endif
    rc = grundy__game_sum__evaluate_all(g, play, positions, n);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__game_sum__game_positions gp = {g, positions};
    return grundy__numbers_decide(play, &gp, n, grundy__game_sum__component_number);
}

int grundy_game_sum_winning_move(grundy_game *g, int play, const void *positions, size_t n,
                                 uint64_t *moves)
{
    if (g == NULL || (positions == NULL && n > 0) || (moves == NULL && n > 0))
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "a winning move of a sum");
    if (rc != GRUNDY_OK)
        return rc;
#ifndef GRUNDY_NORMAL_PLAY_ONLY
    if (play != GRUNDY_PLAY_NORMAL)
        return grundy__game_on_graph(g, play, positions, n, grundy__game_sum__ask_move, moves);
#endif
    rc = grundy__game_sum__evaluate_all(g, play, positions, n);
    return rc != GRUNDY_OK ? rc : grundy__game_sum__normal_move(g, positions, n, moves);
}

int grundy_game_sum_winning_moves(grundy_game *g, int play, const void *positions, size_t n,
                                  size_t *components, uint64_t *moves, size_t cap, size_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL || (positions == NULL && n > 0) || (moves == NULL && cap > 0) || count == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__game_check_play(g, play, 1, "every winning move of a sum");
    if (rc != GRUNDY_OK)
        return rc;
    if (play == GRUNDY_PLAY_NORMAL) {
        rc = grundy__game_sum__evaluate_all(g, play, positions, n);
        return rc != GRUNDY_OK ? rc : grundy__game_sum__normal_moves(g, positions, n, components, moves, cap, count);
    }
#ifndef GRUNDY_NORMAL_PLAY_ONLY
    if (grundy__play_moves_in_one(play)) {
        grundy__game_sum__wanted w = {components, moves, cap, count};
        return grundy__game_on_graph(g, play, positions, n, grundy__game_sum__ask_moves, &w);
    }
#endif
    return grundy__game_fail(g, GRUNDY_ENOTSUP,
                             "every winning move is listed for the plays that move in one "
                             "component; %s moves in several", grundy__play_name(play));
}

int grundy_game_last_method(const grundy_game *g)
{
    return g != NULL ? g->last_method : 0;
}

/* === src/game/game_word.c === */
/* The search of the word engine (game_word.h): memoized, iterative
 * evaluation of games whose positions are 64-bit words.
 *
 * A searcher keeps its stack as three lists: frames, the options of the
 * frames (a part count and, once known, a number each) and their parts (the
 * positions, plain words), in frame order, so that popping a frame cuts
 * the lists.  The top frame scans its options' parts in order; a part is
 * looked up once, when the scan reaches it: known, its number joins the
 * option's; absent, it is entered busy in the slot the lookup found and
 * becomes the new top frame; busy on this stack, the rules have a cycle.
 * A popped frame writes its number in its slot and hands it to the part it
 * is of below.  The options of a new frame have their home buckets
 * prefetched, so that the lookups find them in the cache.
 *
 * Most lookups find a known position of a one-part option (seven in eight
 * in the benchmark's games): a searcher alone runs those in a loop of its
 * own (scan_known), which only looks and records, and does the checks an
 * entry needs (room for a frame and in the memo, the bound) only when a
 * position is absent. */

/* === src/game/game_word_search.h === */
/* The steps of a word search (game_word.c), which one thread runs alone or
 * two run side by side (game_word_threads.c). */

/* Records a searcher's failure (status and message); returns status. */
GRUNDY__LOCAL int grundy__word_fail(grundy__word_searcher *s, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Prepares s to search g under play as thread `thread` (0 or 1), its
 * stacks empty. */
GRUNDY__LOCAL void grundy__word_begin(grundy__word_searcher *s, grundy_game *g, int play, unsigned thread);

/* Makes room for one more frame. */
GRUNDY__LOCAL int grundy__word_frame_room(grundy__word_searcher *s);

/* Pushes pos, which the memo holds at slot ref (busy for s, or helped: busy
 * with the other searcher), and lists its options; room for the frame was
 * made. */
GRUNDY__LOCAL int grundy__word_push(grundy__word_searcher *s, uint64_t pos, size_t ref, int helped);

/* Pushes part, busy with the other searcher at slot ref, as a helped
 * frame; a cycle if s already helps with it. */
GRUNDY__LOCAL int grundy__word_help(grundy__word_searcher *s, uint64_t part, size_t ref);

/* Finds again the slots of s's frames, after the table was rebuilt. */
GRUNDY__LOCAL void grundy__word_refresh(grundy__word_searcher *s);

/* One step of the top frame: a part looked up (and pushed if absent), or
 * the frame popped, its number handed below (or to *value, the last). */
GRUNDY__LOCAL int grundy__word_step(grundy__word_searcher *s, uint32_t *value);

/* Removes s's frames above the first `keep` (those it claimed, from the
 * memo too). */
GRUNDY__LOCAL void grundy__word_unwind(grundy__word_searcher *s, size_t keep);

/* ---- game_word_threads.c --------------------------------------------------- */

/* Runs the search from its first frame to its end: *value is the first
 * frame's number.  With threads asked for, shares it with a second
 * searcher when it pays. */
GRUNDY__LOCAL int grundy__word_search(grundy__word_searcher *s, uint32_t *value);

/* Makes the memo ready for one more entry by s. */
GRUNDY__LOCAL int grundy__word_room(grundy__word_searcher *s);

/* Stores pos's number v, above GRUNDY__CODE_MAX, at slot ref (a smaller
 * one is the slot's code: grundy__word_memo_set()). */
GRUNDY__LOCAL int grundy__word_store(grundy__word_searcher *s, uint64_t pos, size_t ref, uint32_t v);

/* The number a memo code (not busy) of pos stands for. */
GRUNDY__LOCAL uint32_t grundy__word_number(grundy__word_searcher *s, uint64_t pos, unsigned code);

/* === src/game/game_word.c (continued) === */

GRUNDY__LOCAL int grundy__word_fail(grundy__word_searcher *s, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->errmsg, sizeof s->errmsg, fmt, ap);
    va_end(ap);
    s->status = status;
    return status;
}

GRUNDY__LOCAL size_t grundy__word_searcher_bytes(const grundy__word_searcher *s)
{
    return s->cap_frames * sizeof *s->frames + s->cap_parts * sizeof *s->parts +
           s->cap_opts * sizeof *s->opts + s->mex.bound * sizeof(uint32_t);
}

GRUNDY__LOCAL void grundy__word_searcher_free(grundy__word_searcher *s, const grundy_allocator *a)
{
    grundy__free(a, s->frames);
    grundy__free(a, s->parts);
    grundy__free(a, s->opts);
    grundy__mex_free(&s->mex, a);
    s->frames = NULL;
    s->parts = NULL;
    s->opts = NULL;
    s->cap_frames = s->cap_parts = s->cap_opts = 0;
}

/* Whether the game's memory, with this searcher's stacks grown, passes the
 * cap.  A second searcher's stacks count as they were when it started. */
static int grundy__game_word__over_cap(const grundy__word_searcher *s)
{
    const grundy_game *g = s->game;
    if (g->limit == 0)
        return 0;
    size_t used = s->shared ? s->shared_bytes + grundy__word_searcher_bytes(s)
                            : grundy__game_used_bytes(g);
    return used > g->limit;
}

static int grundy__game_word__cap_reached(grundy__word_searcher *s)
{
    return grundy__word_fail(s, GRUNDY_ELIMIT,
                             "memory limit of %zu bytes reached %zu moves deep", s->game->limit,
                             s->nframes);
}

/* Grows list p (of *cap elements) to hold need, within the cap. */
static int grundy__game_word__reserve(grundy__word_searcher *s, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return GRUNDY_OK;
    int rc = grundy__reserve(&s->game->alloc, p, cap, need, elem);
    if (rc == GRUNDY_ENOMEM)
        return grundy__word_fail(s, rc, "out of memory %zu moves deep", s->nframes);
    if (rc != GRUNDY_OK || grundy__game_word__over_cap(s))
        return grundy__game_word__cap_reached(s);
    return GRUNDY_OK;
}

/* Room for nopts more options of nparts parts in all. */
static int grundy__game_word__option_room(grundy__word_searcher *s, size_t nopts, size_t nparts)
{
    if (s->nopts + nopts > s->cap_opts) {
        int rc = grundy__game_word__reserve(s, (void **)&s->opts, &s->cap_opts, s->nopts + nopts, sizeof *s->opts);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (s->nparts + nparts > s->cap_parts)
        return grundy__game_word__reserve(s, (void **)&s->parts, &s->cap_parts, s->nparts + nparts, sizeof *s->parts);
    return GRUNDY_OK;
}

static void grundy__game_word__append(grundy__word_searcher *s, const unsigned char *parts, uint32_t nparts,
                   grundy_canon_fn canon)
{
    const grundy_game *g = s->game;
    for (uint32_t i = 0; i < nparts; i++) {
        uint64_t w;
        memcpy(&w, parts + (size_t)i * sizeof w, sizeof w);
        if (canon != NULL)
            canon(g->user, &w);
        s->parts[s->nparts++] = w;
    }
    s->opts[s->nopts].nparts = nparts;
    s->opts[s->nopts].number = 0;
    s->nopts++;
}

GRUNDY__LOCAL int grundy__word_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    grundy__word_searcher *s = o->words;
    if (nparts > 1 && o->one_part)
        return grundy__word_fail(s, GRUNDY_EINVAL,
                                 "an option of %u parts, but %s needs options of at most one",
                                 nparts, grundy__play_name(s->play));
    int rc = grundy__game_word__option_room(s, 1, nparts);
    if (rc == GRUNDY_OK)
        grundy__game_word__append(s, (const unsigned char *)parts, nparts, o->canon);
    s->multi |= nparts != 1;
    return rc;
}

GRUNDY__LOCAL int grundy__word_add_each(grundy_options *o, const void *positions, size_t n)
{
    grundy__word_searcher *s = o->words;
    if (n > UINT32_MAX) /* before the sums below, which it could wrap */
        return grundy__word_fail(s, GRUNDY_ELIMIT, "%zu options in one call", n);
    if (s->nopts + n > s->cap_opts || s->nparts + n > s->cap_parts) {
        int rc = grundy__game_word__option_room(s, n, n);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (n == 0) /* the lists may be empty, their pointers NULL */
        return GRUNDY_OK;
    /* One option of one part each, in one pass: the generator's list is
     * short (a call to memcpy costs more than it copies). */
    const unsigned char *from = (const unsigned char *)positions;
    uint64_t *parts = s->parts + s->nparts;
    grundy__word_opt *opts = s->opts + s->nopts;
    for (size_t i = 0; i < n; i++) {
        memcpy(&parts[i], from + i * sizeof *parts, sizeof *parts);
        opts[i].nparts = 1;
        opts[i].number = 0;
    }
    if (o->canon != NULL)
        for (size_t i = 0; i < n; i++)
            o->canon(s->game->user, &parts[i]);
    s->nparts += n;
    s->nopts += n;
    return GRUNDY_OK;
}

/* Runs the move generator on pos, appending its options to the lists. */
static int grundy__game_word__generate(grundy__word_searcher *s, uint64_t pos)
{
    grundy_game *g = s->game;
    grundy_options o = {g, NULL, s, g->canon, !grundy__play_splits(s->play)};
    s->errmsg[0] = '\0';
    int rc = g->moves_u64 != NULL ? g->moves_u64(g->user, pos, &o) : g->moves(g->user, &pos, &o);
    if (rc > 0)
        return grundy__word_fail(s, GRUNDY_EINVAL, "the move generator returned %d", rc);
    if (rc < 0 && s->errmsg[0] == '\0')
        return grundy__word_fail(s, rc, "the move generator failed: %s", grundy_strerror(rc));
    if (rc < 0)
        s->status = rc;
    return rc;
}

/* Reverses n elements of elem bytes at p. */
static void grundy__game_word__reverse(void *p, size_t n, size_t elem)
{
    unsigned char *a = (unsigned char *)p, tmp[sizeof(uint64_t)];
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        memcpy(tmp, a + i * elem, elem);
        memcpy(a + i * elem, a + (j - 1) * elem, elem);
        memcpy(a + (j - 1) * elem, tmp, elem);
    }
}

static void grundy__game_word__prefetch_part(const grundy__word_memo *m, uint64_t part, uint64_t bound)
{
#if defined(__GNUC__)
    if (m->dense != NULL)
        __builtin_prefetch(&m->dense[part < bound ? part : 0]);
    else
        __builtin_prefetch(&m->table.b[grundy__wtable_home(&m->table, part)]);
#else
    (void)m;
    (void)part;
    (void)bound;
#endif
}

/* The home of every part from `from` on, requested before any is read. */
static void grundy__game_word__prefetch_options(const grundy__word_searcher *s, size_t from)
{
    for (size_t i = from; i < s->nparts; i++)
        grundy__game_word__prefetch_part(s->memo, s->parts[i], s->game->bound);
}

GRUNDY__LOCAL int grundy__word_push(grundy__word_searcher *s, uint64_t pos, size_t ref, int helped)
{
    /* Room for the frame was made before pos was claimed (claim below). */
    grundy__word_frame *f = &s->frames[s->nframes++];
    f->pos = pos;
    f->ref = ref;
    f->opts_from = f->opt = s->nopts;
    f->parts_from = f->part = s->nparts;
    f->in_opt = 0;
    f->join = 0;
    f->below64 = 0;
    f->wide = 0;
    f->helped = helped;
    s->multi = 0;
    int rc = grundy__game_word__generate(s, pos);
    f = &s->frames[s->nframes - 1];
    f->end_opt = s->nopts;
    f->single = !s->multi;
    if (rc == GRUNDY_OK && s->reverse) {
        /* Last option first; an option's parts are reversed with them,
         * which their join does not see. */
        grundy__game_word__reverse(s->parts + f->parts_from, s->nparts - f->parts_from, sizeof *s->parts);
        grundy__game_word__reverse(s->opts + f->opts_from, s->nopts - f->opts_from, sizeof *s->opts);
    }
    if (rc == GRUNDY_OK)
        grundy__game_word__prefetch_options(s, f->parts_from);
    return rc;
}

GRUNDY__LOCAL int grundy__word_frame_room(grundy__word_searcher *s)
{
    return grundy__game_word__reserve(s, (void **)&s->frames, &s->cap_frames, s->nframes + 1, sizeof *s->frames);
}

static int grundy__game_word__ensure_mex(grundy__word_searcher *s, size_t nopts)
{
    size_t need = grundy__play_mex_bound(nopts);
    if (need <= s->mex.bound)
        return GRUNDY_OK;
    size_t bound = s->mex.bound < 64 ? 64 : s->mex.bound;
    while (bound < need)
        bound *= 2;
    grundy__mex m;
    if (grundy__mex_init(&m, &s->game->alloc, bound) != GRUNDY_OK)
        return grundy__word_fail(s, GRUNDY_ENOMEM, "out of memory %zu moves deep", s->nframes);
    grundy__mex_free(&s->mex, &s->game->alloc);
    s->mex = m;
    return GRUNDY_OK;
}

/* The number of frame f, its options all known. */
static int grundy__game_word__frame_number(grundy__word_searcher *s, const grundy__word_frame *f, uint32_t *v)
{
    int normal = s->play == GRUNDY_PLAY_NORMAL || s->play == GRUNDY_PLAY_SELECTIVE;
    if (normal && !f->wide && f->below64 != UINT64_MAX) {
        *v = (uint32_t)__builtin_ctzll(~f->below64);
        return GRUNDY_OK;
    }
    int rc = grundy__game_word__ensure_mex(s, f->end_opt - f->opts_from);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__acc acc;
    grundy__acc_begin(&acc, s->play, &s->mex);
    for (size_t i = f->opts_from; i < f->end_opt; i++)
        grundy__acc_add(&acc, s->opts[i].number);
    *v = grundy__acc_end(&acc);
    return GRUNDY_OK;
}

/* Frame f's current option is known: its number is x. */
static void grundy__game_word__option_done(grundy__word_searcher *s, grundy__word_frame *f, uint32_t x)
{
    s->opts[f->opt].number = x;
    if (x < 64)
        f->below64 |= (uint64_t)1 << x;
    else
        f->wide = 1u;
    f->opt++;
    f->in_opt = 0;
}

/* The top frame f's current part has number v. */
static inline void grundy__game_word__apply(grundy__word_searcher *s, grundy__word_frame *f, uint32_t v)
{
    f->join = f->in_opt == 0 ? v : grundy__play_join(s->play, f->join, v);
    f->part++;
    if (++f->in_opt == s->opts[f->opt].nparts)
        grundy__game_word__option_done(s, f, f->join);
}

static int grundy__game_word__word_pop(grundy__word_searcher *s, uint32_t *value)
{
    grundy__word_frame *f = &s->frames[s->nframes - 1];
    uint32_t v;
    int rc = grundy__game_word__frame_number(s, f, &v);
    if (rc != GRUNDY_OK)
        return rc;
    if (v <= GRUNDY__CODE_MAX)
        grundy__word_memo_set(s->memo, f->ref, v);
    else if ((rc = grundy__word_store(s, f->pos, f->ref, v)) != GRUNDY_OK)
        return rc;
    s->nopts = f->opts_from;
    s->nparts = f->parts_from;
    s->nframes--;
    s->evaluated++;
    if (s->nframes > 0)
        grundy__game_word__apply(s, &s->frames[s->nframes - 1], v);
    else
        *value = v;
    return GRUNDY_OK;
}

/* What a lookup of part needs first, when the quick test fails: part
 * below the bound, room for a frame (a claimed part always becomes one),
 * room in the memo. */
static int grundy__game_word__before_claim(grundy__word_searcher *s, uint64_t part)
{
    grundy_game *g = s->game;
    if (g->bound != 0 && part >= g->bound)
        return grundy__word_fail(s, GRUNDY_ERANGE,
                                 "position %llu, an option of position %llu, is not below the "
                                 "game's bound %llu",
                                 (unsigned long long)part,
                                 (unsigned long long)s->frames[s->nframes - 1].pos,
                                 (unsigned long long)g->bound);
    int rc = grundy__word_frame_room(s);
    return rc == GRUNDY_OK ? grundy__word_room(s) : rc;
}

/* Whether part, found absent, may be entered without before_claim: room
 * for a frame, part below the bound, room in the memo. */
static inline int grundy__game_word__may_enter(const grundy__word_searcher *s, const grundy__word_memo *m,
                            uint64_t part)
{
    if (s->nframes == s->cap_frames)
        return 0;
    if (m->dense != NULL)
        return part < s->game->bound;
    return m->table.used < grundy__wtable_room(&m->table) && !m->table.long_probe;
}

/* Enters part, found absent at *ref by a searcher alone, busy for s; the
 * slot changes if the memo had to grow first. */
static int grundy__game_word__enter(grundy__word_searcher *s, uint64_t part, size_t *ref)
{
    grundy__word_memo *m = s->memo;
    if (grundy__game_word__may_enter(s, m, part)) {
        grundy__word_memo_enter(m, *ref, part, s->busy);
        return GRUNDY_OK;
    }
    int rc = grundy__game_word__before_claim(s, part);
    if (rc == GRUNDY_OK)
        (void)grundy__word_memo_claim(m, part, s->busy, 0, ref);
    return rc;
}

static int grundy__game_word__cycle(grundy__word_searcher *s)
{
    return grundy__word_fail(s, GRUNDY_ECYCLE,
                             "the rules lead from a position back to itself, %zu moves later",
                             s->nframes - 1);
}

/* The code of part, claimed for s if absent.  Alone, the lookup comes
 * first and the checks before an entry only when part is absent (one
 * lookup in eight or so); shared, claims need the checks first (they may
 * park the searcher while the memo grows). */
static inline int grundy__game_word__look_up(grundy__word_searcher *s, uint64_t part, unsigned *code, size_t *ref)
{
    grundy__word_memo *m = s->memo;
    if (!s->shared) {
        *code = grundy__word_memo_find(m, part, s->game->bound, ref);
        return *code == GRUNDY__CODE_EMPTY ? grundy__game_word__enter(s, part, ref) : GRUNDY_OK;
    }
    int rc = grundy__game_word__before_claim(s, part);
    if (rc == GRUNDY_OK)
        *code = grundy__word_memo_claim(m, part, s->busy, 1, ref);
    return rc;
}

/* Records the number of a known option of one part in a scan's locals.
 * A number of 64 or more sets a wrong bit of below64, which is read only
 * while wide is 0 (frame_number). */
static inline GRUNDY__WTABLE_INLINE void grundy__game_word__record(grundy__word_opt *o, unsigned code,
                                                uint64_t *below64, unsigned *wide)
{
    o->number = code;
    *below64 |= (uint64_t)1 << (code & 63);
    *wide |= code >> 6;
}

/* The end of the run of one-part options of frame f from option opt on. */
static size_t grundy__game_word__run_end(const grundy__word_searcher *s, const grundy__word_frame *f, size_t opt)
{
    if (f->single)
        return f->end_opt;
    while (opt < f->end_opt && s->opts[opt].nparts == 1)
        opt++;
    return opt;
}

/* The hot loop of a searcher alone: the top frame's options of one part
 * that the memo knows, up to the first other one.  What the frame tracks,
 * and the memo's fields, are kept in locals, which the loop's stores cannot
 * be taken to change.  Returns the code of the part it stopped at (*ref its
 * slot; GRUNDY__CODE_TOMB: the quick probe could not tell), or
 * GRUNDY__CODE_NONE if it stopped at an option of another part count, or
 * at the end. */
static inline GRUNDY__WTABLE_INLINE unsigned grundy__game_word__scan_known_using(grundy__word_searcher *s,
                                                              grundy__word_frame *f,
                                                              size_t *ref, int avx2)
{
    const size_t n = grundy__game_word__run_end(s, f, f->opt) - f->opt;
    if (n == 0) /* the lists may be empty, their pointers NULL */
        return GRUNDY__CODE_NONE;
    const grundy__word_memo *m = s->memo;
    const uint64_t *parts = s->parts + f->part;
    grundy__word_opt *opts = s->opts + f->opt;
    size_t i = 0, r = 0;
    uint64_t below64 = f->below64;
    unsigned wide = 0, code = GRUNDY__CODE_NONE;
    if (m->dense != NULL) {
        const unsigned char *dense = m->dense;
        const uint64_t bound = s->game->bound;
        for (; i < n; i++) {
            r = (size_t)parts[i];
            code = parts[i] < bound ? dense[r] : GRUNDY__CODE_EMPTY;
            if (code > GRUNDY__CODE_MAX)
                break;
            grundy__game_word__record(&opts[i], code, &below64, &wide);
        }
    } else {
        const grundy__wtable table = m->table;
        for (; i < n; i++) {
            code = grundy__wtable_probe(&table, parts[i], &r, avx2);
            if (code > GRUNDY__CODE_MAX)
                break;
            grundy__game_word__record(&opts[i], code, &below64, &wide);
        }
    }
    *ref = r;
    f->opt += i;
    f->part += i;
    f->below64 = below64;
    f->wide |= wide;
    return i < n ? code : GRUNDY__CODE_NONE;
}

/* scan_known_using, built twice: for any x86-64 (or other processor), and
 * for AVX2, whose match takes a fifth of the instructions. */
static unsigned grundy__game_word__scan_known(grundy__word_searcher *s, grundy__word_frame *f, size_t *ref)
{
    return grundy__game_word__scan_known_using(s, f, ref, 0);
}

#if GRUNDY__WTABLE_AVX2
static GRUNDY__TARGET_AVX2 unsigned grundy__game_word__scan_known_avx2(grundy__word_searcher *s,
                                                    grundy__word_frame *f, size_t *ref)
{
    return grundy__game_word__scan_known_using(s, f, ref, 1);
}
#endif

static unsigned grundy__game_word__scan(grundy__word_searcher *s, grundy__word_frame *f, size_t *ref)
{
#if GRUNDY__WTABLE_AVX2
    if (s->game->avx2)
        return grundy__game_word__scan_known_avx2(s, f, ref);
#endif
    return grundy__game_word__scan_known(s, f, ref);
}

/* After a lookup of part found it absent: enters it, busy for s. */
static int grundy__game_word__enter_found(grundy__word_searcher *s, uint64_t part, size_t ref)
{
    int rc = grundy__game_word__enter(s, part, &ref);
    return rc == GRUNDY_OK ? grundy__word_push(s, part, ref, 0) : rc;
}

/* What the code of a part, looked up, does to the search. */
static int grundy__game_word__found(grundy__word_searcher *s, grundy__word_frame *f, uint64_t part, unsigned code,
                 size_t ref)
{
    if (code <= GRUNDY__CODE_MAX) {
        grundy__game_word__apply(s, f, code);
        return GRUNDY_OK;
    }
    if (code == GRUNDY__CODE_EMPTY) {
        if (s->shared) {
            s->entered++;
            /* Read by the other searcher, which judges whether two pay. */
            __atomic_store_n(&s->claimed, s->claimed + 1, __ATOMIC_RELAXED);
        }
        return grundy__word_push(s, part, ref, 0);
    }
    if (code == GRUNDY__CODE_BIG) {
        grundy__game_word__apply(s, f, grundy__word_number(s, part, code));
        return GRUNDY_OK;
    }
    return code == s->busy ? grundy__game_word__cycle(s) : grundy__word_help(s, part, ref);
}

GRUNDY__LOCAL int grundy__word_step(grundy__word_searcher *s, uint32_t *value)
{
    for (;;) {
        grundy__word_frame *f = &s->frames[s->nframes - 1];
        size_t ref;
        unsigned code;
        if (!s->shared && (code = grundy__game_word__scan(s, f, &ref)) != GRUNDY__CODE_NONE &&
            code != GRUNDY__CODE_TOMB) {
            /* Stopped at a part of one part, absent or large or busy. */
            uint64_t part = s->parts[f->part];
            if (code == GRUNDY__CODE_EMPTY)
                return grundy__game_word__enter_found(s, part, ref);
            if (code != GRUNDY__CODE_BIG)
                return grundy__game_word__found(s, f, part, code, ref); /* busy: a cycle, or help */
            grundy__game_word__apply(s, f, grundy__word_number(s, part, code));
            continue;
        }
        if (f->opt == f->end_opt)
            return grundy__game_word__word_pop(s, value);
        if (s->opts[f->opt].nparts == 0) {
            grundy__game_word__option_done(s, f, grundy__play_finished(s->play));
            continue;
        }
        uint64_t part = s->parts[f->part];
        int rc = grundy__game_word__look_up(s, part, &code, &ref);
        if (rc == GRUNDY_OK) /* the frames may have moved to make room */
            rc = grundy__game_word__found(s, &s->frames[s->nframes - 1], part, code, ref);
        if (rc != GRUNDY_OK || code == GRUNDY__CODE_EMPTY || code >= GRUNDY__CODE_BUSY)
            return rc;
    }
}

GRUNDY__LOCAL void grundy__word_unwind(grundy__word_searcher *s, size_t keep)
{
    while (s->nframes > keep) {
        grundy__word_frame *f = &s->frames[--s->nframes];
        /* Not a helped frame, nor one the other searcher finished while
         * helping: its number is right, and stays. */
        if (!f->helped && grundy__word_memo_code(s->memo, f->ref) == s->busy)
            grundy__word_memo_forget(s->game, s->memo, f->ref);
    }
    if (s->nframes == 0) {
        s->nopts = s->nparts = 0;
    } else {
        s->nopts = s->frames[s->nframes].opts_from;
        s->nparts = s->frames[s->nframes].parts_from;
    }
}

GRUNDY__LOCAL int grundy__word_help(grundy__word_searcher *s, uint64_t part, size_t ref)
{
    /* A frame of its own, not claimed.  On its own stack, it is a cycle. */
    for (size_t i = 0; i < s->nframes; i++)
        if (s->frames[i].helped && s->frames[i].pos == part)
            return grundy__game_word__cycle(s);
    return grundy__word_push(s, part, ref, 1);
}

GRUNDY__LOCAL void grundy__word_refresh(grundy__word_searcher *s)
{
    for (size_t i = 0; i < s->nframes; i++) {
        grundy__word_frame *f = &s->frames[i];
        (void)grundy__word_memo_claim(s->memo, f->pos, GRUNDY__CODE_EMPTY, 0, &f->ref);
    }
}

GRUNDY__LOCAL void grundy__word_begin(grundy__word_searcher *s, grundy_game *g, int play, unsigned thread)
{
    s->game = g;
    s->play = play;
    s->memo = grundy__word_memo_of(g, play);
    s->thread = thread;
    s->busy = GRUNDY__CODE_BUSY + thread;
    s->reverse = thread != 0;
    s->shared = 0;
    s->team = NULL;
    s->shared_bytes = 0;
    s->entered = 0;
    s->claimed = 0;
    s->status = GRUNDY_OK;
    s->errmsg[0] = '\0';
    s->nframes = s->nopts = s->nparts = 0;
}

GRUNDY__LOCAL int grundy__word_evaluate(grundy_game *g, int play, uint32_t *value)
{
    uint64_t pos;
    memcpy(&pos, g->pos, sizeof pos);
    int rc = grundy__game_check_bound(g);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__word_memo *m = grundy__word_memo_of(g, play);
    rc = grundy__word_memo_ready(g, m, 1);
    if (rc != GRUNDY_OK)
        return rc;
    size_t ref;
    unsigned code = grundy__word_memo_claim(m, pos, GRUNDY__CODE_BUSY, 0, &ref);
    if (code != GRUNDY__CODE_EMPTY) {
        *value = grundy__word_memo_number(m, pos, code);
        return GRUNDY_OK;
    }
    grundy__word_searcher *s = &g->searcher[0];
    grundy__word_begin(s, g, play, 0);
    g->errmsg[0] = '\0';
    rc = grundy__word_frame_room(s);
    if (rc != GRUNDY_OK) {
        grundy__word_memo_forget(g, m, ref);
        snprintf(g->errmsg, sizeof g->errmsg, "%s", s->errmsg);
        return rc;
    }
    rc = grundy__word_push(s, pos, ref, 0);
    if (rc == GRUNDY_OK)
        rc = grundy__word_search(s, value);
    if (rc != GRUNDY_OK) {
        grundy__word_unwind(s, 0);
        if (s->errmsg[0] != '\0')
            snprintf(g->errmsg, sizeof g->errmsg, "%s", s->errmsg);
    }
    return rc;
}

GRUNDY__LOCAL int grundy__word_known(grundy_game *g, int play, uint32_t *value)
{
    uint64_t pos;
    memcpy(&pos, g->pos, sizeof pos);
    grundy__word_memo *m = grundy__word_memo_of(g, play);
    if ((g->bound != 0 && pos >= g->bound) || (m->dense == NULL && m->table.nb == 0))
        return 0;
    size_t ref;
    unsigned code = grundy__word_memo_claim(m, pos, GRUNDY__CODE_EMPTY, 0, &ref);
    if (code > GRUNDY__CODE_BIG)
        return 0;
    *value = grundy__word_memo_number(m, pos, code);
    return 1;
}

/* === src/game/game_word_memo.c === */
/* The memos of the word engine (game_word.h): a word table or a dense
 * array per play, the side table of large numbers, and their memory. */

GRUNDY__LOCAL grundy__word_memo *grundy__word_memo_of(grundy_game *g, int play)
{
    return &g->words[grundy__game_memo_index(play)];
}

/* The bytes a block replacing one of `held` bytes may take, old and new
 * together, within the game's cap, the game holding `used` bytes in all (0:
 * no cap; 1 when nothing is left). */
static size_t grundy__game_word_memo__room_within(const grundy_game *g, size_t used, size_t held)
{
    if (g->limit == 0)
        return 0;
    size_t others = used - held;
    return others < g->limit ? g->limit - others : 1;
}

static size_t grundy__game_word_memo__room_beside(const grundy_game *g, size_t held)
{
    return grundy__game_word_memo__room_within(g, grundy__game_used_bytes(g), held);
}

static int grundy__game_word_memo__open_dense(grundy_game *g, grundy__word_memo *m)
{
    size_t room = grundy__game_word_memo__room_beside(g, 0);
    if (room != 0 && g->bound > room)
        return grundy__game_memo_full(g, GRUNDY_ELIMIT);
    m->dense = (unsigned char *)grundy__alloc_array(&g->alloc, (size_t)g->bound, 1);
    if (m->dense == NULL)
        return GRUNDY_ENOMEM;
    memset(m->dense, GRUNDY__CODE_EMPTY, (size_t)g->bound);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__word_memo_ready(grundy_game *g, grundy__word_memo *m, size_t need)
{
    if (g->bound != 0)
        return m->dense != NULL ? GRUNDY_OK : grundy__game_word_memo__open_dense(g, m);
    grundy__wtable *t = &m->table;
    if (t->nb != 0 && need <= grundy__wtable_room(t) - t->used && !t->long_probe)
        return GRUNDY_OK;
    size_t keys = t->used - m->removed, nb = t->nb == 0 ? 16 : t->nb;
    while (nb * GRUNDY__WTABLE_FULL - keys < need && nb <= UINT32_MAX)
        nb += nb / 2;
    int strong = t->strong || t->long_probe;
    size_t room = grundy__game_word_memo__room_beside(g, grundy__wtable_bytes(t));
    int rc = grundy__wtable_rebuild(t, &g->alloc, nb, strong, room);
    if (rc == GRUNDY_OK) {
        m->removed = 0; /* a rebuild drops removed keys */
        g->rebuilds++;
    }
    return grundy__game_memo_full(g, rc);
}

GRUNDY__LOCAL uint32_t grundy__word_memo_number(const grundy__word_memo *m, uint64_t pos, unsigned code)
{
    if (code <= GRUNDY__CODE_MAX)
        return code;
    return grundy__game_number_of(grundy__table_get(&m->big, &pos));
}

GRUNDY__LOCAL int grundy__word_memo_store(grundy_game *g, grundy__word_memo *m, uint64_t pos, size_t ref,
                            uint32_t number, size_t used)
{
    uint32_t found;
    size_t slot;
    size_t held = grundy__table_bytes(8, m->big.cap);
    int rc = grundy__table_get_or_insert(&m->big, &g->alloc, &pos, grundy__game_stored(number),
                                         grundy__game_word_memo__room_within(g, used, held), &found, &slot);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__word_memo_set(m, ref, GRUNDY__CODE_BIG);
    return GRUNDY_OK;
}

GRUNDY__LOCAL void grundy__word_memo_forget(grundy_game *g, grundy__word_memo *m, size_t ref)
{
    (void)g;
    if (m->dense != NULL) {
        m->dense[ref] = GRUNDY__CODE_EMPTY;
        m->dense_count--;
    } else {
        grundy__wtable_remove(&m->table, ref);
        m->removed++;
    }
}

GRUNDY__LOCAL size_t grundy__word_memo_count(const grundy_game *g)
{
    size_t n = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        const grundy__word_memo *m = &g->words[p];
        n += m->dense != NULL ? m->dense_count : m->table.used - m->removed;
    }
    return n;
}

GRUNDY__LOCAL size_t grundy__word_memo_bytes(const grundy_game *g)
{
    size_t bytes = 0;
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        const grundy__word_memo *m = &g->words[p];
        bytes += grundy__wtable_bytes(&m->table) + grundy__table_bytes(8, m->big.cap);
        if (m->dense != NULL)
            bytes += (size_t)g->bound;
    }
    return bytes;
}

GRUNDY__LOCAL void grundy__word_memo_free(grundy_game *g)
{
    for (int p = 0; p < GRUNDY__GAME_MEMOS; p++) {
        grundy__word_memo *m = &g->words[p];
        grundy__wtable_free(&m->table, &g->alloc);
        grundy__table_free(&m->big, &g->alloc);
        grundy__free(&g->alloc, m->dense);
        m->dense = NULL;
        m->dense_count = m->removed = 0;
    }
}

/* === src/game/game_word_threads.c === */
/* A word search on one thread, or shared by two (game_word.h).
 *
 * Two searchers work on one memo.  The second starts once the first has
 * evaluated MIN_ALONE positions (a search smaller than that is over before
 * a thread would pay), at the same first position, scanning every
 * position's options last to first where the first scans them first to
 * last, so they mostly evaluate different positions.  Each claims a
 * position before evaluating it (its own busy code, entered by
 * compare-and-swap: core/word_table.h), so no position is evaluated twice
 * by claim.  Meeting a position busy with the other, a searcher does not
 * wait: it helps, evaluating it beside the other without claiming it (its
 * parts in the opposite order, so the two split them); the number either
 * finds first is stored, and both find the same.  A position the searcher
 * helps with that is already on its own stack is a cycle.
 *
 * A hashed memo grows only with the table to itself: each searcher may
 * enter a share of the room left; one that has used its share asks the
 * other to park, and the last to park grows the table (or rebuilds it with
 * the strong hash) and shares the new room out.  The side table of large
 * numbers is guarded by a mutex.  The search ends when the first searcher
 * pops its first frame, or either fails; then the second's stack is
 * removed from the memo by the calling thread.
 *
 * Two threads do not always pay: on two cores with another process busy,
 * or where the searchers keep meeting in the same buckets, two have
 * claimed fewer positions per second than one.  So the pair is on trial:
 * the first searcher times its last MIN_ALONE positions alone, and once
 * the two have claimed TRIAL positions it compares their speed with that;
 * short of PAY times it, the second retires and the first goes on alone
 * (it takes over the positions it was helping with, the rest of the
 * second's stack leaves the memo).  The trial costs at most TRIAL
 * positions' time. */

#define GRUNDY__GAME_WORD_THREADS__MIN_ALONE 16384u /* positions one thread evaluates before starting another */
#define GRUNDY__GAME_WORD_THREADS__SHARE_MIN 4096u  /* entries the searchers may make between growths, at least */
#define GRUNDY__GAME_WORD_THREADS__TRIAL 32768u     /* positions the two claim before they are judged */
#define GRUNDY__GAME_WORD_THREADS__PAY 1.1          /* the speed-up over one thread two must show to stay */

#if GRUNDY__THREADS

typedef struct grundy__game_word_threads__team {
    grundy__word_searcher *s[2];
    pthread_mutex_t big;   /* the side table of large numbers */
    int ended;             /* atomic: the search is over (or failed) */
    int grow;              /* atomic: a searcher wants the table to itself */
    unsigned parked;       /* atomic: searchers parked for growth */
    unsigned generation;   /* atomic: growths done */
    size_t share[2];       /* entries each may make before the next growth */
    uint64_t first;        /* the first searcher's first position, and its slot */
    size_t first_ref;
    int status;            /* the first failure, set under `big` */
    double rate_one;       /* positions per second of the first alone (0: unknown) */
    double t0;             /* when the two started */
    int judged;            /* the trial is over (the first searcher's own) */
    int retire;            /* the trial failed: the second leaves, the first goes on */
} grundy__game_word_threads__team;

static int grundy__game_word_threads__stopped(const grundy__game_word_threads__team *t)
{
    return __atomic_load_n(&t->ended, __ATOMIC_ACQUIRE);
}

static void grundy__game_word_threads__stop(grundy__game_word_threads__team *t)
{
    __atomic_store_n(&t->ended, 1, __ATOMIC_RELEASE);
}

#endif

static int grundy__game_word_threads__alone(const grundy__word_searcher *s)
{
    return s->team == NULL;
}

#if GRUNDY__THREADS
/* Whether the first searcher's first frame has been evaluated by the other
 * (it helped there): then *value is its number and the rest of the stack
 * is left (the caller unwinds it). */
static int grundy__game_word_threads__done_by_other(grundy__word_searcher *s, uint32_t *value)
{
    if (s->thread != 0)
        return 0;
    const grundy__word_frame *f = &s->frames[0];
    unsigned code = grundy__word_memo_code(s->memo, f->ref);
    if (code >= GRUNDY__CODE_BUSY)
        return 0;
    *value = grundy__word_number(s, f->pos, code);
    return 1;
}
#endif

#if GRUNDY__THREADS
/* The first searcher, once the two have claimed TRIAL positions: whether
 * they are fast enough to go on (t->retire set if not). */
static int grundy__game_word_threads__judged_slow(grundy__game_word_threads__team *t)
{
    if (t->judged)
        return 0;
    uint64_t claimed = __atomic_load_n(&t->s[0]->claimed, __ATOMIC_RELAXED) +
                       __atomic_load_n(&t->s[1]->claimed, __ATOMIC_RELAXED);
    if (claimed < GRUNDY__GAME_WORD_THREADS__TRIAL)
        return 0;
    t->judged = 1;
    double took = grundy__seconds() - t->t0;
    int trial = t->s[0]->game->pair_trial;
    if (trial != GRUNDY__PAIR_JUDGE)
        t->retire = trial == GRUNDY__PAIR_RETIRE;
    else if (t->rate_one > 0.0 && took > 0.0)
        t->retire = (double)claimed / took < GRUNDY__GAME_WORD_THREADS__PAY * t->rate_one;
    return t->retire;
}
#endif

/* Runs s until its stack is empty (or it fails, or the team stops, or the
 * pair retires). */
static int grundy__game_word_threads__run(grundy__word_searcher *s, uint32_t *value, uint64_t until)
{
    grundy_game *g = s->game;
    int rc = GRUNDY_OK;
    uint64_t ticked = s->evaluated;
    while (rc == GRUNDY_OK && s->nframes > 0 && s->evaluated < until) {
        rc = grundy__word_step(s, value);
        if (rc == GRUNDY_OK && s->evaluated != ticked && s->thread == 0) {
            ticked = s->evaluated;
            rc = grundy__game_tick(g);
            if (rc != GRUNDY_OK)
                grundy__word_fail(s, rc, "%s", g->errmsg);
        }
#if GRUNDY__THREADS
        if (rc == GRUNDY_OK && !grundy__game_word_threads__alone(s) &&
            (grundy__game_word_threads__stopped((const grundy__game_word_threads__team *)s->team) || grundy__game_word_threads__done_by_other(s, value) ||
             (s->thread == 0 && grundy__game_word_threads__judged_slow((grundy__game_word_threads__team *)s->team))))
            break;
#endif
    }
    return rc;
}

#if GRUNDY__THREADS

/* Adds what the searchers entered to the memo's count. */
static void grundy__game_word_threads__count_entered(grundy__game_word_threads__team *t)
{
    grundy__word_memo *m = t->s[0]->memo;
    for (int i = 0; i < 2; i++) {
        if (m->dense != NULL)
            m->dense_count += t->s[i]->entered;
        else
            m->table.used += t->s[i]->entered;
        t->s[i]->entered = 0;
    }
}

/* With the table to itself: grows it if needed and shares the room out. */
static int grundy__game_word_threads__regrow(grundy__game_word_threads__team *t)
{
    grundy__game_word_threads__count_entered(t);
    grundy__word_searcher *s = t->s[0];
    grundy_game *g = s->game;
    grundy__word_memo *m = s->memo;
    uint64_t rebuilds = g->rebuilds;
    int rc = grundy__word_memo_ready(g, m, GRUNDY__GAME_WORD_THREADS__SHARE_MIN);
    if (g->rebuilds != rebuilds) {
        grundy__word_refresh(t->s[0]);
        grundy__word_refresh(t->s[1]);
    }
    size_t left = m->dense != NULL ? SIZE_MAX : grundy__wtable_room(&m->table) - m->table.used;
    t->share[0] = t->share[1] = left / 2;
    size_t used = grundy__game_used_bytes(g);
    for (int i = 0; i < 2; i++)
        t->s[i]->shared_bytes = used - grundy__word_searcher_bytes(t->s[i]);
    return rc;
}

/* Parks s until the table has grown; the last to park grows it. */
static int grundy__game_word_threads__park(grundy__word_searcher *s)
{
    grundy__game_word_threads__team *t = (grundy__game_word_threads__team *)s->team;
    unsigned gen = __atomic_load_n(&t->generation, __ATOMIC_ACQUIRE);
    __atomic_store_n(&t->grow, 1, __ATOMIC_RELEASE);
    if (__atomic_add_fetch(&t->parked, 1, __ATOMIC_ACQ_REL) == 2) {
        int rc = grundy__game_word_threads__regrow(t);
        if (rc != GRUNDY_OK) {
            grundy__word_fail(s, rc, "%s", s->game->errmsg);
            grundy__game_word_threads__stop(t);
        }
        __atomic_store_n(&t->grow, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&t->parked, 0, __ATOMIC_RELAXED);
        __atomic_add_fetch(&t->generation, 1, __ATOMIC_RELEASE);
        return rc;
    }
    /* The other parks at its next lookup, or has stopped for good. */
    while (__atomic_load_n(&t->generation, __ATOMIC_ACQUIRE) == gen) {
        if (grundy__game_word_threads__stopped(t) && __atomic_load_n(&t->parked, __ATOMIC_ACQUIRE) < 2)
            return GRUNDY_ECANCELED;
        grundy__thread_yield();
    }
    return grundy__game_word_threads__stopped(t) ? GRUNDY_ECANCELED : GRUNDY_OK;
}

#endif

GRUNDY__LOCAL int grundy__word_room(grundy__word_searcher *s)
{
    if (grundy__game_word_threads__alone(s)) {
        grundy_game *g = s->game;
        uint64_t rebuilds = g->rebuilds;
        int rc = grundy__word_memo_ready(g, s->memo, 1);
        if (g->rebuilds != rebuilds)
            grundy__word_refresh(s);
        return rc;
    }
#if GRUNDY__THREADS
    grundy__game_word_threads__team *t = (grundy__game_word_threads__team *)s->team;
    int rc = GRUNDY_OK;
    while (rc == GRUNDY_OK && (__atomic_load_n(&t->grow, __ATOMIC_ACQUIRE) ||
                               s->entered >= t->share[s->thread] ||
                               __atomic_load_n(&s->memo->table.long_probe, __ATOMIC_RELAXED)))
        rc = grundy__game_word_threads__park(s);
    return rc;
#else
    return GRUNDY_OK;
#endif
}

/* A store that found no room, as s's failure. */
static int grundy__game_word_threads__store_failed(grundy__word_searcher *s, int rc)
{
    if (rc == GRUNDY_ENOMEM)
        return grundy__word_fail(s, rc, "out of memory storing a number %zu moves deep",
                                 s->nframes);
    if (grundy__game_word_threads__alone(s)) { /* the calling thread: the game's own message */
        grundy__game_memo_full(s->game, rc);
        return grundy__word_fail(s, rc, "%s", s->game->errmsg);
    }
    return grundy__word_fail(s, rc, "memory limit of %zu bytes reached %zu moves deep",
                             s->game->limit, s->nframes);
}

GRUNDY__LOCAL int grundy__word_store(grundy__word_searcher *s, uint64_t pos, size_t ref, uint32_t v)
{
    /* The side table of large numbers is shared by the two searchers.
     * Shared, the memory in use is the snapshot of the last growth and this
     * searcher's stacks: the other's change under it. */
    int rc;
    if (grundy__game_word_threads__alone(s)) {
        rc = grundy__word_memo_store(s->game, s->memo, pos, ref, v,
                                     grundy__game_used_bytes(s->game));
        return rc == GRUNDY_OK ? rc : grundy__game_word_threads__store_failed(s, rc);
    }
#if GRUNDY__THREADS
    grundy__game_word_threads__team *t = (grundy__game_word_threads__team *)s->team;
    pthread_mutex_lock(&t->big);
    rc = grundy__word_memo_store(s->game, s->memo, pos, ref, v,
                                 s->shared_bytes + grundy__word_searcher_bytes(s));
    pthread_mutex_unlock(&t->big);
    return rc == GRUNDY_OK ? rc : grundy__game_word_threads__store_failed(s, rc);
#else
    return GRUNDY_OK;
#endif
}

GRUNDY__LOCAL uint32_t grundy__word_number(grundy__word_searcher *s, uint64_t pos, unsigned code)
{
    if (code <= GRUNDY__CODE_MAX || grundy__game_word_threads__alone(s))
        return grundy__word_memo_number(s->memo, pos, code);
#if GRUNDY__THREADS
    grundy__game_word_threads__team *t = (grundy__game_word_threads__team *)s->team;
    pthread_mutex_lock(&t->big);
    uint32_t v = grundy__word_memo_number(s->memo, pos, code);
    pthread_mutex_unlock(&t->big);
    return v;
#else
    return 0;
#endif
}

#if GRUNDY__THREADS

static void *grundy__game_word_threads__second_main(void *arg)
{
    grundy__word_searcher *s = (grundy__word_searcher *)arg;
    grundy__game_word_threads__team *t = (grundy__game_word_threads__team *)s->team;
    uint32_t ignored;
    int rc = grundy__word_frame_room(s);
    if (rc == GRUNDY_OK)
        rc = grundy__word_help(s, t->first, t->first_ref);
    if (rc == GRUNDY_OK)
        rc = grundy__game_word_threads__run(s, &ignored, UINT64_MAX);
    if (rc != GRUNDY_OK && rc != GRUNDY_ECANCELED)
        grundy__game_word_threads__stop(t); /* a failure ends the search */
    /* Done with its stack (or stopped): it may still be asked to park. */
    while (rc == GRUNDY_OK && !grundy__game_word_threads__stopped(t)) {
        if (__atomic_load_n(&t->grow, __ATOMIC_ACQUIRE))
            (void)grundy__game_word_threads__park(s);
        else
            grundy__thread_yield();
    }
    return NULL;
}

/* The pair retires with the first searcher's stack left: it claims what
 * it was helping the second with, before the second's stack leaves. */
static void grundy__game_word_threads__take_over(grundy__word_searcher *s0, const grundy__word_searcher *s1)
{
    for (size_t i = 0; i < s0->nframes; i++) {
        grundy__word_frame *f = &s0->frames[i];
        if (f->helped && grundy__word_memo_code(s0->memo, f->ref) == s1->busy) {
            grundy__word_memo_set(s0->memo, f->ref, s0->busy);
            f->helped = 0;
        }
    }
}

/* Runs the rest of the search on two threads, the first alone having
 * evaluated rate_one positions per second; returns 1 with *rc its status
 * (the first's stack left if the pair retired), or 0 if no second thread
 * could start. */
static int grundy__game_word_threads__run_two(grundy__word_searcher *s0, uint32_t *value, int *rc, double rate_one)
{
    grundy_game *g = s0->game;
    grundy__word_searcher *s1 = &g->searcher[1];
    grundy__worker w;
    grundy__game_word_threads__team t;
    memset(&t, 0, sizeof t);
    if (pthread_mutex_init(&t.big, NULL) != 0)
        return 0;
    grundy__word_begin(s1, g, s0->play, 1);
    t.s[0] = s0;
    t.s[1] = s1;
    t.first = s0->frames[0].pos;
    s0->team = s1->team = &t;
    s0->shared = s1->shared = 1;
    int grown = grundy__game_word_threads__regrow(&t);
    if (grown != GRUNDY_OK || grundy__worker_start(&w) != 0) {
        s0->team = s1->team = NULL;
        s0->shared = s1->shared = 0;
        pthread_mutex_destroy(&t.big);
        if (grown != GRUNDY_OK)
            *rc = grown;
        return grown != GRUNDY_OK;
    }
    t.first_ref = s0->frames[0].ref; /* after regrow's refresh */
    t.rate_one = rate_one;
    t.t0 = grundy__seconds();
    grundy__worker_post(&w, grundy__game_word_threads__second_main, s1);
    *rc = grundy__game_word_threads__run(s0, value, UINT64_MAX);
    int retired = *rc == GRUNDY_OK && t.retire;
    if (*rc == GRUNDY_OK && s0->nframes > 0 && !grundy__game_word_threads__stopped(&t) && !retired) {
        /* The other evaluated the first frame: the rest is left. */
        grundy__word_unwind(s0, 1);
        s0->nframes = s0->nopts = s0->nparts = 0;
    }
    grundy__game_word_threads__stop(&t);
    grundy__worker_wait(&w);
    grundy__worker_stop(&w);
    grundy__game_word_threads__count_entered(&t);
    s0->team = s1->team = NULL;
    s0->shared = s1->shared = 0;
    /* The first searcher stopped for the second's failure (between steps,
     * or parked: park's GRUNDY_ECANCELED, its status untouched): that
     * failure is the search's. */
    int stopped_by_other =
        *rc == GRUNDY_OK || (*rc == GRUNDY_ECANCELED && s0->status == GRUNDY_OK);
    if (stopped_by_other && s1->status != GRUNDY_OK && s1->status != GRUNDY_ECANCELED &&
        s0->nframes > 0) {
        *rc = s1->status;
        snprintf(s0->errmsg, sizeof s0->errmsg, "%s", s1->errmsg);
    }
    g->evaluated += s1->evaluated;
    if (retired && *rc == GRUNDY_OK) {
        grundy__game_word_threads__take_over(s0, s1);
        g->pair_retired++;
    }
    grundy__word_unwind(s1, 0);
    pthread_mutex_destroy(&t.big);
    return 1;
}

#endif

GRUNDY__LOCAL int grundy__word_search(grundy__word_searcher *s, uint32_t *value)
{
    grundy_game *g = s->game;
    uint64_t until = g->threads > 1 && GRUNDY__THREADS ? s->evaluated + GRUNDY__GAME_WORD_THREADS__MIN_ALONE : UINT64_MAX;
    int rc = grundy__game_word_threads__run(s, value, until - GRUNDY__GAME_WORD_THREADS__MIN_ALONE / 2);
#if GRUNDY__THREADS
    /* The speed of one thread, timed over the last positions before two. */
    uint64_t from = s->evaluated;
    double t0 = grundy__seconds();
    if (rc == GRUNDY_OK && s->nframes > 0)
        rc = grundy__game_word_threads__run(s, value, until);
    double took = grundy__seconds() - t0;
    double rate_one = took > 0.0 ? (double)(s->evaluated - from) / took : 0.0;
    if (rc == GRUNDY_OK && s->nframes > 0)
        (void)grundy__game_word_threads__run_two(s, value, &rc, rate_one);
#endif
    if (rc == GRUNDY_OK && s->nframes > 0)
        rc = grundy__game_word_threads__run(s, value, UINT64_MAX);
    return rc;
}
#undef GRUNDY__GAME_WORD_THREADS__MIN_ALONE
#undef GRUNDY__GAME_WORD_THREADS__SHARE_MIN
#undef GRUNDY__GAME_WORD_THREADS__TRIAL
#undef GRUNDY__GAME_WORD_THREADS__PAY

/* === src/heap/heap_allbut.c === */
/* Heap games: all-but subtraction games ("allbut:X1,X2,..."), whose moves
 * take any number of tokens except those of a finite set X.
 *
 * The generic kernel would look at all n options of heap n (quadratic in
 * the values).  Here G(n) is the least value v such that every heap m < n
 * holding v lies at an excluded distance n - m in X: with count[v] the
 * heaps below n holding v, v is missing exactly when the heaps n - x
 * (x in X) holding v number count[v].  So a value costs O(|X|): the least
 * value no heap holds, or a smaller one all of whose holders the excluded
 * distances reach.
 *
 * The certificate (grundy__heap_allbut_certify): with x = max X and
 * n > x, every heap m <= n - x - 1 is an option of n, so G(n) is the least
 * value outside V(n - x - 1) u W(n), where V(m) = {G(0), ..., G(m)} and
 * W(n) = {G(n - j) : 1 <= j <= x, j not in X}.  The future is therefore a
 * function of sigma(n) = (V(n - x - 1), G(n - x), ..., G(n - 1)).  If
 *     V(n + p - x - 1) = {0, ..., s - 1} u (V(n - x - 1) + s)   and
 *     G(n + p - j) = G(n - j) + s for 1 <= j <= x,
 * then every value v >= s is missing at n + p exactly when v - s is
 * missing at n, and every v < s is in V: G(n + p) = G(n) + s.  Adding
 * G(n + p - x) = G(n - x) + s to one side and G(n - x) to the other keeps
 * both relations one heap later, so by induction G(m + p) = G(m) + s for
 * every m >= n: a finite check proves an arithmetic period for ever. */

/* === src/heap/heap_game.h === */
/* A heap game's handle, shared by the files that make up heap games:
 * heap_game.c (the handle, its rules, settings and messages),
 * heap_compute.c (the value sequence), heap_sparse.c (the sparse-space
 * method's mask and rare heaps), heap_threads.c (two lanes), heap_period.c
 * (the proved period), heap_order.c (the list of a heap's moves) and
 * heap_moves.c (sums and their winning moves). */

/* The heap files define the experimental tuning switches, so they see
 * their declarations (and with them GRUNDY_API, which exports them). */

/* === src/heap/heap_rules.h === */
/* The rules of a heap game, as parsed from its name. */

/* What removing k tokens may leave (bits of an octal/hex digit). */
#define GRUNDY__HEAP_LEAVE_NONE 1u   /* the whole heap: only when it has exactly k */
#define GRUNDY__HEAP_LEAVE_ONE 2u    /* one non-empty heap */
#define GRUNDY__HEAP_LEAVE_TWO 4u    /* two non-empty heaps */
#define GRUNDY__HEAP_LEAVE_THREE 8u  /* three non-empty heaps */

#define GRUNDY__HEAP_MAX_DIGITS 4096u
#define GRUNDY__HEAP_MAX_SUBTRACT UINT32_MAX /* the largest amount of a subtraction set */
#define GRUNDY__HEAP_MAX_EXCLUDED (1u << 20) /* the largest excluded amount of an all-but game */

/* A subtraction set keeps no dense digit array (an amount may be 2^32 - 1):
 * digit is NULL, ndigits 0, and every amount of the sorted removal list
 * has the digit 3.  Read digits through grundy__heap_rules_digit() and
 * grundy__heap_rules_removal_digit(), which answer in both forms. */
typedef struct grundy__heap_rules {
    unsigned char *digit;  /* digit[k] for 0 <= k < ndigits (digit[ndigits - 1] != 0 without a tail); or NULL */
    uint32_t *removals;    /* the k >= 1 with digit[k] != 0, increasing */
    uint32_t nremovals;
    uint32_t ndigits;
    unsigned char tail;    /* the digit of every k >= ndigits (Lasker's Nim, all-but games), else 0 */
    int unequal;           /* a split must leave unequal heaps (Grundy's game) */
    unsigned max_parts;    /* most heaps one move leaves: 0 to 3 */
    int subtraction;       /* every move takes an amount, leaving nothing or one heap */
} grundy__heap_rules;

/* Whether k is an amount of the removal list (binary search). */
GRUNDY__LOCAL int grundy__heap_rules_has_removal(const grundy__heap_rules *r, uint64_t k);

/* What removing k tokens may leave (HEAP_LEAVE_* bits), in either form. */
static inline unsigned grundy__heap_rules_digit(const grundy__heap_rules *r, uint64_t k)
{
    if (r->digit != NULL)
        return k < r->ndigits ? r->digit[k] : r->tail;
    return k > 0 && grundy__heap_rules_has_removal(r, k) ? GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE : 0u;
}

/* The digit of the i-th amount of the removal list, in O(1). */
static inline unsigned grundy__heap_rules_removal_digit(const grundy__heap_rules *r, uint32_t i)
{
    return r->digit != NULL ? r->digit[r->removals[i]] : GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE;
}

/* Parses a game name of len bytes (no terminating NUL needed).  On
 * GRUNDY_EPARSE or GRUNDY_ELIMIT, *errpos is the offset of the offending
 * character and msg (cap bytes) says what and where; on success the rules
 * own two arrays. */
GRUNDY__LOCAL int grundy__heap_rules_parse(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap);

/* Rules of the family named by GRUNDY_HEAP_GRUNDY or GRUNDY_HEAP_LASKER
 * (the caller checked which): the rules the names "grundy" and "lasker"
 * give.  GRUNDY_OK or GRUNDY_ENOMEM; on success the rules own two arrays. */
GRUNDY__LOCAL int grundy__heap_rules_family(int family, const grundy_allocator *a, grundy__heap_rules *r);

/* Rules of the subtraction game with the given set (n >= 1 amounts in any
 * order, repeats ignored, validated here: GRUNDY_EINVAL for 0, with msg).
 * Memory O(n): the sorted amounts only. */
GRUNDY__LOCAL int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap);

/* A deep copy of *from into *to (GRUNDY_ENOMEM: *to untouched). */
GRUNDY__LOCAL int grundy__heap_rules_copy(const grundy__heap_rules *from, const grundy_allocator *a,
                            grundy__heap_rules *to);

/* Whether two rules are the same game, field by field. */
GRUNDY__LOCAL int grundy__heap_rules_equal(const grundy__heap_rules *x, const grundy__heap_rules *y);

GRUNDY__LOCAL void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a);

/* Whether the rules are an all-but subtraction game (take any amount but
 * the excluded ones: the amounts k >= 1 below ndigits whose digit is 0). */
GRUNDY__LOCAL int grundy__heap_rules_allbut(const grundy__heap_rules *r);

/* Whether the rules are Lasker's Nim. */
GRUNDY__LOCAL int grundy__heap_rules_lasker(const grundy__heap_rules *r);

/* t: the most tokens one move removes, or UINT64_MAX when unbounded. */
GRUNDY__LOCAL uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r);

/* === src/heap/heap_scan.h === */
/* The sparse method's confirmation loop for one-byte values: find the next
 * split (b, m - b) whose value v[b] ^ v[m - b] is in a wanted set.
 *
 * Each value of Grundy's game or Officers costs about 3000 of these split
 * reads, more than everything else together, so the loop runs 32 splits per
 * step where the processor has AVX2: the mirrored operand is one reversed
 * load, and set membership is a nibble table lookup (a byte shuffle).  The
 * wanted set is kept as that table, so adding or removing a value is a bit
 * flip and the scan needs no setup. */

/* Whether this build has the vector scans: x86-64 under gcc or clang,
 * unless GRUNDY_SCAN_PORTABLE keeps to the portable loops (make sanitize
 * builds so, to test them on processors that have the vector units).
 * Without them there is no bitmap scan, and the kernels leave its paths
 * out. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(GRUNDY_SCAN_PORTABLE)
#define GRUNDY__SCAN_VECTOR 1
#else
#define GRUNDY__SCAN_VECTOR 0
#endif

/* A set of byte values: bit (x >> 4) & 7 of row[x >> 7][x & 15] is set iff
 * x is in the set.  The two 16-byte rows are the shuffle tables. */
typedef struct grundy__want8 {
    uint8_t row[2][16];
} grundy__want8;

static inline void grundy__want8_flip(grundy__want8 *w, uint32_t x)
{
    w->row[(x >> 7) & 1][x & 15] ^= (uint8_t)(1u << ((x >> 4) & 7));
}

static inline int grundy__want8_has(const grundy__want8 *w, uint32_t x)
{
    return (w->row[(x >> 7) & 1][x & 15] >> ((x >> 4) & 7)) & 1;
}

/* The least b in [a, end) with v[b] ^ v[m - b] in w, or end if none.
 * Requires end <= m / 2 + 1, so every read is of v[0 .. m]. */
typedef uint64_t (*grundy__scan8_fn)(const grundy__want8 *w, const uint8_t *v, uint64_t m,
                                     uint64_t a, uint64_t end);

/* The fastest scan this processor runs; all give the same answers. */
GRUNDY__LOCAL grundy__scan8_fn grundy__scan8_best(void);

/* The portable scan, one split at a time (also the reference in tests). */
GRUNDY__LOCAL uint64_t grundy__scan8_plain(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a,
                             uint64_t end);

/* Two-byte values: the wanted set is a short list instead.  A scan spends
 * most of its splits on the last few wanted values, so the caller keeps a
 * byte table while many are wanted and switches to the list for the last
 * GRUNDY__SCAN_FEW. */
#define GRUNDY__SCAN_FEW 16u

/* The least b in [a, end) with v[b] ^ v[m - b] one of t[0 .. k), or end;
 * 1 <= k <= GRUNDY__SCAN_FEW, and end <= m / 2 + 1 as above. */
typedef uint64_t (*grundy__scan16_fn)(const uint16_t *t, unsigned k, const uint16_t *v,
                                      uint64_t m, uint64_t a, uint64_t end);

GRUNDY__LOCAL grundy__scan16_fn grundy__scan16_best(void);

GRUNDY__LOCAL uint64_t grundy__scan16_plain(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m,
                              uint64_t a, uint64_t end);

/* Two-byte values below 1024 on processors with AVX-512 VBMI: the wanted
 * set as a bitmap of 128 bytes (bit x & 7 of byte x >> 3), which one
 * two-register byte permute reads for 32 splits at once, however many
 * values are wanted. */
typedef struct grundy__want_bits {
    uint8_t byte[128];
} grundy__want_bits;

static inline void grundy__want_bits_flip(grundy__want_bits *w, uint32_t x)
{
    w->byte[(x >> 3) & 127] ^= (uint8_t)(1u << (x & 7));
}

static inline int grundy__want_bits_has(const grundy__want_bits *w, uint32_t x)
{
    return (w->byte[(x >> 3) & 127] >> (x & 7)) & 1;
}

/* Scans the splits (b, m - b), a <= b < end, for the values in w: each one
 * found is removed from w and written to found[], until `missing` are
 * found.  Returns how many were.  Every value of v is below 1024, and
 * end <= m / 2 + 1 as above.  (Finding the values inside the scan saves a
 * call and a reload of the bitmap per value: a value of Officers wants
 * about 60 of them.) */
typedef uint32_t (*grundy__scan_bits_fn)(grundy__want_bits *w, const uint16_t *v, uint64_t m,
                                         uint64_t a, uint64_t end, uint32_t missing,
                                         uint16_t *found);

/* The bitmap scan, or NULL where the processor cannot run it. */
GRUNDY__LOCAL grundy__scan_bits_fn grundy__scan_bits_best(void);

/* The same for one-byte values, 64 splits per step. */
typedef uint32_t (*grundy__scan_bits8_fn)(grundy__want_bits *w, const uint8_t *v, uint64_t m,
                                          uint64_t a, uint64_t end, uint32_t missing,
                                          uint16_t *found);

GRUNDY__LOCAL grundy__scan_bits8_fn grundy__scan_bits8_best(void);

/* === src/heap/heap_values.h === */
/* The value sequence of a heap game, stored at the width its values need:
 * one byte while every value is below 256, two below 65536, else four.  Most
 * octal games never leave one byte, so the sequence takes a quarter of the
 * memory and the random reads of split computations stay in cache. */

typedef struct grundy__values {
    unsigned char *p;
    unsigned width;   /* bytes per value: 1, 2 or 4 */
    uint64_t n, cap;  /* values stored; room, in values */
} grundy__values;

static inline uint32_t grundy__values_get(const grundy__values *v, uint64_t i)
{
    switch (v->width) {
    case 1: return v->p[i];
    case 2: return ((const uint16_t *)(const void *)v->p)[i];
    default: return ((const uint32_t *)(const void *)v->p)[i];
    }
}

/* Stores x at i < cap, which must fit the width; n is the caller's. */
static inline void grundy__values_set(grundy__values *v, uint64_t i, uint32_t x)
{
    switch (v->width) {
    case 1: v->p[i] = (unsigned char)x; break;
    case 2: ((uint16_t *)(void *)v->p)[i] = (uint16_t)x; break;
    default: ((uint32_t *)(void *)v->p)[i] = x; break;
    }
}

/* Makes room for count values at the present width. */
GRUNDY__LOCAL int grundy__values_reserve(grundy__values *v, const grundy_allocator *a, uint64_t count);

/* Appends x, growing the room geometrically and widening when x needs it. */
GRUNDY__LOCAL int grundy__values_append(grundy__values *v, const grundy_allocator *a, uint32_t x);

GRUNDY__LOCAL void grundy__values_free(grundy__values *v, const grundy_allocator *a);

/* === src/heap/heap_game.h (continued) === */

#define GRUNDY__HEAP_LANES 2u             /* values computed at once (heap_threads.c) */
#define GRUNDY__HEAP_ABANDONED UINT32_MAX /* a lane gave up a value: the other one stopped */
#define GRUNDY__HEAP_MSG 256u             /* room for the message of the last failure */
#define GRUNDY__HEAP_SEARCH_LIMIT ((uint64_t)1 << 25) /* sums a misère call examines, by default */

/* The running state of an all-but game's values (heap_allbut.c): G(n) is
 * the least value v that no heap m < n with n - m outside the excluded set
 * X holds, so it is known from how many heaps below n hold each value and
 * which of them lie at the excluded distances. */
typedef struct grundy__heap_allbut {
    uint32_t *excluded;  /* X, increasing */
    uint32_t nexcluded;
    uint32_t *count;     /* count[v]: heaps m below the values counted with G(m) = v */
    uint32_t *tally;     /* scratch, all 0 between values */
    size_t cap;          /* entries of count and tally */
    uint64_t counted;    /* the heaps counted: 0 .. counted - 1 */
    uint64_t least_free; /* the least v with count[v] = 0 */
} grundy__heap_allbut;

/* What one thread needs of its own to compute a value: the mex marks and
 * the wanted rare values of the sparse method. */
typedef struct grundy__heap_lane {
    grundy__mex mex;
    unsigned char *want;  /* 2 * mex.bound entries: rare values still to be reached */
    grundy__want8 want8;  /* the same, while values take one byte */
    uint16_t few[GRUNDY__SCAN_FEW]; /* the last wanted values, two-byte values */
    unsigned nfew;
    uint32_t want_lo, want_c; /* want[] covers the values from want_lo to want_c */
#if GRUNDY__SCAN_VECTOR
    grundy__want_bits want_bits; /* instead of want[], where it can be */
    int bits;
#endif
    uint64_t work;        /* options examined */
    uint64_t values;      /* values published in this segment of lanes */
    int waits;            /* G(n - 1) may be in progress on the other lane */
    double waited;        /* seconds spent waiting for it in this segment */
    /* Lanes write their fields all the time: keep each on cache lines of
     * its own (two, as processors fetch lines in pairs). */
    unsigned char apart[128];
} grundy__heap_lane;

/* Misère play's state (heap_misere.c, heap_genus.c). */
typedef struct grundy__heap_misere {
#ifndef GRUNDY_NORMAL_PLAY_ONLY /* which has no search, and no game given by rules to run it */
    grundy_game *memo;       /* the sums of heaps searched, or NULL */
#endif
    uint32_t slots;          /* heap slots of its positions; one more holds the Nim part */
    uint32_t *buf;           /* 3 * (slots + 1): the generator's sum, a call's two sums */
    uint64_t work;           /* sums examined (options listed) by the call under way */
    int full;                /* the last search stopped at the limit */
    uint32_t *width;         /* games that split: width[h], the most non-terminal */
    size_t nwidth, cap_width; /* heaps a heap of h can become */
    uint32_t *genus;         /* GRUNDY_GENUS_TERMS terms per heap */
    unsigned char *tame;     /* per heap: its tame kind, with every heap it reaches */
    size_t ngenus, cap_genus, cap_tame;
} grundy__heap_misere;

/* How a game's values are computed and its regularity proved, chosen with
 * its rules (heap_game.c).  The calls reach the engines through it only, so
 * a single-header edition cut to a program's calls keeps the engines of the
 * rules it can give, not every engine. */
typedef struct grundy__heap_engine {
    /* Makes G(0) ... G(count - 1) known, unless a period answers:
     * grundy__heap_sub_compute or grundy__heap_general_compute. */
    int (*compute)(grundy_heap_game *g, uint64_t count);
    /* The general engine's values up to stop by a method of the rules' own
     * (grundy__heap_allbut_run), or NULL for the kernels of heap_kernel.h. */
    int (*run)(grundy_heap_game *g, uint64_t stop);
    /* The general engine's check between stretches of values: the proof of
     * a regularity from the values computed (grundy__heap_check_period,
     * grundy__heap_check_allbut: 1 when found, 0, or GRUNDY_ENOMEM); NULL
     * where none can succeed: Grundy's game (no theorem), Lasker's Nim (its
     * closed form, heap_arith.c), and the subtraction engine, which proves
     * periods its own way.  grundy__heap_check_regularity() is the same
     * check for every game. */
    int (*regularity)(grundy_heap_game *g);
    /* Frees the state of the rules' own method (grundy__heap_allbut_free),
     * or NULL where it has none. */
    void (*free)(grundy_heap_game *g);
} grundy__heap_engine;

struct grundy_heap_game {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    grundy__heap_rules rules;
    int has_rules;       /* given once, by a name, a family or a subtraction set */
    grundy__heap_engine engine; /* set with the rules */
    char errmsg[GRUNDY__HEAP_MSG];
    size_t errpos;       /* where in the name the last failure was, or GRUNDY_NO_POS */
    grundy_progress_fn progress;
    void *progress_user;
    int reporting;       /* the progress callback runs: calls into the game are refused */
    int detect;

    grundy__values vals;
    uint64_t pow2;       /* a power of two above every value */
    unsigned threads;    /* the caller's setting */
#if GRUNDY__THREADS
    /* Whether two lanes pay (heap_threads.c), by the wall clock. */
    double rate_one;     /* options per second of one thread, lately */
    uint64_t rate_key;   /* the way of computing it was timed in (heap_threads.c) */
    double value_s;      /* seconds a value takes one thread, lately */
    double elapsed;      /* seconds computed with threads asked for */
    double lost;         /* seconds lanes lost against one thread, net, at least 0 */
    unsigned lanes_run;  /* segments of lanes since one thread was timed */
#endif
    int lanes_always;    /* tests only: lanes at every segment they could run */
    uint64_t work;       /* options examined since the last report */
    uint64_t next_check;

    /* The sparse-space method (see grundy_heap_game_set_sparse). */
    int sparse_allowed;  /* the caller's choice */
    int sparse_active;   /* in use: the game splits in two and a good mask exists */
    uint32_t mask;
    uint32_t *rare;      /* heaps >= 1 whose value is rare, increasing */
    size_t cap_rare;
    uint32_t *split_k;   /* amounts k whose removal may leave two heaps, increasing */
    size_t nsplit;
    grundy__scan8_fn scan8;
    grundy__scan16_fn scan16;
#if GRUNDY__SCAN_VECTOR
    grundy__scan_bits_fn scan_bits; /* NULL without AVX-512 VBMI */
    grundy__scan_bits8_fn scan_bits8;
#endif
    uint64_t *hist;      /* heaps per value, for choosing the mask */
    size_t hist_len;
    uint64_t next_choice;

#if GRUNDY__THREADS
    /* A segment of two lanes, set before it starts (heap_threads.c). */
    uint64_t lanes_stop; /* its end */
    double lanes_t0;     /* when it started */
    double lanes_late;   /* seconds a lane may wait for the other before both stop */
#endif
    uint64_t stall_every; /* tests only: lane 1 stalls at heaps that are multiples */
    double stall_s;       /* for so many seconds */

    unsigned char apart[128]; /* the fields above are read by both lanes */
    grundy__heap_lane lane[GRUNDY__HEAP_LANES]; /* lane[1] only with threads */
    /* Written by both lanes at every value, so on lines of their own: */
    uint64_t nrare;      /* rare heaps listed */
#if GRUNDY__THREADS
    uint64_t next;       /* the next heap to claim */
    uint64_t state;      /* values published (count << 2) and the gate of lane 1 */
    uint64_t lane1_busy; /* lane 1 is in a segment: set by lane 0, cleared by lane 1 */
    unsigned char apart_end[128];
    grundy__worker worker; /* lane 1's thread, during grundy_heap_game_compute */
#endif

    /* Proved: G(n + period) = G(n) + saltus for every n >= preperiod
     * (saltus 0: a period; heap_period.c, heap_arith.c). */
    int periodic;
    uint64_t period, preperiod, saltus;
    grundy__heap_allbut allbut; /* all-but games' running counts (heap_allbut.c) */
    size_t limit;        /* the memory cap in bytes, 0 for none */

    /* Misère play (heap_misere.c, heap_genus.c): its state, made at the
     * first misère call, and the caller's settings. */
    grundy__heap_misere *mis;
    uint64_t misere_limit;   /* the most sums a misère call may examine */
    int last_method;         /* of the last misère call: GRUNDY_BY_*, or 0 */
};

/* Whether x has an odd number of bits set: under the sparse method's mask,
 * the values of odd parity are common, the others rare. */
static inline int grundy__odd_parity(uint32_t x)
{
#if defined(__GNUC__)
    return __builtin_parity(x);
#else
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return (int)(x & 1);
#endif
}

/* ---- heap_game.c ----------------------------------------------------------- */

/* Writes the message of a failure that is not about the name, and returns rc. */
GRUNDY__LOCAL int grundy__heap_fail(grundy_heap_game *g, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The checks every call that computes makes: the game has rules and is not
 * called from its own progress callback (GRUNDY_ESTATE, with a message
 * naming the call). */
GRUNDY__LOCAL int grundy__heap_ready(grundy_heap_game *g, const char *call);

/* grundy__heap_ready, and a play heap games compute: GRUNDY_EINVAL for what
 * is not a play, GRUNDY_ENOTSUP for any but normal and misère play. */
GRUNDY__LOCAL int grundy__heap_ready_play(grundy_heap_game *g, int play, const char *call);

/* Makes *L the scratch of a lane for values below bound - 1, keeping its
 * work count; on failure *L is unchanged. */
GRUNDY__LOCAL int grundy__heap_lane_init(grundy__heap_lane *L, const grundy_allocator *a, size_t bound);

/* ---- heap_compute.c -------------------------------------------------------- */

/* G(n) on lane L by the kernel of the values' width, or GRUNDY__HEAP_ABANDONED. */
GRUNDY__LOCAL uint32_t grundy__heap_next_value(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n);

/* Makes G(0) ... G(count - 1) known by the general engine (the kernels of
 * heap_kernel.h, or the engine's run), the engine of every game but
 * subtraction games, unless a period answers; failures get their message. */
GRUNDY__LOCAL int grundy__heap_general_compute(grundy_heap_game *g, uint64_t count);

/* Makes G(0) ... G(heap) known: computes the table up to heap unless a
 * period answers (GRUNDY_ELIMIT past 2^32 values without one, or past the
 * memory cap); failures get their message. */
GRUNDY__LOCAL int grundy__heap_compute_for(grundy_heap_game *g, uint64_t heap);

/* grundy__heap_compute_for, and G(heap) fits 32 bits (GRUNDY_ERANGE, with
 * a message naming grundy_heap_game_value64, where an arithmetic period
 * takes it past). */
GRUNDY__LOCAL int grundy__heap_ensure(grundy_heap_game *g, uint64_t heap);

/* G(heap) for a heap in the table or in the proved (arithmetic) periodic
 * range, whole: past the table it is G(n0 + r) + q * saltus with
 * heap - n0 = q * period + r.  Returns 0 where it passes 2^64 - 1 (*v is
 * then UINT64_MAX), else 1. */
static inline int grundy__heap_value_wide(const grundy_heap_game *g, uint64_t heap, uint64_t *v)
{
    if (heap < g->vals.n) {
        *v = grundy__values_get(&g->vals, heap);
        return 1;
    }
    uint64_t q = (heap - g->preperiod) / g->period;
    uint64_t base = grundy__values_get(&g->vals, g->preperiod + (heap - g->preperiod) % g->period);
    if (g->saltus != 0 && q > (UINT64_MAX - base) / g->saltus) {
        *v = UINT64_MAX;
        return 0;
    }
    *v = base + q * g->saltus;
    return 1;
}

/* grundy__heap_value_wide, saturated. */
static inline uint64_t grundy__heap_value64(const grundy_heap_game *g, uint64_t heap)
{
    uint64_t v;
    (void)grundy__heap_value_wide(g, heap, &v);
    return v;
}

/* G(heap) where it is known to fit 32 bits (grundy__heap_ensure checked). */
static inline uint32_t grundy__heap_known_value(const grundy_heap_game *g, uint64_t heap)
{
    return (uint32_t)grundy__heap_value64(g, heap);
}

/* ---- heap_subtraction.c ---------------------------------------------------- */

/* Makes G(0) ... G(count - 1) of a subtraction game (rules.subtraction)
 * known, by the engine of heap_subtraction.c: with detection on, first by
 * the window proof of a period (storing at most count values, which may
 * skip values below the largest amount); failures get their message. */
GRUNDY__LOCAL int grundy__heap_sub_compute(grundy_heap_game *g, uint64_t count);

/* ---- heap_sparse.c --------------------------------------------------------- */

/* The sparse method needs splits into exactly two heaps and finitely many
 * removals; it is worth its bookkeeping only past the first values. */
static inline int grundy__heap_sparse_possible(const grundy_heap_game *g)
{
    return g->sparse_allowed && g->rules.tail == 0 && g->rules.max_parts == 2 && g->nsplit > 0;
}

/* Whether the heap just computed, of value v, joins the rare list. */
GRUNDY__LOCAL int grundy__heap_is_rare(const grundy_heap_game *g, uint64_t heap, uint32_t v);

/* Room for `more` rare heaps past those listed. */
GRUNDY__LOCAL int grundy__heap_rare_room(grundy_heap_game *g, uint64_t more);

/* Room in the histogram that chooses the mask for values up to v. */
GRUNDY__LOCAL int grundy__heap_hist_room(grundy_heap_game *g, uint32_t v);

/* Chooses the mask again (at doubling lengths) and rebuilds the rare list.
 * Nothing changes unless the new list has its room. */
GRUNDY__LOCAL int grundy__heap_rechoose(grundy_heap_game *g);

/* ---- heap_threads.c -------------------------------------------------------- */

#if GRUNDY__THREADS
/* Waits until G(n - 1) is stored: 1, or 0 if the lanes stop. */
GRUNDY__LOCAL int grundy__heap_wait_published(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n);

/* Before a kernel reads G(n - 1): waits for it where the other lane may be
 * computing it (see grundy__heap_wait_published). */
static inline int grundy__heap_lane_wait(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    return !L->waits || grundy__load_acquire(&g->state) >> 2 >= n ||
           grundy__heap_wait_published(g, L, n);
}

/* Whether a segment of two lanes should start (1) or not (0); -1 when the
 * second lane's scratch cannot be had. */
GRUNDY__LOCAL int grundy__heap_lanes_ready(grundy_heap_game *g);

/* Records the speed of a segment of `values` values in `seconds`, on two
 * lanes or one (the lanes' work counts say how many options). */
GRUNDY__LOCAL void grundy__heap_note_speed(grundy_heap_game *g, int lanes, uint64_t values, double seconds);

/* Computes heaps vals.n .. stop - 1 on two lanes (fewer if a value needs
 * more room: the next one then does). */
GRUNDY__LOCAL int grundy__heap_run_lanes(grundy_heap_game *g, uint64_t stop);

/* Whether lane 1 may still be reading the values, rare list and scratch. */
static inline int grundy__heap_lane1_busy(grundy_heap_game *g)
{
    return grundy__load_acquire(&g->lane1_busy) != 0;
}

/* Waits (asleep) until lane 1 has left its last segment: before anything
 * it may read changes (room, mask, scratch) and at the end of a
 * computation. */
GRUNDY__LOCAL void grundy__heap_lanes_settle(grundy_heap_game *g);

/* Ends a computation: lane 1 leaves its last segment, and its thread. */
static inline void grundy__heap_lanes_end(grundy_heap_game *g)
{
    grundy__heap_lanes_settle(g);
    grundy__worker_stop(&g->worker);
}
#else /* one lane, which never waits; nothing to time */
#define grundy__heap_lane_wait(g, L, n) 1
#define grundy__heap_lanes_ready(g) 0
#define grundy__heap_note_speed(g, lanes, values, seconds) ((void)(values), (void)(seconds))
#define grundy__heap_run_lanes(g, stop) GRUNDY_OK
#define grundy__heap_lane1_busy(g) 0
#define grundy__heap_lanes_settle(g) ((void)0)
#define grundy__heap_lanes_end(g) ((void)0)
#endif

/* ---- heap_order.c ---------------------------------------------------------- */

/* A heap's moves form one list (the order grundy.h documents), cut here
 * into blocks: the moves that remove r tokens and leave the same number of
 * heaps, and for Lasker's Nim a run of removals r = lo ... h leaving one
 * heap (none at r = h).  Degree, the move of an index and the winning-move
 * search all walk these blocks, so they agree on the order by construction. */
#define GRUNDY__HEAP_RUN 16u /* a block kind beside the HEAP_LEAVE_* bits */

typedef struct grundy__heap_block {
    unsigned kind;   /* HEAP_LEAVE_NONE, _ONE, _TWO, _THREE or GRUNDY__HEAP_RUN */
    uint64_t r;      /* tokens removed (the least of a run) */
    uint64_t m;      /* tokens left: heap - r */
    uint64_t count;  /* moves in the block, saturated at UINT64_MAX */
    int count_over;  /* and they are more than UINT64_MAX */
    int unequal;     /* two heaps that must differ (Grundy's game) */
} grundy__heap_block;

/* Called on each non-empty block in list order with the index of its
 * first move (saturated at UINT64_MAX: a move at that index or past it has
 * no index); a non-zero return stops the walk. */
typedef int (*grundy__heap_block_fn)(void *ctx, const grundy__heap_block *b, uint64_t first);

/* Walks the blocks of heap's moves under rules r: fn's first non-zero
 * return, or 0.  O(number of removal amounts). */
GRUNDY__LOCAL int grundy__heap_each_block(const grundy__heap_rules *r, uint64_t heap, grundy__heap_block_fn fn,
                            void *ctx);

/* Called on each move in list order with its index k (saturated at
 * UINT64_MAX) and the heaps it leaves, increasing (nparts 0 to 3); a
 * non-zero return stops the walk. */
typedef int (*grundy__heap_move_fn)(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts);

/* Walks every move of heap under rules r, one by one (the misère search,
 * its genus and widths): fn's first non-zero return, or 0.  O(moves). */
GRUNDY__LOCAL int grundy__heap_each_move(const grundy__heap_rules *r, uint64_t heap, grundy__heap_move_fn fn,
                           void *ctx);

/* The same walk for an answer that sees heaps through a map periodic from
 * heap `from` with `period` (a solved misère quotient's Φ): of the moves
 * whose parts are all at least `from`, in a run or in the splits into two
 * heaps, only those whose classes (h mod period) have not come before
 * are walked, so a winning move in it is the first of the whole walk.
 * O(from + period) moves a block, not O(heap); period 0 walks them all. */
GRUNDY__LOCAL int grundy__heap_each_move_periodic(const grundy__heap_rules *r, uint64_t heap, uint64_t from,
                                    uint64_t period, grundy__heap_move_fn fn, void *ctx);

/* The index within its block of the three-heap split (a, b, m - a - b),
 * a <= b <= m - a - b, saturated at UINT64_MAX. */
GRUNDY__LOCAL uint64_t grundy__heap_rank3(uint64_t m, uint64_t a, uint64_t b);

/* ---- heap_allbut.c --------------------------------------------------------- */

/* Computes the values of an all-but game up to stop (fewer on an error:
 * GRUNDY_ENOMEM, or GRUNDY_ELIMIT past the memory cap). */
GRUNDY__LOCAL int grundy__heap_allbut_run(grundy_heap_game *g, uint64_t stop);

/* Whether the values computed certify G(m + p) = G(m) + s for every m >= n
 * (n past the largest excluded amount, n + p within the values): 1 or 0,
 * or GRUNDY_ENOMEM. */
GRUNDY__LOCAL int grundy__heap_allbut_certify(grundy_heap_game *g, uint64_t p, uint64_t s, uint64_t n);

GRUNDY__LOCAL void grundy__heap_allbut_free(grundy_heap_game *g);

/* ---- heap_arith.c ---------------------------------------------------------- */

/* A regularity seen in values: G(n + period) = G(n) + saltus from the
 * preperiod on, up to the values examined. */
typedef struct grundy__heap_seen {
    uint64_t period, preperiod, saltus, upto;
} grundy__heap_seen;

/* Looks in the n values of v for the least period p, with the least
 * preperiod for it, such that G(m + p) = G(m) + s over the rest, seen
 * over at least three periods and half the values; s = 0 only, unless
 * saltus_ok.  1 and *seen, or 0 (never a forced fit: most sequences with
 * no such regularity fail at once, and the work is capped). */
GRUNDY__LOCAL int grundy__heap_observe(const grundy__values *v, uint64_t n, int saltus_ok,
                         grundy__heap_seen *seen);

/* Whether a regularity of this game can be proved: the Guy-Smith theorem
 * applies, or it is an all-but game or Lasker's Nim. */
GRUNDY__LOCAL int grundy__heap_provable(const grundy_heap_game *g);

/* Lasker's Nim, once its first GRUNDY__HEAP_LASKER_FIRST values are
 * computed (the preperiod and one period): records its closed form as the
 * proved regularity (period 4, preperiod 1, saltus 4). */
#define GRUNDY__HEAP_LASKER_FIRST 5u
GRUNDY__LOCAL void grundy__heap_lasker_closed_form(grundy_heap_game *g);

/* Computes up to max values of a game whose regularity can be proved,
 * until one is (the checks of the last values included); nothing for
 * others.  Failures get their message, naming call. */
GRUNDY__LOCAL int grundy__heap_prove(grundy_heap_game *g, uint64_t max, const char *call);

/* Looks for a regularity the values prove by an all-but game's
 * certificate: 1 when found (the game is then periodic), 0, or
 * GRUNDY_ENOMEM. */
GRUNDY__LOCAL int grundy__heap_check_allbut(grundy_heap_game *g);

/* The check of a regularity that fits the game: the all-but certificate,
 * or the Guy-Smith theorem (0 where neither applies).  As those. */
GRUNDY__LOCAL int grundy__heap_check_regularity(grundy_heap_game *g);
/* ---- heap_misere.c -------------------------------------------------------- */

/* Makes g->mis exist (GRUNDY_ENOMEM with a message naming call if not). */
GRUNDY__LOCAL int grundy__heap_misere_state(grundy_heap_game *g, const char *call);

#ifndef GRUNDY_NORMAL_PLAY_ONLY
/* The misère value of each heap first .. first + count - 1 under play (a
 * misère play, with its method flag), into values. */
GRUNDY__LOCAL int grundy__heap_misere_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                               uint32_t *values, const char *call);

/* The misère value of the sum of heaps[0 .. n) under play. */
GRUNDY__LOCAL int grundy__heap_misere_sum(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                            uint32_t *value, const char *call);

/* The moves of that sum that leave a misère P-position, into w. */
GRUNDY__LOCAL int grundy__heap_misere_wins(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                             grundy__wins *w, const char *call);

/* The misère value of the sum of heaps[0 .. n) and `twos` Nim heaps of
 * two, by search (the genus terms of heap_genus.c). */
GRUNDY__LOCAL int grundy__heap_misere_search(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                               unsigned twos, uint32_t *value, const char *call);

/* Whether the search takes heaps up to heap (GRUNDY_ELIMIT with a message
 * if not): checked before a call computes anything for them. */
GRUNDY__LOCAL int grundy__heap_misere_check_heap(grundy_heap_game *g, uint64_t heap, const char *call);

/* Frees the state of misère play. */
GRUNDY__LOCAL void grundy__heap_misere_free(grundy_heap_game *g);
#else /* no misère search: grundy__heap_ready_play refuses misère play before
       * these are asked, and grundy__heap_misere_state says why */
#define grundy__heap_misere_values(g, play, first, count, values, call) \
    grundy__heap_misere_state(g, call)
#define grundy__heap_misere_sum(g, play, heaps, n, value, call) grundy__heap_misere_state(g, call)
#define grundy__heap_misere_wins(g, play, heaps, n, w, call) grundy__heap_misere_state(g, call)
#define grundy__heap_misere_search(g, heaps, n, twos, value, call) \
    grundy__heap_misere_state(g, call)
#define grundy__heap_misere_check_heap(g, heap, call) grundy__heap_misere_state(g, call)
#define grundy__heap_misere_free(g) ((void)0)
#endif

/* ---- heap_genus.c ---------------------------------------------------------- */

/* Makes the genus terms and tame kinds of heaps 0 .. heap known; with
 * stop_wild, stops after the first heap that is not tame (*known: the
 * heaps done). */
GRUNDY__LOCAL int grundy__heap_genus_upto(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                            const char *call);

/* ---- heap_period.c --------------------------------------------------------- */

/* Whether the Guy-Smith theorem proves periods of this game. */
GRUNDY__LOCAL int grundy__heap_theorem_applies(const grundy_heap_game *g);

/* Looks for the least period provable from the values computed: 1 when it
 * finds one (the game is then periodic), 0 if none, or GRUNDY_ENOMEM. */
GRUNDY__LOCAL int grundy__heap_check_period(grundy_heap_game *g);

/* === src/heap/heap_allbut.c (continued) === */

GRUNDY__LOCAL void grundy__heap_allbut_free(grundy_heap_game *g)
{
    grundy__heap_allbut *ab = &g->allbut;
    grundy__free(&g->alloc, ab->excluded);
    grundy__free(&g->alloc, ab->count);
    grundy__free(&g->alloc, ab->tally);
    memset(ab, 0, sizeof *ab);
}

/* X from the rules: the amounts below ndigits with digit 0. */
static int grundy__heap_allbut__list_excluded(grundy_heap_game *g)
{
    const grundy__heap_rules *r = &g->rules;
    grundy__heap_allbut *ab = &g->allbut;
    uint32_t n = 0;
    for (uint32_t k = 1; k < r->ndigits; k++)
        n += r->digit[k] == 0;
    ab->excluded = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *ab->excluded);
    if (ab->excluded == NULL)
        return GRUNDY_ENOMEM;
    for (uint32_t k = 1; k < r->ndigits; k++) {
        if (r->digit[k] == 0)
            ab->excluded[ab->nexcluded++] = k;
    }
    return GRUNDY_OK;
}

/* Room in count and tally for values up to v (both grow together, zeroed). */
static int grundy__heap_allbut__value_room(grundy_heap_game *g, uint64_t v)
{
    grundy__heap_allbut *ab = &g->allbut;
    if (v < ab->cap)
        return GRUNDY_OK;
    size_t cap = ab->cap < 64 ? 64 : ab->cap;
    while (cap <= v)
        cap *= 2;
    uint32_t *count = (uint32_t *)grundy__calloc_array(&g->alloc, cap, sizeof *count);
    uint32_t *tally = (uint32_t *)grundy__calloc_array(&g->alloc, cap, sizeof *tally);
    if (count == NULL || tally == NULL) {
        grundy__free(&g->alloc, count);
        grundy__free(&g->alloc, tally);
        return GRUNDY_ENOMEM;
    }
    if (ab->cap > 0)
        memcpy(count, ab->count, ab->cap * sizeof *count);
    grundy__free(&g->alloc, ab->count);
    grundy__free(&g->alloc, ab->tally);
    ab->count = count;
    ab->tally = tally;
    ab->cap = cap;
    return GRUNDY_OK;
}

/* Counts G(m), known, in the heaps below m + 1. */
static void grundy__heap_allbut__count_value(grundy__heap_allbut *ab, uint32_t v)
{
    ab->count[v]++;
    while (ab->least_free < ab->cap && ab->count[ab->least_free] != 0)
        ab->least_free++;
    ab->counted++;
}

/* G(n), every heap below n counted. */
static uint32_t grundy__heap_allbut__next_value(grundy_heap_game *g, uint64_t n)
{
    grundy__heap_allbut *ab = &g->allbut;
    uint64_t best = ab->least_free;
    for (uint32_t i = 0; i < ab->nexcluded && ab->excluded[i] <= n; i++) {
        uint32_t v = grundy__values_get(&g->vals, n - ab->excluded[i]);
        if (++ab->tally[v] == ab->count[v] && v < best)
            best = v;
    }
    for (uint32_t i = 0; i < ab->nexcluded && ab->excluded[i] <= n; i++)
        ab->tally[grundy__values_get(&g->vals, n - ab->excluded[i])] = 0;
    return (uint32_t)best;
}

GRUNDY__LOCAL int grundy__heap_allbut_run(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_allbut *ab = &g->allbut;
    if (ab->excluded == NULL && grundy__heap_allbut__list_excluded(g) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    /* The counts catch up with values computed before (none, usually). */
    int rc = grundy__heap_allbut__value_room(g, g->vals.n);
    for (; rc == GRUNDY_OK && ab->counted < g->vals.n; )
        grundy__heap_allbut__count_value(ab, grundy__values_get(&g->vals, ab->counted));
    while (rc == GRUNDY_OK && g->vals.n < stop) {
        uint64_t n = g->vals.n;
        /* G(n) <= n (a heap of n has n options at most), and the least
         * free value must stay inside the counts: room for n + 1. */
        if ((rc = grundy__heap_allbut__value_room(g, n + 1)) != GRUNDY_OK)
            break;
        uint32_t v = grundy__heap_allbut__next_value(g, n);
        if ((rc = grundy__values_append(&g->vals, &g->alloc, v)) != GRUNDY_OK)
            break;
        grundy__heap_allbut__count_value(ab, v);
        g->work += ab->nexcluded + 1;
    }
    return rc;
}

/* in[v] = 1 for each value of heaps 0 .. m (m < the values computed);
 * in holds size entries, every value below size. */
static void grundy__heap_allbut__values_seen(const grundy__values *v, uint64_t m, unsigned char *in, size_t size)
{
    memset(in, 0, size);
    for (uint64_t i = 0; i <= m; i++)
        in[grundy__values_get(v, i)] = 1;
}

GRUNDY__LOCAL int grundy__heap_allbut_certify(grundy_heap_game *g, uint64_t p, uint64_t s, uint64_t n)
{
    const grundy__heap_allbut *ab = &g->allbut;
    uint64_t x = ab->nexcluded ? ab->excluded[ab->nexcluded - 1] : 0;
    if (n <= x || p == 0 || n + p > g->vals.n)
        return 0;
    for (uint64_t j = 1; j <= x; j++) {
        if (grundy__values_get(&g->vals, n + p - j) != grundy__values_get(&g->vals, n - j) + s)
            return 0;
    }
    /* Every value is below the counts' room (value_room keeps n + 1). */
    size_t size = ab->cap;
    if (size == 0)
        return 0;
    unsigned char *before = (unsigned char *)grundy__alloc_array(&g->alloc, size, 2);
    if (before == NULL)
        return GRUNDY_ENOMEM;
    unsigned char *after = before + size;
    grundy__heap_allbut__values_seen(&g->vals, n - x - 1, before, size);
    grundy__heap_allbut__values_seen(&g->vals, n + p - x - 1, after, size);
    int holds = 1;
    for (size_t v = 0; holds && v < size; v++)
        holds = after[v] == (v < s ? 1 : before[v - s]);
    /* Values of `before` that shifted past the room would be missing from
     * `after`, which holds none there: they must not exist. */
    for (size_t v = size > s ? size - s : 0; holds && v < size; v++)
        holds = !before[v];
    grundy__free(&g->alloc, before);
    return holds;
}

/* === src/heap/heap_arith.c === */
/* Heap games: arithmetic periods, G(n + p) = G(n) + s from a preperiod on.
 *
 * What is proved, and how:
 * - finite octal and hexadecimal codes, subtraction games: s = 0 only, by
 *   the Guy-Smith theorem (heap_period.c).  Finite octal games are never
 *   arithmetic-periodic with s != 0 (Horrocks and Nowakowski, INTEGERS 3
 *   (2003) G1), so nothing else is looked for there.  For hexadecimal
 *   codes, whose values often grow arithmetically, a regularity with
 *   s != 0 is reported as observed, never as proved: the library does not
 *   carry an arithmetic-periodicity theorem for them;
 * - all-but subtraction games: by the certificate of heap_allbut.c, a
 *   finite check on the values computed;
 * - Lasker's Nim: by its closed form, a theorem (Winning Ways, ch. 4):
 *   G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4 and
 *   G(4k + 4) = 4k + 3, that is period 4, preperiod 1, saltus 4.
 *
 * The detector (grundy__heap_observe) only proposes: for each p from 1 it
 * takes s from the last values and walks back while G(m + p) = G(m) + s,
 * and accepts the first p whose run covers three periods and half the
 * values.  A sequence with no regularity fails at the first step for
 * most p, and the walk is capped, so "none" costs little and no fit is
 * forced. */

#define GRUNDY__HEAP_ARITH__OBSERVE_MIN 8u     /* fewer values show nothing */
#define GRUNDY__HEAP_ARITH__OBSERVE_WORK 64u   /* steps per value the detector may take */

static uint64_t grundy__heap_arith__at(const grundy__values *v, uint64_t i)
{
    return grundy__values_get(v, i);
}

/* The least m <= from such that G(i + p) = G(i) + s for every i in
 * [m, from): the walk back from `from`, taking one step of *budget each
 * (UINT64_MAX when the budget runs out). */
static uint64_t grundy__heap_arith__run_start(const grundy__values *v, uint64_t from, uint64_t p, uint64_t s,
                          uint64_t *budget)
{
    uint64_t m = from;
    while (m > 0 && grundy__heap_arith__at(v, m - 1 + p) == grundy__heap_arith__at(v, m - 1) + s) {
        if (*budget == 0)
            return UINT64_MAX;
        (*budget)--;
        m--;
    }
    return m;
}

GRUNDY__LOCAL int grundy__heap_observe(const grundy__values *v, uint64_t n, int saltus_ok,
                         grundy__heap_seen *seen)
{
    if (n < GRUNDY__HEAP_ARITH__OBSERVE_MIN)
        return 0;
    uint64_t budget = GRUNDY__HEAP_ARITH__OBSERVE_WORK * n;
    for (uint64_t p = 1; 3 * p <= n && budget > 0; p++, budget--) {
        uint64_t last = grundy__heap_arith__at(v, n - 1), before = grundy__heap_arith__at(v, n - 1 - p);
        if (last < before || (last != before && !saltus_ok))
            continue;
        uint64_t s = last - before;
        uint64_t e = grundy__heap_arith__run_start(v, n - p, p, s, &budget);
        if (e == UINT64_MAX)
            return 0;
        if (n - e >= 3 * p && n - e >= n / 2) {
            seen->period = p;
            seen->preperiod = e;
            seen->saltus = s;
            seen->upto = n;
            return 1;
        }
    }
    return 0;
}

GRUNDY__LOCAL int grundy__heap_provable(const grundy_heap_game *g)
{
    return grundy__heap_theorem_applies(g) || grundy__heap_rules_allbut(&g->rules) ||
           grundy__heap_rules_lasker(&g->rules);
}

GRUNDY__LOCAL void grundy__heap_lasker_closed_form(grundy_heap_game *g)
{
    if (g->vals.n < GRUNDY__HEAP_LASKER_FIRST)
        return;
    g->periodic = 1;
    g->period = 4;
    g->preperiod = 1;
    g->saltus = 4;
}

/* (p, s) holds for every m >= e: the least period d of the sequence is a
 * divisor of p.  If G(m + d) - G(m) is the same over a whole period p
 * from some E >= e, it is so for ever (each m >= E is E + i + kp, and
 * both sides gain ks), so the first divisor d that passes over the last
 * whole period of the values is the least period. */
static void grundy__heap_arith__least_period(grundy_heap_game *g)
{
    const grundy__values *v = &g->vals;
    uint64_t p = g->period, s = g->saltus, n = v->n;
    for (uint64_t d = 1; d < p; d++) {
        if (p % d != 0 || n < p + d || n - p - d < g->preperiod)
            continue;
        uint64_t from = n - p - d;
        uint64_t sd = grundy__heap_arith__at(v, from + d) - grundy__heap_arith__at(v, from);
        if (grundy__heap_arith__at(v, from + d) < grundy__heap_arith__at(v, from) || sd * (p / d) != s)
            continue;
        uint64_t i = from;
        while (i < n - d && grundy__heap_arith__at(v, i + d) == grundy__heap_arith__at(v, i) + sd)
            i++;
        if (i < n - d)
            continue;
        uint64_t budget = UINT64_MAX;
        g->period = d;
        g->saltus = sd;
        g->preperiod = grundy__heap_arith__run_start(v, from, d, sd, &budget);
        return;
    }
}

GRUNDY__LOCAL int grundy__heap_check_allbut(grundy_heap_game *g)
{
    grundy__heap_seen seen;
    if (!grundy__heap_observe(&g->vals, g->vals.n, 1, &seen))
        return 0;
    /* The latest heap where the values hold both states: the most likely
     * to be past the preperiod of the state. */
    int rc = grundy__heap_allbut_certify(g, seen.period, seen.saltus, g->vals.n - seen.period);
    if (rc != 1)
        return rc;
    g->periodic = 1;
    g->period = seen.period;
    g->preperiod = seen.preperiod;
    g->saltus = seen.saltus;
    grundy__heap_arith__least_period(g);
    return 1;
}

/* Whether a regularity with s != 0 may be looked for in this game's values:
 * not in finite octal games (Horrocks and Nowakowski) nor Grundy's game. */
static int grundy__heap_arith__saltus_possible(const grundy_heap_game *g)
{
    return g->rules.max_parts >= 3 || g->rules.tail != 0;
}

GRUNDY__LOCAL int grundy__heap_check_regularity(grundy_heap_game *g)
{
    return grundy__heap_rules_allbut(&g->rules) ? grundy__heap_check_allbut(g)
                                               : grundy__heap_check_period(g);
}

GRUNDY__LOCAL int grundy__heap_prove(grundy_heap_game *g, uint64_t max, const char *call)
{
    if (g->periodic || !grundy__heap_provable(g))
        return GRUNDY_OK;
    int detect = g->detect;
    g->detect = 1;
    int rc = grundy_heap_game_compute(g, max);
    g->detect = detect;
    if (rc != GRUNDY_OK)
        return rc;
    /* The last values may prove what no checkpoint reached yet. */
    if (!g->periodic)
        rc = grundy__heap_check_regularity(g);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "%s: out of memory checking %llu values for a period",
                                 call, (unsigned long long)g->vals.n);
    return GRUNDY_OK;
}

int grundy_heap_game_arithmetic_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                                       uint64_t *preperiod, uint64_t *saltus, int *proved)
{
    static const char call[] = "grundy_heap_game_arithmetic_period";
    if (period != NULL)
        *period = 0;
    if (preperiod != NULL)
        *preperiod = 0;
    if (saltus != NULL)
        *saltus = 0;
    if (proved != NULL)
        *proved = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (period == NULL || preperiod == NULL || saltus == NULL || proved == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: an out-parameter is NULL", call);
    *period = *preperiod = *saltus = 0;
    *proved = 0;
    int rc = grundy__heap_ready(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_prove(g, max, call);
    /* What cannot be proved is still computed, to be looked at. */
    if (rc == GRUNDY_OK && !g->periodic)
        rc = grundy_heap_game_compute(g, max);
    if (rc != GRUNDY_OK)
        return rc;
    if (g->periodic) {
        *period = g->period;
        *preperiod = g->preperiod;
        *saltus = g->saltus;
        *proved = 1;
        return 1;
    }
    grundy__heap_seen seen;
    uint64_t n = g->vals.n < max ? g->vals.n : max;
    if (!grundy__heap_observe(&g->vals, n, grundy__heap_arith__saltus_possible(g), &seen))
        return 0;
    *period = seen.period;
    *preperiod = seen.preperiod;
    *saltus = seen.saltus;
    return 1;
}

int grundy_heap_game_value64(grundy_heap_game *g, int play, uint64_t heap, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_value64: value is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_value64");
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE) {
        uint32_t v = 0;
        rc = grundy__heap_misere_values(g, play, heap, 1, &v, "grundy_heap_game_value64");
        *value = v;
        return rc;
    }
    if (rc == GRUNDY_OK)
        rc = grundy__heap_compute_for(g, heap);
    if (rc == GRUNDY_OK && !grundy__heap_value_wide(g, heap, value))
        return grundy__heap_fail(g, GRUNDY_ERANGE, "grundy_heap_game_value64: G(%llu) is past "
                                 "2^64 - 1", (unsigned long long)heap);
    return rc;
}
#undef GRUNDY__HEAP_ARITH__OBSERVE_MIN
#undef GRUNDY__HEAP_ARITH__OBSERVE_WORK

/* === src/heap/heap_compute.c === */
/* Heap games: the value sequence.
 *
 * G(n) is the mex over every way of removing k tokens and leaving 0 to 3
 * heaps.  All option values are xors of earlier values, so if every value so
 * far is below a power of two P, so is every option value, and the mex is at
 * most P: a stamp array of P + 1 entries is exact.
 *
 * Values are computed in stretches, one value at a time on the calling
 * thread or on two lanes (heap_threads.c), by the kernels of heap_kernel.h
 * at the width the values take; between stretches come the period checks
 * (heap_period.c), the choice of the sparse method's mask (heap_sparse.c)
 * and progress reports. */

#define GRUNDY__HEAP_COMPUTE__PROGRESS_WORK (1u << 24)  /* options between progress reports */
#define GRUNDY__HEAP_COMPUTE__MAX_VALUES ((uint64_t)UINT32_MAX)
#define GRUNDY__HEAP_COMPUTE__WANT_BLOCK 64u            /* splits per block of the rare-value check */
#define GRUNDY__HEAP_COMPUTE__WANT_MANY 16u             /* wanted values above which a block is read once */
#define GRUNDY__HEAP_COMPUTE__FIRST_ROUND 256u          /* splits of each amount in the first round of the check */
#define GRUNDY__HEAP_COMPUTE__MIN_SEGMENT 64u           /* values worth starting a second lane for */
#define GRUNDY__HEAP_COMPUTE__LANES_FROM 4096u          /* below, values cost too little to share */
#define GRUNDY__HEAP_COMPUTE__MAX_SEGMENT 8192u         /* values per segment of two lanes */

/* How many of the increasing heaps rare[0 .. count) are below m. */
static size_t grundy__heap_compute__rare_below(const uint32_t *rare, size_t count, uint64_t m)
{
    if (count == 0 || rare[count - 1] < m)
        return count; /* the usual case: m is the newest heap */
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (rare[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The rare heaps listed so far; the other lane may be adding one. */
static size_t grundy__heap_compute__rare_count(const grundy_heap_game *g)
{
    return (size_t)grundy__load_acquire(&g->nrare);
}

/* What the kernels share, whatever the width of the values. */

/* The least value from x on that is common (odd under the mask) and not
 * marked: no option has it. */
static uint32_t grundy__heap_compute__least_common(const grundy__mex *mx, uint32_t mask, uint32_t x)
{
    while (!grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x))
        x++;
    return x;
}

/* A wanted value x has been reached (values of two or four bytes): it is
 * wanted no more, nor listed among the last few, and it is marked. */
static inline void grundy__heap_compute__want_hit(grundy__heap_lane *L, uint32_t x)
{
    for (unsigned i = 0; i < L->nfew; i++) {
        if (L->few[i] == x) {
            L->few[i] = L->few[--L->nfew];
            break;
        }
    }
    L->want[x] = 0;
    grundy__mex_add(&L->mex, x);
}

/* The kernels' names are pasted together, out of sight of the renaming
 * that tools/amalgamate.py does for the single header, so they carry the
 * library's prefix themselves. */
#define GRUNDY__HEAP_COMPUTE__VALUE_T uint8_t
#define GRUNDY__HEAP_COMPUTE__KERNEL(name) grundy__heap_##name##_8
#define GRUNDY__HEAP_COMPUTE__KERNEL_SCAN8
/* === src/heap/heap_kernel.h (included by src/heap/heap_compute.c) === */
/* The inner loops of heap-game values, written once and included by
 * heap_compute.c for each stored width, with VALUE_T (the stored type) and
 * KERNEL(name) (the name with the prefix grundy__heap_ and the width's
 * suffix) defined.  A template by inclusion keeps the hot loops free of a
 * switch on the width per read.
 *
 * Each kernel computes G(n) in a lane (grundy__heap_lane: its own mex marks
 * and tables), and reads G(n - 1) only after grundy__heap_lane_wait(): with
 * two lanes the other one may still be computing it.  The options that need G(n - 1) are
 * few (taking one token and leaving a heap, the split of n into 1 and
 * n - 1), so everything else is done first. */

/* Marks the values of every split of m tokens into two (and three) heaps,
 * the two-heap splits from (first, m - first) on. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                               uint64_t m, unsigned bits, uint64_t first)
{
    if ((bits & GRUNDY__HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = first; a <= half; a++)
            grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[m - a]));
        L->work += half;
    }
    if ((bits & GRUNDY__HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[b] ^ v[m - a - b]));
            L->work += m / 2;
        }
    }
}

/* Marks the options that take k tokens and leave nothing or one heap. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(removal)(grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v, uint64_t n, uint64_t k,
                            unsigned d)
{
    if ((d & GRUNDY__HEAP_LEAVE_NONE) && n == k)
        grundy__mex_add(&L->mex, 0);
    if ((d & GRUNDY__HEAP_LEAVE_ONE) && n > k)
        grundy__mex_add(&L->mex, v[n - k]);
}

/* Marks the options left for after grundy__heap_lane_wait(): every removal
 * that leaves nothing or one heap, and the split of n into 1 and n - 1. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                             uint64_t n)
{
    const grundy__heap_rules *r = &g->rules;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++)
        GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, r->removals[i], grundy__heap_rules_removal_digit(r, i));
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, k, r->tail);
    }
    if ((grundy__heap_rules_digit(r, 0) & GRUNDY__HEAP_LEAVE_TWO) && n >= 2 && !(r->unequal && n == 2))
        grundy__mex_add(&L->mex, (uint32_t)(v[1] ^ v[n - 1]));
}

/* G(n) by the mex over every option, or GRUNDY__HEAP_ABANDONED. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(plain)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&L->mex);
    GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n, grundy__heap_rules_digit(r, 0), 2);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, grundy__heap_rules_removal_digit(r, i), 1);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, r->tail, 1);
        L->work += n;
    }
    L->work += r->nremovals + 1;
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    return grundy__mex_end(&L->mex);
}

/* Marks the value of the split (a, m - a) for each of the count rare heaps a.
 * The hottest loop of the sparse method, so it keeps everything in locals:
 * every value is below pow2 and so within the stamp array. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(uint32_t *stamp, uint32_t gen, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                              const uint32_t *rare, size_t count, uint64_t m)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *vm = v + m;
    size_t j = 0;
    /* Four at a time: the loads of one group do not wait for the stores of
     * the one before. */
    for (; j + 4 <= count; j += 4) {
        uint32_t a0 = rare[j], a1 = rare[j + 1], a2 = rare[j + 2], a3 = rare[j + 3];
        uint32_t x0 = (uint32_t)(v[a0] ^ vm[-(ptrdiff_t)a0]);
        uint32_t x1 = (uint32_t)(v[a1] ^ vm[-(ptrdiff_t)a1]);
        uint32_t x2 = (uint32_t)(v[a2] ^ vm[-(ptrdiff_t)a2]);
        uint32_t x3 = (uint32_t)(v[a3] ^ vm[-(ptrdiff_t)a3]);
        stamp[x0] = gen;
        stamp[x1] = gen;
        stamp[x2] = gen;
        stamp[x3] = gen;
    }
    for (; j < count; j++)
        stamp[v[rare[j]] ^ vm[-(ptrdiff_t)rare[j]]] = gen;
}

#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN8
/* The rare values below c that no option has shown yet, as the set that
 * the vectorised scan of heap_scan.h tests (the bitmap for AVX-512, else
 * the nibble tables); returns how many.  A rare value of 256 or more is
 * never reached (every split's value is below 256), so it stays missing
 * and needs no bit. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
    for (uint32_t x = lo; x < c; x++) {
        if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
#if GRUNDY__SCAN_VECTOR
            if (x < 256 && g->scan_bits8 != NULL)
                grundy__want_bits_flip(&L->want_bits, x);
            else
#endif
            if (x < 256)
                grundy__want8_flip(&L->want8, x);
            missing++;
        }
    }
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
    (void)lo;
    (void)c;
#if GRUNDY__SCAN_VECTOR
    memset(&L->want_bits, 0, sizeof L->want_bits);
#endif
    memset(&L->want8, 0, sizeof L->want8);
}

/* Marks the wanted values of the splits (b, m - b), lo <= b < stop, until
 * none is missing; returns how many still are. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
#if GRUNDY__SCAN_VECTOR
    if (g->scan_bits8 != NULL) {
        uint16_t found[256];
        uint32_t k = g->scan_bits8(&L->want_bits, (const uint8_t *)v, m, lo, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - lo;
        return missing - k;
    }
#endif
    uint64_t b = lo;
    while (missing > 0 && b < stop) {
        uint64_t hit = g->scan8(&L->want8, (const uint8_t *)v, m, b, stop);
        L->work += hit - b + 1;
        if (hit == stop)
            break;
        uint32_t x = (uint32_t)(v[hit] ^ v[m - hit]);
        grundy__want8_flip(&L->want8, x);
        grundy__mex_add(&L->mex, x);
        missing--;
        b = hit + 1;
    }
    return missing;
}
#else
/* As above, for values of two or four bytes: want[x] marks the rare values
 * below c that no option has shown yet, and two-byte values switch to the
 * vectorised list scan for the last few (L->nfew of them, once listed). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    /* The bitmap, where the processor has its scan and every value (so
     * every split's value) is below 1024. */
    L->bits = g->scan_bits != NULL && g->pow2 <= 1024;
    if (L->bits) {
        for (uint32_t x = lo; x < c; x++) {
            if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
                if (x < 1024)
                    grundy__want_bits_flip(&L->want_bits, x);
                missing++;
            }
        }
        return missing;
    }
#endif
    for (uint32_t x = lo; x < c; x++) {
        L->want[x] = !grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x);
        missing += L->want[x];
    }
    L->nfew = 0;
    L->want_lo = lo;
    L->want_c = c;
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        memset(&L->want_bits, 0, sizeof L->want_bits);
        return;
    }
#endif
    memset(L->want + lo, 0, c - lo);
}

static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
    unsigned char *want = L->want;
    uint64_t a = lo;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        uint16_t found[1024];
        uint32_t k = g->scan_bits(&L->want_bits, v, m, a, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - a;
        return missing - k;
    }
#endif
    while (a < stop && missing > 0) {
#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16
        if (missing <= GRUNDY__SCAN_FEW && L->want_c <= 65536) {
            if (L->nfew == 0) {
                for (uint32_t x = L->want_lo; x < L->want_c; x++) {
                    if (want[x])
                        L->few[L->nfew++] = (uint16_t)x;
                }
            }
            uint64_t b = g->scan16(L->few, L->nfew, v, m, a, stop);
            L->work += b - a + 1;
            if (b == stop)
                break;
            grundy__heap_compute__want_hit(L, (uint32_t)(v[b] ^ v[m - b]));
            missing--;
            a = b + 1;
            continue;
        }
#else
        (void)g;
#endif
        /* Blocks of splits: one OR of table reads per block, and a second
         * look only at the rare block that hits; while many values are
         * wanted most blocks hit, so look once. */
        uint64_t end = stop - a < GRUNDY__HEAP_COMPUTE__WANT_BLOCK ? stop : a + GRUNDY__HEAP_COMPUTE__WANT_BLOCK;
        unsigned hit = missing > GRUNDY__HEAP_COMPUTE__WANT_MANY;
        for (uint64_t b = a; b < end && !hit; b++)
            hit |= want[(uint32_t)(v[b] ^ v[m - b])];
        for (uint64_t b = a; hit && b < end && missing > 0; b++) {
            uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
            if (want[x]) {
                grundy__heap_compute__want_hit(L, x);
                missing--;
            }
        }
        L->work += end - a;
        a = end;
    }
    return missing;
}
#endif

/* Marks every rare value in [lo, c) that a split reaches, stopping as soon
 * as all are; returns how many none reaches.  With `early`, the split of n
 * into 1 and n - 1 is left out (G(n - 1) may not be known yet).  The
 * splits of every amount are scanned side by side in rounds of doubling
 * length, since a value may be within reach of one amount only (Kayles:
 * some only by taking 2). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                uint64_t n, uint32_t lo, uint32_t c, int early)
{
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(g, L, lo, c);
    for (uint64_t from = 1, to = GRUNDY__HEAP_COMPUTE__FIRST_ROUND; missing > 0; from = to, to *= 2) {
        int more = 0;
        for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
            uint64_t m = n - g->split_k[s];
            uint64_t end = m / 2 + 1;
            if (g->rules.unequal && m % 2 == 0)
                end--;
            uint64_t first = early && m == n && from < 2 ? 2 : from;
            if (first >= end)
                continue;
            more = 1;
            missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(g, L, v, m, first, to < end ? to : end, missing);
        }
        if (!more)
            break;
    }
    GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(L, lo, c);
    return missing;
}

/* G(n) by the sparse-space method (two-heap splits only, no tail), or
 * GRUNDY__HEAP_ABANDONED:
 * 1. mark the plain removals and every split through a rare heap, which
 *    includes every split of common value;
 * 2. c = the least common value not marked: no option has it;
 * 3. a rare value below c is the answer only if no split reaches it: scan
 *    the remaining splits, stopping as soon as every one of them is reached. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(sparse)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const uint32_t mask = g->mask;
    const uint32_t *rare = g->rare;
    size_t nrare = grundy__heap_compute__rare_count(g);
    grundy__mex *mx = &L->mex;
    grundy__mex_begin(mx);
    for (size_t s = 0; nrare > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        /* For m = n the heaps 1 and n - 1 wait for the deferred split. */
        size_t lo = m == n && nrare > 0 && rare[0] == 1;
        size_t below = grundy__heap_compute__rare_below(rare, nrare, m == n ? m - 1 : m);
        if (lo > below)
            lo = below;
        if (g->rules.unequal && m % 2 == 0) {
            /* Leave out the equal split: m/2 and m/2 is not a move. */
            size_t mid = grundy__heap_compute__rare_below(rare, below, m / 2);
            mid = mid < lo ? lo : mid;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, mid - lo, m);
            mid += mid < below && rare[mid] == m / 2;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + mid, below - mid, m);
        } else {
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, below - lo, m);
        }
        L->work += below + 1;
    }
    /* Everything but the few options through heap n - 1 first, so that
     * with two lanes the wait for G(n - 1) comes at the very end. */
    uint32_t c = grundy__heap_compute__least_common(mx, mask, 0);
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, 0, c, 1);
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    /* Those options can only mark more: c may grow, and the rare values
     * between the old and the new c need their check too. */
    uint32_t c2 = grundy__heap_compute__least_common(mx, mask, c);
    if (c2 > c)
        missing += GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, c, c2, 0);
    if (missing == 0)
        return c2;
    uint32_t x = 0;
    while (x < c2 && (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x)))
        x++;
    return x; /* a new rare value */
}
/* === src/heap/heap_compute.c (continued) === */
#undef GRUNDY__HEAP_COMPUTE__VALUE_T
#undef GRUNDY__HEAP_COMPUTE__KERNEL
#undef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN8
#define GRUNDY__HEAP_COMPUTE__VALUE_T uint16_t
#define GRUNDY__HEAP_COMPUTE__KERNEL(name) grundy__heap_##name##_16
#define GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16
/* === src/heap/heap_kernel.h (included by src/heap/heap_compute.c) === */
/* The inner loops of heap-game values, written once and included by
 * heap_compute.c for each stored width, with VALUE_T (the stored type) and
 * KERNEL(name) (the name with the prefix grundy__heap_ and the width's
 * suffix) defined.  A template by inclusion keeps the hot loops free of a
 * switch on the width per read.
 *
 * Each kernel computes G(n) in a lane (grundy__heap_lane: its own mex marks
 * and tables), and reads G(n - 1) only after grundy__heap_lane_wait(): with
 * two lanes the other one may still be computing it.  The options that need G(n - 1) are
 * few (taking one token and leaving a heap, the split of n into 1 and
 * n - 1), so everything else is done first. */

/* Marks the values of every split of m tokens into two (and three) heaps,
 * the two-heap splits from (first, m - first) on. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                               uint64_t m, unsigned bits, uint64_t first)
{
    if ((bits & GRUNDY__HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = first; a <= half; a++)
            grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[m - a]));
        L->work += half;
    }
    if ((bits & GRUNDY__HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[b] ^ v[m - a - b]));
            L->work += m / 2;
        }
    }
}

/* Marks the options that take k tokens and leave nothing or one heap. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(removal)(grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v, uint64_t n, uint64_t k,
                            unsigned d)
{
    if ((d & GRUNDY__HEAP_LEAVE_NONE) && n == k)
        grundy__mex_add(&L->mex, 0);
    if ((d & GRUNDY__HEAP_LEAVE_ONE) && n > k)
        grundy__mex_add(&L->mex, v[n - k]);
}

/* Marks the options left for after grundy__heap_lane_wait(): every removal
 * that leaves nothing or one heap, and the split of n into 1 and n - 1. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                             uint64_t n)
{
    const grundy__heap_rules *r = &g->rules;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++)
        GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, r->removals[i], grundy__heap_rules_removal_digit(r, i));
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, k, r->tail);
    }
    if ((grundy__heap_rules_digit(r, 0) & GRUNDY__HEAP_LEAVE_TWO) && n >= 2 && !(r->unequal && n == 2))
        grundy__mex_add(&L->mex, (uint32_t)(v[1] ^ v[n - 1]));
}

/* G(n) by the mex over every option, or GRUNDY__HEAP_ABANDONED. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(plain)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&L->mex);
    GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n, grundy__heap_rules_digit(r, 0), 2);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, grundy__heap_rules_removal_digit(r, i), 1);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, r->tail, 1);
        L->work += n;
    }
    L->work += r->nremovals + 1;
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    return grundy__mex_end(&L->mex);
}

/* Marks the value of the split (a, m - a) for each of the count rare heaps a.
 * The hottest loop of the sparse method, so it keeps everything in locals:
 * every value is below pow2 and so within the stamp array. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(uint32_t *stamp, uint32_t gen, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                              const uint32_t *rare, size_t count, uint64_t m)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *vm = v + m;
    size_t j = 0;
    /* Four at a time: the loads of one group do not wait for the stores of
     * the one before. */
    for (; j + 4 <= count; j += 4) {
        uint32_t a0 = rare[j], a1 = rare[j + 1], a2 = rare[j + 2], a3 = rare[j + 3];
        uint32_t x0 = (uint32_t)(v[a0] ^ vm[-(ptrdiff_t)a0]);
        uint32_t x1 = (uint32_t)(v[a1] ^ vm[-(ptrdiff_t)a1]);
        uint32_t x2 = (uint32_t)(v[a2] ^ vm[-(ptrdiff_t)a2]);
        uint32_t x3 = (uint32_t)(v[a3] ^ vm[-(ptrdiff_t)a3]);
        stamp[x0] = gen;
        stamp[x1] = gen;
        stamp[x2] = gen;
        stamp[x3] = gen;
    }
    for (; j < count; j++)
        stamp[v[rare[j]] ^ vm[-(ptrdiff_t)rare[j]]] = gen;
}

#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN8
/* The rare values below c that no option has shown yet, as the set that
 * the vectorised scan of heap_scan.h tests (the bitmap for AVX-512, else
 * the nibble tables); returns how many.  A rare value of 256 or more is
 * never reached (every split's value is below 256), so it stays missing
 * and needs no bit. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
    for (uint32_t x = lo; x < c; x++) {
        if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
#if GRUNDY__SCAN_VECTOR
            if (x < 256 && g->scan_bits8 != NULL)
                grundy__want_bits_flip(&L->want_bits, x);
            else
#endif
            if (x < 256)
                grundy__want8_flip(&L->want8, x);
            missing++;
        }
    }
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
    (void)lo;
    (void)c;
#if GRUNDY__SCAN_VECTOR
    memset(&L->want_bits, 0, sizeof L->want_bits);
#endif
    memset(&L->want8, 0, sizeof L->want8);
}

/* Marks the wanted values of the splits (b, m - b), lo <= b < stop, until
 * none is missing; returns how many still are. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
#if GRUNDY__SCAN_VECTOR
    if (g->scan_bits8 != NULL) {
        uint16_t found[256];
        uint32_t k = g->scan_bits8(&L->want_bits, (const uint8_t *)v, m, lo, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - lo;
        return missing - k;
    }
#endif
    uint64_t b = lo;
    while (missing > 0 && b < stop) {
        uint64_t hit = g->scan8(&L->want8, (const uint8_t *)v, m, b, stop);
        L->work += hit - b + 1;
        if (hit == stop)
            break;
        uint32_t x = (uint32_t)(v[hit] ^ v[m - hit]);
        grundy__want8_flip(&L->want8, x);
        grundy__mex_add(&L->mex, x);
        missing--;
        b = hit + 1;
    }
    return missing;
}
#else
/* As above, for values of two or four bytes: want[x] marks the rare values
 * below c that no option has shown yet, and two-byte values switch to the
 * vectorised list scan for the last few (L->nfew of them, once listed). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    /* The bitmap, where the processor has its scan and every value (so
     * every split's value) is below 1024. */
    L->bits = g->scan_bits != NULL && g->pow2 <= 1024;
    if (L->bits) {
        for (uint32_t x = lo; x < c; x++) {
            if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
                if (x < 1024)
                    grundy__want_bits_flip(&L->want_bits, x);
                missing++;
            }
        }
        return missing;
    }
#endif
    for (uint32_t x = lo; x < c; x++) {
        L->want[x] = !grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x);
        missing += L->want[x];
    }
    L->nfew = 0;
    L->want_lo = lo;
    L->want_c = c;
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        memset(&L->want_bits, 0, sizeof L->want_bits);
        return;
    }
#endif
    memset(L->want + lo, 0, c - lo);
}

static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
    unsigned char *want = L->want;
    uint64_t a = lo;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        uint16_t found[1024];
        uint32_t k = g->scan_bits(&L->want_bits, v, m, a, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - a;
        return missing - k;
    }
#endif
    while (a < stop && missing > 0) {
#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16
        if (missing <= GRUNDY__SCAN_FEW && L->want_c <= 65536) {
            if (L->nfew == 0) {
                for (uint32_t x = L->want_lo; x < L->want_c; x++) {
                    if (want[x])
                        L->few[L->nfew++] = (uint16_t)x;
                }
            }
            uint64_t b = g->scan16(L->few, L->nfew, v, m, a, stop);
            L->work += b - a + 1;
            if (b == stop)
                break;
            grundy__heap_compute__want_hit(L, (uint32_t)(v[b] ^ v[m - b]));
            missing--;
            a = b + 1;
            continue;
        }
#else
        (void)g;
#endif
        /* Blocks of splits: one OR of table reads per block, and a second
         * look only at the rare block that hits; while many values are
         * wanted most blocks hit, so look once. */
        uint64_t end = stop - a < GRUNDY__HEAP_COMPUTE__WANT_BLOCK ? stop : a + GRUNDY__HEAP_COMPUTE__WANT_BLOCK;
        unsigned hit = missing > GRUNDY__HEAP_COMPUTE__WANT_MANY;
        for (uint64_t b = a; b < end && !hit; b++)
            hit |= want[(uint32_t)(v[b] ^ v[m - b])];
        for (uint64_t b = a; hit && b < end && missing > 0; b++) {
            uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
            if (want[x]) {
                grundy__heap_compute__want_hit(L, x);
                missing--;
            }
        }
        L->work += end - a;
        a = end;
    }
    return missing;
}
#endif

/* Marks every rare value in [lo, c) that a split reaches, stopping as soon
 * as all are; returns how many none reaches.  With `early`, the split of n
 * into 1 and n - 1 is left out (G(n - 1) may not be known yet).  The
 * splits of every amount are scanned side by side in rounds of doubling
 * length, since a value may be within reach of one amount only (Kayles:
 * some only by taking 2). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                uint64_t n, uint32_t lo, uint32_t c, int early)
{
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(g, L, lo, c);
    for (uint64_t from = 1, to = GRUNDY__HEAP_COMPUTE__FIRST_ROUND; missing > 0; from = to, to *= 2) {
        int more = 0;
        for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
            uint64_t m = n - g->split_k[s];
            uint64_t end = m / 2 + 1;
            if (g->rules.unequal && m % 2 == 0)
                end--;
            uint64_t first = early && m == n && from < 2 ? 2 : from;
            if (first >= end)
                continue;
            more = 1;
            missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(g, L, v, m, first, to < end ? to : end, missing);
        }
        if (!more)
            break;
    }
    GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(L, lo, c);
    return missing;
}

/* G(n) by the sparse-space method (two-heap splits only, no tail), or
 * GRUNDY__HEAP_ABANDONED:
 * 1. mark the plain removals and every split through a rare heap, which
 *    includes every split of common value;
 * 2. c = the least common value not marked: no option has it;
 * 3. a rare value below c is the answer only if no split reaches it: scan
 *    the remaining splits, stopping as soon as every one of them is reached. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(sparse)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const uint32_t mask = g->mask;
    const uint32_t *rare = g->rare;
    size_t nrare = grundy__heap_compute__rare_count(g);
    grundy__mex *mx = &L->mex;
    grundy__mex_begin(mx);
    for (size_t s = 0; nrare > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        /* For m = n the heaps 1 and n - 1 wait for the deferred split. */
        size_t lo = m == n && nrare > 0 && rare[0] == 1;
        size_t below = grundy__heap_compute__rare_below(rare, nrare, m == n ? m - 1 : m);
        if (lo > below)
            lo = below;
        if (g->rules.unequal && m % 2 == 0) {
            /* Leave out the equal split: m/2 and m/2 is not a move. */
            size_t mid = grundy__heap_compute__rare_below(rare, below, m / 2);
            mid = mid < lo ? lo : mid;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, mid - lo, m);
            mid += mid < below && rare[mid] == m / 2;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + mid, below - mid, m);
        } else {
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, below - lo, m);
        }
        L->work += below + 1;
    }
    /* Everything but the few options through heap n - 1 first, so that
     * with two lanes the wait for G(n - 1) comes at the very end. */
    uint32_t c = grundy__heap_compute__least_common(mx, mask, 0);
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, 0, c, 1);
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    /* Those options can only mark more: c may grow, and the rare values
     * between the old and the new c need their check too. */
    uint32_t c2 = grundy__heap_compute__least_common(mx, mask, c);
    if (c2 > c)
        missing += GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, c, c2, 0);
    if (missing == 0)
        return c2;
    uint32_t x = 0;
    while (x < c2 && (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x)))
        x++;
    return x; /* a new rare value */
}
/* === src/heap/heap_compute.c (continued) === */
#undef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16
#undef GRUNDY__HEAP_COMPUTE__VALUE_T
#undef GRUNDY__HEAP_COMPUTE__KERNEL
#define GRUNDY__HEAP_COMPUTE__VALUE_T uint32_t
#define GRUNDY__HEAP_COMPUTE__KERNEL(name) grundy__heap_##name##_32
/* === src/heap/heap_kernel.h (included by src/heap/heap_compute.c) === */
/* The inner loops of heap-game values, written once and included by
 * heap_compute.c for each stored width, with VALUE_T (the stored type) and
 * KERNEL(name) (the name with the prefix grundy__heap_ and the width's
 * suffix) defined.  A template by inclusion keeps the hot loops free of a
 * switch on the width per read.
 *
 * Each kernel computes G(n) in a lane (grundy__heap_lane: its own mex marks
 * and tables), and reads G(n - 1) only after grundy__heap_lane_wait(): with
 * two lanes the other one may still be computing it.  The options that need G(n - 1) are
 * few (taking one token and leaving a heap, the split of n into 1 and
 * n - 1), so everything else is done first. */

/* Marks the values of every split of m tokens into two (and three) heaps,
 * the two-heap splits from (first, m - first) on. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                               uint64_t m, unsigned bits, uint64_t first)
{
    if ((bits & GRUNDY__HEAP_LEAVE_TWO) && m >= 2) {
        uint64_t half = m / 2;
        if (g->rules.unequal && m % 2 == 0)
            half--;
        for (uint64_t a = first; a <= half; a++)
            grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[m - a]));
        L->work += half;
    }
    if ((bits & GRUNDY__HEAP_LEAVE_THREE) && m >= 3) {
        for (uint64_t a = 1; 3 * a <= m; a++) {
            for (uint64_t b = a; a + 2 * b <= m; b++)
                grundy__mex_add(&L->mex, (uint32_t)(v[a] ^ v[b] ^ v[m - a - b]));
            L->work += m / 2;
        }
    }
}

/* Marks the options that take k tokens and leave nothing or one heap. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(removal)(grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v, uint64_t n, uint64_t k,
                            unsigned d)
{
    if ((d & GRUNDY__HEAP_LEAVE_NONE) && n == k)
        grundy__mex_add(&L->mex, 0);
    if ((d & GRUNDY__HEAP_LEAVE_ONE) && n > k)
        grundy__mex_add(&L->mex, v[n - k]);
}

/* Marks the options left for after grundy__heap_lane_wait(): every removal
 * that leaves nothing or one heap, and the split of n into 1 and n - 1. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                             uint64_t n)
{
    const grundy__heap_rules *r = &g->rules;
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++)
        GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, r->removals[i], grundy__heap_rules_removal_digit(r, i));
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(removal)(L, v, n, k, r->tail);
    }
    if ((grundy__heap_rules_digit(r, 0) & GRUNDY__HEAP_LEAVE_TWO) && n >= 2 && !(r->unequal && n == 2))
        grundy__mex_add(&L->mex, (uint32_t)(v[1] ^ v[n - 1]));
}

/* G(n) by the mex over every option, or GRUNDY__HEAP_ABANDONED. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(plain)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const grundy__heap_rules *r = &g->rules;
    grundy__mex_begin(&L->mex);
    GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n, grundy__heap_rules_digit(r, 0), 2);
    for (uint32_t i = 0; i < r->nremovals && r->removals[i] <= n; i++) {
        uint64_t k = r->removals[i];
        GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, grundy__heap_rules_removal_digit(r, i), 1);
    }
    if (r->tail != 0) {
        for (uint64_t k = r->ndigits; k <= n; k++)
            GRUNDY__HEAP_COMPUTE__KERNEL(all_splits)(g, L, v, n - k, r->tail, 1);
        L->work += n;
    }
    L->work += r->nremovals + 1;
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    return grundy__mex_end(&L->mex);
}

/* Marks the value of the split (a, m - a) for each of the count rare heaps a.
 * The hottest loop of the sparse method, so it keeps everything in locals:
 * every value is below pow2 and so within the stamp array. */
static void GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(uint32_t *stamp, uint32_t gen, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                              const uint32_t *rare, size_t count, uint64_t m)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *vm = v + m;
    size_t j = 0;
    /* Four at a time: the loads of one group do not wait for the stores of
     * the one before. */
    for (; j + 4 <= count; j += 4) {
        uint32_t a0 = rare[j], a1 = rare[j + 1], a2 = rare[j + 2], a3 = rare[j + 3];
        uint32_t x0 = (uint32_t)(v[a0] ^ vm[-(ptrdiff_t)a0]);
        uint32_t x1 = (uint32_t)(v[a1] ^ vm[-(ptrdiff_t)a1]);
        uint32_t x2 = (uint32_t)(v[a2] ^ vm[-(ptrdiff_t)a2]);
        uint32_t x3 = (uint32_t)(v[a3] ^ vm[-(ptrdiff_t)a3]);
        stamp[x0] = gen;
        stamp[x1] = gen;
        stamp[x2] = gen;
        stamp[x3] = gen;
    }
    for (; j < count; j++)
        stamp[v[rare[j]] ^ vm[-(ptrdiff_t)rare[j]]] = gen;
}

#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN8
/* The rare values below c that no option has shown yet, as the set that
 * the vectorised scan of heap_scan.h tests (the bitmap for AVX-512, else
 * the nibble tables); returns how many.  A rare value of 256 or more is
 * never reached (every split's value is below 256), so it stays missing
 * and needs no bit. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
    for (uint32_t x = lo; x < c; x++) {
        if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
#if GRUNDY__SCAN_VECTOR
            if (x < 256 && g->scan_bits8 != NULL)
                grundy__want_bits_flip(&L->want_bits, x);
            else
#endif
            if (x < 256)
                grundy__want8_flip(&L->want8, x);
            missing++;
        }
    }
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
    (void)lo;
    (void)c;
#if GRUNDY__SCAN_VECTOR
    memset(&L->want_bits, 0, sizeof L->want_bits);
#endif
    memset(&L->want8, 0, sizeof L->want8);
}

/* Marks the wanted values of the splits (b, m - b), lo <= b < stop, until
 * none is missing; returns how many still are. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
#if GRUNDY__SCAN_VECTOR
    if (g->scan_bits8 != NULL) {
        uint16_t found[256];
        uint32_t k = g->scan_bits8(&L->want_bits, (const uint8_t *)v, m, lo, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - lo;
        return missing - k;
    }
#endif
    uint64_t b = lo;
    while (missing > 0 && b < stop) {
        uint64_t hit = g->scan8(&L->want8, (const uint8_t *)v, m, b, stop);
        L->work += hit - b + 1;
        if (hit == stop)
            break;
        uint32_t x = (uint32_t)(v[hit] ^ v[m - hit]);
        grundy__want8_flip(&L->want8, x);
        grundy__mex_add(&L->mex, x);
        missing--;
        b = hit + 1;
    }
    return missing;
}
#else
/* As above, for values of two or four bytes: want[x] marks the rare values
 * below c that no option has shown yet, and two-byte values switch to the
 * vectorised list scan for the last few (L->nfew of them, once listed). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(grundy_heap_game *g, grundy__heap_lane *L, uint32_t lo,
                                   uint32_t c)
{
    uint32_t missing = 0;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    /* The bitmap, where the processor has its scan and every value (so
     * every split's value) is below 1024. */
    L->bits = g->scan_bits != NULL && g->pow2 <= 1024;
    if (L->bits) {
        for (uint32_t x = lo; x < c; x++) {
            if (!grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x)) {
                if (x < 1024)
                    grundy__want_bits_flip(&L->want_bits, x);
                missing++;
            }
        }
        return missing;
    }
#endif
    for (uint32_t x = lo; x < c; x++) {
        L->want[x] = !grundy__odd_parity(x & g->mask) && !grundy__mex_seen(&L->mex, x);
        missing += L->want[x];
    }
    L->nfew = 0;
    L->want_lo = lo;
    L->want_c = c;
    return missing;
}

static void GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(grundy__heap_lane *L, uint32_t lo, uint32_t c)
{
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        memset(&L->want_bits, 0, sizeof L->want_bits);
        return;
    }
#endif
    memset(L->want + lo, 0, c - lo);
}

static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                  uint64_t m, uint64_t lo, uint64_t stop, uint32_t missing)
{
    unsigned char *want = L->want;
    uint64_t a = lo;
#if defined(GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16) && GRUNDY__SCAN_VECTOR
    if (L->bits) {
        uint16_t found[1024];
        uint32_t k = g->scan_bits(&L->want_bits, v, m, a, stop, missing, found);
        for (uint32_t i = 0; i < k; i++)
            grundy__mex_add(&L->mex, found[i]);
        L->work += stop - a;
        return missing - k;
    }
#endif
    while (a < stop && missing > 0) {
#ifdef GRUNDY__HEAP_COMPUTE__KERNEL_SCAN16
        if (missing <= GRUNDY__SCAN_FEW && L->want_c <= 65536) {
            if (L->nfew == 0) {
                for (uint32_t x = L->want_lo; x < L->want_c; x++) {
                    if (want[x])
                        L->few[L->nfew++] = (uint16_t)x;
                }
            }
            uint64_t b = g->scan16(L->few, L->nfew, v, m, a, stop);
            L->work += b - a + 1;
            if (b == stop)
                break;
            grundy__heap_compute__want_hit(L, (uint32_t)(v[b] ^ v[m - b]));
            missing--;
            a = b + 1;
            continue;
        }
#else
        (void)g;
#endif
        /* Blocks of splits: one OR of table reads per block, and a second
         * look only at the rare block that hits; while many values are
         * wanted most blocks hit, so look once. */
        uint64_t end = stop - a < GRUNDY__HEAP_COMPUTE__WANT_BLOCK ? stop : a + GRUNDY__HEAP_COMPUTE__WANT_BLOCK;
        unsigned hit = missing > GRUNDY__HEAP_COMPUTE__WANT_MANY;
        for (uint64_t b = a; b < end && !hit; b++)
            hit |= want[(uint32_t)(v[b] ^ v[m - b])];
        for (uint64_t b = a; hit && b < end && missing > 0; b++) {
            uint32_t x = (uint32_t)(v[b] ^ v[m - b]);
            if (want[x]) {
                grundy__heap_compute__want_hit(L, x);
                missing--;
            }
        }
        L->work += end - a;
        a = end;
    }
    return missing;
}
#endif

/* Marks every rare value in [lo, c) that a split reaches, stopping as soon
 * as all are; returns how many none reaches.  With `early`, the split of n
 * into 1 and n - 1 is left out (G(n - 1) may not be known yet).  The
 * splits of every amount are scanned side by side in rounds of doubling
 * length, since a value may be within reach of one amount only (Kayles:
 * some only by taking 2). */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(grundy_heap_game *g, grundy__heap_lane *L, const GRUNDY__HEAP_COMPUTE__VALUE_T *v,
                                uint64_t n, uint32_t lo, uint32_t c, int early)
{
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_begin)(g, L, lo, c);
    for (uint64_t from = 1, to = GRUNDY__HEAP_COMPUTE__FIRST_ROUND; missing > 0; from = to, to *= 2) {
        int more = 0;
        for (size_t s = 0; missing > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
            uint64_t m = n - g->split_k[s];
            uint64_t end = m / 2 + 1;
            if (g->rules.unequal && m % 2 == 0)
                end--;
            uint64_t first = early && m == n && from < 2 ? 2 : from;
            if (first >= end)
                continue;
            more = 1;
            missing = GRUNDY__HEAP_COMPUTE__KERNEL(want_scan)(g, L, v, m, first, to < end ? to : end, missing);
        }
        if (!more)
            break;
    }
    GRUNDY__HEAP_COMPUTE__KERNEL(want_end)(L, lo, c);
    return missing;
}

/* G(n) by the sparse-space method (two-heap splits only, no tail), or
 * GRUNDY__HEAP_ABANDONED:
 * 1. mark the plain removals and every split through a rare heap, which
 *    includes every split of common value;
 * 2. c = the least common value not marked: no option has it;
 * 3. a rare value below c is the answer only if no split reaches it: scan
 *    the remaining splits, stopping as soon as every one of them is reached. */
static uint32_t GRUNDY__HEAP_COMPUTE__KERNEL(sparse)(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    const GRUNDY__HEAP_COMPUTE__VALUE_T *v = (const GRUNDY__HEAP_COMPUTE__VALUE_T *)(const void *)g->vals.p;
    const uint32_t mask = g->mask;
    const uint32_t *rare = g->rare;
    size_t nrare = grundy__heap_compute__rare_count(g);
    grundy__mex *mx = &L->mex;
    grundy__mex_begin(mx);
    for (size_t s = 0; nrare > 0 && s < g->nsplit && g->split_k[s] <= n; s++) {
        uint64_t m = n - g->split_k[s];
        /* For m = n the heaps 1 and n - 1 wait for the deferred split. */
        size_t lo = m == n && nrare > 0 && rare[0] == 1;
        size_t below = grundy__heap_compute__rare_below(rare, nrare, m == n ? m - 1 : m);
        if (lo > below)
            lo = below;
        if (g->rules.unequal && m % 2 == 0) {
            /* Leave out the equal split: m/2 and m/2 is not a move. */
            size_t mid = grundy__heap_compute__rare_below(rare, below, m / 2);
            mid = mid < lo ? lo : mid;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, mid - lo, m);
            mid += mid < below && rare[mid] == m / 2;
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + mid, below - mid, m);
        } else {
            GRUNDY__HEAP_COMPUTE__KERNEL(mark_rare)(mx->stamp, mx->gen, v, rare + lo, below - lo, m);
        }
        L->work += below + 1;
    }
    /* Everything but the few options through heap n - 1 first, so that
     * with two lanes the wait for G(n - 1) comes at the very end. */
    uint32_t c = grundy__heap_compute__least_common(mx, mask, 0);
    uint32_t missing = GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, 0, c, 1);
    if (!grundy__heap_lane_wait(g, L, n))
        return GRUNDY__HEAP_ABANDONED;
    GRUNDY__HEAP_COMPUTE__KERNEL(deferred)(g, L, v, n);
    /* Those options can only mark more: c may grow, and the rare values
     * between the old and the new c need their check too. */
    uint32_t c2 = grundy__heap_compute__least_common(mx, mask, c);
    if (c2 > c)
        missing += GRUNDY__HEAP_COMPUTE__KERNEL(confirm)(g, L, v, n, c, c2, 0);
    if (missing == 0)
        return c2;
    uint32_t x = 0;
    while (x < c2 && (grundy__odd_parity(x & mask) || grundy__mex_seen(mx, x)))
        x++;
    return x; /* a new rare value */
}
/* === src/heap/heap_compute.c (continued) === */
#undef GRUNDY__HEAP_COMPUTE__VALUE_T
#undef GRUNDY__HEAP_COMPUTE__KERNEL

/* Doubles the power of two above every value, and each lane's scratch. */
static int grundy__heap_compute__grow_mex(grundy_heap_game *g)
{
    grundy__heap_lanes_settle(g);
    size_t bound = (size_t)(g->pow2 * 2 + 1);
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++) {
        if ((i == 0 || g->lane[i].want != NULL) &&
            grundy__heap_lane_init(&g->lane[i], &g->alloc, bound) != GRUNDY_OK)
            return GRUNDY_ENOMEM;
    }
    g->pow2 *= 2;
    return GRUNDY_OK;
}

GRUNDY__LOCAL uint32_t grundy__heap_next_value(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    int sparse = g->sparse_active;
    switch (g->vals.width) {
    case 1: return sparse ? grundy__heap_sparse_8(g, L, n) : grundy__heap_plain_8(g, L, n);
    case 2: return sparse ? grundy__heap_sparse_16(g, L, n) : grundy__heap_plain_16(g, L, n);
    default: return sparse ? grundy__heap_sparse_32(g, L, n) : grundy__heap_plain_32(g, L, n);
    }
}

/* One more value on the calling thread, with everything it feeds: mex
 * room, width, histogram, rare list.  Every allocation comes first, so a
 * failure leaves the value uncounted everywhere (a retry computes it). */
static int grundy__heap_compute__compute_next(grundy_heap_game *g)
{
    if (g->vals.n >= GRUNDY__HEAP_COMPUTE__MAX_VALUES)
        return GRUNDY_ELIMIT;
    if (g->vals.n == 0 && g->vals.width == 0)
        g->vals.width = 1;
    uint64_t n = g->vals.n;
    uint32_t v = n == 0 ? 0 : grundy__heap_next_value(g, &g->lane[0], n);
    int rc = GRUNDY_OK;
    if (v >= g->pow2)
        rc = grundy__heap_compute__grow_mex(g);
    int rare = grundy__heap_is_rare(g, n, v);
    /* Lane 1, still in a segment, reads the values and the rare list:
     * none may move while it does. */
    if (g->vals.n == g->vals.cap || (rare && g->nrare == g->cap_rare))
        grundy__heap_lanes_settle(g);
    if (rc == GRUNDY_OK && rare)
        rc = grundy__heap_rare_room(g, 1);
    if (rc == GRUNDY_OK && grundy__heap_sparse_possible(g))
        rc = grundy__heap_hist_room(g, v);
    if (rc == GRUNDY_OK)
        rc = grundy__values_append(&g->vals, &g->alloc, v);
    if (rc != GRUNDY_OK)
        return rc;
    if (grundy__heap_sparse_possible(g))
        g->hist[v]++;
    if (rare) {
        g->rare[g->nrare] = (uint32_t)n;
        grundy__store_release(&g->nrare, g->nrare + 1); /* lane 1 may read it */
    }
    return GRUNDY_OK;
}

/* Where the next stretch of values ends: at the count, a period check, a
 * choice of mask, or after about PROGRESS_WORK options. */
static uint64_t grundy__heap_compute__segment_stop(const grundy_heap_game *g, uint64_t count)
{
    uint64_t per_value = g->sparse_active ? 4096 : g->vals.n / 2 + 1;
    uint64_t len = GRUNDY__HEAP_COMPUTE__PROGRESS_WORK / per_value;
    len = len < GRUNDY__HEAP_COMPUTE__MIN_SEGMENT ? GRUNDY__HEAP_COMPUTE__MIN_SEGMENT : len > GRUNDY__HEAP_COMPUTE__MAX_SEGMENT ? GRUNDY__HEAP_COMPUTE__MAX_SEGMENT : len;
    uint64_t stop = g->vals.n + len < count ? g->vals.n + len : count;
    if (g->detect && g->next_check > g->vals.n && g->next_check < stop)
        stop = g->next_check;
    if (grundy__heap_sparse_possible(g) && g->next_choice > g->vals.n && g->next_choice < stop)
        stop = g->next_choice;
    return stop;
}

/* Period checks, mask choices and progress, between stretches of values.
 * Returns 1 when a period is proved (the computation is over). */
static int grundy__heap_compute__between_values(grundy_heap_game *g, uint64_t count, int *rc)
{
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++) {
        if (i == 0 || !grundy__heap_lane1_busy(g)) {
            g->work += g->lane[i].work;
            g->lane[i].work = 0;
        }
    }
    if (g->detect && g->vals.n >= g->next_check) {
        if (g->engine.regularity != NULL && g->engine.regularity(g) > 0)
            return 1;
        g->next_check = g->vals.n + g->vals.n / 4 + 16;
    }
    if (grundy__heap_sparse_possible(g) && g->vals.n >= g->next_choice) {
        grundy__heap_lanes_settle(g); /* the mask and rare list change */
        *rc = grundy__heap_rechoose(g);
    }
    if (*rc == GRUNDY_OK && g->work >= GRUNDY__HEAP_COMPUTE__PROGRESS_WORK) {
        g->work = 0;
        if (g->progress != NULL) {
            g->reporting = 1;
            if (g->progress(g->progress_user, g->vals.n, count) != 0)
                *rc = GRUNDY_ECANCELED;
            g->reporting = 0;
        }
    }
    return 0;
}

/* Computes the values up to stop on one thread (fewer on an error), or
 * fewer once they have cost PROGRESS_WORK options: segment_stop() guesses
 * a stretch's length from the heap size, as if a value cost n/2 options,
 * but a game that leaves three heaps (a hexadecimal code) pays some n^2/12,
 * and a stretch of 64 values at n = 30000 would keep the progress callback
 * waiting for seconds. */
static int grundy__heap_compute__run_one(grundy_heap_game *g, uint64_t stop)
{
    int rc = GRUNDY_OK;
    uint64_t work = g->lane[0].work;
    while (rc == GRUNDY_OK && g->vals.n < stop && g->lane[0].work - work < GRUNDY__HEAP_COMPUTE__PROGRESS_WORK)
        rc = grundy__heap_compute__compute_next(g);
    return rc;
}

/* The values up to stop: on two lanes when they are ready, then on this
 * thread what they left (the value that stopped them, if any). */
static int grundy__heap_compute__run_segment(grundy_heap_game *g, uint64_t stop)
{
    if (g->engine.run != NULL)
        return g->engine.run(g, stop);
    int lanes = stop - g->vals.n >= GRUNDY__HEAP_COMPUTE__MIN_SEGMENT && g->vals.n >= GRUNDY__HEAP_COMPUTE__LANES_FROM
                    ? grundy__heap_lanes_ready(g)
                    : 0;
    double t0 = g->threads > 1 ? grundy__seconds() : 0.0;
    uint64_t start = g->vals.n;
    int rc = GRUNDY_OK;
    if (lanes < 0)
        rc = GRUNDY_ENOMEM;
    else if (lanes > 0)
        rc = grundy__heap_run_lanes(g, stop);
    if (rc == GRUNDY_OK && g->vals.n < stop)
        rc = lanes ? grundy__heap_compute__compute_next(g) : grundy__heap_compute__run_one(g, stop);
    if (g->threads > 1)
        grundy__heap_note_speed(g, lanes > 0, g->vals.n - start, grundy__seconds() - t0);
    return rc;
}

/* The bytes the values of a game take (with an all-but game's counts). */
static uint64_t grundy__heap_compute__values_bytes(const grundy_heap_game *g, uint64_t values)
{
    uint64_t counts = g->allbut.cap * 2 * sizeof(uint32_t);
    return values > (UINT64_MAX - counts) / g->vals.width ? UINT64_MAX
                                                          : values * g->vals.width + counts;
}

/* Whether count values may be computed within the memory cap; a game that
 * may prove a regularity before then is let go on (the table's growth
 * checks the cap again). */
static int grundy__heap_compute__within_cap(const grundy_heap_game *g, uint64_t count)
{
    if (g->limit == 0 || (g->detect && grundy__heap_provable(g)))
        return 1;
    return grundy__heap_compute__values_bytes(g, count) <= g->limit;
}

/* The values up to count, or until a period is proved. */
static int grundy__heap_compute__compute_to(grundy_heap_game *g, uint64_t count)
{
    if (g->periodic || count <= g->vals.n)
        return GRUNDY_OK;
    /* Lasker's Nim: its first values, then its closed form. */
    if (g->detect && grundy__heap_rules_lasker(&g->rules) && count > GRUNDY__HEAP_LASKER_FIRST) {
        int rc = grundy__heap_compute__compute_to(g, GRUNDY__HEAP_LASKER_FIRST);
        if (rc == GRUNDY_OK)
            grundy__heap_lasker_closed_form(g);
        return rc;
    }
    /* Past the table's limit only a proved period can answer. */
    if (count > GRUNDY__HEAP_COMPUTE__MAX_VALUES && !(g->detect && grundy__heap_provable(g)))
        return GRUNDY_ELIMIT;
    if (!grundy__heap_compute__within_cap(g, count))
        return GRUNDY_ELIMIT;
    int rc = GRUNDY_OK;
    if (g->lane[0].mex.bound < g->pow2 + 1)
        rc = grundy__heap_compute__grow_mex(g);
    while (rc == GRUNDY_OK && g->vals.n < count) {
        rc = grundy__heap_compute__run_segment(g, grundy__heap_compute__segment_stop(g, count));
        if (rc == GRUNDY_OK && g->limit != 0 && grundy__heap_compute__values_bytes(g, g->vals.cap) > g->limit)
            rc = GRUNDY_ELIMIT;
        if (rc == GRUNDY_OK && grundy__heap_compute__between_values(g, count, &rc))
            break;
    }
    grundy__heap_lanes_end(g);
    return rc;
}

/* compute_to, with the message of a failure: what was asked, and how far
 * the values got.  The scan loops are chosen at the first call. */
GRUNDY__LOCAL int grundy__heap_general_compute(grundy_heap_game *g, uint64_t count)
{
    if (g->scan8 == NULL) {
        g->scan8 = grundy__scan8_best();
        g->scan16 = grundy__scan16_best();
#if GRUNDY__SCAN_VECTOR
        g->scan_bits = grundy__scan_bits_best();
        g->scan_bits8 = grundy__scan_bits8_best();
#endif
    }
    int rc = grundy__heap_compute__compute_to(g, count);
    unsigned long long want = count, have = g->vals.n;
    switch (rc) {
    case GRUNDY_OK: return rc;
    case GRUNDY_ELIMIT:
        if (count <= GRUNDY__HEAP_COMPUTE__MAX_VALUES && g->limit != 0)
            return grundy__heap_fail(g, rc, "%llu values need at least %llu bytes, past the "
                                     "memory limit of %zu bytes, and no period is proved "
                                     "(%llu values computed)", want,
                                     (unsigned long long)grundy__heap_compute__values_bytes(g, count), g->limit, have);
        return grundy__heap_fail(g, rc, "%llu values: a table holds at most 2^32 - 1 and no "
                                 "period is proved (%llu values computed)", want, have);
    case GRUNDY_ECANCELED:
        return grundy__heap_fail(g, rc, "the progress callback stopped the computation at %llu "
                                 "of %llu values (those computed are kept)", have, want);
    case GRUNDY_ENOMEM:
        return grundy__heap_fail(g, rc, "out of memory computing value %llu of %llu", have, want);
    default:
        return grundy__heap_fail(g, rc, "computing value %llu of %llu failed", have, want);
    }
}

int grundy_heap_game_compute(grundy_heap_game *g, uint64_t count)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__heap_ready(g, "grundy_heap_game_compute");
    return rc != GRUNDY_OK ? rc : g->engine.compute(g, count);
}

GRUNDY__LOCAL int grundy__heap_compute_for(grundy_heap_game *g, uint64_t heap)
{
    if (heap < g->vals.n || g->periodic)
        return GRUNDY_OK;
    return g->engine.compute(g, heap == UINT64_MAX ? heap : heap + 1);
}

GRUNDY__LOCAL int grundy__heap_ensure(grundy_heap_game *g, uint64_t heap)
{
    int rc = grundy__heap_compute_for(g, heap);
    if (rc == GRUNDY_OK && grundy__heap_value64(g, heap) > UINT32_MAX)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "G(%llu) is %llu, past 2^32 - 1: ask "
                                 "grundy_heap_game_value64 for it", (unsigned long long)heap,
                                 (unsigned long long)grundy__heap_value64(g, heap));
    return rc;
}

/* out[0 .. count) = the stored G(from), G(from + 1), ...: one loop per
 * width, so a range costs no switch per value. */
static void grundy__heap_compute__copy_stored(const grundy__values *v, uint64_t from, uint64_t count, uint32_t *out)
{
    switch (v->width) {
    case 1:
        for (uint64_t i = 0; i < count; i++)
            out[i] = v->p[from + i];
        break;
    case 2: {
        const uint16_t *p = (const uint16_t *)(const void *)v->p + from;
        for (uint64_t i = 0; i < count; i++)
            out[i] = p[i];
        break;
    }
    default:
        memcpy(out, (const uint32_t *)(const void *)v->p + from, (size_t)count * sizeof *out);
        break;
    }
}

/* out[0 .. count) = G(first), ... for known heaps: what the table holds,
 * then the periodic range as at most two pieces of the stored period (up to
 * its end, then one whole period) and copies of the period just written. */
static void grundy__heap_compute__fill_known(const grundy_heap_game *g, uint64_t first, uint64_t count, uint32_t *out)
{
    uint64_t done = 0;
    if (first < g->vals.n) {
        done = g->vals.n - first < count ? g->vals.n - first : count;
        grundy__heap_compute__copy_stored(&g->vals, first, done, out);
    }
    if (done == count)
        return;
    uint64_t p = g->period, n0 = g->preperiod;
    if (g->saltus != 0) {
        /* One period, each value shifted by its own multiple of the saltus. */
        for (uint64_t k = 0; k < p && done < count; k++, done++)
            out[done] = (uint32_t)grundy__heap_value64(g, first + done);
    }
    uint64_t at = n0 + (first + done - n0) % p; /* the table holds n0 + p values at least */
    for (int piece = 0; piece < 2 && done < count && g->saltus == 0; piece++) {
        uint64_t k = n0 + p - at < count - done ? n0 + p - at : count - done;
        grundy__heap_compute__copy_stored(&g->vals, at, k, out + done);
        done += k;
        at = n0;
    }
    uint32_t s = (uint32_t)g->saltus; /* the caller checked every value fits */
    for (; done < count; done++)
        out[done] = out[done - p] + s;
}

int grundy_heap_game_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                            uint32_t *values)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (values == NULL && count > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_values: values is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_values");
    if (rc != GRUNDY_OK || count == 0)
        return rc;
    if ((uint64_t)count - 1 > UINT64_MAX - first)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "grundy_heap_game_values: %zu heaps from "
                                 "%llu pass 2^64 - 1", count, (unsigned long long)first);
    if (grundy__play_base(play) == GRUNDY_PLAY_MISERE)
        return grundy__heap_misere_values(g, play, first, count, values,
                                          "grundy_heap_game_values");
    uint64_t last = first + ((uint64_t)count - 1);
    rc = grundy__heap_ensure(g, last);
    /* With a saltus the largest value is among the last period's. */
    for (uint64_t i = 1; rc == GRUNDY_OK && g->saltus != 0 && i < count && i < g->period; i++)
        rc = grundy__heap_ensure(g, last - i);
    if (rc == GRUNDY_OK)
        grundy__heap_compute__fill_known(g, first, count, values);
    return rc;
}

int grundy_heap_game_value(grundy_heap_game *g, int play, uint64_t heap, uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_value: value is NULL");
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_value");
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE)
        return grundy__heap_misere_values(g, play, heap, 1, value, "grundy_heap_game_value");
    if (rc == GRUNDY_OK)
        rc = grundy__heap_ensure(g, heap);
    if (rc == GRUNDY_OK)
        *value = grundy__heap_known_value(g, heap);
    return rc;
}

int grundy_heap_game_outcome(grundy_heap_game *g, int play, uint64_t heap)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__heap_ready_play(g, play, "grundy_heap_game_outcome");
    uint32_t v = 0;
    if (rc == GRUNDY_OK && grundy__play_base(play) == GRUNDY_PLAY_MISERE) {
        rc = grundy__heap_misere_values(g, play, heap, 1, &v, "grundy_heap_game_outcome");
        return rc != GRUNDY_OK ? rc : v ? GRUNDY_N : GRUNDY_P;
    }
    if (rc == GRUNDY_OK)
        rc = grundy__heap_compute_for(g, heap);
    if (rc != GRUNDY_OK)
        return rc;
    return grundy__heap_value64(g, heap) != 0 ? GRUNDY_N : GRUNDY_P; /* saturated is not 0 */
}
#undef GRUNDY__HEAP_COMPUTE__PROGRESS_WORK
#undef GRUNDY__HEAP_COMPUTE__MAX_VALUES
#undef GRUNDY__HEAP_COMPUTE__WANT_BLOCK
#undef GRUNDY__HEAP_COMPUTE__WANT_MANY
#undef GRUNDY__HEAP_COMPUTE__FIRST_ROUND
#undef GRUNDY__HEAP_COMPUTE__MIN_SEGMENT
#undef GRUNDY__HEAP_COMPUTE__LANES_FROM
#undef GRUNDY__HEAP_COMPUTE__MAX_SEGMENT

/* === src/heap/heap_game.c === */
/* Heap games: the handle, its rules, settings and messages.
 *
 * A heap game is made of one file per concern, around the handle of
 * heap_game.h: this one creates and configures it; heap_compute.c computes
 * the value sequence, with the sparse-space method of heap_sparse.c and the
 * two lanes of heap_threads.c; heap_period.c proves periods; heap_order.c
 * lists a heap's moves, and heap_moves.c answers for sums of heaps. */

#define GRUNDY__HEAP_GAME__FIRST_MASK_CHOICE 256u    /* values computed plainly before a mask is chosen */

static void grundy__heap_game__lane_free(grundy__heap_lane *L, const grundy_allocator *a)
{
    grundy__mex_free(&L->mex, a);
    grundy__free(a, L->want);
    L->want = NULL;
}

/* Scratch for values below bound - 1; the wanted-value table needs twice
 * that: c, the least common value missing, is below 2 * pow2 (the mask has
 * no bit at pow2 or above, so pow2 + its lowest bit is common). */
GRUNDY__LOCAL int grundy__heap_lane_init(grundy__heap_lane *L, const grundy_allocator *a, size_t bound)
{
    grundy__heap_lane fresh;
    memset(&fresh, 0, sizeof fresh);
    if (grundy__mex_init(&fresh.mex, a, bound) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    fresh.want = (unsigned char *)grundy__calloc_array(a, 2 * bound, 1);
    if (fresh.want == NULL) {
        grundy__mex_free(&fresh.mex, a);
        return GRUNDY_ENOMEM;
    }
    fresh.work = L->work;
    grundy__heap_game__lane_free(L, a);
    *L = fresh;
    return GRUNDY_OK;
}

int grundy_heap_game_new(grundy_heap_game **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    int rc;
    grundy_heap_game *g = (grundy_heap_game *)grundy__handle_new(sizeof *g, alloc, &rc);
    if (g == NULL)
        return rc;
    g->errpos = GRUNDY_NO_POS;
    g->detect = 1;
    g->pow2 = 1;
    g->next_check = 32;
    g->sparse_allowed = 1;
    g->next_choice = GRUNDY__HEAP_GAME__FIRST_MASK_CHOICE;
    g->vals.width = 1;
    g->threads = 1;
    g->misere_limit = GRUNDY__HEAP_SEARCH_LIMIT;
    if (grundy__heap_lane_init(&g->lane[0], &g->alloc, 2) != GRUNDY_OK) {
        grundy_heap_game_free(g);
        return GRUNDY_ENOMEM;
    }
    *out = g;
    return GRUNDY_OK;
}

/* The engines, by the rules they compute.  Each call that gives rules
 * names the engines of the rules it can give, and no other call does. */
static const grundy__heap_engine grundy__heap_game__subtraction_engine = {grundy__heap_sub_compute, NULL, NULL, NULL};
static const grundy__heap_engine grundy__heap_game__allbut_engine = {
    grundy__heap_general_compute, grundy__heap_allbut_run, grundy__heap_check_allbut,
    grundy__heap_allbut_free};
static const grundy__heap_engine grundy__heap_game__code_engine = {
    grundy__heap_general_compute, NULL, grundy__heap_check_period, NULL};
/* Grundy's game and Lasker's Nim: no theorem proves a period of the first,
 * and the second's closed form needs no proof from its values. */
static const grundy__heap_engine grundy__heap_game__family_engine = {grundy__heap_general_compute, NULL, NULL, NULL};

/* The engine of parsed rules. */
static const grundy__heap_engine *grundy__heap_game__engine_of(const grundy__heap_rules *r)
{
    if (r->subtraction)
        return &grundy__heap_game__subtraction_engine;
    if (grundy__heap_rules_allbut(r))
        return &grundy__heap_game__allbut_engine;
    return r->tail == 0 && !r->unequal ? &grundy__heap_game__code_engine : &grundy__heap_game__family_engine;
}

/* Makes r (which the game then owns) the game's rules, computed by engine,
 * with the list of amounts whose removal may leave two heaps, for the
 * sparse method.  On failure r is freed and the game keeps no rules. */
static int grundy__heap_game__take_rules(grundy_heap_game *g, grundy__heap_rules *r,
                      const grundy__heap_engine *engine)
{
    uint32_t *split_k = (uint32_t *)grundy__alloc_array(&g->alloc, (size_t)r->ndigits,
                                                        sizeof *split_k);
    if (split_k == NULL) {
        grundy__heap_rules_free(r, &g->alloc);
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "out of memory storing the rules");
    }
    g->nsplit = 0;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        if (r->digit[k] & GRUNDY__HEAP_LEAVE_TWO)
            split_k[g->nsplit++] = k;
    }
    g->split_k = split_k;
    g->rules = *r;
    g->has_rules = 1;
    g->engine = *engine;
    return GRUNDY_OK;
}

/* Rules are given once: a game whose values are computed keeps them. */
static int grundy__heap_game__can_take_rules(grundy_heap_game *g, const char *call)
{
    if (g->reporting)
        return grundy__heap_ready(g, call);
    if (g->has_rules)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: the game has rules already (rules are "
                                 "given once; make a new game for other rules)", call);
    return GRUNDY_OK;
}

int grundy_heap_game_parse(grundy_heap_game *g, const char *name, size_t len)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (name == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_parse: the name is NULL");
    int rc = grundy__heap_game__can_take_rules(g, "grundy_heap_game_parse");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    size_t pos = GRUNDY_NO_POS;
    rc = grundy__heap_rules_parse(name, len, &g->alloc, &r, &pos, g->errmsg, sizeof g->errmsg);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "out of memory reading the game's name");
    if (rc != GRUNDY_OK) {
        g->errpos = pos;
        return rc;
    }
    return grundy__heap_game__take_rules(g, &r, grundy__heap_game__engine_of(&r));
}

int grundy_heap_game_set_subtraction(grundy_heap_game *g, const uint32_t *set, size_t n)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (set == NULL || n == 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_set_subtraction: the set "
                                 "is %s", set == NULL ? "NULL" : "empty");
    int rc = grundy__heap_game__can_take_rules(g, "grundy_heap_game_set_subtraction");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    rc = grundy__heap_rules_subtraction(set, n, &g->alloc, &r, g->errmsg, sizeof g->errmsg);
    g->errpos = GRUNDY_NO_POS;
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "out of memory storing the subtraction set");
    if (rc != GRUNDY_OK)
        return rc;
    return grundy__heap_game__take_rules(g, &r, &grundy__heap_game__subtraction_engine);
}

int grundy_heap_game_set_family(grundy_heap_game *g, int family)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (family != GRUNDY_HEAP_GRUNDY && family != GRUNDY_HEAP_LASKER)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_set_family: %d is not a "
                                 "family (GRUNDY_HEAP_GRUNDY or GRUNDY_HEAP_LASKER)", family);
    int rc = grundy__heap_game__can_take_rules(g, "grundy_heap_game_set_family");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_rules r;
    if (grundy__heap_rules_family(family, &g->alloc, &r) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "out of memory storing the rules");
    return grundy__heap_game__take_rules(g, &r, &grundy__heap_game__family_engine);
}

GRUNDY__LOCAL int grundy__heap_fail(grundy_heap_game *g, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->errmsg, sizeof g->errmsg, fmt, ap);
    va_end(ap);
    g->errpos = GRUNDY_NO_POS;
    return rc;
}

GRUNDY__LOCAL int grundy__heap_ready(grundy_heap_game *g, const char *call)
{
    if (g->reporting)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: called from the game's own progress "
                                 "callback", call);
    if (!g->has_rules)
        return grundy__heap_fail(g, GRUNDY_ESTATE, "%s: the game has no rules yet (give them "
                                 "with grundy_heap_game_parse, "
                                 "grundy_heap_game_set_subtraction or "
                                 "grundy_heap_game_set_family)", call);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__heap_ready_play(grundy_heap_game *g, int play, const char *call)
{
    const char *why = grundy__play_refusal(play, 1);
    if (why != NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: play %d %s", call, play, why);
    int base = grundy__play_base(play);
#ifdef GRUNDY_NORMAL_PLAY_ONLY
    if (base != GRUNDY_PLAY_NORMAL) {
        g->errpos = GRUNDY_NO_POS;
        return grundy__play_normal_only(play, call, g->errmsg, sizeof g->errmsg);
    }
#else
    if (base != GRUNDY_PLAY_NORMAL && base != GRUNDY_PLAY_MISERE)
        return grundy__heap_fail(g, GRUNDY_ENOTSUP, "%s: heap games are computed under normal "
                                 "play (GRUNDY_PLAY_NORMAL) and misère play "
                                 "(GRUNDY_PLAY_MISERE) in this version, not %s", call,
                                 grundy__play_name(play));
#endif
    return grundy__heap_ready(g, call);
}

const char *grundy_heap_game_errmsg(const grundy_heap_game *g)
{
    return g != NULL ? g->errmsg : "";
}

size_t grundy_heap_game_errpos(const grundy_heap_game *g)
{
    return g != NULL ? g->errpos : GRUNDY_NO_POS;
}

void grundy_heap_game_free(grundy_heap_game *g)
{
    if (g == NULL)
        return;
    grundy_allocator a = g->alloc;
    if (g->engine.free != NULL)
        g->engine.free(g);
    grundy__heap_rules_free(&g->rules, &a);
    for (unsigned i = 0; i < GRUNDY__HEAP_LANES; i++)
        grundy__heap_game__lane_free(&g->lane[i], &a);
    grundy__values_free(&g->vals, &a);
    grundy__free(&a, g->rare);
    grundy__free(&a, g->split_k);
    grundy__free(&a, g->hist);
    grundy__heap_misere_free(g);
    grundy__free(&a, g);
}

void grundy_heap_game_set_progress(grundy_heap_game *g, grundy_progress_fn fn, void *user)
{
    if (g == NULL || g->reporting)
        return;
    g->progress = fn;
    g->progress_user = user;
}

void grundy_heap_game_set_threads(grundy_heap_game *g, unsigned threads)
{
    if (g != NULL && !g->reporting)
        g->threads = threads == 0 ? 1 : threads > GRUNDY__HEAP_LANES ? GRUNDY__HEAP_LANES : threads;
}

void grundy_heap_game_set_sparse(grundy_heap_game *g, int on)
{
    if (g == NULL || g->reporting)
        return;
    g->sparse_allowed = on != 0;
    if (!g->sparse_allowed)
        g->sparse_active = 0;
    else
        g->next_choice = g->vals.n; /* choose a mask at the next value */
}

void grundy_heap_game_set_memory_limit(grundy_heap_game *g, size_t bytes)
{
    if (g != NULL && !g->reporting)
        g->limit = bytes;
}

void grundy_heap_game_set_period_detection(grundy_heap_game *g, int on)
{
    if (g != NULL && !g->reporting)
        g->detect = on != 0;
}

uint64_t grundy_heap_game_computed(const grundy_heap_game *g)
{
    return g ? g->vals.n : 0;
}
#undef GRUNDY__HEAP_GAME__FIRST_MASK_CHOICE

/* === src/heap/heap_genus.c === */
/* Heap games: Conway's genus of a heap, and whether a game is tame.
 *
 * gamma_n(h) is the misère value of the heap plus n Nim heaps of two: the
 * misère search of heap_misere.c, with n twos in its Nim part (ONAG ch. 12;
 * Winning Ways ch. 13).  A position is tame when it and every position it
 * reaches have a tame genus (play/genus.h), as graphs define it.
 *
 * The positions a heap reaches are sums of heaps, and every heap in such a
 * sum is reachable alone (the others can be played to their end, and heaps
 * with no move drop out of a sum).  Sums of tame games are tame (ONAG
 * ch. 12), so a heap is tame exactly when its own genus is tame and every
 * heap its moves leave is tame: one pass upward over the heaps, whose moves
 * leave smaller heaps, fills the table. */

#define GRUNDY__HEAP_GENUS__TERMS GRUNDY_GENUS_TERMS

/* 1 at the first part that is not tame: a heap leaving one is not tame. */
static int grundy__heap_genus__wild_part(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    const grundy__heap_misere *m = (const grundy__heap_misere *)ctx;
    (void)k;
    for (size_t i = 0; i < nparts; i++) {
        if (m->tame[parts[i]] == GRUNDY__NOT_TAME)
            return 1;
    }
    return 0;
}

/* Room for the terms and kind of one more heap. */
static int grundy__heap_genus__room(grundy_heap_game *g, const char *call)
{
    size_t need = g->mis->ngenus + 1;
    if (grundy__reserve(&g->alloc, (void **)&g->mis->genus, &g->mis->cap_genus, need * GRUNDY__HEAP_GENUS__TERMS,
                        sizeof *g->mis->genus) != GRUNDY_OK ||
        grundy__reserve(&g->alloc, (void **)&g->mis->tame, &g->mis->cap_tame, need, 1) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory storing genus terms", call);
    return GRUNDY_OK;
}

/* The genus terms and tame kind of heap ngenus, the heaps below known. */
static int grundy__heap_genus__genus_next(grundy_heap_game *g, const char *call)
{
    uint64_t h = g->mis->ngenus;
    int rc = grundy__heap_genus__room(g, call);
    uint32_t *gamma = g->mis->genus + (size_t)h * GRUNDY__HEAP_GENUS__TERMS;
    for (unsigned n = 0; rc == GRUNDY_OK && n < GRUNDY__HEAP_GENUS__TERMS; n++)
        rc = grundy__heap_misere_search(g, &h, 1, n, &gamma[n], call);
    if (rc != GRUNDY_OK)
        return rc;
    int kind = grundy__genus_kind(gamma, grundy__heap_known_value(g, h));
    if (kind != GRUNDY__NOT_TAME && grundy__heap_each_move(&g->rules, h, grundy__heap_genus__wild_part, g->mis))
        kind = GRUNDY__NOT_TAME;
    g->mis->tame[h] = (unsigned char)kind;
    g->mis->ngenus++;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__heap_genus_upto(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                            const char *call)
{
    int rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK && heap >= g->mis->ngenus) {
        rc = grundy__heap_misere_check_heap(g, heap, call);
        if (rc == GRUNDY_OK)
            rc = grundy__heap_ensure(g, heap);
    }
    int wild = 0;
    while (rc == GRUNDY_OK && heap >= g->mis->ngenus && !wild) {
        rc = grundy__heap_genus__genus_next(g, call);
        wild = rc == GRUNDY_OK && stop_wild && g->mis->tame[g->mis->ngenus - 1] == GRUNDY__NOT_TAME;
    }
    *known = g->mis != NULL ? g->mis->ngenus : 0;
    return rc;
}

/* What both public calls do: check, then the genus of every heap up to
 * heap (stopping at the first wild one if stop_wild); *known as
 * grundy__heap_genus_upto gives it. */
static int grundy__heap_genus__genus_call(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                      const char *call)
{
    int rc = grundy__heap_ready(g, call);
    return rc != GRUNDY_OK ? rc : grundy__heap_genus_upto(g, heap, stop_wild, known, call);
}

int grundy_heap_game_genus(grundy_heap_game *g, uint64_t heap, uint32_t *gamma, size_t cap,
                           int *tame)
{
    static const char call[] = "grundy_heap_game_genus";
    if (tame != NULL)
        *tame = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (gamma == NULL && cap > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: gamma is NULL", call);
    uint64_t known;
    int rc = grundy__heap_genus__genus_call(g, heap, 0, &known, call);
    if (rc != GRUNDY_OK)
        return rc;
    const uint32_t *terms = g->mis->genus + (size_t)heap * GRUNDY__HEAP_GENUS__TERMS;
    for (size_t n = 0; n < cap && n < GRUNDY__HEAP_GENUS__TERMS; n++)
        gamma[n] = terms[n];
    if (tame != NULL)
        *tame = g->mis->tame[heap] != GRUNDY__NOT_TAME;
    return GRUNDY_OK;
}

int grundy_heap_game_tame(grundy_heap_game *g, uint64_t max)
{
    static const char call[] = "grundy_heap_game_tame";
    if (g == NULL)
        return GRUNDY_EINVAL;
    uint64_t known;
    int rc = grundy__heap_genus__genus_call(g, max, 1, &known, call);
    if (rc != GRUNDY_OK)
        return rc;
    for (uint64_t h = 0; h <= max && h < known; h++) {
        if (g->mis->tame[h] == GRUNDY__NOT_TAME)
            return 0;
    }
    return 1;
}
#undef GRUNDY__HEAP_GENUS__TERMS

/* === src/heap/heap_misere.c === */
/* Heap games in misère play: sums of heaps, searched.
 *
 * Misère play has no Sprague-Grundy theory: the misère value of a sum is
 * not a function of its parts' misère values, and a move that splits a
 * heap leaves a sum.  So the position searched is the sum itself: a
 * multiset of heaps, kept sorted so that equal sums share one memo entry,
 * with the heaps that have no move dropped (no one can move there).  Beside
 * its heaps a position holds a Nim part, a heaps of two and b heaps of one,
 * which the genus terms need (heap_genus.c); plain questions leave it empty.
 *
 * The search runs on the rule-defined game engine (game/), as graphs'
 * misère sums do: iterative (an explicit stack), memoized in the library's
 * hash table, through the game's allocator, reporting to its progress
 * callback.  Misère play becomes normal play by one extra rule: a sum with
 * no move left has one move, to the finished game, so its value is
 * mex{0} = 1, the misère value of a terminal position; elsewhere both are
 * the mex of the options' values.
 *
 * A position has a fixed size: K heap slots, K the most non-terminal heaps
 * the sum can ever become (the heaps' widths added, see heap_width), unused
 * slots holding EMPTY_SLOT, which sorts last; then the Nim part, a | b << 8.
 *
 * What a call may cost is capped: its searches examine (list as options)
 * at most misere_limit sums (grundy_heap_game_set_search_limit), which
 * bounds its time, and the engine holds at most BYTES_PER_SUM bytes per sum
 * of that limit, MIN_BYTES at least (the memo and the options of the sums
 * on the stack); past either the call fails with GRUNDY_ELIMIT, the memo
 * keeping what it found.
 * Sums are searched up to MAX_SLOTS heaps with moves, so that a sum stays
 * small to copy and hash, and games whose moves split heaps for heaps up to
 * SPLIT_HEAP_MAX tokens (their sums pass the limits long before; the
 * widths of larger heaps would cost more than the search). */

void grundy_heap_game_set_search_limit(grundy_heap_game *g, uint64_t sums)
{
    if (g != NULL && !g->reporting)
        g->misere_limit = sums != 0 ? sums : GRUNDY__HEAP_SEARCH_LIMIT;
}

int grundy_heap_game_last_method(const grundy_heap_game *g)
{
    return g != NULL ? g->last_method : 0;
}

#ifndef GRUNDY_NORMAL_PLAY_ONLY

#define GRUNDY__HEAP_MISERE__EMPTY_SLOT UINT32_MAX
#define GRUNDY__HEAP_MISERE__MAX_SLOTS 64u
#define GRUNDY__HEAP_MISERE__SPLIT_HEAP_MAX 256u
#define GRUNDY__HEAP_MISERE__BYTES_PER_SUM 32u /* the memory cap of a search, per sum of its limit, */
#define GRUNDY__HEAP_MISERE__MIN_BYTES ((uint64_t)1 << 26) /* and at least this */
#define GRUNDY__HEAP_MISERE__NIM_PART(twos, ones) ((uint32_t)(twos) | (uint32_t)(ones) << 8)

/* ---- Heaps and their widths ---------------------------------------------- */

static int grundy__heap_misere__any_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    (void)ctx;
    (void)b;
    (void)first;
    return 1;
}

static int grundy__heap_misere__splits(const grundy_heap_game *g)
{
    return g->rules.max_parts >= 2;
}

/* The width of a heap: 0 if it has no move; else the most non-terminal
 * heaps it can become, at least 1.  Games that split keep a table. */
static uint32_t grundy__heap_misere__heap_width(const grundy_heap_game *g, uint64_t heap)
{
    if (grundy__heap_misere__splits(g))
        return g->mis->width[heap];
    return grundy__heap_each_block(&g->rules, heap, grundy__heap_misere__any_block, NULL) != 0;
}

typedef struct grundy__heap_misere__widest {
    const grundy_heap_game *g;
    uint32_t most;
} grundy__heap_misere__widest;

static int grundy__heap_misere__note_width(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    grundy__heap_misere__widest *w = (grundy__heap_misere__widest *)ctx;
    uint32_t sum = 0;
    (void)k;
    for (size_t i = 0; i < nparts; i++)
        sum += w->g->mis->width[parts[i]]; /* parts are smaller heaps: known */
    w->most = sum > w->most ? sum : w->most < 1 ? 1 : w->most;
    return 0;
}

/* Whether the search takes heap, and the widths up to it known. */
static int grundy__heap_misere__check_heap(grundy_heap_game *g, uint64_t heap, const char *call)
{
    if (heap >= GRUNDY__HEAP_MISERE__EMPTY_SLOT)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search takes heaps up to "
                                 "2^32 - 2 tokens, not %llu", call, (unsigned long long)heap);
    if (!grundy__heap_misere__splits(g) || heap < g->mis->nwidth)
        return GRUNDY_OK;
    if (heap > GRUNDY__HEAP_MISERE__SPLIT_HEAP_MAX)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search of a game whose moves "
                                 "split heaps takes heaps up to %u tokens, not %llu", call,
                                 GRUNDY__HEAP_MISERE__SPLIT_HEAP_MAX, (unsigned long long)heap);
    if (grundy__reserve(&g->alloc, (void **)&g->mis->width, &g->mis->cap_width, (size_t)heap + 1,
                        sizeof *g->mis->width) != GRUNDY_OK)
        return grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory in the misère search",
                                 call);
    for (uint64_t h = g->mis->nwidth; h <= heap; h++) {
        grundy__heap_misere__widest w = {g, 0};
        grundy__heap_each_move(&g->rules, h, grundy__heap_misere__note_width, &w);
        g->mis->width[h] = w.most;
        g->mis->nwidth = (size_t)h + 1;
    }
    return GRUNDY_OK;
}

/* ---- Positions: sorted heaps, then the Nim part -------------------------- */

/* Appends heap to the k heaps of out unless it has no move; 0 if no slot
 * is left (the widths make room for every sum a search reaches). */
static int grundy__heap_misere__put(const grundy_heap_game *g, uint32_t *out, uint32_t *k, uint64_t heap)
{
    if (grundy__heap_misere__heap_width(g, heap) == 0)
        return 1;
    if (*k == g->mis->slots)
        return 0;
    out[(*k)++] = (uint32_t)heap;
    return 1;
}

/* Sorts the k heaps of out (insertion: they are nearly sorted), empties
 * the other slots and sets the Nim part. */
static void grundy__heap_misere__finish(const grundy_heap_game *g, uint32_t *out, uint32_t k, uint32_t nim)
{
    for (uint32_t i = 1; i < k; i++) {
        uint32_t x = out[i], j = i;
        for (; j > 0 && out[j - 1] > x; j--)
            out[j] = out[j - 1];
        out[j] = x;
    }
    for (uint32_t i = k; i < g->mis->slots; i++)
        out[i] = GRUNDY__HEAP_MISERE__EMPTY_SLOT;
    out[g->mis->slots] = nim;
}

/* Loads into out the sum of heaps[0 .. n) but heaps[skip] (skip >= n: all),
 * with parts[0 .. nparts) and the Nim part. */
static int grundy__heap_misere__load(const grundy_heap_game *g, const uint64_t *heaps, size_t n, size_t skip,
                const uint64_t *parts, size_t nparts, uint32_t nim, uint32_t *out)
{
    uint32_t k = 0;
    int fits = 1;
    for (size_t i = 0; i < n; i++)
        fits &= i == skip || grundy__heap_misere__put(g, out, &k, heaps[i]);
    for (size_t i = 0; i < nparts; i++)
        fits &= grundy__heap_misere__put(g, out, &k, parts[i]);
    grundy__heap_misere__finish(g, out, k, nim);
    return fits;
}

/* ---- The move generator of sums ------------------------------------------ */

typedef struct grundy__heap_misere__expand {
    grundy_heap_game *g;
    const uint32_t *pos;
    uint32_t skip; /* the slot of the heap moved in */
    grundy_options *out;
} grundy__heap_misere__expand;

/* Adds the sum in next as an option, counted against the search's limit. */
static int grundy__heap_misere__add_sum(const grundy__heap_misere__expand *e, const uint32_t *next)
{
    grundy__heap_misere *m = e->g->mis;
    if (m->work >= e->g->misere_limit) {
        m->full = 1;
        return GRUNDY_ELIMIT;
    }
    m->work++;
    return grundy_options_add(e->out, next, 1);
}

static int grundy__heap_misere__add_option(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    const grundy__heap_misere__expand *e = (const grundy__heap_misere__expand *)ctx;
    grundy_heap_game *g = e->g;
    uint32_t *next = g->mis->buf, n = 0;
    (void)k;
    for (uint32_t j = 0; j < g->mis->slots && e->pos[j] != GRUNDY__HEAP_MISERE__EMPTY_SLOT; j++) {
        if (j != e->skip)
            next[n++] = e->pos[j];
    }
    for (size_t i = 0; i < nparts; i++) {
        if (!grundy__heap_misere__put(g, next, &n, parts[i]))
            return GRUNDY_ELIMIT;
    }
    grundy__heap_misere__finish(g, next, n, e->pos[g->mis->slots]);
    return grundy__heap_misere__add_sum(e, next);
}

/* The sum with its Nim part replaced. */
static int grundy__heap_misere__add_nim(const grundy__heap_misere__expand *e, uint32_t twos, uint32_t ones)
{
    uint32_t *next = e->g->mis->buf, slots = e->g->mis->slots;
    memcpy(next, e->pos, (size_t)slots * sizeof *next);
    next[slots] = GRUNDY__HEAP_MISERE__NIM_PART(twos, ones);
    return grundy__heap_misere__add_sum(e, next);
}

static int grundy__heap_misere__sum_moves(void *user, const void *position, grundy_options *out)
{
    grundy_heap_game *g = (grundy_heap_game *)user;
    grundy__heap_misere__expand e = {g, (const uint32_t *)position, 0, out};
    int rc = 0, moved = 0;
    for (uint32_t i = 0; rc == 0 && i < g->mis->slots && e.pos[i] != GRUNDY__HEAP_MISERE__EMPTY_SLOT; i++) {
        if (i > 0 && e.pos[i] == e.pos[i - 1])
            continue; /* moving in an equal heap leaves the same sums */
        e.skip = i;
        rc = grundy__heap_each_move(&g->rules, e.pos[i], grundy__heap_misere__add_option, &e);
        moved = 1;
    }
    uint32_t nim = e.pos[g->mis->slots], twos = nim & 0xffu, ones = nim >> 8;
    if (rc == 0 && twos > 0) {
        rc = grundy__heap_misere__add_nim(&e, twos - 1, ones + 1);
        if (rc == 0)
            rc = grundy__heap_misere__add_nim(&e, twos - 1, ones);
    }
    if (rc == 0 && ones > 0)
        rc = grundy__heap_misere__add_nim(&e, twos, ones - 1);
    moved |= nim != 0;
    if (rc == 0 && !moved)
        rc = grundy_options_add(out, NULL, 0);
    return rc;
}

/* ---- The memo ------------------------------------------------------------- */

/* Drops the memo of sums and its scratch (the widths and genus stay). */
static void grundy__heap_misere__drop_memo(grundy_heap_game *g)
{
    grundy_game_free(g->mis->memo);
    grundy__free(&g->alloc, g->mis->buf);
    g->mis->memo = NULL;
    g->mis->buf = NULL;
    g->mis->slots = 0;
}

GRUNDY__LOCAL int grundy__heap_misere_state(grundy_heap_game *g, const char *call)
{
    if (g->mis != NULL) {
        g->mis->work = 0; /* a new call: its own limit */
        return GRUNDY_OK;
    }
    g->mis = (grundy__heap_misere *)grundy__calloc_array(&g->alloc, 1, sizeof *g->mis);
    return g->mis != NULL ? GRUNDY_OK
                          : grundy__heap_fail(g, GRUNDY_ENOMEM, "%s: out of memory in the "
                                              "misère search", call);
}

GRUNDY__LOCAL void grundy__heap_misere_free(grundy_heap_game *g)
{
    if (g->mis == NULL)
        return;
    grundy__heap_misere__drop_memo(g);
    grundy__free(&g->alloc, g->mis->width);
    grundy__free(&g->alloc, g->mis->genus);
    grundy__free(&g->alloc, g->mis->tame);
    grundy__free(&g->alloc, g->mis);
    g->mis = NULL;
}

/* Makes the memo hold sums of up to `slots` heaps: kept if it does, made
 * afresh (the sums stored so far dropped) if not. */
static int grundy__heap_misere__prepare(grundy_heap_game *g, uint64_t slots, const char *call)
{
    if (slots > GRUNDY__HEAP_MISERE__MAX_SLOTS)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: these heaps can become %llu heaps with "
                                 "moves; the misère search holds sums of up to %u", call,
                                 (unsigned long long)slots, GRUNDY__HEAP_MISERE__MAX_SLOTS);
    if (slots == 0)
        slots = 1;
    if (g->mis->memo != NULL && g->mis->slots >= slots)
        return GRUNDY_OK;
    /* Growing by half at least: heaps asked for one by one, upward, then
     * drop their memo a logarithmic number of times. */
    uint64_t grown = (uint64_t)g->mis->slots + g->mis->slots / 2;
    slots = grown > slots && grown <= GRUNDY__HEAP_MISERE__MAX_SLOTS ? grown : slots;
    grundy__heap_misere__drop_memo(g);
    size_t size = ((size_t)slots + 1) * sizeof(uint32_t);
    g->mis->buf = (uint32_t *)grundy__alloc_array(&g->alloc, 3, size);
    int rc = g->mis->buf != NULL ? GRUNDY_OK : GRUNDY_ENOMEM;
    if (rc == GRUNDY_OK)
        rc = grundy_game_new(&g->mis->memo, size, grundy__heap_misere__sum_moves, g, &g->alloc);
    /* A sum of heaps costs some microseconds to evaluate: a report every
     * 4096 of them comes every few hundredths of a second, so that a
     * caller stopping on Ctrl-C stops within a fraction of a second. */
    if (rc == GRUNDY_OK)
        grundy__game_set_progress_every(g->mis->memo, 4096);
    if (rc != GRUNDY_OK) {
        grundy__heap_misere__drop_memo(g);
        return grundy__heap_fail(g, rc, "%s: out of memory in the misère search", call);
    }
    g->mis->slots = (uint32_t)slots;
    return GRUNDY_OK;
}

/* The engine's progress, passed on to the game's callback. */
static int grundy__heap_misere__report(void *user, uint64_t done, uint64_t total)
{
    grundy_heap_game *g = (grundy_heap_game *)user;
    g->reporting = 1;
    int stop = g->progress(g->progress_user, done, total);
    g->reporting = 0;
    return stop;
}

/* The misère value of the sum in pos (a scratch of misere_buf). */
static int grundy__heap_misere__evaluate(grundy_heap_game *g, const uint32_t *pos, uint32_t *value, const char *call)
{
    g->mis->full = 0;
    grundy_game_set_progress(g->mis->memo, g->progress != NULL ? grundy__heap_misere__report : NULL, g);
    uint64_t bytes = g->misere_limit > SIZE_MAX / GRUNDY__HEAP_MISERE__BYTES_PER_SUM ? SIZE_MAX
                     : g->misere_limit * GRUNDY__HEAP_MISERE__BYTES_PER_SUM > GRUNDY__HEAP_MISERE__MIN_BYTES ? g->misere_limit * GRUNDY__HEAP_MISERE__BYTES_PER_SUM
                                                                   : GRUNDY__HEAP_MISERE__MIN_BYTES;
    grundy_game_set_memory_limit(g->mis->memo, (size_t)bytes);
    int rc = grundy_game_value(g->mis->memo, GRUNDY_PLAY_NORMAL, pos, value);
    if (rc == GRUNDY_OK)
        return rc;
    if (g->mis->full)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%s: the misère search would examine more "
                                 "than %llu sums of heaps (the limit of "
                                 "grundy_heap_game_set_search_limit)", call,
                                 (unsigned long long)g->misere_limit);
    if (rc == GRUNDY_ENOMEM)
        return grundy__heap_fail(g, rc, "%s: out of memory in the misère search", call);
    if (rc == GRUNDY_ELIMIT)
        return grundy__heap_fail(g, rc, "%s: the misère search would hold more than %llu bytes "
                                 "(%u per sum of the limit of "
                                 "grundy_heap_game_set_search_limit, 64 MiB at least)", call,
                                 (unsigned long long)bytes, GRUNDY__HEAP_MISERE__BYTES_PER_SUM);
    return grundy__heap_fail(g, rc, "%s: misère search: %s", call,
                             grundy_game_errmsg(g->mis->memo));
}

/* The memo made ready for the sum of heaps[0 .. n) and what it reaches. */
static int grundy__heap_misere__search_ready(grundy_heap_game *g, const uint64_t *heaps, size_t n, const char *call)
{
    uint64_t slots = 0;
    for (size_t i = 0; i < n; i++) {
        int rc = grundy__heap_misere__check_heap(g, heaps[i], call);
        if (rc != GRUNDY_OK)
            return rc;
        slots += grundy__heap_misere__heap_width(g, heaps[i]);
    }
    return grundy__heap_misere__prepare(g, slots, call);
}

GRUNDY__LOCAL int grundy__heap_misere_check_heap(grundy_heap_game *g, uint64_t heap, const char *call)
{
    return grundy__heap_misere__check_heap(g, heap, call);
}

GRUNDY__LOCAL int grundy__heap_misere_search(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                               unsigned twos, uint32_t *value, const char *call)
{
    int rc = grundy__heap_misere__search_ready(g, heaps, n, call);
    if (rc != GRUNDY_OK)
        return rc;
    uint32_t *pos = g->mis->buf + (g->mis->slots + 1);
    grundy__heap_misere__load(g, heaps, n, n, NULL, 0, GRUNDY__HEAP_MISERE__NIM_PART(twos, 0), pos);
    return grundy__heap_misere__evaluate(g, pos, value, call);
}

/* ---- Methods: search, or genus symbols ------------------------------------ */

/* The method play asks for (GRUNDY_BY_SEARCH by default), or a refusal. */
static int grundy__heap_misere__method_of(grundy_heap_game *g, int play, const char *call, int *method)
{
    int flag = play & GRUNDY_BY_MASK;
    if (flag == GRUNDY_BY_SJ)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: heap games do not offer the SJ "
                                 "theorem (GRUNDY_BY_SJ): its precondition concerns every sum "
                                 "the heaps reach; use GRUNDY_BY_SEARCH or GRUNDY_BY_GENUS",
                                 call);
    *method = flag == GRUNDY_BY_GENUS ? GRUNDY_BY_GENUS : GRUNDY_BY_SEARCH;
    return GRUNDY_OK;
}

/* For the genus method: the genus of every heap up to the largest known,
 * and each of heaps[0 .. n) tame (else GRUNDY_EINVAL naming one). */
static int grundy__heap_misere__genus_ready(grundy_heap_game *g, const uint64_t *heaps, size_t n, const char *call)
{
    uint64_t largest = 0, known;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    int rc = n > 0 ? grundy__heap_genus_upto(g, largest, 0, &known, call) : GRUNDY_OK;
    for (size_t i = 0; rc == GRUNDY_OK && i < n; i++) {
        if (g->mis->tame[heaps[i]] == GRUNDY__NOT_TAME)
            rc = grundy__heap_fail(g, GRUNDY_EINVAL, "%s: GRUNDY_BY_GENUS needs tame heaps; "
                                   "heap %zu (%llu tokens) is not tame (it or a position it "
                                   "reaches has a wild genus)", call, i,
                                   (unsigned long long)heaps[i]);
    }
    return rc;
}

static void grundy__heap_misere__tame_add(const grundy_heap_game *g, uint64_t heap, uint32_t *x, int *big)
{
    *x ^= grundy__heap_known_value(g, heap);
    *big |= g->mis->tame[heap] == GRUNDY__TAME_BIG;
}

/* The misère value of the sum load() would make, by method (made ready). */
static int grundy__heap_misere__value_by(grundy_heap_game *g, int method, const uint64_t *heaps, size_t n, size_t skip,
                    const uint64_t *parts, size_t nparts, uint32_t *value, const char *call)
{
    if (method == GRUNDY_BY_SEARCH) {
        uint32_t *pos = g->mis->buf + 2 * ((size_t)g->mis->slots + 1);
        grundy__heap_misere__load(g, heaps, n, skip, parts, nparts, 0, pos);
        return grundy__heap_misere__evaluate(g, pos, value, call);
    }
    /* The parts of a tame heap's moves are tame heaps. */
    uint32_t x = 0;
    int big = 0;
    for (size_t i = 0; i < n; i++) {
        if (i != skip)
            grundy__heap_misere__tame_add(g, heaps[i], &x, &big);
    }
    for (size_t i = 0; i < nparts; i++)
        grundy__heap_misere__tame_add(g, parts[i], &x, &big);
    *value = grundy__genus_tame_value(x, big);
    return GRUNDY_OK;
}

static int grundy__heap_misere__ready_by(grundy_heap_game *g, int method, const uint64_t *heaps, size_t n,
                    const char *call)
{
    return method == GRUNDY_BY_GENUS ? grundy__heap_misere__genus_ready(g, heaps, n, call)
                                     : grundy__heap_misere__search_ready(g, heaps, n, call);
}

/* ---- The calls ------------------------------------------------------------ */

GRUNDY__LOCAL int grundy__heap_misere_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                               uint32_t *values, const char *call)
{
    int method = GRUNDY_BY_SEARCH;
    int rc = grundy__heap_misere__method_of(g, play, call, &method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc != GRUNDY_OK || count == 0)
        return rc;
    uint64_t last = first + ((uint64_t)count - 1);
    if (method == GRUNDY_BY_SEARCH)
        rc = grundy__heap_misere_check_heap(g, last, call);
    for (size_t i = 0; rc == GRUNDY_OK && i < count; i++) {
        uint64_t heap = first + i;
        rc = grundy__heap_misere__ready_by(g, method, &heap, 1, call);
        if (rc == GRUNDY_OK)
            rc = grundy__heap_misere__value_by(g, method, &heap, 1, 1, NULL, 0, &values[i], call);
    }
    if (rc == GRUNDY_OK)
        g->last_method = method;
    return rc;
}

GRUNDY__LOCAL int grundy__heap_misere_sum(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                            uint32_t *value, const char *call)
{
    int method = GRUNDY_BY_SEARCH;
    int rc = grundy__heap_misere__method_of(g, play, call, &method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere__ready_by(g, method, heaps, n, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere__value_by(g, method, heaps, n, n, NULL, 0, value, call);
    if (rc == GRUNDY_OK)
        g->last_method = method;
    return rc;
}

typedef struct grundy__heap_misere__win_search {
    grundy_heap_game *g;
    int method;
    const uint64_t *heaps;
    size_t n, i; /* the sum, and the heap whose moves are tried */
    grundy__wins *w;
    const char *call;
} grundy__heap_misere__win_search;

/* A move is winning when the sum it leaves has misère value 0. */
static int grundy__heap_misere__try_move(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    grundy__heap_misere__win_search *s = (grundy__heap_misere__win_search *)ctx;
    uint32_t v;
    int rc = grundy__heap_misere__value_by(s->g, s->method, s->heaps, s->n, s->i, parts, nparts, &v, s->call);
    if (rc != GRUNDY_OK)
        return rc;
    /* Heaps the search takes have fewer than 2^64 - 1 moves: k is exact. */
    return v == 0 && grundy__wins_add(s->w, s->i, k) ? 1 : 0;
}

GRUNDY__LOCAL int grundy__heap_misere_wins(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                             grundy__wins *w, const char *call)
{
    grundy__heap_misere__win_search s = {g, 0, heaps, n, 0, w, call};
    int rc = grundy__heap_misere__method_of(g, play, call, &s.method);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere_state(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_misere__ready_by(g, s.method, heaps, n, call);
    for (s.i = 0; rc == GRUNDY_OK && s.i < n; s.i++) {
        rc = grundy__heap_each_move(&g->rules, heaps[s.i], grundy__heap_misere__try_move, &s);
        if (rc == 1)
            rc = GRUNDY_OK;
        if (rc == GRUNDY_OK && w->first_only && w->count > 0)
            break;
    }
    if (rc == GRUNDY_OK)
        g->last_method = s.method;
    return rc;
}

#else /* GRUNDY_NORMAL_PLAY_ONLY: no misère search (heap_game.h stands in for
       * its calls); grundy__heap_ready_play refuses misère play first. */

GRUNDY__LOCAL int grundy__heap_misere_state(grundy_heap_game *g, const char *call)
{
    g->errpos = GRUNDY_NO_POS;
    return grundy__play_normal_only(GRUNDY_PLAY_MISERE, call, g->errmsg, sizeof g->errmsg);
}

#endif
#undef GRUNDY__HEAP_MISERE__EMPTY_SLOT
#undef GRUNDY__HEAP_MISERE__MAX_SLOTS
#undef GRUNDY__HEAP_MISERE__SPLIT_HEAP_MAX
#undef GRUNDY__HEAP_MISERE__BYTES_PER_SUM
#undef GRUNDY__HEAP_MISERE__MIN_BYTES
#undef GRUNDY__HEAP_MISERE__NIM_PART

/* === src/heap/heap_moves.c === */
/* Heap games: sums of heaps, their values and winning moves.
 *
 * A move of a sum is winning when it leaves a sum of value 0: in heap i of
 * value v, with s the value of the whole sum, a move to an option worth
 * v ^ s.  The search walks the heap's move list block by block
 * (heap_order.c), so the index it reports is the one grundy_heap_game_move()
 * reads back. */

typedef struct grundy__heap_moves__move_search {
    const grundy_heap_game *g;
    uint32_t target;    /* the option value that wins */
    int every;          /* every winning move, not only the first */
    uint64_t first_win; /* !every: the index found */
    /* every: where the moves go (heap index, move), and how many there are */
    size_t component;
    size_t *components;
    uint64_t *moves;
    size_t cap, count;
} grundy__heap_moves__move_search;

/* The whole value of a heap an option leaves: under a saltus it may pass
 * 32 bits though the sum's heaps do not, and must then match no target. */
static uint64_t grundy__heap_moves__value_of(const grundy__heap_moves__move_search *s, uint64_t heap)
{
    return grundy__heap_value64(s->g, heap);
}

/* The move at index rank of the block that starts at first is winning:
 * 1 to stop at it, 0 to go on to the next; GRUNDY_ELIMIT when its index
 * does not fit below GRUNDY_NO_MOVE. */
static int grundy__heap_moves__found(grundy__heap_moves__move_search *s, uint64_t first, uint64_t rank)
{
    if (first == UINT64_MAX || rank >= UINT64_MAX - first)
        return GRUNDY_ELIMIT;
    if (!s->every) {
        s->first_win = first + rank;
        return 1;
    }
    if (s->count < s->cap) {
        if (s->components != NULL)
            s->components[s->count] = s->component;
        s->moves[s->count] = first + rank;
    }
    s->count++;
    return 0;
}

/* How far the parts of a split need be tried for the first winning one.
 * With period p from n0, a split with a part a > n0 + p other than the
 * largest has an equal-valued twin earlier in the list: a - p, the largest
 * part + p (both past n0, so their values stay).  So the first winning
 * split has every smaller part at most n0 + p.  Listing every winning move
 * tries them all. */
static uint64_t grundy__heap_moves__part_limit(const grundy__heap_moves__move_search *s)
{
    /* With a saltus the twins differ by s: no limit. */
    if (s->every || !s->g->periodic || s->g->saltus != 0)
        return UINT64_MAX;
    return s->g->preperiod + s->g->period;
}

static int grundy__heap_moves__search_two(grundy__heap_moves__move_search *s, const grundy__heap_block *b, uint64_t first)
{
    uint64_t last = b->count < grundy__heap_moves__part_limit(s) ? b->count : grundy__heap_moves__part_limit(s);
    for (uint64_t a = 1; a <= last; a++) {
        if ((grundy__heap_moves__value_of(s, a) ^ grundy__heap_moves__value_of(s, b->m - a)) == s->target) {
            int rc = grundy__heap_moves__found(s, first, a - 1);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

static int grundy__heap_moves__search_three(grundy__heap_moves__move_search *s, const grundy__heap_block *b, uint64_t first)
{
    uint64_t m = b->m, lim = grundy__heap_moves__part_limit(s);
    for (uint64_t a = 1; a <= m / 3 && a <= lim; a++) {
        uint64_t va = grundy__heap_moves__value_of(s, a);
        for (uint64_t c = a; c <= (m - a) / 2 && c <= lim; c++) {
            if ((va ^ grundy__heap_moves__value_of(s, c) ^ grundy__heap_moves__value_of(s, m - a - c)) == s->target) {
                int rc = grundy__heap_moves__found(s, first, grundy__heap_rank3(m, a, c));
                if (rc != 0)
                    return rc;
            }
        }
    }
    return 0;
}

/* The heaps worth target among m - count + 1 .. m under an arithmetic
 * period with s > 0: at most one per residue class past the preperiod (the
 * values grow along it) and those below it, at index j = m - heap, in
 * increasing j.  Returns how many, or SIZE_MAX when more than cap (the
 * caller scans then). */
static size_t grundy__heap_moves__run_hits(const grundy_heap_game *g, uint64_t m, uint64_t count, uint32_t target,
                       uint64_t *hit, size_t cap)
{
    uint64_t low = m - (count - 1), e = g->preperiod, p = g->period, s = g->saltus;
    size_t n = 0;
    for (uint64_t h = low; h < e && h <= m; h++) {
        if (grundy__heap_value64(g, h) == target) {
            if (n == cap)
                return SIZE_MAX;
            hit[n++] = m - h;
        }
    }
    for (uint64_t i = 0; i < p; i++) {
        uint64_t base = grundy__heap_value64(g, e + i);
        if (base > target || (target - base) % s != 0)
            continue;
        uint64_t q = (target - base) / s;
        if (q > (UINT64_MAX - e - i) / p)
            continue;
        uint64_t h = e + i + q * p;
        if (h < low || h > m || h < e)
            continue;
        if (n == cap)
            return SIZE_MAX;
        hit[n++] = m - h;
    }
    for (size_t a = 1; a < n; a++) { /* a few: insertion sort */
        uint64_t x = hit[a];
        size_t b = a;
        for (; b > 0 && hit[b - 1] > x; b--)
            hit[b] = hit[b - 1];
        hit[b] = x;
    }
    return n;
}

#define GRUNDY__HEAP_MOVES__RUN_HITS 1024u /* heaps of one value (e + p at most) found by a jump, not a scan */

/* A run removes r, r + 1, ... leaving m, m - 1, ... down to none (worth 0,
 * as is the heap of 0).  Under a saltus a value is held by few heaps: they
 * are found from the period, not by walking a run as long as the heap. */
static int grundy__heap_moves__search_run(grundy__heap_moves__move_search *s, const grundy__heap_block *b, uint64_t first)
{
    const grundy_heap_game *g = s->g;
    uint64_t hit[GRUNDY__HEAP_MOVES__RUN_HITS];
    size_t n;
    if (g->periodic && g->saltus != 0 && b->count > 4 * GRUNDY__HEAP_MOVES__RUN_HITS &&
        g->preperiod + g->period <= GRUNDY__HEAP_MOVES__RUN_HITS &&
        (n = grundy__heap_moves__run_hits(g, b->m, b->count, s->target, hit, GRUNDY__HEAP_MOVES__RUN_HITS)) != SIZE_MAX) {
        for (size_t i = 0; i < n; i++) {
            int rc = grundy__heap_moves__found(s, first, hit[i]);
            if (rc != 0)
                return rc;
        }
        return 0;
    }
    for (uint64_t j = 0; j < b->count; j++) {
        if (grundy__heap_moves__value_of(s, b->m - j) == s->target) {
            int rc = grundy__heap_moves__found(s, first, j);
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

static int grundy__heap_moves__search_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    grundy__heap_moves__move_search *s = (grundy__heap_moves__move_search *)ctx;
    switch (b->kind) {
    case GRUNDY__HEAP_LEAVE_NONE: return s->target == 0 ? grundy__heap_moves__found(s, first, 0) : 0;
    case GRUNDY__HEAP_LEAVE_ONE: return grundy__heap_moves__value_of(s, b->m) == s->target ? grundy__heap_moves__found(s, first, 0) : 0;
    case GRUNDY__HEAP_LEAVE_TWO: return grundy__heap_moves__search_two(s, b, first);
    case GRUNDY__HEAP_LEAVE_THREE: return grundy__heap_moves__search_three(s, b, first);
    default: return grundy__heap_moves__search_run(s, b, first);
    }
}

/* The winning moves of one heap of the sum (its value v, the sum's x). */
static int grundy__heap_moves__search_heap(grundy_heap_game *g, grundy__heap_moves__move_search *s, uint64_t heap, uint32_t x,
                       const char *call)
{
    s->target = grundy__heap_known_value(g, heap) ^ x;
    int rc = grundy__heap_each_block(&g->rules, heap, grundy__heap_moves__search_block, s);
    if (rc < 0)
        return grundy__heap_fail(g, rc, "%s: a winning move in a heap of %llu has an index "
                                 "past 2^64 - 2", call, (unsigned long long)heap);
    return rc;
}

/* The checks of every sum call: 1 for misère play (heap_misere.c answers
 * it), 0 for normal play, or a negative status. */
static int grundy__heap_moves__sum_check(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                     const char *call)
{
    if (heaps == NULL && n > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: heaps is NULL", call);
    int rc = grundy__heap_ready_play(g, play, call);
    return rc != GRUNDY_OK ? rc : grundy__play_base(play) == GRUNDY_PLAY_MISERE;
}

/* What every normal-play sum call does first: make every heap's value known
 * (the table up to the largest heap, or a period), and xor them into *x. */
static int grundy__heap_moves__sum_begin(grundy_heap_game *g, const uint64_t *heaps, size_t n, uint32_t *x)
{
    int rc = GRUNDY_OK;
    uint64_t largest = 0;
    for (size_t i = 0; i < n; i++)
        largest = heaps[i] > largest ? heaps[i] : largest;
    if (n > 0)
        rc = grundy__heap_ensure(g, largest);
    if (rc != GRUNDY_OK)
        return rc;
    *x = 0;
    for (size_t i = 0; i < n; i++) {
        /* Under a saltus the largest heap need not hold the largest value. */
        if (g->saltus != 0 && (rc = grundy__heap_ensure(g, heaps[i])) != GRUNDY_OK)
            return rc;
        *x ^= grundy__heap_known_value(g, heaps[i]);
    }
    return GRUNDY_OK;
}

int grundy_heap_game_sum_value(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                               uint32_t *value)
{
    if (value != NULL)
        *value = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (value == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_sum_value: value is NULL");
    int rc = grundy__heap_moves__sum_check(g, play, heaps, n, "grundy_heap_game_sum_value");
    if (rc == 1)
        return grundy__heap_misere_sum(g, play, heaps, n, value, "grundy_heap_game_sum_value");
    return rc != GRUNDY_OK ? rc : grundy__heap_moves__sum_begin(g, heaps, n, value);
}

int grundy_heap_game_sum_outcome(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n)
{
    if (g == NULL)
        return GRUNDY_EINVAL;
    uint32_t x = 0;
    int rc = grundy__heap_moves__sum_check(g, play, heaps, n, "grundy_heap_game_sum_outcome");
    if (rc == 1)
        rc = grundy__heap_misere_sum(g, play, heaps, n, &x, "grundy_heap_game_sum_outcome");
    else if (rc == GRUNDY_OK)
        rc = grundy__heap_moves__sum_begin(g, heaps, n, &x);
    return rc != GRUNDY_OK ? rc : x != 0 ? GRUNDY_N : GRUNDY_P;
}

int grundy_heap_game_sum_winning_move(grundy_heap_game *g, int play, const uint64_t *heaps,
                                      size_t n, uint64_t *moves)
{
    static const char call[] = "grundy_heap_game_sum_winning_move";
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (moves == NULL && n > 0)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: moves is NULL", call);
    int rc = grundy__heap_moves__sum_check(g, play, heaps, n, call);
    if (rc == 1) {
        size_t component = 0;
        uint64_t move = 0;
        grundy__wins w = {&component, &move, 1, 0, 1};
        rc = grundy__heap_misere_wins(g, play, heaps, n, &w, call);
        for (size_t i = 0; rc == GRUNDY_OK && i < n; i++)
            moves[i] = w.count > 0 && i == component ? move : GRUNDY_NO_MOVE;
        return rc != GRUNDY_OK ? rc : w.count > 0;
    }
    uint32_t x;
    if (rc == GRUNDY_OK)
        rc = grundy__heap_moves__sum_begin(g, heaps, n, &x);
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    /* The first heap with a winning move: one whose value has the top bit
     * of x has one, but an earlier heap may have one that raises its value.
     * A heap whose first winning move has no index (past 2^64 - 2, behind
     * a block of some 10^19 splits into three) is passed over. */
    grundy__heap_moves__move_search s = {g, 0, 0, 0, 0, NULL, NULL, 0, 0};
    int beyond = 0;
    for (size_t i = 0; x != 0 && i < n; i++) {
        rc = grundy__heap_moves__search_heap(g, &s, heaps[i], x, call);
        if (rc == 1) {
            moves[i] = s.first_win;
            return 1;
        }
        beyond |= rc == GRUNDY_ELIMIT;
        if (rc < 0 && rc != GRUNDY_ELIMIT)
            return rc;
    }
    return beyond ? GRUNDY_ELIMIT : 0; /* the message is search_heap's */
}

int grundy_heap_game_sum_winning_moves(grundy_heap_game *g, int play, const uint64_t *heaps,
                                       size_t n, size_t *components, uint64_t *moves,
                                       size_t cap, size_t *count)
{
    static const char call[] = "grundy_heap_game_sum_winning_moves";
    if (count != NULL)
        *count = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (count == NULL || (moves == NULL && cap > 0))
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: %s is NULL", call,
                                 count == NULL ? "count" : "moves");
    int rc = grundy__heap_moves__sum_check(g, play, heaps, n, call);
    if (rc == 1) {
        grundy__wins w = {components, moves, cap, 0, 0};
        rc = grundy__heap_misere_wins(g, play, heaps, n, &w, call);
        if (rc == GRUNDY_OK)
            *count = w.count;
        return rc;
    }
    uint32_t x = 0;
    if (rc == GRUNDY_OK)
        rc = grundy__heap_moves__sum_begin(g, heaps, n, &x);
    grundy__heap_moves__move_search s = {g, 0, 1, 0, 0, components, moves, cap, 0};
    for (size_t i = 0; rc == GRUNDY_OK && x != 0 && i < n; i++) {
        s.component = i;
        rc = grundy__heap_moves__search_heap(g, &s, heaps[i], x, call);
    }
    if (rc == GRUNDY_OK)
        *count = s.count;
    return rc;
}
#undef GRUNDY__HEAP_MOVES__RUN_HITS

/* === src/heap/heap_order.c === */
/* Heap games: the list of a heap's moves, in the order grundy.h documents.
 *
 * The list is cut into blocks (heap_game.h): for each number r of tokens
 * removed, increasing, the move that leaves nothing, the one that leaves one
 * heap, the splits into two heaps (a, m - a), a = 1, 2, ..., then those into
 * three (a, b, c), a <= b <= c, in increasing (a, b), where m = heap - r.
 * Every block's size has a closed form, so the degree costs one step per
 * removal amount, and the move of an index is found in its block by
 * arithmetic: a split into two is its index plus one; a split into three
 * comes from counting the triples before it (see rank3 below). */

/* ---- Unsigned 128-bit numbers, for counting triples of 64-bit heaps ---- */

typedef struct grundy__heap_order__wide {
    uint64_t hi, lo;
} grundy__heap_order__wide;

static grundy__heap_order__wide grundy__heap_order__wide_of(uint64_t x)
{
    grundy__heap_order__wide w;
    w.hi = 0;
    w.lo = x;
    return w;
}

static grundy__heap_order__wide grundy__heap_order__wide_mul(uint64_t a, uint64_t b)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
    grundy__heap_order__wide w;
    w.lo = (mid << 32) | (p00 & 0xffffffffu);
    w.hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    return w;
}

static grundy__heap_order__wide grundy__heap_order__wide_add(grundy__heap_order__wide x, grundy__heap_order__wide y)
{
    grundy__heap_order__wide w;
    w.lo = x.lo + y.lo;
    w.hi = x.hi + y.hi + (uint64_t)(w.lo < x.lo);
    return w;
}

static grundy__heap_order__wide grundy__heap_order__wide_sub(grundy__heap_order__wide x, grundy__heap_order__wide y)
{
    grundy__heap_order__wide w;
    w.lo = x.lo - y.lo;
    w.hi = x.hi - y.hi - (uint64_t)(x.lo < y.lo);
    return w;
}

static uint64_t grundy__heap_order__wide_saturated(grundy__heap_order__wide x)
{
    return x.hi != 0 ? UINT64_MAX : x.lo;
}

/* The partitions of m into three positive parts: round(m^2 / 12).  With
 * m = 6q + r that is 3q^2 + qr + round(r^2 / 12), exact in 128 bits. */
static grundy__heap_order__wide grundy__heap_order__partitions3(uint64_t m)
{
    static const unsigned char round_r2_12[6] = {0, 0, 0, 1, 1, 2};
    uint64_t q = m / 6, r = m % 6;
    return grundy__heap_order__wide_add(grundy__heap_order__wide_mul(q, 3 * q), grundy__heap_order__wide_of(q * r + round_r2_12[r]));
}

/* The triples (a', b', c') of m before those with first part a: the
 * triples with first part >= a are, less a - 1 from each part, the
 * partitions of m - 3(a - 1).  Needs 1 <= a <= m / 3 + 1. */
static grundy__heap_order__wide grundy__heap_order__triples_before(uint64_t m, uint64_t a)
{
    return grundy__heap_order__wide_sub(grundy__heap_order__partitions3(m), grundy__heap_order__partitions3(m - 3 * (a - 1)));
}

GRUNDY__LOCAL uint64_t grundy__heap_rank3(uint64_t m, uint64_t a, uint64_t b)
{
    return grundy__heap_order__wide_saturated(grundy__heap_order__wide_add(grundy__heap_order__triples_before(m, a), grundy__heap_order__wide_of(b - a)));
}

/* The split into three of m at index j of its block: the largest first
 * part a with fewer than j + 1 triples before it, by bisection (O(log m)),
 * then b = a + what is left of j. */
static void grundy__heap_order__unrank3(uint64_t m, uint64_t j, uint64_t *parts)
{
    uint64_t lo = 1, hi = m / 3;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        grundy__heap_order__wide before = grundy__heap_order__triples_before(m, mid);
        if (before.hi == 0 && before.lo <= j)
            lo = mid;
        else
            hi = mid - 1;
    }
    uint64_t b = lo + (j - grundy__heap_order__triples_before(m, lo).lo);
    parts[0] = lo;
    parts[1] = b;
    parts[2] = m - lo - b;
}

/* ---- The blocks ---------------------------------------------------------- */

typedef struct grundy__heap_order__walk {
    grundy__heap_block_fn fn;
    void *ctx;
    grundy__heap_order__wide next; /* the index of the next block's first move, exact */
} grundy__heap_order__walk;

/* Visits block b of exactly `moves` moves (b->count saturates them). */
static int grundy__heap_order__visit(grundy__heap_order__walk *w, grundy__heap_block *b, grundy__heap_order__wide moves)
{
    b->count = grundy__heap_order__wide_saturated(moves);
    b->count_over = moves.hi != 0;
    if (b->count == 0)
        return 0;
    int rc = w->fn(w->ctx, b, grundy__heap_order__wide_saturated(w->next));
    w->next = grundy__heap_order__wide_add(w->next, moves);
    return rc;
}

/* The blocks of the moves that remove r tokens, as digit d allows: nothing
 * left only when r is the whole heap, one heap when some is left (removing
 * nothing must split), two or three non-empty heaps when enough is left. */
static int grundy__heap_order__removal_blocks(grundy__heap_order__walk *w, uint64_t heap, uint64_t r, unsigned d, int unequal)
{
    grundy__heap_block b;
    b.r = r;
    b.m = heap - r;
    b.unequal = 0;
    b.kind = GRUNDY__HEAP_LEAVE_NONE;
    int rc = grundy__heap_order__visit(w, &b, grundy__heap_order__wide_of((uint64_t)((d & GRUNDY__HEAP_LEAVE_NONE) && r > 0 && b.m == 0)));
    if (rc != 0)
        return rc;
    b.kind = GRUNDY__HEAP_LEAVE_ONE;
    if ((rc = grundy__heap_order__visit(w, &b, grundy__heap_order__wide_of((uint64_t)((d & GRUNDY__HEAP_LEAVE_ONE) && r > 0 && b.m > 0)))) != 0)
        return rc;
    b.kind = GRUNDY__HEAP_LEAVE_TWO;
    b.unequal = unequal;
    uint64_t two = !(d & GRUNDY__HEAP_LEAVE_TWO) ? 0 : !unequal ? b.m / 2 : b.m > 0 ? (b.m - 1) / 2 : 0;
    if ((rc = grundy__heap_order__visit(w, &b, grundy__heap_order__wide_of(two))) != 0)
        return rc;
    b.kind = GRUNDY__HEAP_LEAVE_THREE;
    b.unequal = 0;
    return grundy__heap_order__visit(w, &b, (d & GRUNDY__HEAP_LEAVE_THREE) ? grundy__heap_order__partitions3(b.m) : grundy__heap_order__wide_of(0));
}

GRUNDY__LOCAL int grundy__heap_each_block(const grundy__heap_rules *r, uint64_t heap, grundy__heap_block_fn fn,
                            void *ctx)
{
    grundy__heap_order__walk w;
    w.fn = fn;
    w.ctx = ctx;
    w.next = grundy__heap_order__wide_of(0);
    /* Lasker's Nim (the one game with a tail) lists its splits last. */
    int splits_last = r->tail != 0;
    int rc = splits_last ? 0 : grundy__heap_order__removal_blocks(&w, heap, 0, grundy__heap_rules_digit(r, 0), r->unequal);
    for (uint32_t i = 0; rc == 0 && i < r->nremovals && r->removals[i] <= heap; i++)
        rc = grundy__heap_order__removal_blocks(&w, heap, r->removals[i], grundy__heap_rules_removal_digit(r, i),
                            r->unequal);
    if (rc == 0 && r->tail != 0 && heap >= r->ndigits) {
        /* Every amount from ndigits on, each leaving one heap or (the whole
         * heap) none: the tail digit is 3. */
        grundy__heap_block run = {GRUNDY__HEAP_RUN, r->ndigits, heap - r->ndigits, 0, 0, 0};
        rc = grundy__heap_order__visit(&w, &run, grundy__heap_order__wide_add(grundy__heap_order__wide_of(heap - r->ndigits), grundy__heap_order__wide_of(1)));
    }
    if (rc == 0 && splits_last)
        rc = grundy__heap_order__removal_blocks(&w, heap, 0, grundy__heap_rules_digit(r, 0), r->unequal);
    return rc;
}

/* ---- Degree and the move of an index ------------------------------------- */

/* The walk's count, kept by the last block: its first index plus its
 * moves (a first index of UINT64_MAX is saturated or, exactly, already
 * past the last index a move may have). */
typedef struct grundy__heap_order__degree {
    uint64_t total;
    int too_many;
} grundy__heap_order__degree;

static int grundy__heap_order__count_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    grundy__heap_order__degree *d = (grundy__heap_order__degree *)ctx;
    d->too_many = b->count_over || first == UINT64_MAX || b->count > UINT64_MAX - first;
    d->total = d->too_many ? UINT64_MAX : first + b->count;
    return 0;
}

/* The number of moves, exact up to UINT64_MAX (whose last index is
 * UINT64_MAX - 1, below GRUNDY_NO_MOVE); past it, *too_many is set. */
static uint64_t grundy__heap_order__degree_of(const grundy__heap_rules *r, uint64_t heap, int *too_many)
{
    grundy__heap_order__degree d = {0, 0};
    grundy__heap_each_block(r, heap, grundy__heap_order__count_block, &d);
    *too_many = d.too_many;
    return d.total;
}

int grundy_heap_game_degree(grundy_heap_game *g, uint64_t heap, uint64_t *count)
{
    if (count != NULL)
        *count = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (count == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_degree: count is NULL");
    int rc = grundy__heap_ready(g, "grundy_heap_game_degree");
    if (rc != GRUNDY_OK)
        return rc;
    int too_many;
    uint64_t d = grundy__heap_order__degree_of(&g->rules, heap, &too_many);
    if (too_many)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "grundy_heap_game_degree: a heap of %llu has "
                                 "more than 2^64 - 1 moves", (unsigned long long)heap);
    *count = d;
    return GRUNDY_OK;
}

typedef struct grundy__heap_order__unranked {
    uint64_t k;
    uint64_t parts[3];
    size_t nparts;
} grundy__heap_order__unranked;

/* The heaps move k leaves, if it is in this block. */
static int grundy__heap_order__unrank_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    grundy__heap_order__unranked *u = (grundy__heap_order__unranked *)ctx;
    if (u->k < first || u->k - first >= b->count)
        return 0;
    uint64_t j = u->k - first;
    switch (b->kind) {
    case GRUNDY__HEAP_LEAVE_NONE:
        u->nparts = 0;
        break;
    case GRUNDY__HEAP_LEAVE_ONE:
        u->parts[0] = b->m;
        u->nparts = 1;
        break;
    case GRUNDY__HEAP_LEAVE_TWO:
        u->parts[0] = j + 1;
        u->parts[1] = b->m - (j + 1);
        u->nparts = 2;
        break;
    case GRUNDY__HEAP_LEAVE_THREE:
        grundy__heap_order__unrank3(b->m, j, u->parts);
        u->nparts = 3;
        break;
    default: /* a run: remove r + j, leaving m - j (none at the whole heap) */
        u->parts[0] = b->m - j;
        u->nparts = b->m - j > 0 ? 1 : 0;
        break;
    }
    return 1;
}

int grundy_heap_game_move(grundy_heap_game *g, uint64_t heap, uint64_t k, uint64_t *parts,
                          size_t cap, size_t *nparts)
{
    if (nparts != NULL)
        *nparts = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (nparts == NULL || (parts == NULL && cap > 0))
        return grundy__heap_fail(g, GRUNDY_EINVAL, "grundy_heap_game_move: %s is NULL",
                                 nparts == NULL ? "nparts" : "parts");
    int rc = grundy__heap_ready(g, "grundy_heap_game_move");
    if (rc != GRUNDY_OK)
        return rc;
    grundy__heap_order__unranked u = {k, {0, 0, 0}, 0};
    /* k = UINT64_MAX (GRUNDY_NO_MOVE) would match a block whose first index
     * saturated: it is no move. */
    if (k == UINT64_MAX || grundy__heap_each_block(&g->rules, heap, grundy__heap_order__unrank_block, &u) == 0)
        return grundy__heap_fail(g, GRUNDY_ERANGE, "grundy_heap_game_move: a heap of %llu has "
                                 "no move %llu (its moves are numbered from 0)",
                                 (unsigned long long)heap, (unsigned long long)k);
    for (size_t i = 0; i < u.nparts && i < cap; i++)
        parts[i] = u.parts[i];
    *nparts = u.nparts;
    return GRUNDY_OK;
}

/* ---- Every move, one by one ---------------------------------------------- */

typedef struct grundy__heap_order__each_move {
    grundy__heap_move_fn fn;
    void *ctx;
    uint64_t e, p; /* the periodic map the parts are seen through (p 0: none) */
} grundy__heap_order__each_move;

/* The next j of a run (parts m - j) or of splits (j + 1, m - j - 1) worth
 * walking when heaps from e on are seen through their class mod p: in the
 * region where every part is at least e, a move repeats the classes of
 * the move p before it, so only the region's first p moves are walked
 * (and the first move of each class keeps its place in the order). */
static uint64_t grundy__heap_order__next_move(const grundy__heap_order__each_move *e, const grundy__heap_block *b, uint64_t j)
{
    if (e->p == 0 || b->m < e->e)
        return j;
    if (b->kind == GRUNDY__HEAP_LEAVE_TWO) { /* a = j + 1 >= 1 repeats in max(e, 1) + p .. m - e */
        if (j + 1 >= (e->e > 0 ? e->e : 1) + e->p && j + 1 <= b->m - e->e)
            return b->m - e->e;
    } else if (j >= e->p && b->m - j >= e->e) { /* a run: m - j repeats down to e */
        return b->m - e->e + 1;
    }
    return j;
}

static uint64_t grundy__heap_order__index_of(uint64_t first, uint64_t j)
{
    return first == UINT64_MAX || j >= UINT64_MAX - first ? UINT64_MAX : first + j;
}

/* The moves of one block in its order: those of unrank_block, index by index. */
static int grundy__heap_order__expand_block(void *ctx, const grundy__heap_block *b, uint64_t first)
{
    const grundy__heap_order__each_move *e = (const grundy__heap_order__each_move *)ctx;
    uint64_t parts[3] = {0, 0, 0}, m = b->m, j = 0;
    int rc = 0;
    switch (b->kind) {
    case GRUNDY__HEAP_LEAVE_NONE:
        return e->fn(e->ctx, first, parts, 0);
    case GRUNDY__HEAP_LEAVE_ONE:
        parts[0] = m;
        return e->fn(e->ctx, first, parts, 1);
    case GRUNDY__HEAP_LEAVE_TWO:
        for (j = grundy__heap_order__next_move(e, b, 0); rc == 0 && j < b->count; j = grundy__heap_order__next_move(e, b, j + 1)) {
            parts[0] = j + 1;
            parts[1] = m - (j + 1);
            rc = e->fn(e->ctx, grundy__heap_order__index_of(first, j), parts, 2);
        }
        return rc;
    case GRUNDY__HEAP_LEAVE_THREE:
        for (uint64_t a = 1; rc == 0 && a <= m / 3; a++) {
            for (uint64_t c = a; rc == 0 && c <= (m - a) / 2; c++, j++) {
                parts[0] = a;
                parts[1] = c;
                parts[2] = m - a - c;
                rc = e->fn(e->ctx, grundy__heap_order__index_of(first, j), parts, 3);
            }
        }
        return rc;
    default: /* a run: remove r + j, leaving m - j (none at the whole heap) */
        for (j = grundy__heap_order__next_move(e, b, 0); rc == 0 && j < b->count; j = grundy__heap_order__next_move(e, b, j + 1)) {
            parts[0] = m - j;
            rc = e->fn(e->ctx, grundy__heap_order__index_of(first, j), parts, m - j > 0 ? 1u : 0u);
        }
        return rc;
    }
}

GRUNDY__LOCAL int grundy__heap_each_move(const grundy__heap_rules *r, uint64_t heap, grundy__heap_move_fn fn,
                           void *ctx)
{
    return grundy__heap_each_move_periodic(r, heap, 0, 0, fn, ctx);
}

GRUNDY__LOCAL int grundy__heap_each_move_periodic(const grundy__heap_rules *r, uint64_t heap, uint64_t from,
                                    uint64_t period, grundy__heap_move_fn fn, void *ctx)
{
    grundy__heap_order__each_move e;
    e.fn = fn;
    e.ctx = ctx;
    e.e = from;
    e.p = period;
    return grundy__heap_each_block(r, heap, grundy__heap_order__expand_block, &e);
}

/* === src/heap/heap_period.c === */
/* Heap games: the proved period.
 *
 * Period detection (Guy and Smith): with t the most tokens removed, if
 * G(n + p) = G(n) for n0 <= n < need(n0, p) - p, the period holds forever,
 * where need = n0 + p + t without splits, 2 n0 + 2p + t with two-heap
 * splits and 3 n0 + 3p + t with three-heap ones (a split's largest part is at
 * least a half, or a third, of the heap, so it lies in the periodic range once
 * the heap is past that bound).  Checks run at geometric checkpoints, so their
 * cost stays a small fraction of the computation. */

/* Whether every move only takes tokens, leaving nothing or one heap, with
 * both allowed for each amount (digits 0 and 3: a subtraction game). */
static int grundy__heap_period__pure_subtraction(const grundy__heap_rules *r)
{
    if (grundy__heap_rules_digit(r, 0) != 0)
        return 0;
    for (uint32_t i = 0; i < r->nremovals; i++) {
        if (grundy__heap_rules_removal_digit(r, i) != (GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE))
            return 0;
    }
    return 1;
}

/* Values needed to prove period p from n0 (saturating).  The proof moves p
 * tokens between an option of n + p and one of n; that option must stay a
 * non-empty heap, so the argument starts at n0 >= 1 unless taking a whole
 * heap and leaving a heap of 0 are the same move (subtraction games). */
static uint64_t grundy__heap_period__proof_length(const grundy_heap_game *g, uint64_t n0, uint64_t p)
{
    uint64_t t = grundy__heap_rules_max_removal(&g->rules);
    uint64_t k = g->rules.max_parts < 2 ? 1 : g->rules.max_parts;
    if (n0 == 0 && !grundy__heap_period__pure_subtraction(&g->rules))
        n0 = 1;
    if (n0 > UINT64_MAX / 8 || p > UINT64_MAX / 8 || t > UINT64_MAX / 2)
        return UINT64_MAX;
    return k * n0 + k * p + t;
}

GRUNDY__LOCAL int grundy__heap_theorem_applies(const grundy_heap_game *g)
{
    return g->rules.tail == 0 && !g->rules.unequal;
}

/* z[0 .. n): the Z-function of the n values of v read backwards, z[i] the
 * longest common prefix of that sequence and its suffix from i. */
static void grundy__heap_period__reversed_z(const grundy__values *v, size_t n, uint32_t *z)
{
#define GRUNDY__HEAP_PERIOD__REV(i) grundy__values_get(v, n - 1 - (i))
    size_t l = 0, r = 0;
    z[0] = (uint32_t)n;
    for (size_t i = 1; i < n; i++) {
        size_t k = 0;
        if (i < r)
            k = r - i < z[i - l] ? r - i : z[i - l];
        while (i + k < n && GRUNDY__HEAP_PERIOD__REV(k) == GRUNDY__HEAP_PERIOD__REV(i + k))
            k++;
        z[i] = (uint32_t)k;
        if (i + k > r) {
            l = i;
            r = i + k;
        }
    }
#undef GRUNDY__HEAP_PERIOD__REV
}

/* Read backwards, the sequence is p-periodic for its first p + z[p] terms.
 * So every candidate p gets its least preperiod n0 = n - p - z[p] from one
 * O(n) pass. */
GRUNDY__LOCAL int grundy__heap_check_period(grundy_heap_game *g)
{
    if (!grundy__heap_theorem_applies(g) || g->vals.n < 2)
        return 0;
    size_t n = (size_t)g->vals.n;
    uint32_t *z = (uint32_t *)grundy__alloc_array(&g->alloc, n, sizeof *z);
    if (z == NULL)
        return GRUNDY_ENOMEM; /* while computing: the next checkpoint tries again */
    grundy__heap_period__reversed_z(&g->vals, n, z);
    int found = 0;
    for (size_t p = 1; p < n && grundy__heap_period__proof_length(g, 0, p) <= n; p++) {
        uint64_t n0 = n - p - z[p];
        if (grundy__heap_period__proof_length(g, n0, p) <= n) {
            g->periodic = 1;
            g->period = p;
            g->preperiod = n0;
            found = 1;
            break;
        }
    }
    grundy__free(&g->alloc, z);
    return found;
}

int grundy_heap_game_period(grundy_heap_game *g, uint64_t max, uint64_t *period,
                            uint64_t *preperiod)
{
    static const char call[] = "grundy_heap_game_period";
    if (period != NULL)
        *period = 0;
    if (preperiod != NULL)
        *preperiod = 0;
    if (g == NULL)
        return GRUNDY_EINVAL;
    if (period == NULL || preperiod == NULL)
        return grundy__heap_fail(g, GRUNDY_EINVAL, "%s: %s is NULL", call,
                                 period == NULL ? "period" : "preperiod");
    int rc = grundy__heap_ready(g, call);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_prove(g, max, call);
    if (rc != GRUNDY_OK)
        return rc;
    if (!g->periodic || g->saltus != 0)
        return 0;
    *period = g->period;
    *preperiod = g->preperiod;
    return 1;
}

/* === src/heap/heap_rules.c === */
/* Heap game names: octal and hexadecimal codes, "sub:S1,S2,...",
 * "allbut:X1,X2,...", "grundy", "lasker".  Every rejection names the
 * offending character. */

/* Where a name is refused: the offset to report and the message buffer. */
typedef struct grundy__heap_rules__refusal {
    size_t *errpos;
    char *msg;
    size_t cap;
} grundy__heap_rules__refusal;

static int grundy__heap_rules__reject(const grundy__heap_rules__refusal *why, int rc, size_t pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static int grundy__heap_rules__reject(const grundy__heap_rules__refusal *why, int rc, size_t pos, const char *fmt, ...)
{
    if (why->errpos != NULL)
        *why->errpos = pos;
    if (why->msg != NULL && why->cap > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why->msg, why->cap, fmt, ap);
        va_end(ap);
    }
    return rc;
}

/* A character for a message: 'c' if printable, else its byte value (a NUL
 * or a control character would cut or garble the message). */
typedef struct grundy__heap_rules__shown {
    char s[16];
} grundy__heap_rules__shown;

static grundy__heap_rules__shown grundy__heap_rules__show(char c)
{
    grundy__heap_rules__shown out;
    unsigned char u = (unsigned char)c;
    if (u >= 0x20 && u < 0x7f)
        snprintf(out.s, sizeof out.s, "'%c'", c);
    else
        snprintf(out.s, sizeof out.s, "byte 0x%02x", u);
    return out;
}

/* How much of a name a message quotes. */
static int grundy__heap_rules__quoted(size_t len)
{
    return len < 60 ? (int)len : 60;
}

static int grundy__heap_rules__hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Fills the derived fields (removal list, max_parts) from digit[] and tail. */
static int grundy__heap_rules__finish(grundy__heap_rules *r, const grundy_allocator *a)
{
    /* A tail stands for every amount from ndigits on, so the digits below
     * it stay, zeros included (the amounts an all-but game excludes). */
    while (r->tail == 0 && r->ndigits > 1 && r->digit[r->ndigits - 1] == 0)
        r->ndigits--;
    r->nremovals = 0;
    r->max_parts = 0;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        if (k > 0 && r->digit[k] != 0)
            r->nremovals++;
    }
    r->removals = (uint32_t *)grundy__alloc_array(a, r->nremovals, sizeof *r->removals);
    if (r->removals == NULL) {
        grundy__heap_rules_free(r, a);
        return GRUNDY_ENOMEM;
    }
    uint32_t j = 0;
    unsigned all = r->tail;
    for (uint32_t k = 0; k < r->ndigits; k++) {
        all |= r->digit[k];
        if (k > 0 && r->digit[k] != 0)
            r->removals[j++] = k;
    }
    r->max_parts = (all & GRUNDY__HEAP_LEAVE_THREE) ? 3u : (all & GRUNDY__HEAP_LEAVE_TWO) ? 2u
                 : (all & GRUNDY__HEAP_LEAVE_ONE) ? 1u : 0u;
    r->subtraction = r->tail == 0 && r->digit[0] == 0;
    for (uint32_t i = 0; i < r->nremovals; i++)
        r->subtraction &= r->digit[r->removals[i]] == (GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE);
    return GRUNDY_OK;
}

static int grundy__heap_rules__compare_amounts(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

/* Makes the rules of the subtraction game whose n >= 1 amounts (each 1 to
 * 2^32 - 1) are in amounts, which the rules then own: sorted, repeats
 * dropped, no dense digit array. */
static void grundy__heap_rules__subtraction_rules(grundy__heap_rules *r, uint32_t *amounts, size_t n)
{
    qsort(amounts, n, sizeof *amounts, grundy__heap_rules__compare_amounts);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k == 0 || amounts[i] != amounts[k - 1])
            amounts[k++] = amounts[i];
    }
    memset(r, 0, sizeof *r);
    r->removals = amounts;
    r->nremovals = (uint32_t)k; /* distinct amounts: fewer than 2^32 */
    r->max_parts = 1;
    r->subtraction = 1;
}

static int grundy__heap_rules__alloc_digits(grundy__heap_rules *r, const grundy_allocator *a, size_t n)
{
    memset(r, 0, sizeof *r);
    r->digit = (unsigned char *)grundy__calloc_array(a, n, 1);
    r->ndigits = (uint32_t)n;
    return r->digit ? GRUNDY_OK : GRUNDY_ENOMEM;
}

/* Whether the name is a word (it starts with a letter and has no point):
 * then it is refused as a whole rather than at its second letter. */
static int grundy__heap_rules__is_word(const char *name, size_t len)
{
    char c = name[0];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
        return 0;
    return memchr(name, '.', len) == NULL;
}

/* The part before the point: one optional digit, then the point.  The
 * first character that breaks that shape is the one to name. */
static int grundy__heap_rules__check_point(const char *name, size_t len, const grundy__heap_rules__refusal *why, size_t *before)
{
    *before = grundy__heap_rules__hex_value(name[0]) >= 0 ? 1 : 0;
    size_t at = *before;
    if (at < len && name[at] == '.')
        return GRUNDY_OK;
    if (at == len || grundy__heap_rules__is_word(name, len))
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, at == len ? at : 0,
                      "'%.*s' is not a game: expected a code such as 0.77, or grundy, "
                      "lasker, sub:1,2, allbut:2,3,7", grundy__heap_rules__quoted(len), name);
    if (at == 1 && grundy__heap_rules__hex_value(name[at]) >= 0)
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, 1,
                      "%s at offset 1: a code has one digit before the point",
                      grundy__heap_rules__show(name[at]).s);
    return grundy__heap_rules__reject(why, GRUNDY_EPARSE, at, "%s at offset %zu where %s was expected",
                  grundy__heap_rules__show(name[at]).s, at, at ? "the point" : "a digit or the point");
}

static int grundy__heap_rules__parse_code(const char *name, size_t len, const grundy_allocator *a,
                      grundy__heap_rules *r, const grundy__heap_rules__refusal *why)
{
    size_t before;
    int rc = grundy__heap_rules__check_point(name, len, why, &before);
    if (rc != GRUNDY_OK)
        return rc;
    const char *digits = name + before + 1;
    size_t ndig = len - before - 1;
    if (ndig == 0)
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, before + 1, "no digits after the point (offset %zu)",
                      before + 1);
    if (ndig + 1 > GRUNDY__HEAP_MAX_DIGITS)
        return grundy__heap_rules__reject(why, GRUNDY_ELIMIT, before + GRUNDY__HEAP_MAX_DIGITS,
                      "codes may have at most %u digits after the point, not %zu (offset %zu "
                      "is the first digit too many)",
                      GRUNDY__HEAP_MAX_DIGITS - 1, ndig, before + GRUNDY__HEAP_MAX_DIGITS);
    int d0 = before ? grundy__heap_rules__hex_value(name[0]) : 0;
    if ((unsigned)d0 & (GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE))
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, 0,
                      "digit %c at offset 0: the digit before the point may only be 0, 4, 8 "
                      "or C (removing nothing must split)", name[0]);
    for (size_t i = 0; i < ndig; i++) {
        if (grundy__heap_rules__hex_value(digits[i]) < 0)
            return grundy__heap_rules__reject(why, GRUNDY_EPARSE, before + 1 + i,
                          "%s at offset %zu is not an octal or hexadecimal digit",
                          grundy__heap_rules__show(digits[i]).s, before + 1 + i);
    }
    if (grundy__heap_rules__alloc_digits(r, a, ndig + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    r->digit[0] = (unsigned char)d0;
    for (size_t i = 0; i < ndig; i++)
        r->digit[1 + i] = (unsigned char)grundy__heap_rules__hex_value(digits[i]);
    return grundy__heap_rules__finish(r, a);
}

/* One amount of "sub:...", from offset *i, each a decimal in
 * [1, HEAP_MAX_SUBTRACT]; *i ends past it. */
static int grundy__heap_rules__read_amount(const char *name, size_t len, size_t *i, const grundy__heap_rules__refusal *why,
                       uint32_t *out)
{
    size_t start = *i;
    if (start == len)
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, start,
                      "the set of amounts is empty or ends with a comma (offset %zu)", start);
    uint64_t v = 0;
    for (; *i < len && name[*i] >= '0' && name[*i] <= '9'; (*i)++) {
        v = v * 10 + (uint64_t)(name[*i] - '0');
        if (v > GRUNDY__HEAP_MAX_SUBTRACT)
            return grundy__heap_rules__reject(why, GRUNDY_ELIMIT, start,
                          "the amount at offset %zu is above %lu (2^32 - 1), the largest allowed",
                          start, (unsigned long)GRUNDY__HEAP_MAX_SUBTRACT);
    }
    if (*i == start)
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, start,
                      "%s at offset %zu where an amount (a positive integer) was expected",
                      grundy__heap_rules__show(name[start]).s, start);
    if (v == 0)
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, start, "the amount at offset %zu is 0; amounts are "
                      "at least 1", start);
    if (*i < len && name[*i] != ',')
        return grundy__heap_rules__reject(why, GRUNDY_EPARSE, *i, "%s at offset %zu where a comma was expected",
                      grundy__heap_rules__show(name[*i]).s, *i);
    *out = (uint32_t)v;
    return GRUNDY_OK;
}

/* "sub:S1,S2,...": validated in a first pass, which counts the amounts,
 * then stored as a sorted list (O(number of amounts) memory). */
static int grundy__heap_rules__parse_subtraction(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, const grundy__heap_rules__refusal *why)
{
    size_t count = 0;
    uint32_t v;
    for (size_t i = 4;; i++) {
        int rc = grundy__heap_rules__read_amount(name, len, &i, why, &v);
        if (rc != GRUNDY_OK)
            return rc;
        count++;
        if (i == len)
            break;
    }
    uint32_t *amounts = (uint32_t *)grundy__alloc_array(a, count, sizeof *amounts);
    if (amounts == NULL)
        return GRUNDY_ENOMEM;
    count = 0;
    for (size_t i = 4; i < len; i++)
        (void)grundy__heap_rules__read_amount(name, len, &i, why, &amounts[count++]); /* valid: read above */
    grundy__heap_rules__subtraction_rules(r, amounts, count);
    return GRUNDY_OK;
}

/* "allbut:X1,X2,...": every amount but X1, X2, ... may be taken.  The
 * digits below the largest excluded amount say which (0: excluded, 3:
 * take them, leaving one heap or none), and the tail stands for every
 * amount past it; so the excluded amounts are bounded as codes' digits
 * are not: by HEAP_MAX_EXCLUDED, checked in a first pass. */
static int grundy__heap_rules__parse_allbut(const char *name, size_t len, const grundy_allocator *a,
                        grundy__heap_rules *r, const grundy__heap_rules__refusal *why)
{
    uint32_t max = 0, v;
    for (size_t i = 7;; i++) {
        size_t at = i;
        int rc = grundy__heap_rules__read_amount(name, len, &i, why, &v);
        if (rc != GRUNDY_OK)
            return rc;
        if (v > GRUNDY__HEAP_MAX_EXCLUDED)
            return grundy__heap_rules__reject(why, GRUNDY_ELIMIT, at, "the excluded amount at offset %zu is above "
                          "%u, the largest allowed", at, GRUNDY__HEAP_MAX_EXCLUDED);
        max = v > max ? v : max;
        if (i == len)
            break;
    }
    if (grundy__heap_rules__alloc_digits(r, a, (size_t)max + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    unsigned char take = GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE;
    memset(r->digit + 1, take, max);
    r->tail = take;
    for (size_t i = 7; i < len; i++) {
        (void)grundy__heap_rules__read_amount(name, len, &i, why, &v); /* valid: read above */
        r->digit[v] = 0;
    }
    return grundy__heap_rules__finish(r, a);
}

static int grundy__heap_rules__is_name(const char *name, size_t len, const char *word)
{
    return len == strlen(word) && memcmp(name, word, len) == 0;
}

GRUNDY__LOCAL int grundy__heap_rules_parse(const char *name, size_t len, const grundy_allocator *a,
                             grundy__heap_rules *r, size_t *errpos, char *msg, size_t cap)
{
    grundy__heap_rules__refusal why = {errpos, msg, cap};
    if (msg != NULL && cap > 0)
        msg[0] = '\0';
    if (grundy__heap_rules__is_name(name, len, "grundy"))
        return grundy__heap_rules_family(GRUNDY_HEAP_GRUNDY, a, r);
    if (grundy__heap_rules__is_name(name, len, "lasker"))
        return grundy__heap_rules_family(GRUNDY_HEAP_LASKER, a, r);
    if (len >= 4 && memcmp(name, "sub:", 4) == 0)
        return grundy__heap_rules__parse_subtraction(name, len, a, r, &why);
    if (len >= 7 && memcmp(name, "allbut:", 7) == 0)
        return grundy__heap_rules__parse_allbut(name, len, a, r, &why);
    if (len == 0)
        return grundy__heap_rules__reject(&why, GRUNDY_EPARSE, 0, "the game name is empty");
    return grundy__heap_rules__parse_code(name, len, a, r, &why);
}

GRUNDY__LOCAL int grundy__heap_rules_family(int family, const grundy_allocator *a, grundy__heap_rules *r)
{
    if (grundy__heap_rules__alloc_digits(r, a, 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    r->digit[0] = GRUNDY__HEAP_LEAVE_TWO;
    if (family == GRUNDY_HEAP_GRUNDY)
        r->unequal = 1;
    else
        r->tail = GRUNDY__HEAP_LEAVE_NONE | GRUNDY__HEAP_LEAVE_ONE;
    return grundy__heap_rules__finish(r, a);
}

GRUNDY__LOCAL int grundy__heap_rules_subtraction(const uint32_t *set, size_t n, const grundy_allocator *a,
                                   grundy__heap_rules *r, char *msg, size_t cap)
{
    for (size_t i = 0; i < n; i++) {
        if (set[i] == 0) {
            if (msg != NULL && cap > 0)
                snprintf(msg, cap, "set[%zu] is 0: amounts are 1 to %lu (2^32 - 1)", i,
                         (unsigned long)GRUNDY__HEAP_MAX_SUBTRACT);
            return GRUNDY_EINVAL;
        }
    }
    uint32_t *amounts = (uint32_t *)grundy__alloc_array(a, n, sizeof *amounts);
    if (amounts == NULL)
        return GRUNDY_ENOMEM;
    memcpy(amounts, set, n * sizeof *amounts);
    grundy__heap_rules__subtraction_rules(r, amounts, n);
    return GRUNDY_OK;
}

GRUNDY__LOCAL void grundy__heap_rules_free(grundy__heap_rules *r, const grundy_allocator *a)
{
    grundy__free(a, r->digit);
    grundy__free(a, r->removals);
    r->digit = NULL;
    r->removals = NULL;
}

GRUNDY__LOCAL int grundy__heap_rules_copy(const grundy__heap_rules *from, const grundy_allocator *a,
                            grundy__heap_rules *to)
{
    grundy__heap_rules r = *from;
    r.digit = NULL;
    r.removals = (uint32_t *)grundy__alloc_array(a, from->nremovals, sizeof *r.removals);
    if (r.removals == NULL)
        return GRUNDY_ENOMEM;
    memcpy(r.removals, from->removals, (size_t)from->nremovals * sizeof *r.removals);
    if (from->digit != NULL) {
        r.digit = (unsigned char *)grundy__alloc_array(a, from->ndigits, 1);
        if (r.digit == NULL) {
            grundy__free(a, r.removals);
            return GRUNDY_ENOMEM;
        }
        memcpy(r.digit, from->digit, from->ndigits);
    }
    *to = r;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__heap_rules_equal(const grundy__heap_rules *x, const grundy__heap_rules *y)
{
    if (x->nremovals != y->nremovals || x->ndigits != y->ndigits || x->tail != y->tail ||
        x->unequal != y->unequal || x->max_parts != y->max_parts ||
        x->subtraction != y->subtraction || (x->digit == NULL) != (y->digit == NULL))
        return 0;
    if (x->nremovals != 0 &&
        memcmp(x->removals, y->removals, (size_t)x->nremovals * sizeof *x->removals) != 0)
        return 0;
    return x->digit == NULL || x->ndigits == 0 || memcmp(x->digit, y->digit, x->ndigits) == 0;
}

GRUNDY__LOCAL int grundy__heap_rules_allbut(const grundy__heap_rules *r)
{
    return r->tail != 0 && r->max_parts <= 1;
}

GRUNDY__LOCAL int grundy__heap_rules_lasker(const grundy__heap_rules *r)
{
    return r->tail != 0 && (r->digit[0] & GRUNDY__HEAP_LEAVE_TWO) && !r->unequal;
}

GRUNDY__LOCAL int grundy__heap_rules_has_removal(const grundy__heap_rules *r, uint64_t k)
{
    uint32_t lo = 0, hi = r->nremovals;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (r->removals[mid] < k)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->nremovals && r->removals[lo] == k;
}

GRUNDY__LOCAL uint64_t grundy__heap_rules_max_removal(const grundy__heap_rules *r)
{
    if (r->tail != 0)
        return UINT64_MAX;
    return r->nremovals ? r->removals[r->nremovals - 1] : 0;
}

/* === src/heap/heap_scan.c === */
/* The confirmation scan of the sparse method: portable, AVX2, AVX-512. */

#if GRUNDY__SCAN_VECTOR
#define GRUNDY__SCAN_AVX2 1
#include <immintrin.h>
#else
#define GRUNDY__SCAN_AVX2 0
#endif

GRUNDY__LOCAL uint64_t grundy__scan8_plain(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a,
                             uint64_t end)
{
    for (uint64_t b = a; b < end; b++) {
        if (grundy__want8_has(w, (uint32_t)(v[b] ^ v[m - b])))
            return b;
    }
    return end;
}

#if GRUNDY__SCAN_AVX2
/* 32 splits per step.  For x = v[b] ^ v[m - b], the low nibble picks a byte
 * of each row (the bits of the 8 values with that low nibble and high bit),
 * and the high nibble picks the bit: row 0 for high nibbles 0-7, row 1 for
 * 8-15, each through its own one-hot table that is zero for the other half. */
static __attribute__((target("avx2"))) uint64_t
grundy__heap_scan__scan8_avx2(const grundy__want8 *w, const uint8_t *v, uint64_t m, uint64_t a, uint64_t end)
{
    const __m256i row0 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)w->row[0]));
    const __m256i row1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)w->row[1]));
    const __m256i bit0 = _mm256_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
                                          1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i bit1 = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128,
                                          0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128);
    const __m256i reverse = _mm256_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
                                             15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    const __m256i nibble = _mm256_set1_epi8(15);
    const __m256i zero = _mm256_setzero_si256();
    uint64_t b = a;
    /* b + 31 <= m keeps the mirrored load v[m - b - 31 .. m - b] in range. */
    while (b + 32 <= end && b + 31 <= m) {
        __m256i fwd = _mm256_loadu_si256((const __m256i *)(const void *)(v + b));
        __m256i back = _mm256_loadu_si256((const __m256i *)(const void *)(v + m - b - 31));
        back = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(back, 0x4e), reverse);
        __m256i x = _mm256_xor_si256(fwd, back);
        __m256i lo = _mm256_and_si256(x, nibble);
        __m256i hi = _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble);
        __m256i hit = _mm256_or_si256(
            _mm256_and_si256(_mm256_shuffle_epi8(row0, lo), _mm256_shuffle_epi8(bit0, hi)),
            _mm256_and_si256(_mm256_shuffle_epi8(row1, lo), _mm256_shuffle_epi8(bit1, hi)));
        uint32_t none = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(hit, zero));
        if (none != 0xffffffffu)
            return b + (uint64_t)__builtin_ctz(~none);
        b += 32;
    }
    return grundy__scan8_plain(w, v, m, b, end);
}

/* 16 splits per step: the mirrored load reversed by 16-bit lanes, then
 * compared with each wanted value. */
static __attribute__((target("avx2"))) uint64_t
grundy__heap_scan__scan16_avx2(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m, uint64_t a, uint64_t end)
{
    __m256i want[GRUNDY__SCAN_FEW];
    for (unsigned i = 0; i < k; i++)
        want[i] = _mm256_set1_epi16((short)t[i]);
    const __m256i reverse = _mm256_setr_epi8(14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
                                             14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1);
    uint64_t b = a;
    while (b + 16 <= end && b + 15 <= m) {
        __m256i fwd = _mm256_loadu_si256((const __m256i *)(const void *)(v + b));
        __m256i back = _mm256_loadu_si256((const __m256i *)(const void *)(v + m - b - 15));
        back = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(back, 0x4e), reverse);
        __m256i x = _mm256_xor_si256(fwd, back);
        __m256i eq = _mm256_cmpeq_epi16(x, want[0]);
        for (unsigned i = 1; i < k; i++)
            eq = _mm256_or_si256(eq, _mm256_cmpeq_epi16(x, want[i]));
        uint32_t hit = (uint32_t)_mm256_movemask_epi8(eq);
        if (hit != 0)
            return b + (uint64_t)(__builtin_ctz(hit) / 2);
        b += 16;
    }
    return grundy__scan16_plain(t, k, v, m, b, end);
}

/* GCC's AVX-512 intrinsics start from an undefined register, which g++
 * -O2 -Wall takes for an uninitialised variable (a false positive of the
 * compiler's own headers). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/* Takes value x, a split's, if it is still wanted. */
static uint32_t grundy__heap_scan__take_value(grundy__want_bits *w, uint32_t x, uint16_t *found, uint32_t k)
{
    if (!grundy__want_bits_has(w, x))
        return k;
    grundy__want_bits_flip(w, x);
    found[k] = (uint16_t)x;
    return k + 1;
}

/* 32 splits per step: the mirrored load reversed by a word permute; in
 * each 16-bit lane the low byte of x >> 3 picks the bitmap byte through a
 * permute of two registers (128 bytes), and 1 << (x & 7) tests its bit.
 * After a hit the splits of the step are taken one by one (two may share a
 * value) and the bitmap is loaded again. */
static __attribute__((target("avx512f,avx512bw,avx512vbmi"))) uint32_t
grundy__heap_scan__scan_bits_avx512(grundy__want_bits *w, const uint16_t *v, uint64_t m, uint64_t a, uint64_t end,
                 uint32_t missing, uint16_t *found)
{
    const __m512i reverse = _mm512_set_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                             15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
                                             27, 28, 29, 30, 31);
    const __m512i seven = _mm512_set1_epi16(7);
    const __m512i one = _mm512_set1_epi16(1);
    __m512i lo = _mm512_loadu_si512((const void *)w->byte);
    __m512i hi = _mm512_loadu_si512((const void *)(w->byte + 64));
    uint32_t k = 0;
    uint64_t b = a;
    while (k < missing && b + 32 <= end && b + 31 <= m) {
        __m512i fwd = _mm512_loadu_si512((const void *)(v + b));
        __m512i back = _mm512_loadu_si512((const void *)(v + m - b - 31));
        __m512i x = _mm512_xor_si512(fwd, _mm512_permutexvar_epi16(reverse, back));
        __m512i got = _mm512_permutex2var_epi8(lo, _mm512_srli_epi16(x, 3), hi);
        __m512i bit = _mm512_sllv_epi16(one, _mm512_and_si512(x, seven));
        unsigned hit = (unsigned)_mm512_test_epi16_mask(got, bit);
        if (hit != 0) {
            for (; hit != 0 && k < missing; hit &= hit - 1) {
                uint64_t c = b + (uint64_t)__builtin_ctz(hit);
                k = grundy__heap_scan__take_value(w, (uint32_t)(v[c] ^ v[m - c]), found, k);
            }
            lo = _mm512_loadu_si512((const void *)w->byte);
            hi = _mm512_loadu_si512((const void *)(w->byte + 64));
        }
        b += 32;
    }
    for (; k < missing && b < end; b++)
        k = grundy__heap_scan__take_value(w, (uint32_t)(v[b] ^ v[m - b]), found, k);
    return k;
}

/* As scan_bits_avx512 for one-byte values: the byte permute reverses the
 * mirrored load, and the bitmap's first 32 bytes (values below 256) are
 * one register. */
static __attribute__((target("avx512f,avx512bw,avx512vbmi"))) uint32_t
grundy__heap_scan__scan_bits8_avx512(grundy__want_bits *w, const uint8_t *v, uint64_t m, uint64_t a, uint64_t end,
                  uint32_t missing, uint16_t *found)
{
    const __m512i reverse = _mm512_set_epi8(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46,
        47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63);
    const __m512i onehot = _mm512_broadcast_i32x4(
        _mm_setr_epi8(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0));
    const __m512i seven = _mm512_set1_epi8(7);
    const __m512i low5 = _mm512_set1_epi8(31);
    __m512i table = _mm512_loadu_si512((const void *)w->byte);
    uint32_t k = 0;
    uint64_t b = a;
    while (k < missing && b + 64 <= end && b + 63 <= m) {
        __m512i fwd = _mm512_loadu_si512((const void *)(v + b));
        __m512i back = _mm512_loadu_si512((const void *)(v + m - b - 63));
        __m512i x = _mm512_xor_si512(fwd, _mm512_permutexvar_epi8(reverse, back));
        __m512i at = _mm512_and_si512(_mm512_srli_epi16(x, 3), low5);
        __m512i got = _mm512_permutexvar_epi8(at, table);
        uint64_t hit = (uint64_t)_mm512_test_epi8_mask(
            got, _mm512_shuffle_epi8(onehot, _mm512_and_si512(x, seven)));
        if (hit != 0) {
            for (; hit != 0 && k < missing; hit &= hit - 1) {
                uint64_t c = b + (uint64_t)__builtin_ctzll(hit);
                k = grundy__heap_scan__take_value(w, (uint32_t)(v[c] ^ v[m - c]), found, k);
            }
            table = _mm512_loadu_si512((const void *)w->byte);
        }
        b += 64;
    }
    for (; k < missing && b < end; b++)
        k = grundy__heap_scan__take_value(w, (uint32_t)(v[b] ^ v[m - b]), found, k);
    return k;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

static int grundy__heap_scan__has_avx512_vbmi(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}
#endif

GRUNDY__LOCAL grundy__scan_bits8_fn grundy__scan_bits8_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (grundy__heap_scan__has_avx512_vbmi())
        return grundy__heap_scan__scan_bits8_avx512;
#endif
    return NULL;
}

GRUNDY__LOCAL grundy__scan_bits_fn grundy__scan_bits_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (grundy__heap_scan__has_avx512_vbmi())
        return grundy__heap_scan__scan_bits_avx512;
#endif
    return NULL;
}

GRUNDY__LOCAL uint64_t grundy__scan16_plain(const uint16_t *t, unsigned k, const uint16_t *v, uint64_t m,
                              uint64_t a, uint64_t end)
{
    for (uint64_t b = a; b < end; b++) {
        uint16_t x = (uint16_t)(v[b] ^ v[m - b]);
        for (unsigned i = 0; i < k; i++) {
            if (x == t[i])
                return b;
        }
    }
    return end;
}

GRUNDY__LOCAL grundy__scan16_fn grundy__scan16_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (__builtin_cpu_supports("avx2"))
        return grundy__heap_scan__scan16_avx2;
#endif
    return grundy__scan16_plain;
}

GRUNDY__LOCAL grundy__scan8_fn grundy__scan8_best(void)
{
#if GRUNDY__SCAN_AVX2
    if (__builtin_cpu_supports("avx2"))
        return grundy__heap_scan__scan8_avx2;
#endif
    return grundy__scan8_plain;
}
#undef GRUNDY__SCAN_AVX2

/* === src/heap/heap_sparse.c === */
/* Heap games: the sparse-space method's bookkeeping.  Under a mask, a value
 * is rare when its bits under the mask have even parity; the heaps of rare
 * value are listed, and the values of every split through one of them are
 * marked directly.  The kernels (heap_kernel.h) use the list; this file
 * chooses the mask, from a histogram of the values, and keeps the list. */

#define GRUNDY__HEAP_SPARSE__MAX_MASK 4096u            /* masks tried: below this, and below 2^bits of the values */

/* The mask under which the fewest heaps so far have rare values (even
 * parity).  Counting by value histogram costs O(values * masks), not
 * O(heaps * masks).  Returns 0 if no mask makes rare heaps scarce enough. */
static uint32_t grundy__heap_sparse__choose_mask(const grundy_heap_game *g)
{
    uint64_t limit = g->pow2 < GRUNDY__HEAP_SPARSE__MAX_MASK ? g->pow2 : GRUNDY__HEAP_SPARSE__MAX_MASK;
    uint64_t best_count = UINT64_MAX;
    uint32_t best = 0;
    for (uint32_t m = 1; m < limit; m++) {
        uint64_t count = 0;
        for (size_t v = 0; v < g->hist_len && count < best_count; v++) {
            if (!grundy__odd_parity((uint32_t)v & m))
                count += g->hist[v];
        }
        if (count < best_count) {
            best_count = count;
            best = m;
        }
    }
    /* A value costs a read per rare heap, plus a vectorised check of the
     * rare values below the answer (a few thousand splits, at several per
     * read), instead of one read per split, n / 2: worth it once the rare
     * heaps are under half the splits. */
    return best_count * 4 <= g->vals.n ? best : 0;
}

GRUNDY__LOCAL int grundy__heap_rare_room(grundy_heap_game *g, uint64_t more)
{
    return grundy__reserve(&g->alloc, (void **)&g->rare, &g->cap_rare,
                           (size_t)(g->nrare + more), sizeof *g->rare);
}

GRUNDY__LOCAL int grundy__heap_rechoose(grundy_heap_game *g)
{
    uint32_t mask = grundy__heap_sparse__choose_mask(g);
    if (mask != 0 && mask != g->mask) {
        uint64_t count = 0;
        for (uint64_t h = 1; h < g->vals.n; h++)
            count += !grundy__odd_parity(grundy__values_get(&g->vals, h) & mask);
        g->nrare = 0;
        if (grundy__heap_rare_room(g, count) != GRUNDY_OK) {
            g->mask = 0; /* the list is no longer the old mask's */
            g->sparse_active = 0;
            return GRUNDY_ENOMEM;
        }
        g->mask = mask;
        for (uint64_t h = 1; h < g->vals.n; h++) {
            if (!grundy__odd_parity(grundy__values_get(&g->vals, h) & mask))
                g->rare[g->nrare++] = (uint32_t)h;
        }
    }
    /* Again at twice the length, or soon while no mask pays yet. */
    g->next_choice = mask != 0 ? 2 * g->vals.n : g->vals.n + g->vals.n / 4 + 1;
    g->sparse_active = mask != 0;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__heap_hist_room(grundy_heap_game *g, uint32_t v)
{
    if (v < g->hist_len)
        return GRUNDY_OK;
    size_t len = g->hist_len ? g->hist_len : 16;
    while (len <= v)
        len *= 2;
    uint64_t *h = (uint64_t *)grundy__calloc_array(&g->alloc, len, sizeof *h);
    if (h == NULL)
        return GRUNDY_ENOMEM;
    if (g->hist_len)
        memcpy(h, g->hist, g->hist_len * sizeof *h);
    grundy__free(&g->alloc, g->hist);
    g->hist = h;
    g->hist_len = len;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__heap_is_rare(const grundy_heap_game *g, uint64_t heap, uint32_t v)
{
    return grundy__heap_sparse_possible(g) && g->mask != 0 && heap >= 1 &&
           !grundy__odd_parity(v & g->mask);
}

int grundy_heap_game_sparse_mask(const grundy_heap_game *g, uint32_t *mask)
{
    int used = g != NULL && grundy__heap_sparse_possible(g) && g->sparse_active && g->mask != 0;
    if (mask != NULL)
        *mask = used ? g->mask : 0;
    return used;
}
#undef GRUNDY__HEAP_SPARSE__MAX_MASK

/* === src/heap/heap_subtraction.c === */
/* Heap games: finite subtraction games, by an engine of their own.
 *
 * With S = {s1 < s2 < ... < sm} and t = sm, G(n) = mex{G(n - s) : s in S,
 * s <= n}.  A value has at most m options, so it is at most m: the mex is
 * the lowest zero bit of a mask, and values take one byte while m < 256.
 *
 * The window proof.  For n >= t every amount is a legal move, so G(n) is a
 * function of the window W(n) = G(n - t) ... G(n - 1).  Hence if
 * G(n + p) = G(n) for the t consecutive n = e ... e + t - 1 (any e >= 0),
 * that is W(e + t) = W(e + t + p), then G(n + p) = G(n) for all n >= e.
 * The windows from W(t) on form a deterministic sequence, so the first
 * window that comes back gives the period: if W(x) = W(y), x < y, is the
 * first repeat, y - x is the least period P and x - t is at least the least
 * preperiod E, which a walk down from x - t then finds exactly.
 *
 * Finding the repeat: every window's hash is kept rolling (a polynomial
 * hash mod 2^64), and two cheap tests run at every value: Brent's cycle
 * test (the window at positions n0 + 2^j - 1 against every later one up to
 * twice as far) and "marked" windows (hash's top bits zero, one in 256),
 * kept in a table with their first position.  A hash match is only a
 * candidate: the two windows are compared value by value, and a period is
 * claimed only from equal windows.  Both tests meet a window x of the cycle
 * again first at x + P (a window's mark depends on the window alone), so
 * the first verified match gives the least period.
 *
 * The chain of games.  Below s_{i+1}, the game S_i = {s1 ... si} and S have
 * the same values; and adding the amount a to a game whose values G are
 * known changes nothing below the first n >= a with G(n - a) = G(n) (the
 * new option's value is never the mex there).  So the engine proves the
 * games S_1, S_2, ... in turn: once S_i has a proved period (E, P), the
 * first change due to s_{i+1} (and to the amounts after it, while the
 * change lies past them) is found in O(E + P) steps from the period alone;
 * if there is none the period carries over unchanged, else the values are
 * copied from the period up to the change and computed on from there.
 * {1, 2, k} with k not a multiple of 3 is thus proved from a dozen values
 * (G(n) = n mod 3), and {1, 2, 3j} computes from n = 3j on, not from 0.
 *
 * Memory: the values kept (E + P values once proved, and those computed on
 * the way), one byte each while m < 256, plus the table of marked windows
 * (16 bytes per 256 values).  At most 2^32 - 1 values are kept. */

#define GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES ((uint64_t)UINT32_MAX) /* the most values a table holds */
#define GRUNDY__HEAP_SUBTRACTION__SUB_PROGRESS (1u << 24)    /* options between progress reports */
#define GRUNDY__HEAP_SUBTRACTION__HASH_BASE 0x9e3779b97f4a7c15ull /* odd: its powers are units mod 2^64 */
#define GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT 56              /* marked: the hash's top 8 bits are zero */
#define GRUNDY__HEAP_SUBTRACTION__FAST_MAX 63u               /* the fast kernel: values below 64, one-hot in a word */
#define GRUNDY__HEAP_SUBTRACTION__NEAR 4u                    /* amounts up to this read the last values from registers */
#define GRUNDY__HEAP_SUBTRACTION__NO_CHANGE UINT64_MAX

/* ---- The values of one game of the chain --------------------------------- */

typedef struct grundy__heap_subtraction__sub_run {
    grundy_heap_game *g;
    const uint32_t *s;     /* the amounts, increasing */
    uint32_t m;            /* how many */
    grundy__values a;      /* the values of the game being proved */
    int proved;            /* a holds a proved period (pre, per): a.n >= pre + per */
    uint64_t pre, per;
    uint64_t store_limit;  /* the most values a may hold */
    uint64_t total;        /* for progress reports */
    uint64_t done;         /* the largest count reported: reports never go back */
    uint64_t work;         /* options since the last report */
    uint64_t *marked;      /* the marked windows: hash and position pairs, 0 = free */
    size_t mcap, mcount;   /* pairs of room, pairs used */
    uint64_t need;         /* a failure's size: the values a proof needs at least */
    uint32_t reached;      /* a holds values of the game of the first `reached` amounts */
} grundy__heap_subtraction__sub_run;

static uint64_t grundy__heap_subtraction__power_of_base(uint64_t e)
{
    uint64_t r = 1, b = GRUNDY__HEAP_SUBTRACTION__HASH_BASE;
    for (; e > 0; e >>= 1, b *= b) {
        if (e & 1)
            r *= b;
    }
    return r;
}

/* G(x) of a proved game, for any x: from the table, or from the period. */
static uint32_t grundy__heap_subtraction__proved_value(const grundy__heap_subtraction__sub_run *r, uint64_t x)
{
    if (x >= r->a.n)
        x = r->pre + (x - r->pre) % r->per;
    return grundy__values_get(&r->a, x);
}

/* Reports progress (monotone counts); GRUNDY_ECANCELED if the callback
 * asks to stop. */
static int grundy__heap_subtraction__report(grundy__heap_subtraction__sub_run *r, uint64_t values)
{
    grundy_heap_game *g = r->g;
    r->work += values * (r->m ? r->m : 1);
    if (r->work < GRUNDY__HEAP_SUBTRACTION__SUB_PROGRESS || g->progress == NULL)
        return GRUNDY_OK;
    r->work = 0;
    uint64_t done = r->a.n > r->done ? r->a.n : r->done;
    r->done = done = done < r->total ? done : r->total;
    g->reporting = 1;
    int stop = g->progress(g->progress_user, done, r->total);
    g->reporting = 0;
    return stop ? GRUNDY_ECANCELED : GRUNDY_OK;
}

/* ---- The kernels ----------------------------------------------------------- */

/* The rolling hash of the window W(n): sum of G(n - t + j) * B^(t - 1 - j),
 * and what a window of the cycle is compared with. */
typedef struct grundy__heap_subtraction__roll {
    uint64_t h;     /* the hash of the window ending at the last value computed */
    uint64_t bt;    /* B^t: the weight of the value leaving the window */
    uint64_t th;    /* the hash of Brent's window */
    int on;         /* hashing at all */
} grundy__heap_subtraction__roll;

static int grundy__heap_subtraction__roll_event(const grundy__heap_subtraction__roll *w)
{
    return w->on && (w->h == w->th || (w->h >> GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT) == 0);
}

/* Values v[from .. to) of a game of at most FAST_MAX amounts (one-byte
 * values, from >= t): the option values as one-hot bits, the mex as the
 * lowest zero bit of their union ((x + 1) & ~x).  The dependency chain runs
 * through the last values, kept one-hot in registers (m1 .. m4, used where
 * the amount 1 ... 4 is in S); the far amounts' values were stored long
 * before and load off the chain.  Returns where it stopped: to, or the
 * position after the first value whose window is a candidate (roll_event). */
static uint64_t grundy__heap_subtraction__fast_run(uint8_t *v, const uint32_t *s, uint32_t m, uint64_t from, uint64_t to,
                         grundy__heap_subtraction__roll *w)
{
    uint64_t f[GRUNDY__HEAP_SUBTRACTION__NEAR + 1] = {0, 0, 0, 0, 0};
    uint32_t far[GRUNDY__HEAP_SUBTRACTION__FAST_MAX];
    uint32_t nfar = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (s[j] <= GRUNDY__HEAP_SUBTRACTION__NEAR)
            f[s[j]] = ~0ull;
        else
            far[nfar++] = s[j];
    }
    /* The registers shift every value, so each holds its value whether its
     * amount is in S or not (f masks it out then). */
    uint64_t m1 = from >= 1 ? 1ull << v[from - 1] : 0, m2 = from >= 2 ? 1ull << v[from - 2] : 0;
    uint64_t m3 = from >= 3 ? 1ull << v[from - 3] : 0, m4 = from >= 4 ? 1ull << v[from - 4] : 0;
    /* Everything the loop reads in locals: the stores of values (bytes)
     * could alias any memory the compiler cannot see is private. */
    const uint64_t f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    const uint64_t t = s[m - 1], bt = w->bt, th = w->th;
    const uint32_t far0 = nfar ? far[0] : 0;
    const int on = w->on;
    uint64_t h = w->h, n = from;
    while (n < to) {
        /* Everything but the newest value first, off the chain; the chain
         * is then and, or, and the lowest zero bit (add, andn). */
        uint64_t rest = (m2 & f2) | (m3 & f3) | (m4 & f4);
        if (nfar == 1) { /* the usual shape, {1, 2, k}: one far amount */
            rest |= 1ull << v[n - far0];
        } else {
            for (uint32_t j = 0; j < nfar; j++)
                rest |= 1ull << v[n - far[j]];
        }
        uint64_t mask = rest | (m1 & f1);
        uint64_t one = (mask + 1) & ~mask;
        unsigned x = grundy__lowest_bit(one);
        v[n] = (uint8_t)x;
        m4 = m3;
        m3 = m2;
        m2 = m1;
        m1 = one;
        n++;
        if (on) {
            h = h * GRUNDY__HEAP_SUBTRACTION__HASH_BASE + (x - v[n - 1 - t] * bt); /* one add after the multiply */
            if (h == th || (h >> GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT) == 0)
                break;
        }
    }
    w->h = h;
    return n;
}

/* The same for any game and width, and for heaps below t (only the amounts
 * up to n count): marks in words of 64 bits.  marks has m / 64 + 1 words. */
static uint64_t grundy__heap_subtraction__general_run(grundy__values *a, const uint32_t *s, uint32_t m, uint64_t from,
                            uint64_t to, grundy__heap_subtraction__roll *w, uint64_t *marks)
{
    size_t words = (size_t)m / 64 + 1;
    uint64_t t = m ? s[m - 1] : 0;
    uint64_t n = from;
    while (n < to) {
        memset(marks, 0, words * sizeof *marks);
        for (uint32_t j = 0; j < m && s[j] <= n; j++) {
            uint32_t x = grundy__values_get(a, n - s[j]);
            marks[x / 64] |= 1ull << (x % 64);
        }
        size_t k = 0;
        while (marks[k] == ~0ull)
            k++;
        uint32_t x = (uint32_t)(k * 64 + grundy__lowest_bit(~marks[k]));
        grundy__values_set(a, n, x);
        n++;
        if (w->on && n > t) {
            w->h = w->h * GRUNDY__HEAP_SUBTRACTION__HASH_BASE + x - grundy__values_get(a, n - 1 - t) * w->bt;
            if (grundy__heap_subtraction__roll_event(w))
                break;
        }
    }
    return n;
}

/* Values a[from .. to) of the game of the first m amounts, at most up to
 * the first candidate window when hashing; room for them is there. */
static int grundy__heap_subtraction__run_values(grundy__heap_subtraction__sub_run *r, uint32_t m, uint64_t from, uint64_t to, grundy__heap_subtraction__roll *w,
                      uint64_t *stopped)
{
    const uint32_t *s = r->s;
    uint64_t t = m ? s[m - 1] : 0;
    if (r->a.width == 1 && m >= 1 && m <= GRUNDY__HEAP_SUBTRACTION__FAST_MAX && from >= t) {
        *stopped = grundy__heap_subtraction__fast_run(r->a.p, s, m, from, to, w);
        return GRUNDY_OK;
    }
    uint64_t *marks = (uint64_t *)grundy__alloc_array(&r->g->alloc, (size_t)m / 64 + 1,
                                                      sizeof *marks);
    if (marks == NULL)
        return GRUNDY_ENOMEM;
    /* Below t with the general kernel, then the fast one where it may run. */
    uint64_t mid = r->a.width == 1 && m >= 1 && m <= GRUNDY__HEAP_SUBTRACTION__FAST_MAX && t < to ? t : to;
    *stopped = grundy__heap_subtraction__general_run(&r->a, s, m, from, mid, w, marks);
    grundy__free(&r->g->alloc, marks);
    if (*stopped == mid && mid < to && !grundy__heap_subtraction__roll_event(w))
        *stopped = grundy__heap_subtraction__fast_run(r->a.p, s, m, mid, to, w);
    return GRUNDY_OK;
}

/* ---- Finding the repeat ---------------------------------------------------- */

/* Whether the windows ending at x and y (t values each) are equal. */
static int grundy__heap_subtraction__same_window(const grundy__values *a, uint64_t t, uint64_t x, uint64_t y)
{
    size_t w = a->width;
    return memcmp(a->p + (x - t) * w, a->p + (y - t) * w, (size_t)t * w) == 0;
}

static size_t grundy__heap_subtraction__mark_slot(const grundy__heap_subtraction__sub_run *r, uint64_t h)
{
    return (size_t)((h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull >> 7) & (r->mcap - 1);
}

/* Room for one more marked window (the table at most half full). */
static int grundy__heap_subtraction__mark_room(grundy__heap_subtraction__sub_run *r)
{
    if (2 * (r->mcount + 1) <= r->mcap)
        return GRUNDY_OK;
    size_t cap = r->mcap ? 2 * r->mcap : 64;
    uint64_t *t = (uint64_t *)grundy__calloc_array(&r->g->alloc, cap, 2 * sizeof *t);
    if (t == NULL)
        return GRUNDY_ENOMEM;
    uint64_t *old = r->marked;
    size_t oldcap = r->mcap;
    r->marked = t;
    r->mcap = cap;
    for (size_t i = 0; i < oldcap; i++) {
        if (old[2 * i + 1] != 0) {
            size_t k = grundy__heap_subtraction__mark_slot(r, old[2 * i]);
            while (t[2 * k + 1] != 0)
                k = (k + 1) & (cap - 1);
            t[2 * k] = old[2 * i];
            t[2 * k + 1] = old[2 * i + 1];
        }
    }
    grundy__free(&r->g->alloc, old);
    return GRUNDY_OK;
}

/* A marked window at y with hash h: the position of an earlier equal
 * window, or 0 (then y is recorded: the first of its kind). */
static int grundy__heap_subtraction__mark_visit(grundy__heap_subtraction__sub_run *r, uint64_t t, uint64_t h, uint64_t y, uint64_t *x)
{
    *x = 0;
    int rc = grundy__heap_subtraction__mark_room(r);
    if (rc != GRUNDY_OK)
        return rc;
    size_t k = grundy__heap_subtraction__mark_slot(r, h);
    for (; r->marked[2 * k + 1] != 0; k = (k + 1) & (r->mcap - 1)) {
        if (r->marked[2 * k] == h && grundy__heap_subtraction__same_window(&r->a, t, r->marked[2 * k + 1], y)) {
            *x = r->marked[2 * k + 1];
            return GRUNDY_OK;
        }
    }
    r->marked[2 * k] = h;
    r->marked[2 * k + 1] = y;
    r->mcount++;
    return GRUNDY_OK;
}

/* W(x) = W(y), the first repeat: the least period is y - x, and the least
 * preperiod the lowest e from which G(n + P) = G(n) holds all the way up
 * to x - t (and so on, by the window proof). */
static void grundy__heap_subtraction__found_period(grundy__heap_subtraction__sub_run *r, uint64_t t, uint64_t x, uint64_t y)
{
    uint64_t p = y - x, e = x - t;
    while (e > 0 && grundy__values_get(&r->a, e - 1) == grundy__values_get(&r->a, e - 1 + p))
        e--;
    r->proved = 1;
    r->per = p;
    r->pre = e;
}

/* The hash of the window ending at n: four products in flight at a time,
 * the one-byte table read directly (the usual case, and a long window). */
static uint64_t grundy__heap_subtraction__window_hash(const grundy__values *a, uint64_t n, uint64_t t)
{
    uint64_t h = 0, b2 = GRUNDY__HEAP_SUBTRACTION__HASH_BASE * GRUNDY__HEAP_SUBTRACTION__HASH_BASE, b4 = b2 * b2;
    uint64_t i = n - t;
    if (a->width == 1) {
        const uint8_t *v = a->p;
        for (; i + 4 <= n; i += 4)
            h = h * b4 + ((uint64_t)v[i] * GRUNDY__HEAP_SUBTRACTION__HASH_BASE + v[i + 1]) * b2 +
                (uint64_t)v[i + 2] * GRUNDY__HEAP_SUBTRACTION__HASH_BASE + v[i + 3];
    }
    for (; i < n; i++)
        h = h * GRUNDY__HEAP_SUBTRACTION__HASH_BASE + grundy__values_get(a, i);
    return h;
}

/* Computes the game of the first m amounts (t = s[m - 1]) from a.n = n0 >= t
 * on, until the first repeated window (r->proved is then set) or stop. */
static int grundy__heap_subtraction__find_repeat(grundy__heap_subtraction__sub_run *r, uint32_t m, uint64_t stop)
{
    uint64_t t = r->s[m - 1];
    uint64_t n = r->a.n;
    grundy__heap_subtraction__roll w = {grundy__heap_subtraction__window_hash(&r->a, n, t), grundy__heap_subtraction__power_of_base(t), 0, 1};
    w.th = w.h;
    uint64_t tortoise = n, reset = n + 1, power = 1;
    r->mcount = 0;
    if (r->marked != NULL)
        memset(r->marked, 0, r->mcap * 2 * sizeof *r->marked);
    uint64_t x;
    /* Room for two windows past the start at once: a period of about t
     * (the common case for a large amount) needs no copy on the way. */
    uint64_t guess = n + 2 * t + 4096;
    int rc = grundy__values_reserve(&r->a, &r->g->alloc, guess < stop ? guess : stop);
    if (rc == GRUNDY_OK && (w.h >> GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT) == 0)
        rc = grundy__heap_subtraction__mark_visit(r, t, w.h, n, &x);
    uint64_t chunk = GRUNDY__HEAP_SUBTRACTION__SUB_PROGRESS / m + 1;
    while (rc == GRUNDY_OK && n < stop) {
        uint64_t end = stop - n < chunk ? stop : n + chunk;
        end = end < reset ? end : reset;
        rc = grundy__values_reserve(&r->a, &r->g->alloc, end);
        if (rc == GRUNDY_OK)
            rc = grundy__heap_subtraction__run_values(r, m, n, end, &w, &n);
        if (rc != GRUNDY_OK)
            break;
        uint64_t from = r->a.n;
        r->a.n = n;
        if (w.h == w.th && grundy__heap_subtraction__same_window(&r->a, t, tortoise, n)) {
            grundy__heap_subtraction__found_period(r, t, tortoise, n);
            break;
        }
        if ((w.h >> GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT) == 0) {
            rc = grundy__heap_subtraction__mark_visit(r, t, w.h, n, &x);
            if (rc == GRUNDY_OK && x != 0) {
                grundy__heap_subtraction__found_period(r, t, x, n);
                break;
            }
        }
        if (n == reset) {
            tortoise = n;
            w.th = w.h;
            power *= 2;
            reset = n + power;
        }
        if (rc == GRUNDY_OK)
            rc = grundy__heap_subtraction__report(r, n - from);
    }
    return rc;
}

/* ---- The chain of games ------------------------------------------------------ */

/* The first n >= k where adding the amount k to the proved game changes a
 * value: the first n with G(n - k) = G(n), found in one period past the
 * preperiod of both (the pair is periodic from k + pre on); NO_CHANGE if
 * none. */
static uint64_t grundy__heap_subtraction__first_change(const grundy__heap_subtraction__sub_run *r, uint64_t k)
{
    uint64_t end = k + r->pre + r->per;
    for (uint64_t n = k; n < end; n++) {
        if (grundy__heap_subtraction__proved_value(r, n - k) == grundy__heap_subtraction__proved_value(r, n))
            return n;
    }
    return GRUNDY__HEAP_SUBTRACTION__NO_CHANGE;
}

/* Makes a hold the proved game's values up to n exactly: cut, or copied
 * from the period in pieces of whole periods, doubling. */
static int grundy__heap_subtraction__extend_to(grundy__heap_subtraction__sub_run *r, uint64_t n)
{
    if (n <= r->a.n) {
        r->a.n = n;
        return GRUNDY_OK;
    }
    int rc = grundy__values_reserve(&r->a, &r->g->alloc, n);
    if (rc != GRUNDY_OK)
        return rc;
    size_t w = r->a.width;
    while (r->a.n < n) {
        uint64_t c = (r->a.n - r->pre) / r->per * r->per; /* at least one period */
        uint64_t k = n - r->a.n < c ? n - r->a.n : c;
        memcpy(r->a.p + r->a.n * w, r->a.p + (r->a.n - c) * w, (size_t)(k * w));
        r->a.n += k;
    }
    return GRUNDY_OK;
}

/* Proves the period of the whole game through the chain S_1, S_2, ...
 * (see the top of the file).  r->proved says whether it got there within
 * store_limit values; GRUNDY_ELIMIT with r->need when it cannot. */
static int grundy__heap_subtraction__prove_chain(grundy__heap_subtraction__sub_run *r)
{
    int rc = grundy__values_reserve(&r->a, &r->g->alloc, 1);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__values_set(&r->a, 0, 0); /* the game with no amount: all 0 */
    r->a.n = 1;
    r->proved = 1;
    r->pre = 0;
    r->per = 1;
    uint32_t i = 0; /* the amounts of the game proved, or whose values a holds */
    while ((r->reached = i) < r->m) {
        if (r->proved) {
            uint64_t change = GRUNDY__HEAP_SUBTRACTION__NO_CHANGE;
            do {
                uint64_t c = grundy__heap_subtraction__first_change(r, r->s[i]);
                change = c < change ? c : change;
                i++;
            } while (i < r->m && change >= r->s[i]);
            if (change == GRUNDY__HEAP_SUBTRACTION__NO_CHANGE)
                continue; /* the same values: the period carries over */
            if (change >= r->store_limit) {
                r->need = change + 1;
                return GRUNDY_ELIMIT;
            }
            if ((rc = grundy__heap_subtraction__extend_to(r, change)) != GRUNDY_OK)
                return rc;
        } else {
            i++; /* a holds the values below s[i], the new t: those of the game */
        }
        r->reached = i;
        r->proved = 0;
        uint64_t stop = i < r->m && r->s[i] < r->store_limit ? r->s[i] : r->store_limit;
        if ((rc = grundy__heap_subtraction__find_repeat(r, i, stop)) != GRUNDY_OK)
            return rc;
        if (!r->proved && r->a.n >= r->store_limit) {
            r->need = r->store_limit + 1;
            return GRUNDY_ELIMIT;
        }
    }
    r->reached = i;
    return GRUNDY_OK;
}

/* ---- The engine's entry ------------------------------------------------------ */

/* The width the values of m amounts take. */
static unsigned grundy__heap_subtraction__width_for(uint32_t m)
{
    return m < 256 ? 1u : m < 65536 ? 2u : 4u;
}

/* Makes g->vals hold its values at width w (they were computed here, so a
 * change only happens to an empty table). */
static int grundy__heap_subtraction__vals_width(grundy_heap_game *g, unsigned w)
{
    if (g->vals.width == w)
        return GRUNDY_OK;
    grundy__values fresh = {NULL, w, 0, 0};
    int rc = grundy__values_reserve(&fresh, &g->alloc, g->vals.n > 0 ? g->vals.n : 1);
    if (rc != GRUNDY_OK)
        return rc;
    for (uint64_t i = 0; i < g->vals.n; i++)
        grundy__values_set(&fresh, i, grundy__values_get(&g->vals, i));
    fresh.n = g->vals.n;
    grundy__values_free(&g->vals, &g->alloc);
    g->vals = fresh;
    return GRUNDY_OK;
}

/* Values G(vals.n) ... G(count - 1) of the whole game, plainly. */
static int grundy__heap_subtraction__compute_plain(grundy__heap_subtraction__sub_run *r, uint64_t count)
{
    grundy_heap_game *g = r->g;
    int rc = grundy__heap_subtraction__vals_width(g, grundy__heap_subtraction__width_for(r->m));
    grundy__values saved = r->a;
    r->a = g->vals; /* the kernels and reports work on r->a */
    uint64_t chunk = GRUNDY__HEAP_SUBTRACTION__SUB_PROGRESS / (r->m ? r->m : 1) + 1;
    grundy__heap_subtraction__roll off = {0, 0, 0, 0};
    while (rc == GRUNDY_OK && r->a.n < count) {
        uint64_t end = count - r->a.n < chunk ? count : r->a.n + chunk, n;
        rc = grundy__values_reserve(&r->a, &g->alloc, end);
        if (rc == GRUNDY_OK)
            rc = grundy__heap_subtraction__run_values(r, r->m, r->a.n, end, &off, &n);
        if (rc != GRUNDY_OK)
            break;
        uint64_t from = r->a.n;
        r->a.n = n;
        g->vals = r->a; /* what the progress callback may read */
        rc = grundy__heap_subtraction__report(r, n - from);
    }
    g->vals = r->a;
    r->a = saved;
    return rc;
}

/* After a proof that did not get through: keeps the chain's values that
 * are the whole game's (those below the next amount of the game it was
 * computing) when they are more than the table has. */
static void grundy__heap_subtraction__keep_prefix(grundy_heap_game *g, grundy__heap_subtraction__sub_run *r)
{
    uint64_t n = r->a.n;
    if (r->reached < r->m && r->s[r->reached] < n)
        n = r->s[r->reached];
    if (n > g->vals.n) {
        r->a.n = n;
        grundy__values_free(&g->vals, &g->alloc);
        g->vals = r->a;
        memset(&r->a, 0, sizeof r->a);
    }
    grundy__values_free(&r->a, &g->alloc);
}

static int grundy__heap_subtraction__fail_limit(grundy_heap_game *g, const grundy__heap_subtraction__sub_run *r, uint64_t count)
{
    return grundy__heap_fail(g, GRUNDY_ELIMIT, "%llu values: no period of this subtraction game "
                             "is proved within the 2^32 - 1 values a table holds (its window "
                             "proof needs at least %llu)", (unsigned long long)count,
                             (unsigned long long)r->need);
}

GRUNDY__LOCAL int grundy__heap_sub_compute(grundy_heap_game *g, uint64_t count)
{
    if (g->periodic || count <= g->vals.n)
        return GRUNDY_OK;
    grundy__heap_subtraction__sub_run r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.s = g->rules.removals;
    r.m = g->rules.nremovals;
    r.total = count;
    r.a.width = grundy__heap_subtraction__width_for(r.m);
    int rc = GRUNDY_OK;
    /* The memory cap bounds the values a proof may keep, as any table. */
    uint64_t cap_values = g->limit != 0 ? g->limit / r.a.width : GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES;
    if (g->detect) {
        r.store_limit = count < GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES ? count : GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES;
        r.store_limit = r.store_limit < cap_values ? r.store_limit : cap_values;
        rc = grundy__heap_subtraction__prove_chain(&r);
        if (rc == GRUNDY_OK && r.proved) {
            grundy__values_free(&g->vals, &g->alloc);
            g->vals = r.a;
            g->periodic = 1;
            g->period = r.per;
            g->preperiod = r.pre;
            grundy__free(&g->alloc, r.marked);
            return GRUNDY_OK;
        }
        grundy__free(&g->alloc, r.marked);
        grundy__heap_subtraction__keep_prefix(g, &r);
        if (rc == GRUNDY_ELIMIT && count > GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES)
            return grundy__heap_subtraction__fail_limit(g, &r, count);
        if (rc == GRUNDY_ECANCELED)
            return grundy__heap_fail(g, rc, "the progress callback stopped the proof of a "
                                     "period at %llu values", (unsigned long long)r.done);
        if (rc == GRUNDY_ENOMEM)
            return grundy__heap_fail(g, rc, "out of memory proving a period (%llu values)",
                                     (unsigned long long)r.a.n);
        rc = GRUNDY_OK; /* not proved within count values: compute them */
    }
    if (count > GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES) {
        r.need = count;
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%llu values: a table holds at most 2^32 - 1 "
                                 "and no period is proved (%llu values computed)",
                                 (unsigned long long)count, (unsigned long long)g->vals.n);
    }
    if (count > cap_values)
        return grundy__heap_fail(g, GRUNDY_ELIMIT, "%llu values need at least %llu bytes, past "
                                 "the memory limit of %zu bytes, and no period is proved (%llu "
                                 "values computed)", (unsigned long long)count,
                                 (unsigned long long)count * r.a.width, g->limit,
                                 (unsigned long long)g->vals.n);
    rc = grundy__heap_subtraction__compute_plain(&r, count);
    if (rc == GRUNDY_ECANCELED)
        return grundy__heap_fail(g, rc, "the progress callback stopped the computation at %llu "
                                 "of %llu values (those computed are kept)",
                                 (unsigned long long)g->vals.n, (unsigned long long)count);
    if (rc != GRUNDY_OK)
        return grundy__heap_fail(g, rc, "out of memory computing value %llu of %llu",
                                 (unsigned long long)g->vals.n, (unsigned long long)count);
    return GRUNDY_OK;
}
#undef GRUNDY__HEAP_SUBTRACTION__SUB_MAX_VALUES
#undef GRUNDY__HEAP_SUBTRACTION__SUB_PROGRESS
#undef GRUNDY__HEAP_SUBTRACTION__HASH_BASE
#undef GRUNDY__HEAP_SUBTRACTION__MARK_SHIFT
#undef GRUNDY__HEAP_SUBTRACTION__FAST_MAX
#undef GRUNDY__HEAP_SUBTRACTION__NEAR
#undef GRUNDY__HEAP_SUBTRACTION__NO_CHANGE

/* === src/heap/heap_threads.c === */
/* Heap games on two threads, which must never cost.
 *
 * With threads, a segment of heaps may run on two lanes, lane 0 on the
 * calling thread and lane 1 on a worker.  Each lane claims the next heap n
 * (a shared counter), computes everything of G(n) that does not need
 * G(n - 1), waits until G(n - 1) is published, and publishes G(n): the
 * lanes overlap almost fully, one value apart.  Claims, not a fixed share
 * of the heaps, let lane 0 start at once and compute alone until lane 1's
 * thread runs, however late that is.
 *
 * A lane may wait for the other only while that one runs and keeps up:
 * - either lane stops both when the other is late (descheduled: more
 *   threads than free cores) by a few values' time, and lane 0 stops them
 *   when it waits more than it computes (lane 1 is slower);
 * - stopped, lane 0 computes the rest of the segment alone, never waiting
 *   for lane 1, whose values pass a gate: in `state`, beside the count of
 *   values published, is whether lane 1 may publish (open), is publishing
 *   (taken) or may not (closed).  Lane 1 leaves at its next look at it;
 * - until it has, lane 0 writes only values and rare heaps lane 1 does not
 *   read, and waits for it (asleep) only before changing what it may read
 *   (grundy__heap_lanes_settle): room, mask, scratch.
 *
 * Whether lanes run is a budget: a segment of lanes is timed against the
 * one-thread speed of the segments around it, and lanes rest while what
 * they lost (net of what they gained) is above LOSS_SHARE of the time
 * computed.  Every CALIBRATE segments of lanes, one thread is timed again. */

#if GRUNDY__THREADS

#define GRUNDY__HEAP_THREADS__GATE_OPEN 0u
#define GRUNDY__HEAP_THREADS__GATE_TAKEN 1u             /* lane 1 stores a value */
#define GRUNDY__HEAP_THREADS__GATE_CLOSED 2u
#define GRUNDY__HEAP_THREADS__STATE(count, gate) ((count) << 2 | (gate))

#define GRUNDY__HEAP_THREADS__LOSS_SHARE 0.02           /* most of the time lanes may lose, net */
#define GRUNDY__HEAP_THREADS__CALIBRATE 8u              /* segments of lanes between timings of one thread */
#define GRUNDY__HEAP_THREADS__MIN_TIMED_WORK 65536u     /* options in a one-thread segment worth timing */
#define GRUNDY__HEAP_THREADS__RATE_DECAY 0.9            /* weight of one thread's best speed at each new timing */
#define GRUNDY__HEAP_THREADS__LATE_MIN 100e-6           /* seconds a lane may be late in any case */
#define GRUNDY__HEAP_THREADS__LATE_VALUES 4.0           /* and in values of one thread */
#define GRUNDY__HEAP_THREADS__KEEP_UP 0.45              /* most of a segment lane 0 may spend waiting */
#define GRUNDY__HEAP_THREADS__KEEP_UP_AFTER 1e-3        /* seconds of a segment before its waits are judged */
#define GRUNDY__HEAP_THREADS__QUICK_SPINS 256u          /* reads of the count before a wait is timed */
#define GRUNDY__HEAP_THREADS__CHECK_SPINS 64u           /* reads between looks at the clock */
#define GRUNDY__HEAP_THREADS__LEAVE_SPINS 1024u         /* reads of lane1_busy at the end of a segment */

static uint64_t grundy__heap_threads__published(grundy_heap_game *g)
{
    return grundy__load_acquire(&g->state) >> 2;
}

static int grundy__heap_threads__gate_closed(grundy_heap_game *g)
{
    return (grundy__load_acquire(&g->state) & 3u) == GRUNDY__HEAP_THREADS__GATE_CLOSED;
}

/* Closes the gate: lane 1 publishes nothing from now on.  If it is storing
 * a value (a few instructions), that value is let through first. */
static void grundy__heap_threads__close_gate(grundy_heap_game *g)
{
    for (unsigned long spins = 0;; spins++) {
        uint64_t s = grundy__load_acquire(&g->state);
        if ((s & 3u) == GRUNDY__HEAP_THREADS__GATE_CLOSED)
            return;
        if ((s & 3u) == GRUNDY__HEAP_THREADS__GATE_OPEN && grundy__compare_swap(&g->state, s, s | GRUNDY__HEAP_THREADS__GATE_CLOSED))
            return;
        /* Taken: lane 1 was descheduled in the middle of a store, which
         * almost never happens; give it the processor. */
        if (spins >= GRUNDY__HEAP_THREADS__QUICK_SPINS)
            grundy__thread_yield();
        grundy__cpu_relax();
    }
}

/* Lane 0 waited more than it computed this segment: lane 1 does not keep
 * up, and one thread alone would be as fast. */
static int grundy__heap_threads__lane1_slow(grundy_heap_game *g, double now)
{
    double span = now - g->lanes_t0;
    return span > GRUNDY__HEAP_THREADS__KEEP_UP_AFTER && g->lane[0].waited > GRUNDY__HEAP_THREADS__KEEP_UP * span;
}

GRUNDY__LOCAL int grundy__heap_wait_published(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    double t0 = 0.0;
    for (unsigned long spins = 0;; spins++) {
        uint64_t s = grundy__load_acquire(&g->state);
        if (s >> 2 >= n)
            break;
        if ((s & 3u) == GRUNDY__HEAP_THREADS__GATE_CLOSED)
            return 0;
        grundy__cpu_relax();
        if (spins < GRUNDY__HEAP_THREADS__QUICK_SPINS || spins % GRUNDY__HEAP_THREADS__CHECK_SPINS != 0)
            continue;
        double now = grundy__seconds();
        if (t0 == 0.0) {
            t0 = now;
        } else if (now - t0 > g->lanes_late) {
            if ((s & 3u) == GRUNDY__HEAP_THREADS__GATE_OPEN) {
                grundy__heap_threads__close_gate(g); /* the other lane is descheduled: do not spin on */
                return 0;
            }
            grundy__thread_yield(); /* descheduled in the middle of its store */
        }
    }
    if (t0 != 0.0 && L == &g->lane[0]) {
        double now = grundy__seconds();
        L->waited += now - t0;
        if (grundy__heap_threads__lane1_slow(g, now))
            grundy__heap_threads__close_gate(g); /* this value goes on; the next ones are lane 0's */
    }
    return 1;
}

/* Lists heap n, of value v, as rare if it is: only the lane that publishes
 * G(n) does, before it publishes. */
static void grundy__heap_threads__note_rare(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    if (grundy__heap_is_rare(g, n, v)) {
        uint64_t k = grundy__load_acquire(&g->nrare);
        g->rare[k] = (uint32_t)n;
        grundy__store_release(&g->nrare, k + 1);
    }
}

/* Lane 0 publishes G(n): the gate stays as it is (lane 1 may close it
 * meanwhile, hence the atomic add). */
static void grundy__heap_threads__publish0(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    grundy__values_set(&g->vals, n, v);
    grundy__heap_threads__note_rare(g, n, v);
    grundy__fetch_add(&g->state, 1u << 2);
    g->lane[0].values++;
}

/* Lane 1 publishes G(n) through the gate: 0 if it is closed. */
static int grundy__heap_threads__publish1(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    if (!grundy__compare_swap(&g->state, GRUNDY__HEAP_THREADS__STATE(n, GRUNDY__HEAP_THREADS__GATE_OPEN), GRUNDY__HEAP_THREADS__STATE(n, GRUNDY__HEAP_THREADS__GATE_TAKEN)))
        return 0;
    grundy__values_set(&g->vals, n, v);
    grundy__heap_threads__note_rare(g, n, v);
    grundy__store_release(&g->state, GRUNDY__HEAP_THREADS__STATE(n + 1, GRUNDY__HEAP_THREADS__GATE_OPEN));
    g->lane[1].values++;
    return 1;
}

/* Tests only: lane 1 stalls as a descheduled thread would, busy. */
static void grundy__heap_threads__stall(const grundy_heap_game *g, uint64_t n)
{
    if (g->stall_every == 0 || n % g->stall_every != 0)
        return;
    double until = grundy__seconds() + g->stall_s;
    while (grundy__seconds() < until)
        grundy__cpu_relax();
}

/* Lane 1: claims and publishes heaps until the segment ends or the gate
 * closes, and then never touches the game again until its next segment. */
static void *grundy__heap_threads__lane1_main(void *arg)
{
    grundy_heap_game *g = (grundy_heap_game *)arg;
    grundy__heap_lane *L = &g->lane[1];
    while (!grundy__heap_threads__gate_closed(g)) {
        uint64_t n = grundy__fetch_add(&g->next, 1);
        if (n >= g->lanes_stop)
            break;
        grundy__heap_threads__stall(g, n);
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v == GRUNDY__HEAP_ABANDONED)
            break;
        if (v >= g->pow2) {
            grundy__heap_threads__close_gate(g); /* a new power of two: lane 0 makes room for it */
            break;
        }
        if (!grundy__heap_threads__publish1(g, n, v))
            break;
    }
    grundy__store_release(&g->lane1_busy, 0);
    return NULL;
}

/* Lane 0 with lane 1: returns 1 when the segment is done, 0 when lane 0
 * should compute the rest alone (the gate is then closed). */
static int grundy__heap_threads__lane0_with_lane1(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_lane *L = &g->lane[0];
    L->waits = 1;
    for (;;) {
        if (grundy__heap_threads__gate_closed(g))
            return 0;
        uint64_t n = grundy__fetch_add(&g->next, 1);
        if (n >= stop) /* lane 1's last value, if it has one */
            return grundy__heap_wait_published(g, L, stop);
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v == GRUNDY__HEAP_ABANDONED)
            return 0;
        if (v >= g->pow2) {
            grundy__heap_threads__close_gate(g);
            return 1; /* stops at n: the calling thread makes room */
        }
        grundy__heap_threads__publish0(g, n, v);
    }
}

/* Lane 0 alone, the gate closed: the values from the last published up to
 * stop, or to one that needs more room. */
static void grundy__heap_threads__lane0_alone(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_lane *L = &g->lane[0];
    L->waits = 0;
    for (uint64_t n = grundy__heap_threads__published(g); n < stop; n++) {
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v >= g->pow2)
            return;
        grundy__heap_threads__publish0(g, n, v);
    }
}

GRUNDY__LOCAL void grundy__heap_lanes_settle(grundy_heap_game *g)
{
    if (grundy__heap_lane1_busy(g))
        grundy__worker_wait(&g->worker);
}

/* What the count of options means: a split scanned by the sparse method
 * costs less than one of the plain loop, and wider values cost more. */
static uint64_t grundy__heap_threads__speed_key(const grundy_heap_game *g)
{
    return (uint64_t)g->mask << 8 | (uint64_t)g->vals.width << 1 | (uint64_t)g->sparse_active;
}

/* A segment of two lanes starts with threads asked for, lane 1's scratch
 * in place, one thread's speed to compare with (timed lately, the same way
 * of computing), and the budget not spent. */
GRUNDY__LOCAL int grundy__heap_lanes_ready(grundy_heap_game *g)
{
    if (g->threads < 2 || !GRUNDY__THREADS)
        return 0;
    if (!g->lanes_always && (g->rate_one <= 0.0 || g->rate_key != grundy__heap_threads__speed_key(g) ||
                             g->lanes_run >= GRUNDY__HEAP_THREADS__CALIBRATE || g->lost > GRUNDY__HEAP_THREADS__LOSS_SHARE * g->elapsed))
        return 0;
    /* Lane 1 still in its last segment has not had a processor since: the
     * machine is busy, and waiting for it would cost. */
    if (grundy__heap_lane1_busy(g) && !g->lanes_always)
        return 0;
    grundy__heap_lanes_settle(g);
    if (g->lane[1].want == NULL &&
        grundy__heap_lane_init(&g->lane[1], &g->alloc, g->lane[0].mex.bound) != GRUNDY_OK)
        return -1;
    return 1;
}

/* The options a segment of lanes examined: lane 1's count, or while it is
 * still counting (descheduled), lane 0's rate for lane 1's values. */
static uint64_t grundy__heap_threads__lanes_work(grundy_heap_game *g, uint64_t values)
{
    const grundy__heap_lane *L0 = &g->lane[0];
    if (!grundy__heap_lane1_busy(g))
        return L0->work + g->lane[1].work;
    if (L0->values == 0 || L0->values >= values)
        return L0->work;
    return L0->work + (uint64_t)((double)L0->work * (double)(values - L0->values) /
                                 (double)L0->values);
}

GRUNDY__LOCAL void grundy__heap_note_speed(grundy_heap_game *g, int lanes, uint64_t values, double seconds)
{
    if (seconds <= 0.0 || values == 0)
        return;
    uint64_t work = lanes ? grundy__heap_threads__lanes_work(g, values) : g->lane[0].work;
    g->elapsed += seconds;
    if (!lanes) {
        if (work >= GRUNDY__HEAP_THREADS__MIN_TIMED_WORK) {
            /* The best speed lately: others' threads only ever slow one
             * thread down, and lanes are judged against it undisturbed. */
            double rate = (double)work / seconds;
            if (g->rate_key == grundy__heap_threads__speed_key(g) && rate < GRUNDY__HEAP_THREADS__RATE_DECAY * g->rate_one)
                rate = GRUNDY__HEAP_THREADS__RATE_DECAY * g->rate_one;
            g->rate_one = rate;
            g->rate_key = grundy__heap_threads__speed_key(g);
            g->value_s = seconds / (double)values;
            g->lanes_run = 0;
        }
        return;
    }
    g->lanes_run++;
    if (g->rate_key != grundy__heap_threads__speed_key(g))
        return; /* the way of computing changed at the value after the lanes */
    if (g->rate_one > 0.0) {
        /* What one thread would have taken, at its latest speed. */
        double one = (double)work / g->rate_one;
        g->lost = g->lost + seconds - one > 0.0 ? g->lost + seconds - one : 0.0;
        g->value_s = one / (double)values;
    }
}

GRUNDY__LOCAL int grundy__heap_run_lanes(grundy_heap_game *g, uint64_t stop)
{
    uint64_t start = g->vals.n;
    grundy__heap_lanes_settle(g);
    int rc = grundy__values_reserve(&g->vals, &g->alloc, stop);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_rare_room(g, stop - start);
    if (rc == GRUNDY_OK && grundy__heap_sparse_possible(g))
        rc = grundy__heap_hist_room(g, (uint32_t)(g->pow2 - 1)); /* every value of the segment */
    if (rc != GRUNDY_OK)
        return rc;
    if (!g->worker.running && grundy__worker_launch(&g->worker, 0) != 0) {
        g->threads = 1; /* no thread to be had: one from now on */
        return GRUNDY_OK;
    }
    g->work += g->lane[1].work; /* left by a segment lane 1 had not left */
    g->lane[1].work = 0;
    g->lane[0].waited = 0.0;
    g->lane[0].values = g->lane[1].values = 0;
    g->lane[1].waits = 1;
    g->lanes_stop = stop;
    g->lanes_t0 = grundy__seconds();
    g->lanes_late = g->value_s * GRUNDY__HEAP_THREADS__LATE_VALUES > GRUNDY__HEAP_THREADS__LATE_MIN ? g->value_s * GRUNDY__HEAP_THREADS__LATE_VALUES : GRUNDY__HEAP_THREADS__LATE_MIN;
    grundy__store_release(&g->next, start);
    grundy__store_release(&g->state, GRUNDY__HEAP_THREADS__STATE(start, GRUNDY__HEAP_THREADS__GATE_OPEN));
    grundy__store_release(&g->lane1_busy, 1);
    grundy__worker_post(&g->worker, grundy__heap_threads__lane1_main, g);
    if (!grundy__heap_threads__lane0_with_lane1(g, stop))
        grundy__heap_threads__lane0_alone(g, stop);
    grundy__heap_threads__close_gate(g); /* the segment is over: lane 1 publishes nothing more */
    /* Lane 1, if running, leaves at once; if it does not, it is
     * descheduled, and lane 0 goes on without it. */
    for (unsigned i = 0; i < GRUNDY__HEAP_THREADS__LEAVE_SPINS && grundy__heap_lane1_busy(g); i++)
        grundy__cpu_relax();
    g->lane[0].waits = 0;
    g->vals.n = grundy__heap_threads__published(g);
    for (uint64_t n = start; n < g->vals.n && grundy__heap_sparse_possible(g); n++)
        g->hist[grundy__values_get(&g->vals, n)]++;
    return GRUNDY_OK;
}

#endif
#undef GRUNDY__HEAP_THREADS__GATE_OPEN
#undef GRUNDY__HEAP_THREADS__GATE_TAKEN
#undef GRUNDY__HEAP_THREADS__GATE_CLOSED
#undef GRUNDY__HEAP_THREADS__STATE
#undef GRUNDY__HEAP_THREADS__LOSS_SHARE
#undef GRUNDY__HEAP_THREADS__CALIBRATE
#undef GRUNDY__HEAP_THREADS__MIN_TIMED_WORK
#undef GRUNDY__HEAP_THREADS__RATE_DECAY
#undef GRUNDY__HEAP_THREADS__LATE_MIN
#undef GRUNDY__HEAP_THREADS__LATE_VALUES
#undef GRUNDY__HEAP_THREADS__KEEP_UP
#undef GRUNDY__HEAP_THREADS__KEEP_UP_AFTER
#undef GRUNDY__HEAP_THREADS__QUICK_SPINS
#undef GRUNDY__HEAP_THREADS__CHECK_SPINS
#undef GRUNDY__HEAP_THREADS__LEAVE_SPINS

/* === src/heap/heap_values.c === */

#define GRUNDY__HEAP_VALUES__MAX_VALUES ((uint64_t)UINT32_MAX)

/* Rewrites the array at a larger width, in place from the end: element i
 * moves from i * old to i * new bytes, never over an element not yet read. */
static int grundy__heap_values__widen(grundy__values *v, const grundy_allocator *a, unsigned width)
{
    size_t cap = (size_t)v->cap;
    if (cap > SIZE_MAX / width)
        return GRUNDY_ELIMIT;
    size_t bytes = cap * width > 0 ? cap * width : 1;
    unsigned char *p = (unsigned char *)(v->p ? a->realloc_fn(a->user, v->p, bytes)
                                              : a->malloc_fn(a->user, bytes));
    if (p == NULL)
        return GRUNDY_ENOMEM;
    for (uint64_t i = v->n; i-- > 0;) {
        uint32_t x = v->width == 1 ? p[i]
                   : v->width == 2 ? ((uint16_t *)(void *)p)[i] : ((uint32_t *)(void *)p)[i];
        if (width == 2)
            ((uint16_t *)(void *)p)[i] = (uint16_t)x;
        else
            ((uint32_t *)(void *)p)[i] = x;
    }
    v->p = p;
    v->width = width;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__values_append(grundy__values *v, const grundy_allocator *a, uint32_t x)
{
    if (v->width == 0)
        v->width = 1;
    unsigned need = x < 256 ? 1 : x < 65536 ? 2 : 4;
    if (need > v->width) {
        int rc = grundy__heap_values__widen(v, a, need);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (v->n == v->cap) {
        int rc = grundy__values_reserve(v, a, v->n + 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    grundy__values_set(v, v->n, x);
    v->n++;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__values_reserve(grundy__values *v, const grundy_allocator *a, uint64_t count)
{
    if (count <= v->cap)
        return GRUNDY_OK;
    if (count > GRUNDY__HEAP_VALUES__MAX_VALUES)
        return GRUNDY_ELIMIT;
    if (v->width == 0)
        v->width = 1;
    size_t cap = (size_t)v->cap;
    int rc = grundy__reserve(a, (void **)&v->p, &cap, (size_t)count, v->width);
    if (rc == GRUNDY_OK)
        v->cap = cap;
    return rc;
}

GRUNDY__LOCAL void grundy__values_free(grundy__values *v, const grundy_allocator *a)
{
    grundy__free(a, v->p);
    memset(v, 0, sizeof *v);
}
#undef GRUNDY__HEAP_VALUES__MAX_VALUES

/* === src/quotient/monoid.c === */
/* Explicit finite commutative monoids: the trial products a quotient grows
 * into, and their reduction to the quotient by partition refinement. */

/* === src/quotient/quotient.h === */
/* Misère quotients of heap games: the handle and what its files share.
 *
 * quotient.c drives the computation heap by heap (conservative extension,
 * else expansion and recalibration) and proves periods; monoid.c holds the
 * explicit monoids: the trial products that grow the quotient and their
 * reduction by partition refinement; pretension.c marks the P-portion of a
 * trial and verifies a pretension against the rules; quotient_query.c
 * answers for sums of heaps and prints the presentation; quotient_file.c
 * saves and resumes. */

#define GRUNDY__Q_MSG 256u
#define GRUNDY__Q_NONE UINT32_MAX
#define GRUNDY__Q_MAX_ORDER (1u << 24)   /* the largest quotient kept (as trials, below) */
#define GRUNDY__Q_FULL_ORDER (1u << 12)  /* the largest with a whole product table: 64 MiB */
#define GRUNDY__Q_MAX_TRIAL (1u << 24)   /* the largest trial product marked */
#define GRUNDY__Q_MAX_HEAPS (1u << 30)   /* heaps a quotient may cover */

/* A growable array of 32-bit entries. */
typedef struct grundy__qvec {
    uint32_t *v;
    size_t n, cap;
} grundy__qvec;

/* An explicit finite commutative monoid with a P-portion: elements 0 .. n-1,
 * 0 the identity, given by the action of its generators (as MisereSolver
 * keeps its monoids) and a word for each element: a path from 0 in the
 * tree x = base[x] * generator via[x], shortest first.  Then x * y walks
 * y's path from x, a few loads; a monoid of at most full_max elements (the
 * handle's, GRUNDY__Q_FULL_ORDER) also keeps the whole product table, so
 * that every product of a small quotient is one load, while a large one
 * costs n * ngen entries instead of n * n. */
typedef struct grundy__qmon {
    uint32_t n;
    uint32_t ngen;
    uint32_t *act;   /* n * ngen: x * generator j at act[x * ngen + j] */
    uint32_t *base;  /* n: the tree of words, base[0] = 0 */
    uint32_t *via;   /* n: the generator from base[x] to x */
    uint32_t *mul;   /* n * n, x * y at mul[x * n + y]; NULL for a large monoid */
    uint64_t *p;     /* the P-portion, a bitset */
    uint32_t np;     /* its size */
} grundy__qmon;

/* x * y by the word of y, for a monoid without its table. */
static inline uint32_t grundy__qmon_walk(const grundy__qmon *m, uint32_t x, uint32_t y)
{
    for (; y != 0; y = m->base[y])
        x = m->act[(size_t)x * m->ngen + m->via[y]];
    return x;
}

static inline uint32_t grundy__qmon_mul(const grundy__qmon *m, uint32_t x, uint32_t y)
{
    return m->mul != NULL ? m->mul[(size_t)x * m->n + y] : grundy__qmon_walk(m, x, y);
}

static inline int grundy__qmon_is_p(const grundy__qmon *m, uint32_t x)
{
    return (int)((m->p[x >> 6] >> (x & 63)) & 1u);
}

/* What one heap does to a word: multiply its element by g, and add the
 * options x * t, t in T (the elements of the heap's options). */
typedef struct grundy__qact {
    uint32_t g;
    uint32_t heap;     /* the least heap with it */
    size_t off, len;   /* T: tpool.v[off .. off + len), increasing */
} grundy__qact;

/* A pretension: the monoid, Φ on heaps 0 .. nheaps - 1, each heap's action
 * (GRUNDY__Q_NONE for a heap without moves, whose Φ is the identity), and
 * a word of heaps for each element: word(x) = word(wbase[x]) + wheap[x]^wexp[x]. */
typedef struct grundy__qpre {
    grundy__qmon m;
    grundy__qvec phi;
    grundy__qvec act_of;
    grundy__qact *act;
    size_t nact, cap_act;
    grundy__qvec tpool;
    uint32_t *wbase, *wheap, *wexp;
    uint64_t last_expansion; /* the last heap where the quotient grew (0: none) */
    /* The presentation (quotient_query.c): generators Φ(gen_heap[i]),
     * each element's least word exps[x * ngen ...], and the relations
     * word(rel_x) * generator rel_j = word(its product), minimal ones. */
    grundy__qvec gen_heap;
    uint32_t *exps;
    grundy__qvec rel_x, rel_j;
} grundy__qpre;

/* The verifier's states (x, S): an element and the elements of the options
 * of a word of x, kept only when no state of x has a non-empty subset of S
 * (failure is closed downward, the moves monotone).  Each state knows the
 * state and heap it came from, to name its word. */
typedef struct grundy__qstore {
    size_t words;     /* bitset words per state */
    grundy__qvec elem, par, heap, next;
    uint64_t *bits;
    size_t cap_bits;  /* states the bits hold */
    uint32_t *head;   /* per element: its last state, linked by next */
} grundy__qstore;

/* A word of heaps, as a list of heaps (repeated), increasing. */
typedef grundy__qvec grundy__qword;

struct grundy_quotient {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    grundy__heap_rules rules;
    char errmsg[GRUNDY__Q_MSG];
    grundy_progress_fn progress;
    void *progress_user;
    grundy_quotient_trace_fn trace;
    void *trace_user;
    int reporting;            /* inside the progress or trace callback */
    size_t limit;
    uint32_t full_max;        /* monoids up to this order keep their table */
    uint64_t target;          /* the bound of the computation under way */
    grundy__qpre pre;         /* verified for heaps 0 .. pre.phi.n - 1 */
    grundy__qstore store;     /* the verifier's closure for pre */
    int provable;             /* a finite octal game: periods can be proved */
    uint64_t last_digit;      /* k of the periodicity theorem */
    int solved;
    uint64_t period, preperiod;
};

/* ---- monoid.c ------------------------------------------------------------- */

GRUNDY__LOCAL int grundy__qvec_push(const grundy_allocator *a, grundy__qvec *v, uint32_t x);
GRUNDY__LOCAL int grundy__qvec_reserve(const grundy_allocator *a, grundy__qvec *v, size_t n);
GRUNDY__LOCAL void grundy__qvec_free(const grundy_allocator *a, grundy__qvec *v);

GRUNDY__LOCAL void grundy__qmon_free(grundy__qmon *m, const grundy_allocator *a);

/* Bytes of a monoid of n elements and ngen generators (its table too when
 * n <= full_max), for the memory limit. */
GRUNDY__LOCAL uint64_t grundy__qmon_bytes(uint64_t n, uint64_t ngen, uint32_t full_max);

/* Completes m from n, ngen, act and p: the tree of words (shortest, in
 * generator order), and the table when n <= full_max.  GRUNDY_OK, 1 when
 * an element is not reached from 0 (m is then left without tree), or
 * GRUNDY_ENOMEM. */
GRUNDY__LOCAL int grundy__qmon_finish(grundy__qmon *m, uint32_t full_max, const grundy_allocator *a);

/* The row of y (x * y for every x): the table's, or computed into buf (n entries). */
GRUNDY__LOCAL const uint32_t *grundy__qmon_row(const grundy__qmon *m, uint32_t y, uint32_t *buf);

/* A trial: the quotient so far times cyclic monoids C(index, 2), one per
 * heap given a generator of its own; element (x, c) is x * nc + c. */
typedef struct grundy__qtrial {
    const grundy__qmon *old;
    uint32_t nc;       /* elements of the cyclic part */
    uint32_t *cmul;    /* nc * nc */
} grundy__qtrial;

static inline uint32_t grundy__qtrial_mul(const grundy__qtrial *t, uint32_t a, uint32_t b)
{
    uint32_t nc = t->nc;
    return grundy__qmon_mul(t->old, a / nc, b / nc) * nc + t->cmul[(size_t)(a % nc) * nc + b % nc];
}

/* The cyclic part of indices idx[0 .. k) (period 2 each), at most maxc elements
 * (GRUNDY_ELIMIT past). */
GRUNDY__LOCAL int grundy__qtrial_init(grundy__qtrial *t, const grundy__qmon *old, const uint32_t *idx,
                        size_t k, uint32_t maxc, const grundy_allocator *a);
GRUNDY__LOCAL void grundy__qtrial_free(grundy__qtrial *t, const grundy_allocator *a);

/* Reduces the elements order[0 .. count) of trial t (closed under the
 * generators gens[0 .. ngens), listed with the identity first, in the order
 * their classes are to be numbered), P-portion pflag[d], by partition
 * refinement; writes each element's class into cls and the monoid of the
 * classes into *out (generated by the classes of gens, with its table when
 * at most full_max).  dense maps a trial element to its place in order. */
GRUNDY__LOCAL int grundy__qreduce(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                    const unsigned char *pflag, size_t count, const uint32_t *gens, size_t ngens,
                    size_t limit, uint32_t full_max, const grundy_allocator *a, uint32_t *cls,
                    grundy__qmon *out);

/* ---- pretension.c --------------------------------------------------------- */

GRUNDY__LOCAL void grundy__qpre_free(grundy__qpre *p, const grundy_allocator *a);
GRUNDY__LOCAL void grundy__qstore_free(grundy__qstore *s, const grundy_allocator *a);

/* The elements of heap's options under the products of mul (ctx) and phi,
 * increasing and without repeats, appended to out (as a list from *off). */
typedef uint32_t (*grundy__qmul_fn)(const void *ctx, uint32_t a, uint32_t b);
GRUNDY__LOCAL uint32_t grundy__qmon_mul_fn(const void *ctx, uint32_t x, uint32_t y); /* ctx: a grundy__qmon */
GRUNDY__LOCAL int grundy__qtransitions(const grundy__heap_rules *r, uint64_t heap, grundy__qmul_fn mul,
                         const void *ctx, const uint32_t *phi, uint32_t one,
                         const grundy_allocator *a, grundy__qvec *out, uint32_t *stamp,
                         uint32_t mark);

/* Marks the P-portion of a trial: walks the words of heaps 0 .. nheaps - 1
 * in an order where every option of a word comes first (by largest heap,
 * then by its count, and so on down); each element takes the status of its
 * first word.  phi and the transition lists toff/tlen in tpool are trial
 * elements.  Out: order (elements in that order), dense (size t->old->n *
 * t->nc), pflag. */
GRUNDY__LOCAL int grundy__qmark(const grundy__qtrial *t, const uint32_t *phi, const size_t *toff,
                  const uint32_t *tlen, const uint32_t *tpool, size_t nheaps, size_t limit,
                  const grundy_allocator *a, grundy__qvec *order, uint32_t *dense,
                  unsigned char **pflag);

/* Fills the actions of heaps 0 .. nheaps - 1 of p from its monoid and phi
 * and the rules, and each element's word. */
GRUNDY__LOCAL int grundy__qpre_actions(grundy__qpre *p, const grundy__heap_rules *r,
                         const grundy_allocator *a);

/* Walks the elements of m that words in gens[0 .. k) reach, in the order
 * of their least words (by the last generator's exponent, then down):
 * element y is first reached as the word of base[y] times gens[which[y]]
 * to the exp[y]; ord lists them in that order (GRUNDY__Q_NONE past those
 * reached).  Each array has m->n entries. */
GRUNDY__LOCAL int grundy__qwalk(const grundy__qmon *m, const uint32_t *gens, size_t k, uint32_t *base,
                  uint32_t *which, uint32_t *exp, uint32_t *ord, const grundy_allocator *a);

/* Each element's word of heaps (least in the walk's order). */
GRUNDY__LOCAL int grundy__qpre_words(grundy__qpre *p, const grundy_allocator *a);

/* The action of a heap with transitions T (increasing) and element g:
 * an existing one if there is one, else appended.  *id. */
GRUNDY__LOCAL int grundy__qpre_add_action(grundy__qpre *p, const grundy_allocator *a, uint32_t g,
                            const uint32_t *trans, size_t len, uint32_t heap, uint32_t *id);

/* Verifies p against the rules: 0 when correct, 1 with the least word
 * found that fails in *fail, or a status.  With the store s already
 * closed for the actions before first_new (incremental: the monoid
 * unchanged), only what the new actions add is examined; from scratch
 * (first_new 0) s must be empty.  On failure or error the store keeps
 * the states it had plus those added: call grundy__qstore_truncate. */
GRUNDY__LOCAL int grundy__qverify(const grundy__qpre *p, grundy__qstore *s, size_t first_new, size_t limit,
                    const grundy_allocator *a, grundy__qword *fail);

/* Drops the states from count on. */
GRUNDY__LOCAL void grundy__qstore_truncate(grundy__qstore *s, size_t count);

/* Elements of a word: Π Φ. */
GRUNDY__LOCAL uint32_t grundy__qword_elem(const grundy__qpre *p, const uint32_t *heaps, size_t n);

/* Whether a word's claimed outcome agrees with its options' (1), or not (0). */
GRUNDY__LOCAL int grundy__qword_consistent(const grundy__qpre *p, const uint32_t *heaps, size_t n);

/* ---- quotient_query.c ------------------------------------------------------- */

/* Fills the presentation of p (generators, words, relations). */
GRUNDY__LOCAL int grundy__qpresent(grundy__qpre *p, const grundy_allocator *a);

/* ---- quotient.c ----------------------------------------------------------- */

GRUNDY__LOCAL int grundy__qfail(grundy_quotient *q, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* GRUNDY_OK, or GRUNDY_ESTATE (with the message) from inside a callback. */
GRUNDY__LOCAL int grundy__qready(grundy_quotient *q, const char *call);

/* Φ of any heap when solved or covered (1), else 0. */
GRUNDY__LOCAL int grundy__qphi(const grundy_quotient *q, uint64_t heap, uint32_t *x);

/* Looks for a proved period of Φ (the periodicity theorem's bound). */
GRUNDY__LOCAL void grundy__qcheck_period(grundy_quotient *q);

/* Replaces q's state by p (and an empty store, filled by a full verification). */
GRUNDY__LOCAL int grundy__qadopt(grundy_quotient *q, grundy__qpre *p, const char *call);

/* === src/quotient/monoid.c (continued) === */

GRUNDY__LOCAL int grundy__qvec_reserve(const grundy_allocator *a, grundy__qvec *v, size_t n)
{
    if (n <= v->cap)
        return GRUNDY_OK;
    return grundy__reserve(a, (void **)&v->v, &v->cap, n, sizeof *v->v);
}

GRUNDY__LOCAL int grundy__qvec_push(const grundy_allocator *a, grundy__qvec *v, uint32_t x)
{
    if (v->n == v->cap && grundy__qvec_reserve(a, v, v->n + 1) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    v->v[v->n++] = x;
    return GRUNDY_OK;
}

GRUNDY__LOCAL void grundy__qvec_free(const grundy_allocator *a, grundy__qvec *v)
{
    grundy__free(a, v->v);
    memset(v, 0, sizeof *v);
}

GRUNDY__LOCAL void grundy__qmon_free(grundy__qmon *m, const grundy_allocator *a)
{
    grundy__free(a, m->act);
    grundy__free(a, m->base);
    grundy__free(a, m->via);
    grundy__free(a, m->mul);
    grundy__free(a, m->p);
    memset(m, 0, sizeof *m);
}

GRUNDY__LOCAL uint64_t grundy__qmon_bytes(uint64_t n, uint64_t ngen, uint32_t full_max)
{
    return n * ngen * 4 + n * 8 + n / 8 + (n <= full_max ? n * n * 4 : 0);
}

/* The tree of words, breadth first from 0 (the shortest words, so that a
 * walk is short): the order reached into ord.  The count reached. */
static uint32_t grundy__monoid__word_tree(grundy__qmon *m, uint32_t *ord)
{
    uint32_t n = m->n, count = 1;
    for (uint32_t x = 0; x < n; x++)
        m->base[x] = GRUNDY__Q_NONE;
    m->base[0] = 0;
    m->via[0] = 0;
    ord[0] = 0;
    for (uint32_t i = 0; i < count; i++)
        for (uint32_t j = 0; j < m->ngen; j++) {
            uint32_t y = m->act[(size_t)ord[i] * m->ngen + j];
            if (m->base[y] == GRUNDY__Q_NONE) {
                m->base[y] = ord[i];
                m->via[y] = j;
                ord[count++] = y;
            }
        }
    return count;
}

GRUNDY__LOCAL int grundy__qmon_finish(grundy__qmon *m, uint32_t full_max, const grundy_allocator *a)
{
    uint32_t n = m->n;
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    m->base = (uint32_t *)grundy__alloc_array(a, n, sizeof *m->base);
    m->via = (uint32_t *)grundy__alloc_array(a, n, sizeof *m->via);
    int rc = GRUNDY_ENOMEM;
    if (ord == NULL || m->base == NULL || m->via == NULL)
        goto done;
    if (grundy__monoid__word_tree(m, ord) != n) {
        rc = 1;
        goto done;
    }
    if (n <= full_max) {
        m->mul = (uint32_t *)grundy__alloc_array(a, (size_t)n * n, sizeof *m->mul);
        if (m->mul == NULL)
            goto done;
        /* Row x along the tree: x * y = (x * base[y]) * generator via[y]. */
        for (uint32_t x = 0; x < n; x++) {
            uint32_t *row = m->mul + (size_t)x * n;
            row[0] = x;
            for (uint32_t i = 1; i < n; i++)
                row[ord[i]] = m->act[(size_t)row[m->base[ord[i]]] * m->ngen + m->via[ord[i]]];
        }
    }
    rc = GRUNDY_OK;
done:
    grundy__free(a, ord);
    if (rc != GRUNDY_OK) {
        grundy__free(a, m->base);
        grundy__free(a, m->via);
        m->base = m->via = NULL;
    }
    return rc;
}

GRUNDY__LOCAL const uint32_t *grundy__qmon_row(const grundy__qmon *m, uint32_t y, uint32_t *buf)
{
    if (m->mul != NULL)
        return m->mul + (size_t)y * m->n;
    for (uint32_t x = 0; x < m->n; x++)
        buf[x] = grundy__qmon_walk(m, x, y);
    return buf;
}

/* C(index, 2) on exponents 0 .. index + 1: past index + 1 the exponent
 * falls back by the period, 2. */
static uint32_t grundy__monoid__cyclic_add(uint32_t x, uint32_t y, uint32_t index)
{
    uint32_t e = x + y;
    return e <= index + 1 ? e : index + (e - index) % 2;
}

GRUNDY__LOCAL int grundy__qtrial_init(grundy__qtrial *t, const grundy__qmon *old, const uint32_t *idx,
                        size_t k, uint32_t maxc, const grundy_allocator *a)
{
    uint64_t nc = 1;
    for (size_t j = 0; j < k; j++) {
        nc *= (uint64_t)idx[j] + 2;
        if (nc > maxc)
            return GRUNDY_ELIMIT;
    }
    t->old = old;
    t->nc = (uint32_t)nc;
    t->cmul = (uint32_t *)grundy__alloc_array(a, (size_t)(nc * nc), sizeof *t->cmul);
    if (t->cmul == NULL)
        return GRUNDY_ENOMEM;
    /* Element c has digit j = (c / radix_j) % (idx[j] + 2), digit 0 first. */
    for (uint32_t x = 0; x < nc; x++) {
        for (uint32_t y = 0; y < nc; y++) {
            uint32_t rx = x, ry = y, z = 0, radix = 1;
            for (size_t j = 0; j < k; j++) {
                uint32_t s = idx[j] + 2;
                z += grundy__monoid__cyclic_add(rx % s, ry % s, idx[j]) * radix;
                rx /= s;
                ry /= s;
                radix *= s;
            }
            t->cmul[(size_t)x * nc + y] = z;
        }
    }
    return GRUNDY_OK;
}

GRUNDY__LOCAL void grundy__qtrial_free(grundy__qtrial *t, const grundy_allocator *a)
{
    grundy__free(a, t->cmul);
    t->cmul = NULL;
}

/* One round of refinement: each element's new class is that of its
 * signature (its class and the classes of its products by the
 * generators), numbered in order of first appearance.  Returns the number
 * of classes, or 0 with *rc set. */
static uint32_t grundy__monoid__refine(const uint32_t *succ, size_t count, size_t ngens, const uint32_t *cls,
                       uint32_t *next, uint32_t *key, size_t limit, const grundy_allocator *a,
                       int *rc)
{
    grundy__table t;
    grundy__table_init(&t, (ngens + 1) * sizeof *key);
    uint32_t classes = 0;
    for (size_t d = 0; d < count; d++) {
        key[0] = cls[d];
        for (size_t j = 0; j < ngens; j++)
            key[j + 1] = cls[succ[d * ngens + j]];
        uint32_t found;
        size_t slot;
        *rc = grundy__table_get_or_insert(&t, a, key, classes, limit, &found, &slot);
        if (*rc != GRUNDY_OK) {
            grundy__table_free(&t, a);
            return 0;
        }
        next[d] = found == GRUNDY__EMPTY ? classes++ : found;
    }
    grundy__table_free(&t, a);
    return classes;
}

/* The monoid of the classes, generated by those of the generators: each
 * class acts as its first member does (succ in dense places). */
static int grundy__monoid__class_monoid(const uint32_t *succ, const unsigned char *pflag, size_t count,
                        size_t ngens, const uint32_t *cls, uint32_t n, uint32_t full_max,
                        const grundy_allocator *a, grundy__qmon *out)
{
    grundy__qmon m;
    memset(&m, 0, sizeof m);
    m.n = n;
    m.ngen = (uint32_t)ngens;
    m.act = (uint32_t *)grundy__alloc_array(a, n, ngens * sizeof *m.act);
    m.p = (uint64_t *)grundy__calloc_array(a, ((size_t)n + 63) / 64, sizeof *m.p);
    if (m.act == NULL || m.p == NULL) {
        grundy__qmon_free(&m, a);
        return GRUNDY_ENOMEM;
    }
    uint32_t seen = 0;
    for (size_t d = 0; d < count && seen < n; d++) {
        if (cls[d] != seen)
            continue; /* not its class's first member */
        for (size_t j = 0; j < ngens; j++)
            m.act[(size_t)seen * ngens + j] = cls[succ[d * ngens + j]];
        if (pflag[d]) {
            m.p[seen >> 6] |= (uint64_t)1 << (seen & 63);
            m.np++;
        }
        seen++;
    }
    /* Every element is a word in the generators: the tree reaches them all. */
    int rc = grundy__qmon_finish(&m, full_max, a);
    if (rc != GRUNDY_OK) {
        grundy__qmon_free(&m, a);
        return rc == 1 ? GRUNDY_ESTATE : rc;
    }
    *out = m;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__qreduce(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                    const unsigned char *pflag, size_t count, const uint32_t *gens, size_t ngens,
                    size_t limit, uint32_t full_max, const grundy_allocator *a, uint32_t *cls,
                    grundy__qmon *out)
{
    uint32_t *succ = (uint32_t *)grundy__alloc_array(a, count, (ngens ? ngens : 1) * sizeof *succ);
    uint32_t *next = (uint32_t *)grundy__alloc_array(a, count, sizeof *next);
    uint32_t *key = (uint32_t *)grundy__alloc_array(a, ngens + 1, sizeof *key);
    int rc = GRUNDY_OK;
    uint32_t classes = 0, first_p = GRUNDY__Q_NONE, first_n = GRUNDY__Q_NONE;
    if (succ == NULL || next == NULL || key == NULL) {
        rc = GRUNDY_ENOMEM;
        goto done;
    }
    for (size_t d = 0; d < count; d++)
        for (size_t j = 0; j < ngens; j++)
            succ[d * ngens + j] = dense[grundy__qtrial_mul(t, order[d], gens[j])];
    /* Start from {P, not P}, numbered by first appearance. */
    for (size_t d = 0; d < count; d++) {
        uint32_t *c = pflag[d] ? &first_p : &first_n;
        if (*c == GRUNDY__Q_NONE)
            *c = classes++;
        cls[d] = *c;
    }
    for (;;) {
        uint32_t more = grundy__monoid__refine(succ, count, ngens, cls, next, key, limit, a, &rc);
        if (rc != GRUNDY_OK)
            goto done;
        memcpy(cls, next, count * sizeof *cls);
        if (more == classes)
            break;
        classes = more;
    }
    if (classes > GRUNDY__Q_MAX_ORDER ||
        (limit != 0 && grundy__qmon_bytes(classes, ngens, full_max) > limit)) {
        rc = GRUNDY_ELIMIT;
        goto done;
    }
    rc = grundy__monoid__class_monoid(succ, pflag, count, ngens, cls, classes, full_max, a, out);
done:
    grundy__free(a, succ);
    grundy__free(a, next);
    grundy__free(a, key);
    return rc;
}

/* === src/quotient/pretension.c === */
/* Pretensions: a monoid, its P-portion and Φ, claimed to decide every
 * misère sum of heaps.  Here: the heaps' transitions, the marking of a
 * trial's P-portion, and the verifier, which is what makes a claim true. */

GRUNDY__LOCAL void grundy__qpre_free(grundy__qpre *p, const grundy_allocator *a)
{
    grundy__qmon_free(&p->m, a);
    grundy__qvec_free(a, &p->phi);
    grundy__qvec_free(a, &p->act_of);
    grundy__qvec_free(a, &p->tpool);
    grundy__free(a, p->act);
    grundy__free(a, p->wbase);
    grundy__free(a, p->wheap);
    grundy__free(a, p->wexp);
    grundy__qvec_free(a, &p->gen_heap);
    grundy__free(a, p->exps);
    grundy__qvec_free(a, &p->rel_x);
    grundy__qvec_free(a, &p->rel_j);
    memset(p, 0, sizeof *p);
}

GRUNDY__LOCAL void grundy__qstore_free(grundy__qstore *s, const grundy_allocator *a)
{
    grundy__qvec_free(a, &s->elem);
    grundy__qvec_free(a, &s->par);
    grundy__qvec_free(a, &s->heap);
    grundy__qvec_free(a, &s->next);
    grundy__free(a, s->bits);
    grundy__free(a, s->head);
    memset(s, 0, sizeof *s);
}

/* ---- transitions ------------------------------------------------------------ */

typedef struct grundy__pretension__trans_walk {
    grundy__qmul_fn mul;
    const void *ctx;
    const uint32_t *phi;
    uint32_t one;
    const grundy_allocator *a;
    grundy__qvec *out;
    uint32_t *stamp;
    uint32_t mark;
    int rc;
} grundy__pretension__trans_walk;

static int grundy__pretension__add_option(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    grundy__pretension__trans_walk *w = (grundy__pretension__trans_walk *)ctx;
    (void)k;
    uint32_t x = w->one;
    for (size_t i = 0; i < nparts; i++)
        x = w->mul(w->ctx, x, w->phi[parts[i]]);
    if (w->stamp[x] == w->mark)
        return 0;
    w->stamp[x] = w->mark;
    w->rc = grundy__qvec_push(w->a, w->out, x);
    return w->rc != GRUNDY_OK;
}

static int grundy__pretension__cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

GRUNDY__LOCAL int grundy__qtransitions(const grundy__heap_rules *r, uint64_t heap, grundy__qmul_fn mul,
                         const void *ctx, const uint32_t *phi, uint32_t one,
                         const grundy_allocator *a, grundy__qvec *out, uint32_t *stamp,
                         uint32_t mark)
{
    grundy__pretension__trans_walk w = {mul, ctx, phi, one, a, out, stamp, mark, GRUNDY_OK};
    size_t from = out->n;
    (void)grundy__heap_each_move(r, heap, grundy__pretension__add_option, &w);
    if (w.rc != GRUNDY_OK)
        return w.rc;
    if (out->n - from > 1)
        qsort(out->v + from, out->n - from, sizeof *out->v, grundy__pretension__cmp_u32);
    return GRUNDY_OK;
}

/* ---- marking a trial's P-portion ------------------------------------------- */

/* Words are walked heap by heap: those over heaps below k first (the list
 * so far, in order), then each of them times k, then times k^2, ..., as
 * long as a power gives an element not yet seen.  An element first seen
 * as word(x) k^e has the options word(x)'s options times g^e and x g^(e-1)
 * times T(k): its status is decided from elements seen before it. */
GRUNDY__LOCAL int grundy__qmark(const grundy__qtrial *t, const uint32_t *phi, const size_t *toff,
                  const uint32_t *tlen, const uint32_t *tpool, size_t nheaps, size_t limit,
                  const grundy_allocator *a, grundy__qvec *order, uint32_t *dense,
                  unsigned char **pflag)
{
    size_t total = (size_t)t->old->n * t->nc;
    grundy__qvec soff, slen, spool, cur;
    memset(&soff, 0, sizeof soff);
    memset(&slen, 0, sizeof slen);
    memset(&spool, 0, sizeof spool);
    memset(&cur, 0, sizeof cur);
    unsigned char *pf = NULL;
    size_t cap_pf = 0;
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, total, sizeof *stamp);
    int rc = GRUNDY_ENOMEM;
    uint32_t mark = 0;
    if (stamp == NULL)
        goto fail;
    for (size_t i = 0; i < total; i++)
        dense[i] = GRUNDY__Q_NONE;
    order->n = 0;
    if (grundy__qvec_push(a, order, 0) || grundy__qvec_push(a, &soff, 0) ||
        grundy__qvec_push(a, &slen, 0) || grundy__reserve(a, (void **)&pf, &cap_pf, 1, 1))
        goto fail;
    dense[0] = 0;
    pf[0] = 0;
    for (size_t k = 1; k < nheaps; k++) {
        uint32_t g = phi[k];
        if (tlen[k] == 0 || g == 0)
            continue; /* Φ(k) is the identity: no new element */
        size_t base = order->n;
        cur.n = 0;
        if (grundy__qvec_reserve(a, &cur, base))
            goto fail;
        memcpy(cur.v, order->v, base * sizeof *cur.v);
        cur.n = base;
        uint32_t gp = g; /* g^e */
        for (;;) {
            size_t added = 0;
            for (size_t i = 0; i < base; i++) {
                uint32_t prev = cur.v[i], y = grundy__qtrial_mul(t, prev, g);
                cur.v[i] = y;
                if (dense[y] != GRUNDY__Q_NONE)
                    continue;
                if (limit != 0 && (spool.n + order->n) * 8 > limit) {
                    rc = GRUNDY_ELIMIT;
                    goto fail;
                }
                size_t d = order->n, from = spool.n;
                if (grundy__qvec_push(a, order, y) || grundy__qvec_push(a, &soff, (uint32_t)from) ||
                    grundy__reserve(a, (void **)&pf, &cap_pf, d + 1, 1))
                    goto fail;
                if (from > UINT32_MAX - total) {
                    rc = GRUNDY_ELIMIT;
                    goto fail;
                }
                dense[y] = (uint32_t)d;
                mark++;
                int any_p = 0;
                size_t so = soff.v[i], sl = slen.v[i];
                for (size_t j = 0; j < sl + tlen[k]; j++) {
                    uint32_t z;
                    if (j < sl)
                        z = grundy__qtrial_mul(t, order->v[spool.v[so + j]], gp);
                    else
                        z = grundy__qtrial_mul(t, prev, tpool[toff[k] + j - sl]);
                    uint32_t dz = dense[z];
                    if (dz == GRUNDY__Q_NONE || dz == d || stamp[z] == mark)
                        continue; /* an option is always seen first */
                    stamp[z] = mark;
                    any_p |= pf[dz];
                    if (grundy__qvec_push(a, &spool, dz))
                        goto fail;
                }
                if (grundy__qvec_push(a, &slen, (uint32_t)(spool.n - from)))
                    goto fail;
                pf[d] = (unsigned char)(spool.n > from && !any_p);
                added++;
            }
            if (added == 0)
                break;
            gp = grundy__qtrial_mul(t, gp, g);
        }
    }
    grundy__qvec_free(a, &soff);
    grundy__qvec_free(a, &slen);
    grundy__qvec_free(a, &spool);
    grundy__qvec_free(a, &cur);
    grundy__free(a, stamp);
    *pflag = pf;
    return GRUNDY_OK;
fail:
    grundy__qvec_free(a, &soff);
    grundy__qvec_free(a, &slen);
    grundy__qvec_free(a, &spool);
    grundy__qvec_free(a, &cur);
    grundy__free(a, stamp);
    grundy__free(a, pf);
    return rc;
}

/* ---- actions and words of a pretension ------------------------------------- */

GRUNDY__LOCAL uint32_t grundy__qmon_mul_fn(const void *ctx, uint32_t x, uint32_t y)
{
    return grundy__qmon_mul((const grundy__qmon *)ctx, x, y);
}

GRUNDY__LOCAL int grundy__qpre_add_action(grundy__qpre *p, const grundy_allocator *a, uint32_t g,
                            const uint32_t *trans, size_t len, uint32_t heap, uint32_t *id)
{
    for (size_t i = 0; i < p->nact; i++) {
        const grundy__qact *c = &p->act[i];
        if (c->g == g && c->len == len &&
            (len == 0 || memcmp(p->tpool.v + c->off, trans, len * sizeof *trans) == 0)) {
            *id = (uint32_t)i;
            return GRUNDY_OK;
        }
    }
    if (grundy__reserve(a, (void **)&p->act, &p->cap_act, p->nact + 1, sizeof *p->act))
        return GRUNDY_ENOMEM;
    size_t off = p->tpool.n;
    if (len > 0) { /* trans is never in the pool: growing it would move it */
        if (grundy__qvec_reserve(a, &p->tpool, off + len))
            return GRUNDY_ENOMEM;
        memcpy(p->tpool.v + off, trans, len * sizeof *trans);
    }
    p->tpool.n = off + len;
    grundy__qact *c = &p->act[p->nact];
    c->g = g;
    c->heap = heap;
    c->off = off;
    c->len = len;
    *id = (uint32_t)p->nact++;
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__qpre_actions(grundy__qpre *p, const grundy__heap_rules *r, const grundy_allocator *a)
{
    size_t nheaps = p->phi.n;
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, p->m.n, sizeof *stamp);
    grundy__qvec trans;
    memset(&trans, 0, sizeof trans);
    int rc = stamp == NULL ? GRUNDY_ENOMEM : grundy__qvec_reserve(a, &p->act_of, nheaps);
    p->nact = 0;
    p->tpool.n = 0;
    p->act_of.n = 0;
    for (size_t h = 0; h < nheaps && rc == GRUNDY_OK; h++) {
        trans.n = 0;
        rc = grundy__qtransitions(r, h, grundy__qmon_mul_fn, &p->m, p->phi.v, 0, a, &trans, stamp,
                                  (uint32_t)h + 1);
        if (rc != GRUNDY_OK)
            break;
        uint32_t id = GRUNDY__Q_NONE;
        if (trans.n != 0)
            rc = grundy__qpre_add_action(p, a, p->phi.v[h], trans.v, trans.n, (uint32_t)h, &id);
        p->act_of.v[p->act_of.n++] = id;
    }
    grundy__qvec_free(a, &trans);
    grundy__free(a, stamp);
    return rc;
}

GRUNDY__LOCAL int grundy__qwalk(const grundy__qmon *m, const uint32_t *gens, size_t k, uint32_t *base,
                  uint32_t *which, uint32_t *exp, uint32_t *ord, const grundy_allocator *a)
{
    uint32_t n = m->n;
    uint32_t *cur = (uint32_t *)grundy__alloc_array(a, n, sizeof *cur);
    if (cur == NULL)
        return GRUNDY_ENOMEM;
    for (uint32_t x = 0; x < n; x++)
        base[x] = GRUNDY__Q_NONE;
    base[0] = 0;
    which[0] = 0;
    exp[0] = 0;
    ord[0] = 0;
    size_t count = 1;
    for (size_t j = 0; j < k && count < n; j++) {
        uint32_t g = gens[j];
        if (g == 0)
            continue;
        size_t first = count;
        memcpy(cur, ord, first * sizeof *cur);
        for (uint32_t e = 1;; e++) {
            size_t added = 0;
            for (size_t i = 0; i < first; i++) {
                uint32_t y = grundy__qmon_mul(m, cur[i], g);
                cur[i] = y;
                if (base[y] != GRUNDY__Q_NONE)
                    continue;
                base[y] = ord[i];
                which[y] = (uint32_t)j;
                exp[y] = e;
                ord[count++] = y;
                added++;
            }
            if (added == 0)
                break;
        }
    }
    for (size_t i = count; i < n; i++)
        ord[i] = GRUNDY__Q_NONE;
    grundy__free(a, cur);
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__qpre_words(grundy__qpre *p, const grundy_allocator *a)
{
    uint32_t n = p->m.n;
    uint32_t *wb = (uint32_t *)grundy__alloc_array(a, n, sizeof *wb);
    uint32_t *wh = (uint32_t *)grundy__alloc_array(a, n, sizeof *wh);
    uint32_t *we = (uint32_t *)grundy__alloc_array(a, n, sizeof *we);
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    if (wb == NULL || wh == NULL || we == NULL || ord == NULL ||
        grundy__qwalk(&p->m, p->phi.v, p->phi.n, wb, wh, we, ord, a) != GRUNDY_OK) {
        grundy__free(a, wb);
        grundy__free(a, wh);
        grundy__free(a, we);
        grundy__free(a, ord);
        return GRUNDY_ENOMEM;
    }
    grundy__free(a, ord);
    grundy__free(a, p->wbase);
    grundy__free(a, p->wheap);
    grundy__free(a, p->wexp);
    p->wbase = wb;
    p->wheap = wh;
    p->wexp = we;
    return GRUNDY_OK;
}

/* ---- the verifier ------------------------------------------------------------ */

static int grundy__pretension__word_of_elem(const grundy__qpre *p, uint32_t x, const grundy_allocator *a,
                        grundy__qword *w)
{
    while (x != 0) {
        if (p->wbase[x] == GRUNDY__Q_NONE)
            return GRUNDY_OK; /* not reached by a word: cannot happen once reduced */
        for (uint32_t e = 0; e < p->wexp[x]; e++)
            if (grundy__qvec_push(a, w, p->wheap[x]))
                return GRUNDY_ENOMEM;
        x = p->wbase[x];
    }
    return GRUNDY_OK;
}

static int grundy__pretension__word_of_state(const grundy__qstore *s, uint32_t st, const grundy_allocator *a,
                         grundy__qword *w)
{
    while (st != GRUNDY__Q_NONE && s->heap.v[st] != GRUNDY__Q_NONE) {
        if (grundy__qvec_push(a, w, s->heap.v[st]))
            return GRUNDY_ENOMEM;
        st = s->par.v[st];
    }
    return GRUNDY_OK;
}

static void grundy__pretension__sort_word(grundy__qword *w)
{
    qsort(w->v, w->n, sizeof *w->v, grundy__pretension__cmp_u32);
}

GRUNDY__LOCAL void grundy__qstore_truncate(grundy__qstore *s, size_t count)
{
    while (s->elem.n > count) {
        size_t i = --s->elem.n;
        s->head[s->elem.v[i]] = s->next.v[i];
    }
    s->par.n = s->heap.n = s->next.n = count;
}

/* Appends a state (its bits in scratch); GRUNDY_OK or a status. */
static int grundy__pretension__store_add(grundy__qstore *s, const grundy_allocator *a, size_t limit, uint32_t x,
                     uint32_t par, uint32_t heap, const uint64_t *bits)
{
    size_t i = s->elem.n;
    if (i >= GRUNDY__Q_NONE - 1)
        return GRUNDY_ELIMIT;
    if (limit != 0 && (i + 1) * (s->words * 8 + 16) > limit)
        return GRUNDY_ELIMIT;
    if (grundy__reserve(a, (void **)&s->bits, &s->cap_bits, i + 1, s->words * 8) ||
        grundy__qvec_push(a, &s->elem, x) || grundy__qvec_push(a, &s->par, par) ||
        grundy__qvec_push(a, &s->heap, heap) || grundy__qvec_push(a, &s->next, s->head[x])) {
        s->elem.n = s->par.n = s->heap.n = s->next.n = i;
        return GRUNDY_ENOMEM;
    }
    memcpy(s->bits + i * s->words, bits, s->words * 8);
    s->head[x] = (uint32_t)i;
    return GRUNDY_OK;
}

/* Whether a state of x has a subset of bits (all of them non-empty). */
static int grundy__pretension__subsumed(const grundy__qstore *s, uint32_t x, const uint64_t *bits)
{
    for (uint32_t i = s->head[x]; i != GRUNDY__Q_NONE; i = s->next.v[i]) {
        const uint64_t *o = s->bits + (size_t)i * s->words;
        size_t w = 0;
        while (w < s->words && (o[w] & ~bits[w]) == 0)
            w++;
        if (w == s->words)
            return 1;
    }
    return 0;
}

/* The rows of the actions' elements, made when first needed: a large
 * monoid has no table, and the verifier multiplies by them most. */
typedef struct grundy__pretension__act_rows {
    const grundy__qmon *m;
    const uint32_t **row; /* per action, NULL until made */
    uint32_t *buf;        /* nact * n, for a monoid without its table */
} grundy__pretension__act_rows;

static int grundy__pretension__act_rows_init(grundy__pretension__act_rows *r, const grundy__qpre *p, size_t limit,
                         const grundy_allocator *a)
{
    size_t n = p->m.n, nact = p->nact;
    r->m = &p->m;
    r->buf = NULL;
    if (p->m.mul == NULL && limit != 0 && (uint64_t)nact * n * 4 > limit)
        return GRUNDY_ELIMIT;
    r->row = (const uint32_t **)grundy__calloc_array(a, nact, sizeof *r->row);
    if (p->m.mul == NULL && r->row != NULL)
        r->buf = (uint32_t *)grundy__alloc_array(a, nact, n * sizeof *r->buf);
    if (r->row == NULL || (p->m.mul == NULL && r->buf == NULL)) {
        grundy__free(a, (void *)r->row);
        grundy__free(a, r->buf);
        return GRUNDY_ENOMEM;
    }
    return GRUNDY_OK;
}

static const uint32_t *grundy__pretension__act_row(grundy__pretension__act_rows *r, const grundy__qpre *p, size_t c)
{
    if (r->row[c] == NULL) /* no buf with a table: its row is the table's */
        r->row[c] = grundy__qmon_row(r->m, p->act[c].g,
                                     r->buf != NULL ? r->buf + c * (size_t)r->m->n : NULL);
    return r->row[c];
}

static void grundy__pretension__act_rows_free(grundy__pretension__act_rows *r, const grundy_allocator *a)
{
    grundy__free(a, (void *)r->row);
    grundy__free(a, r->buf);
}

/* P-failures of one action: a word of x plus the heap claimed P with an
 * option claimed P. */
static int grundy__pretension__check_p(const grundy__qpre *p, grundy__pretension__act_rows *rows, size_t c, const grundy_allocator *a,
                   grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    const grundy__qact *ac = &p->act[c];
    const uint32_t *row_g = grundy__pretension__act_row(rows, p, c);
    for (uint32_t x = 0; x < m->n; x++) {
        if (!grundy__qmon_is_p(m, row_g[x]))
            continue;
        for (size_t j = 0; j < ac->len; j++) {
            if (grundy__qmon_is_p(m, grundy__qmon_mul(m, x, p->tpool.v[ac->off + j]))) {
                fail->n = 0;
                if (grundy__pretension__word_of_elem(p, x, a, fail) || grundy__qvec_push(a, fail, ac->heap))
                    return GRUNDY_ENOMEM;
                grundy__pretension__sort_word(fail);
                return 1;
            }
        }
    }
    return 0;
}

/* The options of state i's words times action c into bits (the elements of
 * the state's options times g, and x times T); 1 when one is claimed P. */
static int grundy__pretension__state_options(const grundy__qpre *p, const grundy__qstore *s, size_t i,
                         const uint32_t *row_g, const grundy__qact *ac, uint64_t *bits)
{
    const grundy__qmon *m = &p->m;
    const uint64_t *from = s->bits + i * s->words;
    uint32_t x = s->elem.v[i];
    memset(bits, 0, s->words * 8);
    for (size_t w = 0; w < s->words; w++) {
        uint64_t b = from[w];
        while (b) {
            uint32_t z = row_g[w * 64 + grundy__lowest_bit(b)];
            b &= b - 1;
            bits[z >> 6] |= (uint64_t)1 << (z & 63);
        }
    }
    for (size_t j = 0; j < ac->len; j++) {
        uint32_t z = grundy__qmon_mul(m, x, p->tpool.v[ac->off + j]);
        bits[z >> 6] |= (uint64_t)1 << (z & 63);
    }
    int any_p = 0;
    for (size_t w = 0; w < s->words && !any_p; w++)
        any_p = (bits[w] & m->p[w]) != 0;
    return any_p;
}

/* The breadth-first closure of the states from `old` on (those before
 * only for the actions from first_new): 0, 1 with a failing word, or a
 * status. */
static int grundy__pretension__close_states(const grundy__qpre *p, grundy__qstore *s, grundy__pretension__act_rows *rows, size_t old,
                        size_t first_new, size_t limit, const grundy_allocator *a,
                        uint64_t *bits, grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    /* Breadth first: the failures of fewest heaps come first. */
    for (size_t i = 0; i < s->elem.n; i++) {
        uint32_t x = s->elem.v[i];
        for (size_t c = i < old ? first_new : 0; c < p->nact; c++) {
            const grundy__qact *ac = &p->act[c];
            const uint32_t *row_g = grundy__pretension__act_row(rows, p, c);
            int any_p = grundy__pretension__state_options(p, s, i, row_g, ac, bits);
            uint32_t y = row_g[x];
            if (!any_p && !grundy__qmon_is_p(m, y)) { /* claimed N, no move to P */
                fail->n = 0;
                if (grundy__pretension__word_of_state(s, (uint32_t)i, a, fail) ||
                    grundy__qvec_push(a, fail, ac->heap))
                    return GRUNDY_ENOMEM;
                grundy__pretension__sort_word(fail);
                return 1;
            }
            if (grundy__pretension__subsumed(s, y, bits))
                continue;
            int rc = grundy__pretension__store_add(s, a, limit, y, (uint32_t)i, ac->heap, bits);
            if (rc != GRUNDY_OK)
                return rc;
        }
    }
    return 0;
}

GRUNDY__LOCAL int grundy__qverify(const grundy__qpre *p, grundy__qstore *s, size_t first_new, size_t limit,
                    const grundy_allocator *a, grundy__qword *fail)
{
    const grundy__qmon *m = &p->m;
    uint32_t n = m->n;
    uint64_t *bits = NULL;
    grundy__pretension__act_rows rows;
    int rc;
    if (grundy__qmon_is_p(m, 0)) { /* the empty sum is claimed P: no move is a win */
        fail->n = 0;
        return 1;
    }
    if ((rc = grundy__pretension__act_rows_init(&rows, p, limit, a)) != GRUNDY_OK)
        return rc;
    for (size_t c = first_new; c < p->nact; c++)
        if ((rc = grundy__pretension__check_p(p, &rows, c, a, fail)) != 0)
            goto done;
    rc = GRUNDY_ENOMEM;
    if (s->head == NULL) {
        s->words = ((size_t)n + 63) / 64;
        s->head = (uint32_t *)grundy__alloc_array(a, n, sizeof *s->head);
        if (s->head == NULL)
            goto done;
        for (uint32_t x = 0; x < n; x++)
            s->head[x] = GRUNDY__Q_NONE;
    }
    bits = (uint64_t *)grundy__alloc_array(a, s->words, 8);
    if (bits == NULL)
        goto done;
    if (s->elem.n == 0) {
        memset(bits, 0, s->words * 8);
        if ((rc = grundy__pretension__store_add(s, a, limit, 0, GRUNDY__Q_NONE, GRUNDY__Q_NONE, bits)) != GRUNDY_OK)
            goto done;
        first_new = 0;
    }
    rc = grundy__pretension__close_states(p, s, &rows, first_new == 0 ? 0 : s->elem.n, first_new, limit, a, bits,
                      fail);
done:
    grundy__free(a, bits);
    grundy__pretension__act_rows_free(&rows, a);
    return rc;
}

GRUNDY__LOCAL uint32_t grundy__qword_elem(const grundy__qpre *p, const uint32_t *heaps, size_t n)
{
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++)
        x = grundy__qmon_mul(&p->m, x, p->phi.v[heaps[i]]);
    return x;
}

GRUNDY__LOCAL int grundy__qword_consistent(const grundy__qpre *p, const uint32_t *heaps, size_t n)
{
    const grundy__qmon *m = &p->m;
    int has_move = 0, to_p = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && heaps[i] == heaps[i - 1])
            continue;
        uint32_t act = p->act_of.v[heaps[i]];
        if (act == GRUNDY__Q_NONE)
            continue;
        uint32_t rest = 0;
        for (size_t j = 0; j < n; j++)
            if (j != i)
                rest = grundy__qmon_mul(m, rest, p->phi.v[heaps[j]]);
        const grundy__qact *c = &p->act[act];
        for (size_t j = 0; j < c->len; j++) {
            has_move = 1;
            to_p |= grundy__qmon_is_p(m, grundy__qmon_mul(m, rest, p->tpool.v[c->off + j]));
        }
    }
    return grundy__qmon_is_p(m, grundy__qword_elem(p, heaps, n)) == (has_move && !to_p);
}

/* === src/quotient/quotient.c === */
/* Misère quotients: the handle, and the computation heap by heap.
 *
 * For heap n the quotient of heaps 0 .. n - 1 is tried first as it is,
 * with Φ(n) an element of the right outcome (a conservative extension,
 * verified).  Otherwise it grows: the trial product of the quotient with a
 * new cyclic generator for n, its P-portion marked, reduced, verified; on a
 * failing sum, the fewest heaps of that sum that put it right take cyclic
 * generators of their own, of an index that counts their copies in it, and
 * so on until the verifier passes (recalibration).  Nothing the
 * verifier has not passed is ever kept. */

#define GRUNDY__QUOTIENT__MAX_ATTEMPTS 1000u    /* recalibrations at one heap before giving up */
#define GRUNDY__QUOTIENT__MAX_CYCLIC 4096u     /* elements of a trial's cyclic part */
#define GRUNDY__QUOTIENT__MAX_SUBSET_HEAPS 8u  /* failing words with more distinct heaps refine them all */

GRUNDY__LOCAL int grundy__qfail(grundy_quotient *q, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(q->errmsg, sizeof q->errmsg, fmt, ap);
    va_end(ap);
    return rc;
}

GRUNDY__LOCAL int grundy__qready(grundy_quotient *q, const char *call)
{
    if (q->reporting)
        return grundy__qfail(q, GRUNDY_ESTATE, "%s: called from the quotient's own progress "
                             "or trace callback", call);
    return GRUNDY_OK;
}

/* Heap 0 (no move, the identity) over the trivial quotient {1}, P empty. */
static int grundy__quotient__trivial(grundy__qpre *p, const grundy_allocator *a)
{
    memset(p, 0, sizeof *p);
    p->m.n = 1;
    p->m.act = (uint32_t *)grundy__calloc_array(a, 1, sizeof *p->m.act);
    p->m.p = (uint64_t *)grundy__calloc_array(a, 1, sizeof *p->m.p);
    if (p->m.act == NULL || p->m.p == NULL || grundy__qmon_finish(&p->m, 1, a) != GRUNDY_OK ||
        grundy__qvec_push(a, &p->phi, 0) ||
        grundy__qvec_push(a, &p->act_of, GRUNDY__Q_NONE) || grundy__qpre_words(p, a) ||
        grundy__qpresent(p, a)) {
        grundy__qpre_free(p, a);
        return GRUNDY_ENOMEM;
    }
    return GRUNDY_OK;
}

int grundy_quotient_new(grundy_quotient **out, const grundy_heap_game *game,
                        const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    *out = NULL;
    if (game == NULL)
        return GRUNDY_EINVAL;
    if (!game->has_rules)
        return GRUNDY_ESTATE;
    int rc;
    grundy_quotient *q = (grundy_quotient *)grundy__handle_new(sizeof *q, alloc, &rc);
    if (q == NULL)
        return rc;
    if (grundy__heap_rules_copy(&game->rules, &q->alloc, &q->rules) != GRUNDY_OK) {
        grundy__free(&q->alloc, q);
        return GRUNDY_ENOMEM;
    }
    q->full_max = GRUNDY__Q_FULL_ORDER;
    if (grundy__quotient__trivial(&q->pre, &q->alloc) != GRUNDY_OK) {
        grundy__heap_rules_free(&q->rules, &q->alloc);
        grundy__free(&q->alloc, q);
        return GRUNDY_ENOMEM;
    }
    const grundy__heap_rules *r = &q->rules;
    /* The misère periodicity theorem (Plambeck-Siegel) is for finite
     * octal games: at most two heaps left, a last digit, no tail. */
    q->provable = r->digit != NULL && r->ndigits > 0 && r->tail == 0 && !r->unequal &&
                  r->max_parts <= 2;
    q->last_digit = r->ndigits > 0 ? r->ndigits - 1u : 0;
    *out = q;
    return GRUNDY_OK;
}

void grundy_quotient_free(grundy_quotient *q)
{
    if (q == NULL)
        return;
    grundy_allocator a = q->alloc;
    grundy__qpre_free(&q->pre, &a);
    grundy__qstore_free(&q->store, &a);
    grundy__heap_rules_free(&q->rules, &a);
    grundy__free(&a, q);
}

const char *grundy_quotient_errmsg(const grundy_quotient *q)
{
    return q != NULL ? q->errmsg : "";
}

void grundy_quotient_set_progress(grundy_quotient *q, grundy_progress_fn fn, void *user)
{
    if (q == NULL || q->reporting)
        return;
    q->progress = fn;
    q->progress_user = user;
}

void grundy_quotient_set_trace(grundy_quotient *q, grundy_quotient_trace_fn fn, void *user)
{
    if (q == NULL || q->reporting)
        return;
    q->trace = fn;
    q->trace_user = user;
}

void grundy_quotient_set_memory_limit(grundy_quotient *q, size_t bytes)
{
    if (q != NULL && !q->reporting)
        q->limit = bytes;
}

uint64_t grundy_quotient_heaps(const grundy_quotient *q)
{
    return q != NULL ? q->pre.phi.n : 0;
}

int grundy_quotient_solved(const grundy_quotient *q, uint64_t *period, uint64_t *preperiod)
{
    int s = q != NULL && q->solved;
    if (period != NULL)
        *period = s ? q->period : 0;
    if (preperiod != NULL)
        *preperiod = s ? q->preperiod : 0;
    return s;
}

GRUNDY__LOCAL int grundy__qphi(const grundy_quotient *q, uint64_t heap, uint32_t *x)
{
    if (heap < q->pre.phi.n) {
        *x = q->pre.phi.v[heap];
        return 1;
    }
    if (!q->solved)
        return 0;
    *x = q->pre.phi.v[q->preperiod + (heap - q->preperiod) % q->period];
    return 1;
}

GRUNDY__LOCAL void grundy__qcheck_period(grundy_quotient *q)
{
    if (!q->provable || q->solved)
        return;
    const uint32_t *phi = q->pre.phi.v;
    uint64_t len_phi = q->pre.phi.n, k = q->last_digit;
    for (uint64_t p = 1; 2 * p + k + 2 <= len_phi; p++) {
        uint64_t e = len_phi - p; /* the least e with phi[m] = phi[m + p] for e <= m < L - p */
        while (e > 0 && phi[e - 1] == phi[e - 1 + p])
            e--;
        /* The window counts from past the last growth of the quotient too. */
        uint64_t from = q->pre.last_expansion != 0 && q->pre.last_expansion >= e
                            ? q->pre.last_expansion + 1 : e;
        if (2 * from + 2 * p + k + 2 > len_phi)
            continue;
        q->solved = 1;
        q->period = p;
        q->preperiod = e;
        return;
    }
}

/* ---- one heap ----------------------------------------------------------------- */

static uint32_t grundy__quotient__trial_mul(const void *ctx, uint32_t x, uint32_t y)
{
    return grundy__qtrial_mul((const grundy__qtrial *)ctx, x, y);
}

/* The refined heaps of a trial, with the index of each one's cyclic generator. */
typedef struct grundy__quotient__refine_set {
    uint32_t heap[32];
    uint32_t idx[32];
    size_t n;
} grundy__quotient__refine_set;

/* Builds the pretension of heaps 0 .. n from the monoid base (Φ of heap h
 * base_phi[h]) times the cyclic generators of refs, into *out: a heap of
 * refs takes its own generator alone, the others keep their element of
 * base, so the base part is the submonoid those generate (as MisereSolver
 * regenerates it), and the trial stays small. */
static int grundy__quotient__build(grundy_quotient *q, const grundy__qmon *base, const uint32_t *base_phi,
                 const grundy__quotient__refine_set *refs, uint32_t n, grundy__qpre *out)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qtrial t;
    memset(&t, 0, sizeof t);
    memset(out, 0, sizeof *out);
    uint32_t *phi = NULL, *dense = NULL, *stamp = NULL, *tlen = NULL, *gens = NULL, *cls = NULL;
    size_t *toff = NULL;
    unsigned char *pflag = NULL;
    grundy__qvec pool, order;
    memset(&pool, 0, sizeof pool);
    memset(&order, 0, sizeof order);
    size_t total = 0, nheaps = (size_t)n + 1, ngens = 0;
    int rc = grundy__qtrial_init(&t, base, refs->idx, refs->n, GRUNDY__QUOTIENT__MAX_CYCLIC, a);
    if (rc != GRUNDY_OK)
        goto done;
    total = (size_t)base->n * t.nc;
    if (total > GRUNDY__Q_MAX_TRIAL || (q->limit != 0 && total * 12 > q->limit)) {
        rc = GRUNDY_ELIMIT;
        goto done;
    }
    rc = GRUNDY_ENOMEM;
    phi = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *phi);
    tlen = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *tlen);
    toff = (size_t *)grundy__alloc_array(a, nheaps, sizeof *toff);
    gens = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *gens);
    dense = (uint32_t *)grundy__alloc_array(a, total, sizeof *dense);
    stamp = (uint32_t *)grundy__calloc_array(a, total, sizeof *stamp);
    if (phi == NULL || tlen == NULL || toff == NULL || gens == NULL || dense == NULL ||
        stamp == NULL)
        goto done;
    for (uint32_t h = 0; h <= n; h++) {
        uint32_t c = 0, radix = 1;
        for (size_t j = 0; j < refs->n; j++) {
            if (refs->heap[j] == h)
                c += radix;
            radix *= refs->idx[j] + 2;
        }
        phi[h] = (c != 0 ? 0 : base_phi[h]) * t.nc + c;
    }
    for (uint32_t h = 0; h <= n; h++) {
        toff[h] = pool.n;
        rc = grundy__qtransitions(&q->rules, h, grundy__quotient__trial_mul, &t, phi, 0, a, &pool, stamp, 2 * h + 1);
        if (rc != GRUNDY_OK)
            goto done;
        tlen[h] = (uint32_t)(pool.n - toff[h]);
        if (tlen[h] == 0)
            phi[h] = 0; /* no move: the empty heap */
        if (phi[h] != 0) {
            int seen = 0;
            for (size_t j = 0; j < ngens && !seen; j++)
                seen = gens[j] == phi[h];
            if (!seen)
                gens[ngens++] = phi[h];
        }
    }
    rc = grundy__qmark(&t, phi, toff, tlen, pool.v, nheaps, q->limit, a, &order, dense, &pflag);
    if (rc != GRUNDY_OK)
        goto done;
    rc = GRUNDY_ENOMEM;
    cls = (uint32_t *)grundy__alloc_array(a, order.n, sizeof *cls);
    if (cls == NULL)
        goto done;
    rc = grundy__qreduce(&t, order.v, dense, pflag, order.n, gens, ngens, q->limit, q->full_max,
                         a, cls, &out->m);
    if (rc != GRUNDY_OK)
        goto done;
    rc = grundy__qvec_reserve(a, &out->phi, nheaps);
    if (rc != GRUNDY_OK)
        goto done;
    for (uint32_t h = 0; h <= n; h++)
        out->phi.v[h] = cls[dense[phi[h]]];
    out->phi.n = nheaps;
    out->last_expansion = n;
    rc = grundy__qpre_actions(out, &q->rules, a);
    if (rc == GRUNDY_OK)
        rc = grundy__qpre_words(out, a);
done:
    if (rc != GRUNDY_OK)
        grundy__qpre_free(out, a);
    grundy__qtrial_free(&t, a);
    grundy__qvec_free(a, &pool);
    grundy__qvec_free(a, &order);
    grundy__free(a, phi);
    grundy__free(a, tlen);
    grundy__free(a, toff);
    grundy__free(a, gens);
    grundy__free(a, dense);
    grundy__free(a, stamp);
    grundy__free(a, cls);
    grundy__free(a, pflag);
    return rc;
}

static unsigned grundy__quotient__popcount(unsigned m)
{
    unsigned c = 0;
    for (; m != 0; m &= m - 1)
        c++;
    return c;
}

/* The index of x: the least i with x^i = x^(i + r) for some r >= 1. */
static uint32_t grundy__quotient__cyclic_index(const grundy__qmon *m, uint32_t x)
{
    uint32_t pw[64];
    pw[0] = 0;
    for (uint32_t j = 1; j < 64; j++) {
        pw[j] = grundy__qmon_mul(m, pw[j - 1], x);
        for (uint32_t i = 0; i < j; i++)
            if (pw[i] == pw[j])
                return i;
    }
    return 62;
}

/* The heaps of subset `mask` of the word's distinct heaps, each given a
 * cyclic generator of period 2 whose index counts its copies in the word
 * and is no less than that of its element now (plus `more`). */
static void grundy__quotient__refinement(const grundy__qpre *p, const grundy__qword *failw,
                       const uint32_t *distinct, size_t nd, unsigned mask, uint32_t more,
                       grundy__quotient__refine_set *out)
{
    out->n = 0;
    for (size_t i = 0; i < nd && out->n < 32; i++) {
        if (!(mask & (1u << i)))
            continue;
        uint32_t h = distinct[i], e = 0;
        for (size_t j = 0; j < failw->n; j++)
            e += failw->v[j] == h;
        uint32_t idx = e > 3 ? e - 1 : 2, old = grundy__quotient__cyclic_index(&p->m, p->phi.v[h]);
        out->heap[out->n] = h;
        out->idx[out->n++] = (old > idx ? old : idx) + more;
    }
}

/* The progress callback, between heaps and between the attempts at one
 * heap (done: the heaps finished): 1 to go on, or GRUNDY_ECANCELED. */
static int grundy__quotient__report(grundy_quotient *q, uint64_t done)
{
    if (q->progress == NULL)
        return 1;
    q->reporting = 1;
    int stop = q->progress(q->progress_user, done, q->target == UINT64_MAX ? 0 : q->target + 1);
    q->reporting = 0;
    if (stop == 0)
        return 1;
    return grundy__qfail(q, GRUNDY_ECANCELED, "the progress callback stopped the computation "
                         "after heap %llu", (unsigned long long)(done - 1));
}

/* The trace callback, for a trial of heap n verified: failw the sum it
 * fails on, or NULL when it passed.  GRUNDY_OK or GRUNDY_ENOMEM. */
static int grundy__quotient__trace(grundy_quotient *q, uint32_t n, const grundy__qpre *p, const grundy__qword *failw)
{
    if (q->trace == NULL)
        return GRUNDY_OK;
    uint64_t *heaps = NULL;
    size_t count = failw != NULL ? failw->n : 0;
    if (count > 0) {
        heaps = (uint64_t *)grundy__calloc_array(&q->alloc, count, sizeof *heaps);
        if (heaps == NULL)
            return GRUNDY_ENOMEM;
        for (size_t j = 0; j < count; j++)
            heaps[j] = failw->v[j];
    }
    q->reporting = 1;
    q->trace(q->trace_user, n, p->m.n, p->m.np, heaps, count);
    q->reporting = 0;
    grundy__free(&q->alloc, heaps);
    return GRUNDY_OK;
}

static int grundy__quotient__limit_message(grundy_quotient *q, int rc, uint32_t n)
{
    if (rc == GRUNDY_ENOMEM)
        return grundy__qfail(q, rc, "out of memory growing the quotient at heap %lu",
                             (unsigned long)n);
    if (rc == GRUNDY_ELIMIT && q->limit != 0)
        return grundy__qfail(q, rc, "the quotient at heap %lu needs more than the memory "
                             "limit of %zu bytes (or more than %u elements, trial products "
                             "of %u, cyclic parts of %u)", (unsigned long)n, q->limit,
                             GRUNDY__Q_MAX_ORDER, GRUNDY__Q_MAX_TRIAL, GRUNDY__QUOTIENT__MAX_CYCLIC);
    if (rc == GRUNDY_ELIMIT)
        return grundy__qfail(q, rc, "the quotient at heap %lu grows past the largest the "
                             "library computes (%u elements, trial products of %u, cyclic "
                             "parts of %u)", (unsigned long)n, GRUNDY__Q_MAX_ORDER,
                             GRUNDY__Q_MAX_TRIAL, GRUNDY__QUOTIENT__MAX_CYCLIC);
    return rc;
}

/* Verifies p from scratch; 0 and its closure in *s, 1 with a failing word, or a status. */
static int grundy__quotient__verify_all(grundy_quotient *q, const grundy__qpre *p, grundy__qstore *s,
                      grundy__qword *failw)
{
    memset(s, 0, sizeof *s);
    int rc = grundy__qverify(p, s, 0, q->limit, &q->alloc, failw);
    if (rc != 0)
        grundy__qstore_free(s, &q->alloc);
    return rc;
}

static void grundy__quotient__adopt(grundy_quotient *q, grundy__qpre *p, grundy__qstore *s)
{
    grundy__qpre_free(&q->pre, &q->alloc);
    grundy__qstore_free(&q->store, &q->alloc);
    q->pre = *p;
    q->store = *s;
}

/* Heap n by a larger quotient: expand, then recalibrate until verified.
 * Each recalibration refines the pretension that failed (reduced), so the
 * trials stay the size of the quotient times a few cyclic factors. */
static int grundy__quotient__expand(grundy_quotient *q, uint32_t n)
{
    const grundy_allocator *a = &q->alloc;
    grundy__quotient__refine_set refs;
    refs.n = 1;
    refs.heap[0] = n;
    refs.idx[0] = 2;
    grundy__qpre p, trial;
    grundy__qstore s;
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    /* Φ(n) starts as the identity of the old quotient, times the new generator. */
    q->pre.phi.v[n] = 0;
    int rc = grundy__quotient__build(q, &q->pre.m, q->pre.phi.v, &refs, n, &p);
    for (unsigned attempt = 0; rc == GRUNDY_OK; attempt++) {
        rc = grundy__quotient__verify_all(q, &p, &s, &failw);
        if (rc == 0 && ((rc = grundy__qpresent(&p, a)) != GRUNDY_OK ||
                        (rc = grundy__quotient__trace(q, n, &p, NULL)) != GRUNDY_OK))
            grundy__qstore_free(&s, a);
        if (rc == 1) {
            int t = grundy__quotient__trace(q, n, &p, &failw);
            if (t != GRUNDY_OK)
                rc = t;
        }
        if (rc == 0) {
            grundy__quotient__adopt(q, &p, &s);
            grundy__qvec_free(a, &failw);
            return GRUNDY_OK;
        }
        if (rc != 1) {
            grundy__qpre_free(&p, a);
            break;
        }
        if (attempt == GRUNDY__QUOTIENT__MAX_ATTEMPTS || (rc = grundy__quotient__report(q, n)) != 1) {
            size_t heaps = failw.n;
            grundy__qpre_free(&p, a);
            grundy__qvec_free(a, &failw);
            if (rc != 1)
                return rc;
            return grundy__qfail(q, GRUNDY_ELIMIT, "the quotient at heap %lu could not be "
                                 "recalibrated in %u attempts (the sum of %zu heaps last "
                                 "failing verification)", (unsigned long)n, GRUNDY__QUOTIENT__MAX_ATTEMPTS, heaps);
        }
        /* Refine the fewest heaps of the failing word that make it right. */
        uint32_t distinct[32];
        size_t nd = 0;
        for (size_t j = 0; j < failw.n && nd < 32; j++)
            if (j == 0 || failw.v[j] != failw.v[j - 1])
                distinct[nd++] = failw.v[j];
        int found = 0;
        unsigned all = nd >= 32 ? 0xffffffffu : (1u << nd) - 1;
        if (nd <= GRUNDY__QUOTIENT__MAX_SUBSET_HEAPS) {
            for (unsigned size = 1; size <= nd && !found && rc == 1; size++) {
                for (unsigned mask = 1; mask <= all && !found; mask++) {
                    if (grundy__quotient__popcount(mask) != size)
                        continue;
                    if ((rc = grundy__quotient__report(q, n)) != 1)
                        break; /* cancelled: rc is GRUNDY_ECANCELED */
                    grundy__quotient__refinement(&p, &failw, distinct, nd, mask, 0, &refs);
                    rc = grundy__quotient__build(q, &p.m, p.phi.v, &refs, n, &trial);
                    if (rc == GRUNDY_ELIMIT) {
                        rc = 1; /* too large: another subset may do */
                        continue;
                    }
                    if (rc != GRUNDY_OK)
                        break;
                    rc = 1;
                    if (grundy__qword_consistent(&trial, failw.v, failw.n))
                        found = 1;
                    else
                        grundy__qpre_free(&trial, a);
                }
            }
        }
        if (!found && rc == 1) {
            grundy__quotient__refinement(&p, &failw, distinct, nd, all, 1, &refs);
            rc = grundy__quotient__build(q, &p.m, p.phi.v, &refs, n, &trial);
        } else if (found) {
            rc = GRUNDY_OK;
        }
        grundy__qpre_free(&p, a);
        if (rc == GRUNDY_OK)
            p = trial;
    }
    grundy__qvec_free(a, &failw);
    return grundy__quotient__limit_message(q, rc, n);
}

/* Tries Φ(n) = x for each element x of the right outcome, by verifying
 * only the sums with heap n: 1 when one passes (kept), 0, or a status. */
static int grundy__quotient__conservative(grundy_quotient *q, uint32_t n, const grundy__qvec *trans, int is_p)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qpre *p = &q->pre;
    uint32_t order = p->m.n, id;
    /* The transitions go in as an action whose element is each candidate in turn. */
    size_t nact = p->nact, npool = p->tpool.n, nstates = q->store.elem.n;
    int rc = grundy__qpre_add_action(p, a, GRUNDY__Q_NONE, trans->v, trans->n, n, &id);
    if (rc != GRUNDY_OK)
        return rc;
    unsigned char *tried = (unsigned char *)grundy__calloc_array(a, order, 1);
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    if (tried == NULL) {
        rc = GRUNDY_ENOMEM;
        goto undo;
    }
    /* Recent heaps' elements first: a periodic Φ repeats them. */
    for (size_t i = 0; i < (size_t)n + order; i++) {
        uint32_t x = i < n ? p->phi.v[n - 1 - i] : (uint32_t)(i - n);
        if (tried[x] || grundy__qmon_is_p(&p->m, x) != is_p)
            continue;
        tried[x] = 1;
        p->act[id].g = x;
        rc = grundy__qverify(p, &q->store, id, q->limit, a, &failw);
        if (rc == 0) {
            if (grundy__qvec_push(a, &p->phi, x) || grundy__qvec_push(a, &p->act_of, id)) {
                p->phi.n = n;
                rc = GRUNDY_ENOMEM;
                break;
            }
            grundy__free(a, tried);
            grundy__qvec_free(a, &failw);
            return 1;
        }
        grundy__qstore_truncate(&q->store, nstates);
        if (rc != 1)
            break;
        rc = 0;
    }
undo:
    grundy__qstore_truncate(&q->store, nstates);
    p->nact = nact;
    p->tpool.n = npool;
    grundy__free(a, tried);
    grundy__qvec_free(a, &failw);
    return rc;
}

static int grundy__quotient__next_heap(grundy_quotient *q)
{
    const grundy_allocator *a = &q->alloc;
    grundy__qpre *p = &q->pre;
    uint32_t n = (uint32_t)p->phi.n;
    if (grundy__qvec_reserve(a, &p->phi, (size_t)n + 1) ||
        grundy__qvec_reserve(a, &p->act_of, (size_t)n + 1))
        return grundy__qfail(q, GRUNDY_ENOMEM, "out of memory at heap %lu", (unsigned long)n);
    uint32_t *stamp = (uint32_t *)grundy__calloc_array(a, p->m.n, sizeof *stamp);
    grundy__qvec trans;
    memset(&trans, 0, sizeof trans);
    int rc = stamp == NULL ? GRUNDY_ENOMEM
                           : grundy__qtransitions(&q->rules, n, grundy__qmon_mul_fn, &p->m, p->phi.v, 0, a,
                                                  &trans, stamp, 1);
    grundy__free(a, stamp);
    if (rc != GRUNDY_OK) {
        grundy__qvec_free(a, &trans);
        return grundy__qfail(q, GRUNDY_ENOMEM, "out of memory at heap %lu", (unsigned long)n);
    }
    if (trans.n == 0) { /* no move: the same as no heap */
        p->phi.v[p->phi.n++] = 0;
        p->act_of.v[p->act_of.n++] = GRUNDY__Q_NONE;
        grundy__qvec_free(a, &trans);
        return GRUNDY_OK;
    }
    int is_p = 1;
    for (size_t j = 0; j < trans.n; j++)
        is_p &= !grundy__qmon_is_p(&p->m, trans.v[j]);
    /* A heap whose options are those of an earlier heap acts as that heap
     * does in every sum: it takes the same element, with nothing to verify. */
    for (size_t c = 0; c < p->nact; c++) {
        const grundy__qact *ac = &p->act[c];
        if (ac->len == trans.n && memcmp(p->tpool.v + ac->off, trans.v, trans.n * sizeof *trans.v) == 0 &&
            grundy__qmon_is_p(&p->m, ac->g) == is_p) {
            p->phi.v[p->phi.n++] = ac->g;
            p->act_of.v[p->act_of.n++] = (uint32_t)c;
            grundy__qvec_free(a, &trans);
            return GRUNDY_OK;
        }
    }
    rc = grundy__quotient__conservative(q, n, &trans, is_p);
    grundy__qvec_free(a, &trans);
    if (rc == 1)
        return GRUNDY_OK;
    if (rc != 0)
        return grundy__quotient__limit_message(q, rc, n);
    return grundy__quotient__expand(q, n);
}

int grundy_quotient_compute(grundy_quotient *q, uint64_t max_heap)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    int rc = grundy__qready(q, "grundy_quotient_compute");
    if (rc != GRUNDY_OK)
        return rc;
    q->target = max_heap;
    while (!q->solved && q->pre.phi.n <= max_heap) {
        if (q->pre.phi.n >= GRUNDY__Q_MAX_HEAPS)
            return grundy__qfail(q, GRUNDY_ELIMIT, "grundy_quotient_compute: heaps past %lu "
                                 "are not computed", (unsigned long)GRUNDY__Q_MAX_HEAPS);
        rc = grundy__quotient__next_heap(q);
        if (rc != GRUNDY_OK)
            return rc;
        grundy__qcheck_period(q);
        rc = grundy__quotient__report(q, q->pre.phi.n);
        if (rc != 1)
            return rc;
    }
    return GRUNDY_OK;
}

GRUNDY__LOCAL int grundy__qadopt(grundy_quotient *q, grundy__qpre *p, const char *call)
{
    grundy__qstore s;
    grundy__qword failw;
    memset(&failw, 0, sizeof failw);
    int rc = grundy__quotient__verify_all(q, p, &s, &failw);
    grundy__qvec_free(&q->alloc, &failw);
    if (rc == 0 && (rc = grundy__qpresent(p, &q->alloc)) != GRUNDY_OK)
        grundy__qstore_free(&s, &q->alloc);
    if (rc == 0) {
        grundy__quotient__adopt(q, p, &s);
        q->solved = 0;
        grundy__qcheck_period(q);
        return GRUNDY_OK;
    }
    grundy__qpre_free(p, &q->alloc);
    if (rc == 1)
        return grundy__qfail(q, GRUNDY_EPARSE, "%s: the saved quotient fails verification "
                             "against the rules", call);
    return grundy__quotient__limit_message(q, rc, 0);
}
#undef GRUNDY__QUOTIENT__MAX_ATTEMPTS
#undef GRUNDY__QUOTIENT__MAX_CYCLIC
#undef GRUNDY__QUOTIENT__MAX_SUBSET_HEAPS

/* === src/quotient/quotient_file.c === */
/* Misère quotients: saving a computation and resuming it.
 *
 * The file is text, one record a line:
 *
 *     libgrundy-quotient 1
 *     rules NDIGITS NREMOVALS TAIL UNEQUAL MAX_PARTS SUBTRACTION HAS_DIGITS
 *     digits HEX...            (the digits, one hex character each; "-" if none)
 *     removals R1 R2 ...
 *     heaps L LAST_EXPANSION
 *     order N G
 *     act X0 X1 ... X(N-1)     (G lines: x times generator i, for each x)
 *     p COUNT E1 E2 ...        (the P-portion, increasing)
 *     phi F0 F1 ... F(L-1)
 *     check HASH               (64-bit FNV-1a of every byte before this line, hex)
 *
 * Reading trusts nothing: every count and index is bounded, the monoid is
 * rebuilt from the generators' actions (which must commute and reach every
 * element), it must be reduced and generated by Φ, and the pretension is
 * verified against the rules over every sum before it replaces the
 * handle's. */

#define GRUNDY__QUOTIENT_FILE__MAGIC "libgrundy-quotient 1\n"
#define GRUNDY__QUOTIENT_FILE__MAX_FILE_BYTES ((size_t)1 << 30)
#define GRUNDY__QUOTIENT_FILE__MAX_FILE_HEAPS ((uint64_t)1 << 24)
#define GRUNDY__QUOTIENT_FILE__MAX_REMOVALS ((uint64_t)1 << 24)

static uint64_t grundy__quotient_file__fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

#define GRUNDY__QUOTIENT_FILE__FNV_START 14695981039346656037ull

/* ---- writing -------------------------------------------------------------------- */

typedef struct grundy__quotient_file__out {
    FILE *f;
    uint64_t hash;
    int failed;
} grundy__quotient_file__out;

static void grundy__quotient_file__emit(grundy__quotient_file__out *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    o->hash = grundy__quotient_file__fnv(o->hash, s, n);
    if (fwrite(s, 1, n, o->f) != n)
        o->failed = 1;
}

static void grundy__quotient_file__emit_u64(grundy__quotient_file__out *o, const char *before, uint64_t v)
{
    char s[40];
    int n = snprintf(s, sizeof s, "%s%llu", before, (unsigned long long)v);
    grundy__quotient_file__emit(o, s, (size_t)n);
}

static void grundy__quotient_file__write_state(const grundy_quotient *q, grundy__quotient_file__out *o)
{
    const grundy__heap_rules *r = &q->rules;
    const grundy__qpre *p = &q->pre;
    grundy__quotient_file__emit(o, GRUNDY__QUOTIENT_FILE__MAGIC, strlen(GRUNDY__QUOTIENT_FILE__MAGIC));
    grundy__quotient_file__emit_u64(o, "rules ", r->ndigits);
    grundy__quotient_file__emit_u64(o, " ", r->nremovals);
    grundy__quotient_file__emit_u64(o, " ", r->tail);
    grundy__quotient_file__emit_u64(o, " ", (uint64_t)(r->unequal != 0));
    grundy__quotient_file__emit_u64(o, " ", r->max_parts);
    grundy__quotient_file__emit_u64(o, " ", (uint64_t)(r->subtraction != 0));
    grundy__quotient_file__emit_u64(o, " ", (uint64_t)(r->digit != NULL));
    grundy__quotient_file__emit(o, "\ndigits ", 8);
    if (r->digit == NULL || r->ndigits == 0)
        grundy__quotient_file__emit(o, "-", 1);
    for (uint32_t k = 0; r->digit != NULL && k < r->ndigits; k++)
        grundy__quotient_file__emit(o, &"0123456789abcdef"[r->digit[k] & 15], 1);
    grundy__quotient_file__emit(o, "\nremovals", 9);
    for (uint32_t i = 0; i < r->nremovals; i++)
        grundy__quotient_file__emit_u64(o, " ", r->removals[i]);
    grundy__quotient_file__emit_u64(o, "\nheaps ", p->phi.n);
    grundy__quotient_file__emit_u64(o, " ", p->last_expansion);
    grundy__quotient_file__emit_u64(o, "\norder ", p->m.n);
    grundy__quotient_file__emit_u64(o, " ", p->gen_heap.n);
    for (size_t i = 0; i < p->gen_heap.n; i++) {
        uint32_t g = p->phi.v[p->gen_heap.v[i]];
        grundy__quotient_file__emit(o, "\nact", 4);
        for (uint32_t x = 0; x < p->m.n; x++)
            grundy__quotient_file__emit_u64(o, " ", grundy__qmon_mul(&p->m, x, g));
    }
    grundy__quotient_file__emit_u64(o, "\np ", p->m.np);
    for (uint32_t x = 0; x < p->m.n; x++)
        if (grundy__qmon_is_p(&p->m, x))
            grundy__quotient_file__emit_u64(o, " ", x);
    grundy__quotient_file__emit(o, "\nphi", 4);
    for (size_t h = 0; h < p->phi.n; h++)
        grundy__quotient_file__emit_u64(o, " ", p->phi.v[h]);
    grundy__quotient_file__emit(o, "\n", 1);
    char s[40];
    int n = snprintf(s, sizeof s, "check %016llx\n", (unsigned long long)o->hash);
    grundy__quotient_file__emit(o, s, (size_t)n);
}

int grundy_quotient_save(grundy_quotient *q, const char *path)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    if (grundy__qready(q, "grundy_quotient_save") != GRUNDY_OK)
        return GRUNDY_ESTATE;
    if (path == NULL)
        return grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_save: the path is NULL");
    size_t len = strlen(path);
    char *tmp = (char *)grundy__alloc_array(&q->alloc, len + 5, 1);
    if (tmp == NULL)
        return grundy__qfail(q, GRUNDY_ENOMEM, "grundy_quotient_save: out of memory");
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    grundy__quotient_file__out o = {fopen(tmp, "wb"), GRUNDY__QUOTIENT_FILE__FNV_START, 0};
    int rc = GRUNDY_OK;
    if (o.f == NULL) {
        rc = grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_save: cannot write %s: %s", tmp,
                           strerror(errno));
    } else {
        grundy__quotient_file__write_state(q, &o);
        if (fclose(o.f) != 0)
            o.failed = 1;
        if (o.failed || rename(tmp, path) != 0) {
            rc = grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_save: cannot write %s: %s",
                               o.failed ? tmp : path, strerror(errno));
            remove(tmp);
        }
    }
    grundy__free(&q->alloc, tmp);
    return rc;
}

/* ---- reading -------------------------------------------------------------------- */

typedef struct grundy__quotient_file__in {
    const char *s;
    size_t n, at;
    unsigned line;
    grundy_quotient *q;
} grundy__quotient_file__in;

static int grundy__quotient_file__bad(grundy__quotient_file__in *r, const char *what)
{
    return grundy__qfail(r->q, GRUNDY_EPARSE, "grundy_quotient_resume: line %u: %s", r->line,
                         what);
}

/* The keyword that starts the next line. */
static int grundy__quotient_file__keyword(grundy__quotient_file__in *r, const char *word)
{
    size_t n = strlen(word);
    if (r->n - r->at < n || memcmp(r->s + r->at, word, n) != 0)
        return 0;
    r->at += n;
    return 1;
}

static int grundy__quotient_file__number(grundy__quotient_file__in *r, uint64_t max, uint64_t *v, const char *what)
{
    char msg[96];
    if (r->at >= r->n || r->s[r->at] != ' ') {
        snprintf(msg, sizeof msg, "%s missing", what);
        return grundy__quotient_file__bad(r, msg);
    }
    r->at++;
    uint64_t x = 0;
    size_t start = r->at;
    while (r->at < r->n && r->s[r->at] >= '0' && r->s[r->at] <= '9') {
        unsigned d = (unsigned)(r->s[r->at++] - '0');
        if (d > max || x > (max - d) / 10) {
            snprintf(msg, sizeof msg, "%s is more than %llu", what, (unsigned long long)max);
            return grundy__quotient_file__bad(r, msg);
        }
        x = x * 10 + d;
    }
    if (r->at == start || r->at - start > 20) {
        snprintf(msg, sizeof msg, "%s is not a number", what);
        return grundy__quotient_file__bad(r, msg);
    }
    *v = x;
    return GRUNDY_OK;
}

static int grundy__quotient_file__end_line(grundy__quotient_file__in *r)
{
    if (r->at >= r->n || r->s[r->at] != '\n')
        return grundy__quotient_file__bad(r, "the line goes on past its last field");
    r->at++;
    r->line++;
    return GRUNDY_OK;
}

static int grundy__quotient_file__start_line(grundy__quotient_file__in *r, const char *word)
{
    if (grundy__quotient_file__keyword(r, word))
        return GRUNDY_OK;
    char msg[64];
    snprintf(msg, sizeof msg, "expected the record '%s'", word);
    return grundy__quotient_file__bad(r, msg);
}

/* The rules of the file into *rules (arrays owned by it on success). */
static int grundy__quotient_file__read_rules(grundy__quotient_file__in *r, grundy__heap_rules *rules)
{
    const grundy_allocator *a = &r->q->alloc;
    uint64_t v[7];
    static const char *names[7] = {"the digit count", "the removal count", "the tail",
                                   "unequal", "the most parts", "subtraction", "has digits"};
    static const uint64_t max[7] = {GRUNDY__HEAP_MAX_DIGITS, GRUNDY__QUOTIENT_FILE__MAX_REMOVALS, 15, 1, 3, 1, 1};
    int rc = grundy__quotient_file__start_line(r, "rules");
    for (int i = 0; i < 7 && rc == GRUNDY_OK; i++)
        rc = grundy__quotient_file__number(r, max[i], &v[i], names[i]);
    if (rc == GRUNDY_OK)
        rc = grundy__quotient_file__end_line(r);
    if (rc != GRUNDY_OK)
        return rc;
    memset(rules, 0, sizeof *rules);
    rules->ndigits = (uint32_t)v[0];
    rules->nremovals = (uint32_t)v[1];
    rules->tail = (unsigned char)v[2];
    rules->unequal = (int)v[3];
    rules->max_parts = (unsigned)v[4];
    rules->subtraction = (int)v[5];
    if ((rc = grundy__quotient_file__start_line(r, "digits ")) != GRUNDY_OK)
        return rc;
    if (v[6]) {
        rules->digit = (unsigned char *)grundy__alloc_array(a, rules->ndigits, 1);
        if (rules->digit == NULL)
            return GRUNDY_ENOMEM;
        for (uint32_t k = 0; k < rules->ndigits; k++) {
            char c = r->at < r->n ? r->s[r->at++] : '\0';
            const char *hex = c != '\0' ? strchr("0123456789abcdef", c) : NULL;
            if (hex == NULL)
                return grundy__quotient_file__bad(r, "a digit is not a hexadecimal character");
            rules->digit[k] = (unsigned char)(hex - "0123456789abcdef");
        }
        if (rules->ndigits == 0 && !grundy__quotient_file__keyword(r, "-"))
            return grundy__quotient_file__bad(r, "an empty list of digits is written -");
    } else if (!grundy__quotient_file__keyword(r, "-")) {
        return grundy__quotient_file__bad(r, "rules without digits have the digits -");
    }
    if ((rc = grundy__quotient_file__end_line(r)) != GRUNDY_OK || (rc = grundy__quotient_file__start_line(r, "removals")) != GRUNDY_OK)
        return rc;
    rules->removals = (uint32_t *)grundy__alloc_array(a, rules->nremovals, sizeof *rules->removals);
    if (rules->removals == NULL)
        return GRUNDY_ENOMEM;
    for (uint32_t i = 0; i < rules->nremovals; i++) {
        uint64_t x;
        if ((rc = grundy__quotient_file__number(r, GRUNDY__HEAP_MAX_SUBTRACT, &x, "a removal")) != GRUNDY_OK)
            return rc;
        if (x == 0 || (i > 0 && x <= rules->removals[i - 1]))
            return grundy__quotient_file__bad(r, "the removals are not positive and increasing");
        rules->removals[i] = (uint32_t)x;
    }
    return grundy__quotient_file__end_line(r);
}

/* A list of count numbers below bound after keyword, into v. */
static int grundy__quotient_file__read_list(grundy__quotient_file__in *r, const char *word, size_t count, uint64_t bound, uint32_t *v,
                     const char *what)
{
    int rc = grundy__quotient_file__start_line(r, word);
    for (size_t i = 0; i < count && rc == GRUNDY_OK; i++) {
        uint64_t x;
        rc = grundy__quotient_file__number(r, bound - 1, &x, what);
        v[i] = (uint32_t)x;
    }
    return rc != GRUNDY_OK ? rc : grundy__quotient_file__end_line(r);
}

/* The monoid of the generators' actions act[i * n + x] (file order): they
 * must commute, and reach every element from 1. */
static int grundy__quotient_file__rebuild_monoid(grundy__quotient_file__in *r, const uint32_t *act, size_t ngen, uint32_t n, grundy__qmon *m)
{
    const grundy_allocator *a = &r->q->alloc;
    for (size_t i = 0; i < ngen; i++)
        for (size_t j = i + 1; j < ngen; j++)
            for (uint32_t x = 0; x < n; x++)
                if (act[i * n + act[j * n + x]] != act[j * n + act[i * n + x]])
                    return grundy__quotient_file__bad(r, "the generators' actions do not commute");
    m->n = n;
    m->ngen = (uint32_t)ngen;
    m->act = (uint32_t *)grundy__alloc_array(a, n, (ngen ? ngen : 1) * sizeof *m->act);
    if (m->act == NULL)
        return GRUNDY_ENOMEM;
    for (size_t i = 0; i < ngen; i++)
        for (uint32_t x = 0; x < n; x++)
            m->act[(size_t)x * ngen + i] = act[i * n + x];
    int rc = grundy__qmon_finish(m, r->q->full_max, a);
    return rc == 1 ? grundy__quotient_file__bad(r, "an element is not reached by the generators from 1") : rc;
}

/* The pretension of the file, reduced and numbered as a computed one is. */
static int grundy__quotient_file__canonical(grundy__quotient_file__in *r, grundy__qmon *m, const uint32_t *phi, size_t nheaps,
                     uint64_t last_expansion, grundy__qpre *p)
{
    const grundy_allocator *a = &r->q->alloc;
    uint32_t n = m->n;
    uint32_t *base = (uint32_t *)grundy__alloc_array(a, n, sizeof *base);
    uint32_t *which = (uint32_t *)grundy__alloc_array(a, n, sizeof *which);
    uint32_t *exp = (uint32_t *)grundy__alloc_array(a, n, sizeof *exp);
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    uint32_t *cls = (uint32_t *)grundy__alloc_array(a, n, sizeof *cls);
    uint32_t *gens = (uint32_t *)grundy__alloc_array(a, nheaps, sizeof *gens);
    unsigned char *pflag = (unsigned char *)grundy__alloc_array(a, n, 1);
    uint32_t zero = 0;
    grundy__qtrial t = {m, 1, &zero};
    size_t ngens = 0;
    memset(p, 0, sizeof *p);
    int rc = GRUNDY_ENOMEM;
    if (base == NULL || which == NULL || exp == NULL || ord == NULL || cls == NULL ||
        gens == NULL || pflag == NULL ||
        grundy__qwalk(m, phi, nheaps, base, which, exp, ord, a) != GRUNDY_OK)
        goto done;
    if (ord[n - 1] == GRUNDY__Q_NONE) {
        rc = grundy__quotient_file__bad(r, "the heaps' elements do not generate the monoid");
        goto done;
    }
    for (size_t h = 0; h < nheaps; h++) {
        size_t j = 0;
        while (j < ngens && gens[j] != phi[h])
            j++;
        if (j == ngens && phi[h] != 0)
            gens[ngens++] = phi[h];
    }
    for (uint32_t i = 0; i < n; i++)
        pflag[i] = (unsigned char)grundy__qmon_is_p(m, ord[i]);
    /* ord doubles as the map from element to its place in ord. */
    for (uint32_t i = 0; i < n; i++)
        base[ord[i]] = i;
    rc = grundy__qreduce(&t, ord, base, pflag, n, gens, ngens, r->q->limit, r->q->full_max, a,
                         cls, &p->m);
    if (rc != GRUNDY_OK)
        goto done;
    if (p->m.n != n) {
        rc = grundy__quotient_file__bad(r, "the monoid is not reduced (two elements no sum tells apart)");
        goto done;
    }
    rc = grundy__qvec_reserve(a, &p->phi, nheaps);
    if (rc != GRUNDY_OK)
        goto done;
    for (size_t h = 0; h < nheaps; h++)
        p->phi.v[h] = cls[base[phi[h]]];
    p->phi.n = nheaps;
    p->last_expansion = last_expansion;
    rc = grundy__qpre_actions(p, &r->q->rules, a);
    if (rc == GRUNDY_OK)
        rc = grundy__qpre_words(p, a);
done:
    if (rc != GRUNDY_OK)
        grundy__qpre_free(p, a);
    grundy__free(a, base);
    grundy__free(a, which);
    grundy__free(a, exp);
    grundy__free(a, ord);
    grundy__free(a, cls);
    grundy__free(a, gens);
    grundy__free(a, pflag);
    return rc;
}

/* Reads the state in the text into *p (a pretension to verify). */
static int grundy__quotient_file__read_state(grundy__quotient_file__in *r, grundy__qpre *p)
{
    const grundy_allocator *a = &r->q->alloc;
    grundy__heap_rules rules;
    memset(&rules, 0, sizeof rules);
    grundy__qmon m;
    memset(&m, 0, sizeof m);
    uint32_t *act = NULL, *phi = NULL, *plist = NULL;
    uint64_t nheaps = 0, last = 0, n = 0, ngen = 0, np = 0, hash = 0;
    int rc = GRUNDY_OK;
    /* The checksum first: a flipped byte anywhere is named as such. */
    size_t end = r->n;
    while (end > 0 && r->s[end - 1] == '\n')
        end--;
    size_t last_line = end;
    while (last_line > 0 && r->s[last_line - 1] != '\n')
        last_line--;
    if (end - last_line != 22 || memcmp(r->s + last_line, "check ", 6) != 0 ||
        end + 1 != r->n) {
        r->line = 0;
        for (size_t i = 0; i < last_line; i++)
            r->line += r->s[i] == '\n';
        r->line++;
        return grundy__quotient_file__bad(r, "the file does not end with its check line (truncated?)");
    }
    for (size_t i = last_line + 6; i < end; i++) {
        const char *hex = strchr("0123456789abcdef", r->s[i]);
        if (hex == NULL || r->s[i] == '\0') {
            r->line = 0;
            return grundy__quotient_file__bad(r, "the check line is not 16 hexadecimal digits");
        }
        hash = hash << 4 | (uint64_t)(hex - "0123456789abcdef");
    }
    if (hash != grundy__quotient_file__fnv(GRUNDY__QUOTIENT_FILE__FNV_START, r->s, last_line)) {
        r->line = 0;
        return grundy__quotient_file__bad(r, "the check sum does not match the contents (the file is corrupt)");
    }
    r->n = last_line;
    if (!grundy__quotient_file__keyword(r, GRUNDY__QUOTIENT_FILE__MAGIC))
        return grundy__quotient_file__bad(r, "not a libgrundy quotient file of version 1");
    r->line++;
    if ((rc = grundy__quotient_file__read_rules(r, &rules)) != GRUNDY_OK)
        goto done;
    if (!grundy__heap_rules_equal(&rules, &r->q->rules)) {
        rc = grundy__qfail(r->q, GRUNDY_EINVAL, "grundy_quotient_resume: the file was saved "
                           "for another game's rules");
        goto done;
    }
    if ((rc = grundy__quotient_file__start_line(r, "heaps")) || (rc = grundy__quotient_file__number(r, GRUNDY__QUOTIENT_FILE__MAX_FILE_HEAPS, &nheaps, "the heaps")) ||
        (rc = grundy__quotient_file__number(r, GRUNDY__QUOTIENT_FILE__MAX_FILE_HEAPS, &last, "the last expansion")) || (rc = grundy__quotient_file__end_line(r)))
        goto done;
    if (nheaps == 0 || (last != 0 && last >= nheaps)) {
        rc = grundy__quotient_file__bad(r, "the heaps covered and the last expansion do not agree");
        goto done;
    }
    if ((rc = grundy__quotient_file__start_line(r, "order")) ||
        (rc = grundy__quotient_file__number(r, GRUNDY__Q_MAX_ORDER, &n, "the order")) ||
        (rc = grundy__quotient_file__number(r, n, &ngen, "the generator count")) || (rc = grundy__quotient_file__end_line(r)))
        goto done;
    if (n == 0 || (r->q->limit != 0 &&
                   grundy__qmon_bytes(n, ngen, r->q->full_max) > r->q->limit)) {
        rc = n == 0 ? grundy__quotient_file__bad(r, "the order is 0")
                    : grundy__qfail(r->q, GRUNDY_ELIMIT, "grundy_quotient_resume: a quotient of "
                                    "order %llu needs more than the memory limit of %zu bytes",
                                    (unsigned long long)n, r->q->limit);
        goto done;
    }
    /* Each action takes at least two bytes an element: nothing is allocated
     * for more than the file holds. */
    if (ngen * n > (r->n - r->at) / 2 || n > (r->n - r->at) / 2 + 1) {
        rc = grundy__quotient_file__bad(r, "the order and generators are more than the file holds");
        goto done;
    }
    rc = GRUNDY_ENOMEM;
    act = (uint32_t *)grundy__alloc_array(a, (size_t)(ngen ? ngen : 1), (size_t)n * sizeof *act);
    phi = (uint32_t *)grundy__alloc_array(a, (size_t)nheaps, sizeof *phi);
    plist = (uint32_t *)grundy__alloc_array(a, (size_t)n, sizeof *plist);
    m.p = (uint64_t *)grundy__calloc_array(a, ((size_t)n + 63) / 64, sizeof *m.p);
    if (act == NULL || phi == NULL || plist == NULL || m.p == NULL)
        goto done;
    for (size_t i = 0; i < ngen; i++)
        if ((rc = grundy__quotient_file__read_list(r, "act", (size_t)n, n, act + i * n, "an element")) != GRUNDY_OK)
            goto done;
    if ((rc = grundy__quotient_file__start_line(r, "p")) || (rc = grundy__quotient_file__number(r, n, &np, "the P-portion's size")))
        goto done;
    for (size_t i = 0; i < np; i++) {
        uint64_t x;
        if ((rc = grundy__quotient_file__number(r, n - 1, &x, "an element of P")))
            goto done;
        if (i > 0 && x <= plist[i - 1]) {
            rc = grundy__quotient_file__bad(r, "the P-portion is not increasing");
            goto done;
        }
        plist[i] = (uint32_t)x;
        m.p[x >> 6] |= (uint64_t)1 << (x & 63);
    }
    m.np = (uint32_t)np;
    if ((rc = grundy__quotient_file__end_line(r)) ||
        (rc = grundy__quotient_file__read_list(r, "phi", (size_t)nheaps, n, phi, "an element")) != GRUNDY_OK)
        goto done;
    if (r->at != r->n) {
        rc = grundy__quotient_file__bad(r, "records past the last one");
        goto done;
    }
    if ((rc = grundy__quotient_file__rebuild_monoid(r, act, (size_t)ngen, (uint32_t)n, &m)) != GRUNDY_OK ||
        (rc = grundy__quotient_file__canonical(r, &m, phi, (size_t)nheaps, last, p)) != GRUNDY_OK)
        goto done;
done:
    grundy__heap_rules_free(&rules, a);
    grundy__qmon_free(&m, a);
    grundy__free(a, act);
    grundy__free(a, phi);
    grundy__free(a, plist);
    return rc;
}

int grundy_quotient_resume(grundy_quotient *q, const char *path)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    const char *call = "grundy_quotient_resume";
    if (grundy__qready(q, call) != GRUNDY_OK)
        return GRUNDY_ESTATE;
    if (path == NULL)
        return grundy__qfail(q, GRUNDY_EINVAL, "%s: the path is NULL", call);
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return grundy__qfail(q, GRUNDY_EINVAL, "%s: cannot read %s: %s", call, path,
                             strerror(errno));
    grundy__qvec buf; /* the file's bytes, 4 to an entry */
    memset(&buf, 0, sizeof buf);
    size_t len = 0;
    int rc = GRUNDY_OK;
    for (;;) {
        if (len + 4096 > GRUNDY__QUOTIENT_FILE__MAX_FILE_BYTES) {
            rc = grundy__qfail(q, GRUNDY_EPARSE, "%s: %s is larger than a quotient file may be "
                               "(%zu bytes)", call, path, GRUNDY__QUOTIENT_FILE__MAX_FILE_BYTES);
            break;
        }
        if (grundy__qvec_reserve(&q->alloc, &buf, (len + 4096) / 4 + 1) != GRUNDY_OK) {
            rc = grundy__qfail(q, GRUNDY_ENOMEM, "%s: out of memory reading %s", call, path);
            break;
        }
        size_t got = fread((char *)buf.v + len, 1, 4096, f);
        len += got;
        if (got < 4096) {
            if (ferror(f))
                rc = grundy__qfail(q, GRUNDY_EINVAL, "%s: cannot read %s", call, path);
            break;
        }
    }
    fclose(f);
    if (rc == GRUNDY_OK) {
        grundy__quotient_file__in r = {(const char *)buf.v, len, 0, 1, q};
        grundy__qpre p;
        rc = grundy__quotient_file__read_state(&r, &p);
        if (rc == GRUNDY_ENOMEM)
            rc = grundy__qfail(q, rc, "%s: out of memory reading %s", call, path);
        else if (rc == GRUNDY_OK)
            rc = grundy__qadopt(q, &p, call);
    }
    grundy__qvec_free(&q->alloc, &buf);
    return rc;
}
#undef GRUNDY__QUOTIENT_FILE__MAGIC
#undef GRUNDY__QUOTIENT_FILE__MAX_FILE_BYTES
#undef GRUNDY__QUOTIENT_FILE__MAX_FILE_HEAPS
#undef GRUNDY__QUOTIENT_FILE__MAX_REMOVALS
#undef GRUNDY__QUOTIENT_FILE__FNV_START

/* === src/quotient/quotient_query.c === */
/* Misère quotients: what they answer.  Sums of heaps by one product each,
 * winning moves, and the presentation by generators and relations. */

/* ---- the presentation ---------------------------------------------------------- */

/* Words in the generators are compared as heaps' words are: by the last
 * generator's exponent first, then down (a monomial order, so the words
 * that are not the least of their element are closed upward, and the
 * relations needed are the least of those). */
static int grundy__quotient_query__word_cmp(const uint32_t *x, const uint32_t *y, size_t g)
{
    for (size_t i = g; i-- > 0;)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Generators: Φ of each heap not in the submonoid of those before it. */
static int grundy__quotient_query__find_generators(grundy__qpre *p, const grundy_allocator *a, uint32_t *gen_elem)
{
    uint32_t n = p->m.n;
    unsigned char *in = (unsigned char *)grundy__calloc_array(a, n, 1);
    uint32_t *list = (uint32_t *)grundy__alloc_array(a, n, sizeof *list);
    if (in == NULL || list == NULL) {
        grundy__free(a, in);
        grundy__free(a, list);
        return GRUNDY_ENOMEM;
    }
    size_t count = 1;
    in[0] = 1;
    list[0] = 0;
    p->gen_heap.n = 0;
    for (size_t h = 0; h < p->phi.n && count < n; h++) {
        uint32_t g = p->phi.v[h];
        if (in[g])
            continue;
        gen_elem[p->gen_heap.n] = g;
        if (grundy__qvec_push(a, &p->gen_heap, (uint32_t)h)) {
            grundy__free(a, in);
            grundy__free(a, list);
            return GRUNDY_ENOMEM;
        }
        /* Close under g: the list is closed under the generators before. */
        for (size_t i = 0; i < count; i++) {
            uint32_t z = grundy__qmon_mul(&p->m, list[i], g);
            if (!in[z]) {
                in[z] = 1;
                list[count++] = z;
            }
        }
    }
    grundy__free(a, in);
    grundy__free(a, list);
    return GRUNDY_OK;
}

/* Each element's least word in the generators. */
static int grundy__quotient_query__least_words(grundy__qpre *p, const grundy_allocator *a, const uint32_t *gen_elem,
                       uint32_t *exps)
{
    uint32_t n = p->m.n;
    size_t ngen = p->gen_heap.n;
    uint32_t *base = (uint32_t *)grundy__alloc_array(a, n, sizeof *base);
    uint32_t *which = (uint32_t *)grundy__alloc_array(a, n, sizeof *which);
    uint32_t *exp = (uint32_t *)grundy__alloc_array(a, n, sizeof *exp);
    uint32_t *ord = (uint32_t *)grundy__alloc_array(a, n, sizeof *ord);
    int rc = GRUNDY_ENOMEM;
    if (base != NULL && which != NULL && exp != NULL && ord != NULL &&
        grundy__qwalk(&p->m, gen_elem, ngen, base, which, exp, ord, a) == GRUNDY_OK) {
        memset(exps, 0, (size_t)n * ngen * sizeof *exps);
        for (uint32_t i = 1; i < n && ord[i] != GRUNDY__Q_NONE; i++) {
            uint32_t y = ord[i]; /* its base comes before it */
            memcpy(exps + (size_t)y * ngen, exps + (size_t)base[y] * ngen, ngen * sizeof *exps);
            exps[(size_t)y * ngen + which[y]] = exp[y];
        }
        rc = GRUNDY_OK;
    }
    grundy__free(a, base);
    grundy__free(a, which);
    grundy__free(a, exp);
    grundy__free(a, ord);
    return rc;
}

/* The element of a word in the generators. */
static uint32_t grundy__quotient_query__eval_word(const grundy__qpre *p, const uint32_t *gen_elem, const uint32_t *w)
{
    uint32_t x = 0;
    for (size_t j = 0; j < p->gen_heap.n; j++)
        for (uint32_t e = 0; e < w[j]; e++)
            x = grundy__qmon_mul(&p->m, x, gen_elem[j]);
    return x;
}

GRUNDY__LOCAL int grundy__qpresent(grundy__qpre *p, const grundy_allocator *a)
{
    uint32_t n = p->m.n;
    uint32_t *gen_elem = (uint32_t *)grundy__alloc_array(a, n, sizeof *gen_elem);
    uint32_t *w = NULL, *lhs, *low;
    size_t ngen = 0;
    int rc = GRUNDY_ENOMEM;
    if (gen_elem == NULL || grundy__quotient_query__find_generators(p, a, gen_elem) != GRUNDY_OK)
        goto done;
    ngen = p->gen_heap.n;
    grundy__free(a, p->exps);
    p->exps = (uint32_t *)grundy__alloc_array(a, (size_t)n * (ngen ? ngen : 1), sizeof *p->exps);
    w = (uint32_t *)grundy__alloc_array(a, 2 * (ngen ? ngen : 1), sizeof *w);
    if (p->exps == NULL || w == NULL || grundy__quotient_query__least_words(p, a, gen_elem, p->exps) != GRUNDY_OK)
        goto done;
    p->rel_x.n = p->rel_j.n = 0;
    lhs = w;
    low = w + ngen;
    for (uint32_t x = 0; x < n; x++) {
        for (uint32_t j = 0; j < ngen; j++) {
            memcpy(lhs, p->exps + (size_t)x * ngen, ngen * sizeof *lhs);
            lhs[j]++;
            uint32_t y = grundy__qmon_mul(&p->m, x, gen_elem[j]);
            if (grundy__quotient_query__word_cmp(lhs, p->exps + (size_t)y * ngen, ngen) == 0)
                continue; /* lhs is the least word of its element */
            /* A relation is needed only if every word one below it is least. */
            int minimal = 1;
            for (uint32_t i = 0; i < ngen && minimal; i++) {
                if (lhs[i] == 0 || i == j)
                    continue;
                memcpy(low, lhs, ngen * sizeof *low);
                low[i]--;
                minimal = grundy__quotient_query__word_cmp(low, p->exps + (size_t)grundy__quotient_query__eval_word(p, gen_elem, low) * ngen, ngen) == 0;
            }
            /* The same lhs arises from x * g_j and x' * g_i: keep the one of the largest j. */
            for (uint32_t i = j + 1; i < ngen && minimal; i++)
                minimal = lhs[i] == 0;
            if (minimal &&
                (grundy__qvec_push(a, &p->rel_x, x) || grundy__qvec_push(a, &p->rel_j, j)))
                goto done;
        }
    }
    /* In increasing order of their left sides (few relations: insertion sort). */
    for (size_t i = 1; i < p->rel_x.n; i++) {
        for (size_t k = i; k > 0; k--) {
            uint32_t *u = w, *v = w + ngen;
            memcpy(u, p->exps + (size_t)p->rel_x.v[k - 1] * ngen, ngen * sizeof *u);
            u[p->rel_j.v[k - 1]]++;
            memcpy(v, p->exps + (size_t)p->rel_x.v[k] * ngen, ngen * sizeof *v);
            v[p->rel_j.v[k]]++;
            if (grundy__quotient_query__word_cmp(u, v, ngen) <= 0)
                break;
            uint32_t t = p->rel_x.v[k];
            p->rel_x.v[k] = p->rel_x.v[k - 1];
            p->rel_x.v[k - 1] = t;
            t = p->rel_j.v[k];
            p->rel_j.v[k] = p->rel_j.v[k - 1];
            p->rel_j.v[k - 1] = t;
        }
    }
    rc = GRUNDY_OK;
done:
    grundy__free(a, gen_elem);
    grundy__free(a, w);
    return rc;
}

/* ---- plain questions ------------------------------------------------------------ */

uint32_t grundy_quotient_order(const grundy_quotient *q)
{
    return q != NULL ? q->pre.m.n : 0;
}

uint32_t grundy_quotient_p_size(const grundy_quotient *q)
{
    return q != NULL ? q->pre.m.np : 0;
}

int grundy_quotient_is_p(const grundy_quotient *q, uint32_t x)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    if (x >= q->pre.m.n)
        return GRUNDY_ERANGE;
    return grundy__qmon_is_p(&q->pre.m, x);
}

int grundy_quotient_tame(const grundy_quotient *q)
{
    if (q == NULL)
        return 0;
    uint32_t n = q->pre.m.n;
    if (n <= 2)
        return 1;
    return q->pre.m.np == 2 && ((n - 2) & (n - 3)) == 0;
}

int grundy_quotient_multiply(const grundy_quotient *q, uint32_t x, uint32_t y, uint32_t *xy)
{
    if (xy != NULL)
        *xy = 0;
    if (q == NULL || xy == NULL)
        return GRUNDY_EINVAL;
    if (x >= q->pre.m.n || y >= q->pre.m.n)
        return GRUNDY_ERANGE;
    *xy = grundy__qmon_mul(&q->pre.m, x, y);
    return GRUNDY_OK;
}

/* Φ of each heap, or GRUNDY_ERANGE with a message naming call. */
static int grundy__quotient_query__phi_of(grundy_quotient *q, uint64_t heap, uint32_t *x, const char *call)
{
    if (grundy__qphi(q, heap, x))
        return GRUNDY_OK;
    return grundy__qfail(q, GRUNDY_ERANGE, "%s: heap %llu is past the heaps covered (0 to "
                         "%llu, not solved): compute further first", call,
                         (unsigned long long)heap, (unsigned long long)(q->pre.phi.n - 1));
}

int grundy_quotient_phi(const grundy_quotient *q, uint64_t heap, uint32_t *x)
{
    if (x != NULL)
        *x = 0;
    if (q == NULL || x == NULL)
        return GRUNDY_EINVAL;
    return grundy__quotient_query__phi_of((grundy_quotient *)(uintptr_t)q, heap, x, "grundy_quotient_phi");
}

size_t grundy_quotient_generator_count(const grundy_quotient *q)
{
    return q != NULL ? q->pre.gen_heap.n : 0;
}

int grundy_quotient_generator_heap(const grundy_quotient *q, size_t i, uint64_t *heap)
{
    if (heap != NULL)
        *heap = 0;
    if (q == NULL || heap == NULL)
        return GRUNDY_EINVAL;
    if (i >= q->pre.gen_heap.n)
        return GRUNDY_ERANGE;
    *heap = q->pre.gen_heap.v[i];
    return GRUNDY_OK;
}

int grundy_quotient_word(const grundy_quotient *q, uint32_t x, uint32_t *exponents, size_t cap)
{
    if (exponents != NULL)
        memset(exponents, 0, cap * sizeof *exponents);
    if (q == NULL || (exponents == NULL && cap > 0))
        return GRUNDY_EINVAL;
    size_t ngen = q->pre.gen_heap.n;
    if (x >= q->pre.m.n || cap < ngen)
        return GRUNDY_ERANGE;
    if (ngen > 0)
        memcpy(exponents, q->pre.exps + (size_t)x * ngen, ngen * sizeof *exponents);
    return GRUNDY_OK;
}

size_t grundy_quotient_relation_count(const grundy_quotient *q)
{
    return q != NULL ? q->pre.rel_x.n : 0;
}

int grundy_quotient_relation(const grundy_quotient *q, size_t i, uint32_t *lhs, uint32_t *rhs,
                             size_t cap)
{
    if (lhs != NULL)
        memset(lhs, 0, cap * sizeof *lhs);
    if (rhs != NULL)
        memset(rhs, 0, cap * sizeof *rhs);
    if (q == NULL || ((lhs == NULL || rhs == NULL) && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    size_t ngen = p->gen_heap.n;
    if (i >= p->rel_x.n || cap < ngen)
        return GRUNDY_ERANGE;
    uint32_t x = p->rel_x.v[i], j = p->rel_j.v[i];
    memcpy(lhs, p->exps + (size_t)x * ngen, ngen * sizeof *lhs);
    lhs[j]++;
    uint32_t y = grundy__qmon_mul(&p->m, x, p->phi.v[p->gen_heap.v[j]]);
    memcpy(rhs, p->exps + (size_t)y * ngen, ngen * sizeof *rhs);
    return GRUNDY_OK;
}

/* ---- the presentation as text ------------------------------------------------------ */

typedef struct grundy__quotient_query__text {
    char *buf;
    size_t cap, len;
} grundy__quotient_query__text;

/* The text a call writes into buf (cap bytes, NUL included): *len and buf
 * emptied first, so that every out is written on every path. */
static grundy__quotient_query__text grundy__quotient_query__text_start(char *buf, size_t cap, size_t *len)
{
    if (len != NULL)
        *len = 0;
    if (buf != NULL && cap > 0)
        buf[0] = '\0';
    grundy__quotient_query__text t = {buf, cap > 0 ? cap - 1 : 0, 0};
    return t;
}

/* Ends the text: NUL-terminated (a prefix when it did not fit), *len its
 * whole length; GRUNDY_ERANGE when cap was too small. */
static int grundy__quotient_query__text_end(const grundy__quotient_query__text *t, size_t cap, size_t *len)
{
    *len = t->len;
    if (cap > 0)
        t->buf[t->len < t->cap ? t->len : t->cap] = '\0';
    return t->len < cap ? GRUNDY_OK : GRUNDY_ERANGE;
}

static void grundy__quotient_query__put(grundy__quotient_query__text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len < t->cap) {
        size_t room = t->cap - t->len;
        memcpy(t->buf + t->len, s, n < room ? n : room);
    }
    t->len += n;
}

/* The word w, with one more of generator plus (none if plus >= G). */
static void grundy__quotient_query__put_word(grundy__quotient_query__text *t, const uint32_t *w, size_t ngen, size_t plus)
{
    int any = 0;
    for (size_t j = 0; j < ngen; j++) {
        uint32_t e = w[j] + (j == plus);
        if (e == 0)
            continue;
        char s[48];
        if (j < 26)
            snprintf(s, sizeof s, "%c", (char)('a' + j));
        else
            snprintf(s, sizeof s, "g%zu", j);
        grundy__quotient_query__put(t, s);
        if (e > 1) {
            snprintf(s, sizeof s, "^%lu", (unsigned long)e);
            grundy__quotient_query__put(t, s);
        }
        any = 1;
    }
    if (!any)
        grundy__quotient_query__put(t, "1");
}

int grundy_quotient_presentation(const grundy_quotient *q, char *buf, size_t cap, size_t *len)
{
    grundy__quotient_query__text t = grundy__quotient_query__text_start(buf, cap, len);
    if (q == NULL || len == NULL || (buf == NULL && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    size_t ngen = p->gen_heap.n;
    for (size_t i = 0; i < p->rel_x.n; i++) {
        uint32_t x = p->rel_x.v[i], j = p->rel_j.v[i];
        uint32_t y = grundy__qmon_mul(&p->m, x, p->phi.v[p->gen_heap.v[j]]);
        if (i > 0)
            grundy__quotient_query__put(&t, ", ");
        grundy__quotient_query__put_word(&t, p->exps + (size_t)x * ngen, ngen, j);
        grundy__quotient_query__put(&t, " = ");
        grundy__quotient_query__put_word(&t, p->exps + (size_t)y * ngen, ngen, ngen);
    }
    return grundy__quotient_query__text_end(&t, cap, len);
}

int grundy_quotient_element_name(const grundy_quotient *q, uint32_t x, char *buf, size_t cap,
                                 size_t *len)
{
    grundy__quotient_query__text t = grundy__quotient_query__text_start(buf, cap, len);
    if (q == NULL || len == NULL || (buf == NULL && cap > 0))
        return GRUNDY_EINVAL;
    const grundy__qpre *p = &q->pre;
    if (x >= p->m.n)
        return GRUNDY_ERANGE;
    size_t ngen = p->gen_heap.n;
    grundy__quotient_query__put_word(&t, p->exps + (size_t)x * ngen, ngen, ngen);
    return grundy__quotient_query__text_end(&t, cap, len);
}

/* ---- sums of heaps ------------------------------------------------------------------- */

static int grundy__quotient_query__sum_elem(grundy_quotient *q, const uint64_t *heaps, size_t n, uint32_t *x,
                    const char *call)
{
    uint32_t z = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t f = 0;
        int rc = grundy__quotient_query__phi_of(q, heaps[i], &f, call);
        if (rc != GRUNDY_OK)
            return rc;
        z = grundy__qmon_mul(&q->pre.m, z, f);
    }
    *x = z;
    return GRUNDY_OK;
}

int grundy_quotient_sum_outcome(grundy_quotient *q, const uint64_t *heaps, size_t n)
{
    if (q == NULL)
        return GRUNDY_EINVAL;
    if (heaps == NULL && n > 0)
        return grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_sum_outcome: heaps is NULL");
    uint32_t x;
    int rc = grundy__quotient_query__sum_elem(q, heaps, n, &x, "grundy_quotient_sum_outcome");
    if (rc != GRUNDY_OK)
        return rc;
    return grundy__qmon_is_p(&q->pre.m, x) ? GRUNDY_P : GRUNDY_N;
}

typedef struct grundy__quotient_query__move_walk {
    const grundy_quotient *q;
    uint32_t rest;
    uint64_t found;
} grundy__quotient_query__move_walk;

static int grundy__quotient_query__to_p(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts)
{
    grundy__quotient_query__move_walk *w = (grundy__quotient_query__move_walk *)ctx;
    const grundy__qmon *m = &w->q->pre.m;
    uint32_t x = w->rest, f = 0;
    for (size_t i = 0; i < nparts; i++) {
        (void)grundy__qphi(w->q, parts[i], &f); /* below a heap that has Φ */
        x = grundy__qmon_mul(m, x, f);
    }
    if (!grundy__qmon_is_p(m, x))
        return 0;
    w->found = k;
    return 1;
}

int grundy_quotient_sum_winning_move(grundy_quotient *q, const uint64_t *heaps, size_t n,
                                     uint64_t *moves)
{
    if (moves != NULL)
        for (size_t i = 0; i < n; i++)
            moves[i] = GRUNDY_NO_MOVE;
    if (q == NULL)
        return GRUNDY_EINVAL;
    if ((heaps == NULL || moves == NULL) && n > 0)
        return grundy__qfail(q, GRUNDY_EINVAL, "grundy_quotient_sum_winning_move: %s is NULL",
                             heaps == NULL ? "heaps" : "moves");
    const char *call = "grundy_quotient_sum_winning_move";
    uint32_t x;
    int rc = grundy__quotient_query__sum_elem(q, heaps, n, &x, call);
    if (rc != GRUNDY_OK)
        return rc;
    const grundy__qmon *m = &q->pre.m;
    if (grundy__qmon_is_p(m, x))
        return 0;
    /* rest of heap i: the product of the heaps before it and after it. */
    uint32_t *suffix = (uint32_t *)grundy__alloc_array(&q->alloc, n + 1, sizeof *suffix);
    if (suffix == NULL)
        return grundy__qfail(q, GRUNDY_ENOMEM, "%s: out of memory", call);
    suffix[n] = 0;
    for (size_t i = n; i-- > 0;) {
        uint32_t f = 0;
        (void)grundy__qphi(q, heaps[i], &f);
        suffix[i] = grundy__qmon_mul(m, f, suffix[i + 1]);
    }
    uint32_t prefix = 0;
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) {
        grundy__quotient_query__move_walk w = {q, grundy__qmon_mul(m, prefix, suffix[i + 1]), GRUNDY_NO_MOVE};
        /* Solved: Φ repeats from the preperiod, and so do the options. */
        if (grundy__heap_each_move_periodic(&q->rules, heaps[i], q->solved ? q->preperiod : 0,
                                            q->solved ? q->period : 0, grundy__quotient_query__to_p, &w) != 0) {
            moves[i] = w.found;
            found = 1;
        }
        uint32_t f = 0;
        (void)grundy__qphi(q, heaps[i], &f);
        prefix = grundy__qmon_mul(m, prefix, f);
    }
    grundy__free(&q->alloc, suffix);
    return found;
}

/* === src/nim/nim.c === */
/* Nim and its closest relatives, by their closed forms.  A winning move
 * writes, for each heap, the tokens to take or GRUNDY_NO_MOVE. */
/* === src/nim/nim_play.h === */
/* The plays a closed form takes. */

/* GRUNDY_OK if play is one of the two a closed form has (pass the same
 * one twice for a single play); GRUNDY_EINVAL for what is not a play;
 * GRUNDY_ENOTSUP for another play, a method flag included (the closed forms
 * need none). */
static inline int grundy__closed_form_play(int play, int known, int also_known)
{
    if (grundy__play_refusal(play, 1) != NULL)
        return GRUNDY_EINVAL;
    return play == known || play == also_known ? GRUNDY_OK : GRUNDY_ENOTSUP;
}

/* === src/nim/nim.c (continued) === */

/* Every entry GRUNDY_NO_MOVE, then the one move of a sum, if any, in
 * component c: take = value - target (the Nim move on the component's
 * value, which the closed forms below turn into tokens one for one). */
static int grundy__nim__one_move(const void *ctx, size_t n, grundy__value_at_fn value_at, uint64_t *moves)
{
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    size_t c;
    uint64_t target;
    if (!grundy__sum_move(ctx, n, value_at, &c, &target))
        return 0;
    moves[c] = value_at(ctx, c) - target;
    return moves[c] == GRUNDY_NO_MOVE ? GRUNDY_ERANGE : 1; /* all of 2^64 - 1 tokens */
}

/* ---- Nim, normal and misère -------------------------------------------- */

/* What decides a Nim position: the xor, and for misère play whether any
 * heap has two or more tokens. */
typedef struct grundy__nim__nim_position {
    const uint64_t *heaps;
    int misere;
    uint64_t x;        /* the xor of the heaps */
    size_t ones, big;  /* heaps of exactly one token; of two or more */
} grundy__nim__nim_position;

static grundy__nim__nim_position grundy__nim__survey(int play, const uint64_t *heaps, size_t n)
{
    grundy__nim__nim_position p = {heaps, play == GRUNDY_PLAY_MISERE, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        p.x ^= heaps[i];
        p.ones += (size_t)(heaps[i] == 1);
        p.big += (size_t)(heaps[i] >= 2);
    }
    return p;
}

/* The tokens to take from heap i to win: 1 with *take set, 0 if heap i has
 * no winning move, GRUNDY_ERANGE if the move takes a whole heap of 2^64 - 1
 * tokens (it would read as GRUNDY_NO_MOVE).  Normal play leaves the heap at
 * h ^ x.  Misère play is Nim's while a heap of two or more stays after the
 * move, that is while another heap has two or more; otherwise the move
 * leaves only heaps of 0 or 1 token and wins by leaving an odd number of
 * ones (the opponent takes the last).  Either way one size is left, so a
 * heap has at most one winning move. */
static int grundy__nim__winning_take(const grundy__nim__nim_position *p, size_t i, uint64_t *take)
{
    uint64_t h = p->heaps[i];
    size_t big_others = p->big - (size_t)(h >= 2);
    uint64_t left = h ^ p->x;
    if (p->misere && big_others == 0)
        left = (p->ones - (size_t)(h == 1)) % 2 == 0 ? 1 : 0;
    if (left >= h)
        return 0;
    *take = h - left;
    return *take == GRUNDY_NO_MOVE ? GRUNDY_ERANGE : 1;
}

int grundy_nim_sum_value(int play, const uint64_t *heaps, size_t n, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && n > 0) || value == NULL)
        return GRUNDY_EINVAL;
    *value = grundy__nim__survey(play, heaps, n).x;
    return GRUNDY_OK;
}

int grundy_nim_sum_outcome(int play, const uint64_t *heaps, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if (heaps == NULL && n > 0)
        return GRUNDY_EINVAL;
    grundy__nim__nim_position p = grundy__nim__survey(play, heaps, n);
    if (p.misere && p.big == 0) /* no tokens at all: the player to move has won */
        return p.ones % 2 == 0 ? GRUNDY_N : GRUNDY_P;
    return p.x != 0 ? GRUNDY_N : GRUNDY_P;
}

int grundy_nim_sum_winning_move(int play, const uint64_t *heaps, size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL || moves == NULL) && n > 0)
        return GRUNDY_EINVAL;
    grundy__nim__nim_position p = grundy__nim__survey(play, heaps, n);
    int found = 0;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    for (size_t i = 0; i < n && found == 0; i++)
        found = grundy__nim__winning_take(&p, i, &moves[i]);
    return found;
}

int grundy_nim_sum_winning_moves(int play, const uint64_t *heaps, size_t n, size_t *components,
                                 uint64_t *moves, size_t cap, size_t *count)
{
    if (count != NULL)
        *count = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_MISERE);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && n > 0) || (moves == NULL && cap > 0) || count == NULL)
        return GRUNDY_EINVAL;
    grundy__nim__nim_position p = grundy__nim__survey(play, heaps, n);
    size_t found = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t take;
        rc = grundy__nim__winning_take(&p, i, &take);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        if (found < cap) {
            if (components != NULL)
                components[found] = i;
            moves[found] = take;
        }
        found++;
    }
    *count = found;
    return GRUNDY_OK;
}

/* ---- Bounded Nim ----------------------------------------------------------- */

typedef struct grundy__nim__bounded_heaps {
    const uint64_t *heaps;
    uint64_t max_take;
} grundy__nim__bounded_heaps;

/* A move takes 1 to max_take: the value is the heap mod max_take + 1. */
static uint64_t grundy__nim__bounded_of(uint64_t heap, uint64_t max_take)
{
    return max_take == UINT64_MAX ? heap : heap % (max_take + 1);
}

static uint64_t grundy__nim__bounded_value(const void *ctx, size_t i)
{
    const grundy__nim__bounded_heaps *b = (const grundy__nim__bounded_heaps *)ctx;
    return grundy__nim__bounded_of(b->heaps[i], b->max_take);
}

/* The checks of the bounded Nim calls. */
static int grundy__nim__bounded_args(uint64_t max_take, int play, const void *p, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    return max_take == 0 || (p == NULL && n > 0) ? GRUNDY_EINVAL : GRUNDY_OK;
}

int grundy_bounded_nim_value(uint64_t max_take, int play, uint64_t heap, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = grundy__nim__bounded_args(max_take, play, value, 1);
    if (rc == GRUNDY_OK)
        *value = grundy__nim__bounded_of(heap, max_take);
    return rc;
}

int grundy_bounded_nim_sum_outcome(uint64_t max_take, int play, const uint64_t *heaps, size_t n)
{
    int rc = grundy__nim__bounded_args(max_take, play, heaps, n);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__nim__bounded_heaps b = {heaps, max_take};
    size_t c;
    uint64_t target;
    return grundy__sum_move(&b, n, grundy__nim__bounded_value, &c, &target) ? GRUNDY_N : GRUNDY_P;
}

int grundy_bounded_nim_sum_winning_move(uint64_t max_take, int play, const uint64_t *heaps,
                                        size_t n, uint64_t *moves)
{
    int rc = grundy__nim__bounded_args(max_take, play, heaps, n);
    if (rc == GRUNDY_OK && moves == NULL && n > 0)
        rc = GRUNDY_EINVAL;
    if (rc != GRUNDY_OK)
        return rc;
    /* Lowering a value v to the target takes v - target <= max_take tokens. */
    grundy__nim__bounded_heaps b = {heaps, max_take};
    return grundy__nim__one_move(&b, n, grundy__nim__bounded_value, moves);
}

/* ---- Staircase Nim ----------------------------------------------------------- */

/* Even steps (the floor included) count as value 0. */
static uint64_t grundy__nim__staircase_value(const void *ctx, size_t i)
{
    return i % 2 == 1 ? ((const uint64_t *)ctx)[i] : 0;
}

int grundy_staircase_nim_outcome(int play, const uint64_t *steps, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if (steps == NULL && n > 0)
        return GRUNDY_EINVAL;
    size_t c;
    uint64_t target;
    return grundy__sum_move(steps, n, grundy__nim__staircase_value, &c, &target) ? GRUNDY_N : GRUNDY_P;
}

int grundy_staircase_nim_winning_move(int play, const uint64_t *steps, size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_NORMAL, GRUNDY_PLAY_NORMAL);
    if (rc != GRUNDY_OK)
        return rc;
    if ((steps == NULL || moves == NULL) && n > 0)
        return GRUNDY_EINVAL;
    return grundy__nim__one_move(steps, n, grundy__nim__staircase_value, moves);
}

/* === src/nim/nim_levels.c === */
/* Nim on levels (a seed problem of "winner takes it all" play).
 *
 * A super-heap is a stack of heaps; a move takes coins from its top
 * non-empty heap; whoever empties a super-heap wins the whole game.  So an
 * empty super-heap is SP (the player to move has lost), one non-empty heap is
 * SC (empty it and win), and with two or more heaps, by induction from the
 * bottom: with r the w-number of the stack below the top heap t (where a
 * single heap below leaves no number: taking the whole top would hand the
 * opponent an SC), the options are the top reduced to 1..t-1, plus the stack
 * below itself, so w = mex of {w(1), ..., w(t-1)} and r, which counts up from
 * 0 skipping r: w = t - 1 if t - 1 < r, else t. */

enum grundy__nim_levels__level_kind { GRUNDY__NIM_LEVELS__LEVEL_SP, GRUNDY__NIM_LEVELS__LEVEL_SC, GRUNDY__NIM_LEVELS__LEVEL_NUMBER };

typedef struct grundy__nim_levels__level_w {
    enum grundy__nim_levels__level_kind kind;
    uint64_t w;        /* when a number */
    uint64_t top;      /* the top non-empty heap */
    int below_single;  /* the stack below the top is one heap */
    uint64_t below;    /* its w-number otherwise */
} grundy__nim_levels__level_w;

/* w(top over below): counting up from 0 and skipping the number below. */
static uint64_t grundy__nim_levels__over(const grundy__nim_levels__level_w *l, uint64_t top)
{
    if (l->below_single || top - 1 < l->below)
        return top - 1;
    return top;
}

static grundy__nim_levels__level_w grundy__nim_levels__superheap(const uint64_t *heaps, size_t k)
{
    grundy__nim_levels__level_w l = {GRUNDY__NIM_LEVELS__LEVEL_SP, 0, 0, 0, 0};
    size_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        if (heaps[i] == 0)
            continue;
        if (++seen == 1) {
            l.kind = GRUNDY__NIM_LEVELS__LEVEL_SC;
            l.top = heaps[i];
            continue;
        }
        /* The stack so far becomes the part below the new top. */
        l.below_single = seen == 2;
        l.below = l.w;
        l.top = heaps[i];
        l.kind = GRUNDY__NIM_LEVELS__LEVEL_NUMBER;
        l.w = grundy__nim_levels__over(&l, heaps[i]);
    }
    return l;
}

int grundy_nim_levels_value(int play, const uint64_t *heaps, size_t k, uint64_t *value)
{
    if (value != NULL)
        *value = 0;
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    if (rc != GRUNDY_OK)
        return rc;
    if ((heaps == NULL && k > 0) || value == NULL)
        return GRUNDY_EINVAL;
    grundy__nim_levels__level_w l = grundy__nim_levels__superheap(heaps, k);
    if (l.kind == GRUNDY__NIM_LEVELS__LEVEL_NUMBER && l.w >= GRUNDY_SC64)
        return GRUNDY_ELIMIT; /* a top heap of 2^64 - 2 or more: no room beside SC and SP */
    *value = l.kind == GRUNDY__NIM_LEVELS__LEVEL_SP ? GRUNDY_SP64 : l.kind == GRUNDY__NIM_LEVELS__LEVEL_SC ? GRUNDY_SC64 : l.w;
    return GRUNDY_OK;
}

/* Super-heaps are read in order by the sum routine (it walks components
 * 0..n-1), so a cursor turns the flat heap array into super-heaps in O(1)
 * amortised per read; a read out of order restarts the walk. */
typedef struct grundy__nim_levels__level_cursor {
    size_t i, off;
} grundy__nim_levels__level_cursor;

typedef struct grundy__nim_levels__levels {
    const uint64_t *heaps;
    const size_t *counts;
    grundy__nim_levels__level_cursor *at;
} grundy__nim_levels__levels;

static size_t grundy__nim_levels__offset_of(const grundy__nim_levels__levels *lv, size_t i)
{
    if (i < lv->at->i)
        lv->at->i = lv->at->off = 0;
    while (lv->at->i < i)
        lv->at->off += lv->counts[lv->at->i++];
    return lv->at->off;
}

static grundy__nim_levels__level_w grundy__nim_levels__level_at(const grundy__nim_levels__levels *lv, size_t i)
{
    return grundy__nim_levels__superheap(lv->heaps + grundy__nim_levels__offset_of(lv, i), lv->counts[i]);
}

static uint64_t grundy__nim_levels__number_at(const void *ctx, size_t i)
{
    return grundy__nim_levels__level_at((const grundy__nim_levels__levels *)ctx, i).w;
}

/* What decides the sum before any number: a super-heap already emptied
 * (the game is over, lost by the player to move), else the first one of a
 * single heap (SC: empty it and win).  GRUNDY_EINVAL for arguments that do
 * not hold the heaps counts say. */
typedef struct grundy__nim_levels__level_survey {
    int ended;
    size_t sc;  /* the first SC super-heap, or n */
} grundy__nim_levels__level_survey;

static int grundy__nim_levels__survey(const grundy__nim_levels__levels *lv, size_t n, grundy__nim_levels__level_survey *out)
{
    if (lv->counts == NULL && n > 0)
        return GRUNDY_EINVAL;
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (lv->counts[i] > SIZE_MAX - total)
            return GRUNDY_EINVAL;
        total += lv->counts[i];
    }
    if (lv->heaps == NULL && total > 0)
        return GRUNDY_EINVAL;
    out->ended = 0;
    out->sc = n;
    for (size_t i = 0; i < n && !out->ended; i++) {
        enum grundy__nim_levels__level_kind kind = grundy__nim_levels__level_at(lv, i).kind;
        out->ended = kind == GRUNDY__NIM_LEVELS__LEVEL_SP;
        if (kind == GRUNDY__NIM_LEVELS__LEVEL_SC && out->sc == n)
            out->sc = i;
    }
    return GRUNDY_OK;
}

int grundy_nim_levels_sum_outcome(int play, const uint64_t *heaps, const size_t *counts, size_t n)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    grundy__nim_levels__level_cursor at = {0, 0};
    grundy__nim_levels__levels lv = {heaps, counts, &at};
    grundy__nim_levels__level_survey s;
    if (rc == GRUNDY_OK)
        rc = grundy__nim_levels__survey(&lv, n, &s);
    if (rc != GRUNDY_OK)
        return rc;
    if (s.ended || s.sc < n)
        return s.ended ? GRUNDY_P : GRUNDY_N;
    /* Every super-heap is a number: Nim on the w-numbers. */
    size_t c;
    uint64_t target;
    return grundy__sum_move(&lv, n, grundy__nim_levels__number_at, &c, &target) ? GRUNDY_N : GRUNDY_P;
}

/* The new top h (0 to top-1) of super-heap l that makes its w-number target. */
static int grundy__nim_levels__top_for(const grundy__nim_levels__level_w *l, uint64_t target, uint64_t *h)
{
    if (!l->below_single && target == l->below) {
        *h = 0; /* take the whole top: the stack below is worth target */
        return 1;
    }
    uint64_t cand = l->below_single || target < l->below ? target + 1 : target;
    if (cand < 1 || cand >= l->top || grundy__nim_levels__over(l, cand) != target)
        return 0;
    *h = cand;
    return 1;
}

int grundy_nim_levels_sum_winning_move(int play, const uint64_t *heaps, const size_t *counts,
                                       size_t n, uint64_t *moves)
{
    int rc = grundy__closed_form_play(play, GRUNDY_PLAY_WTIA, GRUNDY_PLAY_WTIA);
    grundy__nim_levels__level_cursor at = {0, 0};
    grundy__nim_levels__levels lv = {heaps, counts, &at};
    grundy__nim_levels__level_survey s;
    if (rc == GRUNDY_OK && moves == NULL && n > 0)
        rc = GRUNDY_EINVAL;
    if (rc == GRUNDY_OK)
        rc = grundy__nim_levels__survey(&lv, n, &s);
    if (rc == GRUNDY_OK && s.sc < n && grundy__nim_levels__level_at(&lv, s.sc).top == UINT64_MAX)
        rc = GRUNDY_ERANGE; /* emptying it would read as GRUNDY_NO_MOVE */
    if (rc != GRUNDY_OK)
        return rc;
    for (size_t i = 0; i < n; i++)
        moves[i] = GRUNDY_NO_MOVE;
    if (s.ended)
        return 0; /* someone already emptied a super-heap */
    if (s.sc < n) {
        moves[s.sc] = grundy__nim_levels__level_at(&lv, s.sc).top; /* empty it: win */
        return 1;
    }
    size_t c;
    uint64_t target, h;
    if (!grundy__sum_move(&lv, n, grundy__nim_levels__number_at, &c, &target))
        return 0;
    grundy__nim_levels__level_w l = grundy__nim_levels__level_at(&lv, c);
    if (!grundy__nim_levels__top_for(&l, target, &h))
        return GRUNDY_EINVAL; /* unreachable: w is a mex over these options */
    moves[c] = l.top - h;
    return 1;
}

/* === src/nim/nimber.c === */
/* Nimbers: nim multiplication in the field of the 2^64 numbers below 2^64.
 *
 * The field is a tower of quadratic extensions.  For n = 1, 2, 4, ..., 32 the
 * numbers below 2^(2n) are pairs: a = a1 F + a0 with a1, a0 below F = 2^n, a
 * Fermat 2-power (a number below F times F is an ordinary product, so the
 * pair is just the high and low halves of a's bits).  F satisfies
 * F (x) F = F ^ h with h = F / 2 = 2^(n-1), a number of the smaller field, so
 *
 *     a (x) b = (a1b1 ^ a1b0 ^ a0b1) F  ^  (a0b0 ^ a1b1 (x) h)
 *
 * and since a1b0 ^ a0b1 ^ a1b1 = (a0 ^ a1)(b0 ^ b1) ^ a0b0 (Karatsuba), a
 * product of two 2n-bit numbers costs three products of n-bit numbers and one
 * multiplication by the constant h.
 *
 * Without tables this recursion runs down to single bits.  A handle stops it
 * at bytes, where a 256 x 256 table of products takes over.  Multiplying by
 * a constant, or squaring (the Frobenius map), is linear over GF(2): such a
 * map is the xor of one table entry per byte of its argument, which is how
 * the handle multiplies by h at 16 and 32 bits and squares 64-bit numbers.
 *
 * Inverses go down the same tower.  F and F ^ 1 are the two roots of
 * X^2 = X ^ h over the smaller field, so swapping them is a field map: the
 * conjugate of a = a1 F + a0 is a1 (F ^ 1) + a0 = a1 F + (a0 ^ a1), and the
 * norm a (x) conj(a) = a0 (a0 ^ a1) ^ a1 a1 h lies in the smaller field.
 * So 1/a = conj(a) (x) 1/norm, with one inverse taken half the size. */

struct grundy_nimber {
    grundy_allocator alloc; /* first: grundy__handle_new fills it */
    uint8_t prod[256][256];  /* prod[a][b] = a (x) b for bytes */
    uint8_t inv8[256];       /* inverses of the bytes (inv8[0] unused) */
    uint16_t half16[2][256]; /* x (x) 2^15 = half16[0][x & 255] ^ half16[1][x >> 8] */
    uint32_t half32[4][256]; /* x (x) 2^31, one entry per byte of x */
    uint64_t square[8][256]; /* x (x) x, one entry per byte of x */
};

/* ---- Table-free arithmetic on n-bit numbers (n a power of 2, <= 64) ---- */

/* x (x) 2^(n-1) for x below 2^n.  2^(n-1) = G (x) g with G = 2^(n/2) and
 * g = 2^(n/2 - 1): times G is (x1 ^ x0) G + x1 g, and times g (of the
 * smaller field) acts on each half separately. */
static uint64_t grundy__nimber__slow_mul_half(uint64_t x, unsigned n)
{
    if (n == 1 || x == 0)
        return x; /* 2^0 = 1 */
    const unsigned m = n / 2;
    const uint64_t x1 = x >> m, x0 = x & (((uint64_t)1 << m) - 1);
    const uint64_t hi = x1 ^ x0, lo = grundy__nimber__slow_mul_half(x1, m);
    if (n == 2)
        return hi << 1 | lo; /* g = 2^0 = 1 */
    return grundy__nimber__slow_mul_half(hi, m) << m | grundy__nimber__slow_mul_half(lo, m);
}

/* a (x) b for a, b below 2^n, by the Karatsuba recursion above. */
static uint64_t grundy__nimber__slow_mul(uint64_t a, uint64_t b, unsigned n)
{
    /* Both in a smaller field: the product stays there. */
    while (n > 1 && (a | b) >> (n / 2) == 0)
        n /= 2;
    if (n == 1 || a == 0 || b == 0)
        return a & b;
    const unsigned m = n / 2;
    const uint64_t mask = ((uint64_t)1 << m) - 1;
    const uint64_t a1 = a >> m, a0 = a & mask, b1 = b >> m, b0 = b & mask;
    const uint64_t lo = grundy__nimber__slow_mul(a0, b0, m);
    const uint64_t hi = grundy__nimber__slow_mul(a1, b1, m);
    const uint64_t mid = grundy__nimber__slow_mul(a0 ^ a1, b0 ^ b1, m);
    return (mid ^ lo) << m | (lo ^ grundy__nimber__slow_mul_half(hi, m));
}

/* ---- With tables ---- */

static inline uint32_t grundy__nimber__half_16(const grundy_nimber *nb, uint32_t x)
{
    return (uint32_t)nb->half16[0][x & 0xff] ^ nb->half16[1][x >> 8];
}

static inline uint32_t grundy__nimber__half_32(const grundy_nimber *nb, uint32_t x)
{
    return nb->half32[0][x & 0xff] ^ nb->half32[1][x >> 8 & 0xff] ^
           nb->half32[2][x >> 16 & 0xff] ^ nb->half32[3][x >> 24];
}

static inline uint32_t grundy__nimber__mul_16(const grundy_nimber *nb, uint32_t a, uint32_t b)
{
    const uint32_t a1 = a >> 8, a0 = a & 0xff, b1 = b >> 8, b0 = b & 0xff;
    const uint32_t lo = nb->prod[a0][b0];
    const uint32_t hi = nb->prod[a1][b1];
    const uint32_t mid = nb->prod[a0 ^ a1][b0 ^ b1];
    return (mid ^ lo) << 8 | (lo ^ nb->prod[0x80][hi]); /* h = 2^7 */
}

static inline uint32_t grundy__nimber__mul_32(const grundy_nimber *nb, uint32_t a, uint32_t b)
{
    const uint32_t a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
    const uint32_t lo = grundy__nimber__mul_16(nb, a0, b0);
    const uint32_t hi = grundy__nimber__mul_16(nb, a1, b1);
    const uint32_t mid = grundy__nimber__mul_16(nb, a0 ^ a1, b0 ^ b1);
    return (mid ^ lo) << 16 | (lo ^ grundy__nimber__half_16(nb, hi));
}

static uint64_t grundy__nimber__mul_64(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    const uint32_t a1 = (uint32_t)(a >> 32), a0 = (uint32_t)a;
    const uint32_t b1 = (uint32_t)(b >> 32), b0 = (uint32_t)b;
    const uint32_t lo = grundy__nimber__mul_32(nb, a0, b0);
    const uint32_t hi = grundy__nimber__mul_32(nb, a1, b1);
    const uint32_t mid = grundy__nimber__mul_32(nb, a0 ^ a1, b0 ^ b1);
    return (uint64_t)(mid ^ lo) << 32 | (lo ^ grundy__nimber__half_32(nb, hi));
}

static uint64_t grundy__nimber__square_64(const grundy_nimber *nb, uint64_t x)
{
    uint64_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        r ^= nb->square[i][x >> (8 * i) & 0xff];
    return r;
}

/* ---- Either way, for the inverse's descent through the tower ---- */

/* a (x) b for a, b below 2^n. */
static uint64_t grundy__nimber__mul_n(const grundy_nimber *nb, uint64_t a, uint64_t b, unsigned n)
{
    if (nb == NULL)
        return grundy__nimber__slow_mul(a, b, n);
    if (n == 64)
        return grundy__nimber__mul_64(nb, a, b);
    if (n == 32)
        return grundy__nimber__mul_32(nb, (uint32_t)a, (uint32_t)b);
    if (n == 16)
        return grundy__nimber__mul_16(nb, (uint32_t)a, (uint32_t)b);
    return nb->prod[a][b];
}

/* x (x) 2^(n-1) for x below 2^n. */
static uint64_t grundy__nimber__half_n(const grundy_nimber *nb, uint64_t x, unsigned n)
{
    if (nb == NULL || n < 8)
        return grundy__nimber__slow_mul_half(x, n);
    if (n == 32)
        return grundy__nimber__half_32(nb, (uint32_t)x);
    if (n == 16)
        return grundy__nimber__half_16(nb, (uint32_t)x);
    return nb->prod[0x80][x];
}

/* 1 / a for a non-zero and below 2^n. */
static uint64_t grundy__nimber__inv_n(const grundy_nimber *nb, uint64_t a, unsigned n)
{
    if (n == 1)
        return a; /* a == 1 */
    if (nb != NULL && n == 8)
        return nb->inv8[a];
    const unsigned m = n / 2;
    const uint64_t a1 = a >> m, a0 = a & (((uint64_t)1 << m) - 1);
    if (a1 == 0)
        return grundy__nimber__inv_n(nb, a0, m); /* a lies in the smaller field */
    const uint64_t norm = grundy__nimber__mul_n(nb, a0, a0 ^ a1, m) ^ grundy__nimber__half_n(nb, grundy__nimber__mul_n(nb, a1, a1, m), m);
    const uint64_t t = grundy__nimber__inv_n(nb, norm, m);
    return grundy__nimber__mul_n(nb, a1, t, m) << m | grundy__nimber__mul_n(nb, a0 ^ a1, t, m);
}

/* ---- Building the tables ---- */

/* Each row of products by distributivity: prod[a][b] is the xor of
 * prod[a][2^k] over the bits k of b, and those 8 come from the recursion. */
static void grundy__nimber__build_products(grundy_nimber *nb)
{
    for (unsigned a = 0; a < 256; a++) {
        uint8_t *row = nb->prod[a];
        row[0] = 0;
        for (unsigned b = 1; b < 256; b++) {
            const unsigned low = b & (0u - b);
            row[b] = b == low ? (uint8_t)grundy__nimber__slow_mul(a, b, 8) : (uint8_t)(row[low] ^ row[b ^ low]);
        }
    }
    nb->inv8[0] = 0;
    for (unsigned a = 1; a < 256; a++)
        for (unsigned b = 1; b < 256; b++)
            if (nb->prod[a][b] == 1)
                nb->inv8[a] = (uint8_t)b;
}

/* The per-byte tables, each built with the arithmetic of the ones before it
 * (half16 needs prod, half32 needs half16, square needs half32). */
static void grundy__nimber__build_linear_maps(grundy_nimber *nb)
{
    for (unsigned x = 0; x < 256; x++)
        for (unsigned i = 0; i < 2; i++)
            nb->half16[i][x] = (uint16_t)grundy__nimber__mul_16(nb, x << (8 * i), 0x8000u);
    for (unsigned x = 0; x < 256; x++)
        for (unsigned i = 0; i < 4; i++)
            nb->half32[i][x] = grundy__nimber__mul_32(nb, (uint32_t)x << (8 * i), 0x80000000u);
    for (unsigned x = 0; x < 256; x++) {
        for (unsigned i = 0; i < 8; i++) {
            const uint64_t v = (uint64_t)x << (8 * i);
            nb->square[i][x] = grundy__nimber__mul_64(nb, v, v);
        }
    }
}

/* ---- The interface ---- */

int grundy_nimber_new(grundy_nimber **out, const grundy_allocator *alloc)
{
    if (out == NULL)
        return GRUNDY_EINVAL;
    int rc;
    grundy_nimber *nb = (grundy_nimber *)grundy__handle_new(sizeof *nb, alloc, &rc);
    *out = NULL;
    if (nb == NULL)
        return rc;
    grundy__nimber__build_products(nb);
    grundy__nimber__build_linear_maps(nb);
    *out = nb;
    return GRUNDY_OK;
}

void grundy_nimber_free(grundy_nimber *nb)
{
    if (nb == NULL)
        return;
    grundy_allocator a = nb->alloc;
    grundy__free(&a, nb);
}

uint64_t grundy_nimber_mul(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    return nb != NULL ? grundy__nimber__mul_64(nb, a, b) : grundy__nimber__slow_mul(a, b, 64);
}

uint64_t grundy_nimber_pow(const grundy_nimber *nb, uint64_t a, uint64_t e)
{
    uint64_t r = 1;
    /* Right to left: a runs through the squares a^(2^k). */
    while (e != 0) {
        if (e & 1)
            r = grundy_nimber_mul(nb, r, a);
        e >>= 1;
        if (e != 0)
            a = nb != NULL ? grundy__nimber__square_64(nb, a) : grundy__nimber__slow_mul(a, a, 64);
    }
    return r;
}

int grundy_nimber_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv)
{
    if (inv != NULL)
        *inv = 0;
    if (inv == NULL)
        return GRUNDY_EINVAL;
    if (a == 0)
        return GRUNDY_ERANGE;
    *inv = grundy__nimber__inv_n(nb, a, 64);
    return GRUNDY_OK;
}

/* The calls' former names, kept exported so that programs built with them
 * still link and run; grundy.h declares them deprecated. */
uint64_t grundy_nim_mul(const grundy_nimber *nb, uint64_t a, uint64_t b)
{
    return grundy_nimber_mul(nb, a, b);
}

uint64_t grundy_nim_pow(const grundy_nimber *nb, uint64_t a, uint64_t e)
{
    return grundy_nimber_pow(nb, a, e);
}

int grundy_nim_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv)
{
    return grundy_nimber_inv(nb, a, inv);
}

#undef GRUNDY__EMPTY
#undef GRUNDY__BUSY
#undef GRUNDY__HINT_NONE
#undef GRUNDY__THREADS
#undef GRUNDY__WTABLE_AVX2
#undef GRUNDY__TARGET_AVX2
#undef GRUNDY__WTABLE_INLINE
#undef GRUNDY__CODE_MAX
#undef GRUNDY__CODE_BIG
#undef GRUNDY__CODE_BUSY
#undef GRUNDY__CODE_TOMB
#undef GRUNDY__CODE_NONE
#undef GRUNDY__CODE_EMPTY
#undef GRUNDY__WTABLE_SLOTS
#undef GRUNDY__WTABLE_LONG
#undef GRUNDY__WTABLE_FULL
#undef GRUNDY__WTABLE_MUL
#undef GRUNDY__PLAY_WIDTH
#undef GRUNDY__PLAYS
#undef GRUNDY__WIDTH_MAX
#undef GRUNDY__GENUS_L
#undef GRUNDY__SPLIT
#undef GRUNDY__PROGRESS_EVERY
#undef GRUNDY__MERGE_AHEAD
#undef GRUNDY__PAIR_JUDGE
#undef GRUNDY__PAIR_KEEP
#undef GRUNDY__PAIR_RETIRE
#undef GRUNDY__GAME_MEMOS
#undef GRUNDY__LIST_CANON
#undef GRUNDY__LIST_ONE_PART
#undef GRUNDY__GAME_TAIL
#undef GRUNDY__HEAP_LEAVE_NONE
#undef GRUNDY__HEAP_LEAVE_ONE
#undef GRUNDY__HEAP_LEAVE_TWO
#undef GRUNDY__HEAP_LEAVE_THREE
#undef GRUNDY__HEAP_MAX_DIGITS
#undef GRUNDY__HEAP_MAX_SUBTRACT
#undef GRUNDY__HEAP_MAX_EXCLUDED
#undef GRUNDY__SCAN_VECTOR
#undef GRUNDY__SCAN_FEW
#undef GRUNDY__HEAP_LANES
#undef GRUNDY__HEAP_ABANDONED
#undef GRUNDY__HEAP_MSG
#undef GRUNDY__HEAP_SEARCH_LIMIT
#undef grundy__heap_lane_wait
#undef grundy__heap_lanes_ready
#undef grundy__heap_note_speed
#undef grundy__heap_run_lanes
#undef grundy__heap_lane1_busy
#undef grundy__heap_lanes_settle
#undef grundy__heap_lanes_end
#undef GRUNDY__HEAP_RUN
#undef GRUNDY__HEAP_LASKER_FIRST
#undef grundy__heap_misere_values
#undef grundy__heap_misere_sum
#undef grundy__heap_misere_wins
#undef grundy__heap_misere_search
#undef grundy__heap_misere_check_heap
#undef grundy__heap_misere_free
#undef GRUNDY__Q_MSG
#undef GRUNDY__Q_NONE
#undef GRUNDY__Q_MAX_ORDER
#undef GRUNDY__Q_FULL_ORDER
#undef GRUNDY__Q_MAX_TRIAL
#undef GRUNDY__Q_MAX_HEAPS
#undef GRUNDY__LOCAL

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_IMPLEMENTATION */
