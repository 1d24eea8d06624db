"""Audit records mapped to the schemas SIEMs ingest: Elastic Common Schema and OCSF (API Activity).

``FIELDS`` is the mapping as a table (the README prints the same one; a test holds them together).
Whatever has no place in the schema goes under ``elicitguard.*`` (ECS) or ``unmapped`` (OCSF),
so nothing in the audit line is lost.
"""

from __future__ import annotations

import json
from typing import Any

from elicitguard.proxy.auditread import client_label, reasons
from elicitguard.proxy.auditsummary import epoch

ECS_VERSION = "8.11.0"
OCSF_VERSION = "1.4.0"

# (audit field, ECS fields, OCSF fields): where each field lands. The README's table is this one.
FIELDS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("ts", ("@timestamp",), ("time", "metadata.original_time")),
    ("event", ("event.action",), ("metadata.event_code", "activity_name")),
    ("decision", ("event.type", "elicitguard.decision"), ("action_id", "disposition_id", "is_alert")),
    ("session", ("elicitguard.session",), ("actor.session.uid",)),
    ("server", ("service.target.name",), ("api.service.name",)),
    ("client", ("user_agent.name", "user_agent.version"), ("actor.app_name",)),
    ("direction", ("elicitguard.direction",), ("src_endpoint.name", "dst_endpoint.name", "unmapped.direction")),
    ("method", ("elicitguard.method",), ("api.operation",)),
    ("request_id", ("elicitguard.request_id",), ("api.request.uid",)),
    ("mode", ("elicitguard.mode",), ("unmapped.mode",)),
    ("reasons[].rule", ("rule.id",), ("firewall_rule.uid", "unmapped.reasons")),
    ("reasons[].detail", ("rule.description", "event.reason"), ("firewall_rule.desc", "message")),
    ("fields", ("elicitguard.fields",), ("unmapped.fields",)),
    ("url_host", ("url.domain", "related.hosts"), ("observables",)),
    ("policy_version", ("rule.version",), ("policy.version",)),
    ("seq", ("event.sequence",), ("metadata.sequence",)),
    ("hash", ("event.hash",), ("metadata.uid",)),
    ("prev", ("elicitguard.prev",), ("unmapped.prev",)),
)


def markdown_table() -> str:
    """FIELDS as the README prints it."""
    def cell(paths: tuple[str, ...]) -> str:
        return ", ".join(f"`{path}`" for path in paths)

    rows = [f"| `{ours}` | {cell(ecs)} | {cell(ocsf)} |" for ours, ecs, ocsf in FIELDS]
    return "\n".join(["| audit field | ECS | OCSF |", "|---|---|---|", *rows])


# Fields the mappers place themselves; anything else is carried under elicitguard.* / unmapped.
_PLACED = frozenset({"ts", "event", "decision", "session", "server", "client", "method", "request_id", "reasons",
                     "url_host", "policy_version", "seq", "hash"})


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)


def _prune(document: dict[str, Any]) -> dict[str, Any]:
    """Drop None and empty containers, so absent fields stay absent."""
    pruned = {key: _prune(value) if isinstance(value, dict) else value for key, value in document.items()}
    return {key: value for key, value in pruned.items() if value is not None and value != {} and value != []}


def _message(record: dict[str, Any]) -> str:
    why = "; ".join(f"{rule}: {detail}" if detail else rule for rule, detail in reasons(record))
    event = _text(record.get("event")) or "event"
    return f"{event} ({why})" if why else event


def _client(record: dict[str, Any]) -> tuple[str | None, str | None]:
    client = record.get("client")
    if isinstance(client, dict):
        return _text(client.get("name")), _text(client.get("version"))
    return _text(client), None


def _extras(record: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in record.items() if key not in _PLACED}


_ECS_TYPE = {"allow": ["allowed"], "would_deny": ["allowed"], "deny": ["denied"]}


def to_ecs(record: dict[str, Any]) -> dict[str, Any]:
    decision = record.get("decision")
    found = reasons(record)
    name, version = _client(record)
    host = _text(record.get("url_host"))
    seq = record.get("seq")
    return _prune({
        "@timestamp": _text(record.get("ts")),
        "ecs": {"version": ECS_VERSION},
        "message": _message(record),
        "event": {
            "kind": "event", "category": ["network"],
            "type": _ECS_TYPE.get(decision, ["info"]) if isinstance(decision, str) else ["info"],
            "action": _text(record.get("event")), "module": "elicitguard", "dataset": "elicitguard.audit",
            "sequence": seq if isinstance(seq, int) else None, "hash": _text(record.get("hash")),
            "reason": "; ".join(detail for _, detail in found if detail) or None,
        },
        "observer": {"product": "elicitguard", "vendor": "elicitguard", "type": "proxy"},
        "service": {"target": {"name": _text(record.get("server"))}},
        "user_agent": {"name": name, "version": version},
        "rule": {"id": [rule for rule, _ in found], "description": [detail for _, detail in found if detail],
                 "ruleset": "elicitguard" if found else None, "version": _text(record.get("policy_version"))},
        "url": {"domain": host},
        "related": {"hosts": [host] if host else []},
        "elicitguard": {"decision": _text(decision), "session": _text(record.get("session")),
                        "method": _text(record.get("method")), "request_id": _text(record.get("request_id")),
                        **_extras(record)},
    })


# OCSF API Activity (class 6003 in category 6, Application Activity), security_control profile.
_ACTION = {"allow": (1, "Allowed", 1, "Allowed", False, 1),
           "deny": (2, "Denied", 2, "Blocked", True, 3),
           "would_deny": (1, "Allowed", 15, "Detected", True, 3)}
_UNKNOWN = (0, "Unknown", 0, "Unknown", False, 0)
_SEVERITY = {0: "Unknown", 1: "Informational", 3: "Medium"}


def to_ocsf(record: dict[str, Any]) -> dict[str, Any]:
    decision = record.get("decision")
    action_id, action, disposition_id, disposition, alert, severity_id = (
        _ACTION.get(decision, _UNKNOWN) if isinstance(decision, str) else _UNKNOWN)
    found = reasons(record)
    seconds = epoch(record.get("ts"))
    server, client = _text(record.get("server")), client_label(record)
    source, target = (client, server) if record.get("direction") == "client_to_server" else (server, client)
    event = _text(record.get("event"))
    request_id = _text(record.get("request_id"))
    host = _text(record.get("url_host"))
    seq = record.get("seq")
    return _prune({
        "class_uid": 6003, "class_name": "API Activity", "category_uid": 6, "category_name": "Application Activity",
        "activity_id": 99, "activity_name": event or "Other", "type_uid": 600399, "type_name": "API Activity: Other",
        "time": None if seconds is None else int(seconds * 1000),
        "severity_id": severity_id, "severity": _SEVERITY[severity_id],
        "action_id": action_id, "action": action, "disposition_id": disposition_id, "disposition": disposition,
        "is_alert": alert,
        "message": _message(record),
        "metadata": {"version": OCSF_VERSION, "profiles": ["security_control"], "log_name": "audit",
                     "product": {"name": "elicitguard", "vendor_name": "elicitguard"},
                     "event_code": event, "original_time": _text(record.get("ts")),
                     "sequence": seq if isinstance(seq, int) else None, "uid": _text(record.get("hash"))},
        "api": {"operation": _text(record.get("method")) or event or "unknown",
                "request": {"uid": request_id} if request_id is not None else None,
                "service": {"name": server}},
        "actor": {"app_name": client, "session": {"uid": _text(record.get("session"))}},
        "src_endpoint": {"name": source}, "dst_endpoint": {"name": target},
        "policy": {"name": "elicitguard", "version": _text(record.get("policy_version"))}
        if record.get("policy_version") is not None else None,
        "firewall_rule": {"uid": found[0][0], "desc": found[0][1]} if found else None,
        "observables": [{"name": "url_host", "type_id": 1, "type": "Hostname", "value": host}] if host else [],
        "unmapped": {"decision": _text(decision), **_extras(record),
                     "reasons": [{"rule": rule, "detail": detail} for rule, detail in found]
                     if len(found) > 1 else None},
    })
