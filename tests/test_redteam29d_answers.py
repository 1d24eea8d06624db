"""Red team 29d: answers that reached the server unread (an inputResponses entry that is not an object, a URL
elicitation's answer, a client's error answer, members beside result), and inputResponses keys the scan budget
did not count. All six fixed in session 29."""

from __future__ import annotations

import dataclasses
import json


from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.proxy.state_keys import load_sealer

GHP = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def _guard(version: str) -> Guard:
    guard = Guard(dataclasses.replace(Policy(), on_deny="decline"), 16 * 1024 * 1024, sealer=load_sealer(None),
                  completes_rounds=True, max_rounds=3)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": version, "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}).encode())
    guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": version, "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}).encode(), 0.0)
    guard.client_message(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    return guard


def _retry(guard: Guard, responses: object) -> bytes:
    out = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "inputResponses": responses}}).encode())
    return out.forward or b""


def test_an_input_response_that_is_a_bare_string_holding_a_token_does_not_reach_the_server():
    guard = _guard("2026-07-28")
    assert GHP.encode() not in _retry(guard, {"k": GHP})


def test_an_input_response_that_is_a_list_holding_a_named_password_does_not_reach_the_server():
    guard = _guard("2026-07-28")
    assert b"hunter22x" not in _retry(guard, {"k": ["my password is hunter22x"]})


def test_a_retry_with_hundreds_of_thousands_of_input_response_keys_is_withheld_as_too_large_not_judged_for_seconds():
    guard = _guard("2026-07-28")
    raw = json.dumps({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "inputResponses": {"k%07d" % i: None for i in range(200_000)}}}).encode()
    out = guard.client_message(raw)
    # Not a timing: the keys are counted against the scan budget before any is read, and none is sent.
    assert [r.rule for d in out.decisions for r in d.reasons] == ["response.too_large"]
    assert out.forward is not None and json.loads(out.forward)["params"]["inputResponses"] == {}


def _url_session() -> Guard:
    guard = _guard("2025-11-25")
    guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {
        "mode": "url", "message": "Open", "url": "https://example.com/x", "elicitationId": "e5"}}).encode(), 0.0)
    return guard


def test_an_accept_to_a_url_elicitation_carrying_a_token_in_content_does_not_reach_the_server():
    guard = _url_session()
    out = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 5, "result": {
        "action": "accept", "content": {"name": GHP}}}).encode())
    assert GHP.encode() not in (out.forward or b"")


def _form_session() -> Guard:
    guard = _guard("2025-11-25")
    guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 6, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Your name?",
        "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}).encode(), 0.0)
    return guard


def test_an_error_answer_to_a_form_carrying_a_token_in_its_data_does_not_reach_the_server():
    guard = _form_session()
    out = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 6, "error": {
        "code": -1, "message": "x", "data": {"content": {"name": GHP}}}}).encode())
    assert GHP.encode() not in (out.forward or b"")


def test_a_token_in_a_member_beside_result_does_not_reach_the_server():
    guard = _form_session()
    out = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 6, "result": {
        "action": "accept", "content": {"name": "Bob"}}, "note": GHP}).encode())
    assert GHP.encode() not in (out.forward or b"")


def test_the_audit_never_names_a_field_whose_first_200_characters_look_like_a_secret() -> None:
    # Red team 29d (not filed): the audit's label is the name cut to 200 characters, but the whole name
    # is what was judged; a random secret before 200 ordinary letters read as ordinary as a whole.
    secret = "Xq7#mP2$vL9!kR4@wZ8%"
    name = secret + "a" * 190 + " and some ordinary words follow here for a long while " * 8
    guard = _guard("2025-11-25")
    guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Your name", "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "title": "Name"}}}}}).encode(), 0.0)
    out = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 5, "result": {
        "action": "accept", "content": {"name": "Ann", name: GHP}}}).encode())
    assert out.decisions and all(secret not in repr(d) for d in out.decisions)
