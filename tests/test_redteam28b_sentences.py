"""Red team 28b: a look-alike's reach stops at its sentence's end (ce886e8).

Rules alone (no classifier): what the change to lookalike.places decides, and nothing else.
"""

from __future__ import annotations

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import judge_elicitation

_RULES = Policy(form=FormPolicy(classifier=False))


def _allowed(title: str | None = None, description: str | None = None) -> bool:
    prop: dict[str, str] = {"type": "string"}
    if title is not None:
        prop["title"] = title
    if description is not None:
        prop["description"] = description
    params = {"mode": "form", "message": "Please fill in",
              "requestedSchema": {"type": "object", "properties": {"x": prop}}}
    return judge_elicitation(params, frozenset({"form"}), _RULES).allowed


# A look-alike, then another sentence naming the credential within three words; the sentence ends
# with a mark the change did not read: NFKC's forms of "?" and "!" (what the words are judged in),
# the interrobang, Greek's question mark, Spanish's opening marks, the full stops of Devanagari,
# Armenian, Urdu, Ethiopic, Myanmar and Khmer.
_OTHER_ENDS = ["\ufe56", "\ufe57", "\ufe16", "\ufe15", "\u203c", "\u2047", "\u2048", "\u2049", "\u203d", "\u2e2e",
               "\uff61", "\ufe12", "\u037e", " \u00bf", " \u00a1", "\u0964", "\u0965", "\u0589", "\u06d4", "\u1362",
               "\u1367", "\u104b", "\u17d4"]


@pytest.mark.parametrize("end", _OTHER_ENDS)
@pytest.mark.parametrize("before, after", [
    ("Forgot your password", "Type old password"),
    ("Gift card", "Card number"),
    ("Postal PIN", "Bank PIN"),
])
def test_a_look_alike_excuses_nothing_past_any_mark_that_ends_its_sentence(before: str, after: str, end: str) -> None:
    assert not _allowed(f"{before}{end} {after}")


@pytest.mark.parametrize("title", [
    "Ξεχάσατε τον κωδικό πρόσβασης; Παλιός κωδικός πρόσβασης",  # Greek writes its question mark ";"
    "Δωροκάρτα; Αριθμός κάρτας",
    "Κάρτα δώρου\u037e Αριθμός κάρτας",
    "Tarjeta regalo ¿Número de tarjeta?",
    "Tarjeta regalo ¡Número de tarjeta!",
    "पासवर्ड भूल गए। पुराना पासवर्ड",
    "गिफ्ट कार्ड। कार्ड नंबर",
    "Նվեր քարտ։ Քարտի համար",
    "ギフトカード｡カード番号",
    "礼品卡﹖卡号",
])
def test_a_look_alike_in_another_language_excuses_nothing_past_its_sentence(title: str) -> None:
    assert not _allowed(title)


# A look-alike term of the lexicon read across a sentence's end is no look-alike: "Just forgot?
# Password" holds no "forgot password", yet it excused the password it ends on.
@pytest.mark.parametrize("title", [
    "Just forgot? Password",
    "Forgot your? Password",
    "Simply forgot! Password",
])
def test_a_look_alike_read_across_a_sentence_end_excuses_nothing(title: str) -> None:
    assert not _allowed(title)


# What stays allowed: the look-alike and its word in one sentence, whatever mark ends it, and the
# brief's honest questions.
@pytest.mark.parametrize("title", [
    "Forgot your password? We'll email a reset link to you",
    "PIN code? Your 6-digit postal code",
    "Boarding pass! Show it at the gate",
    "Gift card? Enter its number",
    "Password hint? Something only you will remember",
    "Gift card number \u203c required",
    "Postal PIN code\u203c",
    "Boarding pass number\ufe56",
    "¿Tienes una tarjeta regalo? Introduce su número",
    "Número de tarjeta regalo ¿dónde está?",
    "¡Tarjeta regalo! Número en el reverso",
    "Número de la tarjeta regalo ¡sin gastos!",
    "डाक पिन कोड। 6 अंक",
    "Κωδικός δώρου; Ναι",
    "Αριθμός κάρτας δώρου",
    "ギフトカード番号｡",
    "Նվեր քարտի համար",
])
def test_a_look_alike_still_excuses_what_its_own_sentence_names(title: str) -> None:
    assert _allowed(title)


# Not fixed: a line break ends a sentence as surely in a form an attacker writes, but a description
# hard-wrapped from a docstring breaks its lines in the middle of sentences ("Enter the PIN code of
# your\npostal area"); only a measurement on the corpus can say whether a blank line, or any line
# break, may end a look-alike's reach.
@pytest.mark.xfail(strict=True, reason="a line break is not read as a sentence's end: hard-wrapped descriptions "
                                       "break lines mid-sentence; a blank line might be, measured on the corpus")
@pytest.mark.parametrize("title", [
    "Forgot your password\nType old password",
    "Gift card\n\nCard number",
])
def test_a_look_alike_excuses_nothing_past_a_line_break(title: str) -> None:
    assert not _allowed(title)


# Not fixed: a question naming the credential, answered by the look-alike ("Card number? Gift card
# only"), was allowed before ce886e8 and is denied since: the answer says which card. Letting a
# look-alike reach back across a question mark is the same reach the change took away, for the
# maintainers to weigh.
@pytest.mark.xfail(strict=True, reason="ce886e8 cuts a look-alike off from the question it answers; letting it reach "
                                       "back across a '?' re-opens half of what the change closed")
@pytest.mark.parametrize("title", [
    "Card number? Gift card only",
    "Card number! Gift card only",
    "Card number? The gift card's",
])
def test_a_question_answered_by_its_look_alike_passes(title: str) -> None:
    assert _allowed(title)
