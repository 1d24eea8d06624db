"""What the proxy itself says to the client: a fixed sentence per rule and ``data.rule``, never text the
upstream chose (hosts, header values, messages), which goes to the audit log only."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiohttp import web
from conftest import WAIT
from http_fakes import CALL, INIT, Fake, Harness, Seen, dump

EVIL = "evil-upstream.example"  # appears in everything the hostile upstream chooses

Scenario = Callable[[Harness, Fake], Awaitable[tuple[int, bytes]]]


async def _post(h: Harness, url: str, body: Any = CALL, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    response = await h.post(url, body, headers)
    return response.status, await h.read(response)


async def redirect(h: Harness, fake: Fake) -> tuple[int, bytes]:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(status=307, headers={"Location": f"https://{EVIL}/steal"}, text=EVIL)

    fake.post = post
    return await _post(h, (await h.proxy(fake.url)).url)


async def ambiguous_header(h: Harness, fake: Fake) -> tuple[int, bytes]:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        response = web.Response(body=b"{}")
        response.headers.add("Content-Type", "application/json")
        response.headers.add("Content-Type", f"text/{EVIL}")
        return response

    fake.post = post
    return await _post(h, (await h.proxy(fake.url)).url)


async def cut_off(h: Harness, fake: Fake) -> tuple[int, bytes]:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/json", "Content-Length": "1000"})
        await response.prepare(request)
        await response.write(dump({"message": EVIL})[:50])
        assert request.transport is not None
        request.transport.close()
        return response

    fake.post = post
    return await _post(h, (await h.proxy(fake.url)).url)


async def unreachable(h: Harness, fake: Fake) -> tuple[int, bytes]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # closed again before the proxy connects: nothing listens
    return await _post(h, (await h.proxy(f"http://127.0.0.1:{port}/mcp")).url)


async def session_reused(h: Harness, fake: Fake) -> tuple[int, bytes]:
    proxy = await h.proxy(fake.url)
    await h.initialize(proxy)
    return await _post(h, proxy.url, INIT)


async def unknown_route(h: Harness, fake: Fake) -> tuple[int, bytes]:
    return await _post(h, (await h.proxy(fake.url)).base + f"/{EVIL}/mcp")


async def foreign_host(h: Harness, fake: Fake) -> tuple[int, bytes]:
    return await _post(h, (await h.proxy(fake.url)).url, headers={"Host": EVIL})


async def foreign_origin(h: Harness, fake: Fake) -> tuple[int, bytes]:
    return await _post(h, (await h.proxy(fake.url)).url, headers={"Origin": f"https://{EVIL}"})


async def too_large(h: Harness, fake: Fake) -> tuple[int, bytes]:
    proxy = await h.proxy(fake.url, "limits:\n  max_message_bytes: 1024\n")
    return await _post(h, proxy.url, {**CALL, "params": {"name": "x", "arguments": {"blob": "y" * 2000}}})


async def refused_client_message(h: Harness, fake: Fake) -> tuple[int, bytes]:
    return await _post(h, (await h.proxy(fake.url)).url, b'{"jsonrpc":"2.0","method":"x","method":"y"}')


SCENARIOS: dict[str, tuple[Scenario, int, str]] = {
    "redirect": (redirect, 502, "upstream.redirect"),
    "ambiguous-header": (ambiguous_header, 502, "http.ambiguous_header"),
    "cut-off-answer": (cut_off, 502, "upstream.incomplete_body"),
    "unreachable": (unreachable, 502, "upstream.unreachable"),
    "session-reused": (session_reused, 502, "http.session_reused"),
    "unknown-route": (unknown_route, 404, "http.route"),
    "foreign-host": (foreign_host, 403, "http.host"),
    "foreign-origin": (foreign_origin, 403, "http.origin"),
    "too-large": (too_large, 413, "envelope.too_large"),
    "refused-client-message": (refused_client_message, 400, "envelope.duplicate_key"),
}


@pytest.mark.parametrize("name", list(SCENARIOS))
async def test_every_error_the_proxy_makes_is_a_fixed_sentence_with_its_rule(
        h: Harness, fake: Fake, name: str) -> None:
    scenario, status, rule = SCENARIOS[name]
    got, body = await asyncio.wait_for(scenario(h, fake), WAIT)
    assert got == status, body
    error = json.loads(body)["error"]
    assert error["data"]["rule"] == rule and error["data"]["source"] == "elicitguard"
    assert EVIL not in body.decode(), body
    assert not any(ch.isdigit() for ch in error["message"] if name != "too-large"), error["message"]
