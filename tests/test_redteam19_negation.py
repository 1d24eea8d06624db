"""Red team 19: a negation must not reach over a full stop written without a space ("password.enter")."""

from __future__ import annotations

import pytest

from both_policies import DEFAULT, RULES
from both_policies import verdict as _verdict




@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
@pytest.mark.parametrize("message", [
    "We never ask for your password.enter your password below",
    "Never share your password.type your password here",
    "We will never ask for your API key.paste your api key here",
])
def test_a_negation_does_not_take_back_an_ask_after_a_full_stop_without_a_space(message: str, policy: object) -> None:
    verdict = _verdict(message, {"value": {"type": "string", "title": "Value"}}, policy)
    assert not verdict.allowed  # type: ignore[attr-defined]


@pytest.mark.parametrize("policy", [RULES, DEFAULT], ids=["rules", "default"])
def test_a_field_description_that_asks_after_an_unspaced_full_stop_is_still_read(policy: object) -> None:
    props = {"p": {"type": "string", "title": "Value", "description": "Never share your password.enter your password here"}}
    assert not _verdict("Login", props, policy).allowed  # type: ignore[attr-defined]


@pytest.mark.parametrize("message", ["Paste id_ed25519.pub", "Never paste id_ed25519 here, only id_ed25519.pub",
                                     "Visit example.com and never share your password there"])
def test_file_names_and_hosts_keep_their_full_stops(message: str) -> None:
    assert _verdict(message, {"value": {"type": "string", "title": "Value"}}, RULES).allowed  # type: ignore[attr-defined]
