"""A field that names an access token, in any words, or sits under a prompt asking for one, asks for the
token whatever ticker it gives as its example ("e.g. BTC"): session 30 tried a ticker-example excuse and
then 24 languages' words for a token's symbol as look-alikes, and its red teams (30d, 30e, 30g) turned
both back ("Bot token", "Jeton API", "paste the token with every symbol")."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Connect your exchange", {"title": "API token (e.g. ETH)"}),
    ("Connect your exchange", {"title": "Access token", "description": "e.g. BTC"}),
    ("Paste your exchange's personal access token below.", {"title": "Token", "description": "e.g. BTC"}),
], ids=str)
def test_an_access_token_with_a_ticker_beside_it_is_still_a_token(message: str, prop: dict[str, Any],
                                                                   policy: Policy) -> None:
    assert not allowed(message, {"token": {"type": "string", **prop}}, policy)
