"""Red team 30d (fixed in session 30): detect_card_by_expiry (37b6fea, narrowed in 1944585) reads any field of a month and a
two-digit year as a card's expiry, whatever date its own title names, and any "card" named in the form as a
payment card. A graphics card sold second-hand ("Model", "Bought (MM/YY)"), a graded trading card
("Player", "Graded on (MM/YY)"), an SD card's warranty ("Serial", "Purchased (MM/YY)") are denied as
payment.card_number under both policies: a purchase or grading month is no expiry, and no payment card is
named. All allowed under both policies at 1f8b69d (the SD card's also at 04d31bd: the look-alikes read
in the two fields' own texts since 1944585 no longer see the message's "warranty")."""

from __future__ import annotations

import pytest

from tests.both_policies import IDS, POLICIES, allowed, field

CASES = {
    "graphics card": ("List your graphics card for sale.", ("model", "Model"), ("when", "Bought (MM/YY)")),
    "trading card": ("Add a trading card to your collection.", ("player", "Player"), ("graded", "Graded on (MM/YY)")),
    "SD card warranty": ("Register the warranty of your SD card.", ("serial", "Serial"), ("bought", "Purchased (MM/YY)")),
    "Spanish graphics card": ("Vende tu tarjeta gráfica.", ("model", "Modelo"), ("when", "Comprada (MM/AA)")),
}


@pytest.mark.parametrize("policy", POLICIES, ids=IDS)
@pytest.mark.parametrize("case", list(CASES))
def test_a_purchase_or_grading_month_beside_a_model_or_serial_of_a_non_payment_card_is_allowed(case, policy):
    message, (name1, title1), (name2, title2) = CASES[case]
    assert allowed(message, {name1: field(title1), name2: field(title2)}, policy)
