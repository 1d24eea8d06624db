"""The response scan's reading of a credential a person names and then gives in words, in any
language of the lexicon ("my password is hunter2", "PIN: 4821", "Passwort: Sonne2024", "密码：abc12345"):
the rule ``response.named_secret`` (response_scan.NamedSecret). Kept apart from the other detectors,
which are patterns: this one reads clauses, names and what follows them.

Nothing is kept between answers: every text goes through the uncached normalisation and lexicon
scan (matcher.spans_once); a hostile answer costs a few microseconds a character (tests bound it).
"""

from __future__ import annotations

import bisect
import math
import re
from collections.abc import Iterator
from functools import cache
from typing import Any, Final

from elicitguard.policies.matcher import read_lexicon, spans_once, without_diacritics
from elicitguard.policies.normalise import ascii_words, normalise

# The concepts of a secret a person may name and then give in words ("my password is hunter2", "PIN:
# 4821", "mot de passe : Soleil2024", "密码：abc12345"), and which of them are digits alone.
_NAMED_SECRETS: Final = frozenset({"password", "passcode", "pin", "otp", "api_key", "token", "client_secret"})
_DIGIT_SECRETS: Final = frozenset({"pin", "otp", "passcode"})
# Words that may stand between the name and the secret: "is", "was" in the languages of the lexicon
# (a colon or an equals sign is no word once normalised), German's "lautet" ("das Passwort lautet"),
# French's "c'est" ("c" then "est").
_COPULAS: Final = frozenset({"is", "was", "ist", "war", "est", "es", "era", "é", "è", "är", "var", "er", "on", "je",
                             "jest", "là", "adalah", "ialah", "是", "为", "為", "lautet", "lautete", "c", "to",
                             # Arabic, Hebrew, Thai, Greek (read without accents), Russian, Ukrainian,
                             # Bulgarian (a Cyrillic "е"), Romanian, Lithuanian, Latvian, Tagalog, Swahili,
                             # and Persian's "my" (its "is" comes last: "رمز عبور من ... است").
                             "هي", "هو", "היא", "הוא", "คือ", "ειναι", "это", "це", "є", "е", "este", "yra", "ir",
                             "ay", "ni", "من"})
# "on" is "is" in Finnish and Estonian, a preposition in English ("tests pass on python3", "the password
# on srv01 expired"): it counts only after a name in those languages. Polish "to" ("moje hasło to
# abc12345") is English's "to": it counts after a name no English word, or after "changed", "set"...
_COPULA_LANGUAGES: Final = {"on": frozenset({"fi", "et"}), "to": frozenset({"pl"})}
_TO_AFTER: Final = frozenset({"changed", "set", "reset", "updated", "change", "zmienione", "zmieniono", "ustawione"})
# Words between a name and its "is" ("the password for the wifi is ..."), and after it ("is now").
_NAMED_GAP: Final = 4
_GAP_STARTS: Final = frozenset({"for", "to", "of", "at", "on", "in", "from", "für", "zu", "vom", "von", "pour", "de", "du",
                                "para", "del", "per", "voor", "van", "dla", "na", "do"})
_FILLERS: Final = frozenset({"now", "still", "currently", "actually", "just", "simply", "jetzt", "maintenant", "ahora"})
# Words before a name given after its secret ("hunter22 is my password", "4821 is the PIN").
_OWNERS: Final = frozenset({"my", "the", "our", "your", "his", "her", "their", "new", "current", "old"})
# What may follow such a name: nothing, or what it is for ("hunter22 is my password for gmail").
_AFTER_OWNED: Final = frozenset({"for", "on", "at", "to", "of", "now", "too", "btw"})
# A key or token is long: a shorter word after its name is a variable or a value in code ("token =
# base64.b64encode(...)", "SessionToken: ABC12345").
_KEY_SECRETS: Final = frozenset({"api_key", "token", "client_secret"})
_KEY_LENGTH: Final = 12
# Look-alikes near the name excuse it ("password length 12", "token budget"); India's "PIN code" (a
# postal code, six digits) excuses only six digits: "PIN-Code: 4821" is a German card's PIN.
_NAMED_NEAR: Final = 3
_POSTAL: Final = re.compile(r"[1-9]\d{5}")
# A six-digit "PIN" in an address ("12 MG Road, Bangalore, PIN 560001") is India's postal code.
_ADDRESS: Final = re.compile(r"(?<![^\W\d_])(?:address|addr|road|rd|street|nagar|city|district|dist|state|india|postal"
                             r"|post|delivery|shipping|village|colony|sector|lane|marg|taluk|tehsil|mandal|pincode"
                             r"|landmark|ship)(?![^\W\d_])")
# An answer is read in pieces this long (cut at a space), overlapping: the lexicon's scan keeps nothing.
_NAMED_PIECE: Final = 2048
_HAS_DIGIT: Final = re.compile(r"\d")
# What ends a clause: the name and its secret stand in one ("ask for your password); train10c" names none).
_NAMED_BREAK: Final = re.compile(r"([;!?()\[\]{}\n。；！？（）]|[.,，、](?:\s|$))")
# A line break after a colon does not end the clause ("Password:\nhunter22"), nor one between a short
# label line and a line of one word ("Password\nhunter22", as a password manager's entry is copied).
_COLON_BREAK: Final = re.compile(r"([:：=])[ \t]*(?:\r?\n[ \t]*){1,2}")
_LABEL_BREAK: Final = re.compile(r"(?m)^([^\W\d_][^\W\d_ \t-]*(?:[ \t-][^\W\d_]+){0,2})[ \t]*\r?\n[ \t]*(?=\S+[ \t]*(?:\r?\n|$))")
# A secret with a symbol inside ("hunter_22", "Summer#2024", "Blue-Sky-42") is several normalised words:
# it is read whole from the answer, with the marks people put around it ("'hunter_22'") dropped.
_RAW_SECRET: Final = re.compile(r"(?=.*[^\W\d_])(?=.*\d)[\w#!@$%&*+?~^-]{6,64}")
_GROUPED_DIGITS: Final = re.compile(r"\d{3,4}(?:[-.]\d{3,4})?")
_QUOTES: Final = "\"'`“”‘’«»„‚<>*.,:;"
_NAME_MARKS: Final = re.compile(r"[:=：]")
_MARKS: Final = frozenset(":=：-–—")
# A name that is also a verb ("pass force_zip64 to ...", "pass sha256 as the algorithm") names a secret
# only before a colon, an equals sign, a dash or an "is" ("pass: hunter22", "pass = hunter22"), or after a
# user name ("user bob pass hunter22").
_VERB_NAMES: Final = frozenset({"pass"})
_USER_WORDS: Final = frozenset({"user", "username", "login", "email", "mail", "benutzer", "usuario", "utilisateur",
                                "wifi", "wlan", "ssid", "router", "network", "account"})
# After a name written without spaces, its secret may follow in the same word ("密码是abc12345",
# "パスワードはabc12345です", "비밀번호는abc12345").
_JOINED_SECRET: Final = re.compile(r"[是为為はが는은이가:：=的]*([0-9a-z][0-9a-z#!@$%&*+?~^_-]*)")


def _secret_word(word: str, concept: str) -> bool:
    if concept in _DIGIT_SECRETS and word.isdigit() and 4 <= len(word) <= 8:
        return True
    shortest = _KEY_LENGTH if concept in _KEY_SECRETS else 6
    return concept not in ("pin", "otp") and len(word) >= shortest and not word.isdigit() \
        and any(c.isdigit() for c in word) and any(c.isalpha() for c in word)


@cache
def _terms_in(copula: str) -> frozenset[str]:
    """The lexicon's names of a secret (as the matcher finds them, normalised) in the languages whose
    "is" is ``copula`` ("on" in Finnish and Estonian, "to" in Polish)."""
    languages = _COPULA_LANGUAGES[copula]
    terms: set[str] = set()
    for concept, lang, term, _mode in read_lexicon():
        if concept in _NAMED_SECRETS and lang.split("-")[0] in languages:
            for spelled in (term, without_diacritics(term)):
                if spelled:
                    words = normalise.__wrapped__(spelled)[0].words
                    terms.update((" ".join(words), "".join(words)))
    return frozenset(terms)


def _copula(words: tuple[str, ...], at: int, term: str) -> bool:
    word = words[at]
    if word not in _COPULAS:
        return False
    if word == "to" and at > 0 and words[at - 1] in _TO_AFTER:
        return True  # "changed to", "set to"
    if word in _COPULA_LANGUAGES:
        return term in _terms_in(word)
    if word == "c":
        return at + 1 < len(words) and words[at + 1] == "est"
    return True


def _candidates(clause: _Clause, first: int, last: int, term: str) -> Iterator[int]:
    """Where the secret named by words[first..last] may stand: right after the name, after an "is" up to
    a few words on ("the password for the wifi is now X"), or before "is my <name>"."""
    words = clause.words
    after = last + 1
    if term not in _VERB_NAMES or clause.marked(last) or clause.user_before(first):
        yield after
    # Words between the name and its "is" or colon say what it is for ("the password for the wifi is"),
    # not what it is ("the password manager is 1Password8", "password manager: Bitwarden2024").
    gap = after + (_NAMED_GAP if after < len(words) and words[after] in _GAP_STARTS else 1)
    for at in range(after, min(len(words), gap)):
        if at > after and clause.marked(at - 1):
            yield at  # "Password for gmail: hunter22"
        if _copula(words, at, term):
            at += 1
            if at < len(words) and words[at] == "est":  # c'est
                at += 1
            while at < len(words) and words[at] in _FILLERS:
                at += 1
            if at + 1 < len(words) and words[at] in _TO_AFTER and words[at + 1] == "to":
                at += 2  # "was changed to"
            yield at
    if after < len(words) and words[after] not in _AFTER_OWNED:
        return  # "Version2 is my password manager": the name names something else
    before = first - 1
    while before >= 0 and first - before <= 2 and words[before] in _OWNERS:
        before -= 1
    if before < first - 1 and before >= 1 and words[before] in _COPULAS and words[before] not in ("on", "to", "c"):
        yield before - 1


class _Clause:
    """A clause of an answer: its words, and (when asked) the whitespace-separated token of the
    answer each word came from."""

    def __init__(self, text: str, words: tuple[str, ...], code: bool = False) -> None:
        self.text, self.words, self.code = text, words, code
        self._token_of: list[int] | None = None
        self._tokens: list[str] = []
        self._raw: dict[tuple[int, bool, str], str | None] = {}
        self._user: int | None = None

    def token(self, at: int) -> tuple[int, bool] | None:
        """Which raw token holds word ``at``, and whether that word starts it."""
        if self._token_of is None:
            self._tokens = self.text.split()
            self._token_of = []
            for index, token in enumerate(self._tokens):
                count = len(ascii_words(token)) if token.isascii() \
                    else len(normalise.__wrapped__(token)[0].words)
                self._token_of.extend([index] * count)
            if len(self._token_of) != len(self.words):
                self._token_of = []  # a word split otherwise in the whole clause: read words only
        if at >= len(self._token_of):
            return None
        index = self._token_of[at]
        if self.code and index == len(self._tokens) - 1 and not self.text[-1:].isspace():
            return None  # the name of a function called or a list indexed
        return index, at == 0 or self._token_of[at - 1] != index

    def user_before(self, at: int) -> bool:
        """Whether a user name is given before word ``at`` ("user bob pass hunter22")."""
        if self._user is None:
            self._user = next((i for i, word in enumerate(self.words) if word in _USER_WORDS), len(self.words))
        return self._user < at

    def marked(self, at: int) -> bool:
        """Whether a colon or an equals sign (or a dash standing alone) follows word ``at``."""
        found = self.token(at)
        if found is None:
            return False
        index = found[0]
        token = self._tokens[index]
        if self._token_of is None or at + 1 >= len(self._token_of) or self._token_of[at + 1] != index:
            return token[-1:] in _MARKS or (index + 1 < len(self._tokens) and self._tokens[index + 1][:1] in _MARKS)
        return _NAME_MARKS.search(token) is not None

    def raw(self, at: int, concept: str) -> str | None:
        """The secret the raw token holding word ``at`` gives, read once per token (a hostile clause
        of one long token names thousands of secrets in it)."""
        found = self.token(at)
        if found is None:
            return None
        key = (found[0], found[1], concept)
        if key not in self._raw:
            self._raw[key] = _raw_given(self._tokens[found[0]], found[1], concept)
        return self._raw[key]


def _given(clause: _Clause, at: int, concept: str) -> str | None:
    """The secret standing at word ``at`` of a clause, if one does: the word, or its whole token when
    a symbol splits it ("hunter_22"), or digits in groups ("482 913", "482-913")."""
    words = clause.words
    if at >= len(words):
        return None
    if _secret_word(words[at], concept):
        return words[at]
    if concept in _DIGIT_SECRETS and words[at].isdigit() and len(words[at]) in (3, 4) and at + 1 < len(words) \
            and words[at + 1].isdigit() and len(words[at + 1]) == len(words[at]):
        return words[at] + words[at + 1]
    return clause.raw(at, concept)


def _raw_given(token: str, starts: bool, concept: str) -> str | None:
    if not starts:
        # The name and its secret in one token ("password:hunter_22", "pw=abc_123"), one mark between
        # (not a URL's query: "grant_type=authorization_code&code=...").
        parts = _NAME_MARKS.split(token)
        if len(parts) != 2 or "&" in token:
            return None
        token = parts[1]
    token = token.strip(_QUOTES)
    if _HAS_DIGIT.search(token) is None:
        return None
    if concept in _DIGIT_SECRETS and _GROUPED_DIGITS.fullmatch(token):
        digits = token.replace("-", "").replace(".", "")
        return digits if 4 <= len(digits) <= 8 else None
    # A key or token is read as one word only: one with dashes is most often an id ("--lock-token
    # 7b3bcec2-374e-...", "client-request-token"), and a key's own formats are their detectors'.
    if concept in ("pin", "otp") or concept in _KEY_SECRETS or _RAW_SECRET.fullmatch(token) is None:
        return None
    return token


def _joined(words: tuple[str, ...], last: int, term: str, concept: str) -> bool:
    """Whether the secret follows the name inside its word ("密码是abc12345")."""
    word = words[last]
    at = word.rfind(term)
    if at < 0 or at + len(term) >= len(word):
        return False
    match = _JOINED_SECRET.match(word, at + len(term))
    return match is not None and _secret_word(match.group(1), concept)


def _spans_overlap(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Word ranges (widened by _NAMED_NEAR), merged and in order, for lookup by bisection."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted((a - _NAMED_NEAR, b + _NAMED_NEAR) for a, b in spans):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def _near(merged: list[tuple[int, int]], first: int, last: int) -> bool:
    at = bisect.bisect_right(merged, (last, math.inf)) - 1
    return at >= 0 and merged[at][1] >= first


def named_secret(value: str, declared: dict[str, Any], name: str = "") -> str | None:
    """What NamedSecret finds in ``value`` (its detector name), or None; ``declared`` is the field's
    schema and ``name`` its name (an address field's six-digit PIN is India's postal code)."""
    if _HAS_DIGIT.search(value) is None:
        return None
    address: bool | None = None
    for piece in _pieces_of(value):
        piece = _LABEL_BREAK.sub(r"\1 ", _COLON_BREAK.sub(r"\1 ", piece))
        parts = _NAMED_BREAK.split(piece)
        for index in range(0, len(parts), 2):
            text = parts[index]
            if _HAS_DIGIT.search(text) is None:
                continue
            # A clause cut by a bracket ends in a call or an index in code ("token = get_token_v2()").
            code = index + 1 < len(parts) and parts[index + 1] in ("(", "[")
            # Case-folded first: a mixed-case secret is one word, not split as camelCase ("abc123XYZ789").
            folded = text.casefold()
            words, spans = spans_once(folded)
            alikes = _spans_overlap([(first, last) for concept, first, last, _term in spans
                                     if concept.startswith("~")])
            postal = _spans_overlap([(first, last) for concept, first, last, _term in spans
                                     if concept == "pin_code_in"])
            clause = _Clause(folded, words, code)
            # Each place is read once per concept, however many terms name it there (a hostile
            # clause names thousands, each beside the same few words).
            given: dict[tuple[int, str], str | None] = {}
            joined: set[tuple[int, str, str]] = set()
            for concept, first, last, term in spans:
                if concept not in _NAMED_SECRETS or _near(alikes, first, last):
                    continue
                secret = None
                for at in _candidates(clause, first, last, term):
                    if (at, concept) not in given:
                        given[at, concept] = _given(clause, at, concept)
                    secret = given[at, concept]
                    if secret is not None:
                        break
                if secret is None and _NO_SPACES_TERM.search(term) and (last, term, concept) not in joined:
                    joined.add((last, term, concept))
                    secret = "joined" if _joined(words, last, term, concept) else None
                if secret is None:
                    continue
                if concept == "pin" and _POSTAL.fullmatch(secret):
                    if _near(postal, first, last):
                        continue
                    if address is None:
                        address = any(_ADDRESS.search(t) is not None for t in (
                            value.casefold(), name.casefold(), str(declared.get("title", "")).casefold(),
                            str(declared.get("description", "")).casefold()))
                    if address:
                        continue
                elif _near(postal, first, last) and not (secret.isdigit() and concept == "pin"):
                    continue
                return f"{concept.replace('_', ' ')} named and given in words"
    return None


# A name written in a script without spaces, whose secret may follow in the same word.
_NO_SPACES_TERM: Final = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def _pieces_of(value: str) -> Iterator[str]:
    """A value in pieces of about _NAMED_PIECE characters, each starting at a space where one is near,
    overlapping by a tenth (a name and its secret on a piece's edge are whole in the next)."""
    start = 0
    while start < len(value):
        end = start + _NAMED_PIECE
        yield value[start:end]
        if end >= len(value):
            return
        space = value.find(" ", end - _NAMED_PIECE // 10, end)
        start = space + 1 if space >= 0 else end - _NAMED_PIECE // 10
