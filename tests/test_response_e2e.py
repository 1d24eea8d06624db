"""End to end through a real ``python -m elicitguard stdio`` with the official SDK client and server:
a secret typed into an innocent field never reaches the server, and a team rule blocks a form under
its own id, in both protocol eras."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from conftest import ROOT, WAIT, SdkOutcomes
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

PY_SERVER = "tests/peers/py_server.py"
TOKEN = "ghp_" + "Zk3Lq9Xw2Pm7Rt5Vb8Nc" + "4Hd6Jf1Gs0Ya"


@dataclass
class Run(SdkOutcomes):
    outcomes: dict[str, Any] = field(default_factory=dict)
    callbacks: list[tuple[str, Any]] = field(default_factory=list)
    notifications: list[Any] = field(default_factory=list)
    audit_lines: list[str] = field(default_factory=list)

    def audit(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.audit_lines]


async def _drive(mode: str, config: Path, run: Run, answer: dict[str, Any]) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.pop("ELICITGUARD_CONFIG", None)

    async def on_elicit(_context: Any, params: Any) -> types.ElicitResult:
        run.callbacks.append(("ask_name", params))
        return types.ElicitResult(action="accept", content=dict(answer))

    async def on_message(message: Any) -> None:
        run.notifications.append(message)

    server = StdioServerParameters(
        command=sys.executable,
        args=["-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable, PY_SERVER, "stdio"],
        env=env, cwd=str(ROOT))
    with anyio.fail_after(WAIT):
        async with Client(server, mode=mode, elicitation_callback=on_elicit, message_handler=on_message) as client:
            try:
                run.outcomes["ask_name"] = await client.call_tool("ask_name", {})
            except MCPError as exc:
                run.outcomes["ask_name"] = exc


def session(tmp_path: Path, mode: str, policy: str, answer: dict[str, Any]) -> Run:
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n{policy}", encoding="utf-8")
    run = Run()
    anyio.run(_drive, mode, config, run, answer)
    run.audit_lines = audit.read_text(encoding="utf-8").splitlines()
    return run


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_token_typed_into_the_name_field_reaches_the_server_as_a_decline(tmp_path: Path, mode: str) -> None:
    run = session(tmp_path, mode, "on_deny: decline\n", {"name": TOKEN, "age": 36})
    [params] = run.called_for("ask_name")  # the form itself was innocent: the user saw it
    assert set(params.requested_schema["properties"]) == {"name", "age"}
    # The tool saw a decline, never the token (it echoes accepted content back).
    assert run.text("ask_name") == "action=decline"
    withheld = [r for r in run.audit() if r["event"] == "response.withheld"]
    assert len(withheld) == 1 and withheld[0]["reasons"][0]["rule"] == "response.known_token"
    assert withheld[0]["reasons"][0]["field"] == "name"
    assert all(TOKEN not in line for line in run.audit_lines)


def test_over_stdio_the_client_is_told_why_in_a_fixed_sentence(tmp_path: Path) -> None:
    run = session(tmp_path, "legacy", "on_deny: decline\n", {"name": TOKEN, "age": 36})
    notices = [n for n in run.notifications if isinstance(n, types.LoggingMessageNotification)
               and n.params.logger == "elicitguard"]
    assert len(notices) == 1 and notices[0].params.data["rule"] == "response.known_token"
    assert TOKEN not in json.dumps(notices[0].params.data)


def test_with_on_deny_error_the_server_gets_an_error_and_never_the_token(tmp_path: Path) -> None:
    run = session(tmp_path, "legacy", "", {"name": TOKEN, "age": 36})
    text = run.text("ask_name")
    assert text.startswith("error: MCPError: Blocked by elicitguard:") and TOKEN not in text


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_an_ordinary_answer_round_trips(tmp_path: Path, mode: str) -> None:
    run = session(tmp_path, mode, "", {"name": "Ada", "age": 36})
    assert json.loads(run.text("ask_name")) == {"name": "Ada", "age": 36}


TEAM = "policy:\n  form:\n    rules:\n      - id: acme.no_ages\n        fields: [Age]\n"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_a_team_rule_blocks_a_form_end_to_end_under_its_id(tmp_path: Path, mode: str) -> None:
    run = session(tmp_path, mode, TEAM, {"name": "Ada", "age": 36})
    assert run.called_for("ask_name") == []
    if mode == "legacy":
        assert run.text("ask_name").startswith("error: MCPError: Blocked by elicitguard:")
    else:
        error = run.outcomes["ask_name"]
        assert isinstance(error, MCPError) and error.data["rule"] == "acme.no_ages"
    denied = [r for r in run.audit() if r["event"] == "elicitation.denied"]
    assert [x["rule"] for r in denied for x in r["reasons"]] == ["acme.no_ages"]
