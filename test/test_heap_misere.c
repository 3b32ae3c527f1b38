/* SPDX-License-Identifier: MIT */
/* Heap games in misère play: the misère values of heaps and of sums of
 * heaps, their winning moves, genus symbols and tameness.
 *
 * Every misère value is checked against a brute force written here apart
 * from the library: the game's rules read from its code by this file's own
 * reader, the moves of a heap listed by this file's own loops, and a
 * recursive evaluation over sorted multisets of heaps with a memo of its
 * own.  Genus symbols are checked against grundy_graph_genus() on a graph
 * this file builds of the game's positions (sums of heaps), and published
 * values (Kayles, Dawson's Kayles) are asserted as constants. */
#include <stdlib.h>
#include <string.h>

#include "grundy.h"
#include "harness.h"
#include "failing_alloc.h"
#include "misere_brute.h"

/* ---- Published values ------------------------------------------------------ */

static void test_anchors(void)
{
    /* Misère Kayles and misère Dawson's Kayles (Winning Ways ch. 13; OEIS
     * A126472 and A126473 list the same). */
    static const uint32_t kayles[21] = {1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0};
    static const uint32_t dawson[21] = {1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3};
    const char *names[2] = {"0.77", "0.07"};
    const uint32_t *want[2] = {kayles, dawson};
    for (int k = 0; k < 2; k++) {
        grundy_heap_game *g = game_of(names[k]);
        uint32_t got[21];
        CHECK_EQ(grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, 0, 21, got), GRUNDY_OK);
        for (int h = 0; h < 21; h++) {
            CHECK_EQ(got[h], want[k][h]);
            uint32_t v = 99;
            CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, (uint64_t)h, &v), GRUNDY_OK);
            CHECK_EQ(v, want[k][h]);
            CHECK_EQ(grundy_heap_game_outcome(g, GRUNDY_PLAY_MISERE, (uint64_t)h),
                     want[k][h] ? GRUNDY_N : GRUNDY_P);
        }
        CHECK_EQ(grundy_heap_game_last_method(g), GRUNDY_BY_SEARCH);
        /* Normal play is untouched by misère questions. */
        uint32_t v;
        CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 5, &v), GRUNDY_OK);
        CHECK_EQ(v, k == 0 ? 4 : 0);
        grundy_heap_game_free(g);
    }
    /* A range starting past 0, and one value asked alone, fresh. */
    grundy_heap_game *g = game_of("0.77");
    uint32_t got[5];
    CHECK_EQ(grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, 16, 5, got), GRUNDY_OK);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(got[i], kayles[16 + i]);
    grundy_heap_game_free(g);
}

/* ---- Against the brute force ---------------------------------------------- */

/* The heaps move k of heap h leaves, from the library, into out. */
static int parts_of(grundy_heap_game *g, uint64_t h, uint64_t k, int *out)
{
    uint64_t parts[3];
    size_t np = 9;
    CHECK_EQ(grundy_heap_game_move(g, h, k, parts, 3, &np), GRUNDY_OK);
    for (size_t i = 0; i < np && i < 3; i++)
        out[i] = (int)parts[i];
    return (int)np;
}

/* The sum heaps[0 .. n) with move k played in heap i, by the brute force. */
static unsigned after_move(brute *b, grundy_heap_game *g, const int *heaps, int n, int i,
                           uint64_t k)
{
    int next[MAXK + 3], m = 0;
    for (int t = 0; t < n; t++) {
        if (t != i)
            next[m++] = heaps[t];
    }
    m += parts_of(g, (uint64_t)heaps[i], k, next + m);
    return brute_sum(b, next, m);
}

/* Every question about the sum heaps[0 .. n) against the brute force. */
static void check_sum(brute *b, grundy_heap_game *g, const int *heaps, int n, int play)
{
    uint64_t h64[3], moves[3];
    for (int i = 0; i < n; i++)
        h64[i] = (uint64_t)heaps[i];
    unsigned want = brute_sum(b, heaps, n);
    uint32_t v = 99;
    CHECK_EQ(grundy_heap_game_sum_value(g, play, h64, (size_t)n, &v), GRUNDY_OK);
    CHECK_EQ(v, want);
    CHECK_EQ(grundy_heap_game_sum_outcome(g, play, h64, (size_t)n), want ? GRUNDY_N : GRUNDY_P);
    /* Every winning move, counted by the brute force over its own list. */
    size_t wins = 0;
    option o[512];
    unsigned char key[MAXK + 4], next[MAXK + 4];
    make_key(heaps, n, key); /* heaps of 0 have no move */
    for (int i = 0; i < key[0]; i++) {
        int no = options_of(&b->r, key[1 + i], o);
        for (int j = 0; j < no; j++) {
            key_after(key, i, &o[j], next);
            wins += brute_key(b, next) == 0;
        }
    }
    int found = grundy_heap_game_sum_winning_move(g, play, h64, (size_t)n, moves);
    CHECK_EQ(found, wins > 0);
    int moved = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == GRUNDY_NO_MOVE)
            continue;
        moved++;
        CHECK_EQ(after_move(b, g, heaps, n, i, moves[i]), 0);
    }
    CHECK_EQ(moved, found == 1);
    /* A winning move exists iff the sum is N with a move to make. */
    if (want == 0)
        CHECK_EQ(wins, 0);
    size_t comps[64], count = 999;
    uint64_t all[64];
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, play, h64, (size_t)n, comps, all, 64, &count),
             GRUNDY_OK);
    CHECK_EQ(count, wins);
    for (size_t j = 0; j < count && j < 64; j++) {
        CHECK(comps[j] < (size_t)n);
        CHECK(j == 0 || comps[j] > comps[j - 1] || (comps[j] == comps[j - 1] && all[j] > all[j - 1]));
        CHECK_EQ(after_move(b, g, heaps, n, (int)comps[j], all[j]), 0);
    }
}

typedef struct brute_case {
    const char *name;
    int values;   /* heaps 0 .. values - 1 */
    int pairs;    /* sums of two heaps below this */
    int triples;  /* sums of three heaps below this */
} brute_case;

static void test_against_brute(void)
{
    static const brute_case cases[] = {
        {"0.77", 22, 12, 7},  /* Kayles */
        {"0.07", 26, 14, 8},  /* Dawson's Kayles */
        {"0.137", 26, 14, 8}, /* Dawson's chess */
        {"4.07", 16, 10, 6},  /* splits without removing */
        {"0.F", 14, 9, 6},    /* hexadecimal: leaves up to three heaps */
        {"0.48", 18, 11, 7},  /* hexadecimal: remove 2, leave exactly three */
        {"sub:1,3,4", 40, 20, 10},
        {"sub:2,5", 40, 20, 10},
        {"grundy", 22, 14, 9},
        {"lasker", 12, 8, 6},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const brute_case *bc = &cases[c];
        brute b;
        brute_init(&b, bc->name);
        grundy_heap_game *g = game_of(bc->name);
        uint32_t vals[64];
        CHECK_EQ(grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, 0, (size_t)bc->values, vals),
                 GRUNDY_OK);
        for (int h = 0; h < bc->values; h++) {
            int one = h;
            if (!CHECK_EQ(vals[h], brute_sum(&b, &one, 1)))
                fprintf(stderr, "  %s heap %d\n", bc->name, h);
        }
        int plays[2] = {GRUNDY_PLAY_MISERE, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH};
        for (int x = 0; x < bc->pairs; x++) {
            for (int y = x; y < bc->pairs; y++) {
                int heaps[2] = {x, y};
                check_sum(&b, g, heaps, 2, plays[(x + y) % 2]);
            }
        }
        for (int x = 0; x < bc->triples; x++) {
            for (int y = x; y < bc->triples; y++) {
                for (int z = y; z < bc->triples; z++) {
                    int heaps[3] = {z, x, y}; /* not sorted: the library sorts */
                    check_sum(&b, g, heaps, 3, GRUNDY_PLAY_MISERE);
                }
            }
        }
        int one[1] = {bc->pairs - 1};
        check_sum(&b, g, one, 1, GRUNDY_PLAY_MISERE);
        /* The empty sum: the player to move has already won. */
        uint32_t v = 99;
        CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_MISERE, NULL, 0, &v), GRUNDY_OK);
        CHECK_EQ(v, 1);
        CHECK_EQ(grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_MISERE, NULL, 0, NULL), 0);
        grundy_heap_game_free(g);
        brute_free(&b);
    }
}

/* ---- Methods ---------------------------------------------------------------- */

static void test_methods(void)
{
    /* A tame game: the genus rule gives what the search gives. */
    grundy_heap_game *g = game_of("sub:1,2,3");
    grundy_heap_game *s = game_of("sub:1,2,3");
    CHECK_EQ(grundy_heap_game_tame(g, 40), 1);
    for (uint64_t x = 0; x < 14; x++) {
        for (uint64_t y = 0; y < 14; y++) {
            uint64_t heaps[3] = {x, y, (x * y) % 5};
            uint32_t vg = 98, vs = 99;
            CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, heaps, 3,
                                                &vg), GRUNDY_OK);
            CHECK_EQ(grundy_heap_game_last_method(g), GRUNDY_BY_GENUS);
            CHECK_EQ(grundy_heap_game_sum_value(s, GRUNDY_PLAY_MISERE | GRUNDY_BY_SEARCH, heaps, 3,
                                                &vs), GRUNDY_OK);
            CHECK_EQ(vg, vs);
            size_t cg = 0, cs = 1;
            uint64_t mg[16], ms[16];
            size_t kg[16], ks[16];
            CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS,
                                                        heaps, 3, kg, mg, 16, &cg), GRUNDY_OK);
            CHECK_EQ(grundy_heap_game_sum_winning_moves(s, GRUNDY_PLAY_MISERE, heaps, 3, ks, ms,
                                                        16, &cs), GRUNDY_OK);
            CHECK_EQ(cg, cs);
            for (size_t j = 0; j < cg && j < 16; j++) {
                CHECK_EQ(kg[j], ks[j]);
                CHECK_EQ(mg[j], ms[j]);
            }
        }
        uint32_t vg = 98, vs = 99;
        CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, x, &vg), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_value(s, GRUNDY_PLAY_MISERE, x, &vs), GRUNDY_OK);
        CHECK_EQ(vg, vs);
    }
    grundy_heap_game_free(g);
    grundy_heap_game_free(s);

    /* Kayles is wild from heap 5: the genus rule is refused there, not below,
     * where it gives what the search gives. */
    g = game_of("0.77");
    s = game_of("0.77");
    for (uint64_t x = 0; x <= 4; x++) {
        for (uint64_t y = x; y <= 4; y++) {
            for (uint64_t z = y; z <= 4; z++) {
                uint64_t heaps[3] = {x, y, z};
                for (size_t n = 1; n <= 3; n++) {
                    uint32_t vg = 98, vs = 99;
                    CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS,
                                                        heaps, n, &vg), GRUNDY_OK);
                    CHECK_EQ(grundy_heap_game_sum_value(s, GRUNDY_PLAY_MISERE, heaps, n, &vs),
                             GRUNDY_OK);
                    CHECK_EQ(vg, vs);
                }
            }
        }
    }
    grundy_heap_game_free(s);
    uint64_t tame[2] = {3, 4}, wild[2] = {3, 5};
    uint32_t v;
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, tame, 2),
             GRUNDY_N);
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, wild, 2),
             GRUNDY_EINVAL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "not tame") != NULL);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_GENUS, 5, &v), GRUNDY_EINVAL);
    /* The SJ theorem is not offered: refused with a message. */
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, tame, 2),
             GRUNDY_EINVAL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "GRUNDY_BY_SJ") != NULL);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE | GRUNDY_BY_SJ, 5, &v), GRUNDY_EINVAL);
    /* An unknown flag, a flag on normal play, a play heap games lack. */
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE | 0x400, 5, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL | GRUNDY_BY_SEARCH, 5, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_WTIA, 5, &v), GRUNDY_ENOTSUP);
    CHECK(strstr(grundy_heap_game_errmsg(g), "misère") != NULL);
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE, tame, 2), GRUNDY_N);
    CHECK_EQ(grundy_heap_game_last_method(g), GRUNDY_BY_SEARCH);
    grundy_heap_game_free(g);
    CHECK_EQ(grundy_heap_game_last_method(NULL), 0);
}

/* ---- Genus against graphs of the same positions --------------------------- */

/* A graph of the sums of heaps a heap of up to max reaches: one node per
 * sorted multiset (found in a list), a move per option. */
typedef struct pgraph {
    unsigned char (*keys)[MAXK + 1];
    size_t n, cap;
    grundy_graph *g;
} pgraph;

static uint32_t node_of(pgraph *p, const unsigned char *key, int *fresh)
{
    for (size_t i = 0; i < p->n; i++) {
        /* Lengths first: a shorter key's bytes past its end were never written. */
        if (p->keys[i][0] == key[0] && memcmp(p->keys[i], key, (size_t)key[0] + 1) == 0) {
            *fresh = 0;
            return (uint32_t)i;
        }
    }
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->keys = realloc(p->keys, p->cap * sizeof *p->keys);
    }
    memcpy(p->keys[p->n], key, (size_t)key[0] + 1);
    grundy_graph_add_node(p->g, NULL);
    *fresh = 1;
    return (uint32_t)p->n++;
}

/* Adds key's node and, depth first, every node it reaches. */
static uint32_t build(pgraph *p, const rules *r, const unsigned char *key)
{
    int fresh;
    uint32_t u = node_of(p, key, &fresh);
    if (!fresh)
        return u;
    option o[512];
    int n = key[0];
    for (int i = 0; i < n; i++) {
        int no = options_of(r, key[1 + i], o);
        for (int j = 0; j < no; j++) {
            unsigned char next[MAXK + 4];
            key_after(key, i, &o[j], next);
            uint32_t v = build(p, r, next);
            grundy_graph_add_move(p->g, u, v);
        }
    }
    return u;
}

static void test_genus_against_graph(void)
{
    static const struct {
        const char *name;
        int max;
    } cases[] = {{"0.77", 9}, {"0.07", 12}, {"0.137", 11}, {"sub:1,2", 14}, {"sub:2,3", 14},
                 {"grundy", 14}, {"4.07", 8}, {"0.F", 8}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rules r = rules_of(cases[c].name);
        pgraph p = {NULL, 0, 0, NULL};
        CHECK_EQ(grundy_graph_new(&p.g, NULL), GRUNDY_OK);
        grundy_heap_game *g = game_of(cases[c].name);
        int all_tame = 1;
        for (int h = 0; h <= cases[c].max; h++) {
            unsigned char key[MAXK + 4];
            make_key(&h, 1, key);
            uint32_t node = build(&p, &r, key);
            uint32_t want[GRUNDY_GENUS_TERMS], got[GRUNDY_GENUS_TERMS];
            int want_tame = -1, got_tame = -2;
            CHECK_EQ(grundy_graph_genus(p.g, node, want, GRUNDY_GENUS_TERMS, &want_tame), GRUNDY_OK);
            CHECK_EQ(grundy_heap_game_genus(g, (uint64_t)h, got, GRUNDY_GENUS_TERMS, &got_tame),
                     GRUNDY_OK);
            for (int t = 0; t < GRUNDY_GENUS_TERMS; t++)
                CHECK_EQ(got[t], want[t]);
            if (!CHECK_EQ(got_tame, want_tame))
                fprintf(stderr, "  %s heap %d\n", cases[c].name, h);
            all_tame &= want_tame;
            /* gamma_0 is the misère value; the tame check agrees up to h. */
            uint32_t v;
            CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, (uint64_t)h, &v), GRUNDY_OK);
            CHECK_EQ(got[0], v);
            grundy_heap_game *fresh = game_of(cases[c].name);
            CHECK_EQ(grundy_heap_game_tame(fresh, (uint64_t)h), all_tame);
            grundy_heap_game_free(fresh);
        }
        /* Fewer terms than computed, and none. */
        uint32_t two[2];
        CHECK_EQ(grundy_heap_game_genus(g, 3, two, 2, NULL), GRUNDY_OK);
        CHECK_EQ(grundy_heap_game_genus(g, 3, NULL, 0, NULL), GRUNDY_OK);
        grundy_heap_game_free(g);
        grundy_graph_free(p.g);
        free(p.keys);
    }
}

static void test_tame_games(void)
{
    /* Subtraction games without splits such as these play like Nim in
     * misère; Kayles is wild (its heap of 5 has normal value 4, misère 1). */
    static const struct {
        const char *name;
        uint64_t max;
    } tame[] = {{"sub:1,2,3", 200}, {"sub:1,3,4", 200}, {"0.3333", 200}, {"0.51", 30}};
    for (size_t i = 0; i < sizeof tame / sizeof tame[0]; i++) {
        grundy_heap_game *g = game_of(tame[i].name);
        /* Quick, half the heaps: each is a search of its own. */
        const uint64_t max = harness_quick() ? tame[i].max / 2 : tame[i].max;
        CHECK_EQ(grundy_heap_game_tame(g, max), 1);
        grundy_heap_game_free(g);
    }
    static const struct {
        const char *name;
        int first_wild;
    } wild[] = {{"0.77", 5}, {"0.07", 10}, {"0.137", 9}, {"grundy", 13}, {"4.07", 6}};
    for (size_t i = 0; i < sizeof wild / sizeof wild[0]; i++) {
        grundy_heap_game *g = game_of(wild[i].name);
        CHECK_EQ(grundy_heap_game_tame(g, 30), 0);
        CHECK_EQ(grundy_heap_game_tame(g, (uint64_t)wild[i].first_wild - 1), 1);
        CHECK_EQ(grundy_heap_game_tame(g, (uint64_t)wild[i].first_wild), 0);
        uint32_t gm[GRUNDY_GENUS_TERMS];
        int t = -1;
        CHECK_EQ(grundy_heap_game_genus(g, (uint64_t)wild[i].first_wild, gm, GRUNDY_GENUS_TERMS, &t),
                 GRUNDY_OK);
        CHECK_EQ(t, 0);
        grundy_heap_game_free(g);
    }
}

/* ---- Errors and limits ------------------------------------------------------ */

/* Lets the first report pass and stops at the second. */
static int stop_at_second(void *user, uint64_t done, uint64_t total)
{
    int *reports = user;
    (void)total;
    return ++*reports >= 2 && done > 0;
}

static int call_in(void *user, uint64_t done, uint64_t total)
{
    grundy_heap_game *g = user;
    uint32_t v;
    (void)done;
    (void)total;
    return grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 3, &v) == GRUNDY_ESTATE ? 0 : 1;
}

static void test_errors(void)
{
    uint32_t v, gm[4];
    uint64_t heaps[2] = {3, 4}, moves[2];
    size_t count;
    CHECK_EQ(grundy_heap_game_value(NULL, GRUNDY_PLAY_MISERE, 3, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_genus(NULL, 3, gm, 4, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_tame(NULL, 3), GRUNDY_EINVAL);
    grundy_heap_game_set_search_limit(NULL, 5); /* no-op */

    grundy_heap_game *g = NULL;
    CHECK_EQ(grundy_heap_game_new(&g, NULL), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 3, &v), GRUNDY_ESTATE);
    CHECK_EQ(grundy_heap_game_genus(g, 3, gm, 4, NULL), GRUNDY_ESTATE);
    CHECK_EQ(grundy_heap_game_tame(g, 3), GRUNDY_ESTATE);
    CHECK_EQ(grundy_heap_game_parse(g, "0.77", 4), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 3, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_genus(g, 3, NULL, 4, NULL), GRUNDY_EINVAL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "gamma") != NULL);
    CHECK_EQ(grundy_heap_game_sum_value(g, GRUNDY_PLAY_MISERE, NULL, 2, &v), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_move(g, GRUNDY_PLAY_MISERE, heaps, 2, NULL), GRUNDY_EINVAL);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_MISERE, heaps, 2, NULL, moves, 2,
                                                NULL), GRUNDY_EINVAL);

    /* The search limit: a clear error, the memo emptied, the game usable. */
    grundy_heap_game_set_search_limit(g, 1000);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 30, &v), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "more than 1000 sums") != NULL);
    CHECK(strstr(grundy_heap_game_errmsg(g), "grundy_heap_game_set_search_limit") != NULL);
    CHECK_EQ(grundy_heap_game_genus(g, 30, gm, 4, NULL), GRUNDY_ELIMIT);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 11, &v), GRUNDY_OK);
    CHECK_EQ(v, 4);
    CHECK_EQ(grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_MISERE, heaps, 2, NULL, moves, 2,
                                                &count), GRUNDY_OK);
    grundy_heap_game_set_search_limit(g, 0); /* the default again */
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 30, &v), GRUNDY_OK);
    grundy_heap_game *fresh = game_of("0.77");
    uint32_t fresh_v = 99;
    CHECK_EQ(grundy_heap_game_value(fresh, GRUNDY_PLAY_MISERE, 30, &fresh_v), GRUNDY_OK);
    CHECK_EQ(v, fresh_v);

    /* Heaps past what the search takes. */
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 5000, &v), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "256 tokens") != NULL);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, UINT64_MAX, &v), GRUNDY_ELIMIT);
    uint64_t many[1100];
    for (size_t i = 0; i < 1100; i++)
        many[i] = 1;
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE, many, 1100), GRUNDY_ELIMIT);
    CHECK(strstr(grundy_heap_game_errmsg(g), "up to 64") != NULL);
    uint32_t out[2];
    CHECK_EQ(grundy_heap_game_values(g, GRUNDY_PLAY_MISERE, UINT64_MAX, 2, out), GRUNDY_ERANGE);

    /* The progress callback stops a long search; from it, calls are refused. */
    int calls = 0;
    grundy_heap_game_free(g);
    g = game_of("0.77"); /* fresh: the search reports every 4096 sums */
    grundy_heap_game_set_progress(g, stop_at_second, &calls);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 50, &v), GRUNDY_ECANCELED);
    CHECK_EQ(calls, 2);
    grundy_heap_game_set_progress(g, call_in, g);
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 44, &v), GRUNDY_OK);
    CHECK_EQ(grundy_heap_game_value(fresh, GRUNDY_PLAY_MISERE, 44, &fresh_v), GRUNDY_OK);
    CHECK_EQ(v, fresh_v);
    grundy_heap_game_free(g);
    grundy_heap_game_free(fresh);

    /* A game that does not split: large heaps, one heap at a time. */
    g = game_of("sub:1,2");
    /* Misère sub:1,2: heap 0 is 1, then 0, 2, 1, 0, 2, 1, ... from heap 1. */
    for (uint64_t h = 99998; h <= 100000; h++) {
        CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, h, &v), GRUNDY_OK);
        CHECK_EQ(v, h % 3 == 1 ? 0 : h % 3 == 2 ? 2 : 1);
    }
    CHECK_EQ(grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, (uint64_t)1 << 32, &v), GRUNDY_ELIMIT);
    grundy_heap_game_free(g);
}

/* Allocation failure at each allocation of a misère call: ENOMEM, nothing
 * leaks, and the same call then succeeds with the right answer. */
static int enomem_call(grundy_heap_game *g, int which, uint32_t *answer)
{
    uint32_t gm[GRUNDY_GENUS_TERMS];
    uint64_t heaps[2] = {9, 6}, moves[2];
    size_t count = 0;
    int rc;
    switch (which) {
    case 0:
        return grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 14, answer);
    case 1:
        rc = grundy_heap_game_genus(g, 8, gm, GRUNDY_GENUS_TERMS, NULL);
        *answer = gm[0] + 100 * gm[1] + 10000 * gm[2];
        return rc;
    case 2:
        rc = grundy_heap_game_sum_winning_moves(g, GRUNDY_PLAY_MISERE, heaps, 2, NULL, moves, 2,
                                                &count);
        *answer = (uint32_t)count;
        return rc;
    default:
        rc = grundy_heap_game_tame(g, 12);
        *answer = (uint32_t)rc;
        return rc < 0 ? rc : GRUNDY_OK;
    }
}

static void test_enomem(void)
{
    for (int which = 0; which < 4; which++) {
        grundy_heap_game *ref = game_of("0.07");
        uint32_t want = 12345;
        CHECK_EQ(enomem_call(ref, which, &want), GRUNDY_OK);
        grundy_heap_game_free(ref);
        int done = 0;
        for (long n = 1; !done && n < 100000; n++) {
            failing_alloc f = {0, 0, 0, 0};
            grundy_allocator a = failing_allocator(&f);
            grundy_heap_game *g = NULL;
            if (!CHECK_EQ(grundy_heap_game_new(&g, &a), GRUNDY_OK))
                return;
            CHECK_EQ(grundy_heap_game_parse(g, "0.07", 4), GRUNDY_OK);
            f.fail_at = f.calls + n;
            uint32_t v = 0;
            int rc;
            FAILING_RETRY(&f, rc, enomem_call(g, which, &v));
            CHECK_EQ(rc, GRUNDY_OK);
            CHECK_EQ(v, want);
            done = f.failures == 0;
            grundy_heap_game_free(g);
            CHECK_EQ(f.live, 0);
        }
        CHECK(done);
    }
}

static int count_calls(void *user, uint64_t done, uint64_t total)
{
    (void)done;
    (void)total;
    ++*(int *)user;
    return 0;
}

/* The search reports every 4096 sums of heaps, a few hundredths of a second
 * apart: 0.07's misère sum 14 + 15 + 16 + 17 examines some 150000 sums in
 * about half a second, and reported twice when every 65536 sums. */
static void test_progress_often(void)
{
    grundy_heap_game *g = game_of("0.07");
    int calls = 0;
    grundy_heap_game_set_progress(g, count_calls, &calls);
    uint64_t heaps[] = {14, 15, 16, 17};
    CHECK_EQ(grundy_heap_game_sum_outcome(g, GRUNDY_PLAY_MISERE, heaps, 4), GRUNDY_N);
    CHECK(calls >= 16);
    grundy_heap_game_free(g);
}

int main(void)
{
    RUN(test_anchors);
    RUN(test_against_brute);
    RUN(test_methods);
    RUN(test_genus_against_graph);
    RUN(test_tame_games);
    RUN(test_errors);
    RUN(test_enomem);
    RUN(test_progress_often);
    return harness_done();
}
