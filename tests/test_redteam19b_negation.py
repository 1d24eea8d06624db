"""Red team 19b: an excusing word after "non", "not", "no", "without" or "never" excuses nothing
(lookalike.negated) - but a look-alike term of the lexicon ("gift", "loyalty", "hint") still did."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES

POLICIES = pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])


def _allowed(policy: Policy, message: str, **titles: str) -> bool:
    clear_caches()
    params = {"message": message, "requestedSchema": {"type": "object", "properties": {
        name: {"type": "string", "title": title} for name, title in titles.items()}}}
    return judge_elicitation(params, MODES, policy).allowed


@POLICIES
@pytest.mark.parametrize("title", ["Card number (non-loyalty)", "Card number (not loyalty)",
                                   "Card number (no gift)", "Card number, never a gift card"])
def test_a_negated_look_alike_of_the_lexicon_does_not_excuse_a_card_number(policy: Policy, title: str) -> None:
    assert not _allowed(policy, "Checkout", n=title)


@POLICIES
@pytest.mark.parametrize("title", ["Password (no hint)", "Password without hint", "Password, not the hint"])
def test_a_negated_metadata_word_does_not_make_a_password_field_metadata(policy: Policy, title: str) -> None:
    assert not _allowed(policy, "Sign in", p=title)


@POLICIES
@pytest.mark.parametrize("title", ["Gift card number", "Loyalty card number", "Password hint", "SSH public key",
                                   "Password hint (not your password)"])
def test_honest_look_alikes_still_pass(policy: Policy, title: str) -> None:
    assert _allowed(policy, "Your profile", f=title)


@POLICIES
@pytest.mark.parametrize("title", ["SSH key, never made public", "SSH key (not so public half)",
                                   "SSH key other than the public one", "SSH-Schlüssel (nicht öffentlich)",
                                   "Clé SSH (non publique)"])
# Fixed (session 20): lookalike.negated reads the two words before the public word (an article aside),
# every language's negation markers and "other than"; an SSH key is named so in 20 languages.
def test_an_ssh_key_said_not_to_be_public_is_refused(policy: Policy, title: str) -> None:
    assert not _allowed(policy, "Deploy setup", k=title)


@POLICIES
@pytest.mark.parametrize("title", ["SSH-Schlüssel", "Clé SSH", "Clave SSH", "Klucz SSH", "SSH ключ"])
def test_an_ssh_key_in_other_words_is_refused_as_in_english(policy: Policy, title: str) -> None:
    assert not _allowed(policy, "Deploy setup", k=title)


@POLICIES
@pytest.mark.parametrize("title", ["Öffentlicher SSH-Schlüssel", "SSH-Schlüssel (öffentlich)", "Clé SSH publique",
                                   "Clave SSH pública", "Публичный SSH ключ", "Publiczny klucz SSH"])
def test_the_public_half_of_an_ssh_key_in_other_words_still_passes(policy: Policy, title: str) -> None:
    assert _allowed(policy, "Deploy setup", k=title)
