/* SPDX-License-Identifier: MIT */
/* The search of the word engine (game_word.h): memoized, iterative
 * evaluation of games whose positions are 64-bit words.
 *
 * A searcher keeps its stack as three lists: frames, the options of the
 * frames (a part count and, once known, a number each) and their parts (the
 * positions, plain words), in frame order, so that popping a frame cuts
 * the lists.  The top frame scans its options' parts in order; a part is
 * looked up once, when the scan reaches it: known, its number joins the
 * option's; absent, it is entered busy in the slot the lookup found and
 * becomes the new top frame; busy on this stack, the rules have a cycle.
 * A popped frame writes its number in its slot and hands it to the part it
 * is of below.  The options of a new frame have their home buckets
 * prefetched, so that the lookups find them in the cache.
 *
 * Most lookups find a known position of a one-part option (seven in eight
 * in the benchmark's games): a searcher alone runs those in a loop of its
 * own (scan_known), which only looks and records, and does the checks an
 * entry needs (room for a frame and in the memo, the bound) only when a
 * position is absent.
 *
 * Before all that, the common case runs in a lean search of its own (the
 * section "the lean search" below), which the general one takes over from
 * wherever a game leaves the common case. */
#include <stdarg.h>
#include <stdio.h>

#include "game/game.h"
#include "game/game_word_search.h"
#include "play/play.h"

int grundy__word_fail(grundy__word_searcher *s, int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->errmsg, sizeof s->errmsg, fmt, ap);
    va_end(ap);
    s->status = status;
    return status;
}

size_t grundy__word_searcher_bytes(const grundy__word_searcher *s)
{
    return s->cap_frames * sizeof *s->frames + s->cap_parts * sizeof *s->parts +
           s->cap_opts * sizeof *s->opts + s->mex.bound * sizeof(uint32_t);
}

void grundy__word_searcher_free(grundy__word_searcher *s, const grundy_allocator *a)
{
    grundy__free(a, s->frames);
    grundy__free(a, s->parts);
    grundy__free(a, s->opts);
    grundy__mex_free(&s->mex, a);
    s->frames = NULL;
    s->parts = NULL;
    s->opts = NULL;
    s->cap_frames = s->cap_parts = s->cap_opts = 0;
}

/* Whether the game's memory, with this searcher's stacks grown, passes the
 * cap.  A second searcher's stacks count as they were when it started. */
static int over_cap(const grundy__word_searcher *s)
{
    const grundy_game *g = s->game;
    if (g->limit == 0)
        return 0;
    size_t used = s->shared ? s->shared_bytes + grundy__word_searcher_bytes(s)
                            : grundy__game_used_bytes(g);
    return used > g->limit;
}

static int cap_reached(grundy__word_searcher *s)
{
    return grundy__word_fail(s, GRUNDY_ELIMIT,
                             "memory limit of %zu bytes reached %zu moves deep", s->game->limit,
                             s->nframes);
}

/* Grows list p (of *cap elements) to hold need, within the cap. */
static int reserve(grundy__word_searcher *s, void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return GRUNDY_OK;
    int rc = grundy__reserve(&s->game->alloc, p, cap, need, elem);
    if (rc == GRUNDY_ENOMEM)
        return grundy__word_fail(s, rc, "out of memory %zu moves deep", s->nframes);
    if (rc != GRUNDY_OK || over_cap(s))
        return cap_reached(s);
    return GRUNDY_OK;
}

/* Room for nopts more options of nparts parts in all. */
static int option_room(grundy__word_searcher *s, size_t nopts, size_t nparts)
{
    if (s->nopts + nopts > s->cap_opts) {
        int rc = reserve(s, (void **)&s->opts, &s->cap_opts, s->nopts + nopts, sizeof *s->opts);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (s->nparts + nparts > s->cap_parts)
        return reserve(s, (void **)&s->parts, &s->cap_parts, s->nparts + nparts, sizeof *s->parts);
    return GRUNDY_OK;
}

static void append(grundy__word_searcher *s, const unsigned char *parts, uint32_t nparts,
                   int canon)
{
    const grundy_game *g = s->game;
    for (uint32_t i = 0; i < nparts; i++) {
        uint64_t w;
        memcpy(&w, parts + (size_t)i * sizeof w, sizeof w);
        if (canon)
            w = grundy__game_canon_word(g, w);
        s->parts[s->nparts++] = w;
    }
    s->opts[s->nopts].nparts = nparts;
    s->opts[s->nopts].number = 0;
    s->nopts++;
}

/* Room for n more parts, in the lean search (no option list). */
static int part_room(grundy__word_searcher *s, size_t n)
{
    if (s->nparts + n <= s->cap_parts)
        return GRUNDY_OK;
    return reserve(s, (void **)&s->parts, &s->cap_parts, s->nparts + n, sizeof *s->parts);
}

static int lean_leave(grundy__word_searcher *s, int generating);

/* grundy__word_add in the lean search: an option of one part is its part;
 * any other hands the search to the general one (lean_leave) there and
 * then, and is added as it adds options. */
static int lean_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    grundy__word_searcher *s = o->words;
    int canon = o->canon;
    if (nparts != 1) {
        int rc = lean_leave(s, 1);
        return rc == GRUNDY_OK ? grundy__word_add(o, parts, nparts) : rc;
    }
    int rc = part_room(s, 1);
    if (rc != GRUNDY_OK)
        return rc;
    uint64_t w;
    memcpy(&w, parts, sizeof w);
    s->parts[s->nparts++] = canon ? grundy__game_canon_word(s->game, w) : w;
    return GRUNDY_OK;
}

/* Points o's quick list (grundy_options_add) at the free end of s's parts
 * in the lean search without canonical forms, or at nothing. */
static void quick_open(grundy_options *o, const grundy__word_searcher *s)
{
    if (s->lean && !o->canon && s->parts != NULL) {
        o->next = s->parts + s->nparts;
        o->end = s->parts + s->cap_parts;
    } else {
        o->next = o->end = NULL;
    }
}

/* Counts in s the parts o's quick list took, and closes it. */
static void quick_close(grundy_options *o, grundy__word_searcher *s)
{
    if (o->next != NULL)
        s->nparts = (size_t)(o->next - s->parts);
    o->next = o->end = NULL;
}

static int add_one(grundy_options *o, const void *parts, uint32_t nparts)
{
    grundy__word_searcher *s = o->words;
    if (s->lean)
        return lean_add(o, parts, nparts);
    if (nparts == 1 && s->nopts < s->cap_opts && s->nparts < s->cap_parts) {
        /* The common call, one option of one part with room for it: no
         * checks beyond these, one copy. */
        uint64_t w;
        memcpy(&w, parts, sizeof w);
        if (o->canon)
            w = grundy__game_canon_word(s->game, w);
        s->parts[s->nparts++] = w;
        s->opts[s->nopts].nparts = 1;
        s->opts[s->nopts++].number = 0;
        return GRUNDY_OK;
    }
    if (nparts > 1 && o->one_part)
        return grundy__word_fail(s, GRUNDY_EINVAL,
                                 "an option of %u parts, but %s needs options of at most one",
                                 nparts, grundy__play_name(s->play));
    int rc = option_room(s, 1, nparts);
    if (rc == GRUNDY_OK)
        append(s, (const unsigned char *)parts, nparts, o->canon);
    s->multi |= nparts != 1;
    return rc;
}

int grundy__word_add(grundy_options *o, const void *parts, uint32_t nparts)
{
    quick_close(o, o->words);
    int rc = add_one(o, parts, nparts);
    quick_open(o, o->words);
    return rc;
}

static int add_each(grundy_options *o, const void *positions, size_t n)
{
    grundy__word_searcher *s = o->words;
    if (n > UINT32_MAX) /* before the sums below, which it could wrap */
        return grundy__word_fail(s, GRUNDY_ELIMIT, "%zu options in one call", n);
    if (s->lean) {
        int rc = part_room(s, n);
        if (rc != GRUNDY_OK || n == 0)
            return rc;
        uint64_t *parts = s->parts + s->nparts;
        memcpy(parts, positions, n * sizeof *parts);
        if (o->canon)
            for (size_t i = 0; i < n; i++)
                parts[i] = grundy__game_canon_word(s->game, parts[i]);
        s->nparts += n;
        return GRUNDY_OK;
    }
    if (s->nopts + n > s->cap_opts || s->nparts + n > s->cap_parts) {
        int rc = option_room(s, n, n);
        if (rc != GRUNDY_OK)
            return rc;
    }
    if (n == 0) /* the lists may be empty, their pointers NULL */
        return GRUNDY_OK;
    /* One option of one part each, in one pass: the generator's list is
     * short (a call to memcpy costs more than it copies). */
    const unsigned char *from = (const unsigned char *)positions;
    uint64_t *parts = s->parts + s->nparts;
    grundy__word_opt *opts = s->opts + s->nopts;
    for (size_t i = 0; i < n; i++) {
        memcpy(&parts[i], from + i * sizeof *parts, sizeof *parts);
        opts[i].nparts = 1;
        opts[i].number = 0;
    }
    if (o->canon)
        for (size_t i = 0; i < n; i++)
            parts[i] = grundy__game_canon_word(s->game, parts[i]);
    s->nparts += n;
    s->nopts += n;
    return GRUNDY_OK;
}

int grundy__word_add_each(grundy_options *o, const void *positions, size_t n)
{
    quick_close(o, o->words);
    int rc = add_each(o, positions, n);
    quick_open(o, o->words);
    return rc;
}

/* Runs the move generator on pos, appending its options to the lists. */
static int generate(grundy__word_searcher *s, uint64_t pos)
{
    grundy_game *g = s->game;
    grundy_options o = {g, NULL, s, grundy__game_has_canon(g), !grundy__play_splits(s->play),
                        NULL, NULL};
    s->errmsg[0] = '\0';
    quick_open(&o, s);
    int rc = g->moves_u64 != NULL ? g->moves_u64(g->user, pos, &o) : g->moves(g->user, &pos, &o);
    quick_close(&o, s);
    if (rc > 0)
        return grundy__word_fail(s, GRUNDY_EINVAL, "the move generator returned %d", rc);
    if (rc < 0 && s->errmsg[0] == '\0')
        return grundy__word_fail(s, rc, "the move generator failed: %s", grundy_strerror(rc));
    if (rc < 0)
        s->status = rc;
    return rc;
}

/* Reverses n elements of elem bytes at p. */
static void reverse(void *p, size_t n, size_t elem)
{
    unsigned char *a = (unsigned char *)p, tmp[sizeof(uint64_t)];
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        memcpy(tmp, a + i * elem, elem);
        memcpy(a + i * elem, a + (j - 1) * elem, elem);
        memcpy(a + (j - 1) * elem, tmp, elem);
    }
}

/* The home bucket of every part from `from` on, requested before any is
 * read, in a hashed memo.  A dense memo's bytes are not prefetched: with
 * the prefetches (which GCC 12 had dropped until this was inlined) figure
 * D's dense rows ran 0.98-1.10 times the array memo's time on three heaps
 * where they had run 0.83-0.99 (four alternated runs).  Inlined into its
 * callers before the compiler judges what a function does: a function
 * whose only work is prefetching is taken to do nothing, and its calls
 * are dropped. */
static inline GRUNDY__WTABLE_INLINE void prefetch_options(const grundy__word_searcher *s,
                                                          size_t from)
{
#if defined(__GNUC__)
    const grundy__word_memo *m = s->memo;
    if (m->dense != NULL)
        return;
    for (size_t i = from; i < s->nparts; i++)
        __builtin_prefetch(&m->table.b[grundy__wtable_home(&m->table, s->parts[i])]);
#else
    (void)s;
    (void)from;
#endif
}

int grundy__word_push(grundy__word_searcher *s, uint64_t pos, size_t ref, int helped)
{
    /* Room for the frame was made before pos was claimed (claim below). */
    grundy__word_frame *f = &s->frames[s->nframes++];
    f->pos = pos;
    f->ref = ref;
    f->opts_from = f->opt = s->nopts;
    f->parts_from = f->part = s->nparts;
    f->in_opt = 0;
    f->join = 0;
    f->below64 = 0;
    f->wide = 0;
    f->helped = helped;
    s->multi = 0;
    int rc = generate(s, pos);
    f = &s->frames[s->nframes - 1];
    f->end_opt = s->nopts;
    f->single = !s->multi;
    if (rc == GRUNDY_OK && s->reverse) {
        /* Last option first; an option's parts are reversed with them,
         * which their join does not see. */
        reverse(s->parts + f->parts_from, s->nparts - f->parts_from, sizeof *s->parts);
        reverse(s->opts + f->opts_from, s->nopts - f->opts_from, sizeof *s->opts);
    }
    if (rc == GRUNDY_OK)
        prefetch_options(s, f->parts_from);
    return rc;
}

int grundy__word_frame_room(grundy__word_searcher *s)
{
    return reserve(s, (void **)&s->frames, &s->cap_frames, s->nframes + 1, sizeof *s->frames);
}

static int ensure_mex(grundy__word_searcher *s, size_t nopts)
{
    size_t need = grundy__play_mex_bound(nopts);
    if (need <= s->mex.bound)
        return GRUNDY_OK;
    size_t bound = s->mex.bound < 64 ? 64 : s->mex.bound;
    while (bound < need)
        bound *= 2;
    grundy__mex m;
    if (grundy__mex_init(&m, &s->game->alloc, bound) != GRUNDY_OK)
        return grundy__word_fail(s, GRUNDY_ENOMEM, "out of memory %zu moves deep", s->nframes);
    grundy__mex_free(&s->mex, &s->game->alloc);
    s->mex = m;
    return GRUNDY_OK;
}

/* The number of frame f, its options all known. */
static int frame_number(grundy__word_searcher *s, const grundy__word_frame *f, uint32_t *v)
{
    int normal = s->play == GRUNDY_PLAY_NORMAL || s->play == GRUNDY_PLAY_SELECTIVE;
    if (normal && !f->wide && f->below64 != UINT64_MAX) {
        *v = (uint32_t)__builtin_ctzll(~f->below64);
        return GRUNDY_OK;
    }
    int rc = ensure_mex(s, f->end_opt - f->opts_from);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__acc acc;
    grundy__acc_begin(&acc, s->play, &s->mex);
    for (size_t i = f->opts_from; i < f->end_opt; i++)
        grundy__acc_add(&acc, s->opts[i].number);
    *v = grundy__acc_end(&acc);
    return GRUNDY_OK;
}

/* Frame f's current option is known: its number is x. */
static void option_done(grundy__word_searcher *s, grundy__word_frame *f, uint32_t x)
{
    s->opts[f->opt].number = x;
    if (x < 64)
        f->below64 |= (uint64_t)1 << x;
    else
        f->wide = 1u;
    f->opt++;
    f->in_opt = 0;
}

/* The top frame f's current part has number v. */
static inline void apply(grundy__word_searcher *s, grundy__word_frame *f, uint32_t v)
{
    f->join = f->in_opt == 0 ? v : grundy__play_join(s->play, f->join, v);
    f->part++;
    if (++f->in_opt == s->opts[f->opt].nparts)
        option_done(s, f, f->join);
}

static int word_pop(grundy__word_searcher *s, uint32_t *value)
{
    grundy__word_frame *f = &s->frames[s->nframes - 1];
    uint32_t v;
    int rc = frame_number(s, f, &v);
    if (rc != GRUNDY_OK)
        return rc;
    if (v <= GRUNDY__CODE_MAX)
        grundy__word_memo_set(s->memo, f->ref, v);
    else if ((rc = grundy__word_store(s, f->pos, f->ref, v)) != GRUNDY_OK)
        return rc;
    s->nopts = f->opts_from;
    s->nparts = f->parts_from;
    s->nframes--;
    s->evaluated++;
    if (s->nframes > 0)
        apply(s, &s->frames[s->nframes - 1], v);
    else
        *value = v;
    return GRUNDY_OK;
}

/* What a lookup of part needs first, when the quick test fails: part
 * below the bound, room for a frame (a claimed part always becomes one),
 * room in the memo. */
static int before_claim(grundy__word_searcher *s, uint64_t part)
{
    grundy_game *g = s->game;
    if (g->bound != 0 && part >= g->bound)
        return grundy__word_fail(s, GRUNDY_ERANGE,
                                 "position %llu, an option of position %llu, is not below the "
                                 "game's bound %llu",
                                 (unsigned long long)part,
                                 (unsigned long long)s->frames[s->nframes - 1].pos,
                                 (unsigned long long)g->bound);
    int rc = grundy__word_frame_room(s);
    return rc == GRUNDY_OK ? grundy__word_room(s) : rc;
}

/* Whether part, found absent, may be entered without before_claim: room
 * for a frame, part below the bound, room in the memo. */
static inline int may_enter(const grundy__word_searcher *s, const grundy__word_memo *m,
                            uint64_t part)
{
    if (s->nframes == s->cap_frames)
        return 0;
    if (m->dense != NULL)
        return part < s->game->bound;
    return m->table.used < grundy__wtable_room(&m->table) && !m->table.long_probe;
}

/* Enters part, found absent at *ref by a searcher alone, busy for s; the
 * slot changes if the memo had to grow first. */
static int enter(grundy__word_searcher *s, uint64_t part, size_t *ref)
{
    grundy__word_memo *m = s->memo;
    if (may_enter(s, m, part)) {
        grundy__word_memo_enter(m, *ref, part, s->busy);
        return GRUNDY_OK;
    }
    int rc = before_claim(s, part);
    if (rc == GRUNDY_OK)
        (void)grundy__word_memo_claim(m, part, s->busy, 0, ref);
    return rc;
}

static int cycle(grundy__word_searcher *s)
{
    return grundy__word_fail(s, GRUNDY_ECYCLE,
                             "the rules lead from a position back to itself, %zu moves later",
                             s->nframes - 1);
}

/* The code of part, claimed for s if absent.  Alone, the lookup comes
 * first and the checks before an entry only when part is absent (one
 * lookup in eight or so); shared, claims need the checks first (they may
 * park the searcher while the memo grows). */
static inline int look_up(grundy__word_searcher *s, uint64_t part, unsigned *code, size_t *ref)
{
    grundy__word_memo *m = s->memo;
    if (!s->shared) {
        *code = grundy__word_memo_find(m, part, s->game->bound, ref);
        return *code == GRUNDY__CODE_EMPTY ? enter(s, part, ref) : GRUNDY_OK;
    }
    int rc = before_claim(s, part);
    if (rc == GRUNDY_OK)
        *code = grundy__word_memo_claim(m, part, s->busy, 1, ref);
    return rc;
}

/* Records the number of a known option of one part in a scan's locals.
 * A number of 64 or more sets a wrong bit of below64, which is read only
 * while wide is 0 (frame_number). */
static inline GRUNDY__WTABLE_INLINE void record(grundy__word_opt *o, unsigned code,
                                                uint64_t *below64, unsigned *wide)
{
    o->number = code;
    *below64 |= (uint64_t)1 << (code & 63);
    *wide |= code >> 6;
}

/* The end of the run of one-part options of frame f from option opt on. */
static size_t run_end(const grundy__word_searcher *s, const grundy__word_frame *f, size_t opt)
{
    if (f->single)
        return f->end_opt;
    while (opt < f->end_opt && s->opts[opt].nparts == 1)
        opt++;
    return opt;
}

/* The hot loop of a searcher alone: the top frame's options of one part
 * that the memo knows, up to the first other one.  What the frame tracks,
 * and the memo's fields, are kept in locals, which the loop's stores cannot
 * be taken to change.  Returns the code of the part it stopped at (*ref its
 * slot; GRUNDY__CODE_TOMB: the quick probe could not tell), or
 * GRUNDY__CODE_NONE if it stopped at an option of another part count, or
 * at the end. */
static inline GRUNDY__WTABLE_INLINE unsigned scan_known_using(grundy__word_searcher *s,
                                                              grundy__word_frame *f,
                                                              size_t *ref, int avx2)
{
    const size_t n = run_end(s, f, f->opt) - f->opt;
    if (n == 0) /* the lists may be empty, their pointers NULL */
        return GRUNDY__CODE_NONE;
    const grundy__word_memo *m = s->memo;
    const uint64_t *parts = s->parts + f->part;
    grundy__word_opt *opts = s->opts + f->opt;
    size_t i = 0, r = 0;
    uint64_t below64 = f->below64;
    unsigned wide = 0, code = GRUNDY__CODE_NONE;
    if (m->dense != NULL) {
        const unsigned char *dense = m->dense;
        const uint64_t bound = s->game->bound;
        for (; i < n; i++) {
            r = (size_t)parts[i];
            code = parts[i] < bound ? dense[r] : GRUNDY__CODE_EMPTY;
            if (code > GRUNDY__CODE_MAX)
                break;
            record(&opts[i], code, &below64, &wide);
        }
    } else {
        const grundy__wtable table = m->table;
        for (; i < n; i++) {
            code = grundy__wtable_probe(&table, parts[i], &r, avx2);
            if (code > GRUNDY__CODE_MAX)
                break;
            record(&opts[i], code, &below64, &wide);
        }
    }
    *ref = r;
    f->opt += i;
    f->part += i;
    f->below64 = below64;
    f->wide |= wide;
    return i < n ? code : GRUNDY__CODE_NONE;
}

/* scan_known_using, built twice: for any x86-64 (or other processor), and
 * for AVX2, whose match takes a fifth of the instructions. */
static unsigned scan_known(grundy__word_searcher *s, grundy__word_frame *f, size_t *ref)
{
    return scan_known_using(s, f, ref, 0);
}

#if GRUNDY__WTABLE_AVX2
static GRUNDY__TARGET_AVX2 unsigned scan_known_avx2(grundy__word_searcher *s,
                                                    grundy__word_frame *f, size_t *ref)
{
    return scan_known_using(s, f, ref, 1);
}
#endif

static unsigned scan(grundy__word_searcher *s, grundy__word_frame *f, size_t *ref)
{
#if GRUNDY__WTABLE_AVX2
    if (s->game->avx2)
        return scan_known_avx2(s, f, ref);
#endif
    return scan_known(s, f, ref);
}

/* After a lookup of part found it absent: enters it, busy for s. */
static int enter_found(grundy__word_searcher *s, uint64_t part, size_t ref)
{
    int rc = enter(s, part, &ref);
    return rc == GRUNDY_OK ? grundy__word_push(s, part, ref, 0) : rc;
}

/* What the code of a part, looked up, does to the search. */
static int found(grundy__word_searcher *s, grundy__word_frame *f, uint64_t part, unsigned code,
                 size_t ref)
{
    if (code <= GRUNDY__CODE_MAX) {
        apply(s, f, code);
        return GRUNDY_OK;
    }
    if (code == GRUNDY__CODE_EMPTY) {
        if (s->shared) {
            s->entered++;
            /* Read by the other searcher, which judges whether two pay. */
            __atomic_store_n(&s->claimed, s->claimed + 1, __ATOMIC_RELAXED);
        }
        return grundy__word_push(s, part, ref, 0);
    }
    if (code == GRUNDY__CODE_BIG) {
        apply(s, f, grundy__word_number(s, part, code));
        return GRUNDY_OK;
    }
    return code == s->busy ? cycle(s) : grundy__word_help(s, part, ref);
}

int grundy__word_step(grundy__word_searcher *s, uint32_t *value)
{
    for (;;) {
        grundy__word_frame *f = &s->frames[s->nframes - 1];
        size_t ref;
        unsigned code;
        if (!s->shared && (code = scan(s, f, &ref)) != GRUNDY__CODE_NONE &&
            code != GRUNDY__CODE_TOMB) {
            /* Stopped at a part of one part, absent or large or busy. */
            uint64_t part = s->parts[f->part];
            if (code == GRUNDY__CODE_EMPTY)
                return enter_found(s, part, ref);
            if (code != GRUNDY__CODE_BIG)
                return found(s, f, part, code, ref); /* busy: a cycle, or help */
            apply(s, f, grundy__word_number(s, part, code));
            continue;
        }
        if (f->opt == f->end_opt)
            return word_pop(s, value);
        if (s->opts[f->opt].nparts == 0) {
            option_done(s, f, grundy__play_finished(s->play));
            continue;
        }
        uint64_t part = s->parts[f->part];
        int rc = look_up(s, part, &code, &ref);
        if (rc == GRUNDY_OK) /* the frames may have moved to make room */
            rc = found(s, &s->frames[s->nframes - 1], part, code, ref);
        if (rc != GRUNDY_OK || code == GRUNDY__CODE_EMPTY || code >= GRUNDY__CODE_BUSY)
            return rc;
    }
}

void grundy__word_unwind(grundy__word_searcher *s, size_t keep)
{
    while (s->nframes > keep) {
        grundy__word_frame *f = &s->frames[--s->nframes];
        /* Not a helped frame, nor one the other searcher finished while
         * helping: its number is right, and stays. */
        if (!f->helped && grundy__word_memo_code(s->memo, f->ref) == s->busy)
            grundy__word_memo_forget(s->game, s->memo, f->ref);
    }
    if (s->nframes == 0) {
        s->nopts = s->nparts = 0;
    } else {
        s->nopts = s->frames[s->nframes].opts_from;
        s->nparts = s->frames[s->nframes].parts_from;
    }
}

int grundy__word_help(grundy__word_searcher *s, uint64_t part, size_t ref)
{
    /* A frame of its own, not claimed.  On its own stack, it is a cycle. */
    for (size_t i = 0; i < s->nframes; i++)
        if (s->frames[i].helped && s->frames[i].pos == part)
            return cycle(s);
    return grundy__word_push(s, part, ref, 1);
}

void grundy__word_refresh(grundy__word_searcher *s)
{
    for (size_t i = 0; i < s->nframes; i++) {
        grundy__word_frame *f = &s->frames[i];
        (void)grundy__word_memo_claim(s->memo, f->pos, GRUNDY__CODE_EMPTY, 0, &f->ref);
    }
}

void grundy__word_begin(grundy__word_searcher *s, grundy_game *g, int play, unsigned thread)
{
    s->game = g;
    s->play = play;
    s->memo = grundy__word_memo_of(g, play);
    s->thread = thread;
    s->busy = GRUNDY__CODE_BUSY + thread;
    s->reverse = thread != 0;
    s->shared = 0;
    s->team = NULL;
    s->shared_bytes = 0;
    s->entered = 0;
    s->claimed = 0;
    s->status = GRUNDY_OK;
    s->errmsg[0] = '\0';
    s->nframes = s->nopts = s->nparts = 0;
}

/* ---- the lean search ------------------------------------------------------ */

/* The common case runs apart from grundy__word_step: one searcher, normal
 * play, a hashed memo, every option of one part and every number below 64.
 * A frame's options are then its parts alone (no option list, no join, no
 * part count), scanned by one loop that records a known number as a bit of
 * the frame's mask and stops at the first position absent; the mex is the
 * mask's lowest clear bit.  Anything else (an option of another part count,
 * a number of 64 or more, a busy position: a cycle) hands the frames over
 * to the general search as they are (lean_leave), which goes on from where
 * the lean one stopped. */

/* Whether s may start with the lean search. */
static int lean_fits(const grundy__word_searcher *s)
{
    return s->play == GRUNDY_PLAY_NORMAL && s->thread == 0 && s->memo->dense == NULL &&
           s->game->threads <= 1;
}

/* Pushes pos, claimed at slot ref, as a lean frame and lists its options
 * (room for the frame was made).  Returns GRUNDY_OK, a failure, or 1: the
 * general search goes on from here. */
static int lean_push(grundy__word_searcher *s, uint64_t pos, size_t ref)
{
    grundy__word_frame *f = &s->frames[s->nframes++];
    f->pos = pos;
    f->ref = ref;
    f->opts_from = 0;
    f->parts_from = f->part = s->nparts;
    f->below64 = 0;
    f->helped = 0;
    s->multi = 0;
    int rc = generate(s, pos);
    f = &s->frames[s->nframes - 1];
    if (rc == GRUNDY_OK)
        prefetch_options(s, f->parts_from);
    if (s->lean) {
        f->end_part = s->nparts;
        return rc;
    }
    /* The generator gave an option of another part count: a general
     * frame now (lean_leave). */
    f->end_opt = s->nopts;
    f->single = !s->multi;
    return rc == GRUNDY_OK ? 1 : rc;
}

/* Makes the lean frames general ones: an option list of one-part options,
 * the numbers of those scanned looked up again (each is known, below 64).
 * If `generating`, the top frame's generator is running: its options so
 * far are listed, and it goes on adding to the general lists. */
static int lean_leave(grundy__word_searcher *s, int generating)
{
    s->nopts = 0;
    int rc = option_room(s, s->nparts, 0);
    if (rc != GRUNDY_OK)
        return rc;
    s->lean = 0;
    if (generating)
        s->frames[s->nframes - 1].end_part = s->nparts;
    for (size_t k = 0; k < s->nframes; k++) {
        grundy__word_frame *f = &s->frames[k];
        size_t n = f->end_part - f->parts_from, done = f->part - f->parts_from;
        f->opts_from = s->nopts;
        f->opt = f->opts_from + done;
        f->end_opt = f->opts_from + n;
        f->in_opt = 0;
        f->join = 0;
        f->wide = 0;
        f->single = 1;
        for (size_t j = 0; j < n; j++) {
            grundy__word_opt *o = &s->opts[s->nopts + j];
            size_t ref;
            o->nparts = 1;
            o->number = j < done ? grundy__wtable_find(&s->memo->table,
                                                       s->parts[f->parts_from + j], &ref)
                                 : 0;
        }
        s->nopts += n;
    }
    return GRUNDY_OK;
}

/* A lean frame's part was found absent at slot ref: enters it and pushes
 * it.  Returns GRUNDY_OK, a failure, or 1: the general search goes on. */
static int lean_enter(grundy__word_searcher *s, uint64_t part, size_t ref)
{
    int rc = enter(s, part, &ref);
    return rc == GRUNDY_OK ? lean_push(s, part, ref) : rc;
}

/* The lean search from its first frame (pushed) to its end, or to where
 * the general search takes over (1).  Built twice, as scan_known is. */
static inline GRUNDY__WTABLE_INLINE int lean_run_using(grundy__word_searcher *s, uint32_t *value,
                                                      int avx2)
{
    grundy__word_memo *m = s->memo;
    grundy_game *g = s->game;
    for (;;) {
        grundy__word_frame *f = &s->frames[s->nframes - 1];
        const grundy__wtable table = m->table; /* as scan_known_using's */
        const uint64_t *parts = s->parts;
        size_t i = f->part, end = f->end_part, ref = 0;
        uint64_t below64 = f->below64;
        unsigned code = 0;
        for (; i < end; i++) {
            code = grundy__wtable_probe(&table, parts[i], &ref, avx2);
            if (code >= 64)
                break;
            below64 |= (uint64_t)1 << code;
        }
        f->part = i;
        f->below64 = below64;
        if (i < end) {
            if (code == GRUNDY__CODE_TOMB) /* the quick probe could not tell */
                code = grundy__wtable_find(&m->table, parts[i], &ref);
            if (code == GRUNDY__CODE_EMPTY) {
                int rc;
                if (s->nframes < s->cap_frames && table.used < grundy__wtable_room(&table) &&
                    !table.long_probe) { /* enter's quick case, inlined */
                    grundy__wtable_enter(&m->table, ref, parts[i], s->busy);
                    rc = lean_push(s, parts[i], ref);
                } else {
                    rc = lean_enter(s, parts[i], ref);
                }
                if (rc != GRUNDY_OK)
                    return rc;
                continue;
            }
            if (code < 64) {
                f->below64 |= (uint64_t)1 << code;
                f->part++;
                continue;
            }
            int rc = lean_leave(s, 0); /* a large number, or busy */
            return rc == GRUNDY_OK ? 1 : rc;
        }
        if (below64 == UINT64_MAX) { /* its number is 64 or more */
            int rc = lean_leave(s, 0);
            return rc == GRUNDY_OK ? 1 : rc;
        }
        uint32_t v = (uint32_t)__builtin_ctzll(~below64);
        grundy__wtable_set(&m->table, f->ref, v);
        s->nparts = f->parts_from;
        s->nframes--;
        s->evaluated++;
        if (((g->evaluated + 1) & g->progress_mask) != 0) {
            g->evaluated++; /* grundy__game_tick's count, without its report */
        } else {
            int rc = grundy__game_tick(g);
            if (rc != GRUNDY_OK)
                return grundy__word_fail(s, rc, "%s", g->errmsg);
        }
        if (s->nframes == 0) {
            *value = v;
            return GRUNDY_OK;
        }
        f = &s->frames[s->nframes - 1];
        f->below64 |= (uint64_t)1 << v;
        f->part++;
    }
}

static int lean_run(grundy__word_searcher *s, uint32_t *value)
{
    return lean_run_using(s, value, 0);
}

#if GRUNDY__WTABLE_AVX2
static GRUNDY__TARGET_AVX2 int lean_run_avx2(grundy__word_searcher *s, uint32_t *value)
{
    return lean_run_using(s, value, 1);
}
#endif

/* Searches from pos, claimed at slot ref: the lean search where it fits,
 * the general one from where it stops. */
static int search_from(grundy__word_searcher *s, uint64_t pos, size_t ref, uint32_t *value)
{
    if (!lean_fits(s)) {
        int rc = grundy__word_push(s, pos, ref, 0);
        return rc == GRUNDY_OK ? grundy__word_search(s, value) : rc;
    }
    s->lean = 1;
    int rc = lean_push(s, pos, ref);
    if (rc == GRUNDY_OK) {
#if GRUNDY__WTABLE_AVX2
        rc = s->game->avx2 ? lean_run_avx2(s, value) : lean_run(s, value);
#else
        rc = lean_run(s, value);
#endif
    }
    s->lean = 0;
    return rc == 1 ? grundy__word_search(s, value) : rc;
}

int grundy__word_evaluate(grundy_game *g, int play, uint32_t *value)
{
    uint64_t pos;
    memcpy(&pos, g->pos, sizeof pos);
    int rc = grundy__game_check_bound(g);
    if (rc != GRUNDY_OK)
        return rc;
    grundy__word_memo *m = grundy__word_memo_of(g, play);
    rc = grundy__word_memo_ready(g, m, 1);
    if (rc != GRUNDY_OK)
        return rc;
    size_t ref;
    unsigned code = grundy__word_memo_claim(m, pos, GRUNDY__CODE_BUSY, 0, &ref);
    if (code != GRUNDY__CODE_EMPTY) {
        *value = grundy__word_memo_number(m, pos, code);
        return GRUNDY_OK;
    }
    grundy__word_searcher *s = &g->searcher[0];
    grundy__word_begin(s, g, play, 0);
    g->errmsg[0] = '\0';
    rc = grundy__word_frame_room(s);
    if (rc != GRUNDY_OK) {
        grundy__word_memo_forget(g, m, ref);
        snprintf(g->errmsg, sizeof g->errmsg, "%s", s->errmsg);
        return rc;
    }
    rc = search_from(s, pos, ref, value);
    if (rc != GRUNDY_OK) {
        grundy__word_unwind(s, 0);
        if (s->errmsg[0] != '\0')
            snprintf(g->errmsg, sizeof g->errmsg, "%s", s->errmsg);
    }
    return rc;
}

int grundy__word_known(grundy_game *g, int play, uint32_t *value)
{
    uint64_t pos;
    memcpy(&pos, g->pos, sizeof pos);
    grundy__word_memo *m = grundy__word_memo_of(g, play);
    if ((g->bound != 0 && pos >= g->bound) || (m->dense == NULL && m->table.nb == 0))
        return 0;
    size_t ref;
    unsigned code = grundy__word_memo_claim(m, pos, GRUNDY__CODE_EMPTY, 0, &ref);
    if (code > GRUNDY__CODE_BIG)
        return 0;
    *value = grundy__word_memo_number(m, pos, code);
    return 1;
}
