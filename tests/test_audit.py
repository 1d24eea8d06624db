"""The audit log: contract fields, wire id types, the hash chain, and never a user-typed value."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from structlog.contextvars import clear_contextvars

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import GENESIS, AuditLog, verify

TS = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$")
CONTRACT = ("ts", "event", "decision", "session", "server", "client", "direction", "method", "request_id", "mode",
            "reasons")


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "audit.jsonl"


CHAIN_EVENTS = ("audit.opened", "audit.closed")


def records(path: Path) -> list[dict[str, Any]]:
    """The records a writer logged, without the records that open and close its chain."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [r for r in (json.loads(line) for line in text.splitlines()) if r["event"] not in CHAIN_EVENTS]


def write(path: Path, decisions: list[Decision], **bind: Any) -> None:
    log = AuditLog(str(path))
    if bind:
        log.bind(**bind)
    log.decisions(decisions)
    log.close()


FORM_DENIED = Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                       request_id=7, mode="form", reasons=(Reason("credential.password", "field 'pw' asks for a password", "pw"),),
                       fields=("user", "pw"))
URL_ALLOWED = Decision("elicitation.allowed", "allow", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                       request_id="req-8", mode="url", url_host="example.com", elicitation_id="e1")


def test_each_decision_is_one_json_line_with_the_contract_fields(log_path: Path) -> None:
    write(log_path, [FORM_DENIED, URL_ALLOWED], session="s-1", server="github", client={"name": "cli", "version": "1"})
    form, url = records(log_path)
    for record in (form, url):
        assert set(CONTRACT) <= set(record)
        assert TS.match(record["ts"]), record["ts"]
        assert record["session"] == "s-1" and record["server"] == "github"
        assert record["client"] == {"name": "cli", "version": "1"}
        assert record["direction"] == "server_to_client"
        assert record["method"] == "elicitation/create"
    assert (form["event"], form["decision"], form["mode"]) == ("elicitation.denied", "deny", "form")
    assert form["reasons"] == [{"rule": "credential.password", "detail": "field 'pw' asks for a password", "field": "pw"}]
    assert form["fields"] == ["user", "pw"]
    assert (url["event"], url["decision"], url["mode"], url["url_host"]) == ("elicitation.allowed", "allow", "url", "example.com")
    assert url["reasons"] == []


@pytest.mark.parametrize("rid", [7, 0, -3, "7", "abc", None], ids=repr)
def test_request_id_keeps_its_wire_json_type(log_path: Path, rid: Any) -> None:
    write(log_path, [Decision("message.rejected", "deny", Direction.CLIENT_TO_SERVER, request_id=rid)])
    (record,) = records(log_path)
    assert record["request_id"] == rid
    assert type(record["request_id"]) is type(rid)


def test_the_timestamp_is_utc(log_path: Path) -> None:
    write(log_path, [URL_ALLOWED])
    (record,) = records(log_path)
    assert record["ts"].endswith("Z") or record["ts"].endswith("+00:00")


def test_lifecycle_events_are_written_too(log_path: Path) -> None:
    log = AuditLog(str(log_path))
    log.event("session.start", transport="stdio")
    log.close()
    (record,) = records(log_path)
    assert (record["event"], record["decision"], record["transport"]) == ("session.start", "allow", "stdio")


def test_lines_are_flushed_as_they_are_written(log_path: Path) -> None:
    log = AuditLog(str(log_path))
    log.decisions([URL_ALLOWED])
    assert [json.loads(x)["event"] for x in log_path.read_text(encoding="utf-8").splitlines()] == [
        "audit.opened", "elicitation.allowed"]
    log.close()


# ---- the hash chain -----------------------------------------------------------------------------------------


def _chain(path: Path, n: int = 4) -> list[str]:
    write(path, [Decision(f"e.{i}", "allow", Direction.CLIENT_TO_SERVER, request_id=i) for i in range(n)])
    return path.read_text(encoding="utf-8").splitlines()


def test_an_intact_log_verifies(log_path: Path) -> None:
    lines = _chain(log_path)
    assert verify(lines) == (6, None)
    first = json.loads(lines[0])
    assert first["prev"] == GENESIS and first["seq"] == 1 and first["event"] == "audit.opened"
    assert [json.loads(line)["seq"] for line in lines] == [1, 2, 3, 4, 5, 6]
    assert json.loads(lines[-1])["event"] == "audit.closed"


def test_an_edited_line_fails_verification(log_path: Path) -> None:
    lines = _chain(log_path)
    lines[1] = lines[1].replace('"decision":"allow"', '"decision":"deny"')
    count, problem = verify(lines)
    assert problem is not None and "line 2" in problem


@pytest.mark.parametrize("index", [-2, -1], ids=["last decision", "closing record"])
def test_an_edited_last_line_fails_verification(log_path: Path, index: int) -> None:
    lines = _chain(log_path)
    record = json.loads(lines[index])
    record["request_id"] = 99
    lines[index] = json.dumps(record, separators=(",", ":"))
    assert verify(lines)[1] is not None


@pytest.mark.parametrize("index", [0, 1, 2], ids=["first", "second", "middle"])
def test_a_deleted_line_fails_verification(log_path: Path, index: int) -> None:
    lines = _chain(log_path)
    del lines[index]
    assert verify(lines)[1] is not None


def test_reordered_lines_fail_verification(log_path: Path) -> None:
    lines = _chain(log_path)
    lines[1], lines[2] = lines[2], lines[1]
    assert verify(lines)[1] is not None


def test_a_non_json_line_fails_verification(log_path: Path) -> None:
    lines = _chain(log_path)
    lines.insert(2, "not json")
    assert verify(lines)[1] is not None


def test_a_second_audit_log_on_the_same_file_starts_its_own_chain_linked_to_the_line_above(log_path: Path) -> None:
    _chain(log_path, 2)
    write(log_path, [Decision("e.more", "allow", Direction.SERVER_TO_CLIENT, request_id=5)])
    lines = log_path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 + 3
    second = json.loads(lines[4])
    assert (second["event"], second["seq"]) == ("audit.opened", 1)
    assert second["prev"] == json.loads(lines[3])["hash"]
    assert second["writer"] != json.loads(lines[3])["writer"]
    assert verify(lines) == (7, None)


# ---- never a user-typed value -------------------------------------------------------------------------------


def _wire(obj: Any) -> bytes:
    return json.dumps(obj).encode()


def _drive(guard: Guard, log: AuditLog, direction: str, obj: Any) -> bytes | None:
    out = guard.client_message(_wire(obj)) if direction == "c" else guard.server_message(_wire(obj))
    log.decisions(out.decisions, client=guard.state.client_info)
    return out.forward


@pytest.mark.parametrize("config", ["", "mode: monitor\n", "on_deny: decline\n"], ids=["enforce", "monitor", "decline"])
def test_no_user_typed_value_or_url_query_ever_reaches_the_audit_log(log_path: Path, config: str) -> None:
    guard = Guard(load_config_text(config).policy, 1 << 20)
    log = AuditLog(str(log_path))
    log.bind(session="s", server="srv")
    secret, query = "hunter2-SECRET", "SECRETQ"
    _drive(guard, log, "c", {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "cli", "version": "1"}}})
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}})
    # An allowed form, answered by the user.
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Your city?", "requestedSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}})
    assert _drive(guard, log, "c", {"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": {"city": secret}}})
    # A denied form, answered anyway by a confused client.
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 2, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Log in", "requestedSchema": {"type": "object", "properties": {"password": {"type": "string"}}}}})
    _drive(guard, log, "c", {"jsonrpc": "2.0", "id": 2, "result": {"action": "accept", "content": {"password": secret}}})
    # A response to an unknown id, and an unparseable one.
    _drive(guard, log, "c", {"jsonrpc": "2.0", "id": 77, "result": {"action": "accept", "content": {"x": secret}}})
    out = guard.client_message(b'{"jsonrpc":"2.0","id":78,"result":{"content":{"x":"' + secret.encode() + b'"},"x":1,"x":2}}')
    log.decisions(out.decisions)
    # URL elicitations, allowed and denied, and in a -32042 error.
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 3, "method": "elicitation/create", "params": {
        "mode": "url", "message": "Connect", "elicitationId": "e1", "url": f"https://example.com/cb?state={query}#frag-{query}"}})
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 4, "method": "elicitation/create", "params": {
        "mode": "url", "message": "Connect", "elicitationId": "e2", "url": f"https://example.com/cb?token={query}"}})
    _drive(guard, log, "c", {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "t", "arguments": {"q": secret}}})
    _drive(guard, log, "s", {"jsonrpc": "2.0", "id": 9, "error": {"code": -32042, "message": "need", "data": {"elicitations": [
        {"mode": "url", "message": "m", "elicitationId": "e3", "url": f"https://example.com/x?state={query}"},
        {"mode": "url", "message": "m", "elicitationId": "e4", "url": f"http://example.com/x?state={query}"}]}}})
    _drive(guard, log, "s", {"jsonrpc": "2.0", "method": "notifications/elicitation/complete", "params": {"elicitationId": "e1"}})
    log.close()
    text = log_path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) >= 8
    assert secret not in text
    assert query not in text
    assert "hunter2" not in text
    hosts = {json.loads(line).get("url_host") for line in lines} - {None}
    assert hosts == {"example.com"}
    assert verify(lines)[1] is None


def test_fields_bound_later_are_on_the_next_record_and_a_later_bind_still_overrides_them(log_path: Path) -> None:
    import contextvars

    from structlog.contextvars import get_contextvars

    def in_a_request() -> None:
        log = AuditLog(str(log_path))
        log.bind_later(session="s-1", server="alpha", client={"name": "c"})
        assert "session" not in get_contextvars()  # nothing bound until a record needs it
        log.bind(session="s-2")  # as the proxy rebinds a session it kept: the newer value wins
        log.decisions([URL_ALLOWED])
        log.bind_later(server="beta")
        log.event("session.end", reason="deleted")
        log.close()

    contextvars.copy_context().run(in_a_request)
    first, second = records(log_path)
    assert (first["session"], first["server"], first["client"]) == ("s-2", "alpha", {"name": "c"})
    assert (second["session"], second["server"]) == ("s-2", "beta")
    assert "session" not in get_contextvars()  # bound in the request's own context only
