"""stdio mode: run the server as a child and relay newline-delimited JSON-RPC both ways.

Our stdout carries only MCP messages. Audit lines go to the audit file or to our stderr; when they
go to stderr, the server's stderr is relayed line by line behind ``server: `` (controls escaped), so
nothing the server prints can pass for an audit record; otherwise it passes straight through.

Lifecycle (the MCP stdio shutdown sequence, run by the proxy for the client):
* The server runs in its own process group; SIGINT, SIGTERM, SIGQUIT and SIGUSR2 are forwarded to
  it. SIGUSR1 reopens the audit file (logrotate); SIGHUP calls the ``reload`` hook (``elicitguard
  stdio`` passes a ``proxy.reload.Reloader``; nothing by default), which hands a new policy to
  :meth:`StdioProxy.use`. Neither reaches the server.
* When the client closes our stdin, each server request it left unanswered is answered (an
  elicitation with ``cancel``), then the server's stdin is closed.
* From then, or from a forwarded SIGINT/SIGTERM/SIGQUIT, the server has ``stdio.shutdown_grace``
  seconds to exit; then it gets SIGTERM, and as long again later SIGKILL.
* On Linux the server gets SIGKILL when the proxy dies, even by SIGKILL (parent-death signal).
* When the server exits, what is left of its group is killed, and each client request it left
  unanswered gets an error.
Exit status: the server's (128+N when it died of signal N).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from typing import Any

from elicitguard.policies import hangup
from elicitguard.policies.config import Config, Policy
from elicitguard.policies.engine import Guard, Outcome
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.envelope import dumps
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.framing import LineFramer, Oversize
from elicitguard.proxy.hygiene import expire_pending
from elicitguard.proxy.metrics import Metrics
from elicitguard.proxy.stdio_io import (
    Out,
    prepare_std_fds,
    read_fd,
    relay_stderr,
    signal_group,
    spawn,
    stream_chunks,
)

FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGUSR2)
# A forwarded signal that asks the server to stop starts the shutdown grace period.
STOPPING_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGQUIT})
OWN_SIGNALS = (signal.SIGUSR1, signal.SIGHUP)

Send = Callable[[bytes], Awaitable[None]]


def _no_reload() -> None:
    """The default SIGHUP hook: nothing is reloaded and nothing is audited."""


class StdioProxy:
    """One client (our stdin/stdout) and one server (the child process)."""

    def __init__(self, config: Config, command: list[str], audit: AuditLog, server_name: str | None = None,
                 reload: Callable[[], None] | None = None, *, metrics: Metrics | None = None,
                 services: Sequence[Callable[[], Coroutine[Any, Any, None]]] = ()) -> None:
        self.config = config
        self.command = command
        self.audit = audit
        self.server_name = server_name or os.path.basename(command[0])
        self.guard = Guard(config.policy_for(server_name), config.max_message_bytes)
        # The policy in force: a reload replaces it; the guard takes it before its next frame.
        self.policy: Policy = self.guard.policy
        self.grace = config.stdio_shutdown_grace
        self.reload = reload or _no_reload
        self.metrics = metrics
        self.services = services  # run beside the session (reload.watch, the admin listener)
        self.child: asyncio.subprocess.Process | None = None
        self._client_gone = False
        self._stopping: asyncio.Task[None] | None = None
        self._to_server: asyncio.StreamWriter | None = None
        self._early: list[signal.Signals] = []
        self._exited: asyncio.Future[None] | None = None

    def use(self, config: Config, policy: Policy) -> None:
        """A reloaded config: every frame from now on is judged with ``policy``."""
        self.config = config
        self.policy = policy
        self.grace = config.stdio_shutdown_grace

    def pending_elicitations(self) -> int:
        try:
            return sum(1 for r in list(self.guard.state.pending_server.values()) if r.method == ELICIT)
        except RuntimeError:  # judged in a thread right now: the next scrape counts
            return 0

    def running(self) -> bool:
        return self.child is not None and self._exited is not None and not self._exited.done()

    async def run(self, stdin_fd: int = 0, stdout_fd: int = 1) -> int:
        out = Out(stdout_fd)
        await out.open()
        self.audit.bind(session=f"stdio-{os.getpid()}", server=self.server_name, client=None,
                        policy_version=self.config.version)
        loop = asyncio.get_running_loop()
        # Installed before the child exists, so no signal can find the default action (death);
        # one that arrives before the child does is delivered to it once it runs.
        for sig in (*FORWARDED_SIGNALS, *OWN_SIGNALS):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, self._on_signal, sig)
        services = [asyncio.create_task(service()) for service in self.services]
        try:
            return await self._serve(stdin_fd, out)
        finally:
            for task in services:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            for sig in (*FORWARDED_SIGNALS, *OWN_SIGNALS):
                with contextlib.suppress(NotImplementedError, RuntimeError):
                    loop.remove_signal_handler(sig)
            await out.flush(self.grace)

    async def _serve(self, stdin_fd: int, out: Out) -> int:
        try:
            child, exited = await spawn(self.command, capture_stderr=self.audit.on_stderr)
            self.child, self._exited = child, exited
        except OSError as exc:
            print(f"elicitguard: cannot start server {self.command[0]!r}: {exc.strerror or exc}", file=sys.stderr)
            self.audit.event("session.error", decision="deny", detail=f"server failed to start: {exc.strerror or exc}")
            return 127 if isinstance(exc, FileNotFoundError) else 126
        self.audit.event("session.start", transport="stdio", policy_mode=self.guard.policy.mode)
        for sig in self._early:
            self._on_signal(sig)
        assert child.stdin is not None and child.stdout is not None
        self._to_server = child.stdin
        relay = asyncio.create_task(relay_stderr(child.stderr)) if child.stderr is not None else None
        client_task = asyncio.create_task(self._pump(
            read_fd(stdin_fd), Direction.CLIENT_TO_SERVER, forward=self._write_server, reply=out.write))
        server_task = asyncio.create_task(self._pump(
            stream_chunks(child.stdout), Direction.SERVER_TO_CLIENT, forward=out.write, reply=self._write_server))
        hung_up = asyncio.create_task(self._when_client_hangs_up(client_task))
        expiry = asyncio.create_task(expire_pending(self.guard, self.audit, to_server=self._write_server,
                                                    to_client=out.write, policy=lambda: self.policy))
        await exited
        expiry.cancel()
        status = child.returncode
        assert status is not None
        # The child's stdout ends when it exits, unless something it started still holds it: bounded,
        # and then whatever is left of its process group is killed.
        for task in (server_task, relay):
            if task is not None:
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    await asyncio.wait_for(task, self.grace)
        signal_group(child, signal.SIGKILL)
        # Stop reading the client first: every request judged so far is then either answered or in
        # the table server_gone() answers from.
        for task in (hung_up, client_task, self._stopping):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self._send(hangup.server_gone(self.guard.state), out.write)
        code = status if status >= 0 else 128 - status
        self.audit.event("session.end", exit_status=code, client=self.guard.state.client_info)
        return code

    async def _write_server(self, data: bytes) -> None:
        to_server = self._to_server
        if to_server is None or to_server.is_closing():
            return
        to_server.write(data)
        with contextlib.suppress(ConnectionError):
            await to_server.drain()

    async def _when_client_hangs_up(self, client_task: asyncio.Task[None]) -> None:
        with contextlib.suppress(Exception):
            await client_task
        # The client hung up: answer what the server still waits for, then close the server's stdin,
        # as the spec's shutdown sequence says, and give it the grace period to exit.
        self._client_gone = True
        await self._send(hangup.client_gone(self.guard.state), self._write_server)
        if self._to_server is not None:
            self._to_server.close()
        self._stop_child("its stdin was closed")

    def _on_signal(self, sig: signal.Signals) -> None:
        if sig == signal.SIGUSR1:
            self.audit.reopen()
            return
        if sig == signal.SIGHUP:
            self.reload()
            return
        if self.child is None:
            self._early.append(sig)
            return
        signal_group(self.child, sig)
        if sig in STOPPING_SIGNALS:
            self._stop_child(f"{sig.name} was forwarded", sent=sig)

    def _stop_child(self, why: str, sent: signal.Signals | None = None) -> None:
        if self._stopping is None and self.child is not None and self._exited is not None and not self._exited.done():
            self._stopping = asyncio.create_task(self._escalate(self.child, self._exited, why, sent))

    async def _escalate(self, child: asyncio.subprocess.Process, exited: asyncio.Future[None], why: str,
                        sent: signal.Signals | None) -> None:
        """Grace, then SIGTERM (unless that is what was forwarded), grace, then SIGKILL."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if sig == sent:
                continue
            try:
                await asyncio.wait_for(asyncio.shield(exited), self.grace)
                return
            except asyncio.TimeoutError:
                pass
            self.audit.event("session.signal", signal=sig.name,
                             detail=f"the server did not exit within {self.grace:g}s after {why}")
            signal_group(child, sig)

    async def _pump(self, chunks: AsyncIterator[bytes], direction: Direction, forward: Send, reply: Send) -> None:
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
                      forward: Send, reply: Send) -> None:
        if isinstance(frame, Oversize):
            over = frame
            outcome = await offload.judged(self.guard, self._current(
                lambda: self.guard.oversize(direction, over.size, over.head, over.tail)))
        else:
            if not frame.strip():
                return
            outcome = await offload.judged(self.guard, self._current(lambda: judge(frame)), frame)
        if self.metrics is not None:
            self.metrics.counted(direction, outcome)
        if outcome.decisions:
            # Passed per record: the two pump tasks have separate contextvars.
            self.audit.decisions(outcome.decisions, client=self.guard.state.client_info)
        if outcome.forward is not None:
            # The exact bytes of the line when nothing changed (including a trailing \r, if any).
            await forward(outcome.forward + b"\n")
        for message in outcome.replies + outcome.notices:
            await reply(dumps(message) + b"\n")
        if (self._client_gone and direction is Direction.SERVER_TO_CLIENT and self.guard.state.pending_server
                and self._to_server is not None and not self._to_server.is_closing()):
            # Nobody is left to answer a server request that arrives now: the proxy does.
            await self._send(hangup.client_gone(self.guard.state), self._write_server)

    def _current(self, judge: Callable[[], Outcome]) -> Callable[[], Outcome]:
        """``judge`` with the policy in force swapped into the guard first: it runs under the guard's
        lock, so a reload takes effect between two frames, never inside one."""
        guard = self.guard

        def run() -> Outcome:
            policy = self.policy  # read here, under the lock: the policy in force when the frame is judged
            if guard.policy is not policy:
                guard.policy = policy
            return judge()

        return self.metrics.timed(run) if self.metrics is not None else run

    async def _send(self, outcome: Outcome, to: Send) -> None:
        if outcome.decisions:
            self.audit.decisions(outcome.decisions, client=self.guard.state.client_info)
        for message in outcome.replies:
            await to(dumps(message) + b"\n")


def run_stdio(config: Config, command: list[str], audit: AuditLog, server_name: str | None = None,
              reload: Callable[[], None] | None = None) -> int:
    """Entry point for ``elicitguard stdio``; ``reload`` is called on SIGHUP."""
    prepare_std_fds()
    proxy = StdioProxy(config, command, audit, server_name, reload)
    return asyncio.run(proxy.run())
