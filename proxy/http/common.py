"""What the HTTP modules share: header names, media types, app keys and small helpers."""

from __future__ import annotations

import ssl
from typing import Any, Protocol
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web
from multidict import CIMultiDict, CIMultiDictProxy

from elicitguard.policies import errors
from elicitguard.policies.config import Config
from elicitguard.policies.envelope import EnvelopeError, Kind, dumps, parse_envelope, strict_loads
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.h1 import RawRequest

# A client request: aiohttp's (the application run by make_app) or the raw relay's.
Incoming = web.Request | RawRequest


class BodyReader(Protocol):
    async def readany(self) -> bytes: ...


class UpstreamReply(Protocol):
    """An upstream answer: aiohttp's ClientResponse, or the raw relay's UpstreamResponse."""

    @property
    def status(self) -> int: ...

    @property
    def headers(self) -> CIMultiDictProxy[str]: ...

    @property
    def content(self) -> BodyReader: ...

    def release(self) -> object: ...

    def close(self) -> None: ...

SESSION_HEADER = "Mcp-Session-Id"
VERSION_HEADER = "MCP-Protocol-Version"
# Hop-by-hop headers (RFC 9110 7.6.1) and those the proxy recomputes; never forwarded.
SERVER_NAME = "elicitguard"  # the Server header of every response: no software or version named
HOP_BY_HOP = frozenset({
    "connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "trailers",
    "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "content-encoding",
})
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
JSON_TYPE = "application/json"
SSE_TYPE = "text/event-stream"

CONFIG = web.AppKey("config", Config)
AUDIT = web.AppKey("audit", AuditLog)
CLIENT = web.AppKey("client", aiohttp.ClientSession)
ROUTES = web.AppKey("routes", dict)
LEGACY = web.AppKey("legacy", dict)


def is_redirect(status: int) -> bool:
    """A 3xx that sends the client elsewhere (304 Not Modified sends it nowhere)."""
    return 300 <= status < 400 and status != 304


def jsonrpc_error(code: int, message: str, request_id: Any = None, **data: Any) -> bytes:
    body: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}
    if data:
        body["error"]["data"] = {**data, "source": "elicitguard"}
    return dumps(body)


def error_response(status: int, code: int, message: str, request_id: Any = None, **data: Any) -> web.Response:
    return web.Response(status=status, body=jsonrpc_error(code, message, request_id, **data), content_type=JSON_TYPE)


def forward_headers(headers: Any) -> CIMultiDict[str]:
    """End-to-end headers, every copy of each (two Set-Cookie stay two)."""
    out: CIMultiDict[str] = CIMultiDict()
    connection_tokens = {t.strip().lower() for t in headers.get("Connection", "").split(",") if t.strip()}
    for name, value in headers.items():
        lower = name.lower()
        if lower in HOP_BY_HOP or lower in connection_tokens:
            continue
        out.add(name, value)
    return out


def response_headers(headers: Any, extra: dict[str, str] | None = None, keep_type: bool = False) -> CIMultiDict[str]:
    """The upstream's end-to-end headers for the client, with ``extra`` set over them. Its ``Server``
    is not passed on (the proxy names no software), nor its Content-Type unless ``keep_type``."""
    out = forward_headers(headers)
    out.popall("Server", None)
    if not keep_type:
        out.popall("Content-Type", None)
    for name, value in (extra or {}).items():
        out[name] = value
    return out


def judged_as_json(kind: str, raw: bytes) -> bool:
    """Whether a non-SSE body must be judged. Clients parse any JSON-ish type (the Python SDK takes
    every ``application/json*``), so fail closed: any type naming JSON, and any body that looks like
    a JSON object or array whatever its label, is judged."""
    if not raw.strip():
        return False
    return "json" in kind or raw.lstrip()[:1] in (b"{", b"[")


def plain_error_body(raw: bytes) -> bool:
    """Whether an HTTP error's JSON body answers no request and carries nothing to judge: one object
    without ``id``, ``method`` or ``result`` (an id-less JSON-RPC error such as "No valid session ID",
    or plain JSON), and not a -32042 (whose URL elicitations are judged wherever they appear)."""
    try:
        obj = strict_loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    if not isinstance(obj, dict) or not {"id", "method", "result", "params"}.isdisjoint(obj):
        return False
    error = obj.get("error")
    return not (isinstance(error, dict) and error.get("code") == errors.URL_ELICITATION_REQUIRED)


def mimetype(value: str | None) -> str:
    return (value or "").split(";", 1)[0].strip().lower()


def host_allowed(host: str, config: Config, listen_host: str) -> bool:
    if not host:
        return False
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.lower()
    allowed = {h.lower() for h in config.http.allowed_hosts}
    if host.lower() in allowed or name in allowed:
        return True
    return name in LOOPBACK_HOSTS or name == listen_host.lower()


def origin_allowed(origin: str, config: Config) -> bool:
    if origin in config.http.allowed_origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and (parts.hostname or "") in LOOPBACK_HOSTS


def request_methods(body: bytes) -> list[str]:
    """Methods of the requests and notifications in a client body ([] when it does not parse)."""
    try:
        envelope = parse_envelope(body, len(body) + 1)
    except EnvelopeError:
        return []
    return [m.method for m in envelope.messages if m.method is not None]


def request_ids(body: bytes) -> list[Any]:
    """Ids of the requests in a client body, to answer each when the upstream answer is unusable."""
    try:
        envelope = parse_envelope(body, len(body) + 1)
    except EnvelopeError:
        return []
    return [m.id for m in envelope.messages if m.kind is Kind.REQUEST and m.id is not None]


def ssl_context(config: Config) -> ssl.SSLContext | bool:
    if not config.http.tls_verify:
        return False
    if config.http.ca_bundle:
        return ssl.create_default_context(cafile=config.http.ca_bundle)
    return True



def url_origin(url: str) -> tuple[str, str, int | None] | None:
    """(scheme, host, effective port): an endpoint must keep all three, or credentials change hands."""
    parts = urlsplit(url)
    try:
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    if parts.username is not None or parts.password is not None or not parts.hostname:
        return None
    return parts.scheme, parts.hostname, port


def with_query(url: str, request: Incoming) -> str:
    if not request.query_string:
        return url
    return f"{url}{'&' if '?' in url else '?'}{request.query_string}"
