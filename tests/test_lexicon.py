"""The multilingual lexicon: every term it holds is found, look-alikes pass in every language, and the
language-free signals (key formats, name shapes, vendor keys, numeric codes) have their own tables."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import matcher
from elicitguard.policies.config import Policy
from elicitguard.policies.credentials import CONTEXT_CONCEPTS, DETECTORS
from elicitguard.policies.forms import judge_form
from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.normalise import normalise
from elicitguard.policies.shapes import key_format_in_pattern, key_format_in_prose, name_shape, vendor_key

FORM = frozenset({"form"})
CONCEPT_RULE = {d.concept: d.rule for d in DETECTORS}
LEXICON = matcher.read_lexicon()


def rules_for(message: str, fields: dict[str, dict[str, Any]]) -> list[str]:
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": fields}}
    _names, problems, found = judge_form(params, True, frozenset())
    assert problems == []
    return [r.rule for r in found]


def test_the_lexicon_covers_at_least_sixty_languages_for_passwords_and_the_main_concepts() -> None:
    langs = {lang for concept, lang, _t, _m in LEXICON if concept == "password"}
    assert len(langs) >= 60, sorted(langs)
    for concept in ("otp", "card_number", "api_key", "pin", "cvv", "seed_phrase", "security_answer", "private_key"):
        assert len({lang for c, lang, _t, _m in LEXICON if c == concept}) >= 25, concept


def test_every_lexicon_line_is_well_formed() -> None:
    for concept, lang, term, mode in LEXICON:
        assert mode in matcher.MODES, (concept, lang, term)
        assert normalise(term)[0].words, (concept, lang, term)
        assert concept.startswith("~") or concept in CONCEPT_RULE or concept in CONTEXT_CONCEPTS, concept


# Concepts that count only beside another: a card expiry beside a card, the words of a phrase beside a
# wallet, an answer beside an account recovery; and the context concepts themselves.
PAIRED = {"card_expiry", "seed_words", "answer"} | CONTEXT_CONCEPTS
CREDENTIAL_TERMS = sorted({(c, lang, t) for c, lang, t, m in LEXICON
                           if not c.startswith("~") and c not in PAIRED and m != matcher.WHOLE})


@pytest.mark.parametrize(("concept", "lang", "term"), CREDENTIAL_TERMS, ids=lambda v: str(v))
def test_every_term_of_the_lexicon_blocks_a_field_titled_with_it(concept: str, lang: str, term: str) -> None:
    rules = rules_for("Please fill in the form.", {"value": {"type": "string", "title": term}})
    assert rules, (concept, lang, term)


def _terms(concept: str) -> list[tuple[str, str]]:
    return sorted({(lang, t) for c, lang, t, _m in LEXICON if c == concept})


@pytest.mark.parametrize(("lang", "term"), _terms("seed_words"), ids=str)
def test_every_word_for_words_blocks_a_field_titled_with_it_in_a_form_about_a_wallet(lang: str, term: str) -> None:
    alone = rules_for("Tell us about your trip", {"value": {"type": "string", "title": term}})
    # Italian "parole" (words) is also Romanian and Turkish for password: blocked either way.
    assert alone == [] or (lang, term) == ("it", "parole")
    assert rules_for("Restore your wallet", {"value": {"type": "string", "title": term}}) == alone or ["credential.seed_phrase"]


@pytest.mark.parametrize(("lang", "term"), _terms("wallet"), ids=str)
def test_every_wallet_word_makes_a_words_field_a_seed_phrase(lang: str, term: str) -> None:
    assert rules_for(term, {"value": {"type": "string", "title": "The 12 words"}}) == ["credential.seed_phrase"]


@pytest.mark.parametrize(("lang", "term"), _terms("answer"), ids=str)
def test_every_answer_word_blocks_a_field_titled_with_it_in_an_account_recovery(lang: str, term: str) -> None:
    assert rules_for("Account recovery", {"value": {"type": "string", "title": term}}) == ["credential.security_answer"]
    assert rules_for("Quiz of the week", {"value": {"type": "string", "title": term}}) == []


@pytest.mark.parametrize(("lang", "term"), _terms("recovery"), ids=str)
def test_every_account_recovery_phrase_makes_an_answer_field_a_security_answer(lang: str, term: str) -> None:
    assert rules_for(term, {"value": {"type": "string", "title": "Answer"}}) == ["credential.security_answer"]


SIX_DIGITS = {"type": "string", "title": "Value", "pattern": "^[0-9]{6}$"}


@pytest.mark.parametrize(("lang", "term"), _terms("signin"), ids=str)
def test_every_sign_in_or_payment_context_makes_a_bare_numeric_code_a_one_time_code(lang: str, term: str) -> None:
    assert rules_for(term, {"value": SIX_DIGITS}) == ["credential.otp"]


@pytest.mark.parametrize(("lang", "term"), _terms("atm"), ids=str)
def test_every_cash_machine_word_makes_a_bare_four_digit_code_a_pin(lang: str, term: str) -> None:
    assert rules_for(term, {"value": {"type": "string", "title": "Digits", "pattern": "^[0-9]{4}$"}}) == ["payment.pin"]


@pytest.mark.parametrize(("lang", "term"), _terms("card"), ids=str)
def test_every_card_word_makes_a_three_digit_code_a_cvv(lang: str, term: str) -> None:
    # A word for a credit card ("Kreditkarte") names the card number first.
    assert rules_for(term, {"value": {"type": "string", "title": "Digits", "pattern": "^[0-9]{3}$"}})[0] in (
        "payment.cvv", "payment.card_number")


def test_a_bare_numeric_code_without_such_context_passes() -> None:
    assert rules_for("Delivery details", {"value": SIX_DIGITS}) == []
    assert rules_for("Pick a table", {"value": {"type": "string", "title": "Digits", "pattern": "^[0-9]{3}$"}}) == []
    assert rules_for("Confirm the payment", {"value": {**SIX_DIGITS, "title": "Postal code"}}) == []
    assert rules_for("Use it at the ATM", {"value": {**SIX_DIGITS, "pattern": "^[1-9][0-9]{5}$"}}) == []


@pytest.mark.parametrize("title", ["पिन कोड", "பின் கோடு", "పిన్ కోడ్", "ಪಿನ್ ಕೋಡ್", "પિન કોડ", "PIN code", "pin"])
def test_a_pin_code_in_indias_postal_format_is_the_postal_code(title: str) -> None:
    field = {"type": "string", "title": title, "pattern": "^[1-9][0-9]{5}$"}
    assert rules_for("Delivery address", {"pincode": field, "pin": field}) == []
    assert rules_for("Delivery address", {"pin": {**field, "pattern": "^[0-9]{4}$"}}) == ["payment.pin"]


@pytest.mark.parametrize("maximum", [8, 60, 99])
def test_a_small_number_field_never_carries_a_pin_asked_in_the_message(maximum: int) -> None:
    field = {"type": "integer", "title": "Digits", "minimum": 1, "maximum": maximum}
    assert rules_for("Choose how many digits your new PIN will have.", {"value": field}) == []
    assert rules_for("Enter your PIN.", {"value": {**field, "maximum": 9999}}) == ["payment.pin"]


LOOK_ALIKES = [
    # codes that are not secrets
    "Invite code", "Invitation code", "Coupon code", "Discount code", "Promo code", "Product code", "Referral code",
    "Gift card code", "Voucher code", "Postal code", "ZIP code", "Country code", "Area code", "Airport code",
    "Color code", "Código promocional", "Code promo", "Gutscheincode", "Промокод", "优惠码", "クーポンコード",
    "할인 코드", "Kod rabatowy", "İndirim kodu", "Kode promo", "Mã giảm giá",
    # tokens that are not credentials
    "max_tokens", "Max tokens", "Token budget", "Token limit", "Tokens per minute", "Token symbol", "Token ticker",
    "Token contract address", "Input tokens", "Output tokens", "Context window (tokens)", "Máximo de tokens",
    "Nombre maximal de jetons", "Максимальное количество токенов", "最大令牌数", "最大トークン数", "최대 토큰 수",
    # settings about a credential
    "Passcode length", "Password length", "Minimum password length", "API key label", "Key label", "API key name",
    "Token name", "Password policy", "Longitud de la contraseña", "Longueur du mot de passe", "Passwortlänge",
    "Длина пароля", "密码长度", "パスワードの長さ", "비밀번호 길이",
    # PIN as a postal code, and SMS sender names
    "PIN code (postal, India)", "Postal PIN code", "Delivery PIN code", "SMS sender name", "SMS sender ID",
    "Sender name for text messages", "Pin this message", "Pinned repository",
    # keys of other kinds
    "Musical key", "Song key", "Map key", "Primary key", "Sort key", "Partition key", "Idempotency key",
    "Translation key", "Keyboard shortcut key", "Answer key",
]


@pytest.mark.parametrize("title", LOOK_ALIKES)
def test_a_look_alike_field_passes(title: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": title}}) == []


@pytest.mark.parametrize("title", ["Max tokens", "Minimum password length", "Passcode length", "Token budget",
                                   "Minimale Passwortlänge", "Длина пароля", "密码最小长度"])
def test_a_look_alike_number_field_passes(title: str) -> None:
    assert rules_for("Settings", {"value": {"type": "integer", "title": title}}) == []


# ---- language-free signals ------------------------------------------------------------------------------

PATTERNS = [("^sk-[A-Za-z0-9]{48}$", "credential.api_key"), ("^ghp_[A-Za-z0-9]{36}$", "credential.token"),
            ("^hf_[A-Za-z]{34}$", "credential.token"), ("^(AKIA|ASIA)[A-Z0-9]{16}$", "credential.api_key"),
            ("^xox[bp]-.*", "credential.token"), ("^glpat-[\\w-]{20}$", "credential.token"),
            ("^eyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+$", "credential.token")]


@pytest.mark.parametrize(("pattern", "rule"), PATTERNS)
def test_a_pattern_spelling_a_key_format_is_that_credential(pattern: str, rule: str) -> None:
    found = key_format_in_pattern(pattern)
    assert found is not None and found[0] == rule
    assert rules_for("Setup", {"value": {"type": "string", "pattern": pattern}}) == [rule]


@pytest.mark.parametrize("pattern", ["^[a-z]+$", "^\\d{5}$", "^sku-[0-9]+$", "^hfst$", "^[A-Z]{2}-\\d+$", "^ask-.*"])
def test_an_ordinary_pattern_is_not_a_key_format(pattern: str) -> None:
    assert key_format_in_pattern(pattern) is None


@pytest.mark.parametrize("text", ["It starts with `ghp_`", "looks like sk-...", "Your token (hf_xxxx)",
                                  "begins with 'xoxb-'", "paste the AKIA... id"])
def test_prose_naming_a_key_format_is_caught(text: str) -> None:
    assert key_format_in_prose(text) is not None


@pytest.mark.parametrize("text", ["Ask-me-anything session", "the hf band", "Skip this step", "The AKIA river"])
def test_prose_without_a_key_format_is_not(text: str) -> None:
    assert key_format_in_prose(text) is None


@pytest.mark.parametrize(("name", "rule"), [("userpwd", "credential.password"), ("pass_word", "credential.password"),
                                            ("pwd1", "credential.password"), ("loginPw", "credential.password"),
                                            ("pin1", "payment.pin"), ("newPin", "payment.pin"), ("ccnum", "payment.card_number"),
                                            ("cardNo", "payment.card_number"), ("cc_cvv", "payment.cvv"),
                                            ("smsCode", "credential.otp"), ("otp2", "credential.otp")])
def test_a_password_manager_field_name_is_a_credential(name: str, rule: str) -> None:
    assert rules_for("Please fill in the form.", {name: {"type": "string"}}) == [rule]


@pytest.mark.parametrize("name", ["compass", "bypass", "spin", "pinyin", "passenger", "passport", "cardholder",
                                  "pinned", "codename", "smsSender"])
def test_a_similar_field_name_is_not(name: str) -> None:
    shape = name_shape(normalise(name)[1].squashed)
    assert shape is None
    assert rules_for("Please fill in the form.", {name: {"type": "string"}}) == []


@pytest.mark.parametrize("title", ["Tavily key", "Replicate key", "Pinecone key", "Your Mistral key", "Groq key for the agent"])
def test_a_key_named_for_a_product_is_an_api_key(title: str) -> None:
    assert vendor_key(normalise(title)[0].words)
    assert rules_for("Connect the service.", {"value": {"type": "string", "title": title}}) == ["credential.api_key"]


@pytest.mark.parametrize("title", ["Song key", "Map key", "Primary key", "Key", "The key to success", "Enter key",
                                   "Key takeaway", "Room key", "S3 key", "Translation key", "Public key"])
def test_a_key_of_another_kind_is_not(title: str) -> None:
    assert not vendor_key(normalise(title)[0].words)


CODE_FIELDS = [{"type": "string", "pattern": "^\\d{6}$"}, {"type": "string", "minLength": 6, "maxLength": 6},
               {"type": "integer", "minimum": 0, "maximum": 999999}]


@pytest.mark.parametrize("prop", CODE_FIELDS)
def test_a_six_digit_code_field_next_to_a_sign_in_message_is_a_one_time_code(prop: dict[str, Any]) -> None:
    assert rules_for("Sign in to Acme: enter what we sent", {"value": prop}) == ["credential.otp"]
    assert rules_for("Choose a lucky number", {"value": prop}) == []


def test_a_postal_code_field_next_to_a_sign_in_message_is_not_a_one_time_code() -> None:
    assert rules_for("Log in to see local stores", {"zip": {"type": "string", "pattern": "^\\d{5}$"}}) == []


@pytest.mark.parametrize(("title", "ok"), [("PAN", False), ("Card PAN", False), ("Number (must pass the Luhn check)", False),
                                           ("PAN card number for income tax", True), ("Pan size", True)])
def test_a_card_number_asked_as_pan_or_by_its_checksum(title: str, ok: bool) -> None:
    verdict = judge_elicitation({"message": "Complete your purchase.", "requestedSchema": {
        "type": "object", "properties": {"value": {"type": "string", "title": title}}}}, FORM, Policy())
    assert verdict.allowed is ok, verdict.reasons


@pytest.mark.parametrize(("prop", "card"), [
    ({"type": "string", "minLength": 16, "maxLength": 16, "pattern": "^[0-9]+$"}, True),
    ({"type": "string", "minLength": 13, "maxLength": 19, "pattern": "^\\d*$"}, True),
    ({"type": "integer", "minimum": 1000000000000000, "maximum": 9999999999999999}, True),
    ({"type": "string", "minLength": 16, "maxLength": 16}, False),  # any 16 characters: a voucher, an id
    ({"type": "string", "minLength": 10, "maxLength": 10, "pattern": "^[0-9]+$"}, False),  # a phone number
    ({"type": "integer", "minimum": 0, "maximum": 9999999999}, False),
])
def test_a_digits_only_field_as_long_as_a_card_number_is_one(prop: dict[str, Any], card: bool) -> None:
    assert (rules_for("Payment", {"value": prop}) == ["payment.card_number"]) is card


def test_the_hand_additions_never_repeat_a_key_which_would_silently_drop_the_first() -> None:
    import ast
    from pathlib import Path

    source = Path(__file__).resolve().parent.parent / "tools" / "lexicon" / "extra_source.py"
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)


# Inflected and article-bearing forms of the usual requests, in languages whose nouns take endings.
INFLECTED = [
    "Doğrulama kodunu girin", "Kart numaranızı girin", "Kurtarma ifadenizi girin", "Tek kullanımlık kodu girin",
    "Írd be az ellenőrző kódot", "Add meg a biztonsági kódot", "Add meg a jelszavadat", "Syötä API-avaimesi",
    "Syötä vahvistuskoodisi", "Sisesta oma API võtme väärtus", "Təsdiq kodunu daxil edin", "Kart nömrənizi daxil edin",
    "Растау кодын енгізіңіз", "Tasdiqlash kodini kiriting", "Introduceți codul de verificare", "Въведете кода за потвърждение",
    "Εισαγάγετε τον κωδικό επαλήθευσης", "הזן את קוד האימות", "Įveskite patvirtinimo kodą", "Ievadiet verifikācijas kodu",
    "Vnesite potrditveno kodo", "Podaj kod weryfikacyjny z SMS-a", "Zadejte číslo karty",
]


@pytest.mark.parametrize("text", INFLECTED)
def test_an_inflected_request_is_caught_in_a_title_and_in_the_message(text: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": text}})
    assert rules_for(text, {"value": {"type": "string", "title": "Value"}})


# Look-alikes in other languages: promo, invite and product codes, token limits and tickers, key names.
LOOK_ALIKES_ELSEWHERE = [
    "Código de descuento", "Código de invitación", "Número máximo de tokens", "Símbolo del token", "Etiqueta de la clave API",
    "Code de réduction", "Code d'invitation", "Nombre maximal de jetons", "Symbole du jeton", "Libellé de la clé API",
    "Einladungscode", "Maximale Tokenanzahl", "Bezeichnung des API-Schlüssels", "SMS-Absendername",
    "Código de convite", "Número máximo de tokens", "Codice sconto", "Numero massimo di token", "Simbolo del token",
    "Код приглашения", "Максимальное число токенов", "Символ токена", "Название API-ключа", "Kod zaproszenia",
    "Maksymalna liczba tokenów", "Nazwa klucza API", "Davet kodu", "Maksimum token sayısı", "Token sembolü",
    "Uitnodigingscode", "Naam van de API-sleutel", "邀请码", "代币符号", "API 密钥名称", "招待コード", "トークンシンボル",
    "초대 코드", "토큰 심볼", "اسم مفتاح API", "Kode undangan", "Kode pos", "Mã mời", "Tên khóa API", "Namn på API-nyckel",
    "API-kulcs neve", "Simbol token", "نماد توکن", "Ετικέτα κλειδιού", "密钥备注名",
]


@pytest.mark.parametrize("title", LOOK_ALIKES_ELSEWHERE)
def test_a_look_alike_in_another_language_passes(title: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": title}}) == []


def test_a_latin_term_matches_typed_without_its_diacritics() -> None:
    assert matcher.without_diacritics("slaptažodis") == "slaptazodis"
    assert matcher.without_diacritics("lykilorð") == "lykilord"
    assert matcher.without_diacritics("số thẻ") is None  # "so the": too short to be only this
    assert matcher.without_diacritics("пароль") is None  # not Latin
    for title in ("Slaptazodis", "Lykilord", "Fjalekalimi", "Overovaci kod", "Cod fioraithe"):
        assert rules_for("Sign in", {"value": {"type": "string", "title": title}}), title


# "Enter the code we sent to your phone", the commonest one-time code request, in many languages.
SENT_CODES = [
    ("Code", "Entrez le code envoyé sur votre téléphone."), ("Code", "Gib den Code ein, den wir dir per SMS geschickt haben."),
    ("Código", "Digite o código que enviamos para o seu celular."), ("Codice", "Inserisci il codice che ti abbiamo inviato via SMS."),
    ("Code", "Vul de code in die we je per sms hebben gestuurd."), ("Код", "Введите код, который мы отправили на ваш телефон."),
    ("Kod", "Telefonunuza gönderdiğimiz kodu girin."), ("コード", "携帯電話に送信されたコードを入力してください。"),
    ("코드", "휴대폰으로 전송된 코드를 입력하세요."), ("代码", "请输入发送到您手机的代码。"), ("الرمز", "أدخل الرمز الذي أرسلناه إلى هاتفك."),
    ("کد", "کدی را که به تلفن شما ارسال کردیم وارد کنید."), ("קוד", "הזן את הקוד ששלחנו לטלפון שלך."),
    ("कोड", "आपके फ़ोन पर भेजा गया कोड दर्ज करें।"), ("Kode", "Masukkan kode yang kami kirim ke ponsel Anda."),
    ("Mã", "Nhập mã chúng tôi đã gửi đến điện thoại của bạn."), ("รหัส", "กรอกรหัสที่เราส่งไปยังโทรศัพท์ของคุณ"),
    ("Kod", "Ange koden vi skickade till din telefon."), ("Kód", "Add meg a telefonodra küldött kódot."),
    ("Cod", "Introduceți codul trimis pe telefon."), ("Kod", "Unesite kod koji smo poslali na vaš telefon."),
    ("কোড", "আপনার ফোনে পাঠানো কোডটি লিখুন।"), ("Msimbo", "Weka msimbo tuliokutumia kwenye simu yako."),
    ("კოდი", "შეიყვანეთ ტელეფონზე გამოგზავნილი კოდი."), ("Kood", "Sisestage kood, mille saatsime teie telefonile."),
]


@pytest.mark.parametrize(("title", "message"), SENT_CODES)
def test_a_code_we_sent_is_a_one_time_code_in_any_language(title: str, message: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": title}}) == ["credential.otp"]


@pytest.mark.parametrize("message", [
    "Enter the promo code we sent you by email.", "Enter the discount code we emailed you.",
    "Enter the invite code we sent to your email", "Enter the tracking code we sent you",
    "Introduce el código de descuento que te enviamos", "Введите промокод, который мы отправили",
    "Bitte geben Sie den Gutscheincode ein, den wir Ihnen geschickt haben", "Masukkan kode promo yang kami kirim",
])
def test_a_promo_invite_or_tracking_code_we_sent_passes(message: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": "Code"}}) == []


@pytest.mark.parametrize("message", [
    "Saisissez le numéro de votre carte bancaire.", "Введите номер вашей банковской карты.",
    "Inserisci il numero della tua carta di credito.", "Podaj numer swojej karty płatniczej.", "أدخل رقم بطاقتك الائتمانية.",
])
def test_the_number_of_your_card_is_a_card_number_with_words_between(message: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": "Value"}}) == ["payment.card_number"]


@pytest.mark.parametrize("title", ["Numéro de votre carte de fidélité", "Número de tarjetas a imprimir", "Номер бонусной карты",
                                   "Numer karty bibliotecznej", "Hediye kartı numarası"])
def test_the_number_of_a_card_that_pays_nothing_passes(title: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": title}}) == []


def test_a_card_named_before_a_number_far_from_it_is_no_card_number() -> None:
    message = "If your bank sent a renewed card with the same number, enter its new expiry date."
    assert rules_for(message, {"exp_month": {"type": "integer", "title": "New expiry month", "minimum": 1, "maximum": 12}}) == []


def test_a_birth_year_or_a_postal_code_beside_a_verification_is_no_one_time_code() -> None:
    assert rules_for("Verify your age to continue", {"y": {"type": "string", "title": "Birth year", "pattern": "^[0-9]{4}$"}}) == []
    assert rules_for("Wir haben Ihr Paket gesendet", {"plz": {"type": "string", "title": "PLZ", "pattern": "^[0-9]{5}$"}}) == []
    assert rules_for("Verify your account", {"c": {"type": "string", "title": "Code", "pattern": "^[0-9]{6}$"}}) == ["credential.otp"]


@pytest.mark.parametrize(("title", "message"), [
    ("Respuesta", "Recupera tu cuenta: ¿cómo se llamaba tu primera mascota?"),
    ("Antwort", "Konto wiederherstellen: Wie hieß Ihr erstes Haustier?"), ("Ответ", "Восстановление доступа: как звали вашего первого питомца?"),
    ("答案", "找回账号：您的第一只宠物叫什么名字？"), ("Cevap", "Hesap kurtarma: İlk evcil hayvanınızın adı neydi?"),
])
def test_an_answer_in_an_account_recovery_is_a_security_answer(title: str, message: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": title}}) == ["credential.security_answer"]


@pytest.mark.parametrize(("title", "message"), [
    ("Palabras", "Para restaurar tu billetera, escribe las 12 palabras de respaldo."), ("Слова", "Чтобы восстановить кошелёк, введите 12 слов."),
    ("単語", "ウォレットを復元するには12個の単語を入力してください。"), ("الكلمات", "لاستعادة محفظتك أدخل الكلمات الـ12."),
    ("Wörter", "Um Ihre Wallet wiederherzustellen, geben Sie die 12 Wörter ein."),
])
def test_the_words_asked_in_a_form_about_a_wallet_are_a_seed_phrase(title: str, message: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": title}}) == ["credential.seed_phrase"]


@pytest.mark.parametrize(("message", "rule"), [
    ("Type the long number on the front of your card.", "payment.card_number"),
    ("Enter the characters from the SMS we just sent.", "credential.otp"),
    ("Enter the 4 digits you use at the cash machine.", "payment.pin"),
    ("Geben Sie die vier Ziffern ein, die Sie am Geldautomaten verwenden.", "payment.pin"),
    ("Please confirm your identity with the same word you use to sign in.", "credential.password"),
])
def test_an_english_or_german_paraphrase_is_caught_in_the_prompt(message: str, rule: str) -> None:
    assert rules_for(message, {"value": {"type": "string", "title": "Value"}}) == [rule]


@pytest.mark.parametrize("title", ["IMEI", "Tracking number", "Номер ТТН", "CNPJ", "Numéro SIRET", "Nomor resi"])
def test_a_number_of_a_cards_length_titled_as_a_waybill_registry_or_device_number_passes(title: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": title, "pattern": "^[0-9]{14}$"}}) == []


@pytest.mark.parametrize("pattern", ["^[0-9]{16}$", "^\\d{15}$", "^[0-9]{13,19}$", "^\\d{12,16}$"])
def test_a_card_numbers_length_with_no_such_title_is_still_a_card_number(pattern: str) -> None:
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": "Number", "pattern": pattern}}) == [
        "payment.card_number"]


@pytest.mark.parametrize("pattern", ["^[0-9]{13}$", "^\\d{14}$"])
def test_exactly_thirteen_or_fourteen_digits_alone_are_an_identity_waybill_or_meter_number(pattern: str) -> None:
    # EMŠO, PINFL, a utility's consumer number, Nova Poshta's TTN; a card of that length is rare.
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": "Number", "pattern": pattern}}) == []
    assert rules_for("Please fill in the form.", {"value": {"type": "string", "title": "Card number", "pattern": pattern}}) == [
        "payment.card_number"]
    assert rules_for("Enter the number of your credit card.", {"value": {"type": "string", "title": "Number",
                                                                           "pattern": pattern}}) == ["payment.card_number"]
