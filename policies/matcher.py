"""The credential lexicon and its one-pass matcher.

Terms come from the data files in ``policies/lexicon/`` (generated from translation catalogs and
reviewed by hand, see ``tools/lexicon/build.py``) and from the detectors' own declarations. Every
term goes through the same normalisation as the text it is matched against, then into one of two
Aho-Corasick automata: one over the words of a text (whole words, or a word start followed by any
inflection), one over the text with its separators removed (scripts written without spaces,
compounds, and fragments of field names like ``dbpassword``). Scanning a text is one pass over each.

A scan returns the concepts found: ``"password"``; ``"password!"`` when a term was the whole text
(a title that is only "Passwort"); ``"~pin"`` for a look-alike that excuses a concept.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Final

import ahocorasick

from elicitguard.policies.normalise import TEXTS_KEPT, Text, normalise

DATA: Final = Path(__file__).resolve().parent / "lexicon"
WORD: Final = "word"  # the term's words, whole
PREFIX: Final = "prefix"  # at a word start; the last word may go on ("пароля", "contraseñas")
INFIX: Final = "infix"  # anywhere in the separator-free text
WHOLE: Final = "whole"  # the whole text and nothing else (a title "Κωδικός" alone is a password; "κωδικός προσφοράς" is not)
MODES: Final = (WORD, PREFIX, INFIX, WHOLE)

# Scripts written without spaces between words (or with particles glued on): match anywhere.
_NO_SPACES: Final = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af"
                               r"\uf900-\ufaff]")
# Scripts whose words take prefixes ("הסיסמה", "بكلمة المرور"): match anywhere too.
_PREFIXED: Final = re.compile(r"[\u0590-\u06ff\u0750-\u077f\ufb1d-\ufdff\ufe70-\ufeff]")
# Languages that write compounds as one word ("Benutzerpasswort", "gebruikerswachtwoord").
_COMPOUNDING: Final = frozenset({"de", "nl", "sv", "da", "nb", "nn", "no", "fi", "et", "hu", "is", "af", "fy", "lb", "fo"})


def default_mode(lang: str, term: str) -> str:
    """How a term in a language matches when nobody said otherwise."""
    if _NO_SPACES.search(term) or _PREFIXED.search(term):
        return INFIX
    if lang.split("-")[0] in _COMPOUNDING and " " not in term and len(term) >= 6:
        return INFIX
    return PREFIX if len(term.split()[-1]) >= 5 else WORD


# Languages that add case and possessive endings to a noun ("doğrulama kodu" -> "kodunu", "ellenőrző
# kód" -> "kódot", "patvirtinimo kodas" -> "kodą" share the stem): a several-word term's last word is
# matched as a prefix even when short. One-word short terms stay whole words ("pin", "kod").
_SUFFIXING: Final = frozenset({"tr", "az", "kk", "uz", "ky", "tk", "tt", "ba", "hu", "fi", "et", "lt", "lv", "mn", "eu",
                               "sq", "ro", "bg", "mk", "el", "sl", "hr", "bs", "sr", "pl", "cs", "sk", "ru", "uk", "be"})


def inflected_mode(lang: str, term: str, mode: str) -> str:
    """The mode a lexicon term is matched in: ``mode``, widened to a prefix for a several-word term
    of a language whose nouns take endings."""
    if mode == WORD and lang.split("-")[0] in _SUFFIXING and " " in term and len(term.split()[-1]) >= 3:
        return PREFIX
    return mode


def read_lexicon(names: Iterable[str] = ("terms.tsv", "extra.tsv")) -> list[tuple[str, str, str, str]]:
    """(concept, language, term, mode) for every line of the lexicon's data files."""
    rows = []
    for name in names:
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if line and not line.startswith("#"):
                concept, lang, term, mode = line.split("\t")[:4]
                rows.append((concept, lang, term, inflected_mode(lang, term, mode)))
    return rows


# Latin letters that are not a base letter plus a mark, as people type them on a plain keyboard.
_PLAIN_LETTERS: Final = str.maketrans({"ð": "d", "þ": "th", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ß": "ss",
                                       "œ": "oe", "ı": "i", "ħ": "h", "ŋ": "ng"})


def without_diacritics(term: str) -> str | None:
    """A Latin-script term as typed without its diacritics ("slaptažodis" -> "slaptazodis",
    "lykilorð" -> "lykilord"), when that differs and is long enough not to be some other word."""
    if term.isascii() or not all(not c.isalpha() or c.isascii() or "LATIN" in unicodedata.name(c, "") for c in term):
        return None
    decomposed = unicodedata.normalize("NFD", term.translate(_PLAIN_LETTERS))
    folded = unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))
    # "số thẻ" (card number) is "so the" without its marks: short folds are other words.
    return folded if folded != term and len(folded.replace(" ", "")) >= 6 else None


class Matcher:
    """Finds the concepts of many terms in a text in one pass per automaton."""

    def __init__(self, entries: Iterable[tuple[str, str, str]]) -> None:
        """``entries``: (concept, term, mode); terms are normalised here like any text, and a
        Latin-script term also matches as typed without diacritics."""
        spaced: dict[str, set[tuple[str, str]]] = {}
        squashed: dict[str, set[str]] = {}
        expanded: list[tuple[str, str, str]] = []
        for concept, term, mode in entries:
            expanded.append((concept, term, mode))
            folded = without_diacritics(term)
            if folded is not None:
                expanded.append((concept, folded, mode))
        for concept, term, mode in expanded:
            plain = normalise.__wrapped__(term)[0]  # terms stay out of the texts' cache
            if not plain.words:
                continue
            if mode == INFIX:
                squashed.setdefault(plain.squashed, set()).add(concept)
            else:
                spaced.setdefault(" ".join(plain.words), set()).add((concept, mode))
        spaced_table = {k: (len(k), tuple(sorted(v))) for k, v in spaced.items()}
        squashed_table = {k: (len(k), tuple(sorted(v))) for k, v in squashed.items()}
        self._spaced = _automaton(spaced_table)
        self._squashed = _automaton(squashed_table)
        # The same terms, ASCII ones only, for ASCII texts (most texts): a non-ASCII term cannot occur
        # in them, and pyahocorasick looks a node's next letter up in a list, so a root with the first
        # letters of every script (about 450) makes each letter of a text cost several times more.
        self._spaced_ascii = _automaton({k: v for k, v in spaced_table.items() if k.isascii()})
        self._squashed_ascii = _automaton({k: v for k, v in squashed_table.items() if k.isascii()})
        self.size = len(spaced) + len(squashed)

    def _spaced_for(self, text: str) -> ahocorasick.Automaton | None:
        return self._spaced_ascii if text.isascii() else self._spaced

    def _squashed_for(self, text: str) -> ahocorasick.Automaton | None:
        return self._squashed_ascii if text.isascii() else self._squashed

    def _word_finds(self, spaced: str) -> Iterator[tuple[str, int, int, bool]]:
        """(concept, start, end, whole text) for each term found at a word start of a text's padded
        word form, as its mode allows (a whole word, a word start, the whole text)."""
        last = len(spaced) - 2
        automaton = self._spaced_for(spaced)
        for end, (length, entries) in automaton.iter(spaced) if automaton is not None else ():
            start = end - length + 1
            if spaced[start - 1] != " ":
                continue  # not at a word start
            whole_word = spaced[end + 1] == " "
            whole_text = whole_word and start == 1 and end == last
            for concept, mode in entries:
                if (mode == WORD and not whole_word) or (mode == WHOLE and not whole_text):
                    continue
                yield concept, start, end, whole_text

    def scan(self, spaced: str, squashed: str, where: dict[str, list[int]] | None = None) -> set[str]:
        """Concepts found in a text's padded word form (`` w1 w2 ``) and its separator-free form.
        ``where``: for the concepts among its keys, also where they were found (offsets in ``spaced``;
        a separator-free find is placed in proportion)."""
        hits: set[str] = set()
        for concept, start, _end, whole_text in self._word_finds(spaced):
            hits.add(concept)
            if whole_text:
                hits.add(concept + "!")
            if where is not None and concept in where:
                where[concept].append(start)
        automaton = self._squashed_for(squashed)
        if automaton is not None and squashed:
            for end, (length, concepts) in automaton.iter(squashed):
                hits.update(concepts)
                if where is not None:
                    for concept in concepts:
                        if concept in where:
                            where[concept].append(end * len(spaced) // len(squashed))
                if length == len(squashed) <= 40:
                    # A compound or CJK term that is the whole text ("Passwort", "密码").
                    hits.update(c + "!" for c in concepts)
        return hits

    def spans(self, text: Text) -> list[tuple[str, int, int, str]]:
        """Each concept found in a text with the first and last word it covers (a separator-free
        find covers the words its letters came from) and the term that named it."""
        found: list[tuple[str, int, int, str]] = []
        spaced, squashed = text.spaced, text.squashed
        spaces: list[int] | None = None  # where the spaces stand, for a find's words by bisection
        for concept, start, end, whole_text in self._word_finds(spaced):
            if spaces is None:
                spaces = _spaces(spaced)
            first, last = bisect.bisect_left(spaces, start) - 1, bisect.bisect_left(spaces, end) - 1
            term = spaced[start:end + 1]
            found.append((concept, first, last, term))
            if whole_text:
                found.append((concept + "!", first, last, term))
        automaton = self._squashed_for(squashed)
        if automaton is not None and squashed:
            ends = list(itertools.accumulate(len(w) for w in text.words))
            for end, (length, concepts) in automaton.iter(squashed):
                start = end - length + 1
                first, last = bisect.bisect_right(ends, start), bisect.bisect_right(ends, end)
                term = squashed[start:end + 1]
                found.extend((c, first, last, term) for c in concepts)
                if length == len(squashed):
                    found.extend((c + "!", first, last, term) for c in concepts)
        return found


def _automaton(table: Mapping[str, object]) -> ahocorasick.Automaton | None:
    if not table:
        return None
    automaton = ahocorasick.Automaton()
    for key, value in table.items():
        automaton.add_word(key, value)
    automaton.make_automaton()
    return automaton


_BUILTIN: Matcher | None = None
# Two concepts found near each other in one text that make another: (first, second, made, in order).
_DERIVED: tuple[tuple[str, str, str, bool], ...] = ()
# How near: within this many characters of the word form (five or six words).
NEAR: Final = 40
# The pairs of _DERIVED that make their concept anywhere in one text, however far apart.
_ANYWHERE: frozenset[tuple[str, str]] = frozenset()
# The first concepts of the pairs: a text naming none of them makes nothing.
_FIRSTS: frozenset[str] = frozenset()


def install(entries: Iterable[tuple[str, str, str]],
            derived: Iterable[tuple[str, str, str, bool]] = (),
            anywhere: Iterable[tuple[str, str]] = ()) -> None:
    """Build the built-in matcher (the detectors' terms and the lexicon's, as ``credentials`` lists
    them) and the concepts that two others make near each other ("code" and "sent": a one-time
    code), in that order when the last item says so; the pairs in ``anywhere`` (first, second) make
    theirs anywhere in one text."""
    global _BUILTIN, _DERIVED, _ANYWHERE, _FIRSTS
    _BUILTIN = Matcher(entries)
    _DERIVED = tuple(derived)
    _ANYWHERE = frozenset(anywhere)
    _FIRSTS = frozenset(first for first, _second, _made, _ordered in _DERIVED)
    concepts.cache_clear()
    clear_located()


@lru_cache(maxsize=TEXTS_KEPT)
def concepts(text: str) -> frozenset[str]:
    """The concepts the built-in lexicon finds in a text, in its plain or de-leeted form."""
    assert _BUILTIN is not None, "credentials.py installs the matcher at import"
    plain, leet = normalise(text)
    hits = _BUILTIN.scan(plain.spaced, plain.squashed)
    if leet is not plain:
        hits |= _BUILTIN.scan(leet.spaced, leet.squashed)
    hits.update(made for _first, _second, made in _made(_BUILTIN, plain, hits))
    return frozenset(hits)


# A text's places are kept (the cache is shared by every session) only when they are few, as an honest
# text's are; a text with thousands (an 8 KiB title of "密码" has 8,000 to 16,000: 1 to 2.5 MB of them)
# is found again when asked, the last few such texts kept for the detectors that read them in turn.
LOCATED_KEPT: Final = 64


def located(text: str) -> tuple[tuple[str, int, int, str], ...]:
    """Where the built-in lexicon finds each concept in a text, as (concept, first word, last word,
    term), in its plain or de-leeted form (their words line up); a concept two others make near each
    other covers both, named by the two concepts."""
    found = _located_few(text)
    if found is None:
        found = _MANY.get(text)
        if found is None:
            found = _keep_many(text, _located(text))
    return found


# The last texts with many places, and theirs (a field's title and descriptions, read by each detector in turn).
_MANY: dict[str, tuple[tuple[str, int, int, str], ...]] = {}
_MANY_KEPT: Final = 4


def _keep_many(text: str, found: tuple[tuple[str, int, int, str], ...]) -> tuple[tuple[str, int, int, str], ...]:
    while len(_MANY) >= _MANY_KEPT:
        _MANY.pop(next(iter(_MANY)), None)
    _MANY[text] = found
    return found


@lru_cache(maxsize=TEXTS_KEPT)
def _located_few(text: str) -> tuple[tuple[str, int, int, str], ...] | None:
    found = _located(text)
    if len(found) <= LOCATED_KEPT:
        return found
    _keep_many(text, found)
    return None


def clear_located() -> None:
    """Forget every text's places."""
    _located_few.cache_clear()
    _MANY.clear()


def _located(text: str) -> tuple[tuple[str, int, int, str], ...]:
    assert _BUILTIN is not None, "credentials.py installs the matcher at import"
    plain, leet = normalise(text)
    found = _BUILTIN.spans(plain)
    if leet is not plain:
        found += _BUILTIN.spans(leet)
    # Placed even where another term names the concept too: a pair may name it outright where that
    # term does not ("your postal PIN: the digits you type at the ATM").
    for first, second, made in _made(_BUILTIN, plain, {f[0] for f in found}):
        parts = [f for f in found if f[0] in (first, second)]
        found.append((made, min(p[1] for p in parts), max(p[2] for p in parts), f"{first}+{second}"))
    return tuple(found)


def spans_once(text: str) -> tuple[tuple[str, ...], list[tuple[str, int, int, str]]]:
    """A text's normalised words and where the built-in lexicon finds each concept in them, in its plain
    form or inside one word the de-leeting changed ("p@ssw0rd", "pаssword" with a Cyrillic "а"; their
    words line up; not across words, where a secret's de-leeted letters would end a name: "NextToken":
    "77X1eb..." reads "tokent"), computed without keeping anything (for a client's answers: unbounded,
    and never seen twice)."""
    assert _BUILTIN is not None, "credentials.py installs the matcher at import"
    plain, leet = normalise.__wrapped__(text)
    found = _BUILTIN.spans(plain)
    if leet is not plain:
        found += [f for f in _BUILTIN.spans(leet) if f[1] == f[2] < len(plain.words)
                  and leet.words[f[1]] != plain.words[f[1]]]
    return plain.words, found


def _made(built: Matcher, plain: Text, present: set[str]) -> list[tuple[str, str, str]]:
    """(first, second, made) for each pair of concepts found within ``NEAR`` characters of each other
    in a text (the first before the second when the pair is ordered; anywhere in it for the pairs
    installed so), in the pairs' order: a concept so made may make another with a later pair ("a
    code" "sent" is a code sent; beside "to confirm it is you", a one-time code). ``present``: the
    concepts found in the text."""
    if _FIRSTS.isdisjoint(present):
        return []  # most texts: no pair can start (one set test, not a loop over the pairs)
    found: list[tuple[str, str, str]] = []
    where: dict[str, list[int]] | None = None
    alike: list[tuple[int, int]] | None = None
    spaces: list[int] = []
    present = set(present)
    for first, second, made, ordered in _DERIVED:
        if first not in present or second not in present:
            continue
        if where is None:  # one scan for every pair, and only for a text that has one
            where = {concept: [] for pair in _DERIVED for concept in pair[:2]}
            built.scan(plain.spaced, plain.squashed, where)
        firsts, seconds = where.get(first, []), where.get(second, [])
        if (first, second) in _ANYWHERE:
            if alike is None and any(concept.startswith("~") for concept in present):
                alike, spaces = _alike_spans(built, plain)
            if alike:
                firsts = [a for a in firsts if not _inside(spaces, a, alike)]
                seconds = [b for b in seconds if not _inside(spaces, b, alike)]
            # Every place of both: no pairs to enumerate (a text of thousands of each costs their number).
            made_at = sorted(set(firsts) | set(seconds)) if firsts and seconds else []
        else:
            near = _near(firsts, seconds, ordered)
            if near and alike is None and any(concept.startswith("~") for concept in present):
                alike, spaces = _alike_spans(built, plain)
            if near and alike:
                # A word of a look-alike's term pairs with nothing: the "code" of "ZIP code to find an ATM".
                near = [(a, b) for a, b in near if not _inside(spaces, a, alike) and not _inside(spaces, b, alike)]
            made_at = sorted({at for pair in near for at in pair})
        if made_at:
            found.append((first, second, made))
            present.add(made)
            where.setdefault(made, []).extend(made_at)
    return found


def _alike_spans(built: Matcher, plain: Text) -> tuple[list[tuple[int, int]], list[int]]:
    """Where a text's look-alike terms of several words stand (first and last word), merged where they
    overlap and in order, and where its word form's spaces stand: each place is then looked up by
    bisection (a text of thousands of "ZIP code" has thousands of such terms)."""
    merged: list[tuple[int, int]] = []
    for low, high in sorted((low, high) for concept, low, high, _term in built.spans(plain)
                            if concept.startswith("~") and low < high):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged, _spaces(plain.spaced)


def _spaces(spaced: str) -> list[int]:
    """Where a word form's spaces stand: a place's word is then found by bisection."""
    return [i for i, c in enumerate(spaced) if c == " "]


def _near(firsts: Iterable[int], seconds: Iterable[int], ordered: bool) -> list[tuple[int, int]]:
    """The pairs of a first concept's place and a second's within ``NEAR`` characters (the second at or
    after the first when ``ordered``), each place once: found by bisection, in time linear in the pairs
    found, not in the product of the places (a text of "code sent code sent ..." has thousands of each)."""
    after = sorted(set(seconds))
    pairs: list[tuple[int, int]] = []
    for a in sorted(set(firsts)):
        low = bisect.bisect_left(after, a if ordered else a - NEAR)
        high = bisect.bisect_right(after, a + NEAR)
        pairs.extend((a, b) for b in after[low:high])
    return pairs


def _inside(spaces: list[int], at: int, spans: list[tuple[int, int]]) -> bool:
    """Whether the word at offset ``at`` of a text's word form (whose spaces stand at ``spaces``) stands
    inside a term of several words (``spans``: their first and last words, disjoint and in order, see
    _alike_spans; a text written without spaces is one word: nothing is said inside another there)."""
    word = bisect.bisect_right(spaces, at) - 1
    last = bisect.bisect_right(spans, (word, math.inf)) - 1
    return last >= 0 and spans[last][0] <= word <= spans[last][1]
