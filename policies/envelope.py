"""Strict JSON-RPC 2.0 envelope parsing.

A proxy and its peers must read every message the same way, or a message that the proxy judges as one
thing reaches the client as another. So anything that two JSON parsers may read differently is
rejected here: invalid UTF-8, duplicate object keys, NaN/Infinity, lone surrogates, boolean or
fractional ids, non-object ``params``/``result``/``error``.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

RequestId = str | int
JSONObject = dict[str, Any]

DEFAULT_MAX_MESSAGE_BYTES: Final = 16 * 1024 * 1024
# Deep nesting is a parser-exhaustion attack, not MCP traffic.
MAX_DEPTH: Final = 64
# Messages in one batch. Each is judged, audited and maybe answered on its own: a frame of a million
# "1"s would cost as many audit lines (minutes of writing on the event loop) and as much memory.
# MCP dropped batches in 2025-06-18; no honest peer comes near this.
MAX_BATCH: Final = 1024



class Kind(Enum):
    """What a JSON-RPC message is."""

    REQUEST = "request"
    NOTIFICATION = "notification"
    RESULT = "result"
    ERROR = "error"


class EnvelopeError(ValueError):
    """A message that cannot be judged safely; it is never forwarded."""

    def __init__(self, rule: str, detail: str, request_id: RequestId | None = None,
                 response_id: RequestId | None = None,
                 batch_ids: tuple[tuple[RequestId | None, RequestId | None], ...] = ()) -> None:
        super().__init__(detail)
        self.rule = rule
        self.detail = detail
        # The id of the offending request, when it can be read without ambiguity, so that the
        # sender gets exactly one answer.
        self.request_id = request_id
        # The id of an offending response, when readable: whoever waits for it gets an error instead.
        self.response_id = response_id
        # For a batch refused whole: each element's (request id, response id), read as for a message.
        self.batch_ids = batch_ids


@dataclass(frozen=True, slots=True)
class Message:
    """One parsed JSON-RPC message. ``raw`` is its exact bytes when it stood alone on the wire."""

    obj: JSONObject
    kind: Kind
    raw: bytes | None = None

    @property
    def method(self) -> str | None:
        method = self.obj.get("method")
        return method if isinstance(method, str) else None

    @property
    def id(self) -> RequestId | None:
        value = self.obj.get("id")
        return value if isinstance(value, (str, int)) else None

    @property
    def params(self) -> JSONObject:
        params = self.obj.get("params")
        return params if isinstance(params, dict) else {}

    @property
    def result(self) -> JSONObject:
        result = self.obj.get("result")
        return result if isinstance(result, dict) else {}

    @property
    def error(self) -> JSONObject:
        error = self.obj.get("error")
        return error if isinstance(error, dict) else {}


@dataclass(frozen=True, slots=True)
class Envelope:
    """What one frame on the wire held: a single message or a batch."""

    raw: bytes
    messages: tuple[Message, ...]
    batch: bool
    # Batch elements that failed validation; each is refused on its own.
    rejected: tuple[EnvelopeError, ...] = ()


class DuplicateKey(ValueError):
    """A JSON object names one key twice (raised by :func:`unique_pairs`; the key is its argument)."""


def unique_pairs(pairs: list[tuple[str, Any]]) -> JSONObject:
    """``object_pairs_hook`` that refuses a key written twice in one object."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return obj


def _reject_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


class _NonFinite(ValueError):
    pass


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NonFinite(text)
    return value


_DECODER: Final = json.JSONDecoder(object_pairs_hook=unique_pairs, parse_constant=_reject_constant,
                                   parse_float=_finite_float)
# Reads a frame holding a number past the float range (1e400: inf here, Infinity to JSON.parse, an
# error to others), to find which messages of a batch hold one: each is refused on its own, with its
# id answered, and the proxy never has to write inf back.
_LOOSE_DECODER: Final = json.JSONDecoder(object_pairs_hook=unique_pairs, parse_constant=_reject_constant)


def _decode(text: str) -> tuple[Any, bool]:
    """The value, and whether it holds a number past the float range."""
    try:
        return _DECODER.decode(text), False
    except _NonFinite:
        return _LOOSE_DECODER.decode(text), True


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isinf(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


def strict_loads(text: str) -> Any:
    """Parse JSON refusing duplicate keys, NaN/Infinity and nesting deeper than MAX_DEPTH (ValueError)."""
    value = _DECODER.decode(text)
    if _may_be_deep(text) and not _depth_ok(value):
        raise ValueError(f"nesting deeper than {MAX_DEPTH}")
    return value


def _stdlib_loads(raw: bytes) -> Any:
    # Decoded as UTF-8 here: json.loads(bytes) would also take UTF-16 and UTF-32, which parse_envelope refuses.
    return _PLAIN_DECODER.decode(raw.decode("utf-8"))


def _stdlib_dumps(value: Any) -> bytes:
    # allow_nan=False: a number past a double's range (1e400) reads as inf and must take the strict parse.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


_PLAIN_DECODER: Final = json.JSONDecoder(parse_constant=_reject_constant)
_loads: Callable[[bytes], Any]
_dumps: Callable[[Any], bytes]
try:
    import orjson

    _loads, _dumps = orjson.loads, orjson.dumps
except ImportError:  # the fast extra is optional
    _loads, _dumps = _stdlib_loads, _stdlib_dumps

NOT_QUICK: Final = object()
# orjson holds the GIL for a whole parse: a larger frame (judged in a worker thread) takes the strict
# parse, which lets the event loop's thread run between its steps.
QUICK_MAX_BYTES: Final = 512 * 1024


def quick_loads(raw: bytes) -> Any:
    """``raw`` parsed without the strict parser's per-object hook (orjson when installed), or
    NOT_QUICK when it must take the strict parse (which also says precisely what is wrong).

    As strict as the strict parse for what it returns. It takes only frames without a ``\\u`` escape:
    then no string can gain or lose a ``:`` when decoded and encoded again (only ``\\u003a`` spells
    one), and parsing drops each duplicate key's pair (its ``:`` and any inside its value), so a frame
    holds a duplicate key, in any object, if and only if its bytes have more ``:`` than the
    re-encoding of what was parsed. orjson refuses NaN and invalid UTF-8, and reads an integer past
    64 bits as a float, at least 2**63 in size, which it writes with an exponent (``e+``, as it
    writes every float from 1e16): a re-encoding with ``e+`` takes the strict parse, which keeps the
    integer exact. Depth is checked by the caller."""
    if len(raw) > QUICK_MAX_BYTES or b"\\u" in raw or raw.startswith(b"\xef\xbb\xbf"):
        return NOT_QUICK
    return quick_loads_plain(raw)


def quick_loads_plain(raw: bytes) -> Any:
    """``quick_loads`` for a frame already known to be small, without ``\\u`` and without a BOM."""
    try:
        # orjson refuses a subclass of bytes (the HTTP relay's ClientBody) as if it were not JSON.
        value = _loads(raw if type(raw) is bytes else bytes(raw))
        again = _dumps(value)
    except (ValueError, RecursionError):  # orjson.JSONDecodeError and UnicodeDecodeError are ValueErrors
        return NOT_QUICK
    # Written back byte for byte (compact JSON, as the SDKs send it): nothing was dropped or changed.
    if again != raw and (raw.count(b":") != again.count(b":") or b"e+" in again):
        return NOT_QUICK
    return value


def _may_be_deep(text: str) -> bool:
    """Fewer brackets than the depth limit cannot nest past it: skip the walk (C-speed counts)."""
    return text.count("{") + text.count("[") > MAX_DEPTH


def id_key(value: RequestId) -> str:
    """The key a request id is tracked under: its JSON type and value, exactly, in bounded space.

    A response pairs with a request only when its id equals the request's in type and value; the
    SDKs coerce ("00", "0x0", " 1", "1.0" to a number), so anything looser would let a response the
    proxy never paired (an initialize result answered with "00" for 0) reach the client as the
    answer to a pending request. Integers and strings never share a key, and a long id is kept as
    its hash, so a peer cannot make the proxy hold megabytes per pending request.
    """
    text = ("i:" + str(value)) if isinstance(value, int) else ("s:" + value)
    if len(text) <= 130:
        return text
    return "h:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _depth_ok(value: Any, depth: int = 0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(_depth_ok(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return True


def _readable_ids(text: str) -> tuple[RequestId | None, RequestId | None,
                                      tuple[tuple[RequestId | None, RequestId | None], ...]]:
    """Best-effort (request id, response id) of a refused message, None when not unambiguous; for a
    refused batch, each element's pair instead (read in the same loose parse: a frame is parsed once
    more, never twice more)."""
    # Keyed by id(), each object kept alive beside its pairs: one a duplicate key dropped is never freed,
    # so its address is never another object's (which would lend that one its "id").
    objects: dict[int, tuple[dict[str, Any], list[tuple[str, Any]]]] = {}
    last: list[tuple[str, Any]] = []  # the pairs of the object built last: the root, for a message

    def record(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal last
        built = dict(pairs)
        if "id" in built and ("method" in built or "result" in built or "error" in built):
            objects[id(built)] = (built, pairs)  # only objects shaped as a message are kept
        last = pairs
        return built

    try:
        loose = json.loads(text, object_pairs_hook=record)
    except (ValueError, RecursionError):
        return None, None, ()
    if isinstance(loose, list):
        return None, None, tuple(_ids_of(item, _pairs_of(item, objects)) for item in loose[:MAX_BATCH]
                                 if isinstance(item, dict))
    if not isinstance(loose, dict):
        return None, None, ()
    return (*_ids_of(loose, last), ())


def _pairs_of(item: dict[str, Any], objects: dict[int, tuple[dict[str, Any], list[tuple[str, Any]]]]
              ) -> list[tuple[str, Any]]:
    entry = objects.get(id(item))
    return entry[1] if entry is not None and entry[0] is item else []


def _ids_of(loose: dict[str, Any], pairs: list[tuple[str, Any]]) -> tuple[RequestId | None, RequestId | None]:
    # Its "id" must appear once (with two, which would the peer use?); repeated but equal ids name one
    # request (every parser reads the same value).
    ids = [value for key, value in pairs if key == "id"]
    if not ids or any(i != ids[0] or type(i) is not type(ids[0]) for i in ids):
        return None, None
    if isinstance(ids[0], bool) or not isinstance(ids[0], (str, int)):
        return None, None
    value: RequestId = ids[0]
    if isinstance(loose.get("method"), str):
        return value, None
    if "result" in loose or "error" in loose:
        return None, value
    return None, None


def _refused(rule: str, detail: str, text: str) -> EnvelopeError:
    return EnvelopeError(rule, detail, *_readable_ids(text))


_ID_AT_END: Final = re.compile(r'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$')
_ID_VALUE: Final = re.compile(r'\s*(-?\d+|"(?:[^"\\]|\\.)*")')


def _top_level_keys(text: str) -> Iterator[tuple[str, int]]:
    """(key, index after its colon) for each key of the outermost object that ``text`` starts."""
    depth, i, n, expect_key = 0, 0, len(text), False
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:
                return
            raw_key, i = text[i + 1:j], j + 1
            if depth == 1 and expect_key:
                k = i
                while k < n and text[k] in " \t\r\n":
                    k += 1
                if k < n and text[k] == ":":
                    try:
                        yield json.loads(f'"{raw_key}"'), k + 1
                    except ValueError:
                        return
                    expect_key, i = False, k + 1
            continue
        if c in "{[":
            depth += 1
            expect_key = c == "{" and depth == 1
        elif c in "}]":
            depth -= 1
        elif c == "," and depth == 1:
            expect_key = True
        i += 1


def id_from_fragments(head: bytes, tail: bytes) -> tuple[RequestId | None, str | None]:
    """The id of a message too large to parse, from its first and last bytes, and whether it was a
    "request" or a "response" (None when unknown). None for the id when the two ends disagree."""
    text = head.decode("utf-8", "replace")
    found: list[RequestId] = []
    kind: str | None = None
    for key, at in _top_level_keys(text):
        if key == "method":
            kind = "request"
        elif key in ("result", "error"):
            kind = kind or "response"
        elif key == "id":
            match = _ID_VALUE.match(text, at)
            if match and match.end() < len(text):  # a value cut by the window end is not trusted
                found.append(json.loads(match.group(1)))
    end = _ID_AT_END.search(tail.decode("utf-8", "replace"))
    if end:
        found.append(json.loads(end.group(1)))
    ids = {json.dumps(v) for v in found}
    if len(ids) != 1:
        return None, kind
    value = found[0]
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None, kind
    return value, kind


def _check_id(value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise EnvelopeError("envelope.id", "id must be a string or an integer")


def classify(obj: Any) -> Kind:
    """Validate one JSON-RPC message object and say what it is."""
    if not isinstance(obj, dict):
        raise EnvelopeError("envelope.not_object", "a JSON-RPC message must be an object")
    if obj.get("jsonrpc") != "2.0":
        raise EnvelopeError("envelope.version", 'jsonrpc must be "2.0"')
    if "method" in obj:
        if not isinstance(obj["method"], str):
            raise EnvelopeError("envelope.method", "method must be a string")
        if "result" in obj or "error" in obj:
            raise EnvelopeError("envelope.ambiguous", "a message cannot be both a request and a response")
        if "params" in obj and not isinstance(obj["params"], dict):
            raise EnvelopeError("envelope.params", "params must be an object")
        if "id" in obj:
            _check_id(obj["id"])
            return Kind.REQUEST
        return Kind.NOTIFICATION
    if "id" not in obj:
        raise EnvelopeError("envelope.shape", "neither a request, a notification nor a response")
    has_result, has_error = "result" in obj, "error" in obj
    if has_result == has_error:
        raise EnvelopeError("envelope.shape", "a response carries exactly one of result and error")
    if has_result:
        _check_id(obj["id"])
        if not isinstance(obj["result"], dict):
            raise EnvelopeError("envelope.result", "result must be an object")
        return Kind.RESULT
    # An error answering an unreadable request may carry a null id.
    if obj["id"] is not None:
        _check_id(obj["id"])
    error = obj["error"]
    if (
        not isinstance(error, dict)
        or isinstance(error.get("code"), bool)
        or not isinstance(error.get("code"), int)
        or not isinstance(error.get("message"), str)
    ):
        raise EnvelopeError("envelope.error", "error must be an object with an integer code and a string message")
    return Kind.ERROR


def parse_envelope(raw: bytes, max_bytes: int = DEFAULT_MAX_MESSAGE_BYTES) -> Envelope:
    """Parse one frame (a line, an HTTP body or an SSE event's data) into messages."""
    if len(raw) > max_bytes:
        raise EnvelopeError("envelope.too_large", f"message of {len(raw)} bytes exceeds the {max_bytes}-byte limit")
    value = quick_loads(raw)
    if value is not NOT_QUICK and not (raw.count(b"{") + raw.count(b"[") > MAX_DEPTH and not _depth_ok(value)):
        return _envelope(raw, value)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise EnvelopeError("envelope.utf8", f"not valid UTF-8 at byte {exc.start}") from None
    if text.startswith("\ufeff"):
        raise EnvelopeError("envelope.bom", "a byte-order mark is not allowed")
    try:
        value, nonfinite = _decode(text)
    except DuplicateKey as exc:
        raise _refused("envelope.duplicate_key", f"duplicate key {str(exc)!r}", text) from None
    except RecursionError:
        raise EnvelopeError("envelope.depth", "nesting too deep") from None
    except ValueError as exc:
        raise _refused("envelope.json", f"invalid JSON: {exc}", text) from None
    if "\\u" in text:
        # Only an escape can produce a lone surrogate; a strict re-encode finds it exactly.
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise _refused("envelope.surrogate", "lone UTF-16 surrogate escape", text) from None
    if _may_be_deep(text) and not _depth_ok(value):
        raise _refused("envelope.depth", f"nesting deeper than {MAX_DEPTH}", text)
    return _envelope(raw, value, nonfinite)


def _envelope(raw: bytes, value: Any, nonfinite: bool = False) -> Envelope:
    """The messages of a parsed frame; ``nonfinite`` when the strict decode read a number past a
    double's range (the quick parse never returns one: see ``quick_loads_plain``)."""
    if isinstance(value, list):
        if not value:
            raise EnvelopeError("envelope.batch", "an empty batch is not a JSON-RPC message")
        if len(value) > MAX_BATCH:
            raise EnvelopeError("envelope.batch", f"a batch of more than {MAX_BATCH} messages")
        good: list[Message] = []
        bad: list[EnvelopeError] = []
        for item in value:
            try:
                good.append(_element(item, check_finite=nonfinite))
            except EnvelopeError as exc:
                bad.append(exc)
        return Envelope(raw, tuple(good), batch=True, rejected=tuple(bad))
    return Envelope(raw, (_element(value, raw, check_finite=nonfinite),), batch=False)


def _element(value: Any, raw: bytes | None = None, check_finite: bool = False) -> Message:
    try:
        kind = classify(value)
        if check_finite and not _finite(value):
            raise EnvelopeError("envelope.number", "a number beyond the range of a double")
    except EnvelopeError as exc:
        if isinstance(value, dict):
            candidate = value.get("id")
            if isinstance(candidate, (str, int)) and not isinstance(candidate, bool):
                if isinstance(value.get("method"), str):
                    exc.request_id = candidate
                elif "result" in value or "error" in value:
                    exc.response_id = candidate
        raise
    return Message(value, kind, raw)


def dumps(obj: Any) -> bytes:
    """Serialise a message the proxy wrote or rewrote: compact, UTF-8, no NaN."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
