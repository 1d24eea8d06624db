"""Red team 21b: the cost of judging hostile frames built for the new rules (the 'anywhere' pairs of
authenticator and digit words; many short metadata-titled fields), against frames of ordinary words.

Each frame stays within the per-frame text budget (judge.MAX_JUDGED_TEXT). The bound is 20 us per
character of judged text (the README's costing says up to ~10 us; measured here ~4 us for the worst
hostile frame, ~0.7 us for ordinary words), in CPU time so a loaded machine does not fail it.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from elicitguard.policies.config import FormPolicy, Policy
from elicitguard.policies.judge import MAX_JUDGED_TEXT, clear_caches, judge_elicitation, judged_text_size

RULES = Policy(form=FormPolicy(classifier=False))
DEFAULT = Policy()
POLICIES = [pytest.param(RULES, id="rules"), pytest.param(DEFAULT, id="default")]
FORM = frozenset({"form"})
US_PER_CHAR = 20e-6

AUTH = ["authenticator", "Authenticator-App", "autentikator", "аутентификатор", "ऑथेंटिकेटर", "code", "digit",
        "digits", "अंक", "kode", "6", "Ziffern", "код", "цифры", "認証アプリ", "コード", "aplikasi", "angka"]
ORDINARY = ["the", "weather", "today", "is", "mild", "and", "the", "garden", "needs", "water", "before", "noon"]
META_TITLES = ["Name", "Your name", "Title", "Notes", "Имя", "Your display name", "Label", "Type"]


def _fill(words: list[str], sep: str, size: int) -> str:
    text = (sep.join(words) + sep) * (size // len(sep.join(words)) + 1)
    return text[:size]


def _big(words: list[str], sep: str) -> dict[str, Any]:
    """A message of 8,000 characters and seven fields of 7,800: the 64 KiB budget in few long texts."""
    return {"message": _fill(words, sep, 8000), "requestedSchema": {"type": "object", "properties": {
        f"f{i}": {"type": "string", "title": _fill(words, sep, 200), "description": _fill(words, sep, 7600)}
        for i in range(7)}}}


def _many(titles: list[str], description: str) -> dict[str, Any]:
    """256 fields (the most a form may have) with short titles and ~230-character descriptions."""
    return {"message": "Please fill in", "requestedSchema": {"type": "object", "properties": {
        f"name_{i}": {"type": "string", "title": f"{titles[i % len(titles)]} {i}", "description": f"{description} {i}"}
        for i in range(256)}}}


VARIABLES = ["MY_TOKEN", "A_B", "DEPLOY_KEY_2", "password", "name", "X_Y_Z_W", "e.g."]


def _metadata_fields(words: list[str]) -> dict[str, Any]:
    """Seven fields titled "Name" (whose description decides whether the title excuses it) with
    descriptions of 7,600 characters, under a message of 8,000."""
    return {"message": _fill(ORDINARY, " ", 8000), "requestedSchema": {"type": "object", "properties": {
        f"name_{i}": {"type": "string", "title": "Name", "description": _fill(words, " ", 7600)} for i in range(7)}}}


FRAMES = {
    "authenticator and digit words": _big(AUTH, " "),
    "authenticator and digit words, comma-clauses": _big(AUTH, ", "),
    "ordinary words": _big(ORDINARY, " "),
    "256 metadata titles over a planted ask and authenticator words":
        _many(META_TITLES, ("Your password, the one with the name " + _fill(AUTH, " ", 400))[:225]),
    "256 metadata titles over authenticator comma-clauses": _many(META_TITLES, _fill(AUTH, ", ", 225)),
    "256 ordinary fields": _many(["Colour"], _fill(ORDINARY, " ", 225)),
    "variables' names and metadata words under metadata titles": _metadata_fields(VARIABLES),
    "256 metadata titles over variables' names": _many(META_TITLES, _fill(VARIABLES, " ", 225)),
}


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("label", list(FRAMES))
def test_a_hostile_frame_within_the_text_budget_is_judged_within_twenty_microseconds_a_character(
        label: str, policy: Policy) -> None:
    params = FRAMES[label]
    size = judged_text_size(params)
    assert 0.9 * MAX_JUDGED_TEXT < size <= MAX_JUDGED_TEXT
    clear_caches()
    start = time.process_time()
    judge_elicitation(params, FORM, policy)
    assert time.process_time() - start < US_PER_CHAR * size
