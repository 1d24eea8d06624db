"""Every message the proxy drops or rewrites is audited, as ``deny`` whenever it really was blocked,
and every place the Tasks extension can carry ``inputRequests`` (or a -32042) is judged."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.verdict import Direction

MAX = 1 << 20
MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}}}
PASSWORD = {"method": "elicitation/create", "params": {"mode": "form", "message": "Log in", "requestedSchema": {
    "type": "object", "properties": {"password": {"type": "string"}}}}}
CITY = {"method": "elicitation/create", "params": {"mode": "form", "message": "City?", "requestedSchema": {
    "type": "object", "properties": {"city": {"type": "string"}}}}}
BAD_URL = {"mode": "url", "message": "Go", "url": "http://10.0.0.1/login", "elicitationId": "e1"}


def wire(obj: Any) -> bytes:
    return json.dumps(obj).encode()


def guard(config: str = "") -> Guard:
    g = Guard(load_config_text(config).policy, MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tasks/get",
                           "params": {"taskId": "t1", "_meta": MODERN}}))
    return g


def denied(out: Any) -> list[tuple[str, str, str]]:
    return [(d.event, d.decision, d.reasons[0].rule) for d in out.decisions if d.decision != "allow"]


# ---- task notifications ------------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["notifications/tasks", "notifications/tasks/status"])
def test_a_task_notification_whose_input_requests_is_a_list_is_dropped_and_audited(method: str) -> None:
    g = guard()
    out = g.server_message(wire({"jsonrpc": "2.0", "method": method, "params": {
        "taskId": "t1", "status": "input_required", "inputRequests": [PASSWORD]}}))
    assert out.forward is None
    assert denied(out) == [("elicitation.denied", "deny", "elicitation.malformed")]


def test_the_same_drop_in_monitor_mode_is_forwarded_and_audited_would_deny() -> None:
    g = guard("mode: monitor\n")
    raw = wire({"jsonrpc": "2.0", "method": "notifications/tasks", "params": {
        "taskId": "t1", "status": "input_required", "inputRequests": [PASSWORD]}})
    out = g.server_message(raw)
    assert out.forward == raw
    assert denied(out) == [("elicitation.denied", "would_deny", "elicitation.malformed")]


def test_the_drafts_status_notification_is_judged_like_notifications_tasks() -> None:
    g = guard()
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/tasks/status", "params": {
        "taskId": "t1", "status": "input_required", "inputRequests": {"pw": PASSWORD, "c": CITY}}}))
    forwarded = json.loads(out.forward or b"null")
    assert list(forwarded["params"]["inputRequests"]) == ["c"]
    assert denied(out) == [("elicitation.denied", "deny", "credential.password")]


# ---- tasks/get results: every nesting the Tasks extension allows ----------------------------------------------


@pytest.mark.parametrize("result", [
    pytest.param({"taskId": "t1", "status": "input_required", "inputRequests": {"pw": PASSWORD}}, id="flat-task"),
    pytest.param({"task": {"taskId": "t1", "status": "input_required", "inputRequests": {"pw": PASSWORD}}},
                 id="under-task"),
    pytest.param({"taskId": "t1", "status": "completed", "result": {
        "resultType": "input_required", "requestState": "s", "inputRequests": {"pw": PASSWORD}}},
        id="completed-task-final-result"),
    pytest.param({"task": {"taskId": "t1", "status": "completed", "result": {
        "resultType": "input_required", "requestState": "s", "inputRequests": {"pw": PASSWORD}}}},
        id="under-task-final-result"),
])
def test_a_password_form_anywhere_a_tasks_get_result_can_carry_one_never_reaches_the_client(
        result: dict[str, Any]) -> None:
    out = guard().server_message(wire({"jsonrpc": "2.0", "id": 1, "result": result}))
    assert b"requestedSchema" not in (out.forward or b"")
    assert ("elicitation.denied", "deny", "credential.password") in denied(out)


@pytest.mark.parametrize("result", [
    pytest.param({"task": {"result": {"result": {"inputRequests": {"pw": PASSWORD}}}}}, id="three-deep"),
    pytest.param({"inputRequests": {"c": CITY}, "result": {"inputRequests": {"pw": PASSWORD}}}, id="two-places"),
    pytest.param({"result": {"inputRequests": {"c": CITY}}, "task": {"result": {"inputRequests": {"pw": PASSWORD}}}},
                 id="two-nested-places"),
])
def test_input_requests_nested_past_any_specified_shape_or_in_two_places_are_refused_whole(
        result: dict[str, Any]) -> None:
    out = guard().server_message(wire({"jsonrpc": "2.0", "id": 1, "result": result}))
    answer = json.loads(out.forward or b"null")
    assert answer["error"]["data"]["rule"] == "elicitation.ambiguous"
    assert denied(out) == [("elicitation.denied", "deny", "elicitation.ambiguous")]


@pytest.mark.parametrize("result", [
    pytest.param({"taskId": "t1", "status": "failed", "error": {"code": -32042, "message": "auth",
                                                               "data": {"elicitations": [BAD_URL]}}}, id="flat"),
    pytest.param({"task": {"taskId": "t1", "status": "failed", "error": {"code": -32042, "message": "auth",
                                                                         "data": {"elicitations": [BAD_URL]}}}},
                 id="under-task"),
])
def test_a_failed_task_carrying_a_32042_has_its_urls_judged(result: dict[str, Any]) -> None:
    out = guard().server_message(wire({"jsonrpc": "2.0", "id": 1, "result": result}))
    assert b"10.0.0.1" not in (out.forward or b"")
    assert ("elicitation.denied", "deny", "url.scheme") in denied(out)


# ---- limits are hard in every mode --------------------------------------------------------------------------


def test_an_oversize_frame_is_replaced_in_monitor_mode_too_so_it_is_audited_deny() -> None:
    g = Guard(load_config_text("mode: monitor\n").policy, 1000)
    g.client_message(wire({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "t"}}))
    head = b'{"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"' + b"x" * 100
    out = g.oversize(Direction.SERVER_TO_CLIENT, 5000, head, b'xx"}]}}')
    assert json.loads(out.forward or b"null")["error"]["data"]["rule"] == "envelope.too_large"
    assert denied(out) == [("message.rejected", "deny", "envelope.too_large")]


def test_a_frame_over_the_limit_handed_to_the_guard_whole_is_not_forwarded_in_monitor_mode() -> None:
    g = Guard(load_config_text("mode: monitor\n").policy, 100)
    out = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/message", "params": {"data": "x" * 200}}))
    assert out.forward is None
    assert denied(out) == [("message.rejected", "deny", "envelope.too_large")]
