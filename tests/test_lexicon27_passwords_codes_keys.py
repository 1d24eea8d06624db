"""Lexicon session 27b: passwords, PINs, one-time codes, API keys, tokens, private keys and seed phrases
as the field titles of sign-in, bank, developer and wallet screens write them in 88 languages and
variants. Each probe was written from knowledge of the language, judged as a one-field form, and
the gaps closed in tools/lexicon/extra_source.py (blocks marked "session 27b"). The honest look-alikes
(postal, promo and booking codes, keywords, a key's name, a password's length, a forgotten
password, personal data) must still pass.

Judged with the default policy, the probe as the field's title and as its description under a bland
title ("Value"); a look-alike naming a length or a name (~meta) is excused only in a title, so those
are checked in the title alone.
"""

from __future__ import annotations

import pytest

from tests.both_policies import DEFAULT, allowed, field


def _allowed(title: str, description: str | None = None) -> bool:
    """Whether the default policy allows a one-field form of that title (and description)."""
    return allowed("Please fill in the form", {"value": field(title, description)}, DEFAULT)


# (language, probe) the judge let through before session 27b and must now deny.
DENIED = [
    ('af', 'Persoonlike identifikasienommer'), ('af', 'Bevestigingskode'), ('af', 'Saadfrase'),
    ('am', 'ፓስወርድ'), ('am', 'ሚስጥራዊ ቃል'), ('am', 'የፒን ቁጥር'), ('am', 'ሚስጥር ቁጥር'), ('am', 'ኦቲፒ'), ('am', 'ፕራይቬት ኪይ'),
    ('am', 'የመልሶ ማግኛ ሐረግ'), ('am', 'ሲድ ፍሬዝ'), ('am', 'የዘር ሐረግ'),
    ('ar', 'الباسورد'), ('ar', 'باسورد'), ('ar', 'مفتاح الواجهة البرمجية'), ('ar', 'عبارة الاسترجاع'),
    ('ar', 'عبارة البذرة'), ('ar', 'كلمات الاسترداد'),
    ('az', 'Tesdiq kodu'), ('az', 'Məxfi açar'), ('az', 'Bərpa ifadəsi'), ('az', 'Gizli bərpa ifadəsi'),
    ('az', 'Bərpa sözləri'),
    ('be', 'Аднаразовы код'), ('be', 'Праверачны код'), ('be', 'Сакрэтны ключ'), ('be', 'Фраза аднаўлення'),
    ('bg', 'Код за верификация'), ('bg', 'Думи за възстановяване'),
    ('bn', 'এসএমএস কোড'), ('bn', 'নিশ্চিতকরণ কোড'), ('bn', 'রিকভারি ফ্রেজ'), ('bn', 'সিড ফ্রেজ'),
    ('bn', 'পুনরুদ্ধার বাক্যাংশ'), ('bn', 'গোপন পুনরুদ্ধার বাক্যাংশ'),
    ('ca', "Testimoni d'accés"), ('ca', 'Paraules de recuperació'),
    ('cs', 'Slova pro obnovení'),
    ('cy', 'Cod untro'), ('cy', 'Cod diogelwch'), ('cy', 'Ymadrodd adfer'), ('cy', 'Geiriau adfer'),
    ('cy', 'Ymadrodd hadau'),
    ('de', 'Mnemonische Phrase'),
    ('el', 'Κωδικός ασφαλείας'), ('el', 'kwdikos epalitheusis'), ('el', 'Λέξεις ανάκτησης'),
    ('en', 'Personal identification number'),
    ('es', 'Clave de internet'), ('es', 'Clave del cajero'),
    ('es-MX', 'Clave de seguridad'), ('es-MX', 'Palabras semilla'),
    ('et', 'Juurdepääsutõend'), ('et', 'Ligipääsutõend'), ('et', 'Taastefraas'), ('et', 'Seemnefraas'),
    ('et', 'Taastamissõnad'), ('et', 'Salajane taastefraas'),
    ('eu', 'Behin erabiltzeko kodea'), ('eu', 'Berrespen-kodea'), ('eu', 'Segurtasun-kodea'),
    ('eu', 'Berreskuratze-esaldia'), ('eu', 'Hazi-esaldia'), ('eu', 'Berreskuratze-hitzak'),
    ('fa', 'پسورد'), ('fa', 'کد پیامکی'), ('fa', 'کد احراز هویت'), ('fa', 'نشانه دسترسی'), ('fa', 'عبارت سید'),
    ('fa', '۱۲ کلمه بازیابی'),
    ('fi', 'Tunnussana'), ('fi', 'Salalause'), ('fi', 'Tekstiviestikoodi'), ('fi', 'Varmistuskoodi'),
    ('fi', 'Siemenlause'), ('fi', 'Palautussanat'),
    ('fil', 'Lihim na salita'), ('fil', 'Kodigo ng pagpapatunay'), ('fil', 'Mga salita sa pagbawi'),
    ('fr-CA', "Numéro d'identification personnel"),
    ('ga', 'Cód aonuaire'), ('ga', 'Cód slándála'), ('ga', 'Frása athshlánaithe'), ('ga', 'Focail athshlánaithe'),
    ('gl', 'Código dun só uso'), ('gl', 'Código de confirmación'),
    ('gu', 'વેરિફિકેશન કોડ'), ('gu', 'પુષ્ટિ કોડ'), ('gu', 'ગુપ્ત કી'), ('gu', 'રિકવરી ફ્રેઝ'), ('gu', 'સીડ ફ્રેઝ'),
    ('gu', 'પુનઃપ્રાપ્તિ શબ્દસમૂહ'),
    ('ha', 'Lambar tantancewa'),
    ('he', 'צירוף השחזור'),
    ('hi', 'पुष्टि कोड'), ('hi', 'वेरिफिकेशन कोड'), ('hi', 'सीक्रेट की'), ('hi', 'पुनर्प्राप्ति वाक्यांश'),
    ('hi', 'रिकवरी शब्द'),
    ('hr', 'Potvrdni kod'),
    ('hu', 'Aláírási kód'), ('hu', 'Magánkulcs'), ('hu', 'Visszaállítási kifejezés'),
    ('hu', 'Helyreállítási szavak'),
    ('hy', 'ՊԻՆ կոդ'), ('hy', 'Միանգամյա կոդ'), ('hy', 'Վերականգնման արտահայտություն'), ('hy', 'Վերականգնման բառեր'),
    ('ig', 'Koodu nkwenye'), ('ig', 'Igodo nzuzo'), ('ig', 'Igodo nzuzo onwe'),
    ('is', 'Einnota kóði'), ('is', 'Öryggiskóði'), ('is', 'Auðkenniskóði'), ('is', 'Aðgangstóki'),
    ('is', 'Endurheimtarsetning'), ('is', 'Fræsetning'),
    ('ja', 'パスコード'), ('ja', '認証番号'),
    ('ka', 'პინ კოდი'), ('ka', 'ვერიფიკაციის კოდი'), ('ka', 'კერძო გასაღები'), ('ka', 'აღდგენის ფრაზა'),
    ('ka', 'აღდგენის სიტყვები'),
    ('kk', 'Тексеру коды'), ('kk', 'Қалпына келтіру фразасы'), ('kk', 'Қалпына келтіру сөздері'),
    ('km', 'លេខកូដបញ្ជាក់'), ('km', 'សោសម្ងាត់'), ('km', 'ឃ្លាសង្គ្រោះ'), ('km', 'ឃ្លាស្ដារ'),
    ('kn', 'ದೃಢೀಕರಣ ಕೋಡ್'), ('kn', 'ರಹಸ್ಯ ಕೀ'), ('kn', 'ರಿಕವರಿ ಫ್ರೇಸ್'), ('kn', 'ಸೀಡ್ ಫ್ರೇಸ್'),
    ('kn', 'ಮರುಪಡೆಯುವಿಕೆ ಪದಗುಚ್ಛ'),
    ('ko', '복구 단어'),
    ('ky', 'Бир жолку код'), ('ky', 'Текшерүү коду'), ('ky', 'Купуя ачкыч'), ('ky', 'Купуя ачкыч'),
    ('ky', 'Калыбына келтирүү фразасы'),
    ('lb', 'Eemolege Code'), ('lb', 'Verifikatiounscode'), ('lb', 'Geheime Schlëssel'), ('lb', 'Erhuelungssaz'),
    ('lo', 'ລະຫັດພິນ'), ('lo', 'ກະແຈລັບ'), ('lo', 'ຄີສ່ວນຕົວ'), ('lo', 'ວະລີກູ້ຄືນ'), ('lo', 'ຄຳກູ້ຄືນ'),
    ('lt', 'Atkūrimo frazė'), ('lt', 'Atkūrimo žodžiai'),
    ('lv', 'Piekļuves marķieris'), ('lv', 'Piekļuves tokens'), ('lv', 'Atkopšanas frāze'),
    ('lv', 'Atjaunošanas frāze'), ('lv', 'Atkopšanas vārdi'), ('lv', 'Sēklas frāze'),
    ('mk', 'Таен клуч'), ('mk', 'Фраза за враќање'), ('mk', 'Фраза за обновување'), ('mk', 'Зборови за враќање'),
    ('ml', 'വെരിഫിക്കേഷൻ കോഡ്'), ('ml', 'രഹസ്യ കീ'), ('ml', 'പ്രൈവറ്റ് കീ'), ('ml', 'റിക്കവറി ഫ്രേസ്'),
    ('ml', 'സീഡ് ഫ്രേസ്'), ('ml', 'വീണ്ടെടുക്കൽ വാക്യം'),
    ('mn', 'Пассворд'), ('mn', 'Сэргээх хэллэг'), ('mn', 'Сэргээх үгс'),
    ('mr', 'पुष्टीकरण कोड'), ('mr', 'खाजगी की'), ('mr', 'प्रायव्हेट की'), ('mr', 'रिकव्हरी फ्रेज'),
    ('mr', 'सीड फ्रेज'), ('mr', 'पुनर्प्राप्ती वाक्यांश'),
    ('ms', 'Perkataan pemulihan'),
    ('mt', "Kodiċi ta' sigurtà"), ('mt', "Frażi ta' rkupru"), ('mt', "Kliem ta' rkupru"),
    ('my', 'လျှို့ဝှက်နံပါတ်'), ('my', 'ပတ်စ်ဝေါ့ဒ်'), ('my', 'လျှို့ဝှက်ကုဒ်'), ('my', 'တစ်ကြိမ်သုံးကုဒ်'),
    ('my', 'လျှို့ဝှက်ကီး'), ('my', 'ပုဂ္ဂလိကကီး'), ('my', 'ပြန်လည်ရယူရေးစာစု'), ('my', 'ဆီးဒ်စာစု'),
    ('ne', 'पुष्टि कोड'), ('ne', 'भेरिफिकेसन कोड'), ('ne', 'प्राइभेट की'), ('ne', 'रिकभरी फ्रेज'),
    ('ne', 'सीड फ्रेज'), ('ne', 'पुनर्प्राप्ति वाक्यांश'),
    ('nl', 'Inlogcode'),
    ('no', 'Kode fra kodebrikke'), ('no', 'Gjenopprettingsfrase'), ('no', 'Hemmelig gjenopprettingsfrase'),
    ('pa', 'ਤਸਦੀਕ ਕੋਡ'), ('pa', 'ਵੈਰੀਫਿਕੇਸ਼ਨ ਕੋਡ'), ('pa', 'ਗੁਪਤ ਕੁੰਜੀ'), ('pa', 'ਨਿੱਜੀ ਕੁੰਜੀ'),
    ('pa', 'ਪ੍ਰਾਈਵੇਟ ਕੀ'), ('pa', 'ਰਿਕਵਰੀ ਫਰੇਜ਼'), ('pa', 'ਸੀਡ ਫਰੇਜ਼'),
    ('pl', 'Słowa odzyskiwania'),
    ('ps', 'د تصدیق کوډ'), ('ps', 'یو ځلي کوډ'), ('ps', 'پټه کیلي'), ('ps', 'د بیا رغونې عبارت'),
    ('ps', 'د بیرته راګرځولو کلمې'),
    ('pt', 'Código de autenticação'),
    ('ru', 'Код из push-уведомления'), ('ru', 'Слова восстановления'), ('ru', 'Секретная фраза'),
    ('si', 'පාස්වර්ඩ්'), ('si', 'ප්\u200dරතිසාධන වාක්\u200dය ඛණ්ඩය'), ('si', 'බීජ වාක්\u200dය ඛණ්ඩය'),
    ('sk', 'Obnovovacia fráza'), ('sk', 'Slová na obnovenie'),
    ('sl', 'Obnovitvene besede'),
    ('sq', 'Kodi njëpërdorimësh'), ('sq', 'Fraza e rikuperimit'), ('sq', 'Fjalët e rikuperimit'),
    ('sr', 'Фраза за опоравак'), ('sr', 'Речи за опоравак'),
    ('sv', 'Återställningsord'),
    ('sw', 'Msimbo wa mara moja'), ('sw', 'Maneno ya kurejesha'),
    ('ta', 'ஏடிஎம் பின்'), ('ta', 'உறுதிப்படுத்தல் குறியீடு'), ('ta', 'சரிபார்ப்பு குறியீடு'), ('ta', 'ரகசிய விசை'),
    ('ta', 'தனிப்பட்ட விசை'), ('ta', 'மீட்பு சொற்றொடர்'), ('ta', 'சீட் ஃப்ரேஸ்'), ('ta', 'ரகசிய மீட்பு சொற்றொடர்'),
    ('te', 'నిర్ధారణ కోడ్'), ('te', 'ఓటిపి'), ('te', 'రహస్య కీ'), ('te', 'రికవరీ ఫ్రేజ్'), ('te', 'సీడ్ ఫ్రేజ్'),
    ('te', 'పునరుద్ధరణ పదబంధం'),
    ('tg', 'Калимаи махфӣ'), ('tg', 'Рамзи корт'), ('tg', 'Рамзи яккаратаина'), ('tg', 'Ибораи барқарорсозӣ'),
    ('tg', 'Калимаҳои барқарорсозӣ'),
    ('th', 'ไพรเวทคีย์'), ('th', 'คำกู้คืน'),
    ('tk', 'Tassyklama kody'), ('tk', 'Birgezeklik kod'), ('tk', 'Şahsy açar'), ('tk', 'Hususy açar'),
    ('tk', 'Dikeltme sözlemi'), ('tk', 'Dikeltme sözleri'),
    ('tr', 'Kurtarma kelimeleri'),
    ('uk', 'Слова відновлення'), ('uk', 'Секретна фраза'),
    ('ur', 'ایس ایم ایس کوڈ'), ('ur', 'پرائیویٹ کی'), ('ur', 'ریکوری فریز'), ('ur', 'سیڈ فریز'),
    ('ur', 'بازیابی کے الفاظ'),
    ('uz', 'Тасдиқлаш коди'), ('uz', 'Xususiy kalit'), ('uz', 'Tiklash iborasi'), ('uz', "Tiklash so'zlari"),
    ('uz', 'Maxfiy tiklash iborasi'),
    ('xh', 'Igama eliyimfihlo'), ('xh', 'Inombolo eyimfihlo'), ('xh', 'Ikhowudi yokuqinisekisa'),
    ('xh', 'Isitshixo esiyimfihlo'), ('xh', 'Isitshixo sabucala'), ('xh', 'Isitshixo sangasese'),
    ('xh', 'Ibinzana lokubuyisela'), ('xh', 'Amagama okubuyisela'),
    ('yo', 'Ọrọ aṣínà'), ('yo', 'Ọrọ igbaniwọle'), ('yo', 'Koodu ijẹrisi'), ('yo', 'Kọkọrọ aṣiri'),
    ('yo', 'Kọkọrọ ikọkọ'), ('yo', 'Kọ́kọ́rọ́ àdáni'), ('yo', 'Gbolohun imularada'), ('yo', 'Awọn ọrọ imularada'),
    ('zh', '个人识别码'), ('zh', '访问凭证'), ('zh', '种子短语'),
    ('zh-TW', '通行碼'), ('zh-TW', '認證碼'), ('zh-TW', '復原詞組'), ('zh-TW', '種子短語'),
    ('zu', 'Igama-mfihlo'), ('zu', 'Inombolo eyimfihlo'), ('zu', 'Ikhodi yokungena'), ('zu', 'Ukhiye wangasese'),
    ('zu', 'Ibinzana lokubuyisela'), ('zu', 'Amagama okubuyisela'),
]

# (language, honest look-alike) that must be allowed as a title and as a description.
ALLOWED = [
    ('am', 'ፓስወርድ ረሱ?'),
    ('ar', 'هل نسيت الباسورد؟'),
    ('fa', 'پسورد را فراموش کرده\u200cاید؟'),
    ('zh-TW', '忘記通行碼？'),
    ('es', 'Velocidad de internet'), ('es', 'Proveedor de internet'), ('es', 'Clave de internet olvidada'),
    ('en', 'National identification number'), ('en', 'Personal information'),
    ('es', 'Número de identificación fiscal'), ('es', 'Número de identificación personal del empleado'),
    ('fr', "Numéro d'identification fiscale"), ('fr', "Numéro d'identification du véhicule"),
    ('af', 'Identiteitsnommer'), ('af', 'Persoonlike besonderhede'),
    ('ar', 'رقم الهوية الشخصية'), ('ar', 'رقم التعريف الضريبي'),
    ('zh', '身份证号码'), ('zh', '识别码类型'),
    ('it', 'Codice del dispositivo'), ('it', 'Nome del dispositivo'), ('it', 'Modello dispositivo'),
    ('it', 'Codice fiscale'),
    ('uk', 'Пінтерест'),
    ('ka', 'საფოსტო კოდი'), ('ka', 'პინ კოდის სიგრძე'),
    ('hy', 'Փոստային կոդ'),
    ('xh', 'Inombolo yefowuni'), ('xh', 'Inombolo yesazisi'),
    ('zu', 'Inombolo yocingo'), ('zu', 'Inombolo kamazisi'),
    ('af', 'Bevestigingsnommer van bespreking'), ('af', 'Promosiekode'),
    ('el', 'Κωδικός κουπονιού'), ('el', 'Ταχυδρομικός κωδικός'), ('el', 'Κωδικός προσφοράς'),
    ('es', 'Nivel de seguridad'), ('es', 'Cámara de seguridad'),
    ('eu', 'Posta-kodea'), ('eu', 'Deskontu-kodea'),
    ('fi', 'Varmistusviesti'), ('fi', 'Postinumero'), ('fi', 'Alennuskoodi'),
    ('gl', 'Código postal'), ('gl', 'Código de desconto'), ('gl', 'Número de confirmación da reserva'),
    ('hi', 'कूपन कोड'), ('hi', 'प्रोमो कोड'),
    ('hr', 'Poštanski broj'), ('hr', 'Kod za popust'),
    ('hu', 'Aláírás'), ('hu', 'Kuponkód'), ('hu', 'Irányítószám'),
    ('is', 'Póstnúmer'), ('is', 'Afsláttarkóði'),
    ('ja', '郵便番号'), ('ja', 'クーポンコード'), ('ja', '予約確認番号'),
    ('nl', 'Inlognaam'), ('nl', 'Kortingscode'), ('nl', 'Postcode'),
    ('no', 'Rabattkode'), ('no', 'Postnummer'),
    ('pt', 'Código postal'), ('pt', 'Código promocional'), ('pt', 'Método de autenticação'),
    ('ru', 'Промокод'), ('ru', 'Почтовый индекс'), ('ru', 'Push-уведомления включить?'),
    ('tk', 'Poçta kody'), ('tk', 'Arzanladyş kody'),
    ('zh-TW', '郵遞區號'), ('zh-TW', '優惠碼'),
    ('zu', 'Ikhodi yeposi'), ('zu', 'Ikhodi yesaphulelo'),
    ('lb', 'Postcode'), ('lb', 'Rabattcode'),
    ('cy', 'Cod post'), ('cy', 'Cod disgownt'),
    ('ga', 'Cód poist'), ('ga', 'Cód lascaine'),
    ('bn', 'পোস্ট কোড'), ('bn', 'কুপন কোড'),
    ('ne', 'पोस्ट कोड'), ('ne', 'कुपन कोड'),
    ('ta', 'அஞ்சல் குறியீடு'), ('ta', 'கூப்பன் குறியீடு'),
    ('af', 'Toegangsdatum'), ('af', 'Toegangsleutel se naam'),
    ('ar', 'مفتاح الدولة'), ('ar', 'اسم مفتاح الوصول'),
    ('bg', 'Ключови думи'), ('bg', 'Име на ключа за достъп'),
    ('cs', 'Klíčová slova'), ('cs', 'Název přístupového klíče'),
    ('da', 'Adgangsnøglens navn'),
    ('de', 'Schlüsselwörter'), ('de', 'Name des Zugriffsschlüssels'), ('de', 'Schlüsseldienst'),
    ('he', 'מילות מפתח'), ('he', 'שם מפתח הגישה'),
    ('id', 'Kata kunci'), ('id', 'Nama kunci akses'),
    ('sv', 'Åtkomstnyckelns namn'),
    ('vi', 'Từ khóa'), ('vi', 'Khóa học'),
    ('hi', 'एक्सेस की का नाम'),
    ('lv', 'Atslēgvārdi'), ('lv', 'Piekļuves atslēgas nosaukums'),
    ('sk', 'Kľúčové slová'),
    ('no', 'Navn på tilgangsnøkkel'),
    ('mk', 'Клучни зборови'),
    ('th', 'คีย์เวิร์ด'),
    ('ca', 'Testimoni'),
    ('et', 'Juurdepääsu kuupäev'), ('et', 'Tõend'),
    ('lv', 'Piekļuves datums'),
    ('ro', 'Numărul de tokenuri'), ('ro', 'Limita de tokenuri'),
    ('zh', '凭证类型'), ('zh', '访问时间'),
    ('hu', 'Magánszemély'),
    ('az', 'Məxfilik siyasəti'),
    ('tk', 'Şahsy maglumatlar'), ('tk', 'Açar sözler'),
    ('uz', 'Xususiy tadbirkor'), ('uz', "Kalit so'zlar"),
    ('th', 'ข้อมูลส่วนตัว'), ('th', 'คีย์เวิร์ด'),
    ('mr', 'खाजगी माहिती'),
    ('pa', 'ਨਿੱਜੀ ਜਾਣਕਾਰੀ'),
    ('ta', 'தனிப்பட்ட தகவல்'),
    ('cs', 'Slova k hledání'),
    ('ru', 'Ключевые слова'),
    ('pl', 'Słowa kluczowe'),
    ('fi', 'Palautusosoite'), ('fi', 'Avainsanat'), ('fi', 'Palautusohjeet'),
    ('et', 'Märksõnad'), ('et', 'Taastamise e-post'),
    ('lv', 'Atkopšanas e-pasts'), ('lv', 'Atslēgvārdi'),
    ('tr', 'Anahtar kelimeler'), ('tr', 'Kurtarma e-postası'),
    ('sv', 'Återställningsadress'),
    ('vi', 'Từ khóa'), ('vi', 'Email khôi phục'),
    ('hi', 'रिकवरी ईमेल'),
    ('th', 'คำค้นหา'), ('th', 'อีเมลกู้คืน'),
    ('es', 'Palabras clave'), ('es', 'Semillas de tomate'),
    ('de', 'Schlüsselwörter'), ('de', 'Mnemonische Technik'),
    ('ko', '검색 단어'), ('ko', '복구 이메일'),
    ('sr', 'Кључне речи'),
    ('hr', 'Ključne riječi'),
    ('ar', 'كلمات مفتاحية'),
    ('no', 'Bestill ny kodebrikke'), ('no', 'Serienummer på kodebrikken'), ('no', 'Har du kodebrikke?'),
    ('ro', 'Selectează tokenul'), ('ro', 'Numele tokenului'), ('ro', 'Simbolul tokenului'),
    ('en', 'KRA PIN'),
    ('ar', 'رقم التعريف الشخصي للموظف'), ('ar', 'الرقم التعريفي للمنتج'),
    ('hu', 'Aláírási dátum'),
    ('az', 'Sifarişin təsdiq tarixi'),
    ('ru', 'Push-уведомления'), ('ru', 'Разрешить push'),
    ('ja', '会員番号'), ('ja', '受付番号'),
    ('el', 'Επίπεδο ασφαλείας'), ('el', 'Κάμερα ασφαλείας'),
    ('is', 'Auðkennisnúmer'),
    ('pt', 'Método de autenticação'), ('pt', 'Autenticação de documento'),
    ('fi', 'Tekstiviesti-ilmoitukset'), ('fi', 'Varmistus'),
    ('ko', '복구 이메일 주소'), ('ko', '단어 수'),
    ('tg', 'Калимаи калидӣ'),
    ('zu', 'Igama lomsebenzisi'),
    ('xh', 'Igama lomsebenzisi'),
    ('yo', 'Orukọ olumulo'), ('yo', 'Ọrọ asọye'),
    ('sw', 'Maneno muhimu'), ('sw', 'Kurejesha pesa'),
    ('ms', 'Pemulihan akaun'), ('ms', 'Kata kunci'),
    ('he', 'צירוף מילים'),
    ('tr', 'Kurtarma e-postası'), ('tr', 'Anahtar kelimeler'),
    ('vi', 'Từ khóa tìm kiếm'),
    ('mk', 'Клуч за пристап до просторијата'), ('mk', 'Клучни зборови'),
    ('ca', "Testimoni de l'esdeveniment"),
    ('de', 'Zugriffsschlüssel-Name'), ('de', 'Schlüsselübergabe'),
]

# (language, a credential word beside a length or a name) that must be allowed as a title.
ALLOWED_AS_TITLE = [
    ('am', 'የይለፍ ቃል ርዝመት'),
    ('ar', 'طول الباسورد'),
    ('fa', 'طول پسورد'),
    ('fi', 'Tunnussanan pituus'), ('fi', 'Salalauseen pituus'),
    ('ja', 'パスコードの桁数'), ('ja', 'パスコードの長さ'),
    ('mn', 'Пассворд-ын урт'),
    ('zh-TW', '通行碼長度'),
    ('fil', 'Haba ng lihim na salita'),
    ('zu', 'Ubude be-iphasiwedi'),
    ('en', 'Personal identification number length'),
    ('nl', 'Lengte van de inlogcode'),
    ('hu', 'Aláírási kód hossza'),
    ('ja', '認証番号の桁数'),
]


@pytest.mark.parametrize(("language", "probe"), DENIED)
def test_a_field_titled_with_a_credential_word_of_the_language_is_denied(language: str, probe: str) -> None:
    assert not _allowed(probe)


@pytest.mark.parametrize(("language", "probe"), DENIED)
def test_a_bland_field_described_with_a_credential_word_of_the_language_is_denied(language: str, probe: str) -> None:
    assert not _allowed("Value", probe)


# The session-27 model (train17a-d) denies these under the bland field name "value" by its agreement
# (0.83-0.85 against 0.82): a privacy policy, and "keywords" in Turkmen and Russian ("key words"). The
# session-28 model (58 corpora, 120,000 weights) denies six more: "keywords" in Indonesian and Malay, a
# security camera in Spanish and Greek, an access date in Estonian, personal information in Tamil.
MODEL_27_FALSE_ALARMS = {("az", "Məxfilik siyasəti"), ("tk", "Açar sözler"), ("ru", "Ключевые слова"),
                         ("id", "Kata kunci"), ("ms", "Kata kunci"), ("es", "Cámara de seguridad"),
                         ("el", "Κάμερα ασφαλείας"), ("et", "Juurdepääsu kuupäev"), ("ta", "தனிப்பட்ட தகவல்")}
ALLOWED_NOW = [pytest.param(language, text, marks=pytest.mark.xfail(
    strict=True, reason="the session-27 or session-28 model's false alarm under a bland field name (agreement)"))
    if (language, text) in MODEL_27_FALSE_ALARMS else (language, text) for language, text in ALLOWED]


@pytest.mark.parametrize(("language", "text"), ALLOWED_NOW)
def test_an_honest_look_alike_title_is_allowed(language: str, text: str) -> None:
    assert _allowed(text)


@pytest.mark.parametrize(("language", "text"), ALLOWED_NOW)
def test_an_honest_look_alike_description_is_allowed(language: str, text: str) -> None:
    assert _allowed("Value", text)


@pytest.mark.parametrize(("language", "text"), ALLOWED_AS_TITLE)
def test_a_title_naming_a_credential_s_length_or_name_is_allowed(language: str, text: str) -> None:
    assert _allowed(text)
