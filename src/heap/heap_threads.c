/* SPDX-License-Identifier: MIT */
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
#include "heap/heap_game.h"

#if GRUNDY__THREADS

#define GATE_OPEN 0u
#define GATE_TAKEN 1u             /* lane 1 stores a value */
#define GATE_CLOSED 2u
#define STATE(count, gate) ((count) << 2 | (gate))

#define LOSS_SHARE 0.02           /* most of the time lanes may lose, net */
#define CALIBRATE 8u              /* segments of lanes between timings of one thread */
#define MIN_TIMED_WORK 65536u     /* options in a one-thread segment worth timing */
#define RATE_DECAY 0.9            /* weight of one thread's best speed at each new timing */
#define LATE_MIN 100e-6           /* seconds a lane may be late in any case */
#define LATE_VALUES 4.0           /* and in values of one thread */
#define KEEP_UP 0.45              /* most of a segment lane 0 may spend waiting */
#define KEEP_UP_AFTER 1e-3        /* seconds of a segment before its waits are judged */
#define QUICK_SPINS 256u          /* reads of the count before a wait is timed */
#define CHECK_SPINS 64u           /* reads between looks at the clock */
#define LEAVE_SPINS 1024u         /* reads of lane1_busy at the end of a segment */

static uint64_t published(grundy_heap_game *g)
{
    return grundy__load_acquire(&g->state) >> 2;
}

static int gate_closed(grundy_heap_game *g)
{
    return (grundy__load_acquire(&g->state) & 3u) == GATE_CLOSED;
}

/* Closes the gate: lane 1 publishes nothing from now on.  If it is storing
 * a value (a few instructions), that value is let through first. */
static void close_gate(grundy_heap_game *g)
{
    for (unsigned long spins = 0;; spins++) {
        uint64_t s = grundy__load_acquire(&g->state);
        if ((s & 3u) == GATE_CLOSED)
            return;
        if ((s & 3u) == GATE_OPEN && grundy__compare_swap(&g->state, s, s | GATE_CLOSED))
            return;
        /* Taken: lane 1 was descheduled in the middle of a store, which
         * almost never happens; give it the processor. */
        if (spins >= QUICK_SPINS)
            grundy__thread_yield();
        grundy__cpu_relax();
    }
}

/* Lane 0 waited more than it computed this segment: lane 1 does not keep
 * up, and one thread alone would be as fast. */
static int lane1_slow(grundy_heap_game *g, double now)
{
    double span = now - g->lanes_t0;
    return span > KEEP_UP_AFTER && g->lane[0].waited > KEEP_UP * span;
}

int grundy__heap_wait_published(grundy_heap_game *g, grundy__heap_lane *L, uint64_t n)
{
    double t0 = 0.0;
    for (unsigned long spins = 0;; spins++) {
        uint64_t s = grundy__load_acquire(&g->state);
        if (s >> 2 >= n)
            break;
        if ((s & 3u) == GATE_CLOSED)
            return 0;
        grundy__cpu_relax();
        if (spins < QUICK_SPINS || spins % CHECK_SPINS != 0)
            continue;
        double now = grundy__seconds();
        if (t0 == 0.0) {
            t0 = now;
        } else if (now - t0 > g->lanes_late) {
            if ((s & 3u) == GATE_OPEN) {
                close_gate(g); /* the other lane is descheduled: do not spin on */
                return 0;
            }
            grundy__thread_yield(); /* descheduled in the middle of its store */
        }
    }
    if (t0 != 0.0 && L == &g->lane[0]) {
        double now = grundy__seconds();
        L->waited += now - t0;
        if (lane1_slow(g, now))
            close_gate(g); /* this value goes on; the next ones are lane 0's */
    }
    return 1;
}

/* Lists heap n, of value v, as rare if it is: only the lane that publishes
 * G(n) does, before it publishes. */
static void note_rare(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    if (grundy__heap_is_rare(g, n, v)) {
        uint64_t k = grundy__load_acquire(&g->nrare);
        g->rare[k] = (uint32_t)n;
        grundy__store_release(&g->nrare, k + 1);
    }
}

/* Lane 0 publishes G(n): the gate stays as it is (lane 1 may close it
 * meanwhile, hence the atomic add). */
static void publish0(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    grundy__values_set(&g->vals, n, v);
    note_rare(g, n, v);
    grundy__fetch_add(&g->state, 1u << 2);
    g->lane[0].values++;
}

/* Lane 1 publishes G(n) through the gate: 0 if it is closed. */
static int publish1(grundy_heap_game *g, uint64_t n, uint32_t v)
{
    if (!grundy__compare_swap(&g->state, STATE(n, GATE_OPEN), STATE(n, GATE_TAKEN)))
        return 0;
    grundy__values_set(&g->vals, n, v);
    note_rare(g, n, v);
    grundy__store_release(&g->state, STATE(n + 1, GATE_OPEN));
    g->lane[1].values++;
    return 1;
}

/* Tests only: lane 1 stalls as a descheduled thread would, busy. */
static void stall(const grundy_heap_game *g, uint64_t n)
{
    if (g->stall_every == 0 || n % g->stall_every != 0)
        return;
    double until = grundy__seconds() + g->stall_s;
    while (grundy__seconds() < until)
        grundy__cpu_relax();
}

/* Lane 1: claims and publishes heaps until the segment ends or the gate
 * closes, and then never touches the game again until its next segment. */
static void *lane1_main(void *arg)
{
    grundy_heap_game *g = (grundy_heap_game *)arg;
    grundy__heap_lane *L = &g->lane[1];
    while (!gate_closed(g)) {
        uint64_t n = grundy__fetch_add(&g->next, 1);
        if (n >= g->lanes_stop)
            break;
        stall(g, n);
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v == GRUNDY__HEAP_ABANDONED)
            break;
        if (v >= g->pow2) {
            close_gate(g); /* a new power of two: lane 0 makes room for it */
            break;
        }
        if (!publish1(g, n, v))
            break;
    }
    grundy__store_release(&g->lane1_busy, 0);
    return NULL;
}

/* Lane 0 with lane 1: returns 1 when the segment is done, 0 when lane 0
 * should compute the rest alone (the gate is then closed). */
static int lane0_with_lane1(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_lane *L = &g->lane[0];
    L->waits = 1;
    for (;;) {
        if (gate_closed(g))
            return 0;
        uint64_t n = grundy__fetch_add(&g->next, 1);
        if (n >= stop) /* lane 1's last value, if it has one */
            return grundy__heap_wait_published(g, L, stop);
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v == GRUNDY__HEAP_ABANDONED)
            return 0;
        if (v >= g->pow2) {
            close_gate(g);
            return 1; /* stops at n: the calling thread makes room */
        }
        publish0(g, n, v);
    }
}

/* Lane 0 alone, the gate closed: the values from the last published up to
 * stop, or to one that needs more room. */
static void lane0_alone(grundy_heap_game *g, uint64_t stop)
{
    grundy__heap_lane *L = &g->lane[0];
    L->waits = 0;
    for (uint64_t n = published(g); n < stop; n++) {
        uint32_t v = grundy__heap_next_value(g, L, n);
        if (v >= g->pow2)
            return;
        publish0(g, n, v);
    }
}

void grundy__heap_lanes_settle(grundy_heap_game *g)
{
    if (grundy__heap_lane1_busy(g))
        grundy__worker_wait(&g->worker);
}

/* What the count of options means: a split scanned by the sparse method
 * costs less than one of the plain loop, and wider values cost more. */
static uint64_t speed_key(const grundy_heap_game *g)
{
    return (uint64_t)g->mask << 8 | (uint64_t)g->vals.width << 1 | (uint64_t)g->sparse_active;
}

/* A segment of two lanes starts with threads asked for, lane 1's scratch
 * in place, one thread's speed to compare with (timed lately, the same way
 * of computing), and the budget not spent. */
int grundy__heap_lanes_ready(grundy_heap_game *g)
{
    if (g->threads < 2 || !GRUNDY__THREADS)
        return 0;
    if (!g->lanes_always && (g->rate_one <= 0.0 || g->rate_key != speed_key(g) ||
                             g->lanes_run >= CALIBRATE || g->lost > LOSS_SHARE * g->elapsed))
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
static uint64_t lanes_work(grundy_heap_game *g, uint64_t values)
{
    const grundy__heap_lane *L0 = &g->lane[0];
    if (!grundy__heap_lane1_busy(g))
        return L0->work + g->lane[1].work;
    if (L0->values == 0 || L0->values >= values)
        return L0->work;
    return L0->work + (uint64_t)((double)L0->work * (double)(values - L0->values) /
                                 (double)L0->values);
}

void grundy__heap_note_speed(grundy_heap_game *g, int lanes, uint64_t values, double seconds)
{
    if (seconds <= 0.0 || values == 0)
        return;
    uint64_t work = lanes ? lanes_work(g, values) : g->lane[0].work;
    g->elapsed += seconds;
    if (!lanes) {
        if (work >= MIN_TIMED_WORK) {
            /* The best speed lately: others' threads only ever slow one
             * thread down, and lanes are judged against it undisturbed. */
            double rate = (double)work / seconds;
            if (g->rate_key == speed_key(g) && rate < RATE_DECAY * g->rate_one)
                rate = RATE_DECAY * g->rate_one;
            g->rate_one = rate;
            g->rate_key = speed_key(g);
            g->value_s = seconds / (double)values;
            g->lanes_run = 0;
        }
        return;
    }
    g->lanes_run++;
    if (g->rate_key != speed_key(g))
        return; /* the way of computing changed at the value after the lanes */
    if (g->rate_one > 0.0) {
        /* What one thread would have taken, at its latest speed. */
        double one = (double)work / g->rate_one;
        g->lost = g->lost + seconds - one > 0.0 ? g->lost + seconds - one : 0.0;
        g->value_s = one / (double)values;
    }
}

int grundy__heap_run_lanes(grundy_heap_game *g, uint64_t stop)
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
    g->lanes_late = g->value_s * LATE_VALUES > LATE_MIN ? g->value_s * LATE_VALUES : LATE_MIN;
    grundy__store_release(&g->next, start);
    grundy__store_release(&g->state, STATE(start, GATE_OPEN));
    grundy__store_release(&g->lane1_busy, 1);
    grundy__worker_post(&g->worker, lane1_main, g);
    if (!lane0_with_lane1(g, stop))
        lane0_alone(g, stop);
    close_gate(g); /* the segment is over: lane 1 publishes nothing more */
    /* Lane 1, if running, leaves at once; if it does not, it is
     * descheduled, and lane 0 goes on without it. */
    for (unsigned i = 0; i < LEAVE_SPINS && grundy__heap_lane1_busy(g); i++)
        grundy__cpu_relax();
    g->lane[0].waits = 0;
    g->vals.n = published(g);
    for (uint64_t n = start; n < g->vals.n && grundy__heap_sparse_possible(g); n++)
        g->hist[grundy__values_get(&g->vals, n)]++;
    return GRUNDY_OK;
}

#endif
