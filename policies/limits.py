"""Elicitation hygiene settings (``policy.limits``) and the token bucket behind the rate limits.

Pure: the bucket is told the time, it never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Limits:
    """Compiled ``policy.limits``; a rate, count or timeout of 0 switches that limit off."""

    elicitations_per_minute: float = 30  # per session
    elicitation_burst: int = 10
    server_elicitations_per_minute: float = 600  # per server, over all its sessions
    server_elicitation_burst: int = 100
    max_pending: int = 8  # forwarded elicitations awaiting the user's answer, per session
    pending_timeout: float = 600  # seconds before a pending elicitation is answered "cancel"


DEFAULT_LIMITS = Limits()


class TokenBucket:
    """A token bucket; the rate and size are passed per call so a reloaded policy applies at once."""

    __slots__ = ("stamp", "tokens")

    def __init__(self) -> None:
        self.tokens: float | None = None  # full until first used
        self.stamp = 0.0

    def take(self, now: float, per_minute: float, burst: int) -> bool:
        """Take one token at time ``now`` (seconds, any monotonic origin); False when empty."""
        if per_minute <= 0:
            return True
        if self.tokens is None:
            self.tokens = float(burst)
        else:
            # A clock that went backwards refills nothing rather than draining the bucket.
            self.tokens = min(float(burst), self.tokens + max(0.0, now - self.stamp) * per_minute / 60.0)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


@dataclass
class HygieneState:
    """Per-session bookkeeping for the limits: rate buckets and the elicitations awaiting an answer."""

    bucket: TokenBucket = field(default_factory=TokenBucket)
    # Shared by every session of one server where there are several (http); else this session's own.
    server_bucket: TokenBucket = field(default_factory=TokenBucket)
    # id key -> (when it was forwarded, or None without a clock; the request id as on the wire).
    # Entries whose request is no longer pending are purged lazily.
    pending: dict[str, tuple[float | None, Any]] = field(default_factory=dict)
