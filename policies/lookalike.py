"""Look-alikes and their reach: which of a text's terms for a credential a look-alike stands beside
("postal PIN", "gift card number", "Password hint"), within a few words, its sentence and, for a
word of metadata, its clause, with no negation or conjunction between them; and whether a field is
a look-alike of a concept as a whole (forms.py asks, field by field)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from elicitguard.policies import negation, postal
from elicitguard.policies.credentials import METADATA_HEADS, Detector, Pin, normalise
from elicitguard.policies.matcher import concepts, located
from elicitguard.policies.normalise import Text

# How far a look-alike's words reach: "postal PIN", "PIN for your postal area", "gift card number".
NEAR_WORDS: Final = 3

# The lexicon's look-alike concepts of a credential's metadata ("Password hint", "Key name").
META_CONCEPTS: Final = frozenset({"~meta", "~meta!"})

# A conjunction between them makes two things of a metadata word and a credential ("the name and
# password", "Nombre de usuario y contraseña", "Label or API key", "Account name + password"): the
# metadata word then qualifies nothing. No one-letter word that is also an article or a pronoun
# ("a", "i"). A symbol that joins ("Name & password", "Name/Password") reads as "and" (see spell_out).
CONJUNCTIONS: Final = frozenset({"and", "or", "plus", "then", "und", "oder", "et", "ou", "puis", "y", "o", "e",
                                 "ed", "oppure", "en", "och", "og", "eller", "ve", "veya", "lub", "oraz", "и",
                                 "или", "та", "і", "або", "а"})

# Words that negate the word after them beside each language's negation markers (negation.negates_next):
# "non public", "no hint", and "without" in the languages the markers leave it out of.
_NEGATORS: Final = frozenset({"non", "not", "no", "without", "never", "sans", "ohne", "sin", "senza", "sem", "zonder",
                              "uten", "utan", "uden", "ilman", "bez", "без"})
ARTICLES: Final = frozenset({"the", "a", "an", "le", "la", "les", "der", "die", "das", "el", "il", "o"})


def places(detector: type[Detector], text: str) -> tuple[list[str], list[str]]:
    """The terms naming the detector's concept in a text: those no look-alike stands beside, and
    those one does (within ``NEAR_WORDS`` words: an excusing word such as "boarding" pass or
    "postal" PIN, or a look-alike term of the lexicon such as "gift card")."""
    keys, alike = detector.keys(), detector.alikes()
    found = located(text)
    plain, leet = normalise(text)
    looks = look_alikes(found, alike, plain.words)
    # A metadata word qualifies only what shares its clause: "Password hint", not "Password (hint: at
    # least 8 characters)" nor "Password. Hint: your pet's name".
    meta = set(look_alikes(found, alike & META_CONCEPTS, plain.words)) if alike & META_CONCEPTS else set()
    clauses = clauses_of(text, len(plain.words))
    # A look-alike excuses nothing past the end of its sentence: "Forgot your password? Type the old
    # password" asks for it.
    sentences = _sentences_of(text, len(plain.words))
    if sentences is not None:
        # Nor is a look-alike read across a sentence's end one ("Just forgot? Password", "Sent by postal?
        # PIN": no "forgot password", no "postal PIN").
        looks = [(a, b) for a, b in looks if _one_sentence(sentences, a, b)]
        meta = {(a, b) for a, b in meta if _one_sentence(sentences, a, b)}
    bare: list[str] = []
    excused: list[str] = []
    for concept, first, last, term in found:
        if concept not in keys:
            continue
        low, high = max(0, first - NEAR_WORDS), last + NEAR_WORDS
        if sentences is not None:
            low, high = _within_sentence(sentences, low, high, first)
        if detector.is_outright(term):
            # A term naming the concept outright ("credit card") is no look-alike's whatever stands
            # beside it ("Tesco Clubcard Credit Card number"), unless a negation takes it back ("Gift
            # card (not a credit card)").
            (excused if negated(plain.words, first) else bare).append(term)
            continue
        # A conjunction between them makes two things of a look-alike and the term ("KRA PIN and ATM PIN",
        # "Card number or CLABE", "postal address and PIN"): the look-alike then excuses nothing.
        near = (any(a <= high and b >= low and ((a, b) not in meta or _same_clause(clauses, a, first))
                    and not conjunction_between(plain.words, (a, b), (first, last)) for a, b in looks)
                or _excusing_word_beside(detector.unless_beside(term), (plain.words, leet.words), low, high,
                                         (first, last), clauses))
        (excused if near else bare).append(term)
    return bare, excused


# What ends a clause in a title or a description ("Password (hint: 8+ characters)"); not a comma,
# which lists ("Key name, label").
CLAUSE_BREAK: Final = re.compile(r"[.:;!?()\[\]{}。：；！？（）]")


# What ends a sentence beyond doubt: a question or an exclamation mark (a full stop also ends
# abbreviations, "e.g. PIN"), in any of the forms NFKC reads as one ("﹖", "‼", "⁉", "｡": the words are
# judged so), the interrobang and the reversed question mark ("‽", "⸮"), Greek's question mark (U+037E,
# and the semicolon a Greek word ends with: Greek writes its semicolon "·"), Spanish's opening marks
# ("¿", "¡": a sentence starts there), and the full stops of scripts that write no abbreviation with
# them: Devanagari's danda ("।", "॥"), Armenian's "։", Urdu's "۔", Ethiopic's "።" and "፧", Myanmar's
# "။" and Khmer's "។". Not Armenian's "՞" and "՜", written over a word's vowel inside the sentence.
_SENTENCE_END: Final = re.compile("[?!。？！؟¿¡\u037e\u0589\u06d4\u0964\u0965\u1362\u1367\u104b\u17d4"
                                  "\u203c\u203d\u2047-\u2049\u2e2e\ufe12\ufe15\ufe16\ufe56\ufe57\uff61]"
                                  "|(?<=[\u0370-\u03ff\u1f00-\u1fff]);")


def _sentences_of(text: str, count: int) -> list[int] | None:
    """The sentence of each of a text's ``count`` normalised words; None for a text of one sentence, or
    where the sentences' words do not line up with the text's (a look-alike then reaches as before)."""
    if not _SENTENCE_END.search(text):
        return None
    ids = _piece_of_each_word(_SENTENCE_END.split(text))
    return ids if len(ids) == count else None


def _one_sentence(sentences: list[int], a: int, b: int) -> bool:
    """Whether words ``a`` to ``b`` stand in one sentence."""
    return a >= len(sentences) or b >= len(sentences) or sentences[a] == sentences[b]


def _within_sentence(sentences: list[int], low: int, high: int, word: int) -> tuple[int, int]:
    """The words ``low`` to ``high`` narrowed to the sentence of word ``word`` (the sentences' numbers
    rise word by word, so a sentence's words are those between its number's first and last place)."""
    if word >= len(sentences):
        return low, high
    own = sentences[word]
    return max(low, bisect.bisect_left(sentences, own)), min(high, bisect.bisect_right(sentences, own) - 1)


def clauses_of(text: str, count: int) -> list[int] | None:
    """The clause of each of a text's ``count`` normalised words; None for a text of one clause.
    Where the clauses' words do not line up with the text's, every word is a clause of its own
    (nothing is then qualified across a break that may be there)."""
    pieces = CLAUSE_BREAK.split(text)
    if len(pieces) == 1:
        return None
    ids = _piece_of_each_word(pieces)
    return ids if len(ids) == count else list(range(count))


def _piece_of_each_word(pieces: list[str]) -> list[int]:
    """For each normalised word of the pieces of a text, in order, the number of its piece."""
    return [k for k, piece in enumerate(pieces) for _word in normalise(piece)[0].words]


def _same_clause(clauses: list[int] | None, a: int, b: int) -> bool:
    return clauses is None or (a < len(clauses) and b < len(clauses) and clauses[a] == clauses[b])


def _excusing_word_beside(excusing: frozenset[str], spellings: tuple[tuple[str, ...], ...], low: int, high: int,
                          term: tuple[int, int], clauses: list[int] | None) -> bool:
    """Whether an excusing word stands from word ``low`` to ``high`` in either spelling, no negation
    just before it (see negated) and no conjunction between it and the term (first and last word
    ``term``: "postal address and PIN"), and, for a word of metadata ("hint", "length", "policy"), in
    the clause of the term."""
    for words in spellings:
        for i in range(low, min(high, len(words) - 1) + 1):
            word = words[i]
            if word in excusing and not negated(words, i) and not conjunction_between(words, (i, i), term) and (
                    word not in METADATA_HEADS or _same_clause(clauses, i, term[0])):
                return True
    return False


def conjunction_between(words: tuple[str, ...], alike: tuple[int, int], term: tuple[int, int],
                        conjunctions: frozenset[str] | None = None) -> bool:
    """Whether a conjunction (see CONJUNCTIONS) stands between a look-alike's words and a term's."""
    between = words[alike[1] + 1:term[0]] if alike[1] < term[0] else words[term[1] + 1:alike[0]]
    return not (CONJUNCTIONS if conjunctions is None else conjunctions).isdisjoint(between)


def look_alikes(found: Sequence[tuple[str, int, int, str]], alike: frozenset[str],
                words: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where a text's look-alike terms (of the concepts ``alike``) stand (first and last word), but
    those a negation stands before ("Card number (non-loyalty)", see negated) and those inside a card
    brand's name (the "club" of "Diners Club card number"): they excuse nothing."""
    brands = [(first, last) for concept, first, last, _term in found if concept == "card_brand"]
    return [(first, last) for concept, first, last, _term in found if concept in alike and not negated(words, first)
            and not any(a <= first and last <= b for a, b in brands)]


def negated(words: tuple[str, ...], i: int) -> bool:
    """Whether a negating word stands in the two words before word ``i``, an article aside ("not
    public", "never made public", "not the public one", "nicht öffentlich", "non publique"), or "other
    than" / "rather than" does: an excusing word so placed excuses nothing. Any language's: a word
    that negates in one language and not in the form's can only keep an excuse from applying."""
    before = [w for w in words[max(0, i - 3):i] if w not in ARTICLES][-2:]
    return (any(w in _NEGATORS or negation.negates_next(w) for w in before)
            or (len(before) == 2 and before[0] in ("other", "rather") and before[1] == "than"))


def look_alike_affirmed(concept: str, *texts: Any) -> bool:
    """Whether a text names the look-alike ``concept`` somewhere no negation stands before it
    ("Password hint", not "Password (no hint)")."""
    for text in texts:
        # Where a text names the concept is only looked for when it does: concepts() is the cheaper
        # scan, and it finds the same concepts located() places.
        if isinstance(text, str) and concept in concepts(text):
            plain = normalise(text)[0]
            if not _may_negate(plain):
                return True  # named, and no word there could take it back: no need to place it
            words = plain.words
            if any(found == concept and not negated(words, first) for found, first, _last, _term in located(text)):
                return True
    return False


def beside_look_alike(detector: type[Detector], text: str) -> bool:
    """Whether every place a text names the detector's concept has a look-alike beside it."""
    bare, excused = places(detector, text)
    return bool(excused) and not bare


def field_look_alike(detector: type[Detector], title: str | None, descriptions: list[str], context: frozenset[str],
                     hits: frozenset[str]) -> bool:
    """Whether the field is a look-alike of the detector's concept.

    A look-alike excuses what it qualifies, not the field. Where the title names the concept, a
    look-alike must stand beside it there, or beside the same word restated in the description
    (title "PIN code", description "your postal PIN"). Where only the description names it, a
    look-alike beside it there or in the title excuses it (title "Invite code", description "the code
    we sent you"). "Password" described as "the one you use every day" is still a password, and a
    server cannot switch a detector off by adding a look-alike word anywhere. Where only the field's
    name names it (a developer's identifier the user does not read: "pincode", "token"), anything in
    the field can excuse it, as before."""
    bare: list[str] = []
    restated: set[str] = set()
    for text in descriptions:
        text_bare, text_excused = places(detector, text)
        bare += text_bare
        restated.update(word for term in text_excused for word in term.split())
    title_bare, title_excused = places(detector, title) if title else ([], [])
    if detector.field_wide and excused_field_wide(detector, context, hits, lambda: bare + title_bare):
        return True
    if any(restated.isdisjoint(term.split()) for term in title_bare):
        return False
    if bare and not (title and _restates_look_alike(detector, title, title_excused, bare)):
        return False
    if title_bare or title_excused or bare or restated:
        return True
    return detector.excused(context, hits)  # only the name names it


def excused_field_wide(detector: type[Detector], words: frozenset[str], hits: frozenset[str],
                       bare: Callable[[], list[str]]) -> bool:
    """Whether a look-alike that excuses its concept anywhere in a field or a prompt clause
    (Detector.field_wide) excuses it here: not where the ``bare`` terms (asked for only when the
    look-alike is there) name the concept outright ("Postal code" over "the ATM's digits", "your KRA
    PIN and your ATM PIN"), nor a PIN the text ties to a card, a bank or a payment ("Your KRA PIN or
    card PIN", "your delivery address and your bank card PIN")."""
    return (detector.excused(words, hits) and not (detector is Pin and postal.PAID & hits)
            and not any(detector.is_outright(term) for term in bare()))


def _restates_look_alike(detector: type[Detector], title: str, title_excused: list[str], bare: list[str]) -> bool:
    """Whether the description's bare terms speak of the title's look-alike: the title is a look-alike
    term of the lexicon ("Invite code", "Coupon": what the code we sent is), or its excused term ("Bus
    pass") is restated by each ("the pass ID on your card"; a term sharing a word with one that does).
    A title of an excusing word alone ("Museum", "Recipe") or one above another word ("Bus pass" over
    "the password of your email") excuses nothing, nor does any title excuse a term that names the
    concept outright ("Gift card" over "your Visa credit card")."""
    if look_alikes(located(title), detector.alikes(), normalise(title)[0].words):
        # A look-alike term of the lexicon says what the title is ("Coupon", "Booking reference"), unless
        # the description names the concept outright ("Promo" over "the verification code we texted you").
        return not any(detector.is_outright(term) for term in bare)
    if not title_excused:
        return False
    plain, leet = normalise(title)
    words = set(plain.words) | set(leet.words)
    left = [set(_term_words(term)) for term in bare]
    while left:
        shared = [w for w in left if not words.isdisjoint(w)]
        if not shared:
            return False
        for w in shared:
            words |= w
        left = [w for w in left if words.isdisjoint(w)]
    return True


def _term_words(term: str) -> list[str]:
    return term.replace("+", " ").split()


def _may_negate(plain: Text) -> bool:
    """Whether negated could hold anywhere in a text: False when no word of it is a negator, a
    marker that negates what follows (negation.may_negate_next) or the "than" of "other than"."""
    return (not plain.word_set.isdisjoint(_NEGATORS) or "than" in plain.word_set
            or negation.may_negate_next(plain))
