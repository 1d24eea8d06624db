"""Sealed (eg-s1.) session ids have a bounded age (sessions.max_age) and a DELETE is remembered by the
replica that saw it (tombstones) for as long as the seal could otherwise rebuild the session."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

import pytest
from conftest import WAIT
from http_fakes import CALL, INIT, Fake, Harness, fake, h  # noqa: F401 - fixtures

from elicitguard.policies.config import load_config_text
from elicitguard.policies.sealed import SESSION_PREFIX, SealError, Sealer
from elicitguard.proxy.http import sessions
from elicitguard.proxy.http.tombstones import Tombstones
from elicitguard.proxy.state_keys import load_sealer

T0 = 1_900_000_000.0


def _key_file(tmp_path: Path) -> Path:
    path = tmp_path / "mrtr.key"
    path.write_text(secrets.token_hex(32) + "\n")
    return path


def _headers(sealed: str) -> dict[str, str]:
    return {"Mcp-Session-Id": sealed, "MCP-Protocol-Version": "2025-11-25"}


async def _status(h: Harness, url: str, sealed: str) -> int:
    async with await h.post(url, CALL, _headers(sealed)) as response:
        await asyncio.wait_for(response.read(), WAIT)
        return response.status


async def test_a_sealed_session_id_past_sessions_max_age_is_not_restored_by_another_replica(
        h: Harness, fake: Fake, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [T0]
    monkeypatch.setattr(sessions, "wall_clock", lambda: now[0])
    config = f"mrtr:\n  state_key_file: {_key_file(tmp_path)}\nsessions:\n  max_age: 60\n"
    first, second, third = [await h.proxy(fake.url, config) for _ in range(3)]
    async with await h.post(first.url, INIT) as response:
        assert response.status == 200, await response.text()
        sealed = response.headers["Mcp-Session-Id"]
    now[0] = T0 + 30
    assert await _status(h, second.url, sealed) == 200  # within its age: rebuilt
    now[0] = T0 + 61
    before = len(fake.posts())
    assert await _status(h, third.url, sealed) == 404
    assert len(fake.posts()) == before
    assert '"session.unknown"' in third.stream.getvalue()


async def test_a_sealed_session_id_without_an_issue_time_is_refused(h: Harness, fake: Fake, tmp_path: Path) -> None:
    key = _key_file(tmp_path)
    config = f"mrtr:\n  state_key_file: {key}\n"
    first, second = await h.proxy(fake.url, config), await h.proxy(fake.url, config)
    async with await h.post(first.url, INIT) as response:
        assert response.status == 200, await response.text()
        sealed = response.headers["Mcp-Session-Id"]
    sealer = load_sealer(str(key))
    record = sealer.open_session(sealed, sessions.wall_clock(), 60)
    del record["i"]
    old = sealer._sign(SESSION_PREFIX, record)  # as ids were sealed before they carried an issue time
    before = len(fake.posts())
    assert await _status(h, second.url, old) == 404
    assert len(fake.posts()) == before
    assert await _status(h, second.url, sealed) == 200  # the same record with its issue time is admitted


def test_a_session_seal_is_refused_when_expired_or_issued_in_the_future() -> None:
    sealer = Sealer((b"k" * 32,), lambda: b"\0" * 8)
    sealed = sealer.seal_session({"r": None}, T0)
    assert sealer.open_session(sealed, T0 + 100, 100)["i"] == int(T0)
    with pytest.raises(SealError, match="expired"):
        sealer.open_session(sealed, T0 + 101, 100)
    with pytest.raises(SealError, match="future"):
        sealer.open_session(sealed, T0 - 301, 100)


def test_tombstones_are_bounded_and_kept_until_the_seal_expires() -> None:
    stones = Tombstones(limit=3)
    for i in range(5):
        stones.add(f"eg-s1.id{i}", T0 + i, T0 + 10, 100)
    assert len(stones) == 3 and stones.evicted == 2
    assert "eg-s1.id0" not in stones and "eg-s1.id1" not in stones and "eg-s1.id4" in stones
    stones.prune(T0 + 102.5, 100)  # id2 (issued T0+2) expired; id3 and id4 not yet
    assert "eg-s1.id2" not in stones and "eg-s1.id3" in stones and len(stones) == 2


def test_sessions_max_age_defaults_to_a_day() -> None:
    assert load_config_text("").session_max_age == 86400
    assert load_config_text("sessions:\n  max_age: 90\n").session_max_age == 90
