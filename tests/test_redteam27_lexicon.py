"""Red team 27: the lexicon's new words (sessions 27a and 27b) and the fix-27 rules.

Each case was allowed by the judge at 4c35dde and denied at e70d6e2, or the reverse (denied at 4c35dde,
allowed at e70d6e2): a look-alike word of one language that is an ordinary word of another excuses a
card's expiry, or a new credential word is an ordinary word in its own language.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.judge import judge_elicitation
from elicitguard.policies.matcher import concepts
from tests.both_policies import DEFAULT, RULES, field

POLICIES = {"rules": RULES, "default": DEFAULT}


def _form(title: str, description: str | None = None, message: str = "Please fill in the form") -> dict[str, Any]:
    return {"mode": "form", "message": message,
            "requestedSchema": {"type": "object", "properties": {"value": field(title, description)}}}


def _allowed(params: dict[str, Any], policy: str) -> bool:
    return judge_elicitation(params, frozenset({"form"}), POLICIES[policy]).allowed


# The card's number is asked in the prompt; the one field asks for the card's expiry with a word beside it
# that a ~card_expiry row of ANOTHER language (or the card brand "Visa") reads as a passport, a
# subscription or a voucher. 4c35dde denied each of these.
CARD_PROMPT = "Enter your card number in the chat; here only the expiry"

EXPIRY_BESIDE_A_FOREIGN_LOOK_ALIKE = [
    ("en, the card brand Visa read as a travel visa", "Visa expiry date"),
    ("en, Visa Electron read as a travel visa", "Expiry date (Visa Electron)"),
    ("en 'passes' read as German 'des Passes'", "Expiry date: passes to Stripe"),
    ("en 'passing' read as Finnish 'passi' (infix)", "Expiry date (passing it to Stripe)"),
    ("pt 'visto' (seen) read as a visa", "Expiry date, as seen: visto"),
    ("fr 'pas' (not) read as Czech and Danish 'pas'", "Date d'expiration, n'oubliez pas"),
    ("fr 'bon' (good) read as Polish and Slovene 'bon'", "Date d'expiration : bon à savoir"),
    ("en 'wizard' read as Polish 'wiz-'", "Expiry date (see the wizard)"),
    ("en 'viz.' read as Romanian and Lithuanian 'viz-'", "Expiry date, viz. MM/YY"),
    ("en 'permission' read as Romanian 'permis-'", "Expiry date (permission to charge)"),
    ("en 'patent' read as Albanian 'patent-'", "Expiry date (patent pending)"),
    ("pt 'sim' (yes) read as Indonesian SIM", "Validade do cartão (sim, a do cartão)"),
    ("ja 会員様 (the customer, as a shop addresses them) read as a membership", "有効期限（会員様）"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("language", "title"), EXPIRY_BESIDE_A_FOREIGN_LOOK_ALIKE,
                         ids=[t for _l, t in EXPIRY_BESIDE_A_FOREIGN_LOOK_ALIKE])
def test_a_word_of_another_language_that_a_look_alike_row_spells_does_not_excuse_a_card_expiry(
        language: str, title: str, policy: str) -> None:
    assert not _allowed(_form(title, message=CARD_PROMPT), policy), language


# The narrowed look-alike rows still read the document, visa or membership they name.
EXPIRY_BESIDE_A_REAL_LOOK_ALIKE = [
    ("en", "Passport expiry date"),
    ("en", "Travel visa expiry date"),
    ("es", "Fecha de vencimiento del visado"),
    ("fr", "Date d'expiration du passeport"),
    ("pl", "Data ważności wizy"),
    ("ro", "Data expirării vizei"),
    ("ro", "Data expirării permisului"),
    ("sq", "Data e skadimit të patentës"),
    ("pt", "Validade do visto de residência"),
    ("it", "Scadenza del visto di soggiorno"),
    ("cs", "Platnost do (cestovní pas)"),
    ("da", "Udløbsdato for passet"),
    ("fi", "Passin voimassaolo"),
    ("pl", "Data ważności bonu podarunkowego"),
    ("ja", "会員証の有効期限"),
    ("zh-Hans", "会员卡到期日"),
    ("id", "Masa berlaku surat izin mengemudi"),
]


@pytest.mark.parametrize(("language", "title"), EXPIRY_BESIDE_A_REAL_LOOK_ALIKE,
                         ids=[t for _l, t in EXPIRY_BESIDE_A_REAL_LOOK_ALIKE])
def test_a_document_or_membership_expiry_still_reads_as_its_look_alike(language: str, title: str) -> None:
    assert "~card_expiry" in concepts(title), language


# New words that are ordinary words of their own language. 4c35dde allowed each of these.
ORDINARY_WORDS = [
    ("ja 合言葉, this year's slogan", "今年の合言葉"),
    ("ja 合言葉, a campaign's watchword said at the counter", "キャンペーンの合言葉"),
    ("ja 合言葉, the team's motto", "チームの合言葉を入力してください"),
    ("he מזהה הפעלה, a product's activation id", "מזהה הפעלה של התוכנה"),
    ("he מזהה הפעלה, an activation id", "מזהה הפעלה"),
    ("et, the barcode on the back of a card", "Kaardi tagaküljel olev vöötkood"),
    ("is, the barcode on the back of a card", "Strikamerki aftan á kortinu"),
    ("lo, the barcode on the back of a card", "ບາໂຄດຫຼັງບັດ"),
    ("km, the barcode on the back of a card", "បាកូដខាងក្រោយកាត"),
    ("mk, the barcode on the back of a card", "Баркод на задната страна на картичката"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("language", "title"), ORDINARY_WORDS, ids=[t for _l, t in ORDINARY_WORDS])
def test_an_ordinary_word_of_a_language_that_a_new_credential_row_spells_is_allowed(
        language: str, title: str, policy: str) -> None:
    assert _allowed(_form(title), policy), language


# The same words where they do ask for the credential are still denied.
STILL_DENIED = [
    ("ja", "合言葉の答え"),
    ("ja", "秘密の合言葉"),
    ("ja", "セキュリティ質問"),
    ("he", "מזהה סשן"),
    ("et", "Kolm numbrit kaardi tagaküljel"),
    ("et, a barcode word planted beside", "Kolm numbrit kaardi tagaküljel (vöötkood)"),
    ("is, a barcode word planted beside", "Þrír tölustafir aftan á kortinu (strikamerki)"),
    ("is", "Þrír tölustafir aftan á kortinu"),
    ("lo", "ລະຫັດຄວາມປອດໄພຂອງບັດ"),
    ("km", "លេខកូដសុវត្ថិភាពកាត"),
]


@pytest.mark.parametrize(("language", "title"), STILL_DENIED, ids=[t for _l, t in STILL_DENIED])
def test_the_narrowed_words_still_deny_the_credential_they_name(language: str, title: str) -> None:
    assert not _allowed(_form(title), "rules"), language


# The other script or everyday spelling of a session-27b word, and "one-time code" word for word: 4c35dde
# and e70d6e2 both allowed these (an evasion of the new words, not a regression).
OTHER_SPELLINGS = [
    ("uz, Cyrillic (27b added the Latin 'xususiy kalit')", "Хусусий калит"),
    ("az, 'ə' typed as 'e' (27b added 'məxfi açar')", "Mexfi açar"),
    ("az, with no Azerbaijani letters", "Mexfi acar"),
    ("fi", "Kertakäyttöinen koodi"),
    ("fi, genitive", "Syötä kertakäyttöisen koodin numerot"),
    ("pl", "Jednorazowy kod"),
    ("tr", "Bir defalık kod"),
    ("tr, its possessive", "Bir defalık kodunuz"),
    ("uz, Cyrillic", "Бир марталик код"),
]


@pytest.mark.parametrize(("language", "title"), OTHER_SPELLINGS, ids=[t for _l, t in OTHER_SPELLINGS])
def test_a_credential_written_in_the_other_script_or_spelling_of_its_language_is_denied(
        language: str, title: str) -> None:
    assert not _allowed(_form(title), "rules"), language


# Their look-alikes pass: a one-time discount code is no one-time password.
ONE_TIME_LOOK_ALIKES = [
    ("pl", "Jednorazowy kod rabatowy"),
    ("tr", "Bir defalık indirim kodu"),
    ("fi", "Kertakäyttöinen alennuskoodi"),
]


@pytest.mark.parametrize(("language", "title"), ONE_TIME_LOOK_ALIKES, ids=[t for _l, t in ONE_TIME_LOOK_ALIKES])
def test_a_one_time_discount_code_is_allowed(language: str, title: str) -> None:
    assert _allowed(_form(title), "rules"), language


def _card_form(number_title: str, number_description: str, expiry_title: str) -> dict[str, Any]:
    props = {"number": field(number_title, number_description), "expiry": field(expiry_title)}
    return {"mode": "form", "message": "Pay", "requestedSchema": {"type": "object", "properties": props}}


# A gift or loyalty card's number field that also takes a payment card's (named by its scheme), beside an
# expiry field. 4c35dde denied the English and German rows (the expiry beside a card number); fix 27's
# _paid_cards let them through, the number's look-alike title making the expiry a gift card's.
SCHEME_BESIDE_A_GIFT_CARD = [
    ("en", "Loyalty card number", "or your Visa's 16 digits", "Expiry date"),
    ("en", "Gift card number", "or the long number of your Visa", "Expiry date"),
    ("en", "Gift card number", "(a Visa or Mastercard works too)", "Expiry date"),
    ("de", "Kundenkartennummer", "oder die 16 Ziffern Ihrer Visa-Karte", "Ablaufdatum"),
    ("fr", "Numéro de carte cadeau", "ou de votre carte Visa", "Date d'expiration"),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("language", "number_title", "number_description", "expiry_title"), SCHEME_BESIDE_A_GIFT_CARD,
                         ids=[d for _l, _t, d, _e in SCHEME_BESIDE_A_GIFT_CARD])
def test_a_gift_card_number_field_that_also_takes_a_visa_makes_the_expiry_beside_it_a_payment_cards(
        language: str, number_title: str, number_description: str, expiry_title: str, policy: str) -> None:
    assert not _allowed(_card_form(number_title, number_description, expiry_title), policy), language


GIFT_CARD_ALONE = [
    ("en", "Gift card number", "the 16 digits on the back", "Expiry date"),
    ("de", "Kundenkartennummer", "die Nummer auf Ihrer Kundenkarte", "Ablaufdatum"),
    ("fr", "Numéro de carte cadeau", "au dos de la carte", "Date d'expiration"),
]


@pytest.mark.parametrize(("language", "number_title", "number_description", "expiry_title"), GIFT_CARD_ALONE,
                         ids=[d for _l, _t, d, _e in GIFT_CARD_ALONE])
def test_a_gift_card_number_and_its_expiry_with_no_card_scheme_still_pass(
        language: str, number_title: str, number_description: str, expiry_title: str) -> None:
    assert _allowed(_card_form(number_title, number_description, expiry_title), "rules"), language


def test_a_gift_card_number_and_an_expiry_beside_a_card_type_of_visa_or_mastercard_are_denied() -> None:
    props = {"number": {"type": "string", "title": "Gift card number"},
             "expiry": {"type": "string", "title": "Expiry date"},
             "scheme": {"type": "string", "title": "Card type", "enum": ["Visa", "Mastercard"]}}
    params = {"mode": "form", "message": "Pay by card", "requestedSchema": {"type": "object", "properties": props}}
    for policy in POLICIES:
        assert not _allowed(params, policy), policy


# A look-alike card's number field described as also taking the card one pays with, named by no scheme.
# 4c35dde denied these (the expiry beside a card number); _paid_cards reads the field's title's look-alike
# for the whole field, and its detectors excuse the description's payment card too.
PAYMENT_CARD_IN_A_LOOK_ALIKE_FIELD = [
    ("en", "Loyalty card number", "or the number of the card you pay with", "Expiry date"),
    ("en", "Library card number", "or your bank card's number", "Expiry date"),
]


@pytest.mark.xfail(strict=True, reason="_paid_cards counts a field's card number as a payment card's only where the "
                   "field's own detectors deny it; a look-alike title ('Loyalty card number') excuses the payment "
                   "card its description also asks for ('or the number of the card you pay with'), so the expiry "
                   "beside it reads as the loyalty card's. Needs the description's card number judged apart from "
                   "the title's look-alike, with an 'or' between them.")
@pytest.mark.parametrize(("language", "number_title", "number_description", "expiry_title"),
                         PAYMENT_CARD_IN_A_LOOK_ALIKE_FIELD, ids=[d for _l, _t, d, _e in PAYMENT_CARD_IN_A_LOOK_ALIKE_FIELD])
def test_a_look_alike_card_number_field_that_also_takes_the_card_you_pay_with_makes_its_expiry_a_payment_cards(
        language: str, number_title: str, number_description: str, expiry_title: str) -> None:
    assert not _allowed(_card_form(number_title, number_description, expiry_title), "rules"), language


# A number sign or "Nr." that belongs to another noun, within 40 characters before a card word. 4c35dde
# allowed these; fix 27 reads the sign and lexicon 27 reads "nr" as the word "number", and "number" then
# "card" makes a card number. Their spelled-out twins ("Room number on your key card", "Bestellnummer
# steht auf der Karte") were denied at 4c35dde already: the pairing, not the new words, is at fault.
NUMBER_OF_ANOTHER_NOUN_BEFORE_A_CARD = [
    ("en", "Room no. on your key card"),
    ("en", "Model no. card reader"),
    ("de", "Bestell-Nr. steht auf der Karte"),
    ("de", "Platz Nr. 12, Karte bitte mitbringen"),
    ("nl", "Klant nr. op uw kaart"),
    ("fr", "N° de cartes à imprimer"),
]


@pytest.mark.xfail(strict=True, reason="credentials.DERIVED pairs 'number' then 'card' within 40 characters into a card "
                   "number whatever noun the number belongs to (a room's, an order's, a model's); the abbreviations "
                   "of fix 27 and lexicon 27 ('No.', 'Nr.', 'N°', 'nr') now take part as the spelled-out word already "
                   "did. Needs the pair to require the number to be the card's (adjacent, or joined by 'of'/'der'/'de').")
@pytest.mark.parametrize(("language", "title"), NUMBER_OF_ANOTHER_NOUN_BEFORE_A_CARD,
                         ids=[t for _l, t in NUMBER_OF_ANOTHER_NOUN_BEFORE_A_CARD])
def test_a_number_sign_of_another_noun_before_a_card_word_names_no_card_number(language: str, title: str) -> None:
    assert _allowed(_form(title), "rules"), language


# A forgotten password's look-alike (27b's "olvidaste tu clave", "نسيت الباسورد") beside a field that asks
# for the old password all the same. 4c35dde and e70d6e2 both allowed these (an evasion, not a
# regression): the look-alike excused a password word within NEAR_WORDS words of it, across the end of
# its sentence too. Fixed in session 28: a look-alike reaches no further than its sentence's end (a
# question or an exclamation mark), which changed no verdict of the 26,987 corpus forms.
FORGOTTEN_BUT_ASKED = [
    ("ar", "نسيت الباسورد؟ اكتب الباسورد القديم"),
    ("en", "Forgot your password? Type old password"),
    ("en", "Forgot your password! Enter the old password"),
    ("ja", "パスワードをお忘れですか？古いパスワードを入力"),
]


@pytest.mark.parametrize(("language", "title"), FORGOTTEN_BUT_ASKED, ids=[t for _l, t in FORGOTTEN_BUT_ASKED])
def test_a_forgotten_password_look_alike_does_not_excuse_asking_for_the_old_password(language: str, title: str) -> None:
    assert not _allowed(_form(title), "rules"), language


# The same in Spanish: "clave" alone reads as a key, not a password, so "Escribe tu clave anterior" is
# allowed by the rules with no look-alike before it either (a lexicon gap, not the look-alike's reach).
@pytest.mark.xfail(strict=True, reason="'clave' alone is a key to the lexicon, not a password: 'Escribe tu clave "
                   "anterior' passes the rules on its own")
def test_a_forgotten_password_look_alike_does_not_excuse_asking_for_the_old_password_in_spanish() -> None:
    assert not _allowed(_form("¿Olvidaste tu clave? Escribe tu clave anterior"), "rules")


# A look-alike still excuses what shares its sentence.
@pytest.mark.parametrize("title", ["Forgot your password? Reset link sent by e-mail", "Forgot password?",
                                   "Hint for your password? Optional"])
def test_a_look_alike_still_excuses_the_credential_word_of_its_own_sentence(title: str) -> None:
    assert _allowed(_form(title), "rules")


# "No." or "N." before a capital, as Mexico's and Italy's card labels write it and as forms in capitals do:
# fix 27 read it as a negation ("No. This is not a credit card"), so "No. Tarjeta de crédito" asked for a
# credit card's number unseen. 4c35dde and e70d6e2 both allowed these (an evasion of fix 27's number sign).
CAPITAL_AFTER_A_NUMBER_SIGN = [
    ("es-MX", "No. Tarjeta"),
    ("es-MX", "No. De Tarjeta"),
    ("es-MX, capitals", "NO. DE TARJETA"),
    ("es-MX, capitals", "NO. TARJETA"),
    ("es-MX", "No. Tarjeta de crédito"),
    ("it", "N. Carta"),
    ("it, capitals", "N. CARTA DI CREDITO"),
    ("pt, capitals", "NO. CARTÃO"),
    ("en", "No. Card"),
]


@pytest.mark.parametrize(("language", "title"), CAPITAL_AFTER_A_NUMBER_SIGN, ids=[t for _l, t in CAPITAL_AFTER_A_NUMBER_SIGN])
def test_a_number_sign_before_a_capital_in_a_label_names_a_card_number(language: str, title: str) -> None:
    assert not _allowed(_form(title), "rules"), language


# A "No." that starts a sentence is still the negation: a description that says no card is asked for.
NO_STARTING_A_SENTENCE = [
    ("en", "No. This is not a credit card."),
    ("en", "No. We never ask for your card number."),
    ("en", "No. Card payments are not accepted here"),
    ("es", "No. Tarjeta de regalo"),
    ("es", "NO. DE EMPLEADO"),
]


@pytest.mark.parametrize(("language", "text"), NO_STARTING_A_SENTENCE, ids=[t for _l, t in NO_STARTING_A_SENTENCE])
def test_a_no_that_starts_a_sentence_or_numbers_a_look_alike_is_allowed(language: str, text: str) -> None:
    assert _allowed(_form("Comment", text), "rules"), language


# An order's confirmation code, as "Order confirmation code" passes in English. 4c35dde allowed these; 27b's
# "potvrdni kod" denied them. A confirmation code alone is still a one-time code.
ORDER_CONFIRMATION_CODES = [
    ("hr", "Potvrdni kod narudžbe"),
    ("bs", "Potvrdni kod narudžbe"),
    ("en", "Order confirmation code"),
]


@pytest.mark.parametrize(("language", "title"), ORDER_CONFIRMATION_CODES, ids=[f"{l}-{t}" for l, t in ORDER_CONFIRMATION_CODES])
def test_an_order_confirmation_code_is_allowed(language: str, title: str) -> None:
    assert _allowed(_form(title), "rules"), language


def test_a_confirmation_code_alone_is_still_denied_in_croatian() -> None:
    assert not _allowed(_form("Potvrdni kod"), "rules")
    assert not _allowed(_form("Unesite potvrdni kod poslan SMS-om"), "rules")
    assert not _allowed(_form("Potvrdni kod za narudžbu poslan SMS-om"), "rules")


# A payment card named by its own word with a customer, member or library card planted beside it. 4c35dde
# denied the Danish and Norwegian rows; lexicon 27's "kundekort" look-alike excused them (English "Credit card
# number (loyalty card)" stays denied: "credit card" is outright). The other rows were allowed by both.
PAYMENT_CARD_BESIDE_A_PLANTED_LOOK_ALIKE = [
    ("da", "Kreditkortnummer (kundekort)"),
    ("no", "Kredittkortnummer (kundekort)"),
    ("no", "Betalingskortnummer (kundekort)"),
    ("sv", "Kreditkortsnummer (kundkort)"),
    ("sv", "Betalkortsnummer (medlemskort)"),
    ("et", "Krediitkaardi number (lugejakaart)"),
    ("fi", "Luottokortin numero (kanta-asiakaskortti)"),
]


@pytest.mark.parametrize(("language", "title"), PAYMENT_CARD_BESIDE_A_PLANTED_LOOK_ALIKE,
                         ids=[t for _l, t in PAYMENT_CARD_BESIDE_A_PLANTED_LOOK_ALIKE])
def test_a_credit_card_number_with_a_customer_card_planted_beside_it_is_denied(language: str, title: str) -> None:
    assert not _allowed(_form(title), "rules"), language


CUSTOMER_CARD_NUMBERS = [
    ("da", "Kundekortnummer"),
    ("no", "Gavekortnummer"),
    ("sv", "Kundkortsnummer"),
    ("sv", "Presentkortsnummer"),
]


@pytest.mark.parametrize(("language", "title"), CUSTOMER_CARD_NUMBERS, ids=[t for _l, t in CUSTOMER_CARD_NUMBERS])
def test_a_customer_or_gift_card_number_is_allowed(language: str, title: str) -> None:
    assert _allowed(_form(title), "rules"), language


# 認証番号 is a one-time code on a sign-in screen and a certification's number on a product's label, as
# "ISO certification number" passes in English. 4c35dde allowed these; 27b's 認証番号 denied them.
JAPANESE_CERTIFICATION_NUMBERS = [
    ("ja, the radio law's certification", "技適の認証番号"),
    ("ja, the organic JAS label", "有機JAS認証番号"),
    ("ja, an ISO certificate", "ISO認証番号を入力してください"),
]


@pytest.mark.parametrize(("language", "title"), JAPANESE_CERTIFICATION_NUMBERS, ids=[t for _l, t in JAPANESE_CERTIFICATION_NUMBERS])
def test_a_certifications_number_in_japanese_is_allowed(language: str, title: str) -> None:
    assert _allowed(_form(title), "rules"), language


@pytest.mark.parametrize("title", ["認証番号", "SMSで届いた認証番号", "認証番号を入力してください", "SMSで届いた認証番号（技適）",
                                   "SMSで届いた認証番号（ISO認証）"])
def test_a_japanese_sign_in_code_is_still_denied(title: str) -> None:
    assert not _allowed(_form(title), "rules")
