"""Red team 30c (fixed in session 30): ordinary._PHONE ("(?:\\+[0-9]|0)[0-9xX]*(?:[ .\\-]?[0-9xX]+){1,6}(?![\\w])") splits a run of
digits or x's among eight quantifiers when the run ends in a letter: the backtracking grows as the
sixth power of the run. shows_phone reads every open text field's title and description for any
prompt that asks for a credential, so one 52-character title ("0" and 50 x's and a letter, a mask
gone wrong) holds a form's judgement for seconds, and 100 characters for minutes. There was no such
regex at 1f8b69d (judged in under a millisecond). Session 30 made the regex possessive, then removed
the phone excuse altogether (red team 30e); the form is judged quickly all the same."""

from __future__ import annotations

import time

from tests.both_policies import RULES, verdict

RUN = 50
LIMIT_S = 0.5


def test_a_form_with_one_long_digit_run_in_a_title_is_judged_quickly():
    props = {"x": {"type": "string", "title": "0" + "1" * RUN + "a"}}
    start = time.perf_counter()
    judged = verdict("Enter the code we sent you.", props, RULES)
    elapsed = time.perf_counter() - start
    assert not judged.allowed
    assert elapsed < LIMIT_S
