"""stdio round trips: direct to the echo server, through the plain relay, through ``elicitguard stdio``.

Each path is one long-lived process chain; the rounds alternate between them (direct, relay,
elicitguard, direct, ...) so drift hits all three. The client side is plain blocking pipe I/O (one
write, one readline per round trip): the cheapest a Python client gets, and the same for every path.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from procstat import cpu_seconds

HERE = Path(__file__).resolve().parent
SIZES = {"1 KiB": 1024, "1 MiB": 1 << 20}
PATHS = ("direct", "plain relay", "elicitguard stdio")


def commands(size: int, config: str) -> dict[str, list[str]]:
    echo = [sys.executable, str(HERE / "echo_server.py"), str(size)]
    return {
        "direct": echo,
        "plain relay": [sys.executable, str(HERE / "plain_relay.py"), "stdio", "--", *echo],
        "elicitguard stdio": [sys.executable, "-m", "elicitguard", "stdio", "--config", config, "--", *echo],
    }


class _Chain:
    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next_id = 0

    def round_trips(self, n: int) -> list[float]:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        times = []
        for _ in range(n):
            self.next_id += 1
            line = b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{}}}\n' % self.next_id
            start = time.perf_counter()
            stdin.write(line)
            stdin.flush()
            reply = stdout.readline()
            times.append(time.perf_counter() - start)
            if not reply.endswith(b"}\n"):
                raise RuntimeError(f"stdio path answered {reply[:200]!r}")
        return times

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)
        if self.proc.stdout:
            self.proc.stdout.close()


def bench_stdio(counts: dict[str, int], rounds: int, config: str, timeout: float = 300.0) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for label, size in SIZES.items():
        n = counts[label]
        chains = {name: _Chain(argv) for name, argv in commands(size, config).items()}
        # Nothing may hang the harness: a stuck path is killed, which fails its readline.
        watchdog = threading.Timer(timeout, lambda: [c.proc.kill() for c in chains.values()])
        watchdog.start()
        try:
            for chain in chains.values():
                chain.round_trips(max(3, n // 10))  # warm-up: imports done, pipes and caches warm
            p50s: dict[str, list[float]] = {name: [] for name in chains}
            p99s: dict[str, list[float]] = {name: [] for name in chains}
            cpu: dict[str, float] = dict.fromkeys(chains, 0.0)
            for _ in range(rounds):
                for name, chain in chains.items():
                    before = cpu_seconds(chain.proc.pid)
                    times = sorted(chain.round_trips(n))
                    cpu[name] += cpu_seconds(chain.proc.pid) - before
                    p50s[name].append(statistics.median(times))
                    p99s[name].append(times[min(len(times) - 1, int(len(times) * 0.99))])
        finally:
            watchdog.cancel()
            for chain in chains.values():
                chain.close()
        base50, base99 = statistics.median(p50s["direct"]), statistics.median(p99s["direct"])
        for name in chains:
            p50, p99 = statistics.median(p50s[name]), statistics.median(p99s[name])
            per_trip = cpu[name] / (n * rounds)
            rows.append({"section": "stdio", "path": name, "kind": label, "metric": "p50", "unit": "us",
                         "value": p50 * 1e6, "baseline_name": "direct", "baseline": base50 * 1e6, "ratio": p50 / base50,
                         "runs": [x * 1e6 for x in p50s[name]]})
            rows.append({"section": "stdio", "path": name, "kind": label, "metric": "p99", "unit": "us",
                         "value": p99 * 1e6, "baseline_name": "direct", "baseline": base99 * 1e6, "ratio": p99 / base99})
            # For direct this is the echo server's own CPU: the baseline the proxies' CPU is compared to.
            rows.append({"section": "stdio", "path": name, "kind": label, "metric": "CPU per round trip", "unit": "us",
                         "value": per_trip * 1e6, "baseline_name": "echo server CPU",
                         "baseline": cpu["direct"] / (n * rounds) * 1e6,
                         "ratio": per_trip / (cpu["direct"] / (n * rounds)) if cpu["direct"] else None})
    return rows
