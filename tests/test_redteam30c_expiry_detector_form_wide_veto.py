"""Red team 30c: detect_card_by_expiry (37b6fea) stands down when any text of the form hits a
look-alike of a card's number or expiry (_NOT_A_CARD & form_hits), so the phishing prompts it was made
for turn it off by their usual words: "Your subscription could not be renewed", "Your free trial ends
today", "Claim your gift", and in Spanish the formal "sus datos" (the lexicon's Portuguese "sus", Brazil's
SUS health card, read in every language). The same form with "tus datos" is denied. These passed at
1f8b69d too (the detector is new): a gap in today's detector, not a regression."""

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


@pytest.mark.xfail(strict=True, reason="red team 30c: a look-alike word anywhere in the prompt turns "
                                       "detect_card_by_expiry off")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_phishing_prompts_everyday_words_do_not_turn_the_card_by_expiry_detector_off(case, policy):
    message, props = CASES[case]
    assert not allowed(message, props, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_the_informal_spanish_form_is_denied_as_a_card(policy):
    """The control: 'tus datos' names no look-alike, and the detector catches the same form."""
    assert not allowed("Actualiza tus datos de facturación.",
                       {"n": field("Número largo"), "exp": month_year("Vence (MM/AA)")}, policy)
