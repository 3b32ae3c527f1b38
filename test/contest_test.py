#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Build and check the contest solutions (docs/examples/contest/*.c).

Each solution is compiled the way a judge would see it: one file that
defines GRUNDY_IMPLEMENTATION and includes the contest edition
single/grundy_contest.h (so it is built with `-I single` and nothing else),
warning-free under -std=c11 -Wall -Wextra -Wpedantic.  Then it is run on the samples its
problem statement publishes (exact output), and on random inputs in the
judge's format against a brute force written here: a plain win/lose search
over the game's own positions (the multiset of heaps, the row of chessmen,
the stairs), with no Sprague-Grundy theory, on small instances.  Where the
instances must be larger than a plain search allows, a second brute force
computes single-heap values by the mex rule over the problem's own moves.
Last, each solution is given a maximum-size input of its problem (the
constraints of shared/contest/SAMPLES.md) and must answer it, built at -O2;
its CPU time is printed beside the judge's budget of 1 s, as a measurement
(a loaded machine must not fail a correct solution; a minute is the bound
of a hang).

All of it twice: on the whole contest edition, and on the edition cut to
the solution's own calls and the plays it names (tools/amalgamate.py
--contest --calls-of, with --plays listing its GRUNDY_PLAY_..., normal
play alone where it names none other), which is what a contestant pastes;
the size of each cut is printed.

A missing single/grundy_contest.h is a failure, not a skip.

usage: python3 test/contest_test.py      (from the repository root)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import concurrent.futures
import functools
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, generator, mex, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC_DIR = os.path.join(ROOT, "docs", "examples", "contest")
SINGLE = os.path.join(ROOT, "single", "grundy_contest.h")
HEADER = os.path.basename(SINGLE)
CC = os.environ.get("CC", "cc")
CFLAGS = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Wpedantic"]

sys.setrecursionlimit(100000)
RNG = random.Random(603)


# ---- the published samples (from each problem's statement) ---------------

SAMPLES = {
    "nim_product_64": [(
        "11\n5 0\n5 1\n5 2\n5 3\n5 4\n5 5\n5 6\n5 7\n5 8\n3141 5926\n"
        "18446744073709551615 18446744073709551615\n",
        "0\n5\n10\n15\n2\n7\n8\n13\n3\n14994\n11290409524105353207\n")],
    "hdu1907_john": [("2\n3\n3 5 1\n1\n1\n", "John\nBrother\n")],
    "hdu1536_snim": [(
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n"
        "3 2 4 7\n4 2 3 7 12\n0\n",
        "LWW\nWWL\n")],
    "spoj_mcoins": [("2 3 5\n3 12 113 25714 88888\n", "ABAAB\n")],
    "poj1704_georgia_and_bob": [(
        "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n",
        "Bob will win\nGeorgia will win\n")],
    "hdu5795_a_simple_nim": [(
        "2\n2\n4 4\n3\n1 2 4\n",
        "Second player wins.\nFirst player wins.\n")],
    "lightoj1253": [(
        "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n",
        "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n")],
    "codingame_misere_nim": [("1 3\n5\n1\n7\n", "1:4\nCONCEDE\n1:6\n")],
    "hackerrank_misere_nim": [("2\n2\n1 1\n3\n2 1 3\n", "First\nSecond\n")],
    "cses1098_nim_game_ii": [(
        "3\n4\n5 7 2 5\n2\n4 1\n3\n4 4 4\n", "first\nfirst\nsecond\n")],
    "cses1099_stair_game": [(
        "3\n3\n0 2 1\n4\n1 1 1 1\n2\n5 3\n", "first\nsecond\nfirst\n")],
    "cses2207_grundys_game": [("3\n6\n7\n8\n", "first\nsecond\nfirst\n")],
    "cf603c_lieges_of_legendre": [("2 1\n3 4\n", "Kevin\n"), ("1 2\n3\n", "Nicky\n")],
}

BIN = {}  # solution name -> path of its executable


def cut_edition(gen, name, outdir):
    """Writes outdir/NAME/grundy_contest.h, the edition cut to the calls of
    the solution and the plays it names (normal play alone where it names
    no other); returns the folder and the edition's size in bytes."""
    src = os.path.join(SRC_DIR, name + ".c")
    with open(src, encoding="utf-8") as f:
        plays = sorted(set(p[len("GRUNDY_PLAY_"):].lower()
                           for p in re.findall(r"\bGRUNDY_PLAY_\w+", f.read())) | {"normal"})
    text = gen.contest_edition(None, gen.calls_of(src), plays)
    folder = os.path.join(outdir, name + ".edition")
    os.mkdir(folder)
    with open(os.path.join(folder, HEADER), "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return folder, len(text.encode())


def compile_one(name, outdir, include):
    """Compiles one solution against the single header in the folder
    include; returns (ok, message)."""
    src = os.path.join(SRC_DIR, name + ".c")
    exe = os.path.join(outdir, name + ("" if include == os.path.join(ROOT, "single") else ".cut"))
    cmd = [CC] + CFLAGS + ["-I", include, src, "-o", exe]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return False, str(exc)
    if proc.returncode != 0:
        return False, "does not compile:\n" + proc.stderr
    if proc.stderr.strip():
        return False, "compiles with warnings:\n" + proc.stderr
    return True, exe


def run(name, stdin, timeout=60):
    """Runs a solution; returns (exit status, stdout, seconds)."""
    start = time.time()
    try:
        proc = subprocess.run([BIN[name]], input=stdin, capture_output=True, text=True,
                              timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return -1, str(exc), time.time() - start
    return proc.returncode, proc.stdout, time.time() - start


def check_run(name, stdin, want, what):
    rc, out, _ = run(name, stdin)
    if rc == 0 and out == want:
        return check(True, what)
    shown = stdin if len(stdin) < 400 else stdin[:400] + "..."
    return check(False, "%s %s: exit %d\ninput:\n%s\nwant:\n%s\ngot:\n%s"
                 % (name, what, rc, shown, want[:400], out[:400]))




# ---- brute forces: plain searches in each problem's own terms ------------

def nim_mul_by_mex(limit):
    """The nim product table below limit, straight from its mex definition:
    a (x) b = mex { a' (x) b ^ a (x) b' ^ a' (x) b' : a' < a, b' < b }."""
    t = [[0] * limit for _ in range(limit)]
    for a in range(limit):
        for b in range(limit):
            t[a][b] = mex({t[x][b] ^ t[a][y] ^ t[x][y] for x in range(a) for y in range(b)})
    return t


def nim_mul(a, b, bits=64):
    """Nim product by halving: with F = 2^(bits/2), F (x) F = F ^ (F/2)."""
    if a < 2 or b < 2:
        return a * b
    half = bits // 2
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    low = nim_mul(a0, b0, half)
    high_high = nim_mul(a1, b1, half)
    cross = nim_mul(a0 ^ a1, b0 ^ b1, half)
    return ((cross ^ low) << half) ^ low ^ nim_mul(high_high, 1 << (half - 1), half)


@functools.lru_cache(maxsize=None)
def misere_win(state):
    """Misère Nim on a sorted tuple of heaps: does the player to move win?
    Whoever takes the last object loses, so facing no objects is a win."""
    if sum(state) == 0:
        return True
    for i, h in enumerate(state):
        for left in range(h):
            if not misere_win(tuple(sorted(state[:i] + (left,) + state[i + 1:]))):
                return True
    return False


def heaps_win(moves_of):
    """Normal play on a tuple of heaps; moves_of(h) lists what one heap of h
    may become (each a tuple of heaps, () for nothing left)."""
    @functools.lru_cache(maxsize=None)
    def win(st):
        for i, h in enumerate(st):
            rest = st[:i] + st[i + 1:]
            for parts in moves_of(h):
                if not win(tuple(sorted(rest + tuple(p for p in parts if p > 0)))):
                    return True
        return False
    return win


def subtraction_win_table(moves, n):
    """win[x] for one heap of x, the player to move removing a number in moves."""
    win = [False] * (n + 1)
    for x in range(1, n + 1):
        win[x] = any(m <= x and not win[x - m] for m in moves)
    return win


def near_p_positions(g, count, max_heaps, pool):
    """Random positions (lists of heaps drawn from pool) of which about half
    have value 0: the last heap is then one whose value g[h] cancels the
    others.  Random positions are nearly always N-positions, and a wrong
    value rarely turns one into a P-position; next to P-positions it does."""
    by_value = {}
    for h in pool:
        by_value.setdefault(g[h], []).append(h)
    out = []
    for _ in range(count):
        heaps = [RNG.choice(pool) for _ in range(RNG.randint(1, max_heaps))]
        rest = functools.reduce(lambda x, y: x ^ g[y], heaps[:-1], 0)
        if RNG.random() < 0.5 and rest in by_value:
            heaps[-1] = RNG.choice(by_value[rest])
        out.append(heaps)
    return out


# ---- the checks, one function per problem --------------------------------

def test_nim_product():
    name = "nim_product_64"
    table = nim_mul_by_mex(16)
    check(all(nim_mul(a, b) == table[a][b] for a in range(16) for b in range(16)),
          "the halving brute force agrees with the mex definition below 16")
    pairs = [(a, b) for a in range(16) for b in range(16)]
    edges = [0, 1, 2, 3, 2**32, 2**32 - 1, 2**63, 2**64 - 1, 2**16, 2**8 + 1]
    pairs += [(a, b) for a in edges for b in edges]
    pairs += [(RNG.getrandbits(RNG.choice([8, 16, 32, 64])), RNG.getrandbits(64))
              for _ in range(300)]
    stdin = "%d\n" % len(pairs) + "".join("%d %d\n" % p for p in pairs)
    want = "".join("%d\n" % (table[a][b] if a < 16 and b < 16 else nim_mul(a, b))
                   for a, b in pairs)
    check_run(name, stdin, want, "small products by mex, random 64-bit products")

    # Full size: 10^6 products (the time is printed, not checked: the judge
    # allows 10 s).
    count = 10**6
    rows = [(RNG.getrandbits(64), RNG.getrandbits(64)) for _ in range(count)]
    stdin = "%d\n" % count + "".join("%d %d\n" % r for r in rows)
    rc, out, secs = run(name, stdin, timeout=60)
    lines = out.split("\n")
    ok = rc == 0 and len(lines) == count + 1
    for i in range(0, count, 9973):
        ok = ok and lines[i] == str(nim_mul(*rows[i]))
    check(ok, "10^6 products: exit %d, %d lines" % (rc, len(lines) - 1))
    print("%s: 10^6 products in %.2f s" % (name, secs))


def misere_tests(count, max_heaps, max_size):
    return [[RNG.randint(1, max_size) for _ in range(RNG.randint(1, max_heaps))]
            for _ in range(count)]


def misere_verdicts(name, verdict):
    """Random T-case misère Nim inputs; verdict(i, wins) is case i's line."""
    for _ in range(20):
        tests = misere_tests(RNG.randint(1, 12), 4, 7)
        stdin = "%d\n" % len(tests) + "".join(
            "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
        want = "".join(verdict(i, misere_win(tuple(sorted(t)))) + "\n"
                       for i, t in enumerate(tests))
        check_run(name, stdin, want, "random misère positions")


def test_john():
    misere_verdicts("hdu1907_john", lambda i, wins: "John" if wins else "Brother")


def test_lightoj():
    misere_verdicts("lightoj1253",
                    lambda i, wins: "Case %d: %s" % (i + 1, "Alice" if wins else "Bob"))


def test_hackerrank():
    misere_verdicts("hackerrank_misere_nim", lambda i, wins: "First" if wins else "Second")


def test_codingame():
    name = "codingame_misere_nim"
    for _ in range(25):
        n = RNG.randint(1, 3)
        k = RNG.randint(1, 5)
        top = 50 if n == 1 else (30 if n == 2 else 12)
        positions = [[RNG.randint(1, top) for _ in range(n)] for _ in range(k)]
        want = ""
        for pos in positions:
            moves = []
            for i in range(n):
                for a in range(1, pos[i] + 1):
                    after = pos[:i] + [pos[i] - a] + pos[i + 1:]
                    if not misere_win(tuple(sorted(after))):
                        moves.append("%d:%d" % (i + 1, a))
            want += (" ".join(moves) if moves else "CONCEDE") + "\n"
        stdin = "%d %d\n" % (n, k) + "".join(" ".join(map(str, p)) + "\n" for p in positions)
        check_run(name, stdin, want, "every winning move")


def test_snim():
    name = "hdu1536_snim"
    for _ in range(12):
        stdin, want = "", ""
        for _ in range(RNG.randint(1, 3)):
            s = sorted(RNG.sample(range(1, 8), RNG.randint(1, 3)))
            moves = tuple(s)

            def moves_of(h, moves=moves):
                return [(h - m,) for m in moves if m <= h]
            win = heaps_win(moves_of)
            positions = [[RNG.randint(0, 12) for _ in range(RNG.randint(1, 3))]
                         for _ in range(RNG.randint(1, 8))]
            stdin += "%d %s\n%d\n" % (len(s), " ".join(map(str, s)), len(positions))
            stdin += "".join("%d %s\n" % (len(p), " ".join(map(str, p))) for p in positions)
            want += "".join("W" if win(tuple(sorted(h for h in p if h > 0))) else "L"
                            for p in positions) + "\n"
        stdin += "0\n"
        check_run(name, stdin, want, "random subtraction sets and positions")


def test_mcoins():
    name = "spoj_mcoins"
    for _ in range(15):
        k = RNG.randint(2, 8)
        l = RNG.randint(k + 1, 9)
        towers = [RNG.randint(1, 3000) for _ in range(RNG.randint(4, 49))]
        win = subtraction_win_table((1, k, l), max(towers))
        stdin = "%d %d %d\n%s\n" % (k, l, len(towers), " ".join(map(str, towers)))
        want = "".join("A" if win[n] else "B" for n in towers) + "\n"
        check_run(name, stdin, want, "random towers")
    # Every tower up to 490, 49 at a time (m < 50), for a few sets.
    for k, l in ((2, 3), (3, 8), (5, 9)):
        win = subtraction_win_table((1, k, l), 490)
        for first in range(1, 491, 49):
            towers = list(range(first, first + 49))
            stdin = "%d %d %d\n%s\n" % (k, l, len(towers), " ".join(map(str, towers)))
            check_run(name, stdin, "".join("A" if win[n] else "B" for n in towers) + "\n",
                      "towers %d..%d, K = %d, L = %d" % (first, first + 48, k, l))
    # Towers up to the limit, 10^6.
    k, l = 4, 7
    win = subtraction_win_table((1, k, l), 10**6)
    towers = [10**6, 10**6 - 1, 999998, 999997] + [RNG.randint(1, 10**6) for _ in range(40)]
    stdin = "%d %d %d\n%s\n" % (k, l, len(towers), " ".join(map(str, towers)))
    check_run(name, stdin, "".join("A" if win[n] else "B" for n in towers) + "\n",
              "towers up to 10^6")


@functools.lru_cache(maxsize=None)
def chessmen_win(cells):
    """Georgia and Bob: cells is the sorted tuple of occupied cells."""
    for i, c in enumerate(cells):
        lowest = cells[i - 1] + 1 if i > 0 else 1
        for to in range(lowest, c):
            if not chessmen_win(cells[:i] + (to,) + cells[i + 1:]):
                return True
    return False


def test_georgia_and_bob():
    name = "poj1704_georgia_and_bob"
    for _ in range(15):
        tests = []
        for _ in range(RNG.randint(1, 20)):
            cells = RNG.sample(range(1, 12), RNG.randint(1, 4))
            tests.append(cells)  # unsorted, as the judge gives them
        stdin = "%d\n" % len(tests) + "".join(
            "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
        want = "".join("Georgia will win\n" if chessmen_win(tuple(sorted(t)))
                       else "Bob will win\n" for t in tests)
        check_run(name, stdin, want, "random rows of chessmen")


def simple_nim_moves(h):
    out = [(left,) for left in range(h)]
    out += [(a, b, h - a - b) for a in range(1, h) for b in range(a, h)
            if h - a - b >= b]
    return out


def test_simple_nim():
    name = "hdu5795_a_simple_nim"
    win = heaps_win(simple_nim_moves)
    # Plain search over whole positions (multisets of heaps), small totals.
    for _ in range(10):
        tests = []
        for _ in range(RNG.randint(1, 12)):
            total = RNG.randint(1, 17)
            heaps = []
            while total > 0 and len(heaps) < 3:
                h = RNG.randint(1, total)
                heaps.append(h)
                total -= h
            tests.append(heaps)
        stdin = "%d\n" % len(tests) + "".join(
            "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
        want = "".join("First player wins.\n" if win(tuple(sorted(t)))
                       else "Second player wins.\n" for t in tests)
        check_run(name, stdin, want, "random positions, plain search")
    # Bigger heaps: single-heap values by the mex rule over the same moves.
    top = 120
    g = []
    for h in range(top + 1):
        g.append(mex({functools.reduce(lambda x, y: x ^ g[y], parts, 0)
                      for parts in simple_nim_moves(h)}))
    tests = [[x, y] for x in range(1, top + 1) for y in range(1, top + 1)]
    tests += near_p_positions(g, 1000, 5, list(range(1, top + 1)))
    stdin = "%d\n" % len(tests) + "".join(
        "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
    want = "".join("First player wins.\n" if functools.reduce(lambda x, y: x ^ g[y], t, 0)
                   else "Second player wins.\n" for t in tests)
    check_run(name, stdin, want, "heaps up to %d, values by mex" % top)
    # Full size: 10^6 heaps up to 10^9, in equal pairs (a P-position), and
    # the same with a heap of 1 added (an N-position).
    half = [RNG.randint(1, 10**9) for _ in range(499999)]
    pairs = half + half
    RNG.shuffle(pairs)
    stdin = "2\n%d\n%s\n%d\n%s\n" % (len(pairs), " ".join(map(str, pairs)),
                                     len(pairs) + 1, " ".join(map(str, pairs + [1])))
    rc, out, secs = run(name, stdin, timeout=60)
    check(rc == 0 and out == "Second player wins.\nFirst player wins.\n",
          "%s 10^6 heaps: exit %d, output %r" % (name, rc, out[:80]))
    print("%s: 10^6 heaps in %.2f s" % (name, secs))


def test_nim_game_ii():
    name = "cses1098_nim_game_ii"
    win = heaps_win(lambda h: [(h - m,) for m in (1, 2, 3) if m <= h])
    for _ in range(15):
        tests = [[RNG.randint(1, 10) for _ in range(RNG.randint(1, 4))]
                 for _ in range(RNG.randint(1, 15))]
        stdin = "%d\n" % len(tests) + "".join(
            "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
        want = "".join("first\n" if win(tuple(sorted(t))) else "second\n" for t in tests)
        check_run(name, stdin, want, "random heaps")


@functools.lru_cache(maxsize=None)
def stairs_win(stairs):
    """Stair game: stairs[0] is stair 1; a move takes balls from stair k > 1 to k - 1."""
    for k in range(1, len(stairs)):
        for moved in range(1, stairs[k] + 1):
            nxt = list(stairs)
            nxt[k] -= moved
            nxt[k - 1] += moved
            if not stairs_win(tuple(nxt)):
                return True
    return False


def test_stair_game():
    name = "cses1099_stair_game"
    for _ in range(15):
        tests = [[RNG.randint(0, 3) for _ in range(RNG.randint(1, 5))]
                 for _ in range(RNG.randint(1, 15))]
        stdin = "%d\n" % len(tests) + "".join(
            "%d\n%s\n" % (len(t), " ".join(map(str, t))) for t in tests)
        want = "".join("first\n" if stairs_win(tuple(t)) else "second\n" for t in tests)
        check_run(name, stdin, want, "random stairs")


def grundy_game_moves(h):
    return [(a, h - a) for a in range(1, (h + 1) // 2) if a != h - a]


def test_grundys_game():
    name = "cses2207_grundys_game"
    win = heaps_win(grundy_game_moves)
    heaps = list(range(1, 31))
    stdin = "%d\n%s\n" % (len(heaps), "\n".join(map(str, heaps)))
    want = "".join("first\n" if win((n,)) else "second\n" for n in heaps)
    check_run(name, stdin, want, "heaps 1..30, plain search")
    # Single-heap values by the mex rule, past the program's table (2048).
    top = 2600
    g = [0] * (top + 1)
    for h in range(3, top + 1):
        g[h] = mex({g[a] ^ g[h - a] for a in range(1, (h + 1) // 2)})
    heaps = list(range(1, top + 1))
    RNG.shuffle(heaps)
    stdin = "%d\n%s\n" % (len(heaps), "\n".join(map(str, heaps)))
    want = "".join("first\n" if g[n] else "second\n" for n in heaps)
    check_run(name, stdin, want, "heaps 1..%d, values by mex" % top)


def legendre_moves(k):
    def moves_of(h):
        out = [(h - 1,)]
        if h % 2 == 0:
            out.append((h // 2,) * k)
        return out
    return moves_of


def test_lieges():
    name = "cf603c_lieges_of_legendre"
    for k in (1, 2, 3):
        win = heaps_win(legendre_moves(k))
        for _ in range(8):
            piles = [RNG.randint(1, 6 if k < 3 else 5) for _ in range(RNG.randint(1, 2))]
            stdin = "%d %d\n%s\n" % (len(piles), k, " ".join(map(str, piles)))
            want = "Kevin\n" if win(tuple(sorted(piles))) else "Nicky\n"
            check_run(name, stdin, want, "k = %d, plain search" % k)
    # Bigger piles: single-pile values by the mex rule over the same moves
    # (k equal piles of value v have value v if k is odd, else 0).
    top = 5000
    pool = list(range(1, 41)) + [c << j for c in range(1, 13) for j in range(13)
                                 if c << j <= top]
    pool += [RNG.randint(1, top) for _ in range(len(pool))]
    for k in (1, 2, 3, 4, 7, 10, 999999999, 1000000000):
        g = [0] * (top + 1)
        for h in range(1, top + 1):
            opts = {g[h - 1]}
            if h % 2 == 0:
                opts.add(g[h // 2] if k % 2 else 0)
            g[h] = mex(opts)
        # Two piles x, y: a P-position exactly when g(x) = g(y).
        for _ in range(8):
            piles = RNG.sample(pool, 2)
            stdin = "2 %d\n%d %d\n" % (k, piles[0], piles[1])
            check_run(name, stdin, "Kevin\n" if g[piles[0]] != g[piles[1]] else "Nicky\n",
                      "k = %d, two piles, values by mex" % k)
        for piles in near_p_positions(g, 12, 6, pool):
            value = functools.reduce(lambda x, y: x ^ g[y], piles, 0)
            stdin = "%d %d\n%s\n" % (len(piles), k, " ".join(map(str, piles)))
            check_run(name, stdin, "Kevin\n" if value else "Nicky\n",
                      "k = %d, piles up to %d, values by mex" % (k, top))


# ---- the judge's budget: a maximum-size input of each problem -----------

def numbers(count, low, high):
    return " ".join(str(RNG.randint(low, high)) for _ in range(count))


def many_cases(t, per_case):
    """T cases of per_case() each, after the line with T."""
    return "%d\n" % t + "".join(per_case() for _ in range(t))


def largest_input(name):
    """A maximum-size input for the problem (its constraints in SAMPLES.md)."""
    if name == "nim_product_64":
        t = 1000000
        return "%d\n" % t + "".join("%d %d\n" % (RNG.getrandbits(64), RNG.getrandbits(64))
                                    for _ in range(t))
    if name == "hdu1907_john":
        return many_cases(474, lambda: "47\n%s\n" % numbers(47, 1, 4747))
    if name == "hdu1536_snim":
        test = "100 %s\n100\n" % numbers(100, 1, 10000) + "".join(
            "100 %s\n" % numbers(100, 0, 10000) for _ in range(100))
        return test * 3 + "0\n"
    if name == "spoj_mcoins":
        return "4 9 50\n%s\n" % numbers(50, 1, 1000000)
    if name == "poj1704_georgia_and_bob":
        def case():
            cells = RNG.sample(range(1, 10001), 1000)
            return "1000\n%s\n" % " ".join(map(str, cells))
        return many_cases(20, case)
    if name == "hdu5795_a_simple_nim":
        return "1\n1000000\n%s\n" % numbers(1000000, 1, 10 ** 9)
    if name == "lightoj1253":
        return many_cases(200, lambda: "100\n%s\n" % numbers(100, 1, 10 ** 9))
    if name == "hackerrank_misere_nim":
        return many_cases(100, lambda: "100\n%s\n" % numbers(100, 1, 10 ** 9))
    if name == "codingame_misere_nim":
        return "3 5\n" + "".join("%s\n" % numbers(3, 1, 50) for _ in range(5))
    if name in ("cses1098_nim_game_ii", "cses1099_stair_game"):
        low = 1 if name == "cses1098_nim_game_ii" else 0
        return "1\n200000\n%s\n" % numbers(200000, low, 10 ** 9)
    if name == "cses2207_grundys_game":
        return "100000\n%s\n" % "\n".join(str(RNG.randint(1, 1000000)) for _ in range(100000))
    if name == "cf603c_lieges_of_legendre":
        return "100000 %d\n%s\n" % (RNG.randint(1, 10 ** 9), numbers(100000, 1, 10 ** 9))
    raise KeyError(name)


def cpu_seconds(name, stdin):
    """Runs a solution; returns (exit status, CPU seconds of the run).  A
    minute of CPU is the bound of a hang (SIGXCPU ends the run)."""
    def hang_guard():
        resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
    with tempfile.TemporaryFile() as f:
        f.write(stdin.encode())
        f.seek(0)
        proc = subprocess.Popen([BIN[name]], stdin=f, stdout=subprocess.DEVNULL,
                                preexec_fn=hang_guard)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_utime + usage.ru_stime


def check_budget(name):
    stdin = largest_input(name)
    rc, cpu = cpu_seconds(name, stdin)
    print("%s: the largest input in %.3f s of CPU (the judge's budget: 1 s)" % (name, cpu))
    check(rc == 0, "%s: the largest input: exit %d" % (name, rc))


TESTS = {
    "nim_product_64": test_nim_product,
    "hdu1907_john": test_john,
    "hdu1536_snim": test_snim,
    "spoj_mcoins": test_mcoins,
    "poj1704_georgia_and_bob": test_georgia_and_bob,
    "hdu5795_a_simple_nim": test_simple_nim,
    "lightoj1253": test_lightoj,
    "codingame_misere_nim": test_codingame,
    "hackerrank_misere_nim": test_hackerrank,
    "cses1098_nim_game_ii": test_nim_game_ii,
    "cses1099_stair_game": test_stair_game,
    "cses2207_grundys_game": test_grundys_game,
    "cf603c_lieges_of_legendre": test_lieges,
}


def main():
    names = sorted(SAMPLES)
    sources = sorted(f[:-2] for f in os.listdir(SRC_DIR) if f.endswith(".c"))
    check(sources == names, "solutions %s, want %s" % (sources, names))
    if not check(os.path.isfile(SINGLE), "single/%s is missing (make single-header)" % HEADER):
        return summary()
    for name in names:
        with open(os.path.join(SRC_DIR, name + ".c")) as f:
            text = f.read()
        lines = text.splitlines()
        includes = [line.split()[1] for line in lines if line.startswith("#include")]
        quoted = '"%s"' % HEADER
        check("#define GRUNDY_IMPLEMENTATION" in lines and includes[:1] == [quoted]
              and lines.index("#define GRUNDY_IMPLEMENTATION")
              < lines.index("#include " + quoted),
              "%s.c defines GRUNDY_IMPLEMENTATION, then includes %s first" % (name, HEADER))
        check(all(i == quoted or i.startswith("<") for i in includes),
              "%s.c includes only %s and standard headers: %s" % (name, HEADER, includes))

    outdir = tempfile.mkdtemp(prefix="contest_test.")
    try:
        gen = generator()
        includes = {}
        for name in names:
            includes[name], size = cut_edition(gen, name, outdir)
            print("%s: its calls' edition, %d bytes" % (name, size))
        for edition in ("the whole edition", "its calls' edition"):
            print("---- on %s" % edition)
            BIN.clear()
            with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
                results = dict(zip(names, pool.map(
                    lambda n: compile_one(n, outdir, os.path.join(ROOT, "single")
                                          if edition == "the whole edition" else includes[n]),
                    names)))
            for name in names:
                ok, msg = results[name]
                if check(ok, "%s on %s: %s" % (name, edition, msg)):
                    BIN[name] = msg
            for name in names:
                if name not in BIN:
                    continue
                for i, (stdin, want) in enumerate(SAMPLES[name]):
                    check_run(name, stdin, want, "sample %d" % (i + 1))
                TESTS[name]()
            for name in names:
                if name in BIN:
                    check_budget(name)
    finally:
        shutil.rmtree(outdir, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
