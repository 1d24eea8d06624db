"""Counting an audit: by decision, event, server, rule, client, denied URL host and time, per file.

``Summary.as_json()`` is the single source of every number ``audit summary`` prints and ``audit
report`` draws, so the two cannot disagree.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from elicitguard.proxy.audit_chain import SUPPRESSED
from elicitguard.proxy.auditread import (
    DECISIONS,
    DENIALS,
    ChainStatus,
    bookkeeping,
    client_label,
    label,
    parse,
    rules,
    scan,
)

COLUMNS = ("total", *DECISIONS, "other")
_COLUMN = {name: index for index, name in enumerate(DECISIONS, 1)}
_OTHER = len(COLUMNS) - 1

# Bucket widths for the timeline, seconds: the smallest that gives at most MAX_BUCKETS buckets.
BUCKETS = (60, 300, 900, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 7 * 86400)
MAX_BUCKETS = 96


class Breakdown:
    """Counts per name (a server, a rule, ...), split by decision."""

    def __init__(self) -> None:
        self._rows: dict[str | None, list[int]] = {}

    def add(self, name: str | None, decision: Any, weight: int = 1) -> None:
        row = self._rows.get(name)
        if row is None:
            row = self._rows[name] = [0] * len(COLUMNS)
        row[0] += weight
        row[_COLUMN.get(decision, _OTHER) if isinstance(decision, str) else _OTHER] += weight

    def rows(self) -> list[dict[str, Any]]:
        """Largest first, then by name; ``name`` is null for records without one."""
        ordered = sorted(self._rows.items(), key=lambda item: (-item[1][0], item[0] is None, item[0] or ""))
        return [{"name": name, **dict(zip(COLUMNS, counts, strict=True))} for name, counts in ordered]


@dataclass
class FileSummary:
    path: str
    records: int = 0
    unreadable: int = 0  # lines that are not a JSON object (torn, overlong, garbage)
    first_ts: str | None = None
    last_ts: str | None = None
    chain: ChainStatus = field(default_factory=lambda: ChainStatus("unreadable", 0))

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "records": self.records, "unreadable": self.unreadable,
                "first_ts": self.first_ts, "last_ts": self.last_ts,
                "chain": {"status": self.chain.status, "records": self.chain.records, "detail": self.chain.detail}}


def epoch(ts: Any) -> float | None:
    """Seconds since the epoch of an RFC 3339 timestamp (UTC when it names no zone), else None."""
    if not isinstance(ts, str):
        return None
    try:
        moment = datetime.fromisoformat(ts)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def iso(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class Summary:
    """Feed it files (``add_file``) or records (``add``); read it with ``as_json``."""

    def __init__(self) -> None:
        self.files: list[FileSummary] = []
        self.records = 0
        self.unreadable = 0
        self.decisions: Counter[str | None] = Counter()
        self.events: Counter[str | None] = Counter()
        self.servers = Breakdown()
        self.rules = Breakdown()
        self.clients = Breakdown()
        self.denied_hosts = Breakdown()
        self.undated = 0
        self._minutes: Counter[tuple[int, int]] = Counter()  # (epoch minute, column) -> records
        self._ts_cache: dict[str, int | None] = {}

    def add_file(self, path: str) -> FileSummary:
        summary = FileSummary(path)
        self.files.append(summary)

        def see(line: bytes) -> None:
            if not line.strip():
                return
            record = parse(line)
            if record is None:
                summary.unreadable += 1
                self.unreadable += 1
                return
            if bookkeeping(record):
                return
            ts = record.get("ts")
            if isinstance(ts, str):
                summary.first_ts = summary.first_ts or ts
                summary.last_ts = ts
            before = self.records
            self.add(record)
            summary.records += self.records - before

        summary.chain = scan(path, see)
        return summary

    def add(self, record: dict[str, Any]) -> None:
        """One record; an ``audit.suppressed`` record counts as the ``count`` decisions it stands for
        (its ``of_event``, decision, rules, server and client; dated at its ``last_ts``)."""
        weight, event, ts, suppressed = 1, record.get("event"), record.get("ts"), False
        if event == SUPPRESSED and type(count := record.get("count")) is int and count >= 0:
            weight, event, ts, suppressed = count, record.get("of_event"), record.get("last_ts", ts), True
        self.records += weight
        decision = record.get("decision")
        decision_label = label(decision)
        self.decisions[decision_label] += weight
        self.events[label(event)] += weight
        self.servers.add(label(record.get("server")), decision, weight)
        client = client_label(record)
        if client is not None:
            self.clients.add(client, decision, weight)
        for rule in rules(record):
            self.rules.add(rule, decision, weight)
        if decision_label in DENIALS and (host := label(record.get("url_host"))) is not None:
            self.denied_hosts.add(host, decision, weight)
        if suppressed and decision_label in DENIALS and isinstance(hosts := record.get("url_hosts"), list):
            for entry in hosts:
                if isinstance(entry, dict) and type(n := entry.get("count")) is int and n >= 0 \
                        and (host := label(entry.get("host"))) is not None:
                    self.denied_hosts.add(host, decision, n)
        minute = self._minute(ts)
        if minute is None:
            self.undated += weight
        else:
            column = _COLUMN.get(decision, _OTHER) if isinstance(decision, str) else _OTHER
            self._minutes[minute, column] += weight

    def _minute(self, ts: Any) -> int | None:
        # Timestamps repeat their minute thousands of times in a busy file: parse each minute once.
        if not isinstance(ts, str):
            return None
        key = ts[:16] if len(ts) > 19 and ts.endswith(("Z", "+00:00")) and ts[16] == ":" else ts
        if key not in self._ts_cache:
            seconds = epoch(ts if key is ts else key + ":00+00:00")
            self._ts_cache[key] = None if seconds is None else math.floor(seconds / 60)
        return self._ts_cache[key]

    def timeline(self) -> dict[str, Any]:
        """Records per time bucket and decision, every bucket from the first to the last present."""
        if not self._minutes:
            return {"bucket_seconds": BUCKETS[0], "buckets": []}
        first = min(minute for minute, _ in self._minutes) * 60
        last = max(minute for minute, _ in self._minutes) * 60
        width = next((w for w in BUCKETS if (last // w - first // w) < MAX_BUCKETS), 0)
        if width:
            origin = first // width * width  # buckets on round times: whole hours, midnights
        else:  # a span of years: whole days, as many as it takes, from the first record on
            width = math.ceil((last - first + 1) / MAX_BUCKETS / 86400) * 86400
            origin = first
        counts = [[0] * len(COLUMNS) for _ in range((last - origin) // width + 1)]
        for (minute, column), count in self._minutes.items():
            row = counts[(minute * 60 - origin) // width]
            row[0] += count
            row[column] += count
        return {"bucket_seconds": width,
                "buckets": [{"start": iso(origin + i * width), **dict(zip(COLUMNS, row, strict=True))}
                            for i, row in enumerate(counts)]}

    def as_json(self) -> dict[str, Any]:
        decisions = sorted(self.decisions.items(), key=lambda item: (-item[1], item[0] is None, item[0] or ""))
        events = sorted(self.events.items(), key=lambda item: (-item[1], item[0] is None, item[0] or ""))
        return {
            "files": [summary.as_json() for summary in self.files],
            "records": self.records,
            "unreadable": self.unreadable,
            "undated": self.undated,
            "decisions": [{"name": name, "total": count} for name, count in decisions],
            "events": [{"name": name, "total": count} for name, count in events],
            "servers": self.servers.rows(),
            "rules": self.rules.rows(),
            "clients": self.clients.rows(),
            "denied_hosts": self.denied_hosts.rows(),
            "timeline": self.timeline(),
        }


def summarise(paths: list[str]) -> dict[str, Any]:
    summary = Summary()
    for path in paths:
        summary.add_file(path)
    return summary.as_json()
