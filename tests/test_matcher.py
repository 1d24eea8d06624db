"""The lexicon's two scans of a text agree: concepts() (which concepts) and located() (where).

lookalike.look_alike_affirmed asks located() only of a text concepts() finds the concept in, so the two
must find the same concepts (located() also places a whole-text find of any length, concepts() one of
up to 40 letters: those "!" marks aside).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from elicitguard.policies.matcher import concepts, located

CORPUS = Path(__file__).resolve().parent / "corpus"


def _named(found: frozenset[str] | set[str]) -> set[str]:
    return {c for c in found if not c.endswith("!")}


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            params = json.loads(line).get("params") if line.strip() else None
            if not isinstance(params, dict):
                continue
            if isinstance(params.get("message"), str):
                texts.append(params["message"])
            schema = params.get("requestedSchema")
            props = schema.get("properties") if isinstance(schema, dict) else None
            for name, prop in (props.items() if isinstance(props, dict) else ()):
                texts.append(name)
                texts += [prop[k] for k in ("title", "description") if isinstance(prop, dict) and isinstance(prop.get(k), str)]
    return texts


@pytest.mark.parametrize("text", [
    "Password", "p4ssw0rd", "pаssword",  # plain, leet, a Cyrillic "а"
    "Enter the code we sent you by SMS",  # a concept two others make near each other
    "Name", "Key name", "Passwort", "密码", "Postal code", "", "   ",
])
def test_concepts_and_located_find_the_same_concepts_in_a_text(text: str) -> None:
    assert _named(concepts(text)) == {f[0] for f in located(text) if not f[0].endswith("!")}


def test_concepts_and_located_find_the_same_concepts_in_every_corpus_text() -> None:
    texts = _corpus_texts()
    assert len(texts) > 50_000
    differ = [t for t in texts if _named(concepts(t)) != {f[0] for f in located(t) if not f[0].endswith("!")}]
    assert differ == []
