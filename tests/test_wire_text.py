"""What the proxy itself says to the client: a fixed sentence per rule, never the server's words.

Each server message below hides a canary in something the server chose (a field name, a host, a
mode, a duplicate key, a protocol version). Whenever the proxy replaces the message with its own
error, the client must not read the canary; the audit keeps it (in ``Reason.detail``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.wire import FAMILIES, SENTENCES, sentence

CANARY = "zqcanary"
MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}}}


def wire(obj: Any) -> bytes:
    return json.dumps(obj).encode()


def form(**props: Any) -> dict[str, Any]:
    return {"method": "elicitation/create", "params": {"mode": "form", "message": "Please", "requestedSchema": {
        "type": "object", "properties": props}}}


def input_required(requests: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "s",
                                                  "inputRequests": requests}}


SERVER_MESSAGES: list[tuple[str, str, bytes]] = [
    ("a credential field", "credential.password",
     wire(input_required({"k": form(**{f"{CANARY}_password": {"type": "string"}})}))),
    ("a field outside the subset", "schema.unsupported",
     wire(input_required({"k": form(**{CANARY: {"type": "object"}})}))),
    ("an unknown mode", "mode.unknown",
     wire(input_required({"k": {"method": "elicitation/create", "params": {"mode": CANARY, "message": "m"}}}))),
    ("a URL on a host outside allow_domains", "url.not_allowed_domain",
     wire({"jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "auth", "data": {"elicitations": [
         {"mode": "url", "message": "m", "url": f"https://{CANARY}.example.net/x", "elicitationId": "e"}]}}})),
    ("a duplicate key", "envelope.duplicate_key",
     b'{"jsonrpc":"2.0","id":1,"result":{"' + CANARY.encode() + b'":1,"' + CANARY.encode() + b'":2}}'),
]


def _guard() -> Guard:
    g = Guard(load_config_text("policy:\n  url:\n    allow_domains: [example.com]\n").policy, 1 << 20)
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                           "params": {"name": "t", "_meta": MODERN}}))
    return g


@pytest.mark.parametrize(("rule", "raw"), [pytest.param(r, m, id=i) for i, r, m in SERVER_MESSAGES])
def test_the_error_the_client_reads_in_place_of_a_blocked_message_holds_no_server_text(rule: str, raw: bytes) -> None:
    out = _guard().server_message(raw)
    assert out.forward is not None
    assert CANARY not in out.forward.decode().lower()
    error = json.loads(out.forward)["error"]
    assert error["data"]["rule"] == rule
    assert error["message"].endswith(sentence(rule))
    # The audit keeps the specifics.
    assert any(CANARY in r.detail.lower() or CANARY in (r.field or "") for d in out.decisions for r in d.reasons)


def test_an_initialize_result_with_an_unknown_version_is_refused_without_the_servers_version_string() -> None:
    g = Guard(load_config_text("").policy, 1 << 20)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c"}}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": f"{CANARY}-2099"}}))
    assert out.forward is not None and CANARY not in out.forward.decode()
    assert json.loads(out.forward)["error"]["data"]["rule"] == "protocol.unsupported"


def test_the_server_whose_request_was_denied_still_reads_why() -> None:
    g = Guard(load_config_text("").policy, 1 << 20)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}}, "clientInfo": {"name": "c"}}}))
    request = form(**{f"{CANARY}_password": {"type": "string"}}) | {"jsonrpc": "2.0", "id": 9}
    out = g.server_message(wire(request))
    assert out.forward is None
    reply = out.replies[0]["error"]
    assert reply["data"]["reasons"][0]["field"] == f"{CANARY}_password"


@pytest.mark.parametrize("rule", ["credential.password", "credential.some_new_detector", "payment.cvv",
                                  "url.credential_path", "acme.no-badge-numbers", "envelope.surrogate"])
def test_every_rule_has_a_fixed_sentence_even_one_the_table_does_not_name(rule: str) -> None:
    text = sentence(rule)
    assert text in set(SENTENCES.values()) | set(FAMILIES.values()) | {sentence("x.y")}
    assert text.endswith(".")
