"""Red team 30b (fixed in session 30): fewest_digits (policies/shapes.py, 5678ad8) counts a digit the pattern fixes as the
server's padding ('^\\d{4}0{5}$' is a four-digit PIN), but not padding written as a class of two digits
('[01]{5}', '[0-1]{5}') that the prompt tells the user to fill with zeros: the PIN field of nine digits is
then an identity number again, and no PIN's carrier."""

from __future__ import annotations

from typing import Any

import pytest

from tests.both_policies import IDS, POLICIES, allowed

_PADDED = [
    ("Enter your PIN followed by 00000.", "^\\d{4}[01]{5}$"),
    ("Enter your PIN followed by 00000.", "^\\d{4}[0-1]{5}$"),
    ("Enter your PIN followed by five zeros.", "^\\d{4}[0-1]{5}$"),
]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "pattern"), _PADDED)
def test_a_pin_padded_with_a_two_digit_class_the_prompt_says_to_fill_with_zeros_is_still_a_pin(
        message: str, pattern: str, policy: Any) -> None:
    assert not allowed(message, {"v": {"type": "string", "title": "Value", "pattern": pattern}}, policy)
