"""The raw relay's bounds on all its client connections together: limits.max_connections (an idle
connection evicted to make room, else refused at accept with a 503, reported) and
limits.max_buffered_bytes (slow bodies past it stop being read, while small requests of other clients
still go through). Every wait is bounded by WAIT."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import WAIT
from test_redteam_raw import call, connect, initialize, json_answer, post_bytes, read_response, result, setup

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.http import h1

MIB = 1024 * 1024
SLOW = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1048576\r\n\r\n" + b"x" * (MIB - 1)


def capture(monkeypatch: pytest.MonkeyPatch) -> list[h1.H1Connection]:
    conns: list[h1.H1Connection] = []
    made = h1.H1Connection.connection_made

    def hook(self: h1.H1Connection, transport: Any) -> None:
        made(self, transport)
        conns.append(self)

    monkeypatch.setattr(h1.H1Connection, "connection_made", hook)
    return conns


async def until(condition: Callable[[], bool]) -> None:
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), WAIT)


async def slow_clients(running: Any, count: int) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """``count`` connections, each sending the head and all but the last byte of a 1 MiB body."""
    clients = []
    for _ in range(count):
        reader, writer = await connect(running)
        writer.write(SLOW)
        clients.append((reader, writer))
    return clients


def echo(seen: dict[str, Any], _up: Any) -> bytes:
    return json_answer(result(seen["json"]["id"]))


LIMITS = "limits:\n  max_message_bytes: 2097152\n  max_buffered_bytes: 2097152\n"


async def test_a_small_request_of_another_client_completes_while_slow_bodies_hold_the_whole_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    conns = capture(monkeypatch)
    async with setup(echo, LIMITS) as (_up, running, _):
        await initialize(running)
        writers = [w for _, w in await slow_clients(running, 4)]
        budget = conns[0]._budget
        await until(lambda: budget.free == 0 and any(c._budget_paused for c in conns))
        held = sum(len(c._body) for c in conns)
        assert held <= 2 * MIB + len(conns) * 64 * 1024
        reader, writer = await connect(running)
        writer.write(post_bytes(call(2)))
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 2
        assert budget.free == 0  # the slow ones still hold it: the small one used its reserve only
        for w in [*writers, writer]:
            w.close()


async def test_a_body_paused_by_the_budget_completes_once_the_slow_clients_holding_it_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    conns = capture(monkeypatch)
    async with setup(echo, LIMITS) as (_up, running, _):
        await initialize(running)
        slow = [w for _, w in await slow_clients(running, 3)]
        budget = conns[0]._budget
        await until(lambda: budget.free == 0)
        big = dict(call(2))
        big["params"] = {"name": "t", "arguments": {"pad": "p" * MIB}}
        reader, writer = await connect(running)
        writer.write(post_bytes(big))
        mine = conns[-1]
        await until(lambda: mine._budget_paused)
        for w in slow:
            w.close()
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 2
        writer.close()


async def test_a_slow_body_the_budget_paused_still_ends_at_the_read_timeout_with_408(
        monkeypatch: pytest.MonkeyPatch) -> None:
    conns = capture(monkeypatch)
    async with setup(echo, LIMITS + "http:\n  read_timeout: 0.5\n") as (_up, running, _):
        readers = await slow_clients(running, 4)
        await until(lambda: any(c._budget_paused for c in conns))
        paused = next(i for i, c in enumerate(conns) if c._budget_paused)
        reader, writer = readers[paused]
        status, headers, _ = await read_response(reader)
        assert status == 408 and headers["connection"] == "close"
        assert await asyncio.wait_for(reader.read(), WAIT) == b""  # then the FIN: no reset that could lose the answer
        for _, w in readers:
            w.close()


async def test_the_connection_past_max_connections_gets_503_and_a_close_and_one_is_accepted_once_another_closes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    conns = capture(monkeypatch)
    async with setup(echo, "limits:\n  max_connections: 2\n") as (_up, running, audit):
        await initialize(running)
        await until(lambda: not any(c in c.live for c in conns))
        held = [await connect(running) for _ in range(2)]
        for _, w in held:  # busy: a request in progress on each (its body not yet whole)
            w.write(post_bytes(call(9))[:-5])
        await until(lambda: len(conns) == 3 and all(c._request is not None for c in conns[1:]))
        reader, writer = await connect(running)
        status, headers, body = await read_response(reader)
        assert status == 503 and headers["connection"] == "close" and body == b"503: Service Unavailable"
        assert await asyncio.wait_for(reader.read(), WAIT) == b""
        writer.close()
        records = [json.loads(line) for line in audit.getvalue().splitlines()]
        refused = [r for r in records if r["event"] == "http.connection_refused"]
        assert len(refused) == 1 and refused[0]["decision"] == "deny" and refused[0]["count"] == 1
        assert refused[0]["reasons"][0]["rule"] == "http.max_connections"
        held[0][1].close()
        await until(lambda: len(conns[1].live) == 1)
        reader, writer = await connect(running)
        writer.write(post_bytes(call(3)))
        status, _, body = await read_response(reader)
        assert status == 200 and json.loads(body)["id"] == 3
        writer.close()
        held[1][1].close()


async def test_at_the_cap_an_idle_connection_is_evicted_before_a_partial_head_which_gets_408(
        monkeypatch: pytest.MonkeyPatch) -> None:
    conns = capture(monkeypatch)
    async with setup(echo, "limits:\n  max_connections: 2\n") as (_up, running, audit):
        await initialize(running)
        await until(lambda: not any(c in c.live for c in conns))
        head_reader, head_writer = await connect(running)
        head_writer.write(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # a head left partial
        await until(lambda: len(conns) == 2 and conns[1]._partial)
        idle_reader, idle_writer = await connect(running)  # idle after an answer, but newer than the partial head
        idle_writer.write(post_bytes(call(3)))
        assert (await read_response(idle_reader))[0] == 200
        reader, writer = await connect(running)
        assert await asyncio.wait_for(idle_reader.read(), WAIT) == b""  # the idle one goes first, closed
        assert not head_reader.at_eof()
        other_reader, other_writer = await connect(running)
        status, headers, _ = await read_response(head_reader)  # then the partial head, as its timeout would
        assert status == 408 and headers["connection"] == "close"
        for r, w in ((reader, writer), (other_reader, other_writer)):
            w.write(post_bytes(call(4)))
            status, _, body = await read_response(r)
            assert status == 200 and json.loads(body)["id"] == 4, body
        for w in (head_writer, idle_writer, writer, other_writer):
            w.close()
    records = [json.loads(line) for line in audit.getvalue().splitlines()]
    evicted = [r for r in records if r["event"] == "http.connection_evicted"]
    assert sum(r["count"] for r in evicted) == 2 and evicted[0]["decision"] == "deny"


def test_max_buffered_bytes_below_max_message_bytes_is_raised_to_it_with_a_warning() -> None:
    config = load_config_text("limits:\n  max_message_bytes: 2048\n  max_buffered_bytes: 1024\n")
    assert config.buffered_bytes == 2048
    assert any("limits.max_buffered_bytes" in w for w in config.warnings)


def test_the_buffered_budget_defaults_to_two_messages_and_the_connection_cap_to_1024() -> None:
    config = load_config_text("limits:\n  max_message_bytes: 2048\n")
    assert (config.buffered_bytes, config.max_connections) == (4096, 1024)
    assert load_config_text("limits:\n  max_buffered_bytes: 99999999\n").buffered_bytes == 99999999


