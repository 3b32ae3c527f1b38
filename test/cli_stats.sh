#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of `grundy stats GAME N`: every figure is recomputed here from the
# values `grundy values GAME N` prints (themselves checked against brute
# forces in cli_values_period.sh): the heaps counted, the largest value, the
# count of each value, the rare values and rare heaps under the mask the
# tool names (even parity of value & mask), and the period line against
# `grundy period`; --no-period computes every value; --format json says the
# same as the text; errors are errors.
# usage: sh test/cli_stats.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# field NAME: the value of line "NAME: ..." of the last output.
field() {
    sed -n "s/^$1: //p" "$tmp/out"
}

# check_stats GAME N [OPTIONS...]: stats against the values.
check_stats() {
    _game=$1
    _n=$2
    shift 2
    run stats "$@" "$_game" "$_n"
    expect_rc 0 "stats $* $_game $_n"
    expect_err_empty "stats $* $_game $_n"
    cp "$tmp/out" "$tmp/stats"
    "$G" values "$_game" "$_n" | tr ' ' '\n' | grep . >"$tmp/values"
    # the figures, recomputed by awk from the values and the tool's mask
    awk -v mask_hex="$(sed -n 's/^sparse mask: 0x\([0-9a-f]*\).*/\1/p' "$tmp/stats")" '
        function parity(x,    p) { p = 0; while (x > 0) { p += x % 2; x = int(x / 2) } return p % 2 }
        function and(a, b,    r, bit) {
            r = 0; bit = 1
            while (a > 0 && b > 0) { if (a % 2 && b % 2) r += bit; a = int(a / 2); b = int(b / 2); bit *= 2 }
            return r
        }
        BEGIN { max = 0; n = 0 }
        FNR == NR { count[$1]++; if ($1 + 0 > max) max = $1 + 0; n++; if (n > 1) heaps[n - 1] = $1; next }
        END {
            mask = 0
            for (i = 1; i <= length(mask_hex); i++)
                mask = mask * 16 + index("0123456789abcdef", substr(mask_hex, i, 1)) - 1
            print "heaps: " n
            print "largest value: " max
            line = "rare values:"; rh = 0
            for (v = 0; v <= max; v++) {
                if (count[v] > 0 && mask > 0 && parity(and(v, mask)) == 0) line = line " " v
            }
            print line
            for (h = 1; h < n; h++) if (mask > 0 && parity(and(heaps[h], mask)) == 0) rh++
            print "rare heaps: " rh
            print "counts:"
            for (v = 0; v <= max; v++) if (count[v] > 0) print v " " count[v]
        }' "$tmp/values" "$tmp/values" >"$tmp/want"
    grep -e '^heaps: ' -e '^largest value: ' -e '^rare values:' -e '^rare heaps: ' "$tmp/stats" >"$tmp/got"
    sed -n '/^counts:$/,$p' "$tmp/stats" >>"$tmp/got"
    if cmp -s "$tmp/want" "$tmp/got"; then ok; else
        bad "stats $* $_game $_n: figures differ from the values'"
        diff "$tmp/want" "$tmp/got" | head -n 10 | sed 's/^/    /'
    fi
    if [ "$(sed -n 1p "$tmp/stats")" = "game: $_game" ]; then ok; else
        bad "stats $_game $_n: line 1 is not 'game: $_game'"
    fi
    for name in "values computed" "period" "sparse mask" "time" "memory"; do
        if grep -q "^$name: ." "$tmp/stats"; then ok; else
            bad "stats $* $_game $_n: no '$name:' line"
        fi
    done
}

check_stats 0.137 500
check_stats 0.77 2000
check_stats grundy 20000       # the sparse method: its mask
check_stats grundy 20000 --threads 2
case ${GRUNDY_TEST_QUICK:-} in
'' | 0) check_stats 0.16 300000 ;; # no period yet, and the sparse method
*) check_stats 0.16 30000 ;;       # (Valgrind is some fifty times slower)
esac
check_stats 0.6 12000          # values past a byte
check_stats lasker 3000        # an arithmetic period
check_stats allbut:2,3,7 500
check_stats sub:1,3,4 1000
check_stats 0.07 1 --no-period
check_stats 0.07 0

# The mask the computation used: Grundy's game at 20000 values goes sparse
# and few heaps are rare.
run stats grundy 20000
if grep -q "^sparse mask: 0x[0-9a-f]* used by the computation$" "$tmp/out"; then ok; else
    bad "stats grundy 20000: the sparse mask is not the computation's"
    show
fi
rare=$(field "rare heaps")
if [ "$rare" -gt 0 ] && [ $((rare * 10)) -lt 20000 ]; then ok; else
    bad "stats grundy 20000: $rare rare heaps is not a small minority"
fi

# The period line agrees with grundy period; past a proved period the
# values are not all computed, and --no-period computes them.
for game in 0.77 0.07 0.137 sub:1,3,4 allbut:2,3,7 lasker; do
    run stats "$game" 5000
    got=$(field period)
    "$G" period "$game" 5000 >"$tmp/p" 2>/dev/null
    want="$(sed -n 's/^period \(.*\)/\1 proved/p' "$tmp/p")"
    if [ -n "$want" ] && [ "$got" = "$want" ]; then ok; else
        bad "stats $game 5000: period '$got', grundy period says '$(cat "$tmp/p")'"
    fi
done
run stats 0.77 100000
computed=$(field "values computed")
if [ "$computed" -lt 100000 ]; then ok; else
    bad "stats 0.77 100000: $computed values computed past the proved period"
fi
run stats --no-period 0.77 100000
if [ "$(field "values computed")" = 100000 ] && [ "$(field period)" = "not searched (--no-period)" ]; then
    ok
else
    bad "stats --no-period 0.77 100000: not every value computed, or a period searched"
    show
fi
run stats grundy 3000
expect_rc 0 "stats grundy 3000"
if [ "$(field period)" = "none proved up to 3000" ]; then ok; else
    bad "stats grundy 3000: period line '$(field period)'"
fi

# --format json: the same facts
if command -v python3 >/dev/null 2>&1; then
    for game in 0.16 grundy lasker 0.77; do
        "$G" stats "$game" 20000 >"$tmp/text"
        run stats --format json "$game" 20000
        expect_rc 0 "stats --format json $game 20000"
        if python3 - "$tmp/out" "$tmp/text" <<'EOF'; then ok; else bad "stats --format json $game 20000 disagrees with the text"; show; fi
import json, sys
d = json.load(open(sys.argv[1]))
t = dict((a, b.strip()) for a, b in (l.split(":", 1) for l in open(sys.argv[2]).read().split("counts:")[0].splitlines()))
counts = {int(a): int(b) for a, b in (l.split() for l in open(sys.argv[2]).read().split("counts:\n")[1].splitlines())}
assert d["heaps"] == int(t["heaps"]) and d["computed"] == int(t["values computed"])
assert d["largest"] == int(t["largest value"]) and d["rare_heaps"] == int(t["rare heaps"])
assert d["rare_values"] == [int(v) for v in t["rare values"].split()]
assert {v: c for v, c in enumerate(d["counts"]) if c} == counts and sum(d["counts"]) == d["heaps"]
p = d["period"]
want = "none proved up to %d" % d["heaps"] if p is None else \
    "%d preperiod %d%s proved" % (p["period"], p["preperiod"], " saltus %d" % p["saltus"] if p["saltus"] else "")
assert t["period"] == want, (t["period"], want)
assert t["sparse mask"].startswith(hex(d["mask"]) if d["mask"] else "none")
EOF
    done
else
    bad "no python3 to parse stats --format json"
fi

# errors
run stats 0.77
expect_error "stats without N"
run stats 0.7x 10
expect_error "stats with a bad game"
run stats --format csv 0.77 10
expect_error "stats --format csv"
run stats 0.77 10 12
expect_error "stats with too many arguments"
GRUNDY_MEMORY_LIMIT=8K run stats grundy 10000
expect_error "stats grundy 10000 under 8K"
expect_err_has "GRUNDY_MEMORY_LIMIT=8K" "stats under 8K names the limit"
if [ -w /dev/full ]; then
    "$G" stats 0.77 100 >/dev/full 2>"$tmp/err"
    rc=$?
    expect_rc 2 "stats >/dev/full"
fi

finish
