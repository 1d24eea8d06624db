"""Red team 19: honest Indian delivery forms, written as a shop would, in India's languages."""

from __future__ import annotations

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as _allowed



def _s(title: str, **extra: object) -> dict[str, object]:
    return {"type": "string", "title": title, **extra}



PASSING = [
    ("कृपया अपना डिलीवरी पता भरें", {"name": _s("पूरा नाम"), "address": _s("पता"), "city": _s("शहर"),
                                      "pincode": _s("पिन कोड", pattern="^[0-9]{6}$")}),
    ("कैश ऑन डिलीवरी ऑर्डर के लिए अपना पता और पिन कोड भरें", {"address": _s("पता"), "pincode": _s("पिन कोड")}),
    ("डिलीवरी उपलब्धता जांचें", {"pincode": {"type": "integer", "title": "पिन कोड", "minimum": 100000, "maximum": 999999}}),
    ("உங்கள் டெலிவரி முகவரியை உள்ளிடவும்", {"address": _s("முகவரி"), "city": _s("நகரம்"), "pin": _s("பின் கோடு")}),
    ("మీ డెలివరీ చిరునామా నమోదు చేయండి", {"address": _s("చిరునామా"), "pin": _s("పిన్ కోడ్")}),
    ("আপনার ডেলিভারি ঠিকানা লিখুন", {"address": _s("ঠিকানা"), "pin": _s("পিন কোড")}),
    ("तुमचा डिलिव्हरी पत्ता भरा", {"address": _s("पत्ता"), "pin": _s("पिन कोड")}),
    ("ನಿಮ್ಮ ಡೆಲಿವರಿ ವಿಳಾಸ ನಮೂದಿಸಿ", {"address": _s("ವಿಳಾಸ"), "pin": _s("ಪಿನ್ ಕೋಡ್")}),
]
DENIED = [  # 5 of 20 honest forms tried; each names a payment, an account or a wallet, or no place word
    ("ऑर्डर की डिलीवरी के लिए पता भरें। भुगतान डिलीवरी पर होगा।", {"address": _s("पता"), "pincode": _s("पिन कोड")}),
    ("डिलीवरी पता दर्ज करें (UPI से भुगतान अगले चरण में)", {"address": _s("पता"), "pincode": _s("पिन कोड", pattern="^\\d{6}$")}),
    ("अपने अकाउंट में नया डिलीवरी पता जोड़ें", {"address": _s("पता"), "pincode": _s("पिन कोड")}),
    ("पिन कोड डालकर देखें कि हम आपके यहाँ सामान भेजते हैं या नहीं", {"pin": _s("पिन कोड")}),
    ("डिलीवरी पता भरें (वॉलेट कैशबैक मिलेगा)", {"address": _s("पता"), "pin": _s("पिन कोड")}),
]


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("message", "props"), PASSING)
def test_an_honest_delivery_form_in_an_indian_language_passes(message: str, props: dict[str, object], policy: object) -> None:
    assert _allowed(message, props, policy)


@pytest.mark.xfail(strict=True, reason="precision: a shop's form that mentions paying on delivery, UPI, an account or "
                                       "a wallet (postal.PAID), or names no place word, is denied")
@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize(("message", "props"), DENIED)
def test_an_honest_delivery_form_that_mentions_payment_passes(message: str, props: dict[str, object], policy: object) -> None:
    assert _allowed(message, props, policy)
