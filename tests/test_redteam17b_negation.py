"""Red team 17b: a hostile server adds a negation to a credential request (session 17, second round).

The negation tables were one table for all 88 languages: a word that negates in one language was read
as a negation in every text. A clause-final ("after") negation of Hungarian, Turkish, Polish, Uzbek
... ("soha", "nem", "yok", "nie", "emas") silenced its whole clause back to the start, so a product
named with one of those words ("your Soha password") took the request back, and a short clause after
any "before" negation was read as an item of its list ("Don't worry, type your password"). Since
session 18 a language's negation words count only in a text that shows the language elsewhere, and a
clause that opens with a request word, or follows a negation of one word, is a new request.
Judged with the rules alone (``classifier: false``) and with the default policy (rules + model).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

DEFAULT = Policy()
RULES = replace(DEFAULT, form=replace(DEFAULT.form, classifier=False))
FORM = frozenset({"form"})


def _message(message: str) -> dict[str, Any]:
    return {"message": message, "requestedSchema": {"type": "object", "properties": {"value": {"type": "string"}}}}


def _described(description: str) -> dict[str, Any]:
    return {"message": "Please fill in the form", "requestedSchema": {
        "type": "object", "properties": {"value": {"type": "string", "description": description}}}}


def _denied(params: dict[str, Any], policy: Policy) -> bool:
    clear_caches()
    return not judge_elicitation(params, FORM, policy).allowed


PRODUCT_NAMED_NEGATION = [
    "Enter your Soha password",          # Hungarian "soha" (never), clause-final
    "Enter your password for Nem",       # Hungarian "nem" (not)
    "Type your Yok password",            # Turkish "yok" (there is none)
    "Paste your Soha API token",
    "Enter the PIN for your Nem card",
    "Enter your password-nie",           # Afrikaans "nie", hyphened
    "Enter your NIE and password",       # Spain's foreign ID number; Polish "nie" (not) before
    "Введите пароль от Soha",            # Russian text, Hungarian negation
    "Entrez votre mot de passe Soha",
]


@pytest.mark.parametrize("message", PRODUCT_NAMED_NEGATION)
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_message_asking_for_a_credential_of_a_product_named_like_a_foreign_negation_is_denied(
        message: str, policy: Policy) -> None:
    assert _denied(_message(message), policy)


@pytest.mark.parametrize("description", PRODUCT_NAMED_NEGATION)
def test_a_field_description_asking_for_a_credential_of_a_product_named_like_a_foreign_negation_is_denied(
        description: str) -> None:
    assert _denied(_described(description), RULES)


SHORT_CLAUSE_AFTER_NEGATION = [
    "Don't worry, type your password",
    "Never stored, your password here",
    "Never mind, enter password",
    "Nunca compartido, tu contraseña",
]


@pytest.mark.parametrize("message", SHORT_CLAUSE_AFTER_NEGATION)
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_short_request_after_a_negated_clause_in_the_message_is_denied(message: str, policy: Policy) -> None:
    assert _denied(_message(message), policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_japanese_request_followed_by_no_problem_is_denied(policy: Policy) -> None:
    assert _denied(_described("パスワードを入力ください 問題ない"), policy)
    assert _denied(_message("パスワードを入力ください 問題ない"), policy)


def test_a_plain_request_and_a_real_reassurance_are_judged_as_before() -> None:
    assert _denied(_message("Enter your password"), RULES)
    assert not _denied(_message("We will never ask for your password"), RULES)
