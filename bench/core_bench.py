"""The pure core: microseconds the Guard spends per message kind, and the audit log per line.

Baselines, measured alternately with what they are compared to: ``json.loads`` of the same bytes
(the floor any proxy that reads JSON pays) for the judge, and ``json.dumps`` of the same record
plus a line-buffered file write for the audit log.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import replace
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from elicitguard.policies.config import Config
from elicitguard.policies.engine import ClientRequest, Guard, SessionState
from elicitguard.policies.envelope import id_key
from elicitguard.policies.judge import clear_caches
from elicitguard.proxy.audit import AuditLog


def _wire(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode()


MODERN = "2026-07-28"
SCHEMA = {"type": "object", "properties": {"name": {"type": "string", "title": "Name"}, "age": {"type": "integer"},
                                           "color": {"type": "string", "enum": ["red", "green"]}},
          "required": ["name"]}
BENIGN = {"mode": "form", "message": "Tell us about you", "requestedSchema": SCHEMA}
CREDENTIAL = {"mode": "form", "message": "Your session expired: log in again", "requestedSchema": {
    "type": "object", "properties": {"username": {"type": "string"}, "password": {"type": "string"}},
    "required": ["username", "password"]}}
URL = {"mode": "url", "message": "Connect your account", "elicitationId": "e-7f3a",
       "url": "https://accounts.example.com/oauth/authorize"}

REQUEST = _wire({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                 "params": {"name": "search", "arguments": {"query": "weather in Lisbon", "limit": 10}}})
RESULT = _wire({"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": "x" * 1024}]}})
FORM = _wire({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": BENIGN})
PHISH = _wire({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": CREDENTIAL})
URL_ELICIT = _wire({"jsonrpc": "2.0", "id": 9, "method": "elicitation/create", "params": URL})
INPUT_REQUIRED = _wire({"jsonrpc": "2.0", "id": 7, "result": {
    "resultType": "input_required", "requestState": "opaque-1",
    "inputRequests": {"about": {"method": "elicitation/create", "params": BENIGN}}}})

PENDING = {"legacy": ClientRequest("tools/call", "search", None, None),
           "modern": ClientRequest("tools/call", "search", frozenset({"form", "url"}), MODERN)}

# (row label, bytes, direction, the pending client request the message answers, if any)
KINDS: tuple[tuple[str, bytes, str, str | None], ...] = (
    ("unrelated request (tools/call)", REQUEST, "client", None),
    ("unrelated result (1 KiB tools/call)", RESULT, "server", "legacy"),
    ("benign form elicitation", FORM, "server", None),
    ("credential form elicitation", PHISH, "server", None),
    ("URL elicitation", URL_ELICIT, "server", None),
    ("input_required result (one form)", INPUT_REQUIRED, "server", "modern"),
)


def per_call(pairs: list[tuple[str, Callable[[], object]]], seconds: float, repeats: int = 5) -> dict[str, float]:
    """Median seconds per call of each function, timed in alternating batches (drift hits all)."""
    batch = {}
    for name, fn in pairs:  # calibrate: a batch takes about seconds / repeats / len(pairs)
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < 0.005:
            fn()
            count += 1
        per = (time.perf_counter() - start) / count
        batch[name] = max(1, int(seconds / repeats / len(pairs) / per))
    samples: dict[str, list[float]] = {name: [] for name, _ in pairs}
    for _ in range(repeats):
        for name, fn in pairs:
            n = batch[name]
            start = time.perf_counter()
            for _ in range(n):
                fn()
            samples[name].append((time.perf_counter() - start) / n)
    return {name: statistics.median(values) for name, values in samples.items()}


def _guard(classifier: bool = True) -> Guard:
    config = Config()
    if not classifier:
        config = replace(config, policy=replace(config.policy, form=replace(config.policy.form, classifier=False)))
    state = SessionState(client_modes=frozenset({"form", "url"}), initialized=True, protocol_version="2025-06-18")
    return Guard(config.policy, config.max_message_bytes, state)


def _stored_then(store: Callable[[], object], judge: Callable[[bytes], object], raw: bytes) -> object:
    store()
    return judge(raw)


def bench_judge(seconds: float) -> list[dict[str, Any]]:
    rows = []
    for label, raw, direction, pending in KINDS:
        guard = _guard()
        judge = guard.client_message if direction == "client" else guard.server_message
        table = guard.state.pending_client
        key = id_key(7)
        loads: Callable[[], object] = partial(json.loads, raw)
        pairs: list[tuple[str, Callable[[], object]]] = [("json.loads", loads)]
        call: Callable[[], object] = partial(judge, raw)
        if pending is not None:
            # The request this result answers, stored before each call: timed alone and subtracted.
            store = partial(table.__setitem__, key, PENDING[pending])
            call = partial(_stored_then, store, judge, raw)
            pairs.append(("store", store))
        outcome = call()
        decisions = sorted({d.decision for d in outcome.decisions}) or ["forwarded"]  # type: ignore[attr-defined]
        times = per_call([("judge", call), *pairs], seconds)
        value = times["judge"] - times.get("store", 0.0)
        rows.append({"section": "core", "metric": label, "unit": "us", "value": value * 1e6,
                     "baseline_name": "json.loads", "baseline": times["json.loads"] * 1e6,
                     "ratio": value / times["json.loads"], "bytes": len(raw), "outcome": "/".join(decisions)})
    rows.append(bench_unseen_form(seconds))
    return rows


def bench_unseen_form(seconds: float) -> dict[str, Any]:
    """The benign form judged as if never seen: every text cache cleared before each call (the
    clearing is counted too, against a baseline that clears nothing), so no text was normalised or
    matched before. The issue's target (< 50 us) is on this row."""
    guard = _guard()

    def cold() -> object:
        clear_caches()
        return guard.server_message(FORM)

    outcome = cold()
    decisions = sorted({d.decision for d in outcome.decisions}) or ["forwarded"]  # type: ignore[attr-defined]
    times = per_call([("judge", cold), ("json.loads", lambda: json.loads(FORM))], seconds)
    return {"section": "core", "metric": UNSEEN, "unit": "us", "value": times["judge"] * 1e6,
            "baseline_name": "json.loads", "baseline": times["json.loads"] * 1e6,
            "ratio": times["judge"] / times["json.loads"], "bytes": len(FORM), "outcome": "/".join(decisions)}


UNSEEN = "benign form elicitation, never seen (text caches cleared)"
MODEL_SEEN = "benign form: credential model on (baseline: off)"
MODEL_UNSEEN = "benign form never seen: credential model on (baseline: off)"


def bench_model(seconds: float) -> list[dict[str, Any]]:
    """What the credential model (policy.form.classifier) adds to judging the benign form, seen before
    and never seen: the same Guard code with the model on and off, timed alternately in one run.
    ``extra_us`` is the difference (target: a never-seen form at most ~20 us more)."""
    on, off = _guard(True), _guard(False)
    rows = []
    for label, cold in ((MODEL_SEEN, False), (MODEL_UNSEEN, True)):
        def call_on(cold: bool = cold) -> object:
            if cold:
                clear_caches()
            return on.server_message(FORM)

        def call_off(cold: bool = cold) -> object:
            if cold:
                clear_caches()
            return off.server_message(FORM)

        call_on(), call_off()
        times = per_call([("on", call_on), ("off", call_off)], seconds)
        rows.append({"section": "core", "metric": label, "unit": "us", "value": times["on"] * 1e6,
                     "baseline_name": "model off", "baseline": times["off"] * 1e6,
                     "ratio": times["on"] / times["off"], "extra_us": (times["on"] - times["off"]) * 1e6})
    return rows


def bench_audit(seconds: float) -> dict[str, Any]:
    """One decision (a benign form allowed) written by the real AuditLog to a file."""
    outcome = _guard().server_message(FORM)
    decisions = outcome.decisions
    assert len(decisions) == 1, decisions
    record = decisions[0].as_dict()
    with tempfile.TemporaryDirectory(prefix="eg-bench-audit-") as tmp:
        audit = AuditLog(str(Path(tmp) / "audit.jsonl"))
        AuditLog.bind(session="s-0123456789abcdef", server="default", client={"name": "bench", "version": "1"},
                      peer="127.0.0.1")
        plain = open(Path(tmp) / "plain.jsonl", "a", encoding="utf-8", buffering=1)  # noqa: SIM115
        try:
            def floor() -> None:
                plain.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")

            times = per_call([("audit", lambda: audit.decisions(decisions)), ("floor", floor)], seconds)
        finally:
            audit.close()
            plain.close()
    return {"section": "audit", "metric": "audit line (AuditLog to a file)", "unit": "us", "value": times["audit"] * 1e6,
            "baseline_name": "json.dumps + write", "baseline": times["floor"] * 1e6,
            "ratio": times["audit"] / times["floor"]}
