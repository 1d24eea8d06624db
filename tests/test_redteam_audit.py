"""Red-team findings against the audit log's repeat budget and chains (real files, real processes)."""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.audit_chain import verify_report

DEADLINE = 15.0


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _deny(rule: str = "url.host_not_allowed", host: str | None = None, mode: str = "form") -> Decision:
    return Decision("elicitation.create", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                    mode=mode, reasons=(Reason(rule, "refused"),), url_host=host)


def test_a_second_server_reusing_a_session_id_keeps_its_denials_in_the_log(tmp_path: Path) -> None:
    # Two upstreams (routes) may issue the same session id; the budget must not let one server's
    # refusals be counted under the other's, nor the suppressed record name the wrong server.
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=2)
    log.bind(session="1", server="alpha", client={"name": "client-a"})
    for _ in range(3):
        log.decisions([_deny()])
    log.bind(session="1", server="beta", client={"name": "client-b"})
    log.decisions([_deny()])
    log.close()
    beta = [r for r in _records(path) if r.get("event") == "elicitation.create" and r.get("server") == "beta"]
    assert len(beta) == 1, "server beta's first refusal was counted as one of server alpha's repeats"


def test_a_url_mode_denial_is_not_hidden_among_form_mode_denials_of_the_same_rule(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=2)
    log.bind(session="s", server="srv", client=None)
    for _ in range(3):
        log.decisions([_deny("policy.default", mode="form")])
    log.decisions([_deny("policy.default", mode="url", host="evil.example")])
    log.close()
    url = [r for r in _records(path) if r.get("event") == "elicitation.create" and r.get("mode") == "url"]
    assert len(url) == 1


def test_a_denied_url_host_past_the_budget_still_reaches_the_log(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=2)
    log.bind(session="s", server="srv", client=None)
    for n in range(3):
        log.decisions([_deny(host=f"decoy{n}.example", mode="url")])
    log.decisions([_deny(host="real-phish.example", mode="url")])
    log.close()
    assert "real-phish.example" in path.read_text()
    suppressed = [json.loads(line) for line in path.read_text().splitlines() if '"audit.suppressed"' in line]
    assert [entry["host"] for entry in suppressed[0]["url_hosts"]] == ["decoy2.example", "real-phish.example"]


def test_audit_summary_counts_the_hosts_of_suppressed_denials_in_its_denied_host_table(tmp_path: Path) -> None:
    from elicitguard.proxy.auditsummary import summarise

    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    log.bind(session="s", server="srv", client=None)
    for host in ["a.example", "b.example", "b.example", "c.example"]:
        log.decisions([_deny(host=host, mode="url")])
    log.close()
    hosts = {row["name"]: row["total"] for row in summarise([str(path)])["denied_hosts"]}
    assert hosts == {"a.example": 1, "b.example": 2, "c.example": 1}


def test_a_flood_of_distinct_hosts_past_the_budget_is_named_up_to_a_bound_and_counted_beyond(
        tmp_path: Path) -> None:
    from elicitguard.proxy.audit_budget import MAX_HOSTS

    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    log.bind(session="s", server="srv", client=None)
    for n in range(1 + MAX_HOSTS + 10):
        log.decisions([_deny(host=f"h{n}.example", mode="url")])
    log.close()
    suppressed = [json.loads(line) for line in path.read_text().splitlines() if '"audit.suppressed"' in line]
    assert len(suppressed) == 1 and suppressed[0]["count"] == MAX_HOSTS + 10
    assert len(suppressed[0]["url_hosts"]) == MAX_HOSTS and suppressed[0]["url_hosts_omitted"] == 10


_CHILD = textwrap.dedent("""
    import sys, threading
    from elicitguard.policies.verdict import Decision, Direction, Reason
    from elicitguard.proxy.audit import AuditLog
    log = AuditLog(sys.argv[1], max_repeats=2, repeat_interval=0.2)
    log.bind(session="s", server="srv", client=None)
    for _ in range(7):
        log.decisions([Decision("elicitation.create", "deny", Direction.SERVER_TO_CLIENT,
                                reasons=(Reason("policy.default", "refused"),))])
    print("written", flush=True)
    # The repeats stopped; the session goes on (no more records) until the process is killed.
    while "audit.suppressed" not in open(sys.argv[1]).read():
        threading.Event().wait(0.02)
    print("flushed", flush=True)
    threading.Event().wait()
""")


def _line(proc: subprocess.Popen[str], deadline: float) -> str:
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(max(0.0, deadline - time.monotonic())):
            return ""
    return proc.stdout.readline().strip()


def test_counts_held_back_after_the_repeats_stop_survive_a_sigkill(tmp_path: Path) -> None:
    # A burst of refusals, then silence: the count must reach the file within the interval, not wait
    # for a next refusal or the session's end (which a SIGKILL or OOM kill never brings).
    path = tmp_path / "audit.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(path)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + DEADLINE
        assert _line(proc, deadline) == "written"
        flushed = _line(proc, time.monotonic() + 5.0)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=DEADLINE)
        if proc.stdout is not None:
            proc.stdout.close()
    assert flushed == "flushed", "the held-back count never reached the file before the kill"
    report = verify_report(path.read_text().splitlines())
    assert report.problem is None
    assert report.suppressed == 5


def test_a_keyed_chain_replayed_from_another_file_onto_the_end_does_not_verify(tmp_path: Path) -> None:
    # Without the key nobody can forge a record, but a whole chain copied from an older (rotated)
    # file starts at GENESIS; a format-2 chain starts at GENESIS only at the top of a file.
    key = b"k" * 32
    old, current = tmp_path / "audit.jsonl.1", tmp_path / "audit.jsonl"
    for path in (old, current):
        log = AuditLog(str(path), key=key, max_repeats=0)
        log.bind(session="s", server="srv", client=None)
        log.decisions([_deny()])
        log.close()
    assert verify_report(current.read_text().splitlines(), key).problem is None
    spliced = current.read_text() + old.read_text()
    report = verify_report(spliced.splitlines(), key)
    assert report.problem is not None, "a replayed chain appended to the file verified"


_HALF_WRITER = textwrap.dedent("""
    import fcntl, os, sys
    fd = os.open(sys.argv[1], os.O_WRONLY | os.O_APPEND)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as AuditLog holds it for one line
    os.write(fd, bytes.fromhex(sys.argv[2]))
    print("half", flush=True)
    sys.stdin.readline()
    os.write(fd, bytes.fromhex(sys.argv[3]))
    fcntl.flock(fd, fcntl.LOCK_UN)
""")


def _blocked_flock_on(path: Path) -> bool:
    """Whether /proc/locks shows someone waiting for a lock on ``path``."""
    inode = os.stat(path).st_ino
    with open("/proc/locks") as locks:
        return any("->" in line and f":{inode} " in line for line in locks)


def _read_mid_line(tmp_path: Path, *command: str) -> tuple[int, str]:
    """Run ``elicitguard *command FILE`` while another process, holding the file lock, has written
    only the first part of the file's last line; the line is finished once the reader has either
    finished or queued for the lock. The command's exit status and output."""
    scratch, path = tmp_path / "scratch.jsonl", tmp_path / "audit.jsonl"
    for _ in range(2):
        log = AuditLog(str(scratch), max_repeats=0)
        log.decisions([_deny()])
        log.close()
    data = scratch.read_bytes()
    cut = data.rindex(b"\n", 0, len(data) - 1) + 40
    path.write_bytes(data[:cut - 40])
    writer = subprocess.Popen([sys.executable, "-c", _HALF_WRITER, str(path), data[cut - 40:cut].hex(),
                               data[cut:].hex()], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    reader: subprocess.Popen[str] | None = None
    try:
        assert _line(writer, time.monotonic() + DEADLINE) == "half"
        reader = subprocess.Popen([sys.executable, "-m", "elicitguard", *command, str(path)],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + DEADLINE
        while reader.poll() is None and not _blocked_flock_on(path) and time.monotonic() < deadline:
            with contextlib.suppress(subprocess.TimeoutExpired):
                reader.wait(timeout=0.02)  # a bounded wait for the reader to finish or to queue for the lock
        assert writer.stdin is not None
        writer.stdin.write("go\n")
        writer.stdin.flush()
        assert writer.wait(timeout=DEADLINE) == 0
        out, _ = reader.communicate(timeout=DEADLINE)
    finally:
        for proc in (writer, reader):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=DEADLINE)
    return reader.returncode, out


_NEEDS_PROC_LOCKS = pytest.mark.skipif(not os.path.exists("/proc/locks"), reason="needs /proc/locks to see a "
                                       "waiting reader")


@_NEEDS_PROC_LOCKS
def test_audit_verify_of_a_live_shared_file_waits_for_the_line_being_written(tmp_path: Path) -> None:
    # A writer holds the file lock for the whole of one line; a reader that comes in the middle of it
    # must not call the file broken.
    status, out = _read_mid_line(tmp_path, "audit-verify")
    assert status == 0, out


@_NEEDS_PROC_LOCKS
def test_audit_summary_of_a_live_shared_file_does_not_call_it_broken(tmp_path: Path) -> None:
    status, out = _read_mid_line(tmp_path, "audit", "summary", "--json")
    assert status == 0, out
    assert '"broken"' not in out, out


def test_a_suppressed_count_flushed_from_another_sessions_context_keeps_its_own_peer(tmp_path: Path) -> None:
    # Held counts are flushed from whatever context writes next (a periodic flush on another session's
    # record, a shutdown): the record must not take that context's peer address or other bound fields.
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path), max_repeats=1)
    log.bind(session="x", server="srv", client=None, peer="192.0.2.1", tenant="blue")
    log.decisions([_deny(), _deny(), _deny()])
    log.bind(session="y", server="srv", client=None, peer="198.51.100.66", tenant="red")
    log.close()
    (held,) = [r for r in _records(path) if r.get("event") == "audit.suppressed"]
    assert (held["session"], held["count"]) == ("x", 2)
    assert held.get("peer") == "192.0.2.1"
    assert held.get("tenant") == "blue"


def test_a_blank_line_appended_to_a_shared_file_does_not_break_the_writers_chains(tmp_path: Path) -> None:
    # audit-verify skips blank lines, so the writer must not take one for "the line above" either:
    # an `echo >> audit.jsonl` (no record touched) broke every format-2 chain written after it.
    path = tmp_path / "audit.jsonl"
    first = AuditLog(str(path), max_repeats=0)
    first.decisions([_deny()])
    with open(path, "a") as handle:
        handle.write("\n")
    first.decisions([_deny()])
    with open(path, "a") as handle:
        handle.write(" \n\n")
    second = AuditLog(str(path), max_repeats=0)
    second.decisions([_deny()])
    first.decisions([_deny()])
    first.close()
    second.close()
    report = verify_report(path.read_text().splitlines())
    assert report.problem is None, report.problem
    assert len(report.chains) == 2 and not report.open_chains
