"""Red team 23b: ordinary answers response.named_secret withheld, or must keep passing: "pass" the verb
before a version or an algorithm, Finnish's "is" ("on") read in English ("tests pass on python3.12",
"the password on srv01 expired"), India's postal PIN in an address, a name that names something
else ("my password manager"), code that calls a function or builds a URL query."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.response_scan import scan_content

RULE = "response.named_secret"


def _rules(value: str, field: str = "note", schema: dict[str, Any] | None = None) -> list[str]:
    return [finding.rule for finding in scan_content({field: value}, schema)]


HONEST = [
    ("pass-on-python", "All tests pass on python3.12"),
    ("builds-pass-on", "The builds pass on ubuntu2204 and macos14"),
    ("password-on-host", "the password on srv01 expired"),
    ("password-on-host-reset", "password on server01 was reset yesterday"),
    ("pass-base64", "you can pass base64 data to the endpoint"),
    ("pass-sha256", "pass sha256 as the algorithm"),
    ("pass-arg", "2 GiB, pass force_zip64 to use the ZIP64 format"),
    ("address-pin", "Address: 12 MG Road, Bangalore, PIN 560001"),
    ("address-pin-ship", "Ship to: Flat 4B, Sector 21, Noida, PIN 201301"),
    ("password-manager-is", "my password manager is 1Password8"),
    ("password-manager-colon", "password manager: Bitwarden2024"),
    ("secret-first-names-other", "Version2 is my password manager"),
    ("code-call", "token = get_token_v2()"),
    ("code-attr", "password = settings.DB_PASS2"),
    ("code-call-hash", "password = hash_pw(pw2)"),
    ("oauth-query", "grant_type=authorization_code&code=sh35ksdf09sf"),
    ("oauth-query-secret", "oauth_token_secret=secret%3Dpassword&oauth_token=lock%26key"),
    ("reset-code-missing", "my password reset code didn't arrive, order 12345678"),
    ("length", "Password is 12 characters long"),
    ("not-working", "password for user01 is not working"),
    ("pin-blocked", "the PIN for card 1234 is blocked"),
    ("chip-pins", "Pin 12 13 14 on the header"),
    ("reset-link", "the password reset link was sent to john23"),
    ("passed-to", "I passed the password to user01 yesterday"),
    ("de-version", "Mein Passwort funktioniert nicht seit Version 12.3"),
    ("zh-order", "密码错误，订单号12345678"),
    ("ja-order", "パスワードを忘れました。注文番号A1234567"),
    ("ticket", "I forgot my password, ticket #INC-00123"),
    ("policy-for", "password policy for v2: min8"),
    ("for-user-colon", "Password for user01: expired"),
    ("hint", "password hint: mydog2010"),
]


@pytest.mark.parametrize("value", [v for _, v in HONEST], ids=[i for i, _ in HONEST])
def test_an_ordinary_answer_that_names_a_credential_passes(value: str) -> None:
    assert RULE not in _rules(value)


@pytest.mark.parametrize("field,schema", [
    ("address", None),
    ("shipping", None),
    ("line2", {"line2": {"type": "string", "title": "Delivery address, line 2"}}),
    ("notes", {"notes": {"type": "string", "description": "Landmark and PIN of your address"}}),
])
def test_a_postal_pin_in_a_field_for_an_address_passes(field: str, schema: dict[str, Any] | None) -> None:
    assert RULE not in _rules("Bangalore, PIN 560001", field, schema)


@pytest.mark.xfail(strict=True, reason="a six-digit PIN with no address word in the answer or the field ('Bangalore, "
                                       "PIN 560001' in a note) cannot be told from a six-digit card or UPI PIN")
def test_a_postal_pin_with_no_address_beside_it_passes() -> None:
    assert RULE not in _rules("Bangalore, PIN 560001")


def test_a_card_pin_beside_an_address_is_still_withheld() -> None:
    assert RULE in _rules("Address: 12 MG Road, Bangalore. PIN 4821")
