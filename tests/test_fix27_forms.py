"""Fix 27: five form-judging bugs a lexicon probe found: a gift card's number made another field's expiry
a payment card's; "nº" (a number sign) read as the negation "no"; Polish, Czech, Croatian and other
abbreviations of "number" before a card; the security question a user picks or writes read as its
answer; and a French expiry title read as metadata about a credential."""
from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import Policy
from tests.both_policies import IDS, POLICIES, field, verdict

BOTH = pytest.mark.parametrize("policy", POLICIES, ids=IDS)
MESSAGE = "Please fill in the form"


def _rules(props: dict[str, Any], policy: Policy) -> set[tuple[str, str | None]]:
    """The (rule, field) of every reason the form is denied for; empty when it is allowed."""
    judged = verdict(MESSAGE, props, policy)
    return set() if judged.allowed else {(r.rule, r.field) for r in judged.reasons}


# 1. A gift, loyalty, library or SIM card's number makes no other field's expiry a payment card's.
LOOK_ALIKE_CARDS = ["Gift card number", "Loyalty card number", "Library card number", "SIM card number",
                    "Gift card code"]


@BOTH
@pytest.mark.parametrize("card", LOOK_ALIKE_CARDS)
def test_an_expiry_beside_a_look_alike_card_number_is_no_payment_cards_expiry(card: str, policy: Policy) -> None:
    assert _rules({"card": field(card), "expiry": field("Expiry date")}, policy) == set()


@BOTH
@pytest.mark.parametrize("name", ["card_number", "gift_card_number"])
def test_an_expiry_beside_a_gift_card_field_named_as_a_card_number_is_allowed(name: str, policy: Policy) -> None:
    assert _rules({name: field("Gift card number"), "expiry": field("Expiry date")}, policy) == set()


@BOTH
def test_an_expiry_beside_an_untitled_card_number_field_is_still_denied(policy: Policy) -> None:
    found = _rules({"card_number": {"type": "string"}, "expiry": field("Expiry date")}, policy)
    assert ("payment.card_expiry", "expiry") in found


@BOTH
@pytest.mark.parametrize("card", ["Card number", "Credit card number", "CVV"])
def test_an_expiry_beside_a_payment_card_number_or_cvv_is_still_denied(card: str, policy: Policy) -> None:
    assert ("payment.card_expiry", "expiry") in _rules({"card": field(card), "expiry": field("Expiry date")}, policy)


@BOTH
def test_an_expiry_beside_a_gift_card_and_a_payment_card_number_is_still_denied(policy: Policy) -> None:
    found = _rules({"gift": field("Gift card number"), "card": field("Card number"), "expiry": field("Expiry date")},
                   policy)
    assert {("payment.card_number", "card"), ("payment.card_expiry", "expiry")} <= found


@BOTH
def test_a_gift_card_number_does_not_excuse_a_payment_card_number_beside_it(policy: Policy) -> None:
    assert ("payment.card_number", "card") in _rules({"gift": field("Gift card number"),
                                                      "card": field("Credit card number")}, policy)


@BOTH
def test_an_expiry_named_in_a_message_about_a_payment_card_is_still_denied(policy: Policy) -> None:
    judged = verdict("Enter your credit card details", {"gift": field("Gift card number"),
                                                         "expiry": field("Expiry date")}, policy)
    assert not judged.allowed


# 2. "nº", "n°", "№", "No." and "n." before a card are the number sign, never the negation "no".
NUMBER_SIGN = ["nº do cartão de crédito", "no. do cartão de crédito", "Nº do cartão de crédito", "N° de carte bancaire",
               "Nº de tarjeta de crédito", "Nº de tarjeta", "No. kartu kredit", "n. carta di credito",
               "n.º do cartão de crédito", "No. of credit card"]


@BOTH
@pytest.mark.parametrize("title", NUMBER_SIGN)
def test_a_number_sign_before_a_card_is_no_negation(title: str, policy: Policy) -> None:
    assert ("payment.card_number", "q") in _rules({"q": field(title)}, policy)


NEGATED_CARD = [("Gift card", "no credit card"), ("Gift card number", "No credit card, only a gift card"),
                ("Loyalty card", "No. This is not a credit card")]


@BOTH
@pytest.mark.parametrize(("title", "description"), NEGATED_CARD)
def test_a_real_no_before_a_card_still_negates_it(title: str, description: str, policy: Policy) -> None:
    assert _rules({"q": field(title, description)}, policy) == set()


# 3. Abbreviations of "number" before a card in further languages.
ABBREVIATED = ["nr karty", "nr. karty kredytowej", "Nr karty płatniczej", "č. karty", "č. platební karty",
               "br. kartice", "br. kreditne kartice", "nr kortu", "kaart nr", "№ карты", "№ банковской карты"]


@BOTH
@pytest.mark.parametrize("title", ABBREVIATED)
def test_an_abbreviated_number_before_a_card_is_a_card_number(title: str, policy: Policy) -> None:
    assert ("payment.card_number", "q") in _rules({"q": field(title)}, policy)


ABBREVIATED_LOOK_ALIKES = ["nr karty bibliotecznej", "nr karty podarunkowej", "Nr karty lojalnościowej",
                           "č. karty pojištěnce", "nr. karty stałego klienta", "No. of cards", "No. of gift cards",
                           "N° de carte de fidélité", "Nº do cartão de cidadão", "Nº de tarjeta sanitaria",
                           "Nr. Kundenkarte", "No. of playing cards", "Room No.", "Version no. 5"]


@BOTH
@pytest.mark.parametrize("title", ABBREVIATED_LOOK_ALIKES)
def test_an_abbreviated_number_of_a_look_alike_card_is_allowed(title: str, policy: Policy) -> None:
    assert _rules({"q": field(title)}, policy) == set()


# 4. The security question a user picks or writes is no secret; its answer is.
THE_QUESTION = ["Choose a security question", "Select a security question", "Pick your security question",
                "Write your own security question", "Create your own security question", "Set your own security question",
                "Choisissez une question de sécurité", "Elige una pregunta de seguridad",
                "Escolha uma pergunta de segurança", "Scegli una domanda di sicurezza",
                "Wählen Sie eine Sicherheitsfrage", "Eigene Sicherheitsfrage"]


@BOTH
@pytest.mark.parametrize("title", THE_QUESTION)
def test_the_security_question_a_user_picks_or_writes_is_allowed(title: str, policy: Policy) -> None:
    assert _rules({"q": field(title)}, policy) == set()


THE_ANSWER = ["Security question", "Security question: What was your first pet's name?",
              "Answer to your security question", "Answer to the security question you chose",
              "Answer to your own security question", "Choose a security question and type its answer",
              "Question de sécurité", "Sicherheitsfrage"]


@BOTH
@pytest.mark.parametrize("title", THE_ANSWER)
def test_a_security_question_as_the_title_of_its_answer_is_still_denied(title: str, policy: Policy) -> None:
    assert ("credential.security_answer", "q") in _rules({"q": field(title)}, policy)


@BOTH
@pytest.mark.parametrize("answer", ["Security answer", "Answer to your security question", "Secret answer", "Answer",
                                    "Your answer"])
def test_a_question_field_does_not_excuse_the_answer_field_beside_it(answer: str, policy: Policy) -> None:
    found = _rules({"question": field("Choose a security question"), "answer": field(answer)}, policy)
    assert ("credential.security_answer", "answer") in found


# 5. "Date d'expiration" ends in a metadata word ("Token expiration"), but a card's expiry is the expiry itself.
EXPIRY_TITLES = ["Date d'expiration", "Date d’expiration", "Date of expiration", "Card expiration"]


@BOTH
@pytest.mark.parametrize("title", EXPIRY_TITLES)
def test_an_expiry_titled_with_a_metadata_word_beside_a_card_number_is_denied(title: str, policy: Policy) -> None:
    assert ("payment.card_expiry", "expiry") in _rules({"card": field("Card number"), "expiry": field(title)}, policy)


@BOTH
@pytest.mark.parametrize("title", ["Token expiration", "API key expiration", "Subscription expiration"])
def test_another_things_expiration_beside_a_card_number_is_no_card_expiry(title: str, policy: Policy) -> None:
    assert ("payment.card_expiry", "expiry") not in _rules({"card": field("Card number"), "expiry": field(title)},
                                                           policy)


# 6. A credential's name and expiry in one CJK title are metadata, as "Token name and expiry date" is
# (lexicon 27a made "到期日" a card's expiry, which then counted as a credential asked for itself).
@BOTH
@pytest.mark.parametrize("title", ["令牌名称与到期日", "令牌名称和有效期", "API密钥名称与有效期", "Token name and expiry date"])
def test_a_credentials_name_and_its_expiry_in_one_title_is_allowed(title: str, policy: Policy) -> None:
    assert _rules({"q": field(title)}, policy) == set()


@BOTH
@pytest.mark.parametrize("title", ["卡号和有效期", "Card number and expiry date", "令牌和有效期", "Token and expiry date"])
def test_a_credential_and_an_expiry_in_one_title_is_still_denied(title: str, policy: Policy) -> None:
    assert _rules({"q": field(title)}, policy) != set()
