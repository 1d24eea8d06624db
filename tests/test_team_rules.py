"""Team rules (policy.form.rules): a team's own terms, regexes and field names, applied with the
built-in normalisation, validated at load with their line, and reported under their own id."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.judge import judge_elicitation

RULES = """
policy:
  form:
    allow_fields: [Internal-Ref]
    rules:
      - id: acme.badge
        terms: [badge code, acme pin, Mitarbeiterkennung]
      - id: acme.employee_id
        patterns: ['\\bemp(loyee)? ?id\\b', '\\bacme [0-9]+\\b']
      - id: acme.fields
        fields: [vault_ref, X-Acme-Session]
      - id: acme.pin
        concept: pin
        terms: [door number]
"""
FORM = frozenset({"form"})


def judged(fields: dict[str, dict[str, Any]], message: str = "Please fill in the form.", config: str = RULES) -> list[str]:
    params = {"message": message, "requestedSchema": {"type": "object", "properties": fields}}
    verdict = judge_elicitation(params, FORM, load_config_text(config).policy)
    return [r.rule for r in verdict.reasons]


CASES = [
    ({"x": {"type": "string", "title": "Your badge code"}}, "acme.badge"),
    ({"badgeCode": {"type": "string"}}, "acme.badge"),
    ({"x": {"type": "string", "title": "B4DGE C0DE"}}, "acme.badge"),
    ({"x": {"type": "string", "title": "Ihre Mitarbeiterkennung"}}, "acme.badge"),
    ({"x": {"type": "string", "description": "the acme PIN from your card"}}, "acme.badge"),
    ({"employeeId": {"type": "string"}}, "acme.employee_id"),
    ({"x": {"type": "string", "title": "EMP-ID"}}, "acme.employee_id"),
    ({"x": {"type": "string", "title": "Code for ACME 42"}}, "acme.employee_id"),
    ({"vault_ref": {"type": "string"}}, "acme.fields"),
    ({"vaultRef": {"type": "string"}}, "acme.fields"),
    ({"x_acme_session": {"type": "string"}}, "acme.fields"),
    ({"x": {"type": "integer", "title": "Door number"}}, "acme.pin"),
]


@pytest.mark.parametrize(("fields", "rule"), CASES, ids=[c[1] + str(i) for i, c in enumerate(CASES)])
def test_a_field_under_a_team_rule_is_denied_under_the_rules_id(fields: dict[str, dict[str, Any]], rule: str) -> None:
    assert judged(fields) == [rule]


def test_a_prompt_under_a_team_rule_blames_a_field_that_would_carry_it() -> None:
    assert judged({"value": {"type": "string"}}, message="Type your badge code below") == ["acme.badge"]


@pytest.mark.parametrize("fields", [
    {"x": {"type": "string", "title": "Badge colour"}}, {"employer": {"type": "string"}},
    {"internal_ref": {"type": "string", "title": "Badge code"}},  # allow_fields, in its normalised form
    {"x": {"type": "string", "title": "Door number", "description": "postal address door number"}},  # pin look-alike
    {"x": {"type": "boolean", "title": "Badge code printed?"}},
])
def test_a_look_alike_or_an_allowed_field_passes_team_rules(fields: dict[str, dict[str, Any]]) -> None:
    assert judged(fields) == []


def test_without_rules_the_same_forms_pass() -> None:
    # The word lists alone: the credential model has its own view of a badge code (an access code).
    no_model = "policy:\n  form:\n    classifier: false\n"
    assert judged({"x": {"type": "string", "title": "Your badge code"}}, config=no_model) == []


def test_server_rules_add_to_the_global_ones() -> None:
    config = RULES + """
servers:
  hr:
    policy:
      form:
        rules:
          - id: hr.salary
            terms: [salary]
"""
    policy = load_config_text(config).policy_for("hr")
    assert policy.form.rules.ids() == ["acme.badge", "acme.employee_id", "acme.fields", "acme.pin", "hr.salary"]
    assert load_config_text(config).policy.form.rules.ids() == ["acme.badge", "acme.employee_id", "acme.fields", "acme.pin"]


BAD = [
    ("rules:\n  - id: x\n    patterns: ['(']\n", 5, "does not compile"),
    ("rules:\n  - id: x\n    patterns: ['.*']\n", 5, "matches the empty string"),
    ("rules:\n  - id: x\n    patterns: ['(?s).+']\n", 5, "matches everything"),
    ("rules:\n  - id: x\n    patterns: ['[a-z]']\n", 5, "matches everything"),
    ("rules:\n  - id: x\n    terms: ['--']\n", 5, "no letters or digits"),
    ("rules:\n  - id: x\n    terms: [a]\n  - id: x\n    terms: [b]\n", 6, "used twice"),
    ("rules:\n  - terms: [a]\n", 4, "missing required key(s) id"),
    ("rules:\n  - id: x\n", 4, "needs at least one of terms, patterns or fields"),
    ("rules:\n  - id: x\n    term: [a]\n", 5, "did you mean 'terms'"),
    ("rules:\n  - id: x\n    concept: passwd\n    terms: [a]\n", 5, "expected"),
    ("rules:\n  - id: response.mine\n    terms: [a]\n", 4, "response scanner's"),
    ("rules: {id: x}\n", 3, "expected a list"),
]


@pytest.mark.parametrize(("rules", "line", "message"), BAD, ids=[b[2] for b in BAD])
def test_a_bad_team_rule_is_a_config_error_with_its_line(rules: str, line: int, message: str) -> None:
    text = "policy:\n  form:\n    " + rules.replace("\n", "\n    ").rstrip() + "\n"
    with pytest.raises(ConfigError) as caught:
        load_config_text(text, "team.yaml")
    assert f"team.yaml:{line}:" in str(caught.value) and message in str(caught.value), str(caught.value)


def test_a_server_rule_reusing_a_global_id_is_a_config_error() -> None:
    config = RULES + "servers:\n  hr:\n    policy:\n      form:\n        rules:\n          - id: acme.badge\n            terms: [x]\n"
    with pytest.raises(ConfigError, match="already a global rule"):
        load_config_text(config, "team.yaml")
