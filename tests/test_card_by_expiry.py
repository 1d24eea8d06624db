"""A card described by its look ("the long number on the front", "the digits under your name") is still
a card: in a form that names a card, a field for a month and a two-digit year, as cards print their expiry
(a pattern "^[0-9]{2}/[0-9]{2}$" or a title "(MM/YY)"), beside a free-text field makes that field the card's
number, in any language. A passport's, a membership's or a voucher's expiry does not, nor a medicine's
batch beside its expiry in a form that names no card, nor a date with a day (red team 30c)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy

EXPIRY = {"type": "string", "title": "Valabil până la", "pattern": "^[0-9]{2}/[0-9]{2}$"}


def _text(title: str) -> dict[str, Any]:
    return {"type": "string", "title": title}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), [
    ("Plătește cu cardul comanda eMAG de 459 lei.", {"f1": _text("Cifrele de pe față"), "f2": EXPIRY}),
    ("Pay for your order with your card", {"front": _text("The long number on the front"),
                            "until": {"type": "string", "title": "Until", "pattern": "^(0[1-9]|1[0-2])/[0-9]{2}$"}}),
    ("カードでお支払い", {"a": _text("表面の長い数字"), "b": _text("下に印字された月/年 (MM/YY)")}),
], ids=str)
def test_a_number_beside_a_month_and_two_digit_year_is_a_cards_number(message: str, props: dict[str, Any],
                                                                      policy: Policy) -> None:
    assert not allowed(message, props, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), [
    ("Passport details", {"passport_no": _text("Passport number"), "exp": _text("Passport expiry (MM/YY)")}),
    ("Renew your gym membership", {"member": _text("Membership number"),
                                   "until": {"type": "string", "title": "Membership valid until", "pattern": "^[0-9]{2}/[0-9]{2}$"}}),
    ("Book the ferry", {"ref": _text("Booking reference"), "date": _text("Travel date (DD/MM/YY)")}),
    ("Start your subscription", {"start": _text("Subscription start (MM/YY)"), "name": _text("Name on the invoice")}),
    ("Report a side effect of your medicine", {"batch": _text("Batch number"), "exp": _text("Expiry date on the box (MM/YY)")}),
    ("Work history", {"employer": _text("Employer"), "since": {"type": "string", "title": "Since",
                                                              "pattern": "^[0-9]{2}/[0-9]{4}$"}}),
], ids=str)
def test_an_expiry_of_something_else_or_a_date_with_a_day_or_a_full_year_passes(message: str, props: dict[str, Any],
                                                                               policy: Policy) -> None:
    assert allowed(message, props, policy)
