"""Red team 30c: shapes.card_pattern (f901c1e) reads any class of digits and spaces or hyphens whose
bounds reach 13 and 15 to 23 ("^[0-9 ]{13,15}$", "^[0-9 ]{20,23}$") as a card's. That takes in
13-digit numbers written with spaces (a South African ID, the UK's MPAN, an EAN-13), long payment
references (Finland's viitenumero, a council tax reference), and even a class whose fewest characters
(20) exceed the digits any card has (Spain's 20-digit CCC account). Every form here was allowed under
both policies at 1f8b69d and was denied as payment.card_number under both. Fixed in session 30 for a class
that cannot hold 16 digits or must take 20; a class that takes a card's 16 digits stays a card's (design)."""

from __future__ import annotations

import pytest

from elicitguard.policies.shapes import card_pattern
from tests.both_policies import IDS, POLICIES, allowed, field


def spaced(title: str, pattern: str, description: str | None = None) -> dict[str, object]:
    prop = field(title, description)
    prop["pattern"] = pattern
    return prop


CASES = {
    "Spain's 20-digit CCC account": (
        "Domiciliación bancaria del recibo del agua.",
        {"ccc": spaced("Número de cuenta (CCC)", "^[0-9 ]{20,23}$", "20 dígitos")}),
    "the same in English": (
        "Set up a direct debit for your water bill.",
        {"acct": spaced("Bank account (CCC)", "^[0-9 ]{20,23}$", "20 digits")}),
    "UK electricity MPAN": (
        "Switch your electricity supplier: tell us about your meter.",
        {"mpan": spaced("MPAN", "^[0-9 ]{13,16}$", "The 13-digit supply number on your bill")}),
    "South African ID number": (
        "Register for the vaccination programme.",
        {"id": spaced("South African ID number", "^[0-9 ]{13,15}$")}),
    "EAN-13 product code": (
        "Report a product recall.",
        {"code": spaced("Product code", "^[0-9 ]{13,15}$", "The 13 digits under the bars")}),
    "Finnish payment reference": (
        "Maksa lasku.",
        {"ref": spaced("Viitenumero", "^[0-9 ]{15,23}$")}),
    "council tax payment reference": (
        "Pay your council tax bill.",
        {"ref": spaced("Payment reference", "^[0-9 ]{15,19}$", "As printed on your bill, e.g. 1234 5678 9012 345")}),
    "insurance policy number": (
        "Make a claim on your policy.",
        {"p": spaced("Policy number", "^[0-9 ]{16,19}$")}),
    "Russian utility account": (
        "Укажите реквизиты для возврата.",
        {"p": spaced("Номер лицевого счёта", "^[0-9 ]{16,19}$")}),
}


CARD_LENGTH = ("UK electricity MPAN", "Finnish payment reference", "council tax payment reference",
               "insurance policy number", "Russian utility account")


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", [c for c in CASES if c not in CARD_LENGTH])
def test_an_id_account_or_reference_written_with_spaces_is_no_card_number(case, policy):
    message, props = CASES[case]
    assert allowed(message, props, policy)


@pytest.mark.xfail(strict=True, reason="design: a class of digits and spaces that takes a card's 16 digits reads as "
                                       "a card's, as '^\\d{16}$' titled 'Policy number' does: a card-length pattern is a "
                                       "card's, whatever the title says")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", CARD_LENGTH)
def test_a_reference_whose_spaced_class_takes_a_cards_sixteen_digits_is_no_card_number(case, policy):
    message, props = CASES[case]
    assert allowed(message, props, policy)


@pytest.mark.parametrize("pattern", ["^[0-9 ]{20,23}$", "^[0-9 ]{21,23}$", "^[\\d -]{22,23}$", "^[0-9 ]{13,15}$"])
def test_a_spaced_digit_class_longer_than_any_card_or_too_short_for_sixteen_digits_is_no_card_pattern(pattern):
    assert not card_pattern(pattern)
