#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool's --threads N (`grundy values` and
# `grundy period`): the same output on one thread and on two, for games
# that go sparse, plain ones, values past a byte and cheap ones, long
# enough for two threads to run (they start at 4096 values); and a clear
# error for a thread count that is not a whole number from 1.
# usage: sh test/cli_threads.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# same_values GAME N: --threads 1, --threads 2 and the default agree.
same_values() {
    run values --threads 1 "$1" "$2"
    expect_rc 0 "values --threads 1 $1 $2"
    cp "$tmp/out" "$tmp/one"
    run values --threads 2 "$1" "$2"
    expect_rc 0 "values --threads 2 $1 $2"
    expect_err_empty "values --threads 2 $1 $2"
    if cmp -s "$tmp/one" "$tmp/out"; then ok; else
        bad "values $1 $2: --threads 2 prints other values than --threads 1"
        show
    fi
    run values "$1" "$2"
    if cmp -s "$tmp/one" "$tmp/out"; then ok; else
        bad "values $1 $2: the default prints other values than --threads 1"
        show
    fi
    # N numbers on the one line
    if [ "$(wc -w <"$tmp/one" | tr -d ' ')" -eq "$2" ]; then ok; else
        bad "values --threads 1 $1 $2: not $2 numbers"
    fi
}

same_values grundy 20000  # the sparse method
same_values 0.6 12000     # values pass 255 at 10344
same_values 4.07 9000     # plain, removals leaving one heap
same_values lasker 6000
same_values sub:1,3,4 20000
same_values 0.77 5000     # period detection answers after 168

# More threads than the library uses act as two.
run values --threads 64 grundy 9000
expect_rc 0 "values --threads 64"
cp "$tmp/out" "$tmp/many"
run values --threads 1 grundy 9000
if cmp -s "$tmp/many" "$tmp/out"; then ok; else bad "values --threads 64: other values"; fi

run period --threads 2 0.77
expect_rc 0 "period --threads 2 0.77"
expect_out "period 12 preperiod 71" "period --threads 2 0.77"
run period --threads 1 0.137 2000
expect_rc 0 "period --threads 1 0.137"
expect_line1 "period 34 preperiod 52" "period --threads 1 0.137"

# Bad thread counts: exit 2, a message naming --threads and the argument.
for n in 0x -1 "" 0 1.5 " 2" 2x 18446744073709551616 4294967296; do
    run values --threads "$n" grundy 10
    expect_error "values --threads '$n'"
    expect_err_has "--threads '$n' is not a number of threads" "values --threads '$n'"
    run period --threads "$n" 0.77
    expect_error "period --threads '$n'"
    expect_err_has "--threads '$n'" "period --threads '$n'"
done
run values --threads
expect_error "values --threads with no number"
expect_err_has "--threads needs a number" "values --threads with no number"
run values --threads 2 grundy
expect_error "values --threads 2 with no N"
expect_err_has "usage: grundy values [--threads N] [--misere]" "values --threads 2 with no N"
run period --threads 2
expect_error "period --threads 2 with no game"

# The usage says so.
run --help
expect_rc 0 "--help"
if grep -F -e "--threads N" "$tmp/out" >/dev/null; then ok; else
    bad "--help does not describe --threads N"
    show
fi

finish
