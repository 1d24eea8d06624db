"""Red team 21 (found while measuring cost, outside the session's targets): a field whose name or title
ends in a metadata word ("Name", "Title", "Type", "Hint", "Notes", "Method"...) is read as metadata
about a credential, and metadata excuses every detector, whatever the description asks for: "Your
email password" under a field titled "Name" passed both policies. Fixed in session 21: a bare metadata
name or title (two words at most, naming nothing but metadata) qualifies no credential."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import Policy, load_config_text
from elicitguard.policies.judge import judge_elicitation

RULES: Policy = load_config_text("policy:\n  form:\n    classifier: false\n").policy
DEFAULT: Policy = load_config_text("{}").policy
POLICIES = pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])


def _field(name: str, title: str, description: str) -> dict[str, Any]:
    prop = {"type": "string", "title": title, "description": description}
    return {"mode": "form", "message": "Please fill in",
            "requestedSchema": {"type": "object", "properties": {name: prop}}}


ASKED = {
    "name-password": _field("name", "Name", "Your email password"),
    "title-otp": _field("f", "Title", "The 6-digit code we just texted you"),
    "type-card": _field("f", "Type", "Your card number and CVV"),
    "notes-seed": _field("notes", "Notes", "Your seed phrase (12 words)"),
    "hint-password": _field("f", "Hint", "Type your email password here"),
    "method-pin": _field("f", "Method", "The PIN of your bank card"),
}


ASKED.update({
    "name-password-de": _field("f", "Name", "Ihr E-Mail-Passwort"),
    "name-password-ru": _field("f", "Имя", "Ваш пароль от почты"),
    "name-password-fr": _field("f", "Nom", "Votre mot de passe"),
    "type-password-verb": _field("f", "Type", "Type your password"),
})


# Fixed (session 21, metadata.bare_metadata): a name or title of at most two words naming nothing but
# metadata qualifies no credential, so it excuses none in a description that asks for one.
@POLICIES
@pytest.mark.parametrize("key", sorted(ASKED))
def test_a_metadata_title_does_not_excuse_a_description_that_asks_for_the_credential(key: str, policy: Policy) -> None:
    assert not judge_elicitation(ASKED[key], frozenset({"form"}), policy).allowed


@POLICIES
@pytest.mark.parametrize(("name", "title", "description"), [
    ("name", "Name", "e.g. DEPLOY_TOKEN"),  # a variable's name given as an example
    ("f", "Your name", "As printed on your card"),
    ("f", "Notes", "Anything we should know, but never your password"),
    ("f", "Name", "The name of the token, for example laptop"),
    ("nazva", "Назва", "наприклад SENTRY_DSN_PUBLIC"),
    ("token_name", "Name", "Your GitHub token"),  # the field's name says whose name it is
])
def test_a_bare_metadata_title_over_an_honest_description_still_passes(name: str, title: str, description: str,
                                                                      policy: Policy) -> None:
    assert judge_elicitation(_field(name, title, description), frozenset({"form"}), policy).allowed


@POLICIES
@pytest.mark.parametrize("description", ["A name for your new API key", "The label shown beside your passkey",
                                         "A hint to help you remember your password"])
def test_metadata_about_a_credential_still_passes(description: str, policy: Policy) -> None:
    params = _field("f", "Name" if "name" in description else "Label" if "label" in description else "Hint", description)
    assert judge_elicitation(params, frozenset({"form"}), policy).allowed
