"""Policy test cases (``elicitguard test``): parsed as strictly as the config, judged like the proxy.

A case file is YAML::

    cases:
      - name: a password form is blocked
        form: {message: Sign in, fields: {password: Your password}}
        expect: deny
        rule: credential.password
      - name: the GitHub device flow is allowed for the github server
        server: github
        url: https://github.com/login/device
        expect: allow
      - name: a -32042 error to a look-alike host is refused
        client_modes: [url]
        message: {jsonrpc: "2.0", id: 3, error: {code: -32042, message: Authorize, data: {elicitations: [...]}}}
        expect: deny

Each case has exactly one of ``message`` (one JSON-RPC message written as YAML, or its exact JSON
text as a string), ``form`` (fields and their titles, expanded into an ``elicitation/create``
request) or ``url`` (expanded into a URL-mode request). Unknown keys, wrong types, duplicate keys
and YAML tags are errors with file and line, as in the config.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Final

import yaml

from elicitguard.policies.config import MODES, Config, ConfigError, Leaf, Named, Section, _Walker
from elicitguard.policies.engine import judge_message
from elicitguard.policies.envelope import EnvelopeError, dumps

EXPECTATIONS: Final = ("allow", "deny")


def _json_value(v: Any) -> bool:
    """What a message may hold: JSON data only (YAML dates or non-string keys would not survive)."""
    if v is None or isinstance(v, (str, bool, int)):
        return True
    if isinstance(v, float):
        return v == v and v not in (float("inf"), float("-inf"))
    if isinstance(v, list):
        return all(_json_value(x) for x in v)
    if isinstance(v, dict):
        return all(isinstance(k, str) and _json_value(x) for k, x in v.items())
    return False


def _is_message(v: Any) -> bool:
    return isinstance(v, (str, dict, list))


def _check_json(v: Any) -> str | None:
    if _json_value(v):
        return None
    return "holds a value JSON cannot carry (a YAML date, a non-string key, .nan or .inf?): quote it"


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _modes(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(m, str) and m in MODES for m in v)


def _rules(v: Any) -> bool:
    return isinstance(v, str) or (isinstance(v, list) and bool(v) and all(isinstance(r, str) for r in v))


def _field(v: Any) -> bool:
    return isinstance(v, (str, dict))


CASE_SPEC: Final = Section({
    "name": Leaf("a name for the case", _is_str),
    "message": Leaf("one JSON-RPC message (a mapping written as YAML, or its JSON text)", _is_message, _check_json),
    "form": Section({
        "message": Leaf("the text shown above the form", _is_str),
        "fields": Named(Leaf("a field title, or the field's JSON Schema as a mapping", _field, _check_json)),
    }),
    "url": Leaf("a URL", _is_str),
    "client_modes": Leaf("a list of modes the client declared (form, url)", _modes),
    "server": Leaf("a server name under servers:", _is_str),
    "expect": Leaf("allow | deny", lambda v: v in EXPECTATIONS),
    "rule": Leaf("a rule id, or a list of rule ids", _rules),
})
CARRIERS: Final = ("message", "form", "url")


@dataclass(frozen=True, slots=True)
class Case:
    """One expectation: this message, judged for this client and server, gets this decision."""

    name: str
    where: str  # file:line of the case
    raw: bytes  # the message exactly as the judge sees it
    client_modes: frozenset[str]
    server: str | None
    expect: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """What the judge decided for a case, and whether that is what the case expects."""

    case: Case
    decision: str  # allow | deny
    rules: tuple[str, ...]
    details: tuple[str, ...]

    @property
    def passed(self) -> bool:
        if self.decision != self.case.expect:
            return False
        return all(rule in self.rules for rule in self.case.rules)


def _form_message(form: Mapping[str, Any], number: int) -> dict[str, Any]:
    properties = {name: ({"type": "string", "title": spec} if isinstance(spec, str) else spec)
                  for name, spec in form.get("fields", {}).items()}
    return {"jsonrpc": "2.0", "id": number, "method": "elicitation/create", "params": {
        "mode": "form", "message": form.get("message", "Please fill in this form"),
        "requestedSchema": {"type": "object", "properties": properties}}}


def _url_message(url: str, number: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": number, "method": "elicitation/create", "params": {
        "mode": "url", "message": "Please open this link to continue", "url": url, "elicitationId": f"case-{number}"}}


def load_cases(text: str, source: str, servers: Collection[str]) -> list[Case]:
    """Parse a case file; raises ConfigError listing every mistake with file and line."""
    try:
        loader = yaml.SafeLoader(text)
        try:
            root = loader.get_single_node()
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark is not None else ""
        raise ConfigError([f"{source}{line}: not valid YAML: {getattr(exc, 'problem', exc)}"]) from None
    walker = _Walker(source, loader)
    if root is None:
        raise ConfigError([f"{source}: empty file; expected 'cases:' with a list of cases"])
    top = walker.mapping(root, "")
    items: list[yaml.Node] = []
    if top is not None:
        for key, (key_node, _) in top.items():
            if key != "cases":
                walker.error(key_node, key, "unknown key; a case file has only 'cases'")
        if "cases" not in top:
            walker.error(root, "", "expected 'cases:' with a list of cases")
        else:
            cases_node = top["cases"][1]
            if not isinstance(cases_node, yaml.SequenceNode) or not cases_node.value:
                walker.error(cases_node, "cases", "expected a non-empty list of cases")
            else:
                items = cases_node.value
    cases: list[Case] = []
    names: dict[str, int] = {}
    for number, node in enumerate(items, 1):
        path = f"cases[{number}]"
        before = len(walker.problems)
        raw = walker.walk(node, CASE_SPEC, path)
        if isinstance(raw, dict):
            case = _case(walker, node, path, raw, number, servers, names)
            if case is not None and len(walker.problems) == before:
                cases.append(case)
    if walker.problems:
        raise ConfigError(walker.problems)
    return cases


def _case(walker: _Walker, node: yaml.Node, path: str, raw: dict[str, Any], number: int,
          servers: Collection[str], names: dict[str, int]) -> Case | None:
    """The checks across keys of one case (each key's own value was checked by the walk)."""
    assert isinstance(node, yaml.MappingNode)
    # The keys as written, valid values or not, so one mistake is reported once.
    present = {k.value: k for k, _ in node.value if isinstance(k, yaml.ScalarNode)}
    line = node.start_mark.line + 1
    for key in ("name", "expect"):
        if key not in present:
            walker.error(node, path, f"missing '{key}'")
    carriers = [key for key in CARRIERS if key in present]
    if len(carriers) != 1:
        found = ", ".join(carriers) if carriers else "none"
        walker.error(node, path, f"needs exactly one of {', '.join(CARRIERS)} (found: {found})")
    name = raw.get("name")
    if isinstance(name, str):
        if name in names:
            walker.error(present["name"], f"{path}.name", f"duplicate case name {name!r} (first at line {names[name]})")
        else:
            names[name] = line
    server = raw.get("server")
    if server is not None and server not in servers:
        known = ", ".join(sorted(servers)) or "none in this config"
        walker.error(present["server"], f"{path}.server", f"unknown server {server!r} (servers: {known})")
    if "rule" in raw and raw.get("expect") == "allow":
        walker.error(present["rule"], f"{path}.rule", "a rule is only expected of a denial (expect: deny)")
    if "form" in raw and not raw["form"].get("fields"):
        walker.error(present["form"], f"{path}.form", "expected 'fields:' naming at least one field")
    if len(carriers) != 1 or any(key not in raw for key in ("name", "expect", carriers[0])):
        return None  # reported: here or, for a value of the wrong type, by the walk
    carrier = carriers[0]
    if carrier == "message":
        message = raw["message"]
        data = message.encode("utf-8") if isinstance(message, str) else dumps(message)
    elif carrier == "form":
        data = dumps(_form_message(raw["form"], number))
    else:
        data = dumps(_url_message(raw["url"], number))
    rules = raw.get("rule", ())
    return Case(name=raw["name"], where=f"{walker.source}:{line}", raw=data,
                client_modes=frozenset(raw.get("client_modes", MODES)), server=server, expect=raw["expect"],
                rules=(rules,) if isinstance(rules, str) else tuple(rules))


def run_case(case: Case, config: Config) -> Result:
    """Judge a case's message as the proxy would, with the policy of the case's server."""
    policy = config.policy_for(case.server)
    try:
        decision, decisions = judge_message(case.raw.strip(), case.client_modes, policy, config.max_message_bytes)
    except EnvelopeError as exc:
        # The proxy never forwards what it cannot parse safely: that is a denial with the envelope's rule.
        return Result(case, "deny", (exc.rule,), (exc.detail,))
    reasons = [reason for d in decisions for reason in d.reasons]
    # monitor mode reports would_deny: a case tests what the rules decide, not whether they block.
    verdict = "allow" if decision == "allow" else "deny"
    return Result(case, verdict, tuple(r.rule for r in reasons), tuple(r.detail for r in reasons))

