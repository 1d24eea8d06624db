"""The second line of defence: secrets in what the client sends back are withheld from the server.

One table per response detector (values found and values left alone), then the guard: a 2025-era
``elicitation/create`` result and a 2026-07-28 retry with ``inputResponses``, per ``on_deny``, in
monitor mode, and with the scan or one detector switched off.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.carriers.response import NOTICE
from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.response_scan import DETECTORS, RESPONSE_RULES, _checksum_ok, scan_content

GITHUB = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"
AWS = "AKIA" + "QWERTYUIOPASDFGH"
SLACK = "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ."
       "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
PEM = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----"
SEED = "abandon ability able about above absent absorb abstract absurd abuse access accident"
RANDOM = "Zx8s9dkQ2mP0vLq7TnR4wYb3Kj6Hg5Fd"

POSITIVES = [
    ("response.known_token", GITHUB), ("response.known_token", AWS), ("response.known_token", SLACK),
    ("response.known_token", "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"), ("response.known_token", "hf_" + "AbCdEfGhIjKlMnOpQrStUvWxYz01234567"),
    ("response.known_token", "postgres://admin:s3cret@db.internal:5432/app"),
    ("response.known_token", "my token is " + GITHUB + " thanks"),
    ("response.jwt", JWT), ("response.private_key", PEM),
    ("response.card_number", "4111 1111 1111 1111"), ("response.card_number", "5555-5555-5555-4444"),
    ("response.card_number", "378282246310005"), ("response.card_number", 4012888888881881),
    ("response.seed_phrase", SEED), ("response.seed_phrase", SEED.replace(" ", ", ")),
    ("response.high_entropy", RANDOM), ("response.high_entropy", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"),
    # A seed as people copy it: numbered, one a line, with a full stop, inside a sentence.
    ("response.seed_phrase", " ".join(f"{i}. {w}" for i, w in enumerate(SEED.split(), 1))),
    ("response.seed_phrase", " ".join(f"{i}) {w}" for i, w in enumerate(SEED.split(), 1))),
    ("response.seed_phrase", "\n".join(SEED.split()) + "\n"), ("response.seed_phrase", SEED.capitalize() + "."),
    ("response.seed_phrase", "my recovery words are " + SEED + " thanks"),
    # A run of BIP-39 words longer than a seed, whose seed-long part carries the checksum.
    ("response.seed_phrase", "above " + "abandon " * 11 + "about about"),
    # Card digits grouped by dots, slashes or two spaces, or in fullwidth or Arabic-Indic digits.
    ("response.card_number", "4111.1111.1111.1111"), ("response.card_number", "4111/1111/1111/1111"),
    ("response.card_number", "4111  1111  1111  1111"), ("response.card_number", "４１１１１１１１１１１１１１１１"),
    ("response.card_number", "٤١١١١١١١١١١١١١١١"),
]


@pytest.mark.parametrize(("rule", "value"), POSITIVES, ids=[f"{r}-{i}" for i, (r, _v) in enumerate(POSITIVES)])
def test_a_secret_in_an_answer_is_found_by_its_detector(rule: str, value: Any) -> None:
    findings = scan_content({"name": value}, None)
    assert [(f.rule, f.field) for f in findings] == [(rule, "name")]
    assert str(value) not in findings[0].detail()


NEGATIVES = ["Ada Lovelace", "ada@example.com", "https://example.com/a/b?c=d", "12 Main Street, Springfield",
             "123e4567-e89b-12d3-a456-426614174000", "The quick brown fox jumps over the lazy dog near the river bank",
             "4111 1111 1111 1112", "1234 5678 9012 3456", "490154203237518", "0000 0000 0000 0000", "2024-05-01",
             "+1 415 555 0100", "ORDER-2024-000123", "my password policy is strict", "abandon ability able",
             "correct horse battery staple", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
             "/usr/local/lib/python3.11/site-packages", "hello_world_function_name_here", True, 42, 3.14,
             # Thirteen BIP-39 words whose every seed-long part fails the checksum, and prose of BIP-39 words.
             "abandon " * 13, "We walked along the river to the old mill, then back across the bridge in the rain",
             "1. apple 2. banana 3. cherry", "2024.05.01 12.30.45.678", "v1.2.3.4.5.6.7.8.9.10.11.12.13"]


@pytest.mark.parametrize("value", NEGATIVES, ids=[str(i) for i in range(len(NEGATIVES))])
def test_an_ordinary_answer_is_left_alone(value: Any) -> None:
    assert scan_content({"field": value}, None) == []


def test_a_seed_typed_a_word_a_field_is_found_at_its_first_field() -> None:
    words = SEED.split()
    content = {"name": "Ada", **{f"word_{i}": w for i, w in enumerate(words, 1)}, "age": 3}
    assert [(f.rule, f.field) for f in scan_content(content, None)] == [("response.seed_phrase", "word_1")]
    assert scan_content(content, None, frozenset({"response.seed_phrase"})) == []


def test_eleven_seed_words_in_eleven_fields_are_no_seed() -> None:
    assert scan_content({f"word_{i}": w for i, w in enumerate(SEED.split()[:11], 1)}, None) == []
    # ... nor twelve fields broken by one that holds no single BIP-39 word.
    words = SEED.split()
    assert scan_content({**{f"a{i}": w for i, w in enumerate(words[:6])}, "x": "Ada Lovelace",
                         **{f"b{i}": w for i, w in enumerate(words[6:])}}, None) == []


@pytest.mark.parametrize("length", [12, 15, 18, 21, 24])
def test_the_bip39_checksum_agrees_with_the_reference_implementation(length: int) -> None:
    import random

    from mnemonic import Mnemonic

    reference = Mnemonic("english")
    wordlist = reference.wordlist
    rng = random.Random(length)
    valid = [reference.to_mnemonic(bytes(rng.randrange(256) for _ in range(length * 4 // 3))).split() for _ in range(50)]
    randoms = [[rng.choice(wordlist) for _ in range(length)] for _ in range(400)]
    for words in valid + randoms:
        assert _checksum_ok([wordlist.index(w) for w in words]) is reference.check(" ".join(words))
    assert sum(reference.check(" ".join(w)) for w in randoms) < 400 // 4  # the random runs mostly fail it


def test_a_commit_hash_in_a_field_named_for_it_is_left_alone() -> None:
    sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"
    assert scan_content({"commit": sha}, None) == []
    assert [f.rule for f in scan_content({"note": sha}, None)] == ["response.high_entropy"]


def test_a_declared_pattern_or_format_explains_a_random_looking_value() -> None:
    assert scan_content({"ref": RANDOM}, {"ref": {"type": "string", "pattern": "^[A-Za-z0-9]{32}$"}}) == []
    assert scan_content({"ref": RANDOM}, {"ref": {"type": "string", "format": "uri"}}) == []
    # ... but not a known token format.
    assert scan_content({"ref": GITHUB}, {"ref": {"type": "string", "pattern": "^.*$"}}) != []


def test_a_disabled_detector_does_not_fire_and_every_rule_starts_with_response() -> None:
    assert all(r.startswith("response.") for r in RESPONSE_RULES) and len(RESPONSE_RULES) == len(DETECTORS)
    assert scan_content({"x": RANDOM}, None, frozenset({"response.high_entropy"})) == []


# ---- through the guard --------------------------------------------------------------------------------

FORM = {"mode": "form", "message": "Tell us about you",
        "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}}}}


def guard(config: str = "") -> Guard:
    g = Guard(load_config_text(config).policy, 1 << 20)
    g.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "t", "version": "1"}}}).encode())
    g.server_message(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25",
                                                                        "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}).encode())
    out = g.server_message(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": FORM}).encode())
    assert out.forward is not None
    return g


def answer(content: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": content}}).encode()


@pytest.mark.parametrize(("on_deny", "sent"), [("decline", {"action": "decline"}), ("cancel", {"action": "cancel"})])
def test_a_secret_typed_into_an_innocent_field_reaches_the_server_as_a_decline(on_deny: str, sent: dict[str, Any]) -> None:
    out = guard(f"on_deny: {on_deny}\n").client_message(answer({"name": GITHUB, "age": 3}))
    assert out.forward is not None and GITHUB.encode() not in out.forward
    assert json.loads(out.forward) == {"jsonrpc": "2.0", "id": 7, "result": sent}
    [decision] = out.decisions
    assert decision.event == "response.withheld" and decision.decision == "deny"
    assert [(r.rule, r.field) for r in decision.reasons] == [("response.known_token", "name")]
    assert decision.fields == ("name",) and decision.extra["detectors"] == ["GitHub Token"]
    assert GITHUB not in json.dumps(decision.as_dict())
    [notice] = out.notices
    assert notice["method"] == "notifications/message" and notice["params"]["data"] == {
        "message": NOTICE, "rule": "response.known_token"}
    assert out.replies == []


def test_with_on_deny_error_the_server_gets_an_error_naming_the_rule() -> None:
    out = guard().client_message(answer({"name": PEM}))
    assert out.forward is not None and b"PRIVATE" not in out.forward
    sent = json.loads(out.forward)
    assert sent["id"] == 7 and sent["error"]["code"] == -32602 and sent["error"]["data"]["rule"] == "response.private_key"


def test_an_ordinary_answer_is_forwarded_byte_for_byte() -> None:
    raw = answer({"name": "Ada Lovelace", "age": 36})
    out = guard().client_message(raw)
    assert out.forward == raw and out.decisions == [] and out.notices == []


@pytest.mark.parametrize("config", ["policy:\n  response:\n    scan: false\n",
                                    "policy:\n  response:\n    detectors:\n      response.known_token: false\n",
                                    "mode: monitor\n"])
def test_the_scan_can_be_switched_off_whole_or_per_rule_and_monitor_only_audits(config: str) -> None:
    raw = answer({"name": GITHUB})
    out = guard(config).client_message(raw)
    assert out.forward == raw and out.notices == []
    assert [d.decision for d in out.decisions] == (["would_deny"] if "monitor" in config else [])


def test_a_plain_decline_passes_as_it_came_and_one_carrying_a_secret_reaches_the_server_bare() -> None:
    # Session 29 (red team 29c): a decline was not read, so content sent with it reached the server.
    plain = json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"action": "decline"}}).encode()
    assert guard().client_message(plain).forward == plain
    raw = json.dumps({"jsonrpc": "2.0", "id": 7, "result": {"action": "decline", "content": {"name": GITHUB}}}).encode()
    out = guard().client_message(raw)
    assert out.forward is not None and json.loads(out.forward)["result"] == {"action": "decline"}
    assert [d.event for d in out.decisions] == ["response.withheld"]


def modern_retry(responses: dict[str, Any]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {
        "name": "ask", "arguments": {}, "inputResponses": responses, "requestState": "s1",
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                  "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}}}).encode()


@pytest.mark.parametrize(("on_deny", "action"), [("error", "decline"), ("decline", "decline"), ("cancel", "cancel")])
def test_a_retry_carrying_a_secret_in_input_responses_sends_the_server_a_decline(on_deny: str, action: str) -> None:
    g = Guard(load_config_text(f"on_deny: {on_deny}\n").policy, 1 << 20)
    out = g.client_message(modern_retry({"person": {"action": "accept", "content": {"name": SEED}},
                                         "other": {"action": "accept", "content": {"name": "Ada"}}}))
    assert out.forward is not None and b"abandon" not in out.forward
    sent = json.loads(out.forward)["params"]["inputResponses"]
    assert sent == {"person": {"action": action}, "other": {"action": "accept", "content": {"name": "Ada"}}}
    [decision] = out.decisions
    assert decision.input_key == "person" and decision.reasons[0].rule == "response.seed_phrase"
    assert len(out.notices) == 1


def test_a_retry_without_secrets_is_forwarded_byte_for_byte() -> None:
    raw = modern_retry({"person": {"action": "accept", "content": {"name": "Ada", "age": 36}}})
    assert Guard(load_config_text("").policy, 1 << 20).client_message(raw).forward == raw


def test_a_retry_is_read_against_the_schema_of_the_input_request_it_answers() -> None:
    g = Guard(load_config_text("").policy, 1 << 20)
    call = json.loads(modern_retry({}))
    del call["params"]["inputResponses"], call["params"]["requestState"]
    g.client_message(json.dumps(call).encode())
    g.server_message(json.dumps({"jsonrpc": "2.0", "id": 9, "result": {
        "resultType": "input_required", "requestState": "s1", "inputRequests": {"ref": {
            "method": "elicitation/create", "params": {"mode": "form", "message": "Booking reference?",
                                                      "requestedSchema": {"type": "object", "properties": {
                                                          "code": {"type": "string", "pattern": "^[A-Za-z0-9]{32}$"}}}}}}}}).encode())
    raw = modern_retry({"ref": {"action": "accept", "content": {"code": RANDOM}}})
    assert g.client_message(raw).forward == raw  # the declared pattern explains it
    raw = modern_retry({"other": {"action": "accept", "content": {"code": RANDOM}}})
    assert g.client_message(raw).forward != raw  # nothing declared for this key


def test_a_value_of_64_kib_of_seed_words_is_scanned_within_twenty_microseconds_a_character() -> None:
    import time

    runs = (" ".join(SEED.split() * 3)[:160] + " 7 ") * 500  # runs of 26 BIP-39 words, then a digit
    value = runs[:65536]
    start = time.process_time()
    scan_content({"notes": value, **{f"w{i}": "abandon" for i in range(200)}}, None)
    assert time.process_time() - start < 20e-6 * len(value)
