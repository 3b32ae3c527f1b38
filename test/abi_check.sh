#!/bin/sh
# SPDX-License-Identifier: MIT
# The ABI check of `make abi-check` and `make abi-baseline` (see docs/abi.md).
# usage: sh test/abi_check.sh check|baseline SHARED_LIBRARY   (from the repository root)
#
# check:    compares SHARED_LIBRARY with the baseline abi/libgrundy.abi
#           (libabigail's abidiff, public types only) and the public macros
#           of include/grundy.h with abi/macros.txt.  Additions are allowed
#           (a minor release may add functions and constants); anything
#           removed or changed fails.  Last line: "N passed, N failed".
# baseline: rewrites abi/libgrundy.abi and abi/macros.txt from SHARED_LIBRARY
#           and the header, at a release.
#
# The experimental calls (grundy.h section 9, symbol version
# GRUNDY_EXPERIMENTAL) are outside the promise: abidiff is told to ignore
# them, and the check makes sure that every other exported function carries
# a release's symbol version (GRUNDY_MAJOR.MINOR), never none.
#
# abidiff's exit status is a bit set: 1 an error, 2 a usage error, 4 an ABI
# change, 8 an incompatible change (a removed symbol, a changed SONAME).  It
# flags a changed parameter or struct layout with 4 alone, so a 4 without 8
# passes only if its report has no removed or changed function or variable.

mode=${1:?usage: sh test/abi_check.sh check|baseline SHARED_LIBRARY}
so=${2:?usage: sh test/abi_check.sh check|baseline SHARED_LIBRARY}
CC=${CC:-cc}
LC_ALL=C
export LC_ALL
baseline=abi/libgrundy.abi
macros=abi/macros.txt
fresh=build/abi/libgrundy.abi
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}
finish() {
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

for tool in abidw abidiff; do
    if ! command -v $tool >/dev/null 2>&1; then
        bad "$tool not found (Debian: apt-get install abigail-tools)"
        finish
        exit 1
    fi
done
# Without debug information abidw sees only symbol names, and abidiff would
# pass a changed signature or struct layout.
if ! readelf -S "$so" 2>/dev/null | grep -q '\.debug_info'; then
    bad "$so has no debug information: build it with -g (the default CFLAGS has it)"
    finish
    exit 1
fi

# The public macros and their values, as the compiler sees them; the version
# numbers change at every release and are left out.
public_macros() {
    $CC -dM -E -x c include/grundy.h |
        sed -n 's/^#define \(GRUNDY_[A-Z0-9_]*\) \(.*\)$/\1 \2/p' |
        grep -v '^GRUNDY_\(VERSION_MAJOR\|VERSION_MINOR\|VERSION_PATCH\|H\|API\) ' |
        sort
}

mkdir -p build/abi
# Types not defined in the public header (the insides of the opaque handles)
# are dropped: they are not part of the ABI.
suppr=build/abi/experimental.suppr
printf '[suppress_function]\n  symbol_version_regexp = ^GRUNDY_EXPERIMENTAL$\n' >"$suppr"
if ! abidw --no-show-locs --no-corpus-path --headers-dir include --drop-private-types \
    --suppressions "$suppr" --out-file "$fresh" "$so"; then
    bad "abidw failed on $so"
    finish
    exit 1
fi

if [ "$mode" = baseline ]; then
    mkdir -p abi
    cp "$fresh" "$baseline"
    public_macros >"$macros"
    echo "wrote $baseline ($(grep -c '<elf-symbol ' "$baseline") symbols) and $macros ($(wc -l <"$macros") macros)"
    exit 0
fi
[ "$mode" = check ] || { echo "unknown mode $mode"; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/grundy-abi.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# ---- abidiff
abidiff --suppressions "$suppr" "$baseline" "$fresh" >"$tmp/report" 2>&1
rc=$?
if [ $((rc & 3)) -ne 0 ]; then
    bad "abidiff failed (exit status $rc)"
    sed 's/^/    /' "$tmp/report"
elif [ $((rc & 8)) -ne 0 ]; then
    bad "incompatible ABI change against $baseline (abidiff exit status $rc)"
    sed 's/^/    /' "$tmp/report"
elif [ $((rc & 4)) -ne 0 ]; then
    # Allowed only if nothing was removed or changed: every summary line
    # reads "0 Removed, 0 Changed..., N Added", and no ELF property changed.
    grep 'changes summary:' "$tmp/report" |
        grep -v 'summary: 0 Removed, 0 Changed\( ([0-9]* filtered out)\)\{0,1\}, [0-9]* Added' \
            >"$tmp/changed"
    grep -i 'SONAME changed\|architecture changed\|needed changed' "$tmp/report" >>"$tmp/changed"
    if [ -s "$tmp/changed" ]; then
        bad "ABI change against $baseline (abidiff exit status $rc):"
        sed 's/^/    /' "$tmp/report"
    else
        ok
        echo "ABI additions (allowed in a minor release; bump GRUNDY_VERSION_MINOR):"
        sed 's/^/    /' "$tmp/report"
    fi
else
    ok
fi

# ---- macros: every baseline macro keeps its value; new ones are additions.
public_macros >"$tmp/macros"
if [ ! -s "$tmp/macros" ]; then
    bad "found no GRUNDY_ macro in include/grundy.h"
fi
comm -23 "$macros" "$tmp/macros" >"$tmp/lost"
if [ -s "$tmp/lost" ]; then
    bad "public macros removed or changed against $macros (baseline values):"
    sed 's/^/    /' "$tmp/lost"
    comm -13 "$macros" "$tmp/macros" | sed 's/^/    now: /'
else
    ok
fi
comm -13 "$macros" "$tmp/macros" >"$tmp/new"
if [ -s "$tmp/new" ] && [ ! -s "$tmp/lost" ]; then
    echo "new public macros (allowed in a minor release):"
    sed 's/^/    /' "$tmp/new"
fi

# ---- the SONAME: libgrundy.so.0.MINOR while the major version is 0 (a
# minor release may break the ABI then), libgrundy.so.MAJOR from 1.0 on.
major=$(sed -n 's/^#define GRUNDY_VERSION_MAJOR \([0-9]*\).*/\1/p' include/grundy.h)
minor=$(sed -n 's/^#define GRUNDY_VERSION_MINOR \([0-9]*\).*/\1/p' include/grundy.h)
if [ "$major" -eq 0 ]; then soname=libgrundy.so.0.$minor; else soname=libgrundy.so.$major; fi
if readelf -d "$so" | grep -qF "Library soname: [$soname]"; then ok; else
    bad "the SONAME of $so is not $soname"
fi
base_soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$baseline")
if [ "$base_soname" = "$soname" ]; then ok; else
    bad "the baseline is for $base_soname but this release's SONAME is $soname: a release that may break the ABI needs a new baseline (make abi-baseline)"
fi

# ---- symbol versions: every exported function has a release's version
# node or the experimental one, and the experimental ones are exactly the
# functions the header declares only under GRUNDY_EXPERIMENTAL.
readelf --dyn-syms -W "$so" | awk '$5 == "GLOBAL" && $7 != "UND" && $8 ~ /^grundy_/ {print $8}' \
    | sort >"$tmp/versioned"
unversioned=$(grep -v '@@GRUNDY_\(EXPERIMENTAL\|[0-9][0-9]*\.[0-9][0-9]*\)$' "$tmp/versioned")
if [ -z "$unversioned" ]; then ok; else
    bad "exported functions without a release's symbol version: $unversioned"
fi
sed -n 's/@@GRUNDY_EXPERIMENTAL$//p' "$tmp/versioned" >"$tmp/exp_so"
hidden_decls() { # DEFINE: the function names grundy.h declares with -DDEFINE
    $CC ${1:+-D$1} -E -P -x c include/grundy.h |
        grep -o 'grundy_[a-z0-9_]* *(' | sed 's/ *($//' | sort -u
}
hidden_decls GRUNDY_EXPERIMENTAL >"$tmp/decl_all"
hidden_decls "" >"$tmp/decl_stable"
comm -23 "$tmp/decl_all" "$tmp/decl_stable" >"$tmp/exp_h"
if cmp -s "$tmp/exp_so" "$tmp/exp_h"; then ok; else
    bad "experimental symbols (GRUNDY_EXPERIMENTAL node) differ from grundy.h section 9:"
    diff "$tmp/exp_h" "$tmp/exp_so" | sed 's/^/    /'
fi

finish
