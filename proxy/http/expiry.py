"""``policy.limits.pending_timeout`` in http mode: one task looks over every session's pending
elicitations and answers ``cancel`` upstream for those that waited too long.

The client is not told (its SSE stream belongs to another request); its later answer is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from aiohttp import web

from elicitguard.policies.engine import Outcome
from elicitguard.proxy import offload
from elicitguard.proxy.http.common import AUDIT, LEGACY, RUNTIME
from elicitguard.proxy.http.relay import RelayLayer
from elicitguard.proxy.http.state import SESSIONS, Session
from elicitguard.proxy.hygiene import poll_interval, refresh


def _sessions(app: web.Application) -> list[Session]:
    seen: dict[int, Session] = {id(s): s for s in app[SESSIONS].values()}
    seen.update((id(s), s) for s in app[LEGACY].values())
    return list(seen.values())


async def expire_once(app: web.Application, proxy: RelayLayer, now: float) -> None:
    """One pass over the sessions."""
    for session in _sessions(app):
        if not session.guard.state.hygiene.pending:
            continue  # the common case, kept cheap: thousands of idle sessions are looked at each pass
        # The client's answer may be being judged in a worker thread: never touch the pending tables
        # at the same time (two answers to one request, or an exception that ends this timer).
        # Before taking the lock: refresh swaps only while nothing is judged with the guard.
        refresh(session.guard, session.route.policy)  # a reload's pending_timeout applies without a message
        async with offload.lock_for(session.guard):
            expiry = session.guard.tick(now)
        if expiry.decisions:
            app[AUDIT].decisions(expiry.decisions, session=session.session_id,
                                 server=session.route.name or "default", client=session.guard.state.client_info,
                                 policy_version=app[RUNTIME].config.version)
        if expiry.to_server:
            proxy._answer_upstream(session, Outcome(replies=expiry.to_server))


def expiry_ticker(proxy: RelayLayer) -> Callable[[web.Application], AsyncIterator[None]]:
    """A cleanup context running :func:`expire_once` on a short interval for the app's lifetime."""

    async def ticker(app: web.Application) -> AsyncIterator[None]:
        config = app[RUNTIME].config
        timeouts = [config.policy.limits.pending_timeout] + [e.policy.limits.pending_timeout
                                                             for e in config.servers.values()]
        interval = min(poll_interval(t) for t in timeouts)

        async def run() -> None:
            loop = asyncio.get_running_loop()
            while True:
                await asyncio.sleep(interval)
                await expire_once(app, proxy, loop.time())

        task = asyncio.create_task(run())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    return ticker
