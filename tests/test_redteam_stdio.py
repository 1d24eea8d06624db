"""Red team of ``elicitguard stdio`` and of the audit log: hostile servers and clients on raw JSON-RPC lines,
and hostile edits of audit files. Each test is a reproduction that failed before its fix.

The stdio tests start the real proxy (``python -m elicitguard stdio``) around ``tests/peers/raw_server.py``
(or a few lines of server written here) and play the client on raw lines. Every wait is bounded by WAIT.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import PEERS, ROOT, WAIT

INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}, "url": {}}},
    "clientInfo": {"name": "red", "version": "1"}}}
INIT_RESULT = {"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                     "serverInfo": {"name": "s", "version": "1"}}}
NAME_FORM = {"mode": "form", "message": "Your name?",
             "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}
# Sent by a server after the lines under test: once the client sees it, the proxy has judged them all.
MARK = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "mark"}}
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" * 2  # a GitHub token a user pasted into an innocent field


def line(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def env() -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), out.get("PYTHONPATH", "")]))
    out.pop("ELICITGUARD_CONFIG", None)
    return out


class Proxy:
    """The real ``elicitguard stdio`` process; this test is its client, on raw lines."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc

    @classmethod
    async def start(cls, server: list[str], tmp: Path, config: str | None = None) -> Proxy:
        args = [sys.executable, "-m", "elicitguard", "stdio"]
        if config is not None:
            path = tmp / "config.yaml"
            path.write_text(config)
            args += ["--config", str(path)]
        proc = await asyncio.create_subprocess_exec(
            *args, "--", *server, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=env(), cwd=str(ROOT), limit=1 << 24)
        return cls(proc)

    async def send(self, obj: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((obj if isinstance(obj, str) else line(obj)).encode() + b"\n")
        await self.proc.stdin.drain()

    async def recv(self) -> Any:
        assert self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), WAIT)
        assert raw, "the proxy closed its stdout"
        return json.loads(raw)

    async def recv_until_mark(self) -> list[Any]:
        """Everything the proxy forwards up to the server's MARK: the server's lines before it are judged."""
        out = []
        while (message := await self.recv()) != MARK:
            out.append(message)
        return out

    async def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        return await self.finish()

    async def finish(self) -> int:
        try:
            assert self.proc.stdout is not None
            await asyncio.wait_for(self.proc.stdout.read(), WAIT)
            return await asyncio.wait_for(self.proc.wait(), WAIT)
        finally:
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()


def raw_server(tmp: Path, steps: list[dict[str, Any]]) -> tuple[list[str], Path]:
    script, received = tmp / "script.json", tmp / "received.log"
    script.write_text(json.dumps(steps))
    received.write_bytes(b"")
    return [sys.executable, str(PEERS / "raw_server.py"), str(script), str(received)], received


def received_messages(path: Path) -> list[Any]:
    return [json.loads(raw) for raw in path.read_bytes().splitlines() if raw.strip()]


# ---- one answer per id: a server reusing or blurring an id must not unhook the answer scan ---------------


async def test_a_server_request_reusing_a_pending_elicitations_id_cannot_unhook_the_answer_scan(tmp_path: Path) -> None:
    """A benign form (id 7) is forwarded; the server then sends ``ping`` under the same id 7. Before, the
    ping replaced the form in the table of pending server requests, so the user's answer to the form was
    paired with the ping and reached the server unscanned, token and all."""
    server, received = raw_server(tmp_path, [
        {"expect": "initialize"}, {"send": line(INIT_RESULT)},
        {"send": line({"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": NAME_FORM})},
        {"send": line({"jsonrpc": "2.0", "id": 7, "method": "ping"})},
        {"send": line(MARK)},
        {"expect": "response", "id": 7},
        {"expect": "response", "id": 7},
    ])
    proxy = await Proxy.start(server, tmp_path)
    await proxy.send(INIT)
    assert (await proxy.recv())["id"] == 0
    shown = await proxy.recv_until_mark()
    assert shown[0]["method"] == "elicitation/create"
    # The client answers what it was shown: the form, under its id.
    await proxy.send({"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"name": TOKEN}}})
    await proxy.close()
    got = received_messages(received)
    assert TOKEN not in json.dumps(got)
    answers = [m for m in got if m.get("id") == 7 and "method" not in m]
    assert len(answers) == 2, answers  # one answer to each of the two requests sent under id 7


async def test_an_integer_id_a_javascript_client_cannot_hold_exactly_is_refused(tmp_path: Path) -> None:
    """JSON numbers are doubles to a JavaScript client: 2**53 + 1 and 2**53 are one id to it. A server
    sends a benign form under 2**53 + 1 and a ping under 2**53; a JS client answers the form under the id
    it read (2**53). Before, that answer paired with the ping and reached the server unscanned."""
    big = 2 ** 53
    server, received = raw_server(tmp_path, [
        {"expect": "initialize"}, {"send": line(INIT_RESULT)},
        {"send": line({"jsonrpc": "2.0", "id": big + 1, "method": "elicitation/create", "params": NAME_FORM})},
        {"send": line({"jsonrpc": "2.0", "id": big, "method": "ping"})},
        {"send": line(MARK)},
    ])
    proxy = await Proxy.start(server, tmp_path)
    await proxy.send(INIT)
    assert (await proxy.recv())["id"] == 0
    for message in await proxy.recv_until_mark():
        if message.get("method") == "elicitation/create":
            # What JSON.parse then JSON.stringify make of the id: the nearest double.
            as_js = int(float(message["id"]))
            await proxy.send({"jsonrpc": "2.0", "id": as_js, "result": {"action": "accept", "content": {"name": TOKEN}}})
    await proxy.close()
    got = received_messages(received)
    assert TOKEN not in json.dumps(got)
    # Both unsafe ids were refused, each with exactly one answer the server can pair.
    errors = [m for m in got if m.get("id") in (big, big + 1) and "error" in m]
    assert sorted(m["id"] for m in errors) == [big, big + 1]


# ---- shutdown: a server that stops reading cannot keep the proxy alive -----------------------------------

DEAF_SERVER = """
import json, sys, time
sys.stdin.buffer.readline()  # initialize
out = sys.stdout.buffer
out.write(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {"protocolVersion": "2025-11-25",
          "capabilities": {}, "serverInfo": {"name": "deaf", "version": "1"}}}).encode() + b"\\n")
out.write(b"".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": "ping"}).encode() + b"\\n"
                   for i in range(1, 3001)))
out.flush()
time.sleep(3600)  # never reads its stdin again, ignores nothing: only a signal ends it
"""


async def test_a_server_that_stops_reading_still_gets_stopped_after_the_client_hangs_up(tmp_path: Path) -> None:
    """The client hangs up with 3,000 server requests unanswered; the server never reads its stdin again.
    Before, the proxy waited for ever to write the 3,000 answers into the full pipe: it never closed the
    server's stdin, never started the grace period, and neither process ever exited."""
    script = tmp_path / "deaf.py"
    script.write_text(DEAF_SERVER)
    proxy = await Proxy.start([sys.executable, str(script)], tmp_path, config="stdio:\n  shutdown_grace: 0.5\n")
    await proxy.send(INIT)
    assert (await proxy.recv())["id"] == 0
    assert (await proxy.recv())["method"] == "ping"  # the pings are on their way to us
    started = time.monotonic()
    status = await proxy.close()
    # Grace, SIGTERM (the sleep dies of it): well within WAIT, and the server's status is passed on.
    assert status == 128 + 15
    assert time.monotonic() - started < WAIT


# ---- audit-verify: what it calls intact is what every reader reads ---------------------------------------


def _audit_file(tmp: Path, key: bytes | None = None) -> Path:
    from elicitguard.policies.verdict import Decision, Direction, Reason
    from elicitguard.proxy.audit import AuditLog

    path = tmp / "audit.jsonl"
    log = AuditLog(str(path), key=key)
    log.event("session.start", transport="stdio")
    log.decisions([Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                            request_id=7, mode="form", reasons=(Reason("credential.password", "field 'pw'"),))])
    log.event("session.end")
    log.close()
    return path


def _verify(path: Path, key_file: Path | None = None) -> int:
    import subprocess

    args = [sys.executable, "-m", "elicitguard", "audit-verify", str(path)]
    if key_file is not None:
        args += ["--key-file", str(key_file)]
    return subprocess.run(args, env=env(), cwd=str(ROOT), capture_output=True, timeout=WAIT).returncode


@pytest.mark.parametrize("keyed", [False, True], ids=["sha256", "hmac"])
def test_audit_verify_reads_lines_as_every_reader_does_so_a_carriage_return_cannot_hide_a_record(
        tmp_path: Path, keyed: bool) -> None:
    """The line end between the denial and the next record is replaced by a CR. Every reader of the
    log (audit tail, summary, report, jq, a shipper) splits on LF only: to them the denial is gone,
    fused into one unreadable line (``tail --decision deny`` skips it silently). Before, audit-verify
    read the file with universal newlines, saw the two records intact, and said so (exit 0)."""
    key_file = tmp_path / "key"
    key_file.write_bytes(b"k" * 32)
    path = _audit_file(tmp_path, key=b"k" * 32 if keyed else None)
    assert _verify(path, key_file if keyed else None) == 0
    lines = path.read_bytes().split(b"\n")
    denial = next(i for i, raw in enumerate(lines) if b"elicitation.denied" in raw)
    path.write_bytes(b"\n".join(lines[:denial]) + b"\n" + lines[denial] + b"\r" + b"\n".join(lines[denial + 1:]))
    from elicitguard.proxy.auditread import iter_lines, parse

    with open(path, "rb") as handle:
        seen = [parse(raw) for raw in iter_lines(handle)]
    assert not any(r and r.get("event") == "elicitation.denied" for r in seen)  # what the readers see
    assert _verify(path, key_file if keyed else None) == 1


@pytest.mark.parametrize("keyed", [False, True], ids=["sha256", "hmac"])
def test_audit_verify_refuses_a_line_with_a_duplicate_key_that_readers_taking_the_first_would_misread(
        tmp_path: Path, keyed: bool) -> None:
    """``"decision":"allow"`` is slipped in front of a denial's own ``"decision":"deny"``. Python and jq
    keep the last value, so the hash still matched and audit-verify said intact (exit 0); a reader that
    keeps the first (or rejects the line, as Elasticsearch does) reads an allow. The writer never
    writes a key twice: such a line was edited."""
    key_file = tmp_path / "key"
    key_file.write_bytes(b"k" * 32)
    path = _audit_file(tmp_path, key=b"k" * 32 if keyed else None)
    text = path.read_text()
    start = text.index('{"ts"', text.index("elicitation.denied") - 200)
    path.write_text(text[:start] + '{"decision":"allow",' + text[start + 1:])
    assert '"decision":"allow","ts"' in path.read_text()
    assert _verify(path, key_file if keyed else None) == 1


# ---- audit tail / summary / report: no invisible or reordering character reaches a person ----------------

# Format characters (Unicode category Cf) a peer can put in any name: U+061C reorders like the bidi marks,
# U+00AD, U+180E, U+2064 and the interlinear annotations hide or merge text, and the tag characters
# (U+E0001, U+E0020-E007F) are invisible letters: "github" plus tags looks like "github" and is not.
INVISIBLE = "\u00ad\u061c\u180e\u206a\ufff9\U0001d173\U000e0001\U000e0041\U000e0067"


def test_audit_tail_summary_and_report_show_every_invisible_format_character_as_an_escape(tmp_path: Path) -> None:
    import subprocess

    from elicitguard.policies.verdict import Decision, Direction, Reason
    from elicitguard.proxy.audit import AuditLog

    path = tmp_path / "audit.jsonl"
    log = AuditLog(str(path))
    log.bind(session="s", server="github" + INVISIBLE, client={"name": "c" + INVISIBLE, "version": "1"})
    log.decisions([Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, method="elicitation/create",
                            request_id="r" + INVISIBLE, fields=("f" + INVISIBLE,), url_host="h" + INVISIBLE,
                            reasons=(Reason("credential.password", "field 'f" + INVISIBLE + "'"),))])
    log.close()
    outputs = {}
    for name, args in {
        "tail": ["audit", "tail", "-n", "all", "--color", "always", str(path)],
        "summary": ["audit", "summary", str(path)],
        "report": ["audit", "report", str(path), "-o", "-"],
    }.items():
        done = subprocess.run([sys.executable, "-m", "elicitguard", *args], env=env(), cwd=str(ROOT),
                              capture_output=True, timeout=WAIT)
        assert done.returncode == 0, done.stderr
        outputs[name] = done.stdout.decode("utf-8")
    assert "github" in outputs["tail"] and "github" in outputs["summary"] and "github" in outputs["report"]
    for name, text in outputs.items():
        shown = sorted({f"U+{ord(c):04X}" for c in text if c in INVISIBLE})
        assert not shown, f"audit {name} printed {shown} as is"


# ---- the guard's state is touched by one party at a time ---------------------------------------------------


async def test_the_stdio_expiry_timer_waits_while_a_frame_of_its_session_is_being_judged(tmp_path: Path) -> None:
    """A frame over 2 KiB is judged in a worker thread holding the session's lock; the pending-timeout
    timer used to run ``tick`` (and ``next_deadline``, iterating a dict the thread may grow) on the
    loop regardless. A client's answer judged in the thread and the timer's ``cancel`` could then both
    take the same pending elicitation (``tick`` found it gone between its check and its pop and died
    with AttributeError, and no elicitation of the session ever timed out again)."""
    from elicitguard.policies.config import load_config_text
    from elicitguard.policies.engine import Guard
    from elicitguard.policies.session import SessionState
    from elicitguard.proxy import offload
    from elicitguard.proxy.audit import AuditLog
    from elicitguard.proxy.hygiene import expire_pending

    config = load_config_text("policy:\n  limits:\n    pending_timeout: 0.05\n")
    guard = Guard(config.policy, config.max_message_bytes, SessionState(client_modes=frozenset({"form"})))
    loop = asyncio.get_running_loop()
    out = guard.server_message(line({"jsonrpc": "2.0", "id": 3, "method": "elicitation/create",
                                     "params": NAME_FORM}).encode(), loop.time())
    assert out.forward is not None  # forwarded: pending, with a deadline
    sent: list[bytes] = []

    async def sink(data: bytes) -> None:
        sent.append(data)

    lock = offload.lock_for(guard)
    await lock.acquire()  # as a judging thread does
    timer = asyncio.create_task(expire_pending(guard, AuditLog(str(tmp_path / "a.jsonl")), to_server=sink,
                                               to_client=sink))
    try:
        # The timeout has passed once the timer either answered or queued for the lock.
        await asyncio.wait_for(_until(lambda: sent or getattr(lock, "_waiters", None)), WAIT)
        assert not sent, "the timer answered while a frame of its session was being judged"
        lock.release()
        await asyncio.wait_for(_until(lambda: len(sent) == 2), WAIT)
    finally:
        if lock.locked():
            lock.release()
        timer.cancel()
    assert b'"cancel"' in sent[0]


async def _until(done: Any) -> None:
    while not done():
        await asyncio.sleep(0.01)


def test_audit_verify_notices_records_of_two_writers_swapped_in_a_shared_file(tmp_path: Path) -> None:
    """Two processes share one audit file (one config for every server of a desktop client). Moving
    server B's denial above server A's allow changes what the file says happened first."""
    from elicitguard.policies.verdict import Decision, Direction
    from elicitguard.proxy.audit import AuditLog

    path = tmp_path / "shared.jsonl"
    a, b = AuditLog(str(path)), AuditLog(str(path))
    a.decisions([Decision("elicitation.allowed", "allow", Direction.SERVER_TO_CLIENT, request_id=1)])
    b.decisions([Decision("elicitation.denied", "deny", Direction.SERVER_TO_CLIENT, request_id=2)])
    a.close()
    b.close()
    assert _verify(path) == 0
    lines = path.read_bytes().splitlines(keepends=True)
    first = next(i for i, raw in enumerate(lines) if b"elicitation.allowed" in raw)
    second = next(i for i, raw in enumerate(lines) if b"elicitation.denied" in raw)
    assert second == first + 1
    lines[first], lines[second] = lines[second], lines[first]
    path.write_bytes(b"".join(lines))
    assert _verify(path) == 1


PASSWORD_FORM = {"mode": "form", "message": "Log in",
                 "requestedSchema": {"type": "object", "properties": {"password": {"type": "string"}}}}


async def test_a_server_repeating_a_denied_form_cannot_grow_the_audit_log_one_line_per_request(tmp_path: Path) -> None:
    count = 1000
    server, _received = raw_server(tmp_path, [
        {"expect": "initialize"}, {"send": line(INIT_RESULT)},
        *({"send": line({"jsonrpc": "2.0", "id": 100 + i, "method": "elicitation/create", "params": PASSWORD_FORM})}
          for i in range(count)),
        {"send": line(MARK)},
    ])
    audit = tmp_path / "audit.jsonl"
    proxy = await Proxy.start(server, tmp_path, config=f"audit:\n  path: {json.dumps(str(audit))}\n")
    await proxy.send(INIT)
    assert (await proxy.recv())["id"] == 0
    assert await proxy.recv_until_mark() == []  # none reached the client
    await proxy.close()
    records = [json.loads(raw) for raw in audit.read_bytes().splitlines()]
    denials = [r for r in records if r["event"] == "elicitation.denied"]
    assert len(denials) < count // 10, f"{len(denials)} audit lines ({audit.stat().st_size} bytes) for {count} repeats"
    # Nothing silently lost: the rest are counted, and the server got an answer to every one.
    counted = sum(r["count"] for r in records if r["event"] == "audit.suppressed" and r["of_event"] == "elicitation.denied")
    assert len(denials) + counted == count
    answered = {m["id"] for m in received_messages(_received) if "id" in m and "method" not in m}
    assert answered >= {100 + i for i in range(count)}
    assert _verify(audit) == 0


# ---- the answer scan reads every answer to its end ------------------------------------------------------

MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
               "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}


def _client_guard() -> Any:
    from elicitguard.policies.config import Policy
    from elicitguard.policies.engine import Guard
    from elicitguard.policies.session import SessionState

    return Guard(Policy(), 16 << 20, SessionState(client_modes=frozenset({"form"})))


def test_a_secret_in_the_sixty_fifth_input_response_is_withheld_like_the_first() -> None:
    """A retry answering more than 64 input requests (two rounds at once, say): before, only the first 64
    entries were read, and a token in the 65th reached the server."""
    responses = {f"k{i}": {"action": "accept", "content": {"name": "Alice"}} for i in range(64)}
    responses["k64"] = {"action": "accept", "content": {"name": TOKEN}}
    retry = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
        "name": "t", "arguments": {}, "inputResponses": responses, "requestState": "s", "_meta": MODERN_META}}
    out = _client_guard().client_message(line(retry).encode())
    assert out.forward is not None and TOKEN.encode() not in out.forward
    assert [d.input_key for d in out.decisions if d.event == "response.withheld"] == ["k64"]


def test_a_key_past_the_first_64_kib_of_a_pasted_answer_is_withheld() -> None:
    """A whole config file pasted into an innocent text field: before, only its first 64 KiB were read."""
    guard = _client_guard()
    form = guard.server_message(line({"jsonrpc": "2.0", "id": 8, "method": "elicitation/create",
                                      "params": NAME_FORM}).encode(), 0.0)
    assert form.forward is not None
    pasted = "# settings\n" + "log_level = info\n" * 5000 + f"github_token = {TOKEN}\n"
    assert len(pasted) > 65536
    out = guard.client_message(line({"jsonrpc": "2.0", "id": 8, "result": {
        "action": "accept", "content": {"name": pasted}}}).encode())
    assert out.forward is not None and TOKEN.encode() not in out.forward
    assert [d.event for d in out.decisions] == ["response.withheld"]


def test_the_answer_to_a_task_augmented_form_fetched_with_tasks_result_is_scanned_too() -> None:
    """A task-augmented ``elicitation/create`` is answered with a task; the server then asks the client
    for ``tasks/result`` and gets the user's answer there. Before, only a direct answer to
    ``elicitation/create`` was read, so a token typed into the form reached the server."""
    guard = _client_guard()
    form = guard.server_message(line({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create",
                                      "params": {**NAME_FORM, "task": {"ttl": 60000}}}).encode(), 0.0)
    assert form.forward is not None
    created = {"task": {"taskId": "t1", "status": "working", "createdAt": "2025-11-25T00:00:00Z", "ttl": 60000}}
    assert guard.client_message(line({"jsonrpc": "2.0", "id": 1, "result": created}).encode()).forward is not None
    ask = guard.server_message(line({"jsonrpc": "2.0", "id": 2, "method": "tasks/result",
                                     "params": {"taskId": "t1"}}).encode(), 0.0)
    assert ask.forward is not None
    out = guard.client_message(line({"jsonrpc": "2.0", "id": 2, "result": {
        "action": "accept", "content": {"name": TOKEN},
        "_meta": {"io.modelcontextprotocol/related-task": {"taskId": "t1"}}}}).encode())
    assert out.forward is not None and TOKEN.encode() not in out.forward
    assert [d.event for d in out.decisions] == ["response.withheld"]
