#!/usr/bin/env python3
"""Check single/grundy.h, the library as one stb-style header.

- It is current: tools/amalgamate.py, run now, writes the same bytes, so a
  change to include/ or src/ without `make single-header` fails here.
- The generator stops with a message on sources it cannot vouch for.
- With gcc and clang as C11, and g++ and clang++ as C++17, every warning an
  error: a program in two files (one defines GRUNDY_IMPLEMENTATION; the
  library's own file-local names and a contest program's usual macros are
  defined there too, to show that nothing clashes) builds, links and gets
  the right answers; the implementation exports exactly the public
  functions; with GRUNDY_STATIC, one file, nothing is exported and no unused
  function is reported.  A missing compiler is a failure, not a skip.
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

C_FLAGS = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wshadow",
           "-Wstrict-prototypes", "-Werror", "-O2"]
CXX_FLAGS = ["-x", "c++", "-std=c++17", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion",
             "-Wshadow", "-Werror", "-O2"]
COMPILERS = [("gcc", C_FLAGS), ("clang", C_FLAGS), ("g++", CXX_FLAGS), ("clang++", CXX_FLAGS)]


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
        return set(re.findall(r"GRUNDY_API[^;{]*?\b(grundy_\w+)\s*\(", f.read()))


# ---- the programs -----------------------------------------------------------

# Valid C and C++ alike: a few calls of each kind, with known answers.
CHECKS = r"""
#include <stdio.h>

static int failures;

static void expect(int ok, const char *what)
{
    if (!ok) {
        failures++;
        printf("failed: %s\n", what);
    }
}

static int run_checks(void)
{
    /* A graph: 1 -> 0; 2 -> 0, 1; 3 -> 1 + 2 (a split).  Values 0 1 2 0. */
    grundy_graph *g = NULL;
    const uint32_t parts[2] = {1, 2};
    uint32_t v = 99;
    expect(grundy_graph_new(&g) == GRUNDY_OK, "grundy_graph_new");
    expect(grundy_graph_add_nodes(g, 4, NULL) == GRUNDY_OK, "grundy_graph_add_nodes");
    expect(grundy_graph_add_move(g, 1, 0) == GRUNDY_OK && grundy_graph_add_move(g, 2, 0) == GRUNDY_OK
           && grundy_graph_add_move(g, 2, 1) == GRUNDY_OK, "grundy_graph_add_move");
    expect(grundy_graph_add_split(g, 3, parts, 2) == GRUNDY_OK, "grundy_graph_add_split");
    expect(grundy_graph_solve(g) == GRUNDY_OK, "grundy_graph_solve");
    for (uint32_t u = 0; u < 4; u++) {
        static const uint32_t want[4] = {0, 1, 2, 0};
        expect(grundy_graph_value(g, u, &v) == GRUNDY_OK && v == want[u], "grundy_graph_value");
    }
    expect(grundy_graph_outcome(g, 3) == GRUNDY_P, "grundy_graph_outcome");
    grundy_graph_free(g);

    /* Kayles, 0.77: its first values, and its proved period. */
    grundy_heap_game *k = NULL;
    static const uint32_t kayles[12] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6};
    uint64_t period = 0, preperiod = 0;
    expect(grundy_heap_game_new(&k, "0.77", NULL, NULL) == GRUNDY_OK, "grundy_heap_game_new");
    for (uint64_t n = 0; n < 12; n++)
        expect(grundy_heap_game_value(k, n, &v) == GRUNDY_OK && v == kayles[n],
               "grundy_heap_game_value");
    expect(grundy_heap_game_period(k, 1000, &period, &preperiod) == 1 && period == 12
           && preperiod == 71, "grundy_heap_game_period");
    grundy_heap_game_free(k);

    /* Nim: 3 8 15 is N, take 4 from heap 2; misere 1 1 1 is P. */
    const uint64_t heaps[3] = {3, 8, 15}, ones[3] = {1, 1, 1};
    size_t heap = 9;
    uint64_t take = 0;
    expect(grundy_nim_outcome(heaps, 3) == GRUNDY_N, "grundy_nim_outcome");
    expect(grundy_nim_winning_move(heaps, 3, &heap, &take) == 1 && heap == 2 && take == 4,
           "grundy_nim_winning_move");
    expect(grundy_misere_nim_outcome(ones, 3) == GRUNDY_P, "grundy_misere_nim_outcome");

    /* Nimbers: 2 (x) 2 = 3, 4 (x) 4 = 6, 16 (x) 16 = 24, with and without
     * tables, and an inverse. */
    grundy_nimber *nb = NULL;
    uint64_t inv = 0;
    expect(grundy_nimber_new(&nb, NULL) == GRUNDY_OK, "grundy_nimber_new");
    expect(grundy_nim_mul(NULL, 2, 2) == 3 && grundy_nim_mul(nb, 2, 2) == 3, "grundy_nim_mul 2 2");
    expect(grundy_nim_mul(NULL, 4, 4) == 6 && grundy_nim_mul(nb, 4, 4) == 6, "grundy_nim_mul 4 4");
    expect(grundy_nim_mul(NULL, 16, 16) == 24 && grundy_nim_mul(nb, 16, 16) == 24,
           "grundy_nim_mul 16 16");
    expect(grundy_nim_inv(nb, 0x123456789abcdefull, &inv) == GRUNDY_OK
           && grundy_nim_mul(NULL, 0x123456789abcdefull, inv) == 1, "grundy_nim_inv");
    grundy_nimber_free(nb);

    expect(grundy_version_number() == GRUNDY_VERSION_NUMBER, "grundy_version_number");
    return failures;
}

int main(void)
{
    if (run_checks() != 0)
        return 1;
    printf("ok\n");
    return 0;
}
"""

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


def exported(obj):
    """The global symbols obj defines, or None if nm fails."""
    rc, out = run(["nm", "-g", "--defined-only", obj])
    if rc != 0:
        return None
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def build_with(compiler, flags, work, names, public):
    """Every build of one compiler; returns the checks it makes as
    (ok, what, detail) triples, and the implementation's object."""
    results = []
    d = os.path.join(work, compiler)
    os.makedirs(d)
    for name, text in (("impl.c", impl_source(names)), ("main.c", MAIN), ("static.c", STATIC)):
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    inc = ["-I", os.path.join(ROOT, "single")]
    link = "g++" if compiler == "g++" else compiler

    def step(what, cmd):
        rc, out = run(cmd, cwd=d)
        # A compiler that prints anything (a note) counts as a failure too.
        ok = rc == 0 and out.strip() == ""
        results.append((ok, "%s: %s" % (compiler, what), " ".join(cmd) + "\n" + out))
        return ok

    impl_ok = step("the implementation file compiles warning-free, beside a contest "
                   "program's names", [compiler] + flags + inc + ["-c", "impl.c", "-o", "impl.o"])
    main_ok = step("a file with the declarations only compiles warning-free",
                   [compiler] + flags + inc + ["-c", "main.c", "-o", "main.o"])
    if impl_ok:
        syms = exported(os.path.join(d, "impl.o"))
        ours = {s for s in syms or () if s.startswith("grundy")}
        results.append((syms is not None and ours == public,
                        "%s: the implementation exports exactly the public functions" % compiler,
                        "extra: %s\nmissing: %s" % (sorted(ours - public), sorted(public - ours))))
    if impl_ok and main_ok and step("two files link", [link, "impl.o", "main.o", "-o", "two"]):
        rc, out = run([os.path.join(d, "two")])
        results.append((rc == 0 and out == "ok\n",
                        "%s: the two-file program gets the right answers" % compiler, out))
    if step("GRUNDY_STATIC in one file compiles warning-free (no unused functions)",
            [compiler] + flags + inc + ["-c", "static.c", "-o", "static.o"]):
        syms = exported(os.path.join(d, "static.o"))
        results.append((syms == {"main"}, "%s: with GRUNDY_STATIC nothing but main is exported"
                        % compiler, "exported: %s" % sorted(syms or ())))
        if step("GRUNDY_STATIC links", [link, "static.o", "-o", "static"]):
            rc, out = run([os.path.join(d, "static")])
            results.append((rc == 0 and out == "ok\n",
                            "%s: the GRUNDY_STATIC program gets the right answers" % compiler, out))
    return results, (os.path.join(d, "impl.o") if impl_ok else None)


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

def generator_refuses(work, what, path, old, new, message):
    """Copies the sources, breaks one, and checks the generator stops with a
    message (and writes nothing)."""
    tree = os.path.join(work, "broken-" + re.sub(r"\W+", "-", what))
    for sub in ("include", "src", "tools"):
        shutil.copytree(os.path.join(ROOT, sub), os.path.join(tree, sub))
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
            check(new == old, "single/grundy.h is up to date (run `make single-header` and commit it)",
                  "single/grundy.h differs from what tools/amalgamate.py writes now")
            rc, out = run([sys.executable, GENERATOR, fresh + "2"])
            with open(fresh + "2", "rb") as f:
                check(f.read() == new, "the generator's output is the same from run to run")

        generator_refuses(work, "an unknown #include", "src/nim/nim.c", '#include "core/sum.h"\n',
                          '#include "core/sum.h"\n#include "nowhere.h"\n', "nowhere.h")
        generator_refuses(work, "a non-static function outside the grundy_ namespace",
                          "src/core/sum.c",
                          "static uint64_t array_value(", "uint64_t array_value(",
                          "outside the grundy_ namespace: array_value")
        generator_refuses(work, "an #include inside #if", "src/nim/nim.c",
                          '#include "core/sum.h"\n',
                          '#if 1\n#include "core/sum.h"\n#endif\n', "inside #if")

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
