"""The response scan withholds a credential a person names and then gives in words, in any language
of the lexicon ("my password is hunter2", "PIN: 4821", "密码：abc12345"), typed into a field that
never asked for one; look-alikes beside the name (India's "PIN code", a password's length or hint, a
token budget), a name and a value in two clauses, and words without digits pass."""

from __future__ import annotations

import time

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.response_scan import RESPONSE_RULES, scan_content

FOUND = [
    ("en", "password", "my password is hunter2"),
    ("en", "password", "login bob / pass hunter2"),
    ("en", "password", "The password is Tr0ub4dor&3"),
    ("en", "password", "pwd=hunter2"),
    ("de", "password", "Passwort: Sonne2024"),
    ("fr", "password", "mot de passe : Soleil2024"),
    ("es", "password", "contraseña: Perro1234"),
    ("ru", "password", "пароль: Qwerty123"),
    ("zh", "password", "密码：abc12345"),
    ("ja", "password", "パスワードは hunter2 です"),
    ("ko", "password", "비밀번호: hunter22"),
    ("ar", "password", "كلمة المرور هي abc12345"),
    ("he", "password", "הסיסמה היא abc12345"),
    ("th", "password", "รหัสผ่าน คือ abc12345"),
    ("el", "password", "ο κωδικός πρόσβασης είναι abc12345"),
    ("uk", "password", "пароль це abc12345"),
    ("ro", "password", "parola este abc12345"),
    ("bg", "password", "паролата е abc12345"),
    ("lt", "password", "slaptažodis yra abc12345"),
    ("lv", "password", "parole ir abc12345"),
    ("tl", "password", "ang password ay abc12345"),
    ("sw", "password", "nenosiri ni abc12345"),
    ("fa", "password", "رمز عبور من abc12345 است"),
    ("en", "pin", "my pin is 4821"),
    ("en", "pin", "PIN: 4821"),
    ("en", "otp", "verification code 482913"),
    ("en", "api key", "api key: 9f8e7d6c5b4a39281716"),
    ("en", "token", "my token is abc123XYZ789def"),
]
PASSING = [
    "PIN code 560001",  # India's postal PIN code
    "My password must be 8 characters", "password length 12", "Password hint: dog2019",
    "The token budget is 4096 tokens", "Use max_tokens 4096", "my pin is 12", "the code is 482913",
    "I reset my password on 2024-05-01", "my password is sunshine",  # letters alone: not told from a word
    "we will never ask for your password); train10c", "Forgot password. Order 12345678 is late",
    "token = base64.b64encode(digest)", "SessionToken: ABC12345",
    "Change password at https://example.com/reset2",
]


@pytest.mark.parametrize(("lang", "concept", "value"), FOUND)
def test_a_credential_named_and_given_in_words_is_withheld(lang: str, concept: str, value: str) -> None:
    findings = scan_content({"notes": value}, None)
    assert [(f.rule, f.detector, f.field) for f in findings] == [
        ("response.named_secret", f"{concept} named and given in words", "notes")]
    assert value not in findings[0].detail()


@pytest.mark.parametrize("value", PASSING)
def test_a_look_alike_or_a_name_without_its_secret_passes(value: str) -> None:
    assert scan_content({"notes": value}, None) == []


def test_the_name_and_its_secret_far_into_a_long_answer_are_found() -> None:
    value = "Lorem ipsum dolor sit amet. " * 400 + "Oh, and my password is hunter2 by the way."
    assert [f.rule for f in scan_content({"notes": value}, None)] == ["response.named_secret"]


def test_the_detector_is_a_config_switch_like_every_response_rule() -> None:
    assert "response.named_secret" in RESPONSE_RULES
    policy = load_config_text("policy:\n  response:\n    detectors:\n      response.named_secret: false\n").policy
    assert scan_content({"notes": "my password is hunter2"}, None, policy.response.disabled) == []


@pytest.mark.parametrize("unit", ["password 1 ", "密码1", "PIN 12 ", "password, 1", "a1"])
def test_a_value_full_of_names_is_scanned_within_the_cpu_budget_per_character(unit: str) -> None:
    value = (unit * (65536 // len(unit) + 1))[:65536]
    scan_content({"warm": "x"}, None)
    started = time.process_time()
    scan_content({"answer": value}, None)
    assert (time.process_time() - started) / len(value) * 1e6 < 20.0
