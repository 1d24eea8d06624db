"""Run the soak and print its figures; exit 1 on any loss, duplicate, reorder, mismatch, leak or growth.

    python -m tests.soak.run                                   # the full soak (defaults below)
    python -m tests.soak.run --stdio-messages 20000 --http-sessions 200 --sdk-calls 20    # CI-sized

Phases run one after another, each against a fresh proxy process: stdio, HTTP, then the real SDK.
A phase with a count of 0 is skipped. ``--json FILE`` also writes every figure as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from . import http_phase, sdk_phase, stdio_phase
from .rss import loadavg
from .tally import FAILURES


def _log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    log = None if args.quiet else _log
    max_large = int(args.max_large_mib * 2**20)
    phases: list[dict[str, Any]] = []
    out: dict[str, Any] = {"seed": args.seed, "python": platform.python_version(), "started": time.time(),
                           "load_before": loadavg(), "phases": phases}
    if args.stdio_messages:
        before = loadavg()
        phase = await stdio_phase.run(args.stdio_messages, args.seed, args.window, args.stall, args.on_deny, max_large,
                                      log=log, wrap=shlex.split(args.stdio_wrap) if args.stdio_wrap else None)
        phases.append({**phase, "load_before": before, "load_after": loadavg()})
    if args.http_sessions:
        before = loadavg()
        phase = await http_phase.run(args.http_sessions, args.seed, args.concurrency, args.stall, max_large, log=log)
        phases.append({**phase, "load_before": before, "load_after": loadavg()})
    if args.sdk_calls:
        before = loadavg()
        phase = await sdk_phase.run(args.sdk_calls, args.stall * 4)
        phases.append({**phase, "load_before": before, "load_after": loadavg()})
    out["load_after"] = loadavg()
    out["ok"] = all(p["ok"] for p in phases)
    return out


def _rss_line(rss: dict[str, Any]) -> str:
    if not rss.get("samples"):
        return "  RSS: no samples"
    return (f"  RSS start {rss['start_mib']:.1f} MiB, peak {rss['peak_mib']:.1f}, end {rss['end_mib']:.1f}; "
            "second half: "
            f"slope {rss['second_half_slope_mib_per_min']:+.2f} MiB/min ({rss['second_half_growth_mib']:+.1f} MiB), "
            f"level {rss['second_half_level_growth_mib']:+.1f} MiB (bound {rss['bound_mib']:.0f}): "
            f"{'flat' if rss['flat'] else 'GROWING'} ({rss['samples']} samples)")


def summary(result: dict[str, Any]) -> str:
    lines = [f"elicitguard soak, seed {result['seed']}, Python {result['python']}; load average "
             f"{' '.join(f'{x:.2f}' for x in result['load_before'])} before, "
             f"{' '.join(f'{x:.2f}' for x in result['load_after'])} after"]
    for p in result["phases"]:
        counts = p["failures"]["counts"]
        if p["phase"] == "stdio":
            lines.append(f"stdio: {p['peer_messages']:,} messages ({p['exchanges']:,} exchanges, "
                         f"window {p['window']}) in "
                         f"{p['duration_s']:.1f} s: {p['messages_per_s']:,.0f} msg/s, {p['mib_per_s']:.1f} MiB/s; "
                         f"proxy CPU {p['proxy_cpu_s']:.0f} s")
            lines.append(_rss_line(p["rss"]))
            lines.append(f"  the proxy answered {p['proxy_answers_to_server'] or 0:,} server requests itself, "
                         "each once; "
                         f"{p['expected']['withheld']:,} answers holding a secret withheld "
                         f"({p['notices_to_client']:,} notices)")
        elif p["phase"] == "http":
            lines.append(f"http: {p['sessions']:,} sessions ({p['exchanges']:,} exchanges, {p['http_requests']:,} "
                         f"requests, {p['concurrency']} at a time) in {p['duration_s']:.1f} s: "
                         f"{p['sessions_per_s']:,.0f} sessions/s, {p['requests_per_s']:,.0f} req/s, "
                         f"{p['mib_per_s']:.1f} MiB/s; proxy CPU {p['proxy_cpu_s']:.0f} s")
            lines.append(_rss_line(p["rss"]))
            lines.append(f"  the proxy answered {p['upstream']['proxy_answers']:,} upstream requests itself, each once")
        else:
            lines.append(f"sdk: {p['calls']:,} mcp SDK tool calls (both eras) in {p['duration_s']:.1f} s")
        if p.get("audit"):
            a = p["audit"]
            lines.append(f"  audit: {a['lines']:,} lines, {a['events'].get('elicitation.denied:deny', 0):,} denials, "
                         f"chain {'intact' if a['chain_intact'] else 'BROKEN'}")
        lines.append("  " + ", ".join(f"{k} {counts[k]}" for k in FAILURES))
        for what, shown in p["failures"]["examples"].items():
            for example in shown:
                lines.append(f"    {what}: {example}")
        for problem in p["problems"]:
            lines.append(f"  PROBLEM: {problem}")
    lines.append("PASS" if result["ok"] else "FAIL")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.soak.run", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--stdio-messages", type=int, default=1_000_000,
                        help="JSON-RPC messages the two stdio peers write in all (default 1,000,000)")
    parser.add_argument("--http-sessions", type=int, default=10_000, help="HTTP sessions (default 10,000)")
    parser.add_argument("--sdk-calls", type=int, default=200,
                        help="tool calls by the real mcp SDK client (default 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--window", type=int, default=64, help="stdio exchanges in flight at once (default 64)")
    parser.add_argument("--concurrency", type=int, default=32, help="HTTP sessions at once (default 32)")
    parser.add_argument("--max-large-mib", type=float, default=4.0, help="largest result, MiB (default 4)")
    parser.add_argument("--on-deny", choices=("error", "decline"), default="error",
                        help="the stdio proxy's on_deny (HTTP runs both routes)")
    parser.add_argument("--stall", type=float, default=120.0,
                        help="seconds without progress before a run is declared stuck (default 120)")
    parser.add_argument("--stdio-wrap", help="a command to start the stdio proxy under (the soak's own tests use a "
                                              "faulty relay, python -m tests.soak.faulty, to prove the checks fail)")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    result = asyncio.run(soak(args))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    print(summary(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
