"""Elicitation hygiene (``policy.limits``, ``policy.require_client_request``): playbook tests of the
Guard with the time passed in, and the token bucket on its own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard, Outcome, SessionState
from elicitguard.policies.limits import HygieneState, TokenBucket

MAX = 1 << 20
NAME_FORM = {"mode": "form", "message": "Your name?",
             "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}


def wire(obj: Any) -> bytes:
    return json.dumps(obj, separators=(", ", ": ")).encode()


def guard(config: str = "", *, state: SessionState | None = None, call: bool = True) -> Guard:
    """A guard after initialize (form and URL declared) and, with ``call``, a tools/call in flight."""
    g = Guard(load_config_text(config, "cfg.yaml").policy, MAX, state)
    g.client_message(wire({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}}}}))
    g.server_message(wire({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {}}}))
    if call:
        g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}}))
    return g


def limits(**values: Any) -> str:
    return "policy:\n  limits:\n" + "".join(f"    {k}: {v}\n" for k, v in values.items())


def elicit(rid: Any, params: dict[str, Any] = NAME_FORM) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "method": "elicitation/create", "params": params})


def answer(rid: Any) -> bytes:
    return wire({"jsonrpc": "2.0", "id": rid, "result": {"action": "decline"}})


def rules_of(out: Outcome) -> list[str]:
    return [r.rule for d in out.decisions for r in d.reasons]


# ---- the token bucket ---------------------------------------------------------------------------------------

BUCKET = [
    # (per minute, burst, times at which a token is asked for, expected answers)
    ("burst-then-empty", 60, 3, [0, 0, 0, 0], [True, True, True, False]),
    ("refills-at-the-rate", 60, 1, [0, 0.5, 1.0, 1.5, 2.0], [True, False, True, False, True]),
    ("never-above-burst", 60, 2, [0, 100, 100, 100], [True, True, True, False]),
    ("off-when-zero", 0, 1, [0, 0, 0], [True, True, True]),
    ("clock-going-back-refills-nothing", 60, 1, [10, 5, 5.5], [True, False, False]),
]


@pytest.mark.parametrize(("rate", "burst", "times", "expected"), [pytest.param(*b[1:], id=b[0]) for b in BUCKET])
def test_the_token_bucket(rate: float, burst: int, times: list[float], expected: list[bool]) -> None:
    bucket = TokenBucket()
    assert [bucket.take(t, rate, burst) for t in times] == expected


# ---- rates ----------------------------------------------------------------------------------------------------


def test_elicitations_past_the_session_burst_are_denied_then_allowed_again_after_refill() -> None:
    g = guard(limits(elicitations_per_minute=60, elicitation_burst=2))
    for rid in (10, 11):
        raw = elicit(rid)
        assert g.server_message(raw, now=100.0).forward == raw
        g.client_message(answer(rid))
    out = g.server_message(elicit(12), now=100.0)
    assert out.forward is None
    assert out.replies[0]["id"] == 12 and out.replies[0]["error"]["data"]["rule"] == "limits.rate"
    assert [(d.event, d.decision) for d in out.decisions] == [("elicitation.denied", "deny")]
    raw = elicit(13)
    assert g.server_message(raw, now=101.0).forward == raw


def test_a_rate_limited_elicitation_is_answered_per_on_deny() -> None:
    g = guard("on_deny: decline\n" + limits(elicitation_burst=1))
    g.server_message(elicit(10), now=0.0)
    out = g.server_message(elicit(11), now=0.0)
    assert out.replies == [{"jsonrpc": "2.0", "id": 11, "result": {"action": "decline"}}]


def test_the_server_bucket_is_shared_by_the_sessions_given_it() -> None:
    shared = TokenBucket()
    config = limits(server_elicitations_per_minute=60, server_elicitation_burst=2)
    a = guard(config, state=SessionState(hygiene=HygieneState(server_bucket=shared)))
    b = guard(config, state=SessionState(hygiene=HygieneState(server_bucket=shared)))
    assert a.server_message(elicit(10), now=0.0).forward is not None
    assert b.server_message(elicit(10), now=0.0).forward is not None
    out = b.server_message(elicit(11), now=0.0)
    assert out.forward is None and rules_of(out) == ["limits.server_rate"]
    # Another server's sessions have their own bucket.
    c = guard(config)
    assert c.server_message(elicit(10), now=0.0).forward is not None


def test_denied_elicitations_spend_no_tokens() -> None:
    g = guard(limits(elicitation_burst=1))
    password = dict(NAME_FORM, requestedSchema={"type": "object", "properties": {"password": {"type": "string"}}})
    for rid in range(5):
        assert rules_of(g.server_message(elicit(rid, password), now=0.0)) == ["credential.password"]
    assert g.server_message(elicit(9), now=0.0).forward is not None


def test_without_a_clock_rates_are_not_limited() -> None:
    g = guard(limits(elicitation_burst=1))
    for rid in range(3):
        assert g.server_message(elicit(rid)).forward is not None
        g.client_message(answer(rid))


def test_rates_count_input_requests_of_2026_results_too() -> None:
    g = guard(limits(elicitation_burst=1))
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    outcomes = []
    for rid in (5, 6):
        g.client_message(wire({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                               "params": {"name": "t", "_meta": meta}}))
        outcomes.append(g.server_message(wire({"jsonrpc": "2.0", "id": rid, "result": {
            "resultType": "input_required",
            "inputRequests": {"k": {"method": "elicitation/create", "params": NAME_FORM}},
            "requestState": "s"}}), now=0.0))
    assert rules_of(outcomes[0]) == []
    assert rules_of(outcomes[1]) == ["limits.rate"]
    assert outcomes[1].forward is not None and json.loads(outcomes[1].forward)["error"]["data"]["rule"] == "limits.rate"


def test_a_monitored_rate_rule_forwards_and_audits_would_deny() -> None:
    g = guard(limits(elicitation_burst=1) + "  rules:\n    limits.*: monitor\n")
    g.server_message(elicit(10), now=0.0)
    raw = elicit(11)
    out = g.server_message(raw, now=0.0)
    assert out.forward == raw
    assert [(d.event, d.decision) for d in out.decisions] == [("elicitation.denied", "would_deny")]
    assert rules_of(out) == ["limits.rate"]


def test_monitor_mode_forwards_past_the_limit() -> None:
    g = guard("mode: monitor\n" + limits(elicitation_burst=1))
    g.server_message(elicit(10), now=0.0)
    raw = elicit(11)
    out = g.server_message(raw, now=0.0)
    assert out.forward == raw and out.decisions[0].decision == "would_deny"


# ---- pending cap and unsolicited requests ---------------------------------------------------------------------


def test_the_pending_cap_refuses_more_until_the_client_answers() -> None:
    g = guard(limits(max_pending=2))
    assert g.server_message(elicit(10), now=0.0).forward is not None
    assert g.server_message(elicit(11), now=0.0).forward is not None
    out = g.server_message(elicit(12), now=0.0)
    assert out.forward is None and rules_of(out) == ["limits.pending"]
    assert out.replies[0]["id"] == 12
    g.client_message(answer(10))
    assert g.server_message(elicit(13), now=0.0).forward is not None


def test_an_unsolicited_elicitation_is_refused_when_a_client_request_is_required() -> None:
    g = guard("policy:\n  require_client_request: true\n", call=False)
    out = g.server_message(elicit(10), now=0.0)
    assert out.forward is None and rules_of(out) == ["elicitation.unsolicited"]
    g.client_message(wire({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}}))
    assert g.server_message(elicit(11), now=0.0).forward is not None
    g.server_message(wire({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}))
    assert rules_of(g.server_message(elicit(12), now=0.0)) == ["elicitation.unsolicited"]


def test_unsolicited_elicitations_pass_by_default() -> None:
    g = guard(call=False)
    assert g.server_message(elicit(10), now=0.0).forward is not None


# ---- the pending timeout ---------------------------------------------------------------------------------------


def test_a_pending_elicitation_times_out_with_one_cancel_to_the_server_and_a_notice_to_the_client() -> None:
    g = guard(limits(pending_timeout=30))
    g.server_message(elicit(10), now=100.0)
    assert g.next_deadline() == 130.0
    assert g.tick(129.9).to_server == []
    expiry = g.tick(130.0)
    assert expiry.to_server == [{"jsonrpc": "2.0", "id": 10, "result": {"action": "cancel"}}]
    assert expiry.to_client == [{"jsonrpc": "2.0", "method": "notifications/cancelled",
                                 "params": {"requestId": 10, "reason": "elicitguard: no answer in time"}}]
    assert [(d.event, d.decision, d.request_id) for d in expiry.decisions] == [("elicitation.timeout", "deny", 10)]
    assert [r.rule for r in expiry.decisions[0].reasons] == ["limits.pending_timeout"]
    assert g.next_deadline() is None
    # Exactly one answer: no second cancel, and the client's late answer is not forwarded.
    assert g.tick(1000.0).to_server == []
    late = g.client_message(answer(10))
    assert late.forward is None
    assert rules_of(late) == ["response.unexpected"]


def test_an_answered_elicitation_never_times_out() -> None:
    g = guard(limits(pending_timeout=30))
    g.server_message(elicit(10), now=0.0)
    assert g.client_message(answer(10)).forward is not None
    assert g.next_deadline() is None
    assert g.tick(100.0).to_server == []


def test_a_refused_client_answer_leaves_nothing_to_time_out_twice() -> None:
    g = guard(limits(pending_timeout=30))
    g.server_message(elicit(10), now=0.0)
    out = g.client_message(b'{"jsonrpc":"2.0","id":10,"result":{"action":"accept"},"id":10}')  # duplicate key
    assert out.forward is not None and json.loads(out.forward)["error"]["code"] == -32603
    assert g.tick(100.0).to_server == []


def test_a_timed_out_url_elicitation_is_no_longer_open_for_completion() -> None:
    g = guard(limits(pending_timeout=30))
    g.server_message(elicit(10, {"mode": "url", "message": "Connect", "url": "https://example.com/a",
                                 "elicitationId": "e-10"}), now=0.0)
    g.tick(31.0)
    done = g.server_message(wire({"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                                  "params": {"elicitationId": "e-10"}}), now=32.0)
    assert done.forward is None


def test_a_monitored_timeout_is_audited_once_and_the_answer_still_goes_through() -> None:
    g = guard(limits(pending_timeout=30) + "  rules:\n    limits.pending_timeout: monitor\n")
    g.server_message(elicit(10), now=0.0)
    expiry = g.tick(31.0)
    assert expiry.to_server == [] and expiry.to_client == []
    assert [(d.event, d.decision) for d in expiry.decisions] == [("elicitation.timeout", "would_deny")]
    assert g.tick(62.0).decisions == []
    assert g.client_message(answer(10)).forward is not None


def test_a_zero_timeout_never_expires_anything() -> None:
    g = guard(limits(pending_timeout=0))
    g.server_message(elicit(10), now=0.0)
    assert g.next_deadline() is None and g.tick(10**9).to_server == []


def test_the_earliest_pending_elicitation_sets_the_deadline() -> None:
    g = guard(limits(pending_timeout=10))
    g.server_message(elicit(10), now=5.0)
    g.server_message(elicit(11), now=7.0)
    assert g.next_deadline() == 15.0
    assert [a["id"] for a in g.tick(15.0).to_server] == [10]
    assert g.next_deadline() == 17.0


def test_a_tasks_input_requests_repeated_on_every_poll_spend_no_tokens() -> None:
    g = guard(limits(elicitation_burst=1))
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    g.server_message(elicit(10), now=0.0)  # the one token
    for rid in (20, 21, 22):
        g.client_message(wire({"jsonrpc": "2.0", "id": rid, "method": "tasks/get",
                               "params": {"taskId": "t-1", "_meta": meta}}))
        out = g.server_message(wire({"jsonrpc": "2.0", "id": rid, "result": {
            "taskId": "t-1", "status": "input_required",
            "inputRequests": {"k": {"method": "elicitation/create", "params": NAME_FORM}}}}), now=0.0)
        assert rules_of(out) == [], rules_of(out)
