"""The cheap negation tests agree with the full ones they stand in for.

negation.negates_next(word) is roles() narrowed to "before"; negation.may_negate_next(text) says
no word of a text negates_next() without testing word by word; lookalike.look_alike_affirmed takes
its answer from it when no word could negate (the field's name and title of nearly every form).
"""

from __future__ import annotations

import pytest

from elicitguard.policies import forms, lookalike, negation
from elicitguard.policies.normalise import normalise
from tests.test_matcher import _corpus_texts


def _words() -> set[str]:
    words: set[str] = set()
    for text in _corpus_texts():
        plain, leet = normalise(text)
        words.update(plain.words, leet.words)
    return words


def test_negates_next_is_roles_narrowed_to_before_on_every_corpus_word() -> None:
    words = _words()
    assert len(words) > 30_000
    differ = [w for w in words if negation.negates_next(w) != any(r == "before" for r, _l in negation.roles(w))]
    assert differ == []


def test_a_text_may_negate_whenever_one_of_its_words_negates_what_follows_on_every_corpus_text() -> None:
    missed = [t for t in _corpus_texts() for plain in (normalise(t)[0],)
              if any(negation.negates_next(w) for w in plain.words) and not negation.may_negate_next(plain)]
    assert missed == []


@pytest.mark.parametrize("text", ["hatutaki", "mawu ghị", "nicht", "не"])
def test_a_text_with_a_negating_word_or_affix_may_negate(text: str) -> None:
    assert negation.may_negate_next(normalise(text)[0])


@pytest.mark.parametrize(("texts", "affirmed"), [
    (("key_name", "Key name"), True),
    (("name", "Name 1234"), True),
    (("x", "Not a name"), False),  # the only place is negated
    (("x", "Name, not a key"), True),  # the negation stands after it
    (("x", "Kein Name"), False),
    (("x", "Other than the name"), False),
    (("x", "Colour"), False),  # not named at all
    (("name", None), True),
])
def test_a_look_alike_is_affirmed_where_named_and_no_negation_stands_before_it(
        texts: tuple[str, str | None], affirmed: bool) -> None:
    forms.clear_text_caches()
    assert lookalike.look_alike_affirmed("~meta", *texts) is affirmed
