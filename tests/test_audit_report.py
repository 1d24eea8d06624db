"""``elicitguard audit report``: one self-contained page whose numbers are ``audit summary``'s.

The page is checked three ways: as markup (nothing that could fetch or run, every hostile string
escaped), read back through its ``data-`` attributes against ``audit summary --json``, and rendered
by headless Chromium (a screenshot that is not blank, and the DOM Chromium built).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
import pytest
from auditgen import chain, write_day
from conftest import ROOT, WAIT
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from pngread import colours

from elicitguard.proxy.auditread import printable
from elicitguard.proxy.auditreport import CSS, render
from elicitguard.proxy.auditsummary import summarise
from elicitguard.proxy.auditsvg import COLOURS


def cli(child_env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "elicitguard", "audit", *args], check=False, capture_output=True,
                          text=True, timeout=WAIT, env=child_env, encoding="utf-8")


class Page(HTMLParser):
    """Every tag with its attributes, the text, and the rows of each data-section table."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.style = ""
        self._in_style = False
        self.sections: dict[str, list[dict[str, str | None]]] = {}
        self._section: str | None = None
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        self._in_style = tag == "style"
        if tag == "table" and attributes.get("data-section"):
            self._section = attributes["data-section"]
            self.sections[self._section or ""] = []
        elif tag == "tr" and self._section and any(k.startswith("data-") for k in attributes):
            self.sections[self._section].append(attributes)

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._section = None
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.style += data
        else:
            self.text.append(data)

    def all(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.tags if name == tag]


COLUMNS = ("total", "deny", "would_deny", "allow", "other")


def shown_name(name: str | None) -> str | None:
    """Names are shown with control and reordering characters as visible escapes."""
    return None if name is None else printable(name)


def assert_page_matches_summary(page: Page, data: dict[str, Any], top: int) -> None:
    """Every number the page shows is the summary's, row for row."""
    for key in ("rules", "servers", "clients", "denied_hosts"):
        shown = page.sections.get(key, [])
        expected = data[key][:top]
        assert len(shown) == len(expected), key
        for attrs, row in zip(shown, expected, strict=True):
            assert attrs.get("data-name") == shown_name(row["name"]), key
            for column in COLUMNS:
                assert int(attrs[f"data-{column.replace('_', '-')}"] or "") == row[column], (key, row["name"], column)
    events = page.sections["events"]
    assert [(a.get("data-name"), int(a["data-total"] or "")) for a in events] == \
        [(shown_name(r["name"]), r["total"]) for r in data["events"][:top]]
    files = page.sections["files"]
    assert [(a["data-path"], int(a["data-records"] or ""), int(a["data-unreadable"] or ""), a["data-chain-status"],
             int(a["data-chain-records"] or "")) for a in files] == \
        [(printable(f["path"]), f["records"], f["unreadable"], f["chain"]["status"], f["chain"]["records"])
         for f in data["files"]]
    cards = {a["data-total"]: int(a["data-count"] or "") for a in page.all("div") if a.get("data-total")}
    decisions = {row["name"]: row["total"] for row in data["decisions"]}
    assert cards == {"records": data["records"], "deny": decisions.get("deny", 0),
                     "would_deny": decisions.get("would_deny", 0), "allow": decisions.get("allow", 0)}
    buckets = [a for a in page.all("g") if a.get("data-start")]
    assert [(a["data-start"], *(int(a[f"data-{c.replace('_', '-')}"] or "") for c in COLUMNS)) for a in buckets] == \
        [(b["start"], *(b[c] for c in COLUMNS)) for b in data["timeline"]["buckets"]]
    (timeline,) = [a for a in page.all("section") if a.get("id") == "timeline"]
    assert int(timeline["data-bucket-seconds"] or "") == data["timeline"]["bucket_seconds"]


# ---- the page as markup ---------------------------------------------------------------------------------

# What the page may contain: nothing that loads, embeds, links or runs anything.
ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "main", "header", "footer", "section", "h1", "h2",
                "p", "div", "span", "table", "thead", "tbody", "tr", "th", "td", "svg", "g", "rect", "line", "text"}


def assert_self_contained(markup: str) -> Page:
    page = Page(markup)
    assert {tag for tag, _ in page.tags} <= ALLOWED_TAGS
    for tag, attrs in page.tags:
        for name in attrs:
            assert not name.startswith("on"), (tag, name)
            assert name not in ("src", "href", "xlink:href", "srcset", "action", "formaction", "poster", "style"), \
                (tag, name)
    assert "url(" not in page.style and "@import" not in page.style
    (csp,) = [a["content"] for a in page.all("meta") if a.get("http-equiv") == "Content-Security-Policy"]
    assert csp is not None and "default-src 'none'" in csp
    digest = base64.b64encode(hashlib.sha256(page.style.encode("utf-8")).digest()).decode()
    assert f"style-src 'sha256-{digest}'" in csp  # the only style allowed is the one in the page
    return page


def test_the_page_loads_nothing_and_runs_nothing(tmp_path: Path) -> None:
    path = write_day(tmp_path / "audit.jsonl", 3000)
    data = summarise([str(path)])
    page = assert_self_contained(render(data))
    assert page.style.strip() == CSS.strip()
    assert len(page.all("svg")) > 10  # the timeline and a bar per row


def test_the_pages_numbers_are_the_summarys(tmp_path: Path) -> None:
    paths = [str(write_day(tmp_path / "a.jsonl", 3000, seed=1)), str(write_day(tmp_path / "b.jsonl", 500, seed=2))]
    data = summarise(paths)
    assert_page_matches_summary(Page(render(data, top=15)), data, 15)


HOSTILE = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(2)>',
    "'><svg onload=alert(3)>",
    "</style><script>alert(4)</script>",
    "</title><base href=//evil.example/>",
    "<a href=javascript:alert(5)>x</a>",
    "&lt;b&gt; &amp; \x1b[31m\u202e",
]


def hostile_file(path: Path) -> Path:
    records = [{"ts": "2025-06-02T10:00:00Z", "event": f"elicitation.denied{bad}", "decision": "deny",
                "server": f"srv{bad}", "client": {"name": f"cli{bad}", "version": bad}, "url_host": f"host{bad}",
                "reasons": [{"rule": f"rule{bad}", "detail": bad}]} for bad in HOSTILE]
    path.write_text("".join(line + "\n" for line in chain(records)), encoding="utf-8")
    return path


def test_hostile_names_from_the_audit_are_text_in_the_page_never_markup(tmp_path: Path) -> None:
    odd_dir = tmp_path / '<b onmouseover="alert(6)">dir&amp;'
    odd_dir.mkdir()
    path = hostile_file(odd_dir / "audit<script>.jsonl")
    data = summarise([str(path)])
    markup = render(data, title='<script>alert("title")</script>')
    page = assert_self_contained(markup)
    text = "".join(page.text)
    for bad in HOSTILE[:-1]:
        for prefix in ("srv", "rule", "host", "elicitation.denied", "cli"):
            assert prefix + bad in text, prefix + bad  # shown to the reader, as text
    assert '<script>alert("title")</script>' in text
    assert "\x1b" not in markup and "\u202e" not in markup  # control and reordering characters are escaped too
    assert "&amp;lt;b&amp;gt;" in markup  # an entity in the log stays the characters it was
    assert_page_matches_summary(page, data, 15)


def test_a_chain_problem_is_called_out_at_the_top(tmp_path: Path) -> None:
    good = write_day(tmp_path / "good.jsonl", 50, seed=1)
    bad = write_day(tmp_path / "bad.jsonl", 50, seed=2)
    lines = bad.read_text(encoding="utf-8").splitlines()
    del lines[20]
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    page = Page(render(summarise([str(good), str(bad)])))
    (alert,) = [a for a in page.all("p") if a.get("data-chain-problems")]
    assert alert["data-chain-problems"] == "1"
    assert [a["data-chain-status"] for a in page.sections["files"]] == ["intact", "broken"]
    assert any("sequence gap" in t or "chain broken" in t for t in page.text)


def test_a_chain_status_the_report_does_not_know_yet_shows_as_it_is(tmp_path: Path) -> None:
    data = summarise([str(write_day(tmp_path / "a.jsonl", 20))])
    data["files"][0]["chain"] = {"status": "open", "records": 20, "detail": "no closing record"}
    page = Page(render(data))
    badges = [a for a in page.all("span") if "status" in (a.get("class") or "")]
    assert [b.get("class") for b in badges] == ["status open"]
    assert "open" in page.text and "no closing record" in " ".join(page.text)
    assert [a for a in page.all("p") if a.get("data-chain-problems")]  # not intact: said so


def test_an_empty_file_gives_a_page_that_says_there_is_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    page = assert_self_contained(render(summarise([str(path)])))
    assert "No timestamped records." in page.text


# ---- the command ----------------------------------------------------------------------------------------


def test_report_writes_the_page_and_says_where(child_env: dict[str, str], tmp_path: Path) -> None:
    path = write_day(tmp_path / "audit.jsonl", 1000)
    out = tmp_path / "report.html"
    done = cli(child_env, "report", str(path), "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert f"wrote {out}: 1,000 records from 1 file(s)" in done.stderr
    assert_self_contained(out.read_text(encoding="utf-8"))
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".report-")] == []


def test_report_to_stdout(child_env: dict[str, str], tmp_path: Path) -> None:
    done = cli(child_env, "report", str(write_day(tmp_path / "audit.jsonl", 100)), "-o", "-")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("case", ["missing input", "unwritable output"])
def test_report_exits_2_on_a_file_it_cannot_read_or_write(child_env: dict[str, str], tmp_path: Path,
                                                          case: str) -> None:
    good = str(write_day(tmp_path / "audit.jsonl", 10))
    if case == "missing input":
        done = cli(child_env, "report", good, str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "r.html"))
    else:
        done = cli(child_env, "report", good, "-o", str(tmp_path / "no" / "such" / "dir" / "r.html"))
    assert done.returncode == 2
    assert "elicitguard: cannot" in done.stderr
    assert not (tmp_path / "r.html").exists()


def test_audit_without_a_subcommand_prints_its_help_and_exits_2(child_env: dict[str, str]) -> None:
    done = cli(child_env)
    assert done.returncode == 2
    assert "tail" in done.stderr and "summary" in done.stderr and "report" in done.stderr


def test_summary_json_on_the_command_line_is_the_summary(child_env: dict[str, str], tmp_path: Path) -> None:
    path = str(write_day(tmp_path / "audit.jsonl", 500))
    done = cli(child_env, "summary", "--json", path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == summarise([path])
    text = cli(child_env, "summary", path)
    assert text.returncode == 0 and "500 records in 1 file(s)" in text.stdout


# ---- rendered by Chromium -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    if os.environ.get("CI"):
        pytest.fail("chromium is not installed: .ci/run installs Debian's chromium package, CI must have it")
    pytest.skip("chromium is not installed here (apt-get install -y chromium); CI installs it and runs this test")


def run_chromium(chromium: str, profile: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """Debian's Chromium, headless, with nothing of its own reaching out to the network."""
    return subprocess.run(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *args],
        check=False, capture_output=True, timeout=WAIT * 2)


def test_chromium_renders_the_report_and_its_numbers_are_audit_summarys(
        chromium: str, child_env: dict[str, str], tmp_path: Path) -> None:
    paths = [str(write_day(tmp_path / "monday.jsonl", 4000, seed=1)),
             str(write_day(tmp_path / "tuesday.jsonl", 2500, seed=2))]
    report = tmp_path / "report.html"
    done = cli(child_env, "report", *paths, "-o", str(report))
    assert done.returncode == 0, done.stderr
    summary = cli(child_env, "summary", "--json", *paths)
    assert summary.returncode == 0, summary.stderr
    data = json.loads(summary.stdout)

    shot = tmp_path / "report.png"
    shown = run_chromium(chromium, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1100,1800",
                         report.as_uri())
    assert shot.exists(), shown.stderr.decode(errors="replace")[-2000:]
    counts = colours(shot.read_bytes())
    pixels = sum(counts.values())
    assert pixels == 1100 * 1800
    white = counts.get((255, 255, 255), 0)
    assert white < pixels * 0.97, "the screenshot is blank"
    assert len(counts) > 50  # text, charts and borders, not one flat colour
    for name in ("deny", "would_deny", "allow"):  # the charts were drawn, in their colours
        rgb = tuple(int(COLOURS[name][i:i + 2], 16) for i in (1, 3, 5))
        assert counts.get(rgb, 0) > 200, name  # type: ignore[call-overload]

    dom = run_chromium(chromium, tmp_path / "profile", "--dump-dom", report.as_uri())
    assert dom.returncode == 0, dom.stderr.decode(errors="replace")[-2000:]
    page = Page(dom.stdout.decode("utf-8"))
    assert_page_matches_summary(page, data, 15)
    assert "<script" not in dom.stdout.decode("utf-8")


def test_chromium_shows_hostile_names_as_text(chromium: str, tmp_path: Path) -> None:
    path = hostile_file(tmp_path / "audit.jsonl")
    report = tmp_path / "report.html"
    report.write_text(render(summarise([str(path)])), encoding="utf-8")
    dom = run_chromium(chromium, tmp_path / "profile", "--dump-dom", report.as_uri())
    page = Page(dom.stdout.decode("utf-8"))
    assert {tag for tag, _ in page.tags} <= ALLOWED_TAGS  # no element came out of a name
    assert "srv<script>alert(1)</script>" in "".join(page.text)


# ---- an audit written by the real proxy -----------------------------------------------------------------


async def _sdk_session(env: dict[str, str], config: Path) -> None:
    async def on_elicit(_context: Any, params: Any) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"name": "x", "age": 1}
                                  if params.mode != "url" else None)

    server = StdioServerParameters(
        command=sys.executable, args=["-m", "elicitguard", "stdio", "--config", str(config), "--", sys.executable,
                                      "tests/peers/py_server.py", "stdio"], env=env, cwd=str(ROOT))
    with anyio.fail_after(WAIT * 2):
        async with Client(server, mode="legacy", elicitation_callback=on_elicit) as client:
            for tool, args in (("ask_password", {}), ("ask_name", {}),
                               ("open_link", {"url": "https://192.0.2.7/connect"})):
                with contextlib.suppress(MCPError):  # the blocked ones: the audit is what is looked at
                    await client.call_tool(tool, args)


def test_the_audit_of_a_real_sdk_session_through_the_proxy_is_summarised(child_env: dict[str, str],
                                                                         tmp_path: Path) -> None:
    audit = tmp_path / "audit.jsonl"
    config = tmp_path / "config.yaml"
    config.write_text(f"audit:\n  path: {json.dumps(str(audit))}\n", encoding="utf-8")
    anyio.run(_sdk_session, child_env, config)
    done = cli(child_env, "summary", "--json", str(audit))
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["files"][0]["chain"]["status"] == "intact"
    assert data["unreadable"] == 0
    rules = {row["name"]: row for row in data["rules"]}
    assert rules["credential.password"]["deny"] == 1
    assert rules["url.ip_literal"]["deny"] == 1
    assert [row["name"] for row in data["denied_hosts"]] == ["192.0.2.7"]
    tail = cli(child_env, "tail", "-n", "all", "--decision", "deny", str(audit))
    assert re.search(r"DENY .* elicitation\.denied .* credential\.password", tail.stdout), tail.stdout
