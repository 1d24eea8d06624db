"""The plumbing under ``elicitguard stdio``: our standard descriptors whatever they are (pipe, socket,
regular file, tty, /dev/null, closed), the server's stderr relay, and the child's parent-death signal."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import os
import signal
import stat
import sys
import threading
from collections.abc import AsyncIterator, Callable
from typing import Final

from elicitguard.proxy.audit import STDERR_LOCK
from elicitguard.proxy.framing import PrefixedLines

CHUNK: Final = 1 << 16
# What each line the server writes to stderr starts with when our stderr also carries audit lines.
STDERR_PREFIX: Final = b"server: "
PR_SET_PDEATHSIG: Final = 1


def prepare_std_fds() -> None:
    """Open /dev/null on any of fds 0-2 that is closed, so a pipe to the child can never land there
    (and our stdout, the MCP channel, can never receive a stray print)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", errors="backslashreplace", closefd=False)  # noqa: SIM115


def pollable(fd: int) -> bool:
    """Pipes and sockets go through the event loop; epoll refuses regular files and /dev/null."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


async def read_fd(fd: int) -> AsyncIterator[bytes]:
    """Chunks read from ``fd`` until EOF (a read error counts as EOF): a pipe or socket through the
    loop; a regular file, tty or device through a thread that waits on a bounded queue."""
    loop = asyncio.get_running_loop()
    if pollable(fd):
        reader = asyncio.StreamReader(limit=CHUNK)
        pipe = os.fdopen(fd, "rb", buffering=0, closefd=False)
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), pipe)
        async for data in stream_chunks(reader):
            yield data
        return
    queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=16)

    def pump() -> None:
        while True:
            try:
                data = os.read(fd, CHUNK)
            except OSError:
                data = b""
            try:
                asyncio.run_coroutine_threadsafe(queue.put(data), loop).result()
            except (RuntimeError, concurrent.futures.CancelledError):
                return  # the loop is gone: the proxy is exiting
            if not data:
                return

    threading.Thread(target=pump, daemon=True, name="elicitguard-stdin").start()
    while data := await queue.get():
        yield data


async def stream_chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    while True:
        try:
            data = await reader.read(CHUNK)
        except OSError:
            return
        if not data:
            return
        yield data


class Out:
    """Our stdout as an async byte sink with back-pressure; a closed client never raises."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.writer: asyncio.StreamWriter | None = None
        self.broken = False

    async def open(self) -> None:
        if not pollable(self.fd):
            return  # a regular file, tty or /dev/null: plain blocking writes are fine there
        loop = asyncio.get_running_loop()
        pipe = os.fdopen(self.fd, "wb", buffering=0, closefd=False)
        transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, pipe)
        self.writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def write(self, data: bytes) -> None:
        if self.broken:
            return
        try:
            if self.writer is not None:
                self.writer.write(data)
                await self.writer.drain()
            else:
                write_all(self.fd, data)
        except (ConnectionError, OSError, RuntimeError):
            self.broken = True


    async def flush(self, timeout: float) -> None:
        """Wait (bounded) until everything written has left our buffer: the loop is about to close."""
        if self.writer is None or self.broken:
            return
        self.writer.transport.set_write_buffer_limits(high=0)
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError, OSError, RuntimeError):
            await asyncio.wait_for(self.writer.drain(), timeout)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


async def relay_stderr(reader: asyncio.StreamReader) -> None:
    """The server's stderr onto ours, each line behind ``STDERR_PREFIX`` (see ``PrefixedLines``)."""
    lines = PrefixedLines(STDERR_PREFIX)

    def emit(data: bytes) -> None:
        if data:
            with STDERR_LOCK, contextlib.suppress(OSError):
                write_all(2, data)

    async for chunk in stream_chunks(reader):
        emit(lines.feed(chunk))
    emit(lines.close())


class _ChildProtocol(asyncio.subprocess.SubprocessStreamProtocol):
    """Also resolves ``exited`` as soon as the process ends: ``Process.wait()`` waits for its pipes
    too, which a grandchild may hold open for ever."""

    def __init__(self, limit: int, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(limit=limit, loop=loop)
        self.exited: asyncio.Future[None] = loop.create_future()

    def process_exited(self) -> None:
        super().process_exited()
        if not self.exited.done():
            self.exited.set_result(None)


async def spawn(command: list[str], capture_stderr: bool) -> tuple[asyncio.subprocess.Process, asyncio.Future[None]]:
    """Start the server with piped stdin/stdout, in its own process group (so a signal reaches it
    once, and the whole group can be stopped), armed to die with us; and a future for its exit."""
    loop = asyncio.get_running_loop()
    pipe = asyncio.subprocess.PIPE
    transport, protocol = await loop.subprocess_exec(
        lambda: _ChildProtocol(CHUNK, loop), *command, stdin=pipe, stdout=pipe,
        stderr=pipe if capture_stderr else None, preexec_fn=die_with_parent(), process_group=0)
    return asyncio.subprocess.Process(transport, protocol, loop), protocol.exited


def signal_group(child: asyncio.subprocess.Process, sig: int) -> None:
    """``sig`` to the server's process group (the server and what it started); to the server alone
    if it left the group. Nothing if none of them is left.

    Never ``Process.send_signal``: it polls the child first, and that ``waitpid`` can reap it under
    the loop's child watcher, whose exit status becomes 255."""
    try:
        os.killpg(child.pid, sig)
    except (ProcessLookupError, PermissionError):
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(child.pid, sig)


def die_with_parent() -> Callable[[], None] | None:
    """A ``preexec_fn`` that arms the Linux parent-death signal: the child gets SIGKILL when the
    proxy dies, even by SIGKILL. Everything is looked up here, so the forked child only makes two
    system calls (no allocation, no lock another thread could hold). None elsewhere.

    The kernel sends it when the *thread* that forked exits: spawn from the thread that lives as long
    as the proxy (``run_stdio`` runs the loop on the main thread)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    parent = os.getpid()
    kill = int(signal.SIGKILL)

    def arm() -> None:
        prctl(PR_SET_PDEATHSIG, kill, 0, 0, 0)
        if os.getppid() != parent:  # the proxy died before the signal was armed
            os._exit(1)

    return arm
