"""Red team 19b: the postal-PIN excuse ("पिन कोड" in a delivery form) with payment words the bank
concept did not know: "send money" outside English and Hindi, and further wallets (now in
tools/lexicon/extra_source.py)."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES

POLICIES = pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])


def _allowed(policy: Policy, message: str) -> bool:
    clear_caches()
    params = {"message": message, "requestedSchema": {"type": "object", "properties": {
        "pin": {"type": "string", "title": "पिन कोड", "pattern": r"^\d{6}$"},
        "addr": {"type": "string", "title": "पता"}}}}
    return judge_elicitation(params, MODES, policy).allowed


@POLICIES
def test_an_honest_delivery_form_with_the_postal_pin_code_still_passes(policy: Policy) -> None:
    assert _allowed(policy, "डिलीवरी पता भरें")


PAID = {
    "hi amount sent": "राशि भेजने हेतु डिलीवरी पते का पिन कोड डालें",
    "hi money transfer": "डिलीवरी के पैसे ट्रांसफर करने के लिए पिन कोड डालें",
    "ta send money": "பணம் அனுப்ப டெலிவரி முகவரி பின் கோடு",
    "te send money": "డబ్బు పంపడానికి డెలివరీ చిరునామా పిన్ కోడ్",
    "kn send money": "ಹಣ ಕಳುಹಿಸಲು ಡೆಲಿವರಿ ವಿಳಾಸ ಪಿನ್ ಕೋಡ್",
    "ml send money": "പണം അയയ്ക്കാൻ ഡെലിവറി വിലാസം പിൻ കോഡ്",
    "mr send money": "पैसे पाठवण्यासाठी डिलिव्हरी पत्ता पिन कोड",
    "gu send money": "પૈસા મોકલવા માટે ડિલિવરી સરનામું પિન કોડ",
    "pa send money": "ਪੈਸੇ ਭੇਜਣ ਲਈ ਡਿਲੀਵਰੀ ਪਤਾ ਪਿੰਨ ਕੋਡ",
    "or send money": "ଟଙ୍କା ପଠାଇବା ପାଇଁ ଡେଲିଭରି ଠିକଣା ପିନ୍ କୋଡ୍",
    "ne eSewa": "eSewa डेलिभरी ठेगाना पिन कोड",
    "ne Khalti": "Khalti डेलिभरी ठेगाना पिन कोड",
    "RuPay": "RuPay डिलीवरी पता पिन कोड",
    "SBI YONO": "SBI YONO डिलीवरी पता पिन कोड",
    "MobiKwik": "MobiKwik डिलीवरी पता पिन कोड",
    "Nagad in Latin": "Nagad ডেলিভারি ঠিকানা পিন কোড",
}


@POLICIES
@pytest.mark.parametrize("message", list(PAID.values()), ids=list(PAID))
def test_a_pin_code_in_a_form_about_sending_money_or_a_wallet_is_refused(policy: Policy, message: str) -> None:
    assert not _allowed(policy, message)
