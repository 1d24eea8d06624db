"""Red team 16: a monitored rule's hit must not switch the credential model off for the other fields."""

from __future__ import annotations

from typing import Any

from elicitguard.policies.config import load_config_text
from elicitguard.policies.judge import judge_elicitation

SECRET = {"code": {"type": "string", "description": "the 48-digit block you printed"}}
DECOY = {"otp": {"type": "string", "title": "One-time code from your authenticator app"}}
MONITOR_OTP = "policy:\n  rules:\n    credential.otp: monitor\n"


def _judge(props: dict[str, Any], config: str) -> tuple[bool, list[tuple[str, str | None]]]:
    policy = load_config_text(config).policy
    verdict = judge_elicitation({"message": "Please fill in", "requestedSchema": {"type": "object", "properties": props}},
                                frozenset({"form"}), policy)
    return verdict.allowed, [(r.rule, r.field) for r in verdict.reasons]


def test_a_field_only_the_model_catches_is_denied_when_another_field_trips_a_monitored_rule() -> None:
    assert _judge(SECRET, MONITOR_OTP)[0] is False
    allowed, reasons = _judge({**DECOY, **SECRET}, MONITOR_OTP)
    assert allowed is False
    assert reasons[0] == ("credential.model", "code")
    assert ("credential.otp", "otp") in reasons


def test_the_field_a_monitored_rule_flagged_is_still_not_judged_by_the_model() -> None:
    allowed, reasons = _judge(DECOY, MONITOR_OTP)
    assert allowed is True
    assert reasons == [("credential.otp", "otp")]
