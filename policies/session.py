"""What the guard remembers about one conversation: declared modes, pending requests both ways,
open URL elicitations and MRTR bookkeeping. Plain data; every table is bounded."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, Generic, NamedTuple, TypeVar, overload

from elicitguard.policies.envelope import Message, RequestId
from elicitguard.policies.limits import HygieneState, TokenBucket

# Bounds on per-session memory: a hostile peer must not grow the proxy without limit. Every table is
# bounded in entries and in bytes, and every string a peer chose is stored at most MAX_STORED chars
# long (a longer one by its hash: equality still holds exactly, and that is all a table needs).
# An id kept to answer it exactly (wire_id) counts towards its table's byte bound.
MAX_TRACKED: Final = 10_000
MAX_TABLE_BYTES: Final = 1 << 20
# Requests awaiting an answer are never forgotten to make room (the answer would then be refused as
# unpaired): past this bound a new request is refused instead. Pipes and open connections hold a few
# thousand in flight at most, so an honest peer never reaches it.
MAX_PENDING_BYTES: Final = 4 << 20
MAX_STORED: Final = 128

K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")


def stored(value: str) -> str:
    """A peer-chosen string as the proxy keeps it: as is when short, else its hash (exact equality
    kept; the long original is never held for the life of a session)."""
    if len(value) <= MAX_STORED:
        return value
    return "#sha256:" + hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


# Longest string id kept verbatim to answer it exactly when its peer goes away (policies/hangup.py);
# a longer one is kept only as its hash, and cannot be answered after a hang-up (nor can it grow
# the proxy: a peer choosing megabyte ids pays for them itself).
MAX_WIRE_ID: Final = 1024


def wire_id_of(value: Any) -> Any:
    """The id to keep for answering exactly: the id itself when an int or short, else None."""
    if isinstance(value, int) or (isinstance(value, str) and len(value) <= MAX_WIRE_ID):
        return value
    return None


# JSON numbers are IEEE doubles to a JavaScript peer: past this, two ids the proxy tells apart can be one
# id to it (2**53 + 1 reads as 2**53).
MAX_SAFE_ID: Final = 2 ** 53 - 1


def request_digest(message: Message) -> str:
    """A short fingerprint of a request: its exact bytes when it stood alone, else its canonical JSON."""
    data = message.raw if message.raw is not None else json.dumps(
        message.obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:32]


def size_of(value: Any) -> int:
    """A rough byte cost of a table key or value (strings by length, containers by their items)."""
    kind = type(value)
    if kind is str:
        return 49 + len(value)
    if value is None or kind in _SCALARS:
        return 16
    if isinstance(value, str):
        return 49 + len(value)
    if kind is dict:  # a form's schema
        return _leaves(value.values(), _leaves(value.keys(), 64))
    if isinstance(value, (tuple, list, frozenset, set)):  # a ClientRequest too
        return _leaves(value, 56)
    if isinstance(value, dict):
        return 64 + sum(size_of(k) + size_of(v) for k, v in value.items())
    slots = getattr(kind, "__slots__", None)
    if slots is not None:
        return _leaves([getattr(value, name) for name in slots], 56)
    return 16


def _leaves(items: Iterable[Any], total: int) -> int:
    """``total`` plus the size of each item: strings, numbers and None sized here rather than by a call
    each (the common leaves of a schema, a request or a dataclass)."""
    for item in items:
        item_kind = type(item)
        if item_kind is str:
            total += 49 + len(item)
        elif item is None or item_kind in _SCALARS:
            total += 16
        else:
            total += size_of(item)
    return total


_SCALARS: Final = frozenset({int, float, bool})


class Bounded(OrderedDict[K, V], Generic[K, V]):
    """An insertion-ordered dict that forgets its oldest entries past a bound in entries or bytes.

    Thread-safe for the mutations the guard uses: a table shared between sessions (session-less
    HTTP) may be written by two judging threads at once. Each entry's size is computed once, when it
    is added, and remembered until it leaves.
    """

    # No per-instance dict: a session holds a dozen of these, and a session-less HTTP request makes one.
    __slots__ = ("bound", "max_bytes", "bytes", "_sizes", "_lock")

    def __init__(self, bound: int = MAX_TRACKED, max_bytes: int = MAX_TABLE_BYTES) -> None:
        # (OrderedDict.__init__ with no arguments adds nothing: not called, a session makes a dozen tables.)
        self.bound = bound
        self.max_bytes = max_bytes
        self.bytes = 0
        self._sizes: dict[K, int] | None = None  # created with the first entry: idle sessions stay small
        self._lock = threading.Lock()

    def _put(self, key: K, value: V, size: int) -> None:
        sizes = self._sizes
        if sizes is None:
            sizes = self._sizes = {}
        if key in sizes:
            self.bytes -= sizes[key]
        super().__setitem__(key, value)
        sizes[key] = size
        self.bytes += size
        while len(self) > 1 and (len(self) > self.bound or self.bytes > self.max_bytes):
            old_key, _ = super().popitem(last=False)
            self.bytes -= sizes.pop(old_key)

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            self._put(key, value, size_of(key) + size_of(value))

    def fits(self, key: K, value: V) -> bool:
        """Whether ``key: value`` can be added without forgetting an older entry."""
        with self._lock:
            if key in self:
                return True
            return len(self) < self.bound and self.bytes + size_of(key) + size_of(value) <= self.max_bytes

    def add(self, key: K, value: V, value_size: int | None = None) -> bool:
        """``fits`` then set, sizing the entry once: False (and nothing added) when it does not fit.
        ``value_size``: ``size_of(value)``, when the caller knows it."""
        size = size_of(key) + (size_of(value) if value_size is None else value_size)
        with self._lock:
            if key not in self and (len(self) >= self.bound or self.bytes + size > self.max_bytes):
                return False
            self._put(key, value, size)
            return True

    def pop(self, key: K, default: Any = None) -> Any:
        with self._lock:
            if key not in self:
                return default
            value = super().pop(key)
            assert self._sizes is not None
            self.bytes -= self._sizes.pop(key)
            return value

    def popitem(self, last: bool = True) -> tuple[K, V]:
        with self._lock:
            key, value = super().popitem(last=last)
            if self._sizes is not None:
                self.bytes -= self._sizes.pop(key, 0)
            return key, value

    def __delitem__(self, key: K) -> None:
        self.pop(key)


class ClientRequest(NamedTuple):
    """What the proxy remembers of a client request until the server answers it (a named tuple: one
    is made for nearly every request a client sends, and a tuple is built in a fraction of the time
    of a frozen dataclass, immutable all the same)."""

    method: str
    target: str | None
    modes: frozenset[str] | None  # per-request (2026-07-28) capabilities; None for legacy requests
    protocol: str | None
    task_id: str | None = None
    wire_id: RequestId | None = None  # the id exactly as sent, to answer it if the server goes away


_CLIENT_REQUEST_FIXED: Final = 56 + 16 + 16 + 16  # size_of's slots: modes, protocol and task_id None


def pending_request(method: str, target: str | None, request_id: RequestId) -> tuple[ClientRequest, int]:
    """A legacy client request as the screen records it (``stored`` strings, ``wire_id_of`` id), with
    its ``size_of`` computed from what is known of it rather than by walking its slots."""
    if len(method) > MAX_STORED:
        method = stored(method)
    if target is not None and len(target) > MAX_STORED:
        target = stored(target)
    if isinstance(request_id, int):
        wire_id: RequestId | None = request_id
        id_size = 16
    elif len(request_id) <= MAX_WIRE_ID:
        wire_id, id_size = request_id, 49 + len(request_id)
    else:
        wire_id, id_size = None, 16
    size = _CLIENT_REQUEST_FIXED + 49 + len(method) + (16 if target is None else 49 + len(target)) + id_size
    return ClientRequest(method, target, None, None, None, wire_id), size


@dataclass(frozen=True, slots=True)
class ServerRequest:
    method: str
    mode: str | None = None
    elicitation_id: str | None = None
    # A form's requested properties, so the answer's fields are read against what was declared.
    schema: dict[str, object] | None = None
    wire_id: RequestId | None = None  # the id exactly as sent, to answer it if the client goes away
    # What the request was (request_digest): another request under the same id is refused, a replay is not.
    digest: str | None = None


class _Table(Generic[T]):
    """A table of :class:`SessionState` built on first use, then an ordinary attribute (a non-data
    descriptor: once set, the instance's own value is found first). Most sessions of a session-less
    HTTP request touch one or two of their tables; building all eleven was half of their cost."""

    __slots__ = ("make", "name")

    def __init__(self, make: Callable[[SessionState], T]) -> None:
        self.make = make
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _Table[T]: ...

    @overload
    def __get__(self, obj: SessionState, owner: type | None = None) -> T: ...

    def __get__(self, obj: SessionState | None, owner: type | None = None) -> T | _Table[T]:
        if obj is None:
            return self
        # setdefault, not a store: the event loop reads some tables without the guard's lock (expiry,
        # metrics) while a frame of the session is judged in a worker thread; two threads building the
        # same table at once must get the same one, or what one of them writes into its copy is lost.
        value: T = obj.__dict__.setdefault(self.name, self.make(obj))
        return value


def _pending(_state: SessionState) -> Bounded[Any, Any]:
    return Bounded(MAX_TRACKED, MAX_PENDING_BYTES)


def _table(_state: SessionState) -> Bounded[Any, Any]:
    return Bounded()


def _hygiene(state: SessionState) -> HygieneState:
    bucket = state.server_bucket
    return HygieneState() if bucket is None else HygieneState(server_bucket=bucket)


def _scope(state: SessionState) -> str:
    who = state.who
    return "" if who is None else hashlib.sha256(who.encode()).hexdigest()[:24]


class SessionState:
    """Everything the guard knows about one client-server conversation. Its tables are built when
    first used (see :class:`_Table`); assigning one replaces it as for any attribute."""

    pending_client: _Table[Bounded[str, ClientRequest]] = _Table(_pending)
    pending_server: _Table[Bounded[str, ServerRequest]] = _Table(_pending)
    answered_by_proxy: _Table[Bounded[str, str]] = _Table(_table)
    open_elicitations: _Table[Bounded[str, None]] = _Table(_table)
    # Tasks extension: the capabilities of the request that created each task.
    task_modes: _Table[Bounded[str, frozenset[str]]] = _Table(_table)
    # MRTR rounds the proxy completes itself (every input request declined): the params of each MRTR
    # request in flight, by id, to re-send them (small requests only; bounded: a forgotten one only
    # means the client gets the envelope-only result and retries itself) ...
    round_params: _Table[Bounded[str, dict[str, Any]]] = _Table(lambda _state: Bounded(1024, MAX_TABLE_BYTES))
    # ... and for each retry the proxy sent, the client's own request id and the rounds done so far.
    proxy_rounds: _Table[Bounded[str, tuple[RequestId, int]]] = _Table(_table)
    # Requests the proxy sent the server on its own account (tasks/update): their answers are its own.
    proxy_requests: _Table[Bounded[str, str]] = _Table(_table)
    # Tasks whose input requests (by key) the proxy answered itself: a poll repeating them is not
    # answered twice.
    tasks_answered: _Table[Bounded[tuple[str, tuple[str, ...]], None]] = _Table(_table)
    # Tasks: input request keys the proxy removed, to answer on the client's tasks/update.
    removed_inputs: _Table[Bounded[tuple[str, ...], dict[str, str]]] = _Table(_table)
    # policy.limits: rate buckets and the elicitations awaiting the user's answer.
    hygiene: _Table[HygieneState] = _Table(_hygiene)
    # Prefix of MRTR correlation keys: who the client is, where the store is shared (session-less HTTP);
    # hashed from ``who`` when first read.
    scope: _Table[str] = _Table(_scope)
    # MRTR: the properties of each form input request forwarded, by (scope, input key), so the
    # retry's answers are read against what was declared (policy.response).
    input_schemas: _Table[Bounded[tuple[str, str], dict[str, object]]] = _Table(lambda _state: Bounded(1024))

    def __init__(self, client_modes: frozenset[str] = frozenset(), client_info: dict[str, str] | None = None,
                 protocol_version: str | None = None, initialized: bool = False, scope: str = "",
                 removed_inputs: Bounded[tuple[str, ...], dict[str, str]] | None = None,
                 hygiene: HygieneState | None = None, *, who: str | None = None,
                 server_bucket: TokenBucket | None = None) -> None:
        """``who``: what ``scope`` is hashed from, when not given; ``server_bucket``: the bucket the
        limits state shares, when it is built (not given as ``hygiene``)."""
        self.client_modes = client_modes
        self.client_info = client_info
        self.protocol_version = protocol_version
        self.initialized = initialized
        self.who = who
        self.server_bucket = server_bucket
        if scope or who is None:
            self.scope = scope
        if removed_inputs is not None:
            self.removed_inputs = removed_inputs
        if hygiene is not None:
            self.hygiene = hygiene

    def __repr__(self) -> str:
        return f"SessionState(client_modes={set(self.client_modes)!r}, initialized={self.initialized!r})"
