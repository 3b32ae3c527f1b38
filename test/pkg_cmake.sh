#!/bin/sh
# SPDX-License-Identifier: MIT
# CMake package test: `make install` into a temporary prefix, then a tiny
# CMake project (test/consumer.c) finds it with find_package(grundy CONFIG)
# through CMAKE_PREFIX_PATH, builds and runs, linked to grundy::grundy
# (shared), to grundy::grundy with GRUNDY_USE_STATIC_LIBS=ON (static), and
# to grundy::grundy_shared and grundy::grundy_static by name; the version
# file accepts the installed version and refuses another ABI's; the
# installed tree still works once moved, and with LIBDIR=PREFIX/lib64.
# usage (from anywhere, the library already built): sh test/pkg_cmake.sh
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
# Run make afresh even when called from `make check-package` (no inherited
# flags or variables).
unset MAKEFLAGS MFLAGS MAKELEVEL DESTDIR PREFIX LIBDIR MANDIR CMAKEDIR DATADIR
unset CMAKE_PREFIX_PATH LD_LIBRARY_PATH
LC_ALL=C
export LC_ALL
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-cmake.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM

if ! command -v cmake >/dev/null 2>&1; then
    bad "cmake is not installed (Debian: apt-get install cmake)"
    finish
    exit 1
fi

library_version include/grundy.h

# The consumer project: test/consumer.c linked to the target GRUNDY_TARGET,
# the package found at version WANT (none when empty).
mkdir "$work/project"
cp test/consumer.c "$work/project/"
cat >"$work/project/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.11)
project(consumer C)
set(CMAKE_C_STANDARD 11)
set(CMAKE_C_STANDARD_REQUIRED ON)
find_package(grundy ${WANT} CONFIG REQUIRED)
add_executable(consumer consumer.c)
target_link_libraries(consumer PRIVATE ${GRUNDY_TARGET})
file(WRITE "${CMAKE_BINARY_DIR}/found.txt"
     "${grundy_VERSION}\n${grundy_DIR}\n${GRUNDY_SINGLE_HEADER_DIR}\n")
EOF

n=0
# configure PREFIX_PATH [-DVAR=VALUE...]: configures a fresh build tree of
# the project, $build; true when CMake succeeds (its output in $work/log).
configure() {
    n=$((n + 1))
    build=$work/build$n
    _p=$1
    shift
    cmake -S "$work/project" -B "$build" -DCMAKE_PREFIX_PATH="$_p" -DCMAKE_BUILD_TYPE=Release \
        "$@" >"$work/log" 2>&1
}

# consumer DESC LINKAGE PREFIX_PATH [-DVAR=VALUE...]: configures, builds and
# runs the consumer, which must print OK; LINKAGE shared: it needs the
# library's SONAME and finds it with no LD_LIBRARY_PATH (CMake's build
# RPATH); static: it needs no libgrundy at all.
consumer() {
    _d=$1
    _k=$2
    shift 2
    if ! configure "$@"; then
        bad "$_d: cmake configure"
        showlog "$work/log"
        return
    fi
    ok
    if ! cmake --build "$build" >"$work/log" 2>&1; then
        bad "$_d: cmake --build"
        showlog "$work/log"
        return
    fi
    ok
    readelf -d "$build/consumer" >"$work/dyn" 2>&1
    if [ "$_k" = shared ]; then
        check "$_d: the consumer NEEDS $soname" grep -qF "Shared library: [$soname]" "$work/dyn"
    else
        check "$_d: the consumer NEEDS no libgrundy" test -z "$(grep -F libgrundy "$work/dyn")"
    fi
    _out=$("$build/consumer" 2>&1)
    check "$_d: the consumer runs and prints OK (got: $_out)" test "$_out" = OK
}

# ----------------------------------------------------------------------------
# make install PREFIX=$work/prefix

prefix=$work/prefix
check_logged "make install PREFIX=$prefix" make install PREFIX="$prefix" DESTDIR=
cm=$prefix/lib/cmake/grundy
for f in grundyConfig.cmake grundyConfigVersion.cmake grundyTargets.cmake; do
    check "installed $cm/$f" test -f "$cm/$f"
done
check "the CMake files do not name the prefix (they find it from their place)" \
    test -z "$(grep -lF "$prefix" "$cm"/*.cmake)"

consumer "grundy::grundy" shared "$prefix" -DGRUNDY_TARGET=grundy::grundy
if [ -f "$build/found.txt" ]; then
    check "grundy_VERSION is $version" test "$(sed -n 1p "$build/found.txt")" = "$version"
    check "grundy_DIR is $cm" test "$(sed -n 2p "$build/found.txt")" = "$cm"
    check "GRUNDY_SINGLE_HEADER_DIR is $prefix/share/grundy, which holds both editions" \
        test "$(sed -n 3p "$build/found.txt")" = "$prefix/share/grundy" \
        -a -f "$prefix/share/grundy/grundy.h" -a -f "$prefix/share/grundy/grundy_contest.h"
else
    bad "the consumer project wrote no found.txt"
fi
consumer "grundy::grundy, GRUNDY_USE_STATIC_LIBS=ON" static "$prefix" \
    -DGRUNDY_TARGET=grundy::grundy -DGRUNDY_USE_STATIC_LIBS=ON
consumer "grundy::grundy_shared" shared "$prefix" -DGRUNDY_TARGET=grundy::grundy_shared
consumer "grundy::grundy_static" static "$prefix" -DGRUNDY_TARGET=grundy::grundy_static

# ----------------------------------------------------------------------------
# Versions: this one, and not another ABI's (while the major version is 0,
# another minor version is another ABI: docs/abi.md).

consumer "find_package(grundy $version)" shared "$prefix" -DGRUNDY_TARGET=grundy::grundy \
    -DWANT="$version"
consumer "find_package(grundy $major.$minor...$major.$((minor + 1)))" \
    shared "$prefix" -DGRUNDY_TARGET=grundy::grundy -DWANT="$major.$minor...$major.$((minor + 1))"
refused() { # DESC WANT
    if configure "$prefix" -DGRUNDY_TARGET=grundy::grundy -DWANT="$2"; then
        bad "$1: find_package(grundy $2) accepted $version"
    elif grep -q "$version" "$work/log"; then ok; else
        bad "$1: CMake's message does not name the installed version $version"
        showlog "$work/log"
    fi
}
refused "a newer minor version" "$major.$((minor + 1))"
refused "a newer major version" "$((major + 1)).0"
if [ "$major" -eq 0 ] && [ "$minor" -gt 0 ]; then
    refused "an older minor version while the major version is 0" "0.$((minor - 1))"
fi
refused "a range that ends before it" "0.0...<$major.$minor"

# ----------------------------------------------------------------------------
# The installed tree, moved, still works: the files find the prefix from
# their own place.

mv "$prefix" "$work/moved"
consumer "moved install" shared "$work/moved" -DGRUNDY_TARGET=grundy::grundy
consumer "moved install, static" static "$work/moved" -DGRUNDY_TARGET=grundy::grundy_static
check_logged "make uninstall PREFIX=$work/moved" make uninstall PREFIX="$work/moved" DESTDIR=
left=$(find "$work/moved" ! -type d)
check "make uninstall leaves no file (left: $left)" test -z "$left"

# ----------------------------------------------------------------------------
# LIBDIR=PREFIX/lib64: the package is in LIBDIR/cmake/grundy (which CMake
# searches on some systems, not on Debian's: grundy_DIR names it).  LIBDIR
# outside PREFIX: the files name it by its absolute path.

prefix=$work/p64
check_logged "make install PREFIX=$prefix LIBDIR=$prefix/lib64" \
    make install PREFIX="$prefix" LIBDIR="$prefix/lib64" DESTDIR=
check "installed $prefix/lib64/cmake/grundy/grundyConfig.cmake" \
    test -f "$prefix/lib64/cmake/grundy/grundyConfig.cmake"
consumer "LIBDIR=PREFIX/lib64" shared "$prefix" -DGRUNDY_TARGET=grundy::grundy \
    -Dgrundy_DIR="$prefix/lib64/cmake/grundy"

prefix=$work/p2
check_logged "make install PREFIX=$prefix LIBDIR=$work/elsewhere" \
    make install PREFIX="$prefix" LIBDIR="$work/elsewhere" DESTDIR=
consumer "LIBDIR outside PREFIX" static "$prefix" -DGRUNDY_TARGET=grundy::grundy_static \
    -Dgrundy_DIR="$work/elsewhere/cmake/grundy"
# A package whose library is gone is not found, and CMake says why.
rm -f "$work/elsewhere/libgrundy.a"
if configure "$prefix" -DGRUNDY_TARGET=grundy::grundy -Dgrundy_DIR="$work/elsewhere/cmake/grundy"
then
    bad "a package without its libgrundy.a is found"
else
    check "a package without its libgrundy.a: CMake names the missing file" \
        grep -qF "$work/elsewhere/libgrundy.a, which does not exist" "$work/log"
fi

finish
