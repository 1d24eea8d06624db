"""A client connection's share of the listener's body budget (budget.py): how much more it may read,
claims and releases, and pausing its reading while the budget is spent."""

from __future__ import annotations

import asyncio
import collections

from elicitguard.proxy.http.budget import RESERVE, STEP, BodyBudget
from elicitguard.proxy.http.h1_request import RawRequest


class BodyRoom:
    """The budget half of :class:`~elicitguard.proxy.http.h1.H1Connection` (a mixin: the connection
    owns every field named here)."""

    transport: asyncio.Transport | None
    _body: bytearray
    _queue: collections.deque[RawRequest]
    _queued_bytes: int
    _handling: RawRequest | None
    _handed: int
    _budget: BodyBudget
    _claim: int
    _budget_paused: bool
    _held_back: bool
    _paused_reading: bool
    _transport_paused: bool
    _closing: bool
    _stop_reading: bool

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
