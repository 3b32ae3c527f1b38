#!/bin/sh
# SPDX-License-Identifier: MIT
# Replays every seed corpus as a regression test (for `make check`).
#
# usage: fuzz/replay.sh OUTDIR [TARGET...]
#
# OUTDIR holds the replay drivers of `fuzz/build.sh [--replay-only] OUTDIR`.
# Runs OUTDIR/replay_T on fuzz/corpus/T for each target, prints each
# driver's failures and summary, and last a total "N passed, N failed";
# exits 1 if any input failed.
set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTDIR [TARGET...]" >&2
    exit 2
fi
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-graph_text game_code cli_args differential quotient_file}

passed=0
failed=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in $targets; do
    if [ ! -x "$out/replay_$t" ]; then
        echo "replay_$t: missing (run fuzz/build.sh --replay-only $out)"
        failed=$((failed + 1))
        continue
    fi
    "$out/replay_$t" "$root/fuzz/corpus/$t" >"$log" 2>&1
    grep '^FAILED' "$log"
    last=$(tail -n 1 "$log")
    p=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1/p')
    f=$(printf '%s\n' "$last" | sed -n 's/^\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\2/p')
    if [ -z "$p" ]; then
        echo "replay_$t: no result line"
        tail -n 5 "$log"
        failed=$((failed + 1))
        continue
    fi
    echo "replay_$t: $last"
    passed=$((passed + p))
    failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
