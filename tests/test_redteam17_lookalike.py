"""Red team 17: a look-alike word excuses only the look-alike it names.

"Day", "gym", "park" or "museum" excuse "pass" (a day pass, a gym pass), never "password"; and a title
that is only such a word ("Museum") does not excuse a description that asks outright for a password.
"""

from __future__ import annotations

from typing import Any

import pytest

from elicitguard.policies.forms import judge_form


def _rules(message: str, props: dict[str, Any]) -> list[str]:
    params = {"message": message, "requestedSchema": {"type": "object", "properties": props}}
    _names, problems, found = judge_form(params, True, frozenset(), use_model=True)
    return [r.rule for r in problems + found]


def _text(**kw: Any) -> dict[str, Any]:
    return {"type": "string", **kw}


@pytest.mark.parametrize("title, description", [
    ("Password", "Your gym password"),
    ("Password", "The password you use every day at the park"),
    ("Day password", None),
    ("Gym password", None),
])
def test_a_ticket_word_beside_password_does_not_excuse_it(title: str, description: str | None) -> None:
    prop = _text(title=title) if description is None else _text(title=title, description=description)
    assert _rules("Sign in", {"p": prop}) == ["credential.password"]


@pytest.mark.parametrize("message", ["Enter your password for the day", "Enter your gym account password",
                                     "Enter your day password"])
def test_a_ticket_word_in_the_prompt_does_not_excuse_the_password_it_asks_for(message: str) -> None:
    assert _rules(message, {"value": _text(title="Value")}) == ["credential.password"]


@pytest.mark.parametrize("title, description, rule", [
    ("Museum", "The password of your Gmail account", "credential.password"),
    ("Bus pass", "The password of your Gmail account", "credential.password"),
    ("Recipe", "The OAuth client secret of your app", "credential.client_secret"),
    ("Garden", "Your wallet seed phrase", "credential.seed_phrase"),
])
def test_a_look_alike_title_does_not_excuse_a_description_that_asks_for_something_else(
        title: str, description: str, rule: str) -> None:
    assert _rules("Fill in", {"p": _text(title=title, description=description)}) == [rule]


@pytest.mark.parametrize("title, description, rule", [
    ("Promo", "The verification code we texted you", "credential.otp"),
    ("Max tokens", "Paste your GitHub personal access token", "credential.token"),
    ("Gift card", "The 16-digit number of your Visa credit card", "payment.card_number"),
])
def test_a_look_alike_term_as_title_does_not_excuse_a_description_that_asks_outright(
        title: str, description: str, rule: str) -> None:
    assert _rules("Fill in", {"p": _text(title=title, description=description)}) == [rule]


@pytest.mark.parametrize("title, description", [
    ("Coupon", "Coupon code, if any: we emailed you one"),
    ("Booking reference", "The 6-character code we emailed you"),
    ("Boarding pass", "The code printed on your boarding pass"),
    ("Day pass number", "The number on your day pass"),
    ("Pass number", "The number printed on your ski pass"),
    ("Bus pass", "The pass ID on your card"),
    ("Invite code", "The code we sent to your phone"),
    ("Invite code", "The invite code a friend sent you"),
    ("Promo code", "Have a code? Enter it to get a discount"),
    ("Gift card", "The number on the back of the gift card, not your credit card"),
    ("Promo", "A promo code, not the verification code of your bank"),
    ("Gift card code", "The code on the back of your gift card"),
    ("Max tokens", "Maximum number of tokens the model may generate"),
    ("Token symbol", "e.g. ETH or USDC; the token you want to swap"),
    ("Password hint", "A hint to help you remember your password"),
    ("Secret Santa wish", "What you would like to get from your secret santa"),
    ("Parole officer", "The name of your parole officer"),
])
def test_honest_look_alikes_still_pass(title: str, description: str) -> None:
    assert _rules("Fill in", {"p": _text(title=title, description=description)}) == []
