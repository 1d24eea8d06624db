"""Audit records mapped to ECS and OCSF: every field lands where the README's table says."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import ROOT

from elicitguard.proxy.auditmap import ECS_VERSION, FIELDS, OCSF_VERSION, markdown_table, to_ecs, to_ocsf

FULL: dict[str, Any] = {
    "ts": "2025-06-02T10:00:01.250000Z", "event": "elicitation.denied", "decision": "deny", "session": "s-1",
    "server": "github", "client": {"name": "claude-ai", "version": "0.1.0"}, "direction": "server_to_client",
    "method": "elicitation/create", "request_id": 7, "mode": "url",
    "reasons": [{"rule": "url.lookalike_host", "detail": "looks like github.com"},
                {"rule": "url.deny_domain", "detail": "on the deny list"}],
    "fields": ["user", "pw"], "url_host": "github.com.evil.example", "policy_version": "sha256:abc",
    "input_key": "k1", "seq": 12, "prev": "0" * 64, "hash": "f" * 64,
}


def lookup(document: dict[str, Any], path: str) -> Any:
    if path in document:  # "@timestamp" and other keys with no nesting
        return document[path]
    value: Any = document
    for part in path.split("."):
        assert isinstance(value, dict) and part in value, f"{path}: no {part!r} in {value!r}"
        value = value[part]
    return value


@pytest.mark.parametrize(("ours", "ecs", "ocsf"), FIELDS, ids=[row[0] for row in FIELDS])
def test_each_audit_field_lands_where_the_table_says(ours: str, ecs: tuple[str, ...], ocsf: tuple[str, ...]) -> None:
    ecs_doc, ocsf_doc = to_ecs(FULL), to_ocsf(FULL)
    for path in ecs:
        assert lookup(ecs_doc, path) not in (None, [], {}), path
    for path in ocsf:
        assert lookup(ocsf_doc, path) not in (None, [], {}), path


def test_the_readme_prints_the_same_mapping_table() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme


def test_ecs_keeps_the_values() -> None:
    doc = to_ecs(FULL)
    assert doc["@timestamp"] == FULL["ts"]
    assert doc["ecs"]["version"] == ECS_VERSION
    assert doc["event"]["type"] == ["denied"] and doc["event"]["action"] == "elicitation.denied"
    assert doc["rule"]["id"] == ["url.lookalike_host", "url.deny_domain"]
    assert doc["user_agent"] == {"name": "claude-ai", "version": "0.1.0"}
    assert doc["url"]["domain"] == "github.com.evil.example"
    assert doc["event"]["sequence"] == 12 and doc["event"]["hash"] == "f" * 64
    assert doc["elicitguard"]["request_id"] == "7"
    assert doc["elicitguard"]["input_key"] == "k1"  # a field the table does not name still travels


def test_ocsf_is_an_api_activity_with_the_security_control_outcome() -> None:
    doc = to_ocsf(FULL)
    assert (doc["class_uid"], doc["category_uid"], doc["type_uid"]) == (6003, 6, 600399)
    assert doc["metadata"]["version"] == OCSF_VERSION
    assert doc["time"] == 1748858401250
    assert (doc["action_id"], doc["disposition_id"], doc["is_alert"]) == (2, 2, True)
    assert doc["api"] == {"operation": "elicitation/create", "request": {"uid": "7"}, "service": {"name": "github"}}
    assert doc["src_endpoint"] == {"name": "github"} and doc["dst_endpoint"] == {"name": "claude-ai/0.1.0"}
    assert doc["observables"] == [{"name": "url_host", "type_id": 1, "type": "Hostname",
                                   "value": "github.com.evil.example"}]


@pytest.mark.parametrize(("decision", "ecs_type", "action", "disposition", "alert"), [
    ("allow", ["allowed"], 1, 1, False),
    ("deny", ["denied"], 2, 2, True),
    ("would_deny", ["allowed"], 1, 15, True),
    ("something_new", ["info"], 0, 0, False),
    ({"odd": 1}, ["info"], 0, 0, False),
])
def test_each_decision_maps_to_an_outcome(decision: Any, ecs_type: list[str], action: int, disposition: int,
                                          alert: bool) -> None:
    record = {**FULL, "decision": decision}
    assert to_ecs(record)["event"]["type"] == ecs_type
    ocsf = to_ocsf(record)
    assert (ocsf["action_id"], ocsf["disposition_id"], ocsf["is_alert"]) == (action, disposition, alert)


def test_a_bare_lifecycle_record_maps_without_empty_fields() -> None:
    record = {"ts": "2025-06-02T10:00:00Z", "event": "session.start", "decision": "allow", "transport": "stdio"}
    ecs, ocsf = to_ecs(record), to_ocsf(record)
    assert "rule" not in ecs and "url" not in ecs and "user_agent" not in ecs
    assert ecs["elicitguard"] == {"decision": "allow", "transport": "stdio"}
    assert "firewall_rule" not in ocsf and "observables" not in ocsf and "actor" not in ocsf
    assert ocsf["api"] == {"operation": "session.start"}


def test_a_client_to_server_record_has_the_client_as_source() -> None:
    doc = to_ocsf({**FULL, "direction": "client_to_server"})
    assert doc["src_endpoint"] == {"name": "claude-ai/0.1.0"} and doc["dst_endpoint"] == {"name": "github"}
