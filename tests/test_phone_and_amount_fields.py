"""A number field that shows itself a sum of money (a currency in its title) carries no credential its
form's prompt asks for; a text field that shows itself a phone number (its example or mask written out,
three words at most beside it, long enough to hold one) carries no one-time code: it is where the code is
sent ("where shall we send the code?"). Either still carries one when its own texts name a code or what
was sent, and a phone field still carries a password, PIN or key (red team 30b)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.ordinary import shows_amount, shows_phone


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
], ids=str)
def test_a_text_field_shows_a_phone_number_only_as_its_own_example(prop: dict[str, Any], shows: bool) -> None:
    assert shows_phone("value", "string", {"type": "string", **prop}) is shows


@pytest.mark.parametrize(("kind", "title", "shows"), [
    ("number", "Kwota (zł)", True), ("number", "Amount (৳)", True), ("integer", "Betrag in €", True),
    ("string", "Account ($)", False), ("string", "$", False), ("number", "PIN (€)", False), ("number", "Amount", False),
], ids=str)
def test_only_a_number_field_with_a_currency_in_its_title_shows_an_amount(kind: str, title: str, shows: bool) -> None:
    assert shows_amount("value", kind, {"type": kind, "title": title}) is shows


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
], ids=str)
def test_a_field_that_names_the_code_or_what_was_sent_or_is_asked_a_password_still_carries_it(
        message: str, prop: dict[str, Any], policy: Policy) -> None:
    assert not allowed(message, {"value": {"type": "string", **prop}}, policy)
