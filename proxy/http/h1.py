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

The request side (settings, the parsed request) is in h1_request.py, the answers in h1_answer.py, the
body budget's bookkeeping in h1_budget.py.
"""

from __future__ import annotations

import asyncio
import collections
import contextvars
import sys
from typing import Final, cast

import httptools
from aiohttp import web
from multidict import CIMultiDict

from elicitguard.proxy.http.budget import READ_SIZE
from elicitguard.proxy.http.deadline import Deadline
from elicitguard.proxy.http.h1_answer import RawStream, head_bytes
from elicitguard.proxy.http.h1_answer import plain as _plain
from elicitguard.proxy.http.h1_budget import BodyRoom
from elicitguard.proxy.http.h1_request import MAX_HEAD, MAX_QUEUED, Handler, RawRequest, Refused, Settings

__all__ = ["MAX_HEAD", "MAX_QUEUED", "H1Connection", "Handler", "RawRequest", "RawStream", "Refused", "Settings",
           "head_bytes"]

LINGER: Final = 2.0  # seconds input is read and dropped after a timeout answer, before the close


class H1Connection(BodyRoom, asyncio.BufferedProtocol):
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
        # The context each request's task starts from (a fresh copy per request): the listener's, never
        # that of whatever dispatched the request. asyncio runs a transport's reader in the context
        # current when reading was last resumed (by another client's handler freeing body budget), and a
        # pipelined request is dispatched at the end of the previous request's task: either way the
        # request would start with another request's audit binding (session, client, peer).
        self._context = contextvars.copy_context()
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
        self._task = self.loop.create_task(self._serve(request), context=self._context.copy())

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
