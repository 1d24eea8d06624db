"""The one place audit events are written: structlog, JSON lines, flushed per line, hash-chained.

Each ``AuditLog`` writes one chain per file it opens (see ``proxy.audit_chain``): an ``audit.opened``
record first, an ``audit.closed`` record (``count``, ``head``) when it closes or reopens, so a file
cut short shows an open chain. Lines are ASCII-only JSON (every non-ASCII or control character
escaped), each written with one ``write`` under an exclusive lock, so several processes can append
to one file and no peer-chosen string can break a line or drive a terminal. Session, server and
client are bound through contextvars, so concurrent HTTP sessions each log under their own name.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, TextIO

import structlog
from structlog.contextvars import bind_contextvars, merge_contextvars

from elicitguard import __version__
from elicitguard.policies.shapes import VALUE_SHAPES, luhn_ok, secret_value_shape
from elicitguard.policies.verdict import Decision
from elicitguard.proxy.audit_chain import (
    ALG_HMAC,
    ALG_SHA256,
    CLOSED,
    GENESIS,
    OPENED,
    canonical,
    chain_hash,
    verify,
    verify_report,
)

try:
    import fcntl
except ImportError:  # not POSIX: one writer per file
    fcntl = None  # type: ignore[assignment]

_orjson: ModuleType | None
try:
    import orjson as _orjson
except ImportError:  # the fast extra is optional
    _orjson = None

__all__ = ["GENESIS", "STDERR_LOCK", "AuditLog", "canonical", "chain_hash", "expand_path", "load_key", "verify",
           "verify_report"]

_FIELDS = ("ts", "event", "decision", "session", "server", "client", "direction", "method", "request_id", "mode",
           "reasons")

# Our stderr is shared by audit lines (with audit.path "-") and the stdio server's relayed stderr:
# whole lines only, one writer at a time.
STDERR_LOCK = threading.Lock()

MAX_FIELD = 256  # characters of any one logged string: a peer cannot blow the log up through an id
_MASK_WINDOW = MAX_FIELD + 128  # a secret starting inside the clipped part is seen whole by the masks
_DIGIT_RUN = re.compile(r"(?<!\d)(?:\d[ -]?){12,18}\d(?!\d)")
# Every secret shape in one pass: almost no logged string has one, and this is the per-string cost.
_ANY_SHAPE = re.compile("|".join(
    [f"(?{'i' if shape.regex.flags & re.IGNORECASE else ''}:{shape.regex.pattern})" for shape in VALUE_SHAPES]
    + [_DIGIT_RUN.pattern]))


@functools.lru_cache(maxsize=4096)  # field names, rules and details repeat; bounded (strings are clipped)
def _mask_secrets(text: str) -> str:
    """Secret-shaped parts of a peer's string (a field *named* ``ghp_...``) keep 4 characters."""
    if len(text) < 8 or _ANY_SHAPE.search(text) is None or secret_value_shape(text) is None:
        return text
    for shape in VALUE_SHAPES:
        if shape.rule == "credential.private_key":
            # The regex finds the header; what follows it is the key itself.
            match = shape.regex.search(text)
            if match is not None:
                text = text[:match.start()] + match.group()[:4] + "***"
        else:
            text = shape.regex.sub(lambda m: m.group()[:4] + "***", text)

    def card(match: re.Match[str]) -> str:
        digits = re.sub(r"[ -]", "", match.group())
        return "***" + digits[-4:] if 13 <= len(digits) <= 19 and luhn_ok(digits) else match.group()

    return _DIGIT_RUN.sub(card, text)


def _clean(value: Any, odd: list[bool] | None = None) -> Any:
    """Clip long strings and lists, mask secret shapes, in keys as well as values. Anything but a
    string, a 64-bit integer, a boolean, None, a list or a dict sets ``odd[0]`` (see ``_encode``)."""
    kind = type(value)
    if kind is str:
        if len(value) < 8:
            return value  # too short for any secret shape (see _mask_secrets)
        if len(value) > MAX_FIELD:
            return _mask_secrets(value[:_MASK_WINDOW])[:MAX_FIELD] + f"...({len(value)} chars)"
        return _mask_secrets(value)
    if value is None or kind is bool or (kind is int and -(1 << 63) <= value < (1 << 64)):
        return value
    if kind is list:
        return [v if type(v) is str and len(v) < 8 else _clean(v, odd) for v in value[:MAX_FIELD]]
    if isinstance(value, str):
        if len(value) > MAX_FIELD:
            return _mask_secrets(value[:_MASK_WINDOW])[:MAX_FIELD] + f"...({len(value)} chars)"
        return _mask_secrets(value)
    if isinstance(value, list):
        return [_clean(v, odd) for v in value[:MAX_FIELD]]
    if isinstance(value, dict):
        return {_clean(str(k), odd): _clean(v, odd) for k, v in list(value.items())[:MAX_FIELD]}
    if odd is not None:
        odd[0] = True
    return value


# Values the proxy itself produces: hashes must reach the file unchanged (a hex hash can hold a
# digit run that looks like a card number).
_OURS = frozenset({"ts", "event", "decision", "head", "continues", "count", "alg", "pid", "version", "reason"})


def _clean_processor(_logger: Any, _name: str, event_dict: MutableMapping[str, Any],
                     odd: list[bool] | None = None) -> MutableMapping[str, Any]:
    for key, value in event_dict.items():  # values replaced in place: the dict keeps its size
        if key not in _OURS:
            if type(value) is not str or len(value) >= 8:
                event_dict[key] = _clean(value, odd)
        elif odd is not None and type(value) not in (str, int):
            odd[0] = True
    return event_dict


_LINE: Final = json.JSONEncoder(ensure_ascii=True, separators=(",", ":"))


def render(record: Mapping[str, Any]) -> str:
    """One line of ASCII: every non-ASCII character (U+2028, U+0085, C1 controls, bidi overrides)
    and every control character, DEL included, is a ``\\u`` escape."""
    line = _LINE.encode(record)
    return line.replace("\x7f", "\\u007f") if "\x7f" in line else line


def _encode(record: dict[str, Any], odd: bool, key: bytes | None, prev: str) -> tuple[str, bytes]:
    """The record's hash (see audit_chain.chain_hash) and its line, as bytes ending in a newline.

    orjson, when installed and the record holds only strings, 64-bit integers, booleans, None, lists
    and dicts (not ``odd``), writes exactly the bytes the standard library writes for these (a float
    would differ in its exponent; an infinity would become null): the canonical form with sorted
    keys, and the line when it is ASCII without DEL. Anything else is written by the standard library."""
    if _orjson is None or odd:
        digest = chain_hash(prev, record, key)
        record["hash"] = digest
        return digest, (render(record) + "\n").encode("ascii")
    try:
        data = prev.encode("ascii", "replace") + _orjson.dumps(record, option=_orjson.OPT_SORT_KEYS)
    except TypeError:  # a lone surrogate
        return _encode(record, True, key, prev)
    digest = hashlib.sha256(data).hexdigest() if key is None else hmac.new(key, data, hashlib.sha256).hexdigest()
    record["hash"] = digest
    line = _orjson.dumps(record, option=_orjson.OPT_APPEND_NEWLINE)
    if not line.isascii() or b"\x7f" in line:
        line = (render(record) + "\n").encode("ascii")
    return digest, line


def expand_path(template: str, server: str | None, pid: int | None = None) -> str:
    """``audit.path`` with ``{server}`` and ``{pid}`` filled in (the name made safe for a file name)."""
    if template == "-":
        return template
    name = re.sub(r"[^A-Za-z0-9._-]", "_", server or "elicitguard").lstrip(".") or "server"
    return os.path.expanduser(template.replace("{server}", name).replace("{pid}", str(pid or os.getpid())))


MIN_KEY_BYTES = 16


def load_key(path: str) -> bytes:
    """The HMAC key held in ``path`` (surrounding whitespace ignored); OSError/ValueError if unusable."""
    with open(os.path.expanduser(path), "rb") as handle:
        key = handle.read().strip()
    if len(key) < MIN_KEY_BYTES:
        raise ValueError(f"the key must be at least {MIN_KEY_BYTES} bytes")
    return key


@dataclass
class _Chain:
    writer: str
    head: str
    seq: int = 0


def _new_writer() -> str:
    return f"{os.getpid()}-{secrets.token_hex(4)}"


class AuditLog:
    """Writes decisions and lifecycle events as JSON lines, one hash chain per opened file."""

    def __init__(self, path: str = "-", stream: TextIO | None = None, *, key: bytes | None = None) -> None:
        self.path = path
        self._stream = stream
        self._key = key
        self._lock = threading.RLock()
        self._fd: int | None = None
        self._lockable = False
        self._chain: _Chain | None = None
        # structlog's processors, called in order without a bound logger in between (its cost per
        # line was most of the line's cost): the records are what structlog made of them.
        self._timestamp = structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts")
        # The policy_version every record carries from a reload on (set by proxy.reload); until then
        # the one bound in the context. Not a contextvar: tasks started before the reload must see it.
        self.policy_version: str | None = None
        # Called with (event, decision, fields) for each record written (metrics count from them).
        self.observers: list[Callable[[str, str, Mapping[str, Any]], None]] = []
        self._open(self._open_fd(), continues=None)

    @property
    def on_stderr(self) -> bool:
        """True when audit lines go to this process's stderr."""
        return self._stream is None and self.path == "-"

    # ---- writing ------------------------------------------------------------------------------------------

    @staticmethod
    def bind(**values: Any) -> None:
        """Bind session-wide fields (session, server, client) for the current context."""
        bind_contextvars(**values)

    def event(self, event: str, decision: str = "allow", **fields: Any) -> None:
        """A lifecycle event (session start/end, transport errors)."""
        self._emit(event, {"decision": decision, **fields})

    def decisions(self, decisions: Iterable[Decision], **extra: Any) -> None:
        for decision in decisions:
            record = decision.as_dict()
            name = record.pop("event")
            record.setdefault("decision", "allow")
            record.update(extra)
            self._emit(name, record)

    def _emit(self, event: str, event_dict: dict[str, Any]) -> None:
        """One record: the fields as given, then the bound context, a timestamp, cleaning, the chain;
        then the observers (metrics), which never fail the traffic the record is about."""
        seen = dict(event_dict) if self.observers else None
        self._write_record(event, event_dict)
        if seen is not None:
            decision = str(seen.pop("decision", "allow"))
            for observe in self.observers:
                try:
                    observe(event, decision, seen)
                except Exception:  # noqa: BLE001 - counting or logging a record never fails the traffic it records
                    continue

    def _write_record(self, event: str, event_dict: dict[str, Any]) -> None:
        with self._lock:
            if self._chain is None:
                return
            event_dict["event"] = event
            if self.policy_version is not None:
                # A reload's version wins over the one bound at start (a record naming its own keeps it).
                event_dict.setdefault("policy_version", self.policy_version)
            merge_contextvars(None, "info", event_dict)
            self._timestamp(None, "info", event_dict)
            odd = [False]
            _clean_processor(None, "info", event_dict, odd)
            self._write_line(self._link(event_dict, odd[0]))

    def _link(self, event_dict: MutableMapping[str, Any], odd: bool) -> bytes:
        """Numbers the record, links it to the previous one of its chain: its line."""
        chain = self._chain
        assert chain is not None
        ordered: dict[str, Any] = {key: event_dict.pop(key, None) for key in _FIELDS}
        ordered.update(event_dict)
        chain.seq += 1
        ordered["writer"] = chain.writer
        ordered["seq"] = chain.seq
        ordered["prev"] = chain.head
        chain.head, line = _encode(ordered, odd, self._key, chain.head)
        return line

    def _write_line(self, data: bytes) -> None:
        if self._stream is not None:
            self._stream.write(data.decode("ascii"))
            self._stream.flush()
            return
        fd = self._fd
        assert fd is not None
        if fd == 2:
            with STDERR_LOCK, contextlib.suppress(OSError):  # nobody reads our stderr any more
                _write_all(fd, data)
            return
        if not self._lockable or fcntl is None:
            _write_all(fd, data)
            return
        fcntl.flock(fd, fcntl.LOCK_EX)  # inline, not _locked(): this is the cost of every line
        try:
            _write_all(fd, data)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)

    # ---- opening, reopening, closing ----------------------------------------------------------------------

    def _open_fd(self) -> int | None:
        if self._stream is not None:
            return None
        if self.path == "-":
            return 2
        return os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o640)

    def _open(self, fd: int | None, continues: str | None) -> None:
        """Start a chain on ``fd``, linked to the file's last line when it opens (under the file lock,
        so that line is the one just above our first)."""
        with self._lock:
            self._fd = fd
            # Only a regular file takes flock; checked once, not per line.
            self._lockable = fd is not None and fd != 2 and stat.S_ISREG(os.fstat(fd).st_mode)
            extra = {"continues": continues} if continues is not None else {}
            with _locked(fd if self._lockable else None):
                prev = _last_hash(fd) if self._lockable and fd is not None else GENESIS
                self._chain = _Chain(_new_writer(), prev)
                self.event(OPENED, alg=ALG_HMAC if self._key is not None else ALG_SHA256, pid=os.getpid(),
                           version=__version__, **extra)

    def _close_chain(self, reason: str) -> str | None:
        chain = self._chain
        if chain is None:
            return None
        self.event(CLOSED, count=chain.seq, head=chain.head, reason=reason)
        self._chain = None
        return chain.head

    def reopen(self) -> None:
        """Reopen the file (SIGUSR1, after logrotate moved it): the old chain is closed in the old file,
        a new one starts in the new file. Nothing to do for stderr or a stream."""
        with self._lock:
            if self._chain is None or self._fd in (None, 2):
                return
            try:
                fd = self._open_fd()
            except OSError as exc:
                # Keep writing where we were rather than lose records.
                self.event("audit.reopen_failed", decision="deny", detail=f"cannot reopen: {exc.strerror or exc}")
                return
            head = self._close_chain("reopen")
            old, self._fd = self._fd, None
            if old is not None:
                os.close(old)
            self._open(fd, continues=head)

    def close(self, reason: str = "shutdown") -> None:
        """Close the chain with its final record, then the file."""
        with self._lock:
            self._close_chain(reason)
            fd, self._fd = self._fd, None
            if fd is not None and fd != 2:
                os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


@contextlib.contextmanager
def _locked(fd: int | None) -> Iterator[None]:
    """An exclusive ``flock`` (re-entrant per open file); nothing when ``fd`` is None."""
    if fd is None or fcntl is None:
        yield
        return
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


def _last_hash(fd: int) -> str:
    """The hash on the file's last line, read backwards block by block however long the lines.

    A torn last line (a writer died mid-line) is ended with a newline first, so our records start
    on their own line; ``audit-verify`` then reports the torn line."""
    end = os.fstat(fd).st_size
    if end == 0:
        return GENESIS
    if os.pread(fd, 1, end - 1) != b"\n":
        os.write(fd, b"\n")
        return GENESIS
    block = 65536
    tail = b""
    stop = end - 1  # drop the final newline
    while stop > 0:
        start = max(0, stop - block)
        tail = os.pread(fd, stop - start, start) + tail
        stop = start
        newline = tail.rfind(b"\n")
        if newline != -1 or start == 0:
            return _hash_of(tail[newline + 1:])
    return GENESIS


def _hash_of(line: bytes) -> str:
    try:
        record = json.loads(line)
    except ValueError:
        return GENESIS
    value = record.get("hash") if isinstance(record, dict) else None
    return value if isinstance(value, str) else GENESIS

