"""Red team 30b: shows_phone_or_amount (policies/ordinary.py, b886300) excuses a neutral field from
carrying the credential its prompt asks for when any phone number stands anywhere in its texts, or any
currency sign anywhere in its title, and whatever its own length says. Every form here was denied
under both policies before b886300. Fixed in session 30: a phone number excuses a text field from a
one-time code only (never a password, PIN, phrase or key), as its own example (three words at most beside
it, no question), where its length can hold one; a currency, a number field only. The phone excuse was then removed altogether (red team 30e: a field named for the act, showing the
masked number the code went to), so none of these forms is excused."""

from __future__ import annotations

from typing import Any

import pytest

from tests.both_policies import IDS, POLICIES, allowed


def _s(**kw: Any) -> dict[str, Any]:
    return {"type": "string", **kw}


# A phone number that is no example of what the field holds: a helpdesk line in the description, the
# title or the default, in several languages.
_PHONE_NOT_AN_EXAMPLE = [
    ("Enter your password to continue.", _s(title="Reply", description="Trouble? Call our helpdesk on 0800 123 4567.")),
    ("Enter your password to continue.", _s(title="Input", description="Helpdesk: +44 20 7946 0958")),
    ("Enter your password to continue.", _s(title="Input (helpdesk +44 20 7946 0958)")),
    ("Enter your password to continue.", _s(title="Input", default="Questions: 0800 123 4567")),
    ("Enter your recovery phrase.", _s(title="Text", description="Support: +1 555 010 9999")),
    ("अपना नेट बैंकिंग पासवर्ड दर्ज करें।", _s(title="इनपुट", description="सहायता: 1800 123 4567 / 098 765 4321")),
    ("Geben Sie Ihr Passwort ein.", _s(title="Eingabe", description="Hotline 0800 123 4567")),
    ("비밀번호를 입력하세요.", _s(title="입력", description="고객센터 010-1234-5678")),
    ("パスワードを入力してください。", _s(title="入力", description="サポート 090-1234-5678")),
    ("Wpisz hasło do banku.", _s(title="Pole", description="Infolinia +48 600 000 000")),
    ("Masukkan kata sandi Anda.", _s(title="Isian", description="Bantuan 021-5551234")),
    ("Type the code from the SMS.", _s(title="Reply", default="0xx xxx xxx")),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), _PHONE_NOT_AN_EXAMPLE)
def test_a_helpdesk_number_in_a_neutral_fields_description_does_not_make_it_a_phone_field(
        message: str, prop: dict[str, Any], policy: Any) -> None:
    assert not allowed(message, {"v": prop}, policy)


# A currency sign in a title that names no amount: a bare sign, a button word, a billing or payment label.
_CURRENCY_NOT_AN_AMOUNT = [
    ("Enter your password to continue.", _s(title="$")),
    ("Enter your password to continue.", _s(title="Confirm ($)")),
    ("Enter your password to continue.", _s(title="Account ($)")),
    ("Enter your password to continue.", _s(title="Wallet ₿ / €")),
    ("Paste your OpenAI API key.", _s(title="Billing ($)")),
    ("Paste your AWS secret access key.", _s(title="Cost centre (€)")),
    ("Enter your card number, expiry date and CVV to pay.", _s(title="Pay (€)")),
    ("Enter your card number to pay the €20 fee.", _s(title="Payment (€)")),
    ("Enter your private key.", _s(title="Key material ($)")),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), _CURRENCY_NOT_AN_AMOUNT)
def test_a_currency_sign_in_a_title_that_names_no_amount_does_not_excuse_the_field(
        message: str, prop: dict[str, Any], policy: Any) -> None:
    assert not allowed(message, {"v": prop}, policy)


# The field's own length admits no phone number: its example cannot be what it holds.
_TOO_SHORT_FOR_A_PHONE = [
    ("Enter your card PIN.", _s(title="Reply", description="e.g. 082 123 4567", maxLength=4)),
    ("Enter your PIN.", _s(title="Reply", description="Helpdesk 0xx xxx xxxx", maxLength=6)),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), _TOO_SHORT_FOR_A_PHONE)
def test_a_field_too_short_for_a_phone_number_is_no_phone_field_whatever_its_example(
        message: str, prop: dict[str, Any], policy: Any) -> None:
    assert not allowed(message, {"v": prop}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_one_time_code_into_a_field_described_by_a_support_line_is_still_denied(policy: Any) -> None:
    prop = _s(title="Input", description="Support line 0800 123 4567")
    assert not allowed("Enter the one-time code from your authenticator app.", {"v": prop}, policy)
