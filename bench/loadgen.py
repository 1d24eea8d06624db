"""The load generator: a raw asyncio keep-alive HTTP/1.1 client, cheap enough not to be the bottleneck.

One connection per concurrent worker, one request in flight per connection (no pipelining),
Content-Length request bodies. Everything is driven from ``data_received``: a finished response
sends the next request from the callback itself, so a request costs one parse and one write, with no
coroutine, future or task per request. A response's body is read by Content-Length or chunked
coding; for SSE the time of the first complete event is also kept.

``wrk`` (when installed and asked for with ``--client wrk``) is used by :func:`run_wrk` instead for
the latency and throughput rows; time to first event always uses this client.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ACCEPT = b"application/json, text/event-stream"


def body_for(tool: str, request_id: int) -> bytes:
    return (b'{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"%s","arguments":{}}}'
            % (request_id, tool.encode()))


def post(host: bytes, path: bytes, body: bytes, extra: bytes = b"") -> bytes:
    return (b"POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: %s\r\n%s"
            b"Content-Length: %d\r\n\r\n%s" % (path, host, ACCEPT, extra, len(body), body))


class ResponseError(Exception):
    pass


@dataclass
class Run:
    """What one measurement produced."""

    latencies: list[float] = field(default_factory=list)  # seconds, of the requests completed inside the window
    completed: int = 0  # every completed request, the tail after the window included
    in_window: int = 0  # completed inside the window: the throughput is in_window / seconds
    seconds: float = 0.0
    tail: list[float] = field(default_factory=list)  # latencies of the requests completed after the window
    first_events: list[float] = field(default_factory=list)
    statuses: set[int] = field(default_factory=set)


class _Connection(asyncio.Protocol):
    """One keep-alive connection that sends a request whenever the previous response is complete."""

    def __init__(self, gen: _Load) -> None:
        self.gen = gen
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.body_start = -1  # where the current response's body starts in buf; -1 while reading the head
        self.length = -1  # Content-Length, or -1 for chunked
        self.pos = 0  # chunked: where the next chunk-size line starts
        self.event_bytes = b""  # SSE: decoded body so far, until the first event is complete
        self.sent_at = 0.0
        self.first_at = 0.0
        self.sent = 0
        self.budget: float = float("inf")  # requests this connection still sends while measuring
        self.outstanding = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def send(self) -> None:
        assert self.transport is not None
        self.sent += 1
        self.outstanding = True
        self.first_at = 0.0
        self.event_bytes = b""
        self.sent_at = time.perf_counter()
        self.transport.write(self.gen.request(self.sent))

    def data_received(self, data: bytes) -> None:
        self.buf += data
        try:
            while self._complete():
                if not self.gen.finished(self):
                    return
        except (ValueError, ResponseError) as exc:
            self.gen.fail(exc)

    def _complete(self) -> bool:
        """Whether a whole response is in buf (then it is consumed and recorded)."""
        buf = self.buf
        if self.body_start < 0:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return False
            head = bytes(buf[:end]).lower()
            self.gen.run.statuses.add(int(head[9:12]))
            at = head.find(b"\ncontent-length:")
            if at >= 0:
                stop = head.find(b"\r", at + 16)
                self.length = int(head[at + 16:stop if stop > 0 else None])
            elif re.search(rb"\ntransfer-encoding:[ \t]*chunked", head):
                self.length = -1
            else:
                raise ResponseError(f"response without Content-Length or chunked coding: {head[:200]!r}")
            self.body_start = self.pos = end + 4
        if self.length >= 0:
            end = self.body_start + self.length
            if self.gen.sse and not self.first_at and b"\n\n" in buf[self.body_start:end]:
                self.first_at = time.perf_counter()
            if len(buf) < end:
                return False
            del buf[:end]
        else:
            while True:
                line_end = buf.find(b"\r\n", self.pos)
                if line_end < 0:
                    return False
                size = int(bytes(buf[self.pos:line_end]).split(b";")[0], 16)
                if size == 0:
                    if len(buf) < line_end + 4:
                        return False
                    if buf[line_end + 2:line_end + 4] != b"\r\n":
                        raise ResponseError("trailers are not expected from these peers")
                    del buf[:line_end + 4]
                    break
                if len(buf) < line_end + 4 + size:
                    return False
                if self.gen.sse and not self.first_at:
                    self.event_bytes += buf[line_end + 2:line_end + 2 + size]
                    if b"\n\n" in self.event_bytes:
                        self.first_at = time.perf_counter()
                self.pos = line_end + 4 + size
        self.body_start = -1
        self.outstanding = False
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if self.outstanding:
            self.gen.fail(ResponseError("the server closed a connection with a request outstanding"))


class _Load:
    """Shared state of one measurement: how requests are made and when to stop."""

    def __init__(self, url: str, tool: str, warmup: int, sse: bool, extra_headers: bytes = b"") -> None:
        parts = urlsplit(url)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        host = parts.netloc.encode()
        path = (parts.path or "/").encode() + (b"?" + parts.query.encode() if parts.query else b"")
        self.host, self.path, self.tool, self.extra = host, path, tool, extra_headers
        self.warmup, self.sse = warmup, sse
        self.run = Run()
        self.started = 0.0
        self.deadline = float("inf")
        self.measuring = False
        self.waiting = 0  # connections still running
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.warm: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.warm_left = 0

    def request(self, number: int) -> bytes:
        return post(self.host, self.path, body_for(self.tool, number), self.extra)

    def finished(self, conn: _Connection) -> bool:
        """Record conn's response; send its next request. False when conn stops."""
        now = time.perf_counter()
        if not self.measuring:
            if conn.sent < self.warmup:
                conn.send()
                return True
            self.warm_left -= 1
            if self.warm_left == 0 and not self.warm.done():
                self.warm.set_result(None)
            return False
        run = self.run
        run.completed += 1
        if now <= self.deadline:
            run.in_window += 1
            run.latencies.append(now - conn.sent_at)
            if conn.first_at:
                run.first_events.append(conn.first_at - conn.sent_at)
        else:
            run.tail.append(now - conn.sent_at)
        conn.budget -= 1
        if conn.budget <= 0 or now >= self.deadline:
            self.stop_one()
            return False
        conn.send()
        return True

    def stop_one(self) -> None:
        self.waiting -= 1
        if self.waiting == 0 and not self.done.done():
            self.done.set_result(None)

    def fail(self, exc: Exception) -> None:
        for future in (self.warm, self.done):
            if not future.done():
                future.set_exception(exc)


async def measure(url: str, *, concurrency: int = 1, tool: str = "json", count: int | None = None,
                  seconds: float | None = None, warmup: int = 3, extra_headers: bytes = b"",
                  timeout: float = 60.0) -> Run:
    """Run ``count`` requests (spread over the connections) or as many as fit in ``seconds``."""
    loop = asyncio.get_running_loop()
    gen = _Load(url, tool, warmup, tool.startswith("sse"), extra_headers)
    conns: list[_Connection] = []
    try:
        for _ in range(concurrency):
            _, conn = await asyncio.wait_for(loop.create_connection(lambda: _Connection(gen), *gen.address), timeout)
            conns.append(conn)
        if warmup:
            gen.warm_left = len(conns)
            for conn in conns:
                conn.send()
            await asyncio.wait_for(gen.warm, timeout)
        if count is not None:
            # Each connection gets its share of the count; the rest go to the first ones.
            for i, conn in enumerate(conns):
                conn.budget = count // len(conns) + (1 if i < count % len(conns) else 0)
        active = [conn for conn in conns if conn.budget > 0]
        gen.waiting = len(active)
        gen.measuring = True
        gen.started = time.perf_counter()
        if seconds is not None:
            gen.deadline = gen.started + seconds
        for conn in active:
            conn.send()
        await asyncio.wait_for(gen.done, timeout + (seconds or 0))
        end = time.perf_counter()
        run = gen.run
        run.seconds = (min(end, gen.deadline) if seconds is not None else end) - gen.started
        if not run.in_window:  # a window shorter than one response (the smallest configurations)
            run.in_window, run.seconds, run.latencies = run.completed, end - gen.started, run.tail
    finally:
        for conn in conns:
            conn.outstanding = False
            if conn.transport is not None:
                conn.transport.close()
    return gen.run


# ---- wrk ------------------------------------------------------------------------------------------

_WRK_SCRIPT = """wrk.method = "POST"
wrk.body = '%s'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
"""
_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}


def find_wrk() -> str | None:
    return shutil.which("wrk")


def run_wrk(wrk: str, url: str, *, concurrency: int, tool: str, seconds: float) -> Run:
    """Latency percentiles and throughput from wrk (one thread: the machine has two cores)."""
    with tempfile.TemporaryDirectory(prefix="eg-wrk-") as tmp:
        script = Path(tmp) / "post.lua"
        script.write_text(_WRK_SCRIPT % body_for(tool, 1).decode())
        out = subprocess.run([wrk, "-t1", f"-c{concurrency}", f"-d{max(1, round(seconds))}s", "--latency",
                              "-s", str(script), url], capture_output=True, text=True, timeout=seconds + 60,
                             check=True).stdout
    run = Run()
    rate = re.search(r"Requests/sec:\s*([\d.]+)", out)
    total = re.search(r"(\d+) requests in ([\d.]+)(\w+)", out)
    if not rate or not total:
        raise ResponseError(f"cannot read wrk's output: {out[:400]!r}")
    run.completed = run.in_window = int(total.group(1))
    run.seconds = run.completed / float(rate.group(1))
    if "Non-2xx" in out:
        run.statuses.add(500)
    else:
        run.statuses.add(200)
    for pct, value, unit in re.findall(r"^\s*(50|99)%\s+([\d.]+)(us|ms|s|m)\s*$", out, re.M):
        run.latencies.append(float(value) * _UNITS[unit])  # [p50, p99]
    return run
