"""Bounds the raw relay puts on all its client connections together: how many are open
(``limits.max_connections``) and how many bytes their request bodies hold (``limits.max_buffered_bytes``).

At the cap a new connection first takes the slot of one doing nothing useful (see :class:`Spare`): the
keep-alive connection idle the longest, else the one whose partial request head (or first request on
a new connection) has waited the longest. Only when every connection is busy is the new one refused.

A body is counted from its first byte until it has been written to the upstream (or its exchange
ended): unfinished, queued behind the request in progress, or with its handler. Every connection may
hold ``RESERVE`` bytes of its own, so a small request always proceeds (also behind slow tool calls);
past that it claims room from the shared budget in steps of ``STEP``. A connection that finds the
budget spent stops reading (backpressure into the kernel) until room frees (a body forwarded, a
connection closed); the freed room goes first to the waiting connections that hold the most (the
likeliest to complete). The read timeout still ends a body that never completes. Once forwarded, the
relay keeps no body larger than ``RESERVE`` (only its request ids), so at most
``max_connections x 2 x RESERVE + max_buffered_bytes`` bytes of client bodies are held in all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Final, Generic, Protocol, TypeVar

RESERVE: Final = 64 * 1024  # bytes of an unfinished body every connection may hold without the budget
STEP: Final = 256 * 1024  # bytes claimed from the budget at a time
READ_SIZE: Final = 256 * 1024  # the most one read takes from a socket
C = TypeVar("C")
REPORT_EVERY: Final = 10.0  # seconds: refused connections past the first of a burst are reported together


class Waiter(Protocol):
    def held(self) -> int: ...

    def granted(self, room: int) -> None: ...


class BodyBudget:
    """The room unfinished bodies may take beyond each connection's reserve, shared by all connections."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.free = total
        self.waiting: dict[Waiter, None] = {}  # insertion-ordered set
        # One read buffer for every connection: a read is handed over (buffer_updated) before the next
        # connection's read starts, on asyncio's loop and on uvloop alike.
        self.buffer = memoryview(bytearray(READ_SIZE))

    def claim(self, want: int) -> int:
        got = min(want, self.free)
        self.free -= got
        return got

    def wait(self, conn: Waiter) -> None:
        self.waiting[conn] = None

    def forget(self, conn: Waiter) -> None:
        self.waiting.pop(conn, None)

    def release(self, amount: int) -> None:
        """Room given back: the waiting connections holding the most resume first."""
        self.free += amount
        while self.waiting and self.free > 0:
            conn = max(self.waiting, key=lambda c: c.held())
            del self.waiting[conn]
            conn.granted(self.claim(STEP))


class Spare(Generic[C]):
    """The connections that may give up their slot at the cap, oldest first: keep-alive connections with
    nothing in progress after an answer (by when they became idle), then those with only a partial
    request head, or none yet on a new connection (by when it began, or the connection was accepted).
    Dicts keep insertion order, so each step is O(1)."""

    def __init__(self) -> None:
        self.idle: dict[C, None] = {}
        self.heads: dict[C, None] = {}

    def idle_now(self, conn: C) -> None:
        self.heads.pop(conn, None)
        self.idle.pop(conn, None)
        self.idle[conn] = None

    def head_now(self, conn: C) -> None:
        self.idle.pop(conn, None)
        self.heads.pop(conn, None)
        self.heads[conn] = None

    def busy(self, conn: C) -> None:
        self.idle.pop(conn, None)
        self.heads.pop(conn, None)

    def pick(self) -> C | None:
        """The connection to give up, or None when every connection is busy."""
        for table in (self.idle, self.heads):
            if table:
                return next(iter(table))
        return None


class Refusals:
    """Connections refused (or evicted) at the cap, reported (audit and operational log) without letting a flood of
    them flood the logs: the first at once, those that follow within REPORT_EVERY as one count."""

    def __init__(self, report: Callable[[int], None], every: float = REPORT_EVERY) -> None:
        self.report = report
        self.every = every
        self.total = 0
        self._pending = 0
        self._timer: asyncio.TimerHandle | None = None

    def add(self) -> None:
        self.total += 1
        self._pending += 1
        if self._timer is None:
            self._flush()

    def _flush(self) -> None:
        if not self._pending:
            self._timer = None
            return
        count, self._pending = self._pending, 0
        self._timer = asyncio.get_running_loop().call_later(self.every, self._flush)
        self.report(count)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._pending:
            count, self._pending = self._pending, 0
            self.report(count)
