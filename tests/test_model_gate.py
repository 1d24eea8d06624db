"""Which fields the credential model scores (classifier.eligible): a look-alike title is what the
look-alike tables say it is, but a word that only qualifies a credential word ("name", "number",
"max", "label": lexicon concepts ~meta and ~token) says nothing of a field on its own."""

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
# Titles that are a look-alike in their own right stay the look-alike tables' to judge.
LOOK_ALIKE_TITLES = [
    ("zip", "Postal code"),
    ("gift", "Gift card number"),
    ("promo", "Coupon code"),
    ("pan", "Pan size"),
]


@pytest.mark.parametrize(("name", "title"), QUALIFIERS, ids=[t for _n, t in QUALIFIERS])
def test_a_title_holding_only_a_qualifying_word_leaves_the_field_to_the_model(name: str, title: str) -> None:
    assert classifier.eligible(name, {"type": "string", "title": title, "description": "x y"}, 1)


@pytest.mark.parametrize(("name", "title"), LOOK_ALIKE_TITLES, ids=[t for _n, t in LOOK_ALIKE_TITLES])
def test_a_title_that_is_a_look_alike_keeps_the_field_from_the_model(name: str, title: str) -> None:
    assert not classifier.eligible(name, {"type": "string", "title": title, "description": "x y"}, 1)


def test_a_title_naming_the_credential_beside_a_qualifying_word_is_the_rules_to_judge() -> None:
    assert not classifier.eligible("len", {"type": "string", "title": "Password length", "description": "x y"}, 1)


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
], ids=["max-tokens", "network-name", "house-number"])
def test_an_honest_field_under_a_qualifying_title_still_passes(message: str, props: dict[str, Any]) -> None:
    assert allowed(message, props, DEFAULT)
