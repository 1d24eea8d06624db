"""Red team 20: the public half of an SSH key excused, abused to ask for the private half.

Each form is judged with the rules alone (``policy.form.classifier: false``) and the default policy.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.judge import judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES as RULES_ONLY


def _form(title: str, description: str | None = None) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    return {"mode": "form", "message": "Connect the deploy server",
            "requestedSchema": {"type": "object", "properties": {"key": prop}}}


def _denied(params: dict[str, Any]) -> bool:
    return all(not judge_elicitation(params, MODES, policy).allowed for policy in (RULES_ONLY, DEFAULT))


# The title calls the key public; the description asks outright for the private key.
PUBLIC_TITLE_PRIVATE_ASK = [
    ("Public SSH key", "Paste your private key"),
    ("SSH public key", "paste the private SSH key"),
    ("Public SSH key", "and the private SSH key too"),
    ("Öffentlicher SSH-Schlüssel", "Fügen Sie Ihren privaten SSH-Schlüssel ein"),
    ("SSH-Schlüssel öffentlich machen", "Fügen Sie Ihren privaten SSH-Schlüssel ein"),
    ("Clé SSH publique", "collez votre clé SSH privée"),
    ("Klucz SSH publiczny", "wklej klucz prywatny"),
]


@pytest.mark.parametrize(("title", "description"), PUBLIC_TITLE_PRIVATE_ASK)
def test_a_public_word_in_the_title_does_not_excuse_a_description_asking_for_the_private_key(
        title: str, description: str) -> None:
    assert _denied(_form(title, description))


# One title names both halves: the private one is asked for.
BOTH_HALVES = ["SSH key public or private", "SSH key, public and private", "Clave SSH pública o privada",
               "Chave SSH pública e privada", "ключ SSH открытый и закрытый",
               "SSH anahtarı açık değil özel", "Clé SSH publique? Non: privée"]


# Fixed (session 21): "private" near "key" is placed as a private key (credentials.DERIVED) even where
# "SSH key" names it too, and no public word excuses that place; "the public key of your private
# server" still passes (HONEST below).
@pytest.mark.parametrize("title", BOTH_HALVES)
def test_a_title_naming_the_ssh_key_both_public_and_private_is_refused(title: str) -> None:
    assert _denied(_form(title))


def test_a_title_calling_the_ssh_key_private_beside_a_public_word_is_refused() -> None:
    assert _denied(_form("Chiave SSH privata o pubblica"))


# The honest forms the fix must keep passing.
HONEST = [
    ("Public SSH key", "Paste the contents of id_ed25519.pub"),
    ("Öffentlicher SSH-Schlüssel", "Inhalt von id_rsa.pub"),
    ("Public SSH key", "for your private repository"),
    ("SSH public key", "the deploy key of a private repo"),
    ("SSH public key", "the contents of id_ed25519.pub, never the private key"),
    ("SSH public key", "The public key of your private server."),
]


@pytest.mark.parametrize(("title", "description"), HONEST)
def test_a_public_ssh_key_described_without_asking_for_the_private_one_still_passes(title: str, description: str) -> None:
    params = _form(title, description)
    assert all(judge_elicitation(params, MODES, policy).allowed for policy in (RULES_ONLY, DEFAULT))
