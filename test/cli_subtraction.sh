#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool on subtraction games at any size (amounts
# up to 2^32 - 1): `grundy period sub:...` by the window proof, values of
# huge sets, and the refusals.  Values and periods are checked against a
# brute force written here in awk from the definition
# G(n) = mex{G(n - s) : s in S, s <= n}.
# usage: sh test/cli_subtraction.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# brute values|period SET N: G(0) .. G(N-1) of the subtraction game SET
# (comma separated) on one line, or "period P preperiod E" by the window
# proof on those N values.
brute() {
    awk -v mode="$1" -v set="$2" -v N="$3" 'BEGIN {
        m = split(set, s, ",")
        t = 0
        for (n = 0; n < N; n++) {
            opts = "|" # the values of the options, as |a|b|...|
            for (j = 1; j <= m; j++) {
                if (s[j] + 0 <= n) opts = opts G[n - s[j]] "|"
                if (s[j] + 0 > t) t = s[j] + 0
            }
            for (x = 0; index(opts, "|" x "|") > 0; x++) continue
            G[n] = x
            line = line (n ? " " : "") x
        }
        if (mode == "values") { print line; exit }
        for (p = 1; p + t < N; p++) {
            e = N - p
            while (e > 0 && G[e - 1] == G[e - 1 + p]) e--
            if (N - p - e >= t) { print "period " p " preperiod " e; exit }
        }
        print "none"
    }'
}

# The period of sets whose largest amount is large, against the brute force.
for set in 1,2,999 1,2,1000 3,5,998 2,4,7,300 1,4,600 2,5,7; do
    run period "sub:$set"
    expect_rc 0 "period sub:$set"
    expect_out "$(brute period "$set" 6000)" "period sub:$set (brute force)"
    run values "sub:$set" 2500
    expect_out "$(brute values "$set" 2500)" "values sub:$set 2500 (brute force)"
done

# {1, 2, k} with k not a multiple of 3 is n mod 3 whatever k: proved from a
# few values, even past the default MAX of 10^5 heaps and past 2^20.
run period sub:1,2,1000003
expect_rc 0 "period sub:1,2,1000003"
expect_out "period 3 preperiod 0" "period sub:1,2,1000003"
run period sub:1,2,4000000000
expect_out "period 3 preperiod 0" "period sub:1,2,4000000000"
run values sub:4000000000,2,1 7
expect_out "0 1 2 0 1 2 0" "values sub:4000000000,2,1 7"
# {1, 2, 3j}: period 3j + 1, found by computing from 3j on.
run period sub:1,2,999999 3000000
expect_out "period 1000000 preperiod 0" "period sub:1,2,999999 3000000"
run period sub:1,2,999999 1000
expect_rc 3 "period sub:1,2,999999 1000 (values change past MAX)"
expect_out "observed period 3 preperiod 0 up to 1000, not proved" \
    "period sub:1,2,999999 1000 (what the values show, not proved)"

# The limit: amounts up to 2^32 - 1.
run values sub:4294967295 3
expect_out "0 0 0" "values sub:4294967295 3"
run values sub:1,4294967296 3
expect_error "values sub:1,4294967296 3"
check "the limit is named" grep -q 4294967295 "$tmp/err"

# {1, 2, 2^32 - 1}: values change from 2^32 - 1 on; kept as runs of period
# 3, the proof of period 2^32 takes a few runs, not 2^32 values.
run period sub:1,2,4294967295 100000000000
expect_out "period 4294967296 preperiod 0" "period sub:1,2,4294967295 (runs past 2^32 - 1)"
run values --from 4294967293 sub:1,2,4294967295 4294967300
expect_out "1 2 3 0 1 2 0" "values around 2^32 - 1 of sub:1,2,4294967295"
# {1, 2, 1000000000} and {1, 2, 999999999} (Codeforces 1194D): n mod 3, and
# period 10^9 with a 3 at heap 999999999; heaps below it from {1, 2} alone.
run values --from 999999996 sub:1,2,1000000000 1000000002
expect_out "0 1 2 0 1 2" "values of sub:1,2,1000000000 near 10^9"
run values --from 999999996 sub:1,2,999999999 1000000002
expect_out "0 1 2 3 0 1" "values of sub:1,2,999999999 near 10^9"
run values --from 500000000 sub:1,2,999999999 500000003
expect_out "2 0 1" "values of sub:1,2,999999999 below its largest amount"

# A proof that would keep more than 2^32 - 1 values, its values not short
# runs: refused at once, the message saying how many it needs.
run period sub:1,4,9,16,25,36,49,64,81,100,4294967295 100000000000
expect_rc 2 "period sub:1,4,...,100,4294967295 (values change past 2^32 - 1)"
check "the values needed are named" grep -q 4294967310 "$tmp/err"

finish
