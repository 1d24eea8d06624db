"""Turning what the demo client saw and what the proxy audited into text for a person."""

from __future__ import annotations

import json
import os
import shutil
import textwrap
from dataclasses import dataclass
from typing import Any, TextIO

from elicitguard.proxy.demo.client import Record, Shown
from elicitguard.proxy.demo.scenarios import ELICIT, INPUT_REQUIRED, RETRY_OFFSET

# Audit keys the printed lines leave out (they are in the file): time, chain links, and repeats.
OMITTED = ("ts", "seq", "prev", "hash", "session", "client", "direction", "policy_version", "peer")


@dataclass
class Run:
    """One transport's results: what the client recorded and what the proxy audited."""

    transport: str
    records: list[Record]
    audit: list[dict[str, Any]]
    audit_file: str
    chain: str  # what audit-verify says about the file
    problems: list[str]


@dataclass(frozen=True)
class Judged:
    """The proxy's word on one scenario, from its audit log."""

    verdict: str  # allowed | BLOCKED | WOULD BLOCK | not judged
    reasons: tuple[tuple[str, str], ...]  # (rule, detail)
    allowed: int = 0  # elicitations the proxy let through
    denied: int = 0  # ... and those it blocked (or would have, in monitor mode)


def scenario_number(record: dict[str, Any]) -> int | None:
    """Which scenario an audit record is about: by the id of the tools/call, its retry or the elicitation."""
    request_id = record.get("request_id")
    if isinstance(request_id, bool):
        return None
    if isinstance(request_id, int) and request_id > 0:
        return request_id - RETRY_OFFSET if request_id > RETRY_OFFSET else request_id
    if isinstance(request_id, str) and request_id.startswith("elicit-") and request_id[7:].isdigit():
        return int(request_id[7:])
    return None


def judged(audit: list[dict[str, Any]], number: int) -> Judged:
    mine = [r for r in audit if scenario_number(r) == number]
    reasons: dict[tuple[str, str], None] = {}
    decisions = [str(r.get("decision")) for r in mine]
    for record in mine:
        if record.get("decision") in ("deny", "would_deny"):
            for reason in record.get("reasons") or []:
                if isinstance(reason, dict):
                    reasons[(str(reason.get("rule")), str(reason.get("detail", "")))] = None
    elicitations = [r for r in mine if str(r.get("event", "")).startswith("elicitation.")]
    allowed = sum(r.get("decision") == "allow" for r in elicitations)
    denied = len(elicitations) - allowed
    if "deny" in decisions:
        verdict = "BLOCKED"
    elif "would_deny" in decisions:
        verdict = "WOULD BLOCK"
    else:
        verdict = "allowed" if elicitations else "not judged"
    return Judged(verdict, tuple(reasons), allowed, denied)


def describe_shown(shown: Shown) -> str:
    if shown.mode == "url":
        return f'link "{shown.message}" -> {shown.url}'
    return f'form "{shown.message}" [{", ".join(shown.fields)}]'


class Style:
    """ANSI colour when enabled."""

    def __init__(self, on: bool) -> None:
        self.on = on

    def __call__(self, text: str, code: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.on else text


def render_scenario(record: Record, verdict: Judged, style: Style, width: int) -> list[str]:
    scenario = record.scenario
    colour = {"allowed": "32", "BLOCKED": "31;1", "WOULD BLOCK": "33;1"}.get(verdict.verdict, "2")
    label = verdict.verdict
    if verdict.denied and verdict.allowed and record.shown:
        # Some elicitations of one message went through, some did not.
        label = f"{verdict.denied} of {verdict.allowed + verdict.denied} {verdict.verdict}"
    head = f"{scenario.number:>2}  {scenario.label}"
    lines = [f"{head}{' ' * max(2, width - len(head) - len(label))}{style(label, colour)}"]

    def field(label: str, text: str) -> None:
        wrapped = textwrap.wrap(text, width=max(30, width - 16), break_on_hyphens=False) or [""]
        lines.append(f"    {label:<12}{wrapped[0]}")
        lines.extend(f"    {'':<12}{more}" for more in wrapped[1:])

    if record.shown:
        for shown in record.shown:
            field("user saw", describe_shown(shown))
    else:
        field("user saw", style("nothing", "2"))
    for rule, detail in verdict.reasons:
        field("why", f"{rule}: {detail}")
    if scenario.kind in (ELICIT, INPUT_REQUIRED) and record.result.startswith("got back: "):
        field("server got", record.result.removeprefix("got back: "))
    else:
        field("client got", record.result)
    return lines


def same(a: Record, b: Record, va: Judged, vb: Judged) -> bool:
    return (va.verdict, {r for r, _ in va.reasons}, len(a.shown)) == (vb.verdict, {r for r, _ in vb.reasons}, len(b.shown))


def audit_line(record: dict[str, Any]) -> str:
    """One audit record as printed: the real line, less the keys in OMITTED and empty values."""
    shown = {k: v for k, v in record.items() if k not in OMITTED and v not in (None, [], {})}
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":"))


PATHS = {
    "stdio": "client -> elicitguard stdio -> demo server (a child process); a 2025-11-25 session, then a 2026-07-28 client",
    "http": "client -> elicitguard http -> demo server (Streamable HTTP; elicitations on SSE streams)",
}


def render(runs: list[Run], policy: str, out: TextIO, kept: bool) -> bool:
    """Print the demo's findings; False when something went wrong (a missing answer, a proxy error)."""
    style = Style(out.isatty() and not os.environ.get("NO_COLOR"))
    width = min(shutil.get_terminal_size((100, 24)).columns, 110)

    def say(text: str = "") -> None:
        print(text, file=out)

    say(style("elicitguard demo", "1") + ": a misbehaving MCP server, through the real proxy, to a scripted client")
    say(f"policy: {policy}")
    for run in runs:
        say(f"{run.transport}: {PATHS[run.transport]}")
    say()
    first = runs[0]
    for record in first.records:
        for line in render_scenario(record, judged(first.audit, record.scenario.number), style, width):
            say(line)
        for other in runs[1:]:
            match = next((r for r in other.records if r.scenario.number == record.scenario.number), None)
            if match is None:
                say(f"    {style(f'{other.transport}: not run', '31;1')}")
                continue
            mine = judged(first.audit, record.scenario.number)
            theirs = judged(other.audit, record.scenario.number)
            if not same(record, match, mine, theirs):
                say(f"    {style(f'differs over {other.transport}:', '33;1')}")
                for line in render_scenario(match, theirs, style, width - 4):
                    say("    " + line)
    if len(runs) > 1:
        say()
        say(f"(shown for {first.transport}; " + ", ".join(
            f"{r.transport} decided the same" if all(
                same(a, b, judged(first.audit, a.scenario.number), judged(r.audit, b.scenario.number))
                for a, b in zip(first.records, r.records)) and len(r.records) == len(first.records)
            else f"{r.transport} differed where marked" for r in runs[1:]) + ")")
    ok = True
    for run in runs:
        say()
        where = f" in {run.audit_file}" if kept else ""
        say(style(f"audit log, {run.transport}", "1") + f" ({run.chain}; ts, seq, prev and hash left out here{where}):")
        for entry in run.audit:
            say("  " + audit_line(entry))
        for problem in run.problems:
            ok = False
            say(style(f"problem: {problem}", "31;1"))
        missing = [r.scenario.number for r in run.records if r.result.startswith("no answer")]
        if missing or len(run.records) == 0:
            ok = False
            say(style(f"problem: no answer for scenario(s) {missing or 'any'} over {run.transport}", "31;1"))
    say()
    say("Next: wrap a real server the same way, e.g.  elicitguard stdio -- npx -y @modelcontextprotocol/server-everything")
    say("      or try your own policy here:            elicitguard demo --config policy.yaml")
    return ok
