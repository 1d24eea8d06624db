"""YAML policy loading: validated against a declarative spec, compiled once into frozen objects.

Every mistake is reported with its file, line and dotted key. Unknown keys, wrong types and duplicate
keys are errors: a typo must never silently switch a rule off.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Final

import yaml

from elicitguard.policies.domains import DomainPattern, compile_pattern
from elicitguard.policies.effective import defaults_version, digest
from elicitguard.policies.envelope import DEFAULT_MAX_MESSAGE_BYTES
from elicitguard.policies.limits import DEFAULT_LIMITS, Limits
from elicitguard.policies.merge import LIMIT_KEYS, WIDENABLE, check_widen_key, merge_server
from elicitguard.policies.response_scan import RESPONSE_RULES
from elicitguard.policies.rules import ACTIONS, RuleError, check_entry, monitored_rules
from elicitguard.policies.teamrules import CONCEPTS, RULE_ID, TeamRules, compile_rule, pattern_problem, term_problem
from elicitguard.policies.urls import UrlRules

MODES: Final = ("form", "url")
LOG_LEVELS: Final = ("debug", "info", "warning", "error")
# reload.watch looks at the config file this often (seconds): bounded both ways, so a typo can neither
# spin a core nor leave a change unseen for days.
MIN_RELOAD_INTERVAL: Final = 0.1
MAX_RELOAD_INTERVAL: Final = 3600.0
DEFAULT_RELOAD_INTERVAL: Final = 2.0
DEFAULT_AUDIT_MAX_REPEATS: Final = 20  # see proxy.audit_budget
# The raw HTTP relay's bounds on its client connections (limits.max_connections, limits.max_buffered_bytes).
DEFAULT_MAX_CONNECTIONS: Final = 1024
BUFFERED_MESSAGES: Final = 2  # max_buffered_bytes defaults to this many max_message_bytes
DEFAULT_SESSION_MAX_AGE: Final = 24 * 3600.0  # sessions.max_age
KNOWN_PROTOCOLS: Final = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28")


class ConfigError(ValueError):
    """A config that cannot be used; ``problems`` lists each mistake with its line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


# ---- the declarative spec -------------------------------------------------------------------------

Check = Callable[[Any], str | None]


@dataclass(frozen=True)
class Leaf:
    """A scalar or list setting: a type check plus an optional extra check.

    ``policies.schema`` turns the spec into a JSON Schema: a Leaf's fragment is ``schema`` when
    given, else what ``SCHEMA_OF`` says for its ``accepts``, ``check`` and ``each`` functions.
    """

    describe: str
    accepts: Callable[[Any], bool]
    check: Check | None = None
    # Checked per list item, so an error points at the item's own line.
    each: Check | None = None
    # JSON Schema fragment for a predicate SCHEMA_OF does not know (e.g. a lambda).
    schema: Mapping[str, Any] | None = None
    doc: str = ""


@dataclass(frozen=True)
class Section:
    """A mapping with fixed keys; ``required`` keys must be there, ``check`` sees the whole mapping."""

    keys: dict[str, Node]
    doc: str = ""
    required: tuple[str, ...] = ()
    check: Check | None = None


@dataclass(frozen=True)
class ListOf:
    """A list of sections (e.g. ``policy.form.rules``); ``unique`` names a key no two items may share."""

    item: Section
    unique: str | None = None
    doc: str = ""


@dataclass(frozen=True)
class Named:
    """A mapping from free names to one kind of section (e.g. ``servers``)."""

    value: Node
    doc: str = ""


Node = Leaf | Section | Named | ListOf


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_pos_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _is_pos_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


def _is_fraction(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v < 1


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_amount(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v >= 0


def _is_reload_interval(v: Any) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            and MIN_RELOAD_INTERVAL <= v <= MAX_RELOAD_INTERVAL)


def _str_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_list(v: Any) -> bool:
    return isinstance(v, list)


def _choice(*options: str) -> Leaf:
    return Leaf(" | ".join(options), lambda v: isinstance(v, str) and v in options, schema={"enum": list(options)})


def _check_mode(v: str) -> str | None:
    return None if v in MODES else f"unknown mode {v!r}; modes are {list(MODES)}"


def _check_domain(entry: str) -> str | None:
    try:
        compile_pattern(entry)
    except ValueError as exc:
        return f"{entry!r}: {exc}"
    return None


def _check_port(p: Any) -> str | None:
    ok = isinstance(p, int) and not isinstance(p, bool) and 0 < p < 65536
    return None if ok else f"ports must be integers 1-65535, got {p!r}"


def _check_hostport(v: str) -> str | None:
    host, sep, port = v.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        return "expected HOST:PORT, e.g. 127.0.0.1:8931"
    return None


def _check_admin_listen(v: str) -> str | None:
    # ":PORT" listens on loopback: the admin endpoints have no authentication. Port 0 picks a free
    # port (the "admin listening on" line names it).
    host, sep, port = ("127.0.0.1" + v if v.startswith(":") else v).rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 <= int(port) < 65536:
        return "expected HOST:PORT or :PORT, e.g. 127.0.0.1:9090"
    return None


def _check_http_url(v: str) -> str | None:
    if not v.startswith(("http://", "https://")):
        return "expected an http:// or https:// URL"
    return None


def _check_rule_id(v: str) -> str | None:
    if not RULE_ID.match(v):
        return f"rule id {v!r} must be letters, digits and . _ : - (at most 100)"
    if v.startswith("response."):
        return "rule ids starting with 'response.' are the response scanner's"
    return None


def _check_rule(rule: dict[str, Any]) -> str | None:
    if not any(rule.get(k) for k in ("terms", "patterns", "fields")):
        return f"rule {rule.get('id')!r} needs at least one of terms, patterns or fields"
    return None


# One entry of policy.form.rules. An "action" key (block | monitor) may join these.
RULE_SPEC: Final = Section({
    "id": Leaf("a rule id", _is_str, _check_rule_id),
    "concept": _choice(*sorted(CONCEPTS)),
    "terms": Leaf("a list of words or phrases", _is_list, each=term_problem),
    "patterns": Leaf("a list of regular expressions", _is_list, each=pattern_problem),
    "fields": Leaf("a list of field names", _str_list),
}, required=("id",), check=_check_rule)


# The JSON Schema each predicate above stands for (``policies.schema`` reads it), so a Leaf built from
# them needs no schema of its own. ``{}``: a check JSON Schema cannot express (it stays check-only).
_PORT = r"0*([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])"
SCHEMA_OF: Final[Mapping[Callable[[Any], object], Mapping[str, Any]]] = {
    _is_str: {"type": "string"},
    _is_bool: {"type": "boolean"},
    _is_pos_int: {"type": "integer", "exclusiveMinimum": 0},
    _is_pos_num: {"type": "number", "exclusiveMinimum": 0},
    _is_list: {"type": "array"},
    _str_list: {"type": "array", "items": {"type": "string"}},
    _check_mode: {"enum": list(MODES)},
    _check_domain: {},  # the Public Suffix List and IDNA rules
    _check_port: {"type": "integer", "minimum": 1, "maximum": 65535},
    _check_hostport: {"pattern": rf"^[\s\S]+:{_PORT}$"},
    _check_admin_listen: {"pattern": rf"^[\s\S]*:(0+|{_PORT})$"},
    _check_http_url: {"pattern": "^https?://"},
    _is_count: {"type": "integer", "minimum": 0},
    _is_fraction: {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
    _is_amount: {"type": "number", "minimum": 0},
    term_problem: {"type": "string"},
    pattern_problem: {"type": "string"},  # that it compiles and matches something: check only
    _check_rule_id: {"type": "string", "pattern": r"^(?!response\.)[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$"},
}

POLICY_SPEC: Final = Section({
    "modes": Leaf("a list of modes (form, url)", _str_list, each=_check_mode),
    "unknown_protocol": _choice("block", "allow"),
    "narrow_capabilities": Leaf("true or false", _is_bool),
    "require_client_request": Leaf("true or false", _is_bool),
    # Rule ids (and 'PREFIX.*' globs) to block | monitor; the ids are checked once the whole file is read.
    "rules": Named(_choice(*ACTIONS)),
    "limits": Section({
        "elicitations_per_minute": Leaf("a number >= 0 (0 = no limit)", _is_amount),
        "elicitation_burst": Leaf("a positive integer", _is_pos_int),
        "server_elicitations_per_minute": Leaf("a number >= 0 (0 = no limit)", _is_amount),
        "server_elicitation_burst": Leaf("a positive integer", _is_pos_int),
        "max_pending": Leaf("an integer >= 0 (0 = no limit)", _is_count),
        "pending_timeout": Leaf("a number of seconds >= 0 (0 = no timeout)", _is_amount),
    }),
    "form": Section({
        "block_credentials": Leaf("true or false", _is_bool),
        "allow_fields": Leaf("a list of field names", _str_list),
        "rules": ListOf(RULE_SPEC, unique="id"),
        # The learned model (policies/classifier.py), a second signal after the word lists.
        "classifier": Leaf("true or false", _is_bool),
        "classifier_threshold": Leaf("a number between 0 and 1 (exclusive)", _is_fraction),
    }),
    "response": Section({
        "scan": Leaf("true or false", _is_bool),
        "detectors": Section({rule: Leaf("true or false", _is_bool) for rule in RESPONSE_RULES}),
    }),
    "url": Section({
        "allow_domains": Leaf("a list of host names or *.wildcards", _str_list, each=_check_domain),
        "deny_domains": Leaf("a list of host names or *.wildcards", _str_list, each=_check_domain),
        "allow_http": Leaf("true or false", _is_bool),
        "allow_ports": Leaf("a list of port numbers", _is_list, each=_check_port),
    }),
})

SERVER_SPEC: Final = Section({
    "upstream": Leaf("an http(s) URL", _is_str, _check_http_url),
    "mode": _choice("enforce", "monitor"),
    "on_deny": _choice("error", "decline", "cancel"),
    "policy": POLICY_SPEC,
    "widen": Leaf("a list of the keys this server loosens", _str_list, each=check_widen_key,
                  schema={"type": "array", "items": {"enum": list(WIDENABLE)}}),
})

SPEC: Final = Section({
    "mode": _choice("enforce", "monitor"),
    "on_deny": _choice("error", "decline", "cancel"),
    "audit": Section({"path": Leaf("a file path or \"-\" for stderr", _is_str),
                      "hmac_key_file": Leaf("a file path", _is_str),
                      "max_repeats": Leaf("a whole number, 0 or more", _is_count)}),
    "stdio": Section({"shutdown_grace": Leaf("a positive number of seconds", _is_pos_num)}),
    "mrtr": Section({"state_key_file": Leaf("a file path", _is_str),
                     "max_rounds": Leaf("a positive integer", _is_pos_int)}),
    "listen": Leaf("HOST:PORT", _is_str, _check_hostport),
    "upstream": Leaf("an http(s) URL", _is_str, _check_http_url),
    "limits": Section({
        "max_message_bytes": Leaf("a positive integer", _is_pos_int),
        "max_connections": Leaf("a positive integer", _is_pos_int),
        "max_buffered_bytes": Leaf("a positive integer", _is_pos_int),
    }),
    "sessions": Section({
        "max_age": Leaf("a positive number of seconds", _is_pos_num),
    }),
    "http": Section({
        "allowed_hosts": Leaf("a list of Host header values", _str_list),
        "allowed_origins": Leaf("a list of origins", _str_list),
        "connect_timeout": Leaf("a positive number of seconds", _is_pos_num),
        "read_timeout": Leaf("a positive number of seconds", _is_pos_num),
        "session_idle_timeout": Leaf("a positive number of seconds", _is_pos_num),
        "tls_verify": Leaf("true or false", _is_bool),
        "ca_bundle": Leaf("a file path", _is_str),
    }),
    "admin": Section({
        "listen": Leaf("HOST:PORT (or :PORT for loopback)", _is_str, _check_admin_listen),
    }),
    "reload": Section({
        "watch": Leaf("true or false", _is_bool),
        "interval": Leaf(f"a number of seconds from {MIN_RELOAD_INTERVAL:g} to {MAX_RELOAD_INTERVAL:g}",
                         _is_reload_interval,
                         schema={"type": "number", "minimum": MIN_RELOAD_INTERVAL, "maximum": MAX_RELOAD_INTERVAL}),
    }),
    "log": Section({
        "level": _choice(*LOG_LEVELS),
        "format": _choice("text", "json"),
    }),
    "policy": POLICY_SPEC,
    "servers": Named(SERVER_SPEC),
})


# ---- walking YAML nodes with their line numbers ----------------------------------------------------


class _Walker:
    def __init__(self, source: str, loader: yaml.SafeLoader) -> None:
        self.source = source
        self.loader = loader
        self.problems: list[str] = []
        self.lines: dict[str, int] = {}  # dotted key -> line of the key, for errors found after the walk

    def error(self, node: yaml.Node, path: str, message: str) -> None:
        where = f"{self.source}:{node.start_mark.line + 1}"
        self.problems.append(f"{where}: {path or '(top level)'}: {message}")

    def mapping(self, node: yaml.Node, path: str) -> dict[str, tuple[yaml.Node, yaml.Node]] | None:
        if not isinstance(node, yaml.MappingNode):
            self.error(node, path, "expected a mapping of keys")
            return None
        if node.tag != "tag:yaml.org,2002:map":
            self.error(node, path, f"YAML tag {node.tag!r} is not allowed in a policy")
            return None
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            ok, key = self.construct(key_node, path)
            if not ok:
                continue
            if not isinstance(key, str):
                self.error(key_node, path, f"key {key!r} must be a string")
                continue
            if key in out:
                self.error(key_node, _join(path, key), "duplicate key")
                continue
            out[key] = (key_node, value_node)
        return out

    def construct(self, node: yaml.Node, path: str) -> tuple[bool, Any]:
        """A node's value, refusing custom tags and merge keys (a policy is plain data)."""
        for child in _nodes(node):
            if not child.tag.startswith("tag:yaml.org,2002:") or child.tag == "tag:yaml.org,2002:merge":
                self.error(child, path, f"YAML tag {child.tag!r} is not allowed in a policy")
                return False, None
        try:
            return True, self.loader.construct_object(node, deep=True)
        except yaml.YAMLError as exc:
            self.error(node, path, f"cannot read this value: {getattr(exc, 'problem', exc)}")
            return False, None

    def walk(self, node: yaml.Node, spec: Node, path: str) -> Any:
        if isinstance(spec, Leaf):
            ok, value = self.construct(node, path)
            if not ok:
                return None
            if not spec.accepts(value):
                self.error(node, path, f"expected {spec.describe}, got {_show(value)}")
                return None
            if spec.check is not None:
                problem = spec.check(value)
                if problem:
                    self.error(node, path, problem)
                    return None
            if spec.each is not None and isinstance(node, yaml.SequenceNode):
                bad = False
                for item_node in node.value:
                    problem = spec.each(self.construct(item_node, path)[1])
                    if problem:
                        self.error(item_node, path, problem)
                        bad = True
                if bad:
                    return None
            return value
        if isinstance(spec, ListOf):
            return self.walk_list(node, spec, path)
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return {}
        items = self.mapping(node, path)
        if items is None:
            return None
        out: dict[str, Any] = {}
        for key, (key_node, value_node) in items.items():
            if isinstance(spec, Named):
                child: Node = spec.value
            elif key in spec.keys:
                child = spec.keys[key]
            else:
                close = difflib.get_close_matches(key, list(spec.keys), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else f"; known keys: {', '.join(spec.keys)}"
                self.error(key_node, _join(path, key), f"unknown key{hint}")
                continue
            self.lines[_join(path, key)] = key_node.start_mark.line + 1
            value = self.walk(value_node, child, _join(path, key))
            if value is not None:
                out[key] = value
        if isinstance(spec, Section):
            missing = [k for k in spec.required if k not in items]
            if missing:
                self.error(node, path, f"missing required key(s) {', '.join(missing)}")
                return None
            problem = spec.check(out) if spec.check is not None and len(out) == len(items) else None
            if problem:
                self.error(node, path, problem)
                return None
        return out

    def walk_list(self, node: yaml.Node, spec: ListOf, path: str) -> list[Any] | None:
        if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
            return []
        if not isinstance(node, yaml.SequenceNode) or node.tag != "tag:yaml.org,2002:seq":
            self.error(node, path, "expected a list")
            return None
        out, seen, bad = [], set(), False
        for index, item_node in enumerate(node.value):
            item = self.walk(item_node, spec.item, f"{path}[{index}]")
            if item is None:
                bad = True
                continue
            if spec.unique is not None:
                if item.get(spec.unique) in seen:
                    self.error(item_node, f"{path}[{index}]", f"{spec.unique} {item.get(spec.unique)!r} is used twice")
                    bad = True
                seen.add(item.get(spec.unique))
            out.append(item)
        return None if bad else out


def _nodes(node: yaml.Node) -> list[yaml.Node]:
    """A node and everything under it."""
    out = [node]
    if isinstance(node, yaml.SequenceNode):
        for child in node.value:
            out += _nodes(child)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            out += _nodes(key) + _nodes(value)
    return out


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _show(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) < 40 else text[:37] + '...'}"


# ---- the compiled configuration --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FormPolicy:
    block_credentials: bool = True
    allow_fields: frozenset[str] = frozenset()
    rules: TeamRules = TeamRules()
    classifier: bool = True
    classifier_threshold: float | None = None  # None: the threshold shipped with the model


@dataclass(frozen=True, slots=True)
class ResponsePolicy:
    """``policy.response``: secrets in what the client sends back are withheld from the server."""

    scan: bool = True
    disabled: frozenset[str] = frozenset()  # response.* rules switched off


@dataclass(frozen=True, slots=True)
class Policy:
    """The compiled elicitation policy for one upstream."""

    modes: frozenset[str] = frozenset(MODES)
    form: FormPolicy = FormPolicy()
    response: ResponsePolicy = ResponsePolicy()
    url: UrlRules = UrlRules()
    unknown_protocol: str = "block"
    narrow_capabilities: bool = False
    mode: str = "enforce"
    on_deny: str = "error"
    # policy.rules as written (pattern -> action), and the rule ids it sets to monitor.
    rule_actions: tuple[tuple[str, str], ...] = ()
    monitored: frozenset[str] = frozenset()
    limits: Limits = DEFAULT_LIMITS
    require_client_request: bool = False

    @property
    def monitor(self) -> bool:
        return self.mode == "monitor"

    def monitors(self, rule: str) -> bool:
        """Whether a hit of ``rule`` is only audited (``would_deny``): the whole policy, or this rule."""
        return self.mode == "monitor" or rule in self.monitored


# The policy_version of the built-in defaults (no config file).
DEFAULT_VERSION: Final = defaults_version(Policy())


@dataclass(frozen=True, slots=True)
class HttpSettings:
    allowed_hosts: tuple[str, ...] = ()
    allowed_origins: tuple[str, ...] = ()
    connect_timeout: float = 10.0
    read_timeout: float = 300.0
    session_idle_timeout: float = 3600.0
    tls_verify: bool = True
    ca_bundle: str | None = None


@dataclass(frozen=True, slots=True)
class ServerEntry:
    name: str
    upstream: str | None
    policy: Policy
    widened: tuple[str, ...] = ()  # keys listed under servers.NAME.widen that do loosen the global policy


class UnknownServer(KeyError):
    """A server name that is not under ``servers:``."""

    def __init__(self, name: str, known: list[str]) -> None:
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        listed = ", ".join(known) if known else "none"
        super().__init__(f"no server named {name!r} under servers:{hint}; servers: {listed}")
        self.message = str(self.args[0])

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Config:
    """The whole compiled configuration."""

    policy: Policy = Policy()
    audit_path: str = "-"
    listen: str = "127.0.0.1:8931"
    upstream: str | None = None
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    # The raw HTTP relay's client connections: how many may be open, and how many bytes their unfinished
    # request bodies may hold in all beyond a small reserve each (None: BUFFERED_MESSAGES x max_message_bytes).
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_buffered_bytes: int | None = None
    # Seconds a sealed (eg-s1.) session id can rebuild a session after it was issued.
    session_max_age: float = DEFAULT_SESSION_MAX_AGE
    http: HttpSettings = HttpSettings()
    servers: dict[str, ServerEntry] = field(default_factory=dict)
    source: str = "(built-in defaults)"
    # Audited on every line: a hash of the config file's bytes, or of the built-in defaults.
    version: str = DEFAULT_VERSION
    warnings: tuple[str, ...] = ()  # not errors, but worth a look (``elicitguard check`` prints them)
    audit_hmac_key_file: str | None = None
    # Identical refusals (session, event, decision, rules) written in full before they are only
    # counted (audit.suppressed); 0: every one written.
    audit_max_repeats: int = DEFAULT_AUDIT_MAX_REPEATS
    stdio_shutdown_grace: float = 2.0
    # Signs the MRTR bookkeeping carried in requestState; None: a random key per process (one replica).
    mrtr_state_key_file: str | None = None
    # Rounds the proxy completes itself when it declined every input request of a result.
    mrtr_max_rounds: int = 3
    admin_listen: str | None = None  # HOST:PORT of /healthz, /readyz, /metrics; None: no admin listener
    reload_watch: bool = False
    reload_interval: float = DEFAULT_RELOAD_INTERVAL
    log_level: str = "info"
    log_format: str = "text"

    @property
    def buffered_bytes(self) -> int:
        """limits.max_buffered_bytes, never below one message of the largest size allowed."""
        if self.max_buffered_bytes is None:
            return BUFFERED_MESSAGES * self.max_message_bytes
        return max(self.max_buffered_bytes, self.max_message_bytes)

    def policy_for(self, server: str | None) -> Policy:
        """The policy for a named server (None: the global policy); raises UnknownServer for a name
        not under ``servers:``, so a typo never silently falls back to the global policy."""
        if server is None:
            return self.policy
        if server not in self.servers:
            raise UnknownServer(server, sorted(self.servers))
        return self.servers[server].policy


def _patterns(entries: list[str]) -> tuple[DomainPattern, ...]:
    return tuple(compile_pattern(e) for e in entries)


def team_rule_ids(raw: dict[str, Any]) -> frozenset[str]:
    """Ids of the team's own rules (``policy.form.rules[].id``) in one raw policy section."""
    form = raw.get("form")
    rules = form.get("rules", ()) if isinstance(form, dict) else ()
    return frozenset(r["id"] for r in rules if isinstance(r, dict) and isinstance(r.get("id"), str))


def _compile_policy(base: Policy, raw: dict[str, Any], mode: str | None, on_deny: str | None,
                    team_rules: frozenset[str] = frozenset()) -> Policy:
    """``raw`` compiled over ``base``: every key it sets replaces base's value (merging is merge.py's job)."""
    form_raw = raw.get("form", {})
    url_raw = raw.get("url", {})
    limits_raw = raw.get("limits", {})
    # A server's team rules add to the global ones (their ids are checked apart from the global list).
    rules = base.form.rules.rules + tuple(compile_rule(r) for r in form_raw.get("rules", ()))
    response_raw = raw.get("response", {})
    switches = response_raw.get("detectors", {})
    form = FormPolicy(
        block_credentials=form_raw.get("block_credentials", base.form.block_credentials),
        allow_fields=frozenset(f.casefold() for f in form_raw["allow_fields"]) if "allow_fields" in form_raw else base.form.allow_fields,
        rules=TeamRules.build(rules) if "rules" in form_raw else base.form.rules,
        classifier=form_raw.get("classifier", base.form.classifier),
        classifier_threshold=(float(form_raw["classifier_threshold"]) if "classifier_threshold" in form_raw
                              else base.form.classifier_threshold),
    )
    response = ResponsePolicy(
        scan=response_raw.get("scan", base.response.scan),
        disabled=(base.response.disabled | {k for k, on in switches.items() if not on}) - {k for k, on in switches.items() if on},
    )
    url = UrlRules(
        allow_domains=_patterns(url_raw["allow_domains"]) if "allow_domains" in url_raw else base.url.allow_domains,
        deny_domains=_patterns(url_raw["deny_domains"]) if "deny_domains" in url_raw else base.url.deny_domains,
        allow_http=url_raw.get("allow_http", base.url.allow_http),
        allow_ports=frozenset(url_raw["allow_ports"]) if "allow_ports" in url_raw else base.url.allow_ports,
    )
    # A server's entries overlay the global ones, so `credential.password: block` can undo a global glob.
    actions = {**dict(base.rule_actions), **raw.get("rules", {})}
    limits = replace(base.limits, **{k: limits_raw[k] for k in LIMIT_KEYS if k in limits_raw})
    return replace(
        base,
        modes=frozenset(raw["modes"]) if "modes" in raw else base.modes,
        form=form,
        response=response,
        url=url,
        unknown_protocol=raw.get("unknown_protocol", base.unknown_protocol),
        narrow_capabilities=raw.get("narrow_capabilities", base.narrow_capabilities),
        require_client_request=raw.get("require_client_request", base.require_client_request),
        mode=mode or base.mode,
        on_deny=on_deny or base.on_deny,
        rule_actions=tuple(actions.items()),
        monitored=monitored_rules(actions, team_rules),
        limits=limits,
    )


def _check_rules(raw: dict[str, Any], path: str, team_rules: frozenset[str], where: Any) -> list[str]:
    problems = []
    for pattern, action in raw.get("rules", {}).items():
        try:
            check_entry(pattern, action, team_rules)
        except RuleError as exc:
            key = f"{path}.rules.{pattern}"
            problems.append(f"{where(key)}: {key}: {exc}")
    return problems


def load_config_text(text: str, source: str = "<config>", version: str | None = None) -> Config:
    """Validate and compile a YAML config; raises ConfigError listing every problem.

    ``version`` is the hash of the file's bytes when the caller read a file; else the text's.
    """
    version = version or digest(text.encode("utf-8"))
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
    if root is None:
        return Config(source=source, version=version)
    walker = _Walker(source, loader)
    raw = walker.walk(root, SPEC, "")
    if walker.problems:
        raise ConfigError(walker.problems)
    assert isinstance(raw, dict)

    def where(key: str) -> str:
        return f"{source}:{walker.lines.get(key, 0)}"

    global_raw = raw.get("policy", {})
    global_team = team_rule_ids(global_raw)
    problems = _check_rules(global_raw, "policy", global_team, where)
    policy = _compile_policy(Policy(), global_raw, raw.get("mode"), raw.get("on_deny"), global_team)
    servers: dict[str, ServerEntry] = {}
    warnings: list[str] = []
    for name, entry in raw.get("servers", {}).items():
        server_raw = entry.get("policy", {})
        team = global_team | team_rule_ids(server_raw)
        problems += _check_rules(server_raw, f"servers.{name}.policy", team, where)
        own = _compile_policy(policy, server_raw, entry.get("mode"), entry.get("on_deny"), team)
        merged, widened, found, noted = merge_server(name, policy, own, entry, where)
        problems += found
        warnings += noted
        servers[name] = ServerEntry(name, entry.get("upstream"), merged, widened)
    problems += [f"{source}: servers.{name}.policy.form.rules: id {rule_id!r} is already a global rule"
                 for name, entry in servers.items() for rule_id in set(entry.policy.form.rules.ids())
                 if entry.policy.form.rules.ids().count(rule_id) > 1]
    if problems:
        raise ConfigError(problems)
    max_message = raw.get("limits", {}).get("max_message_bytes", DEFAULT_MAX_MESSAGE_BYTES)
    buffered = raw.get("limits", {}).get("max_buffered_bytes")
    if buffered is not None and buffered < max_message:
        # Below it a body of the largest size allowed could never be read: raised to it.
        warnings.append(f"{where('limits.max_buffered_bytes')}: limits.max_buffered_bytes is below "
                        f"limits.max_message_bytes ({max_message}); {max_message} is used")
    http_raw = raw.get("http", {})
    http = HttpSettings(
        allowed_hosts=tuple(http_raw.get("allowed_hosts", ())),
        allowed_origins=tuple(http_raw.get("allowed_origins", ())),
        connect_timeout=float(http_raw.get("connect_timeout", 10.0)),
        read_timeout=float(http_raw.get("read_timeout", 300.0)),
        session_idle_timeout=float(http_raw.get("session_idle_timeout", 3600.0)),
        tls_verify=http_raw.get("tls_verify", True),
        ca_bundle=http_raw.get("ca_bundle"),
    )
    admin = raw.get("admin", {}).get("listen")
    admin = "127.0.0.1" + admin if isinstance(admin, str) and admin.startswith(":") else admin
    return Config(
        policy=policy,
        audit_path=raw.get("audit", {}).get("path", "-"),
        listen=raw.get("listen", "127.0.0.1:8931"),
        upstream=raw.get("upstream"),
        max_message_bytes=max_message,
        max_connections=raw.get("limits", {}).get("max_connections", DEFAULT_MAX_CONNECTIONS),
        max_buffered_bytes=buffered,
        session_max_age=float(raw.get("sessions", {}).get("max_age", DEFAULT_SESSION_MAX_AGE)),
        http=http,
        servers=servers,
        source=source,
        version=version,
        warnings=tuple(warnings),
        audit_hmac_key_file=raw.get("audit", {}).get("hmac_key_file"),
        audit_max_repeats=raw.get("audit", {}).get("max_repeats", DEFAULT_AUDIT_MAX_REPEATS),
        stdio_shutdown_grace=float(raw.get("stdio", {}).get("shutdown_grace", 2.0)),
        mrtr_state_key_file=raw.get("mrtr", {}).get("state_key_file"),
        mrtr_max_rounds=raw.get("mrtr", {}).get("max_rounds", 3),
        admin_listen=admin,
        reload_watch=raw.get("reload", {}).get("watch", False),
        reload_interval=float(raw.get("reload", {}).get("interval", DEFAULT_RELOAD_INTERVAL)),
        log_level=raw.get("log", {}).get("level", "info"),
        log_format=raw.get("log", {}).get("format", "text"),
    )


def load_config(path: str | None) -> Config:
    """Load a config file, or the built-in defaults when ``path`` is None."""
    if path is None:
        return Config()
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([f"{path}: cannot read config: {exc}"]) from None
    # Universal newlines, as reading in text mode would; the version hashes the bytes on disk.
    return load_config_text(text.replace("\r\n", "\n").replace("\r", "\n"), path, digest(data))

