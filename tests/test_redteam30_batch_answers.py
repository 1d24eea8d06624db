"""Red team 30: the error the proxy now puts in a batch in place of a refused element that answers a
pending request (policies/engine.py ``_reject`` / ``_in_full`` / ``_assemble``).

Each test was a strict xfail that failed against the code it found; all are fixed in session 30 (a refused
answer closes what the client's own error answer closes, a round is remembered in both of its tables or in
neither, and a batch refused whole answers the pending requests its elements answer)."""

from __future__ import annotations

import json
import os
from typing import Any

from guard_sessions import form_forwarded

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.envelope import id_key
from elicitguard.policies.sealed import Sealer

POLICY = load_config_text("").policy


def _b(obj: object) -> bytes:
    return json.dumps(obj).encode()


def _url_session() -> Guard:
    guard = Guard(POLICY, 1 << 20)
    guard.client_message(_b({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}))
    guard.server_message(_b({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}), 0.0)
    guard.client_message(_b({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "connect"}}))
    out = guard.server_message(_b({"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {
        "mode": "url", "message": "Connect your calendar", "url": "https://auth.example.com/connect",
        "elicitationId": "e-1"}}), 1.0)
    assert out.forward is not None, out.decisions
    return guard


def test_a_url_elicitation_the_proxy_answered_with_an_error_in_a_batch_accepts_no_later_completion() -> None:
    guard = _url_session()
    out = guard.client_message(_b([{"jsonrpc": "2.0", "id": 5, "result": {"action": "accept"},
                                    "error": {"code": -1, "message": "both"}}]))
    assert out.forward is not None
    sent = json.loads(out.forward)
    assert [m["id"] for m in sent] == [5] and "error" in sent[0]  # the server got the proxy's error for 5
    completion = guard.server_message(_b({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                          "params": {"elicitationId": "e-1"}}), 2.0)
    assert completion.forward is None, completion.forward


def test_a_url_elicitation_the_client_answered_with_an_error_accepts_no_later_completion() -> None:
    """The control: the client's own error answer closes the elicitation (passes today)."""
    guard = _url_session()
    guard.client_message(_b([{"jsonrpc": "2.0", "id": 5, "error": {"code": -1, "message": "closed"}}]))
    completion = guard.server_message(_b({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                          "params": {"elicitationId": "e-1"}}), 2.0)
    assert completion.forward is None


META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}}}
PASSWORD_INPUT = {"method": "elicitation/create", "params": {
    "mode": "form", "message": "Log in",
    "requestedSchema": {"type": "object", "properties": {"password": {"type": "string"}}, "required": ["password"]}}}


def test_a_refused_answer_to_a_forgotten_round_never_reaches_the_client_under_the_proxys_own_id() -> None:
    policy = load_config_text("on_deny: decline\n").policy
    guard = Guard(policy, 1 << 20, sealer=Sealer((b"k" * 32,), lambda: os.urandom(12)), completes_rounds=True)
    first: Any = None
    # The server never answers the proxy's retries: each client call stays in flight.
    for i in range(7000):
        guard.client_message(_b({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                                 "params": {"name": "login", "arguments": {}, "_meta": META}}))
        out = guard.server_message(_b({"jsonrpc": "2.0", "id": i, "result": {
            "resultType": "input_required", "inputRequests": {"pw": PASSWORD_INPUT}}}), 1.0)
        if not out.retries:
            # No room left to remember a round in both tables: the client gets the result under its own
            # id, and retries itself.
            assert out.forward is not None and json.loads(out.forward)["id"] == i, out.decisions
        elif first is None:
            first = out.retries[0]["id"]
    assert first.startswith("eg-round-")
    out = guard.server_message(_b([{"jsonrpc": "2.0", "id": first, "result": {},
                                    "error": {"code": 1, "message": "both"}}]), 2.0)
    forwarded = json.loads(out.forward) if out.forward is not None else []
    ids = [m.get("id") for m in forwarded]
    assert first not in ids, forwarded  # the proxy's own id never reaches the client
    assert id_key(first) not in guard.state.pending_client


def test_a_batch_refused_whole_for_a_duplicate_key_still_answers_the_client_requests_it_answered() -> None:
    guard = form_forwarded(Guard(POLICY, 1 << 20), 5, {
        "mode": "form", "message": "Your name?",
        "requestedSchema": {"type": "object", "properties": {"n": {"type": "string", "title": "Name"}}}})
    guard.client_message(_b({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "x"}}))
    frame = (b'[{"jsonrpc":"2.0","id":7,"result":{"content":[]}},'
             b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"a","data":"b"}}]')
    out = guard.server_message(frame, 2.0)
    assert out.decisions and out.decisions[0].reasons[0].rule == "envelope.duplicate_key"  # refused whole
    # The client's request 7 gets exactly one answer (an error in place of the refused frame), and is
    # no longer awaited.
    assert out.forward is not None, out.decisions
    sent = json.loads(out.forward)
    answers = [m for m in (sent if isinstance(sent, list) else [sent]) if m.get("id") == 7]
    assert len(answers) == 1 and "error" in answers[0], sent
    assert id_key(7) not in guard.state.pending_client
