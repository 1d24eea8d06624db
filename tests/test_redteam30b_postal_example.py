"""Red team 30b (fixed in session 30): postal_example (policies/postal.py, bd644b1) takes a field India's compound names ("PIN
code", "पिन कोड", "Pincode") for the postal code when a six-digit number of the postal shape stands in
its texts, whatever the form is about. A form that speaks of no address, delivery or place at all (a
sign-in, a transfer, a cash machine, a UPI payment) is let through with its one "PIN code" field, which
a UPI PIN (six digits) fits. Every form here was denied under both policies before bd644b1."""

from __future__ import annotations

from typing import Any

import pytest

from tests.both_policies import IDS, POLICIES, allowed


def _s(**kw: Any) -> dict[str, Any]:
    return {"type": "string", **kw}


_NO_PLACE_IN_SIGHT = [
    ("Sign in to your NetBanking.", {"u": _s(title="Customer ID"), "c": _s(title="PIN code", description="6 digits, e.g. 400001")}),
    ("नेट बैंकिंग में लॉग इन करें।", {"u": _s(title="ग्राहक आईडी"), "c": _s(title="पिन कोड", description="6 अंक, उदा. 411001")}),
    ("Approve the transfer of ₹20,000.", {"c": _s(title="PIN code", description="e.g. 110001")}),
    ("Approve the transfer of ₹20,000.", {"c": _s(title="Pincode", description="e.g. 110001")}),
    ("Pay ₹5,000 with UPI.", {"pin": _s(title="PIN code", description="6 digits, e.g. 411001")}),
    ("₹5,000 का UPI भुगतान पूरा करें।", {"c": _s(title="पिन कोड", description="6 अंक, उदा. 411001")}),
    ("ATM से ₹2,000 निकालें।", {"c": _s(title="पिन कोड", description="उदा. 411001")}),
    ("ATM ನಿಂದ ಹಣ ತೆಗೆಯಿರಿ.", {"c": _s(title="ಪಿನ್ ಕೋಡ್", description="ಉದಾ. 560001")}),
    ("Verify your UPI payment.", {"c": _s(title="pin કોડ", description="દા.ત. ૩૮૦૦૦૯")}),
    ("Enter the code.", {"c": _s(title="PIN code", description="e.g. 110001", maxLength=6)}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), _NO_PLACE_IN_SIGHT)
def test_a_pin_code_with_a_postal_example_in_a_form_about_no_place_is_still_a_pin(
        message: str, props: dict[str, Any], policy: Any) -> None:
    assert not allowed(message, props, policy)
