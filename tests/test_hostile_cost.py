"""Judging cost: linear in the message and bounded per frame, whatever a hostile peer sends.

Timing bounds here are deliberately generous (seconds where the fixed code takes milliseconds and the
old code took minutes); ratios against a baseline live in ``bench/``.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.credentials import VALUE_SHAPES, secret_value_shape
from elicitguard.policies.engine import Guard
from elicitguard.policies.judge import MAX_JUDGED_TEXT, judged_text_size

POLICY = load_config_text("").policy
MAX = 16 * 1024 * 1024


def _guard() -> Guard:
    g = Guard(POLICY, MAX)
    g.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}).encode())
    g.server_message(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}).encode())
    return g


def _form(props: dict[str, Any], message: str = "Hello") -> dict[str, Any]:
    return {"mode": "form", "message": message, "requestedSchema": {"type": "object", "properties": props}}


def _elicit(rid: int, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "method": "elicitation/create", "params": params}


def _rules(out: Any) -> list[str]:
    return [r.rule for d in out.decisions for r in d.reasons]


# Runs a backtracking pattern would rescan from every start: each was quadratic before.
HOSTILE_RUNS = ["a", "a-", "sk-", "eyJ-", "eyJabcdefgh.", "x://u:", "a1", "-sk-ab", "eyJabcdefgh.eyJ", "1 ", "AIza-"]


@pytest.mark.parametrize("unit", HOSTILE_RUNS)
def test_every_secret_shape_is_searched_in_linear_time_on_a_hostile_run(unit: str) -> None:
    text = unit * (64 * 1024 // len(unit))
    started = time.perf_counter()
    for shape in VALUE_SHAPES:
        shape.regex.search(text)
    # Linear: about a millisecond per shape. The old patterns took tens of seconds on some of these.
    assert time.perf_counter() - started < 2.0


@pytest.mark.parametrize(("value", "label"), [
    ("my key is sk-proj-abcdefghijklmnop1234", "an API secret key (sk-...)"),
    ("x-sk-ant-api03-abcdefghijklmnopqrst", "an API secret key (sk-...)"),
    ("Bearer eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.sig", "a JSON Web Token"),
    ("a-eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.sig", "a JSON Web Token"),
    ("1postgres://admin:hunter2@db.example.com/app", "a URL with an embedded password"),
])
def test_the_linear_shapes_still_find_what_the_old_ones_found(value: str, label: str) -> None:
    shape = secret_value_shape(value)
    assert shape is not None and shape.label == label


def test_a_form_with_more_text_than_the_frame_budget_is_refused_unjudged_as_too_complex() -> None:
    g = _guard()
    props = {f"f{i}": {"type": "string", "default": "a" * 8000} for i in range(20)}
    started = time.perf_counter()
    out = g.server_message(json.dumps(_elicit(1, _form(props))).encode())
    assert time.perf_counter() - started < 2.0
    assert out.forward is None
    assert _rules(out) == ["elicitation.too_complex"]
    assert out.decisions[0].decision == "deny"
    assert out.replies[0]["error"]["data"]["rule"] == "elicitation.too_complex"


def test_the_text_budget_is_per_frame_so_a_batch_cannot_multiply_it() -> None:
    g = _guard()
    # Each form fits the budget alone; together they exceed it.
    one = _form({f"f{i}": {"type": "string", "description": "x " * 1500} for i in range(5)})
    batch = [_elicit(i, one) for i in range(1, 3 + MAX_JUDGED_TEXT // 15000)]
    out = g.server_message(json.dumps(batch).encode())
    rules = _rules(out)
    assert rules.count("elicitation.too_complex") >= 2
    # The budget is per frame: the next frame is judged afresh.
    again = g.server_message(json.dumps(_elicit(9, one)).encode())
    assert again.forward is not None and _rules(again) == []


def test_a_frame_smaller_than_the_text_budget_is_judged_without_counting_its_text(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import elicitguard.policies.carriers.base as base

    counted: list[int] = []

    def counting(params: Any, limit: int = MAX_JUDGED_TEXT) -> int:
        counted.append(limit)
        return judged_text_size(params, limit)

    monkeypatch.setattr(base, "judged_text_size", counting)
    g = _guard()
    small = g.server_message(json.dumps(_elicit(1, _form({"name": {"type": "string"}}))).encode())
    assert small.forward is not None and counted == []
    # A frame past the budget is counted, message by message, and refused where the text runs out,
    # exactly as before (a character of judged text takes at least one byte of the frame).
    one = _form({f"f{i}": {"type": "string", "description": "x " * 1500} for i in range(5)})
    batch = [_elicit(i, one) for i in range(2, 4 + MAX_JUDGED_TEXT // 15000)]
    out = g.server_message(json.dumps(batch).encode())
    assert len(counted) == len(batch) and "elicitation.too_complex" in _rules(out)


def test_a_16_mib_hostile_form_is_refused_within_seconds() -> None:
    g = _guard()
    filler = "sk-a," * 1600  # clauses, secret-shape prefixes and long runs: every costly path at once
    props = {f"f{i}": {"type": "string", "description": filler, "default": filler, "pattern": filler}
             for i in range(256)}
    base = len(json.dumps(_elicit(1, _form(props) | {"pad": ""})))
    raw = json.dumps(_elicit(1, _form(props) | {"pad": "z" * (MAX - base)})).encode()
    assert len(raw) == MAX
    started = time.perf_counter()
    out = g.server_message(raw)
    assert time.perf_counter() - started < 5.0
    assert out.forward is None and "elicitation.too_complex" in _rules(out)
