"""Red team 19b: card numbers through the 13/14-digit change (policies/shapes.py card_pattern).

Each form is judged with the rules alone (policy.form.classifier: false) and with the default policy.
"""

from __future__ import annotations

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES

POLICIES = pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])


def _verdict(policy: Policy, message: str, **props: dict[str, object]):
    clear_caches()
    params = {"message": message,
              "requestedSchema": {"type": "object", "properties": {k: {"type": "string", **v} for k, v in props.items()}}}
    return judge_elicitation(params, MODES, policy)


# The textbook card regexes (regular-expressions.info and every form library copies them): the
# digits are split over several quantifiers, a prefix and a tail, and add up to 15 to 19.
CARD_REGEXES = {
    "mastercard": r"^5[1-5][0-9]{14}$",
    "amex": r"^3[47][0-9]{13}$",
    "visa 13 or 16": r"^4[0-9]{12}(?:[0-9]{3})?$",
    "discover": r"^6(?:011|5[0-9]{2})[0-9]{12}$",
    "jcb": r"^(?:2131|1800|35\d{3})\d{11}$",
    "maestro": r"^(?:5[0678]\d\d|6304|6390|67\d\d)\d{8,15}$",
    "sixteen as 14 then 2": r"^\d{14}\d{2}$",
    "sixteen as 2 then 14": r"^\d{2}\d{14}$",
    "fourteen and up to five more": r"^[0-9]{14}[0-9]{0,5}$",
    "sixteen as 7, 7 and 2": r"^\d{7}\d{7}\d{2}$",
    "four groups of four, spaces optional": r"^(\d{4}[ -]?){4}$",
    "amex groups 4 6 5": r"^\d{4} \d{6} \d{5}$",
}


@POLICIES
@pytest.mark.parametrize("pattern", list(CARD_REGEXES.values()), ids=list(CARD_REGEXES))
def test_a_pattern_whose_digits_add_up_to_a_card_number_is_refused_under_a_neutral_title(policy: Policy,
                                                                                          pattern: str) -> None:
    verdict = _verdict(policy, "Complete your order", n={"title": "Number", "pattern": pattern})
    assert not verdict.allowed
    assert "payment.card_number" in {r.rule for r in verdict.reasons}


HONEST = {
    "diners-length tax id": r"^\d{14}$",
    "thirteen digits": r"^\d{13}$",
    "aadhaar twelve": r"^[2-9]\d{11}$",
    "ten and three": r"^\d{10}\d{3}$",
    "phone": r"^\+?\d{10,14}$",
}


@POLICIES
@pytest.mark.parametrize("pattern", list(HONEST.values()), ids=list(HONEST))
def test_a_digits_only_pattern_of_fewer_than_fifteen_digits_is_still_no_card_by_its_shape(policy: Policy,
                                                                                          pattern: str) -> None:
    verdict = _verdict(policy, "Register your business", n={"title": "Registration number", "pattern": pattern})
    assert "payment.card_number" not in {r.rule for r in verdict.reasons}


# Fixed (session 20): Diners Club is a card brand (lexicon concept card_brand): the "club" inside its
# name is no loyalty look-alike, and a form naming it makes 14 digits a card's.
DINERS = [
    ("Enter the number of your Diners Club card", {"title": "Number", "pattern": r"^\d{14}$"}),
    ("Payment", {"title": "Diners Club card number"}),
    ("Payment", {"title": "Carte Diners Club", "description": "numéro de la carte"}),
    ("ダイナースクラブカードの番号を入力してください", {"title": "番号", "pattern": r"^\d{14}$"}),
    ("Pay by card", {"title": "Diners Club International card number", "pattern": r"^3[0689]\d{12}$"}),
]
CLUBS = [
    ("Your club membership", {"title": "Club card number"}),
    ("Points", {"title": "Carte club", "description": "numéro de la carte"}),
    ("Diners Club restaurant rewards", {"title": "Member number", "pattern": r"^\d{8}$"}),
]


@POLICIES
@pytest.mark.parametrize(("message", "field"), DINERS, ids=[f"diners{i}" for i in range(len(DINERS))])
def test_the_number_of_a_diners_club_card_is_refused(policy: Policy, message: str, field: dict[str, object]) -> None:
    verdict = _verdict(policy, message, n=field)
    assert "payment.card_number" in {r.rule for r in verdict.reasons}


@POLICIES
@pytest.mark.parametrize(("message", "field"), CLUBS, ids=[f"club{i}" for i in range(len(CLUBS))])
def test_a_club_card_or_a_member_number_of_a_diners_club_is_still_allowed(policy: Policy, message: str,
                                                                         field: dict[str, object]) -> None:
    assert _verdict(policy, message, n=field).allowed


@POLICIES
# Fixed: a card the form names (no look-alike beside it) makes 13 or 14 digits a card's (forms._CARDS).
def test_fourteen_digits_under_a_prompt_to_pay_by_card_are_refused(policy: Policy) -> None:
    verdict = _verdict(policy, "Pay with your card", n={"title": "Number", "pattern": r"^\d{14}$"})
    assert not verdict.allowed
