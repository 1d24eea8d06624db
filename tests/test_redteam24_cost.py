"""Red team 24: a form text that repeats a key format's prefix cost quadratic time, in both builds.

shapes.key_format_in_prose (every title, description, prose default and prompt text of a form) tried
its pattern from each prefix of a run ("sk-sk-sk-...") to the run's end looking for an ellipsis: an
8 KiB description cost over 300 ms (some 40 us a character, twice the budget), and a frame of eight
such texts about 2.5 s of the judging thread, compiled or not.
"""

from __future__ import annotations

import pytest
from costs import best_of_three, repeated

from elicitguard.policies.config import Policy
from elicitguard.policies.judge import clear_caches, judge_elicitation
from elicitguard.policies.shapes import key_format_in_prose

TEXT = 8192
# Per character of a hostile text: the budget is 20 us; the bounded pattern takes under 2.
BUDGET_US = 10


@pytest.mark.parametrize("piece", ["sk-", "ghp_", "sk-a", "a-sk-", "xoxb-", "hf_x", "sk-."])
def test_a_text_repeating_a_key_prefix_is_read_in_linear_time(piece: str) -> None:
    text = repeated(piece, TEXT)
    seconds = best_of_three(lambda: key_format_in_prose(text))
    assert seconds < TEXT * BUDGET_US / 1e6, f"{seconds * 1e3:.0f} ms for {TEXT} characters of {piece!r}"


def test_a_form_of_such_texts_is_judged_within_the_budget() -> None:
    text = repeated("sk-", TEXT)
    params = {"message": text, "requestedSchema": {"type": "object", "properties": {
        f"field{i}": {"type": "string", "description": repeated("sk-", TEXT - i)} for i in range(6)}}}
    chars = TEXT * 7

    def judge() -> None:
        clear_caches()
        judge_elicitation(params, frozenset({"form"}), Policy())

    seconds = best_of_three(judge)
    assert seconds < chars * BUDGET_US / 1e6, f"{seconds * 1e3:.0f} ms for {chars} characters"


@pytest.mark.parametrize(("text", "named"), [
    ("It starts with sk-", "credential.api_key"),
    ("Looks like sk-proj-abc...", "credential.api_key"),
    ("Paste your token (ghp_xxxxxxxx)", "credential.token"),
    ("Use your `xoxb-` token", "credential.token"),
    ("Your key, AKIA****", "credential.api_key"),
    ("An example: eyJhbGciOi...", "credential.token"),
    ("sk-" + "a" * 120 + "...", "credential.api_key"),  # a long example still reads as one
    ("Your favourite colour", None),
    (repeated("sk-", 8190), "credential.api_key"),  # the run ends "sk-": a prefix that ends the text
])
def test_key_formats_named_in_prose_are_still_found(text: str, named: str | None) -> None:
    found = key_format_in_prose(text)
    assert (found[0] if found else None) == named
