"""The client side of the raw relay: HTTP/1.1 on an asyncio ``Protocol``, heads parsed by llhttp
(httptools), bodies collected as bytes, answers written whole (Content-Length) or as a chunked stream.

Framing a proxy could read one way and a server behind it another is refused with 400 and the
connection closed: Content-Length with Transfer-Encoding, two Content-Lengths, a coding other than
exactly ``chunked`` (or any coding in HTTP/1.0), two Host headers, obs-fold, bare LF, bad or
overflowing chunk sizes (llhttp refuses most of these itself; the rest are checked here).

One request is handled at a time per connection; pipelined requests wait (reading pauses past a few).
Every wait is bounded: an idle keep-alive connection, a request head, a request body, a client that
stops reading its answer (dropped after the idle timeout). A client that half-closes after its
request still gets its answer; one that hangs up cancels its request's handler, which closes the
upstream exchange it held.
"""

from __future__ import annotations

import asyncio
import collections
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Final, cast

import httptools
from aiohttp import web
from multidict import CIMultiDict

from elicitguard.proxy.http.budget import READ_SIZE, RESERVE, STEP, BodyBudget, Refusals, Spare
from elicitguard.proxy.http.deadline import Deadline
from elicitguard.proxy.http.upstream import Upstreams

MAX_HEAD: Final = 65536  # bytes of a request line and headers: 431 past it
MAX_QUEUED: Final = 16  # pipelined requests waiting: past it the connection is closed
LINGER: Final = 2.0  # seconds input is read and dropped after a timeout answer, before the close
SERVER_LINE: Final = "Server: elicitguard\r\n"
_SKIPPED: Final = frozenset({"content-length", "transfer-encoding", "connection", "server", "keep-alive"})
_REASONS: Final = {400: "Bad Request", 408: "Request Timeout", 413: "Content Too Large",
                   431: "Request Header Fields Too Large", 500: "Internal Server Error",
                   503: "Service Unavailable", 505: "HTTP Version Not Supported"}


@dataclass(frozen=True)
class Settings:
    """What one listener's connections share."""

    max_body: int
    head_timeout: float  # from a request's first byte to its last header
    idle_timeout: float  # a keep-alive connection with nothing in progress
    body_timeout: float  # a request body, from its head to its end
    new_upstreams: Callable[[], Upstreams]
    max_connections: int = 0  # open client connections; past it an idle one is evicted, else 503 (0: no cap)
    budget: BodyBudget = field(default_factory=lambda: BodyBudget(1 << 62))  # see budget.py
    refusals: Refusals | None = None  # told of each connection refused at the cap
    evictions: Refusals | None = None  # told of each idle connection closed to make room at the cap
    spare: Spare[H1Connection] = field(default_factory=Spare)  # the connections that may be evicted


class Refused(Exception):
    """The request cannot be read one way: answered with ``status`` and the connection closed."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


class RawRequest:
    """One parsed request, with what the handlers read of it (the names aiohttp's request uses)."""

    __slots__ = ("method", "path", "query_string", "headers", "remote", "version", "body", "too_large",
                 "keep_alive", "match_info", "conn")

    def __init__(self, method: str, target: str, headers: CIMultiDict[str], remote: str | None,
                 version: str, conn: H1Connection) -> None:
        self.method = method
        path, _, self.query_string = target.partition("?")
        self.path = path
        self.headers = headers
        self.remote = remote
        self.version = version
        self.body = b""
        self.too_large = False
        self.keep_alive = True
        self.match_info: dict[str, str] = {}
        self.conn = conn

    @property
    def host(self) -> str:
        return self.headers.get("Host", "")

    @property
    def content_length(self) -> int | None:
        value = self.headers.get("Content-Length")
        return int(value) if value is not None else None

    def forwarded(self) -> None:
        """Its body was written to the upstream (or the exchange ended): the connection gives back the
        room it held, and the request no longer keeps the bytes."""
        self.body = b""
        self.conn.forwarded(self)


Handler = Callable[[RawRequest], Awaitable[web.StreamResponse]]


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


class H1Connection(asyncio.BufferedProtocol):
    """One client connection. Reads into the listener's shared buffer, never more at a time than the
    unfinished body may still grow by (its reserve plus what it claimed of the shared budget)."""

    def __init__(self, handler: Handler, settings: Settings, live: set[H1Connection]) -> None:
        self.handler = handler
        self.settings = settings
        self.live = live
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.remote: str | None = None
        self.upstreams = settings.new_upstreams()
        self._parser = httptools.HttpRequestParser(self)
        self._deadline = Deadline(self.loop, self._timed_out)
        self._deadline_status: int | None = None
        self._queue: collections.deque[RawRequest] = collections.deque()
        self._task: asyncio.Task[None] | None = None
        self._streaming: RawStream | None = None
        self._paused_reading = False  # pipelined requests wait
        self._budget = settings.budget
        self._claim = 0  # bytes of the shared budget this connection's unfinished body may use
        self._queued_bytes = 0  # bodies of the pipelined requests waiting in _queue: still held, still counted
        self._handling: RawRequest | None = None  # the request its handler has
        self._handed = 0  # its body, counted until it was written to the upstream (RawRequest.forwarded)
        self._budget_paused = False  # the budget is spent: waits for room (budget.py)
        self._held_back = False  # it was paused so once: input may wait unread in the kernel
        self._transport_paused = False
        self._write_paused = False
        self._drained: asyncio.Future[None] | None = None
        self._eof = False
        self._closing = False  # the transport is closed or closing: nothing more is written
        self._stop_reading = False  # input is ignored; the connection closes after the answer in progress
        self._start_head()

    def _start_head(self) -> None:
        self._url = b""
        self._names: list[bytes] = []
        self._values: list[bytes] = []
        self._head_size = 0
        self._request: RawRequest | None = None
        self._body = bytearray()
        self._partial = False  # a request has begun and not ended

    # -- asyncio.Protocol --

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transports are not asyncio.Transport subclasses, but have its methods.
        self.transport = cast(asyncio.Transport, transport)
        peer = transport.get_extra_info("peername")
        self.remote = peer[0] if isinstance(peer, tuple) else None
        settings = self.settings
        if settings.max_connections and len(self.live) >= settings.max_connections:
            victim = settings.spare.pick()
            if victim is None:
                # Every connection is busy. Refused before anything is read: a fixed answer, then the
                # close (reported, not silent).
                self._closing = True
                self.transport.write(_plain(503, close=True))
                self.transport.close()
                if settings.refusals is not None:
                    settings.refusals.add()
                return
            # One client's idle keep-alives (or stalled heads) must not lock everyone else out.
            victim.evict()
            if settings.evictions is not None:
                settings.evictions.add()
        self.live.add(self)
        # Not yet an idle keep-alive: its first request may be on its way. Ranked with partial heads.
        settings.spare.head_now(self)
        self._arm(settings.idle_timeout, None)

    def get_buffer(self, sizehint: int) -> memoryview:
        room = READ_SIZE if self._closing or self._stop_reading else self._room()
        return self._budget.buffer[:max(1, min(room, READ_SIZE))]

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(self._budget.buffer[:nbytes])

    def data_received(self, data: bytes | memoryview) -> None:
        if self._closing or self._stop_reading:
            return
        try:
            self._parser.feed_data(data)
            # Settled after the whole read, not as a request ends inside it: the rest of the read (the
            # next request's body) is held under the claim the read was sized by.
            self._settle()
            self._need_room()
        except httptools.HttpParserUpgrade:
            self._refuse(Refused(400, "upgrade or CONNECT"))
        except httptools.HttpParserError as exc:
            cause = exc.__context__
            if isinstance(cause, _Dispatched):
                return  # an oversize body: answered at once, the rest is never read
            self._refuse(cause if isinstance(cause, Refused) else Refused(400, "malformed request"))

    def eof_received(self) -> bool | None:
        self._eof = True
        if self._task is not None and self._streaming is None:
            return True  # half-closed after its request: the answer still goes out, then the connection closes
        if self._task is not None:
            self._task.cancel()  # a stream's reader went away
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._closing = True
        self.live.discard(self)
        self.settings.spare.busy(self)
        self._budget.forget(self)
        self._release()
        self._deadline.cancel()
        if self._task is not None:
            self._task.cancel()  # the handler closes the upstream exchange it held
        self.upstreams.close()
        if self._drained is not None and not self._drained.done():
            self._drained.set_exception(ConnectionResetError("client gone"))
            self._drained.exception()

    def pause_writing(self) -> None:
        self._write_paused = True

    def resume_writing(self) -> None:
        self._write_paused = False
        if self._drained is not None and not self._drained.done():
            self._drained.set_result(None)

    # -- llhttp callbacks --

    def on_message_begin(self) -> None:
        # Armed behind a request in progress too: a request pipelined after a stream must not wait for
        # ever (an unfinished body holds its claim on the budget while it waits).
        self._partial = True
        if self._task is None:
            self.settings.spare.head_now(self)
        self._arm(self.settings.head_timeout, 408)

    def on_url(self, url: bytes) -> None:
        self._head_size += len(url)
        if self._head_size > MAX_HEAD:
            raise Refused(431, "request line too long")
        self._url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head_size += len(name) + len(value) + 4
        if self._head_size > MAX_HEAD:
            raise Refused(431, "request head too large")
        self._names.append(name)
        self._values.append(value)

    def on_headers_complete(self) -> None:
        parser = self._parser
        version = parser.get_http_version()
        pairs: list[tuple[str, str]] = []
        coding: str | None = None
        hosts = 0
        for name, value in zip(self._names, self._values, strict=True):
            text = value.decode("latin-1")
            lowered = name.lower()
            if lowered == b"transfer-encoding":
                if coding is not None:
                    # llhttp reads the codings of every copy as one list ("gzip" then "chunked" is
                    # chunked); checking only the last copy would let any coding through.
                    raise Refused(400, "two Transfer-Encoding headers")
                coding = text.strip().lower()
            elif lowered == b"host":
                hosts += 1
            pairs.append((name.decode("latin-1"), text))
        headers: CIMultiDict[str] = CIMultiDict(pairs)
        if version not in ("1.0", "1.1"):
            # llhttp takes "HTTP/0.9" and "HTTP/2.0" heads; neither reads a chunked answer as this relay writes it.
            raise Refused(505, "an HTTP version other than 1.0 and 1.1")
        if coding is not None and (coding != "chunked" or version == "1.0"):
            raise Refused(400, "a transfer coding other than chunked")
        if hosts > 1:
            raise Refused(400, "two Host headers")
        if parser.should_upgrade():
            raise Refused(400, "an upgrade (the proxy speaks HTTP/1.1 only) or CONNECT")
        request = RawRequest(parser.get_method().decode("ascii", "replace"), self._url.decode("latin-1"), headers,
                             self.remote, version, self)
        self._request = request
        self.settings.spare.busy(self)  # a request in progress: its body, then its handler
        self._cancel_timer()
        length = request.content_length
        if length is not None and length > self.settings.max_body:
            self._oversize(request)
        if coding is not None or length:
            # Never to an HTTP/1.0 client (RFC 9110 15.2): it would read the 100 as its answer.
            if self._task is None and version != "1.0" and headers.get("Expect", "").lower() == "100-continue":
                self.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            self._arm(self.settings.body_timeout, 408)

    def on_body(self, body: bytes) -> None:
        self._body += body
        if len(self._body) > self.settings.max_body:
            assert self._request is not None
            self._oversize(self._request)

    def on_message_complete(self) -> None:
        request = self._request
        assert request is not None
        request.body = bytes(self._body)
        request.keep_alive = self._parser.should_keep_alive()
        self._start_head()
        if self._task is None:  # a complete request is the handler's: no longer an unfinished body
            self._cancel_timer()
            self._run(request)
            return
        self._cancel_timer()
        self._queue.append(request)
        self._queued_bytes += len(request.body)  # unhandled yet: its claim stays until it is dispatched
        if len(self._queue) > MAX_QUEUED:
            self._refuse(Refused(400, "too many pipelined requests"))
        elif not self._paused_reading:
            self._paused_reading = True
            self._sync_reading()

    # -- serving --

    def _oversize(self, request: RawRequest) -> None:
        """Past the body limit: the handler answers (413, audited) and the connection then closes."""
        request.too_large = True
        request.keep_alive = False
        self._body = bytearray()
        self._stop_reading = True
        self._release()
        self._cancel_timer()
        if self._task is None:
            self._run(request)
        else:
            self._refuse(Refused(413, "request body too large"))
        raise _Dispatched

    def _run(self, request: RawRequest) -> None:
        self.settings.spare.busy(self)
        self._handling = request
        self._handed = len(request.body)
        self._task = self.loop.create_task(self._serve(request))

    async def _serve(self, request: RawRequest) -> None:
        keep = False
        try:
            response = await self.handler(request)
            if isinstance(response, RawStream):
                # An HTTP/1.0 stream ends at the close (it said "Connection: close"): never kept.
                keep = response.finished and request.version != "1.0"
            else:
                # _stop_reading: what followed could not be read; the client learns the connection ends here.
                keep = request.keep_alive and not self._eof and not request.too_large and not self._stop_reading
                assert isinstance(response, web.Response)
                body = response.body
                data = body if isinstance(body, bytes) else b""
                head = head_bytes(response.status, response.reason, response.headers, len(data), not keep)
                # An answer to HEAD ends at its head (RFC 9112 6.3): a body would be read as the next answer.
                self.write(head if request.method == "HEAD" else head + data)
                # A client that does not read holds the next pipelined request here: without this wait
                # every answer would pile up unsent in the transport's buffer.
                if self._write_paused or self._closing or self.transport is None or self.transport.is_closing():
                    await self.drain()
        except asyncio.CancelledError:
            keep = False
        except ConnectionError:
            keep = False
        except Exception as exc:  # a bug: the client gets a 500, stderr one line (no request data)
            print(f"elicitguard: error handling a request: {type(exc).__name__}", file=sys.stderr, flush=True)
            if self._streaming is None:
                self.write(_plain(500, close=True))
            keep = False
        finally:
            self._task = None
            self._streaming = None
            self._handling = None
            self._handed = 0  # the exchange is over: whatever the handler held is let go
        self._next(keep and request.keep_alive and not self._eof and not self._stop_reading)

    def _next(self, keep: bool) -> None:
        if not keep:
            self.close()
            return
        if self._queue:
            request = self._queue.popleft()
            self._queued_bytes -= len(request.body)
            self._run(request)
            self._settle()
            return
        self._settle()
        if self._paused_reading:
            self._paused_reading = False
            self._sync_reading()
        if not self._partial:  # else the head or body deadline armed when it began still runs
            self.settings.spare.idle_now(self)
            self._arm(self.settings.idle_timeout, None)
        elif self._request is None:  # a head pipelined behind the answer, not yet whole
            self.settings.spare.head_now(self)

    def streaming(self, stream: RawStream) -> None:
        """The handler began a stream: a client that half-closes now is taken to have gone."""
        self._streaming = stream

    def write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    async def drain(self) -> None:
        if self._closing or self.transport is None or self.transport.is_closing():
            raise ConnectionResetError("client gone")
        if self._write_paused:
            # The client reads slower than the upstream writes: wait, and with this the upstream's
            # reading stays paused once its own buffer is full.
            self._drained = self.loop.create_future()
            try:
                await asyncio.wait_for(self._drained, self.settings.idle_timeout)
            except TimeoutError:
                # A client that reads nothing for this long would hold its answer in memory for ever
                # (closing the transport waits for the buffer to flush): dropped.
                self.abort()
                raise ConnectionResetError("the client stopped reading") from None
            finally:
                self._drained = None

    def close(self) -> None:
        self._closing = True
        self.settings.spare.busy(self)
        self._cancel_timer()
        if self.transport is not None:
            self.transport.close()
            # asyncio's close first flushes what the transport buffered, without a bound: a client that
            # reads nothing would keep the connection (its slot under the cap, its budget claim) for ever.
            self._arm(self.settings.idle_timeout, None)

    def shutdown(self) -> None:
        """The proxy stops: whatever is in progress ends (its handler cancelled), then the connection."""
        self._stop_reading = True
        if self._task is not None:
            self._task.cancel()
        else:
            self.close()

    def abort(self) -> None:
        self._closing = True
        self.settings.spare.busy(self)
        if self.transport is not None:
            self.transport.abort()

    def evict(self) -> None:
        """Gives up its slot at the cap (it was idle, or had only a partial head): closed as the idle or
        head timeout would close it, and no longer counted."""
        self.live.discard(self)
        if self._partial:
            self.write(_plain(408, close=True))
        self.close()

    def _refuse(self, refused: Refused) -> None:
        if self._task is None:
            self.write(_plain(refused.status, close=True))
            self.close()
        else:
            self._drop_queue()
            self._stop_reading = True  # the answer in progress finishes, then the connection closes
            self._release()

    # -- the shared body budget (budget.py) --

    def held(self) -> int:
        return len(self._body) + self._queued_bytes + self._handed

    def _room(self) -> int:
        return RESERVE + self._claim - self.held()

    def forwarded(self, request: RawRequest) -> None:
        if request is self._handling and self._handed:
            self._handed = 0
            if not self._closing:
                self._settle()

    def _settle(self) -> None:
        """Give back the claim beyond what the unfinished body, the queued requests and the body the
        handler has not yet forwarded still hold."""
        excess = self._claim - max(0, self.held() - RESERVE)
        if excess > 0:
            self._claim -= excess
            self._budget.release(excess)
        if self._budget_paused and self._room() > 0:
            # Waiting for room it has again (a queued request was handed over): no grant need come.
            self._budget_paused = False
            self._budget.forget(self)
            self._sync_reading()

    def _drop_queue(self) -> None:
        self._queue.clear()
        self._queued_bytes = 0

    def _need_room(self) -> None:
        """After a read: claim more of the budget when the body filled its room; none left, stop reading."""
        if self._room() > 0 or self._closing or self._stop_reading:
            return
        got = self._budget.claim(STEP)
        if got:
            self._claim += got
            return
        self._budget_paused = self._held_back = True
        self._budget.wait(self)
        self._sync_reading()

    def granted(self, room: int) -> None:
        self._claim += room
        self._budget_paused = False
        self._sync_reading()

    def _release(self) -> None:
        if self._budget_paused:
            self._budget_paused = False
            self._budget.forget(self)
            self._sync_reading()
        # The body the handler has not yet forwarded keeps its room, until the connection is gone.
        keep = 0 if self._closing else max(0, self._handed - RESERVE)
        if self._claim > keep:
            claim, self._claim = self._claim - keep, keep
            self._budget.release(claim)

    def _sync_reading(self) -> None:
        paused = self._paused_reading or self._budget_paused
        if paused == self._transport_paused or self.transport is None or self.transport.is_closing():
            return
        self._transport_paused = paused
        if paused:
            self.transport.pause_reading()
        else:
            self.transport.resume_reading()

    # -- timers --

    def _arm(self, delay: float, status: int | None) -> None:
        self._deadline_status = status
        self._deadline.set(delay)

    def _cancel_timer(self) -> None:
        self._deadline.clear()

    def _timed_out(self) -> None:
        if self._closing:
            self.abort()  # closed, and its buffer still not flushed (see close)
            return
        status = self._deadline_status
        if self._task is not None:
            if status is not None and self._partial:
                # A request pipelined behind the one in progress did not arrive in time: nothing more is
                # read, its budget is released, and the connection ends with the answer in progress (a
                # stream, which could last indefinitely, ends now).
                self._stop_reading = True
                self._drop_queue()
                self._release()
                if self._streaming is not None:
                    self._task.cancel()
            return
        if status is not None:
            self.write(_plain(status, close=True))
            if self._held_back and self.transport is not None and self.transport.can_write_eof():
                # Unread input may wait in the kernel (the body budget paused this connection): a close now
                # would reset the connection, and the client could lose the answer. The answer and a FIN
                # go out, what the client still sends is read and dropped, then the connection closes.
                self._stop_reading = True
                self._release()
                self.transport.write_eof()
                self._sync_reading()
                self._arm(LINGER, None)
                return
        self.close()


class _Dispatched(Exception):
    """Stops llhttp: the request was handed over before its body ended."""


def _plain(status: int, close: bool) -> bytes:
    body = f"{status}: {_REASONS.get(status, 'Error')}".encode()
    return head_bytes(status, _REASONS.get(status, "Error"), {"Content-Type": "text/plain; charset=utf-8"},
                      len(body), close) + body
