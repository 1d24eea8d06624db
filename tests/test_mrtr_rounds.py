"""A decline reaches the server in every era: a 2026-07-28 round whose every input request the proxy
declined is completed by the proxy (the retry, with the declines and the server's requestState),
and the client gets the server's answer. The real SDK client and server, over stdio and HTTP."""

from __future__ import annotations

import asyncio
import io
import json
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from netwait import accepting, free_port
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import listening
from conftest import PEERS, ROOT, WAIT

PY_SERVER = str(PEERS / "py_server.py")


class Shown:
    def __init__(self) -> None:
        self.forms: list[Any] = []

    async def __call__(self, _context: Any, params: Any) -> types.ElicitResult:
        self.forms.append(params)
        return types.ElicitResult(action="accept", content={"password": "hunter2-typed-by-user"})


def _text(result: types.CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))



class HttpRun:
    def __init__(self, url: str, audit: io.StringIO) -> None:
        self.url = url
        self.stream = audit

    def audit(self) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.stream.getvalue().splitlines() if x.strip()]


@pytest.fixture(params=[pytest.param([], id="sse"), pytest.param(["--json-response"], id="json")])
async def http(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[HttpRun, str]]:
    port = free_port()
    server = await asyncio.create_subprocess_exec(
        sys.executable, PY_SERVER, "http", "--port", str(port), *request.param, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, cwd=ROOT)
    try:
        await accepting(port, server, WAIT)
        yield HttpRun(f"http://127.0.0.1:{port}/mcp", io.StringIO()), ""
    finally:
        server.terminate()
        try:
            await asyncio.wait_for(server.wait(), WAIT)
        except TimeoutError:
            server.kill()
            await server.wait()


async def _through_http(run: HttpRun, on_deny: str, tool: str) -> tuple[Any, Shown]:
    shown = Shown()
    audit = AuditLog(stream=run.stream)
    async with listening(load_config_text(f"on_deny: {on_deny}\nmrtr:\n  max_rounds: 2\n"), run.url, audit) as proxy:
        with anyio.fail_after(WAIT * 2):
            async with Client(proxy.url(), mode="auto", elicitation_callback=shown) as client:
                assert client.protocol_version == "2026-07-28"
                try:
                    return await client.call_tool(tool, {}), shown
                except MCPError as exc:
                    return exc, shown


@pytest.mark.parametrize("on_deny", ["decline", "cancel"])
async def test_over_http_a_round_with_only_a_password_form_reaches_the_server_as_the_policys_answer(
        http: tuple[HttpRun, str], on_deny: str) -> None:
    run, _ = http
    result, shown = await _through_http(run, on_deny, "ask_password")
    assert isinstance(result, types.CallToolResult), result
    assert _text(result) == f"action={on_deny}"
    assert shown.forms == []
    completed = [r for r in run.audit() if r["event"] == "input.completed"]
    assert len(completed) == 1 and completed[0]["input_keys"] == ["password"] and completed[0]["round"] == 1
    assert "hunter2" not in run.stream.getvalue()


async def test_over_http_a_server_that_keeps_asking_gets_its_client_the_fixed_error_after_the_bound(
        http: tuple[HttpRun, str]) -> None:
    run, _ = http
    result, shown = await _through_http(run, "decline", "insist")
    assert isinstance(result, MCPError), result
    assert result.error.data["rule"] == "mrtr.rounds_exceeded"
    assert result.error.message == ("Blocked by elicitguard: the server asked again after elicitguard declined "
                                    "on the client's behalf.")
    events = [r["event"] for r in run.audit()]
    assert events.count("input.completed") == 2 and events.count("input.rounds_exceeded") == 1
    assert shown.forms == []


async def _through_stdio(tmp_path: Path, env: dict[str, str], tool: str) -> tuple[Any, Shown, list[dict[str, Any]]]:
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"on_deny: decline\naudit:\n  path: {json.dumps(str(audit))}\nmrtr:\n  max_rounds: 2\n",
                      encoding="utf-8")
    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, PY_SERVER, "stdio"],
        env=env, cwd=str(ROOT))
    shown = Shown()
    with anyio.fail_after(WAIT * 2):
        async with Client(server, mode="auto", elicitation_callback=shown) as client:
            assert client.protocol_version == "2026-07-28"
            try:
                result: Any = await client.call_tool(tool, {})
            except MCPError as exc:
                result = exc
    return result, shown, [json.loads(x) for x in audit.read_text(encoding="utf-8").splitlines()]


async def test_on_stdio_a_round_with_only_a_password_form_reaches_the_server_as_a_decline(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    result, shown, audit = await _through_stdio(tmp_path, child_env, "ask_password")
    assert isinstance(result, types.CallToolResult), result
    assert _text(result) == "action=decline"
    assert shown.forms == []
    assert [r["round"] for r in audit if r["event"] == "input.completed"] == [1]


async def test_on_stdio_a_server_that_keeps_asking_gets_its_client_the_fixed_error_after_the_bound(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    result, shown, audit = await _through_stdio(tmp_path, child_env, "insist")
    assert isinstance(result, MCPError), result
    assert result.error.data["rule"] == "mrtr.rounds_exceeded"
    assert [r["round"] for r in audit if r["event"] == "input.completed"] == [1, 2]
