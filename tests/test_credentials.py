"""Credential detectors: one table per detector class, asserted through the form judge (rule and field)."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import credentials as C
from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.forms import detect_field, detect_message, judge_form
from elicitguard.policies.judge import judge_elicitation

FORM = frozenset({"form"})


def _prop(kind: str, extra: dict[str, Any]) -> dict[str, Any]:
    prop: dict[str, Any] = {"type": kind}
    prop.update(extra)
    return prop


def judged(name: str, kind: str = "string", **extra: Any) -> list[tuple[str, str | None]]:
    """(rule, field) of every detection for a one-field form (through judge_form)."""
    params = {"mode": "form", "message": "Please fill in the form.",
              "requestedSchema": {"type": "object", "properties": {name: _prop(kind, extra)}}}
    names, problems, found = judge_form(params, True, frozenset())
    assert problems == [], problems
    assert names == (name,)
    return [(r.rule, r.field) for r in found]


def elicit(name: str, kind: str = "string", policy: Policy | None = None, **extra: Any) -> tuple[bool, list[tuple[str, str | None]]]:
    """Through the full judge: (allowed, [(rule, field)])."""
    params = {"message": "Please fill in the form.",
              "requestedSchema": {"type": "object", "properties": {"note": {"type": "string"}, name: _prop(kind, extra)},
                                  "required": [name]}}
    verdict = judge_elicitation(params, FORM, policy or Policy())
    return verdict.allowed, [(r.rule, r.field) for r in verdict.reasons]


def _table(rule: str, positives: list[Any]) -> list[Any]:
    out = []
    for case in positives:
        name, kind, extra = (case, "string", {}) if isinstance(case, str) else (case + ({},))[:3] if len(case) == 2 else case
        out.append(pytest.param(name, kind, extra, rule, id=f"{name}-{kind}"))
    return out


# ---- positive tables, one per detector -----------------------------------------------------------------

PASSWORD = ["password", "userPassword", "user-password", "DB_PASSWORD", "Password", "p4ssw0rd", "pa55word", "p@ssw0rd",
            "P4SSW0RD", "pwd", "PASSWD", "my_pw", "pass", "passcode", "pass_phrase", "passphrase", "adminPass",
            "passwort", "Kennwort", "mot_de_passe", "contraseña", "contrasena", "senha", "пароль", "密码", "パスワード",
            "비밀번호", "wachtwoord", "hasło", "şifre", "salasana", "κωδικός",
            ("field_a", "string", {"title": "Your password"}),
            ("login", "string", {"description": "Enter the password for your account"}),
            ("q1", "string", {"title": "Mot de passe"})]
API_KEY = ["api_key", "apiKey", "api-key", "OPENAI_API_KEY", "x-api-key", "APIKEY", "secret_key", "secretKey",
           "access_key", "clé_api", "clave_api", "chave_api", "api_schlüssel", "apiキー", "api密钥", "subscription_key",
           "license_key", "encryption_key", ("svc", "string", {"title": "API key"})]
TOKEN = ["token", "access_token", "accessToken", "refreshToken", "bearer-token", "GITHUB_TOKEN", "jwt", "pat",
         "personal_access_token", "id_token", "authToken", "jeton", "токен", "토큰", "トークン", "令牌", "authorization",
         "auth_header", ("gh", "string", {"title": "GitHub personal access token"})]
CLIENT_SECRET = ["client_secret", "clientSecret", "client-secret", "CLIENT_SECRET", "webhook-secret", "SIGNING_SECRET",
                 "app_secret", "consumerSecret", "secret", "secret_value", "secreto", "segredo", "geheimnis",
                 "клиентский_секрет", ("oauth", "string", {"title": "Client secret"})]
PRIVATE_KEY = ["private_key", "privateKey", "PRIVATE_KEY", "ssh-key", "sshKey", "id_rsa", "id_ed25519", "pem",
               "pgp_private_key", "privkey", "keystore", "clé_privée", "clave_privada", "chave_privada", "私钥", "秘密鍵",
               ("deploy", "string", {"description": "Paste your SSH private key"})]
SEED_PHRASE = ["seed_phrase", "seedPhrase", "mnemonic", "recoveryPhrase", "recovery_phrase", "wallet_seed",
               "backup_phrase", "mnemonicWords", "recovery_key", "seed", "frase_semilla", "助记词",
               "wiederherstellungsphrase", "secret_recovery_phrase",
               ("wallet", "string", {"title": "12-word recovery phrase"})]
OTP = ["otp", "OTP_CODE", "totp", "2fa_code", "verificationCode", "verification-code", "mfa_code", "twoFactorCode",
       "backup_code", "sms_code", "código_de_verificación", "bestätigungscode", "验证码", "인증번호", "auth_code",
       ("otp", "number", {}), ("verification_code", "integer", {}), ("one-time-password", "integer", {}),
       ("code", "string", {"title": "Two-factor code"})]
CARD_NUMBER = ["card_number", "cardNumber", "credit-card", "CC_NUMBER", "creditCardNumber", "ccn", "card-num",
               "numéro_de_carte", "numero_de_tarjeta", "kartennummer", "卡号", "카드번호",
               ("card_number", "integer", {}), ("pan", "string", {"title": "Credit card number"})]
CVV = ["cvv", "cvc", "CVV2", "cvc2", "cid", "csc", "card_verification_value", "cryptogramme", "kartenprüfnummer",
       "セキュリティコード", "card_security_code", ("cvv", "integer", {}), ("cvc", "number", {})]
PIN = ["pin", "PIN", "pin_code", "PIN_CODE", "pinCode", "pincode", "pin_number", "atm_pin", "cardPin", "пин",
       "код_пин", "暗証番号", ("pin", "integer", {}), ("atm_pin", "number", {})]
SESSION_COOKIE = ["session_cookie", "sessionCookie", "sessionId", "session_id", "cookie", "JSESSIONID", "phpsessid",
                  "sid", "session_key", "authCookie", "set-cookie", "cookie_value"]
CONNECTION_STRING = ["connection_string", "connectionString", "connStr", "databaseUrl", "DATABASE_URL", "DSN",
                     "jdbc_url", "mongo_uri", "mongodbUri", "redis_url", "sqlalchemy_url", "broker-url"]
SECURITY_ANSWER = ["security_answer", "securityAnswer", "security_question", "memorable_word", "memorableInformation",
                   "secret_answer", "mothers_maiden_name", "maiden_name"]
GENERIC = ["kubeconfig", "KUBECONFIG", "serviceAccountJson", "gcp_key", "aws_credentials"]
NUMERIC_PASSCODE = [("passcode", "integer"), ("device_passcode", "number"), ("unlockCode", "integer"),
                    ("PASSWORD", "integer"), ("pass_code", "integer")]

POSITIVES = (
    _table("credential.password", PASSWORD) + _table("credential.api_key", API_KEY)
    + _table("credential.token", TOKEN) + _table("credential.client_secret", CLIENT_SECRET)
    + _table("credential.private_key", PRIVATE_KEY) + _table("credential.seed_phrase", SEED_PHRASE)
    + _table("credential.otp", OTP) + _table("payment.card_number", CARD_NUMBER) + _table("payment.cvv", CVV)
    + _table("payment.pin", PIN) + _table("credential.session_cookie", SESSION_COOKIE)
    + _table("credential.connection_string", CONNECTION_STRING)
    + _table("credential.security_answer", SECURITY_ANSWER) + _table("credential.generic", GENERIC)
    + _table("credential.passcode", NUMERIC_PASSCODE)
)


@pytest.mark.parametrize(("name", "kind", "extra", "rule"), POSITIVES)
def test_a_credential_field_is_detected_with_its_rule_and_field_name(name: str, kind: str, extra: dict[str, Any],
                                                                     rule: str) -> None:
    assert judged(name, kind, **extra) == [(rule, name)]


@pytest.mark.parametrize(("name", "kind", "extra", "rule"), POSITIVES[::5])
def test_the_full_judge_blocks_a_credential_field_and_names_it(name: str, kind: str, extra: dict[str, Any],
                                                               rule: str) -> None:
    allowed, reasons = elicit(name, kind, **extra)
    assert not allowed
    assert reasons == [(rule, name)]


# ---- negative tables: look-alikes ----------------------------------------------------------------------

NEGATIVES = [
    # Numeric look-alikes of a passcode: settings about passwords, not passwords
    ("password_min_length", "integer", {}), ("pass_rate", "number", {}), ("password_expiry_days", "integer", {}),
    ("rating", "integer", {"title": "How do you rate our password rules?"}),
    # Password look-alikes
    ("passport_country", "string", {}), ("passport_number", "string", {}), ("compass", "string", {}),
    ("bypass_reason", "string", {}), ("boarding_pass", "string", {}), ("password_hint", "string", {}),
    ("password_strength", "string", {}), ("forgot_password_email", "string", {}), ("passenger_name", "string", {}),
    ("ski_pass_number", "string", {}),
    # API key look-alikes
    ("api_key_name", "string", {}), ("apiKeyName", "string", {}), ("api_key_label", "string", {}),
    ("api_key_id", "string", {}), ("publishable_key", "string", {}), ("musical_key", "string", {}),
    ("key_signature", "string", {}), ("song_key", "string", {"title": "Key", "description": "Musical key, e.g. C minor"}),
    ("clave", "string", {"description": "Clave musical (clef) for the score"}), ("primary_key", "string", {}),
    ("sort_key", "string", {}), ("keyboard_layout", "string", {}), ("monkey", "string", {}), ("api_url", "string", {}),
    # Token look-alikes
    ("max_tokens", "integer", {}), ("max_tokens", "string", {}), ("maxTokens", "number", {}),
    ("token_limit", "integer", {}), ("token_limit", "string", {}), ("context_tokens", "string", {}),
    ("token_budget", "string", {}), ("tokenizer", "string", {}), ("token_name", "string", {}),
    ("tokenName", "string", {}), ("token_scopes", "string", {}), ("access_token_lifetime", "integer", {}),
    ("author", "string", {}), ("author_name", "string", {}),
    # Secret look-alikes
    ("secret_name", "string", {}), ("secret_santa", "string", {}), ("secretary", "string", {}),
    ("secretary_name", "string", {}),
    # Private key look-alikes
    ("ssh_public_key", "string", {}), ("sshPublicKey", "string", {}), ("public_key", "string", {}),
    ("pgp_key_id", "string", {}), ("private_key_fingerprint", "string", {}),
    # Seed look-alikes
    ("random_seed", "string", {}), ("random_seed", "integer", {}), ("seedNumber", "string", {}),
    ("seed", "integer", {"description": "Random seed for the simulation"}),
    # Payment look-alikes
    ("card_holder_name", "string", {}), ("cardholder_name", "string", {}), ("card_type", "string", {}),
    ("gift_card_number", "string", {}), ("loyalty_card_number", "string", {}), ("cvv_hint", "string", {}),
    ("postal_pin_code", "string", {}), ("pin_code", "string", {"description": "Indian postal PIN code for delivery"}),
    ("pincode", "integer", {"title": "Postal PIN code"}), ("pinned_message", "string", {}), ("pinyin", "string", {}),
    ("spinner", "string", {}), ("opinion", "string", {}), ("pineapple", "string", {}),
    # Session look-alikes
    ("cookie_preferences", "string", {}), ("cookie_consent", "string", {}), ("session_timeout", "string", {}),
    ("session_length", "string", {}), ("cookie_recipe", "string", {}),
    # Connection look-alikes
    ("database_name", "string", {}), ("db_host", "string", {}), ("api_version", "string", {}),
    # Plain profile data
    ("username", "string", {}), ("email", "string", {}), ("full_name", "string", {}), ("phone", "string", {}),
    ("promo_code", "string", {}), ("zip_code", "string", {}), ("country_code", "string", {}),
    ("referral_code", "string", {}), ("auth_method", "string", {}), ("code", "string", {}),
]


@pytest.mark.parametrize(("name", "kind", "extra"),
                         [pytest.param(n, k, e, id=f"{n}-{k}-{i}") for i, (n, k, e) in enumerate(NEGATIVES)])
def test_a_look_alike_field_is_not_a_credential(name: str, kind: str, extra: dict[str, Any]) -> None:
    assert judged(name, kind, **extra) == []
    allowed, reasons = elicit(name, kind, **extra)
    assert allowed, reasons


CLOSED_CHOICES = [
    ("password", {"type": "string", "enum": ["a", "b"]}),
    ("pin", {"type": "string", "oneOf": [{"const": "1", "title": "One"}, {"const": "2", "title": "Two"}]}),
    ("api_key", {"type": "string", "enum": ["k1", "k2"], "enumNames": ["Key one", "Key two"]}),
    ("rotate_api_key", {"type": "boolean"}),
    ("remember_password", {"type": "boolean", "default": True}),
    ("token_scopes", {"type": "array", "items": {"type": "string", "enum": ["read", "write"]}}),
    ("otp_channel", {"type": "string", "enum": ["sms", "email"]}),
    ("secret", {"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}]}}),
    ("cvv", {"type": "boolean", "title": "Card CVV verified?"}),
]


@pytest.mark.parametrize(("name", "prop"), [pytest.param(n, p, id=n) for n, p in CLOSED_CHOICES])
def test_enum_boolean_and_multi_select_fields_never_fire(name: str, prop: dict[str, Any]) -> None:
    params = {"mode": "form", "message": "Choose.", "requestedSchema": {"type": "object", "properties": {name: prop}}}
    names, problems, found = judge_form(params, True, frozenset())
    assert problems == [] and found == []
    assert judge_elicitation(params, FORM, Policy()).allowed


# ---- signals outside the name ---------------------------------------------------------------------------

OTHER_SIGNALS = [
    ("write-only", "blob", {"writeOnly": True}, "credential.write_only"),
    ("format-password", "blob", {"format": "password"}, "credential.password"),
    ("pem-default", "blob", {"default": "-----BEGIN RSA PRIVATE KEY-----\nMIIE"}, "credential.private_key"),
    ("ghp-default", "repo_access", {"default": "ghp_" + "a" * 36}, "credential.token"),
    ("aws-default", "aws", {"default": "AKIAIOSFODNN7EXAMPLE"}, "credential.api_key"),
    ("card-default", "reference", {"default": "4539 1488 0343 6467"}, "payment.card_number"),
    ("card-pattern", "reference", {"pattern": "^\\d{16}$"}, "payment.card_number"),
    ("card-pattern-groups", "reference", {"pattern": "^\\d{4} \\d{4} \\d{4} \\d{4}$"}, "payment.card_number"),
]


@pytest.mark.parametrize(("name", "extra", "rule"), [pytest.param(n, e, r, id=i) for i, n, e, r in OTHER_SIGNALS])
def test_a_secret_signal_outside_the_name_is_detected(name: str, extra: dict[str, Any], rule: str) -> None:
    reason = detect_field(name, "string", {"type": "string", **extra})
    assert reason is not None and (reason.rule, reason.field) == (rule, name)


def test_a_detail_never_contains_the_default_value() -> None:
    reason = detect_field("x9", "string", {"type": "string", "default": "ghp_" + "Z" * 36})
    assert reason is not None and "ghp_" not in reason.detail


MESSAGE_CASES = [
    ("password", "Please enter your password below.", "value", "credential.password"),
    ("api-key", "Paste your OpenAI API key.", "input", "credential.api_key"),
    ("otp", "Type the 6-digit verification code we sent you.", "code", "credential.otp"),
    ("seed", "Enter your wallet seed phrase to restore.", "text", "credential.seed_phrase"),
]


@pytest.mark.parametrize(("message", "field", "rule"), [pytest.param(m, f, r, id=i) for i, m, f, r in MESSAGE_CASES])
def test_a_message_asking_for_a_credential_with_a_generic_field_is_blocked(message: str, field: str, rule: str) -> None:
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": {field: {"type": "string"}}}}
    _, _, found = judge_form(params, True, frozenset())
    assert [(r.rule, r.field) for r in found] == [(rule, field)]


def test_a_message_about_credentials_with_a_specific_field_name_is_not_blocked() -> None:
    params = {"mode": "form", "message": "Your password was reset. Which email should we notify?",
              "requestedSchema": {"type": "object", "properties": {"email": {"type": "string"}}}}
    assert judge_form(params, True, frozenset())[2] == []


def test_detect_message_ignores_a_generic_field_listed_in_allow_fields() -> None:
    fields = {"value": ("string", {"type": "string"})}
    assert detect_message(["Enter your password"], fields, frozenset({"value"})) is None


def test_allow_fields_exempts_a_credential_field_case_insensitively() -> None:
    policy = Policy(form=FormPolicy(block_credentials=True, allow_fields=frozenset({"api_key"})))
    allowed, _ = elicit("API_KEY", policy=policy)
    assert allowed


def test_block_credentials_false_lets_a_password_field_through() -> None:
    allowed, _ = elicit("password", policy=Policy(form=FormPolicy(block_credentials=False)))
    assert allowed


def test_several_credential_fields_are_each_reported() -> None:
    params = {"mode": "form", "message": "Log in",
              "requestedSchema": {"type": "object", "properties": {
                  "username": {"type": "string"}, "password": {"type": "string"}, "otp": {"type": "integer"}}}}
    _, _, found = judge_form(params, True, frozenset())
    assert [(r.rule, r.field) for r in found] == [("credential.password", "password"), ("credential.otp", "otp")]


# ---- value shapes ----------------------------------------------------------------------------------------

SHAPES = [
    ("aws-key-id", "AKIAIOSFODNN7EXAMPLE", "credential.api_key"),
    ("aws-temp-key-id", "ASIAIOSFODNN7EXAMPLE", "credential.api_key"),
    ("ghp", "ghp_" + "a1B2" * 9, "credential.token"),
    ("gho", "gho_" + "x" * 30, "credential.token"),
    ("github-pat", "github_pat_" + "A" * 22, "credential.token"),
    ("sk-openai", "sk-" + "x" * 32, "credential.api_key"),
    ("sk-proj", "sk-proj-" + "a1" * 12, "credential.api_key"),
    ("slack", "xoxb-1234567890-abcdefghij", "credential.token"),
    ("google", "AIza" + "B" * 35, "credential.api_key"),
    ("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig", "credential.token"),
    ("stripe-live", "sk_live_" + "a" * 24, "credential.api_key"),
    ("pem-rsa", "-----BEGIN RSA PRIVATE KEY-----", "credential.private_key"),
    ("pem-openssh", "-----BEGIN OPENSSH PRIVATE KEY-----", "credential.private_key"),
    ("pem-pkcs8", "-----BEGIN PRIVATE KEY-----", "credential.private_key"),
    ("url-password", "postgres://user:hunter2@db.example.com/app", "credential.connection_string"),
    ("visa-luhn", "4539148803436467", "payment.card_number"),
    ("visa-spaced", "4539 1488 0343 6467", "payment.card_number"),
    ("mastercard-dashed", "5425-2334-3010-9903", "payment.card_number"),
    ("amex", "378282246310005", "payment.card_number"),
    ("card-in-text", "my card is 6011000990139424 thanks", "payment.card_number"),
]


@pytest.mark.parametrize(("value", "rule"), [pytest.param(v, r, id=i) for i, v, r in SHAPES])
def test_a_secret_shaped_value_is_recognised(value: str, rule: str) -> None:
    shape = C.secret_value_shape(value)
    assert shape is not None and shape.rule == rule


NOT_SHAPES = [
    ("non-luhn-16", "4539148803436468"),
    ("twelve-digits", "123456789012"),
    ("twenty-three-digits", "12345678901234567890123"),
    ("phone", "+1 415 555 2671"),
    ("all-zeros", "0000000000000000"),
    ("isbn", "9780306406157"),
    ("public-key-pem", "-----BEGIN PUBLIC KEY-----"),
    ("certificate-pem", "-----BEGIN CERTIFICATE-----"),
    ("short-sk", "sk-short"),
    ("plain-url", "https://example.com/path?x=1"),
    ("url-user-only", "https://user@example.com/"),
    ("akia-too-short", "AKIA1234"),
    ("uuid", "123e4567-e89b-12d3-a456-426614174000"),
    ("word", "hello world"),
]


@pytest.mark.parametrize("value", [pytest.param(v, id=i) for i, v in NOT_SHAPES])
def test_an_ordinary_value_has_no_secret_shape(value: str) -> None:
    assert C.secret_value_shape(value) is None


LUHN = [("4539148803436467", True), ("4539148803436468", False), ("378282246310005", True),
        ("6011000990139424", True), ("79927398713", True), ("79927398710", False), ("0", True)]


@pytest.mark.parametrize(("digits", "ok"), [pytest.param(d, o, id=d) for d, o in LUHN])
def test_luhn_checksum(digits: str, ok: bool) -> None:
    assert C.luhn_ok(digits) is ok


CARD_PATTERNS = [
    ("^\\d{16}$", True), ("^[0-9]{16}$", True), ("^[0-9]{13,19}$", True), ("^\\d{15,16}$", True),
    ("^\\d{12,19}$", True), ("^\\d{4} \\d{4} \\d{4} \\d{4}$", True), ("^\\d{4}-?\\d{4}-?\\d{4}-?\\d{4}$", True),
    ("^\\d{6}$", False), ("^\\d{3,4}$", False), ("^\\d{12}$", False), ("^[A-Z]{16}$", False),
    ("^\\d{5}(-\\d{4})?$", False), ("^[a-z0-9_]{3,16}$", False), ("^\\+?\\d{10,15}$", False),
    ("^SW-\\d{4}-\\d{4}-\\d{4}$", False), ("^[A-Z]{2}\\d{16}$", False), ("^(?:DE)\\d{20}$", False),
    ("^4\\d{15}$", True),
    # Session 30: a card's spaces typed in one class; a first digit no card starts with; groups a card's
    # are not (a Serbian account 3-13-2, India's ABHA 2-4-4-4), and Amex's 4-6-5.
    ("^[0-9 ]{16,19}$", True), ("^[\\d -]{13,23}$", True), ("^[0-9 ]{5,10}$", False),
    ("^[12][0-9]{14}$", False), ("^0\\d{15}$", False), ("^2[0-9]{15}$", True), ("^2[0-9]{14}$", False),
    ("^9[0-9]{15}$", True), ("^8[0-9]{15}$", True),
    ("^[0-9]{3}-[0-9]{13}-[0-9]{2}$", False), ("^[0-9]{2}-[0-9]{4}-[0-9]{4}-[0-9]{4}$", False),
    ("^\\d{4} \\d{6} \\d{5}$", True), ("^\\d{4}-\\d{4}-\\d{4}-\\d{4}-\\d{3}$", True),
    ("^(\\d{4}[ -]?){4}$", True), ("^5[1-5][0-9]{14}$", True), ("^3[47][0-9]{13}$", True),
]


@pytest.mark.parametrize(("pattern", "is_card"), [pytest.param(p, c, id=p) for p, c in CARD_PATTERNS])
def test_card_pattern_recognises_only_card_number_patterns(pattern: str, is_card: bool) -> None:
    assert C.card_pattern(pattern) is is_card


# ---- normalisation --------------------------------------------------------------------------------------

NORMALISE = [
    ("userPassword", ("user", "password")),
    ("DB_PASSWORD", ("db", "password")),
    ("api-key", ("api", "key")),
    ("HTTPServerToken", ("http", "server", "token")),
    ("ｐａｓｓｗｏｒｄ", ("password",)),
]


@pytest.mark.parametrize(("text", "words"), [pytest.param(t, w, id=t) for t, w in NORMALISE])
def test_normalise_splits_camel_snake_kebab_and_folds_width(text: str, words: tuple[str, ...]) -> None:
    assert C.normalise(text)[0].words == words


def test_normalise_de_leets_only_mixed_words() -> None:
    plain, leet = C.normalise("p4ssw0rd 2fa 443")
    assert plain.words == ("p4ssw0rd", "2fa", "443")
    assert leet.words == ("password", "2fa", "443")


def test_every_detector_is_declared_in_the_detector_tuple_with_a_unique_rule_prefix() -> None:
    names = {d.__name__ for d in C.DETECTORS}
    assert names == {"Password", "ApiKey", "Token", "ClientSecret", "PrivateKey", "SeedPhrase", "OneTimeCode",
                     "CardNumber", "CardSecurityCode", "Pin", "SessionCookie", "ConnectionString", "SecurityAnswer",
                     "GenericCredential", "NumericPasscode", "CardExpiry", "SeedWords", "RecoveryAnswer"}
    # Two detectors only widen another's reach under its rule: the words of a seed phrase, the answer
    # to a security question.
    helpers = {C.SeedWords: C.SeedPhrase, C.RecoveryAnswer: C.SecurityAnswer}
    assert all(helper.rule == main.rule and not helper.team_concept for helper, main in helpers.items())
    own = [d for d in C.DETECTORS if d not in helpers]
    assert len({d.rule for d in own}) == len(own)
