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
