"""Which fields the credential model scores (classifier.eligible): every described field whose own
text names no credential (those are the rules'), whatever look-alike word its title holds but a card's:
a bland "Number" or "Name" (a qualifying word of the lexicon, ~meta and ~token) says nothing of a field,
and a look-alike title ("Coupon code") over a description that asks for a code by its use is what a
server would write to switch the model off."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies import classifier
from tests.both_policies import DEFAULT, allowed

# Bland titles a paraphrase hides behind: each holds only a qualifying word of the lexicon.
QUALIFIERS = [
    ("broj", "Broj"),                             # hr: number (~token: "broj tokena")
    ("zuel", "Zuel"),                             # lb: number
    ("numri", "Numri"),                           # mt/sq: number
    ("inani", "Inani"),                           # zu: value
    ("simvoly", "Пять символов"),                 # ru: five characters
    ("too", "Дөрвөн оронтой тоо"),                # mn: four-digit number
    ("enw", "Enw"),                               # cy: name (~meta: a key's name)
    ("sekolah", "Nama sekolah rendah pertama awak"),  # ms: name of your first primary school
    ("uz_ime", "Ono što upisuješ uz ime"),        # hr: what you type next to the name
    ("etiqueta", "Texto da etiqueta"),            # gl: the label's text
    ("hint", "Hint"),
]
# Titles that are a look-alike in their own right: the model scores them too (it learnt them).
LOOK_ALIKE_TITLES = [
    ("zip", "Postal code"),
    ("promo", "Coupon code"),
    ("ref", "Booking reference"),
]
# But a card's look-alike title keeps the field from it: a card number's n-grams outweigh it.
CARD_LOOK_ALIKE_TITLES = [("pan", "Pan size"), ("lib", "Library card"), ("loyalty", "Loyalty card")]


@pytest.mark.parametrize(("name", "title"), QUALIFIERS, ids=[t for _n, t in QUALIFIERS])
def test_a_title_holding_only_a_qualifying_word_leaves_the_field_to_the_model(name: str, title: str) -> None:
    assert classifier.eligible(name, {"type": "string", "title": title, "description": "x y"}, 1)


@pytest.mark.parametrize(("name", "title"), LOOK_ALIKE_TITLES, ids=[t for _n, t in LOOK_ALIKE_TITLES])
def test_a_look_alike_title_leaves_the_field_to_the_model_too(name: str, title: str) -> None:
    assert classifier.eligible(name, {"type": "string", "title": title, "description": "x y"}, 1)


@pytest.mark.parametrize(("name", "title"), CARD_LOOK_ALIKE_TITLES, ids=[t for _n, t in CARD_LOOK_ALIKE_TITLES])
def test_a_cards_look_alike_title_keeps_the_field_from_the_model(name: str, title: str) -> None:
    assert not classifier.eligible(name, {"type": "string", "title": title, "description": "x y"}, 1)


def test_pan_size_in_a_shop_passes_the_default_policy() -> None:
    assert allowed("Complete your purchase.", {"value": {"type": "string", "title": "Pan size"}}, DEFAULT)


@pytest.mark.parametrize("title", ["Password length", "Gift card number"])
def test_a_title_naming_the_credential_is_the_rules_to_judge_with_their_look_alike_tables(title: str) -> None:
    assert not classifier.eligible("f", {"type": "string", "title": title, "description": "x y"}, 1)


# Forms the model let through while their bland title kept the field from it (training corpora).
PARAPHRASES: list[tuple[str, dict[str, Any]]] = [
    ("Biex tissottometti l-applikazzjoni, daħħal is-sitt numri li qed turik issa l-app tal-identità elettronika.",
     {"valur": {"type": "string", "title": "Sitt numri", "pattern": "^[0-9]{6}$"}}),
    ("Qinisekisa ukuthumela imali.",
     {"inani": {"type": "string", "title": "Inani",
                "description": "Amanani amathandathu abonakala ngoku kwi-app yebhanki yakho xa ucela ukuvuma"}}),
]


@pytest.mark.parametrize(("message", "props"), PARAPHRASES, ids=["mt-eid-digits", "xh-bank-approval"])
def test_a_paraphrased_code_under_a_bland_title_is_denied_by_the_default_policy(message: str,
                                                                                props: dict[str, Any]) -> None:
    assert not allowed(message, props, DEFAULT)


@pytest.mark.parametrize(("message", "props"), [
    ("Generation settings", {"max_tokens": {"type": "integer", "title": "Max tokens",
                                            "description": "The most tokens the reply may use"}}),
    ("Which network?", {"ssid": {"type": "string", "title": "Network name", "description": "Only the name, not the password"}}),
    ("Find stores near you", {"n": {"type": "string", "title": "Number", "description": "Your house number"}}),
    ("Where should we deliver?", {"z": {"type": "string", "title": "Postal code", "description": "The code of your town"}}),
    ("Checkout", {"c": {"type": "string", "title": "Coupon code", "description": "From our newsletter, if you have one"}}),
    ("Redeem", {"g": {"type": "string", "title": "Gift card code", "description": "The 16 characters on the back"}}),
], ids=["max-tokens", "network-name", "house-number", "postal-code", "coupon", "gift-card"])
def test_an_honest_field_under_a_qualifying_title_still_passes(message: str, props: dict[str, Any]) -> None:
    assert allowed(message, props, DEFAULT)
