/* SPDX-License-Identifier: MIT */
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
 * (16 bytes per 256 values).  At most 2^32 - 1 values are kept.
 *
 * With a largest amount of 2^16 or more, heap_sub_runs.c is tried first:
 * the values as runs of a short period, in memory by the runs; this engine
 * takes over where it gives up (values that are not short runs). */
#include <string.h>

#include "heap/heap_game.h"

#define SUB_MAX_VALUES ((uint64_t)UINT32_MAX) /* the most values a table holds */
#define SUB_PROGRESS (1u << 24)    /* options between progress reports */
#define HASH_BASE 0x9e3779b97f4a7c15ull /* odd: its powers are units mod 2^64 */
#define MARK_SHIFT 56              /* marked: the hash's top 8 bits are zero */
#define FAST_MAX 63u               /* the fast kernel: values below 64, one-hot in a word */
#define NEAR 4u                    /* amounts up to this read the last values from registers */
#define NO_CHANGE UINT64_MAX

/* ---- The values of one game of the chain --------------------------------- */

typedef struct sub_run {
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
    grundy__heap_pairs marked; /* the marked windows: hash and position */
    uint64_t need;         /* a failure's size: the values a proof needs at least */
    uint32_t reached;      /* a holds values of the game of the first `reached` amounts */
} sub_run;

static uint64_t power_of_base(uint64_t e)
{
    uint64_t r = 1, b = HASH_BASE;
    for (; e > 0; e >>= 1, b *= b) {
        if (e & 1)
            r *= b;
    }
    return r;
}

/* G(x) of a proved game, for any x: from the table, or from the period. */
static uint32_t proved_value(const sub_run *r, uint64_t x)
{
    if (x >= r->a.n)
        x = r->pre + (x - r->pre) % r->per;
    return grundy__values_get(&r->a, x);
}

/* Reports progress (monotone counts); GRUNDY_ECANCELED if the callback
 * asks to stop. */
static int report(sub_run *r, uint64_t values)
{
    grundy_heap_game *g = r->g;
    r->work += values * (r->m ? r->m : 1);
    if (r->work < SUB_PROGRESS || g->progress == NULL)
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
typedef struct roll {
    uint64_t h;     /* the hash of the window ending at the last value computed */
    uint64_t bt;    /* B^t: the weight of the value leaving the window */
    uint64_t th;    /* the hash of Brent's window */
    int on;         /* hashing at all */
} roll;

static int roll_event(const roll *w)
{
    return w->on && (w->h == w->th || (w->h >> MARK_SHIFT) == 0);
}

/* Values v[from .. to) of a game of at most FAST_MAX amounts (one-byte
 * values, from >= t): the option values as one-hot bits, the mex as the
 * lowest zero bit of their union ((x + 1) & ~x).  The dependency chain runs
 * through the last values, kept one-hot in registers (m1 .. m4, used where
 * the amount 1 ... 4 is in S); the far amounts' values were stored long
 * before and load off the chain.  Returns where it stopped: to, or the
 * position after the first value whose window is a candidate (roll_event). */
static uint64_t fast_run(uint8_t *v, const uint32_t *s, uint32_t m, uint64_t from, uint64_t to,
                         roll *w)
{
    uint64_t f[NEAR + 1] = {0, 0, 0, 0, 0};
    uint32_t far[FAST_MAX];
    uint32_t nfar = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (s[j] <= NEAR)
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
            h = h * HASH_BASE + (x - v[n - 1 - t] * bt); /* one add after the multiply */
            if (h == th || (h >> MARK_SHIFT) == 0)
                break;
        }
    }
    w->h = h;
    return n;
}

/* The same for any game and width, and for heaps below t (only the amounts
 * up to n count): marks in words of 64 bits.  marks has m / 64 + 1 words. */
static uint64_t general_run(grundy__values *a, const uint32_t *s, uint32_t m, uint64_t from,
                            uint64_t to, roll *w, uint64_t *marks)
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
            w->h = w->h * HASH_BASE + x - grundy__values_get(a, n - 1 - t) * w->bt;
            if (roll_event(w))
                break;
        }
    }
    return n;
}

/* Values a[from .. to) of the game of the first m amounts, at most up to
 * the first candidate window when hashing; room for them is there. */
static int run_values(sub_run *r, uint32_t m, uint64_t from, uint64_t to, roll *w,
                      uint64_t *stopped)
{
    const uint32_t *s = r->s;
    uint64_t t = m ? s[m - 1] : 0;
    if (r->a.width == 1 && m >= 1 && m <= FAST_MAX && from >= t) {
        *stopped = fast_run(r->a.p, s, m, from, to, w);
        return GRUNDY_OK;
    }
    uint64_t *marks = (uint64_t *)grundy__alloc_array(&r->g->alloc, (size_t)m / 64 + 1,
                                                      sizeof *marks);
    if (marks == NULL)
        return GRUNDY_ENOMEM;
    /* Below t with the general kernel, then the fast one where it may run. */
    uint64_t mid = r->a.width == 1 && m >= 1 && m <= FAST_MAX && t < to ? t : to;
    *stopped = general_run(&r->a, s, m, from, mid, w, marks);
    grundy__free(&r->g->alloc, marks);
    if (*stopped == mid && mid < to && !roll_event(w))
        *stopped = fast_run(r->a.p, s, m, mid, to, w);
    return GRUNDY_OK;
}

/* ---- Finding the repeat ---------------------------------------------------- */

/* Whether the windows ending at x and y (t values each) are equal. */
static int same_window(const grundy__values *a, uint64_t t, uint64_t x, uint64_t y)
{
    size_t w = a->width;
    return memcmp(a->p + (x - t) * w, a->p + (y - t) * w, (size_t)t * w) == 0;
}

int grundy__heap_pairs_room(const grundy_allocator *a, grundy__heap_pairs *t)
{
    if (2 * (t->count + 1) <= t->cap)
        return GRUNDY_OK;
    size_t cap = t->cap ? 2 * t->cap : 64;
    uint64_t *p = (uint64_t *)grundy__calloc_array(a, cap, 2 * sizeof *p);
    if (p == NULL)
        return GRUNDY_ENOMEM;
    grundy__heap_pairs old = *t;
    t->p = p;
    t->cap = cap;
    for (size_t i = 0; i < old.cap; i++) {
        if (old.p[2 * i + 1] != 0) {
            size_t k = grundy__heap_pairs_slot(t, old.p[2 * i]);
            while (p[2 * k + 1] != 0)
                k = (k + 1) & (cap - 1);
            p[2 * k] = old.p[2 * i];
            p[2 * k + 1] = old.p[2 * i + 1];
        }
    }
    grundy__free(a, old.p);
    return GRUNDY_OK;
}

/* A marked window at y with hash h: the position of an earlier equal
 * window, or 0 (then y is recorded: the first of its kind). */
static int mark_visit(sub_run *r, uint64_t t, uint64_t h, uint64_t y, uint64_t *x)
{
    *x = 0;
    grundy__heap_pairs *m = &r->marked;
    int rc = grundy__heap_pairs_room(&r->g->alloc, m);
    if (rc != GRUNDY_OK)
        return rc;
    size_t k = grundy__heap_pairs_slot(m, h);
    for (; m->p[2 * k + 1] != 0; k = (k + 1) & (m->cap - 1)) {
        if (m->p[2 * k] == h && same_window(&r->a, t, m->p[2 * k + 1], y)) {
            *x = m->p[2 * k + 1];
            return GRUNDY_OK;
        }
    }
    m->p[2 * k] = h;
    m->p[2 * k + 1] = y;
    m->count++;
    return GRUNDY_OK;
}

/* W(x) = W(y), the first repeat: the least period is y - x, and the least
 * preperiod the lowest e from which G(n + P) = G(n) holds all the way up
 * to x - t (and so on, by the window proof). */
static void found_period(sub_run *r, uint64_t t, uint64_t x, uint64_t y)
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
static uint64_t window_hash(const grundy__values *a, uint64_t n, uint64_t t)
{
    uint64_t h = 0, b2 = HASH_BASE * HASH_BASE, b4 = b2 * b2;
    uint64_t i = n - t;
    if (a->width == 1) {
        const uint8_t *v = a->p;
        for (; i + 4 <= n; i += 4)
            h = h * b4 + ((uint64_t)v[i] * HASH_BASE + v[i + 1]) * b2 +
                (uint64_t)v[i + 2] * HASH_BASE + v[i + 3];
    }
    for (; i < n; i++)
        h = h * HASH_BASE + grundy__values_get(a, i);
    return h;
}

/* Computes the game of the first m amounts (t = s[m - 1]) from a.n = n0 >= t
 * on, until the first repeated window (r->proved is then set) or stop. */
static int find_repeat(sub_run *r, uint32_t m, uint64_t stop)
{
    uint64_t t = r->s[m - 1];
    uint64_t n = r->a.n;
    roll w = {window_hash(&r->a, n, t), power_of_base(t), 0, 1};
    w.th = w.h;
    uint64_t tortoise = n, reset = n + 1, power = 1;
    r->marked.count = 0;
    if (r->marked.p != NULL)
        memset(r->marked.p, 0, r->marked.cap * 2 * sizeof *r->marked.p);
    uint64_t x;
    /* Room for two windows past the start at once: a period of about t
     * (the common case for a large amount) needs no copy on the way. */
    uint64_t guess = n + 2 * t + 4096;
    int rc = grundy__values_reserve(&r->a, &r->g->alloc, guess < stop ? guess : stop);
    if (rc == GRUNDY_OK && (w.h >> MARK_SHIFT) == 0)
        rc = mark_visit(r, t, w.h, n, &x);
    uint64_t chunk = SUB_PROGRESS / m + 1;
    while (rc == GRUNDY_OK && n < stop) {
        uint64_t end = stop - n < chunk ? stop : n + chunk;
        end = end < reset ? end : reset;
        rc = grundy__values_reserve(&r->a, &r->g->alloc, end);
        if (rc == GRUNDY_OK)
            rc = run_values(r, m, n, end, &w, &n);
        if (rc != GRUNDY_OK)
            break;
        uint64_t from = r->a.n;
        r->a.n = n;
        if (w.h == w.th && same_window(&r->a, t, tortoise, n)) {
            found_period(r, t, tortoise, n);
            break;
        }
        if ((w.h >> MARK_SHIFT) == 0) {
            rc = mark_visit(r, t, w.h, n, &x);
            if (rc == GRUNDY_OK && x != 0) {
                found_period(r, t, x, n);
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
            rc = report(r, n - from);
    }
    return rc;
}

/* ---- The chain of games ------------------------------------------------------ */

/* The first n >= k where adding the amount k to the proved game changes a
 * value: the first n with G(n - k) = G(n), found in one period past the
 * preperiod of both (the pair is periodic from k + pre on); NO_CHANGE if
 * none. */
static uint64_t first_change(const sub_run *r, uint64_t k)
{
    uint64_t end = k + r->pre + r->per;
    for (uint64_t n = k; n < end; n++) {
        if (proved_value(r, n - k) == proved_value(r, n))
            return n;
    }
    return NO_CHANGE;
}

/* Makes a hold the proved game's values up to n exactly: cut, or copied
 * from the period in pieces of whole periods, doubling. */
static int extend_to(sub_run *r, uint64_t n)
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
static int prove_chain(sub_run *r)
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
            uint64_t change = NO_CHANGE;
            do {
                uint64_t c = first_change(r, r->s[i]);
                change = c < change ? c : change;
                i++;
            } while (i < r->m && change >= r->s[i]);
            if (change == NO_CHANGE)
                continue; /* the same values: the period carries over */
            if (change >= r->store_limit) {
                r->need = change + 1;
                return GRUNDY_ELIMIT;
            }
            if ((rc = extend_to(r, change)) != GRUNDY_OK)
                return rc;
        } else {
            i++; /* a holds the values below s[i], the new t: those of the game */
        }
        r->reached = i;
        r->proved = 0;
        uint64_t stop = i < r->m && r->s[i] < r->store_limit ? r->s[i] : r->store_limit;
        if ((rc = find_repeat(r, i, stop)) != GRUNDY_OK)
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
static unsigned width_for(uint32_t m)
{
    return m < 256 ? 1u : m < 65536 ? 2u : 4u;
}

/* Makes g->vals hold its values at width w (they were computed here, so a
 * change only happens to an empty table). */
static int vals_width(grundy_heap_game *g, unsigned w)
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
static int compute_plain(sub_run *r, uint64_t count)
{
    grundy_heap_game *g = r->g;
    int rc = vals_width(g, width_for(r->m));
    grundy__values saved = r->a;
    r->a = g->vals; /* the kernels and reports work on r->a */
    uint64_t chunk = SUB_PROGRESS / (r->m ? r->m : 1) + 1;
    roll off = {0, 0, 0, 0};
    while (rc == GRUNDY_OK && r->a.n < count) {
        uint64_t end = count - r->a.n < chunk ? count : r->a.n + chunk, n;
        rc = grundy__values_reserve(&r->a, &g->alloc, end);
        if (rc == GRUNDY_OK)
            rc = run_values(r, r->m, r->a.n, end, &off, &n);
        if (rc != GRUNDY_OK)
            break;
        uint64_t from = r->a.n;
        r->a.n = n;
        g->vals = r->a; /* what the progress callback may read */
        rc = report(r, n - from);
    }
    g->vals = r->a;
    r->a = saved;
    return rc;
}

/* After a proof that did not get through: keeps the chain's values that
 * are the whole game's (those below the next amount of the game it was
 * computing) when they are more than the table has. */
static void keep_prefix(grundy_heap_game *g, sub_run *r)
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

static int fail_limit(grundy_heap_game *g, const sub_run *r, uint64_t count)
{
    return grundy__heap_fail(g, GRUNDY_ELIMIT, "%llu values: no period of this subtraction game "
                             "is proved within the 2^32 - 1 values a table holds (its window "
                             "proof needs at least %llu)", (unsigned long long)count,
                             (unsigned long long)r->need);
}

int grundy__heap_sub_compute(grundy_heap_game *g, uint64_t count)
{
    if (g->periodic || count <= g->vals.n || (g->runs != NULL && count <= g->runs_known))
        return GRUNDY_OK;
    /* A large amount: runs of a short period first (heap_sub_runs.c). */
    int runs = grundy__heap_sub_runs(g, count);
    if (runs == GRUNDY_OK)
        return runs;
    if (runs < 0)
        return grundy__heap_fail(g, runs, "out of memory keeping the values of a subtraction "
                                 "game as runs (%llu values asked)", (unsigned long long)count);
    sub_run r;
    memset(&r, 0, sizeof r);
    r.g = g;
    r.s = g->rules.removals;
    r.m = g->rules.nremovals;
    r.total = count;
    r.a.width = width_for(r.m);
    int rc = GRUNDY_OK;
    /* The memory cap bounds the values a proof may keep, as any table. */
    uint64_t cap_values = g->limit != 0 ? g->limit / r.a.width : SUB_MAX_VALUES;
    if (g->detect) {
        r.store_limit = count < SUB_MAX_VALUES ? count : SUB_MAX_VALUES;
        r.store_limit = r.store_limit < cap_values ? r.store_limit : cap_values;
        rc = prove_chain(&r);
        if (rc == GRUNDY_OK && r.proved) {
            grundy__values_free(&g->vals, &g->alloc);
            g->vals = r.a;
            g->periodic = 1;
            g->period = r.per;
            g->preperiod = r.pre;
            grundy__free(&g->alloc, r.marked.p);
            return GRUNDY_OK;
        }
        grundy__free(&g->alloc, r.marked.p);
        keep_prefix(g, &r);
        if (rc == GRUNDY_ELIMIT && count > SUB_MAX_VALUES)
            return fail_limit(g, &r, count);
        if (rc == GRUNDY_ECANCELED)
            return grundy__heap_fail(g, rc, "the progress callback stopped the proof of a "
                                     "period at %llu values", (unsigned long long)r.done);
        if (rc == GRUNDY_ENOMEM)
            return grundy__heap_fail(g, rc, "out of memory proving a period (%llu values)",
                                     (unsigned long long)r.a.n);
        rc = GRUNDY_OK; /* not proved within count values: compute them */
    }
    if (count > SUB_MAX_VALUES) {
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
    rc = compute_plain(&r, count);
    if (rc == GRUNDY_ECANCELED)
        return grundy__heap_fail(g, rc, "the progress callback stopped the computation at %llu "
                                 "of %llu values (those computed are kept)",
                                 (unsigned long long)g->vals.n, (unsigned long long)count);
    if (rc != GRUNDY_OK)
        return grundy__heap_fail(g, rc, "out of memory computing value %llu of %llu",
                                 (unsigned long long)g->vals.n, (unsigned long long)count);
    return GRUNDY_OK;
}
