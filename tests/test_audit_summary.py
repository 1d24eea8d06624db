"""Counting an audit: decisions, servers, rules, clients, denied hosts, time buckets and chain status."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from auditgen import chain, day_of_audit, write_day
from structlog.contextvars import clear_contextvars

from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.auditsummary import MAX_BUCKETS, Summary, summarise
from elicitguard.proxy.auditview import render_summary


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


def rows(data: dict[str, Any], key: str) -> dict[Any, dict[str, int]]:
    return {row["name"]: {k: v for k, v in row.items() if k != "name"} for row in data[key]}


def counts(records: list[dict[str, Any]]) -> dict[str, Any]:
    summary = Summary()
    for record in records:
        summary.add(record)
    return summary.as_json()


RECORDS: list[dict[str, Any]] = [
    {"ts": "2025-06-02T10:00:01Z", "event": "elicitation.denied", "decision": "deny", "server": "github",
     "client": {"name": "cli", "version": "1"}, "mode": "form",
     "reasons": [{"rule": "credential.password", "detail": "d"}, {"rule": "credential.password", "detail": "again"},
                 {"rule": "credential.token", "detail": "d"}]},
    {"ts": "2025-06-02T10:00:02Z", "event": "elicitation.denied", "decision": "would_deny", "server": "github",
     "client": {"name": "cli", "version": "1"}, "mode": "url", "url_host": "evil.example",
     "reasons": [{"rule": "url.deny_domain", "detail": "d"}]},
    {"ts": "2025-06-02T10:00:03Z", "event": "elicitation.allowed", "decision": "allow", "server": "slack",
     "mode": "url", "url_host": "auth.example.com", "reasons": []},
    {"ts": "2025-06-02T10:07:00Z", "event": "session.start", "decision": "allow", "server": "slack"},
    {"ts": "2025-06-02T10:08:00Z", "event": "audit.closed", "seq": 9, "writer": "w-1"},  # a record type from later
    {"event": "elicitation.denied", "decision": "deny", "server": None, "url_host": "evil.example",
     "reasons": "not a list"},
    {"ts": 12345, "event": ["odd"], "decision": {"odd": True}, "server": {"name": "obj"}},
]


def test_each_record_counts_once_by_decision_event_server_and_client() -> None:
    data = counts(RECORDS)
    assert data["records"] == 7
    assert [(r["name"], r["total"]) for r in data["decisions"]] == [
        ("allow", 2), ("deny", 2), ("would_deny", 1), ('{"odd": true}', 1), (None, 1)]
    assert rows(data, "servers") == {
        "github": {"total": 2, "allow": 0, "deny": 1, "would_deny": 1, "other": 0},
        "slack": {"total": 2, "allow": 2, "deny": 0, "would_deny": 0, "other": 0},
        '{"name": "obj"}': {"total": 1, "allow": 0, "deny": 0, "would_deny": 0, "other": 1},
        None: {"total": 2, "allow": 0, "deny": 1, "would_deny": 0, "other": 1},
    }
    assert rows(data, "clients") == {"cli/1": {"total": 2, "allow": 0, "deny": 1, "would_deny": 1, "other": 0}}
    assert {r["name"]: r["total"] for r in data["events"]}["audit.closed"] == 1


def test_a_rule_counts_once_per_record_however_often_it_is_named() -> None:
    data = counts(RECORDS)
    assert rows(data, "rules") == {
        "credential.password": {"total": 1, "allow": 0, "deny": 1, "would_deny": 0, "other": 0},
        "credential.token": {"total": 1, "allow": 0, "deny": 1, "would_deny": 0, "other": 0},
        "url.deny_domain": {"total": 1, "allow": 0, "deny": 0, "would_deny": 1, "other": 0},
    }


def test_only_denied_and_would_deny_url_hosts_are_listed() -> None:
    data = counts(RECORDS)
    assert rows(data, "denied_hosts") == {
        "evil.example": {"total": 2, "allow": 0, "deny": 1, "would_deny": 1, "other": 0}}


def test_rows_are_largest_first_then_by_name() -> None:
    data = counts([{"server": name, "decision": "allow"} for name in ("b", "a", "c", "c")])
    assert [r["name"] for r in data["servers"]] == ["c", "a", "b"]


# ---- time -----------------------------------------------------------------------------------------------


def test_the_timeline_has_every_bucket_from_first_to_last_with_the_decisions_split() -> None:
    data = counts(RECORDS)
    line = data["timeline"]
    assert line["bucket_seconds"] == 60
    assert [b["start"] for b in line["buckets"]] == [f"2025-06-02T10:{m:02d}:00Z" for m in range(9)]
    first = line["buckets"][0]
    assert (first["total"], first["deny"], first["would_deny"], first["allow"]) == (3, 1, 1, 1)
    assert [b["total"] for b in line["buckets"]] == [3, 0, 0, 0, 0, 0, 0, 1, 1]
    assert data["undated"] == 2
    assert sum(b["total"] for b in line["buckets"]) + data["undated"] == data["records"]


@pytest.mark.parametrize(("span", "width"), [
    (timedelta(minutes=30), 60),
    (timedelta(hours=6), 300),
    (timedelta(days=1), 900),
    (timedelta(days=7), 3 * 3600),
    (timedelta(days=90), 86400),
    (timedelta(days=365), 7 * 86400),
])
def test_the_bucket_width_grows_with_the_span_and_never_gives_more_than_96_buckets(span: timedelta,
                                                                                   width: int) -> None:
    data = counts(day_of_audit(2000, span=span))
    line = data["timeline"]
    assert line["bucket_seconds"] == width
    assert len(line["buckets"]) <= MAX_BUCKETS
    assert sum(b["total"] for b in line["buckets"]) == 2000


def test_timestamps_centuries_apart_still_give_a_bounded_timeline() -> None:
    data = counts([{"ts": "0001-01-01T00:00:00Z", "decision": "deny"}, {"ts": "9999-12-31T23:59:59Z"},
                   {"ts": "2025-06-02T10:00:00.123456+00:00"}, {"ts": "2025-06-02T12:00:00+02:00"},
                   {"ts": "2025-06-02T10:00:00"}, {"ts": "yesterday"}])
    line = data["timeline"]
    assert len(line["buckets"]) <= MAX_BUCKETS
    assert sum(b["total"] for b in line["buckets"]) == 5
    assert data["undated"] == 1


def test_a_timestamp_in_another_zone_lands_in_its_utc_minute() -> None:
    data = counts([{"ts": "2025-06-02T12:00:30+02:00"}, {"ts": "2025-06-02T10:00:10Z"}])
    assert [(b["start"], b["total"]) for b in data["timeline"]["buckets"]] == [("2025-06-02T10:00:00Z", 2)]


# ---- files and their chains -----------------------------------------------------------------------------


def write_real_log(path: Path) -> None:
    """Decisions as the proxy's own writer logs them."""
    log = AuditLog(str(path))
    log.bind(session="s-1", server="github", client={"name": "claude-ai", "version": "0.1"})
    log.event("session.start", transport="stdio")
    log.decisions([
        Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create", request_id=7,
                 mode="form", reasons=(Reason("credential.password", "field 'pw' asks for a password", "pw"),),
                 fields=("user", "pw")),
        Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create", request_id=8,
                 mode="url", reasons=(Reason("url.lookalike_host", "looks like github.com"),),
                 url_host="github.com.evil.example"),
        Decision("elicitation.allowed", "allow", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                 request_id=9, mode="form", fields=("size",)),
    ])
    log.event("session.end")
    log.close()


def test_an_audit_written_by_the_proxys_writer_is_counted_and_its_chain_is_intact(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write_real_log(path)
    data = summarise([str(path)])
    (file,) = data["files"]
    assert (file["records"], file["unreadable"]) == (5, 0)
    # The chain also holds its opening and closing records, which are not counted as decisions.
    assert file["chain"] == {"status": "intact", "records": 7, "detail": None}
    assert file["first_ts"] and file["last_ts"] and file["first_ts"] <= file["last_ts"]
    assert rows(data, "servers") == {"github": {"total": 5, "allow": 3, "deny": 2, "would_deny": 0, "other": 0}}
    assert {r["name"] for r in data["rules"]} == {"credential.password", "url.lookalike_host"}
    assert rows(data, "denied_hosts") == {
        "github.com.evil.example": {"total": 1, "allow": 0, "deny": 1, "would_deny": 0, "other": 0}}
    assert rows(data, "clients")["claude-ai/0.1"]["total"] == 5


def test_an_edited_file_is_broken_and_every_line_is_still_counted(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write_real_log(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert '"audit.opened"' in lines[0] and '"elicitation.denied"' in lines[2]
    lines[2] = lines[2].replace('"deny"', '"allow"', 1)  # someone hides a denial
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    data = summarise([str(path)])
    (file,) = data["files"]
    assert file["chain"]["status"] == "broken"
    assert file["chain"]["records"] == 2
    assert "line 3" in file["chain"]["detail"]
    assert file["records"] == 5 and data["records"] == 5


def test_garbage_torn_and_overlong_lines_are_counted_as_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = chain(day_of_audit(3), closed=False)
    path.write_bytes(("\n".join(good) + "\n").encode() + b"garbage\n" + b"x" * (2 << 20) + b"\n\n" + b'{"torn":')
    data = summarise([str(path)])
    (file,) = data["files"]
    assert (file["records"], file["unreadable"]) == (3, 3)
    assert file["chain"]["status"] == "broken"
    assert file["chain"]["records"] == 3


def test_several_files_add_up_and_each_keeps_its_own_chain_status(tmp_path: Path) -> None:
    first = write_day(tmp_path / "a.jsonl", 300, seed=1)
    second = write_day(tmp_path / "b.jsonl", 200, seed=2)
    with open(second, "a", encoding="utf-8") as handle:
        handle.write('{"not": "chained"}\n')
    data = summarise([str(first), str(second)])
    assert data["records"] == 501
    assert [f["records"] for f in data["files"]] == [300, 201]
    assert [f["chain"]["status"] for f in data["files"]] == ["intact", "broken"]
    assert sum(r["total"] for r in data["decisions"]) == 501


def test_a_file_that_cannot_be_read_says_so_in_its_chain_status(tmp_path: Path) -> None:
    data = summarise([str(tmp_path / "missing.jsonl")])
    assert data["files"][0]["chain"]["status"] == "unreadable"
    assert data["records"] == 0


def test_the_summary_is_plain_json(tmp_path: Path) -> None:
    data = summarise([str(write_day(tmp_path / "a.jsonl", 50))])
    assert json.loads(json.dumps(data)) == data


# ---- as text --------------------------------------------------------------------------------------------


def test_the_text_summary_shows_each_table_and_the_chain_status(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    write_real_log(path)
    text = render_summary(summarise([str(path)]))
    for heading in ("Files", "Decisions", "Servers", "Rules", "Clients", "Denied URL hosts", "Events"):
        assert f"\n{heading}\n" in text
    assert "intact (7 verified)" in text
    assert "credential.password" in text and "github.com.evil.example" in text


def test_a_chain_status_the_reader_does_not_know_yet_is_shown_as_it_is(tmp_path: Path) -> None:
    data = summarise([str(write_day(tmp_path / "a.jsonl", 20))])
    data["files"][0]["chain"] = {"status": "open", "records": 20, "detail": "no closing record (still being written?)"}
    text = render_summary(data)
    assert "open: no closing record (still being written?) (20 verified)" in text


def test_the_text_summary_cuts_long_tables_to_the_top_rows() -> None:
    data = counts([{"server": f"s{i:03d}", "decision": "allow"} for i in range(40)])
    text = render_summary(data, top=5)
    assert "Servers (top 5 of 40)" in text
    assert "s004" in text and "s005" not in text


def test_the_text_summary_escapes_terminal_control_sequences_from_the_log() -> None:
    data = counts([{"server": "\x1b[2J\x1b]0;pwned\x07github", "decision": "deny", "url_host": "a\rb",
                    "reasons": [{"rule": "x\x1b[31m"}], "client": "c\u202eli"}])
    text = render_summary(data)
    assert "\x1b" not in text and "\r" not in text and "\u202e" not in text and "\x07" not in text
    assert "\\x1b[2J\\x1b]0;pwned\\x07github" in text


def test_a_line_nested_too_deeply_for_json_breaks_the_chain_instead_of_the_tool(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = chain(day_of_audit(3), closed=False)
    path.write_text("\n".join([*good, "", "[" * 200_000, good[0]]) + "\n", encoding="utf-8")
    data = summarise([str(path)])
    (file,) = data["files"]
    assert file["chain"] == {"status": "broken", "records": 3, "detail": "line 5: not JSON (nested too deeply)"}
    assert (file["records"], file["unreadable"]) == (4, 1)


def test_a_chain_still_being_written_is_open_not_intact(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path))
    log.event("session.start", transport="stdio")
    # Not closed: the writer is still running, or the file's tail was cut.
    data = summarise([str(path)])
    (file,) = data["files"]
    assert file["chain"]["status"] == "open"
    assert file["records"] == 1
    log.close()
    assert summarise([str(path)])["files"][0]["chain"]["status"] == "intact"
