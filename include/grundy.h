/**
 * @file grundy.h
 * @brief libgrundy: Sprague-Grundy theory for impartial combinatorial games.
 *
 * This header is the whole public contract of libgrundy.  Anything not
 * declared here is not part of the API.  Sections go from the simplest calls
 * (versions, errors, Nim) to the most general (game graphs with split moves).
 *
 * Conventions, which hold for every function below:
 * - Functions that can fail return an `int` status: #GRUNDY_OK (0) on success
 *   or a negative `GRUNDY_E*` code; results go through out-parameters.
 *   Functions that *find* something return the number found (0 or 1) on
 *   success, or a negative code.
 * - The library never prints, never exits, and frees everything it allocated
 *   on every error path.
 * - There is no global mutable state: distinct handles may be used from
 *   distinct threads at the same time.  One handle must not be used from two
 *   threads at once.
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

/* ------------------------------------------------------------------------ */
/** @name Version
 *  The version lives here and only here; the build reads it from this header.
 *  @{ */

/** Major version: bumped on an incompatible ABI change. */
#define GRUNDY_VERSION_MAJOR 0
/** Minor version: bumped when functions are added. */
#define GRUNDY_VERSION_MINOR 1
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
 */
GRUNDY_API uint32_t grundy_version_number(void);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Status codes
 *  Values are fixed forever and never reused.
 *  @{ */

/** Success. */
#define GRUNDY_OK 0
/** An allocation failed; the operation had no effect. */
#define GRUNDY_ENOMEM (-1)
/** An argument is invalid (NULL where a pointer is required, a bad option). */
#define GRUNDY_EINVAL (-2)
/** The game graph has a cycle; see grundy_graph_cycle_node(). */
#define GRUNDY_ECYCLE (-3)
/** Text input could not be parsed; see grundy_graph_errmsg(). */
#define GRUNDY_EPARSE (-4)
/** A node id, move index or value is out of range. */
#define GRUNDY_ERANGE (-5)
/** A count or size exceeds what the library supports (or would overflow). */
#define GRUNDY_ELIMIT (-6)
/** The handle is not in a state that permits the call (e.g. not solved yet). */
#define GRUNDY_ESTATE (-7)
/** A progress callback asked to stop; the operation had no effect. */
#define GRUNDY_ECANCELED (-8)

/**
 * @brief A short English description of a status code.
 * @param status A value returned by a libgrundy function.
 * @return A static string; never NULL ("unknown status" for unknown codes).
 */
GRUNDY_API const char *grundy_strerror(int status);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Outcomes
 *  Outcome classes of a position, for the player about to move.
 *  @{ */

/** P-position: the Previous player (the one who just moved) wins. */
#define GRUNDY_P 0
/** N-position: the Next player (the one to move) wins. */
#define GRUNDY_N 1
/** Draw: neither player can force a win (loopy games only). */
#define GRUNDY_D 2

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Memory and progress
 *  @{ */

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
 *         returns #GRUNDY_ECANCELED and leaves the handle as it was before.
 */
typedef int (*grundy_progress_fn)(void *user, uint64_t done, uint64_t total);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Sums and Nim
 *  Closed forms: no handle, no allocation, O(number of heaps).
 *  @{ */

/**
 * @brief The nim-sum (bitwise xor) of @p n values: the Sprague-Grundy value of
 *        a disjunctive sum whose components have these values.
 * @param values Array of @p n values (may be NULL when n is 0).
 * @param n      How many values.
 */
GRUNDY_API uint64_t grundy_nim_sum(const uint64_t *values, size_t n);

/**
 * @brief The winning move in a disjunctive sum, by component values.
 *
 * With S the nim-sum of @p values: if S is 0 there is no winning move.
 * Otherwise the move is to replace, in the first component i whose value v has
 * v xor S < v, that component by one of value v xor S.
 *
 * @param values    Array of @p n component values.
 * @param n         Number of components.
 * @param component Out: the index i of the component to move in.
 * @param target    Out: the value v xor S that component must be moved to.
 * @return 1 if a winning move exists, 0 if the sum is a P-position,
 *         #GRUNDY_EINVAL if an out-pointer is NULL (or values with n > 0).
 */
GRUNDY_API int grundy_sum_winning_target(const uint64_t *values, size_t n,
                                         size_t *component, uint64_t *target);

/**
 * @brief Outcome of a Nim position (normal play: who takes the last stone wins).
 * @param heaps Heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL if heaps is NULL with n > 0.
 */
GRUNDY_API int grundy_nim_outcome(const uint64_t *heaps, size_t n);

/**
 * @brief A winning Nim move: take @p take stones from heap @p heap.
 * @param heaps Heap sizes.
 * @param n     How many heaps.
 * @param heap  Out: the heap to take from (counted from 0).
 * @param take  Out: how many stones to take.
 * @return 1 if found, 0 if the position is P, #GRUNDY_EINVAL on NULL pointers.
 */
GRUNDY_API int grundy_nim_winning_move(const uint64_t *heaps, size_t n,
                                       size_t *heap, uint64_t *take);

/**
 * @brief Outcome of misère Nim (who takes the last stone loses).
 *
 * If every heap has at most one stone, the player to move wins iff the number
 * of one-stone heaps is even (with no stones at all the player to move has
 * already won); otherwise the player to move wins iff the nim-sum is non-zero.
 * @param heaps Heap sizes (may be NULL when n is 0).
 * @param n     How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL if heaps is NULL with n > 0.
 */
GRUNDY_API int grundy_misere_nim_outcome(const uint64_t *heaps, size_t n);

/**
 * @brief A winning misère Nim move: take @p take stones from heap @p heap.
 * @param heaps Heap sizes.
 * @param n     How many heaps.
 * @param heap  Out: the heap to take from (counted from 0).
 * @param take  Out: how many stones to take.
 * @return 1 if found; 0 if the position is P, or if no stones are left (the
 *         player to move has then already won without moving);
 *         #GRUNDY_EINVAL on NULL pointers.
 */
GRUNDY_API int grundy_misere_nim_winning_move(const uint64_t *heaps, size_t n,
                                              size_t *heap, uint64_t *take);

/**
 * @brief Sprague-Grundy value of one heap of bounded Nim, where a move takes
 *        between 1 and @p max_take stones: heap mod (max_take + 1).
 * @param heap     The number of stones.
 * @param max_take At least 1; UINT64_MAX means unbounded (plain Nim).
 * @return The value; 0 when max_take is 0 (no move is ever possible).
 */
GRUNDY_API uint64_t grundy_bounded_nim_value(uint64_t heap, uint64_t max_take);

/**
 * @brief A winning move in a sum of bounded Nim heaps (each move takes 1 to
 *        @p max_take stones from one heap).
 * @param heaps    Heap sizes.
 * @param n        How many heaps.
 * @param max_take The most stones one move may take (at least 1).
 * @param heap     Out: the heap to take from (counted from 0).
 * @param take     Out: how many stones to take.
 * @return 1 if found, 0 if the position is P, #GRUNDY_EINVAL on NULL pointers
 *         or max_take 0.
 */
GRUNDY_API int grundy_bounded_nim_winning_move(const uint64_t *heaps, size_t n,
                                               uint64_t max_take,
                                               size_t *heap, uint64_t *take);

/**
 * @brief Outcome of staircase Nim.
 *
 * `steps[i]` coins stand on step i; step 0 is the floor, where coins are out
 * of play.  A move takes one or more coins from a step i >= 1 down to step
 * i - 1.  The position is Nim on the odd steps: N iff the xor of the odd
 * steps is non-zero (coins moved from an even step can be moved straight back
 * down by the opponent, so even steps do not count).
 * @param steps Coins per step, step 0 first (may be NULL when n is 0).
 * @param n     How many steps, the floor included.
 * @return #GRUNDY_N or #GRUNDY_P; #GRUNDY_EINVAL if steps is NULL with n > 0.
 */
GRUNDY_API int grundy_staircase_nim_outcome(const uint64_t *steps, size_t n);

/**
 * @brief A winning staircase Nim move: move @p count coins from step @p step
 *        to step `step - 1` (always an odd step).
 * @param steps Coins per step, step 0 first.
 * @param n     How many steps, the floor included.
 * @param step  Out: the step to move from.
 * @param count Out: how many coins to move.
 * @return 1 if found, 0 if the position is P, #GRUNDY_EINVAL on NULL pointers.
 */
GRUNDY_API int grundy_staircase_nim_winning_move(const uint64_t *steps, size_t n,
                                                 size_t *step, uint64_t *count);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Game graphs
 *
 * A game graph holds positions (nodes, numbered 0, 1, 2, ... in the order they
 * are added) and moves.  A move goes from a node to a *sum* of zero or more
 * nodes: one target is an ordinary move; several targets are a move that
 * splits the position into independent games played side by side; zero
 * targets is a move to the finished (empty) position.  The value of a move's
 * result is the xor of its parts' values.
 *
 * Life cycle: create, add nodes and moves, grundy_graph_solve(), then query.
 * Nodes and moves may be added after a solve; the graph then needs a new
 * solve before it can be queried again (#GRUNDY_ESTATE until then).
 * The moves of a node keep the order in which they were added: move k of a
 * node is the k-th move added from it (k counted from 0).
 *
 * Limits: at most #GRUNDY_NODE_MAX nodes; at most #GRUNDY_NODE_MAX parts per
 * move and moves-plus-parts per node.
 * Memory after solving: 4 bytes per ordinary move, 4 bytes plus 4 per part
 * for a split move, and 12 bytes per node.
 * @{ */

/** An opaque game graph. */
typedef struct grundy_graph grundy_graph;

/** The largest number of nodes a graph may hold (node ids are below it). */
#define GRUNDY_NODE_MAX 0x7fffffffu

/**
 * @brief Create an empty graph using malloc/realloc/free.
 * @param out Out: the new graph, to be released with grundy_graph_free().
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, or #GRUNDY_EINVAL if out is NULL.
 */
GRUNDY_API int grundy_graph_new(grundy_graph **out);

/**
 * @brief Create an empty graph whose memory all comes from @p alloc.
 * @param out   Out: the new graph, to be released with grundy_graph_free().
 * @param alloc The allocator (copied); NULL means malloc/realloc/free.
 *              All three functions must be set.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, or #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_new_with(grundy_graph **out, const grundy_allocator *alloc);

/** @brief Release a graph and everything it owns.  NULL is a no-op.
 *  @param g The graph. */
GRUNDY_API void grundy_graph_free(grundy_graph *g);

/**
 * @brief Set the progress callback used by long operations on this graph
 *        (solving).  NULL removes it.  It is called once every 65536
 *        units of work, so it costs nothing measurable.  From it, the
 *        graph's functions that add or solve return #GRUNDY_ESTATE; those
 *        that only read (values, moves, counts) may be called.
 * @param g    The graph.
 * @param fn   The callback, or NULL.
 * @param user Passed unchanged to @p fn.
 */
GRUNDY_API void grundy_graph_set_progress(grundy_graph *g, grundy_progress_fn fn,
                                          void *user);

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

/** @brief The number of nodes (0 for NULL).
 *  @param g The graph. */
GRUNDY_API uint32_t grundy_graph_node_count(const grundy_graph *g);

/** @brief The number of moves, a split move counting once (0 for NULL).
 *  @param g The graph. */
GRUNDY_API uint64_t grundy_graph_move_count(const grundy_graph *g);

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
 *
 * Moves wait in a list until a solve merges them into the graph's compact
 * form.  When the moves waiting number at least 65536 and at least as many
 * as are merged already, this call merges them itself, so that a graph
 * loaded in large batches is ready to search (and grundy_graph_degree() and
 * grundy_graph_move() can read it) before any solve; over any sequence of
 * calls each move is merged O(1) times.  If that merge fails for lack of
 * memory the moves stay waiting, the call still succeeds, and the next
 * solve merges them or reports the failure.
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

/**
 * @brief Solve normal play: the Sprague-Grundy value of every node.
 *
 * Iterative depth-first search: O(V + E) time, no recursion, so paths of
 * any length are safe.  Peak memory beyond the graph itself is about 12
 * bytes per node.  Reports progress in nodes finished.
 *
 * Solving a graph that is already solved (and unchanged since) does nothing.
 *
 * @param g The graph.
 * @return #GRUNDY_OK; #GRUNDY_ECYCLE if a node can reach itself (then
 *         grundy_graph_cycle_node() names a node on a cycle and the graph is
 *         left unsolved but intact); #GRUNDY_ENOMEM; #GRUNDY_ECANCELED;
 *         #GRUNDY_ELIMIT if a node has more than #GRUNDY_NODE_MAX moves and
 *         parts, or the moves do not fit this machine's address space;
 *         #GRUNDY_EINVAL if g is NULL.
 *         On any error no value is available and nothing leaks.
 */
GRUNDY_API int grundy_graph_solve(grundy_graph *g);

/**
 * @brief After grundy_graph_solve() returned #GRUNDY_ECYCLE: a node on a cycle.
 * @param g    The graph.
 * @param node Out: the node.
 * @return #GRUNDY_OK, or #GRUNDY_ESTATE if the last solve found no cycle.
 */
GRUNDY_API int grundy_graph_cycle_node(const grundy_graph *g, uint32_t *node);

/**
 * @brief A description of the most recent failure on this graph, naming
 *        what and where (e.g. "line 3: node 7 out of range (n = 5)").
 *
 * Read it right after a call that failed.  Every failure with more to say
 * than its status writes its message here: a parse error, a node out of
 * range, a cycle, a limit, a split move where none is allowed, a compound's
 * precondition, a misère search that stopped.  A call that fails with
 * #GRUNDY_ENOMEM or #GRUNDY_ECANCELED, or for an invalid argument (a NULL
 * pointer, an unknown constant), may leave the string empty or as an earlier
 * failure left it, and so may a call that succeeds: after a success its
 * content is unspecified.  Calls on a const graph (the queries) never
 * change it.
 * @param g The graph.
 * @return A string owned by the graph, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_graph_errmsg(const grundy_graph *g);

/**
 * @brief The input line of the most recent failure of grundy_graph_parse()
 *        (counted from 1), for callers that format their own messages.
 *        Like grundy_graph_errmsg(), read it right after a call that failed.
 * @param g The graph.
 * @return The line, or 0 if the failure was not about a line of text.
 */
GRUNDY_API size_t grundy_graph_errline(const grundy_graph *g);

/**
 * @brief The Sprague-Grundy value of @p node.  O(1).
 * @param g     The graph.
 * @param node  The node.
 * @param value Out: its value.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if not solved, #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_graph_value(const grundy_graph *g, uint32_t node, uint32_t *value);

/**
 * @brief All values at once: an array of grundy_graph_node_count() values
 *        owned by the graph, valid until the graph is next changed or freed.
 * @param g The graph.
 * @return NULL if the graph is not solved.
 */
GRUNDY_API const uint32_t *grundy_graph_values(const grundy_graph *g);

/**
 * @brief The outcome of @p node under normal play: #GRUNDY_P iff its value is 0.
 * @param g    The graph.
 * @param node The node.
 * @return #GRUNDY_P or #GRUNDY_N; #GRUNDY_ESTATE, #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_graph_outcome(const grundy_graph *g, uint32_t node);

/**
 * @brief The number of moves from @p node: O(1) when the graph has no split
 *        moves, O(degree) otherwise.
 * @param g      The graph.
 * @param node   The node.
 * @param degree Out: the number of moves.
 * @return #GRUNDY_OK; #GRUNDY_ESTATE while moves added since the last
 *         merge wait (every solve merges them, for any play, even one that
 *         finds a cycle; so may grundy_graph_add_moves()); #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_graph_degree(const grundy_graph *g, uint32_t node, uint32_t *degree);

/**
 * @brief The parts of move @p k of @p node: O(1) when the graph has no split
 *        moves, O(degree) otherwise.
 * @param g      The graph.
 * @param node   The node.
 * @param k      The move, counted from 0 in the order moves were added.
 * @param parts  Out: the part nodes, an array owned by the graph, valid until
 *               it is next changed (may be NULL when *nparts is 0).
 * @param nparts Out: how many parts (1 for an ordinary move).
 * @return #GRUNDY_OK; #GRUNDY_ESTATE while moves added since the last
 *         merge wait (every solve merges them, for any play, even one that
 *         finds a cycle; so may grundy_graph_add_moves()); #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_graph_move(const grundy_graph *g, uint32_t node, uint32_t k,
                                 const uint32_t **parts, uint32_t *nparts);

/**
 * @brief The winning moves of @p node: those leading to value 0.  O(degree).
 * @param g     The graph.
 * @param node  The node.
 * @param moves Out: up to @p cap move indices (k of grundy_graph_move()),
 *              in increasing order.  May be NULL when cap is 0.
 * @param cap   The room in @p moves.
 * @param count Out: the number of winning moves, which may exceed cap.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE, #GRUNDY_ERANGE, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_winning_moves(const grundy_graph *g, uint32_t node,
                                          uint32_t *moves, size_t cap, size_t *count);

/**
 * @brief The value of the sum of the positions @p nodes (a node may repeat).
 * @param g     The graph.
 * @param nodes The positions.
 * @param n     How many.
 * @param value Out: the xor of their values.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE, #GRUNDY_ERANGE, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_sum_value(const grundy_graph *g, const uint32_t *nodes,
                                      size_t n, uint32_t *value);

/**
 * @brief A winning move in the sum of the positions @p nodes: play move
 *        @p move of component @p component (the node `nodes[component]`).
 *        O(n + degree).
 * @param g         The graph.
 * @param nodes     The positions.
 * @param n         How many.
 * @param component Out: the index in @p nodes of the component to move in.
 * @param move      Out: the move to play there (k of grundy_graph_move()).
 * @return 1 if found, 0 if the sum is a P-position; #GRUNDY_ESTATE,
 *         #GRUNDY_ERANGE, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_sum_winning_move(const grundy_graph *g, const uint32_t *nodes,
                                             size_t n, size_t *component, uint32_t *move);

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
 *         the line in grundy_graph_errmsg(), and the graph left empty;
 *         #GRUNDY_ESTATE if the graph is not empty; #GRUNDY_ENOMEM; #GRUNDY_ELIMIT.
 */
GRUNDY_API int grundy_graph_parse(grundy_graph *g, const char *text, size_t len);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Games described by rules
 *
 * A game given by callbacks instead of a graph.  A position is a byte string
 * of a fixed size chosen when the game is created (or a `uint64_t`, with the
 * `_u64` functions).  A move generator lists the options of a position; each
 * option is a sum of zero or more component positions, exactly like graph
 * moves: one part is an ordinary move, several a split, none the finished game.
 *
 * The game memoizes every position it evaluates in one open-addressing hash
 * table, so evaluation generates a position's options once however often it
 * is reached (a winning-move search generates the options of the component
 * it moves in once more, as given, so that the move it returns is a real
 * move from the caller's position and not from its canonical form), and
 * evaluation is iterative: play 10^6 moves deep is fine.  Values computed
 * stay valid for the life of the game, across calls and across errors.
 * @{ */

/** An opaque rule-defined game with its memo table. */
typedef struct grundy_game grundy_game;

/** The sink a move generator writes options into (valid during the call only). */
typedef struct grundy_options grundy_options;

/**
 * @brief A move generator: lists every option of @p pos with
 *        grundy_options_add() (or grundy_options_add_u64(), or the
 *        grundy_options_add_each() pair for several at once).  It runs inside
 *        the game's evaluation and must not call functions of the same game
 *        (those that evaluate refuse with #GRUNDY_ESTATE).
 * @param user The pointer given when the game was created.
 * @param pos  The position (the game's position size in bytes).  During
 *             evaluation it is canonical if a canonicalising callback is set;
 *             a winning-move search also calls the generator on the
 *             component exactly as the caller gave it.
 * @param out  Where options go.
 * @return 0, or a negative status to abort the evaluation, which then returns
 *         it (pass on any non-zero status of grundy_options_add()).  Any
 *         other non-zero value aborts with #GRUNDY_EINVAL.
 */
typedef int (*grundy_moves_fn)(void *user, const void *pos, grundy_options *out);

/** @brief A move generator for `uint64_t` positions; as #grundy_moves_fn.
 *  @param user The pointer given when the game was created.
 *  @param pos  The position.
 *  @param out  Where options go. */
typedef int (*grundy_moves_u64_fn)(void *user, uint64_t pos, grundy_options *out);

/**
 * @brief Optional: rewrites @p pos in place into a canonical representative
 *        of its class, so that symmetric positions share one memo entry
 *        (e.g. sort the heaps of a multi-heap position).  Must be idempotent
 *        and must map positions of equal value together only.
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
 * @brief Create a game whose positions are `uint64_t` values.
 * @param out   Out: the game, to be released with grundy_game_free().
 * @param moves The move generator.
 * @param user  Passed to every callback.
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_new_u64(grundy_game **out, grundy_moves_u64_fn moves, void *user,
                                   const grundy_allocator *alloc);

/** @brief Release a game and its memo table.  NULL is a no-op.
 *  @param game The game. */
GRUNDY_API void grundy_game_free(grundy_game *game);

/**
 * @brief Set (or with NULL remove) the canonicalising callback.  Only
 *        before the first evaluation: memo entries are keyed by canonical form.
 * @param game  The game.
 * @param canon The callback; for `_u64` games it sees the 8 bytes of the value.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if positions are already stored.
 */
GRUNDY_API int grundy_game_set_canon(grundy_game *game, grundy_canon_fn canon);

/**
 * @brief Cap the memory of the memo table and evaluation stack.  When an
 *        evaluation would pass it, it returns #GRUNDY_ELIMIT instead of
 *        growing (values found so far are kept).
 * @param game  The game.
 * @param bytes The cap; 0 (the default) means none.
 */
GRUNDY_API void grundy_game_set_memory_limit(grundy_game *game, size_t bytes);

/**
 * @brief Set the progress callback of evaluations (in positions evaluated,
 *        total 0 as unknown; called once every 65536 positions).  It runs
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
 * @brief As grundy_options_add(), for `uint64_t` positions.
 * @param out    The sink passed to the move generator.
 * @param parts  The component positions.
 * @param nparts How many.
 * @return As grundy_options_add().
 */
GRUNDY_API int grundy_options_add_u64(grundy_options *out, const uint64_t *parts,
                                      uint32_t nparts);

/**
 * @brief Add @p n options of one part each: the positions stored one after
 *        another in @p positions, in that order.  The same as calling
 *        grundy_options_add(out, position, 1) for each, in one call: for a
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
 * @brief As grundy_options_add_each(), for `uint64_t` positions.
 * @param out       The sink passed to the move generator.
 * @param positions The positions, each an option.
 * @param n         How many.
 * @return As grundy_options_add_each(); #GRUNDY_EINVAL also for a game whose
 *         positions are not 8 bytes.
 */
GRUNDY_API int grundy_options_add_each_u64(grundy_options *out, const uint64_t *positions,
                                           size_t n);

/**
 * @brief The Sprague-Grundy value of @p pos, evaluating (and memoizing)
 *        every position reachable from it that is not stored yet.
 *        O(positions reached + options), each position generated once.
 * @param game  The game.
 * @param pos   The position (pos_size bytes).
 * @param value Out: its value.
 * @return #GRUNDY_OK; #GRUNDY_ECYCLE if the rules lead from a position back
 *         to itself; #GRUNDY_ELIMIT at the memory cap; #GRUNDY_ENOMEM;
 *         #GRUNDY_ECANCELED; a generator's own status; #GRUNDY_ESTATE when
 *         called from the game's own move generator or progress callback
 *         (the evaluation under way goes on).  After an error the game
 *         stays usable and keeps every value already found.
 */
GRUNDY_API int grundy_game_value(grundy_game *game, const void *pos, uint32_t *value);

/**
 * @brief As grundy_game_value(), for `uint64_t` positions.
 * @param game  The game (created by grundy_game_new_u64()).
 * @param pos   The position.
 * @param value Out: its value.
 * @return As grundy_game_value().
 */
GRUNDY_API int grundy_game_value_u64(grundy_game *game, uint64_t pos, uint32_t *value);

/**
 * @brief The outcome of @p pos under the game's play (normal unless
 *        grundy_game_set_play() said otherwise).
 * @param game The game.
 * @param pos  The position.
 * @return #GRUNDY_P or #GRUNDY_N, or a negative status as grundy_game_value().
 */
GRUNDY_API int grundy_game_outcome(grundy_game *game, const void *pos);

/**
 * @brief The value of a sum of @p n positions (stored one after another),
 *        under normal play (#GRUNDY_EINVAL under another play: decide other
 *        compounds with grundy_compound_outcome()).
 * @param game      The game.
 * @param positions n * pos_size bytes.
 * @param n         How many positions.
 * @param value     Out: the xor of their values.
 * @return As grundy_game_value().
 */
GRUNDY_API int grundy_game_sum_value(grundy_game *game, const void *positions, size_t n,
                                     uint32_t *value);

/**
 * @brief A winning move in the sum of @p n positions: replace component
 *        @p component by the option written to @p parts (its @p nparts
 *        component positions).  With n = 1, a winning move of one position.
 * @param game      The game.
 * @param positions n * pos_size bytes.
 * @param n         How many positions.
 * @param component Out: the index of the component to move in.
 * @param parts     Out: room for @p cap positions.
 * @param cap       The room in @p parts, in positions.
 * @param nparts    Out: how many parts the option has (it may exceed cap;
 *                  then only cap are written).
 * @return 1 if found, 0 if the sum is a P-position, or a negative status.
 */
GRUNDY_API int grundy_game_sum_winning_move(grundy_game *game, const void *positions, size_t n,
                                            size_t *component, void *parts, uint32_t cap,
                                            uint32_t *nparts);

/**
 * @brief As grundy_game_sum_winning_move(), for `uint64_t` positions.
 * @param game      The game (created by grundy_game_new_u64()).
 * @param positions The positions.
 * @param n         How many.
 * @param component Out: the index of the component to move in.
 * @param parts     Out: room for @p cap positions.
 * @param cap       The room in @p parts.
 * @param nparts    Out: how many parts the option has.
 * @return 1 if found, 0 if the sum is a P-position, or a negative status.
 */
GRUNDY_API int grundy_game_sum_winning_move_u64(grundy_game *game, const uint64_t *positions,
                                                size_t n, size_t *component, uint64_t *parts,
                                                uint32_t cap, uint32_t *nparts);

/**
 * @brief Statistics of the memo table.
 * @param game      The game.
 * @param positions Out (may be NULL): positions stored.
 * @param bytes     Out (may be NULL): bytes held by the table.
 */
GRUNDY_API void grundy_game_stats(const grundy_game *game, uint64_t *positions, uint64_t *bytes);

/**
 * @brief A description of the most recent failure on this game.
 *
 * Read it right after a call that failed.  Every failure with more to say
 * than its status writes its message here: a cycle in the rules, the memory
 * cap (and where it was met), an option the play does not allow, a move
 * generator that failed, a setting changed after positions were stored.  A
 * call that fails with #GRUNDY_ENOMEM, or for an invalid argument (a NULL
 * pointer, an unknown constant), may leave the string empty or as an
 * earlier failure left it, and so may a call that succeeds: after a success
 * its content is unspecified.
 * @param game The game.
 * @return A string owned by the game, valid until its next call; "" for
 *         NULL or if no failure has written one.
 */
GRUNDY_API const char *grundy_game_errmsg(const grundy_game *game);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Heap games: octal, hexadecimal, subtraction, Grundy's game, Lasker's Nim
 *
 * Games played on heaps of tokens where a move takes tokens from one heap and
 * may leave the rest as up to three heaps.  The value sequence G(0), G(1), ...
 * is computed once, stored, and, where the game's theory allows, proved
 * periodic, after which every value comes from the period.
 *
 * A game is named by a string, as in `grundy values GAME N`:
 * - an octal code `d0.d1d2d3...`: digit dk says what removing k tokens may
 *   leave: bit 1 none (the whole heap), bit 2 one heap, bit 4 two non-empty
 *   heaps.  The part before the point is optional (`.137` means `0.137`); d0
 *   may only have bits 4 and 8 (split a heap without removing anything: `4.07`).
 *   Kayles is `0.77`, Dawson's Kayles `0.07`.
 * - a hexadecimal code: the same with digits up to F, where bit 8 allows
 *   leaving three non-empty heaps (`0.F`); any digit above 7 makes the code
 *   hexadecimal.
 * - `sub:S1,S2,...`: the subtraction game removing S1, S2, ... tokens.
 * - `grundy`: Grundy's game, split a heap into two unequal heaps.
 * - `lasker`: Lasker's Nim, remove any number of tokens, or split a heap into two.
 *
 * Periods are proved by the periodicity theorem of Guy and Smith.  With t the
 * most tokens a move removes, if G(n + p) = G(n) for n0 <= n < N - p then
 * G is periodic with period p from n0 on, where N (the values needed) is
 * m + p + t for games whose moves never split, 2m + 2p + t for octal games,
 * and 3m + 3p + t for hexadecimal games that may leave three heaps, with
 * m = max(n0, 1) (m = n0 for subtraction games, where leaving a heap of 0
 * and taking the whole heap are the same move).  Grundy's and Lasker's games
 * have no finite t (or splits that must be unequal), so no period is claimed.
 * @{ */

/** An opaque heap game with its computed values. */
typedef struct grundy_heap_game grundy_heap_game;

/**
 * @brief Create a heap game from its name (see above).
 * @param out   Out: the game, to be released with grundy_heap_game_free().
 * @param name  The game's name or code, NUL-terminated.
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @param errpos Out (may be NULL): on #GRUNDY_EPARSE or #GRUNDY_ELIMIT, the
 *               offset in @p name of the offending character (for a code
 *               too long, the first digit too many).
 * @return #GRUNDY_OK; #GRUNDY_EPARSE (nothing is created; the message of
 *         grundy_heap_game_parse_error() explains it); #GRUNDY_ENOMEM;
 *         #GRUNDY_ELIMIT for codes of more than 4095 digits after the point or subtraction
 *         sets above 2^20; #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_new(grundy_heap_game **out, const char *name,
                                    const grundy_allocator *alloc, size_t *errpos);

/**
 * @brief Why @p name is not a valid heap game name, or "" if it is one.
 * @param name The game's name or code.
 * @param buf  Out: the message, NUL-terminated and truncated to @p cap bytes.
 * @param cap  The room in @p buf (at least 1).
 * @return #GRUNDY_OK if the name is valid, else #GRUNDY_EPARSE or
 *         #GRUNDY_ELIMIT (as grundy_heap_game_new()), #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_heap_game_parse_error(const char *name, char *buf, size_t cap);

/**
 * @brief Create the subtraction game with the given set.
 * @param out   Out: the game.
 * @param set   The amounts a move may remove, each 1 to 2^20 (any order; repeats ignored).
 * @param n     How many, at least 1.
 * @param alloc Allocator (copied), or NULL.
 * @return #GRUNDY_OK, #GRUNDY_EINVAL, #GRUNDY_ELIMIT, #GRUNDY_ENOMEM.
 */
GRUNDY_API int grundy_heap_game_new_subtraction(grundy_heap_game **out, const uint32_t *set,
                                                size_t n, const grundy_allocator *alloc);

/** @brief Release a heap game.  NULL is a no-op.
 *  @param game The game. */
GRUNDY_API void grundy_heap_game_free(grundy_heap_game *game);

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
 * @brief Turn period detection on (the default) or off.  With it on, the
 *        computation checks for a provable period as it goes and stops
 *        computing once one is proved.
 * @param game The game.
 * @param on   Non-zero for on.
 */
GRUNDY_API void grundy_heap_game_set_period_detection(grundy_heap_game *game, int on);

/**
 * @brief Choose how values are computed: 1 (the default) lets the library use
 *        the sparse-space method where the game has sparse structure, 0 forces
 *        the plain loop over every option.  Both give identical values.
 *
 * The sparse-space method (Berlekamp, Gangolli and Plambeck; Flammenkamp's
 * record computations) classes values as rare or common by the parity of
 * popcount(value & mask); since parity adds under xor, a split gives a common
 * value only if one part is rare, so a value needs the splits through the few
 * rare heaps, plus a check of the smaller rare values.  The mask is chosen
 * from the values computed and re-chosen as they grow.
 * @param game The game.
 * @param on   Non-zero for the sparse method where it pays.
 */
GRUNDY_API void grundy_heap_game_set_sparse(grundy_heap_game *game, int on);

/**
 * @brief Let grundy_heap_game_compute() use up to @p threads threads (the
 *        default is 1: the library starts no thread unless asked).
 *
 * With 2 or more, heaps are computed two at a time: G(n) and G(n + 1) on two
 * threads, each waiting for the other only for the few options that need the
 * value just before it.  The values are identical to one thread's; on two
 * free cores long computations take a little over half the time.  This
 * version uses at most 2 threads; larger counts act as 2.  Builds without
 * POSIX threads (or with GRUNDY_NO_THREADS defined) compute on one thread.
 * The threads live only during grundy_heap_game_compute() (and the calls
 * that compute through it); progress callbacks run on the calling thread.
 * @param game    The game.
 * @param threads The most threads to use; 0 acts as 1.
 */
GRUNDY_API void grundy_heap_game_set_threads(grundy_heap_game *game, unsigned threads);

/**
 * @brief Make G(0) ... G(count - 1) available: compute the values not yet
 *        known, or nothing once a period is proved.  Octal games cost
 *        O(count * (t + count)) at most; subtraction games O(count * |S|).
 * @param game  The game.
 * @param count How many values.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_ELIMIT (beyond 2^32 values
 *         stored), #GRUNDY_ECANCELED (values found so far are kept).
 */
GRUNDY_API int grundy_heap_game_compute(grundy_heap_game *game, uint64_t count);

/**
 * @brief G(heap): from the table, or from the period once one is proved (so
 *        any heap size is fine then), computing the table up to heap if needed.
 * @param game  The game.
 * @param heap  The heap size.
 * @param value Out: G(heap).
 * @return As grundy_heap_game_compute().
 */
GRUNDY_API int grundy_heap_game_value(grundy_heap_game *game, uint64_t heap, uint32_t *value);

/**
 * @brief Search for a proved period, computing values up to @p max heap sizes.
 * @param game      The game.
 * @param max       The most values to compute.
 * @param period    Out: the least period p.
 * @param preperiod Out: the least n0 with G(n + p) = G(n) for all n >= n0.
 * @return 1 if proved, 0 if not proved within @p max values (or the game has
 *         no finite t), or a negative status as grundy_heap_game_compute().
 */
GRUNDY_API int grundy_heap_game_period(grundy_heap_game *game, uint64_t max, uint64_t *period,
                                       uint64_t *preperiod);

/**
 * @brief How many values are stored (computed so far).
 * @param game The game.
 * @return The count.
 */
GRUNDY_API uint64_t grundy_heap_game_computed(const grundy_heap_game *game);

/**
 * @brief The outcome of a sum of heaps: #GRUNDY_N iff the xor of their values
 *        is non-zero.
 * @param game  The game.
 * @param heaps The heap sizes.
 * @param n     How many heaps.
 * @return #GRUNDY_N or #GRUNDY_P, or a negative status as grundy_heap_game_value().
 */
GRUNDY_API int grundy_heap_game_outcome(grundy_heap_game *game, const uint64_t *heaps, size_t n);

/**
 * @brief A winning move in a sum of heaps: from heap @p heap, leave the
 *        @p nleft heaps written to @p left (0 to 3 of them).
 * @param game  The game.
 * @param heaps The heap sizes.
 * @param n     How many heaps.
 * @param heap  Out: the heap to move in (counted from 0).
 * @param left  Out: room for 3 heap sizes, what the move leaves of that heap.
 * @param nleft Out: how many heaps it leaves.
 * @return 1 if found, 0 if the position is P, or a negative status
 *         (#GRUNDY_ELIMIT for a heap beyond the values computed when no
 *         period is known and the move search would need them all).
 */
GRUNDY_API int grundy_heap_game_winning_move(grundy_heap_game *game, const uint64_t *heaps,
                                             size_t n, size_t *heap, uint64_t *left,
                                             uint32_t *nleft);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Ways of playing and compounds
 *
 * Besides normal play (the last player to move wins), a game can be played
 * misère (the last player to move loses), and games can be combined in other
 * ways than the disjunctive sum.  Each way of playing has a number per
 * position from which the outcome of a compound follows:
 *
 * | play | number | single position is N iff |
 * | --- | --- | --- |
 * | #GRUNDY_PLAY_NORMAL | Sprague-Grundy value | value != 0 |
 * | #GRUNDY_PLAY_MISERE | misère Grundy value (terminal 1, else mex) | value != 0 |
 * | #GRUNDY_PLAY_WTIA | w-number: #GRUNDY_SP, #GRUNDY_SC or a mex | #GRUNDY_SC or non-zero |
 * | #GRUNDY_PLAY_REMOTENESS | remoteness (Smith) | odd |
 * | #GRUNDY_PLAY_SUSPENSE | suspense number (Smith) | odd |
 * | #GRUNDY_PLAY_LOOPY | generalized Sprague-Grundy value or #GRUNDY_INF | see grundy_graph_play_outcome() |
 *
 * Every play but the loopy one needs an acyclic graph without split moves
 * (normal play allows splits); the loopy play allows cycles but no splits.
 * @{ */

/** Normal play: Sprague-Grundy values. */
#define GRUNDY_PLAY_NORMAL 0
/** Misère play of one position: misère Grundy values. */
#define GRUNDY_PLAY_MISERE 1
/** "Winner takes it all" (diminished disjunctive compound): w-numbers. */
#define GRUNDY_PLAY_WTIA 2
/** Conjunctive compound: remoteness. */
#define GRUNDY_PLAY_REMOTENESS 3
/** Continued conjunctive compound (Every-SG): suspense numbers. */
#define GRUNDY_PLAY_SUSPENSE 4
/** Games with cycles: generalized Sprague-Grundy values. */
#define GRUNDY_PLAY_LOOPY 5

/** w-number of a super-losing position: the player to move has already lost. */
#define GRUNDY_SP 0xffffffffu
/** w-number of a super-winning position: a move reaches a #GRUNDY_SP position. */
#define GRUNDY_SC 0xfffffffeu
/** Generalized Sprague-Grundy value "infinity". */
#define GRUNDY_INF 0xffffffffu
/** In a compound move: this component is not moved. */
#define GRUNDY_NO_MOVE 0xffffffffu
/** Kind of a 64-bit w-number: a number. */
#define GRUNDY_W_NUMBER 0
/** Kind of a 64-bit w-number: super-winning. */
#define GRUNDY_W_SC 1
/** Kind of a 64-bit w-number: super-losing. */
#define GRUNDY_W_SP 2

/** Disjunctive sum, normal play: move in exactly one component. */
#define GRUNDY_SUM_DISJUNCTIVE 0
/** Disjunctive sum, misère play, decided by memoized search over the sum. */
#define GRUNDY_SUM_MISERE 1
/** Disjunctive sum, misère play, decided by the SJ theorem (Anti-SG). */
#define GRUNDY_SUM_ANTI_SG 2
/** "Winner takes it all": whoever finishes any component first wins. */
#define GRUNDY_SUM_WTIA 3
/** Conjunctive compound: move in every component; play ends when any ends. */
#define GRUNDY_SUM_CONJUNCTIVE 4
/** Continued conjunctive compound (Every-SG): move in every unfinished
 *  component; play ends when all have ended. */
#define GRUNDY_SUM_CONTINUED 5
/** Selective compound: move in any non-empty set of components. */
#define GRUNDY_SUM_SELECTIVE 6
/** Shortened selective compound: as selective, but play ends when any
 *  component ends (so a sum with an ended component is lost for the player
 *  to move; decided by remoteness). */
#define GRUNDY_SUM_SHORTENED 7
/** Disjunctive sum of loopy games (draws possible). */
#define GRUNDY_SUM_LOOPY 8
/** Disjunctive sum, misère play, of tame positions, decided by their genus
 *  symbols without search (#GRUNDY_EINVAL if a component is not tame). */
#define GRUNDY_SUM_TAME 9

/** How many genus terms (gamma_0 ... ) libgrundy computes per position. */
#define GRUNDY_GENUS_TERMS 12

/**
 * @brief Compute the numbers of @p play for every node.  Normal play is
 *        grundy_graph_solve().  O(V + E) for every play but the loopy one,
 *        which is O(V + E) per distinct value.  Solving again an unchanged
 *        graph does nothing.
 * @param g    The graph.
 * @param play One of the `GRUNDY_PLAY_*` constants.
 * @return #GRUNDY_OK; #GRUNDY_ECYCLE (acyclic plays); #GRUNDY_EINVAL for an
 *         unknown play, or split moves where the play needs none (the
 *         message names a node); #GRUNDY_ENOMEM; #GRUNDY_ECANCELED.
 */
GRUNDY_API int grundy_graph_solve_play(grundy_graph *g, int play);

/**
 * @brief The number of @p node under @p play.  O(1).
 * @param g     The graph, solved for @p play.
 * @param play  The play.
 * @param node  The node.
 * @param value Out: its number.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if not solved for @p play, #GRUNDY_ERANGE,
 *         #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_graph_play_value(const grundy_graph *g, int play, uint32_t node,
                                       uint32_t *value);

/**
 * @brief All numbers of @p play, an array owned by the graph (valid until it
 *        changes), or NULL if not solved for @p play.
 * @param g    The graph.
 * @param play The play.
 * @return The array of grundy_graph_node_count() numbers, or NULL.
 */
GRUNDY_API const uint32_t *grundy_graph_play_values(const grundy_graph *g, int play);

/**
 * @brief The outcome of @p node alone under @p play: for the loopy play, a
 *        finite value is N iff non-zero; #GRUNDY_INF is N if a follower has
 *        value 0, else #GRUNDY_D.
 * @param g    The graph, solved for @p play.
 * @param play The play.
 * @param node The node.
 * @return #GRUNDY_P, #GRUNDY_N or #GRUNDY_D; #GRUNDY_ESTATE, #GRUNDY_ERANGE.
 */
GRUNDY_API int grundy_graph_play_outcome(const grundy_graph *g, int play, uint32_t node);

/**
 * @brief For the loopy play: the distinct finite values of the followers of
 *        @p node, in increasing order (what `inf{...}` lists).  O(degree).
 * @param g      The graph, solved for #GRUNDY_PLAY_LOOPY.
 * @param node   The node.
 * @param values Out: up to @p cap values (may be NULL when cap is 0).
 * @param cap    The room in @p values.
 * @param count  Out: how many there are (may exceed cap).
 * @return #GRUNDY_OK, #GRUNDY_ESTATE, #GRUNDY_ERANGE, #GRUNDY_EINVAL, #GRUNDY_ENOMEM.
 */
GRUNDY_API int grundy_graph_loopy_followers(const grundy_graph *g, uint32_t node,
                                            uint32_t *values, size_t cap, size_t *count);

/**
 * @brief The outcome of a compound of graph positions.  Solves the plays it
 *        needs.  The misère compound searches the sum (see the guide).
 * @param g        The graph.
 * @param compound One of the `GRUNDY_SUM_*` constants.
 * @param nodes    The components (a node may repeat).
 * @param n        How many.
 * @return #GRUNDY_P, #GRUNDY_N or #GRUNDY_D; or a negative status as
 *         grundy_graph_solve_play(); #GRUNDY_EINVAL if the SJ theorem's
 *         precondition fails (the message names a node).
 */
GRUNDY_API int grundy_graph_compound_outcome(grundy_graph *g, int compound,
                                             const uint32_t *nodes, size_t n);

/**
 * @brief A winning move in a compound: `moves[i]` is the move to play in
 *        component i (k of grundy_graph_move()), or #GRUNDY_NO_MOVE.  From a
 *        draw (loopy compound) the move keeps the draw.
 * @param g        The graph.
 * @param compound One of the `GRUNDY_SUM_*` constants.
 * @param nodes    The components.
 * @param n        How many.
 * @param moves    Out: n entries.
 * @return 1 if such a move exists; 0 if the position is P (or the player to
 *         move has already won and has no move); a negative status as
 *         grundy_graph_compound_outcome().
 */
GRUNDY_API int grundy_graph_compound_move(grundy_graph *g, int compound, const uint32_t *nodes,
                                          size_t n, uint32_t *moves);

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
 *               (#GRUNDY_SUM_TAME).
 * @return #GRUNDY_OK; as grundy_graph_solve_play() otherwise.
 */
GRUNDY_API int grundy_graph_genus(grundy_graph *g, uint32_t node, uint32_t *gamma, size_t cap,
                                  int *tame);

/**
 * @brief The outcome of a compound from its components' numbers alone, for
 *        the compounds that numbers decide: disjunctive, Anti-SG (the caller
 *        vouches for the SJ precondition) and selective use normal values;
 *        WTIA uses w-numbers; conjunctive and shortened selective use
 *        remoteness; continued conjunctive uses suspense numbers.  O(n).
 * @param compound The compound.
 * @param numbers  The components' numbers.
 * @param n        How many.
 * @return #GRUNDY_P or #GRUNDY_N; #GRUNDY_EINVAL for the misère and loopy
 *         compounds (numbers do not decide them) or an unknown compound.
 */
GRUNDY_API int grundy_compound_outcome(int compound, const uint32_t *numbers, size_t n);

/**
 * @brief Play rule-defined games under @p play instead of normal play:
 *        grundy_game_value() then returns that play's numbers.  Only before
 *        the first evaluation.  Misère, WTIA, remoteness and suspense need
 *        options of at most one part (no splits); the loopy play is for graphs.
 * @param game The game.
 * @param play #GRUNDY_PLAY_NORMAL, #GRUNDY_PLAY_MISERE, #GRUNDY_PLAY_WTIA,
 *             #GRUNDY_PLAY_REMOTENESS or #GRUNDY_PLAY_SUSPENSE.
 * @return #GRUNDY_OK, #GRUNDY_ESTATE if positions are stored, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_game_set_play(grundy_game *game, int play);

/**
 * @brief Nim on levels (seed problem, "winner takes it all"): the w-number of
 *        one super-heap, a stack of heaps from which a move takes one or more
 *        coins from the top non-empty heap; whoever empties a super-heap wins.
 * @param heaps The heap sizes from the bottom up (zeros are ignored).
 * @param k     How many.
 * @param w     Out: the w-number when it is a number.
 * @return #GRUNDY_W_NUMBER with *w set; #GRUNDY_W_SC (one non-empty heap);
 *         #GRUNDY_W_SP (no coins); #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_nim_levels_w(const uint64_t *heaps, size_t k, uint64_t *w);

/**
 * @brief A winning move in Nim on levels with @p n super-heaps, stored one
 *        after another in @p heaps (super-heap i has `counts[i]` heaps, bottom
 *        first): take @p take coins from the top non-empty heap of super-heap
 *        @p superheap.
 * @param heaps     All heap sizes.
 * @param counts    Heaps per super-heap.
 * @param n         How many super-heaps.
 * @param superheap Out: where to move.
 * @param take      Out: how many coins to take.
 * @return 1 if found; 0 if the position is lost (or already over);
 *         #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_nim_levels_winning_move(const uint64_t *heaps, const size_t *counts,
                                              size_t n, size_t *superheap, uint64_t *take);

/** @} */

/* ------------------------------------------------------------------------ */
/** @name Nimbers
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
 * @brief Build the tables for fast nimber arithmetic.
 * @param out   Out: the handle, to be released with grundy_nimber_free().
 * @param alloc Allocator (copied), or NULL for malloc/realloc/free.
 * @return #GRUNDY_OK, #GRUNDY_ENOMEM, #GRUNDY_EINVAL.
 */
GRUNDY_API int grundy_nimber_new(grundy_nimber **out, const grundy_allocator *alloc);

/** @brief Release the tables.  NULL is a no-op.
 *  @param nb The handle. */
GRUNDY_API void grundy_nimber_free(grundy_nimber *nb);

/**
 * @brief The nim product of @p a and @p b.
 * @param nb The tables, or NULL for the (slower) table-free method.
 * @param a  A nimber.
 * @param b  A nimber.
 * @return a (x) b.
 */
GRUNDY_API uint64_t grundy_nim_mul(const grundy_nimber *nb, uint64_t a, uint64_t b);

/**
 * @brief The nim power a^e (repeated nim multiplication; a^0 = 1).
 * @param nb The tables, or NULL.
 * @param a  The base.
 * @param e  The exponent.
 * @return The power.
 */
GRUNDY_API uint64_t grundy_nim_pow(const grundy_nimber *nb, uint64_t a, uint64_t e);

/**
 * @brief The nim inverse of @p a: the b with a (x) b = 1.
 * @param nb  The tables, or NULL.
 * @param a   A non-zero nimber.
 * @param inv Out: its inverse.
 * @return #GRUNDY_OK, or #GRUNDY_ERANGE for a = 0, #GRUNDY_EINVAL for a NULL out-pointer.
 */
GRUNDY_API int grundy_nim_inv(const grundy_nimber *nb, uint64_t a, uint64_t *inv);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* GRUNDY_H */
