"""The signed MRTR envelope (policies.sealed): what verifies, what is refused, and what comes back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.sealed import ABSENT, MAX_SEALED, SealError, Sealer
from conftest import ROOT, WAIT

KEY_A = Sealer((b"a" * 32,), lambda: b"\x00" * 12)
KEY_B = Sealer((b"b" * 32,), lambda: b"\x00" * 12)
MODERN = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
PASSWORD = {"method": "elicitation/create", "params": {"mode": "form", "message": "Sign in", "requestedSchema": {
    "type": "object", "properties": {"password": {"type": "string"}}}}}


def wire(obj: Any) -> bytes:
    return json.dumps(obj).encode()


@pytest.mark.parametrize("state", ["s", "", "é\u2028\udc80", {"not": "a string"}, None, ABSENT],
                         ids=["string", "empty", "odd-unicode", "object", "null", "absent"])
def test_the_servers_state_comes_back_exactly(state: Any) -> None:
    opened = KEY_A.open(KEY_A.seal(state, {"pw": "decline"}, "tools/call", "deploy") or "", "tools/call", "deploy")
    assert opened.state == state if state is not ABSENT else opened.state is ABSENT
    assert opened.removed == {"pw": "decline"}


def test_an_envelope_signed_with_another_key_is_refused() -> None:
    sealed = KEY_B.seal("s", {"pw": "decline"}, "tools/call", "deploy") or ""
    with pytest.raises(SealError):
        KEY_A.open(sealed, "tools/call", "deploy")


def test_a_key_kept_for_rotation_still_verifies() -> None:
    sealed = KEY_B.seal("s", {"pw": "decline"}, "tools/call", "deploy") or ""
    rotated = Sealer((b"c" * 32, b"b" * 32), lambda: b"\x00" * 12)
    assert rotated.open(sealed, "tools/call", "deploy").state == "s"


@pytest.mark.parametrize("method, target", [("prompts/get", "deploy"), ("tools/call", "other"), ("tools/call", None)])
def test_an_envelope_presented_on_another_request_is_refused(method: str, target: str | None) -> None:
    sealed = KEY_A.seal("s", {"pw": "decline"}, "tools/call", "deploy") or ""
    with pytest.raises(SealError):
        KEY_A.open(sealed, method, target)


def test_a_short_key_is_refused() -> None:
    with pytest.raises(ValueError):
        Sealer((b"short",), lambda: b"")


def test_each_envelope_has_its_own_nonce() -> None:
    counter = iter(range(1000))
    sealer = Sealer((b"a" * 32,), lambda: next(counter).to_bytes(12, "big"))
    assert sealer.seal("s", {}, "tools/call", "t") != sealer.seal("s", {}, "tools/call", "t")


def test_a_result_whose_envelope_would_be_too_large_becomes_the_fixed_error() -> None:
    g = Guard(load_config_text("on_deny: decline\n").policy, 4 << 20, sealer=KEY_A)
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t", "_meta": MODERN}}))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "requestState": "x" * MAX_SEALED, "inputRequests": {"pw": PASSWORD}}}))
    error = json.loads(out.forward or b"null")["error"]
    assert error["data"]["rule"] == "mrtr.state_too_large"
    assert "x" * 100 not in json.dumps(error)


def test_a_result_without_state_gets_an_envelope_and_the_retry_none() -> None:
    g = Guard(load_config_text("on_deny: decline\n").policy, 4 << 20, sealer=KEY_A)
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t", "_meta": MODERN}}
    g.client_message(wire(call))
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "inputRequests": {"pw": PASSWORD}}}))
    result = json.loads(out.forward or b"null")["result"]
    assert "inputRequests" not in result and result["requestState"].startswith("elicitguard.v1.")
    retry = {**call, "id": 2, "params": {**call["params"], "requestState": result["requestState"]}}
    params = json.loads(g.client_message(wire(retry)).forward or b"null")["params"]
    assert "requestState" not in params and params["inputResponses"] == {"pw": {"action": "decline"}}


# ---- rounds the proxy completes itself (every input request declined) -----------------------------------


def rounds_guard(max_rounds: int = 3) -> Guard:
    return Guard(load_config_text("on_deny: decline\n").policy, 4 << 20, sealer=KEY_A, completes_rounds=True,
                 max_rounds=max_rounds)


def asked(rid: Any, state: str | None = "srv-state") -> bytes:
    result: dict[str, Any] = {"resultType": "input_required", "inputRequests": {"pw": PASSWORD}}
    if state is not None:
        result["requestState"] = state
    return wire({"jsonrpc": "2.0", "id": rid, "result": result})


CALL = {"jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": "deploy", "arguments": {"env": "prod"}, "_meta": MODERN}}


def test_a_round_whose_every_input_request_is_declined_is_retried_by_the_proxy_and_answered_under_the_clients_id(
        ) -> None:
    g = rounds_guard()
    g.client_message(wire(CALL))
    out = g.server_message(asked(7))
    assert out.forward is None
    (retry,) = out.retries
    assert retry["method"] == "tools/call" and retry["id"] != 7
    assert retry["params"] == {"name": "deploy", "arguments": {"env": "prod"}, "_meta": MODERN,
                               "inputResponses": {"pw": {"action": "decline"}}, "requestState": "srv-state"}
    assert [(d.event, d.decision) for d in out.decisions][-1] == ("input.completed", "allow")
    done = g.server_message(wire({"jsonrpc": "2.0", "id": retry["id"], "result": {"content": [], "isError": False}}))
    assert json.loads(done.forward or b"null") == {"jsonrpc": "2.0", "id": 7, "result": {"content": [], "isError": False}}


def test_a_server_that_keeps_asking_gets_the_fixed_error_to_the_client_after_the_bound() -> None:
    g = rounds_guard(max_rounds=2)
    g.client_message(wire(CALL))
    out = g.server_message(asked(7, state=None))
    assert "requestState" not in out.retries[0]["params"]
    for _ in range(1):
        out = g.server_message(asked(out.retries[0]["id"]))
        assert out.forward is None
    out = g.server_message(asked(out.retries[0]["id"]))
    assert out.retries == []
    error = json.loads(out.forward or b"null")
    assert error["id"] == 7 and error["error"]["data"]["rule"] == "mrtr.rounds_exceeded"
    assert error["error"]["message"] == ("Blocked by elicitguard: the server asked again after elicitguard "
                                         "declined on the client's behalf.")
    assert ("input.rounds_exceeded", "deny") in [(d.event, d.decision) for d in out.decisions]


def test_a_round_with_entries_left_for_the_client_is_not_completed_by_the_proxy() -> None:
    g = rounds_guard()
    g.client_message(wire(CALL))
    name = {"method": "elicitation/create", "params": {"mode": "form", "message": "Who?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string"}}}}}
    out = g.server_message(wire({"jsonrpc": "2.0", "id": 7, "result": {
        "resultType": "input_required", "inputRequests": {"pw": PASSWORD, "who": name}}}))
    assert out.retries == []
    assert list(json.loads(out.forward or b"null")["result"]["inputRequests"]) == ["who"]


def test_a_large_request_is_not_kept_and_its_client_completes_the_round_from_the_envelope() -> None:
    g = rounds_guard()
    big = {**CALL, "params": {**CALL["params"], "arguments": {"blob": "x" * 20_000}}}
    g.client_message(wire(big))
    out = g.server_message(asked(7))
    assert out.retries == []
    assert json.loads(out.forward or b"null")["result"]["requestState"].startswith("elicitguard.v1.")


# ---- the key file ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("content", [None, b"short\n", b"\n\n"], ids=["missing", "short-key", "empty"])
@pytest.mark.parametrize("command", [["http", "--upstream", "http://127.0.0.1:9/mcp"], ["stdio", "--", "true"]])
def test_an_unusable_state_key_file_stops_the_proxy_before_it_starts(
        tmp_path: Path, child_env: dict[str, str], content: bytes | None, command: list[str]) -> None:
    key = tmp_path / "mrtr.key"
    if content is not None:
        key.write_bytes(content)
    config = tmp_path / "config.yaml"
    config.write_text(f"mrtr:\n  state_key_file: {json.dumps(str(key))}\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "elicitguard", command[0], "--config", str(config), *command[1:]],
                          capture_output=True, text=True, env=child_env, cwd=ROOT, timeout=WAIT)
    assert done.returncode == 2, done.stderr
    assert "mrtr.state_key_file" in done.stderr


def test_a_key_file_holds_one_key_per_line_the_first_signing() -> None:
    import tempfile

    from elicitguard.proxy.state_keys import load_sealer

    with tempfile.NamedTemporaryFile("wb") as handle:
        handle.write(b"n" * 32 + b"\n  " + b"o" * 40 + b"  \n")
        handle.flush()
        sealer = load_sealer(handle.name)
    assert sealer.keys == (b"n" * 32, b"o" * 40) and sealer.shared
    assert not load_sealer(None).shared


# ---- a task whose every input request is denied ----------------------------------------------------------


TASKS_GET = {"jsonrpc": "2.0", "id": 8, "method": "tasks/get", "params": {"taskId": "t-1", "_meta": MODERN}}


def task_result(rid: Any) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "result": {"task": {
        "taskId": "t-1", "status": "input_required", "inputRequests": {"pw": PASSWORD}}}})


def test_a_task_whose_every_input_request_is_denied_is_answered_upstream_by_the_proxy() -> None:
    g = rounds_guard()
    g.client_message(wire(TASKS_GET))
    out = g.server_message(task_result(8))
    assert json.loads(out.forward or b"null")["result"]["task"] == {"taskId": "t-1", "status": "input_required"}
    (update,) = out.replies
    assert update["method"] == "tasks/update" and update["params"] == {
        "taskId": "t-1", "inputResponses": {"pw": {"action": "decline"}}, "_meta": MODERN}
    assert ("input.completed", "allow") in [(d.event, d.decision) for d in out.decisions]
    # The server's answer to the proxy's tasks/update is the proxy's: never forwarded to the client.
    answer = g.server_message(wire({"jsonrpc": "2.0", "id": update["id"], "result": {}}))
    assert answer.forward is None and answer.decisions == []
    # A later poll repeating the same input requests is not answered twice.
    g.client_message(wire({**TASKS_GET, "id": 9}))
    again = g.server_message(task_result(9))
    assert again.replies == [] and "inputRequests" not in json.loads(again.forward or b"null")["result"]["task"]


def test_without_a_transport_that_sends_it_a_fully_denied_task_keeps_todays_shape() -> None:
    g = Guard(load_config_text("on_deny: decline\n").policy, 4 << 20, sealer=KEY_A)
    g.client_message(wire(TASKS_GET))
    out = g.server_message(task_result(8))
    assert out.replies == []
