"""The public half of a key pair (an SSH public key, a certificate) is no private key; the private
half stays one whatever public word stands near it."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.forms import judge_form


def rules_for(message: str, fields: dict[str, dict[str, Any]]) -> list[str]:
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": fields}}
    _names, problems, found = judge_form(params, True, frozenset())
    assert problems == []
    return [r.rule for r in found]


@pytest.mark.parametrize(("title", "description"), [
    ("Javni ključ", "Sadržaj datoteke id_ed25519.pub"),
    ("Public key", "The contents of ~/.ssh/id_rsa.pub"),
    ("Açık anahtar (PEM)", "-----BEGIN PUBLIC KEY----- ile başlar"),
    ("Certificado público (PEM)", "começa por -----BEGIN CERTIFICATE-----"),
    ("SSH public key", "Starts with ssh-ed25519"),
], ids=str)
def test_a_public_key_or_certificate_passes(title: str, description: str) -> None:
    assert rules_for("Add a key to your account.", {"key": {"type": "string", "title": title, "description": description}}) == []


@pytest.mark.parametrize(("title", "description"), [
    ("Key", "The contents of ~/.ssh/id_ed25519 (not the .pub file)"),
    ("Private key", "Paste the private key that goes with your public certificate"),
    ("Key (PEM)", "-----BEGIN PRIVATE KEY----- from your certificate bundle"),
    ("SSH private key", "the one next to id_rsa.pub"),
    ("Javni ključ", "Sadržaj datoteke id_ed25519 i privatni ključ"),
], ids=str)
def test_a_private_key_beside_a_public_word_is_still_a_private_key(title: str, description: str) -> None:
    assert rules_for("Add a key to your account.",
                     {"key": {"type": "string", "title": title, "description": description}}) == ["credential.private_key"]


@pytest.mark.parametrize("text", ["Upload id_ed25519.pub, not the private key. Thanks",
                                  "Use example.com. Then enter your password"])
def test_a_full_stop_inside_a_file_name_or_host_ends_no_sentence(text: str) -> None:
    from elicitguard.policies import negation
    assert len(list(negation.asking(text))) >= 1
    assert not any(part.endswith("id ed25519") for part in negation.asking(text))
