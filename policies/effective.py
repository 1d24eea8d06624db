"""A compiled policy as plain JSON data: for ``elicitguard check --effective`` and the policy version."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from elicitguard.policies.config import Policy


def policy_dict(policy: Policy) -> dict[str, Any]:
    """Every setting of one effective policy, sets sorted, domain entries as written."""
    return {
        "mode": policy.mode,
        "on_deny": policy.on_deny,
        "modes": sorted(policy.modes),
        "unknown_protocol": policy.unknown_protocol,
        "narrow_capabilities": policy.narrow_capabilities,
        "require_client_request": policy.require_client_request,
        "monitored_rules": sorted(policy.monitored),
        "form": {
            "block_credentials": policy.form.block_credentials,
            "allow_fields": sorted(policy.form.allow_fields),
            "classifier": policy.form.classifier,
            "classifier_threshold": policy.form.classifier_threshold,
        },
        "url": {
            "allow_domains": [p.source for p in policy.url.allow_domains],
            "deny_domains": [p.source for p in policy.url.deny_domains],
            "allow_http": policy.url.allow_http,
            "allow_ports": sorted(policy.url.allow_ports),
        },
        "limits": asdict(policy.limits),
    }


def digest(data: bytes) -> str:
    """A policy version: the first 16 hex digits of SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def defaults_version(policy: Policy) -> str:
    """The version of the built-in defaults: a hash of their canonical JSON."""
    text = json.dumps({"builtin": policy_dict(policy)}, sort_keys=True, separators=(",", ":"))
    return digest(text.encode("utf-8"))
