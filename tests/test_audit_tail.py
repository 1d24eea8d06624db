"""``elicitguard audit tail`` as a user runs it: last lines, filters, formats, colour, hostile lines, -f."""

from __future__ import annotations

import json
import os
import pty
import queue
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from auditgen import chain, day_of_audit, write_day
from conftest import WAIT
from structlog.contextvars import clear_contextvars

from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.auditread import rules

SGR = re.compile(r"\x1b\[[0-9;]*m")  # the colours tail adds itself


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


def tail(child_env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", "audit", "tail", *args], check=False,
                          capture_output=True, text=True, timeout=WAIT, env=child_env, encoding="utf-8")


@pytest.fixture
def day(tmp_path: Path) -> Path:
    return write_day(tmp_path / "audit.jsonl", 2000)


def records_of(path: Path) -> list[dict[str, Any]]:
    """The records tail shows by default: the chain's opening and closing records are bookkeeping."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [r for r in records if r.get("event") not in ("audit.opened", "audit.closed")]


def test_tail_shows_the_last_ten_records_one_line_each(child_env: dict[str, str], day: Path) -> None:
    done = tail(child_env, str(day))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 10
    expected = records_of(day)[-10:]
    for line, record in zip(lines, expected, strict=True):
        assert line.startswith(record["ts"])
        assert record["decision"].upper() in line and record["event"] in line
        for rule in rules(record):
            assert rule in line


@pytest.mark.parametrize(("count", "expected"), [("3", 3), ("0", 0), ("all", 2000)])
def test_tail_n_chooses_how_many_records(child_env: dict[str, str], day: Path, count: str, expected: int) -> None:
    done = tail(child_env, "-n", count, str(day))
    assert done.returncode == 0, done.stderr
    assert len(done.stdout.splitlines()) == expected


def test_filters_keep_only_matching_records(child_env: dict[str, str], day: Path) -> None:
    done = tail(child_env, "-n", "all", "--decision", "deny,would_deny", "--server", "git*", "--rule", "credential.*",
                "--format", "json", str(day))
    assert done.returncode == 0, done.stderr
    shown = [json.loads(line) for line in done.stdout.splitlines()]
    expected = [r for r in records_of(day) if r["decision"] in ("deny", "would_deny") and r["server"] == "github"
                and any(rule.startswith("credential.") for rule in rules(r))]
    assert shown == expected and len(expected) > 50


def test_the_event_filter_matches_globs(child_env: dict[str, str], day: Path) -> None:
    done = tail(child_env, "-n", "all", "--event", "session.*", "--format", "json", str(day))
    shown = [json.loads(line)["event"] for line in done.stdout.splitlines()]
    assert shown and set(shown) <= {"session.start", "session.end"}


@pytest.mark.parametrize("fmt", ["ecs", "ocsf"])
def test_siem_formats_print_one_json_object_a_line(child_env: dict[str, str], day: Path, fmt: str) -> None:
    done = tail(child_env, "-n", "50", "--format", fmt, str(day))
    assert done.returncode == 0, done.stderr
    docs = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(docs) == 50
    key = "@timestamp" if fmt == "ecs" else "class_uid"
    assert all(key in doc for doc in docs)


def test_text_is_never_coloured_when_the_output_is_not_a_terminal(child_env: dict[str, str], day: Path) -> None:
    done = tail(child_env, "-n", "all", str(day))
    assert "\x1b" not in done.stdout


def test_colour_always_paints_denials_red(child_env: dict[str, str], day: Path) -> None:
    done = tail(child_env, "-n", "all", "--decision", "deny", "--color", "always", str(day))
    lines = done.stdout.splitlines()
    assert lines and all("\x1b[1;31mDENY" in line for line in lines)


def _read_tty(master: int) -> str:
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(("no_color", "coloured"), [(False, True), (True, False)])
def test_on_a_terminal_text_is_coloured_unless_no_color_is_set(child_env: dict[str, str], day: Path,
                                                               no_color: bool, coloured: bool) -> None:
    env = dict(child_env, TERM="xterm")
    env.pop("NO_COLOR", None)
    if no_color:
        env["NO_COLOR"] = "1"
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "elicitguard", "audit", "tail", "-n", "20", str(day)],
                            stdout=slave, stderr=subprocess.PIPE, env=env)
    os.close(slave)
    try:
        out = _read_tty(master)
        assert proc.wait(timeout=WAIT) == 0
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        assert proc.stderr is not None
        proc.stderr.close()
    assert ("\x1b[" in out) is coloured


HOSTILE = [
    "\x1b[2J\x1b[H",  # clear the screen
    "\x1b]0;owned\x07",  # set the window title
    "\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\",  # a hyperlink
    "fake\rALLOW",  # overwrite the line
    "\x9b31m",  # C1 CSI
    "paypal\u202emoc.evil",  # right-to-left override
    "line\nbreak",
]


def hostile_file(path: Path) -> Path:
    records = [{"ts": "2025-06-02T10:00:00Z", "event": "elicitation.denied" + bad, "decision": "deny",
                "server": "srv" + bad, "client": {"name": "cli" + bad, "version": bad},
                "reasons": [{"rule": "credential.password" + bad, "detail": "detail" + bad, "field": bad}],
                "fields": ["user" + bad, bad], "url_host": "host" + bad, "session": bad, "request_id": bad,
                "extra" + bad: bad}
               for bad in HOSTILE]
    path.write_text("".join(line + "\n" for line in chain(records)), encoding="utf-8")
    return path


@pytest.mark.parametrize("colour", ["always", "never"])
def test_terminal_control_sequences_from_the_log_never_reach_the_terminal(child_env: dict[str, str],
                                                                          tmp_path: Path, colour: str) -> None:
    path = hostile_file(tmp_path / "audit.jsonl")
    done = tail(child_env, "-n", "all", "--color", colour, str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")[:-1]
    assert len(lines) == len(HOSTILE)  # nothing broke a line in two
    for line in lines:
        bare = SGR.sub("", line)
        for char in ("\x1b", "\r", "\x07", "\x9b", "\u202e", "\n"):
            assert char not in bare, (char, line)
    assert "srv\\x1b[2J\\x1b[H" in done.stdout  # shown, defused


@pytest.mark.parametrize("fmt", ["json", "ecs", "ocsf"])
def test_json_formats_escape_every_control_and_non_ascii_character(child_env: dict[str, str], tmp_path: Path,
                                                                   fmt: str) -> None:
    path = hostile_file(tmp_path / "audit.jsonl")
    done = tail(child_env, "-n", "all", "--format", fmt, str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii()
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", done.stdout)
    assert len([json.loads(line) for line in done.stdout.splitlines()]) == len(HOSTILE)


def test_lines_that_are_not_records_are_marked_and_do_not_stop_the_rest(child_env: dict[str, str],
                                                                        tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    good = chain(day_of_audit(2))
    path.write_bytes(f"{good[0]}\n".encode() + b"\x1b[2Jgarbage\xff\n[1,2]\n" + f"{good[1]}\n".encode())
    done = tail(child_env, "-n", "all", str(path))
    lines = done.stdout.splitlines()
    assert len(lines) == 4
    assert lines[1].startswith("(not an audit record) \\x1b[2Jgarbage")
    assert lines[3].startswith(json.loads(good[1])["ts"])
    filtered = tail(child_env, "-n", "all", "--decision", "allow,deny,would_deny", str(path))
    assert "not an audit record" not in filtered.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--decision", "blocked"], "unknown decision 'blocked'"),
    (["-n", "-1"], "not a count"),
])
def test_bad_arguments_exit_2(child_env: dict[str, str], day: Path, args: list[str], message: str) -> None:
    done = tail(child_env, *args, str(day))
    assert done.returncode == 2
    assert message in done.stderr


def test_a_missing_file_exits_2_naming_it(child_env: dict[str, str], tmp_path: Path) -> None:
    done = tail(child_env, str(tmp_path / "nope.jsonl"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "nope.jsonl" in done.stderr


def test_a_reader_that_stops_early_is_not_an_error(child_env: dict[str, str], tmp_path: Path) -> None:
    path = write_day(tmp_path / "audit.jsonl", 20_000)
    proc = subprocess.Popen([sys.executable, "-m", "elicitguard", "audit", "tail", "-n", "all", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()  # like `| head -1`
    proc.stdout.close()
    assert proc.wait(timeout=WAIT) == 0
    assert proc.stderr.read() == b""
    proc.stderr.close()


# ---- -f -------------------------------------------------------------------------------------------------


class Lines:
    """A child's stdout, line by line, each read bounded by WAIT."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._queue: queue.Queue[bytes] = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream: IO[bytes]) -> None:
        for line in stream:
            self._queue.put(line)
        self._queue.put(b"")

    def next(self) -> str:
        try:
            return self._queue.get(timeout=WAIT).decode("utf-8")
        except queue.Empty:
            raise AssertionError(f"no line from tail -f within {WAIT}s") from None


def denial(request_id: int) -> Decision:
    return Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                    request_id=request_id, mode="form", reasons=(Reason("credential.password", "asks a password"),))


def test_follow_shows_new_records_across_rotation_and_truncation(child_env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path))
    log.bind(server="github")
    log.decisions([denial(1), denial(2), denial(3)])
    # SIGINT as a terminal sends it: a shell's background job (a suite run with "&") starts its children
    # with SIGINT ignored, and the child would never see the test's Ctrl-C.
    proc = subprocess.Popen([sys.executable, "-m", "elicitguard", "audit", "tail", "-f", "-n", "2", "--interval",
                             "0.05", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout is not None and proc.stderr is not None
    out = Lines(proc.stdout)
    try:
        assert "id=2" in out.next() and "id=3" in out.next()  # the last two first
        log.decisions([denial(4)])  # the proxy's writer appends while tail follows
        assert "id=4" in out.next()
        log.close()
        os.rename(path, tmp_path / "audit.jsonl.1")  # logrotate: move away, start a new file
        log = AuditLog(str(path))
        log.bind(server="github")
        log.decisions([denial(5)])
        assert "id=5" in out.next()
        log.close()
        with open(path, "r+b") as handle:  # copytruncate
            handle.truncate(0)
        log = AuditLog(str(path))
        log.bind(server="github")
        log.decisions([denial(6), denial(7)])
        assert "id=6" in out.next() and "id=7" in out.next()
    finally:
        log.close()
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=WAIT)
        proc.stdout.close()
        err = proc.stderr.read()
        proc.stderr.close()
    assert code == 0 and b"Traceback" not in err, err
