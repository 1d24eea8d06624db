"""Command line: ``elicitguard stdio | http | check | explain | audit-verify``."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import NoReturn

from elicitguard import __version__
from elicitguard.policies.config import MODES, Config, ConfigError, load_config
from elicitguard.policies.engine import judge_message
from elicitguard.policies.envelope import EnvelopeError

EXIT_OK = 0
EXIT_DENY = 1
EXIT_USAGE = 2

DESCRIPTION = """\
elicitguard: a security proxy for MCP elicitation.

It sits between an MCP client and server, blocks form elicitations that ask for credentials,
enforces the client's declared elicitation modes, checks URL-mode URLs against the policy, and
writes a hash-chained JSON audit log of every decision. Everything else passes through unchanged.

Config: --config FILE, else $ELICITGUARD_CONFIG, else safe built-in defaults.
"""

EPILOG = """\
examples:
  elicitguard stdio -- python my_server.py
  elicitguard stdio --config policy.yaml --name github -- npx -y @acme/github-mcp
  elicitguard http --upstream http://127.0.0.1:9000/mcp --listen 127.0.0.1:8931
  elicitguard check --config policy.yaml
  elicitguard explain --client-modes form message.json
  elicitguard audit-verify audit.jsonl
"""


def _add_config(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE", help="YAML policy (default: $ELICITGUARD_CONFIG, else built-in defaults)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="elicitguard", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"elicitguard {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    stdio = sub.add_parser("stdio", help="wrap a stdio MCP server: elicitguard stdio [--config F] -- CMD [ARG...]",
                           description="Start COMMAND as the MCP server and relay newline-delimited JSON-RPC between "
                                       "it and this process's stdin/stdout. Exit status: the server's.")
    _add_config(stdio)
    stdio.add_argument("--name", metavar="NAME", help="server name for the audit log and for servers.NAME overrides "
                                                      "(default: the command's base name)")
    stdio.add_argument("server_command", nargs=argparse.REMAINDER, metavar="-- COMMAND [ARG...]")

    http = sub.add_parser("http", help="Streamable HTTP (and legacy HTTP+SSE) reverse proxy",
                          description="Serve MCP Streamable HTTP on --listen and relay to --upstream. With servers: in "
                                      "the config, each is served at /NAME/mcp; /mcp serves the default upstream. "
                                      "Upstreams on the deprecated HTTP+SSE transport are served at /sse (/NAME/sse), "
                                      "relayed to the upstream URL with its last path segment replaced by 'sse'. "
                                      "Only loopback Host/Origin values are accepted unless http.allowed_hosts / "
                                      "http.allowed_origins list more.")
    _add_config(http)
    http.add_argument("--listen", metavar="HOST:PORT", help="address to serve on (default: config listen, "
                                                             "else 127.0.0.1:8931); port 0 picks a free port")
    http.add_argument("--upstream", metavar="URL", help="upstream MCP endpoint (default: config upstream)")

    check = sub.add_parser("check", help="validate a config: exit 0 ok, 2 invalid")
    _add_config(check)

    explain = sub.add_parser("explain", help="judge one server-to-client JSON-RPC message offline",
                             description="Judge one message (elicitation/create request, -32042 error, or an "
                                         "input_required result) and print {decision, reasons}. Exit 0 allow, "
                                         "1 deny, 2 bad input.")
    _add_config(explain)
    explain.add_argument("--client-modes", default="form,url", metavar="MODES",
                         help="elicitation modes the client declared, comma separated (default: form,url; "
                              "'' for none)")
    explain.add_argument("file", nargs="?", default="-", metavar="FILE|-", help="message file (default: stdin)")

    verify = sub.add_parser("audit-verify", help="check an audit log's hash chain: exit 0 intact, 1 broken")
    verify.add_argument("file", metavar="FILE")
    return parser


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    print(f"elicitguard: {message}", file=sys.stderr)
    raise SystemExit(code)


def _config(path: str | None) -> Config:
    path = path or os.environ.get("ELICITGUARD_CONFIG") or None
    try:
        return load_config(path)
    except ConfigError as exc:
        print("elicitguard: invalid config:", file=sys.stderr)
        for problem in exc.problems:
            print(f"  {problem}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None


def _audit(config: Config):  # type: ignore[no-untyped-def]
    from elicitguard.proxy.audit import AuditLog

    try:
        return AuditLog(config.audit_path)
    except OSError as exc:
        _fail(f"cannot open audit log {config.audit_path!r}: {exc.strerror or exc}")


def cmd_stdio(args: argparse.Namespace) -> int:
    command = list(args.server_command)
    if command and command[0] == "--":
        command = command[1:]
    if not command:
        _fail("stdio needs the server command after '--', e.g. elicitguard stdio -- python server.py")
    config = _config(args.config)
    from elicitguard.proxy.stdio import run_stdio

    audit = _audit(config)
    try:
        return run_stdio(config, command, audit, args.name)
    finally:
        audit.close()


def cmd_http(args: argparse.Namespace) -> int:
    config = _config(args.config)
    listen = args.listen or config.listen
    upstream = args.upstream or config.upstream
    if not upstream and not config.servers:
        _fail("http needs an upstream: --upstream URL, or upstream:/servers: in the config")
    if upstream and not upstream.startswith(("http://", "https://")):
        _fail(f"--upstream must be an http:// or https:// URL, got {upstream!r}")
    host, sep, port = listen.rpartition(":")
    if not sep or not port.isdigit():
        _fail(f"--listen must be HOST:PORT, got {listen!r}")
    from elicitguard.proxy.http import run_http

    audit = _audit(config)
    try:
        return run_http(config, host.strip("[]"), int(port), upstream, audit)
    finally:
        audit.close()


def cmd_check(args: argparse.Namespace) -> int:
    config = _config(args.config)
    servers = f", {len(config.servers)} server override(s)" if config.servers else ""
    print(f"elicitguard: {config.source}: ok (mode {config.policy.mode}, on_deny {config.policy.on_deny}{servers})")
    return EXIT_OK


def cmd_explain(args: argparse.Namespace) -> int:
    config = _config(args.config)
    modes = frozenset(m.strip() for m in args.client_modes.split(",") if m.strip())
    unknown = modes - set(MODES)
    if unknown:
        _fail(f"--client-modes: unknown mode(s) {sorted(unknown)}; use form and/or url")
    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                raw = handle.read()
    except OSError as exc:
        _fail(f"cannot read {args.file}: {exc.strerror or exc}")
    try:
        decision, decisions = judge_message(raw.strip(), modes, config.policy, config.max_message_bytes)
    except EnvelopeError as exc:
        print(json.dumps({"decision": "deny", "error": exc.detail, "reasons": [{"rule": exc.rule, "detail": exc.detail}]}))
        return EXIT_USAGE
    reasons = [r.as_dict() for d in decisions for r in d.reasons]
    out: dict[str, object] = {"decision": decision, "reasons": reasons}
    judged = [d.as_dict() for d in decisions]
    if judged:
        out["judged"] = judged
    print(json.dumps(out, ensure_ascii=False, indent=2))
    return EXIT_OK if decision == "allow" else EXIT_DENY


def cmd_audit_verify(args: argparse.Namespace) -> int:
    from elicitguard.proxy.audit import verify

    try:
        with open(args.file, encoding="utf-8") as handle:
            count, problem = verify(handle)
    except (OSError, UnicodeDecodeError) as exc:
        _fail(f"cannot read {args.file}: {exc}")
    if problem:
        print(f"elicitguard: {args.file}: {problem} ({count} line(s) verified before it)")
        return EXIT_DENY
    print(f"elicitguard: {args.file}: chain intact, {count} line(s)")
    return EXIT_OK


COMMANDS = {"stdio": cmd_stdio, "http": cmd_http, "check": cmd_check, "explain": cmd_explain,
            "audit-verify": cmd_audit_verify}


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    return COMMANDS[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
