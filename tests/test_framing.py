"""Sans-I/O framers: newline-delimited JSON (stdio) and Server-Sent Events (HTTP)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elicitguard.proxy.framing import WINDOW, LineFramer, Oversize, PrefixedLines, SseEvent, SseFramer, encode_sse


def lines(framer: LineFramer, *chunks: bytes, close: bool = False) -> list[bytes | int]:
    """Frames as bytes, oversize markers as their size."""
    out: list[bytes | int] = []
    for chunk in chunks:
        out.extend(f.size if isinstance(f, Oversize) else f for f in framer.feed(chunk))
    if close:
        out.extend(f.size if isinstance(f, Oversize) else f for f in framer.close())
    return out


# ---- LineFramer ---------------------------------------------------------------------------------------------

LINE_CASES = [
    ("one-line", [b'{"a":1}\n'], [b'{"a":1}']),
    ("split-across-chunks", [b'{"a"', b':1}', b"\n"], [b'{"a":1}']),
    ("split-mid-second-line", [b'{"a":1}\n{"b"', b':2}\n'], [b'{"a":1}', b'{"b":2}']),
    ("many-per-chunk", [b"a\nb\nc\n"], [b"a", b"b", b"c"]),
    ("newline-alone-chunk", [b"abc", b"\n", b"def\n"], [b"abc", b"def"]),
    ("byte-by-byte", [bytes([c]) for c in b"xy\nz\n"], [b"xy", b"z"]),
    ("crlf-kept-in-line", [b'{"a":1}\r\n'], [b'{"a":1}\r']),
    ("no-newline-yet", [b'{"a":1}'], []),
]


@pytest.mark.parametrize(("chunks", "frames"), [pytest.param(c, f, id=i) for i, c, f in LINE_CASES])
def test_line_framer_yields_each_complete_line(chunks: list[bytes], frames: list[bytes]) -> None:
    assert lines(LineFramer(1024), *chunks) == frames


def test_a_final_line_without_newline_is_a_frame_at_close() -> None:
    framer = LineFramer(1024)
    assert lines(framer, b'{"a":1}\n{"b":2}', close=True) == [b'{"a":1}', b'{"b":2}']


def test_close_after_a_complete_stream_yields_nothing_more() -> None:
    framer = LineFramer(1024)
    assert lines(framer, b"a\n", close=True) == [b"a"]


def test_close_ignores_trailing_whitespace_only() -> None:
    assert lines(LineFramer(1024), b"a\n  ", close=True) == [b"a"]


def test_a_line_of_exactly_the_limit_is_kept() -> None:
    assert lines(LineFramer(5), b"12345\n", b"123", b"45\n") == [b"12345", b"12345"]


def test_an_oversize_line_in_one_chunk_is_discarded_and_reported_with_its_size() -> None:
    assert lines(LineFramer(10), b"x" * 20 + b"\nok\n") == [20, b"ok"]


def test_an_oversize_line_across_chunks_is_discarded_and_the_next_line_survives() -> None:
    framer = LineFramer(10)
    assert lines(framer, b"x" * 8, b"x" * 8, b"xx\nok\n") == [18, b"ok"]


def test_an_oversize_line_is_never_buffered_beyond_the_limit() -> None:
    framer = LineFramer(10)
    for _ in range(100):
        list(framer.feed(b"y" * 1000))
    assert len(framer._buf) <= 10  # noqa: SLF001 - the bound is the point of the test
    assert lines(framer, b"\nok\n") == [100_000, b"ok"]


def test_an_oversize_final_line_is_reported_at_close() -> None:
    assert lines(LineFramer(4), b"ok\n123456", close=True) == [b"ok", 6]


def test_a_buffered_prefix_that_becomes_oversize_is_reported() -> None:
    assert lines(LineFramer(6), b"1234", b"5678\nz\n") == [8, b"z"]


# ---- SseFramer ----------------------------------------------------------------------------------------------


def events(framer: SseFramer, *chunks: bytes) -> list[SseEvent]:
    out: list[SseEvent] = []
    for chunk in chunks:
        out.extend(framer.feed(chunk))
    return out


SSE_DATA = [
    ("lf", b"data: {\"a\":1}\n\n", b'{"a":1}'),
    ("crlf", b"data: {\"a\":1}\r\n\r\n", b'{"a":1}'),
    ("cr", b"data: {\"a\":1}\r\r", b'{"a":1}'),
    ("mixed-terminators", b"data: a\r\ndata: b\rdata: c\n\n", b"a\nb\nc"),
    ("multi-line-data", b"data: line1\ndata: line2\n\n", b"line1\nline2"),
    ("no-space-after-colon", b"data:x\n\n", b"x"),
    ("only-one-space-stripped", b"data:  x\n\n", b" x"),
    ("field-without-colon", b"data\n\n", b""),
    ("empty-data-lines", b"data:\ndata:\n\n", b"\n"),
    ("comment-between", b": keep-alive\ndata: x\n: another\n\n", b"x"),
    ("unknown-field-ignored", b"foo: bar\ndata: x\n\n", b"x"),
    ("colon-in-value", b"data: {\"u\":\"https://a\"}\n\n", b'{"u":"https://a"}'),
]


@pytest.mark.parametrize(("raw", "data"), [pytest.param(r, d, id=i) for i, r, d in SSE_DATA])
def test_sse_framer_reads_the_data_of_one_event_and_keeps_its_exact_bytes(raw: bytes, data: bytes) -> None:
    framer = SseFramer(1 << 16)
    (event,) = events(framer, raw)
    assert event.data == data
    assert event.raw == raw
    assert framer.pending() == b""


def test_id_event_and_retry_fields_are_kept() -> None:
    raw = b"id: 42\nevent: message\nretry: 1500\ndata: {}\n\n"
    (event,) = events(SseFramer(1 << 16), raw)
    assert (event.id, event.event, event.retry, event.data) == ("42", "message", "1500", b"{}")


def test_a_comment_only_block_is_an_event_without_data() -> None:
    (event,) = events(SseFramer(1 << 16), b": ping\n\n")
    assert event.data is None and event.raw == b": ping\n\n"


def test_several_events_in_one_chunk_each_keep_their_own_bytes() -> None:
    a, b, c = b"id: 1\ndata: a\n\n", b"data: b\r\n\r\n", b"event: x\rdata: c\r\r"
    got = events(SseFramer(1 << 16), a + b + c)
    assert [e.raw for e in got] == [a, b, c]
    assert [e.data for e in got] == [b"a", b"b", b"c"]
    assert got[2].event == "x"


@pytest.mark.parametrize("raw", [
    pytest.param(b"id: 7\nevent: message\ndata: {\"jsonrpc\":\"2.0\"}\ndata: more\n\n", id="lf"),
    pytest.param(b"id: 7\rdata: x\rdata: y\r\r", id="cr"),
])
def test_an_event_fed_byte_by_byte_is_the_same_event(raw: bytes) -> None:
    framer = SseFramer(1 << 16)
    got = events(framer, *(raw[i:i + 1] for i in range(len(raw))))
    (event,) = got
    whole = events(SseFramer(1 << 16), raw)[0]
    assert (event.data, event.id, event.event) == (whole.data, whole.id, whole.event)
    assert event.raw == raw


def test_a_crlf_event_fed_byte_by_byte_loses_no_byte() -> None:
    raw = b"id: 7\r\ndata: x\r\ndata: y\r\n\r\n"
    framer = SseFramer(1 << 16)
    got = events(framer, *(raw[i:i + 1] for i in range(len(raw))))
    (event,) = got
    assert event.data == b"x\ny" and event.id == "7"
    assert event.raw + framer.pending() == raw


def test_a_crlf_split_between_cr_and_lf_inside_an_event_is_one_terminator() -> None:
    framer = SseFramer(1 << 16)
    got = events(framer, b"data: a\r", b"\ndata: b\r\n\r\n")
    (event,) = got
    assert event.data == b"a\nb"
    assert event.raw == b"data: a\r\ndata: b\r\n\r\n"


def test_a_crlf_split_at_the_blank_line_does_not_create_an_extra_event_or_lose_bytes() -> None:
    first, second = b"data: a\r\n\r\n", b"data: b\r\n\r\n"
    stream = first + second
    cut = len(first) - 1  # between the final \r and \n of the first event
    framer = SseFramer(1 << 16)
    got = events(framer, stream[:cut], stream[cut:])
    assert [e.data for e in got] == [b"a", b"b"]
    assert b"".join(e.raw for e in got) + framer.pending() == stream


def test_a_lone_cr_at_a_chunk_end_followed_by_a_new_line_keeps_both_lines() -> None:
    framer = SseFramer(1 << 16)
    (event,) = events(framer, b"data: a\r", b"data: b\r\r")
    assert event.data == b"a\nb"
    assert event.raw == b"data: a\rdata: b\r\r"


def test_pending_returns_the_bytes_of_an_event_cut_off_mid_way() -> None:
    framer = SseFramer(1 << 16)
    assert events(framer, b"data: whole\n\nid: 9\ndata: par") != []
    assert framer.pending() == b"id: 9\ndata: par"


def test_pending_after_a_complete_line_but_no_blank_line() -> None:
    framer = SseFramer(1 << 16)
    assert events(framer, b"data: x\n") == []
    assert framer.pending() == b"data: x\n"


def frames(framer: SseFramer, *chunks: bytes) -> list[SseEvent | Oversize]:
    out: list[SseEvent | Oversize] = []
    for chunk in chunks:
        out.extend(framer.feed(chunk))
    return out


OVERSIZE_DATA = b'{"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":{"message":"' + b"x" * 5000 + b'"}}'


@pytest.mark.parametrize("nl", [b"\n", b"\r\n", b"\r"], ids=["LF", "CRLF", "CR"])
@pytest.mark.parametrize("split", ["one-line", "many-lines"])
@pytest.mark.parametrize("piece", [1 << 20, 7, 1], ids=["one-read", "7-byte-reads", "byte-by-byte"])
def test_an_oversize_event_is_reported_with_the_ends_of_its_data_and_the_next_event_survives(
        nl: bytes, split: str, piece: int) -> None:
    if split == "one-line":
        big = b"id: 3" + nl + b"event: message" + nl + b"data: " + OVERSIZE_DATA + nl + nl
    else:
        lines = [OVERSIZE_DATA[i:i + 100] for i in range(0, len(OVERSIZE_DATA), 100)]
        big = b"event: message" + nl + b"".join(b"data: " + line + nl for line in lines) + nl
    after = b"data: after" + nl + nl
    stream = b"data: before" + nl + nl + big + after
    framer = SseFramer(1024)
    got = frames(framer, *(stream[i:i + piece] for i in range(0, len(stream), piece)), b"")
    got += list(framer.feed(b"", final=True))
    before, oversize, last = got
    assert isinstance(before, SseEvent) and before.data == b"before"
    assert isinstance(oversize, Oversize)
    assert isinstance(last, SseEvent) and last.data == b"after"
    assert oversize.size + len(last.prefix) == len(big)  # a CRLF split after its CR leads the next event
    joined = OVERSIZE_DATA if split == "one-line" else b"\n".join(lines)
    assert oversize.head == joined[:WINDOW] and oversize.tail == joined[-WINDOW:]
    assert not framer.pending().strip() and framer.dropping == 0


def test_an_oversize_event_is_never_held_past_the_limit() -> None:
    framer = SseFramer(1024)
    assert frames(framer, b"data: ", *(b"x" * 4096 for _ in range(100))) == []
    assert len(framer._buf) <= 1024 and len(framer._event_raw) <= 1024 + 4096
    assert len(framer._head) <= WINDOW and len(framer._tail) <= WINDOW
    assert framer.dropping > 400_000


def test_a_stream_ending_inside_an_oversize_event_says_so() -> None:
    framer = SseFramer(16)
    assert frames(framer, b"data: " + b"x" * 100) == []
    assert list(framer.feed(b"", final=True)) == []
    assert framer.dropping == 106


def test_encode_sse_round_trips_through_the_framer() -> None:
    raw = encode_sse(b'{"a":1}\n{"b":2}', event="message", event_id="5", retry="10")
    (event,) = events(SseFramer(1 << 16), raw)
    assert (event.data, event.event, event.id, event.retry) == (b'{"a":1}\n{"b":2}', "message", "5", "10")
    assert event.raw == raw


def test_encode_sse_honours_the_newline_style() -> None:
    raw = encode_sse(b"x", newline=b"\r\n")
    assert raw == b"data: x\r\n\r\n"


# ---- PrefixedLines (the stdio server's stderr beside audit lines) ------------------------------------------

PREFIX_CASES = [
    ("plain", [b"hello\n"], b"P hello\n"),
    ("split-across-chunks", [b"hel", b"lo\nwor", b"ld\n"], b"P hello\nP world\n"),
    ("crlf", [b"dos\r\n"], b"P dos\n"),
    ("bare-cr-and-escape", [b"a\rb\x1b[2Kc\n"], b"P a\\x0db\\x1b[2Kc\n"),
    ("line-separators", ["x\u2028y\u2029z\x85w\n".encode()], b"P x\\u2028y\\u2029z\\x85w\n"),
    ("vt-ff-fs", [b"a\x0bb\x0cc\x1cd\x1de\x1ef\n"], b"P a\\x0bb\\x0cc\\x1cd\\x1de\\x1ef\n"),
    ("bidi", ["\u202eabc\u202c \u2066d\u2069\n".encode()], b"P \\u202eabc\\u202c \\u2066d\\u2069\n"),
    ("c1-and-del", ["\x9b31m\x7f\n".encode()], b"P \\x9b31m\\x7f\n"),
    ("tab-kept", [b"a\tb\n"], b"P a\tb\n"),
    ("invalid-utf8", [b"\xff\xfeok\n"], b"P \\xff\\xfeok\n"),
    ("utf8-kept", ["caf\u00e9 \u2615\n".encode()], "P caf\u00e9 \u2615\n".encode()),
]


@pytest.mark.parametrize(("chunks", "expected"), [pytest.param(c, e, id=i) for i, c, e in PREFIX_CASES])
def test_every_relayed_line_starts_with_the_prefix_and_holds_no_line_break_or_control(
        chunks: list[bytes], expected: bytes) -> None:
    relay = PrefixedLines(b"P ")
    out = b"".join(relay.feed(c) for c in chunks) + relay.close()
    assert out == expected
    assert all(line.startswith("P ") for line in out.decode("utf-8").splitlines())


def test_a_relayed_line_longer_than_the_limit_is_cut_into_prefixed_pieces() -> None:
    relay = PrefixedLines(b"P ", limit=10)
    out = relay.feed(b"x" * 25) + relay.feed(b"\n") + relay.close()
    assert out == b"P " + b"x" * 10 + b"\nP " + b"x" * 10 + b"\nP " + b"x" * 5 + b"\n"


def test_a_relayed_stream_without_a_final_newline_is_ended_at_close() -> None:
    relay = PrefixedLines(b"P ")
    assert relay.feed(b"partial") == b""
    assert relay.close() == b"P partial\n"
    assert relay.close() == b""


_LINES = [b"data: {}", b"data:x", b"data:  x", b"data", b"data:", b": ping", b":", b"event: message", b"event:x",
          b"id: 7", b"id:", b"retry: 15", b"foo: bar", b"\xff\xfe: \xff", b"id: \xff", b"data: caf\xc3\xa9", b"x:y:z"]


class _Slow(SseFramer):
    whole_events_fast = False


@given(st.lists(st.lists(st.sampled_from(_LINES), max_size=4), min_size=1, max_size=6),
       st.lists(st.integers(0, 200), max_size=4), st.integers(20, 400), st.sampled_from([b"", b":\n\n", b"data: a", b"\xef\xbb\xbf", b"\xc3\xaf\xc2\xbb\xc2\xbf", b"\xef"]))
@settings(max_examples=300, deadline=None)
def test_whole_events_read_at_an_event_boundary_frame_as_the_line_by_line_reader_frames_them(
        blocks: list[list[bytes]], cuts: list[int], limit: int, first: bytes) -> None:
    whole = [b"".join(line + b"\n" for line in block) + b"\n" for block in blocks]
    stream = first + b"".join(whole)
    # Chunks at event boundaries (the fast path's case) and at arbitrary offsets (its fallback).
    bounds = sorted({0, len(stream), *(len(first) + sum(map(len, whole[:i])) for i in range(len(whole) + 1)),
                     *(c for c in cuts if c < len(stream))})
    chunks = [stream[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]
    fast, slow = SseFramer(limit), _Slow(limit)
    got, want = events(fast, *chunks), events(slow, *chunks)
    shape = [(type(e).__name__, vars(e)) for e in got]
    assert shape == [(type(e).__name__, vars(e)) for e in want]
    assert fast.pending() == slow.pending()
    assert {k: v for k, v in vars(fast).items()} == {k: v for k, v in vars(slow).items()}
