/* SPDX-License-Identifier: MIT */
/* Misère quotients of heap games: the handle and what its files share.
 *
 * quotient.c drives the computation heap by heap (conservative extension,
 * else expansion and recalibration) and proves periods; monoid.c holds the
 * explicit monoids: the trial products that grow the quotient and their
 * reduction by partition refinement; pretension.c marks the P-portion of a
 * trial and verifies a pretension against the rules; quotient_query.c
 * answers for sums of heaps and prints the presentation; quotient_file.c
 * saves and resumes. */
#ifndef GRUNDY_QUOTIENT_H
#define GRUNDY_QUOTIENT_H

#include "core/table.h"
#include "heap/heap_game.h"

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

int grundy__qvec_push(const grundy_allocator *a, grundy__qvec *v, uint32_t x);
int grundy__qvec_reserve(const grundy_allocator *a, grundy__qvec *v, size_t n);
void grundy__qvec_free(const grundy_allocator *a, grundy__qvec *v);

void grundy__qmon_free(grundy__qmon *m, const grundy_allocator *a);

/* Bytes of a monoid of n elements and ngen generators (its table too when
 * n <= full_max), for the memory limit. */
uint64_t grundy__qmon_bytes(uint64_t n, uint64_t ngen, uint32_t full_max);

/* Completes m from n, ngen, act and p: the tree of words (shortest, in
 * generator order), and the table when n <= full_max.  GRUNDY_OK, 1 when
 * an element is not reached from 0 (m is then left without tree), or
 * GRUNDY_ENOMEM. */
int grundy__qmon_finish(grundy__qmon *m, uint32_t full_max, const grundy_allocator *a);

/* The row of y (x * y for every x): the table's, or computed into buf (n entries). */
const uint32_t *grundy__qmon_row(const grundy__qmon *m, uint32_t y, uint32_t *buf);

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
int grundy__qtrial_init(grundy__qtrial *t, const grundy__qmon *old, const uint32_t *idx,
                        size_t k, uint32_t maxc, const grundy_allocator *a);
void grundy__qtrial_free(grundy__qtrial *t, const grundy_allocator *a);

/* Reduces the elements order[0 .. count) of trial t (closed under the
 * generators gens[0 .. ngens), listed with the identity first, in the order
 * their classes are to be numbered), P-portion pflag[d], by partition
 * refinement; writes each element's class into cls and the monoid of the
 * classes into *out (generated by the classes of gens, with its table when
 * at most full_max).  dense maps a trial element to its place in order. */
int grundy__qreduce(const grundy__qtrial *t, const uint32_t *order, const uint32_t *dense,
                    const unsigned char *pflag, size_t count, const uint32_t *gens, size_t ngens,
                    size_t limit, uint32_t full_max, const grundy_allocator *a, uint32_t *cls,
                    grundy__qmon *out);

/* ---- pretension.c --------------------------------------------------------- */

void grundy__qpre_free(grundy__qpre *p, const grundy_allocator *a);
void grundy__qstore_free(grundy__qstore *s, const grundy_allocator *a);

/* The elements of heap's options under the products of mul (ctx) and phi,
 * increasing and without repeats, appended to out (as a list from *off). */
typedef uint32_t (*grundy__qmul_fn)(const void *ctx, uint32_t a, uint32_t b);
uint32_t grundy__qmon_mul_fn(const void *ctx, uint32_t x, uint32_t y); /* ctx: a grundy__qmon */
int grundy__qtransitions(const grundy__heap_rules *r, uint64_t heap, grundy__qmul_fn mul,
                         const void *ctx, const uint32_t *phi, uint32_t one,
                         const grundy_allocator *a, grundy__qvec *out, uint32_t *stamp,
                         uint32_t mark);

/* Marks the P-portion of a trial: walks the words of heaps 0 .. nheaps - 1
 * in an order where every option of a word comes first (by largest heap,
 * then by its count, and so on down); each element takes the status of its
 * first word.  phi and the transition lists toff/tlen in tpool are trial
 * elements.  Out: order (elements in that order), dense (size t->old->n *
 * t->nc), pflag. */
int grundy__qmark(const grundy__qtrial *t, const uint32_t *phi, const size_t *toff,
                  const uint32_t *tlen, const uint32_t *tpool, size_t nheaps, size_t limit,
                  const grundy_allocator *a, grundy__qvec *order, uint32_t *dense,
                  unsigned char **pflag);

/* Fills the actions of heaps 0 .. nheaps - 1 of p from its monoid and phi
 * and the rules, and each element's word. */
int grundy__qpre_actions(grundy__qpre *p, const grundy__heap_rules *r,
                         const grundy_allocator *a);

/* Walks the elements of m that words in gens[0 .. k) reach, in the order
 * of their least words (by the last generator's exponent, then down):
 * element y is first reached as the word of base[y] times gens[which[y]]
 * to the exp[y]; ord lists them in that order (GRUNDY__Q_NONE past those
 * reached).  Each array has m->n entries. */
int grundy__qwalk(const grundy__qmon *m, const uint32_t *gens, size_t k, uint32_t *base,
                  uint32_t *which, uint32_t *exp, uint32_t *ord, const grundy_allocator *a);

/* Each element's word of heaps (least in the walk's order). */
int grundy__qpre_words(grundy__qpre *p, const grundy_allocator *a);

/* The action of a heap with transitions T (increasing) and element g:
 * an existing one if there is one, else appended.  *id. */
int grundy__qpre_add_action(grundy__qpre *p, const grundy_allocator *a, uint32_t g,
                            const uint32_t *trans, size_t len, uint32_t heap, uint32_t *id);

/* Verifies p against the rules: 0 when correct, 1 with the least word
 * found that fails in *fail, or a status.  With the store s already
 * closed for the actions before first_new (incremental: the monoid
 * unchanged), only what the new actions add is examined; from scratch
 * (first_new 0) s must be empty.  On failure or error the store keeps
 * the states it had plus those added: call grundy__qstore_truncate. */
int grundy__qverify(const grundy__qpre *p, grundy__qstore *s, size_t first_new, size_t limit,
                    const grundy_allocator *a, grundy__qword *fail);

/* Drops the states from count on. */
void grundy__qstore_truncate(grundy__qstore *s, size_t count);

/* Elements of a word: Π Φ. */
uint32_t grundy__qword_elem(const grundy__qpre *p, const uint32_t *heaps, size_t n);

/* Whether a word's claimed outcome agrees with its options' (1), or not (0). */
int grundy__qword_consistent(const grundy__qpre *p, const uint32_t *heaps, size_t n);

/* ---- quotient_query.c ------------------------------------------------------- */

/* Fills the presentation of p (generators, words, relations). */
int grundy__qpresent(grundy__qpre *p, const grundy_allocator *a);

/* ---- quotient.c ----------------------------------------------------------- */

int grundy__qfail(grundy_quotient *q, int rc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* GRUNDY_OK, or GRUNDY_ESTATE (with the message) from inside a callback. */
int grundy__qready(grundy_quotient *q, const char *call);

/* Φ of any heap when solved or covered (1), else 0. */
int grundy__qphi(const grundy_quotient *q, uint64_t heap, uint32_t *x);

/* Looks for a proved period of Φ (the periodicity theorem's bound). */
void grundy__qcheck_period(grundy_quotient *q);

/* Replaces q's state by p (and an empty store, filled by a full verification). */
int grundy__qadopt(grundy_quotient *q, grundy__qpre *p, const char *call);

#endif
