"""``elicitguard test``: run a team's policy test cases through the proxy's judge, like a test runner."""

from __future__ import annotations

import argparse
import os
import sys
import time
import xml.etree.ElementTree as ET
from typing import Any, TextIO

from elicitguard.policies.cases import Case, Result, load_cases, run_case
from elicitguard.policies.config import ConfigError
from elicitguard.proxy.commands import EXIT_DENY, EXIT_OK, EXIT_USAGE, add_config, config_path, load

DESCRIPTION = """\
Run policy test cases: each case is a message (or a form's fields, or a URL) with the decision the
policy must reach (expect: allow | deny), optionally the rule that must fire and the server whose
policy applies. Cases are judged offline by the proxy's own judge. Exit 0 when every case passes,
1 when any fails, 2 when a case file (or the config) is malformed.
"""

EPILOG = """\
case file:
  cases:
    - name: a password form is blocked
      form: {message: "Sign in", fields: {password: "Password"}}
      expect: deny
      rule: credential.password
    - name: the github server may send its users to github.com
      server: github
      url: https://github.com/login/device
      expect: allow
    - name: a raw message, for anything else
      client_modes: [form]
      message: {jsonrpc: "2.0", id: 1, method: elicitation/create, params: {mode: url, url: "https://x.example",
                message: "Open", elicitationId: "e1"}}
      expect: deny
      rule: mode.undeclared
"""


def register(sub: Any) -> None:
    test = sub.add_parser("test", help="run policy test cases (CASES.yaml): exit 0 all pass, 1 any fails, 2 malformed",
                          description=DESCRIPTION, epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_config(test)
    test.add_argument("-q", "--quiet", action="store_true", help="print only failures and the summary")
    test.add_argument("--junit-xml", metavar="FILE", help="also write the results as JUnit XML (for CI test reports)")
    test.add_argument("files", nargs="+", metavar="CASES.yaml", help="case files")
    test.set_defaults(handler=cmd_test)


class _Style:
    """Colour on a terminal (unless NO_COLOR is set), plain text elsewhere."""

    def __init__(self, stream: TextIO) -> None:
        self.on = stream.isatty() and not os.environ.get("NO_COLOR")

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.on else text


def _read_cases(files: list[str], servers: list[str]) -> list[tuple[str, list[Case]]]:
    loaded: list[tuple[str, list[Case]]] = []
    problems: list[str] = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}")
            continue
        try:
            loaded.append((path, load_cases(text, path, servers)))
        except ConfigError as exc:
            problems += exc.problems
    if problems:
        print("elicitguard: malformed case file:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)
    return loaded


def _expected(case: Case) -> str:
    return case.expect + (f" with rule {', '.join(case.rules)}" if case.rules else "")


def _actual(result: Result) -> str:
    if not result.rules:
        return result.decision
    return f"{result.decision} by {', '.join(dict.fromkeys(result.rules))}"


def cmd_test(args: argparse.Namespace) -> int:
    config = load(args.config)
    loaded = _read_cases(args.files, list(config.servers))
    style = _Style(sys.stdout)
    started = time.perf_counter()
    results: list[Result] = []
    source = config_path(args.config) or "built-in defaults"
    for path, cases in loaded:
        if not args.quiet:
            print(style(f"{path}", "1") + f" ({len(cases)} case(s), policy: {source})")
        for case in cases:
            result = run_case(case, config)
            results.append(result)
            if result.passed and args.quiet:
                continue
            mark = style("PASS", "32") if result.passed else style("FAIL", "31;1")
            print(f"  {mark}  {case.name}" + ("" if result.passed else f"  ({case.where})"))
            if not result.passed:
                server = f" [server {case.server}]" if case.server else ""
                print(f"        expected: {_expected(case)}{server}")
                print(f"        actual:   {_actual(result)}")
                for detail in dict.fromkeys(result.details):
                    print(f"                  - {detail}")
    elapsed = time.perf_counter() - started
    failed = sum(not r.passed for r in results)
    if args.junit_xml:
        _write_junit(args.junit_xml, results, elapsed)
    print()
    summary = f"{len(results) - failed} passed, {failed} failed"
    print(style(summary, "31;1" if failed else "32;1"))
    return EXIT_DENY if failed else EXIT_OK


def _write_junit(path: str, results: list[Result], elapsed: float) -> None:
    failed = sum(not r.passed for r in results)
    suite = ET.Element("testsuite", name="elicitguard policy", tests=str(len(results)), failures=str(failed),
                       errors="0", time=f"{elapsed:.3f}")
    for result in results:
        case = result.case
        element = ET.SubElement(suite, "testcase", classname=case.where.rpartition(":")[0], name=case.name)
        if not result.passed:
            failure = ET.SubElement(element, "failure", message=f"expected {_expected(case)}, got {_actual(result)}")
            failure.text = "\n".join([case.where, *result.details])
    try:
        ET.ElementTree(suite).write(path, encoding="utf-8", xml_declaration=True)
    except OSError as exc:
        print(f"elicitguard: cannot write {path}: {exc.strerror or exc}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None
