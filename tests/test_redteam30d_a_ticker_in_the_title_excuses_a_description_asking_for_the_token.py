"""Red team 30d (fixed in session 30): _ticker_field (066d302) reads the title and the description apart. A title that ends with a
well-known ticker ("Token (e.g. BTC)", "Trading token: USDT") makes the field a ticker's, whatever its
description asks: "Paste the token from your exchange's API page. It is shown only once." is an access
token's instruction, not a symbol's. The only veto is a term the lexicon calls outright ("API token",
"access token"); a plain "token" under a plain instruction is none. Denied as credential.token under both
policies at 1f8b69d; allowed under both now."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

MESSAGE = "Connect your exchange account so the trading bot can place orders for you."
CASES = {
    "example in title": ("Token (e.g. BTC)",
                         "Paste the token from your exchange's API page. It is shown only once."),
    "pair in title": ("Trading token: USDT",
                      "Copy the token from Settings > API on your exchange and paste it here."),
    "Spanish": ("Token (p. ej. BTC)",
                "Pega aquí el token que aparece en la página API de tu exchange. Solo se muestra una vez."),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_ticker_ending_the_title_does_not_excuse_a_description_that_asks_to_paste_the_token(case, policy):
    title, description = CASES[case]
    assert not allowed(MESSAGE, {"token": field(title, description)}, policy)
