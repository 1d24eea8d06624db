"""The benchmark harness must not rot: its smallest configuration runs every path and fills every row.

No timing is asserted here (timing targets live in bench/, as ratios in one run); only that each
row the harness promises holds a number, so a proxy change that breaks a path breaks this test.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import ROOT, WAIT

BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))

import core_bench  # noqa: E402
import http_bench  # noqa: E402
import stdio_bench  # noqa: E402
from nginx import find_nginx  # noqa: E402
from run import TARGETS  # noqa: E402

HTTP_METRICS = ("c=1 p50", "c=1 p99", "c=16 req/s", "c=128 req/s", "CPU per request (c=16)")


def expected_rows() -> list[tuple[str, str | None, str | None, str]]:
    rows: list[tuple[str, str | None, str | None, str]] = []
    for kind in http_bench.KINDS:
        for path in ("direct", *http_bench.PROXIES):
            rows += [("http", path, kind, metric) for metric in HTTP_METRICS]
        rows.append(("http", "direct", kind, "load generator CPU per request (c=16)"))
    rows += [("http", path, "sse", "time to first event") for path in ("direct", *http_bench.PROXIES)]
    for size in stdio_bench.SIZES:
        rows += [("stdio", path, size, metric) for path in stdio_bench.PATHS
                 for metric in ("p50", "p99", "CPU per round trip")]
    rows += [("core", None, None, label) for label, *_ in core_bench.KINDS]
    rows.append(("audit", None, None, "audit line (AuditLog to a file)"))
    rows.append(("memory", "elicitguard http", None, "memory per idle session"))
    return rows


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def test_the_smallest_benchmark_run_fills_every_row_of_every_path(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    done = subprocess.run([sys.executable, str(BENCH / "run.py"), "--smoke", "--out", str(out)],
                          capture_output=True, text=True, timeout=WAIT * 6, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(out.read_text())
    rows = {(r["section"], r.get("path"), r.get("kind"), r["metric"]): r for r in result["rows"]}
    nginx_found = find_nginx() is not None
    missing, empty = [], []
    for section, path, kind, metric in expected_rows():
        matches = [r for (s, p, k, m), r in rows.items()
                   if s == section and m == metric and (path is None or p == path) and (kind is None or k == kind)]
        if not matches:
            missing.append((section, path, kind, metric))
            continue
        row = matches[0]
        if path == "nginx" and not nginx_found:
            assert row["value"] is None and "skipped" in row["note"], row
            continue
        if not is_number(row["value"]):
            empty.append((section, path, kind, metric))
            continue
        if row["unit"] == "req/s" or metric in ("c=1 p50", "c=1 p99", "p50", "p99", "time to first event") \
                or section in ("core", "audit"):
            assert row["value"] > 0, row
        # A CPU baseline can count zero clock ticks in so short a run: then there is no ratio.
        if row.get("baseline"):
            assert is_number(row["ratio"]), row
    assert not missing, f"rows the harness did not produce: {missing}"
    assert not empty, f"rows without a number: {empty}"
    assert [t["target"] for t in result["targets"]] == [t[0] for t in TARGETS]
    assert all(t["result"] in ("PASS", "MISS") for t in result["targets"]), result["targets"]
    if not nginx_found:
        assert any("nginx" in note for note in result["notes"])
    # The printed table names every path.
    for path in ("direct", *http_bench.PROXIES, *stdio_bench.PATHS):
        assert path in done.stdout
