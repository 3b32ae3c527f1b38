#!/bin/sh
# SPDX-License-Identifier: MIT
# Install test: `make install` into temporary prefixes (PREFIX, DESTDIR,
# LIBDIR) puts every file in its place (the single headers in
# PREFIX/share/grundy/; test/pkg_cmake.sh tests the CMake package); build
# test/consumer.c against the installed copy through pkg-config, shared and
# static, check the shared library's SONAME and
# exports (every export declared by the header, as C and C++ compilers see
# it), then `make uninstall` and check that no file is left.
# usage (from anywhere, the library already built): sh test/pkg_install.sh
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
# Run make afresh even when called from `make check` (no inherited flags or variables).
unset MAKEFLAGS MFLAGS MAKELEVEL DESTDIR PREFIX LIBDIR MANDIR
CC=${CC:-cc}
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/grundy-prefix.XXXXXX") || exit 2
tmp2=$(mktemp -d "${TMPDIR:-/tmp}/grundy-destdir.XXXXXX") || exit 2
tmp3=$(mktemp -d "${TMPDIR:-/tmp}/grundy-libdir.XXXXXX") || exit 2
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-work.XXXXXX") || exit 2
trap 'rm -rf "$tmp" "$tmp2" "$tmp3" "$work"' EXIT
trap 'exit 2' INT TERM

# Passes when FILE (a list of what is wrong) is empty; else fails and shows it.
expect_none() { # DESC FILE
    if [ -s "$2" ]; then
        bad "$1:"
        showlog "$2"
    else ok; fi
}

hdr=include/grundy.h
library_version $hdr
# Every function the header declares, and those of its experimental section.
# (a deprecated call is declared with GRUNDY_DEPRECATED(msg) in place of GRUNDY_API)
sed -n -e 's/^GRUNDY_API[^(]*[ *]\(grundy_[a-z0-9_]*\)(.*/\1/p' \
    -e 's/^GRUNDY_DEPRECATED([^)]*)[^(]*[ *]\(grundy_[a-z0-9_]*\)(.*/\1/p' $hdr | sort -u >"$work/api"
check "the header declares functions" test -s "$work/api"
sed -n '/^#if defined(GRUNDY_EXPERIMENTAL)/,/^#endif/p' $hdr |
    sed -n 's/^GRUNDY_API[^(]*[ *]\(grundy_[a-z0-9_]*\)(.*/\1/p' | sort -u >"$work/experimental"
check "the header declares experimental functions" test -s "$work/experimental"

# Files an install must put under PREFIX (LIBDIR = PREFIX/lib).
installed_files() { # PREFIX [LIBDIR]
    _l=${2:-$1/lib}
    echo "$1/include/grundy.h $_l/libgrundy.a $_l/libgrundy.so.$version $_l/$soname"
    echo "$_l/libgrundy.so $1/bin/grundy $_l/pkgconfig/grundy.pc $1/share/man/man1/grundy.1"
    echo "$_l/cmake/grundy/grundyConfig.cmake $_l/cmake/grundy/grundyConfigVersion.cmake"
    echo "$_l/cmake/grundy/grundyTargets.cmake"
    echo "$1/share/grundy/grundy.h $1/share/grundy/grundy_contest.h"
}
check_installed() { # WHERE PREFIX [LIBDIR]
    for _f in $(installed_files "$2" "$3"); do
        if [ -f "$_f" ]; then ok; else bad "$1: $_f not installed"; fi
    done
    _l=${3:-$2/lib}
    if [ -L "$_l/$soname" ] && [ "$(readlink "$_l/$soname")" = "libgrundy.so.$version" ]; then ok; else
        bad "$1: $_l/$soname should be a link to libgrundy.so.$version"
    fi
    if [ -L "$_l/libgrundy.so" ] && [ "$(readlink "$_l/libgrundy.so")" = "$soname" ]; then ok; else
        bad "$1: $_l/libgrundy.so should be a link to $soname"
    fi
    check "$1: installed header is include/grundy.h" cmp -s "$2/include/grundy.h" $hdr
    for _f in grundy.h grundy_contest.h; do
        check "$1: installed $_f is single/$_f" cmp -s "$2/share/grundy/$_f" "single/$_f"
    done
}
# Nothing but (empty) directories may remain under DIR.
check_empty() { # DESC DIR
    find "$2" ! -type d >"$work/left"
    expect_none "$1: files left behind" "$work/left"
}

# ----------------------------------------------------------------------------
# make install PREFIX=$tmp

check_logged "make install PREFIX=$tmp" \
    make install PREFIX="$tmp" DESTDIR=
check_installed "PREFIX install" "$tmp"
lib=$tmp/lib
so=$lib/libgrundy.so.$version

pc=$lib/pkgconfig/grundy.pc
check "grundy.pc: libdir=$lib" grep -qx "libdir=$lib" "$pc"
check "grundy.pc: includedir=$tmp/include" grep -qx "includedir=$tmp/include" "$pc"
check "grundy.pc: Version: $version" grep -qx "Version: $version" "$pc"
PKG_CONFIG_PATH=$lib/pkgconfig
export PKG_CONFIG_PATH
check "pkg-config --modversion grundy is $version" test "$(pkg-config --modversion grundy 2>&1)" = "$version"
# (pkg-config ends its output with a space; the unquoted echo drops it.)
# shellcheck disable=SC2046,SC2005
check "pkg-config --cflags grundy names $tmp/include" test "$(echo $(pkg-config --cflags grundy 2>&1))" = "-I$tmp/include"

out=$("$tmp/bin/grundy" --version 2>&1)
check "installed grundy --version prints 'grundy $version'" test "$out" = "grundy $version"

# The installed shared library: SONAME, and only grundy_* symbols exported.
readelf -d "$so" >"$work/dyn" 2>&1
check "SONAME of $so is $soname" grep -qF "Library soname: [$soname]" "$work/dyn"
# nm prints "ADDR TYPE NAME[@@VERSION]"; the version node itself is an absolute (A) symbol.
nm -D --defined-only "$so" 2>/dev/null | awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$work/exported"
check "the shared library exports symbols" test -s "$work/exported"
grep -v '^grundy_' "$work/exported" >"$work/foreign"
expect_none "the shared library exports names without the grundy_ prefix" "$work/foreign"
comm -23 "$work/api" "$work/exported" >"$work/missing"
expect_none "functions declared in grundy.h but not exported by $so" "$work/missing"
comm -13 "$work/api" "$work/exported" >"$work/extra"
expect_none "$so exports functions that grundy.h does not declare (not API, yet part of the ABI)" "$work/extra"
readelf -V "$so" >"$work/ver" 2>&1
check "the shared library defines version node GRUNDY_$major.$minor" grep -qF "GRUNDY_$major.$minor" "$work/ver"
# Experimental functions carry their own version node, every other one the
# node of the release that added it (GRUNDY_MAJOR.MINOR, see src/grundy.map).
nm -D --defined-only "$so" 2>/dev/null | awk '$2 != "A" { print $3 }' | sort -u >"$work/versioned"
sed 's/$/@@GRUNDY_EXPERIMENTAL/' "$work/experimental" | sort >"$work/want_exp"
comm -23 "$work/want_exp" "$work/versioned" >"$work/missing"
expect_none "experimental functions without version node GRUNDY_EXPERIMENTAL" "$work/missing"
grep '@@GRUNDY_[0-9][0-9]*\.[0-9][0-9]*$' "$work/versioned" | sed 's/@@.*//' | sort -u >"$work/released"
comm -23 "$work/api" "$work/experimental" | comm -23 - "$work/released" >"$work/missing"
expect_none "functions without a release's version node (GRUNDY_MAJOR.MINOR)" "$work/missing"
nm -g --defined-only "$lib/libgrundy.a" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$work/static_syms"
grep -v '^grundy_' "$work/static_syms" >"$work/foreign"
expect_none "libgrundy.a defines global names without the grundy_ prefix (they clash in users' programs)" "$work/foreign"
comm -23 "$work/api" "$work/static_syms" >"$work/missing"
expect_none "functions declared in grundy.h but not defined in libgrundy.a" "$work/missing"

# ----------------------------------------------------------------------------
# test/consumer.c against the installed copy, through pkg-config.

cflags="-std=c11 -Wall -Wextra -Wpedantic -Werror"
# shellcheck disable=SC2046,SC2086 # flag lists are split on purpose
check_logged "compile consumer.c against the shared library" \
    $CC $cflags -o "$work/consumer_shared" test/consumer.c $(pkg-config --cflags --libs grundy)
readelf -d "$work/consumer_shared" >"$work/dyn" 2>&1
check "shared consumer NEEDS $soname" grep -qF "Shared library: [$soname]" "$work/dyn"
check "shared consumer does not NEED the unversioned libgrundy.so" \
    test -z "$(grep -F 'Shared library: [libgrundy.so]' "$work/dyn")"
out=$(LD_LIBRARY_PATH=$lib "$work/consumer_shared" 2>&1)
check "shared consumer runs and prints OK (got: $out)" test "$out" = OK
if command -v ldd >/dev/null 2>&1; then
    LD_LIBRARY_PATH=$lib ldd "$work/consumer_shared" >"$work/ldd" 2>&1
    check "shared consumer loads $lib/$soname" grep -qF "$soname => $lib/$soname" "$work/ldd"
fi

# shellcheck disable=SC2046,SC2086 # flag lists are split on purpose
check_logged "compile consumer.c statically (pkg-config --static, -Wl,-Bstatic)" \
    $CC $cflags -o "$work/consumer_static" test/consumer.c $(pkg-config --cflags grundy) \
    -Wl,-Bstatic $(pkg-config --static --libs grundy) -Wl,-Bdynamic
readelf -d "$work/consumer_static" >"$work/dyn" 2>&1
check "static consumer NEEDS no libgrundy" test -z "$(grep -F 'libgrundy' "$work/dyn")"
out=$(unset LD_LIBRARY_PATH; "$work/consumer_static" 2>&1)
check "static consumer runs and prints OK (got: $out)" test "$out" = OK

# shellcheck disable=SC2046,SC2086 # flag lists are split on purpose
check_logged "compile consumer.c with $lib/libgrundy.a named explicitly" \
    $CC $cflags -o "$work/consumer_archive" test/consumer.c $(pkg-config --cflags grundy) \
    "$lib/libgrundy.a"
out=$(unset LD_LIBRARY_PATH; "$work/consumer_archive" 2>&1)
check "consumer linked with libgrundy.a runs and prints OK (got: $out)" test "$out" = OK

# Every symbol the installed shared library exports is declared by the
# installed header (experimental ones with GRUNDY_EXPERIMENTAL defined), as
# the compiler sees it (not only by the text the sed
# above reads): a program that takes the address of each one compiles as C
# and as C++ with -Werror, and links against the shared library, which under
# C++ also proves C linkage.  Deprecated calls are among them, still
# exported: their warnings are silenced here.
{
    echo '#define GRUNDY_EXPERIMENTAL'
    echo '#define GRUNDY_NO_DEPRECATION_WARNINGS'
    echo '#include <grundy.h>'
    echo '#include <stdio.h>'
    echo 'typedef void (*any_fn)(void);'
    echo 'static const any_fn exported[] = {'
    sed 's/.*/    (any_fn)&,/' "$work/exported"
    echo '};'
    echo 'int main(void)'
    echo '{'
    echo '    size_t n = 0;'
    echo '    for (size_t i = 0; i < sizeof exported / sizeof *exported; i++)'
    echo '        n += exported[i] != NULL;'
    printf '%s\n' '    printf("%zu\n", n);'
    echo '    return 0;'
    echo '}'
} >"$work/exports.c"
nexported=$(wc -l <"$work/exported" | tr -d ' ')
# shellcheck disable=SC2046,SC2086 # flag lists are split on purpose
check_logged "every exported symbol is declared by the installed grundy.h (C)" \
    $CC $cflags -o "$work/exports_c" "$work/exports.c" $(pkg-config --cflags --libs grundy)
out=$(LD_LIBRARY_PATH=$lib "$work/exports_c" 2>&1)
check "the C program reaches all $nexported exported functions (got: $out)" test "$out" = "$nexported"
CXX=${CXX:-c++}
if command -v "$CXX" >/dev/null 2>&1; then
    # shellcheck disable=SC2046,SC2086 # flag lists are split on purpose
    check_logged "every exported symbol is declared with C linkage (C++, $CXX)" \
        $CXX -x c++ -std=c++11 -Wall -Wextra -Wpedantic -Werror -o "$work/exports_cxx" \
        "$work/exports.c" -x none $(pkg-config --cflags --libs grundy)
    out=$(LD_LIBRARY_PATH=$lib "$work/exports_cxx" 2>&1)
    check "the C++ program reaches all $nexported exported functions (got: $out)" \
        test "$out" = "$nexported"
else
    bad "no C++ compiler ($CXX) to check C linkage (set CXX; Debian: apt-get install g++)"
fi
unset PKG_CONFIG_PATH

# ----------------------------------------------------------------------------
# make uninstall PREFIX=$tmp removes every installed file.

check_logged "make uninstall PREFIX=$tmp" \
    make uninstall PREFIX="$tmp" DESTDIR=
check_empty "make uninstall PREFIX=$tmp" "$tmp"

# ----------------------------------------------------------------------------
# DESTDIR: files go under DESTDIR/PREFIX, paths inside name PREFIX alone.

check_logged "make install DESTDIR=$tmp2 PREFIX=/usr/local" \
    make install DESTDIR="$tmp2" PREFIX=/usr/local
check_installed "DESTDIR install" "$tmp2/usr/local"
find "$tmp2" ! -type d ! -path "$tmp2/usr/local/*" >"$work/left"
expect_none "DESTDIR install: files outside DESTDIR/usr/local" "$work/left"
pc=$tmp2/usr/local/lib/pkgconfig/grundy.pc
check "DESTDIR install: grundy.pc says libdir=/usr/local/lib" grep -qx "libdir=/usr/local/lib" "$pc"
check "DESTDIR install: grundy.pc does not mention DESTDIR" test -z "$(grep -F "$tmp2" "$pc")"
check_logged "make uninstall DESTDIR=$tmp2 PREFIX=/usr/local" \
    make uninstall DESTDIR="$tmp2" PREFIX=/usr/local
check_empty "make uninstall DESTDIR=$tmp2 PREFIX=/usr/local" "$tmp2"

# ----------------------------------------------------------------------------
# LIBDIR: libraries and grundy.pc go where LIBDIR says.

check_logged "make install PREFIX=$tmp3 LIBDIR=$tmp3/lib64" \
    make install PREFIX="$tmp3" LIBDIR="$tmp3/lib64" DESTDIR=
check_installed "LIBDIR install" "$tmp3" "$tmp3/lib64"
check "LIBDIR install: grundy.pc says libdir=$tmp3/lib64" \
    grep -qx "libdir=$tmp3/lib64" "$tmp3/lib64/pkgconfig/grundy.pc"
check_logged "make uninstall PREFIX=$tmp3 LIBDIR=$tmp3/lib64" \
    make uninstall PREFIX="$tmp3" LIBDIR="$tmp3/lib64" DESTDIR=
check_empty "make uninstall PREFIX=$tmp3 LIBDIR=$tmp3/lib64" "$tmp3"

finish
