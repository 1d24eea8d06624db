"""Red team 30b: the answers a batch refused whole owes (policies/carriers/refusal.py, 5009fcb).

``_refused_batch`` answers the pending requests the batch's responses answer, read by a lenient
``json.loads`` of the raw frame. Three things it leaves: the batch's own requests get no error (a single
frame refused for the same duplicate key does get one); an element that names two ids is answered under
the last (a whole frame that names two is answered under none: "which would the peer use?"); and the
lenient parse runs while the strict parse's value is still alive, doubling the peak memory a refused
frame costs. All three fixed in session 30: the envelope's one loose parse reads each element's ids (as
a refused message's), and the batch's requests are answered too."""

from __future__ import annotations

import json
import tracemalloc
from typing import Any

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard

POLICY = load_config_text("").policy


def _b(obj: object) -> bytes:
    return json.dumps(obj).encode()


def _session(max_bytes: int = 4 * 1024 * 1024) -> Guard:
    guard = Guard(POLICY, max_bytes)
    guard.client_message(_b({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}))
    guard.server_message(_b({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "s", "version": "1"}}}), 0.0)
    return guard


def _ids_answered(frames: list[bytes | None]) -> list[Any]:
    ids = []
    for frame in frames:
        if frame is None:
            continue
        value = json.loads(frame)
        for message in value if isinstance(value, list) else [value]:
            if "error" in message or "result" in message:
                ids.append(message.get("id"))
    return ids


_DUPLICATE_NOTE = b'{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","level":"debug"}}'


def test_a_single_request_frame_refused_for_a_duplicate_key_is_answered() -> None:
    """The baseline the batch case is held to: the proxy answers a refused request frame."""
    guard = _session()
    out = guard.client_message(b'{"jsonrpc":"2.0","id":10,"method":"tools/list","params":{"a":1,"a":2}}')
    assert _ids_answered([dumped for dumped in (json.dumps(r).encode() for r in out.replies)]) == [10]


@pytest.mark.parametrize("direction", ["client", "server"])
def test_the_requests_of_a_batch_refused_whole_are_answered_with_an_error(direction: str) -> None:
    guard = _session()
    request = {"jsonrpc": "2.0", "id": 9 if direction == "client" else "p1",
               "method": "tools/list" if direction == "client" else "ping"}
    raw = b"[" + _b(request) + b"," + _DUPLICATE_NOTE + b"]"
    out = guard.client_message(raw) if direction == "client" else guard.server_message(raw, 1.0)
    assert out.forward is None or request["id"] not in _ids_answered([out.forward])  # not forwarded as it came
    replies = [json.dumps(r).encode() for r in out.replies]
    assert request["id"] in _ids_answered(replies), out.replies


def test_a_refused_batch_element_naming_two_ids_answers_neither_as_a_whole_frame_naming_two_does() -> None:
    whole = _session()
    batch = _session()
    for guard in (whole, batch):
        guard.client_message(_b({"jsonrpc": "2.0", "id": "A", "method": "tools/list"}))
        guard.client_message(_b({"jsonrpc": "2.0", "id": "B", "method": "tools/list"}))
    frame = b'{"jsonrpc":"2.0","id":"A","id":"B","result":{}}'
    from_whole = whole.server_message(frame, 1.0)
    from_batch = batch.server_message(b"[" + frame + b"]", 1.0)
    assert _ids_answered([from_whole.forward]) == []  # the whole frame: neither id is trusted
    assert _ids_answered([from_batch.forward]) == _ids_answered([from_whole.forward])


def _peak(raw: bytes, max_bytes: int) -> int:
    guard = _session(max_bytes)
    tracemalloc.start()
    try:
        guard.server_message(raw, 1.0)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_batch_refused_whole_costs_no_more_peak_memory_than_a_valid_frame_of_its_size() -> None:
    max_bytes = 1024 * 1024
    n = (max_bytes - 100) // 3
    valid = b'{"jsonrpc":"2.0","method":"notifications/x","params":{"a":[' + b"{}," * n + b"{}]}}"
    too_many = b'[{"jsonrpc":"2.0","method":"notifications/x","params":{}}' + b",{}" * n + b"]"
    assert len(valid) <= max_bytes and len(too_many) <= max_bytes
    assert _peak(too_many, max_bytes) <= 1.3 * _peak(valid, max_bytes)
