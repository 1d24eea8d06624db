"""Judging cost must grow linearly with the input: hostile inputs judged at 8x the size of a baseline run.

    python bench/scaling_bench.py

``ratio`` is the time ratio divided by 8: 1.0 is linear; a quadratic cost (a regex that rescans a run,
a form whose clauses are judged against each other) would show about 8.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elicitguard.policies.config import Config  # noqa: E402
from elicitguard.policies.credentials import secret_value_shape  # noqa: E402
from elicitguard.policies.engine import Guard, SessionState  # noqa: E402


def _best_time(fn: Callable[[], object], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def bench_scaling() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for label, unit in (("secret shapes on a run of 'sk-'", "sk-"), ("secret shapes on a run of letters", "a"),
                        ("secret shapes on a run of 'eyJ-'", "eyJ-")):
        small, big = unit * (8192 // len(unit)), unit * (65536 // len(unit))
        base = _best_time(lambda: secret_value_shape(small))
        ours = _best_time(lambda: secret_value_shape(big))
        rows.append({"bench": f"scaling: {label}", "baseline": "same at 1/8 size", "ratio": round(ours / base / 8, 3)})
    config = Config()
    forms = []
    for fields in (16, 128):
        forms.append(json.dumps({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": {
            "mode": "form", "message": "m", "requestedSchema": {"type": "object", "properties": {
                f"f{i}": {"type": "string", "description": "word, " * 60} for i in range(fields)}}}}).encode())

    def judge(raw: bytes) -> None:
        state = SessionState(client_modes=frozenset({"form"}))
        Guard(config.policy, config.max_message_bytes, state).server_message(raw)

    base = _best_time(lambda: judge(forms[0]))
    ours = _best_time(lambda: judge(forms[1]))
    rows.append({"bench": "scaling: form judging, 16 vs 128 fields of clauses", "baseline": "same at 1/8 size",
                 "ratio": round(ours / base / 8, 3)})
    return rows


if __name__ == "__main__":
    for row in bench_scaling():
        print(f"{row['bench']:<55} ratio {row['ratio']:>6}  (1.0 = linear)")
