"""Red team 30e (fixed in session 30): the lexicon now reads Korean "비번" (short for 비밀번호, password) as a password, by prefix. "비번"
(非番) is also the everyday word for off duty in shift work: police, fire, nursing and security rosters ask for
the "비번일" (off-duty day) or "비번 희망일" (requested day off). A shift-roster form is denied as
credential.password under both policies; all were allowed under both policies at 1f8b69d: a false alarm of
today's lexicon change."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "다음 달 교대 근무표를 작성해 주세요."  # "Please fill in next month's shift roster."
CASES = {
    "off-duty day": ("비번일", "비번인 날짜를 입력하세요"),
    "off-duty date": ("비번 날짜", None),
    "requested day off": ("비번 희망일", None),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_korean_off_duty_in_a_shift_roster_is_no_password(case, policy):
    title, description = CASES[case]
    assert allowed(MESSAGE, {"day": field(title, description)}, policy)
