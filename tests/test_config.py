"""Config loading: safe defaults, line-numbered errors with dotted keys, and per-server overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from elicitguard.policies.config import Config, ConfigError, Policy, UnknownServer, load_config, load_config_text
from elicitguard.policies.envelope import DEFAULT_MAX_MESSAGE_BYTES


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "cfg.yaml")
    assert str(info.value) == "\n".join(info.value.problems)
    return info.value.problems


# ---- defaults ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "\n", "# only a comment\n", "---\n"])
def test_an_empty_config_gives_the_safe_built_in_defaults(text: str) -> None:
    config = load_config_text(text, "cfg.yaml")
    policy = config.policy
    assert policy.mode == "enforce" and not policy.monitor
    assert policy.on_deny == "error"
    assert policy.modes == frozenset({"form", "url"})
    assert policy.form.block_credentials is True
    assert policy.form.allow_fields == frozenset()
    assert policy.url.allow_domains == () and policy.url.deny_domains == ()
    assert policy.url.allow_http is False
    assert policy.url.allow_ports == frozenset({443})
    assert policy.unknown_protocol == "block"
    assert policy.narrow_capabilities is False
    assert config.audit_path == "-"
    assert config.listen == "127.0.0.1:8931"
    assert config.upstream is None
    assert config.max_message_bytes == DEFAULT_MAX_MESSAGE_BYTES
    assert config.servers == {}


def test_load_config_without_a_path_gives_the_defaults() -> None:
    assert load_config(None) == Config()


def test_null_sections_mean_defaults() -> None:
    config = load_config_text("policy:\n  form:\n  url:\n", "cfg.yaml")
    assert config.policy == Policy()


def test_a_full_config_is_compiled() -> None:
    config = load_config_text(
        "mode: monitor\n"
        "on_deny: decline\n"
        "audit:\n  path: /var/log/eg.jsonl\n"
        "listen: \"0.0.0.0:9000\"\n"
        "upstream: https://mcp.example.com/mcp\n"
        "limits:\n  max_message_bytes: 1024\n"
        "policy:\n"
        "  modes: [form]\n"
        "  unknown_protocol: allow\n"
        "  narrow_capabilities: true\n"
        "  form:\n    block_credentials: false\n    allow_fields: [API_Key]\n"
        "  url:\n    allow_domains: [example.com, \"*.example.org\"]\n    deny_domains: [evil.example.com]\n"
        "    allow_http: true\n    allow_ports: [443, 8443]\n",
        "cfg.yaml")
    p = config.policy
    assert p.monitor and p.on_deny == "decline" and p.modes == frozenset({"form"})
    assert p.unknown_protocol == "allow" and p.narrow_capabilities
    assert p.form.block_credentials is False and p.form.allow_fields == frozenset({"api_key"})
    assert [d.source for d in p.url.allow_domains] == ["example.com", "*.example.org"]
    assert [d.host for d in p.url.deny_domains] == ["evil.example.com"]
    assert p.url.allow_http and p.url.allow_ports == frozenset({443, 8443})
    assert config.audit_path == "/var/log/eg.jsonl" and config.listen == "0.0.0.0:9000"
    assert config.upstream == "https://mcp.example.com/mcp" and config.max_message_bytes == 1024


def test_the_audit_key_file_and_stdio_grace_are_compiled_with_safe_defaults() -> None:
    assert (Config().audit_hmac_key_file, Config().stdio_shutdown_grace) == (None, 2.0)
    config = load_config_text("audit:\n  hmac_key_file: /etc/eg/audit.key\nstdio:\n  shutdown_grace: 5\n", "cfg.yaml")
    assert (config.audit_hmac_key_file, config.stdio_shutdown_grace) == ("/etc/eg/audit.key", 5.0)


def test_allow_fields_are_stored_case_folded() -> None:
    config = load_config_text("policy:\n  form:\n    allow_fields: [PassWord, ÄPI_KEY]\n", "cfg.yaml")
    assert config.policy.form.allow_fields == frozenset({"password", "äpi_key"})


# ---- errors name file:line and the dotted key ------------------------------------------------------------

ERRORS = [
    ("unknown-key-did-you-mean", "mode: enforce\npolicy:\n  form:\n    block_credential: true\n",
     "cfg.yaml:4: policy.form.block_credential:", "did you mean 'block_credentials'"),
    ("unknown-top-key", "mdoe: monitor\n", "cfg.yaml:1: mdoe:", "did you mean 'mode'"),
    ("unknown-key-no-close-match", "zzz: 1\n", "cfg.yaml:1: zzz:", "known keys"),
    ("unknown-server-key", "servers:\n  gh:\n    mod: monitor\n", "cfg.yaml:3: servers.gh.mod:", "did you mean 'mode'"),
    ("string-yes-for-bool", "policy:\n  form:\n    block_credentials: \"yes\"\n",
     "cfg.yaml:3: policy.form.block_credentials:", "true or false"),
    ("string-false-for-bool", "policy:\n  url:\n    allow_http: \"false\"\n", "cfg.yaml:3: policy.url.allow_http:",
     "true or false"),
    ("int-for-bool", "policy:\n  narrow_capabilities: 1\n", "cfg.yaml:2: policy.narrow_capabilities:", "true or false"),
    ("null-leaf", "mode:\n", "cfg.yaml:1: mode:", "null"),
    ("string-for-list", "policy:\n  url:\n    allow_domains: example.com\n", "cfg.yaml:3: policy.url.allow_domains:",
     "list"),
    ("list-of-ints-for-names", "policy:\n  form:\n    allow_fields: [1, 2]\n", "cfg.yaml:3: policy.form.allow_fields:",
     "list"),
    ("scalar-for-section", "policy: strict\n", "cfg.yaml:1: policy:", "mapping"),
    ("duplicate-top-key", "mode: enforce\nmode: monitor\n", "cfg.yaml:2: mode:", "duplicate key"),
    ("duplicate-nested-key", "policy:\n  url:\n    allow_http: true\n    allow_http: false\n",
     "cfg.yaml:4: policy.url.allow_http:", "duplicate key"),
    ("duplicate-server", "servers:\n  gh: {}\n  gh: {}\n", "cfg.yaml:3: servers.gh:", "duplicate key"),
    ("bad-mode", "mode: enforcing\n", "cfg.yaml:1: mode:", "enforce | monitor"),
    ("bad-server-mode", "servers:\n  gh:\n    mode: audit\n", "cfg.yaml:3: servers.gh.mode:", "enforce | monitor"),
    ("bad-on-deny", "on_deny: reject\n", "cfg.yaml:1: on_deny:", "error | decline | cancel"),
    ("bad-policy-mode", "policy:\n  modes: [form, sms]\n", "cfg.yaml:2: policy.modes:", "sms"),
    ("bad-unknown-protocol", "policy:\n  unknown_protocol: warn\n", "cfg.yaml:2: policy.unknown_protocol:", "block | allow"),
    ("wildcard-com", "policy:\n  url:\n    allow_domains: [\"*.com\"]\n", "cfg.yaml:3: policy.url.allow_domains:",
     "public suffix"),
    ("wildcard-co-uk-deny", "policy:\n  url:\n    deny_domains:\n      - \"*.co.uk\"\n",
     "cfg.yaml:4: policy.url.deny_domains:", "public suffix"),
    ("wildcard-github-io-server", "servers:\n  gh:\n    policy:\n      url:\n        allow_domains: [\"*.github.io\"]\n",
     "cfg.yaml:5: servers.gh.policy.url.allow_domains:", "public suffix"),
    ("domain-with-scheme", "policy:\n  url:\n    allow_domains: [\"https://example.com\"]\n",
     "cfg.yaml:3: policy.url.allow_domains:", "host name only"),
    ("bad-port", "policy:\n  url:\n    allow_ports: [0]\n", "cfg.yaml:3: policy.url.allow_ports:", "1-65535"),
    ("bool-port", "policy:\n  url:\n    allow_ports: [443, true]\n", "cfg.yaml:3: policy.url.allow_ports:", "1-65535"),
    ("bad-listen-no-port", "listen: localhost\n", "cfg.yaml:1: listen:", "HOST:PORT"),
    ("bad-listen-port-range", "listen: \"127.0.0.1:99999\"\n", "cfg.yaml:1: listen:", "HOST:PORT"),
    ("bad-listen-int", "listen: 8931\n", "cfg.yaml:1: listen:", "HOST:PORT"),
    ("bad-upstream-scheme", "upstream: ftp://example.com/\n", "cfg.yaml:1: upstream:", "http"),
    ("bad-upstream-bare", "upstream: example.com\n", "cfg.yaml:1: upstream:", "http"),
    ("bad-server-upstream", "servers:\n  gh:\n    upstream: ws://x\n", "cfg.yaml:3: servers.gh.upstream:", "http"),
    ("zero-max-bytes", "limits:\n  max_message_bytes: 0\n", "cfg.yaml:2: limits.max_message_bytes:", "positive"),
    ("negative-timeout", "http:\n  read_timeout: -1\n", "cfg.yaml:2: http.read_timeout:", "positive"),
    ("zero-shutdown-grace", "stdio:\n  shutdown_grace: 0\n", "cfg.yaml:2: stdio.shutdown_grace:", "positive"),
    ("list-for-key-file", "audit:\n  hmac_key_file: [a]\n", "cfg.yaml:2: audit.hmac_key_file:", "file path"),
    ("non-string-key", "1: a\n", "cfg.yaml:1: (top level):", "must be a string"),
    ("list-at-top", "- a\n- b\n", "cfg.yaml:1: (top level):", "mapping"),
]


@pytest.mark.parametrize(("text", "prefix", "words"), [pytest.param(t, p, w, id=i) for i, t, p, w in ERRORS])
def test_a_config_mistake_names_the_file_line_and_dotted_key(text: str, prefix: str, words: str) -> None:
    found = problems(text)
    assert len(found) == 1, found
    assert found[0].startswith(prefix), found[0]
    assert words in found[0]


INVALID_YAML = [
    ("unclosed-flow", "policy: [\n"),
    ("mapping-in-scalar", "a: b: c\n"),
    ("tab-indent", "policy:\n\tform: {}\n"),
    ("bad-indent", "policy:\n  form:\n block_credentials: true\n"),
    ("unclosed-quote", "mode: \"enforce\n"),
    ("two-documents", "mode: enforce\n---\nmode: monitor\n"),
]


@pytest.mark.parametrize("text", [pytest.param(t, id=i) for i, t in INVALID_YAML])
def test_invalid_yaml_is_a_config_error_with_the_file_name(text: str) -> None:
    found = problems(text)
    assert len(found) == 1
    assert found[0].startswith("cfg.yaml")
    assert "YAML" in found[0] or "document" in found[0]


def test_invalid_yaml_names_the_line() -> None:
    (found,) = problems("mode: enforce\npolicy:\n  form: [\n")
    assert found.startswith("cfg.yaml:4:") or found.startswith("cfg.yaml:3:")


def test_every_mistake_is_reported_not_only_the_first() -> None:
    found = problems("mode: nope\non_deny: maybe\npolicy:\n  form:\n    block_credentials: \"no\"\n")
    assert [f.split(": ")[1] for f in found] == ["mode", "on_deny", "policy.form.block_credentials"]


def test_a_typo_never_silently_switches_a_rule_off() -> None:
    found = problems("policy:\n  form:\n    block_credentails: false\n")
    assert "policy.form.block_credentails" in found[0]


# ---- per-server overrides ---------------------------------------------------------------------------------

SERVERS = (
    "on_deny: decline\n"
    "policy:\n"
    "  modes: [form, url]\n"
    "  form:\n    allow_fields: [nickname]\n"
    "  url:\n    allow_domains: [example.com, github.com, \"*.github.com\"]\n"
    "servers:\n"
    "  github:\n"
    "    upstream: https://gh.example.com/mcp\n"
    "    mode: monitor\n"
    "    widen: [mode]\n"
    "    policy:\n"
    "      modes: [url]\n"
    "      url:\n        allow_domains: [github.com, \"*.github.com\"]\n"
    "  plain: {}\n"
)


def test_a_server_override_merges_over_the_global_policy() -> None:
    config = load_config_text(SERVERS, "cfg.yaml")
    gh = config.policy_for("github")
    assert gh.modes == frozenset({"url"})
    assert [d.source for d in gh.url.allow_domains] == ["github.com", "*.github.com"]
    assert gh.mode == "monitor"
    assert config.servers["github"].widened == ("mode",)
    # Inherited from the global policy.
    assert gh.on_deny == "decline"
    assert gh.form.allow_fields == frozenset({"nickname"})
    assert gh.url.allow_ports == frozenset({443})
    assert config.servers["github"].upstream == "https://gh.example.com/mcp"


def test_a_server_without_overrides_gets_the_global_policy() -> None:
    config = load_config_text(SERVERS, "cfg.yaml")
    assert config.policy_for("plain") == config.policy
    assert config.servers["plain"].widened == ()


def test_no_server_name_means_the_global_policy() -> None:
    config = load_config_text(SERVERS, "cfg.yaml")
    assert config.policy_for(None) is config.policy
    assert config.policy.mode == "enforce"


def test_an_unknown_server_name_is_an_error_never_the_global_policy() -> None:
    config = load_config_text(SERVERS, "cfg.yaml")
    with pytest.raises(UnknownServer, match="did you mean 'github'"):
        config.policy_for("githbu")


def test_a_server_can_tighten_on_deny_back_to_error() -> None:
    config = load_config_text("on_deny: cancel\nservers:\n  s:\n    on_deny: error\n", "cfg.yaml")
    assert config.policy.on_deny == "cancel"
    assert config.policy_for("s").on_deny == "error"


def test_compiled_policies_are_frozen() -> None:
    config = load_config_text("", "cfg.yaml")
    with pytest.raises(AttributeError):
        config.policy.mode = "monitor"  # type: ignore[misc]


# ---- files ------------------------------------------------------------------------------------------------


def test_load_config_reads_a_file_and_names_it_in_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("mode: monitor\n", encoding="utf-8")
    assert load_config(str(good)).policy.monitor
    bad = tmp_path / "bad.yaml"
    bad.write_text("mode: monitor\nmod: x\n", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(str(bad))
    assert info.value.problems[0].startswith(f"{bad}:2: mod:")


def test_a_missing_config_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(str(tmp_path / "absent.yaml"))
