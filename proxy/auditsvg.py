"""Inline SVG charts for the audit report, written by hand: no script, no font, nothing fetched.

Every text that reaches the markup goes through ``esc`` (HTML-escaped after ``printable``); the
numbers are ours. Tooltips are SVG ``<title>`` elements, which need no script.
"""

from __future__ import annotations

import html
from typing import Any

from elicitguard.proxy.auditread import DECISIONS, printable
from elicitguard.proxy.auditsummary import epoch

# Drawn bottom-up / left-to-right in this order, so denials are the first thing the eye meets.
STACK = ("deny", "would_deny", "allow", "other")
COLOURS = {"deny": "#cf222e", "would_deny": "#d4a72c", "allow": "#54aeff", "other": "#8c959f"}
assert set(STACK) == {*DECISIONS, "other"}


def esc(text: Any) -> str:
    return html.escape(printable(str(text)), quote=True)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _nice_ceiling(value: int) -> int:
    """The smallest round number at or above ``value`` (at least 4) that splits into four whole quarters."""
    scale = 1
    while True:
        for step in (4, 8, 12, 16, 20, 24, 32, 40, 60, 80):
            if step * scale >= value:
                return step * scale
        scale *= 10


def bar(row: dict[str, Any], scale: int, width: int = 240, height: int = 14) -> str:
    """One horizontal stacked bar (deny, would_deny, allow, other) scaled so ``scale`` fills it."""
    parts, x = [], 0.0
    for column in STACK:
        count = int(row.get(column, 0))
        if count <= 0 or scale <= 0:
            continue
        w = width * count / scale
        parts.append(f'<rect x="{_num(x)}" y="0" width="{_num(max(w, 0.5))}" height="{height}" '
                     f'fill="{COLOURS[column]}"><title>{esc(column)}: {count:,}</title></rect>')
        x += w
    return (f'<svg class="bar" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{esc(row.get("name") or "(none)")}">{"".join(parts)}</svg>')


def _time_label(start: str, bucket_seconds: int) -> str:
    """``start`` is ours (YYYY-MM-DDTHH:MM:SSZ): a date for day buckets and at midnight, else the time."""
    if bucket_seconds >= 86400:
        return start[:10]
    return start[5:10] if start[11:16] == "00:00" else start[11:16]


# Time labels on round times: the first of these that leaves at most 8 labels on the axis.
_LABEL_STEPS = (300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400, 7 * 86400, 28 * 86400)


def _label_every(bucket_seconds: int, buckets: int) -> int:
    span = bucket_seconds * buckets
    for step in _LABEL_STEPS:
        if step >= bucket_seconds and step % bucket_seconds == 0 and span / step <= 8:
            return step
    return bucket_seconds * max(1, -(-buckets // 8))


def _label_here(start: str, every: int) -> bool:
    seconds = epoch(start)
    return seconds is not None and int(seconds) % every == 0


def timeline(data: dict[str, Any], width: int = 960, height: int = 240) -> str:
    """Stacked columns of records per time bucket, with a y scale and a few time labels."""
    buckets: list[dict[str, Any]] = data["buckets"]
    if not buckets:
        return '<p class="empty">No timestamped records.</p>'
    left, right, top, bottom = 56, 8, 8, 28
    plot_w, plot_h = width - left - right, height - top - bottom
    peak = _nice_ceiling(max(int(b["total"]) for b in buckets) or 1)
    slot = plot_w / len(buckets)
    gap = min(2.0, slot * 0.2)
    out = [f'<svg class="timeline" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
           f'aria-label="records per {data["bucket_seconds"]} seconds, by decision">']
    for i in range(5):  # y grid: 0, 1/4 ... peak
        value = peak * i // 4
        y = top + plot_h - plot_h * i / 4
        out.append(f'<line x1="{left}" x2="{width - right}" y1="{_num(y)}" y2="{_num(y)}" stroke="#d0d7de"/>'
                   f'<text x="{left - 6}" y="{_num(y + 4)}" text-anchor="end" font-size="11" '
                   f'fill="#57606a">{value:,}</text>')
    every = _label_every(int(data["bucket_seconds"]), len(buckets))
    for index, bucket in enumerate(buckets):
        x = left + slot * index
        y = float(top + plot_h)
        segments = []
        for column in STACK:
            count = int(bucket.get(column, 0))
            if count <= 0:
                continue
            h = plot_h * count / peak
            y -= h
            segments.append(f'<rect x="{_num(x + gap / 2)}" y="{_num(y)}" width="{_num(max(slot - gap, 0.5))}" '
                            f'height="{_num(max(h, 0.5))}" fill="{COLOURS[column]}"><title>{esc(bucket["start"])} '
                            f'{esc(column)}: {count:,}</title></rect>')
        attrs = " ".join(f'data-{name.replace("_", "-")}="{int(bucket.get(name, 0))}"'
                         for name in ("total", *STACK))
        out.append(f'<g data-start="{esc(bucket["start"])}" {attrs}>{"".join(segments)}</g>')
        if _label_here(bucket["start"], every):
            out.append(f'<text x="{_num(x + slot / 2)}" y="{height - 10}" text-anchor="middle" font-size="11" '
                       f'fill="#57606a">{esc(_time_label(bucket["start"], data["bucket_seconds"]))}</text>')
    out.append("</svg>")
    return "".join(out)


def legend() -> str:
    items = "".join(f'<span class="key"><svg width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" '
                    f'fill="{COLOURS[column]}"/></svg> {esc(column)}</span>' for column in STACK)
    return f'<p class="legend">{items}</p>'
