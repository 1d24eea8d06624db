"""Helpers of the cost tests: a hostile text of a given size, and a call's time as the best of three
runs (the least a loaded machine adds), each after an optional reset such as a cache cleared."""

from __future__ import annotations

import time
from collections.abc import Callable


def repeated(piece: str, size: int) -> str:
    """``piece`` repeated to exactly ``size`` characters."""
    return (piece * (size // len(piece) + 1))[:size]


def best_of_three(call: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    """The fewest seconds ``call`` took in three runs, ``before`` run (untimed) ahead of each."""
    best = float("inf")
    for _ in range(3):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - start)
    return best
