"""Hand-written additions to the lexicon, kept as code so they can be reviewed in one place; build.py
writes them to policies/lexicon/extra.tsv. Each entry says where the word comes from: a loanword, the
wording of a widely used sign-in, bank or wallet screen in that language, or an inflected stem of a
catalog term (languages that decline nouns: "пароля", "slaptažodį")."""

from __future__ import annotations

# concept -> source note -> {language: "term | term | ..."}; a term may end in "=word", "=prefix"
# or "=infix" to set its match mode (default: build.default_mode).
EXTRA: dict[str, dict[str, dict[str, str]]] = {
    "password": {
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
        "wallet and key tools": {"ja": "秘密鍵 | プライベートキー", "ko": "개인 키 | 개인키 | 프라이빗 키", "zh-Hans": "私钥", "zh-Hant": "私鑰", "vi": "khóa riêng tư | khoá riêng", "th": "คีย์ส่วนตัว",
                                 "tr": "özel anahtar", "id": "kunci privat | kunci pribadi", "hi": "निजी कुंजी | प्राइवेट की", "fa": "کلید خصوصی", "ar": "المفتاح الخاص | مفتاح خاص", "sw": "ufunguo binafsi"},
    },
    "seed_phrase": {
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
