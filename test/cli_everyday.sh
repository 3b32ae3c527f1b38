#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool's everyday options and small promises:
# every command fails (exit 2, a message naming the command) when its output
# cannot be written (/dev/full); COMMAND --help prints that command's usage;
# `values --from A`, `--format line|lines|csv|json` and `--no-period` print
# the same values as the plain command; errors name the memory limit with
# its value and suggest the next step; the manual page names every command.
# usage: sh test/cli_everyday.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"
man=$here/../docs/grundy.1

# ----------------------------------------------------------------------------
# Output that cannot be written is an error, for every command.

# full DESC [-i FILE] ARGS...: runs the tool with standard output /dev/full.
full() {
    _d=$1
    shift
    _in=/dev/null
    if [ "$1" = -i ]; then
        _in=$2
        shift 2
    fi
    "$G" "$@" <"$_in" >/dev/full 2>"$tmp/err"
    rc=$?
    last="grundy $* >/dev/full"
    : >"$tmp/out"
    expect_rc 2 "$_d >/dev/full"
    expect_err_has "cannot write" "$_d >/dev/full"
}

if [ -w /dev/full ]; then
    printf '3 2\n1 0\n2 1\n' >"$tmp/g"
    full "nim" nim 3 8 15
    full "nim --misere" nim --misere 1 1
    full "nim (P, one line)" nim 1 1
    full "period" period 0.77
    full "period, unproved" period grundy 100
    full "values" values 0.77 20
    full "values, long" values 0.77 200000
    full "values --misere" values --misere 0.77 10
    full "values --format json" values --format json 0.77 10
    full "genus" genus 0.77 5
    full "move" move 0.77 3 4
    full "graph" graph "$tmp/g"
    full "graph from standard input" -i "$tmp/g" graph
    full "--version" --version
    full "--help" --help
    full "help" help
    full "values --help" values --help
    full "help values" help values
else
    bad "no writable /dev/full: the lost-output checks did not run"
fi

# ----------------------------------------------------------------------------
# COMMAND --help: that command's usage, not the whole text.

# the commands, as grundy --help lists them
commands=$("$G" --help | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' | sort -u)
for cmd in values period stats nim move genus graph; do
    if printf '%s\n' "$commands" | grep -qx "$cmd"; then ok; else
        bad "grundy --help does not list $cmd"
    fi
done
for cmd in $commands; do
    run "$cmd" --help
    expect_rc 0 "$cmd --help"
    if grep -q "^usage: grundy $cmd " "$tmp/out"; then ok; else
        bad "$cmd --help: line 1 is not 'usage: grundy $cmd ...'"
        show
    fi
    # no other command's synopsis
    if grep -v "^usage: grundy $cmd" "$tmp/out" | grep -v "^  $cmd " |
        grep -qE "^  ($(printf '%s\n' "$commands" | paste -sd '|' -)) "; then
        bad "$cmd --help: prints other commands' usage too"
        show
    else ok; fi
    cp "$tmp/out" "$tmp/help1"
    run help "$cmd"
    if cmp -s "$tmp/help1" "$tmp/out"; then ok; else
        bad "grundy help $cmd differs from grundy $cmd --help"
    fi
    # --help anywhere before "--", whatever else the line holds
    run "$cmd" 0.77 --help 12
    expect_rc 0 "$cmd 0.77 --help 12"
    if cmp -s "$tmp/help1" "$tmp/out"; then ok; else
        bad "$cmd 0.77 --help 12 does not print the command's usage"
        show
    fi
done
run values --help
if grep -q -- "--from A" "$tmp/out" && grep -q -- "--format" "$tmp/out" &&
    grep -q -- "--no-period" "$tmp/out" && grep -q "GRUNDY_MEMORY_LIMIT" "$tmp/out"; then ok; else
    bad "values --help does not describe --from, --format, --no-period and the memory limit"
    show
fi
run nim --help
if grep -q "GRUNDY_MEMORY_LIMIT" "$tmp/out"; then
    bad "nim --help mentions the memory limit, which nim does not use"
else ok; fi

# ----------------------------------------------------------------------------
# values: --from, --format, --no-period

run values 0.137 30
expect_rc 0 "values 0.137 30"
all=$(cat "$tmp/out")
want=$(printf '%s\n' "$all" | tr ' ' '\n' | sed -n '11,30p' | tr '\n' ' ' | sed 's/ $//')
run values 0.137 30 --from 10
expect_out "$want" "values 0.137 30 --from 10: G(10) ... G(29)"
run values --from 10 0.137 30
expect_out "$want" "values --from 10 0.137 30 (options before)"
run values 0.137 30 --from 30
expect_rc 0 "values --from N: no values"
expect_out "" "values --from N: an empty line"
run values 0.137 30 --from 31
expect_error "values --from past N"
expect_err_has "past N" "values --from past N"
run values 0.137 30 --from x
expect_error "values --from x"
run values 0.137 30 --from
expect_error "values --from without a value"

run values --format lines 0.137 30
expect_out "$(printf '%s\n' "$all" | tr ' ' '\n')" "values --format lines"
run values --format csv 0.137 30 --from 28
expect_out "$(printf 'heap,value\n28,%s\n29,%s' "$(printf '%s\n' "$all" | cut -d' ' -f29)" \
    "$(printf '%s\n' "$all" | cut -d' ' -f30)")" "values --format csv --from 28"
run values --format json 0.137 30
expect_out "{\"game\": \"0.137\", \"play\": \"normal\", \"from\": 0, \"values\": [$(printf '%s\n' "$all" | sed 's/ /, /g')]}" \
    "values --format json"
if command -v python3 >/dev/null 2>&1; then
    run values --format json --misere 0.77 12 --from 2
    if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not (d["values"] == [2, 3, 0, 1, 3, 2, 1, 0, 2, 4] and d["play"] == "misere" and d["from"] == 2))' "$tmp/out"; then ok; else
        bad "values --format json --misere: not the misère values in JSON"
        show
    fi
else
    bad "no python3 to parse the JSON output"
fi
run values --format line 0.137 30
expect_out "$all" "values --format line is the default"
run values --format xml 0.137 30
expect_error "values --format xml"
expect_err_has "line, lines, csv, json" "values --format xml names the formats"

# --no-period: the same values, computed rather than taken from the period
for game in 0.77 0.137 0.16 sub:1,3,4 lasker; do
    run values "$game" 3000
    cp "$tmp/out" "$tmp/with"
    run values --no-period "$game" 3000
    expect_rc 0 "values --no-period $game 3000"
    if cmp -s "$tmp/with" "$tmp/out"; then ok; else
        bad "values --no-period $game 3000 differs from values $game 3000"
    fi
done

# ----------------------------------------------------------------------------
# Errors name limits and suggest the next step.

GRUNDY_MEMORY_LIMIT=8K run values grundy 10000
expect_error "values grundy 10000 under 8K"
expect_err_has "GRUNDY_MEMORY_LIMIT=8K" "the limit's error names the variable's value"
expect_err_has "8192 bytes" "the limit's error names the limit in bytes"
run period 0.16
expect_rc 3 "period 0.16 (period 149459 preperiod 105351 is past 100000)"
expect_out "unknown up to 100000" "period 0.16"
expect_err_has "a larger MAX may prove a period: try grundy period 0.16 1000000" \
    "period 0.16 suggests a larger MAX"
run period 0.16 1000000
expect_out "period 149459 preperiod 105351" "period 0.16 1000000: the suggestion proves it"
run period --threads 2 0.77
expect_out "period 12 preperiod 71" "period --threads 2 0.77"
run period 0.77 --threads 2 200
expect_out "period 12 preperiod 71" "period 0.77 --threads 2 200 (options anywhere)"

# ----------------------------------------------------------------------------
# The manual page

if [ -f "$man" ]; then ok; else bad "no manual page docs/grundy.1"; fi
run --help
for cmd in $(sed -n 's/^  \([a-z][a-z]*\) .*/\1/p' "$tmp/out" | sort -u); do
    if grep -q "^\.B grundy $cmd" "$man" && grep -q "^\.BI \"$cmd " "$man"; then ok; else
        bad "docs/grundy.1 does not describe $cmd (synopsis and section)"
    fi
done
if command -v groff >/dev/null 2>&1; then
    groff -man -Tutf8 -ww -z "$man" 2>"$tmp/err"
    if [ -s "$tmp/err" ]; then
        bad "groff warns on docs/grundy.1"
        sed 's/^/    /' "$tmp/err" | head -n 10
    else ok; fi
else
    echo "skipped: groff is not installed, so docs/grundy.1 was not checked for warnings"
fi

finish
