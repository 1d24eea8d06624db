"""A field that shows itself a phone number (its example or mask written out) or a sum of money (a
currency in its title) carries no code its form's prompt asks for, in any language: "where shall we
send the code?" asks for the number it goes to. One that names a code, or says what was sent, still does."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.ordinary import shows_phone_or_amount


@pytest.mark.parametrize(("prop", "shows"), [
    ({"title": "Inombolo yeselula", "description": "umz. 082 123 4567"}, True),
    ({"title": "no fon (cth 012-3456789)"}, True),
    ({"title": "Numri", "description": "+355 69 123 4567"}, True),
    ({"title": "lek tourasap", "description": "0xx xxx xxx"}, True),
    ({"title": "Kwota (zł)"}, True),
    ({"title": "Amount (৳)"}, True),
    ({"title": "Betrag in €"}, True),
    ({"title": "Value", "description": "0x12345678"}, False),
    ({"title": "Value", "description": "e.g. 4111 1111 1111 1111"}, False),
    ({"title": "Value", "description": "e.g. 012345"}, False),
    ({"title": "Value", "description": "Sent to +1 555 123 4567"}, False),
    ({"title": "Verification code", "description": "e.g. 0911234567"}, False),
    ({"title": "PIN (€)"}, False),
    ({"title": "Notes", "description": "costs about $5"}, False),
], ids=str)
def test_a_field_shows_a_phone_number_or_a_sum_only_when_it_names_no_credential(prop: dict[str, Any], shows: bool) -> None:
    assert shows_phone_or_amount("value", {"type": "string", **prop}) is shows


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Sithumele i-OTP kweyiphi inombolo?", {"title": "Inombolo yeselula", "description": "umz. 082 123 4567"}),
    ("nk trima kod TAC mcm mana?", {"title": "no fon (cth 012-3456789)"}),
    ("Where should we send your verification code?", {"title": "Where to", "description": "e.g. +44 7700 900123"}),
], ids=str)
def test_a_phone_number_field_under_a_prompt_about_sending_a_code_passes(message: str, prop: dict[str, Any],
                                                                        policy: Policy) -> None:
    assert allowed(message, {"value": {"type": "string", **prop}}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Enter the verification code we texted you", {"title": "Value", "description": "Sent to +1 555 123 4567"}),
    ("Enter the verification code we texted you", {"title": "Code", "description": "e.g. 0911234567"}),
    ("Enter the one-time code from your SMS", {"title": "Value"}),
], ids=str)
def test_a_field_that_names_the_code_or_what_was_sent_still_carries_it(message: str, prop: dict[str, Any],
                                                                      policy: Policy) -> None:
    assert not allowed(message, {"value": {"type": "string", **prop}}, policy)
