"""The audit budget for repeated refusals (``audit.max_repeats``): past it, identical decisions of a
session are counted, and ``audit.suppressed`` records give the counts, so nothing is silently lost."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, WAIT
from structlog.contextvars import clear_contextvars

from elicitguard.policies.config import ConfigError, load_config_text
from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import AuditLog, verify_report
from elicitguard.proxy.auditsummary import summarise


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


PASSWORD = Reason("credential.password", "the form asks for a password", "password")


def _deny(log: AuditLog, n: int, rule: Reason = PASSWORD, event: str = "elicitation.denied",
          decision: str = "deny") -> None:
    for i in range(n):
        log.decisions([Decision(event, decision, Direction.SERVER_TO_CLIENT, method="elicitation/create",
                                request_id=i, mode="form", reasons=(rule,), fields=("password",))])


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(raw) for raw in path.read_bytes().splitlines()]


def _of(records: list[dict[str, Any]], event: str) -> list[dict[str, Any]]:
    return [r for r in records if r["event"] == event]


def test_repeats_past_the_budget_are_counted_and_the_count_is_written_when_the_log_closes(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=5)
    log.bind(session="s1", server="srv")
    _deny(log, 50)
    assert len(_of(_records(path), "elicitation.denied")) == 5
    assert _of(_records(path), "audit.suppressed") == []
    log.close()
    records = _records(path)
    [suppressed] = _of(records, "audit.suppressed")
    assert suppressed["count"] == 45 and suppressed["of_event"] == "elicitation.denied"
    assert suppressed["decision"] == "deny" and suppressed["why"] == "shutdown"
    assert suppressed["session"] == "s1" and suppressed["server"] == "srv"
    assert [r["rule"] for r in suppressed["reasons"]] == ["credential.password"]
    assert suppressed["first_ts"] <= suppressed["last_ts"]
    assert records.index(suppressed) < records.index(_of(records, "audit.closed")[0])
    report = verify_report(path.read_text().splitlines())
    assert report.problem is None and report.suppressed == 45


def test_each_session_event_and_rule_has_its_own_budget_and_allowed_records_none(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=3)
    for session in ("s1", "s2"):
        log.bind(session=session)
        _deny(log, 4)
        _deny(log, 4, Reason("credential.api_key", "an API key"))
        _deny(log, 4, event="elicitation.would_deny", decision="would_deny")
        _deny(log, 10, Reason("x.y", "z"), decision="allow", event="elicitation.allowed")
    log.close()
    records = _records(path)
    assert len(_of(records, "elicitation.allowed")) == 20
    assert len(_of(records, "elicitation.denied")) == 2 * 2 * 3
    assert len(_of(records, "elicitation.would_deny")) == 2 * 3
    assert sorted((r["session"], r["of_event"], r["reasons"][0]["rule"], r["count"])
                  for r in _of(records, "audit.suppressed")) == sorted(
        (s, e, rule, 1) for s in ("s1", "s2") for e, rule in (
            ("elicitation.denied", "credential.password"), ("elicitation.denied", "credential.api_key"),
            ("elicitation.would_deny", "credential.password")))


def test_a_session_ending_writes_its_own_counts_before_its_end_and_starts_afresh(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=2)
    log.bind(session="other")
    _deny(log, 5)
    log.bind(session="s1")
    _deny(log, 5)
    log.event("session.end", reason="closed")
    records = _records(path)
    [suppressed] = _of(records, "audit.suppressed")
    assert (suppressed["session"], suppressed["count"], suppressed["why"]) == ("s1", 3, "session end")
    assert records[-1]["event"] == "session.end"
    # The HTTP idle sweeper names the session it ends.
    log.event("session.end", session="other", reason="idle timeout")
    assert [r["session"] for r in _of(_records(path), "audit.suppressed")] == ["s1", "other"]
    _deny(log, 2)  # s1 again (a new session under the same name): a fresh budget
    log.close()
    assert len(_of(_records(path), "elicitation.denied")) == 2 + 2 + 2
    assert len(_of(_records(path), "audit.suppressed")) == 2


def test_counts_are_written_periodically_while_the_repeats_go_on(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    now = [1000.0]
    log = AuditLog(str(path), max_repeats=1, repeat_interval=60.0)
    log._budget.clock = lambda: now[0]
    _deny(log, 10)
    assert _of(_records(path), "audit.suppressed") == []
    now[0] += 60.0
    _deny(log, 1)  # held back, and the first held one has now waited a minute
    [periodic] = _of(_records(path), "audit.suppressed")
    assert (periodic["count"], periodic["why"]) == (10, "periodic")
    _deny(log, 3)
    log.close()
    counts = [r["count"] for r in _of(_records(path), "audit.suppressed")]
    assert counts == [10, 3]


def test_a_reopen_writes_the_counts_into_the_file_it_leaves(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    _deny(log, 4)
    path.rename(tmp_path / "audit.jsonl.1")
    log.reopen()
    log.close()
    [suppressed] = _of(_records(tmp_path / "audit.jsonl.1"), "audit.suppressed")
    assert (suppressed["count"], suppressed["why"]) == (3, "reopen")
    assert _of(_records(path), "audit.suppressed") == []


def test_no_budget_with_max_repeats_zero(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=0)
    _deny(log, 100)
    log.close()
    assert len(_of(_records(path), "elicitation.denied")) == 100
    assert _of(_records(path), "audit.suppressed") == []


def test_observers_count_every_decision_even_those_the_budget_left_out(tmp_path: Path) -> None:
    log = AuditLog(str(tmp_path / "audit.jsonl"), max_repeats=2)
    seen: list[str] = []
    log.observers.append(lambda event, decision, fields: seen.append(event))
    _deny(log, 10)
    log.close()
    assert seen.count("elicitation.denied") == 10
    assert "audit.suppressed" not in seen  # the count is not counted twice


def test_audit_summary_counts_a_suppressed_record_as_the_decisions_it_stands_for(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=4)
    log.bind(server="srv")
    _deny(log, 30)
    log.close()
    data = summarise([str(path)])
    assert data["records"] == 30 and data["files"][0]["records"] == 30
    assert {row["name"]: row["total"] for row in data["events"]} == {"elicitation.denied": 30}
    assert {row["name"]: row["deny"] for row in data["rules"]} == {"credential.password": 30}
    assert {row["name"]: row["deny"] for row in data["servers"]} == {"srv": 30}


def test_audit_verify_says_how_many_repeats_were_counted(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    _deny(log, 8)
    log.close()
    done = subprocess.run([sys.executable, "-m", "elicitguard", "audit-verify", str(path)], capture_output=True,
                          text=True, timeout=WAIT, cwd=ROOT, check=False)
    assert done.returncode == 0 and "7 repeated decision(s) counted in audit.suppressed" in done.stdout


def test_a_suppressed_record_whose_count_was_edited_fails_verification(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    _deny(log, 8)
    log.close()
    text = path.read_text().replace('"count":7,', '"count":1,')
    problem = verify_report(text.splitlines()).problem
    assert problem is not None and "hash mismatch" in problem


@pytest.mark.parametrize("value", [-1, "10", 1.5, True])
def test_max_repeats_must_be_a_whole_number_of_zero_or_more(value: Any) -> None:
    with pytest.raises(ConfigError, match="max_repeats"):
        load_config_text(f"audit:\n  max_repeats: {json.dumps(value)}\n")
    assert load_config_text("audit:\n  max_repeats: 0\n").audit_max_repeats == 0
    assert load_config_text("mode: enforce\n").audit_max_repeats == 20
