"""State a hostile peer can make the proxy keep: bounded in bytes, keyed exactly.

Core tables are checked directly on the Guard; the legacy endpoint table through the HTTP app, with
the scripted upstream of ``test_http_hostile``.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import web
from conftest import WAIT
from http_fakes import Fake, Harness, Reader, Seen, ev, note

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.session import MAX_TABLE_BYTES, Bounded, SessionState, size_of

POLICY = load_config_text("").policy
MB = 1 << 20


def _wire(obj: Any) -> bytes:
    return json.dumps(obj).encode()


def _table_bytes(state: SessionState) -> int:
    tables = [state.pending_client, state.pending_server, state.answered_by_proxy, state.open_elicitations,
              state.task_modes, state.removed_inputs]
    return sum(size_of(k) + size_of(v) for table in tables for k, v in table.items())


def _guard(*declared: str) -> Guard:
    g = Guard(POLICY, 4 * MB)
    g.client_message(_wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {m: {} for m in declared}}}}))
    g.server_message(_wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25"}}))
    return g


def test_a_table_forgets_its_oldest_entries_past_its_byte_bound() -> None:
    table: Bounded[str, str] = Bounded(bound=1000, max_bytes=10_000)
    for i in range(100):
        table[f"k{i}"] = "v" * 500
    assert table.bytes <= 10_000 and len(table) < 100
    assert "k99" in table and "k0" not in table
    assert table.bytes == sum(size_of(k) + size_of(v) for k, v in table.items())


def test_megabyte_ids_and_elicitation_ids_are_kept_as_hashes_and_still_pair_exactly() -> None:
    g = _guard("form", "url")
    big = "i" * MB
    eid = "e" * MB
    url = {"mode": "url", "message": "Connect", "url": "https://auth.example.com/x", "elicitationId": eid}
    out = g.server_message(_wire({"jsonrpc": "2.0", "id": big, "method": "elicitation/create", "params": url}))
    assert out.forward is not None
    g.client_message(_wire({"jsonrpc": "2.0", "id": big + "x", "method": "tools/call", "params": {
        "name": "n" * MB, "_meta": {"io.modelcontextprotocol/protocolVersion": "2025-11-25"}}}))
    assert _table_bytes(g.state) < 4096
    # Pairing is still exact: the client's answer under the same 1 MiB id is forwarded, a near miss is not.
    near_miss = _wire({"jsonrpc": "2.0", "id": big[:-1] + "j", "result": {"action": "accept"}})
    assert g.client_message(near_miss).forward is None
    answer = _wire({"jsonrpc": "2.0", "id": big, "result": {"action": "accept"}})
    assert g.client_message(answer).forward == answer
    done = _wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": eid}})
    assert g.server_message(done).forward == done


def test_300_denied_elicitations_with_long_ids_keep_the_session_state_small() -> None:
    g = _guard("form")
    form = {"mode": "form", "message": "Log in", "requestedSchema": {"type": "object", "properties": {
        "password": {"type": "string"}}}}
    for i in range(300):
        out = g.server_message(_wire({"jsonrpc": "2.0", "id": "x" * (64 * 1024) + str(i),
                                      "method": "elicitation/create", "params": form}))
        assert out.forward is None and len(out.replies) == 1
    assert _table_bytes(g.state) < MAX_TABLE_BYTES


def test_an_input_request_key_too_long_to_keep_is_refused_not_stored() -> None:
    g = Guard(load_config_text("on_deny: decline\n").policy, 4 * MB)
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    g.client_message(_wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t", "_meta": meta}}))
    form = {"method": "elicitation/create", "params": {"mode": "form", "message": "Log in", "requestedSchema": {
        "type": "object", "properties": {"password": {"type": "string"}}}}}
    out = g.server_message(_wire({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "requestState": "s", "inputRequests": {"k" * MB: form}}}))
    answer = json.loads(out.forward or b"null")
    assert answer["error"]["data"]["rule"] == "elicitation.malformed"
    assert len(g.state.removed_inputs) == 0


async def test_a_flood_of_legacy_endpoint_events_holds_one_token(h: Harness, fake: Fake) -> None:  # noqa: F811
    proxy = await h.proxy(fake.url)
    flood = [ev(f"/message?sessionId={i}".encode(), event="endpoint") for i in range(500)]
    still_open = fake.gate()

    async def get(request: web.Request, seen: Seen) -> web.StreamResponse:
        return await fake.sse(request, [*flood, ev(note("end")), still_open])

    fake.get = get
    response = await asyncio.wait_for(h.client.get(proxy.base + "/sse"), WAIT)
    stream = await Reader(response).until(b"\"end\"")
    assert stream.count(b"/_legacy/") == 1
    still_open.set()
    response.release()
    assert len(proxy.events("legacy.endpoint_refused")) == 499


def test_a_request_past_the_in_flight_bound_is_refused_and_no_earlier_request_is_forgotten() -> None:
    g = _guard("form")
    g.state.pending_client.bound = 100  # the real bound is 10,000 entries: the rule is the same
    for i in range(1, 101):
        out = g.client_message(_wire({"jsonrpc": "2.0", "id": i, "method": "ping"}))
        assert out.forward is not None
    refused = g.client_message(_wire({"jsonrpc": "2.0", "id": 101, "method": "ping"}))
    assert refused.forward is None
    assert refused.replies[0]["id"] == 101
    assert refused.replies[0]["error"]["data"]["rule"] == "limits.in_flight"
    # The oldest request still pairs with its answer: nothing was evicted to make room.
    answer = _wire({"jsonrpc": "2.0", "id": 1, "result": {}})
    assert g.server_message(answer).forward == answer


def test_a_server_request_past_the_in_flight_bound_is_answered_by_the_proxy() -> None:
    g = _guard("form")
    g.state.pending_server.bound = 10
    for i in range(10):
        assert g.server_message(_wire({"jsonrpc": "2.0", "id": f"s{i}", "method": "roots/list"})).forward
    refused = g.server_message(_wire({"jsonrpc": "2.0", "id": "s10", "method": "roots/list"}))
    assert refused.forward is None
    assert refused.replies[0]["error"]["data"]["rule"] == "limits.in_flight"
