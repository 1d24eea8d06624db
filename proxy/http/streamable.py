"""The Streamable HTTP transport's endpoints: POST, GET and DELETE on ``/mcp`` (and ``/NAME/mcp``)."""

from __future__ import annotations

from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.envelope import dumps
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.http.common import (
    JSON_TYPE,
    Incoming,
    error_response,
    request_ids,
    request_methods,
    with_query,
)
from elicitguard.proxy.http.relay import RelayLayer
from elicitguard.proxy.http.sessions import upstream_headers
from elicitguard.proxy.http.versions import VersionChecks


def _methods(body: bytes) -> list[str]:
    """The methods in a client body; parsed only when one could be initialize (spelled out or escaped)."""
    return request_methods(body) if b"initialize" in body or b"\\u" in body else []


class StreamableHttp(RelayLayer, VersionChecks):
    """Streamable HTTP (2025-03-26 and later)."""

    async def handle_post(self, request: Incoming) -> web.StreamResponse:
        route = self.route(request)
        body = await self.request_body(request)
        if isinstance(body, web.Response):
            return body
        session = self.request_session(request, route, body)
        if isinstance(session, web.Response):
            return session
        if not session.adopted and session.session_id is not None and "initialize" in _methods(body):
            # Declared capabilities are set once, by the initialize that created the session.
            self.audit.event("session.refused", decision="deny", reasons=[
                {"rule": "session.reinitialize", "detail": "initialize on a session already initialized"}])
            ids = request_ids(body)
            return error_response(400, errors.INVALID_REQUEST, "Session already initialized",
                                  ids[0] if len(ids) == 1 else None, rule="session.reinitialize")
        refused = self._check_versions(request, route, body)
        if refused is not None:
            return refused
        session.guard.offered_versions = route.offered_versions()
        outcome = await self.judge(session, Direction.CLIENT_TO_SERVER, lambda: session.guard.client_message(body), body)
        self._audit(session, outcome.decisions)
        if outcome.forward is None:
            if outcome.replies:
                payload = outcome.replies[0] if len(outcome.replies) == 1 else outcome.replies
                # -32022 is an HTTP 400 per the 2026-07-28 transport; other JSON-RPC errors ride on 200.
                status = 400 if any(r.get("error", {}).get("code") == errors.UNSUPPORTED_PROTOCOL_VERSION
                                    for r in outcome.replies) else 200
                return web.Response(status=status, body=dumps(payload), content_type=JSON_TYPE)
            # Rules are the proxy's own names; the details (which may quote the message) stay in the audit.
            rule = next((r.rule for d in outcome.decisions for r in d.reasons), "message.refused")
            ids = request_ids(body)
            return error_response(400, errors.INVALID_REQUEST, "Refused by elicitguard (see the audit log)",
                                  ids[0] if len(ids) == 1 else None, rule=rule)
        headers = upstream_headers(request, session)
        pending = session.guard.state.pending_client
        initialize = session.session_id is None and (
            any(r.method == "initialize" for r in pending.values()) if offload.idle(session.guard)
            else await offload.locked(session.guard, lambda: any(r.method == "initialize" for r in pending.values())))
        # Handed over, not kept here: the relay drops a large body once it is written upstream.
        forward, replies = [outcome.forward], outcome.replies
        del body, outcome
        return await self._relay(request, with_query(route.upstream, request), "POST", headers, forward.pop(),
                                 session, proxy_replies=replies, initialize=initialize)

    async def handle_get(self, request: Incoming) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        if isinstance(session, web.Response):
            return session
        return await self._relay(request, with_query(route.upstream, request), "GET",
                                 upstream_headers(request, session), None, session)

    async def handle_delete(self, request: Incoming) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        if isinstance(session, web.Response):
            return session
        if session.synthetic:
            # The upstream never had this session: only the proxy's state ends.
            self._release(session, "deleted")
            self._bury(session)
            return web.Response(status=200)
        response = await self._relay(request, with_query(route.upstream, request), "DELETE",
                                     upstream_headers(request, session), None, session)
        if response.status < 300 or response.status == 404:
            self._release(session, "deleted")
            self._bury(session)
        return response

