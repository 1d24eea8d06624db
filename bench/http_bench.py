"""HTTP paths side by side: direct, nginx, the plain relay, ``elicitguard http``; JSON and SSE answers.

One raw upstream (bench/upstream.py) serves all paths. For every measurement and round, each proxy
is measured right after a direct run of its own (direct, proxy, direct, proxy, ...), so drift hits
both sides of every ratio; the reported figure is the median over the rounds, and each proxy's ratio
is against the median of the direct runs paired with it.
"""

from __future__ import annotations

import asyncio
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import loadgen
from nginx import Nginx, find_nginx
from procstat import rss_bytes, total_cpu

HERE = Path(__file__).resolve().parent
PROXIES = ("nginx", "plain relay", "elicitguard http")
KINDS = {"json": "JSON 1 KiB", "sse": "SSE (progress + 1 KiB result)"}


@dataclass
class Settings:
    rounds: int
    c1_count: int  # requests per c=1 latency run
    window: float  # seconds per throughput run
    ttfe_count: int  # SSE streams per time-to-first-event run
    sse_delay: float  # seconds between the first SSE event and the rest (time to first event)
    sessions: int  # idle sessions opened for the memory figure
    client: str  # "raw" or "wrk"


@dataclass
class Server:
    name: str
    url: str
    pids: Callable[[], list[int]]
    stop: Callable[[], None]


def _spawn(argv: list[str], pattern: str, name: str, timeout: float = 30.0) -> tuple[subprocess.Popen[bytes], str]:
    """Start a server that announces its port on stderr; keep draining stderr afterwards."""
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    found: list[str] = []
    seen: list[str] = []

    def read() -> None:
        assert proc.stderr is not None
        for raw in proc.stderr:
            line = raw.decode(errors="replace")
            if not found:
                seen.append(line)
                match = re.search(pattern, line)
                if match:
                    found.append(match.group(1))

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + timeout
    while not found:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"{name} did not start: {''.join(seen)[-600:]}")
        time.sleep(0.02)
    return proc, f"http://127.0.0.1:{found[0]}/mcp"


def _stopper(proc: subprocess.Popen[bytes]) -> Callable[[], None]:
    def stop() -> None:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)
    return stop


def start_upstream(sse_delay: float) -> tuple[Server, int]:
    proc, url = _spawn([sys.executable, str(HERE / "upstream.py"), "--sse-delay", str(sse_delay)],
                       r"listening on http://[^:]+:(\d+)", "the upstream")
    return Server("direct", url, lambda: [proc.pid], _stopper(proc)), int(url.split(":")[2].split("/")[0])


def start_elicitguard(upstream: str, config: str) -> Server:
    proc, url = _spawn([sys.executable, "-m", "elicitguard", "http", "--config", config, "--listen", "127.0.0.1:0",
                        "--upstream", upstream], r"listening on http://[^:]+:(\d+)", "elicitguard http")
    return Server("elicitguard http", url, lambda: [proc.pid], _stopper(proc))


def start_proxies(upstream: str, upstream_port: int, config: str, notes: list[str],
                  servers: dict[str, Server | None]) -> None:
    """Fill servers as each proxy starts (so the caller stops those started if a later one fails)."""
    binary = find_nginx()
    if binary is None:
        servers["nginx"] = None
        notes.append("nginx: skipped, no nginx binary found (apt-get install -y nginx-light)")
    else:
        try:
            ng = Nginx(binary, upstream_port)
            servers["nginx"] = Server("nginx", ng.url, ng.pids, ng.stop)
        except (OSError, RuntimeError) as exc:
            servers["nginx"] = None
            notes.append(f"nginx: skipped, it did not start ({exc})")
    proc, url = _spawn([sys.executable, str(HERE / "plain_relay.py"), "http", upstream],
                       r"listening on http://[^:]+:(\d+)", "the plain relay")
    servers["plain relay"] = Server("plain relay", url, lambda: [proc.pid], _stopper(proc))
    servers["elicitguard http"] = start_elicitguard(upstream, config)


# ---- one measurement --------------------------------------------------------------------------------

@dataclass
class Sample:
    value: float  # p50/p99 seconds, or requests per second
    p99: float
    cpu: float  # CPU seconds of the measured process(es) over the run
    requests: int
    client_cpu: float


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # wrk, when it is the client
    return usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime


async def _run(server: Server, tool: str, concurrency: int, settings: Settings, ttfe: bool = False) -> Sample:
    pids = server.pids()
    cpu0, own0 = total_cpu(pids), _own_cpu()
    if ttfe:
        run = await loadgen.measure(server.url, tool="sse_slow", count=settings.ttfe_count, warmup=2)
    elif settings.client == "wrk" and (wrk := loadgen.find_wrk()):
        run = await asyncio.to_thread(loadgen.run_wrk, wrk, server.url, concurrency=concurrency, tool=tool,
                                      seconds=settings.window if concurrency > 1 else max(1.0, settings.window))
    elif concurrency == 1:
        run = await loadgen.measure(server.url, tool=tool, count=settings.c1_count, warmup=20)
    else:
        run = await loadgen.measure(server.url, tool=tool, concurrency=concurrency, seconds=settings.window, warmup=3)
    cpu, own = total_cpu(pids) - cpu0, _own_cpu() - own0
    if run.statuses != {200}:
        raise RuntimeError(f"{server.name} answered HTTP {sorted(run.statuses)} to {tool} requests")
    if ttfe:
        times = sorted(run.first_events)
        if len(times) != run.completed:
            raise RuntimeError(f"{server.name}: an SSE stream ended without a complete event")
        return Sample(statistics.median(times), times[-1], cpu, run.completed, own)
    if settings.client == "wrk" and len(run.latencies) == 2:
        p50, p99 = run.latencies
    else:
        times = sorted(run.latencies)
        p50, p99 = statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.99))]
    if concurrency == 1:
        return Sample(p50, p99, cpu, run.completed, own)
    return Sample(run.in_window / run.seconds, p99, cpu, run.completed, own)


async def _sanity(server: Server, tool: str) -> None:
    """One request answered in full, with the id sent: a path that mangles answers is not measured."""
    host, port = server.url.split("/")[2].split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    try:
        body = loadgen.body_for(tool, 424242)
        writer.write(loadgen.post(server.url.split("/")[2].encode(), b"/mcp", body))
        status, _, data = await read_response(reader)
    finally:
        writer.close()
    if status != 200 or b'"id":424242' not in data or b"x" * 1024 not in data:
        raise RuntimeError(f"{server.name} did not relay a {tool} answer intact (HTTP {status}): {data[:200]!r}")


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bytes]:
    """Status, lower-cased head and body of one response (Content-Length or chunked)."""
    head = (await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)).lower()
    status = int(head[9:12])
    match = re.search(rb"\ncontent-length:\s*(\d+)", head)
    if match:
        return status, head, await reader.readexactly(int(match.group(1)))
    body = b""
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        chunk = await reader.readexactly(size + 2)
        if size == 0:
            return status, head, body
        body += chunk[:-2]


# ---- the whole HTTP section -------------------------------------------------------------------------

def _row(path: str, kind: str, metric: str, unit: str, value: float | None, baseline: float | None,
         baseline_name: str = "direct", runs: list[float] | None = None, note: str | None = None,
         higher_is_better: bool = False) -> dict[str, Any]:
    ratio = value / baseline if value is not None and baseline else None
    return {"section": "http", "path": path, "kind": kind, "metric": metric, "unit": unit, "value": value,
            "baseline_name": baseline_name, "baseline": baseline, "ratio": ratio, "runs": runs, "note": note,
            "higher_is_better": higher_is_better}


async def bench_http(settings: Settings, workdir: str, notes: list[str]) -> list[dict[str, Any]]:
    config = Path(workdir) / "elicitguard.yaml"
    # The audit log goes to a file, as in a deployment (stderr would be a pipe the harness drains).
    config.write_text(f"audit:\n  path: {Path(workdir) / 'audit.jsonl'}\n")
    direct, upstream_port = start_upstream(settings.sse_delay)
    servers: dict[str, Server | None] = {}
    rows: list[dict[str, Any]] = []
    try:
        start_proxies(direct.url, upstream_port, str(config), notes, servers)
        live = {name: s for name, s in servers.items() if s is not None}
        for server in (direct, *live.values()):
            for tool in ("json", "sse"):
                await _sanity(server, tool)
        for kind in KINDS:
            rows += await _bench_kind(kind, direct, servers, settings)
        rows += await _ttfe(direct, servers, settings)
    finally:
        for server in servers.values():
            if server is not None:
                server.stop()
        direct.stop()
    rows.append(await _idle_sessions(settings, str(config), notes))
    return rows


async def _bench_kind(kind: str, direct: Server, servers: dict[str, Server | None],
                      settings: Settings) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    metrics = (("c=1", 1), ("c=16", 16), ("c=128", 128))
    # samples[proxy][metric] = ([direct samples paired with it], [its samples])
    samples: dict[str, dict[str, tuple[list[Sample], list[Sample]]]] = {
        name: {m: ([], []) for m, _ in metrics} for name, s in servers.items() if s is not None}
    for _ in range(settings.rounds):
        for metric, concurrency in metrics:
            for name, server in servers.items():
                if server is None:
                    continue
                pair = samples[name][metric]
                pair[0].append(await _run(direct, kind, concurrency, settings))
                pair[1].append(await _run(server, kind, concurrency, settings))
    med = statistics.median
    all_direct = {m: [s for name in samples for s in samples[name][m][0]] for m, _ in metrics}
    for path in ("direct", *PROXIES):
        note = None
        if path != "direct" and servers.get(path) is None:
            note = "skipped: nginx not found" if path == "nginx" else "skipped"
            for metric in ("c=1 p50", "c=1 p99", "c=16 req/s", "c=128 req/s", "CPU per request (c=16)"):
                rows.append(_row(path, kind, metric, "us" if "req/s" not in metric else "req/s", None, None, note=note))
            continue
        if path == "direct":
            mine = {m: all_direct[m] for m, _ in metrics}
            base = mine
        else:
            mine = {m: samples[path][m][1] for m, _ in metrics}
            base = {m: samples[path][m][0] for m, _ in metrics}
        rows.append(_row(path, kind, "c=1 p50", "us", med(s.value for s in mine["c=1"]) * 1e6,
                         med(s.value for s in base["c=1"]) * 1e6, runs=[s.value * 1e6 for s in mine["c=1"]]))
        rows.append(_row(path, kind, "c=1 p99", "us", med(s.p99 for s in mine["c=1"]) * 1e6,
                         med(s.p99 for s in base["c=1"]) * 1e6, runs=[s.p99 * 1e6 for s in mine["c=1"]]))
        for metric in ("c=16", "c=128"):
            rows.append(_row(path, kind, f"{metric} req/s", "req/s", med(s.value for s in mine[metric]),
                             med(s.value for s in base[metric]), runs=[s.value for s in mine[metric]],
                             higher_is_better=True))
        # CPU per request at c=16, summed over the rounds. For direct it is the upstream's own CPU,
        # which is also the baseline of the proxies' figure ("the proxy costs Nx what the server does").
        upstream = sum(s.cpu for s in all_direct["c=16"]) / sum(s.requests for s in all_direct["c=16"]) * 1e6
        cpu = sum(s.cpu for s in mine["c=16"]) / sum(s.requests for s in mine["c=16"]) * 1e6
        rows.append(_row(path, kind, "CPU per request (c=16)", "us", cpu, upstream, baseline_name="upstream CPU"))
        for metric in ("c=1", "c=128"):
            rows[-1][f"cpu_{metric}"] = sum(s.cpu for s in mine[metric]) / sum(s.requests for s in mine[metric]) * 1e6
        if path == "direct":
            client = sum(s.client_cpu for s in all_direct["c=16"]) / sum(s.requests for s in all_direct["c=16"]) * 1e6
            rows.append(_row("direct", kind, "load generator CPU per request (c=16)", "us", client, upstream,
                             baseline_name="upstream CPU"))
    return rows


async def _ttfe(direct: Server, servers: dict[str, Server | None], settings: Settings) -> list[dict[str, Any]]:
    paired: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n, s in servers.items() if s is not None}
    for _ in range(settings.rounds):
        for name, server in servers.items():
            if server is not None:
                paired[name][0].append((await _run(direct, "sse", 1, settings, ttfe=True)).value)
                paired[name][1].append((await _run(server, "sse", 1, settings, ttfe=True)).value)
    rows = []
    med = statistics.median
    all_direct = [v for pair in paired.values() for v in pair[0]]
    rows.append(_row("direct", "sse", "time to first event", "us", med(all_direct) * 1e6, med(all_direct) * 1e6,
                     runs=[v * 1e6 for v in all_direct]))
    for name in PROXIES:
        if name not in paired:
            rows.append(_row(name, "sse", "time to first event", "us", None, None, note="skipped: nginx not found"))
            continue
        base, mine = paired[name]
        rows.append(_row(name, "sse", "time to first event", "us", med(mine) * 1e6, med(base) * 1e6,
                         runs=[v * 1e6 for v in mine]))
    return rows


async def _idle_sessions(settings: Settings, config: str, notes: list[str]) -> dict[str, Any]:
    """RSS growth of a fresh ``elicitguard http`` per session opened (initialize + initialized), then idle."""
    direct, _ = start_upstream(settings.sse_delay)
    try:
        proxy = start_elicitguard(direct.url, config)
    except RuntimeError:
        direct.stop()
        raise
    try:
        host = proxy.url.split("/")[2]
        await _open_sessions(host, max(20, settings.sessions // 10))  # warm: imports, caches, arenas
        await asyncio.sleep(0.2)
        before = rss_bytes(proxy.pids()[0])
        await _open_sessions(host, settings.sessions)
        await asyncio.sleep(0.2)
        after = rss_bytes(proxy.pids()[0])
    finally:
        proxy.stop()
        direct.stop()
    per = (after - before) / settings.sessions
    return {"section": "memory", "path": "elicitguard http", "metric": "memory per idle session", "unit": "bytes",
            "value": per, "baseline_name": None, "baseline": None, "ratio": None, "sessions": settings.sessions,
            "rss_before": before, "rss_after": after}


async def _open_sessions(host: str, count: int, connections: int = 4) -> None:
    hostname, port = host.split(":")
    numbers = iter(range(count))

    async def worker() -> None:
        reader, writer = await asyncio.open_connection(hostname, int(port))
        try:
            for n in numbers:
                body = (b'{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-06-18",'
                        b'"capabilities":{"elicitation":{"form":{},"url":{}}},'
                        b'"clientInfo":{"name":"bench-client","version":"1.0"}}}' % n)
                writer.write(loadgen.post(host.encode(), b"/mcp", body))
                status, head, _ = await read_response(reader)
                match = re.search(rb"\nmcp-session-id:\s*([^\r\n]+)", head)
                if status != 200 or not match:
                    raise RuntimeError(f"initialize through elicitguard failed (HTTP {status})")
                note = b'{"jsonrpc":"2.0","method":"notifications/initialized"}'
                writer.write(loadgen.post(host.encode(), b"/mcp", note, b"Mcp-Session-Id: %s\r\n" % match.group(1)))
                status, _, _ = await read_response(reader)
                if status != 202:
                    raise RuntimeError(f"notifications/initialized through elicitguard got HTTP {status}")
        finally:
            writer.close()

    await asyncio.gather(*(worker() for _ in range(connections)))


def workdir() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="eg-bench-")
