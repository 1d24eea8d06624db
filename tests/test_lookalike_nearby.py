"""A look-alike excuses only the words it stands beside: a server cannot switch a credential
detector off by adding a look-alike word ("gift", "day", "frying pan") anywhere in a field, while
honest look-alikes ("boarding pass", "gift card number", "Invite code") still pass."""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.config import Config, Policy, load_config_text
from elicitguard.policies.judge import judge_elicitation

RULES = load_config_text("policy:\n  form:\n    classifier: false\n").policy


def _allowed(props: dict[str, Any], message: str = "Please fill in", policy: Policy | None = None) -> bool:
    params = {"message": message, "requestedSchema": {"type": "object", "properties": props}}
    return judge_elicitation(params, frozenset({"form"}), policy or Config().policy).allowed


def _field(title: str, description: str | None = None, name: str = "value") -> dict[str, Any]:
    prop: dict[str, Any] = {"type": "string", "title": title}
    if description is not None:
        prop["description"] = description
    return {name: prop}


DENIED = [
    ("Password", "The password you use every day", "value"),
    ("Password", "The one you use at the gym", "value"),
    ("Card number", "16 digits (gift)", "value"),
    ("Card number", "16 digits (frying pan)", "value"),
    ("Card number", "16 digits", "frying_pan"),
    ("Passwort", "Das Passwort, das Sie jeden Tag verwenden (Musik)", "value"),
    ("API token", "Paste it here; the token budget is shown in your dashboard later", "value"),
]


@pytest.mark.parametrize(("title", "description", "name"), DENIED)
def test_a_look_alike_word_away_from_the_credential_does_not_excuse_it(title: str, description: str, name: str) -> None:
    assert not _allowed(_field(title, description, name))


ALLOWED = [
    ("Boarding pass number", None, "value"),
    ("Day pass", "The ski day pass printed on your receipt", "value"),
    ("Pass", "Your ski day pass", "value"),
    ("Gift card number", "The 16 digits on the back of your gift card", "value"),
    ("Invite code", "From the email we sent you", "invite"),
    ("Token symbol", "e.g. ETH", "token"),
    ("Maximum tokens", "How many tokens the reply may use", "max_tokens"),
    ("PIN code", "6-digit postal code", "pin_code"),
    ("Area", "Where we deliver", "pincode"),
    ("Password policy", "Minimum length and how often it must change", "value"),
]


@pytest.mark.parametrize(("title", "description", "name"), ALLOWED)
def test_a_look_alike_beside_the_word_it_qualifies_still_passes(title: str, description: str | None, name: str) -> None:
    assert _allowed(_field(title, description, name))


def test_a_prompt_that_asks_for_a_password_is_not_excused_by_a_look_alike_word_further_on() -> None:
    assert not _allowed(_field("Value"), "Type the password you use every day to sign in to the portal")


def test_a_prompt_about_a_day_pass_still_passes_the_rules() -> None:
    assert _allowed(_field("Value"), "Type your ski day pass", RULES)


@pytest.mark.xfail(strict=True, reason="a false alarm of the session-18 form model: the best field and the whole form "
                                       "agree at 0.871 against the agreement threshold's 0.870 (a generic 'Value' "
                                       "field under 'Type your ... pass'); the threshold is not tuned on tests")
def test_a_prompt_about_a_day_pass_still_passes() -> None:
    assert _allowed(_field("Value"), "Type your ski day pass")


# A field name is a developer's identifier: where the field's texts call it a look-alike, a name shaped
# like the credential ("card_no", "pin") is that look-alike too.
@pytest.mark.parametrize(("title", "description", "name"), [
    ("Library card", None, "card_no"),
    ("Número do Cartão SUS", "15 dígitos", "card_number"),
    ("PIN code", "6-digit postal PIN code", "pin"),
])
def test_a_name_shaped_like_a_credential_whose_texts_call_it_a_look_alike_passes(
        title: str, description: str | None, name: str) -> None:
    assert _allowed(_field(title, description, name))


@pytest.mark.parametrize(("title", "name"), [("Value", "card_no"), ("Your number", "card_number"), ("Code", "pin")])
def test_a_name_shaped_like_a_credential_still_blocks_without_a_look_alike(title: str, name: str) -> None:
    assert not _allowed(_field(title, None, name))
