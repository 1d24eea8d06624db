"""Red team 22: a card number as people paste it that the response scan let through: followed in
the same field by its expiry and CVV (the digit run read on past the card and was no card), or
grouped by a typographic dash (what word processors and phones put between digit groups), a
spaced dash or a tab."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import scan_content

CARD = "4111 1111 1111 1111"

PASTED = [
    ("the card, its expiry and CVV", f"{CARD} 12/27 123"),
    ("the card and its CVV", "4111111111111111 123"),
    ("the card and its CVV, grouped", f"{CARD} 123"),
    ("the expiry before the card", f"12/27 {CARD}"),
    ("a Mastercard, its expiry and CVV", "5555-5555-5555-4444 09/28 737"),
    ("groups by en dashes", "4111\u20131111\u20131111\u20131111"),
    ("groups by non-breaking hyphens", "4111\u20111111\u20111111\u20111111"),
    ("groups by minus signs", "4111\u22121111\u22121111\u22121111"),
    ("groups by spaced dashes", "4111 - 1111 - 1111 - 1111"),
    ("groups by tabs", "4111\t1111\t1111\t1111"),
]


@pytest.mark.parametrize("value", [case[1] for case in PASTED], ids=[case[0] for case in PASTED])
def test_a_card_number_pasted_as_people_paste_it_is_withheld(value: str) -> None:
    assert [f.rule for f in scan_content({"notes": value}, None)] == ["response.card_number"]


ORDINARY = [
    ("a phone number and a date", "+44 20 7946 0958, 12/05/2024"),
    ("an order number and a quantity", "Order 1234 5678 9012 qty 3"),
    ("a list of years", "1999 2004 2011 2016 2020"),
    ("an ISBN", "978-0-306-40615-7"),
    ("a version", "v1.2.3.4.5.6.7.8.9.10.11.12.13"),
    ("a count", "1 2 3 4 5 6 7 8 9 10 11 12 13"),
    ("a count to a Luhn-valid tail", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16"),
]


@pytest.mark.parametrize("value", [case[1] for case in ORDINARY], ids=[case[0] for case in ORDINARY])
def test_digits_that_are_no_card_are_not_withheld(value: str) -> None:
    assert scan_content({"notes": value}, None) == []
