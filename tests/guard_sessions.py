"""Guard sessions for tests: a 2025-11-25 session whose server asked a form the proxy forwarded."""

from __future__ import annotations

import json
from typing import Any

from elicitguard.policies.engine import Guard


def _b(obj: object) -> bytes:
    return json.dumps(obj).encode()


def form_forwarded(guard: Guard, request_id: int, params: dict[str, Any]) -> Guard:
    """``guard`` after an initialize handshake (a client declaring form mode) and an ``elicitation/create``
    of ``params`` under ``request_id``, which must have been forwarded to the client."""
    guard.client_message(_b({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}))
    guard.server_message(_b({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}), 0.0)
    out = guard.server_message(_b({"jsonrpc": "2.0", "id": request_id, "method": "elicitation/create",
                                   "params": params}), 1.0)
    assert out.forward is not None, out.decisions
    return guard
