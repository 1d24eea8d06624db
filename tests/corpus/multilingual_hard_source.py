"""Source of multilingual_hard_forms.jsonl: harder cases in many languages, written after the lexicon
and measured once before any change they prompted (see README.md). Each row: language, label,
message, field name, title, description, type. ``python tests/corpus/multilingual_hard_source.py``
rewrites the JSONL."""

from __future__ import annotations

import json
from pathlib import Path

C, B = "credential", "benign"
ROWS: list[tuple[str, str, str, str, str, str, str]] = [
    # inflected forms, no diacritics, paraphrases
    ("ru", C, "Подтвердите действие", "value", "", "Введите ваш пароль от личного кабинета", "string"),
    ("ru", C, "Вход в банк", "code", "Код из СМС", "", "string"),
    ("ru", C, "Оплата заказа", "value", "Три цифры на обороте карты", "", "string"),
    ("uk", C, "Вхід", "value", "", "Вкажіть пароль до акаунта", "string"),
    ("pl", C, "Potwierdź przelew", "value", "Kod BLIK", "", "string"),
    ("pl", C, "Logowanie", "value", "", "Podaj hasła do konta", "string"),
    ("cs", C, "Přihlášení", "value", "Zadejte heslo", "", "string"),
    ("tr", C, "Giriş", "value", "Şifrenizi girin", "", "string"),
    ("tr", C, "Ödeme", "value", "Kartın arkasındaki 3 haneli kod", "", "string"),
    ("fi", C, "Kirjaudu", "value", "Salasanasi", "", "string"),
    ("hu", C, "Belépés", "value", "Add meg a jelszavadat", "", "string"),
    ("lt", C, "Prisijungimas", "value", "Jūsų slaptažodį", "", "string"),
    ("el", C, "Σύνδεση", "value", "Εισάγετε τον κωδικό πρόσβασής σας", "", "string"),
    ("ar", C, "تسجيل الدخول", "value", "أدخل كلمة المرور الخاصة بك", "", "string"),
    ("ar", C, "الدفع", "value", "رقم بطاقة الائتمان", "", "string"),
    ("he", C, "כניסה", "value", "הקלד את הסיסמה", "", "string"),
    ("fa", C, "ورود", "value", "رمز یکبار مصرف پیامک شده", "", "string"),
    ("vi", C, "Dang nhap", "value", "Nhap mat khau", "", "string"),
    ("vi", C, "Thanh toán", "otp", "Mã OTP gửi qua tin nhắn", "", "string"),
    ("id", C, "Masuk", "value", "Masukkan kode OTP yang dikirim ke ponsel Anda", "", "string"),
    ("ms", C, "Log masuk", "value", "Kata laluan anda", "", "string"),
    ("th", C, "เข้าสู่ระบบ", "value", "กรอกรหัส OTP ที่ได้รับทาง SMS", "", "string"),
    ("ko", C, "결제", "value", "카드 비밀번호 앞 2자리", "", "string"),
    ("ja", C, "ログイン", "value", "ワンタイムパスワードを入力", "", "string"),
    ("ja", C, "お支払い", "value", "カード裏面のセキュリティコード", "", "string"),
    ("zh-Hans", C, "登录", "value", "请输入短信验证码", "", "string"),
    ("zh-Hans", C, "钱包恢复", "value", "请输入您的助记词", "", "string"),
    ("zh-Hant", C, "登入", "value", "輸入您的密碼", "", "string"),
    ("hi", C, "लॉगिन", "value", "अपना ओटीपी दर्ज करें", "", "string"),
    ("bn", C, "লগইন", "value", "আপনার পাসওয়ার্ড দিন", "", "string"),
    ("ta", C, "உள்நுழைவு", "value", "கடவுச்சொல்லை உள்ளிடுக", "", "string"),
    ("sw", C, "Ingia", "value", "Nywila yako", "", "string"),
    ("es", C, "Acceso", "value", "Clave", "", "string"),
    ("es", C, "Recuperar monedero", "value", "Frase de recuperación de 12 palabras", "", "string"),
    ("pt", C, "Entrar", "value", "Digite sua senha", "", "string"),
    ("pt", C, "Pagamento", "value", "Código de segurança (3 dígitos no verso)", "", "string"),
    ("fr", C, "Connexion", "value", "Votre mot de passe", "", "string"),
    ("fr", C, "Intégration", "value", "Clé secrète de l'API", "", "string"),
    ("de", C, "Anmeldung", "value", "Ihr Kennwort", "", "string"),
    ("de", C, "Zahlung", "value", "TAN aus der App", "", "string"),
    ("it", C, "Accesso", "value", "Inserisci la password", "", "string"),
    ("it", C, "Pagamento", "value", "Numero della carta di credito", "", "string"),
    ("nl", C, "Inloggen", "value", "Je wachtwoord", "", "string"),
    ("sv", C, "Logga in", "value", "Ditt lösenord", "", "string"),
    ("ro", C, "Autentificare", "value", "Introduceți parola", "", "string"),
    ("bg", C, "Вход", "value", "Въведете паролата", "", "string"),
    ("sr-Latn", C, "Prijava", "value", "Unesite lozinku", "", "string"),
    ("ka", C, "შესვლა", "value", "შეიყვანეთ პაროლი", "", "string"),
    ("hy", C, "Մուտք", "value", "Մուտքագրեք գաղտնաբառը", "", "string"),
    ("kk", C, "Кіру", "value", "Құпиясөзді енгізіңіз", "", "string"),
    ("az", C, "Giriş", "value", "Şifrənizi daxil edin", "", "string"),
    ("en", C, "Finish connecting", "value", "The long string you copied from the developer portal", "it starts with sk-", "string"),
    ("en", C, "Security check", "value", "Answer: what was the name of your first pet?", "", "string"),
    ("en", C, "Restore access", "value", "Your 24 recovery words, in order", "", "string"),
    # look-alikes
    ("ru", B, "Доставка", "value", "Почтовый индекс", "", "string"),
    ("ru", B, "Настройки модели", "value", "Лимит токенов", "", "integer"),
    ("pl", B, "Zamówienie", "value", "Kod rabatowy", "", "string"),
    ("de", B, "Bestellung", "value", "Gutscheincode", "", "string"),
    ("de", B, "Sicherheit", "value", "Mindestlänge des Passworts", "", "integer"),
    ("fr", B, "Musique", "value", "Tonalité (clé) du morceau", "", "string"),
    ("es", B, "Música", "value", "Clave musical de la partitura", "", "string"),
    ("es", B, "Envío", "value", "Código postal", "", "string"),
    ("pt", B, "Envio", "value", "CEP", "", "string"),
    ("it", B, "Ordine", "value", "Codice sconto", "", "string"),
    ("zh-Hans", B, "模型设置", "value", "最大令牌数", "", "integer"),
    ("zh-Hans", B, "收货地址", "value", "邮政编码", "", "string"),
    ("ja", B, "配送", "value", "郵便番号", "", "string"),
    ("ja", B, "設定", "value", "パスワードの最小文字数", "", "integer"),
    ("ko", B, "설정", "value", "비밀번호 최소 길이", "", "integer"),
    ("ko", B, "주문", "value", "쿠폰 코드", "", "string"),
    ("hi", B, "डिलीवरी", "value", "पिन कोड (डाक)", "", "string"),
    ("en", B, "Delivery address", "value", "PIN code", "6-digit Indian postal PIN code", "string"),
    ("en", B, "Crypto dashboard", "value", "Token symbol", "e.g. ETH", "string"),
    ("en", B, "Team invite", "value", "Invite code", "", "string"),
    ("en", B, "SMS settings", "value", "SMS sender name", "", "string"),
    ("en", B, "New API key", "value", "Label for the new key", "", "string"),
    ("en", B, "Passcode settings", "value", "Passcode length", "", "integer"),
    ("tr", B, "Sipariş", "value", "İndirim kodu", "", "string"),
    ("vi", B, "Đặt hàng", "value", "Mã giảm giá", "", "string"),
    ("id", B, "Pengiriman", "value", "Kode pos", "", "string"),
    ("ar", B, "الشحن", "value", "الرمز البريدي", "", "string"),
    ("he", B, "משלוח", "value", "מיקוד", "", "string"),
    ("el", B, "Παραγγελία", "value", "Κωδικός κουπονιού", "", "string"),
    ("sv", B, "Beställning", "value", "Rabattkod", "", "string"),
    ("fi", B, "Tilaus", "value", "Alennuskoodi", "", "string"),
    ("hu", B, "Rendelés", "value", "Kuponkód", "", "string"),
    ("cs", B, "Objednávka", "value", "Slevový kód", "", "string"),
    ("uk", B, "Доставка", "value", "Поштовий індекс", "", "string"),
    ("th", B, "จัดส่ง", "value", "รหัสไปรษณีย์", "", "string"),
    ("fa", B, "ارسال", "value", "کد پستی", "", "string"),
    ("sw", B, "Agizo", "value", "Msimbo wa punguzo", "", "string"),
]


def cases() -> list[dict[str, object]]:
    out = []
    counts = {C: 0, B: 0}
    for lang, label, message, name, title, description, kind in ROWS:
        counts[label] += 1
        prop: dict[str, object] = {"type": kind}
        if title:
            prop["title"] = title
        if description:
            prop["description"] = description
        out.append({"id": f"mh-{'cred' if label == C else 'ben'}-{counts[label]:03d}", "label": label, "lang": lang,
                    "why": "harder multilingual case", "params": {"mode": "form", "message": message,
                                                                  "requestedSchema": {"type": "object", "properties": {name: prop}}}})
    return out


if __name__ == "__main__":
    path = Path(__file__).with_name("multilingual_hard_forms.jsonl")
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases()), encoding="utf-8")
    print(f"{path}: {len(cases())} cases")
