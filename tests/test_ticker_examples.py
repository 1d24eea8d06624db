"""A field that names a token's symbol, sign or ticker beside the word for token ("និមិត្តសញ្ញាថូខឹន",
"ສັນຍາລັກໂທເຄັນ", in the lexicon's `~token` look-alikes) asks for a crypto token's symbol, not an access
token; one that names an access token, in any words, or sits under a prompt asking for one, still asks
for the token, whatever ticker it gives as its example (red teams 30d and 30e)."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("បង្កើតការជូនដំណឹងតម្លៃ", {"title": "និមិត្តសញ្ញាថូខឹន", "description": "ឧ. BTC"}),
    ("ແຈ້ງເຕືອນລາຄາ", {"title": "ສັນຍາລັກໂທເຄັນ", "description": "ເຊັ່ນ USDT, ETH", "maxLength": 10}),
    ("ಟೋಕನ್ ಬೆಲೆ ಎಚ್ಚರಿಕೆ", {"title": "ಟೋಕನ್ ಚಿಹ್ನೆ", "description": "ಉದಾ: MATIC, USDT"}),
], ids=str)
def test_a_token_field_that_names_the_tokens_symbol_passes(message: str, prop: dict[str, Any], policy: Policy) -> None:
    assert allowed(message, {"token": {"type": "string", **prop}}, policy)


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Connect your exchange", {"title": "API token (e.g. ETH)"}),
    ("Connect your exchange", {"title": "Access token", "description": "e.g. BTC"}),
    ("Paste your exchange's personal access token below.", {"title": "Token", "description": "e.g. BTC"}),
], ids=str)
def test_an_access_token_with_a_ticker_beside_it_is_still_a_token(message: str, prop: dict[str, Any],
                                                                   policy: Policy) -> None:
    assert not allowed(message, {"token": {"type": "string", **prop}}, policy)
