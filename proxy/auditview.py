"""One audit record as one line for a person: the time, the decision, who, what and why.

Every value comes from the audit file, much of it chosen by a server, so each piece passes through
``printable`` (no escape sequence, carriage return or bidirectional override ever reaches the
terminal) and colour is added only around it, by us.
"""

from __future__ import annotations

from typing import Any

from elicitguard.proxy.auditread import OVERLONG, client_label, label, printable, reasons

RESET = "\x1b[0m"
STYLE = {"deny": "\x1b[1;31m", "would_deny": "\x1b[1;33m", "allow": "\x1b[32m"}
DIM = "\x1b[2m"
RULE = "\x1b[36m"

# Shown in their own places on the line, or not at all (the chain links are for audit-verify).
_PLACED = frozenset({"ts", "event", "decision", "session", "server", "client", "direction", "method", "request_id",
                     "mode", "reasons", "fields", "url_host", "seq", "prev", "hash", "policy_version"})
_LIFECYCLE = ("session.", "proxy.", "config.", "audit.")


def _paint(text: str, style: str, colour: bool) -> str:
    return f"{style}{text}{RESET}" if colour and style else text


def _show(value: Any) -> str:
    return printable(label(value) or "-")


def render(record: dict[str, Any], colour: bool = False) -> str:
    """``ts  DECISION  server  event  key=value ...  rule: detail; ...``."""
    decision = record.get("decision")
    event = label(record.get("event")) or "-"
    lifecycle = event.startswith(_LIFECYCLE)
    head = [
        _paint(_show(record.get("ts")), DIM, colour),
        _paint(f"{_show(decision).upper():<10}", "" if lifecycle else STYLE.get(str(decision), ""), colour),
        f'{_show(record.get("server")):<12}',
        _paint(f"{printable(event):<19}", DIM if lifecycle else "", colour),
    ]
    details: list[str] = []
    for key in ("mode", "method"):
        if record.get(key) is not None:
            details.append(_show(record[key]))
    if (host := record.get("url_host")) is not None:
        details.append(f"host={_show(host)}")
    fields = record.get("fields")
    if isinstance(fields, list) and fields:
        details.append("fields=" + ",".join(_show(name) for name in fields))
    if (client := client_label(record)) is not None:
        details.append(f"client={printable(client)}")
    for key in ("session", "request_id"):
        if record.get(key) is not None:
            details.append(f"{'id' if key == 'request_id' else key}={_show(record[key])}")
    for key, value in record.items():
        if key not in _PLACED and value is not None:
            details.append(f"{printable(label(key) or '')}={_show(value)}")
    why = "; ".join(_paint(printable(rule), RULE, colour) + (f": {printable(detail)}" if detail else "")
                    for rule, detail in reasons(record))
    return "  ".join(head + ([" ".join(details)] if details else []) + ([why] if why else []))


def render_unreadable(line: bytes, colour: bool = False) -> str:
    """A line that is not an audit record: say so, and show a safe prefix of it."""
    if line is OVERLONG:
        return _paint("(overlong line skipped)", DIM, colour)
    text = printable(line[:200].decode("utf-8", "replace"))
    return _paint(f"(not an audit record) {text}{'...' if len(line) > 200 else ''}", DIM, colour)


# ---- audit summary as text --------------------------------------------------------------------------------

NAME_WIDTH = 60


def _name(value: Any) -> str:
    text = printable("(none)" if value is None else str(value))
    return text if len(text) <= NAME_WIDTH else text[:NAME_WIDTH - 3] + "..."


def _table(headers: list[str], rows: list[list[str]], numeric: range) -> list[str]:
    """Columns padded to their widest cell; the ``numeric`` ones aligned right."""
    widths = [max([len(h), *(len(row[i]) for row in rows)]) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.rjust(w) if i in numeric else cell.ljust(w)
                         for i, (cell, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    return ["  " + line(headers), *("  " + line(row) for row in rows)]


def _chain(chain: dict[str, Any]) -> str:
    detail = f": {printable(str(chain['detail']))}" if chain.get("detail") else ""
    return f"{printable(str(chain['status']))}{detail} ({int(chain['records']):,} verified)"


def render_summary(data: dict[str, Any], top: int = 10) -> str:
    """``Summary.as_json()`` as plain text tables for a terminal or a mail."""
    out = [f"{int(data['records']):,} records in {len(data['files'])} file(s)"
           + (f", {int(data['unreadable']):,} unreadable line(s)" if data["unreadable"] else "")]
    out += ["", "Files"] + _table(
        ["FILE", "RECORDS", "UNREADABLE", "FIRST", "LAST", "CHAIN"],
        [[_name(f["path"]), f"{int(f['records']):,}", f"{int(f['unreadable']):,}", _name(f["first_ts"] or "-"),
          _name(f["last_ts"] or "-"), _chain(f["chain"])] for f in data["files"]], range(1, 3))
    decisions = [[_name(r["name"]), f"{int(r['total']):,}"] for r in data["decisions"]]
    out += ["", "Decisions"] + _table(["DECISION", "RECORDS"], decisions, range(1, 2))
    columns = ["TOTAL", "DENY", "WOULD_DENY", "ALLOW", "OTHER"]
    for key, title, noun in (("servers", "Servers", "SERVER"), ("rules", "Rules", "RULE"),
                             ("clients", "Clients", "CLIENT"), ("denied_hosts", "Denied URL hosts", "HOST")):
        rows = data[key]
        heading = title + (f" (top {top} of {len(rows)})" if len(rows) > top else "")
        if not rows:
            out += ["", title, "  (none)"]
            continue
        out += ["", heading] + _table(
            [noun, *columns],
            [[_name(r["name"]), *(f"{int(r[c.lower()]):,}" for c in columns)] for r in rows[:top]], range(1, 6))
    events = data["events"]
    out += ["", "Events" + (f" (top {top} of {len(events)})" if len(events) > top else "")] + _table(
        ["EVENT", "RECORDS"], [[_name(r["name"]), f"{int(r['total']):,}"] for r in events[:top]], range(1, 2))
    return "\n".join(out) + "\n"
