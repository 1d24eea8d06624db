"""Red team 22: a metadata field ("Name", "Label", or `name` titled "Password") is excused from
credential detection when its description speaks of a credential's metadata. The description
was read only up to its first credential, and a metadata word before it over a conjunction
qualified it: "Enter the name and password", or a first mention qualified and a second asking for
the value ("A name for your API key, plus the key itself") passed both policies."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

POLICIES = {"rules": Policy(form=FormPolicy(classifier=False)), "default": Policy()}


def _form(name: str, title: str, description: str | None) -> dict[str, Any]:
    prop = {"type": "string", "title": title} | ({"description": description} if description is not None else {})
    return {"mode": "form", "message": "Please fill in the form",
            "requestedSchema": {"type": "object", "properties": {name: prop}}}


def _decision(params: dict[str, Any], policy: str) -> str:
    clear_caches()
    return str(judge_elicitation(params, frozenset({"form"}), POLICIES[policy]).decision)


CONJOINED = [
    ("name", "Name", "Enter the name and password"),
    ("name", "Name", "Your login name and password"),
    ("name", "Name", "Nombre de usuario y contraseña"),
    ("label", "Label", "Label or API key"),
]


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("name", "title", "description"), CONJOINED)
def test_a_metadata_word_joined_to_a_credential_by_a_conjunction_does_not_qualify_it(
        name: str, title: str, description: str, policy: str) -> None:
    assert _decision(_form(name, title, description), policy) == "deny"


SECOND_MENTION = [
    ("name", "Name", "A name for your API key, plus the key itself"),
    ("name", "Name", "The name of your password, then type the password itself"),
    ("label", "Label", "Label for the token. Then paste the token here too"),
    ("name", "Name", "Token name followed by the token value"),
    ("name", "Password", "A name for your password, then the password"),
    ("name", "Nom", "Un nom pour votre jeton, puis le jeton lui-même"),
    ("name", "Nom", "Un nom pour votre jeton, ensuite collez le jeton lui-même"),
    ("name", "Name", "Ein Name für Ihren API-Schlüssel, dann den Schlüssel selbst"),
    ("name", "Nombre", "Un nombre para tu clave de API, luego pega la clave"),
    ("name", "Nombre", "Un nombre para tu contraseña y después la contraseña"),
]


# Only the first credential a description named was read. A later one no metadata word qualifies is
# now asked for where a conjunction or a "then" joins it to the one before ("plus the key itself") or
# a request word stands just before it ("Then paste the token here too"); one that is only mentioned
# ("shown next to the token in lists") is not.
@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("name", "title", "description"), SECOND_MENTION)
def test_a_second_mention_asking_for_the_credential_is_not_excused_by_the_first(
        name: str, title: str, description: str, policy: str) -> None:
    assert _decision(_form(name, title, description), policy) == "deny"


HONEST = [
    ("name", "Name", "A name for your new API key"),
    ("name", "Password", "A name for your new API key"),
    ("label", "Label", "A label for the token, so you can tell it apart"),
    ("name", "Name", "Nombre para tu nueva clave de API"),
    ("name", "Name", "Name of the key and of its owner"),
    ("label", "Label", "A label for the token, shown next to the token in lists"),
    ("name", "Nom", "Un nom pour votre jeton, affiché à côté du jeton dans la liste"),
    ("name", "Name", "Ein Name für Ihren API-Schlüssel, der neben dem Schlüssel angezeigt wird"),
    ("name", "Name", "Enter a name for the key, then choose the key's scopes"),
    ("name", "Name", "A name for your new API key, then its expiry"),
    ("name", "Name", "A name for your new API key. We will generate the key itself"),
]


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("name", "title", "description"), HONEST)
def test_an_honest_metadata_description_stays_allowed(name: str, title: str, description: str, policy: str) -> None:
    assert _decision(_form(name, title, description), policy) == "allow"


# A symbol joining a metadata word to a credential ("&", "+", a slash between words) was dropped by
# normalisation, and "Name & password" read as "name password": a name qualifying the password. It
# now reads as the conjunction it stands for, in a description or a title.
SYMBOL_JOINED = [
    ("name", "Name", "Name & password"),
    ("name", "Nom", "Nom & mot de passe"),
    ("name", "Nombre", "Nombre / contraseña"),
    ("name", "名称", "名称&密码"),
    ("label", "Label", "Label & API key"),
    ("name", "Name", "Account name + password"),
    ("v", "Name + PIN", None),
    ("v", "Name/Password", None),
    ("v", "Benutzername/Passwort", None),
]


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("name", "title", "description"), SYMBOL_JOINED)
def test_a_symbol_joining_a_metadata_word_to_a_credential_does_not_qualify_it(
        name: str, title: str, description: str | None, policy: str) -> None:
    assert _decision(_form(name, title, description), policy) == "deny"


# Symbols between metadata words, or inside a look-alike's term ("Track & Trace"), keep the excuse.
SYMBOL_HONEST = [
    ("name", "Name", "Key name / label"),
    ("name", "Name", "Name/label for your new API key"),
    ("name", "Nom", "Nom & description du jeton"),
    ("name", "Nome", "Nome & etichetta della chiave API"),
    ("v", "Token name & scopes", None),
    ("v", "Key name/label", None),
    ("v", "Track & Trace code", None),
]


@pytest.mark.parametrize("policy", list(POLICIES))
@pytest.mark.parametrize(("name", "title", "description"), SYMBOL_HONEST)
def test_a_symbol_between_metadata_words_keeps_the_excuse(
        name: str, title: str, description: str | None, policy: str) -> None:
    assert _decision(_form(name, title, description), policy) == "allow"
