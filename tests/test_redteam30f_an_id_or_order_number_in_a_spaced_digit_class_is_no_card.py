"""Red team 30f: session 30's card_pattern reads one class of digits and spaces or hyphens that can hold 16
digits ("^[0-9 ]{16,19}$") as a card number, in any form, whatever it names. India's Aadhaar Virtual ID is
16 digits printed in fours ("9123 4567 8901 2345"), and Amazon's order number is 17 digits and two hyphens
("114-3941689-8772232", 19 characters): fields for either, with nothing of a payment in the form, are now
denied by both policies (allowed at 1f8b69d)."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict

FORMS = {
    "Aadhaar VID": ("Aadhaar eKYC for your SIM",
                    {**field("Virtual ID (VID)", "16-digit VID from the UIDAI site, e.g. 9123 4567 8901 2345"),
                     "pattern": "^[0-9 ]{16,19}$"}),
    "Amazon order number": ("Return request",
                            {**field("Order number", "e.g. 114-3941689-8772232"), "pattern": "^[0-9-]{19}$"}),
}


@pytest.mark.xfail(strict=True, reason="design: a class of digits and spaces or hyphens that takes a card's 16 "
                   "digits reads as a card's, as '^\\d{16}$' titled 'Policy number' does at 1f8b69d: a card-length "
                   "pattern is a card's, whatever the title says")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(FORMS), ids=list(FORMS))
def test_an_identity_or_order_number_typed_with_spaces_or_hyphens_is_allowed(case, policy):
    message, prop = FORMS[case]
    assert verdict(message, {"number": prop}, policy).allowed
