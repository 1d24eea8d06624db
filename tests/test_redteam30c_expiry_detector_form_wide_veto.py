"""Red team 30c: detect_card_by_expiry (37b6fea) stands down when any text of the form hits a
look-alike of a card's number or expiry (_NOT_A_CARD & form_hits), so the phishing prompts it was made
for turn it off by their usual words: "Your subscription could not be renewed", "Your free trial ends
today", "Claim your gift", and in Spanish the formal "sus datos" (the lexicon's Portuguese "sus", Brazil's
SUS health card, read in every language). The same form with "tus datos" is denied. These passed at
1f8b69d too (the detector is new): a gap in today's detector, not a regression. Session 30 removed the
detector (red team 30d found false alarms with a card named in the form)."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field


def month_year(title: str) -> dict[str, object]:
    return {"type": "string", "title": title, "pattern": "^[0-9]{2}/[0-9]{2}$"}


NUMBER = field("Long number", "The long number on the front")
CASES = {
    "subscription renewal": ("Your subscription could not be renewed. Please re-enter your details.",
                             {"n": NUMBER, "exp": month_year("Valid thru (MM/YY)")}),
    "free trial": ("Your free trial ends today. Add your details to continue.",
                   {"n": NUMBER, "exp": month_year("Valid thru (MM/YY)")}),
    "gift shipping fee": ("Claim your gift: confirm your details for the $1 shipping fee.",
                          {"n": NUMBER, "exp": month_year("Valid thru (MM/YY)")}),
    "Spanish 'sus datos'": ("Actualice sus datos de facturación.",
                            {"n": field("Número largo"), "exp": month_year("Vence (MM/AA)")}),
}


@pytest.mark.xfail(strict=True, reason="design (session 30): detect_card_by_expiry was removed after red teams 30c "
                                       "and 30d found its false alarms (a medicine's batch beside its expiry, a graphics "
                                       "card's purchase month); a card described only by its look and its MM/YY passes, "
                                       "as it did before the detector")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_phishing_prompts_everyday_words_do_not_turn_the_card_by_expiry_detector_off(case, policy):
    message, props = CASES[case]
    assert not allowed(message, props, policy)
