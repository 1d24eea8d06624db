"""Red team 30g (fixed in session 30): the loose parse that reads a refused frame's ids (envelope._readable_ids) keeps, for
every object naming an "id" anywhere in the frame, the object, its list of pairs and an entry keyed by
its id(), though a single message's root is the only one read. A 2 MiB request holding objects
{"id":1} in its params, refused for one duplicate key, peaks at ~3.3 times the memory of the same
frame without the duplicate (~149 MiB against ~45 MiB here; a 16 MiB frame took ~0.8-1.1 GiB of RSS
and 4-5 s). At 1f8b69d the ratio was ~2.7 (its loose parse kept every object's pairs): worse today."""

from __future__ import annotations

import tracemalloc


from elicitguard.policies.config import load_config_text
from elicitguard.policies.engine import Guard

POLICY = load_config_text("").policy
BODY = b'{"id":1},' * (2 * 1024 * 1024 // 9) + b'{"id":1}]}}'
REFUSED = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","a":1,"a":2,"params":{"x":[' + BODY
JUDGED = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","a":1,"b":2,"params":{"x":[' + BODY


def _peak(raw: bytes) -> int:
    guard = Guard(POLICY, 16 * 1024 * 1024)
    tracemalloc.start()
    try:
        guard.client_message(raw)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_frame_refused_for_a_duplicate_key_costs_no_more_than_twice_the_memory_of_one_judged_in_full():
    refused, judged = _peak(REFUSED), _peak(JUDGED)
    assert refused <= 2 * judged, (refused, judged)
