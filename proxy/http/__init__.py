"""HTTP mode: a Streamable HTTP (and legacy HTTP+SSE) reverse proxy.

The listener is a raw asyncio ``Protocol`` relay on llhttp (``h1`` the client side, ``upstream`` one
keep-alive upstream connection per client connection, ``front`` the routing) that calls the handlers
of the aiohttp application (``app``): the application holds the state and its cleanup contexts, and
its ``ClientSession`` carries the side requests (the proxy's own answers upstream). ``make_app`` still
serves on aiohttp's own server (``listening(relay="aiohttp")``, and tests that run it directly). Every
JSON body and every SSE event is framed here and judged by the same :class:`policies.engine.Guard`
as stdio uses; SSE events are judged and written one by one as they arrive, never buffered as a
whole stream.

Routes: ``/mcp`` (the default upstream), ``/NAME/mcp`` for each ``servers:`` entry, ``/sse`` and
``/NAME/sse`` for upstreams that still speak the deprecated HTTP+SSE transport (their message
endpoint is rewritten to ``/_legacy/TOKEN`` on the proxy).

Modules: ``serve`` (start/stop: :func:`listening`, used by the CLI and the tests), ``app`` (the aiohttp
application), ``state`` (routes, sessions, their owners and the bounded table), ``sessions`` (routing,
Host/Origin, bodies, finding or refusing a session), ``versions`` (-32020/-32022 at the edge),
``relay`` (one request upstream, JSON answers), ``stream`` (SSE answers), ``answers`` (the proxy's own
answers to the upstream), ``bodies`` (whole or bounded reads), ``streamable`` and ``legacy`` (the
transports' endpoints), ``common`` (shared helpers), ``h1``/``upstream``/``front``/``deadline`` (the
raw relay's HTTP/1.1 framing, upstream connections, routing and timers).
"""
from elicitguard.proxy.http.app import HttpProxy, build_routes, make_app
from elicitguard.proxy.http.common import url_origin
from elicitguard.proxy.http.serve import Listening, SessionInfo, SessionsView, listening, run_http
from elicitguard.proxy.http.state import SESSIONS, Route, Session

__all__ = ["SESSIONS", "HttpProxy", "Listening", "Route", "Session", "SessionInfo", "SessionsView", "build_routes",
           "listening", "make_app", "run_http", "url_origin"]
