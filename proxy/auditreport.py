"""``audit report``: one self-contained HTML page drawn from ``Summary.as_json()``.

Self-contained means nothing is fetched when the page is viewed: no script, font, image or
stylesheet from anywhere, and a Content-Security-Policy (``default-src 'none'``, the one inline
stylesheet allowed by its hash) so that not even a string that slipped through escaping could make
the browser fetch or run anything. Every string from the audit goes through ``esc``. Each number is
also in a ``data-`` attribute, so a program (the tests) can read the page back.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from elicitguard import __version__
from elicitguard.proxy.auditsvg import STACK, bar, esc, legend, timeline

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff;margin:0}
main{max-width:1040px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
.meta{color:#57606a;margin:0}
.cards{display:flex;gap:12px;flex-wrap:wrap;margin-top:16px}
.card{border:1px solid #d0d7de;border-radius:6px;padding:10px 16px;min-width:140px}
.card .n{font-size:26px;font-weight:600;display:block}
.card.deny .n{color:#cf222e}.card.would_deny .n{color:#9a6700}.card.allow .n{color:#0969da}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eaeef2;vertical-align:middle}
th{font-weight:600;color:#57606a;font-size:12px;text-transform:uppercase}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.name{overflow-wrap:anywhere;max-width:360px}td.ts{white-space:nowrap}
.status{display:inline-block;padding:1px 8px;border-radius:10px;font-weight:600;background:#fff8c5;color:#7d4e00}
.status.intact{background:#dafbe1;color:#116329}.status.broken,.status.unreadable{background:#ffebe9;color:#a40e26}
.alert{border:1px solid #ff8182;background:#ffebe9;border-radius:6px;padding:8px 12px;margin-top:16px}
.legend .key{margin-right:16px}.empty,.more{color:#57606a}
footer{color:#57606a;margin-top:40px;font-size:12px}
"""

_CSP = "default-src 'none'; style-src 'sha256-{}'; img-src data:; base-uri 'none'; form-action 'none'"

_SECTIONS = (("rules", "Top rules", "rule"), ("servers", "Top servers", "server"),
             ("clients", "Top clients", "client"), ("denied_hosts", "Denied URL hosts", "host"))


def _n(value: Any) -> str:
    return f"{int(value):,}"


def _counts(row: dict[str, Any]) -> str:
    return " ".join(f'data-{column.replace("_", "-")}="{int(row.get(column, 0))}"' for column in ("total", *STACK))


def _name_attr(name: Any) -> str:
    return "" if name is None else f' data-name="{esc(name)}"'


def _breakdown(key: str, title: str, noun: str, rows: list[dict[str, Any]], top: int) -> str:
    head = (f'<section id="{key.replace("_", "-")}"><h2>{esc(title)}</h2>')
    if not rows:
        return head + f'<p class="empty">No {esc(noun)}s in these files.</p></section>'
    shown, rest = rows[:top], rows[top:]
    scale = max(int(row["total"]) for row in shown)
    cells = "".join(f'<th class="num">{esc(column)}</th>' for column in ("total", *STACK))
    body = "".join(
        f'<tr{_name_attr(row["name"])} {_counts(row)}><td class="name">{esc(row["name"] or "(none)")}</td>'
        f'<td>{bar(row, scale)}</td>'
        + "".join(f'<td class="num">{_n(row.get(column, 0))}</td>' for column in ("total", *STACK))
        + "</tr>" for row in shown)
    more = ""
    if rest:
        more = (f'<p class="more" data-more-rows="{len(rest)}">and {len(rest):,} more {esc(noun)}s '
                f'({_n(sum(int(r["total"]) for r in rest))} records)</p>')
    return (head + f'<table data-section="{esc(key)}"><thead><tr><th>{esc(noun)}</th><th></th>{cells}</tr></thead>'
            f'<tbody>{body}</tbody></table>{more}</section>')


def _events(rows: list[dict[str, Any]], top: int) -> str:
    more = f'<p class="more" data-more-rows="{len(rows) - top}">and {len(rows) - top:,} more events</p>' \
        if len(rows) > top else ""
    body = "".join(f'<tr{_name_attr(row["name"])} data-total="{int(row["total"])}"><td class="name">'
                   f'{esc(row["name"] or "(none)")}</td><td class="num">{_n(row["total"])}</td></tr>'
                   for row in rows[:top])
    return ('<section id="events"><h2>Events</h2><table data-section="events"><thead><tr><th>event</th>'
            f'<th class="num">total</th></tr></thead><tbody>{body}</tbody></table>{more}</section>')


def _files(files: list[dict[str, Any]]) -> str:
    rows = []
    for item in files:
        chain = item["chain"]
        status = str(chain["status"])
        detail = f' <span class="detail">{esc(chain["detail"])};</span>' if chain.get("detail") else ""
        rows.append(
            f'<tr data-path="{esc(item["path"])}" data-records="{int(item["records"])}" '
            f'data-unreadable="{int(item["unreadable"])}" data-chain-status="{esc(status)}" '
            f'data-chain-records="{int(chain["records"])}">'
            f'<td class="name">{esc(item["path"])}</td><td class="num">{_n(item["records"])}</td>'
            f'<td class="num">{_n(item["unreadable"])}</td><td class="ts">{esc(item["first_ts"] or "-")}</td>'
            f'<td class="ts">{esc(item["last_ts"] or "-")}</td>'
            f'<td><span class="status {esc(status)}">{esc(status)}</span>{detail} '
            f'{_n(chain["records"])} record(s) verified</td></tr>')
    return ('<section id="files"><h2>Files and their hash chains</h2><table data-section="files"><thead><tr>'
            '<th>file</th><th class="num">records</th><th class="num">unreadable</th><th>first</th><th>last</th>'
            f'<th>chain</th></tr></thead><tbody>{"".join(rows)}</tbody></table></section>')


def _totals(data: dict[str, Any]) -> str:
    by_name = {row["name"]: int(row["total"]) for row in data["decisions"]}
    cards = [f'<div class="card" data-total="records" data-count="{int(data["records"])}">'
             f'<span class="n">{_n(data["records"])}</span>records</div>']
    for name in ("deny", "would_deny", "allow"):
        cards.append(f'<div class="card {name}" data-total="{name}" data-count="{by_name.get(name, 0)}">'
                     f'<span class="n">{_n(by_name.get(name, 0))}</span>{esc(name)}</div>')
    return f'<div class="cards">{"".join(cards)}</div>'


def _chain_alert(files: list[dict[str, Any]]) -> str:
    bad = [item for item in files if item["chain"]["status"] != "intact"]
    if not bad:
        return ""
    return (f'<p class="alert" data-chain-problems="{len(bad)}">{len(bad)} of {len(files)} file(s) did not verify '
            "as an intact hash chain: their records may have been edited, deleted or cut. See the files table.</p>")


def _period(data: dict[str, Any]) -> str:
    firsts = [f["first_ts"] for f in data["files"] if f["first_ts"]]
    lasts = [f["last_ts"] for f in data["files"] if f["last_ts"]]
    span = f"{esc(min(firsts))} to {esc(max(lasts))}" if firsts and lasts else "no timestamps"
    return (f'<p class="meta">{span} &middot; {_n(data["records"])} records in {len(data["files"])} file(s)'
            f'{" &middot; " + _n(data["unreadable"]) + " unreadable line(s)" if data["unreadable"] else ""}</p>')


def render(data: dict[str, Any], title: str = "elicitguard audit report", top: int = 15) -> str:
    """The whole page, from ``Summary.as_json()``."""
    digest = base64.b64encode(hashlib.sha256(CSS.encode("utf-8")).digest()).decode("ascii")
    line = data["timeline"]
    width = line["bucket_seconds"]
    unit = f"{width // 86400} day(s)" if width >= 86400 else f"{width // 3600} hour(s)" if width >= 3600 \
        else f"{width // 60} minute(s)"
    body = [
        f'<header><h1>{esc(title)}</h1>{_period(data)}</header>',
        _totals(data),
        _chain_alert(data["files"]),
        _files(data["files"]),
        f'<section id="timeline" data-bucket-seconds="{int(width)}"><h2>Decisions over time</h2>'
        f'<p class="meta">records per {unit}</p>{legend()}{timeline(line)}</section>',
        *(_breakdown(key, title_, noun, data[key], top) for key, title_, noun in _SECTIONS),
        _events(data["events"], top),
        f'<footer>elicitguard {esc(__version__)} &middot; audit report</footer>',
    ]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP.format(digest)}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)}</title><style>{CSS}</style></head>"
            f"<body><main>{''.join(body)}</main></body></html>\n")
