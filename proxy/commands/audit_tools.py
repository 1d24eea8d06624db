"""``elicitguard audit tail|summary|report``: the audit log for people and for SIEMs.

``audit-verify`` (in ``auditing``) checks a chain; these read what the chain holds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from elicitguard.proxy.commands import EXIT_OK, EXIT_USAGE, fail

FORMATS = ("text", "json", "ecs", "ocsf")


def register(sub: Any) -> None:
    audit = sub.add_parser("audit", help="read audit logs: tail, summary, report",
                           description="Read elicitguard audit logs (JSON lines). Every name shown comes "
                                       "from the log and is escaped for the terminal or the page.")
    audit.set_defaults(handler=lambda _args: _usage(audit))
    tools = audit.add_subparsers(dest="audit_command", metavar="SUBCOMMAND")

    tail = tools.add_parser("tail", help="show audit records for a person; -f follows the file",
                            description="Show the last records of an audit file, one line each (colour on a "
                                        "terminal), filtered; -f keeps following it across rotation and truncation.")
    tail.add_argument("file", metavar="FILE")
    tail.add_argument("-f", "--follow", action="store_true", help="keep reading as the file grows (like tail -F)")
    tail.add_argument("-n", "--lines", type=_count, default=10, metavar="N",
                      help="show the last N matching records first (default 10; 0 for none, 'all' for all)")
    tail.add_argument("--decision", action="append", default=[], metavar="D",
                      help="only these decisions: allow, deny, would_deny (repeat or comma-separate)")
    tail.add_argument("--server", action="append", default=[], metavar="GLOB", help="only these servers (glob)")
    tail.add_argument("--rule", action="append", default=[], metavar="GLOB",
                      help="only records with a matching rule, e.g. 'credential.*' (glob)")
    tail.add_argument("--event", action="append", default=[], metavar="GLOB",
                      help="only these events, e.g. 'elicitation.*' (glob)")
    tail.add_argument("--format", choices=FORMATS, default="text",
                      help="text for people; json as logged; ecs or ocsf mapped for a SIEM (one JSON object a line)")
    tail.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                      help="colour the text format (auto: on a terminal, unless NO_COLOR is set)")
    tail.add_argument("--interval", type=float, default=0.25, metavar="SECONDS",
                      help="how often -f looks for new lines (default 0.25)")
    tail.set_defaults(handler=cmd_tail)

    summary = tools.add_parser("summary", help="count records by decision, server, rule, client and URL host",
                               description="Count the records of one or more audit files by decision, event, "
                                           "server, rule, client and denied URL host, with each file's chain status.")
    summary.add_argument("files", nargs="+", metavar="FILE")
    summary.add_argument("--json", action="store_true", help="print the counts as JSON (every row, for machines)")
    summary.add_argument("--top", type=_count, default=10, metavar="N", help="rows per table in text (default 10)")
    summary.set_defaults(handler=cmd_summary)

    report = tools.add_parser("report", help="write one self-contained HTML page about audit files",
                              description="Write one self-contained HTML page (no script, nothing fetched when "
                                          "viewed): decisions over time, top rules, servers and clients, denied "
                                          "URL hosts, and each file's chain status. Numbers equal audit summary's.")
    report.add_argument("files", nargs="+", metavar="FILE")
    report.add_argument("-o", "--output", required=True, metavar="OUT.html",
                        help="where to write the page ('-': stdout)")
    report.add_argument("--top", type=_count, default=15, metavar="N", help="rows per table (default 15)")
    report.add_argument("--title", default="elicitguard audit report", help="the page's heading")
    report.set_defaults(handler=cmd_report)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE


def _count(text: str) -> int:
    if text == "all":
        return sys.maxsize
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a count: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"not a count: {text!r}")
    return value


def _split(values: list[str]) -> tuple[str, ...]:
    return tuple(part.strip() for value in values for part in value.split(",") if part.strip())


def _colour(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def _quiet_pipe(run: Callable[[], int]) -> int:
    """``... | head`` closes the pipe early: that is not an error."""
    try:
        return run()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK


def _readable(paths: list[str]) -> None:
    for path in paths:
        try:
            with open(path, "rb"):
                pass
        except OSError as exc:
            fail(f"cannot read {path}: {exc.strerror or exc}")


def cmd_tail(args: argparse.Namespace) -> int:
    from elicitguard.proxy.auditread import Filter, Follower, follow, iter_lines

    decisions = _split(args.decision)
    unknown = sorted(set(decisions) - {"allow", "deny", "would_deny"})
    if unknown:
        fail(f"unknown decision {unknown[0]!r} (allow, deny, would_deny)")
    keep = Filter(frozenset(decisions), _split(args.server), _split(args.rule), _split(args.event))
    filtered = bool(decisions or args.server or args.rule or args.event)
    show = _shower(keep, filtered, args.format, _colour(args.color))
    _readable([args.file])

    def run() -> int:
        if not args.follow:
            with open(args.file, "rb") as handle:
                _show_last(args.lines, (show(line) for line in iter_lines(handle)))
            return EXIT_OK
        follower = Follower(args.file)
        try:
            _show_last(args.lines, (show(line) for batch in iter(follower.poll, []) for line in batch))
            follow(follower, lambda lines: _write(text for line in lines if (text := show(line)) is not None),
                   lambda: time.sleep(args.interval))
        except KeyboardInterrupt:
            return EXIT_OK
        finally:
            follower.close()
        return EXIT_OK

    return _quiet_pipe(run)


def _show_last(wanted: int, texts: Iterator[str | None]) -> None:
    """Print the last ``wanted`` texts (all of them, streamed, for 'all')."""
    shown = (text for text in texts if text is not None)
    if wanted == sys.maxsize:
        for text in shown:
            sys.stdout.write(text + "\n")
        sys.stdout.flush()
    elif wanted:
        _write(deque(shown, maxlen=wanted))
    else:
        deque(shown, maxlen=0)  # read to the end all the same: -f follows from there


def _write(texts: Iterable[str]) -> None:
    for text in texts:
        sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _shower(keep: Callable[[dict[str, Any]], bool], filtered: bool, fmt: str,
            colour: bool) -> Callable[[bytes], str | None]:
    """The function that turns one line into what ``tail`` prints for it (None: nothing)."""
    from elicitguard.proxy.auditmap import to_ecs, to_ocsf
    from elicitguard.proxy.auditread import parse
    from elicitguard.proxy.auditview import render, render_unreadable

    def dumps(value: Any) -> str:
        # ensure_ascii: no raw control or bidirectional character reaches the terminal, even in JSON.
        return json.dumps(value, ensure_ascii=True, separators=(",", ":"), default=str)

    mapped: dict[str, Callable[[dict[str, Any]], str]] = {
        "text": lambda record: render(record, colour),
        "json": dumps,
        "ecs": lambda record: dumps(to_ecs(record)),
        "ocsf": lambda record: dumps(to_ocsf(record)),
    }
    out = mapped[fmt]

    def show(line: bytes) -> str | None:
        if not line.strip():
            return None
        record = parse(line)
        if record is None:
            return render_unreadable(line, colour) if fmt == "text" and not filtered else None
        return out(record) if keep(record) else None

    return show


def cmd_summary(args: argparse.Namespace) -> int:
    from elicitguard.proxy.auditsummary import summarise
    from elicitguard.proxy.auditview import render_summary

    _readable(args.files)
    data = summarise(args.files)

    def run() -> int:
        if args.json:
            sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=True) + "\n")
        else:
            sys.stdout.write(render_summary(data, args.top))
        sys.stdout.flush()
        return EXIT_OK

    return _quiet_pipe(run)


def _print_page(page: str) -> int:
    sys.stdout.write(page)
    sys.stdout.flush()
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    from elicitguard.proxy.auditreport import render
    from elicitguard.proxy.auditsummary import summarise

    _readable(args.files)
    data = summarise(args.files)
    page = render(data, title=args.title, top=args.top)
    if args.output == "-":
        return _quiet_pipe(lambda: _print_page(page))
    target = os.path.abspath(args.output)
    temp = None
    try:  # a reader never sees half a page: write beside it, then rename over
        fd, temp = tempfile.mkstemp(prefix=".report-", suffix=".html", dir=os.path.dirname(target))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(page)
        os.chmod(temp, 0o644)
        os.replace(temp, target)
    except OSError as exc:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)
        fail(f"cannot write {args.output}: {exc.strerror or exc}")
    problems = sum(1 for item in data["files"] if item["chain"]["status"] != "intact")
    print(f"elicitguard: wrote {args.output}: {data['records']:,} records from {len(data['files'])} file(s)"
          + (f"; {problems} file(s) not intact" if problems else ""), file=sys.stderr)
    return EXIT_OK
