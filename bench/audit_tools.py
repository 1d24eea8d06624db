"""Audit tools on a day of audit, each reported as a ratio to a baseline measured in the same run.

    python bench/audit_tools.py [--records N]

The file is a realistic day (tests/auditgen.py: five servers, three clients, a tenth of the records
denied, timestamps over 24 hours, a valid chain), 100,000 records by default (about 49 MB).
Baseline: reading the file and json.loads of every line, the floor of any tool that reads it.
Measured: audit-verify's chain check alone; audit summary (which also checks the chain); the HTML
report from the summary; audit tail -n 10 (reads the whole file through the filter). Results go
to stdout and to bench/results/audit_tools.json.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from auditgen import write_day  # noqa: E402

from elicitguard.proxy.audit import verify  # noqa: E402
from elicitguard.proxy.auditreport import render  # noqa: E402
from elicitguard.proxy.auditsummary import summarise  # noqa: E402
from elicitguard.proxy.cli import main  # noqa: E402


def best_of(runs: int, fn: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main_bench() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = write_day(Path(tmp) / "day.jsonl", args.records)
        size = path.stat().st_size

        def baseline() -> None:
            with open(path, "rb") as handle:
                for line in handle:
                    json.loads(line)

        def check() -> None:
            with open(path, encoding="utf-8") as handle:
                verify(handle)

        data = summarise([str(path)])

        def tail() -> None:
            with redirect_stdout(io.StringIO()):
                main(["audit", "tail", "-n", "10", "--decision", "deny", str(path)])

        base = best_of(args.runs, baseline)
        rows = [("read + json.loads (baseline)", base),
                ("audit-verify chain check", best_of(args.runs, check)),
                ("audit summary (with chain check)", best_of(args.runs, lambda: summarise([str(path)]))),
                ("audit report HTML from a summary", best_of(args.runs, lambda: render(data))),
                ("audit tail -n 10 --decision deny", best_of(args.runs, tail))]
    print(f"{args.records:,} records, {size / 1e6:.1f} MB")
    print(f"{'what':<36} {'seconds':>8} {'x baseline':>11}")
    for name, seconds in rows:
        print(f"{name:<36} {seconds:>8.3f} {seconds / base:>11.2f}")
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "audit_tools.json").write_text(json.dumps(
        {"records": args.records, "bytes": size,
         "rows": [{"what": name, "seconds": round(s, 4), "ratio": round(s / base, 3)} for name, s in rows]},
        indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main_bench()
