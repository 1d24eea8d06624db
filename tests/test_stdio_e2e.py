"""End to end through a real ``python -m elicitguard stdio -- ...`` process.

Three kinds of peer:
* ``tests/peers/raw_server.py``: a scripted server that writes hostile bytes no SDK would send, while
  the test plays a raw client on the proxy's stdin/stdout;
* ``tests/peers/py_server.py`` driven by the official SDK client (``mcp.Client``), in both eras;
* tiny ``python -c`` children for exit status, stderr, signals and EOF.
Every wait is bounded by ``WAIT``; nothing sleeps.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from conftest import PEERS, ROOT, WAIT, SdkOutcomes, assert_blocked_error
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

RAW_SERVER = str(PEERS / "raw_server.py")
PY_SERVER = "tests/peers/py_server.py"

END = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","logger":"raw","data":"END"}}'
INIT_RESULT = ('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{},'
               '"serverInfo":{"name":"raw","version":"0"}}}')
PASSWORD_PARAMS = ('{"mode":"form","message":"Log in","requestedSchema":{"type":"object",'
                   '"properties":{"password":{"type":"string"}},"required":["password"]}}')
NAME_PARAMS = ('{"mode":"form","message":"Your name?","requestedSchema":{"type":"object",'
               '"properties":{"name":{"type":"string"}}}}')


def _key(value: Any) -> tuple[str, Any]:
    """A request id as JSON-RPC sees it: 1 and "1" are different ids."""
    return (type(value).__name__, value)


def _messages(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


@dataclass
class RawRun:
    client_lines: list[bytes]  # every line the proxy wrote to its stdout, without the "\n"
    server_lines: list[bytes]  # every line that reached the raw server's stdin
    returncode: int
    stderr: bytes
    audit: list[dict[str, Any]] = field(default_factory=list)

    @property
    def client_messages(self) -> list[Any]:
        return [m for line in self.client_lines for m in _messages(json.loads(line))]

    @property
    def server_messages(self) -> list[Any]:
        return [m for line in self.server_lines for m in _messages(json.loads(line))]

    def client_ids(self) -> set[tuple[str, Any]]:
        return {_key(m["id"]) for m in self.client_messages if "id" in m and "method" in m}

    def answers(self) -> dict[tuple[str, Any], list[dict[str, Any]]]:
        """The responses that reached the server, grouped by id."""
        out: dict[tuple[str, Any], list[dict[str, Any]]] = {}
        for message in self.server_messages:
            if "method" not in message and ("result" in message or "error" in message):
                out.setdefault(_key(message["id"]), []).append(message)
        return out

    def only_answer(self, request_id: Any) -> dict[str, Any]:
        answers = self.answers().get(_key(request_id), [])
        assert len(answers) == 1, f"server request {request_id!r} got {len(answers)} answers: {answers}"
        return answers[0]

    def assert_each_request_answered_once(self, request_ids: list[Any]) -> None:
        counts = Counter({k: len(v) for k, v in self.answers().items()})
        # The client's own initialize is answered by the server, never the other way round.
        assert {k: counts[_key(i)] for i in request_ids for k in [_key(i)]} == {_key(i): 1 for i in request_ids}
        assert set(counts) <= {_key(i) for i in request_ids}, f"answers to ids the server never asked: {counts}"


def _client_answer(message: dict[str, Any]) -> dict[str, Any]:
    """What the raw client answers to a server request: accept URLs, decline forms, {} for anything else."""
    if message.get("method") == "elicitation/create":
        action = "accept" if message.get("params", {}).get("mode") == "url" else "decline"
        return {"jsonrpc": "2.0", "id": message["id"], "result": {"action": action}}
    return {"jsonrpc": "2.0", "id": message["id"], "result": {}}


async def _spawn_proxy(child_env: dict[str, str], server: list[str], *, config: Path | None = None,
                       stdin: int = asyncio.subprocess.PIPE) -> asyncio.subprocess.Process:
    args = [sys.executable, "-m", "elicitguard", "stdio"]
    if config is not None:
        args += ["--config", str(config)]
    return await asyncio.create_subprocess_exec(
        *args, "--", *server, stdin=stdin, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        env=child_env, cwd=ROOT)


async def run_raw(tmp_path: Path, child_env: dict[str, str], steps: list[dict[str, Any]], *,
                  elicitation: dict[str, Any] | None = None) -> RawRun:
    """Run the proxy over raw_server.py with ``steps``, playing a client that declared ``elicitation``.

    The script is prefixed with the initialize exchange and suffixed with the END marker; the client
    answers every server request it receives and stops reading at END, then hangs up.
    """
    script = tmp_path / "script.json"
    received = tmp_path / "received.log"
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n", encoding="utf-8")
    full = [{"expect": "initialize"}, {"send": INIT_RESULT}, *steps, {"send": END}]
    script.write_text(json.dumps(full), encoding="utf-8")
    proc = await _spawn_proxy(child_env, [sys.executable, RAW_SERVER, str(script), str(received)], config=config)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stderr_task = asyncio.create_task(proc.stderr.read())
    caps = {"elicitation": elicitation if elicitation is not None else {"form": {}, "url": {}}}
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-11-25", "capabilities": caps,
                       "clientInfo": {"name": "raw-test-client", "version": "1"}}}
    proc.stdin.write(json.dumps(init).encode() + b"\n")
    await proc.stdin.drain()
    lines: list[bytes] = []
    try:
        while True:
            line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
            assert line, f"proxy stdout closed before END; got {lines}"
            assert line.endswith(b"\n")
            lines.append(line[:-1])
            if line[:-1] == END.encode():
                break
            value = json.loads(line)
            for message in _messages(value):
                if isinstance(message, dict) and "method" in message and "id" in message:
                    proc.stdin.write(json.dumps(_client_answer(message)).encode() + b"\n")
            await proc.stdin.drain()
        proc.stdin.close()
        rest = await asyncio.wait_for(proc.stdout.read(), WAIT)
        lines += rest.splitlines()
        returncode = await asyncio.wait_for(proc.wait(), WAIT)
        stderr = await asyncio.wait_for(stderr_task, WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    server_lines = received.read_bytes().splitlines() if received.exists() else []
    audit_records = [json.loads(x) for x in audit.read_text(encoding="utf-8").splitlines()] if audit.exists() else []
    run = RawRun(lines, server_lines, returncode, stderr, audit_records)
    # Every line on the proxy's stdout is a JSON-RPC message, whatever the server wrote.
    for line in run.client_lines:
        value = json.loads(line)
        assert all(isinstance(m, dict) and m.get("jsonrpc") == "2.0" for m in _messages(value)), line
    assert returncode == 0, stderr.decode(errors="replace")
    return run


def elicit(request_id: Any, params: str, *, method: str = '"method":"elicitation/create"') -> str:
    return f'{{"jsonrpc":"2.0","id":{json.dumps(request_id)},{method},"params":{params}}}'


def url_params(url: str, eid: str) -> str:
    return json.dumps({"mode": "url", "message": "Connect", "url": url, "elicitationId": eid})


def _client_elicitations(run: RawRun) -> list[dict[str, Any]]:
    return [m for m in run.client_messages if m.get("method") == "elicitation/create"]


# ---- hostile raw input -------------------------------------------------------------------------------


async def test_escaped_method_names_carrying_a_password_form_are_blocked_and_answered_with_the_same_id(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    steps = [
        {"send": elicit("esc-1", PASSWORD_PARAMS, method=r'"method":"elicitation\/create"')},
        {"send": elicit(11, PASSWORD_PARAMS, method=r'"method":"\u0065licitation/create"')},
        {"send": elicit(12, PASSWORD_PARAMS, method=r'"\u006dethod":"elicitation\u002fcreate"')},
        {"expect": "response", "id": "esc-1"}, {"expect": "response", "id": 11}, {"expect": "response", "id": 12},
    ]
    run = await run_raw(tmp_path, child_env, steps)
    assert _client_elicitations(run) == []
    assert run.client_ids() == set()
    for request_id in ("esc-1", 11, 12):
        answer = run.only_answer(request_id)
        assert type(answer["id"]) is type(request_id)
        assert answer["error"]["code"] == -32602
        assert answer["error"]["data"]["rule"] == "credential.password"
    run.assert_each_request_answered_once(["esc-1", 11, 12])


async def test_a_request_with_duplicate_method_keys_never_reaches_the_client_and_the_server_gets_32600(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    steps = [
        {"send": f'{{"jsonrpc":"2.0","id":30,"method":"ping","method":"elicitation/create","params":{PASSWORD_PARAMS}}}'},
        {"send": f'{{"jsonrpc":"2.0","id":31,"method":"elicitation/create","method":"ping","params":{PASSWORD_PARAMS}}}'},
        {"expect": "response", "id": 30}, {"expect": "response", "id": 31},
    ]
    run = await run_raw(tmp_path, child_env, steps)
    assert [m for m in run.client_messages if "method" in m and "id" in m] == []
    for request_id in (30, 31):
        assert run.only_answer(request_id)["error"]["code"] == -32600
    run.assert_each_request_answered_once([30, 31])


async def test_a_batch_forwards_the_allowed_elicitation_and_answers_the_denied_one(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    batch = f"[{elicit(20, NAME_PARAMS)}, {elicit(21, PASSWORD_PARAMS)}]"
    steps = [{"send": batch}, {"expect": "response", "id": 20}, {"expect": "response", "id": 21}]
    run = await run_raw(tmp_path, child_env, steps)
    batches = [json.loads(line) for line in run.client_lines if line.startswith(b"[")]
    assert len(batches) == 1
    assert [m["id"] for m in batches[0]] == [20]
    assert batches[0][0]["params"] == json.loads(NAME_PARAMS)
    assert run.only_answer(20)["result"] == {"action": "decline"}  # the client's own answer
    denied = run.only_answer(21)["error"]
    assert denied["code"] == -32602 and denied["data"]["rule"] == "credential.password"
    run.assert_each_request_answered_once([20, 21])


async def test_an_unknown_elicitation_mode_is_answered_with_32602(tmp_path: Path, child_env: dict[str, str]) -> None:
    params = '{"mode":"telepathy","message":"Think of your PIN","requestedSchema":{"type":"object","properties":{}}}'
    steps = [{"send": elicit(40, params)}, {"expect": "response", "id": 40}]
    run = await run_raw(tmp_path, child_env, steps)
    assert _client_elicitations(run) == []
    error = run.only_answer(40)["error"]
    assert error["code"] == -32602 and error["data"]["rule"] == "mode.unknown"
    run.assert_each_request_answered_once([40])


async def test_url_mode_is_refused_with_32602_when_the_client_declared_an_empty_elicitation_capability(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    steps = [
        {"send": elicit(50, url_params("https://auth.example.com/connect", "e-50"))},
        {"send": elicit(51, NAME_PARAMS)},  # form still works: {} means form only
        {"expect": "response", "id": 50}, {"expect": "response", "id": 51},
    ]
    run = await run_raw(tmp_path, child_env, steps, elicitation={})
    assert [m["id"] for m in _client_elicitations(run)] == [51]
    error = run.only_answer(50)["error"]
    assert error["code"] == -32602 and error["data"]["rule"] == "mode.undeclared"
    assert run.only_answer(51)["result"] == {"action": "decline"}
    run.assert_each_request_answered_once([50, 51])


async def test_only_the_first_completion_of_a_forwarded_url_elicitation_reaches_the_client(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    def complete(eid: str) -> str:
        return f'{{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{{"elicitationId":"{eid}"}}}}'

    steps = [
        {"send": complete("never-opened")},
        {"send": elicit(60, url_params("https://auth.example.com/connect", "e-60"))},
        {"expect": "response", "id": 60},
        {"send": complete("e-60")},
        {"send": complete("e-60")},
        {"send": complete("never-opened")},
    ]
    run = await run_raw(tmp_path, child_env, steps)
    completions = [m for m in run.client_messages if m.get("method") == "notifications/elicitation/complete"]
    assert completions == [json.loads(complete("e-60"))]
    assert run.only_answer(60)["result"] == {"action": "accept"}
    run.assert_each_request_answered_once([60])


async def test_a_line_of_invalid_utf8_is_dropped_and_the_session_carries_on(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    bad = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"\xff\xfe"}}'
    steps = [{"send_hex": bad.hex()}, {"send": elicit(80, NAME_PARAMS)}, {"expect": "response", "id": 80}]
    run = await run_raw(tmp_path, child_env, steps)
    assert all(b"\xff" not in line for line in run.client_lines)
    assert [m.get("method") for m in run.client_messages if "method" in m] == ["elicitation/create", "notifications/message"]
    assert run.client_messages[-1]["params"]["data"] == "END"
    assert any(r.get("event") == "message.rejected" and r["reasons"][0]["rule"] == "envelope.utf8" for r in run.audit)
    run.assert_each_request_answered_once([80])


async def test_allowed_lines_reach_the_client_byte_for_byte(tmp_path: Path, child_env: dict[str, str]) -> None:
    odd = [
        (' { "params" : {"requestedSchema" : {"properties":{"name":{"title":"Name","type":"string"}} ,"type":"object"},'
         '\t"message":"Your name, caf\\u00e9 \u2615?"},  "method":"elicitation\\/create" , "id" : 90 ,"jsonrpc":"2.0" }   '),
        '{"id":"91","jsonrpc":"2.0","method":"ping","params":{"_meta":{"note":"\\ud83d\\ude00 1e2 \\"q\\""}}}\r',
        '{"params":{"data":{"n":1.50,"big":12345678901234567890,"e":1E+2},"level":"info"},"method":"notifications/message","jsonrpc":"2.0"}',
    ]
    steps = [{"send": line} for line in odd] + [{"expect": "response", "id": 90}, {"expect": "response", "id": "91"}]
    run = await run_raw(tmp_path, child_env, steps)
    assert run.client_lines[0] == INIT_RESULT.encode()
    assert run.client_lines[1:4] == [line.encode("utf-8") for line in odd]
    assert run.client_lines[4:] == [END.encode()]
    run.assert_each_request_answered_once([90, "91"])


async def test_every_server_request_in_a_hostile_mix_gets_exactly_one_answer(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    sends = [
        elicit(100, NAME_PARAMS),
        elicit(101, PASSWORD_PARAMS, method=r'"method":"elicitation\/create"'),
        f'{{"jsonrpc":"2.0","id":102,"method":"ping","method":"elicitation/create","params":{PASSWORD_PARAMS}}}',
        f"[{elicit(103, NAME_PARAMS)},{elicit(104, PASSWORD_PARAMS)},{{\"jsonrpc\":\"2.0\",\"id\":105,\"method\":\"ping\"}}]",
        elicit(106, '{"mode":"telepathy","message":"hi"}'),
        elicit(107, url_params("http://auth.example.com/connect", "e-107")),
        elicit(108, url_params("https://auth.example.com/connect", "e-108")),
        elicit("108", url_params("https://user:pw@auth.example.com/connect", "e-108s")),
        '{"jsonrpc":"2.0","id":109,"method":"ping"}',
        elicit(110, '{"mode":"form","message":"x","requestedSchema":{"type":"object","properties":{"a":{"type":"object"}}}}'),
    ]
    ids: list[Any] = [100, 101, 102, 103, 104, 105, 106, 107, 108, "108", 109, 110]
    steps: list[dict[str, Any]] = [{"send": s} for s in sends]
    steps += [{"expect": "response", "id": i} for i in ids]
    run = await run_raw(tmp_path, child_env, steps)
    run.assert_each_request_answered_once(ids)
    assert run.client_ids() == {_key(i) for i in (100, 103, 105, 108, 109)}
    assert {_key(i) for i in ids} - run.client_ids() == {
        _key(i) for i in (101, 102, 104, 106, 107, "108", 110)}
    for i in (101, 104, 106, 107, "108", 110):
        assert run.only_answer(i)["error"]["code"] == -32602, i
    assert run.only_answer(102)["error"]["code"] == -32600
    assert run.only_answer(108)["result"] == {"action": "accept"}


# ---- the real SDK, both eras ---------------------------------------------------------------------------

NAME_ANSWER = {"name": 'Zoë "Q" Test', "age": 41}
ALLOWED_URL = "https://auth.example.com/connect"
DENIED_URLS = {
    "http://auth.example.com/connect": "url.scheme",
    "https://192.0.2.7/connect": "url.ip_literal",
    "https://someone:hunter2@auth.example.com/connect": "url.userinfo",
}


@dataclass
class SdkSession(SdkOutcomes):
    mode: str
    outcomes: dict[str, Any] = field(default_factory=dict)  # call label -> CallToolResult or MCPError
    callbacks: list[tuple[str, Any]] = field(default_factory=list)  # (call label, params)
    notifications: list[Any] = field(default_factory=list)
    audit_path: Path | None = None
    protocol_version: str | None = None

    def audit(self) -> list[dict[str, Any]]:
        assert self.audit_path is not None
        return [json.loads(line) for line in self.audit_path.read_text(encoding="utf-8").splitlines()]


async def _drive_sdk(mode: str, env: dict[str, str], config: Path, session: SdkSession) -> None:
    current = {"label": ""}

    async def on_elicit(_context: Any, params: Any) -> types.ElicitResult:
        session.callbacks.append((current["label"], params))
        if params.mode == "url":
            return types.ElicitResult(action="accept")
        if "password" in params.requested_schema.get("properties", {}):
            return types.ElicitResult(action="accept", content={"password": "hunter2-typed-by-user"})
        return types.ElicitResult(action="accept", content=dict(NAME_ANSWER))

    async def on_message(message: Any) -> None:
        session.notifications.append(message)

    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, PY_SERVER, "stdio"],
        env=env, cwd=str(ROOT))
    calls: list[tuple[str, str, dict[str, Any]]] = [
        ("ask_password", "ask_password", {}),
        ("ask_name", "ask_name", {}),
        ("open_link", "open_link", {"url": ALLOWED_URL}),
        *[(f"open_link {url}", "open_link", {"url": url}) for url in DENIED_URLS],
        ("need_auth", "need_auth", {}),
    ]
    with anyio.fail_after(WAIT * 2):
        async with Client(server, mode=mode, elicitation_callback=on_elicit, message_handler=on_message) as client:
            session.protocol_version = client.protocol_version
            for label, tool, args in calls:
                current["label"] = label
                try:
                    session.outcomes[label] = await client.call_tool(tool, args)
                except MCPError as exc:
                    session.outcomes[label] = exc


@pytest.fixture(scope="module", params=["legacy", "auto"])
def sdk(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> SdkSession:
    """One SDK client session through the proxy per era, shared by the tests below."""
    # The recipe of conftest's child_env fixture, which is function-scoped.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("ELICITGUARD_CONFIG", None)
    tmp = tmp_path_factory.mktemp(f"sdk-{request.param}")
    audit = tmp / "audit.jsonl"
    config = tmp / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n", encoding="utf-8")
    session = SdkSession(request.param, audit_path=audit)
    anyio.run(_drive_sdk, request.param, env, config, session)
    return session


def test_the_sdk_session_negotiates_the_expected_era(sdk: SdkSession) -> None:
    assert sdk.protocol_version == ("2025-11-25" if sdk.mode == "legacy" else "2026-07-28")


def test_ask_password_is_blocked_and_the_tool_sees_the_error(sdk: SdkSession) -> None:
    assert sdk.called_for("ask_password") == []
    if sdk.mode == "legacy":
        # The server's elicitation/create got -32602; the tool reports the MCPError it raised.
        text = sdk.text("ask_password")
        assert text.startswith("error: MCPError: Blocked by elicitguard:"), text
    else:
        # The input_required result was replaced by a -32602 error for the tools/call.
        assert_blocked_error(sdk.outcomes["ask_password"], "credential.password")


def test_ask_name_round_trips_the_users_answer_unchanged(sdk: SdkSession) -> None:
    [params] = sdk.called_for("ask_name")
    assert params.mode == "form"
    assert set(params.requested_schema["properties"]) == {"name", "age"}
    result = sdk.outcomes["ask_name"]
    assert isinstance(result, types.CallToolResult) and not result.is_error
    assert json.loads(sdk.text("ask_name")) == NAME_ANSWER


def test_open_link_with_an_allowed_https_url_reaches_the_callback(sdk: SdkSession) -> None:
    [params] = sdk.called_for("open_link")
    assert params.mode == "url" and params.url == ALLOWED_URL
    assert sdk.text("open_link") == "action=accept"
    completions = [n for n in sdk.notifications if isinstance(n, types.ElicitCompleteNotification)]
    if sdk.mode == "legacy":
        assert [n.params.elicitation_id for n in completions] == ["link-1"]
    else:
        assert params.elicitation_id is None
        assert completions == []


@pytest.mark.parametrize("url", list(DENIED_URLS))
def test_open_link_with_a_denied_url_never_reaches_the_callback(sdk: SdkSession, url: str) -> None:
    label = f"open_link {url}"
    assert sdk.called_for(label) == []
    if sdk.mode == "legacy":
        assert sdk.text(label).startswith("error: MCPError: Blocked by elicitguard:")
    else:
        error = sdk.outcomes[label]
        assert isinstance(error, MCPError) and error.code == -32602
        assert error.data["rule"] == DENIED_URLS[url]
    # need_auth's http:// entry (carried by the -32042 error) is denied by url.scheme too: skip it.
    denied = [r for r in sdk.audit() if r["event"] == "elicitation.denied" and r.get("mode") == "url"
              and r.get("carrier") != "error-32042" and DENIED_URLS[url] in [x["rule"] for x in r["reasons"]]]
    assert len(denied) == 1, denied


def test_need_auth_arrives_with_only_the_allowed_https_elicitation(sdk: SdkSession) -> None:
    error = sdk.outcomes["need_auth"]
    assert isinstance(error, MCPError), error
    assert error.code == -32042
    assert error.data == {"elicitations": [{"mode": "url", "message": "Authorize (1)",
                                            "url": "https://auth.example.com/oauth", "elicitationId": "auth-1"}]}
    assert sdk.called_for("need_auth") == []


def test_the_audit_log_records_the_password_denial_and_never_the_users_answers(sdk: SdkSession) -> None:
    records = sdk.audit()
    denied = [r for r in records if r["event"] == "elicitation.denied"
              and "credential.password" in [x["rule"] for x in r["reasons"]]]
    assert len(denied) == 1, denied
    assert denied[0]["decision"] == "deny"
    assert denied[0]["fields"] == ["password"]
    assert denied[0]["mode"] == "form"
    raw = sdk.audit_path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    for typed in ("Zoë", "Zo\\u00eb", "Q\\\" Test", "hunter2"):
        assert typed not in raw, typed


def test_the_sdk_sessions_audit_log_verifies(sdk: SdkSession) -> None:
    done = subprocess.run([sys.executable, "-m", "elicitguard", "audit-verify", str(sdk.audit_path)],
                          check=False, capture_output=True, text=True, timeout=WAIT, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "chain intact" in done.stdout


# ---- process behaviour ---------------------------------------------------------------------------------


async def _finish(proc: asyncio.subprocess.Process, stdin_data: bytes | None = None) -> tuple[bytes, bytes, int]:
    try:
        out, err = await asyncio.wait_for(proc.communicate(stdin_data), WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode is not None
    return out, err, proc.returncode


async def test_the_exit_status_is_the_servers(child_env: dict[str, str]) -> None:
    proc = await _spawn_proxy(child_env, [sys.executable, "-c", "import sys; sys.exit(7)"])
    # The client keeps its end open: the server's exit alone ends the proxy.
    assert proc.stdin is not None
    _, err, code = await _finish_without_closing_stdin(proc)
    assert code == 7, err


async def _finish_without_closing_stdin(proc: asyncio.subprocess.Process) -> tuple[bytes, bytes, int]:
    assert proc.stdout is not None and proc.stderr is not None
    try:
        out, err, code = await asyncio.wait_for(
            asyncio.gather(proc.stdout.read(), proc.stderr.read(), proc.wait()), WAIT)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return out, err, code


async def test_the_servers_stderr_passes_through_to_the_proxys_stderr(child_env: dict[str, str]) -> None:
    script = "import sys; sys.stderr.write('server-diagnostic: h\\u00e9llo\\n'); sys.stderr.flush()"
    proc = await _spawn_proxy(child_env, [sys.executable, "-c", script])
    out, err, code = await _finish(proc, b"")
    assert code == 0
    assert "server-diagnostic: héllo\n" in err.decode("utf-8")
    assert out == b""


async def test_sigterm_sent_to_the_proxy_reaches_the_server(tmp_path: Path, child_env: dict[str, str]) -> None:
    marker = tmp_path / "terminated"
    script = (
        "import os, signal, sys\n"
        f"MARKER = {str(marker)!r}\n"
        "def on_term(signum, frame):\n"
        "    with open(MARKER, 'w') as f: f.write('SIGTERM')\n"
        "    os._exit(42)\n"
        "signal.signal(signal.SIGTERM, on_term)\n"
        "sys.stdout.write('{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"ready\"}}\\n')\n"
        "sys.stdout.flush()\n"
        "sys.stdin.buffer.read()\n"
        "sys.exit(0)\n"
    )
    proc = await _spawn_proxy(child_env, [sys.executable, "-c", script])
    assert proc.stdout is not None
    ready = await asyncio.wait_for(proc.stdout.readline(), WAIT)
    assert json.loads(ready)["params"]["data"] == "ready"
    proc.send_signal(signal.SIGTERM)
    _, err, code = await _finish_without_closing_stdin(proc)
    assert marker.read_text() == "SIGTERM"
    assert code == 42, err


async def test_eof_on_the_proxys_stdin_closes_the_servers_stdin(tmp_path: Path, child_env: dict[str, str]) -> None:
    marker = tmp_path / "seen"
    script = (
        "import sys\n"
        "data = sys.stdin.buffer.read()\n"
        f"open({str(marker)!r}, 'wb').write(data + b'<EOF>')\n"
        "sys.exit(0)\n"
    )
    line = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'
    proc = await _spawn_proxy(child_env, [sys.executable, "-c", script])
    _, err, code = await _finish(proc, line)
    assert code == 0, err
    assert marker.read_bytes() == line + b"<EOF>"


async def test_a_nonexistent_server_command_fails_clearly_with_127(tmp_path: Path, child_env: dict[str, str]) -> None:
    missing = str(tmp_path / "no-such-mcp-server")
    proc = await _spawn_proxy(child_env, [missing, "--flag"])
    out, err, code = await _finish(proc, b"")
    assert code == 127
    assert out == b""
    message = err.decode()
    assert "cannot start server" in message and "no-such-mcp-server" in message
