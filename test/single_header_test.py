#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check single/grundy.h, the library as one stb-style header.

- It is current: tools/amalgamate.py, run now, writes the same bytes (make
  writes it before this test runs), and the same bytes from run to run; it
  opens with the licence; its #line directives name the lines of src/ that
  follow them.
- The generator stops with a message on sources it cannot vouch for (an
  #include under #if, a #if that a declaration's end splits, ...).
- With gcc and clang as C11, and g++ and clang++ as C++17, every warning an
  error (-Wmissing-prototypes too): a program in two files (one defines
  GRUNDY_IMPLEMENTATION; the library's own file-local names and a contest
  program's usual macros are defined there too, to show that nothing
  clashes) builds, links and gets the right answers; the implementation
  exports exactly the public functions; with GRUNDY_STATIC, one file,
  nothing is exported and no unused function is reported.  A missing
  compiler is a failure, not a skip.
- The experimental calls: a program that defines GRUNDY_EXPERIMENTAL calls
  them, with the declarations only (linked with the implementation built
  without it), with GRUNDY_IMPLEMENTATION and with GRUNDY_STATIC, and gets
  the right answers; without the define a call to any of them is an error
  (and the implementation still compiles warning-free, also after a first
  #include without the define).
- The library's unit tests (test/test_*.c) pass against the single header's
  implementation, compiled as C and as C++.

usage: python3 test/single_header_test.py      (from the repository root)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import concurrent.futures
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SINGLE = os.path.join(ROOT, "single", "grundy.h")
GENERATOR = os.path.join(ROOT, "tools", "amalgamate.py")
PASSED = 0
FAILED = 0

# -Wmissing-prototypes catches a public function the implementation defines
# without the header declaring it to that file (the experimental calls, when
# the program leaves them undeclared); g++ names it -Wmissing-declarations.
C_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wshadow",
           "-Wstrict-prototypes", "-Wmissing-prototypes", "-Werror",
           "-Werror=implicit-function-declaration", "-O2"]
CXX_FLAGS = ["-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion",
             "-Wshadow", "-Werror", "-O2"]
COMPILERS = [("gcc", C_FLAGS), ("clang", C_FLAGS),
             ("g++", CXX_FLAGS + ["-Wmissing-declarations"]),
             ("clang++", CXX_FLAGS + ["-Wmissing-prototypes"])]


def check(ok, what, detail=""):
    """Counts one check and prints it, with detail when it failed."""
    global PASSED, FAILED
    if ok:
        PASSED += 1
        print("ok - " + what)
    else:
        FAILED += 1
        print("FAIL - " + what)
        for line in detail.strip().splitlines()[:40]:
            print("    " + line)
    return ok


def run(cmd, cwd=None, env=None, timeout=300):
    """Runs cmd; returns (exit status, stdout and stderr together)."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return -1, "%s: %s" % (" ".join(cmd), exc)
    return proc.returncode, proc.stdout


def generator_module():
    sys.dont_write_bytecode = True  # no __pycache__ in tools/
    spec = importlib.util.spec_from_file_location("amalgamate", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def public_functions():
    with open(os.path.join(ROOT, "include", "grundy.h"), encoding="utf-8") as f:
        # (a deprecated call is declared with GRUNDY_DEPRECATED(msg) in place of GRUNDY_API)
        return set(re.findall(r"(?:GRUNDY_API|GRUNDY_DEPRECATED\([^)]*\))[^;{]*?\b(grundy_\w+)\s*\(",
                              f.read()))


# ---- the programs -----------------------------------------------------------

# What the programs below share: expect() counts and names failed checks,
# main() prints "ok" if run_checks() found none.
HARNESS = r"""
#include <stdio.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        failures++;
        printf("failed: %s\n", what);
    }
}
"""
DRIVER = r"""
int main(void)
{
    if (run_checks() != 0)
        return 1;
    printf("ok\n");
    return 0;
}
"""

# Valid C and C++ alike: a few calls of each kind, with known answers.
CHECKS = HARNESS + r"""
static int run_checks(void)
{
    /* A graph: 1 -> 0; 2 -> 0, 1; 3 -> 1 + 2 (a split).  Values 0 1 2 0. */
    grundy_graph *g = NULL;
    const uint32_t parts[2] = {1, 2};
    uint32_t v = 99;
    expect(grundy_graph_new(&g, NULL) == GRUNDY_OK, "grundy_graph_new");
    expect(grundy_graph_add_nodes(g, 4, NULL) == GRUNDY_OK, "grundy_graph_add_nodes");
    expect(grundy_graph_add_move(g, 1, 0) == GRUNDY_OK && grundy_graph_add_move(g, 2, 0) == GRUNDY_OK
           && grundy_graph_add_move(g, 2, 1) == GRUNDY_OK, "grundy_graph_add_move");
    expect(grundy_graph_add_split(g, 3, parts, 2) == GRUNDY_OK, "grundy_graph_add_split");
    expect(grundy_graph_solve(g, GRUNDY_PLAY_NORMAL) == GRUNDY_OK, "grundy_graph_solve");
    for (uint32_t u = 0; u < 4; u++) {
        static const uint32_t want[4] = {0, 1, 2, 0};
        expect(grundy_graph_value(g, GRUNDY_PLAY_NORMAL, u, &v) == GRUNDY_OK && v == want[u],
               "grundy_graph_value");
    }
    expect(grundy_graph_outcome(g, GRUNDY_PLAY_NORMAL, 3) == GRUNDY_P, "grundy_graph_outcome");
    grundy_graph_free(g);

    /* Kayles, 0.77: its first values, and its proved period; a name that
     * does not parse is refused, with where, and leaves the game without
     * rules (so the right name can follow). */
    grundy_heap_game *k = NULL;
    static const uint32_t kayles[12] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6};
    uint64_t period = 0, preperiod = 0;
    expect(grundy_heap_game_new(&k, NULL) == GRUNDY_OK, "grundy_heap_game_new");
    expect(grundy_heap_game_parse(k, "0.7x", 4) == GRUNDY_EPARSE && grundy_heap_game_errpos(k) == 3
           && grundy_heap_game_errmsg(k)[0] != '\0', "grundy_heap_game_parse refuses 0.7x");
    expect(grundy_heap_game_parse(k, "0.77", 4) == GRUNDY_OK, "grundy_heap_game_parse");
    for (uint64_t n = 0; n < 12; n++)
        expect(grundy_heap_game_value(k, GRUNDY_PLAY_NORMAL, n, &v) == GRUNDY_OK && v == kayles[n],
               "grundy_heap_game_value");
    expect(grundy_heap_game_period(k, 1000, &period, &preperiod) == 1 && period == 12
           && preperiod == 71, "grundy_heap_game_period");
    grundy_heap_game_free(k);

    /* Nim: 3 8 15 is N, take 4 from heap 2 (and from no other); misere
     * 1 1 1 is P. */
    const uint64_t heaps[3] = {3, 8, 15}, ones[3] = {1, 1, 1};
    uint64_t moves[3] = {0, 0, 0};
    expect(grundy_nim_sum_outcome(GRUNDY_PLAY_NORMAL, heaps, 3) == GRUNDY_N,
           "grundy_nim_sum_outcome, normal play");
    expect(grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, heaps, 3, moves) == 1
           && moves[0] == GRUNDY_NO_MOVE && moves[1] == GRUNDY_NO_MOVE && moves[2] == 4,
           "grundy_nim_sum_winning_move");
    expect(grundy_nim_sum_outcome(GRUNDY_PLAY_MISERE, ones, 3) == GRUNDY_P,
           "grundy_nim_sum_outcome, misere play");

    /* Nimbers: 2 (x) 2 = 3, 4 (x) 4 = 6, 16 (x) 16 = 24, with and without
     * tables, and an inverse. */
    grundy_nimber *nb = NULL;
    uint64_t inv = 0;
    expect(grundy_nimber_new(&nb, NULL) == GRUNDY_OK, "grundy_nimber_new");
    expect(grundy_nimber_mul(NULL, 2, 2) == 3 && grundy_nimber_mul(nb, 2, 2) == 3,
           "grundy_nimber_mul 2 2");
    expect(grundy_nimber_mul(NULL, 4, 4) == 6 && grundy_nimber_mul(nb, 4, 4) == 6,
           "grundy_nimber_mul 4 4");
    expect(grundy_nimber_mul(NULL, 16, 16) == 24 && grundy_nimber_mul(nb, 16, 16) == 24,
           "grundy_nimber_mul 16 16");
    expect(grundy_nimber_inv(nb, 0x123456789abcdefull, &inv) == GRUNDY_OK
           && grundy_nimber_mul(NULL, 0x123456789abcdefull, inv) == 1, "grundy_nimber_inv");
    grundy_nimber_free(nb);

    expect(grundy_version_number() == GRUNDY_VERSION_NUMBER, "grundy_version_number");
    return failures;
}
""" + DRIVER

# The experimental calls (section 9 of the header), declared only to a
# program that defines GRUNDY_EXPERIMENTAL.
EXPERIMENTAL_CALLS = ("grundy_heap_game_set_threads", "grundy_heap_game_set_sparse",
                      "grundy_heap_game_set_period_detection")

# Valid C and C++ alike, given the experimental calls: Kayles with every
# tuning switch moved from its default (two threads, the plain loop, no
# period detection) has the values of Kayles untouched, which has the
# known first values.
EXPERIMENTAL_CHECKS = HARNESS + r"""
#define HEAPS 300

static int run_checks(void)
{
    static const uint32_t kayles[12] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6};
    static uint32_t tuned_values[HEAPS], plain_values[HEAPS];
    grundy_heap_game *tuned = NULL, *plain = NULL;
    expect(grundy_heap_game_new(&tuned, NULL) == GRUNDY_OK
           && grundy_heap_game_parse(tuned, "0.77", 4) == GRUNDY_OK
           && grundy_heap_game_new(&plain, NULL) == GRUNDY_OK
           && grundy_heap_game_parse(plain, "0.77", 4) == GRUNDY_OK, "two Kayles games");
    grundy_heap_game_set_threads(tuned, 2);
    grundy_heap_game_set_sparse(tuned, 0);
    grundy_heap_game_set_period_detection(tuned, 0);
    expect(grundy_heap_game_values(tuned, GRUNDY_PLAY_NORMAL, 0, HEAPS, tuned_values) == GRUNDY_OK
           && grundy_heap_game_computed(tuned) >= HEAPS, "values with the switches moved");
    expect(grundy_heap_game_values(plain, GRUNDY_PLAY_NORMAL, 0, HEAPS, plain_values) == GRUNDY_OK,
           "values with the defaults");
    for (size_t n = 0; n < HEAPS; n++)
        expect(tuned_values[n] == plain_values[n] && (n >= 12 || tuned_values[n] == kayles[n]),
               "the same values");
    grundy_heap_game_free(tuned);
    grundy_heap_game_free(plain);
    return failures;
}
""" + DRIVER

# Macros a contest program often defines before its includes.
CONTEST_MACROS = """\
#define N 200005
#define M 1000
#define MOD 1000000007
#define MAXN 100005
#define INF 0x3f3f3f3f
#define ll long long
"""


def impl_source(names):
    """The file that holds the implementation, in a contest program's
    company: its macros before, the library's own file-local names after."""
    lines = [CONTEST_MACROS,
             "#define GRUNDY_IMPLEMENTATION\n#include \"grundy.h\"\n",
             "#include \"grundy.h\" /* again: nothing is defined twice */\n\n",
             "/* A program's own names: those the library's files use for themselves. */\n"]
    lines += ["static int %s;\n" % n for n in names]
    lines.append("int contest_program_names(void);\nint contest_program_names(void)\n{\n"
                 "    return 0%s;\n}\n" % "".join(" + " + n for n in names))
    return "".join(lines)


MAIN = "#include \"grundy.h\"\n#include \"grundy.h\"\n" + CHECKS
STATIC = "#define GRUNDY_STATIC\n#include \"grundy.h\"\n" + CHECKS
EXPERIMENTAL = "#define GRUNDY_EXPERIMENTAL\n"
# The programs that call the experimental calls: each with GRUNDY_EXPERIMENTAL
# and its implementation define(s), and one without GRUNDY_EXPERIMENTAL, which
# must not compile.
EXP_MAIN = EXPERIMENTAL + "#include \"grundy.h\"\n" + EXPERIMENTAL_CHECKS
EXP_IMPL = (EXPERIMENTAL + "#define GRUNDY_IMPLEMENTATION\n#include \"grundy.h\"\n"
            + EXPERIMENTAL_CHECKS)
EXP_STATIC = EXPERIMENTAL + "#define GRUNDY_STATIC\n#include \"grundy.h\"\n" + EXPERIMENTAL_CHECKS
NO_EXP_MAIN = "#include \"grundy.h\"\n" + EXPERIMENTAL_CHECKS
# The header included without GRUNDY_EXPERIMENTAL (by a header of the
# program, say), then with it and the implementation.
EXP_LATE = ("#include \"grundy.h\"\n" + EXPERIMENTAL
            + "#define GRUNDY_IMPLEMENTATION\n#include \"grundy.h\"\n")


def exported(obj):
    """The global symbols obj defines, or None if nm fails."""
    rc, out = run(["nm", "-g", "--defined-only", obj])
    if rc != 0:
        return None
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


class Builder:
    """The builds of one compiler, in a folder of its own; each check it
    makes is kept as an (ok, what, detail) triple in results."""

    def __init__(self, compiler, flags, work):
        self.compiler = compiler
        self.flags = flags + ["-I", os.path.join(ROOT, "single")]
        self.dir = os.path.join(work, compiler)
        os.makedirs(self.dir)
        self.results = []

    def add(self, ok, what, detail=""):
        self.results.append((ok, "%s: %s" % (self.compiler, what), detail))
        return ok

    def path(self, name):
        return os.path.join(self.dir, name)

    def try_compile(self, name, text, unoptimized=False):
        """Writes name and compiles it to an object; (cmd, status, output).
        unoptimized compiles at -O0 (see build_experimental)."""
        with open(self.path(name), "w") as f:
            f.write(text)
        flags = [("-O0" if unoptimized and f == "-O2" else f) for f in self.flags]
        cmd = [self.compiler] + flags + ["-c", name, "-o", name[:-2] + ".o"]
        rc, out = run(cmd, cwd=self.dir)
        return cmd, rc, out

    def step(self, what, cmd, rc, out):
        # A compiler that prints anything (a note) counts as a failure too.
        return self.add(rc == 0 and out.strip() == "", what, " ".join(cmd) + "\n" + out)

    def compiles(self, what, name, text, unoptimized=False):
        return self.step(what, *self.try_compile(name, text, unoptimized))

    def exports(self, what, obj, want, prefix=""):
        """Checks the global symbols obj defines (those starting with
        prefix) are want."""
        syms = exported(self.path(obj))
        got = {s for s in syms or () if s.startswith(prefix)}
        return self.add(syms is not None and got == want, what,
                        "extra: %s\nmissing: %s" % (sorted(got - want), sorted(want - got)))

    def runs(self, what, objs, exe):
        """Links objs into exe and checks it gets the right answers."""
        cmd = [self.compiler] + objs + ["-o", exe]
        if self.step(what + ": links", cmd, *run(cmd, cwd=self.dir)):
            rc, out = run([self.path(exe)])
            self.add(rc == 0 and out == "ok\n", what + ": gets the right answers", out)


def build_with(compiler, flags, work, names, public):
    """Every build of one compiler; returns the checks it makes as
    (ok, what, detail) triples, and the implementation's object."""
    b = Builder(compiler, flags, work)
    impl_ok = b.compiles("the implementation file (no GRUNDY_EXPERIMENTAL) compiles "
                         "warning-free, beside a contest program's names", "impl.c",
                         impl_source(names))
    if impl_ok:
        b.exports("the implementation exports exactly the public functions", "impl.o", public,
                  "grundy")
    if b.compiles("a file with the declarations only compiles warning-free", "main.c", MAIN) \
            and impl_ok:
        b.runs("the two-file program", ["impl.o", "main.o"], "two")
    if b.compiles("GRUNDY_STATIC in one file compiles warning-free (no unused functions)",
                  "static.c", STATIC):
        b.exports("with GRUNDY_STATIC nothing but main is exported", "static.o", {"main"})
        b.runs("the GRUNDY_STATIC program", ["static.o"], "static")
    build_experimental(b, impl_ok, public)
    return b.results, (b.path("impl.o") if impl_ok else None)


def build_experimental(b, impl_ok, public):
    """A program that defines GRUNDY_EXPERIMENTAL calls the experimental
    functions, whichever way it takes the implementation; the same program
    without the define does not compile.  Two of the implementations built
    here (exp_impl.c, exp_late.c) are compiled at -O0: what they check is
    where the define leaves the declarations, and the warnings that only
    optimization finds come from the same code in impl.c and static.c,
    built at -O2.  (exp_static.c stays at -O2: at -O0 g++ gives the object
    an exception-handling symbol of its own to export.)"""
    declared = b.compiles("GRUNDY_EXPERIMENTAL, declarations only: compiles warning-free",
                          "exp_main.c", EXP_MAIN)
    if declared and impl_ok:
        b.runs("GRUNDY_EXPERIMENTAL, with the implementation built without it",
               ["exp_main.o", "impl.o"], "exp_two")
    if b.compiles("GRUNDY_EXPERIMENTAL with GRUNDY_IMPLEMENTATION compiles warning-free",
                  "exp_impl.c", EXP_IMPL, unoptimized=True):
        b.exports("GRUNDY_EXPERIMENTAL with GRUNDY_IMPLEMENTATION exports exactly the public "
                  "functions", "exp_impl.o", public, "grundy")
        b.runs("GRUNDY_EXPERIMENTAL with GRUNDY_IMPLEMENTATION", ["exp_impl.o"], "exp_impl")
    if b.compiles("GRUNDY_EXPERIMENTAL with GRUNDY_STATIC compiles warning-free (no unused "
                  "functions)", "exp_static.c", EXP_STATIC):
        b.exports("GRUNDY_EXPERIMENTAL with GRUNDY_STATIC exports nothing but main",
                  "exp_static.o", {"main"})
        b.runs("GRUNDY_EXPERIMENTAL with GRUNDY_STATIC", ["exp_static.o"], "exp_static")
    b.compiles("the implementation compiles warning-free when an earlier #include came "
               "without GRUNDY_EXPERIMENTAL", "exp_late.c", EXP_LATE, unoptimized=True)
    # The same program less the define: its only errors are the calls.
    cmd, rc, out = b.try_compile("no_exp_main.c", NO_EXP_MAIN)
    errors = [line for line in out.splitlines() if "error:" in line]
    b.add(declared and rc != 0 and all(c in out for c in EXPERIMENTAL_CALLS)
          and all(any(c in line for c in EXPERIMENTAL_CALLS) for line in errors),
          "without GRUNDY_EXPERIMENTAL the experimental calls are not declared (a call to "
          "each is an error, and nothing else is)", " ".join(cmd) + "\n" + out)


def white_box(test):
    """Whether a unit test includes a private header of the library (other
    than the counting allocator, which is no part of it)."""
    with open(os.path.join(ROOT, "test", test + ".c")) as f:
        for line in f:
            m = re.match(r'\s*#\s*include\s+"(core|play|graph|game|heap|nim)/([^"]+)"', line)
            if m and m.group(2) != "counting_alloc.h":
                return True
    return False


def unit_tests(work, impls):
    """The library's unit tests, against each implementation object."""
    tests = sorted(f[:-2] for f in os.listdir(os.path.join(ROOT, "test"))
                   if f.startswith("test_") and f.endswith(".c"))
    d = os.path.join(work, "unit")
    os.makedirs(d)
    # The measuring allocator the tests share with the command-line tool,
    # src/core/counting_alloc.h, is no part of the library: it alone comes from src/.
    shared = os.path.join(work, "counting-alloc")
    os.makedirs(os.path.join(shared, "core"))
    shutil.copy(os.path.join(ROOT, "src", "core", "counting_alloc.h"),
                os.path.join(shared, "core"))
    # -pthread for the thread test, as the Makefile builds it.
    flags = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wno-conversion", "-O1", "-pthread",
             "-I", os.path.join(ROOT, "test"), "-I", shared, "-I", os.path.join(ROOT, "single")]
    env = dict(os.environ, GRUNDY_TEST_QUICK="1")
    for t in tests:
        if white_box(t):
            print("note - %s.c tests the library's internals through src/'s headers: "
                  "make check runs it, the single header cannot" % t)
            continue
        obj = os.path.join(d, t + ".o")
        rc, out = run(["gcc"] + flags + ["-c", os.path.join(ROOT, "test", t + ".c"), "-o", obj])
        if not check(rc == 0, "%s.c compiles against single/grundy.h" % t, out):
            continue
        for compiler, impl in impls:
            exe = os.path.join(d, "%s-%s" % (t, compiler))
            link = "g++" if compiler.endswith("++") else "gcc"
            rc, out = run([link, obj, impl, "-pthread", "-o", exe])
            if check(rc == 0, "%s links with the implementation built by %s" % (t, compiler), out):
                rc, out = run([exe], env=env)
                last = out.strip().splitlines()[-1:] if out.strip() else []
                check(rc == 0 and len(last) == 1 and re.fullmatch(r"\d+ passed, 0 failed", last[0]),
                      "%s passes with the implementation built by %s" % (t, compiler),
                      out[-3000:])


# ---- the generator ----------------------------------------------------------

STATIC_FUNCTION = re.compile(r"^static (?!inline )(?:\w+ )+\**(\w+)\(", re.M)


def static_function():
    """The first static (not inline) function a .c file of the library
    defines, as (path, the text up to its name's parenthesis, its name):
    made non-static, the generator must refuse it.  None if there is none."""
    gen = generator_module()
    for folder in gen.LIBRARY:
        for base in sorted(os.listdir(os.path.join(ROOT, "src", folder))):
            if not base.endswith(".c"):
                continue
            path = "src/%s/%s" % (folder, base)
            with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                text = f.read()
            for m in STATIC_FUNCTION.finditer(text):
                if not m.group(1).startswith("grundy"):
                    return path, m.group(0), m.group(1)
    return None


def check_line_directives(text):
    """The implementation's #line directives name files of src/ and their
    lines: each line after one is that line of the file, up to the next
    directive or the next section (whose banner is a /* === comment), but
    for the identifiers the generator renames and the GRUNDY__LOCAL it adds
    to internal functions."""
    def shape(line):
        return re.sub(r"\w+", "w", line.replace("GRUNDY__LOCAL ", ""))

    directives = mismatches = compared = 0
    source = at = name = None
    first_bad = ""
    for line in text.split("\n"):
        m = re.fullmatch(r'#line (\d+) "(src/[\w/]+\.[ch])"', line)
        if m:
            directives += 1
            name, at = m.group(2), int(m.group(1))
            with open(os.path.join(ROOT, name), encoding="utf-8") as f:
                source = f.read().split("\n")[:-1]
            continue
        if source is None:
            continue
        if line.startswith("/* === ") or at > len(source) or \
                line.startswith("#undef ") and source[at - 1] == "":
            source = None  # the generator's own lines
            continue
        want = source[at - 1]
        # The sources' switch of the experimental calls is blanked out.
        if shape(want) != shape(line) and not (line == "" and "GRUNDY_EXPERIMENTAL" in want):
            mismatches += 1
            first_bad = first_bad or "%s:%d is %r, the header has %r" % (name, at, want, line)
        compared += 1
        at += 1
    check(directives > 50 and compared > 5000 and mismatches == 0,
          "single/grundy.h's #line directives name src/'s lines (%d directives, %d lines)"
          % (directives, compared), first_bad)


def generator_refuses(work, what, path, old, new, message):
    """Copies the sources, breaks one, and checks the generator stops with a
    message (and writes nothing)."""
    tree = os.path.join(work, "broken-" + re.sub(r"\W+", "-", what))
    for sub in ("include", "src", "tools"):
        shutil.copytree(os.path.join(ROOT, sub), os.path.join(tree, sub))
    for top in ("Makefile", "LICENSE"):  # the list of the library's folders; the licence
        shutil.copy(os.path.join(ROOT, top), tree)
    target = os.path.join(tree, path)
    with open(target, encoding="utf-8") as f:
        text = f.read()
    if not check(old in text, "generator test set-up: %s holds %r" % (path, old)):
        return
    with open(target, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))
    out_path = os.path.join(tree, "grundy.h")
    rc, out = run([sys.executable, os.path.join(tree, "tools", "amalgamate.py"), out_path])
    check(rc == 1 and message in out and not os.path.exists(out_path),
          "the generator refuses %s" % what, out)


def main():
    work = tempfile.mkdtemp(prefix="grundy-single.")
    try:
        fresh = os.path.join(work, "grundy.h")
        rc, out = run([sys.executable, GENERATOR, fresh])
        if check(rc == 0 and out == "", "tools/amalgamate.py runs cleanly", out):
            with open(fresh, "rb") as f:
                new = f.read()
            old = b""
            if os.path.exists(SINGLE):
                with open(SINGLE, "rb") as f:
                    old = f.read()
            check(new == old, "single/grundy.h is what tools/amalgamate.py writes now "
                  "(make single-header)", "single/grundy.h is missing or stale")
            check_line_directives(new.decode("utf-8"))
            with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as f:
                licence = f.read().split("\n")
            check(new.startswith(b"/* SPDX-License-Identifier: MIT\n")
                  and all((" * " + l).rstrip() in new.decode("utf-8").split("\n")[:40]
                          for l in licence),
                  "single/grundy.h opens with the licence's whole text")
            rc, out = run([sys.executable, GENERATOR, fresh + "2"])
            with open(fresh + "2", "rb") as f:
                check(f.read() == new, "the generator's output is the same from run to run")

        generator_refuses(work, "an unknown #include", "src/nim/nim.c", '#include "core/sum.h"\n',
                          '#include "core/sum.h"\n#include "nowhere.h"\n', "nowhere.h")
        fixture = static_function()
        if check(fixture is not None, "generator test set-up: a library source defines a "
                 "static function"):
            path, old, name = fixture
            generator_refuses(work, "a non-static function outside the grundy_ namespace", path,
                              old, old[len("static "):],
                              "outside the grundy_ namespace: " + name)
        # The order of the library's folders is the Makefile's LIB_DIRS.
        generator_refuses(work, "a Makefile whose LIB_DIRS puts play before core", "Makefile",
                          "LIB_DIRS := core play ", "LIB_DIRS := play core ",
                          "core/ comes after play/")
        generator_refuses(work, "a Makefile without LIB_DIRS", "Makefile", "LIB_DIRS :=",
                          "LIB_FOLDERS :=", "no LIB_DIRS")
        generator_refuses(work, "an #include inside #if", "src/nim/nim.c",
                          '#include "core/sum.h"\n',
                          '#if 1\n#include "core/sum.h"\n#endif\n', "inside #if")
        generator_refuses(work, "a #if around a function's attribute", "src/game/game_options.c",
                          "static GRUNDY__NOINLINE int add_option(",
                          "#if defined(__GNUC__)\n__attribute__((noinline))\n#endif\n"
                          "static int add_option(", "closes a #if opened before it")

        names = sorted({old for old, _ in generator_module().Amalgamation().renames()})
        check(len(names) > 50, "the generator lists the library's file-local names (%d)" % len(names))
        public = public_functions()
        check(len(public) > 50, "the public functions are read from include/grundy.h (%d)" % len(public))
        missing = [c for c, _ in COMPILERS if shutil.which(c) is None]
        check(not missing and shutil.which("nm") is not None,
              "gcc, clang, g++, clang++ and nm are installed", "missing: %s" % missing)
        have = [(c, flags) for c, flags in COMPILERS if shutil.which(c)]
        impls = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            jobs = [pool.submit(build_with, c, flags, work, names, public) for c, flags in have]
            for (c, _), job in zip(have, jobs):
                results, impl = job.result()
                for ok, what, detail in results:
                    check(ok, what, detail)
                if impl and c in ("gcc", "g++"):
                    impls.append((c, impl))
        unit_tests(work, impls)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("%d passed, %d failed" % (PASSED, FAILED))
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
