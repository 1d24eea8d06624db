"""``elicitguard stdio`` and ``elicitguard http``: run the proxy."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from elicitguard.policies.config import Config
from elicitguard.proxy.commands import add_config, config_path, fail, load, open_audit, server_policy
from elicitguard.proxy.oplog import LOG
from elicitguard.proxy.preflight import (
    Findings,
    check_admin,
    check_ca_bundle,
    check_listen,
    check_model,
    servers_without_upstream,
)

STDIO_DESCRIPTION = """\
Start COMMAND as the MCP server and relay newline-delimited JSON-RPC between it and this
process's stdin/stdout. Exit status: the server's (128+N if it died of signal N).

stderr: with audit.path "-" (the default) audit records go to stderr, and each line the server
writes to its stderr is re-emitted as "server: LINE" with control characters escaped, so no
server output can pass for an audit record. With audit.path a file, the server's stderr passes
through untouched.

signals: the server runs in its own process group; SIGINT, SIGTERM, SIGQUIT and SIGUSR2 are
forwarded to that group. SIGUSR1 reopens the audit file (for logrotate: the old file's chain is
closed, a new one starts). SIGHUP is not forwarded: it reloads the config (validated as check does;
a bad file keeps the running policy; audited config.reloaded or config.rejected). With
reload.watch: true the file is also looked at every reload.interval seconds.

operational log: startup, reloads and warnings go to stderr as "elicitguard: LEVEL: ..." lines
(log.format: json for JSON lines), filtered by log.level. With admin.listen, /healthz, /readyz (the
server runs) and /metrics are served there.

shutdown: when stdin ends, the server's pending requests are answered (an elicitation with
"cancel") and its stdin is closed. After that, or after a forwarded SIGINT/SIGTERM/SIGQUIT, the
server has stdio.shutdown_grace seconds (default 2) to exit, then gets SIGTERM, then SIGKILL after
as long again. On Linux the server is killed if elicitguard itself dies, even by SIGKILL. When the
server exits, what is left of its process group is killed, and each client request it left
unanswered gets an error.
"""


def register(sub: Any) -> None:
    stdio = sub.add_parser("stdio", help="wrap a stdio MCP server: elicitguard stdio [--config F] -- CMD [ARG...]",
                           description=STDIO_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_config(stdio)
    stdio.add_argument("--name", metavar="NAME",
                       help="apply servers.NAME from the config (exit 2 when there is no such entry) and log as NAME; "
                            "without it, the command's base name is used when servers: has an entry of that name, "
                            "else the global policy applies")
    stdio.add_argument("server_command", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARG...]")
    stdio.set_defaults(handler=cmd_stdio)

    http = sub.add_parser("http", help="Streamable HTTP (and legacy HTTP+SSE) reverse proxy",
                          description="Serve MCP Streamable HTTP on --listen and relay to --upstream. With servers: in "
                                      "the config, each is served at /NAME/mcp (each needs an upstream, its own or "
                                      "the global one); /mcp serves the default upstream. "
                                      "Upstreams on the deprecated HTTP+SSE transport are served at /sse (/NAME/sse), "
                                      "relayed to the upstream URL with its last path segment replaced by 'sse'. "
                                      "Only loopback Host/Origin values are accepted unless http.allowed_hosts / "
                                      "http.allowed_origins list more (a warning is printed when listening beyond "
                                      "loopback without them). "
                                      "SIGHUP reloads the config (checked as 'check' does; a bad file keeps the "
                                      "running policy; keys that cannot change live, such as listen and upstream, "
                                      "are reported as not applied); SIGUSR1 reopens the audit file. "
                                      "With admin.listen, /healthz, /readyz and Prometheus /metrics are served on "
                                      "that address, never on --listen. The operational log (log.level, "
                                      "log.format) goes to stderr. Replicas behind one load balancer share "
                                      "mrtr.state_key_file (README: Scaling out).")
    add_config(http)
    http.add_argument("--listen", metavar="HOST:PORT", help="address to serve on (default: config listen, "
                                                             "else 127.0.0.1:8931); port 0 picks a free port")
    http.add_argument("--upstream", metavar="URL", help="upstream MCP endpoint (default: config upstream)")
    http.set_defaults(handler=cmd_http)


def stdio_server_name(config: Config, name: str | None, command: list[str]) -> str | None:
    """The servers: entry a stdio proxy applies: --name (which must exist), else the command's base
    name when servers: has it, else None (the global policy)."""
    if name is not None:
        server_policy(config, name)
        return name
    base = os.path.basename(command[0])
    return base if base in config.servers else None


def check_state_key(config: Config) -> None:
    """Exit 2 when mrtr.state_key_file is set but unusable (before anything starts)."""
    from elicitguard.proxy.state_keys import load_sealer

    try:
        load_sealer(config.mrtr_state_key_file)
    except (OSError, ValueError) as exc:
        fail(f"cannot use mrtr.state_key_file {config.mrtr_state_key_file!r}: {getattr(exc, 'strerror', None) or exc}")


def _warn(config: Config, findings: Findings) -> None:
    for warning in (*config.warnings, *findings.warnings):
        LOG.warning(warning)


def cmd_stdio(args: argparse.Namespace) -> int:
    command = list(args.server_command)
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        fail("stdio needs the server command after '--', e.g. elicitguard stdio -- python server.py")
    config = load(args.config)
    check_state_key(config)
    LOG.configure(config.log_level, config.log_format)
    name = stdio_server_name(config, args.name, command)
    findings = Findings()
    check_model(config, findings)
    if findings.errors:
        fail(findings.errors[0])
    check_admin(config, findings)
    _warn(config, findings)
    import asyncio

    from elicitguard.proxy.metrics import Metrics
    from elicitguard.proxy.reload import Reloader, settle_stdio
    from elicitguard.proxy.stdio import StdioProxy
    from elicitguard.proxy.stdio_io import prepare_std_fds

    prepare_std_fds()
    audit = open_audit(config, args.name or os.path.basename(command[0]))
    metrics = Metrics(config) if config.admin_listen else None
    proxy = StdioProxy(config, command, audit, name, metrics=metrics)

    def apply(new: Config) -> None:
        proxy.use(new, new.policy_for(stdio_server_name(new, args.name, command)))
        if metrics is not None:
            metrics.use(new)

    reloader = Reloader(config_path(args.config), config, audit, lambda old, new: settle_stdio(old, new, args.name),
                        apply)
    proxy.reload = reloader.trigger
    services = []
    if config.reload_watch:
        services.append(lambda: reloader.watch(config.reload_interval))
    if metrics is not None and config.admin_listen is not None:
        audit.observers.append(metrics.audited)
        metrics.gauges(lambda: int(proxy.running()), proxy.pending_elicitations)
        services.append(lambda: _stdio_admin(config.admin_listen or "", metrics, proxy))
    proxy.services = services
    LOG.debug("starting", transport="stdio", server=proxy.server_name, policy_version=config.version,
             reload_watch=config.reload_watch, admin=config.admin_listen or "off")
    from elicitguard.proxy.gctune import tune_gc

    tune_gc()  # as the HTTP proxy does: a stdio sidecar lives as long as its client's session
    try:
        return asyncio.run(proxy.run())
    finally:
        audit.close()


async def _stdio_admin(listen: str, metrics: Any, proxy: Any) -> None:
    """The admin listener beside a stdio session: ready while the server runs. One that cannot bind
    is reported and left off: the MCP session matters more than its metrics."""
    import asyncio

    from elicitguard.proxy.admin import admin_listening

    async def ready() -> list[str]:
        return [] if proxy.running() else ["server"]

    try:
        async with admin_listening(listen, metrics, ready) as admin:
            LOG.info("admin listening", url=admin.base)
            await asyncio.Event().wait()
    except OSError as exc:
        LOG.error(f"cannot listen on admin.listen {listen}: {exc.strerror or exc}; no admin listener")
    except Exception as exc:  # noqa: BLE001 - the MCP session goes on without its admin listener
        LOG.error(f"admin listener failed ({type(exc).__name__}); no admin listener")
        raise


def cmd_http(args: argparse.Namespace) -> int:
    config = load(args.config)
    check_state_key(config)
    listen = args.listen or config.listen
    upstream = args.upstream or config.upstream
    if not upstream and not config.servers:
        fail("http needs an upstream: --upstream URL, or upstream:/servers: in the config")
    if upstream and not upstream.startswith(("http://", "https://")):
        fail(f"--upstream must be an http:// or https:// URL, got {upstream!r}")
    missing = servers_without_upstream(config, upstream)
    if missing:
        fail(f"servers.{missing[0]} has no upstream: give it one (servers.{missing[0]}.upstream), or a global "
             "upstream (--upstream or upstream:)")
    host, sep, port = listen.rpartition(":")
    if not sep or not port.isdigit():
        fail(f"--listen must be HOST:PORT, got {listen!r}")
    findings = Findings()
    check_model(config, findings)
    check_ca_bundle(config, findings)
    if findings.errors:
        fail(findings.errors[0])
    check_listen(config, host.strip("[]"), findings)
    check_admin(config, findings, listen)
    if findings.errors:
        fail(findings.errors[0])
    LOG.configure(config.log_level, config.log_format)
    _warn(config, findings)
    from elicitguard.proxy.http import run_http

    audit = open_audit(config, "http")
    try:
        return run_http(config, host.strip("[]"), int(port), upstream, audit, source=config_path(args.config))
    finally:
        audit.close()
