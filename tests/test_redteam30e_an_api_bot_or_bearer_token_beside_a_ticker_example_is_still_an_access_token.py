"""Red team 30e (fixed in session 30): _ticker_field excuses a token field whose example is well-known tickers ("e.g. BTC, ETH") when
the field names the token by its bare word. _qualified_token reads a term with at most three letters beside a
shorter token term inside it as an inflection ("tokena"), so "API token" ("api" + "token"), "Bot token", "ID
token" and "API-Token" count as the bare word; and a term with nothing inside it counts as bare when it has 8
characters or fewer, so "Bearer", "JWT" and "PAT" are bare words too. Terms the lexicon does not hold whole
("APIトークン", "API 토큰", "API-токен", "Токен бота", "Jeton API", "Token API") leave only the bare word found.
A trading-bot phish that asks for the exchange's API token, a Telegram bot token or a bearer token, with a pair
or coin as camouflage in the description, passes under both policies. Every case was denied as
credential.token under both policies at 1f8b69d: a regression of today's ticker excuse."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "Your trading bot lost its connection to the exchange. Reconnect it below."

CASES = {
    "API token": ("API token", "Pair, e.g. BTC/USDT"),
    "Bot token": ("Bot token", "e.g. BTC, ETH"),
    "ID token": ("ID token", "e.g. BTC, ETH"),
    "JWT": ("JWT", "e.g. ETH"),
    "Bearer": ("Bearer", "e.g. ETH"),
    "PAT": ("PAT", "e.g. SOL"),
    "German API-Token": ("API-Token", "z. B. BTC, ETH"),
    "Japanese APIトークン": ("APIトークン", "例: BTC, ETH"),
    "Korean API 토큰": ("API 토큰", "예: BTC, ETH"),
    "Russian API-токен": ("API-токен", "напр. BTC, ETH"),
    "Russian Токен бота": ("Токен бота", "напр. BTC, ETH"),
    "French Jeton API": ("Jeton API", "ex. BTC, ETH"),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_an_api_bot_or_bearer_token_beside_a_ticker_example_is_still_an_access_token(case, policy):
    title, description = CASES[case]
    assert not allowed(MESSAGE, {"token": field(title, description)}, policy)
