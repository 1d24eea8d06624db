"""End to end over Streamable HTTP: the official SDK client -> elicitguard (in-process aiohttp app) -> the
official SDK server (``tests/peers/py_server.py http``, a real subprocess).

One SDK session per (server transport flavour, client era) is driven once per module and recorded; the
tests below assert on the record. Server flavours: default (SSE replies, sessions), ``--json-response``
and ``--stateless``. Client eras: ``mode="legacy"`` (initialize, 2025-11-25) and ``mode="auto"``
(2026-07-28 against this dual-era server: MRTR ``input_required`` results).

Every wait is bounded by ``WAIT``; nothing sleeps.
"""

from __future__ import annotations

import asyncio
import io
import json
import socket
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from conftest import PEERS, ROOT, WAIT, SdkOutcomes, assert_blocked_error
from mcp import Client
from mcp.shared.exceptions import MCPError

from elicitguard.policies.config import Config
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import listening

PY_SERVER = str(PEERS / "py_server.py")

NAME_ANSWER: dict[str, Any] = {"name": 'Zoë "Q" Test', "age": 41}
ALLOWED_URL = "https://auth.example.com/connect"
DENIED_URL = "http://auth.example.com/connect"  # plain http: url.scheme
ALLOWED_AUTH = {"mode": "url", "message": "Authorize (1)", "url": "https://auth.example.com/oauth",
                "elicitationId": "auth-1"}
TYPED_SECRET = "hunter2-typed-by-user"
NO_BACK_CHANNEL = "error: NoBackChannelError: Cannot send 'elicitation/create'"

SERVER_FLAVOURS = {"sse": [], "json": ["--json-response"], "stateless": ["--stateless"]}
COMBOS = [(flavour, era) for flavour in SERVER_FLAVOURS for era in ("legacy", "auto")]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _wait_accepting(port: int, proc: asyncio.subprocess.Process, log: Path) -> None:
    """Bounded retry on connect until the server listens; fails early if the server dies."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1.0)
        except (TimeoutError, OSError):
            pass
        else:
            writer.close()
            await writer.wait_closed()
            return
        assert loop.time() < deadline, f"py_server never listened on {port}: {log.read_text(errors='replace')}"
        # A bounded wait on the process (not a sleep): it paces the retries and catches an early exit.
        try:
            code = await asyncio.wait_for(proc.wait(), 0.05)
        except TimeoutError:
            continue
        raise AssertionError(f"py_server exited with {code}: {log.read_text(errors='replace')}")


@dataclass
class SdkRun(SdkOutcomes):
    flavour: str
    era: str
    outcomes: dict[str, Any] = field(default_factory=dict)  # label -> CallToolResult | MCPError
    callbacks: list[tuple[str, Any]] = field(default_factory=list)
    notifications: list[Any] = field(default_factory=list)
    completion_seen: bool | None = None  # only waited for in legacy SSE
    audit_text: str = ""
    protocol_version: str | None = None
    server_log: str = ""

    def audit(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.audit_text.splitlines() if line.strip()]

    @property
    def back_channel(self) -> bool:
        """Whether the server can send elicitation/create mid-call (legacy era over SSE with sessions)."""
        return self.era == "legacy" and self.flavour == "sse"


async def _drive(run: SdkRun, log: Path) -> None:
    port = _free_port()
    with log.open("wb") as log_file:
        server = await asyncio.create_subprocess_exec(
            sys.executable, PY_SERVER, "http", "--port", str(port), *SERVER_FLAVOURS[run.flavour],
            stdin=asyncio.subprocess.DEVNULL, stdout=log_file, stderr=log_file, cwd=ROOT)
    stream = io.StringIO()
    audit = AuditLog(stream=stream)
    try:
        await _wait_accepting(port, server, log)
        async with listening(Config(), f"http://127.0.0.1:{port}/mcp", audit) as proxy:
            await _run_client(run, proxy.url())
    finally:
        if server.returncode is None:
            server.terminate()
            try:
                await asyncio.wait_for(server.wait(), WAIT)
            except TimeoutError:
                server.kill()
                await server.wait()
        run.audit_text = stream.getvalue()
        run.server_log = log.read_text(errors="replace")


async def _run_client(run: SdkRun, url: str) -> None:
    current = {"label": ""}
    completed = anyio.Event()

    async def on_elicit(_context: Any, params: Any) -> types.ElicitResult:
        run.callbacks.append((current["label"], params))
        if params.mode == "url":
            return types.ElicitResult(action="accept")
        if "password" in params.requested_schema.get("properties", {}):
            return types.ElicitResult(action="accept", content={"password": TYPED_SECRET})
        return types.ElicitResult(action="accept", content=dict(NAME_ANSWER))

    async def on_message(message: Any) -> None:
        run.notifications.append(message)
        if isinstance(message, types.ElicitCompleteNotification):
            completed.set()

    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("ask_password", "ask_password", {}),
        ("ask_name", "ask_name", {}),
        ("open_link", "open_link", {"url": ALLOWED_URL}),
        ("open_link denied", "open_link", {"url": DENIED_URL}),
        ("need_auth", "need_auth", {}),
    ]
    with anyio.fail_after(WAIT * 2):
        async with Client(url, mode=run.era, elicitation_callback=on_elicit, message_handler=on_message) as client:
            run.protocol_version = client.protocol_version
            for label, tool, args in calls:
                current["label"] = label
                try:
                    run.outcomes[label] = await client.call_tool(tool, args)
                except MCPError as exc:
                    run.outcomes[label] = exc
                if label == "open_link" and run.back_channel:
                    # The completion travels on the GET stream and may trail the tool result.
                    with anyio.move_on_after(WAIT):
                        await completed.wait()
                    run.completion_seen = completed.is_set()


@pytest.fixture(scope="module", params=COMBOS, ids=[f"{f}-{e}" for f, e in COMBOS])
def sdk(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> SdkRun:
    flavour, era = request.param
    run = SdkRun(flavour, era)
    log = tmp_path_factory.mktemp(f"http-{flavour}-{era}") / "py_server.log"
    anyio.run(_drive, run, log)
    return run


# ---- the tests --------------------------------------------------------------------------------------------


def test_the_sdk_session_through_the_proxy_negotiates_the_expected_era(sdk: SdkRun) -> None:
    assert sdk.protocol_version == ("2025-11-25" if sdk.era == "legacy" else "2026-07-28"), sdk.server_log


def test_the_password_form_never_reaches_the_callback_and_the_caller_learns_elicitguard_blocked_it(sdk: SdkRun) -> None:
    assert sdk.called_for("ask_password") == []
    if sdk.back_channel:
        # The server's elicitation/create was answered -32602 by the proxy; the tool reports the MCPError.
        assert sdk.text("ask_password").startswith("error: MCPError: Blocked by elicitguard:"), sdk.text("ask_password")
    elif sdk.era == "legacy":
        # json-response / stateless: the SDK server has no back-channel, so nothing is ever elicited.
        assert sdk.text("ask_password").startswith(NO_BACK_CHANNEL), sdk.text("ask_password")
    else:
        assert_blocked_error(sdk.outcomes["ask_password"], "credential.password")


def test_the_password_denial_is_audited_exactly_once_without_the_typed_value(sdk: SdkRun) -> None:
    denied = [r for r in sdk.audit() if r["event"] == "elicitation.denied"
              and "credential.password" in [x["rule"] for x in r["reasons"]]]
    if sdk.era == "legacy" and not sdk.back_channel:
        assert denied == []  # the server never sent the form
    else:
        assert len(denied) == 1, denied
        assert denied[0]["decision"] == "deny"
        assert denied[0]["fields"] == ["password"]
        assert denied[0]["mode"] == "form"
    assert TYPED_SECRET not in sdk.audit_text
    assert "Zo" not in sdk.audit_text


def test_the_benign_form_round_trips_the_users_answer_unchanged(sdk: SdkRun) -> None:
    if sdk.era == "legacy" and not sdk.back_channel:
        assert sdk.called_for("ask_name") == []
        assert sdk.text("ask_name").startswith(NO_BACK_CHANNEL), sdk.text("ask_name")
        return
    [params] = sdk.called_for("ask_name")
    assert params.mode == "form"
    assert set(params.requested_schema["properties"]) == {"name", "age"}
    result = sdk.outcomes["ask_name"]
    assert isinstance(result, types.CallToolResult) and not result.is_error, result
    assert json.loads(sdk.text("ask_name")) == NAME_ANSWER


def test_an_allowed_url_reaches_the_callback_and_its_completion_reaches_the_client_in_legacy_sse(sdk: SdkRun) -> None:
    completions = [n for n in sdk.notifications if isinstance(n, types.ElicitCompleteNotification)]
    if sdk.era == "legacy" and not sdk.back_channel:
        assert sdk.called_for("open_link") == []
        assert sdk.text("open_link").startswith(NO_BACK_CHANNEL), sdk.text("open_link")
        assert completions == []
        return
    [params] = sdk.called_for("open_link")
    assert params.mode == "url" and params.url == ALLOWED_URL
    assert sdk.text("open_link") == "action=accept"
    if sdk.back_channel:
        assert sdk.completion_seen is True, "notifications/elicitation/complete never reached the client"
        assert [n.params.elicitation_id for n in completions] == ["link-1"]
    else:
        assert params.elicitation_id is None
        assert completions == []


def test_a_denied_url_never_reaches_the_callback(sdk: SdkRun) -> None:
    label = "open_link denied"
    assert sdk.called_for(label) == []
    if sdk.back_channel:
        assert sdk.text(label).startswith("error: MCPError: Blocked by elicitguard:"), sdk.text(label)
    elif sdk.era == "legacy":
        assert sdk.text(label).startswith(NO_BACK_CHANNEL), sdk.text(label)
    else:
        error = sdk.outcomes[label]
        assert isinstance(error, MCPError) and error.code == -32602, error
        assert error.data["rule"] == "url.scheme"
    if sdk.era == "auto" or sdk.back_channel:
        # need_auth's -32042 also carries a plain-http URL: count only the open_link elicitation.
        denied = [r for r in sdk.audit() if r["event"] == "elicitation.denied" and r.get("mode") == "url"
                  and r.get("carrier") != "error-32042" and "url.scheme" in [x["rule"] for x in r["reasons"]]]
        assert len(denied) == 1, denied


def test_need_auth_reaches_the_client_as_32042_filtered_to_the_allowed_https_url(sdk: SdkRun) -> None:
    error = sdk.outcomes["need_auth"]
    assert isinstance(error, MCPError), error
    assert error.code == -32042, (error.code, error.message, error.data)
    assert error.data == {"elicitations": [ALLOWED_AUTH]}
    assert sdk.called_for("need_auth") == []
    # The plain-http 192.168.0.1 entry was removed for a URL rule, not for lack of a declared mode.
    rules = [x["rule"] for r in sdk.audit() if r["event"] == "elicitation.denied" and r.get("carrier") == "error-32042"
             for x in r["reasons"]]
    assert "url.scheme" in rules and "mode.undeclared" not in rules, rules


def test_the_proxy_audits_each_streamable_http_session_start(sdk: SdkRun) -> None:
    starts = [r for r in sdk.audit() if r["event"] == "session.start"]
    if sdk.era == "legacy":
        # A stateless upstream issues no Mcp-Session-Id, so the proxy issues its own (marked synthetic).
        assert len(starts) == 1, starts
        assert starts[0]["session"]
        assert bool(starts[0].get("synthetic_session")) == (sdk.flavour == "stateless")
    else:
        # 2026-07-28 traffic has no session at all.
        assert starts == []
