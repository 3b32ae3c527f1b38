#!/bin/sh
# SPDX-License-Identifier: MIT
# Builds the fuzz targets and their replay drivers.
#
# usage: fuzz/build.sh [--replay-only] OUTDIR [TARGET...]
#
# For each target T (default: all of graph_text game_code cli_args
# differential quotient_file) it writes
#   OUTDIR/fuzz_T    libFuzzer binary: clang -fsanitize=fuzzer,address,undefined,
#                    with the library's sources compiled in (not the archive)
#   OUTDIR/replay_T  plain driver (fuzz/replay.c, no libFuzzer, built with $CC):
#                    runs every file of the directories it is given, prints
#                    "N passed, N failed" last, exits non-zero on a failure
#
# With --replay-only only the replay drivers are built (no clang needed):
# what `make check` wants.
#
# Environment: CLANG (default clang) builds the fuzzers; CC (default cc)
# builds the replay drivers; REPLAY_CFLAGS (default -O1 -g) adds to theirs,
# e.g. REPLAY_CFLAGS='-O1 -g -fsanitize=address,undefined'; LIB_DIRS
# (default: what `make -s print-layers` prints) names the library's folders.
# Run from anywhere: paths are taken relative to the repository.
set -eu

replay_only=0
if [ "${1:-}" = --replay-only ]; then
    replay_only=1
    shift
fi
if [ $# -lt 1 ]; then
    echo "usage: $0 [--replay-only] OUTDIR [TARGET...]" >&2
    exit 2
fi
out=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
targets=${*:-graph_text game_code cli_args differential quotient_file}
CLANG=${CLANG:-clang}
CC=${CC:-cc}
REPLAY_CFLAGS=${REPLAY_CFLAGS:--O1 -g}

STD="-std=c11 -I$root/include -I$root/src -I$root/fuzz"
WARN="-Wall -Wextra -Wmissing-prototypes"
FUZZ_FLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"

mkdir -p "$out/obj/fuzz" "$out/obj/replay"

# Coverage guides the fuzzer through the library, not through the
# harnesses' own brute force (which would also slow every run).
printf 'src:%s/fuzz/*\n' "$root" > "$out/coverage-ignore.txt"

# The library's sources: its folders of src/, as the Makefile lists them
# (LIB_DIRS, which make fuzz passes; else asked of make), not the
# command-line tool's src/cli/.
layers=${LIB_DIRS:-$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory \
    -C "$root" print-layers)}
[ -n "$layers" ] || { echo "$0: make print-layers named no folder of src/" >&2; exit 2; }
lib_src=
for d in $layers; do
    lib_src="$lib_src $(ls "$root"/src/$d/*.c)"
done
cli_src=$(ls "$root"/src/cli/*.c)

# compile FLAVOUR SOURCE [EXTRA FLAGS...]: prints the object's path, which
# mirrors the source's folder under src/.
compile() {
    flavour=$1
    src=$2
    shift 2
    rel=${src#"$root"/src/}
    obj="$out/obj/$flavour/${rel%.c}.o"
    mkdir -p "$(dirname "$obj")"
    if [ "$flavour" = fuzz ]; then
        # Coverage instrumentation everywhere; libFuzzer's main only at link.
        $CLANG $STD $FUZZ_FLAGS -fsanitize=fuzzer-no-link "$@" -c "$src" -o "$obj"
    else
        # shellcheck disable=SC2086
        $CC $STD $REPLAY_CFLAGS "$@" -c "$src" -o "$obj"
    fi
    printf '%s\n' "$obj"
}

flavours="fuzz replay"
[ $replay_only = 1 ] && flavours=replay
for flavour in $flavours; do
    objs=
    for f in $lib_src; do
        objs="$objs $(compile "$flavour" "$f")"
    done
    eval "lib_objs_$flavour=\"\$objs\""
    # The CLI with its main() renamed, for the argument-parser target.
    objs=
    for f in $cli_src; do
        objs="$objs $(compile "$flavour" "$f" -Dmain=grundy_cli_main)"
    done
    eval "cli_objs_$flavour=\"\$objs\""
done

for t in $targets; do
    src="$root/fuzz/fuzz_$t.c"
    [ -f "$src" ] || { echo "$0: no target $t ($src)" >&2; exit 2; }
    extra_fuzz=
    extra_replay=
    if [ "$t" = cli_args ]; then
        extra_fuzz=${cli_objs_fuzz:-}
        extra_replay=$cli_objs_replay
    fi
    if [ $replay_only = 0 ]; then
        # shellcheck disable=SC2086
        $CLANG $STD $WARN $FUZZ_FLAGS -fsanitize=fuzzer \
            -fsanitize-coverage-ignorelist="$out/coverage-ignore.txt" "$src" \
            $lib_objs_fuzz $extra_fuzz -o "$out/fuzz_$t"
        echo "built $out/fuzz_$t"
    fi
    # shellcheck disable=SC2086
    $CC $STD $WARN $REPLAY_CFLAGS "$root/fuzz/replay.c" "$src" $lib_objs_replay $extra_replay \
        -o "$out/replay_$t"
    echo "built $out/replay_$t"
done
