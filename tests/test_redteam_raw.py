"""Red-team probes of the raw relay (h1.py, upstream.py): a hostile client on a raw socket, a hostile
upstream as a raw asyncio server. Every wait is bounded by WAIT."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import socket
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from conftest import WAIT

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import Listening, listening

SID = "sess-raw"
V = "2025-11-25"
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": V, "capabilities": {"elicitation": {"form": {}}},
    "clientInfo": {"name": "raw", "version": "1"}}}


def dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def call(request_id: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": {"name": "t", "arguments": {}}}


def result(request_id: Any, text: str = "done") -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "result": {"content": [{"type": "text", "text": text}]}}


def json_answer(obj: Any, extra: bytes = b"") -> bytes:
    body = dump(obj)
    return (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: " + SID.encode()
            + b"\r\nContent-Length: %d\r\n" % len(body) + extra + b"\r\n" + body)


Script = Callable[[dict[str, Any], "RawUpstream"], Any]


class RawUpstream:
    """A raw HTTP/1.1 upstream: reads Content-Length requests, answers what ``script`` returns (bytes,
    or None to close the connection)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.connections = 0
        self.server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        conn = self.connections
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                headers = {}
                for line in lines[1:]:
                    if ":" in line:
                        k, _, v = line.partition(":")
                        headers[k.strip().lower()] = v.strip()
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                try:
                    message = json.loads(body) if body else None
                except ValueError:
                    message = None
                seen = {"line": lines[0], "headers": headers, "body": body, "json": message, "conn": conn}
                self.requests.append(seen)
                if isinstance(message, dict) and message.get("method") == "initialize":
                    out: Any = json_answer({"jsonrpc": "2.0", "id": message["id"], "result": {
                        "protocolVersion": V, "capabilities": {}, "serverInfo": {"name": "raw", "version": "0"}}})
                elif message is None or "id" not in message or "method" not in message:
                    out = b"HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n"
                else:
                    out = self.script(seen, self)
                    if asyncio.iscoroutine(out):
                        out = await out
                if out is None:
                    break
                if isinstance(out, tuple):  # (bytes, "close"): written, then the connection closed
                    writer.write(out[0])
                    await writer.drain()
                    break
                writer.write(out)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            writer.close()

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()


@contextlib.asynccontextmanager
async def setup(script: Script, config: str = "") -> AsyncIterator[tuple[RawUpstream, Listening, io.StringIO]]:
    up = RawUpstream(script)
    await up.start()
    stream = io.StringIO()
    try:
        async with listening(load_config_text(config), up.url, AuditLog(stream=stream)) as running:
            yield up, running, stream
    finally:
        await up.stop()


def post_bytes(obj: Any, session: bool = True, version: str = "1.1", extra: bytes = b"") -> bytes:
    body = obj if isinstance(obj, bytes) else dump(obj)
    head = (b"POST /mcp HTTP/" + version.encode() + b"\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Accept: application/json, text/event-stream\r\n")
    if session:
        head += b"Mcp-Session-Id: " + SID.encode() + b"\r\nMCP-Protocol-Version: " + V.encode() + b"\r\n"
    return head + extra + b"Content-Length: %d\r\n\r\n" % len(body) + body


async def connect(running: Listening) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    host, port = running.base.removeprefix("http://").rsplit(":", 1)
    return await asyncio.wait_for(asyncio.open_connection(host, int(port)), WAIT)


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    """One Content-Length or chunked response."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
    if "content-length" in headers:
        return status, headers, await asyncio.wait_for(reader.readexactly(int(headers["content-length"])), WAIT)
    if headers.get("transfer-encoding") == "chunked":
        body = b""
        while True:
            size = int((await asyncio.wait_for(reader.readuntil(b"\r\n"), WAIT)).strip(), 16)
            chunk = await asyncio.wait_for(reader.readexactly(size + 2), WAIT)
            if size == 0:
                return status, headers, body
            body += chunk[:-2]
    return status, headers, await asyncio.wait_for(reader.read(), WAIT)


async def initialize(running: Listening) -> None:
    reader, writer = await connect(running)
    writer.write(post_bytes(INIT, session=False))
    status, headers, _ = await read_response(reader)
    assert status == 200 and headers["mcp-session-id"] == SID
    writer.close()


def sse_answer(message: Any) -> bytes:
    event = b"event: message\ndata: " + dump(message) + b"\n\n"
    return (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nMcp-Session-Id: " + SID.encode()
            + b"\r\nContent-Length: %d\r\n\r\n" % len(event) + event)


async def test_an_http10_keep_alive_client_whose_stream_ends_at_the_close_sees_the_connection_closed() -> None:
    async with setup(lambda seen, up: sse_answer(result(seen["json"]["id"]))) as (_up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2), version="1.0", extra=b"Connection: keep-alive\r\n"))
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
        assert b"Content-Length" not in head and b"chunked" not in head.lower()
        # The body is framed by the close: the proxy must close, or the client waits forever and a
        # second request's answer would be read as more of this body.
        body = await asyncio.wait_for(reader.read(), WAIT)
        assert b'"id":2' in body
        writer.close()


async def test_a_client_that_sends_transfer_encoding_twice_is_refused() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        body = dump(call(2))
        writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + SID.encode() +
                     b"\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n"
                     + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        status, _, _ = await read_response(reader)
        assert status == 400
        writer.close()


async def test_a_client_that_sends_content_length_with_transfer_encoding_is_refused() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        body = dump(call(2))
        writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + SID.encode() +
                     b"\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n"
                     + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n")
        status, _, _ = await read_response(reader)
        assert status == 400
        writer.close()


async def test_a_second_answer_from_the_upstream_never_answers_the_clients_next_request() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        rid = seen["json"]["id"]
        return json_answer(result(rid, f"for-{rid}")) + json_answer(result(rid + 1, "smuggled"))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        _, _, first = await read_response(reader)
        assert b"for-2" in first
        writer.write(post_bytes(call(3)))
        _, _, second = await read_response(reader)
        assert b"smuggled" not in second and b"for-3" in second
        writer.close()


async def test_an_upstream_that_sends_103_before_its_answer_is_relayed_once() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        return b"HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n" + json_answer(result(seen["json"]["id"]))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        for rid in (2, 3):
            writer.write(post_bytes(call(rid)))
            status, _, body = await read_response(reader)
            assert status == 200 and json.loads(body)["id"] == rid
        writer.close()


async def test_an_upstream_that_hangs_up_mid_body_gets_a_502_and_the_next_request_a_fresh_connection() -> None:
    count = [0]

    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        count[0] += 1
        if count[0] == 1:
            return json_answer(result(seen["json"]["id"]))[:-5], "close"
        return json_answer(result(seen["json"]["id"]))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert status == 502 and json.loads(body)["id"] == 2
        writer.write(post_bytes(call(3)))
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 3
        writer.close()



async def test_a_client_that_pipelines_and_never_reads_stops_getting_requests_dispatched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)
    buffered: list[int] = []
    text = "x" * 1024 * 1024
    total = 12  # under h1.MAX_QUEUED: all of them are answered

    def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        # What the proxy holds for this client, unsent, as it dispatches another request upstream.
        buffered.append(max(c.transport.get_write_buffer_size() for c in conns if c.transport is not None))
        return json_answer(result(seen["json"]["id"], text))

    async with setup(script) as (up, running, _):
        await initialize(running)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        host, port = running.base.removeprefix("http://").rsplit(":", 1)
        sock.connect((host, int(port)))
        sock.setblocking(False)
        reader, writer = await asyncio.open_connection(sock=sock)
        start = len(up.requests)
        for rid in range(total):
            writer.write(post_bytes(call(100 + rid)))
        await writer.drain()

        async def accepted() -> None:
            while len(conns) < 2:  # the initialize connection, then this one
                await asyncio.sleep(0.005)
        await asyncio.wait_for(accepted(), WAIT)
        client = conns[-1]

        async def stalled() -> None:
            while len(up.requests) - start < total and client._drained is None:
                await asyncio.sleep(0.005)
        await asyncio.wait_for(stalled(), WAIT)
        for rid in range(total):
            _, _, body = await read_response(reader)
            assert json.loads(body)["id"] == 100 + rid
        writer.close()
    assert max(buffered) < 4 * len(text), f"{max(buffered)} bytes held for a client that did not read"


PASSWORD = {"jsonrpc": "2.0", "id": "e1", "method": "elicitation/create", "params": {
    "mode": "form", "message": "Log in", "requestedSchema": {
        "type": "object", "properties": {"password": {"type": "string"}}, "required": ["password"]}}}


def chunked_sse(events: list[bytes], cuts: int = 7, end: bool = True) -> bytes:
    """An SSE answer, chunked in small pieces with chunk extensions, trailers at its end."""
    stream = b"".join(events)
    out = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nMcp-Session-Id: " + SID.encode()
           + b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    for start in range(0, len(stream), cuts):
        piece = stream[start:start + cuts]
        out += b"%x;name=\"v;x\"\r\n%s\r\n" % (len(piece), piece)
    if end:
        out += b"0\r\nX-Trailer: t\r\n\r\n"
    return out


def event(message: Any) -> bytes:
    return b"event: message\ndata: " + dump(message) + b"\n\n"


async def test_an_elicitation_in_a_chunked_stream_with_extensions_is_still_judged() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        return chunked_sse([event(PASSWORD), event(result(seen["json"]["id"]))])

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert status == 200
        assert b"password" not in body and b'"id":2' in body
        writer.close()
        await running.settled(WAIT)
    assert any(isinstance(r["json"], dict) and r["json"].get("id") == "e1" and "error" in r["json"]
               for r in up.requests)


async def test_an_elicitation_in_a_stream_framed_by_the_close_is_still_judged() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        head = (b"HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\nMcp-Session-Id: " + SID.encode() + b"\r\n\r\n")
        return head + event(PASSWORD) + event(result(seen["json"]["id"])), "close"

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert status == 200
        assert b"password" not in body and b'"id":2' in body
        writer.close()


async def test_a_stream_the_upstream_breaks_off_mid_event_still_answers_the_request_once() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        return chunked_sse([event(result(seen["json"]["id"]))], end=False)[:-20], "close"

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert body.count(b'"id":2') == 1 and b"error" in body
        writer.close()


async def test_a_stream_the_upstream_breaks_off_between_events_still_answers_the_request_once() -> None:
    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        note = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}}
        return chunked_sse([event(note)], end=False), "close"

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert body.count(b'"id":2') == 1, body
        writer.close()


async def test_a_client_that_never_reads_its_answer_is_dropped_and_the_answer_freed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1, serve
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 0.5)
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)
    text = "x" * 8 * 1024 * 1024  # more than the kernel's socket buffers hold

    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"], text))) as (up, running, _):
        await initialize(running)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        host, port = running.base.removeprefix("http://").rsplit(":", 1)
        sock.connect((host, int(port)))
        sock.setblocking(False)
        _reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(post_bytes(call(2)))
        await writer.drain()

        async def dropped() -> None:
            # The answer sits in the proxy's buffer until the connection is dropped (not merely closed:
            # a closing transport keeps flushing to a client that never reads, for ever).
            while len(conns) < 2 or conns[1] in running_live(conns) or conns[1].transport.get_write_buffer_size():
                await asyncio.sleep(0.01)
        await asyncio.wait_for(dropped(), WAIT)
        writer.close()


def running_live(conns: list[Any]) -> list[Any]:
    return [c for c in conns if c in c.live]


async def test_an_answer_to_head_carries_no_body_so_the_next_answer_is_read_from_its_start() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(b"HEAD /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + post_bytes(call(2)))
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), WAIT)
        assert head.startswith(b"HTTP/1.1 405")
        # An answer to HEAD ends at its head, whatever its Content-Length says.
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 2
        writer.close()


async def test_requests_pipelined_before_a_half_close_are_all_answered() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)) + post_bytes(call(3)) + post_bytes(call(4)))
        writer.write_eof()
        answered = []
        for _ in range(3):
            status, _, body = await read_response(reader)
            answered.append(json.loads(body)["id"])
        assert answered == [2, 3, 4]
        writer.close()


@pytest.mark.parametrize("answer", [
    b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"HTTP/1.1 100 Continue\r\n\r\n",
], ids=["101", "cl-te", "te-te", "100-then-close"])
async def test_an_upstream_answer_that_cannot_be_read_one_way_gets_a_502_and_the_connection_goes_on(answer: bytes) -> None:
    count = [0]

    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        count[0] += 1
        if count[0] == 1:
            return answer, "close"
        return json_answer(result(seen["json"]["id"]))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert status == 502 and json.loads(body)["id"] == 2
        writer.write(post_bytes(call(3)))
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 3
        writer.close()


async def test_a_chunked_client_body_with_extensions_and_trailers_reaches_the_upstream_as_sent() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        body = dump(call(2))
        head = post_bytes(b"").split(b"Content-Length")[0]
        writer.write(head + b"Transfer-Encoding: chunked\r\nTrailer: Host\r\n\r\n" + b"%x;a=\"b\"\r\n%s\r\n" % (5, body[:5])
                     + b"%x\r\n%s\r\n" % (len(body) - 5, body[5:]) + b"0\r\nHost: evil.example\r\nMcp-Session-Id: other\r\n\r\n")
        status, _, answer = await read_response(reader)
        assert status == 200 and json.loads(answer)["id"] == 2
        assert up.requests[-1]["body"] == body and up.requests[-1]["headers"]["host"].startswith("127.0.0.1")
        assert up.requests[-1]["headers"]["mcp-session-id"] == SID
        writer.close()


@pytest.mark.parametrize("target", [b"http://evil.example/mcp", b"*", b"/mcp/../mcp", b"//mcp", b"/mcp/",
                                    b"/x%2Fmcp/mcp"])
async def test_a_request_target_outside_the_routes_reaches_no_upstream(target: bytes) -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        before = len(up.requests)
        reader, writer = await connect(running)
        body = dump(call(2))
        writer.write(b"POST " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Accept: application/json, text/event-stream\r\nMcp-Session-Id: " + SID.encode()
                     + b"\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        status, _, _ = await read_response(reader)
        assert status in (400, 404) and len(up.requests) == before
        writer.close()


async def test_a_pipelined_request_with_a_foreign_host_is_refused_like_the_first() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        foreign = post_bytes(call(3)).replace(b"Host: 127.0.0.1", b"Host: evil.example")
        writer.write(post_bytes(call(2)) + foreign)
        first, _, _ = await read_response(reader)
        second, _, _ = await read_response(reader)
        assert (first, second) == (200, 403)
        assert [r["json"]["id"] for r in up.requests if isinstance(r["json"], dict) and "id" in r["json"]][-1] == 2
        writer.close()


@pytest.mark.parametrize("version", [b"HTTP/0.9", b"HTTP/2.0"])
async def test_a_request_in_an_http_version_other_than_1_0_or_1_1_is_refused(version: bytes) -> None:
    async with setup(lambda seen, up: sse_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        before = len(up.requests)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)).replace(b"HTTP/1.1", version, 1))
        status, _, _ = await read_response(reader)
        assert status == 505 and len(up.requests) == before
        writer.close()


async def test_a_post_the_upstream_read_then_dropped_without_answering_is_never_sent_twice() -> None:
    executed: list[int] = []

    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        rid = seen["json"]["id"]
        executed.append(rid)
        if rid == 3 and executed.count(3) == 1:
            return None  # ran the tool, then crashed before answering: the connection drops
        return json_answer(result(rid))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, _ = await read_response(reader)
        assert status == 200
        writer.write(post_bytes(call(3)))  # on the kept connection
        status, _, body = await read_response(reader)
        # RFC 9110 9.2.2: a non-idempotent request is not retried on its own; the client decides.
        assert executed.count(3) == 1
        assert status == 502 and json.loads(body)["id"] == 3
        writer.close()


async def test_a_stream_to_a_client_that_never_reads_holds_bounded_memory_both_ways(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1, upstream
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)
    note = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "y" * 4000}}

    async def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        # 16 MB of events: far more than the sockets between hold.
        return chunked_sse([event(note)] * 4000, cuts=65536)

    async with setup(script) as (up, running, _):
        await initialize(running)
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        host, port = running.base.removeprefix("http://").rsplit(":", 1)
        sock.connect((host, int(port)))
        sock.setblocking(False)
        _reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(post_bytes(call(2)))
        await writer.drain()

        async def waiting() -> None:
            while len(conns) < 2 or conns[1]._drained is None:
                await asyncio.sleep(0.005)
        await asyncio.wait_for(waiting(), WAIT)
        client = conns[1]
        assert client.transport is not None
        held = client.transport.get_write_buffer_size()
        busy = list(client.upstreams._busy)
        assert held < 1024 * 1024 and busy and busy[0]._buffered <= upstream.HIGH_WATER + 1024 * 1024
        writer.close()


async def test_a_target_with_spaces_or_control_bytes_is_percent_encoded_in_the_request_line() -> None:
    from multidict import CIMultiDict

    from elicitguard.proxy.http.upstream import Upstreams, client_tls
    up = RawUpstream(lambda seen, up: json_answer(result(seen["json"]["id"])))
    await up.start()
    pool = Upstreams(client_tls(True), WAIT, WAIT)
    try:
        # A legacy endpoint is the upstream's text: "/messages?session=a b" must not split the line.
        answer = await asyncio.wait_for(pool.request("POST", up.url + "/a b?x=1 2\x0b\u2603%41", CIMultiDict(),
                                                     dump(call(2))), WAIT)
        answer.close()
        assert up.requests[-1]["line"] == "POST /mcp/a%20b?x=1%202%0B%E2%98%83%41 HTTP/1.1"
    finally:
        pool.close()
        await up.stop()


async def test_upstream_connections_closed_after_their_answer_are_not_kept_by_a_long_lived_client(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)

    def script(seen: dict[str, Any], up: RawUpstream) -> Any:
        return json_answer(result(seen["json"]["id"]), b"Connection: close\r\n"), "close"

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        for rid in range(2, 22):
            writer.write(post_bytes(call(rid)))
            status, _, body = await read_response(reader)
            assert status == 200 and json.loads(body)["id"] == rid
        pool = conns[-1].upstreams
        # Each answer's connection was closed: nothing of them should stay referenced.
        assert len(pool._busy) + len(pool._idle) <= 1
        writer.close()


@pytest.mark.parametrize("kind", [b"text/event-stream-x", b"text/event-stream, text/plain", b"Text/Event-Streams"])
async def test_a_stream_labelled_with_a_type_a_client_still_reads_as_sse_is_judged(kind: bytes) -> None:
    # The Python SDK reads any Content-Type that starts with "text/event-stream" as a stream.
    def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        stream = event(PASSWORD) + event(result(seen["json"]["id"]))
        return (b"HTTP/1.1 200 OK\r\nContent-Type: " + kind + b"\r\nMcp-Session-Id: " + SID.encode()
                + b"\r\nContent-Length: %d\r\n\r\n" % len(stream) + stream)

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        _, _, body = await read_response(reader)
        assert b"password" not in body
        writer.close()


async def test_slow_bodies_on_many_connections_hold_a_bounded_total(monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)
    part = b"x" * (1024 * 1024 - 1)
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"])),
                     "limits:\n  max_message_bytes: 2097152\n") as (up, running, _):
        writers = []
        for _ in range(24):
            _reader, writer = await connect(running)
            writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\n" + part)
            writers.append(writer)
        for writer in writers:
            await writer.drain()

        async def held() -> int:
            while sum(len(c._body) for c in conns) < 8 * 1024 * 1024 and len(conns) < 24:
                await asyncio.sleep(0.01)
            while any(len(c._body) == 0 for c in conns) and sum(len(c._body) for c in conns) < 8 * 1024 * 1024:
                await asyncio.sleep(0.01)
            return sum(len(c._body) for c in conns)
        total = await asyncio.wait_for(held(), WAIT)
        for writer in writers:
            writer.close()
        assert total < 8 * 1024 * 1024


async def test_an_http10_client_that_sends_expect_gets_no_interim_answer() -> None:
    async with setup(lambda seen, up: json_answer(result(seen["json"]["id"]))) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        # RFC 9110 15.2: no 1xx to an HTTP/1.0 client, which would read it as the answer.
        writer.write(post_bytes(call(2), version="1.0", extra=b"Expect: 100-continue\r\n"))
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 2
        writer.close()


async def test_an_answer_after_which_the_connection_closes_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from elicitguard.proxy.http import h1
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def capture(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", capture)
    gate = asyncio.Event()

    async def script(seen: dict[str, Any], up: RawUpstream) -> bytes:
        await gate.wait()
        return json_answer(result(seen["json"]["id"]))

    async with setup(script) as (up, running, _):
        await initialize(running)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))

        async def until(check: Callable[[], bool]) -> None:
            while not check():
                await asyncio.sleep(0.005)
        await asyncio.wait_for(until(lambda: any(isinstance(r["json"], dict) and r["json"].get("id") == 2
                                                 for r in up.requests)), WAIT)
        writer.write(b"NOT HTTP\r\n\r\n")  # the next request cannot be read: the connection ends after this answer
        await asyncio.wait_for(until(lambda: conns[-1]._stop_reading), WAIT)
        gate.set()
        status, headers, _ = await read_response(reader)
        assert status == 200 and headers.get("connection") == "close"
        writer.close()
