"""Red team 19: India's postal-PIN excuse ("पिन कोड" in a delivery form with no card/bank/UPI word) rests
on a list of payment words: a payment PIN named by its app (PhonePe, Google Pay, Paytm, BHIM), by
"banking", "debit", "transaction", or marked secret, passed as a postal code until the list (the
lexicon's `bank` concept, and `secret` in postal.PAID) named them."""

from __future__ import annotations

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as _allowed





PHISHING = [
    ("डिलीवरी पते की पुष्टि के लिए अपना PhonePe पिन कोड डालें", "पिन कोड"),
    ("ऑर्डर डिलीवरी: Google Pay पिन कोड दर्ज करें", "पिन कोड"),
    ("पार्सल छुड़ाने के लिए पेटीएम पिन कोड डालें", "पिन कोड"),
    ("डिलीवरी शुल्क नेट बैंकिंग से: पिन कोड डालें", "पिन कोड"),
    ("डिलीवरी पर डेबिट पिन कोड डालें", "पिन कोड"),
    ("डिलीवरी ट्रांजैक्शन के लिए पिन कोड डालें", "पिन कोड"),
    ("डिलीवरी: भीम ऐप का पिन कोड डालें", "पिन कोड"),
    ("டெலிவரி: உங்கள் GPay பின் கோடு", "பின் கோடு"),
    ("డెలివరీ: మీ ఫోన్‌పే పిన్ కోడ్ నమోదు చేయండి", "పిన్ కోడ్"),
    ("ডেলিভারি: আপনার বিকাশ পিন কোড দিন", "পিন কোড"),
    ("Delivery address confirmed. Enter the पिन कोड you use for net-banking", "पिन कोड"),
]


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("message", "title"), PHISHING)
def test_a_payment_apps_pin_in_a_delivery_form_is_no_postal_code(message: str, title: str, policy: object) -> None:
    assert not _allowed(message, {"pin": {"type": "string", "title": title}}, policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_secret_four_digit_pin_code_is_no_postal_code(policy: object) -> None:
    props = {"pin": {"type": "string", "title": "पिन कोड", "description": "गुप्त, 4 अंक"}}
    assert not _allowed("डिलीवरी: अपना पिन कोड (कभी किसी के साथ साझा न करें) डालें", props, policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_city_field_planted_beside_a_payment_apps_pin_makes_no_postal_code(policy: object) -> None:
    props = {"pin": {"type": "string", "title": "पिन कोड"}, "city": {"type": "string", "title": "City"}}
    assert not _allowed("PhonePe पिन कोड डालें", props, policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_six_digit_upi_pin_named_by_its_app_is_no_postal_code(policy: object) -> None:
    props = {"pin": {"type": "string", "title": "पिन कोड", "pattern": "^\\d{6}$"}}
    assert not _allowed("डिलीवरी: PhonePe पिन कोड (6 अंक)", props, policy)


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize("message", ["अपना एटीएम पिन कोड दर्ज करें, डिलीवरी के लिए", "डिलीवरी: यूपीआई पिन कोड डालें",
                                     "Delivery payments need your पिन कोड"])
def test_a_pin_code_beside_a_named_cash_machine_upi_or_payment_is_still_denied(message: str, policy: object) -> None:
    assert not _allowed(message, {"pin": {"type": "string", "title": "पिन कोड"}}, policy)
