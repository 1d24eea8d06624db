"""The pipes under ``elicitguard stdio``, on the event loop's own transports (uvloop's where installed).

Two rules keep a proxy between two single-threaded peers from ever deadlocking them:

* Nothing that reads waits for a writer. Bytes for a destination go into its :class:`Outbox` (the
  loop's write transport for that pipe: its buffer is the outbox, and the loop writes it out whenever
  the pipe takes more), and ``put`` never waits.
* An outbox is bounded in bytes. When one is over its bound, only the producer of the traffic being
  *forwarded* there stops reading until it has room again (see ``Source``): the client's messages to
  the server wait for the server to read, as they would without the proxy. The proxy's own answers
  (to a denied server request, at hang-up, at expiry) never wait: each answers one message the
  destination itself sent, so they are bounded by what it writes.

A regular file, tty or ``/dev/null`` as our stdin is read by a thread that hands the loop one chunk at
a time; as our stdout it is written with plain blocking writes (the loop cannot poll either).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from typing import Final, Protocol, cast

from elicitguard.proxy.stdio_io import CHUNK, die_with_parent, pollable, write_all

# Bytes an outbox holds before the producer of forwarded traffic is paused; it reads again below LOW.
BOUND: Final = 1 << 20
LOW: Final = BOUND // 4


class Sink(Protocol):
    """What a :class:`Source` hands its bytes to."""

    def feed(self, data: bytes) -> None: ...

    def eof(self) -> None: ...


class Outbox(asyncio.Protocol):
    """Bytes bound for one pipe. ``put`` never waits; ``full``/``room()`` tell the producer of
    forwarded traffic to stop until the pipe has taken most of it. A closed or broken pipe swallows
    what is put (the peer is gone; whoever waited for an answer gets one at hang-up)."""

    def __init__(self, bound: int = BOUND) -> None:
        self.bound = bound
        self._transport: asyncio.WriteTransport | None = None
        self._fd: int | None = None
        self._paused = False
        self._waiters: list[asyncio.Future[None]] = []
        self.broken = False
        self.closed = False

    @classmethod
    async def open(cls, fd: int, bound: int = BOUND, owned: bool = False) -> Outbox:
        """An outbox on ``fd``: through the loop when it is a pipe or socket, else blocking writes.
        ``owned``: the transport closes ``fd`` (a pipe to the child); else it stays open (our stdout)."""
        box = cls(bound)
        if pollable(fd):
            loop = asyncio.get_running_loop()
            pipe = os.fdopen(fd, "wb", buffering=0, closefd=owned)
            await loop.connect_write_pipe(lambda: box, pipe)
        else:
            box._fd = fd
        return box

    # asyncio.Protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transports do not subclass asyncio's
        self._transport = cast(asyncio.WriteTransport, transport)
        self._transport.set_write_buffer_limits(high=self.bound, low=min(LOW, self.bound // 4))

    def pause_writing(self) -> None:
        self._paused = True

    def resume_writing(self) -> None:
        self._paused = False
        self._wake()

    def connection_lost(self, exc: Exception | None) -> None:
        self.broken = True
        self._paused = False
        self._wake()

    def _wake(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    # the outbox
    @property
    def writable(self) -> bool:
        return not (self.broken or self.closed)

    @property
    def full(self) -> bool:
        return self._paused and not self.broken

    def put(self, data: bytes) -> None:
        if self.broken or self.closed:
            return
        if self._transport is not None:
            self._transport.write(data)
        elif self._fd is not None:
            try:
                write_all(self._fd, data)
            except OSError:
                self.broken = True

    async def room(self) -> None:
        """Wait until the outbox is below its low mark (or its pipe is gone)."""
        while self.full:
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            await waiter

    def close(self) -> None:
        """Close the pipe once what is queued has been written."""
        if self.closed:
            return
        self.closed = True
        if self._transport is not None:
            self._transport.close()

    async def flush(self, timeout: float) -> None:
        """Wait (bounded) until everything put has left our buffer: the loop is about to close."""
        if self._transport is None or self.broken:
            return
        with contextlib.suppress(RuntimeError):
            self._transport.set_write_buffer_limits(high=0)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.room(), timeout)


class Source:
    """Where a pump's bytes come from: ``pause``/``resume`` (backpressure) and ``close``."""

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def close(self) -> None: ...


class PipeSource(asyncio.Protocol, Source):
    """A readable pipe through the loop: each chunk goes straight to the sink, no task in between."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self._transport: asyncio.ReadTransport | None = None
        self._ended = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.ReadTransport, transport)

    def data_received(self, data: bytes) -> None:
        if not self._ended:
            self.sink.feed(data)

    def eof_received(self) -> bool | None:
        self._end()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self._end()  # a read error counts as EOF

    def _end(self) -> None:
        if not self._ended:
            self._ended = True
            self.sink.eof()

    def pause(self) -> None:
        if self._transport is not None and not self._transport.is_closing():
            self._transport.pause_reading()

    def resume(self) -> None:
        if self._transport is not None and not self._transport.is_closing():
            self._transport.resume_reading()

    def close(self) -> None:
        self._ended = True
        if self._transport is not None:
            self._transport.close()


class ThreadSource(Source):
    """A regular file, tty or device: a thread reads one chunk at a time and waits until the loop's
    sink took it and is not paused (so at most one chunk is ever held)."""

    def __init__(self, fd: int, sink: Sink, loop: asyncio.AbstractEventLoop) -> None:
        self.sink = sink
        self._loop = loop
        self._fd = fd
        self._go = threading.Event()
        self._paused = False
        self._closed = False
        threading.Thread(target=self._run, daemon=True, name="elicitguard-stdin").start()

    def _run(self) -> None:
        while True:
            try:
                data = os.read(self._fd, CHUNK)
            except OSError:
                data = b""  # a read error counts as EOF
            self._go.clear()
            try:
                self._loop.call_soon_threadsafe(self._deliver, data)
            except RuntimeError:
                return  # the loop is gone: the proxy is exiting
            if not data:
                return
            self._go.wait()

    def _deliver(self, data: bytes) -> None:
        if self._closed:
            return
        if data:
            self.sink.feed(data)
        else:
            self.sink.eof()
        if not self._paused:
            self._go.set()

    def pause(self) -> None:
        self._paused = True

    def resume(self) -> None:
        self._paused = False
        self._go.set()

    def close(self) -> None:
        self._closed = True  # the thread stays blocked in read or wait: it is a daemon


async def read_from(fd: int, sink: Sink, owned: bool = False) -> Source:
    """Start reading ``fd`` into ``sink``: through the loop when it can be polled, else a thread."""
    loop = asyncio.get_running_loop()
    if pollable(fd):
        source = PipeSource(sink)
        await loop.connect_read_pipe(lambda: source, os.fdopen(fd, "rb", buffering=0, closefd=owned))
        return source
    return ThreadSource(fd, sink, loop)


class _Watch(asyncio.SubprocessProtocol):
    """Resolves ``exited`` as soon as the process ends (the pipes are ours, not the transport's, so a
    grandchild holding them open delays nothing)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.exited: asyncio.Future[None] = loop.create_future()

    def process_exited(self) -> None:
        if not self.exited.done():
            self.exited.set_result(None)


class Child:
    """The server process: its pid, exit status and pipes (our ends)."""

    def __init__(self, transport: asyncio.SubprocessTransport, exited: asyncio.Future[None], stdin: int,
                 stdout: int, stderr: int | None) -> None:
        self.transport = transport
        self.pid: int = transport.get_pid()
        self.exited = exited
        self.stdin_fd, self.stdout_fd, self.stderr_fd = stdin, stdout, stderr

    @property
    def returncode(self) -> int | None:
        return self.transport.get_returncode()


def _uvloop(loop: asyncio.AbstractEventLoop) -> bool:
    return type(loop).__module__.startswith("uvloop")


async def spawn(command: list[str], capture_stderr: bool) -> Child:
    """Start the server on pipes of our own, in its own process group (so a signal reaches it once,
    and the whole group can be stopped), armed to die with us."""
    loop = asyncio.get_running_loop()
    ours: list[int] = []
    theirs: list[int] = []
    try:
        for _ in range(3 if capture_stderr else 2):
            read_end, write_end = os.pipe()
            ours.append(read_end)
            theirs.append(write_end)
        # stdin: the child reads the first pipe; we write it.
        ours[0], theirs[0] = theirs[0], ours[0]
        arm = die_with_parent()
        watch = _Watch(loop)
        if _uvloop(loop):
            # uvloop has no process_group: the child joins a group of its own before exec.
            def setup() -> None:
                os.setpgid(0, 0)
                if arm is not None:
                    arm()
            transport, _ = await loop.subprocess_exec(
                lambda: watch, *command, stdin=theirs[0], stdout=theirs[1],
                stderr=theirs[2] if capture_stderr else None, preexec_fn=setup)
        else:
            transport, _ = await loop.subprocess_exec(
                lambda: watch, *command, stdin=theirs[0], stdout=theirs[1],
                stderr=theirs[2] if capture_stderr else None, preexec_fn=arm, process_group=0)
    except BaseException:
        for fd in ours:
            os.close(fd)
        raise
    finally:
        for fd in theirs:
            os.close(fd)
    return Child(transport, watch.exited, ours[0], ours[1], ours[2] if capture_stderr else None)


def new_event_loop() -> Callable[[], asyncio.AbstractEventLoop]:
    """uvloop's loop when it is installed (the ``fast`` extra), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory
