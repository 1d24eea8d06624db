"""``check``, ``explain`` and the start of ``http`` as a team runs them: per-server policy, the
effective policy, what would fail at start, monitor decisions. Each runs ``python -m elicitguard``."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, WAIT
from test_cli import PASSWORD_FORM, URL_ELICITATION, run

SERVERS = """\
policy:
  url:
    deny_domains: [evil.example.com]
servers:
  github:
    upstream: "http://127.0.0.1:9001/mcp"
    policy:
      modes: [form]
      url:
        deny_domains: [gist.github.com]
  wiki:
    upstream: "http://127.0.0.1:9002/mcp"
    widen: [policy.url.allow_http]
    policy:
      url:
        allow_http: true
"""


def config_file(tmp_path: Path, text: str, name: str = "policy.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---- check ------------------------------------------------------------------------------------------------


def test_check_takes_the_config_as_a_plain_argument(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = config_file(tmp_path, SERVERS)
    done = run(child_env, "check", str(path))
    assert done.returncode == 0, done.stderr
    assert f"{path}: ok" in done.stdout


def test_check_refuses_two_different_configs(tmp_path: Path, child_env: dict[str, str]) -> None:
    a, b = config_file(tmp_path, "", "a.yaml"), config_file(tmp_path, "", "b.yaml")
    done = run(child_env, "check", "--config", str(a), str(b))
    assert done.returncode == 2
    assert "two configs" in done.stderr


def test_check_lists_what_each_server_widens_and_the_policy_version(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = config_file(tmp_path, SERVERS)
    done = run(child_env, "check", str(path))
    assert "servers.wiki widens: policy.url.allow_http" in done.stdout
    assert "servers.github widens" not in done.stdout
    assert f"policy_version {hashlib.sha256(path.read_bytes()).hexdigest()[:16]}" in done.stdout


def test_check_refuses_a_server_that_loosens_the_policy_without_widen(tmp_path: Path,
                                                                     child_env: dict[str, str]) -> None:
    path = config_file(tmp_path, SERVERS.replace("    widen: [policy.url.allow_http]\n", ""))
    done = run(child_env, "check", str(path))
    assert done.returncode == 2
    assert f"{path}:15: servers.wiki.policy.url.allow_http:" in done.stderr, done.stderr
    assert "servers.wiki.widen" in done.stderr


def test_check_effective_prints_every_servers_merged_policy(tmp_path: Path, child_env: dict[str, str]) -> None:
    done = run(child_env, "check", "--effective", str(config_file(tmp_path, SERVERS)))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["default"]["policy"]["url"]["deny_domains"] == ["evil.example.com"]
    github = out["servers"]["github"]
    assert github["policy"]["url"]["deny_domains"] == ["evil.example.com", "gist.github.com"]
    assert github["policy"]["modes"] == ["form"]
    assert github["upstream"] == "http://127.0.0.1:9001/mcp" and github["widened"] == []
    assert out["servers"]["wiki"]["widened"] == ["policy.url.allow_http"]
    assert out["servers"]["wiki"]["policy"]["url"]["allow_http"] is True
    assert len(out["policy_version"]) == 16


def test_check_effective_with_a_name_prints_that_server_only(tmp_path: Path, child_env: dict[str, str]) -> None:
    done = run(child_env, "check", "--effective", "--name", "github", str(config_file(tmp_path, SERVERS)))
    out = json.loads(done.stdout)
    assert out["server"] == "github" and "servers" not in out
    assert out["policy"]["url"]["deny_domains"] == ["evil.example.com", "gist.github.com"]


def test_check_with_an_unknown_name_exits_2(tmp_path: Path, child_env: dict[str, str]) -> None:
    done = run(child_env, "check", "--effective", "--name", "gihtub", str(config_file(tmp_path, SERVERS)))
    assert done.returncode == 2 and done.stdout == ""
    assert "did you mean 'github'" in done.stderr


def test_check_effective_on_the_defaults(child_env: dict[str, str], tmp_path: Path) -> None:
    done = run(child_env, "check", "--effective", cwd=tmp_path)
    out = json.loads(done.stdout)
    assert out["servers"] == {} and out["default"]["policy"]["limits"]["pending_timeout"] == 600


AT_START = [
    ("missing-ca-bundle", "http:\n  ca_bundle: {tmp}/absent.pem\n", "http.ca_bundle: cannot load"),
    ("ca-bundle-not-pem", "http:\n  ca_bundle: {tmp}/policy.yaml\n", "http.ca_bundle: cannot load"),
    ("audit-in-missing-dir", "audit:\n  path: {tmp}/nope/audit.jsonl\n", "does not exist"),
    ("audit-is-a-directory", "audit:\n  path: {tmp}\n", "is a directory"),
]


@pytest.mark.parametrize(("text", "words"), [pytest.param(t, w, id=i) for i, t, w in AT_START])
def test_check_fails_on_what_would_fail_at_start(tmp_path: Path, child_env: dict[str, str], text: str,
                                                 words: str) -> None:
    done = run(child_env, "check", str(config_file(tmp_path, text.format(tmp=tmp_path))))
    assert done.returncode == 2, done.stdout
    assert "would fail at start" in done.stderr and words in done.stderr, done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_check_fails_on_an_audit_file_it_cannot_write(tmp_path: Path, child_env: dict[str, str]) -> None:
    audit = tmp_path / "audit.jsonl"
    audit.write_text("", encoding="utf-8")
    audit.chmod(0o444)
    done = run(child_env, "check", str(config_file(tmp_path, f"audit:\n  path: {audit}\n")))
    assert done.returncode == 2 and "not writable" in done.stderr


def test_check_accepts_an_audit_file_it_can_create(tmp_path: Path, child_env: dict[str, str]) -> None:
    done = run(child_env, "check", str(config_file(tmp_path, f"audit:\n  path: {tmp_path}/audit.jsonl\n")))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "audit.jsonl").exists()


WARNINGS = [
    ("server-without-upstream", "servers:\n  a: {}\n", "servers.a has no upstream"),
    ("listen-beyond-loopback", "listen: \"0.0.0.0:8931\"\n", "beyond loopback, without http.allowed_hosts"),
    ("widen-without-effect", ("servers:\n  a:\n    upstream: \"http://127.0.0.1:9/mcp\"\n    mode: enforce\n"
                              "    widen: [mode]\n"), "does not loosen the global policy"),
]


@pytest.mark.parametrize(("text", "words"), [pytest.param(t, w, id=i) for i, t, w in WARNINGS])
def test_check_warns_but_accepts(tmp_path: Path, child_env: dict[str, str], text: str, words: str) -> None:
    done = run(child_env, "check", str(config_file(tmp_path, text)))
    assert done.returncode == 0, done.stderr
    assert "elicitguard: warning: " in done.stderr and words in done.stderr, done.stderr


def test_check_does_not_warn_about_a_listen_address_named_in_allowed_hosts(tmp_path: Path,
                                                                            child_env: dict[str, str]) -> None:
    done = run(child_env, "check", str(config_file(
        tmp_path, "listen: \"0.0.0.0:8931\"\nhttp:\n  allowed_hosts: [mcp.example.com]\n")))
    assert done.returncode == 0 and done.stderr == ""


# ---- explain ------------------------------------------------------------------------------------------------


def explain(child_env: dict[str, str], message: Any, *args: str) -> tuple[int, dict[str, Any], str]:
    done = run(child_env, "explain", *args, "-", stdin=json.dumps(message).encode())
    return done.returncode, (json.loads(done.stdout) if done.stdout else {}), done.stderr


def test_explain_with_a_name_judges_with_that_servers_policy(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = str(config_file(tmp_path, SERVERS))
    code, out, _ = explain(child_env, URL_ELICITATION, "--config", path)
    assert (code, out["decision"]) == (0, "allow")
    code, out, _ = explain(child_env, URL_ELICITATION, "--config", path, "--name", "github")
    assert (code, out["decision"]) == (1, "deny")
    assert [r["rule"] for r in out["reasons"]] == ["mode.disallowed"]


def test_explain_with_an_unknown_name_exits_2(tmp_path: Path, child_env: dict[str, str]) -> None:
    code, out, err = explain(child_env, URL_ELICITATION, "--config", str(config_file(tmp_path, SERVERS)),
                             "--name", "gh")
    assert code == 2 and out == {}
    assert "no server named 'gh'" in err


@pytest.mark.parametrize("text", ["mode: monitor\n", "policy:\n  rules:\n    credential.*: monitor\n"])
def test_explain_under_monitor_says_would_deny(tmp_path: Path, child_env: dict[str, str], text: str) -> None:
    code, out, _ = explain(child_env, PASSWORD_FORM, "--config", str(config_file(tmp_path, text)))
    assert out["decision"] == "would_deny"
    assert code == 1
    assert [r["rule"] for r in out["reasons"]] == ["credential.password"]
    assert out["judged"][0]["decision"] == "would_deny"


def test_explain_ignores_session_limits(tmp_path: Path, child_env: dict[str, str]) -> None:
    text = "policy:\n  require_client_request: true\n  limits:\n    max_pending: 1\n"
    code, out, _ = explain(child_env, URL_ELICITATION, "--config", str(config_file(tmp_path, text)))
    assert (code, out["decision"]) == (0, "allow")


# ---- http start -----------------------------------------------------------------------------------------------


def test_http_refuses_to_start_with_a_server_that_has_no_upstream(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = config_file(tmp_path, "servers:\n  a:\n    upstream: \"http://127.0.0.1:9/mcp\"\n  b: {}\n")
    done = run(child_env, "http", "--config", str(path), "--listen", "127.0.0.1:0")
    assert done.returncode == 2
    assert "servers.b has no upstream" in done.stderr


def test_http_refuses_to_start_with_a_missing_ca_bundle(tmp_path: Path, child_env: dict[str, str]) -> None:
    path = config_file(tmp_path, f"http:\n  ca_bundle: {tmp_path}/absent.pem\n")
    done = run(child_env, "http", "--config", str(path), "--listen", "127.0.0.1:0", "--upstream",
               "https://127.0.0.1:9/mcp")
    assert done.returncode == 2
    assert "http.ca_bundle: cannot load" in done.stderr and "Traceback" not in done.stderr


async def _stderr_until_listening(child_env: dict[str, str], *args: str) -> str:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "elicitguard", "http", *args, "--upstream", "http://127.0.0.1:9/mcp",
        stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE,
        env=child_env, cwd=ROOT)
    assert proc.stderr is not None
    lines: list[str] = []
    try:
        while not lines or "listening on" not in lines[-1]:
            line = await asyncio.wait_for(proc.stderr.readline(), WAIT)
            assert line, f"http exited before listening: {lines}"
            lines.append(line.decode())
        lines.append((await asyncio.wait_for(proc.stderr.readline(), WAIT)).decode())  # the proxy.start audit line
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), WAIT)
    return "".join(lines)


async def test_http_warns_when_listening_beyond_loopback_without_allowed_hosts(child_env: dict[str, str]) -> None:
    err = await _stderr_until_listening(child_env, "--listen", "0.0.0.0:0")
    assert "elicitguard: warning: listening on 0.0.0.0, beyond loopback, without http.allowed_hosts" in err


async def test_http_on_loopback_does_not_warn_and_audits_the_policy_version(child_env: dict[str, str]) -> None:
    from elicitguard.policies.config import DEFAULT_VERSION

    err = await _stderr_until_listening(child_env, "--listen", "127.0.0.1:0")
    assert "warning" not in err
    start = json.loads(err.splitlines()[-1])
    assert start["event"] == "proxy.start" and start["policy_version"] == DEFAULT_VERSION


def test_stdio_audit_lines_carry_the_version_of_the_built_in_defaults(child_env: dict[str, str]) -> None:
    from elicitguard.policies.config import DEFAULT_VERSION

    done = subprocess.run([sys.executable, "-m", "elicitguard", "stdio", "--", sys.executable, "-c", "pass"],
                          check=False, capture_output=True, text=True, timeout=WAIT, env=child_env, cwd=ROOT,
                          stdin=subprocess.DEVNULL)
    records = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    assert records and {r["policy_version"] for r in records} == {DEFAULT_VERSION}
