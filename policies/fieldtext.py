"""A form's texts as the detectors read them: the strings among a field's values, the concepts and
words they name, and whether a title is a question."""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies.credentials import normalise
from elicitguard.policies.matcher import concepts

JSON = Any


def strings_of(*values: JSON) -> list[str]:
    return [v for v in values if isinstance(v, str) and v]


def hits_of(texts: list[str]) -> frozenset[str]:
    """The concepts the lexicon finds in any of the texts."""
    return frozenset().union(*map(concepts, texts))


def words_of(texts: list[str]) -> frozenset[str]:
    words: frozenset[str] = frozenset()
    for text in texts:
        plain, leet = normalise(text)
        words |= plain.word_set | leet.word_set
    return words


def field_words(name: str, prop: dict[str, Any]) -> set[str]:
    words: set[str] = set()
    for text in (name, prop.get("title")):
        if isinstance(text, str):
            words |= normalise(text)[0].word_set
    return words


# A question ends in its script's mark (Greek ";", Arabic "؟", Ethiopic "፧"; Armenian marks the
# stressed vowel "՞" inside the word); Thai, Lao, Khmer, Burmese and CJK may end one with a question
# word instead (the lexicon's "question" concept).
_QUESTION_ENDS: Final = ("?", "？", "؟", ";", "\u037e", "፧", "⸮")


def is_question(text: Any) -> bool:
    """Whether a title is a question."""
    if not isinstance(text, str):
        return False
    stripped = text.rstrip(" .:)\"'")
    return stripped.endswith(_QUESTION_ENDS) or "՞" in text or "question" in concepts(text)
