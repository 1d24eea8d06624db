"""India's postal PIN code as India's languages write it (policies/postal.py): a delivery form's
"पिन कोड" passes, a card's, a bank's or a four-digit one does not."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import postal
from elicitguard.policies.forms import judge_form


def rules_for(message: str, fields: dict[str, dict[str, Any]]) -> list[str]:
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": fields}}
    _names, problems, found = judge_form(params, True, frozenset())
    assert problems == []
    return [r.rule for r in found]


SIX = "^[0-9]{6}$"
# (language, "PIN code", "address", "delivery address", "ATM", "UPI")
LANGUAGES = [
    ("hi", "पिन कोड", "पता", "डिलीवरी का पता", "एटीएम", "यूपीआई"),
    ("mr", "पिन कोड", "पत्ता", "वितरण पत्ता", "एटीएम", "यूपीआय"),
    ("gu", "પિન કોડ", "સરનામું", "ડિલિવરી સરનામું", "એટીએમ", "યુપીઆઈ"),
    ("pa", "ਪਿੰਨ ਕੋਡ", "ਪਤਾ", "ਡਿਲੀਵਰੀ ਪਤਾ", "ਏਟੀਐਮ", "ਯੂਪੀਆਈ"),
    ("bn", "পিন কোড", "ঠিকানা", "ডেলিভারির ঠিকানা", "এটিএম", "ইউপিআই"),
    ("ta", "பின் கோடு", "முகவரி", "விநியோக முகவரி", "ஏடிஎம்", "யுபிஐ"),
    ("te", "పిన్ కోడ్", "చిరునామా", "డెలివరీ చిరునామా", "ఏటీఎం", "యూపీఐ"),
    ("kn", "ಪಿನ್ ಕೋಡ್", "ವಿಳಾಸ", "ವಿತರಣಾ ವಿಳಾಸ", "ಎಟಿಎಂ", "ಯುಪಿಐ"),
    ("ml", "പിൻ കോഡ്", "വിലാസം", "ഡെലിവറി വിലാസം", "എടിഎം", "യുപിഐ"),
]
IDS = [row[0] for row in LANGUAGES]


@pytest.mark.parametrize(("lang", "pin", "address", "delivery", "atm", "upi"), LANGUAGES, ids=IDS)
def test_a_pin_code_field_in_a_delivery_form_is_the_postal_code(lang: str, pin: str, address: str, delivery: str,
                                                               atm: str, upi: str) -> None:
    for shape in ({"pattern": SIX}, {"pattern": "^\\d{6}$"}, {}, {"maxLength": 6}):
        assert rules_for(delivery, {"pin_code": {"type": "string", "title": pin, **shape}}) == [], shape
    # the place only in another field's title
    assert rules_for(pin, {"addr": {"type": "string", "title": address},
                           "pin": {"type": "string", "title": pin, "pattern": SIX}}) == []
    # a bare "PIN" title the description calls the area's PIN code
    assert rules_for(delivery, {"pin": {"type": "string", "title": "PIN", "description": f"{pin} 110001"}}) == []


@pytest.mark.parametrize(("lang", "pin", "address", "delivery", "atm", "upi"), LANGUAGES, ids=IDS)
def test_the_prompt_asking_for_the_delivery_pin_code_passes_into_a_plain_field(
        lang: str, pin: str, address: str, delivery: str, atm: str, upi: str) -> None:
    assert rules_for(f"{delivery} {pin}", {"value": {"type": "string", "title": "Value"}}) == []


@pytest.mark.parametrize(("lang", "pin", "address", "delivery", "atm", "upi"), LANGUAGES, ids=IDS)
def test_a_pin_code_for_a_card_a_bank_or_four_digits_is_still_a_pin(lang: str, pin: str, address: str, delivery: str,
                                                                    atm: str, upi: str) -> None:
    field = {"type": "string", "title": pin, "pattern": SIX}
    assert rules_for(delivery, {"pin": {**field, "pattern": "^[0-9]{4}$"}}) == ["payment.pin"]
    assert rules_for(delivery, {"pin": {**field, "pattern": "^[0-9]{4,6}$"}}) == ["payment.pin"]
    assert rules_for(f"{delivery}. {atm}", {"pin": field}) == ["payment.pin"]
    assert rules_for(delivery, {"pin": {**field, "description": f"{atm} {pin}"}}) == ["payment.pin"]
    assert rules_for(delivery, {"pin": {**field, "title": f"{upi} {pin}"}}) == ["payment.pin"]
    assert rules_for(delivery, {"pin": field, "card": {"type": "string", "title": "Card number"}})[0] in (
        "payment.pin", "payment.card_number")
    # no place named anywhere: a PIN code
    assert rules_for("OK", {"pin": field}) == ["payment.pin"]
    # the bare loanword beside the compound ("your PIN, the PIN code") is not only the compound
    assert rules_for(delivery, {"pin": {**field, "description": f"PIN, {pin}"}}) == ["payment.pin"]
    assert rules_for(f"{delivery}. {atm} {pin}", {"value": {"type": "string", "title": "Value"}}) == ["payment.pin"]


@pytest.mark.parametrize(("shape", "holds"), [
    ({"pattern": "^[0-9]{6}$"}, True), ({"pattern": "^\\d{6}$"}, True), ({"pattern": "^[1-9][0-9]{5}$"}, True),
    ({"pattern": "^4\\d{5}$"}, True), ({}, True), ({"maxLength": 6}, True), ({"pattern": "^[0-9]{4}$"}, False),
    ({"pattern": "^\\d{4,6}$"}, False), ({"pattern": ".*"}, False), ({"maxLength": 4}, False), ({"minLength": 8}, False),
], ids=str)
def test_six_digits_fit_only_where_the_shape_allows_them(shape: dict[str, Any], holds: bool) -> None:
    assert postal.holds_six_digits("string", shape) is holds


def test_a_number_field_holds_six_digits_unless_its_maximum_is_smaller() -> None:
    assert postal.holds_six_digits("number", {"minimum": 100000, "maximum": 999999})
    assert postal.holds_six_digits("number", {})
    assert not postal.holds_six_digits("number", {"maximum": 9999})


@pytest.mark.parametrize(("title", "pattern"), [
    ("PhilHealth Identification Number (PIN)", "^[0-9]{12}$"), ("NIP", "^\\d{10}$"), ("Tax PIN", "^[0-9]{9,11}$"),
], ids=str)
def test_a_pin_of_nine_digits_or_more_is_an_identity_or_tax_number(title: str, pattern: str) -> None:
    assert rules_for("Invoice details", {"pin": {"type": "string", "title": title, "pattern": pattern}}) == []


@pytest.mark.parametrize("pattern", ["^[0-9]{4}$", "^\\d{6}$", "^\\d{4,12}$", "^[0-9]{8}$"])
def test_a_pin_of_eight_digits_or_fewer_is_still_a_pin(pattern: str) -> None:
    assert rules_for("Invoice details", {"pin": {"type": "string", "title": "PIN", "pattern": pattern}}) == ["payment.pin"]
