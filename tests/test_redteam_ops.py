"""Red-team findings against the operations surface: sealed session ids, the raw-byte screen, reload,
and the admin listener. Each test states the safe behaviour and failed on main before its fix."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT
from http_fakes import CALL, INIT, Fake, Harness, fake, h  # noqa: F401 - fixtures

pytestmark = pytest.mark.asyncio


def _key_file(tmp_path: Path) -> Path:
    path = tmp_path / "mrtr.key"
    path.write_text(secrets.token_hex(32) + "\n")
    return path


async def test_a_sealed_session_id_is_refused_to_a_client_without_the_cookie_it_was_issued_to(
        h: Harness, fake: Fake, tmp_path: Path) -> None:
    # Two replicas behind one balancer share the key; both see the balancer's address. The owner
    # authenticates by cookie (no Authorization header), as the in-memory binding allows.
    config = f"mrtr:\n  state_key_file: {_key_file(tmp_path)}\n"
    first = await h.proxy(fake.url, config)
    second = await h.proxy(fake.url, config)
    async with await h.post(first.url, INIT, {"Cookie": "sid=alice"}) as response:
        assert response.status == 200, await response.text()
        sealed = response.headers["Mcp-Session-Id"]
    assert sealed.startswith("eg-s1.")
    before = len(fake.posts())
    # Another user, same address, another cookie, presents the sealed id to the other replica.
    async with await h.post(second.url, CALL, {"Cookie": "sid=mallory", "Mcp-Session-Id": sealed,
                                               "MCP-Protocol-Version": "2025-11-25"}) as response:
        status = response.status
        await asyncio.wait_for(response.read(), WAIT)
    assert status == 404
    assert len(fake.posts()) == before, "the request reached alice's upstream session"
    # The owner herself (her cookie, plus one the upstream set later) is still admitted.
    async with await h.post(second.url, CALL, {"Cookie": "sid=alice; other=1", "Mcp-Session-Id": sealed,
                                               "MCP-Protocol-Version": "2025-11-25"}) as response:
        assert response.status == 200, await response.text()


async def test_a_reload_that_drops_an_allowed_origin_refuses_that_origin_from_then_on(
        h: Harness, fake: Fake) -> None:
    from elicitguard.policies.config import load_config_text
    from elicitguard.proxy.reload import settle_http

    before = "http:\n  allowed_origins: [\"https://tool.example\"]\n"
    proxy = await h.proxy(fake.url, before)
    origin = {"Origin": "https://tool.example"}
    async with await h.post(proxy.url, INIT, origin) as response:
        assert response.status == 200, await response.text()
    # The operator finds that origin hostile and removes it; README: allowed_origins applies on reload.
    old = load_config_text(before)
    settled, not_applied = settle_http(old, load_config_text("http:\n  allowed_origins: []\n"))
    assert not_applied == []
    proxy.running.use(settled)
    async with await h.post(proxy.url, INIT, origin) as response:
        assert response.status == 403, await response.text()


async def test_a_reload_that_drops_an_allowed_host_refuses_that_host_from_then_on(h: Harness, fake: Fake) -> None:
    from elicitguard.policies.config import load_config_text
    from elicitguard.proxy.reload import settle_http

    before = "http:\n  allowed_hosts: [\"mcp.example\"]\n"
    proxy = await h.proxy(fake.url, before)
    host = {"Host": "mcp.example"}
    async with await h.post(proxy.url, INIT, host) as response:
        assert response.status == 200, await response.text()
    settled, _ = settle_http(load_config_text(before), load_config_text("mode: enforce\n"))
    proxy.running.use(settled)
    async with await h.post(proxy.url, INIT, host) as response:
        assert response.status == 403, await response.text()
