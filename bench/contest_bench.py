#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed of the contest edition against the whole single header, measured,
not checked (no test asserts a time): bench/contest_games.c, the games of
figure D given by rules (three heaps and Kayles, 8-byte positions, options
in one call and one at a time), the same on dense positions (a 20-bit mask
for Kayles) and a cutting game, built at -O2 on single/grundy.h and on the
contest edition cut to its calls (normal play), and with --lean for
comparison.  `make bench` runs it after the C suite.

Each build runs ROUNDS times, the builds taking turns, and each game
keeps its best thread CPU time (each run solves every game from scratch,
best of 3 inside); the ratios are edition / whole header (target: at most
1.2).  Every build must give the same values and positions stored; the
bytes each holds are printed.

usage: python3 bench/contest_bench.py [ROUNDS]   (after make single-header)
Exit status 0, also when a target is missed; 1 if a build or run fails or
the builds disagree.
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROGRAM = os.path.join(ROOT, "bench", "contest_games.c")
GENERATOR = os.path.join(ROOT, "tools", "amalgamate.py")
WHOLE = os.path.join(ROOT, "single", "grundy.h")
TARGET = 1.2
CC = os.environ.get("CC", "cc")


def build(folder, name, header_text):
    """Builds the program on header_text; returns the executable."""
    sub = os.path.join(folder, name)
    os.mkdir(sub)
    with open(os.path.join(sub, "edition.h"), "w", encoding="utf-8") as f:
        f.write(header_text)
    exe = os.path.join(sub, "contest_games")
    subprocess.run([CC, "-std=c11", "-O2", "-I", sub, PROGRAM, "-o", exe], check=True)
    return exe


def edition(folder, extra):
    out = os.path.join(folder, "cut%d.h" % len(extra))
    subprocess.run([sys.executable, GENERATOR, "--contest", "--calls-of", PROGRAM,
                    "--plays", "normal"] + extra + [out], check=True)
    with open(out, encoding="utf-8") as f:
        return f.read()


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    if not os.path.exists(WHOLE):
        sys.stderr.write("contest_bench.py: no %s (make single-header)\n" % WHOLE)
        return 1
    folder = tempfile.mkdtemp(prefix="contest_bench.")
    with open(WHOLE, encoding="utf-8") as f:
        whole = f.read()
    cut, lean = edition(folder, []), edition(folder, ["--lean"])
    sides = [("whole header", build(folder, "whole", whole)),
             ("edition", build(folder, "cut", cut)),
             ("edition --lean", build(folder, "lean", lean))]
    print("contest bench: %s, -O2, best of %d alternated runs (thread CPU time)"
          % (CC, rounds))
    print("edition cut to the program's calls, normal play: %d bytes; with --lean: %d"
          % (len(cut.encode()), len(lean.encode())))
    best = {}   # (side, game) -> seconds
    held = {}   # (side, game) -> bytes the memo held (grundy_game_stats())
    facts = {}  # game -> (value, positions) of the whole header
    games = []
    for _ in range(rounds):
        for side, exe in sides:
            proc = subprocess.run([exe, "3"], capture_output=True, text=True)
            if proc.returncode != 0:
                sys.stderr.write("%s failed: %s\n" % (side, proc.stderr))
                return 1
            for line in proc.stdout.splitlines():
                name, seconds, value, positions, nbytes = line.split("\t")
                held[(side, name)] = nbytes
                if name not in games:
                    games.append(name)
                facts.setdefault(name, (value, positions))
                if facts[name] != (value, positions):
                    sys.stderr.write("%s: %s gives value %s, %s positions; the whole header %s\n"
                                     % (name, side, value, positions, facts[name]))
                    return 1
                key = (side, name)
                best[key] = min(best.get(key, float("inf")), float(seconds))
    print("%-28s %10s %10s %10s %8s %8s" % ("game", "whole", "edition", "--lean", "ratio",
                                            "--lean"))
    for name in games:
        w, e, l = (best[(s, name)] for s, _ in sides)
        print("%-28s %9.3fs %9.3fs %9.3fs %7.2fx %7.2fx  %s"
              % (name, w, e, l, e / w, l / w, "met" if e / w <= TARGET else "MISSED"))
    print("bytes held (grundy_game_stats())")
    for name in games:
        print("%-28s %11s %10s %10s" % ((name,) + tuple(held[(s, name)] for s, _ in sides)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
