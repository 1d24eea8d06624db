"""Properties that must hold for every input, checked with Hypothesis.

The guard never raises and never forwards bytes it did not judge; every server request gets exactly
one answer; framing does not depend on how the bytes were split into reads.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elicitguard.policies.config import load_config_text
from elicitguard.policies.credentials import VALUE_SHAPES
from elicitguard.policies.engine import Guard
from elicitguard.policies.envelope import EnvelopeError, parse_envelope
from elicitguard.proxy.framing import LineFramer, Oversize, SseFramer

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POLICY = load_config_text("").policy
MAX = 1 << 20

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40), st.text(max_size=12),
                         st.floats(allow_nan=False, allow_infinity=False))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)), max_leaves=12)
ids = st.one_of(st.integers(-5, 5), st.text(max_size=4), st.booleans(), st.none(), st.floats(allow_nan=False))
methods = st.sampled_from(["elicitation/create", "tools/call", "ping", "notifications/elicitation/complete",
                           "notifications/tasks", "initialize", "server/discover", "sampling/createMessage"])
modes = st.sampled_from(["form", "url", "FORM", "", None, 3])
field_names = st.sampled_from(["name", "password", "api_key", "age", "token", "city", "cvv", "otp_code", "x"])
prop_types = st.sampled_from(["string", "integer", "number", "boolean", "object", "array"])


@st.composite
def elicit_params(draw: st.DrawFn) -> dict[str, Any]:
    params: dict[str, Any] = {"message": draw(st.text(max_size=20))}
    mode = draw(modes)
    if mode is not None:
        params["mode"] = mode
    if draw(st.booleans()):
        params["requestedSchema"] = {"type": "object", "properties": {
            draw(field_names): {"type": draw(prop_types)} for _ in range(draw(st.integers(0, 3)))}}
    if draw(st.booleans()):
        params["url"] = draw(st.sampled_from(["https://example.com/a", "http://10.0.0.1/", "https://u:p@x.io/",
                                              "javascript:alert(1)", "https://xn--pple-43d.com/", "nope"]))
        params["elicitationId"] = draw(st.text(max_size=5))
    return params


@st.composite
def messages(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["request", "notification", "result", "error", "junk"]))
    msg: dict[str, Any] = {"jsonrpc": draw(st.sampled_from(["2.0", "2.0", "1.0"]))}
    if kind in ("request", "notification"):
        msg["method"] = draw(methods)
        msg["params"] = draw(elicit_params()) if draw(st.booleans()) else draw(json_values)
        if kind == "request":
            msg["id"] = draw(ids)
    elif kind == "result":
        msg["id"] = draw(ids)
        msg["result"] = draw(st.one_of(json_values, st.builds(
            lambda reqs: {"resultType": "input_required", "inputRequests": reqs},
            st.dictionaries(st.text(max_size=3), st.builds(lambda p: {"method": "elicitation/create", "params": p},
                                                           elicit_params()), max_size=3))))
    elif kind == "error":
        msg["id"] = draw(ids)
        msg["error"] = {"code": draw(st.sampled_from([-32042, -32600, 1])), "message": "x",
                        "data": {"elicitations": draw(st.lists(elicit_params(), max_size=3))}}
    else:
        msg = draw(json_values)  # type: ignore[assignment]
    return msg


def _strict_json_or_none(data: bytes | None) -> None:
    if data is not None:
        parse_envelope(data, MAX)  # raises if the proxy ever forwards something it could not judge


@SETTINGS
@given(st.lists(st.tuples(st.booleans(), messages()), max_size=8))
def test_the_guard_never_raises_and_forwards_only_judgeable_frames(traffic: list[tuple[bool, Any]]) -> None:
    guard = Guard(POLICY, MAX)
    for from_client, message in traffic:
        raw = json.dumps(message).encode()
        out = guard.client_message(raw) if from_client else guard.server_message(raw)
        if out.forward is not None and out.forward != raw:
            _strict_json_or_none(out.forward)
        for reply in out.replies:
            assert reply["jsonrpc"] == "2.0" and ("result" in reply or "error" in reply)


@SETTINGS
@given(st.integers(0, 1000), elicit_params(), st.sampled_from([{}, {"form": {}}, {"url": {}}, {"form": {}, "url": {}}]))
def test_every_server_elicitation_request_gets_exactly_one_answer(request_id: int, params: dict[str, Any],
                                                                   declared: dict[str, Any]) -> None:
    guard = Guard(POLICY, MAX)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"elicitation": declared}}}).encode())
    raw = json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "elicitation/create", "params": params}).encode()
    out = guard.server_message(raw)
    answered_by_proxy = [r for r in out.replies if r.get("id") == request_id]
    forwarded = out.forward is not None
    # Either the client gets it (and answers), or the proxy answers once: never both, never neither.
    assert forwarded != bool(answered_by_proxy)
    assert len(answered_by_proxy) <= 1


@SETTINGS
@given(st.binary(max_size=200))
def test_arbitrary_bytes_are_either_parsed_or_refused_with_an_envelope_error(data: bytes) -> None:
    try:
        parse_envelope(data, MAX)
    except EnvelopeError:
        pass


@st.composite
def sse_stream(draw: st.DrawFn) -> bytes:
    newline = draw(st.sampled_from([b"\n", b"\r\n", b"\r"]))
    events = []
    for _ in range(draw(st.integers(1, 4))):
        lines = [b"event: message"] if draw(st.booleans()) else []
        if draw(st.booleans()):
            lines.append(b"id: " + str(draw(st.integers(0, 99))).encode())
        if draw(st.booleans()):
            lines.append(b": comment")
        lines += [b"data: " + draw(st.text(alphabet="abc{}:\" ", max_size=10)).encode()
                  for _ in range(draw(st.integers(1, 3)))]
        events.append(newline.join(lines) + newline + newline)
    return b"".join(events)


def _split(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    pieces, last = [], 0
    for point in points:
        pieces.append(data[last:point])
        last = point
    pieces.append(data[last:])
    return pieces


@SETTINGS
@given(sse_stream(), st.lists(st.integers(0, 10_000), max_size=8))
def test_sse_events_do_not_depend_on_how_the_stream_was_split(stream: bytes, cuts: list[int]) -> None:
    def run(pieces: list[bytes]) -> tuple[list[tuple[Any, ...]], bytes]:
        framer = SseFramer(MAX)
        got = [e for piece in pieces for e in framer.feed(piece)]
        got += list(framer.feed(b"", final=True))
        raw = b"".join(e.raw for e in got) + framer.pending()
        return [(e.data, e.event, e.id) for e in got], raw

    whole, whole_raw = run([stream])
    split, split_raw = run(_split(stream, cuts))
    assert split == whole
    assert split_raw == whole_raw == stream


@SETTINGS
@given(st.lists(st.binary(min_size=0, max_size=30).filter(lambda b: b"\n" not in b), min_size=1, max_size=6),
       st.lists(st.integers(0, 10_000), max_size=8))
def test_lines_do_not_depend_on_how_the_stream_was_split(lines: list[bytes], cuts: list[int]) -> None:
    stream = b"".join(line + b"\n" for line in lines)

    def run(pieces: list[bytes]) -> list[bytes | int]:
        framer = LineFramer(MAX)
        out: list[bytes | int] = []
        for piece in pieces:
            out += [f.size if isinstance(f, Oversize) else f for f in framer.feed(piece)]
        return out

    assert run(_split(stream, cuts)) == run([stream]) == lines


# The secret-shape patterns were rewritten to run in linear time; these are the originals they must
# agree with on every input (the originals are quadratic on long runs, so inputs stay short here).
_ORIGINAL_SHAPES = {
    "an API secret key (sk-...)": re.compile(r"\bsk-(?:[A-Za-z0-9_-]+-)?[A-Za-z0-9]{16,}"),
    "a JSON Web Token": re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\."),
    # The user may be empty ("redis://:password@host"), as the shape reads it on purpose.
    "a URL with an embedded password": re.compile(r"[a-z][a-z0-9+.-]*://[^/\s:@]*:[^/\s@]+@", re.IGNORECASE),
}
_shape_text = st.lists(st.sampled_from(["sk-", "eyJ", "-", "_", ".", "a", "Z", "9", "é", " ", "://", ":", "@", "/",
                                        "+", "abcdefgh", "ABCDEFGH12345678", "x://u:p@h"]), max_size=24).map("".join)


@SETTINGS
@given(_shape_text)
def test_the_linear_secret_shapes_match_exactly_where_the_original_patterns_did(text: str) -> None:
    for shape in VALUE_SHAPES:
        original = _ORIGINAL_SHAPES.get(shape.label)
        if original is not None:
            assert bool(shape.regex.search(text)) == bool(original.search(text)), (shape.label, text)


# ---- ids pair exactly; the client never reads server text from the proxy ---------------------------------

request_ids = st.one_of(st.integers(-3, 300), st.text(alphabet="0x1 +-.٠e", max_size=4))


@SETTINGS
@given(request_ids, request_ids)
def test_a_server_response_is_forwarded_exactly_when_its_id_equals_the_pending_one_in_type_and_value(
        sent: Any, answered: Any) -> None:
    guard = Guard(POLICY, MAX)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": sent, "method": "tools/call",
                                     "params": {"name": "t"}}).encode())
    raw = json.dumps({"jsonrpc": "2.0", "id": answered, "result": {"content": []}}).encode()
    out = guard.server_message(raw)
    paired = type(sent) is type(answered) and sent == answered
    assert (out.forward == raw) == paired
    assert paired or [d.event for d in out.decisions] == ["response.refused"]


server_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=12).map(lambda w: "zq" + w)


@SETTINGS
@given(server_words, st.sampled_from(["password", "api_key", "city", "x"]), prop_types, st.booleans(),
       st.sampled_from(["form", "url", "bogus"]))
def test_the_client_never_reads_server_chosen_words_in_an_error_the_proxy_wrote(
        word: str, field: str, kind: str, as_title: bool, mode: str) -> None:
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
    guard = Guard(POLICY, MAX)
    guard.client_message(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                     "params": {"name": "t", "_meta": meta}}).encode())
    prop: dict[str, Any] = {"type": kind, **({"title": word} if as_title else {})}
    params: dict[str, Any] = {"mode": mode, "message": word, "requestedSchema": {
        "type": "object", "properties": {field if as_title else f"{word}_{field}": prop}}}
    if mode == "url":
        params = {"mode": "url", "message": word, "url": f"https://{word}.example/x", "elicitationId": word}
    raw = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "requestState": word, "inputRequests": {
            "k": {"method": "elicitation/create", "params": params}}}}).encode()
    out = guard.server_message(raw)
    if out.forward is not None and out.forward != raw:
        assert word not in out.forward.decode()
