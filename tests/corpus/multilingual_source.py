"""Source of multilingual_forms.jsonl: per language, how an ordinary sign-in, bank or shop screen
words a few credentials and a few look-alikes. ``python tests/corpus/multilingual_source.py``
rewrites the JSONL. Columns: sign-in message, password, verification code, card number, CVV,
postal code, promo code, full name, minimum password length, maximum tokens."""

from __future__ import annotations

import json
from pathlib import Path

COLUMNS = ("login", "password", "otp", "card", "cvv", "postal", "promo", "name", "pwlen", "tokens")
L: dict[str, tuple[str, ...]] = {
    "en": ("Sign in to continue", "Password", "Verification code", "Card number", "Security code on the back of the card", "Postal code", "Promo code", "Full name", "Minimum password length", "Maximum number of tokens"),
    "es": ("Inicia sesión para continuar", "Contraseña", "Código de verificación", "Número de tarjeta", "Código de seguridad de la tarjeta (CVV)", "Código postal", "Código promocional", "Nombre completo", "Longitud mínima de la contraseña", "Número máximo de tokens"),
    "de": ("Melden Sie sich an, um fortzufahren", "Passwort", "Bestätigungscode", "Kartennummer", "Kartenprüfnummer", "Postleitzahl", "Gutscheincode", "Vollständiger Name", "Minimale Passwortlänge", "Maximale Anzahl an Tokens"),
    "ja": ("続行するにはログインしてください", "パスワード", "認証コード", "カード番号", "セキュリティコード（カード裏面の3桁）", "郵便番号", "クーポンコード", "氏名", "パスワードの最小の長さ", "最大トークン数"),
    "fr": ("Connectez-vous pour continuer", "Mot de passe", "Code de vérification", "Numéro de carte", "Cryptogramme visuel", "Code postal", "Code promo", "Nom complet", "Longueur minimale du mot de passe", "Nombre maximal de jetons"),
    "ru": ("Войдите, чтобы продолжить", "Пароль", "Код подтверждения", "Номер карты", "CVV-код", "Почтовый индекс", "Промокод", "Полное имя", "Минимальная длина пароля", "Максимальное количество токенов"),
    "pt": ("Entre para continuar", "Senha", "Código de verificação", "Número do cartão", "Código de segurança do cartão", "CEP", "Código promocional", "Nome completo", "Comprimento mínimo da senha", "Número máximo de tokens"),
    "it": ("Accedi per continuare", "Password", "Codice di verifica", "Numero della carta", "Codice di sicurezza della carta (CVV)", "Codice postale", "Codice promozionale", "Nome completo", "Lunghezza minima della password", "Numero massimo di token"),
    "nl": ("Log in om door te gaan", "Wachtwoord", "Verificatiecode", "Kaartnummer", "Kaartverificatiecode (CVC)", "Postcode", "Kortingscode", "Volledige naam", "Minimale wachtwoordlengte", "Maximaal aantal tokens"),
    "pl": ("Zaloguj się, aby kontynuować", "Hasło", "Kod weryfikacyjny", "Numer karty", "Kod CVV", "Kod pocztowy", "Kod rabatowy", "Imię i nazwisko", "Minimalna długość hasła", "Maksymalna liczba tokenów"),
    "tr": ("Devam etmek için giriş yapın", "Şifre", "Doğrulama kodu", "Kart numarası", "Güvenlik kodu (CVV)", "Posta kodu", "İndirim kodu", "Ad soyad", "Minimum şifre uzunluğu", "Maksimum token sayısı"),
    "fa": ("برای ادامه وارد شوید", "رمز عبور", "کد تأیید", "شماره کارت", "کد CVV2", "کد پستی", "کد تخفیف", "نام کامل", "حداقل طول رمز عبور", "حداکثر تعداد توکن"),
    "zh-Hans": ("请登录以继续", "密码", "验证码", "银行卡号", "安全码（卡背面三位数）", "邮政编码", "优惠码", "姓名", "密码最小长度", "最大令牌数"),
    "zh-Hant": ("請登入以繼續", "密碼", "驗證碼", "卡號", "安全碼", "郵遞區號", "優惠碼", "姓名", "密碼最小長度", "最大權杖數"),
    "vi": ("Đăng nhập để tiếp tục", "Mật khẩu", "Mã xác thực", "Số thẻ", "Mã bảo mật thẻ (CVV)", "Mã bưu chính", "Mã khuyến mãi", "Họ và tên", "Độ dài tối thiểu của mật khẩu", "Số token tối đa"),
    "id": ("Masuk untuk melanjutkan", "Kata sandi", "Kode verifikasi", "Nomor kartu", "Kode CVV", "Kode pos", "Kode promo", "Nama lengkap", "Panjang minimum kata sandi", "Jumlah token maksimum"),
    "cs": ("Pro pokračování se přihlaste", "Heslo", "Ověřovací kód", "Číslo karty", "Kód CVV", "PSČ", "Slevový kód", "Celé jméno", "Minimální délka hesla", "Maximální počet tokenů"),
    "ko": ("계속하려면 로그인하세요", "비밀번호", "인증번호", "카드 번호", "CVC 번호 (카드 뒷면 3자리)", "우편번호", "할인 코드", "이름", "비밀번호 최소 길이", "최대 토큰 수"),
    "uk": ("Увійдіть, щоб продовжити", "Пароль", "Код підтвердження", "Номер картки", "CVV-код", "Поштовий індекс", "Промокод", "Повне ім'я", "Мінімальна довжина пароля", "Максимальна кількість токенів"),
    "ar": ("سجّل الدخول للمتابعة", "كلمة المرور", "رمز التحقق", "رقم البطاقة", "رمز الأمان للبطاقة (CVV)", "الرمز البريدي", "رمز الخصم", "الاسم الكامل", "الحد الأدنى لطول كلمة المرور", "الحد الأقصى لعدد الرموز"),
    "el": ("Συνδεθείτε για να συνεχίσετε", "Κωδικός πρόσβασης", "Κωδικός επαλήθευσης", "Αριθμός κάρτας", "Κωδικός CVV", "Ταχυδρομικός κώδικας", "Κωδικός προσφοράς", "Ονοματεπώνυμο", "Ελάχιστο μήκος κωδικού πρόσβασης", "Μέγιστος αριθμός tokens"),
    "hu": ("A folytatáshoz jelentkezzen be", "Jelszó", "Ellenőrző kód", "Kártyaszám", "CVC kód", "Irányítószám", "Kuponkód", "Teljes név", "Jelszó minimális hossza", "Tokenek maximális száma"),
    "sv": ("Logga in för att fortsätta", "Lösenord", "Verifieringskod", "Kortnummer", "Säkerhetskod (CVC)", "Postnummer", "Rabattkod", "Fullständigt namn", "Minsta lösenordslängd", "Max antal tokens"),
    "ro": ("Conectați-vă pentru a continua", "Parolă", "Cod de verificare", "Numărul cardului", "Codul CVV", "Cod poștal", "Cod promoțional", "Nume complet", "Lungimea minimă a parolei", "Numărul maxim de tokenuri"),
    "he": ("התחבר כדי להמשיך", "סיסמה", "קוד אימות", "מספר כרטיס", "3 ספרות בגב הכרטיס", "מיקוד", "קוד קופון", "שם מלא", "אורך סיסמה מינימלי", "מספר טוקנים מרבי"),
    "da": ("Log ind for at fortsætte", "Adgangskode", "Bekræftelseskode", "Kortnummer", "Kontrolcifre (CVC)", "Postnummer", "Rabatkode", "Fulde navn", "Mindste længde på adgangskode", "Maksimalt antal tokens"),
    "th": ("เข้าสู่ระบบเพื่อดำเนินการต่อ", "รหัสผ่าน", "รหัสยืนยัน", "หมายเลขบัตร", "รหัส CVV", "รหัสไปรษณีย์", "โค้ดส่วนลด", "ชื่อ-นามสกุล", "ความยาวขั้นต่ำของรหัสผ่าน", "จำนวนโทเค็นสูงสุด"),
    "sk": ("Pre pokračovanie sa prihláste", "Heslo", "Overovací kód", "Číslo karty", "Kód CVV", "PSČ", "Zľavový kód", "Celé meno", "Minimálna dĺžka hesla", "Maximálny počet tokenov"),
    "fi": ("Jatka kirjautumalla sisään", "Salasana", "Vahvistuskoodi", "Kortin numero", "Turvakoodi (CVV)", "Postinumero", "Alennuskoodi", "Koko nimi", "Salasanan vähimmäispituus", "Tokenien enimmäismäärä"),
    "bg": ("Влезте, за да продължите", "Парола", "Код за потвърждение", "Номер на карта", "CVV код", "Пощенски код", "Промо код", "Пълно име", "Минимална дължина на паролата", "Максимален брой токени"),
    "sr": ("Пријавите се да бисте наставили", "Лозинка", "Верификациони код", "Број картице", "CVV код", "Поштански број", "Промо код", "Име и презиме", "Минимална дужина лозинке", "Максималан број токена"),
    "nb": ("Logg inn for å fortsette", "Passord", "Bekreftelseskode", "Kortnummer", "Sikkerhetskode (CVC)", "Postnummer", "Rabattkode", "Fullt navn", "Minste passordlengde", "Maks antall tokens"),
    "hr": ("Prijavite se za nastavak", "Lozinka", "Kod za potvrdu", "Broj kartice", "CVV kod", "Poštanski broj", "Promotivni kod", "Ime i prezime", "Minimalna duljina lozinke", "Najveći broj tokena"),
    "lt": ("Prisijunkite, kad tęstumėte", "Slaptažodis", "Patvirtinimo kodas", "Kortelės numeris", "CVV kodas", "Pašto kodas", "Nuolaidos kodas", "Vardas ir pavardė", "Mažiausias slaptažodžio ilgis", "Didžiausias žetonų skaičius"),
    "sl": ("Za nadaljevanje se prijavite", "Geslo", "Potrditvena koda", "Številka kartice", "Koda CVV", "Poštna številka", "Promocijska koda", "Ime in priimek", "Najmanjša dolžina gesla", "Največje število žetonov"),
    "ca": ("Inicia la sessió per continuar", "Contrasenya", "Codi de verificació", "Número de targeta", "Codi de seguretat (CVV)", "Codi postal", "Codi promocional", "Nom complet", "Longitud mínima de la contrasenya", "Nombre màxim de tokens"),
    "et": ("Jätkamiseks logige sisse", "Parool", "Kinnituskood", "Kaardi number", "CVV-kood", "Sihtnumber", "Sooduskood", "Täisnimi", "Parooli minimaalne pikkus", "Tokenite maksimaalne arv"),
    "lv": ("Piesakieties, lai turpinātu", "Parole", "Verifikācijas kods", "Kartes numurs", "CVV kods", "Pasta indekss", "Atlaides kods", "Vārds un uzvārds", "Minimālais paroles garums", "Maksimālais žetonu skaits"),
    "hi": ("जारी रखने के लिए लॉग इन करें", "पासवर्ड", "सत्यापन कोड", "कार्ड नंबर", "सीवीवी (कार्ड के पीछे के 3 अंक)", "पिन कोड (डाक)", "प्रोमो कोड", "पूरा नाम", "पासवर्ड की न्यूनतम लंबाई", "अधिकतम टोकन संख्या"),
    "bn": ("চালিয়ে যেতে লগ ইন করুন", "পাসওয়ার্ড", "যাচাইকরণ কোড", "কার্ড নম্বর", "CVV কোড", "পোস্টাল কোড", "প্রোমো কোড", "পুরো নাম", "পাসওয়ার্ডের সর্বনিম্ন দৈর্ঘ্য", "সর্বাধিক টোকেন সংখ্যা"),
    "ms": ("Log masuk untuk meneruskan", "Kata laluan", "Kod pengesahan", "Nombor kad", "Kod CVV", "Poskod", "Kod promosi", "Nama penuh", "Panjang minimum kata laluan", "Bilangan token maksimum"),
    "az": ("Davam etmək üçün daxil olun", "Şifrə", "Təsdiq kodu", "Kart nömrəsi", "CVV kodu", "Poçt indeksi", "Promo kod", "Tam ad", "Şifrənin minimum uzunluğu", "Maksimum token sayı"),
    "ka": ("გასაგრძელებლად შედით სისტემაში", "პაროლი", "დადასტურების კოდი", "ბარათის ნომერი", "CVV კოდი", "საფოსტო ინდექსი", "ფასდაკლების კოდი", "სრული სახელი", "პაროლის მინიმალური სიგრძე", "ტოკენების მაქსიმალური რაოდენობა"),
    "bs": ("Prijavite se da nastavite", "Lozinka", "Verifikacijski kod", "Broj kartice", "CVV kod", "Poštanski broj", "Promo kod", "Ime i prezime", "Minimalna dužina lozinke", "Maksimalan broj tokena"),
    "kk": ("Жалғастыру үшін жүйеге кіріңіз", "Құпиясөз", "Растау коды", "Карта нөмірі", "CVV коды", "Пошта индексі", "Промокод", "Толық аты-жөні", "Құпиясөздің ең аз ұзындығы", "Токендердің ең көп саны"),
    "ta": ("தொடர உள்நுழையவும்", "கடவுச்சொல்", "சரிபார்ப்புக் குறியீடு", "அட்டை எண்", "CVV குறியீடு", "அஞ்சல் குறியீடு", "விளம்பரக் குறியீடு", "முழுப் பெயர்", "கடவுச்சொல்லின் குறைந்தபட்ச நீளம்", "அதிகபட்ச டோக்கன்களின் எண்ணிக்கை"),
    "ur": ("جاری رکھنے کے لیے لاگ ان کریں", "پاس ورڈ", "تصدیقی کوڈ", "کارڈ نمبر", "CVV کوڈ", "پوسٹل کوڈ", "پرومو کوڈ", "پورا نام", "پاس ورڈ کی کم از کم لمبائی", "ٹوکنز کی زیادہ سے زیادہ تعداد"),
    "hy": ("Շարունակելու համար մուտք գործեք", "Գաղտնաբառ", "Հաստատման կոդ", "Քարտի համար", "CVV կոդ", "Փոստային ինդեքս", "Զեղչի կոդ", "Անուն ազգանուն", "Գաղտնաբառի նվազագույն երկարություն", "Թոքենների առավելագույն քանակ"),
    "sq": ("Identifikohuni për të vazhduar", "Fjalëkalimi", "Kodi i verifikimit", "Numri i kartës", "Kodi CVV", "Kodi postar", "Kodi promocional", "Emri i plotë", "Gjatësia minimale e fjalëkalimit", "Numri maksimal i tokenëve"),
    "is": ("Skráðu þig inn til að halda áfram", "Lykilorð", "Staðfestingarkóði", "Kortanúmer", "CVC-kóði", "Póstnúmer", "Afsláttarkóði", "Fullt nafn", "Lágmarkslengd lykilorðs", "Hámarksfjöldi tóka"),
    "mk": ("Најавете се за да продолжите", "Лозинка", "Код за потврда", "Број на картичка", "CVV код", "Поштенски број", "Промо код", "Име и презиме", "Минимална должина на лозинката", "Максимален број токени"),
    "tl": ("Mag-sign in para magpatuloy", "Password", "Verification code", "Numero ng card", "CVV code", "Postal code", "Promo code", "Buong pangalan", "Pinakamaikling haba ng password", "Pinakamaraming bilang ng token"),
    "be": ("Увайдзіце, каб працягнуць", "Пароль", "Код пацвярджэння", "Нумар карткі", "CVV-код", "Паштовы індэкс", "Прамакод", "Поўнае імя", "Мінімальная даўжыня пароля", "Максімальная колькасць токенаў"),
    "gl": ("Inicia sesión para continuar", "Contrasinal", "Código de verificación", "Número da tarxeta", "Código de seguridade (CVV)", "Código postal", "Código promocional", "Nome completo", "Lonxitude mínima do contrasinal", "Número máximo de tokens"),
    "eu": ("Hasi saioa jarraitzeko", "Pasahitza", "Egiaztapen-kodea", "Txartelaren zenbakia", "CVV kodea", "Posta-kodea", "Promozio-kodea", "Izen osoa", "Pasahitzaren gutxieneko luzera", "Token kopuru maximoa"),
    "mn": ("Үргэлжлүүлэхийн тулд нэвтэрнэ үү", "Нууц үг", "Баталгаажуулах код", "Картын дугаар", "CVV код", "Шуудангийн код", "Урамшууллын код", "Бүтэн нэр", "Нууц үгийн хамгийн бага урт", "Токены дээд тоо"),
    "uz": ("Davom etish uchun tizimga kiring", "Parol", "Tasdiqlash kodi", "Karta raqami", "CVV kodi", "Pochta indeksi", "Promokod", "To'liq ism", "Parolning minimal uzunligi", "Tokenlarning maksimal soni"),
    "sw": ("Ingia ili kuendelea", "Nenosiri", "Nambari ya uthibitisho", "Namba ya kadi", "Msimbo wa CVV", "Msimbo wa posta", "Msimbo wa ofa", "Jina kamili", "Urefu wa chini wa nenosiri", "Idadi ya juu ya tokeni"),
    "af": ("Meld aan om voort te gaan", "Wagwoord", "Verifikasiekode", "Kaartnommer", "CVV-kode", "Poskode", "Promosiekode", "Volle naam", "Minimum wagwoordlengte", "Maksimum aantal tokens"),
    "ml": ("തുടരാൻ സൈൻ ഇൻ ചെയ്യുക", "പാസ്‌വേഡ്", "സ്ഥിരീകരണ കോഡ്", "കാർഡ് നമ്പർ", "CVV കോഡ്", "തപാൽ കോഡ്", "പ്രൊമോ കോഡ്", "മുഴുവൻ പേര്", "പാസ്‌വേഡിന്റെ കുറഞ്ഞ നീളം", "പരമാവധി ടോക്കണുകളുടെ എണ്ണം"),
    "mr": ("सुरू ठेवण्यासाठी लॉग इन करा", "पासवर्ड", "पडताळणी कोड", "कार्ड क्रमांक", "CVV कोड", "पोस्ट कोड", "प्रोमो कोड", "पूर्ण नाव", "पासवर्डची किमान लांबी", "कमाल टोकन संख्या"),
    "te": ("కొనసాగించడానికి సైన్ ఇన్ చేయండి", "పాస్‌వర్డ్", "ధృవీకరణ కోడ్", "కార్డ్ సంఖ్య", "CVV కోడ్", "పోస్టల్ కోడ్", "ప్రోమో కోడ్", "పూర్తి పేరు", "పాస్‌వర్డ్ కనిష్ఠ పొడవు", "గరిష్ఠ టోకెన్ల సంఖ్య"),
    "kn": ("ಮುಂದುವರಿಯಲು ಸೈನ್ ಇನ್ ಮಾಡಿ", "ಪಾಸ್‌ವರ್ಡ್", "ಪರಿಶೀಲನಾ ಕೋಡ್", "ಕಾರ್ಡ್ ಸಂಖ್ಯೆ", "CVV ಕೋಡ್", "ಅಂಚೆ ಸಂಖ್ಯೆ", "ಪ್ರೋಮೋ ಕೋಡ್", "ಪೂರ್ಣ ಹೆಸರು", "ಪಾಸ್‌ವರ್ಡ್‌ನ ಕನಿಷ್ಠ ಉದ್ದ", "ಗರಿಷ್ಠ ಟೋಕನ್‌ಗಳ ಸಂಖ್ಯೆ"),
    "gu": ("ચાલુ રાખવા માટે સાઇન ઇન કરો", "પાસવર્ડ", "ચકાસણી કોડ", "કાર્ડ નંબર", "CVV કોડ", "પોસ્ટલ કોડ", "પ્રોમો કોડ", "પૂરું નામ", "પાસવર્ડની ન્યૂનતમ લંબાઈ", "મહત્તમ ટોકન સંખ્યા"),
    "pa": ("ਜਾਰੀ ਰੱਖਣ ਲਈ ਸਾਈਨ ਇਨ ਕਰੋ", "ਪਾਸਵਰਡ", "ਪੁਸ਼ਟੀਕਰਨ ਕੋਡ", "ਕਾਰਡ ਨੰਬਰ", "CVV ਕੋਡ", "ਡਾਕ ਕੋਡ", "ਪ੍ਰੋਮੋ ਕੋਡ", "ਪੂਰਾ ਨਾਮ", "ਪਾਸਵਰਡ ਦੀ ਘੱਟੋ-ਘੱਟ ਲੰਬਾਈ", "ਵੱਧ ਤੋਂ ਵੱਧ ਟੋਕਨ ਗਿਣਤੀ"),
    "ne": ("जारी राख्न लग इन गर्नुहोस्", "पासवर्ड", "प्रमाणीकरण कोड", "कार्ड नम्बर", "CVV कोड", "हुलाक कोड", "प्रोमो कोड", "पूरा नाम", "पासवर्डको न्यूनतम लम्बाइ", "अधिकतम टोकन संख्या"),
    "si": ("ඉදිරියට යාමට පුරනය වන්න", "මුරපදය", "සත්‍යාපන කේතය", "කාඩ්පත් අංකය", "CVV කේතය", "තැපැල් කේතය", "ප්‍රවර්ධන කේතය", "සම්පූර්ණ නම", "මුරපදයේ අවම දිග", "උපරිම ටෝකන ගණන"),
    "km": ("ចូលគណនីដើម្បីបន្ត", "ពាក្យសម្ងាត់", "លេខកូដផ្ទៀងផ្ទាត់", "លេខកាត", "លេខកូដ CVV", "លេខកូដប្រៃសណីយ៍", "លេខកូដបញ្ចុះតម្លៃ", "ឈ្មោះពេញ", "ប្រវែងអប្បបរមានៃពាក្យសម្ងាត់", "ចំនួនថូខឹនអតិបរមា"),
    "my": ("ဆက်လက်ရန် အကောင့်ဝင်ပါ", "စကားဝှက်", "အတည်ပြုကုဒ်", "ကတ်နံပါတ်", "CVV ကုဒ်", "စာပို့သင်္ကေတ", "ပရိုမိုကုဒ်", "အမည်အပြည့်အစုံ", "စကားဝှက်အနည်းဆုံးအရှည်", "တိုကင်အများဆုံးအရေအတွက်"),
    "lo": ("ເຂົ້າສູ່ລະບົບເພື່ອສືບຕໍ່", "ລະຫັດຜ່ານ", "ລະຫັດຢືນຢັນ", "ເລກບັດ", "ລະຫັດ CVV", "ລະຫັດໄປສະນີ", "ລະຫັດສ່ວນຫຼຸດ", "ຊື່ເຕັມ", "ຄວາມຍາວຕໍ່າສຸດຂອງລະຫັດຜ່ານ", "ຈຳນວນໂທເຄັນສູງສຸດ"),
    "cy": ("Mewngofnodwch i barhau", "Cyfrinair", "Cod dilysu", "Rhif y cerdyn", "Cod CVV", "Cod post", "Cod hyrwyddo", "Enw llawn", "Hyd lleiaf y cyfrinair", "Uchafswm tocynnau"),
    "ga": ("Sínigh isteach chun leanúint ar aghaidh", "Pasfhocal", "Cód fíoraithe", "Uimhir an chárta", "Cód CVV", "Cód poist", "Cód bolscaireachta", "Ainm iomlán", "Fad íosta an phasfhocail", "Uaslíon na dtocán"),
    "am": ("ለመቀጠል ይግቡ", "የይለፍ ቃል", "የማረጋገጫ ኮድ", "የካርድ ቁጥር", "የCVV ኮድ", "የፖስታ ኮድ", "የቅናሽ ኮድ", "ሙሉ ስም", "የይለፍ ቃል ዝቅተኛ ርዝመት", "ከፍተኛ የቶከን ብዛት"),
}

# The 27 plain requests the lexicon of a dozen languages let through (issue 11), as written there.
ISSUE_CASES: list[tuple[str, str, str, str, str]] = [
    # (lang, message, field name, field title, field type)
    ("ro", "Autentificare necesară.", "field1", "Introduceți parola", "string"),
    ("hr", "Potrebna je prijava.", "field1", "Unesite lozinku", "string"),
    ("sr", "Потребна је пријава.", "field1", "Унесите лозинку", "string"),
    ("bg", "Необходимо е влизане.", "field1", "Въведете паролата си", "string"),
    ("lt", "Reikia prisijungti.", "field1", "Įveskite slaptažodį", "string"),
    ("lv", "Nepieciešama pieteikšanās.", "field1", "Ievadiet paroli", "string"),
    ("et", "Sisselogimine on vajalik.", "field1", "Sisestage oma parool", "string"),
    ("sl", "Potrebna je prijava.", "field1", "Vnesite geslo", "string"),
    ("ca", "Cal iniciar la sessió.", "field1", "Introduïu la vostra contrasenya", "string"),
    ("sw", "Unahitaji kuingia.", "field1", "Weka nenosiri lako", "string"),
    ("ms", "Log masuk diperlukan.", "field1", "Masukkan kata laluan anda", "string"),
    ("fa", "ورود لازم است.", "field1", "رمز عبور خود را وارد کنید", "string"),
    ("bn", "লগ ইন প্রয়োজন।", "field1", "আপনার পাসওয়ার্ড লিখুন", "string"),
    ("ta", "உள்நுழைவு தேவை.", "field1", "உங்கள் கடவுச்சொல்லை உள்ளிடவும்", "string"),
    ("ka", "საჭიროა შესვლა.", "field1", "შეიყვანეთ თქვენი პაროლი", "string"),
    ("ko", "로그인이 필요합니다.", "field1", "패스워드를 입력하세요", "string"),
    ("th", "ต้องเข้าสู่ระบบ", "field1", "กรอกพาสเวิร์ดของคุณ", "string"),
    ("hi", "लॉग इन आवश्यक है।", "field1", "अपना पासवर्ड दर्ज करें", "string"),
    ("vi", "Cần đăng nhập.", "field1", "Nhập mật khẩu của bạn", "string"),
    ("he", "נדרשת התחברות.", "field1", "הזן את הסיסמה שלך", "string"),
    ("pl", "Wymagane logowanie.", "field1", "Wpisz swoje hasło", "string"),
    ("en", "Enter the code that just arrived by text message.", "value", "Code", "string"),
    ("en", "Connect your Tavily account.", "tavily", "Tavily key", "string"),
    ("en", "Authenticate with Hugging Face.", "value", "Token (starts with hf_...)", "string"),
    ("en", "Log in to the router admin.", "userpwd", "", "string"),
    ("en", "Complete your purchase.", "pan", "PAN", "string"),
    ("en", "Complete your purchase.", "check", "The 3-digit code on the back", "string"),
]


def _form(case_id: str, label: str, lang: str, why: str, message: str, fields: dict[str, dict[str, object]]) -> dict[str, object]:
    return {"id": case_id, "label": label, "lang": lang, "why": why, "params": {
        "mode": "form", "message": message,
        "requestedSchema": {"type": "object", "properties": fields, "required": list(fields)}}}


def cases() -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for lang, row in L.items():
        t = dict(zip(COLUMNS, row))
        name = {"type": "string", "title": t["name"]}
        for concept in ("password", "otp", "card", "cvv"):
            out.append(_form(f"ml-{lang}-{concept}", "credential", lang, f"{concept} asked by its title, neutral field name",
                             t["login"], {"full_name": name, "value": {"type": "string", "title": t[concept]}}))
        out.append(_form(f"ml-{lang}-password-desc", "credential", lang, "password only in the description",
                         t["login"], {"field1": {"type": "string", "title": "1", "description": t["password"]}}))
        out.append(_form(f"ml-{lang}-card-message", "credential", lang, "card number asked in the message, neutral field",
                         t["card"], {"value": {"type": "string"}}))
        for concept, kind in (("postal", "string"), ("promo", "string"), ("name", "string"), ("pwlen", "integer"),
                              ("tokens", "integer")):
            out.append(_form(f"ml-{lang}-{concept}", "benign", lang, f"look-alike: {concept}",
                             t["login"] if concept in ("pwlen",) else t["name"],
                             {"value": {"type": kind, "title": t[concept]}}))
    for i, (lang, message, field, title, kind) in enumerate(ISSUE_CASES, 1):
        prop: dict[str, object] = {"type": kind}
        if title:
            prop["title"] = title
        out.append(_form(f"ml-issue-{i:02d}", "credential", lang, "a request the old word lists let through (issue 11)",
                         message, {field: prop}))
    return out


if __name__ == "__main__":
    path = Path(__file__).with_name("multilingual_forms.jsonl")
    path.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases()), encoding="utf-8")
    print(f"{path}: {len(cases())} cases in {len(L)} languages")
