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
from collections import deque
from collections.abc import Callable, Coroutine, Iterator, Sequence
from typing import Any

from elicitguard.policies import hangup
from elicitguard.policies.config import Config, Policy
from elicitguard.policies.engine import Guard, Outcome
from elicitguard.policies.envelope import dumps
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.framing import LineFramer, Oversize
from elicitguard.proxy.hygiene import expire_pending
from elicitguard.proxy.metrics import Metrics
from elicitguard.proxy.state_keys import load_sealer
from elicitguard.proxy.stdio_io import StderrRelay, prepare_std_fds, signal_group
from elicitguard.proxy.stdio_pipes import Child, Outbox, Source, new_event_loop, read_from, spawn

FORWARDED_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGQUIT, signal.SIGUSR2)
# A forwarded signal that asks the server to stop starts the shutdown grace period.
STOPPING_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM, signal.SIGQUIT})
OWN_SIGNALS = (signal.SIGUSR1, signal.SIGHUP)

Frame = bytes | Oversize


def _no_reload() -> None:
    """The default SIGHUP hook: nothing is reloaded and nothing is audited."""


class Pump:
    """One direction: lines read from ``source``, judged, and put into the outboxes.

    A chunk is judged where it arrives (in the read callback), frame by frame, without a task or a
    thread, unless a frame is costly (see ``offload``) or the guard is busy in a thread: then reading
    pauses and a task carries on, in order, until it has caught up. When the ``forward`` outbox is
    full, reading pauses until it has room: the only backpressure there is (see ``stdio_pipes``).
    """

    def __init__(self, proxy: StdioProxy, direction: Direction, forward: Outbox, reply: Outbox) -> None:
        self.proxy = proxy
        self.guard = proxy.guard
        self.direction = direction
        self.forward = forward
        self.reply = reply
        self.framer = LineFramer(proxy.config.max_message_bytes)
        self.source: Source | None = None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._backlog: deque[bytes | None] = deque()  # None: end of stream
        self._task: asyncio.Task[None] | None = None
        self._stopped = False
        self._lock = offload.lock_for(self.guard)
        loop = asyncio.get_running_loop()
        self._judge: Callable[[bytes], Outcome]
        if direction is Direction.CLIENT_TO_SERVER:
            self._judge = self.guard.client_message
        else:
            self._judge = lambda raw: self.guard.server_message(raw, loop.time())

    # Sink
    def feed(self, data: bytes) -> None:
        if self._stopped:
            return
        if self._task is not None or self._backlog:
            self._backlog.append(data)
            return
        self._run(self.framer.feed(data))

    def eof(self) -> None:
        if self._stopped:
            return
        if self._task is not None or self._backlog:
            self._backlog.append(None)
            return
        self._run(self.framer.close(), last=True)

    def stop(self) -> None:
        """Read no more: what was read and not yet judged is dropped (the peer is going away)."""
        self._stopped = True
        if self._task is not None:
            self._task.cancel()
        if self.source is not None:
            self.source.close()
        if not self.done.done():
            self.done.set_result(None)

    # the fast path: in the read callback
    def _run(self, frames: Iterator[Frame], last: bool = False) -> None:
        for frame in frames:
            if not self._now(frame):
                self._later(frame, frames, last)
                return
        if last:
            self._finish()
        elif self.forward.full:
            self._later(None, iter(()), False)

    def _now(self, frame: Frame) -> bool:
        """Judge and deliver ``frame`` now, if that cannot stall the loop or overtake a judgement."""
        if self._lock.locked() or (not isinstance(frame, Oversize) and offload.costly(frame)):
            return False
        outcome = self._outcome(frame)
        if outcome is not None:
            self._deliver(outcome)
        return True

    def _outcome(self, frame: Frame) -> Outcome | None:
        if not isinstance(frame, Oversize) and not frame.strip():
            return None
        # Runs under the guard's lock (or on the loop while nothing holds it): a reload's policy is
        # taken between two frames, never inside one.
        policy = self.proxy.policy
        if self.guard.policy is not policy:
            self.guard.policy = policy
        metrics = self.proxy.metrics
        if metrics is None:
            return self._judged(frame)
        return metrics.timed(lambda: self._judged(frame))()

    def _judged(self, frame: Frame) -> Outcome:
        if isinstance(frame, Oversize):
            return self.guard.oversize(self.direction, frame.size, frame.head, frame.tail)
        return self._judge(frame)

    # the slow path: a task, with reading paused
    def _later(self, frame: Frame | None, frames: Iterator[Frame], last: bool) -> None:
        if self.source is not None:
            self.source.pause()
        self._task = asyncio.create_task(self._catch_up(frame, frames, last))

    async def _catch_up(self, first: Frame | None, frames: Iterator[Frame], last: bool) -> None:
        if first is not None:
            await self._one(first)
        for frame in frames:
            await self._one(frame)
        while not last:
            await self.forward.room()
            if not self._backlog:
                break
            data = self._backlog.popleft()
            if data is None:
                last = True
                frames = self.framer.close()
            else:
                frames = self.framer.feed(data)
            for frame in frames:
                await self._one(frame)
        self._task = None
        if last:
            self._finish()
        elif self.source is not None:
            self.source.resume()

    async def _one(self, frame: Frame) -> None:
        if self._now(frame):
            return
        outcome = await offload.judged(self.guard, lambda: self._outcome(frame),
                                       frame if isinstance(frame, bytes) else None)
        if outcome is not None:
            self._deliver(outcome)

    def _finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    def _deliver(self, outcome: Outcome) -> None:
        proxy = self.proxy
        if proxy.metrics is not None:
            proxy.metrics.counted(self.direction, outcome)
        if outcome.decisions:
            # Passed per record: the audit's contextvars are not bound in the read callbacks.
            proxy.audit.decisions(outcome.decisions, client=self.guard.state.client_info)
        if outcome.forward is not None:
            # The exact bytes of the line when nothing changed (including a trailing \r, if any).
            self.forward.put(outcome.forward + b"\n")
        for message in outcome.replies + outcome.notices:
            self.reply.put(dumps(message) + b"\n")
        for message in outcome.retries:
            # Judging a server frame: ``reply`` goes to the server, where the proxy's retry goes.
            self.reply.put(dumps(message) + b"\n")
        if (proxy.client_gone and self.direction is Direction.SERVER_TO_CLIENT and self.guard.state.pending_server
                and self.reply.writable):
            # Nobody is left to answer a server request that arrives now: the proxy does.
            proxy.answer(hangup.client_gone(self.guard.state), self.reply)


class StdioProxy:
    """One client (our stdin/stdout) and one server (the child process)."""

    def __init__(self, config: Config, command: list[str], audit: AuditLog, server_name: str | None = None,
                 reload: Callable[[], None] | None = None, *, metrics: Metrics | None = None,
                 services: Sequence[Callable[[], Coroutine[Any, Any, None]]] = ()) -> None:
        self.config = config
        self.command = command
        self.audit = audit
        self.server_name = server_name or os.path.basename(command[0])
        # A stdio client's retry comes back to this process: the key file matters only for sharing.
        self.guard = Guard(config.policy_for(server_name), config.max_message_bytes,
                           sealer=load_sealer(config.mrtr_state_key_file), completes_rounds=True,
                           max_rounds=config.mrtr_max_rounds)
        # The policy in force: a reload replaces it; the guard takes it before its next frame.
        self.policy: Policy = self.guard.policy
        self.grace = config.stdio_shutdown_grace
        self.reload = reload or _no_reload
        self.metrics = metrics
        self.services = services  # run beside the session (reload.watch, the admin listener)
        self.child: Child | None = None
        self.client_gone = False
        self._stopping: asyncio.Task[None] | None = None
        self._to_server: Outbox | None = None
        self._early: list[signal.Signals] = []

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
        return self.child is not None and not self.child.exited.done()

    async def run(self, stdin_fd: int = 0, stdout_fd: int = 1) -> int:
        out = await Outbox.open(stdout_fd)
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

    async def _serve(self, stdin_fd: int, out: Outbox) -> int:
        try:
            child = await spawn(self.command, capture_stderr=self.audit.on_stderr)
            self.child = child
        except OSError as exc:
            print(f"elicitguard: cannot start server {self.command[0]!r}: {exc.strerror or exc}", file=sys.stderr)
            self.audit.event("session.error", decision="deny", detail=f"server failed to start: {exc.strerror or exc}")
            return 127 if isinstance(exc, FileNotFoundError) else 126
        self.audit.event("session.start", transport="stdio", policy_mode=self.guard.policy.mode)
        for sig in self._early:
            self._on_signal(sig)
        to_server = self._to_server = await Outbox.open(child.stdin_fd, owned=True)
        relay = StderrRelay() if child.stderr_fd is not None else None
        if relay is not None and child.stderr_fd is not None:
            await read_from(child.stderr_fd, relay, owned=True)
        client = Pump(self, Direction.CLIENT_TO_SERVER, forward=to_server, reply=out)
        server = Pump(self, Direction.SERVER_TO_CLIENT, forward=out, reply=to_server)
        server.source = await read_from(child.stdout_fd, server, owned=True)
        client.source = await read_from(stdin_fd, client)
        hung_up = asyncio.create_task(self._when_client_hangs_up(client))

        async def to_server_now(data: bytes) -> None:
            to_server.put(data)

        async def to_client_now(data: bytes) -> None:
            out.put(data)
        expiry = asyncio.create_task(expire_pending(self.guard, self.audit, to_server=to_server_now,
                                                    to_client=to_client_now, policy=lambda: self.policy))
        await child.exited
        expiry.cancel()
        status = child.returncode
        assert status is not None
        # The child's stdout ends when it exits, unless something it started still holds it: bounded,
        # and then whatever is left of its process group is killed.
        for waited in (server.done, relay.done if relay is not None else None):
            if waited is not None:
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    await asyncio.wait_for(asyncio.shield(waited), self.grace)
        signal_group(child, signal.SIGKILL)
        server.stop()
        # Stop reading the client first: every request judged so far is then either answered or in
        # the table server_gone() answers from.
        client.stop()
        for task in (hung_up, self._stopping):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        async with offload.lock_for(self.guard):  # a judgement still running in a thread ends first
            self.answer(hangup.server_gone(self.guard.state), out)
        child.transport.close()
        to_server.close()
        code = status if status >= 0 else 128 - status
        self.audit.event("session.end", exit_status=code, client=self.guard.state.client_info)
        return code

    async def _when_client_hangs_up(self, client: Pump) -> None:
        await asyncio.shield(client.done)
        # The client hung up: answer what the server still waits for, then close the server's stdin,
        # as the spec's shutdown sequence says, and give it the grace period to exit.
        self.client_gone = True
        to_server = self._to_server
        assert to_server is not None
        async with offload.lock_for(self.guard):
            self.answer(hangup.client_gone(self.guard.state), to_server)
        to_server.close()
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
        if self._stopping is None and self.child is not None and not self.child.exited.done():
            self._stopping = asyncio.create_task(self._escalate(self.child, why, sent))

    async def _escalate(self, child: Child, why: str, sent: signal.Signals | None) -> None:
        """Grace, then SIGTERM (unless that is what was forwarded), grace, then SIGKILL."""
        for sig in (signal.SIGTERM, signal.SIGKILL):
            if sig == sent:
                continue
            try:
                await asyncio.wait_for(asyncio.shield(child.exited), self.grace)
                return
            except asyncio.TimeoutError:
                pass
            self.audit.event("session.signal", signal=sig.name,
                             detail=f"the server did not exit within {self.grace:g}s after {why}")
            signal_group(child, sig)

    def answer(self, outcome: Outcome, to: Outbox) -> None:
        """The proxy's own answers: audited, and put without waiting (see ``stdio_pipes``)."""
        if outcome.decisions:
            self.audit.decisions(outcome.decisions, client=self.guard.state.client_info)
        for message in outcome.replies:
            to.put(dumps(message) + b"\n")


def run_stdio(config: Config, command: list[str], audit: AuditLog, server_name: str | None = None,
              reload: Callable[[], None] | None = None) -> int:
    """Entry point for ``elicitguard stdio``; ``reload`` is called on SIGHUP."""
    prepare_std_fds()
    proxy = StdioProxy(config, command, audit, server_name, reload)
    with asyncio.Runner(loop_factory=new_event_loop()) as runner:
        return runner.run(proxy.run())
