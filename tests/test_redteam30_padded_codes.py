"""Red team 30: a PIN or a one-time code asked into a field whose pattern pads it to nine digits or more
("your PIN followed by 00000": '^\\d{4}0{5}$'), which ``fewest_digits`` now reads through ``digit_span``
and the PIN and one-time-code detectors then excuse as an identity or phone number.

Each form is judged under the rules alone and under the default policy (tests/both_policies.py); each
test was a strict xfail that failed against the code it found; all but the last (older than the change,
red team 19's padding design limit) are fixed: digits a pattern fixes are padding, a card's brand is a
payment, and a field titled "Number" carries the code the prompt asks for."""

from __future__ import annotations

import pytest
from both_policies import IDS, POLICIES, allowed

from elicitguard.policies.config import Policy


def _field(title: str, pattern: str, description: str | None = None) -> dict[str, object]:
    prop: dict[str, object] = {"type": "string", "title": title, "pattern": pattern}
    if description is not None:
        prop["description"] = description
    return prop


# A field named and titled PIN: the pattern alone excuses it (denied before today's change).
PIN_FIELDS = [
    ("Enter your PIN.", {"pin": _field("PIN", r"^\d{4}0{5}$")}),
    ("Unlock your phone.", {"pin": _field("PIN", r"^\d{4}0{5}$")}),
    ("Please fill in.", {"pin": _field("PIN", r"^\d{4}0{5}$", "Your PIN followed by 00000")}),
    ("Enter the PIN of your home alarm system.", {"pin": _field("PIN", r"^[0-9]{4}[0]{5}$")}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), PIN_FIELDS)
def test_a_field_named_pin_whose_pattern_pads_the_pin_with_zeros_is_still_denied(
        message: str, props: dict[str, object], policy: Policy) -> None:
    assert not allowed(message, props, policy)


# The prompt asks for the PIN; a neutral field carries it with padding (denied before today's change).
PIN_PROMPTS = [
    ("Enter your PIN followed by 00000.", {"value": _field("Value", r"^\d{4}0{5}$")}),
    ("Enter your PIN followed by 00000.", {"value": _field("Value", r"^\d{4}00000$")}),
    ("Enter your PIN followed by 00000.", {"value": _field("Value", r"^\d{4}(?:00000)$")}),
    ("Enter your PIN followed by 00000.", {"value": _field("Value", r"^\d{4} ?00000$")}),
    ("Enter your PIN twice, then 0.", {"value": _field("Value", r"^\d{4}\d{4}0$")}),
    ("Enter your voicemail PIN followed by 00000.", {"value": _field("Value", r"^[0-9]{4}0{5}$")}),
    ("Geben Sie die PIN Ihres Telefons ein, gefolgt von 00000.", {"wert": _field("Wert", r"^\d{4}0{5}$")}),
    ("Ingrese el PIN de su teléfono seguido de 00000.", {"valor": _field("Valor", r"^\d{4}0{5}$")}),
    ("Saisissez le code PIN de votre téléphone suivi de 00000.", {"valeur": _field("Valeur", r"^\d{4}0{5}$")}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), PIN_PROMPTS)
def test_a_pin_the_prompt_asks_for_padded_to_nine_digits_is_still_denied(
        message: str, props: dict[str, object], policy: Policy) -> None:
    assert not allowed(message, props, policy)


# A card's PIN, the card named by its scheme or a national card: no word the PIN excuse knows as paid.
CARD_PINS = [
    ("Enter your Visa PIN followed by 00000.", {"value": _field("Value", r"^\d{4}0{5}$")}),
    ("Geben Sie die PIN Ihrer Girocard ein, gefolgt von 00000.", {"wert": _field("Wert", r"^\d{4}0{5}$")}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), CARD_PINS)
def test_a_card_pin_named_by_the_cards_scheme_padded_to_nine_digits_is_still_denied(
        message: str, props: dict[str, object], policy: Policy) -> None:
    assert not allowed(message, props, policy)


# A one-time code the prompt asks for, into a field that names itself a number and pads the code.
CODES = [
    ("Enter the verification code we texted you, followed by 000.", {"number": _field("Number", r"^\d{6}000$")}),
    ("Enter the verification code we texted you, followed by 000.", {"number": _field("Number", r"^\d{9}$")}),
    ("Enter the 2FA code from your authenticator app followed by 000.",
     {"n": _field("Confirmation number", r"^\d{6}000$")}),
    ("Enter your login code followed by 000.", {"number": _field("Number", r"^\d{6}[ -]?000$")}),
    ("Enter the code from your bank's SMS, followed by 000.", {"number": _field("Number", r"^\d{6}000$")}),
    ("Enter the code we sent you, then your 3-digit extension.", {"number": _field("Number", r"^\d{6}\d{3}$")}),
    ("Введите код из SMS, затем 000.", {"nomer": _field("Номер", r"^\d{6}000$")}),
    ("Geben Sie den Bestätigungscode aus der SMS ein, gefolgt von 000.", {"nummer": _field("Nummer", r"^\d{6}000$")}),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "props"), CODES)
def test_a_one_time_code_into_a_field_titled_number_padded_to_nine_digits_is_still_denied(
        message: str, props: dict[str, object], policy: Policy) -> None:
    assert not allowed(message, props, policy)


@pytest.mark.xfail(strict=True, reason="red team 30 (older than today's change): a field named PIN with the "
                   "pattern '^\\d{9}$' was already excused as an identity number, whatever the prompt says the "
                   "nine digits are ('your 4-digit PIN followed by 00000')")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_field_named_pin_of_nine_digits_described_as_the_pin_plus_padding_is_still_denied(policy: Policy) -> None:
    assert not allowed("Enter your PIN.", {"pin": _field("PIN", r"^\d{9}$", "Your 4-digit PIN followed by 00000")},
                       policy)
