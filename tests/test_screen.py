"""The raw-byte screen (policies/screen.py) against the full judgement.

Soundness: whatever the screen lets through, the full judgement would have forwarded unchanged, with no
reply, no decision, and the same session state afterwards. Hypothesis writes the frames by hand (pairs,
so a key can be duplicated in any object; any character of a key or string spelled as a ``\\u``
escape; the keys the guard reads nested anywhere, as keys and as strings).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from elicitguard.policies import envelope
from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.screen import screen
from elicitguard.policies.session import ClientRequest, SessionState, _Table
from elicitguard.policies.verdict import Direction

POLICY = load_config_text("").policy
MONITOR = load_config_text("mode: monitor\n").policy
MAX = 1 << 20
C2S, S2C = Direction.CLIENT_TO_SERVER, Direction.SERVER_TO_CLIENT

# Every key the guard reads anywhere, and some it does not.
KEYS = ["jsonrpc", "id", "method", "params", "result", "error", "name", "uri", "_meta", "taskId", "task",
        "inputResponses", "inputRequests", "elicitation", "content", "text", "type", "code", "message", "arguments",
        "io.modelcontextprotocol/protocolVersion", "x", "é", ""]
METHODS = ["tools/call", "initialize", "server/discover", "elicitation/create", "notifications/elicitation/complete",
           "notifications/tasks", "notifications/tasks/status", "notifications/progress", "resources/read", "ping"]


class Obj:
    """A JSON object as pairs: a key may repeat."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        self.pairs = pairs


def _string(text: str, escape: list[bool]) -> str:
    out = []
    for i, ch in enumerate(text):
        if escape[i % len(escape)] if escape else False:
            out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else json.dumps(ch)[1:-1])
        else:
            out.append(json.dumps(ch, ensure_ascii=False)[1:-1])
    return '"' + "".join(out) + '"'


def encode(value: Any, escape: list[bool], space: str) -> str:
    if isinstance(value, Obj):
        return "{" + ("," + space).join(f"{_string(k, escape)}{space}:{space}{encode(v, escape, space)}"
                                        for k, v in value.pairs) + "}"
    if isinstance(value, list):
        return "[" + ",".join(encode(v, escape, space) for v in value) + "]"
    if isinstance(value, str):
        return _string(value, escape)
    return json.dumps(value)


scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False),
                    st.sampled_from(KEYS + METHODS), st.text(max_size=6))
keys = st.one_of(st.sampled_from(KEYS), st.text(max_size=5))
# Frames like most traffic (no key the guard reads beyond the envelope): these mostly pass the screen.
TAME = ["content", "text", "type", "x", "é", "", "name", "id", "arguments", "method"]
tame_keys = st.one_of(st.sampled_from(TAME), st.text(alphabet="abc:", max_size=3))


def _obj(inner: st.SearchStrategy[Any], names: st.SearchStrategy[str] = keys) -> st.SearchStrategy[Obj]:
    return st.lists(st.tuples(names, inner), max_size=4).map(Obj)


values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), _obj(inner)), max_leaves=10)
tame_values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3), _obj(inner, tame_keys)),
                           max_leaves=10)
ids = st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", "1"]), st.booleans(), st.none(), st.just(1.0))


@st.composite
def frames(draw: st.DrawFn) -> tuple[Direction, bytes]:
    tame = draw(st.booleans())
    vals, names = (tame_values, tame_keys) if tame else (values, keys)
    direction = draw(st.sampled_from([C2S, S2C]))
    kind = draw(st.sampled_from(["request", "notification", "result"]))
    pairs: list[tuple[str, Any]] = [("jsonrpc", draw(st.sampled_from(["2.0", "2.0", "2.0", "1.0"])))]
    if kind != "notification":
        pairs.append(("id", draw(st.sampled_from([1, "a", 5]) if tame else ids)))
    if kind == "result":
        body = draw(_obj(vals, names))
        pairs.append(("result", body if draw(st.integers(0, 9)) else draw(vals)))
    else:
        pairs.append(("method", draw(st.sampled_from(METHODS))))
        if draw(st.integers(0, 5)):
            pairs.append(("params", draw(_obj(vals, names))))
    pairs += draw(st.lists(st.tuples(names, vals), max_size=0 if tame and draw(st.booleans()) else 2))  # extra, possibly repeated, top-level keys
    pairs = draw(st.permutations(pairs))
    escape = [] if tame and draw(st.integers(0, 3)) else draw(st.lists(st.booleans(), max_size=5))
    space = draw(st.sampled_from(["", "", " "]))
    text = encode(Obj(pairs), escape, space)
    raw = text.encode("utf-8", "surrogatepass")
    return direction, raw


def _guard(policy: Any = POLICY) -> Guard:
    guard = Guard(policy, MAX)
    guard.client_message(b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
                         b'"capabilities":{"elicitation":{"form":{},"url":{}}},"clientInfo":{"name":"t","version":"1"}}}')
    for request_id, method in [(1, "tools/call"), ("a", "resources/read"), (2, "initialize"), (3, "server/discover")]:
        guard.state.pending_client[f"i:{request_id}" if isinstance(request_id, int) else f"s:{request_id}"] = \
            ClientRequest(method, None, None, None)
    return guard


def _plain(value: Any) -> Any:
    """Session state as comparable data (some of its objects have no __eq__)."""
    if isinstance(value, dict):
        return [(_plain(k), _plain(v)) for k, v in value.items()]  # in order: the tables are ordered
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(map(repr, value))
    if hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        names = list(getattr(value, "__dict__", {})) + list(getattr(value, "__slots__", ()))
        if isinstance(value, SessionState):  # its tables built on first use: every one compared, built or not
            names = sorted(set(names) | {n for n, v in vars(SessionState).items() if isinstance(v, _Table)})
        return (type(value).__name__, [(n, _plain(getattr(value, n))) for n in names
                                       if not n.startswith("_") and hasattr(value, n)])
    return value


def _state(guard: Guard) -> Any:
    return _plain(guard.state)


def _check(direction: Direction, raw: bytes, policy: Any = POLICY) -> bool:
    screened, full = _guard(policy), _guard(policy)
    outcome = screen(screened.state, direction, raw, MAX)
    if outcome is None:
        return False
    judged = full._in_full(direction, raw)
    assert judged.forward == raw and outcome.forward == raw
    assert outcome.methods == judged.methods  # what metrics count is the same either way
    assert judged.replies == [] and judged.decisions == [] and judged.notices == []
    assert outcome.replies == [] and outcome.decisions == [] and outcome.notices == []
    assert _state(screened) == _state(full)
    assert screened.state.pending_client.bytes == full.state.pending_client.bytes
    return True


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames())
def test_the_screen_never_lets_through_a_frame_the_full_judgement_would_change(frame: tuple[Direction, bytes]) -> None:
    event("screened" if _check(*frame) else "judged in full")


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames())
def test_in_monitor_mode_too(frame: tuple[Direction, bytes]) -> None:
    _check(*frame, policy=MONITOR)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames())
def test_without_orjson_too(frame: tuple[Direction, bytes]) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(envelope, "_loads", envelope._stdlib_loads)
        patch.setattr(envelope, "_dumps", envelope._stdlib_dumps)
        _check(*frame)


PLAIN = [
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"name":"x","id":1}}}'),
    (C2S, b'{"jsonrpc": "2.0", "method": "notifications/initialized"}'),
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"method: \\"x\\" \xc3\xa9"}]}}'),
    (S2C, b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":0.5}}'),
]


@pytest.mark.parametrize(("direction", "raw"), PLAIN)
def test_plain_traffic_passes_the_screen(direction: Direction, raw: bytes) -> None:
    assert _check(direction, raw)


REFUSED = [
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"content":[{"a":1,"a":2}]}}'),  # a duplicate, nested
    (S2C, b'{"jsonrpc":"2.0","id":1,"id":1,"result":{}}'),
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"x":"a:b","x":"c"}}'),
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"\\u0069nputRequests":{}}}'),  # a trigger key escaped
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"task":{"inputRequests":{}}}}'),
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"a":NaN}}'),
    (S2C, b'\xef\xbb\xbf{"jsonrpc":"2.0","id":1,"result":{}}'),
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":{"a":"\xff"}}'),
    (S2C, b'{"jsonrpc":"2.0","id":99,"result":{}}'),  # unpaired
    (S2C, b'{"jsonrpc":"2.0","id":2,"result":{}}'),  # an initialize result is read
    (S2C, b'{"jsonrpc":"2.0","id":1,"result":' + b'[' * 70 + b']' * 70 + b'}'),
    (S2C, b'{"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":{}}'),
    (S2C, b'{"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{}}'),
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a","_meta":{}}}'),
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"a","inputResponses":{}}}'),
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"tools/call","method":"elicitation/create"}'),
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}'),
    (C2S, b'{"jsonrpc":"2.0","id":7,"method":"t\\u006fols/call","params":{}}'),
    (C2S, b'{"jsonrpc":"2.0","id":true,"method":"tools/call"}'),
    (C2S, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\"}".encode("utf-16")),
]


@pytest.mark.parametrize(("direction", "raw"), REFUSED)
def test_what_the_guard_must_read_takes_the_full_path(direction: Direction, raw: bytes) -> None:
    assert screen(_guard().state, direction, raw, MAX) is None


@pytest.mark.parametrize("raw", [
    b'{"jsonrpc":"2.0","id":1,"result":{"n":18446744073709551616}}',
    b'{"jsonrpc":"2.0","id":1,"result":{"a":[1e5,-9223372036854775809]}}',
    b'{"jsonrpc":"2.0","id":1,"result":{"a":1,"b":{"c":2,"c":3}}}',
    b'{"jsonrpc":"2.0","id":1,"result":{"a":1e400}}',
])
def test_the_quick_parse_is_exactly_the_strict_one(raw: bytes) -> None:
    quick = _agree(raw)
    if b"e+" not in raw and b"1e400" not in raw:
        assert quick is envelope.NOT_QUICK  # each of these needs the strict parse


def _agree(raw: bytes) -> Any:
    """The quick parse gives what the strict one gives (exactly: 1 and 1.0 differ), or passes."""
    quick = envelope.quick_loads(raw)
    try:
        strict = envelope.strict_loads(raw.decode("utf-8"))
    except ValueError:
        assert quick is envelope.NOT_QUICK
        return quick
    assert quick is envelope.NOT_QUICK or json.dumps(quick) == json.dumps(strict)
    return quick


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames(), st.sampled_from([b"", b"1", b"-", b"\xff", b"NaN", b"1e400", b"18446744073709551616", b'"', b","]),
       st.integers(0, 200))
def test_the_quick_parse_never_reads_a_frame_otherwise_than_the_strict_one(frame: tuple[Direction, bytes],
                                                                          noise: bytes, at: int) -> None:
    raw = frame[1]
    for candidate in (raw, raw[:at] + noise + raw[at:]):
        event("quick" if _agree(candidate) is not envelope.NOT_QUICK else "strict")


def test_the_answer_to_the_proxys_own_retry_of_a_round_takes_the_full_path() -> None:
    # The full judgement relabels it with the client's id (carriers/mrtr.py); forwarded as it came,
    # the client would read an answer under an id it never sent and wait for ever for its own.
    guard = _guard()
    guard.state.pending_client["s:eg-round-1"] = ClientRequest("tools/call", "t", None, None, wire_id=7)
    guard.state.proxy_rounds["s:eg-round-1"] = (7, 1)
    raw = b'{"jsonrpc":"2.0","id":"eg-round-1","result":{"content":[]}}'
    assert screen(guard.state, Direction.SERVER_TO_CLIENT, raw, MAX) is None
    assert b'"id":7' in (guard.server_message(raw, 0.0).forward or b"")


def test_the_answer_to_the_proxys_own_tasks_update_takes_the_full_path() -> None:
    # Nobody else awaits it: the full judgement keeps it from the client.
    guard = _guard()
    guard.state.pending_client["s:eg-task-1"] = ClientRequest("tasks/update", None, None, None, task_id="t-1")
    guard.state.proxy_requests["s:eg-task-1"] = "tasks/update"
    raw = b'{"jsonrpc":"2.0","id":"eg-task-1","result":{}}'
    assert screen(guard.state, Direction.SERVER_TO_CLIENT, raw, MAX) is None
    assert guard.server_message(raw, 0.0).forward is None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.one_of(st.none(), st.text(max_size=200)),
       st.one_of(st.integers(-2**63, 2**63), st.text(max_size=1100)))
def test_the_size_the_screen_books_for_a_pending_request_is_its_size_of(method: str, target: str | None,
                                                                       request_id: int | str) -> None:
    """The screen sizes the request it records from what it knows of it; the table's byte bound must
    count it exactly as the full path does (the soundness test compares the tables' bytes too)."""
    from elicitguard.policies.session import pending_request, size_of, stored, wire_id_of

    request, size = pending_request(method, target, request_id)
    assert request == ClientRequest(stored(method), stored(target) if target is not None else None, None, None, None,
                                    wire_id=wire_id_of(request_id))
    assert size == size_of(request)


json_values = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=5)),
                           lambda inner: st.one_of(st.lists(inner, max_size=3), st.tuples(inner),
                                                   st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                           max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_size_of_a_dict_sized_inline_is_the_sum_of_its_parts(value: Any) -> None:
    """size_of sizes a dict's leaves inline (a form's schema, kept with its pending request): the
    same total as sizing each key and value by a call of its own."""
    from elicitguard.policies.session import size_of

    def slow(item: Any) -> int:
        if isinstance(item, dict):
            return 64 + sum(slow(k) + slow(v) for k, v in item.items())
        if isinstance(item, (tuple, list)):
            return 56 + sum(slow(v) for v in item)
        return size_of(item)

    assert size_of(value) == slow(value)


def test_a_client_body_the_http_relay_hands_over_is_screened_as_its_bytes_would_be() -> None:
    # The relay passes a bytes subclass (proxy/http/common.ClientBody); orjson refuses subclasses, so the
    # screen and the quick parse once sent every HTTP request to the strict parse.
    from elicitguard.proxy.http.common import ClientBody

    raw = b'{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"json","arguments":{}}}'
    guard = Guard(POLICY, MAX)
    outcome = screen(guard.state, C2S, ClientBody(raw), MAX)
    assert outcome is not None and outcome.forward == raw
    assert envelope.quick_loads(ClientBody(raw)) == json.loads(raw)
