"""HTTP mode: a Streamable HTTP (and legacy HTTP+SSE) reverse proxy built on aiohttp.

One aiohttp application, one upstream ``ClientSession``. Every JSON body and every SSE event is
framed here and judged by the same :class:`policies.engine.Guard` as stdio uses; SSE events are
judged and written one by one as they arrive, never buffered as a whole stream.

Routes: ``/mcp`` (the default upstream), ``/NAME/mcp`` for each ``servers:`` entry, ``/sse`` and
``/NAME/sse`` for upstreams that still speak the deprecated HTTP+SSE transport (their message
endpoint is rewritten to ``/_legacy/TOKEN`` on the proxy).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
import signal
import ssl
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urljoin, urlsplit

import aiohttp
from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.config import KNOWN_PROTOCOLS, Config, Policy
from elicitguard.policies.engine import Bounded, Guard, Outcome, SessionState
from elicitguard.policies.envelope import EnvelopeError, Kind, dumps, id_key, parse_envelope
from elicitguard.policies.verdict import Decision, Direction
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.framing import SseEvent, SseFramer, encode_sse

SESSION_HEADER = "Mcp-Session-Id"
VERSION_HEADER = "MCP-Protocol-Version"
# Hop-by-hop headers (RFC 9110 7.6.1) and those the proxy recomputes; never forwarded.
HOP_BY_HOP = frozenset({
    "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "trailers",
    "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "content-encoding",
})
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
MAX_SESSIONS = 10_000
JSON_TYPE = "application/json"
SSE_TYPE = "text/event-stream"


@dataclass
class Route:
    """One upstream the proxy serves, with its policy."""

    name: str | None
    upstream: str
    policy: Policy
    # 2026-07-28 traffic has no session: input requests removed from one POST's result are answered
    # on the retry, which arrives as another POST. Shared per upstream, bounded.
    mrtr_removed: Bounded[tuple[str, ...], dict[str, str]] = field(default_factory=Bounded)

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


CONFIG = web.AppKey("config", Config)
AUDIT = web.AppKey("audit", AuditLog)
CLIENT = web.AppKey("client", aiohttp.ClientSession)
ROUTES = web.AppKey("routes", dict)
SESSIONS = web.AppKey("sessions", dict)
LEGACY = web.AppKey("legacy", dict)


# ---- helpers ------------------------------------------------------------------------------------------


def _jsonrpc_error(code: int, message: str, request_id: Any = None, **data: Any) -> bytes:
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    if data:
        body["error"]["data"] = {**data, "source": "elicitguard"}
    return dumps(body)


def _error_response(status: int, code: int, message: str, request_id: Any = None, **data: Any) -> web.Response:
    return web.Response(status=status, body=_jsonrpc_error(code, message, request_id, **data), content_type=JSON_TYPE)


def _forward_headers(headers: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    connection_tokens = {t.strip().lower() for t in headers.get("Connection", "").split(",") if t.strip()}
    for name, value in headers.items():
        lower = name.lower()
        if lower in HOP_BY_HOP or lower in connection_tokens:
            continue
        out[name] = value
    return out


def _upstream_headers(request: web.Request, session: Session) -> dict[str, str]:
    headers = _forward_headers(request.headers)
    if session.synthetic:
        for name in [n for n in headers if n.lower() == SESSION_HEADER.lower()]:
            del headers[name]
    return headers


def _response_headers(headers: Any) -> dict[str, str]:
    return {k: v for k, v in _forward_headers(headers).items() if k.lower() != "content-type"}


def _judged_as_json(kind: str, raw: bytes) -> bool:
    """Whether a non-SSE body must be judged. Clients parse any JSON-ish type (the Python SDK takes
    every ``application/json*``), so fail closed: any type naming JSON, and any body that looks like
    a JSON object or array whatever its label, is judged."""
    if not raw.strip():
        return False
    return "json" in kind or raw.lstrip()[:1] in (b"{", b"[")


def _mimetype(value: str | None) -> str:
    return (value or "").split(";", 1)[0].strip().lower()


def _host_allowed(host: str, config: Config, listen_host: str) -> bool:
    if not host:
        return False
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.lower()
    allowed = {h.lower() for h in config.http.allowed_hosts}
    if host.lower() in allowed or name in allowed:
        return True
    return name in LOOPBACK_HOSTS or name == listen_host.lower()


def _origin_allowed(origin: str, config: Config) -> bool:
    if origin in config.http.allowed_origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and (parts.hostname or "") in LOOPBACK_HOSTS


def _request_ids(body: bytes) -> list[Any]:
    """Ids of the requests in a client body, to answer each when the upstream answer is unusable."""
    try:
        envelope = parse_envelope(body, len(body) + 1)
    except EnvelopeError:
        return []
    return [m.id for m in envelope.messages if m.kind is Kind.REQUEST and m.id is not None]


def _ssl_context(config: Config) -> ssl.SSLContext | bool:
    if not config.http.tls_verify:
        return False
    if config.http.ca_bundle:
        return ssl.create_default_context(cafile=config.http.ca_bundle)
    return True


# ---- the proxy ----------------------------------------------------------------------------------------


class HttpProxy:
    """Request handlers; state lives in the application under AppKeys."""

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
        if not _host_allowed(request.host, self.config, self.listen_host):
            self.audit.event("http.refused", decision="deny", reasons=[{"rule": "http.host", "detail": "Host header not allowed"}])
            return web.Response(status=403, text="elicitguard: Host not allowed\n")
        origin = request.headers.get("Origin")
        if origin is not None and not _origin_allowed(origin, self.config):
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
                session = Session(Guard(route.policy, self.config.max_message_bytes), route, session_id, loop.time())
                self.app[SESSIONS][key] = session
            session.last_seen = loop.time()
            return session
        # The shared store is keyed per client (credentials and address), so one client's retry can
        # neither consume nor be answered with another's removed input requests.
        who = f"{request.remote}|{request.headers.get('Authorization', '')}|{request.headers.get('Cookie', '')}"
        state = SessionState(removed_inputs=route.mrtr_removed, scope=hashlib.sha256(who.encode()).hexdigest()[:24])
        return Session(Guard(route.policy, self.config.max_message_bytes, state), route, None, loop.time())

    def _bind(self, session: Session, request: web.Request) -> None:
        self.audit.bind(session=session.session_id, server=session.route.name or "default",
                        client=session.guard.state.client_info, peer=request.remote)

    def _audit(self, session: Session, decisions: list[Decision]) -> None:
        if decisions:
            self.audit.decisions(decisions, client=session.guard.state.client_info)

    def _release(self, session: Session, why: str) -> None:
        if session.session_id is not None and self.app[SESSIONS].pop((session.route.name, session.session_id), None):
            self.audit.event("session.end", reason=why)

    # -- Streamable HTTP --

    async def handle_post(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        limit = self.config.max_message_bytes
        if request.content_length is not None and request.content_length > limit:
            return _error_response(413, errors.INVALID_REQUEST, f"request body exceeds {limit} bytes")
        try:
            body = await request.content.read(limit + 1)
        except (aiohttp.ClientError, asyncio.IncompleteReadError, ConnectionError):
            return web.Response(status=400, text="elicitguard: incomplete request body\n")
        if len(body) > limit:
            return _error_response(413, errors.INVALID_REQUEST, f"request body exceeds {limit} bytes")
        session = self.request_session(request, route)
        header_version = request.headers.get(VERSION_HEADER)
        if header_version is not None and header_version not in KNOWN_PROTOCOLS and route.policy.unknown_protocol == "block":
            self.audit.event("protocol.unsupported", decision="would_deny" if route.policy.monitor else "deny",
                             reasons=[{"rule": "protocol.unsupported", "detail": f"{VERSION_HEADER} not understood"}])
            if not route.policy.monitor:
                ids = _request_ids(body)
                return _error_response(400, errors.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                                       ids[0] if len(ids) == 1 else None, supported=list(KNOWN_PROTOCOLS),
                                       requested=header_version[:40])
        outcome = session.guard.client_message(body)
        self._audit(session, outcome.decisions)
        if outcome.forward is None:
            if outcome.replies:
                payload = outcome.replies[0] if len(outcome.replies) == 1 else outcome.replies
                # -32022 is an HTTP 400 per the 2026-07-28 transport; other JSON-RPC errors ride on 200.
                status = 400 if any(r.get("error", {}).get("code") == errors.UNSUPPORTED_PROTOCOL_VERSION
                                    for r in outcome.replies) else 200
                return web.Response(status=status, body=dumps(payload), content_type=JSON_TYPE)
            return _error_response(400, errors.INVALID_REQUEST, "Refused by elicitguard (see the audit log)")
        headers = _upstream_headers(request, session)
        self._remember_auth(session, request)
        initialize = session.session_id is None and any(
            r.method == "initialize" for r in session.guard.state.pending_client.values())
        return await self._relay(request, _with_query(route.upstream, request), "POST", headers, outcome.forward,
                                 session, proxy_replies=outcome.replies, initialize=initialize)

    async def handle_get(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        self._remember_auth(session, request)
        return await self._relay(request, _with_query(route.upstream, request), "GET",
                                 _upstream_headers(request, session), None, session)

    async def handle_delete(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        session = self.request_session(request, route)
        if session.synthetic:
            # The upstream never had this session: only the proxy's state ends.
            self._release(session, "deleted")
            return web.Response(status=200)
        response = await self._relay(request, _with_query(route.upstream, request), "DELETE",
                                     _forward_headers(request.headers), None, session)
        if response.status < 300 or response.status == 404:
            self._release(session, "deleted")
        return response

    def _remember_auth(self, session: Session, request: web.Request) -> None:
        # The proxy's own answers to the upstream must authenticate like the client does.
        for name in ("Authorization", "Cookie"):
            if name in request.headers:
                session.auth_headers[name] = request.headers[name]
        version = request.headers.get(VERSION_HEADER)
        if version:
            session.protocol = version

    async def _relay(self, request: web.Request, url: str, method: str, headers: dict[str, str], body: bytes | None,
                     session: Session, proxy_replies: list[dict[str, Any]] | None = None,
                     legacy_sse: bool = False, initialize: bool = False) -> web.StreamResponse:
        client = self.app[CLIENT]
        try:
            upstream = await client.request(method, url, headers=headers, data=body, allow_redirects=False)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
            ids = _request_ids(body) if body else []
            return _error_response(502, errors.INTERNAL_ERROR, f"upstream unreachable ({type(exc).__name__})",
                                   ids[0] if len(ids) == 1 else None)
        try:
            doubled = [h for h in ("Content-Type", SESSION_HEADER) if len(upstream.headers.getall(h, [])) > 1]
            if doubled:
                # Which copy would the client honour? The proxy cannot judge what it cannot read one way.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.ambiguous_header", "detail": f"upstream sent {doubled[0]} more than once"}])
                ids = _request_ids(body) if body else []
                return _error_response(502, errors.INTERNAL_ERROR, f"upstream sent {doubled[0]} more than once",
                                       ids[0] if len(ids) == 1 else None, rule="http.ambiguous_header")
            new_session = upstream.headers.get(SESSION_HEADER)
            if new_session and session.session_id is None and (session.route.name, new_session) in self.app[SESSIONS]:
                # Two clients under one session id would be judged on each other's declared modes.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.session_reused", "detail": "upstream issued a session id already in use"}])
                ids = _request_ids(body) if body else []
                return _error_response(502, errors.INTERNAL_ERROR, "upstream issued a session id already in use",
                                       ids[0] if len(ids) == 1 else None, rule="http.session_reused")
            if new_session and session.session_id is None:
                # The initialize response created a session: keep this guard's state under its id.
                session.session_id = new_session
                self.app[SESSIONS][(session.route.name, new_session)] = session
                self.audit.bind(session=new_session)
                self.audit.event("session.start", transport="streamable-http", policy_mode=session.guard.policy.mode)
            extra: dict[str, str] = {}
            if initialize and not new_session and session.session_id is None and upstream.status == 200:
                session.session_id = "eg-" + secrets.token_hex(16)
                session.synthetic = True
                self.app[SESSIONS][(session.route.name, session.session_id)] = session
                extra[SESSION_HEADER] = session.session_id
                self.audit.bind(session=session.session_id)
                self.audit.event("session.start", transport="streamable-http", policy_mode=session.guard.policy.mode,
                                 synthetic_session=True)
            if upstream.status == 404 and session.session_id is not None and request.headers.get(SESSION_HEADER):
                self._release(session, "upstream 404")
            kind = _mimetype(upstream.headers.get("Content-Type"))
            if kind == SSE_TYPE:
                return await self._relay_sse(request, upstream, session, proxy_replies or [], legacy_sse, extra,
                                             _request_ids(body) if body else [])
            raw = await upstream.content.read(self.config.max_message_bytes + 1)
            if not _judged_as_json(kind, raw):
                if proxy_replies and upstream.status in (200, 202):
                    return self._json_out(upstream, proxy_replies, upstream_body=None)
                # Not JSON-RPC (an HTML 404, a plain 405): passed through as it came.
                return web.Response(status=upstream.status, body=raw, headers={**_forward_headers(upstream.headers), **extra})
            if len(raw) > self.config.max_message_bytes:
                outcome = session.guard.rejection(Direction.SERVER_TO_CLIENT, EnvelopeError(
                    "envelope.too_large", "upstream response exceeds limits.max_message_bytes"))
            else:
                outcome = session.guard.server_message(raw)
            self._audit(session, outcome.decisions)
            await self._answer_upstream(session, outcome)
            if outcome.forward is None:
                ids = _request_ids(body) if body else []
                if not ids:
                    # Nothing of the client's awaits an answer here (notification-only POST).
                    return web.Response(status=202)
                answers = [{"jsonrpc": "2.0", "id": i, "error": {
                    "code": errors.INTERNAL_ERROR, "message": "elicitguard refused the upstream's answer (see audit log)",
                    "data": {"rule": "upstream.unjudgeable", "source": "elicitguard"}}} for i in ids]
                return web.Response(status=502, body=dumps(answers[0] if len(answers) == 1 else answers),
                                    content_type=JSON_TYPE)
            if proxy_replies:
                return self._json_out(upstream, proxy_replies, upstream_body=outcome.forward)
            return web.Response(status=upstream.status, body=outcome.forward,
                                headers={**_response_headers(upstream.headers), **extra}, content_type=JSON_TYPE)
        finally:
            upstream.release()

    def _json_out(self, upstream: aiohttp.ClientResponse, replies: list[dict[str, Any]],
                  upstream_body: bytes | None) -> web.Response:
        """Merge the proxy's own answers (to parts of a client batch) with the upstream's."""
        merged: list[Any] = list(replies)
        if upstream_body is not None:
            parsed = json.loads(upstream_body)  # already judged: valid, strict JSON
            merged.extend(parsed if isinstance(parsed, list) else [parsed])
        return web.Response(status=200, body=dumps(merged if len(merged) > 1 else merged[0]),
                            headers=_response_headers(upstream.headers), content_type=JSON_TYPE)

    async def _relay_sse(self, request: web.Request, upstream: aiohttp.ClientResponse, session: Session,
                         proxy_replies: list[dict[str, Any]], legacy_sse: bool,
                         extra: dict[str, str], request_ids: list[Any]) -> web.StreamResponse:
        response = web.StreamResponse(status=upstream.status, headers={**_response_headers(upstream.headers), **extra})
        response.content_type = SSE_TYPE
        await response.prepare(request)
        newline = b"\n"
        for reply in proxy_replies:
            await response.write(encode_sse(dumps(reply), event="message"))
        framer = SseFramer(self.config.max_message_bytes)

        refused = False  # the proxy dropped something that may have been an answer the client awaits

        async def emit(events: Any) -> None:
            nonlocal refused
            # Events are written one by one as they complete, so one the framer parsed before an
            # oversize one still goes out.
            for event in events:
                out, dropped = await self._judge_event(event, session, newline, legacy_sse)
                refused = refused or dropped
                if out:
                    await response.write(out)

        try:
            async for chunk in _chunks(upstream):
                if b"\r\n" in chunk:
                    newline = b"\r\n"
                await emit(framer.feed(chunk))
            await emit(framer.feed(b"", final=True))
        except ValueError as exc:
            refused = True
            self.audit.event("stream.refused", decision="deny", reasons=[{"rule": "envelope.too_large", "detail": str(exc)}])
        except (TimeoutError, aiohttp.ClientError, ConnectionError) as exc:
            self.audit.event("upstream.stream_error", decision="deny", detail=type(exc).__name__)
        pending = framer.pending()
        if pending and not pending.strip():
            await response.write(pending)  # trailing line-end bytes: nothing to judge, keep them
        elif pending:
            # A stream cut mid-event: the fragment is neither judged nor forwarded.
            refused = True
            self.audit.event("stream.truncated", decision="deny", reasons=[
                {"rule": "stream.truncated", "detail": f"stream ended inside an event ({len(pending)} bytes dropped)"}])
        if refused:
            # Requests of this POST still unanswered may have lost their answer to the proxy: answer
            # them with an error rather than leave the client waiting.
            with contextlib.suppress(ConnectionError, RuntimeError):
                for rid in request_ids:
                    if session.guard.state.pending_client.pop(id_key(rid), None) is not None:
                        await response.write(encode_sse(_jsonrpc_error(
                            errors.INTERNAL_ERROR, "elicitguard refused the upstream's answer (see audit log)", rid,
                            rule="upstream.unjudgeable"), event="message", newline=newline))
        with contextlib.suppress(ConnectionError, RuntimeError):
            await response.write_eof()
        return response

    async def _judge_event(self, event: SseEvent, session: Session, newline: bytes,
                           legacy_sse: bool) -> tuple[bytes, bool]:
        """The bytes to write for one event, and whether an unjudgeable frame was dropped."""
        session.last_seen = asyncio.get_running_loop().time()  # an open stream keeps its session alive
        if legacy_sse and event.event == "endpoint" and event.data is not None:
            return event.prefix + self._rewrite_endpoint(event, session, newline), False
        if event.data is None or not event.data.strip():
            return event.raw, False  # keep-alives, priming events, retry hints
        outcome = session.guard.server_message(event.data)
        self._audit(session, outcome.decisions)
        await self._answer_upstream(session, outcome)
        dropped = any(d.event == "message.rejected" for d in outcome.decisions)
        if outcome.forward is None:
            return event.prefix, dropped
        if outcome.forward == event.data:
            return event.raw, dropped
        return event.prefix + encode_sse(outcome.forward, event=event.event, event_id=event.id, retry=event.retry,
                                         newline=newline), dropped

    async def _answer_upstream(self, session: Session, outcome: Outcome) -> None:
        """Send the proxy's answers to blocked server requests back on the same session."""
        if not outcome.replies:
            return
        url = session.legacy_endpoint or session.route.upstream
        headers = {"Content-Type": JSON_TYPE, "Accept": f"{JSON_TYPE}, {SSE_TYPE}", **session.auth_headers}
        if session.session_id is not None and session.legacy_endpoint is None:
            headers[SESSION_HEADER] = session.session_id
        if session.protocol:
            headers[VERSION_HEADER] = session.protocol
        elif session.guard.state.protocol_version:
            headers[VERSION_HEADER] = session.guard.state.protocol_version
        for reply in outcome.replies:
            try:
                async with self.app[CLIENT].post(url, data=dumps(reply), headers=headers) as resp:
                    await resp.read()
                    if resp.status >= 300:
                        self.audit.event("upstream.answer_failed", decision="deny", status=resp.status,
                                         request_id=reply.get("id"))
            except (TimeoutError, aiohttp.ClientError, OSError) as exc:
                self.audit.event("upstream.answer_failed", decision="deny", detail=type(exc).__name__,
                                 request_id=reply.get("id"))

    # -- legacy HTTP+SSE (2024-11-05) --

    async def handle_legacy_sse(self, request: web.Request) -> web.StreamResponse:
        route = self.route(request)
        session = Session(Guard(route.policy, self.config.max_message_bytes), route, None,
                          asyncio.get_running_loop().time())
        session.session_id = "legacy-" + secrets.token_hex(8)
        self._bind(session, request)
        self._remember_auth(session, request)
        self.audit.event("session.start", transport="http+sse", policy_mode=route.policy.mode)
        try:
            return await self._relay(request, route.sse_upstream, "GET", _forward_headers(request.headers), None,
                                     session, legacy_sse=True)
        finally:
            for token, known in list(self.app[LEGACY].items()):
                if known is session:
                    del self.app[LEGACY][token]
            self.audit.event("session.end", reason="sse stream closed")

    def _rewrite_endpoint(self, event: SseEvent, session: Session, newline: bytes) -> bytes:
        assert event.data is not None
        target = urljoin(session.route.sse_upstream, event.data.decode("utf-8", "replace").strip())
        if _origin(target) != _origin(session.route.sse_upstream):
            # An endpoint on another host would make the proxy an open relay: refuse it.
            self.audit.event("legacy.endpoint_refused", decision="deny",
                             reasons=[{"rule": "legacy.endpoint", "detail": "endpoint on another origin"}])
            return b""
        token = secrets.token_urlsafe(18)
        session.legacy_endpoint = target
        self.app[LEGACY][token] = session
        return encode_sse(f"/_legacy/{token}".encode(), event="endpoint", event_id=event.id, newline=newline)

    async def handle_legacy_post(self, request: web.Request) -> web.StreamResponse:
        session = self.app[LEGACY].get(request.match_info["token"])
        if session is None or session.legacy_endpoint is None:
            return web.Response(status=404, text="elicitguard: unknown legacy session\n")
        self._bind(session, request)
        limit = self.config.max_message_bytes
        body = await request.content.read(limit + 1)
        if len(body) > limit:
            return _error_response(413, errors.INVALID_REQUEST, f"request body exceeds {limit} bytes")
        outcome = session.guard.client_message(body)
        self._audit(session, outcome.decisions)
        if outcome.forward is None:
            return web.Response(status=202 if not outcome.replies else 400, body=dumps(outcome.replies) if outcome.replies else b"")
        # Answers to the client in this transport travel on its SSE stream, which we do not own here;
        # a partially refused batch is refused whole.
        if outcome.replies:
            return web.Response(status=400, body=dumps(outcome.replies), content_type=JSON_TYPE)
        return await self._relay(request, session.legacy_endpoint, "POST", _forward_headers(request.headers),
                                 outcome.forward, session)


def _origin(url: str) -> tuple[str, str, int | None] | None:
    """(scheme, host, effective port): an endpoint must keep all three, or credentials change hands."""
    parts = urlsplit(url)
    try:
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    if parts.username is not None or parts.password is not None or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port


def _with_query(url: str, request: web.Request) -> str:
    if not request.query_string:
        return url
    return f"{url}{'&' if '?' in url else '?'}{request.query_string}"


async def _chunks(response: aiohttp.ClientResponse) -> AsyncIterator[bytes]:
    async for data in response.content.iter_any():
        yield data


# ---- application ----------------------------------------------------------------------------------


def build_routes(config: Config, upstream: str | None) -> dict[str | None, Route]:
    routes: dict[str | None, Route] = {}
    if upstream:
        routes[None] = Route(None, upstream, config.policy)
    for name, entry in config.servers.items():
        target = entry.upstream or upstream
        if target:
            routes[name] = Route(name, target, entry.policy)
    return routes


def make_app(config: Config, upstream: str | None, audit: AuditLog, listen_host: str = "127.0.0.1") -> web.Application:
    """The aiohttp application (also used directly by tests)."""
    app = web.Application(client_max_size=config.max_message_bytes + 1)
    proxy = HttpProxy(app, listen_host)
    app.middlewares.append(proxy.guard_middleware)
    app[CONFIG] = config
    app[AUDIT] = audit
    app[ROUTES] = build_routes(config, upstream)
    # Bounded: each initialize can create one (a proxy-issued id for a stateless upstream too).
    app[SESSIONS] = Bounded(MAX_SESSIONS)
    app[LEGACY] = {}

    async def client_session(app: web.Application) -> AsyncIterator[None]:
        timeout = aiohttp.ClientTimeout(total=None, connect=config.http.connect_timeout,
                                        sock_read=config.http.read_timeout)
        connector = aiohttp.TCPConnector(ssl=_ssl_context(config))
        async with aiohttp.ClientSession(timeout=timeout, connector=connector, auto_decompress=False,
                                         skip_auto_headers=("User-Agent", "Accept-Encoding")) as session:
            app[CLIENT] = session
            yield

    async def idle_sweeper(app: web.Application) -> AsyncIterator[None]:
        async def sweep() -> None:
            idle = config.http.session_idle_timeout
            while True:
                await asyncio.sleep(min(60.0, idle / 4))
                now = asyncio.get_running_loop().time()
                for key, session in list(app[SESSIONS].items()):
                    if now - session.last_seen > idle:
                        del app[SESSIONS][key]
                        audit.event("session.end", session=key[1], reason="idle timeout")

        task = asyncio.create_task(sweep())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    app.cleanup_ctx.append(client_session)
    app.cleanup_ctx.append(idle_sweeper)
    for prefix in ("", "/{server}"):
        app.router.add_post(prefix + "/mcp", proxy.handle_post)
        app.router.add_get(prefix + "/mcp", proxy.handle_get)
        app.router.add_delete(prefix + "/mcp", proxy.handle_delete)
        app.router.add_get(prefix + "/sse", proxy.handle_legacy_sse)
    app.router.add_post("/_legacy/{token}", proxy.handle_legacy_post)
    return app


def run_http(config: Config, host: str, port: int, upstream: str | None, audit: AuditLog) -> int:
    """Entry point for ``elicitguard http``: serve until interrupted."""
    app = make_app(config, upstream, audit, host)

    async def serve() -> None:
        # handler_cancellation: a client that hangs up cancels its handler, which closes the upstream
        # stream; a short shutdown_timeout keeps SIGTERM prompt with streams still open.
        runner = web.AppRunner(app, handle_signals=False, handler_cancellation=True, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0] if runner.addresses else (host, port)
        routes = ", ".join(f"/{r.name}/mcp" if r.name else "/mcp" for r in app[ROUTES].values())
        # The one line tests and wrappers read to learn the port (also when --listen used port 0).
        print(f"elicitguard: listening on http://{host}:{bound[1]} ({routes})", file=sys.stderr, flush=True)
        audit.event("proxy.start", transport="http", listen=f"{host}:{bound[1]}")
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            audit.event("proxy.stop", transport="http")
            await runner.cleanup()

    try:
        asyncio.run(serve())
    except OSError as exc:
        print(f"elicitguard: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
