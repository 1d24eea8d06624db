"""Red team 16: the credential model's cost, memory and determinism against a hostile server."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any
import gc

from elicitguard.policies import classifier
from elicitguard.policies.classifier import FIELD_TEXT, PROMPT_TEXT

_LOGITS = """
from elicitguard.policies import classifier as c
m = c.model()
p = {"type": "string", "title": "Backup phrase",
     "description": "The long code from your emergency kit, used to restore access to the vault when you lose your phone"}
print(m.field_logit("a", "string", p).hex(), m.prompt_logit(["Please sign in again to continue the migration"]).hex())
"""


def test_the_same_field_gets_the_same_score_bit_for_bit_whatever_the_hash_seed() -> None:
    seen = set()
    for seed in ("0", "1", "2", "3", "4", "5"):
        out = subprocess.run([sys.executable, "-c", _LOGITS], capture_output=True, text=True, timeout=60,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        seen.add(out.stdout)
    assert len(seen) == 1, seen


def test_a_repeated_expanding_character_costs_the_model_no_more_than_the_word_once(monkeypatch: Any) -> None:
    # U+FDFA is one character that NFKC spells as four Arabic words: 128 of them were 512 words whose
    # n-grams were all generated (a 62 KB form cost the model 17 times what it cost the rules), though
    # only the four words' n-grams are distinct and scored.
    model = classifier.model()
    generated = [0]
    real = classifier.grams

    def counting(words: tuple[str, ...], low: int, high: int, whole: bool = False) -> Iterator[str]:
        for gram in real(words, low, high, whole):
            generated[0] += 1
            yield gram

    monkeypatch.setattr(classifier, "grams", counting)
    once = classifier.field_words("f", {"description": "\ufdfa"})
    many = classifier.field_words("f", {"description": "\ufdfa " * 128})
    assert len(many) >= 400
    assert model.text_logit(model.field, many) == model.text_logit(model.field, once)
    generated[0] = 0
    model.text_logit(model.field, many)
    assert generated[0] <= 2 * len(set(real(once, model.low, model.high, model.whole)))


def test_the_model_caches_keep_no_more_text_than_they_score() -> None:
    # The caches are shared by every session: a key holding a whole 8,192-character text (the model
    # reads 256 of a field's, 512 of a prompt's) let one server pin about 1 GB through them.
    classifier.clear_caches()
    long = "zq " * 3000
    assert len(long) > max(FIELD_TEXT, PROMPT_TEXT)
    before = sys.getrefcount(long)
    classifier.field_logit("f", "string", {"type": "string", "title": long, "description": long, "default": long}, 1)
    classifier.prompt_logit((long, long, long))
    gc.collect()
    assert sys.getrefcount(long) == before, "a model cache keeps a text longer than the model scores"
