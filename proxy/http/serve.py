"""Starting and stopping the HTTP proxy: one async context manager, used by ``elicitguard http`` and by
the tests, so both run the proxy the same way and neither depends on how the listener is built."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from elicitguard.policies.config import Config
from elicitguard.policies.judge import ELICIT
from elicitguard.proxy.admin import admin_listening, upstreams_ready
from elicitguard.proxy.audit import AuditLog
from elicitguard.proxy.gctune import tune_gc
from elicitguard.proxy.http.answers import ANSWERS, Backlog
from elicitguard.proxy.http.app import HANDLERS, apply_config, build_routes, make_app
from elicitguard.proxy.http.common import LEGACY, ROUTES, ssl_context
from elicitguard.proxy.http.front import Front
from elicitguard.proxy.http.budget import BodyBudget, Refusals
from elicitguard.proxy.http.h1 import H1Connection, Settings
from elicitguard.proxy.http.upstream import Upstreams, client_tls
from elicitguard.proxy.http.state import SESSIONS, Session, SessionKey, SessionTable
from elicitguard.proxy.metrics import Metrics
from elicitguard.proxy.oplog import LOG
from elicitguard.proxy.reload import Reloader, settle_http


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
    _app: web.Application

    def url(self, server: str | None = None) -> str:
        """The MCP endpoint for the default upstream, or for ``servers.NAME``."""
        return f"{self.base}/{server}/mcp" if server else f"{self.base}/mcp"

    async def settled(self, timeout: float | None = None) -> None:
        """Wait until the answers the proxy sent the upstream on its own (to requests it blocked) got
        their replies: they travel in the background, after the stream they came from went on."""
        await self._backlog.settled(timeout)

    def use(self, config: Config) -> None:
        """Run on ``config`` from now on (a reload: see ``proxy.reload``; routes and upstreams stay)."""
        apply_config(self._app, config)

    def upstreams(self) -> dict[str, str]:
        """Each route's upstream, by config name (``default`` for /mcp)."""
        return {name or "default": route.upstream for name, route in self._app[ROUTES].items()}

    def session_count(self) -> int:
        return len(self._app[SESSIONS]) + len({id(s) for s in self._app[LEGACY].values()})

    def pending_elicitations(self) -> int:
        """Elicitations forwarded to clients and not answered yet, over every session."""
        seen: dict[int, Session] = {id(s): s for s in self._app[SESSIONS].values()}
        seen.update((id(s), s) for s in self._app[LEGACY].values())
        total = 0
        for session in list(seen.values()):
            try:
                total += sum(1 for r in list(session.guard.state.pending_server.values()) if r.method == ELICIT)
            except RuntimeError:  # being judged in a thread this instant: counted at the next scrape
                continue
        return total


# The raw relay's own bounds on a client connection (the upstream side uses http.connect_timeout and
# http.read_timeout): a request head must arrive within HEAD_TIMEOUT of its first byte, and a keep-alive
# connection with nothing in progress is closed after IDLE_TIMEOUT.
HEAD_TIMEOUT = 30.0
IDLE_TIMEOUT = 75.0
SHUTDOWN_GRACE = 2.0


@contextlib.asynccontextmanager
async def listening(config: Config, upstream: str | None, audit: AuditLog, host: str = "127.0.0.1",
                    port: int = 0, metrics: Metrics | None = None,
                    relay: str = "raw") -> AsyncIterator[Listening]:
    """Serve on HOST:PORT (port 0: any free port) until the block ends; closes every stream on exit.

    ``relay``: ``raw`` (the default: an asyncio Protocol relay on llhttp, one keep-alive upstream
    connection per client connection) or ``aiohttp`` (aiohttp's web server and one ClientSession)."""
    if relay == "raw":
        async with _raw(config, upstream, audit, host, port, metrics) as running:
            yield running
        return
    app = make_app(config, upstream, audit, host, metrics=metrics)
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
        yield Listening(f"http://{shown}:{bound}", SessionsView(table), app[ANSWERS], app)
    finally:
        await runner.cleanup()


@contextlib.asynccontextmanager
async def _raw(config: Config, upstream: str | None, audit: AuditLog, host: str, port: int,
               metrics: Metrics | None = None) -> AsyncIterator[Listening]:
    app = make_app(config, upstream, audit, host, metrics=metrics)
    app.pre_freeze()
    await app.startup()  # the side ClientSession, the idle sweeper, the expiry ticker
    app.freeze()
    tls = client_tls(ssl_context(config))
    cap = config.max_connections

    def announcer(event: str, what: str, warning: str) -> Callable[[int], None]:
        """Audit and oplog one burst of connections dropped at the cap (``Refusals`` rate-limits it)."""
        def announce(count: int) -> None:
            audit.event(event, decision="deny", count=count, reasons=[
                {"rule": "http.max_connections", "detail": f"{count} {what} limits.max_connections ({cap})"}])
            LOG.warning(warning, count=count, max_connections=cap)
        return announce

    refusals = Refusals(announcer("http.connection_refused", "client connection(s) refused past",
                                  "client connections refused at the cap"))
    evictions = Refusals(announcer("http.connection_evicted", "idle client connection(s) closed to make room under",
                                   "idle client connections closed at the cap"))
    settings = Settings(max_body=config.max_message_bytes, head_timeout=HEAD_TIMEOUT, idle_timeout=IDLE_TIMEOUT,
                        body_timeout=config.http.read_timeout,
                        new_upstreams=lambda: Upstreams(tls, config.http.connect_timeout, config.http.read_timeout),
                        max_connections=cap, budget=BodyBudget(config.buffered_bytes), refusals=refusals,
                        evictions=evictions)
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
        yield Listening(f"http://{shown}:{bound}", SessionsView(table), app[ANSWERS], app)
    finally:
        server.close()
        for conn in list(live):
            conn.shutdown()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_drained(live), SHUTDOWN_GRACE)
        for conn in list(live):
            conn.abort()
        refusals.close()
        evictions.close()
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


class AdminUnavailable(Exception):
    """The admin listener could not bind its address."""


def _log_upstream(event: str, decision: str, fields: Mapping[str, Any]) -> None:
    """Audit observer: upstream failures also go to the operational log (the audit keeps the record)."""
    if event.startswith("upstream."):
        reasons = fields.get("reasons")
        rule = reasons[0].get("rule") if isinstance(reasons, list) and reasons and isinstance(reasons[0], dict) else None
        LOG.warning("upstream request failed", audit_event=event, server=fields.get("server"),
                    detail=fields.get("detail") or rule)


def run_http(config: Config, host: str, port: int, upstream: str | None, audit: AuditLog,
             source: str | None = None) -> int:
    """Entry point for ``elicitguard http``: serve until SIGINT or SIGTERM; SIGHUP reloads ``source``."""

    async def serve() -> None:
        audit.bind(policy_version=config.version)  # inherited by every task and handler started below
        audit.observers.append(_log_upstream)
        metrics = Metrics(config) if config.admin_listen else None
        if metrics is not None:
            audit.observers.append(metrics.audited)
        async with contextlib.AsyncExitStack() as stack:
            proxy = await stack.enter_async_context(listening(config, upstream, audit, host, port, metrics))
            routes = ", ".join(f"/{name}/mcp" if name else "/mcp" for name in build_routes(config, upstream))
            reloader = Reloader(source, config, audit, settle_http, proxy.use)
            if metrics is not None and config.admin_listen is not None:
                metrics.gauges(proxy.session_count, proxy.pending_elicitations)
                try:
                    admin = await stack.enter_async_context(admin_listening(
                        config.admin_listen, metrics,
                        upstreams_ready(proxy.upstreams, min(2.0, config.http.connect_timeout))))
                except OSError as exc:
                    raise AdminUnavailable(f"cannot listen on admin.listen {config.admin_listen}: "
                                           f"{exc.strerror or exc}") from None
                print(f"elicitguard: admin listening on {admin.base} (/healthz, /readyz, /metrics)",
                      file=sys.stderr, flush=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            # Before the line below: whoever reads it may signal us at once.
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):
                    loop.add_signal_handler(sig, stop.set)
            with contextlib.suppress(NotImplementedError):
                # logrotate: close this chain, start one in the new file
                loop.add_signal_handler(signal.SIGUSR1, audit.reopen)
                loop.add_signal_handler(signal.SIGHUP, reloader.trigger)
            watch = asyncio.create_task(reloader.watch(config.reload_interval)) if config.reload_watch else None
            tune_gc()
            # The one line tests and wrappers read to learn the port (also when --listen used port 0).
            print(f"elicitguard: listening on {proxy.base} ({routes})", file=sys.stderr, flush=True)
            audit.event("proxy.start", transport="http", listen=proxy.base.removeprefix("http://"))
            LOG.info("started", transport="http", listen=proxy.base.removeprefix("http://"),
                     policy_version=config.version, admin=config.admin_listen or "off",
                     reload_watch=config.reload_watch)
            try:
                await stop.wait()
            finally:
                for task in (watch,):
                    if task is not None:
                        task.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await task
                await reloader.close()
                audit.event("proxy.stop", transport="http")

    try:
        with asyncio.Runner(loop_factory=_loop_factory()) as runner:
            runner.run(serve())
    except AdminUnavailable as exc:
        print(f"elicitguard: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"elicitguard: cannot listen on {host}:{port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
