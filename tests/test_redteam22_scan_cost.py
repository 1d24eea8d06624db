"""Red team 22: values an accepting client sends that made the response scan's detect-secrets
plugins backtrack (CPU per character far past the ~20 us budget of a 64 KiB value). The scan runs
under the GIL: one client's answer would stall every other session of a shared sidecar."""

from __future__ import annotations

import time

import pytest

from elicitguard.policies.response_scan import scan_content

# The budget per character of a scanned value (the brief's ~20 us), with room for a slow CI core.
BUDGET_US_PER_CHAR = 20.0


def _fill(size: int, unit: str, head: str = "", tail: str = "") -> str:
    return (head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail)[:size]


# Each hostile value, and the size it is scanned at: the keyword plugins (Cloudant, IBM, SoftLayer)
# were cubic in a run of spaces, 2 KiB cost over a minute, so they are measured at 4 KiB and 64 KiB.
HOSTILE = [
    ("a Cloudant key word before a run of spaces", "cloudant_key", " ", "x", 4096),
    ("an IBM COS secret_key word before a run of spaces", "secret_key", " ", "x", 4096),
    ("an IBM Cloud token word before a run of spaces", "token", " ", "x", 4096),
    ("a SoftLayer key word before a run of spaces", "softlayer_key", " ", "x", 4096),
    ("a Cloudant key word before a run of spaces, 64 KiB", "cloudant_key", " ", "x", 65536),
    ("repeated 'sk-' (OpenAI's plugin)", "", "sk-", "", 65536),
    ("repeated 'eyJ' (the JWT plugin)", "", "eyJ", "", 65536),
    ("repeated '-eyJ' (the JWT plugin)", "", "-eyJ", "", 65536),
    ("repeated '://a:' (the npm plugin)", "", "://a:", "", 65536),
    ("repeated 'https://' (the npm plugin)", "", "https://", "", 65536),
    ("repeated '//' before an npm authToken", "", "//", "/:_authToken=x", 65536),
    ("repeated 'sk-' before OpenAI's marker", "", "sk-", "T3BlbkFJ", 65536),
    ("digits grouped one by one (the card scan)", "", "1 - ", "", 65536),
    ("card-like groups over the whole value (the card scan)", "", "4111 1111 1111 1112 ", "", 65536),
    ("typographic dashes between digits (the card scan)", "", "4\u2013", "", 65536),
]


@pytest.mark.parametrize(("head", "unit", "tail", "size"), [case[1:] for case in HOSTILE],
                         ids=[case[0] for case in HOSTILE])
def test_a_hostile_value_is_scanned_within_the_cpu_budget_per_character(head: str, unit: str, tail: str,
                                                                       size: int) -> None:
    value = _fill(size, unit, head, tail)
    scan_content({"warm": "x"}, None)  # load the plugins and word lists outside the measure
    started = time.process_time()
    scan_content({"answer": value}, None)
    spent = time.process_time() - started
    assert spent / len(value) * 1e6 < BUDGET_US_PER_CHAR, f"{spent:.2f}s for {len(value)} characters"


# What the plugins found before must still be found once they read bounded pieces.
STILL_FOUND = [
    ("a Cloudant key assigned over spaces", "cloudant_key   =   " + "a" * 64, "response.known_token"),
    ("an IBM COS secret key assigned", "secret_key: " + "0123456789abcdef" * 3, "response.known_token"),
    ("an npm authToken line", "//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789",
     "response.known_token"),
    ("a legacy OpenAI key", "sk-" + "A1b2C3d4E5f6G7h8I9j0" + "T3BlbkFJ" + "K1l2M3n4O5p6Q7r8S9t0", "response.known_token"),
    ("a JWT after a bearer word",
     "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
     "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "response.jwt"),
    ("a JWT inside a query string",
     "https://app.example/cb?id_token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
     "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U&state=1", "response.jwt"),
]


@pytest.mark.parametrize(("value", "rule"), [case[1:] for case in STILL_FOUND], ids=[case[0] for case in STILL_FOUND])
def test_a_secret_the_plugins_found_is_still_found(value: str, rule: str) -> None:
    assert [f.rule for f in scan_content({"answer": value}, None)] == [rule]
