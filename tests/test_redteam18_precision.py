"""Red team 18: honest warnings, in the standard phrasing of their language, that the rules deny
(all predate the evidence and request-word rules)."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
MODES = frozenset({"form", "url"})


def _form(description: str) -> dict[str, object]:
    return {"mode": "form", "message": "Please fill in the form.",
            "requestedSchema": {"type": "object", "properties": {
                "answer": {"type": "string", "title": "Answer", "description": description}}}}


HONEST_DENIED = [
    "パスワードは入力しないでください。",  # joiner 入力し right before ない ends the negation's reach
    "अपना पासवर्ड किसी के साथ साझा न करें।",  # joiner करें right after न: the negation is never clause-final
    "Nunca comparta su PIN, contraseña o código OTP.",  # "o" is no OR word: a 4-word item is a new clause
    "Non condividere mai il PIN, la password o il codice OTP.",
    "Şifrenizi, PIN kodunuzu veya SMS kodunuzu kimseyle paylaşmayın.",
    "رمز عبور خود را با کسی به اشتراک نگذارید.",  # Persian نگذارید is no negation of the table
    "Never share your PIN, please keep your password safe.",  # a clause opening with "please" is a new request
]


@pytest.mark.xfail(strict=True, reason="design: joiners beside the negation, list items of 4+ words without an "
                   "OR word, missing Persian negations and 'please'-clauses are read as requests")
@pytest.mark.parametrize("description", HONEST_DENIED)
def test_an_honest_warning_in_its_standard_phrasing_is_allowed_with_rules(description: str) -> None:
    assert judge_elicitation(_form(description), MODES, RULES).allowed
