/* SPDX-License-Identifier: MIT */
/* Fuzz target: heap-game names (grundy_heap_game_parse, read straight from
 * the fuzz bytes, not NUL-terminated) and what the games compute.
 *
 * Input: the game name, up to the first NUL byte; after it, control bytes:
 *   [fail] [subtraction set: count, then amounts] [heap sizes...]
 * (missing bytes read as 0).  Checks:
 * - the parse agrees with the harness's own reading of the name
 *   (heap_ref.h) on the status; errpos lies within the name (on ELIMIT it
 *   names the first digit too many, or the amount too large); the message
 *   is non-empty on an error; a game whose parse failed has no rules and
 *   takes a name again, one with rules refuses another;
 * - G(0..N) against a plain mex over the rules, one by one and as a range;
 *   a proved period against the values, against Fine and Wilf (no shorter
 *   period fits a long enough window) and against the harness's own period
 *   search with the header's theorem; the sparse and plain methods give
 *   identical values;
 * - the moves of small heaps against the header's list of them; winning
 *   moves are legal moves to a P-position, and every winning move of a sum
 *   of small heaps is listed; outcomes and sum values are xors;
 * - grundy_heap_game_set_subtraction with a set from the bytes matches the
 *   same set written as "sub:...";
 * - with a failing allocator, nothing leaks. */
#define GRUNDY_EXPERIMENTAL /* set_sparse, set_period_detection */
#include "heap_ref.h"

#define MAX_NAME 5000u
#define BUDGET 3.0e5 /* options the brute force may examine per game */
#define SMALL_HEAP 40u /* heaps whose every move is read back */

static int want_status(int rc, int expect, const char *what)
{
    FUZZ_CHECK(rc == expect, "%s returned %d, expected %d", what, rc, expect);
    return rc;
}

/* How many values (and period search length) the budget allows. */
static uint64_t affordable(const heap_ref *r, uint64_t want)
{
    while (want > 16 && hr_cost(r, want, BUDGET) > BUDGET)
        want = want * 3 / 4;
    return want;
}

/* Whether left[0..nleft) is the result of a legal move from heap h. */
static int legal_move(const heap_ref *r, uint64_t h, const uint64_t *left, uint32_t nleft)
{
    uint64_t sum = 0;
    for (uint32_t i = 0; i < nleft; i++) {
        if (left[i] == 0 || left[i] > h)
            return 0;
        sum += left[i];
    }
    if (sum > h)
        return 0;
    uint64_t k = h - sum;
    unsigned d = hr_digit(r, k);
    switch (nleft) {
    case 0: return k > 0 && (d & 1);
    case 1: return k > 0 && (d & 2);
    case 2: return (d & 4) && !(r->unequal && left[0] == left[1]);
    case 3: return (d & 8) != 0;
    default: return 0;
    }
}

/* G(h) from the brute-force table when it has it, else from the library. */
static uint32_t value_of(grundy_heap_game *g, const uint32_t *brute, uint64_t nb, uint64_t h)
{
    if (h < nb)
        return brute[h];
    uint32_t v = 0;
    int rc = grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, h, &v);
    FUZZ_CHECK(rc == GRUNDY_OK, "value(%llu): %d", (unsigned long long)h, rc);
    return v;
}

/* A new game with the rules of a valid name. */
static grundy_heap_game *new_game(const char *name, const grundy_allocator *alloc)
{
    grundy_heap_game *g = NULL;
    FUZZ_CHECK(grundy_heap_game_new(&g, alloc) == GRUNDY_OK &&
                   grundy_heap_game_parse(g, name, strlen(name)) == GRUNDY_OK,
               "new %s", name);
    return g;
}

/* A winning move of a sum of heaps: checks its shape, reads it back with
 * grundy_heap_game_move(), and returns the heap it moves in (its heaps left
 * in left[0..*nleft)); n if there is none. */
static size_t winning_move(grundy_heap_game *g, const heap_ref *r, const uint64_t *heaps,
                           size_t n, uint32_t x, uint64_t *left, size_t *nleft,
                           const char *label)
{
    uint64_t moves[5];
    moves[n] = 0xdead;
    int found = grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_NORMAL, heaps, n, moves);
    if (found == GRUNDY_ELIMIT) {
        /* A move is an index: where a heap has 2^64 moves or more, the
         * winning one may have none. */
        double most = 0;
        for (size_t i = 0; i < n; i++)
            if (hr_move_count(r, heaps[i]) > most)
                most = hr_move_count(r, heaps[i]);
        FUZZ_CHECK(x != 0 && most >= 1.8e19 && grundy_heap_game_errmsg(g)[0] != '\0',
                   "%s: winning_move ELIMIT with at most %g moves in a heap", label, most);
        return n;
    }
    FUZZ_CHECK(found == (x != 0), "%s: winning_move returned %d for xor %u", label, found, x);
    FUZZ_CHECK(moves[n] == 0xdead, "%s: winning_move wrote past n", label);
    size_t which = n, moved = 0;
    for (size_t i = 0; i < n; i++)
        if (moves[i] != GRUNDY_NO_MOVE) {
            which = i;
            moved++;
        }
    FUZZ_CHECK(moved == (size_t)found, "%s: a winning move in %zu heaps", label, moved);
    if (found != 1)
        return n;
    left[3] = 0xdead;
    int rc = grundy_heap_game_move(g, heaps[which], moves[which], left, 3, nleft);
    FUZZ_CHECK(rc == GRUNDY_OK && *nleft <= 3 && left[3] == 0xdead,
               "%s: move %llu of heap %llu: %d, %zu heaps left", label,
               (unsigned long long)moves[which], (unsigned long long)heaps[which], rc, *nleft);
    return which;
}

/* Whether every move takes an amount and leaves nothing or one heap: the
 * games the library proves by the window proof, which may skip values. */
static int subtraction_only(const heap_ref *r)
{
    if (r->tail || r->digit[0] != 0)
        return 0;
    for (uint32_t k = 1; k < r->ndigits; k++)
        if (r->digit[k] != 0 && r->digit[k] != 3)
            return 0;
    return 1;
}

/* A period the library proved from fewer values than the Guy-Smith bound
 * (the window proof skips the values the game without its largest amount
 * decides): the harness checks it on as many values as that bound needs,
 * and a period past its budget is left unchecked there. */
static void check_skipped_claim(const heap_ref *r, uint64_t p, uint64_t q, const char *label)
{
    uint64_t n = q + 2 * p + hr_max_removal(r) + 1;
    if (n > ((uint64_t)1 << 22) || hr_cost(r, n, BUDGET) > BUDGET)
        return;
    uint32_t *more = malloc((size_t)n * sizeof *more);
    if (!more)
        abort();
    hr_values(r, n, more);
    uint64_t bp = 0, bq = 0;
    FUZZ_CHECK(hr_find_period(r, more, n, &bp, &bq) && bp == p && bq == q,
               "%s: library proves period %llu preperiod %llu, harness on %llu values %llu %llu",
               label, (unsigned long long)p, (unsigned long long)q, (unsigned long long)n,
               (unsigned long long)bp, (unsigned long long)bq);
    free(more);
}

/* Checks a created game: values, period, moves.  extra: the control bytes. */
static void check_game(grundy_heap_game *g, const heap_ref *r, fuzz_reader *extra,
                       const char *label)
{
    int theorem = !r->tail && !r->unequal;
    uint64_t pmax = affordable(r, 300);
    uint64_t nvals = pmax < 200 ? pmax : 200;
    uint32_t *brute = malloc((size_t)pmax * sizeof *brute);
    if (!brute)
        abort();
    hr_values(r, pmax, brute);

    uint64_t before = grundy_heap_game_computed(g);
    int rc = grundy_heap_game_compute(g, nvals);
    FUZZ_CHECK(rc == GRUNDY_OK, "%s: compute(%llu): %d", label, (unsigned long long)nvals, rc);
    uint64_t computed = grundy_heap_game_computed(g);
    FUZZ_CHECK(computed <= (before > nvals ? before : nvals), "%s: computed %llu of %llu", label,
               (unsigned long long)computed, (unsigned long long)nvals);
    for (uint64_t h = 0; h < nvals; h++) {
        uint32_t v = UINT32_MAX;
        rc = grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, h, &v);
        FUZZ_CHECK(rc == GRUNDY_OK, "%s: value(%llu): %d", label, (unsigned long long)h, rc);
        FUZZ_CHECK(v == brute[h], "%s: G(%llu) = %u, expected %u", label, (unsigned long long)h,
                   v, brute[h]);
    }
    /* The same values as one range, from an offset the name picks (the
     * control bytes stay as they were read). */
    uint64_t first = fuzz_hash((const uint8_t *)label, strlen(label)) % nvals;
    uint32_t *range = malloc((size_t)(nvals - first + 1) * sizeof *range);
    if (!range)
        abort();
    range[nvals - first] = 0xdeadbeefu;
    rc = grundy_heap_game_values(g, GRUNDY_PLAY_NORMAL, first, (size_t)(nvals - first), range);
    FUZZ_CHECK(rc == GRUNDY_OK && range[nvals - first] == 0xdeadbeefu, "%s: values(%llu): %d",
               label, (unsigned long long)first, rc);
    for (uint64_t h = first; h < nvals; h++)
        FUZZ_CHECK(range[h - first] == brute[h], "%s: values: G(%llu) = %u, expected %u", label,
                   (unsigned long long)h, range[h - first], brute[h]);
    free(range);
    for (uint64_t h = 0; h < SMALL_HEAP && hr_cost(r, h + 1, BUDGET) <= BUDGET; h++)
        hr_check_moves(g, r, h);

    uint64_t p = 0, q = 0;
    rc = grundy_heap_game_period(g, pmax, &p, &q);
    FUZZ_CHECK(rc == 0 || rc == 1, "%s: period(%llu): %d", label, (unsigned long long)pmax, rc);
    uint64_t bp = 0, bq = 0;
    int brute_found = theorem && hr_find_period(r, brute, pmax, &bp, &bq);
    FUZZ_CHECK(theorem || rc == 0, "%s: a period claimed where no theorem applies", label);
    if (rc == 1) {
        FUZZ_CHECK(p >= 1, "%s: period 0", label);
        /* The claim against every value the brute force has. */
        for (uint64_t h = 0; h < pmax; h++) {
            uint32_t v;
            FUZZ_CHECK(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, h, &v) == GRUNDY_OK &&
                           v == brute[h],
                       "%s: period %llu preperiod %llu: G(%llu) = %u, expected %u", label,
                       (unsigned long long)p, (unsigned long long)q, (unsigned long long)h, v,
                       brute[h]);
        }
        if (q + p < pmax && q > 0)
            FUZZ_CHECK(brute[q - 1] != brute[q - 1 + p],
                       "%s: preperiod %llu is not the least (G(%llu) = G(%llu))", label,
                       (unsigned long long)q, (unsigned long long)(q - 1),
                       (unsigned long long)(q - 1 + p));
        if (q + 2 * p <= pmax) {
            /* Fine and Wilf: a shorter period p' fitting [q, pmax) would make
             * gcd(p, p') a period, so p would not be the least. */
            for (uint64_t p2 = 1; p2 < p; p2++) {
                uint64_t h = q;
                while (h + p2 < pmax && brute[h] == brute[h + p2])
                    h++;
                FUZZ_CHECK(h + p2 < pmax, "%s: period %llu from %llu, but %llu fits too", label,
                           (unsigned long long)p, (unsigned long long)q,
                           (unsigned long long)p2);
            }
        }
        /* Any heap is fine now. */
        uint32_t v1, v2;
        uint64_t big = UINT64_MAX - (uint64_t)fuzz_u8(extra);
        FUZZ_CHECK(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, big, &v1) == GRUNDY_OK,
                   "%s: value(huge)", label);
        uint64_t red = big >= q ? q + (big - q) % p : big;
        FUZZ_CHECK(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, red, &v2) == GRUNDY_OK && v1 == v2,
                   "%s: G(huge) does not follow the period", label);
    }
    if (theorem && rc == 1 && !brute_found && subtraction_only(r)) {
        check_skipped_claim(r, p, q, label);
    } else if (theorem) {
        FUZZ_CHECK(rc == brute_found,
                   "%s: period search up to %llu: library %d, harness %d (p %llu q %llu)",
                   label, (unsigned long long)pmax, rc, brute_found, (unsigned long long)bp,
                   (unsigned long long)bq);
        if (rc == 1)
            FUZZ_CHECK(p == bp && q == bq,
                       "%s: library proves period %llu preperiod %llu, harness %llu %llu", label,
                       (unsigned long long)p, (unsigned long long)q, (unsigned long long)bp,
                       (unsigned long long)bq);
    }

    /* Every residue of the period, on a heap far beyond the table: a
     * winning move exists exactly when G is non-zero (the mex property),
     * and the move search must find it without the values in between. */
    if (rc == 1) {
        uint64_t far = q + p * (((uint64_t)1 << 40) + fuzz_u8(extra));
        for (uint64_t res = 0; res < p && res < 64; res++) {
            uint64_t h = far + res;
            uint32_t v = value_of(g, brute, pmax, h);
            uint64_t left[4];
            size_t nleft;
            if (winning_move(g, r, &h, 1, v, left, &nleft, label) == 0) {
                FUZZ_CHECK(legal_move(r, h, left, (uint32_t)nleft),
                           "%s: illegal move from heap %llu", label, (unsigned long long)h);
                uint32_t y = 0;
                for (size_t i = 0; i < nleft; i++)
                    y ^= value_of(g, brute, pmax, left[i]);
                FUZZ_CHECK(y == 0, "%s: move from heap %llu leaves %u", label,
                           (unsigned long long)h, y);
            }
        }
    }

    /* Sums of heaps: outcome and winning move. */
    for (int t = 0; t < 3; t++) {
        uint64_t heaps[4];
        size_t n = 1 + fuzz_u8(extra) % 4;
        uint32_t x = 0;
        int small = 1;
        for (size_t i = 0; i < n; i++) {
            uint32_t b = fuzz_u8(extra);
            heaps[i] = b % pmax;
            if (rc == 1 && (b & 0x80))
                heaps[i] = q + p * ((uint64_t)fuzz_u32(extra) << 16) + b % p;
            x ^= value_of(g, brute, pmax, heaps[i]);
            small &= heaps[i] < SMALL_HEAP;
        }
        int oc = grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_NORMAL, heaps, n);
        FUZZ_CHECK(oc == (x ? GRUNDY_N : GRUNDY_P), "%s: outcome %d for xor %u", label, oc, x);
        uint32_t sv = 12345, v0 = value_of(g, brute, pmax, heaps[0]);
        FUZZ_CHECK(grundy_heap_game_sum_value(g, GRUNDY_PLAY_NORMAL, heaps, n, &sv) == GRUNDY_OK &&
                       sv == x,
                   "%s: sum value %u for xor %u", label, sv, x);
        FUZZ_CHECK(grundy_heap_game_outcome(g, GRUNDY_PLAY_NORMAL, heaps[0]) ==
                       (v0 ? GRUNDY_N : GRUNDY_P),
                   "%s: outcome of heap %llu", label, (unsigned long long)heaps[0]);
        uint64_t left[4];
        size_t nleft = 99;
        size_t which = winning_move(g, r, heaps, n, x, left, &nleft, label);
        if (which < n) {
            FUZZ_CHECK(legal_move(r, heaps[which], left, (uint32_t)nleft),
                       "%s: illegal winning move from %llu leaving %zu heaps (%llu %llu %llu)",
                       label, (unsigned long long)heaps[which], nleft,
                       (unsigned long long)left[0], (unsigned long long)left[1],
                       (unsigned long long)left[2]);
            uint32_t y = x ^ value_of(g, brute, pmax, heaps[which]);
            for (size_t i = 0; i < nleft; i++)
                y ^= value_of(g, brute, pmax, left[i]);
            FUZZ_CHECK(y == 0, "%s: winning move leaves xor %u", label, y);
        }
        if (small && hr_cost(r, SMALL_HEAP, BUDGET) <= BUDGET)
            hr_check_all_wins(g, r, brute, heaps, n, label);
    }
    free(brute);
}

/* The sparse-space and plain methods, and no period detection, against
 * each other over a longer stretch. */
static void check_methods(const char *name, const heap_ref *r)
{
    if (r->tail || hr_max_parts(r) != 2)
        return;
    uint64_t n = 450;
    if (hr_cost(r, n, BUDGET) > BUDGET)
        return;
    grundy_heap_game *a = new_game(name, NULL), *b = new_game(name, NULL);
    grundy_heap_game_set_sparse(a, 0);
    grundy_heap_game_set_period_detection(a, 0);
    grundy_heap_game_set_period_detection(b, 0);
    FUZZ_CHECK(grundy_heap_game_compute(a, n) == GRUNDY_OK &&
                   grundy_heap_game_compute(b, n) == GRUNDY_OK,
               "compute %s", name);
    FUZZ_CHECK(grundy_heap_game_computed(a) == n && grundy_heap_game_computed(b) == n,
               "without period detection every value is computed");
    for (uint64_t h = 0; h < n; h++) {
        uint32_t va, vb;
        FUZZ_CHECK(grundy_heap_game_value(a, GRUNDY_PLAY_NORMAL, h, &va) == GRUNDY_OK &&
                       grundy_heap_game_value(b, GRUNDY_PLAY_NORMAL, h, &vb) == GRUNDY_OK,
                   "value");
        FUZZ_CHECK(va == vb, "%s: G(%llu) plain %u, sparse %u", name, (unsigned long long)h, va,
                   vb);
    }
    grundy_heap_game_free(a);
    grundy_heap_game_free(b);
}

/* Creating and computing with an allocator that refuses one request. */
static void check_failing_alloc(const char *name, uint64_t fail_at)
{
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    fa.fail_at = fail_at;
    grundy_allocator al = fuzz_allocator(&fa);
    grundy_heap_game *g = NULL;
    int rc = grundy_heap_game_new(&g, &al);
    if (rc != GRUNDY_OK) {
        FUZZ_CHECK(rc == GRUNDY_ENOMEM && fa.refused, "new with a failing allocator: %d", rc);
        fuzz_alloc_check_empty(&fa, "heap game new with a failing allocator");
        return;
    }
    rc = grundy_heap_game_parse(g, name, strlen(name));
    if (rc == GRUNDY_OK) {
        rc = grundy_heap_game_compute(g, 64);
        FUZZ_CHECK(rc == GRUNDY_OK || (rc == GRUNDY_ENOMEM && fa.refused),
                   "compute with a failing allocator: %d", rc);
        uint64_t p, q;
        rc = grundy_heap_game_period(g, 64, &p, &q);
        FUZZ_CHECK(rc == 0 || rc == 1 || (rc == GRUNDY_ENOMEM && fa.refused),
                   "period with a failing allocator: %d", rc);
        /* After a refusal the game goes on. */
        uint32_t v;
        rc = grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 63, &v);
        FUZZ_CHECK(rc == GRUNDY_OK || (rc == GRUNDY_ENOMEM && fa.refused), "value: %d", rc);
    } else {
        FUZZ_CHECK(rc == GRUNDY_ENOMEM || rc == GRUNDY_EPARSE || rc == GRUNDY_ELIMIT,
                   "parse with a failing allocator: %d", rc);
        /* A failed parse leaves no rules. */
        FUZZ_CHECK(grundy_heap_game_compute(g, 4) == GRUNDY_ESTATE,
                   "a game without rules computed");
    }
    grundy_heap_game_free(g);
    fuzz_alloc_check_empty(&fa, "heap game with a failing allocator");
}

/* A parse that failed: status, place and message, and the game without
 * rules after it, which takes a name again. */
static void check_parse_error(grundy_heap_game *g, const heap_ref *r, int rc, size_t len)
{
    const char *msg = grundy_heap_game_errmsg(g);
    size_t errpos = grundy_heap_game_errpos(g);
    FUZZ_CHECK(msg[0] != '\0', "error %d without a message", rc);
    if (rc == GRUNDY_EPARSE || rc == GRUNDY_ELIMIT)
        FUZZ_CHECK(errpos != GRUNDY_NO_POS, "error %d without errpos (%s)", rc, msg);
    if (errpos != GRUNDY_NO_POS)
        FUZZ_CHECK(errpos <= len, "errpos %zu beyond the name (length %zu)", errpos, len);
    if (rc == GRUNDY_ELIMIT)
        FUZZ_CHECK(errpos == r->limit_pos && errpos < len,
                   "ELIMIT: errpos %zu, expected %zu (length %zu)", errpos, r->limit_pos, len);
    uint32_t v;
    FUZZ_CHECK(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 1, &v) == GRUNDY_ESTATE,
               "a game whose parse failed has a value");
    FUZZ_CHECK(grundy_heap_game_parse(g, "0.7", 3) == GRUNDY_OK &&
                   grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 1, &v) == GRUNDY_OK && v == 1,
               "a game whose parse failed does not take a name again");
}

/* name: the raw bytes of the input (len of them, no NUL after them), and
 * the same as a C string in cname for the harness. */
static void check_name(const char *name, size_t len, const char *cname, fuzz_reader *extra,
                       uint8_t fail)
{
    heap_ref r;
    hr_parse(&r, cname);
    fuzz_alloc fa;
    memset(&fa, 0, sizeof fa);
    grundy_allocator al = fuzz_allocator(&fa);
    grundy_heap_game *g = NULL;
    FUZZ_CHECK(grundy_heap_game_new(&g, &al) == GRUNDY_OK && g != NULL, "grundy_heap_game_new");
    int rc = grundy_heap_game_parse(g, name, len);
    want_status(rc, r.status, "grundy_heap_game_parse");
    if (rc != GRUNDY_OK) {
        check_parse_error(g, &r, rc, len);
        grundy_heap_game_free(g);
        fuzz_alloc_check_empty(&fa, "a game whose parse failed");
        hr_free(&r);
        return;
    }
    FUZZ_CHECK(grundy_heap_game_parse(g, name, len) == GRUNDY_ESTATE, "parse of a game with rules");
    uint32_t one = 1;
    FUZZ_CHECK(grundy_heap_game_set_subtraction(g, &one, 1) == GRUNDY_ESTATE,
               "subtraction set of a game with rules");
    if (r.big) { /* no reference for its values */
        grundy_heap_game_free(g);
        fuzz_alloc_check_empty(&fa, "grundy_heap_game_free");
        return;
    }
    check_game(g, &r, extra, cname);
    grundy_heap_game_free(g);
    fuzz_alloc_check_empty(&fa, "grundy_heap_game_free");
    if (fail)
        check_failing_alloc(cname, fail);
    check_methods(cname, &r);
    hr_free(&r);
}

/* A subtraction set from the bytes, through both doors. */
static void check_subtraction(fuzz_reader *in)
{
    uint32_t set[8];
    size_t n = fuzz_u8(in) % 9;
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t b = fuzz_u8(in);
        set[i] = 1 + (b & 0x3f);
        if (b == 0xff) {
            set[i] = 0;
            bad = bad ? bad : 1;
        } else if (b == 0xfe) {
            set[i] = HR_MAX_SUB; /* the largest amount: accepted */
        }
    }
    grundy_heap_game *g = NULL;
    FUZZ_CHECK(grundy_heap_game_new(&g, NULL) == GRUNDY_OK, "new");
    int rc = grundy_heap_game_set_subtraction(g, set, n);
    int expect = n == 0 ? GRUNDY_EINVAL : GRUNDY_OK;
    /* The first bad amount decides. */
    for (size_t i = 0; i < n && expect == GRUNDY_OK && bad; i++)
        if (set[i] == 0)
            expect = GRUNDY_EINVAL;
    FUZZ_CHECK(rc == expect, "subtraction set of %zu amounts: %d, expected %d", n, rc, expect);
    if (rc != GRUNDY_OK) {
        FUZZ_CHECK(grundy_heap_game_compute(g, 4) == GRUNDY_ESTATE, "a refused set left rules");
        grundy_heap_game_free(g);
        return;
    }
    char name[8 * 11 + 8]; /* up to 8 amounts of 10 digits and a comma */
    size_t k = (size_t)snprintf(name, sizeof name, "sub:");
    for (size_t i = 0; i < n; i++)
        k += (size_t)snprintf(name + k, sizeof name - k, i ? ",%u" : "%u", set[i]);
    grundy_heap_game *h = new_game(name, NULL);
    uint64_t p1 = 0, q1 = 0, p2 = 0, q2 = 0;
    int r1 = grundy_heap_game_period(g, 300, &p1, &q1);
    int r2 = grundy_heap_game_period(h, 300, &p2, &q2);
    FUZZ_CHECK(r1 == r2 && p1 == p2 && q1 == q2, "%s: set and name give different periods",
               name);
    for (uint64_t i = 0; i < 300; i++) {
        uint32_t a, b;
        FUZZ_CHECK(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, i, &a) == GRUNDY_OK &&
                       grundy_heap_game_value(h, GRUNDY_PLAY_NORMAL, i, &b) == GRUNDY_OK &&
                       a == b,
                   "%s: set and name give different G(%llu)", name, (unsigned long long)i);
    }
    grundy_heap_game_free(h);
    heap_ref r;
    hr_parse(&r, name);
    FUZZ_CHECK(r.status == GRUNDY_OK, "harness cannot read %s", name);
    if (!r.big)
        check_game(g, &r, in, name);
    hr_free(&r);
    grundy_heap_game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t len = nul ? (size_t)(nul - data) : size;
    if (len > MAX_NAME)
        return 0;
    char *name = malloc(len + 1);
    if (!name)
        abort();
    memcpy(name, data, len);
    name[len] = '\0';
    fuzz_reader extra = {nul ? nul + 1 : data + size, nul ? size - len - 1 : 0};
    uint8_t fail = fuzz_u8(&extra);
    fuzz_reader sub = extra;
    check_name((const char *)data, len, name, &extra, fail);
    check_subtraction(&sub);
    free(name);

    /* Argument checks. */
    grundy_heap_game *g = NULL;
    FUZZ_CHECK(grundy_heap_game_new(NULL, NULL) == GRUNDY_EINVAL, "NULL out");
    FUZZ_CHECK(grundy_heap_game_new(&g, NULL) == GRUNDY_OK, "new");
    FUZZ_CHECK(grundy_heap_game_parse(g, NULL, 3) == GRUNDY_EINVAL, "NULL name");
    FUZZ_CHECK(grundy_heap_game_set_subtraction(g, NULL, 2) == GRUNDY_EINVAL, "NULL set");
    grundy_heap_game_free(g);
    return 0;
}
