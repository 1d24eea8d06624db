"""Red team 16: the audit context a raw-relay request's records carry.

Each request of the raw relay runs in a task created wherever the connection happened to dispatch it:
in the callback that read its last bytes, or at the end of the previous request's task. asyncio's
loop runs a transport's reader in the context that was current when reading was last resumed, and a
connection paused by the shared body budget is resumed by whichever request frees room: another
client's handler, whose context holds its session, client and peer (AuditLog.bind / bind_later).
The next request of the paused connection then starts with that context, and every record it writes
before its own binding (a Host or Origin refusal, a body past the limit, an ambiguous header) names
the other client's session and address (and counts against that session's audit budget).
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web
from structlog.contextvars import clear_contextvars

from elicitguard.proxy import audit
from elicitguard.proxy.http.budget import RESERVE, STEP, BodyBudget
from elicitguard.proxy.http.h1 import H1Connection, RawRequest, Settings


class _NoUpstreams:
    def close(self) -> None:
        pass


async def _bounded(predicate: Any, what: str) -> None:
    async def poll() -> None:
        while not predicate():
            await asyncio.sleep(0.001)
    try:
        await asyncio.wait_for(poll(), 5)
    except TimeoutError:
        raise AssertionError(f"timed out waiting for {what}") from None


def _clean_context() -> None:
    """Earlier tests may leave fields bound in the main context, which the listener would inherit
    (cleared in this test's own task only)."""
    clear_contextvars()
    audit._LATER.set(None)


def _post(path: str, size: int) -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Content-Length: {size}\r\n\r\n").encode() + b"x" * size




async def test_a_request_resumed_by_another_clients_handler_does_not_start_with_that_clients_audit_context() -> None:
    _clean_context()
    seen: dict[str, dict[str, Any]] = {}
    free_room = asyncio.Event()

    async def handler(request: RawRequest) -> web.StreamResponse:
        seen[request.path] = audit._context()
        if request.path == "/victim":
            # The victim's request, bound as sessions.py binds it, holds its body until forwarded.
            audit.AuditLog.bind_later(session="victim-session", client={"name": "victim"}, peer="192.0.2.7")
            audit._context()  # a record written: the fields are bound now
            await asyncio.wait_for(free_room.wait(), 5)
            request.forwarded()  # written upstream: its room in the budget goes to the waiting connection
        return web.Response(status=200, body=b"{}")

    budget = BodyBudget(STEP)
    settings = Settings(max_body=4 << 20, head_timeout=5, idle_timeout=5, body_timeout=5,
                        new_upstreams=_NoUpstreams, budget=budget)  # type: ignore[arg-type]
    live: set[H1Connection] = set()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: H1Connection(handler, settings, live), "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    writers: list[asyncio.StreamWriter] = []
    try:
        # The victim's body takes the whole budget (its reserve and one step).
        _r1, victim = await asyncio.open_connection("127.0.0.1", port)
        writers.append(victim)
        victim.write(_post("/victim", RESERVE + STEP))
        await _bounded(lambda: "/victim" in seen, "the victim's request")
        # The attacker's body outgrows its reserve: its connection waits for room.
        r2, attacker = await asyncio.open_connection("127.0.0.1", port)
        writers.append(attacker)
        attacker.write(_post("/attacker", RESERVE + 4096))
        await _bounded(lambda: budget.waiting, "the attacker's connection to wait for room")
        free_room.set()
        await _bounded(lambda: "/attacker" in seen, "the attacker's request")
        assert await asyncio.wait_for(r2.readuntil(b"\r\n\r\n"), 5)
    finally:
        for writer in writers:
            writer.close()
        server.close()
        for conn in list(live):
            conn.abort()
    leaked = {k: v for k, v in seen["/attacker"].items() if k in ("session", "client", "peer")}
    assert leaked == {}, f"the attacker's request started with another client's audit context: {leaked}"


async def test_a_pipelined_request_does_not_start_with_the_audit_context_of_the_request_before_it() -> None:
    _clean_context()
    seen: dict[str, dict[str, Any]] = {}

    async def handler(request: RawRequest) -> web.StreamResponse:
        seen[request.path] = audit._context()
        if request.path == "/first":
            audit.AuditLog.bind_later(session="first-session", peer="192.0.2.7")
        return web.Response(status=200, body=b"{}")

    settings = Settings(max_body=1 << 20, head_timeout=5, idle_timeout=5, body_timeout=5,
                        new_upstreams=_NoUpstreams)  # type: ignore[arg-type]
    live: set[H1Connection] = set()
    server = await asyncio.get_running_loop().create_server(lambda: H1Connection(handler, settings, live),
                                                            "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(_post("/first", 2) + _post("/second", 2))
        for _ in range(2):
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            assert head.startswith(b"HTTP/1.1 200")
            await asyncio.wait_for(reader.readexactly(2), 5)
    finally:
        writer.close()
        server.close()
        for conn in list(live):
            conn.abort()
    leaked = {k: v for k, v in seen["/second"].items() if k in ("session", "peer")}
    assert leaked == {}, f"the second request started with the first's audit context: {leaked}"
