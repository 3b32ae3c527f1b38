#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool: `grundy values GAME N` and
# `grundy period GAME [MAX]`.  Values are checked against a brute force
# written here in awk from each game's definition (one heap at a time: mex
# over the options of the xor of the parts' values), against the OEIS terms
# in test/data/, and against known periods (see test/test_heap.c for sources).
# usage: sh test/cli_values_period.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# brute GAME N: G(0) .. G(N-1) on one line, computed here in awk.
# GAME: an octal/hexadecimal code, sub:S1,S2,..., allbut:X1,X2,..., grundy
# or lasker.
brute() {
    awk -v game="$1" -v N="$2" '
    function xor(a, b,    r, bit) {
        r = 0; bit = 1
        while (a > 0 || b > 0) {
            if ((a % 2) != (b % 2)) r += bit
            a = int(a / 2); b = int(b / 2); bit *= 2
        }
        return r
    }
    function hexval(c) { return index("0123456789ABCDEF", c) - 1 }
    BEGIN {
        t = 0; kind = "code"
        if (game == "grundy" || game == "lasker") kind = game
        else if (substr(game, 1, 7) == "allbut:") {
            kind = "allbut"
            nx = split(substr(game, 8), x, ",")
            for (i = 1; i <= nx; i++) excluded[x[i] + 0] = 1
        } else if (substr(game, 1, 4) == "sub:") {
            ns = split(substr(game, 5), s, ",")
            for (i = 1; i <= ns; i++) { d[s[i] + 0] = 3; if (s[i] + 0 > t) t = s[i] + 0 }
        } else {
            p = index(game, ".")
            d[0] = p > 1 ? hexval(substr(game, 1, 1)) : 0
            for (k = 1; p + k <= length(game); k++) {
                d[k] = hexval(substr(game, p + k, 1))
                if (d[k] > 0) t = k
            }
        }
        for (n = 0; n < N; n++) {
            split("", seen)
            if (kind == "grundy") {
                for (a = 1; 2 * a < n; a++) seen[xor(g[a], g[n - a])] = 1
            } else if (kind == "allbut") {
                for (k = 1; k <= n; k++) if (!(k in excluded)) seen[g[n - k]] = 1
            } else if (kind == "lasker") {
                for (k = 1; k <= n; k++) seen[g[n - k]] = 1
                for (a = 1; 2 * a <= n; a++) seen[xor(g[a], g[n - a])] = 1
            } else {
                for (k = 0; k <= t && k <= n; k++) {
                    m = n - k; dk = d[k] + 0
                    if (dk % 2 == 1 && m == 0 && k > 0) seen[0] = 1
                    if (int(dk / 2) % 2 == 1 && m >= 1 && k > 0) seen[g[m]] = 1
                    if (int(dk / 4) % 2 == 1)
                        for (a = 1; 2 * a <= m; a++) seen[xor(g[a], g[m - a])] = 1
                    if (int(dk / 8) % 2 == 1)
                        for (a = 1; 3 * a <= m; a++)
                            for (b = a; a + 2 * b <= m; b++)
                                seen[xor(xor(g[a], g[b]), g[m - a - b])] = 1
                }
            }
            v = 0
            while (v in seen) v++
            g[n] = v
            line = line (n ? " " : "") v
        }
        print line
    }'
}

# oeis FILE SHIFT N: G(n) = a(n - SHIFT) (0 below SHIFT), n < N, from an OEIS data file.
oeis() {
    grep -v '^#' "$1" | tr -d ' \n' | tr ',' '\n' | awk -v shift="$2" -v N="$3" '
        { a[NR - 1] = $1 }
        END {
            for (n = 0; n < N; n++) line = line (n ? " " : "") (n < shift ? 0 : a[n - shift])
            print line
        }'
}

# ----------------------------------------------------------------------------
# values: hand cases

run values 0.137 21
expect_rc 0 "values 0.137 21"
expect_out "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0" "values 0.137 21 (Dawson's chess)"
expect_err_empty "values 0.137 21"

run values .137 21
expect_out "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0" "values .137 21 (no leading 0)"

run values sub:1,2,3 40
expect_rc 0 "values sub:1,2,3 40"
expect_out "$(awk 'BEGIN { for (n = 0; n < 40; n++) printf "%s%d", n ? " " : "", n % 4; print "" }')" \
    "values sub:1,2,3 40 (n mod 4)"

run values lasker 41
expect_out "$(awk 'BEGIN { for (n = 0; n < 41; n++) {
        v = n == 0 ? 0 : n % 4 == 3 ? n + 1 : n % 4 == 0 ? n - 1 : n
        printf "%s%d", n ? " " : "", v }; print "" }')" \
    "values lasker 41 (closed form: 4k+3 and 4k+4 swap)"

run values 0.77 1
expect_out "0" "values 0.77 1"

run values grundy 3
expect_out "0 0 0" "values grundy 3"

# ----------------------------------------------------------------------------
# values: against the OEIS data (A002187 is 0.137; 0.07 is it shifted by one)

run values 0.77 105
expect_out "$(oeis "$here/data/A002186.txt" 0 105)" "values 0.77 105 vs OEIS A002186"
run values 0.137 132
expect_out "$(oeis "$here/data/A002187.txt" 0 132)" "values 0.137 132 vs OEIS A002187"
run values 0.07 133
expect_out "$(oeis "$here/data/A002187.txt" 1 133)" "values 0.07 133 vs OEIS A002187 shifted by one"
run values grundy 105
expect_out "$(oeis "$here/data/A002188.txt" 0 105)" "values grundy 105 vs OEIS A002188"

# ----------------------------------------------------------------------------
# values: against the awk brute force

for game in 0.77 0.07 0.137 4.07 0.4 0.6 0.16 0.37 0.72 0.177 0.1377 0.05 grundy lasker \
    sub:1,3,4 sub:2,5,7 sub:2,4,7 sub:4 0.33 0.1 0.0; do
    run values "$game" 120
    expect_rc 0 "values $game 120"
    expect_out "$(brute "$game" 120)" "values $game 120 vs brute force"
done
for game in 0.F 0.8 0.9 0.1F 0.F7 8.1 C.0 4.8 0.08; do
    run values "$game" 36
    expect_rc 0 "values $game 36"
    expect_out "$(brute "$game" 36)" "values $game 36 vs brute force (hexadecimal)"
done

# A first move far out: G(0..31) = 0, G(32) = 1, ... must not be taken
# for period 1 from 0.
for game in 0.000000000000000000000000000004 0.0000000000000000000000000000002 \
    0.000000000000000000000000000008; do
    run values "$game" 48
    expect_rc 0 "values $game 48"
    expect_out "$(brute "$game" 48)" "values $game 48 vs brute force (no false period)"
done

# Many values: the line holds exactly N numbers, the period carries on.
run values 0.77 100000
expect_rc 0 "values 0.77 100000"
if awk '{ if (NF != 100000) exit 1
          for (n = 83; n < 100000; n++) if ($(n + 1) != $(n - 11)) exit 1 }
        END { if (NR != 1) exit 1 }' "$tmp/out"; then ok; else
    bad "values 0.77 100000: want one line of 100000 values, period 12 from 71 on"
fi

# ----------------------------------------------------------------------------
# period

run period 0.77
expect_rc 0 "period 0.77"
expect_out "period 12 preperiod 71" "period 0.77 (Kayles)"
expect_err_empty "period 0.77"
run period 0.77 1000
expect_rc 0 "period 0.77 1000"
expect_out "period 12 preperiod 71" "period 0.77 1000"
run period .137 1000
expect_out "period 34 preperiod 52" "period .137 1000 (Dawson's chess)"
run period 0.07 1000
expect_rc 0 "period 0.07 1000"
expect_out "period 34 preperiod 53" "period 0.07 1000 (Dawson's Kayles)"
run period 0.177 5000
expect_out "period 20 preperiod 497" "period 0.177 5000"
run period 4.102 1000
expect_out "period 10 preperiod 8" "period 4.102 1000"
run period sub:1,2,3
expect_rc 0 "period sub:1,2,3"
expect_out "period 4 preperiod 0" "period sub:1,2,3"
run period sub:2,3 1000
expect_out "period 5 preperiod 0" "period sub:2,3 1000"
run period sub:2,4,7 1000
expect_out "period 3 preperiod 8" "period sub:2,4,7 1000"
run period sub:2,5,7 1000
expect_out "period 22 preperiod 0" "period sub:2,5,7 1000"
run period 0.F 1000
expect_out "period 2 preperiod 0" "period 0.F 1000"

# Not proved within MAX: "unknown up to MAX", exit 3.
run period 0.77 100
expect_rc 3 "period 0.77 100 (the proof needs 168 values)"
expect_out "unknown up to 100" "period 0.77 100"
run period grundy 500
expect_rc 3 "period grundy 500"
expect_out "unknown up to 500" "period grundy 500"
run period lasker 100
expect_rc 0 "period lasker 100 (its closed form)"
expect_out "period 4 preperiod 1 saltus 4" "period lasker 100"
run period 0.127 3000
expect_rc 3 "period 0.127 3000 (last exception at 46577)"
expect_out "unknown up to 3000" "period 0.127 3000"
run period 0.8 500
expect_rc 3 "period 0.8 500 (arithmetic-periodic, not proved)"
expect_out "observed period 3 preperiod 1 saltus 1 up to 500, not proved" "period 0.8 500"

# Arithmetic periods: proved for all-but games by their certificate (values
# checked against the brute force far past the proof below), observed only
# for hexadecimal codes.
for case in "allbut:2,3,7 4 0 2" "allbut:1 2 0 1" "allbut:2 4 0 2" "allbut:1,2 3 0 1" \
    "allbut:1,2,3,4 5 0 1" "allbut:2,5,10,12 36 79 12"; do
    set -- $case
    run period "$1"
    expect_rc 0 "period $1"
    expect_out "period $2 preperiod $3 saltus $4" "period $1 (proved)"
    run values "$1" 400
    expect_out "$(brute "$1" 400)" "values $1 400 vs brute force"
done
run period 0.3F 240
expect_rc 3 "period 0.3F 240 (hexadecimal: observed only)"
expect_out "observed period 6 preperiod 0 saltus 3 up to 240, not proved" "period 0.3F 240"
run period 0.2048 300
expect_rc 3 "period 0.2048 300 (a ruler sequence: no regularity)"
expect_out "unknown up to 300" "period 0.2048 300"

# Never a false period from a short prefix.  The theorem's bound as printed
# (N = 2 n0 + 2p + t, n0 + p + t without splits) is not enough when n0 = 0:
# 0.4 = 0 0 0 1 ... (A002187 shifted by two; period 34 from 54), 0.8 = 0 0 0
# 0 1 1 1 2 ... (never periodic), 0.2 = 0 0 1 0 1 0 ... (period 2 from 1).
for case in "0.4 2" "0.4 3" "0.4 4" "0.8 3" "0.8 4" "0.8 5" "0.2 1" "0.2 2" "0.2 3" "4.0 2"; do
    # shellcheck disable=SC2086 # GAME MAX
    run period $case
    expect_rc 3 "period $case (nothing provable yet)"
    expect_out "unknown up to ${case#* }" "period $case (no false period)"
done
# 0.1 = 0 1 0 0 0 ...: period 1 from 2, provable from 4 values; whether MAX
# counts values or the largest heap, "period 2 preperiod 0" is false.
for max in 2 3; do
    run period 0.1 $max
    if [ "$(cat "$tmp/out")" = "unknown up to $max" ] ||
        [ "$(cat "$tmp/out")" = "period 1 preperiod 2" ]; then ok; else
        bad "period 0.1 $max: want 'unknown up to $max' or 'period 1 preperiod 2'"
        show
    fi
done

# ----------------------------------------------------------------------------
# errors: exit 2, a message naming what is wrong, nothing on stdout

run values 0.1x7 10
expect_error "values 0.1x7 10"
expect_err_matches "['\"\`]x['\"\`]|position 3|offset 3|column 4|character 4" \
    "values 0.1x7 10 names the character x"
run period 0.1x7
expect_error "period 0.1x7"
run values 9.7 5
expect_error "values 9.7 5"
run values 0. 5
expect_error "values 0. 5"
run values sub: 5
expect_error "values sub: 5"
run values sub:1,,2 5
expect_error "values sub:1,,2 5"
run values sub:0 5
expect_error "values sub:0 5"
run values "" 5
expect_error "values '' 5"
run values frobnicate 10
expect_error "values frobnicate 10 (unknown game)"
expect_err_has frobnicate "values frobnicate 10"
run values 0.77 abc
expect_error "values 0.77 abc"
expect_err_has abc "values 0.77 abc"
run values 0.77 12x
expect_error "values 0.77 12x"
expect_err_has 12x "values 0.77 12x"
run values 0.77 -1
expect_error "values 0.77 -1"
run values 0.77 ""
expect_error "values 0.77 ''"
run values 0.77 99999999999999999999999
expect_error "values 0.77 10^23"
run values 0.77
expect_error "values 0.77 (no N)"
run values
expect_error "values (no arguments)"
run values 0.77 10 11
expect_error "values 0.77 10 11 (extra argument)"
run period
expect_error "period (no arguments)"
run period 0.77 xyz
expect_error "period 0.77 xyz"
expect_err_has xyz "period 0.77 xyz"
run period 0.77 100 200
expect_error "period 0.77 100 200 (extra argument)"
run period frobnicate
expect_error "period frobnicate"

finish
