#!/bin/sh
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
if ! abidw --no-show-locs --no-corpus-path --headers-dir include --drop-private-types \
    --out-file "$fresh" "$so"; then
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
abidiff "$baseline" "$fresh" >"$tmp/report" 2>&1
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

# ---- the SONAME follows the major version.
major=$(sed -n 's/^#define GRUNDY_VERSION_MAJOR \([0-9]*\).*/\1/p' include/grundy.h)
if readelf -d "$so" | grep -qF "Library soname: [libgrundy.so.$major]"; then ok; else
    bad "the SONAME of $so is not libgrundy.so.$major"
fi
base_soname=$(sed -n "1s/.* soname='\([^']*\)'.*/\1/p" "$baseline")
if [ "$base_soname" = "libgrundy.so.$major" ]; then ok; else
    bad "the baseline is for $base_soname but GRUNDY_VERSION_MAJOR is $major: a new major release needs a new baseline (make abi-baseline)"
fi

finish
