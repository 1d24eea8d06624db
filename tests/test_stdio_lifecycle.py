"""``elicitguard stdio`` as a process: odd standard descriptors, peers that go away, signals, and a
server that will not stop. Real processes throughout; every wait is bounded by ``WAIT``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import select
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import PEERS, ROOT, WAIT

STUBBORN = str(PEERS / "stubborn_server.py")
RAW_SERVER = str(PEERS / "raw_server.py")
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
    "clientInfo": {"name": "lifecycle-test", "version": "1"}}}


def _config(tmp_path: Path, grace: float = 0.5, audit: str | None = None) -> Path:
    config = tmp_path / "config.yaml"
    audit_path = audit if audit is not None else str(tmp_path / "audit.jsonl")
    config.write_text(f"audit:\n  path: {json.dumps(audit_path)}\nstdio:\n  shutdown_grace: {grace}\n", encoding="utf-8")
    return config


def _audit(tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / "audit.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


async def _spawn(child_env: dict[str, str], config: Path, server: list[str], **kwargs: Any) -> asyncio.subprocess.Process:
    options: dict[str, Any] = {"stdin": asyncio.subprocess.PIPE, "stdout": asyncio.subprocess.PIPE,
                               "stderr": asyncio.subprocess.PIPE}
    options.update(kwargs)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", *server,
        env=child_env, cwd=ROOT, **options)


async def _line(proc: asyncio.subprocess.Process) -> dict[str, Any]:
    assert proc.stdout is not None
    line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
    assert line.endswith(b"\n"), line
    value: dict[str, Any] = json.loads(line)
    return value


async def _send(proc: asyncio.subprocess.Process, *messages: dict[str, Any]) -> None:
    assert proc.stdin is not None
    proc.stdin.write(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
    await proc.stdin.drain()


async def _rest(proc: asyncio.subprocess.Process) -> tuple[list[dict[str, Any]], bytes, int]:
    """Everything left on stdout (as messages), stderr, and the exit status, bounded by WAIT."""
    assert proc.stdout is not None and proc.stderr is not None
    try:
        out, err, code = await asyncio.wait_for(asyncio.gather(proc.stdout.read(), proc.stderr.read(), proc.wait()), WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            # Bounded: wait() also waits for the pipes, which a server that outlived the proxy holds.
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(proc.wait(), WAIT)
    return [json.loads(line) for line in out.splitlines()], err, code


def _kill_pidfile(pidfile: Path) -> None:
    """Cleanup for a server the proxy failed to stop (old code): never leave it running."""
    with contextlib.suppress(FileNotFoundError, ValueError, ProcessLookupError):
        os.kill(int(pidfile.read_text()), signal.SIGKILL)


def _wait_for_exit(pid: int) -> bool:
    """True once process ``pid`` has terminated (pidfd: no polling, bounded by WAIT)."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        ready, _, _ = select.select([fd], [], [], WAIT)
        return bool(ready)
    finally:
        os.close(fd)


# ---- standard input that is not a pipe ----------------------------------------------------------------

SERVER_AT_EOF = (
    "import sys\n"
    "data = sys.stdin.buffer.read()\n"
    "sys.stdout.write('{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\","
    "\"data\":\"read %d bytes\"}}\\n' % len(data))\n"
    "sys.exit(5)\n"
)


def _run_sync(args: list[str], stdin: Any, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(args, stdin=stdin, capture_output=True, timeout=WAIT, env=env, cwd=ROOT, check=False)


@pytest.mark.parametrize("source", ["devnull", "regular-file"])
def test_stdin_from_dev_null_or_a_file_works_like_the_server_alone(
        tmp_path: Path, child_env: dict[str, str], source: str) -> None:
    if source == "devnull":
        path = Path(os.devnull)
    else:
        path = tmp_path / "requests.jsonl"
        path.write_bytes(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n' * 3)
    server = [sys.executable, "-c", SERVER_AT_EOF]
    with path.open("rb") as stdin:
        alone = _run_sync(server, stdin, child_env)
    with path.open("rb") as stdin:
        proxied = _run_sync([sys.executable, "-m", "elicitguard", "stdio", "--config", str(_config(tmp_path)), "--",
                             *server], stdin, child_env)
    assert proxied.returncode == alone.returncode == 5, proxied.stderr
    assert proxied.stdout == alone.stdout
    assert b"Traceback" not in proxied.stderr


def test_stdout_to_dev_null_and_stdin_from_dev_null_end_cleanly(tmp_path: Path, child_env: dict[str, str]) -> None:
    with open(os.devnull, "rb") as stdin, open(os.devnull, "wb") as stdout:
        done = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--config", str(_config(tmp_path)), "--",
                               sys.executable, "-c", SERVER_AT_EOF], stdin=stdin, stdout=stdout,
                              stderr=subprocess.PIPE, timeout=WAIT, env=child_env, cwd=ROOT, check=False)
    assert done.returncode == 5
    assert b"Traceback" not in done.stderr


# ---- a peer that goes away ----------------------------------------------------------------------------


async def test_a_server_killed_mid_message_leaves_no_client_request_unanswered(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    proc = await _spawn(child_env, _config(tmp_path), [sys.executable, STUBBORN, "--die-mid-message"])
    assert (await _line(proc))["params"]["data"] == "ready"
    await _send(proc, INIT)
    assert (await _line(proc))["id"] == 1
    # "7" is answered; 8 is answered half-way, then the server dies.
    await _send(proc, {"jsonrpc": "2.0", "id": "7", "method": "ping"})
    assert (await _line(proc)) == {"jsonrpc": "2.0", "id": "7", "result": {}}
    await _send(proc, {"jsonrpc": "2.0", "id": 8, "method": "tools/call", "params": {"name": "t", "arguments": {}}})
    messages, err, code = await _rest(proc)
    assert code == 128 + signal.SIGKILL, err
    assert b"Traceback" not in err, err.decode(errors="replace")
    assert [m["id"] for m in messages] == [8]
    assert messages[0]["error"]["code"] in (-32603, -32600)
    assert messages[0]["error"]["data"]["source"] == "elicitguard"


async def test_requests_in_flight_when_the_server_exits_each_get_one_error_with_their_exact_id(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    pidfile = tmp_path / "pid"
    proc = await _spawn(child_env, _config(tmp_path), [sys.executable, STUBBORN, "--pidfile", str(pidfile)])
    try:
        assert (await _line(proc))["params"]["data"] == "ready"
        await _send(proc, INIT)
        await _line(proc)
        held = [{"jsonrpc": "2.0", "id": rid, "method": "tools/call", "params": {"name": "slow", "arguments": {}}}
                for rid in (2, "x", -4)]
        await _send(proc, *held, {"jsonrpc": "2.0", "id": 3, "method": "ping"})
        assert (await _line(proc))["id"] == 3  # the server has read the three held calls
        os.kill(int(pidfile.read_text()), signal.SIGKILL)
        messages, err, code = await _rest(proc)
    finally:
        _kill_pidfile(pidfile)
    assert code == 128 + signal.SIGKILL
    assert b"Traceback" not in err
    assert [(type(m["id"]), m["id"]) for m in messages] == [(int, 2), (str, "x"), (int, -4)]
    for message in messages:
        assert message["error"]["code"] == -32603
        assert message["error"]["data"] == {"rule": "server.gone", "source": "elicitguard"}
        assert "exited" in message["error"]["message"]
    abandoned = [r for r in _audit(tmp_path) if r["event"] == "request.abandoned"]
    assert [r["request_id"] for r in abandoned] == [2, "x", -4]


async def test_a_client_that_closes_stdin_while_an_elicitation_is_pending_leaves_it_answered_cancel(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    script = tmp_path / "script.json"
    received = tmp_path / "received.log"
    name_form = {"mode": "form", "message": "Your name?",
                 "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}
    script.write_text(json.dumps([
        {"expect": "initialize"},
        {"send": json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "raw", "version": "0"}}})},
        {"send": json.dumps({"jsonrpc": "2.0", "id": 41, "method": "elicitation/create", "params": name_form})},
        {"expect": "response", "id": 41},
    ]), encoding="utf-8")
    proc = await _spawn(child_env, _config(tmp_path), [sys.executable, RAW_SERVER, str(script), str(received)])
    await _send(proc, INIT)
    assert (await _line(proc))["id"] == 1
    elicitation = await _line(proc)
    assert elicitation["method"] == "elicitation/create" and elicitation["id"] == 41
    assert proc.stdin is not None
    proc.stdin.close()  # the client goes away without answering
    messages, err, code = await _rest(proc)
    assert code == 0, err.decode(errors="replace")  # raw_server exits 3 when EOF comes before the answer
    assert messages == []
    answers = [json.loads(line) for line in received.read_bytes().splitlines()][1:]
    assert answers == [{"jsonrpc": "2.0", "id": 41, "result": {"action": "cancel"}}]
    abandoned = [r for r in _audit(tmp_path) if r["event"] == "request.abandoned"]
    assert [(r["request_id"], r["method"], r["reasons"][0]["rule"]) for r in abandoned] == [
        (41, "elicitation/create", "client.gone")]


async def test_the_sdk_server_sees_cancel_when_the_client_hangs_up_during_its_elicitation(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    # The SDK server exits by itself once it has its cancel; on a loaded machine that takes longer than
    # the 0.5 s the other tests give, and SIGTERM (exit 143) would come first.
    proc = await _spawn(child_env, _config(tmp_path, grace=5), [sys.executable, "tests/peers/py_server.py", "stdio"])
    await _send(proc, INIT)
    assert (await _line(proc))["id"] == 1
    await _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"},
                {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask_name", "arguments": {}}})
    assert (await _line(proc))["method"] == "elicitation/create"
    assert proc.stdin is not None
    proc.stdin.close()
    messages, err, code = await _rest(proc)
    assert code == 0, err.decode(errors="replace")
    # The tool's ctx.elicit() returned cancel and its result reaches a client still reading stdout;
    # unless the SDK, seeing EOF right behind the answer, stopped first: then the proxy answers.
    assert [m["id"] for m in messages] == [2]
    answer = messages[0]
    if "result" in answer:
        assert answer["result"]["content"][0]["text"] == "action=cancel"
    else:
        assert answer["error"]["data"]["rule"] == "server.gone"
    abandoned = [r for r in _audit(tmp_path) if r["event"] == "request.abandoned" and r["direction"] == "server_to_client"]
    assert [(r["method"], r["reasons"][0]["rule"]) for r in abandoned] == [("elicitation/create", "client.gone")]


# ---- signals ------------------------------------------------------------------------------------------


async def test_sigterm_under_traffic_ends_cleanly_with_every_request_answered_once(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    proc = await _spawn(child_env, _config(tmp_path), [sys.executable, STUBBORN])
    assert proc.stdin is not None and proc.stdout is not None
    await _line(proc)
    await _send(proc, INIT)
    await _line(proc)
    await _send(proc, {"jsonrpc": "2.0", "id": "held", "method": "tools/call", "params": {"name": "slow"}})
    sent: list[int] = []
    stopped = asyncio.Event()

    async def flood() -> None:
        rid = 100
        with contextlib.suppress(ConnectionError, OSError):
            # Bounded below the pending-request table (10,000): past it the proxy refuses new requests
            # at once, ahead of older ones still with the server, and this test is about order.
            while not stopped.is_set() and rid < 100 + 4000:
                batch = list(range(rid, rid + 20))
                proc.stdin.write(b"".join(json.dumps({"jsonrpc": "2.0", "id": i, "method": "ping"}).encode() + b"\n"
                                          for i in batch))  # type: ignore[union-attr]
                sent.extend(batch)
                rid += 20
                await proc.stdin.drain()  # type: ignore[union-attr]

    writer = asyncio.create_task(flood())
    answers: list[dict[str, Any]] = []
    try:
        while len(answers) < 300:
            answers.append(await _line(proc))
        proc.send_signal(signal.SIGTERM)
        rest, err, code = await _rest(proc)
    finally:
        stopped.set()
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await writer
    answers += rest
    assert code == 128 + signal.SIGTERM, err
    assert b"Traceback" not in err, err.decode(errors="replace")
    counts = Counter(json.dumps(m["id"]) for m in answers)
    assert [k for k, n in counts.items() if n > 1] == [], "an id was answered twice"
    held = [m for m in answers if m["id"] == "held"]
    assert len(held) == 1 and held[0]["error"]["data"]["rule"] == "server.gone"
    pings = [m["id"] for m in answers if m["id"] != "held"]
    # The proxy reads in order: every ping it read was answered (by the server or with an error),
    # and what it never read is a tail the client sees cut off by EOF.
    assert pings == sent[:len(pings)]
    assert all("result" in m or m["error"]["data"]["rule"] == "server.gone" for m in answers if m["id"] != "held")


@pytest.mark.parametrize("how", ["stdin EOF", "SIGTERM", "SIGINT"])
async def test_a_server_that_ignores_sigterm_and_eof_is_killed_after_the_grace_period(
        tmp_path: Path, child_env: dict[str, str], how: str) -> None:
    pidfile = tmp_path / "pid"
    proc = await _spawn(child_env, _config(tmp_path, grace=0.3),
                        [sys.executable, STUBBORN, "--ignore-term", "--ignore-eof", "--pidfile", str(pidfile)])
    try:
        await _line(proc)
        assert proc.stdin is not None
        if how == "stdin EOF":
            proc.stdin.close()
        else:
            proc.send_signal(signal.SIGTERM if how == "SIGTERM" else signal.SIGINT)
        _, err, code = await _rest(proc)
        server_gone = _wait_for_exit(int(pidfile.read_text()))
    finally:
        _kill_pidfile(pidfile)
    assert code == 128 + signal.SIGKILL, err
    assert server_gone
    escalation = [r["signal"] for r in _audit(tmp_path) if r["event"] == "session.signal"]
    assert escalation == (["SIGKILL"] if how == "SIGTERM" else ["SIGTERM", "SIGKILL"])


async def test_a_process_the_server_left_behind_holding_its_pipes_neither_hangs_the_proxy_nor_outlives_it(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    pidfile = tmp_path / "pid"
    leftover = ("import signal; signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                "while True: signal.pause()\n")
    server = ("import subprocess, sys\n"
              f"helper = subprocess.Popen([sys.executable, '-c', {leftover!r}])  # inherits stdin and stdout\n"
              f"open({str(pidfile)!r}, 'w').write(str(helper.pid))\n"
              "sys.exit(0)\n")
    proc = await _spawn(child_env, _config(tmp_path, grace=0.3), [sys.executable, "-c", server])
    try:
        _, err, code = await _rest(proc)
        assert code == 0, err
        helper_gone = await asyncio.to_thread(_wait_for_exit, int(pidfile.read_text()))
    finally:
        _kill_pidfile(pidfile)
    assert helper_gone, "the server's helper outlived the proxy"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
async def test_the_server_dies_with_the_proxy_even_when_the_proxy_is_killed(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    pidfile = tmp_path / "pid"
    proc = await _spawn(child_env, _config(tmp_path),
                        [sys.executable, STUBBORN, "--ignore-term", "--ignore-eof", "--pidfile", str(pidfile)])
    try:
        await _line(proc)
        server_pid = int(pidfile.read_text())
        proc.kill()
        await asyncio.wait_for(proc.wait(), WAIT)
        assert await asyncio.to_thread(_wait_for_exit, server_pid), "the server outlived the proxy"
    finally:
        _kill_pidfile(pidfile)


async def test_sighup_is_not_forwarded_and_the_server_keeps_serving(tmp_path: Path, child_env: dict[str, str]) -> None:
    proc = await _spawn(child_env, _config(tmp_path), [sys.executable, STUBBORN])
    await _line(proc)
    proc.send_signal(signal.SIGHUP)  # the server would die of it (default action)
    await _send(proc, {"jsonrpc": "2.0", "id": 5, "method": "ping"})
    assert await _line(proc) == {"jsonrpc": "2.0", "id": 5, "result": {}}
    assert proc.stderr is not None
    while b"config reloaded" not in (line := await asyncio.wait_for(proc.stderr.readline(), WAIT)):
        assert line, "the proxy's stderr ended before the reload was reported"
    assert proc.stdin is not None
    proc.stdin.close()
    _, err, code = await _rest(proc)
    assert code == 0, err
    # The same file again: reloaded, same version, nothing left out.
    [reloaded] = [r for r in _audit(tmp_path) if r["event"].startswith("config.")]
    assert reloaded["event"] == "config.reloaded" and reloaded["trigger"] == "SIGHUP"
    assert reloaded["old_policy_version"] == reloaded["policy_version"] and reloaded["not_applied"] == []


def test_sighup_calls_the_reload_hook_when_one_is_given(tmp_path: Path, child_env: dict[str, str]) -> None:
    marker = tmp_path / "reloaded"
    # The server sends SIGHUP to the proxy, then waits for stdin EOF, which the proxy gives it only
    # after our stdin closes: the hook has run (or the proxy died of SIGHUP) before the server exits.
    server = "import os, signal, sys; os.kill(os.getppid(), signal.SIGHUP); sys.stdin.read()"
    driver = (
        "import sys\n"
        "from elicitguard.policies.config import Config\n"
        "from elicitguard.proxy.audit import AuditLog\n"
        "from elicitguard.proxy.stdio import run_stdio\n"
        f"def reload():\n    open({str(marker)!r}, 'a').write('reload')\n"
        f"audit = AuditLog({str(tmp_path / 'audit.jsonl')!r})\n"
        f"code = run_stdio(Config(), [sys.executable, '-c', {server!r}], audit, reload=reload)\n"
        "audit.close()\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", driver], input=b"", capture_output=True, timeout=WAIT,
                          env=child_env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert marker.read_text() == "reload"
