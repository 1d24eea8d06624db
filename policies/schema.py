"""The config's JSON Schema, generated from the same declarative spec ``check`` validates against.

Editors read it (``# yaml-language-server: $schema=...``) to complete keys and underline mistakes.
Nothing here is written per key: a Section becomes an object that admits only its keys, a Named
mapping an object of free names, and a Leaf the fragment of its predicates (``config.SCHEMA_OF``) or
its own ``schema``. A Leaf the generator cannot describe is an error, so a new key can never show
up in the schema as "anything goes" while ``check`` rejects values for it.

What JSON Schema cannot say stays check-only: domain entries against the Public Suffix List,
duplicate keys, YAML tags and merge keys (an editor sees the parsed data, not the YAML), and the
difference between ``1`` and ``1.0`` (JSON Schema calls both integers; ``check`` refuses the float).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from elicitguard.policies.config import SCHEMA_OF, SPEC, Leaf, ListOf, Named, Node, Section

DIALECT: Final = "http://json-schema.org/draft-07/schema#"
# The generated file, committed beside this module and installed with the package; a test keeps it
# equal to render(). Regenerate: elicitguard schema -o policies/config.schema.json
SHIPPED: Final = "config.schema.json"


class SchemaGap(Exception):
    """A Leaf whose predicates have no JSON Schema: give it ``schema=`` or add its predicate to SCHEMA_OF."""


def _merge(*fragments: Mapping[str, Any]) -> dict[str, Any]:
    """One schema meaning all of the fragments; keys they share are combined with ``allOf``."""
    out: dict[str, Any] = {}
    extra: list[Mapping[str, Any]] = []
    for fragment in fragments:
        if any(key in out for key in fragment):
            extra.append(fragment)
        else:
            out.update(fragment)
    if extra:
        out["allOf"] = [dict(f) for f in extra]
    return out


def _predicate(function: Any, path: str, role: str) -> Mapping[str, Any]:
    try:
        return SCHEMA_OF[function]
    except (KeyError, TypeError):
        name = getattr(function, "__name__", repr(function))
        raise SchemaGap(f"{path or '(top level)'}: no JSON Schema for its {role} {name}; give the Leaf schema=... "
                        f"or add {name} to config.SCHEMA_OF") from None


def _leaf(leaf: Leaf, path: str) -> dict[str, Any]:
    if leaf.schema is not None:
        out = dict(leaf.schema)
    else:
        parts = [_predicate(leaf.accepts, path, "accepts")]
        if leaf.check is not None:
            parts.append(_predicate(leaf.check, path, "check"))
        out = _merge(*parts)
    if leaf.schema is None and leaf.each is not None:
        item = _predicate(leaf.each, path, "each")
        out["items"] = _merge(out.get("items", {}), item)
    out["description"] = leaf.doc or leaf.describe
    return out


def node_schema(node: Node, path: str = "") -> dict[str, Any]:
    """The JSON Schema for one spec node (``path`` only names it in a SchemaGap)."""
    if isinstance(node, Leaf):
        return _leaf(node, path)
    if isinstance(node, ListOf):
        # An item is a mapping (never null); a list that is left empty (``rules:``) reads as no rules.
        item = node_schema(node.item, f"{path}[]")
        item["type"] = "object"
        listed: dict[str, Any] = {"type": ["array", "null"], "items": item}
        if node.doc:
            listed["description"] = node.doc
        return listed
    # An empty key (``policy:`` with nothing under it) reads as an empty mapping.
    out: dict[str, Any] = {"type": ["object", "null"]}
    if node.doc:
        out["description"] = node.doc
    if isinstance(node, Named):
        out["additionalProperties"] = node_schema(node.value, f"{path}.*" if path else "*")
        return out
    assert isinstance(node, Section)
    out["properties"] = {key: node_schema(child, f"{path}.{key}" if path else key) for key, child in node.keys.items()}
    out["additionalProperties"] = False
    if node.required:
        out["required"] = list(node.required)
    return out


def generate(spec: Section = SPEC) -> dict[str, Any]:
    """The whole config's JSON Schema."""
    body = node_schema(spec)
    return {
        "$schema": DIALECT,
        "title": "elicitguard configuration",
        "description": "Policy and settings for elicitguard, the MCP elicitation proxy. Validate with "
                       "`elicitguard check`; every key is optional.",
        **body,
    }


def render(schema: Mapping[str, Any] | None = None) -> str:
    """The schema as the text shipped and printed: stable key order, two-space indent, final newline."""
    return json.dumps(generate() if schema is None else schema, indent=2, ensure_ascii=False) + "\n"
