#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Speed figures of the Python package (bindings/python/grundy), measured,
not checked: the tests (test/python_test.py) assert what the package
answers, this prints how fast, with the target each figure had when it was
a test's assertion.  `make bench` runs it after the C suite.

  - HeapGame("0.77").values(0, 10**7) once the period is proved (target
    0.5 s: one pass of memory);
  - how soon SIGINT stops a long call with KeyboardInterrupt, in a child
    process, for each kind of call (target 0.2 s).

usage: python3 bench/python_bench.py      (after `make`)
Exit status 0, also when a target is missed; 1 if a measured call fails.
"""
import os
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE_DIR = os.path.join(ROOT, "bindings", "python")

CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import grundy
case = sys.argv[2]
if case == "heap compute":
    h = grundy.HeapGame("0.137", period_detection=False)
    call = lambda: h.compute(10 ** 6)
elif case == "misere search":
    h = grundy.HeapGame("0.07")
    call = lambda: h.sum_outcome([30, 31, 32, 33, 34], "misere")
elif case == "game value":
    h = grundy.Game(lambda n: [n - 1, n - 2] if n >= 2 else [])
    call = lambda: h.value(10 ** 7)
print("ready", flush=True)
try:
    call()
    print("finished", flush=True)
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), flush=True)
"""


def row(what, seconds, target):
    print("%-44s %8.3f s   target %5.2f s   %s"
          % (what, seconds, target, "met" if seconds <= target else "MISSED"))


def interrupt_delay(case):
    """Seconds from SIGINT to KeyboardInterrupt in a child; None if it
    finished first or did not stop within a minute."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, MODULE_DIR, case],
                            stdout=subprocess.PIPE, text=True)
    if proc.stdout.readline().strip() != "ready":
        proc.kill()
        return None
    time.sleep(0.3)
    sent = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return None
    words = out.split()
    if len(words) != 2 or words[0] != "interrupted":
        return None
    return float(words[1]) - sent


def main():
    sys.path.insert(0, MODULE_DIR)
    import grundy
    print("python bench: grundy from %s, libgrundy %s" % (MODULE_DIR, grundy.library_path))
    failed = 0
    h = grundy.HeapGame("0.77")
    h.period(1000)
    start = time.perf_counter()
    v = h.values(0, 10 ** 7)
    row("Kayles values(0, 10**7) from the period", time.perf_counter() - start, 0.5)
    if len(v) != 10 ** 7 or v[-1] != h.value(10 ** 7 - 1):
        print("MISMATCH: values(0, 10**7)")
        failed = 1
    for case in ("heap compute", "misere search", "game value"):
        delay = interrupt_delay(case)
        if delay is None:
            print("FAILED: SIGINT did not stop the %s" % case)
            failed = 1
        else:
            row("SIGINT to KeyboardInterrupt, %s" % case, delay, 0.2)
    return failed


if __name__ == "__main__":
    sys.exit(main())
