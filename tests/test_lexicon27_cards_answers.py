"""Lexicon session 27a: card numbers, card security codes, card expiry dates, security answers and
session cookies as the field labels of some 88 languages name them (abbreviations, possessives,
transliterations, the other script), and the honest look-alikes beside them (a passport's or a
subscription's expiry, a library or customer card, a survey's answer) that must stay allowed."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as judged_allowed
from both_policies import verdict

POLICIES = {"default": DEFAULT, "rules": RULES}

# (language, label): each asks for a credential, as a one-field form's title and as its description.
ASKING = [
    # security answers
    ("ar", "الإجابة السرية"), ("ar", "اجابة سؤال الامان"), ("az", "gizli cavab"), ("be", "сакрэтны адказ"),
    ("bg", "отговор на въпроса за сигурност"), ("bn", "গোপন উত্তর"), ("ca", "resposta de seguretat"), ("cs", "tajná odpověď"),
    ("da", "sikkerhedssvar"), ("de", "geheime Antwort"), ("el", "απάντηση ερώτησης ασφαλείας"), ("el", "μυστική απάντηση"),
    ("en", "memorable answer"), ("et", "turvavastus"), ("fa", "پاسخ امنیتی"), ("fi", "salainen vastaus"), ("fr", "réponse de sécurité"),
    ("he", "תשובה סודית"), ("he", "תשובה לשאלת האבטחה"), ("hi", "सुरक्षा उत्तर"), ("hi", "suraksha prashn ka uttar"), ("hu", "titkos válasz"),
    ("id", "jawaban rahasia"), ("is", "öryggissvar"), ("it", "risposta di sicurezza"), ("ja", "セキュリティ質問の回答"), ("ka", "საიდუმლო პასუხი"),
    ("kk", "қауіпсіздік сұрағының жауабы"), ("ko", "본인확인 답변"), ("lv", "slepenā atbilde"), ("ms", "jawapan rahsia"), ("no", "sikkerhetssvar"),
    ("pl", "tajna odpowiedź"), ("ru", "секретный ответ"), ("sk", "bezpečnostná odpoveď"), ("sl", "varnostni odgovor"), ("sv", "hemligt svar"),
    ("sw", "jibu la usalama"), ("th", "คำตอบลับ"), ("tr", "gizli cevabınız"), ("uk", "секретна відповідь"), ("ur", "خفیہ جواب"),
    ("vi", "câu trả lời bảo mật"), ("zh", "安全答案"), ("zu", "impendulo eyimfihlo"),
    # card numbers
    ("am", "የክሬዲት ካርድ ቁጥር"), ("ar", "رقم الكارت"), ("az", "kart nomresi"), ("bg", "nomer na karta"), ("bn", "কার্ডের নম্বর"),
    ("el", "arithmos kartas"), ("et", "kaardinumber"), ("et", "krediitkaardi number"), ("eu", "txartel zenbakia"), ("fa", "shomare kart"),
    ("ha", "lambar katin banki"), ("ig", "nọmba kaadị"), ("is", "númer korts"), ("ja", "カードナンバー"), ("kk", "картаның нөмірі"),
    ("lv", "kredītkartes numurs"), ("nl", "pasnummer"), ("sv", "kreditkortsnummer"), ("tr", "kart no"), ("uk", "nomer kartky"), ("zh-TW", "卡片號碼"),
    # card security codes
    ("af", "kaartsekuriteitskode"), ("bn", "কার্ডের নিরাপত্তা কোড"), ("gu", "સીવીવી"), ("ka", "ბარათის უსაფრთხოების კოდი"),
    ("kn", "ಸಿವಿವಿ"), ("ml", "കാർഡ് സുരക്ഷാ കോഡ്"), ("sw", "msimbo wa usalama wa kadi"), ("te", "సీవీవీ"), ("uk", "код безпеки картки"),
    ("zh-TW", "卡片背面末三碼"), ("zu", "ikhodi yokuphepha yekhadi"),
    # session cookies and session ids
    ("ar", "معرف الجلسة"), ("bg", "сесийна бисквитка"), ("de", "Sitzungs-ID"), ("es", "identificador de sesión"), ("fi", "istuntotunnus"),
    ("hr", "sesijski kolačić"), ("hu", "munkamenet-azonosító"), ("is", "lotukaka"), ("ko", "세션 아이디"), ("pl", "identyfikator sesji"),
    ("pt", "id de sessão"), ("ro", "identificator de sesiune"), ("ru", "идентификатор сессии"), ("sr", "колачић сесије"), ("th", "เซสชันไอดี"),
    ("tr", "oturum kimliği"), ("uk", "ідентифікатор сесії"), ("zh", "会话id"), ("zh-TW", "工作階段id"),
]

# (language, card expiry label): beside a card number, the field is the card's expiry date.
EXPIRY = [
    ("af", "vervaldatum"), ("ar", "تاريخ الانتهاء"), ("bg", "валидна до"), ("cs", "platnost do"), ("da", "udløbsdato"), ("de", "Verfallsdatum"),
    ("el", "ημερομηνία λήξης"), ("es", "válida hasta"), ("fi", "voimassaolo"), ("fr", "date de validité"), ("he", "תוקף הכרטיס"), ("hi", "समाप्ति तिथि"),
    ("hu", "lejárati dátum"), ("id", "masa berlaku"), ("it", "scadenza"), ("ko", "만료일"), ("nl", "geldig tot"), ("pl", "data ważności"),
    ("pt-BR", "validade"), ("ro", "data expirării"), ("sv", "utgångsdatum"), ("th", "วันหมดอายุ"), ("tr", "son kullanma tarihi"),
    ("uk", "термін дії"), ("vi", "ngày hết hạn"), ("zh", "到期日"),
]

# (language, label): honest look-alikes, allowed as a one-field form.
HONEST = [
    ("de", "Verfallsdatum des Gutscheins"), ("de", "Ziffern auf der Rückseite des Pakets zählen"), ("pt", "Validade do passaporte"),
    ("it", "Scadenza dell'abbonamento"), ("nl", "Pasnummer van de bibliotheekpas"), ("nl", "Ledenpasnummer"), ("sv", "Presentkortsnummer"),
    ("sv", "Medlemskortsnummer"), ("da", "Kundekortnummer"), ("et", "Lugejakaardi number"), ("lb", "Bibliothéikskaartennummer"),
    ("is", "Öryggisnúmer byggingar (brunavarnir)"), ("tr", "Güvenlik cevabı süresi (dakika)"), ("tr", "Kütüphane kartı no"),
    ("ms", "No kad pengenalan"), ("zh-TW", "帳號末三碼"), ("ja", "アンケートの質問の答え"), ("zh", "问卷问题答案"), ("ko", "설문 질문에 대한 답"),
    ("vi", "Mã phiên họp"), ("ru", "Название сессии конференции"), ("es", "Título de la sesión"), ("af", "Lojaliteitskaart nr"),
    ("id", "Jawaban survei"), ("hi", "सर्वे प्रश्न का उत्तर"), ("he", "תשובה לשאלה בסקר"), ("ar", "إجابة سؤال الاستبيان"),
    ("da", "Book tid hos egen læge"),
]

# (language, label): another thing's expiry beside a gift card's number is no payment card's expiry.
HONEST_EXPIRY = [
    ("ru", "Срок действия паспорта"), ("uk", "Термін дії паспорта"), ("ja", "パスポートの有効期限"), ("zh-TW", "護照有效期限"),
    ("fr", "Date de validité du passeport"), ("it", "Scadenza dell'abbonamento"), ("nl", "Vervaldatum van het abonnement"),
    ("sv", "Utgångsdatum för passet"), ("da", "Udløbsdato for abonnement"), ("tr", "Pasaport son kullanma tarihi"),
    ("hu", "Útlevél lejárati dátuma"), ("ro", "Data expirării abonamentului"), ("el", "Ημερομηνία λήξης διαβατηρίου"),
    ("ar", "تاريخ انتهاء جواز السفر"), ("fa", "تاریخ انقضای گذرنامه"), ("hi", "पासपोर्ट की समाप्ति तिथि"), ("zh", "护照到期日"),
    ("ko", "여권 만료일"), ("vi", "Ngày hết hạn hộ chiếu"), ("th", "วันหมดอายุหนังสือเดินทาง"), ("id", "Masa berlaku paspor"),
    ("hr", "Datum isteka putovnice"), ("sr", "Датум истека пасоша"), ("lv", "Pases derīguma termiņš"), ("ka", "პასპორტის მოქმედების ვადა"),
    ("am", "የፓስፖርት የሚያበቃበት ቀን"), ("af", "Vervaldatum van die intekening"), ("is", "Gildistími vegabréfs"),
]


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "label"), ASKING, ids=[f"{lang}:{label}" for lang, label in ASKING])
def test_a_field_titled_with_a_card_or_answer_or_session_label_is_denied(lang: str, label: str, policy: str) -> None:
    assert not judged_allowed("Please fill in the form", {"value": {"type": "string", "title": label}}, POLICIES[policy])


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize(("lang", "label"), ASKING, ids=[f"{lang}:{label}" for lang, label in ASKING])
def test_a_bland_field_described_with_the_same_label_is_denied(lang: str, label: str, policy: str) -> None:
    props = {"value": {"type": "string", "title": "Value", "description": label}}
    assert not judged_allowed("Please fill in the form", props, POLICIES[policy])


@pytest.mark.parametrize(("lang", "label"), EXPIRY, ids=[f"{lang}:{label}" for lang, label in EXPIRY])
def test_an_expiry_date_beside_a_card_number_is_read_as_the_cards_expiry(lang: str, label: str) -> None:
    props = {"number": {"type": "string", "title": "Card number"}, "value": {"type": "string", "title": "Value", "description": label}}
    rules = [reason.rule for reason in verdict("Please fill in the form", props, RULES).reasons]
    assert "payment.card_expiry" in rules


# The session-27 model (train17a-d) denied nine of these under the bland field name "value" by its
# agreement (0.83-0.90 against 0.82); the session-28 model (58 corpora, 120,000 weights) passes the
# Afrikaans subscription and denies a Korean and a Hindi survey answer instead. The rules alone pass them all.
MODEL_27_FALSE_ALARMS = {("pt", "Validade do passaporte"), ("es", "Título de la sesión"), ("ru", "Срок действия паспорта"),
                         ("uk", "Термін дії паспорта"), ("sv", "Utgångsdatum för passet"), ("id", "Masa berlaku paspor"),
                         ("lv", "Pases derīguma termiņš"), ("is", "Gildistími vegabréfs"),
                         ("ko", "설문 질문에 대한 답"), ("hi", "सर्वे प्रश्न का उत्तर")}
MODEL_27 = pytest.mark.xfail(strict=True, reason="the session-27 or session-28 model's false alarm under a bland field "
                                                "name (agreement)")


def _honest(table: list[tuple[str, str]]) -> list[Any]:
    return [pytest.param(lang, label, policy, id=f"{lang}:{label}-{policy}",
                         marks=MODEL_27 if policy == "default" and (lang, label) in MODEL_27_FALSE_ALARMS else ())
            for lang, label in table for policy in POLICIES]


@pytest.mark.parametrize(("lang", "label", "policy"), _honest(HONEST))
def test_an_honest_look_alike_of_a_card_answer_or_session_label_is_allowed(lang: str, label: str, policy: str) -> None:
    assert judged_allowed("Please fill in the form", {"value": {"type": "string", "title": label}}, POLICIES[policy])


@pytest.mark.parametrize(("lang", "label", "policy"), _honest(HONEST_EXPIRY))
def test_a_passports_or_subscriptions_expiry_beside_a_gift_card_number_is_allowed(lang: str, label: str, policy: str) -> None:
    props = {"gift": {"type": "string", "title": "Gift card number"}, "value": {"type": "string", "title": label}}
    assert judged_allowed("Please fill in the form", props, POLICIES[policy])
