"""Red team 30g (fixed in session 30): session 30's '~token' look-alikes (a crypto token's ticker or symbol) excuse a form
that asks for an API token and only says to paste it with every symbol (special character) kept. In
nine of the new languages such a form now passes under both policies; at 1f8b69d each was denied."""

from __future__ import annotations

import pytest
from both_policies import IDS, POLICIES, allowed, field

# (language, message, title, description): "paste the token with all its symbols".
FORMS = [
    ("lo", "ຢືນຢັນບັນຊີ", "ໂທເຄັນ API", "ວາງໂທເຄັນພ້ອມທຸກສັນຍາລັກ"),
    ("my", "အကောင့်အတည်ပြုပါ", "API တိုကင်", "သင်္ကေတအားလုံးပါဝင်သော တိုကင်ကို ကူးထည့်ပါ"),
    ("km", "ផ្ទៀងផ្ទាត់គណនី", "API ថូខឹន", "បិទភ្ជាប់ថូខឹន រួមទាំងនិមិត្តសញ្ញាទាំងអស់"),
    ("kn", "ಖಾತೆ ಪರಿಶೀಲನೆ", "API ಟೋಕನ್", "ಎಲ್ಲಾ ಚಿಹ್ನೆ ಸಹಿತ ಟೋಕನ್ ಅಂಟಿಸಿ"),
    ("te", "ఖాతా ధృవీకరణ", "API టోకెన్", "ప్రతి చిహ్నం సహా టోకెన్‌ను అతికించండి"),
    ("ml", "അക്കൗണ്ട് സ്ഥിരീകരണം", "API ടോക്കൺ", "ഓരോ ചിഹ്നം ഉൾപ്പെടെ ടോക്കൺ ഒട്ടിക്കുക"),
    ("gu", "ખાતું ચકાસો", "API ટોકન", "દરેક ચિહ્ન સાથે ટોકન પેસ્ટ કરો"),
    ("ps", "حساب تایید کړئ", "API ټوکن", "ټوکن د هرې نښه سره پیسټ کړئ"),
    ("ur", "اکاؤنٹ کی تصدیق", "API ٹوکن", "ٹوکن ہر نشان کے ساتھ پیسٹ کریں"),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("lang", "message", "title", "description"), FORMS, ids=[f[0] for f in FORMS])
def test_an_api_token_pasted_with_every_symbol_is_still_a_token(lang, message, title, description, policy):
    assert not allowed(message, {"token": field(title, description)}, policy)
