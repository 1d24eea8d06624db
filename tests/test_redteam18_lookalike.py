"""Red team 18: a look-alike title ("Gift card", "Promo", "Max tokens") over a description that names the
credential outright in another phrasing or language. Design: ``outright`` terms are English and a few languages' words for a credit or bank card only."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
MODES = frozenset({"form", "url"})


def _form(title: str, description: str) -> dict[str, object]:
    return {"mode": "form", "message": "Please fill in the form.",
            "requestedSchema": {"type": "object", "properties": {
                "answer": {"type": "string", "title": title, "description": description}}}}


OUTRIGHT_ELSEWHERE = [
    ("Gift card", "Your card number from your bank card"),
    ("Gift card", "Your MasterCard card number"),
    ("Promo", "Your security code from the SMS"),
    ("Promo", "The 6-digit code we just sent to your phone by SMS"),
]
# Named outright since (session 18): the card's and the token's own words in other languages and forms.
OUTRIGHT_NOW = [
    ("Gift card", "信用卡号"),  # Chinese: credit card number
    ("Gift card", "Номер банковской карты"),  # Russian: bank card number
    ("Gift card", "Numéro de carte bancaire"),  # French: bank card number
    ("Max tokens", "Your GitHub PAT"),
]


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("title", "description"), OUTRIGHT_NOW)
def test_a_look_alike_title_does_not_excuse_a_credential_named_outright_in_another_language(
        title: str, description: str, policy: Policy) -> None:
    assert not judge_elicitation(_form(title, description), MODES, policy).allowed


@pytest.mark.xfail(strict=True, reason="design: outright terms are English phrases only; the lexicon's "
                   "terms of other phrasings ('bank card', a brand beside 'card number', a code sent by SMS: a promo code is sent "
                   "so too) are not outright")
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("title", "description"), OUTRIGHT_ELSEWHERE)
def test_a_look_alike_title_does_not_excuse_a_description_naming_the_credential_in_other_words(
        title: str, description: str, policy: Policy) -> None:
    assert not judge_elicitation(_form(title, description), MODES, policy).allowed
