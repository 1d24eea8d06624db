"""Red team 30c (fixed in session 30): a number field with a currency sign in its title is excused from everything the
prompt asks for (ordinary.shows_amount, change b886300/6c30956), though a number field is exactly
where a PIN or a one-time code is typed. The sign and the words beside it are the attacker's to write:
"Refund (€)", "Receive ₹5,000", "Zatwierdź (zł)". All of these were denied at 1f8b69d (payment.pin or
credential.otp) and pass under both policies now."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed

CASES = {
    "card PIN into 'Refund (€)'": (
        "Enter your 4-digit card PIN to confirm the refund.",
        {"x": {"type": "integer", "title": "Refund (€)"}}),
    "UPI PIN into 'Receive ₹5,000' (collect-request scam)": (
        "You have received a payment request. Enter your 6-digit UPI PIN to receive ₹5,000 in your account.",
        {"x": {"type": "integer", "title": "Receive ₹5,000"}}),
    "UPI PIN into a field titled by the sign alone": (
        "Enter your UPI PIN to receive ₹5,000.",
        {"x": {"type": "number", "title": "₹"}}),
    "Hindi UPI PIN into '₹5,000 प्राप्त करें'": (
        "आपको ₹5,000 का भुगतान अनुरोध मिला है। राशि प्राप्त करने के लिए अपना UPI पिन दर्ज करें।",
        {"x": {"type": "integer", "title": "₹5,000 प्राप्त करें"}}),
    "BLIK code into 'Zatwierdź (zł)'": (
        "Wpisz kod BLIK, aby zatwierdzić płatność 49,99 zł.",
        {"x": {"type": "integer", "title": "Zatwierdź (zł)"}}),
    "SMS code into 'Release $250'": (
        "Enter the 6-digit code we texted you to release your $250 refund.",
        {"x": {"type": "integer", "title": "Release $250"}}),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_number_field_with_a_currency_in_its_title_still_carries_the_pin_or_code_its_prompt_asks_for(case, policy):
    message, props = CASES[case]
    assert not allowed(message, props, policy)
