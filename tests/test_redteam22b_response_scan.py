"""Red team 22b: the response scan's bounded pieces (red team 22) read only the part of a run around
its needle's first place, so a secret further on in the same run was missed: an .npmrc pasted into a
one-line field, its first ':_authToken=' an environment variable and the real npm token over a
kilobyte further on, passed. A few pieces a value are now read around later places too; the cost
of hostile values stays bounded."""

from __future__ import annotations

import time

import pytest

from elicitguard.policies.response_scan import scan_content

NPM_TOKEN = "npm_" + "a1B2c3" * 6
OPENAI_KEY = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0" + "T3BlbkFJ" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6"

PAST_THE_FIRST_PIECE = [
    ("//registry.npmjs.org/:_authToken=${NPM_TOKEN} " + "always-auth=true " * 130
     + "//registry.npmjs.org/:_authToken=" + NPM_TOKEN),
    ("//npm.pkg.github.com/:_authToken=${GITHUB_TOKEN} @myorg:registry=https://npm.pkg.github.com "
     + "; comment " * 200 + "//registry.npmjs.org/:_authToken=" + NPM_TOKEN + " always-auth=true"),
    "ids_T3BlbkFJ_" + "abc_" * 300 + OPENAI_KEY,
]


@pytest.mark.parametrize("value", PAST_THE_FIRST_PIECE)
def test_a_token_past_the_piece_around_its_needles_first_place_is_still_found(value: str) -> None:
    assert [f.rule for f in scan_content({"f": value}, None)] == ["response.known_token"]


SIZE = 64 * 1024
HOSTILE = {
    "eyJ in one run": "eyJ",
    "eyJ in runs just over a piece": "eyJ" * 5462 + " ",
    "eyJ in runs of 21.8K": "eyJ" * 7280 + " ",
    "sk- and the marker every 700": "sk-" * 233 + "T3BlbkFJ",
    "npm: slashes and the marker every 1100": "//" * 550 + ":_authToken=",
    "npm marker dense": "//:_authToken=",
    "eyJ. dense": "eyJa.",
}


@pytest.mark.parametrize("unit", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_value_of_many_needles_costs_at_most_20_us_a_character(unit: str) -> None:
    value = (unit * (SIZE // len(unit) + 1))[:SIZE]
    scan_content({"f": "warm"}, None)
    start = time.process_time()
    scan_content({"f": value}, None)
    assert (time.process_time() - start) / SIZE < 20e-6


@pytest.mark.xfail(strict=True, reason="bounded by design: a value reads three pieces past each run's first, so a "
                                       "token after four or more placeholders a kilobyte apart on one line is missed")
def test_a_token_after_many_placeholders_on_one_line_is_still_found() -> None:
    value = ("//registry.npmjs.org/:_authToken=${NPM_TOKEN} " + "always-auth=true " * 60) * 5 \
        + "//registry.npmjs.org/:_authToken=" + NPM_TOKEN
    assert [f.rule for f in scan_content({"f": value}, None)] == ["response.known_token"]
