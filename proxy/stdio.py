"""stdio mode: run the server as a child and relay newline-delimited JSON-RPC both ways.

Our stdout carries only MCP messages. The child's stderr is inherited (passes straight through);
audit lines go to the audit file or stderr. Signals are forwarded and the exit status is the
child's (128+N when it died of signal N).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import AsyncIterator, Callable
from typing import IO

from elicitguard.policies.config import Config
from elicitguard.policies.engine import Guard, Outcome
from elicitguard.policies.envelope import dumps
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.framing import LineFramer, Oversize
from elicitguard.proxy.hygiene import expire_pending

CHUNK = 1 << 16
FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2)


async def _chunks_from_pipe(fileobj: IO[bytes]) -> AsyncIterator[bytes]:
    """Read a pipe without blocking the loop; regular files and ttys fall back to a thread."""
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=CHUNK)
    try:
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), fileobj)
    except (ValueError, OSError):
        queue: asyncio.Queue[bytes] = asyncio.Queue(maxsize=16)

        def pump() -> None:
            while True:
                data = os.read(fileobj.fileno(), CHUNK)
                asyncio.run_coroutine_threadsafe(queue.put(data), loop).result()
                if not data:
                    return

        threading.Thread(target=pump, daemon=True).start()
        while data := await queue.get():
            yield data
        return
    while data := await reader.read(CHUNK):
        yield data


class _Out:
    """Our stdout as an async byte sink with back-pressure; a closed client never raises."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.writer: asyncio.StreamWriter | None = None
        self.broken = False

    async def open(self) -> None:
        loop = asyncio.get_running_loop()
        pipe = os.fdopen(self.fd, "wb", buffering=0, closefd=False)
        try:
            transport, protocol = await loop.connect_write_pipe(asyncio.streams.FlowControlMixin, pipe)
        except (ValueError, OSError):
            return  # a regular file or a tty: plain blocking writes are fine there
        self.writer = asyncio.StreamWriter(transport, protocol, None, loop)

    async def write(self, data: bytes) -> None:
        if self.broken:
            return
        try:
            if self.writer is not None:
                self.writer.write(data)
                await self.writer.drain()
            else:
                view = memoryview(data)
                while view:
                    view = view[os.write(self.fd, view):]
        except (ConnectionError, OSError, RuntimeError):
            self.broken = True


class StdioProxy:
    """One client (our stdin/stdout) and one server (the child process)."""

    def __init__(self, config: Config, command: list[str], audit: AuditLog, server_name: str | None = None) -> None:
        self.config = config
        self.command = command
        self.audit = audit
        self.server_name = server_name or os.path.basename(command[0])
        self.guard = Guard(config.policy_for(server_name), config.max_message_bytes)
        self.child: asyncio.subprocess.Process | None = None

    async def run(self, stdin: IO[bytes] | None = None, stdout_fd: int | None = None) -> int:
        stdin = stdin if stdin is not None else sys.stdin.buffer
        out = _Out(stdout_fd if stdout_fd is not None else sys.stdout.fileno())
        await out.open()
        self.audit.bind(session=f"stdio-{os.getpid()}", server=self.server_name, client=None, policy_version=self.config.version)
        try:
            self.child = await asyncio.create_subprocess_exec(
                *self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=None,
                limit=CHUNK)
        except OSError as exc:
            print(f"elicitguard: cannot start server {self.command[0]!r}: {exc.strerror or exc}", file=sys.stderr)
            self.audit.event("session.error", decision="deny", detail=f"server failed to start: {exc.strerror or exc}")
            return 127 if isinstance(exc, FileNotFoundError) else 126
        self.audit.event("session.start", transport="stdio", policy_mode=self.guard.policy.mode)
        loop = asyncio.get_running_loop()
        for sig in FORWARDED_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self._forward_signal, sig)
        child = self.child
        assert child.stdin is not None and child.stdout is not None
        to_server = child.stdin

        async def write_server(data: bytes) -> None:
            if to_server.is_closing():
                return
            to_server.write(data)
            with contextlib.suppress(ConnectionError):
                await to_server.drain()

        client_task = asyncio.create_task(self._pump(
            _chunks_from_pipe(stdin), Direction.CLIENT_TO_SERVER, forward=write_server, reply=out.write))
        server_task = asyncio.create_task(self._pump(
            _stream_chunks(child.stdout), Direction.SERVER_TO_CLIENT, forward=out.write, reply=write_server))

        async def close_server_stdin_at_eof() -> None:
            await client_task
            # The client hung up: close the server's stdin, as the spec's shutdown sequence says.
            to_server.close()

        closer = asyncio.create_task(close_server_stdin_at_eof())
        expiry = asyncio.create_task(expire_pending(self.guard, self.audit, to_server=write_server, to_client=out.write))
        status = await child.wait()
        await server_task  # the child's stdout is at EOF once it exited: drain what it wrote
        expiry.cancel()
        closer.cancel()
        client_task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await client_task
        code = status if status >= 0 else 128 - status
        self.audit.event("session.end", exit_status=code, client=self.guard.state.client_info)
        for sig in FORWARDED_SIGNALS:
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        return code

    def _forward_signal(self, sig: int) -> None:
        if self.child is not None and self.child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.child.send_signal(sig)

    async def _pump(self, chunks: AsyncIterator[bytes], direction: Direction,
                    forward: Callable[[bytes], object], reply: Callable[[bytes], object]) -> None:
        framer = LineFramer(self.config.max_message_bytes)
        loop = asyncio.get_running_loop()

        def judge(raw: bytes) -> Outcome:
            if direction is Direction.CLIENT_TO_SERVER:
                return self.guard.client_message(raw)
            return self.guard.server_message(raw, loop.time())
        async for chunk in chunks:
            for frame in framer.feed(chunk):
                await self._handle(frame, judge, direction, forward, reply)
        for frame in framer.close():
            await self._handle(frame, judge, direction, forward, reply)

    async def _handle(self, frame: bytes | Oversize, judge: Callable[[bytes], Outcome], direction: Direction,
                      forward: Callable[[bytes], object], reply: Callable[[bytes], object]) -> None:
        if isinstance(frame, Oversize):
            over = frame
            outcome = await offload.judged(self.guard, lambda: self.guard.oversize(direction, over.size, over.head,
                                                                                   over.tail))
        else:
            if not frame.strip():
                return
            outcome = await offload.judged(self.guard, lambda: judge(frame), frame)
        if outcome.decisions:
            # Passed per record: the two pump tasks have separate contextvars.
            self.audit.decisions(outcome.decisions, client=self.guard.state.client_info)
        if outcome.forward is not None:
            # The exact bytes of the line when nothing changed (including a trailing \r, if any).
            await forward(outcome.forward + b"\n")  # type: ignore[misc]
        for message in outcome.replies + outcome.notices:
            await reply(dumps(message) + b"\n")  # type: ignore[misc]


async def _stream_chunks(reader: asyncio.StreamReader) -> AsyncIterator[bytes]:
    while data := await reader.read(CHUNK):
        yield data


def run_stdio(config: Config, command: list[str], audit: AuditLog, server_name: str | None = None) -> int:
    """Entry point for ``elicitguard stdio``."""
    proxy = StdioProxy(config, command, audit, server_name)
    return asyncio.run(proxy.run())
