#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random sequences of calls through the Python module, meant to run with
the library built with AddressSanitizer (make python-fuzz): threads share
handles, move generators call into their own game (closing it, asking it
values) and into other handles, handles are closed, pickled, capped and
interrupted with SIGINT.  Any exception outside the module's documented
ones is a failure; a crash ends the run without its closing line.

usage: python3 test/python_fuzz.py [SECONDS] [SEED]   (default 40 s)
Environment: GRUNDY_TEST_MODULE_DIR as for python_test.py.
Last line: "N passed, N failed".
"""
import os
import pickle
import random
import signal
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.environ.get("GRUNDY_TEST_MODULE_DIR") or
                os.path.join(ROOT, "bindings", "python"))
import grundy  # noqa: E402

EXPECTED = (grundy.GrundyError, ValueError, TypeError, IndexError, KeyboardInterrupt,
            RecursionError, pickle.PicklingError, AttributeError)
NAMES = ["0.77", "0.07", "0.137", "4.07", "sub:1,3,4", "allbut:2,5", "grundy", "lasker", "0.F"]
GRAPH_TEXTS = ["3 2\n1 0\n2 1\n", "4 4\n0 1\n1 0\n2 1\n3 3\n", "5 6\n1 0\n2 0\n2 1\n3 2\n4 3\n4 1\n"]

counts = {"passed": 0, "failed": 0}
lock = threading.Lock()
reference = {}  # game name -> values of a handle used by one thread only


def fail(what):
    with lock:
        counts["failed"] += 1
        if counts["failed"] <= 20:
            print("FAIL: %s" % what, flush=True)


def passed():
    with lock:
        counts["passed"] += 1


class Pool:
    """Handles shared by every thread; any of them may be closed any time."""

    def __init__(self, r):
        self.heaps = [grundy.HeapGame(r.choice(NAMES), period_detection=r.random() < 0.7)
                      for _ in range(3)]
        self.graphs = [grundy.Graph.parse(r.choice(GRAPH_TEXTS)) for _ in range(3)]
        self.games = [self.game(r) for _ in range(2)]

    def game(self, r):
        box = []
        mode = r.randrange(5)
        other = r.choice(self.heaps) if hasattr(self, "heaps") else None

        def moves(n):
            g = box[0]
            if n == 7 and mode == 1:
                g.close()                 # refused: StateError
            if n == 5 and mode == 2:
                g.value(1)                # refused: StateError
            if n == 4 and mode == 3 and other is not None:
                other.value(n)            # another handle, maybe busy on another thread
            if n == 6 and mode == 4:
                raise ValueError("generator failed at 6")
            return [m for m in (n - 1, n - 2, n // 2) if 0 <= m < n]
        box.append(grundy.Game(moves))
        return box[0]


def check_heap_values(h, first, count):
    got = h.values(first, count)
    want = reference.get(h.name)
    if want is not None and first + count <= len(want) and got.tolist() != want[first:first + count]:
        fail("values of %s %d..%d differ" % (h.name, first, first + count))


def one_call(r, pool):
    kind = r.randrange(14)
    if kind == 0:
        h = r.choice(pool.heaps)
        check_heap_values(h, r.randrange(50), r.randrange(200))
    elif kind == 1:
        r.choice(pool.heaps).compute(r.randrange(3000))
    elif kind == 2:
        h = r.choice(pool.heaps)
        h.sum_outcome([r.randrange(12) for _ in range(r.randrange(4))], r.choice(["normal", "misere"]))
    elif kind == 3:
        h = r.choice(pool.heaps)
        h.period(r.randrange(2000))
    elif kind == 4:
        g = r.choice(pool.graphs)
        g.values(r.choice(["normal", "misere", "loopy", "wtia", "conjunctive"]))
    elif kind == 5:
        g = r.choice(pool.graphs)
        n = len(g)
        if n:
            u = g.add_node()
            g.add_move(u, r.randrange(n))
    elif kind == 6:
        g = r.choice(pool.graphs)
        g.sum_winning_moves([r.randrange(max(len(g), 1)) for _ in range(2)], "loopy")
    elif kind == 7:
        game = r.choice(pool.games)
        game.value(r.randrange(40), r.choice(["normal", "misere", "wtia"]))
    elif kind == 8:
        game = r.choice(pool.games)
        game.sum_winning_moves([r.randrange(20) for _ in range(3)])
    elif kind == 9:  # close one, and put a fresh one in its place
        group = r.choice([pool.heaps, pool.graphs, pool.games])
        i = r.randrange(len(group))
        old = group[i]
        old.close()
        if group is pool.games:
            group[i] = pool.game(r)
        elif group is pool.heaps:
            group[i] = grundy.HeapGame(r.choice(NAMES))
        else:
            group[i] = grundy.Graph.parse(r.choice(GRAPH_TEXTS))
    elif kind == 10:
        obj = r.choice(pool.heaps + pool.graphs)
        copy = pickle.loads(pickle.dumps(obj))
        copy.close()
    elif kind == 11:
        obj = r.choice(pool.heaps + pool.graphs + pool.games)
        obj.set_memory_limit(r.choice([0, 64, 4096, 1 << 20]))
    elif kind == 12:
        g = r.choice(pool.graphs)
        g.move(r.randrange(max(len(g), 1)), r.randrange(3))
    else:
        h = r.choice(pool.heaps)
        h.move(r.randrange(30), r.randrange(5))


def worker(seed, pool, deadline):
    r = random.Random(seed)
    while time.monotonic() < deadline:
        try:
            one_call(r, pool)
            passed()
        except EXPECTED:
            passed()
        except Exception as exc:  # noqa: BLE001 -- any other is a finding
            fail("%s: %r" % (type(exc).__name__, exc))
        except BaseException as exc:  # noqa: BLE001 -- one that would end a thread
            if threading.current_thread() is threading.main_thread():
                raise  # KeyboardInterrupt between two calls: main() counts it
            fail("%s in a thread: %r" % (type(exc).__name__, exc))


def interrupter(deadline, r):
    """SIGINT at random moments: the main thread's calls stop with
    KeyboardInterrupt (counted as expected) and go on."""
    while time.monotonic() < deadline:
        time.sleep(r.uniform(0.05, 0.4))
        os.kill(os.getpid(), signal.SIGINT)


def main(argv):
    seconds = float(argv[0]) if argv else 40.0
    seed = int(argv[1]) if len(argv) > 1 else int(time.time())
    print("seed %d, %.0f s, libgrundy from %s" % (seed, seconds, grundy.library_path), flush=True)
    r = random.Random(seed)
    for name in NAMES:
        with grundy.HeapGame(name, period_detection=False) as h:
            reference[name] = h.values(3200).tolist()
    pool = Pool(r)
    deadline = time.monotonic() + seconds
    threads = [threading.Thread(target=worker, args=(seed + i + 1, pool, deadline))
               for i in range(3)]
    threads.append(threading.Thread(target=interrupter, args=(deadline, random.Random(seed))))
    for t in threads:
        t.start()
    while True:  # the main thread works too, and takes the SIGINTs
        try:
            worker(seed, pool, deadline)
            break
        except KeyboardInterrupt:  # between two calls
            passed()
    for t in threads:
        while t.is_alive():
            try:
                t.join()
            except KeyboardInterrupt:
                pass
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for h in pool.heaps + pool.graphs + pool.games:
        h.close()
    print("%d passed, %d failed" % (counts["passed"], counts["failed"]))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
