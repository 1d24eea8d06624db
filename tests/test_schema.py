"""The config's JSON Schema agrees with ``check``: both come from one spec, and these tests prove it.

Every setting of the spec gets a table of values; for each, ``check`` (``load_config_text``) and a
JSON Schema validator (the ``jsonschema`` package, as an editor would) must agree: what check accepts,
the schema accepts; what check rejects as a wrong type or an unknown key, the schema rejects; and where
the schema can express a setting's extra check (modes, ports, HOST:PORT, http URLs) they agree exactly.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from conftest import ROOT, WAIT

from elicitguard.policies.config import SCHEMA_OF, SPEC, ConfigError, Leaf, ListOf, Named, Section, load_config_text
from elicitguard.policies.schema import SHIPPED, SchemaGap, generate, node_schema, render
from elicitguard.policies.merge import WIDENABLE

EXAMPLE = ROOT / "config.example.yaml"
SCHEMA_FILE = ROOT / "policies" / SHIPPED
VALIDATOR = jsonschema.Draft7Validator(generate())

# Values of every JSON type and the shapes the spec's checks look at. Integral floats (1.0) are left
# out: JSON Schema counts them as integers; see test_an_integral_float_is_the_one_gap_the_schema_cannot_close.
POOL: list[Any] = [
    None, True, False, 0, 1, -1, 443, 65536, 2.5, 0.5, "", "x", "-", "enforce", "monitor", "error", "decline", "cancel",
    "block", "allow", "text", "json", "form", "url", "127.0.0.1:8931", "[::1]:9", "localhost:0", ":80", "host:65535",
    "host:65536", "host:08931", "http://127.0.0.1:9000/mcp", "https://mcp.example.com/mcp", "ftp://x", "HTTP://x",
    "example.com", "*.example.com", "*.com", [], ["form"], ["url", "form"], ["fax"], ["example.com"], ["*.com"],
    ["*.example.org", "b.example"], [443, 8443], [0], [70000], [True], ["x", 1], [[]], [None], {}, {"a": 1},
]


def leaves(node: Any = SPEC, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Leaf]]:
    """Every setting of the spec, with a server name standing in for each ``servers`` entry."""
    if isinstance(node, Leaf):
        yield path, node
    elif isinstance(node, Named):
        yield from leaves(node.value, path + (placeholder(path),))
    elif isinstance(node, ListOf):
        return  # lists of sections (policy.form.rules) have tests of their own below
    else:
        for key, child in node.keys.items():
            yield from leaves(child, path + (key,))


def placeholder(path: tuple[str, ...]) -> str:
    """A name standing in for the free keys of a ``Named`` mapping: a server name, or a rule glob."""
    return "url.*" if path[-1:] == ("rules",) else "demo"


def with_widen(path: tuple[str, ...], config: dict[str, Any]) -> dict[str, Any]:
    """A server setting may loosen the global one only when listed under ``widen``: list it, so that the
    type checks are compared, not the merge rule (tests/test_server_merge.py covers that)."""
    if path[:2] == ("servers", "demo"):
        keys = [".".join(path[2:n]) for n in range(len(path), 2, -1) if ".".join(path[2:n]) in WIDENABLE]
        if keys:
            config["servers"]["demo"]["widen"] = keys[:1]
    return config


def sections(node: Any = SPEC, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    if isinstance(node, Section):
        yield path
        for key, child in node.keys.items():
            yield from sections(child, path + (key,))
    elif isinstance(node, Named):
        yield from sections(node.value, path + ("demo",))
    # ListOf items (policy.form.rules) have tests of their own below


def nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: Any = value
    for key in reversed(path):
        out = {key: out}
    assert isinstance(out, dict)
    return out


def check_says(config: dict[str, Any]) -> tuple[bool, list[str]]:
    try:
        load_config_text(yaml.safe_dump(config, allow_unicode=True), "t.yaml")
    except ConfigError as exc:
        return False, exc.problems
    return True, []


def schema_says(config: dict[str, Any]) -> bool:
    return VALIDATOR.is_valid(config)


def structural(problems: list[str]) -> bool:
    """A wrong type or an unknown key (as opposed to a failed extra check such as the PSL rule)."""
    return any(re.search(r": (expected |unknown key)", p) for p in problems)


def exact(leaf: Leaf) -> bool:
    """Whether JSON Schema expresses all of a setting's checks (else some stay check-only)."""
    if leaf.schema is not None:
        return leaf.check is None and leaf.each is None
    return all(SCHEMA_OF.get(f) != {} for f in (leaf.accepts, leaf.check, leaf.each) if f is not None)


# ---- the shipped file and the command -------------------------------------------------------------


def test_the_shipped_schema_is_what_the_spec_generates() -> None:
    assert SCHEMA_FILE.read_text(encoding="utf-8") == render(), (
        "policies/config.schema.json is stale: run  python -m elicitguard schema -o policies/config.schema.json")


def test_the_schema_is_a_valid_draft_7_schema() -> None:
    jsonschema.Draft7Validator.check_schema(json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def test_the_example_config_names_the_shipped_schema_for_editors() -> None:
    first = EXAMPLE.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, first
    assert (EXAMPLE.parent / match.group(1)).resolve() == SCHEMA_FILE.resolve()


def test_elicitguard_schema_prints_the_shipped_schema(child_env: dict[str, str], tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "elicitguard", "schema"], capture_output=True, text=True,
                          timeout=WAIT, env=child_env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == SCHEMA_FILE.read_text(encoding="utf-8")
    out = tmp_path / "s.json"
    done = subprocess.run([sys.executable, "-m", "elicitguard", "schema", "-o", str(out)], capture_output=True,
                          text=True, timeout=WAIT, env=child_env, check=False)
    assert done.returncode == 0, done.stderr
    assert out.read_text(encoding="utf-8") == done.stdout + SCHEMA_FILE.read_text(encoding="utf-8")


def test_a_setting_the_generator_cannot_describe_is_an_error_not_a_hole() -> None:
    odd = Section({"ratio": Leaf("a ratio", lambda v: isinstance(v, float))})
    with pytest.raises(SchemaGap, match="ratio"):
        node_schema(odd)
    # ...unless the Leaf says what it is.
    described = Section({"ratio": Leaf("a ratio", lambda v: isinstance(v, float), schema={"type": "number"})})
    assert node_schema(described)["properties"]["ratio"]["type"] == "number"


# ---- config.example.yaml --------------------------------------------------------------------------


def example() -> dict[str, Any]:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def keys_of(data: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield path + (key,)
            yield from keys_of(value, path + (key,))


def schema_at(path: tuple[str, ...]) -> dict[str, Any] | None:
    node: Any = generate()
    for key in path:
        if key in node.get("properties", {}):
            node = node["properties"][key]
        elif isinstance(node.get("additionalProperties"), dict):
            node = node["additionalProperties"]
        else:
            return None
    assert isinstance(node, dict)
    return node


def test_check_and_the_schema_both_accept_the_example_config() -> None:
    load_config_text(EXAMPLE.read_text(encoding="utf-8"), str(EXAMPLE))
    VALIDATOR.validate(example())


def test_every_key_of_the_example_config_is_in_the_schema() -> None:
    paths = list(keys_of(example()))
    assert len(paths) > 20
    missing = [".".join(p) for p in paths if schema_at(p) is None]
    assert not missing


def test_every_setting_of_the_spec_is_documented_in_the_example_config() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    written = {".".join(p[:1] + ("demo",) + p[2:] if p[:1] == ("servers",) and len(p) > 1 else p)
               for p in keys_of(example())}
    undocumented = []
    for path, _ in leaves():
        if ".".join(path) in written:
            continue
        if path[:2] == ("servers", "demo"):
            path = path[2:]  # a server's settings mirror the global ones, documented there
        dotted = ".".join(path)
        if path[-1] == placeholder(path[:-1]) and ".".join(path[:-1]) in written:
            continue  # a free-named mapping (rules) shown with its entries as examples
        # A key shown only as a commented-out example ("# ca_bundle: ...") counts too.
        if dotted not in written and not re.search(rf"^\s*#\s*{re.escape(path[-1])}:", text, re.M):
            undocumented.append(dotted)
    assert not undocumented


def test_each_setting_of_the_example_is_refused_by_both_when_its_type_is_wrong() -> None:
    base = example()
    for path in keys_of(base):
        value: Any = base
        for key in path:
            value = value[key]
        if isinstance(value, dict):
            continue
        wrong: Any = {"a": 1} if not isinstance(value, dict) else 1
        mutated = json.loads(json.dumps(base))
        target = mutated
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = wrong
        ok, problems = check_says(mutated)
        assert not ok and structural(problems), path
        assert not schema_says(mutated), path


# ---- agreement, setting by setting -------------------------------------------------------------------


LEAVES = list(leaves())


@pytest.mark.parametrize(("path", "leaf"), LEAVES, ids=[".".join(p) for p, _ in LEAVES])
def test_check_and_the_schema_agree_on_every_value_of_a_setting(path: tuple[str, ...], leaf: Leaf) -> None:
    disagreements = []
    for value in POOL:
        config = with_widen(path, nest(path, value))
        ok, problems = check_says(config)
        valid = schema_says(config)
        if ok and not valid:
            disagreements.append(f"{value!r}: check accepts, the schema rejects")
        elif not ok and structural(problems) and valid:
            disagreements.append(f"{value!r}: check rejects ({problems[0]}), the schema accepts")
        elif not ok and exact(leaf) and valid:
            disagreements.append(f"{value!r}: check rejects ({problems[0]}), the schema accepts")
    assert not disagreements
    # The table reaches both outcomes for every setting, so the agreement is not vacuous.
    outcomes = {check_says(with_widen(path, nest(path, v)))[0] for v in POOL}
    assert outcomes == {True, False}


@pytest.mark.parametrize("path", list(sections()), ids=[".".join(p) or "(top)" for p in sections()])
def test_an_unknown_key_is_refused_by_both_in_every_section(path: tuple[str, ...]) -> None:
    config = nest(path, {"no_such_key": True}) if path else {"no_such_key": True}
    ok, problems = check_says(config)
    assert not ok and any("unknown key" in p for p in problems)
    assert not schema_says(config)


@pytest.mark.parametrize("path", [p for p in sections() if p], ids=[".".join(p) for p in sections() if p])
def test_a_section_that_is_empty_passes_and_one_that_is_a_scalar_fails_both(path: tuple[str, ...]) -> None:
    assert check_says(nest(path, None))[0] and schema_says(nest(path, None))
    assert not check_says(nest(path, 3))[0] and not schema_says(nest(path, 3))
    assert not check_says(nest(path, ["x"]))[0] and not schema_says(nest(path, ["x"]))


def test_an_integral_float_is_the_one_gap_the_schema_cannot_close() -> None:
    # JSON (and so every editor's validator) has one number type: 8931.0 is the integer 8931 to it.
    config = nest(("limits", "max_message_bytes"), 1024.0)
    assert not check_says(config)[0]
    assert schema_says(config)


# ---- lists of sections: team rules (policy.form.rules) ---------------------------------------------


@pytest.mark.parametrize(("rule", "accepted"), [
    ({"id": "team.badge", "terms": ["badge number"]}, True),
    ({"id": "team.badge", "fields": ["badge_pin"], "concept": "pin"}, True),
    ({"id": "team.badge", "patterns": ["badge\\s*secret"]}, True),
    ({"terms": ["badge number"]}, False),                       # no id
    ({"id": "team.badge", "terms": "badge"}, False),            # terms must be a list
    ({"id": "team.badge", "terms": ["x"], "colour": "red"}, False),  # unknown key
    ({"id": "response.mine", "terms": ["x"]}, False),           # the response scanner's prefix
    ({"id": "bad id!", "terms": ["x"]}, False),
])
def test_check_and_the_schema_agree_on_a_team_rule_entry(rule: dict[str, Any], accepted: bool) -> None:
    config = {"policy": {"form": {"rules": [rule]}}}
    assert check_says(config)[0] is accepted
    assert schema_says(config) is accepted
