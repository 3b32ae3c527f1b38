#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that README.md says what the build does:

- its C snippets (```c blocks), put together in order, make one program
  (functions at file scope, statements in main) that compiles without a
  warning against the build tree and runs;
- the single-header snippet compiles as the one file of a program;
- the pkg-config recipe (the ```sh block that installs under a prefix of
  one's own) runs as written, with $HOME a scratch directory, and builds the
  combined program;
- every shell transcript line `$ grundy ...` prints what the README shows.

usage: python3 test/readme_test.py      (from anywhere, after make)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CC = os.environ.get("CC", "cc")
WARN = ["-std=c11", "-Wall", "-Wextra", "-Wpedantic", "-Wshadow", "-Werror",
        # The snippets keep results in variables a program would go on to use.
        "-Wno-unused-variable", "-Wno-unused-but-set-variable"]
# The first line of a function definition at column 0.
FUNCTION = re.compile(r"^(static )?[a-z_][a-z0-9_ ]* \**[a-z_0-9]+\(.*\)$")
# Transcript commands that take longer than a test should (seconds each).
SLOW = re.compile(r"\b[0-9]{8,}\b")


def blocks(text, lang):
    """The fenced blocks of a language, in order."""
    return re.findall(r"^```" + lang + r"\n(.*?)^```\n", text, re.S | re.M)


def combine(snippets):
    """One C program from the snippets: #include lines first, then every
    function defined at column 0, then main with the other lines."""
    includes, functions, body = [], [], []
    for snip in snippets:
        lines = snip.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            if line.startswith("#include"):
                if line not in includes:
                    includes.append(line)
            elif FUNCTION.match(line) and \
                    i + 1 < len(lines) and lines[i + 1] == "{":
                j = lines.index("}", i)
                functions.extend(lines[i:j + 1] + [""])
                i = j
            elif line.startswith("/*") and i + 1 < len(lines) and FUNCTION.match(lines[i + 1]):
                functions.append(line)
            else:
                body.append("    " + line if line else "")
            i += 1
    return "\n".join(includes + ["#include <stdint.h>", ""] + functions +
                     ["int main(void)", "{"] + body + ["    return 0;", "}", ""])


def sh(cmd, cwd, env):
    return subprocess.run(["sh", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=600)


def transcripts(text):
    """(command, expected output) for every `    $ grundy ...` line."""
    out = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^    \$ (.*)$", line)
        if not m:
            continue
        want = []
        for nxt in lines[i + 1:]:
            if not nxt.startswith("    ") or nxt.startswith("    $ "):
                break
            want.append(nxt[4:])
        out.append((m.group(1), "\n".join(want)))
    return out


def main():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    work = tempfile.mkdtemp(prefix="grundy-readme.")
    try:
        c_blocks = blocks(readme, "c")
        single = [b for b in c_blocks if "GRUNDY_IMPLEMENTATION" in b]
        rest = [b for b in c_blocks if "GRUNDY_IMPLEMENTATION" not in b]
        check(len(rest) >= 3, "README.md: fewer than three C snippets (%d)" % len(rest))
        prog = os.path.join(work, "prog.c")
        with open(prog, "w", encoding="utf-8") as f:
            f.write(combine(rest))
        exe = os.path.join(work, "prog_build")
        cc = subprocess.run([CC] + WARN + ["-I" + os.path.join(ROOT, "include"), prog,
                             os.path.join(ROOT, "lib", "libgrundy.a"), "-pthread", "-o", exe],
                            capture_output=True, text=True)
        if check(cc.returncode == 0, "the README's C snippets together do not compile:\n" +
                 cc.stderr[:2000] + "\n--- the program:\n" + open(prog).read()):
            ran = subprocess.run([exe], capture_output=True, text=True)
            check(ran.returncode == 0, "the README's combined program exits %d" % ran.returncode)

        check(len(single) == 1, "README.md: no single-header snippet")
        for b in single:
            one = os.path.join(work, "one.c")
            with open(one, "w", encoding="utf-8") as f:
                f.write(b + "\nint main(void)\n{\n    return grundy_version_number() == 0;\n}\n")
            cc = subprocess.run([CC] + WARN + ["-I" + os.path.join(ROOT, "single"), one, "-pthread",
                                 "-o", os.path.join(work, "one")], capture_output=True, text=True)
            check(cc.returncode == 0, "the single-header snippet does not compile:\n" +
                  cc.stderr[:2000])

        recipes = [b for b in blocks(readme, "sh") if "pkg-config --cflags --libs grundy" in b]
        if check(len(recipes) == 1, "README.md: no pkg-config recipe for a prefix of one's own"):
            env = {k: v for k, v in os.environ.items()
                   if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PKG_CONFIG_PATH",
                                "DESTDIR", "PREFIX", "LIBDIR", "MANDIR", "LD_LIBRARY_PATH")}
            home = os.path.join(work, "home")
            os.mkdir(home)
            env["HOME"] = home
            script = recipes[0].replace("make install", "make -s -C '%s' install" % ROOT)
            res = sh("set -e\n" + script, work, env)
            check(res.returncode == 0, "the pkg-config recipe fails (exit %d):\n%s%s" %
                  (res.returncode, res.stdout[-1500:], res.stderr[-1500:]))
            check(os.path.exists(os.path.join(home, ".local", "bin", "grundy")) and
                  os.path.exists(os.path.join(home, ".local", "share", "man", "man1", "grundy.1")),
                  "the recipe's make install did not install the tool and its manual page")
            sh("make -s -C '%s' uninstall PREFIX='%s/.local'" % (ROOT, home), work, env)

        env = dict(os.environ)
        env["PATH"] = os.path.join(ROOT, "bin") + os.pathsep + env.get("PATH", "")
        shown = transcripts(readme)
        check(len(shown) >= 10, "README.md: fewer than ten shell examples (%d)" % len(shown))
        for cmd, want in shown:
            if SLOW.search(cmd):
                print("skipped (slow): $ " + cmd)
                continue
            res = sh(cmd, work, env)
            got = res.stdout.rstrip("\n")
            check(got == want, "README: $ %s\n    printed: %r\n    README:  %r" % (cmd, got, want))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
