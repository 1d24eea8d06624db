"""A text field that shows itself a phone number (its example or mask written out, three words at most
beside it, a title that says more than the number, long enough to hold one) carries no one-time code: it
is where the code is sent ("where shall we send the code?"). It still carries one when its own texts name
a code or what was sent, and it still carries a password, PIN or key (red teams 30b and 30c). A currency
in a title excuses nothing: a number field is where a PIN goes ("Refund (€)")."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.ordinary import shows_phone


@pytest.mark.parametrize(("prop", "shows"), [
    ({"title": "Inombolo yeselula", "description": "umz. 082 123 4567"}, True),
    ({"title": "no fon (cth 012-3456789)"}, True),
    ({"title": "Numri", "description": "+355 69 123 4567"}, True),
    ({"title": "lek tourasap", "description": "0xx xxx xxx"}, True),
    ({"title": "Value", "description": "0x12345678"}, False),
    ({"title": "Value", "description": "e.g. 4111 1111 1111 1111"}, False),
    ({"title": "Value", "description": "e.g. 012345"}, False),
    ({"title": "Value", "description": "Sent to +1 555 123 4567"}, False),
    ({"title": "Verification code", "description": "e.g. 0911234567"}, False),
    ({"title": "Reply", "description": "Trouble? Call our helpdesk on 0800 123 4567."}, False),
    ({"title": "Input", "description": "If you cannot sign in, call the support desk on 0800 123 4567"}, False),
    ({"title": "Reply", "description": "e.g. 082 123 4567", "maxLength": 4}, False),
    ({"title": "Reply", "description": "e.g. 082 123 4567", "pattern": "^[0-9]{6}$"}, False),
    ({"title": "Input", "default": "0800 123 4567"}, False),
    ({"title": "+44 7700 900123"}, False),
    ({"title": "Number", "description": "0" + "1" * 50 + "a"}, False),
], ids=str)
def test_a_text_field_shows_a_phone_number_only_as_its_own_example(prop: dict[str, Any], shows: bool) -> None:
    assert shows_phone("value", "string", {"type": "string", **prop}) is shows


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
    ("Enter your password to continue.", {"title": "Reply", "description": "e.g. 082 123 4567"}),
    ("Enter your card PIN.", {"title": "Number", "description": "umz. 082 123 4567"}),
    ("Enter your password to continue.", {"title": "Account ($)"}),
    ("We sent a code by SMS, enter it below.", {"title": "+44 7700 900123"}),
], ids=str)
def test_a_field_that_names_the_code_or_what_was_sent_or_is_asked_a_password_still_carries_it(
        message: str, prop: dict[str, Any], policy: Policy) -> None:
    assert not allowed(message, {"value": {"type": "string", **prop}}, policy)
