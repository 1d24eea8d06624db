"""``policy.rules``: one rule at a time set to monitor (audited ``would_deny``, forwarded) or block."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.rules import CONTENT_RULES, PROTOCOL_RULES, monitored_rules

MAX = 1 << 20


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as info:
        load_config_text(text, "cfg.yaml")
    return info.value.problems


def rules(entries: str) -> str:
    return "policy:\n  rules:\n" + "".join(f"    {line}\n" for line in entries.splitlines())


def wire(obj: Any) -> bytes:
    return json.dumps(obj, separators=(", ", ": ")).encode()


def guard(config: str) -> Guard:
    g = Guard(load_config_text(config, "cfg.yaml").policy, MAX)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}}}}))
    g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}}))
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}}))
    return g


def form(**props: Any) -> dict[str, Any]:
    return {"mode": "form", "message": "Please fill this in",
            "requestedSchema": {"type": "object", "properties": props}}


def url(address: str) -> dict[str, Any]:
    return {"mode": "url", "message": "Connect", "url": address, "elicitationId": "e-1"}


def elicit(params: dict[str, Any], rid: int = 9) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "method": "elicitation/create", "params": params})


TEXT = {"type": "string"}


# ---- validation ---------------------------------------------------------------------------------------------

BAD = [
    ("unknown-id", "credential.pasword: monitor", "cfg.yaml:3: policy.rules.credential.pasword:",
     "did you mean 'credential.password'"),
    ("protocol-rule", "mode.undeclared: monitor", "cfg.yaml:3: policy.rules.mode.undeclared:", "always blocks"),
    ("url-malformed", "url.malformed: monitor", "cfg.yaml:3: policy.rules.url.malformed:", "cannot be monitored"),
    ("bad-glob", "url.*.x: monitor", "cfg.yaml:3: policy.rules.url.*.x:", "'PREFIX.*'"),
    ("glob-matching-nothing", "nothing.*: monitor", "cfg.yaml:3: policy.rules.nothing.*:", "matches no rule"),
    ("bad-action", "credential.password: warn", "cfg.yaml:3: policy.rules.credential.password:", "block | monitor"),
]


@pytest.mark.parametrize(("entry", "prefix", "words"), [pytest.param(e, p, w, id=i) for i, e, p, w in BAD])
def test_a_bad_rule_entry_is_a_config_error_naming_the_line(entry: str, prefix: str, words: str) -> None:
    (found,) = problems(rules(entry))
    assert found.startswith(prefix), found
    assert words in found


def test_a_server_rule_entry_is_checked_too() -> None:
    (found,) = problems("servers:\n  x:\n    policy:\n      rules:\n        url.lookalike: block\n")
    assert found.startswith("cfg.yaml:5: servers.x.policy.rules.url.lookalike:")
    assert "did you mean 'url.lookalike_host'" in found


def test_blocking_a_protocol_rule_is_accepted_it_blocks_anyway() -> None:
    assert load_config_text(rules("mode.undeclared: block"), "cfg.yaml").policy.monitored == frozenset()


EXPANSION = [
    ("one-id", {"credential.password": "monitor"}, {"credential.password"}),
    ("glob", {"url.*": "monitor"}, {r for r in CONTENT_RULES if r.startswith("url.")}),
    ("exact-beats-glob", {"url.*": "monitor", "url.deny_domain": "block"},
     {r for r in CONTENT_RULES if r.startswith("url.")} - {"url.deny_domain"}),
    ("longer-glob-wins", {"*": "monitor", "url.*": "block"}, {r for r in CONTENT_RULES if not r.startswith("url.")}),
    ("block-only", {"credential.*": "block"}, set()),
]


@pytest.mark.parametrize(("actions", "expected"), [pytest.param(a, e, id=i) for i, a, e in EXPANSION])
def test_globs_expand_and_the_most_specific_entry_wins(actions: dict[str, str], expected: set[str]) -> None:
    assert monitored_rules(actions) == frozenset(expected)


def test_a_star_glob_never_reaches_protocol_rules() -> None:
    assert not monitored_rules({"*": "monitor"}) & PROTOCOL_RULES


def test_team_rule_ids_can_be_monitored() -> None:
    assert monitored_rules({"acme.*": "monitor"}, ["acme.no_ssn"]) == frozenset({"acme.no_ssn"})


# ---- behaviour --------------------------------------------------------------------------------------------


def test_a_monitored_rule_passes_the_message_untouched_and_audits_would_deny() -> None:
    g = guard(rules("credential.password: monitor"))
    raw = elicit(form(password=TEXT))
    out = g.server_message(raw)
    assert out.forward == raw and out.replies == []
    [decision] = out.decisions
    assert (decision.event, decision.decision) == ("elicitation.denied", "would_deny")
    assert [r.rule for r in decision.reasons] == ["credential.password"]


def test_the_same_message_is_blocked_when_the_rule_blocks() -> None:
    out = guard(rules("credential.token: monitor")).server_message(elicit(form(password=TEXT)))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "credential.password"


def test_a_blocking_rule_on_another_field_still_blocks_and_is_named_first() -> None:
    out = guard(rules("credential.password: monitor")).server_message(elicit(form(password=TEXT, api_key=TEXT)))
    assert out.forward is None
    assert out.replies[0]["error"]["data"]["rule"] == "credential.api_key"
    assert [r.rule for r in out.decisions[0].reasons] == ["credential.api_key", "credential.password"]
    assert out.decisions[0].decision == "deny"


def test_a_monitored_rule_that_fires_first_does_not_hide_a_blocking_one_on_the_same_url() -> None:
    # url.scheme stops the URL checks; with it monitored the rest still run and the deny list blocks.
    config = rules("url.scheme: monitor") + "  url:\n    deny_domains: [evil.example.com]\n"
    out = guard(config).server_message(elicit(url("http://evil.example.com/login")))
    assert out.forward is None
    assert [r.rule for r in out.decisions[0].reasons] == ["url.deny_domain", "url.scheme"]


def test_a_monitored_plain_http_url_to_an_allowed_host_passes() -> None:
    raw = elicit(url("http://example.com/login"))
    out = guard(rules("url.scheme: monitor")).server_message(raw)
    assert out.forward == raw
    assert out.decisions[0].decision == "would_deny"


def test_a_monitored_scheme_rule_still_blocks_a_scheme_that_cannot_be_checked_further() -> None:
    out = guard(rules("url.scheme: monitor")).server_message(elicit(url("javascript:alert(1)")))
    assert out.forward is None
    assert out.decisions[0].decision == "deny"


def test_monitoring_ip_literals_does_not_turn_them_into_internal_hosts() -> None:
    raw = elicit(url("https://192.0.2.7/connect"))
    out = guard(rules("url.ip_literal: monitor")).server_message(raw)
    assert out.forward == raw
    assert [r.rule for r in out.decisions[0].reasons] == ["url.ip_literal"]


def test_a_monitored_mode_rule_does_not_hide_a_credential_request() -> None:
    config = rules("mode.disallowed: monitor") + "  modes: [url]\n"
    out = guard(config).server_message(elicit(form(password=TEXT)))
    assert out.forward is None
    assert [r.rule for r in out.decisions[0].reasons] == ["credential.password", "mode.disallowed"]


def test_a_monitored_field_rule_lets_the_prompt_detectors_run() -> None:
    # The field hit is monitored; the message still asks for an API key to paste into 'notes'.
    params = {"mode": "form", "message": "Paste your API key below", "requestedSchema": {
        "type": "object", "properties": {"password": TEXT, "notes": TEXT}}}
    out = guard(rules("credential.password: monitor")).server_message(elicit(params))
    assert out.forward is None
    assert out.decisions[0].reasons[0].rule == "credential.api_key"


def test_monitored_rules_in_input_required_results_keep_the_entry() -> None:
    g = guard(rules("credential.password: monitor"))
    modern = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
              "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    g.client_message(wire({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                           "params": {"name": "t", "_meta": modern}}))
    raw = wire({"jsonrpc": "2.0", "id": 5, "result": {"resultType": "input_required", "inputRequests": {
        "k": {"method": "elicitation/create", "params": form(password=TEXT)}}, "requestState": "s"}})
    out = g.server_message(raw)
    assert out.forward == raw
    assert [(d.event, d.decision) for d in out.decisions] == [("elicitation.denied", "would_deny")]


def test_monitored_rules_in_a_32042_error_keep_the_url() -> None:
    g = guard(rules("url.lookalike_host: monitor"))
    raw = wire({"jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "auth", "data": {"elicitations": [
        url("https://xn--pple-43d.com/login")]}}})
    out = g.server_message(raw)
    assert out.forward == raw
    assert out.decisions[0].decision == "would_deny"


def test_a_server_can_block_a_rule_the_global_policy_monitors() -> None:
    config = load_config_text(rules("credential.*: monitor") + "servers:\n  x:\n    policy:\n      rules:\n"
                              "        credential.password: block\n", "cfg.yaml")
    g = Guard(config.policy_for("x"), MAX)
    g.state.client_modes = frozenset({"form"})
    out = g.server_message(elicit(form(password=TEXT)))
    assert out.forward is None


# ---- the registry knows every rule the core can name ------------------------------------------------------

# Rule names the core uses for audit records that are not judgements of an elicitation.
NOT_ELICITATION_RULES = {"capabilities.narrowed", "input.answered", "input.completed", "protocol.filtered"}


def test_every_rule_id_in_the_core_is_registered_as_content_or_protocol() -> None:
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "policies"
    found: set[str] = set()
    for source in root.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        found |= set(re.findall(r'(?:Reason|_deny|ValueShape)\(\s*"([a-z_]+\.[a-z_.]+)"', text))
        found |= set(re.findall(r'\brule = "([a-z_]+\.[a-z_.]+)"', text))
    assert found, "the scan found no rule ids"
    unregistered = found - CONTENT_RULES - PROTOCOL_RULES - NOT_ELICITATION_RULES
    assert not unregistered, f"add these to policies/rules.py: {sorted(unregistered)}"


# ---- rules of the detection work under per-rule actions --------------------------------------------


def test_a_monitored_password_rule_lets_the_next_signal_of_the_same_field_deny_it() -> None:
    # "password" names the field; its pattern is also shaped like a GitHub token. With the password
    # rule monitored, the field is still denied, by the next signal.
    g = guard(rules('credential.password: monitor'))
    out = g.server_message(elicit(form(password={"type": "string", "pattern": "^ghp_[A-Za-z0-9]{36}$"})))
    assert out.forward is None
    denied = [d for d in out.decisions if d.event == "elicitation.denied"]
    assert denied and denied[0].decision == "deny"
    assert denied[0].reasons[0].rule != "credential.password"


def test_a_monitored_team_rule_is_audited_would_deny_and_the_form_passes() -> None:
    config = ("policy:\n  rules:\n    team.badge: monitor\n  form:\n    rules:\n"
              "      - id: team.badge\n        terms: [badge number]\n")
    g = guard(config)
    out = g.server_message(elicit(form(badge={"type": "string", "title": "Badge number"})))
    assert out.forward is not None
    assert [(d.decision, d.reasons[0].rule) for d in out.decisions if d.reasons] == [("would_deny", "team.badge")]


def answer_with_token(rid: int = 9) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "result": {"action": "accept",
                                                         "content": {"name": "ghp_" + "a1B2" * 9}}})


def test_a_monitored_response_rule_lets_the_answer_through_audited_would_deny() -> None:
    g = guard(rules('"response.*": monitor'))
    assert g.server_message(elicit(form(name={"type": "string", "title": "Your name"}))).forward is not None
    raw = answer_with_token()
    out = g.client_message(raw)
    assert out.forward == raw
    assert [d.decision for d in out.decisions if d.event == "response.withheld"] == ["would_deny"]


def test_a_blocking_response_rule_withholds_the_answer() -> None:
    g = guard("")
    assert g.server_message(elicit(form(name={"type": "string", "title": "Your name"}))).forward is not None
    out = g.client_message(answer_with_token())
    assert out.forward is not None and b"ghp_" not in out.forward
    assert [d.decision for d in out.decisions if d.event == "response.withheld"] == ["deny"]


def test_a_server_that_switches_response_scanning_off_needs_widen() -> None:
    text = "servers:\n  s:\n    policy:\n      response:\n        scan: false\n"
    assert any("policy.response.scan" in p and "widen" in p for p in problems(text))
    widened = load_config_text(text.replace("  s:\n", "  s:\n    widen: [policy.response.scan]\n"), "cfg.yaml")
    assert widened.servers["s"].policy.response.scan is False


def test_a_server_that_switches_a_response_detector_off_needs_widen() -> None:
    text = "servers:\n  s:\n    policy:\n      response:\n        detectors:\n          response.jwt: false\n"
    found = problems(text)
    assert any("policy.response.detectors" in p for p in found), found
