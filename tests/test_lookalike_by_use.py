"""A credential named only by its use stays one under a look-alike title (coupon, postal code, booking
reference, invite code), in several languages; the honest look-alike forms that share its words pass.

Both directions are judged with the rules alone and with the default policy (rules and model).
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import Policy
from elicitguard.policies.judge import judge_elicitation
from tests.both_policies import DEFAULT, MODES, RULES

POLICIES = pytest.mark.parametrize("policy", [DEFAULT, RULES], ids=["default", "rules"])


def _form(message: str, title: str, description: str) -> dict[str, Any]:
    prop = {"type": "string", "title": title, "description": description}
    return {"mode": "form", "message": message,
            "requestedSchema": {"type": "object", "properties": {"value": prop}, "required": ["value"]}}


def _rules(row: tuple[str, str, str, str], policy: Policy) -> list[str]:
    verdict = judge_elicitation(_form(*row[:3]), MODES, policy)
    return [] if verdict.allowed else [r.rule for r in verdict.reasons]


# (message, look-alike title, description naming the credential by its use, the rule that denies it)
AUTHENTICATOR_APP = [
    ("Checkout", "Coupon code", "The code your authenticator application shows.", "credential.otp"),
    ("Finaliser la commande", "Code promo", "Le code à 6 chiffres de votre application d'authentification.",
     "credential.otp"),
    ("Finalizar compra", "Código de cupón", "El código que muestra tu aplicación de autenticación.", "credential.otp"),
    ("Finalizar compra", "Cupom de desconto", "Os 6 dígitos do seu aplicativo autenticador.", "credential.otp"),
    ("Completa l'ordine", "Codice sconto", "Il codice mostrato dalla tua app di autenticazione.", "credential.otp"),
    ("Zamówienie", "Kod rabatowy", "Sześć cyfr z aplikacji uwierzytelniającej.", "credential.otp"),
    ("Оформление заказа", "Промокод", "Шесть цифр из приложения-аутентификатора.", "credential.otp"),
    ("Bestellung", "Gutscheincode", "Der Code aus Ihrer Authentifizierungs-App.", "credential.otp"),
    ("ギフト", "クーポンコード", "認証アプリに表示されているコード", "credential.otp"),
    ("结账", "优惠码", "身份验证器显示的6位数字", "credential.otp"),
    ("결제", "쿠폰 코드", "인증 앱에 표시된 6자리 숫자", "credential.otp"),
]
SENT_TO_PROVE_IT_IS_YOU = [
    ("Manage booking", "Booking reference", "The code we texted you to confirm it's you.", "credential.otp"),
    ("Retrouver votre réservation", "Référence de réservation",
     "Le code que nous vous avons envoyé par SMS pour confirmer qu'il s'agit bien de vous.", "credential.otp"),
    ("Gestionar reserva", "Localizador", "El código que te enviamos por SMS para confirmar que eres tú.",
     "credential.otp"),
    ("Buchung", "Buchungscode", "Der Code, den wir Ihnen per SMS geschickt haben, um zu bestätigen, dass Sie es sind.",
     "credential.otp"),
    ("Cadastro", "Código de indicação", "O código que enviamos por SMS para confirmar que é você.", "credential.otp"),
    ("Prenotazione", "Codice di prenotazione", "Il codice che ti abbiamo inviato per SMS per confermare che sei tu.",
     "credential.otp"),
]
# A relative clause stands after a comma: the digits (one clause) typed at a cash machine (the next).
TYPED_AT_A_CASH_MACHINE = [
    ("Adresse", "Postleitzahl", "Die vier Ziffern, die Sie am Geldautomaten eintippen.", "payment.pin"),
    ("Адрес", "Почтовый индекс", "Четыре цифры, которые вы вводите в банкомате.", "payment.pin"),
    ("Biblioteka", "Numer karty bibliotecznej", "Cztery cyfry, które wpisujesz w bankomacie.", "payment.pin"),
    ("Bezorgadres", "Postcode", "De vier cijfers, die je bij de geldautomaat intoetst.", "payment.pin"),
]
TYPED_TO_UNLOCK_A_COMPUTER = [
    ("Join", "Invite code", "What you type to unlock your computer.", "credential.password"),
    ("Rejoindre", "Code d'invitation", "Ce que vous tapez pour déverrouiller votre ordinateur.", "credential.password"),
    ("Unirse", "Código de invitación", "Lo que escribes para desbloquear tu portátil.", "credential.password"),
    ("Beitreten", "Einladungscode", "Was Sie eingeben, um Ihren Laptop zu entsperren.", "credential.password"),
    ("Entrare", "Codice invito", "Quello che digiti per sbloccare il tuo computer.", "credential.password"),
    ("Entrar", "Código de convite", "O que você digita para desbloquear o seu computador.", "credential.password"),
]


def _ids(row: tuple[str, ...]) -> str:
    return f"{row[1]} / {row[2][:40]}"


@pytest.mark.parametrize("row", AUTHENTICATOR_APP, ids=_ids)
@POLICIES
def test_the_code_an_authenticator_app_shows_is_a_one_time_code_whatever_the_title(
        row: tuple[str, str, str, str], policy: Policy) -> None:
    assert row[3] in _rules(row, policy)


@pytest.mark.parametrize("row", SENT_TO_PROVE_IT_IS_YOU, ids=_ids)
@POLICIES
def test_a_code_sent_to_you_to_confirm_it_is_you_is_a_one_time_code_whatever_the_title(
        row: tuple[str, str, str, str], policy: Policy) -> None:
    assert row[3] in _rules(row, policy)


@pytest.mark.parametrize("row", TYPED_AT_A_CASH_MACHINE, ids=_ids)
@POLICIES
def test_the_digits_typed_at_a_cash_machine_in_a_clause_after_a_comma_are_a_pin_whatever_the_title(
        row: tuple[str, str, str, str], policy: Policy) -> None:
    assert row[3] in _rules(row, policy)


@pytest.mark.parametrize("row", TYPED_TO_UNLOCK_A_COMPUTER, ids=_ids)
@POLICIES
def test_what_you_type_to_unlock_your_computer_is_a_password_whatever_the_title(
        row: tuple[str, str, str, str], policy: Policy) -> None:
    assert row[3] in _rules(row, policy)


# Honest look-alikes that share those words: a coupon sent by text, a postal code to find a cash
# machine, a booking reference from an email, a phone unlocked by its IMEI, a link or a name that
# confirms it is you, an authenticator app's name.
HONEST = [
    ("Checkout", "Coupon code", "Enter the coupon code we texted you."),
    ("Checkout", "Promo code", "The promo code from our SMS."),
    ("Checkout", "Promo code", "The promo code we just texted to your phone."),
    ("Finaliser la commande", "Code promo", "Le code promo reçu par SMS."),
    ("Finaliser la commande", "Code promo", "Le code promo que nous vous avons envoyé par SMS."),
    ("Finalizar compra", "Código de cupón", "El código de descuento que te enviamos por SMS."),
    ("Finalizar compra", "Código de cupón", "El cupón que te enviamos para confirmar tu pedido."),
    ("Bestellung", "Gutscheincode", "Den Gutscheincode, den wir Ihnen per SMS geschickt haben."),
    ("Gutscheine", "Gutscheincode", "Den Code, den Sie per E-Mail erhalten haben, hier eingeben."),
    ("Find an ATM", "ZIP code", "ZIP code to find an ATM near you."),
    ("Find an ATM near you", "ZIP code", "Your ZIP code, to list the cash machines nearest to you."),
    ("Find an ATM", "Postal code", "Your postal code, so we can find the cash machines near you."),
    ("Geldautomaten", "Postleitzahl", "Ihre Postleitzahl, damit wir Geldautomaten in Ihrer Nähe finden."),
    ("Geldautomaten", "Postleitzahl", "Die fünf Ziffern Ihrer Postleitzahl, um Geldautomaten in der Nähe zu finden."),
    ("Cash machines", "Code postal", "Votre code postal, pour trouver les distributeurs de billets proches."),
    ("Caixas", "CEP", "Seu CEP, para encontrar caixas eletrônicos perto de você."),
    ("Bankomaty", "Kod pocztowy", "Twój kod pocztowy, aby znaleźć bankomaty w pobliżu."),
    ("Банкоматы", "Почтовый индекс", "Ваш почтовый индекс, чтобы найти банкоматы рядом."),
    ("ATM", "郵便番号", "お近くのATMを探すための郵便番号"),
    ("Find your trip", "Booking reference", "The booking reference from your confirmation email."),
    ("Find your trip", "Booking reference", "The booking reference we emailed you after you booked."),
    ("Join", "Invite code", "The invite code we sent to your email."),
    ("Join", "Invite code", "The invite code your admin texted you."),
    ("Support", "Laptop model", "The model of the laptop you want to unlock."),
    ("Unlock your phone", "IMEI", "The IMEI of the phone you want us to unlock."),
    ("Sign up", "Email", "We sent a link to this address to confirm it's you."),
    ("Registro", "Correo electrónico", "Te enviamos un enlace para confirmar que eres tú."),
    ("Profile", "Full name", "Your full name, to verify your identity."),
    ("Profil", "Nom", "Votre nom, pour vérifier votre identité."),
    ("Account", "Phone number", "Your phone number; we will text you a code to confirm it is you."),
    ("Security", "Authenticator app name", "A name for your authenticator app, like 'Work phone'."),
]


@pytest.mark.parametrize("row", HONEST, ids=_ids)
@POLICIES
def test_an_honest_look_alike_sharing_those_words_passes(row: tuple[str, str, str], policy: Policy) -> None:
    assert _rules((*row, ""), policy) == []


_CAJEROS = ("Cajeros", "Código postal", "Tu código postal, para encontrar los cajeros automáticos cercanos.")


def test_a_spanish_postal_code_asked_to_find_cash_machines_passes_the_rules() -> None:
    assert _rules((*_CAJEROS, ""), RULES) == []


@pytest.mark.xfail(strict=True, reason="the learned model's false alarm (session-21 model, thresholds 0.98 / 0.82): "
                   "a field named 'value' titled 'Código postal' beside cash machines agrees at 0.853")
def test_a_spanish_postal_code_asked_to_find_cash_machines_passes_the_default_policy() -> None:
    assert _rules((*_CAJEROS, ""), DEFAULT) == []
