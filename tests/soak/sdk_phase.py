"""A short phase with the real peers: the ``mcp`` SDK client, through ``elicitguard stdio``, to the SDK
server of the test suite (``tests/peers/py_server.py``), in both eras (legacy: 2025-11-25 with
``elicitation/create``; auto: 2026-07-28 with ``input_required``). Far too slow for a million
messages, but it proves the raw peers' traffic is what real peers see.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import common
from .tally import Tally

PY_SERVER = common.REPO / "tests" / "peers" / "py_server.py"
NAME: dict[str, str | int] = {"name": "Zoë 李", "age": 41}
ALLOWED = "https://auth.example.com/connect"
DENIED = "http://auth.example.com/connect"  # url.scheme
Check = Callable[[str, Any, list[Any]], str | None]


def _text(outcome: Any) -> str:
    content = getattr(outcome, "content", None)
    return "".join(getattr(c, "text", "") for c in content or [])


def _blocked(rule: str) -> Check:
    """The server's elicitation was refused: the callback never ran; the call reports the block."""
    def check(mode: str, outcome: Any, callbacks: list[Any]) -> str | None:
        if callbacks:
            return f"the client was shown {len(callbacks)} elicitation(s)"
        if mode == "legacy":  # the tool reports the -32602 its elicitation/create got
            text = _text(outcome)
            return None if text.startswith("error: MCPError: Blocked by elicitguard:") else f"got {text!r}"
        code, data = getattr(outcome, "code", None), getattr(outcome, "data", None)
        ok = code == -32602 and isinstance(data, dict) and data.get("rule") == rule
        return None if ok else f"got {outcome!r}"
    return check


def _shown(want_text: str) -> Check:
    def check(mode: str, outcome: Any, callbacks: list[Any]) -> str | None:
        if len(callbacks) != 1:
            return f"the callback ran {len(callbacks)} times"
        text = _text(outcome)
        return None if text == want_text else f"got {text!r}, want {want_text!r}"
    return check


def _need_auth(mode: str, outcome: Any, callbacks: list[Any]) -> str | None:
    data = getattr(outcome, "data", None)
    items = data.get("elicitations") if isinstance(data, dict) else None
    if getattr(outcome, "code", None) != -32042 or not isinstance(items, list):
        return f"got {outcome!r}"
    urls = [i.get("url") for i in items]
    return None if urls == ["https://auth.example.com/oauth"] and not callbacks else f"got {urls}"


# tool, arguments, check, elicitations the proxy must deny (and audit)
CALLS: list[tuple[str, dict[str, Any], Check, int]] = [
    ("ask_password", {}, _blocked("credential.password"), 1),
    ("ask_name", {}, _shown(json.dumps(NAME)), 0),
    ("open_link", {"url": ALLOWED}, _shown("action=accept"), 0),
    ("open_link", {"url": DENIED}, _blocked("url.scheme"), 1),
    ("need_auth", {}, _need_auth, 1),  # its http:// entry is removed
]


async def _session(mode: str, calls: int, config: Path, tally: Tally, timeout: float) -> tuple[int, int]:
    from mcp import Client, StdioServerParameters
    from mcp.shared.exceptions import MCPError
    from mcp_types import ElicitResult

    shown: list[Any] = []

    async def on_elicit(_context: Any, params: Any) -> ElicitResult:
        shown.append(params)
        if params.mode == "url":
            return ElicitResult(action="accept")
        return ElicitResult(action="accept", content=dict(NAME))

    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, str(PY_SERVER), "stdio"],
        env=common.env(), cwd=str(common.REPO))
    done = denials = 0
    async with asyncio.timeout(timeout):
        async with Client(server, mode=mode, elicitation_callback=on_elicit) as client:  # type: ignore[arg-type]
            for i in range(calls):
                tool, args, check, denied = CALLS[i % len(CALLS)]
                shown.clear()
                outcome: Any
                try:
                    outcome = await client.call_tool(tool, args)
                except MCPError as exc:
                    outcome = exc
                problem = check(mode, outcome, list(shown))
                if problem:
                    tally.fail("mismatched", f"sdk {mode} call {i} {tool} {args}: {problem}")
                done += 1
                denials += denied
    return done, denials


async def run(calls: int, timeout: float) -> dict[str, Any]:
    """``calls`` SDK tool calls, half per era; returns the figures and every failure found."""
    tally = Tally()
    done = denials = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="soak-sdk-") as tmp:
        audit_path = Path(tmp) / "audit.jsonl"
        config = common.write_config(Path(tmp) / "config.yaml", audit_path)
        for mode in ("legacy", "auto"):
            try:
                finished, denied = await _session(mode, calls // 2, config, tally, timeout)
                done += finished
                denials += denied
            except Exception as exc:  # noqa: BLE001 - a broken session is a finding, reported with the rest
                tally.fail("lost", f"sdk {mode} session: {type(exc).__name__}: {exc}"[:300])
        audit = common.audit_counts(audit_path, timeout) if audit_path.exists() else None
    duration = time.monotonic() - started
    if done != calls // 2 * 2:
        tally.fail("lost", f"{calls // 2 * 2 - done} SDK calls never completed")
    problems = ["no audit log"] if audit is None else common.audit_problems(audit, denials, 0)
    return {"phase": "sdk", "calls": done, "duration_s": duration, "calls_per_s": done / duration if duration else 0.0,
            "audit": audit, "failures": tally.as_dict(), "problems": problems,
            "ok": tally.failures == 0 and not problems}
