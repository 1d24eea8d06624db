"""Red team 30e (left as a design xfail in session 30): the lexicon now reads Korean "비번" (short for 비밀번호, password) as a password, by prefix. "비번"
(非番) is also the everyday word for off duty in shift work: police, fire, nursing and security rosters ask for
the "비번일" (off-duty day) or "비번 희망일" (requested day off). A shift-roster form is denied as
credential.password under both policies; all were allowed under both policies at 1f8b69d: a false alarm of
today's lexicon change. Session 30 tried off-duty look-alikes ("비번일", "비번 근무"); red team 30g showed one
excusing 비밀번호 in the same title, so they were removed: the slang word catches real credential forms, and
a shift roster's "비번일" is a false alarm left as a strict xfail."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "다음 달 교대 근무표를 작성해 주세요."  # "Please fill in next month's shift roster."
CASES = {
    "off-duty day": ("비번일", "비번인 날짜를 입력하세요"),
    "off-duty date": ("비번 날짜", None),
    "requested day off": ("비번 희망일", None),
}


@pytest.mark.xfail(strict=True, reason="design (session 30): Korean 비번 is read as the password slang; its "
                   "look-alikes for off duty (비번일, 비번 근무) excused 비밀번호 beside them (red team 30g) and were removed")
@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_korean_off_duty_in_a_shift_roster_is_no_password(case, policy):
    title, description = CASES[case]
    assert allowed(MESSAGE, {"day": field(title, description)}, policy)
