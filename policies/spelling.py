"""How a text is read before it is judged: a symbol that joins two words reads as "and" ("Name &
password" asks for two things), and a number sign before a noun as the lexicon's "nr" ("Nº de
tarjeta" names a card's number)."""

from __future__ import annotations

import re
from typing import Any, Final

from elicitguard.policies.credentials import normalise
from elicitguard.policies.matcher import concepts

# A symbol joining two words ("Name & password", "Name+Password", "Name/Password"): normalising drops
# it, and the two words would read as one thing ("name password", a metadata word qualifying the
# password). A slash joins only in a run of letters and slashes ("Key name/label"), not in a path or
# an address ("github.com/settings/tokens"); no symbol joins digits ("MM/YY", "+1 555").
# Their fullwidth and small forms read as they do ("名前＆パスワード", "Name／Password"), a doubled one
# as one ("Name && password"), and a list's middle dot as a joining symbol: Japanese's between
# any two words ("名前・パスワード"), the Latin one only spaced (Catalan writes "col·lecció"). A pipe
# joins as "&" does ("Name | Password"), a dash only spaced ("Name - Password", not "Wi-Fi"), and so
# does "with" in the languages that spell it as a word of its own ("Name with password", "Nom avec
# mot de passe"): read as "and", a credential before its metadata ("API key - name") is asked, as
# after ":" or "&", and metadata before it still qualifies it ("Key name with prefix"). So do "and"
# in the languages CONJUNCTIONS lacks ("Név és jelszó", "Nume și parolă", "Tên và mật khẩu"), the
# other words of "with" ("Name sowie Passwort", "Ad ile şifre", "Имя с паролем", "w/"), a doubled
# dash or pipe ("Name -- Password", "Name || Password"), an em dash unspaced as English writes it
# ("Name—Password"; not the en dash of "New York–London"), whatever space stands around them (a
# no-break space, a tab) and a zero-width joiner beside a symbol.
_SYMBOL_FORMS: Final = str.maketrans({"\uff06": "&", "\ufe60": "&", "\uff0b": "+", "\ufe62": "+", "\uff0f": "/",
                                      "\u30fb": "&", "\uff65": "&", "\uff5c": "|",
                                      # Other pipes, dashes and list dots read as the ones they look like
                                      # ("Name ¦ Password", "Name − Password", "Name • Password"), and an
                                      # invisible character is no character ("Name\u200b|\u200bPassword").
                                      "\u00a6": "|", "\u01c0": "|", "\u05c0": "|", "\u2016": "|", "\u2223": "|",
                                      "\u2502": "|", "\uffe8": "|", "\u2010": "-", "\u2011": "-", "\u2012": "-",
                                      "\u2212": "-", "\ufe63": "-", "\uff0d": "-", "\u2015": "\u2014",
                                      "\ufe58": "\u2014", "\u2e3a": "\u2014", "\u2e3b": "\u2014", "\u2022": "\u00b7",
                                      "\u2219": "\u00b7", "\u22c5": "\u00b7", "\u2027": "\u00b7", "\u200b": None,
                                      "\u2060": None, "\ufeff": None, "\u00ad": None, "\u2215": "/", "\u2044": "/",
                                      "\u29f8": "/", "\u2795": "+",
                                      # Fullwidth letters read as the ones they stand for, so a joining
                                      # word typed in them joins ("Nimi ｊａ salasana", "Nazwa ｚ hasłem").
                                      **{chr(c): chr(c - 0xfee0)
                                         for c in (*range(0xff21, 0xff3b), *range(0xff41, 0xff5b))}})
_JOINING_SYMBOL: Final = re.compile(r"(?<=[^\W\d_])(?:[\s\u200c\u200d]*(?:&&?|\+|\|\|?|\u2014)[\s\u200c\u200d]*"
                                     r"|\s+(?:[\u00b7\u2013]|-{1,3}|as well as|w/"
                                     r"|with|mit|sowie|samt|nebst|avec|con|com|met|med|amb|cu|ile|dengan|với|με|с|со"
                                     r"|és|și|şi|dan|và|και|dhe|ir|ja|sekä|ning|z|ze|और|및|그리고|และ|و|مع|עם)\s+)"
                                     r"(?=[^\W\d_])", re.I)
# _JOINING_SYMBOL reads no Slavic "i" (and): it joins two metadata words before a credential in the genitive as often
# ("Duljina i složenost lozinke", the length and complexity of the password), and it is the Italian
# plural article and a casual English "I" (red team 25b).
# "And" and "with" written between two words of a script without spaces ("名称和密码", "名前とパスワード"),
# in a label only (up to _CJK_LABEL characters): in a sentence the clause reading decides, and a
# conjunction spelled out there would cut a negation from what it negates ("暗証番号やパスワードは
# 絶対に教えないでください", never tell your PIN or password).
# Spaces around it join as well ("名称 和 密码", "名前　と　パスワード"), and so does a Latin word on
# one side ("名称和API密钥", "名前とPassword"); so do the written forms of "and" ("名前およびパスワード",
# "名前並びにパスワード", "名稱暨密碼").
_CJK_LABEL: Final = 16
_CJK: Final = r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]"
_CJK_AND: Final = r"\s*(?:および|及び|ならびに|並びに|[和与與及跟とや暨])\s*"
_CJK_JOIN: Final = re.compile(rf"(?<={_CJK}){_CJK_AND}(?={_CJK}|[A-Za-z])|(?<=[A-Za-z]){_CJK_AND}(?={_CJK})")
# Korean glues "and" to the noun before it ("이름과 비밀번호", "이름하고 비밀번호", and as speech writes it
# "아이디랑 비밀번호", "이름이랑 비밀번호"): in a label, a Hangul word of two syllables or more ending in
# one of these particles, before another Hangul word or a Latin one ("이름과 PIN"), is read as joined;
# a word of two syllables ending so is a word of its own ("결과", a result).
_HANGUL_JOIN: Final = re.compile(r"(?<=[\uac00-\ud7af]{2})(?:과|와|하고|랑)\s+(?=[\uac00-\ud7af]|[A-Za-z])")
# Whether a text holds anything _JOINING_SYMBOL or _SLASHED_WORDS may read: a symbol, or one of the
# joining words among its words (a set test on the words normalise finds, whatever space stands
# between them: most texts have spaces and no joining word, and the regex would read them all; "İle"
# case-folds to a dotted "i").
_MAY_JOIN: Final = re.compile(r"[&+/|\u00b7\u2013\u2014\-和与與及跟とや並暨과와랑]|および|ならびに|하고")
_JOINING_WORDS: Final = frozenset({"as", "w", "with", "mit", "sowie", "samt", "nebst", "avec", "con", "com", "met",
                                   "med", "amb", "cu", "ile", "i\u0307le", "dengan", "với", "με", "с", "со", "és",
                                   "și", "şi", "dan", "và", "και", "dhe", "ir", "ja", "sekä", "ning", "z", "ze", "और",
                                   "및", "그리고", "และ", "و", "مع", "עם"})
_SLASHED_WORDS: Final = re.compile(r"(?<!\S)[^\W\d_]+(?:(?: / |/)[^\W\d_]+)+(?=$|[\s,;:.!?)\]])")
# The conjunction a joining symbol reads as (one of CONJUNCTIONS).
_SYMBOL_READ_AS: Final = " and "


# The number sign before a noun, as many languages write it: "nº", "n°", "n.º" and "№" (pt, es, it,
# fr, ru; NFKC would read "nº" and "№" as the word "no", a negation), and an abbreviation of "number"
# with its full stop before a word: "No." and "n." (en, id, it) before a small letter (a capital
# after "No." starts a sentence: "No. This is not a credit card"), "nr." (pl, nl, de, the
# Nordic languages), "č." (cs, sk "číslo") and "br." (hr, bs, sr "broj") before any. Each is read
# as "nr", the lexicon's abbreviation of "number" (before a card it names a card number).
_NUMBER_SIGN: Final = re.compile(r"(?<![^\W_])(?:[Nn](?:\.\s?)?[\u00ba\u00b0]|\u2116)\.?\s*"
                                 r"|(?<![^\W_])(?:[Nn][Rr]|[\u010c\u010d]|[Bb][Rr])\.\s*(?=[^\W\d_])"
                                 r"|(?<![^\W_])[Nn][Oo]?\.\s*(?=[^\W\d_])(?![A-Z\u00c0-\u00de\u0400-\u042f])")
_MAY_NUMBER: Final = re.compile(r"[\u00ba\u00b0\u2116]|(?:^|\W)(?:[Nn][OoRr]?|[\u010c\u010d]|[Bb][Rr])\.")


# "No." or "N." before a capital starts a label, not a sentence, where a few words and no sentence's end follow
# it ("No. Tarjeta de crédito", "NO. DE TARJETA", "N. Carta": Mexico's and Italy's card labels), or where the
# whole text is in capitals.
_LABEL_SIGN: Final = re.compile(r"^\s*[Nn][Oo]?\.\s*(?=[A-Z\u00c0-\u00de\u0400-\u042f])")
_LABEL_WORDS: Final = 5


def _number_signs(text: str) -> str:
    """A text with each number sign before a word read as "nr " (see _NUMBER_SIGN, _LABEL_SIGN)."""
    # Most texts hold neither a full stop nor a sign: string tests settle them before the search.
    if "." not in text and "\u00ba" not in text and "\u00b0" not in text and "\u2116" not in text \
            or not _MAY_NUMBER.search(text):
        return text
    label = _LABEL_SIGN.match(text)
    if label is not None:
        rest = text[label.end():]
        if text.upper() == text or (len(rest.split()) <= _LABEL_WORDS and not re.search(r"[.!?]", rest)):
            text = "nr " + rest
    return _NUMBER_SIGN.sub("nr ", text)


def spell_out(text: Any) -> Any:
    """A field's text with each symbol that joins two words read as the conjunction it stands for, so
    that a conjunction between a look-alike or a metadata word and a credential (see conjunction_between) is seen
    however it is written ("Name & password" is a name and a password). Not where the symbol is part
    of a term of the lexicon ("Track & Trace code", a look-alike): the text is then read as written.
    A number sign is read as the word it stands for ("Nº de tarjeta", see _NUMBER_SIGN)."""
    if not isinstance(text, str):
        return text
    numbered = _number_signs(text)
    if numbered is not text:
        return spell_out(numbered) if concepts(text) <= concepts(numbered) else text
    symbols = text if text.isascii() else text.translate(_SYMBOL_FORMS)
    if not _MAY_JOIN.search(symbols) and _JOINING_WORDS.isdisjoint(normalise(text)[0].words):
        return text
    spelled = _JOINING_SYMBOL.sub(_SYMBOL_READ_AS, symbols)
    if len(spelled) <= _CJK_LABEL and not spelled.isascii():
        spelled = _HANGUL_JOIN.sub(_SYMBOL_READ_AS, _CJK_JOIN.sub(_SYMBOL_READ_AS, spelled))
    if "/" in spelled:
        spelled = _SLASHED_WORDS.sub(lambda m: re.sub(r" / |/", _SYMBOL_READ_AS, m.group(0)), spelled)
    return spelled if spelled == text or concepts(text) <= concepts(spelled) else text
