"""The Streamable HTTP transport's endpoints: POST, GET and DELETE on ``/mcp`` (and ``/NAME/mcp``)."""

from __future__ import annotations

import asyncio

import aiohttp
from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.config import KNOWN_PROTOCOLS
from elicitguard.policies.envelope import dumps
from elicitguard.proxy import offload
from elicitguard.proxy.http.common import (
    JSON_TYPE,
    VERSION_HEADER,
    error_response,
    forward_headers,
    request_ids,
    with_query,
)
from elicitguard.proxy.http.relay import RelayLayer
from elicitguard.proxy.http.sessions import upstream_headers


class StreamableHttp(RelayLayer):
    """Streamable HTTP (2025-03-26 and later)."""

    async def handle_post(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        limit = self.config.max_message_bytes
        if request.content_length is not None and request.content_length > limit:
            return error_response(413, errors.INVALID_REQUEST, f"request body exceeds {limit} bytes")
        try:
            body = await request.content.read(limit + 1)
        except (aiohttp.ClientError, asyncio.IncompleteReadError, ConnectionError):
            return web.Response(status=400, text="elicitguard: incomplete request body\n")
        if len(body) > limit:
            return error_response(413, errors.INVALID_REQUEST, f"request body exceeds {limit} bytes")
        session = self.request_session(request, route)
        header_version = request.headers.get(VERSION_HEADER)
        if header_version is not None and header_version not in KNOWN_PROTOCOLS and route.policy.unknown_protocol == "block":
            self.audit.event("protocol.unsupported", decision="would_deny" if route.policy.monitor else "deny",
                             reasons=[{"rule": "protocol.unsupported", "detail": f"{VERSION_HEADER} not understood"}])
            if not route.policy.monitor:
                ids = request_ids(body)
                return error_response(400, errors.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                                       ids[0] if len(ids) == 1 else None, supported=list(KNOWN_PROTOCOLS),
                                       requested=header_version[:40])
        outcome = await offload.judged(session.guard, lambda: session.guard.client_message(body), body)
        self._audit(session, outcome.decisions)
        if outcome.forward is None:
            if outcome.replies:
                payload = outcome.replies[0] if len(outcome.replies) == 1 else outcome.replies
                # -32022 is an HTTP 400 per the 2026-07-28 transport; other JSON-RPC errors ride on 200.
                status = 400 if any(r.get("error", {}).get("code") == errors.UNSUPPORTED_PROTOCOL_VERSION
                                    for r in outcome.replies) else 200
                return web.Response(status=status, body=dumps(payload), content_type=JSON_TYPE)
            return error_response(400, errors.INVALID_REQUEST, "Refused by elicitguard (see the audit log)")
        headers = upstream_headers(request, session)
        self._remember_auth(session, request)
        async with offload.lock_for(session.guard):
            initialize = session.session_id is None and any(
                r.method == "initialize" for r in session.guard.state.pending_client.values())
        return await self._relay(request, with_query(route.upstream, request), "POST", headers, outcome.forward,
                                 session, proxy_replies=outcome.replies, initialize=initialize)

    async def handle_get(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        self._remember_auth(session, request)
        return await self._relay(request, with_query(route.upstream, request), "GET",
                                 upstream_headers(request, session), None, session)

    async def handle_delete(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        if session.synthetic:
            # The upstream never had this session: only the proxy's state ends.
            self._release(session, "deleted")
            return web.Response(status=200)
        response = await self._relay(request, with_query(route.upstream, request), "DELETE",
                                     forward_headers(request.headers), None, session)
        if response.status < 300 or response.status == 404:
            self._release(session, "deleted")
        return response

