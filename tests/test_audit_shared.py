"""Several writers in one audit file: every record is tied to the line above it (``format: 2``), so the
file's order is part of what ``audit-verify`` checks; files of older writers still verify."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from auditgen import chain
from structlog.contextvars import clear_contextvars

from elicitguard.policies.verdict import Decision, Direction
from elicitguard.proxy.audit import AuditLog, verify_report


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


def _decide(log: AuditLog, event: str, request_id: int) -> None:
    log.decisions([Decision(event, "allow", Direction.SERVER_TO_CLIENT, request_id=request_id)])


def _two_writers(path: Path) -> list[bytes]:
    """A and B take turns: A opened, B opened, A a.1, B b.1, A a.2, B b.2, A closed, B closed."""
    a, b = AuditLog(str(path)), AuditLog(str(path))
    for i in (1, 2):
        _decide(a, f"a.{i}", i)
        _decide(b, f"b.{i}", i)
    a.close()
    b.close()
    return path.read_bytes().splitlines(keepends=True)


def _problem(lines: list[bytes]) -> str | None:
    return verify_report([raw.decode("ascii") for raw in lines]).problem


def _index(lines: list[bytes], event: str) -> int:
    return next(i for i, raw in enumerate(lines) if json.loads(raw)["event"] == event)


def test_interleaved_records_of_two_writers_verify_and_name_the_line_above_only_when_it_is_not_their_own(
        tmp_path: Path) -> None:
    lines = _two_writers(tmp_path / "shared.jsonl")
    assert _problem(lines) is None
    records = [json.loads(raw) for raw in lines]
    for above, record in zip(records, records[1:], strict=False):
        assert record.get("above", record["prev"]) == above["hash"]
    assert all(r["format"] == 2 for r in records if r["event"] == "audit.opened")
    solo = tmp_path / "solo.jsonl"
    log = AuditLog(str(solo))
    _decide(log, "s.1", 1)
    log.close()
    assert not any("above" in json.loads(raw) for raw in solo.read_bytes().splitlines())


def test_a_record_moved_below_another_writers_record_is_noticed(tmp_path: Path) -> None:
    """Each chain keeps its own order: only the ties to the line above tell that A's a.2 was written
    before B's b.2."""
    lines = _two_writers(tmp_path / "shared.jsonl")
    i, j = _index(lines, "a.2"), _index(lines, "b.2")
    assert j == i + 1
    lines[i], lines[j] = lines[j], lines[i]
    problem = _problem(lines)
    assert problem is not None and "above" in problem


def test_another_writers_closing_record_deleted_from_between_two_records_is_broken_not_open(tmp_path: Path) -> None:
    """Before, deleting B's last line left B's chain open (exit 3, as for a writer still running)."""
    path = tmp_path / "shared.jsonl"
    a, b = AuditLog(str(path)), AuditLog(str(path))
    _decide(a, "a.1", 1)
    b.close()
    _decide(a, "a.2", 2)
    a.close()
    lines = path.read_bytes().splitlines(keepends=True)
    del lines[_index(lines, "audit.closed")]  # B's: the first closing record
    problem = _problem(lines)
    assert problem is not None and "above" in problem


def test_a_file_an_older_writer_began_still_verifies_with_new_chains_appended(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(chain([{"ts": "2026-01-01T00:00:00Z", "event": "session.start", "decision": "allow"}] * 3))
                    + "\n")
    assert "format" not in path.read_text()
    _two_writers(path)
    report = verify_report(path.read_text().splitlines())
    assert report.problem is None and len(report.chains) == 3


def test_a_chain_claiming_an_unknown_format_is_refused(tmp_path: Path) -> None:
    from elicitguard.proxy.audit_chain import GENESIS, chain_hash

    record: dict[str, Any] = {"ts": "t", "event": "audit.opened", "decision": "allow", "format": 9, "writer": "w",
                              "seq": 1, "prev": GENESIS}
    record["hash"] = chain_hash(GENESIS, record)
    problem = verify_report([json.dumps(record)]).problem
    assert problem is not None and "unknown chain format" in problem


def test_a_writer_finds_the_line_above_however_the_other_writer_ended_its_last_line(tmp_path: Path) -> None:
    """The last line read backwards when it does not end in the writer's own ``hash`` member: a
    record of another program with its keys in another order."""
    path = tmp_path / "shared.jsonl"
    a = AuditLog(str(path))
    _decide(a, "a.1", 1)
    # Another writer's record with "hash" first: the same chain, rewritten in another key order.
    lines = path.read_bytes().splitlines()
    last = json.loads(lines[-1])
    reordered = {"hash": last.pop("hash"), **last}
    path.write_bytes(b"\n".join([*lines[:-1], json.dumps(reordered, separators=(",", ":")).encode()]) + b"\n")
    _decide(a, "a.2", 2)  # the file no longer ends where A left it: A reads the line above
    a.close()
    records = [json.loads(raw) for raw in path.read_bytes().splitlines()]
    assert records[2].get("above", records[2]["prev"]) == reordered["hash"]
    assert verify_report(path.read_text().splitlines()).problem is None
