"""The verdicts of forms already judged are kept, bounded, per policy object: a repeated form costs a
lookup, and nothing judged under one policy is read under another."""

from __future__ import annotations

from typing import Any

from elicitguard.policies import judge
from elicitguard.policies.config import load_config_text
from elicitguard.policies.judge import clear_caches, judge_elicitation

MODES = frozenset({"form", "url"})


def _form(**props: Any) -> dict[str, Any]:
    return {"mode": "form", "message": "About you",
            "requestedSchema": {"type": "object", "properties": props}}


def test_a_form_judged_again_gets_the_kept_verdict() -> None:
    clear_caches()
    policy = load_config_text("").policy
    params = _form(name={"type": "string", "title": "Your name"})
    first = judge_elicitation(params, MODES, policy)
    again = judge_elicitation(dict(params), MODES, policy)  # equal params, another object
    assert first.allowed and again is first


def test_a_verdict_kept_under_one_policy_is_never_read_under_another() -> None:
    clear_caches()
    lenient = load_config_text("").policy
    strict = load_config_text("policy:\n  form:\n    rules:\n      - id: team.nickname\n        terms: [nickname]\n").policy
    params = _form(nick={"type": "string", "title": "Nickname"})
    assert judge_elicitation(params, MODES, lenient).allowed
    denied = judge_elicitation(params, MODES, strict)
    assert not denied.allowed and [r.rule for r in denied.reasons] == ["team.nickname"]
    assert judge_elicitation(params, MODES, lenient).allowed


def test_the_client_modes_are_part_of_what_a_verdict_is_kept_under() -> None:
    clear_caches()
    policy = load_config_text("").policy
    params = _form(name={"type": "string"})
    assert judge_elicitation(params, MODES, policy).allowed
    assert not judge_elicitation(params, frozenset({"url"}), policy).allowed


def test_the_kept_verdicts_stay_bounded_whatever_a_server_sends() -> None:
    clear_caches()
    policy = load_config_text("").policy
    for i in range(judge._VERDICTS_MAX * 2 + 5):
        judge_elicitation(_form(**{f"f{i}": {"type": "string"}}), MODES, policy)
        assert len(judge._VERDICTS) <= judge._VERDICTS_MAX


def test_url_elicitations_and_large_forms_are_not_kept() -> None:
    clear_caches()
    policy = load_config_text("").policy
    judge_elicitation({"mode": "url", "message": "Sign in", "url": "https://example.com/a",
                       "elicitationId": "e-1"}, MODES, policy)
    judge_elicitation(_form(note={"type": "string", "description": "x" * (judge._VERDICT_KEY_MAX + 1)}),
                      MODES, policy)
    assert judge._VERDICTS == {}
