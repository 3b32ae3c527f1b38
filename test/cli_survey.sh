#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of `grundy survey`: each line agrees with `grundy period` and
# `grundy stats` for its game; --digits K lists exactly the codes 0.d1...dj
# (j <= K, dj != 0) and --subtraction K the sets of amounts up to K; shards run as separate processes and merged give the
# table of one run; so do two threads; a run killed part-way and resumed
# from its file gives the table of an uninterrupted run (also after a
# half-written last line); --merge refuses tables that do not fit together.
# The files the tool owns: lines of long names are whole; --resume refuses
# a file that is not a journal (and leaves it as it was), reads with bounds
# (/dev/zero), computes again a line that fails its check; a journal in use
# is locked; SIGINT, SIGTERM and SIGHUP leave it whole.
# usage: sh test/cli_survey.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

same_file() { # DESC WANT GOT
    if cmp -s "$2" "$3"; then ok; else
        bad "$1"
        diff "$2" "$3" | head -n 10 | sed 's/^/    /'
    fi
}

# ----------------------------------------------------------------------------
# Each line against period and stats

games="0.77 0.07 0.137 0.16 grundy lasker 0.6 sub:1,3,4 allbut:2,3,7 0.4 4.07"
# shellcheck disable=SC2086 # the games are words
run survey --values 3000 $games
expect_rc 0 "survey --values 3000 (a list)"
expect_err_empty "survey --values 3000 (a list)"
cp "$tmp/out" "$tmp/list"
if [ "$(sed -n 1p "$tmp/list")" = "# grundy survey --values 3000" ]; then ok; else
    bad "survey: the first line is not the header"
    show
fi
sed 1d "$tmp/list" | cut -d' ' -f1 >"$tmp/names"
printf '%s\n' $games | LC_ALL=C sort >"$tmp/want_names"
same_file "survey: one line per game, sorted by name" "$tmp/want_names" "$tmp/names"
for game in $games; do
    line=$(grep "^$game " "$tmp/list")
    "$G" period "$game" 3000 >"$tmp/p" 2>/dev/null
    prc=$?
    "$G" stats "$game" 3000 >"$tmp/s"
    largest=$(sed -n 's/^largest value: //p' "$tmp/s")
    if grep -q "^sparse mask: none" "$tmp/s"; then rare=-; else rare=$(sed -n 's/^rare heaps: //p' "$tmp/s"); fi
    if [ $prc -eq 0 ]; then
        want="$game $(cat "$tmp/p") largest $largest rare $rare"
    else
        want="$game open up to 3000 largest $largest rare $rare"
    fi
    if [ "$line" = "$want" ]; then ok; else
        bad "survey $game: '$line', period and stats say '$want'"
    fi
done

# ----------------------------------------------------------------------------
# --digits K: exactly the codes

run survey --digits 2 --values 200
expect_rc 0 "survey --digits 2"
sed 1d "$tmp/out" | cut -d' ' -f1 >"$tmp/names"
for a in 0 1 2 3 4 5 6 7; do
    [ $a -ne 0 ] && echo "0.$a"
    for b in 1 2 3 4 5 6 7; do echo "0.$a$b"; done
done | LC_ALL=C sort >"$tmp/want_names"
same_file "survey --digits 2: the 63 codes 0.d and 0.dd with a last digit not 0" \
    "$tmp/want_names" "$tmp/names"

# --subtraction K: every subtraction game of a non-empty subset of 1..K,
# each line as period and stats say
run survey --subtraction 4 --values 2000
expect_rc 0 "survey --subtraction 4"
cp "$tmp/out" "$tmp/subs"
sed 1d "$tmp/subs" | cut -d' ' -f1 >"$tmp/names"
for set in 1 2 3 4 1,2 1,3 1,4 2,3 2,4 3,4 1,2,3 1,2,4 1,3,4 2,3,4 1,2,3,4; do
    echo "sub:$set"
done | LC_ALL=C sort >"$tmp/want_names"
same_file "survey --subtraction 4: the 15 sets" "$tmp/want_names" "$tmp/names"
for game in sub:1,3,4 sub:2,4 sub:3; do
    "$G" period "$game" 2000 >"$tmp/p"
    "$G" stats "$game" 2000 >"$tmp/s"
    want="$game $(cat "$tmp/p") largest $(sed -n 's/^largest value: //p' "$tmp/s") rare -"
    if grep -qx -e "$want" "$tmp/subs"; then ok; else
        bad "survey --subtraction 4: $game is not '$want'"
        grep "^$game " "$tmp/subs" | sed 's/^/    got: /'
    fi
done
run survey --subtraction 17 --values 10
expect_error "survey --subtraction 17"
run survey --subtraction 2 --digits 2 --values 10
expect_error "survey with --subtraction and --digits"

# ----------------------------------------------------------------------------
# Shards in separate processes, merged, give one run's table; so do threads.

run survey --digits 2 --values 4000
cp "$tmp/out" "$tmp/one"
for i in 0 1 2; do
    "$G" survey --digits 2 --values 4000 --shard $i/3 >"$tmp/part$i" 2>"$tmp/err$i" &
done
wait
for i in 0 1 2; do
    if [ -s "$tmp/err$i" ]; then bad "shard $i/3 wrote on standard error"; sed 's/^/    /' "$tmp/err$i"; else ok; fi
done
# disjoint parts: every game in exactly one
cat "$tmp/part0" "$tmp/part1" "$tmp/part2" | grep -v '^#' | cut -d' ' -f1 | sort | uniq -d >"$tmp/twice"
if [ -s "$tmp/twice" ]; then bad "shards overlap: $(head -n 3 "$tmp/twice")"; else ok; fi
run survey --merge "$tmp/part0" "$tmp/part1" "$tmp/part2"
expect_rc 0 "survey --merge of three shards"
same_file "three shards merged differ from one run" "$tmp/one" "$tmp/out"
run survey --merge "$tmp/part2" "$tmp/part0" "$tmp/part1" "$tmp/part1"
same_file "merge in another order, a part twice: not one run's table" "$tmp/one" "$tmp/out"
run survey --digits 2 --values 4000 --threads 2
same_file "survey --threads 2 differs from one thread" "$tmp/one" "$tmp/out"

# ----------------------------------------------------------------------------
# An interrupted run, resumed, gives the uninterrupted table.

slow="0.07 0.137 0.76 0.77 0.16"  # 0.76 takes seconds at 60000 values
big=60000
# under Valgrind (GRUNDY_TEST_QUICK) the tool is some fifty times slower
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) big=25000 ;; esac
# shellcheck disable=SC2086
"$G" survey --values $big $slow >"$tmp/full"
journal=$tmp/journal
# shellcheck disable=SC2086
"$G" survey --values $big --resume "$journal" $slow >/dev/null 2>&1 &
pid=$!
# wait for the first lines (header and two games), then kill the run
tries=0
lines_of() { if [ -f "$1" ]; then wc -l <"$1"; else echo 0; fi; }
while [ "$(lines_of "$journal")" -lt 3 ] && [ $tries -lt 600 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
kill -9 $pid 2>/dev/null
killed=$?
wait $pid 2>/dev/null
lines=$(wc -l <"$journal")
if [ $killed -eq 0 ] && [ "$lines" -lt 6 ]; then ok; else
    bad "the run to interrupt ended before it was killed ($lines lines): the resume check proves little"
fi
# shellcheck disable=SC2086
run survey --values $big --resume "$journal" $slow
expect_rc 0 "survey --resume after a kill"
same_file "an interrupted run resumed differs from an uninterrupted one" "$tmp/full" "$tmp/out"
# the journal: its own header, then the table's lines (unsorted), each
# with its check
if [ "$(sed -n 1p "$journal")" = "# grundy survey journal 1 --values $big" ]; then ok; else
    bad "the journal's first line is '$(sed -n 1p "$journal")'"
fi
same_file "the journal (sorted, checks cut) is the table" "$tmp/full" "$(
    { sed -n 1p "$tmp/full"; sed -e 1d -e 's/ check [0-9a-f]\{16\}$//' "$journal" |
        LC_ALL=C sort; } >"$tmp/journal_sorted"
    echo "$tmp/journal_sorted")"
# a complete journal: nothing recomputed, the same table
before=$(wc -l <"$journal")
# shellcheck disable=SC2086
run survey --values $big --resume "$journal" $slow
same_file "a resumed complete run differs" "$tmp/full" "$tmp/out"
if [ "$(wc -l <"$journal")" -eq "$before" ]; then ok; else
    bad "a resumed complete run added lines to its journal"
fi
# half a line at the end, as a kill during a write leaves it
grep -v '^0.77 ' "$journal" >"$tmp/j2"
printf '0.77 period 1' >>"$tmp/j2"
cp "$tmp/j2" "$journal"
# shellcheck disable=SC2086
run survey --values $big --resume "$journal" $slow
same_file "resumed after a half-written line: not the table" "$tmp/full" "$tmp/out"
if grep -q '^0.77 period 1$' "$journal"; then
    bad "the half-written line is still in the journal"
else ok; fi
# an empty journal, as a kill before its header leaves it, starts afresh
: >"$tmp/empty_journal"
# shellcheck disable=SC2086
run survey --values $big --resume "$tmp/empty_journal" 0.07 0.77
expect_rc 0 "survey --resume with an empty file"
grep -e '^#' -e '^0.07 ' -e '^0.77 ' "$tmp/full" >"$tmp/want_two"
same_file "survey --resume with an empty file: not the table" "$tmp/want_two" "$tmp/out"
# the journal is itself a part --merge reads
run survey --merge "$journal"
same_file "survey --merge JOURNAL is not the table" "$tmp/full" "$tmp/out"

# ----------------------------------------------------------------------------
# Errors

# shellcheck disable=SC2086
run survey --values 50000 --resume "$journal" $slow
expect_error "resume a journal of another N"
expect_err_has "$big" "resume a journal of another N names its N"
"$G" survey --values 100 0.77 >"$tmp/other"
run survey --merge "$tmp/one" "$tmp/other"
expect_error "merge tables of different N"
sed 's/^0.77 period 12/0.77 period 13/' "$tmp/one" >"$tmp/wrong"
run survey --merge "$tmp/one" "$tmp/wrong"
expect_error "merge two different results for one game"
expect_err_has "0.77" "merge conflict names the game"
printf 'hello\n' >"$tmp/junk"
run survey --merge "$tmp/junk"
expect_error "merge a file that is not a table"
run survey --merge "$tmp/missing"
expect_error "merge a missing file"
run survey --merge
expect_error "merge without files"
run survey --values 100
expect_error "survey without games"
run survey --values 100 --digits 2 0.77
expect_error "survey with games and --digits"
run survey --digits 9 --values 10
expect_error "survey --digits 9"
for bad_shard in 3/3 1 a/2 1/0 -1/2; do
    run survey --shard "$bad_shard" --values 10 0.77
    expect_error "survey --shard $bad_shard"
done
run survey --values 100 0.77 0.7x
expect_error "survey with a bad game"
expect_err_has "0.7x" "survey names the bad game"
if [ -w /dev/full ]; then
    "$G" survey --values 100 0.77 >/dev/full 2>"$tmp/err"
    rc=$?
    expect_rc 2 "survey >/dev/full"
fi

# ----------------------------------------------------------------------------
# Long names: the line is whole, in the table and the journal (the line of
# a name past 200 bytes was cut, and overflowed a buffer)

long="sub:$(seq -s, 1 79)"
"$G" period "$long" 1000 >"$tmp/p"
"$G" stats "$long" 1000 >"$tmp/s"
want="$long $(cat "$tmp/p") largest $(sed -n 's/^largest value: //p' "$tmp/s") rare -"
run survey --values 1000 --resume "$tmp/long_journal" "$long" 0.77
expect_rc 0 "survey of a name of ${#long} bytes"
if grep -qxF -e "$want" "$tmp/out"; then ok; else
    bad "survey of a name of ${#long} bytes: its line is not '$want'"
    show
fi
if grep -qF -e "$want check " "$tmp/long_journal"; then ok; else
    bad "the journal's line of a name of ${#long} bytes is not whole"
fi
cp "$tmp/out" "$tmp/long_table"
run survey --values 1000 --resume "$tmp/long_journal" "$long" 0.77
same_file "a journal of a long name, resumed, is not the table" "$tmp/long_table" "$tmp/out"
expect_err_empty "a journal of a long name, resumed"
# past the limit, refused and named
huge="sub:1$(printf ',1%.0s' $(seq 1 33000))"
run survey --values 10 "$huge"
expect_error "survey of a name of ${#huge} bytes"
expect_err_has "65536 bytes" "survey of a name past the limit names the limit"

# ----------------------------------------------------------------------------
# --resume refuses a file that is not a journal, whatever its first line,
# and leaves it as it was

"$G" values 0.77 2000 >"$tmp/v.txt"
head -c 3000 "$G" >"$tmp/binary"
printf '%0300d' 0 >"$tmp/no_newline"          # a first line of 300 bytes, no newline
printf '# grundy survey journal 1 --values 1000' >"$tmp/header_cut"
"$G" survey --values 1000 0.77 >"$tmp/printed"   # a table, whose lines carry no check
for f in v.txt binary no_newline header_cut printed; do
    cp "$tmp/$f" "$tmp/$f.before"
    run survey --values 1000 --resume "$tmp/$f" 0.77
    expect_error "survey --resume $f"
    if cmp -s "$tmp/$f" "$tmp/$f.before"; then ok; else bad "survey --resume $f changed the file"; fi
    if [ -e "$tmp/$f.lock" ]; then bad "survey --resume $f left its lock file"; else ok; fi
done
expect_err_has "without line checks" "survey --resume of a printed table says why"
run_guarded survey --resume /dev/zero 0.77
expect_error "survey --resume /dev/zero"
expect_err_has "not a survey journal" "survey --resume /dev/zero says what it is not"
run_guarded survey --merge /dev/zero
expect_error "survey --merge /dev/zero"
# a journal line that goes on past any survey line: refused, the file kept
{ printf '# grundy survey journal 1 --values 1000\n'; head -c 70000 /dev/zero | tr '\0' 'x'; echo; } >"$tmp/long_line"
cp "$tmp/long_line" "$tmp/long_line.before"
run survey --values 1000 --resume "$tmp/long_line" 0.77
expect_error "survey --resume with a line of 70000 bytes"
expect_err_has "line 2" "survey --resume with a line too long names the line"
if cmp -s "$tmp/long_line" "$tmp/long_line.before"; then ok; else
    bad "survey --resume changed a file it refused"
fi

# ----------------------------------------------------------------------------
# Each journal line carries a check: an edited line is computed again,
# never reported; --merge refuses it

"$G" survey --values 3000 --resume "$tmp/checked" 0.77 0.07 >"$tmp/checked_table"
sed 's/^\(0.77 .* largest \)8 /\19 /' "$tmp/checked" >"$tmp/edited"
if grep -q '^0.77 .* largest 9 ' "$tmp/edited"; then ok; else bad "the journal to edit has no 0.77 line"; fi
run survey --merge "$tmp/edited"
expect_error "survey --merge of a journal with an edited largest"
expect_err_has "line" "survey --merge of an edited journal names the line"
cp "$tmp/edited" "$tmp/checked"
run survey --values 3000 --resume "$tmp/checked" 0.77 0.07
expect_rc 0 "survey --resume of a journal with an edited largest"
same_file "an edited largest is reported, not computed again" "$tmp/checked_table" "$tmp/out"
expect_err_has "fails its check" "survey --resume of an edited journal says which line it drops"
if grep -q '^0.77 .* largest 9 ' "$tmp/checked"; then
    bad "the edited line is still in the journal"
else ok; fi

# ----------------------------------------------------------------------------
# A journal in use is locked: a second run refuses and names the first.
# SIGINT, SIGTERM and SIGHUP stop a run with its journal whole.

"$G" survey --values 1000000 0.07 >"$tmp/fast"
lines_at_least_2() { [ "$(lines_of "$1")" -ge 2 ]; }
for entry in INT:130 TERM:143 HUP:129; do
    sig=${entry%:*}
    want=${entry#*:}
    j=$tmp/locked_$sig
    # 0.76 to a million values takes minutes: the run is stopped in it
    "$G" survey --values 1000000 --resume "$j" 0.07 0.76 >/dev/null 2>"$tmp/first_err" &
    pid=$!
    wait_until lines_at_least_2 "$j" || bad "the run to lock $j wrote no result in a minute"
    run_guarded survey --values 1000000 --resume "$j" 0.07 0.76
    expect_error "a second run on a journal in use ($sig)"
    expect_err_has "process $pid" "a second run on a journal in use names the first"
    kill -s "$sig" "$pid"
    wait $pid
    first=$?
    if [ "$first" -eq "$want" ]; then ok; else
        bad "survey stopped by SIG$sig: exit $first, want $want"
        sed 's/^/    /' "$tmp/first_err"
    fi
    expect_after="survey stopped by SIG$sig"
    if grep -q "interrupted by SIG$sig" "$tmp/first_err"; then ok; else bad "$expect_after: no message"; fi
    if [ -e "$j.lock" ]; then bad "$expect_after left its lock file"; else ok; fi
    run survey --merge "$j"
    expect_rc 0 "$expect_after: its journal is a valid part"
    same_file "$expect_after: its journal lacks the finished game" "$tmp/fast" "$tmp/out"
done

finish
