"""Routes and sessions: which upstream a path serves, and the guard state kept per MCP session."""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

from aiohttp import web

from elicitguard.policies.config import Config, Policy
from elicitguard.policies.engine import Bounded, Guard, SessionState
from elicitguard.policies.limits import HygieneState, TokenBucket
from elicitguard.policies.verdict import Decision
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.common import (
    AUDIT,
    CONFIG,
    ROUTES,
    SESSION_HEADER,
    SESSIONS,
    VERSION_HEADER,
    forward_headers,
    host_allowed,
    origin_allowed,
)


@dataclass
class Route:
    """One upstream the proxy serves, with its policy."""

    name: str | None
    upstream: str
    policy: Policy
    # 2026-07-28 traffic has no session: input requests removed from one POST's result are answered
    # on the retry, which arrives as another POST. Shared per upstream, bounded.
    mrtr_removed: Bounded[tuple[str, ...], dict[str, str]] = field(default_factory=Bounded)
    # policy.limits.server_elicitations_per_minute: one bucket over all of this upstream's sessions.
    server_bucket: TokenBucket = field(default_factory=TokenBucket)

    def new_guard(self, max_message_bytes: int, state: SessionState | None = None) -> Guard:
        state = state if state is not None else SessionState()
        state.hygiene = HygieneState(server_bucket=self.server_bucket)
        return Guard(self.policy, max_message_bytes, state)

    @property
    def sse_upstream(self) -> str:
        """The legacy HTTP+SSE endpoint: the upstream URL with its last segment replaced by ``sse``."""
        parts = urlsplit(self.upstream)
        if parts.path.rstrip("/").endswith("/sse"):
            return self.upstream
        return urljoin(self.upstream, "sse")


@dataclass
class Session:
    """Guard state for one MCP session (one Mcp-Session-Id, or one legacy SSE connection)."""

    guard: Guard
    route: Route
    session_id: str | None
    last_seen: float
    protocol: str | None = None
    auth_headers: dict[str, str] = field(default_factory=dict)
    legacy_endpoint: str | None = None  # legacy HTTP+SSE: the upstream message URL
    # The upstream is stateless (issued no Mcp-Session-Id), so the proxy issued its own to the client
    # to keep what initialize declared; it is stripped before requests go upstream.
    synthetic: bool = False



def upstream_headers(request: web.Request, session: Session) -> dict[str, str]:
    headers = forward_headers(request.headers)
    if session.synthetic:
        for name in [n for n in headers if n.lower() == SESSION_HEADER.lower()]:
            del headers[name]
    return headers



class SessionLayer:
    """Routing, Host/Origin checks and the session table; the base of the HTTP handlers."""

    def __init__(self, app: web.Application, listen_host: str) -> None:
        self.app = app
        self.listen_host = listen_host

    @property
    def config(self) -> Config:
        return self.app[CONFIG]

    @property
    def audit(self) -> AuditLog:
        return self.app[AUDIT]

    # -- safety checks and routing --

    @web.middleware
    async def guard_middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        # DNS-rebinding protection (Streamable HTTP spec): validate Host and Origin before anything.
        if not host_allowed(request.host, self.config, self.listen_host):
            self.audit.event("http.refused", decision="deny", reasons=[{"rule": "http.host", "detail": "Host header not allowed"}])
            return web.Response(status=403, text="elicitguard: Host not allowed\n")
        origin = request.headers.get("Origin")
        if origin is not None and not origin_allowed(origin, self.config):
            self.audit.event("http.refused", decision="deny", reasons=[{"rule": "http.origin", "detail": "Origin not allowed"}])
            return web.Response(status=403, text="elicitguard: Origin not allowed\n")
        response: web.StreamResponse = await handler(request)
        return response

    def route(self, request: web.Request) -> Route:
        """The upstream this path serves; 404 when none."""
        route: Route | None = self.app[ROUTES].get(request.match_info.get("server"))
        if route is None:
            raise web.HTTPNotFound(text="elicitguard: no such MCP endpoint\n")
        return route

    def request_session(self, request: web.Request, route: Route) -> Session:
        """The session named by the request's Mcp-Session-Id (or a fresh one), bound for auditing."""
        session = self.session_for(route, request)
        self._bind(session, request)
        return session

    def session_for(self, route: Route, request: web.Request) -> Session:
        loop = asyncio.get_running_loop()
        session_id = request.headers.get(SESSION_HEADER)
        if session_id is not None:
            key = (route.name, session_id)
            session = self.app[SESSIONS].get(key)
            if session is None:
                # An id we never saw initialised (e.g. the proxy restarted): nothing is declared, so
                # every elicitation on it fails closed.
                session = Session(route.new_guard(self.config.max_message_bytes), route, session_id, loop.time())
                self.app[SESSIONS][key] = session
            session.last_seen = loop.time()
            return session
        # The shared store is keyed per client (credentials and address), so one client's retry can
        # neither consume nor be answered with another's removed input requests.
        who = f"{request.remote}|{request.headers.get('Authorization', '')}|{request.headers.get('Cookie', '')}"
        state = SessionState(removed_inputs=route.mrtr_removed, scope=hashlib.sha256(who.encode()).hexdigest()[:24])
        return Session(route.new_guard(self.config.max_message_bytes, state), route, None, loop.time())

    def _bind(self, session: Session, request: web.Request) -> None:
        self.audit.bind(session=session.session_id, server=session.route.name or "default",
                        client=session.guard.state.client_info, peer=request.remote, policy_version=self.config.version)

    def _audit(self, session: Session, decisions: list[Decision]) -> None:
        if decisions:
            self.audit.decisions(decisions, client=session.guard.state.client_info)

    def _release(self, session: Session, why: str) -> None:
        if session.session_id is not None and self.app[SESSIONS].pop((session.route.name, session.session_id), None):
            self.audit.event("session.end", reason=why)


    def _remember_auth(self, session: Session, request: web.Request) -> None:
        # The proxy's own answers to the upstream must authenticate like the client does.
        for name in ("Authorization", "Cookie"):
            if name in request.headers:
                session.auth_headers[name] = request.headers[name]
        version = request.headers.get(VERSION_HEADER)
        if version:
            session.protocol = version

