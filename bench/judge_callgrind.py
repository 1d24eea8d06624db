"""Instructions per call of the form judge, counted by valgrind (callgrind), which the load of a
shared machine cannot move as it moves wall-clock time.

    python bench/judge_callgrind.py [--calls 600] [--compiled] [ROW ...]

Rows (see bench/judge.py): ``fresh`` a benign form whose texts were never seen (a new number in
its message, field name and title), ``fresh-rules`` the same with the credential model off,
``cold`` the benign form with every text cache cleared before each call. Each row runs the same
process twice, once judging 0 forms after the warm-up and once ``--calls`` forms, under
``PYTHONHASHSEED=0``; the difference over ``--calls`` is the figure.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROWS = ("fresh", "fresh-rules", "cold")


def _row(name: str) -> Callable[[], object]:
    sys.path.insert(0, str(ROOT))
    from bench.judge import BENIGN, cold, fresh_forms
    from elicitguard.policies.config import Config, load_config_text

    if name == "fresh":
        return fresh_forms()
    if name == "cold":
        return cold(BENIGN, Config().policy)
    return fresh_forms(load_config_text("policy:\n  form:\n    classifier: false\n").policy)


def _inner(name: str, calls: int) -> None:
    judge = _row(name)
    for _ in range(300):
        judge()
    for _ in range(calls):
        judge()


def _count(name: str, calls: int) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                           __file__, "--inner", name, "--calls", str(calls)],
                          env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"valgrind printed no count for {name}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rows", nargs="*", metavar="ROW", help=f"any of {', '.join(ROWS)} (default: all)")
    parser.add_argument("--calls", type=int, default=600)
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("--compiled", action="store_true",
                        help="count the judges compiled as pip install . compiles them (bench/compiled.py)")
    args = parser.parse_args()
    if args.compiled:
        sys.path.insert(0, str(ROOT))
        from bench.compiled import rerun_compiled
        raise SystemExit(rerun_compiled("judge_callgrind.py", [a for a in sys.argv[1:] if a != "--compiled"]))
    if args.inner:
        _inner(args.inner, args.calls)
        return
    unknown = [r for r in args.rows if r not in ROWS]
    if unknown:
        parser.error(f"unknown row {unknown[0]!r}: choose from {', '.join(ROWS)}")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed")
    for name in args.rows or ROWS:
        per_call = (_count(name, args.calls) - _count(name, 0)) / args.calls
        print(f"{name:<12} {per_call / 1000:8.0f}k instructions per call")


if __name__ == "__main__":
    main()
