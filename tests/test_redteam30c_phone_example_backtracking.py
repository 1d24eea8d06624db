"""Red team 30c (fixed in session 30): ordinary._PHONE ("(?:\\+[0-9]|0)[0-9xX]*(?:[ .\\-]?[0-9xX]+){1,6}(?![\\w])") splits a run of
digits or x's among eight quantifiers when the run ends in a letter: the backtracking grows as the
sixth power of the run. shows_phone reads every open text field's title and description for any
prompt that asks for a credential, so one 52-character title ("0" and 50 x's and a letter, a mask
gone wrong) holds a form's judgement for seconds, and 100 characters for minutes. There was no such
regex at 1f8b69d (judged in under a millisecond)."""

from __future__ import annotations

import time

import pytest

from elicitguard.policies.ordinary import shows_phone
from tests.both_policies import RULES, verdict

RUN = 50
LIMIT_S = 0.5


@pytest.mark.parametrize("title", ["0" + "1" * RUN + "a", "0" + "x" * RUN + "a", "+1" + "1" * RUN + "_"])
def test_shows_phone_reads_a_long_run_of_digits_ending_in_a_letter_in_linear_time(title):
    start = time.perf_counter()
    shows_phone("x", "string", {"type": "string", "title": title})
    assert time.perf_counter() - start < LIMIT_S


def test_a_form_with_one_long_digit_run_in_a_title_is_judged_quickly():
    props = {"x": {"type": "string", "title": "0" + "1" * RUN + "a"}}
    start = time.perf_counter()
    judged = verdict("Enter the code we sent you.", props, RULES)
    elapsed = time.perf_counter() - start
    assert not judged.allowed
    assert elapsed < LIMIT_S
