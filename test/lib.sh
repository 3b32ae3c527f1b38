# SPDX-License-Identifier: MIT
# shellcheck shell=sh
# Helpers shared by the shell tests, which source this file first:
#     . "$(dirname "$0")/lib.sh"
# (test/run.sh runs test/cli_*.sh and test/pkg_*.sh, never this file.)
#
# Every check counts into pass or fail; a test ends with `finish`, which
# prints the closing "N passed, N failed" line and returns 1 if any failed.

pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*"
}

check() { # DESC COMMAND...: passes when COMMAND succeeds
    _d=$1
    shift
    if "$@"; then ok; else bad "$_d"; fi
}

# The first lines of a log, indented.
showlog() { sed -n '1,30s/^/    /p' "$1"; }
# Passes when COMMAND succeeds; else fails and shows what COMMAND printed
# (kept in $work/log: the test sets work to a directory of its own).
check_logged() { # DESC COMMAND...
    _d=$1
    shift
    if "$@" >"$work/log" 2>&1; then ok; else
        bad "$_d"
        showlog "$work/log"
    fi
}

# Counts the PASS and FAIL lines an awk checker wrote to FILE.
tally() { # FILE
    _p=$(grep -c '^PASS' "$1")
    _f=$(grep -c '^FAIL' "$1")
    pass=$((pass + _p))
    fail=$((fail + _f))
    grep '^FAIL' "$1" | head -n 30
}

finish() { # the closing line; the status is 1 if any check failed
    echo "$pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

# library_version HEADER: sets major, minor, patch and version (X.Y.Z) from
# the header's GRUNDY_VERSION_* and soname, the shared library's SONAME,
# which carries the minor version while the major one is 0 (docs/abi.md).
library_version() {
    major=$(sed -n 's/^#define GRUNDY_VERSION_MAJOR \([0-9]*\).*/\1/p' "$1")
    minor=$(sed -n 's/^#define GRUNDY_VERSION_MINOR \([0-9]*\).*/\1/p' "$1")
    patch=$(sed -n 's/^#define GRUNDY_VERSION_PATCH \([0-9]*\).*/\1/p' "$1")
    version=$major.$minor.$patch
    if [ "$major" -eq 0 ]; then soname=libgrundy.so.$major.$minor; else soname=libgrundy.so.$major; fi
}

# ----------------------------------------------------------------------------
# Tests of the command-line tool (cli_*.sh): run it, then check that run.

# cli_setup PATH_TO_GRUNDY: sets G (the tool, as an absolute path), here
# (this directory) and tmp (a scratch directory, removed at exit).  When G
# is not an executable, the test ends at once with one failure.
cli_setup() {
    G=${1:?usage: sh $0 PATH_TO_GRUNDY}
    case $G in /*) ;; *) G=$(pwd)/$G ;; esac
    # shellcheck disable=SC2034 # for the tests that source this file
    here=$(cd "$(dirname "$0")" && pwd)
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/grundy-cli.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 2' INT TERM
    if [ ! -x "$G" ]; then
        echo "FAIL: $G is not an executable"
        echo "0 passed, 1 failed"
        exit 1
    fi
}

# run [-i INPUTFILE] ARGS...: runs the tool; sets rc, stdout in $tmp/out,
# stderr in $tmp/err.  Standard input is /dev/null unless -i is given.
run() {
    _in=/dev/null
    if [ "$1" = -i ]; then
        _in=$2
        shift 2
    fi
    "$G" "$@" <"$_in" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    last="grundy $*"
}

# run_guarded ARGS...: as run, with a hang guard: the tool is killed
# (SIGKILL, rc 137) if it has not ended within a minute.
run_guarded() {
    "$G" "$@" </dev/null >"$tmp/out" 2>"$tmp/err" &
    _pid=$!
    (
        _t=0
        while [ $_t -lt 600 ] && kill -0 $_pid 2>/dev/null; do
            sleep 0.1
            _t=$((_t + 1))
        done
        kill -9 $_pid 2>/dev/null
    ) >/dev/null 2>&1 &
    _guard=$!
    wait $_pid
    rc=$?
    wait $_guard
    last="grundy $*"
}

# wait_until COMMAND...: runs COMMAND every 0.05 s until it succeeds, a
# minute at most (a hang guard); the status is COMMAND's last.
wait_until() {
    _t=0
    until "$@"; do
        [ $_t -ge 1200 ] && return 1
        sleep 0.05
        _t=$((_t + 1))
    done
}

show() { # the last run's output, for a failure message (long lines cut)
    echo "    ran: $last (exit $rc)"
    sed -n '1,5s/^\(.\{0,300\}\).*/    stdout: \1/p' "$tmp/out"
    sed -n '1,5s/^/    stderr: /p' "$tmp/err"
}

expect_rc() { # WANT DESC
    if [ "$rc" -eq "$1" ]; then ok; else
        bad "$2: exit status $rc, want $1"
        show
    fi
}

expect_out() { # EXPECTED_TEXT DESC (EXPECTED_TEXT without the final newline)
    printf '%s\n' "$1" >"$tmp/want"
    if cmp -s "$tmp/want" "$tmp/out"; then ok; else
        bad "$2: wrong standard output"
        sed 's/^\(.\{0,300\}\).*/    want: \1/' "$tmp/want"
        show
    fi
}

expect_line1() { # WANT DESC
    if [ "$(sed -n 1p "$tmp/out")" = "$1" ]; then ok; else
        bad "$2: line 1 should be $1"
        show
    fi
}

expect_err_has() { # SUBSTRING DESC
    if grep -F -e "$1" "$tmp/err" >/dev/null; then ok; else
        bad "$2: standard error lacks '$1'"
        show
    fi
}

expect_err_matches() { # EXTENDED_REGEX DESC
    if grep -E -e "$1" "$tmp/err" >/dev/null; then ok; else
        bad "$2: standard error does not match /$1/"
        show
    fi
}

expect_err_nonempty() { # DESC
    if [ -s "$tmp/err" ]; then ok; else
        bad "$1: no message on standard error"
        show
    fi
}

expect_err_empty() { # DESC
    if [ -s "$tmp/err" ]; then
        bad "$1: unexpected standard error"
        show
    else ok; fi
}

expect_out_empty() { # DESC
    if [ -s "$tmp/out" ]; then
        bad "$1: standard output should be empty on an error"
        show
    else ok; fi
}

# An error: exit 2, a message on stderr, nothing on stdout.
expect_error() { # DESC
    expect_rc 2 "$1"
    expect_err_nonempty "$1"
    expect_out_empty "$1"
}
