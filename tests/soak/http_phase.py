"""The HTTP soak: ``python -m elicitguard http`` between a raw asyncio client and the soak upstream.

``concurrency`` workers each run sessions one after another until ``sessions`` have run: a 2025-era
session initializes, runs its exchanges (JSON bodies and SSE streams; the client answers server
requests on a second connection while the stream waits) and is deleted; a 2026-07-28 one is a run of
stateless requests. Two routes: ``/mcp`` (on_deny: error) and ``/decline/mcp`` (servers.decline,
on_deny: decline). Each worker is its own client (its own Authorization), as in a shared sidecar.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import common, plan, wire
from .flows import Build, client_slots, key_of, request, stray_kind, verify
from .rss import Sampler, cpu_seconds
from .tally import Tally


WARMUP_SESSIONS = 1


class HttpError(Exception):
    pass


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes = b""
    sse: bool = False


class Conn:
    """One keep-alive HTTP/1.1 connection (asyncio streams), one request at a time."""

    def __init__(self, port: int, timeout: float, counts: dict[str, int]) -> None:
        self.port = port
        self.timeout = timeout
        self.counts = counts
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _open(self) -> None:
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port, limit=1 << 20)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def send(self, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Response:
        async with asyncio.timeout(self.timeout):
            await self._open()
            assert self.reader is not None and self.writer is not None
            head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
            head += f"Content-Length: {len(body)}\r\n\r\n"
            self.writer.write(head.encode() + body)
            self.counts["bytes_out"] += len(head) + len(body)
            self.counts["requests"] += 1
            raw = await self.reader.readuntil(b"\r\n\r\n")
            self.counts["bytes_in"] += len(raw)
            lines = raw.decode("latin-1").split("\r\n")
            status = int(lines[0].split(" ", 2)[1])
            resp_headers: dict[str, str] = {}
            for line in lines[1:]:
                if line:
                    name, _, value = line.partition(":")
                    if name.strip().lower() in resp_headers:
                        raise HttpError(f"duplicate response header {name}")
                    resp_headers[name.strip().lower()] = value.strip()
            chunked = resp_headers.get("transfer-encoding", "").lower() == "chunked"
            if chunked and resp_headers.get("content-type", "").startswith("text/event-stream"):
                return Response(status, resp_headers, sse=True)
            if chunked:
                body_in = b"".join([c async for c in self._chunks()])
            else:
                body_in = await self.reader.readexactly(int(resp_headers.get("content-length", "0")))
            self.counts["bytes_in"] += len(body_in)
            return Response(status, resp_headers, body_in)

    async def _chunks(self) -> AsyncIterator[bytes]:
        assert self.reader is not None
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            data = await self.reader.readexactly(size + 2)
            self.counts["bytes_in"] += size + 2
            if size == 0:
                return
            yield data[:-2]

    async def events(self) -> AsyncIterator[bytes]:
        """The data of each SSE event of the response being read, as it completes."""
        buf = bytearray()
        data: list[bytes] = []
        chunks = self._chunks()
        while True:
            async with asyncio.timeout(self.timeout):
                chunk = await anext(chunks, None)
            if chunk is None:
                if buf.strip() or data:
                    raise HttpError(f"stream ended inside an event: {bytes(buf[:200])!r}")
                return
            buf += chunk
            while (end := buf.find(b"\n")) != -1:
                line = bytes(buf[:end]).removesuffix(b"\r")
                del buf[:end + 1]
                if not line:
                    if data:
                        yield b"\n".join(data)
                    data = []
                elif line.startswith(b"data:"):
                    value = line[5:]
                    data.append(value[1:] if value.startswith(b" ") else value)


@dataclass
class Worker:
    index: int
    port: int
    seed: int
    timeout: float
    max_large: int
    tally: Tally
    counts: dict[str, int]
    expect: dict[str, int]
    by_kind: dict[str, int]
    conn: Conn = field(init=False)
    side: Conn = field(init=False)

    def __post_init__(self) -> None:
        self.conn = Conn(self.port, self.timeout, self.counts)
        self.side = Conn(self.port, self.timeout, self.counts)

    def headers(self, sid: str | None, version: str | None) -> dict[str, str]:
        out = {"Host": f"127.0.0.1:{self.port}", "Authorization": f"Bearer soak-worker-{self.index}",
               "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               "X-Soak-Client": str(self.index)}
        if sid is not None:
            out["Mcp-Session-Id"] = sid
        if version is not None:
            out["MCP-Protocol-Version"] = version
        return out

    async def session(self, index: int) -> None:
        await self.run_session(plan.http_session(self.seed, index, self.max_large))

    async def run_session(self, sp: plan.HttpSession) -> None:
        index = sp.index
        path = "/decline/mcp" if sp.route else "/mcp"
        label = f"session {index} ({sp.era}{', form only' if sp.form_only else ''}{', decline' if sp.route else ''})"
        try:
            sid: str | None = None
            if sp.era == wire.V2025:
                resp = await self.conn.send("POST", path, self.headers(None, None),
                                            wire.initialize(0, {} if sp.form_only else wire.BOTH_MODES))
                self.counts["messages_out"] += 1
                sid = resp.headers.get("mcp-session-id")
                if resp.status != 200 or resp.sse or sid is None or resp.body != wire.init_result(0):
                    self.tally.fail("mismatched", f"{label}: initialize got {resp.status} {resp.body[:200]!r}")
                    return
                self.counts["messages_in"] += 1
                resp = await self.conn.send("POST", path, self.headers(sid, wire.V2025), wire.initialized())
                self.counts["messages_out"] += 1
                if resp.status != 202:
                    self.tally.fail("mismatched", f"{label}: initialized got {resp.status}")
            else:
                resp = await self.conn.send("POST", path, self.headers(None, wire.V2026), wire.discover(0))
                self.counts["messages_out"] += 1
                if resp.status != 200 or resp.body != wire.discover_result(0):
                    self.tally.fail("mismatched", f"{label}: server/discover got {resp.status} {resp.body[:200]!r}")
                self.counts["messages_in"] += 1
            for x in sp.exchanges:
                await self.exchange(x, path, sid, label)
            if sid is not None and sp.abandon:
                self.counts["abandoned"] += 1
            elif sid is not None:
                resp = await self.conn.send("DELETE", path, self.headers(sid, wire.V2025))
                if resp.status != 200:
                    self.tally.fail("mismatched", f"{label}: DELETE got {resp.status}")
            self.counts["sessions"] += 1
        except (TimeoutError, HttpError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
            self.tally.fail("lost", f"{label}: {type(exc).__name__} {exc}"[:300])
            self.conn.close()
            self.side.close()

    async def exchange(self, x: plan.Exchange, path: str, sid: str | None, label: str) -> None:
        e = self.expect
        e["exchanges"] += 1
        e["denials"] += x.expected_denials()
        e["withheld"] += x.expected_withheld()
        e["proxy_answers"] += 1 if x.kind in plan.PROXY_ANSWERS or x.kind == plan.FORM_SECRET else 0
        self.by_kind[x.kind] = self.by_kind.get(x.kind, 0) + 1
        slots = client_slots(x)
        pos = 0
        posts: list[Build] = [request(x)]
        version = x.era
        where = f"{label}, exchange {x.n} ({x.kind})"
        while posts:
            body = posts.pop(0)(None)
            resp = await self.conn.send("POST", path, self.headers(sid, version), body)
            self.counts["messages_out"] += 1
            if resp.status != 200:
                self.tally.fail("mismatched", f"{where}: HTTP {resp.status} {resp.body[:200]!r}")
                self.conn.close()
                return
            messages = self.conn.events() if resp.sse else _one(resp.body)
            async for raw in messages:
                self.counts["messages_in"] += 1
                obj = wire.loads(raw)
                key = key_of(obj)
                index = next((i for i, s in enumerate(slots) if s.key == key), None)
                if index is None or index < pos:
                    what = "duplicated" if index is not None else stray_kind(key, x)
                    self.tally.fail(what, f"{where}: {raw[:200]!r}")
                    continue
                if index > pos:
                    self.tally.fail("reordered", f"{where}: {key} before {slots[pos].key}")
                slot = slots[index]
                pos = index + 1
                problem = verify(slot, raw, obj)
                if problem:
                    self.tally.fail("mismatched", f"{where}: {key}: {problem}")
                for build in slot.answers:
                    # Answered at once, on the other connection: the stream waits for it.
                    answer = await self.side.send("POST", path, self.headers(sid, version), build(None))
                    self.counts["messages_out"] += 1
                    if answer.status != 202:
                        self.tally.fail("mismatched", f"{where}: answer got HTTP {answer.status} {answer.body[:200]!r}")
                posts.extend(slot.retries)
        if pos < len(slots):
            self.tally.fail("lost", f"{where}: never got {slots[pos].key}")


async def _one(body: bytes) -> AsyncIterator[bytes]:
    yield body


_LISTENING = re.compile(rb"listening on (?:http://[^ ]+:)?(\d+)")


async def _read_port(stream: asyncio.StreamReader, timeout: float) -> int:
    """The port from a process's "listening on ..." line."""
    async with asyncio.timeout(timeout):
        while line := await stream.readline():
            if match := _LISTENING.search(line):
                return int(match.group(1))
    raise HttpError("the process ended before it said where it listens")


async def _stop(proc: asyncio.subprocess.Process, timeout: float) -> int | None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    try:
        async with asyncio.timeout(timeout):
            return await proc.wait()
    except TimeoutError:
        proc.kill()
        await proc.wait()
        return None


async def _upstream_stats(port: int, timeout: float) -> dict[str, Any]:
    conn = Conn(port, timeout, {"bytes_in": 0, "bytes_out": 0, "requests": 0})
    try:
        resp = await conn.send("GET", "/_soak/stats", {"Host": f"127.0.0.1:{port}"})
        result: dict[str, Any] = json.loads(resp.body)
        return result
    finally:
        conn.close()


async def run(sessions: int, seed: int, concurrency: int, timeout: float, max_large: int,
              log: Any = None) -> dict[str, Any]:
    """Soak ``elicitguard http``; returns the figures and every failure found."""
    with tempfile.TemporaryDirectory(prefix="soak-http-") as tmp:
        tmpdir = Path(tmp)
        env = common.env()
        upstream = await asyncio.create_subprocess_exec(*common.module("http_upstream"), stdout=subprocess.PIPE,
                                                        env=env)
        assert upstream.stdout is not None
        up_port = await _read_port(upstream.stdout, timeout)
        upstream_url = f"http://127.0.0.1:{up_port}/mcp"
        audit_path = tmpdir / "audit.jsonl"
        config = common.write_config(tmpdir / "config.yaml", audit_path, extra=(
            f"servers:\n  decline:\n    upstream: {json.dumps(upstream_url)}\n    on_deny: decline\n"))
        proxy = await asyncio.create_subprocess_exec(
            *common.proxy("http", "--config", str(config), "--listen", "127.0.0.1:0", "--upstream", upstream_url),
            stderr=subprocess.PIPE, env=env)
        assert proxy.stderr is not None
        stderr_lines: list[bytes] = []
        try:
            port = await _read_port(proxy.stderr, timeout)
            drain = asyncio.create_task(_collect(proxy.stderr, stderr_lines))
            tally = Tally()
            counts = {"bytes_in": 0, "bytes_out": 0, "requests": 0, "messages_in": 0, "messages_out": 0, "sessions": 0,
                      "abandoned": 0}
            expect = {"exchanges": 0, "denials": 0, "withheld": 0, "proxy_answers": 0}
            by_kind: dict[str, int] = {}
            next_index = iter(range(sessions))
            sampler = Sampler(proxy.pid)
            workers = [Worker(i, port, seed, timeout, max_large, tally, counts, expect, by_kind)
                       for i in range(concurrency)]
            started = time.monotonic()
            # One session of every kind, the largest messages included, before memory is measured.
            await workers[0].run_session(plan.warmup_http_session(sessions, max_large))
            sampler.start()

            async def work(w: Worker) -> None:
                for index in next_index:
                    await w.session(index)

            async def report() -> None:
                while True:
                    await asyncio.sleep(10)  # a progress line, not synchronisation
                    rss = sampler.samples[-1][1] / 2**20 if sampler.samples else 0.0
                    log(f"http: {time.monotonic() - started:6.0f} s  {counts['sessions']:>6} sessions  "
                        f"{counts['requests']:>8} requests  RSS {rss:.1f} MiB")

            reporter = asyncio.create_task(report()) if log is not None else None
            try:
                await asyncio.gather(*(work(w) for w in workers))
            finally:
                if reporter is not None:
                    reporter.cancel()
                duration = time.monotonic() - started
                sampler.stop()
                cpu = cpu_seconds(proxy.pid)
                for w in workers:
                    w.conn.close()
                    w.side.close()
            server = await _upstream_stats(up_port, timeout)
        finally:
            code = await _stop(proxy, timeout)
            await _stop(upstream, timeout)
        await asyncio.wait_for(drain, timeout)
        audit = common.audit_counts(audit_path, timeout=600) if audit_path.exists() else None
        stderr_text = b"".join(stderr_lines).decode(errors="replace")
        return _report(sessions, concurrency, tally, counts, expect, by_kind, server, audit, duration, sampler, code,
                       stderr_text, cpu)


async def _collect(stream: asyncio.StreamReader, into: list[bytes]) -> None:
    while line := await stream.readline():
        into.append(line)


def _report(target: int, concurrency: int, tally: Tally, counts: dict[str, int], expect: dict[str, int],
            by_kind: dict[str, int], server: dict[str, Any], audit: dict[str, Any] | None, duration: float,
            sampler: Sampler, code: int | None, stderr_text: str, cpu: float) -> dict[str, Any]:
    problems: list[str] = []
    tally.merge(server["tally"])
    if counts["sessions"] != target + WARMUP_SESSIONS:
        tally.fail("lost", f"{target + WARMUP_SESSIONS - counts['sessions']} of {target} sessions (and the warm-up) "
                           "did not complete")
    if server["proxy_answers"] != expect["proxy_answers"]:
        tally.fail("lost" if server["proxy_answers"] < expect["proxy_answers"] else "duplicated",
                   f"upstream got {server['proxy_answers']} answers from the proxy, expected {expect['proxy_answers']}")
    if server["open_sessions"] != counts["abandoned"]:
        problems.append(f"{server['open_sessions']} sessions open upstream at the end, but the client abandoned "
                        f"{counts['abandoned']} (the others were deleted through the proxy)")
    if code not in (0, None):
        problems.append(f"the proxy exited with status {code}")
    if audit is None:
        problems.append("no audit log")
    else:
        problems += common.audit_problems(audit, expect["denials"], expect["withheld"])
    if "Traceback" in stderr_text:
        problems.append("a traceback on the proxy's stderr: " + stderr_text[stderr_text.index("Traceback"):][:600])
    rss = sampler.report()
    if not rss.get("flat"):
        problems.append(f"RSS not flat: {rss}")
    messages = counts["messages_in"] + counts["messages_out"]
    return {
        "phase": "http",
        "target_sessions": target,
        "concurrency": concurrency,
        "sessions": counts["sessions"] - WARMUP_SESSIONS,
        "warmup_sessions": WARMUP_SESSIONS,
        "abandoned_sessions": counts["abandoned"],
        "exchanges": expect["exchanges"],
        "by_kind": dict(sorted(by_kind.items())),
        "http_requests": counts["requests"],
        "client_messages": counts["messages_out"],
        "messages_read_by_client": counts["messages_in"],
        "upstream": {k: v for k, v in server.items() if k != "tally"},
        "expected": expect,
        "bytes_to_proxy": counts["bytes_out"],
        "bytes_from_proxy": counts["bytes_in"],
        "duration_s": duration,
        "sessions_per_s": counts["sessions"] / duration if duration else 0.0,
        "requests_per_s": counts["requests"] / duration if duration else 0.0,
        "messages_per_s": messages / duration if duration else 0.0,
        "mib_per_s": (counts["bytes_in"] + counts["bytes_out"]) / duration / 2**20 if duration else 0.0,
        "proxy_cpu_s": cpu,
        "rss": rss,
        "audit": audit,
        "exit_status": code,
        "failures": tally.as_dict(),
        "problems": problems,
        "ok": tally.failures == 0 and not problems,
    }


if __name__ == "__main__":  # pragma: no cover - a quick manual run
    import sys

    print(json.dumps(asyncio.run(run(int(sys.argv[1]) if len(sys.argv) > 1 else 200, 1, 32, 60, 4 << 20,
                                     log=lambda s: print(s, file=sys.stderr))), indent=2))
