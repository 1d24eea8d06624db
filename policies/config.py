"""YAML policy loading: validated against a declarative spec, compiled once into frozen objects.

Every mistake is reported with its file, line and dotted key. Unknown keys, wrong types and duplicate
keys are errors: a typo must never silently switch a rule off.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Final

import yaml

from elicitguard.policies.domains import DomainPattern, compile_pattern
from elicitguard.policies.envelope import DEFAULT_MAX_MESSAGE_BYTES
from elicitguard.policies.urls import UrlRules

MODES: Final = ("form", "url")
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
    """A scalar or list setting: a type check plus an optional extra check."""

    describe: str
    accepts: Callable[[Any], bool]
    check: Check | None = None
    # Checked per list item, so an error points at the item's own line.
    each: Check | None = None


@dataclass(frozen=True)
class Section:
    """A mapping with fixed keys."""

    keys: dict[str, Node]


@dataclass(frozen=True)
class Named:
    """A mapping from free names to one kind of section (e.g. ``servers``)."""

    value: Node


Node = Leaf | Section | Named


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_pos_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _is_pos_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0


def _str_list(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _choice(*options: str) -> Leaf:
    return Leaf(" | ".join(options), lambda v: isinstance(v, str) and v in options)


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


def _check_http_url(v: str) -> str | None:
    if not v.startswith(("http://", "https://")):
        return "expected an http:// or https:// URL"
    return None


POLICY_SPEC: Final = Section({
    "modes": Leaf("a list of modes (form, url)", _str_list, each=_check_mode),
    "unknown_protocol": _choice("block", "allow"),
    "narrow_capabilities": Leaf("true or false", _is_bool),
    "form": Section({
        "block_credentials": Leaf("true or false", _is_bool),
        "allow_fields": Leaf("a list of field names", _str_list),
    }),
    "url": Section({
        "allow_domains": Leaf("a list of host names or *.wildcards", _str_list, each=_check_domain),
        "deny_domains": Leaf("a list of host names or *.wildcards", _str_list, each=_check_domain),
        "allow_http": Leaf("true or false", _is_bool),
        "allow_ports": Leaf("a list of port numbers", lambda v: isinstance(v, list), each=_check_port),
    }),
})

SERVER_SPEC: Final = Section({
    "upstream": Leaf("an http(s) URL", _is_str, _check_http_url),
    "mode": _choice("enforce", "monitor"),
    "on_deny": _choice("error", "decline", "cancel"),
    "policy": POLICY_SPEC,
})

SPEC: Final = Section({
    "mode": _choice("enforce", "monitor"),
    "on_deny": _choice("error", "decline", "cancel"),
    "audit": Section({"path": Leaf("a file path or \"-\" for stderr", _is_str),
                      "hmac_key_file": Leaf("a file path", _is_str)}),
    "stdio": Section({"shutdown_grace": Leaf("a positive number of seconds", _is_pos_num)}),
    "listen": Leaf("HOST:PORT", _is_str, _check_hostport),
    "upstream": Leaf("an http(s) URL", _is_str, _check_http_url),
    "limits": Section({
        "max_message_bytes": Leaf("a positive integer", _is_pos_int),
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
    "policy": POLICY_SPEC,
    "servers": Named(SERVER_SPEC),
})


# ---- walking YAML nodes with their line numbers ----------------------------------------------------


class _Walker:
    def __init__(self, source: str, loader: yaml.SafeLoader) -> None:
        self.source = source
        self.loader = loader
        self.problems: list[str] = []

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
            value = self.walk(value_node, child, _join(path, key))
            if value is not None:
                out[key] = value
        return out


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


@dataclass(frozen=True, slots=True)
class Policy:
    """The compiled elicitation policy for one upstream."""

    modes: frozenset[str] = frozenset(MODES)
    form: FormPolicy = FormPolicy()
    url: UrlRules = UrlRules()
    unknown_protocol: str = "block"
    narrow_capabilities: bool = False
    mode: str = "enforce"
    on_deny: str = "error"

    @property
    def monitor(self) -> bool:
        return self.mode == "monitor"


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


@dataclass(frozen=True, slots=True)
class Config:
    """The whole compiled configuration."""

    policy: Policy = Policy()
    audit_path: str = "-"
    listen: str = "127.0.0.1:8931"
    upstream: str | None = None
    max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES
    http: HttpSettings = HttpSettings()
    servers: dict[str, ServerEntry] = field(default_factory=dict)
    source: str = "(built-in defaults)"
    audit_hmac_key_file: str | None = None
    stdio_shutdown_grace: float = 2.0

    def policy_for(self, server: str | None) -> Policy:
        """The policy for a named server, falling back to the global one."""
        if server is not None and server in self.servers:
            return self.servers[server].policy
        return self.policy


def _patterns(entries: list[str]) -> tuple[DomainPattern, ...]:
    return tuple(compile_pattern(e) for e in entries)


def _compile_policy(base: Policy, raw: dict[str, Any], mode: str | None, on_deny: str | None) -> Policy:
    form_raw = raw.get("form", {})
    url_raw = raw.get("url", {})
    form = FormPolicy(
        block_credentials=form_raw.get("block_credentials", base.form.block_credentials),
        allow_fields=frozenset(f.casefold() for f in form_raw["allow_fields"]) if "allow_fields" in form_raw else base.form.allow_fields,
    )
    url = UrlRules(
        allow_domains=_patterns(url_raw["allow_domains"]) if "allow_domains" in url_raw else base.url.allow_domains,
        deny_domains=_patterns(url_raw["deny_domains"]) if "deny_domains" in url_raw else base.url.deny_domains,
        allow_http=url_raw.get("allow_http", base.url.allow_http),
        allow_ports=frozenset(url_raw["allow_ports"]) if "allow_ports" in url_raw else base.url.allow_ports,
    )
    return replace(
        base,
        modes=frozenset(raw["modes"]) if "modes" in raw else base.modes,
        form=form,
        url=url,
        unknown_protocol=raw.get("unknown_protocol", base.unknown_protocol),
        narrow_capabilities=raw.get("narrow_capabilities", base.narrow_capabilities),
        mode=mode or base.mode,
        on_deny=on_deny or base.on_deny,
    )


def load_config_text(text: str, source: str = "<config>") -> Config:
    """Validate and compile a YAML config; raises ConfigError listing every problem."""
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
        return Config(source=source)
    walker = _Walker(source, loader)
    raw = walker.walk(root, SPEC, "")
    if walker.problems:
        raise ConfigError(walker.problems)
    assert isinstance(raw, dict)
    policy = _compile_policy(Policy(), raw.get("policy", {}), raw.get("mode"), raw.get("on_deny"))
    servers = {
        name: ServerEntry(name, entry.get("upstream"), _compile_policy(policy, entry.get("policy", {}), entry.get("mode"), entry.get("on_deny")))
        for name, entry in raw.get("servers", {}).items()
    }
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
    return Config(
        policy=policy,
        audit_path=raw.get("audit", {}).get("path", "-"),
        listen=raw.get("listen", "127.0.0.1:8931"),
        upstream=raw.get("upstream"),
        max_message_bytes=raw.get("limits", {}).get("max_message_bytes", DEFAULT_MAX_MESSAGE_BYTES),
        http=http,
        servers=servers,
        source=source,
        audit_hmac_key_file=raw.get("audit", {}).get("hmac_key_file"),
        stdio_shutdown_grace=float(raw.get("stdio", {}).get("shutdown_grace", 2.0)),
    )


def load_config(path: str | None) -> Config:
    """Load a config file, or the built-in defaults when ``path`` is None."""
    if path is None:
        return Config()
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError([f"{path}: cannot read config: {exc}"]) from None
    return load_config_text(text, path)
