#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the Python binding bindings/python/grundy (a package).

Every answer is checked against a small brute force written here (a plain mex
over the options, or a search over the positions of a sum), not against the
library itself.  The binding is tested against the build tree, then against a
copy installed by `make install PREFIX=<tmpdir>`: a subset of these tests runs
again in a subprocess, once with GRUNDY_LIBRARY naming the installed library
and once found by the system loader through LD_LIBRARY_PATH.

usage: python3 test/python_test.py             (after `make`, from anywhere)
       python3 test/python_test.py --installed (the subset, for the subprocess)
Environment: GRUNDY_TEST_MODULE_DIR, the directory to import the package
grundy from (default bindings/python; "-" for the package installed in the
running interpreter, which must use its own library); GRUNDY_EXPECT_LIBRARY, the library
file that must be the one loaded (default: the build tree's, unless GRUNDY_LIBRARY is set).
GRUNDY_TEST_FILTER (make check T=python_test F=PATTERN): run only the test
cases whose name contains PATTERN.
Last line: "N passed, N failed" (", N skipped" when some were, each named
above it with its reason); exit status 1 if any test failed.
"""
import array
import contextlib
import ctypes.util
import doctest
import functools
import gc
import io
import pickle
import itertools
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE_DIR = os.environ.get("GRUNDY_TEST_MODULE_DIR") or os.path.join(ROOT, "bindings", "python")
HEADER = os.path.join(ROOT, "include", "grundy.h")
THIS = os.path.abspath(__file__)
sys.path.insert(0, os.path.dirname(THIS))
import testlib  # noqa: E402

grundy = None  # imported by main()

sys.setrecursionlimit(20000)


# ---------------------------------------------------------------------------
# Brute forces

def mex(values):
    v = 0
    while v in values:
        v += 1
    return v


def xor_all(values):
    return functools.reduce(lambda a, b: a ^ b, values, 0)


@functools.lru_cache(maxsize=None)
def nim_wins(heaps, misere):
    """True if the player to move wins Nim `heaps` (a tuple)."""
    if sum(heaps) == 0:
        return misere
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


class Dag:
    """A graph as lists of moves, each move a tuple of parts; plays and
    compounds computed from their definitions (docs/compounds.md)."""

    def __init__(self, n, moves):
        self.n = n
        self.moves = [[] for _ in range(n)]
        for u, parts in moves:
            self.moves[u].append(tuple(parts))
        # For graphs without splits: the node each move leads to.
        self.succ = [[p[0] for p in ms if len(p) == 1] for ms in self.moves]

    def add_to(self, g):
        g.add_nodes(self.n)
        for u in range(self.n):
            for parts in self.moves[u]:
                if len(parts) == 1:
                    g.add_move(u, parts[0])
                else:
                    g.add_split(u, parts)

    @functools.cached_property
    def sg(self):
        val = [None] * self.n

        def sg(u):
            if val[u] is None:
                val[u] = mex({xor_all(sg(p) for p in parts) for parts in self.moves[u]})
            return val[u]
        return [sg(u) for u in range(self.n)]

    def play_numbers(self, play):
        num = [None] * self.n

        def f(u):
            if num[u] is not None:
                return num[u]
            opts = [f(v) for v in self.succ[u]]
            if play == "misere":
                r = 1 if not opts else mex(set(opts))
            elif play == "wtia":
                if not opts:
                    r = grundy.SP
                elif grundy.SP in opts:
                    r = grundy.SC
                else:
                    r = mex({o for o in opts if o != grundy.SC})
            elif play == "remoteness":
                even = [o for o in opts if o % 2 == 0]
                r = 0 if not opts else (min(even) + 1 if even else max(opts) + 1)
            elif play == "suspense":
                even = [o for o in opts if o % 2 == 0]
                r = 0 if not opts else (max(even) + 1 if even else min(opts) + 1)
            num[u] = r
            return r
        return [f(u) for u in range(self.n)]

    def compound_options(self, pos, compound):
        """The positions one move leads to, or None if the play has ended with
        the player to move losing (some compounds end before all moves run out)."""
        succ = self.succ
        live = [i for i, u in enumerate(pos) if succ[u]]
        if compound in ("wtia", "conjunctive", "shortened") and len(live) < len(pos):
            return None
        if compound in ("disjunctive", "misere", "wtia", "loopy"):
            return [pos[:i] + (v,) + pos[i + 1:] for i in live for v in succ[pos[i]]]
        if compound in ("conjunctive", "continued"):
            choices = [succ[u] if succ[u] else [u] for u in pos]
            return [tuple(c) for c in itertools.product(*choices)] if live else []
        if compound in ("selective", "shortened"):
            out = []
            choices = [[u] + succ[u] for u in pos]
            for c in itertools.product(*choices):
                if c != tuple(pos):
                    out.append(tuple(c))
            return out
        raise ValueError(compound)

    def compound_wins(self, pos, compound, memo=None):
        """Outcome 'P' or 'N' of an acyclic compound, by search."""
        if memo is None:
            memo = {}
        key = (tuple(pos), compound)
        if key in memo:
            return memo[key]
        opts = self.compound_options(tuple(pos), compound)
        if opts is None:
            r = "P"
        elif not opts:
            r = "N" if compound == "misere" else "P"
        else:
            r = "N" if any(self.compound_wins(o, compound, memo) == "P" for o in opts) else "P"
        memo[key] = r
        return r

    def loopy_outcomes(self, k):
        """Outcome of every sum of k components (cycles allowed), by
        retrograde analysis: 'P', 'N' or 'D'."""
        states = list(itertools.product(range(self.n), repeat=k))
        opts = {s: self.compound_options(s, "loopy") for s in states}
        out = {}
        changed = True
        while changed:
            changed = False
            for s in states:
                if s in out:
                    continue
                if any(out.get(o) == "P" for o in opts[s]):
                    out[s] = "N"
                    changed = True
                elif all(out.get(o) == "N" for o in opts[s]):
                    out[s] = "P"
                    changed = True
        return {s: out.get(s, "D") for s in states}


def random_dag(rng, n, max_moves=3, splits=False):
    perm = list(range(n))
    rng.shuffle(perm)
    moves = []
    for u in range(n):
        for _ in range(rng.randrange(0, max_moves + 1)):
            if u == 0:
                break
            if splits and rng.random() < 0.3:
                parts = [rng.randrange(u) for _ in range(rng.choice((0, 2, 3)))]
            else:
                parts = [rng.randrange(u)]
            moves.append((perm[u], [perm[p] for p in parts]))
    rng.shuffle(moves)
    return Dag(n, moves)


def random_digraph(rng, n, max_moves=3):
    moves = [(u, [rng.randrange(n)]) for u in range(n) for _ in range(rng.randrange(max_moves + 1))]
    return Dag(n, moves)


def reaches(dag, start, target):
    """True if some path of at least one move leads from start to target."""
    seen, stack = set(), [v for parts in dag.moves[start] for v in parts]
    while stack:
        v = stack.pop()
        if v == target:
            return True
        if v not in seen:
            seen.add(v)
            stack.extend(p for parts in dag.moves[v] for p in parts)
    return False


# Heap games: the options of one heap, by the rules of docs/games.md.

def octal_options(digits, n):
    """Options (tuples of heaps) of a heap of n in the octal or hexadecimal
    game whose digits are d0, d1, d2, ..."""
    out = []
    for k, d in enumerate(digits):
        r = n - k
        if r < 0:
            break
        if k > 0 and d & 1 and r == 0:
            out.append(())
        if k > 0 and d & 2 and r >= 1:
            out.append((r,))
        if d & 4:
            out.extend((a, r - a) for a in range(1, r // 2 + 1))
        if d & 8:
            out.extend((a, b, r - a - b) for a in range(1, r + 1) for b in range(a, r + 1)
                       if r - a - b >= b)
    return out


def grundy_game_options(n):
    return [(a, n - a) for a in range(1, (n + 1) // 2) if a != n - a]


def lasker_options(n):
    return [(n - k,) if k < n else () for k in range(1, n + 1)] + \
        [(a, n - a) for a in range(1, n // 2 + 1)]


def subtraction_options(takes, n):
    return [(n - t,) if t < n else () for t in takes if t <= n]


def heap_values(options, count):
    g = []
    for n in range(count):
        g.append(mex({xor_all(g[h] for h in opt) for opt in options(n)}))
    return g


def brute_nim_mul():
    """Nim products of a, b < 16 by the definition: the mex of
    a'b + ab' + a'b' over a' < a, b' < b (nim sums)."""
    t = {}
    for a in range(16):
        for b in range(16):
            t[a, b] = mex({t[x, b] ^ t[a, y] ^ t[x, y] for x in range(a) for y in range(b)})
    return t


# ---------------------------------------------------------------------------
# Tests: the library the module loaded


def maps_of_this_process():
    try:
        with open("/proc/self/maps") as f:
            return f.read()
    except OSError:
        return None


def header_text():
    with open(HEADER) as f:
        return f.read()


def soname():
    """The SONAME the header's version gives: libgrundy.so.MAJOR, and
    libgrundy.so.0.MINOR while the major version is 0."""
    text = header_text()
    major, minor = (int(re.search(r"#define GRUNDY_VERSION_%s (\d+)" % p, text).group(1))
                    for p in ("MAJOR", "MINOR"))
    return "libgrundy.so.%d.%d" % (major, minor) if major == 0 else "libgrundy.so.%d" % major


def single(test, move, n):
    """The one component a winning move moves, and its move: (i, k)."""
    test.assertIsNotNone(move)
    test.assertEqual(len(move), n, move)
    moved = [(i, k) for i, k in enumerate(move) if k is not None]
    test.assertEqual(len(moved), 1, move)
    return moved[0]


class TestLoadedLibrary(unittest.TestCase):
    def test_version_matches_header(self):
        text = header_text()
        want = ".".join(re.search(r"#define GRUNDY_VERSION_%s (\d+)" % p, text).group(1)
                        for p in ("MAJOR", "MINOR", "PATCH"))
        self.assertEqual(grundy.version(), want)
        self.assertEqual(grundy.__version__, want)

    def test_the_expected_library_is_loaded(self):
        expect = os.environ.get("GRUNDY_EXPECT_LIBRARY")
        if expect is None and os.environ.get("GRUNDY_LIBRARY"):
            expect = os.environ["GRUNDY_LIBRARY"]
        if expect is None:
            expect = os.path.join(ROOT, "lib", "libgrundy.so")
            self.assertEqual(grundy.library_path, expect, "the build tree comes first")
        maps = maps_of_this_process()
        if maps is None:
            self.skipTest("no /proc/self/maps")
        loaded = {line.split(None, 5)[5].strip() for line in maps.splitlines()
                  if "libgrundy" in line and len(line.split(None, 5)) == 6}
        self.assertEqual(loaded, {os.path.realpath(expect)}, "exactly one libgrundy, the expected one")

    def test_strerror(self):
        self.assertEqual(grundy.strerror(0), "success")
        self.assertEqual(grundy.strerror(-5), "value out of range")
        self.assertEqual(grundy.strerror(12345), "unknown status")
        self.assertNotEqual(grundy.strerror(-9), "unknown status")

    def test_every_function_has_a_signature(self):
        for name in grundy._SIGNATURES:
            fn = getattr(grundy._lib, name)
            self.assertIsNotNone(fn.argtypes, name)
        used = set(re.findall(r"_lib\.(grundy_[a-z0-9_]+)", open(grundy.__file__).read()))
        self.assertEqual(used - set(grundy._SIGNATURES), set(), "calls without a declared signature")

    def test_constants_match_header(self):
        text = header_text()

        def define(name):
            m = re.search(r"#define GRUNDY_%s +\(?(-?(?:0x[0-9a-fA-F]+|\d+))u?\)?" % name, text)
            self.assertIsNotNone(m, name)
            return int(m.group(1), 0)
        for name in ("PLAY_NORMAL", "PLAY_MISERE", "PLAY_WTIA", "PLAY_CONJUNCTIVE",
                     "PLAY_CONTINUED", "PLAY_LOOPY", "PLAY_SELECTIVE", "PLAY_SHORTENED",
                     "BY_SJ", "BY_GENUS", "BY_SEARCH", "BY_MASK", "SP", "SC", "INF",
                     "GENUS_TERMS", "NODE_MAX"):
            self.assertEqual(getattr(grundy, name), define(name), name)
        for name in ("ENOMEM", "EINVAL", "ECYCLE", "EPARSE", "ERANGE", "ELIMIT", "ESTATE",
                     "ECANCELED", "ENOTSUP"):
            self.assertEqual(getattr(grundy, name), define(name), name)
        self.assertIn("#define GRUNDY_NO_MOVE UINT64_MAX", text)
        self.assertEqual(grundy.NO_MOVE, (1 << 64) - 1)
        self.assertIn("#define GRUNDY_NO_POS SIZE_MAX", text)
        self.assertEqual(grundy.SP64, (1 << 64) - 1)
        self.assertEqual(grundy.SC64, (1 << 64) - 2)
        # The plays' names, old and new, name the plays of the header.
        self.assertEqual(grundy.PLAYS["remoteness"], grundy.PLAY_CONJUNCTIVE)
        self.assertEqual(grundy.PLAYS["suspense"], grundy.PLAY_CONTINUED)
        self.assertEqual(grundy.PLAYS["anti_sg"], grundy.PLAY_MISERE | grundy.BY_SJ)
        self.assertEqual(grundy.PLAYS["tame"], grundy.PLAY_MISERE | grundy.BY_GENUS)

    def test_experimental_switches_are_bound(self):
        # Exported by the library, declared in grundy.h only with GRUNDY_EXPERIMENTAL.
        text = header_text()
        guard = text.index("#if defined(GRUNDY_EXPERIMENTAL)")
        for name in ("grundy_heap_game_set_threads", "grundy_heap_game_set_sparse",
                     "grundy_heap_game_set_period_detection"):
            self.assertIn(name, grundy._SIGNATURES)
            self.assertGreater(text.index(name + "("), guard, name)
        for method in (grundy.HeapGame.set_threads, grundy.HeapGame.set_sparse,
                       grundy.HeapGame.set_period_detection):
            self.assertIn("Experimental", method.__doc__)


# ---------------------------------------------------------------------------
# Nim and its closed forms


class TestNim(unittest.TestCase):
    def positions(self, top=5, most=3):
        for n in range(most + 1):
            yield from itertools.product(range(top), repeat=n)

    def check_game(self, outcome, winning_move, wins, legal_after, winning_moves=None):
        for heaps in self.positions():
            w = wins(heaps)
            self.assertEqual(outcome(list(heaps)), "N" if w else "P", heaps)
            move = winning_move(heaps)
            if winning_moves is not None:
                want = [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)
                        if not wins(legal_after(heaps, i, k))]
                self.assertEqual(winning_moves(heaps), want, heaps)
            if not w or sum(heaps) == 0:
                self.assertIsNone(move, heaps)
                continue
            after = legal_after(heaps, *single(self, move, len(heaps)))
            self.assertFalse(wins(after), (heaps, move))
            if winning_moves is not None:
                self.assertIn(single(self, move, len(heaps)), winning_moves(heaps))

    @staticmethod
    def take(heaps, i, k):
        assert 0 <= i < len(heaps) and 1 <= k <= heaps[i], (heaps, i, k)
        return heaps[:i] + (heaps[i] - k,) + heaps[i + 1:]

    def test_nim(self):
        self.check_game(grundy.nim_sum_outcome, grundy.nim_sum_winning_move,
                        lambda h: nim_wins(h, False), self.take, grundy.nim_sum_winning_moves)

    def test_misere_nim(self):
        self.check_game(lambda h: grundy.nim_sum_outcome(h, grundy.PLAY_MISERE),
                        lambda h: grundy.nim_sum_winning_move(h, "misere"),
                        lambda h: nim_wins(h, True), self.take,
                        lambda h: grundy.nim_sum_winning_moves(h, grundy.PLAY_MISERE))

    def test_bounded_nim(self):
        for max_take in (1, 2, 3):
            want = heap_values(lambda n: subtraction_options(range(1, max_take + 1), n), 12)
            for heap in range(12):
                self.assertEqual(grundy.bounded_nim_value(heap, max_take), want[heap])
                self.assertEqual(grundy.bounded_nim_value(heap, max_take, grundy.PLAY_NORMAL),
                                 want[heap])

            def take(heaps, i, k):
                self.assertLessEqual(k, max_take)
                return self.take(heaps, i, k)
            self.check_game(lambda h: grundy.bounded_nim_sum_outcome(h, max_take),
                            lambda h: grundy.bounded_nim_sum_winning_move(h, max_take),
                            lambda h: bounded_wins(h, max_take), take)
        self.assertEqual(grundy.bounded_nim_value(12345, (1 << 64) - 1), 12345)

    def test_staircase_nim(self):
        def move(steps, i, c):
            self.assertTrue(1 <= i < len(steps) and 1 <= c <= steps[i], (steps, i, c))
            after = list(steps)
            after[i] -= c
            after[i - 1] += c
            return tuple(after)
        for steps in self.positions(top=4, most=4):
            w = staircase_wins(steps)
            self.assertEqual(grundy.staircase_nim_outcome(steps), "N" if w else "P", steps)
            m = grundy.staircase_nim_winning_move(steps)
            if w:
                self.assertFalse(staircase_wins(move(steps, *single(self, m, len(steps)))),
                                 (steps, m))
            else:
                self.assertIsNone(m, steps)

    def test_known_and_big(self):
        self.assertEqual(grundy.nim_sum_winning_move([3, 8, 15]), [None, None, 4])
        self.assertEqual(grundy.nim_sum_winning_moves([3, 8, 15]), [(2, 4)])
        self.assertEqual(grundy.nim_sum_winning_moves([3, 5, 7]), [(0, 1), (1, 1), (2, 1)])
        self.assertEqual(grundy.nim_sum_winning_moves([1, 2, 4]), [(2, 1)])
        self.assertEqual(grundy.nim_sum_outcome([]), "P")
        self.assertEqual(grundy.nim_sum_outcome([], grundy.PLAY_MISERE), "N")
        self.assertEqual(grundy.nim_sum_outcome([1, 1, 1], "misere"), "P")
        self.assertIsNone(grundy.nim_sum_winning_move([], grundy.PLAY_MISERE))
        self.assertEqual(grundy.nim_sum_winning_moves([], grundy.PLAY_MISERE), [])
        self.assertEqual(grundy.nim_sum_value([]), 0)
        big = (1 << 64) - 1
        self.assertEqual(grundy.nim_sum_outcome([big, big]), "P")
        self.assertEqual(grundy.nim_sum_value([big, 1]), big - 1)
        rng = random.Random(3)
        for _ in range(200):
            vals = [rng.randrange(1 << 64) for _ in range(rng.randrange(0, 6))]
            s = xor_all(vals)
            self.assertEqual(grundy.nim_sum_value(vals), s)
            self.assertEqual(grundy.nim_sum_value(vals, grundy.PLAY_NORMAL), s)
            move = grundy.nim_sum_winning_move(vals)
            every = grundy.nim_sum_winning_moves(vals)
            if s == 0:
                self.assertIsNone(move)
                self.assertEqual(every, [])
            else:
                # The winning target (the 0.1 sum_winning_target): the first
                # component whose value drops to v ^ s.
                i = next(i for i, v in enumerate(vals) if v ^ s < v)
                self.assertEqual(single(self, move, len(vals)), (i, vals[i] - (vals[i] ^ s)))
                self.assertEqual(every, [(j, v - (v ^ s)) for j, v in enumerate(vals)
                                         if v ^ s < v])

    def test_bad_arguments(self):
        with self.assertRaises(ValueError):
            grundy.nim_sum_outcome([1, -1])
        with self.assertRaises(ValueError):
            grundy.nim_sum_value([1 << 64])
        with self.assertRaises(TypeError):
            grundy.nim_sum_winning_move([1.5])
        with self.assertRaises(ValueError):
            grundy.bounded_nim_sum_winning_move([3], 0)
        with self.assertRaises(ValueError):
            grundy.bounded_nim_value(3, 0)
        with self.assertRaises(ValueError):
            grundy.nim_sum_outcome([1], "sideways")
        with self.assertRaises(ValueError):
            grundy.nim_sum_outcome([1], 99)
        with self.assertRaises(ValueError):
            grundy.nim_sum_outcome([1], grundy.PLAY_NORMAL | grundy.BY_SJ)
        with self.assertRaises(TypeError):
            grundy.nim_sum_outcome([1], 1.0)

    def test_plays_without_closed_form(self):
        calls = [lambda: grundy.nim_sum_value([1], grundy.PLAY_MISERE),
                 lambda: grundy.nim_sum_outcome([1], grundy.PLAY_WTIA),
                 lambda: grundy.nim_sum_winning_move([1], grundy.PLAY_CONJUNCTIVE),
                 lambda: grundy.nim_sum_winning_moves([1], grundy.PLAY_LOOPY),
                 lambda: grundy.bounded_nim_value(3, 2, grundy.PLAY_MISERE),
                 lambda: grundy.bounded_nim_sum_outcome([3], 2, grundy.PLAY_WTIA),
                 lambda: grundy.bounded_nim_sum_winning_move([3], 2, "misere"),
                 lambda: grundy.staircase_nim_outcome([0, 1], grundy.PLAY_MISERE),
                 lambda: grundy.staircase_nim_winning_move([0, 1], grundy.PLAY_WTIA),
                 lambda: grundy.nim_levels_value([1], grundy.PLAY_NORMAL),
                 lambda: grundy.nim_levels_sum_outcome([[1]], grundy.PLAY_NORMAL),
                 lambda: grundy.nim_levels_sum_winning_move([[1]], grundy.PLAY_MISERE)]
        for call in calls:
            with self.assertRaises(grundy.NotSupportedError) as cm:
                call()
            self.assertEqual(cm.exception.status, -9)
            self.assertIn("PLAY_", str(cm.exception))

    def test_nim_levels(self):
        # One super-heap: SP with no coins, SC with one non-empty heap.
        self.assertEqual(grundy.nim_levels_value([]), grundy.SP64)
        self.assertEqual(grundy.nim_levels_value([0, 0]), grundy.SP64)
        self.assertEqual(grundy.nim_levels_value([5]), grundy.SC64)
        self.assertEqual(grundy.nim_levels_value([5], grundy.PLAY_WTIA), grundy.SC64)

        @functools.lru_cache(maxsize=None)
        def wins(supers):  # whoever empties a super-heap wins
            for i, s in enumerate(supers):
                top = max((j for j, h in enumerate(s) if h), default=None)
                if top is None:
                    continue
                for t in range(1, s[top] + 1):
                    after = list(s)
                    after[top] -= t
                    if not any(after):
                        return True
                    if not wins(supers[:i] + (tuple(after),) + supers[i + 1:]):
                        return True
            return False
        to32 = {grundy.SP64: grundy.SP, grundy.SC64: grundy.SC}
        rng = random.Random(8)
        for _ in range(150):
            supers = tuple(tuple(rng.randrange(1, 4) for _ in range(rng.randrange(1, 4)))
                           for _ in range(rng.randrange(1, 3)))
            w = wins(supers)
            self.assertEqual(grundy.nim_levels_sum_outcome(supers), "N" if w else "P", supers)
            # The w-numbers decide the sum, as numbers_sum_outcome says.
            ws = [grundy.nim_levels_value(s) for s in supers]
            self.assertEqual(grundy.numbers_sum_outcome([to32.get(x, x) for x in ws],
                                                        grundy.PLAY_WTIA), "N" if w else "P")
            move = grundy.nim_levels_sum_winning_move(supers)
            self.assertEqual(move is not None, w, supers)
            if move is not None:
                i, t = single(self, move, len(supers))
                s = list(supers[i])
                top = max(j for j, h in enumerate(s) if h)
                self.assertTrue(1 <= t <= s[top], (supers, move))
                s[top] -= t
                self.assertTrue(not any(s) or not wins(supers[:i] + (tuple(s),) + supers[i + 1:]),
                                (supers, move))

    def test_numbers_sum_outcome(self):
        self.assertEqual(grundy.numbers_sum_outcome([1, 2, 3]), "P")
        self.assertEqual(grundy.numbers_sum_outcome([1, 2]), "N")
        self.assertEqual(grundy.numbers_sum_outcome([]), "P")
        self.assertEqual(grundy.numbers_sum_outcome([grundy.SC, 5], "wtia"), "N")
        self.assertEqual(grundy.numbers_sum_outcome([grundy.SP, grundy.SC], grundy.PLAY_WTIA), "P")
        self.assertEqual(grundy.numbers_sum_outcome([3, 1], grundy.PLAY_CONJUNCTIVE), "N")
        self.assertEqual(grundy.numbers_sum_outcome([2, 3], "conjunctive"), "P")
        self.assertEqual(grundy.numbers_sum_outcome([2, 3], "remoteness"), "P")
        self.assertEqual(grundy.numbers_sum_outcome([2, 3], grundy.PLAY_CONTINUED), "N")
        self.assertEqual(grundy.numbers_sum_outcome([2, 4], grundy.PLAY_CONTINUED), "P")
        self.assertEqual(grundy.numbers_sum_outcome([0, 0], grundy.PLAY_SELECTIVE), "P")
        self.assertEqual(grundy.numbers_sum_outcome([0, 3], grundy.PLAY_SELECTIVE), "N")
        self.assertEqual(grundy.numbers_sum_outcome([1, 2], grundy.PLAY_SHORTENED), "N")
        self.assertEqual(grundy.numbers_sum_outcome([0, 1], grundy.PLAY_SHORTENED), "P")
        self.assertEqual(grundy.numbers_sum_outcome([2, 4], grundy.PLAY_SHORTENED), "P")
        # The SJ rule: N iff (xor != 0 and some value > 1) or (xor = 0 and none is).
        sj = grundy.PLAY_MISERE | grundy.BY_SJ
        for nums, want in (([1, 1], "N"), ([1], "P"), ([2, 3], "N"), ([2, 2], "P"), ([], "N")):
            self.assertEqual(grundy.numbers_sum_outcome(nums, sj), want, nums)
            self.assertEqual(grundy.numbers_sum_outcome(nums, "anti_sg"), want, nums)
        for play in (grundy.PLAY_MISERE, grundy.PLAY_LOOPY, "tame"):
            with self.assertRaises(grundy.NotSupportedError) as cm:
                grundy.numbers_sum_outcome([1], play)
            self.assertEqual(cm.exception.status, -9)
        with self.assertRaises(ValueError):
            grundy.numbers_sum_outcome([1], "sideways")
        with self.assertRaises(ValueError):
            grundy.numbers_sum_outcome([1 << 32])


# ---------------------------------------------------------------------------
# Graphs


def example_graph():
    """Nodes 0..4: 1->0; 2->0, 2->1; 3->2; 4->{1+2}, 4->0, 4->{}: values
    0, 1, 2, 0, 1."""
    g = grundy.Graph()
    g.add_nodes(5)
    for u, v in ((1, 0), (2, 0), (2, 1), (3, 2)):
        g.add_move(u, v)
    g.add_split(4, [1, 2])
    g.add_move(4, 0)
    g.add_split(4, [])
    return g


def sum_winning_moves_by_values(sg, moves, nodes):
    """Every (component, move) leading a normal-play sum to xor 0."""
    s = xor_all(sg[u] for u in nodes)
    return [(i, k) for i, u in enumerate(nodes) for k, parts in enumerate(moves[u])
            if s ^ sg[u] ^ xor_all(sg[p] for p in parts) == 0]


def compound_kinds():
    """Every 0.1 compound (and the misère methods) -> (the compound
    Dag.compound_wins searches, the 0.2 play that replaces it)."""
    return {"disjunctive": ("disjunctive", grundy.PLAY_NORMAL),
            "misere": ("misere", grundy.PLAY_MISERE),
            "misere_search": ("misere", grundy.PLAY_MISERE | grundy.BY_SEARCH),
            "anti_sg": ("misere", grundy.PLAY_MISERE | grundy.BY_SJ),
            "tame": ("misere", grundy.PLAY_MISERE | grundy.BY_GENUS),
            "wtia": ("wtia", grundy.PLAY_WTIA),
            "conjunctive": ("conjunctive", grundy.PLAY_CONJUNCTIVE),
            "continued": ("continued", grundy.PLAY_CONTINUED),
            "selective": ("selective", grundy.PLAY_SELECTIVE),
            "shortened": ("shortened", grundy.PLAY_SHORTENED)}


class TestGraphBasics(unittest.TestCase):
    def test_example(self):
        with example_graph() as g:
            self.assertEqual(len(g), 5)
            self.assertEqual(g.move_count, 7)
            self.assertIs(g.solve(), g)
            self.assertIs(g.solve(grundy.PLAY_NORMAL), g)
            self.assertEqual(list(g.values()), [0, 1, 2, 0, 1])
            self.assertEqual(list(g.values(grundy.PLAY_NORMAL)), [0, 1, 2, 0, 1])
            self.assertEqual([g.value(u) for u in range(5)], [0, 1, 2, 0, 1])
            self.assertEqual([g.outcome(u) for u in range(5)], ["P", "N", "N", "P", "N"])
            self.assertEqual(g.degree(4), 3)
            self.assertEqual(g.degree(0), 0)
            self.assertEqual(g.moves(4), [(1, 2), (0,), ()])
            self.assertEqual([g.move(4, k) for k in range(3)], [(1, 2), (0,), ()])
            self.assertEqual(g.move(2, 1), (1,))
            # The winning moves of one node (the 0.1 winning_moves(u)).
            self.assertEqual(g.sum_winning_moves([4]), [(0, 1), (0, 2)])
            self.assertEqual(g.sum_winning_moves([3]), [])
            self.assertEqual(g.sum_value([1, 2, 4]), 1 ^ 2 ^ 1)
            self.assertEqual(g.sum_value([]), 0)
            self.assertEqual(g.sum_outcome([1, 2, 4]), "N")
            self.assertEqual(g.sum_outcome([1, 1]), "P")
            self.assertEqual(g.sum_winning_move([1, 2, 4]), [None, 0, None])  # 2 -> 0
            self.assertEqual(g.sum_winning_moves([1, 2, 4]), [(1, 0), (2, 0)])
            self.assertIsNone(g.sum_winning_move([1, 1]))
            self.assertEqual(g.sum_winning_moves([1, 1]), [])
            self.assertIsNone(g.last_method(), "no misère sum asked yet")
            self.assertIn("nodes=5", repr(g))

    def test_queries_solve_and_changes_unsolve(self):
        with grundy.Graph() as g:
            self.assertEqual(g.add_node(), 0)
            self.assertEqual(g.add_node(), 1)
            self.assertEqual(g.add_nodes(3), 2)
            g.add_moves([(1, 0), (2, 1), (3, 2), (4, 3)])
            self.assertEqual(list(g.values()), [0, 1, 0, 1, 0])  # solved on demand
            g.add_move(4, 0)
            self.assertEqual(g.degree(4), 2, "moves added since the solve are counted")
            self.assertEqual(g.move(4, 1), (0,))
            self.assertEqual(list(g.values()), [0, 1, 0, 1, 2])
            self.assertEqual(g.degree(4), 2)
            self.assertEqual(list(grundy.Graph().values()), [])

    def test_parse(self):
        with grundy.Graph.parse("# comment\n3 2\n1 0\t2 1 # end") as g:
            self.assertEqual(list(g.values()), [0, 1, 0])
        with grundy.Graph.parse(b"4 5\n1 0\n2 0\n2 1\n3 0\n3 1\n") as g:
            self.assertEqual(list(g.values()), [0, 1, 2, 2])

    def test_random_graphs_with_splits(self):
        rng = random.Random(4)
        for trial in range(60):
            dag = random_dag(rng, rng.randrange(1, 30), max_moves=4, splits=True)
            with grundy.Graph() as g:
                dag.add_to(g)
                self.assertEqual(list(g.values()), dag.sg, "trial %d" % trial)
                for u in range(dag.n):
                    self.assertEqual(g.degree(u), len(dag.moves[u]))
                    self.assertEqual(g.moves(u), dag.moves[u])
                    want = [k for k, parts in enumerate(dag.moves[u])
                            if xor_all(dag.sg[p] for p in parts) == 0]
                    self.assertEqual(g.sum_winning_moves([u]), [(0, k) for k in want],
                                     "trial %d node %d" % (trial, u))
                    self.assertEqual(g.outcome(u), "N" if want else "P")
                nodes = [rng.randrange(dag.n) for _ in range(rng.randrange(1, 4))]
                s = xor_all(dag.sg[u] for u in nodes)
                self.assertEqual(g.sum_value(nodes), s)
                self.assertEqual(g.sum_outcome(nodes), "N" if s else "P")
                every = g.sum_winning_moves(nodes)
                self.assertEqual(every, sum_winning_moves_by_values(dag.sg, dag.moves, nodes))
                m = g.sum_winning_move(nodes)
                if s == 0:
                    self.assertIsNone(m)
                else:
                    i, k = single(self, m, len(nodes))
                    after = s ^ dag.sg[nodes[i]] ^ xor_all(dag.sg[p] for p in dag.moves[nodes[i]][k])
                    self.assertEqual(after, 0)
                    self.assertIn((i, k), every)

    def test_plays_against_definitions(self):
        rng = random.Random(5)
        plays = (("misere", grundy.PLAY_MISERE), ("wtia", grundy.PLAY_WTIA),
                 ("remoteness", grundy.PLAY_CONJUNCTIVE), ("suspense", grundy.PLAY_CONTINUED))
        for trial in range(60):
            dag = random_dag(rng, rng.randrange(1, 25))
            with grundy.Graph() as g:
                dag.add_to(g)
                for name, play in plays:
                    want = dag.play_numbers(name)
                    self.assertEqual(list(g.values(name)), want, "trial %d %s" % (trial, name))
                    self.assertEqual(list(g.values(play)), want, "trial %d %s" % (trial, name))
                    for u in range(dag.n):
                        w = want[u]
                        if name == "wtia":
                            n = w == grundy.SC or (w != grundy.SP and w != 0)
                        elif name == "misere":
                            n = w != 0
                        else:
                            n = w % 2 == 1
                        self.assertEqual(g.outcome(u, play), "N" if n else "P")
                        self.assertEqual(g.outcome(u, name), "N" if n else "P")
                        self.assertEqual(g.value(u, play), w)
                # Selective play has normal values; shortened, remoteness.
                self.assertEqual(list(g.values(grundy.PLAY_SELECTIVE)), dag.sg)
                self.assertEqual(list(g.values(grundy.PLAY_SHORTENED)), dag.play_numbers("remoteness"))
                # Normal values are still there after other plays.
                self.assertEqual(list(g.values()), dag.sg)

    def test_compounds_against_search(self):
        rng = random.Random(6)
        kinds = compound_kinds()
        one_component = ("disjunctive", "misere", "misere_search", "anti_sg", "tame", "wtia")
        checked = {k: 0 for k in kinds}
        for trial in range(70):
            dag = random_dag(rng, rng.randrange(1, 9))
            memo = {}
            with grundy.Graph() as g:
                dag.add_to(g)
                for _ in range(6):
                    nodes = tuple(rng.randrange(dag.n) for _ in range(rng.randrange(1, 4)))
                    for kind, (search, play) in kinds.items():
                        want = dag.compound_wins(nodes, search, memo)
                        try:
                            got = g.sum_outcome(nodes, play)
                        except grundy.InvalidArgumentError as e:
                            # The SJ theorem or tameness does not apply: the
                            # library says so and names a node.
                            self.assertIn(kind, ("anti_sg", "tame"))
                            self.assertEqual(e.status, -2)
                            self.assertRegex(str(e), r"node \d+")
                            continue
                        self.assertEqual(got, want, "trial %d %s %s" % (trial, kind, nodes))
                        if kind in grundy.PLAYS:  # the 0.1 name of the compound
                            self.assertEqual(g.sum_outcome(nodes, kind), want, kind)
                        if play & ~grundy.BY_MASK == grundy.PLAY_MISERE:
                            method = g.last_method()
                            self.assertIn(method, (grundy.BY_SJ, grundy.BY_GENUS, grundy.BY_SEARCH))
                            if play & grundy.BY_MASK:
                                self.assertEqual(method, play & grundy.BY_MASK, kind)
                        checked[kind] += 1
                        opts = dag.compound_options(nodes, search)
                        if kind in one_component:
                            every = g.sum_winning_moves(nodes, play)
                            wins = [] if opts is None else [
                                (i, k) for i, u in enumerate(nodes) for k, v in enumerate(dag.succ[u])
                                if dag.compound_wins(nodes[:i] + (v,) + nodes[i + 1:], search, memo) == "P"]
                            self.assertEqual(every, wins, "trial %d %s %s" % (trial, kind, nodes))
                        else:
                            with self.assertRaises(grundy.NotSupportedError):
                                g.sum_winning_moves(nodes, play)
                        move = g.sum_winning_move(nodes, play)
                        if want == "P" or opts == []:
                            self.assertIsNone(move, (kind, nodes))
                            continue
                        self.assertEqual(len(move), len(nodes))
                        after = tuple(u if k is None else dag.succ[u][k] for u, k in zip(nodes, move))
                        self.assertIn(after, opts, (kind, nodes, move))
                        self.assertEqual(dag.compound_wins(after, search, memo), "P",
                                         "trial %d %s %s move %s" % (trial, kind, nodes, move))
        for kind, count in checked.items():
            self.assertGreater(count, 10, kind)

    def test_loopy_against_retrograde(self):
        rng = random.Random(7)
        for trial in range(80):
            dag = random_digraph(rng, rng.randrange(1, 8))
            with grundy.Graph() as g:
                dag.add_to(g)
                vals = g.values("loopy")
                self.assertEqual(g.values(grundy.PLAY_LOOPY), vals)
                one = dag.loopy_outcomes(1)
                for u in range(dag.n):
                    self.assertEqual(g.outcome(u, "loopy"), one[(u,)], "trial %d node %d" % (trial, u))
                    self.assertEqual(g.value(u, grundy.PLAY_LOOPY), vals[u])
                    finite = sorted({vals[v] for v in dag.succ[u] if vals[v] != grundy.INF})
                    self.assertEqual(g.loopy_followers(u), finite)
                    k = vals[u]
                    if k != grundy.INF:  # the defining property of a finite value
                        self.assertNotIn(k, finite)
                        self.assertTrue(set(range(k)) <= set(finite))
                        for v in dag.succ[u]:
                            if vals[v] == grundy.INF or vals[v] > k:
                                self.assertIn(k, [vals[w] for w in dag.succ[v]])
                two = dag.loopy_outcomes(2)
                for nodes, want in two.items():
                    self.assertEqual(g.sum_outcome(nodes, grundy.PLAY_LOOPY), want,
                                     "trial %d %s" % (trial, nodes))
                    move = g.sum_winning_move(nodes, grundy.PLAY_LOOPY)
                    every = g.sum_winning_moves(nodes, "loopy")
                    if want == "P":
                        self.assertIsNone(move)
                        self.assertEqual(every, [])
                        continue
                    self.assertIsNotNone(move, (trial, nodes))
                    i, k = single(self, move, 2)
                    after = tuple(u if j != i else dag.succ[u][k] for j, u in enumerate(nodes))
                    self.assertEqual(two[after], "P" if want == "N" else "D", (trial, nodes, move))
                    if want == "N":
                        wins = [(j, m) for j, u in enumerate(nodes) for m, v in enumerate(dag.succ[u])
                                if two[nodes[:j] + (v,) + nodes[j + 1:]] == "P"]
                        self.assertEqual(every, wins, (trial, nodes))

    def test_genus_against_search(self):
        # gamma_n(u) is 0 exactly when u plus n heaps of two is a misère P-position.
        rng = random.Random(9)
        for trial in range(40):
            base = random_dag(rng, rng.randrange(1, 8))
            n = base.n
            moves = [(u, list(p)) for u in range(n) for p in base.moves[u]]
            moves += [(n + 1, [n]), (n + 2, [n + 1]), (n + 2, [n])]  # heaps of 0, 1, 2
            dag = Dag(n + 3, moves)
            memo = {}
            with grundy.Graph() as g:
                dag.add_to(g)
                for u in range(dag.n):
                    terms, tame = g.genus(u)
                    self.assertEqual(len(terms), grundy.GENUS_TERMS)
                    self.assertIsInstance(tame, bool)
                    self.assertEqual(terms[0], dag.play_numbers("misere")[u])
                    for k in range(4):
                        pos = (u,) + (n + 2,) * k
                        p = dag.compound_wins(pos, "misere", memo) == "P"
                        self.assertEqual(terms[k] == 0, p, "trial %d node %d term %d" % (trial, u, k))
                self.assertEqual(g.genus(n + 2), ([2, 0] * 6, True))  # a heap of two: 2^(2 0 2 0 ...)


class TestErrors(unittest.TestCase):
    def test_bad_node(self):
        with example_graph() as g:
            for call in (lambda: g.value(7), lambda: g.outcome(5), lambda: g.add_move(1, 9),
                         lambda: g.add_split(9, [0]), lambda: g.sum_winning_moves([5]),
                         lambda: g.sum_outcome([0, 6], grundy.PLAY_MISERE), lambda: g.degree(-1),
                         lambda: g.move(1, 3), lambda: g.add_moves([(0, 1), (1, 8)]),
                         lambda: g.sum_value([1 << 40]), lambda: g.sum_winning_move([0, 5]),
                         lambda: g.move(5, 0), lambda: g.loopy_followers(5), lambda: g.genus(5)):
                with self.assertRaises(grundy.GrundyError) as cm:
                    call()
                e = cm.exception
                self.assertEqual(e.status, -5)
                self.assertIsInstance(e, grundy.OutOfRangeError)
                self.assertIsInstance(e, IndexError)
                self.assertTrue(str(e).startswith("value out of range: "), str(e))
                self.assertRegex(str(e), r"\d")
            self.assertEqual(g.move_count, 7, "failed adds add nothing")
            with self.assertRaises(grundy.GrundyError) as cm:
                g.add_move(1, 9)
            self.assertIn("node 9", str(cm.exception))
            self.assertIn("n = 5", str(cm.exception))
            with self.assertRaises(grundy.OutOfRangeError) as cm:
                g.move(4, 3)
            self.assertIn("degree 3", str(cm.exception))

    def test_cycle(self):
        rng = random.Random(10)
        for trial in range(40):
            dag = random_digraph(rng, rng.randrange(1, 12))
            cyclic = any(reaches(dag, u, u) for u in range(dag.n))
            with grundy.Graph() as g:
                dag.add_to(g)
                if not cyclic:
                    self.assertEqual(list(g.values()), dag.sg)
                    continue
                for call in (g.solve, g.values, lambda: g.value(0, "misere"),
                             lambda: g.sum_outcome([0], grundy.PLAY_WTIA),
                             lambda: g.sum_value([0]), lambda: g.sum_winning_moves([0])):
                    with self.assertRaises(grundy.CycleError) as cm:
                        call()
                    e = cm.exception
                    self.assertEqual(e.status, -3)
                    self.assertTrue(reaches(dag, e.node, e.node), "trial %d: node %s" % (trial, e.node))
                    self.assertIn("node %d" % e.node, str(e))
                # Moves can still be read, and the loopy play works.
                self.assertEqual(g.degree(0), len(dag.succ[0]))
                self.assertEqual(len(g.values("loopy")), dag.n)

    def test_self_loop(self):
        with grundy.Graph() as g:
            g.add_nodes(2)
            g.add_move(1, 1)
            with self.assertRaises(grundy.CycleError) as cm:
                g.solve()
            self.assertEqual(cm.exception.node, 1)

    def test_parse_errors(self):
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse("2 1\n0 x\n")
        e = cm.exception
        self.assertEqual((e.status, e.line, e.errpos, e.position), (-4, 2, 6, 6))
        self.assertIn("line 2", str(e))
        self.assertTrue(str(e).startswith("parse error: "))
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse("3 2\n0 1\n1 5\n")
        e = cm.exception
        self.assertEqual((e.status, e.line, e.errpos), (-5, 3, 10))
        self.assertIn("line 3", str(e))
        self.assertIsInstance(e, grundy.OutOfRangeError)
        self.assertIsInstance(e, grundy.TextRangeError)
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse(b"2 1\n\xff 0\n")  # bytes, not UTF-8: offsets are bytes
        self.assertEqual((cm.exception.errpos, cm.exception.line), (4, 2))
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse("# h\u00e9ader\n2 1\n1 y\n")  # errpos counts bytes
        self.assertEqual((cm.exception.errpos, cm.exception.line), (16, 3))
        text = "# header\n\n4 3\n1 0\n2 1\n"  # a move short
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse(text)
        self.assertIsNotNone(cm.exception.line)
        self.assertTrue(0 <= cm.exception.errpos <= len(text), cm.exception.errpos)
        self.assertIn("line", str(cm.exception))

    def test_misuse(self):
        g = example_graph()
        g.close()
        g.close()  # idempotent
        with self.assertRaises(ValueError):
            g.values()
        with self.assertRaises(ValueError):
            len(g)
        with self.assertRaises(ValueError):
            g.last_method()
        self.assertIn("closed", repr(g))
        with example_graph() as g:
            with self.assertRaises(ValueError):
                g.solve("sideways")
            with self.assertRaises(ValueError):
                g.sum_outcome([0], "sideways")
            with self.assertRaises(ValueError):
                g.value(0, 99)
            with self.assertRaises(ValueError):
                g.value(0, grundy.PLAY_NORMAL | grundy.BY_SJ)  # a method only with misère
            with self.assertRaises(ValueError):
                g.value(0, grundy.PLAY_MISERE | 0x400)
            with self.assertRaises(TypeError):
                g.value(0, None)
            with self.assertRaises(grundy.InvalidArgumentError) as cm:
                g.values("misere")  # node 4 has a split move
            self.assertEqual(cm.exception.status, -2)
            self.assertIn("node 4", str(cm.exception))
            for play in (grundy.PLAY_MISERE, grundy.PLAY_WTIA, grundy.PLAY_LOOPY):
                with self.assertRaises(grundy.NotSupportedError) as cm:
                    g.sum_value([1, 2], play)  # sums of other plays have no number
                self.assertEqual(cm.exception.status, -9)
            with self.assertRaises(grundy.NotSupportedError):
                g.sum_winning_moves([1, 2], grundy.PLAY_CONJUNCTIVE)
            with self.assertRaises(TypeError):
                g.value("1")
            with self.assertRaises(ValueError):
                g.add_nodes(-1)
            with self.assertRaises(ValueError):
                g.move(1, -1)
            with self.assertRaises(grundy.LimitError) as cm:
                g.add_nodes(grundy.NODE_MAX)
            self.assertEqual(cm.exception.status, -6)
            self.assertEqual(len(g), 5)

    def test_error_classes(self):
        for status, cls in ((-1, MemoryError), (-2, ValueError), (-3, grundy.CycleError),
                            (-4, ValueError), (-5, IndexError), (-6, grundy.LimitError),
                            (-7, grundy.StateError), (-8, grundy.CanceledError),
                            (-9, grundy.NotSupportedError)):
            e = grundy._error(status, "detail")
            self.assertIsInstance(e, grundy.GrundyError)
            self.assertIsInstance(e, cls)
            self.assertEqual(e.status, status)
            self.assertEqual(str(e), grundy.strerror(status) + ": detail")
            self.assertIsNone(e.errpos)
        with self.assertRaises(grundy.CycleError) as cm:
            grundy.Graph.parse("2 2\n0 1\n1 0\n").solve()
        copy = pickle.loads(pickle.dumps(cm.exception))
        self.assertEqual((type(copy), copy.status, copy.node, str(copy)),
                         (grundy.CycleError, -3, cm.exception.node, str(cm.exception)))
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.Graph.parse("2 1\n0 x\n")
        copy = pickle.loads(pickle.dumps(cm.exception))
        self.assertEqual((type(copy), copy.errpos, copy.line, str(copy)),
                         (grundy.ParseError, 6, 2, str(cm.exception)))


class TestMemory(unittest.TestCase):
    """Handles are freed by the library's own functions, exactly once."""

    def counting(self, name):
        lib = grundy._lib
        real = getattr(lib, name)
        calls = []

        def wrapper(h):
            calls.append(h)
            return real(h)
        setattr(lib, name, wrapper)
        self.addCleanup(setattr, lib, name, real)
        return calls

    def test_graphs_freed_once(self):
        frees = self.counting("grundy_graph_free")
        for i in range(300):
            with example_graph() as g:
                g.solve()
        for i in range(300):
            g = example_graph()
            g.close()
            g.close()
        for i in range(300):
            g = example_graph()
            g.values()
            del g  # freed by __del__
        gc.collect()
        self.assertEqual(len(frees), 900)
        try:  # a failed parse frees its graph too
            grundy.Graph.parse("1 1\n0 7\n")
        except grundy.GrundyError:
            pass
        self.assertEqual(len(frees), 901)

    def test_other_handles_freed(self):
        heap_frees = self.counting("grundy_heap_game_free")
        game_frees = self.counting("grundy_game_free")
        for _ in range(50):
            with grundy.HeapGame("0.77") as h:
                h.values(30)
            grundy.HeapGame.subtraction([1, 2]).values(10)
            with grundy.Game(lambda n: [n - 1] if n else []) as game:
                game.value(50)
            grundy.Game(lambda n: [n - 1] if n else []).value(5)
        gc.collect()
        self.assertEqual(len(heap_frees), 100)
        self.assertEqual(len(game_frees), 100)
        # A name that does not parse, or a bad subtraction set, frees the
        # game it was given to.
        for bad in (lambda: grundy.HeapGame("0.9z"), lambda: grundy.HeapGame.subtraction([0]),
                    lambda: grundy.HeapGame("grundy", threads=-1)):
            with self.assertRaises((grundy.GrundyError, ValueError)):
                bad()
        gc.collect()
        self.assertEqual(len(heap_frees), 103)

    def test_no_growth(self):
        statm = "/proc/self/statm"
        if not os.path.exists(statm):
            self.skipTest("no /proc/self/statm")
        page = os.sysconf("SC_PAGE_SIZE")

        def rss():
            with open(statm) as f:
                return int(f.read().split()[1]) * page
        n = 200000
        text = "%d %d\n" % (n, n - 1) + "".join("%d %d\n" % (u + 1, u) for u in range(n - 1))
        for i in range(40):
            if i == 5:
                gc.collect()
                start = rss()
            with grundy.Graph.parse(text) as g:
                self.assertEqual(g.value(n - 1), (n - 1) % 2)
                g.values("remoteness")
            with grundy.HeapGame("0.137") as h:
                h.compute(5000)
        gc.collect()
        grown = rss() - start
        self.assertLess(grown, 40 << 20, "35 solves of %d nodes grew RSS by %d bytes" % (n, grown))


# ---------------------------------------------------------------------------
# Heap games


class TestHeapGames(unittest.TestCase):
    CODES = {  # name -> digits d0, d1, ...
        "0.77": [0, 7, 7], "0.07": [0, 0, 7], "0.137": [0, 1, 3, 7], ".6": [0, 6],
        "4.07": [4, 0, 7], "0.31": [0, 3, 1], "0.F": [0, 15], "0.3F": [0, 3, 15],
        "0.4": [0, 4], "0.0F": [0, 0, 15],
    }

    def test_octal_and_hex_values(self):
        for name, digits in self.CODES.items():
            count = 60 if any(d & 8 for d in digits) else 200
            want = heap_values(lambda n: octal_options(digits, n), count)
            with grundy.HeapGame(name) as h:
                self.assertEqual(list(h.values(count)), want, name)
                self.assertEqual(h.value(count - 1), want[-1])
                self.assertEqual(h.value(count - 1, grundy.PLAY_NORMAL), want[-1])
                self.assertEqual([h.outcome(n) for n in range(count)],
                                 ["N" if v else "P" for v in want], name)
            with grundy.HeapGame(name) as h:  # a range, in one call, from a fresh game
                self.assertEqual(list(h.values(10, count - 10)), want[10:], name)
                self.assertEqual(list(h.values(count - 5, 5, grundy.PLAY_NORMAL)), want[-5:], name)
                self.assertEqual(list(h.values(3, 0)), [])
                self.assertEqual(list(h.values(0)), [])

    def test_threads_give_the_same_values(self):
        count = 3000
        for name in ("grundy", "0.6", "0.137"):
            one = grundy.HeapGame(name, period_detection=False).values(count)
            two = grundy.HeapGame(name, period_detection=False, threads=2).values(count)
            self.assertEqual(one, two, name)
            with grundy.HeapGame(name) as h:  # the experimental switches as methods
                h.set_period_detection(False)
                h.set_sparse(False)
                h.set_threads(2)
                self.assertEqual(h.values(count), one, name)
        self.assertEqual(list(grundy.HeapGame.subtraction([1, 3], threads=2).values(50)),
                         heap_values(lambda n: subtraction_options([1, 3], n), 50))
        self.assertEqual(list(grundy.HeapGame("0.137", sparse=False).values(count)),
                         list(grundy.HeapGame("0.137").values(count)))
        with self.assertRaises(ValueError):
            grundy.HeapGame("grundy", threads=-1)
        with self.assertRaises(TypeError):
            grundy.HeapGame("grundy", threads="2")
        with self.assertRaises(ValueError):
            grundy.HeapGame("grundy").set_threads(1 << 32)

    def test_arithmetic_periods(self):
        # All-but games: proved, and every value up to well past the proof
        # agrees with the rules.
        for excluded in ([2, 3, 7], [1], [1, 2, 3, 4], [2, 5, 10, 12]):
            name = "allbut:" + ",".join(map(str, excluded))
            want = heap_values(lambda n: [(n - r,) for r in range(1, n + 1) if r not in excluded],
                               600)
            with grundy.HeapGame(name) as h:
                p, n0, s, proved = h.arithmetic_period()
                self.assertTrue(proved, name)
                self.assertGreater(s, 0)
                self.assertEqual(list(h.values(600)), want, name)
                self.assertTrue(all(want[n + p] == want[n] + s for n in range(n0, 600 - p)))
                far = 10 ** 18 + 7
                self.assertEqual(h.value(far), h.value(n0 + (far - n0) % p) + (far - n0) // p * s)
        with grundy.HeapGame("lasker") as h:
            self.assertEqual(h.arithmetic_period(), (4, 1, 4, True))
            self.assertIsNone(h.period())
            self.assertEqual(h.value(2 ** 63), 2 ** 63 - 1)
        self.assertEqual(grundy.HeapGame("0.3F").arithmetic_period(240), (6, 0, 3, False))
        self.assertEqual(grundy.HeapGame("0.77").arithmetic_period(2000), (12, 71, 0, True))
        self.assertIsNone(grundy.HeapGame("grundy").arithmetic_period(2000))
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.HeapGame("allbut:1,,2")
        self.assertEqual(cm.exception.errpos, 9)
        with grundy.HeapGame("grundy") as h:
            h.set_memory_limit(4096)
            with self.assertRaises(grundy.LimitError):
                h.value(10 ** 6)
            self.assertEqual(h.computed, 0)

    def test_sums_past_2_32(self):
        # Lasker's Nim by its closed form, here: sums of heaps below 2**64
        # have values, outcomes and winning moves past 2**32 (issue 27, D9).
        def lasker(n):
            return n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else max(n - 1, 0)
        rng = random.Random(27)
        with grundy.HeapGame("lasker") as h:
            self.assertEqual(h.sum_winning_move([2 ** 63]), [2 ** 63 - 1])  # take it all
            for _ in range(40):
                heaps = [rng.choice((rng.randrange(2000), rng.randrange(2 ** 62),
                                     2 ** 32 + rng.randrange(-9, 9))) for _ in range(3)]
                x = functools.reduce(lambda a, b: a ^ b, map(lasker, heaps))
                self.assertEqual(h.sum_value(heaps), x)
                self.assertEqual(h.sum_outcome(heaps), "N" if x else "P")
                moves = h.sum_winning_move(heaps)
                self.assertEqual(moves is None, x == 0)
                for i, k in enumerate(moves or []):
                    if k is not None:
                        left = heaps[:i] + list(h.move(heaps[i], k)) + heaps[i + 1:]
                        self.assertEqual(functools.reduce(lambda a, b: a ^ b,
                                                          map(lasker, left), 0), 0)
            with self.assertRaises(grundy.OutOfRangeError):
                h.sum_value([2 ** 64 - 1])  # worth 2**64

    def test_named_and_subtraction_games(self):
        count = 120
        self.assertEqual(list(grundy.HeapGame("grundy").values(count)),
                         heap_values(grundy_game_options, count))
        self.assertEqual(list(grundy.HeapGame("lasker").values(count)),
                         heap_values(lasker_options, count))
        rng = random.Random(11)
        for _ in range(20):
            takes = sorted(rng.sample(range(1, 12), rng.randrange(1, 4)))
            want = heap_values(lambda n: subtraction_options(takes, n), 300)
            by_name = grundy.HeapGame("sub:" + ",".join(map(str, takes)))
            by_set = grundy.HeapGame.subtraction(takes)
            self.assertEqual(list(by_name.values(300)), want, takes)
            self.assertEqual(list(by_set.values(300)), want, takes)
            self.assertEqual(list(by_set.values(100, 200)), want[100:], takes)
            self.assertEqual(by_set.name, "sub:" + ",".join(map(str, takes)))

    def check_period(self, name, options, want=None):
        h = grundy.HeapGame(name)
        got = h.period(20000)
        if want is not None:
            self.assertEqual(got, want, name)
        p, n0 = got
        count = n0 + 6 * p + 200
        g = heap_values(options, count)
        for n in range(n0, count - p):
            self.assertEqual(g[n + p], g[n], "%s: G(%d) vs G(%d)" % (name, n + p, n))
        if n0 > 0:  # the least preperiod
            self.assertNotEqual(g[n0 - 1 + p], g[n0 - 1], name)
        for q in range(1, p):  # the least period
            self.assertTrue(any(g[n + q] != g[n] for n in range(n0, count - q)), (name, q))
        # Past the period every value comes from it.
        for big in (10 ** 6, 10 ** 12 + 7, (1 << 64) - 1):
            self.assertEqual(h.value(big), g[n0 + (big - n0) % p])
            self.assertEqual(h.outcome(big), "N" if g[n0 + (big - n0) % p] else "P")
        far = 10 ** 15
        self.assertEqual(list(h.values(far, 3 * p)), [g[n0 + (x - n0) % p] for x in range(far, far + 3 * p)])
        top = (1 << 64) - 2
        self.assertEqual(list(h.values(top, 2)), [g[n0 + (x - n0) % p] for x in (top, top + 1)])
        self.assertEqual(h.sum_value([far, far + 1, 5]),
                         g[n0 + (far - n0) % p] ^ g[n0 + (far + 1 - n0) % p] ^ g[5])
        self.assertLess(h.computed, 20000, "the computation stopped once the period was proved")

    def test_periods(self):
        self.check_period("0.77", lambda n: octal_options([0, 7, 7], n), (12, 71))
        self.check_period("0.07", lambda n: octal_options([0, 0, 7], n), (34, 53))
        self.check_period("sub:1,2,5", lambda n: subtraction_options([1, 2, 5], n), (3, 0))
        self.check_period("0.137", lambda n: octal_options([0, 1, 3, 7], n))
        self.assertIsNone(grundy.HeapGame("grundy").period(500), "no theorem: no claim")
        with self.assertRaises(ValueError):
            grundy.HeapGame("0.77").values((1 << 64) - 1, 2)  # past the last heap size

    def test_sums_and_winning_moves(self):
        rng = random.Random(12)
        games = [("0.77", lambda n: octal_options([0, 7, 7], n)),
                 ("0.3F", lambda n: octal_options([0, 3, 15], n)),
                 ("4.07", lambda n: octal_options([4, 0, 7], n)),
                 ("grundy", grundy_game_options),
                 ("lasker", lasker_options),
                 ("sub:2,3", lambda n: subtraction_options([2, 3], n))]
        for name, options in games:
            g = heap_values(options, 40)
            with grundy.HeapGame(name) as h:
                # The moves of a heap, in the documented order.
                for n in range(40):
                    self.assertEqual(h.degree(n), len(options(n)), (name, n))
                    self.assertEqual([h.move(n, k) for k in range(len(options(n)))],
                                     [tuple(sorted(o)) for o in options(n)], (name, n))
                for _ in range(300):
                    heaps = [rng.randrange(40) for _ in range(rng.randrange(0, 4))]
                    s = xor_all(g[x] for x in heaps)
                    self.assertEqual(h.sum_value(heaps), s)
                    self.assertEqual(h.sum_outcome(heaps), "N" if s else "P")
                    every = h.sum_winning_moves(heaps)
                    self.assertEqual(every, sum_winning_moves_by_values(
                        g, {x: options(x) for x in heaps}, heaps), (name, heaps))
                    move = h.sum_winning_move(heaps)
                    if s == 0:
                        self.assertIsNone(move)
                        continue
                    i, k = single(self, move, len(heaps))
                    self.assertIn((i, k), every)
                    left = h.move(heaps[i], k)
                    self.assertIn(tuple(sorted(left)), [tuple(sorted(o)) for o in options(heaps[i])],
                                  (name, heaps, move))
                    self.assertEqual(s ^ g[heaps[i]] ^ xor_all(g[x] for x in left), 0)

    def test_bad_names(self):
        with self.assertRaises(grundy.ParseError) as cm:
            grundy.HeapGame("0.9z")
        e = cm.exception
        self.assertEqual((e.status, e.errpos, e.position), (-4, 3, 3))
        self.assertIsNone(e.line)
        self.assertIn("'z'", str(e))
        self.assertIn("0.9z", str(e))
        for bad in ("", "sub:", "sub:0", "kayles", "0.7.7", "sub:1,,2"):
            with self.assertRaises(grundy.GrundyError, msg=bad) as cm:
                grundy.HeapGame(bad)
            e = cm.exception
            self.assertIsInstance(e, grundy.ParseError, bad)
            self.assertIsNotNone(e.errpos, bad)
            self.assertTrue(0 <= e.errpos <= len(bad), (bad, e.errpos))
            self.assertNotEqual(e.detail, "game %r: " % bad, "the library says why")
        with self.assertRaises(grundy.LimitError) as cm:
            grundy.HeapGame("0." + "7" * 4096)  # 4095 digits after the point at most
        self.assertEqual((cm.exception.status, cm.exception.errpos), (-6, 2 + 4095))
        with self.assertRaises(grundy.LimitError) as cm:
            grundy.HeapGame("sub:1,%d" % (1 << 32))  # amounts are 2^32 - 1 at most
        self.assertEqual((cm.exception.status, cm.exception.errpos), (-6, 6))
        with self.assertRaises(grundy.GrundyError):
            grundy.HeapGame.subtraction([])
        with self.assertRaises(grundy.GrundyError):
            grundy.HeapGame.subtraction([2, 0])
        with self.assertRaises(ValueError):
            grundy.HeapGame.subtraction([-1])
        with self.assertRaises(ValueError):
            grundy.HeapGame("0.7\x007")
        with self.assertRaises(TypeError):
            grundy.HeapGame(b"0.77")
        with self.assertRaises(ValueError):
            grundy.HeapGame("0.77").value(-1)

    def test_misere(self):
        kayles = [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0]
        with grundy.HeapGame("0.77") as h:
            self.assertEqual(list(h.values(21, play="misere")), kayles)
            self.assertEqual(h.last_method(), grundy.BY_SEARCH)
            self.assertEqual(h.outcome(4, grundy.PLAY_MISERE), "P")
            moves = h.sum_winning_move([3, 4, 5], grundy.PLAY_MISERE)
            [(i, k)] = [(i, k) for i, k in enumerate(moves) if k is not None]
            left = [x for j, x in enumerate([3, 4, 5]) if j != i] + list(h.move([3, 4, 5][i], k))
            self.assertEqual(h.sum_outcome(left, grundy.PLAY_MISERE), "P")
            terms, tame = h.genus(5)
            self.assertEqual((terms[:4], tame), ([1, 4, 6, 4], False))
            self.assertTrue(h.tame(4))
            self.assertFalse(h.tame(5))
            with self.assertRaises(grundy.InvalidArgumentError):
                h.sum_value([3, 5], grundy.PLAY_MISERE | grundy.BY_GENUS)
            h.set_search_limit(50)
            with self.assertRaises(grundy.LimitError) as cm:
                h.value(40, grundy.PLAY_MISERE)
            self.assertIn("limit", str(cm.exception))

    def test_errors(self):
        with grundy.HeapGame("0.77") as h:
            for call in (lambda: h.value(5, grundy.PLAY_WTIA), lambda: h.outcome(5, "wtia"),
                         lambda: h.values(5, play=grundy.PLAY_CONJUNCTIVE),
                         lambda: h.sum_value([1, 2], grundy.PLAY_CONTINUED),
                         lambda: h.sum_outcome([1, 2], "selective"),
                         lambda: h.sum_winning_move([1, 2], grundy.PLAY_LOOPY),
                         lambda: h.sum_winning_moves([1, 2], grundy.PLAY_SELECTIVE)):
                with self.assertRaises(grundy.NotSupportedError) as cm:
                    call()
                self.assertEqual(cm.exception.status, -9)
            with self.assertRaises(grundy.OutOfRangeError) as cm:
                h.move(5, h.degree(5))
            self.assertEqual(cm.exception.status, -5)
            self.assertIn("no move", str(cm.exception))
            with self.assertRaises(ValueError):
                h.move(5, -1)
            with self.assertRaises(ValueError):
                h.sum_outcome([3, -1])
            with self.assertRaises(ValueError):
                h.value(3, "sideways")
        self.assertIn("closed", repr(h))
        with self.assertRaises(ValueError):
            h.value(3)
        with self.assertRaises(ValueError):
            h.set_threads(2)


# ---------------------------------------------------------------------------
# Misère quotients


def kayles_options(h):
    """The heaps a Kayles heap of h leaves: remove 1 or 2 adjacent pins."""
    for r in (1, 2):
        for a in range(0, h - r + 1):
            b = h - r - a
            if a <= b:
                yield tuple(x for x in (a, b) if x)


@functools.lru_cache(maxsize=None)
def misere_kayles_p(heaps):
    """Whether a sorted tuple of Kayles heaps is a misère P-position."""
    moved = False
    for i, h in enumerate(heaps):
        if i and heaps[i - 1] == h:
            continue
        rest = heaps[:i] + heaps[i + 1:]
        for parts in kayles_options(h):
            moved = True
            if misere_kayles_p(tuple(sorted(rest + parts))):
                return False
    return moved


class TestQuotient(unittest.TestCase):
    def test_kayles(self):
        with grundy.HeapGame("0.77") as h, h.quotient() as q:
            self.assertEqual(q.solved, (12, 71))
            self.assertEqual((q.order, len(q.p_portion), q.tame), (40, 9, False))
            self.assertEqual(q.generators, [1, 2, 5, 9, 12, 25, 27])
            self.assertTrue(q.presentation.startswith("a^2 = 1, b^3 = b"))
            self.assertEqual(len(q.relations), q.presentation.count("="))
            self.assertEqual([q.element_name(q.phi(n)) for n in range(4)], ["1", "a", "b", "ab"])
            self.assertEqual(q.word(q.phi(3))[:2], (1, 1))
            self.assertEqual(q.multiply(q.phi(1), q.phi(1)), 0)
            self.assertEqual(q.phi(10**12 + 3), q.phi(10**12 + 3 - 12 * 10**10))
            # Every sum of total at most 14 against the brute force.
            for total in range(15):
                for heaps in partitions(total):
                    want = "P" if misere_kayles_p(tuple(sorted(heaps))) else "N"
                    self.assertEqual(q.outcome(heaps), want, heaps)
                    move = q.winning_move(heaps)
                    # The empty sum is N with no move: the player to move has won.
                    self.assertEqual(move is None, want == "P" or not heaps, heaps)
                    if move is not None:
                        [(i, k)] = [(i, k) for i, k in enumerate(move) if k is not None]
                        left = heaps[:i] + heaps[i + 1:] + list(h.move(heaps[i], k))
                        self.assertTrue(misere_kayles_p(tuple(sorted(x for x in left if x))))

    def test_unsolved_save_resume(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "q")
            with grundy.HeapGame("0.07") as h:
                q = h.quotient(20)
                self.assertIsNone(q.solved)
                self.assertEqual((q.heaps, q.order, len(q.p_portion)), (21, 24, 5))
                with self.assertRaises(grundy.OutOfRangeError):
                    q.phi(21)
                q.save(path)
                q.close()
                with grundy.Quotient(h) as r:
                    r.resume(path)
                    self.assertEqual((r.heaps, r.order), (21, 24))
                    r.compute(22)
                    self.assertEqual(r.heaps, 23)
            with open(path, "r+b") as f:
                f.seek(40)
                f.write(b"\xff\xff\xff")
            with grundy.HeapGame("0.07") as h, grundy.Quotient(h) as r:
                with self.assertRaises(grundy.ParseError):
                    r.resume(path)
                self.assertEqual(r.heaps, 1)

    def test_errors(self):
        with self.assertRaises(TypeError):
            grundy.Quotient("0.77")
        with grundy.HeapGame("0.75") as h, grundy.Quotient(h) as q:
            with self.assertRaises(grundy.OutOfRangeError):
                q.is_p(q.order)
            with self.assertRaises(ValueError):
                q.compute(-1)
        self.assertIn("closed", repr(q))
        with self.assertRaises(ValueError):
            q.order


def partitions(total, largest=None):
    """Every multiset of positive heaps summing to total, as lists."""
    if largest is None:
        largest = total
    if total == 0:
        yield []
        return
    for h in range(min(total, largest), 0, -1):
        for rest in partitions(total - h, h):
            yield [h] + rest


# ---------------------------------------------------------------------------
# Nimbers


class TestNimbers(unittest.TestCase):
    def test_small_products_by_definition(self):
        table = brute_nim_mul()
        for (a, b), want in table.items():
            self.assertEqual(grundy.nim_mul(a, b), want, (a, b))

    def test_field(self):
        rng = random.Random(13)
        for _ in range(300):
            a, b, c = (rng.randrange(1 << rng.choice((8, 32, 64))) for _ in range(3))
            mul = grundy.nim_mul
            self.assertEqual(mul(a, b), mul(b, a))
            self.assertEqual(mul(mul(a, b), c), mul(a, mul(b, c)))
            self.assertEqual(mul(a, b ^ c), mul(a, b) ^ mul(a, c))
            self.assertEqual(mul(a, 1), a)
            if a:
                self.assertEqual(mul(a, grundy.nim_inv(a)), 1)
            e = rng.randrange(20)
            p = 1
            for _ in range(e):
                p = mul(p, a)
            self.assertEqual(grundy.nim_pow(a, e), p)

    def test_inverse_of_zero(self):
        with self.assertRaises(grundy.GrundyError) as cm:
            grundy.nim_inv(0)
        self.assertEqual(cm.exception.status, -5)
        with self.assertRaises(ValueError):
            grundy.nim_mul(-1, 2)


# ---------------------------------------------------------------------------
# Games given by a Python move generator


class TestGame(unittest.TestCase):
    def test_subtraction_game(self):
        takes = (1, 3, 4)
        want = heap_values(lambda n: subtraction_options(takes, n), 500)
        game = grundy.Game(lambda n: [n - t for t in takes if t <= n])
        gc.collect()  # the callback must survive: the game keeps it
        self.assertEqual(game.value(1000), 2)  # 1000 mod 7 = 6
        self.assertEqual(game.value(1000, grundy.PLAY_NORMAL), 2)
        for n in range(500):
            self.assertEqual(game.value(n), want[n])
            self.assertEqual(game.outcome(n), "N" if want[n] else "P")
        positions, nbytes = game.stats()
        self.assertGreaterEqual(positions, 1001)
        self.assertGreater(nbytes, 0)
        moves = {h: [(h - t,) if t < h else (0,) for t in takes if t <= h]
                 for h in range(1001)}
        for heaps in ([5, 6], [7, 14], [3, 4, 8], [1000], [], [2, 2, 9]):
            s = xor_all(want[h] if h < 500 else game.value(h) for h in heaps)
            self.assertEqual(game.sum_value(heaps), s)
            self.assertEqual(game.sum_outcome(heaps), "N" if s else "P")
            g = {h: want[h] if h < 500 else game.value(h) for h in range(1001)}
            self.assertEqual(game.sum_winning_moves(heaps),
                             sum_winning_moves_by_values(g, moves, heaps), heaps)
            move = game.sum_winning_move(heaps)
            if s == 0:
                self.assertIsNone(move)
            else:
                i, k = single(self, move, len(heaps))
                parts = game.move(heaps[i], k)
                self.assertEqual(len(parts), 1)
                self.assertIn(heaps[i] - parts[0], takes)
                self.assertEqual(game.sum_value(heaps[:i] + list(parts) + heaps[i + 1:]), 0)
        self.assertEqual(game.sum_winning_move([1000]), [2])  # the third option, 996
        self.assertEqual(game.move(1000, 2), (996,))
        self.assertEqual(game.degree(1000), 3)
        self.assertEqual(game.degree(0), 0)
        self.assertEqual([game.move(3, k) for k in range(game.degree(3))], [(2,), (0,)])
        game.close()

    def test_splits_and_misere(self):
        def lasker(n):
            yield from (n - k for k in range(1, n + 1))
            yield from ((a, n - a) for a in range(1, n // 2 + 1))
        with grundy.Game(lasker) as game:
            self.assertEqual([game.value(n) for n in range(60)], heap_values(lasker_options, 60))
            move = game.sum_winning_move([6, 3])  # G = 5 and 4
            self.assertEqual(single(self, move, 2)[0], 0)
            self.assertEqual(game.degree(6), 6 + 3)
            self.assertEqual(game.move(6, 6), (1, 5))
            self.assertEqual(game.move(6, 5), (0,))
        finished = grundy.Game(lambda n: [()] if n else [])  # any move ends the game
        self.assertEqual((finished.value(0), finished.value(5)), (0, 1))
        self.assertEqual(finished.move(5, 0), ())
        takes = (1, 2)
        dag = Dag(40, [(n, [n - t]) for n in range(40) for t in takes if t <= n])
        # Every play on one game, each with its own memo table.
        with grundy.Game(lambda n: [n - t for t in takes if t <= n]) as game:
            self.assertEqual([game.value(n, "misere") for n in range(40)], dag.play_numbers("misere"))
            self.assertEqual([game.value(n, grundy.PLAY_MISERE) for n in range(40)],
                             dag.play_numbers("misere"))
            self.assertEqual([game.value(n, "remoteness") for n in range(40)],
                             dag.play_numbers("remoteness"))
            self.assertEqual([game.value(n, grundy.PLAY_CONJUNCTIVE) for n in range(40)],
                             dag.play_numbers("remoteness"))
            self.assertEqual([game.value(n, grundy.PLAY_CONTINUED) for n in range(40)],
                             dag.play_numbers("suspense"))
            self.assertEqual([game.value(n, grundy.PLAY_WTIA) for n in range(40)],
                             dag.play_numbers("wtia"))
            self.assertEqual([game.value(n) for n in range(40)], dag.sg)
            self.assertEqual([game.outcome(n, grundy.PLAY_MISERE) for n in range(40)],
                             ["N" if v else "P" for v in dag.play_numbers("misere")])

    def test_search_limit(self):
        # A misère sum of Kayles rows by rules, searched (its moves split):
        # past the search limit LimitError names it; then raised again.
        with grundy.Game(lambda h: list(kayles_options(h))) as game:
            game.set_search_limit(1000)
            with self.assertRaises(grundy.LimitError) as cm:
                game.sum_outcome([20, 20], grundy.PLAY_MISERE)
            self.assertIn("more than 1000 sums", str(cm.exception))
            self.assertIn("grundy_game_set_search_limit", str(cm.exception))
            game.set_search_limit(0)  # the default, 2**25
            for heaps in ([7, 5], [6, 6], [9, 4], [8, 1]):
                self.assertEqual(game.sum_outcome(heaps, grundy.PLAY_MISERE),
                                 "P" if misere_kayles_p(tuple(sorted(heaps))) else "N")
            with self.assertRaises(ValueError):
                game.set_search_limit(-1)

    def test_sums_under_every_play(self):
        # A small game, against the graph search of Dag: positions are nodes.
        rng = random.Random(14)
        kinds = compound_kinds()
        one_component = ("disjunctive", "misere", "misere_search", "anti_sg", "tame", "wtia")
        seen_methods = set()
        for trial in range(25):
            dag = random_dag(rng, rng.randrange(1, 9))
            memo = {}
            game = grundy.Game(lambda u, dag=dag: dag.succ[u])
            for _ in range(4):
                nodes = tuple(rng.randrange(dag.n) for _ in range(rng.randrange(1, 4)))
                self.assertEqual(game.sum_value(nodes), xor_all(dag.sg[u] for u in nodes))
                for kind, (search, play) in kinds.items():
                    want = dag.compound_wins(nodes, search, memo)
                    try:
                        got = game.sum_outcome(nodes, play)
                    except grundy.InvalidArgumentError:
                        self.assertIn(kind, ("anti_sg", "tame"))
                        continue
                    self.assertEqual(got, want, "trial %d %s %s" % (trial, kind, nodes))
                    if play & ~grundy.BY_MASK == grundy.PLAY_MISERE:
                        method = game.last_method()
                        seen_methods.add(method)
                        self.assertIn(method, (grundy.BY_SJ, grundy.BY_GENUS, grundy.BY_SEARCH))
                        if play & grundy.BY_MASK:
                            self.assertEqual(method, play & grundy.BY_MASK)
                    opts = dag.compound_options(nodes, search)
                    if kind in one_component:
                        wins = [] if opts is None else [
                            (i, k) for i, u in enumerate(nodes) for k, v in enumerate(dag.succ[u])
                            if dag.compound_wins(nodes[:i] + (v,) + nodes[i + 1:], search, memo) == "P"]
                        self.assertEqual(game.sum_winning_moves(nodes, play), wins,
                                         "trial %d %s %s" % (trial, kind, nodes))
                    move = game.sum_winning_move(nodes, play)
                    if want == "P" or opts == []:
                        self.assertIsNone(move, (kind, nodes))
                        continue
                    after = tuple(u if k is None else game.move(u, k)[0] for u, k in zip(nodes, move))
                    self.assertIn(after, opts, (kind, nodes, move))
                    self.assertEqual(dag.compound_wins(after, search, memo), "P", (kind, nodes, move))
            game.close()
        self.assertIn(grundy.BY_SEARCH, seen_methods)

    def test_loopy_play(self):
        rng = random.Random(15)
        for trial in range(30):
            dag = random_digraph(rng, rng.randrange(1, 7))
            with grundy.Game(lambda u, dag=dag: dag.succ[u]) as game, grundy.Graph() as g:
                dag.add_to(g)
                one, two = dag.loopy_outcomes(1), dag.loopy_outcomes(2)
                for u in range(dag.n):
                    self.assertEqual(game.value(u, grundy.PLAY_LOOPY), g.value(u, "loopy"))
                    self.assertEqual(game.outcome(u, "loopy"), one[(u,)], (trial, u))
                for nodes, want in two.items():
                    self.assertEqual(game.sum_outcome(nodes, grundy.PLAY_LOOPY), want, (trial, nodes))
                    move = game.sum_winning_move(nodes, grundy.PLAY_LOOPY)
                    if want == "P":
                        self.assertIsNone(move)
                        continue
                    i, k = single(self, move, 2)
                    after = tuple(u if j != i else game.move(u, k)[0] for j, u in enumerate(nodes))
                    self.assertEqual(two[after], "P" if want == "N" else "D", (trial, nodes, move))
                cyclic = any(reaches(dag, u, u) for u in range(dag.n))
                if cyclic:
                    with self.assertRaises(grundy.CycleError):
                        for u in range(dag.n):
                            game.value(u)

    def test_mixed_options_keep_their_order(self):
        # Single positions and splits alternate; the single ones go to the
        # library in runs, the splits one at a time, in the generator's order:
        # move k is the generator's k-th option, and the winning move found
        # is the first winning option in that order.
        def moves(n):
            # (0, m) is worth what m is: both kinds win from the same n.
            for k in range(1, min(n, 4) + 1):
                if k % 2:
                    yield n - k
                    yield (k - 1, n - k)
                else:
                    yield (k - 1, n - k)
                    yield n - k

        def options(n):
            return [(o,) if isinstance(o, int) else o for o in moves(n)]
        want = heap_values(options, 60)
        with grundy.Game(moves) as game:
            self.assertEqual([game.value(n) for n in range(60)], want)
            for n in range(1, 60):
                self.assertEqual(game.degree(n), len(options(n)))
                self.assertEqual([game.move(n, k) for k in range(len(options(n)))], options(n))
                first = next((k for k, o in enumerate(options(n))
                              if xor_all(want[h] for h in o) == 0), None)
                move = game.sum_winning_move([n])
                if first is None:
                    self.assertIsNone(move)
                else:
                    self.assertEqual(move, [first])

    def test_many_parts(self):
        # move() grows its buffer for an option of many parts.
        with grundy.Game(lambda n: [tuple(range(n))] if n else []) as game:
            self.assertEqual(game.move(40, 0), tuple(range(40)))
            self.assertEqual(game.degree(40), 1)

    def test_moves_calling_their_game(self):
        games = []

        def moves(n):
            if n == 3:
                games[0].value(1)  # refused: the game is evaluating
            return [n - 1] if n else []
        game = grundy.Game(moves)
        games.append(game)
        with self.assertRaisesRegex(grundy.StateError, "same game"):
            game.value(10)
        self.assertEqual(game.value(2), 0, "usable after the refusal")
        game.close()

    def test_errors(self):
        def moves(n):
            if n == 5:
                raise RuntimeError("no moves from 5")
            return [n - 1] if n else []
        game = grundy.Game(moves)
        with self.assertRaisesRegex(RuntimeError, "no moves from 5"):
            game.value(10)
        self.assertEqual(game.value(4), 0 if 4 % 2 == 0 else 1, "usable after an error")
        with self.assertRaisesRegex(RuntimeError, "no moves from 5"):
            game.degree(5)
        with self.assertRaisesRegex(RuntimeError, "no moves from 5"):
            game.move(5, 0)
        with self.assertRaisesRegex(RuntimeError, "no moves from 5"):
            game.sum_winning_moves([6, 1])
        self.assertEqual(game.degree(4), 1, "usable after an error")
        with self.assertRaises(grundy.OutOfRangeError) as cm:
            game.move(4, 1)
        self.assertIn("degree 1", str(cm.exception))
        with self.assertRaises(ValueError):
            grundy.Game(lambda n: [-1]).value(3)
        with self.assertRaises(grundy.CycleError) as cm:
            grundy.Game(lambda n: [(n + 1) % 3]).value(0)
        self.assertEqual(cm.exception.status, -3)
        self.assertIn("back to itself", str(cm.exception))
        self.assertEqual(grundy.Game(lambda n: [(n + 1) % 3]).outcome(0, grundy.PLAY_LOOPY), "D")
        with self.assertRaises(grundy.InvalidArgumentError):
            grundy.Game(lambda n: [(1, 1)] if n > 1 else []).value(3, "misere")
        with self.assertRaises(grundy.InvalidArgumentError):
            grundy.Game(lambda n: [(1, 1)] if n > 1 else []).value(3, grundy.PLAY_WTIA)
        with self.assertRaises(grundy.LimitError):
            grundy.Game(lambda n: [n - 1] if n else [], memory_limit=4096).value(100000)
        with grundy.Game(lambda n: [n - 1] if n else []) as game:
            with self.assertRaises(ValueError):
                game.value(0, "sideways")
            for call in (lambda: game.sum_value([1, 2], grundy.PLAY_MISERE),
                         lambda: game.sum_winning_moves([1, 2], grundy.PLAY_CONJUNCTIVE),
                         lambda: game.sum_winning_moves([1, 2], grundy.PLAY_SHORTENED)):
                with self.assertRaises(grundy.NotSupportedError) as cm:
                    call()
                self.assertEqual(cm.exception.status, -9)
            self.assertIsNone(game.last_method())
        with self.assertRaises(ValueError):
            game.value(1)  # closed
        with self.assertRaises(TypeError):
            grundy.Game(42)
        with self.assertRaises(TypeError):
            grundy.Game(lambda n: [], play="misere")  # the play is an argument of each call
        with self.assertRaises(ValueError):
            grundy.Game(lambda n: [], memory_limit=-1)


# ---------------------------------------------------------------------------
# The safety rules: threads, callbacks, memory caps, interrupts; arrays,
# named constants, pickling


def chain_moves(n):
    """Moves of a pickled Game: a chain where n moves to n - 1 and n - 2."""
    return [m for m in (n - 1, n - 2) if m >= 0]


def run_threads(count, work):
    """Runs work(i) on count threads at once; returns what each raised."""
    errors = []
    start = threading.Barrier(count)

    def body(i):
        try:
            start.wait()
            work(i)
        except BaseException as exc:  # reported by the test
            errors.append(exc)
    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


class TestSafety(unittest.TestCase):
    def test_heap_game_shared_by_threads(self):
        want = grundy.HeapGame("0.137", period_detection=False).values(3000).tolist()
        shared = grundy.HeapGame("0.137", period_detection=False)
        seen = []

        def work(i):
            r = random.Random(i)
            for _ in range(300):
                n = r.randrange(1, 3000)
                k = r.randrange(4)
                if k == 0:
                    shared.compute(n)
                elif k == 1:
                    seen.append(shared.values(n).tolist() == want[:n])
                elif k == 2:
                    seen.append(shared.value(n - 1) == want[n - 1])
                else:
                    seen.append(shared.sum_value([n - 1, 5]) == want[n - 1] ^ want[5])
        self.assertEqual(run_threads(4, work), [])
        self.assertTrue(seen and all(seen))

    def test_graph_and_game_shared_by_threads(self):
        g = grundy.Graph()
        game = grundy.Game(chain_moves)

        def work(i):
            for k in range(40):
                u = g.add_node()
                if u:
                    g.add_move(u, u - 1)
                g.values()
                self.assertEqual(game.value(200 * i + k), (200 * i + k) % 3)
        # The game's generator runs while other threads wait for the game:
        # no StateError (which named a move generator that was not there).
        self.assertEqual(run_threads(4, work), [])
        self.assertEqual(g.values().tolist(), [u % 2 for u in range(160)])

    @staticmethod
    def game_calling_itself(at, call):
        """A chain game whose generator, at position at, calls call(game)."""
        box = []

        def moves(n):
            if n == at:
                call(box[0])
            return chain_moves(n)
        box.append(grundy.Game(moves))
        return box[0]

    def test_close_from_own_move_generator(self):
        game = self.game_calling_itself(7, lambda game: game.close())
        with self.assertRaises(grundy.StateError) as cm:
            game.value(20)
        self.assertIn("close() of a Game from inside one of its own calls", str(cm.exception))
        self.assertFalse(game.closed)
        self.assertEqual(game.value(5), 2, "usable after the refusal")
        game.close()
        self.assertTrue(game.closed)

    def test_setter_from_own_move_generator(self):
        game = self.game_calling_itself(4, lambda game: game.set_memory_limit(1))
        with self.assertRaisesRegex(grundy.StateError, "set_memory_limit"):
            game.value(9)
        self.assertEqual(game.memory_limit, grundy.default_memory_limit())
        self.assertEqual(game.value(3), 0)

    def test_reentry_names_the_generator(self):
        game = self.game_calling_itself(3, lambda game: game.value(1))
        with self.assertRaises(grundy.StateError) as cm:
            game.value(10)
        self.assertIn("move generator", str(cm.exception))
        self.assertEqual(game.value(2), 2)

    def test_close_from_another_thread_waits(self):
        h = grundy.HeapGame("0.137", period_detection=False)
        started = threading.Event()
        result = []

        def compute():
            started.set()
            h.compute(60000)  # close() waits for it: no use after free
            result.append("done")
        t = threading.Thread(target=compute)
        t.start()
        started.wait()
        time.sleep(0.05)
        h.close()  # waits for compute() to return
        t.join()
        self.assertEqual(result, ["done"])
        self.assertTrue(h.closed)
        with self.assertRaises(ValueError):
            h.value(1)


class TestMemoryCap(unittest.TestCase):
    def test_absurd_graph_fails_at_once(self):
        # Refused by the cap (the message says so) before the 50 GB are asked for.
        with self.assertRaises(grundy.OutOfMemoryError) as cm:
            grundy.Graph.parse("2147483647 0").values()
        self.assertIn("memory limit", str(cm.exception))
        self.assertIn("GRUNDY_MEMORY_LIMIT", str(cm.exception))
        g = grundy.Graph.parse("3 2\n1 0\n2 1\n", memory_limit=1 << 20)
        self.assertEqual(g.memory_limit, 1 << 20)
        self.assertEqual(g.values().tolist(), [0, 1, 0])
        g.set_memory_limit(64)
        with self.assertRaises(grundy.OutOfMemoryError):
            g.add_moves([(2, 0)] * 100)
        g.set_memory_limit(0)
        g.add_moves([(2, 0)] * 100)
        self.assertEqual(g.values().tolist(), [0, 1, 2])

    def test_values_array_held_to_the_limits(self):
        """values() holds the array it returns to 2**32 - 1 values and to the
        memory limit before allocating it: it used to zero-fill
        values(0, 2**40) first, growing without bound.  (In a child whose
        address space is capped, so that a regression fails, not swaps.)"""
        h = grundy.HeapGame("0.77", memory_limit=1 << 20)
        self.assertEqual(h.period(1000), (12, 71))
        self.assertEqual(len(h.values(0, 1 << 18)), 1 << 18)  # 1 MiB: at the limit
        with self.assertRaises(grundy.LimitError) as cm:
            h.values(5, (1 << 18) + 1)
        self.assertIn("262145 values need 1048580 bytes, past the memory limit of 1048576 bytes",
                      str(cm.exception))
        self.assertEqual(h.values(3, 4).tolist(), [h.value(n) for n in range(3, 7)])
        code = ("import resource, sys\n"
                "sys.path.insert(0, sys.argv[1])\n"
                "import grundy\n"
                "resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))\n"
                "for limit, count in ((None, 2 ** 40), (0, 2 ** 32), (1 << 30, 1 << 29)):\n"
                "    h = grundy.HeapGame('0.77', memory_limit=limit)\n"
                "    for play in ('normal', 'misere'):\n"
                "        try:\n"
                "            h.values(0, count, play)\n"
                "            print('no error')\n"
                "        except grundy.LimitError as e:\n"
                "            print(e)\n")
        proc = subprocess.run([sys.executable, "-c", code, MODULE_DIR], capture_output=True,
                              text=True, timeout=60)
        lines = proc.stdout.splitlines()
        self.assertEqual(len(lines), 6, proc.stdout + proc.stderr)
        for line in lines[:4]:
            self.assertIn("values in one call: past 2**32 - 1 = 4294967295", line)
        for line in lines[4:]:
            self.assertIn("536870912 values need 2147483648 bytes, past the memory limit of "
                          "1073741824 bytes (raise it with memory_limit= or GRUNDY_MEMORY_LIMIT)",
                          line)

    def test_default_cap(self):
        old = os.environ.pop("GRUNDY_MEMORY_LIMIT", None)
        try:
            half = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
            self.assertEqual(grundy.default_memory_limit(), half)
            for kind in (grundy.Graph(), grundy.HeapGame("0.77"), grundy.Game(chain_moves)):
                self.assertEqual(kind.memory_limit, half, kind)
            for text, want in (("64K", 65536), ("3m", 3 << 20), ("1G", 1 << 30), ("0", 0),
                               ("12345", 12345)):
                os.environ["GRUNDY_MEMORY_LIMIT"] = text
                self.assertEqual(grundy.default_memory_limit(), want, text)
                self.assertEqual(grundy.HeapGame("0.77").memory_limit, want, text)
            os.environ["GRUNDY_MEMORY_LIMIT"] = "1M"
            with self.assertRaises(grundy.OutOfMemoryError):
                grundy.Graph.parse("2000000 0").values()
            with self.assertRaises(grundy.LimitError):
                grundy.HeapGame("0.137", period_detection=False).compute(10 ** 7)
            for bad in ("lots", "12X", "-1", ""):
                os.environ["GRUNDY_MEMORY_LIMIT"] = bad
                with self.assertRaisesRegex(ValueError, "GRUNDY_MEMORY_LIMIT"):
                    grundy.Graph()
        finally:
            os.environ.pop("GRUNDY_MEMORY_LIMIT", None)
            if old is not None:
                os.environ["GRUNDY_MEMORY_LIMIT"] = old


class TestArrays(unittest.TestCase):
    def test_values_are_arrays(self):
        h = grundy.HeapGame("0.77")
        v = h.values(5, 10)
        self.assertIsInstance(v, array.array)
        self.assertEqual(v.typecode, grundy.VALUES_TYPECODE)
        self.assertEqual(v.itemsize, 4)
        self.assertEqual(v[0], h.value(5))
        self.assertEqual(list(v[2:4]), [h.value(7), h.value(8)])
        m = memoryview(v)
        self.assertEqual((m.itemsize, len(m)), (4, 10))
        self.assertEqual(len(h.values(0)), 0)
        g = grundy.Graph.parse("2 1\n1 0\n")
        self.assertIsInstance(g.values(), array.array)

    def test_numpy_reads_values(self):
        try:
            import numpy
        except ImportError:  # the buffer protocol is checked through memoryview above
            self.skipTest("numpy is not installed")
        v = grundy.HeapGame("0.77").values(5, 10)
        self.assertEqual(numpy.asarray(v).tolist(), v.tolist())

    def test_ten_million_values_at_once(self):
        h = grundy.HeapGame("0.77")
        self.assertEqual(h.period(1000), (12, 71))
        v = h.values(0, 10 ** 7)  # from the period: its speed is measured by bench/python_bench.py
        self.assertEqual(len(v), 10 ** 7)
        self.assertEqual(v[10 ** 7 - 1], h.value(10 ** 7 - 1))
        last = range(10 ** 7 - 12, 10 ** 7)
        self.assertEqual(v[last[0]:].tolist(), [h.value(n) for n in last])


class TestPythonic(unittest.TestCase):
    def test_named_constants(self):
        g = grundy.Graph.parse("3 3\n0 1\n1 0\n2 0\n")
        self.assertIs(g.value(0, "loopy"), grundy.INF)
        self.assertEqual(repr(g.value(0, "loopy")), "grundy.INF")
        self.assertEqual(grundy.INF, 0xFFFFFFFF)
        self.assertEqual(g.values("loopy")[0], grundy.INF)
        self.assertIs(pickle.loads(pickle.dumps(grundy.INF)), grundy.INF)
        w = grundy.Graph.parse("2 1\n1 0\n")
        self.assertEqual([repr(w.value(u, "wtia")) for u in (0, 1)], ["grundy.SP", "grundy.SC"])
        self.assertIs(grundy.Game(lambda n: [n - 1] if n else []).value(0, "wtia"), grundy.SP)
        self.assertIs(grundy.nim_levels_value([]), grundy.SP64)

    def test_pickling(self):
        h = grundy.HeapGame("0.137", period_detection=False, memory_limit=1 << 20)
        h2 = pickle.loads(pickle.dumps(h))
        self.assertEqual((h2.name, h2.memory_limit), ("0.137", 1 << 20))
        self.assertEqual(h2.values(100), h.values(100))
        g = grundy.Graph.parse("4 3\n1 0\n2 1\n3 1\n")
        g.add_split(3, [1, 2])
        g.add_split(2, [])
        g2 = pickle.loads(pickle.dumps(g))
        self.assertEqual(g2.moves(3), g.moves(3))
        self.assertEqual(g2.values(), g.values())
        game = grundy.Game(chain_moves, memory_limit=1 << 22)
        game2 = pickle.loads(pickle.dumps(game))
        self.assertEqual((game2.value(30), game2.memory_limit), (0, 1 << 22))
        with self.assertRaises((pickle.PicklingError, AttributeError, TypeError)):
            pickle.dumps(grundy.Game(lambda n: []))
        h.close()
        with self.assertRaises(ValueError):
            pickle.dumps(h)


INTERRUPTED_CHILD = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
import grundy
case = sys.argv[2]
if case == "compute":
    h = grundy.HeapGame("0.137", period_detection=False)
    call, again = lambda: h.compute(10 ** 6), lambda: h.value(10)
elif case == "two threads":
    h = grundy.HeapGame("0.137", period_detection=False, threads=2)
    call, again = lambda: h.compute(10 ** 6), lambda: h.value(10)
elif case == "arithmetic period":
    h = grundy.HeapGame("grundy")
    call, again = lambda: h.arithmetic_period(10 ** 7), lambda: h.value(10)
elif case == "hexadecimal":
    h = grundy.HeapGame("0.F", period_detection=False)
    call, again = lambda: h.values(10 ** 5), lambda: h.value(10)
elif case == "misere":
    h = grundy.HeapGame("0.07")
    call, again = lambda: h.sum_outcome([30, 31, 32, 33, 34], "misere"), lambda: h.value(3)
elif case == "game":
    h = grundy.Game(lambda n: [n - 1, n - 2] if n >= 2 else [])
    call, again = lambda: h.value(10 ** 7), lambda: h.value(5)
else:
    h = grundy.Graph()
    h.add_nodes(10 ** 6)
    r = random.Random(1)
    h.add_moves((u, r.randrange(u)) for u in range(1, 10 ** 6) for _ in range(3))
    call = lambda: [h.solve(p) for p in ("misere", "wtia", "normal", "loopy", "conjunctive",
                                          "continued", "selective", "shortened") * 10]
    again = lambda: h.value(1)
try:
    # "ready" inside the try: a SIGINT that comes before the call starts
    # (a busy machine can hold this process that long) is caught too.
    print("ready", flush=True)
    call()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", flush=True)
print("again", again(), flush=True)
"""


OWN_HANDLER_CHILD = r"""
import os, signal, sys, threading
sys.path.insert(0, sys.argv[1])
import grundy
seen, busy = [], [False]
signal.signal(signal.SIGINT, lambda signum, frame: seen.append(busy[0]))
h = grundy.HeapGame("0.137", period_detection=False)
threading.Timer(0.1, os.kill, (os.getpid(), signal.SIGINT)).start()
busy[0] = True
h.compute(60000)  # seconds: the handler runs in it and lets it go on
busy[0] = False
threading.Event().wait(0.2)  # (had the call ended first, the handler runs now)
print("computed", h.computed, "handled", seen)
"""


class TestInterrupt(unittest.TestCase):
    """SIGINT 0.3 s into a long computation stops it with KeyboardInterrupt,
    and the handle is usable after.  (How soon it stops is measured by
    bench/python_bench.py; here a minute is only the bound of a hang.)"""

    def interrupt(self, case):
        proc = subprocess.Popen([sys.executable, "-c", INTERRUPTED_CHILD, MODULE_DIR, case],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.assertEqual(proc.stdout.readline().strip(), "ready")
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            self.fail("%s: still running a minute after SIGINT" % case)
        self.assertEqual(out.splitlines()[:1], ["interrupted"], (case, out, err))
        self.assertEqual(len(out.splitlines()), 2, (case, out, err))
        self.assertTrue(out.splitlines()[1].startswith("again "), (case, out, err))
        self.assertEqual(err, "", case)

    def test_compute(self):
        self.interrupt("compute")

    def test_hexadecimal(self):
        self.interrupt("hexadecimal")

    def test_two_threads(self):
        self.interrupt("two threads")

    def test_arithmetic_period(self):
        self.interrupt("arithmetic period")

    def test_misere_search(self):
        self.interrupt("misere")

    def test_game_value(self):
        self.interrupt("game")

    def test_graph_solve(self):
        self.interrupt("graph")

    def main_thread_only(self):
        if threading.current_thread() is not threading.main_thread():
            self.skipTest("signals go to the main thread")

    def test_own_handler_that_returns_lets_the_call_go_on(self):
        """A SIGINT handler of the program's own that returns ("set a flag
        and keep working") runs during the call and lets it finish: the
        call used to stop with CanceledError all the same."""
        self.main_thread_only()
        seen = []

        def moves(n):
            if n == 500:
                os.kill(os.getpid(), signal.SIGINT)  # noted in the evaluation
            return [n - t for t in (1, 2) if t <= n]
        before = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
        try:
            self.assertEqual(grundy.Game(moves).value(2000), 2000 % 3)
        finally:
            signal.signal(signal.SIGINT, before)
        self.assertEqual(seen, [signal.SIGINT])

    def test_own_handler_that_raises_stops_the_call(self):
        """A handler that raises stops the call with its exception, and the
        default one with KeyboardInterrupt; the game stays usable."""
        self.main_thread_only()

        class Stop(Exception):
            pass

        def stop(signum, frame):
            raise Stop("stop at %d" % signum)

        def moves(n):
            if n == 500:
                os.kill(os.getpid(), signal.SIGINT)
            return [n - t for t in (1, 2) if t <= n]
        for handler, kind in ((stop, Stop), (signal.default_int_handler, KeyboardInterrupt)):
            game = grundy.Game(moves)
            before = signal.signal(signal.SIGINT, handler)
            try:
                with self.assertRaises(kind):
                    game.value(2000)
            finally:
                signal.signal(signal.SIGINT, before)
            self.assertEqual(game.value(400), 400 % 3)

    def test_own_handler_during_a_long_computation(self):
        """The same through the progress callback of a heap game's
        computation, the signal coming from another thread."""
        proc = subprocess.run([sys.executable, "-c", OWN_HANDLER_CHILD, MODULE_DIR],
                              capture_output=True, text=True, timeout=300)
        self.assertEqual((proc.returncode, proc.stderr), (0, ""), proc.stdout)
        self.assertRegex(proc.stdout, r"^computed 60000 handled \[(True|False)\]\n$")

    def test_other_threads_go_on(self):
        """A SIGINT noted for the main thread's call stops no call on another
        thread (it used to end that thread with an internal exception)."""
        h = grundy.HeapGame("0.137", period_detection=False)
        outcome = []

        def work():
            try:
                h.compute(40000)
                outcome.append(h.computed)
            except BaseException as exc:  # noqa: BLE001 -- what the test looks for
                outcome.append(exc)
        grundy._noted.append(signal.SIGINT)  # as while the main thread's call runs
        try:
            worker = threading.Thread(target=work)
            worker.start()
            worker.join()
        finally:
            del grundy._noted[:]
        self.assertEqual(outcome, [40000])

    def test_outside_calls_sigint_as_before(self):
        self.main_thread_only()
        grundy.HeapGame("0.77").values(100)
        with self.assertRaises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        seen = []
        before = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
        try:
            self.assertEqual(grundy.HeapGame("0.77").value(5), 4)
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.1)
            self.assertEqual(seen, [signal.SIGINT], "the program's own handler runs")
        finally:
            signal.signal(signal.SIGINT, before)
        # The saved handler, restored, is whole again: it used to keep
        # running the program's handler in front of which it was put.
        self.assertEqual(grundy.HeapGame("0.77").value(5), 4)
        with self.assertRaises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(1)
        self.assertEqual(seen, [signal.SIGINT])



class TestPackage(unittest.TestCase):
    """The package's type hints (grundy/__init__.pyi, with py.typed) cover
    every public name, and every public name has a docstring."""

    def stub(self):
        path = os.path.join(os.path.dirname(grundy.__file__), "__init__.pyi")
        self.assertTrue(os.path.exists(os.path.join(os.path.dirname(path), "py.typed")))
        import ast
        return ast.parse(open(path, encoding="utf-8").read())

    def test_hints_cover_the_module(self):
        import ast
        tree = self.stub()
        top = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
        top |= {n.target.id for n in tree.body if isinstance(n, ast.AnnAssign)}
        self.assertEqual(sorted(set(grundy.__all__) - top), [])
        classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
        for cname in ("Graph", "HeapGame", "Game"):
            hinted = {f.name for c in (classes[cname], classes["_Owner"]) for f in c.body
                      if isinstance(f, ast.FunctionDef)}
            public = {n for n in dir(getattr(grundy, cname)) if not n.startswith("_")}
            self.assertEqual(sorted(public - hinted - {"name"}), [], cname)

    def test_docstrings(self):
        for name in grundy.__all__:
            obj = getattr(grundy, name)
            if callable(obj) and not isinstance(obj, int):
                self.assertTrue(obj.__doc__, name)
                if isinstance(obj, type) and not issubclass(obj, BaseException):
                    for attr in dir(obj):
                        if not attr.startswith("_"):
                            self.assertTrue(getattr(obj, attr).__doc__ or
                                            isinstance(getattr(obj, attr), (int, str)),
                                            "%s.%s" % (name, attr))


# ---------------------------------------------------------------------------
# The examples of the documentation


def python_blocks(path, fence):
    text = open(path, encoding="utf-8").read()
    start, end = fence
    return re.findall(re.escape(start) + r"\n(.*?)\n" + re.escape(end), text, re.S)


class TestDocumentedExamples(unittest.TestCase):
    """Runs every Python example of README.md and docs/python.md: each line
    `print(...)  # X` must print X (or what precedes a colon in X)."""

    def run_blocks(self, blocks, where):
        self.assertTrue(blocks, where)
        namespace = {}
        for block in blocks:
            want = [m.group(1).strip() for m in
                    (re.search(r"^\s*print\(.*\)\s+#\s*(.*)$", line) for line in block.splitlines())
                    if m]
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, where, "exec"), namespace)
            got = out.getvalue().splitlines()
            self.assertEqual(len(got), len(want), (where, block))
            for g, w in zip(got, want):
                self.assertTrue(w == g or w.startswith(g + ":"), "%s: printed %r, says %r" % (where, g, w))

    def test_readme(self):
        self.run_blocks(python_blocks(os.path.join(ROOT, "README.md"), ("```python", "```")),
                        "README.md")

    def test_guide(self):
        self.run_blocks(python_blocks(os.path.join(ROOT, "docs", "python.md"),
                                      ("@code{.py}", "@endcode")), "docs/python.md")

    def test_docstring(self):
        failed, attempted = doctest.testmod(grundy)
        self.assertGreater(attempted, 0)
        self.assertEqual(failed, 0)


# ---------------------------------------------------------------------------
# Against an installed copy, in subprocesses


class TestBuildBackend(unittest.TestCase):
    """Which libgrundy bindings/python/build_backend gives the wheel: the
    tree's when it is newer than every source, else an installed one, else
    one compiled, saying which and why (in a tree of its own, with the
    installed places replaced; nothing is compiled)."""

    def setUp(self):
        self.lib = os.path.join(ROOT, "lib", "libgrundy.so.%s" % grundy.version())
        if not os.path.exists(self.lib):
            self.skipTest("no %s: make builds it" % self.lib)
        sys.path.insert(0, os.path.join(ROOT, "bindings", "python", "build_backend"))
        self.addCleanup(sys.path.remove, sys.path[0])
        import grundy_build
        self.backend = grundy_build
        self.tree = tempfile.mkdtemp(prefix="grundy-backend-")
        self.addCleanup(shutil.rmtree, self.tree, True)
        for folder in ("include", "src", "lib"):
            os.makedirs(os.path.join(self.tree, folder))
        shutil.copy(HEADER, os.path.join(self.tree, "include"))
        self.source = os.path.join(self.tree, "src", "a.c")
        open(self.source, "w").close()
        self.copy = os.path.join(self.tree, "lib", os.path.basename(self.lib))
        shutil.copy(self.lib, self.copy)
        self.installed = []
        for name, value in (("REPO", self.tree),
                            ("_installed_places", lambda soname: list(self.installed))):
            self.addCleanup(setattr, grundy_build, name, getattr(grundy_build, name))
            setattr(grundy_build, name, value)

    def choose(self, settings=None):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            got = self.backend._find_library(self.backend._version(), settings)
        return got, err.getvalue()

    def test_the_tree_s_library_when_fresh(self):
        (how, path), said = self.choose()
        self.assertEqual((how, path), ("tree", self.copy))
        self.assertIn("grundy build: using libgrundy %s built in this source tree, %s"
                      % (grundy.version(), self.copy), said)

    def test_a_stale_tree_library_is_passed_over(self):
        os.utime(self.copy, (0, 0))
        (how, path), said = self.choose()
        self.assertEqual((how, path), ("compile", None))
        self.assertIn("grundy build: compiling libgrundy", said)
        self.assertIn("%s is older than %s (run `make` to use it)" % (self.copy, self.source),
                      said)
        self.installed = [(self.lib, "pkg-config grundy")]
        (how, path), said = self.choose()
        self.assertEqual((how, path), ("installed", self.lib))
        self.assertIn("using the installed libgrundy %s, %s (found by pkg-config grundy"
                      % (grundy.version(), self.lib), said)

    def test_a_library_that_does_not_load_is_passed_over(self):
        os.remove(self.copy)
        bogus = os.path.join(self.tree, "libgrundy.so.0.2")
        with open(bogus, "w") as f:
            f.write("not a library")
        self.installed = [(bogus, "a standard folder")]
        (how, path), said = self.choose()
        self.assertEqual(how, "compile")
        self.assertIn("none built in this source tree", said)
        self.assertIn(bogus + " (a standard folder): ", said)

    def test_compile_on_request(self):
        (how, path), said = self.choose({"library": "compile"})
        self.assertEqual(how, "compile")
        self.assertIn("library=compile asks for one compiled here", said)
        with self.assertRaisesRegex(ValueError, "library='tree': give auto"):
            self.choose({"library": "tree"})


QUICK = [TestLoadedLibrary, TestNim, TestGraphBasics, TestErrors, TestHeapGames, TestQuotient,
         TestNimbers, TestGame, TestDocumentedExamples, TestSafety, TestMemoryCap, TestArrays,
         TestPythonic, TestInterrupt, TestPackage]


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "DESTDIR", "PREFIX", "LIBDIR",
                        "GRUNDY_LIBRARY", "GRUNDY_EXPECT_LIBRARY", "GRUNDY_TEST_MODULE_DIR",
                        "GRUNDY_TEST_FILTER", "LD_LIBRARY_PATH")}
    env.update(extra)
    return env


class TestInstalled(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="grundy-python-")
        cls.prefix = os.path.join(cls.tmp, "prefix")
        proc = subprocess.run(["make", "-s", "install", "PREFIX=" + cls.prefix],
                              cwd=ROOT, env=clean_env(), capture_output=True, text=True)
        cls.install_log = proc.stdout + proc.stderr
        cls.installed = proc.returncode == 0
        cls.lib = os.path.join(cls.prefix, "lib")
        # The module alone, away from the build tree.
        # (Its build-tree candidate, ../../lib, is then inside tmp, and empty.)
        cls.moddir = os.path.join(cls.tmp, "py", "site")
        os.makedirs(cls.moddir)
        shutil.copytree(os.path.join(ROOT, "bindings", "python", "grundy"),
                        os.path.join(cls.moddir, "grundy"))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        if not self.installed:
            self.fail("make install PREFIX=%s failed:\n%s" % (self.prefix, self.install_log))

    def run_subset(self, env):
        proc = subprocess.run([sys.executable, THIS, "--installed"], env=env,
                              capture_output=True, text=True, timeout=600)
        out = proc.stdout.strip().splitlines()
        last = out[-1] if out else ""
        m = re.fullmatch(r"(\d+) passed, (\d+) failed(, \d+ skipped)?", last)
        detail = "\n".join(out[-40:]) + proc.stderr[-2000:]
        self.assertIsNotNone(m, detail)
        self.assertEqual((m.group(2), proc.returncode), ("0", 0), detail)
        self.assertGreaterEqual(int(m.group(1)), 30, detail)

    def test_with_grundy_library(self):
        so = os.path.join(self.lib, soname())
        self.assertTrue(os.path.islink(so), "make install makes the SONAME link %s" % so)
        self.run_subset(clean_env(GRUNDY_LIBRARY=so, GRUNDY_EXPECT_LIBRARY=so))

    def test_found_by_the_system_loader(self):
        so = os.path.join(self.lib, soname())
        self.run_subset(clean_env(LD_LIBRARY_PATH=self.lib, GRUNDY_TEST_MODULE_DIR=self.moddir,
                                  GRUNDY_EXPECT_LIBRARY=so))

    def import_error(self, env, moddir):
        code = ("import sys; sys.path.insert(0, %r)\n"
                "try:\n    import grundy\n"
                "except ImportError as e:\n"
                "    print(type(e).__name__); print(e); sys.exit(3)\n" % moddir)
        proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, timeout=60)
        self.assertEqual(proc.returncode, 3, proc.stdout + proc.stderr)
        return proc.stdout

    def test_bogus_grundy_library(self):
        bogus = os.path.join(self.tmp, "nowhere", "libgrundy.so")
        msg = self.import_error(clean_env(GRUNDY_LIBRARY=bogus),
                                os.path.join(ROOT, "bindings", "python"))
        self.assertTrue(msg.startswith("LibraryNotFoundError\n"), msg)
        self.assertIn("GRUNDY_LIBRARY=" + bogus, msg)
        self.assertIn("no such file", msg)
        self.assertIn("no other place was tried", msg, "the build tree is not used behind its back")
        # A library, but not libgrundy.
        libc = ctypes.util.find_library("c")
        if libc:
            msg = self.import_error(clean_env(GRUNDY_LIBRARY=libc), MODULE_DIR)
            self.assertIn("not libgrundy", msg)

    def test_nothing_found(self):
        if ctypes.util.find_library("grundy"):
            self.skipTest("a libgrundy is installed on this system")
        msg = self.import_error(clean_env(), self.moddir)
        for place in ("build tree", "find_library('grundy')", soname(), "GRUNDY_LIBRARY",
                      "make install"):
            self.assertIn(place, msg)


def main(argv):
    global grundy
    installed_subset = "--installed" in argv
    if MODULE_DIR != "-":  # "-": the package pip installed, with its own library
        sys.path.insert(0, MODULE_DIR)
    try:
        import grundy as module
    except ImportError as exc:
        print("cannot import grundy from %s:\n%s" % (MODULE_DIR, exc))
        print("0 passed, 1 failed")
        return 1
    grundy = module
    where = os.path.dirname(os.path.abspath(grundy.__file__))
    if MODULE_DIR == "-":
        wrong = os.path.dirname(os.path.abspath(grundy.library_path)) != where
        want = "a package with its own library"
    else:
        wrong = os.path.dirname(where) != os.path.abspath(MODULE_DIR)
        want = MODULE_DIR
    if wrong:
        print("imported grundy from %s (library %s), not %s" % (grundy.__file__,
                                                               grundy.library_path, want))
        print("0 passed, 1 failed")
        return 1
    loader = testlib.unittest_loader()  # the test cases F=PATTERN selects
    classes = QUICK if installed_subset else QUICK + [TestMemory, TestBuildBackend, TestInstalled]
    suite = unittest.TestSuite(loader.loadTestsFromTestCase(c) for c in classes)
    print("grundy.py from %s, libgrundy %s from %s" % (MODULE_DIR, grundy.version(),
                                                      grundy.library_path))
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=2).run(suite)
    sys.stdout.flush()
    return testlib.unittest_summary(result)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
