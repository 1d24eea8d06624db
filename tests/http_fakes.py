"""The HTTP test harness: a scripted upstream, the in-process proxy, and a raw client.

The upstream is a scripted aiohttp app on 127.0.0.1:0 (``Fake``) that records every request reaching it
and answers as each test tells it to, including bytes no SDK would send. The proxy is started with
:func:`elicitguard.proxy.http.listening` (its base URL and a read-only view of its sessions; nothing
here depends on how the proxy's listener is built). The client is a raw ``aiohttp.ClientSession``, so
the tests see the exact bytes the proxy writes.

Test modules import the fixtures they use (``h``, ``fake``, ``proxy``, ``lockstep``) from here.
Every wait is bounded by ``WAIT``; nothing sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from conftest import WAIT
from multidict import CIMultiDictProxy

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import Listening, SessionsView, listening, upstream

SID = "sess-1"
V = "2025-11-25"
PASSWORD_PARAMS = {"mode": "form", "message": "Log in", "requestedSchema": {
    "type": "object", "properties": {"password": {"type": "string"}}, "required": ["password"]}}
NAME_PARAMS = {"mode": "form", "message": "Your name?", "requestedSchema": {
    "type": "object", "properties": {"name": {"type": "string"}}}}
URL_PARAMS = {"mode": "url", "message": "Connect", "url": "https://auth.example.com/connect", "elicitationId": "e-1"}
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": V, "capabilities": {"elicitation": {"form": {}, "url": {}}},
    "clientInfo": {"name": "raw-test-client", "version": "1"}}}
INIT_RESULT = {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": V, "capabilities": {},
                                                     "serverInfo": {"name": "fake", "version": "0"}}}
CALL = {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "login", "arguments": {}}}
RESULT = {"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "done"}]}}
MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
               "io.modelcontextprotocol/clientInfo": {"name": "raw-test-client", "version": "1"},
               "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}}}


def dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


def elicit(request_id: Any, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "elicitation/create", "params": params}


def note(text: str) -> bytes:
    """A harmless notification whose text marks a position in a stream."""
    return dump({"jsonrpc": "2.0", "method": "notifications/message",
                 "params": {"level": "info", "logger": "fake", "data": text}})


def ev(data: bytes | dict[str, Any], nl: bytes = b"\n", event: str | None = "message", event_id: str | None = None,
       retry: str | None = None) -> bytes:
    raw = data if isinstance(data, bytes) else dump(data)
    out = b""
    if event_id is not None:
        out += b"id: " + event_id.encode() + nl
    if event is not None:
        out += b"event: " + event.encode() + nl
    if retry is not None:
        out += b"retry: " + retry.encode() + nl
    for line in raw.split(b"\n"):
        out += b"data: " + line + nl
    return out + nl


def sse_data(stream: bytes) -> list[bytes]:
    """The data of each event in a byte stream (a small independent SSE reader for assertions).

    As WHATWG requires (and as TextDecoderStream in the TypeScript SDK's client does), one leading
    UTF-8 byte-order mark is ignored.
    """
    text = stream.removeprefix(b"\xef\xbb\xbf").replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    out = []
    for block in text.split(b"\n\n"):
        lines = [line[5:].removeprefix(b" ") for line in block.split(b"\n") if line.startswith(b"data:")]
        if lines:
            out.append(b"\n".join(lines))
    return out


def sse_messages(stream: bytes) -> list[Any]:
    return [json.loads(d) for d in sse_data(stream) if d.strip()]


# ---- the scripted upstream --------------------------------------------------------------------------------


@dataclass
class Seen:
    method: str
    path: str
    headers: CIMultiDictProxy[str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)


Handler = Callable[[web.Request, Seen], Awaitable[web.StreamResponse]]
Part = bytes | asyncio.Event | asyncio.Queue[bytes | None] | Callable[[], Awaitable[None]]


class Fake:
    """A scripted upstream MCP endpoint; ``post``/``get``/``delete`` override the default behaviour."""

    def __init__(self) -> None:
        self.seen: list[Seen] = []
        self.post: Handler | None = None
        self.get: Handler | None = None
        self.delete: Handler | None = None
        self.gates: list[asyncio.Event] = []
        self.queues: list[asyncio.Queue[bytes | None]] = []
        self.runner: web.AppRunner | None = None
        self.url = ""
        # Set by the ``lockstep`` fixture: byte-by-byte writes then wait until the bytes were received.
        self.lockstep: asyncio.Event | None = None

    async def start(self) -> None:
        app = web.Application(client_max_size=64 << 20)  # the proxy's limit (16 MiB by default) is what is tested
        app.router.add_route("*", "/{tail:.*}", self._dispatch)
        self.runner = web.AppRunner(app, shutdown_timeout=2.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.base = f"http://127.0.0.1:{self.runner.addresses[0][1]}"
        self.url = self.base + "/mcp"

    def end_streams(self) -> None:
        for gate in self.gates:
            gate.set()
        for queue in self.queues:
            queue.put_nowait(None)

    async def stop(self) -> None:
        self.end_streams()
        if self.runner is not None:
            await self.runner.cleanup()

    def gate(self) -> asyncio.Event:
        gate = asyncio.Event()
        self.gates.append(gate)
        return gate

    def queue(self) -> asyncio.Queue[bytes | None]:
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.queues.append(queue)
        return queue

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        seen = Seen(request.method, request.path_qs, request.headers, await request.read())
        self.seen.append(seen)
        handler = {"POST": self.post, "GET": self.get, "DELETE": self.delete}.get(request.method)
        if handler is not None:
            return await handler(request, seen)
        return await self.default(request, seen)

    async def default(self, request: web.Request, seen: Seen) -> web.StreamResponse:
        if request.method == "GET":
            return web.Response(status=405, headers={"Allow": "POST, DELETE"})
        if request.method == "DELETE":
            return web.Response(status=200)
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": body["id"]}), content_type="application/json",
                                headers={"Mcp-Session-Id": SID})
        if not isinstance(body, dict) or "id" not in body or "method" not in body:
            return web.Response(status=202)  # notifications and responses
        return web.Response(body=dump({**RESULT, "id": body["id"]}), content_type="application/json")

    async def sse(self, request: web.Request, parts: list[Part], *, status: int = 200,
                  headers: dict[str, str] | None = None, byte_by_byte: bool = False,
                  abort: bool = False) -> web.StreamResponse:
        response = web.StreamResponse(status=status, headers={"Content-Type": "text/event-stream",
                                                              "Cache-Control": "no-cache", **(headers or {})})
        await response.prepare(request)

        async def write(data: bytes) -> None:
            if byte_by_byte:
                for i in range(len(data)):
                    if self.lockstep is not None:
                        self.lockstep.clear()
                    await response.write(data[i:i + 1])
                    await request.writer.drain()
                    if self.lockstep is not None:
                        await asyncio.wait_for(self.lockstep.wait(), WAIT)
            else:
                await response.write(data)

        for part in parts:
            if isinstance(part, bytes):
                await write(part)
            elif isinstance(part, asyncio.Event):
                await asyncio.wait_for(part.wait(), WAIT)
            elif isinstance(part, asyncio.Queue):
                while (item := await asyncio.wait_for(part.get(), WAIT)) is not None:
                    await write(item)
            else:
                await part()
        if abort:
            assert request.transport is not None
            request.transport.close()
            return response
        await response.write_eof()
        return response

    # what reached the upstream

    def posts(self) -> list[Seen]:
        return [s for s in self.seen if s.method == "POST"]

    def answers_to(self, request_id: Any) -> list[Seen]:
        """POSTs carrying a JSON-RPC response with this id (the proxy's own answers, or relayed ones)."""
        out = []
        for s in self.posts():
            try:
                body = s.json
            except ValueError:
                continue
            for m in body if isinstance(body, list) else [body]:
                if isinstance(m, dict) and "method" not in m and m.get("id") == request_id:
                    out.append(s)
        return out


# ---- the proxy and the client -----------------------------------------------------------------------------


class Reader:
    """Reads a streamed response incrementally, every read bounded."""

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self.response = response
        self.buf = b""

    async def until(self, marker: bytes) -> bytes:
        while marker not in self.buf:
            chunk = await asyncio.wait_for(self.response.content.readany(), WAIT)
            assert chunk, f"stream ended before {marker!r}; got {self.buf!r}"
            self.buf += chunk
        return self.buf

    async def rest(self) -> bytes:
        self.buf += await asyncio.wait_for(self.response.content.read(), WAIT)
        return self.buf


@dataclass
class Proxy:
    running: Listening
    stream: io.StringIO

    @property
    def base(self) -> str:
        return self.running.base

    @property
    def sessions(self) -> SessionsView:
        return self.running.sessions

    @property
    def url(self) -> str:
        return self.base + "/mcp"

    def audit(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.stream.getvalue().splitlines() if line.strip()]

    def events(self, name: str) -> list[dict[str, Any]]:
        return [r for r in self.audit() if r["event"] == name]


@dataclass
class Harness:
    client: aiohttp.ClientSession
    stack: contextlib.AsyncExitStack
    fakes: list[Fake] = field(default_factory=list)
    proxies: list[Proxy] = field(default_factory=list)

    async def settled(self) -> None:
        """Every answer each proxy sent its upstream on its own has had its reply."""
        for proxy in self.proxies:
            await proxy.running.settled(WAIT)

    async def new_fake(self) -> Fake:
        fake = Fake()
        await fake.start()
        self.fakes.append(fake)
        return fake

    async def proxy(self, upstream: str | None, config: str = "") -> Proxy:
        stream = io.StringIO()
        running = await self.stack.enter_async_context(
            listening(load_config_text(config), upstream, AuditLog(stream=stream)))
        self.proxies.append(proxy := Proxy(running, stream))
        return proxy

    async def post(self, url: str, body: bytes | dict[str, Any], headers: dict[str, str] | None = None
                   ) -> aiohttp.ClientResponse:
        data = body if isinstance(body, bytes) else dump(body)
        return await asyncio.wait_for(self.client.post(url, data=data, headers={
            "Content-Type": "application/json", "Accept": "application/json, text/event-stream", **(headers or {})}), WAIT)

    async def initialize(self, proxy: Proxy, path: str = "/mcp", headers: dict[str, str] | None = None,
                         session_id: str = SID) -> dict[str, str]:
        """Initialize a session through the proxy (with ``headers``, e.g. credentials); returns the
        headers for later requests (those too: a session is bound to the credentials that created it)."""
        async with await self.post(proxy.base + path, INIT, headers) as response:
            assert response.status == 200, await response.text()
            assert response.headers["Mcp-Session-Id"] == session_id
            assert (await asyncio.wait_for(response.json(), WAIT))["id"] == 1
        return {**(headers or {}), "Mcp-Session-Id": session_id, "MCP-Protocol-Version": V}

    async def read(self, response: aiohttp.ClientResponse) -> bytes:
        async with response:
            return await asyncio.wait_for(response.read(), WAIT)


@pytest.fixture
async def h() -> AsyncIterator[Harness]:
    client = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT))
    async with contextlib.AsyncExitStack() as stack:
        harness = Harness(client, stack)
        try:
            yield harness
        finally:
            for fake in harness.fakes:
                fake.end_streams()
            await client.close()
            await stack.aclose()
            for fake in harness.fakes:
                await fake.stop()


@pytest.fixture
async def fake(h: Harness) -> Fake:
    return await h.new_fake()


@pytest.fixture
def lockstep(fake: Fake, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the fake's byte-by-byte writes arrive as separate reads on the proxy.

    Everything runs on one event loop, so without this the fake would write every byte before the
    proxy ran once and the proxy would read them as one chunk. Each byte is written, then the fake
    waits until a reader was fed data (aiohttp's StreamReader.feed_data); the proxy's waiting
    read was woken first, so it consumes that byte alone.
    """
    arrived = asyncio.Event()
    original = aiohttp.streams.StreamReader.feed_data

    def feed_data(self: aiohttp.StreamReader, data: bytes, *args: Any, **kwargs: Any) -> Any:
        result = original(self, data, *args, **kwargs)
        if data:
            arrived.set()
        return result

    monkeypatch.setattr(aiohttp.streams.StreamReader, "feed_data", feed_data)
    raw_body = upstream.Connection.on_body

    def on_body(self: upstream.Connection, body: bytes) -> None:
        raw_body(self, body)
        if body:
            arrived.set()

    monkeypatch.setattr(upstream.Connection, "on_body", on_body)
    fake.lockstep = arrived


@pytest.fixture
async def proxy(h: Harness, fake: Fake) -> Proxy:
    return await h.proxy(fake.url)


def sse_on_call(fake: Fake, parts: list[Part], **kwargs: Any) -> None:
    """Script the fake: answer the client's tools/call with an SSE stream of ``parts``."""

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "tools/call":
            return await fake.sse(request, parts, **kwargs)
        return await fake.default(request, seen)

    fake.post = post


def assert_blocked_answer(fake: Fake, request_id: Any, code: int = -32602) -> Seen:
    """The upstream got exactly one answer for ``request_id``: an error from the proxy on the same session."""
    answers = fake.answers_to(request_id)
    assert len(answers) == 1, [a.body for a in answers]
    body = answers[0].json
    assert body["id"] == request_id and type(body["id"]) is type(request_id)
    assert body["error"]["code"] == code, body
    assert body["error"]["data"]["source"] == "elicitguard"
    return answers[0]


