#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool in misère play and with genus symbols:
# `grundy values --misere GAME N`, `grundy genus GAME N` and
# `grundy move [--misere] GAME H1 H2 ...`, with heaps and values past 2^32
# in normal play.  Misère values are checked
# against published ones (Kayles, Dawson's Kayles: Winning Ways ch. 13)
# and, for subtraction games, against a brute force written here in awk;
# every winning move `move` prints is played here and the position it
# leaves asked again, which must be P.  (test/test_heap_misere.c checks the
# library against a brute force over sums of heaps.)
# usage: sh test/cli_misere.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# misere_sub S N: the misère values G-(0) .. G-(N-1) of the subtraction
# game S (a heap with no move has value 1; else the mex of its options).
misere_sub() {
    awk -v set="$1" -v N="$2" 'BEGIN {
        ns = split(set, s, ",")
        for (n = 0; n < N; n++) {
            split("", seen); any = 0
            for (i = 1; i <= ns; i++)
                if (s[i] + 0 <= n) { seen[g[n - s[i]]] = 1; any = 1 }
            v = 0
            if (!any) v = 1
            else while (v in seen) v++
            g[n] = v
            line = line (n ? " " : "") v
        }
        print line
    }'
}

# ----------------------------------------------------------------------------
# values --misere

run values --misere 0.77 21
expect_rc 0 "values --misere 0.77 21"
expect_out "1 0 2 3 0 1 3 2 1 0 2 4 0 1 2 5 1 6 3 2 0" "values --misere 0.77 21 (misère Kayles)"
expect_err_empty "values --misere 0.77 21"

run values --misere 0.07 21
expect_out "1 1 0 0 2 1 3 0 0 1 1 3 0 2 1 1 0 0 2 1 3" "values --misere 0.07 21 (misère Dawson's Kayles)"

run values --threads 2 --misere 0.77 5
expect_out "1 0 2 3 0" "values --threads 2 --misere (options in either order)"
run values --misere --threads 2 0.77 5
expect_out "1 0 2 3 0" "values --misere --threads 2"

for game in 1,2 1,3,4 2,5 3,4,9; do
    run values --misere "sub:$game" 60
    expect_rc 0 "values --misere sub:$game 60"
    expect_out "$(misere_sub "$game" 60)" "values --misere sub:$game 60 vs brute force"
done

# Normal play is unchanged by the option's existence.
run values 0.77 6
expect_out "0 1 2 3 1 4" "values 0.77 6 (normal play)"

run values --misere 0.77 0
expect_rc 0 "values --misere 0.77 0"

# Past what the search takes: a clear error at once, not a hang.
run values --misere 0.77 2000
expect_error "values --misere 0.77 2000"
expect_err_has "256 tokens" "values --misere 0.77 2000"
run values --misere sub:1 5000000000
expect_error "values --misere sub:1 5000000000"
run values --misere 0.9z 5
expect_error "values --misere with a bad game"
run values --bogus 0.77 5
expect_error "values --bogus"

# ----------------------------------------------------------------------------
# genus

run genus 0.77 8
expect_rc 0 "genus 0.77 8"
# Winning Ways ch. 13: Kayles' heaps are 0^120, 1^031, 2^20, 3^31, 1^031,
# then 4^146 (wild), 3^31, 2^20.
expect_out "0 0^1,2,0 tame
1 1^0,3,1 tame
2 2^2,0 tame
3 3^3,1 tame
4 1^0,3,1 tame
5 4^1,4,6 wild
6 3^3,1 wild
7 2^2,0 wild" "genus 0.77 8 (Kayles)"
expect_err_empty "genus 0.77 8"

for game in 0.07 0.137 grundy sub:1,3,4 0.F; do
    run genus "$game" 14
    expect_rc 0 "genus $game 14"
    lines=$(grep -c -E '^[0-9]+ [0-9]+\^[0-9]+(,[0-9]+)+ (tame|wild)$' "$tmp/out")
    if [ "$lines" -eq 14 ]; then ok; else
        bad "genus $game 14: $lines of 14 lines have the form 'H g^t0,t1,... tame|wild'"
        show
    fi
    # The first term is the misère value: it must agree with values --misere.
    cut -d^ -f2 "$tmp/out" | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//' >"$tmp/gamma0"
    run values --misere "$game" 14
    if [ "$(cat "$tmp/gamma0")" = "$(cat "$tmp/out")" ]; then ok; else
        bad "genus $game 14: gamma_0 differs from values --misere"
        show
    fi
done

run genus sub:1,2,3 30
if grep -q wild "$tmp/out"; then bad "genus sub:1,2,3 30: a subtraction game like it is tame"; else ok; fi

run genus 0.77 0
expect_rc 0 "genus 0.77 0"
run genus 0.77
expect_error "genus without N"
run genus 0.07 3000
expect_error "genus 0.07 3000 (past the search's heaps)"
expect_err_has "256 tokens" "genus 0.07 3000"

# ----------------------------------------------------------------------------
# move: outcome and a winning move, checked by playing it

# after LINE HEAPS...: the heaps once the move on LINE ("heap I: H -> A B")
# is played.
after() {
    _line=$1
    shift
    _i=$(printf '%s\n' "$_line" | sed -n 's/^heap \([0-9]*\): .*/\1/p')
    _left=$(printf '%s\n' "$_line" | sed -n 's/^heap [0-9]*: [0-9]* ->\(.*\)$/\1/p')
    _j=0
    _out=
    for _h in "$@"; do
        if [ "$_j" -eq "$_i" ]; then _out="$_out$_left"; else _out="$_out $_h"; fi
        _j=$((_j + 1))
    done
    echo "$_out"
}

# play_check MODE GAME HEAPS...: if N, the move leaves a P-position.
play_check() {
    _mode=$1
    _game=$2
    shift 2
    # shellcheck disable=SC2086 # MODE is an option or nothing
    run move $_mode "$_game" "$@"
    expect_rc 0 "move $_mode $_game $*"
    _o=$(sed -n 1p "$tmp/out")
    _m=$(sed -n 2p "$tmp/out")
    if [ "$_o" = P ]; then
        if [ -z "$_m" ]; then ok; else bad "move $_mode $_game $*: P with a move"; show; fi
        return
    fi
    if [ "$_o" != N ]; then bad "move $_mode $_game $*: line 1 is '$_o'"; show; return; fi
    if [ -z "$_m" ]; then
        # Misère: N with no move only when no heap has a move (checked below).
        return
    fi
    if printf '%s\n' "$_m" | grep -E -q '^heap [0-9]+: [0-9]+ -> [0-9]+( [0-9]+)*$'; then ok; else
        bad "move $_mode $_game $*: line 2 '$_m' is not 'heap I: H -> A B ...'"
    fi
    # shellcheck disable=SC2046 # the heaps, split into arguments
    run move $_mode "$_game" $(after "$_m" "$@" | sed 's/\b0\b//g')
    if [ "$rc" -eq 0 ] && [ "$(sed -n 1p "$tmp/out")" = P ]; then ok; else
        bad "move $_mode $_game $*: the move '$_m' does not leave a P-position"
        show
    fi
}

# Under the memory checkers (GRUNDY_TEST_QUICK), four of the positions: one
# heap, two equal, three, and three with a pair.
positions='"3 4 5" "1 1" "2 7" "6" "5 5 2" "9 4 1" "10 3"'
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) positions='"3 4 5" "1 1" "6" "5 5 2"' ;; esac
for mode in "" --misere; do
    for game in 0.77 0.07 0.137 grundy sub:1,3,4 0.F; do
        eval "set -- $positions"
        for heaps in "$@"; do
            # shellcheck disable=SC2086 # the heaps, split into arguments
            play_check "$mode" "$game" $heaps
        done
    done
done

run move 0.77 3 4 5
expect_out "N
heap 2: 5 -> 1 3" "move 0.77 3 4 5 (normal: G = 3, 1, 4)"
run move 0.77 1 1
expect_out "P" "move 0.77 1 1 (normal play)"
run move --misere 0.77 1 1
expect_out "N
heap 0: 1 -> 0" "move --misere 0.77 1 1 (take one, leave one)"
run move --misere 0.07 1 1
expect_out "N" "move --misere 0.07 1 1 (no move: the player to move has won)"
run move --misere 0.77 4
expect_out "P" "move --misere 0.77 4 (misère value 0)"
run move 0.77 1000000000000
expect_rc 0 "move 0.77 10^12 (normal play: from the period)"

# Values past 2^32 (Lasker's Nim and all-but games: their closed forms hold
# for every heap below 2^64): sums, outcomes and winning moves end to end.
# The issue's repro: G(2^63) = 2^63 - 1, and the move takes the whole heap.
run move lasker 9223372036854775808
expect_out "N
heap 0: 9223372036854775808 -> 0" "move lasker 2^63 (was refused past 2^32 - 1)"
expect_err_empty "move lasker 2^63"
run move lasker 9223372036854775808 5
expect_out "N
heap 0: 9223372036854775808 -> 5" "move lasker 2^63 5 (G = 2^63 - 1, 5: leave 5)"
run move lasker 5 9223372036854775808
expect_out "N
heap 1: 9223372036854775808 -> 5" "move lasker 5 2^63 (heap 0 has no winning move)"
# 2^63 + 3 = 4k + 3 is worth 4k + 4, 2^63 + 4 worth 4k + 3: the move that
# wins is the split into 1 (worth 1) and 2^63 + 2 (worth itself).
run move lasker 9223372036854775811 9223372036854775812
expect_out "N
heap 0: 9223372036854775811 -> 1 9223372036854775810" "move lasker 2^63+3 2^63+4 (a split)"
run move lasker 18446744073709551614 18446744073709551614
expect_out "P" "move lasker 2^64-2 2^64-2"
run move lasker 1099511627776 9223372036854775808
expect_out "N
heap 1: 9223372036854775808 -> 1099511627776" "move lasker 2^40 2^63 (2^39 splits not walked)"
for game in lasker allbut:2,3,7 allbut:1000,2000 allbut:1; do
    for heaps in "9223372036854775808 5" "4294967296 4294967297 3" "4611686018427387904 12345678901" \
        "1099511627776 1099511627776"; do
        # shellcheck disable=SC2086 # the heaps, split into arguments
        play_check "" "$game" $heaps
    done
done
run values --from 9223372036854775808 lasker 9223372036854775812
expect_out "9223372036854775807 9223372036854775809 9223372036854775810 9223372036854775812" \
    "values lasker from 2^63"
# The heap 2^64 - 1 is worth 2^64: a clear refusal, naming no C function.
run move lasker 18446744073709551615
expect_error "move lasker 2^64-1 (worth 2^64)"
expect_err_has "past 2^64 - 1" "move lasker 2^64-1"
# Misère play keeps the search's limits, and says so in the tool's words.
for args in "move --misere lasker 9223372036854775808" "move --misere allbut:2 4294967295" \
    "values --misere lasker 300" "genus lasker 300" "move lasker 18446744073709551615"; do
    # shellcheck disable=SC2086 # the arguments, split
    run $args
    expect_error "$args"
    if grep -q "grundy_" "$tmp/err"; then
        bad "$args: the message names a C function"
        show
    else ok; fi
done

run move 0.77
expect_error "move without heaps"
run move
expect_error "move without a game"
run move 0.77 3 x
expect_error "move with a bad heap"
expect_err_has "heap 1" "move with a bad heap"
run move 0.9z 3
expect_error "move with a bad game"
run move --bogus 0.77 3
expect_error "move --bogus"
# Past the search's heaps, a solved quotient answers (Kayles); where none
# comes within the command's budget (Dawson's Kayles), the search refuses.
run move --misere 0.77 3000
expect_rc 0 "move --misere 0.77 3000 (from Kayles's quotient)"
run move --misere 0.07 3000
expect_error "move --misere 0.07 3000 (past the search's heaps, no quotient)"

# ----------------------------------------------------------------------------
# --help

run values --help
expect_rc 0 "values --help"
if grep -q "values \[--threads N\] \[--misere\] .*GAME N" "$tmp/out"; then ok; else
    bad "values --help: the usage does not describe values --misere"
    show
fi
run genus --help
expect_rc 0 "genus --help"
if grep -q "genus GAME N" "$tmp/out"; then ok; else
    bad "genus --help: the usage does not describe genus"
    show
fi
run move --help
expect_rc 0 "move --help"
if grep -q "move \[--misere\] GAME" "$tmp/out"; then ok; else
    bad "move --help: the usage does not describe move --misere"
    show
fi

finish
