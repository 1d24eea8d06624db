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
import copy
import hashlib
import hmac
import json
import os
import re
import secrets
import stat
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, TextIO

from structlog import contextvars as _structlog_context
from structlog.contextvars import bind_contextvars, merge_contextvars

from elicitguard import __version__
from elicitguard.policies.verdict import Decision
from elicitguard.proxy.audit_clean import _CLEAN_CACHE, _clean, _clean_str
from elicitguard.proxy.audit_budget import DEFAULT_MAX_REPEATS, RepeatBudget, suppressed_fields
from elicitguard.proxy.audit_chain import (
    ALG_HMAC,
    ALG_SHA256,
    CLOSED,
    FORMAT_ABOVE,
    GENESIS,
    OPENED,
    SUPPRESSED,
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

# Values the proxy itself produces: hashes must reach the file unchanged (a hex hash can hold a
# digit run that looks like a card number).
_OURS = frozenset({"ts", "event", "decision", "head", "continues", "count", "alg", "pid", "version", "reason",
                   "format", "first_ts", "last_ts", "why"})
_RESERVED = frozenset({"ts", "event", "writer", "seq", "prev", "above", "hash"})  # set by the writer alone


_PREFIX = _structlog_context.STRUCTLOG_KEY_PREFIX
_CONTEXT_VARS: dict[str, Any] | None = getattr(_structlog_context, "_CONTEXT_VARS", None)


_VARS: list[tuple[str, Any]] = []  # (field, its ContextVar), rebuilt when structlog made a new one


# Fields given to ``bind_later`` in this context and not yet bound: bound when a record first needs
# them (most HTTP requests write no audit line, and binding five contextvars is most of a bind's cost).
_LATER: ContextVar[dict[str, Any] | None] = ContextVar("elicitguard_audit_later", default=None)


def _bind_pending() -> None:
    later = _LATER.get()
    if later is not None:
        _LATER.set(None)
        bind_contextvars(**later)


def _context() -> dict[str, Any]:
    """The fields bound with ``bind`` in this context (structlog's contextvars). Read from the
    variables structlog created rather than by walking the whole context (most of its cost)."""
    if _LATER.get() is not None:
        _bind_pending()
    if _CONTEXT_VARS is None:  # a structlog without the table: its own, slower, way
        return dict(merge_contextvars(None, "info", {}))
    variables = _VARS
    if len(variables) != len(_CONTEXT_VARS):  # structlog only ever adds variables
        variables = [(name[len(_PREFIX):], var) for name, var in list(_CONTEXT_VARS.items())]
        _VARS[:] = variables
    out = {}
    for name, var in variables:
        value = var.get()
        if value is not Ellipsis:
            out[name] = value
    return out


_STAMP: list[Any] = [-1, ""]  # [the second, its "YYYY-MM-DDTHH:MM:SS"]


def _now() -> str:
    """UTC now as structlog's ISO stamp wrote it (``2026-01-02T03:04:05.678901Z``, no fraction on
    a whole second), formatting the date once a second."""
    seconds, fraction = divmod(time.time_ns(), 1_000_000_000)
    second, prefix = _STAMP
    if second != seconds:
        prefix = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
        _STAMP[:] = [seconds, prefix]
    micros = fraction // 1000
    return f"{prefix}.{micros:06d}Z" if micros else prefix + "Z"


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
    # The file's size after this chain's last line, when the writer knows it (a lockable file): while
    # the file still ends there, the line above the next record is the chain's own last one.
    end: int | None = None


def _new_writer() -> str:
    return f"{os.getpid()}-{secrets.token_hex(4)}"


class AuditLog:
    """Writes decisions and lifecycle events as JSON lines, one hash chain per opened file."""

    def __init__(self, path: str = "-", stream: TextIO | None = None, *, key: bytes | None = None,
                 max_repeats: int = DEFAULT_MAX_REPEATS, repeat_interval: float = 60.0) -> None:
        self.path = path
        self._stream = stream
        self._key = key
        self._lock = threading.RLock()
        self._fd: int | None = None
        self._lockable = False
        self._chain: _Chain | None = None
        # The policy_version every record carries from a reload on (set by proxy.reload); until then
        # the one bound in the context. Not a contextvar: tasks started before the reload must see it.
        self.policy_version: str | None = None
        # Called with (event, decision, fields) for each record written (metrics count from them).
        self.observers: list[Callable[[str, str, Mapping[str, Any]], None]] = []
        self._budget = RepeatBudget(max_repeats, repeat_interval)
        self._timer: threading.Timer | None = None  # flushes held counts once the repeats stop (see _arm)
        # (the bound context, its cleaned form, copies of its dicts and lists): see _bound.
        self._context_cache: tuple[dict[str, Any], dict[str, Any], dict[str, Any]] | None = None
        self._open(self._open_fd(), continues=None)

    @property
    def on_stderr(self) -> bool:
        """True when audit lines go to this process's stderr."""
        return self._stream is None and self.path == "-"

    # ---- writing ------------------------------------------------------------------------------------------

    @staticmethod
    def bind(**values: Any) -> None:
        """Bind session-wide fields (session, server, client) for the current context."""
        if _LATER.get() is not None:
            _bind_pending()  # bound first, so that these override them as they would have
        bind_contextvars(**values)

    @staticmethod
    def bind_later(**values: Any) -> None:
        """``bind``, deferred until a record of this context first reads the bound fields (or ``bind``
        is called again): the values are taken now, the contextvars set only if needed."""
        pending = _LATER.get()
        _LATER.set(values if pending is None else {**pending, **values})

    def event(self, event: str, decision: str = "allow", **fields: Any) -> None:
        """A lifecycle event (session start/end, transport errors)."""
        if event == "session.end":
            # What the session's repeats left out is told before its end.
            with self._lock:
                ended = fields.get("evicted", fields.get("session", _context().get("session")))
                self._flush_repeats("session end", ended, forget=True)
        self._emit(event, {"decision": decision, **fields})

    def decisions(self, decisions: Iterable[Decision], **extra: Any) -> None:
        for decision in decisions:
            record = decision.as_dict()
            name = record.pop("event")
            record.setdefault("decision", "allow")
            record.update(extra)
            self._emit(name, record, budgeted=True)

    def _emit(self, event: str, event_dict: dict[str, Any], budgeted: bool = False) -> None:
        """One record: the fields as given, then the bound context, a timestamp, cleaning, the chain;
        then the observers (metrics), which count every record, written or counted by the budget,
        and never fail the traffic the record is about."""
        seen = dict(event_dict) if self.observers else None
        self._write_record(event, event_dict, budgeted)
        if seen is not None:
            decision = str(seen.pop("decision", "allow"))
            for observe in self.observers:
                try:
                    observe(event, decision, seen)
                except Exception:  # noqa: BLE001 - counting or logging a record never fails the traffic it records
                    continue

    def _write_record(self, event: str, fields: dict[str, Any], budgeted: bool = False, bound: bool = True) -> None:
        """The record in its line order (``_FIELDS``, the given fields, policy_version, the bound
        context unless not ``bound``), cleaned, linked into the chain and written."""
        with self._lock:
            if self._chain is None:
                return
            ts = _now()
            context = _context()
            if budgeted and self._budget.limit and fields.get("decision") not in (None, "allow"):
                merged = {**context, **fields, "event": event}
                if self.policy_version is not None and "policy_version" not in fields:
                    merged["policy_version"] = self.policy_version  # as the written records would say
                if not self._budget.admit(merged, ts):
                    if self._budget.due():
                        self._flush_repeats("periodic")
                    else:
                        self._arm()
                    return
            odd = [False]
            record: dict[str, Any] = dict.fromkeys(_FIELDS)
            record["ts"] = ts
            record["event"] = event
            cache = _CLEAN_CACHE
            for key, value in fields.items():
                if key in _RESERVED:
                    continue
                kind = type(value)
                if key in _OURS:
                    if kind is not str and kind is not int:
                        odd[0] = True
                elif kind is str:  # inline: the cost of most fields
                    if len(value) >= 8:
                        value = cache.get(value) or _clean_str(value)
                elif not (value is None or kind is bool or (kind is int and -(1 << 63) <= value < (1 << 64))):
                    value = _clean(value, odd)
                record[key] = value
            version = self.policy_version
            if version is not None and "policy_version" not in fields:
                record["policy_version"] = _clean(version, odd)
            for key, value in (self._bound(context, odd) if bound else {}).items():
                if key not in fields and (key != "policy_version" or version is None):
                    record[key] = value
            self._write_line(record, odd[0])

    def _bound(self, context: dict[str, Any], odd: list[bool]) -> dict[str, Any]:
        """The bound context, cleaned once per binding: the same objects come back on every line
        (a dict or list, which could change in place, is compared with a copy of what was cleaned)."""
        cached = self._context_cache
        if cached is not None and cached[0].keys() == context.keys() and all(
                (cached[2][key] == value) if key in cached[2] else (cached[0][key] is value)
                for key, value in context.items()):
            return cached[1]
        clean: dict[str, Any] = {}
        copies: dict[str, Any] = {}
        mark = odd[0]
        odd[0] = False
        for key, value in context.items():
            if key in _RESERVED:
                continue
            if key in _OURS:
                if type(value) is not str and type(value) is not int:
                    odd[0] = True
                clean[key] = value
            else:
                clean[key] = _clean(value, odd)
                if not isinstance(value, str | int | None):
                    copies[key] = copy.deepcopy(value)
        self._context_cache = (context, clean, copies) if not odd[0] else None
        odd[0] = odd[0] or mark
        return clean

    def _write_line(self, record: dict[str, Any], odd: bool) -> None:
        """Number the record, link it to its chain (and, in a lockable file, to the line above it,
        read under the file lock), write it with one ``write``."""
        chain = self._chain
        assert chain is not None
        if self._stream is not None:
            self._stream.write(self._link(chain, record, odd, None).decode("ascii"))
            self._stream.flush()
            return
        fd = self._fd
        assert fd is not None
        if fd == 2:
            data = self._link(chain, record, odd, None)
            with STDERR_LOCK, contextlib.suppress(OSError):  # nobody reads our stderr any more
                _write_all(fd, data)
            return
        if not self._lockable or fcntl is None:
            _write_all(fd, self._link(chain, record, odd, None))
            return
        fcntl.flock(fd, fcntl.LOCK_EX)  # inline, not _locked(): this is the cost of every line
        try:
            end = os.lseek(fd, 0, os.SEEK_END)
            if end == chain.end:
                above = chain.head  # nobody wrote since our last line: the usual case, no read
            else:
                above, end = _last_line_hash(fd, end)
            data = self._link(chain, record, odd, above)
            chain.end = None  # unknown until the write completes
            _write_all(fd, data)
            chain.end = end + len(data)
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)

    def _link(self, chain: _Chain, record: dict[str, Any], odd: bool, above: str | None) -> bytes:
        """Numbers the record, links it to the previous one of its chain (the first one to the line
        above it): its line. ``above`` is named in the record only when it is not ``prev``."""
        chain.seq += 1
        if chain.seq == 1 and above is not None:
            chain.head = above
        record["writer"] = chain.writer
        record["seq"] = chain.seq
        record["prev"] = chain.head
        if above is not None and above != chain.head:
            record["above"] = above
        chain.head, line = _encode(record, odd, self._key, chain.head)
        return line

    def _arm(self) -> None:
        """Flush held counts ``interval`` seconds from now even if no record comes: a burst followed by
        silence must not leave its count in memory until the session ends (a SIGKILL never ends it)."""
        if self._timer is None:
            self._timer = threading.Timer(self._budget.interval, self._periodic)
            self._timer.daemon = True
            self._timer.start()

    def _periodic(self) -> None:
        with self._lock:
            self._timer = None
            if self._chain is not None:
                self._flush_repeats("periodic")

    def _flush_repeats(self, why: str, session: Any = ..., *, forget: bool = False) -> None:
        """One ``audit.suppressed`` record per kind of decision the budget left out (of ``session``, or
        of every session), each with its count."""
        for held in self._budget.drain(session, forget=forget):
            # The held records' own context only: this one may be another session's.
            self._write_record(SUPPRESSED, suppressed_fields(held, why), bound=False)

    # ---- opening, reopening, closing ----------------------------------------------------------------------

    def _open_fd(self) -> int | None:
        if self._stream is not None:
            return None
        if self.path == "-":
            return 2
        return os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o640)

    def _open(self, fd: int | None, continues: str | None) -> None:
        """Start a chain on ``fd``. In a lockable file its first record links to the file's last
        line, and every record names the line above it when that is not its chain's previous one
        (``format`` 2), both read under the file lock the line is written under."""
        with self._lock:
            self._fd = fd
            # Only a regular file takes flock; checked once, not per line.
            self._lockable = fd is not None and fd != 2 and stat.S_ISREG(os.fstat(fd).st_mode) and fcntl is not None
            extra: dict[str, Any] = {"continues": continues} if continues is not None else {}
            if self._lockable:
                extra["format"] = FORMAT_ABOVE
            self._chain = _Chain(_new_writer(), GENESIS)
            self.event(OPENED, alg=ALG_HMAC if self._key is not None else ALG_SHA256, pid=os.getpid(),
                       version=__version__, **extra)

    def _close_chain(self, reason: str) -> str | None:
        chain = self._chain
        if chain is None:
            return None
        self._flush_repeats(reason)
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
            timer, self._timer = self._timer, None
            if timer is not None:
                timer.cancel()
            fd, self._fd = self._fd, None
            if fd is not None and fd != 2:
                os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


_TAIL = re.compile(rb'"hash":"([0-9a-f]{64})"\}\n\Z')


def _last_line_hash(fd: int, end: int) -> tuple[str, int]:
    """The hash on the file's last line (``end`` bytes long) and the file's size, under the file lock.

    Our writers put ``hash`` last, so the line's last 76 bytes nearly always give it without reading
    the line; anything else is read backwards block by block however long the line. A torn last line
    (a writer died mid-line) is ended with a newline first, so our records start on their own line;
    ``audit-verify`` then reports the torn line. Blank lines are passed over, as ``audit-verify`` does."""
    if end == 0:
        return GENESIS, 0
    tail = os.pread(fd, 76, max(0, end - 76))
    match = _TAIL.search(tail)
    if match is not None:  # the pattern holds no newline but the last: it is the last line's end
        return match.group(1).decode("ascii"), end
    if not tail.endswith(b"\n"):
        os.write(fd, b"\n")
        return GENESIS, end + 1
    block = 65536
    tail = b""
    stop = end - 1  # drop the final newline
    while stop > 0:
        start = max(0, stop - block)
        tail = os.pread(fd, stop - start, start) + tail
        stop = start
        lines = tail.split(b"\n")
        # The last line that is not blank: audit-verify skips blank lines, so "the line above" does too.
        for line in reversed(lines if start == 0 else lines[1:]):
            if line.decode("utf-8", "replace").strip():
                return _hash_of(line), end
        tail = lines[0]  # maybe the end of a longer line: read on before it
    return GENESIS, end


def _hash_of(line: bytes) -> str:
    try:
        record = json.loads(line)
    except ValueError:
        return GENESIS
    value = record.get("hash") if isinstance(record, dict) else None
    return value if isinstance(value, str) else GENESIS

