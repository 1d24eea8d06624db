"""Red team 22b: the session's new look-alikes ("KRA PIN", "tax PIN", Slavic postal codes, "CLABE",
"ICCID", a SIM card in Burmese) excuse what they stand beside, and so excused the credential joined
to them by a conjunction ("Card number or CLABE", "KRA PIN and ATM PIN"), as a metadata word did
before red team 21b; a PIN look-alike or postal word anywhere in a field or a prompt clause (PIN's look-alikes reach
field-wide) excused a PIN the title or the prompt names outright ("ATM PIN") or ties to a card, a
bank or a payment app ("your delivery address and your bank card PIN")."""

from __future__ import annotations

from typing import Any

import pytest

from both_policies import DEFAULT, RULES
from both_policies import allowed as judged_allowed

POLICIES = {"default": DEFAULT, "rules": RULES}


def _allowed(message: str, fields: dict[str, dict[str, Any]], policy: str) -> bool:
    """both_policies.allowed, each field a string unless it says otherwise."""
    return judged_allowed(message, {name: {"type": "string", **spec} for name, spec in fields.items()}, POLICIES[policy])


ASKING = [
    ("Pay", {"v": {"title": "Card number or CLABE"}}),
    ("Pay", {"v": {"title": "Número de tarjeta o CLABE"}}),
    ("Pay", {"v": {"title": "CLABE or card number", "pattern": "^[0-9]{16}$"}}),
    ("Enter your KRA PIN and your ATM PIN.", {"v": {"title": "Value"}}),
    ("Verify", {"pin": {"title": "KRA PIN and ATM PIN"}}),
    ("Verify", {"pin": {"title": "ATM PIN", "description": "Not your KRA PIN; your tax PIN is on file."}}),
    # A PIN's look-alikes and postal words reach the whole field and the whole clause (Pin.field_wide);
    # not a PIN the same field or clause ties to a card, a bank or a payment app.
    ("Pay", {"pin": {"title": "PIN", "description": "Your KRA PIN or card PIN"}}),
    ("Enter your postal code and card PIN.", {"v": {"title": "Value"}}),
    ("Unesite PIN kartice i poštanski broj.", {"v": {"title": "Broj"}}),
    ("Enter your delivery address and your bank card PIN.", {"v": {"title": "Value"}}),
    ("Enter your shipping address and card PIN.", {"v": {"title": "Value"}}),
    ("Delivery address and your PhonePe pin code please", {"v": {"title": "Value", "pattern": "^[0-9]{6}$"}}),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "fields"), ASKING)
def test_a_look_alike_joined_to_a_credential_or_beside_one_named_outright_excuses_nothing(
        message: str, fields: dict[str, dict[str, Any]], policy: str) -> None:
    assert not _allowed(message, fields, policy)


HONEST = [
    ("Please provide your KRA PIN for the invoice.", {"kra_pin": {"title": "KRA PIN", "pattern": "^[AP][0-9]{9}[A-Z]$"}}),
    ("Ingresa tu CLABE para recibir el reembolso.", {"clabe": {"title": "CLABE", "pattern": "^[0-9]{18}$"}}),
    ("Enter the ICCID printed on your new SIM card.", {"iccid": {"title": "ICCID", "pattern": "^[0-9]{19,20}$"}}),
    ("Refund", {"v": {"title": "CLABE or account number", "pattern": "^[0-9]{18}$"}}),
    ("Tell us about the SIM", {"v": {"title": "ICCID or SIM card number"}}),
    ("Unesite poštanski broj i grad.", {"pb": {"title": "Poštanski broj"}, "grad": {"title": "Grad"}}),
    ("Deliver to: enter your PIN code and address", {"v": {"title": "PIN code and address"}}),
    ("Where should we ship it?", {"v": {"title": "Postal code and city"}}),
    ("Ship it", {"pin": {"title": "Delivery PIN code",
                         "description": "Postal area and PIN code of the delivery address"}}),
]


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "fields"), HONEST)
def test_the_look_alikes_still_excuse_an_honest_form(message: str, fields: dict[str, dict[str, Any]],
                                                     policy: str) -> None:
    assert _allowed(message, fields, policy)


STILL_PASSING = [
    # Burmese runs its words together: a SIM card ("ဆင်းကတ်") in the same phrase, negated or joined by
    # an attached "and" (နှင့်), is beside the bank card number it is no look-alike of.
    ("ဆင်းကတ်မဟုတ်ဘဲ ဘဏ်ကတ်နံပါတ်ထည့်ပါ", {"v": {"title": "နံပါတ်"}}),
    ("ဆင်းကတ်နှင့်ဘဏ်ကတ်နံပါတ်ထည့်ပါ", {"v": {"title": "နံပါတ်"}}),
]


@pytest.mark.xfail(strict=True, reason="Burmese phrases run a look-alike and the card it is not into one word "
                                       "(negation and 'and' attached): word distance cannot part them")
@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("message", "fields"), STILL_PASSING)
def test_a_bank_card_number_in_the_burmese_phrase_of_a_sim_card_is_still_denied(message: str, fields: dict[str, dict[str, Any]],
                                                                     policy: str) -> None:
    assert not _allowed(message, fields, policy)


@pytest.mark.xfail(strict=True, reason="design question: postal.PAID is read over the whole form, so a card named in "
                                       "any field ('Name on card') makes India's postal pincode a card's PIN")
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_an_indian_checkout_with_a_name_on_card_field_passes_its_postal_pincode(policy: str) -> None:
    assert _allowed("Delivery address and pincode", {"pin": {"title": "Pincode", "pattern": "^[0-9]{6}$"},
                                                     "card": {"title": "Name on card"}}, policy)
