"""The spec's restricted form-schema subset: what is allowed, and what is blocked as malformed."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.form_schema import MAX_FIELDS, check_schema
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.verdict import DENY_MALFORMED

FORM = frozenset({"form", "url"})


def judge(schema: Any, policy: Policy | None = None):  # type: ignore[no-untyped-def]
    return judge_elicitation({"mode": "form", "message": "Tell us.", "requestedSchema": schema}, FORM, policy or Policy())


def obj(**props: Any) -> dict[str, Any]:
    return {"type": "object", "properties": props}


ALLOWED = [
    ("string", obj(name={"type": "string"})),
    ("string-with-annotations", obj(name={"type": "string", "title": "Name", "description": "Your name",
                                          "minLength": 1, "maxLength": 50})),
    ("string-pattern", obj(zip={"type": "string", "pattern": "^[0-9]{5}$"})),
    ("string-format-email", obj(email={"type": "string", "format": "email"})),
    ("string-format-date", obj(birthday={"type": "string", "format": "date"})),
    ("string-format-uri", obj(homepage={"type": "string", "format": "uri"})),
    ("string-default", obj(city={"type": "string", "default": "Paris"})),
    ("number", obj(amount={"type": "number", "minimum": 0, "maximum": 10.5, "default": 1.5})),
    ("integer", obj(age={"type": "integer", "minimum": 0, "maximum": 150, "default": 30})),
    ("boolean", obj(agree={"type": "boolean", "default": False})),
    ("boolean-titled", obj(agree={"type": "boolean", "title": "Agree?", "description": "Accept the terms"})),
    ("enum", obj(color={"type": "string", "enum": ["red", "green"]})),
    ("enum-default", obj(color={"type": "string", "enum": ["red", "green"], "default": "red"})),
    ("legacy-enumNames", obj(color={"type": "string", "enum": ["r", "g"], "enumNames": ["Red", "Green"]})),
    ("oneOf-const-title", obj(size={"type": "string", "oneOf": [{"const": "s", "title": "Small"},
                                                                {"const": "l", "title": "Large"}]})),
    ("multi-select-enum", obj(tags={"type": "array", "items": {"type": "string", "enum": ["a", "b"]}})),
    ("multi-select-bounds-default", obj(tags={"type": "array", "minItems": 1, "maxItems": 2, "default": ["a"],
                                              "items": {"type": "string", "enum": ["a", "b"]}})),
    ("multi-select-anyOf", obj(tags={"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"},
                                                                          {"const": "b", "title": "B"}]}})),
    ("required", {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}),
    ("additionalProperties-false", {"type": "object", "properties": {"n": {"type": "string"}}, "additionalProperties": False}),
    ("pydantic-title", {"title": "ContactInfo", "type": "object",
                        "properties": {"name": {"title": "Name", "type": "string"}}, "required": ["name"]}),
    ("schema-and-description", {"$schema": "https://json-schema.org/draft/2020-12/schema", "description": "A form",
                                "type": "object", "properties": {"n": {"type": "string"}}}),
    ("empty-properties", {"type": "object", "properties": {}}),
    ("many-fields", obj(**{f"f{i}": {"type": "string"} for i in range(MAX_FIELDS)})),
]


@pytest.mark.parametrize("schema", [pytest.param(s, id=i) for i, s in ALLOWED])
def test_a_schema_inside_the_restricted_subset_is_allowed(schema: dict[str, Any]) -> None:
    fields, problems = check_schema(schema)
    assert problems == []
    assert set(fields) == set(schema["properties"])
    verdict = judge(schema)
    assert verdict.allowed, verdict.reasons
    assert verdict.fields == tuple(schema["properties"])


BLOCKED = [
    ("nested-object", obj(address={"type": "object", "properties": {"street": {"type": "string"}}})),
    ("array-of-objects", obj(people={"type": "array", "items": {"type": "object", "properties": {}}})),
    ("array-of-strings", obj(tags={"type": "array", "items": {"type": "string"}})),
    ("array-items-extra-key", obj(tags={"type": "array", "items": {"type": "string", "enum": ["a"], "minLength": 1}})),
    ("array-empty-enum", obj(tags={"type": "array", "items": {"type": "string", "enum": []}})),
    ("array-no-items", obj(tags={"type": "array"})),
    ("array-uniqueItems", obj(tags={"type": "array", "uniqueItems": True, "items": {"type": "string", "enum": ["a"]}})),
    ("array-anyOf-with-type", obj(tags={"type": "array", "items": {"anyOf": [{"type": "string"}]}})),
    ("array-bad-default", obj(tags={"type": "array", "default": "a", "items": {"type": "string", "enum": ["a"]}})),
    ("property-ref", obj(x={"$ref": "#/$defs/X"})),
    ("string-with-ref", obj(x={"type": "string", "$ref": "#/$defs/X"})),
    ("top-level-defs", {"type": "object", "properties": {"x": {"type": "string"}}, "$defs": {"X": {"type": "string"}}}),
    ("property-anyOf", obj(x={"anyOf": [{"type": "string"}, {"type": "null"}]})),
    ("property-oneOf-types", obj(x={"oneOf": [{"type": "string"}, {"type": "integer"}]})),
    ("property-allOf", obj(x={"type": "string", "allOf": [{"minLength": 1}]})),
    ("type-list", obj(x={"type": ["string", "null"]})),
    ("type-null", obj(x={"type": "null"})),
    ("no-type", obj(x={"title": "X"})),
    ("unknown-type", obj(x={"type": "date"})),
    ("additionalProperties-true", {"type": "object", "properties": {"x": {"type": "string"}}, "additionalProperties": True}),
    ("additionalProperties-schema", {"type": "object", "properties": {}, "additionalProperties": {"type": "string"}}),
    ("properties-is-list", {"type": "object", "properties": [{"type": "string"}]}),
    ("properties-missing", {"type": "object"}),
    ("property-not-object", obj(x="string")),
    ("property-is-true", obj(x=True)),
    ("top-type-missing", {"properties": {"x": {"type": "string"}}}),
    ("top-type-array", {"type": "array", "properties": {"x": {"type": "string"}}}),
    ("schema-is-list", [{"type": "object"}]),
    # Options need titles: without them the TS SDK shows a free-text box instead of a choice.
    ("oneOf-const-only", obj(size={"type": "string", "oneOf": [{"const": "s"}]})),
    ("schema-is-null", None),
    ("required-not-list", {"type": "object", "properties": {"x": {"type": "string"}}, "required": "x"}),
    ("required-non-strings", {"type": "object", "properties": {"x": {"type": "string"}}, "required": [1]}),
    ("string-int-default", obj(x={"type": "string", "default": 5})),
    ("string-null-default", obj(x={"type": "string", "default": None})),
    ("number-string-default", obj(x={"type": "number", "default": "5"})),
    ("integer-bool-default", obj(x={"type": "integer", "default": True})),
    ("number-bool-minimum", obj(x={"type": "number", "minimum": False})),
    ("boolean-string-default", obj(x={"type": "boolean", "default": "true"})),
    ("enum-int-default", obj(x={"type": "string", "enum": ["a"], "default": 1})),
    ("enum-empty", obj(x={"type": "string", "enum": []})),
    ("enum-non-strings", obj(x={"type": "string", "enum": [1, 2]})),
    ("enumNames-without-enum", obj(x={"type": "string", "enumNames": ["A"]})),
    ("enumNames-not-strings", obj(x={"type": "string", "enum": ["a"], "enumNames": [1]})),
    ("oneOf-extra-key", obj(x={"type": "string", "oneOf": [{"const": "a", "title": "A", "description": "d"}]})),
    ("oneOf-non-string-const", obj(x={"type": "string", "oneOf": [{"const": 1, "title": "One"}]})),
    ("oneOf-empty", obj(x={"type": "string", "oneOf": []})),
    ("string-with-minimum", obj(x={"type": "string", "minimum": 1})),
    ("number-with-pattern", obj(x={"type": "number", "pattern": "^1$"})),
    ("number-with-enum", obj(x={"type": "integer", "enum": [1, 2]})),
    ("boolean-with-enum", obj(x={"type": "boolean", "enum": [True]})),
    ("string-with-const", obj(x={"type": "string", "const": "a"})),
    ("string-with-examples", obj(x={"type": "string", "examples": ["a"]})),
    ("non-string-title", obj(x={"type": "string", "title": 5})),
    ("non-string-pattern", obj(x={"type": "string", "pattern": 5})),
    ("non-string-format", obj(x={"type": "string", "format": ["email"]})),
    ("too-many-fields", obj(**{f"f{i}": {"type": "string"} for i in range(MAX_FIELDS + 1)})),
    ("one-bad-among-good", obj(a={"type": "string"}, b={"type": "object"}, c={"type": "boolean"})),
]


@pytest.mark.parametrize("schema", [pytest.param(s, id=i) for i, s in BLOCKED])
def test_a_schema_outside_the_subset_is_blocked_as_malformed(schema: Any) -> None:
    _, problems = check_schema(schema)
    assert problems, "expected a schema problem"
    assert all(p.rule == "schema.unsupported" for p in problems)
    verdict = judge(schema)
    assert not verdict.allowed
    assert verdict.kind == DENY_MALFORMED
    assert verdict.reasons[0].rule == "schema.unsupported"


def test_a_blocked_property_is_named_in_the_reason() -> None:
    _, problems = check_schema(obj(ok={"type": "string"}, bad={"type": "object"}))
    assert [p.field for p in problems] == ["bad"]


def test_a_malformed_schema_is_blocked_even_when_credential_blocking_is_off() -> None:
    verdict = judge(obj(x={"type": "object"}), Policy(form=FormPolicy(block_credentials=False)))
    assert not verdict.allowed and verdict.kind == DENY_MALFORMED


def test_a_malformed_schema_wins_over_a_credential_field() -> None:
    verdict = judge(obj(password={"type": "string"}, nested={"type": "object"}))
    assert verdict.kind == DENY_MALFORMED
    assert {r.rule for r in verdict.reasons} == {"schema.unsupported"}


def test_a_form_without_a_string_message_is_malformed() -> None:
    verdict = judge_elicitation({"mode": "form", "requestedSchema": obj(n={"type": "string"})}, FORM, Policy())
    assert not verdict.allowed and verdict.kind == DENY_MALFORMED
    assert verdict.reasons[0].rule == "elicitation.malformed"


def test_a_schema_problem_detail_never_echoes_a_default_value() -> None:
    verdict = judge(obj(x={"type": "string", "default": ["hunter2-SECRET"]}))
    assert "hunter2" not in repr(verdict.as_dict())
