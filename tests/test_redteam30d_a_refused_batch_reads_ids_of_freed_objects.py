"""Red team 30d (fixed in session 30): envelope._readable_ids (486e5f6) keys the objects of a refused frame's loose parse by
id(), and keeps only those that name an "id". An object dropped during the parse (the first value of a
duplicate key: exactly what refuses the batch) is freed, and CPython hands its address to a later batch
element: an element with no "id" of its own (a notification, or a result written without one) then reads
the pairs of the freed object, and is taken for a request or a response under an id it never carried. A
batch of notifications whose first one's params repeat a key over a list of objects with ids ("victim-3",
"victim-6"...) gets error replies under those ids, answering notifications (JSON-RPC: never answered)
and a result element written with no id is read as answering that id (the pending request of the other
peer under it is answered with an error). No such reads at 1f8b69d (a batch refused whole answered
nothing). The reuse is CPython's allocator's: 300 freed objects, more than its dict free list holds."""

from __future__ import annotations

import json

import pytest

from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard
from elicitguard.policies.envelope import EnvelopeError, parse_envelope


def _batch() -> bytes:
    freed = ",".join('{"id":"victim-%d","method":"m"}' % i for i in range(300))
    elements = ['{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"x":[%s],"x":1}}' % freed]
    elements += ['{"jsonrpc":"2.0","method":"notifications/progress","params":{"k":%d}}' % i for i in range(20)]
    return ("[" + ",".join(elements) + "]").encode()


def test_a_refused_batch_of_notifications_reads_no_request_ids_from_objects_freed_in_the_parse() -> None:
    with pytest.raises(EnvelopeError) as info:
        parse_envelope(_batch())
    assert info.value.rule == "envelope.duplicate_key"
    assert all(pair == (None, None) for pair in info.value.batch_ids)


def test_a_refused_batch_of_notifications_from_the_client_gets_no_error_replies() -> None:
    g = Guard(load_config_text("", "test.yaml").policy, 1 << 20)
    g.client_message(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "cli", "version": "1"}}}).encode())
    g.server_message(json.dumps({"jsonrpc": "2.0", "id": 0, "result": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "serverInfo": {"name": "srv", "version": "1"}}}).encode())
    out = g.client_message(_batch())
    assert out.forward is None
    assert [json.loads(r)["id"] if isinstance(r, (bytes, str)) else r["id"] for r in out.replies] == []
