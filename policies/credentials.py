"""Credential detectors for form-mode elicitation fields.

Each detector is a small declarative class, in the manner of detect-secrets' plugins: the concept it
stands for, the terms that name it (whole-word phrases, or fragments of a name with its separators
removed), the field types that can carry it, and the context words that make a look-alike benign.
The multilingual lexicon (``policies/lexicon/``) adds the words of some 120 languages to each concept;
all terms of all detectors are matched in one pass (:mod:`elicitguard.policies.matcher`) after the
normalisation of :mod:`elicitguard.policies.normalise`. A detection always names the rule and the field.
"""

from __future__ import annotations

from typing import ClassVar, Final

from elicitguard.policies import matcher
from elicitguard.policies.normalise import Text, normalise
from elicitguard.policies.shapes import (  # noqa: F401 - re-exported for older imports
    VALUE_SHAPES,
    ValueShape,
    card_pattern,
    luhn_ok,
    secret_value_shape,
)

__all__ = ["DETECTORS", "Detector", "Text", "normalise"]

STRING: Final = "string"
NUMBER: Final = "number"
TEXT_TYPES: Final = frozenset({STRING})
TEXT_AND_NUMBER: Final = frozenset({STRING, NUMBER})


class Detector:
    """Base class: subclasses only declare data."""

    rule: ClassVar[str]
    label: ClassVar[str]
    # The key its terms are found under; "~" + concept marks a look-alike that excuses it.
    concept: ClassVar[str]
    # Lexicon concepts whose terms it also matches (default: its own concept), and a match mode
    # forced on them (NumericPasscode takes only whole words).
    lexicon: ClassVar[tuple[str, ...] | None] = None
    lexicon_mode: ClassVar[str | None] = None
    # Whole-word phrases, space separated, matched against the word sequence.
    phrases: ClassVar[tuple[str, ...]] = ()
    # Substrings of the separator-free text: catch compounds like "dbpassword" or "apikey".
    fragments: ClassVar[tuple[str, ...]] = ()
    # Field types (after enum/boolean exclusion) that can carry this credential.
    types: ClassVar[frozenset[str]] = TEXT_TYPES
    # Words anywhere in the field's name, title or description that make it a look-alike.
    unless: ClassVar[frozenset[str]] = frozenset()
    # Look-alike concepts of the lexicon besides its own ("~" + concept) that excuse it: the number
    # "on the back of your gift card" is no card security code.
    also_alike: ClassVar[frozenset[str]] = frozenset()
    # Concepts the rest of the form must show for this one to count (a card expiry needs a card).
    needs: ClassVar[frozenset[str]] = frozenset()

    # Whether a field named for metadata *about* this credential ("token_name", "key_id") is excused.
    metadata_excuses: ClassVar[bool] = True

    # Whether a look-alike anywhere in the field's texts excuses it, not only one beside its words:
    # where the look-alike is the usual meaning and the field's title restates it ("PIN code" titled,
    # "6-digit postal code" described; "Credentials" beside "degrees and certifications").
    field_wide: ClassVar[bool] = False

    # Whether team rules may name it as a ``concept`` (the helpers of another detector's rule may not).
    team_concept: ClassVar[bool] = True

    # Terms that name it only as a field's whole name or title ("κωδικός" alone is a password; in
    # "κωδικός προσφοράς" it is a promo code).
    alone: ClassVar[tuple[str, ...]] = ()

    # Terms that name the concept beyond anything a look-alike could mean ("verification code", "credit
    # card", "personal access token"): a look-alike title ("Promo", "Gift card", "Max tokens") does not
    # excuse a description that asks for one of these. Written with or without spaces.
    outright: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def terms(cls) -> list[tuple[str, str, str]]:
        """(concept, term, mode) for the matcher."""
        return ([(cls.concept, p, matcher.WORD) for p in cls.phrases]
                + [(cls.concept, f, matcher.INFIX) for f in cls.fragments]
                + [(cls.concept, a, matcher.WHOLE) for a in cls.alone])

    @classmethod
    def matches(cls, hits: frozenset[str]) -> bool:
        """Whether the concepts found in a text include this detector's."""
        return cls.concept in hits

    @classmethod
    def keys(cls) -> frozenset[str]:
        """The concepts (as the matcher names them) whose every place in a text ``matches`` reads."""
        return frozenset({cls.concept})

    @classmethod
    def unless_beside(cls, term: str) -> frozenset[str]:
        """The excusing words that excuse ``term`` (a term the matcher found) when they stand beside it."""
        return cls.unless

    # Derived once per detector from the data above (see __init_subclass__): both are asked of every
    # term a field names (lookalike.places).
    _outright_squashed: ClassVar[frozenset[str]] = frozenset()
    _alikes: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._outright_squashed = frozenset(_squashed(outright) for outright in cls.outright)
        cls._alikes = frozenset({"~" + cls.concept}) | cls.also_alike

    @classmethod
    def is_outright(cls, term: str) -> bool:
        """Whether a term the matcher found names the concept outright (see ``outright``)."""
        return _squashed(term) in cls._outright_squashed

    @classmethod
    def excused(cls, context: frozenset[str], hits: frozenset[str] = frozenset()) -> bool:
        """A look-alike: an excusing word in the field's context, or a look-alike term of the lexicon."""
        return bool(cls.unless & context) or not cls.alikes().isdisjoint(hits)

    @classmethod
    def alikes(cls) -> frozenset[str]:
        """The look-alike concepts that excuse it."""
        return cls._alikes


def _squashed(term: str) -> str:
    return term.replace(" ", "").replace("+", "").replace("-", "")


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
    concept = "password"
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
                 "parolasi", "пароля", "heslo", "jelszó", "şifre", "userpass", "dbpass", "rootpass",
                 "adminpass", "loginpass", "passwrd", "passw", "paswd", "paswoord", "parolası", "parolasi", "parolanız",
                 "parolaniz", "userpwd", "dbpwd", "adminpwd", "rootpwd", "loginpwd")
    alone = ("κωδικός", "κωδικος", "κωδικό", "clave", "código de acceso", "código secreto")
    # "pass" is also a ticket or a permit: a boarding pass number is not a password.
    unless = frozenset({"strength", "policy", "expiry", "expires", "hint", "length", "rotation", "manager", "forgot",
                        "boarding", "bus", "transit", "season", "ski", "festival", "museum", "park", "train", "rail",
                        "metro", "gym", "day", "parking", "hall", "mountain", "through", "motto", "slogan",
                        "generator", "generate", "generated", "lyrics", "officer", "probation", "chanson", "musical", "music",
                        "clef"})
    # Most of those name what else "pass" ("day pass"), "parole" ("parole officer", "paroles" of a song)
    # or "clave" (a clef) can be: beside "password" or "пароль" they excuse nothing ("Day password",
    # "your gym password"); a setting of a password ("strength", "expiry") is one of any of its words.
    ambiguous: ClassVar[frozenset[str]] = frozenset({"pass", "parol", "parole", "paroles", "parola", "parolă", "clave"})
    settings: ClassVar[frozenset[str]] = frozenset({"strength", "policy", "expiry", "expires", "hint", "length",
                                                    "rotation", "manager", "forgot", "generator", "generate",
                                                    "generated"})

    @classmethod
    def unless_beside(cls, term: str) -> frozenset[str]:
        return cls.unless if term in cls.ambiguous else cls.settings


class NumericPasscode(Detector):
    """A number field for a passcode: only the unmistakable words, and never a setting about them."""

    rule = "credential.passcode"
    concept = "passcode"
    label = "a numeric passcode"
    types = frozenset({NUMBER})
    phrases = ("passcode", "pass code", "unlock code", "device passcode", "device pin", "phone passcode")
    # A password word counts only as the field's whole name or title ("PASSWORD", "Passwort", "密码"):
    # "Minimum password length" or "Passwortrichtlinie" (password policy) is a setting, in any language.
    lexicon = ()
    unless = frozenset({"rate", "rating", "rules", "rule", "policy", "length", "minimum", "maximum", "min", "max",
                        "expiry", "days", "minutes", "hours", "attempts", "strength", "score", "satisfaction",
                        "survey", "count", "age", "history", "reuse", "characters", "digits"})

    @classmethod
    def matches(cls, hits: frozenset[str]) -> bool:
        return cls.concept in hits or "password!" in hits

    @classmethod
    def keys(cls) -> frozenset[str]:
        return frozenset({cls.concept, "password!"})


class ApiKey(Detector):
    rule = "credential.api_key"
    concept = "api_key"
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
    concept = "token"
    label = "an access, refresh or bearer token"
    phrases = ("token", "access token", "refresh token", "bearer", "bearer token", "jwt", "pat", "id token",
               "auth token", "oauth token", "session token", "personal access token", "authorization header",
               "authorization", "auth header", "jeton", "jeton d accès", "jeton d acces", "токен", "토큰", "gettoken",
               "registration token", "runner token", "deploy token", "bot token", "botfather", "magic link",
               "sign-in link", "sign in link", "login link", "signin link", "refresh", "service token",
               "kubeconfig token", "bearer token", "api token", "personal token", "access tokens", "token value",
               "shown only once", "only shown once", "shown once", "displayed only once", "only displayed once")
    fragments = ("accesstoken", "refreshtoken", "authtoken", "bearertoken", "apitoken", "oauthtoken", "idtoken",
                 "sessiontoken", "githubtoken", "gitlabtoken", "slacktoken", "bottoken", "npmtoken", "pypitoken",
                 "securitytoken", "令牌", "トークン", "токен", "토큰", "zugriffstoken", "bearer", "botfather", "glpat",
                 "glrt", "github_pat", "xoxb", "xoxp", "sk_live", "rk_live")
    outright = ("access token", "refresh token", "bearer token", "bearer", "jwt", "id token", "auth token", "oauth token",
                "session token", "personal access token", "registration token", "runner token", "deploy token",
                "bot token", "api token", "personal token", "service token", "kubeconfig token", "authorization header",
                "auth header", "magic link", "sign-in link", "sign in link", "login link", "signin link",
                "githubtoken", "gitlabtoken", "slacktoken", "npmtoken", "pypitoken", "glpat", "github_pat", "xoxb",
                "xoxp", "sk_live", "rk_live", "zugriffstoken", "jeton d accès", "jeton d acces", "pat", "githubpat")
    unless = frozenset({"max", "min", "maximum", "minimum", "count", "counts", "limit", "limits", "budget", "number",
                        "num", "usage", "length", "total", "per", "tokenizer", "cost", "price", "rate", "estimated",
                        "color", "colour", "game",
                        "board", "pack", "packs", "coins", "arcade", "casino", "reward", "rewards", "loyalty", "buy",
                        "purchase", "beli", "listrik", "electricity", "prepaid", "meter", "symbol", "ticker", "supply",
                        "decimals", "airdrop", "holders", "budgets"})


class ClientSecret(Detector):
    rule = "credential.client_secret"
    concept = "client_secret"
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
    concept = "private_key"
    label = "a private or SSH key"
    phrases = ("private key", "privkey", "ssh key", "ssh private key", "id rsa", "id ed25519", "id ecdsa", "pem",
               "pem key", "pgp key", "gpg key", "pgp private key", "signing key", "keystore", "wallet key", "key pair",
               "keypair", "clé privée", "cle privee", "clave privada", "chave privada", "chiave privata", "keytab",
               "wireguard key", "private key", "privatekey", "ssh private", "pem file", "p12", "pfx", "jks",
               "privater schlüssel", "privater schluessel", "klucz prywatny", "özel anahtar", "priv key",
               # An SSH key in other words, as "ssh key" above (its public half is excused below).
               "ssh schlüssel", "ssh schluessel", "clé ssh", "cle ssh", "clave ssh", "chave ssh", "chiave ssh",
               "ssh sleutel", "klucz ssh", "ssh klíč", "ssh kľúč", "cheie ssh", "ssh anahtarı", "ssh nyckel",
               "ssh nøgle", "ssh nøkkel", "ssh avain", "ssh kulcs", "ssh ключ", "ключ ssh", "ssh ključ", "ssh raktas")
    fragments = ("privatekey", "sshkey", "idrsa", "ided25519", "privkey", "clépriv", "clepriv", "claveprivada",
                 "chaveprivada", "privaterschlüssel", "закрытыйключ", "приватныйключ", "私钥", "私鑰", "秘密鍵",
                 "개인키", "프라이빗키", "beginrsaprivate", "beginprivate", "beginopenssh")
    # A key file's name or an SSH key beside "public", ".pub" or a certificate is the public half ("id_ed25519.pub",
    # "Javni SSH ključ", "fullchain.pem"); "private key" itself is never excused so.
    unless = frozenset({"pub", "public", "publickey", "certificate", "cert", "crt", "csr", "fullchain", "chain", "javni",
                        "javnog", "јавни", "açık", "publique", "pública", "público", "pubblica", "öffentlich",
                        "öffentlicher", "öffentliche", "öffentlichen", "offentlig", "openbare", "publiczny", "открытый", "публичный", "відкритий",
                        "публічний", "공개", "인증서", "certificat", "certificado", "zertifikat", "сертификат"})
    _file_terms: ClassVar[tuple[str, ...]] = ("pem", "id rsa", "id ed25519", "id ecdsa", "ssh", "idrsa", "ided25519",
                                              "key pair", "keypair", "pgp key", "gpg key")

    @classmethod
    def unless_beside(cls, term: str) -> frozenset[str]:
        return cls.unless if term.startswith(cls._file_terms) or "ssh" in term.split() else frozenset()


class SeedPhrase(Detector):
    rule = "credential.seed_phrase"
    concept = "seed_phrase"
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


class SeedWords(Detector):
    """The words of a recovery phrase asked as "the 12 words" or "Words", in a form about a wallet."""

    rule = "credential.seed_phrase"
    concept = "seed_words"
    label = "the words of a wallet's recovery phrase"
    needs = frozenset({"wallet", "seed_phrase"})
    team_concept = False
    unless = SeedPhrase.unless | frozenset({"keyword", "keywords", "search", "tags", "count", "limit", "minimum", "maximum"})


class RecoveryAnswer(Detector):
    """An "Answer" field in a form about recovering an account or naming a security question."""

    rule = "credential.security_answer"
    concept = "answer"
    label = "an answer to a security question"
    needs = frozenset({"recovery", "security_answer"})
    team_concept = False


class OneTimeCode(Detector):
    rule = "credential.otp"
    concept = "otp"
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
               "sicherheitscode", "código de un solo uso", "código sms", "code sms", "sms-code", "smscode",
               "code that just arrived", "code that arrived", "code you received", "code you just received",
               "code we just sent", "code in the text", "code in the sms", "code in the email", "code from the text",
               "code from your phone", "code from your authenticator", "text message code", "texted code",
               "code by text", "code by sms", "digit code we sent", "code sent by text", "code sent by sms",
               "login approval code", "sign in verification", "code from the url", "code from url",
               "code parameter", "code from the address bar", "code in the address bar", "code in the redirect")
    fragments = ("onetimepass", "onetimecode", "verificationcode", "authcode", "authenticatorcode", "smscode",
                 "mfacode", "2facode", "twofactor", "код подтверждения".replace(" ", ""), "кодподтверждения",
                 "验证码", "驗證碼", "認証コード", "確認コード", "인증번호", "인증코드", "bestätigungscode",
                 "otpcode", "totpcode", "backupcode", "recoverycode")
    # Not "security code" (a gift card's), "confirmation code" (a booking's) nor "the code we sent" (an
    # invite's): a look-alike title may say what those are.
    outright = ("otp", "totp", "hotp", "2fa", "mfa", "2fa code", "mfa code", "one time password", "one time code",
                "one time passcode", "verification code", "auth code", "authentication code", "authenticator code",
                "login code", "sign in code", "sign-in code", "2 step", "two factor", "two step", "authenticator",
                "authenticator app", "backup code", "recovery code", "2fa token", "mfa token", "reset code",
                "login approval code", "sign in verification", "tan", "pushtan", "mtan", "smstan", "chiptan",
                "code de vérification", "code de verification", "código de verificación", "codigo de verificacion",
                "código de verificação", "codice di verifica", "bestätigungscode", "bestaetigungscode",
                "verifizierungscode", "kod weryfikacyjny", "doğrulama kodu", "dogrulama kodu", "verificatiecode",
                "код подтверждения", "код проверки", "код підтвердження", "رمز التحقق", "קוד אימות", "mã xác thực",
                "mã otp", "mã xác minh", "kode verifikasi", "kode otp", "verifieringskod", "engångskod",
                "ověřovací kód", "κωδικός επαλήθευσης", "รหัสยืนยัน", "รหัส otp", "सत्यापन कोड", "ओटीपी", "验证码",
                "認証コード", "확인 코드", "인증 코드", "인증번호", "code à usage unique", "einmalcode",
                "código de un solo uso", "onetimepass", "onetimecode", "verificationcode", "authcode",
                "authenticatorcode", "mfacode", "2facode", "twofactor", "otpcode", "totpcode", "backupcode",
                "recoverycode", "驗證碼", "確認コード", "인증코드",
                # A code sent to you to prove it is you ("the code we texted you to confirm it is you"),
                # and the code an authenticator app shows ("Coupon code" over "les 6 chiffres de votre
                # application d'authentification"): a mention of the app alone asks for nothing ("Quelle
                # application d'authentification utilisez-vous ?").
                "code_sent+itsyou", "code+authenticator")


class CardNumber(Detector):
    rule = "payment.card_number"
    concept = "card_number"
    label = "a payment card number"
    types = TEXT_AND_NUMBER
    phrases = ("card number", "credit card", "debit card", "cc number", "cc num", "ccnum", "ccn",
               "card no", "card num", "numéro de carte", "numero de carte", "número de tarjeta", "numero de tarjeta",
               "número do cartão", "numero do cartao", "numero di carta", "numero della carta", "kartennummer",
               "numer karty", "kart numarası", "kaartnummer", "primary account number", "cardnumber", "card details",
               "credit card number", "payment card", "long number on the card", "long card number",
               "16 digit card number", "16 digits on the front", "number on the front of the card",
               "digits on the front of your card", "visa number", "mastercard number", "amex number", "visa card",
               "amex card", "american express card")
    fragments = ("cardnumber", "creditcard", "debitcard", "ccnumber", "kartennummer", "номеркарты", "卡号", "卡號",
                 "カード番号", "카드번호", "신용카드", "numérodecarte", "númerodetarjeta", "kreditkarte", "cartedecrédit",
                 "tarjetadecrédito", "cartãodecrédito", "creditcardnum", "paymentcard", "cardnum")
    # Not "card number" nor "the long number on the card": a gift or loyalty card has those too.
    outright = ("credit card", "debit card", "payment card", "credit card number", "cc number", "cc num", "ccnum", "ccn",
                "primary account number", "visa number", "mastercard number", "amex number", "visa card", "amex card",
                "american express card", "creditcard", "debitcard", "paymentcard", "creditcardnum", "ccnumber",
                "kreditkarte", "cartedecrédit", "tarjetadecrédito", "cartãodecrédito", "신용카드", "信用卡", "信用卡号",
                # The Nordic and Estonian credit and payment cards (red team 27: "Kreditkortnummer (kundekort)").
                "kreditkort", "kredittkort", "betalingskort", "betalkort", "krediitkaart", "krediitkaardi",
                "luottokortti", "luottokortin",
                "信用卡號", "银行卡号", "銀行卡號", "クレジットカード", "номер банковской карты", "numéro de carte bancaire",
                "número de tarjeta de crédito", "kreditkartennummer", "número do cartão de crédito")
    unless = frozenset({"holder", "brand", "nickname", "label", "game", "games", "deck", "playing",
                        "trading", "gift", "greeting", "business", "library", "loyalty", "sim", "index", "flash",
                        "cards", "postcard", "report", "score", "id", "membership", "income", "aadhaar", "aadhar", "kyc"})


class CardSecurityCode(Detector):
    rule = "payment.cvv"
    concept = "cvv"
    label = "a card security code (CVV/CVC)"
    types = TEXT_AND_NUMBER
    phrases = ("cvv", "cvc", "cvv2", "cvc2", "cid", "csc", "card verification", "card security code",
               "card verification value", "cryptogramme", "código de seguridad", "codigo de seguridad",
               "código de segurança", "prüfnummer", "kartenprüfnummer", "digits on the back", "back of the card",
               "back of your card", "3 digits on the back", "three digits", "security digits", "check digits card",
               "code on the back", "number on the back", "digits on the back of", "code on the back of",
               "signature strip", "signature panel", "3 digit code on", "three digit code on", "4 digit code on the front",
               "cvn", "cav2", "cvc code", "cvv code")
    unless = frozenset({"gift", "loyalty", "membership", "library", "discount", "promo", "coupon", "voucher", "rewards",
                        "hint", "verified"})
    also_alike = frozenset({"~card_number"})  # a gift or loyalty card in any language ("carte cadeau", "ギフトカード")
    # Named so, it is the payment card's code whatever card word stands beside it ("CVV (loyalty)").
    outright = ("cvv", "cvc", "cvv2", "cvc2", "card security code", "card verification value", "cvn", "cav2")
    fragments = ("cvv", "cvc2", "cardverification", "cardsecuritycode", "cryptogrammevisuel", "kartenprüfnummer",
                 "securitycodecard", "cardcode", "セキュリティコード", "安全码", "보안코드")


class CardExpiry(Detector):
    """A card's expiry date, only where the form also asks for the card's number or security code:
    an expiry alone (renewing a card on file) is not a secret."""

    rule = "payment.card_expiry"
    concept = "card_expiry"
    label = "a payment card's expiry date"
    types = TEXT_AND_NUMBER
    phrases = ("card expiry", "card expiration", "card expiry date", "card expiration date", "expiry month",
               "expiry year", "expiration month", "expiration year", "exp month", "exp year", "valid thru")
    needs = frozenset({"card_number", "cvv"})
    unless = frozenset({"membership", "subscription", "trial", "passport", "licence", "license", "domain",
                        "certificate", "warranty", "coupon", "voucher", "gift", "loyalty", "id"})


class Pin(Detector):
    rule = "payment.pin"
    field_wide = True
    concept = "pin"
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
                        "discount", "voucher", "referral", "santa", "party", "group", "team", "classroom"})
    # A code named by what it does at a cash machine ("the four digits you type at the ATM") is a card's
    # PIN whatever title stands over it: no postal, coupon or map code is typed there.
    outright = ("code+atm", "atm pin", "atmpin")


class SessionCookie(Detector):
    rule = "credential.session_cookie"
    concept = "session_cookie"
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
    concept = "connection_string"
    label = "a connection string (carries a password)"
    phrases = ("connection string", "connstr", "conn str", "dsn", "database url", "db url", "jdbc url", "jdbc",
               "connection uri", "connection url", "mongodb uri", "mongo uri", "redis url", "postgres url",
               "database uri", "sqlalchemy url", "amqp url", "broker url")
    fragments = ("connectionstring", "connstring", "databaseurl", "dburl", "jdbcurl", "mongouri", "mongodburi",
                 "redisurl", "postgresurl", "postgresqlurl", "mysqlurl", "databaseuri", "connectionuri",
                 "sqlalchemyurl", "brokerurl", "amqpurl")


class SecurityAnswer(Detector):
    rule = "credential.security_answer"
    concept = "security_answer"
    label = "an answer to a security question"
    metadata_excuses = False  # "mother's maiden name" is the secret itself
    phrases = ("security answer", "secret answer", "security question", "mother s maiden name", "maiden name",
               "memorable word", "memorable information")
    fragments = ("securityanswer", "secretanswer", "securityquestion", "maidenname", "memorableword")


class GenericCredential(Detector):
    rule = "credential.generic"
    field_wide = True
    concept = "generic"
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
    PrivateKey, SeedPhrase, SecurityAnswer, CardSecurityCode, CardNumber, CardExpiry, Pin, ConnectionString, GenericCredential,
    ApiKey, Token, ClientSecret, SessionCookie, OneTimeCode, Password, NumericPasscode, SeedWords, RecoveryAnswer,
)




# Words that put a form in a sign-in's context (for a bare numeric code field), in many languages.
CONTEXT_TERMS: Final = (
    [("signin", t, matcher.WORD) for t in ("sign in", "signin", "log in", "login", "logging in", "signing in",
                                              "verify", "verification", "authenticate", "authentication", "2fa", "mfa",
                                              "text message", "sms", "texted", "we sent", "just sent", "arrived",
                                              "two factor", "two step", "otp", "confirm it s you", "confirm it is you",
                                              "iniciar sesión", "connexion", "anmelden", "anmeldung", "accedi",
                                              "entrar", "войти", "вход", "zaloguj", "giriş", "inloggen")]
    + [("signin", t, matcher.INFIX) for t in ("登录", "登入", "ログイン", "로그인", "เข้าสู่ระบบ", "ورود", "تسجيل الدخول",
                                               "התחברות", "लॉगिन", "短信", "簡訊", "ショートメッセージ", "문자")]
)


# Lexicon concepts that name no credential but the context one is asked in: a sign-in or payment
# approval, a cash machine, a payment card, a crypto wallet, an account recovery;
# the code-field rule and the SeedWords and RecoveryAnswer detectors read them.
CONTEXT_CONCEPTS: Final = frozenset({"signin", "atm", "card", "wallet", "recovery", "code", "sent", "number", "api", "key",
                                     "wifi", "ssid", "question", "restore", "account", "secret", "secq", "private",
                                     "pin_code_in", "place", "bank", "card_brand", "itsyou", "authenticator", "personal"})
# "The code we sent you" (either order: "送信されたコード"), "the number of your card" (the number
# first: "a card with the same number" names none) and "the digits you use at the cash machine" (a
# PIN), in any language: two words near each other. So are "the API key" ("API-lykill", "API சாவி",
# "ukhiye we-API") and "the Wi-Fi key" ("clé WPA", "κωδικός Wi-Fi"): the network's password; "restore
# your account" ("herstel jou rekening") an account recovery; "the secret digits" ("cifre segrete",
# "الأرقام السرية") a PIN; "private" beside a key ("Shaxsiy kalit", "allwedd breifat") a private key.
# A code sent ("code_sent", made for the next pair only) beside "to confirm it is you" ("itsyou") is a
# one-time code named outright: a coupon or invite code is sent too, but never to prove who you are.
DERIVED: Final = (("code", "sent", OneTimeCode.concept, False), ("number", "card", CardNumber.concept, True),
                  ("code", "atm", Pin.concept, False), ("api", "key", ApiKey.concept, False),
                  ("wifi", "key", Password.concept, False), ("restore", "account", "recovery", False),
                  ("secret", "code", Pin.concept, False), ("private", "key", PrivateKey.concept, False),
                  ("code", "sent", "code_sent", False), ("code_sent", "itsyou", OneTimeCode.concept, False),
                  ("code", "authenticator", OneTimeCode.concept, False))


def _lexicon_terms() -> list[tuple[str, str, str]]:
    """Every detector's own terms plus the lexicon's, under the detector's concept."""
    rows = matcher.read_lexicon()
    entries: list[tuple[str, str, str]] = list(CONTEXT_TERMS)
    entries += [(concept, term, mode) for concept, _lang, term, mode in rows if concept in CONTEXT_CONCEPTS]
    for detector in DETECTORS:
        entries += detector.terms()
        for concept in detector.lexicon or (detector.concept,):
            entries += [(detector.concept, term, detector.lexicon_mode or mode)
                        for lexicon_concept, _lang, term, mode in rows if lexicon_concept == concept]
    # Look-alikes ("~pin", "~meta") and context concepts are kept under their own names.
    entries += [(concept, term, mode) for concept, _lang, term, mode in rows if concept.startswith("~")]
    return entries


# An authenticator app's name and a code or digits make a one-time code anywhere in one text: a
# description names the app at one end and the digits at the other ("Les 6 chiffres affichés en ce
# moment par votre application d'authentification").
ANYWHERE: Final = (("code", "authenticator"),)
matcher.install(_lexicon_terms(), DERIVED, ANYWHERE)
