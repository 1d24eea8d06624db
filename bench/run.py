"""elicitguard benchmarks, side by side with their baselines, each figure also a ratio to a baseline
measured in the same run.

    python bench/run.py            full run (a few minutes)
    python bench/run.py --quick    CI-sized smoke run (under a minute)

Sections (bench/README.md says what each row means):
  http    direct / nginx / plain relay / elicitguard http, JSON and SSE answers: c=1 p50 and p99,
          c=16 and c=128 req/s, proxy CPU per request, SSE time to first event (medians of alternated runs)
  stdio   round trips with 1 KiB and 1 MiB results: direct / plain relay / elicitguard stdio
  core    Guard microseconds per message kind against json.loads; audit microseconds per line
  memory  RSS per idle session of elicitguard http
Prints the tables and the targets (PASS/MISS); writes bench/results/latest.json (or --out).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import core_bench  # noqa: E402
import http_bench  # noqa: E402
import loadgen  # noqa: E402
import stdio_bench  # noqa: E402
from nginx import find_nginx  # noqa: E402
from procstat import loadavg  # noqa: E402

# name: (rounds, c=1 requests, throughput window s, TTFE streams, SSE delay s, idle sessions,
#        stdio round trips 1 KiB / 1 MiB, core seconds per kind)
PROFILES: dict[str, dict[str, Any]] = {
    "full": dict(rounds=3, c1_count=2000, window=1.5, ttfe_count=30, sse_delay=0.02, sessions=2000,
                 stdio={"1 KiB": 5000, "1 MiB": 100}, core=1.0),
    "quick": dict(rounds=3, c1_count=200, window=0.2, ttfe_count=6, sse_delay=0.01, sessions=300,
                  stdio={"1 KiB": 500, "1 MiB": 12}, core=0.15),
    # The smallest configuration: every row, numbers meaningless (tests/test_bench_smoke.py).
    "smoke": dict(rounds=1, c1_count=10, window=0.05, ttfe_count=2, sse_delay=0.005, sessions=20,
                  stdio={"1 KiB": 10, "1 MiB": 2}, core=0.01),
}

# (label, section, path, kind, metric, field, op, limit): the lean-relay work is judged on these.
TARGETS = (
    ("HTTP c=1 p50, JSON", "http", "elicitguard http", "json", "c=1 p50", "ratio", "<=", 1.5),
    ("HTTP c=1 p50, SSE", "http", "elicitguard http", "sse", "c=1 p50", "ratio", "<=", 1.5),
    ("HTTP c=16 throughput, JSON", "http", "elicitguard http", "json", "c=16 req/s", "ratio", ">=", 0.65),
    ("HTTP c=16 throughput, SSE", "http", "elicitguard http", "sse", "c=16 req/s", "ratio", ">=", 0.65),
    ("proxy CPU per request (us), JSON", "http", "elicitguard http", "json", "CPU per request (c=16)", "value", "<=", 150),
    ("proxy CPU per request (us), SSE", "http", "elicitguard http", "sse", "CPU per request (c=16)", "value", "<=", 150),
    ("stdio p50, 1 KiB", "stdio", "elicitguard stdio", "1 KiB", "p50", "ratio", "<=", 2.5),
    ("unrelated request judged (us)", "core", None, None, "unrelated request (tools/call)", "value", "<", 5),
    ("unrelated result judged (us)", "core", None, None, "unrelated result (1 KiB tools/call)", "value", "<", 5),
    ("benign form judged (us)", "core", None, None, "benign form elicitation", "value", "<", 50),
    ("benign form never seen, judged (us)", "core", None, None, core_bench.UNSEEN, "value", "<", 50),
    ("credential model on a never-seen benign form (us more)", "core", None, None, core_bench.MODEL_UNSEEN, "extra_us",
     "<=", 20),
    ("credential model on a seen benign form (us more)", "core", None, None, core_bench.MODEL_SEEN, "extra_us", "<=", 2),
    ("audit line (us)", "audit", None, None, "audit line (AuditLog to a file)", "value", "<", 10),
    ("idle session (bytes)", "memory", "elicitguard http", None, "memory per idle session", "value", "<=", 4096),
)


def machine() -> dict[str, Any]:
    model = "unknown"
    with open("/proc/cpuinfo") as cpuinfo:
        for line in cpuinfo:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    nginx = find_nginx()
    nginx_version = None
    if nginx:
        done = subprocess.run([nginx, "-v"], capture_output=True, text=True, timeout=10)
        nginx_version = (done.stderr or done.stdout).strip().removeprefix("nginx version: ")
    return {"cpu": model, "nproc": len(os.sched_getaffinity(0)), "python": platform.python_version(),
            "kernel": platform.release(), "nginx": nginx_version, "wrk": loadgen.find_wrk()}


def find(rows: list[dict[str, Any]], section: str, path: str | None, kind: str | None, metric: str) -> dict[str, Any] | None:
    for row in rows:
        if (row["section"] == section and row["metric"] == metric and (path is None or row.get("path") == path)
                and (kind is None or row.get("kind") == kind)):
            return row
    return None


def judge_targets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for label, section, path, kind, metric, fld, op, limit in TARGETS:
        row = find(rows, section, path, kind, metric)
        value = row.get(fld) if row else None
        reference = find(rows, section, "nginx", kind, metric) if section == "http" else None
        ok = None if value is None else {"<=": value <= limit, ">=": value >= limit, "<": value < limit}[op]
        out.append({"target": label, "limit": f"{op} {limit}", "measured": value,
                    "nginx": reference.get(fld) if reference else None,
                    "result": "PASS" if ok else "MISS" if ok is not None else "n/a"})
    return out


# ---- printing -----------------------------------------------------------------------------------------

def _num(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "req/s":
        return f"{value:,.0f}"
    if unit == "bytes":
        return f"{value:,.0f} B"
    return f"{value:,.1f} us" if value < 1000 else f"{value / 1000:,.2f} ms"


def _cell(row: dict[str, Any] | None) -> str:
    if row is None or row["value"] is None:
        return "skipped" if row is not None else "-"
    text = _num(row["value"], row["unit"])
    if row.get("path") != "direct" and row.get("ratio") is not None:
        text += f" ({row['ratio']:.2f}x)"
    return text


def _table(title: str, header: list[str], lines: list[list[str]]) -> str:
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(header)]
    out = [title, "  ".join(h.ljust(w) for h, w in zip(header, widths)),
           "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(line, widths)) for line in lines]
    return "\n".join(out)


def render(result: dict[str, Any]) -> str:
    rows = result["rows"]
    parts = []
    ran = {row["section"] for row in rows}
    for kind, label in http_bench.KINDS.items():
        if "http" not in ran:
            break
        metrics = ["c=1 p50", "c=1 p99", "c=16 req/s", "c=128 req/s", "CPU per request (c=16)"]
        if kind == "sse":
            metrics.append("time to first event")
        lines = []
        for path in ("direct", *http_bench.PROXIES):
            lines.append([path] + [_cell(find(rows, "http", path, kind, m)) for m in metrics])
        client = find(rows, "http", "direct", kind, "load generator CPU per request (c=16)")
        title = (f"HTTP, {label}: medians of {result['settings']['rounds']} alternated runs; (ratio) to direct "
                 f"measured beside it; CPU ratio to the upstream's own. Load generator "
                 f"({result['settings']['client']}): {_num(client['value'], 'us') if client else '-'} CPU per request")
        parts.append(_table(title, ["path", *("CPU/request c=16" if m.startswith("CPU") else m for m in metrics)], lines))
    lines = []
    for path in stdio_bench.PATHS if "stdio" in ran else ():
        lines.append([path] + [_cell(find(rows, "stdio", path, size, m)) for size in stdio_bench.SIZES
                               for m in ("p50", "p99", "CPU per round trip")])
    if lines:
        parts.append(_table("stdio round trips: (ratio) to direct; CPU of the relay process, ratio to the echo server's",
                            ["path", *(f"{size} {m}" for size in stdio_bench.SIZES for m in ("p50", "p99", "CPU/trip"))],
                            lines))
    lines = [[r["metric"], r.get("outcome", ""), _num(r["value"], "us"), _num(r["baseline"], "us"), f"{r['ratio']:.1f}x"]
             for r in rows if r["section"] in ("core", "audit")]
    if lines:
        parts.append(_table("core: per message (Guard, default policy) and per audit line",
                            ["message", "verdict", "elicitguard", "baseline", "ratio"], lines))
    memory = find(rows, "memory", None, None, "memory per idle session")
    if memory:
        parts.append(f"memory: {_num(memory['value'], 'bytes')} RSS per idle elicitguard http session "
                     f"({memory['sessions']} sessions opened)")
    lines = [[t["target"], t["limit"], "-" if t["measured"] is None else f"{t['measured']:,.2f}",
              "-" if t["nginx"] is None else f"{t['nginx']:,.2f}", t["result"]] for t in result["targets"]]
    parts.append(_table("targets (ratios in one run)", ["target", "limit", "elicitguard", "nginx", ""], lines))
    m = result["machine"]
    parts.append(f"machine: {m['cpu']}, {m['nproc']} cores, Python {m['python']}, nginx {m['nginx'] or 'not found'}; "
                 f"loadavg {result['loadavg_before']} before, {result['loadavg_after']} after; "
                 f"{result['seconds']:.0f} s")
    parts += [f"note: {note}" for note in result["notes"]]
    return "\n\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="CI-sized smoke run (under a minute)")
    size.add_argument("--smoke", action="store_true", help="the smallest configuration: every row, numbers meaningless")
    parser.add_argument("--client", choices=("raw", "wrk"), default="raw",
                        help="load generator for the latency and throughput rows (default: raw, the asyncio client; "
                             "wrk when installed; time to first event always uses the raw client)")
    parser.add_argument("--only", choices=("http", "stdio", "core"), action="append",
                        help="run only these sections (repeatable)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "latest.json", help="JSON output file")
    args = parser.parse_args(argv)
    profile = "smoke" if args.smoke else "quick" if args.quick else "full"
    p = PROFILES[profile]
    if args.client == "wrk" and not loadgen.find_wrk():
        parser.error("--client wrk: no wrk binary found (apt-get install -y wrk)")
    try:
        import elicitguard  # noqa: F401
    except ImportError:
        parser.error("elicitguard is not importable: run with the project's venv python (pip install -e .)")
    sections = set(args.only or ("http", "stdio", "core"))
    settings = http_bench.Settings(rounds=p["rounds"], c1_count=p["c1_count"], window=p["window"],
                                   ttfe_count=p["ttfe_count"], sse_delay=p["sse_delay"], sessions=p["sessions"],
                                   client=args.client)
    started = time.monotonic()
    result: dict[str, Any] = {"profile": profile, "settings": {**p, "client": args.client}, "machine": machine(),
                              "loadavg_before": loadavg(), "notes": []}
    rows: list[dict[str, Any]] = []
    with http_bench.workdir() as tmp:
        if "core" in sections:
            rows += core_bench.bench_judge(p["core"])
            rows += core_bench.bench_model(p["core"])
            rows.append(core_bench.bench_audit(p["core"]))
        if "stdio" in sections:
            config = Path(tmp) / "stdio.yaml"
            config.write_text(f"audit:\n  path: {Path(tmp) / 'stdio-audit.jsonl'}\n")
            rows += stdio_bench.bench_stdio(p["stdio"], p["rounds"], str(config))
        if "http" in sections:
            rows += asyncio.run(http_bench.bench_http(settings, tmp, result["notes"]))
    result["rows"] = rows
    result["targets"] = judge_targets(rows)
    result["loadavg_after"] = loadavg()
    result["seconds"] = time.monotonic() - started
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(render(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
