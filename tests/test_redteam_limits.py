"""Red team: the raw relay's connection cap and body budget, and sealed session ids (max age, tombstones).

Each test is an attack that worked on main before its fix: real sockets against ``listening()``, a small
aiohttp upstream of this file's own, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import socket
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import ClientSession, web

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.budget import RESERVE, STEP, BodyBudget
from elicitguard.proxy.http.h1 import H1Connection, RawRequest, Settings
from elicitguard.proxy.http.serve import Listening, listening
from elicitguard.proxy.http.upstream import Upstreams

WAIT = 10.0  # seconds: every wait in this file is bounded by it
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}},
                   "clientInfo": {"name": "redteam", "version": "1"}}}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json",
           "MCP-Protocol-Version": "2025-06-18"}


class Upstream:
    """A stateless MCP upstream: every request answered with an empty result at once; a GET stream
    stays open until ``release`` is set, with a comment every ``PING`` seconds (a live server's keep-alive,
    well inside the proxy's read timeout)."""

    PING = 0.2

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.posts = 0
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def post(self, request: web.Request) -> web.StreamResponse:
        self.posts += 1
        message = json.loads(await request.read())
        if "id" not in message:
            return web.Response(status=202)
        result: dict[str, Any] = {}
        if message.get("method") == "initialize":
            result = {"protocolVersion": "2025-06-18", "capabilities": {},
                      "serverInfo": {"name": "up", "version": "1"}}
        return web.json_response({"jsonrpc": "2.0", "id": message["id"], "result": result})

    async def get(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        with contextlib.suppress(asyncio.CancelledError, ConnectionError):
            while not self.release.is_set():
                await response.write(b": ping\n\n")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.release.wait(), self.PING)
        return response

    async def delete(self, _request: web.Request) -> web.StreamResponse:
        return web.Response(status=200)

    async def start(self) -> None:
        app = web.Application(client_max_size=64 << 20)
        app.router.add_post("/mcp", self.post)
        app.router.add_get("/mcp", self.get)
        app.router.add_delete("/mcp", self.delete)
        self.runner = web.AppRunner(app, handler_cancellation=True, shutdown_timeout=0.5)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}/mcp"

    async def stop(self) -> None:
        self.release.set()
        if self.runner is not None:
            await self.runner.cleanup()


@contextlib.asynccontextmanager
async def running(tmp_path: Path, extra: str = "") -> AsyncIterator[tuple[Listening, Upstream, Path]]:
    key = tmp_path / "mrtr.key"
    key.write_text(secrets.token_hex(32) + "\n")
    audit_path = tmp_path / "audit.jsonl"
    config = load_config_text(f"mrtr:\n  state_key_file: {key}\n{extra}")
    upstream = Upstream()
    await upstream.start()
    try:
        async with listening(config, upstream.url, AuditLog(str(audit_path))) as proxy:
            yield proxy, upstream, audit_path
    finally:
        await upstream.stop()


async def _post(client: ClientSession, url: str, message: dict[str, Any],
                session_id: str | None = None) -> tuple[int, dict[str, str]]:
    headers = dict(HEADERS)
    if session_id is not None:
        headers["Mcp-Session-Id"] = session_id
    async with client.post(url, data=json.dumps(message), headers=headers) as response:
        await response.read()
        return response.status, dict(response.headers)


# -- sealed session ids --------------------------------------------------------------------------------

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def _same_tag_other_spelling(session_id: str) -> str:
    """The id with its tag's last character changed in the bits base64 drops (32 bytes are 43
    characters: the last carries 2 unused bits): it decodes to the same MAC."""
    head, _, tag = session_id.rpartition(".")
    assert len(tag) == 43
    value = _B64.index(tag[-1])
    return f"{head}.{tag[:-1]}{_B64[value ^ 1]}"


async def test_a_deleted_sealed_id_respelled_in_base64_rebuilds_nothing(tmp_path: Path) -> None:
    # A tombstone remembers the id's exact text; a seal that verified under another spelling of the same
    # MAC would rebuild the deleted session (here a stateless upstream's: the proxy is its only gate).
    async with running(tmp_path) as (proxy, _upstream, _audit), ClientSession() as client:
        status, headers = await asyncio.wait_for(_post(client, proxy.url(), INIT), WAIT)
        assert status == 200
        session_id = headers["Mcp-Session-Id"]
        assert session_id.startswith("eg-s1.")
        call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
        assert (await asyncio.wait_for(_post(client, proxy.url(), call, session_id), WAIT))[0] == 200
        async with client.delete(proxy.url(), headers={"Mcp-Session-Id": session_id}) as response:
            assert response.status == 200
        assert (await asyncio.wait_for(_post(client, proxy.url(), call, session_id), WAIT))[0] == 404
        respelled = _same_tag_other_spelling(session_id)
        assert respelled != session_id
        assert (await asyncio.wait_for(_post(client, proxy.url(), call, respelled), WAIT))[0] == 404


# -- the body budget -----------------------------------------------------------------------------------

LIMITS = "limits:\n  max_message_bytes: 1048576\n  max_buffered_bytes: 1048576\nhttp:\n  read_timeout: 1\n"


def _post_head(length: int, session_id: str | None = None) -> bytes:
    extra = f"Mcp-Session-Id: {session_id}\r\n" if session_id else ""
    return (f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json, text/event-stream\r\n"
            f"Content-Type: application/json\r\nMCP-Protocol-Version: 2025-06-18\r\n{extra}"
            f"Content-Length: {length}\r\n\r\n").encode()


def _padded_call(size: int) -> bytes:
    """A tools/list request of exactly ``size`` bytes (padded with an unused parameter)."""
    bare = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {"pad": ""}})
    body = bare.replace('"pad": ""', '"pad": "' + "x" * (size - len(bare)) + '"').encode()
    assert len(body) == size
    return body


async def _connect(proxy: Listening) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    host, port = proxy.base.removeprefix("http://").rsplit(":", 1)
    return await asyncio.wait_for(asyncio.open_connection(host, int(port)), WAIT)


async def _until_eof(reader: asyncio.StreamReader) -> bytes:
    """What arrives until the connection ends (a reset too: input left unread in the kernel)."""
    data = bytearray()
    with contextlib.suppress(ConnectionResetError):
        while chunk := await reader.read(65536):
            data += chunk
    return bytes(data)


async def _status(reader: asyncio.StreamReader) -> int:
    line = await reader.readline()
    return int(line.split()[1]) if line else 0


async def test_a_body_pipelined_behind_an_open_stream_is_still_bounded_by_the_read_timeout(tmp_path: Path) -> None:
    # The body deadline was armed only with no request in progress: behind a GET stream (which a live
    # server keeps open indefinitely) a body left unfinished held its share of the budget for as long as
    # the stream lasted, and a few such connections held all of it.
    async with running(tmp_path, LIMITS) as (proxy, _upstream, _audit):
        reader, writer = await _connect(proxy)
        writer.write(b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        assert await asyncio.wait_for(_status(reader), WAIT) == 200
        writer.write(_post_head(1_000_000) + b"x" * 900_000)  # never finished
        await asyncio.wait_for(writer.drain(), WAIT)
        await asyncio.wait_for(_until_eof(reader), WAIT)  # the stalled request ends the connection
        writer.close()
        # The budget it held is free: a body that needs most of it goes through.
        reader, writer = await _connect(proxy)
        body = _padded_call(1_000_000)
        writer.write(_post_head(len(body)) + body)
        assert await asyncio.wait_for(_status(reader), WAIT) == 200
        writer.close()


async def test_a_whole_body_queued_behind_a_stream_still_counts_against_the_budget(tmp_path: Path) -> None:
    # A pipelined request that completed behind a stream gave its claim back though its body was still
    # held (queued, unhandled): every connection could park a whole max_message_bytes body past the
    # documented bound (max_connections x 64 KiB + max_buffered_bytes). Here the budget is one body: the
    # second connection's queued body is not read, and its deadline ends that connection.
    async with running(tmp_path, LIMITS) as (proxy, _upstream, _audit):
        body = _padded_call(1_000_000)
        held = []
        for _ in range(2):
            reader, writer = await _connect(proxy)
            writer.write(b"GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            assert await asyncio.wait_for(_status(reader), WAIT) == 200
            writer.write(_post_head(len(body)) + body)
            held.append((reader, writer))
        await asyncio.wait_for(_until_eof(held[1][0]), WAIT)
        assert not held[0][0].at_eof()  # the first, within the budget, was left alone
        for _, writer in held:
            writer.close()


# -- closing a connection whose client reads nothing ---------------------------------------------------


class _Watched(H1Connection):
    """The relay's connection, telling the test when it is gone."""

    gone: asyncio.Event

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.gone.set()


async def test_a_connection_closed_on_a_client_that_reads_nothing_still_goes_away(tmp_path: Path) -> None:
    # An answer under the write buffer's high-water mark is not waited for (drain returns at once); when
    # the client reads none of it and the connection is then closed (idle, a timeout, a refusal),
    # asyncio's close waits to flush that buffer without a bound: the connection kept its slot under
    # limits.max_connections (and any budget claim) for ever.
    async def handler(_request: RawRequest) -> web.StreamResponse:
        return web.Response(body=b"x" * 40_000)  # below the 64 KiB high-water mark, above the kernel's buffers

    live: set[H1Connection] = set()
    gone = asyncio.Event()
    settings = Settings(max_body=1 << 20, head_timeout=1.0, idle_timeout=0.5, body_timeout=1.0,
                        new_upstreams=lambda: Upstreams(ssl.create_default_context(), 1.0, 1.0))

    def made() -> H1Connection:
        conn = _Watched(handler, settings, live)
        conn.gone = gone
        return conn

    loop = asyncio.get_running_loop()
    server = await loop.create_server(made, "127.0.0.1", 0)
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
        client.setblocking(False)
        await asyncio.wait_for(loop.sock_connect(client, server.sockets[0].getsockname()), WAIT)
        deadline = loop.time() + WAIT
        while not live and loop.time() < deadline:
            await asyncio.sleep(0)  # one loop turn (not a timed sleep): the accept is handled
        conn = next(iter(live))
        assert conn.transport is not None
        conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 2048)
        await asyncio.wait_for(loop.sock_sendall(client, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n"), WAIT)
        # Never read: the idle timeout closes the connection, which must then be gone within a bound.
        await asyncio.wait_for(gone.wait(), WAIT)
        assert not live
    finally:
        client.close()
        server.close()


class _Relay:
    """H1Connection on a real listener with a budget the test can read."""

    def __init__(self, budget: BodyBudget, handler: Any) -> None:
        self.budget = budget
        self.live: set[H1Connection] = set()
        self.settings = Settings(max_body=1 << 20, head_timeout=WAIT, idle_timeout=WAIT, body_timeout=WAIT,
                                 new_upstreams=lambda: Upstreams(ssl.create_default_context(), 1.0, 1.0),
                                 budget=budget)
        self.handler = handler
        self.server: asyncio.Server | None = None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(lambda: H1Connection(self.handler, self.settings, self.live),
                                               "127.0.0.1", 0)

    async def connect(self) -> tuple[socket.socket, H1Connection]:
        """A client socket (blocking, bounded by WAIT) and the relay's connection for it."""
        assert self.server is not None
        loop = asyncio.get_running_loop()
        before = set(self.live)
        client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
        client.setblocking(False)
        await asyncio.wait_for(loop.sock_connect(client, self.server.sockets[0].getsockname()), WAIT)
        conn = await _until(lambda: next(iter(self.live - before), None))
        assert conn.transport is not None
        conn.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        return client, conn

    def held_beyond_bound(self) -> int:
        """Bytes the connections hold past what the budget accounts for (0 when the bound holds)."""
        accounted = len(self.live) * RESERVE + self.budget.total - self.budget.free
        return max(0, sum(conn.held() for conn in self.live) - accounted)


async def _until(probe: Any, within: float = WAIT) -> Any:
    """Loop turns (not timed sleeps) until ``probe()`` is truthy, within ``within`` seconds."""
    deadline = asyncio.get_running_loop().time() + within
    while not (value := probe()):
        assert asyncio.get_running_loop().time() < deadline, "condition not reached in time"
        await asyncio.sleep(0)
    return value


async def _send(client: socket.socket, data: bytes) -> None:
    await asyncio.wait_for(asyncio.get_running_loop().sock_sendall(client, data), WAIT)


async def test_a_request_ending_mid_read_keeps_the_claim_that_covers_the_next_body(tmp_path: Path) -> None:
    # A read may end one request and carry much of the next one's body. The claim was given back when
    # the first ended, mid-read (here to a connection waiting for room), and the rest of that read
    # stayed held with no claim covering it: every connection could overshoot its 64 KiB reserve by
    # most of a read (256 KiB), past max_connections x 64 KiB + max_buffered_bytes.
    hold = asyncio.Event()

    async def handler(_request: RawRequest) -> web.StreamResponse:
        await hold.wait()
        return web.Response(body=b"ok")

    relay = _Relay(BodyBudget(STEP), handler)
    await relay.start()
    try:
        a, conn_a = await relay.connect()
        first = 72_000
        await _send(a, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % first + b"x" * (first - 6000))
        await _until(lambda: relay.budget.free == 0)  # A claimed the whole budget beyond its reserve
        b, conn_b = await relay.connect()
        await _send(b, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + b"y" * 400_000)
        await _until(lambda: conn_b in relay.budget.waiting)
        # The end of A's first body, and most of a second body behind it, in one segment.
        await _send(a, b"x" * 6000 + b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n"
                    + b"z" * 150_000)
        # Both wait for room again once each read what its claim allows.
        await _until(lambda: conn_a in relay.budget.waiting and conn_b in relay.budget.waiting
                     and conn_a.held() >= 100_000)
        assert relay.held_beyond_bound() == 0
    finally:
        hold.set()
        for sock in (locals().get("a"), locals().get("b")):
            if sock is not None:
                sock.close()
        assert relay.server is not None
        relay.server.close()


async def test_bodies_held_by_handlers_waiting_on_a_slow_upstream_stay_within_the_budget() -> None:
    # Every connection read its body under the budget, handed it to its handler and gave the room back;
    # while the upstream took its time each handler still held its whole body, so max_connections
    # clients held max_connections x max_message_bytes (16 GiB at the defaults) whatever the budget.
    # A body now keeps its room until it is written upstream (here never: the handler waits first).
    hold = asyncio.Event()
    handled = 0

    async def handler(_request: RawRequest) -> web.StreamResponse:
        nonlocal handled
        handled += 1
        await hold.wait()  # the upstream is slow to take it
        return web.Response(body=b"ok")

    relay = _Relay(BodyBudget(4 * STEP), handler)  # room for one body of 900 KB at a time
    await relay.start()
    clients: list[socket.socket] = []
    try:
        body = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n" + b"x" * 900_000
        client, _conn = await relay.connect()
        clients.append(client)
        await _send(client, body)
        await _until(lambda: handled == 1)
        client, conn = await relay.connect()
        clients.append(client)
        await _send(client, body)
        # The first body is still held: the second waits for room, within 4 x 64 KiB + 1 MiB.
        await _until(lambda: conn in relay.budget.waiting, within=2.0)
        assert relay.held_beyond_bound() == 0
        # A body that fits a connection's own reserve is never held back behind them.
        client, _conn = await relay.connect()
        clients.append(client)
        await _send(client, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 60000\r\n\r\n" + b"s" * 60_000)
        await _until(lambda: handled == 2)
        assert conn in relay.budget.waiting and relay.held_beyond_bound() == 0
        hold.set()  # the exchanges end: their room goes back, and the second body is read whole
        await _until(lambda: handled == 3)
    finally:
        hold.set()
        for client in clients:
            client.close()
        assert relay.server is not None
        relay.server.close()


async def test_a_large_body_written_to_a_slow_upstream_gives_its_room_back_and_is_not_kept(
        tmp_path: Path) -> None:
    # A body keeps its room in the budget only until it is written upstream: behind a slow tool call the
    # next large body still goes through, and nothing of the proxy's keeps the first one's bytes.
    slow = asyncio.Event()
    arrived: list[int] = []

    class Slow(Upstream):
        async def post(self, request: web.Request) -> web.StreamResponse:
            raw = await request.read()
            arrived.append(len(raw))
            await slow.wait()  # a long tool call
            message = json.loads(raw)
            return web.json_response({"jsonrpc": "2.0", "id": message["id"], "result": {}})

    live: list[H1Connection] = []
    made = H1Connection.connection_made

    def hook(self: H1Connection, transport: Any) -> None:
        made(self, transport)
        live.append(self)

    key = tmp_path / "mrtr.key"
    key.write_text(secrets.token_hex(32) + "\n")
    config = load_config_text(f"mrtr:\n  state_key_file: {key}\nlimits:\n  max_message_bytes: 1048576\n"
                              "  max_buffered_bytes: 1048576\n")
    upstream = Slow()
    await upstream.start()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(H1Connection, "connection_made", hook)
        try:
            async with listening(config, upstream.url, AuditLog(str(tmp_path / "audit.jsonl"))) as proxy:
                body = _padded_call(1_000_000)
                readers = []
                for count in (1, 2):
                    reader, writer = await _connect(proxy)
                    writer.write(_post_head(len(body)) + body)
                    readers.append((reader, writer))
                    await _until(lambda: len(arrived) == count)  # the first still waits upstream
                budget = live[0]._budget
                await _until(lambda: budget.free == budget.total)
                assert all(conn.held() == 0 and conn._handling is not None and conn._handling.body == b""
                           for conn in live)
                slow.set()
                for reader, writer in readers:
                    assert await asyncio.wait_for(_status(reader), WAIT) == 200
                    writer.close()
        finally:
            slow.set()
            await upstream.stop()


async def test_a_reload_raising_sessions_max_age_does_not_revive_a_deleted_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A tombstone is pruned once its seal expired under the max age in force; a reload raising the max
    # age made the id young enough to rebuild again, with nothing left remembering the DELETE.
    from elicitguard.proxy.http import sessions

    now = [1_000_000.0]
    monkeypatch.setattr(sessions, "wall_clock", lambda: now[0])
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    async with running(tmp_path, "sessions:\n  max_age: 100\n") as (proxy, _upstream, _audit), \
            ClientSession() as client:
        status, headers = await asyncio.wait_for(_post(client, proxy.url(), INIT), WAIT)
        deleted = headers["Mcp-Session-Id"]
        async with client.delete(proxy.url(), headers={"Mcp-Session-Id": deleted}) as response:
            assert response.status == 200
        now[0] += 90
        status, headers = await asyncio.wait_for(_post(client, proxy.url(), INIT), WAIT)
        other = headers["Mcp-Session-Id"]
        now[0] += 60  # the first id is past its 100 s; deleting the second prunes the first's tombstone
        async with client.delete(proxy.url(), headers={"Mcp-Session-Id": other}) as response:
            assert response.status == 200
        key = tmp_path / "mrtr.key"
        proxy.use(load_config_text(f"mrtr:\n  state_key_file: {key}\nsessions:\n  max_age: 1000\n"))
        assert (await asyncio.wait_for(_post(client, proxy.url(), call, deleted), WAIT))[0] == 404


async def test_idle_keep_alive_connections_of_one_client_do_not_lock_others_out_at_the_cap(tmp_path: Path) -> None:
    # At the cap a new connection was refused while every slot was an idle keep-alive of one client.
    async with running(tmp_path, "limits:\n  max_connections: 2\n") as (proxy, _upstream, audit):
        idle = []
        for _ in range(2):
            reader, writer = await _connect(proxy)
            writer.write(b"GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert await asyncio.wait_for(_status(reader), WAIT) == 404  # answered, and kept alive
            await asyncio.wait_for(reader.readuntil(b"404: Not Found"), WAIT)
            idle.append((reader, writer))
        reader, writer = await _connect(proxy)
        writer.write(b"GET /nowhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status = await asyncio.wait_for(_status(reader), WAIT)
        # The one idle the longest was closed cleanly (nothing more on it), the other kept.
        oldest = await asyncio.wait_for(_until_eof(idle[0][0]), WAIT)
        for _, w in (*idle, (reader, writer)):
            w.close()
        assert status == 404
        assert oldest == b""
        assert not idle[1][0].at_eof()
    records = [json.loads(line) for line in audit.read_text().splitlines()]
    evicted = [r for r in records if r["event"] == "http.connection_evicted"]
    assert len(evicted) == 1 and evicted[0]["count"] == 1
    assert evicted[0]["reasons"][0]["rule"] == "http.max_connections"
    assert not [r for r in records if r["event"] == "http.connection_refused"]


async def test_a_connection_waiting_for_room_resumes_once_its_own_reserve_has_room_again() -> None:
    # A connection paused for room while a pipelined request of its own waited in the queue stayed
    # paused after that request was handed over, though its reserve had room again: a small request
    # behind it waited for another connection to give room back (here none: that one is a slow sender
    # holding all of it), and then timed out.
    hold = asyncio.Event()

    async def handler(request: RawRequest) -> web.StreamResponse:
        if request.path == "/hold":
            await hold.wait()
        return web.Response(body=b"ok")

    relay = _Relay(BodyBudget(2 * STEP), handler)
    await relay.start()
    x, conn_x = await relay.connect()
    w, conn_w = await relay.connect()
    try:
        await _send(x, b"GET /hold HTTP/1.1\r\nHost: x\r\n\r\n")
        # Behind it, most of a 150 KB body: X claims room beyond its reserve.
        await _send(x, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 150000\r\n\r\n" + b"a" * 100_000)
        await _until(lambda: conn_x.held() == 100_000)
        # A slow sender takes the rest of the budget and waits for more.
        await _send(w, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n" + b"w" * 600_000)
        await _until(lambda: conn_w in relay.budget.waiting)
        # The 150 KB body ends (it waits, queued, and keeps its room); a 40 KB request follows.
        await _send(x, b"a" * 50_000 + b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 40000\r\n\r\n"
                    + b"b" * 40_000)
        await _until(lambda: conn_x in relay.budget.waiting)
        await _send(x, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")  # a small request, read once X reads again
        hold.set()  # the queued requests are handed over one by one: X's reserve has room again
        loop = asyncio.get_running_loop()
        received = b""
        while received.count(b"HTTP/1.1 200") < 4:
            chunk = await asyncio.wait_for(loop.sock_recv(x, 65536), 3.0)  # well inside the idle timeout
            assert chunk
            received += chunk
    finally:
        hold.set()
        x.close()
        w.close()
        assert relay.server is not None
        relay.server.close()
