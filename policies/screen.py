r"""Raw-byte screens: the bulk of traffic judged without the strict parse or the carriers.

A frame is screened only when its bytes prove it cannot carry anything the guard reads beyond its
envelope (``jsonrpc``, ``id``, ``method``, ``params``/``result``) and the request's target, so the full
judgement would forward it unchanged and record exactly what is recorded here:

* no ``\u`` escape anywhere: every key the guard reads is made of ASCII letters, which JSON can
  spell another way only with ``\u``; so the key is in the bytes if and only if it is spelled as
  ``"key"``;
* none of the keys that make the guard read further (``_meta``, ``taskId``, ``inputResponses``,
  ``requestState`` in a request; ``inputRequests``, ``taskId``, ``error``, ``requestState`` in a
  result) occurs anywhere, as a key or not;
* fewer brackets than the depth limit, no byte-order mark, within the size limit; and the bytes
  parse with ``envelope.quick_loads`` (orjson when installed), as strictly as the full parse:
  duplicate keys in any object, invalid JSON or UTF-8, NaN all take the full path.

Anything else takes the full path, which judges it and reports precisely what was wrong. The
property test in tests/test_screen.py checks the screen against the full judgement.
"""

from __future__ import annotations

from typing import Any, Final

from elicitguard.policies.carriers.base import C2S, COMPLETE, READ_RESULTS, TASK_NOTIFICATIONS, Outcome, target_of
from elicitguard.policies.envelope import MAX_DEPTH, QUICK_MAX_BYTES, id_key, quick_loads_plain
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.session import ClientRequest, SessionState, stored, wire_id_of
from elicitguard.policies.verdict import Direction

_BOM: Final = b"\xef\xbb\xbf"
# Notifications the guard judges (server to client); every other notification is only forwarded.
_JUDGED_NOTIFICATIONS: Final = frozenset({ELICIT, COMPLETE, *TASK_NOTIFICATIONS})


def _plain(raw: bytes, max_bytes: int) -> bool:
    return (
        len(raw) <= min(max_bytes, QUICK_MAX_BYTES) and b"\\u" not in raw and not raw.startswith(_BOM)
        and raw.count(b"{") + raw.count(b"[") <= MAX_DEPTH
    )


def _parsed(raw: bytes) -> dict[str, Any] | None:
    obj = quick_loads_plain(raw)
    if not isinstance(obj, dict) or obj.get("jsonrpc") != "2.0":
        return None
    return obj


def screen(state: SessionState, direction: Direction, raw: bytes, max_bytes: int) -> Outcome | None:
    """The outcome of a frame that passes the screen (always: forward it unchanged), with what the
    guard records of it recorded; None when the frame must be judged in full."""
    if not _plain(raw, max_bytes):
        return None
    if b'"method"' in raw:
        return _request(state, direction, raw)
    if direction is not C2S:
        return _result(state, raw)
    return None


def _request(state: SessionState, direction: Direction, raw: bytes) -> Outcome | None:
    if b'"_meta"' in raw or b'"taskId"' in raw or b'"inputResponses"' in raw or b'"requestState"' in raw:
        return None
    obj = _parsed(raw)
    if obj is None or "result" in obj or "error" in obj:
        return None
    method = obj.get("method")
    params = obj.get("params", {})
    if not isinstance(method, str) or not isinstance(params, dict):
        return None
    if "id" not in obj:
        # A notification: the guard forwards every client notification, and every server
        # notification except the few it judges.
        judged = direction is not C2S and method in _JUDGED_NOTIFICATIONS
        return None if judged else Outcome(forward=raw, methods=[method])
    request_id = obj["id"]
    if direction is not C2S or method == "initialize" or isinstance(request_id, bool) \
            or not isinstance(request_id, (str, int)):
        return None
    target = target_of(params)
    pending = ClientRequest(stored(method), stored(target) if target is not None else None, None, None, None,
                            wire_id=wire_id_of(request_id))
    if not state.pending_client.add(id_key(request_id), pending):
        return None  # the table is full: the full path refuses it
    return Outcome(forward=raw, methods=[method])


def _result(state: SessionState, raw: bytes) -> Outcome | None:
    if b'"inputRequests"' in raw or b'"taskId"' in raw or b'"error"' in raw or b'"requestState"' in raw:
        return None
    obj = _parsed(raw)
    if obj is None or not isinstance(obj.get("result"), dict):
        return None
    request_id = obj.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, (str, int)):
        return None
    key = id_key(request_id)
    pending = state.pending_client.get(key)
    if pending is None or pending.method in READ_RESULTS or key in state.proxy_rounds or key in state.proxy_requests:
        # Unpaired (refused), a result the guard reads, or the answer to a request the proxy sent
        # itself (its retry of a round, relabelled; its tasks/update, not forwarded).
        return None
    state.pending_client.pop(key)
    return Outcome(forward=raw, methods=[None])
