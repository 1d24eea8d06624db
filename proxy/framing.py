"""Sans-I/O framers: bytes in, frames out. Newline-delimited JSON (stdio) and Server-Sent Events."""

from __future__ import annotations

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

    def _lines(self, data: bytes, final: bool = False) -> Iterator[tuple[int, bytes]]:
        """Yield (length of the line, line_with_terminator). CR, LF and CRLF end lines (WHATWG), a CR
        at once. Each line is copied out of the buffer once: a 16 MiB data line costs one copy here.

        When a CRLF is split across reads, the LF arrives after its line was yielded: it is yielded
        with length -1 (a "continuation"; see feed) so its byte is not lost.
        """
        buf = self._buf
        if self._pending_cr and data[:1] == b"\n":
            data = data[1:]
            self._pending_cr = False
            yield -1, b"\n"  # marker: the LF that completes the previous line's CRLF
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
            with memoryview(buf) as view:
                with_end = bytes(view[start:end])
            yield line_end - start, with_end
            start = end
            scan = 0
        del buf[:start]
        self._scanned = len(buf)
        if len(buf) > self.limit:
            raise ValueError(f"SSE line longer than {self.limit} bytes")

    def feed(self, data: bytes, final: bool = False) -> Iterator[SseEvent]:
        """Events completed by these bytes; ``final=True`` at end of stream flushes a trailing CR."""
        for length, with_end in self._lines(data, final):
            if length == -1:
                # The LF half of a CRLF split across reads: kept with the bytes of the event being
                # read; after a dispatched event it leads the next one as its ``prefix``.
                if not self._event_raw:
                    self._prefix = with_end
                self._event_raw += with_end
                continue
            self._event_raw += with_end
            if len(self._event_raw) > self.limit + 4096:
                raise ValueError(f"SSE event larger than {self.limit} bytes")
            if not length:
                event = self._finish()
                if event is not None:
                    yield event
                continue
            if with_end.startswith(b":"):
                continue
            colon = with_end.find(b":", 0, length)
            name_end, value_start = (colon, colon + 1) if colon != -1 else (length, length)
            if value_start < length and with_end[value_start] == 0x20:
                value_start += 1
            key = with_end[:name_end].decode("utf-8", "replace")
            if key == "data":
                # The one copy of the value: slicing the line again would copy a large one twice.
                self._data.append(with_end[value_start:length])
                self._seen_data = True
            elif key in ("event", "id", "retry"):
                self._fields[key] = with_end[value_start:length].decode("utf-8", "replace")

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
