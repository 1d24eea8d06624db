"""What the proxy keeps between requests: routes, sessions, who owns each session, and the bounded
table of sessions.

A session is bound to the client that created it: its address and a keyed hash of each credential it
showed (``Authorization``, each cookie). A request naming the session from anyone else is refused
without touching it. The table keeps only sessions the upstream issued (an ``initialize`` it accepted,
or an unknown id it accepted with a 2xx) or the proxy issued itself; it holds at most ``MAX_PER_CLIENT``
per client and never evicts an initialized session to make room for an adopted one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final
from urllib.parse import urljoin, urlsplit

from aiohttp import web

from elicitguard.policies.config import KNOWN_PROTOCOLS, Policy
from elicitguard.policies.engine import Bounded, Guard, SessionState
from elicitguard.policies.limits import HygieneState, TokenBucket
from elicitguard.policies.sealed import Sealer
from elicitguard.proxy.http.h1 import RawRequest

MAX_SESSIONS: Final = 10_000
MAX_PER_CLIENT: Final = 100
# Ids the proxy issues itself (for a stateless upstream). They never go upstream; one the proxy no
# longer knows is answered 404 (the client starts a new session), not forwarded.
SYNTHETIC_PREFIX: Final = "eg-"

SessionKey = tuple[str | None, str]  # (server name, or None for /mcp; Mcp-Session-Id)

_KEY: Final = secrets.token_bytes(32)  # per process: the hashes mean nothing outside it


def cookie_pairs(request: web.Request | RawRequest) -> list[str]:
    """Each ``name=value`` pair of every Cookie header the request carries."""
    cookies = request.headers.getall("Cookie", ())
    if not cookies:
        return []
    pairs = (p.strip() for p in ";".join(cookies).split(";"))
    return [p for p in pairs if p]


def _digest(value: str) -> bytes:
    if not value:
        return _NONE  # no credential: the common case, computed once (credentials are never kept)
    return hmac.new(_KEY, value.encode("utf-8", "surrogateescape"), hashlib.sha256).digest()[:16]


_NONE: Final = hmac.new(_KEY, b"", hashlib.sha256).digest()[:16]
_NO_COOKIES: Final[frozenset[bytes]] = frozenset()


@dataclass(frozen=True)
class Owner:
    """The client that created a session: its address and hashes of its credentials (never the values)."""

    address: str
    authorization: bytes
    cookies: frozenset[bytes]

    @classmethod
    def of(cls, request: web.Request | RawRequest, pairs: list[str] | None = None) -> Owner:
        """``pairs``: the request's cookie pairs, when the caller has them already."""
        if pairs is None:
            pairs = cookie_pairs(request)
        return cls(request.remote or "", _digest("\n".join(request.headers.getall("Authorization", []))),
                   frozenset(_digest(p) for p in pairs) if pairs else _NO_COOKIES)

    def admits(self, other: Owner) -> bool:
        """Whether a request from ``other`` may use this owner's session: same address, same
        Authorization, and every cookie the owner showed (cookies the upstream set later may be added)."""
        return (self.address == other.address and hmac.compare_digest(self.authorization, other.authorization)
                and self.cookies <= other.cookies)

    @property
    def client(self) -> tuple[str, bytes, frozenset[bytes]]:
        """What the per-client bound counts by: everything the binding tells apart (cookies too, or
        one user behind a shared address could evict another's sessions by opening many)."""
        return self.address, self.authorization, self.cookies


@dataclass
class Route:
    """One upstream the proxy serves, with its policy."""

    name: str | None
    upstream: str
    policy: Policy
    # Signs what a 2026-07-28 retry needs (removed input requests) into requestState: the retry may
    # reach another replica. None: removals become errors (fail closed).
    sealer: Sealer | None = None
    # Tasks: input requests removed from a tasks/get result, answered on tasks/update. Shared per
    # upstream, bounded.
    mrtr_removed: Bounded[tuple[str, ...], dict[str, str]] = field(default_factory=Bounded)
    # Versions the upstream showed it supports (server/discover, initialize), among those the proxy knows.
    upstream_versions: set[str] = field(default_factory=set)
    # policy.limits.server_elicitations_per_minute: one bucket over all of this upstream's sessions.
    server_bucket: TokenBucket = field(default_factory=TokenBucket)

    def new_guard(self, max_message_bytes: int, state: SessionState | None = None) -> Guard:
        state = state if state is not None else SessionState(hygiene=self.new_hygiene())
        if "hygiene" in vars(state):  # built already (else built on first use, sharing its server_bucket)
            if state.hygiene.server_bucket is not self.server_bucket:
                state.hygiene = self.new_hygiene()
        elif state.server_bucket is not self.server_bucket:
            state.server_bucket = self.server_bucket
        return Guard(self.policy, max_message_bytes, state, self.sealer)

    def new_hygiene(self) -> HygieneState:
        """A session's limits state, sharing this upstream's bucket."""
        return HygieneState(server_bucket=self.server_bucket)

    def offered_versions(self) -> tuple[str, ...]:
        """What the proxy's -32022 lists: the versions both it and the upstream support (all of its own
        until the upstream said which it speaks)."""
        if not self.upstream_versions:
            return KNOWN_PROTOCOLS
        return tuple(v for v in KNOWN_PROTOCOLS if v in self.upstream_versions)

    def learn_versions(self, guard: Guard) -> None:
        if guard.upstream_versions:
            self.upstream_versions.update(v for v in guard.upstream_versions if v in KNOWN_PROTOCOLS)
            guard.upstream_versions = None

    @property
    def sse_upstream(self) -> str:
        """The legacy HTTP+SSE endpoint: the upstream URL with its last segment replaced by ``sse``."""
        parts = urlsplit(self.upstream)
        if parts.path.rstrip("/").endswith("/sse"):
            return self.upstream
        return urljoin(self.upstream, "sse")


@dataclass
class Session:
    """Guard state for one MCP session (one Mcp-Session-Id, or one legacy SSE connection), or for one
    request that belongs to none."""

    guard: Guard
    route: Route
    session_id: str | None
    last_seen: float
    owner: Owner
    # What the proxy's own answers to the upstream carry: the creating request's, never replaced.
    protocol: str | None = None
    auth_headers: dict[str, str] = field(default_factory=dict)
    legacy_endpoint: str | None = None  # legacy HTTP+SSE: the upstream message URL
    # The upstream is stateless (issued no Mcp-Session-Id), so the proxy issued its own to the client
    # to keep what initialize declared; it is stripped before requests go upstream.
    synthetic: bool = False
    # An id the proxy had not seen initialized (it restarted, or forgot it) that the upstream accepted:
    # kept, with nothing declared, but the first to go when the table is full.
    adopted: bool = False
    # Server requests the proxy answered itself: a replay (after Last-Event-ID) is not answered again.
    answered: Bounded[bytes, None] = field(default_factory=Bounded)
    # The id the upstream issued, where the client was given a sealed one of the proxy's instead.
    upstream_id: str | None = None
    # The creating request's cookie pairs: a sealed session id binds them as the in-memory owner does.
    cookies: tuple[str, ...] = ()

    @property
    def upstream_session(self) -> str | None:
        """The Mcp-Session-Id the upstream knows this session by (None: send none)."""
        if self.synthetic or self.session_id is None:
            return None
        return self.upstream_id if self.upstream_id is not None else self.session_id


class SessionTable(Mapping[SessionKey, Session]):
    """The sessions the proxy keeps, least recently used first."""

    def __init__(self, limit: int = MAX_SESSIONS, per_client: int = MAX_PER_CLIENT) -> None:
        self.limit = limit
        self.per_client = per_client
        self._sessions: OrderedDict[SessionKey, Session] = OrderedDict()
        self._counts: dict[tuple[str, bytes, frozenset[bytes]], int] = {}

    def __getitem__(self, key: SessionKey) -> Session:
        return self._sessions[key]

    def __iter__(self) -> Iterator[SessionKey]:
        return iter(self._sessions)

    def __len__(self) -> int:
        return len(self._sessions)

    def touch(self, key: SessionKey) -> None:
        self._sessions.move_to_end(key)

    def admit(self, session: Session) -> tuple[bool, list[Session]]:
        """Keep ``session`` if the bounds allow: (kept, sessions evicted to make room). A client at its
        bound loses its own least recently used session; a full table loses its least recently used
        adopted one, never an initialized one: past that, the new session is not kept."""
        assert session.session_id is not None
        key = (session.route.name, session.session_id)
        evicted: list[Session] = []
        client = session.owner.client
        if key not in self._sessions and self._counts.get(client, 0) >= self.per_client:
            evicted.append(self._evict(lambda s: s.owner.client == client))
        if key not in self._sessions and len(self._sessions) >= self.limit:
            if not any(s.adopted for s in self._sessions.values()):
                return False, evicted
            evicted.append(self._evict(lambda s: s.adopted))
        self.pop(key)
        self._sessions[key] = session
        self._counts[client] = self._counts.get(client, 0) + 1
        return True, evicted

    def _evict(self, which: Callable[[Session], bool]) -> Session:
        key = next(k for k, s in self._sessions.items() if which(s))
        session = self._sessions[key]
        self.pop(key)
        return session

    def pop(self, key: SessionKey) -> Session | None:
        session = self._sessions.pop(key, None)
        if session is not None:
            client = session.owner.client
            self._counts[client] -= 1
            if not self._counts[client]:
                del self._counts[client]
        return session


SESSIONS = web.AppKey("sessions", SessionTable)
