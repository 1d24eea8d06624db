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

import re
from typing import Any, Final

from elicitguard.policies.carriers.base import C2S, COMPLETE, READ_RESULTS, TASK_NOTIFICATIONS, Outcome, forwarded
from elicitguard.policies.envelope import MAX_DEPTH, QUICK_MAX_BYTES, _dumps, _loads, id_key
from elicitguard.policies.judge import ELICIT
from elicitguard.policies.session import SessionState, pending_request
from elicitguard.policies.verdict import Direction

_BOM: Final = b"\xef\xbb\xbf"
# Notifications the guard judges (server to client); every other notification is only forwarded.
_JUDGED_NOTIFICATIONS: Final = frozenset({ELICIT, COMPLETE, *TASK_NOTIFICATIONS})
# The keys that make the guard read further, anywhere in the frame: one search each way (a regex
# anchored on its first byte, the quote, rather than four scans of the whole frame).
_REQUEST_KEYS: Final = re.compile(rb'"(?:_meta|taskId|inputResponses|requestState)"')
_RESULT_KEYS: Final = re.compile(rb'"(?:inputRequests|taskId|error|requestState)"')
_LIMIT: Final = QUICK_MAX_BYTES


def _parsed(raw: bytes) -> dict[str, Any] | None:
    """``envelope.quick_loads_plain`` inlined: the frame parsed, or None for the full path. A frame
    orjson writes back byte for byte (compact JSON, as the SDKs send it) cannot have lost a duplicate
    key nor an integer's exactness: the counting check is for the others."""
    try:
        # orjson refuses a subclass of bytes (the HTTP relay's ClientBody) as if it were not JSON: such
        # a frame took the full path, strict parse and all, every time.
        obj = _loads(raw if type(raw) is bytes else bytes(raw))
        again = _dumps(obj)
    except (ValueError, RecursionError):
        return None
    if again != raw and (raw.count(b":") != again.count(b":") or b"e+" in again):
        return None
    if type(obj) is not dict or obj.get("jsonrpc") != "2.0":
        return None
    return obj


def screen(state: SessionState, direction: Direction, raw: bytes, max_bytes: int) -> Outcome | None:
    """The outcome of a frame that passes the screen (always: forward it unchanged), with what the
    guard records of it recorded; None when the frame must be judged in full."""
    # No \u escape (a backslash is looked for first: one memchr, while most frames have none), no BOM,
    # fewer brackets than the depth limit, within the size limits.
    if (len(raw) > max_bytes or len(raw) > _LIMIT or (b"\\" in raw and b"\\u" in raw) or raw.startswith(_BOM)
            or raw.count(b"{") + raw.count(b"[") > MAX_DEPTH):
        return None
    if b'"method"' in raw:
        return _request(state, direction, raw)
    if direction is not C2S:
        return _result(state, raw)
    return None


def _request(state: SessionState, direction: Direction, raw: bytes) -> Outcome | None:
    if direction is not C2S and b'"id"' in raw:
        return None  # a server request (or a notification naming an id): judged in full, unparsed here
    if _REQUEST_KEYS.search(raw) is not None:
        return None
    obj = _parsed(raw)
    if obj is None or "result" in obj or "error" in obj:
        return None
    method = obj.get("method")
    params = obj.get("params", _EMPTY)
    if type(method) is not str or type(params) is not dict:
        return None
    if "id" not in obj:
        # A notification: the guard forwards every client notification, and every server
        # notification except the few it judges.
        judged = direction is not C2S and method in _JUDGED_NOTIFICATIONS
        return None if judged else forwarded(raw, method)
    request_id = obj["id"]
    kind = type(request_id)
    if direction is not C2S or method == "initialize" or (kind is not str and kind is not int):
        return None
    target = params.get("name")
    if type(target) is not str:
        target = params.get("uri")
        if type(target) is not str:
            target = None
    if not state.pending_client.add(id_key(request_id), *pending_request(method, target, request_id)):
        return None  # the table is full: the full path refuses it
    return forwarded(raw, method)


def _result(state: SessionState, raw: bytes) -> Outcome | None:
    if _RESULT_KEYS.search(raw) is not None:
        return None
    obj = _parsed(raw)
    if obj is None or type(obj.get("result")) is not dict:
        return None
    request_id = obj.get("id")
    if type(request_id) is not str and type(request_id) is not int:
        return None
    key = id_key(request_id)
    table = state.pending_client
    pending = table.get(key)
    if pending is None or pending.method in READ_RESULTS or key in state.proxy_rounds or key in state.proxy_requests:
        # Unpaired (refused), a result the guard reads, or the answer to a request the proxy sent
        # itself (its retry of a round, relabelled; its tasks/update, not forwarded).
        return None
    table.pop(key)
    return forwarded(raw, None)


_EMPTY: Final[dict[str, Any]] = {}
