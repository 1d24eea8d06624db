"""The one place audit events are written: structlog, JSON lines, flushed per line, hash-chained.

Each line carries ``seq``, ``prev`` (the previous line's hash) and ``hash`` (SHA-256 over ``prev`` and
the line's canonical JSON without ``hash``), so a deleted, reordered or edited line breaks the chain:
``elicitguard audit-verify FILE`` checks it. Session, server and client are bound through
contextvars, so concurrent HTTP sessions each log under their own name.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterable, MutableMapping
from typing import Any, TextIO

import structlog
from structlog.contextvars import bind_contextvars, merge_contextvars

from elicitguard.policies.verdict import Decision

GENESIS = "0" * 64
_FIELDS = ("ts", "event", "decision", "session", "server", "client", "direction", "method", "request_id", "mode",
           "reasons")


def canonical(record: dict[str, Any]) -> bytes:
    """The bytes a line's hash covers."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def chain_hash(prev: str, record: dict[str, Any]) -> str:
    return hashlib.sha256(prev.encode("ascii") + canonical(record)).hexdigest()


class _Chain:
    """structlog processor: numbers the record and links it to the previous one."""

    def __init__(self, prev: str, seq: int) -> None:
        self.prev = prev
        self.seq = seq

    def __call__(self, _logger: Any, _name: str, event_dict: MutableMapping[str, Any]) -> dict[str, Any]:
        ordered: dict[str, Any] = {key: event_dict.pop(key, None) for key in _FIELDS}
        ordered.update(event_dict)
        self.seq += 1
        ordered["seq"] = self.seq
        ordered["prev"] = self.prev
        ordered["hash"] = self.prev = chain_hash(self.prev, ordered)
        return ordered


def _last_link(path: str) -> tuple[str, int]:
    """Where an existing audit file's chain ends, so appending continues it.

    Reads backwards block by block until a whole line with a hash is found, however long the lines
    and however the previous run stopped (a torn last line is skipped).
    """
    block = 65536
    try:
        with open(path, "rb") as handle:
            end = handle.seek(0, os.SEEK_END)
            tail = b""
            while end > 0:
                start = max(0, end - block)
                handle.seek(start)
                tail = handle.read(end - start) + tail
                end = start
                lines = tail.split(b"\n")
                # Unless we reached the file's start, the first piece may be the end of a longer line.
                candidates = lines if start == 0 else lines[1:]
                for line in reversed(candidates):
                    link = _link(line)
                    if link is not None:
                        return link
                tail = lines[0] if start > 0 else b""
    except FileNotFoundError:
        pass
    return GENESIS, 0


def _link(line: bytes) -> tuple[str, int] | None:
    try:
        record = json.loads(line)
    except ValueError:
        return None
    if isinstance(record, dict) and isinstance(record.get("hash"), str) and isinstance(record.get("seq"), int):
        return record["hash"], record["seq"]
    return None


MAX_FIELD = 256  # characters of any one logged string: a peer cannot blow the log up through an id


def _clip(value: Any) -> Any:
    if isinstance(value, str) and len(value) > MAX_FIELD:
        return value[:MAX_FIELD] + f"...({len(value)} chars)"
    if isinstance(value, list):
        return [_clip(v) for v in value[:MAX_FIELD]]
    if isinstance(value, dict):
        return {k: _clip(v) for k, v in value.items()}
    return value


def _clip_processor(_logger: Any, _name: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    for key, value in event_dict.items():
        event_dict[key] = _clip(value)
    return event_dict


class AuditLog:
    """Writes decisions and lifecycle events as JSON lines."""

    def __init__(self, path: str = "-", stream: TextIO | None = None) -> None:
        self.path = path
        if stream is not None:
            self._file: TextIO = stream
            prev, seq = GENESIS, 0
        elif path == "-":
            self._file = sys.stderr
            prev, seq = GENESIS, 0
        else:
            prev, seq = _last_link(path)
            # Line-buffered append; structlog's WriteLogger also flushes after every line.
            self._file = open(path, "a", encoding="utf-8", buffering=1)  # noqa: SIM115 - closed in close()
        self._chain = _Chain(prev, seq)
        self._log = structlog.wrap_logger(
            structlog.WriteLogger(self._file),
            processors=[
                merge_contextvars,
                structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
                _clip_processor,
                self._chain,
                structlog.processors.JSONRenderer(serializer=lambda obj, **_: json.dumps(obj, ensure_ascii=False,
                                                                                          separators=(",", ":"))),
            ],
            cache_logger_on_first_use=False,
        )

    @staticmethod
    def bind(**values: Any) -> None:
        """Bind session-wide fields (session, server, client) for the current context."""
        bind_contextvars(**values)

    def event(self, event: str, decision: str = "allow", **fields: Any) -> None:
        """A lifecycle event (session start/end, transport errors)."""
        self._log.info(event, decision=decision, **fields)

    def decisions(self, decisions: Iterable[Decision], **extra: Any) -> None:
        for decision in decisions:
            record = decision.as_dict()
            name = record.pop("event")
            record.update(extra)
            self._log.info(name, **record)

    def close(self) -> None:
        if self._file not in (sys.stderr, sys.stdout) and self.path != "-":
            self._file.close()


def verify(lines: Iterable[str]) -> tuple[int, str | None]:
    """Check a hash chain; returns (records checked, first problem or None)."""
    prev: str | None = None
    count = 0
    expected_seq: int | None = None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            return count, f"line {number}: not JSON"
        if not isinstance(record, dict) or not isinstance(record.get("hash"), str):
            return count, f"line {number}: no hash"
        claimed = record.pop("hash")
        if prev is None and (record.get("prev") != GENESIS or record.get("seq") != 1):
            return count, f"line {number}: the first line does not start the chain (lines deleted before it?)"
        if prev is not None and record.get("prev") != prev:
            return count, f"line {number}: chain broken (prev does not match the line before)"
        if expected_seq is not None and record.get("seq") != expected_seq:
            return count, f"line {number}: sequence gap (expected {expected_seq})"
        if chain_hash(str(record.get("prev")), record) != claimed:
            return count, f"line {number}: hash mismatch (line edited)"
        prev = claimed
        seq = record.get("seq")
        expected_seq = seq + 1 if isinstance(seq, int) else None
        count += 1
    return count, None
