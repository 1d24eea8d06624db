"""The raw relay's answers: response heads, the proxy's own plain answers (400, 408, 413, ...), and a
streamed answer (:class:`RawStream`) written straight to the client connection."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from aiohttp import web
from multidict import CIMultiDict

from elicitguard.proxy.http.h1_request import RawRequest

SERVER_LINE: Final = "Server: elicitguard\r\n"
_SKIPPED: Final = frozenset({"content-length", "transfer-encoding", "connection", "server", "keep-alive"})
_REASONS: Final = {400: "Bad Request", 408: "Request Timeout", 413: "Content Too Large",
                   431: "Request Header Fields Too Large", 500: "Internal Server Error",
                   503: "Service Unavailable", 505: "HTTP Version Not Supported"}



class RawStream(web.StreamResponse):
    """A streamed answer written straight to the client connection (chunked, or to the close in HTTP/1.0).

    Writes are gathered and sent by :meth:`flush` (the relay flushes whenever it would wait for the
    upstream), so a head and the events that came with it leave in one segment."""

    FLUSH_AT: Final = 65536

    def __init__(self, request: RawRequest, status: int, headers: CIMultiDict[str]) -> None:
        super().__init__(status=status, headers=headers)
        self._conn = request.conn
        self._chunked = request.version != "1.0"
        self._pending: list[bytes] = []
        self._pending_size = 0
        self.started = False
        self.finished = False

    async def begin(self) -> None:
        self.started = True
        self._conn.streaming(self)
        self._pending.append(head_bytes(self.status, self.reason, self.headers, None, not self._chunked,
                                        chunked=self._chunked))

    async def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return
        framed = b"%x\r\n%s\r\n" % (len(data), bytes(data)) if self._chunked else bytes(data)
        self._pending.append(framed)
        self._pending_size += len(framed)
        if self._pending_size >= self.FLUSH_AT:
            await self.flush()

    async def flush(self) -> None:
        """Send what was gathered; waits while the client's buffer is full (backpressure)."""
        if self._pending:
            data = b"".join(self._pending) if len(self._pending) > 1 else self._pending[0]
            self._pending.clear()
            self._pending_size = 0
            self._conn.write(data)
        await self._conn.drain()

    async def write_eof(self, data: bytes = b"") -> None:
        if self.finished:
            return
        if data:
            await self.write(data)
        self.finished = True
        if self._chunked:
            self._pending.append(b"0\r\n\r\n")
        await self.flush()


def head_bytes(status: int, reason: str | None, headers: Mapping[str, str], length: int | None,
               close: bool, chunked: bool = False) -> bytes:
    """A response head: the handler's headers, the proxy's Server, and the framing the proxy chose."""
    # Built as one string and encoded once: a head has a handful of lines, each encode a call.
    lines = [f"HTTP/1.1 {status} {reason or ''}\r\n", SERVER_LINE]
    lines += [f"{name}: {value}\r\n" for name, value in headers.items() if name.lower() not in _SKIPPED]
    if length is not None:
        lines.append(f"Content-Length: {length}\r\n")
    if chunked:
        lines.append("Transfer-Encoding: chunked\r\n")
    if close:
        lines.append("Connection: close\r\n")
    lines.append("\r\n")
    return "".join(lines).encode("latin-1")


def plain(status: int, close: bool) -> bytes:
    """The proxy's own answer for ``status``: a fixed sentence, never anything the request said."""
    body = f"{status}: {_REASONS.get(status, 'Error')}".encode()
    return head_bytes(status, _REASONS.get(status, "Error"), {"Content-Type": "text/plain; charset=utf-8"},
                      len(body), close) + body
