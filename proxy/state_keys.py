"""The key that signs MRTR bookkeeping inside ``requestState`` (see policies.sealed).

``mrtr.state_key_file`` holds one key per line (at least 32 bytes each; surrounding whitespace
ignored): the first signs, every line verifies, so a key is rotated by adding the new one on top and
dropping the old one once retries signed with it are over. Replicas behind one balancer share the file.
Without it each process draws a random key: a retry must then come back to the same process (one
replica, or stdio).
"""

from __future__ import annotations

import os
import secrets

from elicitguard.policies.sealed import MIN_KEY_BYTES, Sealer


def _nonce() -> bytes:
    return secrets.token_bytes(12)


def load_sealer(path: str | None) -> Sealer:
    """The sealer for ``path`` (None: a random per-process key); OSError/ValueError if unusable."""
    if path is None:
        return Sealer((secrets.token_bytes(32),), _nonce)
    with open(os.path.expanduser(path), "rb") as handle:
        keys = tuple(line.strip() for line in handle.read().splitlines() if line.strip())
    if not keys:
        raise ValueError("the file holds no key")
    if any(len(key) < MIN_KEY_BYTES for key in keys):
        raise ValueError(f"each key must be at least {MIN_KEY_BYTES} bytes")
    return Sealer(keys, _nonce, shared=True)
