/* Heap games on two threads.
 *
 * With threads, two lanes compute alternate heaps of a segment at once: lane
 * 0 the heaps start, start + 2, ..., lane 1 the others, each on its own
 * thread with its own scratch.  Computing G(n) needs G(n - 1) only for the
 * few options that grundy__heap_lane_wait() guards, so the lanes overlap
 * almost fully.  Every value is stored before `published` passes it (release/acquire), and
 * G(n) is published only after G(n - 1), so the rare list grows in order.
 * Room is reserved before a segment; a value that needs more room (a new
 * power of two) stops both lanes, and the calling thread computes it. */
#include "heap/heap_game.h"

#define LANES_GAIN 1.1            /* speed-up below which two lanes rest */
#define MAX_BACKOFF 1024u         /* most segments two lanes rest */
#define ABANDON_ROOM 1u           /* a value needs a new power of two */
#define ABANDON_LATE 2u           /* a lane waited too long for the other */
#define MAX_SPINS (1ul << 16)     /* reads of the other lane's progress before timing it */
#define MAX_LATE 0.002            /* seconds the other lane may be late before both stop */
#define MIN_TIMED_WORK 65536u     /* options in a segment worth timing */

/* Returns 0 if the other lane stopped first, or is so late (descheduled:
 * more threads than free cores) that this one stops both: spinning on would
 * cost more than the lanes gain.  A short delay (a page fault, an interrupt,
 * the lanes on one processor until the system moves one) is only waited
 * out. */
int grundy__heap_wait_published(grundy_heap_game *g, uint64_t n)
{
    double since = 0.0;
    for (unsigned long spins = 0; grundy__load_acquire(&g->published) < n; spins++) {
        if (grundy__load_acquire(&g->abandon))
            return 0;
        if (spins < MAX_SPINS || spins % 1024 != 0)
            continue;
        /* The lanes may share a processor for a while (a thread starts
         * beside its creator): let the other one run. */
        grundy__thread_yield();
        double now = grundy__seconds();
        if (since == 0.0)
            since = now;
        else if (now - since > MAX_LATE) {
            grundy__store_release(&g->abandon, ABANDON_LATE);
            return 0;
        }
    }
    return 1;
}

typedef struct lane_job {
    grundy_heap_game *g;
    grundy__heap_lane *L;
    uint64_t first, stop;
} lane_job;

static void *lane_main(void *arg)
{
    const lane_job *job = (const lane_job *)arg;
    grundy_heap_game *g = job->g;
    if (job->first > job->g->vals.n) {
        grundy__store_release(&g->started, 1);
    } else {
        /* Starting a thread takes far longer than a value: wait for it, so
         * that the wait is not taken for a late lane, and yield meanwhile,
         * since the new thread may be queued on this processor. */
        while (!grundy__load_acquire(&g->started))
            grundy__thread_yield();
    }
    for (uint64_t n = job->first; n < job->stop; n += 2) {
        uint32_t v = grundy__load_acquire(&g->abandon) ? GRUNDY__HEAP_ABANDONED
                                                       : grundy__heap_next_value(g, job->L, n);
        if (v == GRUNDY__HEAP_ABANDONED)
            break;
        if (v >= g->pow2) {
            grundy__store_release(&g->abandon, ABANDON_ROOM);
            break;
        }
        grundy__values_set(&g->vals, n, v);
        if (grundy__heap_is_rare(g, n, v)) {
            uint64_t k = grundy__load_acquire(&g->nrare);
            g->rare[k] = (uint32_t)n;
            grundy__store_release(&g->nrare, k + 1);
        }
        grundy__store_release(&g->published, n + 1);
    }
    return NULL;
}

/* A segment of two lanes starts with threads asked for, the
 * second lane's scratch in place, and lanes not found slower lately.  The
 * lanes hand a value over per heap, so where threads wake slowly or share a
 * busy core they can lose to one thread: then they rest for a number of
 * segments that doubles at each loss (up to MAX_BACKOFF).  Lanes go first;
 * the next segment times one thread for the comparison. */
int grundy__heap_lanes_ready(grundy_heap_game *g)
{
    if (g->threads < 2 || !GRUNDY__THREADS)
        return 0;
    if (g->lanes_skip > 0) {
        g->lanes_skip--;
        return 0;
    }
    if (g->rate_two > 0.0 && g->rate_one <= 0.0)
        return 0;
    if (g->lane[1].want == NULL &&
        grundy__heap_lane_init(&g->lane[1], &g->alloc, g->lane[0].mex.bound) != GRUNDY_OK)
        return -1;
    return 1;
}

/* Lanes lost: rest, longer each time. */
static void lanes_lost(grundy_heap_game *g)
{
    g->lanes_skip = g->lanes_backoff;
    g->lanes_backoff = g->lanes_backoff < MAX_BACKOFF ? 2 * g->lanes_backoff : MAX_BACKOFF;
}

/* Records a segment's speed: work options in seconds, on one or two lanes,
 * and judges the lanes when a segment of theirs has a one-thread segment
 * to compare with (the one before, or the one after the first). */
void grundy__heap_note_speed(grundy_heap_game *g, int lanes, uint64_t work, double seconds)
{
    if (lanes && g->abandon == ABANDON_LATE) {
        lanes_lost(g);
        return;
    }
    if (seconds <= 0.0 || work < MIN_TIMED_WORK)
        return;
    double rate = (double)work / seconds;
    int judge = lanes ? g->rate_one > 0.0 : g->rate_two > 0.0 && g->rate_one <= 0.0;
    if (lanes)
        g->rate_two = rate;
    else
        g->rate_one = rate;
    if (!judge)
        return;
    if (g->rate_two < LANES_GAIN * g->rate_one)
        lanes_lost(g);
    else
        g->lanes_backoff = 1;
}

int grundy__heap_run_lanes(grundy_heap_game *g, uint64_t stop)
{
    uint64_t start = g->vals.n;
    int rc = grundy__values_reserve(&g->vals, &g->alloc, stop);
    if (rc == GRUNDY_OK)
        rc = grundy__heap_rare_room(g, stop - start);
    if (rc == GRUNDY_OK && grundy__heap_sparse_possible(g))
        rc = grundy__heap_hist_room(g, (uint32_t)(g->pow2 - 1)); /* every value of the segment */
    if (rc != GRUNDY_OK)
        return rc;
    g->published = start;
    g->abandon = 0;
    g->started = 0;
    lane_job job[GRUNDY__HEAP_LANES] = {{g, &g->lane[0], start, stop},
                                        {g, &g->lane[1], start + 1, stop}};
    if (!g->worker.running && grundy__worker_start(&g->worker) != 0) {
        g->threads = 1; /* no thread to be had: one from now on */
        return GRUNDY_OK;
    }
    g->lane[0].waits = g->lane[1].waits = 1;
    grundy__worker_post(&g->worker, lane_main, &job[1]);
    lane_main(&job[0]);
    grundy__worker_wait(&g->worker);
    g->lane[0].waits = g->lane[1].waits = 0;
    g->vals.n = g->published;
    for (uint64_t n = start; n < g->vals.n && grundy__heap_sparse_possible(g); n++)
        g->hist[grundy__values_get(&g->vals, n)]++;
    return GRUNDY_OK;
}
