"""Over Streamable HTTP too: a secret typed into an innocent field reaches the official SDK server as a
decline (the in-process proxy app between the SDK client and ``tests/peers/py_server.py http``)."""

from __future__ import annotations

import asyncio
import io
import json
import sys
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from aiohttp import web
from conftest import PEERS, ROOT, WAIT
from mcp import Client
from mcp.shared.exceptions import MCPError
from test_http_e2e import SERVER_FLAVOURS, _free_port, _wait_accepting

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import make_app

TOKEN = "sk_live_" + "Zk3Lq9Xw2Pm7Rt5Vb8Nc4Hd6"


async def _session(flavour: str, era: str, log: Path) -> tuple[Any, str]:
    port = _free_port()
    with log.open("wb") as log_file:
        server = await asyncio.create_subprocess_exec(
            sys.executable, str(PEERS / "py_server.py"), "http", "--port", str(port), *SERVER_FLAVOURS[flavour],
            stdin=asyncio.subprocess.DEVNULL, stdout=log_file, stderr=log_file, cwd=ROOT)
    stream = io.StringIO()
    runner: web.AppRunner | None = None
    outcome: Any = None

    async def on_elicit(_context: Any, params: Any) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"name": TOKEN, "age": 41})

    try:
        await _wait_accepting(port, server, log)
        config = load_config_text("on_deny: decline\n")
        runner = web.AppRunner(make_app(config, f"http://127.0.0.1:{port}/mcp", AuditLog(stream=stream)))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = f"http://127.0.0.1:{runner.addresses[0][1]}/mcp"
        with anyio.fail_after(WAIT):
            async with Client(url, mode=era, elicitation_callback=on_elicit) as client:
                try:
                    outcome = await client.call_tool("ask_name", {})
                except MCPError as exc:
                    outcome = exc
    finally:
        if runner is not None:
            await runner.cleanup()
        if server.returncode is None:
            server.terminate()
            await asyncio.wait_for(server.wait(), WAIT)
    return outcome, stream.getvalue()


@pytest.mark.parametrize(("flavour", "era"), [("sse", "legacy"), ("sse", "auto"), ("json", "auto")])
def test_a_card_key_typed_into_the_name_field_reaches_the_server_as_a_decline_over_http(
        tmp_path: Path, flavour: str, era: str) -> None:
    outcome, audit = anyio.run(_session, flavour, era, tmp_path / "server.log")
    assert isinstance(outcome, types.CallToolResult), outcome
    text = "".join(c.text for c in outcome.content if isinstance(c, types.TextContent))
    assert text == "action=decline"
    records = [json.loads(line) for line in audit.splitlines() if line.strip()]
    withheld = [r for r in records if r["event"] == "response.withheld"]
    assert [(x["rule"], x["field"]) for r in withheld for x in r["reasons"]] == [("response.known_token", "name")]
    assert TOKEN not in audit
