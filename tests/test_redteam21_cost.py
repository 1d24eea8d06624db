"""Red team 21: the cost of the pairs two concepts make near each other (matcher._made).

A server may fill every description with "code sent code sent ..." (8 KiB a field, 64 KiB a frame):
thousands of places of each concept. The pairs near each other are few per place; the pairs of all
places are millions. Judging must cost what the near pairs cost, and answer as the slow way did."""

from __future__ import annotations

import random

import pytest
from costs import best_in_turn, repeated

from elicitguard.policies import matcher
from elicitguard.policies.credentials import DERIVED  # noqa: F401  (installs the matcher)
from elicitguard.policies.forms import clear_text_caches
from elicitguard.policies.normalise import normalise


def _scan_seconds(*texts: str) -> list[float]:
    """Each text's scan, timed in turn (see best_in_turn), every text cache cleared before each."""
    return best_in_turn([lambda text=text: (matcher.concepts(text), matcher.located(text)) for text in texts],
                        before=clear_text_caches)


@pytest.mark.parametrize("unit", ["code sent ", "kod sms ", "code atm ", "code sms confirm it is you "])
def test_8_kib_of_words_that_pair_costs_about_what_its_words_cost_apart_not_their_places_squared(unit: str) -> None:
    """Before the fix: 8 to 16 times the cost of the same words in texts of their own (0.4 s a text,
    2.6 s a 64 KiB frame against 0.35 s before the pairs could chain); after: 1 to 3 times."""
    first, second = unit.split()[:2]
    alone, other, paired = _scan_seconds(repeated(first + " ", 8192), repeated(second + " ", 8192),
                                         repeated(unit, 8192))
    assert paired < 5 * (alone + other), (alone + other, paired)


@pytest.mark.parametrize(("unit", "parts"), [
    ("ZIP code sent code sent ", ("ZIP code ", "sent ")),
    ("ZIP code aplicación de autenticación ", ("ZIP code ", "aplicación de autenticación ")),
    ("código postal 6 dígitos app de autenticación ", ("código postal 6 dígitos ", "app de autenticación ")),
])
def test_8_kib_of_pairs_beside_look_alike_terms_costs_about_what_its_words_cost_apart(unit: str,
                                                                                    parts: tuple[str, str]) -> None:
    """Session 21: each place was tested against every look-alike term of the text (13 s a 64 KiB frame
    of "ZIP code sent code sent ..."), and each find's words were counted from the text's start."""
    *each, paired = _scan_seconds(*(repeated(part, 8192) for part in parts), repeated(unit, 8192))
    assert paired < 5 * sum(each), (sum(each), paired)


def _slow_made(built: matcher.Matcher, plain: object, present: set[str]) -> list[tuple[str, str, str]]:
    """The pairs as the code before red team 21 found them: every place against every place."""
    found: list[tuple[str, str, str]] = []
    where: dict[str, list[int]] = {c: [] for pair in matcher._DERIVED for c in pair[:2]}
    built.scan(plain.spaced, plain.squashed, where)  # type: ignore[attr-defined]
    alike = [(lo, hi) for c, lo, hi, _t in built.spans(plain) if c.startswith("~")]  # type: ignore[arg-type]
    present = set(present)

    def inside(at: int) -> bool:
        word = plain.spaced.count(" ", 0, at + 1) - 1  # type: ignore[attr-defined]
        return any(lo <= word <= hi and lo < hi for lo, hi in alike)

    for first, second, made, ordered in matcher._DERIVED:
        if first not in present or second not in present:
            continue
        anywhere = (first, second) in matcher._ANYWHERE
        near = [(a, b) for a in where.get(first, ()) for b in where.get(second, ())
                if anywhere or (0 <= b - a <= matcher.NEAR if ordered else abs(a - b) <= matcher.NEAR)]
        near = [(a, b) for a, b in near if not inside(a) and not inside(b)]
        if near:
            found.append((first, second, made))
            present.add(made)
            where.setdefault(made, []).extend(sorted({at for pair in near for at in pair}))
    return found


_WORDS = ("code", "sent", "we", "texted", "you", "to", "confirm", "it", "is", "ZIP", "card", "number", "ATM", "the",
          "API", "key", "Wi-Fi", "secret", "private", "restore", "account", "coupon", "postal", "PIN", "digits",
          "verify", "your", "identity", "gift", "public", "SSH", "booking", "reference", "lorem", "ipsum",
          "authenticator", "app", "aplicación de autenticación", "chiffres", "code postal")


@pytest.mark.parametrize("seed", range(40))
def test_the_near_pairs_found_fast_are_the_pairs_every_place_against_every_place_finds(seed: int) -> None:
    rng = random.Random(seed)
    text = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 60)))
    built = matcher._BUILTIN
    assert built is not None
    plain = normalise(text)[0]
    present = set(built.scan(plain.spaced, plain.squashed))
    assert matcher._made(built, plain, present) == _slow_made(built, plain, present), text
