/* SPDX-License-Identifier: MIT */
/* Heap games: subtraction games with a large amount, their values kept as
 * runs of a short period instead of one entry a heap.
 *
 * For {1, 2, k} with k near 10^9 the window proof of heap_subtraction.c keeps
 * about 2k values, yet the sequence is a handful of runs: n mod 3 up to k,
 * then an exception, then n mod 3 shifted, and so on.  Here the values are
 * runs: run i covers [start_i, start_(i+1)) with G(x) = pattern_i[(x -
 * start_i) mod per_i], where per_i is a short period (at most SHORT_MAX) or,
 * for a literal run, its length.  The values are computed by jumps:
 *
 * The jump.  Let the last run be p-periodic from a, its values known below
 * n.  If for every amount s the value G(n' - s) equals G(n' - s - p) (both
 * moves illegal, or both legal with equal values), then G(n') = G(n' - p).
 * For n' - s >= n this holds by induction; for n' - s < n it holds unless
 * n' - s is "p-irregular": z < p, or G(z) != G(z - p).  So every n' below
 * n* = min over s of (s + the first p-irregular z >= n - s below n) follows
 * the run, and only G(n*) is computed from its options.  If no amount has
 * such a z, the run is p-periodic for ever: a proof.  If G(n*) breaks the
 * run, a literal run starts there, and a period is looked for among its
 * values (the shortest p <= SHORT_MAX with the last 2p values p-periodic).
 *
 * Finding whether two stretches are equal costs the runs they cover, not
 * their length: over a piece where both lie in one run each, G(z) and
 * G(z + d) are periodic with the lcm of the two periods, so that many
 * positions decide the piece (mismatch()).
 *
 * The period proof.  A run broken at b >= t (t the largest amount) is a
 * boundary; what follows b depends only on the window W(b) = G(b - t) ...
 * G(b - 1).  Each boundary is compared with the earlier ones of the same
 * signature (its first value, the value before it, the broken run's length
 * and period); W(x) = W(b) is the window proof of heap_subtraction.c: the
 * period b - x holds from x - t.  It is reduced to the least period (a
 * proper divisor d of P is a period iff G(z) = G(z + d) over one period
 * from x - t), and the least preperiod is one past the last z below x - t
 * with G(z) != G(z + P).  Everything claimed is compared value for value.
 *
 * Memory: the runs (24 bytes each) and the patterns and literal runs (4
 * bytes a value).  Past RUNS_MAX runs or POOL_MAX pattern values the
 * sequence is not made of short runs, and past WORK_MAX positions compared
 * the runs do not pay: the engine gives up, and the caller computes the
 * values plainly (heap_subtraction.c), as it does when the runs' room
 * would pass the memory cap.  The runs report no progress: the work
 * bound keeps them short. */
#include <string.h>

#include "heap/heap_game.h"

#define RUNS_FROM ((uint64_t)1 << 16) /* the least largest amount worth runs */
#define RUNS_AMOUNTS 63u              /* the most amounts worth runs */
#define SHORT_MAX 64u                 /* the longest period a run is given */
#define RUNS_MAX 4096u                /* past it: not short runs, give up */
#define POOL_MAX ((size_t)1 << 18)    /* values in patterns and literal runs */
#define TRIES 4                       /* earlier boundaries compared with a new one */
#define WORK_MAX ((uint64_t)1 << 27)  /* positions compared before giving up */
#define NONE UINT64_MAX
#define GIVE_UP 1                     /* internal: not worth runs */
#define OBSERVE_MAX ((uint64_t)1 << 24) /* values looked at for a period not proved */

/* Run i covers [start, the next run's start), the last one up to known. */
typedef struct sub_run {
    uint64_t start;
    uint64_t pat;     /* where its pattern starts in pool */
    uint64_t per;     /* its period: G(x) = pool[pat + (x - start) % per] */
} sub_run;

struct grundy__sub_runs {
    sub_run *run;
    size_t n, cap;    /* runs, room */
    uint32_t *pool;
    size_t npool, cap_pool;
    uint64_t known;   /* G(0) ... G(known - 1) are held */
    int periodic;     /* the last run has its period (else literal, growing) */
    uint64_t map_e, map_p; /* heaps past known: G(x) = G(map_e + (x - map_e) % map_p) */
    grundy__heap_pairs bound; /* the boundaries met: signature, heap */
    unsigned char *seen; /* the mex's marks, m + 2 */
    uint64_t same[SHORT_MAX + 1]; /* literal run: its last values with G(x) = G(x - p) */
    uint64_t work;    /* positions compared, values computed: past a bound, give up */
};

/* ---- Reading the runs ------------------------------------------------------ */

/* The run holding x < known: the last starting at or below x. */
static size_t run_of(const grundy__sub_runs *r, uint64_t x)
{
    size_t lo = 0, hi = r->n; /* run lo starts at or below x, run hi above */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->run[mid].start <= x)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* x itself below known, else its place in the proved period. */
static uint64_t mapped(const grundy__sub_runs *r, uint64_t x)
{
    return x < r->known ? x : r->map_e + (x - r->map_e) % r->map_p;
}

static uint32_t get(const grundy__sub_runs *r, uint64_t x)
{
    x = mapped(r, x);
    size_t i = run_of(r, x);
    return r->pool[r->run[i].pat + (x - r->run[i].start) % r->run[i].per];
}

/* A stretch of one run from x on: G(x + j) = pool[pat + (off + j) % per]
 * for j < len. */
typedef struct piece {
    uint64_t pat, per, off, len;
} piece;

static piece piece_at(const grundy__sub_runs *r, uint64_t x)
{
    uint64_t y = mapped(r, x);
    size_t i = run_of(r, y);
    uint64_t end = i + 1 < r->n ? r->run[i + 1].start : r->known;
    if (x >= r->known && r->map_e + r->map_p < end)
        end = r->map_e + r->map_p; /* where the period wraps */
    piece p = {r->run[i].pat, r->run[i].per, (y - r->run[i].start) % r->run[i].per, end - y};
    return p;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t c = a % b;
        a = b;
        b = c;
    }
    return a;
}

/* The first (or with `last` the last) z in [lo, hi) with G(z) != G(z + d)
 * (with `equal`: G(z) == G(z + d)), or NONE.  Over a piece where z and
 * z + d each stay in one run, the pair repeats with the lcm of the two
 * periods: that many positions decide it. */
static uint64_t compare(grundy__sub_runs *r, uint64_t lo, uint64_t hi, uint64_t d, int last,
                        int equal)
{
    uint64_t found = NONE;
    for (uint64_t z = lo; z < hi;) {
        piece a = piece_at(r, z), b = piece_at(r, z + d);
        uint64_t len = a.len < b.len ? a.len : b.len;
        len = len < hi - z ? len : hi - z;
        uint64_t g = gcd(a.per, b.per), k = len;
        if (a.per / g <= len / b.per)
            k = a.per / g * b.per; /* the lcm, below len */
        r->work += k + 1;
        for (uint64_t i = 0; i < k; i++) {
            uint64_t j = last ? len - 1 - i : i;
            if ((r->pool[a.pat + (a.off + j) % a.per] == r->pool[b.pat + (b.off + j) % b.per]) ==
                equal) {
                if (!last)
                    return z + j;
                found = z + j;
                break;
            }
        }
        z += len;
    }
    return found;
}

static uint64_t mismatch(grundy__sub_runs *r, uint64_t lo, uint64_t hi, uint64_t d,
                         int last)
{
    return compare(r, lo, hi, d, last, 0);
}

/* The first p-irregular z in [z0, n): z < p, or G(z) != G(z - p); NONE if
 * there is none. */
static uint64_t irregular(grundy__sub_runs *r, uint64_t z0, uint64_t p, uint64_t n)
{
    if (z0 >= n)
        return NONE;
    if (z0 < p)
        return z0;
    uint64_t y = mismatch(r, z0 - p, n - p, p, 0);
    return y == NONE ? NONE : y + p;
}

/* ---- Growing the runs ------------------------------------------------------ */

/* Whether the runs keep within the memory cap (bytes of their room). */
static int within_limit(const grundy_heap_game *g, const grundy__sub_runs *r)
{
    size_t bytes = sizeof *r + r->cap * sizeof *r->run + r->cap_pool * sizeof *r->pool +
                   r->bound.cap * 2 * sizeof *r->bound.p;
    return g->limit == 0 || bytes <= g->limit;
}

static int pool_room(grundy_heap_game *g, grundy__sub_runs *r, size_t more)
{
    if (r->npool + more > POOL_MAX || !within_limit(g, r))
        return GIVE_UP;
    size_t cap = r->cap_pool;
    return grundy__reserve(&g->alloc, (void **)&r->pool, &cap, r->npool + more, sizeof *r->pool) ==
                   GRUNDY_OK
               ? (r->cap_pool = cap, GRUNDY_OK)
               : GRUNDY_ENOMEM;
}

/* Room for one more run. */
static int run_room(grundy_heap_game *g, grundy__sub_runs *r)
{
    if (r->n == RUNS_MAX || !within_limit(g, r))
        return GIVE_UP;
    return grundy__reserve(&g->alloc, (void **)&r->run, &r->cap, r->n + 1, sizeof *r->run);
}

/* A new literal run at known holding x. */
static int new_run(grundy_heap_game *g, grundy__sub_runs *r, uint32_t x)
{
    int rc = run_room(g, r);
    if (rc == GRUNDY_OK)
        rc = pool_room(g, r, 1);
    if (rc != GRUNDY_OK)
        return rc;
    sub_run run = {r->known, r->npool, 1};
    r->run[r->n++] = run;
    r->pool[r->npool++] = x;
    r->known++;
    r->periodic = 0;
    memset(r->same, 0, sizeof r->same);
    return GRUNDY_OK;
}

/* The literal last run, x appended: if its last 2p values are p-periodic
 * (p <= SHORT_MAX, the least), its longest p-periodic end becomes a run of
 * period p (the whole run, or a new one after what stays literal). */
static int literal_append(grundy_heap_game *g, grundy__sub_runs *r, uint32_t x)
{
    int rc = pool_room(g, r, 1);
    if (rc != GRUNDY_OK)
        return rc;
    sub_run *last = &r->run[r->n - 1];
    r->pool[r->npool++] = x;
    last->per++;
    r->known++;
    const uint32_t *v = r->pool + last->pat;
    uint64_t len = last->per;
    for (uint64_t p = 1; p <= SHORT_MAX && p < len; p++)
        r->same[p] = v[len - 1] == v[len - 1 - p] ? r->same[p] + 1 : 0;
    for (uint64_t p = 1; p <= SHORT_MAX && 2 * p <= len; p++) {
        if (r->same[p] < p)
            continue;
        uint64_t from = len - 2 * p; /* v[from ..] is p-periodic */
        while (from > 0 && v[from - 1] == v[from - 1 + p])
            from--;
        if (from > 0) {
            if ((rc = run_room(g, r)) != GRUNDY_OK)
                return rc;
            last = &r->run[r->n - 1];
            sub_run run = {last->start + from, last->pat + from, p};
            last->per = from;
            r->run[r->n++] = run;
            last = &r->run[r->n - 1];
        }
        last->per = p;
        r->npool = last->pat + p;
        r->periodic = 1;
        return GRUNDY_OK;
    }
    return GRUNDY_OK;
}

/* G(n) from its options (n = known). */
static uint32_t runs_mex(const grundy_heap_game *g, grundy__sub_runs *r, uint64_t n)
{
    const uint32_t *s = g->rules.removals;
    uint32_t m = g->rules.nremovals;
    r->work += m;
    memset(r->seen, 0, (size_t)m + 2);
    for (uint32_t j = 0; j < m && s[j] <= n; j++)
        r->seen[get(r, n - s[j])] = 1;
    uint32_t x = 0;
    while (r->seen[x])
        x++;
    return x;
}

/* ---- The proof --------------------------------------------------------------- */

/* The sequence is p-periodic from e (proved): reduce p to the least period,
 * find the least preperiod, and publish both. */
static void proved(grundy_heap_game *g, grundy__sub_runs *r, uint64_t e, uint64_t p)
{
    r->map_e = e;
    r->map_p = p;
    uint64_t rest = p; /* p's prime factors not yet tried */
    for (uint64_t q = 2; rest > 1; q++) {
        if (q > rest / q)
            q = rest; /* prime */
        if (rest % q != 0)
            continue;
        while (rest % q == 0)
            rest /= q;
        while (p % q == 0 && mismatch(r, e, e + p, p / q, 0) == NONE)
            p /= q;
    }
    uint64_t last = mismatch(r, 0, e, p, 1);
    r->map_e = last == NONE ? 0 : last + 1;
    r->map_p = p;
    g->periodic = 1;
    g->period = p;
    g->preperiod = r->map_e;
    g->saltus = 0;
}

static uint64_t mix(uint64_t h, uint64_t x)
{
    h = (h ^ x) * 0xbf58476d1ce4e5b9ull;
    return h ^ h >> 29;
}

/* The run broken at b = known - 1 (b >= t): compares W(b) with the windows
 * of earlier boundaries of its signature, then records it.  1 if a period
 * is proved, 0, or a status. */
static int boundary(grundy_heap_game *g, grundy__sub_runs *r, uint64_t t)
{
    uint64_t b = r->known - 1;
    size_t i = r->n - 2; /* the broken run */
    uint64_t sig = mix(mix(mix(mix(1, get(r, b)), get(r, b - 1)), b - r->run[i].start), r->run[i].per);
    grundy__heap_pairs *bt = &r->bound;
    int rc = grundy__heap_pairs_room(&g->alloc, bt);
    if (rc != GRUNDY_OK)
        return rc;
    size_t at = grundy__heap_pairs_slot(bt, sig);
    int tries = 0;
    for (; bt->p[2 * at + 1] != 0; at = (at + 1) & (bt->cap - 1)) {
        uint64_t x = bt->p[2 * at + 1];
        if (bt->p[2 * at] == sig && tries++ < TRIES && mismatch(r, x - t, x, b - x, 0) == NONE) {
            proved(g, r, x - t, b - x);
            return 1;
        }
    }
    bt->p[2 * at] = sig;
    bt->p[2 * at + 1] = b;
    bt->count++;
    return 0;
}

/* Runs up to count values, or to a proof: GRUNDY_OK, GIVE_UP or a status. */
static int run_to(grundy_heap_game *g, grundy__sub_runs *r, uint64_t count)
{
    const uint32_t *s = g->rules.removals;
    uint32_t m = g->rules.nremovals;
    uint64_t t = s[m - 1];
    int rc = GRUNDY_OK;
    if (r->n == 0)
        rc = new_run(g, r, 0); /* G(0) = 0 */
    while (rc == GRUNDY_OK && !g->periodic && r->known < count) {
        if (r->work > WORK_MAX)
            return GIVE_UP;
        uint64_t n = r->known;
        if (!r->periodic) {
            rc = literal_append(g, r, runs_mex(g, r, n));
            continue;
        }
        size_t i = r->n - 1;
        uint64_t a = r->run[i].start, p = r->run[i].per, next = NONE;
        uint32_t j = 0;
        for (; j < m && s[j] <= n; j++) {
            uint64_t z = irregular(r, n - s[j], p, n);
            if (z != NONE && z + s[j] < next)
                next = z + s[j];
        }
        /* An amount not yet legal changes the run first where its option
         * has the run's value: at s + y for the first y with G(y) = G(y + s),
         * the run read on past n (p-periodic pairs from a on). */
        r->map_e = a;
        r->map_p = p;
        for (; j < m && s[j] < next; j++) {
            uint64_t y = compare(r, 0, a + p, s[j], 0, 1);
            if (y != NONE && y + s[j] < next)
                next = y + s[j];
        }
        if (next == NONE) { /* every later heap follows the run */
            proved(g, r, a, p);
            break;
        }
        r->known = next < count ? next : count;
        if (r->known == count)
            break;
        uint32_t x = runs_mex(g, r, next);
        if (x == get(r, next - p)) {
            r->known++;
            continue;
        }
        rc = new_run(g, r, x);
        if (rc == GRUNDY_OK && next >= t) {
            int found = boundary(g, r, t);
            rc = found < 0 ? found : GRUNDY_OK;
        }
    }
    return rc;
}

/* ---- The engine's entry --------------------------------------------------------- */

void grundy__heap_sub_runs_free(grundy_heap_game *g)
{
    grundy__sub_runs *r = g->runs;
    if (r == NULL)
        return;
    grundy__free(&g->alloc, r->run);
    grundy__free(&g->alloc, r->pool);
    grundy__free(&g->alloc, r->bound.p);
    grundy__free(&g->alloc, r->seen);
    grundy__free(&g->alloc, r);
    g->runs = NULL;
    g->runs_known = 0;
}

/* out[0 .. count) = G(first), ... of known heaps, run by run. */
static void fill(const grundy_heap_game *g, uint64_t first, uint64_t count, uint32_t *out)
{
    const grundy__sub_runs *r = g->runs;
    for (uint64_t done = 0; done < count;) {
        piece p = piece_at(r, first + done);
        uint64_t len = p.len < count - done ? p.len : count - done, at = p.off;
        for (uint64_t i = 0; i < len; i++) {
            out[done + i] = r->pool[p.pat + at];
            at = at + 1 == p.per ? 0 : at + 1;
        }
        done += len;
    }
}

/* grundy__heap_observe on the values below max, looked at as a table
 * while they fit OBSERVE_MAX values (0 past it: nothing seen). */
static int observe(grundy_heap_game *g, uint64_t max, grundy__heap_seen *seen)
{
    uint64_t n = g->runs->known < max ? g->runs->known : max;
    if (n > OBSERVE_MAX)
        return 0;
    grundy__values v = {NULL, 1, 0, 0};
    if (grundy__values_reserve(&v, &g->alloc, n) != GRUNDY_OK)
        return GRUNDY_ENOMEM;
    for (v.n = 0; v.n < n; v.n++)
        v.p[v.n] = (unsigned char)get(g->runs, v.n); /* values up to 64 */
    int found = grundy__heap_observe(&v, n, 0, seen);
    grundy__values_free(&v, &g->alloc);
    return found;
}

int grundy__heap_sub_runs(grundy_heap_game *g, uint64_t count)
{
    uint32_t m = g->rules.nremovals;
    if (g->runs == NULL) {
        if (g->runs_mode < 0 || !g->detect || g->vals.n != 0 || m == 0 || m > RUNS_AMOUNTS ||
            (g->runs_mode == 0 && g->rules.removals[m - 1] < RUNS_FROM))
            return GIVE_UP;
        g->runs = (grundy__sub_runs *)grundy__calloc_array(&g->alloc, 1, sizeof *g->runs);
        if (g->runs == NULL)
            return GRUNDY_ENOMEM;
        g->runs_fill = fill;
        g->runs_observe = observe;
        g->runs->seen = (unsigned char *)grundy__alloc_array(&g->alloc, (size_t)m + 2, 1);
        if (g->runs->seen == NULL) {
            grundy__heap_sub_runs_free(g);
            return GRUNDY_ENOMEM;
        }
    }
    int rc = run_to(g, g->runs, count);
    g->runs_known = g->runs->known;
    if (rc == GIVE_UP) {
        g->periodic = 0; /* (set only with the runs) */
        grundy__heap_sub_runs_free(g);
        g->runs_mode = -1;
    }
    return rc;
}
