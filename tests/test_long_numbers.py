"""A PIN has a length: at most eight digits. A PIN field whose pattern leaves the user nine or more digits
to choose is an identity number (a Kyrgyz "ПИН" of 14 digits), read whatever prefix or digit class the
pattern starts with; digits the pattern fixes are padding, not the user's ("^\\d{4}0{5}$" is a PIN); a
payment PIN padded to nine stays a PIN, and a field of nine digits still carries a code the prompt asks
for (red team 30)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.shapes import fewest_digits


@pytest.mark.parametrize(("pattern", "fewest"), [
    ("^\\d{10}$", 10), ("^[12][0-9]{13}$", 13), ("^\\d{4}[01]{5}$", 4), ("^01[0-9]{9}$", 9), ("^\\d{4}0{5}$", 4), ("^[0-9]{4}[0]{5}$", 4), ("^[0-9]{3}-[0-9]{4}$", 7),
    ("^\\d{6,}$", 6), ("^\\d{4,6}$", 4), ("^\\d+$", None), ("^[A-Z]{3}\\d{3}$", None), ("^7$", None),
    ("^(\\d{4}[ -]?){4}$", 16),
], ids=str)
def test_the_fewest_digits_a_pattern_leaves_the_user_are_read_past_a_prefix_a_class_or_padding(pattern: str, fewest: int | None) -> None:
    assert fewest_digits({"pattern": pattern}) == fewest


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "title", "pattern"), [
    ("Паспортуңдагы ПИНди жазчы", "ПИН", "^[12][0-9]{13}$"),
    ("Your tax details", "Tax PIN", "^[1-9][0-9]{10}$"),
    ("Invoice details", "PIN", "^0[0-9]{9}$"),
], ids=str)
def test_a_pin_whose_pattern_takes_nine_digits_or_more_after_a_prefix_is_an_identity_number(
        message: str, title: str, pattern: str, policy: Policy) -> None:
    assert allowed(message, {"pin": {"type": "string", "title": title, "pattern": pattern}}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "title", "pattern"), [
    ("Enter your ATM PIN followed by 00000", "ATM PIN", "^[1-9][0-9]{8}$"),
    ("Confirm the payment with your card PIN, then 000", "PIN", "^0[0-9]{8}$"),
], ids=str)
def test_a_payment_pin_padded_to_nine_digits_after_a_prefix_is_still_a_pin(
        message: str, title: str, pattern: str, policy: Policy) -> None:
    assert not allowed(message, {"pin": {"type": "string", "title": title, "pattern": pattern}}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), [
    ("Enter the verification code we texted you, then 000",
     {"value": {"type": "string", "title": "Value", "pattern": "^[0-9]{9}$"}}),
    ("Enter the verification code we texted you",
     {"number": {"type": "string", "title": "Number", "pattern": "^[0-9]{6}$"}}),
    ("Enter the 6-digit verification code we sent to your phone",
     {"code": {"type": "string", "title": "Code number", "pattern": "^[0-9]{6}$"}}),
    ("Enter the verification code from the SMS, then 000",
     {"number": {"type": "string", "title": "Number", "pattern": "^[0-9]{9}$"}}),
], ids=str)
def test_a_field_of_nine_digits_or_of_eight_still_carries_the_code_the_prompt_asks_for(
        message: str, props: dict[str, Any], policy: Policy) -> None:
    assert not allowed(message, props, policy)
