"""A field that names a token and gives well-known tickers as its own example ("e.g. BTC, ETH", in any
language's words for "e.g.") asks for a crypto token's symbol, not an access token; one that names an
access token outright, or sits under a prompt asking for one, still asks for the token."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import IDS, POLICIES, allowed
from elicitguard.policies.config import Policy
from elicitguard.policies.shapes import ticker_example


@pytest.mark.parametrize(("text", "example"), [
    ("e.g. BTC, ETH", True), ("Напрыклад, BTC, ETH, TON", True), ("adib. ETH edo USDC", True),
    ("Token jele (pl. BTC)", True), ("ఉదా. SOL, USDT", True), ("VD: ETH", True),
    ("Paste the API token of your BTC exchange account", False), ("e.g. ABC", False),
    ("Bitte das Kürzel angeben, z. B. SOL, wie auf der Börse angezeigt, mit Großbuchstaben.", False),
    ("e.g. ghp_ABC", False), (None, False),
], ids=str)
def test_a_text_ends_with_well_known_tickers_as_its_example(text: Any, example: bool) -> None:
    assert ticker_example(text) is example


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize(("message", "prop"), [
    ("Ստեղծեք գնի ծանուցում Binance-ի համար։", {"title": "Թոքենի սիմվոլ", "description": "օր.՝ BTC, ETH"}),
    ("ແຈ້ງເຕືອນລາຄາ", {"title": "ສັນຍາລັກໂທເຄັນ", "description": "ເຊັ່ນ USDT, ETH", "maxLength": 10}),
    ("Thêm cảnh báo giá", {"title": "Mã token", "description": "VD: ETH"}),
], ids=str)
def test_a_token_field_whose_example_is_a_ticker_passes(message: str, prop: dict[str, Any], policy: Policy) -> None:
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
