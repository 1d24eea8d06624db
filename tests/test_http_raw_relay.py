"""What the raw relay needs as a proxy: chunked bodies both ways, keep-alive upstream connections, TLS
to the upstream (with ``http.ca_bundle``), backpressure, timeouts (request head, idle connection,
upstream connect and read) and half-close. Framing refusals have their own table
(test_http_smuggling.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import ssl
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from conftest import WAIT
from http_fakes import CALL, RESULT, Fake, Harness, Proxy, Seen, dump

from elicitguard.proxy.http import common, serve
from elicitguard.proxy.http.h1 import H1Connection, Settings
from elicitguard.proxy.http.upstream import HIGH_WATER, Connection, Upstreams

CERTS = Path(__file__).parent / "certs"
BODY = dump(CALL)


def port_of(proxy: Proxy) -> int:
    return int(proxy.base.rsplit(":", 1)[1])


async def raw_post(proxy: Proxy, data: bytes, *, half_close: bool = False) -> bytes:
    reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port_of(proxy)), WAIT)
    try:
        writer.write(data)
        await writer.drain()
        if half_close:
            writer.write_eof()
        return await asyncio.wait_for(reader.read(), WAIT)
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


def post_bytes(body: bytes, *extra: bytes, chunked: bool = False) -> bytes:
    head = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" \
           b"Accept: application/json, text/event-stream\r\n" + b"".join(e + b"\r\n" for e in extra)
    if chunked:
        pieces = [body[i:i + 10] for i in range(0, len(body), 10)]
        return head + b"Transfer-Encoding: chunked\r\n\r\n" + b"".join(
            b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"
    return head + b"Content-Length: %d\r\n\r\n" % len(body) + body


def dechunk(body: bytes) -> bytes:
    out = b""
    while True:
        size_line, body = body.split(b"\r\n", 1)
        size = int(size_line, 16)
        if not size:
            return out
        out, body = out + body[:size], body[size + 2:]


# ---- chunked bodies both ways --------------------------------------------------------------------------------


async def test_a_chunked_request_reaches_the_upstream_whole_and_a_chunked_answer_reaches_the_client(
        fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json"})
        response.enable_chunked_encoding()
        await response.prepare(request)
        payload = dump({**RESULT, "id": seen.json["id"]})
        for i in range(0, len(payload), 7):  # many small chunks
            await response.write(payload[i:i + 7])
        await response.write_eof()
        return response

    fake.post = post
    answer = await raw_post(proxy, post_bytes(BODY, b"Connection: close", chunked=True))
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 ")
    assert [seen.body for seen in fake.posts()] == [BODY]
    assert fake.posts()[0].headers.get("Transfer-Encoding") is None  # the proxy sent a Content-Length
    assert json.loads(body) == RESULT


async def test_an_event_stream_reaches_the_client_chunked_and_ends_with_the_last_chunk(
        fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [b"event: message\ndata: " + dump(RESULT) + b"\n\n"])

    fake.post = post
    answer = await raw_post(proxy, post_bytes(BODY, b"Connection: close"))
    head, body = answer.split(b"\r\n\r\n", 1)
    assert b"Transfer-Encoding: chunked" in head and b"Content-Length" not in head
    assert body.endswith(b"0\r\n\r\n")
    assert dechunk(body) == b"event: message\ndata: " + dump(RESULT) + b"\n\n"


async def test_a_stream_that_drops_nothing_never_parses_the_clients_body_again(
        fake: Fake, proxy: Proxy, monkeypatch: pytest.MonkeyPatch) -> None:
    # Its request ids are needed only to answer requests whose answers the proxy dropped.
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [b"event: message\ndata: " + dump(RESULT) + b"\n\n"])

    parsed: list[bytes] = []
    original = common.parse_envelope
    monkeypatch.setattr(common, "parse_envelope", lambda raw, limit: parsed.append(raw) or original(raw, limit))
    fake.post = post
    answer = await raw_post(proxy, post_bytes(BODY, b"Connection: close"))
    assert dechunk(answer.split(b"\r\n\r\n", 1)[1]) == b"event: message\ndata: " + dump(RESULT) + b"\n\n"
    assert parsed == []


async def test_two_requests_on_one_client_connection_use_one_upstream_connection(h: Harness) -> None:
    peers: list[Any] = []

    async def serve_upstream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peers.append(writer.get_extra_info("peername"))
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                request = json.loads(await reader.readexactly(length))
                payload = dump({**RESULT, "id": request["id"]})
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                             % (len(payload), payload))
        writer.close()

    server = await asyncio.start_server(serve_upstream, "127.0.0.1", 0)
    try:
        proxy = await h.proxy(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/mcp")
        answer = await raw_post(proxy, post_bytes(BODY) + post_bytes(BODY, b"Connection: close"))
    finally:
        server.close()
    assert answer.count(b"HTTP/1.1 200 ") == 2
    assert len(peers) == 1


async def test_an_answer_the_upstream_sent_unasked_never_reaches_the_next_request(h: Harness) -> None:
    peers: list[Any] = []

    async def serve_upstream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peers.append(writer.get_extra_info("peername"))
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
                request = json.loads(await reader.readexactly(length))
                for rid in (request["id"], "planted"):  # a second answer nobody asked for
                    payload = dump({**RESULT, "id": rid})
                    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(payload), payload))
        writer.close()

    server = await asyncio.start_server(serve_upstream, "127.0.0.1", 0)
    try:
        proxy = await h.proxy(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/mcp")
        first = await raw_post(proxy, post_bytes(BODY) + post_bytes(dump({**CALL, "id": 3}), b"Connection: close"))
    finally:
        server.close()
    assert b"planted" not in first
    assert b'"id":2' in first and b'"id":3' in first
    assert len(peers) == 2  # the connection that answered twice was not used again


# ---- TLS to the upstream -------------------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def tls_upstream() -> AsyncIterator[str]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(CERTS / "upstream.pem", CERTS / "upstream-key.pem")
    fake = Fake()
    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", fake._dispatch)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0, ssl_context=context).start()
    try:
        yield f"https://localhost:{runner.addresses[0][1]}/mcp"
    finally:
        await runner.cleanup()


async def test_an_https_upstream_is_reached_with_the_configured_ca_bundle(h: Harness) -> None:
    async with tls_upstream() as url:
        proxy = await h.proxy(url, f"http:\n  ca_bundle: {json.dumps(str(CERTS / 'upstream.pem'))}\n")
        response = await h.post(proxy.url, CALL)
        assert response.status == 200
        assert json.loads(await h.read(response)) == RESULT


async def test_an_https_upstream_whose_certificate_is_not_trusted_is_refused(h: Harness) -> None:
    async with tls_upstream() as url:
        proxy = await h.proxy(url)  # the system's CAs do not know the test certificate
        response = await h.post(proxy.url, CALL)
        body = json.loads(await h.read(response))
    assert response.status == 502
    assert body["error"]["data"]["rule"] == "upstream.unreachable"


# ---- backpressure --------------------------------------------------------------------------------------------


class FakeTransport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.paused = False
        self.written: list[bytes] = []
        self.closed = False

    def pause_reading(self) -> None:
        self.paused = True

    def resume_reading(self) -> None:
        self.paused = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        pass

    def get_write_buffer_size(self) -> int:
        return 0  # every write goes out at once

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return ("127.0.0.1", 1) if name == "peername" else default


async def test_the_upstream_is_read_no_further_while_the_relay_has_not_taken_what_arrived() -> None:
    conn = Connection(asyncio.get_running_loop(), ("http", "127.0.0.1", 1), read_timeout=WAIT)
    transport = FakeTransport()
    conn.connection_made(transport)
    sent = asyncio.ensure_future(conn.send(b"GET / HTTP/1.1\r\n\r\n"))
    await asyncio.sleep(0)  # let send() write and wait for the head
    conn.data_received(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
    await asyncio.wait_for(sent, WAIT)
    piece = b"x" * 65536
    while not transport.paused:
        conn.data_received(b"%x\r\n%s\r\n" % (len(piece), piece))
        assert sum(map(len, conn._chunks)) <= HIGH_WATER + len(piece)
    assert len(await asyncio.wait_for(conn.next_chunk(), WAIT)) > HIGH_WATER
    assert not transport.paused  # taken: reading goes on


async def test_a_request_counts_as_sent_only_once_the_upstream_transport_has_drained_it() -> None:
    # The body's room in the budget goes back when the request left the transport's buffer, not when
    # it was handed to a transport that the upstream does not read from.
    class Backlogged(FakeTransport):
        backlog = 1_000_000

        def get_write_buffer_size(self) -> int:
            return self.backlog

    conn = Connection(asyncio.get_running_loop(), ("http", "127.0.0.1", 1), read_timeout=WAIT)
    transport = Backlogged()
    conn.connection_made(transport)
    told: list[bool] = []
    answer = asyncio.ensure_future(conn.send(b"POST / HTTP/1.1\r\n\r\n" + b"x" * 1_000_000, lambda: told.append(True)))
    await asyncio.sleep(0)  # send() wrote and waits for the head
    assert told == []
    conn.pause_writing()
    transport.backlog = 0
    conn.resume_writing()  # drained
    assert told == [True]
    conn.data_received(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
    await asyncio.wait_for(answer, WAIT)
    assert told == [True]  # once


async def test_a_stream_waits_while_the_client_reads_slower_than_the_upstream_writes() -> None:
    settings = Settings(max_body=1 << 20, head_timeout=WAIT, idle_timeout=WAIT, body_timeout=WAIT,
                        new_upstreams=lambda: Upstreams(ssl.create_default_context(), WAIT, WAIT))
    conn = H1Connection(lambda request: asyncio.sleep(0), settings, set())  # type: ignore[arg-type, return-value]
    conn.connection_made(FakeTransport())
    conn.pause_writing()  # the client's socket buffer is full
    drained = asyncio.ensure_future(conn.drain())
    await asyncio.sleep(0)
    assert not drained.done()
    conn.resume_writing()
    await asyncio.wait_for(drained, WAIT)
    conn.connection_lost(None)


# ---- timeouts ------------------------------------------------------------------------------------------------


async def test_a_request_head_that_never_ends_is_answered_408_and_closed(
        fake: Fake, h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "HEAD_TIMEOUT", 0.2)
    proxy = await h.proxy(fake.url)
    answer = await raw_post(proxy, b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    assert answer.startswith(b"HTTP/1.1 408 ")
    assert fake.seen == []


async def test_an_idle_keep_alive_connection_is_closed(fake: Fake, h: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 0.2)
    proxy = await h.proxy(fake.url)
    answer = await raw_post(proxy, post_bytes(BODY))  # keep-alive: only the idle timeout ends it
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.count(b"HTTP/1.1 ") == 1


@contextlib.contextmanager
def unanswered_listener(backlog_filled: bool) -> Any:
    """A port that accepts no connection (its backlog full), or accepts and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    fillers = []
    try:
        if backlog_filled:
            for _ in range(8):
                filler = socket.socket()
                filler.setblocking(False)
                with contextlib.suppress(BlockingIOError):
                    filler.connect(listener.getsockname())
                fillers.append(filler)
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/mcp"
    finally:
        for filler in fillers:
            filler.close()
        listener.close()


async def test_an_upstream_that_never_accepts_the_connection_is_answered_502_after_connect_timeout(
        h: Harness) -> None:
    with unanswered_listener(backlog_filled=True) as url:
        proxy = await h.proxy(url, "http:\n  connect_timeout: 0.3\n")
        response = await h.post(proxy.url, CALL)
        body = json.loads(await h.read(response))
    assert response.status == 502 and body["id"] == 2
    assert body["error"]["data"]["rule"] == "upstream.unreachable"


async def test_an_upstream_that_never_answers_is_answered_502_after_read_timeout(h: Harness) -> None:
    with unanswered_listener(backlog_filled=False) as url:
        proxy = await h.proxy(url, "http:\n  read_timeout: 0.3\n")
        response = await h.post(proxy.url, CALL)
        body = json.loads(await h.read(response))
    assert response.status == 502 and body["id"] == 2
    [error] = proxy.events("upstream.error")
    assert error["detail"] == "UpstreamTimeout"


async def test_an_upstream_that_stops_mid_body_is_answered_502_after_read_timeout(h: Harness) -> None:
    async def serve_upstream(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.IncompleteReadError):
            head = await reader.readuntil(b"\r\n\r\n")
            await reader.readexactly(int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0]))
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
            await reader.read()  # the rest never comes
        writer.close()

    server = await asyncio.start_server(serve_upstream, "127.0.0.1", 0)
    try:
        proxy = await h.proxy(f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}/mcp",
                              "http:\n  read_timeout: 0.3\n")
        response = await h.post(proxy.url, CALL)
        body = json.loads(await h.read(response))
    finally:
        server.close()
    assert response.status == 502 and body["id"] == 2
    assert body["error"]["data"]["rule"] == "upstream.incomplete_body"


# ---- half-close ----------------------------------------------------------------------------------------------


async def test_a_client_that_half_closes_after_its_request_still_gets_the_whole_answer(
        fake: Fake, proxy: Proxy) -> None:
    answer = await raw_post(proxy, post_bytes(BODY), half_close=True)
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 200 ")
    assert json.loads(body) == RESULT
    assert [seen.body for seen in fake.posts()] == [BODY]
