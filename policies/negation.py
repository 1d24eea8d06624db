"""Negation in prose, per language: which words of a clause a negation takes back from asking.

"We will never ask for your password" names a password and asks for none. Where a negation stands
relative to what it negates differs by language, so each language lists its markers by position:

* ``before``: the negation precedes what it negates (English "never ask for your PIN", French
  "ne ... jamais", Russian "не", Chinese "绝不"). It silences the rest of its clause, and the list
  items that follow it in the next comma-clauses: short ones, ones that start with "or"/"and", and
  ones that name an item of up to three words and then "or"/"nor" ("..., BankID eller koder på
  telefon").
* ``after``: the negation comes after the object, on or beside a verb that ends the clause (verb-final
  languages: Japanese "〜ません", Korean "않습니다", Turkish "-maz", Hindi "नहीं", Persian "نمی-").
  It silences the clause back to its start, or back to the last ``joiner`` (a word that joins a
  second verb: "and", Korean "-고"), and only when it ends the clause: at most two words (or, in a
  script written without spaces, six characters) follow it. "パスワードを他人に教えずに入力して
  ください" (enter your password without telling anyone) is a request: the negation is mid-clause.
* ``openers``: words such as Hindi "कभी" (ever) that open what a later ``after`` negation closes.
  An opener lets a clause-final negation reach back over a comma-separated list: "आपसे कभी OTP,
  पिन या पासवर्ड नहीं माँगेगा" silences OTP too. Only the opener's own clause (from the opener on)
  and short clauses between are reached; alone, an opener silences nothing.
* ``reminders``: "don't forget", "do not hesitate": a negation within two words of one negates the
  forgetting, not the request ("Don't forget to type your password" asks).

A negation never reaches into another sentence, nor back over a comma into a clause that has no
opener: "Don't worry, just type your password" and "Your password, never share it" ask. A clause
that opens with a request word ("type", "please", "请输入") is a new request, never an item of a list,
and so is a short clause after a negation of one word ("Never mind, your password here").

A language's negation words count only in a text that shows the language elsewhere: a word of its
vocabulary (``lexicon/languages.tsv``) or of a script few languages write, or two of its negation
words. "Enter your Soha password" names a product ("soha" is Hungarian for never) and asks; a hostile
server cannot take a request back by adding one foreign word.

Terms are case-folded words as ``normalise`` yields them: ``word``, ``pre*`` (a word starting so),
``*suf`` (a word ending so). Languages written without spaces (``UNSPACED``) match their terms
anywhere in a word, and the word is cut at them. Words that mean something else in another language
are left out ("nu", Romanian "not" but Dutch and Danish "now"; "ma", Maltese "not" but Italian "but").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Final, NamedTuple

from elicitguard.policies.normalise import TEXTS_KEPT, Text, normalise


class Markers(NamedTuple):
    """One language's negation markers, each a space-separated string of terms."""

    before: str = ""
    after: str = ""
    openers: str = ""
    joiners: str = ""
    reminders: str = ""


# Languages written without spaces between words: their terms are matched inside words.
UNSPACED: Final = frozenset({"ja", "zh", "zh-TW", "th", "lo", "km", "my"})

NEGATIONS: Final[dict[str, Markers]] = {
    # Germanic
    "en": Markers(before="not never don dont doesn didn isn aren shouldn mustn wouldn cannot avoid nor",
                  joiners="and then", reminders="forget hesitate fail miss"),
    "de": Markers(before="nicht nie niemals kein keine keinen keinem keiner keines weder",
                  after="nicht nie niemals", joiners="und dann aber",
                  reminders="vergessen vergiss zögern"),
    "nl": Markers(before="niet nooit geen noch", after="niet nooit", joiners="en dan maar",
                  reminders="vergeet vergeten aarzel"),
    "af": Markers(before="nie nooit geen", after="nie", joiners="en dan maar", reminders="vergeet"),
    "da": Markers(before="ikke aldrig ingen hverken", joiners="og så men", reminders="glem glemme"),
    "no": Markers(before="ikke aldri ingen verken", joiners="og så men", reminders="glem glemme"),
    "sv": Markers(before="inte aldrig ingen inga varken", joiners="och sedan men", reminders="glöm glömma"),
    "is": Markers(before="ekki aldrei engin ekkert hvorki", joiners="og svo en", reminders="gleymdu gleyma"),
    "lb": Markers(before="ni keng kee", after="ni", joiners="an dann", reminders="vergiess"),
    # Romance
    "fr": Markers(before="ne pas jamais aucun aucune ni", joiners="et puis mais",
                  reminders="oubliez oublie oublier hésitez hésite"),
    "es": Markers(before="nunca jamás jamas ningún ninguna ni", joiners="y luego pero",
                  reminders="olvides olvide olvidar dudes dude"),
    "pt": Markers(before="não nao nunca jamais nenhum nenhuma nem", joiners="e depois mas",
                  reminders="esqueça esqueca esquecer hesite"),
    "it": Markers(before="non mai nessun nessuna né", joiners="e poi",
                  reminders="dimenticare dimenticate dimentichi esitare esitate"),
    "ca": Markers(before="mai cap ni", joiners="i després però", reminders="oblidis oblideu oblidar"),
    "gl": Markers(before="non nunca ningún ningunha nin", joiners="e despois pero",
                  reminders="esquezas esqueza esquecer"),
    "ro": Markers(before="niciodată niciodata nici niciun nicio", joiners="și si apoi dar",
                  reminders="uitați uitati uita"),
    # Slavic
    "ru": Markers(before="не никогда ни нет", joiners="и затем потом но", reminders="забудьте забывайте"),
    "uk": Markers(before="не ніколи ні немає", joiners="і й та потім але", reminders="забудьте забувайте"),
    "be": Markers(before="не ніколі ні няма", joiners="і й потым але", reminders="забудзьце"),
    "bg": Markers(before="не никога нито няма", joiners="и после но", reminders="забравяйте забравете"),
    "mk": Markers(before="не никогаш ниту нема", joiners="и потоа но", reminders="заборавајте"),
    "sr": Markers(before="не никада никад нити нема", joiners="и затим али", reminders="заборавите"),
    "sr-Latn": Markers(before="ne nikada nikad niti nema", joiners="i zatim ali", reminders="zaboravite"),
    "hr": Markers(before="ne nikada nikad niti nema", joiners="i zatim ali", reminders="zaboravite"),
    "bs": Markers(before="ne nikada nikad niti nema", joiners="i zatim ali", reminders="zaboravite"),
    "sl": Markers(before="ne nikoli ni niti", joiners="in nato ampak", reminders="pozabite"),
    "cs": Markers(before="ne nikdy ani žádné žádný", joiners="a pak ale", reminders="zapomeňte"),
    "sk": Markers(before="nie nikdy ani žiadne žiadny", joiners="a potom ale", reminders="zabudnite"),
    "pl": Markers(before="nie nigdy ani żadnych żadne", joiners="i a potem ale", reminders="zapomnij zapomnijcie"),
    # Baltic, Finnic, Hungarian, Greek, Albanian, Celtic, Maltese, Basque
    "lt": Markers(before="niekada jokių", joiners="ir tada bet", reminders="pamirškite"),
    "lv": Markers(before="ne nekad nedz", joiners="un tad bet", reminders="aizmirstiet"),
    "fi": Markers(before="emme eivät älä älkää koskaan eikä", joiners="ja sitten mutta",
                  reminders="unohda unohtakaa"),
    "et": Markers(before="ära ärge kunagi", joiners="ja siis aga", reminders="unusta unustage"),
    "hu": Markers(before="nem soha sosem semmilyen ne", after="nem soha sosem", joiners="és majd de",
                  reminders="felejtse felejtsd"),
    "el": Markers(before="δεν μην ποτε ουτε", joiners="και μετα αλλα", reminders="ξεχνατε ξεχασετε"),
    "sq": Markers(before="nuk mos kurrë kurre asnjë", joiners="dhe pastaj por", reminders="harroni"),
    "cy": Markers(before="ddim byth nid", joiners="a wedyn ond", reminders="anghofiwch"),
    "ga": Markers(before="níor riamh", joiners="agus ansin ach", reminders="déan dearmad"),
    "mt": Markers(before="qatt xejn mhux", joiners="u imbagħad iżda", reminders="tinsiex"),
    "eu": Markers(before="inoiz inolaz", joiners="eta gero baina", reminders="ahaztu"),
    # Semitic, Iranian, Caucasus, Armenian
    "ar": Markers(before="لا لن لم ليس أبدا ابدا أبداً", joiners="و ثم لكن", reminders="تنس تنسى"),
    "he": Markers(before="לא לעולם אל אין", joiners="ו ואז אבל", reminders="תשכחו תשכח"),
    "am": Markers(before="በጭራሽ ፈጽሞ", after="አን*ም አይ*ም አት*ም አል*ም", openers="በጭራሽ ፈጽሞ", joiners="እና"),
    "fa": Markers(before="هرگز هیچگاه", after="نمی* نخواه* نپرس* نیست نه نکنید نکن ندهید نیازی",
                  openers="هرگز هیچگاه", joiners="و سپس اما", reminders="فراموش"),
    "ps": Markers(before="هیڅکله نه مه", after="نه", openers="هیڅکله", joiners="او بیا خو"),
    "tg": Markers(before="ҳеҷ ҳаргиз", after="намепурсем намехоҳем напурсед надиҳед нест", openers="ҳеҷ ҳаргиз ҳеҷгоҳ", joiners="ва баъд"),
    "ka": Markers(before="არ არასდროს არასოდეს ნუ ვერ", after="არ ვერ", joiners="და შემდეგ მაგრამ",
                  reminders="დაგავიწყდეთ"),
    "hy": Markers(before="երբեք ոչ չենք չեն չի", after="չենք չեն չի չէ", openers="երբեք", joiners="և ու հետո բայց",
                  reminders="մոռանաք"),
    "az": Markers(before="heç heçvaxt", after="*maz *məz *mırıq *mirik *mayın *məyin *mayacağıq *məyəcəyik deyil yox",
                  openers="heç heçvaxt", joiners="və sonra"),
    # Turkic, Mongolic (verb-final)
    "tr": Markers(before="asla hiçbir hiç", after="*maz *mez *mayız *meyiz *mayacağız *meyeceğiz *mayın *meyin "
                  "*miyoruz *mıyoruz *muyoruz *müyoruz *mayacak *meyecek değil değildir yok gerekmez",
                  openers="asla hiçbir hiç", joiners="ve sonra ama *ip *ıp *up *üp girin yazın", reminders="unutmayın unutmayınız unutma"),
    "kk": Markers(before="ешқашан ешқандай", after="*майды *мейді *баймыз *беймыз *паймыз *пеймыз *маймыз *меймиз "
                  "*майсыз *мейсіз емес жоқ", openers="ешқашан ешқандай", joiners="және содан"),
    "ky": Markers(before="эч качан эч", after="*байбыз *пайбыз *байт *пайт *байт эмес жок", openers="эч качан",
                  joiners="жана анан"),
    "uz": Markers(before="hech hechqachon", after="*maymiz *maydi *mang emas yo'q yoq", openers="hech hechqachon",
                  joiners="va keyin"),
    "tk": Markers(before="hiç hiçwagt", after="*maýarys *meýäris *maz *mez däl ýok", openers="hiç hiçwagt",
                  joiners="we soň"),
    "mn": Markers(before="хэзээ ч", after="*гүй *хгүй биш битгий", openers="хэзээ ч", joiners="ба тэгээд"),
    # Indo-Aryan, Dravidian, Sinhala (verb-final)
    "hi": Markers(after="नहीं न मत", openers="कभी कोई", joiners="और फिर डालें दें लिखें भरें करें डालिए दीजिए लिखिए भरिए कीजिए", reminders="भूलें भूलना"),
    "ur": Markers(after="نہیں نہ مت", openers="کبھی کوئی", joiners="اور پھر ڈالیں دیں لکھیں بھریں کریں", reminders="بھولیں"),
    "bn": Markers(after="না নয় নেই", openers="কখনো কখনই কখনোই কোনো", joiners="এবং তারপর দিন লিখুন করুন", reminders="ভুলবেন"),
    "pa": Markers(after="ਨਹੀਂ ਨਾ ਮਤ", openers="ਕਦੇ ਕੋਈ", joiners="ਅਤੇ ਫਿਰ", reminders="ਭੁੱਲੋ"),
    "gu": Markers(after="નહીં ના નથી", openers="ક્યારેય કોઈ", joiners="અને પછી", reminders="ભૂલશો"),
    "mr": Markers(after="नाही नका नये नाहीत", openers="कधीही कधी कोणताही", joiners="आणि मग",
                  reminders="विसरू"),
    "ne": Markers(after="छैन छैनौं हुँदैन *दैनौं *दैन नगर्नुहोस् नाइँ", openers="कहिल्यै कहिले कुनै",
                  joiners="र अनि", reminders="नबिर्सनुहोस्"),
    "si": Markers(after="නැත නැහැ නෑ එපා නොමැත", openers="කිසිදා කිසිවිටෙක කිසි", joiners="සහ පසුව"),
    "ta": Markers(after="*மாட்டோம் *மாட்டார்கள் *மாட்டோம் மாட்டோம் மாட்டார்கள் இல்லை வேண்டாம் *மாட்டேன்",
                  openers="ஒருபோதும் எப்போதும் ஒருபோதுமே", joiners="மற்றும் பின்னர்", reminders="மறக்காதீர்கள்"),
    "te": Markers(after="అడగము అడగరు అడగదు కాదు లేదు వద్దు", openers="ఎప్పుడూ ఎన్నడూ", joiners="మరియు తర్వాత",
                  reminders="మర్చిపోకండి"),
    "kn": Markers(after="*ವುದಿಲ್ಲ ಇಲ್ಲ ಬೇಡ *ಲ್ಲ", openers="ಎಂದಿಗೂ ಯಾವತ್ತೂ", joiners="ಮತ್ತು ನಂತರ", reminders="ಮರೆಯಬೇಡಿ"),
    "ml": Markers(after="*ില്ല ഇല്ല വേണ്ട *രുത്", openers="ഒരിക്കലും", joiners="പിന്നെ", reminders="മറക്കരുത്"),
    # Southeast Asia, Africa
    "id": Markers(before="tidak bukan jangan", joiners="dan lalu tetapi", reminders="lupa ragu"),
    "ms": Markers(before="tidak bukan jangan", joiners="dan kemudian tetapi", reminders="lupa"),
    "fil": Markers(before="hindi huwag kailanman", joiners="at saka pero", reminders="kalimutan"),
    "vi": Markers(before="không chẳng chưa đừng", joiners="và rồi nhưng", reminders="quên ngần"),
    "sw": Markers(before="kamwe hatuta* hawata* hatuwezi", joiners="na kisha lakini", reminders="usisahau"),
    "yo": Markers(before="kò kì kìí láé láéláé", joiners="àti lẹ́yìn", reminders="gbàgbé"),
    "ig": Markers(before="*ghị", joiners="na mgbe", reminders="chefu"),
    "ha": Markers(before="taɓa taba", joiners="da sannan"),
    "xh": Markers(before="asisoze soze zange musani musa ungaze", joiners="kwaye emva"),
    "zu": Markers(before="ngeke asisoze asikaze musa ungalokothi", joiners="futhi bese"),
    # Written without spaces: terms are matched inside words.
    "ja": Markers(after="ません ない ず", openers="決して 絶対に 一切", reminders="忘れ",
                  # A request verb joined to what follows ("入力して", "記入し"): the negation after it
                  # ("他人に教えないで") does not reach back over the request.
                  joiners="して 入力し 記入し 送って 書いて 貼って 打って 選んで 押して 入力ください 記入ください"),
    "zh": Markers(before="绝不 决不 从不 从来不 不会 不要 不得 请勿 切勿 无需 不需要 不用 没有 永远不", reminders="忘记"),
    "zh-TW": Markers(before="絕不 決不 從不 從來不 不會 不要 不得 請勿 切勿 無需 不需要 不用 沒有 永遠不",
                     reminders="忘記"),
    "th": Markers(before="ไม่ อย่า ห้าม", reminders="ลืม"),
    "lo": Markers(before="ບໍ່ ຢ່າ", reminders="ລືມ"),
    "km": Markers(before="មិន កុំ ពុំ", reminders="ភ្លេច"),
    "my": Markers(after="ဘူး ပါဘူး မှာမဟုတ် မဟုတ်", openers="ဘယ်တော့မှ", reminders="မမေ့"),
    "ko": Markers(after="않* 안 못 없* 마세요 마십시오 말아* 마라", openers="절대 절대로 결코 전혀",
                  # An imperative ("입력하세요") ends a request: a negation after it does not reach back.
                  joiners="*고 그리고 *세요 *십시오", reminders="잊지 잊지마세요"),
}
# Regional variants read with their language's markers.
_BASE: Final = {"fr-CA": "fr", "es-MX": "es", "pt-BR": "pt"}
NEGATIONS.update({variant: NEGATIONS[base] for variant, base in _BASE.items()})

# The words that offer another list item ("or", "nor"), in the languages of the corpora; words
# that are also common words elsewhere are left out (Portuguese "o" is "the", French "au" "to the",
# Dutch "of" is English "of", Spanish "hay" "there is").
_OR: Final = ("or nor oder weder eller eða ou ni nin nem né sau nici или ни нито ниту нити або чи ili niti nebo "
              "ani alebo lub albo vai nedz tai eikä või vagy ή ουτε ose apo neu nó jew edo أو או atau maupun "
              "hoặc tàbí okanye noma ან կամ")
OR: Final = frozenset(_OR.split())
# A clause that starts with one of these (or an "or" word) after a negated one continues its list.
CONTINUERS: Final = frozenset({"or", "and", "nor", "ou", "o", "oder", "und", "или", "и", "ni", "y", "e"}) | OR


class _Table(NamedTuple):
    words: dict[str, frozenset[tuple[str, str]]]  # a whole word -> its (role, language)s
    prefixes: tuple[tuple[str, str, str], ...]  # (prefix, role, language)
    suffixes: tuple[tuple[str, str, str], ...]  # (suffix, role, language)
    infixes: tuple[tuple[str, str, str], ...]  # (term, role, language) of unspaced scripts, longest first


def _build() -> _Table:
    words: dict[str, set[tuple[str, str]]] = {}
    prefixes: set[tuple[str, str, str]] = set()
    suffixes: set[tuple[str, str, str]] = set()
    infixes: set[tuple[str, str, str]] = set()
    for language, markers in NEGATIONS.items():
        language = _BASE.get(language, language)
        for role, terms in markers._asdict().items():
            for term in terms.split():
                if language in UNSPACED:
                    infixes.add((term, role, language))
                elif term.endswith("*") and len(term) > 1:
                    prefixes.add((term[:-1], role, language))
                elif term.startswith("*") and len(term) > 1:
                    suffixes.add((term[1:], role, language))
                elif "*" in term:  # pre*suf: both
                    head, tail = term.split("*", 1)
                    prefixes.add((head + "\0" + tail, role, language))
                else:
                    words.setdefault(term, set()).add((role, language))
    return _Table({w: frozenset(r) for w, r in words.items()}, tuple(sorted(prefixes)), tuple(sorted(suffixes)),
                  tuple(sorted(infixes, key=lambda t: -len(t[0]))))


_TABLE: Final = _build()
_MARKER_ROLES: Final = frozenset({"before", "after", "openers"})
_NO_ROLES: Final[frozenset[tuple[str, str]]] = frozenset()


@functools.lru_cache(maxsize=16384)
def roles(word: str) -> frozenset[tuple[str, str]]:
    """The (role, language)s a (spaced-script) word plays: before, after, openers, joiners, reminders."""
    found = set(_TABLE.words.get(word, ()))
    found.update((role, language) for prefix, role, language in _TABLE.prefixes if _has_prefix(word, prefix))
    found.update((role, language) for suffix, role, language in _TABLE.suffixes if _has_suffix(word, suffix))
    return frozenset(found)


def _has_prefix(word: str, prefix: str) -> bool:
    """Whether a word starts with a marker's prefix and goes on ("pre\0suf": starts and ends so)."""
    if "\0" in prefix:
        head, tail = prefix.split("\0")
        return word.startswith(head) and word.endswith(tail) and len(word) > len(head) + len(tail)
    return word.startswith(prefix) and len(word) > len(prefix)


def _has_suffix(word: str, suffix: str) -> bool:
    return word.endswith(suffix) and len(word) > len(suffix)


_BEFORE_WORDS: Final = frozenset(w for w, rs in _TABLE.words.items() if any(role == "before" for role, _l in rs))
_BEFORE_PREFIXES: Final = tuple(prefix for prefix, role, _l in _TABLE.prefixes if role == "before")
_BEFORE_SUFFIXES: Final = tuple(suffix for suffix, role, _l in _TABLE.suffixes if role == "before")


def negates_next(word: str) -> bool:
    """Whether a (spaced-script) word negates what follows it in some language ("not", "nicht",
    "не"): roles() narrowed to "before", cheap for a word never seen (no cache to miss)."""
    return (word in _BEFORE_WORDS or any(_has_prefix(word, p) for p in _BEFORE_PREFIXES)
            or any(_has_suffix(word, s) for s in _BEFORE_SUFFIXES))


# What a word that negates_next() must contain, as a piece of a padded word form (`` w1 w2 ``): a
# marker prefix's head after a space, a marker suffix before one.
_BEFORE_PIECES: Final = re.compile("|".join(re.escape(piece) for piece in (
    [" " + p.split("\0")[0] for p in _BEFORE_PREFIXES] + [s + " " for s in _BEFORE_SUFFIXES])) or "(?!)")


def may_negate_next(text: Text) -> bool:
    """Whether some word of a text may negate what follows it (see negates_next): one set test and a
    regex search for the marker affixes, where testing word by word costs calls per word. False is exact
    (no word does); True only says to look word by word."""
    return not text.word_set.isdisjoint(_BEFORE_WORDS) or _BEFORE_PIECES.search(text.spaced) is not None


_INFIX: Final = re.compile("|".join(re.escape(term) for term, _r, _l in _TABLE.infixes)) if _TABLE.infixes else None
_INFIX_ROLE: Final = {term: frozenset((r, lang) for t, r, lang in _TABLE.infixes if t == term)
                      for term, _r, _l in _TABLE.infixes}


def _cut(words: tuple[str, ...]) -> list[tuple[str, frozenset[tuple[str, str]]]]:
    """The words with their (role, language)s; a word of a script without spaces is cut at its
    markers, each marker a piece of its own."""
    out: list[tuple[str, frozenset[tuple[str, str]]]] = []
    for word in words:
        if _INFIX is not None and not word.isascii() and _INFIX.search(word):
            at = 0
            for match in _INFIX.finditer(word):
                if match.start() > at:
                    out.append((word[at:match.start()], _NO_ROLES))
                out.append((match.group(), _INFIX_ROLE[match.group()]))
                at = match.end()
            if at < len(word):
                out.append((word[at:], _NO_ROLES))
        else:
            out.append((word, roles(word)))
    return out


def is_unspaced_piece(word: str) -> bool:
    """Whether a piece was cut out of a word (a script written without spaces)."""
    return bool(word) and not word.isascii() and _INFIX is not None and _INFIX.fullmatch(word) is not None


# Evidence of a language: a negation word of one language is read as one only in a text that shows
# that language elsewhere too ("your Soha password": Hungarian "soha", never, in an English request).
# A word of a script that only some of the table's languages write is evidence of them; in the
# scripts many languages share, a word of the language's own vocabulary is (lexicon/languages.tsv:
# its common words and request words, with every word of its negation table).
_SHARED_SCRIPTS: Final = frozenset({"LATIN", "CYRILLIC", "ARABIC"})


def _script(text: str) -> str | None:
    for char in text:
        if char.isalpha():
            name = unicodedata.name(char, "")
            script = name.split(" ", 1)[0]
            return "CJK" if script in ("HIRAGANA", "KATAKANA", "CJK") else script
    return None


def _read_vocabulary() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """(word -> languages it is evidence of, request word -> its languages)."""
    vocabulary: dict[str, set[str]] = {}
    asks: dict[str, set[str]] = {}
    for line in (Path(__file__).parent / "lexicon" / "languages.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            language, role, word = line.split("\t")[:3]
            language = _BASE.get(language, language)
            vocabulary.setdefault(word, set()).add(language)
            if role == "request":
                asks.setdefault(word, set()).add(language)
    # The negation table's other words (joiners, reminders) show their language too, but not a short
    # one ("a", "i", "u") nor an English word ("we" is a Turkmen joiner): English is written everywhere.
    english = {word for word, languages in vocabulary.items() if "en" in languages}
    for word, found in _TABLE.words.items():
        if len(word) > 2 and (word not in english or any(language == "en" for _role, language in found)):
            vocabulary.setdefault(word, set()).update(language for _role, language in found)
    return ({word: frozenset(languages) for word, languages in vocabulary.items()},
            {word: frozenset(languages) for word, languages in asks.items()})


_VOCABULARY, _REQUESTS = _read_vocabulary()
# Request words of the scripts without spaces, found inside words ("请输入", "入力してください").
_UNSPACED_REQUESTS: Final = tuple((w, ls) for w, ls in _REQUESTS.items() if ls & UNSPACED)


# The scripts each language's markers are written in, and the languages of each script outside the
# shared ones (Latin, Cyrillic, Arabic): a word of such a script is evidence of them.
_SCRIPTS: Final = {language: frozenset(s for s in (_script(t) for t in " ".join(m).split()) if s)
                   for language, m in NEGATIONS.items() if language not in _BASE}
_SCRIPT_LANGUAGES: Final = {script: frozenset(lang for lang, scripts in _SCRIPTS.items() if script in scripts)
                            for scripts in _SCRIPTS.values() for script in scripts if script not in _SHARED_SCRIPTS}


# A request opens its clause: "type your password", "just type it", "请输入密码".
_REQUEST_REACH: Final = 2


def _request_languages(text: str, inside: bool = True) -> frozenset[str]:
    """The languages a word asks in ("enter", "введите"), and with ``inside`` those of the request
    words of a script without spaces it starts with ("请输入密码"); empty: no request word."""
    found = _REQUESTS.get(text, frozenset())
    if inside and text and not text.isascii():
        for term, languages in _UNSPACED_REQUESTS:
            if text.startswith(term):
                found = found | languages
    return found


def requests(words: tuple[str, ...], languages: frozenset[str] | None = None) -> bool:
    """Whether a clause opens with a word that asks the reader to put something in ("enter", "just
    type", "please", "请输入"), of one of the given languages (any when None)."""
    return any(found and (languages is None or found & languages)
               for found in (_request_languages(word, inside=k == 0) for k, word in enumerate(words[:_REQUEST_REACH])))


def names_request(words: tuple[str, ...]) -> bool:
    """Whether any word of a text asks the reader to put something in, wherever it stands ("Type as
    the hint says", "İpucuna göre yazın"), a request word inside a word of a script without spaces
    too ("按提示输入", "ヒントに従って入力")."""
    return any(word in _REQUESTS or (not word.isascii() and any(term in word for term, _languages in _UNSPACED_REQUESTS))
               for word in words)


def evidenced(words: tuple[str, ...]) -> frozenset[str]:
    """The languages a text's words show: a word of the language's vocabulary, or of a script few
    languages write, that is no negation word; or two different negation words of the language
    ("никогда не", "soha nem")."""
    found: set[str] = set()
    markers: dict[str, set[str]] = {}
    for text, roles_found in _cut(words):
        negating = [language for role, language in roles_found if role in _MARKER_ROLES]
        if negating:
            for language in negating:
                markers.setdefault(language, set()).add(text)
            continue
        found.update(_VOCABULARY.get(text, ()))
        script = _script(text) if not text.isascii() else None
        if script in _SCRIPT_LANGUAGES:
            found.update(_SCRIPT_LANGUAGES[script])
    found.update(language for language, texts in markers.items() if len(texts) >= 2)
    return frozenset(found)


# A list item before its "or": at most this many words.
_ITEM_WORDS: Final = 3


def continues_list(words: tuple[str, ...], after_bare: bool = False, languages: frozenset[str] | None = None) -> bool:
    """Whether a comma-clause after a "before" negation only continues its list: one that starts with
    "or"/"and"/"nor", an item of a few words and then "or"/"nor", or a short clause. A clause that
    asks with a request word ("Don't worry, type your password") is a new request, and a short clause
    after a negation of one word ("Never mind, your password here") is no item of a list."""
    if words[0] in CONTINUERS:
        return True
    if requests(words, languages):
        return False
    return (not after_bare and len(words) <= _ITEM_WORDS) or any(word in OR for word in words[1:_ITEM_WORDS + 1])


# A clause-final negation: what may follow it (auxiliaries, politeness: "ないでください", "नहीं माँगेगा").
_TAIL_WORDS: Final = 2
_TAIL_CHARS: Final = 6
# A reminder ("don't forget") cancels a negation this many words from it.
_REMINDER_REACH: Final = 2


class Clause(NamedTuple):
    """What one comma-clause says once its negations are read."""

    asking: str  # the words that still ask, between single spaces
    forward: bool  # a "before" negation is open at its end (the next list items belong to it)
    negates: bool  # some negation silenced part of it
    closes_from_start: bool  # a clause-final "after" negation silenced it from its first word
    opener_tail: int | None  # words after an opener no negation closed, if any
    before_opener: str  # the asking words before that opener
    bare: bool = False  # a "before" negation with at most one word after it ("don't worry", "never mind")


_HYPHENED: Final = re.compile(r"(?<![\w-])(\w+)-(?=\w)")


def compounds(text: str) -> str:
    """The text with a negation word hyphened to the next one written as one word: "non-expiring",
    "no-reply" and "never-expiring" are adjectives, not negations ("Paste your non-expiring token")."""
    if "-" not in text:
        return text
    return _HYPHENED.sub(lambda m: m.group(1) if any(role == "before" for role, _language in roles(m.group(1).casefold()))
                         else m.group(0), text)


@functools.lru_cache(maxsize=TEXTS_KEPT)
def read_clause(words: tuple[str, ...], languages: frozenset[str] | None = None) -> Clause:
    """Read one clause's negations (see the module's docstring for the rule), in the given languages
    (all when None)."""
    raw = _cut(words)
    cut = [(text, frozenset(role for role, language in found if languages is None or language in languages))
           for text, found in raw]
    texts = [text for text, _roles in cut]
    # A negation takes back no request of another language: "Enter your password ठीक नहीं" (one Hindi word
    # makes the Hindi negation count) and "ไม่ต้อง Enter your password" ask. Per piece, the languages
    # its request word asks in (empty: no request word).
    asks = [_request_languages(text) for text in texts]

    def negation_languages(i: int, role: str) -> frozenset[str]:
        return frozenset(language for r, language in raw[i][1] if r == role and (languages is None or language in languages))

    def over_foreign_request(i: int, role: str, span: range) -> bool:
        own = negation_languages(i, role)
        return any(asks[j] and asks[j].isdisjoint(own) for j in span)

    reminders = [i for i, (_text, r) in enumerate(cut) if "reminders" in r]
    role_of: list[frozenset[str]] = []
    for i, (_text, r) in enumerate(cut):
        if "reminders" in r or any(abs(i - j) <= _REMINDER_REACH for j in reminders):
            r = r - _MARKER_ROLES
        role_of.append(r)
    silenced_from = len(cut)
    forward = False
    from_start = False
    # Linear in the clause: the characters after each piece, and where the last joiner stands.
    chars_after = [0] * (len(cut) + 1)
    for i in range(len(cut) - 1, -1, -1):
        chars_after[i] = chars_after[i + 1] + len(texts[i])
    last_joiner = max((j for j, r in enumerate(role_of) if "joiners" in r), default=-1)
    joiner_before = -1  # the last joiner before the current piece
    for i, r in enumerate(role_of):
        if "before" in r and not over_foreign_request(i, "before", range(i + 1, len(cut))):
            silenced_from = min(silenced_from, i)
            forward = True
        if "after" in r:
            unspaced = is_unspaced_piece(texts[i])
            short = (chars_after[i + 1] <= _TAIL_CHARS if unspaced else len(cut) - i - 1 <= _TAIL_WORDS)
            # A request verb of another language right before the negation is its verb, borrowed
            # ("OTP enter न करें"); one further back opens a request of its own.
            if short and last_joiner <= i and not over_foreign_request(i, "after", range(joiner_before + 1, i - 1)):
                start = joiner_before + 1
                silenced_from = min(silenced_from, start)
                from_start = from_start or start == 0
        if "joiners" in r:
            joiner_before = i
    opener_tail = None
    before_opener = ""
    openers = [i for i, r in enumerate(role_of) if "openers" in r]
    if openers and silenced_from == len(cut):
        opener_tail = len(cut) - openers[-1] - 1
        before_opener = " ".join(texts[:openers[-1]])
    # What the negation stands over: one word ("don't" is "don" "t"), or two characters of a script
    # written without spaces ("不要担心").
    if silenced_from < len(cut) and is_unspaced_piece(texts[silenced_from]):
        bare = len("".join(texts[silenced_from + 1:])) <= 2
    else:
        bare = len([text for text in texts[silenced_from + 1:] if len(text) > 1]) <= 1
    return Clause(" ".join(texts[:silenced_from]), forward and silenced_from < len(cut), silenced_from < len(cut),
                  from_start, opener_tail, before_opener, forward and bare)


# Sentences end at every script's full stop; a negation never reaches into another one.
# A full stop inside a file name, host or version ("id_ed25519.pub", "example.com", "v1.2") ends nothing.
_SENTENCE: Final = re.compile(r"(?:[;:!?()\n\u3002\uff01\uff1f\u0964\u0965\u06d4\u061f\u061b\u1362\u1367\u104b\u17d4]"
                              r"|\.(?![a-z0-9])|(?<![A-Za-z0-9_])\.)+")
# Comma-clauses: commas of every script. A dash between words ("... never ask for it – if someone
# does, ...") bounds a negation too, but what asks on either side of it is read as one clause.
_CLAUSE: Final = re.compile(r"[,\uff0c\u3001\u060c]")
# Such a full stop still bounds a negation: what follows it and asks on its own is read as asking
# ("We never ask for your password.enter your password below").
_INNER_STOP: Final = re.compile(r"(?<=[A-Za-z0-9_])\.(?=[a-z0-9])")
_DASH: Final = re.compile(r"\s[-\u2013\u2014]+\s|[\u2013\u2014]")
# A short clause after an opener's ("आपसे कभी OTP, पिन या पासवर्ड नहीं माँगेगा") is a list item.
_LIST_ITEM: Final = 3


@functools.lru_cache(maxsize=TEXTS_KEPT)
def asking(description: str) -> tuple[str, ...]:
    """The parts of a text that ask, one string per comma-clause: what no negation took back."""
    found: list[tuple[int, str | None]] = []  # (comma-clause, what asks in one of its parts)
    group = 0
    languages = evidenced(normalise(compounds(description))[0].words)
    for sentence in _SENTENCE.split(description):
        negated = bare = False
        # Asking parts an opener left open ((index in asking, what stood before the opener)): a
        # later clause-final negation in the same sentence takes them back.
        pending: list[tuple[int, str | None]] = []
        for clause in _CLAUSE.split(sentence):
            group += 1
            for part in _DASH.split(clause):
                words = normalise(compounds(part))[0].words
                if not words:
                    continue
                if negated and continues_list(words, bare, languages):
                    continue
                read = read_clause(words, languages)
                # A clause that only stood in a list's place ("We never store, log, or share ...") keeps it open.
                negated, bare = (read.forward, read.bare) if read.forward or not negated or len(words) > _ITEM_WORDS \
                    else (negated, bare)
                if read.closes_from_start and pending:
                    for at, before in pending:
                        found[at] = (found[at][0], before)
                    pending = []
                found.append((group, read.asking or None))
                if read.negates:
                    for piece in _INNER_STOP.split(part)[1:]:
                        inner = normalise(compounds(piece))[0].words
                        asks = read_clause(inner, languages).asking if inner else ""
                        if asks:
                            found.append((group, asks))
                if read.opener_tail is not None and read.opener_tail <= _LIST_ITEM:
                    pending = [(len(found) - 1, read.before_opener or None)]
                elif pending and len(words) <= _LIST_ITEM and not read.negates:
                    pending.append((len(found) - 1, None))
                else:
                    pending = []
    joined: dict[int, list[str]] = {}
    for at, text in found:
        if text:
            joined.setdefault(at, []).append(text)
    return tuple(" ".join(texts) for texts in joined.values())
