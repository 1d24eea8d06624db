"""``elicitguard demo``, end to end: real proxy processes (stdio and http), the built-in raw server and client.

The demo must report the proxy's own decisions: a different policy gives a different report.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import WAIT

from elicitguard.proxy.audit import verify
from elicitguard.proxy.demo.report import Judged, judged, scenario_number
from elicitguard.proxy.demo.scenarios import SCENARIOS

BLOCKED_BY_DEFAULT = {2: ["credential.password"], 3: ["payment.card_number", "payment.cvv"],
                      5: ["url.lookalike_host"], 6: ["url.userinfo"], 8: ["credential.token"]}


def demo(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", "demo", *map(str, args)], capture_output=True,
                          text=True, timeout=WAIT * 3, env=env, check=False)


def blocks(out: str) -> dict[int, str]:
    """The report's block per scenario, keyed by its number."""
    found: dict[int, str] = {}
    current: int | None = None
    for line in out.splitlines():
        head = re.match(r"^ ?(\d) {2}\S", line)
        if head:
            current = int(head.group(1))
            found[current] = ""
        elif not line.startswith("    "):
            current = None
        if current is not None:
            found[current] += line + "\n"
    return found


def verdict(block: str) -> str:
    return block.splitlines()[0].rsplit("  ", 1)[1].strip()


def test_the_demo_blocks_the_phishing_and_shows_the_rest_over_stdio_and_http(
        child_env: dict[str, str], tmp_path: Path) -> None:
    done = demo(child_env, "--audit-dir", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    report = blocks(done.stdout)
    assert sorted(report) == [s.number for s in SCENARIOS]
    for number, rules in BLOCKED_BY_DEFAULT.items():
        block = report[number]
        assert "BLOCKED" in verdict(block), block
        for rule in rules:
            assert f"why         {rule}: " in block, block
    for number in (1, 4, 7):
        assert verdict(report[number]) == "allowed"
    # What the user saw is what reached the client.
    assert 'user saw    form "How many people, and when?" [Party size, Date]' in report[1]
    assert "user saw    nothing" in report[2] and "Password" not in report[2].split("why")[0]
    assert "server got  error -32602 (rule credential.password)" in report[2]
    assert "https://github.com/login/oauth/authorize" in report[4]
    assert "calendar.example.com/oauth/authorize" in report[6] and "203.0.113.7" not in report[6].split("why")[0]
    assert verdict(report[6]) == "1 of 2 BLOCKED"
    assert "client got  error -32042 carrying 1 link(s)" in report[6]
    assert "server got  name: accept with name" in report[7]
    assert "client got  error -32602 (rule credential.token)" in report[8]
    assert "(shown for stdio; http decided the same)" in done.stdout
    # The audit lines follow, from both proxies, and the files they came from are intact chains.
    for transport in ("stdio", "http"):
        assert re.search(rf"audit log, {transport} \(hash chain intact, \d+ lines", done.stdout)
        lines = (tmp_path / f"{transport}-audit.jsonl").read_text(encoding="utf-8").splitlines()
        count, problem = verify(lines)
        assert problem is None and count == len(lines)
        records = [json.loads(line) for line in lines]
        denied = {r["reasons"][0]["rule"] for r in records if r["decision"] == "deny"}
        assert {rules[0] for rules in BLOCKED_BY_DEFAULT.values()} <= denied
        # Never a value the user typed (the scripted user types "demo" into every text field).
        assert not any('"demo"' in line or "content" in line for line in lines)
    printed = [line.strip() for line in done.stdout.splitlines() if line.startswith("  {")]
    assert any('"rule":"credential.password"' in line for line in printed)


def test_the_report_follows_the_policy_it_runs_with(child_env: dict[str, str], tmp_path: Path) -> None:
    # Credential blocking off, decline instead of error: the password form reaches the user, the
    # look-alike URL is still declined, and the 2026-07-28 round gets the proxy's decline on retry.
    config = tmp_path / "policy.yaml"
    config.write_text("on_deny: decline\npolicy:\n  form:\n    allow_fields: [password, card, cvc]\n", encoding="utf-8")
    done = demo(child_env, "--config", config, "--transport", "stdio")
    assert done.returncode == 0, done.stdout + done.stderr
    report = blocks(done.stdout)
    assert verdict(report[2]) == "allowed"
    assert 'user saw    form "Your session expired. Confirm your identity to continue." [Email, Password]' in report[2]
    assert "server got  accept with email, password" in report[2]
    assert verdict(report[5]) == "BLOCKED" and "server got  decline" in report[5]
    assert verdict(report[8]) == "1 of 2 BLOCKED"
    assert "server got  confirm: accept with ok, token: decline" in report[8]
    assert "http" not in done.stdout.split("\n\n")[0]


def test_in_monitor_mode_the_user_sees_everything_and_the_report_says_what_would_be_blocked(
        child_env: dict[str, str], tmp_path: Path) -> None:
    config = tmp_path / "monitor.yaml"
    config.write_text("mode: monitor\n", encoding="utf-8")
    done = demo(child_env, "--config", config, "--transport", "http")
    assert done.returncode == 0, done.stdout + done.stderr
    report = blocks(done.stdout)
    for number in BLOCKED_BY_DEFAULT:
        assert "WOULD BLOCK" in verdict(report[number])
        assert "user saw    nothing" not in report[number]
    assert '"decision":"would_deny"' in done.stdout


def test_a_bad_config_stops_the_demo_before_anything_runs(child_env: dict[str, str], tmp_path: Path) -> None:
    config = tmp_path / "bad.yaml"
    config.write_text("mode: monitr\n", encoding="utf-8")
    done = demo(child_env, "--config", config)
    assert done.returncode == 2 and "bad.yaml:1: mode" in done.stderr and done.stdout == ""


@pytest.mark.parametrize(("request_id", "number"), [
    (3, 3), (103, 3), ("elicit-5", 5), (0, None), ("elicit-x", None), (True, None), ("7", None), (None, None)])
def test_audit_records_are_matched_to_their_scenario_by_request_id(request_id: object, number: int | None) -> None:
    assert scenario_number({"request_id": request_id}) == number


def test_a_scenario_is_judged_by_the_worst_decision_the_proxy_audited_for_it() -> None:
    audit = [{"event": "elicitation.allowed", "decision": "allow", "request_id": 6},
             {"event": "elicitation.denied", "decision": "deny", "request_id": 6,
              "reasons": [{"rule": "url.userinfo", "detail": "d"}]},
             {"event": "elicitation.denied", "decision": "would_deny", "request_id": "elicit-2",
              "reasons": [{"rule": "credential.password", "detail": "p"}]},
             {"event": "elicitation.allowed", "decision": "allow", "request_id": "elicit-1"}]
    assert judged(audit, 6) == Judged("BLOCKED", (("url.userinfo", "d"),), allowed=1, denied=1)
    assert judged(audit, 2) == Judged("WOULD BLOCK", (("credential.password", "p"),), allowed=0, denied=1)
    assert judged(audit, 1) == Judged("allowed", (), allowed=1, denied=0)
    assert judged(audit, 4).verdict == "not judged"


def test_help_lists_the_demo_the_policy_tests_and_the_schema(child_env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "elicitguard", "--help"], capture_output=True, text=True,
                          timeout=WAIT, env=child_env, check=False)
    assert done.returncode == 0
    listed = re.findall(r"^ {4}(\w[\w-]*) ", done.stdout, re.M)
    assert {"demo", "test", "schema"} <= set(listed), listed
    assert "elicitguard demo\n" in done.stdout
    for command in ("demo", "test", "schema"):
        sub = subprocess.run([sys.executable, "-m", "elicitguard", command, "--help"], capture_output=True, text=True,
                             timeout=WAIT, env=child_env, check=False)
        assert sub.returncode == 0 and "usage: elicitguard " + command in sub.stdout


def test_the_report_fails_when_a_request_went_unanswered_or_a_proxy_failed() -> None:
    import io

    from elicitguard.proxy.demo.client import Record
    from elicitguard.proxy.demo.report import Run, render

    answered = [Record(s, result="got back: accept") for s in SCENARIOS]
    assert render([Run("stdio", answered, [], "f", "hash chain intact, 0 lines", [])], "p", io.StringIO(), False)
    unanswered = [Record(s) for s in SCENARIOS]  # "no answer"
    out = io.StringIO()
    assert not render([Run("stdio", unanswered, [], "f", "hash chain intact, 0 lines", [])], "p", out, False)
    assert "problem: no answer for scenario(s) [1, 2, 3, 4, 5, 6, 7, 8] over stdio" in out.getvalue()
    out = io.StringIO()
    assert not render([Run("http", answered, [], "f", "c", ["elicitguard http did not start"])], "p", out, False)
    assert "problem: elicitguard http did not start" in out.getvalue()


def test_the_demo_runs_the_users_policy_with_its_own_audit_file_and_no_admin_listener(tmp_path: Path) -> None:
    import yaml

    from elicitguard.proxy.commands.demo import _demo_config

    user = tmp_path / "policy.yaml"
    user.write_text("on_deny: decline\naudit:\n  path: /var/log/x.jsonl\nadmin:\n  listen: 127.0.0.1:9090\n"
                    "policy:\n  modes: [form]\n", encoding="utf-8")
    target = tmp_path / "demo.yaml"
    _demo_config(str(user), tmp_path / "audit.jsonl", target)
    written = yaml.safe_load(target.read_text(encoding="utf-8"))
    assert written == {"on_deny": "decline", "audit": {"path": str(tmp_path / "audit.jsonl")},
                       "policy": {"modes": ["form"]}}
