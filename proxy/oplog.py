"""The operational log: what the proxy itself does (start, reload, upstream errors, listener warnings),
for whoever runs it. Never an audit record: it goes to stderr, is not hash-chained, and is shaped so
nobody can take a line for one (text lines start ``elicitguard: LEVEL:``; JSON lines have ``msg`` and
``level``, never ``event``, ``seq`` or ``hash``).

``log.level`` (debug | info | warning | error) and ``log.format`` (text | json) set it; a reload
applies both at once. Values are ASCII-escaped like audit lines, so nothing a peer chose can break a
line or drive a terminal.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import MutableMapping
from typing import Any, Final

import structlog

from elicitguard.proxy.audit import STDERR_LOCK, render
from elicitguard.proxy.audit_clean import _clean
from elicitguard.proxy.stdio_io import write_all

LEVELS: Final = {"debug": 10, "info": 20, "warning": 30, "error": 40}


def _text(record: MutableMapping[str, Any]) -> str:
    """``elicitguard: LEVEL: message key=value ...``; a value with a space or a control is JSON-quoted."""
    level = record.pop("level", "info")
    message = str(record.pop("msg", ""))
    record.pop("ts", None)
    parts = [f"elicitguard: {level}: {json.dumps(message, ensure_ascii=True)[1:-1]}"]
    for key, value in record.items():
        shown = value if isinstance(value, (int, float, bool)) else str(value)
        text = json.dumps(shown, ensure_ascii=True)
        if isinstance(shown, str) and text[1:-1] == shown and shown and " " not in shown and "=" not in shown:
            text = shown
        parts.append(f"{key}={text}")
    return " ".join(parts)


class _Sink:
    """What structlog writes the rendered line through: fd 2, under the shared stderr lock."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def msg(self, line: str) -> None:
        data = (line + "\n").encode("ascii", "backslashreplace")
        with STDERR_LOCK, contextlib.suppress(OSError):
            write_all(self.fd, data)

    debug = info = warning = error = msg


class OpLog:
    """A level-filtered structlog logger onto fd 2 (under the lock the audit and the server's relayed
    stderr use, so lines never interleave)."""

    def __init__(self, level: str = "info", fmt: str = "text", fd: int = 2) -> None:
        self.fd = fd
        self.level = LEVELS[level]
        self.format = fmt
        self._log = structlog.wrap_logger(
            _Sink(fd),
            processors=[
                structlog.processors.add_log_level,
                structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
                self._render,
            ],
            cache_logger_on_first_use=False,
        )

    def configure(self, level: str, fmt: str) -> None:
        self.level = LEVELS[level]
        self.format = fmt

    def _render(self, _logger: Any, _name: str, record: MutableMapping[str, Any]) -> str:
        record["msg"] = record.pop("event", "")
        cleaned = {key: (value if key in ("ts", "level", "msg") else _clean(value)) for key, value in record.items()}
        if self.format == "json":
            ordered = {"ts": cleaned.pop("ts", None), "level": cleaned.pop("level", None),
                       "msg": cleaned.pop("msg", ""), **cleaned}
            return render(ordered)
        return _text(cleaned)

    def _emit(self, level: str, message: str, fields: dict[str, Any]) -> None:
        if LEVELS[level] >= self.level:
            if "event" in fields:  # structlog's own name for the message
                fields["audit_event"] = fields.pop("event")
            getattr(self._log, level)(message, **fields)

    def debug(self, message: str, **fields: Any) -> None:
        self._emit("debug", message, fields)

    def info(self, message: str, **fields: Any) -> None:
        self._emit("info", message, fields)

    def warning(self, message: str, **fields: Any) -> None:
        self._emit("warning", message, fields)

    def error(self, message: str, **fields: Any) -> None:
        self._emit("error", message, fields)


# The process's one operational log; ``configure`` it from the config at start and on reload.
LOG: Final = OpLog()
