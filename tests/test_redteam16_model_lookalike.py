"""Red team 16: the cooking-pan look-alikes added with the credential model must not excuse a card
number (a regression against the rules before the model: both forms below were denied). A look-alike
now excuses only the words it stands beside."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import Config
from elicitguard.policies.judge import judge_elicitation


def _allowed(props: dict[str, Any], message: str) -> bool:
    verdict = judge_elicitation({"message": message, "requestedSchema": {"type": "object", "properties": props}},
                                frozenset({"form"}), Config().policy)
    return verdict.allowed


@pytest.mark.parametrize("words", ["frying pan", "baking pan", "pan size", "pan diameter"])
def test_a_field_titled_card_number_is_denied_even_when_its_text_mentions_a_cooking_pan(words: str) -> None:
    assert not _allowed({"n": {"type": "string", "title": "Card number", "description": f"16 digits ({words})"}},
                        "Pay for your order")
    assert not _allowed({words.replace(" ", "_"): {"type": "string", "title": "Card number", "description": "16 digits"}},
                        "Pay for your order")
