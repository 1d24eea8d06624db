"""Judging off the event loop: one session's costly frame never stalls the others.

Every call into a :class:`Guard` goes through :func:`judged`, which holds that guard's lock: frames of
one session (both directions, every stream of it) are judged one at a time and in the order they
arrived, and the guard's state is never touched from two threads at once. A frame that may be costly
is judged in a worker thread while the event loop serves everyone else; a cheap one is judged inline,
which costs no thread hop. Code that reads a guard's state outside ``judged`` takes :func:`lock_for`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from elicitguard.policies.engine import Guard

T = TypeVar("T")

# A frame that may carry an elicitation (or spells keys with \u escapes) is judged by the detectors:
# up to ~10 us per character of form text, so from this size it goes to a thread.
MARKED_INLINE_BYTES: Final = 2 * 1024
# Anything else is parsed and routed, ~20 ms per MiB: from this size it goes to a thread too.
PLAIN_INLINE_BYTES: Final = 256 * 1024
_MARKERS: Final = (b"elicitation", b"inputRequests", b"\\u")

# The GIL lets one thread judge at a time; a few workers keep one slow session from queueing
# another's large frame behind it (the per-guard lock already stops a session taking two).
_EXECUTOR: Final = ThreadPoolExecutor(max_workers=4, thread_name_prefix="elicitguard-judge")
_LOCK_ATTR: Final = "_offload_lock"  # kept on the guard itself: it lives exactly as long as the guard


def costly(frame: bytes | None) -> bool:
    """Whether judging ``frame`` may take long enough to stall the event loop."""
    if frame is None or len(frame) <= MARKED_INLINE_BYTES:
        return False
    return len(frame) > PLAIN_INLINE_BYTES or any(marker in frame for marker in _MARKERS)


def lock_for(guard: Guard) -> asyncio.Lock:
    """The lock that serialises everything done with ``guard`` (created on first use)."""
    # An attribute rather than a weak mapping: session-less HTTP requests each make a guard, and a
    # WeakKeyDictionary entry (a weakref and its callback) per guard cost more than the lock itself.
    lock: asyncio.Lock | None = guard.__dict__.get(_LOCK_ATTR)
    if lock is None:
        lock = asyncio.Lock()
        setattr(guard, _LOCK_ATTR, lock)
    return lock


def idle(guard: Guard) -> bool:
    """Whether nothing holds the guard's lock nor waits for it: code that does not yield to the loop
    may then use the guard at once, in the same order and exclusion the lock would give."""
    lock: asyncio.Lock | None = guard.__dict__.get(_LOCK_ATTR)
    return lock is None or (not lock.locked() and not lock._waiters)


async def locked(guard: Guard, read: Callable[[], T]) -> T:
    """``read`` (synchronous) with the guard's lock held; at once when the lock is idle."""
    if idle(guard):
        return read()
    async with lock_for(guard):
        return read()


async def judged(guard: Guard, judge: Callable[[], T], frame: bytes | None = None) -> T:
    """Run ``judge`` (a call into ``guard``) holding the guard's lock; in a worker thread when
    ``frame`` is costly. A cheap frame on an idle lock is judged at once (nothing can come between:
    ``judge`` does not yield), without making or taking the lock."""
    cheap = not costly(frame)
    if cheap and idle(guard):
        return judge()
    lock = lock_for(guard)
    await lock.acquire()
    if cheap:
        try:
            return judge()
        finally:
            lock.release()
    future = asyncio.get_running_loop().run_in_executor(_EXECUTOR, judge)
    # Released when the thread is done, not when the caller is: a cancelled caller (a client that
    # hung up) must not let the next frame into the guard while this one is still being judged.
    future.add_done_callback(_release(lock))
    return await asyncio.shield(future)


def _release(lock: asyncio.Lock) -> Callable[[asyncio.Future[Any]], None]:
    def done(future: asyncio.Future[Any]) -> None:
        lock.release()
        if not future.cancelled():
            future.exception()  # marks it retrieved: with the caller gone nobody else would
    return done
