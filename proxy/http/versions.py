"""Protocol versions at the HTTP edge (2026-07-28 Streamable HTTP): a ``MCP-Protocol-Version`` header
that disagrees with the body's ``_meta`` version is refused with -32020 before anything else, and one
the proxy cannot inspect with -32022 listing the versions both the proxy and the upstream support."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from elicitguard.policies import errors
from elicitguard.policies.config import KNOWN_PROTOCOLS
from elicitguard.policies.envelope import EnvelopeError, parse_envelope
from elicitguard.proxy.http.common import VERSION_HEADER, Incoming, error_response, request_ids, summary
from elicitguard.proxy.http.sessions import SessionLayer
from elicitguard.proxy.http.state import Route


def meta_versions(body: bytes) -> list[Any]:
    """The ``_meta`` protocol version of each message in a client body that carries one."""
    if b"protocolVersion" not in body and b"\\u" not in body:
        return []  # cannot name the key, spelled out or escaped
    return summary(body).meta_versions


class VersionChecks(SessionLayer):
    """The version checks a POST passes before it is judged."""

    def _check_versions(self, request: Incoming, route: Route, body: bytes) -> web.Response | None:
        header = request.headers.get(VERSION_HEADER)
        if header is None:
            return None
        policy = route.policy
        mismatch = any(version != header for version in meta_versions(body))
        unsupported = header not in KNOWN_PROTOCOLS and policy.unknown_protocol == "block"
        if not mismatch and not unsupported:
            return None  # the common case: the request is not parsed again for its ids
        ids = request_ids(body)
        request_id = ids[0] if len(ids) == 1 else None
        if mismatch:
            self.audit.event("protocol.header_mismatch", decision="would_deny" if policy.monitor else "deny",
                             request_id=request_id, reasons=[{"rule": "protocol.header_mismatch",
                                       "detail": f"{VERSION_HEADER} differs from the body's _meta protocol version"}])
            if not policy.monitor:
                return error_response(400, errors.HEADER_MISMATCH,
                                      f"Header mismatch: {VERSION_HEADER} differs from the request's _meta version",
                                      request_id, rule="protocol.header_mismatch")
        if unsupported:
            self.audit.event("protocol.unsupported", decision="would_deny" if policy.monitor else "deny",
                             request_id=request_id, reasons=[{"rule": "protocol.unsupported", "detail": f"{VERSION_HEADER} not understood"}])
            if not policy.monitor:
                return error_response(400, errors.UNSUPPORTED_PROTOCOL_VERSION, "Unsupported protocol version",
                                      request_id, supported=list(route.offered_versions()), requested=header[:40],
                                      rule="protocol.unsupported")
        return None
