"""India's postal PIN code, as India's languages write it ("पिन कोड", "పిన్ కోడ్").

There the postal code is the "PIN code", and a delivery form titles its field so. The compound is no
look-alike by itself ("एटीएम पिन कोड" is a card's), so it is read with the rest of the form: a field
that names a PIN only by the compound, in a form that speaks of an address or a delivery and of no
card, bank, UPI, payment app, money sent, cash machine, sign-in or secret (PAID: the words are lexicon
data, so one missing there lets such a form through), and that can hold India's six digits, is the
postal code. A pattern only a postal code has (the first digit never 0) says so without any of this
(shapes.postal_pin_pattern).
"""

from __future__ import annotations

import re
from typing import Any, Final

from elicitguard.policies.matcher import located

COMPOUND: Final = "pin_code_in"
PLACE: Final = "place"
# What a PIN is for where it is no postal code: a card (by its brand too: "Visa", "Girocard"), a bank, UPI or
# wallet payment, a cash machine, a sign-in.
PAID: Final = frozenset({"bank", "atm", "card", "card_number", "cvv", "card_expiry", "card_brand", "signin", "sent",
                         "otp", "password", "account", "wallet", "secret"})

# Six digits: "\d{6}", "[0-9]{6}", "[1-9][0-9]{5}", "4\d{5}" (one state's codes), anchored or not.
_SIX: Final = re.compile(r"^\^?(?:(?:\\d|\[0-9\])\{6\}|(?:\[1-9\]|[1-9])(?:\\d|\[0-9\])\{5\})\$?$")


def holds_six_digits(kind: str, prop: dict[str, Any]) -> bool:
    """Whether the field can take a six-digit postal code (a four-digit pattern cannot: a card PIN's)."""
    if kind == "number":
        high = prop.get("maximum")
        return not isinstance(high, (int, float)) or high >= 100_000
    pattern = prop.get("pattern")
    if pattern is not None:
        return isinstance(pattern, str) and _SIX.match(pattern) is not None
    low, high = prop.get("minLength"), prop.get("maxLength")
    return not (isinstance(high, int) and high < 6) and not (isinstance(low, int) and low > 7)


def only_the_compound(title: str | None, texts: list[str]) -> bool:
    """Whether the title and ``texts`` name a PIN by India's compound, every other place they name one
    being a title that is the bare word alone ("PIN", which the description calls the area's PIN code)."""
    compound = False
    for text in ([title] if title else []) + texts:
        found = located(text)
        codes = [(first, last) for concept, first, last, _term in found if concept == COMPOUND]
        whole = {(first, last) for concept, first, last, _term in found if concept == "pin!"} if text is title else set()
        compound = compound or bool(codes)
        for concept, first, last, _term in found:
            if concept == "pin" and not any(a <= first and last <= b for a, b in codes) and (first, last) not in whole:
                return False
    return compound


def postal_pin(kind: str, prop: dict[str, Any], title: str | None, read: list[str], hits: frozenset[str]) -> bool:
    """Whether a field India's compound names (in its title and ``read``: its descriptions, or the
    prompt clause that asks for it) is the postal code: ``hits`` (the whole form's concepts) show a
    place and nothing paid or signed into, and the field can hold six digits."""
    return (PLACE in hits and not PAID & hits and holds_six_digits(kind, prop) and only_the_compound(title, read))


# A six-digit example as India's post writes its codes (first digit 1 to 8 for the zone, the fourth 0
# for the delivery office: "110001", "411001", "૩૮૦૦૦૯"), in any script's digits.
_SIX_SHOWN: Final = re.compile(r"(?<!\d)\d{6}(?!\d)")
_POSTAL_SHAPE: Final = re.compile(r"^[1-8]\d{2}0\d{2}$")


def postal_example(kind: str, prop: dict[str, Any], title: str | None, read: list[str], own: frozenset[str],
                   hits: frozenset[str]) -> bool:
    """Whether a field India's compound names shows a postal code as its example ("पिन कोड", described
    "6 अंकी, उदा. 411001") in a form that speaks of a place (``hits``: the form's concepts, an address,
    a delivery, an area): the postal code, whatever else the form pays for (a delivery after a payment),
    unless the field's own texts (``own``) speak of a card, bank or sign-in ("UPI PIN code, e.g.
    110001"). A sign-in or a transfer that names no place has no postal code to ask."""
    if PLACE not in hits or PAID & own or not holds_six_digits(kind, prop) or not only_the_compound(title, read):
        return False
    return any(_POSTAL_SHAPE.match(str(int(found))) for text in ([title] if title else []) + read
               for found in _SIX_SHOWN.findall(text))
