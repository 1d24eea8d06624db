"""Red team 30c (fixed in session 30): shapes.card_pattern (f901c1e) reads a pattern's first atom as its first digit even
when that atom is optional ("^0?[0-9]{16}$", "^1?\\d{16}$"), and a pattern's separated groups as a
card's only when they are 4-4-4-4 or 4-6-5 even when every separator is optional ("^[0-9]{3} ?[0-9]{13}$",
"^\\d{8} ?\\d{8}$"): each of these accepts every 16-digit card number typed without spaces. A billing
form whose only card signal is its pattern was denied under both policies at 1f8b69d and passes under
both now (the attacker writes the pattern: the client validates a card number for him)."""

from __future__ import annotations

import pytest

from elicitguard.policies.shapes import card_pattern
from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "Your subscription renewal failed. Please update your billing details to avoid interruption."
PATTERNS = ["^0?[0-9]{16}$", "^1?\\d{16}$", "^[0-9]{3} ?[0-9]{13}$", "^\\d{2}-?\\d{14}$", "^\\d{8} ?\\d{8}$",
            "^\\d{6} ?\\d{10}$"]


def billing(pattern: str) -> dict[str, object]:
    prop = field("Billing number")
    prop["pattern"] = pattern
    return prop


@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_pattern_that_accepts_every_sixteen_digit_card_number_is_a_card_pattern(pattern):
    assert card_pattern(pattern)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_billing_number_whose_pattern_accepts_any_card_number_is_denied(pattern, policy):
    assert not allowed(MESSAGE, {"n": billing(pattern)}, policy)
