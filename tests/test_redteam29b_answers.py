"""Red team 29b: the three fixes to the proxy's answer handling (round errors, float cards, scan budget).

Six findings, all fixed in session 29: the scan budget counted an empty string as nothing while every
detector still ran on it (VALUE_COST), nested objects and field names the form never asked for were
neither read nor counted, a reload to monitor mode forwarded the answer to a request the proxy sent
itself as it came (engine.Guard._answers_proxy), and a server that exited before answering the proxy's
own tasks/update had the client answered under id null (hangup.server_gone).
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from guard_sessions import form_forwarded

from elicitguard.policies import response_scan
from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.policies.hangup import server_gone
from elicitguard.proxy.state_keys import load_sealer

META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
PASSWORD_FORM = {"method": "elicitation/create", "params": {
    "mode": "form", "message": "Enter your password",
    "requestedSchema": {"type": "object", "properties": {"password": {"type": "string", "title": "Password"}}}}}
NAME_FORM = {"method": "elicitation/create", "params": {
    "mode": "form", "message": "Your name",
    "requestedSchema": {"type": "object", "properties": {"name": {"type": "string", "title": "Name"}}}}}
CARD = "4111111111111111"
TOKEN = "ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"


def _b(obj: object) -> bytes:
    return json.dumps(obj).encode()


def _guard() -> Guard:
    return Guard(dataclasses.replace(Policy(), on_deny="decline"), 16 * 1024 * 1024, sealer=load_sealer(None),
                 completes_rounds=True, max_rounds=3)


def _session_2025_with_form() -> Guard:
    """A 2025 session whose server asked an innocent form (id 7) the proxy forwarded."""
    return form_forwarded(_guard(), 7, NAME_FORM["params"])


def _accept(content: object) -> bytes:
    return _b({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": content}})


def test_a_million_empty_answers_counted_as_no_text_do_not_hold_the_shared_judging_threads(monkeypatch):
    # scanned_size counts an empty string as 0 characters (and a list holding a non-string never adds
    # its join), yet scan_content runs every detector on each one: 1 Mi of them in a 4 MB frame took
    # ~14 s (a 16 MiB frame ~55 s) of the judging threads every session shares, with no
    # response.too_large. A 1 MiB string, the budget's own measure, costs ~120 detector calls.
    limit = 100_000
    calls = 0

    def counting() -> None:
        nonlocal calls
        calls += 1
        if calls > limit:
            raise RuntimeError("scan ran past its bound")  # bounded: stop the scan here

    monkeypatch.setattr(response_scan, "breathe", counting)
    guard = _session_2025_with_form()
    inner = [True] + [""] * 255
    content = {"name": "Bob", **{f"f{i}": [inner] * 16 for i in range(255)}}
    guard.client_message(_accept(content))
    assert calls <= limit


def test_a_card_number_in_a_nested_object_does_not_reach_the_server():
    # _strings and _size both skip a dict: a nested object is neither read nor counted, so it reaches
    # the server unread although the fix states "nothing unread reaches the server".
    guard = _session_2025_with_form()
    out = guard.client_message(_accept({"name": {"first": CARD}}))
    assert out.forward is None or CARD.encode() not in out.forward


def test_a_token_typed_as_a_field_name_does_not_reach_the_server():
    # Field names are neither scanned nor counted (a 1 MiB name costs nothing against the budget).
    guard = _session_2025_with_form()
    out = guard.client_message(_accept({"name": "Bob", TOKEN: "x"}))
    assert out.forward is None or TOKEN.encode() not in out.forward


def test_after_a_reload_to_monitor_the_answer_to_the_proxys_retry_goes_back_under_the_clients_id():
    # A round completed in enforce mode, then the policy reloaded (SIGHUP) to monitor: _in_full
    # forwards the raw frame, so the client gets "eg-round-..." (an id it never sent) and its own
    # request "c1" is never answered.
    guard = _guard()
    guard.client_message(_b({"jsonrpc": "2.0", "id": "c1", "method": "tools/call",
                             "params": {"name": "t", "arguments": {}, "_meta": META}}))
    out = guard.server_message(_b({"jsonrpc": "2.0", "id": "c1", "result": {
        "resultType": "input_required", "inputRequests": {"k": PASSWORD_FORM}}}), 1.0)
    retry_id = out.retries[0]["id"]
    guard.policy = dataclasses.replace(guard.policy, mode="monitor")
    out = guard.server_message(_b({"jsonrpc": "2.0", "id": retry_id, "result": {
        "content": [{"type": "text", "text": "done"}]}}), 2.0)
    assert out.forward is not None
    assert json.loads(out.forward)["id"] == "c1"


def test_after_a_reload_to_monitor_the_answer_to_the_proxys_tasks_update_reaches_no_client():
    guard = _session_2025_with_form()
    out = guard.server_message(_b({"jsonrpc": "2.0", "method": "notifications/tasks/status", "params": {
        "taskId": "T1", "status": "input_required", "inputRequests": {"k": PASSWORD_FORM}}}), 1.0)
    update_id = next(r["id"] for r in out.replies if r.get("method") == "tasks/update")
    guard.policy = dataclasses.replace(guard.policy, mode="monitor")
    out = guard.server_message(_b({"jsonrpc": "2.0", "id": update_id, "result": {}}), 2.0)
    assert out.forward is None or update_id.encode() not in out.forward


def test_a_server_exiting_before_answering_the_proxys_tasks_update_sends_the_client_no_null_id_error():
    # The proxy's own tasks/update is pending with no wire_id: server_gone answers it to the client
    # as {"id": null, "error": ...}, a request the client never sent.
    guard = _session_2025_with_form()
    out = guard.server_message(_b({"jsonrpc": "2.0", "method": "notifications/tasks/status", "params": {
        "taskId": "T1", "status": "input_required", "inputRequests": {"k": PASSWORD_FORM}}}), 1.0)
    assert any(r.get("method") == "tasks/update" for r in out.replies)
    replies = server_gone(guard.state).replies
    assert all(r.get("id") is not None for r in replies)


def test_a_token_as_the_name_of_a_field_is_withheld_and_the_audit_never_names_it() -> None:
    guard = _session_2025_with_form()
    out = guard.client_message(_accept({"name": "Bob", TOKEN: "x"}))
    (decision,) = out.decisions
    assert decision.event == "response.withheld" and decision.fields == ()
    assert TOKEN not in repr(decision) and TOKEN.encode() not in (out.forward or b"")
    assert decision.reasons[0].detail.startswith("the name of a field sent matched")


def test_a_token_as_a_name_inside_a_nested_object_is_withheld() -> None:
    guard = _session_2025_with_form()
    out = guard.client_message(_accept({"name": {TOKEN: "x"}}))
    assert [d.event for d in out.decisions] == ["response.withheld"]
    assert TOKEN.encode() not in (out.forward or b"")


@pytest.mark.parametrize("content", [
    {"name": "Bob", "notes": "Leave it at the back door", "gift": True, "count": 3, "price": 19.99},
    {"name": {"first": "Ann", "last": "Lee"}},
    {"name": ["red", "green", "blue"]},
])
def test_an_honest_answer_with_names_the_form_never_asked_for_or_an_object_passes(content: dict[str, object]) -> None:
    guard = _session_2025_with_form()
    out = guard.client_message(_accept(content))
    assert out.decisions == [] and out.forward is not None
    assert json.loads(out.forward)["result"]["content"] == content
