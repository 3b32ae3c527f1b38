#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the published table of the octal games of up to three digits,
docs/data/octal3.txt (docs/octal3.md), without recomputing all of it:

- its format: the header of `grundy survey --values 100000`, then one line
  per code 0.d1, 0.d1d2, 0.d1d2d3 (last digit not 0), all 511, in byte
  order, each line of the survey's grammar;
- the known periods: Kayles 0.77 (12 from 71), Dawson's Kayles 0.07 (34
  from 53), the pebble game 0.137 (34 from 52, docs/seeds.md); 0.16 (period
  149459 from 105351) and 0.56 (144 from 326640) lie past 100000 heaps, so
  the table must say they are open (or give exactly these);
- every period the table claims, against `grundy period GAME 100000` (fast:
  a proved period stops the computation), and the short ones against a
  brute force here (a plain mex over the moves the code allows) over three
  periods past the preperiod: the period holds there, and no smaller
  period or preperiod does;
- a sample of rows (every 32nd game, and the games above) recomputed whole
  by `grundy survey`.

usage: python3 test/octal3_test.py      (from anywhere, after make)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "docs", "data", "octal3.txt")
CLI = os.path.join(ROOT, "bin", "grundy")
N = 100000
LINE = re.compile(r"^(0\.[0-7]{1,3}) (?:period (\d+) preperiod (\d+)(?: saltus (\d+))?|open up to (\d+))"
                  r" largest (\d+) rare (\d+|-)$")
KNOWN = {"0.77": (12, 71), "0.07": (34, 53), "0.137": (34, 52)}
BEYOND = {"0.16": (149459, 105351), "0.56": (144, 326640)}  # past N heaps
BRUTE_MAX = 1500  # heaps the brute force computes at most


def codes():
    out = []
    for j in (1, 2, 3):
        for x in range(8 ** (j - 1)):
            for d in range(1, 8):
                out.append("0." + format(x * 8 + d, "o").zfill(j))
    return sorted(out)


def brute(code, count):
    """G(0) .. G(count-1) of an octal game by its definition: removing k
    tokens (digit dk) may leave 0 heaps (bit 1, only when none is left), 1
    heap (bit 2) or 2 heaps (bit 4) of the rest."""
    digits = [int(c) for c in code[2:]]
    g = []
    for n in range(count):
        seen = set()
        for k, dk in enumerate(digits, start=1):
            m = n - k
            if m < 0:
                break
            if dk & 1 and m == 0:
                seen.add(0)
            if dk & 2 and m >= 1:
                seen.add(g[m])
            if dk & 4:
                for a in range(1, m // 2 + 1):
                    if m - a >= 1:
                        seen.add(g[a] ^ g[m - a])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def periodic(g, p, q):
    return all(g[n + p] == g[n] for n in range(q, len(g) - p))


def main():
    if not check(os.path.exists(TABLE), "no table %s" % TABLE):
        return summary()
    with open(TABLE, encoding="ascii") as f:
        lines = f.read().splitlines()
    check(lines[:1] == ["# grundy survey --values %d" % N], "header: %r" % lines[:1])
    rows = {}
    names = []
    for line in lines[1:]:
        m = LINE.match(line)
        if check(m is not None, "not a survey line: %r" % line):
            names.append(m.group(1))
            rows[m.group(1)] = (line, m)
            if m.group(5) is not None:
                check(int(m.group(5)) == N, "%s: open up to %s, not %d" % (m.group(1), m.group(5), N))
    check(names == codes(), "the games are not the 511 codes of up to 3 digits in byte order")

    for game, (p, q) in KNOWN.items():
        line, m = rows[game]
        check(m.group(2) is not None and (int(m.group(2)), int(m.group(3))) == (p, q),
              "%s: want period %d preperiod %d, the table says %r" % (game, p, q, line))
    for game, (p, q) in BEYOND.items():
        line, m = rows[game]
        check(m.group(5) is not None or (int(m.group(2)), int(m.group(3))) == (p, q),
              "%s: the table claims %r; its period %d from %d is past %d heaps" % (game, line, p, q, N))

    # Every claimed period: the tool proves it again, and short ones by brute force.
    proved = [(g, int(m.group(2)), int(m.group(3))) for g, (_, m) in rows.items() if m.group(2)]
    check(len(proved) > 250, "only %d proved periods" % len(proved))
    for game, p, q in proved:
        out = subprocess.run([CLI, "period", game, str(N)], capture_output=True, text=True)
        check(out.stdout.strip() == "period %d preperiod %d" % (p, q),
              "%s: the table says period %d preperiod %d, grundy period says %r" %
              (game, p, q, out.stdout.strip()))
        count = q + 3 * p + 4
        if count > BRUTE_MAX:
            continue
        g = brute(game, count)
        check(periodic(g, p, q), "%s: brute force: no period %d from %d" % (game, p, q))
        check(q == 0 or not periodic(g, p, q - 1),
              "%s: brute force: the preperiod is below %d" % (game, q))
        smaller = [d for d in range(1, p) if p % d == 0 and periodic(g, d, q)]
        check(not smaller, "%s: brute force: period %s divides %d" % (game, smaller, p))

    # A sample of rows recomputed whole.
    sample = sorted(set(names[::32]) | set(KNOWN) | set(BEYOND))
    out = subprocess.run([CLI, "survey", "--values", str(N)] + sample, capture_output=True,
                         text=True)
    check(out.returncode == 0, "grundy survey of the sample: exit %d: %s" % (out.returncode, out.stderr))
    got = out.stdout.splitlines()
    want = ["# grundy survey --values %d" % N] + [rows[g][0] for g in sample]
    check(got == want, "the sample recomputed differs:\n" +
          "\n".join("    table: %s\n    now:   %s" % (a, b) for a, b in zip(want, got) if a != b))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
