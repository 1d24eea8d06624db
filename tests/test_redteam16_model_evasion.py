"""Red team 16: cheap ways past the credential model (not regressions: the rules never caught these).
A long description is scored window by window, and a look-alike word alone no longer switches the
model off: the model reads the ask. What is left is dilution: the filler's or the look-alike's
n-grams share the window with the ask and pull its score down (0.93-0.94 against 0.985 alone), under
the threshold shipped since the session-17 retrain (0.97)."""

from __future__ import annotations

import pytest

from elicitguard.policies.config import Config, Policy, load_config_text
from elicitguard.policies.judge import judge_elicitation

ASK = "the 48-digit block you printed"
FILLER = ("Your answer helps our support staff find your earlier conversation about the delivery of your parcel "
          "to the new address. " * 3)[:260]
# A threshold of the team's choosing: the mechanism (the model reads the ask) apart from the shipped one.
AT_090 = load_config_text("policy:\n  form:\n    classifier_threshold: 0.9\n").policy


def _allowed(description: str, policy: Policy | None = None) -> bool:
    params = {"message": "Please fill in", "requestedSchema": {"type": "object", "properties": {
        "code": {"type": "string", "description": description}}}}
    return judge_elicitation(params, frozenset({"form"}), policy or Config().policy).allowed


def test_the_model_denies_the_plain_paraphrase() -> None:
    assert not _allowed(ASK)


def test_the_filler_alone_passes_at_a_team_threshold() -> None:
    assert _allowed(FILLER, AT_090)  # what the next test is about is the ask after it


@pytest.mark.xfail(strict=True, reason="design: with the session-21 model the filler's n-grams dilute the ask "
                   "(0.974 alone) to 0.876, under a team threshold of 0.9 too")
def test_filler_before_the_ask_does_not_hide_it_from_the_model() -> None:
    assert not _allowed(FILLER + " " + ASK, AT_090)


def test_a_look_alike_word_added_to_the_ask_does_not_switch_the_model_off() -> None:
    assert not _allowed(ASK + " (gift)", AT_090)


@pytest.mark.xfail(strict=True, reason="design: the filler's n-grams dilute the ask's score (sum over sqrt(n) of "
                                       "one window) below the shipped threshold")
def test_at_the_shipped_threshold_filler_does_not_dilute_the_ask_away() -> None:
    assert not _allowed(FILLER + " " + ASK)


# The session-25 model (50 corpora) let the look-alike word dilute the ask, as models before session 22
# did; the session-22 model denied it, and so did the session-27 model (54 corpora). The session-28 model
# (58 corpora, 120,000 weights) lets it through again.
@pytest.mark.xfail(strict=True, reason="the session-28 model: the look-alike word dilutes the ask under the threshold")
def test_at_the_shipped_threshold_a_look_alike_word_does_not_dilute_the_ask_away() -> None:
    assert not _allowed(ASK + " (gift)")
