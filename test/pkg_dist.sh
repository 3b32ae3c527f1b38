#!/bin/sh
# SPDX-License-Identifier: MIT
# Source tarball test: `make dist` writes libgrundy-X.Y.Z.tar.gz (X.Y.Z from
# include/grundy.h) holding, under libgrundy-X.Y.Z/, the files git tracks
# and both generated single headers, and no build product; a second
# `make dist` writes the same bytes.  Unpacked where no git repository is
# (and git refused), the tree builds, its shipped headers are those its
# generator writes and make finds them current, and a few suites pass there
# (a unit test program, the CLI's everyday commands, the README's snippets
# with the single header and an install, the licence marks).
# usage (from anywhere, the library already built): sh test/pkg_dist.sh
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
# Run make afresh even when called from `make check-package` (no inherited
# flags or variables).
unset MAKEFLAGS MFLAGS MAKELEVEL DESTDIR PREFIX LIBDIR T F GRUNDY_TEST_FILTER
LC_ALL=C
export LC_ALL
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-dist.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM

library_version include/grundy.h
name=libgrundy-$version
tarball=$name.tar.gz

if ! git rev-parse --git-dir >/dev/null 2>&1; then
    bad "make dist needs a git checkout, and $root is none"
    finish
    exit 1
fi

check_logged "make dist" make dist
check "make dist wrote $tarball" test -f "$tarball"
[ -f "$tarball" ] || { finish; exit 1; }
cp "$tarball" "$work/first.tar.gz"
check_logged "make dist, again" make dist
check "make dist writes the same bytes twice" cmp -s "$tarball" "$work/first.tar.gz"

# ----------------------------------------------------------------------------
# What it holds: the tracked files and the two headers, under $name/.

tar -tzf "$tarball" | grep -v '/$' | sort >"$work/listed"
git ls-files | sed "s|^|$name/|" | sort >"$work/tracked"
printf '%s\n' "$name/single/grundy.h" "$name/single/grundy_contest.h" | sort - "$work/tracked" \
    >"$work/want"
comm -13 "$work/listed" "$work/want" >"$work/missing"
check "the tarball holds every file git tracks and both single headers (missing: \
$(head -n 5 "$work/missing" | tr '\n' ' '))" test ! -s "$work/missing"
comm -23 "$work/listed" "$work/want" >"$work/extra"
check "the tarball holds nothing else (extra: $(head -n 5 "$work/extra" | tr '\n' ' '))" \
    test ! -s "$work/extra"
for f in LICENSE Makefile include/grundy.h tools/amalgamate.py cmake/grundyConfig.cmake.in; do
    check "the tarball holds $f" grep -qx "$name/$f" "$work/listed"
done

# ----------------------------------------------------------------------------
# Unpacked, away from any repository, git refused: it builds and tests.

tar -xzf "$tarball" -C "$work"
tree=$work/$name
GIT_DIR=$work/no-git
GIT_CEILING_DIRECTORIES=$work
export GIT_DIR GIT_CEILING_DIRECTORIES
for f in grundy.h grundy_contest.h; do
    check "the tarball's single/$f is the tree's" cmp -s "$tree/single/$f" "single/$f"
done
cd "$tree" || exit 2
check "make finds the shipped single headers current" make -q single-header
check_logged "python3 tools/amalgamate.py, in the unpacked tree" \
    python3 tools/amalgamate.py "$work/fresh.h"
check "the shipped single/grundy.h is what the unpacked tree generates" \
    cmp -s "$work/fresh.h" single/grundy.h
stamp=$(stat -c %Y single/grundy.h single/grundy_contest.h)
check_logged "make -j2, in the unpacked tree" make -j2
for suite in test_nim cli_everyday readme_test licence_test; do
    make -j2 check T=$suite >"$work/log" 2>&1
    rc=$?
    last=$(tail -n 1 "$work/log")
    case $rc/$last in
    0/*" passed, 0 failed") ok ;;
    *) bad "make check T=$suite, in the unpacked tree: exit $rc, $last"; showlog "$work/log" ;;
    esac
done
check "make check did not regenerate the shipped headers" \
    test "$(stat -c %Y single/grundy.h single/grundy_contest.h)" = "$stamp"
cd "$root" || exit 2
rm -f "$tarball"

finish
