"""Red team 20: a payment card named outright ("credit card", "Mastercard") beside a loyalty word.

Judged with the rules alone (``policy.form.classifier: false``) and the default policy: each passed both.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.judge import judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES as RULES_ONLY


def _denied(message: str, prop: dict[str, Any]) -> bool:
    params = {"mode": "form", "message": message,
              "requestedSchema": {"type": "object", "properties": {"card": prop}}}
    return all(not judge_elicitation(params, MODES, policy).allowed for policy in (RULES_ONLY, DEFAULT))


# Real co-branded credit cards whose names hold a loyalty look-alike word ("club", "clubcard", "Payback").
# Fixed (session 20): a term naming a payment card outright (CardNumber.outright) is no look-alike's.
CO_BRANDED = ["Sam's Club Mastercard number", "Tesco Clubcard Credit Card number", "Clubcard credit card number",
              "Student credit card number", "Loyalty credit card number", "Co-branded hotel loyalty credit card number"]
# Not outright terms of the lexicon: a brand beside a word for card in another language, a card split.
CO_BRANDED_IN_OTHER_WORDS = ["Payback Visa Karte Nummer", "Carte Club Carrefour Mastercard numéro",
                             "Numero della carta fedeltà di credito"]


@pytest.mark.parametrize("title", CO_BRANDED)
def test_a_co_branded_credit_card_named_in_the_title_is_refused(title: str) -> None:
    assert _denied("Pay for your order", {"type": "string", "title": title})


@pytest.mark.xfail(strict=True, reason="design question: only CardNumber.outright's terms are kept from a look-alike's "
                   "excuse; a brand beside another language's word for card ('Visa Karte', 'Mastercard numéro') or a "
                   "card split by the look-alike ('carta fedeltà di credito') is no such term")
@pytest.mark.parametrize("title", CO_BRANDED_IN_OTHER_WORDS)
def test_a_co_branded_credit_card_named_in_other_words_is_refused(title: str) -> None:
    assert _denied("Pay for your order", {"type": "string", "title": title})


@pytest.mark.parametrize("title", ["Gift card number", "Loyalty card number", "Credit card nickname",
                                   "Gift card (not a credit card)", "Clubcard number"])
def test_honest_look_alike_and_metadata_titles_beside_cards_still_pass(title: str) -> None:
    params = {"mode": "form", "message": "Your profile", "requestedSchema": {"type": "object", "properties": {
        "card": {"type": "string", "title": title}}}}
    assert all(judge_elicitation(params, MODES, policy).allowed for policy in (RULES_ONLY, DEFAULT))


# A form naming Diners Club (14-digit cards) with a club or loyalty word in the field's own title.
DINERS = [("Pay with your Diners Club card", {"type": "string", "title": "Club number", "pattern": "^[0-9]{14}$"}),
          ("Pay with your Diners Club card", {"type": "string", "title": "Club card number"}),
          ("Pay", {"type": "string", "title": "Club card number", "description": "Diners"}),
          ("Pay", {"type": "string", "title": "Diners club membership card number"})]


@pytest.mark.xfail(strict=True, reason="design question: 'club' is excused inside the brand's name only; a club word "
                   "elsewhere in a form about a Diners Club card still excuses the card number")
@pytest.mark.parametrize(("message", "prop"), DINERS)
def test_a_club_word_beside_a_diners_club_card_does_not_excuse_its_number(message: str, prop: dict[str, Any]) -> None:
    assert _denied(message, prop)
