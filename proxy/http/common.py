"""What the HTTP modules share: header names, media types, app keys and small helpers."""

from __future__ import annotations

import asyncio
import functools
import ssl
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

import aiohttp
from aiohttp import web
from multidict import CIMultiDict, CIMultiDictProxy

from elicitguard.policies import errors
from elicitguard.policies.carriers.base import META_PROTOCOL, meta_of
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

if TYPE_CHECKING:
    from elicitguard.proxy.metrics import Metrics

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

@dataclass
class Runtime:
    """What a reload replaces while the app runs (an aiohttp app's own state is frozen once it runs):
    the config in force, and the metrics when the admin listener is on."""

    config: Config
    metrics: Metrics | None = None


RUNTIME = web.AppKey("runtime", Runtime)
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
    connection = headers.get("Connection")
    if not connection:  # the common case: one pass, the copy built at once
        return CIMultiDict([(name, value) for name, value in headers.items() if name.lower() not in HOP_BY_HOP])
    tokens = {t.strip().lower() for t in connection.split(",") if t.strip()}
    return CIMultiDict([(name, value) for name, value in headers.items()
                        if (lower := name.lower()) not in HOP_BY_HOP and lower not in tokens])


def response_headers(headers: Any, extra: dict[str, str] | None = None, keep_type: bool = False) -> CIMultiDict[str]:
    """The upstream's end-to-end headers for the client, with ``extra`` set over them. Its ``Server``
    is not passed on (the proxy names no software), nor its Content-Type unless ``keep_type``."""
    out = forward_headers(headers)
    if "Server" in out:
        out.popall("Server")
    if not keep_type and "Content-Type" in out:
        out.popall("Content-Type")
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


# Largest HTTP error body taken as a plain error without judging. Honest ones ("No valid session ID")
# are a few hundred bytes; a larger one is judged like any answer, off the event loop when costly,
# never parsed here on the loop (16 MB of tiny objects takes seconds).
PLAIN_ERROR_BYTES = 64 * 1024


def plain_error_body(raw: bytes) -> bool:
    """Whether an HTTP error's JSON body answers no request and carries nothing to judge: one object
    without ``id``, ``method`` or ``result`` (an id-less JSON-RPC error such as "No valid session ID",
    or plain JSON), and not a -32042 (whose URL elicitations are judged wherever they appear)."""
    if len(raw) > PLAIN_ERROR_BYTES:
        return False
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


def is_sse(value: str | None) -> bool:
    """Whether an answer is judged as an SSE stream. Fail closed: any type a client might read as one
    (the Python SDK takes every type starting "text/event-stream", older TypeScript SDKs any type that
    contains it), not only the exact type; the client then gets it labelled exactly as judged."""
    return SSE_TYPE in (value or "").lower()


@functools.lru_cache(maxsize=8)
def _lowered(hosts: tuple[str, ...]) -> frozenset[str]:
    # Per config (a reload brings a new tuple): not rebuilt for every request.
    return frozenset(h.lower() for h in hosts)


def host_allowed(host: str, config: Config, listen_host: str) -> bool:
    if not host:
        return False
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.lower()
    if name in LOOPBACK_HOSTS:
        return True  # what every local client sends: allowed whatever the list says
    allowed = _lowered(config.http.allowed_hosts)
    if host.lower() in allowed or name in allowed:
        return True
    return name == listen_host.lower()


def origin_allowed(origin: str, config: Config) -> bool:
    if origin in config.http.allowed_origins:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and (parts.hostname or "") in LOOPBACK_HOSTS


@dataclass(frozen=True)
class Summary:
    """What the HTTP layer reads of a client body besides judging it: request ids, methods, and the
    ``_meta`` protocol version of each message that has one."""

    ids: list[Any]
    methods: list[str]
    meta_versions: list[Any]


class ClientBody(bytes):
    """A client's request body, with its :class:`Summary` parsed once (off the event loop when large,
    see :func:`summarised`); the bytes themselves are forwarded unchanged."""

    summary: Summary | None = None


# From this size a body is summarised in a worker thread: parsing 16 MB of tiny JSON objects takes
# seconds, and the event loop serves every other session meanwhile.
SUMMARY_INLINE_BYTES = 64 * 1024


def summary(body: bytes) -> Summary:
    """The body's :class:`Summary` (empty when it does not parse), kept on a :class:`ClientBody`."""
    known = body.summary if isinstance(body, ClientBody) else None
    if known is not None:
        return known
    try:
        envelope = parse_envelope(body, len(body) + 1)
    except EnvelopeError:
        found = Summary([], [], [])
    else:
        messages = envelope.messages
        found = Summary([m.id for m in messages if m.kind is Kind.REQUEST and m.id is not None],
                        [m.method for m in messages if m.method is not None],
                        [meta[META_PROTOCOL] for m in messages if META_PROTOCOL in (meta := meta_of(m.params))])
    if isinstance(body, ClientBody):
        body.summary = found
    return found


async def summarised(raw: bytes) -> ClientBody:
    """A client body ready for the HTTP layer: a large one is summarised in a worker thread now."""
    body = ClientBody(raw)
    if len(body) > SUMMARY_INLINE_BYTES:
        await asyncio.get_running_loop().run_in_executor(None, summary, body)
    return body


async def ids_only(body: bytes) -> ClientBody:
    """What the relay keeps of a large body it forwards: a stand-in carrying only the body's summary
    (its request ids, to answer each if the upstream's answer is unusable), not its bytes."""
    known = body.summary if isinstance(body, ClientBody) else None
    if known is None:
        known = await asyncio.get_running_loop().run_in_executor(None, summary, body)
    stand_in = ClientBody(b"[]")
    stand_in.summary = known
    return stand_in


def request_methods(body: bytes) -> list[str]:
    """Methods of the requests and notifications in a client body ([] when it does not parse)."""
    return summary(body).methods


def request_ids(body: bytes) -> list[Any]:
    """Ids of the requests in a client body, to answer each when the upstream answer is unusable."""
    return summary(body).ids


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
