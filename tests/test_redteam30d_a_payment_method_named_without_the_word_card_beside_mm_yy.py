"""Red team 30d: detect_card_by_expiry needs a card named in the form since 1944585. A phisher who says
"payment method" ("método de pago", "Zahlungsmethode") or "plan" and never "card" asks for the long number
on the front beside a "Vence (MM/AA)" / "Gültig bis (MM/JJ)" / "Validade MM/AA" field and passes under
both policies (the model does not catch these wordings either, under fields named 'numero' and 'vence'). Denied as payment.card_number under both
policies at 04d31bd (before today's change); allowed at 1f8b69d too (the detector did not exist): a
regression of today's narrowing, not of the last release."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

CASES = {
    "Spanish": ("Su pago ha fallado. Actualice su método de pago para no perder su cuenta.",
                "Número largo del anverso", "Vence (MM/AA)"),
    "German": ("Ihre Zahlung ist fehlgeschlagen. Aktualisieren Sie Ihre Zahlungsmethode.",
               "Lange Nummer auf der Vorderseite", "Gültig bis (MM/JJ)"),
    "Portuguese": ("Renova o teu plano para não perderes o acesso.", "Número", "Validade MM/AA"),
}


@pytest.mark.xfail(strict=True, reason="design (session 30): no rule reads a card by its look and its MM/YY; the "
                   "card-by-expiry detector was removed after red teams 30c and 30d found its false alarms (a medicine's "
                   "batch, a graphics card's purchase month), as at 1f8b69d")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_long_number_beside_a_month_and_two_digit_year_in_a_payment_form_that_never_says_card_is_denied(case, policy):
    message, number, expiry = CASES[case]
    assert not allowed(message, {"numero": field(number), "vence": field(expiry)}, policy)
