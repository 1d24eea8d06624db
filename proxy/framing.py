"""Sans-I/O framers: bytes in, frames out. Newline-delimited JSON (stdio) and Server-Sent Events."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

WINDOW = 65536  # bytes kept from each end of an oversize line, to find its id


class Oversize:
    """Marker for a frame that exceeded the size limit; its bytes were discarded except for a
    window at each end, enough to find the id of the request or response it was."""

    def __init__(self, size: int, head: bytes = b"", tail: bytes = b"", prefix: bytes = b"") -> None:
        self.size = size
        self.head = head
        self.tail = tail
        # SSE: line-end bytes that belong to the previous event (see SseEvent.prefix).
        self.prefix = prefix


class LineFramer:
    """Splits a byte stream into lines (without the ``\\n``); never holds more than ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._discarding = 0  # bytes dropped so far of an oversize line
        self._head = b""
        self._tail = bytearray()

    def _start_discarding(self, data: bytes) -> None:
        self._discarding = len(data)
        self._head = bytes(data[:WINDOW])
        self._tail = bytearray(data[-WINDOW:])

    def _keep_tail(self, data: bytes) -> None:
        self._discarding += len(data)
        self._tail += data
        del self._tail[:-WINDOW]

    def _oversize(self) -> Oversize:
        out = Oversize(self._discarding, self._head, bytes(self._tail))
        self._discarding, self._head, self._tail = 0, b"", bytearray()
        return out

    def feed(self, data: bytes) -> Iterator[bytes | Oversize]:
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end == -1:
                break
            piece = data[start:end]
            start = end + 1
            if self._discarding:
                self._keep_tail(piece)
                yield self._oversize()
                continue
            if len(self._buf) + len(piece) > self.limit:
                self._start_discarding(bytes(self._buf) + piece)
                self._buf.clear()
                yield self._oversize()
                continue
            if self._buf:
                self._buf += piece
                line = bytes(self._buf)
                self._buf.clear()
            else:
                line = piece
            yield line
        rest = data[start:]
        if self._discarding:
            self._keep_tail(rest)
        elif len(self._buf) + len(rest) > self.limit:
            self._start_discarding(bytes(self._buf) + rest)
            self._buf.clear()
        else:
            self._buf += rest

    def close(self) -> Iterator[bytes | Oversize]:
        """End of stream: a final line without a newline is still a frame."""
        if self._discarding:
            yield self._oversize()
        elif self._buf.strip():
            line = bytes(self._buf)
            self._buf.clear()
            yield line


# Characters that end a line for some reader (str.splitlines, JSON-in-JS), drive a terminal, or
# reorder what a person sees: shown as escapes in relayed text.
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


class PrefixedLines:
    """Re-emits a byte stream as lines that each start with ``prefix`` and hold no control, line
    separator or bidi character (those become escapes), so the stream can share a file with JSON
    audit lines and none of its lines can parse as (or visually overwrite) one. A line longer than
    ``limit`` bytes is cut into several, each with the prefix."""

    def __init__(self, prefix: bytes, limit: int = 8192) -> None:
        self.prefix = prefix
        self.limit = limit
        self._buf = bytearray()

    def _line(self, raw: bytes) -> bytes:
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        text = _UNSAFE.sub(_escape, raw.decode("utf-8", "backslashreplace"))
        return self.prefix + text.encode("utf-8") + b"\n"

    def feed(self, data: bytes) -> bytes:
        """The complete lines these bytes finish, ready to write."""
        self._buf += data
        out = bytearray()
        while True:
            end = self._buf.find(b"\n")
            if end == -1 or end > self.limit:
                if len(self._buf) <= self.limit:
                    break
                end = self.limit
                out += self._line(bytes(self._buf[:end]))
                del self._buf[:end]
                continue
            out += self._line(bytes(self._buf[:end]))
            del self._buf[:end + 1]
        return bytes(out)

    def close(self) -> bytes:
        """End of stream: a last line without a newline is still a line."""
        rest, self._buf = bytes(self._buf), bytearray()
        return self._line(rest) if rest else b""


@dataclass
class SseEvent:
    """One Server-Sent Event, with the exact bytes it arrived as."""

    raw: bytes
    data: bytes | None = None
    event: str | None = None
    id: str | None = None
    retry: str | None = None
    # Bytes at the start of ``raw`` that belong to the previous event's last line end (a CRLF split
    # across reads); they must reach the client even when this event is dropped or rewritten.
    prefix: bytes = b""


BOM = b"\xef\xbb\xbf"
# U+FEFF read as Latin-1 ("\u00ef\u00bb\u00bf"), in UTF-8. eventsource-parser (the TypeScript SDK's SSE
# reader) drops these three characters from the start of its first chunk, after TextDecoderStream
# dropped a real BOM: a line behind them is a field to that client, so it must be one to the proxy.
LATIN1_BOM = "\u00ef\u00bb\u00bf".encode()
# What a client may drop from the start of a stream, longest first.
STREAM_MARKS = (BOM + LATIN1_BOM, BOM, LATIN1_BOM)
_MARK_STARTS = frozenset(mark[0] for mark in STREAM_MARKS)


class SseFramer:
    """Incremental SSE parser (WHATWG): CRLF, LF or CR line ends, multi-line data, comments.

    An event larger than ``limit`` (or with a line longer) is never held: its bytes are dropped as they
    arrive, except a window at each end of its data, and at its end it is reported as an
    :class:`Oversize` carrying those windows (to find the id of the request or response it was); the
    stream goes on with the next event.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._event_raw = bytearray()
        self._data: list[bytes] = []
        self._data_len = 0  # bytes of data so far (its lines joined by LF): what limit bounds
        self._fields: dict[str, str] = {}
        self._seen_data = False
        self._started = False
        self._pending_cr = False
        self._prefix = b""
        self._scanned = 0
        # The event being dropped for its size: bytes so far, and the ends of its data.
        self._over = False
        self._over_size = 0
        self._head = bytearray()
        self._tail = bytearray()
        self._data_lines = 0
        self._in_long_line: bool | None = None  # inside a line too long to hold: is it a data line?

    def _lines(self, data: bytes, final: bool = False) -> Iterator[tuple[bytes, bytes, bool]]:
        """Yield (line, line_with_terminator, complete). CR, LF and CRLF end lines (WHATWG), a CR at once.

        When a CRLF is split across reads, the LF arrives after its line was yielded: it is yielded
        as the pair (b"\r", b"\n") so its byte is not lost (a line never holds a CR). A line longer
        than the limit is yielded in pieces as it arrives, with ``complete`` False until its end.
        """
        buf = self._buf
        if self._pending_cr and data[:1] == b"\n":
            data = data[1:]
            self._pending_cr = False
            yield b"\r", b"\n", True  # marker: the LF that completes the previous line's CRLF
        self._pending_cr = False
        buf += data
        if not self._started:
            # WHATWG: one leading U+FEFF is ignored. Clients strip it (and more, see LATIN1_BOM), so
            # must we, or an event hidden behind it would pass unjudged. Wait until enough bytes show
            # which of those marks is there.
            head = bytes(buf)
            if not final and any(len(head) < len(mark) and mark.startswith(head) for mark in STREAM_MARKS):
                return
            self._started = True
            mark = next((m for m in STREAM_MARKS if head.startswith(m)), b"")
            self._event_raw += mark
            del buf[:len(mark)]
        start = 0
        n = len(buf)
        # Bytes before _scanned were searched on an earlier read and hold no line end: a long line
        # trickled in small reads is scanned once, not once per read.
        scan = self._scanned
        # The next CR and LF at or after ``start``, found once and kept until a line passes them (the
        # buffer does not change in this loop): a line costs one search, not two over the rest.
        cr = lf = -2
        while start < n:
            low = start if start > scan else scan
            if -1 < cr < low or cr == -2:
                cr = buf.find(b"\r", low)
            if -1 < lf < low or lf == -2:
                lf = buf.find(b"\n", low)
            if cr == -1 and lf == -1:
                break
            if cr != -1 and (lf == -1 or cr < lf):
                if cr + 1 < n:
                    end = cr + 2 if buf[cr + 1] == 0x0A else cr + 1
                else:
                    end = cr + 1
                    self._pending_cr = True  # an LF may follow in the next read
                line_end = cr
            else:
                end = lf + 1
                line_end = lf
            yield bytes(buf[start:line_end]), bytes(buf[start:end]), True
            start = end
            scan = 0
        del buf[:start]
        self._scanned = len(buf)
        if len(buf) > self.limit or (self._in_long_line is not None and buf):
            # No line end in sight and too long to hold (or the rest of such a line): pass it on now.
            piece = bytes(buf)
            buf.clear()
            self._scanned = 0
            yield piece, piece, False

    # Whether whole events read between two events take _whole_events (tests compare both ways).
    whole_events_fast = True

    def feed(self, data: bytes, final: bool = False) -> Iterable[SseEvent | Oversize]:
        """Events completed by these bytes; ``final=True`` at end of stream flushes a trailing CR."""
        # Not started: a stream's first read, taken here unless it may begin with a mark to strip.
        if (data.endswith(b"\n\n") and not final and (self._started or data[0] not in _MARK_STARTS) and not self._buf and not self._event_raw
                and not self._pending_cr and self._in_long_line is None and not self._over and not self._data
                and not self._fields and not self._seen_data and not self._prefix and len(data) <= self.limit
                and b"\r" not in data and self.whole_events_fast):
            return self._whole_events(data)
        return self._feed(data, final)

    def _whole_events(self, data: bytes) -> list[SseEvent | Oversize]:
        """``_feed`` for the common read (most upstreams write one or more whole events at a time): at an
        event boundary, LF line ends only, whole events within the limit. The same events, the framer
        left between events as ``_feed`` leaves it, without the line generator and its copies."""
        self._started = True
        out: list[SseEvent | Oversize] = []
        start = pos = 0
        values: list[bytes] = []
        seen = False
        fields: dict[str, str] = {}
        for line in data.split(b"\n")[:-1]:  # data ends with a LF: the last piece is empty
            pos += len(line) + 1
            if not line:
                out.append(SseEvent(raw=data[start:pos], data=b"\n".join(values) if seen else None,
                                    event=fields.get("event"), id=fields.get("id"), retry=fields.get("retry")))
                start, values, seen, fields = pos, [], False, {}
                continue
            if line[0] == 0x3A:  # ":" a comment
                continue
            name, colon, value = line.partition(b":")
            if colon and value[:1] == b" ":
                value = value[1:]
            if name == b"data":
                values.append(value)
                seen = True
            elif name == b"event" or name == b"id" or name == b"retry":
                fields[name.decode()] = value.decode("utf-8", "replace")
        return out

    def _feed(self, data: bytes, final: bool = False) -> Iterator[SseEvent | Oversize]:
        for line, with_end, complete in self._lines(data, final):
            if line == b"\r" and with_end == b"\n":
                # The LF half of a CRLF split across reads: kept with the bytes of the event being
                # read; after a dispatched event it leads the next one as its ``prefix``.
                if self._over:
                    self._over_size += 1
                    continue
                if not self._event_raw:
                    self._prefix = with_end
                self._event_raw += with_end
                continue
            if self._in_long_line is not None:
                # More of a line too long to hold: only the ends of its data are kept.
                self._over_size += len(with_end)
                if self._in_long_line:
                    self._keep_ends(line)
                if complete:
                    self._in_long_line = None
                continue
            if not complete:
                name, colon, value = line.partition(b":")
                self._start_oversize()
                self._over_size += len(with_end)
                self._in_long_line = name == b"data"
                if self._in_long_line:
                    self._data_line(value[1:] if value.startswith(b" ") else value)
                continue
            if self._over:
                self._over_size += len(with_end)
            else:
                self._event_raw += with_end
                if len(self._event_raw) > self.limit + 4096:
                    self._start_oversize()
            if not line:
                event = self._finish()
                if event is not None:
                    yield event
                continue
            if line.startswith(b":"):
                continue
            name, colon, value = line.partition(b":")
            if colon and value.startswith(b" "):
                value = value[1:]
            key = name.decode("utf-8", "replace")
            if key == "data":
                if not self._over:
                    self._data_len += len(value) + (1 if self._data else 0)
                    if self._data_len > self.limit:
                        self._start_oversize()
                if self._over:
                    self._data_line(value)
                else:
                    self._data.append(value)
                    self._seen_data = True
            elif key in ("event", "id", "retry"):
                self._fields[key] = value.decode("utf-8", "replace")

    def _start_oversize(self) -> None:
        """The event outgrew the limit: drop what is held of it, keeping the ends of its data."""
        if self._over:
            return
        self._over = True
        self._over_size = len(self._event_raw) - len(self._prefix)  # the prefix is the previous event's
        self._event_raw.clear()
        for value in self._data:
            self._data_line(value)
        self._data, self._seen_data, self._data_len = [], False, 0

    def _data_line(self, value: bytes) -> None:
        if self._data_lines:
            self._keep_ends(b"\n")
        self._data_lines += 1
        self._keep_ends(value)

    def _keep_ends(self, data: bytes) -> None:
        if len(self._head) < WINDOW:
            self._head += data[:WINDOW - len(self._head)]
        self._tail += data[-WINDOW:]
        del self._tail[:-WINDOW]

    def _finish(self) -> SseEvent | Oversize | None:
        prefix, self._prefix = self._prefix, b""
        fields = self._fields
        self._fields = {}
        if self._over:
            out = Oversize(self._over_size, bytes(self._head), bytes(self._tail), prefix)
            self._over, self._over_size, self._data_lines = False, 0, 0
            self._head.clear()
            self._tail.clear()
            return out
        raw = bytes(self._event_raw)
        self._event_raw.clear()
        data = b"\n".join(self._data) if self._seen_data else None
        self._data, self._seen_data, self._data_len = [], False, 0
        return SseEvent(raw=raw, data=data, event=fields.get("event"), id=fields.get("id"), retry=fields.get("retry"),
                        prefix=prefix)

    def pending(self) -> bytes:
        """Bytes of an event cut off mid-way (stream ended before its blank line)."""
        return bytes(self._event_raw) + bytes(self._buf)

    @property
    def dropping(self) -> int:
        """Bytes dropped so far of an oversize event not yet ended (0 when none)."""
        return self._over_size if self._over else 0


def encode_sse(data: bytes, event: str | None = None, event_id: str | None = None, retry: str | None = None,
               newline: bytes = b"\n") -> bytes:
    """Serialise one event (used when the proxy rewrites or injects an event)."""
    out = bytearray()
    if event_id is not None:
        out += b"id: " + event_id.encode() + newline
    if event is not None:
        out += b"event: " + event.encode() + newline
    if retry is not None:
        out += b"retry: " + retry.encode() + newline
    for line in data.split(b"\n"):
        out += b"data: " + line + newline
    out += newline
    return bytes(out)
