"""Protocol answers that agree with the upstream: -32020 for a header that disagrees with the body, and a
-32022 that lists only the versions both the proxy and the upstream support."""

from __future__ import annotations

import json
from typing import Any

import pytest
from aiohttp import web
from http_fakes import (
    MODERN_META,
    Fake,
    Harness,
    Proxy,
    Seen,
    dump,
)

from elicitguard.policies.config import KNOWN_PROTOCOLS

MODERN = "2026-07-28"


def discover(request_id: int, version: str = MODERN) -> dict[str, Any]:
    meta = {**MODERN_META, "io.modelcontextprotocol/protocolVersion": version}
    return {"jsonrpc": "2.0", "id": request_id, "method": "server/discover", "params": {"_meta": meta}}


def discovering(fake: Fake, versions: list[str]) -> None:
    async def post(request: web.Request, seen: Seen) -> web.StreamResponse:
        body = seen.json
        return web.Response(body=dump({"jsonrpc": "2.0", "id": body["id"], "result": {
            "supportedVersions": versions, "capabilities": {}, "resultType": "complete"}}),
            content_type="application/json")

    fake.post = post


async def post(h: Harness, proxy: Proxy, body: dict[str, Any], header: str | None) -> tuple[int, dict[str, Any]]:
    response = await h.post(proxy.url, body, {"MCP-Protocol-Version": header} if header else None)
    return response.status, json.loads(await h.read(response))


@pytest.mark.parametrize(("header", "meta"), [(MODERN, "v999.0.0"), ("2025-11-25", MODERN), ("v999.0.0", MODERN)])
async def test_a_version_header_that_disagrees_with_the_body_gets_32020_before_anything_else(
        h: Harness, fake: Fake, proxy: Proxy, header: str, meta: str) -> None:
    status, answer = await post(h, proxy, discover(302, meta), header)
    assert status == 400
    assert answer["id"] == 302
    assert answer["error"]["code"] == -32020 and answer["error"]["data"]["rule"] == "protocol.header_mismatch"
    assert fake.seen == []
    assert [e["request_id"] for e in proxy.events("protocol.header_mismatch")] == [302]


@pytest.mark.parametrize("header", [True, False], ids=["header-and-meta", "meta-only"])
async def test_the_32022_the_proxy_sends_lists_only_versions_the_upstream_supports_too(
        h: Harness, fake: Fake, proxy: Proxy, header: bool) -> None:
    discovering(fake, [MODERN, "2099-01-01"])
    status, answer = await post(h, proxy, discover(301, "v999.0.0"), "v999.0.0" if header else None)
    assert status == 400 and answer["error"]["code"] == -32022
    assert answer["error"]["data"]["supported"] == list(KNOWN_PROTOCOLS)  # nothing learned yet: all its own

    status, answer = await post(h, proxy, discover(201), MODERN)
    assert status == 200 and answer["result"]["supportedVersions"] == [MODERN]  # 2099 is not the proxy's

    status, answer = await post(h, proxy, discover(301, "v999.0.0"), "v999.0.0" if header else None)
    assert status == 400 and answer["id"] == 301
    assert answer["error"]["code"] == -32022
    assert answer["error"]["data"]["supported"] == [MODERN]
    assert answer["error"]["data"]["requested"] == "v999.0.0"
    assert [s.json["id"] for s in fake.posts()] == [201]


async def test_a_version_negotiated_by_initialize_is_learned_too(h: Harness, fake: Fake, proxy: Proxy) -> None:
    async def post_(request: web.Request, seen: Seen) -> web.StreamResponse:
        return web.Response(body=dump({"jsonrpc": "2.0", "id": seen.json["id"], "result": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "old", "version": "1"}}}),
            content_type="application/json", headers={"Mcp-Session-Id": "s-old"})

    fake.post = post_
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
    status, _ = await post(h, proxy, init, None)
    assert status == 200
    status, answer = await post(h, proxy, discover(301, "v999.0.0"), "v999.0.0")
    assert status == 400 and answer["error"]["data"]["supported"] == ["2025-06-18"]
