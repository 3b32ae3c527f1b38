/* SPDX-License-Identifier: MIT */
/* A heap game's handle, shared by the files that make up heap games:
 * heap_game.c (the handle, its rules, settings and messages),
 * heap_rules.c (a name parsed into rules, heap_rules.h), heap_compute.c
 * (the value sequence, by the kernels of heap_kernel.h, stored as
 * heap_values.c keeps it), heap_sparse.c (the sparse-space method's mask and
 * rare heaps) with heap_scan.c (its confirmation scans), heap_threads.c
 * (two lanes), heap_subtraction.c (subtraction games' own engine) with
 * heap_sub_runs.c (their values as runs, for a large amount),
 * heap_allbut.c (all-but games' values and certificate), heap_period.c (the
 * period proved by the Guy-Smith theorem), heap_arith.c (arithmetic
 * periods, Lasker's Nim's closed form, 64-bit values), heap_order.c (the
 * list of a heap's moves), heap_moves.c (sums and their winning moves),
 * heap_misere.c (misère play, by a search of sums of heaps) and
 * heap_genus.c (genus symbols and tameness). */
#ifndef GRUNDY_HEAP_GAME_H
#define GRUNDY_HEAP_GAME_H

/* The heap files define the experimental tuning switches, so they see
 * their declarations (and with them GRUNDY_API, which exports them). */
#ifndef GRUNDY_EXPERIMENTAL
#define GRUNDY_EXPERIMENTAL
#endif

#include "core/mex.h"
#include "core/threads.h"
#include "heap/heap_rules.h"
#include "heap/heap_scan.h"
#include "heap/heap_values.h"
#include "play/play.h"

#define GRUNDY__HEAP_LANES 2u             /* values computed at once (heap_threads.c) */
#define GRUNDY__HEAP_ABANDONED UINT32_MAX /* a lane gave up a value: the other one stopped */
#define GRUNDY__HEAP_MSG 256u             /* room for the message of the last failure */
#define GRUNDY__HEAP_SEARCH_LIMIT GRUNDY__SEARCH_LIMIT /* sums a misère call examines, by default */

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
#ifndef GRUNDY_NO_MISERE_PLAY /* which has no search, and no game given by rules to run it */
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

/* A table of (hash, heap) pairs, heap 0 meaning free, kept at most half
 * full: the windows the subtraction engines have met (heap_subtraction.c,
 * heap_sub_runs.c), looked up by linear probing from the home slot. */
typedef struct grundy__heap_pairs {
    uint64_t *p;        /* 2 * cap words: hash, heap */
    size_t cap, count;  /* pairs of room (a power of two), pairs used */
} grundy__heap_pairs;

/* A regularity seen in values: G(n + period) = G(n) + saltus from the
 * preperiod on, up to the values examined. */
typedef struct grundy__heap_seen {
    uint64_t period, preperiod, saltus, upto;
} grundy__heap_seen;

/* A subtraction game's values kept as runs (heap_sub_runs.c, private). */
typedef struct grundy__sub_runs grundy__sub_runs;

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
    /* A subtraction game's values as runs instead of vals, or NULL
     * (heap_sub_runs.c); runs_mode 0: tried from a large amount on, 1
     * (tests only): at any, -1: given up for this game.  The runs are
     * reached through runs_fill and runs_observe, so that an edition cut to
     * calls keeps them only with the subtraction engine: out[0 .. count) =
     * G(first), ... of known heaps; grundy__heap_observe on the values below
     * max (1, 0 or GRUNDY_ENOMEM; 0 past 2^24 values). */
    grundy__sub_runs *runs;
    int runs_mode;
    uint64_t runs_known; /* G(0) ... G(runs_known - 1), or every heap once periodic */
    void (*runs_fill)(const grundy_heap_game *g, uint64_t first, uint64_t count, uint32_t *out);
    int (*runs_observe)(grundy_heap_game *g, uint64_t max, grundy__heap_seen *seen);
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
int grundy__heap_fail(grundy_heap_game *g, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The checks every call that computes makes: the game has rules and is not
 * called from its own progress callback (GRUNDY_ESTATE, with a message
 * naming the call). */
int grundy__heap_ready(grundy_heap_game *g, const char *call);

/* grundy__heap_ready, and a play heap games compute: GRUNDY_EINVAL for what
 * is not a play, GRUNDY_ENOTSUP for any but normal and misère play. */
int grundy__heap_ready_play(grundy_heap_game *g, int play, const char *call);

/* Makes *L the scratch of a lane for values below bound - 1, keeping its
 * work count; on failure *L is unchanged. */
int grundy__heap_lane_init(grundy__heap_lane *L, const grundy_allocator *a, size_t bound);

/* ---- heap_compute.c -------------------------------------------------------- */

/* G(n) on lane L by the kernel of the values' width, or GRUNDY__HEAP_ABANDONED. */
uint32_t grundy__heap_next_value(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n);

/* Makes G(0) ... G(count - 1) known by the general engine (the kernels of
 * heap_kernel.h, or the engine's run), the engine of every game but
 * subtraction games, unless a period answers; failures get their message. */
int grundy__heap_general_compute(grundy_heap_game *g, uint64_t count);

/* Makes G(0) ... G(heap) known: computes the table up to heap unless a
 * period answers (GRUNDY_ELIMIT past 2^32 values without one, or past the
 * memory cap); failures get their message. */
int grundy__heap_compute_for(grundy_heap_game *g, uint64_t heap);

/* grundy__heap_compute_for, then *value = G(heap) whole (GRUNDY_ERANGE past
 * 2^64 - 1: Lasker's Nim at 2^64 - 1); failures get their message. */
int grundy__heap_value_of(grundy_heap_game *g, uint64_t heap, uint64_t *value);

/* grundy__heap_compute_for, and G(heap) fits 32 bits (GRUNDY_ERANGE, with
 * a message naming grundy_heap_game_value64, where an arithmetic period
 * takes it past). */
int grundy__heap_ensure(grundy_heap_game *g, uint64_t heap);

/* G(heap) for a heap in the table or in the proved (arithmetic) periodic
 * range, whole: past the table it is G(n0 + r) + q * saltus with
 * heap - n0 = q * period + r.  Returns 0 where it passes 2^64 - 1 (*v is
 * then UINT64_MAX), else 1. */

static inline int grundy__heap_value_wide(const grundy_heap_game *g, uint64_t heap, uint64_t *v)
{
    if (g->runs != NULL) { /* a subtraction game's runs (heap_sub_runs.c) */
        uint32_t x;
        g->runs_fill(g, heap, 1, &x);
        *v = x;
        return 1;
    }
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
int grundy__heap_sub_compute(grundy_heap_game *g, uint64_t count);

static inline size_t grundy__heap_pairs_slot(const grundy__heap_pairs *t, uint64_t h)
{
    return (size_t)((h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull >> 7) & (t->cap - 1);
}

/* Room for one more pair, the table doubled (and its pairs placed again)
 * when it would pass half full: GRUNDY_OK or GRUNDY_ENOMEM. */
int grundy__heap_pairs_room(const grundy_allocator *a, grundy__heap_pairs *t);

/* ---- heap_sub_runs.c --------------------------------------------------------- */

/* Makes G(0) ... G(count - 1) known as runs of a short period, or proves
 * the period (g->periodic): for a subtraction game of at most 63 amounts,
 * the largest 2^16 or more, with detection on and no value in vals.
 * GRUNDY_OK, 1 where runs do not fit the game (given up: the runs are
 * freed, and never tried again), or a status; g->runs_known says how far
 * the values go. */
int grundy__heap_sub_runs(grundy_heap_game *g, uint64_t count);

/* Frees the runs (NULL is a no-op). */
void grundy__heap_sub_runs_free(grundy_heap_game *g);

/* ---- heap_sparse.c --------------------------------------------------------- */

/* The sparse method needs splits into exactly two heaps and finitely many
 * removals; it is worth its bookkeeping only past the first values. */
static inline int grundy__heap_sparse_possible(const grundy_heap_game *g)
{
    return g->sparse_allowed && g->rules.tail == 0 && g->rules.max_parts == 2 && g->nsplit > 0;
}

/* Whether the heap just computed, of value v, joins the rare list. */
int grundy__heap_is_rare(const grundy_heap_game *g, uint64_t heap, uint32_t v);

/* Room for `more` rare heaps past those listed. */
int grundy__heap_rare_room(grundy_heap_game *g, uint64_t more);

/* Room in the histogram that chooses the mask for values up to v. */
int grundy__heap_hist_room(grundy_heap_game *g, uint32_t v);

/* Chooses the mask again (at doubling lengths) and rebuilds the rare list.
 * Nothing changes unless the new list has its room. */
int grundy__heap_rechoose(grundy_heap_game *g);

/* ---- heap_threads.c -------------------------------------------------------- */

#if GRUNDY__THREADS
/* Waits until G(n - 1) is stored: 1, or 0 if the lanes stop. */
int grundy__heap_wait_published(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n);

/* Before a kernel reads G(n - 1): waits for it where the other lane may be
 * computing it (see grundy__heap_wait_published). */
static inline int grundy__heap_lane_wait(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    return !L->waits || grundy__load_acquire(&g->state) >> 2 >= n ||
           grundy__heap_wait_published(g, L, n);
}

/* Whether a segment of two lanes should start (1) or not (0); -1 when the
 * second lane's scratch cannot be had. */
int grundy__heap_lanes_ready(grundy_heap_game *g);

/* Records the speed of a segment of `values` values in `seconds`, on two
 * lanes or one (the lanes' work counts say how many options). */
void grundy__heap_note_speed(grundy_heap_game *g, int lanes, uint64_t values, double seconds);

/* Computes heaps vals.n .. stop - 1 on two lanes (fewer if a value needs
 * more room: the next one then does). */
int grundy__heap_run_lanes(grundy_heap_game *g, uint64_t stop);

/* Whether lane 1 may still be reading the values, rare list and scratch. */
static inline int grundy__heap_lane1_busy(grundy_heap_game *g)
{
    return grundy__load_acquire(&g->lane1_busy) != 0;
}

/* Waits (asleep) until lane 1 has left its last segment: before anything
 * it may read changes (room, mask, scratch) and at the end of a
 * computation. */
void grundy__heap_lanes_settle(grundy_heap_game *g);

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
int grundy__heap_each_block(const grundy__heap_rules *r, uint64_t heap, grundy__heap_block_fn fn,
                            void *ctx);

/* Called on each move in list order with its index k (saturated at
 * UINT64_MAX) and the heaps it leaves, increasing (nparts 0 to 3); a
 * non-zero return stops the walk. */
typedef int (*grundy__heap_move_fn)(void *ctx, uint64_t k, const uint64_t *parts, size_t nparts);

/* Walks every move of heap under rules r, one by one (the misère search,
 * its genus and widths): fn's first non-zero return, or 0.  O(moves). */
int grundy__heap_each_move(const grundy__heap_rules *r, uint64_t heap, grundy__heap_move_fn fn,
                           void *ctx);

/* The same walk for an answer that sees heaps through a map periodic from
 * heap `from` with `period` (a solved misère quotient's Φ): of the moves
 * whose parts are all at least `from`, in a run or in the splits into two
 * heaps, only those whose classes (h mod period) have not come before
 * are walked, so a winning move in it is the first of the whole walk.
 * O(from + period) moves a block, not O(heap); period 0 walks them all. */
int grundy__heap_each_move_periodic(const grundy__heap_rules *r, uint64_t heap, uint64_t from,
                                    uint64_t period, grundy__heap_move_fn fn, void *ctx);

/* The index within its block of the three-heap split (a, b, m - a - b),
 * a <= b <= m - a - b, saturated at UINT64_MAX. */
uint64_t grundy__heap_rank3(uint64_t m, uint64_t a, uint64_t b);

/* ---- heap_allbut.c --------------------------------------------------------- */

/* Computes the values of an all-but game up to stop (fewer on an error:
 * GRUNDY_ENOMEM, or GRUNDY_ELIMIT past the memory cap). */
int grundy__heap_allbut_run(grundy_heap_game *g, uint64_t stop);

/* Whether the values computed certify G(m + p) = G(m) + s for every m >= n
 * (n past the largest excluded amount, n + p within the values): 1 or 0,
 * or GRUNDY_ENOMEM. */
int grundy__heap_allbut_certify(grundy_heap_game *g, uint64_t p, uint64_t s, uint64_t n);

void grundy__heap_allbut_free(grundy_heap_game *g);

/* ---- heap_arith.c ---------------------------------------------------------- */

/* Looks in the n values of v for the least period p, with the least
 * preperiod for it, such that G(m + p) = G(m) + s over the rest, seen
 * over at least three periods and half the values; s = 0 only, unless
 * saltus_ok.  1 and *seen, or 0 (never a forced fit: most sequences with
 * no such regularity fail at once, and the work is capped). */
int grundy__heap_observe(const grundy__values *v, uint64_t n, int saltus_ok,
                         grundy__heap_seen *seen);

/* Whether a regularity of this game can be proved: the Guy-Smith theorem
 * applies, or it is an all-but game or Lasker's Nim. */
int grundy__heap_provable(const grundy_heap_game *g);

/* Lasker's Nim, once its first GRUNDY__HEAP_LASKER_FIRST values are
 * computed (the preperiod and one period): records its closed form as the
 * proved regularity (period 4, preperiod 1, saltus 4). */
#define GRUNDY__HEAP_LASKER_FIRST 5u
void grundy__heap_lasker_closed_form(grundy_heap_game *g);

/* Computes up to max values of a game whose regularity can be proved,
 * until one is (the checks of the last values included); nothing for
 * others.  Failures get their message, naming call. */
int grundy__heap_prove(grundy_heap_game *g, uint64_t max, const char *call);

/* Looks for a regularity the values prove by an all-but game's
 * certificate: 1 when found (the game is then periodic), 0, or
 * GRUNDY_ENOMEM. */
int grundy__heap_check_allbut(grundy_heap_game *g);

/* The check of a regularity that fits the game: the all-but certificate,
 * or the Guy-Smith theorem (0 where neither applies).  As those. */
int grundy__heap_check_regularity(grundy_heap_game *g);
/* ---- heap_misere.c -------------------------------------------------------- */

/* Makes g->mis exist (GRUNDY_ENOMEM with a message naming call if not). */
int grundy__heap_misere_state(grundy_heap_game *g, const char *call);

#ifndef GRUNDY_NO_MISERE_PLAY
/* The misère value of each heap first .. first + count - 1 under play (a
 * misère play, with its method flag), into values. */
int grundy__heap_misere_values(grundy_heap_game *g, int play, uint64_t first, size_t count,
                               uint32_t *values, const char *call);

/* The misère value of the sum of heaps[0 .. n) under play. */
int grundy__heap_misere_sum(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                            uint32_t *value, const char *call);

/* The moves of that sum that leave a misère P-position, into w. */
int grundy__heap_misere_wins(grundy_heap_game *g, int play, const uint64_t *heaps, size_t n,
                             grundy__wins *w, const char *call);

/* The misère value of the sum of heaps[0 .. n) and `twos` Nim heaps of
 * two, by search (the genus terms of heap_genus.c). */
int grundy__heap_misere_search(grundy_heap_game *g, const uint64_t *heaps, size_t n,
                               unsigned twos, uint32_t *value, const char *call);

/* Whether the search takes heaps up to heap (GRUNDY_ELIMIT with a message
 * if not): checked before a call computes anything for them. */
int grundy__heap_misere_check_heap(grundy_heap_game *g, uint64_t heap, const char *call);

/* Frees the state of misère play. */
void grundy__heap_misere_free(grundy_heap_game *g);
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
int grundy__heap_genus_upto(grundy_heap_game *g, uint64_t heap, int stop_wild, uint64_t *known,
                            const char *call);

/* ---- heap_period.c --------------------------------------------------------- */

/* Whether the Guy-Smith theorem proves periods of this game. */
int grundy__heap_theorem_applies(const grundy_heap_game *g);

/* Looks for the least period provable from the values computed: 1 when it
 * finds one (the game is then periodic), 0 if none, or GRUNDY_ENOMEM. */
int grundy__heap_check_period(grundy_heap_game *g);

#endif
