"""Starting and stopping the HTTP proxy: one async context manager, used by ``elicitguard http`` and by
the tests, so both run the proxy the same way and neither depends on how the listener is built."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass

from aiohttp import web

from elicitguard.policies.config import Config
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.http.answers import ANSWERS, Backlog
from elicitguard.proxy.http.app import HANDLERS, build_routes, make_app
from elicitguard.proxy.http.common import ssl_context
from elicitguard.proxy.http.front import Front
from elicitguard.proxy.http.h1 import H1Connection, Settings
from elicitguard.proxy.http.upstream import Upstreams, client_tls
from elicitguard.proxy.http.state import SESSIONS, Session, SessionKey, SessionTable


@dataclass(frozen=True)
class SessionInfo:
    """What the proxy keeps for one session, as a snapshot (changing it changes nothing)."""

    server: str | None
    session_id: str
    synthetic: bool  # the proxy issued the id itself (the upstream is stateless)
    client_modes: frozenset[str]
    protocol_version: str | None


class SessionsView(Mapping[SessionKey, SessionInfo]):
    """A read-only view of the proxy's session table."""

    def __init__(self, table: Mapping[SessionKey, Session]) -> None:
        self._table = table

    def __getitem__(self, key: SessionKey) -> SessionInfo:
        session = self._table[key]
        return SessionInfo(session.route.name, key[1], session.synthetic, session.guard.state.client_modes,
                           session.guard.state.protocol_version)

    def __iter__(self) -> Iterator[SessionKey]:
        return iter(list(self._table))

    def __len__(self) -> int:
        return len(self._table)


@dataclass(frozen=True)
class Listening:
    """A running proxy: where it listens, and what it holds."""

    base: str  # http://HOST:PORT
    sessions: SessionsView
    _backlog: Backlog

    def url(self, server: str | None = None) -> str:
        """The MCP endpoint for the default upstream, or for ``servers.NAME``."""
        return f"{self.base}/{server}/mcp" if server else f"{self.base}/mcp"

    async def settled(self, timeout: float | None = None) -> None:
        """Wait until the answers the proxy sent the upstream on its own (to requests it blocked) got
        their replies: they travel in the background, after the stream they came from went on."""
        await self._backlog.settled(timeout)


# The raw relay's own bounds on a client connection (the upstream side uses http.connect_timeout and
# http.read_timeout): a request head must arrive within HEAD_TIMEOUT of its first byte, and a keep-alive
# connection with nothing in progress is closed after IDLE_TIMEOUT.
HEAD_TIMEOUT = 30.0
IDLE_TIMEOUT = 75.0
SHUTDOWN_GRACE = 2.0


@contextlib.asynccontextmanager
async def listening(config: Config, upstream: str | None, audit: AuditLog, host: str = "127.0.0.1",
                    port: int = 0, relay: str = "raw") -> AsyncIterator[Listening]:
    """Serve on HOST:PORT (port 0: any free port) until the block ends; closes every stream on exit.

    ``relay``: ``raw`` (the default: an asyncio Protocol relay on llhttp, one keep-alive upstream
    connection per client connection) or ``aiohttp`` (aiohttp's web server and one ClientSession)."""
    if relay == "raw":
        async with _raw(config, upstream, audit, host, port) as running:
            yield running
        return
    app = make_app(config, upstream, audit, host)
    # handler_cancellation: a client that hangs up cancels its handler, which closes the upstream
    # stream; a short shutdown_timeout keeps SIGTERM prompt with streams still open. No access log:
    # the audit log says what matters, and an access log would hold URL queries.
    runner = web.AppRunner(app, handle_signals=False, handler_cancellation=True, shutdown_timeout=2.0,
                           access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
        bound = runner.addresses[0][1] if runner.addresses else port
        shown = f"[{host}]" if ":" in host else host
        table: SessionTable = app[SESSIONS]
        yield Listening(f"http://{shown}:{bound}", SessionsView(table), app[ANSWERS])
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def _raw(config: Config, upstream: str | None, audit: AuditLog, host: str, port: int) -> AsyncIterator[Listening]:
    app = make_app(config, upstream, audit, host)
    app.pre_freeze()
    await app.startup()  # the side ClientSession, the idle sweeper, the expiry ticker
    app.freeze()
    tls = client_tls(ssl_context(config))
    settings = Settings(max_body=config.max_message_bytes, head_timeout=HEAD_TIMEOUT, idle_timeout=IDLE_TIMEOUT,
                        body_timeout=config.http.read_timeout,
                        new_upstreams=lambda: Upstreams(tls, config.http.connect_timeout, config.http.read_timeout))
    front = Front(app[HANDLERS])
    live: set[H1Connection] = set()
    loop = asyncio.get_running_loop()
    try:
        server = await loop.create_server(lambda: H1Connection(front, settings, live), host, port)
    except BaseException:
        await app.shutdown()
        await app.cleanup()
        raise
    try:
        bound = server.sockets[0].getsockname()[1] if server.sockets else port
        shown = f"[{host}]" if ":" in host else host
        table: SessionTable = app[SESSIONS]
        yield Listening(f"http://{shown}:{bound}", SessionsView(table), app[ANSWERS])
    finally:
        server.close()
        for conn in list(live):
            conn.shutdown()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_drained(live), SHUTDOWN_GRACE)
        for conn in list(live):
            conn.abort()
        await app.shutdown()
        await app.cleanup()


async def _drained(live: set[H1Connection]) -> None:
    while live:
        await asyncio.sleep(0.01)


def _loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop where it is installed (the ``fast`` extra): the relay's syscalls and callbacks cost
    about half as much on it; asyncio's own loop otherwise."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run_http(config: Config, host: str, port: int, upstream: str | None, audit: AuditLog) -> int:
    """Entry point for ``elicitguard http``: serve until SIGINT or SIGTERM."""

    async def serve() -> None:
        audit.bind(policy_version=config.version)  # inherited by every task and handler started below
        async with listening(config, upstream, audit, host, port) as proxy:
            routes = ", ".join(f"/{name}/mcp" if name else "/mcp" for name in build_routes(config, upstream))
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            # Before the line below: whoever reads it may signal us at once.
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):
                    loop.add_signal_handler(sig, stop.set)
            with contextlib.suppress(NotImplementedError):
                # logrotate: close this chain, start one in the new file
                loop.add_signal_handler(signal.SIGUSR1, audit.reopen)
            # The one line tests and wrappers read to learn the port (also when --listen used port 0).
            print(f"elicitguard: listening on {proxy.base} ({routes})", file=sys.stderr, flush=True)
            audit.event("proxy.start", transport="http", listen=proxy.base.removeprefix("http://"))
            try:
                await stop.wait()
            finally:
                audit.event("proxy.stop", transport="http")

    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(serve())
    except OSError as exc:
        print(f"elicitguard: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
