"""Elicitation hygiene and per-server policy seen by the real SDK: ``python -m elicitguard stdio`` with
``mcp.Client`` and ``tests/peers/py_server.py``, and the HTTP app in front of the SDK server.

Every wait is bounded by ``WAIT``; the elicitation callbacks that model a user who never answers wait
on an event nobody sets, inside a bounded scope.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from aiohttp import web
from conftest import PEERS, ROOT, WAIT
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from test_http_e2e import _free_port, _wait_accepting

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import make_app

PY_SERVER = str(PEERS / "py_server.py")
NAME = {"name": "Ada", "age": 36}


def audit_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write_config(tmp_path: Path, body: str) -> tuple[Path, Path]:
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n" + body, encoding="utf-8")
    return config, audit


def stdio_server(config: Path, env: dict[str, str], *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "elicitguard", "stdio", "--config", str(config), *extra, "--", sys.executable, PY_SERVER, "stdio"],
        env=env, cwd=str(ROOT))


def text(result: Any) -> str:
    assert isinstance(result, types.CallToolResult), result
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


# ---- a user who never answers ---------------------------------------------------------------------------------


async def test_an_unanswered_elicitation_is_cancelled_for_the_server_and_withdrawn_from_the_client(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = write_config(tmp_path, "policy:\n  limits:\n    pending_timeout: 0.5\n")
    shown = anyio.Event()
    withdrawn = anyio.Event()

    async def never_answers(_context: Any, _params: Any) -> types.ElicitResult:
        shown.set()
        try:
            await anyio.Event().wait()
        except anyio.get_cancelled_exc_class():
            withdrawn.set()
            raise
        raise AssertionError("unreachable")

    with anyio.fail_after(WAIT * 2):
        async with Client(stdio_server(config, child_env), mode="legacy", elicitation_callback=never_answers) as client:
            result = await client.call_tool("ask_name", {})
            # The server's ctx.elicit returned the proxy's {"action": "cancel"}.
            assert text(result) == "action=cancel"
            assert shown.is_set()
            # notifications/cancelled reached the SDK client, which cancelled the callback.
            with anyio.fail_after(WAIT):
                await withdrawn.wait()
            # The session goes on: the next elicitation is shown again.
            second = await client.call_tool("ask_password", {})
            assert text(second).startswith("error: MCPError: Blocked by elicitguard:")
    records = audit_of(audit)
    timeouts = [r for r in records if r["event"] == "elicitation.timeout"]
    assert len(timeouts) == 1, timeouts
    assert timeouts[0]["decision"] == "deny" and timeouts[0]["reasons"][0]["rule"] == "limits.pending_timeout"
    # Every line carries the policy version: the hash of the config file's bytes.
    assert {r.get("policy_version") for r in records} == {hashlib.sha256(config.read_bytes()).hexdigest()[:16]}


async def test_over_http_an_unanswered_elicitation_is_answered_cancel_upstream(tmp_path: Path) -> None:
    port = _free_port()
    log = tmp_path / "py_server.log"
    with log.open("wb") as log_file:
        server = await asyncio.create_subprocess_exec(
            sys.executable, PY_SERVER, "http", "--port", str(port), stdin=asyncio.subprocess.DEVNULL,
            stdout=log_file, stderr=log_file, cwd=ROOT)
    stream = io.StringIO()
    config = load_config_text("policy:\n  limits:\n    pending_timeout: 0.5\n", "cfg.yaml")
    runner: web.AppRunner | None = None
    shown = anyio.Event()

    async def never_answers(_context: Any, _params: Any) -> types.ElicitResult:
        shown.set()
        await anyio.Event().wait()
        raise AssertionError("unreachable")

    try:
        await _wait_accepting(port, server, log)
        runner = web.AppRunner(make_app(config, f"http://127.0.0.1:{port}/mcp", AuditLog(stream=stream)))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/mcp"
        with anyio.fail_after(WAIT * 2):
            async with Client(url, mode="legacy", elicitation_callback=never_answers) as client:
                result = await client.call_tool("ask_name", {})
        assert text(result) == "action=cancel"
        assert shown.is_set()
    finally:
        if runner is not None:
            await runner.cleanup()
        server.terminate()
        try:
            await asyncio.wait_for(server.wait(), WAIT)
        except TimeoutError:
            server.kill()
            await server.wait()
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    timeouts = [r for r in records if r["event"] == "elicitation.timeout"]
    assert len(timeouts) == 1 and timeouts[0]["decision"] == "deny", timeouts
    assert timeouts[0]["session"] and timeouts[0]["server"] == "default"
    assert [r for r in records if r["event"] == "upstream.answer_failed"] == []
    session_lines = [r for r in records if r.get("session")]
    assert session_lines and {r.get("policy_version") for r in session_lines} == {config.version}


# ---- rates ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_elicitations_past_the_rate_limit_never_reach_the_user(
        mode: str, tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = write_config(tmp_path, "policy:\n  limits:\n    elicitations_per_minute: 0.01\n"
                                           "    elicitation_burst: 2\n")
    shown: list[Any] = []

    async def answers(_context: Any, params: Any) -> types.ElicitResult:
        shown.append(params)
        return types.ElicitResult(action="accept", content=dict(NAME))

    outcomes: list[Any] = []
    with anyio.fail_after(WAIT * 2):
        async with Client(stdio_server(config, child_env), mode=mode, elicitation_callback=answers) as client:
            for _ in range(3):
                try:
                    outcomes.append(await client.call_tool("ask_name", {}))
                except MCPError as exc:
                    outcomes.append(exc)
    assert len(shown) == 2
    assert [json.loads(text(r)) for r in outcomes[:2]] == [NAME, NAME]
    if mode == "legacy":
        assert text(outcomes[2]).startswith("error: MCPError: Blocked by elicitguard:"), text(outcomes[2])
    else:
        assert isinstance(outcomes[2], MCPError) and outcomes[2].data["rule"] == "limits.rate", outcomes[2]
    denied = [r for r in audit_of(audit) if r["event"] == "elicitation.denied"]
    assert [[x["rule"] for x in r["reasons"]] for r in denied] == [["limits.rate"]]


async def test_requiring_a_client_request_leaves_the_sdks_elicitations_alone(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, _ = write_config(tmp_path, "policy:\n  require_client_request: true\n  limits:\n    max_pending: 1\n")

    async def answers(_context: Any, _params: Any) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content=dict(NAME))

    with anyio.fail_after(WAIT * 2):
        async with Client(stdio_server(config, child_env), mode="legacy", elicitation_callback=answers) as client:
            for _ in range(2):
                assert json.loads(text(await client.call_tool("ask_name", {}))) == NAME


# ---- which servers: entry a stdio proxy applies -----------------------------------------------------------------


async def _open_link(config: Path, env: dict[str, str], *extra: str) -> tuple[str, int]:
    shown = 0

    async def accepts(_context: Any, _params: Any) -> types.ElicitResult:
        nonlocal shown
        shown += 1
        return types.ElicitResult(action="accept")

    with anyio.fail_after(WAIT * 2):
        async with Client(stdio_server(config, env, *extra), mode="legacy", elicitation_callback=accepts) as client:
            return text(await client.call_tool("open_link", {"url": "https://auth.example.com/connect"})), shown


async def test_without_name_the_commands_base_name_picks_its_servers_entry(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    base = os.path.basename(sys.executable)
    config, audit = write_config(tmp_path, f"servers:\n  {json.dumps(base)}:\n    policy:\n      modes: [form]\n")
    outcome, shown = await _open_link(config, child_env)
    assert shown == 0
    assert outcome.startswith("error: MCPError: Blocked by elicitguard:")
    denied = [r for r in audit_of(audit) if r["event"] == "elicitation.denied"]
    assert [(r["server"], r["reasons"][0]["rule"]) for r in denied] == [(base, "mode.disallowed")]


async def test_a_name_not_under_servers_stops_the_proxy_with_exit_2(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, _ = write_config(tmp_path, "servers:\n  github:\n    policy:\n      modes: [form]\n")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--name", "githbu", "--",
        sys.executable, PY_SERVER, "stdio", stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=child_env, cwd=ROOT)
    out, err = await asyncio.wait_for(proc.communicate(), WAIT)
    assert proc.returncode == 2
    assert out == b""
    assert b"no server named 'githbu'" in err and b"did you mean 'github'" in err


# ---- exactly one answer, also when the client answers late ------------------------------------------------------


async def test_a_late_client_answer_after_the_timeout_never_reaches_the_server(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    from test_stdio_e2e import END, INIT_RESULT, NAME_PARAMS, RAW_SERVER, elicit

    config, audit = write_config(tmp_path, "policy:\n  limits:\n    pending_timeout: 0.3\n")
    script, received = tmp_path / "script.json", tmp_path / "received.log"
    script.write_text(json.dumps([
        {"expect": "initialize"}, {"send": INIT_RESULT}, {"expect": "tools/call"},
        {"send": elicit(5, NAME_PARAMS)},
        {"expect": "response", "id": 5},  # the proxy's cancel
        {"expect": "ping"},  # sent by the client after its late answer
        {"send": END},
    ]), encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, RAW_SERVER,
        str(script), str(received), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=child_env, cwd=ROOT)
    assert proc.stdin is not None and proc.stdout is not None

    async def send(message: dict[str, Any]) -> None:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(message).encode() + b"\n")
        await proc.stdin.drain()

    async def receive() -> dict[str, Any]:
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
        assert line, "the proxy closed its stdout"
        value: dict[str, Any] = json.loads(line)
        return value

    try:
        await send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "raw-client", "version": "1"}}})
        assert (await receive())["id"] == 1
        await send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "ask"}})
        assert (await receive())["method"] == "elicitation/create"
        # The user sits on the form: the proxy withdraws it.
        assert await receive() == {"jsonrpc": "2.0", "method": "notifications/cancelled",
                                   "params": {"requestId": 5, "reason": "elicitguard: no answer in time"}}
        await send({"jsonrpc": "2.0", "id": 5, "result": {"action": "accept", "content": {"name": "Typed-By-User"}}})
        await send({"jsonrpc": "2.0", "id": 3, "method": "ping"})
        assert json.dumps(await receive()) == json.dumps(json.loads(END))
        proc.stdin.close()
        await asyncio.wait_for(proc.wait(), WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    answers = [json.loads(line) for line in received.read_bytes().splitlines()]
    to_five = [m for m in answers if m.get("id") == 5 and "method" not in m]
    assert to_five == [{"jsonrpc": "2.0", "id": 5, "result": {"action": "cancel"}}]
    events = [(r["event"], r["decision"]) for r in audit_of(audit)]
    assert ("elicitation.timeout", "deny") in events and ("response.refused", "deny") in events
    assert "Typed-By-User" not in audit.read_text(encoding="utf-8")
