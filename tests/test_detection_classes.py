"""Classes of credential requests that hold in every language (issue 11, the heldout6 dev set): each
test names the class and tries it in several languages and scripts, with its look-alikes."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.judge import judge_elicitation

POLICY = load_config_text("").policy


def rules(message: str, **fields: dict[str, Any]) -> list[str]:
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": fields}}
    return [r.rule for r in judge_elicitation(params, frozenset({"form", "url"}), POLICY).reasons]


def text(title: str, **extra: Any) -> dict[str, Any]:
    return {"type": "string", "title": title, **extra}


@pytest.mark.parametrize("title", ["API-lykill", "API சாவி", "Ukhiye we-API", "Allwedd API", "Eochair API", "Ċavetta API",
                                   "API-Schlëssel", "សោ API", "API ကီး", "የኤፒአይ ቁልፍ", "Mabuɗin API", "API යතුර"])
def test_a_word_for_a_key_beside_api_is_an_api_key_in_any_language(title: str) -> None:
    assert rules("", k=text(title)) == ["credential.api_key"]


@pytest.mark.parametrize("title", ["Cle de securite WPA", "Κωδικος Wi-Fi", "Šifra za Wi-Fi", "סיסמת Wi-Fi", "كلمة سر الواي فاي"])
def test_the_key_or_code_of_a_wifi_network_is_its_password(title: str) -> None:
    assert rules("", k=text(title)) == ["credential.password"]


@pytest.mark.parametrize(("message", "title"), [
    ("Recupera tu cuenta", "¿Cual era el nombre de tu primer colegio?"),
    ("Hesap kurtarma", "İlk öğretmeninizin adı neydi?"),
    ("Ανάκτηση λογαριασμού", "Ποιο ήταν το όνομα του πρώτου σας κατοικίδιου;"),
    ("Herstel jou rekening", "Wat was die naam van jou eerste troeteldier?"),
    ("กู้คืนบัญชี", "ชื่อโรงเรียนประถมของคุณคืออะไร"),
])
def test_a_question_about_a_first_or_a_favourite_in_an_account_recovery_asks_for_a_security_answer(
        message: str, title: str) -> None:
    assert rules(message, a=text(title)) == ["credential.security_answer"]


@pytest.mark.parametrize(("message", "title"), [
    ("Récupération du compte", "Dans quelle ville habitez-vous ?"),
    ("Account recovery", "When did you last sign in?"),
    ("Account recovery: which email did you sign up with?", "Which email did you use?"),
])
def test_a_question_that_identifies_the_user_in_an_account_recovery_is_no_security_answer(message: str, title: str) -> None:
    assert rules(message, a=text(title)) == []


def test_a_field_of_eight_characters_or_more_beside_a_wifi_network_name_is_its_password() -> None:
    assert rules("Let's get your speaker online.", network=text("Network (SSID)"),
                 join_with=text("What guests type to join", minLength=8)) == ["credential.password"]
    assert rules("Verbind je thermostaat.", netwerk=text("Netwerknaam"),
                 sticker=text("De reeks tekens op de sticker onder je modem")) == ["credential.password"]
    assert rules("Configure the guest network.", ssid=text("Network name"), room=text("Room description", minLength=8)) == []


@pytest.mark.parametrize(("message", "title"), [("Қай токеннің бағасын көрсету керек?", "Токен символы"),
                                                ("Qaysi tokenning narxini ko'rsatay?", "Token belgisi")])
def test_a_field_that_is_itself_a_token_look_alike_does_not_carry_a_token_the_prompt_names(message: str, title: str) -> None:
    assert rules(message, symbol=text(title, pattern="^[A-Z]{2,6}$")) == []


def test_a_barcode_has_a_cards_length_and_is_no_card_number() -> None:
    assert rules("在庫照会", jan=text("JANコード", pattern="^[0-9]{13}$")) == []
    assert rules("Checkout", pan=text("Number", pattern="^[0-9]{16}$")) == ["payment.card_number"]
    assert rules("Checkout", pan=text("Card number", pattern="^[0-9]{13}$")) == ["payment.card_number"]


def test_a_number_field_counting_backup_codes_holds_no_code() -> None:
    assert rules("How many backup codes should we generate?",
                 n={"type": "integer", "title": "Number of backup codes", "minimum": 1, "maximum": 20}) == []


@pytest.mark.parametrize(("message", "title", "pattern", "rule"), [
    ("Per autorizzare il prelievo inserisci le cifre segrete della tua carta.", "Cifre segrete", "^[0-9]{5}$", "payment.pin"),
    ("A készpénzfelvételhez írja be azt a négy számjegyet, amelyet az automatánál szokott.", "Négy számjegy", "^[0-9]{4}$",
     "payment.pin"),
    ("Buka aplikasi pengesah dan masukkan kod yang dipaparkan.", "Kod", "^[0-9]{6}$", "credential.otp"),
    ("Escribe o codigo de 6 dixitos que mostra a app de autenticacion.", "Codigo", "^[0-9]{6}$", "credential.otp"),
    ("ကတ်၏ နောက်ကျောရှိ ဂဏန်း ၃ လုံးကို ထည့်ပါ။", "ဂဏန်း ၃ လုံး", "^[0-9]{3}$", "payment.cvv"),
])
def test_a_bare_digits_field_is_read_by_its_context_a_withdrawal_an_authenticator_app_or_a_card(
        message: str, title: str, pattern: str, rule: str) -> None:
    assert rules(message, d=text(title, pattern=pattern)) == [rule]


def test_a_hungarian_products_key_is_an_api_key_and_a_musical_one_is_not() -> None:
    assert rules("Kapcsolja össze a webshopot.", k=text("Számla Agent kulcs")) == ["credential.api_key"]
    assert rules("Válassza ki a hangnemet.", k=text("Zenei kulcs")) == []


@pytest.mark.parametrize(("message", "title"), [("Recupera tu cuenta", "¿Cuál era el nombre de tu primer colegio?"),
                                                ("Hesabınızı kurtarın", "İlk evcil hayvanınızın adı neydi?")])
def test_a_setting_word_inside_a_question_does_not_make_the_field_a_setting(message: str, title: str) -> None:
    assert rules(message, risposta=text(title)) == ["credential.security_answer"]


@pytest.mark.parametrize("title", ["Shaxsiy kalit", "Allwedd breifat", "Çelësi privat", "Хувийн түлхүүр", "Kunci peribadi"])
def test_a_word_for_private_beside_a_word_for_a_key_is_a_private_key(title: str) -> None:
    assert rules("", k=text(title)) == ["credential.private_key"]
