"""Counting what went wrong, by kind, with the first few examples of each for the report."""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

# What the soak must never see. ``leaked``: something the proxy must stop got through (a denied
# elicitation shown to the client, a secret delivered to the server).
FAILURES: Final = ("lost", "duplicated", "reordered", "mismatched", "leaked", "unexpected")
EXAMPLES: Final = 8


class Tally:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.examples: dict[str, list[str]] = {}

    def fail(self, what: str, detail: str) -> None:
        assert what in FAILURES, what
        self.counts[what] += 1
        shown = self.examples.setdefault(what, [])
        if len(shown) < EXAMPLES:
            shown.append(detail[:400])

    def merge(self, data: dict[str, Any]) -> None:
        for what, count in data.get("counts", {}).items():
            self.counts[what] += count
        for what, shown in data.get("examples", {}).items():
            mine = self.examples.setdefault(what, [])
            mine.extend(shown[:EXAMPLES - len(mine)])

    @property
    def failures(self) -> int:
        return sum(self.counts[k] for k in FAILURES)

    def as_dict(self) -> dict[str, Any]:
        return {"counts": {k: self.counts[k] for k in FAILURES}, "examples": self.examples}


def diff(got: bytes, want: bytes) -> str:
    """Where two byte strings first differ, briefly."""
    at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    return (f"{len(got)} bytes vs {len(want)} expected, first difference at {at}: "
            f"got {got[max(0, at - 40):at + 40]!r}, want {want[max(0, at - 40):at + 40]!r}")
