"""The HTTP application: one aiohttp app holding the proxy's state and lifecycle (the idle sweeper, the
expiry ticker), the handlers, and one ``ClientSession`` for side requests (the proxy's own answers
upstream; every request when the app is served by aiohttp itself rather than the raw relay)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import aiohttp
from aiohttp import web

from elicitguard.policies.config import Config
from elicitguard.policies.sealed import Sealer
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.answers import ANSWERS, Backlog
from elicitguard.proxy.http.common import (
    AUDIT,
    CLIENT,
    LEGACY,
    ROUTES,
    RUNTIME,
    SERVER_NAME,
    Runtime,
    ssl_context,
)
from elicitguard.proxy.http.expiry import expiry_ticker
from elicitguard.proxy.http.legacy import LegacySse
from elicitguard.proxy.http.tombstones import TOMBSTONES, Tombstones
from elicitguard.proxy.http.state import SESSIONS, Route, SessionTable
from elicitguard.proxy.http.streamable import StreamableHttp
from elicitguard.proxy.state_keys import load_sealer
from elicitguard.proxy.metrics import Metrics


class HttpProxy(StreamableHttp, LegacySse):
    """All request handlers; state lives in the application under AppKeys."""


HANDLERS = web.AppKey("handlers", HttpProxy)


def build_routes(config: Config, upstream: str | None, sealer: Sealer | None = None) -> dict[str | None, Route]:
    routes: dict[str | None, Route] = {}
    if upstream:
        routes[None] = Route(None, upstream, config.policy, sealer)
    for name, entry in config.servers.items():
        target = entry.upstream or upstream
        if target:
            routes[name] = Route(name, target, entry.policy, sealer)
    return routes


async def _name_no_software(_request: web.Request, response: web.StreamResponse) -> None:
    # aiohttp would name itself and Python with their versions.
    response.headers["Server"] = SERVER_NAME


def apply_config(app: web.Application, config: Config) -> None:
    """A reloaded config (already settled: same routes, same upstreams): each route takes its new
    policy, which every session of it uses from its next frame."""
    runtime = app[RUNTIME]
    runtime.config = config
    for name, route in app[ROUTES].items():
        if name is None:
            route.policy = config.policy
        elif name in config.servers:
            route.policy = config.servers[name].policy
    if runtime.metrics is not None:
        runtime.metrics.use(config)


def make_app(config: Config, upstream: str | None, audit: AuditLog, listen_host: str = "127.0.0.1",
             sealer: Sealer | None = None, metrics: Metrics | None = None) -> web.Application:
    """The aiohttp application (also used directly by tests). ``sealer`` defaults to the one
    ``mrtr.state_key_file`` names (OSError/ValueError if unusable), else a random per-process key."""
    app = web.Application(client_max_size=config.max_message_bytes + 1)
    proxy = HttpProxy(app, listen_host)
    app.middlewares.append(proxy.guard_middleware)
    app.on_response_prepare.append(_name_no_software)
    app[RUNTIME] = Runtime(config, metrics)
    app[AUDIT] = audit
    app[ROUTES] = build_routes(config, upstream, sealer or load_sealer(config.mrtr_state_key_file))
    app[SESSIONS] = SessionTable()
    app[TOMBSTONES] = Tombstones()
    app[LEGACY] = {}
    app[ANSWERS] = Backlog()
    app[HANDLERS] = proxy

    async def client_session(app: web.Application) -> AsyncIterator[None]:
        timeout = aiohttp.ClientTimeout(total=None, connect=config.http.connect_timeout,
                                        sock_read=config.http.read_timeout)
        # No fixed pool shared by every client (aiohttp's default is 100 connections): open SSE streams
        # would exhaust it and stall everyone else's requests. Each client request has its own upstream
        # request, so the number of upstream connections is bounded by the clients' own.
        connector = aiohttp.TCPConnector(ssl=ssl_context(config), limit=0)
        # No cookie jar: Cookie and Set-Cookie travel with each request and response, as the client sent
        # and the upstream set them; a shared jar would send one client's cookies on another's requests.
        async with aiohttp.ClientSession(timeout=timeout, connector=connector, auto_decompress=False,
                                         cookie_jar=aiohttp.DummyCookieJar(),
                                         skip_auto_headers=("User-Agent", "Accept-Encoding")) as session:
            app[CLIENT] = session
            try:
                yield
            finally:
                await app[ANSWERS].close()

    async def idle_sweeper(app: web.Application) -> AsyncIterator[None]:
        async def sweep() -> None:
            idle = config.http.session_idle_timeout
            while True:
                await asyncio.sleep(min(60.0, idle / 4))
                now = asyncio.get_running_loop().time()
                for key, session in list(app[SESSIONS].items()):
                    if now - session.last_seen > idle:
                        app[SESSIONS].pop(key)
                        audit.event("session.end", session=key[1], reason="idle timeout")

        task = asyncio.create_task(sweep())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    app.cleanup_ctx.append(client_session)
    app.cleanup_ctx.append(idle_sweeper)
    app.cleanup_ctx.append(expiry_ticker(proxy))
    for prefix in ("", "/{server}"):
        app.router.add_post(prefix + "/mcp", proxy.handle_post)
        app.router.add_get(prefix + "/mcp", proxy.handle_get)
        app.router.add_delete(prefix + "/mcp", proxy.handle_delete)
        app.router.add_get(prefix + "/sse", proxy.handle_legacy_sse)
    app.router.add_post("/_legacy/{token}", proxy.handle_legacy_post)
    return app
