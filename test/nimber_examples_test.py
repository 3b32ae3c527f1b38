#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Run the nimber example (docs/examples/turning_corners.c, built into
build/examples/ by `make check`) and check its answers.

Two references written here: Turning Corners played by a plain recursive mex
over its own moves on the whole board (a bitmask), and the nim product by its
definition, x (x) y = mex{x'(x)y ^ x(x)y' ^ x'(x)y' : x' < x, y' < y}.  The
brute force checks the library's values, the definition checks the Tartan
theorem's products, and every winning move printed is replayed.

usage: python3 test/nimber_examples_test.py   (from anywhere, after make)
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
NAME = "turning_corners"

RNG = random.Random(20240612)


def run(args):
    """Runs the example; returns (exit status, stdout, stderr)."""
    return testlib_run([os.path.join(EXAMPLES, NAME)] + list(args))




@functools.lru_cache(maxsize=None)
def nim_mul(x, y):
    """The nim product by its definition (fine for small x and y)."""
    return mex({nim_mul(a, y) ^ nim_mul(x, b) ^ nim_mul(a, b)
                for a in range(x) for b in range(y)})


def corners_sg(rows, cols):
    """SG of Turning Corners boards; bit x * cols + y is the coin at (x, y)."""
    def bit(x, y):
        return 1 << (x * cols + y)

    @functools.lru_cache(maxsize=None)
    def sg(pos):
        opts = set()
        for a in range(1, rows):
            for c in range(1, cols):
                if pos & bit(a, c):
                    for x in range(a):
                        for y in range(c):
                            opts.add(sg(pos ^ bit(a, c) ^ bit(x, c) ^ bit(a, y) ^ bit(x, y)))
        return mex(opts)
    return sg


def parse_tables(out, rows, cols):
    """The two tables of --table output, as lists of rows, or None."""
    tables = []
    lines = out.splitlines()
    for title in ("value from the rules:", "x (x) y from grundy_nimber_mul:"):
        if title not in lines:
            return None
        start = lines.index(title) + 2
        body = lines[start:start + rows]
        table = []
        for x, line in enumerate(body):
            m = re.fullmatch(r"x=%d\s+(.*)" % x, line)
            if m is None:
                return None
            table.append([int(v) for v in m.group(1).split()])
        if len(table) != rows or any(len(r) != cols for r in table):
            return None
        tables.append(table)
    return tables


def test_tables():
    rc, out, _ = run(["--table", 5, 5])
    tables = parse_tables(out, 5, 5)
    want = [[nim_mul(x, y) for y in range(5)] for x in range(5)]
    check(rc == 0 and tables == [want, want],
          "--table 5 5: both tables are x (x) y, got %r" % out)
    check(rc == 0 and want[4][4] == 6 and want[2][2] == 3 and want[2][4] == 8,
          "--table 5 5: the products of Winning Ways (4 (x) 4 = 6, 2 (x) 2 = 3)")
    check(out.splitlines()[-1:] == ["all 25 values agree: a coin at (x, y) is worth x (x) y"],
          "--table 5 5: closing line, got %r" % out[-200:])
    for rows, cols in ((1, 1), (2, 7), (3, 3), (4, 4), (3, 5), (5, 3), (1, 25), (2, 12), (3, 8)):
        rc, out, err = run(["--table", rows, cols])
        tables = parse_tables(out, rows, cols)
        products = [[nim_mul(x, y) for y in range(cols)] for x in range(rows)]
        check(rc == 0 and tables is not None and tables[1] == products,
              "--table %d %d: the products, got %r %r" % (rows, cols, out, err))
        if rows * cols <= 16:
            sg = corners_sg(rows, cols)
            brute = [[sg(1 << (x * cols + y)) for y in range(cols)] for x in range(rows)]
            check(tables is not None and tables[0] == brute,
                  "--table %d %d: the values against brute force" % (rows, cols))
        else:
            check(tables is not None and tables[0] == products,
                  "--table %d %d: the values are the products" % (rows, cols))


def board_args(pos, rows, cols):
    return ["".join("H" if pos >> (x * cols + y) & 1 else "T" for y in range(cols))
            for x in range(rows)]


def test_boards():
    for _ in range(60):
        rows, cols = RNG.randint(1, 4), RNG.randint(1, 4)
        sg = corners_sg(rows, cols)
        pos = RNG.getrandbits(rows * cols)
        args = board_args(pos, rows, cols)
        rc, out, err = run(args)
        want = sg(pos)
        tartan = 0
        for i in range(rows * cols):
            if pos >> i & 1:
                tartan ^= nim_mul(i // cols, i % cols)
        lines = out.splitlines()
        check(rc == 0 and "value from the rules: %d" % want in lines,
              "%r: value %d, got %r %r" % (args, want, out, err))
        check(want == tartan and "xor of x (x) y over the heads: %d" % tartan in lines,
              "%r: the Tartan value %d" % (args, tartan))
        if want == 0:
            check(lines[-1:] == ["second player wins"], "%r: P, got %r" % (args, out))
            continue
        m = None
        for k, line in enumerate(lines):
            m = re.fullmatch(r"first player wins: turn the corners of \((\d+), (\d+)\) - "
                             r"\((\d+), (\d+)\), leaving", line)
            if m:
                break
        if not check(m is not None, "%r: a move, got %r" % (args, out)):
            continue
        x, y, a, c = (int(m.group(g)) for g in range(1, 5))
        legal = x < a < rows and y < c < cols and pos >> (a * cols + c) & 1
        after = pos
        for i, j in ((x, y), (x, c), (a, y), (a, c)):
            after ^= 1 << (i * cols + j)
        shown = [line.strip() for line in lines[k + 1:k + 1 + rows]]
        check(legal and shown == board_args(after, rows, cols) and sg(after) == 0,
              "%r: %r is a legal move to a P-position, got %r" % (args, m.group(0), out))
    # The largest boards allowed, every coin heads, against the products.
    for rows, cols in ((5, 5), (3, 8), (4, 6)):
        args = ["H" * cols] * rows
        rc, out, _ = run(args)
        tartan = 0
        for x in range(rows):
            for y in range(cols):
                tartan ^= nim_mul(x, y)
        check(rc == 0 and "value from the rules: %d" % tartan in out.splitlines(),
              "%d x %d all heads: value %d, got %r" % (rows, cols, tartan, out))


def check_bad(args):
    """A bad input: exit status 2, a message on stderr."""
    rc, _, err = run(args)
    check(rc == 2 and (err.startswith(NAME + ":") or "usage" in err),
          "%r: want exit 2 with a message, got %d %r" % (args, rc, err))


def test_bad_input():
    for args in ([], [""], ["--table"], ["--table", 3], ["--table", 0, 4], ["--table", 5, 6],
                 ["--table", "x", 2], ["--table", 2, "3x"], ["--table", 2, 3, 4], ["--other"],
                 ["HT", "HTT"], ["HX"], ["ht"], ["H" * 26], ["HHHHHH"] * 5):
        check_bad(args)


def main():
    if not check(os.access(os.path.join(EXAMPLES, NAME), os.X_OK),
                 "%s not built (run make check)" % NAME):
        return summary()
    run_cases((test_tables, test_boards, test_bad_input))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
