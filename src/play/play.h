/* SPDX-License-Identifier: MIT */
/* The rules of each way of playing: how a position's number follows from
 * the numbers of its options.  One accumulator serves the graph search and
 * the rule-defined game engine alike. */
#ifndef GRUNDY_PLAY_H
#define GRUNDY_PLAY_H

#include "core/mex.h"

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
const char *grundy__play_refusal(int play, int with_method);

/* The play's name for messages ("misère play"). */
const char *grundy__play_name(int play);

/* Builds for some plays only (the contest edition's --plays): each
 * GRUNDY_NO_<PLAY>_PLAY leaves that play out of heap games, games given by
 * rules and game graphs, whose calls then refuse it with GRUNDY_ENOTSUP,
 * and the code only it needs with it; GRUNDY_NORMAL_PLAY_ONLY leaves out
 * every play but normal play. */
#ifdef GRUNDY_NORMAL_PLAY_ONLY
#define GRUNDY_NO_MISERE_PLAY 1
#define GRUNDY_NO_WTIA_PLAY 1
#define GRUNDY_NO_CONJUNCTIVE_PLAY 1
#define GRUNDY_NO_CONTINUED_PLAY 1
#define GRUNDY_NO_LOOPY_PLAY 1
#define GRUNDY_NO_SELECTIVE_PLAY 1
#define GRUNDY_NO_SHORTENED_PLAY 1
#endif

/* 1 if some play but normal play is kept. */
#if defined(GRUNDY_NO_MISERE_PLAY) && defined(GRUNDY_NO_WTIA_PLAY) && \
    defined(GRUNDY_NO_CONJUNCTIVE_PLAY) && defined(GRUNDY_NO_CONTINUED_PLAY) && \
    defined(GRUNDY_NO_LOOPY_PLAY) && defined(GRUNDY_NO_SELECTIVE_PLAY) && \
    defined(GRUNDY_NO_SHORTENED_PLAY)
#define GRUNDY__OTHER_PLAYS 0
#else
#define GRUNDY__OTHER_PLAYS 1
#endif

/* 1 if some play kept decides sums on the graph of the positions they
 * reach (misère, loopy, selective): what games given by rules build it for. */
#if defined(GRUNDY_NO_MISERE_PLAY) && defined(GRUNDY_NO_LOOPY_PLAY) && \
    defined(GRUNDY_NO_SELECTIVE_PLAY)
#define GRUNDY__GRAPH_PLAYS 0
#else
#define GRUNDY__GRAPH_PLAYS 1
#endif

/* 1 if some play is left out. */
#if defined(GRUNDY_NO_MISERE_PLAY) || defined(GRUNDY_NO_WTIA_PLAY) || \
    defined(GRUNDY_NO_CONJUNCTIVE_PLAY) || defined(GRUNDY_NO_CONTINUED_PLAY) || \
    defined(GRUNDY_NO_LOOPY_PLAY) || defined(GRUNDY_NO_SELECTIVE_PLAY) || \
    defined(GRUNDY_NO_SHORTENED_PLAY)
#define GRUNDY__PLAYS_LEFT_OUT 1
#else
#define GRUNDY__PLAYS_LEFT_OUT 0
#endif

#if GRUNDY__PLAYS_LEFT_OUT
/* Whether this build answers play (a public play) in heap games and games
 * given by rules. */
static inline int grundy__play_kept(int play)
{
    unsigned out = 0u
#ifdef GRUNDY_NO_MISERE_PLAY
                   | 1u << GRUNDY_PLAY_MISERE
#endif
#ifdef GRUNDY_NO_WTIA_PLAY
                   | 1u << GRUNDY_PLAY_WTIA
#endif
#ifdef GRUNDY_NO_CONJUNCTIVE_PLAY
                   | 1u << GRUNDY_PLAY_CONJUNCTIVE
#endif
#ifdef GRUNDY_NO_CONTINUED_PLAY
                   | 1u << GRUNDY_PLAY_CONTINUED
#endif
#ifdef GRUNDY_NO_LOOPY_PLAY
                   | 1u << GRUNDY_PLAY_LOOPY
#endif
#ifdef GRUNDY_NO_SELECTIVE_PLAY
                   | 1u << GRUNDY_PLAY_SELECTIVE
#endif
#ifdef GRUNDY_NO_SHORTENED_PLAY
                   | 1u << GRUNDY_PLAY_SHORTENED
#endif
        ;
    return (out >> ((unsigned)grundy__play_base(play) & 31u) & 1u) == 0;
}

/* The refusal of a play this build leaves out: writes into msg (cap
 * bytes) that call cannot answer play in this build and which switch left
 * it out, and returns GRUNDY_ENOTSUP.  One wording for every handle that
 * refuses. */
int grundy__play_left_out(int play, const char *call, char *msg, size_t cap);
#else
#define grundy__play_kept(play) 1
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
uint32_t grundy__play_finished(int play);

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
int grundy__play_outcome(int play, uint32_t v);

/* Starts the number of a position under play (any play but loopy; selective
 * and shortened play count as the play of their numbers). */
void grundy__acc_begin(grundy__acc *acc, int play, grundy__mex *mex);

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

uint32_t grundy__acc_end(const grundy__acc *acc);

/* What one misère search over sums may cost: heap games' (heap_misere.c)
 * and, through the graph of their positions, games' given by rules
 * (game_graph.c, graph_misere.c).  By default a call examines at most
 * GRUNDY__SEARCH_LIMIT sums (each option of each sum it expands), each
 * handle's setter changing it, and its search holds at most
 * GRUNDY__SEARCH_BYTES_PER_SUM bytes per sum of that limit,
 * GRUNDY__SEARCH_MIN_BYTES at least: grundy__search_bytes(). */
#define GRUNDY__SEARCH_LIMIT ((uint64_t)1 << 25)
#define GRUNDY__SEARCH_BYTES_PER_SUM 32u
#define GRUNDY__SEARCH_MIN_BYTES ((uint64_t)1 << 26)

/* The memory cap of a misère search that may examine `sums` sums. */
static inline size_t grundy__search_bytes(uint64_t sums)
{
    if (sums > SIZE_MAX / GRUNDY__SEARCH_BYTES_PER_SUM)
        return SIZE_MAX;
    uint64_t bytes = sums * GRUNDY__SEARCH_BYTES_PER_SUM;
    return (size_t)(bytes > GRUNDY__SEARCH_MIN_BYTES ? bytes : GRUNDY__SEARCH_MIN_BYTES);
}

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

#endif
