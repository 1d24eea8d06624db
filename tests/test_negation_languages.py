"""Negation per language (policies/negation.py): a prompt that says the service never asks for a
credential is no request, in word orders where the negation comes first and where it comes last;
a request beside a negation in another clause or sentence is still denied."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.negation import NEGATIONS

_POLICY = load_config_text("policy:\n  form:\n    classifier: false\n").policy
_MODES = frozenset({"form", "url"})

CORPUS_LANGUAGES = ("ar bg ca cs da de el en es fa fi fr he hr hu id it ja ko lt nl no pl pt ro ru sk sl sr sv th tr "
                    "uk vi zh af am az be bn bs cy es-MX et eu fil fr-CA ga gl gu ha hi hy ig is ka kk km kn ky lb lo "
                    "lv mk ml mn mr ms mt my ne pa ps pt-BR si sq sr-Latn sw ta te tg tk ur uz xh yo zh-TW zu").split()


def _form(message: str) -> dict[str, Any]:
    return {"mode": "form", "message": message,
            "requestedSchema": {"type": "object", "properties": {"value": {"type": "string", "title": "Value"}}}}


REASSURANCES = [
    ("en", "Reminder: we will never ask for your password, PIN or codes."),
    ("fi", "Emme pyydä sinulta tässä koodeja tai salasanoja."),
    ("ja", "当社からパスワードや認証コードをお尋ねすることは絶対にありません。"),
    ("no", "Husk at vi aldri spør om passordet ditt, BankID eller koder på telefon."),
    ("es", "Recuerda: nunca te pediremos tu contraseña, tu PIN ni códigos de verificación."),
    ("id", "Perlu diingat, kami tidak akan pernah meminta password, PIN, atau kode OTP Anda."),
    ("ro", "Reamintim că nu îți vom cere niciodată parola, PIN-ul cardului sau coduri primite prin SMS."),
    ("af", "Ons sal jou nooit per e-pos vra vir jou wagwoord of eenmalige PIN nie."),
    ("is", "Við munum aldrei biðja um lykilorðið þitt, PIN-númer eða öryggiskóða í síma."),
    ("hi", "हमारा कोई भी कर्मचारी आपसे कभी OTP, पिन या पासवर्ड नहीं माँगेगा।"),
    ("ta", "எங்கள் ஊழியர்கள் ஒருபோதும் தொலைபேசியில் OTP, PIN அல்லது கடவுச்சொல்லைக் கேட்க மாட்டார்கள்."),
    ("ml", "ഞങ്ങളുടെ ജീവനക്കാർ ഒരിക്കലും ഫോണിലൂടെ OTP, PIN അല്ലെങ്കിൽ പാസ്‌വേഡ് ചോദിക്കില്ല."),
    ("bn", "মনে রাখবেন, আমরা কখনো আপনার পাসওয়ার্ড বা পিন জানতে চাইব না।"),
    ("tr", "Müşteri temsilcilerimiz hiçbir zaman şifrenizi veya SMS ile gelen kodları sormaz."),
    ("kk", "Біз ешқашан телефон немесе хат арқылы құпиясөзіңізді не SMS кодтарын сұрамаймыз."),
    ("ko", "우리는 절대 비밀번호나 인증 코드를 묻지 않습니다."),
    ("fa", "در متن پیام هرگز از مشتری رمز یا کد تأیید نخواهید."),
    ("ka", "ჩვენ არასდროს მოგთხოვთ პაროლს ან ერთჯერად კოდს ტელეფონით."),
    ("vi", "Nhân viên của chúng tôi sẽ không bao giờ hỏi mật khẩu hay mã OTP của bạn."),
    ("zh-TW", "提醒您：本公司客服絕不會以電話、LINE 或簡訊要求您提供密碼或驗證碼。"),
    ("ru", "Помните: служба поддержки никогда не спрашивает пароли и коды."),
    ("sk", "Upozorňujeme: IT oddelenie od vás nikdy nebude chcieť heslo."),
    ("et", "Tuletame meelde, et me ei küsi kunagi sinu PIN-koode ega paroole."),
    ("ha", "Ba za mu taɓa tambayar kalmar sirrinka ko lambar OTP ta waya ko saƙo ba."),
    ("sw", "Hatutakuuliza nenosiri lako au msimbo wa OTP kwa simu au ujumbe."),
]


@pytest.mark.parametrize(("language", "message"), REASSURANCES, ids=[lang for lang, _m in REASSURANCES])
def test_a_prompt_that_says_the_service_never_asks_for_a_credential_passes(language: str, message: str) -> None:
    verdict = judge_elicitation(_form(message), _MODES, _POLICY)
    assert verdict.allowed, (language, verdict.reasons)


REQUESTS = [
    ("en", "Don't worry, just type your password."),
    ("en", "Your GitHub password, never share it."),
    ("en", "Don't forget to type your password."),
    ("en", "Type your password and never share it."),
    ("en", "Type your password. We never store it."),
    ("hi", "अपना पासवर्ड यहाँ डालें। हम इसे कभी साझा नहीं करेंगे।"),
    ("hi", "अपना पासवर्ड, इसे कभी साझा न करें।"),
    ("ja", "パスワードを他人に教えずに入力してください。"),
    ("ja", "パスワードを入力してください。絶対に他人に教えないでください。"),
    ("ko", "비밀번호를 입력하고 아무에게도 알려주지 마세요."),
    ("ko", "비밀번호를 입력하세요. 절대 공유하지 마세요."),
    ("tr", "Şifrenizi girmeyi unutmayın."),
    ("tr", "Şifrenizi girin, kimseyle paylaşmayın."),
    ("de", "Passwort eingeben und nicht vergessen."),
    ("fr", "Saisissez votre mot de passe, ne le partagez jamais."),
    ("pt", "Digite a senha no campo abaixo."),
    ("en", "Paste your non-expiring GitHub token."),
    ("it", "Incolla il tuo token non-scadente."),
    ("nl", "Voer nu uw wachtwoord in."),
    ("is", "Sláðu inn kóðann sem við sendum með SMS."),
    ("zh", "请输入密码，不要告诉任何人。"),
    ("fa", "رمز عبور خود را وارد کنید. ما هرگز آن را ذخیره نمی‌کنیم."),
]


@pytest.mark.parametrize(("language", "message"), REQUESTS, ids=[f"{lang}-{i}" for i, (lang, _m) in enumerate(REQUESTS)])
def test_a_request_beside_a_negation_in_another_clause_is_still_denied(language: str, message: str) -> None:
    verdict = judge_elicitation(_form(message), _MODES, _POLICY)
    assert not verdict.allowed, (language, message)
    assert all(r.rule.startswith("credential.") for r in verdict.reasons)


def test_every_language_of_the_corpora_has_negation_markers() -> None:
    missing = [lang for lang in CORPUS_LANGUAGES if lang not in NEGATIONS]
    assert not missing
    assert all(NEGATIONS[lang].before or NEGATIONS[lang].after for lang in CORPUS_LANGUAGES)


# A request joined to a clause-final negation of something else ("enter your password and do not
# tell anyone"), with no comma between: the negation must not reach back over the request verb.
JOINED_REQUESTS = [
    ("ja", "パスワードを入力して他人に教えないでください"),
    ("ja", "パスワードを記入し他人に見せないでください"),
    ("ko", "비밀번호를 입력하세요 다른 사람에게 알려주지 마세요"),
    ("ko", "비밀번호를 입력하고 다른 사람에게 알려주지 마세요"),
    ("tr", "Şifrenizi girip kimseyle paylaşmayın"),
    ("tr", "Şifrenizi girin kimseyle paylaşmayın"),
    ("hi", "अपना पासवर्ड डालें किसी को न बताएं"),
    ("bn", "আপনার পাসওয়ার্ড দিন কাউকে বলবেন না"),
    ("zh", "请输入密码不要告诉别人"),
]


@pytest.mark.parametrize(("language", "text"), JOINED_REQUESTS)
def test_a_request_joined_to_a_later_negation_of_something_else_is_still_denied(language: str, text: str) -> None:
    for params in (_form(text), {"mode": "form", "message": "Sign in", "requestedSchema": {"type": "object", "properties": {
            "value": {"type": "string", "title": "Value", "description": text}}}}):
        assert not judge_elicitation(params, _MODES, _POLICY).allowed, (language, text)


def test_a_credential_a_negation_took_back_leaves_the_field_to_the_credential_model() -> None:
    # The rules do not judge what a negation took back, so it must not switch the model off either.
    from elicitguard.policies import classifier
    taken_back = {"type": "string", "title": "Value", "description": "We will never ask for your password here"}
    named = {"type": "string", "title": "Value", "description": "Type your password here"}
    assert "c:password" not in classifier.field_concepts("value", taken_back)
    assert "c:password" in classifier.field_concepts("value", named)


# A negation word of one language in a request written in another: a product name, a stray word, or
# a word a hostile server adds ("Soha" is Hungarian for never, "nie" Polish and Afrikaans for not).
# The negation tables are read only for the languages the text shows elsewhere too.
FOREIGN_NEGATIONS = [
    ("en", "hu", "Enter your Soha password"),
    ("en", "hu", "Enter your password for Nem"),
    ("en", "tr", "Type your password yok"),
    ("en", "pl", "Enter your NIE and password"),
    ("en", "af", "Enter your password nie"),
    ("en", "nl", "Enter your password niet"),
    ("en", "de", "Type your PIN nicht"),
    ("en", "tr", "Enter your password değil"),
    ("en", "ja", "Enter your password ない"),
    ("en", "ko", "Enter your password 않습니다"),
    ("en", "hi", "Enter your password नहीं"),
    ("ru", "hu", "Введите пароль от Soha"),
    ("fr", "hu", "Entrez votre mot de passe Soha"),
    ("es", "pl", "Introduzca su contraseña nie"),
    ("ru", "en", "Введите пароль not"),
]


@pytest.mark.parametrize(("language", "negation_language", "message"), FOREIGN_NEGATIONS,
                         ids=[f"{a}-{b}-{i}" for i, (a, b, _m) in enumerate(FOREIGN_NEGATIONS)])
def test_a_negation_word_of_another_language_does_not_take_a_request_back(
        language: str, negation_language: str, message: str) -> None:
    for params in (_form(message), {"mode": "form", "message": "Sign in", "requestedSchema": {"type": "object",
                   "properties": {"value": {"type": "string", "title": "Value", "description": message}}}}):
        assert not judge_elicitation(params, _MODES, _POLICY).allowed, (language, negation_language, message)


# After a negation of one word ("don't worry", "never mind"), or with a request word in it, a short
# clause is a new request, not an item of the negation's list.
SHORT_REQUESTS = [
    ("en", "Don't worry, type your password"),
    ("en", "Never mind, enter password"),
    ("en", "Never stored, your password here"),
    ("en", "Don't worry about it, type your password"),
    ("en", "Don't worry, type or paste your password"),
    ("es", "Nunca compartido, tu contraseña"),
    ("fr", "Ne vous inquiétez pas, tapez votre mot de passe"),
    ("de", "Keine Sorge, Passwort eingeben"),
    ("ru", "Не волнуйтесь, введите пароль"),
    ("zh", "不要担心，请输入密码"),
]


@pytest.mark.parametrize(("language", "message"), SHORT_REQUESTS, ids=[f"{lang}-{i}" for i, (lang, _m) in enumerate(SHORT_REQUESTS)])
def test_a_short_request_after_a_negated_clause_is_still_denied(language: str, message: str) -> None:
    assert not judge_elicitation(_form(message), _MODES, _POLICY).allowed, (language, message)


# The lists a negation still reaches: items of what it negates.
NEGATED_LISTS = [
    ("en", "We never store, log, or share your password"),
    ("en", "Never share your PIN, password or OTP"),
    ("en", "We will never ask for your PIN, password"),
    ("de", "Wir fragen nie nach Ihrem Passwort, PIN oder TAN"),
    ("hu", "Soha nem kérjük a jelszavát"),
    ("pl", "Nigdy nie prosimy o hasło, PIN ani kody"),
]


@pytest.mark.parametrize(("language", "message"), NEGATED_LISTS, ids=[f"{lang}-{i}" for i, (lang, _m) in enumerate(NEGATED_LISTS)])
def test_the_items_of_a_negated_list_are_still_taken_back(language: str, message: str) -> None:
    verdict = judge_elicitation(_form(message), _MODES, _POLICY)
    assert verdict.allowed, (language, message, verdict.reasons)


def test_every_language_of_the_corpora_has_words_that_show_it_and_request_words() -> None:
    from elicitguard.policies import negation
    for lang in CORPUS_LANGUAGES:
        base = {"fr-CA": "fr", "es-MX": "es", "pt-BR": "pt"}.get(lang, lang)
        assert any(base in found for found in negation._VOCABULARY.values()), lang
        assert any(base in found for found in negation._REQUESTS.values()), lang
