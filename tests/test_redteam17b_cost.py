"""Red team 17b: reading negations costs time linear in the text (session 17, second round)."""

from __future__ import annotations

import time

from elicitguard.policies import negation


def _fresh() -> None:
    negation.asking.cache_clear()
    negation.read_clause.cache_clear()


def test_a_description_of_one_clause_final_japanese_negation_repeated_reads_in_linear_time() -> None:
    # Every "ず" is a clause-final ("after") negation piece of its own; each one measured the length
    # of the whole rest of the clause by joining it: 8,000 of them took half a second per
    # description, four seconds per 64 KiB frame of CPU under the GIL, shared by every session.
    small, large = "ず" * 1000, "ず" * 8000
    _fresh()
    start = time.perf_counter()
    negation.asking(small)
    t_small = time.perf_counter() - start
    _fresh()
    start = time.perf_counter()
    negation.asking(large)
    t_large = time.perf_counter() - start
    # Linear: 8x the text, well under 30x the time (quadratic was ~64x); and absolutely small.
    assert t_large < max(30 * t_small, 0.02) and t_large < 0.15, (t_small, t_large)


def test_a_clause_of_many_spaced_negations_reads_in_linear_time() -> None:
    _fresh()
    start = time.perf_counter()
    negation.asking("nie " * 2000)
    negation.asking("않 " * 2000)
    negation.asking("ない " * 2000)
    assert time.perf_counter() - start < 0.15
