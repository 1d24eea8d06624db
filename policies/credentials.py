"""Credential detectors for form-mode elicitation fields.

Each detector is a small declarative class, in the manner of detect-secrets' plugins: the terms that
name a credential (as whole-word phrases, or as fragments of a name with its separators removed),
the field types that can carry it, and the context words that make a look-alike benign. A detection
always names the rule and the field.

Text is normalised before matching: NFKC, camelCase / snake_case / kebab-case split into words,
lower-cased, and a de-leeted copy (``p4ssw0rd`` -> ``password``) matched as well.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import ClassVar, Final

STRING: Final = "string"
NUMBER: Final = "number"
TEXT_TYPES: Final = frozenset({STRING})
TEXT_AND_NUMBER: Final = frozenset({STRING, NUMBER})

# camelCase boundaries; a single leading lower-case letter stays attached ("iPhone", "cURL", "eBay").
_CAMEL = re.compile(r"(?<=[a-z]{2})(?=[A-Z])|(?<=[0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _mark_ranges() -> str:
    """Every combining mark in the BMP as a regex class body: Devanagari, Thai and other scripts
    write vowels as marks, and a word must not be split at them."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, 0x10000):
        if unicodedata.category(chr(code)).startswith("M"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)


_WORD_SPLIT = re.compile(r"[^\w$@" + _mark_ranges() + r"]+|_+")
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "$": "s", "@": "a", "!": "i"})
_HAS_LETTER = re.compile(r"[^\W\d_]")


@dataclass(frozen=True, slots=True)
class Text:
    """A piece of schema text in its matchable forms."""

    words: tuple[str, ...]
    squashed: str
    spaced: str  # the words between single spaces, padded, for whole-phrase matching

    @property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)


# Cyrillic and Greek letters that look like Latin ones, for words that mix scripts ("pаssword" with a
# Cyrillic "а"): a Russian or Greek word on its own is left alone.
_HOMOGLYPH_PAIRS = {"а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ѕ": "s",
                    "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "к": "k", "м": "m", "т": "t", "в": "b", "н": "h",
                    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "τ": "t", "κ": "k", "ι": "i", "υ": "u", "ε": "e",
                    "χ": "x", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y", "ᴀ": "a", "ʙ": "b", "ᴄ": "c", "ᴅ": "d",
                    "ᴇ": "e", "ɢ": "g", "ʜ": "h", "ɪ": "i", "ᴊ": "j", "ᴋ": "k", "ʟ": "l", "ᴍ": "m", "ɴ": "n",
                    "ᴏ": "o", "ᴘ": "p", "ʀ": "r", "ꜱ": "s", "ᴛ": "t", "ᴜ": "u", "ᴠ": "v", "ᴡ": "w", "ᴢ": "z",
                    "օ": "o", "ս": "u", "ց": "g", "һ": "h"}
_HOMOGLYPHS = str.maketrans(_HOMOGLYPH_PAIRS)
_CONFUSABLE = re.compile("[" + "".join(sorted(_HOMOGLYPH_PAIRS)) + "]")
# Invisible characters NFKC keeps: format controls (Cf: zero-width joiners, bidi controls, soft
# hyphen) and the fillers that render as nothing. They are removed before words are split.
_INVISIBLE = re.compile("[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e"
                        "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")


def _deleet(word: str) -> str:
    # The matching copy folds look-alike letters whatever the word's script ("АРІ КЕУ" in Cyrillic
    # reads "API KEY"); the plain copy keeps the real word for the multilingual terms.
    if _CONFUSABLE.search(word):
        word = word.translate(_HOMOGLYPHS)
    # Only words that mix letters with digits/symbols are leet; "2fa" or "443" stay as they are.
    if _HAS_LETTER.search(word) and any(ch in word for ch in "013457$@!"):
        return word.translate(_LEET)
    return word


@functools.lru_cache(maxsize=8192)
def normalise(text: str) -> tuple[Text, Text]:
    """The plain and the de-leeted forms of a text."""
    text = _INVISIBLE.sub("", unicodedata.normalize("NFKC", text))
    text = _CAMEL.sub(" ", text)
    words = tuple(w for w in _WORD_SPLIT.split(text.casefold()) if w)
    plain = Text(words, "".join(words), f" {' '.join(words)} ")
    leet_words = tuple(_deleet(w) for w in words)
    return plain, Text(leet_words, "".join(leet_words), f" {' '.join(leet_words)} ")


class Detector:
    """Base class: subclasses only declare data."""

    rule: ClassVar[str]
    label: ClassVar[str]
    # Whole-word phrases, space separated, matched against the word sequence.
    phrases: ClassVar[tuple[str, ...]] = ()
    # Substrings of the separator-free text: catch compounds like "dbpassword" or "apikey".
    fragments: ClassVar[tuple[str, ...]] = ()
    # Field types (after enum/boolean exclusion) that can carry this credential.
    types: ClassVar[frozenset[str]] = TEXT_TYPES
    # Words anywhere in the field's name, title or description that make it a look-alike.
    unless: ClassVar[frozenset[str]] = frozenset()

    # Whether a field named for metadata *about* this credential ("token_name", "key_id") is excused.
    metadata_excuses: ClassVar[bool] = True

    # Compiled once per class: one alternation over " word word " phrases, one over fragments.
    _phrase_re: ClassVar[re.Pattern[str] | None] = None
    _fragment_re: ClassVar[re.Pattern[str] | None] = None

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        # Terms go through exactly the normalisation of the text they are matched against (folding,
        # word splitting), so "pre-shared key", "Wi-Fi" or a final sigma match however written.
        if cls.phrases:
            phrases = sorted({normalise(p)[0].spaced.strip() for p in cls.phrases} - {""})
            cls._phrase_re = re.compile(" (?:" + "|".join(re.escape(p) for p in phrases) + ") ")
        if cls.fragments:
            fragments = sorted({normalise(f)[0].squashed for f in cls.fragments} - {""})
            cls._fragment_re = re.compile("|".join(re.escape(f) for f in fragments))

    @classmethod
    def matches(cls, text: Text) -> bool:
        if cls._phrase_re is not None and cls._phrase_re.search(text.spaced):
            return True
        return cls._fragment_re is not None and cls._fragment_re.search(text.squashed) is not None

    @classmethod
    def excused(cls, context: frozenset[str]) -> bool:
        return bool(cls.unless & context)


# The last word of a field name that makes it metadata about a credential, not the credential itself:
# "api_key_name", "token_scopes", "secret_name", "pgp_key_id", "ssh_public_key".
METADATA_HEADS: Final = frozenset({"name", "names", "label", "id", "ids", "identifier", "fingerprint", "alias",
                                   "nickname", "description", "scope", "scopes", "type", "expiry", "expiration",
                                   "expires", "created", "count", "hint", "prefix", "suffix", "last4", "rotation",
                                   "policy", "strength", "length", "provider", "format", "algorithm", "usage",
                                   "channel", "method", "title", "comment", "note", "notes"})
PUBLIC_WORDS: Final = frozenset({"public", "publishable", "pub"})


class Password(Detector):
    rule = "credential.password"
    label = "a password or passphrase"
    phrases = ("pass", "pwd", "pw", "passwd", "pword", "passphrase", "passcode", "kennw", "passw", "pwort", "contrasena", "senha", "clave de acceso",
               "parola d accesso", "kennwort", "hasło", "haslo", "şifre", "sifre", "parol", "heslo", "jelszó",
               "jelszo", "salasana", "lösenord", "losenord", "adgangskode", "passord", "wachtwoord", "wagwoord", "mật khẩu",
               "kata sandi", "katasandi", "login credentials", "network key", "wifi password", "wi-fi password",
               "wifi key", "wi-fi key", "wpa key", "wpa2 key", "wpa passphrase", "wireless key", "wlan key",
               "network security key", "psk", "pre-shared key", "preshared key", "shared key", "app password",
               "app-specific password", "master password", "admin password", "sandi", "kode sandi", "lösen",
               "heslo k", "mot de passe", "wachtwoord", "пароль", "密码", "パスワード", "비밀번호", "सत्यापन पासवर्ड",
               "पासवर्ड", "รหัสผ่าน", "סיסמה", "كلمة المرور", "κωδικός πρόσβασης", "passcode", "pass code",
               "device passcode", "unlock code")
    fragments = ("password", "passwort", "passwd", "passphrase", "motdepasse", "contraseña", "contrasena", "senha",
                 "пароль", "密码", "密碼", "パスワード", "암호", "비밀번호", "كلمةالمرور", "كلمةالسر", "סיסמה", "पासवर्ड",
                 "รหัสผ่าน", "wachtwoord", "lösenord", "salasana", "adgangskode", "kennwort", "hasło", "matkhau", "mậtkhẩu",
                 "parolasi", "κωδικός", "κωδικοσ", "пароля", "heslo", "jelszó", "şifre", "userpass", "dbpass", "rootpass",
                 "adminpass", "loginpass", "passwrd", "passw", "paswd", "paswoord", "parolası", "parolasi", "parolanız",
                 "parolaniz")
    # "pass" is also a ticket or a permit: a boarding pass number is not a password.
    unless = frozenset({"strength", "policy", "expiry", "expires", "hint", "length", "rotation", "manager", "forgot",
                        "boarding", "bus", "transit", "season", "ski", "festival", "museum", "park", "train", "rail",
                        "metro", "gym", "day", "parking", "hall", "mountain", "through", "motto", "slogan",
                        "generator", "generate", "generated"})


class NumericPasscode(Detector):
    """A number field for a passcode: only the unmistakable words, and never a setting about them."""

    rule = "credential.passcode"
    label = "a numeric passcode"
    types = frozenset({NUMBER})
    phrases = ("passcode", "pass code", "password", "unlock code", "device passcode", "passwort", "mot de passe",
               "contraseña", "senha", "пароль", "密码", "パスワード", "비밀번호")
    # Phrases only: a compound like "Passwortrichtlinie" (password policy) is a setting, not a passcode.
    unless = frozenset({"rate", "rating", "rules", "rule", "policy", "length", "minimum", "maximum", "min", "max",
                        "expiry", "days", "minutes", "hours", "attempts", "strength", "score", "satisfaction",
                        "survey", "count", "age", "history", "reuse", "characters", "digits"})


class ApiKey(Detector):
    rule = "credential.api_key"
    label = "an API or access key"
    phrases = ("api key", "access key", "secret key", "app key", "application key", "consumer key", "subscription key",
               "developer key", "dev key", "master key", "license key", "licence key", "product key", "account key",
               "storage key", "access key id", "clé api", "cle api", "clave api", "clave de api", "chave api",
               "chave de api", "chiave api", "api schlüssel", "api schluessel", "klucz api", "api anahtarı", "api sleutel",
               "apikey", "xapikey", "x api key", "key secret", "encryption key", "decryption key", "κλειδί api",
               "ключ api", "api ключ", "klucz api", "api klíč", "klíč api", "api nyckel", "api nøgle", "api avain",
               "api kulcs", "api anahtarı", "cheie api", "api-sleutel", "kunci api", "khóa api", "api key",
               "unseal key", "unseal share", "key share", "root key", "signing secret key", "integration key",
               "bridge key", "app key", "access key secret", "secret access key", "api 키", "api キー", "api 密钥",
               "مفتاح api", "מפתח api", "एपीआई कुंजी", "กุญแจ api")
    fragments = ("apikey", "accesskey", "secretkey", "apisecret", "apischlüssel", "apischluessel", "ключapi", "apiключ",
                 "api密钥", "api密鑰", "apiキー", "api키", "apiključ", "awssecret", "awsaccess", "subscriptionkey",
                 "accesskeyid", "openaikey", "anthropickey", "stripekey")


class Token(Detector):
    rule = "credential.token"
    label = "an access, refresh or bearer token"
    phrases = ("token", "access token", "refresh token", "bearer", "bearer token", "jwt", "pat", "id token",
               "auth token", "oauth token", "session token", "personal access token", "authorization header",
               "authorization", "auth header", "jeton", "jeton d accès", "jeton d acces", "токен", "토큰", "gettoken",
               "registration token", "runner token", "deploy token", "bot token", "botfather", "magic link",
               "sign-in link", "sign in link", "login link", "signin link", "refresh", "service token",
               "kubeconfig token", "bearer token", "api token", "personal token", "access tokens", "token value")
    fragments = ("accesstoken", "refreshtoken", "authtoken", "bearertoken", "apitoken", "oauthtoken", "idtoken",
                 "sessiontoken", "githubtoken", "gitlabtoken", "slacktoken", "bottoken", "npmtoken", "pypitoken",
                 "securitytoken", "令牌", "トークン", "токен", "토큰", "zugriffstoken", "bearer", "botfather", "glpat",
                 "glrt", "github_pat", "xoxb", "xoxp", "sk_live", "rk_live")
    unless = frozenset({"max", "min", "maximum", "minimum", "count", "counts", "limit", "limits", "budget", "number",
                        "num", "usage", "length", "total", "per", "tokenizer", "cost", "price", "rate", "estimated",
                        "color", "colour", "game",
                        "board", "pack", "packs", "coins", "arcade", "casino", "reward", "rewards", "loyalty", "buy",
                        "purchase", "beli", "listrik", "electricity", "prepaid", "meter"})


class ClientSecret(Detector):
    rule = "credential.client_secret"
    label = "a client or shared secret"
    phrases = ("secret", "client secret", "app secret", "consumer secret", "shared secret", "webhook secret",
               "signing secret", "api secret", "secret value", "secreto", "segredo", "geheimnis", "secret partagé",
               "secreto del cliente", "segreto", "sekret", "секрет", "機密", "秘密", "비밀", "secrets")
    fragments = ("clientsecret", "appsecret", "consumersecret", "sharedsecret", "webhooksecret", "signingsecret",
                 "apisecret", "secretvalue", "secretaccess", "클라이언트시크릿", "客户端密钥", "клиентскийсекрет")
    unless = frozenset({"santa", "recipe", "ingredient", "ingredients", "menu", "garden", "story", "gift", "place",
                        "spot", "hideout", "wish"})


class PrivateKey(Detector):
    rule = "credential.private_key"
    label = "a private or SSH key"
    phrases = ("private key", "privkey", "ssh key", "ssh private key", "id rsa", "id ed25519", "id ecdsa", "pem",
               "pem key", "pgp key", "gpg key", "pgp private key", "signing key", "keystore", "wallet key", "key pair",
               "keypair", "clé privée", "cle privee", "clave privada", "chave privada", "chiave privata", "keytab",
               "wireguard key", "private key", "privatekey", "ssh private", "pem file", "p12", "pfx", "jks",
               "privater schlüssel", "privater schluessel", "klucz prywatny", "özel anahtar", "priv key")
    fragments = ("privatekey", "sshkey", "idrsa", "ided25519", "privkey", "clépriv", "clepriv", "claveprivada",
                 "chaveprivada", "privaterschlüssel", "закрытыйключ", "приватныйключ", "私钥", "私鑰", "秘密鍵",
                 "개인키", "프라이빗키", "beginrsaprivate", "beginprivate", "beginopenssh")


class SeedPhrase(Detector):
    rule = "credential.seed_phrase"
    label = "a wallet seed or recovery phrase"
    phrases = ("seed", "seed phrase", "recovery phrase", "mnemonic", "seed words", "wallet seed", "backup phrase",
               "recovery words", "secret phrase", "secret recovery phrase", "recovery key", "phrase de récupération",
               "phrase de recuperation", "frase semilla", "frase de recuperación", "frase de recuperacion",
               "frase de recuperação", "wiederherstellungsphrase", "frase di recupero", "herstelzin", "wallet words",
               "backup sheet", "recovery sheet", "12 words", "24 words", "12 or 24 words", "secret words",
               "recovery words", "mnemonic phrase", "bip39", "seed words", "backup phrase", "recovery seed")
    fragments = ("seedphrase", "recoveryphrase", "mnemonic", "seedwords", "walletseed", "backupphrase", "recoverywords",
                 "secretphrase", "recoverykey", "助记词", "助記詞", "мнемоническ", "сидфраз", "seed短语", "シードフレーズ",
                 "복구구문", "시드구문", "frasesemilla", "wiederherstellungsphrase", "phrasederécupération")
    unless = frozenset({"random", "shuffle", "game", "garden", "plant", "plants", "tournament", "ranking", "rank",
                        "number", "simulation"})


class OneTimeCode(Detector):
    rule = "credential.otp"
    label = "a one-time or two-factor code"
    types = TEXT_AND_NUMBER
    phrases = ("otp", "totp", "hotp", "2fa", "mfa", "2fa code", "mfa code", "one time password", "one time code",
               "one time passcode", "verification code", "auth code", "authentication code", "authenticator code",
               "security code", "sms code", "login code", "confirmation code", "2 step", "two factor", "two step",
               "code de vérification", "code de verification", "código de verificación", "codigo de verificacion",
               "código de verificação", "codice di verifica", "bestätigungscode", "bestaetigungscode",
               "verifizierungscode", "kod weryfikacyjny", "doğrulama kodu", "dogrulama kodu", "verificatiecode",
               "backup code", "recovery code", "authorization code", "2fa token", "mfa token", "authenticator",
               "authenticator app", "code from the email", "code from your email", "code from the sms",
               "code from sms", "code we sent", "code we emailed", "code we texted", "code sent to",
               "sign in code", "sign-in code", "reset code", "8-character code", "we emailed", "we just emailed",
               "we texted", "we just texted", "we sent you", "sent to your phone", "sent to your email",
               "emailed you", "texted you",
               "tan", "pushtan", "mtan", "smstan", "chiptan", "blik", "kod blik", "код из sms", "код из смс",
               "sms код", "код подтверждения", "код проверки", "код підтвердження", "код з sms", "kod sms",
               "kod weryfikacyjny", "رمز التحقق", "رمز التحقق لمرة واحدة", "קוד אימות", "mã xác thực", "mã otp",
               "mã xác minh", "kode verifikasi", "kode otp", "verifieringskod", "engångskod", "ověřovací kód",
               "κωδικός επαλήθευσης", "รหัสยืนยัน", "รหัส otp", "सत्यापन कोड", "ओटीपी", "验证码", "認証コード",
               "확인 코드", "인증 코드", "인증번호", "code de confirmation", "code à usage unique", "einmalcode",
               "sicherheitscode", "código de un solo uso", "código sms", "code sms", "sms-code", "smscode")
    fragments = ("onetimepass", "onetimecode", "verificationcode", "authcode", "authenticatorcode", "smscode",
                 "mfacode", "2facode", "twofactor", "код подтверждения".replace(" ", ""), "кодподтверждения",
                 "验证码", "驗證碼", "認証コード", "確認コード", "인증번호", "인증코드", "bestätigungscode",
                 "otpcode", "totpcode", "backupcode", "recoverycode")


class CardNumber(Detector):
    rule = "payment.card_number"
    label = "a payment card number"
    types = TEXT_AND_NUMBER
    phrases = ("card number", "credit card", "debit card", "cc number", "cc num", "ccnum", "ccn",
               "card no", "card num", "numéro de carte", "numero de carte", "número de tarjeta", "numero de tarjeta",
               "número do cartão", "numero do cartao", "numero di carta", "numero della carta", "kartennummer",
               "numer karty", "kart numarası", "kaartnummer", "primary account number", "cardnumber", "card details",
               "credit card number", "payment card")
    fragments = ("cardnumber", "creditcard", "debitcard", "ccnumber", "kartennummer", "номеркарты", "卡号", "卡號",
                 "カード番号", "카드번호", "신용카드", "numérodecarte", "númerodetarjeta", "kreditkarte", "cartedecrédit",
                 "tarjetadecrédito", "cartãodecrédito", "creditcardnum", "paymentcard", "cardnum")
    unless = frozenset({"holder", "name", "type", "brand", "nickname", "label", "game", "games", "deck", "playing",
                        "trading", "gift", "greeting", "business", "library", "loyalty", "sim", "index", "flash",
                        "cards", "postcard", "report", "score", "id", "membership"})


class CardSecurityCode(Detector):
    rule = "payment.cvv"
    label = "a card security code (CVV/CVC)"
    types = TEXT_AND_NUMBER
    phrases = ("cvv", "cvc", "cvv2", "cvc2", "cid", "csc", "card verification", "card security code",
               "card verification value", "cryptogramme", "código de seguridad", "codigo de seguridad",
               "código de segurança", "prüfnummer", "kartenprüfnummer", "digits on the back", "back of the card",
               "back of your card", "3 digits on the back", "three digits", "security digits", "check digits card")
    fragments = ("cvv", "cvc2", "cardverification", "cardsecuritycode", "cryptogrammevisuel", "kartenprüfnummer",
                 "securitycodecard", "cardcode", "セキュリティコード", "安全码", "보안코드")


class Pin(Detector):
    rule = "payment.pin"
    label = "a PIN"
    types = TEXT_AND_NUMBER
    phrases = ("pin", "pin code", "pin number", "card pin", "atm pin", "sim pin", "pin nummer", "código pin",
               "code pin", "пин", "пин код", "kod pin", "pinkod", "pin-kod", "personlig kod", "personliga kod",
               "geheimzahl", "persönliche geheimzahl", "code confidentiel", "code secret", "clave personal",
               "código secreto", "senha do cartão", "pin kodu", "access code", "entry code", "door code",
               "keypad code", "disarm code", "alarm code", "lock code", "gate code", "owner code", "master code",
               "transfer pin", "port out pin", "ip pin", "暗証番号", "비밀번호 4자리", "پین", "पिन")
    fragments = ("pincode", "pinnumber", "cardpin", "atmpin", "simpin", "pinnummer", "暗証番号", "密码锁",
                 "пинкод", "비밀번호4", "pinpad")
    unless = frozenset({"postal", "post", "zip", "zipcode", "postcode", "area", "address", "delivery", "shipping",
                        "india", "indian", "location", "map", "locality", "district", "pincodes", "pinned", "pins",
                        "pinterest", "board", "tweet", "message", "comment", "repo", "version", "dependency",
                        "bowling", "wrestling", "postleitzahl", "plz", "cep", "邮编", "郵便番号", "우편번호", "पता",
                        "डाक", "डिलीवरी", "पिनकोड", "city", "state", "shahar", "शहर", "raffle", "coupon", "promo",
                        "discount", "voucher", "referral"})


class SessionCookie(Detector):
    rule = "credential.session_cookie"
    label = "a session cookie or session id"
    metadata_excuses = False  # "session id" is the credential itself
    phrases = ("cookie", "cookies", "session cookie", "session id", "sessionid", "sid", "jsessionid", "phpsessid",
               "set cookie", "auth cookie", "session key")
    fragments = ("sessioncookie", "sessionid", "jsessionid", "phpsessid", "authcookie", "setcookie", "cookieheader",
                 "cookievalue", "connectsid", "sessionkey")
    unless = frozenset({"preference", "preferences", "consent", "banner", "policy", "recipe", "recipes", "bake",
                        "baking", "chocolate", "flavor", "flavour", "jar", "length", "duration", "minutes",
                        "timeout", "analytics"})


class ConnectionString(Detector):
    rule = "credential.connection_string"
    label = "a connection string (carries a password)"
    phrases = ("connection string", "connstr", "conn str", "dsn", "database url", "db url", "jdbc url", "jdbc",
               "connection uri", "connection url", "mongodb uri", "mongo uri", "redis url", "postgres url",
               "database uri", "sqlalchemy url", "amqp url", "broker url")
    fragments = ("connectionstring", "connstring", "databaseurl", "dburl", "jdbcurl", "mongouri", "mongodburi",
                 "redisurl", "postgresurl", "postgresqlurl", "mysqlurl", "databaseuri", "connectionuri",
                 "sqlalchemyurl", "brokerurl", "amqpurl")


class SecurityAnswer(Detector):
    rule = "credential.security_answer"
    label = "an answer to a security question"
    metadata_excuses = False  # "mother's maiden name" is the secret itself
    phrases = ("security answer", "secret answer", "security question", "mother s maiden name", "maiden name",
               "memorable word", "memorable information")
    fragments = ("securityanswer", "secretanswer", "securityquestion", "maidenname", "memorableword")


class GenericCredential(Detector):
    rule = "credential.generic"
    label = "a credential"
    phrases = ("login secret", "auth secret", "authentication secret", "signing key secret", "root credentials",
               "service account key", "service account json", "gcp key", "aws credentials", "kubeconfig",
               "credentials", "credential", "login credentials", "dotenv", "env file", "env contents", "env vars",
               "environment variables", "environment file", "copy as curl", "headers included", "cookie header",
               "clave de firma", "coordenadas de su tarjeta", "tarjeta de coordenadas", "zugangsdaten",
               "identifiants", "credenciales", "credenciais", "credenziali", "учетные данные", "облікові дані",
               "dane logowania", "inloggegevens", "kimlik bilgileri", "认证信息", "凭据", "資格情報", "자격 증명")
    fragments = ("serviceaccountkey", "awscredentials", "kubeconfig", "credentialsjson", "authsecret")
    # "credentials" is also a person's qualifications.
    unless = frozenset({"degree", "degrees", "certification", "certifications", "qualification", "qualifications",
                        "education", "diploma", "diplomas", "teaching", "tutor", "academic", "professional",
                        "license", "licence", "licenses", "accreditation", "experience", "resume", "cv"})


# Most specific first: the first detector that fires names the rule in the audit log, so
# "card security code" must reach CardSecurityCode before OneTimeCode's "security code".
DETECTORS: Final[tuple[type[Detector], ...]] = (
    PrivateKey, SeedPhrase, SecurityAnswer, CardSecurityCode, CardNumber, Pin, ConnectionString, GenericCredential,
    ApiKey, Token, ClientSecret, SessionCookie, OneTimeCode, Password, NumericPasscode,
)


# Values that are secrets whatever the field is called (defaults, patterns, examples).
@dataclass(frozen=True, slots=True)
class ValueShape:
    """A recognisable secret format."""

    rule: str
    label: str
    regex: re.Pattern[str]


# Linear time on hostile input: a pattern that could start at every position of a long run and scan
# to its end is quadratic ("sk-sk-sk-...", "aaaa...://"). Each search starts only where a run of
# token characters starts (_RUN), commits to the first candidate inside it (atomic group) and
# never backtracks into a run (possessive quantifiers): the same matches, found in one pass.
_RUN: Final = r"(?<![A-Za-z0-9_-])"
VALUE_SHAPES: Final[tuple[ValueShape, ...]] = (
    ValueShape("credential.private_key", "a PEM private key", re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY")),
    ValueShape("credential.api_key", "an AWS access key id", re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b")),
    ValueShape("credential.token", "a GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,})")),
    ValueShape("credential.api_key", "an API secret key (sk-...)",
               re.compile(_RUN + r"(?>(?:\b|[A-Za-z0-9_-]*?-)sk-)(?:[A-Za-z0-9_-]+-)?[A-Za-z0-9]{16}")),
    ValueShape("credential.token", "a Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
    ValueShape("credential.api_key", "a Google API key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b")),
    ValueShape("credential.token", "a JSON Web Token", re.compile(
        _RUN + r"(?>(?:\b|[A-Za-z0-9_-]*?-)eyJ)[A-Za-z0-9_-]{8,}+\.eyJ[A-Za-z0-9_-]{8,}+\.")),
    ValueShape("credential.api_key", "a Stripe key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}")),
    ValueShape("credential.connection_string", "a URL with an embedded password",
               re.compile(r"(?<![a-z0-9+.-])[0-9+.-]*+[a-z][a-z0-9+.-]*+://[^/\s:@]++:[^/\s@]++@", re.IGNORECASE)),
)

# Patterns (JSON Schema `pattern`) that only a payment card, CVV or one-time code would satisfy.
_CARD_PATTERN: Final = re.compile(
    r"(?:\\d|\[0-9\])\{(?:1[2-6],1[6-9]|1[3-9])\}|(?:\\d|\[0-9\])\{4\}[^{}]{0,12}(?:\\d|\[0-9\])\{4\}[^{}]{0,12}(?:\\d|\[0-9\])\{4\}")


def luhn_ok(digits: str) -> bool:
    """Payment card checksum."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


_CARD_VALUE: Final = re.compile(r"(?<![\d])(?:\d[ -]?){12,18}\d(?![\d])")


def secret_value_shape(value: str) -> ValueShape | None:
    """The recognisable secret format this value has, if any."""
    for shape in VALUE_SHAPES:
        if shape.regex.search(value):
            return shape
    for match in _CARD_VALUE.finditer(value):
        digits = re.sub(r"[ -]", "", match.group())
        if 13 <= len(digits) <= 19 and luhn_ok(digits) and len(set(digits)) > 1:
            return ValueShape("payment.card_number", "a payment card number", _CARD_VALUE)
    return None


def card_pattern(pattern: str) -> bool:
    """True when a JSON Schema pattern describes a payment card number."""
    return bool(_CARD_PATTERN.search(pattern))
