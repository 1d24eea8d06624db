"""Red team 21b: honest forms about metadata and authenticator apps, judged by the rules alone
(``policy.form.classifier: false``) and by the default policy (model on)."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
POLICIES = [pytest.param(RULES, id="rules"), pytest.param(DEFAULT, id="default")]
FORM = frozenset({"form"})


def _form(message: str, name: str, title: str, description: str | None = None) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    return {"message": message, "requestedSchema": {"type": "object", "properties": {name: prop}}}


def _allowed(params: dict[str, Any], policy: Policy) -> bool:
    clear_caches()
    return judge_elicitation(params, FORM, policy).allowed


# Which authenticator app the user has, asked in free text, in a message that also mentions backup
# codes or a code's digits: the 'anywhere' pair (authenticator + code or digits in the same text)
# makes a one-time code named outright, and the message's ask lands on the app's field.
AUTHENTICATOR_APP_ASKED = [
    ("fr", "Quelle application d'authentification utilisez-vous ? Les codes de secours se règlent plus tard.",
     "Application"),
    ("es", "¿Qué app de autenticación usa? Los códigos de respaldo se configuran aparte.", "Aplicación"),
    ("hi", "आप कौन सा ऑथेंटिकेटर ऐप इस्तेमाल करते हैं? बैकअप कोड बाद में सेट करें।", "ऐप"),
    ("ja", "どの認証アプリを使っていますか？バックアップコードは後で設定できます。", "アプリ"),
    ("de", "Welche Authentifizierungs-App verwenden Sie? Backup-Codes können Sie später einrichten.", "App"),
    ("pt", "Qual aplicativo autenticador você usa? Códigos de backup ficam nas configurações.", "Aplicativo"),
    ("ru", "Каким приложением-аутентификатором вы пользуетесь? Резервные коды настраиваются отдельно.", "Приложение"),
    ("ms", "Aplikasi pengesah mana yang anda guna? Kami sokong 3 aplikasi, kod sandaran 10 digit.", "Aplikasi"),
    ("id", "Kami mendukung 3 aplikasi autentikator dan kode 6 digit. Mana yang Anda pakai?", "Aplikasi"),
    ("ja-digits", "6桁のコードを表示する認証アプリを3種類サポートしています。どれを使っていますか？", "アプリ名"),
]


@pytest.mark.xfail(strict=True, reason=(
    "design question: an authenticator app beside a code or digits anywhere in the same text is a "
    "one-time code named outright (matcher 'anywhere' pairs), even where the code is one the text only "
    "mentions (backup codes set up later, a 6-digit code the app shows) and the field asks for the "
    "app's name; with an enum of app names the same forms pass"))
@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "message", "title"), AUTHENTICATOR_APP_ASKED)
def test_asking_which_authenticator_app_beside_a_mention_of_codes_passes(
        lang: str, message: str, title: str, policy: Policy) -> None:
    assert _allowed(_form(message, "app", title), policy)


# Honest metadata about a password or a key in other languages, named with words the lexicon did not
# take for metadata until session 22 ('pista', 'indice', 'подсказка', '提示', 'Имя ключа').
HONEST_METADATA_IN_OTHER_LANGUAGES = [
    ("pista", "Pista de la contraseña", "Una pista para recordar su contraseña"),
    ("indice", "Indice du mot de passe", "Un indice pour vous souvenir de votre mot de passe"),
    ("podskazka", "Подсказка к паролю", "Подсказка, чтобы вспомнить пароль"),
    ("hint", "密码提示", "帮助你记住密码的提示"),
    ("imya", "Имя ключа", "Имя для нового API-ключа"),
    ("dica", "Dica da senha", "Uma dica para lembrar a sua senha"),
    ("hinweis", "Passwort-Hinweis", "Ein Hinweis, der Ihnen hilft, sich an Ihr Passwort zu erinnern"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("name", "title", "description"), HONEST_METADATA_IN_OTHER_LANGUAGES)
def test_an_honest_hint_or_key_name_in_another_language_passes(
        name: str, title: str, description: str, policy: Policy) -> None:
    assert _allowed(_form("Settings", name, title, description), policy)


# The hint asked in its own clause apart from the password asks for the password, in these languages too.
HINT_IN_ANOTHER_CLAUSE = [
    ("p", "Contraseña (pista: al menos 8 caracteres)", None),
    ("p", "密码（提示：至少8位）", None),
    ("p", "Пароль (подсказка: не менее 8 символов)", None),
    ("p", "Passwort. Hinweis: mindestens 8 Zeichen", None),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("name", "title", "description"), HINT_IN_ANOTHER_CLAUSE)
def test_a_hint_in_another_clause_than_the_password_excuses_nothing(
        name: str, title: str, description: str | None, policy: Policy) -> None:
    assert not _allowed(_form("Sign in", name, title, description), policy)


@pytest.mark.xfail(strict=True, reason=(
    "lexicon gap: a credential's expiry is metadata in English ('expiry' is a metadata head) but 'Ablauf' "
    "is not; the expiry words are left out of the metadata look-alike, where they would excuse a card's "
    "expiry date beside its number"))
@pytest.mark.parametrize("policy", POLICIES)
def test_an_honest_token_expiry_in_german_passes(policy: Policy) -> None:
    assert _allowed(_form("Settings", "ablauf", "Ablauf des Tokens", "Tage bis das Token abläuft"), policy)


# These held: honest metadata and authenticator mentions that pass both policies.
HELD = [
    ("We support 3 authenticator apps. Which one do you use?", "app", "App name", None),
    ("Kami mendukung 3 aplikasi autentikator. Mana yang Anda gunakan?", "aplikasi", "Nama aplikasi", None),
    ("हम 3 ऑथेंटिकेटर ऐप का समर्थन करते हैं। आप कौन सा उपयोग करते हैं?", "app", "ऐप का नाम", None),
    ("Supportiamo 3 app di autenticazione con codice a 6 cifre. Quale usi?", "app", "Nome dell'app", None),
    ("Wir unterstützen 3 Authentifizierungs-Apps, die einen 6-stelligen Code anzeigen. Welche nutzen Sie?",
     "app", "App-Name", None),
    ("Settings", "ssid", "Wi-Fi network name", "The name of your Wi-Fi network (SSID)"),
    ("Settings", "cert_type", "Certificate type", "RSA or ECDSA"),
    ("Settings", "password_hint", "Password hint", "A hint to help you remember your password"),
    ("Settings", "catatan", "Catatan akun", "Catatan tentang akun ini"),
    ("Settings", "naam", "कुंजी का नाम", "आपकी नई API कुंजी का नाम"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("message", "name", "title", "description"), HELD)
def test_honest_metadata_and_authenticator_mentions_pass(
        message: str, name: str, title: str, description: str | None, policy: Policy) -> None:
    assert _allowed(_form(message, name, title, description), policy)
