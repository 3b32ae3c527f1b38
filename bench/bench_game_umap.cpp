/* SPDX-License-Identifier: MIT */
// Figure D's std::unordered_map baseline: the memoized recursion most
// programs use for a game given by its rules, a std::unordered_map from
// position to value filled as the search returns, with the default hash and
// no reserve().  The move generator is the suite's own, in C, the one the
// library and the chained-hash baseline are given.
#include <cstdio>
#include <cstdlib>
#include <new>
#include <unordered_map>

#include "bench_game_umap.h"

struct bench_umap {
    std::unordered_map<uint64_t, uint32_t> memo;
};

// Running out of memory ends the program, as bench_xmalloc() does.
[[noreturn]] static void out_of_memory()
{
    std::fprintf(stderr, "bench: out of memory (std::unordered_map)\n");
    std::exit(2);
}

static uint32_t eval(std::unordered_map<uint64_t, uint32_t> &memo, bench_gen_fn gen,
                     uint64_t pos)
{
    auto known = memo.find(pos);
    if (known != memo.end())
        return known->second;
    uint64_t opt[BENCH_GAME_MAX_OPTIONS];
    bool seen[BENCH_GAME_MAX_OPTIONS + 1] = {};
    unsigned k = gen(pos, opt);
    for (unsigned i = 0; i < k; i++) {
        uint32_t v = eval(memo, gen, opt[i]);
        if (v <= k)
            seen[v] = true;
    }
    uint32_t mex = 0;
    while (seen[mex])
        mex++;
    memo.emplace(pos, mex);
    return mex;
}

extern "C" bench_umap *bench_umap_new(void)
{
    try {
        return new bench_umap;
    } catch (const std::bad_alloc &) {
        out_of_memory();
    }
}

extern "C" uint32_t bench_umap_eval(bench_umap *m, bench_gen_fn gen, uint64_t pos)
{
    try {
        return eval(m->memo, gen, pos);
    } catch (const std::bad_alloc &) {
        out_of_memory();
    }
}

extern "C" size_t bench_umap_size(const bench_umap *m)
{
    return m->memo.size();
}

extern "C" int bench_umap_each(const bench_umap *m,
                               int (*fn)(void *ctx, uint64_t pos, uint32_t val), void *ctx)
{
    for (const auto &entry : m->memo) {
        int rc = fn(ctx, entry.first, entry.second);
        if (rc != 0)
            return rc;
    }
    return 0;
}

extern "C" void bench_umap_free(bench_umap *m)
{
    delete m;
}
