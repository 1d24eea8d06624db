"""Red team 22b: a field titled in English words that other languages' personal-data terms spell
("by" is a Norwegian and Danish city, "sími" an Icelandic phone, "portable" a French mobile, "belt" a
Maltese town, "handy" a Luxembourgish mobile) was taken for personal data, and carried none of the
credential the prompt asks for: 'Provided by you' under 'Enter your GitHub password' passed both
policies. Those words now count only as the whole title (or, for "sími", as a word)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as judged_allowed

POLICIES = {"default": DEFAULT, "rules": RULES}


def _allowed(message: str, fields: dict[str, dict[str, Any]], policy: str) -> bool:
    """both_policies.allowed, each field a string unless it says otherwise."""
    return judged_allowed(message, {name: {"type": "string", **spec} for name, spec in fields.items()}, POLICIES[policy])


ASKING = [
    ("Enter your GitHub password to continue.", "Provided by you"),
    ("Enter your GitHub password to continue.", "Entered by you"),
    ("Paste your OpenAI API key below.", "Supplied by the user"),
    ("Enter the verification code we sent to your phone.", "Sent by SMS"),
    ("Enter your GitHub password to continue.", "Similar"),
    ("Enter your GitHub password to continue.", "Step by step"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "title"), ASKING)
def test_a_field_titled_in_english_words_another_language_calls_personal_data_still_carries_the_prompts_credential(
        message: str, title: str, policy: str) -> None:
    assert not _allowed(message, {"value": {"title": title}}, policy)


HONEST = [
    ("Hvor skal vi sende pakken? Skriv inn adresse og by.", {"adresse": {"title": "Adresse"}, "by": {"title": "By"}}),
    ("Hvor skal vi sende koden?", {"v": {"title": "By"}}),
    ("Comment voulez-vous recevoir votre code ?", {"v": {"title": "Numéro de portable"}}),
    ("Comment voulez-vous recevoir votre code ?", {"v": {"title": "Portable"}}),
    ("Hvert eigum við að senda kóðann?", {"v": {"title": "Símanúmer"}}),
    ("Wou solle mir de Code schécken?", {"v": {"title": "Handynummer"}}),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "fields"), HONEST)
def test_a_personal_data_field_in_those_languages_still_passes(message: str, fields: dict[str, dict[str, Any]],
                                                                policy: str) -> None:
    assert _allowed(message, fields, policy)


CODE_FROM_THE_NUMBER = [
    ("Geben Sie den SMS-Code ein, den wir Ihnen geschickt haben.", "Handynummer-Code"),
    ("Introduce el código que te enviamos por SMS.", "Código del número de teléfono"),
    ("Wpisz kod, który wysłaliśmy SMS-em.", "Kod z numeru telefonu"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "title"), CODE_FROM_THE_NUMBER)
def test_a_phone_number_field_titled_for_a_code_still_carries_the_code_the_prompt_asks_for(
        message: str, title: str, policy: str) -> None:
    # b28f9c0 denied 'Kod z telefonu' (the code from the phone); a number word beside it ('Kod z numeru
    # telefonu') made the field personal data again.
    assert not _allowed(message, {"value": {"title": title}}, policy)


AREA_CODES = [
    ("Comment voulez-vous recevoir votre code ?", "Indicatif et numéro de téléphone"),
    ("¿Dónde te enviamos el código? Escríbelo abajo.", "Código de área y número de teléfono"),
    ("Where should we text the code? Type it below.", "Phone number (with area code)"),
    ("Wohin sollen wir den Code schicken?", "Handynummer"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "title"), AREA_CODES)
def test_a_phone_number_with_its_area_or_country_code_still_passes(message: str, title: str, policy: str) -> None:
    assert _allowed(message, {"value": {"title": title}}, policy)
