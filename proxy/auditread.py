"""Reading audit files for people: bounded lines, tolerant records, chain status, and following a file.

Everything here reads what the proxy wrote, and the proxy wrote what servers chose (rule details,
field names, client names): a line may be hostile. So lines are split with a length bound, records
are parsed without trusting their shape (unknown events, missing ``reasons``, odd types are all
fine), and every string meant for a terminal or a page goes through ``printable`` first.
"""

from __future__ import annotations

import contextlib
import fnmatch
import json
import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import IO, Any, Final

try:
    import fcntl
except ImportError:  # not POSIX: writers take no lock either
    fcntl = None  # type: ignore[assignment]

MAX_LINE = 1 << 20  # bytes: far above any line the writer makes (it clips every string to 256 chars)
OVERLONG = b"<overlong line>"  # stands in for a line past MAX_LINE: not JSON, so it counts as unreadable
CHUNK = 1 << 16
HEAD = 256  # bytes of a followed file's start remembered (a record's timestamp makes them unique)
MAX_LABEL = 256  # characters of any one name shown (server, rule, host, client)

DECISIONS = ("allow", "deny", "would_deny")
DENIALS = frozenset({"deny", "would_deny"})


# ---- lines ------------------------------------------------------------------------------------------------


class LineSplitter:
    """Splits a byte stream into lines without ever holding more than ``max_line`` bytes of one."""

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._pending = bytearray()
        self._skipping = False  # inside a line already reported as OVERLONG

    def feed(self, data: bytes) -> list[bytes]:
        parts = data.split(b"\n")
        out: list[bytes] = []
        for part in parts[:-1]:
            if self._skipping:
                self._skipping = False
                self._pending.clear()
                continue
            if self._pending:
                part = bytes(self._pending) + part
                self._pending.clear()
            out.append(OVERLONG if len(part) > self.max_line else part)
        if not self._skipping:
            self._pending += parts[-1]
            if len(self._pending) > self.max_line:
                out.append(OVERLONG)
                self._pending.clear()
                self._skipping = True
        return out

    def pending(self) -> bool:
        """Whether part of a line (no newline yet) has been fed."""
        return bool(self._pending) or self._skipping

    def rest(self) -> bytes | None:
        """What is left after the last newline (a torn last line), and forget it."""
        if self._skipping or not self._pending:
            self._skipping = False
            self._pending.clear()
            return None
        rest = bytes(self._pending)
        self._pending.clear()
        return rest


LOCKING: Final = fcntl is not None  # whether writers lock the file per line (POSIX)


@contextlib.contextmanager
def writers_lock(fd: int) -> Iterator[None]:
    """Hold the lock every writer takes for one line (shared: readers do not exclude each other), so a
    line seen half-written can be read to its end. Only where ``LOCKING``."""
    fcntl.flock(fd, fcntl.LOCK_SH)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def iter_lines(handle: IO[bytes], max_line: int = MAX_LINE) -> Iterator[bytes]:
    """Every line of a binary file, the last one even without its newline."""
    splitter = LineSplitter(max_line)
    while chunk := handle.read(CHUNK):
        yield from splitter.feed(chunk)
    if splitter.pending() and LOCKING:
        # A writer holds the file lock for the whole of one line, and a reader can see the line's
        # first part before the rest: finish it once the lock is free (only the last line waits, for
        # one line; a writer that died mid-line leaves it torn).
        finished: list[bytes] = []  # yielded once the lock is released: the reader may be slow
        with contextlib.suppress(OSError), writers_lock(handle.fileno()):
            while splitter.pending() and (chunk := handle.read(CHUNK)):
                finished += splitter.feed(chunk)
        yield from finished
    rest = splitter.rest()
    if rest is not None:
        yield rest


# ---- records ----------------------------------------------------------------------------------------------


def parse(line: bytes) -> dict[str, Any] | None:
    """One audit record, or None for a line that is not a JSON object.

    The standard json module, not orjson: orjson turns integers past 64 bits (a request id can be
    one) into floats, and a reader of evidence must not change what it reads.
    """
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


# The records that open and close each writer's hash chain: bookkeeping, not decisions. They are
# checked with the chain, shown by ``tail`` only when ``--event`` asks for them, and not counted.
CHAIN_EVENTS: Final = frozenset({"audit.opened", "audit.closed"})


def bookkeeping(record: dict[str, Any]) -> bool:
    """Whether a record only frames a chain (``audit.opened`` / ``audit.closed``)."""
    return record.get("event") in CHAIN_EVENTS


def label(value: Any) -> str | None:
    """A field as one short string: strings as they are, anything else as compact JSON."""
    if value is None:
        return None
    if type(value) is str and len(value) <= MAX_LABEL:  # nearly always: the fast path
        return value
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True, default=str)
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL] + "..."


def client_label(record: dict[str, Any]) -> str | None:
    """``name/version`` of the client (the writer logs ``{name, version}``)."""
    client = record.get("client")
    if isinstance(client, dict) and set(client) <= {"name", "version"} and client:
        name, version = label(client.get("name")), label(client.get("version"))
        return label(f"{name or '?'}/{version}" if version else name or "?")
    return label(client)


def rules(record: dict[str, Any]) -> list[str]:
    """The rule ids of a record's reasons, once each, in order; [] when it has none."""
    reasons = record.get("reasons")
    out: list[str] = []
    if isinstance(reasons, list):
        for reason in reasons:
            rule = label(reason.get("rule")) if isinstance(reason, dict) else None
            if rule is not None and rule not in out:
                out.append(rule)
    return out


def reasons(record: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(rule, detail) of each reason that names a rule."""
    raw = record.get("reasons")
    out: list[tuple[str, str | None]] = []
    if isinstance(raw, list):
        for reason in raw:
            if isinstance(reason, dict) and (rule := label(reason.get("rule"))) is not None:
                out.append((rule, label(reason.get("detail"))))
    return out


# C0 and C1 controls, DEL, line/paragraph separators, and every Unicode format character (category Cf):
# those that reorder text (bidirectional overrides, isolates and marks, U+061C included), hide or join
# it (zero-width marks, soft hyphen, U+180E, invisible operators, interlinear annotations, BOM), and
# the tag characters, invisible letters that make "github" and "github" plus tags look alike.
_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every control or reordering character shown as an escape, never acted upon."""
    return _UNPRINTABLE.sub(_escape, text)


# ---- filters ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Filter:
    """Which records to show: each non-empty set must match (patterns are shell globs)."""

    decisions: frozenset[str] = frozenset()
    servers: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    events: tuple[str, ...] = ()

    def __call__(self, record: dict[str, Any]) -> bool:
        if bookkeeping(record) and not self.events:
            return False
        if self.decisions and label(record.get("decision")) not in self.decisions:
            return False
        if self.servers and not _any_match(label(record.get("server")), self.servers):
            return False
        if self.events and not _any_match(label(record.get("event")), self.events):
            return False
        return not self.rules or any(_any_match(rule, self.rules) for rule in rules(record))


def _any_match(value: str | None, patterns: Iterable[str]) -> bool:
    return value is not None and any(fnmatch.fnmatchcase(value, pattern) for pattern in patterns)


# ---- the chain --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainStatus:
    """What the chain check says of one file: ``intact`` (every chain closed), ``open`` (intact so
    far, but a chain has no closing record: still being written, or its tail was cut), ``broken``,
    ``keyed`` (HMAC chains, not checked without the key) or ``unreadable``. ``records`` counts every
    record of the chains, their opening and closing records included."""

    status: str
    records: int
    detail: str | None = None


class _Counted:
    """Lines passed through, counted: where verify was if it raises."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = iter(lines)
        self._previous_was_record = False
        self.number = 0  # lines handed out
        self.records = 0  # non-blank lines before the last one handed out

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        if self._previous_was_record:
            self.records += 1
        line = next(self._lines)
        self.number += 1
        self._previous_was_record = bool(line.strip())
        return line


def chain_status(lines: Iterable[str]) -> ChainStatus:
    """The one place that asks the chain check (``proxy.audit_chain.verify_report``)."""
    from elicitguard.proxy.audit_chain import verify_report

    counted = _Counted(lines)
    try:
        report = verify_report(counted)
    except RecursionError:  # json.loads on a line nested thousands deep: a forged line, not a crash
        return ChainStatus("broken", counted.records, f"line {counted.number}: not JSON (nested too deeply)")
    if report.needs_key:
        return ChainStatus("keyed", report.records, "keyed (HMAC) chains: check them with audit-verify --key-file")
    if report.problem:
        return ChainStatus("broken", report.records, report.problem)
    if report.open_chains:
        return ChainStatus("open", report.records, f"{len(report.open_chains)} chain(s) without a closing record")
    return ChainStatus("intact", report.records)


class _Tap:
    """Hands lines to ``verify`` as text while showing each one to ``see`` as bytes."""

    def __init__(self, lines: Iterator[bytes], see: Callable[[bytes], None]) -> None:
        self._lines = lines
        self._see = see

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self._see(line)
        return line.decode("utf-8", "replace")


def scan(path: str, see: Callable[[bytes], None]) -> ChainStatus:
    """Read ``path`` once: every line goes to ``see`` and through the chain check."""
    try:
        with open(path, "rb") as handle:
            lines = iter_lines(handle)
            status = chain_status(_Tap(lines, see))
            for line in lines:  # verify stops at the first problem; the rest still counts
                see(line)
    except OSError as exc:
        return ChainStatus("unreadable", 0, exc.strerror or str(exc))
    return status


# ---- following a file -------------------------------------------------------------------------------------


class Follower:
    """``tail -F`` for one path: complete lines as they are appended, across rotation and truncation.

    ``poll`` never blocks: it returns what is there now, so the caller decides how to wait (and a
    test drives it step by step). Rotation (the path names a new file) drains the old file first;
    truncation in place (copytruncate) starts over from the top.
    """

    def __init__(self, path: str, max_line: int = MAX_LINE) -> None:
        self.path = path
        self._max_line = max_line
        self._file: IO[bytes] | None = None
        self._identity: tuple[int, int] | None = None
        self._splitter = LineSplitter(max_line)
        self._head = b""  # the file's first bytes as we read them, to notice it being rewritten

    def poll(self, budget: int = 1 << 24) -> list[bytes]:
        """Lines completed since the last call (about ``budget`` bytes at most; call again for more)."""
        if self._file is None and not self._open():
            return []
        assert self._file is not None
        if self._rewritten():
            # Truncated in place (copytruncate), perhaps already written again: what is there now is new.
            self._restart()
        lines, at_end = self._read(budget)
        if not at_end:
            return lines
        try:
            current = os.stat(self.path)
        except OSError:
            return lines  # moved away and not yet recreated: the old file may still grow
        if (current.st_dev, current.st_ino) != self._identity:
            # Rotated: drain what the writer added to the old file since, then switch.
            lines += self._read(budget)[0]
            torn = self._splitter.rest()
            if torn is not None:
                lines.append(torn)
            self.close()
            if self._open():
                lines += self._read(budget)[0]
        return lines

    def _restart(self) -> None:
        assert self._file is not None
        self._file.seek(0)
        self._splitter = LineSplitter(self._max_line)
        self._head = b""

    def _rewritten(self) -> bool:
        """Truncated (shorter than where we are), or its first bytes are not those we saw: a file
        truncated and written again past our position between two polls is still noticed."""
        assert self._file is not None
        fd = self._file.fileno()
        if os.fstat(fd).st_size < self._file.tell():
            return True
        return bool(self._head) and os.pread(fd, len(self._head), 0) != self._head

    def _open(self) -> bool:
        try:
            self._file = open(self.path, "rb")  # noqa: SIM115 - kept open between polls, closed in close()
        except OSError:
            return False
        stat = os.fstat(self._file.fileno())
        self._identity = (stat.st_dev, stat.st_ino)
        self._splitter = LineSplitter(self._max_line)
        self._head = b""
        return True

    def _read(self, budget: int) -> tuple[list[bytes], bool]:
        """Lines read within ``budget`` bytes, and whether the end of the file was reached."""
        assert self._file is not None
        lines: list[bytes] = []
        while budget > 0:
            position = self._file.tell()
            chunk = self._file.read(min(CHUNK, budget))
            if not chunk:
                return lines, True
            if position == len(self._head) < HEAD:  # remember the start exactly as we read it
                self._head = (self._head + chunk)[:HEAD]
            budget -= len(chunk)
            lines += self._splitter.feed(chunk)
        return lines, False

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def follow(follower: Follower, emit: Callable[[list[bytes]], None], wait: Callable[[], None],
           stop: Callable[[], bool] = lambda: False) -> None:
    """Hand each batch of new lines to ``emit``; call ``wait`` whenever there is nothing new.

    The caller owns time: the CLI waits with a sleep, a test with a step of its script.
    """
    while not stop():
        lines = follower.poll()
        if lines:
            emit(lines)
        else:
            wait()
