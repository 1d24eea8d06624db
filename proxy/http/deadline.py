"""One timer per connection, re-armed lazily: moving a deadline later costs a float store, not a new
timer handle (a request arms and clears several deadlines; the loop's timer heap sees about one)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable


class Deadline:
    """Calls ``fire`` once the deadline last set has passed, unless cleared first."""

    __slots__ = ("_loop", "_fire", "_at", "_handle", "_handle_at")

    def __init__(self, loop: asyncio.AbstractEventLoop, fire: Callable[[], None]) -> None:
        self._loop = loop
        self._fire = fire
        self._at: float | None = None
        self._handle: asyncio.TimerHandle | None = None
        self._handle_at = 0.0

    def set(self, delay: float) -> None:
        at = self._loop.time() + delay
        self._at = at
        if self._handle is not None and self._handle_at <= at:
            return  # the handle wakes first and re-arms itself for the rest
        if self._handle is not None:
            self._handle.cancel()
        self._handle, self._handle_at = self._loop.call_at(at, self._check), at

    def clear(self) -> None:
        self._at = None

    def cancel(self) -> None:
        self._at = None
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _check(self) -> None:
        self._handle = None
        at = self._at
        if at is None:
            return
        if self._loop.time() < at:
            self._handle, self._handle_at = self._loop.call_at(at, self._check), at
            return
        self._at = None
        self._fire()
