"""A field named or titled for personal data carries no credential the prompt asks for, in any language.

"Comment voulez-vous recevoir votre code de validation ?" over a field "Numéro de cellulaire" asks for
the number the code goes to, as ordinary._ORDINARY already said in English ("Phone number"). The lexicon's
"personal" concept (phone and mobile numbers, addresses, streets, cities, e-mails, full names,
national identity and tax numbers in the languages of the web) says so in the others. A field's own words are still judged, and a numeric code
field keeps its code shape's reading ("the six digits from your phone" is a one-time code).
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
POLICIES = [pytest.param(RULES, id="rules"), pytest.param(DEFAULT, id="default")]


def _allowed(message: str, title: str, policy: Policy, **extra: Any) -> bool:
    clear_caches()
    prop: dict[str, Any] = {"type": "string", "title": title, **extra}
    params = {"message": message, "requestedSchema": {"type": "object", "properties": {
        "channel": {"type": "string", "title": "SMS / e-mail", "enum": ["sms", "email"]}, "contact": prop}}}
    return judge_elicitation(params, frozenset({"form"}), policy).allowed


WHERE_THE_CODE_GOES = [
    ("fr", "Comment voulez-vous recevoir votre code de validation ?", "Numéro de cellulaire"),
    ("lt", "Kaip norėtumėte gauti patvirtinimo kodus?", "Telefono numeris"),
    ("pl", "Wyślemy kod weryfikacyjny SMS-em.", "Numer telefonu odbiorcy"),
    ("id", "Kami akan mengirim kode OTP lewat SMS.", "Nomor HP"),
    ("ms", "Kod pengesahan akan dihantar melalui SMS.", "No. telefon"),
    ("no", "Vi sender deg en engangskode på SMS.", "Mobilnummer"),
    ("he", "נשלח אליך קוד אימות ב-SMS.", "מספר טלפון נייד"),
    ("ja", "認証コードをSMSでお送りします。", "電話番号"),
    ("bg", "Ще ви изпратим код за потвърждение.", "Телефон"),
    ("ru", "Мы пришлём код подтверждения на ваш кошелёк.", "Адрес кошелька"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title"), WHERE_THE_CODE_GOES, ids=[row[0] for row in WHERE_THE_CODE_GOES])
def test_a_contact_field_under_a_prompt_about_a_code_passes(lang: str, message: str, title: str, policy: Policy) -> None:
    assert _allowed(message, title, policy)


OWN_WORDS_STILL_JUDGED = [
    ("de", "Bitte bestätigen Sie.", "Telefon-PIN", {}),
    ("fr", "Connexion", "Mot de passe du téléphone", {}),
    ("be", "Апошні крок уваходу", "Лічбы з тэлефона", {"pattern": "^[0-9]{6}$", "description": (
        "Шэсць лічбаў, якія зараз паказвае праграма-аўтэнтыфікатар; яны мяняюцца кожныя 30 секунд")}),
    ("sl", "Za potrditev plačila vpišite številke iz mobilne banke.", "Številke iz mobilne banke", {"pattern": "^[0-9]{8}$"}),
    # A code from the phone is no phone number: its title names a code.
    ("cs", "Zadejte kód z SMS pro přihlášení", "Mobilní kód", {}),
    ("pl", "Wpisz kod z SMS, aby się zalogować", "Kod z telefonu", {}),
    ("de", "Geben Sie den SMS-Code ein, um sich anzumelden", "Code vom Handy", {}),
    ("ru", "Введите код из SMS для входа", "Код с телефона", {}),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title", "extra"), OWN_WORDS_STILL_JUDGED,
                         ids=[row[0] for row in OWN_WORDS_STILL_JUDGED])
def test_a_contact_word_does_not_excuse_a_fields_own_credential_or_code_shape(
        lang: str, message: str, title: str, extra: dict[str, Any], policy: Policy) -> None:
    assert not _allowed(message, title, policy, **extra)


# Identity and tax numbers, bank account and SIM numbers, postal codes and key descriptions: their own
# names say what they hold (session 22's training corpora denied each).
NO_CREDENTIAL = [
    ("tr", "e-Devlet şifrenizi teslim alacağınız PTT şubesini seçiniz.", "T.C. Kimlik No", {"pattern": "^\\d{11}$"}),
    ("pl", "Wyślemy kod SMS na Twój numer.", "PESEL", {"pattern": "^[0-9]{11}$"}),
    ("es-MX", "Transferencia SPEI a otros bancos con tu tarjeta", "CLABE interbancaria", {"pattern": "^[0-9]{18}$"}),
    ("en", "Register your new SIM card", "SIM card number (ICCID)", {"pattern": "^[0-9]{19}$"}),
    ("sw", "Sasisha taarifa zako kwenye iTax kwa PIN yako", "KRA PIN", {"pattern": "^[AP]\\d{9}[A-Z]$"}),
    ("mk", "Најдете го најблискиот банкомат.", "Поштенски број", {"pattern": "^[0-9]{4}$"}),
    ("sr-Latn", "Novi API ključ za prodavnicu", "Opis ključa", {}),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title", "extra"), NO_CREDENTIAL, ids=[row[0] for row in NO_CREDENTIAL])
def test_an_identity_account_postal_or_description_field_passes(
        lang: str, message: str, title: str, extra: dict[str, Any], policy: Policy) -> None:
    assert _allowed(message, title, policy, **extra)
