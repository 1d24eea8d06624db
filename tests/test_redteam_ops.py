"""Red-team findings against the operations surface: sealed session ids, the raw-byte screen, reload,
and the admin listener. Each test states the safe behaviour and failed on main before its fix."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT
from http_fakes import CALL, INIT, Fake, Harness, fake, h  # noqa: F401 - fixtures



def _key_file(tmp_path: Path) -> Path:
    path = tmp_path / "mrtr.key"
    path.write_text(secrets.token_hex(32) + "\n")
    return path


async def test_a_sealed_session_id_is_refused_to_a_client_without_the_cookie_it_was_issued_to(
        h: Harness, fake: Fake, tmp_path: Path) -> None:
    # Two replicas behind one balancer share the key; both see the balancer's address. The owner
    # authenticates by cookie (no Authorization header), as the in-memory binding allows.
    old_key = _key_file(tmp_path)
    rotated = tmp_path / "rotated.key"
    rotated.write_text(secrets.token_hex(32) + "\n" + old_key.read_text())
    first = await h.proxy(fake.url, f"mrtr:\n  state_key_file: {old_key}\n")
    # The other replica already signs with a new key on top; the old one still verifies.
    second = await h.proxy(fake.url, f"mrtr:\n  state_key_file: {rotated}\n")
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


def _sealed_round() -> tuple[Any, str]:
    """A guard whose server removed-and-sealed a password request; returns it and the envelope."""
    import json

    from http_fakes import MODERN_META, NAME_PARAMS, PASSWORD_PARAMS

    from elicitguard.policies.config import load_config_text
    from elicitguard.policies.engine import Guard
    from elicitguard.policies.sealed import Sealer

    guard = Guard(load_config_text("on_deny: decline\n").policy, 1 << 20,
                  sealer=Sealer((b"k" * 32,), lambda: secrets.token_bytes(12)))
    call = {"jsonrpc": "2.0", "id": 5, "method": "tools/call",
            "params": {"name": "login", "arguments": {}, "_meta": MODERN_META}}
    assert guard.client_message(json.dumps(call).encode()).forward is not None
    result = {"jsonrpc": "2.0", "id": 5, "result": {"resultType": "input_required", "requestState": "srv-state",
              "inputRequests": {"pw": {"method": "elicitation/create", "params": PASSWORD_PARAMS},
                                "name": {"method": "elicitation/create", "params": NAME_PARAMS}}}}
    out = guard.server_message(json.dumps(result).encode())
    assert out.forward is not None
    shown = json.loads(out.forward)["result"]
    assert list(shown["inputRequests"]) == ["name"]
    return guard, shown["requestState"]


def test_a_retry_without_meta_still_has_its_sealed_request_state_opened_and_the_removed_request_declined() -> None:
    import json

    guard, sealed = _sealed_round()
    assert sealed.startswith("elicitguard.v1.")
    # The retry drops the per-request _meta (a client on the session's negotiated version, say) and
    # answers the input request the proxy removed, which the client can read inside the envelope.
    retry = {"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": {
        "name": "login", "arguments": {}, "requestState": sealed,
        "inputResponses": {"name": {"action": "accept", "content": {"name": "Ann"}},
                           "pw": {"action": "accept", "content": {"password": "not-declined"}}}}}
    out = guard.client_message(json.dumps(retry).encode())
    assert out.forward is not None
    params = json.loads(out.forward)["params"]
    assert params["requestState"] == "srv-state", "the proxy's envelope reached the server"
    assert params["inputResponses"]["pw"] == {"action": "decline"}


def test_a_tampered_envelope_on_a_retry_without_meta_is_refused_and_never_forwarded() -> None:
    import json

    guard, sealed = _sealed_round()
    body, _, mac = sealed[len("elicitguard.v1."):].partition(".")
    forged = "elicitguard.v1." + body[:-2] + ("AA" if body[-2:] != "AA" else "BB") + "." + mac
    retry = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "login", "arguments": {}, "requestState": forged}}
    out = guard.client_message(json.dumps(retry).encode())
    assert out.forward is None
    assert [r["error"]["data"]["rule"] for r in out.replies] == ["mrtr.state_invalid"]


async def test_a_sealed_session_id_the_client_deleted_is_not_restored(h: Harness, fake: Fake, tmp_path: Path) -> None:
    proxy = await h.proxy(fake.url, f"mrtr:\n  state_key_file: {_key_file(tmp_path)}\n")
    async with await h.post(proxy.url, INIT) as response:
        assert response.status == 200, await response.text()
        sealed = response.headers["Mcp-Session-Id"]
    headers = {"Mcp-Session-Id": sealed, "MCP-Protocol-Version": "2025-11-25"}
    async with await asyncio.wait_for(h.client.delete(proxy.url, headers=headers), WAIT) as response:
        assert response.status == 200
    before = len(fake.posts())
    async with await h.post(proxy.url, CALL, headers) as response:
        status = response.status
        await asyncio.wait_for(response.read(), WAIT)
    assert status == 404
    assert len(fake.posts()) == before


async def test_reload_watch_does_not_apply_a_file_caught_half_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                      ) -> None:
    """A writer that truncates then writes (``cat new > config.yaml``) is seen mid-write by a poll: the
    prefix is often valid YAML, and weaker (here ``modes: [form]`` is cut off: URL mode comes back)."""
    import io
    import types

    from elicitguard.policies.config import load_config_text
    from elicitguard.proxy import reload as reload_module
    from elicitguard.proxy.audit import AuditLog
    from elicitguard.proxy.oplog import OpLog

    before = "policy:\n  modes: [form]\n"
    config = tmp_path / "config.yaml"
    config.write_text(before)
    polls: asyncio.Queue[None] = asyncio.Queue()
    polled = asyncio.Event()

    async def sleep(_interval: float) -> None:
        polled.set()
        await polls.get()

    # watch() polls through asyncio.sleep: each poll here is one step the test takes.
    monkeypatch.setattr(reload_module, "asyncio", types.SimpleNamespace(
        sleep=sleep, get_running_loop=asyncio.get_running_loop, Lock=asyncio.Lock))
    applied: list[list[str]] = []
    reloader = reload_module.Reloader(str(config), load_config_text(before), AuditLog(stream=io.StringIO()),
                                      reload_module.settle_http, lambda new: applied.append(sorted(new.policy.modes)),
                                      log=OpLog(fd=-1))

    async def poll_once() -> None:
        polled.clear()
        polls.put_nowait(None)
        await asyncio.wait_for(polled.wait(), WAIT)

    watcher = asyncio.ensure_future(reloader.watch(0.1))
    try:
        await asyncio.wait_for(polled.wait(), WAIT)
        with config.open("w") as handle:  # the writer truncated and wrote its first line, no more yet
            handle.write("policy:\n")
        await poll_once()
        assert applied == [], "a half-written file was applied"
        config.write_text(before + "on_deny: decline\n")  # the write completes
        await poll_once()
        await poll_once()
        assert applied == [["form"]]
    finally:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
