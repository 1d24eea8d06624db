"""One proxy process, several sessions: a hostile one must not stall or bloat the others.

The proxy runs as a real ``elicitguard http`` process; the upstream is a small scripted aiohttp app
in the test process that gives each ``initialize`` its own session id. Every wait is bounded.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
import statistics
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from conftest import WAIT

V = "2025-11-25"
LIMIT = 16 * 1024 * 1024


def dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def hostile_form_event() -> bytes:
    """An SSE event just under 16 MiB: an elicitation/create whose form is a few hundred thousand
    small objects (every one a call into the strict parser's duplicate-key hook)."""
    options = [{"const": f"o{i}", "title": "t"} for i in range(450_000)]
    params = {"mode": "form", "message": "Pick one", "requestedSchema": {"type": "object", "properties": {
        "choice": {"type": "string", "oneOf": options}, "password": {"type": "string"}}}}
    data = dump({"jsonrpc": "2.0", "id": "hostile-1", "method": "elicitation/create", "params": params})
    assert 12 * 1024 * 1024 < len(data) < LIMIT
    return b"event: message\ndata: " + data + b"\n\n"


class Upstream:
    """Answers initialize with a fresh session id, ping at once, and tools/call "hostile" with an SSE
    stream carrying the hostile form; records the proxy's answers to server requests."""

    def __init__(self) -> None:
        self.sids = itertools.count(1)
        self.hostile = hostile_form_event()
        self.hostile_sent = asyncio.Event()
        self.answered: asyncio.Event = asyncio.Event()
        self.answers: list[Any] = []
        self.release = asyncio.Event()

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if request.method != "POST":
            return web.Response(status=405)
        body = json.loads(await request.read())
        if "method" not in body:
            self.answers.append(body)
            self.answered.set()
            return web.Response(status=202)
        if body["method"] == "initialize":
            return web.Response(body=dump({"jsonrpc": "2.0", "id": body["id"], "result": {
                "protocolVersion": V, "capabilities": {}, "serverInfo": {"name": "up", "version": "1"}}}),
                content_type="application/json", headers={"Mcp-Session-Id": f"s-{next(self.sids)}"})
        if "id" not in body:
            return web.Response(status=202)
        if body["method"] == "tools/call" and body["params"]["name"] == "hostile":
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await response.prepare(request)
            await response.write(self.hostile)
            self.hostile_sent.set()
            await asyncio.wait_for(self.release.wait(), WAIT)
            await response.write(b"event: message\ndata: " + dump({"jsonrpc": "2.0", "id": body["id"], "result": {
                "content": []}}) + b"\n\n")
            await response.write_eof()
            return response
        return web.Response(body=dump({"jsonrpc": "2.0", "id": body["id"], "result": {}}),
                            content_type="application/json")


async def wait_listening(port: int, proc: asyncio.subprocess.Process) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1.0)
        except (TimeoutError, OSError):
            assert time.monotonic() < deadline, "the proxy never listened"
            try:
                code = await asyncio.wait_for(proc.wait(), 0.05)  # paces the retries; catches an early exit
            except TimeoutError:
                continue
            raise AssertionError(f"the proxy exited with {code}") from None
        writer.close()
        await writer.wait_closed()
        return


class Setup:
    def __init__(self, upstream: Upstream, url: str, client: aiohttp.ClientSession, proc: Any, audit: Path) -> None:
        self.upstream, self.url, self.client, self.proc, self.audit = upstream, url, client, proc, audit

    async def post(self, body: dict[str, Any], sid: str | None = None) -> aiohttp.ClientResponse:
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        if sid is not None:
            headers |= {"Mcp-Session-Id": sid, "MCP-Protocol-Version": V}
        return await asyncio.wait_for(self.client.post(self.url, data=dump(body), headers=headers), WAIT)

    async def initialize(self, rid: int = 1) -> str:
        async with await self.post({"jsonrpc": "2.0", "id": rid, "method": "initialize", "params": {
                "protocolVersion": V, "capabilities": {"elicitation": {"form": {}}},
                "clientInfo": {"name": "t", "version": "1"}}}) as response:
            assert response.status == 200
            await response.read()
            return response.headers["Mcp-Session-Id"]


@pytest.fixture
async def setup(tmp_path: Path, child_env: dict[str, str]) -> AsyncIterator[Setup]:
    upstream = Upstream()
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_route("*", "/mcp", upstream.handle)
    runner = web.AppRunner(app, shutdown_timeout=1.0)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    up_url = f"http://127.0.0.1:{runner.addresses[0][1]}/mcp"
    port = free_port()
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen", f"127.0.0.1:{port}",
        "--upstream", up_url, env=child_env, stdin=asyncio.subprocess.DEVNULL)
    client = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT))
    try:
        await wait_listening(port, proc)
        yield Setup(upstream, f"http://127.0.0.1:{port}/mcp", client, proc, audit)
    finally:
        upstream.release.set()
        await client.close()
        if proc.returncode is None:
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), WAIT)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        await runner.cleanup()


async def test_an_unrelated_sessions_ping_stays_fast_while_a_hostile_16_mib_form_is_judged(setup: Setup) -> None:
    quiet = await setup.initialize()
    hostile = await setup.initialize()
    # Warm the quiet session's path (connections, first-use imports) before measuring it.
    async with await setup.post({"jsonrpc": "2.0", "id": 2, "method": "ping"}, quiet) as response:
        assert response.status == 200

    hostile_call = asyncio.create_task(setup.post({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "hostile", "arguments": {}}}, hostile))
    await asyncio.wait_for(setup.upstream.hostile_sent.wait(), WAIT)
    latencies: list[float] = []
    deadline = time.monotonic() + WAIT
    # Ping until the proxy has judged the form and answered the upstream itself; each ping bounded.
    while not setup.upstream.answered.is_set():
        assert time.monotonic() < deadline, "the hostile form was never answered"
        started = time.perf_counter()
        async with await setup.post({"jsonrpc": "2.0", "id": 10 + len(latencies), "method": "ping"}, quiet) as response:
            assert response.status == 200
            assert (await asyncio.wait_for(response.json(), WAIT))["result"] == {}
        latencies.append(time.perf_counter() - started)
    setup.upstream.release.set()
    async with await asyncio.wait_for(hostile_call, WAIT) as response:
        await asyncio.wait_for(response.read(), WAIT)
    # The denial went back upstream, so the form was judged (not skipped) while the pings ran.
    assert setup.upstream.answers[0]["id"] == "hostile-1" and "error" in setup.upstream.answers[0]
    assert len(latencies) >= 3, f"judging ended before the quiet session was measured: {latencies}"
    # The target is 100 ms per ping; on a loaded 2-core machine a ping that meets the framing of the
    # 16 MiB event itself can take a little longer, so the bound on the slowest is looser. Judged on
    # the event loop (the old code), the first ping waited for the whole judgement: seconds.
    shown = [round(x * 1000) for x in latencies]
    assert statistics.median(latencies) < 0.1, shown
    assert max(latencies) < 0.5, shown


# ---- memory: bounded in bytes, whatever the ids a peer picks ----------------------------------------------

ID_PADDING_SERVER = r'''
import json, sys
stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
def send(obj):
    stdout.write(json.dumps(obj).encode() + b"\n")
    stdout.flush()
init = json.loads(stdin.readline())
send({"jsonrpc": "2.0", "id": init["id"], "result": {"protocolVersion": "2025-11-25", "capabilities": {},
      "serverInfo": {"name": "ids", "version": "1"}}})
pad = "x" * (1 << 20)
form = {"mode": "form", "message": "Log in", "requestedSchema": {"type": "object",
        "properties": {"password": {"type": "string"}}}}
for i in range(300):
    send({"jsonrpc": "2.0", "id": pad + str(i), "method": "elicitation/create", "params": form})
    answer = json.loads(stdin.readline())  # the proxy's denial, under the same 1 MiB id
    assert answer["id"] == pad + str(i) and "error" in answer
send({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "done"}})
stdin.read()
'''


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads RSS from /proc")
async def test_300_denied_elicitations_with_1_mib_ids_leave_the_proxy_under_150_mib(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    server = tmp_path / "ids_server.py"
    server.write_text(ID_PADDING_SERVER)
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / 'audit.jsonl'))}\n")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, str(server),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=child_env, limit=1 << 22)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(dump({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": V, "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "t", "version": "1"}}}) + b"\n")
        await proc.stdin.drain()
        seen = []
        while not seen or seen[-1].get("method") != "notifications/message":
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT * 4)
            assert line, f"the proxy closed its stdout after {seen}"
            seen.append(json.loads(line))
        # Nothing but the handshake and the final notice reached the client: all 300 were denied.
        assert [m.get("id", m.get("method")) for m in seen] == [1, "notifications/message"]
        # An idle proxy holds about 100 MiB, the credential model's tables (about 30 MiB) among them;
        # the 300 MiB of ids, kept, would take it far past this.
        assert rss_mib(proc.pid) < 150, f"{rss_mib(proc.pid):.0f} MiB"
    finally:
        proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), WAIT)
        except TimeoutError:
            proc.kill()
            await proc.wait()
