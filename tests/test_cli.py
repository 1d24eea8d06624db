"""The command line as a user runs it: ``python -m elicitguard ...`` in a subprocess, exit codes and output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import WAIT

GOOD_CONFIG = """\
mode: enforce
on_deny: error
audit:
  path: "-"
listen: "127.0.0.1:8931"
upstream: "http://127.0.0.1:9000/mcp"
policy:
  modes: [form, url]
  form:
    block_credentials: true
    allow_fields: []
  url:
    allow_domains: ["example.com", "*.example.org"]
    deny_domains: []
    allow_http: false
    allow_ports: [443]
servers: {}
"""

PASSWORD_FORM = {"jsonrpc": "2.0", "id": 7, "method": "elicitation/create",
                 "params": {"mode": "form", "message": "Log in to continue",
                            "requestedSchema": {"type": "object", "properties": {"password": {"type": "string"}},
                                                "required": ["password"]}}}
BENIGN_FORM = {"jsonrpc": "2.0", "id": 8, "method": "elicitation/create",
               "params": {"message": "Which size?",
                          "requestedSchema": {"type": "object",
                                              "properties": {"size": {"type": "string", "enum": ["S", "M", "L"]},
                                                             "count": {"type": "integer"}}}}}
URL_ELICITATION = {"jsonrpc": "2.0", "id": 9, "method": "elicitation/create",
                   "params": {"mode": "url", "message": "Connect your account",
                              "url": "https://auth.example.com/connect", "elicitationId": "e-9"}}


def url_required(*urls: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 10, "error": {
        "code": -32042, "message": "URL elicitations required",
        "data": {"elicitations": [{"mode": "url", "message": f"Authorize ({i})", "url": u, "elicitationId": f"auth-{i}"}
                                  for i, u in enumerate(urls, 1)]}}}


def run(child_env: dict[str, str], *args: str, stdin: bytes = b"", cwd: Path | None = None,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "elicitguard", *args], input=stdin.decode("utf-8", "surrogateescape"),
                          check=False, capture_output=True, text=True, timeout=WAIT, env=env or child_env, cwd=cwd)
    return done


def explain(child_env: dict[str, str], message: Any, *args: str) -> tuple[int, dict[str, Any]]:
    done = run(child_env, "explain", *args, "-", stdin=json.dumps(message).encode())
    return done.returncode, json.loads(done.stdout)


def rules(out: dict[str, Any]) -> list[str]:
    return [r["rule"] for r in out["reasons"]]


# ---- help ------------------------------------------------------------------------------------------


def test_top_level_help_exits_0_and_lists_every_subcommand(child_env: dict[str, str]) -> None:
    done = run(child_env, "--help")
    assert done.returncode == 0, done.stderr
    for command in ("stdio", "http", "check", "explain", "audit-verify"):
        assert command in done.stdout
    assert "ELICITGUARD_CONFIG" in done.stdout


@pytest.mark.parametrize(("command", "options"), [
    ("stdio", ["--config", "--name", "COMMAND"]),
    ("http", ["--config", "--listen", "--upstream"]),
    ("check", ["--config"]),
    ("explain", ["--config", "--client-modes", "FILE"]),
    ("audit-verify", ["FILE"]),
])
def test_each_subcommands_help_exits_0_and_mentions_its_options(
        child_env: dict[str, str], command: str, options: list[str]) -> None:
    done = run(child_env, command, "--help")
    assert done.returncode == 0, done.stderr
    assert f"elicitguard {command}" in done.stdout
    for option in options:
        assert option in done.stdout, option


# ---- check -----------------------------------------------------------------------------------------


def test_check_accepts_a_good_config_with_every_documented_key(tmp_path: Path, child_env: dict[str, str]) -> None:
    config = tmp_path / "good.yaml"
    config.write_text(GOOD_CONFIG, encoding="utf-8")
    done = run(child_env, "check", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert "ok" in done.stdout


def test_check_accepts_no_config_at_all(child_env: dict[str, str], tmp_path: Path) -> None:
    done = run(child_env, "check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("text", "key", "line"), [
    ("mode: enforce\npolicy:\n  form:\n    block_credentails: true\n", "policy.form.block_credentails", 4),
    ("mode: enforce\npolicy:\n  url:\n    allow_http: 1\n", "policy.url.allow_http", 4),
    ("on_deny: explode\n", "on_deny", 1),
    ("audit:\n  path: \"-\"\nmodee: monitor\n", "modee", 3),
    ("policy:\n  url:\n    allow_domains: ['*.com']\n", "policy.url.allow_domains", 3),
    ("policy:\n  modes: [form, telepathy]\n", "policy.modes", 2),
])
def test_check_rejects_a_bad_config_naming_the_key_and_the_line(
        tmp_path: Path, child_env: dict[str, str], text: str, key: str, line: int) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text(text, encoding="utf-8")
    done = run(child_env, "check", "--config", str(config))
    assert done.returncode == 2
    assert key in done.stderr
    assert f"{config}:{line}:" in done.stderr, done.stderr
    assert done.stdout == ""


def test_check_reports_a_bad_entry_of_a_block_list_at_the_entrys_own_line(
        tmp_path: Path, child_env: dict[str, str]) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("policy:\n  url:\n    allow_domains:\n      - ok.example.com\n      - docs.example.net\n"
                      "      - '*.github.io'\n", encoding="utf-8")
    done = run(child_env, "check", "--config", str(config))
    assert done.returncode == 2
    assert "policy.url.allow_domains" in done.stderr and "*.github.io" in done.stderr
    assert f"{config}:6:" in done.stderr, done.stderr


def test_check_reads_the_config_named_by_elicitguard_config(tmp_path: Path, child_env: dict[str, str]) -> None:
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text(GOOD_CONFIG, encoding="utf-8")
    bad.write_text("policy:\n  form:\n    alow_fields: []\n", encoding="utf-8")
    with_bad = dict(child_env, ELICITGUARD_CONFIG=str(bad))
    done = run(child_env, "check", env=with_bad)
    assert done.returncode == 2
    assert f"{bad}:3:" in done.stderr and "policy.form.alow_fields" in done.stderr
    done = run(child_env, "check", env=dict(child_env, ELICITGUARD_CONFIG=str(good)))
    assert done.returncode == 0, done.stderr
    assert str(good) in done.stdout
    # --config wins over the environment.
    done = run(child_env, "check", "--config", str(good), env=with_bad)
    assert done.returncode == 0, done.stderr


# ---- explain ---------------------------------------------------------------------------------------


def test_explain_denies_a_password_form_with_a_credential_rule(child_env: dict[str, str]) -> None:
    code, out = explain(child_env, PASSWORD_FORM)
    assert code == 1
    assert out["decision"] == "deny"
    assert "credential.password" in rules(out)
    assert all(isinstance(r["detail"], str) and r["detail"] for r in out["reasons"])


def test_explain_reads_a_message_file_as_well_as_stdin(tmp_path: Path, child_env: dict[str, str]) -> None:
    message = tmp_path / "msg.json"
    message.write_text(json.dumps(PASSWORD_FORM), encoding="utf-8")
    done = run(child_env, "explain", str(message))
    assert done.returncode == 1
    assert json.loads(done.stdout)["decision"] == "deny"


def test_explain_allows_a_benign_form(child_env: dict[str, str]) -> None:
    code, out = explain(child_env, BENIGN_FORM)
    assert code == 0
    assert out["decision"] == "allow"
    assert out["reasons"] == []


@pytest.mark.parametrize("raw", [b'{"jsonrpc":"2.0","id":1,"method":', b"",
                                 b'{"jsonrpc":"2.0","id":1,"method":"ping","method":"elicitation/create"}'])
def test_explain_exits_2_on_input_it_cannot_judge(child_env: dict[str, str], raw: bytes) -> None:
    done = run(child_env, "explain", "-", stdin=raw)
    assert done.returncode == 2


def test_explain_denies_url_mode_when_the_client_declared_only_form(child_env: dict[str, str]) -> None:
    code, out = explain(child_env, URL_ELICITATION, "--client-modes", "form")
    assert code == 1
    assert out["decision"] == "deny"
    assert "mode.undeclared" in rules(out)
    # The same message is fine for a client that declared url mode.
    code, out = explain(child_env, URL_ELICITATION, "--client-modes", "form,url")
    assert (code, out["decision"]) == (0, "allow")


def test_explain_judges_each_url_of_a_32042_error(child_env: dict[str, str]) -> None:
    code, out = explain(child_env, url_required("https://auth.example.com/oauth", "http://192.168.0.1/steal"))
    assert code == 1
    assert out["decision"] == "deny"
    assert rules(out) == ["url.scheme"]
    code, out = explain(child_env, url_required("https://auth.example.com/oauth"))
    assert (code, out["decision"], out["reasons"]) == (0, "allow", [])


def test_explain_rejects_an_unknown_client_mode(child_env: dict[str, str]) -> None:
    done = run(child_env, "explain", "--client-modes", "form,telepathy", "-", stdin=json.dumps(BENIGN_FORM).encode())
    assert done.returncode == 2
    assert "telepathy" in done.stderr


# ---- stdio and audit-verify ------------------------------------------------------------------------


@pytest.mark.parametrize("args", [["stdio"], ["stdio", "--"], ["stdio", "--name", "x"]])
def test_stdio_without_a_server_command_exits_2_with_a_helpful_message(
        child_env: dict[str, str], args: list[str]) -> None:
    done = run(child_env, *args)
    assert done.returncode == 2
    assert "stdio" in done.stderr and "--" in done.stderr and "server command" in done.stderr
    assert done.stdout == ""


def _audit_file(tmp_path: Path, child_env: dict[str, str], sessions: int = 1) -> Path:
    """A real audit log: short stdio sessions whose server exits at once, appending to one file."""
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "audit.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n", encoding="utf-8")
    for _ in range(sessions):
        done = run(child_env, "stdio", "--config", str(config), "--", sys.executable, "-c", "import sys; sys.exit(3)")
        assert done.returncode == 3, done.stderr
    lines = audit.read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["event"] for x in lines] == ["audit.opened", "session.start", "session.end",
                                                       "audit.closed"] * sessions
    return audit


def test_audit_verify_accepts_an_untouched_log(tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = _audit_file(tmp_path, child_env)
    done = run(child_env, "audit-verify", str(audit))
    assert done.returncode == 0, done.stdout + done.stderr


def test_audit_verify_fails_on_an_edited_line(tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = _audit_file(tmp_path, child_env)
    lines = audit.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    record["exit_status"] = 0
    lines[1] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    audit.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run(child_env, "audit-verify", str(audit))
    assert done.returncode == 1
    assert "line 2" in done.stdout


def test_audit_verify_fails_on_a_deleted_line(tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = _audit_file(tmp_path, child_env, sessions=2)  # the second session's chain links to the first
    lines = audit.read_text(encoding="utf-8").splitlines()
    assert run(child_env, "audit-verify", str(audit)).returncode == 0
    audit.write_text("\n".join(lines[:1] + lines[2:]) + "\n", encoding="utf-8")
    done = run(child_env, "audit-verify", str(audit))
    assert done.returncode == 1
