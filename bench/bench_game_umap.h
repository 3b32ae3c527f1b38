/* SPDX-License-Identifier: MIT */
/* Figure D's std::unordered_map baseline (bench/bench_game_umap.cpp), as
 * seen from C: a memoized recursion over std::unordered_map<uint64_t,
 * uint32_t>, the way most programs evaluate a game given by its rules. */
#ifndef BENCH_GAME_UMAP_H
#define BENCH_GAME_UMAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most options a position of figure D's games has. */
#define BENCH_GAME_MAX_OPTIONS 64u

/* A move generator: writes the options of pos to opt (at most
 * BENCH_GAME_MAX_OPTIONS), returns their count. */
typedef unsigned (*bench_gen_fn)(uint64_t pos, uint64_t *opt);

typedef struct bench_umap bench_umap;

/* A new, empty memo (ends the program when memory runs out, as
 * bench_xmalloc() does). */
bench_umap *bench_umap_new(void);

/* The value of pos, evaluating and storing every position it reaches that
 * is not stored yet. */
uint32_t bench_umap_eval(bench_umap *m, bench_gen_fn gen, uint64_t pos);

/* How many positions are stored. */
size_t bench_umap_size(const bench_umap *m);

/* Calls fn for each stored position and its value until fn returns non-zero,
 * which it then returns (0 when every position was visited). */
int bench_umap_each(const bench_umap *m, int (*fn)(void *ctx, uint64_t pos, uint32_t val),
                    void *ctx);

/* Releases the memo; NULL is a no-op. */
void bench_umap_free(bench_umap *m);

#ifdef __cplusplus
}
#endif

#endif
