"""Sealed session ids (``eg-s1.``) a client deleted on this replica, refused from then on.

A sealed id rebuilds its session on any replica holding the key, so forgetting it on DELETE is not
enough: the id is remembered (a fixed-size digest of it, with its issue time) until its seal expires
(``sessions.max_age``), after which every replica refuses it anyway; ids issued no later than one
forgotten that way stay refused here even if a reload raises the max age. Bounded: past MAX_TOMBSTONES the
entry nearest its expiry goes first. Other replicas do not learn of the DELETE; the upstream, which
rejects the deleted session, and the age bound limit what they restore.
"""

from __future__ import annotations

import hashlib
import heapq
from typing import Final

from aiohttp import web

MAX_TOMBSTONES: Final = 20_000  # about 3 MiB: a 16-byte digest, a float and a heap entry each


class Tombstones:
    """Digests of deleted sealed ids, each kept until its issue time plus the max age."""

    def __init__(self, limit: int = MAX_TOMBSTONES) -> None:
        self.limit = limit
        self.evicted = 0  # dropped before their seal expired (the set was full)
        self._issued: dict[bytes, float] = {}
        self._heap: list[tuple[float, bytes]] = []  # (issued_at, digest): the oldest expires first
        # The latest issue time of an id forgotten for its age: a reload raising sessions.max_age would
        # make such an id young enough to rebuild again, with its DELETE no longer remembered.
        self.expired_up_to = float("-inf")

    def add(self, session_id: str, issued_at: float, now: float, max_age: float) -> None:
        self.prune(now, max_age)
        key = _digest(session_id)
        if key in self._issued:
            return
        if len(self._issued) >= self.limit:
            _, oldest = heapq.heappop(self._heap)
            del self._issued[oldest]
            self.evicted += 1
        self._issued[key] = issued_at
        heapq.heappush(self._heap, (issued_at, key))

    def prune(self, now: float, max_age: float) -> None:
        """Forget ids whose seal has expired (refused for their age from now on)."""
        while self._heap and now - self._heap[0][0] > max_age:
            issued, key = heapq.heappop(self._heap)
            del self._issued[key]
            self.expired_up_to = max(self.expired_up_to, issued)

    def __contains__(self, session_id: str) -> bool:
        return _digest(session_id) in self._issued

    def __len__(self) -> int:
        return len(self._issued)


def _digest(session_id: str) -> bytes:
    return hashlib.sha256(session_id.encode("utf-8", "surrogateescape")).digest()[:16]


TOMBSTONES = web.AppKey("tombstones", Tombstones)
