"""Red team 29c: the answer handling after the scan-budget and proxy-id fixes. Ten findings fixed in session
29 (names read to their end by every detector and never audited when they look like a secret; inputResponses
keys read; every member of an answer read; monitor mode never forwards an unreadable frame while the proxy
awaits an answer of its own); the eleventh, a refused batch element, fixed in session 30."""

from __future__ import annotations

import dataclasses
import json

from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.proxy.state_keys import load_sealer

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
TOKEN2 = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2"
GENERATED = "Xq7#mP2$vL9!kR4@"
META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}


def _guard() -> Guard:
    return Guard(dataclasses.replace(Policy(), on_deny="decline"), 16 * 1024 * 1024, sealer=load_sealer(None),
                 completes_rounds=True, max_rounds=3)


def _j(obj: object) -> bytes:
    return json.dumps(obj).encode()


def _initialized() -> Guard:
    guard = _guard()
    guard.client_message(_j({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}))
    guard.server_message(_j({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}), 1.0)
    return guard


def _answer(result: dict) -> tuple[bytes, str]:
    """The client's result to a name form: (what the server gets, the decisions as text)."""
    guard = _initialized()
    guard.server_message(_j({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Tell us", "requestedSchema": {
            "type": "object", "properties": {"name": {"type": "string"}}}}}), 1.0)
    out = guard.client_message(_j({"jsonrpc": "2.0", "id": 7, "result": result}))
    return out.forward or b"", repr(out.decisions)


def _retry(responses: dict) -> tuple[bytes, str]:
    guard = _initialized()
    out = guard.client_message(_j({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "inputResponses": responses}}))
    return out.forward or b"", repr(out.decisions)


def _round_in_flight() -> tuple[Guard, str]:
    """A 2026-07-28 round the proxy completed itself (every input request declined): its retry id."""
    guard = _guard()
    guard.client_message(_j({"jsonrpc": "2.0", "id": "c1", "method": "tools/call",
                             "params": {"name": "t", "arguments": {}, "_meta": META}}))
    out = guard.server_message(_j({"jsonrpc": "2.0", "id": "c1", "result": {
        "resultType": "input_required", "inputRequests": {"pw": {"method": "elicitation/create", "params": {
            "mode": "form", "message": "Enter your bank password", "requestedSchema": {"type": "object", "properties": {
                "password": {"type": "string", "format": "password", "title": "Bank password"}}}}}}}}), 1.0)
    assert out.retries, "the proxy completes the round itself"
    return guard, out.retries[0]["id"]


def test_a_token_in_a_field_name_past_its_first_64_kib_does_not_reach_the_server() -> None:
    forward, _ = _answer({"action": "accept", "content": {"name": "x", "a" * 70000 + " " + TOKEN: "y"}})
    assert TOKEN.encode() not in forward


def test_a_generated_password_as_a_field_name_the_form_never_asked_for_does_not_reach_the_server() -> None:
    forward, _ = _answer({"action": "accept", "content": {"name": "x", GENERATED: "y"}})
    assert GENERATED.encode() not in forward


def test_the_audit_never_names_a_field_whose_name_is_a_token_when_its_value_holds_one_too() -> None:
    forward, decisions = _answer({"action": "accept", "content": {"name": "x", TOKEN: TOKEN2}})
    assert TOKEN2.encode() not in forward
    assert TOKEN not in decisions


def test_the_audit_never_names_a_field_whose_name_is_a_generated_password() -> None:
    _, decisions = _answer({"action": "accept", "content": {"name": "x", GENERATED: TOKEN2}})
    assert GENERATED not in decisions


def test_an_input_responses_key_holding_a_token_reaches_neither_the_server_nor_the_audit() -> None:
    forward, _ = _retry({TOKEN: {"action": "decline"}})
    assert TOKEN.encode() not in forward
    _, decisions = _retry({TOKEN: {"action": "accept", "content": {"a": TOKEN2}}})
    assert TOKEN not in decisions


def test_a_decline_carrying_content_with_a_token_does_not_reach_the_server() -> None:
    forward, _ = _answer({"action": "decline", "content": {"name": TOKEN}})
    assert TOKEN.encode() not in forward
    forward, _ = _retry({"k": {"action": "cancel", "content": {"a": TOKEN}}})
    assert TOKEN.encode() not in forward


def test_an_accept_whose_content_is_a_string_or_list_does_not_carry_a_token_to_the_server() -> None:
    for content in (TOKEN, [TOKEN]):
        forward, _ = _answer({"action": "accept", "content": content})
        assert TOKEN.encode() not in forward


def test_an_accept_carrying_a_token_beside_its_content_does_not_reach_the_server() -> None:
    forward, _ = _answer({"action": "accept", "content": {"name": "x"}, "_meta": {"note": TOKEN}})
    assert TOKEN.encode() not in forward
    forward, _ = _retry({"k": {"action": "accept", "content": {"a": "x"}, "note": TOKEN}})
    assert TOKEN.encode() not in forward


def test_monitor_mode_never_forwards_an_unparseable_answer_to_a_round_the_proxy_completed() -> None:
    guard, retry_id = _round_in_flight()
    guard.policy = dataclasses.replace(guard.policy, mode="monitor")  # a reload while the round is in flight
    raw = b'{"jsonrpc":"2.0","id":"%s","result":{"content":[{"type":"text","text":"\xff"}]}}' % retry_id.encode()
    out = guard.server_message(raw, 2.0)
    assert retry_id.encode() not in (out.forward or b"")


def test_monitor_mode_never_forwards_a_batch_whose_refused_element_answers_a_round_the_proxy_completed() -> None:
    guard, retry_id = _round_in_flight()
    guard.policy = dataclasses.replace(guard.policy, mode="monitor")
    out = guard.server_message(_j([{"jsonrpc": "2.0", "id": retry_id, "result": {"content": []},
                                    "error": {"code": 1, "message": "x"}}]), 2.0)
    assert retry_id.encode() not in (out.forward or b"")


def test_a_refused_batch_element_answering_a_round_the_proxy_completed_still_answers_the_client() -> None:
    guard, retry_id = _round_in_flight()
    out = guard.server_message(_j([{"jsonrpc": "2.0", "id": retry_id, "result": {"content": []},
                                    "error": {"code": 1, "message": "x"}}]), 2.0)
    answered = [m for m in ([json.loads(out.forward)] if out.forward else []) + out.replies]
    answered = [m for batch in answered for m in (batch if isinstance(batch, list) else [batch])]
    assert [m.get("id") for m in answered] == ["c1"]
