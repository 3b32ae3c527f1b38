#!/bin/sh
# SPDX-License-Identifier: MIT
# Header test: include/grundy.h compiles on its own, without a warning (with
# and without its experimental section, GRUNDY_EXPERIMENTAL), as C99, C11
# and C17, and as C++11, C++17 and C++20 (-Wall -Wextra -Wpedantic
# -Werror), with every C and C++ compiler found (CC and CXX, then cc, gcc,
# clang, c++, g++, clang++); and a tiny program that calls the library
# through it links against lib/libgrundy.a and runs, from C and from C++ (so
# the declarations have C linkage under C++).  That every symbol the shared
# library exports is declared by the header is checked, by compiling and
# linking, in test/pkg_install.sh.
# usage (from anywhere, the library already built): sh test/pkg_header.sh
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
LC_ALL=C
export LC_ALL
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-header.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 2' INT TERM

if [ ! -f lib/libgrundy.a ]; then
    bad "lib/libgrundy.a is missing: run make first"
    finish
    exit 1
fi

# The header alone: the translation unit is nothing but the #include; and
# again with the experimental section declared (GRUNDY_EXPERIMENTAL).
printf '#include "grundy.h"\n' >"$work/alone.c"
printf '#define GRUNDY_EXPERIMENTAL\n#include "grundy.h"\n' >"$work/experimental.c"

# A tiny program that uses the header's types, macros and functions.  It is
# both C and C++ (no compound literals, no designated initializers).
cat >"$work/prog.c" <<'EOF'
#include "grundy.h"

#include <stdio.h>

int main(void)
{
    const uint64_t heaps[3] = {3, 8, 15};
    uint64_t sum = 0, moves[3] = {0, 0, 0};
    grundy_graph *g = NULL;
    uint32_t v = 99;
    int rc;
    if (grundy_version_number() != GRUNDY_VERSION_NUMBER)
        return 1;
    if (grundy_nim_sum_value(GRUNDY_PLAY_NORMAL, heaps, 3, &sum) != GRUNDY_OK ||
        sum != (3 ^ 8 ^ 15) ||
        grundy_nim_sum_winning_move(GRUNDY_PLAY_NORMAL, heaps, 3, moves) != 1 ||
        moves[0] != GRUNDY_NO_MOVE || moves[1] != GRUNDY_NO_MOVE || moves[2] != 4)
        return 2;
    rc = grundy_graph_new(&g, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_graph_add_nodes(g, 2, NULL);
    if (rc == GRUNDY_OK)
        rc = grundy_graph_add_move(g, 1, 0);
    if (rc == GRUNDY_OK)
        rc = grundy_graph_solve(g, GRUNDY_PLAY_NORMAL);
    if (rc == GRUNDY_OK)
        rc = grundy_graph_value(g, GRUNDY_PLAY_NORMAL, 1, &v);
    grundy_graph_free(g);
    if (rc != GRUNDY_OK || v != 1 || GRUNDY_NODE_MAX != 0x7fffffffu)
        return 3;
    printf("OK %s\n", grundy_version());
    return 0;
}
EOF

warn="-Wall -Wextra -Wpedantic -Werror"
cwarn="$warn -Wstrict-prototypes -Wundef -Wshadow"

# Every compiler of a kind, without repeats (a compiler that is not there is
# skipped, but at least one of each kind must be).
compilers() { # NAMES...: the ones found, as absolute paths, one per line
    for _c in "$@"; do
        _p=$(command -v "$_c" 2>/dev/null) || continue
        _r=$(readlink -f "$_p" 2>/dev/null || echo "$_p")
        grep -qxF "$_r" "$work/seen" 2>/dev/null && continue
        echo "$_r" >>"$work/seen"
        echo "$_p"
    done
}
: >"$work/seen"
ccs=$(compilers "${CC:-cc}" cc gcc clang)
: >"$work/seen"
cxxs=$(compilers "${CXX:-c++}" c++ g++ clang++)
check "a C compiler is installed" test -n "$ccs"
check "a C++ compiler is installed (set CXX; Debian: apt-get install g++)" test -n "$cxxs"

try() { # LANG STD COMPILER FLAGS...
    _lang=$1 _std=$2 _cc=$3
    shift 3
    _what="$(basename "$_cc") -std=$_std"
    # shellcheck disable=SC2086 # flag lists are split on purpose
    if "$_cc" -x "$_lang" -std="$_std" "$@" -Iinclude -c "$work/alone.c" -o "$work/alone.o" \
        >"$work/log" 2>&1; then ok; else
        bad "grundy.h alone does not compile cleanly with $_what $*:"
        sed -n '1,20s/^/    /p' "$work/log"
        return
    fi
    if "$_cc" -x "$_lang" -std="$_std" "$@" -Iinclude -c "$work/experimental.c" \
        -o "$work/experimental.o" >"$work/log" 2>&1; then ok; else
        bad "grundy.h with GRUNDY_EXPERIMENTAL does not compile cleanly with $_what $*:"
        sed -n '1,20s/^/    /p' "$work/log"
        return
    fi
    if "$_cc" -x "$_lang" -std="$_std" "$@" -Iinclude -o "$work/prog" "$work/prog.c" \
        -x none lib/libgrundy.a >"$work/log" 2>&1; then ok; else
        bad "a program using grundy.h does not build with $_what $*:"
        sed -n '1,20s/^/    /p' "$work/log"
        return
    fi
    _out=$("$work/prog" 2>&1)
    check "the program built with $_what runs and prints OK (got: $_out)" \
        test "${_out%% *}" = OK
}

# Standards a compiler does not know (an older one) are skipped with a note.
knows() { # COMPILER LANG STD
    echo 'int x;' | "$1" -x "$2" -std="$3" -fsyntax-only - >/dev/null 2>&1
}

for cc in $ccs; do
    for std in c99 c11 c17; do
        if knows "$cc" c $std; then
            # shellcheck disable=SC2086
            try c $std "$cc" $cwarn
        else
            echo "note: $cc does not know -std=$std; skipped"
        fi
    done
done
for cxx in $cxxs; do
    for std in c++11 c++17 c++20; do
        if knows "$cxx" c++ $std; then
            # shellcheck disable=SC2086
            try c++ $std "$cxx" $warn
        else
            echo "note: $cxx does not know -std=$std; skipped"
        fi
    done
done

# A deprecated call draws the compiler's warning, naming its replacement,
# unless the program defines GRUNDY_NO_DEPRECATION_WARNINGS.
printf '#include "grundy.h"\nuint64_t f(void);\nuint64_t f(void) { return grundy_nim_mul(NULL, 2, 3); }\n' \
    >"$work/deprecated.c"
for c in $ccs $cxxs; do
    case " $cxxs " in *" $c "*) lang=c++ std=c++17 ;; *) lang=c std=c11 ;; esac
    knows "$c" $lang $std || continue
    "$c" -x $lang -std=$std -Iinclude -c "$work/deprecated.c" -o "$work/deprecated.o" \
        >"$work/log" 2>&1
    check "$(basename "$c") warns where grundy_nim_mul is used, naming grundy_nimber_mul" \
        grep -q 'deprecated.*grundy_nimber_mul\|grundy_nimber_mul.*deprecated' "$work/log"
    # shellcheck disable=SC2086
    check "$(basename "$c") does not warn with GRUNDY_NO_DEPRECATION_WARNINGS" \
        "$c" -x $lang -std=$std $warn -DGRUNDY_NO_DEPRECATION_WARNINGS -Iinclude \
        -c "$work/deprecated.c" -o "$work/deprecated.o"
done

finish
