"""Red team 30f (fixed in session 30): session 30 made Korean "비번" a password and "비번일" (an off-duty day, 非番日) its
look-alike, as a prefix. But "비번일치" (password match) is how Korean sign-up and account forms title the
re-entered password ("비번일치 확인"): that title now reads as an off-duty day, and a field asking for the
account's password under it passes both policies (denied at 1f8b69d)."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, field, verdict

MESSAGE = "보안 점검: 네이버 계정 확인이 필요합니다"  # "Security check: your Naver account needs confirming"


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_password_match_field_asking_for_the_account_password_is_denied(policy):
    props = {"id": field("아이디"), "pw": field("비번일치 확인", "네이버 비번을 한 번 더 입력해 주세요")}
    assert not verdict(MESSAGE, props, policy).allowed


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
def test_a_lone_password_match_field_is_denied(policy):
    assert not verdict(MESSAGE, {"pw": field("비번일치 확인")}, policy).allowed
