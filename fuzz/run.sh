#!/bin/sh
# SPDX-License-Identifier: MIT
# Fuzzes each target for a bounded time (what `make fuzz` runs).
#
# usage: fuzz/run.sh OUTDIR [SECONDS] [TARGET...]
#
# OUTDIR holds the binaries of `fuzz/build.sh OUTDIR`.  Each target T runs
# for SECONDS (default 60) on OUTDIR/corpus/T (a working corpus, created on
# first use; new inputs go there) seeded with fuzz/corpus/T, which is never
# written.  Crashes land in OUTDIR/artifacts/ as crash-*, leak-*, timeout-*
# or oom-*; the script then exits 1.  Minimise one with
#   OUTDIR/fuzz_T -minimize_crash=1 -runs=10000 OUTDIR/artifacts/crash-...
# and merge new finds into the seeds with
#   OUTDIR/fuzz_T -merge=1 fuzz/corpus/T OUTDIR/corpus/T
set -u

if [ $# -lt 1 ]; then
    echo "usage: $0 OUTDIR [SECONDS] [TARGET...]" >&2
    exit 2
fi
out=$1
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift 1
root=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-graph_text game_code cli_args differential quotient_file}

# The longest input each target needs (game codes reach the 4096-digit limit).
max_len() {
    case $1 in
    graph_text) echo 4096 ;;
    game_code) echo 5000 ;;
    cli_args) echo 512 ;;
    *) echo 1024 ;;
    esac
}

status=0
mkdir -p "$out/artifacts"
for t in $targets; do
    bin="$out/fuzz_$t"
    if [ ! -x "$bin" ]; then
        echo "$0: $bin missing: run fuzz/build.sh $out first" >&2
        exit 2
    fi
    mkdir -p "$out/corpus/$t"
    echo "== $t: ${seconds}s"
    "$bin" -max_total_time="$seconds" -max_len="$(max_len "$t")" -rss_limit_mb=2048 \
        -timeout=30 -print_final_stats=1 -artifact_prefix="$out/artifacts/$t-" \
        "$out/corpus/$t" "$root/fuzz/corpus/$t" >"$out/$t.log" 2>&1
    rc=$?
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
        "$out/$t.log"
    if [ $rc -ne 0 ]; then
        echo "$t: FAILED (exit $rc); see $out/$t.log and $out/artifacts/"
        grep -E 'FUZZ CHECK FAILED|ERROR: |SUMMARY' "$out/$t.log" | head -5
        status=1
    fi
done
exit $status
