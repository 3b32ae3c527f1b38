#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the worked-problem examples (docs/examples/*.c, built into
build/examples/ by `make check`) and check their answers.

Each example is checked on the answers its seed text publishes, and on many
random small inputs against a brute force written here: a plain recursive mex
over the game's own moves on its natural state (the row of stones, the coin
row, the board cells), with no decomposition into sums.

usage: python3 test/examples_test.py      (from the repository root, after make)
Last line: "N passed, N failed", counting single checks; exit status 1 if any
check failed.
"""
import functools
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, mex, run_cases, summary  # noqa: E402
from testlib import run as testlib_run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# GRUNDY_EXAMPLES_DIR runs other builds of the examples (e.g. with sanitizers).
EXAMPLES = os.environ.get("GRUNDY_EXAMPLES_DIR", os.path.join(ROOT, "build", "examples"))
CLI = os.path.join(ROOT, "bin", "grundy")

sys.setrecursionlimit(10000)
RNG = random.Random(20240611)


def run(name, args=(), stdin=None):
    """Runs an example (or the CLI); returns (exit status, stdout, stderr)."""
    path = os.path.join(EXAMPLES, name) if name != "grundy" else CLI
    return testlib_run([path] + list(args), stdin)




def check_bad(name, args=(), stdin=None):
    """A bad input: exit status 2, a message on stderr."""
    rc, _, err = run(name, args, stdin)
    check(rc == 2 and err.startswith(name + ":") or (rc == 2 and "usage" in err),
          "%s %r (stdin %r): want exit 2 with a message, got %d %r" % (name, args, stdin, rc, err))


def line_with(text, prefix):
    """The first line of text starting with prefix, or ''."""
    for line in text.splitlines():
        if line.startswith(prefix):
            return line
    return ""


def ints_after(line, sep="="):
    return [int(x) for x in line.split(sep, 1)[1].split()]


# ---- pebble_strip: octal game 0.137 -------------------------------------

@functools.lru_cache(maxsize=None)
def pebble_sg(n, pebbles):
    """A 1 x n strip with pebbles on the cells in the bitmask `pebbles`."""
    opts = set()
    for c in range(n):
        near = pebbles >> max(c - 1, 0) & (7 if c > 0 else 3)
        if near == 0:
            opts.add(pebble_sg(n, pebbles | 1 << c))
    return mex(opts)


def test_pebble_strip():
    seed = "G(0..20) = 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0"
    rc, out, _ = run("pebble_strip", [20])
    lines = out.splitlines()
    check(rc == 0 and lines[:1] == [seed], "pebble_strip 20: the seed's values, got %r" % out)
    check(lines[-1:] == ["second player wins"], "pebble_strip 20: second player wins")
    rc, out, _ = run("pebble_strip", [13])
    check(out.splitlines()[-1:] == ["first player wins: place the pebble at cell 7"],
          "pebble_strip 13: the middle cell, got %r" % out)
    rc, out, _ = run("grundy", ["values", "0.137", 21])
    check(rc == 0 and out.split() == seed.split("=")[1].split(),
          "grundy values 0.137 21 prints the seed's values, got %r" % out)
    # A longer strip against the octal-game code of the library.
    rc1, out1, _ = run("pebble_strip", [300])
    rc2, out2, _ = run("grundy", ["values", "0.137", 301])
    check(rc1 == 0 and rc2 == 0 and ints_after(out1.splitlines()[0]) == [int(x) for x in out2.split()],
          "pebble_strip 300 and grundy values 0.137 301 agree")
    # Brute force on the cells of the strip.
    rc, out, _ = run("pebble_strip", [14])
    got = ints_after(out.splitlines()[0]) if rc == 0 else []
    check(got == [pebble_sg(n, 0) for n in range(15)], "pebble_strip 14 against brute force: %r" % got)
    for n in range(1, 15):
        rc, out, _ = run("pebble_strip", [n])
        last = out.splitlines()[-1] if out else ""
        m = re.fullmatch(r"first player wins: place the pebble at cell (\d+)", last)
        if pebble_sg(n, 0) == 0:
            check(last == "second player wins", "pebble_strip %d: second player wins" % n)
        elif check(m is not None, "pebble_strip %d: a winning cell, got %r" % (n, last)):
            c = int(m.group(1)) - 1
            check(0 <= c < n and pebble_sg(n, 1 << c) == 0,
                  "pebble_strip %d: cell %d leaves a P-position" % (n, c + 1))
    check_bad("pebble_strip", ["2001"])
    check_bad("pebble_strip", ["-3"])


# ---- stripes: POI 2000 ----------------------------------------------------

def stripes_brute(sizes):
    """SG of a set of stones (bitmask; a gap separates rows) under the rules."""
    @functools.lru_cache(maxsize=None)
    def sg(mask):
        if mask == 0:
            return 0
        while mask & 1 == 0:
            mask >>= 1
        opts = set()
        for x in sizes:
            block = (1 << x) - 1
            i = 0
            while block << i <= mask:
                if mask & (block << i) == block << i:
                    opts.add(sg(mask & ~(block << i)))
                i += 1
        return mex(opts)
    return sg


def stripes_input(sizes, lengths):
    return "%d %d %d\n%d\n%s\n" % (tuple(sizes) + (len(lengths), "\n".join(map(str, lengths))))


def octal_code(sizes):
    """The octal code of taking exactly one of `sizes` contiguous stones."""
    return "0." + "".join("7" if k in sizes else "0" for k in range(1, max(sizes) + 1))


def test_stripes():
    rc, out, _ = run("stripes", stdin="1 5 1\n3\n1\n5\n6\n")
    check(rc == 0 and out.split() == ["1", "1", "2"], "stripes 1 5 1 on 1, 5, 6: got %r" % out)
    for _ in range(22):
        sizes = [RNG.randint(1, 6) for _ in range(3)]
        lengths = list(range(0, 13))
        RNG.shuffle(lengths)
        sg = stripes_brute(tuple(sorted(set(sizes))))
        want = ["1" if sg((1 << m) - 1) else "2" for m in lengths]
        rc, out, err = run("stripes", stdin=stripes_input(sizes, lengths))
        check(rc == 0 and out.split() == want,
              "stripes %r on %r: want %r, got %r %r" % (sizes, lengths, want, out, err))
    # Long rows: against the library's octal-game code (taking exactly x
    # contiguous stones from a row is the octal digit 7 at place x).
    for sizes in ([1, 2, 3], [2, 2, 2], [3, 7, 11], [1000, 1000, 1000], [4, 5, 9]):
        rc, out, _ = run("stripes", stdin=stripes_input(sizes, list(range(1001))))
        rc2, out2, _ = run("grundy", ["values", octal_code(set(sizes)), 1001])
        want = ["1" if int(v) else "2" for v in out2.split()]
        check(rc == 0 and rc2 == 0 and out.split() == want and len(want) == 1001,
              "stripes %r on 0..1000 against grundy values %s" % (sizes, octal_code(set(sizes))))
    check_bad("stripes", stdin="0 1 1\n1\n1\n")
    check_bad("stripes", stdin="1 2 1001\n1\n1\n")
    check_bad("stripes", stdin="1 2 3\n2\n5\n")
    check_bad("stripes", stdin="1 2 3\n1\n5\n7\n")
    check_bad("stripes", stdin="1 2 x\n")
    check_bad("stripes", stdin="1 2 3\n1\n1001\n")
    check_bad("stripes", ["extra"], stdin="1 2 3\n1\n5\n")


# ---- prime_subtraction: Agora 2004 ----------------------------------------

def primes_upto(n):
    sieve = [True] * (n + 1)
    out = []
    for p in range(2, n + 1):
        if sieve[p]:
            out.append(p)
            for q in range(p * p, n + 1, p):
                sieve[q] = False
    return out


PRIMES = set(primes_upto(20000))
MOVES_SMALL = [1] + primes_upto(60)


@functools.lru_cache(maxsize=None)
def prime_sum_sg(heaps):
    """SG of a sorted tuple of heaps, moving in any heap by the rules."""
    opts = set()
    for i, h in enumerate(heaps):
        for t in MOVES_SMALL:
            if t > h:
                break
            rest = heaps[:i] + ((h - t,) if h > t else ()) + heaps[i + 1:]
            opts.add(prime_sum_sg(tuple(sorted(rest))))
    return mex(opts)


def parse_prime_output(out):
    values = {}
    for m in re.finditer(r"^heap (\d+): (\d+) stones?, G = (\d+)$", out, re.M):
        values[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    move = re.search(r"^first player wins: take (\d+) stones? from heap (\d+) \((\d+) -> (\d+)\)$",
                     out, re.M)
    return values, move


def test_prime_subtraction():
    rc, out, _ = run("prime_subtraction", [7, 5, 10])
    table = line_with(out, "G(0..")
    check(rc == 0 and table and ints_after(table)[:11] == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2],
          "prime_subtraction: the seed's table of G(0..10), got %r" % table)
    check("the values have period 4 from heap 0 on (proved)" in out.splitlines(),
          "prime_subtraction: period 4 proved, got %r" % out)
    for _ in range(40):
        heaps = [RNG.randint(0, 24) for _ in range(RNG.randint(1, 3))]
        rc, out, err = run("prime_subtraction", heaps)
        values, move = parse_prime_output(out)
        ok = rc == 0 and len(values) == len(heaps)
        ok = ok and all(values[i + 1] == (h, prime_sum_sg((h,) if h else ())) for i, h in enumerate(heaps))
        check(ok, "prime_subtraction %r: heap values, got %r %r" % (heaps, out, err))
        total = prime_sum_sg(tuple(sorted(h for h in heaps if h)))
        check(line_with(out, "xor of the values:") == "xor of the values: %d" % total,
              "prime_subtraction %r: value of the sum %d" % (heaps, total))
        if total == 0:
            check(out.splitlines()[-1:] == ["second player wins"], "prime_subtraction %r: P" % heaps)
        elif check(move is not None, "prime_subtraction %r: a winning move, got %r" % (heaps, out)):
            take, i, before, after = (int(move.group(k)) for k in range(1, 5))
            rest = list(heaps)
            legal = 1 <= i <= len(heaps) and before == heaps[i - 1] and after == before - take
            legal = legal and (take == 1 or take in PRIMES) and take <= before
            if check(legal, "prime_subtraction %r: a legal move, got %r" % (heaps, move.group(0))):
                rest[i - 1] = after
                check(prime_sum_sg(tuple(sorted(h for h in rest if h))) == 0,
                      "prime_subtraction %r: the move leaves a P-position" % heaps)
    # Large heaps: the seed's formula G(n) = n mod 4.
    for _ in range(6):
        heaps = [RNG.randint(0, 20000) for _ in range(RNG.randint(1, 4))]
        rc, out, _ = run("prime_subtraction", heaps)
        values, move = parse_prime_output(out)
        check(rc == 0 and all(values.get(i + 1) == (h, h % 4) for i, h in enumerate(heaps)),
              "prime_subtraction %r: G(n) = n mod 4" % heaps)
        total = 0
        for h in heaps:
            total ^= h % 4
        if total and check(move is not None, "prime_subtraction %r: a move" % heaps):
            take, i, before, after = (int(move.group(k)) for k in range(1, 5))
            rest = list(heaps)
            rest[i - 1] = after
            left = 0
            for h in rest:
                left ^= h % 4
            check((take == 1 or take in PRIMES) and before - take == after and left == 0,
                  "prime_subtraction %r: a legal winning move %r" % (heaps, move.group(0)))
    check_bad("prime_subtraction")
    check_bad("prime_subtraction", ["-1"])
    check_bad("prime_subtraction", ["20001"])
    check_bad("prime_subtraction", ["5", "abc"])


# ---- turning_turtles ------------------------------------------------------

@functools.lru_cache(maxsize=None)
def turtles_sg(row):
    """SG of a coin row: bit i set when coin i + 1 shows heads."""
    opts = set()
    for i in range(row.bit_length()):
        if row >> i & 1:
            turned = row ^ 1 << i
            opts.add(turtles_sg(turned))
            for j in range(i):
                opts.add(turtles_sg(turned ^ 1 << j))
    return mex(opts)


def row_mask(text):
    return sum(1 << i for i, c in enumerate(text) if c == "H")


def test_turning_turtles():
    rc, out, _ = run("turning_turtles", ["--check", 12])
    check(rc == 0 and out.strip() ==
          "all 4096 rows of 12 coins: the value is the xor of the positions of the heads",
          "turning_turtles --check 12, got %r" % out)
    for n in range(1, 11):
        for _ in range(4):
            text = "".join(RNG.choice("HT") for _ in range(n))
            row = row_mask(text)
            want = turtles_sg(row)
            nim = 0
            for i, c in enumerate(text):
                if c == "H":
                    nim ^= i + 1
            rc, out, err = run("turning_turtles", [text])
            check(rc == 0 and "value from the rules: %d" % want in out.splitlines(),
                  "turning_turtles %s: value %d, got %r %r" % (text, want, out, err))
            check(want == nim and "xor of the positions of the heads: %d" % nim in out.splitlines(),
                  "turning_turtles %s: equals Nim on the heads (%d)" % (text, nim))
            last = out.splitlines()[-1] if out else ""
            if want == 0:
                check(last == "second player wins", "turning_turtles %s: P, got %r" % (text, last))
                continue
            m = re.fullmatch(r"first player wins: turn coins? (\d+)(?: and (\d+))?, leaving ([HT]+)",
                             last)
            if not check(m is not None, "turning_turtles %s: a move, got %r" % (text, last)):
                continue
            i = int(m.group(1))
            j = int(m.group(2)) if m.group(2) else 0
            after = row ^ 1 << (i - 1) ^ (1 << (j - 1) if j else 0)
            legal = 1 <= i <= n and text[i - 1] == "H" and 0 <= j < i
            check(legal and m.group(3) == "".join("H" if after >> k & 1 else "T" for k in range(n))
                  and turtles_sg(after) == 0,
                  "turning_turtles %s: %r is a legal move to a P-position" % (text, last))
    check_bad("turning_turtles", ["HTX"])
    check_bad("turning_turtles", [""])
    check_bad("turning_turtles", ["H" * 17])
    check_bad("turning_turtles", ["--check", "17"])
    check_bad("turning_turtles")


# ---- poi_game: POI 2003/2004 ----------------------------------------------

def board_sg(m):
    """SG of a 1 x m board; bit c - 1 set when cell c holds a coin.  A coin
    on cell m ends the game (the player who put it there has won)."""
    @functools.lru_cache(maxsize=None)
    def sg(board):
        if board >> (m - 1) & 1:
            return 0
        opts = set()
        for c in range(m - 1):
            if board >> c & 1:
                d = c + 1
                while board >> d & 1:
                    d += 1
                opts.add(sg(board ^ 1 << c | 1 << d))
        return mex(opts)
    return sg


def poi_move(out):
    """The move printed as (from cell, to cell), or None if none."""
    last = out.splitlines()[-1] if out else ""
    m = re.fullmatch(r"first player wins: move the coin on cell (\d+) to cell (\d+)", last)
    return (int(m.group(1)), int(m.group(2))) if m else None


def legal_poi_move(coins, m, move):
    """Whether `move` follows the rules on the board with `coins` (cells from 1)."""
    src, dst = move
    if src not in coins:
        return False
    free = [c for c in range(src + 1, m + 1) if c not in coins]
    return bool(free) and dst == free[0]


def test_poi_game():
    rc, out, _ = run("poi_game", stdin="5 2\n1 3\n")
    check(rc == 0 and out.splitlines()[-1:] == ["first player wins: move the coin on cell 1 to cell 2"],
          "poi_game: coins on cells 1 and 3 of 5, got %r" % out)
    sgs = {m: board_sg(m) for m in range(1, 12)}
    for _ in range(80):
        m = RNG.randint(1, 11)
        coins = sorted(RNG.sample(range(1, m), RNG.randint(0, m - 1)))
        board = sum(1 << (c - 1) for c in coins)
        text = "%d %d\n%s\n" % (m, len(coins), " ".join(map(str, RNG.sample(coins, len(coins)))))
        rc, out, err = run("poi_game", stdin=text)
        want = sgs[m](board)
        if want == 0:
            check(rc == 0 and out.splitlines()[-1:] == ["second player wins"],
                  "poi_game %r: P, got %r %r" % (text, out, err))
            continue
        move = poi_move(out)
        if check(rc == 0 and move is not None, "poi_game %r: a move, got %r %r" % (text, out, err)):
            src, dst = move
            check(legal_poi_move(set(coins), m, move) and sgs[m](board ^ 1 << (src - 1) | 1 << (dst - 1)) == 0,
                  "poi_game %r: %r is legal and leaves a P-position" % (text, move))
    # A large board: the answer is a legal move (no brute force at this size).
    m = 1000000
    coins = RNG.sample(range(1, m - 3), 3000) + [m - 3]
    rc, out, _ = run("poi_game", stdin="%d %d\n%s\n" % (m, len(coins), " ".join(map(str, coins))))
    move = poi_move(out)
    check(rc == 0 and (out.splitlines()[-1:] == ["second player wins"] or
                       (move is not None and legal_poi_move(set(coins), m, move))),
          "poi_game on a 1 x 1000000 board, got %r" % out[-200:])
    check_bad("poi_game", stdin="0 0\n")
    check_bad("poi_game", stdin="5 5\n1 2 3 4 5\n")
    check_bad("poi_game", stdin="5 1\n5\n")
    check_bad("poi_game", stdin="5 2\n1 1\n")
    check_bad("poi_game", stdin="5 2\n1\n")
    check_bad("poi_game", stdin="5 1\n6\n")
    check_bad("poi_game", stdin="5 1\n2 3\n")
    check_bad("poi_game", stdin="5 1\n2x\n")


# ---- coloring_game: Russia 2007 -------------------------------------------

@functools.lru_cache(maxsize=None)
def coloring_sg(row):
    opts = set()
    for i, c in enumerate(row):
        if c != ".":
            continue
        for colour in "RB":
            if (i > 0 and row[i - 1] == colour) or (i + 1 < len(row) and row[i + 1] == colour):
                continue
            opts.add(coloring_sg(row[:i] + colour + row[i + 1:]))
    return mex(opts)


def test_coloring_game():
    n = 9
    rc, out, _ = run("coloring_game", ["--table", n])
    boards = {"A": lambda k: "." * k, "B": lambda k: "." * k + "R",
              "C": lambda k: "R" + "." * k + "R", "D": lambda k: "R" + "." * k + "B"}
    for name, board in boards.items():
        line = line_with(out, "%s(1..%d) =" % (name, n))
        want = [coloring_sg(board(k)) for k in range(1, n + 1)]
        check(rc == 0 and line and ints_after(line) == want,
              "coloring_game --table: %s = %r, got %r" % (name, want, line))
    for _ in range(90):
        length = RNG.randint(1, 9)
        row = ""
        for _ in range(length):
            choices = [c for c in ".RB" if c == "." or not row or row[-1] != c]
            row += RNG.choice(choices)
        want = coloring_sg(row)
        rc, out, err = run("coloring_game", [row])
        check(rc == 0 and "value of the row: %d" % want in out.splitlines(),
              "coloring_game %s: value %d, got %r %r" % (row, want, out, err))
        last = out.splitlines()[-1] if out else ""
        if want == 0:
            check(last == "second player wins", "coloring_game %s: P, got %r" % (row, last))
            continue
        m = re.fullmatch(r"first player wins: colour cell (\d+) (red|blue)", last)
        if check(m is not None, "coloring_game %s: a move, got %r" % (row, last)):
            i = int(m.group(1)) - 1
            colour = "R" if m.group(2) == "red" else "B"
            legal = 0 <= i < length and row[i] == "."
            legal = legal and not (i > 0 and row[i - 1] == colour)
            legal = legal and not (i + 1 < length and row[i + 1] == colour)
            check(legal and coloring_sg(row[:i] + colour + row[i + 1:]) == 0,
                  "coloring_game %s: %r is legal and leaves a P-position" % (row, last))
    check_bad("coloring_game", ["..RR."])
    check_bad("coloring_game", ["..X"])
    check_bad("coloring_game", [""])
    check_bad("coloring_game", ["--table", "0"])
    check_bad("coloring_game", ["." * 2001])


# ---- triomino: Bytecode 2008 ----------------------------------------------

def triomino_sg(n):
    """SG of a 2 x n board; cell (row r, column c) is bit 2c + r."""
    @functools.lru_cache(maxsize=None)
    def sg(board):
        opts = set()
        for c in range(n - 1):
            square = [2 * c, 2 * c + 1, 2 * c + 2, 2 * c + 3]
            for skip in square:
                cells = [b for b in square if b != skip]
                if all(not board >> b & 1 for b in cells):
                    opts.add(sg(board | sum(1 << b for b in cells)))
        return mex(opts)
    return sg


def test_triomino():
    rc3, out3, _ = run("triomino", [3])
    rc4, out4, _ = run("triomino", [4])
    check(rc3 == 0 and out3.splitlines()[-1].startswith("2 x 3 board: first player wins"),
          "triomino 3: the first player wins (the seed), got %r" % out3)
    check(rc4 == 0 and out4.splitlines()[-1] == "2 x 4 board: second player wins",
          "triomino 4: the second player wins (the seed), got %r" % out4)
    top = 8
    sgs = [triomino_sg(n)(0) for n in range(top + 1)]
    rc, out, _ = run("triomino", [top])
    check(rc == 0 and ints_after(out.splitlines()[0]) == sgs,
          "triomino %d: G(0..%d) = %r, got %r" % (top, top, sgs, out))
    for n in range(top + 1):
        rc, out, _ = run("triomino", [n])
        last = out.splitlines()[-1] if out else ""
        if sgs[n] == 0:
            check(last == "2 x %d board: second player wins" % n, "triomino %d: P, got %r" % (n, last))
            continue
        m = re.fullmatch(r"2 x %d board: first player wins: place a triomino on columns (\d+) and "
                         r"(\d+), leaving the top cell of column (\d+) free" % n, last)
        if check(m is not None, "triomino %d: a move, got %r" % (n, last)):
            a, b, keep = (int(m.group(k)) for k in range(1, 4))
            legal = 1 <= a and b == a + 1 and b <= n and keep in (a, b)
            board = 0
            if legal:
                for c in (a, b):
                    for r in (0, 1):
                        if not (c == keep and r == 0):
                            board |= 1 << (2 * (c - 1) + r)
            check(legal and triomino_sg(n)(board) == 0,
                  "triomino %d: %r is legal and leaves a P-position" % (n, last))
    # The longest board allowed, against the published small answers' shape.
    rc, out, _ = run("triomino", [2000])
    check(rc == 0 and len(ints_after(out.splitlines()[0])) == 2001, "triomino 2000 runs")
    check_bad("triomino")
    check_bad("triomino", ["-1"])
    check_bad("triomino", ["2001"])
    check_bad("triomino", ["x"])


def main():
    missing = [n for n in ("pebble_strip", "stripes", "prime_subtraction", "turning_turtles",
                           "poi_game", "coloring_game", "triomino")
               if not os.access(os.path.join(EXAMPLES, n), os.X_OK)]
    if not check(not missing, "examples not built: %s (run make check)" % missing):
        return summary()
    run_cases((test_pebble_strip, test_stripes, test_prime_subtraction, test_turning_turtles,
               test_poi_game, test_coloring_game, test_triomino))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
