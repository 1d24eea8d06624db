"""The value types the core hands back: reasons, verdicts and audit decisions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from elicitguard.policies.envelope import RequestId


class Direction(Enum):
    """Which way a message travels."""

    CLIENT_TO_SERVER = "client_to_server"
    SERVER_TO_CLIENT = "server_to_client"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a rule fired: a stable rule id and a human sentence (never a user-typed value)."""

    rule: str
    detail: str
    field: str | None = None

    def as_dict(self) -> dict[str, str]:
        out = {"rule": self.rule, "detail": self.detail}
        if self.field is not None:
            out["field"] = self.field
        return out


# How a denial should be answered, from the most protocol-level to the policy-level.
DENY_MALFORMED = "malformed"  # always a -32602 error
DENY_POLICY = "policy"  # per on_deny


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of one elicitation (form or URL)."""

    allowed: bool
    reasons: tuple[Reason, ...] = ()
    mode: str | None = None
    fields: tuple[str, ...] | None = None
    url_host: str | None = None
    # DENY_MALFORMED or DENY_POLICY; only meaningful when not allowed.
    kind: str = DENY_POLICY
    # Allowed only because every rule that fired is set to monitor (policy.rules): audited would_deny.
    monitored: bool = False

    @property
    def decision(self) -> str:
        return "allow" if self.allowed else "deny"

    def as_dict(self) -> dict[str, Any]:
        return {"decision": self.decision, "reasons": [r.as_dict() for r in self.reasons]}


@dataclass(frozen=True, slots=True)
class Decision:
    """One audit record, as data. ``proxy.audit`` adds time, session and server."""

    event: str
    decision: str  # allow | deny | would_deny
    direction: Direction
    method: str | None = None
    request_id: RequestId | None = None
    mode: str | None = None
    reasons: tuple[Reason, ...] = ()
    fields: tuple[str, ...] | None = None
    url_host: str | None = None
    input_key: str | None = None
    elicitation_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "event": self.event,
            "decision": self.decision,
            "direction": self.direction.value,
            "method": self.method,
            "request_id": self.request_id,
            "mode": self.mode,
            "reasons": [r.as_dict() for r in self.reasons],
        }
        if self.fields is not None:
            out["fields"] = list(self.fields)
        if self.url_host is not None:
            out["url_host"] = self.url_host
        if self.input_key is not None:
            out["input_key"] = self.input_key
        if self.elicitation_id is not None:
            out["elicitation_id"] = self.elicitation_id
        out.update(self.extra)
        return out
