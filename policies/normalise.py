"""Text normalisation shared by every matcher: what a client shows is what gets judged.

NFKC, invisible characters removed, camelCase / snake_case / kebab-case split into words,
case-folded; and a second, matching-only copy with look-alike letters folded to ASCII (Unicode's
confusables data, ``lexicon/confusables.tsv``) and leet digits read as letters (``p4ssw0rd``).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Final, NamedTuple

# camelCase boundaries; a single leading lower-case letter stays attached ("iPhone", "cURL", "eBay"),
# and a digit inside an all-caps word is leet, not a boundary ("OAuth2Token" splits, "B4DGE" does not).
_CAMEL: Final = re.compile(r"(?<=[a-z]{2})(?=[A-Z])|(?<=[a-z0-9][0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def _mark_ranges() -> str:
    """Every combining mark in the BMP as a regex class body: Devanagari, Thai and other scripts
    write vowels as marks, and a word must not be split at them."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, 0x10000):
        if unicodedata.category(chr(code)).startswith("M"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)


_WORD_SPLIT: Final = re.compile(r"[^\w$@" + _mark_ranges() + r"]+|_+")
# Texts whose forms are kept, here and by the matchers that read them (each cache is shared by every
# session): enough for the texts of a form of the most fields a form may have, few enough to stay near
# the processor. Four times as many made a form of texts never seen an eighth slower: each new text
# evicts an old one from a table too large for the processor's caches.
TEXTS_KEPT: Final = 2048
_LEET: Final = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "$": "s", "@": "a", "!": "i"})
_HAS_LETTER: Final = re.compile(r"[^\W\d_]")
_LEET_CHARS: Final = re.compile(r"[013457$@!]")
_GREEK_ACCENTS: Final = str.maketrans("άέήίόύώϊϋΐΰ", "αεηιουωιυιυ")
_GREEK_ACCENTED: Final = re.compile("[άέήίόύώϊϋΐΰ]")
# A cheap test for a camelCase boundary (the regex above looks behind at every position): a capital
# after a small letter or a digit, or before a capital and a small letter ("aB", "1B", "ABc"). Written
# to start with a character class, which the regex engine scans for before it tries anything else.
_CAMEL_CANDIDATE: Final = re.compile(r"[A-Z](?:(?<=[a-z0-9].)|(?=[A-Z][a-z]))")
# What an ASCII word holds besides letters (see ascii_words).
_ASCII_NOT_LETTERS: Final = "0123456789$@"
# ASCII separators (everything but letters, digits, "$" and "@"; "_" too) as spaces, for str.split.
# A bytes table: bytes.translate is several times faster than str.translate with a dict.
_ASCII_SEPARATORS: Final = bytes(c if chr(c).isalnum() or chr(c) in "$@" else 32 for c in range(128)) + bytes(range(128, 256))


def _confusables() -> dict[str, str]:
    table = {}
    path = Path(__file__).resolve().parent / "lexicon" / "confusables.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            letter, ascii_letter = line.split("\t")[:2]
            table[letter] = ascii_letter
    return table


# Letters that look like ASCII ones, for words that mix scripts ("pаssword" with a Cyrillic "а"):
# the folded copy is only matched against, a Russian or Greek word itself stays as it is.
_HOMOGLYPH_PAIRS: Final = _confusables()
_HOMOGLYPHS: Final = str.maketrans(_HOMOGLYPH_PAIRS)
_CONFUSABLE_SET: Final = frozenset(_HOMOGLYPH_PAIRS)
# Invisible characters NFKC keeps: format controls (Cf: zero-width joiners, bidi controls, soft
# hyphen) and the fillers that render as nothing. They are removed before words are split.
_INVISIBLE: Final = re.compile("[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e"
                               "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")


class Text(NamedTuple):
    """A piece of schema text in its matchable forms."""

    words: tuple[str, ...]
    squashed: str
    spaced: str  # the words between single spaces, padded, for whole-phrase matching
    word_set: frozenset[str]


def _text(words: tuple[str, ...]) -> Text:
    return Text(words, "".join(words), f" {' '.join(words)} ", frozenset(words))


def _deleet(word: str) -> str:
    # The matching copy folds look-alike letters whatever the word's script ("АРІ КЕУ" in Cyrillic
    # reads "API KEY"); the plain copy keeps the real word for the multilingual terms.
    if word.isdigit():
        return word
    if not _CONFUSABLE_SET.isdisjoint(word):
        word = word.translate(_HOMOGLYPHS)
    # Only words that mix letters with digits/symbols are leet; "2fa" or "443" stay as they are.
    if _LEET_CHARS.search(word) and _HAS_LETTER.search(word):
        return word.translate(_LEET)
    return word


def _forms(words: tuple[str, ...], maybe_leet: bool) -> tuple[Text, Text]:
    plain = _text(words)
    if not maybe_leet:
        return plain, plain
    leet_words = tuple(_deleet(w) for w in words)
    if leet_words == words:
        return plain, plain
    return plain, _text(leet_words)


def ascii_words(folded: str) -> list[str]:
    """The words of an ASCII text already case-folded (and with no camelCase left to split), as
    ``normalise`` splits them: at every character but a letter, a digit, "$" and "@"."""
    return folded.encode("ascii").translate(_ASCII_SEPARATORS).decode("ascii").split()


def _camel_split(text: str) -> str:
    # A boundary needs a capital after the first character: a text with none skips the regexes.
    if not text[1:].islower() and _CAMEL_CANDIDATE.search(text):
        return _CAMEL.sub(" ", text)
    return text


def _ascii_leet(word: str) -> bool:
    # An ASCII word holds letters, digits, "$" and "@" only: it mixes them when it is not all letters
    # and still holds a letter once the others are stripped from its ends.
    return not word.isalpha() and word.strip(_ASCII_NOT_LETTERS) != ""


@functools.lru_cache(maxsize=TEXTS_KEPT)
def normalise(text: str) -> tuple[Text, Text]:
    """The plain and the de-leeted forms of a text."""
    if text.isascii():
        # The common case, in one pass per step: NFKC, the invisible characters, Greek accents and
        # the look-alike letters are all outside ASCII, and case-folding ASCII is lower-casing.
        folded = _camel_split(text).lower()
        words = tuple(ascii_words(folded))
        plain = _text(words)
        # A leet word mixes letters with digits or symbols: a text of letters only, or of digits
        # only, has none (string tests, where a regex would cost a search per word).
        squashed = plain.squashed
        if squashed.isalpha() or squashed.isdigit() or not squashed:
            return plain, plain
        leet_words = tuple(w.translate(_LEET) if _ascii_leet(w) else w for w in words)
        return (plain, plain) if leet_words == words else (plain, _text(leet_words))
    text = _camel_split(_INVISIBLE.sub("", unicodedata.normalize("NFKC", text)))
    # Greek drops its accents in capitals ("ΚΩΔΙΚΟΣ") and doubles them before enclitics
    # ("πρόσβασής σας"): its words are compared without them.
    folded = text.casefold()
    if _GREEK_ACCENTED.search(folded):
        folded = folded.translate(_GREEK_ACCENTS)
    words = tuple(w for w in _WORD_SPLIT.split(folded) if w)
    return _forms(words, _LEET_CHARS.search(folded) is not None or not _CONFUSABLE_SET.isdisjoint(folded))
