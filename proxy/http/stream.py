"""Relaying an SSE stream from the upstream: framed, judged and written event by event as each arrives,
never buffered whole. An event too large to judge is dropped (its sender answered when it was a request)
and the stream goes on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from typing import Any

import aiohttp
from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.engine import Outcome
from elicitguard.policies.envelope import dumps, id_key
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.framing import Oversize, SseEvent, SseFramer, encode_sse
from elicitguard.proxy.http.answers import AnswerLayer
from elicitguard.proxy.http.common import (
    SSE_TYPE,
    Incoming,
    UpstreamReply,
    jsonrpc_error,
    request_ids,
    response_headers,
)
from elicitguard.proxy.http.h1 import RawRequest, RawStream
from elicitguard.proxy.http.state import Session
from elicitguard.proxy.http.upstream import Body


class ClientGone(Exception):
    """The client hung up: nothing more can be written to it."""


class SseRelay(AnswerLayer):
    """The upstream's SSE answers, relayed to the client."""

    def _rewrite_endpoint(self, event: SseEvent, session: Session, newline: bytes) -> bytes:
        """The legacy ``endpoint`` event, rewritten to point at the proxy (see :class:`LegacySse`)."""
        raise NotImplementedError

    async def _relay_sse(self, request: Incoming, upstream: UpstreamReply, session: Session,
                         proxy_replies: list[dict[str, Any]], legacy_sse: bool,
                         extra: dict[str, str], body: bytes | None) -> web.StreamResponse:
        headers = response_headers(upstream.headers, extra)
        headers["Content-Type"] = SSE_TYPE
        response = (RawStream(request, upstream.status, headers) if isinstance(request, RawRequest)
                    else web.StreamResponse(status=upstream.status, headers=headers))
        newline = b"\n"
        framer = SseFramer(self.config.max_message_bytes)
        refused = False  # the proxy dropped something that may have been an answer the client awaits

        async def write(data: bytes) -> None:
            try:
                await response.write(data)
            except (ConnectionError, RuntimeError) as exc:  # aiohttp: "Cannot write to closing transport"
                raise ClientGone from exc

        async def emit(frames: Iterable[SseEvent | Oversize]) -> None:
            nonlocal refused
            # Events are written one by one as they complete, so one the framer parsed before an
            # oversize one still goes out.
            for frame in frames:
                out, dropped = await self._judge_frame(frame, session, newline, legacy_sse)
                refused = refused or dropped
                if out:
                    await write(out)

        try:
            try:
                if isinstance(response, RawStream):
                    await response.begin()
                else:
                    assert isinstance(request, web.Request)
                    await response.prepare(request)
            except (ConnectionError, RuntimeError) as exc:
                raise ClientGone from exc
            for reply in proxy_replies:
                await write(encode_sse(dumps(reply), event="message"))
            content = upstream.content
            try:
                while True:
                    if isinstance(response, RawStream) and not (isinstance(content, Body) and content.ready()):
                        # About to wait for the upstream: what is gathered goes to the client first.
                        try:
                            await response.flush()
                        except ConnectionError as exc:
                            raise ClientGone from exc
                    chunk = await content.readany()
                    if not chunk:
                        break
                    if b"\r\n" in chunk:
                        newline = b"\r\n"
                    await emit(framer.feed(chunk))
                await emit(framer.feed(b"", final=True))
            except (TimeoutError, aiohttp.ClientError, ConnectionError) as exc:
                self.audit.event("upstream.stream_error", decision="deny", detail=type(exc).__name__)
            pending = framer.pending()
            if pending and not pending.strip() and not framer.dropping:
                await write(pending)  # trailing line-end bytes: nothing to judge, keep them
            elif pending or framer.dropping:
                # A stream cut mid-event: the fragment is neither judged nor forwarded.
                refused = True
                dropped = len(pending) + framer.dropping
                self.audit.event("stream.truncated", decision="deny", reasons=[
                    {"rule": "stream.truncated", "detail": f"stream ended inside an event ({dropped} bytes dropped)"}])
            if refused:
                # Requests of this POST still unanswered may have lost their answer to the proxy: answer
                # them with an error rather than leave the client waiting.
                async with offload.lock_for(session.guard):
                    # The ids are read only here: a stream that lost nothing never parses the request again.
                    unanswered = [rid for rid in (request_ids(body) if body else [])
                                  if session.guard.state.pending_client.pop(id_key(rid), None) is not None]
                for rid in unanswered:
                    await write(encode_sse(jsonrpc_error(
                        errors.INTERNAL_ERROR, "elicitguard refused the upstream's answer (see audit log)", rid,
                        rule="upstream.unjudgeable"), event="message", newline=newline))
            with contextlib.suppress(ConnectionError, RuntimeError):
                await response.write_eof()
        except ClientGone:
            # Nothing to tell anyone: the upstream's stream is closed with the client's.
            upstream.close()
            self.audit.event("client.disconnected", reason="client closed the stream")
        return response

    async def _judge_frame(self, frame: SseEvent | Oversize, session: Session, newline: bytes,
                           legacy_sse: bool) -> tuple[bytes, bool]:
        """The bytes to write for one event, and whether an unjudgeable frame was dropped."""
        session.last_seen = asyncio.get_running_loop().time()  # an open stream keeps its session alive
        if isinstance(frame, Oversize):
            # Its sender still gets an answer (a request with a readable id: -32600); a response the
            # client awaits is replaced by an error for it.
            over = frame
            outcome = await offload.judged(session.guard, lambda: session.guard.oversize(
                Direction.SERVER_TO_CLIENT, over.size, over.head, over.tail))
            return frame.prefix + self._emit(session, outcome, None, newline), True
        event = frame
        if legacy_sse and event.event == "endpoint" and event.data is not None:
            return event.prefix + self._rewrite_endpoint(event, session, newline), False
        if event.data is None or not event.data.strip():
            return event.raw, False  # keep-alives, priming events, retry hints
        data, now = event.data, asyncio.get_running_loop().time()
        outcome = await offload.judged(session.guard, lambda: session.guard.server_message(data, now), data)
        session.route.learn_versions(session.guard)
        dropped = any(d.event == "message.rejected" for d in outcome.decisions)
        return event.prefix + self._emit(session, outcome, event, newline), dropped

    def _emit(self, session: Session, outcome: Outcome, event: SseEvent | None, newline: bytes) -> bytes:
        """Act on one judged event: audit, answer the upstream, and the event to write (without prefix)."""
        self._audit(session, outcome.decisions)
        self._answer_upstream(session, outcome)
        if outcome.forward is None:
            return b""
        if event is not None and outcome.forward == event.data:
            return event.raw[len(event.prefix):]
        return encode_sse(outcome.forward, event="message" if event is None else event.event,
                          event_id=None if event is None else event.id,
                          retry=None if event is None else event.retry, newline=newline)
