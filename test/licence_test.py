#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check the licence marks: LICENSE is the MIT licence, and every source
file (C and C++, shell, Python and its stubs, the Makefile, CI, templates,
CMake and pkg-config files, the symbol map, the Doxygen configuration and
the manual page) says `SPDX-License-Identifier: MIT` on its first line, or
on its second after a #! line.  Data (fuzz corpora, test and docs data, the
ABI baseline) carries none.  The files are those git tracks, or in a tree
without git (an unpacked dist tarball) those on disk but build products.
The generated single headers' licence text is checked by
single_header_test.py and contest_edition_test.py.

usage: python3 test/licence_test.py     (from anywhere)
Last line: "N passed, N failed"; exit status 1 if any check failed.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testlib import check, summary  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "SPDX-License-Identifier: MIT"
SUFFIXES = (".c", ".h", ".cpp", ".sh", ".py", ".pyi", ".toml", ".in")
NAMES = ("Makefile", ".ci/run", "docs/Doxyfile", "src/grundy.map", "docs/grundy.1")
DATA = ("fuzz/corpus/", "test/data/", "docs/data/", "abi/")
# Build products and other files no commit holds, in a tree without git.
NOT_SOURCE = ("build/", "lib/", "bin/", "single/", "docs/html/", "docs/images/", ".git/")


def tracked():
    """The repository's files, relative to ROOT."""
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True)
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.split("\n")[:-1]
    except OSError:
        pass
    files = []
    for top, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d != "__pycache__" and not d.endswith(".egg-info")]
        for n in names:
            rel = os.path.relpath(os.path.join(top, n), ROOT).replace(os.sep, "/")
            if not rel.startswith(NOT_SOURCE):
                files.append(rel)
    return sorted(files)


def main():
    with open(os.path.join(ROOT, "LICENSE"), encoding="utf-8") as f:
        licence = f.read()
    check(licence.startswith("MIT License\n") and "Permission is hereby granted" in licence,
          "LICENSE is the MIT licence")
    sources = [p for p in tracked() if not p.startswith(DATA)
               and (p.endswith(SUFFIXES) or p in NAMES)]
    check(len(sources) > 150, "the source files are found (%d)" % len(sources))
    missing = []
    for path in sources:
        try:
            with open(os.path.join(ROOT, path), encoding="utf-8") as f:
                head = [f.readline(), f.readline()]
        except (OSError, UnicodeDecodeError) as exc:
            missing.append("%s (%s)" % (path, exc))
            continue
        if not (TAG in head[0] or head[0].startswith("#!") and TAG in head[1]):
            missing.append(path)
    check(not missing, "files without %r on their first line (or second, after #!): %s"
          % (TAG, ", ".join(missing[:20]) + (" and %d more" % (len(missing) - 20)
                                              if len(missing) > 20 else "")))
    return summary()


if __name__ == "__main__":
    sys.exit(main())
