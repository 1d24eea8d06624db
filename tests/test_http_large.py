"""Whole bodies: large requests and answers cross the proxy intact, over real sockets, both ways.

A body is read to its end (or to ``limits.max_message_bytes``), never with one ``read(n)``, which
returns only what happens to be buffered: a 300 KB body already spans many socket reads.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from aiohttp import web
from conftest import WAIT
from http_fakes import (
    CALL,
    PASSWORD_PARAMS,
    RESULT,
    Fake,
    Harness,
    Proxy,
    Reader,
    Seen,
    assert_blocked_answer,
    dump,
    elicit,
    ev,
    note,
    sse_data,
    sse_messages,
    sse_on_call,
)

SIZES = [300_000, 5 << 20, 15 << 20]
IDS = ["300KB", "5MiB", "15MiB"]


def sized(template: dict[str, Any], size: int, path: tuple[str, ...]) -> bytes:
    """``template`` as compact JSON of exactly ``size`` bytes, padded with a string at ``path``."""
    empty = dump(_with(template, path, ""))
    body = dump(_with(template, path, "x" * (size - len(empty))))
    assert len(body) == size
    return body


def _with(obj: Any, path: tuple[str, ...], value: str) -> Any:
    if not path:
        return value
    copy = dict(obj) if isinstance(obj, dict) else list(obj)
    key: Any = int(path[0]) if isinstance(copy, list) else path[0]
    copy[key] = _with(copy[key], path[1:], value)
    return copy


def big_call(size: int) -> bytes:
    return sized({**CALL, "params": {"name": "echo", "arguments": {"blob": ""}}}, size,
                 ("params", "arguments", "blob"))


def big_result(size: int) -> bytes:
    return sized({**RESULT, "result": {"content": [{"type": "text", "text": ""}]}}, size,
                 ("result", "content", "0", "text"))


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_large_client_request_reaches_the_upstream_byte_for_byte(
        h: Harness, fake: Fake, proxy: Proxy, size: int) -> None:
    body = big_call(size)
    response = await h.post(proxy.url, body)
    answer = json.loads(await h.read(response))
    assert response.status == 200, answer
    assert answer == RESULT
    [seen] = fake.posts()
    assert seen.body == body


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_large_json_result_reaches_the_client_byte_for_byte(
        h: Harness, fake: Fake, proxy: Proxy, size: int) -> None:
    result = big_result(size)

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(body=result, content_type="application/json")

    fake.post = post
    response = await h.post(proxy.url, CALL)
    body = await h.read(response)
    assert response.status == 200, body[:300]
    assert body == result


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_a_large_sse_event_reaches_the_client_byte_for_byte(
        h: Harness, fake: Fake, proxy: Proxy, size: int) -> None:
    result = big_result(size)
    stream = ev(result) + ev(dump({"jsonrpc": "2.0", "method": "notifications/message",
                                   "params": {"level": "info", "data": "after"}}))

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [stream])

    fake.post = post
    response = await h.post(proxy.url, CALL)
    body = await h.read(response)
    assert response.status == 200
    assert body == stream
    assert sse_data(body)[0] == result


async def test_a_body_one_byte_over_the_limit_is_refused_and_one_at_the_limit_is_not(h: Harness, fake: Fake) -> None:
    limit = 1 << 20
    proxy = await h.proxy(fake.url, f"limits:\n  max_message_bytes: {limit}\n")
    response = await h.post(proxy.url, big_call(limit))
    assert json.loads(await h.read(response)) == RESULT
    response = await h.post(proxy.url, big_call(limit + 1))
    assert response.status == 413, await h.read(response)
    await h.read(response)
    assert len(fake.posts()) == 1


@pytest.mark.parametrize("size", [300_000, 5 << 20], ids=IDS[:2])
async def test_a_large_request_on_the_legacy_message_endpoint_reaches_the_upstream_byte_for_byte(
        h: Harness, fake: Fake, proxy: Proxy, size: int) -> None:
    events = fake.queue()

    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [ev(b"/message?sessionId=abc", event="endpoint"), events])

    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=202, text="Accepted")

    fake.get, fake.post = get, post
    stream = await asyncio.wait_for(h.client.get(proxy.base + "/sse"), WAIT)
    reader = Reader(stream)
    await reader.until(b"\n\n")
    endpoint = sse_data(reader.buf)[0].decode()
    assert re.fullmatch(r"/_legacy/[A-Za-z0-9_-]+", endpoint), endpoint
    body = big_call(size)
    response = await h.post(proxy.base + endpoint, body)
    await h.read(response)
    stream.release()
    assert response.status == 202
    assert [s.body for s in fake.posts()] == [body]


@pytest.mark.parametrize("mode", ["enforce", "monitor"])
@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
async def test_an_oversize_request_gets_413_and_a_deny_audit_line_in_every_mode(
        h: Harness, fake: Fake, mode: str, chunked: bool) -> None:
    proxy = await h.proxy(fake.url, f"mode: {mode}\nlimits:\n  max_message_bytes: 65536\n")
    body = big_call(300_000)

    async def pieces() -> Any:
        for i in range(0, len(body), 10_000):
            yield body[i:i + 10_000]

    response = await asyncio.wait_for(h.client.post(proxy.url, data=pieces() if chunked else body, headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream"}), WAIT)
    answer = json.loads(await h.read(response))
    assert response.status == 413
    assert answer["error"]["code"] == -32600 and answer["error"]["data"]["rule"] == "envelope.too_large"
    assert fake.seen == []
    [line] = [r for r in proxy.audit() if r["event"] == "message.rejected"]
    assert line["decision"] == "deny"
    assert [r["rule"] for r in line["reasons"]] == ["envelope.too_large"]


# ---- oversize SSE events -------------------------------------------------------------------------------------

SMALL_LIMIT = "limits:\n  max_message_bytes: 65536\n"


@pytest.mark.parametrize("nl", [b"\n", b"\r\n"], ids=["LF", "CRLF"])
async def test_an_oversize_server_request_in_an_sse_event_gets_32600_and_the_stream_goes_on(
        h: Harness, fake: Fake, nl: bytes) -> None:
    proxy = await h.proxy(fake.url, SMALL_LIMIT)
    big = elicit(9, {**PASSWORD_PARAMS, "message": "Log in " + "x" * 300_000})
    sse_on_call(fake, [ev(note("before"), nl), ev(big, nl), ev(RESULT, nl)])
    headers = await h.initialize(proxy)
    stream = await h.read(await h.post(proxy.url, CALL, headers))
    assert sse_messages(stream) == [json.loads(note("before")), RESULT]
    assert b"xxxx" not in stream
    await h.settled()
    assert_blocked_answer(fake, 9, code=-32600)
    [rejected] = proxy.events("message.rejected")
    assert rejected["decision"] == "deny" and rejected["request_id"] == 9
    assert [r["rule"] for r in rejected["reasons"]] == ["envelope.too_large"]


async def test_an_oversize_answer_to_the_clients_request_becomes_an_error_for_it_and_the_stream_goes_on(
        h: Harness, fake: Fake) -> None:
    proxy = await h.proxy(fake.url, SMALL_LIMIT)
    big = {**RESULT, "result": {"content": [{"type": "text", "text": "x" * 300_000}]}}
    sse_on_call(fake, [ev(big), ev(note("after"))])
    headers = await h.initialize(proxy)
    stream = await h.read(await h.post(proxy.url, CALL, headers))
    answer, after = sse_messages(stream)
    assert answer["id"] == CALL["id"] and answer["error"]["data"]["rule"] == "envelope.too_large"
    assert after == json.loads(note("after"))
    assert fake.answers_to(CALL["id"]) == []


async def test_an_oversize_notification_is_dropped_and_the_answer_after_it_is_the_only_one(
        h: Harness, fake: Fake) -> None:
    proxy = await h.proxy(fake.url, SMALL_LIMIT)
    big = json.loads(note("x" * 300_000))
    sse_on_call(fake, [ev(big), ev(RESULT)])
    headers = await h.initialize(proxy)
    stream = await h.read(await h.post(proxy.url, CALL, headers))
    assert sse_messages(stream) == [RESULT]
