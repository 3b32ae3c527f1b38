#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool's memory cap: GRUNDY_MEMORY_LIMIT caps the
# memory of `graph`, `values` and `period` (default: half the physical
# memory).  Past the cap the tool exits 2 with a message naming what ran
# out, the limit and how to raise it; a value that is not a size is an error.
# usage: sh test/cli_memory_limit.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"
unset GRUNDY_MEMORY_LIMIT

# limited SIZE [-i FILE] ARGS...: `run` with GRUNDY_MEMORY_LIMIT=SIZE.
limited() {
    GRUNDY_MEMORY_LIMIT=$1
    export GRUNDY_MEMORY_LIMIT
    shift
    run "$@"
    unset GRUNDY_MEMORY_LIMIT
}

# Past the cap: exit 2, nothing on stdout, and a message saying what ran
# out, the limit in bytes and the variable that raises it.
expect_over_limit() { # BYTES WHAT DESC
    expect_error "$3"
    expect_err_has "needs more than the memory limit of $1 bytes" "$3"
    expect_err_has "$2" "$3"
    expect_err_has "GRUNDY_MEMORY_LIMIT=SIZE" "$3"
}

printf '100000 0\n' >"$tmp/wide"
printf '4 5\n1 0\n2 0\n2 1\n3 0\n3 1\n' >"$tmp/small"

# ----------------------------------------------------------------------------
# a small cap makes small problems fail, cleanly

limited 100K -i "$tmp/wide" graph
expect_over_limit 102400 "<stdin>: solving the graph" "graph of 100000 nodes under 100K"
expect_err_has "set by GRUNDY_MEMORY_LIMIT" "graph of 100000 nodes under 100K"
limited 100k graph "$tmp/wide"
expect_over_limit 102400 "$tmp/wide: solving the graph" "graph FILE under 100k (lower case)"
limited 1K -i "$tmp/small" graph --misere
expect_over_limit 1024 "reading the input" "graph under 1K: even the input does not fit"
limited 8K values grundy 10000
expect_error "values grundy 10000 under 8K"
expect_err_has "10000 values need at least 10000 bytes, past the memory limit of 8192 bytes" \
    "values grundy 10000 under 8K: refused at once, naming the bytes"
expect_err_has "set by GRUNDY_MEMORY_LIMIT" "values grundy 10000 under 8K"
expect_err_has "GRUNDY_MEMORY_LIMIT=SIZE" "values grundy 10000 under 8K"
limited 64K values lasker 3000
expect_rc 0 "values lasker 3000 under 64K (its closed form needs 5 values)"
limited 100 values 0.77 10
expect_over_limit 100 "values: creating the game" "values 0.77 10 under 100 bytes"
# A period check that could not have its memory must not end in "unknown".
limited 4K period 0.127 3000
expect_over_limit 4096 "period: looking for the period" "period 0.127 3000 under 4K"

# An absurd graph fails at once under any cap below its 50 GB.
printf '2147483647 0' >"$tmp/absurd"
limited 1G -i "$tmp/absurd" graph
expect_over_limit 1073741824 "solving the graph" "graph of 2^31 - 1 nodes under 1G"

# ----------------------------------------------------------------------------
# within the cap, the answers are the same as without it

run -i "$tmp/small" graph
cp "$tmp/out" "$tmp/want_graph"
for size in 1M 1m 64K 1048576 1G 1T 0; do
    limited $size -i "$tmp/small" graph
    expect_rc 0 "graph under $size"
    expect_out "$(cat "$tmp/want_graph")" "graph under $size"
    expect_err_empty "graph under $size"
done
limited 1M values 0.137 21
expect_out "0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0" "values 0.137 21 under 1M"
limited 1M period 0.77
expect_out "period 12 preperiod 71" "period 0.77 under 1M"
limited 0 -i "$tmp/wide" graph
expect_rc 0 "graph of 100000 nodes with no limit (0)"

# ----------------------------------------------------------------------------
# the default cap lets normal inputs run, and --help tells it

run -i "$tmp/wide" graph
expect_rc 0 "graph of 100000 nodes under the default cap"
run values 0.77 100000
expect_rc 0 "values 0.77 100000 under the default cap"
run period 0.137 1000
expect_out "period 34 preperiod 52" "period .137 1000 under the default cap"
run --help
expect_rc 0 "--help"
if grep -q "GRUNDY_MEMORY_LIMIT" "$tmp/out" && grep -q "default: .*[0-9] bytes" "$tmp/out"; then
    ok
else
    bad "--help: no GRUNDY_MEMORY_LIMIT line with the default in bytes"
    show
fi

# ----------------------------------------------------------------------------
# a value that is not a size is an error, named in the message

for bad_size in abc "" 12X 1.5G -1 K 1KB " 1M" 99999999999999999999 17179869184T; do
    for cmd in "graph $tmp/small" "values 0.77 10" "period 0.77"; do
        # shellcheck disable=SC2086 # COMMAND ARGS
        limited "$bad_size" $cmd
        expect_error "GRUNDY_MEMORY_LIMIT='$bad_size' $cmd"
        expect_err_has "GRUNDY_MEMORY_LIMIT: '$bad_size' is not a size" \
            "GRUNDY_MEMORY_LIMIT='$bad_size' $cmd"
    done
done
# nim takes no memory to speak of: the variable is not its business.
limited abc nim 1 2
expect_rc 0 "nim with GRUNDY_MEMORY_LIMIT=abc"

finish
