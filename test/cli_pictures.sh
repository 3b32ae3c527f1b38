#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of the pictures: `grundy plot GAME N` writes well-formed SVG (read
# by Python's xml.etree) whose marks are the values `grundy values` prints
# (a dot per heap up to 1000 heaps, else per bin the rows its values fall
# in), small enough at 10^6 heaps; `grundy graph --dot` writes a digraph
# whose labels, colours and bold edges are the values, outcomes and winning
# moves `grundy graph` gives, and which Graphviz's dot parses when it is
# installed (the test says so when it is not); `graph --game GAME N` is the
# graph of a heap game's first heaps, with the values `values` prints.
# usage: sh test/cli_pictures.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

if ! command -v python3 >/dev/null 2>&1; then
    bad "no python3: the SVG and DOT checks need it"
    finish
    exit 1
fi

# ----------------------------------------------------------------------------
# plot

# check_plot GAME N: the SVG against the values (the geometry of cmd_plot.c:
# plot area 1000 x 400 from (60, 40); row r of 400 at y = 40 + 399 - r,
# value v in row v * 399 / largest).
check_plot() {
    run plot "$1" "$2"
    expect_rc 0 "plot $1 $2"
    expect_err_empty "plot $1 $2"
    cp "$tmp/out" "$tmp/plot.svg"
    "$G" values "$1" "$2" >"$tmp/values"
    if python3 - "$tmp/plot.svg" "$tmp/values" "$2" <<'EOF' >"$tmp/why" 2>&1; then ok; else
import re, sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
NS = "{http://www.w3.org/2000/svg}"
assert root.tag == NS + "svg", root.tag
vals = [int(v) for v in open(sys.argv[2]).read().split()]
n = int(sys.argv[3])
assert len(vals) == n
top = max(vals) if vals else 0
def row(v):
    return int(v * 399 / (top or 1))
circles = root.iter(NS + "circle")
paths = [p.get("d") for p in root.iter(NS + "path")]
if n <= 1000:
    got = [(float(c.get("cx")), float(c.get("cy"))) for c in circles]
    assert len(got) == n, (len(got), n)
    for i, (x, y) in enumerate(got):
        assert abs(x - (60 + 1000 * (i + 0.5) / n)) < 0.06, (i, x)
        assert abs(y - (40 + 399 - row(vals[i]))) < 0.06, (i, y, vals[i])
    assert not paths
else:
    assert len(paths) == 1, len(paths)
    marked = {}
    for x, y, h in re.findall(r"M(\d+) (\d+)h1v(\d+)h-1z", paths[0]):
        b = int(x) - 60
        top_row = 439 - int(y)
        for r in range(top_row - int(h) + 1, top_row + 1):
            marked.setdefault(b, set()).add(r)
    want = {}
    for b in range(1000):
        lo = n // 1000 * b + (n % 1000) * b // 1000
        hi = n // 1000 * (b + 1) + (n % 1000) * (b + 1) // 1000
        want[b] = {row(v) for v in vals[lo:hi]}
    assert marked == want, [b for b in want if want[b] != marked.get(b)][:5]
title = "".join(root.find(NS + "text").itertext())
assert title.startswith("G(n) of "), title
EOF
        bad "plot $1 $2: the SVG is not well-formed or its marks are not the values"
        sed -n '1,8s/^/    /p' "$tmp/why"
    fi
}

check_plot 0.77 100
check_plot 0.137 1000
check_plot grundy 1001
check_plot grundy 20000
check_plot 0.6 5000
check_plot lasker 3000
check_plot 0.07 1

# a million heaps: readable, and not a huge file (10^5 under Valgrind,
# GRUNDY_TEST_QUICK, where the tool is some fifty times slower)
million=1000000
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) million=100000 ;; esac
run plot grundy $million
expect_rc 0 "plot grundy $million"
size=$(wc -c <"$tmp/out" | tr -d ' ')
if [ "$size" -lt 3000000 ]; then ok; else
    bad "plot grundy $million: $size bytes of SVG"
fi
if python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$tmp/out"; then ok; else
    bad "plot grundy $million: not well-formed XML"
fi
# a name with XML's special characters is escaped (the game is refused
# before, so this checks that the error path prints nothing)
run plot "0.7&" 10
expect_error "plot of a bad game"
run plot 0.77
expect_error "plot without N"
if [ -w /dev/full ]; then
    "$G" plot 0.77 100 >/dev/full 2>"$tmp/err"
    rc=$?
    expect_rc 2 "plot >/dev/full"
fi

# ----------------------------------------------------------------------------
# graph --dot

# check_dot [MODE] [-i FILE | --game GAME N]: the DOT against `graph` without --dot.
check_dot() {
    _desc="graph --dot $*"
    if [ "$1" = -i ]; then
        _plain_in=$2
        shift 2
        run -i "$_plain_in" graph --dot "$@"
        "$G" graph "$@" <"$_plain_in" >"$tmp/plain"
    else
        run graph --dot "$@"
        "$G" graph "$@" >"$tmp/plain"
    fi
    expect_rc 0 "$_desc"
    cp "$tmp/out" "$tmp/g.dot"
    _misere=0
    case " $* " in *" --misere "*) _misere=1 ;; esac
    if python3 - "$tmp/g.dot" "$tmp/plain" "$_misere" <<'EOF' >"$tmp/why" 2>&1; then ok; else
import re, sys
dot = open(sys.argv[1]).read()
plain = dict(l.split() for l in open(sys.argv[2]).read().splitlines())
misere = sys.argv[3] == "1"
assert dot.startswith("digraph grundy {\n") and dot.endswith("}\n")
nodes = {}
for u, label, fill in re.findall(r'^    (\d+) \[label="\d+: (\w+)", fillcolor=(\w+)\];$', dot, re.M):
    nodes[u] = (label, fill)
assert set(nodes) == set(plain), "nodes"
def is_p(u):
    return plain[u] == "P" if misere else plain[u] == "0"
for u, (label, fill) in nodes.items():
    assert label == plain[u], (u, label, plain[u])
    assert fill == ("white" if is_p(u) else "grey"), (u, fill)
# one-part moves: bold exactly when they lead to a P position
for u, v, attrs in re.findall(r'^    (\d+) -> (\d+)( \[[^]]*\])?;$', dot, re.M):
    assert ("bold" in attrs) == is_p(v), (u, v, attrs)
# a node is P exactly when none of its moves is bold (in misère play a
# node without moves is N: the player to move has won)
bold_from = set(re.findall(r'^    (\d+) -> \S+ \[[^]]*bold', dot, re.M))
has_moves = set(re.findall(r'^    (\d+) -> ', dot, re.M))
for u in nodes:
    if u in has_moves or not misere:
        assert (u in bold_from) == (not is_p(u)), ("winning move", u)
EOF
        bad "$_desc: the DOT does not match the values, outcomes and winning moves"
        sed -n '1,8s/^/    /p' "$tmp/why"
    fi
    if command -v dot >/dev/null 2>&1; then
        if dot -Tsvg "$tmp/g.dot" >"$tmp/dot.svg" 2>"$tmp/dot.err" &&
            python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$tmp/dot.svg"; then
            ok
        else
            bad "$_desc: Graphviz's dot does not parse it"
            sed -n '1,5s/^/    /p' "$tmp/dot.err"
        fi
    else
        dot_skipped=1
    fi
}

dot_skipped=0
printf '4 5\n1 0\n2 0\n2 1\n3 0\n3 1\n' >"$tmp/small"
printf '6 7\n1 0\n2 1\n3 2\n3 0\n4 3\n5 4\n5 1  # a comment\n' >"$tmp/chain"
check_dot -i "$tmp/small"
check_dot -i "$tmp/small" --misere
check_dot -i "$tmp/chain"
check_dot -i "$tmp/chain" --misere
check_dot --game 0.137 12
check_dot --game 0.77 9
check_dot --game sub:1,3,4 15
check_dot --misere --game sub:1,2,5 10   # misère graphs take no split moves
if [ $dot_skipped -eq 1 ]; then
    echo "skipped: Graphviz is not installed (no 'dot'), so the DOT was not parsed by dot;" \
        "the structure checks above ran"
fi
# split moves go through a point with an edge to each part
run graph --dot --game 0.137 6
if grep -q '^    m5_[0-9]* \[shape=point' "$tmp/out" && grep -q '^    m5_[0-9]* -> 1;' "$tmp/out"; then
    ok
else
    bad "graph --dot --game 0.137 6: no split move of heap 5 into 1 + 1"
    show
fi

# --game: the values of the heap game
for game in 0.137 0.77 4.07 grundy lasker sub:2,5; do
    run graph --game "$game" 60
    expect_rc 0 "graph --game $game 60"
    awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 } END { print "" }' "$tmp/out" >"$tmp/got"
    "$G" values "$game" 60 >"$tmp/want"
    if cmp -s "$tmp/want" "$tmp/got"; then ok; else
        bad "graph --game $game 60: values differ from grundy values"
    fi
done

run -i "$tmp/small" graph --dot --loopy
expect_error "graph --dot --loopy"
run graph --game 0.77 5000
expect_error "graph --game with too many heaps"
run graph --game 0.7x 5
expect_error "graph --game with a bad game"
run graph --game 0.77
expect_error "graph --game without N"
run graph --game 0.77 5 "$tmp/small"
expect_error "graph with --game and a FILE"
run graph --game 0.137 1graph --game 0.137 12
expect_error "graph with --game given twice (the first N not a number)"
expect_err_has "given twice" "graph with --game given twice"

finish
