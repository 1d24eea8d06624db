"""The proxy's own answers to server requests it blocked, POSTed back to the upstream on the same session.

They travel in the background, so the client's stream never waits on the upstream's reply to them; that
reply is read to a small bound and dropped. They follow no redirect, never carry the proxy's own session
id, and at most ``MAX_PENDING`` wait at once: a flood of blocked requests cannot grow the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from typing import Any

import aiohttp
from aiohttp import web

from elicitguard.policies.engine import Outcome
from elicitguard.policies.envelope import dumps, id_key
from elicitguard.proxy.http.bodies import discard
from elicitguard.proxy.http.common import CLIENT, JSON_TYPE, SESSION_HEADER, SSE_TYPE, VERSION_HEADER, is_redirect
from elicitguard.proxy.http.sessions import SessionLayer
from elicitguard.proxy.http.state import Session


def answered_key(request_id: Any) -> bytes:
    """How an answered id is remembered: 16 bytes, whatever the size of the id the upstream chose."""
    return hashlib.blake2b(id_key(request_id).encode(), digest_size=16).digest()


MAX_PENDING = 1024  # answers queued or in flight, per upstream
MAX_IN_FLIGHT = 16  # answers being POSTed at once, per upstream


class Backlog:
    """The answers queued or in flight. Bounded per upstream (route): an upstream that never replies
    to the proxy's answers fills only its own slots and queue, never another server's."""

    def __init__(self) -> None:
        self.tasks: set[asyncio.Task[None]] = set()
        self.queued: dict[str | None, set[asyncio.Task[None]]] = {}
        self._slots: dict[str | None, asyncio.Semaphore] = {}

    def slots(self, route: str | None) -> asyncio.Semaphore:
        slots = self._slots.get(route)
        if slots is None:
            slots = self._slots[route] = asyncio.Semaphore(MAX_IN_FLIGHT)
        return slots

    def full(self, route: str | None) -> bool:
        return len(self.queued.get(route, ())) >= MAX_PENDING

    def add(self, route: str | None, task: asyncio.Task[None]) -> None:
        queued = self.queued.setdefault(route, set())
        self.tasks.add(task)
        queued.add(task)

        def done(task: asyncio.Task[None]) -> None:
            self.tasks.discard(task)
            queued.discard(task)
            if not queued and self.queued.get(route) is queued:
                del self.queued[route]

        task.add_done_callback(done)

    async def settled(self, timeout: float | None = None) -> None:
        """Wait until every answer sent so far got its reply (or failed)."""
        while self.tasks:
            await asyncio.wait_for(asyncio.gather(*list(self.tasks), return_exceptions=True), timeout)

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*list(self.tasks), return_exceptions=True)


ANSWERS = web.AppKey("answers", Backlog)


class AnswerLayer(SessionLayer):
    """Sends the proxy's answers upstream without holding up the stream they were taken from."""

    def _answer_upstream(self, session: Session, outcome: Outcome, resumed: bool = False) -> None:
        """POST the proxy's answers upstream. ``resumed``: they come from a stream resumed with
        Last-Event-ID, whose replayed requests were answered already; elsewhere an id answered before
        is a new request (a stateless server numbers each POST's requests from 0 again)."""
        if not outcome.replies:
            return
        url = session.legacy_endpoint or session.route.upstream
        headers = {"Content-Type": JSON_TYPE, "Accept": f"{JSON_TYPE}, {SSE_TYPE}", **session.auth_headers}
        # Only an id the upstream issued goes upstream: the proxy's own (a stateless upstream) never does.
        if session.upstream_session is not None and session.legacy_endpoint is None:
            headers[SESSION_HEADER] = session.upstream_session
        version = session.protocol or session.guard.state.protocol_version
        if version:
            headers[VERSION_HEADER] = version
        backlog = self.app[ANSWERS]
        route = session.route.name
        for reply in outcome.replies:
            rid = reply.get("id")
            if rid is not None:
                key = answered_key(rid)
                if resumed and key in session.answered:
                    # A request replayed on a resumed stream (Last-Event-ID): it had its one answer.
                    self.audit.event("upstream.replayed", decision="deny", request_id=rid, reasons=[
                        {"rule": "replay.answered", "detail": "the proxy already answered this request"}])
                    continue
                session.answered[key] = None
            if backlog.full(route):
                self.audit.event("upstream.answer_failed", decision="deny", request_id=reply.get("id"),
                                 reasons=[{"rule": "upstream.answer_backlog",
                                           "detail": f"more than {MAX_PENDING} answers to the upstream pending"}])
                continue
            backlog.add(route, asyncio.create_task(self._send_answer(url, headers, reply, backlog.slots(route))))

    async def _send_answer(self, url: str, headers: dict[str, str], reply: dict[str, Any],
                           slots: asyncio.Semaphore) -> None:
        async with slots:
            try:
                async with self.app[CLIENT].post(url, data=dumps(reply), headers=headers, allow_redirects=False,
                                                 timeout=aiohttp.ClientTimeout(total=self.config.http.read_timeout)) as resp:
                    if is_redirect(resp.status):
                        self.audit.event("upstream.redirect", decision="deny", status=resp.status,
                                         request_id=reply.get("id"), reasons=[
                                             {"rule": "upstream.redirect", "detail": "the upstream redirected an answer"}])
                    elif resp.status >= 300:
                        self.audit.event("upstream.answer_failed", decision="deny", status=resp.status,
                                         request_id=reply.get("id"))
                    await discard(resp)
            except (TimeoutError, aiohttp.ClientError, OSError) as exc:
                self.audit.event("upstream.answer_failed", decision="deny", detail=type(exc).__name__,
                                 request_id=reply.get("id"))
