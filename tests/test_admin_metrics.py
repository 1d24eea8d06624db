"""The admin listener, metrics, reload and the operational log of ``elicitguard http`` (issue 8 items 3
and 4), each against a real ``elicitguard http`` process and the SDK server (``tests/peers/py_server.py
http``), driven by the SDK client or by plain HTTP requests. Every wait is bounded by ``WAIT``.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import anyio
import mcp_types as types
import pytest
from netwait import accepting, free_port
from conftest import PEERS, ROOT, WAIT
from mcp import Client
from prometheus_client.parser import text_string_to_metric_families

from elicitguard.policies.config import Config
from elicitguard.proxy.metrics import MAX_RULE_LABELS, MCP_METHODS, Metrics

PY_SERVER = str(PEERS / "py_server.py")
LISTENING = re.compile(r"elicitguard: listening on (http://127\.0\.0\.1:\d+)")
ADMIN = re.compile(r"elicitguard: admin listening on (http://127\.0\.0\.1:\d+)")
STRICTER = "policy:\n  form:\n    rules:\n      - id: team.no_names\n        fields: [name]\n"



async def _stop(proc: asyncio.subprocess.Process, sig: int = signal.SIGTERM) -> None:
    if proc.returncode is None:
        proc.send_signal(sig)
        try:
            await asyncio.wait_for(proc.wait(), WAIT)
        except TimeoutError:
            proc.kill()
            await proc.wait()


@dataclass
class Running:
    proc: asyncio.subprocess.Process
    url: str  # the MCP endpoint
    admin: str
    config: Path
    audit: Path
    upstream: asyncio.subprocess.Process
    log: list[str] = field(default_factory=list)

    async def logged(self, text: str) -> str:
        assert self.proc.stderr is not None
        while True:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), WAIT)).decode("utf-8", "replace")
            assert line, f"stderr ended before {text!r}: {self.log}"
            self.log.append(line)
            if text in line:
                return line

    async def get(self, path: str, base: str | None = None, **kwargs: Any) -> tuple[int, str]:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as http, \
                http.get((base or self.admin) + path, **kwargs) as response:
            return response.status, await response.text()

    async def metrics(self) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        status, text = await self.get("/metrics")
        assert status == 200
        return {(s.name, tuple(sorted(s.labels.items()))): s.value
                for family in text_string_to_metric_families(text) for s in family.samples}


@pytest.fixture
async def running(tmp_path: Path, child_env: dict[str, str]) -> AsyncIterator[Running]:
    port = free_port()
    upstream = await asyncio.create_subprocess_exec(
        sys.executable, PY_SERVER, "http", "--port", str(port), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL, cwd=ROOT)
    config, audit = tmp_path / "config.yaml", tmp_path / "audit.jsonl"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\nadmin:\n  listen: '127.0.0.1:0'\n", encoding="utf-8")
    proc = None
    try:
        await accepting(port, upstream, WAIT)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen", "127.0.0.1:0",
            "--upstream", f"http://127.0.0.1:{port}/mcp", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=child_env, cwd=ROOT)
        run = Running(proc, "", "", config, audit, upstream)
        admin = (await run.logged("admin listening on")).strip()
        base = (await run.logged("listening on http")).strip()
        run.admin = ADMIN.match(admin).group(1)  # type: ignore[union-attr]
        run.url = LISTENING.match(base).group(1) + "/mcp"  # type: ignore[union-attr]
        yield run
    finally:
        if proc is not None:
            await _stop(proc)
        await _stop(upstream)


async def _answer(_context: Any, params: Any) -> types.ElicitResult:
    if "password" in params.requested_schema.get("properties", {}):
        return types.ElicitResult(action="accept", content={"password": "typed-by-user"})
    return types.ElicitResult(action="accept", content={"name": "Ann", "age": 7})


def _text(result: types.CallToolResult) -> str:
    return "".join(c.text for c in result.content if isinstance(c, types.TextContent))


# ---- metrics after real traffic ------------------------------------------------------------------------------


async def test_the_counters_move_after_real_traffic_through_elicitguard_http(running: Running) -> None:
    before = await running.metrics()
    assert before[("elicitguard_active_sessions", ())] == 0
    with anyio.fail_after(WAIT * 2):
        async with Client(running.url, mode="legacy", elicitation_callback=_answer) as client:
            assert json.loads(_text(await client.call_tool("ask_name", {}))) == {"name": "Ann", "age": 7}
            assert "Blocked by elicitguard" in _text(await client.call_tool("ask_password", {}))
            during = await running.metrics()
    after = await running.metrics()
    calls = ("elicitguard_messages_total", (("direction", "client_to_server"), ("method", "tools/call")))
    elicits = ("elicitguard_messages_total", (("direction", "server_to_client"), ("method", "elicitation/create")))
    assert calls not in before and after[calls] == 2
    assert after[elicits] == 2  # both forms reached the proxy; one was let through
    assert after[("elicitguard_messages_total", (("direction", "client_to_server"), ("method", "response")))] == 1
    denied = ("elicitguard_decisions_total", (("outcome", "deny"), ("rule", "credential.password")))
    assert after[denied] == 1
    assert after[("elicitguard_decisions_total", (("outcome", "allow"), ("rule", "none")))] >= 1
    assert after[("elicitguard_judge_seconds_count", ())] >= 6
    assert during[("elicitguard_active_sessions", ())] == 1
    assert after[("elicitguard_pending_elicitations", ())] == 0
    assert after[("elicitguard_upstream_errors_total", ())] == 0
    # No value anyone typed, and no peer-chosen string, is a label.
    status, text = await running.get("/metrics")
    assert "typed-by-user" not in text and "Ann" not in text


async def test_a_thousand_invented_method_names_leave_the_label_set_bounded(running: Running) -> None:
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    limit = asyncio.Semaphore(16)

    async def send(http: aiohttp.ClientSession, n: int) -> None:
        body = {"jsonrpc": "2.0", "method": f"x/invented-{n}"}
        if n % 2:
            body["id"] = n
        async with limit, http.post(running.url, json=body, headers=headers) as response:
            await response.read()

    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT * 4)) as http:
        await asyncio.gather(*(send(http, n) for n in range(1000)))
    after = await running.metrics()
    methods = {dict(labels)["method"] for (name, labels) in after if name == "elicitguard_messages_total"}
    assert methods <= MCP_METHODS | {"response", "other", "invalid"}, methods
    assert after[("elicitguard_messages_total", (("direction", "client_to_server"), ("method", "other")))] == 1000
    assert len([key for key in after if key[0] == "elicitguard_messages_total"]) < 10
    status, text = await running.get("/metrics")
    assert "invented" not in text


def test_rule_labels_stay_within_the_known_ids_and_a_hard_cap() -> None:
    metrics = Metrics(Config())
    assert metrics.rule_label("credential.password") == "credential.password"
    assert metrics.rule_label("url.something-new") == "url.other"
    assert metrics.rule_label("peer.chosen") == "other"
    assert metrics.rule_label(42) == "other"
    for n in range(MAX_RULE_LABELS * 2):
        metrics.audited("elicitation.denied", "deny", {"reasons": [{"rule": f"url.x{n}"}, {"rule": f"zz{n}"}]})
    rules = {dict(labels)["rule"] for family in metrics.registry.collect() for s in family.samples
             if s.name == "elicitguard_decisions_total" for labels in [s.labels.items()]}
    assert rules == {"url.other", "other"}


# ---- reload over http ------------------------------------------------------------------------------------------


async def test_a_sighup_with_a_stricter_file_denies_the_next_message_of_a_live_http_session(running: Running) -> None:
    with anyio.fail_after(WAIT * 2):
        async with Client(running.url, mode="legacy", elicitation_callback=_answer) as client:
            assert json.loads(_text(await client.call_tool("ask_name", {}))) == {"name": "Ann", "age": 7}
            running.config.write_text(running.config.read_text(encoding="utf-8") + STRICTER, encoding="utf-8")
            running.proc.send_signal(signal.SIGHUP)
            await running.logged("config reloaded")
            # The same session (same Mcp-Session-Id): its next elicitation meets the new rule.
            assert "Blocked by elicitguard" in _text(await client.call_tool("ask_name", {}))
            # A broken file now: rejected, the stricter policy stays.
            running.config.write_text(running.config.read_text(encoding="utf-8") + "policy: [\n", encoding="utf-8")
            running.proc.send_signal(signal.SIGHUP)
            await running.logged("config reload rejected")
            assert "Blocked by elicitguard" in _text(await client.call_tool("ask_name", {}))
    records = [json.loads(line) for line in running.audit.read_text(encoding="utf-8").splitlines()]
    events = [r["event"] for r in records if r["event"].startswith("config.")]
    assert events == ["config.reloaded", "config.rejected"]
    denied = [r for r in records if r["event"] == "elicitation.denied"]
    assert [[x["rule"] for x in r["reasons"]] for r in denied] == [["team.no_names"]] * 2
    reloaded = next(r for r in records if r["event"] == "config.reloaded")
    assert {r["policy_version"] for r in denied} == {reloaded["policy_version"]}
    after = await running.metrics()
    assert after[("elicitguard_config_reloads_total", (("outcome", "applied"),))] == 1
    assert after[("elicitguard_config_reloads_total", (("outcome", "rejected"),))] == 1


# ---- health, readiness, and the two listeners ---------------------------------------------------------------


async def test_readyz_turns_503_when_the_upstream_goes_down(running: Running) -> None:
    assert await running.get("/healthz") == (200, "ok\n")
    assert await running.get("/readyz") == (200, "ready\n")
    await _stop(running.upstream)
    assert await running.get("/readyz") == (503, "not ready: default\n")
    assert (await running.get("/healthz"))[0] == 200  # alive all the same
    # A client's request now fails upstream: counted, and said on the operational log.
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=WAIT)) as http, http.post(
            running.url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
            headers={"Accept": "application/json, text/event-stream"}) as response:
        assert response.status == 502
    await running.logged("upstream request failed")
    assert (await running.metrics())[("elicitguard_upstream_errors_total", ())] == 1


async def test_the_admin_listener_is_never_the_proxy_listener(running: Running) -> None:
    assert running.admin != running.url.removesuffix("/mcp")
    proxy_base = running.url.removesuffix("/mcp")
    assert (await running.get("/metrics", base=proxy_base))[0] == 404
    assert (await running.get("/mcp"))[0] == 404
    # Bound to loopback: a Host name that is not loopback (DNS rebinding) is refused.
    assert (await running.get("/metrics", headers={"Host": "attacker.example"}))[0] == 403


async def test_check_refuses_an_admin_listener_on_the_proxys_own_address(tmp_path: Path,
                                                                          child_env: dict[str, str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("listen: '127.0.0.1:8931'\nadmin:\n  listen: '127.0.0.1:8931'\n", encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "elicitguard", "check", str(config),
                                                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
                                                env=child_env, cwd=ROOT)
    _, err = await asyncio.wait_for(proc.communicate(), WAIT)
    assert proc.returncode == 2 and b"admin.listen: 127.0.0.1:8931 is also the proxy's listen address" in err


async def test_the_operational_log_speaks_json_when_asked(tmp_path: Path, child_env: dict[str, str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / 'a.jsonl'))}\nlog:\n  format: json\n"
                      "  level: debug\n", encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "http", "--config", str(config), "--listen", "0.0.0.0:0",
        "--upstream", "http://127.0.0.1:9/mcp", stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE, env=child_env, cwd=ROOT)
    try:
        assert proc.stderr is not None
        lines = []
        while not lines or '"started"' not in lines[-1]:
            line = (await asyncio.wait_for(proc.stderr.readline(), WAIT)).decode()
            assert line, lines
            lines.append(line)
    finally:
        await _stop(proc)
    logged = [json.loads(line) for line in lines if line.startswith("{")]
    assert [(r["level"], r["msg"][:29]) for r in logged] == [("warning", "listening on 0.0.0.0, beyond "),
                                                             ("info", "started")]
    assert all(set(r) >= {"ts", "level", "msg"} and "event" not in r and "hash" not in r for r in logged)
    assert any(LISTENING.pattern[:24] in line for line in lines)  # the port line stays plain text


# ---- stdio ----------------------------------------------------------------------------------------------------


async def test_a_stdio_proxy_serves_its_metrics_and_is_ready_while_its_server_runs(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(tmp_path / 'a.jsonl'))}\nadmin:\n  listen: ':0'\n",
                      encoding="utf-8")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable,
        str(PEERS / "stubborn_server.py"), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=child_env, cwd=ROOT)
    run = Running(proc, "", "", config, tmp_path / "a.jsonl", proc)
    try:
        line = await run.logged("admin listening")
        run.admin = re.search(r"url=(http://127\.0\.0\.1:\d+)", line).group(1)  # type: ignore[union-attr]
        assert proc.stdin is not None and proc.stdout is not None
        assert json.loads(await asyncio.wait_for(proc.stdout.readline(), WAIT))["params"]["data"] == "ready"
        proc.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
        await proc.stdin.drain()
        assert json.loads(await asyncio.wait_for(proc.stdout.readline(), WAIT))["id"] == 1
        assert await run.get("/readyz") == (200, "ready\n")
        after = await run.metrics()
        assert after[("elicitguard_messages_total", (("direction", "client_to_server"), ("method", "ping")))] == 1
        assert after[("elicitguard_active_sessions", ())] == 1
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        try:
            await asyncio.wait_for(proc.wait(), WAIT)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()


def test_an_observer_that_fails_never_costs_the_audit_record(tmp_path: Path) -> None:
    from elicitguard.proxy.audit import AuditLog

    audit = AuditLog(str(tmp_path / "a.jsonl"))

    def broken(_event: str, _decision: str, _fields: Any) -> None:
        raise RuntimeError("a metrics bug")

    audit.observers.append(broken)
    audit.event("upstream.error", decision="deny", detail="ClientConnectorError")
    audit.close()
    events = [json.loads(line)["event"] for line in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert events == ["audit.opened", "upstream.error", "audit.closed"]
