"""MRTR bookkeeping that travels with the request: a signed envelope around the server's ``requestState``.

When the guard removes denied entries from an ``input_required`` result, it must answer them when the
client retries. The retry may reach another replica, or come from another client on the same address,
so the record goes with the result itself: the server's ``requestState`` (any JSON value, or none), the
removed keys with their answers, the request it belongs to and a nonce are signed (HMAC-SHA256) into
one opaque string the client echoes. On the retry the guard verifies it, restores the server's value
exactly, and answers the removed keys. Sans-I/O: the keys and the nonce source are passed in.

Not encrypted: the client is the party the guard protects and may read it; the server's own state is
only as secret as it was before (servers that need confidentiality seal their state themselves).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeGuard

PREFIX: Final = "elicitguard.v1."
# An envelope longer than this is refused unread on the retry, and a round whose envelope would be
# longer is refused (the fixed error) rather than handed to the client: the server's own state plus
# at most MAX_ITEMS removed keys of at most MAX_STORED chars each fit well inside.
MAX_SEALED: Final = 64 * 1024
MIN_KEY_BYTES: Final = 32
# 2025-era session ids the proxy issues (see proxy/http/sessions.py): what initialize declared, signed,
# so a replica that never saw the initialize can judge the session. "eg-" as every proxy-issued id.
SESSION_PREFIX: Final = "eg-s1."
MAX_SESSION_ID: Final = 4096
# Seconds a session id's issue time may lie ahead of a verifying replica's clock (clocks drift apart).
CLOCK_SKEW: Final = 300
ABSENT: Final = object()  # the server sent no requestState: none goes back on the retry


class SealError(ValueError):
    """A requestState that names the guard's envelope but does not verify: forged, tampered, signed
    with another key, oversized, or presented on another request."""


@dataclass(frozen=True, slots=True)
class Opened:
    """What a verified envelope held."""

    state: Any  # the server's requestState exactly, or ABSENT
    removed: dict[str, str]  # input key -> the action the guard answers it with


@dataclass(frozen=True, slots=True)
class Sealer:
    """Signs with ``keys[0]`` and verifies with any of ``keys`` (rotation); ``nonce`` returns fresh
    random bytes (supplied by the transport: the core has no randomness of its own)."""

    keys: tuple[bytes, ...]
    nonce: Callable[[], bytes]
    # The keys are shared with other replicas (a key file): session ids are sealed too, so any replica
    # can rebuild a session another one saw initialized. A per-process key seals MRTR rounds only.
    shared: bool = False

    def __post_init__(self) -> None:
        if not self.keys or any(len(key) < MIN_KEY_BYTES for key in self.keys):
            raise ValueError(f"an MRTR state key must be at least {MIN_KEY_BYTES} bytes")

    def seal(self, state: Any, removed: dict[str, str], method: str, target: str | None) -> str | None:
        """The envelope to hand the client, or None when it would exceed MAX_SEALED."""
        record: dict[str, Any] = {"n": self.nonce().hex(), "m": method, "t": target, "r": removed}
        if state is not ABSENT:
            record["s"] = state
        sealed = self._sign(PREFIX, record)
        return sealed if len(sealed) <= MAX_SEALED else None

    def open(self, sealed: str, method: str, target: str | None) -> Opened:
        """Verify an envelope presented on a retry of ``method`` on ``target``; raises SealError."""
        record = self._verify(PREFIX, sealed, MAX_SEALED)
        removed = record.get("r")
        if not isinstance(removed, dict) or not all(isinstance(v, str) for v in removed.values()):
            raise SealError("envelope record is malformed")
        if record.get("m") != method or record.get("t") != target:
            # Signed by us, but for another request: replayed across requests.
            raise SealError("envelope belongs to another request")
        return Opened(record["s"] if "s" in record else ABSENT, removed)

    def seal_session(self, record: dict[str, Any], issued_at: float) -> str:
        """A session id that carries what ``initialize`` declared and when (``issued_at``, Unix seconds:
        its age is bounded), readable by every replica."""
        return self._sign(SESSION_PREFIX, {"n": self.nonce().hex(), **record, "i": int(issued_at)})

    def open_session(self, sealed: str, now: float, max_age: float) -> dict[str, Any]:
        """The record a session id carries, its issue time (``"i"``) within ``max_age`` seconds of
        ``now``; raises SealError. An id without an issue time (sealed before ids carried one) is
        refused: its age cannot be bounded."""
        record = self._verify(SESSION_PREFIX, sealed, MAX_SESSION_ID)
        issued = record.get("i")
        if not isinstance(issued, int) or isinstance(issued, bool):
            raise SealError("session id without an issue time")
        if now - issued > max_age:
            raise SealError("session id expired")
        if issued - now > CLOCK_SKEW:
            raise SealError("session id issued in the future")
        return record

    def digest(self, value: str, key: bytes | None = None) -> str:
        """A keyed hash every replica computes alike (a credential, never stored as is)."""
        return hmac.new(key or self.keys[0], b"digest\0" + value.encode("utf-8", "surrogateescape"),
                        hashlib.sha256).hexdigest()[:32]

    def digest_matches(self, value: str, digest: object) -> bool:
        """Whether ``digest`` is ``value``'s under any of the keys (one rotated out of first place too)."""
        return isinstance(digest, str) and any(hmac.compare_digest(digest, self.digest(value, key)) for key in self.keys)

    def _sign(self, prefix: str, record: dict[str, Any]) -> str:
        body = _b64(json.dumps(record, separators=(",", ":")).encode("ascii"))
        return prefix + body + "." + _b64(_mac(self.keys[0], prefix, body))

    def _verify(self, prefix: str, sealed: str, bound: int) -> dict[str, Any]:
        if len(sealed) > bound:
            raise SealError("envelope larger than the bound")
        if not sealed.startswith(prefix):
            raise SealError("not an elicitguard envelope")
        body, dot, tag = sealed[len(prefix):].partition(".")
        if not dot:
            raise SealError("envelope without a signature")
        try:
            mac = base64.urlsafe_b64decode(_pad(tag))
            if _b64(mac) != tag:
                # One MAC, one spelling: base64 drops unused bits and stray characters, and an id told
                # apart by its text (a deleted session's tombstone) must not verify as another string.
                raise SealError("signature is not in canonical base64")
            if not any(hmac.compare_digest(mac, _mac(key, prefix, body)) for key in self.keys):
                raise SealError("signature does not verify")
            record = json.loads(base64.urlsafe_b64decode(_pad(body)))
        except SealError:
            raise
        except (binascii.Error, ValueError, UnicodeDecodeError) as exc:
            raise SealError("envelope is not readable") from exc
        if not isinstance(record, dict):
            raise SealError("envelope record is malformed")
        return record


def is_sealed(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and value.startswith(PREFIX)


def _mac(key: bytes, prefix: str, body: str) -> bytes:
    # The prefix is signed too: an MRTR envelope never verifies as a session id, nor the reverse.
    return hmac.new(key, prefix.encode() + body.encode("ascii", "replace"), hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _pad(text: str) -> bytes:
    if not text.isascii():
        raise SealError("envelope is not base64")
    return (text + "=" * (-len(text) % 4)).encode("ascii")
