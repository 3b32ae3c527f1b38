#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the command-line tool: `grundy nim`, `grundy graph`, and the
# global options and errors.  Answers are checked against brute forces
# written here in awk (plain memoized search and mex), not against the library.
# usage: sh test/cli_graph_nim.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

# ----------------------------------------------------------------------------
# Global options and command errors

version=$(sed -n 's/^#define GRUNDY_VERSION_MAJOR \([0-9]*\).*/\1/p' "$here/../include/grundy.h").$(sed -n 's/^#define GRUNDY_VERSION_MINOR \([0-9]*\).*/\1/p' "$here/../include/grundy.h").$(sed -n 's/^#define GRUNDY_VERSION_PATCH \([0-9]*\).*/\1/p' "$here/../include/grundy.h")
[ "$version" = .. ] && version=0.1.0

run --version
expect_rc 0 "--version"
expect_out "grundy $version" "--version"

run --help
expect_rc 0 "--help"
if grep -e nim -e graph "$tmp/out" >/dev/null; then ok; else
    bad "--help should print a usage naming the commands on standard output"
    show
fi

run
expect_error "no command"

run frobnicate 1 2
expect_error "unknown command"
expect_err_has frobnicate "unknown command"

run --frobnicate
expect_error "unknown global option"

# ----------------------------------------------------------------------------
# nim: hand cases with one known answer

run nim 3 8 15
expect_rc 0 "nim 3 8 15"
expect_out "N
take 4 from heap 2" "nim 3 8 15 (nim-sum 4: only heap 2 can drop to 11)"
expect_err_empty "nim 3 8 15"

run nim --misere 3 8 15
expect_rc 0 "nim --misere 3 8 15"
expect_out "N
take 4 from heap 2" "nim --misere 3 8 15"

run nim 1 1
expect_out "P" "nim 1 1"
run nim --misere 1 1
expect_rc 0 "nim --misere 1 1"
expect_line1 N "nim --misere 1 1"
run nim 1 1 1
expect_rc 0 "nim 1 1 1"
expect_line1 N "nim 1 1 1"
run nim --misere 1 1 1
expect_out "P" "nim --misere 1 1 1"
run nim 0
expect_rc 0 "nim 0"
expect_out "P" "nim 0"
run nim --misere 0
expect_rc 0 "nim --misere 0"
expect_out "N" "nim --misere 0 (no stones: the player to move has already won)"
run nim --misere 0 0 0
expect_out "N" "nim --misere 0 0 0"
run nim 7
expect_out "N
take 7 from heap 0" "nim 7"
run nim --misere 7
expect_out "N
take 6 from heap 0" "nim --misere 7 (leave one stone)"
run nim --misere 1
expect_out "P" "nim --misere 1"
# HDU 1907 "John" samples (misère): 3 5 1 -> first player wins; 1 -> loses.
run nim --misere 3 5 1
expect_rc 0 "nim --misere 3 5 1"
expect_line1 N "nim --misere 3 5 1"

# 64-bit heaps: the only winning move leaves 1 and 1.
run nim 18446744073709551615 1
expect_out "N
take 18446744073709551614 from heap 0" "nim 2^64-1 1"
run nim 18446744073709551615 18446744073709551615
expect_out "P" "nim 2^64-1 2^64-1"
run nim 9223372036854775808 9223372036854775808 5
expect_out "N
take 5 from heap 2" "nim 2^63 2^63 5"

# nim: errors
run nim
expect_error "nim with no heaps"
run nim --misere
expect_error "nim --misere with no heaps"
run nim 3 x
expect_error "nim 3 x"
expect_err_has x "nim 3 x"
run nim 3 4z
expect_error "nim 3 4z"
expect_err_has 4z "nim 3 4z"
run nim --foo 1
expect_error "nim --foo 1"
expect_err_has --foo "nim --foo 1"
run nim -1
expect_error "nim -1"
run nim ""
expect_error "nim ''"
run nim 18446744073709551616
expect_error "nim 2^64 (does not fit in 64 bits)"
run nim 1 99999999999999999999999
expect_error "nim 1 10^23"

# ----------------------------------------------------------------------------
# nim: every position of up to 3 heaps of at most 4 stones, plus some larger
# ones, both normal and misère, against a brute-force search.  The tool's
# answers go to files; one awk run then checks them all.

mkdir "$tmp/nim"
nimcase() { # MISERE(0|1) HEAPS...
    _m=$1
    shift
    ncase=$((ncase + 1))
    if [ "$_m" = 1 ]; then
        "$G" nim --misere "$@" >"$tmp/nim/$ncase" 2>/dev/null
    else
        "$G" nim "$@" >"$tmp/nim/$ncase" 2>/dev/null
    fi
    echo "$ncase $? $_m $*" >>"$tmp/nim/list"
}
ncase=0
: >"$tmp/nim/list"
# Under the memory checkers (GRUNDY_TEST_QUICK), three heaps in order only
# (a <= b <= c): the tool's paths are the same, the calls 180 fewer.
sorted_only=0
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) sorted_only=1 ;; esac
for m in 0 1; do
    for a in 0 1 2 3 4; do
        nimcase $m $a
        for b in 0 1 2 3 4; do
            nimcase $m $a $b
            for c in 0 1 2 3 4; do
                if [ $sorted_only = 0 ] || { [ $a -le $b ] && [ $b -le $c ]; }; then
                    nimcase $m $a $b $c
                fi
            done
        done
    done
    for pos in "3 8 15" "1 1 1 1" "1 1 0 1" "1 0 1 0 1" "6 6" "5 0 0 2" "2 5 7 1" \
        "7 7 7 7" "1 2 3" "1 1 2" "3 5 1" "2 2 1 1" "0 0 0 0 0 0" "1 1 1 1 1 6"; do
        # shellcheck disable=SC2086 # split the position into heaps
        nimcase $m $pos
    done
done

awk -v dir="$tmp/nim" '
# outcome(key, mis): 1 if the player to move wins heaps "a b c ..." (N), else 0.
function outcome(key, mis,    mk, h, n, i, k, tot, r) {
    mk = mis ":" key
    if (mk in memo) return memo[mk]
    n = split(key, h, " ")
    tot = 0
    for (i = 1; i <= n; i++) tot += h[i]
    r = 0
    if (tot == 0) r = mis ? 1 : 0
    for (i = 1; i <= n && !r; i++)
        for (k = 1; k <= h[i] && !r; k++)
            if (!outcome(with(h, n, i, h[i] - k), mis)) r = 1
    memo[mk] = r
    return r
}
function with(h, n, i, v,    j, s) {
    s = ""
    for (j = 1; j <= n; j++) s = s (j > 1 ? " " : "") (j == i ? v : h[j])
    return s
}
{
    id = $1; rc = $2; mis = $3
    key = ""
    for (j = 4; j <= NF; j++) key = key (j > 4 ? " " : "") $j
    desc = "nim " (mis ? "--misere " : "") key
    nl = 0; l1 = ""; l2 = ""
    f = dir "/" id
    while ((getline line < f) > 0) { nl++; if (nl == 1) l1 = line; else if (nl == 2) l2 = line }
    close(f)
    n = split(key, h, " ")
    tot = 0
    for (i = 1; i <= n; i++) tot += h[i]
    want = outcome(key, mis) ? "N" : "P"
    if (rc != 0) { print "FAIL " desc ": exit status " rc; next }
    if (l1 != want) { print "FAIL " desc ": line 1 is \"" l1 "\", want " want; next }
    if (want == "P" || tot == 0) {
        if (nl == 1) print "PASS " desc
        else print "FAIL " desc ": " nl " lines, want 1"
        next
    }
    print "PASS " desc
    if (nl != 2 || l2 !~ /^take [0-9]+ from heap [0-9]+$/) {
        print "FAIL " desc ": want a line 2 \"take K from heap I\", got \"" l2 "\" (" nl " lines)"
        next
    }
    split(l2, w, " ")
    k = w[2] + 0; i = w[5] + 1
    if (i > n || k < 1 || k > h[i]) { print "FAIL " desc ": illegal move \"" l2 "\""; next }
    after = with(h, n, i, h[i] - k)
    if (outcome(after, mis)) print "FAIL " desc ": \"" l2 "\" leaves " after ", an N position"
    else print "PASS " desc ": " l2
}' "$tmp/nim/list" >"$tmp/nim/result"
tally "$tmp/nim/result"

# ----------------------------------------------------------------------------
# graph: hand cases

gcase() { # TEXT EXPECTED DESC: the graph TEXT read from a file
    printf '%s' "$1" >"$tmp/g.txt"
    run graph "$tmp/g.txt"
    expect_rc 0 "$3"
    expect_out "$2" "$3"
}

gcase "1 0
" "0 0" "graph: one node"
gcase "3 2
1 0
2 1
" "0 0
1 1
2 0" "graph: path 2->1->0"
gcase "3 2
0 1
1 2
" "0 0
1 1
2 0" "graph: path 0->1->2 (moves to higher ids)"
gcase "4 5
1 0
2 0
2 1
3 0
3 2
" "0 0
1 1
2 2
3 1" "graph: mex of {0,2} is 1"
gcase "2 3
1 0
1 0
1 0
" "0 0
1 1" "graph: repeated move"
gcase "5 1
4 0
" "0 0
1 0
2 0
3 0
4 1" "graph: isolated nodes"
gcase "6 7
5 4 5 3 5 2 4 3 4 2 3 2 1 0" "0 0
1 1
2 0
3 1
4 2
5 3" "graph: several pairs on one line, no final newline"

# A complete DAG (u -> v for every v < u) gives node u the value u.
awk 'BEGIN { n = 40; print n, n * (n - 1) / 2
    for (u = n - 1; u >= 0; u--) for (v = 0; v < u; v++) print u, v }' >"$tmp/g.txt"
awk 'BEGIN { for (u = 0; u < 40; u++) print u, u }' >"$tmp/want"
run graph "$tmp/g.txt"
expect_rc 0 "graph: complete DAG on 40 nodes"
if cmp -s "$tmp/want" "$tmp/out"; then ok; else bad "graph: complete DAG on 40 nodes: values should be 0..39"; show; fi

# A path of 200000 nodes 0 -> 1 -> ... : deep, so recursion would overflow.
awk 'BEGIN { n = 200000; print n, n - 1; for (i = 0; i + 1 < n; i++) print i, i + 1 }' >"$tmp/g.txt"
awk 'BEGIN { n = 200000; for (i = 0; i < n; i++) print i, (n - 1 - i) % 2 }' >"$tmp/want"
run graph "$tmp/g.txt"
expect_rc 0 "graph: path of 200000 nodes"
if cmp -s "$tmp/want" "$tmp/out"; then ok; else bad "graph: path of 200000 nodes: wrong values"; echo "    exit $rc"; fi

# The empty graph prints nothing.
printf '0 0\n' >"$tmp/g.txt"
run graph "$tmp/g.txt"
expect_rc 0 "graph: 0 nodes"
expect_out_empty "graph: 0 nodes prints nothing"

# Comments and odd whitespace.
printf '# a graph\n\n  4\t3   # n m\n#only a comment\n1 0 # first\n\t2\n1\n\n 3   2#no space before the hash\n# end, no newline' >"$tmp/g.txt"
run graph "$tmp/g.txt"
expect_rc 0 "graph: comments and whitespace"
expect_out "0 0
1 1
2 0
3 1" "graph: comments and whitespace"
printf '3 2\r\n1 0\r\n2 1\r\n' >"$tmp/g.txt"
run graph "$tmp/g.txt"
expect_rc 0 "graph: CRLF line ends"
expect_out "0 0
1 1
2 0" "graph: CRLF line ends"
printf '2 1 1 0 # comment at end of file without newline' >"$tmp/g.txt"
run graph "$tmp/g.txt"
expect_out "0 0
1 1" "graph: comment at end of file"

# ----------------------------------------------------------------------------
# graph: random DAGs against a brute-force mex.  Moves go from u to v < u, then
# the ids are shuffled, so moves go both ways; separators vary, with comments.

cat >"$tmp/gen.awk" <<'EOF'
# -v seed= -v n= -v p=: a random DAG in the text format.
function sep(   r) {
    r = int(rand() * 8)
    if (r == 0) return "\t"
    if (r == 1) return "  \n"
    if (r == 2) return " # comment 1 2 3\n"
    if (r == 3) return "\n\n"
    return r < 6 ? " " : "\n"
}
BEGIN {
    srand(seed)
    for (i = 0; i < n; i++) perm[i] = i
    for (i = n - 1; i > 0; i--) { j = int(rand() * (i + 1)); t = perm[i]; perm[i] = perm[j]; perm[j] = t }
    m = 0
    for (u = 0; u < n; u++)
        for (v = 0; v < u; v++)
            if (rand() < p) {
                eu[m] = perm[u]; ev[m] = perm[v]; m++
                if (rand() < 0.05) { eu[m] = perm[u]; ev[m] = perm[v]; m++ }
            }
    for (i = m - 1; i > 0; i--) {
        j = int(rand() * (i + 1))
        t = eu[i]; eu[i] = eu[j]; eu[j] = t; t = ev[i]; ev[i] = ev[j]; ev[j] = t
    }
    if (rand() < 0.5) printf "# random DAG, seed %d\n", seed
    printf "%d%s%d\n", n, sep(), m
    for (i = 0; i < m; i++) printf "%d%s%d%s", eu[i], sep(), ev[i], sep()
}
EOF
cat >"$tmp/mex.awk" <<'EOF'
# A game graph in the text format -> "u VALUE" lines, by a memoized mex.
function sg(u,    k, seen, v) {
    if (u in val) return val[u]
    for (k = 0; k < deg[u]; k++) seen[sg(to[u, k])] = 1
    for (v = 0; v in seen; v++) ;
    val[u] = v
    return v
}
{ sub(/#.*/, ""); for (i = 1; i <= NF; i++) tok[nt++] = $i }
END {
    n = tok[0]; m = tok[1]
    for (i = 0; i < m; i++) { u = tok[2 + 2 * i]; to[u, deg[u]++] = tok[3 + 2 * i] }
    for (u = 0; u < n; u++) print u, sg(u)
}
EOF
: >"$tmp/rand_result"
seed=1
# Under the memory checkers, every third graph (each density still met).
seeds=60 seed_step=1
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) seed_step=3 ;; esac
while [ $seed -le $seeds ]; do
    n=$((1 + (seed * 7919) % 30))
    case $((seed % 4)) in 0) p=0.1 ;; 1) p=0.3 ;; 2) p=0.6 ;; *) p=0.9 ;; esac
    awk -v seed=$seed -v n=$n -v p=$p -f "$tmp/gen.awk" >"$tmp/g.txt"
    awk -f "$tmp/mex.awk" "$tmp/g.txt" >"$tmp/want"
    "$G" graph "$tmp/g.txt" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [ $rc -eq 0 ] && cmp -s "$tmp/want" "$tmp/out"; then
        echo "PASS random DAG seed $seed" >>"$tmp/rand_result"
    else
        echo "FAIL random DAG seed $seed (n $n, p $p): exit $rc or wrong values" >>"$tmp/rand_result"
        [ -n "$kept" ] || { cp "$tmp/g.txt" "${TMPDIR:-/tmp}/grundy-cli-failed-graph.txt"; kept=1; echo "    input kept in ${TMPDIR:-/tmp}/grundy-cli-failed-graph.txt"; }
    fi
    seed=$((seed + seed_step))
done
tally "$tmp/rand_result"

# The same graph from a file, from standard input, and from "-".
awk -v seed=99 -v n=25 -v p=0.4 -f "$tmp/gen.awk" >"$tmp/g.txt"
awk -f "$tmp/mex.awk" "$tmp/g.txt" >"$tmp/want"
"$G" graph "$tmp/g.txt" >"$tmp/out.file" 2>/dev/null
run -i "$tmp/g.txt" graph
expect_rc 0 "graph from standard input"
if cmp -s "$tmp/want" "$tmp/out"; then ok; else bad "graph from standard input: wrong values"; show; fi
if cmp -s "$tmp/out.file" "$tmp/out"; then ok; else bad "graph: file and standard input differ"; fi
run -i "$tmp/g.txt" graph -
expect_rc 0 "graph - (standard input)"
if cmp -s "$tmp/want" "$tmp/out"; then ok; else bad "graph -: wrong values"; show; fi
# shellcheck disable=SC2002 # a pipe, not a file, on standard input
cat "$tmp/g.txt" | "$G" graph >"$tmp/out" 2>/dev/null
if cmp -s "$tmp/want" "$tmp/out"; then ok; else bad "graph from a pipe: wrong values"; fi

# ----------------------------------------------------------------------------
# graph: errors, with the line they are on

gerr() { # LINE TEXT DESC: TEXT (from a file) is bad on line LINE
    printf '%s' "$2" >"$tmp/bad.txt"
    run graph "$tmp/bad.txt"
    expect_error "$3"
    expect_err_has "grundy: $tmp/bad.txt:$1: " "$3"
    run -i "$tmp/bad.txt" graph
    expect_rc 2 "$3 (standard input)"
    expect_err_has ":$1:" "$3 (standard input)"
}
gerr 3 "3 2
0 1
1 5
" "graph: node 5 out of range on line 3"
gerr 2 "2 1
2 0
" "graph: node 2 out of range (n = 2) on line 2"
gerr 2 "2 1
-1 0
" "graph: negative node on line 2"
gerr 2 "2 1
0 x
" "graph: non-integer token on line 2"
gerr 4 "# comment
2 1

1 0.5
" "graph: non-integer 0.5 on line 4"
gerr 2 "2 1
99999999999999999999 0
" "graph: node id too big for any integer on line 2"
gerr 3 "3 2
0 1
1" "graph: half a pair at end of file, line 3"
gerr 3 "3 2
# only one pair
0 1" "graph: missing pair at end of file, line 3"
gerr 4 "2 1
0 1

7
" "graph: extra token after the last pair on line 4"
gerr 2 "2 1
0 1 1
" "graph: extra token on the line of the last pair"
gerr 1 "x 0
" "graph: non-integer n on line 1"
gerr 1 "4294967296 0
" "graph: n of 2^32 on line 1"

printf '3 2\n0 1\n' >"$tmp/bad.txt"
run graph "$tmp/bad.txt"
expect_error "graph: missing pair, file ends with a newline"
if grep -e ":2:" -e ":3:" "$tmp/err" >/dev/null; then ok; else
    bad "graph: missing pair: no line 2 or 3 named"
    show
fi
printf '' >"$tmp/bad.txt"
run graph "$tmp/bad.txt"
expect_error "graph: empty file"
printf '# nothing but a comment\n' >"$tmp/bad.txt"
run graph "$tmp/bad.txt"
expect_error "graph: only a comment"
printf '5\n' >"$tmp/bad.txt"
run graph "$tmp/bad.txt"
expect_error "graph: n without m"
# A header announcing billions of moves must fail cleanly, not exhaust memory.
printf '2 5000000000\n0 1\n' >"$tmp/bad.txt"
run graph "$tmp/bad.txt"
expect_error "graph: 5000000000 moves announced, one given"

# Cycles: the message says "cycle" and names a node on it.
cyc() { # TEXT NODES DESC: NODES are the nodes on the cycle (one must be named)
    printf '%s' "$1" >"$tmp/cyc.txt"
    run -i "$tmp/cyc.txt" graph
    expect_error "$3"
    expect_err_has cycle "$3"
    # Whole numbers in the message, one per line (standard input: no file name).
    tr -c '0-9' '\n' <"$tmp/err" | grep -v '^$' >"$tmp/nums"
    _found=
    for _u in $2; do
        grep -x "$_u" "$tmp/nums" >/dev/null && _found=1
    done
    if [ -n "$_found" ]; then ok; else
        bad "$3: the message names none of the nodes $2 on the cycle"
        show
    fi
}
cyc "3 3  0 1  1 2  2 0" "0 1 2" "graph: cycle 0->1->2->0"
cyc "1 1
0 0
" "0" "graph: a move from a node to itself"
cyc "10 10
0 1 1 2 2 3 3 4 4 5 5 6 6 7
7 8 8 9 9 7
" "7 8 9" "graph: cycle 7->8->9 reached by a path from 0"
cyc "6 4
0 1
4 5
5 4
1 2
" "4 5" "graph: cycle 4<->5 apart from the rest"

# Files and options
run graph "$tmp/no-such-file.txt"
expect_error "graph: nonexistent file"
expect_err_has no-such-file.txt "graph: nonexistent file"
run graph /
expect_error "graph: a directory"
run graph --bogus
expect_error "graph --bogus"

finish
