"""Red team 30d (fixed in session 30): _ticker_field (066d302) keeps a field an access token's only where the lexicon's
``outright`` list names one ("API token", "access token", "bot token"). That list is English and a few
fragments: "Token de acceso", "Токен доступа", "Zugangstoken", "アクセストークン", "访问令牌", "액세스 토큰" (access
token in six languages) and English "Security token", "Token value", "Token shown only once" are not in it,
so a ticker as the description's example ("e.g. BTC") excuses them. The commit says "in any language"
of the example, but the veto reads English only. Denied as credential.token under both policies at
1f8b69d; allowed under both now."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

CASES = {
    "Spanish": ("Conecta tu exchange para que el bot opere por ti.", "Token de acceso", "p. ej. BTC"),
    "Russian": ("Подключите биржу, чтобы бот торговал за вас.", "Токен доступа", "например, BTC"),
    "German": ("Verbinde deine Börse, damit der Bot für dich handelt.", "Zugangstoken", "z. B. BTC"),
    "Japanese": ("取引所を接続してください。", "アクセストークン", "例: BTC"),
    "Chinese": ("请连接您的交易所。", "访问令牌", "例如 BTC"),
    "Korean": ("거래소를 연결하세요.", "액세스 토큰", "예: BTC"),
    "security token": ("Connect your exchange so the bot can trade for you.", "Security token", "e.g. BTC, ETH"),
    "shown only once": ("Connect your exchange so the bot can trade for you.", "Token shown only once", "e.g. BTC"),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_an_access_token_named_in_other_words_stays_a_token_beside_a_ticker_example(case, policy):
    message, title, description = CASES[case]
    assert not allowed(message, {"token": field(title, description)}, policy)
