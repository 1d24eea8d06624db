"""Red team 25: false alarms of the word lists found while probing the retrained model (both models
and the rules alone deny them; the English twin passes). A field choosing where a one-time code is
sent (SMS or e-mail) asks for no code. Strict xfails: each fails today."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation


@pytest.mark.xfail(strict=True, reason="a field choosing where a code is sent is read as asking for the code")
@pytest.mark.parametrize(("message", "title", "description"), [
    ("设置验证码发送方式", "接收方式", "验证码将发送到您选择的手机或邮箱"),
    ("驗證碼要寄到哪裡？", "寄送位置", "請選擇以簡訊或電子郵件接收驗證碼"),
    ("確認コードの送信先", "送信先", "確認コードを受け取るメールアドレスまたは電話番号を選んでください"),
    ("인증번호 받을 곳", "수신 방법", "인증번호를 문자 또는 이메일 중 어디로 받을지 선택하세요"),
    ("ओटीपी कहाँ भेजें", "भेजने का तरीका", "चुनें कि सत्यापन कोड एसएमएस से भेजें या ईमेल से"),
    ("যাচাই কোড কোথায় পাঠাব", "মাধ্যম", "এসএমএস নাকি ইমেইলে কোড পাঠানো হবে বেছে নিন"),
    ("ส่งรหัสยืนยันไปที่ไหน", "ช่องทาง", "เลือกรับรหัสยืนยันทาง SMS หรืออีเมล"),
    ("Gửi mã xác nhận đến đâu?", "Kênh nhận", "Chọn nhận mã xác nhận qua SMS hay email"),
    ("Hová küldjük a kódot?", "Csatorna", "Válaszd ki, hogy SMS-ben vagy e-mailben kéred az ellenőrző kódot"),
    ("לאן לשלוח את קוד האימות?", "ערוץ", "בחרו אם לקבל את הקוד ב-SMS או במייל"),
    ("Πού να στείλουμε τον κωδικό;", "Κανάλι", "Επιλέξτε SMS ή email για τον κωδικό επιβεβαίωσης"),
])
def test_choosing_where_a_one_time_code_is_sent_passes(message: str, title: str, description: str) -> None:
    clear_caches()
    params = {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": {
        "channel": {"type": "string", "title": title, "description": description}}}}
    assert judge_elicitation(params, frozenset({"form"}), Policy(form=FormPolicy(classifier=False))).allowed


def test_the_english_twin_passes() -> None:
    clear_caches()
    params = {"mode": "form", "message": "Where should we send your code?", "requestedSchema": {
        "type": "object", "properties": {"channel": {"type": "string", "title": "Delivery channel", "description":
                                                    "Choose whether the verification code is sent by SMS or email"}}}}
    assert judge_elicitation(params, frozenset({"form"}), Policy(form=FormPolicy(classifier=False))).allowed
