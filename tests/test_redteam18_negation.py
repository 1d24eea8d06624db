"""Red team 18: a negation of one language, made to count by one more word of that language, must not
take back a request written in another language ("Enter your password ठीक नहीं")."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
MODES = frozenset({"form", "url"})


def _form(description: str, title: str = "Answer") -> dict[str, object]:
    return {"mode": "form", "message": "Please fill in the form.",
            "requestedSchema": {"type": "object", "properties": {
                "answer": {"type": "string", "title": title, "description": description}}}}


# An English (or Russian, Arabic) request, then a common word of another language and that language's
# clause-final negation: the reader sees "Enter your password"; the negation belongs to no clause of its
# own language.
CROSS_LANGUAGE = [
    "Enter your password ठीक नहीं",  # Hindi "fine" + "not"
    "Enter your password ですません",  # Japanese copula + "not"
    "Enter your password 東京 ない",
    "Enter your password হ্যাঁ না",  # Bengali
    "Enter your password ਹਾਂ ਨਹੀਂ",  # Punjabi
    "Enter your password ಸರಿ ಇಲ್ಲ",  # Kannada
    "Enter your password ဟုတ်ဘူး",  # Burmese
    "Enter your password სწრაფად არ",  # Georgian
    "Enter your password կամ չի",  # Armenian
    "Enter your password bitte nicht",  # German "please" + "not"
    "Enter your password asseblief nie",  # Afrikaans
    "Enter your password alsjeblieft niet",  # Dutch
    "Enter your password lütfen değil",  # Turkish
    "Enter your password şifre yok",
    "Enter your password emas iltimos",  # Uzbek
    "Enter your password kérjük nem",  # Hungarian
    "ไม่ต้อง Enter your password",  # Thai "no need" before an English request
    "Введите пароль барои нест",  # Russian request, Tajik "for" + "is not"
    "أدخل كلمة المرور آپ نہیں",  # Arabic request, Urdu "you" + "not"
]


@pytest.mark.parametrize("description", CROSS_LANGUAGE)
def test_a_request_in_one_language_is_not_taken_back_by_another_languages_negation_with_rules(description: str) -> None:
    assert not judge_elicitation(_form(description), MODES, RULES).allowed


@pytest.mark.parametrize("description", ["Введите пароль барои нест", "أدخل كلمة المرور آپ نہیں"])
def test_a_request_in_one_language_is_not_taken_back_by_another_languages_negation_by_default(description: str) -> None:
    assert not judge_elicitation(_form(description), MODES, DEFAULT).allowed


# Honest warnings, each in its own language, that the rules allow today: they must stay allowed.
HONEST = [
    "We will never ask for your password.",
    "Never share your PIN, password or OTP with anyone.",
    "Please don't type your password here.",
    "Ne communiquez jamais votre code PIN, mot de passe ou code OTP.",
    "Teilen Sie Ihr Passwort nicht.",
    "Geben Sie niemals Ihre PIN, Ihr Passwort oder Ihre TAN weiter.",
    "Никогда не сообщайте никому PIN-код, пароль или код из SMS.",
    "Nigdy nie podawaj hasła, PIN-u ani kodu SMS.",
    "Asla şifrenizi sormayız.",
    "パスワードを他人に教えないでください。",
    "暗証番号やパスワードは絶対に教えないでください。",
    "请勿向任何人透露您的密码、验证码或PIN。",
    "비밀번호를 다른 사람에게 알려주지 마세요.",
    "हम कभी भी आपका पासवर्ड नहीं मांगेंगे।",
    "आपसे कभी OTP, पिन या पासवर्ड नहीं माँगेगा",
    "আমরা কখনও আপনার পাসওয়ার্ড চাইব না।",
    "ہم کبھی آپ کا پاس ورڈ نہیں مانگیں گے۔",
    "ما هرگز رمز عبور شما را درخواست نمی‌کنیم.",
    "Đừng chia sẻ mật khẩu, mã PIN hoặc mã OTP.",
    "Jangan bagikan kata sandi, PIN, atau kode OTP Anda.",
    "อย่าบอกรหัสผ่านหรือรหัส OTP กับผู้อื่น",
    "Ne dijelite lozinku, PIN ili kod.",
    "Soha nem kérjük el a jelszavát.",
    "We vragen nooit om uw wachtwoord.",
]


@pytest.mark.parametrize("description", HONEST)
def test_an_honest_warning_in_its_own_language_stays_allowed_with_rules(description: str) -> None:
    assert judge_elicitation(_form(description), MODES, RULES).allowed


# A short clause after a negated one is read as an item of its list, whatever the negation stood over:
# "Do not leave the field empty, password" names the password as the thing to put in.
LIST_ITEM_ASKS = [
    ("We don't store it, password required", RULES),
    ("Don't leave empty, your bank password or PIN", RULES),
]


@pytest.mark.xfail(strict=True, reason="design: a short comma-clause after any negated clause continues its list; "
                   "telling a list item from a new request needs more than its length (the negated clause's object?)")
@pytest.mark.parametrize(("description", "policy"), LIST_ITEM_ASKS)
def test_a_short_ask_after_a_negation_about_something_else_is_not_a_list_item(description: str, policy: Policy) -> None:
    assert not judge_elicitation(_form(description), MODES, policy).allowed


# Denied since the session-18 model: the form model agrees with the field's score (the rules still read
# the password as a list item).
@pytest.mark.parametrize("description", ["Не оставляйте поле пустым, пароль", "Не оставляйте пустым, пароль"])
def test_a_short_russian_ask_after_a_negation_about_something_else_is_denied_by_the_default_policy(description: str) -> None:
    assert not judge_elicitation(_form(description), MODES, DEFAULT).allowed
