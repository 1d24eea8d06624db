"""The raw relay's request side: what one listener's connections share (:class:`Settings`), a parsed
request (:class:`RawRequest`, read by the same handlers as aiohttp's), and a refusal of a request that
cannot be read one way (:class:`Refused`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from aiohttp import web
from multidict import CIMultiDict

from elicitguard.proxy.http.budget import BodyBudget, Refusals, Spare
from elicitguard.proxy.http.upstream import Upstreams

if TYPE_CHECKING:
    from elicitguard.proxy.http.h1 import H1Connection

MAX_HEAD: Final = 65536  # bytes of a request line and headers: 431 past it
MAX_QUEUED: Final = 16  # pipelined requests waiting: past it the connection is closed


@dataclass(frozen=True)
class Settings:
    """What one listener's connections share."""

    max_body: int
    head_timeout: float  # from a request's first byte to its last header
    idle_timeout: float  # a keep-alive connection with nothing in progress
    body_timeout: float  # a request body, from its head to its end
    new_upstreams: Callable[[], Upstreams]
    max_connections: int = 0  # open client connections; past it an idle one is evicted, else 503 (0: no cap)
    budget: BodyBudget = field(default_factory=lambda: BodyBudget(1 << 62))  # see budget.py
    refusals: Refusals | None = None  # told of each connection refused at the cap
    evictions: Refusals | None = None  # told of each idle connection closed to make room at the cap
    spare: Spare[H1Connection] = field(default_factory=Spare)  # the connections that may be evicted


class Refused(Exception):
    """The request cannot be read one way: answered with ``status`` and the connection closed."""

    def __init__(self, status: int, why: str) -> None:
        super().__init__(why)
        self.status = status


class RawRequest:
    """One parsed request, with what the handlers read of it (the names aiohttp's request uses)."""

    __slots__ = ("method", "path", "query_string", "headers", "remote", "version", "body", "too_large",
                 "keep_alive", "match_info", "conn")

    def __init__(self, method: str, target: str, headers: CIMultiDict[str], remote: str | None,
                 version: str, conn: H1Connection) -> None:
        self.method = method
        path, _, self.query_string = target.partition("?")
        self.path = path
        self.headers = headers
        self.remote = remote
        self.version = version
        self.body = b""
        self.too_large = False
        self.keep_alive = True
        self.match_info: dict[str, str] = {}
        self.conn = conn

    @property
    def host(self) -> str:
        return self.headers.get("Host", "")

    @property
    def content_length(self) -> int | None:
        value = self.headers.get("Content-Length")
        return int(value) if value is not None else None

    def forwarded(self) -> None:
        """Its body was written to the upstream (or the exchange ended): the connection gives back the
        room it held, and the request no longer keeps the bytes."""
        self.body = b""
        self.conn.forwarded(self)


Handler = Callable[[RawRequest], Awaitable[web.StreamResponse]]
