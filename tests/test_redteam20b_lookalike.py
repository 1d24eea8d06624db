"""Red team 20b: the credential model and the rules under look-alike titles (coupon, postal code, ...).

Question 1 (precision): honest forms with look-alike titles in 12+ languages pass the default policy.
Question 2 (recall): a credential asked for by its use under a look-alike title is denied.
Question 3: a modest team threshold does not make the honest forms fail en masse.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import Policy, load_config_text
from elicitguard.policies.judge import judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES

from redteam20b_forms import BENIGN, HIDDEN, Row, form



def _threshold(value: float) -> Policy:
    return load_config_text(f"policy:\n  form:\n    classifier_threshold: {value}\n").policy


def _row(rows: list[Row], key: str) -> Row:
    return next(r for r in rows if r[0] == key)


def _denied(params: dict[str, Any], policy: Policy) -> list[str]:
    verdict = judge_elicitation(params, MODES, policy)
    return [] if verdict.allowed else [r.rule for r in verdict.reasons]


# Rule false alarms on honest gift-card forms, found in question 1 (the rules, not the model, deny
# them; both policies). The English forms of the same words pass.
_RULE_FALSE_ALARMS = {"gift-fr", "gift-de", "gift-ja"}


@pytest.mark.parametrize("key", [r[0] for r in BENIGN if r[0] not in _RULE_FALSE_ALARMS])
def test_an_honest_form_with_a_look_alike_title_passes_the_default_policy(key: str) -> None:
    assert _denied(form(_row(BENIGN, key)), DEFAULT) == []


def test_the_default_policy_denies_under_five_percent_of_the_honest_look_alike_forms() -> None:
    denied = [r[0] for r in BENIGN if _denied(form(r), DEFAULT)]
    assert len(BENIGN) >= 60
    assert len(denied) / len(BENIGN) < 0.05, denied


@pytest.mark.parametrize("threshold", [0.98, 0.95, 0.9])
def test_a_modest_team_threshold_does_not_make_honest_look_alike_forms_fail_en_masse(threshold: float) -> None:
    policy = _threshold(threshold)
    denied = [r[0] for r in BENIGN if _denied(form(r), policy)]
    assert len(denied) / len(BENIGN) < 0.08, denied


@pytest.mark.parametrize("key", ["pin-postal-en", "pin-postal-fr", "pin-postal-es", "pin-postal-pt"])
@pytest.mark.parametrize("policy", [DEFAULT, RULES], ids=["default", "rules"])
def test_a_postal_code_title_over_the_digits_typed_at_a_cash_machine_is_denied_as_a_pin(key: str, policy: Policy) -> None:
    assert "payment.pin" in _denied(form(_row(HIDDEN, key)), policy)


@pytest.mark.parametrize("policy", [DEFAULT, RULES], ids=["default", "rules"])
def test_a_coupon_title_over_the_digits_typed_at_a_cash_machine_is_denied_as_a_pin(policy: Policy) -> None:
    row = ("pin-coupon-en", "en", "Apply your discount", "coupon", "Coupon code",
           "The four digits you type at the cash machine when you withdraw money.", {})
    assert "payment.pin" in _denied(form(row), policy)


@pytest.mark.parametrize("row", [
    ("atm-zip", "en", "Find an ATM near you", "zip", "ZIP code",
     "Your ZIP code, to list the cash machines nearest to you.", {}),
    ("atm-postal", "en", "ATM locator", "postal", "Postal code",
     "The postal code of the area where you want to find an ATM.", {}),
    ("atm-fr", "fr", "Trouver un distributeur", "cp", "Code postal",
     "Votre code postal, pour trouver les distributeurs de billets proches.", {}),
], ids=lambda r: r[0])
def test_a_postal_code_asked_to_find_a_cash_machine_still_passes(row: Row) -> None:
    assert _denied(form(row), DEFAULT) == []
    assert _denied(form(row), RULES) == []


# Fixed (session 20): the card security code is excused by the lexicon's gift and loyalty cards in every
# language (CardSecurityCode.also_alike), and "Gutscheinkarte" is one in German.
@pytest.mark.parametrize("key", sorted(_RULE_FALSE_ALARMS))
@pytest.mark.parametrize("policy", [DEFAULT, RULES], ids=["default", "rules"])
def test_an_honest_gift_card_number_on_the_back_of_the_card_passes_in_french_german_and_japanese(
        key: str, policy: Policy) -> None:
    assert _denied(form(_row(BENIGN, key)), policy) == []


# Fixed (session 21): a relative clause after a comma ("Die vier Ziffern, die Sie am Geldautomaten eintippen") is read
# with the clause before it; an authenticator app is a one-time code named outright in every language the lexicon has
# its name in (lexicon concept "authenticator"); a code sent "to confirm it is you" is one too ("itsyou"); what you
# type to unlock your computer is its password.
_NOW_DENIED = ["otp-promo-fr", "pin-postal-de", "otp-coupon-es", "sms-booking-en", "pw-invite-en", "otp-gift-ja",
               "otp-coupon-it", "otp-coupon-zh", "pin-postal-ru", "pin-library-pl"]


@pytest.mark.parametrize("key", _NOW_DENIED)
@pytest.mark.parametrize("policy", [DEFAULT, RULES], ids=["default", "rules"])
def test_a_credential_asked_by_its_use_under_a_look_alike_title_is_denied(key: str, policy: Policy) -> None:
    assert _denied(form(_row(HIDDEN, key)), policy) != []


_STILL_PASS = ["pw-ssid-en"]


@pytest.mark.xfail(strict=True, reason="design: the title 'Wi-Fi network name' ends in a word of metadata ('name'), "
                   "which excuses every detector a metadata word may excuse, and 'ssid' marks the field as the "
                   "network's name (detect_network_password looks for the password in another field); only the "
                   "description's '(not its name)' says otherwise, and the model scores it under 0.98 field / 0.82 "
                   "agreement")
@pytest.mark.parametrize("key", _STILL_PASS)
def test_a_credential_asked_by_its_use_under_a_look_alike_title_is_denied_by_the_default_policy(key: str) -> None:
    assert _denied(form(_row(HIDDEN, key)), DEFAULT) != []
