"""The upstream side of the raw relay: one keep-alive HTTP/1.1 connection per origin for each client
connection, responses parsed by llhttp (httptools), bodies handed over as bytes as they arrive.

Reading from the upstream pauses while more than ``HIGH_WATER`` bytes wait for the relay (the client
is slower than the upstream), and resumes once the relay took them. Every wait is bounded: the
connection by ``http.connect_timeout``, the head and each later read by ``http.read_timeout``. An
answer framed ambiguously (Content-Length with Transfer-Encoding, two lengths, a coding other than
chunked, a bad chunk) is refused, and its connection dropped, never reused.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
from collections.abc import Callable
from typing import Final, cast
from urllib.parse import quote, urlsplit

import httptools
from multidict import CIMultiDict, CIMultiDictProxy

from elicitguard.proxy.http.deadline import Deadline

HIGH_WATER: Final = 262144  # bytes buffered from the upstream before its reading pauses
MAX_HEAD: Final = 65536  # bytes of a response head (status line and headers)
_PATH_SAFE: Final = "/%:@!$&'()*+,;=-._~"  # RFC 3986 pchar, "%" kept: what is encoded stays as it is
IDEMPOTENT: Final = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})  # retried once on a stale connection


class UpstreamError(ConnectionError):
    """The upstream broke off, or framed its answer so that it cannot be read one way."""


class UpstreamTimeout(UpstreamError, TimeoutError):
    """The upstream sent nothing within ``http.read_timeout`` (a broken body, and a timeout)."""


def client_tls(setting: ssl.SSLContext | bool) -> ssl.SSLContext:
    """The TLS context for https upstreams from ``ssl_context(config)`` (True: the system's CAs)."""
    if isinstance(setting, ssl.SSLContext):
        return setting
    context = ssl.create_default_context()
    if not setting:  # http.tls_verify: false
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


class _Unsolicited(Exception):
    """Stops llhttp: a second answer to one request."""


class Body:
    """A response body as it arrives (``readany`` returns b"" at its end)."""

    __slots__ = ("_conn",)

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def readany(self) -> bytes:
        return await self._conn.next_chunk()

    def ready(self) -> bool:
        """Whether ``readany`` would return without waiting."""
        return self._conn.ready()

    def buffered(self) -> bool:
        """Whether bytes of the body wait to be read (not only its end)."""
        return self._conn.buffered()


class UpstreamResponse:
    """One answer from the upstream: status, headers, and its body to read."""

    __slots__ = ("status", "headers", "content", "_conn", "_pool")

    def __init__(self, status: int, headers: CIMultiDictProxy[str], conn: Connection, pool: Upstreams) -> None:
        self.status = status
        self.headers = headers
        self.content = Body(conn)
        self._conn = conn
        self._pool = pool

    def release(self) -> None:
        """Done with it: a connection whose answer was read to its end is kept for the next request."""
        conn = self._conn
        if conn.reusable():
            self._pool.give_back(conn)
        else:
            self.close()

    def close(self) -> None:
        self._conn.close()
        # Forgotten by the pool: a long-lived client connection would otherwise keep every closed
        # connection it used (and any body left unread in it) until it ends.
        self._pool.forget(self._conn)


class Connection(asyncio.Protocol):
    """One HTTP/1.1 connection to the upstream; one request at a time."""

    def __init__(self, loop: asyncio.AbstractEventLoop, key: tuple[str, str, int], read_timeout: float) -> None:
        self.loop = loop
        self.key = key
        self.read_timeout = read_timeout
        self.transport: asyncio.Transport | None = None
        self.closed = False
        self.used = False  # it carried an exchange before
        self.reused = False  # the exchange in progress is not its first: a stale keep-alive may be retried
        self._deadline = Deadline(loop, self._timed_out)
        self._parser = httptools.HttpResponseParser(self)
        self._sent: Callable[[], None] | None = None  # told once the request left the transport's buffer
        self._reset()

    def _reset(self) -> None:
        self._names: list[bytes] = []
        self._values: list[bytes] = []
        self._head_size = 0
        self._head: asyncio.Future[tuple[int, CIMultiDictProxy[str]]] | None = None
        self._chunks: collections.deque[bytes] = collections.deque()
        self._buffered = 0
        self._waiter: asyncio.Future[None] | None = None
        self._complete = False
        self._keep_alive = False  # read at the answer's end: llhttp forgets it once the message is over
        self._until_close = False  # a body framed by the end of the connection
        self._error: BaseException | None = None
        self._paused = False
        self._seen_bytes = False

    # -- asyncio.Protocol --

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transports are not asyncio.Transport subclasses, but have its methods.
        self.transport = cast(asyncio.Transport, transport)
        # Paused as soon as anything waits unsent, resumed once nothing does: resume_writing is when a
        # request body has been handed to the kernel whole (and its room in the body budget can go).
        self.transport.set_write_buffer_limits(high=0, low=0)

    def pause_writing(self) -> None:
        pass

    def resume_writing(self) -> None:
        self._written()

    def data_received(self, data: bytes) -> None:
        self._seen_bytes = True
        if self._head is None or self._complete:
            self._unsolicited()
            return
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError as exc:
            if isinstance(exc.__context__, _Unsolicited):
                self._unsolicited()
            else:
                self._fail(UpstreamError(f"malformed answer: {exc}"))

    def _unsolicited(self) -> None:
        """Bytes after the answer, nobody asked for: what was answered stands, but the connection
        cannot be trusted with the next request."""
        self._keep_alive = False
        self.closed = True
        if self.transport is not None:
            self.transport.close()

    def eof_received(self) -> bool | None:
        if self._until_close and not self._complete:
            self._complete = True
            self._wake()
        self.closed = True
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self._complete:
            self._fail(UpstreamError("the upstream closed the connection"))
        self._deadline.cancel()

    # -- httptools callbacks --

    def on_message_begin(self) -> None:
        if self._complete:
            raise _Unsolicited

    def on_header(self, name: bytes, value: bytes) -> None:
        self._head_size += len(name) + len(value) + 4
        if self._head_size > MAX_HEAD:
            raise UpstreamError("response head too large")
        self._names.append(name)
        self._values.append(value)

    def on_headers_complete(self) -> None:
        status = self._parser.get_status_code()
        if 100 <= status < 200:
            self._names, self._values, self._head_size = [], [], 0
            return  # an interim answer (100 Continue, 103): the final one follows
        pairs: list[tuple[str, str]] = []
        has_length = False
        coding: str | None = None
        for name, value in zip(self._names, self._values, strict=True):
            text = value.decode("latin-1")
            lowered = name.lower()
            if lowered == b"transfer-encoding":
                if coding is not None:
                    raise UpstreamError("two Transfer-Encoding headers")
                coding = text.strip().lower()
            elif lowered == b"content-length":
                has_length = True
            pairs.append((name.decode("latin-1"), text))
        headers: CIMultiDict[str] = CIMultiDict(pairs)
        if coding is not None and (coding != "chunked" or has_length):
            # llhttp reads some of these one way; a client or cache behind the proxy might read another.
            raise UpstreamError("ambiguous response framing")
        self._until_close = (coding is None and not has_length and status not in (204, 304))
        self._names, self._values = [], []
        if self._head is not None and not self._head.done():
            self._head.set_result((status, CIMultiDictProxy(headers)))

    def on_body(self, body: bytes) -> None:
        self._chunks.append(body)
        self._buffered += len(body)
        if self._buffered > HIGH_WATER and not self._paused and self.transport is not None:
            self._paused = True
            self.transport.pause_reading()
        self._wake()

    def on_message_complete(self) -> None:
        if self._head is None or not self._head.done():
            return  # the end of an interim answer
        self._keep_alive = self._parser.should_keep_alive()
        self._complete = True
        self._wake()

    # -- used by Upstreams and UpstreamResponse --

    async def send(self, request: bytes, sent: Callable[[], None] | None = None) -> tuple[int, CIMultiDictProxy[str]]:
        """Write one request; the head of its answer. ``sent`` is called once the request has left the
        transport's buffer, or the exchange ended (answered or failed), whichever comes first."""
        self._sent = sent
        try:
            if self.closed or self.transport is None or self.transport.is_closing():
                raise UpstreamError("the upstream closed the connection")
            self._reset()
            self.reused, self.used = self.used, True
            self._head = self.loop.create_future()
            self.transport.write(request)
            del request  # the transport holds what is unsent; a slow answer must not keep the body
            if not self.transport.get_write_buffer_size():
                self._written()
            self._arm()
            return await self._head
        finally:
            self._cancel_timer()
            self._written()

    def _written(self) -> None:
        sent, self._sent = self._sent, None
        if sent is not None:
            sent()

    async def next_chunk(self) -> bytes:
        while True:
            if self._chunks:
                chunk = self._chunks.popleft() if len(self._chunks) == 1 else b"".join(self._chunks)
                self._chunks.clear()
                self._buffered = 0
                if self._paused and self.transport is not None:
                    self._paused = False
                    self.transport.resume_reading()
                return chunk
            if self._error is not None:
                raise self._error
            if self._complete:
                return b""
            self._waiter = self.loop.create_future()
            self._arm()
            try:
                await self._waiter
            finally:
                self._waiter = None
                self._cancel_timer()

    def ready(self) -> bool:
        return bool(self._chunks) or self._complete or self._error is not None

    def buffered(self) -> bool:
        return bool(self._chunks)

    def reusable(self) -> bool:
        return (self._complete and not self._chunks and self._error is None and not self.closed
                and not self._until_close and self._keep_alive)

    def stale(self) -> bool:
        """A reused connection the upstream closed before answering a single byte (not a timeout)."""
        return (self.reused and not self._seen_bytes and self.closed
                and not isinstance(self._error, UpstreamTimeout))

    def close(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.close()
        if not self._complete:
            self._fail(UpstreamError("closed"))

    # -- internals --

    def _fail(self, exc: BaseException) -> None:
        if self._error is None:
            self._error = exc
        if self._head is not None and not self._head.done():
            self._head.set_exception(exc)
            self._head.exception()  # the waiter may be gone; never "exception was never retrieved"
        self._wake()
        if not self.closed:
            self.closed = True
            if self.transport is not None:
                self.transport.abort()

    def _wake(self) -> None:
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def _arm(self) -> None:
        self._deadline.set(self.read_timeout)

    def _cancel_timer(self) -> None:
        self._deadline.clear()

    def _timed_out(self) -> None:
        exc = UpstreamTimeout("the upstream sent nothing within http.read_timeout")
        if self._head is not None and not self._head.done():
            self._head.set_exception(exc)
        elif self._waiter is not None and not self._waiter.done():
            self._waiter.set_exception(exc)
        self._error = self._error or exc
        self.closed = True
        if self.transport is not None:
            self.transport.abort()


class Upstreams:
    """The upstream connections of one client connection: at most one idle connection per origin."""

    def __init__(self, tls: ssl.SSLContext, connect_timeout: float, read_timeout: float) -> None:
        self.tls = tls
        self.connect_timeout = connect_timeout
        self.read_timeout = read_timeout
        self._idle: dict[tuple[str, str, int], Connection] = {}
        self._busy: set[Connection] = set()
        self._targets: dict[str, tuple[tuple[str, str, int], bytes, bytes]] = {}

    def _target(self, url: str) -> tuple[tuple[str, str, int], bytes, bytes]:
        """(origin, request target, Host header) of a URL; a few are kept (a client uses one or two)."""
        known = self._targets.get(url)
        if known is not None:
            return known
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in ("http", "https") or not parts.hostname:
            raise UpstreamError("not an http(s) URL")
        default = 443 if scheme == "https" else 80
        port = parts.port or default
        host = parts.hostname
        shown = f"[{host}]" if ":" in host else host
        authority = shown if port == default else f"{shown}:{port}"
        # Percent-encoded as a request target must be (as aiohttp's client does): a legacy endpoint is the
        # upstream's text, and a space or control byte in it would be written into the request line.
        path = quote(parts.path or "/", safe=_PATH_SAFE)
        if parts.query:
            path += "?" + quote(parts.query, safe=_PATH_SAFE + "?")
        known = ((scheme, host, port), path.encode("ascii"), authority.encode("idna"))
        if len(self._targets) >= 8:
            self._targets.clear()
        self._targets[url] = known
        return known

    async def request(self, method: str, url: str, headers: CIMultiDict[str], body: bytes | None,
                      sent: Callable[[], None] | None = None) -> UpstreamResponse:
        """``sent``: called once the request (its body) has been handed to the kernel, or the exchange
        ended; nothing here keeps the body past that (only an idempotent request, retried once, does)."""
        key, target, authority = self._target(url)
        # The header lines as one string, encoded once (a client's few headers, not one encode each).
        lines = "".join([f"{name}: {value}\r\n" for name, value in headers.items()]).encode("latin-1")
        if body is not None:
            wire = b"%s %s HTTP/1.1\r\nHost: %s\r\n%sContent-Length: %d\r\n\r\n%s" % (
                method.encode("ascii"), target, authority, lines, len(body), body)
        else:
            wire = b"%s %s HTTP/1.1\r\nHost: %s\r\n%s\r\n" % (method.encode("ascii"), target, authority, lines)
        del body
        box = [wire]  # handed over, not kept: the frame must not hold the body while the answer is awaited
        retry = method in IDEMPOTENT
        del wire
        conn = self._idle.pop(key, None)
        if conn is not None and conn.closed:
            conn = None
        for attempt in (0, 1):
            if conn is None:
                conn = await self._connect(key)
            self._busy.add(conn)
            try:
                status, received = await conn.send(box[0] if retry and attempt == 0 else box.pop(), sent)
            except UpstreamError:
                self._busy.discard(conn)
                if attempt == 0 and conn.stale() and method in IDEMPOTENT:
                    # The upstream had closed an idle connection: once more, on a new one. Never a POST
                    # (RFC 9110 9.2.2): the upstream may have run it before it dropped the connection.
                    conn = None
                    continue
                conn.close()
                raise
            except BaseException:
                self._busy.discard(conn)
                conn.close()
                raise
            return UpstreamResponse(status, received, conn, self)
        raise AssertionError("unreachable")

    async def _connect(self, key: tuple[str, str, int]) -> Connection:
        scheme, host, port = key
        loop = asyncio.get_running_loop()
        conn = Connection(loop, key, self.read_timeout)
        tls = self.tls if scheme == "https" else None
        try:
            await asyncio.wait_for(loop.create_connection(lambda: conn, host, port, ssl=tls,
                                                          server_hostname=host if tls else None),
                                   self.connect_timeout)
        except (OSError, ssl.SSLError) as exc:
            raise UpstreamError(f"cannot connect: {type(exc).__name__}") from exc
        return conn

    def forget(self, conn: Connection) -> None:
        self._busy.discard(conn)
        if self._idle.get(conn.key) is conn:
            del self._idle[conn.key]

    def give_back(self, conn: Connection) -> None:
        self._busy.discard(conn)
        old = self._idle.pop(conn.key, None)
        if old is not None and old is not conn:
            old.close()
        self._idle[conn.key] = conn

    def close(self) -> None:
        for conn in list(self._idle.values()) + list(self._busy):
            conn.close()
        self._idle.clear()
        self._busy.clear()
