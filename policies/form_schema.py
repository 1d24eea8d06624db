"""The spec's restricted schema subset for form mode: which keys and types a requested schema may
use, and the limits on its size (fields, text, names) the judge keeps to."""

from __future__ import annotations

import re
from typing import Any, Final

from elicitguard.policies.credentials import NUMBER, STRING
from elicitguard.policies.verdict import Reason

# Top-level keys a requested schema may carry. "title"/"description" are harmless annotations that
# pydantic-generated schemas (the Python SDK) always add.
_SCHEMA_KEYS: Final = frozenset({"type", "properties", "required", "$schema", "title", "description", "additionalProperties"})
_COMMON: Final = frozenset({"type", "title", "description", "default"})
_STRING_KEYS: Final = _COMMON | {"minLength", "maxLength", "pattern", "format", "enum", "enumNames", "oneOf", "writeOnly"}
_NUMBER_KEYS: Final = _COMMON | {"minimum", "maximum", "writeOnly"}
_BOOLEAN_KEYS: Final = _COMMON
_ARRAY_KEYS: Final = _COMMON | {"items", "minItems", "maxItems"}
MAX_FIELDS: Final = 256
# Judging cost grows with text length; no honest form needs more, so longer is refused unjudged.
MAX_TEXT: Final = 8192
MAX_NAME: Final = 256
# Bidirectional controls make a client display text other than what is judged ("\u202edrowssaP").
_BIDI: Final = re.compile("[\u202a-\u202e\u2066-\u2069]")


def has_bidi(text: str) -> bool:
    # An ASCII text (most texts) holds none: isascii reads a flag the string already carries.
    return not text.isascii() and _BIDI.search(text) is not None


JSON = Any


def schema_error(detail: str, field: str | None = None) -> Reason:
    return Reason("schema.unsupported", detail, field)


def _is_str_list(value: JSON) -> bool:
    if not isinstance(value, list):
        return False
    for v in value:
        if not isinstance(v, str):
            return False
    return True


def _is_options(value: JSON) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(
            # Both official SDKs only show a choice list when every option has a title; without one the
            # TS SDK drops the options and shows a free-text box, so a title is required here too.
            isinstance(o, dict) and set(o) == {"const", "title"} and isinstance(o["const"], str)
            and isinstance(o["title"], str)
            for o in value
        )
    )


def _is_number(value: JSON) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


_TEXT_KEYS: Final = ("title", "description", "pattern", "format", "default")


def check_property(name: str, prop: JSON) -> tuple[str | None, Reason | None]:
    """Validate one property against the restricted subset; returns its carrier kind or a reason.

    The kind is ``"string"`` (free text), ``"number"``, or ``None`` for closed choices (enum, oneOf,
    boolean, array of enum) which cannot carry a typed secret.
    """
    if not isinstance(prop, dict):
        return None, schema_error("a property schema must be an object", name)
    kind = prop.get("type")
    if len(name) > MAX_NAME:
        return None, schema_error(f"a field name longer than {MAX_NAME} characters", name[:40] + "...")
    texts = [(key, prop[key]) for key in _TEXT_KEYS if key in prop]
    for key, value in texts:
        if key != "default" and not isinstance(value, str):
            return None, schema_error(f"'{key}' must be a string", name)
    for key, value in texts:
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                return None, schema_error(f"'{key}' longer than {MAX_TEXT} characters", name)
            if has_bidi(value):
                return None, schema_error(f"'{key}' contains bidirectional control characters", name)
    if has_bidi(name):
        return None, schema_error("the field name contains bidirectional control characters", None)
    if kind == "string":
        if not prop.keys() <= _STRING_KEYS:
            return None, schema_error(f"keyword(s) {sorted(set(prop) - _STRING_KEYS)} are outside the spec's form subset", name)
        if "enum" in prop or "oneOf" in prop:
            if "enum" in prop and not (_is_str_list(prop["enum"]) and prop["enum"]):
                return None, schema_error("'enum' must be a non-empty list of strings", name)
            if "oneOf" in prop and not _is_options(prop["oneOf"]):
                return None, schema_error("'oneOf' must be a list of {const, title} strings", name)
            if "enumNames" in prop and not _is_str_list(prop["enumNames"]):
                return None, schema_error("'enumNames' must be a list of strings", name)
            if "default" in prop and not isinstance(prop["default"], str):
                return None, schema_error("'default' must be a string", name)
            return None, None
        if "enumNames" in prop:
            return None, schema_error("'enumNames' needs 'enum'", name)
        if "default" in prop and not isinstance(prop["default"], str):
            return None, schema_error("'default' must be a string", name)
        return STRING, None
    if kind in ("number", "integer"):
        if not prop.keys() <= _NUMBER_KEYS:
            return None, schema_error(f"keyword(s) {sorted(set(prop) - _NUMBER_KEYS)} are outside the spec's form subset", name)
        for key in ("minimum", "maximum", "default"):
            if key in prop and not _is_number(prop[key]):
                return None, schema_error(f"'{key}' must be a number", name)
        return NUMBER, None
    if kind == "boolean":
        if not prop.keys() <= _BOOLEAN_KEYS:
            return None, schema_error(f"keyword(s) {sorted(set(prop) - _BOOLEAN_KEYS)} are outside the spec's form subset", name)
        if "default" in prop and not isinstance(prop["default"], bool):
            return None, schema_error("'default' must be a boolean", name)
        return None, None
    if kind == "array":
        if not prop.keys() <= _ARRAY_KEYS:
            return None, schema_error(f"keyword(s) {sorted(set(prop) - _ARRAY_KEYS)} are outside the spec's form subset", name)
        items = prop.get("items")
        ok = isinstance(items, dict) and (
            (set(items) == {"type", "enum"} and items.get("type") == "string" and _is_str_list(items["enum"]) and items["enum"])
            or (set(items) == {"anyOf"} and _is_options(items["anyOf"]))
        )
        if not ok:
            return None, schema_error("arrays may only be multi-select enums of strings", name)
        if "default" in prop and not _is_str_list(prop["default"]):
            return None, schema_error("'default' must be a list of strings", name)
        return None, None
    return None, schema_error(f"type {kind!r} is not one of string, number, integer, boolean, or an enum array", name)


def check_schema(schema: JSON) -> tuple[dict[str, tuple[str | None, dict[str, Any]]], list[Reason]]:
    """Validate a requestedSchema; returns {field: (kind, property)} and any reasons to block."""
    if not isinstance(schema, dict):
        return {}, [schema_error("requestedSchema must be an object")]
    problems: list[Reason] = []
    if not schema.keys() <= _SCHEMA_KEYS:
        extra = set(schema) - _SCHEMA_KEYS
        problems.append(schema_error(f"top-level keyword(s) {sorted(extra)} are outside the spec's form subset"))
    if schema.get("type") != "object":
        problems.append(schema_error("requestedSchema.type must be \"object\""))
    if "additionalProperties" in schema and schema["additionalProperties"] is not False:
        problems.append(schema_error("additionalProperties may only be false"))
    if "required" in schema and not _is_str_list(schema["required"]):
        problems.append(schema_error("'required' must be a list of strings"))
    props = schema.get("properties")
    if not isinstance(props, dict):
        problems.append(schema_error("requestedSchema.properties must be an object"))
        return {}, problems
    if len(props) > MAX_FIELDS:
        problems.append(schema_error(f"more than {MAX_FIELDS} fields"))
        return {}, problems
    fields: dict[str, tuple[str | None, dict[str, Any]]] = {}
    for name, prop in props.items():
        kind, problem = check_property(name, prop)
        if problem is not None:
            problems.append(problem)
        else:
            fields[name] = (kind, prop)
    return fields, problems
