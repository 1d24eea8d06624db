"""What the upstream answers, and what the proxy does with it: no redirect around the proxy, no state
shared between clients, errors that pass through as they came, a side channel that cannot stall."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from conftest import WAIT
from http_fakes import (
    CALL,
    INIT,
    PASSWORD_PARAMS,
    RESULT,
    Fake,
    Harness,
    Proxy,
    Reader,
    Seen,
    dump,
    elicit,
    ev,
    note,
    sse_messages,
    sse_on_call,
)

REDIRECTS = [301, 302, 303, 307, 308]


def redirect_to(fake: Fake, status: int) -> web.Response:
    return web.Response(status=status, headers={"Location": fake.base + "/direct"})


def reached_directly(fake: Fake) -> list[Seen]:
    return [s for s in fake.seen if s.path.startswith("/direct")]


# ---- no way around the proxy -------------------------------------------------------------------------------


@pytest.mark.parametrize("status", REDIRECTS)
async def test_a_redirect_from_the_upstream_is_never_relayed(h: Harness, fake: Fake, proxy: Proxy, status: int) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        if seen.path.startswith("/direct"):
            return await fake.sse(request, [ev(elicit(7, PASSWORD_PARAMS))])  # the unjudged form
        return redirect_to(fake, status)

    fake.post = post
    # aiohttp's client follows redirects, as a browser-based or fetch() client would.
    response = await h.post(proxy.url, CALL)
    body = await h.read(response)
    assert response.status == 502, body
    answer = json.loads(body)
    assert answer["id"] == CALL["id"]
    assert answer["error"]["data"]["rule"] == "upstream.redirect"
    assert b"/direct" not in body and "Location" not in response.headers
    assert reached_directly(fake) == []
    [audit] = proxy.events("upstream.redirect")
    assert audit["decision"] == "deny" and audit["status"] == status


async def test_a_redirect_for_the_get_stream_is_never_relayed(h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return redirect_to(fake, 307)

    fake.get = get
    headers = await h.initialize(proxy)
    response = await asyncio.wait_for(h.client.get(proxy.url, headers=headers), WAIT)
    await h.read(response)
    assert response.status == 502
    assert reached_directly(fake) == []
    assert proxy.events("upstream.redirect")


async def test_the_proxys_own_answer_to_the_upstream_follows_no_redirect(h: Harness, fake: Fake, proxy: Proxy) -> None:
    sse_on_call(fake, [ev(elicit(7, PASSWORD_PARAMS)), ev(RESULT)])
    tools_call = fake.post

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and "error" in body:
            return redirect_to(fake, 307)  # the proxy's answer to the blocked form
        assert tools_call is not None
        return await tools_call(request, seen)

    fake.post = post
    headers = await h.initialize(proxy)
    stream = await h.read(await h.post(proxy.url, CALL, headers))
    assert sse_messages(stream) == [RESULT]
    await h.settled()
    assert proxy.events("upstream.redirect")
    assert reached_directly(fake) == []
    assert len(fake.answers_to(7)) == 1


# ---- no state shared between clients -----------------------------------------------------------------------


async def test_a_cookie_the_upstream_set_for_one_client_is_never_sent_for_another(h: Harness, fake: Fake) -> None:
    # A hostname, not 127.0.0.1: aiohttp's cookie jar ignores cookies from IP addresses.
    proxy = await h.proxy(fake.url.replace("127.0.0.1", "localhost"))

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        response = await fake.default(request, seen)
        if "Cookie" not in seen.headers:
            response.set_cookie("upstream_sid", "for-the-first-client", path="/")
        return response

    fake.post = post
    jarless = aiohttp.DummyCookieJar()
    async with aiohttp.ClientSession(cookie_jar=jarless, timeout=aiohttp.ClientTimeout(total=WAIT)) as a, \
            aiohttp.ClientSession(cookie_jar=aiohttp.DummyCookieJar(), timeout=aiohttp.ClientTimeout(total=WAIT)) as b:
        async with a.post(proxy.url, data=dump(INIT), headers={"Content-Type": "application/json"}) as first:
            assert first.status == 200
            assert "for-the-first-client" in first.headers.get("Set-Cookie", "")
        async with b.post(proxy.url, data=dump(INIT), headers={"Content-Type": "application/json"}) as second:
            assert second.status in (200, 502)
    assert [s.headers.get("Cookie") for s in fake.posts()] == [None, None]


async def test_cookies_travel_per_request_both_ways_and_every_set_cookie_reaches_the_client(
        h: Harness, fake: Fake) -> None:
    proxy = await h.proxy(fake.url.replace("127.0.0.1", "localhost"))

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        response = web.Response(body=dump(RESULT), content_type="application/json")
        response.headers.add("Set-Cookie", "one=1; Path=/")
        response.headers.add("Set-Cookie", "two=2; Path=/")
        return response

    fake.post = post
    response = await h.post(proxy.url, CALL, {"Cookie": "mine=abc"})
    await h.read(response)
    assert sorted(response.headers.getall("Set-Cookie")) == ["one=1; Path=/", "two=2; Path=/"]
    response = await h.post(proxy.url, CALL)
    await h.read(response)
    assert [s.headers.getall("Cookie", []) for s in fake.posts()] == [["mine=abc"], []]


async def test_no_response_names_the_proxys_software_or_versions(h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(body=dump(RESULT), content_type="application/json", headers={"Server": "fake/1.2.3"})

    fake.post = post
    relayed = await h.post(proxy.url, CALL)
    await h.read(relayed)
    refused = await h.post(proxy.base + "/nowhere/mcp", CALL)
    await h.read(refused)
    assert refused.status == 404
    for response in (relayed, refused):
        assert response.headers.get("Server", "elicitguard") == "elicitguard", dict(response.headers)


# ---- a side channel that cannot stall ------------------------------------------------------------------------


async def test_the_upstreams_endless_reply_to_the_proxys_answer_neither_stalls_the_stream_nor_is_drained(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    answered = fake.gate()
    hung_up = asyncio.Event()

    async def endless_reply(request: web.Request) -> web.StreamResponse:
        # As a hostile upstream might: the reply to the proxy's answer is a stream that never ends.
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        answered.set()
        try:
            for _ in range(1024):  # 64 MiB at most: the proxy must hang up long before
                await response.write(b": " + b"x" * 65533 + b"\n")
        except (ConnectionError, RuntimeError):
            hung_up.set()
        return response

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        if isinstance(body, dict) and body.get("id") == 7 and "error" in body:
            return await endless_reply(request)
        if isinstance(body, dict) and body.get("method") == "tools/call":
            # A real server finishes the call only once its elicitation was answered.
            return await fake.sse(request, [ev(elicit(7, PASSWORD_PARAMS)), answered, ev(RESULT)])
        return await fake.default(request, seen)

    fake.post = post
    headers = await h.initialize(proxy)
    response = await h.post(proxy.url, CALL, headers)
    stream = await Reader(response).until(b'"done"')
    response.release()
    assert sse_messages(stream) == [RESULT]
    await h.settled()  # the proxy is done with the reply: it read a little and hung up
    await asyncio.wait_for(hung_up.wait(), WAIT)


# ---- errors pass through -------------------------------------------------------------------------------------


# ---- errors pass through -------------------------------------------------------------------------------------

NO_SESSION = b'{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}'


@pytest.mark.parametrize("status", [400, 404])
async def test_an_upstream_json_rpc_error_without_an_id_reaches_the_client_with_its_status_and_body(
        h: Harness, fake: Fake, proxy: Proxy, status: int) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=status, body=NO_SESSION, content_type="application/json")

    fake.post = post
    response = await h.post(proxy.url, CALL, {"Mcp-Session-Id": "gone"})
    assert await h.read(response) == NO_SESSION
    assert response.status == status
    assert response.headers["Content-Type"].startswith("application/json")


@pytest.mark.parametrize(("status", "content_type", "body"), [
    (400, "application/json", NO_SESSION),
    (404, "application/json", b'{"error":"no such session"}'),
    (405, "application/json", b'{"jsonrpc":"2.0","error":{"code":-32000,"message":"Method not allowed."},"id":null}'),
    (405, "text/plain", b"Method Not Allowed"),
])
async def test_a_get_the_upstream_refuses_is_relayed_as_it_came(
        h: Harness, fake: Fake, proxy: Proxy, status: int, content_type: str, body: bytes) -> None:
    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=status, body=body, content_type=content_type)

    fake.get = get
    response = await asyncio.wait_for(h.client.get(proxy.url, headers={"Accept": "text/event-stream"}), WAIT)
    assert await h.read(response) == body
    assert response.status == status
    assert response.headers["Content-Type"].startswith(content_type)


async def test_an_error_status_whose_body_carries_url_elicitations_without_an_id_is_still_refused(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    hostile = dump({"jsonrpc": "2.0", "error": {"code": -32042, "message": "Connect first", "data": {"elicitations": [
        {"mode": "url", "message": "m", "url": "http://192.168.0.1/steal", "elicitationId": "e"}]}}})

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=400, body=hostile, content_type="application/json")

    fake.post = post
    response = await h.post(proxy.url, CALL)
    body = await h.read(response)
    assert b"192.168" not in body and b"elicitations" not in body
    assert json.loads(body)["id"] == CALL["id"]


# ---- exactly once, also on resumption ------------------------------------------------------------------------


async def test_a_denied_server_request_replayed_after_last_event_id_is_not_answered_a_second_time(
        h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        # The first stream breaks off after the form; the resumed one replays it, then goes on.
        events = [ev(elicit(41, PASSWORD_PARAMS), event_id="7")]
        if "Last-Event-ID" in request.headers:
            events.append(ev(note("end"), event_id="8"))
        return await fake.sse(request, events)

    fake.get = get
    headers = await h.initialize(proxy)
    for extra in ({}, {"Last-Event-ID": "6"}):
        response = await asyncio.wait_for(h.client.get(proxy.url, headers={**headers, **extra}), WAIT)
        stream = await h.read(response)
        assert b"password" not in stream
        await h.settled()
    assert [m.get("method") for m in sse_messages(stream)] == ["notifications/message"], stream
    assert len(fake.answers_to(41)) == 1
    [replayed] = proxy.events("upstream.replayed")
    assert replayed["decision"] == "deny" and replayed["request_id"] == 41


# ---- a client hanging up -------------------------------------------------------------------------------------


@pytest.mark.parametrize("nl", [b"\n", b"\r\n"], ids=["LF", "CRLF"])
async def test_a_client_hanging_up_mid_stream_leaves_no_traceback(
        h: Harness, fake: Fake, elicitguard_cmd: list[str], child_env: dict[str, str], tmp_path: Any, nl: bytes) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / 'audit.jsonl'))}\n", encoding="utf-8")
    hung_up, ended = fake.gate(), asyncio.Event()

    async def more() -> None:
        try:
            for n in range(2000):  # the proxy writes these to a client that is gone
                await fake_stream_write(ev(note(f"more-{n}"), nl))
        finally:
            ended.set()

    fake_stream_write: Any = None

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        nonlocal fake_stream_write
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await response.prepare(request)
        fake_stream_write = response.write
        await response.write(ev(note("first"), nl))
        await asyncio.wait_for(hung_up.wait(), WAIT)
        with contextlib.suppress(ConnectionError, RuntimeError):
            await more()
        return response

    fake.post = post
    proc = await asyncio.create_subprocess_exec(
        *elicitguard_cmd, "http", "--config", str(config), "--listen", "127.0.0.1:0", "--upstream", fake.url,
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        env=child_env)
    try:
        assert proc.stderr is not None
        line = (await asyncio.wait_for(proc.stderr.readline(), WAIT)).decode()
        port = line.rsplit(":", 1)[1].split()[0]
        response = await h.post(f"http://127.0.0.1:{port}/mcp", CALL)
        await Reader(response).until(b"first")
        response.close()  # the client hangs up mid-stream
        hung_up.set()
        await asyncio.wait_for(ended.wait(), WAIT)
    finally:
        if proc.returncode is None:
            proc.terminate()
        assert proc.stderr is not None
        stderr = (await asyncio.wait_for(proc.stderr.read(), WAIT)).decode()
        await asyncio.wait_for(proc.wait(), WAIT)
    assert "Traceback" not in stderr and "Error handling request" not in stderr, stderr


async def test_many_open_streams_do_not_hold_up_another_clients_request(h: Harness, fake: Fake, proxy: Proxy) -> None:
    # Upstream connections are not a pool of fixed size that open SSE streams could exhaust (aiohttp's
    # default is 100): each client request has its own.
    release = fake.gate()

    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [ev(note("open")), release.wait])  # held until released, however long

    fake.get = get
    headers = await h.initialize(proxy)
    streams = []
    # A client of its own without a connection limit, holding 120 streams open at once.
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0),
                                     timeout=aiohttp.ClientTimeout(total=WAIT)) as many:
        for _ in range(120):
            response = await asyncio.wait_for(many.get(proxy.url, headers=headers), WAIT)
            await Reader(response).until(b"open")
            streams.append(response)
        answer = await h.read(await h.post(proxy.url, CALL, headers))
        assert json.loads(answer) == RESULT
        release.set()
        for response in streams:
            response.release()
