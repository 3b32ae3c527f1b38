#!/bin/sh
# Runs every test and sums their closing "N passed, N failed" lines.
# usage: run.sh TESTBINDIR GRUNDYCLI [--unit-only | --binaries-only]
# --unit-only runs the test binaries and the CLI tests; --binaries-only the
# test binaries alone.  TEST_RUNNER, if set, is a command (with its options)
# that runs each test binary, e.g. valgrind.
# A test that crashes or prints no closing line counts as one failure.
bindir=$1
cli=$2
mode=${3:-all}
here=$(dirname "$0")
total_pass=0
total_fail=0

record() { # name, output file, exit status
    last=$(tail -n 1 "$2")
    p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then
        echo "$1: no result line (exit $3)"; tail -n 20 "$2"
        total_fail=$((total_fail + 1)); return
    fi
    if [ "$3" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$1: exit status $3 with no failed check"; tail -n 20 "$2"
        f=1
    fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "$1: $p passed, $f failed"
    # What failed, so that a failure seen once (a CI run) can be traced.
    if [ "$f" -ne 0 ]; then
        grep -m 20 'FAIL' "$2" | sed 's/^/    /'
    fi
}

out=$(mktemp)
trap 'rm -f "$out"' EXIT
for t in "$bindir"/test_*; do
    [ -x "$t" ] || continue
    # shellcheck disable=SC2086 # TEST_RUNNER is a command with its options
    ${TEST_RUNNER:-} "$t" >"$out" 2>&1; rc=$?
    record "$(basename "$t")" "$out" "$rc"
done
if [ "$mode" != "--binaries-only" ]; then
    for t in "$here"/cli_*.sh; do
        [ -f "$t" ] || continue
        sh "$t" "$cli" >"$out" 2>&1; rc=$?
        record "$(basename "$t")" "$out" "$rc"
    done
fi
if [ "$mode" = all ]; then
    for t in "$here"/pkg_*.sh; do
        [ -f "$t" ] || continue
        sh "$t" >"$out" 2>&1; rc=$?
        record "$(basename "$t")" "$out" "$rc"
    done
    for t in "$here"/*_test.py; do
        [ -f "$t" ] || continue
        python3 "$t" >"$out" 2>&1; rc=$?
        record "$(basename "$t")" "$out" "$rc"
    done
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
