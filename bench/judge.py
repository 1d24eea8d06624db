"""How long the judge takes on one benign form, as a ratio to json.loads of the same bytes measured in
the same run, with the absolute microseconds printed too (target: under 50 us).

    python bench/judge.py [--quick] [--compiled]

Rows: the form judge alone on a benign form seen before (its texts cached, as when a server sends the
same form again), the same with texts never seen before (a new number in the message, the field's name
and title), the same form with every text cache cleared before each call (nothing seen before), a
benign form in Japanese, the whole guard (parse, judge, audit decision) on the benign form's raw
bytes, and, last, the texts never seen again with the cycle collector tuned as the proxy tunes it at
startup (proxy/gctune.py: startup's objects frozen, fewer young collections).
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from elicitguard.policies.config import Config  # noqa: E402
from elicitguard.policies.engine import Guard, SessionState  # noqa: E402
from elicitguard.policies.judge import clear_caches  # noqa: E402
from elicitguard.policies.judge import judge_elicitation  # noqa: E402
from elicitguard.proxy.gctune import tune_gc  # noqa: E402

BENIGN = {"mode": "form", "message": "Tell us about you", "requestedSchema": {"type": "object", "properties": {
    "name": {"type": "string", "title": "Name"}, "age": {"type": "integer"},
    "color": {"type": "string", "enum": ["red", "green"]}}, "required": ["name"]}}
JAPANESE = {"mode": "form", "message": "配送先を教えてください", "requestedSchema": {"type": "object", "properties": {
    "name": {"type": "string", "title": "氏名"}, "zip": {"type": "string", "title": "郵便番号"},
    "note": {"type": "string", "title": "備考", "description": "配達時間のご希望など"}}}}
MODES = frozenset({"form", "url"})


def per_call(fn: Callable[[], object], seconds: float) -> float:
    """Seconds per call, best of three runs."""
    best = float("inf")
    for _ in range(3):
        count, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / 3:
            for _ in range(100):
                fn()
            count += 100
        best = min(best, elapsed / count)
    return best


# One count for every row: no row judges a text another row has judged.
_NUMBERS = itertools.count()


def fresh_forms(policy: object = None) -> Callable[[], object]:
    """A benign form whose texts the judge has never seen (defeats every cache), judged with
    ``policy`` (default: the default policy)."""
    policy = policy or Config().policy

    def judge() -> object:
        n = next(_NUMBERS)
        params = {"mode": "form", "message": f"Tell us about you {n}", "requestedSchema": {"type": "object", "properties": {
            f"name{n}": {"type": "string", "title": f"Name {n}"}, "age": {"type": "integer"},
            "color": {"type": "string", "enum": ["red", "green"]}}}}
        return judge_elicitation(params, MODES, policy)
    return judge


def cold(params: dict[str, object], policy: object) -> Callable[[], object]:
    """The same benign form with every text cache cleared before each call: nothing seen before."""
    def judge() -> object:
        clear_caches()
        return judge_elicitation(params, MODES, policy)  # type: ignore[arg-type]
    return judge


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--compiled", action="store_true",
                        help="measure the judges compiled as pip install . compiles them (bench/compiled.py)")
    args = parser.parse_args()
    if args.compiled:
        from bench.compiled import rerun_compiled
        raise SystemExit(rerun_compiled("judge.py", [a for a in sys.argv[1:] if a != "--compiled"]))
    seconds = 0.6 if args.quick else 3.0
    policy = Config().policy
    raw = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": BENIGN}).encode()
    guard = Guard(policy, Config().max_message_bytes, SessionState(client_modes=MODES))
    # (label, bytes json.loads reads for the baseline, the call, what runs once before the row)
    rows: list[tuple[str, bytes, Callable[[], object], Callable[[], None] | None]] = [
        ("judge: benign form (seen before)", raw, lambda: judge_elicitation(BENIGN, MODES, policy), None),
        ("judge: benign form (texts never seen)", raw, fresh_forms(), None),
        ("judge: benign form (text caches cleared)", raw, cold(BENIGN, policy), None),
        ("judge: benign form in Japanese", json.dumps(JAPANESE).encode(),
         lambda: judge_elicitation(JAPANESE, MODES, policy), None),
        ("guard: elicitation/create, benign form", raw, lambda: guard.server_message(raw), None),
        # Last: tuning the collector changes it for the rest of the process.
        ("judge: texts never seen, proxy's collector", raw, fresh_forms(), tune_gc),
    ]
    print(f"{'benchmark':<42} {'json.loads us':>13} {'judge us':>9} {'ratio':>7}  (target: judge < 50 us)")
    results = []
    for label, data, fn, setup in rows:
        if setup is not None:
            setup()
        base = per_call(lambda data=data: json.loads(data), seconds)
        ours = per_call(fn, seconds)
        results.append({"bench": label, "json_loads_us": round(base * 1e6, 2), "us": round(ours * 1e6, 2),
                        "ratio": round(ours / base, 2)})
        print(f"{label:<42} {base * 1e6:>13.2f} {ours * 1e6:>9.2f} {ours / base:>7.1f}")
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "judge.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
