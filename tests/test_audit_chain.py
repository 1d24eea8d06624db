"""The audit log against a reader who must not be fooled and a file that may be cut, edited or shared:
escaping, masking, closed chains, anchored heads, keyed chains, several writers, rotation."""

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

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.verdict import Decision, Direction, Reason
from elicitguard.proxy.audit import AuditLog, verify_report

GITHUB_TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


@pytest.fixture(autouse=True)
def _fresh_context() -> Iterator[None]:
    clear_contextvars()
    yield
    clear_contextvars()


def _log(path: Path, n: int, key: bytes | None = None) -> list[str]:
    log = AuditLog(str(path), key=key) if key is not None else AuditLog(str(path))
    log.decisions([Decision(f"e.{i}", "allow", Direction.CLIENT_TO_SERVER, request_id=i) for i in range(n)])
    log.close()
    return path.read_text(encoding="utf-8").splitlines()


def _verify(child_env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", "audit-verify", *args], capture_output=True, text=True,
                          timeout=WAIT, env=child_env, cwd=ROOT, check=False)


# ---- lines that cannot fool a reader -------------------------------------------------------------------

HOSTILE = ["a\u2028b", "c\u2029d", "e\x85f", "g\x9b31mh", "\u202eevil\u202c", "i\x1bj\x7fk", "l\x0bm\x0cn\x1co\x1dp\x1eq",
           "\u2066x\u2069"]


def test_three_records_with_line_separators_and_controls_read_as_three_lines(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path))
    log.bind(client={"name": HOSTILE[0] + HOSTILE[4], "version": HOSTILE[3]})
    for i in range(3):
        log.decisions([Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, request_id=HOSTILE[i],
                                method=HOSTILE[5], fields=tuple(HOSTILE),
                                reasons=(Reason("credential.password", HOSTILE[6], HOSTILE[7]),))])
    data = path.read_bytes()
    log.close()
    written = [line for line in data.decode("ascii").splitlines()]  # ASCII only: nothing to decode
    assert len(written) == 1 + 3
    assert all(0x20 <= byte < 0x7f for byte in data.replace(b"\n", b""))
    records = [json.loads(line) for line in written[1:]]
    assert [r["request_id"] for r in records] == HOSTILE[:3]
    assert records[0]["fields"] == HOSTILE and records[0]["method"] == HOSTILE[5]
    assert records[0]["client"] == {"name": HOSTILE[0] + HOSTILE[4], "version": HOSTILE[3]}
    assert verify_report(path.read_text(encoding="utf-8").splitlines()).problem is None


def test_a_field_named_like_a_secret_is_masked_in_the_audit(tmp_path: Path) -> None:
    guard = Guard(load_config_text("").policy, 1 << 20)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
        "clientInfo": {"name": "c", "version": "1"}}}).encode())
    guard.server_message(b'{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-11-25","capabilities":{}}}')
    form = {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
        "mode": "form", "message": "Confirm", "requestedSchema": {"type": "object", "properties": {
            GITHUB_TOKEN: {"type": "string"}, "card 4111 1111 1111 1111": {"type": "boolean"}}}}}
    out = guard.server_message(json.dumps(form).encode())
    assert out.decisions
    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path))
    log.decisions(out.decisions)
    log.close()
    text = path.read_text(encoding="utf-8")
    assert GITHUB_TOKEN[4:] not in text and GITHUB_TOKEN[4:24] not in text
    assert "4111 1111 1111 1111" not in text
    (record,) = [json.loads(x) for x in text.splitlines() if '"elicitation.' in x]
    assert "ghp_***" in record["fields"]
    assert "card ***1111" in record["fields"]


# ---- truncation, anchoring ---------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [1, 2, 4])
def test_deleting_the_last_lines_is_reported_as_an_open_chain_with_exit_3(
        tmp_path: Path, child_env: dict[str, str], cut: int) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path, 4)
    assert _verify(child_env, str(path)).returncode == 0
    path.write_text("\n".join(lines[:-cut]) + "\n", encoding="utf-8")
    done = _verify(child_env, str(path))
    assert done.returncode == 3, done.stdout + done.stderr
    assert "OPEN" in done.stdout
    last = json.loads(lines[-cut - 1])
    assert f"last seq {last['seq']}, head {last['hash']}" in done.stdout


def test_a_head_kept_elsewhere_must_still_be_in_the_file(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path, 4)
    kept = json.loads(lines[3])["hash"]  # e.g. shipped to a collector earlier
    assert _verify(child_env, "--head", kept, str(path)).returncode == 0
    path.write_text("\n".join(lines[:3]) + "\n", encoding="utf-8")
    done = _verify(child_env, "--head", kept, str(path))
    assert done.returncode == 1, done.stdout
    assert f"head {kept} is not in the file" in done.stdout


def test_a_record_after_the_closing_record_breaks_the_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    lines = _log(path, 2)
    closed = json.loads(lines[-1])
    extra = dict(closed, event="e.late", seq=closed["seq"] + 1, prev=closed["hash"])
    extra.pop("hash")
    from elicitguard.proxy.audit import chain_hash

    extra["hash"] = chain_hash(extra["prev"], extra)
    report = verify_report([*lines, json.dumps(extra)])
    assert report.problem is not None and "after its chain's closing record" in report.problem


def test_a_log_from_before_closing_records_still_verifies_and_shows_as_open(tmp_path: Path) -> None:
    from elicitguard.proxy.audit import GENESIS, chain_hash

    prev, lines = GENESIS, []
    for seq in (1, 2, 3):
        record: dict[str, Any] = {"ts": "2026-01-01T00:00:00Z", "event": "session.start", "decision": "allow",
                                  "seq": seq, "prev": prev}
        record["hash"] = prev = chain_hash(prev, record)
        lines.append(json.dumps(record))
    report = verify_report(lines)
    assert report.problem is None and report.records == 3
    assert [(c.writer, c.closed) for c in report.chains] == [(None, False)]


# ---- keyed chains -------------------------------------------------------------------------------------


def _keyfile(tmp_path: Path, key: bytes, name: str = "audit.key") -> Path:
    path = tmp_path / name
    path.write_bytes(key + b"\n")
    return path


def test_a_keyed_chain_verifies_only_with_its_key(tmp_path: Path, child_env: dict[str, str]) -> None:
    key = _keyfile(tmp_path, b"k" * 32)
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n  hmac_key_file: {json.dumps(str(key))}\n")
    done = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
                           sys.executable, "-c", "pass"], capture_output=True, timeout=WAIT, env=child_env, cwd=ROOT,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(audit.read_text().splitlines()[0])["alg"] == "hmac-sha256"
    assert _verify(child_env, "--key-file", str(key), str(audit)).returncode == 0
    without = _verify(child_env, str(audit))
    assert without.returncode == 2 and "--key-file" in without.stdout
    wrong = _verify(child_env, "--key-file", str(_keyfile(tmp_path, b"w" * 32, "wrong.key")), str(audit))
    assert wrong.returncode == 1 and "hash mismatch" in wrong.stdout


def test_a_keyed_chain_recomputed_without_the_key_fails_verification(tmp_path: Path, child_env: dict[str, str]) -> None:
    from elicitguard.proxy.audit import GENESIS, chain_hash

    key = _keyfile(tmp_path, b"k" * 32)
    path = tmp_path / "audit.jsonl"
    lines = _log(path, 3, key=b"k" * 32)
    # Someone without the key edits a record and rebuilds the chain with plain SHA-256.
    prev, forged = GENESIS, []
    for line in lines:
        record = json.loads(line)
        record.pop("hash")
        record.pop("alg", None)
        record["prev"] = prev
        if record["event"] == "e.1":
            record["decision"] = "deny"
        if record["event"] == "audit.closed":
            record["head"] = prev
        record["hash"] = prev = chain_hash(prev, record)
        forged.append(json.dumps(record))
    path.write_text("\n".join(forged) + "\n")
    assert _verify(child_env, str(path)).returncode == 0  # without the key nothing can tell
    done = _verify(child_env, "--key-file", str(key), str(path))
    assert done.returncode == 1 and "not keyed" in done.stdout


@pytest.mark.parametrize("content", [b"", b"short\n"], ids=["empty", "short"])
def test_an_unusable_key_file_stops_the_proxy_with_exit_2(tmp_path: Path, child_env: dict[str, str], content: bytes) -> None:
    key = tmp_path / "audit.key"
    key.write_bytes(content)
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / 'a.jsonl'))}\n  hmac_key_file: {json.dumps(str(key))}\n")
    done = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
                           sys.executable, "-c", "pass"], capture_output=True, text=True, timeout=WAIT, env=child_env,
                          cwd=ROOT, check=False)
    assert done.returncode == 2
    assert "audit.hmac_key_file" in done.stderr and "16 bytes" in done.stderr


# ---- several writers, one file ------------------------------------------------------------------------


def test_two_writers_interleaving_in_one_file_each_keep_an_intact_chain(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    first, second = AuditLog(str(path)), AuditLog(str(path))
    for i in range(5):
        first.event("e.first", request_id=i)
        second.event("e.second", request_id=i)
    first.close()
    second.event("e.second", request_id=99)
    second.close()
    report = verify_report(path.read_text(encoding="utf-8").splitlines())
    assert report.problem is None
    assert [(c.records, c.closed) for c in report.chains] == [(7, True), (8, True)]


def test_deleting_a_whole_chain_between_two_others_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    for _ in range(3):
        _log(path, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert verify_report(lines).problem is None
    report = verify_report(lines[:4] + lines[8:])
    assert report.problem is not None and "line 5" in report.problem


def test_concurrent_stdio_proxies_sharing_one_audit_file_each_write_a_verifiable_chain(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n")
    server = [sys.executable, "-c", "import sys; sys.stdin.read()"]
    procs = [subprocess.Popen([sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", *server],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env,
                              cwd=ROOT) for _ in range(4)]
    try:
        for proc in procs:  # each runs until its stdin closes: all four are open at once
            proc.communicate(b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x":"\\u0000"}}}\n'
                             b'{"jsonrpc":"2.0","id":2,"method":"ping","id":3}\n', timeout=WAIT)
            assert proc.returncode == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    done = _verify(child_env, str(audit))
    assert done.returncode == 0, done.stdout
    assert "in 4 chain(s)" in done.stdout


def test_server_and_pid_in_the_audit_path_give_each_instance_its_own_file(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / '{server}-{pid}.jsonl'))}\n"
                      "servers:\n  git/hub: {}\n")
    proc = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--name", "git/hub",
                           "--", sys.executable, "-c", "pass"], capture_output=True, timeout=WAIT, env=child_env,
                          cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr
    (written,) = tmp_path.glob("*.jsonl")
    first = json.loads(written.read_text().splitlines()[0])
    assert written.name == f"git_hub-{first['pid']}.jsonl"
    assert [json.loads(x)["server"] for x in written.read_text().splitlines() if '"session.' in x] == ["git/hub"] * 2


# ---- rotation and the stdio stderr ---------------------------------------------------------------------


def _ping(proc: subprocess.Popen[bytes], rid: int) -> None:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps({"jsonrpc": "2.0", "id": rid, "method": "ping"}).encode() + b"\n")
    proc.stdin.flush()
    assert json.loads(proc.stdout.readline()) == {"jsonrpc": "2.0", "id": rid, "result": {}}


def test_sigusr1_closes_the_chain_in_the_rotated_file_and_starts_one_in_the_new_file(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    import signal

    from conftest import PEERS

    audit = tmp_path / "audit.jsonl"
    rotated = tmp_path / "audit.jsonl.1"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n")
    proc = subprocess.Popen([sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
                             sys.executable, str(PEERS / "stubborn_server.py")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env, cwd=ROOT)
    try:
        assert proc.stdout is not None
        assert json.loads(proc.stdout.readline())["params"]["data"] == "ready"
        _ping(proc, 1)
        audit.rename(rotated)  # what logrotate does, then: postrotate kill -USR1
        proc.send_signal(signal.SIGUSR1)
        _ping(proc, 2)  # handled after the signal: the server would have died of a forwarded SIGUSR1
        _, err = proc.communicate(b"", timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    old = _verify(child_env, str(rotated))
    assert old.returncode == 0, old.stdout
    old_last = json.loads(rotated.read_text().splitlines()[-1])
    assert (old_last["event"], old_last["reason"]) == ("audit.closed", "reopen")
    new = _verify(child_env, str(audit))
    assert new.returncode == 0, new.stdout
    new_lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert new_lines[0]["event"] == "audit.opened" and new_lines[0]["continues"] == old_last["hash"]
    assert [r["event"] for r in new_lines[1:]] == ["session.end", "audit.closed"]


def test_sigusr1_reopens_the_audit_file_in_http_mode_too(tmp_path: Path, child_env: dict[str, str]) -> None:
    import signal

    audit = tmp_path / "audit.jsonl"
    rotated = tmp_path / "audit.jsonl.1"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n")
    proc = subprocess.Popen([sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen",
                             "127.0.0.1:0", "--upstream", "http://127.0.0.1:9/mcp"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=child_env, cwd=ROOT)
    try:
        assert proc.stderr is not None
        assert b"listening on" in proc.stderr.readline()
        audit.rename(rotated)
        proc.send_signal(signal.SIGUSR1)  # delivered before SIGTERM (lower number, sent first)
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0
    assert [json.loads(x)["event"] for x in rotated.read_text().splitlines()] == [
        "audit.opened", "proxy.start", "audit.closed"]
    assert [json.loads(x)["event"] for x in audit.read_text().splitlines()] == [
        "audit.opened", "proxy.stop", "audit.closed"]
    for path in (rotated, audit):
        assert _verify(child_env, str(path)).returncode == 0


FORGED = json.dumps({"ts": "2026-01-01T00:00:00Z", "event": "elicitation.allowed", "decision": "allow", "seq": 1,
                     "prev": "0" * 64, "hash": "f" * 64})


def test_with_the_audit_on_stderr_nothing_the_server_prints_can_pass_for_an_audit_record(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    script = (
        "import sys\n"
        f"sys.stderr.write({FORGED!r} + '\\n')\n"
        f"sys.stderr.write('progress\\u2028' + {FORGED!r} + '\\r\\x1b[1A\\x1b[2K' + {FORGED!r} + '\\n')\n"
        "sys.stderr.write('no newline at the end, caf\\u00e9')\n"
    )
    done = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--", sys.executable, "-c", script],
                          input=b"", capture_output=True, timeout=WAIT, env=child_env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    text = done.stderr.decode("utf-8")
    lines = text.splitlines()  # the strictest reader: every Unicode line break splits
    audit_lines = [line for line in lines if line.startswith("{")]
    others = [line for line in lines if not line.startswith("{")]
    assert [json.loads(line)["event"] for line in audit_lines] == [
        "audit.opened", "session.start", "session.end", "audit.closed"]
    assert verify_report(audit_lines).problem is None
    assert others and all(line.startswith("server: ") for line in others), others
    assert "\x1b" not in text and "\u2028" not in text
    assert others[-1] == "server: no newline at the end, caf\u00e9"
    piped = subprocess.run([sys.executable, "-m", "elicitguard", "audit-verify", "-"], input="\n".join(audit_lines),
                           capture_output=True, text=True, timeout=WAIT, env=child_env, cwd=ROOT, check=False)
    assert piped.returncode == 0, piped.stdout
