#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of `grundy quotient [--save FILE] [--resume FILE] [--trace] [--time SECONDS]
# [--progress] GAME [MAXHEAP]` and
# of `grundy move --misere`, which answers from the quotient.  Line 1 of
# each solved game is the quotient CGSuite's MisereSolver finds (order,
# P-portion, period, preperiod, tameness); the details are checked for
# consistency (one element per P member, Φ over e + p heaps); every winning
# move `move --misere` prints is played here and the position it leaves
# asked again, which must be P, and single heaps are checked against
# `values --misere` (misère value 0 iff P).  (test/test_quotient.c checks
# the library against a brute force over sums of heaps.)
# usage: sh test/cli_quotient.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

line1() { head -n 1 "$tmp/out"; }
line() { sed -n "$1p" "$tmp/out"; }

expect_line1() { # WANT DESC
    if [ "$(line1)" = "$1" ]; then ok; else bad "$2: line 1 is '$(line1)', want '$1'"; fi
}

# ----------------------------------------------------------------------------
# Solved games: MisereSolver's quotients

for entry in "0.75|order 8 P-portion 2 period 2 preperiod 8 tame no" \
             "0.77|order 40 P-portion 9 period 12 preperiod 71 tame no" \
             "0.123|order 20 P-portion 5 period 5 preperiod 5 tame no" \
             "0.31|order 6 P-portion 2 period 2 preperiod 3 tame yes" \
             "0.34|order 12 P-portion 3 period 8 preperiod 7 tame no" \
             "0.15|order 42 P-portion 12 period 10 preperiod 66 tame no" \
             "0.52|order 6 P-portion 2 period 4 preperiod 6 tame yes"; do
    game=${entry%%|*}
    want=${entry#*|}
    run quotient "$game"
    expect_rc 0 "quotient $game"
    expect_line1 "$want" "quotient $game"
    expect_err_empty "quotient $game"
    # The details: 5 lines, P lists |P| elements, phi e + p of them.
    set -- $want
    np=$4 period=$6 pre=$8
    got_p=$(line 4 | awk '$1 == "P" { print NF - 1 }')
    got_phi=$(line 5 | awk '$1 == "phi" { print NF - 1 }')
    if [ "$(wc -l <"$tmp/out")" -eq 5 ] && [ "$(line 2 | cut -d' ' -f1)" = generators ] &&
        [ "$(line 3 | cut -d' ' -f1)" = relations ] && [ "$got_p" = "$np" ] &&
        [ "$got_phi" = "$((pre + period))" ]; then
        ok
    else
        bad "quotient $game: details want P with $np and phi with $((pre + period)) entries: $(show)"
    fi
done

# Φ(0) is the identity and Φ(1) of 0.77 a generator of order 2 (T1).
run quotient 0.77
if [ "$(line 5 | cut -d' ' -f2-3)" = "1 a" ] && line 3 | grep -q 'a^2 = 1'; then
    ok
else
    bad "quotient 0.77: phi starts '$(line 5 | cut -d' ' -f2-3)', relations '$(line 3)'"
fi

# ----------------------------------------------------------------------------
# Not solved within the bound: exit 3 and what is known

# The subtraction game {1, 2, 3} has Nim's moves on heaps up to 3: T2.
run quotient 0.333 3
expect_rc 3 "quotient 0.333 3"
expect_line1 "unsolved up to heap 3 order 6 P-portion 2" "quotient 0.333 3 (T2)"
if [ "$(line 5)" = "phi 1 a b ab" ] && [ "$(line 4)" = "P a b^2" ]; then
    ok
else
    bad "quotient 0.333 3: want 'phi 1 a b ab' and 'P a b^2': $(show)"
fi

# Dawson's Kayles up to heap 20: Q changed last at heap 14 (MisereSolver).
run quotient 0.07 20
expect_rc 3 "quotient 0.07 20"
expect_line1 "unsolved up to heap 20 order 24 P-portion 5" "quotient 0.07 20"
got_phi=$(line 5 | awk '{ print NF - 1 }')
if [ "$got_phi" = 21 ]; then ok; else bad "quotient 0.07 20: phi has $got_phi entries, want 21"; fi

# Games that are never called solved: hexadecimal, Grundy's game.
run quotient grundy 12
expect_rc 3 "quotient grundy 12"
run quotient 0.F 10
expect_rc 3 "quotient 0.F 10"
expect_line1 "unsolved up to heap 10 order 2 P-portion 1" "quotient 0.F 10"

# ----------------------------------------------------------------------------
# Without MAXHEAP: on until solved, or stopped by a cap that is named

# 0.156 is solved past heap 7660, where the default used to stop at heap
# 1000 "unsolved": MisereSolver's period 349, preperiod 3479.
run quotient 0.156
expect_rc 0 "quotient 0.156 (no bound)"
expect_line1 "order 34 P-portion 2 period 349 preperiod 3479 tame yes" "quotient 0.156 (no bound)"
expect_err_empty "quotient 0.156 (no bound)"
got_phi=$(line 5 | awk '$1 == "phi" { print NF - 1 }')
if [ "$got_phi" = 3828 ]; then ok; else bad "quotient 0.156: phi has $got_phi entries, want 3479 + 349"; fi
cp "$tmp/out" "$tmp/plain"

# --progress: lines on standard error (not a terminal here), the last one
# where the run ended; standard output the same.
run quotient --progress 0.156
expect_rc 0 "quotient --progress 0.156"
if cmp -s "$tmp/plain" "$tmp/out"; then ok; else bad "quotient --progress 0.156: standard output differs from the run without it"; fi
odd=$(grep -Ecv '^heap [0-9]+ order [0-9]+ P-portion [0-9]+, [0-9]+ s of 60 s$' "$tmp/err")
if [ "$odd" -eq 0 ] && [ "$(tail -n 1 "$tmp/err" | cut -d, -f1)" = "heap 7660 order 34 P-portion 2" ]; then
    ok
else
    bad "quotient --progress 0.156: $odd lines not of the documented form, or the last not heap 7660: $(show)"
fi

# The time cap: Dawson's Kayles is not solved; a second stops it wherever
# it is, reported as unsolved, the cap and how to go on named.
run quotient --time 1 0.07
expect_rc 3 "quotient --time 1 0.07"
if line1 | grep -Eq '^unsolved up to heap [0-9]+ order [0-9]+ P-portion [0-9]+$'; then ok; else
    bad "quotient --time 1 0.07: line 1 is '$(line1)'"
fi
expect_err_has "time cap of 1 s" "quotient --time 1 0.07"
expect_err_has "--time SECONDS" "quotient --time 1 0.07"
# With --save the state is kept, and the message says how to resume it.
run quotient --time 1 --save "$tmp/capped" 0.07
expect_rc 3 "quotient --time 1 --save FILE 0.07"
expect_err_has "--resume $tmp/capped" "quotient --time 1 --save FILE 0.07"
run quotient --resume "$tmp/capped" 0.07 20
expect_rc 3 "quotient --resume (a capped 0.07) 0.07 20"

# The memory limit: Dawson's Kayles at heap 34 grows its trials past 8
# MiB within seconds (the time cap of a minute is only a hang guard).
GRUNDY_MEMORY_LIMIT=8M
export GRUNDY_MEMORY_LIMIT
run quotient --time 60 0.07
unset GRUNDY_MEMORY_LIMIT
expect_rc 3 "GRUNDY_MEMORY_LIMIT=8M quotient 0.07"
if line1 | grep -Eq '^unsolved up to heap 3[0-9] order '; then ok; else
    bad "GRUNDY_MEMORY_LIMIT=8M quotient 0.07: line 1 is '$(line1)'"
fi
expect_err_has "memory limit" "GRUNDY_MEMORY_LIMIT=8M quotient 0.07"
expect_err_has "GRUNDY_MEMORY_LIMIT=SIZE" "GRUNDY_MEMORY_LIMIT=8M quotient 0.07"

# A game that is never called solved keeps the bound 1000, and says so.
run quotient 0.F
expect_rc 3 "quotient 0.F (no bound)"
expect_line1 "unsolved up to heap 1000 order 2 P-portion 1" "quotient 0.F (no bound)"
expect_err_has "MAXHEAP" "quotient 0.F (no bound)"
# An explicit bound keeps its meaning: no cap, nothing on standard error.
run quotient 0.F 10
expect_err_empty "quotient 0.F 10"

run quotient --time x 0.77
expect_rc 2 "quotient --time x"
expect_err_has "--time 'x'" "quotient --time x"
run quotient --time
expect_rc 2 "quotient --time (no seconds)"

# ----------------------------------------------------------------------------
# --trace: a line a trial verified on standard error, standard output the same

trace_line='^heap [0-9]+ trial order [0-9]+ P-portion [0-9]+ (verified|fails on( [0-9]+(\^[0-9]+)?)+)$'
for entry in "0.07 27|3|heap 27 trial order 176 P-portion 28 verified" \
             "0.77|0|heap 27 trial order 40 P-portion 9 verified"; do
    args=${entry%%|*}
    rest=${entry#*|}
    want_rc=${rest%%|*}
    want_last=${rest#*|}
    run quotient $args
    cp "$tmp/out" "$tmp/plain"
    run quotient --trace $args
    expect_rc "$want_rc" "quotient --trace $args"
    if cmp -s "$tmp/plain" "$tmp/out"; then ok; else bad "quotient --trace $args: standard output differs from the run without it"; fi
    odd=$(grep -Ecv "$trace_line" "$tmp/err")
    if [ "$odd" -eq 0 ] && [ -s "$tmp/err" ] && grep -q ' fails on ' "$tmp/err"; then
        ok
    else
        bad "quotient --trace $args: $odd lines not of the documented form, or no failing trial: $(show)"
    fi
    if [ "$(tail -n 1 "$tmp/err")" = "$want_last" ]; then ok; else
        bad "quotient --trace $args: last line '$(tail -n 1 "$tmp/err")', want '$want_last'"
    fi
done
# Dawson's Kayles: heap 10 fails on 4 + 4 + 6 + 10 first; heap 27 on 2 + 25 x 4 + 27.
run quotient --trace 0.07 27
if grep -qx 'heap 10 trial order 12 P-portion 3 fails on 4 4 6 10' "$tmp/err" &&
    grep -qx 'heap 27 trial order 192 P-portion 32 fails on 2 25^4 27' "$tmp/err"; then
    ok
else
    bad "quotient --trace 0.07 27: the failing sums of heaps 10 and 27 are not as computed: $(show)"
fi
run quotient --trace
expect_rc 2 "quotient --trace (no game)"

# ----------------------------------------------------------------------------
# Save and resume

state="$tmp/state"
run quotient --save "$state" 0.77 30
expect_rc 3 "quotient --save 0.77 30"
if [ -s "$state" ]; then ok; else bad "quotient --save: no state file written"; fi
run quotient --resume "$state" 0.77
expect_rc 0 "quotient --resume FILE 0.77"
resumed=$(cat "$tmp/out")
run quotient 0.77
if [ "$resumed" = "$(cat "$tmp/out")" ]; then ok; else bad "resumed 0.77 differs from one run"; fi

run quotient --resume "$state" 0.75
expect_rc 2 "quotient --resume (a state of 0.77) 0.75"
expect_err_nonempty "quotient --resume of another game"

printf 'not a state\n' >"$tmp/junk"
run quotient --resume "$tmp/junk" 0.77
expect_rc 2 "quotient --resume JUNK"
expect_err_nonempty "quotient --resume JUNK"
run quotient --resume "$tmp/no-such-file" 0.77
expect_rc 2 "quotient --resume MISSING"

# Ctrl-C with --save: the state is written, exit 130, and it resumes.
rm -f "$state"
"$G" quotient --save "$state" 0.07 60 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
if [ "$rc" -eq 130 ] && [ -s "$state" ] && grep -q "resume" "$tmp/err"; then
    ok
else
    bad "quotient --save interrupted: exit $rc, want 130 with the state saved: $(cat "$tmp/err")"
fi
run quotient --resume "$state" 0.07 20
expect_rc 3 "quotient --resume (interrupted 0.07) 0.07 20"

# SIGTERM and SIGHUP save as SIGINT does (schedulers and `timeout` send
# SIGTERM); while a run saves to a file, the file is locked: a second run
# refuses and names the first.  0.137 to heap 300 takes minutes.
lock_exists() { [ -e "$1.lock" ]; }
for entry in TERM:143 HUP:129; do
    sig=${entry%:*}
    want=${entry#*:}
    st=$tmp/state_$sig
    "$G" quotient --save "$st" 0.137 300 >/dev/null 2>"$tmp/first_err" &
    pid=$!
    wait_until lock_exists "$st" || bad "quotient --save $st: no lock file within a minute"
    run_guarded quotient --save "$st" 0.137 300
    expect_rc 2 "a second quotient --save on a file in use ($sig)"
    expect_err_has "process $pid" "a second quotient --save on a file in use names the first"
    kill -s "$sig" "$pid"
    wait "$pid"
    first=$?
    if [ "$first" -eq "$want" ] && [ -s "$st" ] && grep -q "SIG$sig" "$tmp/first_err"; then ok; else
        bad "quotient --save stopped by SIG$sig: exit $first, want $want with the state saved: $(cat "$tmp/first_err")"
    fi
    run quotient --resume "$st" 0.137 5
    expect_rc 3 "quotient --resume of a state saved on SIG$sig"
    left=""
    for f in "$st".*; do [ -e "$f" ] && left="$left $f"; done
    if [ -z "$left" ]; then ok; else bad "quotient --save left files beside its state:$left"; fi
done

# --save refuses a file that is not a state, whatever its first line, and
# leaves it as it was
"$G" values 0.77 2000 >"$tmp/v.txt"
head -c 3000 "$G" >"$tmp/binary"
for f in v.txt binary; do
    cp "$tmp/$f" "$tmp/$f.before"
    run quotient --save "$tmp/$f" 0.77 20
    expect_rc 2 "quotient --save $f"
    expect_err_has "not a quotient state" "quotient --save $f says why"
    if cmp -s "$tmp/$f" "$tmp/$f.before"; then ok; else bad "quotient --save $f changed the file"; fi
done
# a state file is read with a bound: /dev/zero is refused at once
run_guarded quotient --resume /dev/zero 0.77
expect_rc 2 "quotient --resume /dev/zero"
expect_err_has "not a libgrundy quotient file" "quotient --resume /dev/zero says what it is not"

# ----------------------------------------------------------------------------
# Usage errors

run quotient
expect_rc 2 "quotient (no game)"
run quotient 0.77 12x
expect_rc 2 "quotient 0.77 12x"
expect_err_has "MAXHEAP" "quotient 0.77 12x"
run quotient --bogus 0.77
expect_rc 2 "quotient --bogus"
run quotient --save
expect_rc 2 "quotient --save (no file)"
run quotient 0.8x
expect_rc 2 "quotient 0.8x (bad game)"
if [ -w /dev/full ]; then
    "$G" quotient 0.77 >/dev/full 2>/dev/null
    rc=$?
    if [ "$rc" -ne 0 ]; then ok; else bad "quotient 0.77 >/dev/full exits 0"; fi
fi

# ----------------------------------------------------------------------------
# move --misere from the quotient

# Single heaps: P iff the misère value is 0.
run values --misere 0.77 40
values=$(cat "$tmp/out")
h=0
mismatch=""
for v in $values; do
    run move --misere 0.77 "$h"
    want=N
    [ "$v" = 0 ] && want=P
    [ "$(line1)" = "$want" ] || mismatch="$mismatch $h"
    h=$((h + 1))
done
if [ -z "$mismatch" ]; then ok; else bad "move --misere 0.77 H disagrees with values at:$mismatch"; fi

# Winning moves, played: the sum left is P.  Large heaps come from the
# period of the solved quotient.
for heaps in "3 4" "5 7 9" "1 1 1 2" "12 13" "100 250 7" "1000000 12 5"; do
    run move --misere 0.77 $heaps
    if [ "$(line1)" = N ]; then
        # "heap I: H -> A B": replace heap I by A B.
        set -- $(line 2 | tr -d ':')
        i=$2
        shift 4
        left=""
        j=0
        for x in $heaps; do
            if [ "$j" -eq "$i" ]; then
                for part in "$@"; do [ "$part" != 0 ] && left="$left $part"; done
            else
                left="$left $x"
            fi
            j=$((j + 1))
        done
        run move --misere 0.77 $left
        if [ "$(line1)" = P ]; then ok; else bad "move --misere 0.77 $heaps: the move leaves$left, which is not P"; fi
    else
        ok
    fi
done

finish
