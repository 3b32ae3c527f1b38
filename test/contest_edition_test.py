#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check single/grundy_contest.h, the contest edition of the library.

- It is current: tools/amalgamate.py --contest, run now, writes the same
  bytes (make writes it before this test runs).
- Every edition opens with the licence notice (the MIT text).  Its size,
  and each module's alone (--modules), are printed; the code of an edition
  of the Nim module alone (besides the notice) must fit the 50 KB (51200
  bytes) a judge takes with room for a solution.
- Each module's edition compiles alone as C99 and as C++11, every warning
  an error (syntax and types only: -fsyntax-only).
- test/contest_calls.c, the main calls of every module on random games, is
  built against both single headers with gcc and clang as C and g++ and
  clang++ as C++ at -O2 -Wall -Wextra -Werror (it reads out-parameters after
  checking only the status, so an out left unset on some path is a
  maybe-uninitialized error), and every build prints the same answers on
  the same random games: the contest edition against the whole library.
- Two editions cut to a program's calls build it (as C99 and as C++11),
  fit 50 KB and run it: a DAG's calls, and a subtraction game's under
  normal play only (--plays normal), which refuses misère play with
  GRUNDY_ENOTSUP and leaves the misère search out.
- The edition of the Grundy's game solution's calls under normal play
  (docs/examples/contest/cses2207_grundys_game.c, the largest of the
  solutions' cuts) fits 50 KB too; test/contest_test.py runs it.
- The example of docs/contest.md where the SJ rule and misère play differ
  builds on the contest edition and prints what the guide says.
  make check builds a cross-section (the edition as C99, C17, C++11 and
  C++20, the whole header as C99; single_header_test.py builds it as C11 and
  C++17); GRUNDY_TEST_MATRIX=full builds both headers in every
  one of C99, C11, C17, C++11, C++14, C++17 and C++20 with both compilers.
  A missing compiler fails.

usage: python3 test/contest_edition_test.py      (from the repository root)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, generator, run, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SINGLE_DIR = os.path.join(ROOT, "single")
EDITION = os.path.join(SINGLE_DIR, "grundy_contest.h")
CALLS = os.path.join(ROOT, "test", "contest_calls.c")
GUIDE = os.path.join(ROOT, "docs", "contest.md")
SJ_MARK = "/* the SJ rule and misère play differ */"
SJ_PRINTS = "value 0, SJ rule N, misere P, theorem refused\n"
# An edition's code must leave room for the solution under a judge's 64 KB:
# 50 KB, besides the licence notice every edition opens with (its MIT text).
JUDGE_LIMIT = 51200
GRUNDY_SOLUTION = os.path.join(ROOT, "docs", "examples", "contest", "cses2207_grundys_game.c")
WARN = ["-Wall", "-Wextra", "-Werror"]
C_STANDARDS = ["c99", "c11", "c17"]
CXX_STANDARDS = ["c++11", "c++14", "c++17", "c++20"]
# (compiler, standard) pairs make check builds: the oldest and newest of each
# language, each compiler at least once.
QUICK = [("gcc", "c99"), ("clang", "c17"), ("g++", "c++11"), ("clang++", "c++20")]
QUICK_WHOLE = [("gcc", "c99")]  # single/grundy.h in make check
SEEDS = [1, 603]
ROUNDS = 40


# Tokens on a DAG: node 3 -> 2 -> 1 -> 0 and 2 -> 0, 3 -> 0; the sum of
# two tokens at 3 and one at 2 has value G(3) ^ G(3) ^ G(2) = 2, and the
# sum {1, 1} value 0.
DAG_PROGRAM = r"""#define GRUNDY_STATIC
#include "edition.h"
#include <stdio.h>
int main(void)
{
    grundy_graph *g;
    uint32_t first, v = 9, w = 9, a[3] = {3, 3, 2}, b[2] = {1, 1};
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK || grundy_graph_add_nodes(g, 4, &first))
        return 1;
    grundy_graph_add_move(g, 1, 0);
    grundy_graph_add_move(g, 2, 1);
    grundy_graph_add_move(g, 2, 0);
    grundy_graph_add_move(g, 3, 2);
    grundy_graph_add_move(g, 3, 0);
    if (grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, a, 3, &v) != GRUNDY_OK ||
        grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, b, 2, &w) != GRUNDY_OK)
        return 1;
    printf("%u %u\n", v, w);
    grundy_graph_free(g);
    return 0;
}
"""


# A subtraction game {1, 3, 4} on the edition of its calls and normal play
# only: G(0..7) = 0 1 0 1 2 3 2 0, period 7; misère play is refused with
# GRUNDY_ENOTSUP, and the normal value is still given afterwards.
NORMAL_CALLS = ["grundy_heap_game_new", "grundy_heap_game_free",
                "grundy_heap_game_set_subtraction", "grundy_heap_game_value"]
NORMAL_PROGRAM = r"""#define GRUNDY_STATIC
#include "edition.h"
#include <stdio.h>
int main(void)
{
    grundy_heap_game *g;
    uint32_t s[3] = {1, 3, 4}, v = 9, w = 9, m = 9;
    if (grundy_heap_game_new(&g, NULL) != GRUNDY_OK ||
        grundy_heap_game_set_subtraction(g, s, 3) != GRUNDY_OK)
        return 1;
    int rc = grundy_heap_game_value(g, GRUNDY_PLAY_MISERE, 5, &m);
    if (grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 5, &v) != GRUNDY_OK ||
        grundy_heap_game_value(g, GRUNDY_PLAY_NORMAL, 1000000000007ull, &w) != GRUNDY_OK)
        return 1;
    printf("%u %u %d %u\n", v, w, rc == GRUNDY_ENOTSUP, m);
    grundy_heap_game_free(g);
    return 0;
}
"""
NORMAL_PRINTS = "3 1 1 0\n"


def code_size(gen, text):
    """The bytes of an edition but its opening licence notice, which it
    must hold (checked here too)."""
    notice = gen.licence()
    check(text.startswith(notice), "the edition opens with the licence notice")
    return len(text.encode()) - len(notice.encode())


def cut_program(tmp, text, what, program, prints):
    """Checks that the edition text of what fits a judge and builds program,
    which prints prints, as C99 and as C++11; returns text."""
    size = code_size(generator(), text)
    print("the contest edition of %s: %d bytes" % (what, size))
    check(size <= JUDGE_LIMIT, "the edition of %s fits %d bytes: %d" % (what, JUDGE_LIMIT, size))
    folder = tempfile.mkdtemp(dir=tmp)
    with open(os.path.join(folder, "edition.h"), "w", encoding="utf-8") as f:
        f.write(text)
    src = os.path.join(folder, "program.c")
    with open(src, "w") as f:
        f.write(program)
    for cc, std in (("gcc", "c99"), ("g++", "c++11")):
        exe = os.path.join(folder, "program-" + cc)
        _, ok, output = build((compile_cmd(cc, std, src, exe, ["-O2", "-I", folder]), what))
        if check(ok, "the edition of %s builds a program with %s -std=%s%s"
                 % (what, cc, std, "" if ok else ":\n" + output)):
            rc, out, err = run([exe])
            check(rc == 0 and out == prints, "the program on %s prints %r: %r"
                  % (what, prints, out))
    return text


def compile_cmd(cc, std, source, out, extra):
    lang = ["-x", "c++"] if "++" in std else ["-x", "c"]
    return [cc] + lang + ["-std=" + std] + WARN + extra + [source] + (["-o", out] if out else [])


def build(job):
    cmd, what = job
    rc, out, err = run(cmd, timeout=600)
    return what, rc == 0 and not err.strip(), out + err


def main():
    gen = generator()
    with open(EDITION, encoding="utf-8") as f:
        committed = f.read()
    check(gen.contest_edition() == committed,
          "single/grundy_contest.h is current (make single-header)")
    print("the contest edition: %d bytes" % len(committed.encode()))

    tmp = tempfile.mkdtemp(prefix="contest_edition_test.")
    try:
        jobs = []
        modules = [m for m in gen.LIBRARY if m not in gen.CONTEST_ALWAYS]
        probe = os.path.join(tmp, "probe.c")
        with open(probe, "w") as f:
            f.write('#define GRUNDY_IMPLEMENTATION\n#include "edition.h"\n'
                    "int main(void) { return grundy_strerror(0)[0] != 's'; }\n")
        for m in modules:
            text = gen.contest_edition([m])
            size = code_size(gen, text)
            print("the contest edition of %s alone: %d bytes" % (m, size))
            if m == "nim":
                check(size <= JUDGE_LIMIT, "the nim edition fits %d bytes: %d" % (JUDGE_LIMIT, size))
            folder = os.path.join(tmp, m)
            os.mkdir(folder)
            with open(os.path.join(folder, "edition.h"), "w", encoding="utf-8") as f:
                f.write(text)
            for cc, std in (("gcc", "c99"), ("g++", "c++11")):
                jobs.append((compile_cmd(cc, std, probe, None, ["-fsyntax-only", "-I", folder]),
                             "the %s edition alone compiles with %s -std=%s" % (m, cc, std)))
        full = os.environ.get("GRUNDY_TEST_MATRIX") == "full"
        every = ([(cc, s) for cc in ("gcc", "clang") for s in C_STANDARDS]
                 + [(cc, s) for cc in ("g++", "clang++") for s in CXX_STANDARDS])
        binaries = []
        for edition, define, pairs in (("grundy.h", [], every if full else QUICK_WHOLE),
                                       ("grundy_contest.h", ["-DCONTEST_EDITION"],
                                        every if full else QUICK)):
            for cc, std in pairs:
                exe = os.path.join(tmp, "calls-%s-%s-%s" % (edition, cc, std))
                binaries.append((exe, "%s with %s -std=%s" % (edition, cc, std)))
                jobs.append((compile_cmd(cc, std, CALLS, exe, ["-O2", "-I", SINGLE_DIR] + define),
                             "test/contest_calls.c builds against %s with %s -std=%s, -O2, "
                             "no warning" % (edition, cc, std)))
        for cc in ("gcc", "clang", "g++", "clang++"):
            check(shutil.which(cc) is not None, "%s is installed" % cc)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for what, ok, output in pool.map(build, jobs):
                check(ok, what + ("" if ok else ":\n" + output[-3000:]))
        with open(GUIDE, encoding="utf-8") as f:
            blocks = [b for b in re.findall(r"@code\{\.c\}\n(.*?)@endcode", f.read(), re.S)
                      if SJ_MARK in b]
        if check(len(blocks) == 1, "docs/contest.md has one SJ example"):
            src = os.path.join(tmp, "sj.c")
            with open(src, "w", encoding="utf-8") as f:
                f.write(blocks[0])
            exe = os.path.join(tmp, "sj")
            what, ok, output = build((compile_cmd("gcc", "c99", src, exe,
                                                  ["-O2", "-I", SINGLE_DIR]), "the SJ example"))
            if check(ok, "the SJ example builds on the contest edition" + ("" if ok else ":\n" + output)):
                rc, out, err = run([exe])
                check(rc == 0 and out == SJ_PRINTS, "the SJ example prints %r: %r" % (SJ_PRINTS, out))
        dag_calls = ["grundy_graph_new", "grundy_graph_free", "grundy_graph_add_nodes",
                     "grundy_graph_add_move", "grundy_graph_sum_value"]
        cut_program(tmp, gen.contest_edition(None, dag_calls), "a DAG's calls", DAG_PROGRAM,
                    "2 0\n")
        text = cut_program(tmp, gen.contest_edition(None, NORMAL_CALLS, True),
                           "a subtraction game's calls, normal play only", NORMAL_PROGRAM,
                           NORMAL_PRINTS)
        check("gr_heap_misere_prepare" not in text and "gr_heap_misere_prepare" in committed,
              "normal play only leaves out the misere search")
        size = code_size(gen, gen.contest_edition(None, gen.calls_of(GRUNDY_SOLUTION), True))
        print("the contest edition of %s's calls, normal play only: %d bytes"
              % (os.path.basename(GRUNDY_SOLUTION), size))
        check(size <= JUDGE_LIMIT, "the edition of %s's calls fits %d bytes: %d"
              % (os.path.basename(GRUNDY_SOLUTION), JUDGE_LIMIT, size))
        try:
            gen.contest_edition(None, ["grundy_graph_new", "grundy_no_such_call"])
            check(False, "--calls refuses a name that is no public function")
        except gen.AmalgamationError as exc:
            check("grundy_no_such_call" in str(exc), "--calls names the unknown call: %s" % exc)
        for seed in SEEDS:
            answers = {}
            for exe, what in binaries:
                if os.path.exists(exe):
                    rc, out, err = run([exe, seed, ROUNDS], timeout=120)
                    answers[what] = out if rc == 0 and not err else "exit %d: %s" % (rc, err)
            if not answers:
                continue
            first = binaries[0][1]
            reference = answers.get(first, "")
            check(reference.count("\n") > 100, "seed %d: %s answers (%d lines)"
                  % (seed, first, reference.count("\n")))
            for what, out in sorted(answers.items()):
                check(out == reference, "seed %d: %s answers as %s" % (seed, what, first))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
