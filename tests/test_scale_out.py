"""Two ``elicitguard http`` replicas behind nginx, in front of one real MCP Python SDK server.

nginx balances with ``hash $http_mcp_session_id consistent``: a request without the header (every
2026-07-28 request, and each ``initialize``) goes round-robin, a 2025-era session's requests go to
the replica its id hashes to. So an MRTR retry lands on the other replica than its first round, and
a session is usually served by a replica that never saw its ``initialize``: both work only because
what the proxy must remember travels signed (requestState, the session id) under the shared
``mrtr.state_key_file``.

Debian's nginx (``nginx-light``) is needed: ``.ci/run`` installs it, and with CI set a missing nginx
fails the test instead of skipping it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
import socket
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import anyio
import mcp_types as types
import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from conftest import PEERS, ROOT, WAIT

PY_SERVER = str(PEERS / "py_server.py")
PERSON = {"name": "Ann", "age": 41}
ACCEPT = "application/json, text/event-stream"


def nginx_binary() -> str:
    found = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed: .ci/run installs Debian's nginx-light, CI must have it")
        pytest.skip("nginx is not installed here (apt-get install -y nginx-light); CI installs it and runs this test")
    return found


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _accepting(port: int, proc: asyncio.subprocess.Process, what: str) -> None:
    """Bounded retry on connect until ``port`` listens; fails early if ``proc`` died."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        with contextlib.suppress(TimeoutError, OSError):
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 1.0)
            writer.close()
            await writer.wait_closed()
            return
        assert loop.time() < deadline, f"{what} never listened on {port}"
        with contextlib.suppress(TimeoutError):
            code = await asyncio.wait_for(proc.wait(), 0.05)  # paces the retries, catches an early exit
            raise AssertionError(f"{what} exited with {code}")


async def _stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.terminate()
        try:
            await asyncio.wait_for(proc.wait(), WAIT)
        except TimeoutError:
            proc.kill()
            await proc.wait()


async def _replica(tmp: Path, name: str, upstream: str, key_file: Path | None,
                   env: dict[str, str]) -> tuple[asyncio.subprocess.Process, int]:
    config = tmp / f"{name}.yaml"
    audit = tmp / f"audit-{name}.jsonl"
    key = f"mrtr:\n  state_key_file: {json.dumps(str(key_file))}\n" if key_file else ""
    config.write_text(f"on_deny: decline\naudit:\n  path: {json.dumps(str(audit))}\n{key}", encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen", "127.0.0.1:0",
        "--upstream", upstream, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE, env=env, cwd=ROOT)
    assert proc.stderr is not None
    while True:
        line = await asyncio.wait_for(proc.stderr.readline(), WAIT)
        assert line, f"replica {name} exited before listening"
        if b"listening on http://" in line:
            port = int(line.split(b"listening on http://", 1)[1].split(b" ", 1)[0].rsplit(b":", 1)[1])
            return proc, port


NGINX_CONF = """\
daemon off;
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    upstream elicitguard {{
        # A session's requests go to one replica; requests without the header (2026-07-28, and
        # initialize) round-robin.
        hash $http_mcp_session_id consistent;
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://elicitguard;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_buffering off;
            proxy_read_timeout 300s;
        }}
    }}
}}
"""


@dataclass
class Cluster:
    url: str
    replicas: dict[str, int]  # name -> port
    tmp: Path

    def audit(self, name: str) -> list[dict[str, Any]]:
        path = self.tmp / f"audit-{name}.jsonl"
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []

    def events(self, name: str, event: str) -> list[dict[str, Any]]:
        return [r for r in self.audit(name) if r["event"] == event]


@contextlib.asynccontextmanager
async def cluster(tmp: Path, env: dict[str, str], shared_key: bool = True) -> AsyncIterator[Cluster]:
    nginx = nginx_binary()
    key_file = None
    if shared_key:
        key_file = tmp / "mrtr.key"
        key_file.write_text(secrets.token_hex(32) + "\n", encoding="utf-8")
    procs: list[asyncio.subprocess.Process] = []
    try:
        server_port = _free_port()
        server = await asyncio.create_subprocess_exec(
            sys.executable, PY_SERVER, "http", "--port", str(server_port), stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, cwd=ROOT)
        procs.append(server)
        await _accepting(server_port, server, "py_server")
        upstream = f"http://127.0.0.1:{server_port}/mcp"
        a, a_port = await _replica(tmp, "a", upstream, key_file, env)
        procs.append(a)
        b, b_port = await _replica(tmp, "b", upstream, key_file, env)
        procs.append(b)
        port = _free_port()
        conf = tmp / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=tmp, a=a_port, b=b_port, port=port), encoding="utf-8")
        balancer = await asyncio.create_subprocess_exec(
            nginx, "-c", str(conf), "-p", str(tmp), stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)
        procs.append(balancer)
        await _accepting(port, balancer, "nginx")
        yield Cluster(f"http://127.0.0.1:{port}/mcp", {"a": a_port, "b": b_port}, tmp)
    finally:
        for proc in reversed(procs):
            await _stop(proc)


class Answers:
    """The SDK client's elicitation callback: records what it was shown, accepts with PERSON."""

    def __init__(self) -> None:
        self.shown: list[Any] = []

    async def __call__(self, _context: Any, params: Any) -> types.ElicitResult:
        self.shown.append(params)
        return types.ElicitResult(action="accept", content=dict(PERSON))


def _text(result: types.CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


async def test_an_mrtr_retry_that_lands_on_the_other_replica_still_carries_the_proxys_decline(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with cluster(tmp_path, child_env) as lb:
        answers = Answers()
        with anyio.fail_after(WAIT * 2):
            async with Client(lb.url, mode="auto", elicitation_callback=answers) as client:
                assert client.protocol_version == "2026-07-28"
                results = [_text(await client.call_tool("ask_both", {})) for _ in range(2)]
        assert results == ['password=decline person={"age": 41, "name": "Ann"}'] * 2
        assert [sorted(p.requested_schema["properties"]) for p in answers.shown] == [["age", "name"]] * 2
        denied = {n: len(lb.events(n, "elicitation.denied")) for n in lb.replicas}
        answered = {n: len(lb.events(n, "input.answered")) for n in lb.replicas}
        # Round-robin: each call's first round and its retry were served by different replicas.
        assert sum(denied.values()) == 2 and sum(answered.values()) == 2
        assert any(denied[n] and answered[other] for n, other in (("a", "b"), ("b", "a"))), (denied, answered)


async def test_without_a_shared_key_the_retry_on_the_other_replica_is_refused_not_forwarded(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with cluster(tmp_path, child_env, shared_key=False) as lb:
        with anyio.fail_after(WAIT * 2):
            async with Client(lb.url, mode="auto", elicitation_callback=Answers()) as client:
                with pytest.raises(MCPError) as raised:
                    await client.call_tool("ask_both", {})
        assert raised.value.error.data["rule"] == "mrtr.state_invalid"
        refused = [r for n in lb.replicas for r in lb.events(n, "mrtr.state_refused")]
        assert len(refused) == 1 and refused[0]["decision"] == "deny"


async def test_2025_era_sessions_with_affinity_on_the_session_id_work_whichever_replica_serves_them(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with cluster(tmp_path, child_env) as lb:
        for _ in range(4):
            answers = Answers()
            with anyio.fail_after(WAIT * 2):
                async with Client(lb.url, mode="legacy", elicitation_callback=answers) as client:
                    assert client.protocol_version == "2025-11-25"
                    named = _text(await client.call_tool("ask_name", {}))
                    blocked = _text(await client.call_tool("ask_password", {}))
            assert json.loads(named) == PERSON
            assert blocked == "action=decline"  # on_deny: decline, the password form never shown
            assert len(answers.shown) == 1
        denied = [r for n in lb.replicas for r in lb.events(n, "elicitation.denied")]
        assert len(denied) == 4 and all(r["reasons"][0]["rule"] == "credential.password" for r in denied)


@contextlib.asynccontextmanager
async def _post(port: int, body: Any, headers: dict[str, str]) -> AsyncIterator[aiohttp.ClientResponse]:
    """POST straight to one replica (not through nginx)."""
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as session:
        async with session.post(f"http://127.0.0.1:{port}/mcp", data=json.dumps(body), headers={
                "Accept": ACCEPT, "Content-Type": "application/json", **headers}) as response:
            yield response


async def test_a_session_initialized_on_one_replica_is_judged_on_the_other_by_its_sealed_id_for_its_own_client(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    async with cluster(tmp_path, child_env) as lb:
        init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "raw", "version": "1"}}}
        alice = {"Authorization": "Bearer alice"}
        async with _post(lb.replicas["a"], init, alice) as response:
            sid = response.headers["Mcp-Session-Id"]
            await response.read()
        assert sid.startswith("eg-s1.")
        headers = {**alice, "Mcp-Session-Id": sid, "MCP-Protocol-Version": "2025-11-25"}
        async with _post(lb.replicas["b"], {"jsonrpc": "2.0", "method": "notifications/initialized"}, headers) as response:
            assert response.status == 202
        # Another client holding the id gets nothing of the session from the replica that never saw it.
        async with _post(lb.replicas["b"], {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
                         {**headers, "Authorization": "Bearer mallory"}) as response:
            assert response.status == 404
        # Its own client's call reaches the server; the form the server sends back is judged against
        # what initialize declared on the other replica (form), so it is forwarded.
        call = {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "ask_name", "arguments": {}}}
        async with _post(lb.replicas["b"], call, headers) as response:
            assert response.status == 200
            with anyio.fail_after(WAIT):
                async for line in response.content:
                    if line.startswith(b"data: ") and b"elicitation/create" in line:
                        request = json.loads(line[6:])
                        assert sorted(request["params"]["requestedSchema"]["properties"]) == ["age", "name"]
                        break
                else:
                    raise AssertionError("the stream ended without the form")
        starts = lb.events("b", "session.start")
        assert [s.get("restored_session") for s in starts] == [True]
        assert not lb.events("b", "elicitation.denied")
