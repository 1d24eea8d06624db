"""Red team 30d: card_pattern reads a class of digits and spaces as a card's ("^[0-9 ]{16,19}$", f901c1e,
narrowed in 1944585) only when it is written digits first, bare, with a closed count: _SPACED_DIGITS
matches "[0-9 ]", "[0-9\\s]". The same class written space first ("^[ 0-9]{16,19}$", "^[\\s0-9]{16,19}$",
"^[ \\d]{16,19}$"), wrapped in a group ("^(?:[0-9 ]{16,19})$") or open-ended ("^[0-9 ]{16,}$") accepts
exactly the same card numbers and reads as none; so does "^\\d{8}\\x20?\\d{8}$". A form whose only field
is titled "Number" under "Confirm the long number printed on the front" passes under both policies
with these patterns, and is denied with "^[0-9 ]{16,19}$". Allowed at 1f8b69d too (no spaced class was
a card's then): a gap in today's rule, not a regression. Session 30 reads the class's members in any
order, in a group or not, its count open or not; "\\x20" is left."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed

MESSAGE = "Almost done! Confirm the long number printed on the front to finish your order."
PATTERNS = ["^[ 0-9]{16,19}$", "^[\\s0-9]{16,19}$", "^[ \\d]{16,19}$", "^(?:[0-9 ]{16,19})$", "^[0-9 ]{16,}$"]


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_a_class_of_digits_and_spaces_written_in_another_order_or_group_is_a_card_number(pattern, policy):
    prop = {"type": "string", "title": "Number", "pattern": pattern}
    assert not allowed(MESSAGE, {"n": prop}, policy)


@pytest.mark.xfail(strict=True, reason="a space written '\\x20' is no separator digit_span reads: the pattern is "
                                       "not read as digits only (a gap older than session 30)")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_two_groups_of_eight_split_by_an_escaped_space_are_a_card_number(policy):
    prop = {"type": "string", "title": "Number", "pattern": "^\\d{8}\\x20?\\d{8}$"}
    assert not allowed(MESSAGE, {"n": prop}, policy)
