"""The HTTP application: one aiohttp app, one upstream ``ClientSession``, routes and lifecycle."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator

import aiohttp
from aiohttp import web

from elicitguard.policies.config import Config
from elicitguard.policies.engine import Bounded
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.common import AUDIT, CLIENT, CONFIG, LEGACY, MAX_SESSIONS, ROUTES, SESSIONS, ssl_context
from elicitguard.proxy.http.legacy import LegacySse
from elicitguard.proxy.http.sessions import Route
from elicitguard.proxy.http.streamable import StreamableHttp


class HttpProxy(StreamableHttp, LegacySse):
    """All request handlers; state lives in the application under AppKeys."""


def build_routes(config: Config, upstream: str | None) -> dict[str | None, Route]:
    routes: dict[str | None, Route] = {}
    if upstream:
        routes[None] = Route(None, upstream, config.policy)
    for name, entry in config.servers.items():
        target = entry.upstream or upstream
        if target:
            routes[name] = Route(name, target, entry.policy)
    return routes


def make_app(config: Config, upstream: str | None, audit: AuditLog, listen_host: str = "127.0.0.1") -> web.Application:
    """The aiohttp application (also used directly by tests)."""
    app = web.Application(client_max_size=config.max_message_bytes + 1)
    proxy = HttpProxy(app, listen_host)
    app.middlewares.append(proxy.guard_middleware)
    app[CONFIG] = config
    app[AUDIT] = audit
    app[ROUTES] = build_routes(config, upstream)
    # Bounded: each initialize can create one (a proxy-issued id for a stateless upstream too).
    app[SESSIONS] = Bounded(MAX_SESSIONS)
    app[LEGACY] = {}

    async def client_session(app: web.Application) -> AsyncIterator[None]:
        timeout = aiohttp.ClientTimeout(total=None, connect=config.http.connect_timeout,
                                        sock_read=config.http.read_timeout)
        connector = aiohttp.TCPConnector(ssl=ssl_context(config))
        async with aiohttp.ClientSession(timeout=timeout, connector=connector, auto_decompress=False,
                                         skip_auto_headers=("User-Agent", "Accept-Encoding")) as session:
            app[CLIENT] = session
            yield

    async def idle_sweeper(app: web.Application) -> AsyncIterator[None]:
        async def sweep() -> None:
            idle = config.http.session_idle_timeout
            while True:
                await asyncio.sleep(min(60.0, idle / 4))
                now = asyncio.get_running_loop().time()
                for key, session in list(app[SESSIONS].items()):
                    if now - session.last_seen > idle:
                        del app[SESSIONS][key]
                        audit.event("session.end", session=key[1], reason="idle timeout")

        task = asyncio.create_task(sweep())
        yield
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    app.cleanup_ctx.append(client_session)
    app.cleanup_ctx.append(idle_sweeper)
    for prefix in ("", "/{server}"):
        app.router.add_post(prefix + "/mcp", proxy.handle_post)
        app.router.add_get(prefix + "/mcp", proxy.handle_get)
        app.router.add_delete(prefix + "/mcp", proxy.handle_delete)
        app.router.add_get(prefix + "/sse", proxy.handle_legacy_sse)
    app.router.add_post("/_legacy/{token}", proxy.handle_legacy_post)
    return app


def run_http(config: Config, host: str, port: int, upstream: str | None, audit: AuditLog) -> int:
    """Entry point for ``elicitguard http``: serve until interrupted."""
    app = make_app(config, upstream, audit, host)

    async def serve() -> None:
        # handler_cancellation: a client that hangs up cancels its handler, which closes the upstream
        # stream; a short shutdown_timeout keeps SIGTERM prompt with streams still open.
        runner = web.AppRunner(app, handle_signals=False, handler_cancellation=True, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0] if runner.addresses else (host, port)
        routes = ", ".join(f"/{r.name}/mcp" if r.name else "/mcp" for r in app[ROUTES].values())
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        # Before the line below: whoever reads it may signal us at once.
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signal.SIGUSR1, audit.reopen)  # logrotate: close this chain, start one in the new file
        # The one line tests and wrappers read to learn the port (also when --listen used port 0).
        print(f"elicitguard: listening on http://{host}:{bound[1]} ({routes})", file=sys.stderr, flush=True)
        audit.event("proxy.start", transport="http", listen=f"{host}:{bound[1]}")
        try:
            await stop.wait()
        finally:
            audit.event("proxy.stop", transport="http")
            await runner.cleanup()

    try:
        asyncio.run(serve())
    except OSError as exc:
        print(f"elicitguard: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
