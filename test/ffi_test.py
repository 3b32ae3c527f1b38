#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Drive the shared library lib/libgrundy.so through ctypes, as another
language would: only the C ABI, every signature declared here.  Answers are
checked against small brute forces written in Python.

usage: python3 test/ffi_test.py      (after `make`)
GRUNDY_TEST_FILTER (make check T=ffi_test F=PATTERN): run only the test cases
whose name contains PATTERN.
Last line: "N passed, N failed" (", N skipped" when some were, each named
above it); exit status 1 if any test failed.
"""
import ctypes
import functools
import itertools
import os
import random
import re
import sys
import unittest
from ctypes import (CFUNCTYPE, POINTER, Structure, byref, c_char_p, c_int,
                    c_size_t, c_uint, c_uint32, c_uint64, c_void_p)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBPATH = os.path.join(ROOT, "lib", "libgrundy.so")
HEADER = os.path.join(ROOT, "include", "grundy.h")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib  # noqa: E402

OK, ENOMEM, EINVAL, ECYCLE, EPARSE, ERANGE, ELIMIT, ESTATE, ECANCELED, ENOTSUP = \
    0, -1, -2, -3, -4, -5, -6, -7, -8, -9
P, N, D = 0, 1, 2
PLAY_NORMAL, PLAY_MISERE, PLAY_WTIA, PLAY_CONJUNCTIVE, PLAY_CONTINUED, PLAY_LOOPY, \
    PLAY_SELECTIVE, PLAY_SHORTENED = range(8)
BY_SJ, BY_GENUS, BY_SEARCH = 0x100, 0x200, 0x300
UINT64_MAX = (1 << 64) - 1
NO_MOVE = UINT64_MAX
NO_POS = (1 << (8 * ctypes.sizeof(c_size_t))) - 1
SP, SC = 0xFFFFFFFF, 0xFFFFFFFE
SP64, SC64 = UINT64_MAX, UINT64_MAX - 1

u64p = POINTER(c_uint64)
u32p = POINTER(c_uint32)
sizep = POINTER(c_size_t)
graphp = c_void_p
handlep = POINTER(c_void_p)

MALLOC_FN = CFUNCTYPE(c_void_p, c_void_p, c_size_t)
REALLOC_FN = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t)
FREE_FN = CFUNCTYPE(None, c_void_p, c_void_p)
PROGRESS_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_uint64)
MOVES_FN = CFUNCTYPE(c_int, c_void_p, c_void_p, c_void_p)
MOVES_U64_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_void_p)


class Allocator(Structure):
    """struct grundy_allocator, whose layout the header freezes."""
    _fields_ = [("malloc_fn", MALLOC_FN), ("realloc_fn", REALLOC_FN),
                ("free_fn", FREE_FN), ("user", c_void_p)]


allocp = POINTER(Allocator)

SIGNATURES = {
    "grundy_version": (c_char_p, []),
    "grundy_version_number": (c_uint32, []),
    "grundy_strerror": (c_char_p, [c_int]),
    "grundy_numbers_sum_outcome": (c_int, [c_int, u32p, c_size_t]),
    # Nim and its relatives
    "grundy_nim_sum_value": (c_int, [c_int, u64p, c_size_t, u64p]),
    "grundy_nim_sum_outcome": (c_int, [c_int, u64p, c_size_t]),
    "grundy_nim_sum_winning_move": (c_int, [c_int, u64p, c_size_t, u64p]),
    "grundy_nim_sum_winning_moves": (c_int, [c_int, u64p, c_size_t, sizep, u64p, c_size_t, sizep]),
    "grundy_bounded_nim_value": (c_int, [c_uint64, c_int, c_uint64, u64p]),
    "grundy_bounded_nim_sum_outcome": (c_int, [c_uint64, c_int, u64p, c_size_t]),
    "grundy_bounded_nim_sum_winning_move": (c_int, [c_uint64, c_int, u64p, c_size_t, u64p]),
    "grundy_staircase_nim_outcome": (c_int, [c_int, u64p, c_size_t]),
    "grundy_staircase_nim_winning_move": (c_int, [c_int, u64p, c_size_t, u64p]),
    "grundy_nim_levels_value": (c_int, [c_int, u64p, c_size_t, u64p]),
    "grundy_nim_levels_sum_outcome": (c_int, [c_int, u64p, sizep, c_size_t]),
    "grundy_nim_levels_sum_winning_move": (c_int, [c_int, u64p, sizep, c_size_t, u64p]),
    # Heap games
    "grundy_heap_game_new": (c_int, [handlep, allocp]),
    "grundy_heap_game_free": (None, [c_void_p]),
    "grundy_heap_game_parse": (c_int, [c_void_p, c_char_p, c_size_t]),
    "grundy_heap_game_set_subtraction": (c_int, [c_void_p, u32p, c_size_t]),
    "grundy_heap_game_set_family": (c_int, [c_void_p, c_int]),
    "grundy_heap_game_errmsg": (c_char_p, [c_void_p]),
    "grundy_heap_game_errpos": (c_size_t, [c_void_p]),
    "grundy_heap_game_set_progress": (None, [c_void_p, PROGRESS_FN, c_void_p]),
    "grundy_heap_game_compute": (c_int, [c_void_p, c_uint64]),
    "grundy_heap_game_computed": (c_uint64, [c_void_p]),
    "grundy_heap_game_period": (c_int, [c_void_p, c_uint64, u64p, u64p]),
    "grundy_heap_game_value": (c_int, [c_void_p, c_int, c_uint64, u32p]),
    "grundy_heap_game_values": (c_int, [c_void_p, c_int, c_uint64, c_size_t, u32p]),
    "grundy_heap_game_outcome": (c_int, [c_void_p, c_int, c_uint64]),
    "grundy_heap_game_sum_value": (c_int, [c_void_p, c_int, u64p, c_size_t, u32p]),
    "grundy_heap_game_sum_outcome": (c_int, [c_void_p, c_int, u64p, c_size_t]),
    "grundy_heap_game_sum_winning_move": (c_int, [c_void_p, c_int, u64p, c_size_t, u64p]),
    "grundy_heap_game_sum_winning_moves": (c_int, [c_void_p, c_int, u64p, c_size_t, sizep, u64p,
                                                   c_size_t, sizep]),
    "grundy_heap_game_degree": (c_int, [c_void_p, c_uint64, u64p]),
    "grundy_heap_game_move": (c_int, [c_void_p, c_uint64, c_uint64, u64p, c_size_t, sizep]),
    "grundy_heap_game_set_search_limit": (None, [c_void_p, c_uint64]),
    "grundy_heap_game_last_method": (c_int, [c_void_p]),
    "grundy_heap_game_genus": (c_int, [c_void_p, c_uint64, u32p, c_size_t, POINTER(c_int)]),
    "grundy_heap_game_tame": (c_int, [c_void_p, c_uint64]),
    "grundy_heap_game_set_period_detection": (None, [c_void_p, c_int]),
    "grundy_heap_game_set_sparse": (None, [c_void_p, c_int]),
    "grundy_heap_game_sparse_mask": (c_int, [c_void_p, u32p]),
    "grundy_heap_game_set_threads": (None, [c_void_p, c_uint]),
    # Games described by rules
    "grundy_game_new": (c_int, [handlep, c_size_t, MOVES_FN, c_void_p, allocp]),
    "grundy_game_new_u64": (c_int, [handlep, MOVES_U64_FN, c_void_p, allocp]),
    "grundy_game_free": (None, [c_void_p]),
    "grundy_game_errmsg": (c_char_p, [c_void_p]),
    "grundy_options_add": (c_int, [c_void_p, c_void_p, c_uint32]),
    "grundy_options_add_each": (c_int, [c_void_p, c_void_p, c_size_t]),
    "grundy_game_value": (c_int, [c_void_p, c_int, c_void_p, u32p]),
    "grundy_game_outcome": (c_int, [c_void_p, c_int, c_void_p]),
    "grundy_game_sum_value": (c_int, [c_void_p, c_int, c_void_p, c_size_t, u32p]),
    "grundy_game_sum_outcome": (c_int, [c_void_p, c_int, c_void_p, c_size_t]),
    "grundy_game_sum_winning_move": (c_int, [c_void_p, c_int, c_void_p, c_size_t, u64p]),
    "grundy_game_sum_winning_moves": (c_int, [c_void_p, c_int, c_void_p, c_size_t, sizep, u64p,
                                              c_size_t, sizep]),
    "grundy_game_last_method": (c_int, [c_void_p]),
    "grundy_game_degree": (c_int, [c_void_p, c_void_p, u64p]),
    "grundy_game_move": (c_int, [c_void_p, c_void_p, c_uint64, c_void_p, c_size_t, sizep]),
    "grundy_game_stats": (None, [c_void_p, u64p, u64p]),
    # Game graphs
    "grundy_graph_new": (c_int, [POINTER(graphp), allocp]),
    "grundy_graph_free": (None, [graphp]),
    "grundy_graph_set_progress": (None, [graphp, PROGRESS_FN, c_void_p]),
    "grundy_graph_add_node": (c_int, [graphp, u32p]),
    "grundy_graph_add_nodes": (c_int, [graphp, c_uint32, u32p]),
    "grundy_graph_node_count": (c_uint32, [graphp]),
    "grundy_graph_move_count": (c_uint64, [graphp]),
    "grundy_graph_add_move": (c_int, [graphp, c_uint32, c_uint32]),
    "grundy_graph_add_split": (c_int, [graphp, c_uint32, u32p, c_uint32]),
    "grundy_graph_add_moves": (c_int, [graphp, c_size_t, u32p, u32p]),
    "grundy_graph_solve": (c_int, [graphp, c_int]),
    "grundy_graph_cycle_node": (c_int, [graphp, u32p]),
    "grundy_graph_errmsg": (c_char_p, [graphp]),
    "grundy_graph_errpos": (c_size_t, [graphp]),
    "grundy_graph_value": (c_int, [graphp, c_int, c_uint32, u32p]),
    "grundy_graph_values": (c_int, [graphp, c_int, c_uint32, c_size_t, u32p]),
    "grundy_graph_outcome": (c_int, [graphp, c_int, c_uint32]),
    "grundy_graph_degree": (c_int, [graphp, c_uint32, u64p]),
    "grundy_graph_move": (c_int, [graphp, c_uint32, c_uint64, u32p, c_size_t, sizep]),
    "grundy_graph_sum_value": (c_int, [graphp, c_int, u32p, c_size_t, u32p]),
    "grundy_graph_sum_outcome": (c_int, [graphp, c_int, u32p, c_size_t]),
    "grundy_graph_sum_winning_move": (c_int, [graphp, c_int, u32p, c_size_t, u64p]),
    "grundy_graph_sum_winning_moves": (c_int, [graphp, c_int, u32p, c_size_t, sizep, u64p,
                                               c_size_t, sizep]),
    "grundy_graph_last_method": (c_int, [graphp]),
    "grundy_graph_parse": (c_int, [graphp, c_char_p, c_size_t]),
}

#: 0.1 calls that 0.2 removed (docs/migration.md): not exported any more.
REMOVED = ("grundy_nim_sum", "grundy_sum_winning_target", "grundy_nim_outcome",
           "grundy_misere_nim_outcome", "grundy_nim_winning_move",
           "grundy_misere_nim_winning_move", "grundy_bounded_nim_winning_move",
           "grundy_nim_levels_w", "grundy_nim_levels_winning_move", "grundy_compound_outcome",
           "grundy_heap_game_parse_error", "grundy_heap_game_new_subtraction",
           "grundy_heap_game_winning_move", "grundy_game_set_play", "grundy_game_value_u64",
           "grundy_game_sum_winning_move_u64", "grundy_options_add_u64",
           "grundy_options_add_each_u64", "grundy_graph_new_with", "grundy_graph_solve_play",
           "grundy_graph_play_value", "grundy_graph_play_values", "grundy_graph_play_outcome",
           "grundy_graph_compound_outcome", "grundy_graph_compound_move",
           "grundy_graph_winning_moves", "grundy_graph_errline")

EXPERIMENTAL = ("grundy_heap_game_set_period_detection", "grundy_heap_game_set_sparse",
                "grundy_heap_game_set_threads", "grundy_heap_game_sparse_mask")

lib = None  # loaded in main()


def load():
    global lib
    lib = ctypes.CDLL(LIBPATH)
    for name, (restype, argtypes) in SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def header_text():
    with open(HEADER) as f:
        return f.read()


def header_version():
    text = header_text()
    return tuple(int(re.search(r"#define GRUNDY_VERSION_%s (\d+)" % part, text).group(1))
                 for part in ("MAJOR", "MINOR", "PATCH"))


def u64s(values):
    return (c_uint64 * max(len(values), 1))(*values)


def u32s(values):
    return (c_uint32 * max(len(values), 1))(*values)


def xor_all(values):
    return functools.reduce(lambda a, b: a ^ b, values, 0)


# ---------------------------------------------------------------------------
# Brute forces

@functools.lru_cache(maxsize=None)
def nim_wins(heaps, misere):
    """True if the player to move wins Nim `heaps` (a tuple)."""
    if sum(heaps) == 0:
        return misere  # misère: the opponent took the last stone and lost
    return any(not nim_wins(heaps[:i] + (h - k,) + heaps[i + 1:], misere)
               for i, h in enumerate(heaps) for k in range(1, h + 1))


@functools.lru_cache(maxsize=None)
def bounded_wins(heaps, max_take):
    return any(not bounded_wins(heaps[:i] + (h - k,) + heaps[i + 1:], max_take)
               for i, h in enumerate(heaps) for k in range(1, min(h, max_take) + 1))


@functools.lru_cache(maxsize=None)
def staircase_wins(steps):
    for i in range(1, len(steps)):
        for c in range(1, steps[i] + 1):
            after = list(steps)
            after[i] -= c
            after[i - 1] += c
            if not staircase_wins(tuple(after)):
                return True
    return False


def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


def brute_graph_values(n, moves):
    """moves: list of (from, [parts]) on an acyclic graph -> list of values."""
    by_node = [[] for _ in range(n)]
    for u, parts in moves:
        by_node[u].append(parts)
    val = [None] * n

    def sg(u):
        if val[u] is None:
            seen = set()
            for parts in by_node[u]:
                x = 0
                for p in parts:
                    x ^= sg(p)
                seen.add(x)
            val[u] = mex(seen)
        return val[u]
    for u in range(n):
        sg(u)
    return val


def subtraction_values(takes, count):
    g = []
    for n in range(count):
        g.append(mex({g[n - t] for t in takes if t <= n}))
    return g


def moved(moves, n):
    """The (component, move) pairs of a winning-move array of n entries."""
    return [(i, moves[i]) for i in range(n) if moves[i] != NO_MOVE]


def all_moves(call, cap):
    """Calls a sum_winning_moves-shaped function (components, moves, cap,
    &count) with room for cap; returns (status, count, pairs written)."""
    comps = (c_size_t * max(cap, 1))()
    moves = (c_uint64 * max(cap, 1))()
    count = c_size_t(999)
    rc = call(comps if cap else None, moves if cap else None, cap, byref(count))
    k = min(cap, count.value)
    return rc, count.value, list(zip(comps[:k], moves[:k]))


# ---------------------------------------------------------------------------
# A thin wrapper, so the tests read as the C calls they make.

class Graph:
    def __init__(self, alloc=None):
        self.g = graphp()
        rc = lib.grundy_graph_new(byref(self.g), byref(alloc) if alloc is not None else None)
        if rc != OK:
            raise MemoryError("grundy_graph_new: %d" % rc)

    def close(self):
        lib.grundy_graph_free(self.g)
        self.g = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def add_nodes(self, count):
        first = c_uint32(12345)
        rc = lib.grundy_graph_add_nodes(self.g, count, byref(first))
        return rc, first.value

    def add_move(self, u, v):
        return lib.grundy_graph_add_move(self.g, u, v)

    def add_split(self, u, parts):
        arr = u32s(parts) if parts else None
        return lib.grundy_graph_add_split(self.g, u, arr, len(parts))

    def solve(self, play=PLAY_NORMAL):
        return lib.grundy_graph_solve(self.g, play)

    def value(self, u, play=PLAY_NORMAL):
        v = c_uint32(777)
        rc = lib.grundy_graph_value(self.g, play, u, byref(v))
        return rc, v.value

    def values(self, play=PLAY_NORMAL):
        """The values of every node, or the status if the call failed."""
        n = lib.grundy_graph_node_count(self.g)
        out = (c_uint32 * max(n, 1))()
        rc = lib.grundy_graph_values(self.g, play, 0, n, out)
        return out[:n] if rc == OK else rc

    def winning_moves(self, u, cap=16):
        """The winning moves of node u (a sum of one component)."""
        rc, count, pairs = all_moves(
            lambda comps, moves, cap, count: lib.grundy_graph_sum_winning_moves(
                self.g, PLAY_NORMAL, u32s([u]), 1, comps, moves, cap, count), cap)
        assert all(c == 0 for c, _ in pairs), pairs
        return rc, count, [k for _, k in pairs]

    def move(self, u, k, cap=8):
        parts = (c_uint32 * cap)()
        nparts = c_size_t(999)
        rc = lib.grundy_graph_move(self.g, u, k, parts, cap, byref(nparts))
        return rc, parts[:min(cap, nparts.value)] if rc == OK else None

    def cycle_node(self):
        node = c_uint32(999)
        rc = lib.grundy_graph_cycle_node(self.g, byref(node))
        return rc, node.value

    def parse(self, text, length=None):
        data = text.encode()
        return lib.grundy_graph_parse(self.g, data, len(data) if length is None else length)

    def errmsg(self):
        return lib.grundy_graph_errmsg(self.g).decode()

    def errpos(self):
        return lib.grundy_graph_errpos(self.g)


def example_graph(alloc=None):
    """Nodes 0..4: 1->0; 2->0, 2->1; 3->2; 4->{1+2}, 4->0, 4->{} .
    Values 0, 1, 2, 0, 1."""
    g = Graph(alloc)
    try:
        assert g.add_nodes(5) == (OK, 0)
        for u, v in ((1, 0), (2, 0), (2, 1), (3, 2)):
            assert g.add_move(u, v) == OK
        assert g.add_split(4, [1, 2]) == OK
        assert g.add_move(4, 0) == OK
        assert g.add_split(4, []) == OK
    except BaseException:
        g.close()
        raise
    return g


EXAMPLE_VALUES = [0, 1, 2, 0, 1]


# ---------------------------------------------------------------------------

class TestVersionAndErrors(unittest.TestCase):
    def test_version_string(self):
        self.assertEqual(lib.grundy_version().decode(), "%d.%d.%d" % header_version())

    def test_version_number(self):
        major, minor, patch = header_version()
        self.assertEqual(lib.grundy_version_number(), major * 10000 + minor * 100 + patch)

    def test_status_codes_match_header(self):
        text = header_text()
        for name, want in (("OK", 0), ("ENOMEM", -1), ("EINVAL", -2), ("ECYCLE", -3),
                           ("EPARSE", -4), ("ERANGE", -5), ("ELIMIT", -6),
                           ("ESTATE", -7), ("ECANCELED", -8), ("ENOTSUP", -9)):
            m = re.search(r"#define GRUNDY_%s \(?(-?\d+)\)?" % name, text)
            self.assertIsNotNone(m, name)
            self.assertEqual(int(m.group(1)), want, name)

    def test_plays_match_header(self):
        text = header_text()
        for name, want in (("PLAY_NORMAL", PLAY_NORMAL), ("PLAY_MISERE", PLAY_MISERE),
                           ("PLAY_WTIA", PLAY_WTIA), ("PLAY_CONJUNCTIVE", PLAY_CONJUNCTIVE),
                           ("PLAY_CONTINUED", PLAY_CONTINUED), ("PLAY_LOOPY", PLAY_LOOPY),
                           ("PLAY_SELECTIVE", PLAY_SELECTIVE), ("PLAY_SHORTENED", PLAY_SHORTENED),
                           ("BY_SJ", BY_SJ), ("BY_GENUS", BY_GENUS), ("BY_SEARCH", BY_SEARCH),
                           ("P", P), ("N", N), ("D", D)):
            m = re.search(r"#define GRUNDY_%s (0x[0-9a-f]+|\d+)\n" % name, text)
            self.assertIsNotNone(m, name)
            self.assertEqual(int(m.group(1), 0), want, name)

    def test_strerror(self):
        seen = set()
        for code in range(0, -10, -1):
            msg = lib.grundy_strerror(code)
            self.assertTrue(msg, code)
            self.assertNotEqual(msg, b"unknown status", code)
            seen.add(msg)
        self.assertEqual(len(seen), 10, "each status has its own message")
        for code in (1, -10, 12345, -(1 << 31)):
            self.assertEqual(lib.grundy_strerror(code), b"unknown status", code)

    def test_exports(self):
        text = header_text()
        declared = set(re.findall(r"^GRUNDY_API [^;(]*?\b(grundy_[a-z0-9_]+)\(", text, re.M))
        self.assertGreater(len(declared), 80)
        for name in sorted(declared):
            self.assertTrue(hasattr(lib, name), "%s is declared but not exported" % name)
        for name in REMOVED:
            self.assertNotIn(name, declared)
            self.assertFalse(hasattr(lib, name), "%s (0.1) is still exported" % name)
        # The experimental switches: exported, declared only under GRUNDY_EXPERIMENTAL.
        guard = text.index("#if defined(GRUNDY_EXPERIMENTAL)")
        for name in EXPERIMENTAL:
            self.assertTrue(hasattr(lib, name), name)
            self.assertGreater(text.index(name + "("), guard, name)


class TestNim(unittest.TestCase):
    def positions(self):
        for n in range(0, 4):
            for heaps in itertools.product(range(5), repeat=n):
                yield heaps

    def test_nim_sum_value(self):
        rng = random.Random(1)
        v = c_uint64(5)
        self.assertEqual(lib.grundy_nim_sum_value(PLAY_NORMAL, None, 0, byref(v)), OK)
        self.assertEqual(v.value, 0)
        for _ in range(200):
            vals = [rng.randrange(1 << 64) for _ in range(rng.randrange(1, 8))]
            self.assertEqual(lib.grundy_nim_sum_value(PLAY_NORMAL, u64s(vals), len(vals), byref(v)), OK)
            self.assertEqual(v.value, xor_all(vals))
        self.assertEqual(lib.grundy_nim_sum_value(PLAY_NORMAL, u64s([1]), 1, None), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_value(PLAY_NORMAL, None, 1, byref(v)), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_value(PLAY_MISERE, u64s([1]), 1, byref(v)), ENOTSUP)

    def test_winning_target_rule(self):
        # The 0.1 grundy_sum_winning_target: the first component i whose value
        # drops to v[i] ^ s; now moves[i] = v[i] - (v[i] ^ s).
        rng = random.Random(2)
        moves = (c_uint64 * 8)()
        for _ in range(300):
            vals = [rng.choice((rng.randrange(8), rng.randrange(1 << 64))) for _ in range(rng.randrange(1, 6))]
            s = xor_all(vals)
            rc = lib.grundy_nim_sum_winning_move(PLAY_NORMAL, u64s(vals), len(vals), moves)
            if s == 0:
                self.assertEqual(rc, 0, vals)
                continue
            i = next(i for i, v in enumerate(vals) if v ^ s < v)
            self.assertEqual(rc, 1, vals)
            self.assertEqual(moved(moves, len(vals)), [(i, vals[i] - (vals[i] ^ s))], vals)
            rc, count, pairs = all_moves(lambda c, m, cap, n: lib.grundy_nim_sum_winning_moves(
                PLAY_NORMAL, u64s(vals), len(vals), c, m, cap, n), 8)
            want = [(j, v - (v ^ s)) for j, v in enumerate(vals) if v ^ s < v]
            self.assertEqual((rc, count, pairs), (OK, len(want), want), vals)
        self.assertEqual(lib.grundy_nim_sum_winning_move(PLAY_NORMAL, u64s([1]), 1, None), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_winning_move(PLAY_NORMAL, None, 1, moves), EINVAL)

    def check_nim(self, play):
        misere = play == PLAY_MISERE
        moves = (c_uint64 * 4)()
        for heaps in self.positions():
            wins = nim_wins(heaps, misere)
            arr = u64s(heaps)
            self.assertEqual(lib.grundy_nim_sum_outcome(play, arr, len(heaps)), N if wins else P, heaps)
            want = [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)
                    if not nim_wins(heaps[:i] + (h - k,) + heaps[i + 1:], misere)]
            got = all_moves(lambda c, m, cap, n: lib.grundy_nim_sum_winning_moves(
                play, arr, len(heaps), c, m, cap, n), 4)
            self.assertEqual(got, (OK, len(want), want), heaps)
            # cap 0, no arrays: the count only; cap 1: the first only
            self.assertEqual(all_moves(lambda c, m, cap, n: lib.grundy_nim_sum_winning_moves(
                play, arr, len(heaps), c, m, cap, n), 0), (OK, len(want), []))
            self.assertEqual(all_moves(lambda c, m, cap, n: lib.grundy_nim_sum_winning_moves(
                play, arr, len(heaps), c, m, cap, n), 1), (OK, len(want), want[:1]))
            rc = lib.grundy_nim_sum_winning_move(play, arr, len(heaps), moves)
            if not wins or sum(heaps) == 0:
                self.assertEqual(rc, 0, heaps)
                continue
            self.assertEqual(rc, 1, heaps)
            [(i, k)] = moved(moves, len(heaps))
            self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
            after = heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]
            self.assertFalse(nim_wins(after, misere), (heaps, i, k))
            self.assertEqual((i, k), want[0], "in the first heap where one exists")

    def test_nim_against_brute_force(self):
        self.check_nim(PLAY_NORMAL)

    def test_misere_nim_against_brute_force(self):
        self.check_nim(PLAY_MISERE)

    def test_nim_known(self):
        moves = (c_uint64 * 3)()
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_NORMAL, u64s([3, 8, 15]), 3), N)
        self.assertEqual(lib.grundy_nim_sum_winning_move(PLAY_NORMAL, u64s([3, 8, 15]), 3, moves), 1)
        self.assertEqual(list(moves), [NO_MOVE, NO_MOVE, 4])
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_MISERE, u64s([1, 1]), 2), N)
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_MISERE, u64s([1, 1, 1]), 3), P)
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_MISERE, None, 0), N)
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_NORMAL, None, 0), P)
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_NORMAL, u64s([UINT64_MAX, UINT64_MAX]), 2), P)

    def test_nim_einval_and_enotsup(self):
        moves = (c_uint64 * 2)()
        count = c_size_t()
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_NORMAL, None, 2), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_MISERE, None, 2), EINVAL)
        self.assertEqual(lib.grundy_staircase_nim_outcome(PLAY_NORMAL, None, 2), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_winning_move(PLAY_MISERE, u64s([2]), 1, None), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_winning_moves(PLAY_NORMAL, u64s([1]), 1, None, moves, 2,
                                                          None), EINVAL)
        self.assertEqual(lib.grundy_nim_sum_winning_moves(PLAY_NORMAL, None, 1, None, moves, 2,
                                                          byref(count)), EINVAL)
        self.assertEqual(lib.grundy_bounded_nim_sum_winning_move(0, PLAY_NORMAL, u64s([1]), 1, moves),
                         EINVAL)
        self.assertEqual(lib.grundy_bounded_nim_sum_outcome(0, PLAY_NORMAL, u64s([1]), 1), EINVAL)
        self.assertEqual(lib.grundy_bounded_nim_value(0, PLAY_NORMAL, 7, byref(c_uint64())), EINVAL)
        for rc in (lib.grundy_nim_sum_outcome(PLAY_WTIA, u64s([1]), 1),
                   lib.grundy_nim_sum_winning_move(PLAY_LOOPY, u64s([1]), 1, moves),
                   lib.grundy_nim_sum_winning_moves(PLAY_CONJUNCTIVE, u64s([1]), 1, None, moves, 2,
                                                    byref(count)),
                   lib.grundy_bounded_nim_value(3, PLAY_MISERE, 7, byref(c_uint64())),
                   lib.grundy_bounded_nim_sum_outcome(3, PLAY_MISERE, u64s([1]), 1),
                   lib.grundy_bounded_nim_sum_winning_move(3, PLAY_WTIA, u64s([1]), 1, moves),
                   lib.grundy_staircase_nim_outcome(PLAY_MISERE, u64s([0, 1]), 2),
                   lib.grundy_staircase_nim_winning_move(PLAY_MISERE, u64s([0, 1]), 2, moves),
                   lib.grundy_nim_levels_value(PLAY_NORMAL, u64s([1]), 1, byref(c_uint64())),
                   lib.grundy_nim_levels_sum_outcome(PLAY_NORMAL, u64s([1]), (c_size_t * 1)(1), 1),
                   lib.grundy_nim_levels_sum_winning_move(PLAY_MISERE, u64s([1]), (c_size_t * 1)(1),
                                                          1, moves)):
            self.assertEqual(rc, ENOTSUP)
        # An unknown play: refused, whichever of the two it is called.
        self.assertIn(lib.grundy_nim_sum_outcome(99, u64s([1]), 1), (EINVAL, ENOTSUP))

    def test_big_heaps(self):
        rng = random.Random(5)
        moves = (c_uint64 * 6)()
        for _ in range(300):
            heaps = [rng.randrange(1 << rng.choice((1, 8, 63, 64))) for _ in range(rng.randrange(1, 6))]
            s = xor_all(heaps)
            arr = u64s(heaps)
            self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_NORMAL, arr, len(heaps)), N if s else P, heaps)
            rc = lib.grundy_nim_sum_winning_move(PLAY_NORMAL, arr, len(heaps), moves)
            self.assertEqual(rc, 1 if s else 0, heaps)
            if rc == 1:
                [(i, k)] = moved(moves, len(heaps))
                self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
                self.assertEqual(s ^ heaps[i] ^ (heaps[i] - k), 0, (heaps, i, k))
            # misère differs from normal play only when no heap exceeds 1
            if any(h > 1 for h in heaps):
                self.assertEqual(lib.grundy_nim_sum_outcome(PLAY_MISERE, arr, len(heaps)), N if s else P, heaps)
                rc = lib.grundy_nim_sum_winning_move(PLAY_MISERE, arr, len(heaps), moves)
                self.assertEqual(rc, 1 if s else 0, heaps)
                if rc == 1:
                    [(i, k)] = moved(moves, len(heaps))
                    self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
                    after = heaps[:i] + [heaps[i] - k] + heaps[i + 1:]
                    if any(h > 1 for h in after):
                        self.assertEqual(xor_all(after), 0, (heaps, i, k))
                    else:
                        self.assertEqual(sum(after) % 2, 1, (heaps, i, k))
            steps = heaps
            odd = xor_all(steps[1::2])
            self.assertEqual(lib.grundy_staircase_nim_outcome(PLAY_NORMAL, arr, len(steps)), N if odd else P, steps)

    def test_bounded_nim(self):
        rng = random.Random(3)
        v = c_uint64()
        for _ in range(200):
            h, t = rng.randrange(1 << 64), rng.randrange(1, 1 << 64)
            self.assertEqual(lib.grundy_bounded_nim_value(t, PLAY_NORMAL, h, byref(v)), OK)
            self.assertEqual(v.value, h % (t + 1))
        self.assertEqual(lib.grundy_bounded_nim_value(UINT64_MAX, PLAY_NORMAL, 12345, byref(v)), OK)
        self.assertEqual(v.value, 12345)
        self.assertEqual(lib.grundy_bounded_nim_value(UINT64_MAX, PLAY_NORMAL, UINT64_MAX, byref(v)), OK)
        self.assertEqual(v.value, UINT64_MAX)
        self.assertEqual(lib.grundy_bounded_nim_value(7, PLAY_NORMAL, 7, None), EINVAL)
        moves = (c_uint64 * 4)()
        for max_take in (1, 2, 3):
            for heaps in self.positions():
                wins = bounded_wins(heaps, max_take)
                arr = u64s(heaps)
                self.assertEqual(lib.grundy_bounded_nim_sum_outcome(max_take, PLAY_NORMAL, arr, len(heaps)),
                                 N if wins else P, (heaps, max_take))
                rc = lib.grundy_bounded_nim_sum_winning_move(max_take, PLAY_NORMAL, arr, len(heaps), moves)
                self.assertEqual(rc, 1 if wins else 0, (heaps, max_take))
                if rc == 1:
                    [(i, k)] = moved(moves, len(heaps))
                    self.assertTrue(i < len(heaps) and 1 <= k <= min(max_take, heaps[i]),
                                    (heaps, max_take, i, k))
                    after = heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]
                    self.assertFalse(bounded_wins(after, max_take), (heaps, max_take, i, k))

    def test_staircase_nim(self):
        moves = (c_uint64 * 5)()
        for n in range(0, 5):
            for steps in itertools.product(range(3), repeat=n):
                wins = staircase_wins(steps)
                arr = u64s(steps)
                self.assertEqual(lib.grundy_staircase_nim_outcome(PLAY_NORMAL, arr, n), N if wins else P, steps)
                rc = lib.grundy_staircase_nim_winning_move(PLAY_NORMAL, arr, n, moves)
                self.assertEqual(rc, 1 if wins else 0, steps)
                if rc == 1:
                    [(i, c)] = moved(moves, n)
                    self.assertTrue(1 <= i < n and i % 2 == 1 and 1 <= c <= steps[i], (steps, i, c))
                    after = list(steps)
                    after[i] -= c
                    after[i - 1] += c
                    self.assertFalse(staircase_wins(tuple(after)), (steps, i, c))

    def test_nim_levels(self):
        w = c_uint64()
        for heaps, want in (([], SP64), ([0, 0], SP64), ([5], SC64), ([0, 5, 0], SC64)):
            self.assertEqual(lib.grundy_nim_levels_value(PLAY_WTIA, u64s(heaps), len(heaps), byref(w)), OK)
            self.assertEqual(w.value, want, heaps)
        # Two super-heaps of one heap each: both SC, the player to move empties one.
        counts = (c_size_t * 2)(1, 1)
        moves = (c_uint64 * 2)()
        self.assertEqual(lib.grundy_nim_levels_sum_outcome(PLAY_WTIA, u64s([3, 4]), counts, 2), N)
        self.assertEqual(lib.grundy_nim_levels_sum_winning_move(PLAY_WTIA, u64s([3, 4]), counts, 2, moves), 1)
        self.assertIn(moved(moves, 2), ([(0, 3)], [(1, 4)]))
        self.assertEqual(lib.grundy_nim_levels_sum_outcome(PLAY_WTIA, None, counts, 2), EINVAL)

    def test_numbers_sum_outcome(self):
        cases = ((PLAY_NORMAL, [1, 2, 3], P), (PLAY_NORMAL, [1, 2], N), (PLAY_NORMAL, [], P),
                 (PLAY_WTIA, [SC, 5], N), (PLAY_WTIA, [SP, SC], P),
                 (PLAY_CONJUNCTIVE, [3, 1], N), (PLAY_CONJUNCTIVE, [2, 3], P),
                 (PLAY_CONTINUED, [2, 3], N), (PLAY_CONTINUED, [2, 4], P),
                 (PLAY_SELECTIVE, [0, 0], P), (PLAY_SELECTIVE, [0, 3], N),
                 (PLAY_SHORTENED, [1, 2], N), (PLAY_SHORTENED, [0, 1], P),
                 (PLAY_MISERE | BY_SJ, [1, 1], N), (PLAY_MISERE | BY_SJ, [1], P),
                 (PLAY_MISERE | BY_SJ, [2, 3], N), (PLAY_MISERE | BY_SJ, [2, 2], P))
        for play, nums, want in cases:
            self.assertEqual(lib.grundy_numbers_sum_outcome(play, u32s(nums), len(nums)), want, (play, nums))
        self.assertEqual(lib.grundy_numbers_sum_outcome(PLAY_MISERE, u32s([1]), 1), ENOTSUP)
        self.assertEqual(lib.grundy_numbers_sum_outcome(PLAY_LOOPY, u32s([1]), 1), ENOTSUP)
        self.assertEqual(lib.grundy_numbers_sum_outcome(99, u32s([1]), 1), EINVAL)
        self.assertEqual(lib.grundy_numbers_sum_outcome(PLAY_NORMAL, None, 1), EINVAL)


class TestGraph(unittest.TestCase):
    def test_example_values(self):
        with example_graph() as g:
            self.assertEqual(lib.grundy_graph_node_count(g.g), 5)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 7)
            self.assertEqual(g.solve(), OK)
            for u, want in enumerate(EXAMPLE_VALUES):
                self.assertEqual(g.value(u), (OK, want))
            self.assertEqual(g.values(), EXAMPLE_VALUES)
            out = (c_uint32 * 2)()
            self.assertEqual(lib.grundy_graph_values(g.g, PLAY_NORMAL, 2, 2, out), OK)
            self.assertEqual(list(out), EXAMPLE_VALUES[2:4])
            self.assertEqual(lib.grundy_graph_values(g.g, PLAY_NORMAL, 4, 2, out), ERANGE)
            self.assertEqual(lib.grundy_graph_values(g.g, PLAY_NORMAL, 0, 5, None), EINVAL)
            self.assertEqual(lib.grundy_graph_outcome(g.g, PLAY_NORMAL, 3), P)
            self.assertEqual(lib.grundy_graph_outcome(g.g, PLAY_NORMAL, 4), N)
            self.assertEqual(lib.grundy_graph_outcome(g.g, PLAY_NORMAL, 0), P)

    def test_moves_and_winning_moves(self):
        with example_graph() as g:
            self.assertEqual(g.solve(), OK)
            deg = c_uint64()
            self.assertEqual(lib.grundy_graph_degree(g.g, 4, byref(deg)), OK)
            self.assertEqual(deg.value, 3)
            self.assertEqual(lib.grundy_graph_degree(g.g, 0, byref(deg)), OK)
            self.assertEqual(deg.value, 0)
            self.assertEqual(lib.grundy_graph_degree(g.g, 5, byref(deg)), ERANGE)
            self.assertEqual(lib.grundy_graph_degree(g.g, 4, None), EINVAL)
            self.assertEqual(g.move(4, 0), (OK, [1, 2]))
            self.assertEqual(g.move(4, 1), (OK, [0]))
            self.assertEqual(g.move(4, 2), (OK, []))
            self.assertEqual(g.move(2, 1), (OK, [1]))
            self.assertEqual(g.move(4, 3)[0], ERANGE)
            self.assertEqual(g.move(4, 1 << 40)[0], ERANGE)
            # Only cap parts are written; nparts says how many there are.
            nparts = c_size_t(999)
            self.assertEqual(lib.grundy_graph_move(g.g, 4, 0, None, 0, byref(nparts)), OK)
            self.assertEqual(nparts.value, 2)
            one = (c_uint32 * 1)(77)
            self.assertEqual(lib.grundy_graph_move(g.g, 4, 0, one, 1, byref(nparts)), OK)
            self.assertEqual((nparts.value, one[0]), (2, 1))
            self.assertEqual(lib.grundy_graph_move(g.g, 4, 0, one, 1, None), EINVAL)
            self.assertEqual(g.winning_moves(4), (OK, 2, [1, 2]))
            self.assertEqual(g.winning_moves(4, cap=0)[:2], (OK, 2))
            self.assertEqual(g.winning_moves(4, cap=1), (OK, 2, [1]))
            self.assertEqual(g.winning_moves(3), (OK, 0, []))
            self.assertEqual(g.winning_moves(2), (OK, 1, [0]))

    def test_sums(self):
        with example_graph() as g:
            self.assertEqual(g.solve(), OK)
            v = c_uint32()
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, u32s([1, 2]), 2, byref(v)), OK)
            self.assertEqual(v.value, 3)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, u32s([4, 4]), 2, byref(v)), OK)
            self.assertEqual(v.value, 0)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, u32s([]), 0, byref(v)), OK)
            self.assertEqual(v.value, 0)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, u32s([1, 9]), 2, byref(v)), ERANGE)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_MISERE, u32s([1, 2]), 2, byref(v)), ENOTSUP)
            self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_NORMAL, u32s([1, 2]), 2), N)
            self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_NORMAL, u32s([4, 4]), 2), P)
            self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_NORMAL, u32s([1, 9]), 2), ERANGE)
            moves = (c_uint64 * 2)()
            # 2 + 4: values 2 ^ 1 = 3; only node 2's move 1 (to value 1) wins.
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_NORMAL, u32s([2, 4]), 2, moves), 1)
            self.assertEqual(list(moves), [1, NO_MOVE])
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_NORMAL, u32s([3]), 1, moves), 0)
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_NORMAL, u32s([2, 2]), 2, moves), 0)
            got = all_moves(lambda c, m, cap, n: lib.grundy_graph_sum_winning_moves(
                g.g, PLAY_NORMAL, u32s([2, 4]), 2, c, m, cap, n), 4)
            self.assertEqual(got, (OK, 1, [(0, 1)]))
            got = all_moves(lambda c, m, cap, n: lib.grundy_graph_sum_winning_moves(
                g.g, PLAY_NORMAL, u32s([1, 2, 4]), 3, c, m, cap, n), 4)
            self.assertEqual(got, (OK, 2, [(1, 0), (2, 0)]))
            # Components may be NULL: only the moves are written.
            mv = (c_uint64 * 4)()
            count = c_size_t()
            self.assertEqual(lib.grundy_graph_sum_winning_moves(g.g, PLAY_NORMAL, u32s([1, 2, 4]), 3,
                                                                None, mv, 4, byref(count)), OK)
            self.assertEqual((count.value, list(mv[:2])), (2, [0, 0]))

    def test_misere_method(self):
        # Nim heaps of 0..3 (u moves to every v < u, move k to v = k): tame,
        # and the SJ theorem applies.
        with Graph() as g:
            g.add_nodes(4)
            for u in range(1, 4):
                for v in range(u):
                    g.add_move(u, v)
            self.assertEqual(lib.grundy_graph_last_method(g.g), 0)
            nodes = u32s([1, 1, 1])
            for method in (BY_SJ, BY_GENUS, BY_SEARCH):
                self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_MISERE | method, nodes, 3), P)
                self.assertEqual(lib.grundy_graph_last_method(g.g), method)
            self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_MISERE, nodes, 3), P)
            self.assertIn(lib.grundy_graph_last_method(g.g), (BY_SJ, BY_GENUS, BY_SEARCH))
            moves = (c_uint64 * 2)()
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_MISERE, u32s([2, 3]), 2, moves), 1)
            self.assertEqual(list(moves), [NO_MOVE, 2], "3 -> 2 leaves 2 + 2")

    def test_states_and_ranges(self):
        with example_graph() as g:
            # Questions solve what they need: no solve() first.
            self.assertEqual(g.value(0), (OK, 0))
            self.assertEqual(g.values(), EXAMPLE_VALUES)
            self.assertEqual(lib.grundy_graph_outcome(g.g, PLAY_NORMAL, 0), P)
            self.assertEqual(g.add_move(0, 5), ERANGE)
            self.assertEqual(g.add_move(5, 0), ERANGE)
            self.assertEqual(g.add_split(0, [1, 5]), ERANGE)
            self.assertEqual(lib.grundy_graph_add_split(g.g, 0, None, 2), EINVAL)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 7, "failed adds add nothing")
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.value(5)[0], ERANGE)
            self.assertEqual(g.value(0xFFFFFFFF)[0], ERANGE)
            self.assertEqual(lib.grundy_graph_outcome(g.g, PLAY_NORMAL, 5), ERANGE)
            self.assertEqual(g.cycle_node()[0], ESTATE)
            self.assertEqual(g.value(0, 99)[0], EINVAL)
            self.assertEqual(g.solve(99), EINVAL)
            # Changing a solved graph: the next question solves again.
            node = c_uint32()
            self.assertEqual(lib.grundy_graph_add_node(g.g, byref(node)), OK)
            self.assertEqual(node.value, 5)
            self.assertEqual(g.add_move(5, 4), OK)
            deg = c_uint64()
            self.assertEqual(lib.grundy_graph_degree(g.g, 5, byref(deg)), OK)
            self.assertEqual(deg.value, 1, "degree merges the moves added since the solve")
            self.assertEqual(g.move(5, 0), (OK, [4]))
            self.assertEqual(g.value(5), (OK, 0))
            self.assertEqual(g.values(), EXAMPLE_VALUES + [0])
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), EXAMPLE_VALUES + [0])

    def test_add_moves_batch(self):
        with Graph() as g:
            self.assertEqual(g.add_nodes(4), (OK, 0))
            bad_from, bad_to = u32s([1, 2, 3]), u32s([0, 9, 0])
            self.assertEqual(lib.grundy_graph_add_moves(g.g, 3, bad_from, bad_to), ERANGE)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 0)
            frm, to = u32s([1, 2, 2, 3, 3, 3]), u32s([0, 0, 1, 0, 1, 2])
            self.assertEqual(lib.grundy_graph_add_moves(g.g, 6, frm, to), OK)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 6)
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), [0, 1, 2, 3])

    def test_cycle(self):
        with Graph() as g:
            g.add_nodes(5)
            for u, v in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 2)):
                self.assertEqual(g.add_move(u, v), OK)
            self.assertEqual(g.solve(), ECYCLE)
            rc, node = g.cycle_node()
            self.assertEqual(rc, OK)
            self.assertIn(node, (2, 3, 4))
            self.assertEqual(g.value(0)[0], ECYCLE)
            self.assertEqual(g.values(), ECYCLE)
            self.assertEqual(g.cycle_node()[0], OK)
            self.assertEqual(lib.grundy_graph_node_count(g.g), 5)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 5)
            self.assertEqual(g.solve(PLAY_LOOPY), OK)
            self.assertEqual(g.values(PLAY_LOOPY), [0xFFFFFFFF] * 5)
        with Graph() as g:
            g.add_nodes(2)
            self.assertEqual(g.add_move(1, 1), OK)
            self.assertEqual(g.solve(), ECYCLE)
            self.assertEqual(g.cycle_node(), (OK, 1))
        with Graph() as g:  # a split move that contains its own node
            g.add_nodes(3)
            g.add_move(1, 0)
            self.assertEqual(g.add_split(2, [1, 2]), OK)
            self.assertEqual(g.solve(), ECYCLE)
            self.assertEqual(g.cycle_node(), (OK, 2))

    def test_parse(self):
        with Graph() as g:
            self.assertEqual(g.errpos(), NO_POS, "no failure yet")
            self.assertEqual(g.parse("# comment\n3 2\n1 0\t2 1 # end"), OK)
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), [0, 1, 0])
            self.assertEqual(g.parse("1 0"), ESTATE, "parse needs an empty graph")
        with Graph() as g:  # only len bytes are read: no NUL needed
            self.assertEqual(g.parse("2 1\n1 0 garbage", length=7), OK)
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), [0, 1])
        with Graph() as g:
            rc = g.parse("3 2\n0 1\n1 5\n")
            self.assertIn(rc, (EPARSE, ERANGE))
            self.assertIn("line 3", g.errmsg())
            self.assertEqual(g.errpos(), 10, "the offset of the token 5")
            self.assertEqual(lib.grundy_graph_node_count(g.g), 0, "a failed parse leaves the graph empty")
            self.assertEqual(lib.grundy_graph_move_count(g.g), 0)
            self.assertEqual(g.parse("2 1\n1 0\n"), OK, "the graph is usable after a failed parse")
            self.assertEqual(g.value(7)[0], ERANGE)
            self.assertEqual(g.errpos(), NO_POS, "the last failure was not about the text")
        with Graph() as g:
            self.assertEqual(g.parse("2 1\n0 x\n"), EPARSE)
            self.assertIn("line 2", g.errmsg())
            self.assertEqual(g.errpos(), 6)
        with Graph() as g:
            self.assertEqual(g.parse("2 1\n0 x\n", length=5), EPARSE, "the move is cut short")
            self.assertLessEqual(g.errpos(), 5)

    def test_random_graphs_with_splits(self):
        rng = random.Random(4)
        for trial in range(60):
            n = rng.randrange(1, 40)
            perm = list(range(n))
            rng.shuffle(perm)
            moves = []
            for u in range(n):
                for _ in range(rng.randrange(0, 5)):
                    if u == 0 or rng.random() < 0.1:
                        parts = []
                    else:
                        parts = [rng.randrange(u) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
                    moves.append((perm[u], [perm[p] for p in parts]))
            rng.shuffle(moves)
            want = brute_graph_values(n, moves)
            with Graph() as g:
                self.assertEqual(g.add_nodes(n), (OK, 0))
                for u, parts in moves:
                    rc = g.add_move(u, parts[0]) if len(parts) == 1 and rng.random() < 0.5 \
                        else g.add_split(u, parts)
                    self.assertEqual(rc, OK)
                self.assertEqual(g.solve(), OK)
                self.assertEqual(g.values(), want, "trial %d" % trial)
                for u in range(n):
                    rc, count, wins = g.winning_moves(u, cap=64)
                    self.assertEqual(rc, OK)
                    mine = [k for k, (_, parts) in enumerate(m for m in moves if m[0] == u)
                            if xor_all(want[p] for p in parts) == 0]
                    self.assertEqual(wins, mine, "trial %d node %d" % (trial, u))
                    for k, (_, parts) in enumerate(m for m in moves if m[0] == u):
                        self.assertEqual(g.move(u, k, cap=4), (OK, parts))

    def test_repeated_parts_and_large_values(self):
        with Graph() as g:
            g.add_nodes(3)
            g.add_move(1, 0)
            self.assertEqual(g.add_split(2, [1, 1]), OK)  # 1 ^ 1 = 0
            self.assertEqual(g.add_split(2, [1, 1, 1]), OK)  # 1
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), [0, 1, 2])
        n = 700  # complete DAG: node u moves to every v < u, so its value is u
        frm = [u for u in range(n) for v in range(u)]
        to = [v for u in range(n) for v in range(u)]
        with Graph() as g:
            g.add_nodes(n)
            self.assertEqual(lib.grundy_graph_add_moves(g.g, len(frm), u32s(frm), u32s(to)), OK)
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.values(), list(range(n)))
            self.assertEqual(g.winning_moves(n - 1, cap=1), (OK, 1, [0]))

    def test_node_limit(self):
        with Graph() as g:
            self.assertEqual(lib.grundy_graph_add_nodes(g.g, 0x80000000, None), ELIMIT)
            self.assertEqual(lib.grundy_graph_add_nodes(g.g, 0xFFFFFFFF, None), ELIMIT)
            self.assertEqual(g.add_nodes(5), (OK, 0))
            self.assertEqual(lib.grundy_graph_add_nodes(g.g, 0x7FFFFFFF - 4, None), ELIMIT)
            self.assertEqual(lib.grundy_graph_node_count(g.g), 5, "nothing added past the limit")
            self.assertEqual(g.add_nodes(2), (OK, 5))

    def test_query_einval(self):
        with example_graph() as g:
            self.assertEqual(g.solve(), OK)
            count = c_size_t()
            moves = (c_uint64 * 2)()
            node = u32s([4])
            self.assertEqual(lib.grundy_graph_sum_winning_moves(g.g, PLAY_NORMAL, node, 1, None, None, 2,
                                                                byref(count)), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_winning_moves(g.g, PLAY_NORMAL, node, 1, None, moves, 2,
                                                                None), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_winning_moves(g.g, PLAY_NORMAL, None, 1, None, moves, 2,
                                                                byref(count)), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_winning_moves(g.g, PLAY_CONJUNCTIVE, node, 1, None,
                                                                moves, 2, byref(count)), ENOTSUP)
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_NORMAL, node, 1, None), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, PLAY_NORMAL, None, 1, moves), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, None, 1, byref(c_uint32())), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, PLAY_NORMAL, node, 1, None), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_outcome(g.g, PLAY_NORMAL, None, 1), EINVAL)

    def test_free_null(self):
        lib.grundy_graph_free(None)
        lib.grundy_heap_game_free(None)
        lib.grundy_game_free(None)

    def test_new_einval(self):
        self.assertEqual(lib.grundy_graph_new(None, None), EINVAL)
        self.assertEqual(lib.grundy_heap_game_new(None, None), EINVAL)
        self.assertEqual(lib.grundy_game_new_u64(None, MOVES_U64_FN(lambda u, p, o: 0), None, None),
                         EINVAL)


class HeapGame:
    def __init__(self, name=None, alloc=None):
        self.h = c_void_p()
        rc = lib.grundy_heap_game_new(byref(self.h), byref(alloc) if alloc is not None else None)
        if rc != OK:
            raise MemoryError("grundy_heap_game_new: %d" % rc)
        if name is not None:
            raw = name.encode()
            rc = lib.grundy_heap_game_parse(self.h, raw, len(raw))
            if rc != OK:
                self.close()
                raise ValueError("grundy_heap_game_parse(%r): %d" % (name, rc))

    def close(self):
        lib.grundy_heap_game_free(self.h)
        self.h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def values(self, first, count, play=PLAY_NORMAL):
        out = (c_uint32 * max(count, 1))()
        rc = lib.grundy_heap_game_values(self.h, play, first, count, out)
        return out[:count] if rc == OK else rc

    def move(self, heap, k):
        parts, nparts = (c_uint64 * 3)(), c_size_t(999)
        rc = lib.grundy_heap_game_move(self.h, heap, k, parts, 3, byref(nparts))
        return rc, parts[:nparts.value] if rc == OK else None

    def degree(self, heap):
        d = c_uint64(999)
        rc = lib.grundy_heap_game_degree(self.h, heap, byref(d))
        return rc, d.value


KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]
# Misère Kayles (Winning Ways ch. 13): heaps 0 .. 20.
KAYLES_MISERE = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]


class TestHeapGame(unittest.TestCase):
    def test_life_cycle(self):
        with HeapGame() as h:
            v = c_uint32()
            self.assertEqual(lib.grundy_heap_game_compute(h.h, 10), ESTATE, "no rules yet")
            self.assertEqual(lib.grundy_heap_game_value(h.h, PLAY_NORMAL, 3, byref(v)), ESTATE)
            self.assertEqual(h.degree(3)[0], ESTATE)
            self.assertEqual(lib.grundy_heap_game_parse(h.h, b"0.77", 4), OK)
            self.assertEqual(lib.grundy_heap_game_parse(h.h, b"0.77", 4), ESTATE, "rules once")
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, u32s([1]), 1), ESTATE)
            self.assertEqual(h.values(0, 20), KAYLES)
            self.assertEqual(lib.grundy_heap_game_value(h.h, PLAY_NORMAL, 11, byref(v)), OK)
            self.assertEqual(v.value, 6)
        with HeapGame() as h:  # only len bytes are read: no NUL needed
            self.assertEqual(lib.grundy_heap_game_parse(h.h, b"0.77garbage", 4), OK)
            self.assertEqual(h.values(0, 20), KAYLES)
        with HeapGame() as h:
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, u32s([4, 1, 3, 1]), 4), OK)
            self.assertEqual(h.values(0, 14), subtraction_values([1, 3, 4], 14))
        with HeapGame() as h:
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, u32s([]), 0), EINVAL)
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, u32s([2, 0]), 2), EINVAL)
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, None, 1), EINVAL)
            # Any uint32_t amount, up to 2^32 - 1, is accepted.
            self.assertEqual(lib.grundy_heap_game_set_subtraction(h.h, u32s([1, 2, (1 << 32) - 2]), 3), OK)
            self.assertEqual(h.values(10 ** 18, 3), [10 ** 18 % 3, (10 ** 18 + 1) % 3, (10 ** 18 + 2) % 3])

    def test_family(self):
        text = header_text()
        family = {}
        for name in ("GRUNDY", "LASKER"):
            m = re.search(r"#define GRUNDY_HEAP_%s (\d+)\n" % name, text)
            self.assertIsNotNone(m, name)
            family[name] = int(m.group(1))
        for name, word in (("GRUNDY", b"grundy"), ("LASKER", b"lasker")):
            with HeapGame() as a, HeapGame() as b:
                self.assertEqual(lib.grundy_heap_game_parse(a.h, word, len(word)), OK)
                self.assertEqual(lib.grundy_heap_game_set_family(b.h, family[name]), OK)
                self.assertEqual(lib.grundy_heap_game_set_family(b.h, family[name]), ESTATE)
                self.assertEqual(b.values(0, 300), a.values(0, 300), name)
        with HeapGame() as h:
            self.assertEqual(lib.grundy_heap_game_set_family(h.h, 0), EINVAL)
            self.assertIn(b"not a family", lib.grundy_heap_game_errmsg(h.h))
            self.assertEqual(lib.grundy_heap_game_set_family(h.h, family["GRUNDY"]), OK)
            self.assertEqual(h.values(0, 8), [0, 0, 0, 1, 0, 2, 1, 0])
        self.assertEqual(lib.grundy_heap_game_set_family(None, family["GRUNDY"]), EINVAL)

    def test_parse_errors(self):
        with HeapGame() as h:
            self.assertEqual(lib.grundy_heap_game_parse(h.h, b"0.9z", 4), EPARSE)
            self.assertEqual(lib.grundy_heap_game_errpos(h.h), 3)
            msg = lib.grundy_heap_game_errmsg(h.h).decode()
            self.assertTrue(msg)
            self.assertIn("z", msg, "the message names the character")
            # The game keeps no rules, and takes them afterwards.
            self.assertEqual(lib.grundy_heap_game_compute(h.h, 5), ESTATE)
            self.assertEqual(lib.grundy_heap_game_parse(h.h, b"0.07", 4), OK)
            self.assertEqual(h.values(0, 6), [0, 0, 1, 1, 2, 0])
        for bad in (b"", b"sub:", b"sub:0", b"kayles", b"0.7.7"):
            with HeapGame() as h:
                self.assertEqual(lib.grundy_heap_game_parse(h.h, bad, len(bad)), EPARSE, bad)
                pos = lib.grundy_heap_game_errpos(h.h)
                self.assertTrue(0 <= pos <= len(bad), (bad, pos))
                self.assertTrue(lib.grundy_heap_game_errmsg(h.h), bad)
        with HeapGame() as h:
            code = b"0." + b"7" * 4096
            self.assertEqual(lib.grundy_heap_game_parse(h.h, code, len(code)), ELIMIT)
            self.assertEqual(lib.grundy_heap_game_errpos(h.h), 2 + 4095, "the first digit too many")
        with HeapGame() as h:
            self.assertEqual(lib.grundy_heap_game_parse(h.h, None, 3), EINVAL)
        self.assertEqual(lib.grundy_heap_game_errmsg(None), b"")

    def test_misere_genus_and_tame(self):
        with HeapGame("0.77") as h:
            gamma = (c_uint32 * 12)()
            tame = c_int(-1)
            # Kayles' heap of 1 is *1: genus 1^(0 3 1 3 ...), tame.
            self.assertEqual(lib.grundy_heap_game_genus(h.h, 1, gamma, 12, byref(tame)), OK)
            self.assertEqual(list(gamma)[:4], [0, 3, 1, 3])
            self.assertEqual(tame.value, 1)
            # Its heap of 5 (normal value 4, misère value 1) is wild.
            self.assertEqual(lib.grundy_heap_game_genus(h.h, 5, gamma, 12, byref(tame)), OK)
            self.assertEqual(gamma[0], KAYLES_MISERE[5])
            self.assertEqual(tame.value, 0)
            self.assertEqual(lib.grundy_heap_game_tame(h.h, 4), 1)
            self.assertEqual(lib.grundy_heap_game_tame(h.h, 5), 0)
            self.assertEqual(lib.grundy_heap_game_last_method(h.h), 0)
            self.assertEqual(h.values(0, 3, PLAY_MISERE | BY_SEARCH), KAYLES_MISERE[:3])
            self.assertEqual(lib.grundy_heap_game_last_method(h.h), BY_SEARCH)
            lib.grundy_heap_game_set_search_limit(h.h, 100)
            self.assertEqual(h.values(0, 30, PLAY_MISERE), ELIMIT)
            self.assertIn(b"limit", lib.grundy_heap_game_errmsg(h.h))
        self.assertEqual(lib.grundy_heap_game_tame(None, 3), EINVAL)

    def test_values_and_sums(self):
        with HeapGame("0.77") as h:
            self.assertEqual(h.values(5, 10), KAYLES[5:15])
            self.assertEqual(h.values(0, 0), [])
            self.assertEqual(h.values(0, 21, PLAY_MISERE), KAYLES_MISERE)
            self.assertEqual(lib.grundy_heap_game_values(h.h, PLAY_NORMAL, 0, 3, None), EINVAL)
            v = c_uint32()
            self.assertEqual(lib.grundy_heap_game_value(h.h, PLAY_MISERE, 3, byref(v)), OK)
            self.assertEqual(v.value, KAYLES_MISERE[3])
            self.assertEqual(lib.grundy_heap_game_value(h.h, PLAY_NORMAL, 3, None), EINVAL)
            for heap, g in enumerate(KAYLES):
                self.assertEqual(lib.grundy_heap_game_outcome(h.h, PLAY_NORMAL, heap), N if g else P)
            self.assertEqual(lib.grundy_heap_game_outcome(h.h, PLAY_WTIA, 3), ENOTSUP)
            p, n0 = c_uint64(), c_uint64()
            self.assertEqual(lib.grundy_heap_game_period(h.h, 100000, byref(p), byref(n0)), 1)
            self.assertEqual((p.value, n0.value), (12, 71))
            self.assertEqual(h.values(UINT64_MAX - 1, 2),
                             [h.values(71 + (x - 71) % 12, 1)[0] for x in (UINT64_MAX - 1, UINT64_MAX)])
            heaps = u64s([3, 5, 9])
            self.assertEqual(lib.grundy_heap_game_sum_value(h.h, PLAY_NORMAL, heaps, 3, byref(v)), OK)
            self.assertEqual(v.value, 3 ^ 4 ^ 4)
            self.assertEqual(lib.grundy_heap_game_sum_value(h.h, PLAY_NORMAL, None, 0, byref(v)), OK)
            self.assertEqual(v.value, 0)
            self.assertEqual(lib.grundy_heap_game_sum_value(h.h, PLAY_MISERE, heaps, 3, byref(v)), OK)
            self.assertEqual(lib.grundy_heap_game_sum_outcome(h.h, PLAY_MISERE, heaps, 3),
                             N if v.value else P)
            self.assertEqual(lib.grundy_heap_game_sum_value(h.h, PLAY_WTIA, heaps, 3, byref(v)), ENOTSUP)
            self.assertEqual(lib.grundy_heap_game_sum_outcome(h.h, PLAY_NORMAL, heaps, 3), N)
            self.assertEqual(lib.grundy_heap_game_sum_outcome(h.h, PLAY_NORMAL, u64s([5, 9]), 2), P)
            self.assertEqual(lib.grundy_heap_game_sum_outcome(h.h, PLAY_NORMAL, None, 2), EINVAL)
            moves = (c_uint64 * 3)()
            self.assertEqual(lib.grundy_heap_game_sum_winning_move(h.h, PLAY_NORMAL, heaps, 3, moves), 1)
            [(i, k)] = moved(moves, 3)
            rc, left = h.move([3, 5, 9][i], k)
            self.assertEqual(rc, OK)
            self.assertEqual(3 ^ 4 ^ 4 ^ KAYLES[[3, 5, 9][i]] ^ xor_all(KAYLES[x] for x in left), 0)
            self.assertEqual(lib.grundy_heap_game_sum_winning_move(h.h, PLAY_NORMAL, u64s([5, 9]), 2,
                                                                   moves), 0)
            rc, count, pairs = all_moves(lambda c, m, cap, n: lib.grundy_heap_game_sum_winning_moves(
                h.h, PLAY_NORMAL, heaps, 3, c, m, cap, n), 16)
            self.assertEqual(rc, OK)
            self.assertEqual(count, len(pairs))
            self.assertIn((i, k), pairs)
            for j, m in pairs:
                rc, left = h.move([3, 5, 9][j], m)
                self.assertEqual(3 ^ 4 ^ 4 ^ KAYLES[[3, 5, 9][j]] ^ xor_all(KAYLES[x] for x in left), 0)
            self.assertEqual(all_moves(lambda c, m, cap, n: lib.grundy_heap_game_sum_winning_moves(
                h.h, PLAY_NORMAL, heaps, 3, c, m, cap, n), 0), (OK, count, []))

    def test_degree_and_move(self):
        with HeapGame("0.77") as h:
            # Kayles from a row of 5: take 1 (leave 4, or split 1+3, 2+2), take 2
            # (leave 3, or split 1+2).
            self.assertEqual(h.degree(5), (OK, 5))
            self.assertEqual([h.move(5, k) for k in range(5)],
                             [(OK, [4]), (OK, [1, 3]), (OK, [2, 2]), (OK, [3]), (OK, [1, 2])])
            self.assertEqual(h.degree(0), (OK, 0))
            self.assertEqual(h.degree(1), (OK, 1))
            self.assertEqual(h.move(1, 0), (OK, []))
            self.assertEqual(h.move(5, 5)[0], ERANGE)
            nparts = c_size_t()
            self.assertEqual(lib.grundy_heap_game_move(h.h, 5, 1, None, 0, byref(nparts)), OK)
            self.assertEqual(nparts.value, 2)
            self.assertEqual(lib.grundy_heap_game_degree(h.h, 5, None), EINVAL)
        with HeapGame("grundy") as h:
            self.assertEqual(h.degree(7), (OK, 3))
            self.assertEqual([h.move(7, k)[1] for k in range(3)], [[1, 6], [2, 5], [3, 4]])
        with HeapGame("0.F") as h:  # three heaps: (a, b, c), a <= b <= c
            rc, d = h.degree(6)
            self.assertEqual(rc, OK)
            got = [h.move(6, k)[1] for k in range(d)]
            self.assertIn([1, 1, 3], got)
            self.assertIn([1, 2, 2], got)
            self.assertTrue(all(p == sorted(p) for p in got), got)

    def test_progress_and_cancel(self):
        calls = []

        def stop(user, done, total):
            calls.append(done)
            return 1
        # Grundy's game: no theorem, so no period stops it; O(n) options per value.
        with HeapGame("grundy") as h:
            fn = PROGRESS_FN(stop)
            lib.grundy_heap_game_set_progress(h.h, fn, None)
            self.assertEqual(lib.grundy_heap_game_compute(h.h, 1 << 22), ECANCELED)
            self.assertEqual(len(calls), 1, "stops at the first refusal")
            kept = lib.grundy_heap_game_computed(h.h)
            self.assertLess(kept, 1 << 22)
            self.assertIn("progress", lib.grundy_heap_game_errmsg(h.h).decode())
            lib.grundy_heap_game_set_progress(h.h, PROGRESS_FN(), None)
            self.assertEqual(lib.grundy_heap_game_computed(h.h), kept, "values found are kept")
            self.assertEqual(h.values(0, 8), [0, 0, 0, 1, 0, 2, 1, 0])

    def test_experimental_switches(self):
        want = None
        for sparse, threads, period in itertools.product((0, 1), (1, 2), (0, 1)):
            with HeapGame("0.137") as h:
                lib.grundy_heap_game_set_sparse(h.h, sparse)
                lib.grundy_heap_game_set_threads(h.h, threads)
                lib.grundy_heap_game_set_period_detection(h.h, period)
                got = h.values(0, 2000)
                if want is None:
                    want = got
                self.assertEqual(got, want, (sparse, threads, period))


# ---------------------------------------------------------------------------
# Games described by rules


class Game:
    """A rule-defined game over uint64 positions with a Python generator
    returning a list of options (each a list of parts)."""

    def __init__(self, options, alloc=None):
        self.calls = 0

        def moves(user, pos, out):
            self.calls += 1
            if user != 0x1234:
                return EINVAL
            for parts in options(pos):
                rc = lib.grundy_options_add(out, u64s(parts) if parts else None, len(parts))
                if rc != OK:
                    return rc
            return OK
        self.fn = MOVES_U64_FN(moves)
        self.g = c_void_p()
        rc = lib.grundy_game_new_u64(byref(self.g), self.fn, 0x1234,
                                     byref(alloc) if alloc is not None else None)
        if rc != OK:
            raise MemoryError("grundy_game_new_u64: %d" % rc)

    def close(self):
        lib.grundy_game_free(self.g)
        self.g = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def value(self, pos, play=PLAY_NORMAL):
        v = c_uint32(777)
        rc = lib.grundy_game_value(self.g, play, byref(c_uint64(pos)), byref(v))
        return rc, v.value

    def move(self, pos, k, cap=4):
        parts = (c_uint64 * max(cap, 1))()
        nparts = c_size_t(999)
        rc = lib.grundy_game_move(self.g, byref(c_uint64(pos)), k, parts if cap else None, cap,
                                  byref(nparts))
        return rc, parts[:min(cap, nparts.value)] if rc == OK else None, nparts.value

    def degree(self, pos):
        d = c_uint64(999)
        rc = lib.grundy_game_degree(self.g, byref(c_uint64(pos)), byref(d))
        return rc, d.value


TAKES = (1, 3, 4)


def subtraction(pos):
    return [[pos - t] for t in TAKES if t <= pos]


class TestGame(unittest.TestCase):
    def test_values_by_address(self):
        want = subtraction_values(TAKES, 300)
        with Game(subtraction) as g:
            for n in range(300):
                self.assertEqual(g.value(n), (OK, want[n]))
                self.assertEqual(lib.grundy_game_outcome(g.g, PLAY_NORMAL, byref(c_uint64(n))),
                                 N if want[n] else P)
            self.assertEqual(g.value(5, 99)[0], EINVAL)
            self.assertEqual(lib.grundy_game_value(g.g, PLAY_NORMAL, None, byref(c_uint32())), EINVAL)
            self.assertEqual(lib.grundy_game_value(g.g, PLAY_NORMAL, byref(c_uint64(3)), None), EINVAL)
            positions, nbytes = c_uint64(), c_uint64()
            lib.grundy_game_stats(g.g, byref(positions), byref(nbytes))
            self.assertGreaterEqual(positions.value, 300)

    def test_every_play_on_one_game(self):
        # Subtraction {1, 2}: misère values 1 0 1 1 0 1 1 0 ..., remoteness etc.
        def by_rules(play, count):
            num = []
            for n in range(count):
                opts = [num[n - t] for t in (1, 2) if t <= n]
                if play == PLAY_NORMAL:
                    r = mex(set(opts))
                elif play == PLAY_MISERE:
                    r = 1 if not opts else mex(set(opts))
                elif play == PLAY_CONJUNCTIVE:
                    even = [o for o in opts if o % 2 == 0]
                    r = 0 if not opts else (min(even) + 1 if even else max(opts) + 1)
                else:  # continued
                    even = [o for o in opts if o % 2 == 0]
                    r = 0 if not opts else (max(even) + 1 if even else min(opts) + 1)
                num.append(r)
            return num
        with Game(lambda n: [[n - t] for t in (1, 2) if t <= n]) as g:
            for play in (PLAY_NORMAL, PLAY_MISERE, PLAY_CONJUNCTIVE, PLAY_CONTINUED):
                self.assertEqual([g.value(n, play) for n in range(40)],
                                 [(OK, v) for v in by_rules(play, 40)], play)
            self.assertEqual([g.value(n, PLAY_SELECTIVE)[1] for n in range(40)],
                             by_rules(PLAY_NORMAL, 40))
            # Loopy play of a finite game: the Sprague-Grundy values.
            self.assertEqual([g.value(n, PLAY_LOOPY)[1] for n in range(20)],
                             by_rules(PLAY_NORMAL, 20))

    def test_sums(self):
        want = subtraction_values(TAKES, 100)
        with Game(subtraction) as g:
            heaps = [5, 6, 9]
            arr = u64s(heaps)
            s = xor_all(want[h] for h in heaps)
            v = c_uint32()
            self.assertEqual(lib.grundy_game_sum_value(g.g, PLAY_NORMAL, arr, 3, byref(v)), OK)
            self.assertEqual(v.value, s)
            self.assertEqual(lib.grundy_game_sum_value(g.g, PLAY_MISERE, arr, 3, byref(v)), ENOTSUP)
            self.assertEqual(lib.grundy_game_sum_outcome(g.g, PLAY_NORMAL, arr, 3), N if s else P)
            moves = (c_uint64 * 3)()
            self.assertEqual(lib.grundy_game_sum_winning_move(g.g, PLAY_NORMAL, arr, 3, moves), 1 if s else 0)
            [(i, k)] = moved(moves, 3)
            rc, parts, nparts = g.move(heaps[i], k)
            self.assertEqual((rc, nparts), (OK, 1))
            self.assertEqual(s ^ want[heaps[i]] ^ want[parts[0]], 0)
            rc, count, pairs = all_moves(lambda c, m, cap, n: lib.grundy_game_sum_winning_moves(
                g.g, PLAY_NORMAL, arr, 3, c, m, cap, n), 16)
            wins = [(j, m) for j, h in enumerate(heaps) for m, (p,) in enumerate(subtraction(h))
                    if s ^ want[h] ^ want[p] == 0]
            self.assertEqual((rc, count, pairs), (OK, len(wins), wins))
            self.assertEqual(lib.grundy_game_sum_winning_moves(g.g, PLAY_CONJUNCTIVE, arr, 3, None,
                                                               moves, 3, byref(c_size_t())), ENOTSUP)
            # Misère sums: the library picks a method and says which.
            self.assertEqual(lib.grundy_game_last_method(g.g), 0)
            for method in (BY_SEARCH, BY_SJ, 0):
                rc = lib.grundy_game_sum_outcome(g.g, PLAY_MISERE | method, u64s([2, 2]), 2)
                self.assertIn(rc, (P, N, EINVAL), method)
                if rc >= 0:
                    got = lib.grundy_game_last_method(g.g)
                    self.assertIn(got, (BY_SJ, BY_GENUS, BY_SEARCH))
                    if method:
                        self.assertEqual(got, method)

    def test_degree_and_move(self):
        with Game(lambda n: [[n - 1], [n - 1, n - 1, n - 1], []] if n else []) as g:
            self.assertEqual(g.degree(5), (OK, 3))
            self.assertEqual(g.degree(0), (OK, 0))
            self.assertEqual(g.move(5, 0), (OK, [4], 1))
            self.assertEqual(g.move(5, 1), (OK, [4, 4, 4], 3))
            self.assertEqual(g.move(5, 1, cap=2), (OK, [4, 4], 3), "only cap parts written")
            self.assertEqual(g.move(5, 1, cap=0)[::2], (OK, 3))
            self.assertEqual(g.move(5, 2), (OK, [], 0))
            self.assertEqual(g.move(5, 3)[0], ERANGE)
            self.assertEqual(lib.grundy_game_degree(g.g, byref(c_uint64(5)), None), EINVAL)

    def test_generator_status(self):
        def failing(user, pos, out):
            return ELIMIT if pos == 3 else lib.grundy_options_add_each(
                out, u64s([pos - 1] if pos else []), 1 if pos else 0)
        fn = MOVES_U64_FN(failing)
        g = c_void_p()
        self.assertEqual(lib.grundy_game_new_u64(byref(g), fn, None, None), OK)
        v = c_uint32()
        self.assertEqual(lib.grundy_game_value(g, PLAY_NORMAL, byref(c_uint64(10)), byref(v)), ELIMIT)
        self.assertEqual(lib.grundy_game_value(g, PLAY_NORMAL, byref(c_uint64(2)), byref(v)), OK)
        self.assertEqual(v.value, 0)
        self.assertEqual(lib.grundy_game_degree(g, byref(c_uint64(3)), byref(c_uint64())), ELIMIT)
        lib.grundy_game_free(g)

    def test_positions_of_any_size(self):
        # grundy_game_new with 4-byte positions: a uint32 heap by address.
        def moves(user, pos, out):
            n = ctypes.cast(pos, u32p)[0]
            opts = (c_uint32 * 3)(*[n - t for t in TAKES if t <= n])
            return lib.grundy_options_add_each(out, opts, sum(1 for t in TAKES if t <= n))
        fn = MOVES_FN(moves)
        g = c_void_p()
        self.assertEqual(lib.grundy_game_new(byref(g), 4, fn, None, None), OK)
        want = subtraction_values(TAKES, 100)
        v = c_uint32()
        for n in range(100):
            self.assertEqual(lib.grundy_game_value(g, PLAY_NORMAL, byref(c_uint32(n)), byref(v)), OK)
            self.assertEqual(v.value, want[n])
        heaps = u32s([7, 8])
        self.assertEqual(lib.grundy_game_sum_value(g, PLAY_NORMAL, heaps, 2, byref(v)), OK)
        self.assertEqual(v.value, want[7] ^ want[8])
        parts, nparts = (c_uint32 * 1)(), c_size_t()
        self.assertEqual(lib.grundy_game_move(g, byref(c_uint32(7)), 2, parts, 1, byref(nparts)), OK)
        self.assertEqual((nparts.value, parts[0]), (1, 3))
        lib.grundy_game_free(g)
        self.assertEqual(lib.grundy_game_new(byref(g), 0, fn, None, None), EINVAL)


class TestAllocatorAndProgress(unittest.TestCase):
    def make_allocator(self, fail_at=None):
        """A counting allocator over libc; allocation number fail_at (0-based) fails."""
        libc = ctypes.CDLL(None)
        libc.malloc.restype = c_void_p
        libc.malloc.argtypes = [c_size_t]
        libc.realloc.restype = c_void_p
        libc.realloc.argtypes = [c_void_p, c_size_t]
        libc.free.restype = None
        libc.free.argtypes = [c_void_p]
        state = {"live": set(), "calls": 0, "bad": []}
        user = 0x5eed

        def check(u, what):
            if u != user:
                state["bad"].append("%s got user %r" % (what, u))

        def failing():
            state["calls"] += 1
            return fail_at is not None and state["calls"] - 1 == fail_at

        def m(u, size):
            check(u, "malloc_fn")
            if failing():
                return None
            p = libc.malloc(size)
            state["live"].add(p)
            return p

        def r(u, ptr, size):
            check(u, "realloc_fn")
            if ptr not in state["live"] or size == 0:
                state["bad"].append("realloc_fn(%r, %r)" % (ptr, size))
            if failing():
                return None
            q = libc.realloc(ptr, size)
            state["live"].discard(ptr)
            state["live"].add(q)
            return q

        def f(u, ptr):
            check(u, "free_fn")
            if ptr not in state["live"]:
                state["bad"].append("free_fn(%r) of a pointer not allocated here" % ptr)
            state["live"].discard(ptr)
            libc.free(ptr)

        callbacks = (MALLOC_FN(m), REALLOC_FN(r), FREE_FN(f))
        alloc = Allocator(callbacks[0], callbacks[1], callbacks[2], user)
        return alloc, state, callbacks

    def test_custom_allocator(self):
        alloc, state, _keep = self.make_allocator()
        g = example_graph(alloc)
        self.assertEqual(g.solve(), OK)
        self.assertEqual(g.values(), EXAMPLE_VALUES)
        g.close()
        self.assertGreater(state["calls"], 0, "the allocator was used")
        self.assertEqual(state["live"], set(), "everything allocated was freed")
        self.assertEqual(state["bad"], [])

    def test_custom_allocator_other_handles(self):
        alloc, state, _keep = self.make_allocator()
        with HeapGame("0.77", alloc) as h:
            self.assertEqual(h.values(0, 20), KAYLES)
            period = h.values(71, 12)  # Kayles: period 12 from 71 on
            self.assertEqual(h.values(1000, 3), [period[(x - 71) % 12] for x in range(1000, 1003)])
        with Game(subtraction, alloc) as g:
            self.assertEqual(g.value(500), (OK, subtraction_values(TAKES, 501)[500]))
            moves = (c_uint64 * 2)()
            self.assertIn(lib.grundy_game_sum_outcome(g.g, PLAY_MISERE, u64s([5, 6]), 2), (P, N))
            self.assertIn(lib.grundy_game_sum_winning_move(g.g, PLAY_MISERE, u64s([5, 6]), 2, moves),
                          (0, 1))
        self.assertGreater(state["calls"], 0, "the allocator was used")
        self.assertEqual(state["live"], set(), "everything allocated was freed")
        self.assertEqual(state["bad"], [])

    def run_allocation_failures(self, build, want):
        """For fail_at = 0, 1, ... until it succeeds: build(g) on a graph made
        with an allocator that fails allocation fail_at, then the values.  A
        failure must be ENOMEM, leak nothing, and come before a success that
        gives the values want."""
        for fail_at in range(500):
            alloc, state, _keep = self.make_allocator(fail_at)
            g = graphp()
            rc = lib.grundy_graph_new(byref(g), byref(alloc))
            if rc == OK:
                rc = build(g)
                values = None
                if rc == OK:
                    out = (c_uint32 * len(want))()
                    rc = lib.grundy_graph_values(g, PLAY_NORMAL, 0, len(want), out)
                    values = list(out)
                lib.grundy_graph_free(g)
            self.assertIn(rc, (OK, ENOMEM), "allocation %d fails" % fail_at)
            self.assertEqual(state["live"], set(), "leak when allocation %d fails" % fail_at)
            self.assertEqual(state["bad"], [])
            if rc == OK:
                self.assertEqual(values, want)
                self.assertGreater(fail_at, 0)
                break
        else:
            self.fail("never succeeded")

    def test_allocation_failures(self):
        def build(g):
            # Each step, until one fails; a failure must be ENOMEM.
            steps = [lambda: lib.grundy_graph_add_nodes(g, 5, None)]
            for u, v in ((1, 0), (2, 0), (2, 1), (3, 2), (4, 0)):
                steps.append(lambda u=u, v=v: lib.grundy_graph_add_move(g, u, v))
            steps.append(lambda: lib.grundy_graph_add_split(g, 4, u32s([1, 2]), 2))
            steps.append(lambda: lib.grundy_graph_solve(g, PLAY_NORMAL))
            for step in steps:
                rc = step()
                if rc != OK:
                    break
            return rc
        self.run_allocation_failures(build, [0, 1, 2, 0, 1])

    def test_parse_allocation_failures(self):
        text = b"# graph\n6 7\n1 0\n2 1\n3 2\n4 3\n5 4\n5 0\n2 0\n"

        def build(g):
            rc = lib.grundy_graph_parse(g, text, len(text))
            if rc == OK:
                rc = lib.grundy_graph_solve(g, PLAY_NORMAL)
            elif rc == ENOMEM:
                self.assertEqual(lib.grundy_graph_node_count(g), 0, "failed parse leaves the graph empty")
            return rc
        self.run_allocation_failures(build, [0, 1, 2, 0, 1, 2])

    def test_allocator_einval(self):
        alloc, _state, _keep = self.make_allocator()
        alloc.free_fn = FREE_FN()  # NULL
        g = graphp()
        self.assertEqual(lib.grundy_graph_new(byref(g), byref(alloc)), EINVAL)
        self.assertEqual(lib.grundy_graph_new(byref(g), None), OK)
        lib.grundy_graph_free(g)
        h = c_void_p()
        self.assertEqual(lib.grundy_heap_game_new(byref(h), byref(alloc)), EINVAL)
        self.assertEqual(lib.grundy_game_new_u64(byref(h), MOVES_U64_FN(lambda u, p, o: 0), None,
                                                 byref(alloc)), EINVAL)

    def path_graph(self, n):
        g = Graph()
        self.assertEqual(g.add_nodes(n), (OK, 0))
        frm = (c_uint32 * (n - 1))(*range(n - 1))
        to = (c_uint32 * (n - 1))(*range(1, n))
        self.assertEqual(lib.grundy_graph_add_moves(g.g, n - 1, frm, to), OK)
        return g

    def test_progress_and_cancel(self):
        n = 200000
        calls = []

        def report(user, done, total):
            calls.append((user, done, total))
            return 0

        def stop(user, done, total):
            calls.append((user, done, total))
            return 1
        with self.path_graph(n) as g:
            fn = PROGRESS_FN(report)
            lib.grundy_graph_set_progress(g.g, fn, 42)
            self.assertEqual(g.solve(), OK)
            self.assertGreater(len(calls), 0, "progress reported while solving %d nodes" % n)
            self.assertTrue(all(c[0] == 42 for c in calls), "user pointer passed through")
            dones = [c[1] for c in calls]
            self.assertEqual(dones, sorted(dones), "done never decreases")
            self.assertTrue(all(c[2] == 0 or c[1] <= c[2] for c in calls))
            self.assertLess(len(calls), n // 100, "called only every few thousand units")
            self.assertEqual(g.value(n - 1), (OK, 0))
        calls.clear()
        with self.path_graph(n) as g:
            fn = PROGRESS_FN(stop)
            lib.grundy_graph_set_progress(g.g, fn, None)
            self.assertEqual(g.solve(), ECANCELED)
            self.assertEqual(len(calls), 1, "stops at the first refusal")
            # A question solves first, and is stopped the same way.
            self.assertEqual(g.value(0)[0], ECANCELED)
            self.assertEqual(len(calls), 2)
            lib.grundy_graph_set_progress(g.g, PROGRESS_FN(), None)
            self.assertEqual(g.solve(), OK)
            vals = g.values()
            self.assertEqual(vals[:4], [(n - 1) % 2, n % 2, (n - 1) % 2, n % 2])
            self.assertEqual(vals, [(n - 1 - i) % 2 for i in range(n)])



def main():
    try:
        load()
    except (OSError, AttributeError) as e:
        print("cannot load %s: %s" % (LIBPATH, e))
        print("0 passed, 1 failed")
        return 1
    suite = testlib.unittest_loader().loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    sys.stdout.flush()
    return testlib.unittest_summary(result)


if __name__ == "__main__":
    sys.exit(main())
