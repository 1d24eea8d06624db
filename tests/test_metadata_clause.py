"""A metadata word ("hint", "label", "length", "name") excuses a credential only in its own clause.

"Password hint" names a setting about a password; "Password (hint: at least 8 characters)" asks for
the password and gives a hint about it. Before session 22, any metadata word within three words
excused the term, across a parenthesis, a colon or a full stop, so both passed both policies.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.lookalike import clauses_of
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
POLICIES = [pytest.param(RULES, id="rules"), pytest.param(DEFAULT, id="default")]


def _allowed(title: str, policy: Policy, description: str | None = None) -> bool:
    prop: dict[str, Any] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    clear_caches()
    return judge_elicitation({"message": "Sign in", "requestedSchema": {"type": "object", "properties": {"p": prop}}},
                             frozenset({"form"}), policy).allowed


ASKS_ACROSS_A_BREAK = [
    "Password (hint: at least 8 characters)",
    "Password. Hint: 8+ chars",
    "Hint: your password",
    "Password (hint)",
    "API key (label: prod)",
    "Token (name: ci)",
    "Your password [hint: the name of your dog]",
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("title", ASKS_ACROSS_A_BREAK)
def test_a_metadata_word_across_a_clause_break_does_not_excuse_the_credential(title: str, policy: Policy) -> None:
    assert not _allowed(title, policy)


METADATA_IN_ITS_CLAUSE = [
    "Password hint",
    "Your password hint",
    "Password length (8-64)",
    "Password policy: strong",
    "API key name (shown in your list)",
    "Key label",
    "Name of the API key",
    "Postal code (PIN)",
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("title", METADATA_IN_ITS_CLAUSE)
def test_a_metadata_word_in_the_credentials_own_clause_still_excuses_it(title: str, policy: Policy) -> None:
    assert _allowed(title, policy)


@pytest.mark.parametrize(("text", "count", "clauses"), [
    ("Password hint", 2, None),
    ("Password (hint: at least 8 characters)", 6, [0, 1, 2, 2, 2, 2]),
    ("Password. Hint", 2, [0, 1]),
    ("a.b", 3, [0, 1, 2]),  # words that do not line up: every word a clause of its own
])
def test_each_word_is_given_its_clause(text: str, count: int, clauses: list[int] | None) -> None:
    assert clauses_of(text, count) == clauses
