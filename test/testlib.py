# SPDX-License-Identifier: MIT
"""Shared by the Python test scripts: counted checks, the closing line, running
a program, mex, and the single header's generator.  (Not a test itself:
test/run.sh runs only *_test.py.)"""
import importlib.util
import os
import subprocess
import sys

_COUNTS = {"passed": 0, "failed": 0}


def check(ok, what):
    """Counts one check; prints it if it failed.  Returns ok."""
    if ok:
        _COUNTS["passed"] += 1
    else:
        _COUNTS["failed"] += 1
        print("FAIL: " + what)
    return ok


def summary():
    """Prints the closing "N passed, N failed" line; returns the exit status."""
    print("%d passed, %d failed" % (_COUNTS["passed"], _COUNTS["failed"]))
    return 1 if _COUNTS["failed"] else 0


def run(argv, stdin=None, timeout=60):
    """Runs a program; returns (exit status, stdout, stderr), -1 if it could not run."""
    try:
        proc = subprocess.run([str(a) for a in argv], input=stdin, capture_output=True,
                              text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return -1, "", str(exc)
    return proc.returncode, proc.stdout, proc.stderr


def mex(values):
    """The least non-negative integer not in values."""
    m = 0
    while m in values:
        m += 1
    return m


def generator():
    """tools/amalgamate.py as a module."""
    sys.dont_write_bytecode = True  # no __pycache__ in tools/
    spec = importlib.util.spec_from_file_location(
        "amalgamate", os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                   "tools", "amalgamate.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_filter():
    """GRUNDY_TEST_FILTER (make check T=NAME F=PATTERN): run only the test
    cases whose name contains it; None when every case runs."""
    return os.environ.get("GRUNDY_TEST_FILTER") or None


def run_cases(cases):
    """Runs the test functions the filter selects, each guarded so that a crash
    of one is a failure of its own.  A filter that selects none is reported
    (test/run.sh fails a filter that selects no test in any suite)."""
    chosen = [t for t in cases if test_filter() is None or test_filter() in t.__name__]
    if not chosen:
        print("no test case matches GRUNDY_TEST_FILTER %r" % test_filter())
    for test in chosen:
        try:
            test()
        except Exception as exc:  # a crash of the test itself is a failure too
            check(False, "%s raised %r" % (test.__name__, exc))


def unittest_loader():
    """A unittest loader that keeps the test cases the filter selects."""
    import unittest
    loader = unittest.TestLoader()
    if test_filter() is not None:
        loader.testNamePatterns = ["*%s*" % test_filter()]
    return loader


def unittest_summary(result):
    """Prints a unittest run's closing "N passed, N failed, N skipped" line and
    returns the exit status.  A skipped case is named with its reason, so
    that none goes unseen."""
    for case, reason in result.skipped:
        print("SKIPPED: %s: %s" % (case.id(), reason))
    bad = len(result.failures) + len(result.errors)
    if result.testsRun == 0 and test_filter() is not None:
        print("no test case matches GRUNDY_TEST_FILTER %r" % test_filter())
    passed = result.testsRun - len(result.failures) - len(result.errors) - len(result.skipped)
    line = "%d passed, %d failed" % (passed, bad)
    if result.skipped:
        line += ", %d skipped" % len(result.skipped)
    print(line)
    return 1 if bad else 0
