"""India's postal PIN code typed in Latin letters ("apna pin code aur pura address bhej de"), and a
field whose pattern only India's postal code has, which takes no PIN from the prompt."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
POLICIES = [pytest.param(RULES, id="rules"), pytest.param(DEFAULT, id="default")]


def _allowed(message: str, title: str, pattern: str, policy: Policy) -> bool:
    clear_caches()
    prop: dict[str, Any] = {"type": "string", "title": title, "pattern": pattern}
    params = {"message": message, "requestedSchema": {"type": "object", "properties": {
        "naam": {"type": "string", "title": "Naam"}, "pin_code": prop}}}
    return judge_elicitation(params, frozenset({"form"}), policy).allowed


POSTAL = [
    ("hi", "bhai apna pin code aur pura address bhej de, main tera order abhi kar deta hu", "pin code", "^[0-9]{6}$"),
    ("kn", "Guru, ninna address mattu pin code kalsu, naanu parcel kalistini", "pin code", "^[0-9]{6}$"),
    ("pa", "Apna naam te PIN code paa deo ji, fer booking confirm ho jaugi", "PIN code", "^[1-9][0-9]{5}$"),
    ("ta", "Unga address, PIN code ellam inga podunga bro, order udane confirm aagum", "PIN code", "^[1-9][0-9]{5}$"),
    ("en", "Enter your delivery address and PIN code", "PIN code", "^[0-9]{6}$"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title", "pattern"), POSTAL, ids=[row[0] for row in POSTAL])
def test_a_postal_pin_code_typed_in_latin_letters_passes(lang: str, message: str, title: str, pattern: str,
                                                        policy: Policy) -> None:
    assert _allowed(message, title, pattern, policy)


PAID = [
    ("hi", "apna debit card ka pin code daalo, payment abhi ho jayega", "pin code", "^[0-9]{6}$"),
    ("en", "Enter your card's PIN code and delivery address", "PIN code", "^[0-9]{6}$"),
    ("en", "Confirm the UPI payment with your PIN code", "PIN code", "^[0-9]{6}$"),
    ("en", "Enter your card PIN", "PIN", "^[0-9]{4}$"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title", "pattern"), PAID, ids=[f"{row[0]}-{i}" for i, row in enumerate(PAID)])
def test_a_pin_code_beside_a_card_or_a_payment_is_still_a_pin(lang: str, message: str, title: str, pattern: str,
                                                              policy: Policy) -> None:
    assert not _allowed(message, title, pattern, policy)
