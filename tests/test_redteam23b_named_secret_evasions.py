"""Red team 23b: a credential named and then given in words (response.named_secret) as people write
it: a German "PIN-Code", the secret on the next line, a symbol inside it, the secret first, a verb
the copula list lacked, a name and its secret written without a space in CJK, a few words between
the name and its "is", a one-time code in groups, a name in leet or look-alike letters."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import scan_content

RULE = "response.named_secret"


def _rules(value: str) -> list[str]:
    return [finding.rule for finding in scan_content({"note": value}, None)]


WITHHELD = [
    ("de-pin-code", "PIN-Code: 4821"),
    ("de-pin-code-no-colon", "PIN-Code 4821"),
    ("pin-code-spaced", "Meine PIN Code ist 4821"),
    ("colon-line-break", "Password:\nhunter22"),
    ("colon-line-break-indented", "Passwort:\r\n   Sonne2024"),
    ("label-line-then-secret", "Username\nbob\nPassword\nhunter22"),
    ("underscore", "password is hunter_22"),
    ("hash", "password: Summer#2024"),
    ("dashes", "password: Blue-Sky-42"),
    ("same-token", "pw=abc_123x"),
    ("quoted-same-token", 'password:"hunter_22"'),
    ("quoted-symbol", 'Password: "Summer#2024"'),
    ("secret-first", "hunter22 is my password"),
    ("secret-first-pin", "4821 is my PIN"),
    ("secret-first-for", "Sonne2024 is the password for the wifi"),
    ("pl-to", "moje hasło to abc12345"),
    ("de-lautet", "Passwort lautet Sonne2024"),
    ("de-lautet-colon", "das Passwort lautet: Sonne2024"),
    ("fr-c-est", "mon mot de passe c'est Soleil2024"),
    ("fi-on", "salasana on kissa2024"),
    ("zh-joined", "密码是abc12345"),
    ("ja-joined", "パスワードはabc12345です"),
    ("ko-joined", "비밀번호는abc12345"),
    ("for-the-wifi-is", "the password for wifi is abc12345"),
    ("for-my-account-is-now", "the password for my account is now abc12345"),
    ("de-fuer-wlan-ist", "Mein Passwort für WLAN ist Sonne2024"),
    ("fr-du-wifi-est", "le mot de passe du wifi est Soleil2024"),
    ("for-site-colon", "Password for gmail: hunter22"),
    ("is-now", "my password is now abc12345"),
    ("changed-to", "my password was changed to abc12345"),
    ("otp-groups", "OTP 482 913"),
    ("pin-dash-groups", "pin: 482-913"),
    ("code-dash-groups", "verification code 482-913"),
    ("leet-at", "p@ssword: hunter22"),
    ("leet-digits", "P4ssw0rd: hunter22"),
    ("cyrillic-a", "p\u0430ssword: hunter22"),
    ("pass-after-user", "user bob pass hunter22"),
    ("wifi-pass", "wifi pass abc12345"),
]


@pytest.mark.parametrize("value", [v for _, v in WITHHELD], ids=[i for i, _ in WITHHELD])
def test_a_credential_named_and_given_as_people_write_it_is_withheld(value: str) -> None:
    assert RULE in _rules(value)


STILL_PASSING = [
    ("typo-missing-s", "Pasword: hunter22",
     "a misspelt name is no lexicon term ('pasword', 'passowrd'); typos would need the lexicon, which forms share"),
    ("typo-swapped", "passowrd: hunter22",
     "a misspelt name is no lexicon term ('pasword', 'passowrd'); typos would need the lexicon, which forms share"),
    ("pin-one-digit-words", "PIN: 4 8 2 1",
     "digits one by one ('4 8 2 1') are read as separate words; joining single digits would join pin numbers of a chip"),
    ("zh-secret-first", "abc12345 是我的密码",
     "the secret before its name is read in English word order only ('is my password')"),
    ("dot-inside", "my password: abc.12345",
     "a dot inside a secret is read as the end of a word: 'settings.DB_PASS2' in code would be a secret too"),
    ("greek-capitals", "\u03a1\u0399\u039d: 4821",
     "Greek capitals that look like 'PIN' are case-folded to Greek letters before the look-alike fold"),
    ("bracket", "Password(abc12345)",
     "a bracket ends the clause: a call in code ('password = hash(pw2)') is no secret"),
]


@pytest.mark.parametrize("value", [pytest.param(v, id=i, marks=pytest.mark.xfail(strict=True, reason=r))
                                   for i, v, r in STILL_PASSING])
def test_a_credential_named_and_given_in_rarer_ways_is_withheld(value: str) -> None:
    assert RULE in _rules(value)
