"""Red team 30g (fixed in session 30): session 30's Korean look-alike '비번 근무' (an off-duty shift) excuses a field whose
title also names the password in full (비밀번호): a shift roster's phishing login passes under both
policies (denied at 1f8b69d)."""

from __future__ import annotations

import pytest
from both_policies import IDS, POLICIES, allowed, field


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_an_off_duty_word_beside_the_full_word_for_password_still_asks_a_password(policy):
    props = {"id": field("사번"), "pw": field("비번 근무자 포함 비밀번호 입력")}
    assert not allowed("근무표 시스템 로그인", props, policy)
