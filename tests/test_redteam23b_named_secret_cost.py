"""Red team 23b: response.named_secret's cost on hostile 64 KiB answers. Each name of a secret was
compared with every look-alike of its clause (names and look-alikes a few words apart, in 2 KiB
pieces): 13-17 us a character alone, most of the scan's budget of ~20. The look-alikes are now merged
and found by bisection. The detector keeps nothing between answers."""

from __future__ import annotations

import time

import pytest

from elicitguard.policies import matcher, normalise
from elicitguard.policies.response_scan import NamedSecret, scan_content

SIZE = 65536
# The detector's own share of the scan's ~20 us a character (the commit measured ~2; 3-5 after the fix).
DETECTOR_US_PER_CHAR = 10.0
SCAN_US_PER_CHAR = 20.0


def _repeat(block: str) -> str:
    return (block * (SIZE // len(block) + 1))[:SIZE]


HOSTILE = [
    ("cjk-gift-run-then-names", _repeat("礼品卡" * 330 + " " + "密码 " * 330 + "1 ")),
    ("gift-run-then-pin-kod", _repeat("礼品卡" * 300 + " " + "pin kod " * 140 + "1 ")),
    ("kod-zip-then-names", _repeat("kod zip " * 125 + " " + "密码 " * 330 + "1 ")),
    ("ad-then-pw", _repeat("ad " * 330 + "pw " * 330 + "1 ")),
    ("label-lines", _repeat("pw\nx_1\n")),
    ("cjk-joined", _repeat("密码是x_1")),
    ("same-token", _repeat("pw=x_1-")),
    ("secret-first", _repeat("x_1 is my pw ")),
    ("digit-groups", _repeat("otp 12-45 ")),
]


def _cpu(function: object, *args: object) -> float:
    start = time.process_time()
    function(*args)  # type: ignore[operator]
    return time.process_time() - start


@pytest.mark.parametrize("value", [v for _, v in HOSTILE], ids=[i for i, _ in HOSTILE])
def test_names_beside_many_look_alikes_cost_microseconds_a_character(value: str) -> None:
    spent = min(_cpu(NamedSecret.found, value, {}, "note") for _ in range(2))
    assert spent * 1e6 / len(value) < DETECTOR_US_PER_CHAR
    spent = _cpu(scan_content, {"note": value}, None)
    assert spent * 1e6 / len(value) < SCAN_US_PER_CHAR


def test_answers_leave_nothing_in_the_shared_caches() -> None:
    before = (normalise.normalise.cache_info().currsize, matcher.concepts.cache_info().currsize,
              matcher._located_few.cache_info().currsize, len(matcher._MANY))
    for i in range(300):
        NamedSecret.found(f"my password is abc{i}xyz, PIN {1000 + i}, 密码是x{i}y, pw=a_{i}b\n", {}, "note")
    after = (normalise.normalise.cache_info().currsize, matcher.concepts.cache_info().currsize,
             matcher._located_few.cache_info().currsize, len(matcher._MANY))
    assert after == before
