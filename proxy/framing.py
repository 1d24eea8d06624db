"""Sans-I/O framers: bytes in, frames out. Newline-delimited JSON (stdio) and Server-Sent Events."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

WINDOW = 65536  # bytes kept from each end of an oversize line, to find its id


class Oversize:
    """Marker for a frame that exceeded the size limit; its bytes were discarded except for a
    window at each end, enough to find the id of the request or response it was."""

    def __init__(self, size: int, head: bytes = b"", tail: bytes = b"") -> None:
        self.size = size
        self.head = head
        self.tail = tail


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


class SseFramer:
    """Incremental SSE parser (WHATWG): CRLF, LF or CR line ends, multi-line data, comments."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._event_raw = bytearray()
        self._data: list[bytes] = []
        self._fields: dict[str, str] = {}
        self._seen_data = False
        self._started = False
        self._pending_cr = False
        self._prefix = b""
        self._scanned = 0

    def _lines(self, data: bytes, final: bool = False) -> Iterator[tuple[bytes, bytes]]:
        """Yield (line, line_with_terminator). CR, LF and CRLF end lines (WHATWG), a CR at once.

        When a CRLF is split across reads, the LF arrives after its line was yielded: it is yielded
        as an empty "continuation" (line None is never used; see feed) so its byte is not lost.
        """
        buf = self._buf
        if self._pending_cr and data[:1] == b"\n":
            data = data[1:]
            self._pending_cr = False
            yield b"\r", b"\n"  # marker: the LF that completes the previous line's CRLF
        self._pending_cr = False
        buf += data
        if not self._started:
            # WHATWG: one leading U+FEFF is ignored. Clients strip it, so must we, or an event hidden
            # behind it would pass unjudged. Wait until three bytes show whether it is there.
            if len(buf) < 3 and BOM.startswith(bytes(buf)) and not final:
                return
            self._started = True
            if buf.startswith(BOM):
                self._event_raw += BOM
                del buf[:3]
        start = 0
        n = len(buf)
        # Bytes before _scanned were searched on an earlier read and hold no line end: a long line
        # trickled in small reads is scanned once, not once per read.
        scan = self._scanned
        while start < n:
            cr = buf.find(b"\r", max(start, scan))
            lf = buf.find(b"\n", max(start, scan))
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
            yield bytes(buf[start:line_end]), bytes(buf[start:end])
            start = end
            scan = 0
        del buf[:start]
        self._scanned = len(buf)
        if len(buf) > self.limit:
            raise ValueError(f"SSE line longer than {self.limit} bytes")

    def feed(self, data: bytes, final: bool = False) -> Iterator[SseEvent]:
        """Events completed by these bytes; ``final=True`` at end of stream flushes a trailing CR."""
        for line, with_end in self._lines(data, final):
            if line == b"\r":
                # The LF half of a CRLF split across reads: kept with the bytes of the event being
                # read; after a dispatched event it leads the next one as its ``prefix``.
                if not self._event_raw:
                    self._prefix = with_end
                self._event_raw += with_end
                continue
            self._event_raw += with_end
            if len(self._event_raw) > self.limit + 4096:
                raise ValueError(f"SSE event larger than {self.limit} bytes")
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
                self._data.append(value)
                self._seen_data = True
            elif key in ("event", "id", "retry"):
                self._fields[key] = value.decode("utf-8", "replace")

    def _finish(self) -> SseEvent | None:
        raw = bytes(self._event_raw)
        prefix, self._prefix = self._prefix, b""
        self._event_raw.clear()
        data = b"\n".join(self._data) if self._seen_data else None
        fields = self._fields
        self._data, self._fields, self._seen_data = [], {}, False
        return SseEvent(raw=raw, data=data, event=fields.get("event"), id=fields.get("id"), retry=fields.get("retry"),
                        prefix=prefix)

    def pending(self) -> bytes:
        """Bytes of an event cut off mid-way (stream ended before its blank line)."""
        return bytes(self._event_raw) + bytes(self._buf)


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
