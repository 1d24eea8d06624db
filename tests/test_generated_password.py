"""The response scan withholds a password a generator made (1Password, Bitwarden, KeePass: letters of
both cases, digits and symbols; a browser's suggestion of letters and digits; the kind of character
changing all the time) typed into a field the form never declared as one, and leaves alone the
symbol-rich answers people give: addresses, URLs, versions, locales, key chords, code, references and
human-made passwords it cannot tell from words."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import generated_password, scan_content

# Made once with Python's secrets module over each generator's default alphabet, 12 to 40 characters.
GENERATED = [
    "Tq8#mZ!4vR&x2Lp9@kW$7nB%",  # 1Password, 24 characters
    "v7#Lq!9zT_rW",  # 12 characters, with an underscore
    "aB3$dE5%fG7&",
    "9Kx!mR2@pL7#wQ4^",  # Bitwarden, 16 characters
    "Zt5*Hq8&Jn3!Vd6@Rb9%",  # 20 characters
    "p4R^w8K!z2M*q6T&x1N@c5B#",
    "G7?u2=Lk9+Ye4<Wd1>Ha6|",  # KeePass's extended symbols
    "r3E~b8Q!n5J#t0V$y7C%m2X^k9F&",  # 28 characters
    "L0g!nR8#vT3@qZ6$wK1%pM4^xB7&cN2*",  # 32 characters
    "h5D!s9G@j2K#l6P$z8X%c1V^b4N&m7Q*w3E(",  # 36 characters
    "hP7xK2mQ9vT4bRw",  # a browser's suggestion: letters and digits, 15 characters
    "Tq8-mZ4vR2xLp9kW",  # with one "-"
]

ORDINARY = [
    "P@ssw0rd2024!",  # made by a person: a word, a year, a symbol (it cannot be told from an ordinary answer)
    "Summer2024!", "ada.lovelace+forms@example.com", "https://example.com/a/b?x=1&Y=2#Top", "C++/C#/F#",
    "sr_RS.UTF-8@latin", "Ctrl+Shift+4", "v2.10.3-RC1+build.7", "ORDER-2024-000123", "$1,299.99",
    "[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+", "x=\"1\"", "</Section2>", "MyClass(value=3)", "0x1F#A2b!Q9zK",
    "AB12CD34EF56GH78", "Q3-2024-Revenue&Costs", "iPhone15Pro#Max", "SKU-88231-Blue",
    "R2D2&C3PO", "a" * 12, "Aa1!" * 3 + "\u00e9",  # not ASCII
    "arXiv:0706.0343v1", "MacBookPro2021M1", "XJ4K9P2M7Q1Z3W",  # no lower case: a booking reference
    "aB3dE5fG7hJ9k",  # letters and digits, 13 characters: too short to tell
]


@pytest.mark.parametrize("value", GENERATED)
def test_a_generated_password_typed_into_an_innocent_field_is_withheld(value: str) -> None:
    findings = scan_content({"nickname": value}, {"nickname": {"type": "string", "title": "Nickname"}})
    assert [(f.rule, f.detector, f.field) for f in findings] == [("response.high_entropy", "generated password", "nickname")]
    assert value not in findings[0].detail()


@pytest.mark.parametrize("value", ORDINARY)
def test_a_symbol_rich_ordinary_answer_is_left_alone(value: str) -> None:
    assert not generated_password(value)
    assert scan_content({"answer": value}, None) == []


@pytest.mark.parametrize("value", GENERATED[:3])
def test_a_field_declaring_a_pattern_or_a_choice_explains_the_value(value: str) -> None:
    assert scan_content({"code": value}, {"code": {"type": "string", "pattern": "^[A-Za-z0-9!@#$%^&*_]{12,}$"}}) == []
    assert scan_content({"code": value}, {"code": {"type": "string", "enum": [value]}}) == []


def test_the_high_entropy_rule_switched_off_lets_a_generated_password_through() -> None:
    assert scan_content({"nickname": GENERATED[0]}, None, frozenset({"response.high_entropy"})) == []


def test_a_generated_password_inside_a_sentence_is_not_read_as_one_token() -> None:
    # The scan judges a value as typed; a password inside prose is the keyword plugins' (not this detector's).
    assert not generated_password("my new one is " + GENERATED[0])


@pytest.mark.xfail(strict=True, reason="a chemical formula with a word is as mixed as a generated password: only one "
                                       "word of five letters among eleven letters (the words' share must stay under "
                                       "60% or a fifth of generated passwords would pass)")
def test_a_formula_with_symbols_is_left_alone() -> None:
    assert scan_content({"answer": "H2O+NaCl=Brine#1"}, None) == []


GITHUB = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"


@pytest.mark.parametrize("declared", [{"type": "string", "format": "password"}, {"type": "string", "writeOnly": True}])
def test_a_field_declared_a_secret_takes_a_random_value_but_not_a_named_format(declared: dict[str, object]) -> None:
    # Such a form passed only because the team let it (allow_fields, monitor): a generated password is
    # what the field holds; a token of a named format is still nothing to type there.
    assert scan_content({"wifi": GENERATED[0]}, {"wifi": declared}) == []
    assert [f.rule for f in scan_content({"wifi": GITHUB}, {"wifi": declared})] == ["response.known_token"]


def _guarded(config: str, field: str, value: str) -> list[str]:
    """The rules that withheld an answer to a form with one field, through the whole guard."""
    import json

    from elicitguard.policies.config import load_config_text
    from elicitguard.policies.engine import Guard
    g = Guard(load_config_text(config).policy, 1 << 20)
    g.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "t", "version": "1"}}}).encode())
    g.server_message(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}).encode())
    form = {"mode": "form", "message": "Router set-up", "requestedSchema": {"type": "object", "properties": {
        field: {"type": "string", "title": "Wi-Fi password"}}}}
    out = g.server_message(json.dumps({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": form}).encode())
    assert out.forward is not None, "the form must reach the client for the answer to be scanned"
    reply = g.client_message(json.dumps({"jsonrpc": "2.0", "id": 7, "result": {
        "action": "accept", "content": {field: value}}}).encode())
    return [r.rule for d in reply.decisions for r in d.reasons]


def test_a_field_the_team_allows_carries_a_generated_password_but_no_token() -> None:
    config = "policy:\n  form:\n    allow_fields: [Wifi-Password]\n"
    assert _guarded(config, "wifi_password", GENERATED[1]) == []
    assert _guarded(config, "wifi_password", GITHUB) == ["response.known_token"]
