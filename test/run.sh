#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a set of test suites side by side and sums their closing
# "N passed, N failed" lines into one such line, printed last.
#
# usage: run.sh TESTBINDIR GRUNDYCLI [SET]
#   SET is one of
#     --check          (the default) the unit test programs, the CLI tests and
#                      the library's Python tests: what `make check` runs
#     --package        the packaging and the editions: install consumers,
#                      CMake, pip, the single-header and contest editions
#     --unit-only      the unit test programs and the CLI tests
#     --binaries-only  the unit test programs alone
#     --cli-only       the CLI tests alone
# Environment:
#   T=NAME       runs only the suite NAME (test_game, cli_survey, python_test,
#                pkg_cmake, ...); the set is then ignored.
#   F=PATTERN    passed to the suites as GRUNDY_TEST_FILTER: a C suite runs
#                the test functions whose name contains PATTERN, a Python
#                module the test cases whose name does (see test/harness.h
#                and test/testlib.py); a filter that selects no test in any
#                suite fails.
#   JOBS=N       suites run at once (default: the number of online CPUs).
#   TEST_RUNNER  a command (with its options) that runs each test program,
#                e.g. valgrind.
# A suite that crashes or prints no closing line counts as one failure.
# Skipped test cases (a Python suite's ", N skipped" and its "SKIPPED: case:
# reason" lines) are shown with the suite's result and counted in the last
# line; a filter that selects only skipped cases selects something.
# Each suite's result is printed as it ends, with its wall and CPU times in
# seconds in brackets; the failures' first lines are
# printed again before the total, so a failure seen once (a CI run) can be
# traced.

# --one NAME: run one suite (called by this script through xargs).
if [ "${1:-}" = --one ]; then
    name=$2
    out=$RUN_DIR/$name
    case $name in
    test_*) cmd="${TEST_RUNNER:-} $RUN_BINDIR/$name" ;;
    cli_*) cmd="sh $RUN_HERE/$name.sh $RUN_CLI" ;;
    pkg_*) cmd="sh $RUN_HERE/$name.sh" ;;
    *) cmd="python3 $RUN_HERE/$name.py" ;;
    esac
    t0=$(date +%s)
    # shellcheck disable=SC2086 # $cmd is a command with its arguments
    $cmd >"$out.out" 2>&1
    rc=$?
    secs=$(( $(date +%s) - t0 ))
    # The suite's CPU time (user + system of what this shell started).
    times >"$out.times" # a builtin: here, not in a subshell, which has no children
    cpu=$(tail -n 1 "$out.times" | awk '{ for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } }
                                  END { printf "%d", t + 0.5 }')
    last=$(tail -n 1 "$out.out")
    p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\1/p')
    f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*$/\2/p')
    if [ -z "$p" ]; then
        why="no result line (exit $rc)"
        p=0 f=1
    elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        why="exit status $rc with no failed check"
        f=1
    else
        why=
    fi
    # What the closing line adds (", N skipped"), and the skipped cases
    # named above it, are shown with the suite's result.
    rest=$(printf '%s\n' "$last" | sed -n 's/^[0-9]* passed, [0-9]* failed\(, [0-9]* skipped\).*$/\1/p')
    s=$(printf '%s\n' "$rest" | sed -n 's/^, \([0-9]*\) skipped$/\1/p')
    echo "$p $f ${s:-0}" >"$out.res"
    if [ "$f" -ne 0 ]; then
        { echo "$name: $p passed, $f failed${why:+ ($why)}"
          if [ -n "$why" ]; then tail -n 20 "$out.out"; else grep -E -m 20 '^FAIL: |: FAILED: ' "$out.out" | awk '!seen[$0]++'; fi \
              | sed 's/^/    /'; } >"$out.fail"
    fi
    echo "$name: $p passed, $f failed$rest${why:+ ($why)} [${secs} s, ${cpu} s CPU]"
    grep '^SKIPPED' "$out.out" | sed 's/^/    /'
    exit 0
fi

bindir=$1
cli=$2
set=${3:---check}
here=$(dirname "$0")

# The suites of each set, the longest first so that they pack well on few
# cores.  The package set is every pkg_*.sh and the editions' tests.
package_py="single_header_test contest_test contest_edition_test"
binaries() {
    for t in "$bindir"/test_*; do
        [ -x "$t" ] && basename "$t"
    done | sort | awk '
        /^test_(heap|word|game|limits)$/ { print; next }  # the longest ones first
        { rest[++n] = $0 }
        END { for (i = 1; i <= n; i++) print rest[i] }'
}
clis() { for t in "$here"/cli_*.sh; do [ -f "$t" ] && basename "$t" .sh; done; }
pythons() {
    for t in "$here"/*_test.py; do
        [ -f "$t" ] || continue
        n=$(basename "$t" .py)
        case " $package_py " in *" $n "*) ;; *) echo "$n" ;; esac
    done | awk '/^python_test$/ { print; next } { rest[++n] = $0 }
                END { for (i = 1; i <= n; i++) print rest[i] }'
}
packages() {
    for t in "$here"/pkg_*.sh; do [ -f "$t" ] && basename "$t" .sh; done
    for n in $package_py; do echo "$n"; done
}

list=$(mktemp)
RUN_DIR=$(mktemp -d)
trap 'rm -rf "$list" "$RUN_DIR"' EXIT
if [ -n "${T:-}" ]; then
    { binaries; clis; pythons; packages; } | grep -x -- "$T" >"$list"
    if [ ! -s "$list" ]; then
        echo "no suite named '$T'; the suites are:"
        { binaries; clis; pythons; packages; } | tr '\n' ' ' | fold -s -w 78 | sed 's/^/    /'
        echo
        echo "0 passed, 1 failed"
        exit 1
    fi
else
    case $set in
    --check) { binaries; pythons; clis; } >"$list" ;;
    --package) packages >"$list" ;;
    --unit-only) { binaries; clis; } >"$list" ;;
    --binaries-only) binaries >"$list" ;;
    --cli-only) clis >"$list" ;;
    *) echo "run.sh: unknown set '$set'"; echo "0 passed, 1 failed"; exit 1 ;;
    esac
fi
if [ -n "${F:-}" ]; then
    GRUNDY_TEST_FILTER=$F
    export GRUNDY_TEST_FILTER
fi

jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
RUN_BINDIR=$bindir RUN_CLI=$cli RUN_HERE=$here
export RUN_DIR RUN_BINDIR RUN_CLI RUN_HERE
xargs -P "$jobs" -n 1 sh "$0" --one <"$list"

total_pass=0
total_fail=0
total_skip=0
while read -r name; do
    if [ -f "$RUN_DIR/$name.res" ]; then
        read -r p f s <"$RUN_DIR/$name.res"
    else
        echo "$name: did not run"
        p=0 f=1 s=0
    fi
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f)); total_skip=$((total_skip + s))
done <"$list"
if [ -n "${F:-}" ] && [ "$total_pass" -eq 0 ] && [ "$total_fail" -eq 0 ] &&
    [ "$total_skip" -eq 0 ]; then
    echo "no test case matches F=$F${T:+ in $T}"
    total_fail=1
fi
if [ "$total_fail" -ne 0 ]; then
    echo "== failures"
    cat "$RUN_DIR"/*.fail 2>/dev/null
fi
if [ "$total_skip" -ne 0 ]; then
    echo "$total_pass passed, $total_fail failed, $total_skip skipped (named above)"
else
    echo "$total_pass passed, $total_fail failed"
fi
[ "$total_fail" -eq 0 ]
