"""MCP 2026-07-28 carriers over real transports, with raw peers for what no SDK sends.

Elicitations inside ``input_required`` results (plain JSON, on an SSE stream, in ``tasks/get``), in
``notifications/tasks``, the retry correlation for decline/cancel, unknown protocol versions (in
``_meta`` and the ``MCP-Protocol-Version`` header) and ``server/discover`` filtering, each driven
through a real ``elicitguard`` process (stdio) or the real aiohttp app (HTTP).
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from elicitguard.policies.config import load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http import listening
from conftest import PEERS, ROOT, WAIT

RAW_SERVER = str(PEERS / "raw_server.py")
FORM_CAPS = {"elicitation": {"form": {}}}
BOTH_CAPS = {"elicitation": {"form": {}, "url": {}}}
PASSWORD_FORM = {"method": "elicitation/create", "params": {
    "mode": "form", "message": "Sign in", "requestedSchema": {
        "type": "object", "properties": {"password": {"type": "string"}}, "required": ["password"]}}}
NAME_FORM = {"method": "elicitation/create", "params": {
    "mode": "form", "message": "Who are you?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string"}}}}}
BAD_URL = {"method": "elicitation/create", "params": {"mode": "url", "message": "Go", "url": "http://10.0.0.1/x"}}
STATE = "opaque-state.v1~!@#"


def meta(caps: dict[str, Any], version: str = "2026-07-28") -> dict[str, Any]:
    return {"io.modelcontextprotocol/protocolVersion": version,
            "io.modelcontextprotocol/clientInfo": {"name": "raw-modern-client", "version": "1"},
            "io.modelcontextprotocol/clientCapabilities": caps}


def call(request_id: int, caps: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call",
            "params": {"name": "deploy", "arguments": {}, "_meta": meta(caps), **extra}}


def input_required(request_id: int, requests: dict[str, Any], state: str | None = STATE) -> dict[str, Any]:
    result: dict[str, Any] = {"resultType": "input_required", "inputRequests": requests}
    if state is not None:
        result["requestState"] = state
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def line(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


# ---- stdio ---------------------------------------------------------------------------------------------


class StdioRun:
    """A proxy process over raw_server.py, with the test as the client."""

    def __init__(self, tmp_path: Path, env: dict[str, str], script: list[dict[str, Any]], config: str = "") -> None:
        self.tmp = tmp_path
        self.env = env
        self.script = script
        self.config = config
        self.received = tmp_path / "received.log"
        self.audit_path = tmp_path / "audit.jsonl"
        self.proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> "StdioRun":
        script = self.tmp / "script.json"
        script.write_text(json.dumps(self.script), encoding="utf-8")
        config = self.tmp / "config.yaml"
        config.write_text(f"audit:\n  path: {json.dumps(str(self.audit_path))}\n{self.config}", encoding="utf-8")
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
            sys.executable, RAW_SERVER, str(script), str(self.received),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=self.env, cwd=ROOT)
        return self

    async def send(self, obj: Any) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(line(obj))
        await self.proc.stdin.drain()

    async def receive(self) -> dict[str, Any]:
        assert self.proc is not None and self.proc.stdout is not None
        raw = await asyncio.wait_for(self.proc.stdout.readline(), WAIT)
        assert raw, "proxy closed its stdout"
        value: dict[str, Any] = json.loads(raw)
        return value

    def server_lines(self) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.received.read_bytes().splitlines()] if self.received.exists() else []

    def audit(self) -> list[dict[str, Any]]:
        return [json.loads(x) for x in self.audit_path.read_text(encoding="utf-8").splitlines()]

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), WAIT)
        finally:
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()


async def test_on_stdio_a_denied_input_request_is_removed_and_declined_on_the_clients_retry(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    script = [
        {"expect": "tools/call"},
        {"send": line(input_required(1, {"pw": PASSWORD_FORM, "who": NAME_FORM})).decode().strip()},
        {"expect": "tools/call"},
        {"send": line({"jsonrpc": "2.0", "id": 2, "result": {"resultType": "complete", "content": []}}).decode().strip()},
    ]
    async with StdioRun(tmp_path, child_env, script, "on_deny: decline\n") as run:
        await run.send(call(1, FORM_CAPS))
        first = await run.receive()
        assert set(first["result"]["inputRequests"]) == {"who"}
        envelope = first["result"]["requestState"]
        assert envelope.startswith("elicitguard.v1.") and STATE not in envelope
        await run.send(call(2, FORM_CAPS, inputResponses={"who": {"action": "accept", "content": {"name": "Ann"}}},
                            requestState=envelope))
        second = await run.receive()
        assert second["id"] == 2 and second["result"]["resultType"] == "complete"
    retry = run.server_lines()[1]
    assert retry["params"]["inputResponses"] == {"who": {"action": "accept", "content": {"name": "Ann"}},
                                                 "pw": {"action": "decline"}}
    assert retry["params"]["requestState"] == STATE
    denied = [r for r in run.audit() if r["event"] == "elicitation.denied"]
    assert [(r["input_key"], r["reasons"][0]["rule"]) for r in denied] == [("pw", "credential.password")]


async def test_on_stdio_a_denied_input_request_becomes_an_error_for_the_original_request_with_on_deny_error(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    script = [{"expect": "tools/call"}, {"send": line(input_required(7, {"pw": PASSWORD_FORM})).decode().strip()}]
    async with StdioRun(tmp_path, child_env, script) as run:
        await run.send(call(7, FORM_CAPS))
        answer = await run.receive()
    assert answer["id"] == 7 and "result" not in answer
    assert answer["error"]["code"] == -32602
    assert answer["error"]["data"]["rule"] == "credential.password"


async def test_on_stdio_an_input_request_in_a_mode_the_request_did_not_declare_is_blocked(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    script = [{"expect": "tools/call"}, {"send": line(input_required(3, {"who": NAME_FORM})).decode().strip()}]
    async with StdioRun(tmp_path, child_env, script) as run:
        await run.send(call(3, {}))  # this request declares no elicitation at all
        answer = await run.receive()
    assert answer["error"]["data"]["rule"] == "mode.undeclared"


async def test_on_stdio_tasks_get_results_and_task_notifications_are_judged(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    task_result = {"jsonrpc": "2.0", "id": 4, "result": {"task": {
        "taskId": "t-1", "status": "input_required", "inputRequests": {"link": BAD_URL, "who": NAME_FORM}}}}
    note = {"jsonrpc": "2.0", "method": "notifications/tasks", "params": {"task": {
        "taskId": "t-1", "status": "input_required", "inputRequests": {"pw": PASSWORD_FORM, "who": NAME_FORM}}}}
    script = [{"expect": "tasks/get"}, {"send": line(task_result).decode().strip()},
              {"send": line(note).decode().strip()}]
    async with StdioRun(tmp_path, child_env, script, "on_deny: cancel\n") as run:
        await run.send({"jsonrpc": "2.0", "id": 4, "method": "tasks/get",
                        "params": {"taskId": "t-1", "_meta": meta(BOTH_CAPS)}})
        got = await run.receive()
        assert set(got["result"]["task"]["inputRequests"]) == {"who"}
        notified = await run.receive()
        assert set(notified["params"]["task"]["inputRequests"]) == {"who"}


async def test_on_stdio_a_task_whose_every_input_request_is_denied_is_answered_by_the_proxy_with_tasks_update(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    task_result = {"jsonrpc": "2.0", "id": 4, "result": {"task": {
        "taskId": "t-1", "status": "input_required", "inputRequests": {"pw": PASSWORD_FORM}}}}
    script = [{"expect": "tasks/get"}, {"send": line(task_result).decode().strip()}, {"expect": "tasks/update"}]
    async with StdioRun(tmp_path, child_env, script, "on_deny: cancel\n") as run:
        await run.send({"jsonrpc": "2.0", "id": 4, "method": "tasks/get",
                        "params": {"taskId": "t-1", "_meta": meta(FORM_CAPS)}})
        got = await run.receive()
        assert got["id"] == 4 and got["result"]["task"] == {"taskId": "t-1", "status": "input_required"}
    update = run.server_lines()[1]
    assert update["method"] == "tasks/update"
    assert update["params"]["taskId"] == "t-1" and update["params"]["inputResponses"] == {"pw": {"action": "cancel"}}
    assert [r["event"] for r in run.audit()].count("input.completed") == 1


async def test_on_stdio_an_unknown_protocol_version_is_refused_with_32022_and_never_reaches_the_server(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with StdioRun(tmp_path, child_env, []) as run:
        request = call(5, FORM_CAPS)
        request["params"]["_meta"] = meta(FORM_CAPS, version="2099-01-01")
        await run.send(request)
        answer = await run.receive()
    assert answer["id"] == 5 and answer["error"]["code"] == -32022
    assert "2026-07-28" in answer["error"]["data"]["supported"]
    assert run.server_lines() == []


async def test_on_stdio_server_discover_lists_only_versions_the_proxy_understands(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    result = {"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete",
                                                    "supportedVersions": ["2099-01-01", "2026-07-28"],
                                                    "capabilities": {}}}
    script = [{"expect": "server/discover"}, {"send": line(result).decode().strip()}]
    async with StdioRun(tmp_path, child_env, script) as run:
        await run.send({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": meta(BOTH_CAPS)}})
        answer = await run.receive()
    assert answer["result"]["supportedVersions"] == ["2026-07-28"]


# ---- Streamable HTTP -----------------------------------------------------------------------------------


class FakeModernServer:
    """An aiohttp upstream that answers each POST from a queue of (content type, body) replies."""

    def __init__(self) -> None:
        # A reply's body may be a function of the request's body (to answer the id it carries).
        self.replies: list[tuple[str, bytes | Callable[[dict[str, Any]], bytes]]] = []
        self.bodies: list[dict[str, Any]] = []
        self.arrived: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

    async def post(self, request: web.Request) -> web.StreamResponse:
        self.bodies.append(await request.json())
        self.arrived.put_nowait(self.bodies[-1])
        kind, reply = self.replies.pop(0)
        body = reply(self.bodies[-1]) if callable(reply) else reply
        if kind == "sse":
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
            await response.prepare(request)
            await response.write(b": keep-alive\n\n")
            await response.write(b"event: message\ndata: " + body + b"\n\n")
            return response
        return web.Response(body=body, content_type="application/json")


@pytest.fixture
async def modern(tmp_path: Path) -> AsyncIterator[tuple[FakeModernServer, str, Path]]:
    fake = FakeModernServer()
    upstream_app = web.Application()
    upstream_app.router.add_post("/mcp", fake.post)
    upstream = web.AppRunner(upstream_app)
    await upstream.setup()
    site = web.TCPSite(upstream, "127.0.0.1", 0)
    await site.start()
    port = upstream.addresses[0][1]
    audit_path = tmp_path / "audit.jsonl"
    config = load_config_text("on_deny: decline\n")
    audit = AuditLog(str(audit_path))
    try:
        async with listening(config, f"http://127.0.0.1:{port}/mcp", audit) as proxy:
            yield fake, proxy.url(), audit_path
    finally:
        await upstream.cleanup()
        audit.close()


HEADERS = {"Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2026-07-28"}


async def _post(url: str, body: Any, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    timeout = aiohttp.ClientTimeout(total=WAIT)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        async with session.post(url, data=json.dumps(body), headers=headers or HEADERS) as response:
            return response.status, await response.read()


def _sse_data(body: bytes) -> list[dict[str, Any]]:
    return [json.loads(chunk[6:]) for chunk in body.split(b"\n") if chunk.startswith(b"data: ")]


async def test_over_http_an_input_required_result_on_an_sse_stream_is_judged_per_entry(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, _ = modern
    fake.replies.append(("sse", json.dumps(input_required(1, {"pw": PASSWORD_FORM, "who": NAME_FORM})).encode()))
    status, body = await _post(url, call(1, FORM_CAPS))
    assert status == 200
    (message,) = _sse_data(body)
    assert set(message["result"]["inputRequests"]) == {"who"}
    assert body.startswith(b": keep-alive\n\n")


async def test_over_http_the_retry_after_a_removed_input_request_carries_the_proxys_decline(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, audit_path = modern
    fake.replies.append(("json", json.dumps(input_required(1, {"pw": PASSWORD_FORM, "who": NAME_FORM})).encode()))
    fake.replies.append(("json", json.dumps({"jsonrpc": "2.0", "id": 2, "result": {"content": []}}).encode()))
    _, first = await _post(url, call(1, FORM_CAPS))
    envelope = json.loads(first)["result"]["requestState"]
    status, _ = await _post(url, call(2, FORM_CAPS, requestState=envelope,
                                      inputResponses={"who": {"action": "accept", "content": {"name": "B"}}}))
    assert status == 200
    assert fake.bodies[1]["params"]["inputResponses"]["pw"] == {"action": "decline"}
    assert fake.bodies[1]["params"]["requestState"] == STATE
    events = [json.loads(x)["event"] for x in audit_path.read_text(encoding="utf-8").splitlines()]
    assert "input.answered" in events


@pytest.mark.parametrize("kind", ["json", "sse"])
async def test_over_http_an_unjudgeable_answer_to_the_proxys_round_retry_answers_the_client_under_its_own_id(
        modern: tuple[FakeModernServer, str, Path], kind: str) -> None:
    # Red team 29: a duplicate key in the server's answer to the proxy's own retry ("eg-round-...") was
    # answered under the retry's id, which the client never sent: its request was never answered.
    fake, url, _ = modern
    fake.replies.append((kind, json.dumps(input_required(1, {"pw": PASSWORD_FORM})).encode()))
    fake.replies.append((kind, lambda sent: b'{"jsonrpc":"2.0","id":%s,"result":{"content":[],"content":[]}}'
                         % json.dumps(sent["id"]).encode()))
    status, body = await _post(url, call(1, FORM_CAPS))
    assert status == 200
    messages = _sse_data(body) if body.lstrip().startswith((b":", b"event", b"data")) else [json.loads(body)]
    assert [m["id"] for m in messages] == [1], messages
    assert messages[0]["error"]["data"]["rule"] == "envelope.duplicate_key"
    assert str(fake.bodies[1]["id"]).startswith("eg-round-")


async def test_over_http_a_tasks_get_result_with_a_denied_url_is_stripped(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, _ = modern
    result = {"jsonrpc": "2.0", "id": 9, "result": {"task": {
        "taskId": "t-9", "status": "input_required", "inputRequests": {"link": BAD_URL}}}}
    fake.replies.append(("json", json.dumps(result).encode()))
    status, body = await _post(url, {"jsonrpc": "2.0", "id": 9, "method": "tasks/get",
                                     "params": {"taskId": "t-9", "_meta": meta(BOTH_CAPS)}})
    assert status == 200
    assert "inputRequests" not in json.loads(body)["result"]["task"]


async def test_over_http_a_task_whose_every_input_request_is_denied_is_answered_by_the_proxy_with_tasks_update(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, _ = modern
    result = {"jsonrpc": "2.0", "id": 9, "result": {"task": {
        "taskId": "t-9", "status": "input_required", "inputRequests": {"pw": PASSWORD_FORM}}}}
    fake.replies.append(("json", json.dumps(result).encode()))
    fake.replies.append(("json", b'{"jsonrpc":"2.0","id":"ignored","result":{}}'))
    status, body = await _post(url, {"jsonrpc": "2.0", "id": 9, "method": "tasks/get",
                                     "params": {"taskId": "t-9", "_meta": meta(FORM_CAPS)}})
    assert status == 200
    assert json.loads(body)["result"]["task"] == {"taskId": "t-9", "status": "input_required"}
    await asyncio.wait_for(fake.arrived.get(), WAIT)
    update = await asyncio.wait_for(fake.arrived.get(), WAIT)
    assert update["method"] == "tasks/update"
    assert update["params"]["taskId"] == "t-9" and update["params"]["inputResponses"] == {"pw": {"action": "decline"}}


async def test_over_http_an_unknown_protocol_version_header_gets_400_with_32022(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, _ = modern
    unknown = call(1, FORM_CAPS)
    unknown["params"]["_meta"] = {**unknown["params"]["_meta"], "io.modelcontextprotocol/protocolVersion": "2099-01-01"}
    status, body = await _post(url, unknown, {**HEADERS, "MCP-Protocol-Version": "2099-01-01"})
    assert status == 400
    error = json.loads(body)["error"]
    assert error["code"] == -32022 and "2026-07-28" in error["data"]["supported"]
    assert fake.bodies == []


async def test_over_http_one_clients_removed_input_requests_are_never_answered_on_another_clients_retry(
        modern: tuple[FakeModernServer, str, Path]) -> None:
    fake, url, _ = modern
    fake.replies.append(("json", json.dumps(input_required(1, {"pw": PASSWORD_FORM, "who": NAME_FORM})).encode()))
    fake.replies.append(("json", json.dumps({"jsonrpc": "2.0", "id": 2, "result": {"content": []}}).encode()))
    fake.replies.append(("json", json.dumps({"jsonrpc": "2.0", "id": 3, "result": {"content": []}}).encode()))
    fake.replies.append(("json", json.dumps({"jsonrpc": "2.0", "id": 4, "result": {"content": []}}).encode()))
    _, first = await _post(url, call(1, FORM_CAPS))
    envelope = json.loads(first)["result"]["requestState"]
    retry = {"who": {"action": "accept", "content": {"name": "B"}}}
    # A second client on the same address, with no credentials either, retrying with the server's own
    # state: nothing to consume, it is forwarded as sent.
    await _post(url, call(2, FORM_CAPS, requestState=STATE, inputResponses=retry))
    assert "pw" not in fake.bodies[1]["params"]["inputResponses"]
    # The first client's retry still gets its declines, however many others came in between, and so
    # does the same retry again (the record is in the envelope, not consumed from proxy memory).
    for n in (3, 4):
        await _post(url, call(n, FORM_CAPS, requestState=envelope, inputResponses=retry))
        assert fake.bodies[n - 1]["params"]["inputResponses"]["pw"] == {"action": "decline"}
        assert fake.bodies[n - 1]["params"]["requestState"] == STATE


@pytest.mark.parametrize("mangle", [
    pytest.param(lambda e: e[:-2] + ("AA" if not e.endswith("AA") else "BB"), id="signature-changed"),
    pytest.param(lambda e: e.replace("elicitguard.v1.", "elicitguard.v1.e30", 1), id="record-changed"),
    pytest.param(lambda e: "elicitguard.v1.e30." + "A" * 43, id="forged"),
    pytest.param(lambda e: "elicitguard.v1." + "A" * (70 * 1024), id="oversized"),
])
async def test_over_http_a_tampered_or_forged_envelope_is_refused_audited_and_never_forwarded(
        modern: tuple[FakeModernServer, str, Path], mangle: Any) -> None:
    fake, url, audit_path = modern
    fake.replies.append(("json", json.dumps(input_required(1, {"pw": PASSWORD_FORM, "who": NAME_FORM})).encode()))
    _, first = await _post(url, call(1, FORM_CAPS))
    envelope = json.loads(first)["result"]["requestState"]
    status, body = await _post(url, call(2, FORM_CAPS, requestState=mangle(envelope), inputResponses={}))
    answer = json.loads(body)
    assert answer["id"] == 2 and answer["error"]["data"]["rule"] == "mrtr.state_invalid"
    assert answer["error"]["message"] == ("Blocked by elicitguard: the requestState does not carry a valid "
                                          "elicitguard signature for this request.")
    assert len(fake.bodies) == 1
    refused = [json.loads(x) for x in audit_path.read_text(encoding="utf-8").splitlines()
               if json.loads(x)["event"] == "mrtr.state_refused"]
    assert refused and refused[0]["decision"] == "deny"


async def test_on_stdio_an_oversize_answer_is_replaced_by_an_error_so_the_client_is_not_left_waiting(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    big = {"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "x" * 10_000}]}}
    script = [{"expect": "tools/call"}, {"send": line(big).decode().strip()}]
    async with StdioRun(tmp_path, child_env, script, "limits:\n  max_message_bytes: 4096\n") as run:
        await run.send(call(3, FORM_CAPS))
        answer = await run.receive()
    assert answer["id"] == 3 and answer["error"]["code"] == -32603
    assert answer["error"]["data"]["rule"] == "envelope.too_large"


async def test_on_stdio_an_oversize_client_request_is_answered_with_32600_and_never_reaches_the_server(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with StdioRun(tmp_path, child_env, [], "limits:\n  max_message_bytes: 4096\n") as run:
        # A server can make a client's retry huge by echoing requestState: the client must still get an answer.
        await run.send(call(4, FORM_CAPS, requestState="S" * 10_000))
        answer = await run.receive()
    assert answer["id"] == 4 and answer["error"]["code"] == -32600
    assert run.server_lines() == []
