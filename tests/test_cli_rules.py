"""The command line for team rules and the response scan: ``check`` lists the rule ids a config uses,
``explain`` shows team rules and judges what a client sends (``--direction client``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import WAIT

CONFIG = """
policy:
  form:
    rules:
      - id: acme.badge
        terms: [badge code]
  response:
    detectors:
      response.high_entropy: false
servers:
  hr:
    policy:
      form:
        rules:
          - id: hr.salary
            terms: [salary]
"""
TOKEN = "ghp_" + "a1B2c3D4e5" * 3 + "f6G7h8"


def run(env: dict[str, str], *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", *args], input=stdin, check=False, capture_output=True,
                          text=True, timeout=WAIT, env=env)


def config(tmp_path: Path, text: str = CONFIG) -> str:
    path = tmp_path / "policy.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_lists_the_rule_ids_a_config_uses_per_scope(tmp_path: Path, child_env: dict[str, str]) -> None:
    done = run(child_env, "check", "--config", config(tmp_path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "    team: acme.badge" in lines and "    team: acme.badge, hr.salary" in lines
    assert any(line.startswith("    form: ") and "credential.password" in line and "payment.cvv" in line for line in lines)
    assert any(line.startswith("    response: ") and "response.known_token" in line and "high_entropy" not in line
               for line in lines)
    assert "    response, switched off: response.high_entropy" in lines


def test_check_rejects_a_team_regex_that_matches_everything_with_its_line(tmp_path: Path, child_env: dict[str, str]) -> None:
    bad = "policy:\n  form:\n    rules:\n      - id: x\n        patterns: ['(?i)[a-z]']\n"
    done = run(child_env, "check", "--config", config(tmp_path, bad))
    assert done.returncode == 2
    assert "policy.yaml:5:" in done.stderr and "matches everything" in done.stderr


def explain(env: dict[str, str], message: Any, *args: str) -> tuple[int, dict[str, Any]]:
    done = run(env, "explain", *args, "-", stdin=json.dumps(message))
    return done.returncode, json.loads(done.stdout)


def test_explain_names_a_team_rule(tmp_path: Path, child_env: dict[str, str]) -> None:
    form = {"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {
        "message": "Check-in", "requestedSchema": {"type": "object", "properties": {"x": {"type": "string", "title": "Badge code"}}}}}
    code, out = explain(child_env, form, "--config", config(tmp_path))
    assert code == 1 and [r["rule"] for r in out["reasons"]] == ["acme.badge"]


def test_explain_judges_what_the_client_sends_back(tmp_path: Path, child_env: dict[str, str]) -> None:
    answer = {"jsonrpc": "2.0", "id": 4, "result": {"action": "accept", "content": {"name": TOKEN}}}
    code, out = explain(child_env, answer, "--direction", "client")
    assert code == 1 and [(r["rule"], r["field"]) for r in out["reasons"]] == [("response.known_token", "name")]
    assert TOKEN not in json.dumps(out)
    answer["result"]["content"] = {"name": "Ada"}  # type: ignore[index]
    assert explain(child_env, answer, "--direction", "client") == (0, {"decision": "allow", "reasons": []})


def test_explain_judges_a_retry_with_input_responses(child_env: dict[str, str]) -> None:
    retry = {"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {
        "name": "t", "inputResponses": {"k": {"action": "accept", "content": {"card": "4111 1111 1111 1111"}}},
        "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}}
    code, out = explain(child_env, retry, "--direction", "client")
    assert code == 1 and [r["rule"] for r in out["reasons"]] == ["response.card_number"]
