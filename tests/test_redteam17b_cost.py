"""Red team 17b: reading negations costs time linear in the text (session 17, second round)."""

from __future__ import annotations

import pytest
from costs import best_in_turn

from elicitguard.policies import negation


def _fresh() -> None:
    negation.asking.cache_clear()
    negation.read_clause.cache_clear()


def _seconds(small: str, large: str) -> list[float]:
    """The best fresh reading of each text, read in turn: the least a loaded machine adds to the
    ratios below."""
    return best_in_turn([lambda: negation.asking(small), lambda: negation.asking(large)], before=_fresh)


def test_a_description_of_one_clause_final_japanese_negation_repeated_reads_in_linear_time() -> None:
    # Every "ず" is a clause-final ("after") negation piece of its own; each one measured the length
    # of the whole rest of the clause by joining it: 8,000 of them took half a second per
    # description, four seconds per 64 KiB frame of CPU under the GIL, shared by every session.
    t_small, t_large = _seconds("ず" * 1000, "ず" * 8000)
    # Linear: 8x the text, well under 30x the time (quadratic was ~64x).
    assert t_large < max(30 * t_small, 0.02), (t_small, t_large)


@pytest.mark.parametrize("word", ["nie ", "않 ", "ない "])
def test_a_clause_of_many_spaced_negations_reads_in_linear_time(word: str) -> None:
    # A ratio, not a wall-clock bound: a machine busy with other work slows both readings alike.
    t_small, t_large = _seconds(word * 250, word * 2000)
    assert t_large < max(30 * t_small, 0.02), (t_small, t_large)
