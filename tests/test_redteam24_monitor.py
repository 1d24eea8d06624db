"""Red team 24: in monitor mode a form the judge refused is still forwarded, and its schema kept for
the response scan. A server that wrote a property's ``format`` as a list or an object made the scan
of the client's answer raise (``unhashable type``: a set lookup), in both builds: the guard failed
closed and replaced the user's accept with an internal error. Monitor mode changed the wire.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.policies.response_scan import scan_content

FORMATS = [["uri"], {"format": "uri"}, [[]], {}]


def _frame(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode()


@pytest.mark.parametrize("fmt", FORMATS, ids=["list", "object", "nested-list", "empty-object"])
@pytest.mark.parametrize("value", ["Ada Lovelace", "Xk9#mQ2$vL7!pR4@", "4111111111111111"],
                         ids=["name", "generated-password", "card"])
def test_a_schema_whose_format_is_no_string_is_scanned_without_error(fmt: object, value: str) -> None:
    scan_content({"name": value}, {"name": {"type": "string", "format": fmt}})


@pytest.mark.parametrize("fmt", FORMATS, ids=["list", "object", "nested-list", "empty-object"])
def test_monitor_mode_forwards_the_answer_to_a_form_it_would_deny(fmt: object) -> None:
    guard = Guard(Policy(mode="monitor"), 1 << 20)
    guard.client_message(_frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {"elicitation": {}}, "clientInfo": {"name": "c", "version": "1"}}}))
    guard.server_message(_frame({"jsonrpc": "2.0", "id": 1, "result": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}), now=0.0)
    asked = guard.server_message(_frame({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {
        "message": "Your name", "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "format": fmt}}}}}), now=0.0)
    assert asked.forward is not None
    assert [d.decision for d in asked.decisions] == ["would_deny"]
    answer = _frame({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"name": "Ada Lovelace"}}})
    out = guard.client_message(answer)
    assert [(d.event, [r.rule for r in d.reasons]) for d in out.decisions if d.event == "message.error"] == []
    assert out.forward == answer
