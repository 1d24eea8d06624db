"""The protocol layer: versions and capabilities (initialize, server/discover, per-request ``_meta``).

A revision elicitguard cannot inspect is refused with -32022 so that a dual-era client falls back;
``policy.narrow_capabilities`` rewrites what a client declares down to ``policy.modes``.
"""

from __future__ import annotations

from typing import Any

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import (
    C2S,
    S2C,
    Carrier,
    Outcome,
    Step,
    blocked_error,
    deep_copy_path,
    error_response,
    walk,
)
from elicitguard.policies.config import KNOWN_PROTOCOLS
from elicitguard.policies.envelope import JSONObject, Message
from elicitguard.policies.judge import declared_modes
from elicitguard.policies.session import stored
from elicitguard.policies.verdict import Decision, Reason


class ProtocolCarrier(Carrier):
    """Versions and capabilities, both ways."""

    # What a -32022 from the proxy lists: its own versions, narrowed by the transport to those the
    # upstream showed it supports too (a client retries with one of them).
    offered_versions: tuple[str, ...] = KNOWN_PROTOCOLS
    # The versions the upstream said it supports (server/discover) or negotiated (initialize), for the
    # transport to remember; None until seen.
    upstream_versions: tuple[str, ...] | None = None

    def _unsupported_protocol(self, message: Message, protocol: Any, out: Outcome) -> Step:
        shown = protocol if isinstance(protocol, str) and len(protocol) <= 40 else "(invalid)"
        reason = Reason("protocol.unsupported", f"protocol version {shown} is not one elicitguard understands")
        out.decisions.append(Decision("protocol.unsupported", self._decide(False), C2S, method=message.method,
                                      request_id=message.id, reasons=(reason,)))
        if self.policy.monitor:
            return Step()
        if message.id is not None:
            out.replies.append(error_response(message.id, {
                "code": errors.UNSUPPORTED_PROTOCOL_VERSION,
                "message": "Unsupported protocol version (elicitguard cannot inspect it)",
                "data": {"supported": list(self.offered_versions), "requested": shown, "source": "elicitguard"},
            }))
        return Step(keep=False)

    def _narrow(self, message: Message, path: tuple[str, ...], out: Outcome) -> JSONObject | None:
        """Rewrite a declared elicitation capability down to policy.modes (opt-in)."""
        if not self.policy.narrow_capabilities or self.policy.monitor:
            return None
        node: Any = message.obj
        for key in path:
            node = node.get(key) if isinstance(node, dict) else None
        if not isinstance(node, dict) or "elicitation" not in node:
            return None
        declared = declared_modes(node["elicitation"])
        keep = declared & self.policy.modes
        if keep == declared:
            return None
        obj = deep_copy_path(message.obj, path)
        caps = walk(obj, path)
        if keep:
            caps["elicitation"] = {m: {} for m in sorted(keep)}
        else:
            del caps["elicitation"]
        out.decisions.append(Decision("capabilities.narrowed", "allow", C2S, method=message.method, request_id=message.id,
                                      reasons=(Reason("capabilities.narrowed",
                                                      f"declared {sorted(declared)} narrowed to {sorted(keep)} by policy.modes"),)))
        return obj


    def _initialize_result(self, message: Message, out: Outcome) -> Step | None:
        """The server's initialize result: record the negotiated version; refuse one we cannot inspect."""
        version = message.result.get("protocolVersion")
        self.state.protocol_version = stored(version) if isinstance(version, str) else None
        if isinstance(version, str):
            self.upstream_versions = (version,)
        self.state.initialized = True
        if self.state.protocol_version in KNOWN_PROTOCOLS or self.policy.unknown_protocol != "block":
            return None
        reason = Reason("protocol.unsupported",
                        f"server negotiated protocol version {str(version)[:40]!r}, which elicitguard cannot inspect")
        out.decisions.append(Decision("protocol.unsupported", self._decide(False), S2C, method="initialize",
                                      request_id=message.id, reasons=(reason,)))
        if self.policy.monitor:
            return None
        # The version string is the server's: the client reads only the rule's sentence.
        error = blocked_error((reason,), errors.UNSUPPORTED_PROTOCOL_VERSION)
        error["data"]["supported"] = list(KNOWN_PROTOCOLS)
        return Step(replacement=error_response(message.id, error))

    def _filter_versions(self, message: Message, out: Outcome) -> JSONObject | None:
        versions = message.result.get("supportedVersions")
        if not isinstance(versions, list):
            return None
        self.upstream_versions = tuple(v for v in versions if isinstance(v, str))
        keep = [v for v in versions if isinstance(v, str) and v in KNOWN_PROTOCOLS]
        if keep == versions or self.policy.unknown_protocol == "allow" or self.policy.monitor:
            return None
        obj = deep_copy_path(message.obj, ("result",))
        obj["result"]["supportedVersions"] = keep
        out.decisions.append(Decision("protocol.filtered", "allow", S2C, method="server/discover", request_id=message.id,
                                      reasons=(Reason("protocol.filtered",
                                                      f"removed {len(versions) - len(keep)} version(s) elicitguard cannot inspect"),)))
        return obj

