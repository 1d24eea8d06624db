"""A credential has a length: a PIN or a code sent to you is at most eight digits. A field whose pattern
takes nine or more is an identity number (a Kyrgyz "ПИН" of 14 digits), a phone number or a parcel's,
read whatever prefix or digit class the pattern starts with; a payment PIN padded to nine stays a PIN,
and a bland field of nine digits still carries a code the prompt asks for."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.shapes import fewest_digits


@pytest.mark.parametrize(("pattern", "fewest"), [
    ("^\\d{10}$", 10), ("^[12][0-9]{13}$", 14), ("^01[0-9]{9}$", 11), ("^[0-9]{3}-[0-9]{4}$", 7),
    ("^\\d{6,}$", 6), ("^\\d{4,6}$", 4), ("^\\d+$", None), ("^[A-Z]{3}\\d{3}$", None), ("^7$", None),
    ("^(\\d{4}[ -]?){4}$", 16),
], ids=str)
def test_the_fewest_digits_a_pattern_takes_are_read_past_a_prefix_or_a_class(pattern: str, fewest: int | None) -> None:
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
    ("¿A qué WhatsApp te mandamos el código para activar tu cuenta?",
     {"whatsapp": {"type": "string", "title": "Número de WhatsApp (10 dígitos)", "pattern": "^[0-9]{10}$"}}),
    ("Where should we send your one-time code?",
     {"phone": {"type": "string", "title": "Mobile number", "pattern": "^[0-9]{9,12}$"}}),
    ("Track the parcel from the SMS with your pickup code",
     {"awb": {"type": "string", "title": "Waybill number", "pattern": "^[0-9]{14}$"}}),
], ids=str)
def test_a_number_of_nine_digits_or_more_is_no_carrier_of_the_code_the_prompt_names(
        message: str, props: dict[str, Any], policy: Policy) -> None:
    assert allowed(message, props, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), [
    ("Enter the verification code we texted you, then 000",
     {"value": {"type": "string", "title": "Value", "pattern": "^[0-9]{9}$"}}),
    ("Enter the verification code we texted you",
     {"number": {"type": "string", "title": "Number", "pattern": "^[0-9]{6}$"}}),
    ("Enter the 6-digit verification code we sent to your phone",
     {"code": {"type": "string", "title": "Code number", "pattern": "^[0-9]{6}$"}}),
], ids=str)
def test_a_field_of_eight_digits_or_fewer_or_of_no_number_still_carries_the_code(
        message: str, props: dict[str, Any], policy: Policy) -> None:
    assert not allowed(message, props, policy)
