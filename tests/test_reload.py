"""Reloading the config without a restart (issue 8 item 3): SIGHUP, reload.watch, what applies live.

The end-to-end tests run ``elicitguard stdio`` as a real process around the SDK server
(``tests/peers/py_server.py stdio``) and act as the client on its stdin/stdout; each waits for the
reload on the proxy's operational log (stderr) before sending the next message. Every wait is
bounded by ``WAIT``.
"""

from __future__ import annotations

import asyncio
import json
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import PEERS, ROOT, WAIT

from elicitguard.policies.config import Config, load_config, load_config_text
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.oplog import OpLog
from elicitguard.proxy.reload import Reloader, Result, settle_http, settle_stdio

PY_SERVER = str(PEERS / "py_server.py")
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
    "clientInfo": {"name": "reload-test", "version": "1"}}}
STRICTER = """
policy:
  form:
    rules:
      - id: team.no_names
        fields: [name]
"""
# What the SDK server's tool returns when the proxy answered its elicitation with the policy error.
BLOCKED = "error: MCPError: Blocked by elicitguard"
BROKEN = """
policy:
  form:
    block_credential: false
"""


def _write(path: Path, audit: Path, body: str = "") -> None:
    path.write_text(f"audit:\n  path: {json.dumps(str(audit))}\nstdio:\n  shutdown_grace: 5\n{body}",
                    encoding="utf-8")


def _records(audit: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in audit.read_text(encoding="utf-8").splitlines()]


class Stdio:
    """One ``elicitguard stdio`` process around the SDK server, driven line by line."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.log: list[str] = []

    @classmethod
    async def start(cls, child_env: dict[str, str], config: Path) -> Stdio:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, PY_SERVER,
            "stdio", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
            env=child_env, cwd=ROOT)
        return cls(proc)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        await self.proc.stdin.drain()

    async def receive(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = await asyncio.wait_for(self.proc.stdout.readline(), WAIT)
        assert line.endswith(b"\n"), (line, self.log)
        value: dict[str, Any] = json.loads(line)
        return value

    async def logged(self, text: str) -> str:
        """The next operational-log line on stderr that holds ``text`` (the lines before it are kept)."""
        assert self.proc.stderr is not None
        while True:
            line = (await asyncio.wait_for(self.proc.stderr.readline(), WAIT)).decode("utf-8", "replace")
            assert line, f"stderr ended before {text!r}: {self.log}"
            self.log.append(line)
            if text in line:
                return line

    async def initialize(self) -> None:
        await self.send(INIT)
        assert (await self.receive())["id"] == 1
        await self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    async def ask_name(self, rid: int) -> dict[str, Any]:
        """Call ask_name; answer its form if it reaches us; the tool's result."""
        await self.send({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                         "params": {"name": "ask_name", "arguments": {}}})
        message = await self.receive()
        if message.get("method") == "elicitation/create":
            await self.send({"jsonrpc": "2.0", "id": message["id"],
                             "result": {"action": "accept", "content": {"name": "Ann", "age": 7}}})
            message = await self.receive()
        assert message["id"] == rid, message
        return message

    async def close(self) -> int:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), WAIT)
        finally:
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()
        assert self.proc.returncode is not None
        return self.proc.returncode


def _text(result: dict[str, Any]) -> str:
    return "".join(c.get("text", "") for c in result["result"]["content"])


async def test_a_sighup_with_a_stricter_file_denies_the_next_elicitation_of_a_live_stdio_session(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = tmp_path / "config.yaml", tmp_path / "audit.jsonl"
    _write(config, audit)
    proxy = await Stdio.start(child_env, config)
    try:
        await proxy.initialize()
        assert json.loads(_text(await proxy.ask_name(2))) == {"name": "Ann", "age": 7}
        _write(config, audit, STRICTER)
        proxy.proc.send_signal(signal.SIGHUP)
        await proxy.logged("config reloaded")
        # The same session, its next message: the form never reaches us, the server gets the refusal.
        refused = _text(await proxy.ask_name(3))
        assert refused.startswith(BLOCKED), refused
    finally:
        code = await proxy.close()
    assert code == 0, proxy.log
    records = _records(audit)
    [reloaded] = [r for r in records if r["event"] == "config.reloaded"]
    first = next(r for r in records if r["event"] == "audit.opened")
    assert reloaded["old_policy_version"] == first["policy_version"] != reloaded["policy_version"]
    assert reloaded["policy_version"] == load_config(str(config)).version
    [denied] = [r for r in records if r["event"] == "elicitation.denied"]
    assert [x["rule"] for x in denied["reasons"]] == ["team.no_names"]
    # Every line after the reload carries the new version, also those of the session that started before it.
    after = records[records.index(reloaded):]
    assert {r["policy_version"] for r in after} == {reloaded["policy_version"]}


async def test_a_reload_with_a_bad_file_keeps_the_old_policy_and_audits_config_rejected(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = tmp_path / "config.yaml", tmp_path / "audit.jsonl"
    _write(config, audit, STRICTER)
    proxy = await Stdio.start(child_env, config)
    try:
        await proxy.initialize()
        assert BLOCKED in _text(await proxy.ask_name(2))
        _write(config, audit, BROKEN + "# hunter2-in-a-comment\n")
        proxy.proc.send_signal(signal.SIGHUP)
        line = await proxy.logged("config reload rejected")
        assert "policy_version=" in line
        await proxy.logged("block_credential")  # check's own message: the key, and a hint
        # Still the stricter policy: the old one stays in force.
        assert BLOCKED in _text(await proxy.ask_name(3))
    finally:
        code = await proxy.close()
    assert code == 0, proxy.log
    records = _records(audit)
    [rejected] = [r for r in records if r["event"] == "config.rejected"]
    assert rejected["decision"] == "deny" and rejected["trigger"] == "SIGHUP"
    assert any("policy.form.block_credential" in p and "did you mean" in p for p in rejected["problems"])
    assert not [r for r in records if r["event"] == "config.reloaded"]
    # The running version stays on every line; nothing of the file's content reaches the audit.
    assert {r["policy_version"] for r in records} == {records[0]["policy_version"]}
    assert "hunter2" not in audit.read_text(encoding="utf-8")
    assert len([r for r in records if r["event"] == "elicitation.denied"]) == 2


async def test_reload_watch_applies_a_changed_file_without_a_signal(tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = tmp_path / "config.yaml", tmp_path / "audit.jsonl"
    watch = "reload:\n  watch: true\n  interval: 0.1\n"
    _write(config, audit, watch)
    proxy = await Stdio.start(child_env, config)
    try:
        await proxy.initialize()
        assert json.loads(_text(await proxy.ask_name(2))) == {"name": "Ann", "age": 7}
        _write(config, audit, watch + STRICTER)
        await proxy.logged("config reloaded")
        assert BLOCKED in _text(await proxy.ask_name(3))
    finally:
        code = await proxy.close()
    assert code == 0, proxy.log
    [reloaded] = [r for r in _records(audit) if r["event"] == "config.reloaded"]
    assert reloaded["trigger"] == "file changed"


async def test_keys_a_running_stdio_proxy_cannot_change_are_named_and_the_rest_applies(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config, audit = tmp_path / "config.yaml", tmp_path / "audit.jsonl"
    _write(config, audit)
    proxy = await Stdio.start(child_env, config)
    try:
        await proxy.initialize()
        # Another audit file and a stricter policy: the policy applies, the audit stays where it is.
        _write(config, tmp_path / "elsewhere.jsonl", STRICTER + "limits:\n  max_message_bytes: 4096\n")
        proxy.proc.send_signal(signal.SIGHUP)
        await proxy.logged("config reloaded")
        await proxy.logged("audit.path changed but cannot change in a running process")
        assert BLOCKED in _text(await proxy.ask_name(2))
    finally:
        code = await proxy.close()
    assert code == 0, proxy.log
    assert not (tmp_path / "elsewhere.jsonl").exists()
    [reloaded] = [r for r in _records(audit) if r["event"] == "config.reloaded"]
    assert reloaded["not_applied"] == ["audit.path", "limits.max_message_bytes"]


# ---- the rules, without processes -------------------------------------------------------------------------


def test_http_keeps_its_routes_upstreams_and_listener_and_takes_every_policy() -> None:
    old = load_config_text("listen: '127.0.0.1:1000'\nupstream: 'http://a/mcp'\n"
                           "servers:\n  gh:\n    upstream: 'http://gh/mcp'\n  wiki: {}\n")
    new = load_config_text("listen: '127.0.0.1:2000'\nupstream: 'http://b/mcp'\nmode: monitor\n"
                           "http:\n  allowed_hosts: [mcp.internal]\n  read_timeout: 5\n"
                           "servers:\n  gh:\n    upstream: 'http://other/mcp'\n    mode: enforce\n  new: {}\n")
    settled, not_applied = settle_http(old, new)
    assert not_applied == ["listen", "upstream", "http.read_timeout", "servers.gh.upstream",
                           "servers.wiki (removed)", "servers.new (added)"]
    assert (settled.listen, settled.upstream, settled.http.read_timeout) == ("127.0.0.1:1000", "http://a/mcp", 300.0)
    assert settled.http.allowed_hosts == ("mcp.internal",)  # read per request: applies
    assert settled.policy.mode == "monitor" and settled.version == new.version
    assert settled.servers["gh"].upstream == "http://gh/mcp" and settled.servers["gh"].policy.mode == "enforce"
    assert settled.servers["wiki"] is old.servers["wiki"] and "new" not in settled.servers


def test_a_stdio_proxy_started_with_a_name_rejects_a_file_without_that_server() -> None:
    old = load_config_text("servers:\n  gh: {}\n")
    new = load_config_text("servers:\n  gitlab: {}\n")
    from elicitguard.proxy.reload import Rejected

    with pytest.raises(Rejected, match="servers.gh is not in the new file"):
        settle_stdio(old, new, "gh")
    settled, not_applied = settle_stdio(old, new, None)  # by base name: the global policy, as at start
    assert not_applied == [] and "gitlab" in settled.servers


async def test_a_reload_without_a_config_file_is_rejected_and_changes_nothing(tmp_path: Path) -> None:
    audit = AuditLog(str(tmp_path / "audit.jsonl"))
    applied: list[Config] = []
    reloader = Reloader(None, Config(), audit, settle_http, applied.append, log=OpLog(fd=_devnull(tmp_path)))
    result = await reloader.reload()
    audit.close()
    assert result == Result(False, reloader.current, problems=result.problems) and not applied
    assert "no config file" in result.problems[0]
    assert [r["event"] for r in _records(tmp_path / "audit.jsonl")] == ["audit.opened", "config.rejected",
                                                                        "audit.closed"]


async def test_a_check_failure_beyond_the_file_itself_rejects_the_reload(tmp_path: Path) -> None:
    # What `check` refuses because the world around the file would fail at start (here: the CA bundle).
    path = tmp_path / "config.yaml"
    path.write_text("http:\n  ca_bundle: /nonexistent/ca.pem\n", encoding="utf-8")
    audit = AuditLog(str(tmp_path / "audit.jsonl"))
    reloader = Reloader(str(path), Config(), audit, settle_http, lambda _c: None, log=OpLog(fd=_devnull(tmp_path)))
    result = await reloader.reload()
    audit.close()
    assert not result.applied and result.problems[0].startswith("http.ca_bundle: cannot load")


def _devnull(tmp_path: Path) -> int:
    import os

    return os.open(tmp_path / "oplog.txt", os.O_WRONLY | os.O_CREAT | os.O_APPEND)


def test_the_mrtr_signing_key_and_round_bound_are_kept_and_named_as_not_applied() -> None:
    old = load_config_text("mrtr:\n  max_rounds: 3\n")
    new = load_config_text("mrtr:\n  state_key_file: /etc/elicitguard/mrtr.key\n  max_rounds: 5\nmode: monitor\n")
    settled, not_applied = settle_stdio(old, new, None)
    assert not_applied == ["mrtr.state_key_file", "mrtr.max_rounds"]
    assert (settled.mrtr_state_key_file, settled.mrtr_max_rounds) == (None, 3)
    assert settled.policy.mode == "monitor"
