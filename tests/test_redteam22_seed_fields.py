"""Red team 22: the seed-over-fields scan withheld any 12 consecutive one-word answers from one
BIP-39 list, with no checksum and no seed length: a frequency questionnaire ("always", "never",
"often" over twelve questions) or a colour survey is an ordinary answer."""

from __future__ import annotations

import pytest

from elicitguard.policies.response_scan import scan_content

SEED = ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about").split()
TREZOR = ("legal winner thank year wave sausage worth useful legal winner thank yellow").split()
RANDOMISH = ("ozone drill grab fiber curtain grace pudding thank cruise elder eight picnic").split()

SURVEYS = [
    ("a frequency questionnaire", "always never often always never often always never often always never often"),
    ("a yes-no style survey in list words", "agree agree agree disagree agree never agree agree agree agree agree agree"),
    ("colours of twelve items", "black white red blue green black white red blue green black white"),
]


@pytest.mark.parametrize("answers", [case[1] for case in SURVEYS], ids=[case[0] for case in SURVEYS])
def test_twelve_one_word_answers_that_repeat_are_not_withheld(answers: str) -> None:
    content = {f"q{i}": word for i, word in enumerate(answers.split(), 1)}
    assert scan_content(content, None) == []


@pytest.mark.parametrize("words", [SEED, TREZOR, RANDOMISH, SEED + ["zoo"]], ids=["all abandon", "trezor vector",
                                                                                   "distinct words", "a word after"])
def test_a_seed_typed_a_word_a_field_is_still_withheld(words: list[str]) -> None:
    content = {f"word_{i}": word for i, word in enumerate(words, 1)}
    assert [f.rule for f in scan_content(content, None)] == ["response.seed_phrase"]
