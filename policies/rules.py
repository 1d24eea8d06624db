"""The rule ids a policy can name, and per-rule actions (``policy.rules``).

A rule that judges *content* (a credential field, a URL's host, a rate limit) can be set to
``monitor``: its hits are audited ``would_deny`` and the message passes unless a blocking rule also
fires. Rules that protect the protocol itself (an undeclared mode, a malformed request, a schema
outside the spec's subset) always block: a client would misread or reject what they refuse.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Final

from elicitguard.policies import classifier
from elicitguard.policies.credentials import DETECTORS
from elicitguard.policies.response_scan import RESPONSE_RULES
from elicitguard.policies.shapes import VALUE_SHAPES

ACTIONS: Final = ("block", "monitor")

URL_RULES: Final = frozenset({
    "url.scheme", "url.ip_literal", "url.port", "url.internal_host", "url.deny_domain", "url.not_allowed_domain",
    "url.lookalike_host", "url.credential_param", "url.credential_value", "url.credential_path",
})
HYGIENE_RULES: Final = frozenset({
    "limits.rate", "limits.server_rate", "limits.pending", "limits.pending_timeout", "elicitation.unsolicited",
})
CONTENT_RULES: Final = frozenset(
    {d.rule for d in DETECTORS} | {s.rule for s in VALUE_SHAPES}
    | {"credential.write_only", "credential.password", "credential.seed_phrase", "payment.card_number",
       classifier.RULE}
    | URL_RULES | HYGIENE_RULES | frozenset(RESPONSE_RULES) | {"mode.disallowed"}
)
# Never monitorable: what they refuse cannot be shown safely, or a client would reject it anyway.
PROTOCOL_RULES: Final = frozenset({
    "elicitation.malformed", "elicitation.ambiguous", "mode.undeclared", "mode.unknown", "schema.unsupported",
    "url.malformed", "url.userinfo", "completion.unknown", "response.unexpected", "response.no_id",
    "protocol.unsupported", "internal.error", "elicitation.too_complex", "response.unpaired",
    "client.gone", "server.gone", "limits.in_flight", "envelope.duplicate_id", "envelope.unsafe_id",
    "request.unpairable",
    "mrtr.state_invalid", "mrtr.state_too_large", "mrtr.rounds_exceeded", "response.too_large",
})


class RuleError(ValueError):
    """A ``policy.rules`` entry that names no rule, or asks to monitor one that always blocks."""


def _matches(pattern: str, rule: str) -> bool:
    if pattern == "*":
        return True
    if pattern.endswith(".*"):
        return rule.startswith(pattern[:-1])
    return pattern == rule


def _specificity(pattern: str) -> tuple[int, int]:
    """An exact id beats any glob; a longer glob beats a shorter one."""
    return (0 if pattern.endswith("*") else 1, len(pattern))


def check_entry(pattern: str, action: str, team_rules: Iterable[str] = ()) -> None:
    """Raise RuleError when ``pattern: action`` cannot be honoured."""
    monitorable = CONTENT_RULES | frozenset(team_rules)
    known = monitorable | PROTOCOL_RULES
    if "*" in pattern:
        if pattern != "*" and (not pattern.endswith(".*") or "*" in pattern[:-2] or len(pattern) < 3):
            raise RuleError("a glob is '*' or 'PREFIX.*' (one '*', at the end)")
        if not any(_matches(pattern, r) for r in monitorable):
            raise RuleError(f"{pattern!r} matches no rule that can be set; rule families: "
                            f"{', '.join(sorted({r.split('.')[0] + '.*' for r in monitorable}))}")
        return
    if pattern in PROTOCOL_RULES:
        if action == "monitor":
            raise RuleError(f"rule {pattern} protects the protocol itself and always blocks; it cannot be monitored")
        return
    if pattern not in known:
        close = difflib.get_close_matches(pattern, sorted(known), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise RuleError(f"unknown rule id {pattern!r}{hint}")


def monitored_rules(actions: Mapping[str, str], team_rules: Iterable[str] = ()) -> frozenset[str]:
    """The concrete rule ids an action map sets to monitor (globs expanded; the most specific entry wins)."""
    out: set[str] = set()
    for rule in CONTENT_RULES | frozenset(team_rules):
        entries = [p for p in actions if _matches(p, rule)]
        if entries and actions[max(entries, key=_specificity)] == "monitor":
            out.add(rule)
    return frozenset(out)
