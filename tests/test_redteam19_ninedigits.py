"""Red team 19: the nine-digit excuse ("a PIN field of nine digits or more is an identity number") must
not pass a card, cash-machine or bank PIN padded to nine digits."""

from __future__ import annotations

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as _allowed




@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("message", "title", "pattern"), [
    ("Enter your 4-digit ATM PIN followed by 00000", "ATM PIN", "^\\d{9}$"),
    ("Enter your bank PIN", "PIN", "^\\d{9,}$"),
    ("Enter your ATM PIN", "ATM PIN", "^\\d{12}$"),
    ("Confirm the payment: your UPI PIN, then 000", "UPI PIN", "^[0-9]{9}$"),
])
def test_a_payment_pin_padded_to_nine_digits_is_still_a_pin(message: str, title: str, pattern: str, policy: object) -> None:
    assert not _allowed(message, {"pin": {"type": "string", "title": title, "pattern": pattern}}, policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_payment_pin_asked_by_the_prompt_into_a_nine_digit_value_field_is_still_a_pin(policy: object) -> None:
    props = {"value": {"type": "string", "title": "Value", "pattern": "^\\d{9}$"}}
    assert not _allowed("Type your debit card PIN and then 00000", props, policy)


@pytest.mark.xfail(strict=True, reason="design: a bare 'PIN' padded to nine digits ('then 00000') reads like an "
                                       "identity PIN (PhilHealth, NIP); telling them apart needs the padding read")
def test_a_bare_pin_padded_to_nine_digits_is_still_a_pin() -> None:
    props = {"pin": {"type": "string", "title": "PIN", "pattern": "^\\d{9}$"}}
    assert not _allowed("Enter your 4-digit PIN followed by five zeros", props, RULES)


def test_a_philhealth_pin_of_twelve_digits_still_passes() -> None:
    props = {"pin": {"type": "string", "title": "PhilHealth PIN", "pattern": "^\\d{12}$"}}
    assert _allowed("Your PhilHealth membership details", props, RULES)
