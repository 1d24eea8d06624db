"""How often response_scan.generated_password fires: on passwords made over the default alphabets of
password generators (recall), and on every whitespace-separated token of Python's standard library
and of this repository's corpora and docs (false alarms on text that is no password).

    python tools/generated_password_check.py [--samples 1500] [--show 30]

Deterministic (a seeded generator). Only passwords holding every kind of character a generator is
asked for (lower, upper, digit, and a symbol where the alphabet has them) are counted, as generators
guarantee each kind.
"""

from __future__ import annotations

import argparse
import random
import string
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from elicitguard.policies.response_scan import generated_password  # noqa: E402

ALPHABETS = {
    "1Password/Bitwarden (!@#$%^&*)": string.ascii_letters + string.digits + "!@#$%^&*",
    "every ASCII symbol (KeePass)": string.ascii_letters + string.digits + string.punctuation,
    "letters and digits (a browser's suggestion)": string.ascii_letters + string.digits,
}
SYMBOLS = frozenset("!#$%&*@^~?+=<>|")


def _complete(value: str, symbols: bool) -> bool:
    return (any(c.islower() for c in value) and any(c.isupper() for c in value) and any(c.isdigit() for c in value)
            and (not symbols or not SYMBOLS.isdisjoint(value)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=1500)
    parser.add_argument("--show", type=int, default=30, help="false alarms to print")
    args = parser.parse_args()
    rng = random.Random(23)
    for name, alphabet in ALPHABETS.items():
        row = []
        for length in (12, 14, 16, 20, 24, 32, 64, 100):
            made = [v for v in ("".join(rng.choice(alphabet) for _ in range(length)) for _ in range(args.samples))
                    if _complete(v, not SYMBOLS.isdisjoint(alphabet))]
            row.append(f"{length}: {sum(map(generated_password, made)) / len(made):.2f}")
        print(f"recall, {name}: " + ", ".join(row))
    files = sorted(Path(sysconfig.get_paths()["stdlib"]).rglob("*.py")) + sorted((ROOT / "tests" / "corpus").glob("*.jsonl")) \
        + sorted(p for p in ROOT.rglob("*.md") if not any(part.startswith(".") or part == "node_modules"
                                                         for part in p.relative_to(ROOT).parts))
    tokens = alarms = 0
    shown = []
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for token in text.split():
            tokens += 1
            if generated_password(token):
                alarms += 1
                if len(shown) < args.show:
                    shown.append(token)
    print(f"false alarms: {alarms} of {tokens} tokens ({len(files)} files)")
    for token in shown:
        print("  ", token)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
