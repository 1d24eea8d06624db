"""Precision and recall of the form judge on a labelled corpus, overall and per language.

    python tools/corpus_scores.py tests/corpus/multilingual_forms.jsonl [--misses]

A case is one JSON object per line: {id, label: credential|benign, lang?, why, params}. A credential
counts as caught only when a credential or payment rule blocks it (not a schema error).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elicitguard.policies.config import Policy  # noqa: E402
from elicitguard.policies.judge import judge_elicitation  # noqa: E402


def score(counts: Counter[tuple[bool, bool]]) -> tuple[float, float]:
    tp, fp, fn = counts[(True, True)], counts[(False, True)], counts[(True, False)]
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path, nargs="+")
    parser.add_argument("--misses", action="store_true", help="list every case judged wrongly")
    args = parser.parse_args()
    overall: Counter[tuple[bool, bool]] = Counter()
    by_lang: dict[str, Counter[tuple[bool, bool]]] = defaultdict(Counter)
    misses = []
    for path in args.corpus:
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            verdict = judge_elicitation(case["params"], frozenset({"form", "url"}), Policy())
            truth = case["label"] == "credential"
            blocked = not verdict.allowed and all(r.rule.startswith(("credential.", "payment.")) for r in verdict.reasons)
            overall[(truth, blocked)] += 1
            by_lang[case.get("lang", "?")][(truth, blocked)] += 1
            if truth != blocked:
                misses.append((case["id"], case.get("lang", "?"), [r.rule for r in verdict.reasons]))
    print(f"{'language':<10} {'cases':>5} {'precision':>9} {'recall':>7}")
    for lang in sorted(by_lang):
        p, r = score(by_lang[lang])
        print(f"{lang:<10} {sum(by_lang[lang].values()):>5} {p:>9.3f} {r:>7.3f}")
    p, r = score(overall)
    print(f"{'all':<10} {sum(overall.values()):>5} {p:>9.3f} {r:>7.3f}")
    if args.misses:
        for miss in misses:
            print("miss:", *miss)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
