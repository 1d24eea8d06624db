"""The admin listener (``admin.listen``): ``/healthz``, ``/readyz`` and Prometheus ``/metrics`` on a socket
of its own, never the proxy's. Off unless configured; ``:PORT`` means loopback.

``/healthz`` says the process serves (200). ``/readyz`` asks the transport whether it can do its job
(http: every upstream accepts a TCP connection within a bounded time; stdio: the server runs): 200,
else 503 naming what is not ready by its config name only. Concurrent probes share one check.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from elicitguard.proxy.metrics import Metrics
from elicitguard.proxy.preflight import is_loopback

# The Server header, as proxy.http.common.SERVER_NAME says it (importing that would import the whole
# http package, which imports this module).
SERVER_NAME: Final = "elicitguard"
# How long /readyz waits for one upstream (seconds): a probe must answer before its own timeout.
READY_TIMEOUT: Final = 2.0

Ready = Callable[[], Awaitable[list[str]]]  # the names of what is not ready; empty: ready


@dataclass(frozen=True)
class Admin:
    base: str  # http://HOST:PORT


def split_listen(listen: str) -> tuple[str, int]:
    host, _, port = listen.rpartition(":")
    return (host.strip("[]") or "127.0.0.1"), int(port)


async def reachable(url: str, timeout: float) -> bool:
    """Whether the URL's host accepts a TCP connection within ``timeout`` seconds."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        _, writer = await asyncio.wait_for(asyncio.open_connection(parts.hostname, port), timeout)
    except (OSError, TimeoutError, ValueError):
        return False
    writer.close()
    with contextlib.suppress(OSError, TimeoutError):
        await asyncio.wait_for(writer.wait_closed(), timeout)
    return True


def upstreams_ready(upstreams: Callable[[], Mapping[str, str]], timeout: float = READY_TIMEOUT) -> Ready:
    """A readiness check over the named upstreams (all probed at once)."""

    async def check() -> list[str]:
        targets = dict(upstreams())
        results = await asyncio.gather(*(reachable(url, timeout) for url in targets.values()))
        return [name for name, ok in zip(targets, results) if not ok]

    return check


class _Shared:
    """One readiness check at a time; probes that arrive meanwhile get its answer."""

    def __init__(self, ready: Ready) -> None:
        self.ready = ready
        self.running: asyncio.Future[list[str]] | None = None

    async def __call__(self) -> list[str]:
        if self.running is None or self.running.done():
            self.running = asyncio.ensure_future(self.ready())
        return await asyncio.shield(self.running)


def make_admin_app(metrics: Metrics, ready: Ready, loopback_only: bool) -> web.Application:
    app = web.Application()
    shared = _Shared(ready)

    @web.middleware
    async def guard(request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                    ) -> web.StreamResponse:
        # Bound to loopback: only loopback Host names (a web page the operator opens cannot read it
        # through DNS rebinding).
        try:
            host = request.url.host or ""
        except ValueError:
            host = ""
        if loopback_only and not is_loopback(host):
            return web.Response(status=403, text="Host not allowed\n")
        response = await handler(request)
        return response

    async def name_no_software(_request: web.Request, response: web.StreamResponse) -> None:
        response.headers["Server"] = SERVER_NAME

    async def healthz(_request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(_request: web.Request) -> web.Response:
        down = await shared()
        if down:
            return web.Response(status=503, text="not ready: " + ", ".join(down) + "\n")
        return web.Response(text="ready\n")

    async def metrics_page(_request: web.Request) -> web.Response:
        response = web.Response(body=metrics.render())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    app.middlewares.append(guard)
    app.on_response_prepare.append(name_no_software)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", metrics_page)
    return app


@contextlib.asynccontextmanager
async def admin_listening(listen: str, metrics: Metrics, ready: Ready) -> AsyncIterator[Admin]:
    """Serve the admin endpoints on ``listen`` (HOST:PORT; port 0 picks one) until the block ends."""
    host, port = split_listen(listen)
    runner = web.AppRunner(make_admin_app(metrics, ready, is_loopback(host)), handle_signals=False,
                           access_log=None, shutdown_timeout=1.0)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        bound = runner.addresses[0][1] if runner.addresses else port
        shown = f"[{host}]" if ":" in host else host
        yield Admin(f"http://{shown}:{bound}")
    finally:
        await runner.cleanup()
