"""Red team 30f (fixed in session 30): session 30 made India's scripts' loanword "postal" (पोस्टल...) a look-alike of a PIN, as
"postal PIN" is India's postal code. But India Post is also a bank: India Post Payments Bank's app has an
MPIN, and post office savings accounts an ATM card with its PIN. "पोस्टल बैंक एमपिन" (postal bank MPIN) and
"पोस्टल एटीएम पिन" (postal ATM PIN, four digits) now pass both policies; both were denied at 1f8b69d."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict

FORMS = {
    "postal bank MPIN": ("इंडिया पोस्ट पेमेंट्स बैंक: अपना खाता सत्यापित करें", field("पोस्टल बैंक एमपिन")),
    "postal ATM PIN": ("डाकघर बचत खाता: अपना कार्ड सक्रिय करें", field("पोस्टल एटीएम पिन")),
    "postal ATM PIN, four digits": ("अपना खाता सत्यापित करें",
                                    {**field("पोस्टल एटीएम पिन", "4 अंकों का पिन"), "pattern": "^[0-9]{4}$"}),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(FORMS), ids=list(FORMS))
def test_a_postal_bank_mpin_or_postal_atm_pin_is_denied(case, policy):
    message, prop = FORMS[case]
    assert not verdict(message, {"pin": prop}, policy).allowed
