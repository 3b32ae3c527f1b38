# SPDX-License-Identifier: MIT
"""Replays the committed fuzz corpora (fuzz/corpus/) through each fuzz
target's harness, without libFuzzer: every input that ever found a bug, or
covered something new, stays a regression test."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "build", "fuzz-replay")


def main():
    built = subprocess.run(["sh", "fuzz/build.sh", "--replay-only", OUT], cwd=ROOT,
                           capture_output=True, text=True)
    if built.returncode != 0:
        print(built.stdout[-3000:] + built.stderr[-3000:])
        print("0 passed, 1 failed")
        return 1
    replay = subprocess.run(["sh", "fuzz/replay.sh", OUT], cwd=ROOT, capture_output=True,
                            text=True)
    sys.stdout.write(replay.stdout + replay.stderr)
    return replay.returncode


if __name__ == "__main__":
    sys.exit(main())
