"""Relaying one request upstream and judging what comes back: a JSON body or an SSE stream, event by
event; the proxy's own answers to blocked server requests go back upstream on the same session."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp
from aiohttp import web
from multidict import CIMultiDict

from elicitguard.policies import errors
from elicitguard.policies.envelope import EnvelopeError, dumps, id_key
from elicitguard.policies.verdict import Direction
from elicitguard.proxy.http.bodies import BROKEN_BODY, TooLarge, read_whole
from elicitguard.proxy.http.common import (
    CLIENT,
    JSON_TYPE,
    SESSION_HEADER,
    SUMMARY_INLINE_BYTES,
    Incoming,
    UpstreamReply,
    error_response,
    ids_only,
    is_redirect,
    is_sse,
    judged_as_json,
    mimetype,
    plain_error_body,
    request_ids,
    response_headers,
)
from elicitguard.proxy.http.h1 import RawRequest
from elicitguard.proxy.http.state import Session
from elicitguard.proxy.http.stream import Round, SseRelay


class RelayLayer(SseRelay):
    """Upstream requests and the judging of their answers."""

    async def _send(self, request: Incoming, method: str, url: str, headers: CIMultiDict[str],
                    box: list[bytes | None]) -> UpstreamReply:
        """One request upstream: on the client connection's own keep-alive connection (raw relay), or
        through the application's ClientSession (aiohttp). The body is taken out of ``box``, so that
        nothing here holds it once it has been written (the raw relay is told then: its room in the
        body budget goes back)."""
        if isinstance(request, RawRequest):
            try:
                return await request.conn.upstreams.request(method, url, headers, box.pop(), request.forwarded)
            finally:
                request.forwarded()
        return await self.app[CLIENT].request(method, url, headers=headers, data=box.pop(), allow_redirects=False)

    async def _relay(self, request: Incoming, url: str, method: str, headers: CIMultiDict[str], body: bytes | None,
                     session: Session, proxy_replies: list[dict[str, Any]] | None = None,
                     legacy_sse: bool = False, initialize: bool = False,
                     client_ids: list[Any] | None = None) -> web.StreamResponse:
        """``client_ids``: the client's own ids, when ``body`` is a retry the proxy sends itself."""
        box = [body]
        if body is not None and len(body) > SUMMARY_INLINE_BYTES:
            # Past this, a large body is kept only as its request ids while the upstream takes its time.
            body = await ids_only(body)
        try:
            upstream = await self._send(request, method, url, headers, box)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
            ids = (client_ids if client_ids is not None else request_ids(body) if body else [])
            return error_response(502, errors.INTERNAL_ERROR, "Upstream unreachable", ids[0] if len(ids) == 1 else None,
                                  rule="upstream.unreachable")
        try:
            if is_redirect(upstream.status):
                # A client that follows it would re-send its request straight to the upstream, and get
                # answers nobody judged: never relayed.
                self.audit.event("upstream.redirect", decision="deny", status=upstream.status, reasons=[
                    {"rule": "upstream.redirect", "detail": "the upstream answered with a redirect"}])
                ids = (client_ids if client_ids is not None else request_ids(body) if body else [])
                return error_response(502, errors.INTERNAL_ERROR, "elicitguard refused the upstream's redirect",
                                      ids[0] if len(ids) == 1 else None, rule="upstream.redirect")
            doubled = [h for h in ("Content-Type", SESSION_HEADER) if len(upstream.headers.getall(h, [])) > 1]
            if doubled:
                # Which copy would the client honour? The proxy cannot judge what it cannot read one way.
                self.audit.event("upstream.refused", decision="deny", reasons=[
                    {"rule": "http.ambiguous_header", "detail": f"upstream sent {doubled[0]} more than once"}])
                ids = (client_ids if client_ids is not None else request_ids(body) if body else [])
                return error_response(502, errors.INTERNAL_ERROR, "Upstream sent an ambiguous header",
                                       ids[0] if len(ids) == 1 else None, rule="http.ambiguous_header")
            settled = self._settle_session(upstream.status, upstream.headers, session, initialize, body)
            if isinstance(settled, web.Response):
                return settled
            extra = settled
            kind = mimetype(upstream.headers.get("Content-Type"))
            if is_sse(upstream.headers.get("Content-Type")):
                return await self._relay_sse(request, upstream, session, proxy_replies or [], legacy_sse, extra,
                                             lambda: (client_ids if client_ids is not None
                                                      else request_ids(body) if body else []),
                                             Round(url, headers))
            try:
                raw = await read_whole(upstream.content, self.config.max_message_bytes)
            except TooLarge:
                raw = None
            except BROKEN_BODY as exc:
                self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
                ids = (client_ids if client_ids is not None else request_ids(body) if body else [])
                return error_response(502, errors.INTERNAL_ERROR, "Upstream answer cut off", ids[0] if len(ids) == 1 else None,
                                      rule="upstream.incomplete_body")
            if raw is not None and not judged_as_json(kind, raw):
                if proxy_replies and upstream.status in (200, 202):
                    return self._json_out(upstream, proxy_replies, upstream_body=None)
                # Not JSON-RPC (an HTML 404, a plain 405): passed through as it came.
                return web.Response(status=upstream.status, body=raw, headers=response_headers(upstream.headers, extra, keep_type=True))
            if raw is not None and upstream.status >= 400 and not proxy_replies and plain_error_body(raw):
                # An HTTP error whose body answers no request ("No valid session ID"): as it came.
                return web.Response(status=upstream.status, body=raw,
                                    headers=response_headers(upstream.headers, extra, keep_type=True))
            if raw is None:
                outcome = await self.judge(session, Direction.SERVER_TO_CLIENT, lambda: session.guard.rejection(
                    Direction.SERVER_TO_CLIENT, EnvelopeError("envelope.too_large",
                                                              "upstream response exceeds limits.max_message_bytes")))
            else:
                data, now = raw, asyncio.get_running_loop().time()
                outcome = await self.judge(session, Direction.SERVER_TO_CLIENT,
                                           lambda: session.guard.server_message(data, now), data)
                session.route.learn_versions(session.guard)
            self._audit(session, outcome.decisions)
            self._answer_upstream(session, outcome)
            if outcome.retries:
                # The proxy declined every input request of an MRTR round: its retry's answer is the
                # client's (the guard puts it back under the client's id).
                upstream.release()
                others = list(proxy_replies or [])
                if outcome.forward is not None:
                    parsed = json.loads(outcome.forward)
                    others.extend(parsed if isinstance(parsed, list) else [parsed])
                round_ = Round(url, headers)
                return await self._relay(request, url, "POST", round_.headers, round_.body(outcome.retries), session,
                                         proxy_replies=others, client_ids=self._round_ids(session, outcome.retries))
            if outcome.forward is None:
                ids = (client_ids if client_ids is not None else request_ids(body) if body else [])
                if not ids and body is not None:
                    # Nothing of the client's awaits an answer here (notification-only POST).
                    return web.Response(status=202)
                ids = ids or [None]
                answers = [{"jsonrpc": "2.0", "id": i, "error": {
                    "code": errors.INTERNAL_ERROR, "message": "elicitguard refused the upstream's answer (see audit log)",
                    "data": {"rule": "upstream.unjudgeable", "source": "elicitguard"}}} for i in ids]
                return web.Response(status=502, body=dumps(answers[0] if len(answers) == 1 else answers),
                                    content_type=JSON_TYPE)
            if proxy_replies:
                return self._json_out(upstream, proxy_replies, upstream_body=outcome.forward)
            return web.Response(status=upstream.status, body=outcome.forward,
                                headers=response_headers(upstream.headers, extra), content_type=JSON_TYPE)
        finally:
            upstream.release()
            if body and not 200 <= upstream.status < 300:
                await self._forget_refused(session, upstream.status, body)

    def _round_ids(self, session: Session, retries: list[dict[str, Any]]) -> list[Any]:
        """The client's ids the proxy's retries answer (to answer them should the retry fail)."""
        rounds = session.guard.state.proxy_rounds
        return [entry[0] for r in retries if (entry := rounds.get(id_key(r["id"]))) is not None]

    def _json_out(self, upstream: UpstreamReply, replies: list[dict[str, Any]],
                  upstream_body: bytes | None) -> web.Response:
        """Merge the proxy's own answers (to parts of a client batch) with the upstream's."""
        merged: list[Any] = list(replies)
        if upstream_body is not None:
            parsed = json.loads(upstream_body)  # already judged: valid, strict JSON
            merged.extend(parsed if isinstance(parsed, list) else [parsed])
        return web.Response(status=200, body=dumps(merged if len(merged) > 1 else merged[0]),
                            headers=response_headers(upstream.headers), content_type=JSON_TYPE)
