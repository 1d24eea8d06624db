"""Hand-written additions to the lexicon, kept as code so they can be reviewed in one place; build.py
writes them to policies/lexicon/extra.tsv. Each entry says where the word comes from: a loanword, the
wording of a widely used sign-in, bank or wallet screen in that language, or an inflected stem of a
catalog term (languages that decline nouns: "пароля", "slaptažodį")."""

from __future__ import annotations

# concept -> source note -> {language: "term | term | ..."}; a term may end in "=word", "=prefix"
# or "=infix" to set its match mode (default: build.default_mode).
EXTRA: dict[str, dict[str, dict[str, str]]] = {
    "password": {
        "sign-in screens as written in that language (session 27b): loanwords, 'secret word', passphrase, passcode": {
            "am": "ፓስወርድ | ሚስጥራዊ ቃል", "ar": "باسورد", "fa": "پسورد", "fi": "tunnussana | salalause", "ja": "パスコード",
            "mn": "пассворд", "my": "ပတ်စ်ဝေါ့ဒ်", "si": "පාස්වර්ඩ්", "xh": "igama eliyimfihlo",
            "zu": "igama-mfihlo | igama eliyimfihlo", "yo": "ọrọ igbaniwọle | ọrọ aṣínà", "zh-Hant": "通行碼",
            "fil": "lihim na salita", "es": "clave de internet | clave internet", "tg": "калимаи махфӣ",
        },
        "loanword or everyday spelling": {
            "ko": "패스워드", "th": "พาสเวิร์ด | รหัสผ่าน", "ja": "パスワード | 暗証番号=infix", "hi": "पासवर्ड | पास वर्ड",
            "bn": "পাসওয়ার্ড", "ta": "பாஸ்வேர்டு | கடவுச்சொல்", "te": "పాస్‌వర్డ్ | పాస్ వర్డ్", "ml": "പാസ്‌വേഡ്",
            "mr": "पासवर्ड", "gu": "પાસવર્ડ", "pa": "ਪਾਸਵਰਡ", "ne": "पासवर्ड", "ur": "پاس ورڈ",
            "sw": "nenosiri | neno la siri | nywila", "ms": "kata laluan | katalaluan", "id": "kata sandi | katasandi",
            "fa": "رمز عبور | کلمه عبور | گذرواژه", "he": "סיסמא | סיסמה", "ar": "كلمة المرور | كلمة السر",
            "vi": "mật khẩu | mat khau=word", "tl": "password", "ka": "პაროლ=prefix", "hy": "գաղտնաբառ",
            "km": "ពាក្យសម្ងាត់", "my": "စကားဝှက်", "lo": "ລະຫັດຜ່ານ", "si": "මුරපදය", "am": "የይለፍ ቃል",
            "mn": "нууц үг", "kk": "құпиясөз", "uz": "parol", "az": "şifrə | parol", "sq": "fjalëkalim",
            "el": "κωδικό πρόσβασης | κωδικού πρόσβασης | συνθηματικό", "zh-Hans": "密码 | 口令=infix",
            "zh-Hant": "密碼", "cy": "cyfrinair", "ga": "pasfhocal", "eu": "pasahitz", "gl": "contrasinal",
            "kn": "ಪಾಸ್‌ವರ್ಡ್", "af": "wagwoord", "is": "lykilorð", "bs": "lozink=prefix", "mk": "лозинк=prefix",
            "be": "пароль",
        },
        "inflected stem of a catalog term": {
            "ru": "парол=prefix", "uk": "парол=prefix", "bg": "парол=prefix", "sr": "лозинк=prefix",
            "sr-Latn": "lozink=prefix", "hr": "lozink=prefix | zapork=prefix", "sl": "gesl=prefix",
            "lt": "slaptažod=prefix", "lv": "paroli=word", "hu": "jelszav=infix | jelszó=infix", "pl": "hasł=prefix | haseł=prefix",
            "cs": "hesl=prefix", "sk": "hesl=prefix", "ro": "parol=prefix", "tr": "şifre=prefix | parolanız | parolası",
            "fi": "salasan=infix", "et": "parool=infix | salasõna=infix", "el": "κωδικ=word",
        },
    },
    "pin": {
        "card and ATM screens (session 27b): 'personal identification number' spelled out, 'secret number', ATM PIN": {
            "en": "personal identification number", "es": "clave del cajero | clave de cajero",
            "fr": "numéro d'identification personnel", "af": "persoonlike identifikasienommer", "zh-Hans": "个人识别码",
            "am": "የፒን ቁጥር | ሚስጥር ቁጥር", "hy": "պին կոդ", "ka": "პინ კოდი", "lo": "ລະຫັດພິນ",
            "my": "လျှို့ဝှက်နံပါတ် | လျှို့ဝှက်ကုဒ်", "ta": "ஏடிஎம் பின்", "tg": "рамзи корт",
            "xh": "inombolo eyimfihlo", "zu": "inombolo eyimfihlo",
        },
        "card and phone screens": {
            "es": "código pin | número pin", "pt": "código pin | senha do cartão", "fr": "code pin | code confidentiel",
            "de": "pin-nummer | geheimzahl | pin code", "it": "codice pin", "ru": "пин-код | пинкод | пин код | pin-код",
            "uk": "пін-код | пін код", "pl": "kod pin | numer pin", "tr": "pin kodu | şifre kodu", "nl": "pincode",
            "zh-Hans": "pin码 | pin 码", "zh-Hant": "pin碼", "ja": "暗証番号 | pinコード", "ko": "pin 번호 | 핀번호 | 핀 번호",
            "vi": "mã pin", "id": "nomor pin | kode pin", "ms": "nombor pin", "th": "รหัส pin | รหัสพิน", "ar": "رمز pin | الرقم السري",
            "fa": "رمز دوم | کد پین", "he": "קוד סודי", "hi": "पिन नंबर | पिन कोड", "sw": "namba ya siri",
            "el": "κωδικός pin", "hu": "pin-kód", "cs": "pin kód", "sv": "pin-kod | pinkod", "da": "pinkode",
            "nb": "pin-kode | pinkode", "fi": "pin-koodi | tunnusluku", "ro": "cod pin", "bg": "пин код",
            "sr": "пин код", "hr": "pin kod", "ka": "pin კოდი", "bn": "পিন নম্বর",
        },
    },
    "otp": {
        "sign-in and bank screens (session 27b): verification, confirmation, one-time and SMS codes": {
            "af": "bevestigingskode", "am": "ኦቲፒ", "az": "tesdiq kodu", "be": "аднаразовы код | праверачны код",
            "bg": "код за верификация", "bn": "এসএমএস কোড | নিশ্চিতকরণ কোড", "cy": "cod untro | cod diogelwch",
            "el": "κωδικός ασφαλείας | kwdikos epalitheusis | kodikos epalitheusis", "es": "clave de seguridad",
            "eu": "behin erabiltzeko kode | berrespen-kode | segurtasun-kode", "fa": "کد پیامکی | کد احراز هویت",
            "fi": "tekstiviestikoodi | varmistuskoodi", "fil": "kodigo ng pagpapatunay",
            "ga": "cód aonuaire | cód slándála", "gl": "código dun só uso | código de confirmación",
            "gu": "વેરિફિકેશન કોડ | પુષ્ટિ કોડ", "ha": "lambar tantancewa",
            "hi": "पुष्टि कोड | वेरिफिकेशन कोड | एसएमएस कोड", "hr": "potvrdni kod", "hu": "aláírási kód",
            "hy": "միանգամյա կոդ", "ig": "koodu nkwenye", "is": "einnota kóði | öryggiskóði | auðkenniskóði",
            "ja": "認証番号", "ka": "ვერიფიკაციის კოდი", "kk": "тексеру коды", "km": "លេខកូដបញ្ជាក់",
            "kn": "ದೃಢೀಕರಣ ಕೋಡ್", "ky": "бир жолку код | текшерүү коду", "lb": "eemolege code | verifikatiounscode",
            "ml": "വെരിഫിക്കേഷൻ കോഡ്", "mr": "पुष्टीकरण कोड", "my": "တစ်ကြိမ်သုံးကုဒ်", "mt": "kodiċi ta' sigurtà",
            "ne": "पुष्टि कोड | भेरिफिकेसन कोड | एसएमएस कोड", "nl": "inlogcode", "no": "kode fra kodebrikke",
            "pa": "ਤਸਦੀਕ ਕੋਡ | ਵੈਰੀਫਿਕੇਸ਼ਨ ਕੋਡ", "ps": "د تصدیق کوډ | یو ځلي کوډ", "pt": "código de autenticação",
            "ru": "код из push | код из пуш", "sq": "kodi njëpërdorimësh", "sw": "msimbo wa mara moja",
            "ta": "உறுதிப்படுத்தல் குறியீடு | சரிபார்ப்பு குறியீடு", "te": "నిర్ధారణ కోడ్ | ఓటిపి",
            "tg": "рамзи яккаратаина", "tk": "tassyklama kody | birgezeklik kod", "ur": "ایس ایم ایس کوڈ",
            "uz": "тасдиқлаш коди", "xh": "ikhowudi yokuqinisekisa", "yo": "koodu ijẹrisi", "zh-Hant": "認證碼",
            "zu": "ikhodi yokungena",
        },
        "sign-in and bank screens": {
            "es": "código de verificación | código de un solo uso | código de seguridad | código de acceso | código otp | clave dinámica | código que te enviamos | código por sms",
            "pt": "código de verificação | código de confirmação | código de segurança | código otp | código de acesso | código enviado por sms",
            "fr": "code de vérification | code de confirmation | code à usage unique | code sms | code reçu par sms | code de sécurité",
            "de": "bestätigungscode | verifizierungscode | sicherheitscode | einmalcode | einmalpasswort | tan-nummer | sms-code",
            "it": "codice di verifica | codice di conferma | codice otp | codice di sicurezza | codice monouso | codice sms",
            "ru": "код подтверждения | код из смс | код из sms | одноразовый код | проверочный код | код безопасности | смс-код | смс код",
            "uk": "код підтвердження | код з смс | код із смс | одноразовий код | перевірочний код",
            "pl": "kod weryfikacyjny | kod sms | kod jednorazowy | kod autoryzacyjny | kod potwierdzający | kod bezpieczeństwa",
            "nl": "verificatiecode | bevestigingscode | sms-code | eenmalige code | beveiligingscode",
            "tr": "doğrulama kodu | onay kodu | tek kullanımlık kod | sms kodu | güvenlik kodu",
            "zh-Hans": "验证码 | 校验码 | 动态码 | 短信码 | 动态密码", "zh-Hant": "驗證碼 | 簡訊驗證碼 | 動態密碼",
            "ja": "認証コード | 確認コード | ワンタイムパスワード | セキュリティコード", "ko": "인증번호 | 인증 번호 | 인증코드 | 인증 코드 | 확인 코드 | 일회용 비밀번호 | 보안 코드 | otp 번호",
            "vi": "mã xác thực | mã xác minh | mã otp | mã xác nhận | mã bảo mật", "id": "kode verifikasi | kode otp | kode konfirmasi | kode keamanan",
            "ms": "kod pengesahan | kod otp | kod keselamatan", "th": "รหัสยืนยัน | รหัส otp | รหัสความปลอดภัย | รหัสผ่านครั้งเดียว",
            "ar": "رمز التحقق | رمز التأكيد | رمز التحقق لمرة واحدة | رمز الأمان | كود التحقق", "fa": "کد تایید | کد تأیید | کد یکبار مصرف | رمز یکبار مصرف | کد امنیتی | رمز پویا",
            "he": "קוד אימות | קוד חד פעמי | קוד אבטחה", "hi": "सत्यापन कोड | ओटीपी | वन टाइम पासवर्ड | सुरक्षा कोड",
            "bn": "যাচাইকরণ কোড | ওটিপি | ভেরিফিকেশন কোড", "ta": "சரிபார்ப்புக் குறியீடு | ஓடிபி", "te": "ధృవీకరణ కోడ్ | ఓటీపీ",
            "mr": "पडताळणी कोड | ओटीपी", "ur": "تصدیقی کوڈ | او ٹی پی", "sw": "nambari ya uthibitisho | msimbo wa uthibitishaji | msimbo wa siri",
            "el": "κωδικός επαλήθευσης | κωδικός επιβεβαίωσης | κωδικός μίας χρήσης", "hu": "ellenőrző kód | megerősítő kód | egyszer használatos kód | biztonsági kód",
            "cs": "ověřovací kód | potvrzovací kód | jednorázový kód | bezpečnostní kód | sms kód", "sk": "overovací kód | potvrdzovací kód | jednorazový kód | bezpečnostný kód",
            "sv": "verifieringskod | bekräftelsekod | engångskod | säkerhetskod", "da": "bekræftelseskode | engangskode | sikkerhedskode",
            "nb": "bekreftelseskode | engangskode | sikkerhetskode | verifiseringskode", "fi": "vahvistuskoodi | kertakäyttökoodi | turvakoodi",
            "ro": "cod de verificare | cod de confirmare | cod unic | cod de securitate", "bg": "код за потвърждение | код за проверка | еднократен код",
            "sr": "верификациони код | код за потврду | једнократни код", "sr-Latn": "verifikacioni kod | kod za potvrdu | jednokratni kod",
            "hr": "verifikacijski kod | kôd za potvrdu | jednokratni kod | sigurnosni kod", "sl": "potrditvena koda | preverjalna koda | enkratna koda | varnostna koda",
            "lt": "patvirtinimo kodas | vienkartinis kodas | saugos kodas", "lv": "verifikācijas kods | apstiprinājuma kods | vienreizējais kods | drošības kods",
            "et": "kinnituskood | ühekordne kood | turvakood", "ca": "codi de verificació | codi de confirmació | codi d'un sol ús | codi de seguretat",
            "ka": "დადასტურების კოდი | ერთჯერადი კოდი", "hy": "հաստատման կոդ | ստուգման կոդ", "az": "təsdiq kodu | birdəfəlik kod",
            "kk": "растау коды | бір реттік код", "uz": "tasdiqlash kodi | bir martalik kod", "mn": "баталгаажуулах код | нэг удаагийн код",
            "be": "код пацвярджэння", "mk": "код за потврда | верификациски код", "sq": "kodi i verifikimit | kodi i konfirmimit",
            "bs": "verifikacijski kod | kod za potvrdu", "is": "staðfestingarkóði", "tl": "verification code | code na ipinadala",
            "gl": "código de verificación", "eu": "egiaztapen-kodea", "af": "verifikasiekode | eenmalige kode", "km": "លេខកូដផ្ទៀងផ្ទាត់",
            "my": "အတည်ပြုကုဒ်", "si": "සත්‍යාපන කේතය", "cy": "cod dilysu | cod cadarnhau", "ga": "cód fíoraithe | cód deimhnithe", "ne": "प्रमाणीकरण कोड", "kn": "ಪರಿಶೀಲನಾ ಕೋಡ್", "gu": "ચકાસણી કોડ", "pa": "ਪੁਸ਼ਟੀਕਰਨ ਕੋਡ", "ml": "സ്ഥിരീകരണ കോഡ്", "lo": "ລະຫັດຢືນຢັນ", "am": "የማረጋገጫ ኮድ",
        },
    },
    "api_key": {
        "developer consoles (session 27b): 'secret key' and 'API key' as each language writes them": {
            "ar": "مفتاح الواجهة البرمجية", "hi": "सीक्रेट की", "be": "сакрэтны ключ", "mk": "таен клуч",
            "gu": "ગુપ્ત કી", "kn": "ರಹಸ್ಯ ಕೀ", "ky": "купуя ачкыч", "lb": "geheime schlëssel", "lo": "ກະແຈລັບ",
            "ml": "രഹസ്യ കീ", "my": "လျှို့ဝှက်ကီး", "pa": "ਗੁਪਤ ਕੁੰਜੀ", "ps": "پټه کیلي", "ta": "ரகசிய விசை",
            "te": "రహస్య కీ", "km": "សោសម្ងាត់", "ig": "igodo nzuzo", "xh": "isitshixo esiyimfihlo",
            "yo": "kọkọrọ aṣiri",
        },
        "developer consoles": {
            "es": "clave de api | clave api | llave api | clave secreta", "pt": "chave de api | chave api | chave secreta", "fr": "clé api | clé d'api | clé secrète | cle api",
            "de": "api-schlüssel | api schlüssel | geheimer schlüssel | zugangsschlüssel", "it": "chiave api | chiave segreta", "ru": "api-ключ | ключ api | api ключ | секретный ключ | ключ доступа",
            "uk": "api-ключ | ключ api | секретний ключ | ключ доступу", "pl": "klucz api | klucz dostępu | tajny klucz", "nl": "api-sleutel | api sleutel | geheime sleutel | toegangssleutel",
            "tr": "api anahtarı | gizli anahtar | erişim anahtarı", "zh-Hans": "api密钥 | api 密钥 | 密钥 | 访问密钥 | 秘钥", "zh-Hant": "api金鑰 | api 金鑰 | 金鑰 | 密鑰",
            "ja": "apiキー | api キー | シークレットキー | アクセスキー", "ko": "api 키 | api키 | 시크릿 키 | 액세스 키 | 비밀 키", "vi": "khóa api | khoá api | khóa bí mật",
            "id": "kunci api | kunci rahasia", "ms": "kunci api | kunci rahsia", "th": "คีย์ api | คีย์ลับ", "ar": "مفتاح api | مفتاح واجهة برمجة التطبيقات | المفتاح السري",
            "fa": "کلید api | کلید ای‌پی‌آی | کلید مخفی", "he": "מפתח api | מפתח סודי", "hi": "एपीआई कुंजी | एपीआई की | गुप्त कुंजी", "bn": "এপিআই কী",
            "el": "κλειδί api | μυστικό κλειδί", "hu": "api-kulcs | api kulcs | titkos kulcs", "cs": "api klíč | klíč api | tajný klíč", "sk": "api kľúč | tajný kľúč",
            "sv": "api-nyckel | api nyckel | hemlig nyckel", "da": "api-nøgle | hemmelig nøgle", "nb": "api-nøkkel | hemmelig nøkkel", "fi": "api-avain | salainen avain",
            "ro": "cheie api | cheia api | cheie secretă", "bg": "api ключ | таен ключ", "sr": "апи кључ | api кључ | тајни кључ", "hr": "api ključ | tajni ključ", "sl": "api ključ | skrivni ključ",
            "lt": "api raktas | slaptas raktas", "lv": "api atslēga | slepenā atslēga", "et": "api võti | salajane võti", "ca": "clau api | clau secreta", "sw": "ufunguo wa api | ufunguo wa siri",
            "ka": "api გასაღები", "hy": "api բանալի", "az": "api açarı", "kk": "api кілті", "uz": "api kaliti", "be": "api-ключ", "mk": "api клуч", "sq": "çelësi api",
        },
    },
    "token": {
        "developer consoles (session 27b): 'access token' as each language writes it": {
            "ca": "testimoni d'accés", "et": "juurdepääsutõend | ligipääsutõend", "fa": "نشانه دسترسی",
            "is": "aðgangstóki", "lv": "piekļuves marķieri | piekļuves token", "zh-Hans": "访问凭证",
        },
        "developer consoles": {
            "es": "token de acceso | token de api", "pt": "token de acesso | token de api", "fr": "jeton d'accès | jeton d'api | jeton d'authentification",
            "de": "zugriffstoken | zugangstoken | api-token", "it": "token di accesso", "ru": "токен доступа | токен", "uk": "токен доступу | токен", "pl": "token dostępu",
            "nl": "toegangstoken", "tr": "erişim belirteci | erişim tokeni | belirteç", "zh-Hans": "访问令牌 | 令牌", "zh-Hant": "存取權杖 | 權杖", "ja": "アクセストークン | トークン",
            "ko": "액세스 토큰 | 토큰", "vi": "mã truy cập | mã thông báo truy cập", "id": "token akses", "th": "โทเค็น", "ar": "رمز الوصول | رمز الدخول | توكن", "fa": "توکن | توکن دسترسی",
            "he": "טוקן | אסימון גישה", "hi": "टोकन | एक्सेस टोकन", "el": "διακριτικό πρόσβασης", "hu": "hozzáférési token", "cs": "přístupový token", "sv": "åtkomsttoken",
            "da": "adgangstoken", "nb": "tilgangstoken", "fi": "käyttötunnus | pääsytunnus", "ro": "token de acces", "bg": "токен за достъп | токен", "sr": "токен", "ka": "ტოკენი", "kk": "токен",
        },
    },
    "private_key": {
        "wallet and key tools (session 27b): 'private key' as each language writes it, loanwords included": {
            "am": "ፕራይቬት ኪይ", "az": "məxfi açar", "hu": "magánkulcs", "ka": "კერძო გასაღები", "lo": "ຄີສ່ວນຕົວ",
            "ml": "പ്രൈവറ്റ് കീ", "mr": "खाजगी की | प्रायव्हेट की", "my": "ပုဂ္ဂလိကကီး", "ne": "प्राइभेट की",
            "pa": "ਨਿੱਜੀ ਕੁੰਜੀ | ਪ੍ਰਾਈਵੇਟ ਕੀ", "ta": "தனிப்பட்ட விசை", "th": "ไพรเวทคีย์",
            "tk": "şahsy açar | hususy açar", "ur": "پرائیویٹ کی", "uz": "xususiy kalit",
            "xh": "isitshixo sabucala | isitshixo sangasese", "yo": "kọkọrọ ikọkọ | kọ́kọ́rọ́ àdáni",
            "zu": "ukhiye wangasese",
        },
        "wallet and key tools": {"ja": "秘密鍵 | プライベートキー", "ko": "개인 키 | 개인키 | 프라이빗 키", "zh-Hans": "私钥", "zh-Hant": "私鑰", "vi": "khóa riêng tư | khoá riêng", "th": "คีย์ส่วนตัว",
                                 "tr": "özel anahtar", "id": "kunci privat | kunci pribadi", "hi": "निजी कुंजी | प्राइवेट की", "fa": "کلید خصوصی", "ar": "المفتاح الخاص | مفتاح خاص", "sw": "ufunguo binafsi"},
    },
    "seed_phrase": {
        "wallet screens (session 27b): recovery phrase, recovery words and seed phrase as each language writes them": {
            "af": "saadfrase", "am": "የመልሶ ማግኛ ሐረግ | የዘር ሐረግ | ሲድ ፍሬዝ",
            "ar": "عبارة الاسترجاع | عبارة البذرة | كلمات الاسترداد", "az": "bərpa ifadə | bərpa söz",
            "be": "фраза аднаўлення", "bg": "думи за възстановяване",
            "bn": "রিকভারি ফ্রেজ | সিড ফ্রেজ | পুনরুদ্ধার বাক্যাংশ", "ca": "paraules de recuperació",
            "cs": "slova pro obnovení", "cy": "ymadrodd adfer | geiriau adfer | ymadrodd hadau",
            "de": "mnemonische phrase", "el": "λέξεις ανάκτησης", "es": "palabras semilla",
            "et": "taastefraas | seemnefraas | taastamissõnad",
            "eu": "berreskuratze-esaldi | hazi-esaldi | berreskuratze-hitz", "fa": "عبارت سید | کلمه بازیابی",
            "fi": "siemenlause | palautussanat", "fil": "mga salita sa pagbawi",
            "ga": "frása athshlánaithe | focail athshlánaithe",
            "gu": "રિકવરી ફ્રેઝ | સીડ ફ્રેઝ | પુનઃપ્રાપ્તિ શબ્દસમૂહ", "he": "צירוף השחזור | צירוף שחזור",
            "hi": "पुनर्प्राप्ति वाक्यांश | रिकवरी शब्द", "hu": "visszaállítási kifejezés | helyreállítási szavak",
            "hy": "վերականգնման արտահայտություն | վերականգնման բառեր", "is": "endurheimtarsetning | fræsetning",
            "ka": "აღდგენის ფრაზა | აღდგენის სიტყვები", "kk": "қалпына келтіру фразасы | қалпына келтіру сөздері",
            "km": "ឃ្លាសង្គ្រោះ | ឃ្លាស្ដារ", "kn": "ರಿಕವರಿ ಫ್ರೇಸ್ | ಸೀಡ್ ಫ್ರೇಸ್ | ಮರುಪಡೆಯುವಿಕೆ ಪದಗುಚ್ಛ",
            "ko": "복구 단어", "ky": "калыбына келтирүү фразасы", "lb": "erhuelungssaz", "lo": "ວະລີກູ້ຄືນ | ຄຳກູ້ຄືນ",
            "lt": "atkūrimo frazė | atkūrimo žodži",
            "lv": "atkopšanas frāze | atjaunošanas frāze | atkopšanas vārdi | sēklas frāze",
            "mk": "фраза за враќање | фраза за обновување | зборови за враќање",
            "ml": "റിക്കവറി ഫ്രേസ് | സീഡ് ഫ്രേസ് | വീണ്ടെടുക്കൽ വാക്യം", "mn": "сэргээх хэллэг | сэргээх үгс",
            "mr": "रिकव्हरी फ्रेज | सीड फ्रेज | पुनर्प्राप्ती वाक्यांश", "ms": "perkataan pemulihan",
            "mt": "frażi ta' rkupru | kliem ta' rkupru", "my": "ပြန်လည်ရယူရေးစာစု | ဆီးဒ်စာစု",
            "ne": "रिकभरी फ्रेज | सीड फ्रेज | पुनर्प्राप्ति वाक्यांश", "no": "gjenopprettingsfrase",
            "pa": "ਰਿਕਵਰੀ ਫਰੇਜ਼ | ਸੀਡ ਫਰੇਜ਼", "pl": "słowa odzyskiwania",
            "ps": "د بیا رغونې عبارت | د بیرته راګرځولو کلمې", "ru": "слова восстановления | секретная фраза",
            "si": "ප්‍රතිසාධන වාක්‍ය ඛණ්ඩය | බීජ වාක්‍ය ඛණ්ඩය", "sk": "obnovovacia fráza | slová na obnovenie",
            "sl": "obnovitvene besede", "sq": "fraza e rikuperimit | fjalët e rikuperimit",
            "sr": "фраза за опоравак | речи за опоравак", "sr-Latn": "fraza za oporavak | reči za oporavak",
            "bs": "fraza za oporavak | riječi za oporavak", "hr": "fraza za oporavak | riječi za oporavak",
            "sv": "återställningsord", "sw": "maneno ya kurejesha", "ta": "மீட்பு சொற்றொடர் | சீட் ஃப்ரேஸ்",
            "te": "రికవరీ ఫ్రేజ్ | సీడ్ ఫ్రేజ్ | పునరుద్ధరణ పదబంధం",
            "tg": "ибораи барқарорсозӣ | калимаҳои барқарорсозӣ", "th": "คำกู้คืน",
            "tk": "dikeltme sözlemi | dikeltme sözleri", "tr": "kurtarma kelimeleri",
            "uk": "слова відновлення | секретна фраза", "ur": "ریکوری فریز | سیڈ فریز | بازیابی کے الفاظ",
            "uz": "tiklash iborasi | tiklash so'zlari", "xh": "ibinzana lokubuyisela | amagama okubuyisela",
            "yo": "gbolohun imularada | awọn ọrọ imularada", "zh-Hans": "种子短语", "zh-Hant": "復原詞組 | 種子短語",
            "zu": "ibinzana lokubuyisela | amagama okubuyisela",
        },
        "wallet screens (MetaMask, Ledger, Trezor wording)": {
            "es": "frase semilla | frase de recuperación | frase secreta de recuperación | palabras de recuperación", "pt": "frase de recuperação | frase secreta de recuperação | frase semente | palavras de recuperação",
            "fr": "phrase de récupération | phrase secrète de récupération | phrase mnémonique | mots de récupération", "de": "wiederherstellungsphrase | geheime wiederherstellungsphrase | seed-phrase | wiederherstellungswörter",
            "it": "frase di recupero | frase segreta di recupero | frase seed | parole di recupero", "ru": "сид-фраза | сид фраза | seed-фраза | фраза восстановления | секретная фраза восстановления | мнемоническая фраза",
            "uk": "сід-фраза | фраза відновлення | мнемонічна фраза", "pl": "fraza odzyskiwania | tajna fraza odzyskiwania | fraza seed", "nl": "herstelzin | geheime herstelzin | herstelwoorden",
            "tr": "kurtarma ifadesi | gizli kurtarma ifadesi | tohum ifadesi", "zh-Hans": "助记词 | 恢复短语 | 私钥助记词", "zh-Hant": "助記詞 | 恢復短語", "ja": "シードフレーズ | リカバリーフレーズ | 秘密のリカバリーフレーズ | 復元フレーズ",
            "ko": "시드 구문 | 비밀 복구 구문 | 복구 구문 | 니모닉", "vi": "cụm từ khôi phục | cụm từ bí mật | cụm từ hạt giống", "id": "frasa pemulihan | frasa rahasia | frasa benih",
            "ms": "frasa pemulihan", "th": "วลีกู้คืน | วลีลับ | ซีดเฟรส", "ar": "عبارة الاسترداد | عبارة الاسترداد السرية | العبارة السرية", "fa": "عبارت بازیابی | کلمات بازیابی | عبارت رمزی",
            "he": "ביטוי שחזור | מילות שחזור", "hi": "रिकवरी फ्रेज़ | सीड फ्रेज़ | गुप्त पुनर्प्राप्ति वाक्यांश", "el": "φράση ανάκτησης", "hu": "helyreállítási kifejezés | seed kifejezés",
            "cs": "fráze pro obnovení | obnovovací fráze", "sv": "återställningsfras", "ro": "frază de recuperare", "bg": "фраза за възстановяване", "sw": "kifungu cha kurejesha",
        },
    },
    "card_number": {
        "checkout screens": {
            "es": "número de tarjeta | número de la tarjeta", "pt": "número do cartão | numero do cartao", "it": "numero della carta | numero carta di credito", "fr": "numéro de carte bancaire",
            "id": "nomor kartu kredit | nomor kartu", "ms": "nombor kad kredit", "vi": "số thẻ tín dụng | số thẻ", "th": "หมายเลขบัตรเครดิต", "ar": "رقم بطاقة الائتمان", "fa": "شماره کارت",
            "he": "מספר כרטיס אשראי", "hi": "कार्ड नंबर | कार्ड संख्या", "tr": "kart numarası | kredi kartı numarası", "sw": "namba ya kadi", "ko": "카드번호", "zh-Hans": "银行卡号 | 信用卡号", "tl": "numero ng card",
            "fi": "kortin numero | kortinnumero", "ta": "அட்டை எண் | கார்டு எண்", "ur": "کارڈ نمبر", "hy": "քարտի համար", "sq": "numri i kartës", "mk": "број на картичка | број на картица",
            "mn": "картын дугаар", "uz": "karta raqami", "af": "kaartnommer", "ml": "കാർഡ് നമ്പർ", "gu": "કાર્ડ નંબર", "si": "කාඩ්පත් අංකය", "my": "ကတ်နံပါတ်", "lo": "ເລກບັດ",
            "ga": "uimhir an chárta | uimhir chárta", "am": "የካርድ ቁጥር", "cy": "rhif y cerdyn | rhif cerdyn", "kk": "карта нөмірі", "ka": "ბარათის ნომერი", "be": "нумар карткі",
            "az": "kart nömrəsi", "bn": "কার্ড নম্বর", "mr": "कार्ड क्रमांक", "te": "కార్డ్ సంఖ్య | కార్డ్ నంబర్", "kn": "ಕಾರ್ಡ್ ಸಂಖ್ಯೆ", "pa": "ਕਾਰਡ ਨੰਬਰ", "ne": "कार्ड नम्बर", "km": "លេខកាត",
            "is": "kortanúmer", "et": "kaardi number", "lv": "kartes numurs", "lt": "kortelės numeris", "sl": "številka kartice", "hr": "broj kartice", "bs": "broj kartice", "sr": "број картице",
            "bg": "номер на карта", "uk": "номер картки", "ru": "номер карты | номер банковской карты", "el": "αριθμός κάρτας", "hu": "kártyaszám", "cs": "číslo karty", "sk": "číslo karty",
            "ro": "numărul cardului | numar card", "ca": "número de targeta", "gl": "número da tarxeta", "eu": "txartelaren zenbakia", "pl": "numer karty", "nl": "kaartnummer", "sv": "kortnummer",
            "da": "kortnummer", "nb": "kortnummer", "de": "kartennummer", "ja": "カード番号", "zh-Hant": "卡號 | 信用卡號碼",
        },
    },
    "cvv": {
        "checkout screens": {
            "es": "código de seguridad de la tarjeta | código cvv", "pt": "código de segurança do cartão | código cvv", "fr": "cryptogramme visuel | code de sécurité de la carte",
            "de": "kartenprüfnummer | prüfziffer | sicherheitscode der karte", "it": "codice di sicurezza della carta | codice cvv", "ru": "cvv-код | код cvv | cvc-код | код безопасности карты",
            "uk": "cvv-код | cvv код", "pl": "kod cvv | kod cvc", "nl": "kaartverificatiecode | cvc-code", "tr": "güvenlik kodu cvv | cvv kodu", "zh-Hans": "安全码 | cvv码 | 卡验证码",
            "zh-Hant": "安全碼 | 卡片驗證碼", "ja": "セキュリティコード | カード確認番号", "ko": "cvc 번호 | cvv 번호 | 보안코드", "vi": "mã cvv | mã bảo mật thẻ", "id": "kode cvv", "th": "รหัส cvv",
            "ar": "رمز cvv | رمز الأمان للبطاقة", "fa": "کد cvv2 | cvv2", "he": "קוד אבטחה של הכרטיס | 3 ספרות בגב הכרטיס", "hi": "सीवीवी", "hu": "cvc kód | cvv kód", "cs": "kód cvv | cvc kód",
            "sv": "cvc-kod | cvv-kod | kontrollsiffror", "da": "cvc-kode | kontrolcifre", "nb": "cvc-kode | kontrollsiffer", "fi": "cvv-koodi | tarkistenumero",
            "ro": "codul cvv | cod cvv", "bg": "cvv код", "el": "κωδικός cvv", "sk": "kód cvv", "hr": "cvv kod", "sr": "cvv код", "sl": "koda cvv", "lt": "cvv kodas",
            "lv": "cvv kods", "et": "cvv-kood", "ca": "codi cvv", "ms": "kod cvv", "bn": "সিভিভি", "ta": "cvv குறியீடு", "ur": "سی وی وی", "sw": "msimbo wa cvv",
            "ka": "cvv კოდი", "az": "cvv kodu", "kk": "cvv коды", "be": "cvv-код", "mk": "cvv код", "sq": "kodi cvv",
        },
        "where the code is printed (the back of the card)": {
            "en": "back of the card | back of your card", "ru": "на обороте карты | на обратной стороне карты | цифры на обороте",
            "uk": "на звороті картки | на зворотному боці картки", "tr": "kartın arkasındaki | kartınızın arkasındaki", "es": "reverso de la tarjeta | dorso de la tarjeta",
            "pt": "verso do cartão", "fr": "au dos de la carte | au dos de votre carte", "de": "rückseite der karte | rückseite ihrer karte", "it": "retro della carta",
            "pl": "na odwrocie karty | na rewersie karty", "nl": "achterkant van de kaart | achterkant van je kaart", "zh-Hans": "卡背面 | 卡片背面", "zh-Hant": "卡片背面",
            "ja": "カード裏面 | カードの裏面", "ko": "카드 뒷면", "ar": "ظهر البطاقة", "vi": "mặt sau thẻ | mặt sau của thẻ", "id": "belakang kartu", "he": "בגב הכרטיס",
            "cs": "na zadní straně karty", "hu": "kártya hátoldalán", "ro": "pe spatele cardului", "el": "στο πίσω μέρος της κάρτας", "fa": "پشت کارت", "hi": "कार्ड के पीछे",
        },
    },
    "security_answer": {
        "account recovery screens": {
            "es": "pregunta de seguridad | respuesta de seguridad | respuesta secreta | pregunta secreta", "pt": "pergunta de segurança | resposta de segurança | resposta secreta",
            "fr": "question de sécurité | réponse secrète | question secrète", "de": "sicherheitsfrage | sicherheitsantwort | geheimfrage", "it": "domanda di sicurezza | risposta segreta | domanda segreta",
            "ru": "секретный вопрос | контрольный вопрос | ответ на секретный вопрос | кодовое слово", "uk": "секретне питання | контрольне питання", "pl": "pytanie bezpieczeństwa | pytanie pomocnicze",
            "nl": "beveiligingsvraag | geheime vraag", "tr": "güvenlik sorusu | gizli soru", "zh-Hans": "密保问题 | 安全问题 | 密保答案", "zh-Hant": "安全提示問題 | 安全問題",
            "ja": "秘密の質問 | 秘密の答え", "ko": "보안 질문 | 비밀번호 찾기 질문", "vi": "câu hỏi bảo mật", "id": "pertanyaan keamanan", "th": "คำถามเพื่อความปลอดภัย",
            "ar": "سؤال الأمان | السؤال السري", "fa": "سوال امنیتی | سؤال امنیتی", "he": "שאלת אבטחה", "hi": "सुरक्षा प्रश्न", "el": "ερώτηση ασφαλείας", "hu": "biztonsági kérdés",
            "cs": "bezpečnostní otázka", "sv": "säkerhetsfråga", "ro": "întrebare de securitate", "ms": "soalan keselamatan", "sw": "swali la usalama",
            "en": "mother's maiden name | name of your first pet | first pet's name | city where you were born",
        },
    },
    "session_cookie": {
        "browser developer tools": {"ru": "куки сессии | сессионные куки", "zh-Hans": "会话cookie | 会话 cookie", "ja": "セッションクッキー | セッションid", "es": "cookie de sesión", "pt": "cookie de sessão",
                                    "fr": "cookie de session", "de": "sitzungscookie | session-cookie", "ko": "세션 쿠키"},
    },
    "card_expiry": {
        "checkout screens": {"en": "expiry date | expiration date | exp date | valid thru | valid through | mm/yy | mm / yy", "es": "fecha de vencimiento | fecha de caducidad", "pt": "data de validade | validade do cartão",
                             "fr": "date d'expiration", "de": "ablaufdatum | gültig bis", "it": "data di scadenza", "ru": "срок действия", "zh-Hans": "有效期", "ja": "有効期限", "ko": "유효기간"},
    },
    # Look-alikes: they excuse the concept after the "~" when they stand in the same field.
    "~password": {
        "other senses of the same words": {"ko": "암호화 | 암호화폐", "zh-Hans": "密码学 | 加密货币", "ja": "暗号化", "en": "lyrics | officer | probation | hearing", "fr": "paroles de la chanson"},
    },
    "~pin": {
        "postal codes": {"hi": "पिन कोड क्षेत्र | डाक", "en": "postal pin | pin code area | area pin", "fr": "code postal", "es": "código postal", "de": "postleitzahl"},
    },
    "~token": {
        "limits, tickers and game tokens": {
            "en": "symbol | ticker | supply | decimals | airdrop | contract address | input tokens | output tokens | prompt tokens | completion tokens | context window | tokens per", "es": "símbolo | máximo | límite", "fr": "symbole | nombre maximal | limite",
            "de": "symbol | maximale | anzahl", "pt": "símbolo | máximo | limite", "ru": "символ | максимальн=prefix | лимит | количеств=prefix", "zh-Hans": "最大 | 上限 | 符号 | 数量",
            "ja": "最大 | 上限 | シンボル", "ko": "최대 | 한도 | 심볼",
        },
    },
    "~meta": {
        "settings about a credential, not the credential (read in a field's name or title only)": {
            "en": "length | strength | policy | label | hint | rotation",
            "es": "longitud | etiqueta | política", "pt": "comprimento | rótulo | política", "fr": "longueur | libellé | politique | étiquette",
            "de": "länge=infix | bezeichnung | richtlinie=infix | stärke=infix", "fi": "pituus=infix | vähimmäispituus=infix", "et": "pikkus=infix", "it": "lunghezza | etichetta | criteri", "ru": "длина | название ключа | политика", "pl": "długość | etykieta | zasady",
            "nl": "lengte=infix | label", "tr": "uzunluğu | etiketi", "zh-Hans": "长度 | 名称 | 策略 | 强度", "zh-Hant": "長度 | 名稱", "ja": "長さ | 桁数 | ラベル | ポリシー", "ko": "길이 | 자릿수 | 레이블 | 정책",
            "vi": "độ dài | nhãn", "id": "panjang | label", "ar": "طول | تسمية", "he": "אורך", "hi": "लंबाई", "uk": "довжина", "cs": "délka", "sv": "längd=infix", "hu": "hossza=infix", "da": "længde=infix", "nb": "lengde=infix",
        },
    },
}


def _add(concept: str, source: str, by_lang: dict[str, str]) -> None:
    for lang, terms in by_lang.items():
        known = EXTRA.setdefault(concept, {}).setdefault(source, {})
        known[lang] = f"{known[lang]} | {terms}" if lang in known else terms


# Coverage for the languages of the web's top 60 and beyond (issue 11; gaps the holdout5 dev set showed):
# everyday and transliterated spellings, and the words of languages the catalogs lack.
_add("password", "everyday spelling, transliteration or abbreviation", {
    "fr": "mdp=word", "et": "salajane sõna | sisselogimise sõna | salasõna=prefix", "lv": "slepeno vārdu | slepenais vārds | slepenā vārda",
    "hi": "गुप्त शब्द | gupt shabd | paasvard", "ne": "gopya shabda | गोप्य शब्द | पासवर्ड", "ta": "ragasiya sol | ரகசிய சொல் | கடவுச்சொல்",
    "te": "rahasya padam | రహస్య పదం", "km": "peak samngat | pheak samngat", "yo": "ọ̀rọ̀ aṣínà | oro asina | ọ̀rọ̀ ìgbaniwọlé | oro igbaniwole",
    "ha": "kalmar sirri | kalmar wucewa", "ps": "پټ نوم | پټنوم | پاسورډ", "zu": "iphasiwedi | igama lokungena", "xh": "igama lokugqitha",
    "mt": "kelma tal-passaġġ | password", "so": "furaha sirta | erayga sirta", "ky": "сырсөз=prefix | купуя сөз", "tg": "гузарвожа | рамз=word",
    "bn": "gopon shobdo | গোপন শব্দ", "mr": "संकेतशब्द | गुप्त शब्द", "ml": "രഹസ്യവാക്ക് | rahasya vakku", "kn": "ಗುಪ್ತಪದ | ಪಾಸ್‌ವರ್ಡ್",
    "gu": "ગુપ્ત શબ્દ", "pa": "ਗੁਪਤ ਸ਼ਬਦ", "si": "මුර පදය", "ur": "khufia lafz | خفیہ لفظ", "ig": "okwuntughe", "am": "የይለፍ ቃል",
    "lo": "ລະຫັດຜ່ານ", "my": "စကားဝှက်", "ka": "პაროლ=prefix", "hy": "գաղտնաբառ", "az": "gizli söz", "uz": "maxfiy so'z",
    "en": "secret word | sign-in word | login word | what you type on the sign-in page | what you type to sign in | what you enter after your email",
})
_add("password", "the everyday short word for it (session 30; Finnish salis only as the whole of a text: von Salis is a surname)", {"ko": "비번=prefix", "fi": "salis=whole"})
_add("pin", "bank, wallet and phone screens (MPIN, NIP, the secret number)", {
    "en": "mpin=word | tpin=word | m-pin | secret number | atm pin", "hi": "एमपिन | एम पिन | गुप्त संख्या", "mr": "एमपिन | एम पिन", "ne": "एमपिन | एम पिन",
    "ur": "ایم پن | ایم پِن", "es": "nip=word", "fr": "nip=word", "ml": "rahasya number | രഹസ്യ നമ്പർ", "ms": "nombor rahsia | nombor pin",
    "id": "nomor rahasia", "bn": "গোপন নম্বর", "ta": "ரகசிய எண்", "te": "రహస్య సంఖ్య", "ha": "lambar sirri", "yo": "nọ́mbà àṣírí | nomba asiri",
    "sw": "namba ya siri | nambari ya siri",
})
_add("otp", "bank and sign-in screens: codes sent, backup codes, code cards", {
    "ms": "tac=word | kod tac | kod pengesahan", "ur": "tasdeeqi code | تصدیقی کوڈ", "mn": "batalgaajuulakh kod | баталгаажуулах код",
    "tg": "kodi tasdiq | коди тасдиқ | рамзи тасдиқ", "mk": "kod za potvrda | kodot za potvrda", "sw": "msimbo wa uthibitish=prefix",
    "yo": "koodu ijerisi | kóòdù ìjẹ́rìísí", "ha": "lambar tabbatarwa", "mt": "kodiċi ta' verifika | kodiċi tal-verifika",
    "pa": "ਓਟੀਪੀ", "gu": "ઓટીપી", "kn": "ಒಟಿಪಿ", "ml": "ഒടിപി", "si": "ඕටීපී", "ne": "ओटीपी", "zu": "ikhodi yokuqinisekisa",
    "so": "koodhka xaqiijinta", "ky": "ырастоо коду", "lv": "kods no sms", "ru": "код из сообщения", "sr-Latn": "brojevi iz poruke",
    "et": "koodikaart=infix", "ps": "د تایید کوډ",
})
_add("otp", "backup and recovery codes of two-step sign-in", {
    "nl": "reservecode | back-upcode | herstelcode", "it": "codice di emergenza | codici di emergenza | codice di backup | codici di backup",
    "uk": "резервний код | резервні коди | резервних кодів", "ru": "резервный код | резервные коды | резервных кодов",
    "bg": "резервен код | резервни кодове | резервните кодове", "sl": "rezervna koda | rezervne kode | rezervnih kod",
    "kk": "қосалқы код=prefix", "is": "varakóð=prefix", "bn": "সংরক্ষিত কোড | ব্যাকআপ কোড", "pl": "kod zapasowy | kody zapasowe",
    "cs": "záložní kód | záložní kódy", "sk": "záložný kód", "hu": "tartalék kód", "sv": "reservkod", "da": "backupkode | reservekode",
    "nb": "reservekode", "fi": "varakoodi", "et": "varukood", "lv": "rezerves kods", "lt": "atsarginis kodas",
    "ro": "cod de rezervă | coduri de rezervă | cod de backup", "sr": "резервни код", "hr": "rezervni kod", "bs": "rezervni kod",
    "es": "código de respaldo | códigos de respaldo | código de recuperación", "pt": "código de backup | códigos de backup | código de recuperação",
    "fr": "code de secours | codes de secours | code de récupération", "de": "backup-code | sicherungscode | wiederherstellungscode",
    "tr": "yedek kod", "el": "εφεδρικός κωδικός", "he": "קוד גיבוי", "ar": "رمز احتياطي | رموز احتياطية", "fa": "کد پشتیبان",
    "zh-Hans": "备用码 | 备用验证码 | 恢复码", "ja": "バックアップコード", "ko": "백업 코드 | 백업코드", "vi": "mã dự phòng",
    "id": "kode cadangan", "ms": "kod sandaran", "th": "รหัสสำรอง", "hi": "बैकअप कोड", "ca": "codi de recuperació",
})
_add("card_number", "checkout screens", {
    "si": "card ankaya | කාඩ් අංකය | කාඩ්පත් අංකය", "ps": "د کارت شمېره | کارت شمېره | د کارت شمیره", "mt": "numru tal-kard | numru tal-karta",
    "ha": "lambar kati", "yo": "nọ́mbà káàdì | nomba kaadi", "zu": "inombolo yekhadi", "so": "lambarka kaarka", "ky": "карта номери | картанын номери",
    "tg": "рақами корт", "xh": "inombolo yekhadi",
})
_add("card_expiry", "checkout screens", {
    "si": "kal ikuth vena dinaya | කල් ඉකුත් වන දිනය", "ps": "د اعتبار نېټه", "mt": "data ta' skadenza", "ha": "ranar karewa",
})
_add("api_key", "developer consoles", {
    "mn": "api түлхүүр=prefix", "ky": "api ачкыч=prefix", "uz": "api kalit=prefix", "tg": "калиди api", "az": "api açar=prefix",
})
_add("client_secret", "developer consoles: the secret string", {
    "en": "secret string | access string", "ms": "rentetan rahsia", "id": "string rahasia", "af": "geheime string", "nl": "geheime string",
    "be": "радок доступу", "ru": "строка доступа | секретная строка", "uk": "рядок доступу | секретний рядок",
})
_add("seed_phrase", "wallet screens", {
    "ka": "აღდგენის სტრიქონ=prefix | აღდგენის გასაღებ=prefix", "bs": "riječi za oporavak", "hr": "riječi za oporavak", "sr-Latn": "reči za oporavak",
})

# Context (not credentials themselves): what a bare numeric code field, the words of a phrase or an
# "answer" field are for. Read only by the code-field, seed-word and recovery-answer rules.
_add("signin", "codes sent by SMS or an app, sign-ins and payments to approve", {
    "en": "text message | authenticator | approve the payment | confirm the payment | confirm the transfer | code app",
    "ru": "смс | подтвердить перевод | подтвердить платеж | подтвердить оплату | отправили | аутентификатор=prefix",
    "uk": "смс | підтвердити переказ | підтвердити оплату | надіслали", "be": "смс | пацвердзіць", "bg": "смс | потвърдите плащането",
    "sr": "смс | потврдите плаћање", "mk": "смс | sms", "kk": "смс | төлемді растау", "ky": "смс",
    "pl": "potwierdź płatność | potwierdzić przelew | wysłaliśmy", "cs": "potvrzení platby | potvrdit platbu | poslali jsme",
    "sk": "potvrdenie platby | potvrdiť platbu | poslali sme", "sl": "potrditev plačila | poslali smo", "hr": "potvrdu plaćanja | poslali smo",
    "sr-Latn": "potvrdili plaćanje | poslali porukom | poslali smo", "bs": "potvrdu plaćanja | poslali smo",
    "hu": "fizetés megerősítése | elküldtük", "ro": "confirmarea plății | confirma plata | v-am trimis", "lt": "patvirtinti mokėjimą | išsiuntėme",
    "lv": "apstiprināt maksājumu | nosūtījām", "et": "kinnita makse | tehingu kinnitada | saatsime | koodikaart=infix",
    "fi": "tekstiviest=infix | vahvista maksu | lähetimme", "sv": "signera betalningen | kodapp=infix | bankid=infix | skickat",
    "da": "kodeviser=infix | godkend overførslen | godkend betalingen | mitid=infix", "nb": "bekreft betalingen | kodebrikke=infix | bankid=infix",
    "is": "staðfesta greiðslu", "de": "zahlung bestätigen | überweisung bestätigen | authenticator", "nl": "betaling bevestigen | bevestig de betaling",
    "fr": "confirmer le paiement | valider le paiement | envoyé par sms", "es": "confirmar el pago | confirmar la transferencia | te enviamos",
    "pt": "confirmar o pagamento | confirmar a transferência | autenticador | enviamos", "it": "confermare il pagamento | conferma il pagamento | ti abbiamo inviato",
    "ca": "confirmar el pagament", "gl": "confirmar o pagamento", "tr": "ödemeyi onayla | gönderdiğimiz", "el": "επιβεβαίωση πληρωμής",
    "zh-Hans": "确认支付 | 确认付款 | 支付验证 | 本次付款", "zh-Hant": "確認付款 | 確認支付", "ja": "支払いを確認 | 送信した", "ko": "결제 확인 | 결제 승인",
    "vi": "xác nhận thanh toán | xác nhận chuyển khoản", "id": "konfirmasi pembayaran | konfirmasi transfer", "ms": "mengesahkan pemindahan | mengesahkan pembayaran",
    "th": "ยืนยันการชำระเงิน | ยืนยันการโอน", "ar": "تأكيد الدفع | تأكيد التحويل | رسالة نصية", "fa": "پیامک | تایید پرداخت | تأیید پرداخت",
    "he": "אישור תשלום | הודעת sms", "hi": "भुगतान की पुष्टि | एसएमएस", "ur": "ادائیگی کی تصدیق | ایس ایم ایس", "bn": "পেমেন্ট নিশ্চিত | এসএমএস",
    "sw": "thibitisha malipo | tumekutumia", "tl": "kumpirmahin ang bayad",
})
_add("atm", "cash machines, where a card PIN is typed", {
    "en": "atm | cash machine | cashpoint", "es": "cajero | cajero automático", "pt": "caixa eletrônico | multibanco", "fr": "distributeur | guichet automatique | dab=word",
    "de": "geldautomat=infix | bankautomat=infix", "it": "bancomat | sportello automatico", "nl": "pinautomaat=infix | geldautomaat=infix",
    "ru": "банкомат=prefix", "uk": "банкомат=prefix", "be": "банкамат=prefix | банкамаце", "bg": "банкомат=prefix", "sr": "банкомат=prefix", "mk": "банкомат=prefix",
    "kk": "банкомат=prefix", "ky": "банкомат=prefix", "pl": "bankomat=prefix", "cs": "bankomat=prefix", "hr": "bankomat=prefix", "az": "bankomat=prefix",
    "sq": "bankomat=prefix", "ro": "bancomat=prefix", "hu": "bankautomat=prefix", "tr": "bankamatik | atm", "lt": "bankomat=prefix", "lv": "bankomāt=prefix",
    "et": "pangaautomaat=infix | sularahaautomaat=infix", "fi": "pankkiautomaat=infix", "sv": "uttagsautomat=infix", "da": "hæveautomat=infix | pengeautomat=infix",
    "nb": "minibank=infix", "is": "hraðbank=infix", "gl": "caixeiro", "ca": "caixer", "eu": "kutxazain=prefix", "he": "כספומט",
    "ar": "الصراف الآلي | صراف آلي", "fa": "خودپرداز | عابر بانک", "ur": "اے ٹی ایم", "hi": "एटीएम", "bn": "এটিএম", "ta": "ஏடிஎம்", "te": "ఏటీఎం",
    "mr": "एटीएम", "gu": "એટીએમ", "kn": "ಎಟಿಎಂ", "ml": "എടിഎം", "pa": "ਏਟੀਐਮ", "zh-Hans": "取款机 | 提款机 | 自动柜员机", "zh-Hant": "提款機",
    "ko": "현금인출기 | 현금 인출기", "th": "เอทีเอ็ม", "vi": "máy atm | cây atm",
})
_add("card", "a payment card named (context for a three-digit code)", {
    "en": "card", "es": "tarjeta", "pt": "cartão", "fr": "carte", "de": "karte | kreditkarte=infix | bankkarte=infix", "it": "carta",
    "nl": "kaart | pinpas | bankpas", "ru": "карт=prefix", "uk": "картк=prefix", "be": "картк=prefix", "bg": "карт=prefix", "sr": "картиц=prefix",
    "mk": "картичк=prefix", "kk": "карта=prefix", "ky": "карта=prefix | kart=prefix", "pl": "kart=prefix", "cs": "kart=prefix", "sk": "kart=prefix",
    "tr": "kart=prefix", "az": "kart=prefix", "hu": "kártyá=prefix | kártya", "fi": "kortti | kortin", "sv": "kortet | kortets", "da": "kortet",
    "nb": "kortet", "is": "kort=prefix", "et": "kaardi | kaart", "lv": "kart=prefix", "lt": "kortel=prefix", "ro": "card=prefix",
    "hr": "kartic=prefix", "sl": "kartic=prefix", "bs": "kartic=prefix", "sq": "kart=prefix", "el": "κάρτα | κάρτας", "he": "כרטיס",
    "ar": "بطاقة | البطاقة | بطاقت", "fa": "کارت", "ur": "کارڈ", "hi": "कार्ड", "bn": "কার্ড", "ta": "கார்டு | அட்டை", "te": "కార్డ్", "mr": "कार्ड",
    "gu": "કાર્ડ", "kn": "ಕಾರ್ಡ್", "ml": "കാർഡ്", "pa": "ਕਾਰਡ", "zh-Hans": "银行卡 | 信用卡 | 卡背面", "ja": "カード", "ko": "카드", "th": "บัตร",
    "vi": "thẻ=word", "id": "kartu", "ms": "kad=word", "sw": "kadi", "ha": "kati=word", "yo": "káàdì | kaadi", "uz": "karta=prefix",
    "mn": "карт=prefix", "ka": "ბარათ=prefix", "hy": "քարտ=prefix", "si": "කාඩ්", "ca": "targeta", "gl": "tarxeta", "eu": "txartel=prefix",
})
_add("wallet", "crypto wallets (context for the words of a recovery phrase)", {
    "en": "wallet", "es": "cartera | billetera | monedero", "pt": "carteira", "gl": "carteira", "fr": "portefeuille", "de": "wallet | geldbörse",
    "it": "portafoglio", "nl": "portemonnee", "ru": "кошел=prefix | кошёл=prefix", "uk": "гаман=prefix", "be": "кашал=prefix",
    "pl": "portfel=prefix", "cs": "peněžen=prefix", "sk": "peňažen=prefix", "hu": "tárc=prefix", "tr": "cüzdan=prefix", "fi": "lompak=prefix | lompako=prefix",
    "sv": "plånbok=prefix", "da": "tegnebog", "nb": "lommebok=prefix", "et": "rahakot=prefix", "lv": "maku=word | maka=word | maks=word",
    "lt": "pinigin=prefix", "ro": "portofel=prefix", "bg": "портфейл=prefix", "sr": "новчаник=prefix", "sr-Latn": "novčanik=prefix",
    "hr": "novčanik=prefix", "bs": "novčanik=prefix", "sl": "denarnic=prefix", "mk": "паричник=prefix | parichnik=prefix", "sq": "portofol=prefix",
    "ca": "moneder=prefix", "eu": "zorro=prefix", "el": "πορτοφόλ=prefix", "he": "ארנק", "ar": "محفظة | المحفظة", "fa": "کیف پول",
    "ur": "والیٹ", "hi": "वॉलेट", "bn": "ওয়ালেট", "zh-Hans": "钱包", "zh-Hant": "錢包", "ja": "ウォレット", "ko": "지갑", "th": "กระเป๋าเงิน | วอลเล็ต",
    "vi": "ví tiền | ví điện tử | ví=word", "id": "dompet", "ms": "dompet", "sw": "pochi", "uz": "hamyon=prefix", "kk": "әмиян", "az": "pul kisəsi",
    "ka": "საფულე", "is": "veski=prefix", "af": "beursie",
})
_add("recovery", "account recovery screens (context for an answer field)", {
    "en": "account recovery | recover your account | restore access | regain access",
    "es": "recuperar tu cuenta | recuperar la cuenta | recuperación de cuenta | recuperar el acceso",
    "pt": "recuperar sua conta | recuperar a conta | recuperação de conta | recuperar o acesso",
    "fr": "récupérer votre compte | récupération du compte | récupérer l'accès | retrouver l'accès",
    "de": "konto wiederherstellen | kontowiederherstellung | zugang wiederherstellen", "it": "recuperare l'accesso | recupera l'account | recupero dell'account | recuperare l'account",
    "nl": "account herstellen | toegang herstellen", "af": "rekening te herstel | rekening herstel",
    "ru": "восстановление доступа | восстановить доступ | восстановление аккаунта | восстановить аккаунт",
    "uk": "відновлення доступу | відновити доступ | відновлення облікового запису", "pl": "odzyskiwanie konta | odzyskać dostęp | odzyskaj konto",
    "cs": "obnova účtu | obnovení účtu | obnovit přístup", "sk": "obnovenie prístupu | obnovenie účtu", "hu": "fiók helyreállítása | hozzáférés visszaállítása",
    "tr": "hesap kurtarma | hesabınızı kurtar=prefix", "fi": "tilin palautus | palauttaa tilisi", "sv": "återställa ditt konto | kontoåterställning",
    "da": "gendan din konto | gendannelse af konto", "nb": "gjenopprette kontoen", "et": "konto taastamine", "lv": "konta atjaunošana",
    "lt": "paskyros atkūrimas", "ro": "recuperarea contului | recupera contul", "bg": "възстановяване на профила | възстановяване на достъпа",
    "sr": "враћање приступа | опоравак налога", "sr-Latn": "oporavak naloga | vraćanje pristupa", "hr": "oporavak računa | vraćanje pristupa",
    "bs": "oporavak računa", "sl": "obnovitev računa", "mk": "враќање на пристап", "el": "ανάκτηση λογαριασμού", "he": "שחזור חשבון",
    "ar": "استعادة الحساب | استرداد الحساب", "fa": "بازیابی حساب", "ur": "اکاؤنٹ بحال | اکاؤنٹ کی بحالی | حفاظتی سوال",
    "hi": "खाता पुनर्प्राप्ति | खाते में दोबारा", "zh-Hans": "找回账号 | 找回帐号 | 账号找回 | 恢复账户", "ja": "アカウントの復旧 | アカウント復旧",
    "ko": "계정 복구", "vi": "khôi phục tài khoản", "id": "pemulihan akun | memulihkan akun", "ms": "menetapkan semula akaun | pemulihan akaun",
    "tl": "ma-recover ang account | i-recover ang account", "ta": "kanakkai meetka | paadhugaappu kelvi | கணக்கை மீட்க",
    "ml": "അക്കൗണ്ട് വീണ്ടെടുക്ക | സുരക്ഷാ ചോദ്യ", "pa": "ਖਾਤਾ ਮੁੜ ਪ੍ਰਾਪਤ", "si": "ගිණුම ප්‍රතිසාධනය", "zu": "ukubuyisa i-akhawunti",
    "ps": "حساب د بیرته", "ga": "do chuntas a athshlánú", "mt": "tirkupra l-kont", "cy": "adfer eich cyfrif", "eu": "kontua berreskura=prefix",
    "ca": "recuperar el compte", "gl": "recuperar a conta", "sw": "kurejesha akaunti", "kk": "аккаунтты қалпына келтіру", "bn": "অ্যাকাউন্ট পুনরুদ্ধার",
})
_add("seed_words", "the noun 'words' (a recovery phrase asked as its words, in a form about a wallet)", {
    "en": "words", "es": "palabras", "pt": "palavras", "gl": "palabras", "ca": "paraules", "fr": "mots=word", "it": "parole=word",
    "de": "wörter=word", "nl": "woorden", "ru": "слов=prefix", "uk": "слів | слова", "be": "слоў | словы", "pl": "słowa | słów", "cs": "slov=prefix",
    "sk": "slov=prefix", "hu": "szavak=prefix | szót", "tr": "kelime=prefix", "fi": "sanat | sanaa", "sv": "orden", "da": "ordene", "nb": "ordene",
    "et": "sõna=prefix", "lv": "vārd=prefix", "lt": "žodži=prefix | žodž=prefix", "ro": "cuvinte=prefix", "bg": "думи=prefix", "sr": "речи",
    "sr-Latn": "reči", "hr": "riječi", "bs": "riječi", "sl": "besed=prefix", "mk": "зборови=prefix | zborovi=prefix", "sq": "fjalët | fjalë",
    "el": "λέξεις | λέξεων", "he": "מילים", "ar": "كلمات | الكلمات", "fa": "کلمات | کلمه", "ur": "الفاظ", "hi": "शब्द", "bn": "শব্দ",
    "zh-Hans": "单词 | 个词 | 助记", "zh-Hant": "單詞", "ja": "単語", "ko": "단어", "th": "12 คำ | 24 คำ | คำศัพท์", "vi": "12 từ | 24 từ",
    "id": "12 kata | 24 kata", "ms": "12 perkataan | 24 perkataan | perkataan", "tl": "salita=prefix", "sw": "maneno", "uz": "so'zlar | so'z=prefix",
    "kk": "сөз=prefix", "az": "söz=prefix", "ka": "სიტყვ=prefix", "is": "orðin", "af": "woorde", "eu": "hitz=prefix", "cy": "geiriau",
})
_add("answer", "the answer a recovery form asks for", {
    "en": "answer | your answer", "es": "respuesta", "pt": "resposta", "ca": "resposta", "gl": "resposta", "fr": "réponse", "de": "antwort",
    "it": "risposta", "nl": "antwoord", "af": "antwoord", "ru": "ответ=prefix", "uk": "відповідь", "be": "адказ", "pl": "odpowied=prefix",
    "cs": "odpověď", "sk": "odpoveď", "hu": "válasz=prefix", "tr": "cevap=prefix | yanıt=prefix", "fi": "vastaus", "sv": "svar=word",
    "da": "svar=word", "nb": "svar=word", "is": "svar=word", "et": "vastus", "lv": "atbilde", "lt": "atsakymas", "ro": "răspuns=prefix",
    "bg": "отговор", "sr": "одговор", "sr-Latn": "odgovor", "hr": "odgovor", "bs": "odgovor", "sl": "odgovor", "mk": "одговор",
    "sq": "përgjigj=prefix", "eu": "erantzun=prefix", "cy": "ateb=word", "ga": "freagra", "mt": "tweġiba", "el": "απάντηση",
    "he": "תשובה", "ar": "الإجابة | إجابة | الجواب | جواب", "fa": "پاسخ | جواب", "ur": "جواب", "ps": "ځواب", "hi": "उत्तर | जवाब",
    "bn": "উত্তর", "ta": "பதில் | badhil", "te": "సమాధానం", "mr": "उत्तर", "gu": "જવાબ", "kn": "ಉತ್ತರ", "ml": "ഉത്തരം", "pa": "ਜਵਾਬ",
    "si": "පිළිතුර", "ne": "उत्तर | जवाफ", "zh-Hans": "答案 | 回答", "ja": "答え | 回答", "ko": "답변", "th": "คำตอบ",
    "vi": "câu trả lời | cau tra loi", "id": "jawaban", "ms": "jawapan", "tl": "sagot", "sw": "jibu=word", "zu": "impendulo",
    "yo": "ìdáhùn | idahun", "ha": "amsa=word", "kk": "жауап", "ky": "жооп", "uz": "javob", "az": "cavab", "mn": "хариулт",
    "ka": "პასუხ=prefix", "hy": "պատասխան", "tg": "ҷавоб",
})
# Look-alikes for more languages.
_add("~token", "token ticker symbols", {
    "ro": "simbol", "fa": "نماد", "id": "simbol", "ms": "simbol", "hr": "simbol", "sr-Latn": "simbol", "bs": "simbol", "sl": "simbol",
    "sq": "simbol", "tr": "sembol=prefix", "az": "simvol", "uk": "символ", "bg": "символ", "pl": "symbol", "cs": "symbol", "sk": "symbol",
    "it": "simbolo", "nl": "symbool", "el": "σύμβολο", "he": "סימול", "ar": "رمز العملة | رمز التداول", "hi": "प्रतीक", "vi": "ký hiệu",
    "th": "สัญลักษณ์", "fi": "symboli", "sv": "symbol", "da": "symbol", "nb": "symbol", "hu": "szimbólum", "lt": "simbolis", "lv": "simbols",
    "et": "sümbol", "ca": "símbol", "zh-Hans": "代币符号", "zh-Hant": "代幣符號 | 符號", "sr": "симбол", "mk": "симбол",
    "ru": "символ", "be": "сімвал", "kk": "символ",
})
_add("~meta", "labels, names and lengths of a credential (read in a field's name or title only)", {
    "el": "ετικέτα=prefix | όνομα | μήκος", "zh-Hans": "备注 | 备注名", "zh-Hant": "備註", "hu": "címke | név | hossz=prefix", "cs": "štítek | název",
    "sk": "štítok | názov | dĺžka", "ro": "etichetă | eticheta | lungime=prefix | nume", "tr": "etiket=prefix | adı=word", "sv": "etikett",
    "da": "etiket", "nb": "etikett", "fi": "nimi=word | nimike", "uk": "назва | мітка", "bg": "етикет=prefix | име=word | дължина",
    "sr": "ознака | назив | дужина", "hr": "oznaka | naziv | duljina", "sl": "oznaka | ime=word | dolžina", "lt": "etiketė | pavadinimas | ilgis",
    "lv": "etiķete | nosaukums | garums", "et": "silt=word | nimi=word", "ca": "etiqueta | longitud", "fa": "برچسب | نام=word | طول=word",
    "ar": "تسمية", "he": "תווית", "hi": "नाम=word | लेबल", "id": "nama=word", "ms": "nama=word | label",
    "vi": "tên=word", "th": "ชื่อ | ป้ายกำกับ", "ko": "이름 | 별칭", "ja": "名前 | 名称", "pl": "nazwa | etykieta", "ru": "метка | название",
})
_add("~pin", "India's postal PIN code, as written in its languages", {
    "ta": "அஞ்சல் | பின்கோடு", "te": "తపాలా | పిన్‌కోడ్", "kn": "ಅಂಚೆ | ಪಿನ್‌ಕೋಡ್", "ml": "തപാൽ | പിൻകോഡ്", "gu": "ટપાલ | પિનકોડ",
    "pa": "ਡਾਕ | ਪਿੰਨਕੋਡ", "bn": "ডাক | পিনকোড", "mr": "डाक | पिनकोड", "hi": "पिनकोड", "en": "postal code | post code | zip code | pincode area",
    "it": "cap=word | codice postale", "pt": "cep=word | código postal", "ru": "почтовый индекс | индекс=word", "pl": "kod pocztowy",
    "nl": "postcode", "tr": "posta kodu", "ja": "郵便番号", "zh-Hans": "邮编 | 邮政编码", "ko": "우편번호",
})
# India's postal code is its "PIN code", and India's languages write it so. The compound is no look-alike
# by itself ("एटीएम पिन कोड" is a card's): policies/postal.py reads it with the form's places and payments.
_add("pin_code_in", "India's postal PIN code, the compound as written in its languages", {
    "hi": "पिन कोड | पिन-कोड | पिनकोड", "mr": "पिन कोड | पिन-कोड | पिनकोड", "gu": "પિન કોડ | પિનકોડ",
    "pa": "ਪਿੰਨ ਕੋਡ | ਪਿਨ ਕੋਡ | ਪਿੰਨਕੋਡ", "bn": "পিন কোড | পিনকোড", "ta": "பின் கோடு | பின்கோடு | பின் கோட்=prefix",
    "te": "పిన్ కోడ్ | పిన్‌కోడ్", "kn": "ಪಿನ್ ಕೋಡ್ | ಪಿನ್‌ಕೋಡ್", "ml": "പിൻ കോഡ് | പിൻകോഡ്",
    # As India's languages are typed in Latin letters ("apna pin code aur pura address bhej de"): read
    # like the scripts' compounds, with a place, nothing paid and room for six digits.
    "en": "pin code | pincode | pin-code",
})
_add("pin_code_in", "India's postal PIN code with 'PIN' in Latin letters before the script's word for code (session 30)", {
    "hi": "pin कोड", "mr": "pin कोड", "gu": "pin કોડ", "pa": "pin ਕੋਡ", "bn": "pin কোড", "ta": "pin கோடு | pin கோட்=prefix",
    "te": "pin కోడ్", "kn": "pin ಕೋಡ್", "ml": "pin കോഡ്",
})
_add("place", "addresses, deliveries and places, where India's PIN code is the postal code", {
    "hi": "पता | पते | डिलीवरी | डिलिवरी | वितरण | कूरियर | पार्सल | इलाक=prefix | क्षेत्र=prefix | शहर | गांव | गाँव | जिला | ज़िला | डाक",
    "mr": "पत्ता | पत्त्या=prefix | डिलिव्हरी | डिलीवरी | वितरण | कुरिअर | पार्सल | भागाचा | शहर | गाव | जिल्हा | टपाल | तालुका",
    "gu": "સરનામ=prefix | ડિલિવરી | ડિલીવરી | કુરિયર | પાર્સલ | વિસ્તાર=prefix | શહેર | ગામ | જિલ્લ=prefix | ટપાલ",
    "pa": "ਪਤਾ | ਪਤੇ | ਡਿਲੀਵਰੀ | ਡਿਲਿਵਰੀ | ਕੋਰੀਅਰ | ਪਾਰਸਲ | ਇਲਾਕ=prefix | ਸ਼ਹਿਰ | ਸ਼ਹਰ | ਪਿੰਡ | ਜ਼ਿਲ੍ਹ=prefix | ਡਾਕ",
    "bn": "ঠিকানা=prefix | ডেলিভারি=prefix | কুরিয়ার | পার্সেল | এলাকা=prefix | শহর | গ্রাম | জেলা | ডাক",
    "ta": "முகவரி=prefix | டெலிவரி | விநியோக=prefix | கூரியர் | பார்சல் | பகுதி=prefix | ஊர் | நகர=prefix | மாவட்ட=prefix | அஞ்சல்",
    "te": "చిరునామా=prefix | డెలివరీ | కొరియర్ | పార్సెల్ | ప్రాంత=prefix | ఊరు | నగర=prefix | జిల్లా | తపాలా",
    "kn": "ವಿಳಾಸ=prefix | ವಿತರಣ=prefix | ಡೆಲಿವರಿ | ಕೊರಿಯರ್ | ಪಾರ್ಸೆಲ್ | ಪ್ರದೇಶ=prefix | ಊರು | ನಗರ=prefix | ಜಿಲ್ಲೆ | ಅಂಚೆ",
    "ml": "വിലാസ=prefix | ഡെലിവറി | കൊറിയർ | പാഴ്സൽ | സ്ഥല=prefix | പ്രദേശ=prefix | നഗര=prefix | ജില്ല | തപാൽ",
    "en": "address | delivery | shipping | postal | courier | parcel | city | district | locality",
})
_add("place", "addresses and places in India's languages typed in Latin letters (Hinglish, Tanglish and the like)", {
    "hi": "pata=word | ilaka=prefix | ilaake=prefix | ilake=prefix | daak=word | dak=word | gaon=word | shahar=word | sheher=word",
    "ta": "mugavari=prefix | oor=word | nagaram=word", "te": "chirunama=prefix", "kn": "vilasa=prefix | ooru=word",
    "ml": "vilasam=prefix | sthalam=word", "mr": "patta=word | gav=word", "bn": "thikana=prefix", "pa": "ilaake=prefix | pind=word",
})
_add("bank", "banks and UPI, whose PIN approves a payment (India's languages)", {
    "en": "bank=prefix | upi=word | payment | debit | credit | transaction | net banking | send money",
    "hi": "बैंक=prefix | यूपीआई | यू.पी.आई | यूपी आई | युपीआई | भुगतान | पेमेंट | डेबिट | क्रेडिट | ट्रांजैक्शन | लेनदेन | लेन-देन | पैसे भेज=prefix",
    "mr": "बँक=prefix | बैंक=prefix | यूपीआय | यूपीआई | पेमेंट | डेबिट | व्यवहार",
    "gu": "બેંક=prefix | યુપીઆઈ | ચુકવણી | પેમેન્ટ | ડેબિટ", "pa": "ਬੈਂਕ=prefix | ਯੂਪੀਆਈ | ਭੁਗਤਾਨ | ਡੈਬਿਟ",
    "bn": "ব্যাংক=prefix | ব্যাঙ্ক=prefix | ইউপিআই | পেমেন্ট | ডেবিট | লেনদেন",
    "ta": "வங்கி=prefix | யுபிஐ | பணம் செலுத்த=prefix | டெபிட் | பரிவர்த்தனை=prefix", "te": "బ్యాంక్=prefix | బ్యాంకు=prefix | యూపీఐ | యుపిఐ | చెల్లింపు | డెబిట్ | లావాదేవీ=prefix",
    "kn": "ಬ್ಯಾಂಕ್=prefix | ಯುಪಿಐ | ಪಾವತಿ=prefix | ಡೆಬಿಟ್ | ವಹಿವಾಟು=prefix", "ml": "ബാങ്ക്=prefix | യുപിഐ | പേയ്മെന്റ് | ഡെബിറ്റ് | ഇടപാട്=prefix",
})
_add("bank", "money sent or transferred, and a PIN called private (red team 19b)", {
    "hi": "राशि भेज=prefix | ट्रांसफर | निजी", "ta": "பணம் அனுப்ப=prefix", "te": "డబ్బు పంప=prefix", "kn": "ಹಣ ಕಳುಹಿಸ=prefix",
    "ml": "പണം അയയ്ക്ക=prefix", "mr": "पैसे पाठव=prefix", "gu": "પૈસા મોકલ=prefix", "pa": "ਪੈਸੇ ਭੇਜ=prefix", "or": "ଟଙ୍କା ପଠା=prefix",
    "ne": "पैसा पठाउ=prefix", "en": "transfer | esewa | e sewa | khalti | rupay | ru pay | yono | mobi kwik | nagad=word",
})
_add("bank", "India's payment apps and wallets, whose PIN approves a payment", {
    "en": "phonepe | phone pe | google pay | gpay | g pay | paytm | bhim=word | bkash | mobikwik | amazon pay | freecharge | cred=word",
    "hi": "फोनपे | फ़ोनपे | फोन पे | गूगल पे | जीपे | पेटीएम | भीम=word", "mr": "फोनपे | गूगल पे | पेटीएम | भीम=word",
    "gu": "ફોનપે | ગૂગલ પે | પેટીએમ", "pa": "ਫੋਨਪੇ | ਗੂਗਲ ਪੇ | ਪੇਟੀਐਮ", "bn": "ফোনপে | গুগল পে | পেটিএম | বিকাশ | নগদ=word",
    "ta": "போன்பே | கூகுள் பே | பேடிஎம்", "te": "ఫోన్‌పే | ఫోన్ పే | గూగుల్ పే | పేటీఎం", "kn": "ಫೋನ್‌ಪೇ | ಫೋನ್ ಪೇ | ಗೂಗಲ್ ಪೇ | ಪೇಟಿಎಂ",
    "ml": "ഫോൺപേ | ഗൂഗിൾ പേ | പേടിഎം",
})
_add("card_brand", "Diners Club, the card brand whose name holds a loyalty look-alike word and whose numbers have 14 digits", {
    "en": "diners club | dinersclub | diners card | diners international", "ja": "ダイナースクラブ | ダイナース", "zh-Hans": "大来卡 | 大莱卡 | 大来信用卡",
    "zh-Hant": "大來卡 | 大萊卡", "ko": "다이너스클럽 | 다이너스 클럽 | 다이너스카드", "ru": "дайнерс клаб", "uk": "дайнерс клаб",
})
_add("~password", "a form about a forgotten password asks for none", {
    "en": "forgot your password | forgot password | forgotten password", "et": "unustasid parooli | unustasid salasõna",
    "fr": "mot de passe oublié", "es": "olvidaste tu contraseña | olvidó su contraseña", "pt": "esqueceu sua senha | esqueceu a senha",
    "de": "passwort vergessen", "it": "password dimenticata", "nl": "wachtwoord vergeten", "ru": "забыли пароль", "uk": "забули пароль",
    "pl": "nie pamiętasz hasła", "tr": "şifrenizi mi unuttunuz | şifremi unuttum", "zh-Hans": "忘记密码", "ja": "パスワードを忘れ",
    "ko": "비밀번호를 잊으셨나요 | 비밀번호 찾기", "vi": "quên mật khẩu", "id": "lupa kata sandi", "th": "ลืมรหัสผ่าน",
    "ar": "نسيت كلمة المرور", "he": "שכחת את הסיסמה", "hi": "पासवर्ड भूल गए", "cs": "zapomenuté heslo", "sk": "zabudnuté heslo",
    "hu": "elfelejtett jelszó", "sv": "glömt lösenordet", "da": "glemt adgangskode", "nb": "glemt passord", "fi": "unohditko salasanan",
    "ro": "ai uitat parola", "bg": "забравена парола", "sr": "заборављена лозинка", "hr": "zaboravljena lozinka", "sl": "pozabljeno geslo",
    "lt": "pamiršote slaptažodį", "lv": "aizmirsi paroli", "el": "ξεχάσατε τον κωδικό",
})
_add("~password", "a form about a forgotten password asks for none: the loanwords and other words added in session 27b", {
    "ar": "نسيت الباسورد", "fa": "پسورد را فراموش", "zh-Hant": "忘記通行碼", "am": "ፓስወርድ ረሱ", "es": "clave de internet olvidada | olvidaste tu clave",
})
_add("~seed_words", "keywords and tags are words too", {
    "en": "keywords | key words | tags", "es": "palabras clave", "pt": "palavras-chave | palavras chave", "fr": "mots-clés | mots clés",
    "it": "parole chiave", "de": "schlüsselwörter=infix | stichwörter=infix", "nl": "trefwoorden", "ru": "ключевые слова", "uk": "ключові слова",
    "pl": "słowa kluczowe", "cs": "klíčová slova", "sk": "kľúčové slová", "tr": "anahtar kelime=prefix", "hu": "kulcsszav=prefix | kulcsszó",
    "sv": "nyckelord", "da": "søgeord | nøgleord", "nb": "nøkkelord | stikkord", "fi": "avainsan=prefix", "ro": "cuvinte cheie | cuvinte-cheie",
    "bg": "ключови думи", "sr": "кључне речи", "hr": "ključne riječi", "sl": "ključne besede", "lt": "raktažodži=prefix", "lv": "atslēgvārd=prefix",
    "et": "märksõna=prefix", "ca": "paraules clau", "el": "λέξεις-κλειδιά | λέξεις κλειδιά", "he": "מילות מפתח", "ar": "كلمات مفتاحية | الكلمات المفتاحية",
    "fa": "کلمات کلیدی", "hi": "कीवर्ड | मुख्य शब्द", "zh-Hans": "关键词", "zh-Hant": "關鍵詞 | 關鍵字", "ja": "キーワード", "ko": "키워드",
    "vi": "từ khóa", "id": "kata kunci", "ms": "kata kunci",
})
_add("~password", "Italian: keywords are \"parole chiave\" (the singular is also an old word for a password)", {"it": "parole chiave"})

# Inflected forms the catalogs' dictionary forms miss: definite articles glued on (Romanian "codul",
# Bulgarian "кода", Hebrew "ה"), case endings on every word (Slovene "potrditveno kodo", Greek
# "κωδικό"), consonant gradation (Finnish "avain" -> "avaimesi") and possessives (Turkish "numaranızı").
_add("otp", "inflected forms (articles, cases, possessives)", {
    "tr": "doğrulama kod=prefix | tek kullanımlık kod=prefix | onay kod=prefix | güvenlik kod=prefix | sms kod=prefix",
    "az": "təsdiq kod=prefix | birdəfəlik kod=prefix", "kk": "растау код=prefix | бір реттік код=prefix", "uz": "tasdiqlash kod=prefix",
    "hu": "ellenőrző kód=prefix | megerősítő kód=prefix | biztonsági kód=prefix | egyszer használatos kód=prefix",
    "ro": "codul de verificare | codul de confirmare | codul unic | codul de securitate | codul primit prin sms",
    "bg": "кода за потвърждение | кода за проверка | еднократния код", "mk": "кодот за потврда | kodot za potvrda",
    "el": "κωδικό επαλήθευσης | κωδικού επαλήθευσης | κωδικό επιβεβαίωσης | κωδικό μίας χρήσης | κωδικό ασφαλείας",
    "he": "קוד האימות | את קוד האימות | קוד החד פעמי", "ar": "رمز التحقق الخاص بك | الرمز المرسل",
    "lt": "patvirtinimo kod=prefix | vienkartin kod=prefix | saugos kod=prefix", "lv": "verifikācijas kod=prefix | apstiprinājuma kod=prefix | vienreizējo kodu | vienreizējais kod=prefix",
    "sl": "potrditveno kodo | enkratno kodo | varnostno kodo | preverjalno kodo", "hr": "verifikacijski kod=prefix | jednokratni kod=prefix | kod za potvrdu",
    "pl": "kodu weryfikacyjnego | kod weryfikacyjn=prefix | kodu sms | kodu jednorazowego", "cs": "ověřovací kód=prefix | ověřovacího kódu | jednorázový kód=prefix",
    "sk": "overovací kód=prefix | overovacieho kódu", "ru": "кода подтверждения | код подтвержден=prefix | кодом из смс | одноразовым кодом",
    "uk": "коду підтвердження | код підтвердж=prefix", "fi": "vahvistuskoodi=infix | kertakäyttökoodi=infix | turvakoodi=infix",
    "et": "kinnituskood=infix | ühekordne kood=prefix | turvakood=infix", "sq": "kodin e verifikimit | kodin e konfirmimit",
})
_add("card_number", "inflected forms (articles, cases, possessives)", {
    "tr": "kart numara=prefix | kredi kartı numara=prefix", "az": "kart nömrə=prefix", "kk": "карта нөмір=prefix", "uz": "karta raqam=prefix",
    "hu": "kártyaszám=infix", "fi": "kortin numero=prefix | kortinnumero=infix", "et": "kaardi numb=prefix", "lt": "kortelės numer=prefix",
    "lv": "kartes numur=prefix", "ro": "numărul cardului | numarul cardului", "bg": "номера на картата | номер на картата", "el": "αριθμό κάρτας | αριθμού κάρτας",
    "pl": "numeru karty | numer karty=prefix", "cs": "číslo karty | čísla karty", "sk": "čísla karty", "ru": "номера карты | номер карт=prefix",
    "uk": "номера картки | номер картк=prefix", "sl": "številko kartice | številka kartic=prefix", "hr": "broja kartice | broj kartic=prefix",
    "sr": "број картиц=prefix", "sq": "numrin e kartës", "he": "מספר הכרטיס | את מספר הכרטיס",
})
_add("password", "inflected forms (articles, cases, possessives)", {
    "tr": "şifre=prefix | parola=prefix", "az": "şifrə=prefix | parol=prefix", "kk": "құпиясөз=prefix | құпия сөз=prefix", "uz": "parol=prefix",
    "hu": "jelszav=infix", "fi": "salasan=infix", "et": "parool=infix | parooli", "ro": "parola | parolei | parola ta", "bg": "паролата | парола=prefix",
    "el": "κωδικό πρόσβασης | κωδικού πρόσβασης", "he": "הסיסמה | את הסיסמה | הסיסמא", "sq": "fjalëkalim=prefix",
    "lt": "slaptažod=prefix", "lv": "parol=prefix", "sl": "geslo | gesla | geslom", "mk": "лозинка=prefix",
})
_add("api_key", "inflected forms (articles, cases, possessives)", {
    "fi": "api-avaim=prefix | api avaim=prefix | api-avain=prefix", "et": "api võtme | api-võtme | api võti", "tr": "api anahtar=prefix",
    "hu": "api-kulcs=prefix | api kulcs=prefix", "az": "api açar=prefix", "ro": "cheia api | cheia de api", "bg": "api ключа",
    "el": "κλειδί api | κλειδιού api", "lt": "api rakt=prefix", "lv": "api atslēg=prefix", "pl": "klucza api | klucz api",
    "cs": "api klíč=prefix", "sk": "api kľúč=prefix", "ru": "api-ключа | ключа api | ключ api", "uk": "api-ключа | ключа api",
    "sl": "api ključ=prefix", "hr": "api ključ=prefix", "he": "מפתח ה-api | מפתח ה api",
})
_add("pin", "inflected forms (articles, cases, possessives)", {
    "tr": "pin kod=prefix | pin numara=prefix", "hu": "pin-kód=prefix | pin kód=prefix", "fi": "pin-koodi=prefix | pin koodi=prefix",
    "et": "pin-kood=prefix | pin kood=prefix", "ro": "codul pin", "bg": "пин кода | пин-кода", "el": "κωδικό pin",
    "lt": "pin kod=prefix", "lv": "pin kod=prefix", "pl": "kodu pin | numeru pin", "ru": "пин-кода | пин кода", "uk": "пін-коду | пін коду",
})
_add("cvv", "inflected forms (articles, cases, possessives)", {
    "tr": "cvv kod=prefix | güvenlik kodu cvv", "hu": "cvv kód=prefix | cvc kód=prefix", "ro": "codul cvv | codul cvc", "ru": "cvv-кода | кода cvv",
    "el": "κωδικό cvv", "pl": "kodu cvv | kodu cvc", "fi": "cvv-koodi=prefix", "et": "cvv-kood=prefix", "lt": "cvv kod=prefix", "lv": "cvv kod=prefix",
})
_add("seed_phrase", "inflected forms (articles, cases, possessives)", {
    "tr": "kurtarma ifade=prefix | gizli kurtarma ifade=prefix", "hu": "helyreállítási kifejezés=prefix", "ro": "fraza de recuperare",
    "bg": "фразата за възстановяване", "el": "φράση ανάκτησης | φράσης ανάκτησης", "pl": "frazy odzyskiwania | frazę odzyskiwania",
    "ru": "фразу восстановления | сид-фразу", "uk": "фразу відновлення", "fi": "palautuslause=infix", "et": "taastamisfraas=infix",
})
_add("~token", "token limits and counts", {
    "it": "massimo=prefix | limite | numero di token", "tr": "maksimum | sayısı=word | token sayı=prefix | limit", "nl": "maximaal | aantal",
    "pl": "maksymaln=prefix | liczba | limit", "sv": "max=word | antal", "hu": "maximális | tokenek száma | száma", "fi": "enimmäis=prefix | määrä=prefix",
    "ar": "الحد الأقصى | عدد", "he": "מקסימום | מספר מקסימלי", "hi": "अधिकतम", "id": "maksimum | jumlah", "ms": "maksimum | bilangan",
    "vi": "tối đa | số lượng", "th": "สูงสุด | จำนวน", "cs": "maximální | počet", "sk": "maximálny | počet", "ro": "maxim=prefix | număr=prefix",
    "el": "μέγιστ=prefix | αριθμός", "fa": "حداکثر | تعداد", "uk": "максимальн=prefix | кількість", "da": "maks=word | antal", "nb": "maks=word | antall",
})
_add("~meta", "the name of a key (read in a field's name or title only)", {
    "nl": "naam=word", "sv": "namn=word | namnet", "hu": "neve=word", "he": "שם המפתח | שם של המפתח", "ar": "اسم المفتاح | اسم مفتاح",
    "da": "navn=word", "nb": "navn=word", "pt": "nome=word", "es": "nombre=word", "fr": "nom=word", "it": "nome=word", "de": "name=word",
})

# "The code we sent": a word for a code and a verb of sending in the same text make a one-time code
# (matcher.DERIVED), unless a look-alike (~otp: a promo, invite or tracking code) stands there too.
_add("code", "the noun 'code' (context: read only beside a verb of sending)", {
    "en": "code", "es": "código | codigo", "pt": "código", "fr": "code", "de": "code=prefix", "it": "codice", "nl": "code", "ru": "код=prefix",
    "uk": "код=prefix", "be": "код=prefix", "bg": "код=prefix", "sr": "код=prefix", "mk": "код=prefix", "kk": "код=prefix", "ky": "код=prefix",
    "pl": "kod=prefix", "cs": "kód=prefix", "sk": "kód=prefix", "hr": "kod=prefix", "bs": "kod=prefix", "sl": "kod=prefix", "tr": "kod=prefix",
    "az": "kod=prefix", "uz": "kod=prefix", "hu": "kód=prefix", "ro": "cod=prefix", "sv": "kod=prefix", "da": "kode=prefix", "nb": "kode=prefix",
    "fi": "koodi=prefix", "et": "kood=prefix", "lt": "kod=prefix", "lv": "kod=prefix", "ca": "codi", "gl": "código", "eu": "kode=prefix",
    "el": "κωδικ=prefix", "he": "קוד | הקוד", "ar": "رمز | الرمز | كود", "fa": "کد", "ur": "کوڈ", "hi": "कोड=prefix", "bn": "কোড=prefix", "ta": "குறியீ=prefix",
    "te": "కోడ్=prefix", "mr": "कोड=prefix", "gu": "કોડ=prefix", "kn": "ಕೋಡ್=prefix", "ml": "കോഡ്=prefix", "pa": "ਕੋਡ=prefix", "ne": "कोड=prefix", "zh-Hans": "代码 | 码", "zh-Hant": "代碼 | 碼",
    "ja": "コード | 番号", "ko": "코드 | 번호", "th": "รหัส", "vi": "mã=word", "id": "kode", "ms": "kod", "tl": "code", "sw": "msimbo | namba",
    "ka": "კოდ=prefix", "hy": "կոդ=prefix", "mn": "код=prefix", "sq": "kod=prefix", "is": "kóð=prefix", "af": "kode",
})
_add("sent", "a verb of sending (context: read only beside the noun 'code')", {
    "en": "sent | texted | emailed | we sent | just sent", "es": "enviamos | enviado | enviada | te enviamos", "pt": "enviamos | enviado | enviada",
    "fr": "envoyé | envoyée | reçu | avons envoyé", "de": "geschickt | gesendet | gesandt | zugeschickt", "it": "inviato | inviata | abbiamo inviato",
    "nl": "gestuurd | verstuurd | verzonden", "ru": "отправили | отправлен=prefix | выслали | пришёл | пришел", "uk": "надіслали | надіслан=prefix | відправили",
    "be": "адправілі | даслалі", "pl": "wysłaliśmy | wysłan=prefix | otrzymał=prefix", "cs": "poslali | zaslan=prefix | odeslan=prefix",
    "sk": "poslali | zaslan=prefix", "tr": "gönderdiğimiz | gönderilen | gönderdik", "az": "göndərdiyimiz | göndərilən", "kk": "жіберілген | жібердік",
    "ky": "жөнөтүлгөн", "uz": "yuborilgan | yubordik", "ja": "送信された | 送信した | 送った | 届いた", "ko": "전송된 | 보낸 | 발송된",
    "zh-Hans": "发送到 | 发送的 | 发送至 | 收到的", "zh-Hant": "傳送到 | 發送到 | 收到的", "ar": "أرسلناه | أرسلنا | المرسل | المرسلة | أُرسل",
    "fa": "ارسال کردیم | ارسال شده | فرستادیم", "he": "ששלחנו | שנשלח | שקיבלת", "hi": "भेजा | भेजे गए", "ur": "بھیجا | بھیجے گئے",
    "bn": "পাঠানো | পাঠিয়েছি", "ta": "அனுப்பப்பட்ட | அனுப்பிய", "te": "పంపిన | పంపబడిన", "mr": "पाठवलेला | पाठवला", "gu": "મોકલેલ",
    "kn": "ಕಳುಹಿಸಿದ", "ml": "അയച്ച", "pa": "ਭੇਜਿਆ", "ne": "पठाइएको", "id": "kirim | dikirim | kami kirim", "ms": "hantar | dihantar",
    "vi": "đã gửi | gửi đến", "th": "ส่งไป | ที่ส่ง | เราส่ง", "tl": "ipinadala", "sw": "tuliokutumia | tumekutumia | imetumwa | uliotumwa",
    "sv": "skickade | skickat", "da": "sendte | sendt", "nb": "sendte | sendt", "fi": "lähetimme | lähetetty=prefix", "et": "saatsime | saadetud",
    "hu": "küldött | küldtünk | küldtük", "ro": "trimis | trimisă | am trimis", "bg": "изпратихме | изпратен=prefix", "sr": "послали | послат=prefix",
    "hr": "poslali | poslan=prefix", "bs": "poslali | poslan=prefix", "sl": "poslali | poslan=prefix", "mk": "испративме | испратен=prefix",
    "lt": "išsiuntėme | išsiųst=prefix", "lv": "nosūtījām | nosūtīt=prefix", "ca": "enviat | hem enviat", "gl": "enviamos | enviado",
    "el": "στάλθηκε | στείλαμε | εστάλη", "ka": "გამოგზავნილ=prefix | გამოგიგზავნეთ", "hy": "ուղարկված", "sq": "dërguam | dërguar",
    "af": "gestuur", "is": "sendum | sendur",
})
_add("~otp", "codes that are not secrets: promo, discount, coupon, invite, referral, gift, tracking and order codes", {
    "en": "promo | promotional | discount | coupon | voucher | invite | invitation | referral | gift | tracking",
    "es": "promocional | descuento | cupón | invitación | referido | regalo | seguimiento",
    "pt": "promocional | desconto | cupom | cupão | convite | indicação | presente | rastreamento | rastreio",
    "fr": "promo | promotionnel | réduction | remise | coupon | bon d'achat | invitation | parrainage | cadeau | suivi",
    "de": "rabatt=infix | gutschein=infix | einladung=infix | empfehlung=infix | geschenk=infix | sendungsverfolgung=infix | tracking",
    "it": "promozionale | sconto | coupon | buono | invito | referral | regalo | tracciamento",
    "nl": "korting=infix | kortingscode=infix | uitnodiging=infix | cadeau=infix | tracking | track & trace",
    "ru": "промокод=prefix | скидк=prefix | купон=prefix | приглашени=prefix | реферальн=prefix | подарочн=prefix | отслеживани=prefix",
    "uk": "промокод=prefix | знижк=prefix | запрошенн=prefix | відстеженн=prefix", "pl": "rabat=prefix | kupon=prefix | zaproszeni=prefix | polecając=prefix | śledzeni=prefix | promocyjn=prefix",
    "cs": "slev=prefix | kupón=prefix | pozvánk=prefix | sledování | promo", "sk": "zľav=prefix | kupón=prefix | pozvánk=prefix",
    "tr": "indirim=prefix | kupon=prefix | davet=prefix | promosyon=prefix | hediye=prefix | takip=prefix",
    "hu": "kupon=infix | kedvezmény=infix | meghívó=infix | ajándék=infix | nyomkövetés=infix", "ro": "reducere | cupon | invitație | promoțional | cadou | urmărire",
    "sv": "rabatt=infix | kupong=infix | inbjudan=infix | presentkort=infix | spårning=infix", "da": "rabat=infix | kupon=infix | invitation=infix | gavekort=infix",
    "nb": "rabatt=infix | kupong=infix | invitasjon=infix | gavekort=infix", "fi": "alennus=infix | kuponki=infix | kutsu=infix | lahjakortti=infix | seuranta=infix",
    "el": "έκπτωσ=prefix | κουπόνι=prefix | πρόσκλησ=prefix | προσφορ=prefix", "he": "הנחה | קופון | הזמנה | מעקב", "ar": "خصم | الخصم | قسيمة | كوبون | دعوة | الدعوة | تتبع | ترويجي",
    "fa": "تخفیف | کوپن | دعوت | رهگیری | پیگیری", "hi": "डिस्काउंट | प्रोमो | कूपन | आमंत्रण | रेफरल | ट्रैकिंग", "zh-Hans": "优惠 | 折扣 | 邀请 | 推荐 | 礼品",
    "zh-Hant": "優惠 | 折扣 | 邀請 | 推薦 | 禮品", "ja": "割引 | クーポン | 招待 | 紹介 | プロモーション | 追跡 | ギフト", "ko": "할인 | 쿠폰 | 초대 | 추천 | 프로모션 | 기프트",
    "th": "ส่วนลด | คูปอง | โปรโมชั่น | เชิญ | ติดตามพัสดุ", "vi": "giảm giá | khuyến mãi | phiếu | mời | giới thiệu | theo dõi đơn",
    "id": "diskon | kupon | promo | undangan | referal | pelacakan | resi", "ms": "diskaun | kupon | promosi | jemputan | rujukan",
    "ca": "descompte | cupó | invitació | promocional", "bg": "отстъпк=prefix | купон=prefix | покан=prefix", "hr": "popust=prefix | kupon=prefix | pozivni",
    "sr": "попуст=prefix | купон=prefix | позивни", "sl": "popust=prefix | kupon=prefix | vabil=prefix", "lt": "nuolaid=prefix | kupon=prefix | kvietim=prefix",
    "lv": "atlaid=prefix | kupon=prefix | ielūguma", "et": "sooduskood=infix | kupong=infix | kutse=prefix", "sw": "punguzo | kuponi | mwaliko",
})
_add("password", "inflected forms (articles, cases, possessives)", {"mn": "нууц үг=prefix"})

# "The number of your card": a word for a number and a word for a card in one text make a card number
# (matcher.DERIVED) when a possessive or an adjective stands between them ("numéro de votre carte",
# "номер вашей карты"), unless a look-alike (~card_number: a loyalty, gift, library or SIM card) is there.
_add("number", "the noun 'number' (context: read only beside a word for a card)", {
    "en": "number", "es": "número | numero", "pt": "número | numero", "fr": "numéro | numero", "it": "numero", "de": "nummer=infix",
    "nl": "nummer", "ru": "номер=prefix", "uk": "номер=prefix", "be": "нумар=prefix", "bg": "номер=prefix", "sr": "број=prefix", "mk": "број=prefix",
    "pl": "numer=prefix", "cs": "čísl=prefix | číslo", "sk": "čísl=prefix | číslo", "hr": "broj=prefix", "bs": "broj=prefix", "sl": "številk=prefix",
    "tr": "numara=prefix", "az": "nömrə=prefix", "hu": "szám=prefix", "ro": "număr=prefix | numar=prefix", "sv": "nummer=prefix", "da": "nummer=prefix",
    "nb": "nummer=prefix", "fi": "numero=prefix", "et": "number=prefix", "lt": "numer=prefix", "lv": "numur=prefix", "ca": "número",
    "el": "αριθμ=prefix", "he": "מספר | המספר", "ar": "رقم", "fa": "شماره", "ur": "نمبر", "hi": "नंबर | संख्या", "bn": "নম্বর", "zh-Hans": "号码 | 卡号",
    "ja": "番号", "ko": "번호", "th": "หมายเลข | เลข", "vi": "số=word", "id": "nomor", "ms": "nombor", "kk": "нөмір=prefix", "uz": "raqam=prefix",
    "sq": "numr=prefix", "ka": "ნომერ=prefix", "sw": "namba | nambari",
})
_add("~card_number", "cards that carry no payment: loyalty, gift, library, SIM, identity, health and membership cards", {
    "en": "loyalty | gift | library | sim | membership | identity | health | insurance | student | business | boarding | playing | number of cards",
    "es": "fidelidad | regalo | biblioteca | sim | socio | identidad | sanitaria | seguro | estudiante | embarque | visita | número de tarjetas",
    "pt": "fidelidade | presente | biblioteca | sim | sócio | identidade | saúde | seguro | estudante | embarque",
    "fr": "fidélité | cadeau | bibliothèque | sim | adhérent | membre | identité | vitale | mutuelle | étudiant | embarquement | visite",
    "it": "fedeltà | regalo | biblioteca | sim | socio | identità | sanitaria | studente | imbarco", "de": "kundenkarte=infix | geschenkkarte=infix | gutscheinkarte=infix | guthabenkarte=infix | bibliotheksausweis=infix | sim=word | mitglied=infix | versicherten=infix | gesundheitskarte=infix | bordkarte=infix",
    "nl": "klantenkaart=infix | cadeaukaart=infix | bibliotheek=infix | sim=word | lidmaatschap=infix | zorgpas=infix", "ru": "бонусн=prefix | подарочн=prefix | скидочн=prefix | сим=word | sim=word | читательск=prefix | страхов=prefix | посадочн=prefix | клубн=prefix",
    "uk": "бонусн=prefix | подарунков=prefix | сім=word | sim=word", "pl": "lojalnościow=prefix | podarunkow=prefix | biblioteczn=prefix | sim=word | członkowsk=prefix | pokładow=prefix",
    "tr": "sadakat | hediye=prefix | kütüphane=prefix | sim=word | üyelik=prefix | biniş=prefix", "ar": "الولاء | هدية | الهدية | المكتبة | sim | العضوية | الهوية",
    "zh-Hans": "会员卡 | 积分卡 | 礼品卡 | 图书馆 | sim卡 | 身份证 | 登机牌", "ja": "ポイントカード | ギフトカード | 図書館 | simカード | 会員 | 保険証", "ko": "멤버십 | 기프트 | 도서관 | 유심 | sim",
    "hi": "लॉयल्टी | गिफ्ट | सिम | आधार", "id": "loyalitas | hadiah | perpustakaan | sim | anggota", "vi": "thành viên | quà tặng | thư viện | sim",
    "cs": "věrnostní | dárkov=prefix | knihovn=prefix | sim=word", "hu": "hűségkártya=infix | ajándékkártya=infix | sim=word", "sv": "medlemskort=infix | presentkort=infix | sim=word",
})
# Cards that pay nothing in every language of the corpora: health-insurance, patient and hospital
# cards, library, membership, student, loyalty, transport and identity cards, as a native developer
# titles them. A look-alike excuses only a card word within three words of it (lookalike.places), so a
# qualifier never excuses "card number" asked elsewhere in the text. Words a payment sentence also
# carries ("subscription", "insurance premium", "customer", a member's honorific, an ID number asked
# beside the card, "free") are left out; scripts without spaces take the card word with the qualifier.
_add("~card_number", "cards that carry no payment, in every language of the corpora", {
    "en": "patient | medical | medicare | medicaid | nhs=word | clinic | transit | metro | bus pass | citizen | national id | id card | voter | driving licence | driver's license | employee | staff | badge | school | university | campus | club | discount | reader's",
    "es": "paciente | médica | médico | salud | sanitario | afiliado | afiliación | transporte | metro | estudiantil | universitaria | universitario | escolar | ciudadano | miembro | membresía | club | descuento | empleado | lector",
    "pt": "sus=word | paciente | médico | médica | plano de saúde | convênio | beneficiário | transporte | bilhete único | metrô | estudantil | universitário | escolar | cidadão | associado | membro | clube | desconto | funcionário | leitor",
    "fr": "patient | médicale | médical | santé | assurance maladie | assurance-maladie | ramq=word | transport | navigo | étudiante | scolaire | universitaire | citoyen | club | réduction | employé | lecteur | bibliothèques",
    "it": "paziente | medica | medico | salute | assicurazione sanitaria | trasporto | trasporti | universitaria | universitario | scolastica | cittadino | club | sconto | dipendente | lettore | tessera sanitaria",
    "de": "patient=infix | krankenkass=infix | krankenversicherung=infix | versicherungskarte=infix | studenten=infix | studierenden=infix | schüler=infix | bibliothek=infix | bücherei=infix | mitglieds=infix | treuekarte=infix | bonuskarte=infix | payback=infix | bahncard=infix | fahrkarte=infix | monatskarte=infix | personalausweis=infix | ausweis=infix | mensa=infix",
    "nl": "patiënt=infix | patient=infix | zorgverzekering=infix | ziekenhuis=infix | ov-chipkaart | studenten=infix | bibliotheekpas=infix | ledenpas=infix | spaarkaart=infix | identiteitskaart=infix",
    "ru": "медицинск=prefix | полис=prefix | пациент=prefix | больнич=prefix | поликлиник=prefix | студенческ=prefix | школьн=prefix | транспортн=prefix | библиотечн=prefix | членск=prefix | лояльност=prefix | читател=prefix",
    "uk": "медичн=prefix | пацієнт=prefix | страхов=prefix | лікарн=prefix | студентськ=prefix | учнівськ=prefix | транспортн=prefix | бібліотечн=prefix | читацьк=prefix | членськ=prefix | лояльност=prefix | знижков=prefix | клубн=prefix | id-карт=prefix",
    "be": "медыцынск=prefix | пацыент=prefix | страхав=prefix | студэнцк=prefix | транспартн=prefix | бібліятэчн=prefix | чытацк=prefix | бонусн=prefix | зніжкав=prefix | падарунков=prefix | членск=prefix | клубн=prefix",
    "bg": "здравн=prefix | здравноосигурител=prefix | пациент=prefix | болнич=prefix | студентск=prefix | ученическ=prefix | транспортн=prefix | библиотечн=prefix | читателск=prefix | членск=prefix | лоялн=prefix | бонус=prefix | подаръчн=prefix | лична карта | сим=word",
    "sr": "здравствен=prefix | пацијент=prefix | болнич=prefix | студентск=prefix | ђачк=prefix | библиотеч=prefix | чланск=prefix | лојалност=prefix | поклон=prefix | бонус=prefix | лична карта | превоз=prefix | транспорт=prefix",
    "sr-Latn": "zdravstven=prefix | pacijent=prefix | bolnič=prefix | studentsk=prefix | đačk=prefix | bibliotečk=prefix | člansk=prefix | lojalnost=prefix | poklon=prefix | bonus=prefix | lična karta | prevoz=prefix | transport=prefix",
    "hr": "zdravstven=prefix | pacijent=prefix | bolnič=prefix | studentsk=prefix | iksic=word | knjižnič=prefix | člansk=prefix | vjernost=prefix | poklon=prefix | bonus=prefix | osobna iskaznica | prijevoz=prefix | hzzo=word",
    "bs": "zdravstven=prefix | pacijent=prefix | bolnič=prefix | studentsk=prefix | bibliotečk=prefix | člansk=prefix | lojalnost=prefix | poklon=prefix | lična karta | prevoz=prefix",
    "mk": "здравствен=prefix | пациент=prefix | болнич=prefix | студентск=prefix | библиотеч=prefix | членск=prefix | лојалност=prefix | подарок=prefix | лична карта | превоз=prefix",
    "sl": "zdravstven=prefix | zavarovanj=prefix | pacient=prefix | bolnišnič=prefix | študentsk=prefix | dijašk=prefix | knjižnič=prefix | člansk=prefix | zvestob=prefix | dariln=prefix | osebna izkaznica | prevoz=prefix | urbana=word",
    "pl": "pacjent=prefix | medyczn=prefix | zdrowotn=prefix | nfz=word | szpital=prefix | studenck=prefix | legitymacj=prefix | uczniowsk=prefix | miejsk=prefix | transportow=prefix | stałego klienta | rabatow=prefix | klubow=prefix",
    "cs": "pacient=prefix | zdravotn=prefix | pojištěn=prefix | pojišťovn=prefix | nemocnič=prefix | studentsk=prefix | isic=word | žákovsk=prefix | člensk=prefix | zákaznick=prefix | slevov=prefix | věrnostn=prefix | dopravn=prefix | lítačk=prefix | průkaz=prefix",
    "sk": "pacient=prefix | zdravotn=prefix | poisten=prefix | poisťovn=prefix | nemocničn=prefix | študentsk=prefix | isic=word | člensk=prefix | zákaznícke=prefix | zákaznícka=prefix | zákazníckej=prefix | zľavov=prefix | vernostn=prefix | darčekov=prefix | knižnič=prefix | dopravn=prefix | preukaz=prefix | občiansk=prefix",
    "hu": "taj-kártya=infix | tajkártya=infix | egészségbiztosítás=infix | egészségügyi | betegkártya=infix | beteg=prefix | kórházi | diákigazolvány=infix | diák=prefix | hallgatói | könyvtár=infix | tagsági | törzsvásárlói | kedvezmény=infix | törzsvendég=infix | személyi igazolvány | közlekedési",
    "ro": "membru=prefix | fidelitate | cadou | bibliotec=prefix | sănătate | asigurări de sănătate | pacient=prefix | medical=prefix | spital=prefix | student=prefix | elev=word | transport=prefix | identitate | buletin=prefix | club=prefix | reducere=prefix | sim=word",
    "el": "υγείας | ασθεν=prefix | ιατρικ=prefix | νοσοκομ=prefix | φοιτητ=prefix | μαθητ=prefix | βιβλιοθήκ=prefix | μέλους | επιβράβευσ=prefix | πιστότητας | δώρου | δωροκάρτ=prefix | ταυτότητ=prefix | μετακίνησ=prefix | sim=word",
    "tr": "hasta=prefix | sağlık=prefix | öğrenci=prefix | okul=prefix | istanbulkart | ulaşım=prefix | toplu taşıma | kimlik=prefix | indirim=prefix | kulüp=prefix | üye kartı",
    "az": "xəstə=prefix | tibbi | sağlamlıq=prefix | tələbə=prefix | məktəb=prefix | kitabxana=prefix | üzv=prefix | loyallıq=prefix | bonus=prefix | hədiyyə=prefix | şəxsiyyət=prefix | nəqliyyat=prefix | bakıkart | sim=word",
    "kk": "медициналық | медицин=prefix | пациент=prefix | аурухана=prefix | емхана=prefix | студент=prefix | оқушы=prefix | кітапхана=prefix | мүше=prefix | бонус=prefix | сыйлық=prefix | жеке куәлік | көлік=prefix | сим=word",
    "ky": "медициналык=prefix | медицин=prefix | бейтап=prefix | пациент=prefix | оорукана=prefix | студент=prefix | окуучу=prefix | китепкана=prefix | мүчө=prefix | бонус=prefix | белек=prefix | инсандык=prefix | транспорт=prefix | сим=word",
    "uz": "tibbiy | bemor=prefix | shifoxona=prefix | kasalxona=prefix | poliklinika=prefix | talaba=prefix | o'quvchi=prefix | kutubxona=prefix | a'zo=prefix | a'zolik=prefix | bonus=prefix | sovg'a=prefix | id-karta | transport=prefix | sim=word",
    "tg": "тиббӣ | бемор=prefix | беморхона=prefix | донишҷӯ=prefix | хонанда=prefix | китобхона=prefix | аъзо=prefix | бонус=prefix | тӯҳфа=prefix | шахсият=prefix | нақлиёт=prefix",
    "tk": "lukmançylyk | saglyk=prefix | hassa=prefix | keselhana=prefix | talyp=prefix | okuwçy=prefix | kitaphana=prefix | agza=prefix | bonus=prefix | sowgat=prefix | şahsyýet=prefix | ulag=prefix",
    "mn": "эмнэлг=prefix | эрүүл мэнд=prefix | даатгал=prefix | өвчтөн=prefix | оюутн=prefix | оюутан=prefix | сурагч=prefix | номын сан=prefix | гишүүн=prefix | урамшуул=prefix | бэлэг=prefix | иргэний үнэмлэх=prefix | тээвр=prefix",
    "hy": "բժշկական | բժշկ=prefix | հիվանդ=prefix | ապահովագր=prefix | ուսանող=prefix | աշակերտ=prefix | գրադարան=prefix | անդամ=prefix | բոնուս=prefix | նվեր=prefix | նույնականացման | տրանսպորտ=prefix",
    "ka": "სამედიცინო | ჯანმრთელობ=prefix | დაზღვევ=prefix | პაციენტ=prefix | საავადმყოფ=prefix | სტუდენტ=prefix | მოსწავლ=prefix | ბიბლიოთეკ=prefix | წევრ=prefix | ბონუს=prefix | საჩუქრ=prefix | პირადობ=prefix | სატრანსპორტო | მეტროს",
    "he": "קופת חולים | חולה | מטופל | רפואי | ביטוח רפואי | ביטוח בריאות | כרטיס ביטוח | בית חולים | סטודנט | תלמיד | ספרייה | ספריה | מועדון | נאמנות | מתנה | זהות | רב-קו | רב קו | תחבורה ציבורית",
    "ar": "المريض | الطبي | الطبية | الصحية | صحية | التأمين الصحي | تأمين صحي | بطاقة التأمين | المستشفى | الطالب | الطلاب | الطلابية | طلابية | الجامعية | الجامعي | النقل العام | المواصلات | الهوية الوطنية | الأحوال المدنية | مكتبة | عضوية | الولاء",
    "fa": "بیمار | پزشکی | درمانی | سلامت | بیمه درمانی | بیمه سلامت | کارت بیمه | دفترچه بیمه | دانشجویی | دانش‌آموزی | دانش آموزی | کتابخانه | عضویت | باشگاه مشتریان | وفاداری | هدیه | کارت ملی | مترو | بلیت",
    "ur": "مریض | میڈیکل | صحت | ہسپتال | ہیلتھ | انشورنس کارڈ | طالب علم | طالبعلم | اسٹوڈنٹ | لائبریری | کتب خانہ | رکنیت | ممبرشپ | لائلٹی | تحفہ | گفٹ | شناختی | سم کارڈ",
    "ps": "روغتیا | ناروغ | روغتون | بیمې کارت | زده کوونکي | محصل | کتابتون | غړیتوب | ډالۍ | تذکره | پېژند",
    "hi": "स्वास्थ्य | मरीज़=prefix | मरीज=prefix | रोगी=prefix | चिकित्सा | मेडिकल | अस्पताल | बीमा कार्ड | आयुष्मान | छात्र=prefix | विद्यार्थी | पुस्तकालय | लाइब्रेरी | सदस्य=prefix | मेंबरशिप | उपहार | पहचान पत्र | वोटर | राशन | मेट्रो",
    "mr": "आरोग्य | रुग्ण=prefix | रुग्णालय | वैद्यकीय | विमा कार्ड | विद्यार्थी | ग्रंथालय | सदस्य=prefix | लॉयल्टी | भेट | ओळखपत्र | आधार | मेट्रो",
    "gu": "આરોગ્ય | દર્દી=prefix | તબીબી | હોસ્પિટલ | વીમા કાર્ડ | વિદ્યાર્થી | પુસ્તકાલય | લાઇબ્રેરી | સભ્ય=prefix | લોયલ્ટી | ભેટ | ઓળખ=prefix | આધાર | મેટ્રો",
    "pa": "ਸਿਹਤ | ਮਰੀਜ਼=prefix | ਮਰੀਜ=prefix | ਮੈਡੀਕਲ | ਹਸਪਤਾਲ | ਬੀਮਾ ਕਾਰਡ | ਵਿਦਿਆਰਥੀ | ਲਾਇਬ੍ਰੇਰੀ | ਲਾਇਬਰੇਰੀ | ਮੈਂਬਰ=prefix | ਤੋਹਫ਼ਾ | ਪਛਾਣ=prefix | ਆਧਾਰ",
    "ne": "स्वास्थ्य | बिरामी=prefix | अस्पताल | बीमा कार्ड | विद्यार्थी | पुस्तकालय | सदस्य=prefix | सदस्यता | उपहार | परिचयपत्र | नागरिकता | tims=word | ट्रेकिङ",
    "bn": "স্বাস্থ্য | রোগী=prefix | চিকিৎসা | হাসপাতাল | স্বাস্থ্য বীমা | ছাত্র=prefix | শিক্ষার্থী | লাইব্রেরি | গ্রন্থাগার | সদস্য=prefix | লয়্যালটি | উপহার | গিফট | পরিচয়পত্র | জাতীয় পরিচয় | ভোটার | মেট্রো",
    "si": "සෞඛ්‍ය | රෝගී | වෛද්‍ය | රෝහල | ශිෂ්‍ය | පුස්තකාල | සාමාජික | පක්ෂපාතී | තෑගි | හැඳුනුම්පත | ජාතික හැඳුනුම්",
    "ta": "சுகாதார | மருத்துவ | நோயாளி=prefix | மருத்துவமனை | காப்பீட்டு அட்டை | மாணவர்=prefix | நூலக=prefix | உறுப்பினர்=prefix | லாயல்டி | பரிசு | அடையாள=prefix | ஆதார் | மெட்ரோ",
    "te": "ఆరోగ్య=prefix | వైద్య=prefix | రోగి=prefix | ఆసుపత్రి | బీమా కార్డు | విద్యార్థి=prefix | గ్రంథాలయ=prefix | లైబ్రరీ | సభ్యత్వ=prefix | లాయల్టీ | బహుమతి | గుర్తింపు=prefix | ఆధార్ | మెట్రో",
    "kn": "ಆರೋಗ್ಯ=prefix | ವೈದ್ಯಕೀಯ | ರೋಗಿ=prefix | ಆಸ್ಪತ್ರೆ | ವಿಮಾ ಕಾರ್ಡ್ | ವಿದ್ಯಾರ್ಥಿ=prefix | ಗ್ರಂಥಾಲಯ=prefix | ಲೈಬ್ರರಿ | ಸದಸ್ಯ=prefix | ಲಾಯಲ್ಟಿ | ಉಡುಗೊರೆ | ಗುರುತಿನ | ಆಧಾರ್ | ಮೆಟ್ರೋ",
    "ml": "ആരോഗ്യ=prefix | മെഡിക്കൽ | രോഗി=prefix | ആശുപത്രി=prefix | ഇൻഷുറൻസ് കാർഡ് | വിദ്യാർത്ഥി=prefix | ലൈബ്രറി | ഗ്രന്ഥശാല | അംഗത്വ=prefix | ലോയൽറ്റി | സമ്മാന=prefix | തിരിച്ചറിയൽ | ആധാർ | മെട്രോ",
    "th": "บัตรนักศึกษา | บัตรนักเรียน | บัตรประชาชน | บัตรสมาชิก | บัตรผู้ป่วย | บัตรโรงพยาบาล | บัตรประกันสุขภาพ | บัตรทอง | บัตรห้องสมุด | บัตรสะสมแต้ม | บัตรของขวัญ | บัตรรถไฟฟ้า | บัตรแรบบิท | บัตรโดยสาร | ซิมการ์ด",
    "lo": "ບັດສະມາຊິກ | ບັດນັກຮຽນ | ບັດນັກສຶກສາ | ບັດປະກັນສຸຂະພາບ | ບັດຄົນເຈັບ | ບັດຫ້ອງສະໝຸດ | ບັດປະຈຳຕົວ | ບັດຂອງຂວັນ",
    "km": "កាតសមាជិក | ប័ណ្ណសមាជិក | កាតសិស្ស | ប័ណ្ណសិស្ស | កាតនិស្សិត | ប័ណ្ណនិស្សិត | កាតសុខភាព | ប័ណ្ណសុខភាព | កាតអ្នកជំងឺ | ប័ណ្ណបណ្ណាល័យ | កាតបណ្ណាល័យ | អត្តសញ្ញាណប័ណ្ណ | កាតអំណោយ",
    "my": "အသင်းဝင်ကတ် | ကျောင်းသားကတ် | ဆေးရုံကတ် | ကျန်းမာရေးကတ် | လူနာကတ် | စာကြည့်တိုက်ကတ် | မှတ်ပုံတင် | လက်ဆောင်ကတ်",
    "zh-Hans": "医保卡 | 就诊卡 | 健康卡 | 医疗卡 | 病历卡 | 学生证 | 学生卡 | 校园卡 | 借书证 | 读者证 | 公交卡 | 交通卡 | 优惠卡 | 员工卡 | 工卡 | 门禁卡",
    "zh-Hant": "健保卡 | 就診卡 | 學生證 | 學生卡 | 悠遊卡 | 借書證 | 圖書館 | 會員卡 | 集點卡 | 禮品卡 | 禮物卡 | 身分證 | 身份證 | 員工證",
    "ja": "診察券 | 健康保険 | マイナンバーカード | 学生証 | 社員証 | suica=word | pasmo=word | 図書カード | 利用者カード | 患者カード | メンバーズカード | 会員証",
    "ko": "건강보험 | 환자 | 진료카드 | 진찰권 | 병원 카드 | 학생증 | 학생 카드 | 티머니 | 주민등록 | 신분증 | 회원카드 | 회원 카드 | 회원증 | 포인트카드 | 적립카드 | 사원증",
    "vi": "bhyt=word | bảo hiểm y tế | y tế | bệnh nhân | người bệnh | bệnh viện | sinh viên | học sinh | căn cước | khách hàng thân thiết | tích điểm | xe buýt",
    "id": "peserta | bpjs=word | kesehatan | pasien | berobat | rumah sakit | mahasiswa | pelajar | siswa | tanda penduduk | identitas | keanggotaan | member",
    "ms": "kesetiaan | hadiah | perpustakaan | ahli | keahlian | kesihatan | pesakit | hospital | pelajar | mahasiswa | pengenalan | mykad | sim=word",
    "fil": "loyalty | regalo | aklatan | library | miyembro | membership | philhealth | kalusugan | pasyente | ospital | estudyante | mag-aaral | pagkakakilanlan | national id | sim=word",
    "ca": "fidelitat | regal | biblioteca | soci | sòcia | identitat | sanitària | salut | pacient | estudiant | transport | t-mobilitat | embarcament | membre | sim=word | catsalut",
    "gl": "fidelización | agasallo | biblioteca | socio | identidade | sanitaria | saúde | paciente | estudante | transporte | embarque | membro | sim=word",
    "eu": "osasun=prefix | gaixo=prefix | paziente=prefix | ikasle=prefix | liburutegi=prefix | bazkide=prefix | leialtasun=prefix | opari=prefix | nortasun=prefix | garraio=prefix | barik=word",
    "cy": "llyfrgell | lyfrgell | aelod=prefix | aelodaeth | teyrngarwch | rhodd | anrheg | iechyd | claf | cleifion | myfyriwr | fyfyriwr | myfyrwyr | fyfyrwyr | ysbyty | hunaniaeth | adnabod | teithio | deithio | bws | sim=word",
    "ga": "leabharlann | leabharlainne | ballraíochta | dílseachta | bronntanais | sláinte | othar | othair | mac léinn | mic léinn | scoile | aitheantais | taistil | sim=word",
    "mt": "librerija | membru=prefix | membri | lealtà | rigal=prefix | saħħa | sahha | pazjent=prefix | student=prefix | studenti | identità | identita | trasport=prefix | tallinja | sim=word",
    "lb": "bibliothéik=infix | member=infix | memberskaart=infix | treiekaart=infix | kaddo=infix | gesondheet=infix | patient=infix | student=infix | identitéit=infix | transport=infix | sim=word",
    "is": "bókasafn=infix | félaga=infix | félagsskírteini=infix | vildar=infix | gjafakort=infix | sjúkratrygging=infix | heilsu=infix | sjúklings=infix | nemenda=infix | nemendaskírteini=infix | persónuskilríki=infix | strætó=infix | sim=word",
    "da": "medlems=infix | bibliotek=infix | sundhedskort=infix | sygesikring=infix | patient=infix | studiekort=infix | studenter=infix | rejsekort=infix | loyalitet=infix",
    "nb": "medlemskort=infix | medlems=infix | gavekort=infix | bibliotek=infix | helsekort=infix | pasient=infix | studentkort=infix | student=infix | reisekort=infix | fordelskort=infix | bonuskort=infix | sim=word",
    "sv": "medlems=infix | bibliotek=infix | lånekort=infix | sjukvård=infix | patient=infix | försäkringskort=infix | student=infix | studentkort=infix | resekort=infix | bonuskort=infix | id-kort=infix | legitimation=infix",
    "fi": "kanta-asiakas=infix | kantaasiakas=infix | bonuskortti=infix | lahjakortti=infix | kirjasto=infix | jäsen=infix | kela=infix | kelakortti=infix | sairaus=infix | terveys=infix | potilas=infix | opiskelija=infix | matkakortti=infix | henkilökortti=infix | sim=word",
    "et": "püsikliendi=infix | kinkekaart=infix | raamatukogu=infix | liikme=infix | haigekassa=infix | tervise=infix | patsiendi=infix | õpilas=infix | üliõpilas=infix | tudengi=infix | isikukaart=infix | ühiskaart=infix | sim=word",
    "lv": "lojalitāt=prefix | dāvan=prefix | bibliotēk=prefix | biedr=prefix | veselīb=prefix | pacient=prefix | apdrošināšan=prefix | student=prefix | skolēn=prefix | personas apliecība | e-talon=prefix | sim=word",
    "lt": "lojalumo | dovan=prefix | bibliotek=prefix | nari=prefix | sveikatos | pacient=prefix | draudim=prefix | student=prefix | moksleivi=prefix | asmens tapatybės | keleivi=prefix | sim=word",
    "sq": "pacient=prefix | shëndet=prefix | sigurim=prefix | spital=prefix | student=prefix | nxënës=prefix | bibliotek=prefix | anëtar=prefix | besnikëri=prefix | dhurat=prefix | identitet=prefix | transport=prefix | sim=word",
    "af": "lojaliteit=infix | geskenk=infix | biblioteek=infix | lidmaatskap=infix | gesondheid=infix | mediese | pasiënt=infix | pasient=infix | mediesefonds=infix | student=infix | identiteit=infix | sim=word",
    "sw": "uanachama | mwanachama | zawadi | maktaba | bima ya afya | afya | mgonjwa | hospitali | mwanafunzi | kitambulisho | usafiri | sim=word",
    "ha": "lafiya | inshorar lafiya | majiyyaci | asibiti | ɗalibi | dalibi | ɗalibai | dalibai | laburare | ɗakin karatu | dakin karatu | mamba | membobi | shaidar ɗan ƙasa | sufuri | sim=word",
    "yo": "ìlera | ilera | aláìsàn | alaisan | akẹ́kọ̀ọ́ | akeko | ilé ìkàwé | ile ikawe | ọmọ ẹgbẹ́ | omo egbe | ìdánimọ̀ | idanimo | ẹ̀bùn | ebun | ìrìnnà | irinna | sim=word",
    "ig": "ahụike | ahuike | onye ọrịa | onye oria | nwa akwụkwọ | nwa akwukwo | ọbá akwụkwọ | oba akwukwo | onye otu | njirimara | onyinye | sim=word",
    "zu": "mtapo=infix | lungu=infix | siguli=infix | mpilo=infix | mfundi=infix | bafundi=infix | sipho=infix | buzwe=infix | kuthutha=infix | sim=word",
    "xh": "mpilo=infix | gulayo=infix | mfundi=infix | bafundi=infix | ithala leencwadi | lungu=infix | sipho=infix | sazisi=infix | sim=word",
    "am": "ታካሚ=infix | ሕክምና=infix | ህክምና=infix | ጤና=infix | ሆስፒታል=infix | ተማሪ=infix | ቤተ መጻሕፍት | ቤተመጻሕፍት=infix | አባል=infix | ስጦታ=infix | መታወቂያ=infix | ትራንስፖርት=infix | sim=word",
})
_add("~card_number", "a count of cards", {"fr": "nombre de cartes", "de": "anzahl der karten", "ru": "количество карт",
                                          "pt": "número de cartões", "it": "numero di carte"})
_add("recovery", "imperatives and other everyday forms", {
    "es": "recupera tu cuenta | recupere su cuenta | restablecer tu cuenta | recuperación de la cuenta", "pt": "recupere sua conta | recupera a tua conta",
    "it": "recupera il tuo account | recupero account", "fr": "récupérez votre compte | récupération de compte", "de": "konto-wiederherstellung | stelle dein konto wieder her",
    "en": "recover account | account recovery question | reset your account", "ru": "восстановите доступ | восстановление учётной записи | восстановление учетной записи",
})
_add("wallet", "possessive forms", {"ar": "محفظت=infix", "fa": "کیف پولت | کیف پول خود", "he": "הארנק"})
_add("~pin", "postal codes by their abbreviations", {"de": "plz=word", "pt": "cep=word", "it": "cap=word", "en": "zip=word | postcode"})
_add("code", "digits and characters of a code", {
    "en": "digits | numbers | characters", "es": "dígitos | números", "pt": "dígitos | números", "fr": "chiffres | caractères", "de": "ziffern | zahlen",
    "it": "cifre | numeri", "ru": "цифр=prefix", "uk": "цифр=prefix", "pl": "cyfr=prefix", "nl": "cijfers", "tr": "rakam=prefix", "sv": "siffror=prefix",
    "ja": "数字", "zh-Hans": "数字", "ko": "숫자", "ar": "الأرقام | أرقام", "id": "angka | digit", "vi": "chữ số",
    "ms": "digit | angka", "hi": "अंक",
})
_add("password", "paraphrases", {"en": "word you use to sign in | word you use to log in | same word you use to sign in | phrase you use to sign in"})
_add("~card_number", "settings about a card", {"en": "card type | type of card | card brand | name on the card | name on card | cardholder name"})
_add("~card_number", "a cooking pan, not a card's PAN", {"en": "pan size | frying pan | baking pan | pan diameter"})

# --- Gaps the heldout6 dev set showed (issue 11), added as classes for every language of the web's top
# 84, not as the cases: the noun "key" beside "API" or "Wi-Fi", the loanwords of "token", "PIN" and
# "API" in each script, the words of a recovery phrase and the wallet they restore, account recovery
# and the security question, authenticator apps and cash withdrawals beside a bare code field.

# "API" as written in each script (context: read only beside a word for a key, matcher.DERIVED).
_add("api", "the acronym API in each script (context for a word for a key)", {
    "en": "api=word | apis=word", "hi": "एपीआई", "mr": "एपीआय | एपीआई", "ne": "एपीआई", "bn": "এপিআই", "ta": "ஏபிஐ", "te": "ఏపీఐ | ఎపిఐ",
    "kn": "ಎಪಿಐ", "ml": "എപിഐ", "gu": "એપીઆઈ", "pa": "ਏਪੀਆਈ", "si": "ඒපීඅයි", "ur": "اے پی آئی", "fa": "ای‌پی‌آی | ای پی آی",
    "ar": "واجهة برمجة التطبيقات | واجهة البرمجة", "am": "ኤፒአይ=infix", "my": "အေပီအိုင်", "km": "អេភីអាយ", "th": "เอพีไอ", "lo": "ເອພີໄອ",
    "ru": "апи=word", "uk": "апі=word", "bg": "апи=word", "sr": "апи=word", "mk": "апи=word", "kk": "апи=word", "he": "ממשק תכנות",
    "zh-Hans": "接口", "ja": "エーピーアイ",
})
# The noun "key" (context: read only beside "API" or "Wi-Fi"); words that also mean "what" or "of"
# (Bengali "কী", Hindi and Urdu "की/کی", Punjabi "ਕੀ") are left out and listed under api_key as titles only.
_add("key", "the noun 'key' (context: read only beside 'API' or 'Wi-Fi')", {
    "en": "key | keys", "es": "clave | llave | claves | llaves", "pt": "chave | chaves", "gl": "chave", "ca": "clau | claus",
    "fr": "clé | clef | cle=word | clés", "it": "chiave | chiavi", "de": "schlüssel=infix | schluessel=infix", "lb": "schlëssel=infix | schlessel=infix",
    "nl": "sleutel=infix", "af": "sleutel=infix", "da": "nøgle=infix | nogle=word", "nb": "nøkkel=infix | nøkkelen", "no": "nøkkel=infix",
    "sv": "nyckel=infix | nyckeln", "is": "lykil=prefix", "fi": "avain | avaim=prefix", "et": "võti | võtme=prefix | voti | votme=prefix",
    "lv": "atslēg=prefix | atsleg=prefix", "lt": "rakt=prefix", "pl": "klucz=prefix", "cs": "klíč=prefix | klic=prefix", "sk": "kľúč=prefix | kluc=prefix",
    "hu": "kulcs=prefix", "ro": "cheie | cheia | cheii | chei", "bg": "ключ=prefix", "ru": "ключ=prefix", "uk": "ключ=prefix",
    "be": "ключ=prefix | kluč=prefix | kluc=prefix", "sr": "кључ=prefix", "sr-Latn": "ključ=prefix | kljuc=prefix", "hr": "ključ=prefix | kljuc=prefix",
    "bs": "ključ=prefix | kljuc=prefix", "sl": "ključ=prefix | kljuc=prefix", "mk": "клуч=prefix | kluc=prefix", "sq": "çelës=prefix | celes=prefix",
    "el": "κλειδ=prefix", "tr": "anahtar=prefix", "az": "açar=prefix | acar=prefix", "kk": "кілт=prefix | kilt=prefix", "ky": "ачкыч=prefix | achkych=prefix",
    "uz": "kalit=prefix | калит=prefix", "tg": "калид=prefix | kalid=prefix", "mn": "түлхүүр=prefix | tulkhuur=prefix", "ka": "გასაღებ=prefix | gasagheb=prefix",
    "hy": "բանալի=prefix | banali=prefix", "he": "מפתח", "ar": "مفتاح | المفتاح", "fa": "کلید", "ps": "کیلي | کلي | kili=word",
    "ur": "کلید", "hi": "कुंजी", "ne": "कुञ्जी | साँचो", "ta": "சாவி=prefix | கீ=word | saavi=word", "te": "కీ=word | కీని | కీను", "kn": "ಕೀ=word | ಕೀಲಿ=prefix",
    "ml": "കീ=word | താക്കോൽ", "gu": "કી=word | ચાવી", "mr": "कळ | चावी", "si": "යතුර=prefix | yathura=word", "km": "សោ", "lo": "ກະແຈ",
    "my": "ကီး | သော့", "th": "คีย์ | กุญแจ", "vi": "khóa=word | khoá=word | khoa=word", "id": "kunci", "ms": "kunci", "fil": "susi",
    "sw": "ufunguo", "am": "ቁልፍ=infix", "ha": "mabuɗi=prefix | mabudi=prefix", "yo": "kọ́kọ́rọ́ | kokoro=word", "zu": "ukhiye | isihluthulelo",
    "cy": "allwedd=prefix", "ga": "eochair | n-eochair", "mt": "ċavetta | cavetta", "eu": "gako=prefix", "ja": "キー | 鍵", "zh-Hans": "密钥 | 秘钥 | 钥匙",
    "zh-Hant": "金鑰 | 密鑰", "ko": "키",
})
_add("api_key", "'API key' where the word for a key is also 'what' or 'of' (the whole title only)", {
    "hi": "api की=whole | एपीआई की=whole", "ur": "api کی=whole | اے پی آئی کی=whole", "mr": "api की=whole | एपीआय की=whole",
    "ne": "api की=whole", "bn": "api কী=whole | এপিআই কী=whole", "pa": "api ਕੀ=whole | ਏਪੀਆਈ ਕੀ=whole",
})
_add("api_key", "the secret key of a payment or webhook console", {
    "es": "llave secreta | llave privada de la api", "uz": "maxfiy kalit=prefix | махфий калит=prefix", "kk": "құпия кілт=prefix | qupia kilt=prefix",
    "ky": "жашыруун ачкыч=prefix", "tg": "калиди махфӣ=prefix | kalidi makhfi", "az": "gizli açar=prefix", "mn": "нууц түлхүүр=prefix",
    "hy": "գաղտնի բանալի=prefix", "ka": "საიდუმლო გასაღებ=prefix", "sq": "çelësi sekret | celesi sekret", "et": "salajane võti | salajase võtme",
    "is": "leynilykil=prefix", "ga": "eochair rúnda", "cy": "allwedd gyfrinachol", "mt": "ċavetta sigrieta", "eu": "gako sekretu=prefix",
    "gl": "chave secreta", "ca": "clau secreta", "af": "geheime sleutel", "sw": "ufunguo wa siri", "zu": "ukhiye oyimfihlo",
    "fil": "lihim na susi", "bn": "গোপন কী", "ur": "خفیہ کلید", "ne": "गोप्य कुञ्जी", "si": "රහස් යතුර", "am": "ሚስጥራዊ ቁልፍ",
})

# Wi-Fi (context: a word for a key or a code beside it is the network's password).
_add("wifi", "Wi-Fi and wireless networks in each script (context for a word for a key or a code)", {
    "en": "wifi | wi fi | wlan | wpa | wpa2 | wpa3 | wireless network | hotspot", "es": "red inalámbrica", "pt": "rede sem fio", "fr": "réseau sans fil",
    "de": "wlan | funknetz=infix", "ru": "вайфай | вай фай | wi-fi", "uk": "вайфай | вай фай", "be": "вайфай", "bg": "уайфай | вайфай",
    "kk": "вайфай", "ar": "واي فاي | الواي فاي | وايفاي | الوايفاي", "fa": "وای فای | وای‌فای | وایفای", "ur": "وائی فائی | وائی فائ",
    "ps": "وای فای", "he": "וויפיי | ווייפיי | וואי פיי", "hi": "वाईफाई | वाई फाई | वाई-फाई", "mr": "वायफाय", "ne": "वाइफाइ", "bn": "ওয়াইফাই | ওয়াই-ফাই",
    "ta": "வைஃபை | வைபை", "te": "వైఫై", "kn": "ವೈಫೈ", "ml": "വൈഫൈ", "gu": "વાઇફાઇ", "pa": "ਵਾਈਫਾਈ", "si": "වයිෆයි", "th": "ไวไฟ",
    "lo": "ວາຍຟາຍ", "km": "វ៉ាយហ្វាយ", "my": "ဝိုင်ဖိုင်", "am": "ዋይፋይ", "ka": "ვაიფაი", "hy": "վայֆայ", "el": "ασύρματο δίκτυο",
    "ja": "ワイファイ | 無線lan", "zh-Hans": "无线网络 | 无线网", "zh-Hant": "無線網路", "ko": "와이파이 | 무선 네트워크",
})
# The SSID field beside which a free-text field of 8 characters or more (WPA's minimum) is the password.
_add("ssid", "the name of a Wi-Fi network, as a form's field asks for it", {
    "en": "ssid | network name | wifi name | wi fi name", "es": "nombre de la red | nombre de red | nombre del wifi", "pt": "nome da rede | nome do wifi",
    "fr": "nom du réseau | nom du reseau | nom de réseau", "it": "nome della rete | nome rete", "de": "netzwerkname=infix | wlan-name | name des netzwerks",
    "nl": "netwerknaam=infix", "sv": "nätverksnamn=infix", "da": "netværksnavn=infix", "nb": "nettverksnavn=infix", "fi": "verkon nimi",
    "pl": "nazwa sieci", "cs": "název sítě", "sk": "názov siete", "hu": "hálózat neve | hálózatnév", "ro": "numele rețelei | numele retelei",
    "ru": "имя сети | название сети", "uk": "назва мережі | ім'я мережі", "bg": "име на мрежата", "sr": "назив мреже | име мреже",
    "hr": "naziv mreže | naziv mreze", "bs": "naziv mreže | naziv mreze", "sr-Latn": "naziv mreže | naziv mreze", "sl": "ime omrežja",
    "el": "όνομα δικτύου | ονομα δικτυου", "tr": "ağ adı | ag adi", "ar": "اسم الشبكة", "fa": "نام شبکه", "he": "שם הרשת",
    "hi": "नेटवर्क का नाम | नेटवर्क नाम", "th": "ชื่อเครือข่าย", "vi": "tên mạng | tên wifi", "id": "nama jaringan | nama wifi", "ms": "nama rangkaian",
    "ja": "ネットワーク名", "zh-Hans": "网络名称 | 无线名称", "zh-Hant": "網路名稱", "ko": "네트워크 이름",
})
_add("password", "Wi-Fi and network passwords as the words are inflected or joined", {
    "ar": "كلمة سر | كلمة مرور | كلمه السر | كلمه المرور", "he": "סיסמת | סיסמאת", "fr": "clé wpa | cle wpa | clé de sécurité wpa | cle de securite wpa | clé wifi | cle wifi",
    "es": "clave del wifi | clave wifi | contraseña del wifi", "sr-Latn": "šifra za prijavu | šifru za prijavu | sifra za prijavu | šifra naloga | šifra za pristup",
    "hr": "šifra za prijavu | sifra za prijavu | šifra za wi-fi | sifra za wi-fi | šifra za wifi", "bs": "šifra za prijavu | šifra za wi-fi | sifra za wi-fi | šifra za wifi",
    "sr": "шифра за пријаву | шифра за wi-fi", "el": "κωδικος wi-fi | κωδικός wi-fi | κωδικος wifi", "tr": "wifi şifresi | wi-fi şifresi",
})

# Loanwords for "token" in each script; their look-alikes (ticker symbols, prices) follow below.
_add("token", "the loanword 'token' in each script and its inflections", {
    "bn": "টোকেন", "hi": "टोकन", "mr": "टोकन", "ne": "टोकन", "ta": "டோக்கன்", "te": "టోకెన్", "kn": "ಟೋಕನ್", "ml": "ടോക്കൺ",
    "gu": "ટોકન", "pa": "ਟੋਕਨ", "si": "ටෝකනය | ටෝකන්", "ur": "ٹوکن", "ps": "ټوکن", "my": "တိုကင်", "km": "ថូខឹន", "lo": "ໂທເຄັນ",
    "am": "ቶከን", "hy": "թոքեն=prefix | տոկեն=prefix", "ka": "ტოკენ=prefix", "sq": "tokeni | tokenin | tokenit | tokenin e qasjes", "lv": "žeton=prefix | zeton=prefix",
    "lt": "žeton=prefix | prieigos raktas", "et": "pääsuluba | tokenit | tokeni", "mn": "токен=prefix", "kk": "токен=prefix", "ky": "токен=prefix",
    "uz": "tokeni | tokenni | tokeningiz=prefix", "az": "tokeni | tokenini | tokeninizi", "tr": "tokeni | tokenini | tokeninizi", "hu": "tokent | tokenjét | tokenje",
    "fi": "tokeni | tokenin | pääsytunnukse=prefix", "el": "διακριτικό πρόσβασης",
    "ga": "comhartha rochtana", "cy": "tocyn mynediad", "mt": "token ta' aċċess", "sw": "tokeni", "zu": "ithokheni", "yo": "tokini",
    "fil": "access token", "tg": "токен=prefix", "be": "токен=prefix", "mk": "токен=prefix", "bs": "tokena | tokenom", "hr": "tokena | tokenom", "sl": "žeton=prefix",
})
_add("~token", "ticker symbols, prices and names of crypto tokens", {
    "en": "price | coin", "ru": "тикер=prefix | цена | монет=prefix", "uk": "тікер=prefix | ціна", "kk": "символ=prefix | тикер=prefix | баға=prefix",
    "ky": "белги=prefix | тикер=prefix | баа=word", "uz": "belgi=prefix | tiker=prefix | narx=prefix", "he": "סמל | טיקר | מחיר", "ar": "تيكر | رمز المؤشر | سعر",
    "fa": "تیکر | قیمت", "tr": "fiyat=prefix", "az": "simvol=prefix | qiymət=prefix", "ja": "ティッカー | 価格", "ko": "티커 | 가격", "zh-Hans": "代码符号 | 价格",
    "de": "tickersymbol=infix | kürzel=infix | preis=infix", "fr": "prix", "es": "precio", "pt": "preço", "it": "prezzo", "mn": "тэмдэг=prefix",
    "hy": "նշան=prefix", "ka": "სიმბოლო=prefix", "tg": "нишона=prefix | рамзи", "bn": "প্রতীক", "ur": "علامت", "ms": "harga", "id": "harga", "vi": "giá",
})

# Words of a recovery phrase and the wallet they restore, for the languages the first tables lacked.
_add("seed_words", "the noun 'words' (a recovery phrase asked as its words, in a form about a wallet)", {
    "hy": "բառ=prefix", "mn": "үг=prefix", "ml": "വാക്കുകൾ | വാക്ക്", "te": "padalu=word | పదాలు | పదాల", "gu": "શબ્દો | શબ્દ",
    "ne": "शब्दहरू | शब्द", "mr": "शब्द", "pa": "ਸ਼ਬਦ", "kn": "ಪದಗಳ=prefix", "ta": "சொற்கள் | வார்த்தைகள்", "si": "වචන=prefix", "yo": "ọ̀rọ̀ | oro=word",
    "zu": "amagama", "xh": "amagama", "ps": "کلمې | کلیمې", "ky": "сөз=prefix", "cy": "gair | geiriau", "ga": "focal | focail", "mt": "kliem=word",
    "ha": "kalmomi", "am": "ቃላት", "my": "စကားလုံး", "km": "ពាក្យ", "lo": "ຄຳ", "sw": "maneno", "tg": "калима=prefix", "lb": "wierder",
    "fil": "salita=prefix", "bn": "শব্দগুলি | শব্দ", "ur": "الفاظ", "ka": "სიტყვ=prefix", "be": "слоў | словы", "is": "orð=word | orðin",
})
_add("wallet", "crypto wallets (context for the words of a recovery phrase)", {
    "hy": "դրամապանակ=prefix", "mn": "хэтэвч=prefix", "ml": "വാലറ്റ്", "te": "వాలెట్", "gu": "વૉલેટ | વોલેટ", "ne": "वालेट | वलेट",
    "mr": "वॉलेट", "pa": "ਵਾਲਿਟ | ਵਾਲੇਟ", "kn": "ವಾಲೆಟ್", "ta": "வாலட் | பணப்பை", "si": "පසුම්බිය | වොලට්", "yo": "àpamọ́wọ́ | apamowo",
    "zu": "isikhwama sedijithali | isikhwama", "ps": "بټوه | بټوې | والټ", "ky": "капчык=prefix | kapchyk=prefix", "cy": "waled", "ga": "sparán=prefix",
    "mt": "kartiera | portafoll", "ha": "walat | jaka", "am": "ዋሌት | ቦርሳ", "my": "ပိုက်ဆံအိတ် | ဝေါလက်", "km": "កាបូប", "lo": "ກະເປົາເງິນ",
    "sw": "pochi | wallet", "tg": "ҳамён=prefix", "lb": "portmonni", "fil": "wallet", "bn": "ওয়ালেট", "ur": "والیٹ | بٹوہ",
    "kk": "әмиян | hamian=prefix", "uz": "hamyon=prefix", "az": "pulqabı=prefix | cüzdan=prefix", "ka": "საფულ=prefix", "be": "кашал=prefix",
})
_add("seed_phrase", "recovery keys of disk encryption and accounts (BitLocker, FileVault, account recovery keys)", {
    "en": "bitlocker | filevault | recovery key", "de": "wiederherstellungsschlüssel=infix | wiederherstellungsschluessel=infix",
    "fr": "clé de récupération | cle de recuperation", "es": "clave de recuperación | clave de recuperacion", "pt": "chave de recuperação | chave de recuperacao",
    "it": "chiave di ripristino | chiave di recupero", "nl": "herstelsleutel=infix", "pl": "klucz odzyskiwania", "cs": "obnovovací klíč", "sk": "obnovovací kľúč",
    "hu": "helyreállítási kulcs=prefix", "ro": "cheia de recuperare | cheie de recuperare", "ru": "ключ восстановления", "uk": "ключ відновлення",
    "bg": "ключ за възстановяване", "tr": "kurtarma anahtar=prefix", "sv": "återställningsnyckel=infix", "da": "gendannelsesnøgle=infix",
    "nb": "gjenopprettingsnøkkel=infix", "fi": "palautusavain=infix", "et": "taastevõti=infix | taastamisvõti=infix", "eu": "berreskuratze gako=prefix",
    "ca": "clau de recuperació", "gl": "chave de recuperación", "ja": "回復キー | 回復用キー | 復旧キー", "zh-Hans": "恢复密钥", "zh-Hant": "復原金鑰",
    "ko": "복구 키", "el": "κλειδί ανάκτησης", "he": "מפתח שחזור", "ar": "مفتاح الاسترداد", "fa": "کلید بازیابی", "vi": "khóa khôi phục",
    "id": "kunci pemulihan", "ms": "kunci pemulihan", "th": "คีย์กู้คืน", "hi": "रिकवरी की | पुनर्प्राप्ति कुंजी",
})

# Account recovery and the security question, for the languages and the word orders the first tables lacked.
_add("recovery", "account recovery screens (context for an answer field)", {
    "bg": "възстановяване на профил=prefix | възстановяване на акаунт=prefix", "nb": "gjenopprett kontoen | gjenopprett konto",
    "no": "gjenopprett kontoen | gjenopprette kontoen", "mk": "враќање на профил=prefix | враќање на сметка=prefix", "be": "аднаўлення ўліковага запісу | аднаўленне доступу",
    "sq": "rikuperimin e llogarisë | rikuperimi i llogarisë | rikuperim=prefix", "am": "መለያዎን ለመመለስ | መለያ መመለስ", "ha": "dawo da asusu=prefix",
    "tg": "barqaror kardani hisob | барқарор кардани ҳисоб", "lb": "kont erëmzekréien | kont erëmkréien", "th": "กู้คืนบัญชี | กู้บัญชี",
    "hy": "հաշվի վերականգնում | վերականգնել հաշիվ=prefix", "ka": "ანგარიშის აღდგენ=prefix", "az": "hesabın bərpası | hesabı bərpa",
    "kk": "аккаунтты қалпына | есептік жазбаны қалпына", "ky": "аккаунтту калыбына", "uz": "hisobni tiklash", "mn": "бүртгэл сэргээх",
    "lo": "ກູ້ຄືນບັນຊີ", "km": "ស្តារគណនី", "my": "အကောင့်ပြန်လည်", "ne": "खाता पुनःप्राप्ति | खाता रिकभर", "mr": "खाते पुनर्प्राप्त",
    "gu": "એકાઉન્ટ પુનઃપ્રાપ્ત", "kn": "ಖಾತೆ ಮರುಪಡೆ=prefix", "te": "ఖాతా పునరుద్ధరణ", "yo": "gba àkọọlẹ rẹ padà | gba akoto re pada",
    "is": "endurheimta aðganginn | endurheimt aðgangs", "et": "konto taastamiseks", "lv": "konta atgūšana", "lt": "paskyros atkūrimui",
    "fil": "i-recover ang iyong account", "en": "recover your account | account recovery",
    "es": "recupera tu cuenta", "de": "konto wiederherstellen | zugriff wiederherstellen",
})
_add("security_answer", "the security question named", {
    "sq": "pyetjes së sigurisë | pyetja e sigurisë | pyetjes se sigurise", "mk": "безбедносно прашање", "be": "кантрольнае пытанне | сакрэтнае пытанне",
    "bg": "таен въпрос | тайния въпрос | контролен въпрос", "sr": "безбедносно питање", "sr-Latn": "bezbednosno pitanje", "hr": "sigurnosno pitanje",
    "bs": "sigurnosno pitanje", "sl": "varnostno vprašanje", "sk": "bezpečnostná otázka", "lt": "saugos klausim=prefix", "lv": "drošības jautājum=prefix",
    "et": "turvaküsimus=infix", "fi": "turvakysymy=infix", "da": "sikkerhedsspørgsmål=infix", "nb": "sikkerhetsspørsmål=infix", "no": "sikkerhetsspørsmål=infix",
    "is": "öryggisspurning=infix", "ca": "pregunta de seguretat", "gl": "pregunta de seguridade", "eu": "segurtasun galdera=prefix", "cy": "cwestiwn diogelwch",
    "ga": "ceist slándála", "mt": "mistoqsija tas-sigurtà", "lb": "sécherheetsfro", "af": "sekuriteitsvraag", "sw": "swali la usalama",
    "uk": "секретне запитання | контрольне запитання", "kk": "құпия сұрақ", "ky": "жашыруун суроо", "uz": "maxfiy savol", "az": "təhlükəsizlik sualı",
    "tg": "саволи амниятӣ", "mn": "нууц асуулт", "ka": "უსაფრთხოების კითხვ=prefix", "hy": "անվտանգության հարց=prefix", "ur": "حفاظتی سوال",
    "bn": "নিরাপত্তা প্রশ্ন", "ta": "பாதுகாப்பு கேள்வி", "te": "భద్రతా ప్రశ్న", "kn": "ಭದ್ರತಾ ಪ್ರಶ್ನೆ", "ml": "സുരക്ഷാ ചോദ്യ", "gu": "સુરક્ષા પ્રશ્ન",
    "pa": "ਸੁਰੱਖਿਆ ਸਵਾਲ", "mr": "सुरक्षा प्रश्न", "ne": "सुरक्षा प्रश्न", "si": "ආරක්ෂක ප්‍රශ්නය", "am": "የደህንነት ጥያቄ", "my": "လုံခြုံရေးမေးခွန်း",
    "km": "សំណួរសុវត្ថិភាព", "lo": "ຄຳຖາມຄວາມປອດໄພ", "ps": "امنیتي پوښتنه", "yo": "ìbéèrè ààbò | ibeere aabo", "ha": "tambayar tsaro",
    "zu": "umbuzo wokuphepha", "fil": "tanong pangseguridad", "ms": "soalan keselamatan",
})
_add("answer", "the answer a recovery form asks for", {
    "am": "መልስ", "lb": "äntwert | antwert", "tg": "javob=word", "bg": "otgovor=word", "ru": "otvet=word", "el": "apantisi=word | apantisi",
    "fa": "pasokh=word", "ar": "ijaba=word", "th": "คำตอบ", "hi": "uttar=word | jawab=word", "ur": "jawab=word", "my": "အဖြေ", "km": "ចម្លើយ",
    "lo": "ຄຳຕອບ", "si": "pilithura=word", "no": "svar=word", "he": "tshuva=word", "yo": "idahun=word", "zu": "impendulo", "fil": "sagot",
})
_add("question", "question words of languages that end a question without a mark", {
    "th": "อะไร | ที่ไหน | ใคร | เมื่อไร", "lo": "ຫຍັງ | ໃສ | ໃຜ", "km": "អ្វី | ណា | នរណា", "my": "လဲ | နည်း", "zh-Hans": "什么 | 哪里 | 哪个 | 谁",
    "zh-Hant": "什麼 | 哪裡 | 誰", "ja": "何 | どこ | 誰", "ko": "무엇 | 어디 | 누구",
})

# Authenticator apps and the codes they show (context for a bare numeric code field).
_add("signin", "authenticator apps, in the stems of each language", {
    "en": "rotating numbers | rotating code | changing numbers | numbers that change | code generator | authenticator app | shows right now",
    "es": "autenticaci=prefix | autenticador=prefix | app de autenticación", "pt": "autentica=prefix | autenticador=prefix", "gl": "autenticaci=prefix",
    "ca": "autenticaci=prefix | autenticador=prefix", "it": "autenticazion=prefix | autenticator=prefix", "fr": "authentification | authentificateur=prefix | authentifier",
    "de": "authentifizierung=infix | authentifikator=infix", "nl": "authenticator | authenticatie=infix", "ro": "autentificare=prefix | autentificator=prefix",
    "mt": "awtentikazzjoni=prefix | awtentikatur=prefix", "ka": "avtentifikator=prefix | ავთენტიფიკატორ=prefix | ავთენტიფიკაცი=prefix",
    "hr": "autentifikator=prefix | autentikator=prefix", "sr-Latn": "autentifikator=prefix", "bs": "autentifikator=prefix", "sl": "avtentikator=prefix | preverjalnik=prefix",
    "pl": "uwierzytelni=prefix", "cs": "ověřovací aplikac=prefix | autentizač=prefix", "sk": "overovacia aplikáci=prefix", "hu": "hitelesítő=prefix",
    "ms": "pengesah | aplikasi pengesah", "id": "autentikator | aplikasi autentikasi", "fil": "authenticator", "tr": "doğrulayıcı=prefix | kimlik doğrulama uygulama=prefix",
    "az": "autentifikator=prefix", "uz": "autentifikator=prefix", "kk": "аутентификатор=prefix", "ru": "приложение для аутентификации",
    "uk": "автентифікатор=prefix | аутентифікатор=prefix", "be": "аўтэнтыфікатар=prefix", "bg": "удостоверител=prefix | автентикатор=prefix", "sr": "аутентификатор=prefix",
    "mk": "автентикатор=prefix", "el": "εφαρμογή ελέγχου ταυτότητας | authenticator", "ar": "المصادقة | مصادقة", "fa": "احراز هویت | اپ احراز", "ur": "تصدیق کنندہ",
    "he": "מאמת | אפליקציית אימות", "hi": "ऑथेंटिकेटर | प्रमाणक ऐप", "bn": "অথেন্টিকেটর", "ta": "அங்கீகார", "te": "ప్రామాణీకరణ", "vi": "ứng dụng xác thực",
    "th": "แอปยืนยันตัวตน | ตัวตรวจสอบสิทธิ์", "ja": "認証アプリ", "zh-Hans": "身份验证器 | 验证器", "zh-Hant": "驗證器", "ko": "인증 앱 | 인증앱 | otp 앱",
    "et": "mobiil-id | smart-id | mobiil id | smart id", "lv": "autentifikācij=prefix | smart-id", "lt": "autentifikavim=prefix | smart-id",
    "fi": "todennussovellu=infix | tunnistautu=infix", "sv": "autentiserings=infix", "da": "autentificering=infix", "nb": "autentisering=infix",
    "sw": "programu ya uthibitishaji", "eu": "autentifikazio=prefix",
})
_add("signin", "bank transfers and payments to approve", {
    "nl": "bevestig de overboeking | overboeking bevestigen | bevestig je overboeking | overschrijving bevestigen", "de": "überweisung freigeben | zahlung freigeben",
    "en": "approve the transfer | authorise the payment | authorize the payment", "it": "autorizzare il pagamento | autorizza il pagamento | autorizzare il bonifico",
    "es": "autorizar el pago | autoriza la transferencia", "fr": "autoriser le paiement | valider le virement", "pt": "autorizar o pagamento",
})
# A cash withdrawal is where a card PIN is typed (context for a bare numeric code field).
_add("atm", "cash withdrawals and cash machines", {
    "en": "cash withdrawal | withdraw cash", "it": "prelievo | prelevare", "es": "retiro de efectivo | retirar efectivo | retirada de efectivo",
    "pt": "levantamento | saque", "fr": "retrait d'espèces | retrait", "de": "bargeldabhebung=infix | bargeld abheben", "nl": "geld opnemen | geldopname=infix",
    "hu": "készpénzfelvétel=infix | automatá=prefix | automata=prefix", "pl": "wypłat=prefix", "cs": "výběr hotovosti", "sk": "výber hotovosti",
    "ro": "retragere de numerar", "ru": "снятие наличных | снять наличные", "uk": "зняття готівки", "tr": "para çekme", "el": "ανάληψη μετρητών",
    "sv": "kontantuttag=infix", "da": "kontanthævning=infix", "nb": "kontantuttak=infix", "fi": "käteisnosto=infix",
})
# Secret digits of a card or a bank app (a PIN named by its use, not its name).
_add("pin", "a PIN named as secret digits, a bank app's code or an eID PIN", {
    "it": "cifre segrete | codice segreto", "es": "dígitos secretos", "pt": "dígitos secretos", "fr": "chiffres secrets", "de": "geheime ziffern | geheimen ziffern",
    "ru": "секретные цифры", "hu": "titkos számjegy=prefix", "nl": "identificatiecode | geheime cijfers", "en": "pin1 | pin2 | puk | puk code | secret digits",
    "et": "pin1 | pin2 | pin-1 | pin-2", "bn": "পিন | পিন নম্বর | পিন কোড", "te": "పిన్", "kn": "ಪಿನ್", "ml": "പിൻ നമ്പർ", "gu": "પિન", "pa": "ਪਿੰਨ | ਪਿਨ",
    "mr": "पिन", "ne": "पिन", "si": "පින් අංකය", "ur": "پن کوڈ | پِن", "my": "ပင်နံပါတ်", "am": "ፒን", "km": "លេខកូដ pin", "th": "พิน",
})

# One-time codes, romanised and in the languages the first tables lacked: a word for a code and a verb
# of sending or arriving (matcher.DERIVED), and the "confirmation code" phrases.
_add("code", "the noun 'code' (context: read only beside a verb of sending)", {
    "si": "kethaya=word | කේතය | කේත", "yo": "koodu=word | kóòdù", "ky": "kod=prefix", "ha": "lamba=word | lambar", "zu": "ikhodi", "xh": "ikhowudi",
    "am": "ኮድ", "my": "ကုဒ်", "km": "លេខកូដ", "lo": "ລະຫັດ", "ps": "کوډ", "tg": "код=prefix | kod=prefix", "mn": "kod=word", "cy": "cod=word",
    "ga": "cód=word | cod=word", "mt": "kodiċi | kodici", "lb": "code=word", "fil": "code", "hr": "šifr=prefix", "bs": "šifr=prefix", "sr-Latn": "šifr=prefix",
    "sr": "шифр=prefix",
})
_add("sent", "a verb of sending or arriving (context: read only beside the noun 'code')", {
    "en": "received | arrived", "si": "ewapu=word | එවපු | එවූ | යැවූ", "yo": "fi ranse | ránṣẹ́ | ranse=word", "ky": "kelgen | келген | жиберилген",
    "kk": "келген", "uz": "kelgan", "ha": "aika=word | aiko=word", "zu": "ethunyelwe=prefix", "am": "የተላከ", "my": "ပို့ထား", "km": "បានផ្ញើ",
    "lo": "ສົ່ງ", "ps": "لیږل | واستول", "tg": "фиристода | firistoda", "mn": "илгээсэн | ilgeesen", "cy": "anfonwyd | anfonon", "ga": "seoladh | sheolamar",
    "mt": "bgħatnielek | intbagħat", "lb": "geschéckt", "fil": "ipinadala | pinadala", "ka": "gamogzavnil=prefix", "hy": "ուղարկել=prefix",
    "es": "recibiste | llegó", "pt": "recebeu | chegou", "fr": "reçu", "de": "erhalten", "ru": "пришедший | полученн=prefix", "tr": "gelen",
})
_add("otp", "confirmation codes, romanised and in further languages", {
    "yo": "koodu imudaju | kóòdù ìmúdájú | koodu ijerisi", "ky": "tastyktoo kod=prefix | тастыктоо код=prefix | ырастоо код=prefix",
    "si": "thahawuru kireeme kethaya | තහවුරු කිරීමේ කේතය", "ha": "lambar tabbatarwa | lambar shiga", "zu": "ikhodi yokuqinisekisa",
    "am": "የማረጋገጫ ኮድ", "mt": "kodiċi ta' konferma | kodici ta' verifika", "lb": "bestätegungscode=infix", "cy": "cod dilysu | cod cadarnhau",
    "ga": "cód deimhnithe | cód fíoraithe", "mn": "баталгаажуулах код=prefix", "tg": "рамзи тасдиқ | коди тасдиқ", "ps": "د تایید کوډ | تاییدي کوډ",
})

# Passwords romanised or in the other script of a language.
_add("password", "romanised spellings and the other script of a language", {
    "hy": "gaxtnabar=prefix | gaghtnabar=prefix", "kk": "qupiasóz=prefix | qupiasöz=prefix | qupiya söz | kupiya soz", "bn": "gopon shongket | গোপন সংকেত",
    "af": "wagfrase=infix", "ka": "paroli=prefix", "mn": "nuuts ug=prefix", "ky": "syrsöz=prefix | syrsoz=prefix", "uz": "махфий сўз | пароль",
    "tg": "гузарвожа | parol=prefix", "si": "mura padaya | murapadaya", "am": "yeyilef kal", "my": "sakarwhat | zagar hwet",
    "ps": "پټنوم | pat num", "ur": "paas word", "ml": "paasvaad", "gu": "gupt shabd", "pa": "gupat shabad", "kn": "guptapada",
    "lb": "passwuert=infix", "mt": "password", "cy": "cyfrinair=prefix", "ga": "pasfhocal=prefix", "yo": "ọrọ aṣina | oro asina", "ha": "kalmar sirri",
    "zu": "iphasiwedi", "sw": "nenosiri=prefix",
})

_add("wifi", "the box that serves the Wi-Fi (context for a word for a key, and beside a network's name)", {
    "en": "router | modem", "es": "router | módem | enrutador", "pt": "roteador | router | modem", "fr": "box=word | routeur | modem",
    "de": "router | modem | fritzbox=infix", "nl": "router | modem", "it": "router | modem", "ru": "роутер=prefix | маршрутизатор=prefix | модем=prefix",
    "uk": "роутер=prefix | маршрутизатор=prefix", "pl": "router=prefix | modem=prefix", "tr": "modem=prefix | router=prefix", "ar": "الراوتر | راوتر | المودم",
    "fa": "مودم | روتر", "he": "הראוטר | ראוטר | המודם", "hi": "राउटर | मॉडेम", "ja": "ルーター | モデム", "zh-Hans": "路由器 | 光猫", "ko": "공유기 | 라우터",
    "th": "เราเตอร์", "vi": "bộ phát wifi | modem", "id": "router | modem",
})
_add("~card_number", "barcodes and product numbers (a card's length, no secret)", {
    "en": "barcode | bar code | ean=word | upc=word | gtin=word | isbn=word | jan=word | sku=word", "ja": "janコード | バーコード | 商品コード",
    "zh-Hans": "条形码 | 条码 | 商品编码", "zh-Hant": "條碼 | 條形碼", "ko": "바코드", "ru": "штрихкод=prefix | штрих-код=prefix", "uk": "штрихкод=prefix",
    "es": "código de barras", "pt": "código de barras", "fr": "code-barres | code barre", "de": "strichcode=infix | barcode", "it": "codice a barre",
    "nl": "streepjescode=infix", "pl": "kod kreskowy", "tr": "barkod=prefix", "vi": "mã vạch", "th": "บาร์โค้ด", "ar": "الباركود | باركود", "he": "ברקוד",
    "fa": "بارکد", "hi": "बारकोड", "id": "kode batang | barcode", "cs": "čárový kód", "hu": "vonalkód=infix", "el": "γραμμωτός κώδικας | barcode",
})
# Parcel and waybill numbers, company and tax registry numbers and device numbers have a card's length
# (13 to 19 digits) and no secret: a digits-only pattern titled with one is that number.
_add("~card_number", "waybills, parcel tracking, registry and device numbers (a card's length, no secret)", {
    "en": "tracking number | tracking code | waybill | air waybill | consignment | parcel | shipment | company number | company registration | vat number | tax id | imei=word",
    "es": "número de seguimiento | número de guía | envío | paquete | nif=word | cif=word", "pt": "código de rastreio | rastreamento | encomenda | cnpj=word",
    "fr": "numéro de suivi | colis | siret=word | siren=word", "de": "sendungsnummer=infix | sendungsverfolgung=infix | paketnummer=infix | handelsregister=infix",
    "it": "numero di tracciamento | spedizione | partita iva", "nl": "trackingnummer=infix | pakket=infix | kvk=word", "pl": "numer przesyłki | przesyłk=prefix | regon=word",
    "ru": "ттн=word | накладн=prefix | трек-номер | отправлени=prefix | посылк=prefix | огрн=word", "uk": "ттн=word | накладн=prefix | відправлен=prefix | посилк=prefix | єдрпоу=word",
    "be": "ттн=word | накладн=prefix | пасылк=prefix", "kk": "жүкқұжат=prefix | сәлемдеме=prefix | бсн=word",
    "bs": "jib=word | pošiljk=prefix | jmbg=word", "hr": "oib=word | pošiljk=prefix", "sr": "пошиљк=prefix | јмбг=word", "sr-Latn": "pošiljk=prefix | jmbg=word",
    "mk": "пратк=prefix | ембг=word", "bg": "товарителниц=prefix | пратк=prefix | булстат=word | еик=word", "cs": "zásilk=prefix | ičo=word", "sk": "zásielk=prefix | ičo=word",
    "tr": "kargo takip | gönderi=prefix | takip numarası", "ar": "رقم التتبع | الشحنة | بوليصة", "fa": "کد رهگیری | مرسوله", "he": "מספר משלוח | מעקב משלוח",
    "zh-Hans": "运单号 | 快递单号 | 物流单号", "zh-Hant": "貨運單號 | 包裹", "ja": "追跡番号 | 伝票番号 | 法人番号", "ko": "운송장 | 송장번호",
    "vi": "mã vận đơn | vận đơn", "id": "nomor resi | nik=word | npwp=word", "th": "เลขพัสดุ | เลขติดตามพัสดุ", "hi": "ट्रैकिंग नंबर | शिपमेंट",
})
_add("card", "a payment card named (context for a three-digit code)", {
    "my": "ကတ်", "am": "ካርድ", "km": "កាត", "lo": "ບັດ", "ps": "کارت", "tg": "корт=prefix", "zu": "ikhadi=prefix", "cy": "cerdyn | gerdyn",
    "ga": "cárta | chárta", "mt": "karta | kard=word", "lb": "kaart", "fil": "card", "ne": "कार्ड", "si": "කාඩ්පත", "ky": "карта=prefix",
})
_add("~token", "token limits, budgets and counts in further languages", {
    "bn": "সর্বোচ্চ | সীমা | সংখ্যা | বাজেট", "gu": "મહત્તમ | મર્યાદા | સંખ્યા | બજેટ", "mr": "कमाल | मर्यादा | संख्या | बजेट", "hi": "सीमा | संख्या | बजट",
    "pa": "ਵੱਧ ਤੋਂ ਵੱਧ | ਬਜਟ | ਸੀਮਾ | ਗਿਣਤੀ", "ur": "زیادہ سے زیادہ | حد | تعداد | بجٹ", "sw": "alama=word | kiwango cha juu | idadi | bei=word",
    "ta": "அதிகபட்ச | வரம்பு | எண்ணிக்கை", "te": "గరిష్ట | పరిమితి | సంఖ్య", "kn": "ಗರಿಷ್ಠ | ಮಿತಿ | ಸಂಖ್ಯೆ", "ml": "പരമാവധി | പരിധി | എണ്ണം",
    "ne": "अधिकतम | सीमा | संख्या", "si": "උපරිම | සීමාව", "my": "အများဆုံး | ကန့်သတ်", "km": "អតិបរមា | ចំនួន", "lo": "ສູງສຸດ | ຈຳນວນ",
    "am": "ከፍተኛ | ብዛት", "ps": "اعظمي | زیات نه زیات | شمېر", "hy": "առավելագույն=prefix | քանակ=prefix", "ka": "მაქსიმალურ=prefix | რაოდენობა",
    "mn": "дээд=word | хязгаар=prefix | тоо=word", "kk": "максималды | ең көп | саны=word", "ky": "максималдуу | эң көп | саны=word",
    "uz": "maksimal | soni=word", "tg": "ҳадди аксар | шумора=prefix", "az": "maksimum | sayı=word", "sq": "maksimal=prefix | numri=word",
    "is": "hámark=prefix | fjöldi", "cy": "uchafswm | nifer=word", "ga": "uasmhéid | líon=word", "mt": "massimu | numru=word", "eu": "gehienezko | kopuru=prefix",
    "gl": "máximo | límite", "yo": "iye to pọ̀ jù | iye", "ha": "mafi yawa | adadi", "zu": "okuphezulu | inani=word", "fil": "pinakamarami | maximum | bilang=word",
    "lb": "maximal | zuel=word", "et": "maksimaal=prefix | arv=word", "lv": "maksimāl=prefix | skaits", "lt": "maksimal=prefix | skaičius",
    "be": "максімальн=prefix | колькасць", "mk": "максимал=prefix | број=word", "bs": "maksimal=prefix | broj=word", "hr": "maksimal=prefix | broj=word",
    "sr": "максимал=prefix | број=word", "sr-Latn": "maksimal=prefix | broj=word", "sl": "največ=prefix | število", "bg": "максимал=prefix | брой",
})
_add("sent", "a verb of sending (stems of agglutinating languages)", {
    "am": "ተላከ=infix | የላክን=infix", "eu": "bidali=prefix | bidalitako=prefix", "ps": "واستاو=infix | لیږل=infix", "tg": "фиристод=prefix | firistod=prefix",
    "zu": "thumel=infix", "xh": "thumel=infix", "sw": "tuliyokutumia | tulikutumia",
})
_add("code", "the noun 'code' (agglutinating scripts)", {"am": "ኮድ=infix"})
_add("pin", "a card or UPI PIN, the bare loanword", {"ur": "پن=word | کارڈ کا پن | پن نمبر", "ml": "പിൻ=word", "ta": "பின் நம்பர் | பின் எண் | பின் கோடு"})

# "Restore" and "account" near each other make an account recovery (credentials.DERIVED), in any
# word order and inflection, so the recovery context does not hang on one fixed phrase per language.
_add("restore", "verbs and nouns of restoring access (context: read only beside a word for an account)", {
    "en": "recover | recovery | restore | regain | reset", "es": "recupera=prefix | restablec=prefix", "pt": "recupera=prefix | restaura=prefix",
    "fr": "récupér=prefix | recuper=prefix | rétabl=prefix | retrouver", "it": "recuper=prefix | ripristin=prefix", "de": "wiederherstell=infix | wiederhergestellt",
    "nl": "herstel=prefix", "af": "herstel=prefix", "sv": "återställ=prefix | återfå", "da": "gendan=prefix | genopret=prefix", "nb": "gjenopprett=prefix",
    "no": "gjenopprett=prefix", "is": "endurheimt=prefix", "fi": "palaut=prefix", "et": "taasta=prefix", "lv": "atjauno=prefix | atgūt=prefix | atgūš=prefix",
    "lt": "atkur=prefix | atkūr=prefix", "pl": "odzysk=prefix | przywróć | przywrócenie", "cs": "obnov=prefix", "sk": "obnov=prefix", "hu": "helyreállít=prefix | visszaállít=prefix",
    "ro": "recupera=prefix | restabil=prefix", "bg": "възстанов=prefix", "ru": "восстанов=prefix", "uk": "віднов=prefix", "be": "аднаў=prefix | аднав=prefix",
    "sr": "опорав=prefix | враћањ=prefix", "sr-Latn": "oporav=prefix | vraćanj=prefix", "hr": "oporav=prefix | vraćanj=prefix", "bs": "oporav=prefix | vraćanj=prefix",
    "sl": "obnov=prefix", "mk": "враќањ=prefix | обнов=prefix", "sq": "rikuper=prefix | rivendos=prefix", "el": "ανακτησ=prefix | ανακτη=prefix | επαναφορ=prefix",
    "tr": "kurtar=prefix | geri yükle=prefix | geri al=prefix", "az": "bərpa=prefix", "kk": "қалпына", "ky": "калыбына", "uz": "tiklash=prefix | tikla=prefix",
    "tg": "барқарор | barqaror", "mn": "сэргээ=prefix", "ka": "აღდგენ=prefix", "hy": "վերականգն=prefix", "he": "שחזור | לשחזר", "ar": "استعادة | استرداد | استرجاع",
    "fa": "بازیابی", "ps": "بیا رغونه | بیرته | بیا ترلاسه", "ur": "بحال | بازیابی", "hi": "पुनर्प्राप्ति | रिकवर | वापस पाएं", "bn": "পুনরুদ্ধার",
    "ta": "மீட்டெடு=prefix | மீட்க | மீட்பு", "te": "పునరుద్ధర=prefix | తిరిగి పొంద=prefix", "kn": "ಮರುಪಡೆ=prefix | ಮರುಸ್ಥಾಪ=prefix", "ml": "വീണ്ടെടുക്ക=prefix",
    "gu": "પુનઃપ્રાપ્ત=prefix", "pa": "ਮੁੜ ਪ੍ਰਾਪਤ", "mr": "पुनर्प्राप्त=prefix", "ne": "पुनःप्राप्ति | रिकभर", "si": "ප්‍රතිසාධන=prefix | යළි ලබා",
    "th": "กู้คืน | กู้", "lo": "ກູ້ຄືນ", "km": "ស្តារ", "my": "ပြန်လည်ရယူ | ပြန်ယူ", "zh-Hans": "找回 | 恢复", "zh-Hant": "找回 | 復原 | 恢復",
    "ja": "復旧 | 回復 | 復元", "ko": "복구 | 되찾기", "vi": "khôi phục | lấy lại", "id": "pemulihan | memulihkan | pulihkan", "ms": "pemulihan | memulihkan | pulihkan",
    "fil": "i-recover | mabawi", "sw": "kurejesha | rejesha", "zu": "buyisa=prefix | ukubuyisa", "xh": "buyisa=prefix", "yo": "gba padà | gba pada | dá padà | da pada",
    "ha": "dawo da | maido da", "am": "ለመመለስ | መመለስ | ማስመለስ", "ga": "athshlánú | athshlánaigh", "cy": "adfer=prefix", "mt": "irkupra | tirkupra | rkupru",
    "eu": "berreskura=prefix", "ca": "recupera=prefix", "gl": "recupera=prefix", "lb": "erëmzekréien | erëmkréien | zréckkréien",
})
_add("account", "the noun 'account' or 'profile' (context: read only beside a verb of restoring)", {
    "en": "account", "es": "cuenta", "pt": "conta", "gl": "conta", "ca": "compte", "fr": "compte", "it": "account | profilo", "de": "konto=infix | zugang | zugriff",
    "nl": "account", "af": "rekening", "sv": "konto=prefix", "da": "konto=prefix", "nb": "konto=prefix", "no": "konto=prefix", "is": "aðgang=prefix",
    "fi": "tili=prefix", "et": "konto=prefix", "lv": "kont=prefix", "lt": "paskyr=prefix", "pl": "kont=prefix", "cs": "účt=prefix | účet", "sk": "účt=prefix | účet",
    "hu": "fiók=prefix", "ro": "cont=prefix", "bg": "профил=prefix | акаунт=prefix", "ru": "аккаунт=prefix | учётн=prefix | учетн=prefix | доступ=prefix",
    "uk": "обліков=prefix | акаунт=prefix | доступ=prefix", "be": "ўліков=prefix | акаўнт=prefix | доступ=prefix", "sr": "налог=prefix | приступ=prefix",
    "sr-Latn": "nalog=prefix | pristup=prefix", "hr": "račun=prefix | pristup=prefix", "bs": "račun=prefix | pristup=prefix", "sl": "račun=prefix", "mk": "профил=prefix | сметка=prefix",
    "sq": "llogari=prefix", "el": "λογαριασμ=prefix", "tr": "hesab=prefix | hesap=prefix", "az": "hesab=prefix", "kk": "аккаунт=prefix | есептік жазба=prefix",
    "ky": "аккаунт=prefix", "uz": "hisob=prefix | akkaunt=prefix", "tg": "ҳисоб=prefix | hisob=prefix", "mn": "бүртгэл=prefix", "ka": "ანგარიშ=prefix", "hy": "հաշիվ=prefix | հաշվ=prefix",
    "he": "חשבון | החשבון", "ar": "الحساب | حساب | حسابك", "fa": "حساب", "ps": "حساب", "ur": "اکاؤنٹ", "hi": "खाता | खाते | अकाउंट", "bn": "অ্যাকাউন্ট",
    "ta": "கணக்கை | கணக்கு", "te": "ఖాతా", "kn": "ಖಾತೆ", "ml": "അക്കൗണ്ട്", "gu": "એકાઉન્ટ | ખાતું", "pa": "ਖਾਤਾ", "mr": "खाते | खाता", "ne": "खाता",
    "si": "ගිණුම=prefix", "th": "บัญชี", "lo": "ບັນຊີ", "km": "គណនី", "my": "အကောင့်", "zh-Hans": "账号 | 帐号 | 账户 | 帐户", "zh-Hant": "帳號 | 帳戶",
    "ja": "アカウント", "ko": "계정", "vi": "tài khoản", "id": "akun", "ms": "akaun", "fil": "account", "sw": "akaunti", "zu": "i-akhawunti | akhawunti=prefix",
    "xh": "iakhawunti", "yo": "àkọọlẹ | akoto=prefix | àkọọ́lẹ̀", "ha": "asusu=prefix", "am": "መለያ=infix", "ga": "cuntas=prefix | chuntas=prefix", "cy": "cyfrif=prefix",
    "mt": "kont=word | l-kont", "eu": "kontu=prefix", "lb": "kont=word",
})
# "Secret" beside a word for a code or digits makes a PIN (credentials.DERIVED): "cifre segrete",
# "الأرقام السرية", "titkos kód", "таен код".
_add("secret", "the adjective 'secret' (context: read only beside a word for a code or digits)", {
    "en": "secret", "es": "secreto | secreta | secretos", "pt": "secreto | secreta | secretos", "ca": "secret | secreta", "gl": "secreto",
    "fr": "secret | secrète | secrets", "it": "segreto | segreta | segrete | segreti", "de": "geheim=prefix", "nl": "geheime | geheim", "af": "geheime",
    "sv": "hemlig=prefix", "da": "hemmelig=prefix", "nb": "hemmelig=prefix", "no": "hemmelig=prefix", "is": "leyni=prefix", "fi": "salai=prefix",
    "et": "salaja=prefix", "lv": "slepen=prefix", "lt": "slapt=prefix", "pl": "tajn=prefix", "cs": "tajn=prefix", "sk": "tajn=prefix", "hu": "titkos=prefix",
    "ro": "secret=prefix", "bg": "таен | тайн=prefix", "ru": "секретн=prefix | тайн=prefix", "uk": "секретн=prefix | таємн=prefix", "be": "сакрэтн=prefix",
    "sr": "тајн=prefix", "sr-Latn": "tajn=prefix", "hr": "tajn=prefix", "bs": "tajn=prefix", "sl": "skrivn=prefix", "mk": "таен | тајн=prefix", "sq": "sekret=prefix",
    "el": "μυστικ=prefix", "tr": "gizli", "az": "gizli", "kk": "құпия", "ky": "жашыруун | купуя", "uz": "maxfiy", "tg": "махфӣ", "mn": "нууц=word",
    "ka": "საიდუმლო", "hy": "գաղտնի", "he": "הסודי | הסודיות | סודי | סודיות", "ar": "السري | السرية | سري | سرية", "fa": "مخفی | سری", "ur": "خفیہ",
    "hi": "गुप्त | सीक्रेट", "bn": "গোপন", "ta": "ரகசிய", "te": "రహస్య", "kn": "ರಹಸ್ಯ", "ml": "രഹസ്യ", "gu": "ગુપ્ત", "pa": "ਗੁਪਤ", "mr": "गुप्त", "ne": "गोप्य",
    "si": "රහස්", "th": "ลับ", "vi": "bí mật", "id": "rahasia", "ms": "rahsia", "fil": "lihim", "sw": "siri", "zu": "eyimfihlo | oyimfihlo", "yo": "àṣírí | asiri=word",
    "ha": "sirri", "am": "ሚስጥር=infix", "ga": "rúnda | rúin", "cy": "cyfrinachol", "mt": "sigriet=prefix", "eu": "sekretu=prefix", "zh-Hans": "秘密", "ja": "秘密",
})
_add("atm", "cash withdrawals, as verbs and in further languages", {
    "fr": "retirer de l'argent | retirer des espèces", "de": "abheben | geldautomat=infix | automaten=word", "pl": "wypłacić | wypłać", "uk": "зняти готівку | зняття коштів",
    "da": "hæve penge | hæve kontanter", "hu": "pénzfelvétel=infix", "bg": "теглене на пари | теглене", "hr": "podizanje gotovine | podići gotovinu", "bs": "podizanje gotovine",
    "sr-Latn": "podizanje gotovine", "sr": "подизање готовине", "sl": "dvig gotovine", "lt": "išsiimti grynųjų | grynųjų išėmimas", "lv": "skaidrās naudas izņemšana",
    "he": "משיכת מזומן | משיכה", "ar": "سحب النقود | سحب نقدي | السحب", "fa": "برداشت وجه | برداشت", "ja": "atmで | atmの | atmに | 引き出し", "nl": "geld op te nemen | geldopname=infix",
    "zh-Hans": "取款 | 取现", "ko": "출금 | 인출", "vi": "rút tiền", "id": "tarik tunai", "ms": "pengeluaran tunai", "th": "ถอนเงิน", "tr": "para çek=prefix",
    "sv": "ta ut pengar", "nb": "ta ut penger", "no": "ta ut penger", "fi": "nostaa rahaa | käteisnosto=infix", "cs": "výběr z bankomatu | vybrat peníze",
    "sk": "výber z bankomatu", "ro": "retragere=prefix", "el": "ανάληψη=prefix", "ru": "снять деньги | снятия денег | снятие денег", "es": "retirar dinero",
    "pt": "sacar dinheiro", "it": "prelevare contanti", "ca": "treure diners", "hi": "नकद निकासी | पैसे निकाल", "bn": "টাকা তোলা", "sw": "kutoa pesa",
})
_add("otp", "backup codes, in their plural and genitive forms", {
    "ca": "codis de recuperació | codis de seguretat | codis de còpia de seguretat", "lt": "atsarginių kodų | atsarginius kodus | atsarginį kodą | atsarginiai kodai",
    "sr": "резервних кодова | резервни кодови | резервне кодове", "sr-Latn": "rezervnih kodova | rezervni kodovi | rezervne kodove",
    "hr": "rezervnih kodova | rezervne kodove | rezervni kodovi", "bs": "rezervnih kodova | rezervne kodove", "mk": "резервни кодови | резервните кодови",
    "sl": "rezervne kode", "es": "códigos de recuperación", "pt": "códigos de recuperação", "fr": "codes de récupération", "it": "codici di recupero",
    "el": "εφεδρικοί κωδικοί | εφεδρικούς κωδικούς", "he": "קודי גיבוי", "ar": "رموز النسخ الاحتياطي", "tr": "yedek kodlar=prefix", "hu": "tartalék kódok=prefix",
    "lv": "rezerves kodi=prefix", "et": "varukoodid=infix", "fi": "varakoodit=infix", "pl": "kodów zapasowych | kody zapasowe", "cs": "záložních kódů", "sk": "záložných kódov",
})
_add("sent", "verbs of sending and receiving, and the text message itself", {
    "en": "sms | text message | texted", "fr": "recevoir | reçue | texto | par sms", "es": "mandar | mandamos | mandado | mensaje de texto | por sms", "pt": "mandar | mandamos | mandado | por sms",
    "it": "mandato | mandare | via sms | per sms", "ru": "прислали | присланн=prefix | смс | sms", "uk": "прийшов | прийшло | смс", "pl": "przyszedł | przyszła | sms=word | smsem",
    "vi": "được gửi | gửi qua | tin nhắn", "ar": "وصلك | وصل إليك | أرسل إليك | رسالة نصية", "he": "שקיבלתם | שקיבלת | בהודעה", "zh-Hans": "发到 | 发给 | 收到 | 短信", "zh-Hant": "簡訊 | 收到",
    "ja": "届いた | 受信した | sms", "ko": "문자로 | 받은", "de": "per sms | erhalten", "nl": "per sms | ontvangen", "tr": "sms ile", "id": "lewat sms | melalui sms", "ms": "melalui sms",
})
_add("code", "digits in further languages", {"zh-Hans": "数字", "uk": "цифр=prefix", "el": "ψηφί=prefix", "he": "ספרות | הספרות", "ar": "الأرقام | أرقام",
                                              "hu": "számjegy=prefix | kód=prefix", "bg": "код=prefix", "lt": "skaitmen=prefix | kod=prefix", "hr": "znamenk=prefix",
                                              "sl": "številk=prefix", "da": "cifre", "nb": "sifre", "no": "sifre", "ja": "桁の数字 | 数字", "fa": "رمز | ارقام",
                                              "it": "cifre", "tr": "şifre=prefix"})
_add("card", "a payment card named, further forms", {"nl": "pas=word | pinpas", "he": "הכרטיס", "ar": "لبطاقتك", "fr": "carte", "da": "kort=word", "no": "kortet | kort=word"})
_add("~otp", "product, article, course and order codes (a code, no secret)", {
    "en": "product | article | item | sku | catalog | catalogue | order | course | subject | class | branch | ifsc | swift | bic | country | area | zip | postal",
    "es": "producto | artículo | articulo | pedido | materia | curso | asignatura | sucursal", "pt": "produto | artigo | pedido | disciplina | curso | agência",
    "fr": "produit | article | commande | cours | matière", "it": "prodotto | articolo | ordine | corso | materia", "de": "produkt=infix | artikel=infix | bestell=infix | kurs=infix",
    "nl": "product=infix | artikel=infix | bestel=infix | vak=word", "ru": "товар=prefix | продукт=prefix | артикул=prefix | заказ=prefix | курс=prefix",
    "uk": "товар=prefix | продукт=prefix | артикул=prefix | замовлен=prefix", "pl": "produkt=prefix | towar=prefix | zamówieni=prefix | kurs=prefix",
    "cs": "produkt=prefix | zboží | objednávk=prefix", "sk": "produkt=prefix | tovar=prefix | objednávk=prefix", "hu": "termék=infix | cikk=prefix | rendelés=prefix",
    "ro": "produs=prefix | articol=prefix | comand=prefix", "bg": "продукт=prefix | артикул=prefix | поръчк=prefix", "sr": "производ=prefix | артикл=prefix",
    "sr-Latn": "proizvod=prefix | artikl=prefix", "hr": "proizvod=prefix | artikl=prefix", "bs": "proizvod=prefix | artikl=prefix", "sl": "izdel=prefix | artikl=prefix",
    "tr": "ürün=prefix | sipariş=prefix | ders=prefix", "el": "προϊόν=prefix | παραγγελ=prefix", "he": "מוצר | מק\"ט | מקט | הזמנה", "ar": "المنتج | منتج | الطلب",
    "fa": "کالا | محصول | سفارش", "hi": "उत्पाद | ऑर्डर | आईएफएससी", "zh-Hans": "商品 | 产品 | 订单 | 课程", "ja": "商品 | 製品 | 注文", "ko": "상품 | 제품 | 주문",
    "vi": "sản phẩm | đơn hàng", "id": "produk | pesanan", "ms": "produk | pesanan", "th": "สินค้า | คำสั่งซื้อ", "sv": "artikel=infix | produkt=infix | vara=word",
    "da": "vare=prefix | produkt=prefix", "nb": "vare=prefix | produkt=prefix", "fi": "tuote=prefix | tilaus=prefix", "lt": "prek=prefix | produkt=prefix",
    "lv": "prece=prefix | produkt=prefix", "et": "toote=prefix | toode=prefix", "ca": "producte | comanda",
})
# Security questions ask about a first, a favourite, a birth or a childhood (context for a question field).
_add("secq", "what security questions ask about: a first, a favourite, a birthplace, a maiden name, a childhood", {
    "en": "first | favourite | favorite | maiden | born | childhood | grew up", "es": "primer | primera | primero | favorito | favorita | soltera | naciste | nació | infancia",
    "pt": "primeiro | primeira | favorito | favorita | solteira | nasceu | infância", "gl": "primeiro | primeira | favorito", "ca": "primer | primera | preferit | preferida",
    "fr": "premier | première | preferé | préféré | préférée | jeune fille | né | née | enfance", "it": "primo | prima | preferito | preferita | nubile | nato | nata | infanzia",
    "de": "erste=prefix | lieblings=infix | geburtsname | geboren | kindheit=infix", "nl": "eerste | lievelings=infix | favoriete | meisjesnaam | geboren | jeugd=prefix",
    "af": "eerste | gunsteling=prefix | nooiensvan | gebore", "lb": "éischt=prefix", "sv": "första | favorit=prefix | flicknamn=infix | född | barndom=prefix",
    "da": "første | yndlings=infix | pigenavn=infix | født | barndom=prefix", "nb": "første | favoritt=prefix | pikenavn=infix | født", "no": "første | favoritt=prefix | pikenavn=infix | født",
    "is": "fyrst=prefix | uppáhalds=prefix | fædd=prefix", "fi": "ensimmäi=prefix | lempi=prefix | tyttönim=prefix | synnyit", "et": "esimes=prefix | lemmik=prefix | neiupõlve=prefix | sündisid",
    "lv": "pirm=prefix | mīļāk=prefix | dzimi", "lt": "pirm=prefix | mėgstamiausi=prefix | mergautin=prefix | gimėte", "pl": "pierwsz=prefix | ulubion=prefix | panieńsk=prefix | urodził=prefix",
    "cs": "prvn=prefix | oblíben=prefix | rodné příjmení | narodil=prefix", "sk": "prv=prefix | obľúben=prefix | rodné priezvisko | narodil=prefix",
    "hu": "első=prefix | kedvenc=prefix | leánykori=prefix | születt=prefix", "ro": "prim=prefix | preferat=prefix | numele de fată | născut=prefix",
    "bg": "първ=prefix | любим=prefix | моминско=prefix | роден=prefix", "ru": "перв=prefix | любим=prefix | девичь=prefix | родил=prefix | детств=prefix",
    "uk": "перш=prefix | улюблен=prefix | дівоч=prefix | народил=prefix", "be": "перш=prefix | любім=prefix | дзявоч=prefix", "sr": "прв=prefix | омиљен=prefix | девојачк=prefix | рођен=prefix",
    "sr-Latn": "prv=prefix | omiljen=prefix | devojačk=prefix | rođen=prefix", "hr": "prv=prefix | omiljen=prefix | djevojačk=prefix | rođen=prefix",
    "bs": "prv=prefix | omiljen=prefix | djevojačk=prefix", "sl": "prv=prefix | najljubš=prefix | dekliško=prefix | rojen=prefix", "mk": "прв=prefix | омилен=prefix | моминск=prefix",
    "sq": "parë | parë=word | i preferuar | e preferuar | lindët", "el": "πρωτ=prefix | αγαπημεν=prefix | πατρικο=prefix | γεννηθηκ=prefix", "tr": "ilk | en sevdiğ=prefix | kızlık soyad=prefix | doğduğ=prefix",
    "az": "ilk | sevimli | doğulduğ=prefix", "kk": "алғашқы | бірінші | сүйікті", "ky": "биринчи | сүйүктүү", "uz": "birinchi | sevimli | tug'ilgan",
    "tg": "аввалин | nakhustin | нахустин | avvalin | дӯстдошта", "mn": "анхны | хамгийн дуртай", "ka": "პირველ=prefix | საყვარელ=prefix", "hy": "առաջին | սիրելի",
    "he": "הראשון | הראשונה | האהוב | האהובה | נולדת", "ar": "الأول | الأولى | أول | المفضل | المفضلة | ولدت", "fa": "اولین | نخستین | مورد علاقه | متولد",
    "ps": "لومړي | لومړنی | خوښ", "ur": "پہلے | پہلا | پہلی | پسندیدہ | پیدا", "hi": "पहले | पहला | पहली | पसंदीदा | जन्म", "bn": "প্রথম | প্রিয় | জন্ম",
    "ta": "முதல் | பிடித்த | பிறந்த", "te": "మొదటి | ఇష్టమైన | పుట్టిన", "kn": "ಮೊದಲ | ನೆಚ್ಚಿನ | ಹುಟ್ಟಿದ", "ml": "ആദ്യ=prefix | പ്രിയപ്പെട്ട | ജനിച്ച",
    "gu": "પ્રથમ | પહેલા | મનપસંદ | જન્મ", "pa": "ਪਹਿਲ=prefix | ਮਨਪਸੰਦ | ਜਨਮ", "mr": "पहिल्या | पहिला | पहिली | आवडत्या | जन्म", "ne": "पहिलो | मनपर्ने | जन्म",
    "si": "පළමු | ප්‍රියතම | උපන්", "th": "แรก | ชอบ | เกิด | ประถม", "lo": "ທຳອິດ | ມັກ | ເກີດ", "km": "ដំបូង | ចូលចិត្ត | កើត", "my": "ပထမ | အကြိုက်ဆုံး | မွေး",
    "zh-Hans": "第一 | 最喜欢 | 出生 | 小学 | 童年", "zh-Hant": "第一 | 最喜歡 | 出生 | 小學", "ja": "最初 | 初めて | 好きな | 生まれ | 旧姓 | 小学校", "ko": "첫 | 처음 | 좋아하는 | 태어난 | 초등학교",
    "vi": "đầu tiên | yêu thích | sinh ra | thời thơ ấu", "id": "pertama | favorit | lahir | masa kecil", "ms": "pertama | kegemaran | lahir", "fil": "una | unang | paborito | ipinanganak",
    "sw": "kwanza | unayependa | ulizaliwa", "zu": "yokuqala | sokuqala | wokuqala | okuqala", "xh": "yokuqala", "yo": "àkọ́kọ́ | akoko=word | tí o fẹ́ràn jù",
    "ha": "farko | fi so", "am": "የመጀመሪያ | የመጀመሪያው | ተወዳጅ", "ga": "chéad | céad | is fearr leat", "cy": "cyntaf | hoff=word", "mt": "ewwel | favorit=prefix",
    "eu": "lehen=word | gogoko=prefix",
})
_add("wallet", "crypto wallets, with suffixes glued on", {"am": "ዋሌት=infix | ቦርሳ=infix"})
_add("seed_words", "the words of a phrase, with their plural marker", {"vi": "các từ | những từ | từ khôi phục | 12 từ", "am": "ቃላት=infix"})
_add("api_key", "an access key named as one word", {"is": "aðgangslykil=prefix | aðgangslykl=prefix | adgangslykil=prefix"})
_add("password", "the passphrase of a key", {
    "ca": "frase de pas | frase de contrasenya", "gl": "frase de paso | frase de contrasinal", "es": "frase de contraseña | frase de paso",
    "pt": "frase-senha | frase de senha | frase secreta", "it": "frase segreta | frase d'accesso", "eu": "pasaesaldi=prefix", "ro": "fraza de acces | frază de acces",
    "pl": "fraza hasła | hasło klucza", "cs": "přístupová fráze", "sk": "prístupová fráza", "hu": "jelmondat=prefix", "tr": "parola öbeği | anahtar parolası",
    "ru": "парольная фраза", "uk": "парольна фраза", "bg": "парола на ключа", "el": "φράση πρόσβασης", "fi": "tunnuslause=infix", "et": "paroolifraas=infix",
    "lv": "ieejas frāze", "lt": "slaptafraz=prefix", "sv": "lösenfras=infix", "da": "adgangssætning=infix", "nb": "passordfrase=infix", "nl": "wachtwoordzin=infix",
    "de": "passphrase", "is": "aðgangsorð=prefix", "af": "wagfrase=infix", "id": "frasa sandi", "ms": "frasa laluan", "vi": "cụm mật khẩu", "ja": "パスフレーズ",
    "zh-Hans": "密码短语", "ko": "암호 문구", "he": "ביטוי סיסמה", "ar": "عبارة المرور", "fa": "عبارت عبور",
})
_add("session_cookie", "session cookies in further languages", {
    "pl": "ciasteczka sesji | ciasteczko sesji | ciasteczko sesyjne | plik cookie sesji", "tr": "oturum çerez=prefix", "hu": "munkamenet-süti=prefix | munkamenet süti=prefix",
    "es": "galleta de sesión", "nl": "sessiecookie=infix", "sv": "sessionscookie=infix", "da": "sessionscookie=infix", "nb": "øktcookie=infix", "fi": "istuntoeväste=infix",
    "cs": "cookie relace | soubor cookie relace", "sk": "súbor cookie relácie", "el": "cookie συνεδρίας", "ar": "ملف تعريف الارتباط للجلسة | كوكي الجلسة", "fa": "کوکی نشست | کوکی سشن",
    "he": "עוגיית סשן | קוקי סשן | עוגיית הפעלה", "hi": "सेशन कुकी", "th": "คุกกี้เซสชัน", "vi": "cookie phiên", "id": "cookie sesi", "ms": "kuki sesi", "uk": "кукі сесії | сесійні кукі",
    "ro": "cookie de sesiune", "it": "cookie di sessione", "bg": "бисквитка за сесия", "hr": "kolačić sesije", "sr-Latn": "kolačić sesije", "sl": "piškotek seje",
    "lt": "sesijos slapuk=prefix", "lv": "sesijas sīkdatn=prefix", "et": "seansiküpsis=infix", "ca": "galeta de sessió", "zh-Hant": "工作階段 cookie", "ko": "세션 쿠키",
})
_add("client_secret", "signing and client secrets in further languages", {
    "tr": "imzalama sırrı=prefix | istemci sırrı=prefix | webhook sırrı=prefix | imzalama sırrını", "uz": "imzolash siri=prefix | mijoz siri=prefix",
    "fi": "allekirjoitussalaisuu=infix | asiakassalaisuu=infix", "es": "secreto de firma | secreto del cliente", "pt": "segredo de assinatura | segredo do cliente",
    "fr": "secret de signature | secret client", "de": "signaturgeheimnis=infix | signierungsgeheimnis=infix", "it": "segreto di firma | segreto client",
    "nl": "ondertekeningsgeheim=infix", "pl": "sekret podpisu | sekret klienta", "ru": "секрет подписи | секрет клиента", "uk": "секрет підпису | секрет клієнта",
    "hu": "aláírási titok=prefix", "cs": "podpisový tajný klíč", "ro": "secretul de semnare", "id": "rahasia penandatanganan", "vi": "bí mật ký",
})
_add("~token", "a token's symbol (Hausa, Zulu, Yoruba, Amharic)", {"ha": "alama=prefix", "zu": "uphawu=prefix", "yo": "àmì | ami=word", "am": "ምልክት=infix"})
_add("~password", "keywords (a key's word is no key) and other codes called 'clave'", {
    "de": "schlüsselwort=infix | schlüsselwörter=infix | schluesselwort=infix", "nl": "sleutelwoord=infix", "af": "sleutelwoord=infix", "sv": "nyckelord=infix",
    "da": "nøgleord=infix", "nb": "nøkkelord=infix", "no": "nøkkelord=infix", "fi": "avainsan=infix", "et": "märksõna=infix",
    "es": "clave de la materia | clave del producto | clave de producto | clave del curso | clave de la asignatura | clave de elector | clave interbancaria | clabe=word | clave de sol | clave de fa | clave musical | clave de la escuela | clave del centro de trabajo",
})
_add("~otp", "promo, invite, referral, discount and order codes in further languages", {
    "zu": "yokumema | isimemo | isaphulelo | ukukhangisa | i-oda | yokulandelela", "xh": "yokumema | isaphulelo", "yo": "ìgbéga | igbega | ìpè | ipe=word | ẹ̀dinwó | edinwo | ìtọ́kasí | itokasi | ìbéèrè",
    "ha": "talla | gayyata | rangwame | oda=word | odar", "sw": "mwaliko | punguzo | ofa=word | promosheni | agizo | ufuatiliaji", "am": "የማስተዋወቂያ | ቅናሽ | ግብዣ | የትዕዛዝ",
    "so": "dalab | qiimo dhimis", "ig": "nkwalite", "fil": "promo | imbitasyon | diskwento | referral | order | tracking", "ms": "promo | diskaun | jemputan | rujukan | pesanan | penjejakan",
    "mt": "promozzjonali | skont | stedina | ordni", "cy": "hyrwyddo | gostyngiad | gwahoddiad | archeb | atgyfeirio", "ga": "lascaine | cuireadh | ordú | ardú",
    "lb": "promo | invitatioun | remise | bestellung", "is": "afsláttar=prefix | boðs=prefix | pöntun=prefix | tilvísun=prefix", "eu": "deskontu=prefix | gonbidapen=prefix | eskaera=prefix | promozio=prefix",
    "gl": "desconto | invitación | pedido | promocional", "sq": "promo | zbritje | ftes=prefix | porosi=prefix | gjurmim=prefix", "mk": "попуст | покана | нарачка | промо",
    "be": "зніжк=prefix | запрашэнн=prefix | заказ=prefix | промакод=prefix", "hy": "պրոմո | զեղչ=prefix | հրավեր=prefix | պատվեր=prefix", "ka": "პრომო | ფასდაკლებ=prefix | მოწვევ=prefix | შეკვეთ=prefix",
    "az": "promo | endirim=prefix | dəvət=prefix | sifariş=prefix", "kk": "промо | жеңілдік=prefix | шақыру=prefix | тапсырыс=prefix", "ky": "промо | арзандатуу | чакыруу | буйрутма",
    "uz": "promo | chegirma=prefix | taklif=prefix | buyurtma=prefix", "tg": "промо | тахфиф=prefix | даъват=prefix | фармоиш=prefix", "mn": "промо | хөнгөлөлт=prefix | урилга=prefix | захиалга=prefix",
    "ps": "تخفیف | بلنه | فرمایش | پرومو", "ur": "پرومو | رعایت | دعوت | ریفرل | آرڈر | ٹریکنگ", "bn": "প্রোমো | ছাড় | আমন্ত্রণ | রেফারেল | অর্ডার | ট্র্যাকিং | কুপন",
    "ta": "ப்ரோமோ | தள்ளுபடி | அழைப்பு | பரிந்துரை | ஆர்டர் | கூப்பன்", "te": "ప్రోమో | తగ్గింపు | ఆహ్వాన | రిఫరల్ | ఆర్డర్ | కూపన్", "kn": "ಪ್ರೋಮೋ | ರಿಯಾಯಿತಿ | ಆಹ್ವಾನ | ರೆಫರಲ್ | ಆರ್ಡರ್ | ಕೂಪನ್",
    "ml": "പ്രൊമോ | കിഴിവ് | ക്ഷണ | റഫറൽ | ഓർഡർ | കൂപ്പൺ", "gu": "પ્રોમો | ડિસ્કાઉન્ટ | આમંત્રણ | રેફરલ | ઓર્ડર | કૂપન", "pa": "ਪ੍ਰੋਮੋ | ਛੋਟ | ਸੱਦਾ | ਰੈਫਰਲ | ਆਰਡਰ | ਕੂਪਨ",
    "mr": "प्रोमो | सवलत | आमंत्रण | रेफरल | ऑर्डर | कूपन", "ne": "प्रोमो | छुट | निमन्त्रणा | रेफरल | अर्डर | कुपन", "si": "ප්‍රවර්ධන | වට්ටම් | ආරාධනා | ඇණවුම් | කූපන්",
    "my": "ပရိုမို | လျှော့စျေး | ဖိတ်ခေါ် | အော်ဒါ", "km": "ផ្សព្វផ្សាយ | បញ្ចុះតម្លៃ | អញ្ជើញ | ការបញ្ជាទិញ", "lo": "ໂປຣໂມຊັນ | ສ່ວນຫຼຸດ | ເຊີນ | ຄຳສັ່ງຊື້",
})
_add("~meta", "the name, label or length of a credential in further languages (read in a field's name or title only)", {
    "ka": "სახელ=prefix | ეტიკეტ=prefix | სიგრძე", "hy": "անուն=prefix | անվանում=prefix | պիտակ=prefix | երկարություն=prefix", "az": "adı=word | ad=word | uzunluğu | uzunluq",
    "kk": "атауы | аты=word | ұзындығы | ұзындық", "ky": "аталышы | аты=word | узундугу | узундук", "uz": "nomi=word | yorlig'i | uzunligi | uzunlik",
    "tg": "номи=word | ном=word | дарозӣ", "mn": "нэр=prefix | шошго=prefix | урт=word | уртын", "be": "назва | імя=word | даўжыня", "mk": "име=word | назив | ознака | должина",
    "sq": "emri=word | etiketa | gjatësia", "is": "heiti | nafn=word | lengd=prefix", "ga": "ainm=word | lipéad | fad=word", "cy": "enw=word | label | hyd=word", "mt": "isem=word | tikketta | tul=word",
    "eu": "izena=word | etiketa | luzera", "gl": "nome=word | etiqueta | lonxitude", "lb": "numm=word | label | längt=word", "af": "naam=word | etiket | lengte",
    "sw": "jina=word | lebo | urefu", "zu": "ilebula | ubude", "yo": "orúkọ | oruko=word | gígùn", "ha": "suna=word | lakabi | tsawo=word", "am": "ስም=word | መለያ ስም | ርዝመት",
    "bn": "নাম=word | লেবেল | দৈর্ঘ্য", "ta": "பெயர் | லேபிள் | நீளம்", "te": "పేరు | లేబుల్ | పొడవు", "kn": "ಹೆಸರು | ಲೇಬಲ್ | ಉದ್ದ", "ml": "പേര് | ലേബൽ | നീളം",
    "gu": "નામ=word | લેબલ | લંબાઈ", "pa": "ਨਾਮ=word | ਲੇਬਲ | ਲੰਬਾਈ", "mr": "नाव=word | लेबल | लांबी", "ne": "नाम=word | लेबल | लम्बाइ", "si": "නම=word | ලේබලය | දිග=word",
    "my": "အမည် | တံဆိပ် | အရှည်", "km": "ឈ្មោះ | ស្លាក | ប្រវែង", "lo": "ຊື່ | ປ້າຍ | ຄວາມຍາວ", "ur": "نام=word | لیبل | لمبائی", "ps": "لیبل | اوږدوالی",
    "fil": "pangalan | label | haba=word", "ms": "panjang=word", "id": "panjang=word", "fa": "طول | نام کلید", "ar": "طول | اسم المفتاح", "he": "שם=word | אורך",
})
_add("card", "a payment card with its case and possessive affixes", {
    "ha": "katinka | katinki | katin=word", "zu": "yekhadi | kwekhadi | lekhadi | ekhadini | ikhadi", "xh": "ikhadi | lekhadi", "am": "ካርድ=infix | ካርዱ=infix",
})
# "Private" beside a word for a key makes a private key (credentials.DERIVED), in any language.
_add("private", "the adjective 'private' (context: read only beside a word for a key)", {
    "en": "private", "es": "privada | privado", "pt": "privada | privado", "gl": "privada", "ca": "privada", "fr": "privée | privé | privee",
    "it": "privata | privato", "de": "privat=prefix", "nl": "privé | prive | persoonlijke", "af": "privaat=prefix", "lb": "privat=prefix",
    "sv": "privat=prefix", "da": "privat=prefix", "nb": "privat=prefix", "no": "privat=prefix", "is": "einka=prefix", "fi": "yksityi=prefix",
    "et": "privaat=prefix", "lv": "privāt=prefix | privat=prefix", "lt": "privat=prefix", "pl": "prywatn=prefix", "cs": "soukrom=prefix", "sk": "súkromn=prefix",
    "hu": "privát=prefix | titkos=prefix", "ro": "privat=prefix", "bg": "частн=prefix | частен | личн=prefix", "ru": "закрыт=prefix | приватн=prefix | частн=prefix",
    "uk": "приватн=prefix | закрит=prefix", "be": "прыватн=prefix | закрыт=prefix", "sr": "приватн=prefix", "sr-Latn": "privatn=prefix", "hr": "privatn=prefix",
    "bs": "privatn=prefix", "sl": "zasebn=prefix", "mk": "приватн=prefix", "sq": "privat=prefix", "el": "ιδιωτικ=prefix", "tr": "özel", "az": "şəxsi | özəl=prefix",
    "kk": "жеке", "ky": "жеке", "uz": "shaxsiy | maxfiy", "tg": "шахсӣ | хусусӣ", "mn": "хувийн", "ka": "პირად=prefix | პრივატ=prefix", "hy": "մասնավոր | անձնական",
    "he": "פרטי | הפרטי", "ar": "الخاص | خاص", "fa": "خصوصی", "ps": "شخصي | خصوصي", "ur": "نجی | ذاتی | پرائیویٹ", "hi": "निजी | प्राइवेट", "bn": "প্রাইভেট | ব্যক্তিগত",
    "ta": "தனிப்பட்ட | பிரைவேட்", "te": "ప్రైవేట్ | వ్యక్తిగత", "kn": "ಖಾಸಗಿ | ಪ್ರೈವೇಟ್", "ml": "സ്വകാര്യ", "gu": "ખાનગી | પ્રાઇવેટ", "pa": "ਨਿੱਜੀ | ਪ੍ਰਾਈਵੇਟ",
    "mr": "खाजगी | खासगी | प्रायव्हेट", "ne": "निजी | प्राइभेट", "si": "පුද්ගලික | පෞද්ගලික", "th": "ส่วนตัว", "lo": "ສ່ວນຕົວ", "km": "ឯកជន", "my": "ကိုယ်ပိုင်",
    "zh-Hans": "私有 | 私人", "zh-Hant": "私有 | 私人", "ja": "プライベート | 秘密", "ko": "개인 | 프라이빗", "vi": "riêng tư | riêng=word", "id": "pribadi | privat=prefix",
    "ms": "peribadi | persendirian", "fil": "pribado | private", "sw": "faragha | binafsi", "zu": "eyimfihlo | yangasese", "yo": "ìkọ̀kọ̀ | ikoko=word", "ha": "na sirri",
    "am": "የግል=infix", "ga": "príobháideach | phríobháideach", "cy": "preifat | breifat", "mt": "privata | privat=word", "eu": "pribatu=prefix",
})
_add("sent", "romanised verbs of sending and arriving (South Asian languages typed in Latin letters)", {
    "ne": "aayeko | aaeko | pathaieko | pathaeko", "hi": "bheja | bheje gaye | bheja gaya | aaya hua | aaya", "ur": "bheja | bheja gaya | aya hua",
    "bn": "pathano | pathiyechi | esheche", "ta": "anuppiya | anuppappatta | vandha", "te": "pampina | vachina", "mr": "pathavlela | aalela",
    "gu": "moklel | moklelo | aavel", "pa": "bhejeya | bhejiya | aaya", "ml": "ayacha | vanna", "kn": "kaluhisida | kalisida", "si": "evuva | ewwa",
})
_add("password", "the password of an internet bank, in Persian", {"fa": "رمز اینترنت بانک | رمز اینترنتی | رمز ورود | رمز حساب | رمز عبور بانک"})
_add("~otp", "postal codes in further languages (a code, no secret)", {
    "xh": "yeposi=prefix | yeposti=prefix", "zu": "yeposi=prefix | yeposti=prefix", "sw": "posta=word | ya posta",
    "et": "postiindeks=prefix", "fi": "postinumero=prefix", "no": "postnummer=prefix", "da": "postnummer=prefix",
    "sv": "postnummer=prefix", "is": "póstnúmer=prefix",
})
_add("~otp", "booking, reference, sender and area codes (a code sent, no secret)", {
    "en": "booking | reservation | reference | ticket | sender | area code | dialling | dialing", "es": "reserva | referencia | remitente | código de área | prefijo",
    "pt": "reserva | referência | remetente | código de área | ddd=word", "fr": "réservation | référence | expéditeur | indicatif", "it": "prenotazione | riferimento | mittente | prefisso",
    "de": "buchung=infix | reservierung=infix | aktenzeichen=infix | absender=infix | vorwahl=infix", "nl": "boeking=infix | reservering=infix | referentie=infix | afzender=infix",
    "ru": "бронировани=prefix | брони=prefix | отправител=prefix", "uk": "бронюванн=prefix | відправник=prefix", "pl": "rezerwacj=prefix | nadawc=prefix | numer kierunkowy",
    "tr": "rezervasyon=prefix | gönderen adı | alan kodu", "cs": "rezervac=prefix | odesílatel=prefix", "hu": "foglalás=infix | feladó=prefix | körzetszám=prefix",
    "ro": "rezervare=prefix | expeditor=prefix", "el": "κράτηση=prefix | κρατησ=prefix | αποστολέα", "sv": "bokning=infix | avsändar=infix", "da": "booking=infix | afsender=infix",
    "nb": "bestilling=infix | avsender=infix", "fi": "varaus=infix | lähettäjä=infix", "ja": "予約 | 送信者", "zh-Hans": "预订 | 订票 | 发件人 | 区号", "ko": "예약 | 발신자",
    "ar": "الحجز | حجز | اسم المرسل", "he": "הזמנה | שם השולח", "fa": "رزرو | فرستنده", "hi": "बुकिंग | प्रेषक", "id": "pemesanan | pengirim", "vi": "đặt chỗ | người gửi",
    "th": "การจอง | ผู้ส่ง",
})
_add("~meta", "notes and comments about a credential (read in a field's name or title only)", {
    "en": "notes | note | comment", "es": "notas | comentario", "fr": "notes | commentaire", "de": "notizen=infix | kommentar=infix",
    "pt": "notas | comentário", "it": "note=word | commento",
})
# A password's hint and a key's name beyond English (red team 21b): "Pista de la contraseña", "Подсказка к
# паролю", "密码提示", "Имя ключа". Read in a field's name or title, and only in the credential's own clause
# ("密码（提示：至少8位）" asks for the password).
_add("~meta", "a password's hint, and a credential's name (read in a field's name or title only)", {
    "es": "pista=prefix | indicio=prefix", "pt": "dica=prefix | lembrete=prefix", "fr": "indice=word | indices=word",
    "it": "suggerimento=prefix | indizio=prefix", "de": "hinweis=infix | merkhilfe=infix | gedächtnisstütze=infix",
    "nl": "geheugensteun=infix", "ru": "подсказк=prefix | имя=word | имени=word", "uk": "підказк=prefix | ім'я=word | імені=word",
    "pl": "podpowiedź=prefix | podpowiedz=prefix", "cs": "nápověd=prefix", "tr": "ipucu=prefix", "zh-Hans": "提示", "zh-Hant": "提示",
    "ja": "ヒント", "ko": "힌트", "vi": "gợi ý", "id": "petunjuk=prefix", "he": "רמז=prefix", "ar": "تلميح=prefix",
    # Finnish "salasanan vihje" and Estonian "parooli vihje", a password's hint (red team 25)
    "fi": "vihje=prefix", "et": "vihje=prefix",
})

# A field named or titled for personal data (a phone or mobile number, an address, a street or city, an
# e-mail, a full name, a national identity or tax number) carries no credential the prompt asks for, in any language, as ordinary._ORDINARY
# says in English: "Comment voulez-vous recevoir votre code?" over "Numéro de cellulaire" asks for the
# number the code goes to. Its own words are still judged ("Telefon-PIN" is a PIN).
# Words that are also English ones: "by", "portable", "belt", "handy" are personal data only as the whole
# title, "sími" only as a word: "Provided by you", "Similar", "Portable" are no personal data; red team 22b.
_add("personal", "phone numbers, addresses, e-mails and full names (context: a field named so is no credential's carrier)", {
    "en": "phone number | mobile number | cell number | cell phone | telephone number",
    "fr": "numéro de téléphone | téléphone=prefix | telephone=prefix | cellulaire=word | portable=whole | numéro de portable | numero de portable | adresse=prefix | ville=word | rue=word | courriel=word",
    "es": "teléfono=prefix | telefono=prefix | celular=word | móvil=word | movil=word | dirección=prefix | direccion=prefix | ciudad=word | calle=word | correo=word",
    "pt": "telefone=prefix | celular=word | telemóvel=prefix | telemovel=prefix | endereço=prefix | endereco=prefix | morada=word | cidade=word | rua=word",
    "it": "telefono=word | cellulare=word | indirizzo=prefix | città=word | citta=word",
    "ca": "telèfon=prefix | mòbil=prefix | adreça=prefix | carrer=prefix | ciutat=prefix", "gl": "móbil=prefix | enderezo=prefix | rúa=word | cidade=word",
    "de": "telefon=prefix | handynummer=infix | mobilnummer=infix | mobilfunknummer=infix | adresse=infix | anschrift=infix | straße=infix | strasse=infix | wohnort=infix | stadt=word",
    "nl": "telefoonnummer=infix | telefoon=word | mobiel=word | adres=prefix | straat=infix | woonplaats=infix | stad=word",
    "af": "telefoon=prefix | selnommer=prefix | selfoon=prefix | adres=prefix | straat=infix | stad=word", "lb": "telefon=prefix | handy=whole | handynummer=prefix | adress=prefix | strooss=prefix",
    "sv": "telefon=prefix | mobilnummer=prefix | adress=prefix | gatuadress=prefix | stad=word", "no": "telefon=prefix | mobil=prefix | adresse=infix | gateadresse=prefix | by=whole",
    "da": "telefon=prefix | mobil=prefix | adresse=infix | gade=prefix | by=whole", "fi": "puhelin=prefix | matkapuhelin=prefix | osoite=prefix | katuosoite=prefix | kaupunki=prefix",
    "is": "sími=word | simi=word | símanúmer=prefix | simanumer=prefix | heimilisfang=prefix", "et": "telefon=prefix | mobiil=prefix | aadress=prefix | tänav=prefix | linn=word",
    "lv": "tālru=prefix | talru=prefix | telefon=prefix | mobil=prefix | adrese=prefix | iela=prefix | pilsēta=prefix", "lt": "telefon=prefix | mobil=prefix | adres=prefix | gatv=prefix | miest=prefix",
    "pl": "telefon=prefix | komórk=prefix | komork=prefix | adres=prefix | ulica=prefix | miasto=prefix | miejscowość=prefix", "cs": "telefon=prefix | mobil=prefix | adres=prefix | ulice=prefix | město=prefix",
    "sk": "telefón=prefix | telefon=prefix | mobil=prefix | adres=prefix | ulica=prefix | mesto=prefix", "sl": "telefon=prefix | mobitel=prefix | naslov=prefix | ulica=prefix",
    "hr": "telefon=prefix | mobitel=prefix | mobilni=prefix | adres=prefix | ulica=prefix | grad=word", "bs": "telefon=prefix | mobitel=prefix | mobilni=prefix | adres=prefix | ulica=prefix | grad=word",
    "sr-Latn": "telefon=prefix | mobilni=prefix | adres=prefix | ulica=prefix | grad=word", "sr": "телефон=prefix | мобилни=prefix | адрес=prefix | улица=prefix | град=word",
    "ru": "телефон=prefix | мобильн=prefix | адрес=prefix | улица=prefix | город=prefix", "uk": "телефон=prefix | мобільн=prefix | адрес=prefix | вулиц=prefix | місто=prefix",
    "be": "тэлефон=prefix | мабільн=prefix | адрас=prefix | вуліц=prefix | горад=prefix", "bg": "телефон=prefix | мобилен=prefix | адрес=prefix | улица=prefix | град=word",
    "mk": "телефон=prefix | мобилен=prefix | адреса=prefix | улица=prefix | град=word", "ro": "telefon=prefix | mobil=prefix | adresă=prefix | adresa=prefix | strada=prefix | oraș=prefix | oras=prefix",
    "hu": "telefon=prefix | mobil=prefix | cím=word | lakcím=prefix | utca=prefix | város=prefix", "tr": "telefon=prefix | cep=word | adres=prefix | sokak=prefix | şehir=prefix",
    "el": "τηλέφων=prefix | τηλεφων=prefix | κινητό=prefix | διεύθυνση=prefix | οδός=prefix | πόλη=prefix", "sq": "telefon=prefix | celular=prefix | adres=prefix | rrug=prefix | qytet=prefix",
    "mt": "telefon=prefix | mowbajl=prefix | indirizz=prefix | triq=word | belt=whole", "eu": "telefono=prefix | mugikor=prefix | helbide=prefix | kale=prefix",
    "ga": "fón=prefix | guthán=prefix | seoladh=prefix", "cy": "ffôn=prefix | rhif ffôn | cyfeiriad=prefix | stryd=prefix | tref=word",
    "zh-Hans": "电话 | 手机号 | 手机号码 | 电话号码 | 地址 | 城市 | 街道 | 姓名 | 邮箱",
    "zh-Hant": "電話 | 手機號 | 手機號碼 | 電話號碼 | 地址 | 城市 | 街道 | 姓名 | 郵箱 | 電子郵件",
    "ja": "電話番号 | 携帯番号 | 住所 | 市区町村 | 氏名 | メールアドレス", "ko": "전화번호 | 휴대폰 번호 | 휴대전화 | 주소 | 도시 | 이메일",
    "vi": "số điện thoại | so dien thoai | điện thoại | dien thoai | địa chỉ | dia chi | thành phố | thanh pho | họ tên | ho ten | tên trên thẻ | ten tren the",
    "th": "เบอร์โทร | หมายเลขโทรศัพท์ | ที่อยู่ | เมือง", "lo": "ເບີໂທ | ໂທລະສັບ | ທີ່ຢູ່ | ເມືອງ", "km": "លេខទូរស័ព្ទ | ទូរស័ព្ទ | អាសយដ្ឋាន | ទីក្រុង | lekh turasab | turasab=word",
    "my": "ဖုန်းနံပါတ် | ဖုန်း | လိပ်စာ | မြို့",
    "id": "nomor telepon | nomor hp | no hp | telepon=prefix | alamat=prefix | kota=word | jalan=word", "ms": "nombor telefon | no telefon | telefon=prefix | alamat=prefix | bandar=word | jalan=word",
    "fil": "numero ng telepono | telepono=prefix | tirahan=prefix | lungsod=prefix",
    "hi": "फ़ोन नंबर | फोन नंबर | मोबाइल नंबर | पता=word | शहर=word", "mr": "फोन नंबर | मोबाईल नंबर | पत्ता=word | शहर=word", "ne": "फोन नम्बर | मोबाइल नम्बर | ठेगाना | शहर=word",
    "bn": "ফোন নম্বর | মোবাইল নম্বর | ঠিকানা | শহর", "ta": "தொலைபேசி | கைபேசி | மொபைல் எண் | முகவரி | நகரம்", "te": "ఫోన్ నంబర్ | మొబైల్ నంబర్ | చిరునామా | నగరం",
    "kn": "ದೂರವಾಣಿ | ಮೊಬೈಲ್ ಸಂಖ್ಯೆ | ವಿಳಾಸ | ನಗರ", "ml": "ഫോൺ നമ്പർ | മൊബൈൽ നമ്പർ | വിലാസം | നഗരം", "gu": "ફોન નંબર | મોબાઇલ નંબર | સરનામું | શહેર",
    "pa": "ਫ਼ੋਨ ਨੰਬਰ | ਫੋਨ ਨੰਬਰ | ਮੋਬਾਈਲ ਨੰਬਰ | ਸ਼ਹਿਰ", "si": "දුරකථන | ලිපිනය | නගරය", "ur": "فون نمبر | موبائل نمبر | پتہ=word | شہر=word",
    "ar": "رقم الهاتف | رقم الجوال | الهاتف=word | هاتف=word | الجوال=word | جوال=word | العنوان=word | عنوان=word | المدينة=word",
    "he": "טלפון=prefix | נייד=word | כתובת=prefix | עיר=word | רחוב=prefix", "fa": "شماره تلفن | شماره همراه | شماره موبایل | تلفن=prefix | موبایل=prefix | آدرس=prefix | نشانی=prefix | شهر=word",
    "ps": "د تلیفون شمېره | تلیفون=prefix | پته=word | ښار=word", "ka": "ტელეფონ=prefix | მისამართ=prefix | ქალაქ=prefix", "hy": "հեռախոս=prefix | հասցե=prefix | քաղաք=prefix",
    "az": "telefon=prefix | mobil=prefix | ünvan=prefix | küçə=prefix | şəhər=prefix", "kk": "телефон=prefix | мекенжай=prefix | қала=prefix", "ky": "телефон=prefix | дарек=prefix | шаар=prefix",
    "uz": "telefon=prefix | manzil=prefix | shahar=prefix", "tg": "телефон=prefix | суроға=prefix | шаҳр=prefix", "mn": "утас=prefix | утасны=prefix | хаяг=prefix | хот=word",
    "tk": "telefon=prefix | salgy=prefix | şäher=prefix",
    "sw": "nambari ya simu | namba ya simu | simu=word | anwani=prefix | mji=word", "zu": "inombolo yocingo | ucingo=word | ikheli=prefix | idolobha=prefix",
    "xh": "inombolo yefowuni | ifowuni=word | yefowuni=word | idilesi=prefix | isixeko=prefix", "yo": "nọ́mbà fóònù | nomba foonu | fóònù=word | foonu=word | àdírẹ́sì | adiresi=word",
    "ig": "nọmba ekwentị | ekwentị=word | ekwenti=word | adreesị=word", "ha": "lambar waya | waya=word | adireshi=prefix", "am": "ስልክ=prefix | አድራሻ=prefix | ከተማ=prefix",
})

_add("personal", "national identity and tax numbers, and postal towns (context: a field named so is no credential's carrier)", {
    "en": "national id | id number | passport number | tax id", "tr": "kimlik no | tc kimlik | t.c. kimlik | kimlik numarası",
    "pl": "pesel=word", "hi": "आधार | aadhaar=word | aadhar=word", "sv": "personnummer=prefix", "no": "fødselsnummer=prefix | personnummer=prefix | poststed=prefix",
    "da": "cpr-nummer | cpr=word", "fi": "henkilötunnus=prefix", "et": "isikukood=prefix", "lt": "asmens kodas", "lv": "personas kods",
    "es": "curp=word | rfc=word", "pt": "cpf=word", "it": "codice fiscale", "ru": "инн=word | снилс=word", "bg": "егн=word",
    "sr-Latn": "jmbg=word", "sr": "јмбг=word", "hr": "oib=word", "ky": "жеке номер", "kk": "жсн=word | иин=word",
    "mt": "kodiċi postali | kodici postali",
})
# A key's description is no key ("Opis ključa koji će se videti u listi": the text shown in the list).
_add("~meta", "a credential's description (read in a field's name or title only)", {
    "pl": "opis=word", "sr-Latn": "opis=word", "hr": "opis=word", "bs": "opis=word", "sl": "opis=word", "cs": "popis=word", "sk": "popis=word",
    "ru": "описание=prefix", "uk": "опис=word", "sr": "опис=word", "mk": "опис=word", "bg": "описание=prefix", "be": "апісанне=prefix",
})
# Postal codes in the Slavic languages, and tax PINs (Kenya's KRA PIN is a taxpayer's number).
_add("~pin", "postal codes and tax PINs in further languages (a number, no secret)", {
    "mk": "поштенски број | поштенски код", "sr": "поштански број", "sr-Latn": "poštanski broj | postanski broj", "hr": "poštanski broj",
    "bs": "poštanski broj", "sl": "poštna številka", "bg": "пощенски код", "uk": "поштовий індекс", "be": "паштовы індэкс",
    "en": "kra pin | tax pin", "sw": "kra pin",
})
# Mexico's CLABE (an 18-digit bank account number) and a SIM card's serial (ICCID) are no payment card.
_add("~card_number", "bank account and SIM card numbers of further countries (no payment card)", {
    "es": "clabe=word", "en": "iccid=word", "my": "ဆင်းကတ်",
})

# Polish declines "bankomat" with a changed stem in the locative ("w bankomacie": at the cash machine).
_add("atm", "cash machines, where a card PIN is typed", {"pl": "bankomacie"})

# --- A credential asked for by its use under a look-alike title (red team 20b): an authenticator app
# shows nothing but one-time codes, a code sent to you to prove it is you is one, and what you type to
# unlock your computer is its password, whatever the title ("Code promo", "Booking reference").
# An authenticator app (the one-time code detector's outright terms, credentials.OneTimeCode): the
# apps by their generic names, not the stems of "authentication" (those are sign-in context, above).
_add("authenticator", "authenticator apps by their generic names (beside a code or digits, a one-time code named outright)", {
    "en": "authenticator app | authenticator application | code generator app",
    "fr": "application d'authentification | appli d'authentification | app d'authentification | application d'authentificateur | authentificateur=prefix",
    "es": "app de autenticación | aplicación de autenticación | aplicación autenticadora | app autenticadora | autenticador=prefix",
    "pt": "app de autenticação | aplicativo de autenticação | aplicação de autenticação | aplicativo autenticador | app autenticador | autenticador=prefix",
    "it": "app di autenticazione | applicazione di autenticazione | app autenticatore | autenticatore=prefix",
    "ca": "aplicació d'autenticació | autenticador=prefix", "gl": "aplicación de autenticación",
    "de": "authentifizierungs-app | authentifizierungsapp=infix | authentifikator=infix | authenticator-app",
    "nl": "authenticatie-app | authenticatieapp=infix | authenticator-app", "sv": "autentiseringsapp=infix", "da": "godkendelsesapp=infix | autentificeringsapp=infix",
    "nb": "autentiseringsapp=infix", "fi": "todennussovellu=infix", "pl": "aplikacja uwierzytelniająca | aplikacji uwierzytelniającej | aplikacja do uwierzytelniania | aplikacji do uwierzytelniania",
    "cs": "ověřovací aplikac=prefix | autentizační aplikac=prefix", "sk": "overovacia aplikácia | overovacej aplikácii | overovaciu aplikáciu",
    "hu": "hitelesítő alkalmazás=prefix | hitelesítő app=prefix", "ro": "aplicația de autentificare | aplicație de autentificare | autentificator=prefix",
    "ru": "приложение-аутентификатор | приложения-аутентификатора | приложении-аутентификаторе | аутентификатор=prefix | приложение для аутентификации | приложении для аутентификации",
    "uk": "автентифікатор=prefix | аутентифікатор=prefix | застосунок для автентифікації", "bg": "приложение за удостоверяване | автентикатор=prefix",
    "tr": "kimlik doğrulama uygulama=prefix | doğrulayıcı uygulama=prefix | authenticator uygulama=prefix",
    "el": "εφαρμογή ελέγχου ταυτότητας | εφαρμογή επαλήθευσης ταυτότητας", "ja": "認証アプリ | 認証システムアプリ | オーセンティケーター",
    "zh-Hans": "身份验证器 | 验证器应用 | 身份验证应用 | 验证器app", "zh-Hant": "驗證器應用程式 | 身分驗證器 | 身份驗證器 | 驗證器app",
    "ko": "인증 앱 | 인증앱 | otp 앱 | otp앱 | 인증기 앱", "vi": "ứng dụng xác thực", "id": "aplikasi autentikator | aplikasi autentikasi",
    "ms": "aplikasi pengesah", "ar": "تطبيق المصادقة | تطبيق مصادقة", "he": "אפליקציית אימות | אפליקציית מאמת", "fa": "برنامه احراز هویت | اپلیکیشن احراز هویت",
    "hi": "ऑथेंटिकेटर ऐप | प्रमाणक ऐप", "th": "แอป authenticator | แอปตรวจสอบสิทธิ์",
})
# "To confirm it is you": the purpose of a one-time code. Beside a code sent ("the code we texted you
# to confirm it is you") it names one outright (credentials.DERIVED); alone it names nothing.
_add("itsyou", "proving who you are (context: read only beside a verb of sending)", {
    "en": "confirm it is you | confirm it's you | confirm that it is you | confirm that it's you | verify it is you | verify it's you | "
          "verify that it is you | prove it is you | prove it's you | make sure it is you | make sure it's you | confirm your identity | verify your identity",
    "fr": "qu'il s'agit bien de vous | que c'est bien vous | que c'est vous | confirmer votre identité | vérifier votre identité | prouver votre identité",
    "es": "que eres tú | que es usted | confirmar tu identidad | verificar tu identidad | confirmar su identidad | verificar su identidad",
    "pt": "que é você | que és tu | confirmar sua identidade | verificar sua identidade | confirmar a sua identidade | verificar a sua identidade",
    "it": "che sei tu | che sia tu | confermare la tua identità | verificare la tua identità | confermare la sua identità | verificare la sua identità",
    "de": "dass sie es sind | dass du es bist | identität zu bestätigen | identität bestätigen | identität zu überprüfen | identität überprüfen",
    "nl": "dat u het bent | dat jij het bent | dat je het bent | identiteit te bevestigen | identiteit bevestigen",
    "pl": "że to ty | że to pan | że to pani | potwierdzić tożsamość | potwierdzenia tożsamości", "ru": "что это вы | что это ты | подтвердить личность | подтверждения личности",
    "uk": "що це ви | підтвердити особу", "tr": "siz olduğunuzu | sen olduğunu | kimliğinizi doğrula=prefix",
    "ja": "本人確認 | ご本人であること | 本人であること", "zh-Hans": "是您本人 | 确认身份 | 验证身份 | 验证您的身份 | 确认您的身份", "zh-Hant": "是您本人 | 確認身分 | 驗證身分 | 確認身份",
    "ko": "본인 확인 | 본인확인 | 본인 인증 | 본인인증",
})
# What you type to unlock your computer is its password (not a phone: a carrier unlocks a phone by
# its IMEI, which is no secret).
_add("password", "what you type to unlock your computer", {
    "en": "type to unlock your laptop | type to unlock your computer | type to unlock your pc | type to unlock your mac | "
          "to unlock your laptop | to unlock your computer | type to unlock your screen | type to unlock your device",
    "fr": "pour déverrouiller votre ordinateur | pour déverrouiller ton ordinateur | pour déverrouiller votre pc | pour déverrouiller votre session",
    "es": "para desbloquear tu ordenador | para desbloquear tu portátil | para desbloquear tu computadora | para desbloquear su ordenador | para desbloquear su computadora",
    "pt": "para desbloquear seu computador | para desbloquear o seu computador | para desbloquear o computador | para desbloquear seu notebook",
    "it": "per sbloccare il tuo computer | per sbloccare il computer | per sbloccare il portatile | per sbloccare il tuo portatile",
    "de": "laptop zu entsperren | computer zu entsperren | rechner zu entsperren | laptop entsperren | computer entsperren | rechner entsperren",
    "nl": "laptop te ontgrendelen | computer te ontgrendelen",
})

# --- Session 27a: card numbers, security codes, expiry dates, security answers and session cookies,
# language by language (the gaps a probe of each language's usual field labels showed).
_add("security_answer", "the secret or security answer, and the security question in further inflections (account recovery screens)", {
    "am": "ሚስጥራዊ መልስ | የሚስጥር ጥያቄ | ደህንነት ጥያቄ=infix", "ar": "الإجابة السرية | الاجابة السرية | إجابة سرية | السؤال الأمني | سؤال الامان | so2al el sery | so2al el aman",
    "az": "gizli cavab=prefix | gizli sual=prefix | təhlükəsizlik cavab=prefix", "be": "сакрэтны адказ | кантрольны адказ",
    "bg": "въпроса за сигурност | въпрос за сигурност | таен отговор | tainiya vapros | tainiq vapros", "bn": "গোপন উত্তর | গোপন প্রশ্ন | nirapotta pros=prefix",
    "ca": "resposta de seguretat", "cs": "tajná odpověď | bezpečnostní odpověď", "cy": "ateb diogelwch", "da": "hemmeligt svar | sikkerhedssvar=infix",
    "de": "geheime antwort", "el": "ερώτησης ασφαλείας | μυστική απάντηση | erotisis asfaleias | erotisi asfaleias", "en": "memorable answer",
    "et": "salajane vastus | turvavastus=infix", "eu": "erantzun sekretu=prefix | segurtasun erantzun=prefix", "fa": "پاسخ امنیتی | soal amniati | soale amniati",
    "fi": "salainen vastaus | turvavastau=infix", "fil": "lihim na sagot", "fr": "réponse de sécurité", "ga": "freagra slándála | gceist slándála",
    "gl": "resposta de seguridade", "gu": "ગુપ્ત જવાબ | સુરક્ષા જવાબ", "he": "שאלת האבטחה | תשובה סודית | תשובת אבטחה | השאלה הסודית | לשאלה הסודית | שאלה סודית",
    "hi": "सुरक्षा उत्तर | गुप्त उत्तर | सुरक्षा सवाल | suraksha prashn | suraksha sawal | gupt uttar", "hu": "titkos válasz | biztonsági válasz",
    "hy": "գաղտնի պատասխան | անվտանգության պատասխան", "id": "jawaban keamanan | jawaban rahasia | pertanyaan rahasia",
    "ig": "ajụjụ nchekwa | azịza nchekwa | ajuju nchekwa | aziza nchekwa", "is": "leynilegt svar | öryggissvar=infix", "it": "risposta di sicurezza",
    "ja": "セキュリティ質問 | 合言葉=whole | 合言葉の答え | 合言葉の回答 | 秘密の合言葉 | 合言葉（答え）", "ka": "საიდუმლო პასუხ=prefix | საიდუმლო კითხვ=prefix", "kk": "құпия жауап | бақылау сұрағ=prefix | қауіпсіздік сұрағ=prefix",
    "km": "ចម្លើយសម្ងាត់", "kn": "ರಹಸ್ಯ ಉತ್ತರ | ಭದ್ರತಾ ಉತ್ತರ", "ko": "본인확인 질문 | 본인확인 답변 | 본인 확인 질문 | 보안 답변", "ky": "жашыруун жооп | коопсуздук суроо=prefix",
    "lb": "sécherheetsäntwert=infix | geheim äntwert", "lo": "ຄຳຕອບລັບ", "lv": "slepenā atbilde | slepeno atbildi", "ml": "രഹസ്യ ഉത്തര=prefix | സുരക്ഷാ ഉത്തര=prefix",
    "mn": "нууц хариулт | аюулгүй байдлын асуулт=prefix", "mr": "सुरक्षा उत्तर | गुप्त उत्तर", "ms": "jawapan keselamatan | jawapan rahsia | soalan rahsia",
    "mt": "tweġiba sigrieta | tweġiba tas-sigurtà", "my": "လျှို့ဝှက်အဖြေ=infix | လျှို့ဝှက်မေးခွန်း=infix", "ne": "गोप्य उत्तर | सुरक्षा उत्तर",
    "no": "hemmelig svar | sikkerhetssvar=infix", "nb": "hemmelig svar | sikkerhetssvar=infix", "pa": "ਗੁਪਤ ਜਵਾਬ | ਸੁਰੱਖਿਆ ਜਵਾਬ",
    "pl": "tajna odpowiedź | tajnej odpowiedzi", "ps": "امنیتي پوښتن=infix | امنیتي ځواب | پټ ځواب",
    "ru": "секретный ответ | секретного ответа | sekretnyi vopros | sekretnyj vopros | kontrolnyi vopros", "si": "රහස් පිළිතුර | ආරක්ෂක පිළිතුර",
    "sk": "bezpečnostná odpoveď | tajná odpoveď", "sl": "varnostni odgovor | skrivni odgovor", "sq": "përgjigje sekrete | përgjigja sekrete",
    "sv": "hemligt svar | säkerhetssvar=infix", "sw": "jibu la usalama | jibu la siri", "ta": "ரகசிய பதில் | பாதுகாப்பு பதில்", "te": "రహస్య సమాధానం | భద్రతా సమాధానం",
    "tg": "ҷавоби махфӣ | саволи махфӣ", "th": "คำตอบลับ | คำถามความปลอดภัย", "tk": "howpsuzlyk sorag=prefix | gizlin jogap | gizlin sorag=prefix",
    "tr": "gizli cevab=prefix | gizli cevap", "uk": "секретна відповідь | секретну відповідь", "ur": "خفیہ جواب | سیکیورٹی سوال | hifazati sawal",
    "uz": "maxfiy javob | махфий савол=prefix | махфий жавоб", "vi": "câu trả lời bảo mật | câu trả lời bí mật", "xh": "impendulo eyimfihlo | umbuzo wokhuseleko",
    "yo": "ìdáhùn àṣírí | idahun asiri", "zh-Hans": "安全答案", "zu": "impendulo eyimfihlo",
})
_add("card_number", "checkout screens: abbreviations, possessives and transliterations", {
    "af": "kaart nr=word | nommer van die kaart", "am": "ካርድ ቁጥር=infix | የካርድዎ ቁጥር", "ar": "رقم الكارت", "az": "kart nomre=prefix",
    "bg": "nomer na karta | nomer na kartata", "bn": "কার্ডের নম্বর | কার্ড নাম্বার", "el": "arithmos kartas | arithmo kartas",
    "et": "kaardinumb=prefix | krediitkaardi numb=prefix | pangakaardi numb=prefix | deebetkaardi numb=prefix", "eu": "txartel zenbaki=prefix", "fa": "shomare kart=word | shomare karte=word", "gu": "કાર્ડનો નંબર",
    "ha": "lambar kati=prefix", "ig": "nọmba kaadị | nomba kaadi", "is": "númer korts | kortsins númer", "ja": "カードナンバー",
    "kk": "картаның нөмір=prefix | картасының нөмір=prefix", "kn": "ಕಾರ್ಡ್ ನಂಬರ್", "lb": "kaartennummer=infix", "lv": "kredītkartes numur=prefix | maksājumu kartes numur=prefix | bankas kartes numur=prefix | kredītkartes nr",
    "ms": "no kad kredit | no kad debit", "nl": "pasnummer=word | kaartnr=word", "sv": "kortsnummer=infix", "tg": "рақами корти=prefix",
    "tk": "kartyň belgi=prefix | kart nomer=prefix", "tr": "kart no=word", "uk": "nomer kartky | nomer karty", "zh-Hant": "卡片號碼",
})
_add("cvv", "checkout screens: the card's security code, and where it is printed", {
    "af": "kaartsekuriteitskode=infix | sekuriteitskode op die kaart", "am": "የካርድ ደህንነት ኮድ | ሲቪቪ", "bn": "কার্ডের নিরাপত্তা কোড",
    "de": "ziffern auf der rückseite der karte | ziffern auf der kartenrückseite", "et": "kaardi tagaküljel", "ga": "cód slándála an chárta",
    "gu": "સીવીવી | કાર્ડ સુરક્ષા કોડ | કાર્ડની પાછળના", "ha": "lambar tsaron kati | a bayan kati", "hy": "քարտի անվտանգության կոդ=prefix",
    "ig": "koodu nchekwa kaadị | n'azụ kaadị", "is": "öryggisnúmer korts=prefix | öryggiskóði korts | aftan á kortinu", "ka": "ბარათის უსაფრთხოების კოდ=prefix | ბარათის უკანა მხარეს",
    "kk": "картаның артындағы", "km": "លេខកូដសុវត្ថិភាពកាត | ខាងក្រោយកាត", "kn": "ಸಿವಿವಿ | ಕಾರ್ಡ್ ಭದ್ರತಾ ಕೋಡ್", "lb": "sécherheetscode vun der kaart",
    "lo": "ລະຫັດຄວາມປອດໄພຂອງບັດ | ຫຼັງບັດ", "mk": "задната страна на картичката | задната страна на картицата", "ml": "സിവിവി | കാർഡ് സുരക്ഷാ കോഡ്", "mr": "सीव्हीव्ही",
    "my": "ကတ်လုံခြုံရေးကုဒ်", "ne": "सीभीभी", "pa": "ਸੀਵੀਵੀ | ਕਾਰਡ ਸੁਰੱਖਿਆ ਕੋਡ", 
    "si": "කාඩ්පතේ ආරක්ෂක කේතය", "sw": "msimbo wa usalama wa kadi", "ta": "சிவிவி | அட்டை பாதுகாப்புக் குறியீ=prefix", "te": "సీవీవీ | కార్డ్ భద్రతా కోడ్",
    "tg": "рамзи амнияти корт", "tk": "kartyň howpsuzlyk kod=prefix", "uk": "код безпеки картки", "ur": "کارڈ کا سیکیورٹی کوڈ", "xh": "ikhowudi yokhuseleko yekhadi",
    "yo": "kóòdù ààbò káàdì | koodu aabo kaadi", "zh-Hant": "背面末三碼", "zu": "ikhodi yokuphepha yekhadi",
})
_add("session_cookie", "session cookies and session ids in further languages (browser developer tools)", {
    "am": "የክፍለ ጊዜ ኩኪ | የሴሽን ኩኪ", "ar": "ملف تعريف ارتباط الجلسة | كوكيز الجلسة | معرف الجلسة", "az": "seans kuki=prefix", "be": "ідэнтыфікатар сесіі",
    "bg": "бисквитка на сесията | сесийна бисквитка | идентификатор на сесия=prefix", "bn": "সেশন আইডি", "bs": "sesijski kolačić | id sesije",
    "hr": "sesijski kolačić | id sesije", "sr-Latn": "sesijski kolačić | id sesije", "sr": "колачић сесије | сесијски колачић | ид сесије",
    "cs": "id relace", "sk": "id relácie", "cy": "id sesiwn", "de": "sitzungs-id", "el": "αναγνωριστικό συνεδρίας",
    "es": "id de sesión | identificador de sesión", "gl": "identificador de sesión", "et": "seansi id", "eu": "saio cookie=prefix | saioko cookie=prefix | saio id=word",
    "fa": "شناسه نشست | کوکی جلسه", "fi": "istunnon eväste | istuntotunnus=infix", "ga": "fianán seisiúin | fianán an tseisiúin | aitheantas seisiúin",
    "gu": "સત્ર કૂકી | સેશન કૂકી", "he": "מזהה סשן | מזהה הסשן", "hi": "सत्र कुकी | सेशन आईडी", "hu": "munkamenet-azonosító | munkamenet azonosító",
    "hy": "սեսիայի նույնացուցիչ", "id": "id sesi", "ms": "id sesi", "is": "lotukaka=infix | setukaka=infix | lotuauðkenni=infix", "ja": "セッションcookie",
    "ka": "სესიის id", "kk": "сессия идентификатор=prefix", "ky": "сессиянын идентификатор=prefix", "kn": "ಸೆಷನ್ ಕುಕಿ | ಸೆಷನ್ ಐಡಿ", "ko": "세션 id | 세션 아이디 | 세션id",
    "lo": "ຄຸກກີເຊດຊັນ", "lt": "sesijos id", "lv": "sesijas id", "mk": "колаче за сесија | сесиско колаче | id на сесија", "ml": "സെഷൻ കുക്കി | സെഷൻ ഐഡി",
    "mn": "сешн күүки | сессийн id", "mr": "सत्र कुकी", "ne": "सत्र कुकी | सेसन कुकी", "my": "ဆက်ရှင်ကွတ်ကီး", "no": "økt-id=word", "nb": "økt-id=word",
    "pa": "ਸੈਸ਼ਨ ਆਈਡੀ", "pl": "id sesji | identyfikator sesji", "ps": "د ناستې کوکي", "pt": "id de sessão | identificador de sessão | id da sessão",
    "ro": "id sesiune | identificator de sesiune | id-ul sesiunii", "ru": "сессионная кука | сессионную куку | идентификатор сессии", "si": "සැසි කුකිය",
    "sl": "sejni piškotek | id seje", "sq": "id e sesionit", "sw": "kidakuzi cha kipindi", "ta": "அமர்வு குக்கீ | செஷன் குக்கீ", "te": "సెషన్ కుకీ | సెషన్ ఐడి",
    "th": "เซสชันไอดี | ไอดีเซสชัน", "tr": "oturum kimliğ=prefix", "uk": "ідентифікатор сесії", "ur": "سیشن کوکی | سیشن آئی ڈی", "vi": "mã phiên đăng nhập | id phiên",
    "yo": "kúkì ìgbà", "zh-Hans": "会话id | 会话标识", "zh-Hant": "工作階段id | 工作階段識別碼", "zu": "ikhukhi leseshini",
})
# A card's expiry is read only where the form also asks for the card's number or code
# (credentials.CardExpiry.needs), so a plain "expiry date" is enough here, as in English.
_add("card_expiry", "checkout screens: the expiry date, in further languages", {
    "af": "vervaldatum=infix | geldig tot", "am": "የሚያበቃበት ቀን | ማብቂያ ቀን=infix", "ar": "تاريخ الانتهاء | تاريخ انتهاء | صالحة حتى",
    "az": "bitmə tarix=prefix | etibarlılıq müddət=prefix | son istifadə tarix=prefix", "be": "тэрмін дзеяння | дзейнічае да | дата заканчэння",
    "bg": "валидна до | дата на изтичане | срок на валидност", "bn": "মেয়াদ শেষের তারিখ | কার্ডের মেয়াদ | মেয়াদোত্তীর্ণের তারিখ",
    "bs": "datum isteka | vrijedi do | rok važenja", "hr": "datum isteka | vrijedi do | rok valjanosti", "sr-Latn": "datum isteka | važi do | rok važenja",
    "sr": "датум истека | важи до | рок важења", "ca": "data de caducitat | data de venciment | vàlida fins a", "cs": "platnost do | datum platnosti | datum expirace | expirace karty",
    "cy": "dyddiad dod i ben | yn ddilys tan", "da": "udløbsdato=infix | gyldig til", "de": "verfallsdatum=infix | ablaufmonat=infix",
    "el": "ημερομηνία λήξης | λήξη κάρτας | ισχύει έως | imerominia lixis | imerominia liksis", "en": "expiration", "es": "válida hasta | vence=word | mm/aa",
    "et": "aegumiskuupäev=infix | kehtiv kuni | kehtivusaeg=infix", "eu": "iraungitze data=prefix | iraungitze-data=prefix", "fa": "تاریخ انقضا",
    "fi": "voimassaolo=infix | voimassa asti | vanhenemispäivä=infix", "fil": "petsa ng pag-expire | valid hanggang", "fr": "date de validité | valable jusqu'au | expire fin | mm/aa",
    "ga": "dáta éaga | bailí go dtí", "gl": "data de caducidade | data de vencemento | válida ata", "gu": "સમાપ્તિ તારીખ", "ha": "ranar ƙarewa | ranar karewa",
    "he": "תוקף הכרטיס | תאריך תפוגה | בתוקף עד", "hi": "समाप्ति तिथि | एक्सपायरी डेट | वैधता तिथि", "hu": "lejárati dátum=prefix | lejárat=prefix",
    "hy": "վավերականության ժամկետ | քարտի ժամկետ", "id": "tanggal kedaluwarsa | tanggal kadaluarsa | masa berlaku | berlaku hingga", "ig": "ụbọchị ngwụcha | ubochi ngwucha",
    "is": "gildistími=infix | gildir til | fyrningardag=infix", "it": "scadenza | valida fino a | mm/aa", "ka": "მოქმედების ვადა | ბარათის ვადა",
    "kk": "жарамдылық мерзім=prefix | картаның мерзім=prefix", "km": "កាលបរិច្ឆេទផុតកំណត់ | ផុតកំណត់កាត", "kn": "ಮುಕ್ತಾಯ ದಿನಾಂಕ", "ko": "만료일",
    "ky": "жарактуулук мөөнөт=prefix | картанын мөөнөт=prefix", "lb": "oflafdatum=infix | gëlteg bis", "lo": "ວັນໝົດອາຍຸ", "lt": "galiojimo data | galioja iki | galiojimo pabaiga",
    "lv": "derīguma termiņ=prefix | derīga līdz", "mk": "датум на истекување | важи до | рок на важност", "ml": "കാലഹരണ തീയതി | കാർഡിന്റെ കാലാവധി",
    "mn": "дуусах хугацаа | хүчинтэй хугацаа", "mr": "कालबाह्यता तारीख | एक्सपायरी तारीख | कार्डची मुदत", "ms": "tarikh luput | tarikh tamat tempoh | sah sehingga",
    "mt": "data ta' skadenza | data tal-iskadenza", "my": "သက်တမ်းကုန်ဆုံးရက် | ကတ်သက်တမ်း", "ne": "म्याद सकिने मिति | कार्डको म्याद",
    "nl": "vervaldatum=infix | geldig tot | verloopdatum=infix", "no": "utløpsdato=infix | gyldig til", "nb": "utløpsdato=infix | gyldig til",
    "pa": "ਮਿਆਦ ਪੁੱਗਣ ਦੀ ਮਿਤੀ | ਕਾਰਡ ਦੀ ਮਿਆਦ", "pl": "data ważności | ważna do | termin ważności", "ps": "د پای نېټه",
    "pt": "validade | válido até | mm/aa | data de expiração | vencimento do cartão", "ro": "data expirării | data de expirare | valabil până la | expirare card",
    "ru": "действует до | месяц/год", "si": "කල් ඉකුත් වන දිනය | කල් ඉකුත්වීම", "sk": "platnosť do | dátum platnosti | dátum exspirácie",
    "sl": "datum veljavnosti | veljavna do | datum poteka", "sq": "data e skadimit | e vlefshme deri | skadenca e kartës", "sv": "utgångsdatum=infix | giltigt till | giltig t.o.m",
    "sw": "tarehe ya kuisha | tarehe ya mwisho wa matumizi", "ta": "காலாவதி தேதி", "te": "గడువు తేదీ", "tg": "мӯҳлати эътибор | санаи анҷоми мӯҳлат",
    "th": "วันหมดอายุ | บัตรหมดอายุ", "tk": "kartyň möhlet=prefix | gutarýan senesi", "tr": "son kullanma tarih=prefix | son kullanma ay | skt=word | geçerlilik tarih=prefix",
    "uk": "термін дії | дійсна до", "ur": "میعاد ختم ہونے کی تاریخ | کارڈ کی میعاد | ایکسپائری تاریخ", "uz": "amal qilish muddat=prefix | karta muddat=prefix",
    "vi": "ngày hết hạn | hiệu lực đến", "xh": "umhla wokuphelelwa", "yo": "ọjọ́ ìparí | ọjọ ipari", "zh-Hans": "到期日", "zh-Hant": "到期日 | 有效期限", "zu": "usuku lokuphelelwa | usuku lokuphela",
})
# What else expires: a passport, an identity card, a licence, a visa, a subscription, a membership, a
# warranty, a voucher. Beside an expiry date they make it no card's (as CardExpiry.unless does in English).
# No bare "pass" (a passport in the Nordic languages, Estonian and Luxembourgish): matched in every language,
# it is the English "pass" of "user bob pass hunter22", and a look-alike there excused the password.
_add("~card_expiry", "documents, subscriptions and vouchers that expire (no payment card)", {
    "af": "paspoort=infix | intekening=infix | lidmaatskap=infix | lisensie=infix | waarborg=infix", "am": "ፓስፖርት=infix | የደንበኝነት ምዝገባ | ፈቃድ",
    "ar": "جواز السفر | جواز سفر | الاشتراك | اشتراك | العضوية | الرخصة | رخصة | التأشيرة | الهوية | الضمان | القسيمة",
    "az": "pasport=prefix | abunə=prefix | üzvlük=prefix | vəsiqə=prefix | lisenziya=prefix | viza=prefix",
    "be": "пашпарт=prefix | падпіск=prefix | пасведчанн=prefix | ліцэнзі=prefix | віза=prefix",
    "bg": "паспорт=prefix | абонамент=prefix | членств=prefix | лична карта=prefix | шофьорск=prefix | лиценз=prefix | виза=prefix | гаранци=prefix | ваучер=prefix",
    "bn": "পাসপোর্ট=prefix | সাবস্ক্রিপশন=prefix | সদস্যপদ=prefix | লাইসেন্স=prefix | ভিসা=prefix",
    "bs": "pasoš=prefix | pretplat=prefix | članarin=prefix | lične karte | vozačk=prefix | licenc=prefix | viza=prefix | garancij=prefix | vaučer=prefix",
    "hr": "putovnic=prefix | pretplat=prefix | članarin=prefix | osobne iskaznice | vozačk=prefix | licenc=prefix | viza=prefix | jamstv=prefix | vaučer=prefix",
    "sr-Latn": "pasoš=prefix | pretplat=prefix | članarin=prefix | lične karte | vozačk=prefix | licenc=prefix | viza=prefix | garancij=prefix | vaučer=prefix",
    "sr": "пасош=prefix | претплат=prefix | чланарин=prefix | личне карте | возачк=prefix | лиценц=prefix | виза=prefix | гаранциј=prefix | ваучер=prefix",
    "ca": "passaport=prefix | subscripció | abonament=prefix | carnet=prefix | llicència | visat=prefix | garantia | val de descompte",
    "cs": "cestovní pas | cestovního pasu | pasu=word | předplatné=prefix | předplatného | členství=prefix | občansk=prefix | řidičsk=prefix | licenc=prefix | víza=prefix | záruk=prefix | poukaz=prefix",
    "sk": "cestovný pas | cestovného pasu | pasu=word | predplatné=prefix | predplatného | členstv=prefix | občiansk=prefix | vodičsk=prefix | licenci=prefix | víza=word | víz=word | vízum=word | záruk=prefix | poukaž=prefix",
    "cy": "pasbort=prefix | tanysgrifiad=prefix | aelodaeth=prefix | trwydded=prefix | fisa=word | gwarant=prefix",
    "da": "dit pas | passet | abonnement=infix | medlemskab=infix | kørekort=infix | licens=infix | visum=infix | garanti=infix | gavekort=infix",
    "no": "passet | abonnement=infix | medlemskap=infix | førerkort=infix | lisens=infix | visum=infix | garanti=infix | gavekort=infix",
    "nb": "passet | abonnement=infix | medlemskap=infix | førerkort=infix | lisens=infix | visum=infix | garanti=infix | gavekort=infix",
    "sv": "passet | prenumeration=infix | abonnemang=infix | medlemskap=infix | körkort=infix | licens=infix | visum=infix | garanti=infix | presentkort=infix",
    "de": "reisepass=infix | des passes | ausweis=infix | abonnement=infix | abo=word | abos | mitgliedschaft=infix | führerschein=infix | lizenz=infix | visum=infix | garantie=infix | gutschein=infix | zertifikat=infix | domain=infix",
    "nl": "paspoort=infix | abonnement=infix | lidmaatschap=infix | rijbewijs=infix | identiteitskaart=infix | licentie=infix | visum=infix | garantie=infix | tegoedbon=infix | cadeaubon=infix | certificaat=infix | domein=infix",
    "lb": "abonnement=infix | memberschaft=infix | führerschäin=infix | lizenz=infix",
    "el": "διαβατηρ=prefix | συνδρομ=prefix | ταυτότητ=prefix | άδειας οδήγησης | δίπλωμα οδήγησης | άδεια=prefix | βίζα=prefix | εγγύηση=prefix | κουπόνι=prefix | πιστοποιητικ=prefix | μέλους",
    "es": "pasaporte=prefix | suscripción | suscripcion | membresía | membresia | dni=word | licencia=prefix | permiso de conducir | carnet=prefix | visado=prefix | garantía | garantia | cupón | cupon | certificado=prefix | dominio=prefix | prueba gratuita",
    "pt": "passaporte=prefix | assinatura=prefix | subscrição | adesão | carteira de motorista | carta de condução | cnh=word | licença=prefix | o visto | do visto | seu visto | visto de residência | visto de trabalho | visto de turista | garantia | cupom | cupão | certificado=prefix | domínio=prefix | teste grátis",
    "fr": "passeport=prefix | abonnement=prefix | adhésion | carte d'identité | permis de conduire | permis=word | licence=prefix | garantie | bon d'achat | coupon=prefix | certificat=word | certificats=word | domaine=prefix | essai gratuit | carte cadeau",
    "it": "passaporto=prefix | abbonamento=prefix | iscrizione | tessera=prefix | carta d'identità | patente=word | patente di guida | della patente | licenza=prefix | il visto | del visto | visto d'ingresso | visto di soggiorno | garanzia | buono=prefix | coupon=prefix | certificato=prefix | dominio=prefix | prova gratuita",
    "gl": "pasaporte=prefix | subscrición | licenza=prefix | carné=prefix | garantía",
    "eu": "pasaporte=prefix | harpidetza=prefix | bazkide=prefix | gidabaimen=prefix | lizentzia=prefix",
    "et": "passi=word | tellimus=infix | liikmesus=infix | juhiluba=infix | juhiloa=infix | isikutunnistus=infix | litsents=infix | viisa=infix | garantii=infix | kinkekaart=infix",
    "fi": "passi=word | passin=word | passinumero=infix | tilau=infix | jäsenyy=infix | ajokort=infix | henkilökortt=infix | lisenssi=infix | viisumi=infix | takuu=infix | lahjakortt=infix",
    "is": "vegabréf=infix | áskrift=infix | aðild=infix | ökuskírteini=infix | leyfi=infix | vegabréfsáritun=infix | ábyrgð=infix | gjafabréf=infix",
    "fa": "گذرنامه | پاسپورت | اشتراک | عضویت | گواهینامه | ویزا | ضمانت | کارت ملی | کوپن",
    "fil": "pasaporte=prefix | subscription=prefix | membership=prefix | lisensya=prefix",
    "ga": "pas taistil | síntiús=prefix | ballraíocht=prefix | ceadúnas=prefix | víosa=prefix",
    "gu": "પાસપોર્ટ | સબ્સ્ક્રિપ્શન | સભ્યપદ | લાઇસન્સ",
    "ha": "fasfo=prefix | biyan kuɗi | lasisi=prefix | biza=word",
    "he": "דרכון=infix | מנוי=infix | חברות=infix | רישיון=infix | רשיון=infix | ויזה=infix | אחריות=infix | תעודת זהות=infix | שובר=infix",
    "hi": "पासपोर्ट | सदस्यता | लाइसेंस | वीज़ा | वीजा | वारंटी | कूपन",
    "hu": "útlevél=prefix | útlevel=prefix | előfizetés=prefix | tagság=prefix | személyi=prefix | jogosítvány=prefix | licenc=prefix | vízum=prefix | garanci=prefix | utalvány=prefix | kupon=prefix",
    "hy": "անձնագր=prefix | բաժանորդագր=prefix | անդամակցությ=prefix | վարորդական=prefix | լիցենզիա=prefix | վիզա=prefix",
    "id": "paspor=prefix | langganan=prefix | keanggotaan=prefix | ktp=word | surat izin mengemudi | lisensi=prefix | garansi=prefix | voucher=prefix | kupon=prefix",
    "ms": "pasport=prefix | langganan=prefix | keahlian=prefix | kad pengenalan | lesen=prefix | waranti=prefix | baucar=prefix",
    "ig": "paspọọtụ | ndenye aha | ikike",
    "ja": "パスポート | 旅券 | サブスクリプション | 定期購読 | 会員証 | 会員資格 | 会員期間 | 会員カード | 有料会員 | 免許 | 在留カード | ビザ | 保証 | クーポン | 証明書 | ドメイン",
    "ka": "პასპორტ=prefix | გამოწერ=prefix | წევრობ=prefix | მართვის მოწმობ=prefix | ლიცენზი=prefix | ვიზ=prefix",
    "kk": "төлқұжат=prefix | паспорт=prefix | жазылым=prefix | мүшелік=prefix | жеке куәлік=prefix | лицензия=prefix | виза=prefix",
    "ky": "паспорт=prefix | жазылуу=prefix | мүчөлүк=prefix | лицензия=prefix | виза=prefix",
    "km": "លិខិតឆ្លងដែន | ការជាវ | សមាជិកភាព | ប័ណ្ណបើកបរ",
    "kn": "ಪಾಸ್‌ಪೋರ್ಟ್ | ಚಂದಾದಾರಿಕೆ | ಸದಸ್ಯತ್ವ | ಪರವಾನಗಿ",
    "ko": "여권 | 구독 | 멤버십 | 회원권 | 운전면허 | 면허 | 비자 | 보증 | 쿠폰 | 상품권 | 인증서 | 도메인",
    "lo": "ໜັງສືຜ່ານແດນ | ການສະໝັກ | ສະມາຊິກ",
    "lt": "paso=word | pasas=word | prenumerat=prefix | narystė=prefix | narystes=prefix | vairuotojo=prefix | asmens tapatybės | licencij=prefix | viza=word | vizos=word | vizą=word | garantij=prefix | kupon=prefix",
    "lv": "pases=word | pase=word | abonement=prefix | dalība=prefix | biedr=prefix | vadītāja apliecība=prefix | personas apliecība=prefix | licenc=prefix | vīza=prefix | garantij=prefix | kupon=prefix",
    "mk": "пасош=prefix | претплат=prefix | членств=prefix | лична карта=prefix | возачк=prefix | лиценц=prefix | виза=prefix | гаранци=prefix | ваучер=prefix",
    "ml": "പാസ്പോർട്ട് | സബ്സ്ക്രിപ്ഷൻ | അംഗത്വ=prefix | ലൈസൻസ്",
    "mn": "паспорт=prefix | гадаад паспорт=prefix | захиалг=prefix | гишүүнчлэл=prefix | иргэний үнэмлэх=prefix | жолооны үнэмлэх=prefix | лиценз=prefix | виз=prefix",
    "mr": "पासपोर्ट | सदस्यता | सभासदत्व | परवाना | लायसन्स",
    "mt": "passaport=prefix | abbonament=prefix | sħubija=prefix | liċenzja=prefix | viża=prefix | garanzija=prefix",
    "my": "နိုင်ငံကူးလက်မှတ် | ပတ်စပို့ | အသင်းဝင် | လိုင်စင်",
    "ne": "राहदानी | पासपोर्ट | सदस्यता | लाइसेन्स | इजाजतपत्र",
    "pa": "ਪਾਸਪੋਰਟ | ਸਬਸਕ੍ਰਿਪਸ਼ਨ | ਮੈਂਬਰਸ਼ਿਪ | ਲਾਇਸੈਂਸ",
    "pl": "paszport=prefix | subskrypcj=prefix | abonament=prefix | członkostw=prefix | dowod=prefix | dowód=prefix | prawa jazdy | prawo jazdy | licencj=prefix | wiza=word | wizy=word | wizę=word | wizą=word | wizowy=prefix | gwarancj=prefix | bon podarunkowy | bon towarowy | bonu=word | kupon=prefix | certyfikat=prefix | domen=prefix",
    "ps": "پاسپورټ | ګډون | جواز",
    "ro": "pașaport=prefix | pasaport=prefix | abonament=prefix | calitate de membru | buletin=prefix | carte de identitate | cărții de identitate | permis=word | permisul=word | permisului=word | permis de conducere | licenț=prefix | licent=prefix | viza=word | viză=word | vizei=word | vizele=word | vizelor=word | garanți=prefix | garantie=prefix | voucher=prefix | cupon=prefix | certificat=word | certificatul=prefix | certificatului=word | domeniu=prefix",
    "ru": "паспорт=prefix | подписк=prefix | членств=prefix | водительск=prefix | удостоверени=prefix | лицензи=prefix | виз=prefix | гаранти=prefix | купон=prefix | сертификат=prefix | домен=prefix | полис=prefix",
    "uk": "паспорт=prefix | передплат=prefix | підписк=prefix | членств=prefix | посвідченн=prefix | ліцензі=prefix | віз=prefix | гаранті=prefix | купон=prefix | сертифікат=prefix | домен=prefix | поліс=prefix",
    "si": "ගමන් බලපත්‍ර | දායකත්ව | සාමාජිකත්ව | බලපත්‍ර",
    "sl": "potn=prefix | potnega lista | naročnin=prefix | članstv=prefix | osebne izkaznice | vozniškega dovoljenja | licenc=prefix | vizum=prefix | garancij=prefix | darilni bon | darilnega bona | kupon=prefix",
    "sq": "pasaport=prefix | abonim=prefix | anëtarësi=prefix | letërnjoftim=prefix | patentë=word | patenta=word | patentës=word | patentën=word | licenc=prefix | viza=word | vizë=word | vizës=word | vizën=word | garanci=prefix",
    "sw": "pasipoti=prefix | usajili=prefix | uanachama=prefix | leseni=prefix | viza=word | dhamana=prefix | kitambulisho=prefix",
    "ta": "கடவுச்சீட்டு | பாஸ்போர்ட் | சந்தா | உறுப்பினர் | உரிமம்",
    "te": "పాస్‌పోర్ట్ | పాస్పోర్ట్ | సభ్యత్వ=prefix | చందా | లైసెన్స్",
    "tg": "шиноснома=prefix | паспорт=prefix | обуна=prefix | узвият=prefix | иҷозатнома=prefix | виза=prefix",
    "th": "หนังสือเดินทาง | พาสปอร์ต | การสมัครสมาชิก | สมาชิก | ใบขับขี่ | ใบอนุญาต | วีซ่า | การรับประกัน | คูปอง | บัตรประชาชน",
    "tk": "pasport=prefix | abuna=prefix | agzalyk=prefix | şahsyýetnama=prefix | ygtyýarnama=prefix | wiza=word | wizaň=word | wizany=word | wizasy=prefix",
    "tr": "pasaport=prefix | abonelik=prefix | üyelik=prefix | kimlik kartı=prefix | ehliyet=prefix | sürücü belgesi=prefix | lisans=prefix | vize=prefix | garanti=prefix | kupon=prefix | sertifika=prefix | alan adı=prefix | hediye kartı=prefix | çek=word",
    "ur": "پاسپورٹ | رکنیت | سبسکرپشن | لائسنس | ویزا | وارنٹی | شناختی کارڈ",
    "uz": "pasport=prefix | obuna=prefix | a'zolik=prefix | haydovchilik=prefix | guvohnoma=prefix | litsenziya=prefix | viza=prefix | kafolat=prefix",
    "vi": "hộ chiếu | ho chieu | gói đăng ký | đăng ký | thành viên | hội viên | giấy phép lái xe | bằng lái | giấy phép | thị thực | bảo hành | phiếu giảm giá | chứng chỉ | tên miền | cccd=word | cmnd=word",
    "xh": "ipaspoti=prefix | ubulungu=prefix | ilayisensi=prefix",
    "yo": "ìwé ìrìnnà | iwe irinna | ìforúkọsílẹ̀ | iforukosile | ìwé àṣẹ | iwe ase",
    "zu": "iphasiphothi=prefix | ubulungu=prefix | ilayisense=prefix",
    "zh-Hans": "护照 | 订阅 | 会员卡 | 会员资格 | 会员期限 | 身份证 | 驾照 | 驾驶证 | 执照 | 许可证 | 签证 | 保修 | 优惠券 | 礼品卡 | 证书 | 域名",
    "zh-Hant": "護照 | 訂閱 | 會員卡 | 會員資格 | 會員期限 | 身分證 | 身份證 | 駕照 | 執照 | 許可證 | 簽證 | 保固 | 保修 | 優惠券 | 禮品卡 | 禮物卡 | 證書 | 網域",
    "en": "passport | subscription | membership | licence | license | travel visa | visa application | warranty | voucher | coupon | id card | insurance policy | certificate | domain | trial",
})
_add("~card_number", "library, reader and customer cards (no payment card)", {"et": "lugejakaart=infix | raamatukogukaart=infix", "da": "kundekort=infix", "no": "kundekort=infix", "nb": "kundekort=infix"})
# Fix 27: "nr", the abbreviation of "number" before a noun ("nr karty", "kaart nr", "nr kortu"; spelling.py reads
# the number sign "nº", "n°", "№" and "No.", "n.", "č.", "br." before a word as it), beside a card a card number.
_add("number", "abbreviation of 'number' before or after a noun (nr, Nr., as spelling._NUMBER_SIGN spells the number sign)", {
    "pl": "nr=word", "nl": "nr=word", "de": "nr=word", "sv": "nr=word", "da": "nr=word", "nb": "nr=word",
    "no": "nr=word", "lt": "nr=word", "lv": "nr=word", "et": "nr=word", "ro": "nr=word", "is": "nr=word",
})
# Fix 27: the security question a user picks or writes is no secret, its answer is: a verb of choosing or
# writing before the question ("Choose a security question", "Write your own security question") makes it
# the question's field. Verb-led only: "Answer to your own security question" still asks for the answer.
_add("~security_answer", "choosing or writing the security question itself (the question, not its answer)", {
    "en": "choose a security question | choose your security question | choose a secret question | select a security question"
          " | select your security question | select a secret question | pick a security question | pick your security question"
          " | write a security question | write your own security question | create a security question"
          " | create your own security question | set your own security question",
    "fr": "choisissez une question de sécurité | choisissez votre question de sécurité | choisir une question de sécurité"
          " | choisissez une question secrète | choisir une question secrète | sélectionnez une question de sécurité"
          " | rédigez votre propre question de sécurité | créez votre propre question de sécurité",
    "es": "elige una pregunta de seguridad | elija una pregunta de seguridad | selecciona una pregunta de seguridad"
          " | seleccione una pregunta de seguridad | elige una pregunta secreta | elija una pregunta secreta"
          " | seleccione una pregunta secreta | escribe tu propia pregunta de seguridad | crea tu propia pregunta de seguridad",
    "pt": "escolha uma pergunta de segurança | escolher uma pergunta de segurança | selecione uma pergunta de segurança"
          " | escreva sua própria pergunta de segurança | crie sua própria pergunta de segurança",
    "it": "scegli una domanda di sicurezza | scegliere una domanda di sicurezza | seleziona una domanda di sicurezza"
          " | scegli una domanda segreta | seleziona una domanda segreta | scrivi la tua domanda di sicurezza",
    "de": "wählen sie eine sicherheitsfrage | wähle eine sicherheitsfrage | sicherheitsfrage auswählen | sicherheitsfrage wählen"
          " | eigene sicherheitsfrage | wählen sie eine geheimfrage | eigene geheimfrage",
    "nl": "kies een beveiligingsvraag | selecteer een beveiligingsvraag | eigen beveiligingsvraag | kies een geheime vraag",
    "pl": "wybierz pytanie bezpieczeństwa | wybierz pytanie pomocnicze | własne pytanie bezpieczeństwa | własne pytanie pomocnicze",
    "ru": "выберите контрольный вопрос | выберите секретный вопрос | свой контрольный вопрос | свой секретный вопрос",
})

# --- Red team 27: a barcode on the back of a card, in the languages whose words for the back of the card (cvv)
# session 27a added. The barcode with the place it is printed, as one name: a barcode word planted beside
# "the three digits on the back of the card" excuses nothing.
_add("~card_number", "a barcode on the back of a card (red team 27)", {
    "et": "kaardi tagaküljel olev vöötkood | kaardi tagaküljel olevat vöötkoodi | vöötkood kaardi tagaküljel"
          " | kaardi tagaküljel olev ribakood | ribakood kaardi tagaküljel",
    "is": "strikamerki aftan á kortinu | strikamerkið aftan á kortinu", "lo": "ບາໂຄດຫຼັງບັດ", "km": "បាកូដខាងក្រោយកាត",
    "mk": "баркод на задната страна на картичката | баркод на задната страна на картицата",
    "bg": "баркод на гърба на картата", "kk": "картаның артындағы штрих-код | картаның артындағы штрихкод",
})

# --- Red team 27: the other script or the everyday spelling of session 27b's words (an "ə" typed as "e",
# Uzbek in Cyrillic), and "one-time code" as Finnish, Polish, Turkish and Uzbek write it word for word.
_add("private_key", "the other script or the everyday spelling of a private key (red team 27)", {
    "uz": "хусусий калит", "az": "mexfi açar | mexfi acar",
})
_add("otp", "'one-time code' word for word (red team 27)", {
    "fi": "kertakäyttöinen koodi | kertakäyttöisen koodi", "pl": "jednorazowy kod", "tr": "bir defalık kod | bir defalik kod",
    "uz": "бир марталик код | bir martalik kod",
})
# Red team 27: an order's confirmation code is no one-time code (27b's "potvrdni kod" beside an order, as
# "Order confirmation code" in English); the order's code only, so a code sent by SMS for an order still is one.
_add("~otp", "order codes in the South Slavic languages (red team 27)", {
    "hr": "kod narudžb=prefix", "bs": "kod narudžb=prefix", "sr-Latn": "kod narudžb=prefix | kod porudžbin=prefix",
    "sr": "код наруџб=prefix | код поруџбин=prefix", "sl": "koda naročil=prefix",
})
# Red team 27: the Nordic and Estonian credit and payment card by its own word (outright in
# credentials.CardNumber: a customer card named beside it does not excuse it).
_add("card_number", "credit and payment cards in the Nordic languages and Estonian (red team 27)", {
    "da": "kreditkort=infix | betalingskort=infix", "sv": "kreditkort=infix | betalkort=infix",
    "no": "kredittkort=infix | betalingskort=infix", "nb": "kredittkort=infix | betalingskort=infix",
    "et": "krediitkaart=infix | krediitkaardi=infix", "fi": "luottokortin=infix",
})
# Red team 27: a Swedish customer card (27a's "kortsnummer" read "Kundkortsnummer" as a payment card's).
_add("~card_number", "customer cards in Swedish (red team 27)", {"sv": "kundkort=infix"})
# Red team 27: 認証番号 (27b's one-time code) is also a certification's number: the radio law's (技適), the
# organic label's (JAS), an ISO or PSE certificate's: the whole number's name, so that the name of a
# certification planted beside a code sent by SMS excuses nothing.
_add("~otp", "certification numbers in Japanese (red team 27)", {
    "ja": "技適の認証番号 | 技適認証番号 | jas認証番号 | iso認証番号 | pse認証番号 | 型式認証番号 | 工事設計認証番号"
          " | 認証機関の認証番号",
})
