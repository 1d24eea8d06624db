"""The benchmark upstream: a raw asyncio HTTP/1.1 server that answers MCP POSTs as fast as Python can.

    python bench/upstream.py [--sse-delay SECONDS]     serves on 127.0.0.1:0, prints its port on stderr

It is not aiohttp (whose per-request machinery would make the upstream, not the proxy, the
bottleneck): one ``asyncio.Protocol`` per connection, keep-alive, Content-Length request bodies.
What it answers depends on the tool name in the body, so every proxy passes the choice through:

- ``"name":"json"``       a 1 KiB ``tools/call`` result as ``application/json`` (Content-Length)
- ``"name":"sse"``        an SSE stream (chunked): a progress notification, then the 1 KiB result
- ``"name":"sse_slow"``   the same, with the result sent ``--sse-delay`` seconds after the first
                          event (time to first event shows whether a proxy streams or buffers)
- ``initialize``          a result plus a fresh ``Mcp-Session-Id``
- no ``"id"``             a notification: 202, empty body
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import sys

RESULT_TEXT = b"x" * 1024
_RESULT_HEAD = b'{"jsonrpc":"2.0","id":'
_RESULT_TAIL = b',"result":{"content":[{"type":"text","text":"' + RESULT_TEXT + b'"}]}}'
_PROGRESS = (b'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress",'
             b'"params":{"progressToken":1,"progress":1,"total":2}}\n\n')
_SSE_HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
             b"Transfer-Encoding: chunked\r\n\r\n")
_ACCEPTED = b"HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n"
_INIT_RESULT = (b',"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},'
                b'"serverInfo":{"name":"bench-upstream","version":"1"}}}')
_sessions = itertools.count(1)


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


def _request_id(body: bytes) -> bytes | None:
    """The raw id token of a JSON-RPC request the bench client (or a proxy relaying it) sent."""
    start = body.find(b'"id":')
    if start < 0:
        return None
    start += 5
    end = start
    while end < len(body) and body[end] not in b",}":
        end += 1
    return body[start:end].strip()


class Upstream(asyncio.Protocol):
    sse_delay = 0.02

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buffer[:end]).lower()
            at = head.find(b"\ncontent-length:")
            length = 0
            if at >= 0:
                stop = head.find(b"\r", at + 16)
                length = int(head[at + 16:stop if stop > 0 else None])
            if len(self.buffer) < end + 4 + length:
                return
            body = bytes(self.buffer[end + 4:end + 4 + length])
            del self.buffer[:end + 4 + length]
            self.answer(body)

    def answer(self, body: bytes) -> None:
        assert self.transport is not None
        rid = _request_id(body)
        if rid is None:
            self.transport.write(_ACCEPTED)
            return
        if b'"method":"initialize"' in body:
            payload = _RESULT_HEAD + rid + _INIT_RESULT
            self.transport.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s-%d-%d\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (os.getpid(), next(_sessions), len(payload), payload))
            return
        result = b"event: message\ndata: " + _RESULT_HEAD + rid + _RESULT_TAIL + b"\n\n"
        if b'"name":"sse_slow"' in body:
            self.transport.write(_SSE_HEAD + _chunk(_PROGRESS))
            asyncio.get_running_loop().call_later(self.sse_delay, self._finish, _chunk(result) + b"0\r\n\r\n")
        elif b'"name":"sse"' in body:
            self.transport.write(_SSE_HEAD + _chunk(_PROGRESS) + _chunk(result) + b"0\r\n\r\n")
        else:
            payload = _RESULT_HEAD + rid + _RESULT_TAIL
            self.transport.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
                                 % (len(payload), payload))

    def _finish(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None


async def serve(delay: float) -> None:
    Upstream.sse_delay = delay
    server = await asyncio.get_running_loop().create_server(Upstream, "127.0.0.1", 0, backlog=1024)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on http://127.0.0.1:{port}", file=sys.stderr, flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--sse-delay", type=float, default=0.02)
    try:
        asyncio.run(serve(parser.parse_args().sse_delay))
    except KeyboardInterrupt:
        pass
