#!/bin/sh
# SPDX-License-Identifier: MIT
# Tests of `grundy graph --misere | --wtia | --loopy | --remoteness |
# --suspense [FILE]` on random small graphs, against brute forces written
# here in Python from the games' rules, not from the library's formulas:
#   --misere      plain win/lose recursion, a player with no move wins;
#   --wtia        w-numbers by their definition: SP terminal, SC if a move
#                 reaches SP, else the mex of the options that are numbers;
#   --remoteness  the length of play when the winner hurries to a P-position
#                 and the loser stalls (outcomes by plain recursion);
#   --suspense    the same with the winner stalling and the loser hurrying;
#   --loopy       retrograde analysis (P/N/draw) of the graph plus a Nim heap
#                 of every size k: u + *k is a P-position exactly when u has
#                 the finite value k, and for infinite u it is N exactly when
#                 k is the value of a follower (Smith's theory of sums).
# Cycles are errors naming a node on a cycle, except with --loopy.
# usage: sh test/cli_graph_modes.sh PATH_TO_GRUNDY
# Last line: "N passed, N failed"; exit status 1 if any check failed.

# shellcheck source-path=SCRIPTDIR source=lib.sh
. "$(dirname "$0")/lib.sh"
cli_setup "$1"

modes="misere wtia loopy remoteness suspense"

if ! command -v python3 >/dev/null 2>&1; then
    bad "python3 is needed for the brute forces of this test"
    finish
    exit 1
fi

cat >"$tmp/brute.py" <<'EOF'
"""Random graphs and the answers of every mode, by brute force.

usage: brute.py SEED COUNT DIR
Writes DIR/gI.txt (a graph in the text format), DIR/gI.MODE.want (the
expected output of `grundy graph --MODE`) for every mode that applies, and
for cyclic graphs DIR/gI.cycle (the nodes on a cycle); prints "I acyclic" or
"I cyclic" per graph.
"""
import random
import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def acyclic_answers(n, succ):
    @lru_cache(maxsize=None)
    def normal_win(u):
        return any(not normal_win(v) for v in succ[u])

    @lru_cache(maxsize=None)
    def misere_win(u):
        return not succ[u] or any(not misere_win(v) for v in succ[u])

    @lru_cache(maxsize=None)
    def w(u):
        if not succ[u]:
            return "SP"
        ws = [w(v) for v in succ[u]]
        if "SP" in ws:
            return "SC"
        return mex({x for x in ws if isinstance(x, int)})

    @lru_cache(maxsize=None)
    def remoteness(u):
        if not succ[u]:
            return 0
        if normal_win(u):  # win as fast as possible: to a P-position
            return 1 + min(remoteness(v) for v in succ[u] if not normal_win(v))
        return 1 + max(remoteness(v) for v in succ[u])  # lose as slowly

    @lru_cache(maxsize=None)
    def suspense(u):
        if not succ[u]:
            return 0
        if normal_win(u):  # win as slowly as possible
            return 1 + max(suspense(v) for v in succ[u] if not normal_win(v))
        return 1 + min(suspense(v) for v in succ[u])  # lose as fast

    return {
        "misere": ["%d %s" % (u, "N" if misere_win(u) else "P") for u in range(n)],
        "wtia": ["%d %s" % (u, w(u)) for u in range(n)],
        "remoteness": ["%d %d" % (u, remoteness(u)) for u in range(n)],
        "suspense": ["%d %d" % (u, suspense(u)) for u in range(n)],
    }


def retrograde(nodes, succ_of):
    """P/N/D of every node of a finite graph, by retrograde analysis."""
    pred = {x: [] for x in nodes}
    left = {}
    for x in nodes:
        left[x] = len(succ_of(x))
        for y in succ_of(x):
            pred[y].append(x)
    label = {}
    queue = [x for x in nodes if left[x] == 0]
    for x in queue:
        label[x] = "P"
    while queue:
        y = queue.pop()
        for x in pred[y]:
            if x in label:
                continue
            if label[y] == "P":
                label[x] = "N"
                queue.append(x)
            else:
                left[x] -= 1
                if left[x] == 0:
                    label[x] = "P"
                    queue.append(x)
    return {x: label.get(x, "D") for x in nodes}


def loopy_answers(n, succ):
    heap = n + 1  # finite values never exceed the out-degree
    nodes = [(u, k) for u in range(n) for k in range(heap + 1)]

    def succ_of(x):
        u, k = x
        return [(v, k) for v in succ[u]] + [(u, j) for j in range(k)]

    label = retrograde(nodes, succ_of)
    out = []
    for u in range(n):
        zero = [k for k in range(heap + 1) if label[(u, k)] == "P"]
        if zero:
            out.append("%d %d" % (u, zero[0]))
        else:
            fin = [k for k in range(heap + 1) if label[(u, k)] == "N"]
            out.append("%d inf{%s}" % (u, ",".join(str(k) for k in fin)))
    return out


def on_cycles(n, succ):
    def reach(a):
        seen, stack = set(), list(succ[a])
        while stack:
            x = stack.pop()
            if x not in seen:
                seen.add(x)
                stack.extend(succ[x])
        return seen
    return [u for u in range(n) if u in reach(u)]


def write_graph(path, n, edges, rng):
    """The text format, with comments and odd spacing now and then."""
    lines = []
    if rng.random() < 0.3:
        lines.append("# a random graph")
    lines.append("%d %d" % (n, len(edges)) + ("  # n m" if rng.random() < 0.3 else ""))
    line = []
    for (u, v) in edges:
        line.append("%d%s%d" % (u, rng.choice([" ", "\t", "  "]), v))
        if rng.random() < 0.6:
            lines.append(" ".join(line))
            line = []
    if line:
        lines.append(" ".join(line))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    for i in range(count):
        cyclic = i % 3 == 2
        n = rng.randint(0, 9) if not cyclic else rng.randint(1, 8)
        rank = list(range(n))
        rng.shuffle(rank)  # ids in no helpful order
        edges = []
        for u in range(n):
            for _ in range(rng.randint(0, 4)):
                if cyclic:
                    edges.append((u, rng.randrange(n)))
                elif rank[u] > 0:
                    lower = [v for v in range(n) if rank[v] < rank[u]]
                    edges.append((u, rng.choice(lower)))
        succ = [[] for _ in range(n)]
        for (u, v) in edges:
            succ[u].append(v)
        if cyclic and not on_cycles(n, succ):
            u = rng.randrange(n)
            edges.append((u, u) if rng.random() < 0.3 or not succ[u] else (succ[u][0], u))
            succ[edges[-1][0]].append(edges[-1][1])
        rng.shuffle(edges)
        base = "%s/g%d" % (out, i)
        write_graph(base + ".txt", n, edges, rng)
        answers = {"loopy": loopy_answers(n, succ)}
        if cyclic:
            with open(base + ".cycle", "w") as f:
                f.write(" ".join(str(u) for u in on_cycles(n, succ)) + "\n")
        else:
            answers.update(acyclic_answers(n, succ))
        for mode, lines in answers.items():
            with open("%s.%s.want" % (base, mode), "w") as f:
                f.write("".join(line + "\n" for line in lines))
        print(i, "cyclic" if cyclic else "acyclic")


main()
EOF

count=90
case ${GRUNDY_TEST_QUICK:-} in '' | 0) ;; *) count=30 ;; esac
if ! python3 "$tmp/brute.py" 20260521 "$count" "$tmp" >"$tmp/list"; then
    bad "the brute force failed"
    finish
    exit 1
fi

# expect_file WANTFILE DESC: the last run's standard output is exactly it.
expect_file() {
    if cmp -s "$1" "$tmp/out"; then ok; else
        bad "$2: wrong standard output"
        diff "$1" "$tmp/out" | sed -n '1,8s/^/    /p'
        show
    fi
}

# ----------------------------------------------------------------------------
# Random graphs, every mode, against the brute force

while read -r i kind; do
    f=$tmp/g$i.txt
    for mode in $modes; do
        want=$tmp/g$i.$mode.want
        if [ -f "$want" ]; then
            # Half of the runs read standard input ("-" or no FILE).
            case $((i % 4)) in
                0) run graph "--$mode" "$f" ;;
                1) run -i "$f" graph "--$mode" ;;
                2) run -i "$f" graph "--$mode" - ;;
                *) run graph "--$mode" -- "$f" ;;
            esac
            expect_rc 0 "graph --$mode on graph $i ($kind)"
            expect_file "$want" "graph --$mode on graph $i ($kind)"
            expect_err_empty "graph --$mode on graph $i ($kind)"
            continue
        fi
        # A cycle without --loopy: an error naming a node on a cycle.
        run graph "--$mode" "$f"
        expect_error "graph --$mode on cyclic graph $i"
        named=$(sed -n 's/.*node \([0-9][0-9]*\).*/\1/p' "$tmp/err" | head -n 1)
        case " $(cat "$tmp/g$i.cycle") " in
            *" $named "*)
                if [ -n "$named" ]; then ok; else bad "graph --$mode on cyclic graph $i: no node named"; show; fi ;;
            *)
                bad "graph --$mode on cyclic graph $i: node '$named' is not on a cycle ($(cat "$tmp/g$i.cycle"))"
                show ;;
        esac
    done
done <"$tmp/list"

# ----------------------------------------------------------------------------
# Hand cases (the guide's examples and small classics)

# 3 -> 2 -> 1 -> 0 and 3 -> 0.
printf '4 4\n1 0\n2 1\n3 2\n3 0\n' >"$tmp/h1"
run graph --misere "$tmp/h1"
expect_out "$(printf '0 N\n1 P\n2 N\n3 P')" "graph --misere on a path with a shortcut"
run graph --wtia "$tmp/h1"
expect_out "$(printf '0 SP\n1 SC\n2 0\n3 SC')" "graph --wtia on a path with a shortcut"
run graph --remoteness "$tmp/h1"
expect_out "$(printf '0 0\n1 1\n2 2\n3 1')" "graph --remoteness on a path with a shortcut"
run graph --suspense "$tmp/h1"
expect_out "$(printf '0 0\n1 1\n2 2\n3 3')" "graph --suspense on a path with a shortcut"

# The guide's loopy example: 1 <-> 2, 1 -> 0.
printf '3 3\n1 0\n1 2\n2 1\n' >"$tmp/h2"
run graph --loopy "$tmp/h2"
expect_out "$(printf '0 0\n1 1\n2 0')" "graph --loopy, the guide's example"

# A pure 2-cycle: both positions are draws with no finite follower.
printf '2 2\n0 1\n1 0\n' >"$tmp/h3"
run graph --loopy "$tmp/h3"
expect_out "$(printf '0 inf{}\n1 inf{}')" "graph --loopy on a 2-cycle"
# Self-loops: 1 -> 1, 1 -> 0 cannot have value 1 (a follower, itself, would
# have it): inf{0}, a win.  2 -> 2 alone: inf{}, a draw.
printf '3 3\n1 1\n1 0\n2 2\n' >"$tmp/h4"
run graph --loopy "$tmp/h4"
expect_out "$(printf '0 0\n1 inf{0}\n2 inf{}')" "graph --loopy with self-loops"

# The empty graph prints nothing in every mode.
printf '0 0\n' >"$tmp/h5"
for mode in $modes; do
    run graph "--$mode" "$tmp/h5"
    expect_rc 0 "graph --$mode on the empty graph"
    if [ -s "$tmp/out" ]; then bad "graph --$mode on the empty graph: output"; show; else ok; fi
done

# ----------------------------------------------------------------------------
# Errors

# Two different modes together, either order.
for a in $modes; do
    for b in $modes; do
        [ "$a" = "$b" ] && continue
        run graph "--$a" "--$b" "$tmp/h1"
        expect_error "graph --$a --$b"
    done
done

# A cycle named in the message: 0 -> 1 -> 2 -> 0, 3 -> 0.
printf '4 4\n0 1\n1 2\n2 0\n3 0\n' >"$tmp/c1"
for mode in misere wtia remoteness suspense; do
    run graph "--$mode" "$tmp/c1"
    expect_error "graph --$mode on a cycle"
    expect_err_matches 'node [012]([^0-9]|$)' "graph --$mode on a cycle names a node on it"
done
run graph --loopy "$tmp/c1"
expect_rc 0 "graph --loopy on a cycle"
expect_out "$(printf '0 inf{}\n1 inf{}\n2 inf{}\n3 inf{}')" "graph --loopy on a 3-cycle"

# Parse errors keep their line numbers in every mode.
printf '3 2\n1 0\n2 7\n' >"$tmp/p1"
for mode in $modes; do
    run graph "--$mode" "$tmp/p1"
    expect_error "graph --$mode with a node out of range"
    expect_err_matches ':3:|line 3' "graph --$mode names the line of the bad node"
done

# An unknown mode and a missing file.
run graph --normal "$tmp/h1"
expect_error "graph --normal (unknown option)"
run graph --misere "$tmp/does-not-exist"
expect_error "graph --misere on a missing file"
expect_err_has "does-not-exist" "graph --misere on a missing file"

finish
