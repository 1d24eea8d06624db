"""The deprecated HTTP+SSE transport (2024-11-05): ``GET /sse`` is relayed, its ``endpoint`` event is
rewritten to an unguessable ``/_legacy/TOKEN`` on the proxy, and POSTs there are judged and relayed."""

from __future__ import annotations

import secrets
from urllib.parse import urljoin

import aiohttp
from aiohttp import web

from elicitguard.policies.envelope import dumps
from elicitguard.policies.verdict import Direction
from elicitguard.proxy.framing import SseEvent, encode_sse
from elicitguard.proxy.http.common import JSON_TYPE, LEGACY, Incoming, forward_headers, url_origin
from elicitguard.proxy.http.relay import RelayLayer
from elicitguard.proxy.http.state import MAX_PER_CLIENT, MAX_SESSIONS, Owner, Session


class LegacySse(RelayLayer):
    """HTTP+SSE."""

    async def handle_legacy_sse(self, request: Incoming) -> web.StreamResponse:
        route = self.route(request)
        session = self.new_session(request, route, Owner.of(request))
        session.guard.completes_rounds = False  # its retry could not be routed to the legacy stream
        session.session_id = "legacy-" + secrets.token_hex(8)
        self._bind(session, request)
        self.audit.event("session.start", transport="http+sse", policy_mode=route.policy.mode)
        try:
            return await self._relay(request, route.sse_upstream, "GET", forward_headers(request.headers), None,
                                     session, legacy_sse=True)
        finally:
            for token, known in list(self.app[LEGACY].items()):
                if known is session:
                    del self.app[LEGACY][token]
            self.audit.event("session.end", reason="sse stream closed")

    def _rewrite_endpoint(self, event: SseEvent, session: Session, newline: bytes) -> bytes:
        assert event.data is not None
        target = urljoin(session.route.sse_upstream, event.data.decode("utf-8", "replace").strip())
        if url_origin(target) != url_origin(session.route.sse_upstream):
            # An endpoint on another host would make the proxy an open relay: refuse it.
            self.audit.event("legacy.endpoint_refused", decision="deny",
                             reasons=[{"rule": "legacy.endpoint", "detail": "endpoint on another origin"}])
            return b""
        table = self.app[LEGACY]
        client = session.owner.client
        if (session.legacy_endpoint is not None or len(table) >= MAX_SESSIONS
                or sum(1 for known in table.values() if known.owner.client == client) >= MAX_PER_CLIENT):
            # One endpoint per stream, and a bounded table (in all, and per client, so that one client
            # holding streams open cannot take every endpoint): a flood of endpoint events holds no memory.
            self.audit.event("legacy.endpoint_refused", decision="deny",
                             reasons=[{"rule": "legacy.endpoint", "detail": "a second endpoint event, or too many"}])
            return b""
        token = secrets.token_urlsafe(18)
        session.legacy_endpoint = target
        self.app[LEGACY][token] = session
        return encode_sse(f"/_legacy/{token}".encode(), event="endpoint", event_id=event.id, newline=newline)

    async def handle_legacy_post(self, request: Incoming) -> web.StreamResponse:
        session = self.app[LEGACY].get(request.match_info["token"])
        if session is None or session.legacy_endpoint is None:
            return self._no_session("session.unknown", "no legacy session has this endpoint")
        self._bind(session, request)
        body = await self.request_body(request)
        if isinstance(body, web.Response):
            return body
        if not session.owner.admits(Owner.of(request)):
            return self._no_session("session.binding", "the session belongs to another client", body)
        session.guard.offered_versions = session.route.offered_versions()
        outcome = await self.judge(session, Direction.CLIENT_TO_SERVER, lambda: session.guard.client_message(body), body)
        self._audit(session, outcome.decisions)
        if outcome.forward is None:
            return web.Response(status=202 if not outcome.replies else 400, body=dumps(outcome.replies) if outcome.replies else b"")
        # Answers to the client in this transport travel on its SSE stream, which we do not own here: the
        # refused part of a batch is answered in this POST's 400. What the guard let through still goes
        # upstream: it may answer the server's requests (or hold the proxy's error in place of a refused
        # answer), which the guard no longer awaits.
        if outcome.replies:
            replies = dumps(outcome.replies)
            aside = [outcome.forward]
            del body, outcome
            await self._post_aside(request, session.legacy_endpoint, aside.pop())
            return web.Response(status=400, body=replies, content_type=JSON_TYPE)
        # Handed over, not kept here: the relay drops a large body once it is written upstream.
        forward = [outcome.forward]
        del body, outcome
        return await self._relay(request, session.legacy_endpoint, "POST", forward_headers(request.headers),
                                 forward.pop(), session)

    async def _post_aside(self, request: Incoming, url: str, body: bytes) -> None:
        """POST what the guard let through of a partially refused batch upstream; the upstream's own
        answer (a 202: the answers travel on the SSE stream) is not the client's here."""
        try:
            upstream = await self._send(request, "POST", url, forward_headers(request.headers), [body])
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
            return
        upstream.release()
        if not 200 <= upstream.status < 300:
            self.audit.event("upstream.answer_failed", decision="deny", status=upstream.status)
