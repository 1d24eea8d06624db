"""Relaying one request upstream and judging what comes back: a JSON body or an SSE stream, event by
event; the proxy's own answers to blocked server requests go back upstream on the same session."""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from typing import Any

import aiohttp
from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.engine import Outcome
from elicitguard.policies.envelope import EnvelopeError, dumps, id_key
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.framing import SseEvent, SseFramer, encode_sse
from elicitguard.proxy.http.common import (
    CLIENT,
    JSON_TYPE,
    SESSION_HEADER,
    SESSIONS,
    SSE_TYPE,
    VERSION_HEADER,
    chunks,
    error_response,
    forward_headers,
    jsonrpc_error,
    judged_as_json,
    mimetype,
    request_ids,
    response_headers,
)
from elicitguard.proxy.http.sessions import Session, SessionLayer


class RelayLayer(SessionLayer):
    """Upstream requests and the judging of their answers."""

    def _rewrite_endpoint(self, event: SseEvent, session: Session, newline: bytes) -> bytes:
        """The legacy ``endpoint`` event, rewritten to point at the proxy (see :class:`LegacySse`)."""
        raise NotImplementedError

    async def _relay(self, request: web.Request, url: str, method: str, headers: dict[str, str], body: bytes | None,
                     session: Session, proxy_replies: list[dict[str, Any]] | None = None,
                     legacy_sse: bool = False, initialize: bool = False) -> web.StreamResponse:
        client = self.app[CLIENT]
        try:
            upstream = await client.request(method, url, headers=headers, data=body, allow_redirects=False)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
            ids = request_ids(body) if body else []
            return error_response(502, errors.INTERNAL_ERROR, f"upstream unreachable ({type(exc).__name__})",
                                   ids[0] if len(ids) == 1 else None)
        try:
            doubled = [h for h in ("Content-Type", SESSION_HEADER) if len(upstream.headers.getall(h, [])) > 1]
            if doubled:
                # Which copy would the client honour? The proxy cannot judge what it cannot read one way.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.ambiguous_header", "detail": f"upstream sent {doubled[0]} more than once"}])
                ids = request_ids(body) if body else []
                return error_response(502, errors.INTERNAL_ERROR, f"upstream sent {doubled[0]} more than once",
                                       ids[0] if len(ids) == 1 else None, rule="http.ambiguous_header")
            new_session = upstream.headers.get(SESSION_HEADER)
            if new_session and session.session_id is None and (session.route.name, new_session) in self.app[SESSIONS]:
                # Two clients under one session id would be judged on each other's declared modes.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.session_reused", "detail": "upstream issued a session id already in use"}])
                ids = request_ids(body) if body else []
                return error_response(502, errors.INTERNAL_ERROR, "upstream issued a session id already in use",
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
            kind = mimetype(upstream.headers.get("Content-Type"))
            if kind == SSE_TYPE:
                return await self._relay_sse(request, upstream, session, proxy_replies or [], legacy_sse, extra,
                                             request_ids(body) if body else [])
            raw = await upstream.content.read(self.config.max_message_bytes + 1)
            if not judged_as_json(kind, raw):
                if proxy_replies and upstream.status in (200, 202):
                    return self._json_out(upstream, proxy_replies, upstream_body=None)
                # Not JSON-RPC (an HTML 404, a plain 405): passed through as it came.
                return web.Response(status=upstream.status, body=raw, headers={**forward_headers(upstream.headers), **extra})
            if len(raw) > self.config.max_message_bytes:
                outcome = await offload.judged(session.guard, lambda: session.guard.rejection(
                    Direction.SERVER_TO_CLIENT, EnvelopeError("envelope.too_large",
                                                              "upstream response exceeds limits.max_message_bytes")))
            else:
                outcome = await offload.judged(session.guard, lambda: session.guard.server_message(raw), raw)
            self._audit(session, outcome.decisions)
            await self._answer_upstream(session, outcome)
            if outcome.forward is None:
                ids = request_ids(body) if body else []
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
                                headers={**response_headers(upstream.headers), **extra}, content_type=JSON_TYPE)
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
                            headers=response_headers(upstream.headers), content_type=JSON_TYPE)

    async def _relay_sse(self, request: web.Request, upstream: aiohttp.ClientResponse, session: Session,
                         proxy_replies: list[dict[str, Any]], legacy_sse: bool,
                         extra: dict[str, str], request_ids: list[Any]) -> web.StreamResponse:
        response = web.StreamResponse(status=upstream.status, headers={**response_headers(upstream.headers), **extra})
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
            async for chunk in chunks(upstream):
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
                async with offload.lock_for(session.guard):
                    unanswered = [rid for rid in request_ids
                                  if session.guard.state.pending_client.pop(id_key(rid), None) is not None]
                for rid in unanswered:
                    await response.write(encode_sse(jsonrpc_error(
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
        data = event.data
        outcome = await offload.judged(session.guard, lambda: session.guard.server_message(data), data)
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

