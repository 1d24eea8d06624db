"""``elicitguard test``: a team's policy cases, judged by the proxy's own judge, reported like a test run."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT, WAIT

from elicitguard.policies.cases import load_cases, run_case
from elicitguard.policies.config import ConfigError, load_config, load_config_text

EXAMPLE_CONFIG = ROOT / "config.example.yaml"
STARTER = ROOT / "policy-tests.example.yaml"


def run(env: dict[str, str], *args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", "test", *map(str, args)], capture_output=True,
                          text=True, timeout=WAIT, env=env, check=False)


def write(tmp_path: Path, text: str, name: str = "cases.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ---- the starter file and the exit codes -------------------------------------------------------------


def test_the_starter_cases_pass_against_the_example_config(child_env: dict[str, str]) -> None:
    done = run(child_env, "--config", EXAMPLE_CONFIG, STARTER)
    assert done.returncode == 0, done.stdout + done.stderr
    count = len(load_cases(STARTER.read_text(encoding="utf-8"), "s", ["github"]))
    assert count >= 20
    assert done.stdout.splitlines()[-1] == f"{count} passed, 0 failed"
    assert "FAIL" not in done.stdout


def test_turning_credential_blocking_off_fails_the_starter_cases_that_guard_against_phishing(
        child_env: dict[str, str], tmp_path: Path) -> None:
    # The CI story: a change to the policy that lets a known phishing form through turns the run red.
    weakened = EXAMPLE_CONFIG.read_text(encoding="utf-8").replace("block_credentials: true", "block_credentials: false")
    config = write(tmp_path, weakened, "weakened.yaml")
    done = run(child_env, "--config", config, STARTER)
    assert done.returncode == 1
    assert "FAIL  a login form asking for the password is blocked" in done.stdout
    assert "expected: deny with rule credential.password" in done.stdout
    assert "actual:   allow" in done.stdout
    assert "PASS  a shipping form is shown" in done.stdout
    failed = done.stdout.count("FAIL  ")
    assert done.stdout.splitlines()[-1].endswith(f", {failed} failed")


def test_a_failure_shows_the_case_where_it_is_and_both_decisions_with_their_rules(
        child_env: dict[str, str], tmp_path: Path) -> None:
    cases = write(tmp_path, """\
cases:
  - name: the link is fine
    url: http://docs.example.com/start
    expect: allow
  - name: the form is blocked for its pin
    form: {fields: {password: Password}}
    expect: deny
    rule: payment.pin
""")
    done = run(child_env, cases)
    assert done.returncode == 1
    out = done.stdout
    assert f"FAIL  the link is fine  ({cases}:2)" in out
    assert "expected: allow" in out and "actual:   deny by url.scheme" in out
    assert f"FAIL  the form is blocked for its pin  ({cases}:5)" in out
    assert "expected: deny with rule payment.pin" in out and "actual:   deny by credential.password" in out
    assert out.splitlines()[-1] == "0 passed, 2 failed"


def test_quiet_prints_only_failures_and_the_summary(child_env: dict[str, str], tmp_path: Path) -> None:
    cases = write(tmp_path, "cases:\n  - {name: ok, url: 'https://a.example.com', expect: allow}\n"
                            "  - {name: bad, url: 'https://a.example.com', expect: deny}\n")
    done = run(child_env, "-q", cases)
    assert done.returncode == 1
    assert "PASS" not in done.stdout and "FAIL  bad" in done.stdout
    assert done.stdout.splitlines()[-1] == "1 passed, 1 failed"


def test_junit_xml_lists_every_case_and_each_failure(child_env: dict[str, str], tmp_path: Path) -> None:
    cases = write(tmp_path, "cases:\n  - {name: ok, url: 'https://a.example.com', expect: allow}\n"
                            "  - {name: bad, url: 'https://a.example.com', expect: deny}\n")
    report = tmp_path / "report.xml"
    done = run(child_env, "--junit-xml", report, cases)
    assert done.returncode == 1
    suite = ET.parse(report).getroot()
    assert suite.tag == "testsuite" and suite.get("tests") == "2" and suite.get("failures") == "1"
    failures = {c.get("name"): c.find("failure") for c in suite.iter("testcase")}
    assert failures["ok"] is None
    failure = failures["bad"]
    assert failure is not None and failure.get("message") == "expected deny, got allow"


def test_several_files_run_together_and_any_failure_fails_the_run(child_env: dict[str, str], tmp_path: Path) -> None:
    good = write(tmp_path, "cases:\n  - {name: ok, url: 'https://a.example.com', expect: allow}\n", "a.yaml")
    bad = write(tmp_path, "cases:\n  - {name: nope, url: 'https://a.example.com', expect: deny}\n", "b.yaml")
    assert run(child_env, good, good.with_name("a.yaml")).returncode == 0
    done = run(child_env, good, bad)
    assert done.returncode == 1 and done.stdout.splitlines()[-1] == "1 passed, 1 failed"


# ---- malformed case files: exit 2, file and line ---------------------------------------------------------


MALFORMED = [
    ("cases:\n  - name: a\n    url: https://a.example\n    expect: allow\n    expcet: deny\n", 5,
     "cases[1].expcet: unknown key (did you mean 'expect'?)"),
    ("cases:\n  - name: a\n    url: 443\n    expect: allow\n", 3, "cases[1].url: expected a URL"),
    ("cases:\n  - name: a\n    url: https://a.example\n    expect: maybe\n", 4, "cases[1].expect: expected allow | deny"),
    ("cases:\n  - name: a\n    url: https://a.example\n", 2, "cases[1]: missing 'expect'"),
    ("cases:\n  - name: a\n    expect: deny\n", 2, "needs exactly one of message, form, url (found: none)"),
    ("cases:\n  - name: a\n    url: https://a.example\n    form: {fields: {a: A}}\n    expect: deny\n", 2,
     "(found: form, url)"),
    ("cases:\n  - name: a\n    url: https://a.example\n    server: gihtub\n    expect: deny\n", 4,
     "cases[1].server: unknown server 'gihtub' (servers: github)"),
    ("cases:\n  - {name: a, url: 'https://a.example.com', expect: allow}\n  - {name: a, url: 'https://b.example.com', "
     "expect: allow}\n", 3, "duplicate case name 'a' (first at line 2)"),
    ("cases:\n  - name: a\n    url: https://a.example\n    expect: allow\n    rule: url.scheme\n", 5,
     "a rule is only expected of a denial"),
    ("cases:\n  - name: a\n    url: https://a.example\n    expect: allow\n    client_modes: [form, fax]\n", 5,
     "cases[1].client_modes: expected a list of modes"),
    ("cases:\n  - name: a\n    message: {id: 2024-01-01}\n    expect: deny\n", 3, "a YAML date"),
    ("cases:\n  - name: a\n    form: {fields: {}}\n    expect: deny\n", 3, "expected 'fields:' naming at least one field"),
    ("cases:\n  - name: a\n    name: b\n    url: https://a.example\n    expect: allow\n", 3, "cases[1].name: duplicate key"),
    ("cases:\n  - name: !!python/name:os.system a\n    url: https://a.example\n    expect: allow\n", 2,
     "cannot read this value"),
    ("cases:\n  - name: !env NAME\n    url: https://a.example\n    expect: allow\n", 2, "YAML tag '!env' is not allowed"),
    ("cases:\n  - &c {name: a, url: 'https://a.example.com', expect: allow}\n  - {<<: *c, name: b}\n", 3, "merge"),
    ("cases: []\n", 1, "expected a non-empty list of cases"),
    ("case:\n  - {name: a, url: 'https://a.example.com', expect: allow}\n", 1, "case: unknown key"),
    ("cases:\n  - just a string\n", 2, "cases[1]: expected a mapping of keys"),
    ("cases:\n  - {name: a, url: 'https://a.example.com', expect: allow\n", 3, "not valid YAML"),
]


@pytest.mark.parametrize(("text", "line", "message"), MALFORMED, ids=[m for _, _, m in MALFORMED])
def test_a_malformed_case_file_is_refused_with_its_line(text: str, line: int, message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        load_cases(text, "cases.yaml", ["github"])
    assert any(p.startswith(f"cases.yaml:{line}: ") and message in p for p in raised.value.problems), \
        raised.value.problems


def test_a_malformed_file_exits_2_before_any_case_runs(child_env: dict[str, str], tmp_path: Path) -> None:
    good = write(tmp_path, "cases:\n  - {name: ok, url: 'https://a.example.com', expect: allow}\n", "good.yaml")
    bad = write(tmp_path, "cases:\n  - {name: a, url: 'https://a.example.com', expect: allow, servr: x}\n", "bad.yaml")
    done = run(child_env, good, bad)
    assert done.returncode == 2
    assert f"{bad}:2: cases[1].servr: unknown key (did you mean 'server'?)" in done.stderr
    assert "passed" not in done.stdout
    missing = run(child_env, tmp_path / "nope.yaml")
    assert missing.returncode == 2 and "nope.yaml: cannot read" in missing.stderr


def test_an_empty_file_and_an_invalid_config_exit_2(child_env: dict[str, str], tmp_path: Path) -> None:
    empty = write(tmp_path, "", "empty.yaml")
    assert run(child_env, empty).returncode == 2
    good = write(tmp_path, "cases:\n  - {name: ok, url: 'https://a.example.com', expect: allow}\n", "good.yaml")
    config = write(tmp_path, "mode: enforced\n", "config.yaml")
    done = run(child_env, "--config", config, good)
    assert done.returncode == 2 and "config.yaml:1: mode" in done.stderr


# ---- what a case means -------------------------------------------------------------------------------------


def judge(text: str, config: str = "") -> list[tuple[str, str, tuple[str, ...], bool]]:
    loaded = load_config_text(config, "c.yaml")
    return [(r.case.name, r.decision, r.rules, r.passed)
            for r in (run_case(case, loaded) for case in load_cases(text, "t.yaml", list(loaded.servers)))]


def test_a_form_shorthand_judges_its_titles_like_a_real_form() -> None:
    results = judge("""\
cases:
  - {name: title, form: {fields: {k: Your API key}}, expect: deny, rule: credential.api_key}
  - {name: schema, form: {fields: {n: {type: integer, title: Party size}}}, expect: allow}
  - {name: bad schema, form: {fields: {n: {type: object}}}, expect: deny}
""")
    assert [(name, passed) for name, _, _, passed in results] == [("title", True), ("schema", True), ("bad schema", True)]


def test_a_case_for_a_server_is_judged_with_that_servers_policy() -> None:
    config = "servers:\n  corp:\n    policy:\n      url:\n        allow_domains: [corp.example.com]\n"
    cases = """\
cases:
  - {name: global, url: 'https://elsewhere.example.net/x', expect: allow}
  - {name: corp, server: corp, url: 'https://elsewhere.example.net/x', expect: deny, rule: url.not_allowed_domain}
  - {name: corp own, server: corp, url: 'https://corp.example.com/x', expect: allow}
"""
    assert all(passed for *_, passed in judge(cases, config))


def test_client_modes_are_what_the_client_declared() -> None:
    results = judge("""\
cases:
  - {name: none, client_modes: [], form: {fields: {a: Name}}, expect: deny, rule: mode.undeclared}
  - {name: form only, client_modes: [form], url: 'https://a.example.com', expect: deny, rule: mode.undeclared}
  - {name: default is both, url: 'https://a.example.com', expect: allow}
""")
    assert all(passed for *_, passed in results), results


def test_every_listed_rule_must_fire() -> None:
    results = judge("""\
cases:
  - {name: both, form: {fields: {card: Card number, cvv: CVV}}, expect: deny, rule: [payment.card_number, payment.cvv]}
  - {name: one missing, form: {fields: {card: Card number}}, expect: deny, rule: [payment.card_number, payment.cvv]}
""")
    assert [passed for *_, passed in results] == [True, False]


def test_a_message_given_as_json_text_is_judged_byte_for_byte() -> None:
    escaped = '{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"mode":"form","message":"x",' \
              '"requestedSchema":{"type":"object","properties":{"p\\u0061ssword":{"type":"string"}}}}}'
    results = judge(f"cases:\n  - name: escaped\n    message: '{escaped}'\n    expect: deny\n"
                    f"  - name: dup\n    message: '{{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"result\":{{}}}}'\n"
                    f"    expect: deny\n    rule: envelope.duplicate_key\n")
    assert results[0][1:3] == ("deny", ("credential.password",))
    assert results[1][3]


def test_monitor_mode_still_reports_what_the_rules_decide() -> None:
    results = judge("cases:\n  - {name: pw, form: {fields: {password: Password}}, expect: deny, rule: credential.password}\n",
                    "mode: monitor\n")
    assert results == [("pw", "deny", ("credential.password",), True)]


def test_the_starter_file_names_only_servers_of_the_example_config() -> None:
    servers = list(load_config(str(EXAMPLE_CONFIG)).servers)
    load_cases(STARTER.read_text(encoding="utf-8"), str(STARTER), servers)
