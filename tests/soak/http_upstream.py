"""The soak's Streamable HTTP upstream: a raw asyncio HTTP/1.1 server (not aiohttp, whose per-request
cost would make the peer the bottleneck), scripted by the client's ``tools/call`` arguments.

    python -m tests.soak.http_upstream        prints "listening on PORT" on stdout

2025-era sessions start with ``initialize`` (it issues an ``Mcp-Session-Id``) and end with DELETE;
2026-07-28 requests carry no session. Server requests travel on the POST's SSE stream, which stays
open until their one answer arrives on another POST: the client's, or the proxy's own for what it
blocked (checked: same session, same credentials, exactly once). ``GET /_soak/stats`` (straight to
the upstream, never through the proxy) returns what it counted.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
from typing import Any

from . import wire
from .flows import (
    Await,
    Flow,
    Send,
    check_proxy_round,
    check_request,
    check_retry,
    final_result,
    is_proxy_round,
    server_flow,
)
from .plan import FORM_SECRET, PROXY_ANSWERS, Exchange
from .tally import Tally

_REASONS = {200: b"OK", 202: b"Accepted", 400: b"Bad Request", 404: b"Not Found", 405: b"Method Not Allowed"}
_SSE_HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
             b"Transfer-Encoding: chunked\r\n\r\n")


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


class _Session:
    __slots__ = ("auth", "exchanges")

    def __init__(self, auth: str | None) -> None:
        self.auth = auth
        self.exchanges = 0


class Upstream:
    """What all connections share: sessions, the flows awaiting an answer, and the counts."""

    def __init__(self) -> None:
        self.tally = Tally()
        self.sessions: dict[str, _Session] = {}
        self.ids = itertools.count(1)
        self.waiting: dict[tuple[str | None, type, Any], tuple[Flow, Exchange, Connection]] = {}
        self.answered: set[tuple[str | None, type, Any]] = set()
        self.counts = {"requests": 0, "messages_in": 0, "messages_out": 0, "sessions_started": 0,
                       "sessions_deleted": 0, "proxy_answers": 0, "client_answers": 0, "retries": 0,
                       "bytes_in": 0, "bytes_out": 0, "stateless_requests": 0}

    def stats(self) -> dict[str, Any]:
        tally = Tally()
        tally.merge(self.tally.as_dict())
        for (sid, _, rid), (_, x, _) in list(self.waiting.items()):
            tally.fail("lost", f"no answer came to the server's request {rid!r} (session {sid}, exchange {x.n}, "
                               f"{x.kind})")
        return {**self.counts, "open_sessions": len(self.sessions), "tally": tally.as_dict()}


class Connection(asyncio.Protocol):
    def __init__(self, upstream: Upstream) -> None:
        self.up = upstream
        self.buf = bytearray()
        self.transport: asyncio.Transport | None = None
        self.streaming = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None

    def data_received(self, data: bytes) -> None:
        self.buf += data
        while True:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            lines = bytes(self.buf[:end]).decode("latin-1").split("\r\n")
            method, path, _ = lines[0].split(" ", 2)
            headers: dict[str, str] = {}
            doubled = []
            for line in lines[1:]:
                name, _, value = line.partition(":")
                name = name.strip().lower()
                if name in headers:
                    doubled.append(name)
                headers[name] = value.strip()
            length = int(headers.get("content-length", "0"))
            if len(self.buf) < end + 4 + length:
                return
            body = bytes(self.buf[end + 4:end + 4 + length])
            del self.buf[:end + 4 + length]
            if doubled:
                self.up.tally.fail("mismatched", f"{method} {path} with duplicate headers {doubled}")
            self.up.counts["bytes_in"] += end + 4 + length
            self.request(method, path, headers, body)

    # ---- writing -------------------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        self.up.counts["bytes_out"] += len(data)
        if self.transport is not None:
            self.transport.write(data)

    def respond(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None,
                content_type: str = "application/json") -> None:
        head = b"HTTP/1.1 %d %s\r\n" % (status, _REASONS.get(status, b"Status"))
        if body:
            head += b"Content-Type: %s\r\n" % content_type.encode()
        for name, value in (headers or {}).items():
            head += b"%s: %s\r\n" % (name.encode(), value.encode())
        self.write(head + b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def event(self, data: bytes) -> None:
        self.up.counts["messages_out"] += 1
        self.write(_chunk(b"event: message\ndata: " + data + b"\n\n"))

    # ---- requests ------------------------------------------------------------------------------------

    def request(self, method: str, path: str, headers: dict[str, str], body: bytes) -> None:
        up = self.up
        if method == "GET" and path == "/_soak/stats":
            self.respond(200, wire.dumps(up.stats()))
            return
        sid = headers.get("mcp-session-id")
        if method == "DELETE":
            session = up.sessions.pop(sid or "", None)
            if session is None:
                up.tally.fail("unexpected", f"DELETE of unknown session {sid!r}")
                self.respond(404)
                return
            up.counts["sessions_deleted"] += 1
            self.respond(200)
            return
        if method != "POST":
            up.tally.fail("unexpected", f"{method} {path}")
            self.respond(405)
            return
        up.counts["requests"] += 1
        up.counts["messages_in"] += 1
        obj = wire.loads(body)
        session = up.sessions.get(sid) if sid is not None else None
        if sid is not None and session is None:
            up.tally.fail("unexpected", f"POST on unknown session {sid!r}: {body[:200]!r}")
            self.respond(404, wire.dumps({"jsonrpc": "2.0", "id": None,
                                          "error": {"code": -32600, "message": "No session"}}))
            return
        if session is not None and headers.get("authorization") != session.auth:
            up.tally.fail("mismatched", f"session {sid} used with other credentials: {body[:120]!r}")
        rid = obj.get("id")
        method_name = obj.get("method")
        if method_name is None:
            self.answer(sid, obj, body, headers)
            return
        if rid is None:  # a notification
            self.respond(202)
            return
        if method_name == "initialize":
            new = f"soak-{next(up.ids)}"
            up.sessions[new] = _Session(headers.get("authorization"))
            up.counts["sessions_started"] += 1
            up.counts["messages_out"] += 1
            self.respond(200, wire.init_result(rid), {"Mcp-Session-Id": new})
            return
        if method_name == "server/discover":
            up.counts["stateless_requests"] += 1
            up.counts["messages_out"] += 1
            self.respond(200, wire.discover_result(rid))
            return
        if method_name != "tools/call":
            up.tally.fail("unexpected", f"method {method_name}")
            self.respond(200, wire.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "no"}}))
            return
        if session is not None:
            session.exchanges += 1
        else:
            up.counts["stateless_requests"] += 1
        x = Exchange.from_args(obj["params"]["arguments"])
        if is_proxy_round(obj):
            up.counts["retries"] += 1
            check_proxy_round(x, obj, up.tally)
            up.counts["messages_out"] += 1
            self.respond(200, final_result(x, rid)(None))
            return
        if "requestState" in obj["params"]:
            up.counts["retries"] += 1
            check_retry(x, body, obj, up.tally)
            up.counts["messages_out"] += 1
            self.respond(200, final_result(x, x.retry_rid)(None))
            return
        check_request(x, body, obj, up.tally)
        flow = server_flow(x, up.tally)
        if not x.sse:
            sends = list(flow)
            if len(sends) != 1 or not isinstance(sends[0], Send):
                up.tally.fail("unexpected", f"exchange {x.n} ({x.kind}) is not one JSON answer")
                return
            up.counts["messages_out"] += 1
            self.respond(200, sends[0].build(None))
            return
        self.write(_SSE_HEAD)
        self.run(flow, x, sid)

    def run(self, flow: Flow, x: Exchange, sid: str | None, reply: tuple[bytes, dict[str, Any]] | None = None) -> None:
        try:
            step = flow.send(reply) if reply is not None else next(flow)
            while True:
                if isinstance(step, Await):
                    self.up.waiting[(sid, type(step.rid), step.rid)] = (flow, x, self)
                    return
                self.event(step.build(None))
                step = next(flow)
        except StopIteration:
            self.write(b"0\r\n\r\n")

    def answer(self, sid: str | None, obj: dict[str, Any], body: bytes, headers: dict[str, str]) -> None:
        """A response to one of the server's elicitations: the client's, or the proxy's."""
        up = self.up
        rid = obj.get("id")
        key = (sid, type(rid), rid)
        entry = up.waiting.pop(key, None)
        self.respond(202)
        if entry is None:
            what = "duplicated" if key in up.answered else "unexpected"
            up.tally.fail(what, f"answer to {rid!r} on session {sid} nobody awaits: {body[:200]!r}")
            return
        up.answered.add(key)
        flow, x, stream = entry
        if x.kind in PROXY_ANSWERS or x.kind == FORM_SECRET:
            up.counts["proxy_answers"] += 1
        else:
            up.counts["client_answers"] += 1
        stream.run(flow, x, sid, (body, obj))


async def main() -> None:
    upstream = Upstream()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Connection(upstream), "127.0.0.1", 0, backlog=1024)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    sys.exit(0)
