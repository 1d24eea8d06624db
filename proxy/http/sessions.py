"""Routing, Host/Origin checks, request bodies, and finding (or refusing) the session a request names."""

from __future__ import annotations

import asyncio
import functools
import secrets
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web
from multidict import CIMultiDict

from elicitguard.policies import errors
from elicitguard.policies.config import Config
from elicitguard.policies.engine import Outcome, SessionState
from elicitguard.policies.sealed import SESSION_PREFIX, SealError, Sealer
from elicitguard.policies.envelope import id_key
from elicitguard.policies.verdict import Decision, Direction
from elicitguard.proxy import offload
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.bodies import BROKEN_BODY, TooLarge, read_whole
from elicitguard.proxy.http.common import (
    AUDIT,
    SUMMARY_INLINE_BYTES,
    RUNTIME,
    ROUTES,
    Runtime,
    SESSION_HEADER,
    VERSION_HEADER,
    ClientBody,
    Incoming,
    error_response,
    forward_headers,
    host_allowed,
    origin_allowed,
    request_ids,
    summarised,
)
from elicitguard.proxy.http.h1 import RawRequest
from elicitguard.proxy.http.state import SESSIONS, SYNTHETIC_PREFIX, Owner, Route, Session, SessionTable, cookie_pairs
from elicitguard.proxy.http.tombstones import TOMBSTONES


def upstream_headers(request: Incoming, session: Session) -> CIMultiDict[str]:
    """The client's headers for the upstream, with the session id the upstream issued (none for a
    session the proxy issued itself)."""
    headers = forward_headers(request.headers)
    if SESSION_HEADER in headers:
        headers.popall(SESSION_HEADER)
    if session.upstream_session is not None:
        headers[SESSION_HEADER] = session.upstream_session
    return headers


def _credentials(request: Incoming) -> str:
    # Two Authorization headers never match what a session was issued to (it kept one): refused.
    return "\n".join(request.headers.getall("Authorization", []))



# Hex digits of each cookie's keyed digest a sealed id carries: 64 bits bind a cookie the holder of the
# id cannot compute, and keep the id within MAX_SESSION_ID for a client with dozens of cookies.
COOKIE_DIGEST = 16


def wall_clock() -> float:
    """Unix time: a sealed id's issue time is compared across replicas (patched by tests)."""
    return time.time()


def _cookies_admitted(sealer: Sealer, digests: object, pairs: list[str]) -> bool:
    """Whether the request shows every cookie a sealed session id was issued with (more may be added)."""
    if not isinstance(digests, list):
        return False
    shown = {sealer.digest(pair, key)[:COOKIE_DIGEST] for pair in pairs for key in sealer.keys}
    return all(isinstance(digest, str) and digest in shown for digest in digests)


class NoRoute(Exception):
    """The path names no upstream the proxy serves."""


class SessionLayer:
    """Routing, Host/Origin checks and the session table; the base of the HTTP handlers."""

    def __init__(self, app: web.Application, listen_host: str) -> None:
        self.app = app
        self.listen_host = listen_host

    # Read per use, never cached: a reload replaces the runtime's config (allowed_hosts and
    # allowed_origins apply from the next request).
    @property
    def config(self) -> Config:
        return self._runtime.config

    # Set once by make_app, read several times per request: looked up once.

    @functools.cached_property
    def audit(self) -> AuditLog:
        return self.app[AUDIT]

    # The objects make_app put there, never replaced (a reload changes what they hold).

    @functools.cached_property
    def _runtime(self) -> Runtime:
        return self.app[RUNTIME]

    @functools.cached_property
    def _routes(self) -> dict[str | None, Route]:
        return self.app[ROUTES]

    @functools.cached_property
    def _sessions(self) -> SessionTable:
        return self.app[SESSIONS]

    async def judge(self, session: Session, direction: Direction, judge: Callable[[], Outcome],
                    frame: bytes | None = None) -> Outcome:
        """``judge`` (a call into the session's guard) under the guard's lock, with the route's policy in
        force swapped in first: a reload applies from each session's next frame, never inside one."""
        route, guard = session.route, session.guard
        metrics = self._runtime.metrics

        def run() -> Outcome:
            policy = route.policy
            if guard.policy is not policy:
                guard.policy = policy
            return judge()

        outcome = await offload.judged(guard, metrics.timed(run) if metrics is not None else run, frame)
        if metrics is not None:
            metrics.counted(direction, outcome)
        return outcome

    # -- safety checks and routing --

    @web.middleware
    async def guard_middleware(self, request: Incoming, handler: Any) -> web.StreamResponse:
        # DNS-rebinding protection (Streamable HTTP spec): validate Host and Origin before anything.
        if not host_allowed(request.host, self.config, self.listen_host):
            self.audit.event("http.refused", decision="deny", reasons=[{"rule": "http.host", "detail": "Host header not allowed"}])
            return error_response(403, errors.INVALID_REQUEST, "Host not allowed", rule="http.host")
        origin = request.headers.get("Origin")
        if origin is not None and not origin_allowed(origin, self.config):
            self.audit.event("http.refused", decision="deny", reasons=[{"rule": "http.origin", "detail": "Origin not allowed"}])
            return error_response(403, errors.INVALID_REQUEST, "Origin not allowed", rule="http.origin")
        headers = request.headers
        doubled = [h for h in (SESSION_HEADER, VERSION_HEADER) if h in headers and len(headers.getall(h)) > 1]
        if doubled:
            # The proxy binds and checks the first copy; an upstream honouring another would run the
            # request in another client's session, or under a version nobody checked.
            self.audit.event("http.refused", decision="deny", reasons=[
                {"rule": "http.ambiguous_header", "detail": f"client sent {doubled[0]} more than once"}])
            return error_response(400, errors.INVALID_REQUEST, "Ambiguous request header", rule="http.ambiguous_header")
        try:
            response: web.StreamResponse = await handler(request)
        except NoRoute:
            return error_response(404, errors.INVALID_REQUEST, "No such MCP endpoint", rule="http.route")
        return response

    def route(self, request: Incoming) -> Route:
        """The upstream this path serves; 404 when none."""
        route: Route | None = self._routes.get(request.match_info.get("server"))
        if route is None:
            raise NoRoute
        return route

    async def request_body(self, request: Incoming) -> bytes | web.Response:
        """The client's whole body, or the answer refusing it (413 past the limit, audited in every mode:
        the limit is hard; 400 for a body cut off mid-way)."""
        limit = self.config.max_message_bytes
        try:
            if isinstance(request, RawRequest):
                if request.too_large:
                    raise TooLarge
                # Taken, not copied and kept twice: the copy is counted in the body budget until forwarded.
                raw, request.body = request.body, b""
                if len(raw) <= SUMMARY_INLINE_BYTES:
                    return ClientBody(raw)  # summarised when first asked, inline: no await
                return await summarised(raw)
            if request.content_length is not None and request.content_length > limit:
                raise TooLarge
            return await summarised(await read_whole(request.content, limit))
        except TooLarge:
            self.audit.event("message.rejected", decision="deny", direction=Direction.CLIENT_TO_SERVER.value,
                             reasons=[{"rule": "envelope.too_large", "detail": f"request body exceeds {limit} bytes"}])
            return error_response(413, errors.INVALID_REQUEST, f"Request body exceeds {limit} bytes",
                                  rule="envelope.too_large")
        except BROKEN_BODY:
            return error_response(400, errors.INVALID_REQUEST, "Incomplete request body", rule="http.incomplete_body")

    def request_session(self, request: Incoming, route: Route, body: bytes | None = None) -> Session | web.Response:
        """The session the request's Mcp-Session-Id names, if the requester owns it; else a session
        for this request alone. A session of someone else's, or an id the proxy issued and forgot,
        is answered 404 without being touched."""
        pairs = cookie_pairs(request)
        owner = Owner.of(request, pairs)
        session_id = request.headers.get(SESSION_HEADER)
        if session_id is None:
            alone = self.new_session(request, route, owner, pairs)
            # Until it becomes a session (an initialize the upstream accepts): see Guard.
            alone.guard.pairs_server_requests = False
            return self._bind(alone, request)
        key = (route.name, session_id)
        table = self._sessions
        session = table.get(key)
        if session is not None:
            if not session.owner.admits(owner):
                self._bind(session, request)
                return self._no_session("session.binding", "the session belongs to another client", body)
            table.touch(key)
            session.last_seen = asyncio.get_running_loop().time()
            return self._bind(session, request)
        if session_id.startswith(SESSION_PREFIX) and route.sealer is not None and route.sealer.shared:
            return self._restore(request, route, owner, session_id, body)
        if session_id.startswith(SYNTHETIC_PREFIX):
            return self._no_session("session.unknown", "a session id the proxy issued and no longer holds", body)
        # An id never seen initialized (the proxy restarted, or forgot it): nothing is declared, so every
        # elicitation on it fails closed. It is kept only once the upstream accepted it (see _adopt).
        session = self.new_session(request, route, owner, pairs)
        session.session_id = session_id
        session.adopted = True
        return self._bind(session, request)

    def _restore(self, request: Incoming, route: Route, owner: Owner, session_id: str,
                 body: bytes | None) -> Session | web.Response:
        """A session another replica (or this one, before it forgot) issued: rebuilt from what its
        sealed id carries, for the client it was issued to only."""
        assert route.sealer is not None
        if session_id in self.app[TOMBSTONES]:
            return self._no_session("session.unknown", "a session id the client deleted", body)
        try:
            record = route.sealer.open_session(session_id, wall_clock(), self.config.session_max_age)
        except SealError:
            # Forged, another key's, or past sessions.max_age (or sealed without an issue time).
            return self._no_session("session.unknown", "a session id that does not verify or has expired", body)
        if record["i"] <= self.app[TOMBSTONES].expired_up_to:
            # Expired here before a reload raised sessions.max_age: a DELETE of it may be forgotten.
            return self._no_session("session.unknown", "a session id that does not verify or has expired", body)
        if record.get("r") != route.name:
            return self._no_session("session.unknown", "a session id issued for another route", body)
        if record.get("ip") != (request.remote or "") or not route.sealer.digest_matches(_credentials(request),
                                                                                         record.get("a")) \
                or not _cookies_admitted(route.sealer, record.get("k"), cookie_pairs(request)):
            return self._no_session("session.binding", "the session belongs to another client", body)
        session = self.new_session(request, route, owner)
        session.session_id = session_id
        upstream = record.get("u")
        session.upstream_id = upstream if isinstance(upstream, str) else None
        session.synthetic = upstream is None
        state = session.guard.state
        modes = record.get("m")
        state.client_modes = frozenset(m for m in modes if m in ("form", "url")) if isinstance(modes, list) else frozenset()
        info = record.get("c")
        state.client_info = ({k: str(v)[:200] for k, v in info.items() if k in ("name", "version")}
                             if isinstance(info, dict) else None)
        version = record.get("p")
        state.protocol_version = version if isinstance(version, str) else None
        state.initialized = True
        if not self._keep(session, restored_session=True):
            return self._no_session("session.capacity", "the session table is full", body)
        return self._bind(session, request)

    def _issue(self, session: Session, upstream: str | None) -> str:
        """The id the client gets for a new session: the upstream's (or a random one of the proxy's),
        or with mrtr.state_key_file set, a sealed one every replica sharing the key can rebuild the
        session from (what initialize declared, and who may use it)."""
        sealer = session.route.sealer
        if sealer is None or not sealer.shared:
            return upstream if upstream is not None else SYNTHETIC_PREFIX + secrets.token_hex(16)
        state = session.guard.state
        return sealer.seal_session({
            "u": upstream, "r": session.route.name, "m": sorted(state.client_modes), "p": state.protocol_version,
            "c": state.client_info, "ip": session.owner.address,
            "a": sealer.digest(session.auth_headers.get("Authorization", "")),
            # Every cookie the creator showed, as the in-memory owner binding requires (state.Owner).
            "k": sorted({sealer.digest(pair)[:COOKIE_DIGEST] for pair in session.cookies}),
        }, wall_clock())

    def new_session(self, request: Incoming, route: Route, owner: Owner, pairs: list[str] | None = None) -> Session:
        """A session for this request, holding the credentials the proxy's own answers will carry
        (``pairs``: the request's cookie pairs, when the caller has them already)."""
        headers = request.headers
        authorization, cookie = headers.get("Authorization"), headers.get("Cookie")
        # 2026-07-28 retries carry their own bookkeeping (signed inside requestState). Only tasks' removed
        # input requests use the shared store, keyed per client (credentials and address) and task id.
        who = f"{request.remote}|{authorization or ''}|{cookie or ''}"
        # The scope's hash and the limits state are made only if the session needs them (most never do).
        state = SessionState(removed_inputs=route.mrtr_removed, who=who, server_bucket=route.server_bucket)
        config = self.config
        guard = route.new_guard(config.max_message_bytes, state)
        # A round whose every input request the proxy declined is completed by the proxy (relay.py).
        guard.completes_rounds, guard.max_rounds = True, config.mrtr_max_rounds
        session = Session(guard, route, None,
                          asyncio.get_running_loop().time(), owner, protocol=headers.get(VERSION_HEADER))
        if authorization is not None:
            session.auth_headers["Authorization"] = authorization
        if cookie is not None:
            session.auth_headers["Cookie"] = cookie
            session.cookies = tuple(pairs if pairs is not None else cookie_pairs(request))
        return session

    def _no_session(self, rule: str, detail: str, body: bytes | None = None) -> web.Response:
        self.audit.event("session.refused", decision="deny", reasons=[{"rule": rule, "detail": detail}])
        ids = request_ids(body) if body else []
        return error_response(404, errors.INVALID_REQUEST, "Session not found", ids[0] if len(ids) == 1 else None,
                              rule=rule)

    def _settle_session(self, status: int, headers: Any, session: Session, initialize: bool,
                        body: bytes | None) -> dict[str, str] | web.Response:
        """Keep, adopt or release the request's session once the upstream answered: state is kept only
        for what the upstream accepted (2xx). Returns headers to add for the client, or a refusal."""
        ok = 200 <= status < 300
        table = self._sessions
        issued = headers.get(SESSION_HEADER)
        if issued and session.session_id is None:
            if (session.route.name, issued) in table or any(
                    s.upstream_id == issued and s.route is session.route for s in table.values()):
                # Two clients under one session id would be judged on each other's declared modes.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.session_reused", "detail": "upstream issued a session id already in use"}])
                ids = request_ids(body) if body else []
                return error_response(502, errors.INTERNAL_ERROR, "Upstream issued a session id already in use",
                                      ids[0] if len(ids) == 1 else None, rule="http.session_reused")
            if ok:
                # The initialize answer created a session: keep this guard's state under the id the
                # client gets (sealed: any replica can rebuild it; the upstream's id goes upstream).
                session.session_id = self._issue(session, issued)
                session.guard.pairs_server_requests = True  # a session now: later requests answer them
                if session.session_id != issued:
                    session.upstream_id = issued
                self._keep(session)
                return {SESSION_HEADER: session.session_id}
            return {}
        if initialize and ok and session.session_id is None:
            # A stateless upstream: the proxy issues an id of its own to keep what initialize declared.
            session.session_id = self._issue(session, None)
            session.guard.pairs_server_requests = True  # a session now: later requests answer them
            session.synthetic = True
            return {SESSION_HEADER: session.session_id} if self._keep(session, synthetic_session=True) else {}
        if session.adopted and ok and session.session_id is not None and table.get(
                (session.route.name, session.session_id)) is None:
            self._keep(session, adopted_session=True)
        elif status == 404 and session.session_id is not None and not session.synthetic:
            self._release(session, "upstream 404")
        return {}

    async def _forget_refused(self, session: Session, status: int, body: bytes | None) -> None:
        """Refused upstream (not 2xx): what the request awaits is forgotten once its answer, if any,
        was judged (an answer the upstream did send pairs with the request first)."""
        if 200 <= status < 300 or not body:
            return
        async with offload.lock_for(session.guard):
            for rid in request_ids(body):
                session.guard.state.pending_client.pop(id_key(rid), None)

    def _keep(self, session: Session, **audit: Any) -> bool:
        """Put a session the upstream (or the proxy) just issued into the table, within its bounds."""
        kept, evicted = self._sessions.admit(session)
        for old in evicted:
            self.audit.event("session.end", reason="session limit", evicted=old.session_id)
        if kept:
            self.audit.bind(session=session.session_id)
            self.audit.event("session.start", transport="streamable-http", policy_mode=session.guard.policy.mode,
                             **audit)
        else:
            self.audit.event("session.untracked", decision="deny", reasons=[
                {"rule": "session.capacity", "detail": "the session table is full of initialized sessions"}])
        return kept

    def _bind(self, session: Session, request: Incoming) -> Session:
        self.audit.bind_later(session=session.session_id, server=session.route.name or "default",
                        client=session.guard.state.client_info, peer=request.remote,
                        policy_version=self.config.version)
        return session

    def _audit(self, session: Session, decisions: list[Decision]) -> None:
        if decisions:
            self.audit.decisions(decisions, client=session.guard.state.client_info)

    def _bury(self, session: Session) -> None:
        """A sealed id the client deleted: remembered on this replica until its seal expires, so it
        rebuilds nothing here (tombstones.py)."""
        sealer, session_id = session.route.sealer, session.session_id
        if session_id is None or not session_id.startswith(SESSION_PREFIX) or sealer is None or not sealer.shared:
            return
        now, max_age = wall_clock(), self.config.session_max_age
        try:
            issued = sealer.open_session(session_id, now, max_age)["i"]
        except SealError:
            return  # expired already: refused for its age
        self.app[TOMBSTONES].add(session_id, issued, now, max_age)

    def _release(self, session: Session, why: str) -> None:
        if session.session_id is not None and self._sessions.get((session.route.name, session.session_id)) is session:
            self._sessions.pop((session.route.name, session.session_id))
            self.audit.event("session.end", reason=why)
