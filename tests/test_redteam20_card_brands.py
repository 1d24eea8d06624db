"""Red team 20: a payment card named outright ("credit card", "Mastercard") beside a loyalty word.

Judged with the rules alone (``policy.form.classifier: false``) and the default policy: each passes both.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import judge_elicitation

DEFAULT = Policy()
RULES_ONLY = replace(DEFAULT, form=replace(DEFAULT.form, classifier=False))
MODES = frozenset({"form", "url"})


def _denied(message: str, prop: dict[str, Any]) -> bool:
    params = {"mode": "form", "message": message,
              "requestedSchema": {"type": "object", "properties": {"card": prop}}}
    return all(not judge_elicitation(params, MODES, policy).allowed for policy in (RULES_ONLY, DEFAULT))


# Real co-branded credit cards whose names hold a loyalty look-alike word ("club", "clubcard", "Payback").
CO_BRANDED = ["Sam's Club Mastercard number", "Tesco Clubcard Credit Card number", "Clubcard credit card number",
              "Payback Visa Karte Nummer", "Carte Club Carrefour Mastercard numéro", "Student credit card number",
              "Loyalty credit card number", "Co-branded hotel loyalty credit card number",
              "Numero della carta fedeltà di credito"]


@pytest.mark.xfail(strict=True, reason="design question: a look-alike word beside a term that names a payment card "
                   "outright ('credit card', 'Mastercard') in the title excuses it; only a description's outright "
                   "term is kept from the title's excuse, and 'Credit card nickname' must stay excused")
@pytest.mark.parametrize("title", CO_BRANDED)
def test_a_co_branded_credit_card_named_in_the_title_is_refused(title: str) -> None:
    assert _denied("Pay for your order", {"type": "string", "title": title})


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
