#!/usr/bin/env python3
"""Drive the shared library lib/libgrundy.so through ctypes, as another
language would: only the C ABI, every signature declared here.  Answers are
checked against small brute forces written in Python.

usage: python3 test/ffi_test.py      (after `make`)
Last line: "N passed, N failed"; exit status 1 if any test failed.
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
                    c_size_t, c_uint32, c_uint64, c_void_p)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBPATH = os.path.join(ROOT, "lib", "libgrundy.so")
HEADER = os.path.join(ROOT, "include", "grundy.h")

OK, ENOMEM, EINVAL, ECYCLE, EPARSE, ERANGE, ELIMIT, ESTATE, ECANCELED = \
    0, -1, -2, -3, -4, -5, -6, -7, -8
P, N = 0, 1
UINT64_MAX = (1 << 64) - 1

u64p = POINTER(c_uint64)
u32p = POINTER(c_uint32)
sizep = POINTER(c_size_t)
graphp = c_void_p

MALLOC_FN = CFUNCTYPE(c_void_p, c_void_p, c_size_t)
REALLOC_FN = CFUNCTYPE(c_void_p, c_void_p, c_void_p, c_size_t)
FREE_FN = CFUNCTYPE(None, c_void_p, c_void_p)
PROGRESS_FN = CFUNCTYPE(c_int, c_void_p, c_uint64, c_uint64)


class Allocator(Structure):
    """struct grundy_allocator, whose layout the header freezes."""
    _fields_ = [("malloc_fn", MALLOC_FN), ("realloc_fn", REALLOC_FN),
                ("free_fn", FREE_FN), ("user", c_void_p)]


SIGNATURES = {
    "grundy_version": (c_char_p, []),
    "grundy_version_number": (c_uint32, []),
    "grundy_strerror": (c_char_p, [c_int]),
    "grundy_nim_sum": (c_uint64, [u64p, c_size_t]),
    "grundy_sum_winning_target": (c_int, [u64p, c_size_t, sizep, u64p]),
    "grundy_nim_outcome": (c_int, [u64p, c_size_t]),
    "grundy_nim_winning_move": (c_int, [u64p, c_size_t, sizep, u64p]),
    "grundy_misere_nim_outcome": (c_int, [u64p, c_size_t]),
    "grundy_misere_nim_winning_move": (c_int, [u64p, c_size_t, sizep, u64p]),
    "grundy_bounded_nim_value": (c_uint64, [c_uint64, c_uint64]),
    "grundy_bounded_nim_winning_move": (c_int, [u64p, c_size_t, c_uint64, sizep, u64p]),
    "grundy_staircase_nim_outcome": (c_int, [u64p, c_size_t]),
    "grundy_staircase_nim_winning_move": (c_int, [u64p, c_size_t, sizep, u64p]),
    "grundy_graph_new": (c_int, [POINTER(graphp)]),
    "grundy_graph_new_with": (c_int, [POINTER(graphp), POINTER(Allocator)]),
    "grundy_graph_free": (None, [graphp]),
    "grundy_graph_set_progress": (None, [graphp, PROGRESS_FN, c_void_p]),
    "grundy_graph_add_node": (c_int, [graphp, u32p]),
    "grundy_graph_add_nodes": (c_int, [graphp, c_uint32, u32p]),
    "grundy_graph_node_count": (c_uint32, [graphp]),
    "grundy_graph_move_count": (c_uint64, [graphp]),
    "grundy_graph_add_move": (c_int, [graphp, c_uint32, c_uint32]),
    "grundy_graph_add_split": (c_int, [graphp, c_uint32, u32p, c_uint32]),
    "grundy_graph_add_moves": (c_int, [graphp, c_size_t, u32p, u32p]),
    "grundy_graph_solve": (c_int, [graphp]),
    "grundy_graph_cycle_node": (c_int, [graphp, u32p]),
    "grundy_graph_errmsg": (c_char_p, [graphp]),
    "grundy_graph_value": (c_int, [graphp, c_uint32, u32p]),
    "grundy_graph_values": (u32p, [graphp]),
    "grundy_graph_outcome": (c_int, [graphp, c_uint32]),
    "grundy_graph_degree": (c_int, [graphp, c_uint32, u32p]),
    "grundy_graph_move": (c_int, [graphp, c_uint32, c_uint32, POINTER(u32p), u32p]),
    "grundy_graph_winning_moves": (c_int, [graphp, c_uint32, u32p, c_size_t, sizep]),
    "grundy_graph_sum_value": (c_int, [graphp, u32p, c_size_t, u32p]),
    "grundy_graph_sum_winning_move": (c_int, [graphp, u32p, c_size_t, sizep, u32p]),
    "grundy_graph_parse": (c_int, [graphp, c_char_p, c_size_t]),
}

lib = None  # loaded in main()


def load():
    global lib
    lib = ctypes.CDLL(LIBPATH)
    for name, (restype, argtypes) in SIGNATURES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def header_version():
    text = open(HEADER).read()
    return tuple(int(re.search(r"#define GRUNDY_VERSION_%s (\d+)" % part, text).group(1))
                 for part in ("MAJOR", "MINOR", "PATCH"))


def u64s(values):
    return (c_uint64 * max(len(values), 1))(*values)


def u32s(values):
    return (c_uint32 * max(len(values), 1))(*values)


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


# ---------------------------------------------------------------------------
# A thin wrapper, so the tests read as the C calls they make.

class Graph:
    def __init__(self, alloc=None):
        self.g = graphp()
        if alloc is None:
            rc = lib.grundy_graph_new(byref(self.g))
        else:
            rc = lib.grundy_graph_new_with(byref(self.g), byref(alloc))
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

    def solve(self):
        return lib.grundy_graph_solve(self.g)

    def value(self, u):
        v = c_uint32(777)
        rc = lib.grundy_graph_value(self.g, u, byref(v))
        return rc, v.value

    def values(self):
        ptr = lib.grundy_graph_values(self.g)
        if not ptr:
            return None
        return [ptr[i] for i in range(lib.grundy_graph_node_count(self.g))]

    def winning_moves(self, u, cap=16):
        moves = (c_uint32 * max(cap, 1))()
        count = c_size_t(999)
        rc = lib.grundy_graph_winning_moves(self.g, u, moves if cap else None, cap,
                                            byref(count))
        return rc, count.value, list(moves[:min(cap, count.value)])

    def move(self, u, k):
        parts = u32p()
        nparts = c_uint32(999)
        rc = lib.grundy_graph_move(self.g, u, k, byref(parts), byref(nparts))
        return rc, [parts[i] for i in range(nparts.value)] if rc == OK else None

    def cycle_node(self):
        node = c_uint32(999)
        rc = lib.grundy_graph_cycle_node(self.g, byref(node))
        return rc, node.value

    def parse(self, text, length=None):
        data = text.encode()
        return lib.grundy_graph_parse(self.g, data, len(data) if length is None else length)

    def errmsg(self):
        return lib.grundy_graph_errmsg(self.g).decode()


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
        text = open(HEADER).read()
        for name, want in (("OK", 0), ("ENOMEM", -1), ("EINVAL", -2), ("ECYCLE", -3),
                           ("EPARSE", -4), ("ERANGE", -5), ("ELIMIT", -6),
                           ("ESTATE", -7), ("ECANCELED", -8)):
            m = re.search(r"#define GRUNDY_%s \(?(-?\d+)\)?" % name, text)
            self.assertIsNotNone(m, name)
            self.assertEqual(int(m.group(1)), want, name)

    def test_strerror(self):
        seen = set()
        for code in range(0, -9, -1):
            msg = lib.grundy_strerror(code)
            self.assertTrue(msg, code)
            self.assertNotEqual(msg, b"unknown status", code)
            seen.add(msg)
        self.assertEqual(len(seen), 9, "each status has its own message")
        for code in (1, -9, 12345, -(1 << 31)):
            self.assertEqual(lib.grundy_strerror(code), b"unknown status", code)


class TestNim(unittest.TestCase):
    def positions(self):
        for n in range(0, 4):
            for heaps in itertools.product(range(5), repeat=n):
                yield heaps

    def test_nim_sum(self):
        rng = random.Random(1)
        self.assertEqual(lib.grundy_nim_sum(None, 0), 0)
        for _ in range(200):
            vals = [rng.randrange(1 << 64) for _ in range(rng.randrange(1, 8))]
            want = functools.reduce(lambda a, b: a ^ b, vals)
            self.assertEqual(lib.grundy_nim_sum(u64s(vals), len(vals)), want)

    def test_sum_winning_target_rule(self):
        rng = random.Random(2)
        comp, target = c_size_t(), c_uint64()
        for _ in range(300):
            vals = [rng.choice((rng.randrange(8), rng.randrange(1 << 64))) for _ in range(rng.randrange(1, 6))]
            s = functools.reduce(lambda a, b: a ^ b, vals)
            rc = lib.grundy_sum_winning_target(u64s(vals), len(vals), byref(comp), byref(target))
            if s == 0:
                self.assertEqual(rc, 0, vals)
                continue
            i = next(i for i, v in enumerate(vals) if v ^ s < v)
            self.assertEqual((rc, comp.value, target.value), (1, i, vals[i] ^ s), vals)
        self.assertEqual(lib.grundy_sum_winning_target(u64s([1]), 1, None, byref(target)), EINVAL)
        self.assertEqual(lib.grundy_sum_winning_target(u64s([1]), 1, byref(comp), None), EINVAL)
        self.assertEqual(lib.grundy_sum_winning_target(None, 1, byref(comp), byref(target)), EINVAL)

    def check_nim(self, misere):
        outcome = lib.grundy_misere_nim_outcome if misere else lib.grundy_nim_outcome
        winning = lib.grundy_misere_nim_winning_move if misere else lib.grundy_nim_winning_move
        heap, take = c_size_t(), c_uint64()
        for heaps in self.positions():
            wins = nim_wins(heaps, misere)
            arr = u64s(heaps)
            self.assertEqual(outcome(arr, len(heaps)), N if wins else P, heaps)
            rc = winning(arr, len(heaps), byref(heap), byref(take))
            if not wins or sum(heaps) == 0:
                self.assertEqual(rc, 0, heaps)
                continue
            self.assertEqual(rc, 1, heaps)
            i, k = heap.value, take.value
            self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
            after = heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]
            self.assertFalse(nim_wins(after, misere), (heaps, i, k))

    def test_nim_against_brute_force(self):
        self.check_nim(False)

    def test_misere_nim_against_brute_force(self):
        self.check_nim(True)

    def test_nim_known(self):
        heap, take = c_size_t(), c_uint64()
        self.assertEqual(lib.grundy_nim_outcome(u64s([3, 8, 15]), 3), N)
        self.assertEqual(lib.grundy_nim_winning_move(u64s([3, 8, 15]), 3, byref(heap), byref(take)), 1)
        self.assertEqual((heap.value, take.value), (2, 4))
        self.assertEqual(lib.grundy_misere_nim_outcome(u64s([1, 1]), 2), N)
        self.assertEqual(lib.grundy_misere_nim_outcome(u64s([1, 1, 1]), 3), P)
        self.assertEqual(lib.grundy_misere_nim_outcome(None, 0), N)
        self.assertEqual(lib.grundy_nim_outcome(None, 0), P)
        self.assertEqual(lib.grundy_nim_outcome(u64s([UINT64_MAX, UINT64_MAX]), 2), P)

    def test_nim_einval(self):
        heap, take = c_size_t(), c_uint64()
        self.assertEqual(lib.grundy_nim_outcome(None, 2), EINVAL)
        self.assertEqual(lib.grundy_misere_nim_outcome(None, 2), EINVAL)
        self.assertEqual(lib.grundy_staircase_nim_outcome(None, 2), EINVAL)
        self.assertEqual(lib.grundy_nim_winning_move(u64s([1]), 1, None, byref(take)), EINVAL)
        self.assertEqual(lib.grundy_nim_winning_move(u64s([1]), 1, byref(heap), None), EINVAL)
        self.assertEqual(lib.grundy_misere_nim_winning_move(u64s([2]), 1, None, None), EINVAL)
        self.assertEqual(lib.grundy_bounded_nim_winning_move(u64s([1]), 1, 0, byref(heap), byref(take)), EINVAL)

    def test_big_heaps(self):
        rng = random.Random(5)
        heap, take = c_size_t(), c_uint64()
        for _ in range(300):
            heaps = [rng.randrange(1 << rng.choice((1, 8, 63, 64))) for _ in range(rng.randrange(1, 6))]
            s = functools.reduce(lambda a, b: a ^ b, heaps)
            arr = u64s(heaps)
            self.assertEqual(lib.grundy_nim_outcome(arr, len(heaps)), N if s else P, heaps)
            rc = lib.grundy_nim_winning_move(arr, len(heaps), byref(heap), byref(take))
            self.assertEqual(rc, 1 if s else 0, heaps)
            if rc == 1:
                i, k = heap.value, take.value
                self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
                self.assertEqual(s ^ heaps[i] ^ (heaps[i] - k), 0, (heaps, i, k))
            # misère differs from normal play only when no heap exceeds 1
            if any(h > 1 for h in heaps):
                self.assertEqual(lib.grundy_misere_nim_outcome(arr, len(heaps)), N if s else P, heaps)
                rc = lib.grundy_misere_nim_winning_move(arr, len(heaps), byref(heap), byref(take))
                self.assertEqual(rc, 1 if s else 0, heaps)
                if rc == 1:
                    i, k = heap.value, take.value
                    self.assertTrue(i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k))
                    after = heaps[:i] + [heaps[i] - k] + heaps[i + 1:]
                    if any(h > 1 for h in after):
                        self.assertEqual(functools.reduce(lambda a, b: a ^ b, after), 0, (heaps, i, k))
                    else:
                        self.assertEqual(sum(after) % 2, 1, (heaps, i, k))
            steps = heaps
            odd = functools.reduce(lambda a, b: a ^ b, steps[1::2], 0)
            self.assertEqual(lib.grundy_staircase_nim_outcome(arr, len(steps)), N if odd else P, steps)

    def test_bounded_nim(self):
        rng = random.Random(3)
        for _ in range(200):
            h, t = rng.randrange(1 << 64), rng.randrange(1, 1 << 64)
            self.assertEqual(lib.grundy_bounded_nim_value(h, t), h % (t + 1))
        self.assertEqual(lib.grundy_bounded_nim_value(12345, UINT64_MAX), 12345)
        self.assertEqual(lib.grundy_bounded_nim_value(UINT64_MAX, UINT64_MAX), UINT64_MAX)
        self.assertEqual(lib.grundy_bounded_nim_value(7, 0), 0)
        heap, take = c_size_t(), c_uint64()
        for max_take in (1, 2, 3):
            for heaps in self.positions():
                wins = bounded_wins(heaps, max_take)
                rc = lib.grundy_bounded_nim_winning_move(u64s(heaps), len(heaps), max_take,
                                                         byref(heap), byref(take))
                self.assertEqual(rc, 1 if wins else 0, (heaps, max_take))
                if rc == 1:
                    i, k = heap.value, take.value
                    self.assertTrue(i < len(heaps) and 1 <= k <= min(max_take, heaps[i]),
                                    (heaps, max_take, i, k))
                    after = heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]
                    self.assertFalse(bounded_wins(after, max_take), (heaps, max_take, i, k))

    def test_staircase_nim(self):
        step, count = c_size_t(), c_uint64()
        for n in range(0, 5):
            for steps in itertools.product(range(3), repeat=n):
                wins = staircase_wins(steps)
                arr = u64s(steps)
                self.assertEqual(lib.grundy_staircase_nim_outcome(arr, n), N if wins else P, steps)
                rc = lib.grundy_staircase_nim_winning_move(arr, n, byref(step), byref(count))
                self.assertEqual(rc, 1 if wins else 0, steps)
                if rc == 1:
                    i, c = step.value, count.value
                    self.assertTrue(1 <= i < n and i % 2 == 1 and 1 <= c <= steps[i], (steps, i, c))
                    after = list(steps)
                    after[i] -= c
                    after[i - 1] += c
                    self.assertFalse(staircase_wins(tuple(after)), (steps, i, c))


class TestGraph(unittest.TestCase):
    def test_example_values(self):
        with example_graph() as g:
            self.assertEqual(lib.grundy_graph_node_count(g.g), 5)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 7)
            self.assertEqual(g.solve(), OK)
            for u, want in enumerate(EXAMPLE_VALUES):
                self.assertEqual(g.value(u), (OK, want))
            self.assertEqual(g.values(), EXAMPLE_VALUES)
            self.assertEqual(lib.grundy_graph_outcome(g.g, 3), P)
            self.assertEqual(lib.grundy_graph_outcome(g.g, 4), N)
            self.assertEqual(lib.grundy_graph_outcome(g.g, 0), P)

    def test_moves_and_winning_moves(self):
        with example_graph() as g:
            self.assertEqual(g.solve(), OK)
            deg = c_uint32()
            self.assertEqual(lib.grundy_graph_degree(g.g, 4, byref(deg)), OK)
            self.assertEqual(deg.value, 3)
            self.assertEqual(lib.grundy_graph_degree(g.g, 0, byref(deg)), OK)
            self.assertEqual(deg.value, 0)
            self.assertEqual(g.move(4, 0), (OK, [1, 2]))
            self.assertEqual(g.move(4, 1), (OK, [0]))
            self.assertEqual(g.move(4, 2), (OK, []))
            self.assertEqual(g.move(2, 1), (OK, [1]))
            self.assertEqual(g.move(4, 3)[0], ERANGE)
            self.assertEqual(g.winning_moves(4), (OK, 2, [1, 2]))
            self.assertEqual(g.winning_moves(4, cap=0)[:2], (OK, 2))
            self.assertEqual(g.winning_moves(4, cap=1), (OK, 2, [1]))
            self.assertEqual(g.winning_moves(3), (OK, 0, []))
            self.assertEqual(g.winning_moves(2), (OK, 1, [0]))

    def test_sums(self):
        with example_graph() as g:
            self.assertEqual(g.solve(), OK)
            v = c_uint32()
            self.assertEqual(lib.grundy_graph_sum_value(g.g, u32s([1, 2]), 2, byref(v)), OK)
            self.assertEqual(v.value, 3)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, u32s([4, 4]), 2, byref(v)), OK)
            self.assertEqual(v.value, 0)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, u32s([]), 0, byref(v)), OK)
            self.assertEqual(v.value, 0)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, u32s([1, 9]), 2, byref(v)), ERANGE)
            comp, move = c_size_t(), c_uint32()
            # 2 + 4: values 2 ^ 1 = 3; only node 2's move 1 (to value 1) wins.
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, u32s([2, 4]), 2, byref(comp), byref(move)), 1)
            self.assertEqual((comp.value, move.value), (0, 1))
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, u32s([3]), 1, byref(comp), byref(move)), 0)
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, u32s([2, 2]), 2, byref(comp), byref(move)), 0)

    def test_states_and_ranges(self):
        with example_graph() as g:
            self.assertEqual(g.value(0)[0], ESTATE)
            self.assertIsNone(g.values())
            self.assertEqual(lib.grundy_graph_outcome(g.g, 0), ESTATE)
            self.assertEqual(g.add_move(0, 5), ERANGE)
            self.assertEqual(g.add_move(5, 0), ERANGE)
            self.assertEqual(g.add_split(0, [1, 5]), ERANGE)
            self.assertEqual(lib.grundy_graph_add_split(g.g, 0, None, 2), EINVAL)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 7, "failed adds add nothing")
            self.assertEqual(g.solve(), OK)
            self.assertEqual(g.value(5)[0], ERANGE)
            self.assertEqual(g.value(0xFFFFFFFF)[0], ERANGE)
            self.assertEqual(lib.grundy_graph_outcome(g.g, 5), ERANGE)
            self.assertEqual(g.cycle_node()[0], ESTATE)
            # Changing a solved graph needs a new solve.
            node = c_uint32()
            self.assertEqual(lib.grundy_graph_add_node(g.g, byref(node)), OK)
            self.assertEqual(node.value, 5)
            self.assertEqual(g.add_move(5, 4), OK)
            self.assertEqual(g.value(0)[0], ESTATE)
            self.assertIsNone(g.values())
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
            self.assertEqual(g.value(0)[0], ESTATE)
            self.assertIsNone(g.values())
            self.assertEqual(lib.grundy_graph_node_count(g.g), 5)
            self.assertEqual(lib.grundy_graph_move_count(g.g), 5)
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
            self.assertEqual(lib.grundy_graph_node_count(g.g), 0, "a failed parse leaves the graph empty")
            self.assertEqual(lib.grundy_graph_move_count(g.g), 0)
            self.assertEqual(g.parse("2 1\n1 0\n"), OK, "the graph is usable after a failed parse")
        with Graph() as g:
            self.assertEqual(g.parse("2 1\n0 x\n"), EPARSE)
            self.assertIn("line 2", g.errmsg())

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
                            if functools.reduce(lambda a, b: a ^ b, (want[p] for p in parts), 0) == 0]
                    self.assertEqual(wins, mine, "trial %d node %d" % (trial, u))

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
            self.assertEqual(lib.grundy_graph_winning_moves(g.g, 4, None, 2, byref(count)), EINVAL)
            self.assertEqual(lib.grundy_graph_winning_moves(g.g, 4, u32s([0, 0]), 2, None), EINVAL)
            comp, move = c_size_t(), c_uint32()
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, u32s([4]), 1, None, byref(move)), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_winning_move(g.g, None, 1, byref(comp), byref(move)), EINVAL)
            self.assertEqual(lib.grundy_graph_sum_value(g.g, None, 1, byref(c_uint32())), EINVAL)

    def test_free_null(self):
        lib.grundy_graph_free(None)

    def test_new_einval(self):
        self.assertEqual(lib.grundy_graph_new(None), EINVAL)


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

    def run_allocation_failures(self, build, want):
        """For fail_at = 0, 1, ... until it succeeds: build(g) on a graph made
        with an allocator that fails allocation fail_at, then the values.  A
        failure must be ENOMEM, leak nothing, and come before a success that
        gives the values want."""
        for fail_at in range(500):
            alloc, state, _keep = self.make_allocator(fail_at)
            g = graphp()
            rc = lib.grundy_graph_new_with(byref(g), byref(alloc))
            if rc == OK:
                rc = build(g)
                values = None
                if rc == OK:
                    ptr = lib.grundy_graph_values(g)
                    values = [ptr[i] for i in range(len(want))] if ptr else None
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
            steps.append(lambda: lib.grundy_graph_solve(g))
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
                rc = lib.grundy_graph_solve(g)
            elif rc == ENOMEM:
                self.assertEqual(lib.grundy_graph_node_count(g), 0, "failed parse leaves the graph empty")
            return rc
        self.run_allocation_failures(build, [0, 1, 2, 0, 1, 2])

    def test_allocator_einval(self):
        alloc, _state, _keep = self.make_allocator()
        alloc.free_fn = FREE_FN()  # NULL
        g = graphp()
        self.assertEqual(lib.grundy_graph_new_with(byref(g), byref(alloc)), EINVAL)
        self.assertEqual(lib.grundy_graph_new_with(byref(g), None), OK)
        lib.grundy_graph_free(g)

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
            self.assertEqual(g.value(0)[0], ESTATE)
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
    suite = unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    sys.stdout.flush()
    bad = len(result.failures) + len(result.errors)
    print("%d passed, %d failed" % (result.testsRun - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
