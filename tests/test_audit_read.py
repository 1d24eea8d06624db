"""Reading audit files: bounded lines, tolerant records, escaping, filters, and following a file."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from elicitguard.proxy.auditread import (
    OVERLONG,
    Filter,
    Follower,
    LineSplitter,
    client_label,
    follow,
    iter_lines,
    label,
    parse,
    printable,
    reasons,
    rules,
)

# ---- lines ----------------------------------------------------------------------------------------------


def test_lines_split_across_many_reads_come_out_whole() -> None:
    lines = [b'{"n":%d,"pad":"%s"}' % (i, b"x" * (i * 997 % 70000)) for i in range(60)]
    blob = b"\n".join(lines) + b"\n"
    assert len(blob) > 300_000
    assert list(iter_lines(io.BytesIO(blob))) == lines


def test_the_last_line_without_a_newline_is_still_read() -> None:
    assert list(iter_lines(io.BytesIO(b"a\nb"))) == [b"a", b"b"]


def test_a_line_that_never_ends_is_cut_off_at_the_bound_and_the_next_line_survives() -> None:
    splitter = LineSplitter(max_line=1000)
    out: list[bytes] = []
    for _ in range(50):  # 50 KB of one line, in 1 KB reads: memory stays bounded
        out += splitter.feed(b"y" * 1000)
    assert out == [OVERLONG]
    assert splitter.feed(b"yyy\n{}\n") == [b"{}"]


def test_an_overlong_line_in_one_read_is_reported_once() -> None:
    assert LineSplitter(max_line=10).feed(b"z" * 50 + b"\nok\n") == [OVERLONG, b"ok"]


def test_a_sixteen_mebibyte_line_is_read_in_bounded_pieces() -> None:
    blob = b'{"a":1}\n' + b"q" * (16 << 20) + b'\n{"b":2}\n'
    assert list(iter_lines(io.BytesIO(blob))) == [b'{"a":1}', OVERLONG, b'{"b":2}']


# ---- records --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "expected"), [
    (b'{"event":"x"}', {"event": "x"}),
    (b'{"request_id": 123456789012345678901234567890}', {"request_id": 123456789012345678901234567890}),
    (b'{"v": NaN}', "nan"),
    (b"[1,2]", None),
    (b'"a string"', None),
    (b"not json", None),
    (b'{"torn": "li', None),
    (b"\xff\xfe{}", None),
    (b"[" * 100_000, None),
], ids=["object", "big-int", "nan", "array", "string", "garbage", "torn", "not-utf8", "deep"])
def test_only_json_objects_are_records(line: bytes, expected: Any) -> None:
    record = parse(line)
    if expected == "nan":
        assert record is not None and record["v"] != record["v"]
    else:
        assert record == expected


@pytest.mark.parametrize(("record", "expected"), [
    ({"reasons": [{"rule": "a", "detail": "d"}, {"rule": "b"}, {"rule": "a"}]}, ["a", "b"]),
    ({}, []),
    ({"reasons": None}, []),
    ({"reasons": "credential.password"}, []),
    ({"reasons": [None, 3, {"detail": "no rule"}, {"rule": 7}]}, ["7"]),
], ids=["dedup", "absent", "null", "string", "junk"])
def test_rules_are_read_from_whatever_reasons_hold(record: dict[str, Any], expected: list[str]) -> None:
    assert rules(record) == expected


def test_reasons_keep_the_detail_beside_the_rule() -> None:
    assert reasons({"reasons": [{"rule": "r", "detail": "why"}, {"rule": "s"}]}) == [("r", "why"), ("s", None)]


@pytest.mark.parametrize(("client", "expected"), [
    ({"name": "cli", "version": "1"}, "cli/1"),
    ({"name": "cli"}, "cli"),
    ("plain", "plain"),
    (None, None),
    ({"name": "x", "other": 1}, '{"name": "x", "other": 1}'),
])
def test_the_client_label_is_name_slash_version(client: Any, expected: str | None) -> None:
    assert client_label({"client": client}) == expected


def test_labels_of_any_type_are_short_strings() -> None:
    assert label({"b": 1, "a": [2]}) == '{"a": [2], "b": 1}'
    assert len(label("x" * 10_000) or "") < 300


@pytest.mark.parametrize(("hostile", "shown"), [
    ("\x1b[2J\x1b[31mred", "\\x1b[2J\\x1b[31mred"),
    ("a\rb\nc\td", "a\\x0db\\x0ac\\x09d"),
    ("\x9b31m", "\\x9b31m"),
    ("\x07bell\x7f", "\\x07bell\\x7f"),
    ("evil\u202egnp.exe", "evil\\u202egnp.exe"),
    ("zero\u200bwidth", "zero\\u200bwidth"),
    ("\x1b]8;;https://evil.example\x07link", "\\x1b]8;;https://evil.example\\x07link"),
    ("Zoë ✓ 日本", "Zoë ✓ 日本"),
], ids=["csi", "newlines", "c1-csi", "bell-del", "bidi", "zero-width", "osc8-link", "unicode-kept"])
def test_printable_shows_control_and_reordering_characters_as_escapes(hostile: str, shown: str) -> None:
    assert printable(hostile) == shown


# ---- filters --------------------------------------------------------------------------------------------

DENIED = {"event": "elicitation.denied", "decision": "deny", "server": "github",
          "reasons": [{"rule": "credential.password", "detail": "d"}]}
ALLOWED = {"event": "elicitation.allowed", "decision": "allow", "server": "slack", "reasons": []}
MONITOR = {"event": "elicitation.denied", "decision": "would_deny", "server": "github-enterprise",
           "reasons": [{"rule": "url.deny_domain"}]}
BARE = {"event": "custom.thing"}


@pytest.mark.parametrize(("flt", "kept"), [
    (Filter(), ["DENIED", "ALLOWED", "MONITOR", "BARE"]),
    (Filter(decisions=frozenset({"deny"})), ["DENIED"]),
    (Filter(decisions=frozenset({"deny", "would_deny"})), ["DENIED", "MONITOR"]),
    (Filter(servers=("github",)), ["DENIED"]),
    (Filter(servers=("github*",)), ["DENIED", "MONITOR"]),
    (Filter(rules=("credential.*",)), ["DENIED"]),
    (Filter(rules=("url.deny_domain", "credential.password")), ["DENIED", "MONITOR"]),
    (Filter(events=("elicitation.*",)), ["DENIED", "ALLOWED", "MONITOR"]),
    (Filter(decisions=frozenset({"would_deny"}), rules=("credential.*",)), []),
], ids=["none", "deny", "denials", "server", "server-glob", "rule-glob", "rules", "event-glob", "and"])
def test_filters_keep_only_matching_records(flt: Filter, kept: list[str]) -> None:
    records = {"DENIED": DENIED, "ALLOWED": ALLOWED, "MONITOR": MONITOR, "BARE": BARE}
    assert [name for name, record in records.items() if flt(record)] == kept


# ---- following ------------------------------------------------------------------------------------------


def _append(path: Path, data: bytes) -> None:
    with open(path, "ab") as handle:
        handle.write(data)


def test_a_follower_returns_what_was_appended_since_the_last_poll(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"1\n2\n")
    follower = Follower(str(path))
    assert follower.poll() == [b"1", b"2"]
    assert follower.poll() == []
    _append(path, b"3\n")
    assert follower.poll() == [b"3"]
    follower.close()


def test_a_half_written_line_waits_for_its_newline(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b'{"a":')
    follower = Follower(str(path))
    assert follower.poll() == []
    _append(path, b"1}\n")
    assert follower.poll() == [b'{"a":1}']
    follower.close()


def test_a_rotated_file_is_drained_and_the_new_one_read_from_its_start(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"old-1\n")
    follower = Follower(str(path))
    assert follower.poll() == [b"old-1"]
    # logrotate: the writer appends a last line to the old file, which is moved away; a new one starts.
    _append(path, b"old-2\n")
    os.rename(path, tmp_path / "audit.jsonl.1")
    path.write_bytes(b"new-1\nnew-2\n")
    assert follower.poll() == [b"old-2", b"new-1", b"new-2"]
    _append(path, b"new-3\n")
    assert follower.poll() == [b"new-3"]
    follower.close()


def test_a_file_moved_away_and_not_yet_recreated_keeps_being_read(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"a\n")
    follower = Follower(str(path))
    assert follower.poll() == [b"a"]
    moved = tmp_path / "audit.jsonl.1"
    os.rename(path, moved)
    _append(moved, b"b\n")
    assert follower.poll() == [b"b"]
    path.write_bytes(b"c\n")
    assert follower.poll() == [b"c"]
    follower.close()


def test_a_file_truncated_in_place_is_read_again_from_the_top(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"long line one\nlong line two\n")
    follower = Follower(str(path))
    assert follower.poll() == [b"long line one", b"long line two"]
    with open(path, "r+b") as handle:  # copytruncate
        handle.truncate(0)
    _append(path, b"fresh\n")
    assert follower.poll() == [b"fresh"]
    follower.close()


def test_a_file_that_does_not_exist_yet_is_picked_up_when_it_appears(tmp_path: Path) -> None:
    path = tmp_path / "later.jsonl"
    follower = Follower(str(path))
    assert follower.poll() == []
    path.write_bytes(b"here\n")
    assert follower.poll() == [b"here"]
    follower.close()


def test_one_poll_reads_a_bounded_amount_and_the_next_poll_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"".join(b"%06d\n" % i for i in range(100_000)))  # 700 KB
    follower = Follower(str(path))
    first = follower.poll(budget=1 << 16)
    assert 0 < len(first) < 100_000
    rest: list[bytes] = []
    while batch := follower.poll(budget=1 << 16):
        rest += batch
    assert [int(x) for x in first + rest] == list(range(100_000))
    follower.close()


def test_the_follow_loop_emits_each_step_of_a_scripted_rotation_without_sleeping(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b"a\n")
    steps: list[Callable[[], None]] = [
        lambda: _append(path, b"b\n"),
        lambda: os.rename(path, tmp_path / "audit.jsonl.1"),
        lambda: path.write_bytes(b"c\n"),
        lambda: path.write_bytes(b""),  # truncated
        lambda: _append(path, b"d\n"),
    ]
    emitted: list[list[bytes]] = []
    waits = 0

    def wait() -> None:  # called only when a poll found nothing: run the next step of the script
        nonlocal waits
        waits += 1
        steps.pop(0)()

    follower = Follower(str(path))
    follow(follower, emitted.append, wait, stop=lambda: not steps and waits > 0 and emitted[-1] == [b"d"])
    follower.close()
    assert [line for batch in emitted for line in batch] == [b"a", b"b", b"c", b"d"]


def test_a_file_truncated_and_written_past_the_old_position_before_the_next_poll_is_read_from_the_top(
        tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b'{"ts":"10:00:01","n":1}\n')
    follower = Follower(str(path))
    assert follower.poll() == [b'{"ts":"10:00:01","n":1}']
    # copytruncate, then the writer logs two lines before tail looks again: the file is longer than before.
    path.write_bytes(b'{"ts":"10:00:02","n":2}\n{"ts":"10:00:03","n":3}\n')
    assert follower.poll() == [b'{"ts":"10:00:02","n":2}', b'{"ts":"10:00:03","n":3}']
    follower.close()


def test_a_file_rewritten_right_after_a_rotation_is_noticed_at_the_next_poll(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b'{"ts":"10:00:01","n":1}\n')
    follower = Follower(str(path))
    assert follower.poll() == [b'{"ts":"10:00:01","n":1}']
    os.rename(path, tmp_path / "audit.jsonl.1")
    path.write_bytes(b'{"ts":"10:00:02","n":2}\n')
    assert follower.poll() == [b'{"ts":"10:00:02","n":2}']  # opened and read within one poll
    path.write_bytes(b'{"ts":"10:00:03","n":3}\n{"ts":"10:00:04","n":4}\n')  # copytruncate, then two lines
    assert follower.poll() == [b'{"ts":"10:00:03","n":3}', b'{"ts":"10:00:04","n":4}']
    follower.close()
