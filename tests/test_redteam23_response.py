"""Red team 23 on the response scan: long generated passwords (48 to 128 characters) passed, the
"few repeats" test counting distinct characters against the whole length; a hostile server's
writeOnly or format: password on a closed choice (which the form judge never reads) exempted the
answer from the high-entropy scan through the whole guard, in both eras. A pattern the server
declares, and spec strings people type, are strict xfails."""

from __future__ import annotations

import json
import random
import string
import time
from typing import Any

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.engine import Guard
from elicitguard.policies.response_scan import generated_password, scan_content

_GENERATOR = string.ascii_letters + string.digits + "!@#$%^&*"


def _made(length: int, seed: int) -> str:
    rng = random.Random(seed)
    while True:
        value = "".join(rng.choice(_GENERATOR) for _ in range(length))
        if all(any(c in kind for c in value) for kind in (string.ascii_lowercase, string.ascii_uppercase,
                                                             string.digits, "!@#$%^&*")):
            return value


@pytest.mark.parametrize("length", [48, 64, 65, 80, 100, 128])
def test_most_long_passwords_a_generator_made_are_withheld(length: int) -> None:
    made = [_made(length, seed) for seed in range(100)]
    assert sum(bool(scan_content({"note": v}, None)) for v in made) >= 85


@pytest.mark.parametrize("value", [
    "Xk7#mQ2!vR9$pL4@wZ8&nB3^tF6*hJ1!cD5@gS0#yU4$eI7%oP2^aL9&kM3*",  # 60 characters
    "q7#Lm@2Xv!9Rk$4Tp&8Wn^3Zb*6Hc!1Jd@5Fg#0Ys$7Ue%2Io^9Pa&4Kl*8Mm!3Nq@6Rr#1St$5Uv%0Wx^7Yz",  # 84
])
def test_a_long_generated_password_is_a_generated_password(value: str) -> None:
    assert generated_password(value)


def _run_2025(prop: dict[str, Any], value: str) -> dict[str, Any]:
    guard = Guard(Policy(), 1 << 20)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}).encode())
    guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}).encode())
    asked = guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Pick one",
        "requestedSchema": {"type": "object", "properties": {"choice": prop}}}}).encode())
    assert asked.forward is not None
    answered = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 7, "result": {
        "action": "accept", "content": {"choice": value}}}).encode())
    assert answered.forward is not None
    return dict(json.loads(answered.forward))


def _run_2026(prop: dict[str, Any], value: str) -> dict[str, Any]:
    guard = Guard(Policy(), 1 << 20)
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "_meta": meta}}).encode())
    asked = guard.server_message(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "requestState": "s", "inputRequests": {"k": {
            "method": "elicitation/create", "params": {"mode": "form", "message": "Pick one", "requestedSchema": {
                "type": "object", "properties": {"choice": prop}}}}}}}).encode())
    assert not any(d.decision == "deny" for d in asked.decisions)
    retried = guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "_meta": meta, "requestState": "s",
        "inputResponses": {"k": {"action": "accept", "content": {"choice": value}}}}}).encode())
    assert retried.forward is not None
    return dict(json.loads(retried.forward)["params"]["inputResponses"]["k"])


_PASSWORD = "Xk7#mQ2!vR9$pL4@"
_CHOICE = [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]


@pytest.mark.parametrize("prop", [
    {"type": "string", "oneOf": _CHOICE, "writeOnly": True},
    {"type": "string", "oneOf": _CHOICE, "format": "password"},
])
def test_a_servers_secret_mark_on_a_closed_choice_exempts_nothing_in_the_2025_era(prop: dict[str, Any]) -> None:
    answer = _run_2025(prop, _PASSWORD)
    assert "error" in answer or answer["result"].get("action") != "accept"


@pytest.mark.parametrize("prop", [
    {"type": "string", "oneOf": _CHOICE, "writeOnly": True},
    {"type": "string", "oneOf": _CHOICE, "format": "password"},
])
def test_a_servers_secret_mark_on_a_closed_choice_exempts_nothing_in_the_2026_era(prop: dict[str, Any]) -> None:
    assert _run_2026(prop, _PASSWORD)["action"] != "accept"


@pytest.mark.parametrize("prop", [
    {"type": "string", "oneOf": _CHOICE, "writeOnly": True},
    {"type": "string", "enum": ["a", "b"], "format": "password"},
])
def test_the_chosen_constant_of_a_marked_closed_choice_still_passes(prop: dict[str, Any]) -> None:
    assert _run_2025(prop, "a")["result"]["action"] == "accept"
    assert _run_2026(prop, "a")["action"] == "accept"


# Session 23: a pattern that admits any character (response_scan._CATCH_ALL) explains nothing.
@pytest.mark.parametrize("pattern", ["^.*$", ".+", "^\\S+$", "^[^\\s]{12,}$", "^[!-~]+$"])
def test_a_servers_catch_all_pattern_does_not_let_a_generated_password_through(pattern: str) -> None:
    answer = _run_2025({"type": "string", "title": "Nickname", "pattern": pattern}, _PASSWORD)
    assert "error" in answer or answer["result"].get("action") != "accept"


# Session 23: a number with a unit ("60Hz", "5.4GHz", "32GB") is a spec (response_scan._UNIT).
@pytest.mark.parametrize("value", ["4K@60Hz+HDR10", "i7-13700K@5.4GHz", "M2Max+32GB/1TB", "Cam#4K@30fps+5000mAh"])
def test_spec_strings_with_units_people_type_pass(value: str) -> None:
    assert scan_content({"answer": value}, None) == []


@pytest.mark.xfail(strict=True, reason="names people type with no unit (a Wi-Fi standard, a network's name, a "
                   "company's) change kind of character as often as a generated password and hold its "
                   "symbols; telling them apart needs a vocabulary of brands")
@pytest.mark.parametrize("value", ["Wi-Fi6E+BT5.3", "AT&T-5G-Hub2", "Ltd.&Co.KG#7"])
def test_spec_strings_and_network_names_people_type_pass(value: str) -> None:
    assert scan_content({"answer": value}, None) == []


@pytest.mark.parametrize("value", [
    "Xk7#" * 16384, "a://x:" * 10922, "a://:" * 13107, "redis://:" * 7281, "dop_v1_" * 9362, "shpat_" * 10922,
    "Ab1!" * 16384,
])
def test_scanning_a_hostile_64_kib_value_costs_at_most_20_us_a_character(value: str) -> None:
    scan_content({"warm": "x"}, None)
    start = time.process_time()
    scan_content({"answer": value}, None)
    assert time.process_time() - start <= 20e-6 * len(value)


@pytest.mark.parametrize("pattern", ["^[A-Za-z0-9]{32}$", "^[A-F0-9#!]{24}$"])
def test_a_pattern_spelling_out_its_alphabet_still_explains_a_random_looking_value(pattern: str) -> None:
    value = "Tq8Zm4vRx2Lp9kW7nB3cD5fG6hJ1aS0e"[:32] if "a-z" in pattern else "A1B2C3D4E5F6#!A1B2C3D4E5"
    assert _run_2025({"type": "string", "title": "Order key", "pattern": pattern}, value)["result"]["action"] == "accept"
