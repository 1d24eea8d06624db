"""Helpers of the cost tests: a hostile text of a given size, a call's time as the best of three runs
(the least a loaded machine adds), each after an optional reset such as a cache cleared, and the times
of calls compared with each other, measured in turn."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


def repeated(piece: str, size: int) -> str:
    """``piece`` repeated to exactly ``size`` characters."""
    return (piece * (size // len(piece) + 1))[:size]


def best_of_three(call: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    """The fewest seconds ``call`` took in three runs, ``before`` run (untimed) ahead of each."""
    return best_in_turn([call], before, rounds=3)[0]


def best_in_turn(calls: Sequence[Callable[[], object]], before: Callable[[], object] | None = None,
                 rounds: int = 5) -> list[float]:
    """The fewest seconds each call took over ``rounds`` rounds that run every call once, in turn
    (``before`` untimed ahead of each run): a load that comes and goes slows a round of every call,
    not all the runs of one, so the ratio of two calls holds on a busy machine."""
    best = [float("inf")] * len(calls)
    for _ in range(rounds):
        for index, call in enumerate(calls):
            if before is not None:
                before()
            start = time.perf_counter()
            call()
            best[index] = min(best[index], time.perf_counter() - start)
    return best
