"""A second signal beside the word lists: a small learned model that scores each form field.

A linear model (logistic regression) over word-boundary character n-grams of a field's normalised
text (its name split into words, title, description and a prose default), the form's prompt in a
namespace of its own, and tokens for the field's shape (type, lengths, a pattern's digit count,
format, writeOnly). It is trained offline by ``tools/classifier/train.py`` and shipped as data
(``model/credential.tsv``, with its provenance in the header); nothing is learned at run time.

Pure: the model file is read once, the first time a form is scored. The work per field is bounded
(the text scored is capped) and per text cached, so a form seen before costs dictionary look-ups.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from dataclasses import field as _field
from pathlib import Path
from typing import Any, Final

from elicitguard.policies.breath import breathe
from elicitguard.policies.credentials import DETECTORS
from elicitguard.policies.matcher import concepts
from elicitguard.policies.negation import asking
from elicitguard.policies.normalise import TEXTS_KEPT, normalise

RULE: Final = "credential.model"
# Not Final: tests point it at a file of their own, which a compiled module reads only if it stays a
# module attribute.
MODEL = Path(__file__).resolve().parent / "model" / "credential.tsv"
# Text scored per part of a field (name, title, description, default) and of the prompt: an honest
# label is far shorter; a hostile one is cut, so its cost stays bounded.
FIELD_TEXT: Final = 256
PROMPT_TEXT: Final = 512
# A word longer than this (a run of CJK, a pasted blob) is scored by its first characters only.
WORD: Final = 32
# A word up to this long keeps its n-grams (see word_grams); a longer one is rare and cut anew each time.
KEPT_WORD: Final = 16
# Prompt and field scores kept (each cache shared by every session): four times the fields of the
# largest form (256), half the texts kept (normalise.TEXTS_KEPT).
SCORES_KEPT: Final = TEXTS_KEPT // 2

_DIGIT_RUN: Final = re.compile(r"(\d+)")
_PATTERN_DIGITS: Final = re.compile(r"^\^?(?:\\d|\[0-9\])\{(\d+)(?:,(\d*))?\}\$?$")
_PATTERN_PREFIX: Final = re.compile(r"^\^?[A-Za-z_-]{2,}")
_FORMATS: Final = frozenset({"email", "uri", "date", "date-time", "password", "uuid", "hostname", "ipv4", "ipv6"})


def _bucket(value: Any) -> str:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
        return "none"
    n = int(value)
    if n <= 8:
        return str(n)
    for edge in (12, 16, 20, 32, 64, 128):
        if n <= edge:
            return f"le{edge}"
    return "big"


def _pattern_tokens(pattern: Any) -> list[str]:
    if not isinstance(pattern, str):
        return []
    digits = _PATTERN_DIGITS.match(pattern)
    if digits:
        low, high = digits.group(1), digits.group(2)
        return [f"pat:digits{_bucket(int(low))}" + ("" if high is None else f"-{_bucket(int(high)) if high else 'open'}")]
    tokens = ["pat:other"]
    if _PATTERN_PREFIX.match(pattern):
        tokens.append("pat:prefix")
    if "a-z" in pattern or "A-Z" in pattern:
        tokens.append("pat:letters")
    return tokens


def _default_tokens(default: Any) -> list[str]:
    if not isinstance(default, str) or not default:
        return []
    if len(default.split()) > 1:
        return ["dflt:prose"]
    if default.isdigit():
        return [f"dflt:digits{_bucket(len(default))}"]
    mixed = any(c.isdigit() for c in default) and any(c.isalpha() for c in default)
    return [f"dflt:{'mixed' if mixed else 'word'}{_bucket(len(default))}"]


def shape_tokens(kind: str, prop: Mapping[str, Any]) -> tuple[str, ...]:
    """The field's shape as tokens: its type, lengths, pattern, format, writeOnly, default, range."""
    tokens = [f"type:{prop.get('type')}" if prop.get("type") in ("string", "number", "integer") else "type:other",
              f"kind:{kind}"]
    if "minLength" in prop:
        tokens.append(f"minlen:{_bucket(prop['minLength'])}")
    if "maxLength" in prop:
        tokens.append(f"maxlen:{_bucket(prop['maxLength'])}")
    if prop.get("minLength") is not None and prop.get("minLength") == prop.get("maxLength"):
        tokens.append("len:fixed")
    if "maximum" in prop:
        high = prop["maximum"]
        digits = len(str(int(high))) if isinstance(high, (int, float)) and not isinstance(high, bool) and high >= 0 else 0
        tokens.append(f"maxdigits:{_bucket(digits)}")
    fmt = prop.get("format")
    if isinstance(fmt, str):
        tokens.append(f"fmt:{fmt if fmt in _FORMATS else 'other'}")
    if prop.get("writeOnly") is True:
        tokens.append("writeonly")
    tokens += _pattern_tokens(prop.get("pattern"))
    tokens += _default_tokens(prop.get("default"))
    return tuple(tokens)


def field_concepts(name: str, prop: Mapping[str, Any]) -> tuple[str, ...]:
    """The lexicon's concepts in the field's name, title, and what asks in its description and prose
    default (negation.asking: "we never ask for your password" names none the rules read), as tokens
    ("c:password", "c:~meta"): the word lists' knowledge of 84 languages, look-alikes included."""
    found: set[str] = set(concepts(name[:FIELD_TEXT]))
    for key in ("title", "description", "default"):
        value = prop.get(key)
        if isinstance(value, str) and value and (key != "default" or len(value.split()) > 1):
            for text in (value[:FIELD_TEXT],) if key == "title" else asking(value[:FIELD_TEXT]):
                found |= concepts(text)
    return tuple(sorted("c:" + c for c in found))


# What the word lists name: a field whose own text holds one was judged by the rules with their
# look-alike tables ("boarding pass", "API key id"); the model does not overrule them. A word that
# names no credential alone (an "answer", an expiry date: they count only beside a recovery or a
# card) and a look-alike word alone ("gift", "barcode", "Coupon code" as a title; a card's look-alike
# title does, see eligible) take no field from the model: a server could otherwise switch it off with
# one word.
_NAMED: Final = frozenset({"c:" + d.concept for d in DETECTORS if d.team_concept and not d.needs})


def prose_words(prop: Mapping[str, Any]) -> int:
    """How many words the field's title, description and prose default hold (up to what is scored)."""
    count = 0
    for key in ("title", "description", "default"):
        value = prop.get(key)
        if isinstance(value, str) and value and (key != "default" or len(value.split()) > 1):
            count += len(_words(value, FIELD_TEXT))
    return count


def eligible(name: str, prop: Mapping[str, Any], min_words: int = 0) -> bool:
    """Whether the model scores the field: it is described in at least ``min_words`` words of prose
    (a bare name or a one-word title is the word lists' to judge: "passport_number" is not
    "password"), and its own texts name no credential (those the rules judged with their look-alike
    tables; a credential a negation takes back was not judged there, and the model reads it). The
    model is for what is described only by its use."""
    if min_words and prose_words(prop) < min_words:
        return False
    if any(t in _NAMED for t in field_concepts(name, prop)):
        return False
    # A look-alike title ("Coupon code", "Postal code", "Number") takes no field from it: the model has
    # learnt the look-alikes too, and a title over a description that asks for a code by its use is
    # what a server would write to switch it off. A card's look-alike ("Pan size", "Library card") is
    # the exception: there a card number's n-grams outweigh the look-alike's ("Pan size" scores 0.99).
    title = prop.get("title")
    return not any(c.startswith("~card_number") for text in (name, title) if isinstance(text, str)
                   for c in concepts(text[:FIELD_TEXT]))


def prompt_concepts(texts: list[str]) -> tuple[str, ...]:
    """The lexicon's concepts in the prompt, as tokens ("mc:signin")."""
    found: set[str] = set()
    for text in texts:
        found |= concepts(text[:PROMPT_TEXT])
    return tuple(sorted("mc:" + c for c in found))


def _words(text: str, limit: int) -> tuple[str, ...]:
    return normalise(text[:limit])[1].words


def _spaced(match: re.Match[str]) -> str:
    # A function, not the template r" \1 ": Python 3.11 parses a template again on every call.
    return f" {match[0]} "


def field_words(name: str, prop: Mapping[str, Any]) -> tuple[str, ...]:
    """The field's text as normalised words: its name (digits split off), title, description and a
    prose default."""
    words = list(_words(_DIGIT_RUN.sub(_spaced, name), FIELD_TEXT))
    for key in ("title", "description", "default"):
        value = prop.get(key)
        if isinstance(value, str) and value and (key != "default" or len(value.split()) > 1):
            words += _words(value, FIELD_TEXT)
    return tuple(words)


def form_words(prompt: list[str], fields: Iterable[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
    """The whole form's text as normalised words, for the form model: the prompt and every field's."""
    words = list(prompt_words(prompt))
    for name, prop in fields:
        words += field_words(name, prop)
    return tuple(words)


def prompt_words(texts: list[str]) -> tuple[str, ...]:
    """The prompt's text (the message, the schema's title and description) as normalised words."""
    words: list[str] = []
    for text in texts:
        words += _words(text, PROMPT_TEXT)
    return tuple(words)


def grams(words: tuple[str, ...], low: int, high: int, whole: bool = False) -> Iterator[str]:
    """Each word padded by a space on both sides, cut into character n-grams of ``low``..``high``
    (and, with ``whole``, the padded word itself when longer than that). A one-character word is
    skipped: it says nothing of what is asked, and a corpus's habit ("x" for a field's name) would
    become a signal."""
    for word in words:
        if len(word) > 1:
            yield from word_grams.__wrapped__(word[:WORD], low, high, whole)


@functools.lru_cache(maxsize=TEXTS_KEPT)
def word_grams(word: str, low: int, high: int, whole: bool) -> tuple[str, ...]:
    """One word's n-grams (see ``grams``), kept: a text never seen before is mostly words seen
    before, and cutting a word into n-grams is most of a score's work. Only words of up to
    KEPT_WORD characters are kept, so the cache, shared by every session, holds at most 6 MB
    (2,048 words of 45 n-grams; 9 MB in CJK); an honest text's words are far shorter."""
    padded = f" {word} "
    length = len(padded)
    cut = [padded[start:start + size] for size in range(low, high + 1) for start in range(length - size + 1)]
    return (*cut, padded) if whole and length > high else tuple(cut)


@dataclass(frozen=True, slots=True)
class Model:
    """The weights of a trained model: per namespace (f: field text, m: prompt, s: shape)."""

    low: int
    high: int
    whole: bool
    min_words: int
    bias: float
    threshold: float
    field: dict[str, float]
    prompt: dict[str, float]
    shape: dict[str, float]
    header: tuple[str, ...] = ()
    # A second opinion on the whole form (its prompt and every field's text, n-grams as above): a form
    # whose best field and whole text the two models agree on, on average at or above ``agree``, is a
    # credential form even where the field alone stays under ``threshold``. None: no second model.
    form: dict[str, float] = _field(default_factory=dict)
    form_bias: float = 0.0
    agree: float | None = None
    # Whether the shape table weighs the lexicon's concepts ("c:password", "mc:signin"): a model
    # trained without them (train.py CONCEPTS) needs no scan for tokens that would weigh nothing.
    reads_concepts: bool = _field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "reads_concepts", any(k.startswith(("c:", "mc:")) for k in self.shape))

    def text_logit(self, table: dict[str, float], words: tuple[str, ...]) -> float:
        """A namespace's share of the logit: the weights of its distinct n-grams summed, over the
        square root of their number (the features are scaled so, in training as here). Distinct: a
        word repeated ("x x x ...") weighs as much as once."""
        # Each distinct word once (a word repeated, or one character NFKC spells as four words,
        # adds no n-gram): the work is bounded by the distinct text, not by its repetitions. The
        # weights are summed exactly (math.fsum), so the score never depends on the set's order,
        # which the hash seed sets: the same form, the same score in every process.
        distinct: set[str] = set()
        for word in dict.fromkeys(w[:WORD] for w in words):
            if len(word) > 1:  # as grams() skips it
                distinct.update(word_grams(word, self.low, self.high, self.whole) if len(word) <= KEPT_WORD
                                else word_grams.__wrapped__(word, self.low, self.high, self.whole))
        return distinct_logit(table, distinct)

    def field_logit(self, name: str, kind: str, prop: Mapping[str, Any]) -> float:
        """The field's own share of the logit (the bias included), without the prompt's."""
        get = self.shape.get
        tokens = shape_tokens(kind, prop) + (field_concepts(name, prop) if self.reads_concepts else ())
        shape = sum(get(t, 0.0) for t in tokens)
        return self.bias + self.text_logit(self.field, field_words(name, prop)) + shape

    def form_probability(self, words: tuple[str, ...]) -> float:
        """The form model's probability that a form of these words (see ``form_words``) asks for a credential."""
        return probability(self.form_bias + self.text_logit(self.form, words))

    def prompt_logit(self, texts: list[str]) -> float:
        """The prompt's share of every field's logit."""
        get = self.shape.get
        named = prompt_concepts(texts) if self.reads_concepts else ()
        return self.text_logit(self.prompt, prompt_words(texts)) + sum(get(t, 0.0) for t in named)


def distinct_logit(table: dict[str, float], distinct: set[str] | frozenset[str]) -> float:
    """The weights of a set of distinct n-grams summed exactly, over the square root of their number."""
    if not distinct:
        return 0.0
    return math.fsum(map(table.get, distinct, itertools.repeat(0.0, len(distinct)))) / math.sqrt(len(distinct))


def parse(text: str) -> Model:
    """A model from its file's text: ``# `` header lines, then tab-separated records, closed by an
    ``end`` record with the number of weights. Anything else (a truncated or damaged file, a weight
    that is not a finite number, a threshold outside 0..1) is a ValueError: never a weaker model."""
    low = high = 0
    whole = False
    min_words = 0
    bias, threshold = 0.0, math.nan
    # Values as objects (Any): compiled, a float variable is a C double, and each store would make a
    # new object of it where the shared one is meant.
    tables: dict[str, dict[str, Any]] = {"f": {}, "m": {}, "s": {}, "F": {}}
    form_bias = 0.0
    agree: float | None = None
    header = []
    weights = 0
    shared_keys: dict[str, str] = {}
    shared_values: dict[float, Any] = {}
    end: int | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line:
            continue
        if line.startswith("#"):
            header.append(line[1:].strip())
            continue
        if end is not None:
            raise ValueError(f"line {number}: a record after the end record")
        parts = line.split("\t")
        if len(parts) != 3:
            raise ValueError(f"line {number}: not a record of three tab-separated parts")
        kind, key, value = parts
        if kind == "ngram":
            low, high = int(key), int(value)
        elif kind == "prose_words":
            min_words = int(value)
        elif kind == "whole":
            whole = value == "1"
        elif kind == "end":
            end = int(value)
        elif kind in ("bias", "threshold", "form_bias", "agree") or kind in tables:
            number_value = float(value)
            if not math.isfinite(number_value):
                raise ValueError(f"line {number}: {value!r} is not a finite number")
            if kind == "bias":
                bias = number_value
            elif kind == "threshold":
                threshold = number_value
            elif kind == "form_bias":
                form_bias = number_value
            elif kind == "agree":
                if not 0 < number_value < 1:
                    raise ValueError(f"line {number}: the agreement threshold {value!r} is not between 0 and 1")
                agree = number_value
            else:
                # One object per distinct n-gram and per distinct weight, whatever the tables: the
                # three text tables share most of their n-grams, and weights of four significant
                # digits repeat (a sixth less memory).
                tables[kind][shared_keys.setdefault(key, key)] = shared_values.setdefault(number_value, number_value)
                weights += 1
        else:
            raise ValueError(f"line {number}: unknown record {kind!r}")
    if not (1 <= low <= high):
        raise ValueError("the model file names no n-gram sizes")
    if not 0 < threshold < 1:
        raise ValueError("the model file names no threshold between 0 and 1")
    if end is None or end != weights:
        raise ValueError(f"the model file is incomplete: {weights} weights, its end record "
                         f"{'is missing' if end is None else f'says {end}'}")
    if agree is not None and not tables["F"]:
        raise ValueError("the model file names an agreement threshold but no form model")
    return Model(low, high, whole, min_words, bias, threshold, tables["f"], tables["m"], tables["s"], tuple(header),
                 tables["F"], form_bias, agree)


@functools.cache
def model() -> Model:
    """The shipped model, read once."""
    return parse(MODEL.read_text(encoding="utf-8"))


def logit(probability: float) -> float:
    """The log-odds of a probability strictly between 0 and 1."""
    return math.log(probability / (1.0 - probability))


def probability(logit: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, logit))))


def prompt_logit(texts: tuple[str, ...]) -> float:
    """The prompt's share of every field's logit (one per form); cached by what is scored of each text
    (its first PROMPT_TEXT characters), so the cache, shared by every session, never keeps more."""
    return _prompt_logit(tuple(t[:PROMPT_TEXT] for t in texts))


@functools.lru_cache(maxsize=SCORES_KEPT)
def _prompt_logit(texts: tuple[str, ...]) -> float:
    return model().prompt_logit(list(texts))


_KEYS: Final = ("type", "title", "description", "default", "pattern", "format", "minLength", "maxLength", "maximum",
                "writeOnly")


def _field_key(name: str, kind: str, prop: Mapping[str, Any]) -> tuple[Any, ...]:
    # Only what a score reads. check_property has made type, title, description, pattern, format,
    # default and maximum strings or numbers; the lengths it leaves free are kept only as numbers
    # (and never as booleans, which equal 1 and 0), writeOnly only as whether it is true.
    get = prop.get
    low, high = get("minLength"), get("maxLength")
    return (name, kind, get("type"), get("title"), get("description"), get("default"), get("pattern"), get("format"),
            low if type(low) in (int, float) else None, high if type(high) in (int, float) else None,
            get("maximum"), get("writeOnly") is True or None)


@functools.lru_cache(maxsize=SCORES_KEPT)
def _field_logit(key: tuple[Any, ...], min_words: int) -> float | None:
    name, kind, *values = key
    prop = {k: v for k, v in zip(_KEYS, values) if v is not None}
    if not eligible(name, prop, min_words):
        return None
    return model().field_logit(name, kind, prop)


def windows(text: str) -> list[str]:
    """A prose text longer than ``FIELD_TEXT`` as overlapping windows of ``FIELD_TEXT`` characters,
    half a window apart, the last one ending with the text; each starts after a space where one is
    near (a window is scored as a description of that length is: no fragment scores on its own)."""
    if len(text) <= FIELD_TEXT:
        return [text]
    out: list[str] = []
    start = 0
    while True:
        last = start + FIELD_TEXT >= len(text)
        if last:
            start = len(text) - FIELD_TEXT
        space = text.find(" ", start, start + WORD) if start else -1
        begin = space + 1 if space >= 0 else start
        out.append(text[begin:start + FIELD_TEXT])
        if last:
            return out
        start += FIELD_TEXT // 2


def field_logit(name: str, kind: str, prop: Mapping[str, Any], min_words: int) -> float | None:
    """The field's own share of the logit, or None when the model does not score it (see eligible);
    cached per field text. A description or prose default longer than is scored at once is scored
    window by window (see ``windows``), the field by its highest window: filler before the ask cannot
    push it out of what the model reads."""
    breathe()  # once a field: compiled, a form of many long fields would keep the GIL throughout
    if min_words and not (prop.get("title") or prop.get("description") or prop.get("default")):
        return None  # no prose at all (a bare name): the rules' to judge, and no key to build
    long = [k for k in ("description", "default") if isinstance(prop.get(k), str) and len(prop[k]) > FIELD_TEXT]
    if long:
        # Not kept (the cache is shared by every session, and an honest label is far shorter); the
        # work grows with the text as the rules' does (the text judged per frame is capped).
        if min_words and prose_words(prop) < min_words:
            return None  # counted once for the field: each window is then only checked for what it names
        best: float | None = None
        for key in long:
            for window in windows(prop[key]):
                logit = _field_logit.__wrapped__(_field_key(name, kind, {**prop, key: window}), 0)
                if logit is not None and (best is None or logit > best):
                    best = logit
        return best
    if any(isinstance(prop.get(k), str) and len(prop[k]) > FIELD_TEXT for k in ("title", "pattern")):
        # Longer than is scored: not kept either; its score costs no more than the capped text.
        return _field_logit.__wrapped__(_field_key(name, kind, prop), min_words)
    return _field_logit(_field_key(name, kind, prop), min_words)


def field_score(name: str, kind: str, prop: Mapping[str, Any], prompt: tuple[str, ...]) -> float:
    """The probability the model gives that the field asks for a credential (eligible or not)."""
    return probability(model().field_logit(name, kind, prop) + prompt_logit(prompt))


def clear_caches() -> None:
    """Forget every score computed (for measuring; judging never needs it)."""
    _prompt_logit.cache_clear()
    _field_logit.cache_clear()
    word_grams.cache_clear()


_SCORED: Final = " scored "


def reason_detail(name: str, score: float, threshold: float) -> str:
    """The reason's sentence: fixed words, the field's name as every rule gives it, and the numbers."""
    return f"field '{name}'{_SCORED}{score:.3f} by the credential model (threshold {threshold:.3f})"


def detail_for_server(detail: str) -> str:
    """``reason_detail`` as the blocked server is told it: which field, not the score nor the
    threshold (they would tell it how far to climb down)."""
    if _SCORED not in detail:
        return detail
    return detail.rsplit(_SCORED, 1)[0] + " looks like a credential to the credential model"
