"""Per-server policy: a server entry only tightens the global policy unless it says ``widen``."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.judge import judge_elicitation

BOTH = frozenset({"form", "url"})


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "cfg.yaml")
    return info.value.problems


def url_request(url: str) -> dict[str, Any]:
    return {"mode": "url", "message": "Connect", "url": url, "elicitationId": "e-1"}


def rules_of(text: str, server: str, url: str) -> list[str]:
    policy = load_config_text(text, "cfg.yaml").policy_for(server)
    return [r.rule for r in judge_elicitation(url_request(url), BOTH, policy).reasons]


# ---- deny lists add up -----------------------------------------------------------------------------------

DENY = (
    "policy:\n"
    "  url:\n"
    "    deny_domains: [evil.example.com]\n"
    "servers:\n"
    "  x:\n"
    "    policy:\n"
    "      url:\n"
    "        deny_domains: [worse.example.com]\n"
)


def test_a_globally_denied_host_stays_denied_for_a_server_with_its_own_deny_list() -> None:
    assert rules_of(DENY, "x", "https://evil.example.com/a") == ["url.deny_domain"]


def test_a_servers_deny_list_adds_to_the_global_one() -> None:
    assert rules_of(DENY, "x", "https://worse.example.com/a") == ["url.deny_domain"]
    config = load_config_text(DENY, "cfg.yaml")
    assert [p.source for p in config.policy_for("x").url.deny_domains] == ["evil.example.com", "worse.example.com"]
    # The global policy does not learn the server's entries.
    assert rules_of(DENY, "x", "https://worse.example.com/a") != rules_of(DENY + "  y: {}\n", "y",
                                                                          "https://worse.example.com/a")


def test_widening_the_deny_list_replaces_it() -> None:
    text = DENY.replace("  x:\n", "  x:\n    widen: [policy.url.deny_domains]\n")
    config = load_config_text(text, "cfg.yaml")
    assert rules_of(text, "x", "https://evil.example.com/a") == []
    assert config.servers["x"].widened == ("policy.url.deny_domains",)


# ---- allow lists and modes only narrow --------------------------------------------------------------------


def test_a_servers_allow_list_applies_when_the_global_one_allows_any_host() -> None:
    text = "servers:\n  x:\n    policy:\n      url:\n        allow_domains: [example.com]\n"
    assert rules_of(text, "x", "https://example.org/") == ["url.not_allowed_domain"]
    assert rules_of(text, "x", "https://example.com/") == []


def test_a_servers_allow_list_inside_the_global_one_narrows_it() -> None:
    text = ("policy:\n  url:\n    allow_domains: [\"*.example.com\", example.org]\n"
            "servers:\n  x:\n    policy:\n      url:\n        allow_domains: [api.example.com, \"*.eu.example.com\"]\n")
    assert rules_of(text, "x", "https://api.example.com/") == []
    assert rules_of(text, "x", "https://a.eu.example.com/") == []
    assert rules_of(text, "x", "https://www.example.com/") == ["url.not_allowed_domain"]
    assert rules_of(text, "x", "https://example.org/") == ["url.not_allowed_domain"]


NARROWING = [
    ("modes", "policy:\n  modes: [form, url]\n", "    policy:\n      modes: [form]\n",
     lambda p: p.modes == frozenset({"form"})),
    ("allow_ports", "policy:\n  url:\n    allow_ports: [443, 8443]\n",
     "    policy:\n      url:\n        allow_ports: [443]\n",
     lambda p: p.url.allow_ports == frozenset({443})),
    ("allow_fields", "policy:\n  form:\n    allow_fields: [nickname, handle]\n",
     "    policy:\n      form:\n        allow_fields: [nickname]\n",
     lambda p: p.form.allow_fields == frozenset({"nickname"})),
    ("allow_http-off", "policy:\n  url:\n    allow_http: true\n",
     "    policy:\n      url:\n        allow_http: false\n",
     lambda p: not p.url.allow_http),
    ("enforce-over-monitor", "mode: monitor\n", "    mode: enforce\n", lambda p: not p.monitor),
    ("block-unknown-protocol", "policy:\n  unknown_protocol: allow\n", "    policy:\n      unknown_protocol: block\n",
     lambda p: p.unknown_protocol == "block"),
    ("block-credentials-on", "policy:\n  form:\n    block_credentials: false\n",
     "    policy:\n      form:\n        block_credentials: true\n", lambda p: p.form.block_credentials),
    ("require-client-request", "", "    policy:\n      require_client_request: true\n",
     lambda p: p.require_client_request),
    ("lower-rate", "", "    policy:\n      limits:\n        elicitations_per_minute: 5\n",
     lambda p: p.limits.elicitations_per_minute == 5),
    ("shorter-timeout", "", "    policy:\n      limits:\n        pending_timeout: 30\n",
     lambda p: p.limits.pending_timeout == 30),
    ("block-a-monitored-rule", "policy:\n  rules:\n    credential.*: monitor\n",
     "    policy:\n      rules:\n        credential.password: block\n",
     lambda p: "credential.password" not in p.monitored and "credential.token" in p.monitored),
]


@pytest.mark.parametrize(("base", "server", "holds"), [pytest.param(b, s, h, id=i) for i, b, s, h in NARROWING])
def test_a_server_may_narrow_without_any_marker(base: str, server: str, holds: Any) -> None:
    config = load_config_text(base + "servers:\n  x:\n" + server, "cfg.yaml")
    assert holds(config.policy_for("x"))
    assert config.servers["x"].widened == ()


# ---- widening needs the marker ----------------------------------------------------------------------------

WIDENING = [
    ("policy.url.allow_http", "", "    policy:\n      url:\n        allow_http: true\n",
     "true is looser than the global false"),
    ("policy.url.allow_ports", "", "    policy:\n      url:\n        allow_ports: [443, 8443]\n",
     "8443 not in the global list"),
    ("policy.form.block_credentials", "", "    policy:\n      form:\n        block_credentials: false\n",
     "false is looser than the global true"),
    ("policy.form.allow_fields", "", "    policy:\n      form:\n        allow_fields: [api_key]\n", "api_key not in"),
    ("policy.unknown_protocol", "", "    policy:\n      unknown_protocol: allow\n", "allow is looser"),
    ("mode", "", "    mode: monitor\n", "monitor is looser than the global enforce"),
    ("policy.modes", "policy:\n  modes: [form]\n", "    policy:\n      modes: [form, url]\n",
     "url not in the global list"),
    ("policy.url.allow_domains", "policy:\n  url:\n    allow_domains: [example.com]\n",
     "    policy:\n      url:\n        allow_domains: [\"*.example.com\"]\n", "*.example.com not covered"),
    ("policy.url.allow_domains", "policy:\n  url:\n    allow_domains: [example.com]\n",
     "    policy:\n      url:\n        allow_domains: []\n", "an empty list allows any host"),
    ("policy.url.allow_domains", "policy:\n  url:\n    allow_domains: [\"*.example.com\"]\n",
     "    policy:\n      url:\n        allow_domains: [xn--pple-43d.example.com]\n", "not covered"),
    ("policy.rules", "", "    policy:\n      rules:\n        url.lookalike_host: monitor\n",
     "monitors url.lookalike_host, which the global policy blocks"),
    ("policy.require_client_request", "policy:\n  require_client_request: true\n",
     "    policy:\n      require_client_request: false\n", "false is looser"),
    ("policy.limits.max_pending", "", "    policy:\n      limits:\n        max_pending: 100\n",
     "looser than the global 8"),
    ("policy.limits.pending_timeout", "", "    policy:\n      limits:\n        pending_timeout: 0\n",
     "0 (no limit) is looser than the global 600"),
    ("policy.limits.elicitations_per_minute", "", "    policy:\n      limits:\n        elicitations_per_minute: 0\n",
     "0 (no limit) is looser than the global 30"),
]


@pytest.mark.parametrize(("key", "base", "server", "words"),
                         [pytest.param(*w, id=f"{w[0]}-{n}") for n, w in enumerate(WIDENING)])
def test_loosening_the_global_policy_without_widen_is_an_error_naming_the_key_and_line(
        key: str, base: str, server: str, words: str) -> None:
    text = base + "servers:\n  x:\n    upstream: https://x.example.com/mcp\n" + server
    head = base.count("\n") + 3
    leaf = key.split(".")[-1] + ":"
    line = head + next(n for n, t in enumerate(server.splitlines(), 1) if t.strip().startswith(leaf))
    (found,) = problems(text)
    assert found.startswith(f"cfg.yaml:{line}: servers.x.{key}:"), found
    assert words in found
    assert f"list '{key}' under servers.x.widen" in found


@pytest.mark.parametrize(("key", "base", "server"), [pytest.param(w[0], w[1], w[2], id=f"{w[0]}-{n}")
                                                      for n, w in enumerate(WIDENING)])
def test_the_same_loosening_with_widen_applies_and_is_recorded(key: str, base: str, server: str) -> None:
    text = base + f"servers:\n  x:\n    widen: [{key}]\n" + server
    config = load_config_text(text, "cfg.yaml")
    assert config.servers["x"].widened == (key,)
    assert config.warnings == ()


def test_a_widened_allow_http_really_allows_http_for_that_server_only() -> None:
    text = ("servers:\n  x:\n    widen: [policy.url.allow_http]\n    policy:\n      url:\n        allow_http: true\n"
            "  y: {}\n")
    assert rules_of(text, "x", "http://example.com/") == []
    assert rules_of(text, "y", "http://example.com/") == ["url.scheme"]


def test_widen_naming_a_key_the_server_does_not_set_is_an_error() -> None:
    (found,) = problems("servers:\n  x:\n    widen: [policy.url.allow_http]\n")
    assert found.startswith("cfg.yaml:3: servers.x.widen: lists policy.url.allow_http, which servers.x does not set")


def test_widen_naming_an_unknown_key_suggests_the_right_one() -> None:
    (found,) = problems("servers:\n  x:\n    widen:\n      - policy.url.allow_htp\n")
    assert found.startswith("cfg.yaml:4: servers.x.widen:")
    assert "did you mean 'policy.url.allow_http'" in found


def test_widen_on_a_key_that_does_not_loosen_anything_is_a_warning() -> None:
    config = load_config_text("servers:\n  x:\n    widen: [mode]\n    mode: enforce\n", "cfg.yaml")
    assert config.servers["x"].widened == ()
    assert config.warnings == ("cfg.yaml:3: servers.x.widen: mode is listed but does not loosen the global policy",)


def test_every_loosening_of_one_server_is_reported_at_once() -> None:
    found = problems("servers:\n  x:\n    mode: monitor\n    policy:\n      url:\n        allow_http: true\n")
    assert [f.split(": ")[1] for f in found] == ["servers.x.mode", "servers.x.policy.url.allow_http"]


def test_the_effective_policy_dump_shows_the_merged_values() -> None:
    from elicitguard.policies.effective import policy_dict

    config = load_config_text(DENY, "cfg.yaml")
    dumped = policy_dict(config.policy_for("x"))
    assert dumped["url"]["deny_domains"] == ["evil.example.com", "worse.example.com"]
    assert dumped["mode"] == "enforce" and dumped["modes"] == ["form", "url"]
    assert dumped["limits"]["max_pending"] == 8
