/* SPDX-License-Identifier: MIT */
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
#include <stdio.h>

#include "game/game.h"
#include "game/game_word_search.h"

#define MIN_ALONE 16384u /* positions one thread evaluates before starting another */
#define SHARE_MIN 4096u  /* entries the searchers may make between growths, at least */
#define TRIAL 32768u     /* positions the two claim before they are judged */
#define PAY 1.1          /* the speed-up over one thread two must show to stay */

#if GRUNDY__THREADS

typedef struct team {
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
} team;

static int stopped(const team *t)
{
    return __atomic_load_n(&t->ended, __ATOMIC_ACQUIRE);
}

static void stop(team *t)
{
    __atomic_store_n(&t->ended, 1, __ATOMIC_RELEASE);
}

#endif

static int alone(const grundy__word_searcher *s)
{
    return s->team == NULL;
}

#if GRUNDY__THREADS
/* Whether the first searcher's first frame has been evaluated by the other
 * (it helped there): then *value is its number and the rest of the stack
 * is left (the caller unwinds it). */
static int done_by_other(grundy__word_searcher *s, uint32_t *value)
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
static int judged_slow(team *t)
{
    if (t->judged)
        return 0;
    uint64_t claimed = __atomic_load_n(&t->s[0]->claimed, __ATOMIC_RELAXED) +
                       __atomic_load_n(&t->s[1]->claimed, __ATOMIC_RELAXED);
    if (claimed < TRIAL)
        return 0;
    t->judged = 1;
    double took = grundy__seconds() - t->t0;
    int trial = t->s[0]->game->pair_trial;
    if (trial != GRUNDY__PAIR_JUDGE)
        t->retire = trial == GRUNDY__PAIR_RETIRE;
    else if (t->rate_one > 0.0 && took > 0.0)
        t->retire = (double)claimed / took < PAY * t->rate_one;
    return t->retire;
}
#endif

/* Runs s until its stack is empty (or it fails, or the team stops, or the
 * pair retires). */
static int run(grundy__word_searcher *s, uint32_t *value, uint64_t until)
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
        if (rc == GRUNDY_OK && !alone(s) &&
            (stopped((const team *)s->team) || done_by_other(s, value) ||
             (s->thread == 0 && judged_slow((team *)s->team))))
            break;
#endif
    }
    return rc;
}

#if GRUNDY__THREADS

/* Adds what the searchers entered to the memo's count. */
static void count_entered(team *t)
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
static int regrow(team *t)
{
    count_entered(t);
    grundy__word_searcher *s = t->s[0];
    grundy_game *g = s->game;
    grundy__word_memo *m = s->memo;
    uint64_t rebuilds = g->rebuilds;
    int rc = grundy__word_memo_ready(g, m, SHARE_MIN);
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
static int park(grundy__word_searcher *s)
{
    team *t = (team *)s->team;
    unsigned gen = __atomic_load_n(&t->generation, __ATOMIC_ACQUIRE);
    __atomic_store_n(&t->grow, 1, __ATOMIC_RELEASE);
    if (__atomic_add_fetch(&t->parked, 1, __ATOMIC_ACQ_REL) == 2) {
        int rc = regrow(t);
        if (rc != GRUNDY_OK) {
            grundy__word_fail(s, rc, "%s", s->game->errmsg);
            stop(t);
        }
        __atomic_store_n(&t->grow, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&t->parked, 0, __ATOMIC_RELAXED);
        __atomic_add_fetch(&t->generation, 1, __ATOMIC_RELEASE);
        return rc;
    }
    /* The other parks at its next lookup, or has stopped for good. */
    while (__atomic_load_n(&t->generation, __ATOMIC_ACQUIRE) == gen) {
        if (stopped(t) && __atomic_load_n(&t->parked, __ATOMIC_ACQUIRE) < 2)
            return GRUNDY_ECANCELED;
        grundy__thread_yield();
    }
    return stopped(t) ? GRUNDY_ECANCELED : GRUNDY_OK;
}

#endif

int grundy__word_room(grundy__word_searcher *s)
{
    if (alone(s)) {
        grundy_game *g = s->game;
        uint64_t rebuilds = g->rebuilds;
        int rc = grundy__word_memo_ready(g, s->memo, 1);
        if (g->rebuilds != rebuilds)
            grundy__word_refresh(s);
        return rc;
    }
#if GRUNDY__THREADS
    team *t = (team *)s->team;
    int rc = GRUNDY_OK;
    while (rc == GRUNDY_OK && (__atomic_load_n(&t->grow, __ATOMIC_ACQUIRE) ||
                               s->entered >= t->share[s->thread] ||
                               __atomic_load_n(&s->memo->table.long_probe, __ATOMIC_RELAXED)))
        rc = park(s);
    return rc;
#else
    return GRUNDY_OK;
#endif
}

/* A store that found no room, as s's failure. */
static int store_failed(grundy__word_searcher *s, int rc)
{
    if (rc == GRUNDY_ENOMEM)
        return grundy__word_fail(s, rc, "out of memory storing a number %zu moves deep",
                                 s->nframes);
    if (alone(s)) { /* the calling thread: the game's own message */
        grundy__game_memo_full(s->game, rc);
        return grundy__word_fail(s, rc, "%s", s->game->errmsg);
    }
    return grundy__word_fail(s, rc, "memory limit of %zu bytes reached %zu moves deep",
                             s->game->limit, s->nframes);
}

int grundy__word_store(grundy__word_searcher *s, uint64_t pos, size_t ref, uint32_t v)
{
    /* The side table of large numbers is shared by the two searchers.
     * Shared, the memory in use is the snapshot of the last growth and this
     * searcher's stacks: the other's change under it. */
    int rc;
    if (alone(s)) {
        rc = grundy__word_memo_store(s->game, s->memo, pos, ref, v,
                                     grundy__game_used_bytes(s->game));
        return rc == GRUNDY_OK ? rc : store_failed(s, rc);
    }
#if GRUNDY__THREADS
    team *t = (team *)s->team;
    pthread_mutex_lock(&t->big);
    rc = grundy__word_memo_store(s->game, s->memo, pos, ref, v,
                                 s->shared_bytes + grundy__word_searcher_bytes(s));
    pthread_mutex_unlock(&t->big);
    return rc == GRUNDY_OK ? rc : store_failed(s, rc);
#else
    return GRUNDY_OK;
#endif
}

uint32_t grundy__word_number(grundy__word_searcher *s, uint64_t pos, unsigned code)
{
    if (code <= GRUNDY__CODE_MAX || alone(s))
        return grundy__word_memo_number(s->memo, pos, code);
#if GRUNDY__THREADS
    team *t = (team *)s->team;
    pthread_mutex_lock(&t->big);
    uint32_t v = grundy__word_memo_number(s->memo, pos, code);
    pthread_mutex_unlock(&t->big);
    return v;
#else
    return 0;
#endif
}

#if GRUNDY__THREADS

static void *second_main(void *arg)
{
    grundy__word_searcher *s = (grundy__word_searcher *)arg;
    team *t = (team *)s->team;
    uint32_t ignored;
    int rc = grundy__word_frame_room(s);
    if (rc == GRUNDY_OK)
        rc = grundy__word_help(s, t->first, t->first_ref);
    if (rc == GRUNDY_OK)
        rc = run(s, &ignored, UINT64_MAX);
    if (rc != GRUNDY_OK && rc != GRUNDY_ECANCELED)
        stop(t); /* a failure ends the search */
    /* Done with its stack (or stopped): it may still be asked to park. */
    while (rc == GRUNDY_OK && !stopped(t)) {
        if (__atomic_load_n(&t->grow, __ATOMIC_ACQUIRE))
            (void)park(s);
        else
            grundy__thread_yield();
    }
    return NULL;
}

/* The pair retires with the first searcher's stack left: it claims what
 * it was helping the second with, before the second's stack leaves. */
static void take_over(grundy__word_searcher *s0, const grundy__word_searcher *s1)
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
static int run_two(grundy__word_searcher *s0, uint32_t *value, int *rc, double rate_one)
{
    grundy_game *g = s0->game;
    grundy__word_searcher *s1 = &g->searcher[1];
    grundy__worker w;
    team t;
    memset(&t, 0, sizeof t);
    if (pthread_mutex_init(&t.big, NULL) != 0)
        return 0;
    grundy__word_begin(s1, g, s0->play, 1);
    t.s[0] = s0;
    t.s[1] = s1;
    t.first = s0->frames[0].pos;
    s0->team = s1->team = &t;
    s0->shared = s1->shared = 1;
    int grown = regrow(&t);
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
    grundy__worker_post(&w, second_main, s1);
    *rc = run(s0, value, UINT64_MAX);
    int retired = *rc == GRUNDY_OK && t.retire;
    if (*rc == GRUNDY_OK && s0->nframes > 0 && !stopped(&t) && !retired) {
        /* The other evaluated the first frame: the rest is left. */
        grundy__word_unwind(s0, 1);
        s0->nframes = s0->nopts = s0->nparts = 0;
    }
    stop(&t);
    grundy__worker_wait(&w);
    grundy__worker_stop(&w);
    count_entered(&t);
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
        take_over(s0, s1);
        g->pair_retired++;
    }
    grundy__word_unwind(s1, 0);
    pthread_mutex_destroy(&t.big);
    return 1;
}

#endif

int grundy__word_search(grundy__word_searcher *s, uint32_t *value)
{
    grundy_game *g = s->game;
    uint64_t until = g->threads > 1 && GRUNDY__THREADS ? s->evaluated + MIN_ALONE : UINT64_MAX;
    int rc = run(s, value, until - MIN_ALONE / 2);
#if GRUNDY__THREADS
    /* The speed of one thread, timed over the last positions before two. */
    uint64_t from = s->evaluated;
    double t0 = grundy__seconds();
    if (rc == GRUNDY_OK && s->nframes > 0)
        rc = run(s, value, until);
    double took = grundy__seconds() - t0;
    double rate_one = took > 0.0 ? (double)(s->evaluated - from) / took : 0.0;
    if (rc == GRUNDY_OK && s->nframes > 0)
        (void)run_two(s, value, &rc, rate_one);
#endif
    if (rc == GRUNDY_OK && s->nframes > 0)
        rc = run(s, value, UINT64_MAX);
    return rc;
}
