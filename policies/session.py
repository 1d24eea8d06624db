"""What the guard remembers about one conversation: declared modes, pending requests both ways,
open URL elicitations and MRTR bookkeeping. Plain data; every table is bounded."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Final, Generic, TypeVar

from elicitguard.policies.envelope import RequestId

# Bounds on per-session memory: a hostile peer must not grow the proxy without limit.
MAX_TRACKED: Final = 10_000

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V], Generic[K, V]):
    """An insertion-ordered dict that forgets its oldest entries past a bound."""

    def __init__(self, bound: int = MAX_TRACKED) -> None:
        super().__init__()
        self.bound = bound

    def __setitem__(self, key: K, value: V) -> None:
        super().__setitem__(key, value)
        while len(self) > self.bound:
            self.popitem(last=False)


@dataclass(frozen=True, slots=True)
class ClientRequest:
    """What the proxy remembers of a client request until the server answers it."""

    method: str
    target: str | None
    modes: frozenset[str] | None  # per-request (2026-07-28) capabilities; None for legacy requests
    protocol: str | None
    task_id: str | None = None
    wire_id: RequestId | None = None  # the id exactly as sent, to answer it if the server goes away


@dataclass(frozen=True, slots=True)
class ServerRequest:
    method: str
    mode: str | None = None
    elicitation_id: str | None = None
    wire_id: RequestId | None = None  # the id exactly as sent, to answer it if the client goes away


@dataclass
class SessionState:
    """Everything the guard knows about one client-server conversation."""

    client_modes: frozenset[str] = frozenset()
    client_info: dict[str, str] | None = None
    protocol_version: str | None = None
    initialized: bool = False
    pending_client: Bounded[str, ClientRequest] = field(default_factory=Bounded)
    pending_server: Bounded[str, ServerRequest] = field(default_factory=Bounded)
    answered_by_proxy: Bounded[str, str] = field(default_factory=Bounded)
    open_elicitations: Bounded[str, None] = field(default_factory=Bounded)
    # Tasks extension: the capabilities of the request that created each task.
    task_modes: Bounded[str, frozenset[str]] = field(default_factory=Bounded)
    # Prefix of MRTR correlation keys: who the client is, where the store is shared (session-less HTTP).
    scope: str = ""
    # MRTR: input request keys the proxy removed, to answer on the client's retry.
    removed_inputs: Bounded[tuple[str, ...], dict[str, str]] = field(default_factory=Bounded)


