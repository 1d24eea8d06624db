"""Relaying an SSE stream from the upstream: framed, judged and written event by event as each arrives,
never buffered whole. An event too large to judge is dropped (its sender answered when it was a request)
and the stream goes on."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web
from multidict import CIMultiDict

from elicitguard.policies import errors
from elicitguard.policies.engine import Outcome
from elicitguard.policies.envelope import dumps, id_key
from elicitguard.policies.verdict import Direction
from elicitguard.proxy import offload
from elicitguard.proxy.framing import BOM, LATIN1_BOM, Oversize, SseEvent, SseFramer, encode_sse
from elicitguard.proxy.http.answers import AnswerLayer
from elicitguard.proxy.http.bodies import TooLarge, read_whole
from elicitguard.proxy.http.common import (
    CLIENT,
    JSON_TYPE,
    SSE_TYPE,
    Incoming,
    UpstreamReply,
    is_sse,
    judged_as_json,
    jsonrpc_error,
    mimetype,
    response_headers,
)
from elicitguard.proxy.http.h1 import RawRequest, RawStream
from elicitguard.proxy.http.state import Session
from elicitguard.proxy.http.upstream import Body


# Data already buffered is read, framed, judged and written without the event loop running anything
# else: a stream of megabytes of blank lines (each an event) would freeze every other session. The
# relay feeds the framer this much at a time, writes what it framed at once, and lets the loop run
# between slices and every so many events.
SLICE_BYTES = 16 * 1024
EVENTS_PER_TURN = 64


@dataclass(frozen=True)
class Round:
    """Where and how the proxy sends its own retry of an MRTR round: the client request's endpoint
    and upstream headers, as JSON."""

    url: str
    client_headers: Any

    @property
    def headers(self) -> CIMultiDict[str]:
        headers = CIMultiDict(self.client_headers)
        headers["Content-Type"] = JSON_TYPE
        headers["Accept"] = f"{JSON_TYPE}, {SSE_TYPE}"
        return headers

    @staticmethod
    def body(retries: list[dict[str, Any]]) -> bytes:
        return dumps(retries[0] if len(retries) == 1 else retries)


class ClientGone(Exception):
    """The client hung up: nothing more can be written to it."""


class SseRelay(AnswerLayer):
    """The upstream's SSE answers, relayed to the client."""

    def _rewrite_endpoint(self, event: SseEvent, session: Session, newline: bytes) -> bytes:
        """The legacy ``endpoint`` event, rewritten to point at the proxy (see :class:`LegacySse`)."""
        raise NotImplementedError

    async def _relay_sse(self, request: Incoming, upstream: UpstreamReply, session: Session,
                         proxy_replies: list[dict[str, Any]], legacy_sse: bool,
                         extra: dict[str, str], request_ids: Callable[[], list[Any]],
                         round_: Round | None = None) -> web.StreamResponse:
        """``request_ids``: the ids of the client's requests this stream answers, asked for only when
        the proxy dropped something (finding them parses the client's body again)."""
        headers = response_headers(upstream.headers, extra)
        headers["Content-Type"] = SSE_TYPE
        response = (RawStream(request, upstream.status, headers) if isinstance(request, RawRequest)
                    else web.StreamResponse(status=upstream.status, headers=headers))
        newline = b"\n"
        framer = SseFramer(self.config.max_message_bytes)
        refused = False  # the proxy dropped something that may have been an answer the client awaits
        resumed = "Last-Event-ID" in request.headers  # may replay requests the proxy answered already

        started = False
        retries: list[dict[str, Any]] = []  # the proxy's own retries of MRTR rounds (see Round)

        async def write(data: bytes) -> None:
            nonlocal started
            if not started:
                started = True
                if data.startswith((BOM, LATIN1_BOM)):
                    # Clients strip such a mark from the start of their stream (TextDecoderStream, then
                    # eventsource-parser) and read the line behind it as a field. The proxy strips it
                    # only at the start of the upstream's stream; when it dropped the events before,
                    # this one starts the client's: a comment first, so the client strips nothing.
                    data = b":\n" + data
            try:
                await response.write(data)
            except (ConnectionError, RuntimeError) as exc:  # aiohttp: "Cannot write to closing transport"
                raise ClientGone from exc

        async def emit(frames: Iterable[SseEvent | Oversize]) -> None:
            nonlocal refused
            # Events are written as they complete (those of one slice together), so one the framer
            # parsed before an oversize one still goes out.
            batch = bytearray()
            for count, frame in enumerate(frames, 1):
                out, dropped = await self._judge_frame(frame, session, newline, legacy_sse, resumed, retries)
                refused = refused or dropped
                batch += out
                if count % EVENTS_PER_TURN == 0:
                    if batch:
                        await write(bytes(batch))
                        batch.clear()
                    await asyncio.sleep(0)
            if batch:
                await write(bytes(batch))

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
                    for start in range(0, len(chunk), SLICE_BYTES):
                        await emit(framer.feed(chunk[start:start + SLICE_BYTES] if len(chunk) > SLICE_BYTES else chunk))
                        if start + SLICE_BYTES < len(chunk) or not isinstance(content, Body) or content.buffered():
                            # More is at hand: the loop runs others first. Otherwise the next read
                            # waits for the upstream, and yields then.
                            await asyncio.sleep(0)
                await emit(framer.feed(b"", final=True))
            except (TimeoutError, aiohttp.ClientError, ConnectionError) as exc:
                self.audit.event("upstream.stream_error", decision="deny", detail=type(exc).__name__)
                # Broken off (not ended): an answer the client awaits may never come, and the client's
                # stream ends cleanly below, so nothing else tells it.
                refused = True
            pending = framer.pending()
            if pending and not pending.strip() and not framer.dropping:
                await write(pending)  # trailing line-end bytes: nothing to judge, keep them
            elif pending or framer.dropping:
                # A stream cut mid-event: the fragment is neither judged nor forwarded.
                refused = True
                dropped = len(pending) + framer.dropping
                self.audit.event("stream.truncated", decision="deny", reasons=[
                    {"rule": "stream.truncated", "detail": f"stream ended inside an event ({dropped} bytes dropped)"}])
            while retries and round_ is not None:
                # Their answers go on this stream, in place of the rounds the proxy completed.
                sent, retries[:] = list(retries), []
                await self._send_round(round_, sent, session, emit, write, newline)
            if refused:
                # Requests of this POST still unanswered may have lost their answer to the proxy: answer
                # them with an error rather than leave the client waiting.
                async with offload.lock_for(session.guard):
                    unanswered = [rid for rid in request_ids()
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

    async def _send_round(self, round_: Round, sent: list[dict[str, Any]], session: Session,
                          emit: Callable[[Iterable[SseEvent | Oversize]], Awaitable[None]],
                          write: Callable[[bytes], Awaitable[None]], newline: bytes) -> None:
        """POST the proxy's retries upstream and relay the answer (JSON or SSE) into this stream; a
        retry that gets no judgeable answer is answered with an error under the client's id."""
        try:
            async with self.app[CLIENT].post(round_.url, headers=round_.headers, data=round_.body(sent),
                                             allow_redirects=False) as upstream:
                if is_sse(upstream.headers.get("Content-Type")):
                    framer = SseFramer(self.config.max_message_bytes)
                    async for chunk in upstream.content.iter_any():
                        await emit(framer.feed(chunk))
                    await emit(framer.feed(b"", final=True))
                else:
                    data = await read_whole(upstream.content, self.config.max_message_bytes)
                    if judged_as_json(mimetype(upstream.headers.get("Content-Type")), data):
                        await emit([SseEvent(encode_sse(data, event="message", newline=newline), data, "message")])
        except (TimeoutError, aiohttp.ClientError, ConnectionError, TooLarge) as exc:
            self.audit.event("upstream.error", decision="deny", detail=type(exc).__name__)
        async with offload.lock_for(session.guard):
            unanswered = [request.wire_id for r in sent
                          if (request := session.guard.state.pending_client.pop(id_key(r["id"]), None)) is not None]
            for r in sent:
                session.guard.state.proxy_rounds.pop(id_key(r["id"]), None)
        for rid in unanswered:
            await write(encode_sse(jsonrpc_error(
                errors.INTERNAL_ERROR, "elicitguard refused the upstream's answer (see audit log)", rid,
                rule="upstream.unjudgeable"), event="message", newline=newline))

    async def _judge_frame(self, frame: SseEvent | Oversize, session: Session, newline: bytes,
                           legacy_sse: bool, resumed: bool = False,
                           retries: list[dict[str, Any]] | None = None) -> tuple[bytes, bool]:
        """The bytes to write for one event, and whether an unjudgeable frame was dropped."""
        session.last_seen = asyncio.get_running_loop().time()  # an open stream keeps its session alive
        if isinstance(frame, Oversize):
            # Its sender still gets an answer (a request with a readable id: -32600); a response the
            # client awaits is replaced by an error for it.
            over = frame
            outcome = await self.judge(session, Direction.SERVER_TO_CLIENT, lambda: session.guard.oversize(
                Direction.SERVER_TO_CLIENT, over.size, over.head, over.tail))
            return frame.prefix + self._emit(session, outcome, None, newline, resumed, retries), True
        event = frame
        if legacy_sse and event.event == "endpoint" and event.data is not None:
            return event.prefix + self._rewrite_endpoint(event, session, newline), False
        if event.data is None or not event.data.strip():
            return event.raw, False  # keep-alives, priming events, retry hints
        data, now = event.data, asyncio.get_running_loop().time()
        outcome = await self.judge(session, Direction.SERVER_TO_CLIENT, lambda: session.guard.server_message(data, now),
                                   data)
        session.route.learn_versions(session.guard)
        dropped = any(d.event == "message.rejected" for d in outcome.decisions)
        return event.prefix + self._emit(session, outcome, event, newline, resumed, retries), dropped

    def _emit(self, session: Session, outcome: Outcome, event: SseEvent | None, newline: bytes,
              resumed: bool = False, retries: list[dict[str, Any]] | None = None) -> bytes:
        """Act on one judged event: audit, answer the upstream, collect the proxy's retries, and the
        event to write (without prefix)."""
        self._audit(session, outcome.decisions)
        self._answer_upstream(session, outcome, resumed)
        if outcome.retries and retries is not None:
            # Every stream relayed through _relay_sse collects them; legacy sessions' guards make none.
            retries.extend(outcome.retries)
        if outcome.forward is None:
            return b""
        if event is not None and outcome.forward == event.data:
            return event.raw[len(event.prefix):]
        return encode_sse(outcome.forward, event="message" if event is None else event.event,
                          event_id=None if event is None else event.id,
                          retry=None if event is None else event.retry, newline=newline)
