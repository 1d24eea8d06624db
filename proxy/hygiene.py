"""The clock behind ``policy.limits.pending_timeout``: the core never reads time, so a transport runs
:func:`expire_pending` beside its session and sends what the guard's ``tick`` asks for."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Final

from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.policies.envelope import dumps
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.offload import lock_for

# Longest sleep between two looks at the pending table: a new pending elicitation is noticed within
# this (or within its own timeout, when that is shorter), then its deadline is slept to exactly.
POLL: Final = 1.0

Sink = Callable[[bytes], Awaitable[None]]


def refresh(guard: Guard, policy: Policy) -> None:
    """Swap a reloaded policy into ``guard`` if nothing is being judged with it right now (judging
    holds the guard's lock, and starts only on the event loop, where this runs)."""
    if guard.policy is not policy and not lock_for(guard).locked():
        guard.policy = policy


def poll_interval(timeout: float) -> float:
    return min(POLL, timeout) if timeout > 0 else POLL


async def expire_pending(guard: Guard, audit: AuditLog, *, to_server: Sink, to_client: Sink,
                         policy: Callable[[], Policy] | None = None) -> None:
    """Answer ``cancel`` for elicitations left pending past the timeout (stdio: one per session);
    ``policy`` gives the policy in force (a reload changes the timeout without a message)."""
    loop = asyncio.get_running_loop()
    # The guard's state is also written by frames judged in a worker thread: read and change it only
    # under the session's lock (see proxy.offload).
    lock = lock_for(guard)
    while True:
        if policy is not None:
            refresh(guard, policy())  # before taking the lock: refresh swaps only while nothing judges
        async with lock:
            deadline = guard.next_deadline()
        wait = poll_interval(guard.policy.limits.pending_timeout)
        if deadline is not None:
            wait = min(wait, deadline - loop.time())
        await asyncio.sleep(max(0.0, wait))
        async with lock:
            expiry = guard.tick(loop.time())
        if expiry.decisions:
            audit.decisions(expiry.decisions, client=guard.state.client_info)
        for answer in expiry.to_server:
            await to_server(dumps(answer) + b"\n")
        for notice in expiry.to_client:
            await to_client(dumps(notice) + b"\n")
