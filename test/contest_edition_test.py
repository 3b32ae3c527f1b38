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
- Editions cut to a program's calls build it (as C99 and as C++11), fit
  50 KB and run it: a DAG's calls; a subtraction game's and a graph's
  winning move under normal play only (--plays normal), which refuse
  misère play with GRUNDY_ENOTSUP and leave the misère search out; and an
  Every-SG problem in the style of HDU 3595 (--plays normal,continued) with
  --lean, answering as a search of the whole sum on random cases; with the
  word engine the same cut fits a 65,535-byte submission with the program
  and the licence.  An unknown play stops the generator.
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
import functools
import itertools
import os
import random
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
DAG_TEMPLATE = r"""#define GRUNDY_STATIC
#include "edition.h"
#include <stdio.h>
#include <string.h>
int main(void)
{
    grundy_graph *g;
    uint32_t first;
    if (grundy_graph_new(&g, NULL) != GRUNDY_OK || grundy_graph_add_nodes(g, 4, &first))
        return 1;
    grundy_graph_add_move(g, 1, 0);
    grundy_graph_add_move(g, 2, 1);
    grundy_graph_add_move(g, 2, 0);
    grundy_graph_add_move(g, 3, 2);
    grundy_graph_add_move(g, 3, 0);
BODY
    grundy_graph_free(g);
    return 0;
}
"""
DAG_PROGRAM = DAG_TEMPLATE.replace("BODY", r"""    uint32_t v = 9, w = 9, a[3] = {3, 3, 2}, b[2] = {1, 1};
    if (grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, a, 3, &v) != GRUNDY_OK ||
        grundy_graph_sum_value(g, GRUNDY_PLAY_NORMAL, b, 2, &w) != GRUNDY_OK)
        return 1;
    printf("%u %u\n", v, w);""")


# The same DAG on the edition of a winning move's calls, normal play only:
# G = 0 1 2 1, so the sum {3, 2} (value 3) has a winning move; misère play
# is refused with GRUNDY_ENOTSUP and a message naming the switch.
GRAPH_NORMAL_PROGRAM = DAG_TEMPLATE.replace("BODY", r"""    uint32_t sum[2] = {3, 2};
    uint64_t moves[2];
    int normal = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_NORMAL, sum, 2, moves);
    int misere = grundy_graph_sum_winning_move(g, GRUNDY_PLAY_MISERE, sum, 2, moves);
    printf("%d %d %d\n", normal, misere == GRUNDY_ENOTSUP,
           strstr(grundy_graph_errmsg(g), "GRUNDY_NO_MISERE_PLAY") != NULL);""")


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


# An Every-SG judge problem in the style of HDU 3595 "GG and MM" (continued
# conjunctive play), cut to its calls with normal and continued play only
# (--plays normal,continued).  Its answers are checked against
# every_sg_brute(), a search of the whole sum that knows no remoteness.
EVERY_SG_PLAYS = ["normal", "continued"]
EVERY_SG_PROGRAM = r"""#define GRUNDY_STATIC
#include "edition.h"
#include <stdio.h>

/* HDU 3595 "GG and MM": each game is two piles; a move takes from the larger
 * pile a positive multiple of the smaller one, and a game is over once a pile
 * is empty.  Every turn the player moves in every game that is not over
 * (continued conjunctive play, "Every-SG"); who cannot move loses.  MM moves
 * first: print MM if MM wins, else GG.  A game (a, b), a <= b, is a << 32 | b. */
static uint64_t game(uint64_t a, uint64_t b)
{
    return a <= b ? a << 32 | b : b << 32 | a;
}

static int moves(void *user, uint64_t pos, grundy_options *out)
{
    uint64_t a = pos >> 32, b = pos & 0xffffffffu;
    (void)user;
    for (uint64_t k = a; a > 0 && k <= b; k += a) {
        uint64_t next = game(a, b - k);
        int rc = grundy_options_add(out, &next, 1);
        if (rc != GRUNDY_OK)
            return rc;
    }
    return GRUNDY_OK;
}

int main(void)
{
    static uint64_t games[1000];
    grundy_game *g;
    int n;
    if (grundy_game_new_u64(&g, moves, NULL, NULL) != GRUNDY_OK)
        return 1;
    while (scanf("%d", &n) == 1 && n >= 0 && n <= 1000) {
        for (int i = 0; i < n; i++) {
            unsigned long long p, q;
            if (scanf("%llu %llu", &p, &q) != 2)
                return 1;
            games[i] = game(p, q);
        }
        int outcome = grundy_game_sum_outcome(g, GRUNDY_PLAY_CONTINUED, games, (size_t)n);
        if (outcome < 0) {
            fprintf(stderr, "%s\n", grundy_game_errmsg(g));
            return 1;
        }
        puts(outcome == GRUNDY_N ? "MM" : "GG");
    }
    grundy_game_free(g);
    return 0;
}
"""
# A whole judge submission: Codeforces takes at most 65,535 bytes.
SUBMISSION_LIMIT = 65535


def euclid_moves(game):
    """The options of one game of HDU 3595: (a, b) with a <= b, a positive
    multiple of a taken from b; none once a pile is empty."""
    a, b = game
    return [] if a == 0 else [tuple(sorted((a, b - k))) for k in range(a, b + 1, a)]


@functools.lru_cache(maxsize=None)
def to_move_wins(live):
    """Whether the player to move wins the sorted tuple live of games not
    over, moving in each of them at every turn, the last mover winning."""
    if not live:
        return False  # no move: the player to move has lost
    for choice in itertools.product(*(euclid_moves(g) for g in live)):
        if not to_move_wins(tuple(sorted(g for g in choice if g[0] > 0))):
            return True
    return False


def every_sg_brute(games):
    """MM (the first player) or GG, by a search of the whole sum."""
    live = tuple(sorted(tuple(sorted(g)) for g in games if min(g) > 0))
    return "MM" if to_move_wins(live) else "GG"


def every_sg_input(seed, cases):
    """cases random test cases of one to four games of piles 1 to 15, and
    the answers every_sg_brute() gives them."""
    rng = random.Random(seed)
    games = [[(rng.randint(1, 15), rng.randint(1, 15)) for _ in range(rng.randint(1, 4))]
             for _ in range(cases)]
    text = "".join("%d\n%s" % (len(c), "".join("%d %d\n" % g for g in c)) for c in games)
    return text, "".join(every_sg_brute(c) + "\n" for c in games)


def code_size(gen, text):
    """The bytes of an edition but its opening licence notice, which it
    must hold (checked here too)."""
    notice = gen.licence()
    check(text.startswith(notice), "the edition opens with the licence notice")
    return len(text.encode()) - len(notice.encode())


def cut_program(tmp, text, what, program, prints, stdin="", limit=JUDGE_LIMIT):
    """Checks that the edition text of what fits limit (code besides the
    licence notice) and builds program, which prints prints reading stdin,
    as C99 and as C++11; returns text."""
    size = code_size(generator(), text)
    print("the contest edition of %s: %d bytes" % (what, size))
    check(size <= limit, "the edition of %s fits %d bytes: %d" % (what, limit, size))
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
            rc, out, err = run([exe], stdin=stdin)
            check(rc == 0 and out == prints, "the program on %s prints %r: %r%s"
                  % (what, prints, out, err))
    return text


def every_sg(gen, tmp):
    """The Every-SG problem on the edition of its calls and the plays it
    uses (normal and continued play): with the word engine, the cut and the
    program fit a judge's whole submission; with --lean, the cut fits 50 KB.
    Both answer as the search of the whole sum, and both leave out what
    only other plays need (the positions' graph, misère search)."""
    src = os.path.join(tmp, "every_sg.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write(EVERY_SG_PROGRAM)
    calls = gen.calls_of(src)
    stdin, prints = every_sg_input(3595, 80)
    check(prints.count("MM") > 10 and prints.count("GG") > 10,
          "the Every-SG cases have both winners: %d MM, %d GG"
          % (prints.count("MM"), prints.count("GG")))
    program = len(EVERY_SG_PROGRAM.encode())
    text = cut_program(tmp, gen.contest_edition(None, calls, EVERY_SG_PLAYS),
                       "an Every-SG problem's calls, normal and continued play", EVERY_SG_PROGRAM,
                       prints, stdin, SUBMISSION_LIMIT - program - len(gen.licence().encode()))
    lean = cut_program(tmp, gen.contest_edition(None, calls, EVERY_SG_PLAYS, True),
                       "an Every-SG problem's calls, normal and continued play, --lean",
                       EVERY_SG_PROGRAM, prints, stdin)
    for t, what in ((text, "the edition"), (lean, "the --lean edition")):
        check("gr_game_on_graph" not in t and "grundy_graph_new" not in t,
              "%s of the Every-SG calls leaves out the positions' graph" % what)
        check("normal, continued play only" in re.sub(r"\n \* ", " ", t),
              "%s of the Every-SG calls says it keeps normal and continued play" % what)
    check("gr_word_evaluate" in text and "gr_word_evaluate" not in lean,
          "the edition keeps the word engine, --lean leaves it out")
    try:
        gen.contest_edition(None, calls, ["normal", "every-sg"])
        check(False, "--plays refuses a name that is no play")
    except gen.AmalgamationError as exc:
        check("'every-sg'" in str(exc) and "continued" in str(exc),
              "--plays names the unknown play and the plays: %s" % exc)


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
        every_sg(gen, tmp)
        src = os.path.join(tmp, "graph_normal.c")
        with open(src, "w", encoding="utf-8") as f:
            f.write(GRAPH_NORMAL_PROGRAM)
        text = cut_program(tmp, gen.contest_edition(None, gen.calls_of(src), ["normal"]),
                           "a graph's winning move, normal play only", GRAPH_NORMAL_PROGRAM,
                           "1 1 1\n")
        check("misere_outcome" not in text and "grundy_game_free" not in text,
              "a graph's cut for normal play leaves out the misere search and games by rules")
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
