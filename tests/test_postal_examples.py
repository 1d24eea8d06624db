"""India's "PIN code" is its postal code: a field India's compound names ("पिन कोड", "PIN કોડ") and shows a
postal code as its example ("उदा. 411001", "દા.ત. ૩૮૦૦૦૯") is the postal code, even in a form that also
speaks of a payment or a cash machine (a delivery after paying, the nearest ATM), unless its own words
speak of a card, a bank or a sign-in."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies import postal
from elicitguard.policies.config import Policy
from elicitguard.policies.fieldtext import hits_of

SIX = {"type": "string", "pattern": "^[0-9]{6}$"}


@pytest.mark.parametrize(("title", "description", "shown"), [
    ("पिन कोड", "6 अंकी, उदा. 411001", True),
    ("PIN કોડ", "ડિલિવરી સરનામાનો 6 આંકડાનો પિન કોડ, દા.ત. 380009", True),
    ("ವಿವರ", "ನಿಮ್ಮ ಪಿನ್ ಕೋಡ್ (6 ಅಂಕಿ, ಉದಾ. 560001)", True),
    ("पिन कोड", "6 अंकी, उदा. 123456", False),  # no post office's number: the fourth digit is no 0
    ("पिन कोड", "6 अंकी", False),
    ("पिन कोड", "UPI पिन कोड, उदा. 110001", False),
    ("ATM PIN", "e.g. 110001", False),
], ids=str)
def test_a_postal_code_as_the_example_of_indias_compound_makes_the_field_the_postal_code_in_a_form_about_a_place(
        title: str, description: str, shown: bool) -> None:
    own = hits_of([title, description])
    assert postal.postal_example("string", SIX, title, [description], own, own | {postal.PLACE}) is shown
    assert not postal.postal_example("string", SIX, title, [description], own, own - {postal.PLACE})


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Paytm ऑर्डर: डिलिव्हरी पत्ता.", {"title": "पिन कोड", "description": "6 अंकी, उदा. 411001"}),
    ("तुमच्या जवळचे एटीएम शोधा.", {"title": "पिन कोड", "description": "तुमच्या भागाचा ६ अंकी पिन कोड, उदा. 411001"}),
], ids=str)
def test_indias_postal_pin_code_passes_beside_a_payment_or_a_cash_machine(message: str, prop: dict[str, Any],
                                                                          policy: Policy) -> None:
    assert allowed(message, {"pin_code": {**SIX, **prop}}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Paytm भुगतान की पुष्टि करें", {"title": "UPI पिन कोड", "description": "उदा. 110001"}),
    ("Confirm the withdrawal", {"title": "ATM PIN code", "description": "e.g. 560001"}),
    ("Paytm भुगतान की पुष्टि करें", {"title": "पिन कोड", "description": "6 अंकी, उदा. 123456"}),
    ("Confirm the payment with your bank card", {"title": "PIN", "description": "e.g. 110001"}),
], ids=str)
def test_a_card_or_bank_pin_with_a_postal_looking_example_is_still_a_pin(message: str, prop: dict[str, Any],
                                                                          policy: Policy) -> None:
    assert not allowed(message, {"pin_code": {**SIX, **prop}}, policy)
